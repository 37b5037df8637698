"""Unstructured control flow: a `cf` block graph on per-warp reconvergence stacks.

Source: the immediate post-dominator (IPDOM) reconvergence stack of pre-Volta
NVIDIA GPUs as GPGPU-Sim models it (Fung et al., "Dynamic Warp Formation",
MICRO 2007, §3; Anantpur & Govindarajan 2014, §2.1 and §2.4, Fig. 1 and 3).
Each warp has a stack of entries (pc, reconvergence pc, active mask); the
warp executes the block at its top entry's pc for the lanes of its mask.

At the terminator of a block:
1. a branch that all active lanes of the warp take the same way moves the
   top entry's pc to the target;
2. a branch whose lanes split (divergent) makes the top entry the
   reconvergence entry (its pc becomes r = ipdom of the branch block), then
   pushes one entry (target, r, lanes) per target, last target first, so the
   first target (the `true` side) runs first; a target equal to r gets no
   entry (its lanes simply wait in the reconvergence entry). If the top
   entry already reconverges at r, it is replaced instead of kept
   (GPGPU-Sim does the same, so a loop exit does not grow the stack per
   iteration);
3. an entry whose pc reaches its reconvergence pc is popped, and so is an
   entry left without lanes (all returned);
4. `func.return` ends its lanes: they leave every entry of their warp.

With an unstructured graph, lanes that split at a branch whose IPDOM is far
away run shared blocks separately: Anantpur's Fig. 1 short circuit runs B3
twice and B5 three times for one warp; `block_executions` shows it.

    B1 -> B2 -> B3 -> B4 -> B6     warp of T1..T4 runs: B1, B3 (T1 T2),
    B1 -> B3    B2 -> B5            B4 (T1), B5 (T2), B2 (T3 T4), B3 (T3),
                B3 -> B5 -> B6      B5 (T3), B5 (T4), B6 (all)

Vectorization: all warps' stacks live in arrays (`_Stacks`). Each step runs
one block once for every warp whose top entry is at it, with the union of
their top masks. Warps stay independent (each has its own stack and follows
its own branches); the schedule only decides how many warps share a step.

Scheduling: the warps that are furthest behind go first, so that the others
wait for them and they run blocks together. A warp's progress is the earliest
reverse post-order position of any pc on its stack (lanes waiting below a
divergent path count: the warp must run its top entry to get back to them).
Among the warps furthest behind, the top entry latest in reverse post-order
runs first: it is a short divergent path (such as a `break` block) above
lanes that wait at the earliest pc, and running it drains it back onto the
path the other warps are on, so they meet there and run together. A block
that may execute a barrier runs only when it is also the earliest pc of any
warp's top entry, so every warp of a block that will reach the barrier has
caught up with it (a warp that does not arrive then is in divergent control
flow, a fault).

Loops of the graph (`LoopForest` from `simt.analysis`) get idle-lane
statistics: a lane counts for a loop from the edge that brings it in until
it reaches the nearest common post-dominator of the loop's exits (where the
lanes that left by a `break` and those that left normally meet again; a lane
that returned from inside the loop stays counted, an idle slot of its warp);
at each execution of the header, the lanes of the warp that count but are
not active are idle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

import numpy as np
from xdsl.dialects import cf, func
from xdsl.ir import Block, Operation, Region, SSAValue

from simt.analysis import ControlFlowGraph
from simt.sim.errors import fault
from simt.sim.stats import LoopCounter
from simt.sim.values import BoolArray, ExecMask, IntArray, Value, merge

if TYPE_CHECKING:
    from simt.sim.machine import Env, Machine

EXIT = -1
"""The pc of the virtual exit (an IPDOM that is no block)."""
NEVER = -2
"""The reconvergence pc of a warp's bottom entry: never reached."""
_UNREACHABLE = np.iinfo(np.int64).max


@dataclass(frozen=True)
class GraphLoop:
    header: int
    body: frozenset[int]


@dataclass(frozen=True)
class GraphShape:
    """The facts about a region's block graph that both engines use."""

    blocks: tuple[Block, ...]
    index: dict[Block, int]
    rank: IntArray
    """Reverse post-order position per block (unreachable blocks last)."""
    ipdom: tuple[int, ...]
    """Immediate post-dominator per block (EXIT for the virtual exit)."""
    loops: tuple[GraphLoop, ...]
    entering: dict[tuple[int, int], tuple[int, ...]]
    """Loops an edge enters, by (source, target)."""
    closes: dict[int, tuple[int, ...]]
    """Loops whose lanes a block releases, by block: the nearest common
    post-dominator of the loop's exit blocks, where a warp's lanes that left
    the loop by any exit meet again."""
    header_of: dict[int, int]
    """The loop a block heads, by block."""
    barrier: tuple[bool, ...]
    """Whether a block may execute a barrier (it holds one, or a call), by block."""


@dataclass(frozen=True)
class GraphInfo(GraphShape):
    """What the stack machine needs to know about a region, computed once."""

    terminators: tuple[Terminator, ...]
    """The compiled terminator of each block."""


def graph_shape(region: Region) -> GraphShape:
    """The block graph facts of a multi-block region."""
    cfg = ControlFlowGraph(region)
    blocks = tuple(region.blocks)
    index = {b: i for i, b in enumerate(blocks)}
    rank = np.full(len(blocks), _UNREACHABLE, dtype=np.int64)
    for position, block in enumerate(cfg.graph.reverse_post_order):
        rank[index[block]] = position
    post = cfg.post_dominator_tree
    ipdom = tuple(_index_or_exit(post.ipdom(b), index) for b in blocks)
    loops = tuple(
        GraphLoop(index[loop.header], frozenset(index[b] for b in loop.body))
        for loop in cfg.loop_forest.loops
    )
    return GraphShape(
        blocks=blocks,
        index=index,
        rank=rank,
        ipdom=ipdom,
        loops=loops,
        entering=_entering(cfg, index, loops),
        closes=_closing_blocks(cfg, index),
        header_of={loop.header: i for i, loop in enumerate(loops)},
        barrier=tuple(_may_sync(b) for b in blocks),
    )


def build_graph_info(region: Region) -> GraphInfo:
    shape = graph_shape(region)
    terminators = tuple(_terminator_of(b, shape.index) for b in shape.blocks)
    facts = [getattr(shape, f.name) for f in fields(GraphShape)]
    return GraphInfo(*facts, terminators=terminators)


def _terminator_of(block: Block, index: dict[Block, int]) -> Terminator:
    terminator = block.last_op
    assert terminator is not None, "a block of a cf graph has a terminator"
    return compile_terminator(terminator, index)


def _may_sync(block: Block) -> bool:
    return any(
        op.name in ("simt.barrier", "simt.grid_barrier", "func.call")
        for op in block.walk()
    )


def _closing_blocks(
    cfg: ControlFlowGraph, index: dict[Block, int]
) -> dict[int, tuple[int, ...]]:
    closes: dict[int, list[int]] = {}
    post = cfg.post_dominator_tree
    for i, loop in enumerate(cfg.loop_forest.loops):
        exits = loop.exit_blocks
        meet = post.common_post_dominator(exits) if exits else None
        if meet is not None:
            closes.setdefault(index[meet], []).append(i)
    return {block: tuple(loops) for block, loops in closes.items()}


def _index_or_exit(block: Block | None, index: dict[Block, int]) -> int:
    return EXIT if block is None else index[block]


def _entering(
    cfg: ControlFlowGraph, index: dict[Block, int], loops: tuple[GraphLoop, ...]
) -> dict[tuple[int, int], tuple[int, ...]]:
    entering: dict[tuple[int, int], tuple[int, ...]] = {}
    for source, target in cfg.graph.edges:
        s, t = index[source], index[target]
        entered = tuple(
            i for i, loop in enumerate(loops) if t in loop.body and s not in loop.body
        )
        if entered:
            entering[(s, t)] = entered
    return entering


class _Stacks:
    """The reconvergence stacks of all warps, as arrays indexed [level, warp]."""

    def __init__(
        self, num_warps: int, warp_size: int, mask: BoolArray, entry: int
    ) -> None:
        self.warp_size = warp_size
        self.warp_index = np.arange(num_warps)
        self.slot_index = np.arange(num_warps * warp_size)
        capacity = 8
        self.pc = np.full((capacity, num_warps), EXIT, dtype=np.int64)
        self.rpc = np.full((capacity, num_warps), NEVER, dtype=np.int64)
        self.mask = np.zeros((capacity, num_warps * warp_size), dtype=np.bool_)
        live = mask.reshape(num_warps, warp_size).any(axis=1)
        self.sp: IntArray = np.asarray(live, dtype=np.int64)
        self.pc[0, live] = entry
        self.mask[0] = mask

    def top(self) -> IntArray:
        return np.maximum(self.sp - 1, 0)

    def top_pc(self) -> IntArray:
        return self.pc[self.top(), self.warp_index]

    def earliest_pending(self, rank: IntArray) -> IntArray:
        """Per warp, the earliest reverse post-order position of a pc on its
        stack (the point its slowest pending lanes are at)."""
        levels = np.arange(len(self.pc))[:, None]
        ranks = rank[np.maximum(self.pc, 0)]
        pending = (levels < self.sp) & (self.pc != EXIT)
        return np.where(pending, ranks, _UNREACHABLE).min(axis=0)

    def top_mask(self, warps: BoolArray) -> BoolArray:
        """The lanes of the top entries of `warps`."""
        top = self.top()
        levels = top[warps]
        selected = np.repeat(warps, self.warp_size)
        if int(levels.min()) == int(levels.max()):
            return self.mask[int(levels[0])] & selected
        return self.mask[np.repeat(top, self.warp_size), self.slot_index] & selected

    def reserve(self, depth: int) -> None:
        capacity = len(self.pc)
        if depth < capacity:
            return
        grow = max(depth + 1, 2 * capacity) - capacity
        self.pc = np.concatenate([self.pc, np.full((grow, self.pc.shape[1]), EXIT)])
        self.rpc = np.concatenate([self.rpc, np.full((grow, self.rpc.shape[1]), NEVER)])
        self.mask = np.concatenate(
            [self.mask, np.zeros((grow, self.mask.shape[1]), dtype=np.bool_)]
        )

    def push(self, warps: IntArray, pc: int, rpc: int, lanes: BoolArray) -> None:
        level = self.sp[warps]
        self.reserve(int(level.max()) + 1)
        self.pc[level, warps] = pc
        self.rpc[level, warps] = rpc
        slots = (warps[:, None] * self.warp_size + np.arange(self.warp_size)).ravel()
        self.mask[np.repeat(level, self.warp_size), slots] = lanes[slots]
        self.sp[warps] += 1

    def pop_finished(self, warps: IntArray, check_empty: bool) -> None:
        """Pops the top entries of `warps` that reached their reconvergence pc
        (or lost all their lanes), until none does."""
        lanes_of = warps[:, None] * self.warp_size + np.arange(self.warp_size)
        while len(warps):
            top = np.maximum(self.sp[warps] - 1, 0)
            done = (self.sp[warps] > 0) & (self.pc[top, warps] == self.rpc[top, warps])
            if check_empty:
                lanes = self.mask[top[:, None], lanes_of]
                done |= (self.sp[warps] > 0) & ~lanes.any(axis=1)
            if not done.any():
                return
            self.sp[warps[done]] -= 1
            warps = warps[done]
            lanes_of = lanes_of[done]


class GraphRun:
    """One execution of a multi-block region for a set of lanes."""

    def __init__(
        self, machine: Machine, region: Region, env: Env, mask: ExecMask, kernel: bool
    ) -> None:
        self.machine = machine
        self.info: GraphInfo = machine.graph_info(
            region, lambda: build_graph_info(region)
        )
        self.env = env
        self.kernel = kernel
        self.warp_size = machine.warp_size
        self.base_depth = machine.depth
        self.stacks = _Stacks(machine.num_warps, self.warp_size, mask.array, 0)
        self.returned = False
        self.results: list[Value] | None = None
        self.in_loop = [
            np.zeros(machine.num_slots, dtype=np.bool_) for _ in self.info.loops
        ]
        self.loop_counters = [
            machine.loop_counter(self.info.blocks[loop.header], "cf loop")
            for loop in self.info.loops
        ]
        machine.note_depth(self.base_depth[mask.warps])

    def run(self) -> list[Value]:
        stacks = self.stacks
        while True:
            live = stacks.sp > 0
            if not live.any():
                break
            pcs = stacks.top_pc()
            block = self._next_block(pcs, live)
            selected = live & (pcs == block)
            mask = ExecMask(stacks.top_mask(selected), self.warp_size)
            self._execute(block, mask)
            stacks.pop_finished(np.flatnonzero(selected), self.returned)
        self.machine.depth = self.base_depth
        return self.results if self.results is not None else []

    def _next_block(self, pcs: IntArray, live: BoolArray) -> int:
        """The block to run next (see the module docstring, "Scheduling")."""
        assert not (live & (pcs == EXIT)).any(), "a live entry at the virtual exit"
        info = self.info
        key = self.stacks.earliest_pending(info.rank)
        behind = live & (key == key[live].min())
        tops = pcs[behind]
        block = int(tops[np.argmax(info.rank[tops])])
        if not info.barrier[block]:
            return block
        present = np.flatnonzero(np.bincount(pcs[live], minlength=len(info.blocks)))
        return int(present[np.argmin(info.rank[present])])

    def _execute(self, block: int, mask: ExecMask) -> None:
        machine = self.machine
        machine.depth = self.base_depth - 1 + self.stacks.sp
        self._loop_bookkeeping(block, mask)
        code = machine.compiled(self.info.blocks[block])
        machine.run_block(code, self.env, mask)
        self.info.terminators[block](self, block, mask)

    def _loop_bookkeeping(self, block: int, mask: ExecMask) -> None:
        for loop in self.info.closes.get(block, ()):
            self.in_loop[loop] &= ~mask.array
        heading = self.info.header_of.get(block)
        if heading is None:
            return
        inside = np.count_nonzero(
            self.in_loop[heading].reshape(-1, self.warp_size), axis=1
        )
        idle = int((inside - mask.warp_counts)[mask.warps].sum())
        self.loop_counters[heading].iterate(mask.issued, mask.lanes, max(idle, 0))

    # -- terminators ---------------------------------------------------------

    def bind(self, source: int, edge: Edge, lanes: ExecMask) -> None:
        """Passes block arguments and enters loops along the edge, for `lanes`."""
        env = self.env
        values = [env[a] for a in edge.args]
        for param, value in zip(edge.params, values, strict=True):
            env[param] = merge(lanes, value, env.get(param))
        for loop in self.info.entering.get((source, edge.target), ()):
            self.in_loop[loop] |= lanes.array
            counter: LoopCounter = self.loop_counters[loop]
            counter.enter(lanes.issued, lanes.lanes)

    def branch(
        self,
        block: int,
        targets: Sequence[int],
        lanes: Sequence[ExecMask],
        op: Operation | None,
    ) -> None:
        """Moves the warps of `lanes` to `targets` (see the module docstring);
        `op` is the branch to count in the statistics (None for `cf.br`)."""
        stacks = self.stacks
        used = np.stack([m.warps for m in lanes])
        ways = used.sum(axis=0)
        split = np.flatnonzero(ways > 1)
        if op is not None:
            issued = int(np.count_nonzero(ways))
            self.machine.branch_counter(op).add(issued, len(split))
        top = stacks.top()
        for target, warps in zip(targets, used, strict=True):
            uniform = np.flatnonzero(warps & (ways == 1))
            stacks.pc[top[uniform], uniform] = target
        if len(split):
            self._diverge(block, split, targets, lanes, used)

    def _diverge(
        self,
        block: int,
        split: IntArray,
        targets: Sequence[int],
        lanes: Sequence[ExecMask],
        used: BoolArray,
    ) -> None:
        stacks = self.stacks
        reconverge = self.info.ipdom[block]
        top = stacks.top()
        reuse = stacks.rpc[top[split], split] == reconverge
        stacks.pc[top[split[~reuse]], split[~reuse]] = reconverge
        stacks.sp[split[reuse]] -= 1
        for way in reversed(range(len(targets))):
            if targets[way] == reconverge:
                continue
            warps = split[used[way][split]]
            if len(warps):
                stacks.push(warps, targets[way], reconverge, lanes[way].array)
        self.machine.note_depth(self.base_depth[split] - 1 + stacks.sp[split])

    def finish(self, values: Sequence[Value], mask: ExecMask) -> None:
        """`func.return` for the active lanes: record results, end the lanes."""
        if self.results is None:
            self.results = list(values)
        else:
            self.results = [
                merge(mask, v, r) for v, r in zip(values, self.results, strict=True)
            ]
        self.stacks.mask[:, mask.indices] = False
        self.returned = True
        if self.kernel:
            self.machine.alive[mask.indices] = False


@dataclass(frozen=True)
class Edge:
    """A successor of a terminator: its block index and argument keys."""

    target: int
    params: tuple[int, ...]
    """Keys of the target block's arguments."""
    args: tuple[int, ...]
    """Keys of the values passed to them."""


def _edge(index: dict[Block, int], target: Block, args: Sequence[SSAValue]) -> Edge:
    return Edge(
        index[target], tuple(id(a) for a in target.args), tuple(id(a) for a in args)
    )


Terminator = Callable[["GraphRun", int, ExecMask], None]


def compile_terminator(op: Operation, index: dict[Block, int]) -> Terminator:
    """The runner of a block's terminator on the reconvergence stacks."""
    if isinstance(op, cf.BranchOp):
        return _compile_br(_edge(index, op.successor, op.arguments))
    if isinstance(op, cf.ConditionalBranchOp):
        return _compile_cond_br(op, index)
    if isinstance(op, cf.SwitchOp):
        return _compile_switch(op, index)
    if isinstance(op, func.ReturnOp):
        results = tuple(id(v) for v in op.arguments)
        return lambda run, block, mask: run.finish([run.env[k] for k in results], mask)
    raise fault(op, "is not a terminator the simulator knows in a cf graph")


def _compile_br(edge: Edge) -> Terminator:
    def run_br(run: GraphRun, block: int, mask: ExecMask) -> None:
        run.bind(block, edge, mask)
        run.branch(block, [edge.target], [mask], None)

    return run_br


def _compile_cond_br(op: cf.ConditionalBranchOp, index: dict[Block, int]) -> Terminator:
    cond = id(op.cond)
    then = _edge(index, op.then_block, op.then_arguments)
    other = _edge(index, op.else_block, op.else_arguments)
    same = op.then_block is op.else_block

    def run_cond_br(run: GraphRun, block: int, mask: ExecMask) -> None:
        c = run.env[cond]
        taken, rest = mask.split(c)
        if taken.any:
            run.bind(block, then, taken)
        if rest.any:
            run.bind(block, other, rest)
        if same:
            run.branch(block, [then.target], [mask], op)
        else:
            run.branch(block, [then.target, other.target], [taken, rest], op)

    return run_cond_br


def _compile_switch(op: cf.SwitchOp, index: dict[Block, int]) -> Terminator:
    flag = id(op.flag)
    cases = [
        (value, _edge(index, successor, operands))
        for value, successor, operands in zip(
            _case_values(op), op.case_blocks, _case_segments(op), strict=True
        )
    ]
    default = _edge(index, op.default_block, op.default_operands)

    def run_switch(run: GraphRun, block: int, mask: ExecMask) -> None:
        value = run.env[flag]
        remaining = mask
        targets: list[int] = []
        lanes: list[ExecMask] = []
        for case, edge in cases:
            lanes.append(remaining.select(value == case))
            remaining = remaining.select_not(value == case)
            targets.append(edge.target)
            if lanes[-1].any:
                run.bind(block, edge, lanes[-1])
        targets.append(default.target)
        lanes.append(remaining)
        if remaining.any:
            run.bind(block, default, remaining)
        merged = _merge_same_targets(targets, lanes)
        run.branch(block, merged[0], merged[1], op)

    return run_switch


def _merge_same_targets(
    targets: list[int], lanes: list[ExecMask]
) -> tuple[list[int], list[ExecMask]]:
    unique: dict[int, ExecMask] = {}
    for target, mask in zip(targets, lanes, strict=True):
        found = unique.get(target)
        unique[target] = (
            mask
            if found is None
            else ExecMask(found.array | mask.array, mask.warp_size)
        )
    return list(unique), list(unique.values())


def _case_values(op: cf.SwitchOp) -> list[int]:
    if op.case_values is None:
        return []
    values: Any = op.case_values.get_values()
    return [int(v) for v in values]


def _case_segments(op: cf.SwitchOp) -> list[tuple[SSAValue, ...]]:
    sizes = op.case_operand_segments.get_values()
    operands = tuple(op.case_operands)
    segments: list[tuple[SSAValue, ...]] = []
    start = 0
    for size in sizes:
        segments.append(operands[start : start + int(size)])
        start += int(size)
    return segments


def run_graph(
    machine: Machine, region: Region, env: Env, mask: ExecMask
) -> list[Value]:
    """Runs a multi-block function body for the active lanes; returns its results."""
    return GraphRun(machine, region, env, mask, kernel=machine.call_depth == 0).run()
