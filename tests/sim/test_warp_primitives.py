"""Warp and block primitives in the simulator against references written
from the CUDA C Programming Guide ("Warp Vote Functions", "Warp Shuffle
Functions", "Warp Match Functions", "Synchronization Functions").

Hypothesis draws which lanes are active and how they split into groups
that each pass the mask of their own active lanes (a legal partition:
every active lane is named in its mask, every lane a mask names takes
part), and the values."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.parser import Parser

import simt
from simt.sim import SimulationError, simulate

WARP = 32
LANES = 64

KERNEL = """
func.func @k(%act: memref<?xi32>, %masks: memref<?xi32>, %x: memref<?x{T}>,
             %d: memref<?xi32>, %out: memref<?x{R}>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %a = memref.load %act[%i] : memref<?xi32>
  %zero = arith.constant 0 : i32
  %on = arith.cmpi ne, %a, %zero : i32
  scf.if %on {{
    %m = memref.load %masks[%i] : memref<?xi32>
    %v = memref.load %x[%i] : memref<?x{T}>
    %off = memref.load %d[%i] : memref<?xi32>
    %p = arith.cmpi ne, %off, %zero : i32
    {BODY}
    memref.store %r, %out[%i] : memref<?x{R}>
  }}
  func.return
}}
"""


def _simulate(source: str, args: list[Any], block: int = LANES) -> None:
    module = Parser(simt.default_context(), source).parse_module()
    module.verify()
    simulate(module, 1, block, args)


@st.composite
def partitions(draw: st.DrawFn) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Active flags and, per lane, the mask of the active lanes of its group."""
    active = np.array(draw(st.lists(st.booleans(), min_size=LANES, max_size=LANES)))
    groups = np.array(draw(st.lists(st.integers(0, 2), min_size=LANES, max_size=LANES)))
    masks = np.zeros(LANES, dtype=np.int64)
    for lane in range(LANES):
        warp = lane // WARP
        for other in range(warp * WARP, warp * WARP + WARP):
            if active[other] and groups[other] == groups[lane]:
                masks[lane] |= 1 << (other % WARP)
    return active.astype(np.int32), masks.astype(np.uint32).view(np.int32)


def _members(masks: np.ndarray[Any, Any], lane: int) -> list[int]:
    bits = int(np.uint32(masks[lane].view(np.uint32)))
    warp = lane // WARP
    return [warp * WARP + b for b in range(WARP) if bits >> b & 1]


def _shuffle_reference(mode: str, active: Any, x: Any, d: Any, lane: int) -> Any:
    own = lane % WARP
    offset = int(d[lane]) & 0xFFFFFFFF
    if mode == "idx":
        source = offset & 31
    elif mode == "up":
        source = own - offset if offset <= own else -1
    elif mode == "down":
        source = own + offset if own + offset <= 31 else -1
    else:
        source = own ^ offset if own ^ offset <= 31 else -1
    if source < 0:
        return x[lane]
    slot = lane - own + source
    return x[slot] if active[slot] else x[lane]


@pytest.mark.parametrize("mode", ["idx", "up", "down", "xor"])
@pytest.mark.parametrize("t", ["i32", "f64", "i64"])
@settings(max_examples=15, deadline=None)
@given(partition=partitions(), data=st.data())
def test_shuffles_read_the_source_lane_or_keep_their_own_value(
    mode: str, t: str, partition: Any, data: st.DataObject
) -> None:
    active, masks = partition
    dtype = {"i32": np.int32, "i64": np.int64, "f64": np.float64}[t]
    x = np.arange(LANES, dtype=dtype) * 3 + 1
    offsets = data.draw(st.lists(st.integers(0, 40), min_size=LANES, max_size=LANES))
    d = np.array(offsets, dtype=np.int32)
    out = np.full(LANES, -7, dtype=dtype)
    body = f"%r = simt.shfl {mode} %m, %v, %off : {t}"
    _simulate(KERNEL.format(T=t, R=t, BODY=body), [active, masks, x, d, out])
    for lane in range(LANES):
        expected = _shuffle_reference(mode, active, x, d, lane) if active[lane] else -7
        assert out[lane] == expected, (lane, mode)


def _vote_reference(mode: str, masks: Any, p: Any, lane: int) -> int:
    members = _members(masks, lane)
    if mode == "ballot":
        bits = sum(1 << (m % WARP) for m in members if p[m])
        return int(np.uint32(bits).view(np.int32))
    votes = [bool(p[m]) for m in members]
    if mode == "any":
        return int(any(votes))
    if mode == "all":
        return int(all(votes))
    return int(all(votes) or not any(votes))


@pytest.mark.parametrize("mode", ["any", "all", "eq", "ballot"])
@settings(max_examples=20, deadline=None)
@given(partition=partitions(), data=st.data())
def test_votes_count_the_lanes_of_each_mask(
    mode: str, partition: Any, data: st.DataObject
) -> None:
    active, masks = partition
    preds = data.draw(st.lists(st.integers(0, 1), min_size=LANES, max_size=LANES))
    d = np.array(preds, dtype=np.int32)
    out = np.full(LANES, -7, dtype=np.int32)
    result = "i32" if mode == "ballot" else "i1"
    body = f"%q = simt.vote_sync {mode} %m, %p : {result}"
    body += "" if mode == "ballot" else "\n    %r = arith.extui %q : i1 to i32"
    body = body.replace("%q = simt.vote_sync ballot", "%r = simt.vote_sync ballot")
    x = np.zeros(LANES, np.int32)
    _simulate(KERNEL.format(T="i32", R="i32", BODY=body), [active, masks, x, d, out])
    for lane in range(LANES):
        expected = _vote_reference(mode, masks, d, lane) if active[lane] else -7
        assert out[lane] == expected, lane


@settings(max_examples=20, deadline=None)
@given(partition=partitions(), data=st.data())
def test_match_any_and_match_all(partition: Any, data: st.DataObject) -> None:
    active, masks = partition
    values = data.draw(st.lists(st.integers(0, 2), min_size=LANES, max_size=LANES))
    x = np.array(values, dtype=np.float32)
    out = np.full(LANES, -7, dtype=np.int32)
    any_body = "%r = simt.match_any %m, %v : f32"
    _simulate(
        KERNEL.format(T="f32", R="i32", BODY=any_body),
        [active, masks, x, x.astype(np.int32), out],
    )
    all_out = np.full(LANES, -7, dtype=np.int32)
    all_body = "%r, %same = simt.match_all %m, %v : f32"
    _simulate(
        KERNEL.format(T="f32", R="i32", BODY=all_body),
        [active, masks, x, x.astype(np.int32), all_out],
    )
    for lane in range(LANES):
        if not active[lane]:
            continue
        members = _members(masks, lane)
        same = [m for m in members if x[m] == x[lane]]
        bits = sum(1 << (m % WARP) for m in same)
        assert out[lane] == np.uint32(bits).view(np.int32)
        everyone = len(same) == len(members)
        assert all_out[lane] == (masks[lane] if everyone else 0)


def test_activemask_and_lanemask_lt() -> None:
    active = np.array([lane % 3 != 0 for lane in range(LANES)], dtype=np.int32)
    masks = np.zeros(LANES, np.int32)
    out = np.full(LANES, -7, np.int32)
    body = "%r = simt.activemask : i32"
    _simulate(
        KERNEL.format(T="i32", R="i32", BODY=body), [active, masks, masks, masks, out]
    )
    for lane in range(LANES):
        warp = lane // WARP
        bits = sum(
            1 << (o % WARP) for o in range(warp * WARP, warp * WARP + WARP) if active[o]
        )
        assert out[lane] == (np.uint32(bits).view(np.int32) if active[lane] else -7)
    body = "%r = simt.lanemask_lt : i32"
    _simulate(
        KERNEL.format(T="i32", R="i32", BODY=body), [active, masks, masks, masks, out]
    )
    for lane in range(LANES):
        if active[lane]:
            assert out[lane] == np.uint32((1 << (lane % WARP)) - 1).view(np.int32)


BARRIER = """
func.func @k(%p: memref<?xi32>, %out: memref<?xi32>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %base = arith.muli %bid, %bdim : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %v = memref.load %p[%i] : memref<?xi32>
  %zero = arith.constant 0 : i32
  %q = arith.cmpi ne, %v, %zero : i32
  %r = simt.barrier_reduce {KIND} %q
  memref.store %r, %out[%i] : memref<?xi32>
  func.return
}}
"""


@pytest.mark.parametrize("kind", ["count", "and", "or"])
@settings(max_examples=15, deadline=None)
@given(preds=st.lists(st.integers(0, 1), min_size=3 * 40, max_size=3 * 40))
def test_syncthreads_count_and_or_reduce_over_each_block(
    kind: str, preds: list[int]
) -> None:
    p = np.array(preds, dtype=np.int32)
    out = np.zeros_like(p)
    module = Parser(simt.default_context(), BARRIER.format(KIND=kind)).parse_module()
    simulate(module, 3, 40, [p, out])
    for block in range(3):
        votes = p[block * 40 : block * 40 + 40]
        expected = {
            "count": int(votes.sum()),
            "and": int(votes.all()),
            "or": int(votes.any()),
        }[kind]
        assert (out[block * 40 : block * 40 + 40] == expected).all()


def test_a_mask_that_names_an_absent_lane_faults() -> None:
    active = np.array([1] * 16 + [0] * 16 + [1] * 32, dtype=np.int32)
    masks = np.full(LANES, -1, dtype=np.int32)
    out = np.zeros(LANES, np.int32)
    body = "%r = simt.vote_sync ballot %m, %p : i32"
    with pytest.raises(
        SimulationError,
        match="lane 16 is named in the member mask 0xffffffff but does not take part",
    ):
        _simulate(
            KERNEL.format(T="i32", R="i32", BODY=body), [active, masks, out, out, out]
        )


def test_a_mask_that_omits_the_calling_lane_faults() -> None:
    active = np.ones(LANES, dtype=np.int32)
    masks = np.full(LANES, 0x0000FFFF, dtype=np.int32)
    out = np.zeros(LANES, np.int32)
    body = "%r = simt.shfl idx %m, %off, %off : i32"
    with pytest.raises(
        SimulationError, match="the member mask 0xffff does not name this lane"
    ):
        _simulate(
            KERNEL.format(T="i32", R="i32", BODY=body), [active, masks, out, out, out]
        )


def test_a_full_mask_in_a_partial_warp_is_legal() -> None:
    """Lanes that do not exist (a block of 40 threads) may be named."""
    source = KERNEL.format(
        T="i32", R="i32", BODY="%r = simt.vote_sync ballot %m, %p : i32"
    )
    active = np.ones(40, dtype=np.int32)
    masks = np.full(40, -1, dtype=np.int32)
    d = np.array([lane % 2 for lane in range(40)], dtype=np.int32)
    out = np.zeros(40, np.int32)
    _simulate(source, [active, masks, d, d, out], block=40)
    assert (out[32:] == 0b10101010).all()
    assert (out[:32] == np.uint32(0xAAAAAAAA).view(np.int32)).all()
