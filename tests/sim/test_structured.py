"""Structured control flow: results, and the metrics of tiny kernels computed by hand."""

from __future__ import annotations

import numpy as np
import pytest

IF_KERNEL = """
func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %two = arith.constant 2 : i32
  %c = arith.cmpi slt, %tid, %two : i32
  %r = scf.if %c -> (i32) {
    %x = arith.addi %tid, %tid : i32
    %y = arith.muli %x, %two : i32
    scf.yield %y : i32
  } else {
    %z = arith.subi %tid, %two : i32
    scf.yield %z : i32
  }
  %i = arith.index_cast %tid : i32 to index
  memref.store %r, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_if_results_and_metrics(run):
    out = np.zeros(8, dtype=np.int32)
    stats = run(IF_KERNEL, [out], block=8, warp_size=4).stats
    assert list(out) == [0, 4, 0, 1, 2, 3, 4, 5]
    # Outer block: 7 instructions for 2 warps of 4 lanes. Then-region: 2
    # instructions for warp 0 (lanes 0, 1). Else-region: 1 instruction for
    # warp 0 (2 lanes) and warp 1 (4 lanes).
    assert stats.issued == 7 * 2 + 2 * 1 + 1 * 2
    assert stats.lane_ops == 7 * 8 + 2 * 2 + 1 * 6
    assert stats.simd_efficiency == pytest.approx(stats.lane_ops / (18 * 4))
    (branch,) = stats.branches.values()
    assert (branch.op, branch.executions, branch.divergent) == ("scf.if", 2, 1)
    # Warp 0 splits: its entry becomes the reconvergence entry, plus one entry
    # per side while the then-region runs.
    assert stats.max_stack_depth == 3
    assert stats.cycles == 24  # 10 per warp outside (the store costs 4), 2 + 2 inside


def test_cost_overrides_change_cycles(run):
    out = np.zeros(8, dtype=np.int32)
    stats = run(
        IF_KERNEL, [out], block=8, warp_size=4, cost={"arith.muli": 10, "store": 7}
    ).stats
    # muli: +9 for the one warp that runs the then-region; store: +3 per warp.
    assert stats.cycles == 24 + 9 + 3 * 2


def test_uniform_kernel_has_full_efficiency_and_depth_one(run):
    out = np.zeros(64, dtype=np.int32)
    stats = run(
        IF_KERNEL.replace("%two = arith.constant 2", "%two = arith.constant 100"),
        [out],
        block=64,
    ).stats
    assert stats.simd_efficiency == 1.0
    assert stats.max_stack_depth == 1
    (branch,) = stats.branches.values()
    assert branch.divergent == 0 and branch.executions == 2


def test_partial_warp_lanes_count_as_idle(run):
    source = """
    func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %i = arith.index_cast %tid : i32 to index
      memref.store %tid, %out[%i] : memref<?xi32>
      func.return
    }"""
    out = np.full(6, -1, dtype=np.int32)
    stats = run(source, [out], block=6, warp_size=4).stats
    assert list(out) == [0, 1, 2, 3, 4, 5]
    assert (stats.warps, stats.issued, stats.lane_ops) == (2, 8, 24)
    assert stats.simd_efficiency == 0.75


FOR_KERNEL = """
func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %t = arith.index_cast %tid : i32 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ub = arith.addi %t, %c1 : index
  %zero = arith.constant 0 : i32
  %sum = scf.for %iv = %c0 to %ub step %c1 iter_args(%acc = %zero) -> (i32) {
    %v = arith.index_cast %iv : index to i32
    %next = arith.addi %acc, %v : i32
    scf.yield %next : i32
  }
  memref.store %sum, %out[%t] : memref<?xi32>
  func.return
}
"""


def test_for_loop_with_per_lane_trip_counts(run):
    out = np.zeros(4, dtype=np.int32)
    stats = run(FOR_KERNEL, [out], block=4, warp_size=4).stats
    assert list(out) == [0, 1, 3, 6]
    (loop,) = stats.loops.values()
    # Lane t runs t + 1 iterations; the warp issues 4, with 4, 3, 2, 1 lanes.
    assert (loop.entries, loop.lane_entries) == (1, 4)
    assert (loop.warp_iterations, loop.lane_iterations) == (4, 10)
    assert loop.idle_lane_iterations == 0 + 1 + 2 + 3
    assert loop.idle_fraction == pytest.approx(6 / 16)
    assert loop.trip_count == pytest.approx(2.5)
    (branch,) = stats.branches.values()
    # Checks: at entry (all enter), after iterations 1-3 (some leave), after 4.
    assert (branch.executions, branch.divergent) == (5, 3)
    # 9 top-level instructions, then per iteration 2 body ops + 1 loop check.
    assert stats.issued == 9 + 4 * 3
    assert stats.lane_ops == 9 * 4 + 10 * 3
    assert stats.max_stack_depth == 2


WHILE_KERNEL = """
func.func @k(%data: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %t = arith.index_cast %tid : i32 to index
  %n = memref.load %data[%t] : memref<?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %res:2 = scf.while (%x = %n, %k = %zero) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi sgt, %x, %one : i32
    scf.condition(%more) %x, %k : i32, i32
  } do {
  ^bb0(%x2: i32, %k2: i32):
    %half = arith.shrsi %x2, %one : i32
    %k3 = arith.addi %k2, %one : i32
    scf.yield %half, %k3 : i32, i32
  }
  memref.store %res#1, %out[%t] : memref<?xi32>
  func.return
}
"""


def test_while_loop_results_are_per_lane_exit_values(run, parse):
    data = np.array([1, 2, 8, 5, 64, 0, 3, 16], dtype=np.int32)
    out = np.zeros(8, dtype=np.int32)
    stats = run(WHILE_KERNEL, [data, out], block=8, warp_size=4).stats
    assert list(out) == [0, 1, 3, 2, 6, 0, 1, 4]
    (loop,) = stats.loops.values()
    # Condition evaluations per lane = steps + 1: warp 0 issues 4, warp 1 issues 7.
    assert loop.warp_iterations == 4 + 7
    assert loop.lane_iterations == sum(int(s) + 1 for s in out)
    assert loop.idle_lane_iterations == (4 * 4 + 7 * 4) - loop.lane_iterations


FIG3_STRUCTURED = """
func.func @fig3(%out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %c3i = arith.constant 3 : i32
  %c2i = arith.constant 2 : i32
  %c1i = arith.constant 1 : i32
  %c1 = arith.cmpi ne, %tid, %c3i : i32
  scf.if %c1 {
    %c2 = arith.cmpi ne, %tid, %c2i : i32
    scf.if %c2 {
      %c3 = arith.cmpi ne, %tid, %c1i : i32
      scf.if %c3 {
        %s1 = arith.constant 1 : i32
        memref.store %s1, %out[%i] : memref<?xi32>
      } else {
        %s2 = arith.constant 2 : i32
        memref.store %s2, %out[%i] : memref<?xi32>
      }
    } else {
      %s4 = arith.constant 4 : i32
      memref.store %s4, %out[%i] : memref<?xi32>
    }
  } else {
    %s6 = arith.constant 6 : i32
    memref.store %s6, %out[%i] : memref<?xi32>
  }
  func.return
}
"""


def test_nested_divergent_ifs_reach_stack_depth_seven(run):
    """Anantpur Fig. 3: three nested if/else, one thread of four leaving at each."""
    out = np.zeros(4, dtype=np.int32)
    stats = run(FIG3_STRUCTURED, [out], block=4, warp_size=4).stats
    assert list(out) == [1, 2, 4, 6]
    assert stats.max_stack_depth == 7
    assert [b.divergent for b in stats.branches.values()] == [1, 1, 1]


def test_guarded_runs_body_for_matching_lanes_only(run):
    source = """
    func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %i = arith.index_cast %tid : i32 to index
      %g = simt.guard.create 0 : !simt.guard<3>
      %one = arith.constant 1 : i32
      %odd = arith.andi %tid, %one : i32
      %c = arith.cmpi eq, %odd, %one : i32
      simt.guard.select %g, %c, 2, 1 : !simt.guard<3>
      %r = simt.guarded %g, 2 : !simt.guard<3> -> (i32) {
        %x = arith.addi %tid, %tid : i32
        simt.guard.set %g, 0 : !simt.guard<3>
        simt.yield %x : i32
      }
      %is0 = simt.guard.test %g, 0 : !simt.guard<3>
      %v = arith.select %is0, %r, %tid : i32
      memref.store %v, %out[%i] : memref<?xi32>
      func.return
    }"""
    out = np.zeros(8, dtype=np.int32)
    stats = run(source, [out], block=8, warp_size=4).stats
    assert list(out) == [0, 2, 2, 6, 4, 10, 6, 14]
    (branch,) = stats.branches.values()
    assert (branch.op, branch.executions, branch.divergent) == ("simt.guarded", 2, 2)
