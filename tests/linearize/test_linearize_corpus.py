"""simt-linearize on the kernel corpus: every kernel compiled by the frontend
keeps its outputs (checked against the corpus's numpy reference) and has no
`cf` op left, at optimization levels 0 and 3."""

import numpy as np
import pytest
from xdsl.dialects import cf

import simt
from simt.bench.kernels import CORPUS
from simt.passes.linearize import LinearizePass
from simt.tools.pipeline import default_context


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
