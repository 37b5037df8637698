"""`simt-linearize`: control-flow linearization with a guard variable.

Source: J. Anantpur, R. Govindarajan, "Taming Control Divergence in GPUs
through Control Flow Linearization" (CC 2014): Algorithms 1-3, §4.2 (O1-O3),
§5.3 (nesting depth). The graph algorithms live in
`simt.analysis.regions` (Algorithms 2 and 3) and
`simt.analysis.linearize_algo` (Algorithm 1, guard-value propagation, O1-O3);
this module maps a function's `cf` block graph onto them and back.

For each function whose body has several blocks:

1. a fresh entry block and a single exit block (every `func.return` becomes a
   branch to it) give every region a CIDOM and a CIPDOM; a block that only
   returns is reused as that exit, so that an early `return` inside a loop
   does not pull the code before the loop into its region;
2. edges into blocks that only branch on (`^e: cf.br ^s`, the frontend's
   split edges) are sent straight to `^s`, except back edges and blocks whose
   arguments are read after them: such blocks hide branches into branches
   from Definition 1 and would each cost a guard test;
3. while the block graph has an unstructured edge (Definition 1), the largest
   minimal unstructured region (Algorithm 2) is linearized: its structured
   sub-regions (Algorithm 3) are first lifted to `scf` in place, so each is
   one block guarded once at its entry; then the region's blocks become one
   block holding the plan of Algorithm 1 as structured IR;
4. the remaining, structured, block graph is lifted to `scf` (sequences,
   if-then(-else) diamonds, while and do-while loops) by
   `simt.passes.utils.cfg_to_scf`, which also lifts the sub-regions of step
   3; should a shape remain that the lifting does not know, the whole body
   is linearized, so the result never holds a `cf` op.

Linearized region, with guard `%g` (ids in reverse post-order, exit = k):

    %g = simt.guard.create 0 : !simt.guard<k+1>
    %s1 = scf.while (%v = %init) {          // only if a retreating edge exists
      %t = simt.guard.test %g, 0            // one step per block
      %v1 = scf.if %t -> (i32) {
        <block 0>
        simt.guard.select %g, %c, 1, 2      // "branch": record the successor
        scf.yield %new
      } else { scf.yield %v }
      simt.guarded %g, 1 { <block 1> ... }  // a step that carries no value
      %back = simt.guard.test %g, 0          // the back-edge guard
      scf.condition(%back) %v1
    } do { ... scf.yield }
    cf.br ^exit(%s1)                         // lifted away with the rest

The emitter walks the plan recursively (`_steps` -> `_unit` -> `_steps`):
recursion over nested regions of bounded depth (loop nesting plus O2's
nesting, at most `MAX_NEST`); everything over the block graph (lifting,
threading, regions) is an iterative worklist.

Values that cross blocks of a region (block arguments, and results used in
another block or after the region) are carried as SSA values: each step
yields the new values of the "slots" it writes (an `scf.if` whose else branch
yields the old ones), loops carry them as iter_args. This keeps the IR
verifiable and free of memory traffic: the lowering sees ordinary phis and
registers, no private memory. A slot starts as a zero constant; it is read
only by blocks its definition dominates, so the zero is never observed.
Values of other than integer, index or float type cannot be carried and
make the pass fail with the location of the value. An exit argument that
every edge from the region passes the same value from outside it is not
carried: that value is used.

From level 1 on (outside `max-depth` regions), a loop's back-edge guard is
not tested at the end of the iteration: an i1 carried by the `scf.while`
mirrors it, set by one guard test before the loop and updated with every
guard update in the loop (to the branch condition, its negation or a
constant, by which of the two ids the back-edge guard continues on; after
a nested loop, by a test of the guard). The loop's condition is then the
branch conditions themselves, `while (i < m && !found)`, and LLVM sees the
canonical loop rather than a compare of a guard phi (first_match).

An `ELSE` step (see `simt.analysis.linearize_algo`, point 6) is the else
region of the `scf.if` on the guard test of the step before it.

Guard stores the lowering cannot remove are left out where no test can see
them: a lane moving to a block whose id no test checks (the exit, or a step
entered on its predecessor's branch condition, O3) keeps its own id when no
later test checks that either (outside loops ids only grow along the steps;
inside a loop the own id must be checked nowhere). A step left empty is
dropped.

`max-depth` (§5.3): when at least 0, each `scf.if`/`scf.for`/`scf.while` at
that nesting depth (0 = the function body) that holds nested control flow is
lowered to blocks and linearized as one region, so branches nested below it
no longer grow the reconvergence stack, and lanes that leave an inner loop
early go on with the next outer iteration (loop merging, §5.2: the loops of
the region are merged into the outermost one, whose back-edge guard
continues on every header's id, and the blocks are numbered so that loop
exits follow the loop). Guards of regions linearized before, inside the op,
move to the op's start (a `simt.guard.set` to their initial id stays where
each was created), since a guard cannot be carried as a value. O2 nests no
step inside another there (O3, which needs that nesting, then finds nothing
to merge; O1 applies): nested tests would be nested divergent branches
again, and the reconvergence stack would grow back with the nesting.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, cf, func, memref, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    i1,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.transforms.convert_scf_to_cf import ForLowering, IfLowering
from xdsl.utils.exceptions import PassFailedException

from simt.analysis.cfg import ControlFlowGraph
from simt.analysis.graph import DiGraph
from simt.analysis.linearize_algo import (
    MAX_LEVEL,
    Linearization,
    LoopStep,
    StepTest,
    UnitStep,
    linearize,
)
from simt.analysis.regions import (
    UnstructuredRegion,
    outermost_regions,
    structured_subregions,
    unstructured_regions,
)
from simt.dialects import simt
from simt.model.locations import describe_op
from simt.passes.utils.cfg_to_scf import lift_cf_to_scf
from simt.passes.utils.scf_to_cf import WhileLowering


@dataclass(frozen=True)
class LinearizePass(ModulePass):
    """Linearizes the unstructured regions of every function with a guard
    variable and lifts all control flow to `scf`.

    Input invariant: functions whose bodies are `cf` block graphs ending in
    `cf.br`, `cf.cond_br`, `cf.switch` (rewritten into a chain of
    `cf.cond_br`s first) or `func.return` (`scf` ops may sit in the blocks);
    irreducible graphs are accepted. Every block must reach a return.

    Output IR: no `cf` op remains in a processed function; its body is one
    block. Each linearized region is a sequence of guarded steps
    (`simt.guarded`, or `scf.if` on `simt.guard.test` or on a branch
    condition) in reverse post-order, wrapped in `scf.while` loops where the
    region had retreating edges; structured sub-regions appear as ordinary
    `scf` ops inside one step. `level` picks the optimizations of §4.2
    (0: none, 1: O1, 2: O1+O2, 3: O1+O2+O3). `max-depth` (>= 0) also
    linearizes each `scf` op at that nesting depth that holds nested control
    flow, with nested loops merged (§5.2) and steps kept flat (§5.3).
    `interleave` numbers the blocks of acyclic regions breadth-first, so
    the blocks of a branch's two arms alternate (§5.1, Fig. 7).

    Invariants: the semantics of every lane (the same blocks run in the same
    order with the same values); no block is duplicated; a region of n
    blocks with r retreating edges gets at most n + r guard tests (Claim 3).
    Barriers inside a linearized region end up under guard tests, which is
    only sound when the region is warp-uniform there.
    """

    name = "simt-linearize"

    level: int = MAX_LEVEL
    max_depth: int = -1
    interleave: bool = False

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not 0 <= self.level <= MAX_LEVEL:
            raise PassFailedException(
                f"simt-linearize: expected level in [0, {MAX_LEVEL}], found {self.level}"
            )
        functions = [f for f in op.walk() if isinstance(f, func.FuncOp)]
        for function in functions:
            if function.body.blocks:
                linearize_function(function, self.level, self.interleave)
        if self.max_depth >= 0:
            for function in functions:
                if function.body.blocks:
                    linearize_deep_nests(
                        function, self.max_depth, self.level, self.interleave
                    )


MAX_NEST = 32
"""O2 nests a step under its dominator's at most this deep: the plan and the
IR it becomes are walked recursively (nested regions of this bounded depth,
plus the region's loop nesting), and every level is one more entry on the
reconvergence stack of a divergent warp."""


@dataclass(frozen=True)
class RegionOptions:
    """How one region is linearized (see `simt.analysis.linearize_algo.linearize`)."""

    level: int = MAX_LEVEL
    """The optimizations of §4.2: 0 none, 1 O1, 2 O1+O2, 3 O1+O2+O3."""
    max_nest: int | None = MAX_NEST
    """How deep O2 may nest steps (None: unbounded)."""
    merge_loops: bool = False
    """Merge nested loops into their outermost one (§5.2)."""
    interleave: bool = False
    """Number an acyclic region's blocks breadth-first (§5.1, Fig. 7)."""


# ---------------------------------------------------------------------------
# Planning
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LinearizationPlan:
    """What `linearize_function` would do to a function's block graph.

    `guarded` are the blocks it puts under guard tests: those of the
    unstructured regions (Algorithm 2), or every reachable block when a
    region has no common dominator and post-dominator in the graph as it is
    (the pass then adds a single entry and exit first and may linearize the
    whole body). The rest of the graph is only lifted to `scf`.
    """

    function: func.FuncOp
    guarded: frozenset[Block]

    @property
    def linearizes(self) -> bool:
        """Whether any block would run under a guard."""
        return bool(self.guarded)


def plan_linearization(
    function: func.FuncOp, cfg: ControlFlowGraph | None = None
) -> LinearizationPlan:
    """The plan for `function` (its body's graph `cfg`, if already built)."""
    cfg = cfg if cfg is not None else ControlFlowGraph(function.body)
    edges = cfg.unstructured_edges.edges
    if not edges:
        return LinearizationPlan(function, frozenset())
    try:
        regions = unstructured_regions(
            cfg.graph, edges, cfg.dominator_tree, cfg.post_dominator_tree
        )
    except ValueError:
        return LinearizationPlan(function, cfg.graph.reachable)
    return LinearizationPlan(function, frozenset(b for r in regions for b in r.blocks))


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------


def linearize_function(
    function: func.FuncOp, level: int, interleave: bool = False
) -> None:
    """Linearizes the unstructured regions of `function` and lifts the rest."""
    options = RegionOptions(level, interleave=interleave)
    body = function.body
    if len(body.blocks) <= 1:
        return
    _lower_switches(body)
    _check_terminators(body)
    _remove_unreachable(body)
    _check_exits(body)
    _add_entry_block(body)
    _hoist_allocas(body)
    _unify_returns(body, function)
    _thread_empty_blocks(body)
    exit_split = False
    while True:
        cfg = ControlFlowGraph(body)
        edges = cfg.unstructured_edges.edges
        if not edges:
            break
        region = _largest_region(cfg, edges)
        if region is None and not exit_split:
            # An unstructured edge into the return block (two exits of a loop
            # that meet there, a return inside a loop): its region ends at the
            # graph's exit, so it has no post-dominator outside itself until
            # the return moves to a block of its own.
            _split_exit(body)
            exit_split = True
            continue
        if region is None:
            raise PassFailedException(
                f"simt-linearize: {_where(function)}: expected every unstructured "
                "region to have a common dominator and post-dominator, found one "
                "without (an infinite loop?)"
            )
        units = _lift_subregions(cfg, region, edges)
        linearize_region(body, units, region.entry, region.exit, options)
    lift_cf_to_scf(body)
    if len(body.blocks) > 1:
        _linearize_everything(body, options)


def _largest_region(
    cfg: ControlFlowGraph, edges: frozenset[tuple[Block, Block]]
) -> UnstructuredRegion[Block] | None:
    """The largest outermost region of `edges`; None when one has no bounds."""
    try:
        regions = unstructured_regions(
            cfg.graph, edges, cfg.dominator_tree, cfg.post_dominator_tree
        )
    except ValueError:
        return None
    return outermost_regions(regions)[0]


def _split_exit(body: Region) -> None:
    """Moves the `func.return` of the (unified) return block into a fresh
    block, to which the old one branches."""
    returns = [b for b in body.blocks if isinstance(b.last_op, func.ReturnOp)]
    assert len(returns) == 1, "returns were unified"
    ret = returns[0].last_op
    assert isinstance(ret, func.ReturnOp)
    exit_block = Block(arg_types=[v.type for v in ret.arguments])
    body.add_block(exit_block)
    exit_block.add_op(func.ReturnOp(*exit_block.args))
    returns[0].add_op(cf.BranchOp(exit_block, *ret.arguments))
    _erase(ret)


def _lift_subregions(
    cfg: ControlFlowGraph,
    region: UnstructuredRegion[Block],
    edges: frozenset[tuple[Block, Block]],
) -> frozenset[Block]:
    """Algorithm 3: lifts each structured sub-region to one block; returns the
    region's remaining blocks."""
    subregions = structured_subregions(
        cfg.graph, region, edges, cfg.dominator_tree, cfg.post_dominator_tree
    )
    erased: set[Block] = set()
    for sub in subregions:
        erased |= lift_cf_to_scf(cfg.region, sub.blocks.__contains__, sub.entry)
    return frozenset(region.blocks - erased)


def _linearize_everything(body: Region, options: RegionOptions) -> None:
    """Linearizes every block between a fresh entry and the return block."""
    _add_entry_block(body)
    _hoist_allocas(body)
    entry = body.blocks.first
    assert entry is not None
    returns = [b for b in body.blocks if isinstance(b.last_op, func.ReturnOp)]
    assert len(returns) == 1, "returns were unified"
    units = frozenset(b for b in body.blocks if b is not entry and b is not returns[0])
    linearize_region(body, units, entry, returns[0], options)
    lift_cf_to_scf(body)
    assert len(body.blocks) == 1, "a linearized body is a sequence of blocks"


def _check_terminators(body: Region) -> None:
    for block in body.blocks:
        term = block.last_op
        if isinstance(term, cf.BranchOp | cf.ConditionalBranchOp | func.ReturnOp):
            continue
        found = "nothing" if term is None else term.name
        raise PassFailedException(
            f"simt-linearize: {_where(term)}: expected a block to end with cf.br, "
            f"cf.cond_br or func.return, found {found}"
        )


def _lower_switches(body: Region) -> None:
    """Rewrites every `cf.switch` into a chain of `cf.cond_br`s, one per case
    in order (`flag == value`), the last one falling through to the default;
    each test after the first sits in a block of its own."""
    for switch in [b.last_op for b in body.blocks]:
        if not isinstance(switch, cf.SwitchOp):
            continue
        block = switch.parent_block()
        assert block is not None
        cases = list(
            zip(
                _case_values(switch),
                switch.case_blocks,
                switch.case_operand,
                strict=True,
            )
        )
        fallthrough: tuple[Block, Sequence[SSAValue]] = (
            switch.default_block,
            switch.default_operands,
        )
        for value, target, args in reversed(cases[1:]):
            test = Block()
            body.insert_block_after(test, block)
            _switch_test(test, switch.flag, value, (target, args), fallthrough)
            fallthrough = (test, ())
        if cases:
            value, target, args = cases[0]
            _switch_test(block, switch.flag, value, (target, args), fallthrough)
        else:
            block.add_op(cf.BranchOp(fallthrough[0], *fallthrough[1]))
        _erase(switch)


def _case_values(switch: cf.SwitchOp) -> list[int]:
    values = switch.case_values
    return [] if values is None else [int(v) for v in values.get_values()]


def _switch_test(
    block: Block,
    flag: SSAValue,
    value: int,
    taken: tuple[Block, Sequence[SSAValue]],
    otherwise: tuple[Block, Sequence[SSAValue]],
) -> None:
    """Ends `block` with `cf.cond_br (flag == value), taken, otherwise`."""
    assert isinstance(flag.type, IntegerType | IndexType), "cf.switch verified"
    constant = arith.ConstantOp.from_int_and_width(value, flag.type)
    equal = arith.CmpiOp(flag, constant, "eq")
    branch = cf.ConditionalBranchOp(equal, taken[0], taken[1], *otherwise)
    anchor = block.last_op if isinstance(block.last_op, cf.SwitchOp) else None
    for op in (constant, equal, branch):
        if anchor is not None:
            block.insert_op_before(op, anchor)
        else:
            block.add_op(op)


def _where(op: Operation | None) -> str:
    """`file:line:col: 'op'` when the op carries a source location, else
    the function that holds it (`in @k: 'op'`)."""
    if op is None:
        return "<unknown location>"
    return describe_op(op)


def _check_exits(body: Region) -> None:
    """Every reachable block must reach a return: a region without an exit
    has no CIPDOM, and Algorithm 1 needs one."""
    graph = ControlFlowGraph(body).graph
    returns = [b for b in body.blocks if isinstance(b.last_op, func.ReturnOp)]
    stuck = graph.reachable - graph.reaching(returns)
    for block in body.blocks:
        if block not in stuck:
            continue
        raise PassFailedException(
            f"simt-linearize: {_where(block.last_op)}: expected every block to "
            "reach a func.return, found a block that never does (an infinite "
            "loop); a region without an exit cannot be linearized"
        )


def _remove_unreachable(body: Region) -> None:
    graph = ControlFlowGraph(body).graph
    dead = [b for b in body.blocks if not graph.is_reachable(b)]
    for block in dead:
        body.detach_block(block)
    for block in dead:
        for op in block.ops:
            op.drop_all_references()
    for block in dead:
        for arg in block.args:
            for use in list(arg.uses):
                use.operation.drop_all_references()


def _add_entry_block(body: Region) -> None:
    """Puts a block before the entry that only branches to it, so that the old
    entry may belong to a region; the function arguments move to the new one."""
    old = body.blocks.first
    assert old is not None
    new = Block(arg_types=[a.type for a in old.args])
    body.insert_block_before(new, old)
    for arg, new_arg in zip(old.args, new.args, strict=True):
        arg.replace_all_uses_with(new_arg)
    for arg in reversed(old.args):
        old.erase_arg(arg)
    new.add_op(cf.BranchOp(old))


def _hoist_allocas(body: Region) -> None:
    """Moves every `memref.alloca` of a static shape and every
    `memref.get_global` from the blocks of `body` to its (fresh) entry
    block: a memref cannot be carried from one block of a linearized region
    to another, private memory allocated once at the start serves every
    block (its contents start undefined either way), and a global's address
    is the same wherever it is taken."""
    entry = body.blocks.first
    assert entry is not None and entry.last_op is not None
    for block in list(body.blocks)[1:]:
        for op in list(block.ops):
            if isinstance(op, memref.AllocaOp | memref.GetGlobalOp) and not op.operands:
                op.detach()
                entry.insert_op_before(op, entry.last_op)


def _unify_returns(body: Region, function: func.FuncOp) -> None:
    """Replaces every `func.return` by a branch to one exit block.

    A block that only returns its arguments is reused as that exit, so a
    `return` inside a branch joins the function's own end there: the region
    of an early exit then ends at that block instead of at a fresh one that
    would also pull the code before the early exit into the region.
    """
    returns = [b.last_op for b in body.blocks if isinstance(b.last_op, func.ReturnOp)]
    exit_block = _return_only_block(body)
    if exit_block is None:
        result_types = function.function_type.outputs.data
        exit_block = Block(arg_types=result_types)
        body.add_block(exit_block)
        exit_block.add_op(func.ReturnOp(*exit_block.args))
    for ret in returns:
        if ret is exit_block.last_op:
            continue
        assert ret is not None
        block = ret.parent_block()
        assert block is not None
        block.add_op(cf.BranchOp(exit_block, *ret.operands))
        _erase(ret)


def _thread_empty_blocks(body: Region) -> None:
    """Sends every edge into a block that only branches on (`^e: cf.br ^s`)
    straight to its target, unless that edge closes a loop.

    The frontend splits edges with such blocks (a `break`, the `else` of a
    short circuit); they hide from Definition 1 the branches into branches
    they carry (an edge into a block with one predecessor never meets its
    condition 1) and would each cost a guard test. An edge into a loop header
    stays, so every loop keeps its latch; so does a block whose arguments
    are used beyond its own branch (they are phis the blocks after it read).
    """
    # Bypassing a block keeps the paths between the other blocks, so their
    # dominance holds, and only the predecessors' terminators change: one
    # dominator tree serves every round, and after a bypass only those
    # predecessors need another look. The heap visits blocks in region order,
    # so blocks are bypassed in the order of a rescan from the start.
    dom = ControlFlowGraph(body).dominator_tree
    blocks = list(body.blocks)
    index = {block: i for i, block in enumerate(blocks)}
    pending = list(range(1, len(blocks)))
    queued = set(pending)
    while pending:
        position = heapq.heappop(pending)
        queued.discard(position)
        block = blocks[position]
        term = block.last_op
        if block.first_op is not term or not isinstance(term, cf.BranchOp):
            continue
        if term.successor is block or dom.dominates(term.successor, block):
            continue
        if any(u.operation is not term for a in block.args for u in a.uses):
            continue
        preds = {index[p] for p in block.predecessors()} - {0}
        _bypass(block, term)
        for i in preds - queued:
            heapq.heappush(pending, i)
            queued.add(i)


def _bypass(block: Block, term: cf.BranchOp) -> None:
    """Retargets the predecessors of the empty `block` to its successor and
    removes it."""
    for pred in set(block.predecessors()):
        old = pred.last_op
        assert old is not None
        succs = [
            (term.successor, _substituted(term.arguments, block, args))
            if succ is block
            else (succ, args)
            for succ, args in _successors(old)
        ]
        pred.insert_op_before(_branch_to(old, succs), old)
        _erase(old)
    body = block.parent
    assert body is not None
    body.detach_block(block)
    _erase(term)
    block.erase()


def _substituted(
    values: Sequence[SSAValue], block: Block, args: Sequence[SSAValue]
) -> list[SSAValue]:
    mapping: dict[SSAValue, SSAValue] = dict(zip(block.args, args, strict=True))
    return [mapping.get(v, v) for v in values]


def _branch_to(old: Operation, succs: list[tuple[Block, list[SSAValue]]]) -> Operation:
    if len(succs) == 1:
        return cf.BranchOp(succs[0][0], *succs[0][1])
    assert isinstance(old, cf.ConditionalBranchOp)
    (then_block, then_args), (else_block, else_args) = succs
    return cf.ConditionalBranchOp(
        old.cond, then_block, then_args, else_block, else_args
    )


def _return_only_block(body: Region) -> Block | None:
    """A block, not the entry, whose only op returns its arguments in order."""
    for block in body.blocks:
        term = block.last_op
        if block is body.blocks.first or block.first_op is not term:
            continue
        if isinstance(term, func.ReturnOp) and list(term.arguments) == list(block.args):
            return block
    return None


def _top_block(op: Operation, region: Region) -> Block | None:
    """The block of `region` that holds `op`, possibly through nested regions."""
    block = op.parent_block()
    while block is not None and block.parent is not region:
        parent = block.parent_op()
        if parent is None:
            return None
        block = parent.parent_block()
    return block


# ---------------------------------------------------------------------------
# Linearizing one region (Algorithm 1 as structured IR)
# ---------------------------------------------------------------------------


def linearize_region(
    body: Region,
    units: frozenset[Block],
    entry: Block,
    exit_block: Block,
    options: RegionOptions,
) -> Block:
    """Replaces the blocks `units` of `body`, entered from `entry` only and
    left to `exit_block` only, by one block; returns it."""
    graph = _region_graph(body, units, entry, exit_block)
    plan = linearize(
        graph,
        exit_block,
        options.level,
        options.max_nest,
        options.merge_loops,
        options.interleave,
    )
    mirror = options.level >= 1 and not options.merge_loops
    return _RegionEmitter(body, plan, graph, entry, exit_block, mirror).emit()


def _successors(term: Operation) -> list[tuple[Block, list[SSAValue]]]:
    if isinstance(term, cf.BranchOp):
        return [(term.successor, list(term.arguments))]
    if isinstance(term, cf.ConditionalBranchOp):
        return [
            (term.then_block, list(term.then_arguments)),
            (term.else_block, list(term.else_arguments)),
        ]
    return []


def _region_graph(
    body: Region, units: frozenset[Block], entry: Block, exit_block: Block
) -> DiGraph[Block]:
    edges: list[tuple[Block, Block]] = []
    for block in [entry, *(b for b in body.blocks if b in units)]:
        term = block.last_op
        assert term is not None
        for succ, _ in _successors(term):
            if block is entry and succ not in units:
                continue
            edges.append((block, succ))
    nodes = [entry, *(b for b in body.blocks if b in units), exit_block]
    return DiGraph.from_edges(entry, edges, nodes)


@dataclass(frozen=True)
class _Continue:
    """The slot mirroring a loop's back-edge guard (`guard in ids`)."""

    ids: frozenset[int]
    slot: int


@dataclass
class _Slots:
    """The values that cross blocks of a region, each with a slot number."""

    types: list[Attribute] = field(default_factory=list[Attribute])
    of_value: dict[SSAValue, int] = field(default_factory=dict[SSAValue, int])
    args: dict[Block, list[int]] = field(default_factory=dict[Block, list[int]])
    defined: dict[Block, list[int]] = field(default_factory=dict[Block, list[int]])
    fixed: dict[int, SSAValue] = field(default_factory=dict[int, SSAValue])
    """Slots of exit arguments that every edge inside the region passes the
    same value from outside the region: never carried, that value is used."""

    def add(self, value: SSAValue | None, type_: Attribute) -> int:
        self.types.append(type_)
        if value is not None:
            self.of_value[value] = len(self.types) - 1
        return len(self.types) - 1


class _RegionEmitter:
    """Emits the plan of one region as structured IR into a new block."""

    def __init__(
        self,
        body: Region,
        plan: Linearization[Block],
        graph: DiGraph[Block],
        entry: Block,
        exit_block: Block,
        mirror: bool,
    ) -> None:
        units = frozenset(plan.order)
        self._body = body
        self._plan = plan
        self._graph = graph
        self._units = units
        self._entry = entry
        self._exit = exit_block
        self._slots = _collect_slots(body, plan.order, units, exit_block)
        self._writes = {
            u: _own_writes(u, self._slots, units, exit_block) for u in plan.order
        }
        self._conditions: dict[Block, SSAValue] = {}
        self._block = Block()
        self._guard: SSAValue | None = None
        self._loop_depth = 0
        self._observed = _observed_ids(plan)
        self._mirror_loops = mirror
        self._continue: _Continue | None = None

    def emit(self) -> Block:
        first = next(b for b in self._body.blocks if b in self._units)
        self._body.insert_block_before(self._block, first)
        cur = self._enter()
        self._steps(self._plan.steps, self._block, cur)
        exit_values = [cur[s] for s in self._slots.args[self._exit]]
        self._block.add_op(cf.BranchOp(self._exit, *exit_values))
        self._export(cur)
        for unit in self._plan.order:
            self._body.detach_block(unit)
        for op in list(self._block.ops):
            if isinstance(op, arith.ConstantOp) and not op.result.uses:
                _erase(op)
        return self._block

    # -- entry -------------------------------------------------------------

    def _enter(self) -> dict[int, SSAValue]:
        term = self._entry.last_op
        assert term is not None
        into = [(succ, args) for succ, args in _successors(term) if succ in self._units]
        ids = self._plan.ids
        guard = simt.GuardCreateOp(self._plan.exit_id + 1, ids[into[0][0]])
        self._guard = guard.guard
        self._block.add_op(guard)
        cur = self._zeros()
        condition = term.cond if isinstance(term, cf.ConditionalBranchOp) else None
        if len(into) == 2 and into[0][0] is not into[1][0]:
            assert condition is not None
            self._block.add_op(
                simt.GuardSelectOp(guard, condition, ids[into[0][0]], ids[into[1][0]])
            )
        for succ, args in self._entry_args(into, condition):
            for slot, value in zip(self._slots.args[succ], args, strict=True):
                cur[slot] = value
        _retarget(term, self._units, self._block)
        return cur

    def _entry_args(
        self, into: list[tuple[Block, list[SSAValue]]], condition: SSAValue | None
    ) -> list[tuple[Block, list[SSAValue]]]:
        if len(into) == 2 and into[0][0] is into[1][0]:
            assert condition is not None
            merged = [
                self._select(self._block, condition, a, b)
                for a, b in zip(into[0][1], into[1][1], strict=True)
            ]
            return [(into[0][0], merged)]
        return into

    def _zeros(self) -> dict[int, SSAValue]:
        constants: dict[Attribute, SSAValue] = {}
        cur: dict[int, SSAValue] = {}
        for slot, type_ in enumerate(self._slots.types):
            if type_ not in constants:
                constant = _zero(type_)
                self._block.add_op(constant)
                constants[type_] = constant.result
            cur[slot] = constants[type_]
        cur.update(self._slots.fixed)
        return cur

    # -- steps -------------------------------------------------------------

    def _steps(
        self,
        steps: Iterable[UnitStep[Block] | LoopStep[Block]],
        block: Block,
        cur: dict[int, SSAValue],
    ) -> None:
        listed = list(steps)
        for index, step in enumerate(listed):
            after = listed[index + 1] if index + 1 < len(listed) else None
            if isinstance(step, LoopStep):
                self._loop(step, block, cur)
            elif step.test == StepTest.ELSE:
                continue  # emitted with the step before it
            elif isinstance(after, UnitStep) and after.test == StepTest.ELSE:
                self._unit_else(step, after, block, cur)
            else:
                self._unit(step, block, cur)

    def _written(self, step: UnitStep[Block] | LoopStep[Block]) -> list[int]:
        slots: set[int] = set()
        pending: list[UnitStep[Block] | LoopStep[Block]] = [step]
        while pending:
            current = pending.pop()
            if isinstance(current, UnitStep):
                slots.update(self._writes[current.node])
                if self._continue is not None and self._sets_guard(current.node):
                    slots.add(self._continue.slot)
                pending.extend(current.children)
            else:
                pending.extend(current.steps)
        return sorted(slots)

    def _unit(
        self, step: UnitStep[Block], block: Block, cur: dict[int, SSAValue]
    ) -> None:
        if step.test == StepTest.ALWAYS:
            self._body_of(step, block, cur)
            return
        written = self._written(step)
        inner = Block()
        inner_cur = dict(cur)
        self._body_of(step, inner, inner_cur)
        guard = self._guard
        assert guard is not None
        if not written and inner.first_op is None:
            return  # the step would do nothing: no test for it
        if step.test == StepTest.GUARD and not written:
            inner.add_op(simt.YieldOp())
            block.add_op(simt.GuardedOp(guard, step.block_id, (), Region(inner)))
            return
        inner.add_op(scf.YieldOp(*(inner_cur[s] for s in written)))
        skip = Block([scf.YieldOp(*(cur[s] for s in written))])
        condition = self._test(step, block)
        regions = (inner, skip) if step.test != StepTest.BRANCH_FALSE else (skip, inner)
        if_op = scf.IfOp(
            condition,
            [self._slots.types[s] for s in written],
            Region(regions[0]),
            Region(regions[1]),
        )
        block.add_op(if_op)
        for slot, result in zip(written, if_op.results, strict=True):
            cur[slot] = result

    def _unit_else(
        self,
        step: UnitStep[Block],
        other: UnitStep[Block],
        block: Block,
        cur: dict[int, SSAValue],
    ) -> None:
        """`step` and the `ELSE` step after it as the two branches of one
        `scf.if` on `step`'s guard test."""
        written = sorted(set(self._written(step)) | set(self._written(other)))
        then_block, else_block = Block(), Block()
        then_cur, else_cur = dict(cur), dict(cur)
        self._body_of(step, then_block, then_cur)
        self._body_of(other, else_block, else_cur)
        then_block.add_op(scf.YieldOp(*(then_cur[s] for s in written)))
        else_block.add_op(scf.YieldOp(*(else_cur[s] for s in written)))
        if_op = scf.IfOp(
            self._test(step, block),
            [self._slots.types[s] for s in written],
            Region(then_block),
            Region(else_block),
        )
        block.add_op(if_op)
        for slot, result in zip(written, if_op.results, strict=True):
            cur[slot] = result

    def _test(self, step: UnitStep[Block], block: Block) -> SSAValue:
        if step.test in (StepTest.BRANCH_TRUE, StepTest.BRANCH_FALSE):
            (pred,) = self._graph.preds(step.node)
            return self._conditions[pred]
        assert self._guard is not None
        test = simt.GuardTestOp(self._guard, step.block_id)
        block.add_op(test)
        return test.result

    def _body_of(
        self, step: UnitStep[Block], block: Block, cur: dict[int, SSAValue]
    ) -> None:
        unit = step.node
        self._rewrite_uses(unit, cur)
        term = unit.last_op
        assert term is not None
        for op in list(unit.ops):
            if op is not term:
                op.detach()
                block.add_op(op)
        for slot in self._slots.defined[unit]:
            cur[slot] = next(v for v, s in self._slots.of_value.items() if s == slot)
        self._branch(unit, term, block, cur)
        self._steps(step.children, block, cur)

    def _rewrite_uses(self, unit: Block, cur: dict[int, SSAValue]) -> None:
        """Points every use in `unit` of a value that crosses blocks at the
        value the slot holds here."""
        own = set(self._slots.defined[unit])
        for op in unit.walk():
            for index, operand in enumerate(op.operands):
                slot = self._slots.of_value.get(operand)
                if slot is None or slot in own:
                    continue
                op.operands[index] = cur[slot]

    def _branch(
        self, unit: Block, term: Operation, block: Block, cur: dict[int, SSAValue]
    ) -> None:
        """Replaces the unit's branch by guard updates and slot updates."""
        assert self._guard is not None
        succs = _successors(term)
        ids = self._plan.ids
        if isinstance(term, cf.ConditionalBranchOp):
            self._conditions[unit] = term.cond
        own = ids[unit]
        targets = self._guard_targets(unit, self._loop_depth > 0)
        if len(set(targets)) == 1 and targets[0] != own:
            block.add_op(simt.GuardSetOp(self._guard, targets[0]))
            self._mirror(block, cur, None, targets[0], targets[0])
        elif len(set(targets)) == 2:
            block.add_op(simt.GuardSelectOp(self._guard, term.operands[0], *targets))
            self._mirror(block, cur, term.operands[0], *targets)
        self._update_args(succs, term, block, cur)
        term.detach()
        _erase(term)

    def _mirror(
        self,
        block: Block,
        cur: dict[int, SSAValue],
        condition: SSAValue | None,
        then_id: int,
        else_id: int,
    ) -> None:
        """Updates the innermost loop's back-edge condition after a guard
        update to `then_id` where `condition` holds, else to `else_id`."""
        mirror = self._continue
        if mirror is None:
            return
        then_in, else_in = then_id in mirror.ids, else_id in mirror.ids
        if condition is None or then_in == else_in:
            constant = arith.ConstantOp(IntegerAttr(int(then_in), i1))
            block.add_op(constant)
            cur[mirror.slot] = constant.result
        elif then_in:
            cur[mirror.slot] = condition
        else:
            true = arith.ConstantOp(IntegerAttr(1, i1))
            negated = arith.XOrIOp(condition, true.result)
            block.add_ops((true, negated))
            cur[mirror.slot] = negated.result

    def _guard_targets(self, unit: Block, in_loop: bool) -> list[int]:
        """The guard value `unit`'s lanes hold after it, per successor."""
        term = unit.last_op
        assert term is not None
        ids = self._plan.ids
        return [
            ids[unit] if self._keeps_own_id(unit, succ, in_loop) else ids[succ]
            for succ, _ in _successors(term)
        ]

    def _sets_guard(self, unit: Block) -> bool:
        """Whether `unit`'s step (inside a loop) writes the guard."""
        targets = self._guard_targets(unit, in_loop=True)
        return len(set(targets)) == 2 or targets[0] != self._plan.ids[unit]

    def _keeps_own_id(self, unit: Block, succ: Block, in_loop: bool) -> bool:
        """Whether lanes of `unit` may go to `succ` without changing the
        guard: no test checks `succ`'s id (it is the exit, or its step is
        entered without a guard test), and none checks the lanes' own id
        again: outside loops ids grow along the steps (only back-edge guards
        look back), inside one the own id must be checked nowhere."""
        ids = self._plan.ids
        if succ is not self._exit and ids[succ] in self._observed:
            return False
        return not in_loop or ids[unit] not in self._observed

    def _update_args(
        self,
        succs: list[tuple[Block, list[SSAValue]]],
        term: Operation,
        block: Block,
        cur: dict[int, SSAValue],
    ) -> None:
        fixed = self._slots.fixed
        if len(succs) == 1:
            for slot, value in zip(
                self._slots.args[succs[0][0]], succs[0][1], strict=True
            ):
                cur[slot] = fixed.get(slot, value)
            return
        assert isinstance(term, cf.ConditionalBranchOp)
        (then_block, then_args), (else_block, else_args) = succs
        old = dict(cur)
        for slot, value in zip(self._slots.args[then_block], then_args, strict=True):
            if slot not in fixed:
                cur[slot] = self._select(block, term.cond, value, old[slot])
        if then_block is else_block:
            for slot, a, b in zip(
                self._slots.args[then_block], then_args, else_args, strict=True
            ):
                cur[slot] = fixed.get(slot) or self._select(block, term.cond, a, b)
            return
        for slot, value in zip(self._slots.args[else_block], else_args, strict=True):
            if slot not in fixed:
                cur[slot] = self._select(block, term.cond, old[slot], value)

    def _select(
        self, block: Block, condition: SSAValue, a: SSAValue, b: SSAValue
    ) -> SSAValue:
        if a is b:
            return a
        select = arith.SelectOp(condition, a, b)
        block.add_op(select)
        return select.result

    def _loop(
        self, step: LoopStep[Block], block: Block, cur: dict[int, SSAValue]
    ) -> None:
        outer = self._continue
        self._continue = self._mirror_for(step, block, cur)
        carried = self._written(step)
        types = [self._slots.types[s] for s in carried]
        before = Block(arg_types=types)
        inner_cur = dict(cur)
        for slot, arg in zip(carried, before.args, strict=True):
            inner_cur[slot] = arg
        self._loop_depth += 1
        self._steps(step.steps, before, inner_cur)
        self._loop_depth -= 1
        mirror, self._continue = self._continue, outer
        if mirror is None:
            condition = self._any_guard(step.continue_ids, before)
        else:
            condition = inner_cur[mirror.slot]
        before.add_op(scf.ConditionOp(condition, *(inner_cur[s] for s in carried)))
        after = Block(arg_types=types)
        after.add_op(scf.YieldOp(*after.args))
        loop = scf.WhileOp(
            [cur[s] for s in carried], types, Region(before), Region(after)
        )
        block.add_op(loop)
        for slot, result in zip(carried, loop.results, strict=True):
            cur[slot] = result
        if outer is not None:
            cur[outer.slot] = self._any_guard(outer.ids, block)

    def _mirror_for(
        self, step: LoopStep[Block], block: Block, cur: dict[int, SSAValue]
    ) -> _Continue | None:
        """A slot that holds whether the guard is one of the loop's
        `continue_ids`, tested once before the loop and then updated with
        every guard update in it (`_mirror`), so the back-edge condition is
        the branch conditions themselves rather than a test of the guard."""
        if not self._mirror_loops:
            return None
        slot = self._slots.add(None, i1)
        cur[slot] = self._any_guard(step.continue_ids, block)
        return _Continue(step.continue_ids, slot)

    def _any_guard(self, ids: frozenset[int], block: Block) -> SSAValue:
        assert self._guard is not None
        if not ids:
            false = arith.ConstantOp(IntegerAttr(0, i1))
            block.add_op(false)
            return false.result
        result: SSAValue | None = None
        for block_id in sorted(ids):
            test = simt.GuardTestOp(self._guard, block_id)
            block.add_op(test)
            if result is None:
                result = test.result
                continue
            either = arith.OrIOp(result, test.result)
            block.add_op(either)
            result = either.result
        assert result is not None
        return result

    # -- exit --------------------------------------------------------------

    def _export(self, cur: dict[int, SSAValue]) -> None:
        """Points uses after the region of values defined in it at the values
        their slots hold when the region is left."""
        for value, slot in self._slots.of_value.items():
            value.replace_uses_with_if(
                cur[slot],
                lambda use: _top_block(use.operation, self._body) is not self._block,
            )


def _observed_ids(plan: Linearization[Block]) -> frozenset[int]:
    """The guard values some test compares with: the ids of steps with a
    guard test and the ids each back-edge guard continues on."""
    observed: set[int] = set()
    for step in plan.walk():
        if isinstance(step, LoopStep):
            observed |= step.continue_ids
        elif step.test == StepTest.GUARD:
            observed.add(step.block_id)
    return frozenset(observed)


def _retarget(term: Operation, units: frozenset[Block], new: Block) -> None:
    """Sends the entry's edges into the region to `new`, without arguments."""
    block = term.parent_block()
    assert block is not None
    succs = _successors(term)
    targets = [(new, []) if succ in units else (succ, args) for succ, args in succs]
    if len(targets) == 1 or targets[0][0] is targets[1][0] is new:
        replacement: Operation = cf.BranchOp(new)
    else:
        assert isinstance(term, cf.ConditionalBranchOp)
        replacement = cf.ConditionalBranchOp(
            term.cond, targets[0][0], targets[0][1], targets[1][0], targets[1][1]
        )
    block.insert_op_before(replacement, term)
    _erase(term)


def _collect_slots(
    body: Region, order: Sequence[Block], units: frozenset[Block], exit_block: Block
) -> _Slots:
    slots = _Slots()
    for unit in order:
        slots.args[unit] = [slots.add(arg, arg.type) for arg in unit.args]
        slots.defined[unit] = []
    slots.args[exit_block] = [slots.add(None, arg.type) for arg in exit_block.args]
    for slot, value in _exit_constants(order, units, exit_block).items():
        slots.fixed[slots.args[exit_block][slot]] = value
    for unit in order:
        for op in unit.ops:
            for result in op.results:
                if any(_top_block(u.operation, body) is not unit for u in result.uses):
                    _check_carriable(result, op)
                    slots.defined[unit].append(slots.add(result, result.type))
    for unit in order:
        for arg in unit.args:
            _check_carriable(arg, _passing_branch(arg))
    return slots


def _passing_branch(arg: SSAValue) -> Operation | None:
    """A branch that passes a value to the block argument `arg`."""
    block = arg.owner
    assert isinstance(block, Block)
    return next((p.last_op for p in block.predecessors()), block.first_op)


def _exit_constants(
    order: Sequence[Block], units: frozenset[Block], exit_block: Block
) -> dict[int, SSAValue]:
    """The exit's arguments (by index) that every edge from a unit passes the
    same value defined outside the units (so it dominates the region)."""
    passed: dict[int, set[SSAValue]] = {i: set() for i in range(len(exit_block.args))}
    for unit in order:
        term = unit.last_op
        assert term is not None
        for succ, args in _successors(term):
            if succ is exit_block:
                for index, value in enumerate(args):
                    passed[index].add(value)
    return {
        index: next(iter(values))
        for index, values in passed.items()
        if len(values) == 1 and _top_block_of(next(iter(values))) not in units
    }


def _top_block_of(value: SSAValue) -> Block | None:
    """The block defining `value`; a branch operand is defined at the top
    level of a block of the function body (or is an argument of one)."""
    owner = value.owner
    return owner if isinstance(owner, Block) else owner.parent_block()


def _check_carriable(value: SSAValue, op: Operation | None) -> None:
    if isinstance(value.type, IntegerType | IndexType | AnyFloat):
        return
    raise PassFailedException(
        f"simt-linearize: {_where(op)}: cannot carry a value of type {value.type} "
        "from one block of a linearized region to another (expected an integer, "
        "index or float type)"
    )


def _own_writes(
    unit: Block, slots: _Slots, units: frozenset[Block], exit_block: Block
) -> list[int]:
    written = list(slots.defined[unit])
    term = unit.last_op
    assert term is not None
    for succ, _ in _successors(term):
        written.extend(s for s in slots.args[succ] if s not in slots.fixed)
    return sorted(set(written))


def _zero(type_: Attribute) -> arith.ConstantOp:
    if isinstance(type_, AnyFloat):
        return arith.ConstantOp(FloatAttr(0.0, type_))
    assert isinstance(type_, IntegerType | IndexType)
    return arith.ConstantOp(IntegerAttr(0, type_))


# ---------------------------------------------------------------------------
# max-depth: linearizing deep structured nests (§5.2, §5.3)
# ---------------------------------------------------------------------------


def linearize_deep_nests(
    function: func.FuncOp, max_depth: int, level: int, interleave: bool = False
) -> None:
    """Linearizes each control-flow op at nesting depth `max_depth` that holds
    nested control flow (see the module doc)."""
    options = RegionOptions(level, 0, merge_loops=True, interleave=interleave)
    for op in _deep_nests(function, max_depth):
        _linearize_structured_op(op, options)


_CONTROL = (scf.IfOp, scf.ForOp, scf.WhileOp)


def _deep_nests(function: func.FuncOp, max_depth: int) -> list[Operation]:
    found: list[Operation] = []
    for op in function.walk():
        if not isinstance(op, _CONTROL) or _depth(op, function) != max_depth:
            continue
        if any(isinstance(inner, _CONTROL) for inner in op.walk() if inner is not op):
            found.append(op)
    return found


def _depth(op: Operation, function: func.FuncOp) -> int:
    depth = 0
    current = op.parent_op()
    while current is not None and current is not function:
        if isinstance(current, _CONTROL):
            depth += 1
        current = current.parent_op()
    return depth


def _linearize_structured_op(op: Operation, options: RegionOptions) -> None:
    """Lowers `op` and everything in it to the blocks of a scratch function,
    linearizes them all, and puts the resulting ops where `op` was."""
    parent = op.parent_block()
    anchor = op.next_op
    assert parent is not None and anchor is not None, "scf ops are not terminators"
    start, inner = Block(), Block()
    exit_block = Block(arg_types=[r.type for r in op.results])
    scratch = Region([start, inner, exit_block])
    start.add_op(cf.BranchOp(inner))
    op.detach()
    inner.add_op(op)
    leave = cf.BranchOp(exit_block, *op.results)
    inner.add_op(leave)
    for result, arg in zip(op.results, exit_block.args, strict=True):
        result.replace_uses_with_if(arg, lambda use: use.operation is not leave)
    exit_block.add_op(func.ReturnOp(*exit_block.args))
    _hoist_guards(op, start)
    holder = func.FuncOp("simt_linearize_scratch", ([], []), scratch)
    _lower_to_blocks(scratch)
    units = frozenset(
        b for b in scratch.blocks if b is not start and b is not exit_block
    )
    linearize_region(scratch, units, start, exit_block, options)
    lift_cf_to_scf(scratch)
    block = scratch.blocks.first
    assert block is not None and len(scratch.blocks) == 1
    ret = block.last_op
    assert isinstance(ret, func.ReturnOp)
    _erase(ret)
    for moved in list(block.ops):
        moved.detach()
        parent.insert_op_before(moved, anchor)
    holder.erase()


def _lower_to_blocks(region: Region) -> None:
    """Lowers every `scf.if`/`scf.for`/`scf.while` of `region`'s blocks to
    blocks of `region`, until none is left there. Control flow inside other
    ops (the `simt.guarded` steps of a region linearized before) stays
    structured: lowering it would leave blocks in a region that holds one."""
    patterns = (IfLowering(), ForLowering(), WhileLowering())
    pending = [op for b in region.blocks for op in b.ops if isinstance(op, _CONTROL)]
    while pending:
        op = pending.pop()
        rewriter = PatternRewriter(op)
        for pattern in patterns:
            pattern.match_and_rewrite(op, rewriter)
        assert op.parent is None, f"{op.name} was not lowered to blocks"
        pending = [
            op for b in region.blocks for op in b.ops if isinstance(op, _CONTROL)
        ]


def _hoist_guards(op: Operation, start: Block) -> None:
    """Moves the guards of regions linearized earlier inside `op` to `start`,
    leaving a `simt.guard.set` to their initial id where each was created:
    a guard is per-lane state like a register, and a guard defined in one
    block and read in others could not be carried as a value."""
    creates = [c for c in op.walk() if isinstance(c, simt.GuardCreateOp)]
    first = start.first_op
    assert first is not None, "the start block branches into the op"
    for create in creates:
        block = create.parent_block()
        assert block is not None
        reset = simt.GuardSetOp(create.guard, create.init.value.data)
        block.insert_op_after(reset, create)
        create.detach()
        start.insert_op_before(create, first)


def _erase(op: Operation) -> None:
    block = op.parent_block()
    if block is not None:
        block.erase_op(op)
    else:
        op.erase()
