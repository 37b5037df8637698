"""Divergence analysis: which values and branches may differ between warp lanes.

Source: B. Coutinho, D. Sampaio, F. M. Q. Pereira, W. Meira Jr., "Divergence
Analysis and Optimizations" (PACT 2011), Sec. III: Theorem 3.1 (a variable is
divergent iff it is tid, is defined atomically, or is data or sync dependent
on a divergent variable), Theorem 3.3 and Algorithm 7 (sync dependence turned
into data dependence by gating the phi-functions at the immediate
post-dominator of a divergent branch and by splitting live ranges at the
exits of a loop whose exit is divergent), and the j1 / j example of Fig. 6
and Fig. 8 (j1 stays uniform inside a divergent loop, its value after the
loop is divergent). The join rule below is LLVM's (Karrenberg and Hack's
"divergent joins", `SyncDependenceAnalysis`), which is the same idea stated
for SSA with block arguments.

A value is *uniform* when every active lane of a warp holds the same value
wherever it is used; a branch is uniform when every active lane takes the
same way. The analysis proves uniformity; everything it cannot prove is
*divergent*.

Rules, applied with an iterative worklist until nothing changes:
1. sources: each op declares how its results relate to lanes
   (`simt.model.facts.result_divergence`; an op that declares nothing is an
   error, not a default): thread and lane ids, atomics, guard tests,
   private allocations and calls are divergence sources; constants, block
   ids and sizes, the warp size, votes and ballots are always uniform; so
   are kernel arguments. Arguments of a function that is not a kernel (no
   `simt.kernel`) are divergent.
2. data dependence: an op with a divergent operand has divergent results.
3. memory: a load (an op whose results depend on the memory it reads) is
   data dependent on its memref and indices.
   With the default (`lockstep_loads=False`) it is divergent as well when
   the function writes memory the load may read (any store, atomic or call
   writing global memory: kernel arrays may alias one another), so the
   answer holds even where lanes of a warp do not load at the same instant
   (independent thread scheduling). `lockstep_loads=True` is the paper's
   rule (LD of Fig. 5): in lockstep all active lanes load at once, so a
   uniform address gives a uniform value.
4. sync dependence, structured: the results of `scf.if` /
   `scf.index_switch` with a divergent condition, of `scf.while` whose
   `scf.condition` is divergent and of `scf.for` with a divergent bound are
   divergent. Inside a loop, iteration arguments follow data dependence
   only (the j1 rule); the induction variable of `scf.for` is divergent
   only with a divergent lower bound or step.
5. sync dependence, `cf` blocks: for a divergent `cf.cond_br` / `cf.switch`
   in block B with immediate post-dominator P, let IR(B) be the blocks on
   paths from B to P (P excluded). A block of IR(B) reached from two
   different successors of B, a successor that two edges of B reach (a
   `cf.switch` whose cases share a target, each with its own arguments),
   and P itself, is a divergent join: each of
   its block arguments is divergent unless every incoming edge passes the
   same value (step 1.a of Algorithm 7). A loop L containing B gets a
   divergent exit when IR(B) or P leaves L or IR(B) holds an exiting block of
   L; a value defined in such a loop is divergent at every use outside it
   (step 1.b: the live range split at the exit), while it keeps its own
   answer inside the loop.

    ^h(%j: i32):                          %j, %j1: uniform (data dependence)
      %j1 = arith.addi %j, %one           %p = tid-dependent: divergent
      cf.cond_br %p, ^h(%j1), ^exit       the loop exit is divergent
    ^exit:
      %x = arith.muli %j1, %j1            %x: divergent (use after the loop)

The analysis never changes the IR; `DivergenceInfo` holds its answers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from xdsl.dialects import cf, func, scf
from xdsl.ir import Block, BlockArgument, Operation, OpResult, Region, SSAValue

from simt.analysis.cfg import ControlFlowGraph
from simt.analysis.loops import Loop
from simt.dialects import simt
from simt.model.facts import Divergence, may_write_memory, result_divergence
from simt.model.kernel import is_kernel

BRANCH_OPS: tuple[type[Operation], ...] = (
    cf.ConditionalBranchOp,
    cf.SwitchOp,
    scf.IfOp,
    scf.IndexSwitchOp,
    scf.ForOp,
    scf.WhileOp,
    simt.GuardedOp,
)
"""The ops `is_divergent_branch` answers for."""

_Item = Operation | Block


@dataclass(frozen=True)
class DivergenceInfo:
    """The answers of the divergence analysis of one or more functions.

    Every SSA value defined in the analyzed functions (op results and block
    arguments, function arguments included) is in `values`; every branching
    op (see `BRANCH_OPS`) is in `branches`.
    """

    values: tuple[SSAValue, ...]
    divergent_values: frozenset[SSAValue]
    branches: tuple[Operation, ...]
    divergent_branches: frozenset[Operation]
    lockstep_loads: bool
    divergent_uses: frozenset[tuple[SSAValue, Operation]] = frozenset()
    """(value, user) pairs where a value that is uniform where it is defined
    may differ at the user: the user is outside a loop with a divergent exit
    that defines the value (the paper's live-range split, step 1.b)."""

    def is_divergent(self, value: SSAValue) -> bool:
        """True unless the analysis proved that all active lanes hold one value."""
        self._check_value(value)
        return value in self.divergent_values

    def is_uniform(self, value: SSAValue) -> bool:
        return not self.is_divergent(value)

    def is_divergent_at(self, value: SSAValue, user: Operation) -> bool:
        """Whether `value` may differ between the active lanes when `user`
        reads it (divergent, or defined in a loop that lanes left in
        different iterations while `user` is after that loop)."""
        return self.is_divergent(value) or (value, user) in self.divergent_uses

    def is_divergent_branch(self, op: Operation) -> bool:
        """True unless the analysis proved that all active lanes go one way."""
        if not isinstance(op, BRANCH_OPS):
            raise ValueError(f"expected a branching op, found '{op.name}'")
        if op not in self._branch_set:
            raise ValueError(f"'{op.name}' is not in the analyzed functions")
        return op in self.divergent_branches

    @property
    def uniform_values(self) -> tuple[SSAValue, ...]:
        return tuple(v for v in self.values if v not in self.divergent_values)

    @property
    def uniform_branches(self) -> tuple[Operation, ...]:
        return tuple(b for b in self.branches if b not in self.divergent_branches)

    @cached_property
    def _branch_set(self) -> frozenset[Operation]:
        return frozenset(self.branches)

    @cached_property
    def _value_set(self) -> frozenset[SSAValue]:
        return frozenset(self.values)

    def _check_value(self, value: SSAValue) -> None:
        if value not in self.divergent_values and value not in self._value_set:
            raise ValueError(f"value of type {value.type} is not in the analyzed code")


def analyze_divergence(
    root: Operation, *, lockstep_loads: bool = False
) -> DivergenceInfo:
    """Runs the analysis on `root`: a `func.func`, or any op holding functions."""
    functions = [op for op in root.walk() if isinstance(op, func.FuncOp)]
    values: list[SSAValue] = []
    branches: list[Operation] = []
    divergent: set[SSAValue] = set()
    divergent_branches: set[Operation] = set()
    divergent_uses: set[tuple[SSAValue, Operation]] = set()
    for function in functions:
        solver = _Solver(function, lockstep_loads)
        solver.run()
        values.extend(_defined_values(function))
        branches.extend(op for op in function.walk() if isinstance(op, BRANCH_OPS))
        divergent |= solver.divergent
        divergent_branches |= solver.divergent_branches
        divergent_uses |= solver.divergent_uses()
    return DivergenceInfo(
        values=tuple(values),
        divergent_values=frozenset(divergent),
        branches=tuple(branches),
        divergent_branches=frozenset(divergent_branches),
        lockstep_loads=lockstep_loads,
        divergent_uses=frozenset(divergent_uses),
    )


def _defined_values(function: func.FuncOp) -> Iterator[SSAValue]:
    for block in _blocks(function):
        yield from block.args
    for op in function.walk():
        if op is not function:
            yield from op.results


def _blocks(op: Operation) -> Iterator[Block]:
    for nested in op.walk():
        for region in nested.regions:
            yield from region.blocks


# ---------------------------------------------------------------------------
# The solver
# ---------------------------------------------------------------------------


class _RegionFlow:
    """The cf block graph of one region, its loops and the loop of each block."""

    def __init__(self, region: Region) -> None:
        self.cfg = ControlFlowGraph(region)
        forest = self.cfg.loop_forest
        self.loops_of: dict[Block, tuple[Loop[Block], ...]] = {
            block: forest.loops_containing(block) for block in self.cfg.graph.nodes
        }
        self.joined = 0
        """Joins found through reachability bit sets so far (see `_new_joins`)."""


class _Solver:
    """The worklist fixpoint for one function; only `run` mutates it."""

    def __init__(self, function: func.FuncOp, lockstep_loads: bool) -> None:
        self.function = function
        self.divergent: set[SSAValue] = set()
        self.divergent_branches: set[Operation] = set()
        self._flows = {region: _RegionFlow(region) for region in _cf_regions(function)}
        self._joins: set[Block] = set()
        self._divergent_exits: set[tuple[Region, Block]] = set()
        self._divergent_cycles: set[tuple[Region, frozenset[Block]]] = set()
        self._loads_divergent = not lockstep_loads and _writes_memory(function)
        self._worklist: deque[_Item] = deque()
        self._queued: set[_Item] = set()

    def run(self) -> None:
        if not is_kernel(self.function):
            for arg in self.function.args:
                self._mark(arg)
        for op in self.function.walk():
            if op is not self.function:
                self._push(op)
        while self._worklist:
            item = self._worklist.popleft()
            self._queued.discard(item)
            if isinstance(item, Block):
                self._visit_block(item)
            else:
                self._visit_op(item)

    def divergent_uses(self) -> set[tuple[SSAValue, Operation]]:
        """The uses outside a loop with a divergent exit of values defined in it."""
        uses: set[tuple[SSAValue, Operation]] = set()
        for region, flow in self._flows.items():
            for loop in flow.cfg.loop_forest.loops:
                if (region, loop.header) not in self._divergent_exits:
                    continue
                for block in loop.body:
                    for value in _values_in_block(block):
                        uses.update(
                            (value, use.operation)
                            for use in value.uses
                            if _ancestor_block_in(use.operation, region) not in loop
                        )
        for region, cycle in self._divergent_cycles:
            for block in cycle:
                for value in _values_in_block(block):
                    uses.update(
                        (value, use.operation)
                        for use in value.uses
                        if _ancestor_block_in(use.operation, region) not in cycle
                    )
        return uses

    # -- worklist -----------------------------------------------------------

    def _push(self, item: _Item) -> None:
        if item not in self._queued:
            self._queued.add(item)
            self._worklist.append(item)

    def _mark(self, value: SSAValue) -> None:
        if value in self.divergent:
            return
        self.divergent.add(value)
        for use in value.uses:
            self._push(use.operation)

    def _mark_all(self, values: Iterable[SSAValue]) -> None:
        for value in values:
            self._mark(value)

    def _divergent_at(self, value: SSAValue, user: _Item) -> bool:
        """Whether `value` may differ between the active lanes at `user`."""
        if value in self.divergent:
            return True
        if not self._divergent_exits and not self._divergent_cycles:
            return False
        block = _defining_block(value)
        region = block.parent
        flow = self._flows.get(region) if region is not None else None
        if flow is None or region is None:
            return False
        use_block = _ancestor_block_in(user, region)
        if any(
            (region, loop.header) in self._divergent_exits and use_block not in loop
            for loop in flow.loops_of.get(block, ())
        ):
            return True
        return any(
            r is region and block in cycle and use_block not in cycle
            for r, cycle in self._divergent_cycles
        )

    def _any_divergent_at(self, values: Iterable[SSAValue], user: _Item) -> bool:
        return any(self._divergent_at(v, user) for v in values)

    # -- visiting ops ---------------------------------------------------------

    def _visit_op(self, op: Operation) -> None:
        kind = result_divergence(op)
        if kind is Divergence.SOURCE:
            self._mark_all(op.results)
        elif kind is Divergence.UNIFORM:
            return
        elif kind is Divergence.MEMORY:
            self._visit_load(op)
        elif kind is Divergence.STRUCTURAL:
            self._visit_structural(op)
        elif kind is Divergence.MASK:
            if self._divergent_at(op.operands[0], op):
                self._mark_all(op.results)
        elif self._any_divergent_at(op.operands, op):
            self._mark_all(op.results)

    def _visit_structural(self, op: Operation) -> None:
        if isinstance(op, cf.ConditionalBranchOp | cf.SwitchOp):
            self._visit_cf_branch(op)
        elif op.successors:
            self._visit_jump(op)
        elif op.regions:
            self._visit_region_op(op)
        elif isinstance(op, scf.YieldOp | scf.ConditionOp | simt.YieldOp):
            self._push_parent(op)
        elif self._any_divergent_at(op.operands, op):
            self._mark_all(op.results)

    def _push_parent(self, op: Operation) -> None:
        parent = op.parent_op()
        if parent is not None:
            self._push(parent)

    def _visit_load(self, op: Operation) -> None:
        if self._loads_divergent or self._any_divergent_at(op.operands, op):
            self._mark_all(op.results)

    def _visit_jump(self, op: Operation) -> None:
        for successor in op.successors:
            self._push(successor)

    def _visit_cf_branch(self, op: cf.ConditionalBranchOp | cf.SwitchOp) -> None:
        condition = op.cond if isinstance(op, cf.ConditionalBranchOp) else op.flag
        if self._divergent_at(condition, op) and op not in self.divergent_branches:
            self.divergent_branches.add(op)
            self._sync_dependence(op)
        self._visit_jump(op)

    def _visit_region_op(self, op: Operation) -> None:
        if isinstance(op, scf.IfOp):
            self._visit_if(op, op.cond)
        elif isinstance(op, scf.IndexSwitchOp):
            self._visit_if(op, op.arg)
        elif isinstance(op, scf.ForOp):
            self._visit_for(op)
        elif isinstance(op, scf.WhileOp):
            self._visit_while(op)
        elif isinstance(op, simt.GuardedOp):
            self.divergent_branches.add(op)
            self._mark_all(op.results)
        elif not isinstance(op, func.FuncOp):
            self._visit_unknown_region_op(op)

    def _visit_unknown_region_op(self, op: Operation) -> None:
        """Conservative: every result and region argument is divergent."""
        self._mark_all(op.results)
        for region in op.regions:
            for block in region.blocks:
                self._mark_all(block.args)

    def _visit_if(self, op: scf.IfOp | scf.IndexSwitchOp, condition: SSAValue) -> None:
        divergent_condition = self._divergent_at(condition, op)
        if divergent_condition:
            self.divergent_branches.add(op)
        for index, result in enumerate(op.results):
            yielded = _yielded(op.regions, index)
            if divergent_condition or self._any_divergent_at(yielded, op):
                self._mark(result)

    def _visit_for(self, op: scf.ForOp) -> None:
        body = op.body.block
        divergent_start = self._any_divergent_at((op.lb, op.step), op)
        divergent_trip = divergent_start or self._divergent_at(op.ub, op)
        if divergent_trip:
            self.divergent_branches.add(op)
        if divergent_start:
            self._mark(body.args[0])
        yields = _terminator_operands(body)
        for index, init in enumerate(op.iter_args):
            carried = self._divergent_at(init, op) or (
                index < len(yields) and self._divergent_at(yields[index], op)
            )
            if carried:
                self._mark(body.args[index + 1])
            if carried or divergent_trip:
                self._mark(op.results[index])

    def _visit_while(self, op: scf.WhileOp) -> None:
        before, after = op.before_region.block, op.after_region.block
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        divergent_exit = self._divergent_at(condition.condition, op)
        if divergent_exit:
            self.divergent_branches.add(op)
        back = _terminator_operands(after)
        for index, arg in enumerate(before.args):
            incoming = [op.arguments[index], *back[index : index + 1]]
            if self._any_divergent_at(incoming, op):
                self._mark(arg)
        for index, value in enumerate(condition.args):
            if self._divergent_at(value, op):
                self._mark(after.args[index])
            if divergent_exit or self._divergent_at(value, op):
                self._mark(op.results[index])

    # -- cf blocks and sync dependence ----------------------------------------

    def _visit_block(self, block: Block) -> None:
        incoming = _incoming_values(block)
        if incoming is None:
            self._mark_all(block.args)
            return
        is_join = block in self._joins
        for index, arg in enumerate(block.args):
            values = [edge[index] for edge in incoming]
            if self._any_divergent_at(values, block) or (
                is_join and len(set(values)) > 1
            ):
                self._mark(arg)

    def _sync_dependence(self, op: Operation) -> None:
        block = op.parent_block()
        region = block.parent if block is not None else None
        flow = self._flows.get(region) if region is not None else None
        if block is None or region is None or flow is None:
            return
        post_dominator = flow.cfg.post_dominator_tree.ipdom(block)
        for join in self._new_joins(flow, block, post_dominator):
            self._joins.add(join)
            self._push(join)
        loops = flow.loops_of.get(block, ())
        if post_dominator is None:
            # Lanes that reach different exits leave every loop apart.
            for loop in loops:
                self._divergent_exit(region, loop)
            return
        influence = _influence_region(flow, block, post_dominator)
        for loop in loops:
            if _exits_divergently(loop, influence, post_dominator):
                self._divergent_exit(region, loop)
        cycle = _cycle_through(flow, block, influence, post_dominator)
        if cycle:
            self._divergent_cycle(flow, region, cycle)

    def _divergent_cycle(
        self, flow: _RegionFlow, region: Region, cycle: frozenset[Block]
    ) -> None:
        """Lanes split at a branch of `cycle` run its blocks a different number
        of times before they meet again: a value defined in it is divergent at
        every use outside it, as with a loop's divergent exit (the cycle may be
        smaller than any loop of the forest: a self-loop inside a loop whose
        header it shares reconverges at a block of that loop)."""
        key = (region, cycle)
        if key in self._divergent_cycles:
            return
        self._divergent_cycles.add(key)
        for block in cycle:
            for value in _values_in_block(block):
                for use in value.uses:
                    self._push(use.operation)
            for successor in flow.cfg.graph.succs(block):
                if successor not in cycle:
                    self._push(successor)

    def _new_joins(
        self, flow: _RegionFlow, block: Block, post_dominator: Block | None
    ) -> Iterable[Block]:
        """The divergent joins of the branch ending `block`, less some that
        are joins already (visited then, and again whenever an incoming
        value changes, so nothing is lost by not queueing them again).

        Without P (the successors reach different exits), IR(B) may be the
        rest of the function for each of many branches: the graph's
        reachability bit sets answer then, rather than one search per
        successor and branch, and the region's joins so far, kept as a bit
        set too, leave only the new ones to list."""
        if post_dominator is not None:
            return _divergent_joins(flow, block, post_dominator)
        reachability = flow.cfg.graph.reachability
        joins = reachability.bits_reached_from_several(flow.cfg.graph.succs(block))
        new = joins & ~flow.joined
        flow.joined |= new
        return [*reachability.nodes_of(new), *_shared_targets(block)]

    def _divergent_exit(self, region: Region, loop: Loop[Block]) -> None:
        key = (region, loop.header)
        if key in self._divergent_exits:
            return
        self._divergent_exits.add(key)
        for block in loop.body:
            for value in _values_in_block(block):
                for use in value.uses:
                    self._push(use.operation)
        for exit_block in loop.exit_blocks:
            self._push(exit_block)


# ---------------------------------------------------------------------------
# Helpers on the IR and the graphs
# ---------------------------------------------------------------------------


def _cf_regions(function: func.FuncOp) -> Iterator[Region]:
    """The regions under `function` with a block graph (several blocks)."""
    for op in function.walk():
        for region in op.regions:
            if len(region.blocks) > 1:
                yield region


def _defining_block(value: SSAValue) -> Block:
    if isinstance(value, BlockArgument):
        return value.block
    assert isinstance(value, OpResult)
    block = value.op.parent_block()
    assert block is not None, "a used value is defined inside a block"
    return block


def _ancestor_block_in(item: _Item, region: Region) -> Block | None:
    """The block of `region` that holds `item` (a block or an op), if any."""
    block = item if isinstance(item, Block) else item.parent_block()
    while block is not None and block.parent is not region:
        parent_op = block.parent_op()
        block = parent_op.parent_block() if parent_op is not None else None
    return block


def _values_in_block(block: Block) -> Iterator[SSAValue]:
    yield from block.args
    for op in block.ops:
        for nested in op.walk():
            yield from nested.results


def _terminator_operands(block: Block) -> Sequence[SSAValue]:
    terminator = block.last_op
    return terminator.operands if terminator is not None else ()


def _yielded(regions: Sequence[Region], index: int) -> list[SSAValue]:
    values: list[SSAValue] = []
    for region in regions:
        for block in region.blocks:
            operands = _terminator_operands(block)
            if index < len(operands):
                values.append(operands[index])
    return values


def successor_operands(op: Operation) -> list[tuple[Block, Sequence[SSAValue]]] | None:
    """The (successor, values passed to its arguments) edges of a cf terminator;
    None for a terminator this module does not know."""
    if isinstance(op, cf.BranchOp):
        return [(op.successor, op.arguments)]
    if isinstance(op, cf.ConditionalBranchOp):
        return [(op.then_block, op.then_arguments), (op.else_block, op.else_arguments)]
    if isinstance(op, cf.SwitchOp):
        return _switch_edges(op)
    return None


def _switch_edges(op: cf.SwitchOp) -> list[tuple[Block, Sequence[SSAValue]]]:
    edges: list[tuple[Block, Sequence[SSAValue]]] = [
        (op.default_block, op.default_operands)
    ]
    sizes = op.case_operand_segments.get_values()
    start = 0
    for block, size in zip(op.case_blocks, sizes, strict=True):
        edges.append((block, op.case_operands[start : start + size]))
        start += size
    return edges


def _incoming_values(block: Block) -> list[Sequence[SSAValue]] | None:
    """The values each incoming edge passes to `block`'s arguments; None when
    an edge is unknown (entry blocks of regions are handled by their op)."""
    if block.parent is not None and block.parent.first_block is block:
        return [] if not block.args else None
    incoming: list[Sequence[SSAValue]] = []
    for pred in dict.fromkeys(block.predecessors()):
        edges = successor_operands(pred.last_op) if pred.last_op is not None else None
        if edges is None:
            return None
        incoming.extend(values for target, values in edges if target is block)
    return incoming


def _influence_region(
    flow: _RegionFlow, block: Block, post_dominator: Block
) -> frozenset[Block]:
    """IR(B): the blocks on paths from B's successors to its ipdom, ipdom excluded."""
    return flow.cfg.graph.reachable_from(flow.cfg.graph.succs(block), (post_dominator,))


def _divergent_joins(
    flow: _RegionFlow, block: Block, post_dominator: Block
) -> set[Block]:
    """P, and the blocks of IR(B) reached from two different successors of B."""
    graph = flow.cfg.graph
    seen_from: dict[Block, int] = {}
    for successor in dict.fromkeys(graph.succs(block)):
        for reached in graph.reachable_from((successor,), (post_dominator,)):
            seen_from[reached] = seen_from.get(reached, 0) + 1
    joins = {b for b, count in seen_from.items() if count > 1}
    joins.update(_shared_targets(block))
    joins.add(post_dominator)
    return joins


def _shared_targets(block: Block) -> list[Block]:
    """The successors of `block` that more than one of its edges reach: lanes
    that take different edges to one of them may pass it different values."""
    terminator = block.last_op
    edges = successor_operands(terminator) if terminator is not None else None
    targets = [target for target, _ in edges or ()]
    return [t for t in dict.fromkeys(targets) if targets.count(t) > 1]


def _cycle_through(
    flow: _RegionFlow,
    block: Block,
    influence: frozenset[Block],
    post_dominator: Block | None,
) -> frozenset[Block]:
    """The blocks of IR(B) on a cycle through B itself, and B (empty when B
    is not on one): lanes that split at B may go round it different numbers
    of times before they reach B's ipdom."""
    if block not in influence:
        return frozenset()
    avoiding = () if post_dominator is None else (post_dominator,)
    back = flow.cfg.graph.reaching((block,), avoiding)
    return frozenset(b for b in influence if b in back) | {block}


def _exits_divergently(
    loop: Loop[Block], influence: frozenset[Block], post_dominator: Block
) -> bool:
    """Whether lanes that split at a divergent branch in `loop` may leave it
    in different iterations."""
    if post_dominator not in loop:
        return True
    if any(b not in loop for b in influence):
        return True
    return any(b in loop.exiting_blocks for b in influence)


def _writes_memory(function: func.FuncOp) -> bool:
    """Whether any op of `function` may write memory that a load may read."""
    return any(may_write_memory(op) for op in function.walk() if not op.regions)
