"""Lockstep replay: the simulator's reconvergence stack over the lanes' block traces.

In lockstep mode (`simt.runtime.host`) every thread runs natively and appends
a record to its trace at each block entry and return of the instrumented
functions (`simt.lowering.host_shim.step_record`, `RETURN_RECORD`); it yields
only at a collective, a barrier or a full trace. `advance` then replays the
traces of every warp on the warp's reconvergence stack, with the rules of
`simt.sim.reconvergence` (the immediate post-dominator stack of pre-Volta
GPUs as GPGPU-Sim models it):

1. lanes that all go one way move the top entry's block;
2. at a divergent branch of block b with immediate post-dominator r the top
   entry waits at r (or is replaced, if it already reconverges at r) and one
   entry per other target is pushed, the first target last, so that it runs
   first;
3. an entry that reaches its reconvergence block, or loses all its lanes, is
   popped;
4. returned lanes leave every entry of their call; a call (a record of a
   function's entry block) runs on a stack of its own, above the caller's.

The replay stops for a warp when its top entry's lanes have no further
record: they all wait at the same collective, which is computed here for
exactly those lanes (so the lanes active at a vote are the simulator's), or
at a barrier, or some wait for their full trace to be emptied. The warps'
stacks live in arrays so that the loop compiles with numba (`@njit`): a
collective costs about a microsecond here, against about 50 in Python.
A new warp collective adds a case to `_collective` and an `Event` code.
Block barriers that reduce (`__syncthreads_count`) are computed by the
launcher when the block's barrier releases.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numba import njit  # pyright: ignore[reportUnknownVariableType]

from simt.lowering.host import FunctionGraph
from simt.lowering.host_shim import RETURN_RECORD, Event, Field

NEVER = -2
"""The reconvergence block of a call's bottom entry (never reached)."""

MAX_ENTRIES = 1024
"""Stack entries per warp, over all its calls."""
MAX_FRAMES = 256
"""Nested calls per warp."""

RUNNING = 0
WAITING = 1
"""The warp's top entry waits for threads to be resumed."""
AT_BARRIER = 2
DONE = 3
DIVERGENT_BARRIER = -1
UNKNOWN_EVENT = -2
OVERFLOW = -3
INCONSISTENT = -4
MASK_LACKS_LANE = -5
"""An active lane's member mask does not name the lane itself."""
MASK_NAMES_ABSENT = -6
"""A member mask names a live lane that is not active with it."""

_TRACE_LEN = int(Field.TRACE_LEN)
_EVENT = int(Field.EVENT)
_ARG0 = int(Field.ARG0)
_ARG1 = int(Field.ARG1)
_ARG2 = int(Field.ARG2)
_ARG3 = int(Field.ARG3)
_RESULT = int(Field.RESULT)
_WARP_SIZE = int(Field.WARP_SIZE)
_TRACE_FULL = int(Event.TRACE_FULL)
_BARRIER = int(Event.BARRIER)
_BARRIER_POPC = int(Event.BARRIER_POPC)
_BARRIER_AND = int(Event.BARRIER_AND)
_BARRIER_OR = int(Event.BARRIER_OR)
_ACTIVE_MASK = int(Event.ACTIVE_MASK)
_VOTE_ANY = int(Event.VOTE_ANY)
_VOTE_ALL = int(Event.VOTE_ALL)
_VOTE_UNI = int(Event.VOTE_UNI)
_BALLOT = int(Event.BALLOT)
_SHUFFLE_IDX = int(Event.SHUFFLE_IDX)
_SHUFFLE_UP = int(Event.SHUFFLE_UP)
_SHUFFLE_DOWN = int(Event.SHUFFLE_DOWN)
_SHUFFLE_BFLY = int(Event.SHUFFLE_BFLY)
_MATCH_ANY = int(Event.MATCH_ANY)
_MATCH_ALL = int(Event.MATCH_ALL)
_SYNC_WARP = int(Event.SYNC_WARP)
_U32 = 0xFFFFFFFF


@dataclass(frozen=True)
class GraphTables:
    """The instrumented functions' graphs as flat arrays (function-local block numbers)."""

    base: np.ndarray
    """First global block number of each function."""
    ipdom: np.ndarray
    """Immediate post-dominator of each global block (-1: the virtual exit)."""
    successor_start: np.ndarray
    successors: np.ndarray
    """`successors[successor_start[g] : successor_start[g + 1]]`: block g's targets."""

    @staticmethod
    def of(graphs: tuple[FunctionGraph, ...]) -> GraphTables:
        base = np.zeros(len(graphs) + 1, dtype=np.int64)
        ipdom: list[int] = []
        starts: list[int] = [0]
        targets: list[int] = []
        for index, graph in enumerate(graphs):
            base[index + 1] = base[index] + len(graph.ipdom)
            ipdom.extend(graph.ipdom)
            for successors in graph.successors:
                targets.extend(successors)
                starts.append(len(targets))
        return GraphTables(
            base,
            np.array(ipdom, dtype=np.int64),
            np.array(starts, dtype=np.int64),
            np.array(targets, dtype=np.int64),
        )


@dataclass
class WarpStacks:
    """The reconvergence stacks of the warps of one thread block, as arrays."""

    first: np.ndarray
    """Record index of each warp's lane 0."""
    live: np.ndarray
    """Lanes that exist and have not returned from the kernel (bit masks)."""
    state: np.ndarray
    frames: np.ndarray
    """Calls on each warp's stack."""
    frame_function: np.ndarray
    frame_base: np.ndarray
    """Each call's function and its first entry."""
    entries: np.ndarray
    """Entries on each warp's stack, over all its calls."""
    pc: np.ndarray
    rpc: np.ndarray
    mask: np.ndarray

    @staticmethod
    def start(per_block: int, blocks: int, warp_size: int, kernel: int) -> WarpStacks:
        """One call of `kernel` per warp of `blocks` consecutive thread blocks
        (warps do not cross blocks), every lane in its entry at block 0."""
        in_block = np.arange(0, per_block, warp_size, dtype=np.int64)
        first = (
            np.arange(blocks, dtype=np.int64)[:, None] * per_block + in_block
        ).ravel()
        sizes = np.tile(np.minimum(warp_size, per_block - in_block), blocks)
        warps = len(first)
        live = np.array([(1 << int(s)) - 1 for s in sizes], dtype=np.int64)
        stacks = WarpStacks(
            first,
            live,
            np.zeros(warps, dtype=np.int64),
            np.ones(warps, dtype=np.int64),
            np.full((warps, MAX_FRAMES), kernel, dtype=np.int64),
            np.zeros((warps, MAX_FRAMES), dtype=np.int64),
            np.ones(warps, dtype=np.int64),
            np.zeros((warps, MAX_ENTRIES), dtype=np.int64),
            np.full((warps, MAX_ENTRIES), NEVER, dtype=np.int64),
            np.zeros((warps, MAX_ENTRIES), dtype=np.int64),
        )
        stacks.mask[:, 0] = live
        return stacks


def replay(
    stacks: WarpStacks,
    records: np.ndarray,
    traces: np.ndarray,
    cursor: np.ndarray,
    tables: GraphTables,
    ready: np.ndarray,
) -> tuple[int, int, int]:
    """`advance` on a block's warps (see there)."""
    return advance(
        stacks.first,
        stacks.live,
        stacks.state,
        stacks.frames,
        stacks.frame_function,
        stacks.frame_base,
        stacks.entries,
        stacks.pc,
        stacks.rpc,
        stacks.mask,
        records,
        traces,
        cursor,
        tables.base,
        tables.ipdom,
        tables.successor_start,
        tables.successors,
        ready,
    )


@njit(cache=True)
def _pop_finished(w: int, frames: Any, frame_base: Any, entries: Any, pc: Any, rpc: Any, mask: Any) -> None:  # fmt: skip
    base = frame_base[w, frames[w] - 1]
    while entries[w] > base:
        top = entries[w] - 1
        if pc[w, top] != rpc[w, top] and mask[w, top] != 0:
            return
        entries[w] -= 1


@njit(cache=True)
def check_members(first: int, group: int, live: int, records: Any) -> int:
    """CUDA's participation rules for the member masks (`ARG0`) of the lanes
    of `group`, as the simulator checks them: 0, `MASK_LACKS_LANE` or
    `MASK_NAMES_ABSENT`."""
    for lane in range(64):
        if group >> lane & 1 and not records[first + lane, _ARG0] >> lane & 1:
            return MASK_LACKS_LANE
    for lane in range(64):
        if group >> lane & 1 and records[first + lane, _ARG0] & live & ~group != 0:
            return MASK_NAMES_ABSENT
    return 0


@njit(cache=True)
def _is_vote(event: int) -> bool:
    return event in (_VOTE_ANY, _VOTE_ALL, _VOTE_UNI, _BALLOT)


@njit(cache=True)
def _vote(event: int, ballot: int, members: int) -> int:
    """A lane's vote: `ballot` is the group's, `members` the lane's mask less
    the lanes that have exited (`_collective`)."""
    mine = ballot & members
    if event == _BALLOT:
        return mine
    if event == _VOTE_ANY:
        return 1 if mine != 0 else 0
    if event == _VOTE_ALL:
        return 1 if mine == members else 0
    return 1 if mine == members or mine == 0 else 0


@njit(cache=True)
def _shuffle_source(event: int, lane: int, b: int, c: int) -> int:
    """PTX's `shfl.sync` source lane (clamp value and segment mask in `c`),
    with the offset `b` not reduced modulo 32 for up, down and bfly, as the
    simulator has it; -1 when out of range."""
    segment = (c >> 8) & 31
    last = (lane & segment) | (c & 31 & ~segment)
    if event == _SHUFFLE_IDX:
        source = (lane & segment) | (b & 31 & ~segment)
        return source if source <= last else -1
    if event == _SHUFFLE_UP:
        return lane - b if b <= lane and lane - b >= last else -1
    source = lane + b if event == _SHUFFLE_DOWN else lane ^ b
    return source if source <= last else -1


@njit(cache=True)
def _match(event: int, first: int, group: int, lane: int, records: Any) -> int:
    """The match result of `lane`: the lanes of `group` with its value (and of
    its mask), for all the mask in the low half and 1 in bit 32, or 0."""
    members = records[first + lane, _ARG0] & _U32 & group
    value = records[first + lane, _ARG1]
    same = 0
    for other in range(64):
        if group >> other & 1 and records[first + other, _ARG1] == value:
            same |= 1 << other
    same &= members
    if event == _MATCH_ANY:
        return same
    return members | 1 << 32 if same == members else 0


@njit(cache=True)
def _collective(event: int, first: int, group: int, live: int, records: Any) -> int:
    """Computes a warp collective for the lanes of `group` (the lanes of the
    warp active together; `live`: the warp's lanes that have not returned),
    with the simulator's semantics (`simt.sim.intrinsics`): 0, `UNKNOWN_EVENT`
    or a member-mask status."""
    known = _is_vote(event) or event in (
        _ACTIVE_MASK, _SHUFFLE_IDX, _SHUFFLE_UP, _SHUFFLE_DOWN, _SHUFFLE_BFLY,
        _MATCH_ANY, _MATCH_ALL, _SYNC_WARP,
    )  # fmt: skip
    if not known:
        return UNKNOWN_EVENT
    if event != _ACTIVE_MASK:
        status = check_members(first, group, live, records)
        if status != 0:
            return status
    ballot = 0
    for lane in range(64):
        if group >> lane & 1 and records[first + lane, _ARG1] != 0:
            ballot |= 1 << lane
    warp_size = records[first, _WARP_SIZE]
    for lane in range(64):
        if not group >> lane & 1:
            continue
        t = first + lane
        # the lanes the mask names that have exited (or do not exist) do
        # not count, as in PTX; the live ones are all in `group`
        members = records[t, _ARG0] & _U32 & group
        result = 0
        if event == _ACTIVE_MASK:
            result = group
        elif _is_vote(event):
            result = _vote(event, ballot, members)
        elif event in (_MATCH_ANY, _MATCH_ALL):
            result = _match(event, first, group, lane, records)
        elif event != _SYNC_WARP:
            source = _shuffle_source(
                event, lane, records[t, _ARG2] & _U32, records[t, _ARG3]
            )
            if 0 <= source < warp_size and group >> source & 1:
                t = first + source
            result = records[t, _ARG1]
        records[first + lane, _RESULT] = result
    return 0


@njit(cache=True)
def advance(
    first: Any,
    live: Any,
    state: Any,
    frames: Any,
    frame_function: Any,
    frame_base: Any,
    entries: Any,
    pc: Any,
    rpc: Any,
    mask: Any,
    records: Any,
    traces: Any,
    cursor: Any,
    base: Any,
    ipdom: Any,
    successor_start: Any,
    successors: Any,
    resume: Any,
) -> tuple[int, int, int]:
    """Replays every running warp until it waits.

    Fills `resume` with the threads to run next and returns (how many,
    status, warp): status 0, or a negative code (`DIVERGENT_BARRIER`, ...)
    naming the failing warp.
    """
    count = 0
    for w in range(len(first)):
        while state[w] == RUNNING:
            if frames[w] == 0:
                state[w] = DONE
                break
            top = entries[w] - 1
            group = mask[w, top]
            lane0 = first[w]
            # Which lanes of the top entry have a next record?
            missing = 0
            record = 0
            same = True
            seen = False
            for lane in range(64):
                if not group >> lane & 1:
                    continue
                t = lane0 + lane
                if cursor[t] + 1 >= records[t, _TRACE_LEN]:
                    missing |= 1 << lane
                    continue
                following = traces[t, cursor[t] + 1]
                if not seen:
                    record = following
                    seen = True
                elif following != record:
                    same = False
            if missing != 0:
                full = 0
                event = -1
                for lane in range(64):
                    if missing >> lane & 1:
                        t = lane0 + lane
                        if records[t, _EVENT] == _TRACE_FULL:
                            full |= 1 << lane
                            start = cursor[t]
                            end = records[t, _TRACE_LEN]
                            for k in range(end - start):
                                traces[t, k] = traces[t, start + k]
                            records[t, _TRACE_LEN] = end - start
                            cursor[t] = 0
                            resume[count] = t
                            count += 1
                        elif event == -1:
                            event = records[t, _EVENT]
                        elif records[t, _EVENT] != event:
                            return count, INCONSISTENT, w
                if full != 0:
                    state[w] = WAITING
                    break
                if missing != group:
                    return count, INCONSISTENT, w
                if event in (_BARRIER, _BARRIER_POPC, _BARRIER_AND, _BARRIER_OR):
                    if live[w] & ~group != 0:
                        return count, DIVERGENT_BARRIER, w
                    state[w] = AT_BARRIER
                    break
                status = _collective(event, lane0, group, live[w], records)
                if status != 0:
                    return count, status, w
                for lane in range(64):
                    if group >> lane & 1:
                        resume[count] = lane0 + lane
                        count += 1
                state[w] = WAITING
                break
            # Every lane has a next record: move the cursors past it.
            for lane in range(64):
                if group >> lane & 1:
                    cursor[lane0 + lane] += 1
            frame = frames[w] - 1
            function = frame_function[w, frame]
            if same and record == RETURN_RECORD:
                if frames[w] == 1:
                    live[w] &= ~group
                for e in range(frame_base[w, frame], entries[w]):
                    mask[w, e] &= ~group
                _pop_finished(w, frames, frame_base, entries, pc, rpc, mask)
                if entries[w] == frame_base[w, frame]:
                    frames[w] -= 1
                continue
            if same and record & 0xFFFFFFFF == 0:
                if frames[w] == MAX_FRAMES or entries[w] == MAX_ENTRIES:
                    return count, OVERFLOW, w
                frame_function[w, frames[w]] = record >> 32
                frame_base[w, frames[w]] = entries[w]
                frames[w] += 1
                pc[w, entries[w]] = 0
                rpc[w, entries[w]] = NEVER
                mask[w, entries[w]] = group
                entries[w] += 1
                continue
            if same:
                pc[w, top] = record & 0xFFFFFFFF
                _pop_finished(w, frames, frame_base, entries, pc, rpc, mask)
                continue
            # A divergent branch.
            block = base[function] + pc[w, top]
            reconverge = ipdom[block]
            if rpc[w, top] == reconverge:
                entries[w] -= 1
            else:
                pc[w, top] = reconverge
            start = successor_start[block]
            stop = successor_start[block + 1]
            for k in range(stop - 1, start - 1, -1):
                target = successors[k]
                chosen = 0
                for lane in range(64):
                    if group >> lane & 1:
                        t = lane0 + lane
                        if traces[t, cursor[t]] & 0xFFFFFFFF == target:
                            chosen |= 1 << lane
                if chosen == 0 or target == reconverge:
                    continue
                if entries[w] == MAX_ENTRIES:
                    return count, OVERFLOW, w
                pc[w, entries[w]] = target
                rpc[w, entries[w]] = reconverge
                mask[w, entries[w]] = chosen
                entries[w] += 1
            _pop_finished(w, frames, frame_base, entries, pc, rpc, mask)
    return count, 0, 0
