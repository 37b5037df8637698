"""Every corpus kernel under numba's CUDA simulator equals its numpy reference.

This validates the references against an implementation nobody here wrote,
and the kernels against their papers' descriptions (e.g. that the early-exit
benchmark really makes k lanes of every warp leave the inner loop early).
"""

from __future__ import annotations

import numpy as np
import pytest

from simt.bench.kernels import CORPUS, early_exit_spec
from simt.bench.kernels.cudasim import CudasimJob, run_cudasim
from simt.bench.kernels.generate import TEST_SEEDS


@pytest.mark.parametrize("name", list(CORPUS))
def test_cudasim_equals_reference(batch, name: str) -> None:
    run = batch.corpus[name]
    actual = run.cudasim.unwrap()
    expected = run.spec.expected(run.case)
    assert run.spec.mismatches(expected, actual) == []


@pytest.mark.parametrize("name", list(CORPUS))
def test_kernel_writes_its_outputs(batch, name: str) -> None:
    """Guards against vacuous agreement: each launch changes every output array."""
    run = batch.corpus[name]
    actual = run.cudasim.unwrap()
    for index in run.spec.outputs:
        before, after = np.asarray(run.case.args[index]), np.asarray(actual[index])
        assert (before != after).any(), f"{name}: output {index} unchanged"


def _early_exits_per_warp(count: np.ndarray, outer: int, cap: int) -> np.ndarray:
    """Per warp, how many (lane, outer iteration) pairs ran one inner iteration."""
    early = (outer * cap - count.astype(np.int64)) // (cap - 1)
    return early.reshape(-1, 32).sum(axis=1)


def test_early_exit_k_lanes_per_warp_exit() -> None:
    """Bulavintsev 2019 Sec. V.A: exactly k lanes of each warp exit per outer iteration."""
    ks = (0, 1, 17, 31)
    specs = [early_exit_spec(k, 1, 1, outer_iters=3, inner_cap=5) for k in ks]
    cases = [
        s.make_inputs(np.random.default_rng(k), 128)
        for s, k in zip(specs, ks, strict=True)
    ]
    results = run_cudasim(
        [CudasimJob.for_spec(s, c) for s, c in zip(specs, cases, strict=True)]
    )
    for k, spec, case, result in zip(ks, specs, cases, results, strict=True):
        count = np.asarray(result.unwrap()[0])
        assert (_early_exits_per_warp(count, 3, 5) == 3 * k).all(), f"k={k}"
        assert spec.mismatches(spec.expected(case), result.unwrap()) == [], f"k={k}"


@pytest.mark.parametrize("seed", TEST_SEEDS)
def test_generated_kernel_runs_under_cudasim(batch, seed: int) -> None:
    """Generated kernels are valid numba kernels: no errors, no overflow, outputs written."""
    run = batch.generated[seed]
    actual = run.cudasim.unwrap()
    assert (np.asarray(actual[2]) != 0).any(), run.kernel.source
