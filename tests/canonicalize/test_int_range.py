"""The integer ranges behind `simt-canonicalize`'s range folds, and the folds
themselves: every output is the same simulated before and after."""

from __future__ import annotations

import operator

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

import simt
from simt.analysis.int_range import IntRanges, Range
from simt.frontend import compile_kernels
from simt.passes.canonicalize import decide
from simt.pipeline import default_context

_SIGNED = {2: operator.lt, 3: operator.le, 4: operator.gt, 5: operator.ge}
_SIGNED |= {0: operator.eq, 1: operator.ne}

small = st.integers(-6, 6)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(_SIGNED)), small, small, small, small)
def test_decide_holds_for_every_pair(predicate: int, a: int, b: int, c: int, d: int):
    left, right = Range(min(a, b), max(a, b)), Range(min(c, d), max(c, d))
    outcome = decide(predicate, left, right)
    results = {
        _SIGNED[predicate](x, y)
        for x in range(left.lo, left.hi + 1)
        for y in range(right.lo, right.hi + 1)
    }
    # sound (a decided outcome holds for every pair) and complete on
    # intervals (undecided only when both outcomes occur)
    assert results == ({True, False} if outcome is None else {outcome})


def parse_module(text: str) -> ModuleOp:
    return Parser(default_context(), text).parse_module()


def _ops(module: ModuleOp, kind: type) -> list:
    return [op for op in module.walk() if isinstance(op, kind)]


GRID_STRIDE = """
func.func @k(%n: i32, %out: memref<?xi64>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %gdim = simt.grid_dim x : i32
  %t = arith.extsi %tid : i32 to i64
  %b = arith.extsi %bid : i32 to i64
  %d = arith.extsi %bdim : i32 to i64
  %g = arith.extsi %gdim : i32 to i64
  %bd = arith.muli %b, %d : i64
  %start = arith.addi %bd, %t : i64
  %stride = arith.muli %d, %g : i64
  %n64 = arith.extsi %n : i32 to i64
  %last = scf.while (%i = %start) : (i64) -> i64 {
    %more = arith.cmpi slt, %i, %n64 : i64
    scf.condition(%more) %i : i64
  } do {
  ^bb0(%j: i64):
    %next = arith.addi %j, %stride : i64
    scf.yield %next : i64
  }
  %doubling = scf.while (%x = %start) : (i64) -> i64 {
    %more = arith.cmpi slt, %x, %n64 : i64
    scf.condition(%more) %x : i64
  } do {
  ^bb0(%y: i64):
    %next = arith.muli %y, %stride : i64
    scf.yield %next : i64
  }
  func.return
}
"""


def test_ranges_of_a_grid_stride_loop() -> None:
    module = parse_module(GRID_STRIDE)
    ranges = IntRanges()
    first, second = _ops(module, scf.WhileOp)
    start = first.arguments[0]
    assert ranges.of(start) == Range(0, (2**31 - 2) * 1024 + 1023)
    carried = first.before_region.block.args[0]
    assert ranges.of(carried).nonnegative
    # the body sees i < n <= 2^31 - 1
    assert ranges.of(first.after_region.block.args[0]).hi == 2**31 - 2
    # a product can overflow i64 after enough rounds: no bound is claimed
    assert not ranges.of(second.before_region.block.args[0]).nonnegative


def test_for_induction_variable_lies_in_its_bounds() -> None:
    module = parse_module(
        """
        func.func @k(%n: i32) {
          %c0 = arith.constant 3 : i32
          %c1 = arith.constant 1 : i32
          %n16 = arith.trunci %n : i32 to i16
          %small = arith.extsi %n16 : i16 to i32
          scf.for %i = %c0 to %small step %c1 : i32 {
            %x = arith.addi %i, %c1 : i32
          }
          func.return
        }
        """
    )
    ranges = IntRanges()
    (loop,) = _ops(module, scf.ForOp)
    assert ranges.of(loop.body.block.args[0]) == Range(3, 2**15 - 2)
    (inner,) = _ops(module, arith.AddiOp)
    assert ranges.of(inner.result) == Range(4, 2**15 - 1)


def _simulate(module: ModuleOp, grid: int, block: int, args: list) -> list:
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    simt.simulate(module, grid=grid, block=block, args=copies)
    return copies


MOD_KERNEL = """
from numba import cuda

@cuda.jit("void(int64[:], int32[:])")
def literal_divisors(a, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = (a[i] % 3 == 0) + 2 * (a[i] % -7 == 0) + 4 * (0 == a[i] % 2)
        if a[i] % 10 != 0:
            out[i] += 8
"""


@pytest.mark.parametrize("seed", range(3))
def test_floor_modulo_zero_tests_keep_their_outputs(seed: int) -> None:
    module = compile_kernels(MOD_KERNEL, "mods.py")
    canonical = simt.apply_passes(module.clone(), "simt-canonicalize")
    # the sign fix-up of each `% c` tested against zero is gone
    assert not _ops(canonical, arith.SelectOp)
    assert len(_ops(module, arith.SelectOp)) == 4
    rng = np.random.default_rng(seed)
    a = rng.integers(-(2**62), 2**62, 1000)
    a[:500] = rng.integers(-100, 100, 500) * rng.choice([1, 2, 3, 7, 10], 500)
    want = _simulate(module, 8, 128, [a, np.zeros(1000, np.int32)])[1]
    got = _simulate(canonical, 8, 128, [a, np.zeros(1000, np.int32)])[1]
    np.testing.assert_array_equal(want, got)
    expected = (a % 3 == 0) + 2 * (a % -7 == 0) + 4 * (a % 2 == 0) + 8 * (a % 10 != 0)
    np.testing.assert_array_equal(got, expected.astype(np.int32))


def _kernel(module: ModuleOp, names: list[str]) -> ModuleOp:
    return ModuleOp(
        [
            op.clone()
            for op in module.ops
            if not isinstance(op, func.FuncOp) or op.sym_name.data in names
        ]
    )


INDEX_KERNELS = """
from numba import cuda

@cuda.jit("void(int32[:], int32[:], int32)")
def grid_stride(a, out, n):
    i = cuda.grid(1)
    while i < n:
        out[i] = a[i] + 1
        i += cuda.gridsize(1)

@cuda.jit("void(int32[:], int32[:], int32)")
def shifted(a, out, n):
    i = cuda.grid(1)
    if i < n:
        out[i] = a[i - 5]
"""


def test_wraparound_goes_only_where_the_index_is_never_negative() -> None:
    module = compile_kernels(INDEX_KERNELS, "index.py")
    canonical = simt.apply_passes(module.clone(), "simt-canonicalize")
    selects = {
        name: len(_ops(_kernel(canonical, [name]), arith.SelectOp))
        for name in ("grid_stride", "shifted")
    }
    # grid_stride's i is never negative: its two wraparounds go; shifted's
    # i - 5 is negative in the first lanes: numba wraps it, and so do we
    assert selects == {"grid_stride": 0, "shifted": 1}
    rng = np.random.default_rng(3)
    a = rng.integers(-100, 100, 300).astype(np.int32)
    for name in ("grid_stride", "shifted"):
        args = [a, np.zeros(300, np.int32), 300]
        want = _simulate(_kernel(module, [name]), 5, 64, args)
        got = _simulate(_kernel(canonical, [name]), 5, 64, args)
        np.testing.assert_array_equal(want[1], got[1])
    assert np.array_equal(got[1], a[np.arange(300) - 5])
