"""Shared inputs for the corpus tests: one numba-simulator batch for the whole session.

numba's CUDA simulator starts in a subprocess (it must be enabled before numba
is imported), so every corpus kernel and every generated kernel runs in one
batch, on inputs that are a pure function of the kernel's name or seed.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import pytest

from simt.bench.kernels import CORPUS, KernelSpec, LaunchCase
from simt.bench.kernels.cudasim import CudasimJob, CudasimResult, KernelRef, run_cudasim
from simt.bench.kernels.generate import TEST_SEEDS, GeneratedKernel, generate_kernel


def rng_for(label: str) -> np.random.Generator:
    """A generator seeded by the label, so every run sees the same inputs."""
    return np.random.default_rng(zlib.crc32(label.encode()))


@dataclass(frozen=True)
class CorpusRun:
    spec: KernelSpec
    case: LaunchCase
    cudasim: CudasimResult


@dataclass(frozen=True)
class GeneratedRun:
    kernel: GeneratedKernel
    case: LaunchCase
    cudasim: CudasimResult


@dataclass(frozen=True)
class Batch:
    corpus: Mapping[str, CorpusRun]
    generated: Mapping[int, GeneratedRun]


@pytest.fixture(scope="session")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Batch:
    """Every corpus kernel and every generated kernel, run once under cudasim."""
    folder = tmp_path_factory.mktemp("generated")
    kernels = [generate_kernel(seed, folder) for seed in TEST_SEEDS]
    corpus_cases = {
        name: spec.make_inputs(rng_for(name)) for name, spec in CORPUS.items()
    }
    generated_cases = [k.make_inputs(rng_for(k.name)) for k in kernels]
    jobs = [
        CudasimJob.for_spec(CORPUS[name], case) for name, case in corpus_cases.items()
    ]
    jobs += [
        CudasimJob(k.name, KernelRef.of(k.func), k.signature, case)
        for k, case in zip(kernels, generated_cases, strict=True)
    ]
    results = run_cudasim(jobs)
    corpus_results = results[: len(corpus_cases)]
    generated_results = results[len(corpus_cases) :]
    corpus = {
        name: CorpusRun(CORPUS[name], case, result)
        for (name, case), result in zip(
            corpus_cases.items(), corpus_results, strict=True
        )
    }
    generated = {
        k.seed: GeneratedRun(k, case, result)
        for k, case, result in zip(
            kernels, generated_cases, generated_results, strict=True
        )
    }
    return Batch(corpus, generated)
