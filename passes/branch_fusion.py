"""`simt-branch-fusion`: merges the two sides of divergent branches.

Source: B. Coutinho, D. Sampaio, F. M. Q. Pereira, W. Meira Jr., "Divergence
Analysis and Optimizations" (PACT 2011), Sec. IV-A: Definition 4.1
(unifiable "if-then-else" branches), Definition 4.2 and the profitability
matrix (instruction alignment by Smith-Waterman, `simt.analysis.
smith_waterman`), the code generation rules under Fig. 12, and Fig. 10-11
(merged instructions choose their differing operands with selectors).
Going beyond the paper's basic-block limit, a pair of `scf.if` ops, one on
each side, may align as a pair: their regions are fused recursively, as
control-flow melding (Saumya et al., "DARM", CGO 2022) melds region trees.

Steps, for each `scf.if` with both regions non-empty whose condition the
divergence analysis calls divergent (innermost first):
1. the then and else op sequences (terminators aside; constants are hoisted
   in front of the fused code) become the two sequences T and F;
2. s(t, f) is the cost of t in the simulator's cost table when t and f can
   merge: the same op with the same properties, or the same op up to an
   identity (commuted operands of a commutative op; a comparison with the
   swapped predicate and swapped operands, `a > b` = `b < a`); loads and
   stores merge when they access the same memref (their indices may
   differ); a pair of nested `scf.if` scores the branch it saves plus the
   profit of fusing its regions. c(t, f) is the selector cost times the
   operands that differ; b is the gap cost (one branch);
3. the Smith-Waterman alignment gives the aligned pairs; walking it builds a
   plan with the exact number of selectors, and the pass fuses only when
   sum(s - c) - b * gaps (leading and trailing gaps included) reaches
   `min-profit` and is positive;
4. code generation, before the original `scf.if`: each aligned pair becomes
   one op whose differing operands are `arith.select %cond, %then, %else`;
   each run of unaligned ops between two pairs stays under the condition in
   a new `scf.if %cond` (then-side ops in its then region, else-side ops in
   its else region), which yields the values used later (a zero of the type
   on the side that did not compute it; no lane reads it there); the
   results of the original `scf.if` are selected from the two sides' yields.

    scf.if %p {                        %a = memref.load %x[%i]
      %a = memref.load %x[%i]          %s = arith.select %p, %a, %c2
      %b = arith.muli %a, %a           %b = arith.muli %a, %s
      memref.store %b, %y[%i]   ==>    %t = arith.select %p, %i, %j
    } else {                           memref.store %b, %y[%t]
      %c = memref.load %x[%i]
      %d = arith.muli %c, %c2
      memref.store %d, %y[%j]
    }

Each lane still executes exactly the ops of its side, with its side's
operands: a merged load or store is performed once per lane at the address
its side would have used; ops of the other side that did not align never
run for it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, memref, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
)
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import PassFailedException

from simt.analysis.divergence import DivergenceInfo, analyze_divergence
from simt.analysis.smith_waterman import Alignment, align
from simt.dialects.simt import BLOCK_ARGS_DIVERGENCE_ATTR, BRANCH_ATTR, DIVERGENCE_ATTR
from simt.model.costs import DEFAULT_COST_TABLE, CostTable, op_cost
from simt.model.facts import has_no_effects, is_commutative, is_convergent
from simt.model.sites import site_id
from simt.passes.divergence import check_analyzable

# ---------------------------------------------------------------------------
# Which ops may merge, and the identities that let different ops merge
# ---------------------------------------------------------------------------

_SWAPPED_CMPI = {0: 0, 1: 1, 2: 4, 3: 5, 4: 2, 5: 3, 6: 8, 7: 9, 8: 6, 9: 7}
"""cmpi predicate p -> q with `a p b` = `b q a` (slt <-> sgt, ...)."""

_SWAPPED_CMPF = {
    0: 0, 1: 1, 2: 4, 3: 5, 4: 2, 5: 3, 6: 6, 7: 7,
    8: 8, 9: 11, 10: 12, 11: 9, 12: 10, 13: 13, 14: 14, 15: 15,
}  # fmt: skip
"""cmpf predicate p -> q with `a p b` = `b q a` (ogt <-> olt, ...)."""

MERGED_ACCESSES: tuple[type[Operation], ...] = (memref.LoadOp, memref.StoreOp)
"""Memory accesses that merge into one op with selected indices."""

_FACT_ATTRS = (DIVERGENCE_ATTR, BLOCK_ARGS_DIVERGENCE_ATTR, BRANCH_ATTR)
"""Analysis facts that fused code must not keep (they describe the old IR)."""


@dataclass(frozen=True)
class _Form:
    """How `second` merges into a clone of `first`: operand k of the merged op
    is chosen from first.operands[k] and second.operands[order[k]]."""

    order: tuple[int, ...]


def _same_properties(first: Operation, second: Operation) -> bool:
    return first.properties == second.properties and _own_attrs(first) == _own_attrs(
        second
    )


def _own_attrs(op: Operation) -> dict[str, Attribute]:
    return {k: v for k, v in op.attributes.items() if k not in _FACT_ATTRS}


def _is_mergeable_kind(op: Operation) -> bool:
    if op.regions or op.successors or is_convergent(op):
        return False
    return isinstance(op, MERGED_ACCESSES) or has_no_effects(op)


def _forms(first: Operation, second: Operation) -> list[_Form]:
    """The ways `second` can merge into `first` (identities included)."""
    if first.name != second.name or not _is_mergeable_kind(first):
        return []
    if first.result_types != second.result_types:
        return []
    straight = tuple(range(len(first.operands)))
    forms: list[_Form] = []
    if _same_properties(first, second):
        forms.append(_Form(straight))
        if is_commutative(first):
            forms.append(_Form((1, 0)))
    elif _is_swapped_comparison(first, second):
        forms.append(_Form((1, 0)))
    return [f for f in forms if _types_agree(first, second, f)]


def _is_swapped_comparison(first: Operation, second: Operation) -> bool:
    table = {"arith.cmpi": _SWAPPED_CMPI, "arith.cmpf": _SWAPPED_CMPF}.get(first.name)
    if table is None or _own_attrs(first) != _own_attrs(second):
        return False
    p, q = first.properties.get("predicate"), second.properties.get("predicate")
    if not (isinstance(p, IntegerAttr) and isinstance(q, IntegerAttr)):
        return False
    rest = {k: v for k, v in first.properties.items() if k != "predicate"}
    other = {k: v for k, v in second.properties.items() if k != "predicate"}
    return rest == other and table.get(p.value.data) == q.value.data


def _types_agree(first: Operation, second: Operation, form: _Form) -> bool:
    if len(first.operands) != len(second.operands):
        return False
    return all(
        first.operands[k].type == second.operands[o].type
        for k, o in enumerate(form.order)
    )


# ---------------------------------------------------------------------------
# Plans: what fusing two blocks would produce, and its profit
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Merge:
    """An aligned pair of plain ops merged into one."""

    first: Operation
    second: Operation
    form: _Form
    selects: int


@dataclass(frozen=True)
class _MergeIf:
    """An aligned pair of `scf.if` ops merged into one with fused regions."""

    first: scf.IfOp
    second: scf.IfOp
    then_plan: _Plan
    else_plan: _Plan
    selects: int


@dataclass(frozen=True)
class _Gap:
    """Unaligned ops of either side, kept under the branch condition."""

    first: tuple[Operation, ...]
    second: tuple[Operation, ...]


@dataclass(frozen=True)
class _Plan:
    steps: tuple[_Merge | _MergeIf | _Gap, ...]
    yield_selects: int
    profit: float
    feasible: bool
    """False when a gap must carry a value of a type with no zero to yield."""

    def overhead(self, costs: FusionCosts) -> float:
        """Selectors and gap branches a warp whose lanes all take one side
        pays in the fused code (half of each nested pair's own overhead:
        one side of it runs)."""
        total = costs.selector * self.yield_selects
        for step in self.steps:
            if isinstance(step, _Gap):
                total += costs.gap
                continue
            total += costs.selector * step.selects
            if isinstance(step, _MergeIf):
                nested = (
                    step.then_plan.overhead(costs),
                    step.else_plan.overhead(costs),
                )
                total += sum(nested) / 2
        return total


@dataclass(frozen=True)
class FusionCosts:
    """The profitability matrix's prices: s(t, f) is `op(t)` for mergeable
    ops, c is `selector` per differing operand, b is `gap` per gap."""

    op: Callable[[Operation], float]
    selector: float
    gap: float
    select_memrefs: bool = False
    """Whether loads and stores of different memrefs may merge."""

    @staticmethod
    def from_table(
        table: CostTable = DEFAULT_COST_TABLE,
        gap: float | None = None,
        selector: float | None = None,
        select_memrefs: bool = False,
    ) -> FusionCosts:
        """Prices from a cost table; b and c default to the table's costs of
        `scf.if` and `arith.select`."""
        return FusionCosts(
            op=lambda o: op_cost(o, table),
            selector=op_cost(arith.SelectOp, table) if selector is None else selector,
            gap=op_cost(scf.IfOp, table) if gap is None else gap,
            select_memrefs=select_memrefs,
        )


class _Tokens:
    """What each original value will be in the fused code, for counting the
    selectors: two operands need no selector when their tokens are equal."""

    def __init__(self) -> None:
        self._tokens: dict[SSAValue, object] = {}
        self._selected: set[tuple[object, object]] = set()

    def of(self, value: SSAValue) -> object:
        token = self._tokens.get(value)
        if token is not None:
            return token
        owner = value.owner
        if isinstance(owner, arith.ConstantOp):
            return ("constant", owner.value, value.type)
        return value

    def bind(self, value: SSAValue, token: object) -> None:
        self._tokens[value] = token

    def new_selects(self, pairs: Iterable[tuple[SSAValue, SSAValue]]) -> int:
        """How many selectors choosing between `pairs` the fused code lacks."""
        needed = {(self.of(t), self.of(f)) for t, f in pairs}
        return sum(1 for t, f in needed if t != f and (t, f) not in self._selected)

    def select(self, pairs: Iterable[tuple[SSAValue, SSAValue]]) -> None:
        """Records that the fused code has selectors for `pairs`."""
        self._selected.update((self.of(t), self.of(f)) for t, f in pairs)

    def is_bound(self, value: SSAValue) -> bool:
        return value in self._tokens

    def copy(self) -> _Tokens:
        clone = _Tokens()
        clone._tokens = dict(self._tokens)
        clone._selected = set(self._selected)
        return clone


def _body(block: Block | None) -> list[Operation]:
    """The ops of a region's block that take part in the alignment, with each
    run of consecutive loads in canonical order (see `_commute_loads`)."""
    if block is None:
        return []
    return _commute_loads(
        [
            op
            for op in block.ops
            if op is not block.last_op and not isinstance(op, arith.ConstantOp)
        ]
    )


def _commute_loads(ops: list[Operation]) -> list[Operation]:
    """Loads with no store between them commute: each run of consecutive
    loads is ordered by memref (function arguments by position), keeping the
    original order otherwise and every load after the loads it depends on,
    so that `x = a[i]; y = b[i]` and `x = b[i]; y = a[i]` line up."""
    ordered: list[Operation] = []
    run: list[Operation] = []
    for op in ops:
        if isinstance(op, memref.LoadOp):
            run.append(op)
            continue
        ordered.extend(_order_run(run))
        run = []
        ordered.append(op)
    ordered.extend(_order_run(run))
    return ordered


def _order_run(run: list[Operation]) -> list[Operation]:
    pending = list(run)
    ordered: list[Operation] = []
    while pending:
        inside = set(pending)
        ready = [
            op for op in pending if not any(v.owner in inside for v in op.operands)
        ]
        chosen = min(
            ready, key=lambda op: (_memref_rank(op.operands[0]), run.index(op))
        )
        pending.remove(chosen)
        ordered.append(chosen)
    return ordered


def _memref_rank(value: SSAValue) -> int:
    if isinstance(value, BlockArgument) and isinstance(
        value.block.parent_op(), func.FuncOp
    ):
        return value.index
    return 1 << 16


def _yielded(block: Block | None) -> Sequence[SSAValue]:
    if block is None or block.last_op is None:
        return ()
    return block.last_op.operands


def _block_of(region: Region) -> Block | None:
    return region.blocks.first


REFINEMENTS = 3
"""How many times `_Planner.plan` may redo an alignment with better estimates."""


class _Planner:
    """Builds fusion plans; `estimate` decides the alignment, `plan` counts."""

    def __init__(self, costs: FusionCosts) -> None:
        self.costs = costs
        self._if_scores: dict[tuple[Operation, Operation], float | None] = {}
        """Scores of nested `scf.if` pairs, computed once: without the cache,
        scoring every pair at every depth is exponential in the nesting."""

    def plan(self, first: Block | None, second: Block | None, tokens: _Tokens) -> _Plan:
        """The most profitable plan found for fusing `first` with `second`.

        The selector costs of the alignment are estimates: before the walk,
        two operands count as equal when they are the same computation
        (`_structural`). Each walk learns which values really merged, so the
        alignment is redone with those tokens until it repeats (at most
        `REFINEMENTS` times), keeping the plan with the best exact profit.
        """
        ops_t, ops_f = _body(first), _body(second)
        estimate = _structural(tokens, (*ops_t, *ops_f))
        best: _Plan | None = None
        seen: set[tuple[tuple[int, int], ...]] = set()
        for _ in range(REFINEMENTS):
            alignment = self._align(ops_t, ops_f, estimate)
            if alignment.pairs in seen:
                break
            seen.add(alignment.pairs)
            walked = tokens.copy()
            plan = self._walk(ops_t, ops_f, alignment.steps, first, second, walked)
            if best is None or plan.profit > best.profit:
                best = plan
            estimate = _structural(walked, (*ops_t, *ops_f))
        assert best is not None
        return best

    def _align(
        self, ops_t: list[Operation], ops_f: list[Operation], estimate: _Tokens
    ) -> Alignment:
        return align(
            ops_t,
            ops_f,
            lambda a, b: self._score(a, b, estimate),
            lambda a, b: self._selector_cost(a, b, estimate),
            self.costs.gap,
        )

    # -- scoring (estimates from the tokens before the walk) -------------------

    def _score(self, a: Operation, b: Operation, tokens: _Tokens) -> float | None:
        if isinstance(a, scf.IfOp) and isinstance(b, scf.IfOp):
            return self._if_score(a, b, tokens)
        forms = _forms(a, b)
        if not forms or not self._memory_ok(a, b, forms, tokens):
            return None
        return self.costs.op(a)

    def _selector_cost(self, a: Operation, b: Operation, tokens: _Tokens) -> float:
        if isinstance(a, scf.IfOp):
            return 0.0
        forms = _forms(a, b)
        if not forms:
            return 0.0
        return self.costs.selector * min(_differing(a, b, f, tokens) for f in forms)

    def _if_score(self, a: scf.IfOp, b: scf.IfOp, tokens: _Tokens) -> float | None:
        key = (a, b)
        if key not in self._if_scores:
            merged = self._merge_if(a, b, tokens.copy())
            self._if_scores[key] = None if merged is None else self._step_profit(merged)
        return self._if_scores[key]

    def _memory_ok(
        self, a: Operation, b: Operation, forms: list[_Form], tokens: _Tokens
    ) -> bool:
        """Whether `a` and `b` address the same memrefs (unless memrefs may be
        selected): loads and stores, and also `memref.dim`, views and any
        other op with a memref operand (the simulator keeps one memref per op,
        so a selected memref would be a lane-varying array)."""
        if self.costs.select_memrefs:
            return True
        slots = [k for k, v in enumerate(a.operands) if isinstance(v.type, MemRefType)]
        return any(
            all(
                f.order[k] == k and tokens.of(a.operands[k]) == tokens.of(b.operands[k])
                for k in slots
            )
            for f in forms
        )

    # -- walking the alignment ---------------------------------------------------

    def _walk(
        self,
        ops_t: list[Operation],
        ops_f: list[Operation],
        steps: Sequence[tuple[int | None, int | None]],
        first: Block | None,
        second: Block | None,
        tokens: _Tokens,
    ) -> _Plan:
        plan: list[_Merge | _MergeIf | _Gap] = []
        gap_t: list[Operation] = []
        gap_f: list[Operation] = []
        for i, j in steps:
            if j is None:
                gap_t.append(ops_t[_index(i)])
                continue
            if i is None:
                gap_f.append(ops_f[j])
                continue
            self._flush(plan, gap_t, gap_f, tokens)
            step = self._pair(ops_t[i], ops_f[j], tokens)
            if step is None:
                gap = _Gap((ops_t[i],), (ops_f[j],))
                plan.append(gap)
                _bind_gap(tokens, gap)
                continue
            plan.append(step)
        self._flush(plan, gap_t, gap_f, tokens)
        return self._finish(tuple(plan), first, second, tokens)

    def _flush(
        self,
        plan: list[_Merge | _MergeIf | _Gap],
        gap_t: list[Operation],
        gap_f: list[Operation],
        tokens: _Tokens,
    ) -> None:
        if not gap_t and not gap_f:
            return
        gap = _Gap(tuple(gap_t), tuple(gap_f))
        plan.append(gap)
        _bind_gap(tokens, gap)
        gap_t.clear()
        gap_f.clear()

    def _pair(
        self, a: Operation, b: Operation, tokens: _Tokens
    ) -> _Merge | _MergeIf | None:
        if isinstance(a, scf.IfOp) and isinstance(b, scf.IfOp):
            return self._merge_if(a, b, tokens)
        forms = _forms(a, b)
        if not forms or not self._memory_ok(a, b, forms, tokens):
            return None
        form = min(forms, key=lambda f: _differing(a, b, f, tokens))
        merged = _Merge(a, b, form, _differing(a, b, form, tokens))
        tokens.select(_operand_pairs(a, b, form))
        for k, (ra, rb) in enumerate(zip(a.results, b.results, strict=True)):
            token = ("merged", a, k)
            tokens.bind(ra, token)
            tokens.bind(rb, token)
        return merged

    def _merge_if(self, a: scf.IfOp, b: scf.IfOp, tokens: _Tokens) -> _MergeIf | None:
        if a.result_types != b.result_types:
            return None
        condition = [(a.cond, b.cond)]
        selects = tokens.new_selects(condition)
        tokens.select(condition)
        then_plan = self.plan(
            _block_of(a.true_region), _block_of(b.true_region), tokens.copy()
        )
        else_plan = self.plan(
            _block_of(a.false_region), _block_of(b.false_region), tokens.copy()
        )
        for k, (ra, rb) in enumerate(zip(a.results, b.results, strict=True)):
            token = ("merged", a, k)
            tokens.bind(ra, token)
            tokens.bind(rb, token)
        return _MergeIf(a, b, then_plan, else_plan, selects)

    def _finish(
        self,
        steps: tuple[_Merge | _MergeIf | _Gap, ...],
        first: Block | None,
        second: Block | None,
        tokens: _Tokens,
    ) -> _Plan:
        yields = list(zip(_yielded(first), _yielded(second), strict=False))
        yield_selects = tokens.new_selects(yields)
        profit = -self.costs.selector * yield_selects
        feasible = True
        for step in steps:
            profit += self._step_profit(step)
            if isinstance(step, _Gap):
                feasible &= all(
                    (t is not None and f is not None) or _has_zero(_slot_type((t, f)))
                    for t, f in _gap_slots(step)
                )
            elif isinstance(step, _MergeIf):
                feasible &= step.then_plan.feasible and step.else_plan.feasible
        return _Plan(steps, yield_selects, profit, feasible)

    def _step_profit(self, step: _Merge | _MergeIf | _Gap) -> float:
        if isinstance(step, _Gap):
            return -self.costs.gap
        if isinstance(step, _Merge):
            return self.costs.op(step.first) - self.costs.selector * step.selects
        inner = step.then_plan.profit + step.else_plan.profit
        return self.costs.op(step.first) + inner - self.costs.selector * step.selects


def _index(i: int | None) -> int:
    assert i is not None, "an alignment step has at least one side"
    return i


def _structural(tokens: _Tokens, ops: Sequence[Operation]) -> _Tokens:
    """A copy of `tokens` where each result of `ops` not bound yet gets a key
    built from its op and its operands' keys, so that the same computation on
    both sides estimates as one value (operands come first in program order,
    so one pass over `ops` suffices)."""
    estimate = tokens.copy()
    interned: dict[tuple[object, ...], object] = {}
    for op in ops:
        if op.regions:
            continue
        operands = tuple(estimate.of(v) for v in op.operands)
        properties = tuple(sorted(op.properties.items()))
        for k, result in enumerate(op.results):
            if tokens.is_bound(result):
                continue
            # Interned as a fresh object: nested key tuples would be hashed
            # again at every level, exponentially in the depth of the chain.
            key = (op.name, properties, operands, k)
            token = interned.get(key)
            if token is None:
                token = interned[key] = object()
            estimate.bind(result, token)
    return estimate


def _bind_gap(tokens: _Tokens, gap: _Gap) -> None:
    """Gap results are new values; the two values of one slot are one."""
    for op in (*gap.first, *gap.second):
        for result in op.results:
            tokens.bind(result, ("gap", result))
    for k, (then_value, else_value) in enumerate(_gap_slots(gap)):
        for value in (then_value, else_value):
            if value is not None:
                tokens.bind(value, ("slot", gap.first, gap.second, k))


Slot = tuple[SSAValue | None, SSAValue | None]
"""A result of the `scf.if` carrying a gap: (then-side value, else-side value)."""


def _gap_slots(gap: _Gap) -> list[Slot]:
    """The results of the `scf.if` that carries a gap, in order: a then-side
    value used after the gap shares its result with the next else-side one of
    the same type, since each lane reads only its own side's value (the `if`
    result is already the select of the two); a value without a partner gets
    a result of its own, filled on the other side with any value."""
    others = _escaping(gap.second)
    slots: list[Slot] = []
    for value in _escaping(gap.first):
        partner = next((o for o in others if o.type == value.type), None)
        if partner is not None:
            others.remove(partner)
        slots.append((value, partner))
    slots.extend((None, other) for other in others)
    return slots


def _slot_type(slot: Slot) -> Attribute:
    value = slot[0] if slot[0] is not None else slot[1]
    assert value is not None, "a slot carries at least one value"
    return value.type


def _operand_pairs(
    a: Operation, b: Operation, form: _Form
) -> list[tuple[SSAValue, SSAValue]]:
    return [(a.operands[k], b.operands[o]) for k, o in enumerate(form.order)]


def _differing(a: Operation, b: Operation, form: _Form, tokens: _Tokens) -> int:
    """The selectors merging `a` and `b` in `form` adds to the fused code."""
    return tokens.new_selects(_operand_pairs(a, b, form))


def _escaping(ops: Sequence[Operation]) -> list[SSAValue]:
    """Results of `ops` used outside them (by later ops or the yield)."""
    inside = set(ops)
    escaping: list[SSAValue] = []
    for op in ops:
        for result in op.results:
            if any(not _nested_in(use.operation, inside) for use in result.uses):
                escaping.append(result)
    return escaping


def _nested_in(op: Operation, ops: set[Operation]) -> bool:
    current: Operation | None = op
    while current is not None:
        if current in ops:
            return True
        current = current.parent_op()
    return False


def _has_zero(type_: Attribute) -> bool:
    return isinstance(type_, IntegerType | IndexType | AnyFloat)


# ---------------------------------------------------------------------------
# Code generation
# ---------------------------------------------------------------------------

Emit = Callable[[Operation], None]


@dataclass
class _Scope:
    """Where fused code goes (one block), and what is already available there:
    hoisted constants, selectors already built, a value of each type (to fill
    the yields of the side of a gap that did not compute a value; the latest
    one, which is the likeliest to meet the gap's value in a later merge)."""

    emit_op: Emit
    constants: dict[object, SSAValue] = field(default_factory=dict[object, SSAValue])
    selects: dict[tuple[SSAValue, SSAValue], SSAValue] = field(
        default_factory=dict[tuple[SSAValue, SSAValue], SSAValue]
    )
    by_type: dict[Attribute, SSAValue] = field(
        default_factory=dict[Attribute, SSAValue]
    )

    def emit(self, op: Operation) -> None:
        self.emit_op(op)
        for result in op.results:
            self.by_type[result.type] = result

    def nested(self, emit_op: Emit) -> _Scope:
        return _Scope(
            emit_op, dict(self.constants), dict(self.selects), dict(self.by_type)
        )

    def filler(self, type_: Attribute) -> SSAValue:
        found = self.by_type.get(type_)
        if found is not None:
            return found
        zero = _zero(type_)
        self.emit(zero)
        return zero.result


@dataclass
class _Emitter:
    """Emits the fused code of a plan; `then_map` / `else_map` send each
    original value of a side to its value in the fused code."""

    cond: SSAValue
    then_map: dict[SSAValue, SSAValue] = field(default_factory=dict[SSAValue, SSAValue])
    else_map: dict[SSAValue, SSAValue] = field(default_factory=dict[SSAValue, SSAValue])
    filled: dict[SSAValue, tuple[bool, SSAValue]] = field(
        default_factory=dict[SSAValue, tuple[bool, SSAValue]]
    )
    """Gap results that hold a filler on one side: (filled on the then side,
    the filler)."""

    def fuse(
        self, plan: _Plan, first: Block | None, second: Block | None, scope: _Scope
    ) -> list[SSAValue]:
        """Emits `plan` and returns the fused values of the two sides' yields."""
        self._hoist_constants(first, self.then_map, scope)
        self._hoist_constants(second, self.else_map, scope)
        for step in plan.steps:
            if isinstance(step, _Gap):
                self._gap(step, scope)
            elif isinstance(step, _Merge):
                self._merge(step, scope)
            else:
                self._merge_if(step, scope)
        return [
            self._choose(t, f, scope)
            for t, f in zip(_yielded(first), _yielded(second), strict=False)
        ]

    def _hoist_constants(
        self, block: Block | None, mapping: dict[SSAValue, SSAValue], scope: _Scope
    ) -> None:
        for op in block.ops if block is not None else ():
            if not isinstance(op, arith.ConstantOp):
                continue
            key = (op.value, op.result.type)
            if key not in scope.constants:
                clone = op.clone()
                scope.emit(_clean(clone))
                scope.constants[key] = clone.result
            mapping[op.result] = scope.constants[key]

    def _choose(
        self, then_value: SSAValue, else_value: SSAValue, scope: _Scope
    ) -> SSAValue:
        a = self.then_map.get(then_value, then_value)
        b = self.else_map.get(else_value, else_value)
        if a is b:
            return a
        if self.filled.get(b) == (True, a):
            return b
        if self.filled.get(a) == (False, b):
            return a
        found = scope.selects.get((a, b))
        if found is not None:
            return found
        select = arith.SelectOp(self.cond, a, b)
        scope.emit(select)
        scope.selects[(a, b)] = select.result
        return select.result

    def _merge(self, step: _Merge, scope: _Scope) -> None:
        first, second = step.first, step.second
        operands = [
            self._choose(first.operands[k], second.operands[o], scope)
            for k, o in enumerate(step.form.order)
        ]
        merged = _clean(first.clone(clone_operands=False))
        merged.operands = operands
        scope.emit(merged)
        self._bind_results(first, second, merged.results)

    def _bind_results(
        self, first: Operation, second: Operation, results: Sequence[SSAValue]
    ) -> None:
        for old_t, old_f, new in zip(
            first.results, second.results, results, strict=True
        ):
            self.then_map[old_t] = new
            self.else_map[old_f] = new

    def _merge_if(self, step: _MergeIf, scope: _Scope) -> None:
        first, second = step.first, step.second
        cond = self._choose(first.cond, second.cond, scope)
        then_block = self._fused_block(
            step.then_plan,
            _block_of(first.true_region),
            _block_of(second.true_region),
            scope,
        )
        else_region: Region | None = None
        if first.false_region.blocks or second.false_region.blocks:
            else_block = self._fused_block(
                step.else_plan,
                _block_of(first.false_region),
                _block_of(second.false_region),
                scope,
            )
            else_region = Region(else_block)
        merged = scf.IfOp(cond, first.result_types, Region(then_block), else_region)
        scope.emit(merged)
        self._bind_results(first, second, merged.results)

    def _fused_block(
        self, plan: _Plan, first: Block | None, second: Block | None, scope: _Scope
    ) -> Block:
        block = Block()
        values = self.fuse(plan, first, second, scope.nested(block.add_op))
        block.add_op(scf.YieldOp(*values))
        return block

    def _gap(self, gap: _Gap, scope: _Scope) -> None:
        slots = _gap_slots(gap)
        then_values = [self._slot_value(t, scope, _slot_type((t, f))) for t, f in slots]
        else_values = [self._slot_value(f, scope, _slot_type((t, f))) for t, f in slots]
        then_block = _gap_block(gap.first, self.then_map, then_values)
        else_block = _gap_block(gap.second, self.else_map, else_values)
        types = [_slot_type(slot) for slot in slots]
        guarded = scf.IfOp(self.cond, types, Region(then_block), Region(else_block))
        scope.emit(guarded)
        for k, ((then_value, else_value), result) in enumerate(
            zip(slots, guarded.results, strict=True)
        ):
            if then_value is not None:
                self.then_map[then_value] = result
            else:
                self.filled[result] = (True, then_values[k])
            if else_value is not None:
                self.else_map[else_value] = result
            else:
                self.filled[result] = (False, else_values[k])

    @staticmethod
    def _slot_value(
        value: SSAValue | None, scope: _Scope, type_: Attribute
    ) -> SSAValue:
        """What a side yields into a slot: its own value (mapped when its gap
        block is built) or, in a slot of the other side, a filler."""
        return value if value is not None else scope.filler(type_)


def _gap_block(
    ops: Sequence[Operation],
    mapping: dict[SSAValue, SSAValue],
    values: Sequence[SSAValue],
) -> Block:
    """The region of one side of a gap: its ops, then a yield of one value per
    slot (its own values through `mapping`, fillers as they are)."""
    block = Block()
    for op in ops:
        block.add_op(_clean(op.clone(value_mapper=mapping)))
    yielded = [mapping.get(v, v) for v in values]
    block.add_op(scf.YieldOp(*yielded))
    return block


def _zero(type_: Attribute) -> arith.ConstantOp:
    if isinstance(type_, AnyFloat):
        return arith.ConstantOp(FloatAttr(0.0, type_))
    assert isinstance(type_, IntegerType | IndexType)
    return arith.ConstantOp(IntegerAttr(0, type_))


def _clean(op: Operation) -> Operation:
    """Drops stale analysis facts from `op` and everything nested in it."""
    for nested in op.walk():
        for name in _FACT_ATTRS:
            nested.attributes.pop(name, None)
    return op


# ---------------------------------------------------------------------------
# The pattern and the pass
# ---------------------------------------------------------------------------


def is_unifiable(op: scf.IfOp) -> bool:
    """Definition 4.1 for structured code: both sides have exclusive work."""
    then_block, else_block = _block_of(op.true_region), _block_of(op.false_region)
    return bool(_body(then_block)) and bool(_body(else_block))


@dataclass(frozen=True)
class FusionPlan:
    """What fusing one `scf.if` would do, and what it predicts.

    `profit` is the paper's sum(s - c) - b * gaps: the cycles a warp whose
    lanes take both sides saves per execution. `uniform_overhead` is what a
    warp whose lanes all take one side pays extra (its selectors and gap
    branches, less the branch the fusion removes). `apply` rewrites the IR.
    """

    op: scf.IfOp
    costs: FusionCosts
    _alignment: _Plan

    @property
    def feasible(self) -> bool:
        """False when a gap would have to carry a value of a type with no zero."""
        return self._alignment.feasible

    @property
    def profit(self) -> float:
        return self._alignment.profit

    @property
    def uniform_overhead(self) -> float:
        return self._alignment.overhead(self.costs) - self.costs.gap

    @property
    def merged(self) -> int:
        """Aligned pairs of ops (nested `scf.if` pairs count as one)."""
        return sum(1 for s in self._alignment.steps if not isinstance(s, _Gap))

    @property
    def gaps(self) -> int:
        return sum(1 for s in self._alignment.steps if isinstance(s, _Gap))

    def apply(self, rewriter: PatternRewriter | None = None) -> None:
        """Replaces the `scf.if` by its fused code (through `rewriter` inside a
        pattern, else through xDSL's `Rewriter`)."""
        op = self.op
        then_block, else_block = _block_of(op.true_region), _block_of(op.false_region)
        point = InsertPoint.before(op)

        def emit(new: Operation) -> None:
            if rewriter is not None:
                rewriter.insert(new, point)
            else:
                Rewriter.insert_op(new, point)

        values = _Emitter(op.cond).fuse(
            self._alignment, then_block, else_block, _Scope(emit)
        )
        if rewriter is not None:
            rewriter.replace(op, [], values)
        else:
            Rewriter.replace_op(op, [], values)


class FusionPlanner:
    """Plans the fusion of `scf.if` ops with one set of prices (it caches the
    scores of nested pairs, so one planner serves a whole function)."""

    def __init__(self, costs: FusionCosts | None = None) -> None:
        self.costs = costs if costs is not None else FusionCosts.from_table()
        self._planner = _Planner(self.costs)

    def plan(self, op: scf.IfOp) -> FusionPlan | None:
        """The best fusion of `op`'s two sides; None when `op` is not an
        if-then-else with work on both sides (Definition 4.1)."""
        if not is_unifiable(op):
            return None
        then_block, else_block = _block_of(op.true_region), _block_of(op.false_region)
        alignment = self._planner.plan(then_block, else_block, _Tokens())
        return FusionPlan(op, self.costs, alignment)


class FuseDivergentBranch(RewritePattern):
    """Rewrites a divergent, unifiable `scf.if` into its fused then/else code
    when the alignment's profit reaches the minimum."""

    def __init__(
        self, candidates: frozenset[Operation], costs: FusionCosts, min_profit: float
    ) -> None:
        self.candidates = candidates
        self.planner = FusionPlanner(costs)
        self.min_profit = min_profit

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, scf.IfOp) or op not in self.candidates:
            return
        plan = self.planner.plan(op)
        if plan is None or not plan.feasible:
            return
        if plan.profit <= 0 or plan.profit < self.min_profit:
            return
        plan.apply(rewriter)


@dataclass(frozen=True)
class BranchFusionPass(ModulePass):
    """Fuses the then and else regions of divergent `scf.if` ops (branch fusion).

    Input invariant: simt IR (docs/ir-conventions.md). Only `scf.if` ops with
    both regions holding ops (Definition 4.1: "if-then-else") whose condition
    the divergence analysis calls divergent are candidates; `cf` branches,
    if-then branches and uniform branches are left alone. A function without
    a body or an unregistered op fails the pass (see
    `simt.passes.divergence.check_analyzable`), as does a negative or
    non-finite `gap-cost` or `selector-cost`.

    Output IR: each fused `scf.if` is replaced by straight-line code: merged
    ops with `arith.select %cond` on their differing operands, unaligned runs
    under new `scf.if %cond` ops, nested `scf.if` pairs merged into one
    `scf.if` on the selected condition. Analysis facts (`simt.divergence`,
    `simt.branch`, ...) are dropped from the fused code.

    Invariants: every lane computes the values and performs the loads and
    stores its side did, each exactly once and in the same order per side;
    warp collectives and barriers are never merged (they stay under the
    condition); uniform branches are untouched.
    """

    name = "simt-branch-fusion"

    gap_cost: float | int | None = None
    """b: the cost of a gap (the branch kept around unaligned ops); by default
    the cost of `scf.if` in the cost table. Must be >= 0; an int (`gap-cost=2`
    on the command line) is read as a float, as in the other cost options."""

    selector_cost: float | int | None = None
    """c per selector (>= 0); by default the cost of `arith.select` in the table."""

    min_profit: float | int = 0.0
    """Fuse only when the predicted saving (cycles per divergent execution)
    reaches this value; the saving must be positive in any case."""

    select_memrefs: bool = False
    """Let loads and stores of different memrefs merge with a selected memref
    (off by default: the simulator keeps one memref per op)."""

    lockstep_loads: bool = False
    """Passed to the divergence analysis (see `simt.analysis.divergence`)."""

    sites: str = ""
    """Space-separated sites (`@kernel/b0.3/r0.b0.2`, positions in the input
    IR, as a profile names them) of the only `scf.if` ops to consider; empty:
    every candidate. `simt.autotune` writes it to replay a per-branch choice."""

    cost_table: ClassVar[CostTable] = DEFAULT_COST_TABLE

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        costs = self.costs()
        min_profit = _finite(self.min_profit, "min-profit", allow_negative=True)
        check_analyzable(self.name, op)
        info = analyze_divergence(op, lockstep_loads=self.lockstep_loads)
        candidates = _candidates(info, op)
        if self.sites.strip():
            chosen = set(self.sites.split())
            candidates = frozenset(c for c in candidates if site_id(c) in chosen)
        pattern = FuseDivergentBranch(candidates, costs, min_profit)
        PatternRewriteWalker(
            pattern, apply_recursively=False, walk_regions_first=True
        ).rewrite_module(op)

    def costs(self) -> FusionCosts:
        """The prices this pass' options give (`FusionCosts.from_table`)."""
        gap, selector = self.gap_cost, self.selector_cost
        return FusionCosts.from_table(
            self.cost_table,
            gap=None if gap is None else _finite(gap, "gap-cost"),
            selector=None if selector is None else _finite(selector, "selector-cost"),
            select_memrefs=self.select_memrefs,
        )


class InvalidOptionError(PassFailedException, ValueError):
    """An option value the pass cannot use (a `PassFailedException`, and a
    `ValueError` for callers that catch bad values as such)."""


def _finite(value: object, option: str, allow_negative: bool = False) -> float:
    """The option's value as a float; fails the pass on a value that is not a
    finite number, or a negative one unless allowed."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidOptionError(
            f"simt-branch-fusion: expected a number for {option}, found {value!r}"
        )
    number = float(value)
    if not math.isfinite(number) or (number < 0 and not allow_negative):
        wanted = "a finite" if allow_negative else "a finite, non-negative"
        raise InvalidOptionError(
            f"simt-branch-fusion: expected {wanted} {option}, found {value!r}"
        )
    return number


def _candidates(info: DivergenceInfo, module: builtin.ModuleOp) -> frozenset[Operation]:
    return frozenset(
        op
        for op in module.walk()
        if isinstance(op, scf.IfOp)
        and _in_function(op)
        and info.is_divergent_branch(op)
    )


def _in_function(op: Operation) -> bool:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent is not None
