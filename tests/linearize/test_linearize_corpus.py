"""simt-linearize on the kernel corpus: every kernel compiled by the frontend
keeps its outputs (checked against the corpus's numpy reference) and has no
`cf` op left, at optimization levels 0 and 3; deep nests linearized with
`max-depth` keep them too."""

import numpy as np
import pytest
from xdsl.dialects import cf

import simt
from simt.bench.kernels import CORPUS
from simt.passes.linearize import LinearizePass
from simt.tools.pipeline import apply_passes, default_context


@pytest.mark.parametrize("level", [0, 3])
@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus_kernel_keeps_outputs(name: str, level: int) -> None:
    spec = CORPUS[name]
    case = spec.make_inputs(np.random.default_rng(7))
    expected = spec.expected(case)
    module = simt.compile_python(spec.func, spec.signature)
    LinearizePass(level=level).apply(default_context(), module)
    module.verify()
    assert not any(
        isinstance(op, cf.BranchOp | cf.ConditionalBranchOp) for op in module.walk()
    )
    args = case.copy_args()
    simt.simulate(module, grid=case.grid, block=case.block, args=args)
    assert spec.mismatches(expected, args) == []


OPTIONS = [
    "simt-linearize{max-depth=0}",
    "simt-linearize{max-depth=1 level=1}",
    "simt-linearize{max-depth=1 interleave=true}",
]


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize(
    "name", ["anantpur_fig2b", "anantpur_fig3", "escape_time", "first_match"]
)
def test_max_depth_keeps_outputs(name: str, options: str) -> None:
    """§5.2/§5.3: linearizing deep nests (loops merged, steps kept flat,
    blocks interleaved) keeps every output."""
    spec = CORPUS[name]
    case = spec.make_inputs(np.random.default_rng(3))
    expected = spec.expected(case)
    module = simt.compile_python(spec.func, spec.signature)
    apply_passes(module, options)
    module.verify()
    args = case.copy_args()
    simt.simulate(module, grid=case.grid, block=case.block, args=args)
    assert spec.mismatches(expected, args) == []
