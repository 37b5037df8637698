"""Branch fusion keeps the meaning of kernels (STYLE.md rule 12).

Every corpus kernel and random branchy kernels (`simt.bench.kernels.generate`,
seeds drawn by hypothesis) are simulated before and after
`simt-branch-fusion` on the same random inputs; every argument array (every
output and every memory write) must be bit-for-bit equal: a merged op computes
the same operation on the same operands for every lane. Fusion is also run
with a zero gap cost and a negative minimum profit so that it fuses every
divergent if-then-else it can, not only the profitable ones.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp

import simt
from simt.bench.kernels import CORPUS
from simt.bench.kernels.generate import generate_kernel
from simt.bench.kernels.spec import LaunchCase
from simt.sim import simulate

PIPELINES = (
    "simt-branch-fusion",
    "simt-branch-fusion{gap-cost=0.0 selector-cost=0.0 min-profit=-1000.0}",
    "constant-fold-interp,canonicalize,cse,simt-branch-fusion",
)


def run(module: ModuleOp, case: LaunchCase) -> list[np.ndarray]:
    args = case.copy_args()
    simulate(module, case.grid, case.block, args, trace=False)
    return [a for a in args if isinstance(a, np.ndarray)]


def assert_same(before: list[np.ndarray], after: list[np.ndarray]) -> None:
    for k, (b, a) in enumerate(zip(before, after, strict=True)):
        np.testing.assert_array_equal(a, b, err_msg=f"array argument {k} differs")


def load_count(module: ModuleOp) -> int:
    return sum(op.name == "memref.load" for op in module.walk())


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus_outputs_are_unchanged(name: str, pipeline: str) -> None:
    spec = CORPUS[name]
    before = simt.compile_python(spec.func, spec.signature)
    after = before.clone()
    simt.apply_passes(after, pipeline)
    after.verify()
    for seed in (0, 1):
        case = spec.inputs(np.random.default_rng(seed), spec.small_items)
        assert_same(run(before, case), run(after, case))


@pytest.mark.parametrize("name", ["coutinho_fig10", "bitonic_step"])
def test_paper_kernels_are_fused(name: str) -> None:
    spec = CORPUS[name]
    module = simt.compile_python(spec.func, spec.signature)
    before = load_count(module)
    simt.apply_passes(
        module, "constant-fold-interp,canonicalize,cse,simt-branch-fusion"
    )
    assert load_count(module) < before


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**20),
    pipeline=st.sampled_from(PIPELINES[:2]),
)
def test_random_kernels_outputs_are_unchanged(seed: int, pipeline: str) -> None:
    kernel = generate_kernel(seed)
    case = kernel.make_inputs(np.random.default_rng(seed), 96)
    before = simt.compile_python(kernel.func, kernel.signature)
    after = before.clone()
    simt.apply_passes(after, pipeline)
    after.verify()
    assert_same(run(before, case), run(after, case))
