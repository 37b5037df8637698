"""Loop nest reduction: flattening of data-dependent nested loops.

Source: V. G. Bulavintsev, "Flattening of Data-Dependent Nested Loops for
Compile-Time Optimization of GPU Programs", 2019, §III (Fig. 5, steps 1-5,
the flag variable b) and §III.C (formula (1)); Han and Abdelrahman's "loop
merging" (2013) is the same idea.

A warp runs a nest `while a { A_w; while b { B }; A_e }` as slowly as its
slowest lane: a lane whose inner loop B is done idles until every lane of the
warp is done. The transformation merges B into A so that a lane that leaves B
runs the outer loop's exclusive work at once (A_e, A's condition, A_w) and
re-enters B with new work, while the other lanes go on with their B
iterations. In the paper's CFG form: A's back edge emulates B's back edge, the
work exclusive to A is put under a test of the flag b ("am I inside B?").

On structured IR (`scf.while`; `scf.for` is first rewritten to `scf.while`),
with the outer body split at its inner loops into segments
`S_0 L_1 S_1 ... L_K S_K yield`, the pass builds one `scf.while` whose
iter_args are the lane's state: a continue flag, the phase (which inner loop
the lane is in: the paper's b, an `i32` for several inner loops), the
iter_args of the inner loops, the values of the outer body that live across
an inner loop, and the outer loop's results. For one inner loop B the exit
test of B ends an iteration (Fig. 5c: B's back edge goes through A's latch),
so a lane whose B ends takes the detour in the same iteration; the detour is
a small loop that also skips outer iterations whose B is empty:

    detour(args) = scf.while { a = A.before(args); b = a && B.before(S_0) }
                   while a && !b { args = A.yield(S_1) }     // A_e, A_h, A_w
    cont, pending = detour(init)                             // the prologue
    scf.while (cont, pending, live, res) {
      scf.condition(cont) ...                                // A is done
    } do {
      b, pending' = B.before(B.after(pending))               // one B iteration
      scf.if b { pending' } else { detour(A.yield(S_1(pending'))) }
    }

With several inner loops each iteration runs, for the lane's phase j,
`L_j.before`, then `L_j.after` or (`S_j`, enter `L_j+1`), the last one
followed by A's yield, header and `S_0` (steps 3-5 for each inner loop).

`mode=always` is this form (the paper's transformation); `static` and `profile`
apply it where formula (1), summed over an outer iteration, says it saves
cycles (see `simt.analysis.cost_model`).

`mode=adaptive` (beyond the paper) decides per warp at run time. Busy lanes
run B in a fast loop that the whole warp leaves as soon as one lane's B ends;
the warp then counts its idle lanes n (a ballot) and sends them on the
detour (A's exclusive work, then their next B) when it `take`s:

1. formula (1) holds for the next iteration, n > N * p / 1024 with
   p = round(1024 * Ta / (Ta + Tb)) (N the warp size), or no lane is busy; or
2. the warp is *split* (its last detour left busy lanes behind) and a busy
   lane's current B has run `long_run` = θ = max(Ta / Tb, 2 m) iterations
   (`cost_model.long_run_threshold`; m = T (1 - n/N) is the mean inner trip
   count of a lane from the profile or the options).

Otherwise the idle lanes wait and the busy lanes go back into the fast loop.
Why the second rule: formula (1) weighs one detour against one iteration of
B, but idle lanes that do not leave wait for the busy lanes' whole remaining
B, which can be far longer. While a warp is in step (as after a detour that
no lane missed), a detour for a few lanes also costs a second detour later,
when the busy lanes end, that one detour would have served: so only formula
(1) applies. Once the warp is split, that cost is paid already, and the
remaining wait is estimated from the busy lanes' ages (a B run that has
lasted t iterations is as likely as not to last t more): when one has run
longer than a detour costs (Ta / Tb iterations) and longer than twice a
lane's mean inner loop, the idle lanes are expected to wait more than a
detour costs, and go. The ages are counted only while the warp is split (in
a second fast loop), so that a warp in step pays nothing for them; while
idle lanes wait, a third, bounded, fast loop is left when an age reaches θ.
The rule costs, per iteration of B: one `vote_all` (in step), one `vote_all`
and one `addi` (split), two more (`cmpi`, `andi`) while lanes wait; per
fast-loop entry one or two `scf.if` on the warp-uniform flags; per decision
(once per fast-loop exit): a ballot, a popcount, a `vote_all`, a `vote_any`
and 7 integer ops.

    cont, pending = detour(init); inB = cont              // the prologue
    together = took = true; age = 0
    scf.while (cont, inB, together, took, age, pending, live, a-args, res) {
      scf.condition(cont)
    } do {
      scf.if inB {
        b, pending, age = together ? plain : (took ? counting : bounded)
        scf.if !b { a-args = A.yield(S_1(pending)); inB = false; age = 0 }
      }
      n = popc(ballot(!inB))
      none_busy = vote_all(!inB)
      take = n > limit || none_busy || vote_any(age >= θ)
      together = take ? none_busy : together; took = take
      scf.if take && !inB { cont, pending = detour(a-args); inB = cont; age = 0 }
    }

where plain is `scf.while { b, fwd = B.before(B.after(pending)) } while
vote_all(b)`, counting also adds 1 to age, bounded also leaves when
age >= θ. On Fig. 7's benchmark (`simt.bench.flatten`) this keeps every
point at or above 0.95x of the original and gets 0.8 or more of `always`'s
gain at k = 31. Its known weakness (explored on a schedule model, not a
target): when B runs are long and of scattered lengths and A is much
heavier than B (Ta / Tb = 10), a split warp detours about as often as
`always` and loses as `always` does.

The adaptive loop is built only where its run-time check is cheap
(issue 17: `adaptive` must never fall below 0.95x of the original): the
loop this pass would build is costed (`measure_overheads`, on a clone) and
the nest is declined, with a remark, when the fast loop's extra cost per
inner iteration exceeds `budget` (5%) of the cheapest inner iteration the IR
allows, or its decisions `budget` of an outer iteration
(`cost_model.adaptive_refusal`). `static` and `profile` weigh the same
measured overheads (`LoopOverheads`), `profile` with the profile's counts
(`cost_model.PackingEstimate`).

Nests of more levels are reduced innermost first, one level per round, until
the nest depth is `depth`. A nest is left alone, with a remark on stderr and a
`simt.remark` attribute on the loop, when flattening would be wrong or
useless: a warp collective (barrier, vote, ballot) in the nest, a divergence
analysis proving an inner loop's exit uniform, a shape this pass does not
handle, or (static/profile) the cost model saying it does not pay.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from xdsl.context import Context
from xdsl.dialects import arith, func, math, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    UnitAttr,
    i1,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import PassFailedException

from simt.analysis.cost_model import (
    ADAPTIVE_BUDGET,
    FlattenDecision,
    LoopOverheads,
    NestCostModel,
    ProfileData,
    load_profile,
)
from simt.analysis.divergence import DivergenceInfo, analyze_divergence
from simt.analysis.structured_loops import StructuredLoopTree
from simt.dialects import simt
from simt.model.costs import op_cost
from simt.model.facts import is_convergent
from simt.model.locations import op_location
from simt.model.sites import site_id

FLATTENED_ATTR = "simt.flattened"
"""Discardable attribute on a loop this pass built: the mode, as a string."""

REMARK_ATTR = "simt.remark"
"""Discardable attribute on a loop this pass left alone: why, as a string."""

INTERNAL_VOTE_ATTR = "simt.flatten_vote"
"""Marks the votes of an adaptive flattened loop: they are correct for any set
of active lanes, so they do not forbid flattening an enclosing nest."""

_INTERNAL_LOOPS = (StringAttr("fast"), StringAttr("detour"))
"""The loops a flattened loop holds: the adaptive fast loop (a warp-uniform
exit) and the detour that skips empty inner loops (outer work)."""

Mode = Literal["always", "static", "profile", "adaptive"]
Loop = scf.WhileOp | scf.ForOp


class Refusal(Exception):
    """A nest that must not (or cannot) be flattened, and why."""


# ---------------------------------------------------------------------------
# The pass
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FlattenLoopsPass(ModulePass):
    """Loop nest reduction (Bulavintsev 2019) on `scf.while` / `scf.for` nests.

    Input invariant: structured loops (`scf.while`, `scf.for`) in any function;
    the inner loops of a nest are ops of the outer loop's body block (an inner
    loop inside an `scf.if` of the body stays part of the outer work). Loops in
    `cf` block graphs are not touched.

    Output IR: each flattened nest is one `scf.while` marked
    `simt.flattened = "always"` or `"adaptive"`; with one inner loop it holds
    a detour loop (`"detour"`, A's exclusive work, repeated over empty inner
    loops) that also runs once before it as the prologue; `adaptive` adds
    three fast loops (`"fast"`: plain, counting, bounded) with one
    `simt.vote_all` per inner iteration, and a ballot and two
    `simt.vote_any` each time the warp leaves them. These internal loops are never
    flattened again.
    Every refused nest carries `simt.remark` and gets a `remark:` line on
    stderr (`<location or site>: remark: <op>: <why>`).

    Invariants: the semantics of every lane (each lane runs the same sequence
    of side effects with the same values as before); no warp collective is
    moved into divergent control flow (nests with one are refused); inactive
    lanes keep their values (every state update is an `scf.if` yield).

    Options: `mode` (always | static | profile | adaptive); `depth`, the loop
    depth to reduce each nest to (1 = one loop); `idle_fraction`, n/N for
    `static` (and for loops a profile does not cover); `profile`, the path of a
    simulator profile (`SimulationStats.to_json()`) of the input module, giving
    idle fractions and trip counts (required by `profile`, used by the others
    for trip counts); `remarks`, whether to print remarks on stderr;
    `budget` (adaptive), the most its run-time check may cost, as a fraction
    of an inner and of an outer iteration, before the nest is declined;
    `sites`, the outer loops to consider (positions in the input IR).
    """

    name = "simt-flatten-loops"

    mode: Mode = "always"
    depth: int = 1
    idle_fraction: float = 0.5
    profile: str | None = None
    remarks: bool = True
    budget: float | int = ADAPTIVE_BUDGET
    """adaptive: the most its run-time check may add to a nest, as a
    fraction of its inner iteration and of its outer iteration; a nest whose
    check costs more is declined (`cost_model.adaptive_refusal`)."""
    sites: str = ""
    """Space-separated sites (`@kernel/b0.3`, positions in the input IR, as a
    profile names them) of the only outer loops to flatten; empty: every
    nest. `simt.autotune` writes it to replay a per-nest choice."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        self._check_options()
        profile = self._load_profile(op)
        costs = NestCostModel(profile=profile, adaptive_budget=float(self.budget))
        for function in [f for f in op.walk() if isinstance(f, func.FuncOp)]:
            FunctionFlattener(self, costs).run(function)

    def _check_options(self) -> None:
        if self.depth < 1:
            raise PassFailedException(
                f"simt-flatten-loops: expected depth >= 1, found {self.depth}"
            )
        if not self.budget >= 0.0:
            raise PassFailedException(
                f"simt-flatten-loops: expected budget >= 0, found {self.budget}"
            )
        if not 0.0 <= self.idle_fraction <= 1.0:
            raise PassFailedException(
                "simt-flatten-loops: expected idle-fraction in [0, 1], "
                f"found {self.idle_fraction}"
            )
        if self.mode == "profile" and self.profile is None:
            raise PassFailedException(
                "simt-flatten-loops: mode=profile needs profile=<path.json> "
                "(a SimulationStats.to_json() of the input module)"
            )

    def _load_profile(self, module: ModuleOp) -> ProfileData | None:
        if self.profile is None:
            return None
        try:
            return load_profile(self.profile, module)
        except (OSError, ValueError) as error:
            raise PassFailedException(f"simt-flatten-loops: {error}") from error


# ---------------------------------------------------------------------------
# Choosing nests, round by round
# ---------------------------------------------------------------------------


@dataclass
class FunctionFlattener:
    """Flattens the nests of one function, innermost first, round by round.

    The planning API of loop nest reduction: for each legal nest (no
    collective inside, a divergent exit, see `_candidate_children`), it asks
    `costs.decide(outer, inner, mode, idle_fraction)` for a `FlattenDecision`
    (what would be done and the predicted `NestCost`) and flattens when the
    decision says so. `simt-optimize` passes a cost model of its own that
    gates the decision on a profile; `simt-flatten-loops` passes the plain
    formula (1) model.
    """

    options: FlattenLoopsPass
    costs: NestCostModel
    refused: set[Operation] = field(default_factory=lambda: set[Operation]())
    remarked: set[Operation] = field(default_factory=lambda: set[Operation]())
    selected: set[Operation] | None = None
    """The outer loops `options.sites` names (None: every loop)."""

    def run(self, function: func.FuncOp) -> None:
        if self.options.sites.strip():
            chosen = set(self.options.sites.split())
            self.selected = {op for op in function.walk() if site_id(op) in chosen}
        while True:
            targets = self._targets(function)
            if not targets:
                return
            for outer, inner in targets:
                # Flattening an earlier target of this round may have cloned
                # this nest into its new loop and erased the original: the
                # next round finds the clone.
                if _is_inside(outer, function):
                    self._try_flatten(outer, inner)

    def _targets(self, function: func.FuncOp) -> list[tuple[Loop, list[Loop]]]:
        """The outer loops to flatten this round, with their inner loops."""
        tree = StructuredLoopTree(function)
        divergence = analyze_divergence(function)
        edges = {
            node.op: self._candidate_children(node.op, node.children, divergence)
            for node in tree.loops
            if node.op not in self.refused
        }
        heights = _heights(tree, edges)
        roots = _candidate_roots(tree, edges)
        targets: list[tuple[Loop, list[Loop]]] = []
        for node in tree.loops:
            outer = node.op
            if heights.get(outer) != 2 or not isinstance(outer, Loop):
                continue
            if heights[roots[outer]] > self.options.depth:
                targets.append(
                    (outer, [c for c in edges[outer] if isinstance(c, Loop)])
                )
        return targets

    def _candidate_children(
        self,
        outer: Operation,
        children: Sequence[Operation],
        divergence: DivergenceInfo,
    ) -> list[Operation]:
        """The inner loops of `outer` this pass would merge into it."""
        picked: list[Operation] = []
        for child in children:
            if child.attributes.get(FLATTENED_ATTR) in _INTERNAL_LOOPS:
                continue  # built by this pass: part of a flattened loop
            reason = _child_refusal(outer, child, divergence)
            if reason is None:
                picked.append(child)
            else:
                self._remark_once(child, reason)
        return picked

    def _try_flatten(self, outer: Loop, inner: list[Loop]) -> None:
        try:
            if self.selected is not None and outer not in self.selected:
                raise Refusal("not flattened: not among the selected sites")
            _check_nest(outer, inner)
            mode = self._decide(outer, inner)
            _flatten(outer, inner, mode)
        except Refusal as refusal:
            self.refused.add(outer)
            self._remark_once(outer, str(refusal))

    def _decide(self, outer: Loop, inner: list[Loop]) -> FlattenDecision:
        mode = self.options.mode
        overheads = None
        if mode != "always":
            built = "adaptive" if mode == "adaptive" and len(inner) == 1 else "always"
            overheads = measure_overheads(outer, inner, built)
        decision = self.costs.decide(
            outer, inner, mode, self.options.idle_fraction, overheads
        )
        if not decision.flatten:
            raise Refusal(decision.reason)
        if decision.mode == "adaptive" and len(inner) > 1:
            self._remark_once(
                outer,
                "adaptive mode handles one inner loop; with "
                f"{len(inner)} the outer detour is taken unconditionally",
            )
            return FlattenDecision(True, "always", decision.reason, decision.cost)
        return decision

    def _remark_once(self, op: Operation, message: str) -> None:
        """Remarks on `op` once; clones of a remarked op (in a flattened loop)
        carry its `simt.remark` and stay quiet."""
        if op in self.remarked or REMARK_ATTR in op.attributes:
            return
        self.remarked.add(op)
        op.attributes[REMARK_ATTR] = StringAttr(message)
        if self.options.remarks:
            print(f"{_where(op)}: remark: {op.name}: {message}", file=sys.stderr)


def _is_inside(op: Operation, ancestor: Operation) -> bool:
    """Whether `op` is still nested in `ancestor` (not detached or erased)."""
    current: Operation | None = op
    while current is not None and current is not ancestor:
        current = current.parent_op()
    return current is ancestor


def _child_refusal(
    outer: Operation, child: Operation, divergence: DivergenceInfo
) -> str | None:
    """Why `child` cannot be merged into `outer` as an inner loop, or None."""
    if not isinstance(child, Loop):
        return None
    if _exit_is_uniform(child, divergence):
        return "not flattened: its exit is uniform across the warp (no gain)"
    if child.parent_op() is not outer:
        return (
            "not flattened into the enclosing loop: it is nested in "
            f"'{_name(child.parent_op())}', not in the loop body itself"
        )
    if isinstance(outer, scf.WhileOp) and child.parent_region() is outer.before_region:
        return (
            "not flattened into the enclosing loop: it is in the condition "
            "region of the scf.while"
        )
    return None


def _name(op: Operation | None) -> str:
    return op.name if op is not None else "?"


def _heights(
    tree: StructuredLoopTree, edges: dict[Operation, list[Operation]]
) -> dict[Operation, int]:
    """Height of each loop in the tree of candidate edges (a leaf is 1)."""
    heights: dict[Operation, int] = {}
    for node in reversed(tree.loops):
        children = edges.get(node.op, [])
        heights[node.op] = 1 + max((heights[c] for c in children), default=0)
    return heights


def _candidate_roots(
    tree: StructuredLoopTree, edges: dict[Operation, list[Operation]]
) -> dict[Operation, Operation]:
    """For each loop, the outermost loop it reaches through candidate edges."""
    roots: dict[Operation, Operation] = {}
    for node in tree.loops:
        parent = node.parent
        linked = parent is not None and node.op in edges.get(parent, [])
        roots[node.op] = roots[parent] if linked and parent is not None else node.op
    return roots


def _exit_is_uniform(loop: Loop, divergence: DivergenceInfo) -> bool:
    """Whether divergence analysis proves every active lane leaves `loop` together."""
    return not divergence.is_divergent_branch(loop)


def _where(op: Operation) -> str:
    return op_location(op)


# ---------------------------------------------------------------------------
# What the built loop costs
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _BuiltLoopCosts(NestCostModel):
    """Static costs of a flattened loop: its detour and fast loops are costed
    as one pass of their condition region (no extra iteration), an `scf.if`
    as its dearer side (the state updates of the built loop are on the side
    a lane takes when it moves on; the nest's own work is costed the same
    way, before and after, so its `scf.if`s cancel)."""

    def trip_count(self, loop: Operation) -> float:
        if loop.attributes.get(FLATTENED_ATTR) in _INTERNAL_LOOPS:
            return 0.0
        return super().trip_count(loop)

    def op_total_cost(self, op: Operation) -> float:
        if not isinstance(op, scf.IfOp):
            return super().op_total_cost(op)
        sides = [self.region_cost(region) for region in op.regions]
        return op_cost(op, self.table) + max(sides, default=0.0)


def measure_overheads(
    outer: Loop, inner: Sequence[Loop], mode: Literal["always", "adaptive"]
) -> LoopOverheads | None:
    """The planning API of the flattened loop's cost: builds the loop this
    pass would build for the nest (on a clone of the enclosing function,
    which is then dropped) and costs it with the simulator's cost table
    against the nest's own work (`LoopOverheads`). None when the nest cannot
    be flattened or has several inner loops (no rotated form to measure)."""
    function = _enclosing_function(outer)
    if function is None or len(inner) != 1 or inner[0].parent_op() is not outer:
        return None
    if (
        isinstance(outer, scf.WhileOp)
        and inner[0].parent_region() is not outer.after_region
    ):
        return None
    clone = function.clone()
    pairs = dict(zip(function.walk(), clone.walk(), strict=True))
    c_outer, c_inner = pairs[outer], pairs[inner[0]]
    assert isinstance(c_outer, Loop) and isinstance(c_inner, Loop)
    costs = _BuiltLoopCosts()
    tb = costs.iteration_cost(c_inner)
    ta = costs.exclusive_cost(c_outer, {c_inner})
    block = c_outer.parent_block()
    assert block is not None
    existing = set(block.ops)
    try:
        _check_nest(c_outer, [c_inner])
        _flatten(c_outer, [c_inner], FlattenDecision(True, mode, "measured"))
    except Refusal:
        return None
    added = [op for op in block.ops if op not in existing]
    built = StringAttr(mode)
    loop = next(op for op in added if op.attributes.get(FLATTENED_ATTR) == built)
    assert isinstance(loop, scf.WhileOp)
    entry = sum(costs.op_total_cost(op) for op in added if op is not loop)
    if mode == "adaptive":
        return _adaptive_overheads(loop, costs, tb, ta, entry)
    return _rotated_overheads(loop, costs, tb, ta, entry)


def _rotated_overheads(
    loop: scf.WhileOp, costs: NestCostModel, tb: float, ta: float, entry: float
) -> LoopOverheads:
    """One iteration: the condition, B's body and test, the `scf.if` on b;
    a detour: its else side (A's exclusive work and the detour loop)."""
    ops = list(loop.after_region.block.ops)
    step = ops[-2]
    assert isinstance(step, scf.IfOp)
    head = costs.region_cost(loop.before_region)
    body = sum(costs.op_total_cost(op) for op in ops[:-2]) + op_cost(step)
    detour = costs.region_cost(step.false_region) - costs.region_cost(step.true_region)
    return LoopOverheads(head + body - tb, detour - ta, max(0.0, entry - ta))


def _adaptive_overheads(
    loop: scf.WhileOp, costs: NestCostModel, tb: float, ta: float, entry: float
) -> LoopOverheads:
    """The plain fast loop's iteration over B's, and the decision per exit:
    the adaptive loop's own ops outside its fast loops, B and A's work."""
    fast = next(
        op
        for op in loop.walk()
        if isinstance(op, scf.WhileOp)
        and op.attributes.get(FLATTENED_ATTR) == _INTERNAL_LOOPS[0]
    )
    iteration = costs.region_cost(fast.before_region) - tb
    check = costs.region_cost(loop.before_region)
    for op in loop.after_region.block.ops:
        check += op_cost(op)
        if isinstance(op, scf.IfOp) and op is loop.after_region.block.first_op:
            check += sum(_own_costs(region) for region in op.regions)
    return LoopOverheads(iteration, 0.0, max(0.0, entry - ta), check)


def _own_costs(region: Region) -> float:
    """The ops of a region and of the `scf.if`s in it, loops and their
    contents left out."""
    total = 0.0
    work: list[Region] = [region]
    while work:
        for block in work.pop().blocks:
            for op in block.ops:
                if isinstance(op, scf.WhileOp | scf.ForOp):
                    continue
                total += op_cost(op)
                if isinstance(op, scf.IfOp):
                    work.extend(op.regions)
    return total


def _enclosing_function(op: Operation) -> func.FuncOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


# ---------------------------------------------------------------------------
# Legality
# ---------------------------------------------------------------------------


def _check_nest(outer: Loop, inner: Sequence[Loop]) -> None:
    """Raises `Refusal` when the nest must not be flattened."""
    collective = _first_collective(outer)
    if collective is not None:
        raise Refusal(
            f"not flattened: '{collective.name}' in the nest needs the lanes of "
            "a warp to meet, and flattening lets them reach it apart"
        )
    body = (
        outer.body.block if isinstance(outer, scf.ForOp) else outer.after_region.block
    )
    positions = [list(body.ops).index(loop) for loop in inner]
    live_types = [v.type for v in _live_across(body, positions)]
    state_types = [t for loop in [outer, *inner] for t in _state_types(loop)]
    for value_type in [*state_types, *live_types]:
        if _zero_attr(value_type) is None:
            raise Refusal(
                f"not flattened: a value of type {value_type} carried by the "
                "flattened loop has no placeholder for lanes in another phase"
            )


def _state_types(loop: Loop) -> list[Attribute]:
    if isinstance(loop, scf.ForOp):
        return [loop.lb.type, *(r.type for r in loop.res)]
    condition = loop.before_region.block.last_op
    assert isinstance(condition, scf.ConditionOp)
    return [*(a.type for a in loop.arguments), *(a.type for a in condition.args)]


def _first_collective(root: Operation) -> Operation | None:
    """The first warp collective in `root` or in a function it calls."""
    module = root.get_toplevel_object()
    seen: set[Operation] = set()
    work: list[Operation] = [root]
    while work:
        current = work.pop()
        for op in current.walk():
            if is_convergent(op) and INTERNAL_VOTE_ATTR not in op.attributes:
                return op
            callee = _callee(op, module)
            if callee is not None and callee not in seen:
                seen.add(callee)
                work.append(callee)
    return None


def _callee(op: Operation, module: object) -> Operation | None:
    if not isinstance(op, func.CallOp) or not isinstance(module, ModuleOp):
        return None
    name = op.callee.root_reference.data
    for candidate in module.ops:
        if isinstance(candidate, func.FuncOp) and candidate.sym_name.data == name:
            return candidate
    return None


def _zero_attr(value_type: Attribute) -> IntegerAttr | FloatAttr | None:
    if isinstance(value_type, IntegerType | IndexType):
        return IntegerAttr(0, value_type)
    if isinstance(value_type, AnyFloat):
        return FloatAttr(0.0, value_type)
    return None


# ---------------------------------------------------------------------------
# scf.for -> scf.while
# ---------------------------------------------------------------------------


class ForToWhile:
    """Rewrites an `scf.for` into the equivalent `scf.while` whose first iter_arg
    is the induction variable (checked `iv < ub`, signed, as `scf.for` does)."""

    @staticmethod
    def rewrite(loop: scf.ForOp) -> scf.WhileOp:
        iv_type = loop.lb.type
        types = [iv_type, *(r.type for r in loop.res)]
        before = Block(arg_types=types)
        compare = arith.CmpiOp(before.args[0], loop.ub, "slt")
        before.add_ops([compare, scf.ConditionOp(compare, *before.args)])
        after = Block(arg_types=types)
        body = loop.body.block
        yield_op = body.last_op
        assert isinstance(yield_op, scf.YieldOp)
        step = arith.AddiOp(after.args[0], loop.step)
        new_yield = scf.YieldOp(step, *yield_op.arguments)
        Rewriter.erase_op(yield_op)
        Rewriter.inline_block(body, InsertPoint.at_end(after), after.args)
        after.add_ops([step, new_yield])
        loop_op = scf.WhileOp(
            [loop.lb, *loop.iter_args], types, Region(before), Region(after)
        )
        loop_op.attributes.update(loop.attributes)
        Rewriter.replace_op(loop, loop_op, loop_op.results[1:])
        return loop_op


def _as_while(loop: Loop) -> scf.WhileOp:
    return ForToWhile.rewrite(loop) if isinstance(loop, scf.ForOp) else loop


# ---------------------------------------------------------------------------
# The nest: segments and the values that live across an inner loop
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Nest:
    """An outer `scf.while` split at its inner loops, with its live values.

    `segments[j]` are the ops of the outer body between inner loop j and j+1
    (`segments[0]` before the first, the last one without the terminator).
    `live` are the values of the outer body used across an inner loop: they
    become iter_args of the flattened loop.
    """

    outer: scf.WhileOp
    inner: tuple[scf.WhileOp, ...]
    segments: tuple[tuple[Operation, ...], ...]
    live: tuple[SSAValue, ...]

    @property
    def before(self) -> Block:
        return self.outer.before_region.block

    @property
    def after(self) -> Block:
        return self.outer.after_region.block

    @property
    def result_types(self) -> list[Attribute]:
        return list(self.outer.result_types)

    def inner_arg_types(self, j: int) -> list[Attribute]:
        return [a.type for a in self.inner[j].arguments]


def _make_nest(outer: scf.WhileOp, inner: Sequence[scf.WhileOp]) -> _Nest:
    body = list(_body_ops(outer.after_region.block))
    positions = [body.index(loop) for loop in inner]
    segments: list[tuple[Operation, ...]] = []
    start = 0
    for position in [*positions, len(body)]:
        segments.append(tuple(body[start:position]))
        start = position + 1
    live = _live_across(outer.after_region.block, positions)
    return _Nest(outer, tuple(inner), tuple(segments), tuple(live))


def _body_ops(block: Block) -> Iterable[Operation]:
    """The ops of a block without its terminator."""
    for op in block.ops:
        if op is not block.last_op:
            yield op


def _live_across(block: Block, positions: Sequence[int]) -> list[SSAValue]:
    """The values defined in `block` (args or top-level results) used across an
    inner loop: after it, or inside it while defined before it."""
    ops = list(block.ops)
    index = {op: i for i, op in enumerate(ops)}
    defined: list[tuple[int, SSAValue]] = [(-1, arg) for arg in block.args]
    defined += [(i, r) for i, op in enumerate(ops) for r in op.results]
    live: list[SSAValue] = []
    for position, value in defined:
        if any(
            _crosses(position, use.operation, index, positions, block)
            for use in value.uses
        ):
            live.append(value)
    return live


def _crosses(
    defined_at: int,
    user: Operation,
    index: dict[Operation, int],
    positions: Sequence[int],
    block: Block,
) -> bool:
    top = user
    while top.parent is not block:
        parent = top.parent_op()
        assert parent is not None
        top = parent
    used_at = index[top]
    inside = top is not user
    return any(
        defined_at < p and (used_at > p or (used_at == p and inside)) for p in positions
    )


# ---------------------------------------------------------------------------
# The lane state carried by the flattened loop
# ---------------------------------------------------------------------------


@dataclass
class _State:
    """The current SSA value of each slot of the flattened loop's state."""

    cont: SSAValue
    phase: SSAValue | None
    in_inner: SSAValue | None
    inner_args: list[list[SSAValue]]
    live: dict[SSAValue, SSAValue]
    outer_args: list[SSAValue]
    results: list[SSAValue]
    policy: list[SSAValue] = field(default_factory=lambda: list[SSAValue]())
    """The adaptive loop's run-time policy slots (`_Policy`), else empty."""

    def values(self) -> list[SSAValue]:
        head = [v for v in (self.cont, self.phase, self.in_inner) if v is not None]
        inner = [v for args in self.inner_args for v in args]
        return [
            *head,
            *self.policy,
            *inner,
            *self.live.values(),
            *self.outer_args,
            *self.results,
        ]

    def replaced(self, values: Sequence[SSAValue]) -> _State:
        """A state of the same layout holding `values`."""
        rest = list(values)

        def take(count: int) -> list[SSAValue]:
            taken, rest[:] = rest[:count], rest[count:]
            return taken

        cont = take(1)[0]
        phase = take(1)[0] if self.phase is not None else None
        in_inner = take(1)[0] if self.in_inner is not None else None
        policy = take(len(self.policy))
        inner = [take(len(args)) for args in self.inner_args]
        live = dict(zip(self.live, take(len(self.live)), strict=True))
        outer = take(len(self.outer_args))
        results = take(len(self.results))
        return _State(cont, phase, in_inner, inner, live, outer, results, policy)

    def copy(self) -> _State:
        return self.replaced(self.values())


class _Emitter:
    """Inserts ops at one insertion point and builds `scf.if`s from callbacks."""

    def __init__(self, point: InsertPoint):
        self.point = point

    def insert(self, op: Operation) -> Operation:
        Rewriter.insert_op(op, self.point)
        return op

    def value(self, op: Operation) -> SSAValue:
        return self.insert(op).results[0]

    def constant(self, value: int, value_type: Attribute) -> SSAValue:
        assert isinstance(value_type, IntegerType | IndexType)
        return self.value(arith.ConstantOp(IntegerAttr(int(value), value_type)))

    def zero(self, value_type: Attribute) -> SSAValue:
        attr = _zero_attr(value_type)
        assert attr is not None, "placeholder types are checked by _check_nest"
        return self.value(arith.ConstantOp(attr))

    def clone_block(
        self, block: Block, args: Sequence[SSAValue], mapper: dict[SSAValue, SSAValue]
    ) -> list[SSAValue]:
        """Clones `block` without its terminator, args bound to `args`; returns
        the terminator's operands (after mapping)."""
        for arg, value in zip(block.args, args, strict=True):
            mapper[arg] = value
        self.clone_ops(_body_ops(block), mapper)
        terminator = block.last_op
        assert terminator is not None
        return [mapper.get(v, v) for v in terminator.operands]

    def clone_ops(
        self, ops: Iterable[Operation], mapper: dict[SSAValue, SSAValue]
    ) -> None:
        for op in ops:
            self.insert(op.clone(mapper))

    def if_state(
        self,
        condition: SSAValue,
        state: _State,
        then: Callable[[_Emitter, _State], _State],
        otherwise: Callable[[_Emitter, _State], _State] | None = None,
    ) -> _State:
        """An `scf.if` yielding the whole state: `then` (and `otherwise`, else
        the unchanged state) compute the new state inside the branches."""
        branches: list[Region] = []
        for build in (then, otherwise or (lambda _e, s: s)):
            block = Block()
            emitter = _Emitter(InsertPoint.at_end(block))
            new_state = build(emitter, state.copy())
            block.add_op(scf.YieldOp(*new_state.values()))
            branches.append(Region(block))
        types = [v.type for v in state.values()]
        op = self.insert(scf.IfOp(condition, types, branches[0], branches[1]))
        return state.replaced(op.results)


# ---------------------------------------------------------------------------
# Building the flattened loop
# ---------------------------------------------------------------------------


def _flatten(outer: Loop, inner: Sequence[Loop], decision: FlattenDecision) -> None:
    outer_while = _as_while(outer)
    inner_whiles = [_as_while(loop) for loop in inner]
    nest = _make_nest(outer_while, inner_whiles)
    if decision.mode == "adaptive":
        loop = _AdaptiveBuilder(nest, decision.threshold_num, decision.long_run).build()
    elif len(nest.inner) == 1:
        loop = _RotatedBuilder(nest).build()
    else:
        loop = _AlwaysBuilder(nest).build()
    loop.attributes[FLATTENED_ATTR] = StringAttr(decision.mode)
    _replace_outer(nest, loop)


def _replace_outer(nest: _Nest, loop: scf.WhileOp) -> None:
    results = loop.results[len(loop.results) - len(nest.outer.results) :]
    for old, new in zip(nest.outer.results, results, strict=True):
        old.replace_all_uses_with(new)
    Rewriter.erase_op(nest.outer)


@dataclass
class _BuilderBase:
    nest: _Nest

    def __post_init__(self) -> None:
        self._hoisted = _Emitter(InsertPoint.before(self.nest.outer))
        self._constants: dict[tuple[int, Attribute], SSAValue] = {}

    def const(self, value: int, value_type: Attribute) -> SSAValue:
        """A constant defined once before the flattened loop (a constant inside
        the loop would be issued at every iteration)."""
        key = (value, value_type)
        if key not in self._constants:
            self._constants[key] = self._hoisted.constant(value, value_type)
        return self._constants[key]

    def zero(self, value_type: Attribute) -> SSAValue:
        """The placeholder of a slot for lanes that do not use it yet."""
        key = (0, value_type)
        if key not in self._constants:
            self._constants[key] = self._hoisted.zero(value_type)
        return self._constants[key]

    def base_mapper(self, state: _State) -> dict[SSAValue, SSAValue]:
        """Maps every live value of the outer body to its slot."""
        return dict(state.live)

    def run_segment(
        self, emitter: _Emitter, j: int, state: _State, mapper: dict[SSAValue, SSAValue]
    ) -> None:
        """Clones segment j; its live definitions update their slots."""
        emitter.clone_ops(self.nest.segments[j], mapper)
        for value in state.live:
            if value in mapper and mapper[value] is not state.live[value]:
                state.live[value] = mapper[value]

    def enter_outer_body(
        self, emitter: _Emitter, state: _State, forwarded: Sequence[SSAValue]
    ) -> None:
        """A_w: runs segment 0 with the outer body's args bound to `forwarded`
        and sets up the first inner loop."""
        mapper = self.base_mapper(state)
        for arg, value in zip(self.nest.after.args, forwarded, strict=True):
            mapper[arg] = value
            if arg in state.live:
                state.live[arg] = value
        self.run_segment(emitter, 0, state, mapper)
        first = self.nest.inner[0]
        state.inner_args[0] = [mapper.get(v, v) for v in first.arguments]

    def outer_header(
        self, emitter: _Emitter, outer_args: Sequence[SSAValue]
    ) -> tuple[SSAValue, list[SSAValue]]:
        """A's condition region, cloned: (a, forwarded values)."""
        values = emitter.clone_block(self.nest.before, outer_args, {})
        return values[0], values[1:]

    def finish_inner(
        self,
        emitter: _Emitter,
        j: int,
        state: _State,
        forwarded: Sequence[SSAValue],
    ) -> list[SSAValue] | None:
        """A_e after inner loop j: runs segment j+1; returns the outer loop's
        next iter_args after the last inner loop, else enters loop j+1."""
        mapper = self.base_mapper(state)
        for result, value in zip(self.nest.inner[j].results, forwarded, strict=True):
            mapper[result] = value
            if result in state.live:
                state.live[result] = value
        self.run_segment(emitter, j + 1, state, mapper)
        if j + 1 < len(self.nest.inner):
            following = self.nest.inner[j + 1]
            state.inner_args[j + 1] = [mapper.get(v, v) for v in following.arguments]
            return None
        terminator = self.nest.after.last_op
        assert terminator is not None
        return [mapper.get(v, v) for v in terminator.operands]

    def inner_step(
        self, emitter: _Emitter, j: int, state: _State
    ) -> tuple[SSAValue, list[SSAValue]]:
        """Inner loop j's condition region on the lane's slots: (b, forwarded)."""
        mapper = self.base_mapper(state)
        values = emitter.clone_block(
            self.nest.inner[j].before_region.block, state.inner_args[j], mapper
        )
        return values[0], values[1:]

    def inner_body(
        self, emitter: _Emitter, j: int, state: _State, forwarded: Sequence[SSAValue]
    ) -> list[SSAValue]:
        """Inner loop j's body region on `forwarded`: its next iter_args."""
        mapper = self.base_mapper(state)
        return emitter.clone_block(
            self.nest.inner[j].after_region.block, forwarded, mapper
        )

    def initial_state(self, emitter: _Emitter, cont: SSAValue) -> _State:
        inner_args = [
            [self.zero(t) for t in self.nest.inner_arg_types(j)]
            for j in range(len(self.nest.inner))
        ]
        live = {v: self.zero(v.type) for v in self.nest.live}
        results = [self.zero(t) for t in self.nest.result_types]
        return _State(cont, None, None, inner_args, live, [], results)

    def make_loop(
        self,
        emitter: _Emitter,
        init: _State,
        body: Callable[[_Emitter, _State], _State],
    ) -> scf.WhileOp:
        """`scf.while (state) { scf.condition(cont) state } do { body }`."""
        types = [v.type for v in init.values()]
        before = Block(arg_types=types)
        before_state = init.replaced(before.args)
        carried = before_state.values()[1:]
        before.add_op(scf.ConditionOp(before_state.cont, *carried))
        after = Block(arg_types=[v.type for v in carried])
        inner_emitter = _Emitter(InsertPoint.at_end(after))
        true = self.const(1, i1)
        after_state = init.replaced([true, *after.args])
        new_state = body(inner_emitter, after_state)
        after.add_op(scf.YieldOp(*new_state.values()))
        loop = scf.WhileOp(
            init.values(), [v.type for v in carried], Region(before), Region(after)
        )
        emitter.insert(loop)
        return loop


@dataclass
class _AlwaysBuilder(_BuilderBase):
    """The paper's form: every lane that leaves its inner loop takes the detour."""

    def build(self) -> scf.WhileOp:
        emitter = _Emitter(InsertPoint.before(self.nest.outer))
        a0, forwarded = self.outer_header(emitter, list(self.nest.outer.arguments))
        state = self.initial_state(emitter, a0)
        if len(self.nest.inner) > 1:
            state.phase = self.const(0, i32)
        state.results = list(forwarded)
        state = emitter.if_state(a0, state, lambda e, s: self._enter(e, s, forwarded))
        return self.make_loop(emitter, state, self._body)

    def _enter(
        self, emitter: _Emitter, state: _State, forwarded: Sequence[SSAValue]
    ) -> _State:
        self.enter_outer_body(emitter, state, forwarded)
        if state.phase is not None:
            state.phase = self.const(1, i32)
        return state

    def _body(self, emitter: _Emitter, state: _State) -> _State:
        for j in range(len(self.nest.inner)):
            state = self._guarded_step(emitter, j, state)
        return state

    def _guarded_step(self, emitter: _Emitter, j: int, state: _State) -> _State:
        if state.phase is None:
            return self._step(emitter, j, state)
        phase = state.phase
        index = self.const(j + 1, i32)
        in_loop = emitter.value(arith.CmpiOp(phase, index, "eq"))
        return emitter.if_state(in_loop, state, lambda e, s: self._step(e, j, s))

    def _step(self, emitter: _Emitter, j: int, state: _State) -> _State:
        b, forwarded = self.inner_step(emitter, j, state)
        return emitter.if_state(
            b,
            state,
            lambda e, s: self._iterate(e, j, s, forwarded),
            lambda e, s: self._leave(e, j, s, forwarded),
        )

    def _iterate(
        self, emitter: _Emitter, j: int, state: _State, forwarded: Sequence[SSAValue]
    ) -> _State:
        state.inner_args[j] = self.inner_body(emitter, j, state, forwarded)
        return state

    def _leave(
        self, emitter: _Emitter, j: int, state: _State, forwarded: Sequence[SSAValue]
    ) -> _State:
        next_args = self.finish_inner(emitter, j, state, forwarded)
        if next_args is None:
            state.phase = self.const(j + 2, i32)
            return state
        a, outer_forwarded = self.outer_header(emitter, next_args)
        state.cont = a
        state.results = list(outer_forwarded)
        return emitter.if_state(
            a, state, lambda e, s: self._enter(e, s, outer_forwarded)
        )


@dataclass
class _RotatedBuilder(_BuilderBase):
    """The paper's form for one inner loop, with B's exit test at the end of an
    iteration (as in Fig. 5c, where B's back edge goes through A's latch): a
    flattened iteration runs one B body per busy lane, then B's condition,
    and a lane whose B ended takes the detour in the same iteration. The
    detour is a loop that skips outer iterations whose inner loop is empty.

        chain(args): while (a, b) = (A.before(args), a && B.before(S_0)) ;
                     a && !b { args = A.yield(S_1) }
        scf.while (cont, fwd) { scf.condition(cont) } do {
          b, fwd' = B.before(B.after(fwd))
          scf.if b { fwd' } else { chain(A.yield(S_1(fwd'))) }
        }
    """

    def build(self) -> scf.WhileOp:
        emitter = _Emitter(InsertPoint.before(self.nest.outer))
        state = self._empty_state()
        state = self._chain(emitter, state, list(self.nest.outer.arguments))
        return self.make_loop(emitter, state, self._body)

    def _empty_state(self) -> _State:
        pending = [self.zero(v.type) for v in self._condition().args]
        live = {v: self.zero(v.type) for v in self.nest.live}
        results = [self.zero(t) for t in self.nest.result_types]
        return _State(self.const(1, i1), None, None, [pending], live, [], results)

    def _condition(self) -> scf.ConditionOp:
        condition = self.nest.inner[0].before_region.block.last_op
        assert isinstance(condition, scf.ConditionOp)
        return condition

    def _body(self, emitter: _Emitter, state: _State) -> _State:
        next_args = self.inner_body(emitter, 0, state, state.inner_args[0])
        state.inner_args[0] = next_args
        b, forwarded = self.inner_step(emitter, 0, state)
        state.inner_args[0] = forwarded
        return emitter.if_state(b, state, lambda _e, s: s, self._leave)

    def _leave(self, emitter: _Emitter, state: _State) -> _State:
        next_args = self.finish_inner(emitter, 0, state, state.inner_args[0])
        assert next_args is not None
        return self._chain(emitter, state, next_args)

    def _chain(
        self, emitter: _Emitter, state: _State, outer_args: Sequence[SSAValue]
    ) -> _State:
        """The detour: outer iterations until one whose inner loop has work
        (cont = true, pending B body) or the outer loop's end (cont = false)."""
        types = [v.type for v in outer_args]
        live_types = [v.type for v in state.live.values()]
        before = Block(arg_types=[*types, *live_types])
        head = _Emitter(InsertPoint.at_end(before))
        inside = state.copy()
        inside.live = dict(zip(state.live, before.args[len(types) :], strict=True))
        a, forwarded = self.outer_header(head, before.args[: len(types)])
        inside.cont = a
        inside.results = list(forwarded)
        inside = head.if_state(a, inside, lambda e, s: self._enter(e, s, forwarded))
        # a && !b in one op: the scf.if yields b = false where a is false,
        # so b implies a and a && !b = a xor b.
        again = head.value(arith.XOrIOp(a, inside.cont))
        carried = inside.values()
        before.add_op(scf.ConditionOp(again, *carried))
        after = Block(arg_types=[v.type for v in carried])
        tail = _Emitter(InsertPoint.at_end(after))
        resumed = inside.replaced(after.args)
        next_args = self.finish_inner(tail, 0, resumed, resumed.inner_args[0])
        assert next_args is not None
        after.add_op(scf.YieldOp(*next_args, *resumed.live.values()))
        loop = scf.WhileOp(
            [*outer_args, *state.live.values()],
            [v.type for v in carried],
            Region(before),
            Region(after),
        )
        loop.attributes[FLATTENED_ATTR] = StringAttr("detour")
        emitter.insert(loop)
        return inside.replaced(loop.results)

    def _enter(
        self, emitter: _Emitter, state: _State, forwarded: Sequence[SSAValue]
    ) -> _State:
        """A_w and B's first condition: cont = b, pending = B's forwarded values."""
        self.enter_outer_body(emitter, state, forwarded)
        b, pending = self.inner_step(emitter, 0, state)
        state.cont = b
        state.inner_args[0] = pending
        return state


@dataclass
class _AdaptiveBuilder(_RotatedBuilder):
    """The run-time form (module docstring, `mode=adaptive`): busy lanes run
    B in a fast loop that the whole warp leaves as soon as one lane's B ends;
    the warp then takes the detour for its idle lanes when formula (1) says
    one detour pays (n > N * p / 1024), when no lane is busy, or when the
    warp is split and a busy lane's B has run `long_run` iterations; else
    they wait and the busy lanes go back into the fast loop. The fast loop
    is plain while the warp is in step, counts each lane's B iterations (its
    age) while it is split, and is also left when an age reaches `long_run`
    while idle lanes wait.
    """

    threshold_num: int = 0
    """p of the test n > warp_size * p / 1024 (p = 1024 * Ta / (Ta + Tb))."""
    long_run: int = 8
    """θ: the B iterations after which a busy lane of a split warp is long."""
    _limit: SSAValue | None = None

    def build(self) -> scf.WhileOp:
        emitter = _Emitter(InsertPoint.before(self.nest.outer))
        state = self._empty_state()
        state = self._chain(emitter, state, list(self.nest.outer.arguments))
        state.in_inner = state.cont
        state.outer_args = [self.zero(a.type) for a in self.nest.outer.arguments]
        true = self.const(1, i1)
        state.policy = _Policy(true, true, self.const(0, i32)).values()
        return self.make_loop(emitter, state, self._adaptive_body)

    def _adaptive_body(self, emitter: _Emitter, state: _State) -> _State:
        assert state.in_inner is not None
        state = emitter.if_state(state.in_inner, state, self._run_inner)
        return self._decide(emitter, state)

    def _run_inner(self, emitter: _Emitter, state: _State) -> _State:
        b, forwarded, age = self._fast_loops(emitter, state)
        state.inner_args[0] = forwarded
        state.policy = _Policy.of(state).with_age(age)
        return emitter.if_state(b, state, lambda _e, s: s, self._finish)

    def _finish(self, emitter: _Emitter, state: _State) -> _State:
        next_args = self.finish_inner(emitter, 0, state, state.inner_args[0])
        assert next_args is not None
        state.outer_args = next_args
        state.in_inner = self.const(0, i1)
        state.policy = _Policy.of(state).with_age(self.const(0, i32))
        return state

    def _detour(self, emitter: _Emitter, state: _State) -> _State:
        state = self._chain(emitter, state, state.outer_args)
        state.in_inner = state.cont
        state.policy = _Policy.of(state).with_age(self.const(0, i32))
        return state

    def _fast_loops(
        self, emitter: _Emitter, state: _State
    ) -> tuple[SSAValue, list[SSAValue], SSAValue]:
        """The fast loop for the warp's mode: plain (not split), counting
        (split) or bounded (split with waiting lanes), each in an `scf.if` on
        the warp-uniform flags: (b, B's forwarded values, the lane's age)."""
        policy = _Policy.of(state)

        def plain(inner: _Emitter) -> list[SSAValue]:
            return self._fast_loop(inner, state, counting=False, bounded=False)

        def counting(inner: _Emitter) -> list[SSAValue]:
            return self._fast_loop(inner, state, counting=True, bounded=False)

        def bounded(inner: _Emitter) -> list[SSAValue]:
            return self._fast_loop(inner, state, counting=True, bounded=True)

        def split(inner: _Emitter) -> list[SSAValue]:
            return self._select(inner, policy.took, counting, bounded, state)

        found = self._select(emitter, policy.together, plain, split, state)
        return found[0], found[1:-1], found[-1]

    def _select(
        self,
        emitter: _Emitter,
        condition: SSAValue,
        then: Callable[[_Emitter], list[SSAValue]],
        otherwise: Callable[[_Emitter], list[SSAValue]],
        state: _State,
    ) -> list[SSAValue]:
        """`scf.if condition` yielding (b, B's forwarded values, age)."""
        types = [i1, *(v.type for v in state.inner_args[0]), i32]
        branches: list[Region] = []
        for build in (then, otherwise):
            block = Block()
            block.add_op(scf.YieldOp(*build(_Emitter(InsertPoint.at_end(block)))))
            branches.append(Region(block))
        op = emitter.insert(scf.IfOp(condition, types, branches[0], branches[1]))
        return list(op.results)

    def _fast_loop(
        self, emitter: _Emitter, state: _State, *, counting: bool, bounded: bool
    ) -> list[SSAValue]:
        """B's body and condition, rotated like the flattened loop, left by the
        whole warp when one lane's B ends (one vote more than B per
        iteration): (b, B's forwarded values, the lane's age). `counting` (a
        split warp) also counts each lane's B iterations, its age; `bounded`
        (idle lanes wait) also leaves as soon as a busy lane's age reaches
        `long_run`."""
        age_in = _Policy.of(state).age
        pending_types = [v.type for v in state.inner_args[0]]
        carried_types = [*pending_types, i32] if counting else pending_types
        before = Block(arg_types=carried_types)
        head = _Emitter(InsertPoint.at_end(before))
        inside = state.copy()
        pending = list(before.args[: len(pending_types)])
        inside.inner_args[0] = self.inner_body(head, 0, inside, pending)
        b, forwarded = self.inner_step(head, 0, inside)
        stay, counted = b, []
        if counting:
            counted = [head.value(arith.AddiOp(before.args[-1], self.const(1, i32)))]
        if bounded:
            limit = self.const(self.long_run, i32)
            young = head.value(arith.CmpiOp(counted[0], limit, "slt"))
            stay = head.value(arith.AndIOp(b, young))
        all_stay = self._vote(head, simt.VoteAllOp(stay))
        before.add_op(scf.ConditionOp(all_stay, b, *forwarded, *counted))
        types = [i1, *carried_types]
        after = Block(arg_types=types)
        after.add_op(scf.YieldOp(*after.args[1:]))
        init = [*state.inner_args[0], age_in] if counting else state.inner_args[0]
        loop = scf.WhileOp(init, types, Region(before), Region(after))
        loop.attributes[FLATTENED_ATTR] = StringAttr("fast")
        emitter.insert(loop)
        return [*loop.results] if counting else [*loop.results, age_in]

    def _decide(self, emitter: _Emitter, state: _State) -> _State:
        """The warp-uniform test `take` (formula (1), no lane busy, or a long
        lane in a split warp), the new `together` and `took` flags, and the
        detour of the idle lanes when `take`."""
        assert state.in_inner is not None
        policy = _Policy.of(state)
        true = self.const(1, i1)
        idle = emitter.value(arith.XOrIOp(state.in_inner, true))
        mask = self._vote(emitter, simt.BallotOp(idle))
        count = emitter.value(math.CtPopOp(mask))
        over = emitter.value(arith.CmpiOp(count, self._idle_limit(), "sgt"))
        none_busy = self._vote(emitter, simt.VoteAllOp(idle))
        old = emitter.value(
            arith.CmpiOp(policy.age, self.const(self.long_run, i32), "sge")
        )
        any_long = self._vote(emitter, simt.VoteAnyOp(old))
        pays = emitter.value(arith.OrIOp(over, none_busy))
        take = emitter.value(arith.OrIOp(pays, any_long))
        together = emitter.value(arith.SelectOp(take, none_busy, policy.together))
        state.policy = _Policy(together, take, policy.age).values()
        go = emitter.value(arith.AndIOp(take, idle))
        return emitter.if_state(go, state, self._detour)

    def _vote(self, emitter: _Emitter, vote: Operation) -> SSAValue:
        vote.attributes[INTERNAL_VOTE_ATTR] = UnitAttr()
        return emitter.value(vote)

    def _idle_limit(self) -> SSAValue:
        """(warp_size * p) >> 10, computed once before the flattened loop."""
        if self._limit is None:
            hoisted = self._hoisted
            warp = hoisted.value(simt.WarpSizeOp(i32))
            threshold = self.const(self.threshold_num, i32)
            product = hoisted.value(arith.MuliOp(warp, threshold))
            self._limit = hoisted.value(arith.ShRSIOp(product, self.const(10, i32)))
        return self._limit


@dataclass(frozen=True)
class _Policy:
    """The adaptive loop's policy slots of a `_State`: `together`
    (warp-uniform: the warp is in step, its last detour left no busy lane
    behind; else it is split), `took` (warp-uniform: the last decision took
    the detour; else idle lanes wait) and `age` (per lane: B iterations of
    its current inner loop counted while the warp is split)."""

    together: SSAValue
    took: SSAValue
    age: SSAValue

    @staticmethod
    def of(state: _State) -> _Policy:
        together, took, age = state.policy
        return _Policy(together, took, age)

    def with_age(self, age: SSAValue) -> list[SSAValue]:
        return [self.together, self.took, age]

    def values(self) -> list[SSAValue]:
        return [self.together, self.took, self.age]
