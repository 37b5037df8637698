"""Our frontend + simulator against numba's CUDA simulator and the numpy references.

Every corpus kernel and every generated kernel (`TEST_SEEDS`, 32 kernels) is
compiled by `simt.compile_python` and run by `simt.simulate` on the same
inputs that numba's simulator ran (the session's `batch`); all outputs must be
equal (integers exactly, floats within the kernel's stated tolerance). Corpus
kernels must also equal their numpy reference.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import simt
from simt.bench.kernels import CORPUS, Arg, LaunchCase
from simt.bench.kernels.generate import TEST_SEEDS


def run_ours(func: Callable[..., None], signature: str, case: LaunchCase) -> list[Arg]:
    module = simt.compile_python(func, signature)
    args = case.copy_args()
    simt.simulate(module, grid=case.grid, block=case.block, args=args)
    return args


def test_enough_generated_kernels() -> None:
    assert len(TEST_SEEDS) >= 20


@pytest.mark.parametrize("name", list(CORPUS))
def test_corpus_kernel_matches_cudasim_and_reference(batch, name: str) -> None:
    run = batch.corpus[name]
    ours = run_ours(run.spec.func, run.spec.signature, run.case)
    assert run.spec.mismatches(run.cudasim.unwrap(), ours) == [], "vs numba's simulator"
    assert run.spec.mismatches(run.spec.expected(run.case), ours) == [], "vs numpy"


@pytest.mark.parametrize("seed", TEST_SEEDS)
def test_generated_kernel_matches_cudasim(batch, seed: int) -> None:
    run = batch.generated[seed]
    ours = run_ours(run.kernel.func, run.kernel.signature, run.case)
    problems = run.kernel.mismatches(run.cudasim.unwrap(), ours)
    assert problems == [], f"{problems}\n{run.kernel.source}"
