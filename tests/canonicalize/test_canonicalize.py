"""`simt-canonicalize` keeps every output (simulated before and after) and
folds `arith.cmpi` exactly as two's-complement integers compare."""

from __future__ import annotations

import operator
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import simt
from simt.bench.kernels import CORPUS
from simt.frontend import compile_kernels
from simt.passes.canonicalize import compare

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_collatz_outputs_are_unchanged_and_ir_is_short() -> None:
    source = (EXAMPLES / "collatz.py").read_text()
    module = compile_kernels(source, "collatz.py")
    canonical = simt.apply_passes(module.clone(), "simt-canonicalize")
    optimized = simt.apply_passes(module.clone(), "simt-optimize{remarks=false}")
    rng = np.random.default_rng(7)
    seeds = rng.integers(1, 60, 96).astype(np.int32)
    outputs = []
    for variant in (module, canonical, optimized):
        out = np.zeros(96, np.int32)
        simt.simulate(variant, grid=3, block=32, args=[out, seeds.copy(), 96, 3])
        outputs.append(out)
    assert all(np.array_equal(outputs[0], out) for out in outputs[1:])
    # the frontend's IR; canonicalized, the index wraparounds (i is never
    # negative) and the sign fix-up of `x % 2 == 0` go; simt-optimize's
    # cleanup also hoists the loop-invariant index cast
    for variant, lines in ((module, 75), (canonical, 61), (optimized, 60)):
        text = str(variant)
        assert len(text.splitlines()) <= lines
        assert "arith.floordivsi" in text
        constants = [line for line in text.splitlines() if "arith.constant" in line]
        assert len(constants) == len(set(c.split("=")[1] for c in constants))
    for variant in (canonical, optimized):
        assert "arith.select" not in str(variant)


_NUMPY = {8: (np.int8, np.uint8), 32: (np.int32, np.uint32), 64: (np.int64, np.uint64)}
_OPS = [
    operator.eq,
    operator.ne,
    *[operator.lt, operator.le, operator.gt, operator.ge] * 2,
]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    st.sampled_from(sorted(_NUMPY)),
    st.integers(0, 9),
    st.integers(-(2**63), 2**64 - 1),
    st.integers(-(2**63), 2**64 - 1),
)
def test_compare_matches_numpy(width: int, predicate: int, a: int, b: int) -> None:
    signed, unsigned = _NUMPY[width]
    kind = unsigned if predicate >= 6 else signed
    mask = (1 << width) - 1
    x = np.array(a & mask, dtype=np.uint64).astype(kind)
    y = np.array(b & mask, dtype=np.uint64).astype(kind)
    expected = bool(_OPS[predicate](x, y))
    assert compare(predicate, a, b, width) == expected


def test_optimize_output_is_already_canonical() -> None:
    """`simt-optimize` ends with its cleanup: canonicalizing again changes nothing."""
    for name in ("early_exit", "bitonic_sort_block", "anantpur_fig1_branches"):
        spec = CORPUS[name]
        module = simt.compile_python(spec.func, spec.signature)
        simt.apply_passes(module, "simt-optimize{remarks=false}")
        again = simt.apply_passes(module.clone(), "simt-canonicalize")
        assert str(again) == str(module), name
