"""`cf` block graphs on the per-warp IPDOM reconvergence stack (Anantpur 2014)."""

from __future__ import annotations

import numpy as np
import pytest

FIG1 = """
func.func @fig1(%out: memref<?xi32>, %c1v: memref<?xi32>, %c2v: memref<?xi32>,
                %c3v: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %v1 = memref.load %c1v[%i] : memref<?xi32>
  %z1 = arith.constant 0 : i32
  %c1 = arith.cmpi ne, %v1, %z1 : i32
  cf.cond_br %c1, ^b3, ^b2
^b2:
  %v2 = memref.load %c2v[%i] : memref<?xi32>
  %z2 = arith.constant 0 : i32
  %c2 = arith.cmpi ne, %v2, %z2 : i32
  cf.cond_br %c2, ^b3, ^b5
^b3:
  %v3 = memref.load %c3v[%i] : memref<?xi32>
  %z3 = arith.constant 0 : i32
  %c3 = arith.cmpi ne, %v3, %z3 : i32
  cf.cond_br %c3, ^b4, ^b5
^b4:
  %s1 = arith.constant 1 : i32
  cf.br ^b6(%s1 : i32)
^b5:
  %s2 = arith.constant 2 : i32
  cf.br ^b6(%s2 : i32)
^b6(%s: i32):
  %old = memref.load %out[%i] : memref<?xi32>
  %new = arith.addi %old, %s : i32
  memref.store %new, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_short_circuit_runs_blocks_several_times_per_warp(run):
    """Anantpur Fig. 1: T1, T2 take c1; T3 takes c2; only T1 takes c3.
    Under IPDOM reconvergence B3 runs twice and B5 three times."""
    out = np.zeros(4, dtype=np.int32)
    c1 = np.array([1, 1, 0, 0], dtype=np.int32)
    c2 = np.array([0, 0, 1, 0], dtype=np.int32)
    c3 = np.array([1, 0, 0, 0], dtype=np.int32)
    stats = run(FIG1, [out, c1, c2, c3], block=4, warp_size=4).stats
    assert list(out) == [1, 2, 2, 2]
    counts = stats.block_executions
    assert [counts[f"@fig1/b{i}"] for i in range(6)] == [1, 1, 2, 1, 3, 1]
    # bottom entry (now at B6), B2's entry, and B3's two paths
    assert stats.max_stack_depth == 4
    branches = stats.branches
    assert branches["@fig1/b0.5"].divergent == 1
    assert (branches["@fig1/b2.3"].executions, branches["@fig1/b2.3"].divergent) == (
        2,
        1,
    )


def test_warps_follow_their_own_paths(run):
    """Warp 1 (threads 4-7) takes c1 in every lane and c3 in none: no split."""
    out = np.zeros(8, dtype=np.int32)
    c1 = np.array([1, 1, 0, 0, 1, 1, 1, 1], dtype=np.int32)
    c2 = np.array([0, 0, 1, 0, 0, 0, 0, 0], dtype=np.int32)
    c3 = np.array([1, 0, 0, 0, 0, 0, 0, 0], dtype=np.int32)
    stats = run(FIG1, [out, c1, c2, c3], block=8, warp_size=4).stats
    assert list(out) == [1, 2, 2, 2, 2, 2, 2, 2]
    counts = stats.block_executions
    # warp 1 adds one execution of B1, B3, B5 and B6
    assert [counts[f"@fig1/b{i}"] for i in range(6)] == [2, 1, 3, 1, 4, 2]


FIG3_CF = """
func.func @fig3(%out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %k3 = arith.constant 3 : i32
  %c1 = arith.cmpi ne, %tid, %k3 : i32
  cf.cond_br %c1, ^b2, ^b3
^b2:
  %k2 = arith.constant 2 : i32
  %c2 = arith.cmpi ne, %tid, %k2 : i32
  cf.cond_br %c2, ^b4, ^b5
^b4:
  %k1 = arith.constant 1 : i32
  %c3 = arith.cmpi ne, %tid, %k1 : i32
  cf.cond_br %c3, ^b6, ^b7
^b6:
  %s1 = arith.constant 1 : i32
  memref.store %s1, %out[%i] : memref<?xi32>
  cf.br ^b8
^b7:
  %s2 = arith.constant 2 : i32
  memref.store %s2, %out[%i] : memref<?xi32>
  cf.br ^b8
^b8:
  cf.br ^b9
^b5:
  %s4 = arith.constant 4 : i32
  memref.store %s4, %out[%i] : memref<?xi32>
  cf.br ^b9
^b9:
  cf.br ^b10
^b3:
  %s6 = arith.constant 6 : i32
  memref.store %s6, %out[%i] : memref<?xi32>
  cf.br ^b10
^b10:
  func.return
}
"""


def test_nested_divergence_stack_depth_matches_fig3(run):
    """Anantpur Fig. 3(b): 7 entries on the stack while S1 runs."""
    out = np.zeros(4, dtype=np.int32)
    stats = run(FIG3_CF, [out], block=4, warp_size=4).stats
    assert list(out) == [1, 2, 4, 6]
    assert stats.max_stack_depth == 7
    assert all(count == 1 for count in stats.block_executions.values())


BREAK_LOOP = """
func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %zero = arith.constant 0 : i32
  cf.br ^h(%zero : i32)
^h(%k: i32):
  %limit = arith.constant 100 : i32
  %go = arith.cmpi slt, %k, %limit : i32
  cf.cond_br %go, ^body, ^exit(%k : i32)
^body:
  %stop = arith.cmpi sge, %k, %tid : i32
  cf.cond_br %stop, ^brk, ^latch
^brk:
  cf.br ^exit(%k : i32)
^latch:
  %one = arith.constant 1 : i32
  %next = arith.addi %k, %one : i32
  cf.br ^h(%next : i32)
^exit(%r: i32):
  %i = arith.index_cast %tid : i32 to index
  memref.store %r, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_loop_with_break_counts_idle_lanes(run):
    out = np.full(4, -1, dtype=np.int32)
    stats = run(BREAK_LOOP, [out], block=4, warp_size=4).stats
    assert list(out) == [0, 1, 2, 3]
    (loop,) = stats.loops.values()
    # Lane t runs the header t + 1 times; the warp runs it 4 times.
    assert (loop.entries, loop.lane_entries) == (1, 4)
    assert (loop.warp_iterations, loop.lane_iterations) == (4, 10)
    assert loop.idle_fraction == pytest.approx(6 / 16)
    assert stats.block_executions["@k/b3"] == 4  # ^brk: one lane at a time


EARLY_RETURN = """
func.func @k(%out: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %done = arith.cmpi sge, %tid, %n : i32
  cf.cond_br %done, ^ret, ^work
^ret:
  func.return
^work:
  %i = arith.index_cast %tid : i32 to index
  %two = arith.constant 2 : i32
  %v = arith.muli %tid, %two : i32
  memref.store %v, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_early_return_ends_lanes(run):
    out = np.full(8, -1, dtype=np.int32)
    stats = run(EARLY_RETURN, [out, 5], block=8, warp_size=4).stats
    assert list(out) == [0, 2, 4, 6, 8, -1, -1, -1]
    # warp 1 splits between two returns (IPDOM is the virtual exit)
    assert stats.max_stack_depth == 3
    assert stats.block_executions == {"@k/b0": 2, "@k/b1": 1, "@k/b2": 2}


def test_switch_partitions_lanes(run):
    source = """
    func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %three = arith.constant 3 : i32
      %sel = arith.remsi %tid, %three : i32
      %ten = arith.constant 10 : i32
      %twenty = arith.constant 20 : i32
      cf.switch %sel : i32, [
        default: ^d(%ten : i32),
        0: ^a,
        1: ^d(%twenty : i32)
      ]
    ^a:
      %z = arith.constant 0 : i32
      cf.br ^d(%z : i32)
    ^d(%v: i32):
      %i = arith.index_cast %tid : i32 to index
      memref.store %v, %out[%i] : memref<?xi32>
      func.return
    }"""
    out = np.zeros(6, dtype=np.int32)
    stats = run(source, [out], block=6, warp_size=8).stats
    assert list(out) == [0, 20, 10, 0, 20, 10]
    (branch,) = stats.branches.values()
    assert (branch.op, branch.divergent) == ("cf.switch", 1)


def test_call_of_helper_functions(run):
    source = """
    func.func @clamp(%x: i32, %hi: i32) -> i32 {
      %big = arith.cmpi sgt, %x, %hi : i32
      cf.cond_br %big, ^high, ^low
    ^high:
      func.return %hi : i32
    ^low:
      func.return %x : i32
    }
    func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %i = arith.index_cast %tid : i32 to index
      %three = arith.constant 3 : i32
      %odd = arith.andi %tid, %three : i32
      %c = arith.cmpi ne, %odd, %three : i32
      %r = scf.if %c -> (i32) {
        %v = func.call @clamp(%tid, %three) : (i32, i32) -> i32
        scf.yield %v : i32
      } else {
        %m = arith.constant -1 : i32
        scf.yield %m : i32
      }
      memref.store %r, %out[%i] : memref<?xi32>
      func.return
    }"""
    out = np.zeros(8, dtype=np.int32)
    stats = run(source, [out], block=8, warp_size=4).stats
    assert list(out) == [0, 1, 2, -1, 3, 3, 3, -1]
    assert stats.block_executions["@clamp/b1"] == 1  # only warp 1 has x > 3


BARRIER_LOOP = """
func.func @k(%a: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %zero = arith.constant 0 : i32
  cf.br ^h(%zero : i32)
^h(%k: i32):
  %four = arith.constant 4 : i32
  %go = arith.cmpi slt, %k, %four : i32
  cf.cond_br %go, ^body, ^done
^body:
  %one = arith.constant 1 : i32
  %bit = arith.andi %tid, %one : i32
  %odd = arith.cmpi eq, %bit, %one : i32
  cf.cond_br %odd, ^odd, ^join
^odd:
  %v = arith.addi %g, %k : i32
  memref.store %v, %a[%i] : memref<?xi32>
  cf.br ^join
^join:
  simt.barrier
  %n = arith.subi %bd, %one : i32
  %mirror = arith.subi %n, %tid : i32
  %m = arith.addi %base, %mirror : i32
  %j = arith.index_cast %m : i32 to index
  %seen = memref.load %a[%j] : memref<?xi32>
  memref.store %seen, %out[%i] : memref<?xi32>
  simt.barrier
  %next = arith.addi %k, %one : i32
  cf.br ^h(%next : i32)
^done:
  func.return
}
"""


def test_barriers_in_a_divergent_cf_loop_meet_every_warp(run):
    """Warps split inside the loop body and reconverge before each barrier;
    every warp of a block reaches the barrier in the same iteration, so the
    writes of other warps are visible after it."""
    a = np.zeros(256, dtype=np.int32)
    out = np.zeros(256, dtype=np.int32)
    stats = run(BARRIER_LOOP, [a, out], grid=2, block=128).stats
    # after the last iteration (k = 3) odd threads wrote g + 3; thread t reads
    # the value of thread 127 - t of its block (odd iff t is even)
    for g in range(256):
        block, t = divmod(g, 128)
        mirror = block * 128 + 127 - t
        assert out[g] == (mirror + 3 if mirror % 2 else 0)
    assert stats.branches["@k/b2.3"].divergent == 8 * 4
