"""The method's tree of loops of a kernel, with what it needs to map loops onto the GPU.

Source: V. Bulavintsev, D. Zhdanov, "Method for Adaptation of Algorithms to
GPU Architecture" (GraphiCon 2021), Sec. 4 (Fig. 2) and its DPLL example in
Sec. 5.3-5.4 (loops L1-L4, Fig. 5-6):

1. build the control-flow graph of the algorithm;
2. turn it into a tree of loops, note for every loop whether its iterations
   are independent and how many there are, and merge ("join") every loop
   that cannot be parallelized into its parent;
3. map the tree onto the tree of GPU units, bottom-up: the innermost
   parallel loop to the warp lanes, the next to the warp level, the next to
   the block, the rest to the grid.

Here the tree is built from IR. Its root is the kernel's implicit loop over
the threads of the launch (always independent: that is the SIMT model; in
the DPLL kernel it is L1 split into sub-trees). Below it are the loops of the
kernel, structured (`scf.for`, `scf.while`, via `StructuredLoopTree`'s idea)
and natural loops of `cf` block graphs (`LoopForest`) alike, nested by
containment: a `scf` loop inside a block of a natural loop is its child, and
so on. For every loop:

- trip count: static for `scf.for` with constant bounds, else unknown (the
  `simt-loop-tree` pass fills it in from a simulator profile);
- independence of iterations: no loop-carried scalar recurrence and no
  memory dependence the analysis cannot rule out (below);
- whether its exit is divergent (`simt.analysis.divergence`: the branch of a
  `scf` loop, or any exiting `cf` branch of a natural loop);
- the GPU level: "merge into parent" for a dependent loop; for an independent
  one, by its height h in the tree of independent loops (dependent loops
  contracted into their parents): h = 1 lane, 2 warp, 3 block, 4 or more
  grid, and the outermost independent loop (the root) takes every level above
  its own as well ("grid/block" when h = 3).

Loop-carried values (scf iteration arguments, `scf.while` arguments, header
block arguments of a natural loop) are classified by following the value
forward from its block argument through the loop to where it flows back:

- induction: every trip around the loop adds the same loop-invariant step
  (`i = i + 1`); it may be read anywhere;
- reduction: only associative, commutative updates of one kind (add, mul,
  and, or, xor, min, max), possibly conditional, and the value is not read
  inside the loop otherwise (`free += 1` under an `if`);
- last: conditionally overwritten by a value that does not depend on it and
  not read inside the loop (`unit = x`); associative, so parallel;
- invariant: passed through unchanged (or the same constant on every edge);
- recurrence: anything else, e.g. read inside the loop (`trail[n] = l;
  n += 1`), used in the exit condition, or updated by a non-associative op.

Memory: every store, atomic or unknown write inside the loop against every
access to memory that may alias (the same memref, or, unless `noalias`, any
two kernel arguments; allocations inside the loop are private to an
iteration). A pair is independent only when both addresses are the same
affine function `c * iteration + invariant` with nonzero stride (each
iteration touches its own element), or the same "ticket" (the result of an
atomic add of a nonzero constant at a loop-invariant address, distinct on
every execution: the queue append of the DPLL kernel). Two atomics of the
same kind commute. Index arithmetic is read through casts and numba's
negative-index wraparound `select(i < 0, i + dim, i)`, assuming indices are
in bounds. Stores indexed by an inner loop's induction variable are not
analyzed (their range is unknown): they make the outer loop dependent.

    kernel threads              independent  grid/block
      L1 walk (cf loop)         recurrence   merge into parent
        L2 queue (scf.while)    recurrence   merge into parent
          L3 clauses (scf.for)  independent  warp
            L4 literals         independent  lane

The analysis never changes the IR.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from xdsl.dialects import arith, func, memref, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import (
    Attribute,
    Block,
    BlockArgument,
    Operation,
    OpResult,
    Region,
    SSAValue,
)
from xdsl.traits import IsTerminator

from simt.analysis.cfg import ControlFlowGraph
from simt.analysis.divergence import (
    DivergenceInfo,
    analyze_divergence,
    successor_operands,
)
from simt.analysis.loops import Loop
from simt.dialects import simt
from simt.model.facts import (
    allocates_memory,
    has_no_effects,
    is_convergent,
    is_view,
    may_write_memory,
)
from simt.model.kernel import is_kernel
from simt.model.locations import op_source_location

# ---------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------


class CarriedKind(Enum):
    """How a loop-carried value changes from one iteration to the next."""

    INDUCTION = "induction"
    REDUCTION = "reduction"
    LAST = "last"
    INVARIANT = "invariant"
    RECURRENCE = "recurrence"


@dataclass(frozen=True)
class CarriedValue:
    """One loop-carried value and its classification."""

    value: SSAValue
    name: str
    kind: CarriedKind
    detail: str = ""
    """The reduction op ("add"), the induction step ("step 1"), or why it is a
    recurrence ("read by arith.cmpi at file:3:4")."""

    @property
    def parallel(self) -> bool:
        return self.kind is not CarriedKind.RECURRENCE

    def describe(self) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.name}: {self.kind.value}{detail}"


@dataclass(frozen=True)
class MemoryConflict:
    """A memory dependence between iterations that the analysis cannot rule out."""

    kind: str
    """"RAW", "WAW" or "effect" (an op whose memory effects are unknown)."""
    memref: str
    writer: Operation
    other: Operation | None

    def describe(self) -> str:
        if self.kind == "effect":
            return f"unknown memory effect of {self.writer.name}{_at(self.writer)}"
        assert self.other is not None
        return (
            f"memory {self.kind} on {self.memref}: {self.writer.name}{_at(self.writer)}"
            f" and {self.other.name}{_at(self.other)}"
        )


@dataclass(frozen=True)
class Independence:
    """Whether the iterations of a loop are independent, and why not."""

    carried: tuple[CarriedValue, ...]
    conflicts: tuple[MemoryConflict, ...]
    obstacles: tuple[str, ...] = ()
    """Reasons that are neither values nor memory (an irreducible cycle)."""

    @property
    def independent(self) -> bool:
        return (
            not self.conflicts
            and not self.obstacles
            and all(c.parallel for c in self.carried)
        )

    @property
    def reasons(self) -> tuple[str, ...]:
        """One line per recurrence, per memory conflict and per obstacle."""
        recurrences = [
            f"recurrence {c.name}: {c.detail}" for c in self.carried if not c.parallel
        ]
        conflicts = (c.describe() for c in self.conflicts)
        return (*recurrences, *conflicts, *self.obstacles)


IRREDUCIBLE = (
    "an irreducible cycle: the method assumes natural loops, split nodes first"
)


ALWAYS_INDEPENDENT = Independence((), ())
"""The independence of the kernel's implicit loop over threads."""

MERGE = "merge into parent"
LEVELS = ("grid", "block", "warp", "lane")
"""The GPU levels, outermost first."""


class LoopKind(Enum):
    THREADS = "threads"
    FOR = "scf.for"
    WHILE = "scf.while"
    NATURAL = "natural"
    IRREDUCIBLE = "irreducible"


@dataclass(frozen=True)
class LoopNode:
    """One loop of a `LoopTree` (index 0 is the kernel's implicit thread loop)."""

    index: int
    kind: LoopKind
    op: Operation | None
    """The `scf` loop op; None for a `cf` loop and for the thread loop."""
    header: Block | None
    """The header block of a `cf` loop; None otherwise."""
    parent: int | None
    children: tuple[int, ...]
    depth: int
    """0 for the thread loop, 1 for the kernel's outermost loops, and so on."""
    static_trip_count: int | None
    independence: Independence
    divergent_exit: bool | None
    """None for the thread loop (it has no exit branch)."""
    level: str
    """A level of `LEVELS`, several joined by "/" for the outermost independent
    loop, or `MERGE`."""
    location: str | None

    @property
    def independent(self) -> bool:
        return self.independence.independent

    @property
    def anchor(self) -> Operation | Block | None:
        """The op or header block that names the loop in the IR."""
        return self.op if self.op is not None else self.header


@dataclass(frozen=True)
class LoopTree:
    """The tree of loops of one kernel (see the module docstring)."""

    kernel: func.FuncOp
    nodes: tuple[LoopNode, ...]
    """All loops in pre-order; `nodes[0]` is the thread loop."""
    noalias: bool

    @property
    def root(self) -> LoopNode:
        return self.nodes[0]

    @property
    def name(self) -> str:
        return self.kernel.sym_name.data

    def children(self, node: LoopNode) -> tuple[LoopNode, ...]:
        return tuple(self.nodes[i] for i in node.children)

    def node_of(self, anchor: Operation | Block) -> LoopNode:
        """The loop named by a `scf` loop op or a `cf` loop header (KeyError if none)."""
        for node in self.nodes:
            if node.anchor is anchor:
                return node
        raise KeyError(f"no loop anchored at {anchor}")


def build_loop_trees(
    module: Operation,
    *,
    noalias: bool = False,
    divergence: DivergenceInfo | None = None,
) -> tuple[LoopTree, ...]:
    """The loop tree of every kernel (`func.func` with `simt.kernel`) under `module`.

    `noalias` assumes that distinct kernel arguments never share memory.
    """
    info = divergence if divergence is not None else analyze_divergence(module)
    kernels = [
        op
        for op in module.walk()
        if isinstance(op, func.FuncOp) and is_kernel(op) and op.body.blocks
    ]
    return tuple(_TreeBuilder(kernel, info, noalias).build() for kernel in kernels)


def _at(op: Operation) -> str:
    where = op_source_location(op)
    return f" at {where}" if where is not None else ""


# ---------------------------------------------------------------------------
# The scope of one loop
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Carried:
    value: BlockArgument
    incoming: tuple[SSAValue, ...]
    """Every value that reaches the argument: initial and back-edge values."""


@dataclass
class _Scope:
    """The ops, blocks and carried values of one loop, and its induction steps."""

    ops: tuple[Operation, ...]
    """Every op inside the loop (nested ones too), in program order."""
    blocks: frozenset[Block]
    carried: tuple[_Carried, ...]
    ivs: dict[SSAValue, int | None] = field(default_factory=lambda: {})
    """Induction variables and their constant step (None: nonzero, unknown)."""
    _op_set: frozenset[Operation] = frozenset()
    _positions: dict[Operation, int] = field(default_factory=lambda: {})
    _invariant: dict[SSAValue, bool] = field(default_factory=lambda: {})

    def __post_init__(self) -> None:
        self._op_set = frozenset(self.ops)
        self._positions = {op: i for i, op in enumerate(self.ops)}

    def position(self, op: Operation) -> int:
        """The program-order index of an op of the loop."""
        return self._positions[op]

    def contains(self, op: Operation) -> bool:
        return op in self._op_set

    def defines(self, value: SSAValue) -> bool:
        if isinstance(value, OpResult):
            return value.op in self._op_set
        assert isinstance(value, BlockArgument)
        return value.block in self.blocks

    def is_invariant(self, value: SSAValue) -> bool:
        """Whether `value` is the same in every iteration: defined outside the
        loop, or computed inside it by pure ops from such values."""
        stack = [value]
        while stack:
            top = stack[-1]
            if top in self._invariant:
                stack.pop()
                continue
            pending = self._invariance_step(top)
            if pending:
                stack.extend(pending)
            else:
                stack.pop()
        return self._invariant[value]

    def _invariance_step(self, value: SSAValue) -> list[SSAValue]:
        """Decides `value` or returns the operands to decide first."""
        if not self.defines(value):
            self._invariant[value] = True
            return []
        if not isinstance(value, OpResult) or not _is_pure(value.op):
            self._invariant[value] = False
            return []
        pending = [o for o in value.op.operands if o not in self._invariant]
        if not pending:
            self._invariant[value] = all(self._invariant[o] for o in value.op.operands)
        return pending


def _is_pure(op: Operation) -> bool:
    """Whether `op` only computes from its operands: no memory effect, and not
    a collective (a vote's result depends on which lanes take part)."""
    if op.regions:
        return False
    return has_no_effects(op) and not is_convergent(op)


def _nested(ops: Iterable[Operation]) -> tuple[tuple[Operation, ...], frozenset[Block]]:
    all_ops: list[Operation] = []
    blocks: set[Block] = set()
    for op in ops:
        for inner in op.walk():
            all_ops.append(inner)
            for region in inner.regions:
                blocks.update(region.blocks)
    return tuple(all_ops), frozenset(blocks)


def _for_scope(op: scf.ForOp) -> _Scope:
    body = op.body.block
    ops, blocks = _nested(body.ops)
    blocks |= {body}
    yielded = _terminator_operands(body)
    carried = tuple(
        _Carried(arg, (init, *yielded[k : k + 1]))
        for k, (arg, init) in enumerate(zip(body.args[1:], op.iter_args, strict=True))
    )
    return _Scope(ops, blocks, carried, {body.args[0]: _constant_int(op.step)})


def _while_scope(op: scf.WhileOp) -> _Scope:
    before, after = op.before_region.block, op.after_region.block
    ops, blocks = _nested([*before.ops, *after.ops])
    blocks |= {before, after}
    back = _terminator_operands(after)
    carried = tuple(
        _Carried(arg, (init, *back[k : k + 1]))
        for k, (arg, init) in enumerate(zip(before.args, op.arguments, strict=True))
    )
    return _Scope(ops, blocks, carried)


def _natural_scope(loop: Loop[Block]) -> _Scope:
    body = [block for block in loop.header.parent.blocks] if loop.header.parent else []
    inside = [block for block in body if block in loop.body]
    ops, blocks = _nested(op for block in inside for op in block.ops)
    blocks |= set(inside)
    incoming = _incoming_by_arg(loop.header)
    carried = tuple(
        _Carried(arg, tuple(incoming[k])) for k, arg in enumerate(loop.header.args)
    )
    return _Scope(ops, blocks, carried)


def _incoming_by_arg(block: Block) -> list[list[SSAValue]]:
    incoming: list[list[SSAValue]] = [[] for _ in block.args]
    for pred in dict.fromkeys(block.predecessors()):
        terminator = pred.last_op
        edges = successor_operands(terminator) if terminator is not None else None
        for target, values in edges or ():
            if target is block:
                for k, value in enumerate(values):
                    incoming[k].append(value)
    return incoming


def _terminator_operands(block: Block) -> Sequence[SSAValue]:
    terminator = block.last_op
    return terminator.operands if terminator is not None else ()


def _constant_int(value: SSAValue) -> int | None:
    """The integer a value holds when it is a constant (through int casts)."""
    while isinstance(value, OpResult) and isinstance(
        value.op, arith.ExtSIOp | arith.ExtUIOp | arith.TruncIOp | arith.IndexCastOp
    ):
        value = value.op.operands[0]
    if isinstance(value, OpResult) and isinstance(value.op, arith.ConstantOp):
        attr = value.op.value
        if isinstance(attr, IntegerAttr):
            return int(attr.value.data)
    return None


# ---------------------------------------------------------------------------
# Data flow inside a loop
# ---------------------------------------------------------------------------


def _flow_targets(op: Operation, index: int) -> list[SSAValue] | None:
    """Where operand `index` of `op` flows unchanged (a yield, a branch argument,
    a loop init, a select arm); None when the use computes or decides something."""
    if isinstance(op, scf.ForOp | scf.WhileOp) or (
        op.has_trait(IsTerminator) and not op.successors
    ):
        return _structured_targets(op, index)
    if isinstance(op, arith.SelectOp):
        return [op.result] if index > 0 else None
    edges = successor_operands(op) if op.successors else None
    if edges is None:
        return None
    offset = len(op.operands) - sum(len(values) for _, values in edges)
    for target, values in edges:
        if offset <= index < offset + len(values):
            return [target.args[index - offset]]
        offset += len(values)
    return None


def _structured_targets(op: Operation, index: int) -> list[SSAValue] | None:
    if isinstance(op, scf.ForOp):
        k = index - 3
        return [op.body.block.args[k + 1], op.results[k]] if k >= 0 else None
    if isinstance(op, scf.WhileOp):
        return [op.before_region.block.args[index]]
    parent = op.parent_op()
    if isinstance(op, scf.ConditionOp):
        assert isinstance(parent, scf.WhileOp)
        if index == 0:
            return None
        return [parent.after_region.block.args[index - 1], parent.results[index - 1]]
    if isinstance(parent, scf.ForOp):
        return [parent.body.block.args[index + 1], parent.results[index]]
    if isinstance(parent, scf.WhileOp):
        return [parent.before_region.block.args[index]]
    if parent is not None and index < len(parent.results):
        return [parent.results[index]]
    return None


def _incoming(value: SSAValue) -> list[SSAValue] | None:
    """The values a merge point (block argument, `scf.if` / loop / select result)
    takes; None for a value computed by an op."""
    if isinstance(value, BlockArgument):
        return _incoming_arg(value)
    assert isinstance(value, OpResult)
    op, k = value.op, value.index
    if isinstance(op, scf.IfOp | scf.IndexSwitchOp):
        return [_terminator_operands(r.block)[k] for r in op.regions if r.blocks]
    if isinstance(op, arith.SelectOp):
        return [op.lhs, op.rhs]
    if isinstance(op, scf.ForOp):
        return [op.iter_args[k], _terminator_operands(op.body.block)[k]]
    if isinstance(op, scf.WhileOp):
        return [_terminator_operands(op.before_region.block)[k + 1]]
    return None


def _incoming_arg(arg: BlockArgument) -> list[SSAValue] | None:
    block, k = arg.block, arg.index
    owner = block.parent_op()
    if isinstance(owner, scf.ForOp):
        if k == 0:
            return None
        return [owner.iter_args[k - 1], _terminator_operands(block)[k - 1]]
    if isinstance(owner, scf.WhileOp):
        if block is owner.before_region.block:
            back = _terminator_operands(owner.after_region.block)
            return [owner.arguments[k], back[k]]
        return [_terminator_operands(owner.before_region.block)[k + 1]]
    if block.parent is not None and block.parent.first_block is block:
        return None
    return _incoming_by_arg(block)[k]


def _dependent_values(start: SSAValue, scope: _Scope) -> frozenset[SSAValue]:
    """Every value of the loop that may depend on `start` (data, or control:
    a dependent condition taints what the branch decides)."""
    seen: set[SSAValue] = {start}
    worklist: list[SSAValue] = [start]
    flooded: set[Region] = set()
    while worklist:
        value = worklist.pop()
        for use in value.uses:
            if not scope.contains(use.operation):
                continue
            for reached in _reached_by(use.operation, use.index, scope, flooded):
                if reached not in seen:
                    seen.add(reached)
                    worklist.append(reached)
    return frozenset(seen)


def _reached_by(
    op: Operation, index: int, scope: _Scope, flooded: set[Region]
) -> list[SSAValue]:
    """The values the use of operand `index` of `op` reaches; a dependent `cf`
    branch reaches every value of its region in the loop, which the search
    then has already seen: `flooded` holds those regions, reached only once."""
    targets = _flow_targets(op, index)
    if targets is not None:
        return [t for t in targets if scope.defines(t)]
    if isinstance(op, scf.ConditionOp):
        return [r for r in _parent_results(op) if scope.defines(r)]
    if isinstance(op, arith.SelectOp):
        return [op.result]
    if op.successors:
        region = op.parent_region()
        if region is None or region in flooded:
            return []
        flooded.add(region)
        return list(_values_of_region(region, scope))
    if op.regions:
        return [*op.results, *_region_args(op)]
    return list(op.results)


def _parent_results(op: Operation) -> Sequence[SSAValue]:
    parent = op.parent_op()
    return parent.results if parent is not None else ()


def _region_args(op: Operation) -> Iterator[SSAValue]:
    for region in op.regions:
        for block in region.blocks:
            yield from block.args


def _values_of_region(region: Region, scope: _Scope) -> Iterator[SSAValue]:
    """Every value defined in the blocks of `region` that are in the loop."""
    for block in scope.blocks:
        if block.parent is not region:
            continue
        yield from block.args
        for op in block.ops:
            for inner in op.walk():
                yield from inner.results
                yield from _region_args(inner)


# ---------------------------------------------------------------------------
# Classification of loop-carried values
# ---------------------------------------------------------------------------

_REDUCTION_OPS: Mapping[type[Operation], str] = MappingProxyType(
    {
        arith.AddiOp: "add",
        arith.SubiOp: "add",
        arith.AddfOp: "add",
        arith.SubfOp: "add",
        arith.MuliOp: "mul",
        arith.MulfOp: "mul",
        arith.AndIOp: "and",
        arith.OrIOp: "or",
        arith.XOrIOp: "xor",
        arith.MaxSIOp: "max",
        arith.MaxUIOp: "max",
        arith.MaximumfOp: "max",
        arith.MaxnumfOp: "max",
        arith.MinSIOp: "min",
        arith.MinUIOp: "min",
        arith.MinimumfOp: "min",
        arith.MinnumfOp: "min",
    }
)
"""Associative, commutative updates, by the reduction they perform (`a - b` is
`a + (-b)` when the carried value is `a`)."""

_SUBTRACTIONS = (arith.SubiOp, arith.SubfOp)


@dataclass
class _Chain:
    """The values a carried value flows through on its way back, and how."""

    values: dict[SSAValue, int]
    """Each value on a way back to the argument with the number of updates
    applied on the way to it (-1 once two ways disagree)."""
    back_counts: set[int] = field(default_factory=lambda: set[int]())
    """The update counts with which the chain flows back into the argument."""
    updates: list[Operation] = field(default_factory=lambda: list[Operation]())
    observers: list[Operation] = field(default_factory=lambda: list[Operation]())
    fresh: bool = False
    """Whether some merge takes a value that does not depend on the argument."""
    violation: str | None = None


@dataclass(frozen=True)
class _Edge:
    source: SSAValue
    target: SSAValue
    op: Operation
    update: bool


def _classify(carried: _Carried, scope: _Scope) -> CarriedValue:
    p = carried.value
    name = value_name(p)
    if _same_constant(carried.incoming):
        return CarriedValue(p, name, CarriedKind.INVARIANT, "the same constant")
    dependent = _dependent_values(p, scope)
    chain = _follow(p, scope, dependent)
    if chain.violation is None:
        chain.violation = _check_merges(chain, p, scope, dependent)
    return _verdict(p, name, chain, scope)


def _same_constant(values: Sequence[SSAValue]) -> bool:
    constants = [_constant_attr(v) for v in values]
    return bool(constants) and None not in constants and len(set(constants)) == 1


def _constant_attr(value: SSAValue) -> Attribute | None:
    if isinstance(value, OpResult) and isinstance(value.op, arith.ConstantOp):
        return value.op.value
    return None


def _follow(p: SSAValue, scope: _Scope, dependent: frozenset[SSAValue]) -> _Chain:
    """Follows `p` forward through copies and associative updates; keeps the
    part that flows back into `p`; every other use inside the loop observes it."""
    chain = _Chain({})
    edges: list[_Edge] = []
    reached: set[SSAValue] = {p}
    worklist: list[SSAValue] = [p]
    while worklist:
        value = worklist.pop()
        for use in value.uses:
            if not scope.contains(use.operation):
                continue
            for edge in _chain_edges(
                value, use.operation, use.index, scope, dependent, chain
            ):
                edges.append(edge)
                if edge.target not in reached:
                    reached.add(edge.target)
                    worklist.append(edge.target)
    on_cycle = _reaching_back(p, edges)
    _count_updates(p, edges, on_cycle, chain)
    return chain


def _chain_edges(
    value: SSAValue,
    user: Operation,
    index: int,
    scope: _Scope,
    dependent: frozenset[SSAValue],
    chain: _Chain,
) -> list[_Edge]:
    """Where one use takes the chain: copies, or an update; else it observes."""
    targets = _flow_targets(user, index)
    if targets is not None:
        kept = [t for t in targets if scope.defines(t)]
        return [_Edge(value, t, user, False) for t in kept]
    kind = _REDUCTION_OPS.get(type(user))
    if kind is None or (isinstance(user, _SUBTRACTIONS) and index != 0):
        chain.observers.append(user)
        return []
    other = user.operands[1 - index]
    if other in dependent and not scope.is_invariant(other):
        chain.observers.append(user)
        return []
    return [_Edge(value, r, user, True) for r in user.results]


def _reaching_back(p: SSAValue, edges: list[_Edge]) -> frozenset[SSAValue]:
    """The chain values from which some way of edges leads back into `p`."""
    into: dict[SSAValue, list[_Edge]] = {}
    for edge in edges:
        into.setdefault(edge.target, []).append(edge)
    seen: set[SSAValue] = set()
    worklist = [e.source for e in into.get(p, [])]
    while worklist:
        value = worklist.pop()
        if value in seen:
            continue
        seen.add(value)
        worklist.extend(e.source for e in into.get(value, []))
    return frozenset(seen | {p})


def _count_updates(
    p: SSAValue, edges: list[_Edge], on_cycle: frozenset[SSAValue], chain: _Chain
) -> None:
    """Numbers the updates along the cycle; a use that leaves it observes `p`."""
    out: dict[SSAValue, list[_Edge]] = {}
    for edge in edges:
        if edge.source not in on_cycle:
            continue
        if edge.target in on_cycle:
            out.setdefault(edge.source, []).append(edge)
        else:
            chain.observers.append(edge.op)
    chain.values[p] = 0
    worklist = [p]
    while worklist:
        value = worklist.pop()
        count = chain.values[value]
        for edge in out.get(value, []):
            if edge.update and edge.op not in chain.updates:
                chain.updates.append(edge.op)
            step = count + 1 if edge.update and count >= 0 else count
            _reach(chain, edge.target, step, p, worklist)


def _reach(
    chain: _Chain, value: SSAValue, count: int, p: SSAValue, worklist: list[SSAValue]
) -> None:
    if value is p:
        chain.back_counts.add(count)
        return
    known = chain.values.get(value)
    if known is None:
        chain.values[value] = count
        worklist.append(value)
    elif known not in (count, -1):
        chain.values[value] = -1
        worklist.append(value)


def _check_merges(
    chain: _Chain, p: SSAValue, scope: _Scope, dependent: frozenset[SSAValue]
) -> str | None:
    """Every merge on the chain takes chain values, or values that do not
    depend on the carried one at all (then the chain is "fresh")."""
    for value in list(chain.values):
        incoming = _incoming(value) if value is not p else None
        if incoming is None:
            continue
        condition = _merge_condition(value)
        if condition is not None and _depends(condition, scope, dependent):
            return f"a branch on its own value decides its update{_value_at(value)}"
        for source in incoming:
            if source in chain.values:
                continue
            if _depends(source, scope, dependent):
                return f"a value computed from it flows back{_value_at(value)}"
            chain.fresh = True
    return None


def _depends(value: SSAValue, scope: _Scope, dependent: frozenset[SSAValue]) -> bool:
    return value in dependent and not scope.is_invariant(value)


def _merge_condition(value: SSAValue) -> SSAValue | None:
    if isinstance(value, OpResult) and isinstance(value.op, scf.IfOp):
        return value.op.cond
    if isinstance(value, OpResult) and isinstance(value.op, arith.SelectOp):
        return value.op.cond
    return None


def _value_at(value: SSAValue) -> str:
    owner = value.owner
    return _at(owner) if isinstance(owner, Operation) else ""


def _verdict(p: SSAValue, name: str, chain: _Chain, scope: _Scope) -> CarriedValue:
    if chain.violation is not None:
        return CarriedValue(p, name, CarriedKind.RECURRENCE, chain.violation)
    if _is_induction(chain, scope):
        step = _induction_step(chain.updates[0])
        if step is not None:
            scope.ivs[p] = step
        detail = f"step {step}" if step is not None else "loop-invariant step"
        return CarriedValue(p, name, CarriedKind.INDUCTION, detail)
    if chain.observers:
        user = min(chain.observers, key=scope.position)
        return CarriedValue(
            p,
            name,
            CarriedKind.RECURRENCE,
            f"read inside the loop by {user.name}{_at(user)}",
        )
    return _update_verdict(p, name, chain)


def _update_verdict(p: SSAValue, name: str, chain: _Chain) -> CarriedValue:
    fresh = chain.fresh
    kinds = sorted({_REDUCTION_OPS[type(op)] for op in chain.updates})
    if not kinds:
        kind = CarriedKind.LAST if fresh else CarriedKind.INVARIANT
        return CarriedValue(p, name, kind, "overwritten" if fresh else "")
    if fresh:
        return CarriedValue(
            p,
            name,
            CarriedKind.RECURRENCE,
            f"both overwritten and updated by {kinds[0]}",
        )
    if len(kinds) > 1:
        return CarriedValue(
            p, name, CarriedKind.RECURRENCE, f"updated by mixed ops {', '.join(kinds)}"
        )
    return CarriedValue(p, name, CarriedKind.REDUCTION, kinds[0])


def _is_induction(chain: _Chain, scope: _Scope) -> bool:
    """One add of a loop-invariant step on every way around the loop."""
    if len(chain.updates) != 1 or chain.fresh or chain.back_counts != {1}:
        return False
    update = chain.updates[0]
    if not isinstance(update, arith.AddiOp | arith.SubiOp):
        return False
    if any(count == -1 for count in chain.values.values()):
        return False
    return all(
        operand in chain.values or scope.is_invariant(operand)
        for operand in update.operands
    )


def _induction_step(update: Operation) -> int | None:
    step = _constant_int(update.operands[1])
    if step is None:
        step = _constant_int(update.operands[0])
    if step is None:
        return None
    return -step if isinstance(update, arith.SubiOp) else step


# ---------------------------------------------------------------------------
# Addresses: linear forms in the iteration
# ---------------------------------------------------------------------------

_CASTS = (
    arith.ExtSIOp,
    arith.ExtUIOp,
    arith.TruncIOp,
    arith.IndexCastOp,
)


@dataclass(frozen=True)
class _Form:
    """`sum(coefficient * term) + constant`; a term is an induction variable,
    a ticket, or a loop-invariant value (or its structural key)."""

    terms: frozenset[tuple[object, int]]
    constant: int

    @staticmethod
    def term(key: object) -> _Form:
        return _Form(frozenset({(key, 1)}), 0)

    def scaled(self, factor: int) -> _Form:
        terms = {k: c * factor for k, c in self.terms if c * factor != 0}
        return _Form(frozenset(terms.items()), self.constant * factor)

    def plus(self, other: _Form) -> _Form:
        terms = dict(self.terms)
        for key, coefficient in other.terms:
            terms[key] = terms.get(key, 0) + coefficient
        kept = {k: c for k, c in terms.items() if c != 0}
        return _Form(frozenset(kept.items()), self.constant + other.constant)


_ATOMIC_ADDI = 1
"""`arith.atomic_rmw_kind` addi (MLIR's AtomicRMWKind)."""
_CMPI_SLT = 2
"""`arith.cmpi` predicate slt (MLIR's CmpIPredicate)."""


@dataclass(frozen=True)
class _Ticket:
    """The result of an atomic add of a nonzero constant at a loop-invariant
    address: a different value on every execution."""

    result: SSAValue


class _Forms:
    """Linear forms of index values inside one loop (memoized, iterative)."""

    def __init__(self, scope: _Scope) -> None:
        self.scope = scope
        self.memo: dict[SSAValue, _Form | None] = {}

    def of(self, value: SSAValue) -> _Form | None:
        stack = [value]
        in_progress: set[SSAValue] = set()
        while stack:
            top = stack[-1]
            if top in self.memo:
                stack.pop()
                continue
            pending = [v for v in self._inputs(top) if v not in self.memo]
            if pending and top not in in_progress:
                in_progress.add(top)
                stack.extend(pending)
                continue
            stack.pop()
            self.memo[top] = self._combine(top) if not pending else None
        return self.memo[value]

    def _inputs(self, value: SSAValue) -> Sequence[SSAValue]:
        if not self.scope.defines(value) or value in self.scope.ivs:
            return ()
        if isinstance(value, BlockArgument):
            forwarded = _forwarded(value)
            return (forwarded,) if forwarded is not None else ()
        return value.owner.operands if isinstance(value.owner, Operation) else ()

    def _combine(self, value: SSAValue) -> _Form | None:
        constant = _constant_int(value)
        if constant is not None:
            return _Form(frozenset(), constant)
        if not self.scope.defines(value) or value in self.scope.ivs:
            return _Form.term(value)
        if isinstance(value, BlockArgument):
            forwarded = _forwarded(value)
            return self.memo.get(forwarded) if forwarded is not None else None
        assert isinstance(value, OpResult)
        return self._combine_op(value.op, value)

    def _combine_op(self, op: Operation, value: SSAValue) -> _Form | None:
        forms = [self.memo.get(o) for o in op.operands]
        if isinstance(op, _CASTS):
            return forms[0]
        if isinstance(op, arith.AddiOp | arith.SubiOp):
            return _add_forms(forms[0], forms[1], negate=isinstance(op, arith.SubiOp))
        if isinstance(op, arith.MuliOp):
            product = _scale_forms(forms[0], forms[1])
            if product is not None:
                return product
        if isinstance(op, arith.SelectOp):
            chosen = _select_form(op, forms)
            if chosen is not None:
                return chosen
        if _is_ticket(op, self.scope):
            return _Form.term(_Ticket(value))
        if self.scope.is_invariant(value) and None not in forms:
            return _Form.term((op.name, str(op.properties), tuple(forms)))
        return None


def _forwarded(arg: BlockArgument) -> SSAValue | None:
    """The value a block argument copies within one iteration: the after
    region of `scf.while` takes the condition's operands; a `cf` block with
    one predecessor takes that edge's value."""
    incoming = _incoming_arg(arg)
    owner = arg.block.parent_op()
    if isinstance(owner, scf.WhileOp) and arg.block is owner.after_region.block:
        return incoming[0] if incoming else None
    if isinstance(owner, scf.ForOp | scf.WhileOp) or incoming is None:
        return None
    return incoming[0] if len(incoming) == 1 else None


def _add_forms(a: _Form | None, b: _Form | None, negate: bool) -> _Form | None:
    if a is None or b is None:
        return None
    return a.plus(b.scaled(-1) if negate else b)


def _scale_forms(a: _Form | None, b: _Form | None) -> _Form | None:
    if a is None or b is None:
        return None
    if not a.terms:
        return b.scaled(a.constant)
    if not b.terms:
        return a.scaled(b.constant)
    return None


def _select_form(op: arith.SelectOp, forms: list[_Form | None]) -> _Form | None:
    """Both arms alike, or numba's wraparound `select(i < 0, i + dim, i)`."""
    _, if_true, if_false = forms
    if if_false is None:
        return None
    if if_true == if_false:
        return if_false
    condition = op.cond
    if not (isinstance(condition, OpResult) and isinstance(condition.op, arith.CmpiOp)):
        return None
    compare = condition.op
    is_negative_test = (
        compare.predicate.value.data == _CMPI_SLT
        and compare.lhs is op.rhs
        and _constant_int(compare.rhs) == 0
    )
    wrapped = op.lhs
    adds_to_index = (
        isinstance(wrapped, OpResult)
        and isinstance(wrapped.op, arith.AddiOp)
        and op.rhs in wrapped.op.operands
    )
    return if_false if is_negative_test and adds_to_index else None


def _is_ticket(op: Operation, scope: _Scope) -> bool:
    if isinstance(op, simt.AtomicAddOp) or (
        isinstance(op, memref.AtomicRMWOp) and op.kind.value.data == _ATOMIC_ADDI
    ):
        increment = op.value
    else:
        return False
    step = _constant_int(increment)
    address = op.operands[1:]
    return bool(step) and all(scope.is_invariant(v) for v in address)


def _distinct_per_iteration(form: _Form, scope: _Scope) -> bool:
    """Whether the address changes from one iteration to the next (never repeats):
    a ticket, or a nonzero stride `sum(coefficient * step)` over the induction
    variables (a `scf.for` step is positive by the op's semantics)."""
    if any(isinstance(key, _Ticket) for key, _ in form.terms):
        return True
    ivs = [
        (scope.ivs[key], c)
        for key, c in form.terms
        if isinstance(key, SSAValue) and key in scope.ivs
    ]
    if len(ivs) == 1 and ivs[0][0] is None:
        return True
    if not ivs or any(step is None for step, _ in ivs):
        return False
    return sum(step * c for step, c in ivs if step is not None) != 0


# ---------------------------------------------------------------------------
# Memory dependences between iterations
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Access:
    op: Operation
    kind: str
    """"read", "write", "atomic:<kind>" or "effect"."""
    memref: SSAValue | None
    indices: tuple[SSAValue, ...]


def _root(value: SSAValue) -> SSAValue:
    while isinstance(value, OpResult) and is_view(value.op):
        value = value.op.operands[0]
    return value


def _is_allocation(value: SSAValue) -> bool:
    return isinstance(value, OpResult) and allocates_memory(value.op)


def _access_of(op: Operation) -> _Access | None:
    if isinstance(op, memref.LoadOp):
        return _Access(op, "read", op.memref, tuple(op.indices))
    if isinstance(op, memref.StoreOp):
        return _Access(op, "write", op.memref, tuple(op.indices))
    if isinstance(op, simt.AtomicAddOp):
        return _Access(op, "atomic:add", op.memref, tuple(op.indices))
    if isinstance(op, memref.AtomicRMWOp):
        kind = f"atomic:{op.kind.value.data}"
        return _Access(op, kind, op.memref, tuple(op.indices))
    if op.regions or not may_write_memory(op):
        return None
    return _Access(op, "effect", None, ())


def _memory_accesses(scope: _Scope) -> list[_Access]:
    accesses: list[_Access] = []
    for op in scope.ops:
        access = _access_of(op)
        if access is None:
            continue
        if access.memref is not None:
            root = _root(access.memref)
            if _is_allocation(root) and scope.defines(root):
                continue
        accesses.append(access)
    return accesses


def _may_alias(a: SSAValue, b: SSAValue, noalias: bool) -> bool:
    if a is b or _root(a) is _root(b):
        return True
    if _is_allocation(_root(a)) or _is_allocation(_root(b)):
        return False
    return not noalias


def _memory_conflicts(scope: _Scope, noalias: bool) -> tuple[MemoryConflict, ...]:
    """One conflict per writing memref and kind (RAW, WAW), citing an access
    of the same memref when there is one; one per op of unknown effect."""
    accesses = _memory_accesses(scope)
    forms = _Forms(scope)
    found: dict[tuple[str, str], MemoryConflict] = {}
    for writer in accesses:
        if writer.kind == "read":
            continue
        if writer.memref is None:
            effect = MemoryConflict("effect", "", writer.op, None)
            found.setdefault(("effect", writer.op.name), effect)
            continue
        same_first = sorted(accesses, key=lambda a: a.memref is not writer.memref)
        for other in same_first:
            conflict = _pair_conflict(writer, other, scope, forms, noalias)
            if conflict is not None:
                found.setdefault((conflict.kind, value_name(writer.memref)), conflict)
    return tuple(found.values())


def _pair_conflict(
    writer: _Access, other: _Access, scope: _Scope, forms: _Forms, noalias: bool
) -> MemoryConflict | None:
    if other.kind == "effect" or other.memref is None or writer.memref is None:
        return None
    if not _may_alias(writer.memref, other.memref, noalias):
        return None
    if writer.kind.startswith("atomic") and writer.kind == other.kind:
        return None
    if writer.memref is other.memref and _same_iteration_only(
        writer, other, scope, forms
    ):
        return None
    kind = "WAW" if other.kind == "write" else "RAW"
    names = value_name(writer.memref)
    if other.memref is not writer.memref:
        names = f"{names} / {value_name(other.memref)}"
    return MemoryConflict(kind, names, writer.op, other.op)


def _same_iteration_only(a: _Access, b: _Access, scope: _Scope, forms: _Forms) -> bool:
    """Whether the two accesses can only meet within one iteration: equal
    linear addresses, at least one changing with every iteration."""
    if len(a.indices) != len(b.indices):
        return False
    pairs = [
        (forms.of(x), forms.of(y)) for x, y in zip(a.indices, b.indices, strict=True)
    ]
    if any(fa is None or fa != fb for fa, fb in pairs):
        return False
    return any(fa is not None and _distinct_per_iteration(fa, scope) for fa, _ in pairs)


# ---------------------------------------------------------------------------
# Independence of one loop
# ---------------------------------------------------------------------------


def loop_independence(
    scope_op: scf.ForOp | scf.WhileOp, *, noalias: bool = False
) -> Independence:
    """The independence of the iterations of one `scf` loop."""
    scope = (
        _for_scope(scope_op)
        if isinstance(scope_op, scf.ForOp)
        else _while_scope(scope_op)
    )
    return _independence(scope, noalias)


def _independence(scope: _Scope, noalias: bool) -> Independence:
    carried = tuple(_classify(c, scope) for c in scope.carried)
    return Independence(carried, _memory_conflicts(scope, noalias))


def value_name(value: SSAValue) -> str:
    """`%name` from the name hint, else `(op-name #k)` or `(^bbN #k)`."""
    if value.name_hint:
        return f"%{value.name_hint}"
    if isinstance(value, OpResult):
        return f"({value.op.name} #{value.index})"
    assert isinstance(value, BlockArgument)
    region = value.block.parent
    index = 0 if region is None else list(region.blocks).index(value.block)
    return f"(^bb{index} #{value.index})"


# ---------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------

_Anchor = Operation | Block
_LOOP_OPS = (scf.ForOp, scf.WhileOp)


@dataclass(frozen=True)
class _Found:
    """A loop met while walking the kernel, before the tree is put together."""

    anchor: _Anchor
    kind: LoopKind
    order: float
    natural: Loop[Block] | None = None


class _TreeBuilder:
    """Finds every loop of a kernel, nests them, classifies and maps them."""

    def __init__(
        self, kernel: func.FuncOp, info: DivergenceInfo, noalias: bool
    ) -> None:
        self.kernel = kernel
        self.info = info
        self.noalias = noalias
        self.forests: dict[Region, ControlFlowGraph] = {}
        self.order: dict[Operation, int] = {op: i for i, op in enumerate(kernel.walk())}

    def build(self) -> LoopTree:
        found = self._collect()
        parents = {f.anchor: self._parent(f) for f in found}
        ordered = _preorder(found, parents)
        index = {f.anchor: i + 1 for i, f in enumerate(ordered)}
        children = _children(ordered, parents, index)
        independence = [ALWAYS_INDEPENDENT, *(self._independence(f) for f in ordered)]
        levels = _levels(children, [i.independent for i in independence])
        nodes = [self._root(children[0], independence[0], levels[0])]
        for i, f in enumerate(ordered, start=1):
            parent = parents[f.anchor]
            parent_index = 0 if parent is None else index[parent]
            nodes.append(self._node(f, i, parent_index, nodes[parent_index].depth + 1,
                                    children[i], independence[i], levels[i]))  # fmt: skip
        return LoopTree(self.kernel, tuple(nodes), self.noalias)

    def _collect(self) -> list[_Found]:
        found: list[_Found] = []
        for op in self.kernel.walk():
            if isinstance(op, scf.ForOp):
                found.append(_Found(op, LoopKind.FOR, self.order[op]))
            elif isinstance(op, scf.WhileOp):
                found.append(_Found(op, LoopKind.WHILE, self.order[op]))
            for region in op.regions:
                if len(region.blocks) > 1:
                    found.extend(self._natural_loops(region))
        return found

    def _natural_loops(self, region: Region) -> Iterator[_Found]:
        cfg = ControlFlowGraph(region)
        self.forests[region] = cfg
        for loop in cfg.loop_forest.loops:
            kind = LoopKind.NATURAL if loop.is_natural else LoopKind.IRREDUCIBLE
            first = loop.header.first_op
            order = self.order[first] - 0.5 if first is not None else 0.0
            yield _Found(loop.header, kind, order, loop)

    def _parent(self, found: _Found) -> _Anchor | None:
        if found.natural is None:
            assert isinstance(found.anchor, Operation)
            return self._enclosing(found.anchor.parent_block())
        if found.natural.parent is not None:
            return found.natural.parent
        region = found.natural.header.parent
        owner = region.parent_op() if region is not None else None
        if owner is None or owner is self.kernel:
            return None
        if isinstance(owner, _LOOP_OPS):
            return owner
        return self._enclosing(owner.parent_block())

    def _enclosing(self, block: Block | None) -> _Anchor | None:
        """The innermost loop around `block`: a `cf` loop of its region, or a
        loop op (or a `cf` loop) further out."""
        while block is not None:
            region = block.parent
            cfg = self.forests.get(region) if region is not None else None
            loop = cfg.loop_forest.loop_of(block) if cfg is not None else None
            if loop is not None:
                return loop.header
            owner = region.parent_op() if region is not None else None
            if owner is None or owner is self.kernel:
                return None
            if isinstance(owner, _LOOP_OPS):
                return owner
            block = owner.parent_block()
        return None

    def _independence(self, found: _Found) -> Independence:
        if found.kind is LoopKind.IRREDUCIBLE:
            return Independence((), (), (IRREDUCIBLE,))
        if found.natural is not None:
            return _independence(_natural_scope(found.natural), self.noalias)
        assert isinstance(found.anchor, scf.ForOp | scf.WhileOp)
        return loop_independence(found.anchor, noalias=self.noalias)

    def _divergent_exit(self, found: _Found) -> bool:
        if found.natural is None:
            assert isinstance(found.anchor, Operation)
            return self.info.is_divergent_branch(found.anchor)
        for source, _ in found.natural.exiting_edges:
            terminator = source.last_op
            if terminator is not None and terminator in self.info.divergent_branches:
                return True
        return False

    def _root(
        self, children: tuple[int, ...], independence: Independence, level: str
    ) -> LoopNode:
        return LoopNode(
            index=0, kind=LoopKind.THREADS, op=None, header=None, parent=None,
            children=children, depth=0, static_trip_count=None,
            independence=independence, divergent_exit=None, level=level,
            location=op_source_location(self.kernel),
        )  # fmt: skip

    def _node(
        self,
        found: _Found,
        index: int,
        parent: int,
        depth: int,
        children: tuple[int, ...],
        independence: Independence,
        level: str,
    ) -> LoopNode:
        anchor = found.anchor
        op = anchor if isinstance(anchor, Operation) else None
        header = anchor if isinstance(anchor, Block) else None
        located = (
            op if op is not None else (header.first_op if header is not None else None)
        )
        return LoopNode(
            index=index, kind=found.kind, op=op, header=header, parent=parent,
            children=children, depth=depth,
            static_trip_count=_static_trip_count(op) if isinstance(op, scf.ForOp) else None,
            independence=independence, divergent_exit=self._divergent_exit(found),
            level=level, location=op_source_location(located) if located is not None else None,
        )  # fmt: skip


def _preorder(
    found: list[_Found], parents: Mapping[_Anchor, _Anchor | None]
) -> list[_Found]:
    by_anchor = {f.anchor: f for f in found}
    kids: dict[_Anchor | None, list[_Found]] = {}
    for f in sorted(found, key=lambda f: f.order):
        kids.setdefault(parents[f.anchor], []).append(f)
    ordered: list[_Found] = []
    stack = list(reversed(kids.get(None, [])))
    while stack:
        current = stack.pop()
        ordered.append(current)
        stack.extend(reversed(kids.get(current.anchor, [])))
    assert len(ordered) == len(by_anchor), "every loop hangs under the thread loop"
    return ordered


def _children(
    ordered: list[_Found],
    parents: Mapping[_Anchor, _Anchor | None],
    index: Mapping[_Anchor, int],
) -> list[tuple[int, ...]]:
    kids: list[list[int]] = [[] for _ in range(len(ordered) + 1)]
    for f in ordered:
        parent = parents[f.anchor]
        kids[0 if parent is None else index[parent]].append(index[f.anchor])
    return [tuple(k) for k in kids]


def _levels(
    children: Sequence[tuple[int, ...]], independent: Sequence[bool]
) -> list[str]:
    """Bottom-up mapping: height 1 lane, 2 warp, 3 block, 4+ grid; the root
    also takes every level above its own; dependent loops merge."""
    height = [0] * len(children)
    for i in reversed(range(len(children))):  # pre-order: children come later
        below = max((height[c] for c in children[i]), default=0)
        height[i] = below + (1 if independent[i] else 0)
    levels: list[str] = []
    for i, h in enumerate(height):
        if not independent[i]:
            levels.append(MERGE)
            continue
        own = max(0, len(LEVELS) - h)
        levels.append("/".join(LEVELS[: own + 1]) if i == 0 else LEVELS[own])
    return levels


def _static_trip_count(op: scf.ForOp) -> int | None:
    lower, upper, step = (_constant_int(v) for v in (op.lb, op.ub, op.step))
    if lower is None or upper is None or step is None or step <= 0:
        return None
    return max(0, -(-(upper - lower) // step))
