"""Thread identity, warp votes and ballots, atomics in lane order, barriers, memory."""

from __future__ import annotations

import numpy as np

ATOMIC = """
func.func @k(%hist: memref<?x{T}>, %keys: memref<?xi32>, %vals: memref<?x{T}>,
             %old: memref<?x{T}>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %base = arith.muli %bid, %bdim : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %k = memref.load %keys[%i] : memref<?xi32>
  %ki = arith.index_cast %k : i32 to index
  %v = memref.load %vals[%i] : memref<?x{T}>
  %o = simt.atomic_add %v, %hist[%ki] : memref<?x{T}>, {T}
  memref.store %o, %old[%i] : memref<?x{T}>
  func.return
}}
"""


def _sequential_atomics(hist, keys, vals):
    old = np.zeros_like(vals)
    for lane, (key, val) in enumerate(zip(keys, vals, strict=True)):
        old[lane] = hist[key]
        hist[key] = hist[key] + val
    return old


def test_integer_atomics_apply_in_lane_order(run):
    rng = np.random.default_rng(1)
    keys = rng.integers(0, 5, 64).astype(np.int32)
    vals = rng.integers(-(2**31), 2**31, 64).astype(np.int32)
    hist = rng.integers(0, 100, 5).astype(np.int32)
    old = np.zeros(64, dtype=np.int32)
    expected_hist = hist.copy()
    with np.errstate(over="ignore"):
        expected_old = _sequential_atomics(expected_hist, keys, vals)
    run(ATOMIC.format(T="i32"), [hist, keys, vals, old], grid=2, block=32, warp_size=8)
    np.testing.assert_array_equal(hist, expected_hist)
    np.testing.assert_array_equal(old, expected_old)


def test_float_atomics_round_in_lane_order(run):
    rng = np.random.default_rng(2)
    keys = rng.integers(0, 3, 48).astype(np.int32)
    vals = (rng.standard_normal(48) * 1e7).astype(np.float32)
    hist = np.array([0.1, 1e8, -3.0], dtype=np.float32)
    old = np.zeros(48, dtype=np.float32)
    expected_hist = hist.copy()
    expected_old = _sequential_atomics(expected_hist, keys, vals)
    run(ATOMIC.format(T="f32"), [hist, keys, vals, old], grid=3, block=16)
    np.testing.assert_array_equal(hist, expected_hist)
    np.testing.assert_array_equal(old, expected_old)


VOTES = """
func.func @k(%pred: memref<?xi32>, %any: memref<?xi1>, %all: memref<?xi1>,
             %ballot: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = memref.load %pred[%i] : memref<?xi32>
  %z = arith.constant 0 : i32
  %live = arith.cmpi sge, %p, %z : i32
  scf.if %live {
    %c = arith.cmpi ne, %p, %z : i32
    %a = simt.vote_any %c
    %l = simt.vote_all %c
    %b = simt.ballot %c : i32
    memref.store %a, %any[%i] : memref<?xi1>
    memref.store %l, %all[%i] : memref<?xi1>
    memref.store %b, %ballot[%i] : memref<?xi32>
  }
  func.return
}
"""


def test_votes_and_ballots_count_active_lanes_of_each_warp(run):
    # warp 0: lanes 0-3 active; warp 1: lane 4 inactive (-1), lanes 5-7 all true
    pred = np.array([0, 1, 0, 1, -1, 1, 1, 1], dtype=np.int32)
    any_ = np.zeros(8, dtype=np.bool_)
    all_ = np.ones(8, dtype=np.bool_)
    ballot = np.full(8, -1, dtype=np.int32)
    run(VOTES, [pred, any_, all_, ballot], block=8, warp_size=4)
    assert list(any_) == [True] * 4 + [False] + [True] * 3
    assert list(all_) == [False] * 4 + [True] * 4  # lane 4 untouched (initial True)
    assert list(ballot) == [0b1010] * 4 + [-1] + [0b1110] * 3


def test_ballot_of_lane_31_sets_the_sign_bit(run):
    pred = np.zeros(32, dtype=np.int32)
    pred[31] = 1
    ballot = np.zeros(32, dtype=np.int32)
    run(VOTES, [pred, np.zeros(32, np.bool_), np.zeros(32, np.bool_), ballot], block=32)
    assert ballot[0] == -(2**31)


def test_thread_identity_in_three_dimensions(run):
    source = """
    func.func @k(%out: memref<?xi64>) attributes {simt.kernel} {
      %tx = simt.thread_id x : index
      %ty = simt.thread_id y : index
      %bx = simt.block_id x : index
      %by = simt.block_id y : index
      %dx = simt.block_dim x : index
      %dy = simt.block_dim y : index
      %gx = simt.grid_dim x : index
      %lane = simt.lane_id : index
      %ws = simt.warp_size : index
      %row = arith.muli %ty, %dx : index
      %t = arith.addi %row, %tx : index
      %bsize = arith.muli %dx, %dy : index
      %brow = arith.muli %by, %gx : index
      %b = arith.addi %brow, %bx : index
      %off = arith.muli %b, %bsize : index
      %g = arith.addi %off, %t : index
      %k = arith.constant 1000 : index
      %l = arith.muli %lane, %k : index
      %v1 = arith.addi %l, %ws : index
      %v = arith.index_cast %v1 : index to i64
      memref.store %v, %out[%g] : memref<?xi64>
      func.return
    }"""
    out = np.zeros(2 * 3 * 4 * 3, dtype=np.int64)
    run(source, [out], grid=(2, 3), block=(4, 3), warp_size=8)
    # 12 threads per block: lanes 0-7 then 0-3 (a partial second warp)
    per_block = [1000 * (t % 8) + 8 for t in range(12)]
    assert list(out) == per_block * 6


def test_barrier_in_uniform_control_flow_passes(run):
    source = """
    func.func @k(%a: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %bid = simt.block_id x : i32
      %bd = simt.block_dim x : i32
      %base = arith.muli %bid, %bd : i32
      %g = arith.addi %base, %tid : i32
      %i = arith.index_cast %g : i32 to index
      memref.store %tid, %a[%i] : memref<?xi32>
      %z = arith.constant 0 : i32
      %first = arith.cmpi eq, %bid, %z : i32
      scf.if %first {
        simt.barrier
      }
      simt.barrier
      %one = arith.constant 1 : i32
      %n = arith.subi %bd, %one : i32
      %r = arith.subi %n, %tid : i32
      %ri = arith.addi %base, %r : i32
      %j = arith.index_cast %ri : i32 to index
      %v = memref.load %a[%j] : memref<?xi32>
      memref.store %v, %out[%i] : memref<?xi32>
      func.return
    }"""
    a = np.zeros(128, dtype=np.int32)
    out = np.zeros(128, dtype=np.int32)
    run(source, [a, out], grid=2, block=64)
    assert list(out) == list(range(63, -1, -1)) * 2


def test_private_arrays_are_per_thread(run):
    source = """
    func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %buf = memref.alloca() : memref<4xi32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %j = %c0 to %c4 step %c1 {
        %jv = arith.index_cast %j : index to i32
        %x = arith.muli %jv, %tid : i32
        memref.store %x, %buf[%j] : memref<4xi32>
      }
      %c3 = arith.constant 3 : index
      %last = memref.load %buf[%c3] : memref<4xi32>
      %n = memref.dim %buf, %c0 : memref<4xi32>
      %nv = arith.index_cast %n : index to i32
      %r = arith.addi %last, %nv : i32
      %i = arith.index_cast %tid : i32 to index
      memref.store %r, %out[%i] : memref<?xi32>
      func.return
    }"""
    out = np.zeros(40, dtype=np.int32)
    run(source, [out], block=40)
    assert list(out) == [3 * t + 4 for t in range(40)]
