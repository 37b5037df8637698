"""Every atomic numba-cuda offers, in the simulator, against a sequential
reference written from numba-cuda's definitions (its `cudadrv/nvvm.py` CAS
loops for floats, CUDA's atomicInc/atomicDec): the lanes of one execution
apply in lane order and each receives the element's value before its own
update. Hypothesis draws the keys (many collisions) and the values."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.parser import Parser

import simt
from simt.sim import simulate

KERNEL = """
func.func @k(%hist: memref<{SHAPE}x{T}>, %keys: memref<?xi32>, %vals: memref<?x{T}>,
             %cmps: memref<?x{T}>, %old: memref<?x{T}>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %k = memref.load %keys[%i] : memref<?xi32>
  %ki = arith.index_cast %k : i32 to index
  %c0 = arith.constant 0 : index
  %v = memref.load %vals[%i] : memref<?x{T}>
  %c = memref.load %cmps[%i] : memref<?x{T}>
  %o = {OP}
  memref.store %o, %old[%i] : memref<?x{T}>
  func.return
}}
"""


def _u(x: int, bits: int) -> int:
    return x & ((1 << bits) - 1)


def _s(x: int, bits: int) -> int:
    x = _u(x, bits)
    return x - (1 << bits) if x >> (bits - 1) else x


def _float_max(old: float, v: float) -> float:
    return old if math.isnan(old) or math.isnan(v) or not old < v else v


def _float_min(old: float, v: float) -> float:
    return old if math.isnan(old) or math.isnan(v) or not old > v else v


def _nanmax(old: float, v: float) -> float:
    return old if math.isnan(v) else v if math.isnan(old) or old < v else old


def _nanmin(old: float, v: float) -> float:
    return old if math.isnan(v) else v if math.isnan(old) or old > v else old


INT_KINDS: dict[str, Callable[[int, int, int], int]] = {
    "add": lambda o, v, b: _s(o + v, b),
    "sub": lambda o, v, b: _s(o - v, b),
    "and": lambda o, v, b: o & v,
    "or": lambda o, v, b: o | v,
    "xor": lambda o, v, b: o ^ v,
    "exch": lambda o, v, b: v,
    "max": lambda o, v, b: max(o, v),
    "min": lambda o, v, b: min(o, v),
    "umax": lambda o, v, b: _s(max(_u(o, b), _u(v, b)), b),
    "umin": lambda o, v, b: _s(min(_u(o, b), _u(v, b)), b),
    "inc": lambda o, v, b: 0 if _u(o, b) >= _u(v, b) else _s(o + 1, b),
    "dec": lambda o, v, b: v if _u(o, b) == 0 or _u(o, b) > _u(v, b) else o - 1,
}

FLOAT_KINDS: dict[str, Callable[[float, float], float]] = {
    "max": _float_max,
    "min": _float_min,
    "nanmax": _nanmax,
    "nanmin": _nanmin,
    "add": lambda o, v: o + v,
    "sub": lambda o, v: o - v,
}

INT_TYPES = {"i32": (np.int32, 32), "i64": (np.int64, 64)}
FLOAT_TYPES = {"f32": np.float32, "f64": np.float64}
LANES = 64
BINS = 3


def _simulate(source: str, args: list[Any], block: int) -> None:
    """Parse and simulate (hypothesis tests cannot take pytest fixtures)."""
    module = Parser(simt.default_context(), source).parse_module()
    module.verify()
    simulate(module, 1, block, args)


def _run_kernel(
    op: str, t: str, dtype: Any, keys: Any, vals: Any, cmps: Any, hist: Any
) -> Any:
    old = np.zeros(LANES, dtype=dtype)
    source = KERNEL.format(SHAPE="?", T=t, OP=op)
    _simulate(source, [hist, keys, vals, cmps, old], LANES)
    return old


def _keys(draw_keys: list[int]) -> np.ndarray[Any, Any]:
    return np.array(draw_keys, dtype=np.int32)


int_values = st.integers(min_value=-(2**31), max_value=2**31 - 1)
lane_keys = st.lists(st.integers(0, BINS - 1), min_size=LANES, max_size=LANES)


@pytest.mark.parametrize("t", sorted(INT_TYPES))
@pytest.mark.parametrize("kind", sorted(INT_KINDS))
@settings(max_examples=12, deadline=None)
@given(
    keys=lane_keys,
    vals=st.lists(int_values, min_size=LANES, max_size=LANES),
    init=st.lists(int_values, min_size=BINS, max_size=BINS),
)
def test_integer_atomics_apply_in_lane_order(
    kind: str, t: str, keys: list[int], vals: list[int], init: list[int]
) -> None:
    dtype, bits = INT_TYPES[t]
    if kind in ("inc", "dec"):
        vals = [abs(v) % 5 for v in vals]
    hist = np.array(init, dtype=dtype)
    expected_hist = [int(h) for h in hist]
    expected_old = []
    for key, val in zip(keys, vals, strict=True):
        expected_old.append(expected_hist[key])
        expected_hist[key] = INT_KINDS[kind](expected_hist[key], val, bits)
    op = f"simt.atomic {kind} %v, %hist[%ki] : memref<?x{t}>, {t}"
    values = np.array(vals, dtype=dtype)
    old = _run_kernel(op, t, dtype, _keys(keys), values, values, hist)
    assert [int(h) for h in hist] == expected_hist
    assert [int(o) for o in old] == expected_old


SPECIAL_FLOATS = [0.0, -0.0, 1.5, -2.0, math.inf, -math.inf, math.nan, 1e30, -1e-30]


@pytest.mark.parametrize("t", sorted(FLOAT_TYPES))
@pytest.mark.parametrize("kind", sorted(FLOAT_KINDS))
@settings(max_examples=12, deadline=None)
@given(
    keys=lane_keys,
    vals=st.lists(
        st.sampled_from(SPECIAL_FLOATS) | st.floats(-1e6, 1e6),
        min_size=LANES,
        max_size=LANES,
    ),
    init=st.lists(st.sampled_from(SPECIAL_FLOATS), min_size=BINS, max_size=BINS),
)
def test_float_atomics_follow_numbas_nan_rules_in_lane_order(
    kind: str, t: str, keys: list[int], vals: list[float], init: list[float]
) -> None:
    dtype = FLOAT_TYPES[t]
    hist = np.array(init, dtype=dtype)
    values = np.array(vals, dtype=dtype)
    expected_hist = list(hist)
    expected_old = []
    with np.errstate(all="ignore"):
        for key, val in zip(keys, values, strict=True):
            expected_old.append(expected_hist[key])
            expected_hist[key] = dtype(FLOAT_KINDS[kind](expected_hist[key], val))
    op = f"simt.atomic {kind} %v, %hist[%ki] : memref<?x{t}>, {t}"
    old = _run_kernel(op, t, dtype, _keys(keys), values, values, hist)
    np.testing.assert_array_equal(hist, np.array(expected_hist, dtype=dtype))
    np.testing.assert_array_equal(old, np.array(expected_old, dtype=dtype))
    number = ~np.isnan(hist)
    expected_sign = np.signbit(np.array(expected_hist, dtype=dtype))
    assert np.array_equal(np.signbit(hist)[number], expected_sign[number])


@settings(max_examples=20, deadline=None)
@given(
    keys=lane_keys,
    vals=st.lists(st.integers(0, 3), min_size=LANES, max_size=LANES),
    cmps=st.lists(st.integers(0, 3), min_size=LANES, max_size=LANES),
    init=st.lists(st.integers(0, 3), min_size=BINS, max_size=BINS),
)
def test_compare_and_swap_in_lane_order(
    keys: list[int], vals: list[int], cmps: list[int], init: list[int]
) -> None:
    hist = np.array(init, dtype=np.int32)
    expected_hist = list(init)
    expected_old = []
    for key, val, cmp in zip(keys, vals, cmps, strict=True):
        expected_old.append(expected_hist[key])
        if expected_hist[key] == cmp:
            expected_hist[key] = val
    op = "simt.atomic_cas %c, %v, %hist[%ki] : memref<?xi32>, i32"
    old = _run_kernel(
        op, "i32", np.int32, _keys(keys), np.array(vals, np.int32),
        np.array(cmps, np.int32), hist,
    )  # fmt: skip
    assert list(hist) == expected_hist
    assert list(old) == expected_old


def test_atomics_on_a_two_dimensional_array_touch_one_element_per_lane(
    run: Any,
) -> None:
    source = """
    func.func @k(%m: memref<2x3xi64>, %old: memref<?xi64>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %i = arith.index_cast %tid : i32 to index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %r = arith.remui %i, %c2 : index
      %c = arith.remui %i, %c3 : index
      %v = arith.index_cast %i : index to i64
      %o = simt.atomic max %v, %m[%r, %c] : memref<2x3xi64>, i64
      memref.store %o, %old[%i] : memref<?xi64>
      func.return
    }"""
    grid = np.full((2, 3), 5, dtype=np.int64)
    old = np.zeros(12, dtype=np.int64)
    run(source, [grid, old], block=12)
    expected = np.full((2, 3), 5, dtype=np.int64)
    expected_old = []
    for lane in range(12):
        r, c = lane % 2, lane % 3
        expected_old.append(expected[r, c])
        expected[r, c] = max(expected[r, c], lane)
    np.testing.assert_array_equal(grid, expected)
    assert list(old) == expected_old


def test_inactive_lanes_do_not_update(run: Any) -> None:
    source = """
    func.func @k(%h: memref<?xi32>, %old: memref<?xi32>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %i = arith.index_cast %tid : i32 to index
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : i32
      %one = arith.constant 1 : i32
      %odd = arith.remsi %tid, %c2 : i32
      %p = arith.cmpi eq, %odd, %one : i32
      scf.if %p {
        %o = simt.atomic inc %tid, %h[%c0] : memref<?xi32>, i32
        memref.store %o, %old[%i] : memref<?xi32>
      }
      func.return
    }"""
    h = np.zeros(1, np.int32)
    old = np.full(8, -1, np.int32)
    run(source, [h, old], block=8)
    # lanes 1, 3, 5, 7 in order: inc wraps to 0 when old >= lane id
    assert list(old) == [-1, 0, -1, 1, -1, 2, -1, 3]
    assert h[0] == 4
