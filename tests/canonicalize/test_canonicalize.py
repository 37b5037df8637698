"""`simt-canonicalize` keeps every output (simulated before and after) and
folds `arith.cmpi` exactly as two's-complement integers compare."""

from __future__ import annotations

import operator
from pathlib import Path

import numpy as np
import pytest
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
    # negative) and the sign fix-up of `x % 2 == 0` go, and the grid-stride
    # `while` becomes an `scf.for`; simt-optimize's cleanup also hoists the
    # loop-invariant index cast
    for variant, lines in ((module, 75), (canonical, 55), (optimized, 54)):
        text = str(variant)
        assert len(text.splitlines()) <= lines
        assert "arith.floordivsi" in text
        constants = [line for line in text.splitlines() if "arith.constant" in line]
        assert len(constants) == len(set(c.split("=")[1] for c in constants))
    for variant in (canonical, optimized):
        assert "arith.select" not in str(variant)


GRID_STRIDE = """
from numba import cuda


@cuda.jit("void(int64[:], int64[:], int32)")
def scaled_prefix(out, data, n):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < {bound}:
        acc = 0
        for k in range(i % 5):
            acc += data[i] * k
        out[i] = acc + i
        i += stride
"""


@pytest.mark.parametrize("bound", ["n", "out.shape[0]"])
@pytest.mark.parametrize(
    ("grid", "block", "n"), [(1, 32, 100), (3, 64, 1000), (2, 32, 7), (2, 32, 0)]
)
def test_a_grid_stride_loop_becomes_a_for_loop_with_the_same_outputs(
    bound: str, grid: int, block: int, n: int
) -> None:
    """Fewer threads than items (several strides per thread), more threads
    than items, and no items: the `scf.for` runs the iterations the `while`
    did, and its step (`blockDim.x * gridDim.x`) is known positive. The bound
    is an argument, or an array's extent (`memref.dim` and a cast, moved
    before the loop)."""
    source = GRID_STRIDE.replace("{bound}", bound)
    module = compile_kernels(source, "grid_stride.py")
    canonical = simt.apply_passes(module.clone(), "simt-canonicalize")
    assert "scf.while" in str(module)
    assert "scf.while" not in str(canonical)
    data = np.random.default_rng(n).integers(-50, 50, n)
    outputs, results = [], []
    for variant in (module, canonical):
        out = np.full(n, -7, np.int64)
        results.append(
            simt.simulate(variant, grid=grid, block=block, args=[out, data, n])
        )
        outputs.append(out)
    np.testing.assert_array_equal(outputs[0], outputs[1])
    assert results[1].stats.issued <= results[0].stats.issued


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
