"""`simt-optimize`: the default, profile-guided divergence-reduction pipeline.

Sources: the three transformations and their profitability models --
branch fusion (Coutinho et al. 2011, Sec. IV-A: the Smith-Waterman profit
sum(s - c) - b * gaps), loop nest reduction (Bulavintsev 2019, formula (1):
n/N > Ta / (Ta + Tb)) and linearization (Anantpur & Govindarajan 2014, Fig. 1
and Sec. 5: duplicate block execution and loop iterations serialized by
late reconvergence) -- driven by a dynamic profile as Coutinho et al. (Sec. V)
drive their evaluation with a dynamic profiler.

For each function, on the IR as given (a profile names sites by position, so
it must be taken on this IR: `simt.profile` before any pass):

1. branch fusion, innermost `scf.if` first: the fusion pass's own plan gives
   the saving of one divergent execution (`profit`) and the cost one uniform
   execution pays (selectors and gap branches, less the branch removed);
   with the profile's counts of the branch, the predicted gain is
   `divergent * profit - uniform * loss`; without a profile, half of the
   executions are assumed divergent;
2. linearization of the function's `cf` block graph: the profile's block
   executions give (a) duplicate executions, a block run more often than its
   immediate dominator in the same loop (Anantpur Fig. 1), and (b) loops
   whose iterations a warp ran as serialized groups: a divergent branch in a
   loop whose both ways stay in the loop but which reconverges only outside
   it; linearization runs such a loop once per iteration of its slowest lane,
   predicted as halfway between the measured warp iterations and the
   lanes' mean trip count. The guard tests cost `GUARD_STEP_COST` per block
   of an unstructured region and pass of the linearized code (a serialized
   loop's passes shrink with its iterations). Without a profile nothing
   shows a gain, and the function is left alone;
3. loop nest reduction, innermost nests first (the rounds of
   `simt-flatten-loops`, with its legality checks): with the profile's
   counts of the nest, `simt.analysis.cost_model.PackingEstimate` (the
   cycles of a warp entry before and after, the built loop's overheads
   measured on the IR the pass builds, trips taken as correlated as the
   outer loop's idle fraction says); else formula (1) with the idle
   fraction and trip counts of `simt.loop_info`, the predicted gain being
   `(Tb + Ta/trip) - (1 - n/N)(Tb + Ta + overhead)` per inner iteration.

A transformation is applied only when its predicted gain exceeds `margin`
(a fraction of the profiled cycles of the kernel, or of the site's own cost
without a profile). Every decision, applied or not, prints a remark on
stderr with the predicted numbers:

    "k.py":12:5: remark: simt-optimize: branch-fusion applied: predicted 96 cycles
      saved (12 divergent x 8 - 0 uniform x 2)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from xdsl.context import Context
from xdsl.dialects import cf, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation
from xdsl.passes import ModulePass
from xdsl.transforms.common_subexpression_elimination import (
    CommonSubexpressionElimination,
)
from xdsl.transforms.loop_invariant_code_motion import LoopInvariantCodeMotionPass
from xdsl.utils.exceptions import PassFailedException

from simt.analysis.cfg import ControlFlowGraph
from simt.analysis.cost_model import (
    FlattenDecision,
    LoopOverheads,
    NestCost,
    NestCostModel,
    ProfileData,
    profile_from_dict,
)
from simt.analysis.divergence import analyze_divergence
from simt.analysis.linearize_algo import MAX_LEVEL
from simt.analysis.loops import Loop
from simt.model.costs import op_cost
from simt.model.locations import op_source_location
from simt.model.sites import block_id, site_id, site_ids
from simt.passes.branch_fusion import FusionPlan, FusionPlanner
from simt.passes.canonicalize import SimtCanonicalizePass
from simt.passes.flatten_loops import FlattenLoopsPass, FunctionFlattener
from simt.passes.linearize import linearize_function, plan_linearization

GUARD_STEP_COST = 3.0
"""Cycles a linearized block pays per pass of its region: the guard test, the
branch on it and the guard update (an overestimate for blocks whose step
is merged by the O1-O3 optimizations)."""

ASSUMED_DIVERGENCE = 0.5
"""Share of divergent executions assumed for a divergent branch without a profile."""

PROFILE_HINT = (
    "a profile gives the real counts: `simt-run FILE` writes one, "
    'pass it as simt-optimize{profile="FILE.profile.json"}'
)
"""What a remark tells the user to do where the decision lacked a profile."""


# ---------------------------------------------------------------------------
# The profile, matched with the IR
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Profile:
    """Simulator profiles (`SimulationStats.to_dict()`, one per kernel)
    matched with a module."""

    cycles: Mapping[str, float]
    """Profiled cycles of each kernel, by function name."""
    branches: Mapping[Operation, Mapping[str, Any]]
    loops: ProfileData
    loop_counts: Mapping[Operation, Mapping[str, Any]]
    cf_loops: Mapping[str, Mapping[str, Any]]
    """Loops of `cf` graphs by header block name."""
    blocks: Mapping[str, int]

    def executions(self, block: Block) -> int:
        return self.blocks.get(block_id(block), 0)

    def kernel_cycles(self, function: func.FuncOp) -> float | None:
        """The cycles of the profiled kernel whose run covered `function`."""
        name = function.sym_name.data
        if name in self.cycles:
            return self.cycles[name]
        prefix = f"@{name}/"
        if any(block.startswith(prefix) for block in self.blocks):
            return max(self.cycles.values(), default=None)
        return None


def read_profile(path: str, module: ModuleOp) -> Profile:
    """Reads and checks a profile file against `module` (raises
    PassFailedException): one `SimulationStats.to_json()` object, or a list
    of them for a module of several kernels."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise PassFailedException(f"simt-optimize: profile {path}: {error}") from error
    runs = data if isinstance(data, list) else [data]
    if not runs or not all(isinstance(run, dict) for run in runs):
        raise PassFailedException(
            f"simt-optimize: profile {path}: expected an object or a list of objects"
        )
    return match_profile(runs, module, path)


def match_profile(
    runs: Sequence[Mapping[str, Any]], module: ModuleOp, path: str
) -> Profile:
    """Matches the sites of profiles with the ops of `module`."""
    sites = {name: op for op, name in site_ids(module).items()}
    cycles: dict[str, float] = {}
    branches: dict[Operation, Mapping[str, Any]] = {}
    loops: dict[str, Any] = {}
    all_branches: dict[str, Any] = {}
    blocks: dict[str, int] = {}
    for run in runs:
        _check_run(run, path)
        cycles[str(run.get("kernel", ""))] = float(run.get("cycles", 0.0))
        branches.update(_matched(run["branches"], sites, path))
        all_branches.update(run["branches"])
        loops.update(run["loops"])
        blocks.update({str(k): int(v) for k, v in run["block_executions"].items()})
    structured = {k: v for k, v in loops.items() if v.get("op") != "cf loop"}
    warp_size = int(runs[0].get("warp_size", 32))
    return Profile(
        cycles=cycles,
        branches=branches,
        loops=profile_from_dict(structured, module, warp_size, all_branches),
        loop_counts=_matched(structured, sites, path),
        cf_loops={k: v for k, v in loops.items() if v.get("op") == "cf loop"},
        blocks=blocks,
    )


def _check_run(run: Mapping[str, Any], path: str) -> None:
    for key in ("branches", "loops", "block_executions"):
        if not isinstance(run.get(key), dict):
            raise PassFailedException(
                f"simt-optimize: profile {path}: expected a '{key}' map "
                "(a SimulationStats.to_json() of the input module)"
            )


def _matched(
    entries: Mapping[str, Any], sites: Mapping[str, Operation], path: str
) -> dict[Operation, Mapping[str, Any]]:
    """Entries by op; a site holding another op means the IR changed since."""
    found: dict[Operation, Mapping[str, Any]] = {}
    for site, entry in entries.items():
        op = sites.get(site)
        if op is None:
            continue
        if op.name != entry.get("op"):
            raise PassFailedException(
                f"simt-optimize: profile {path} does not match the module: site "
                f"{site} is '{op.name}' here, '{entry.get('op')}' in the profile "
                "(profile the IR as it is given to simt-optimize)"
            )
        found[op] = entry
    return found


def op_function(op: Operation) -> func.FuncOp:
    """The function holding `op`."""
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    assert parent is not None, "candidates are ops of a function"
    return parent


# ---------------------------------------------------------------------------
# Remarks
# ---------------------------------------------------------------------------


@dataclass
class Remarks:
    """Prints one remark per decision; names sites as the profile does."""

    enabled: bool
    names: dict[Operation, str] = field(default_factory=lambda: {})
    log: list[str] = field(default_factory=lambda: [])

    def name_sites(self, module: ModuleOp) -> None:
        self.names.update(site_ids(module))

    def where(self, op: Operation) -> str:
        found = op_source_location(op)
        if found is not None:
            return found
        if isinstance(op, func.FuncOp):
            return f"@{op.sym_name.data}"
        return self.names.get(op) or site_id(op)

    def emit(self, op: Operation, what: str, applied: bool, detail: str) -> None:
        verdict = "applied" if applied else "skipped"
        line = f"{self.where(op)}: remark: simt-optimize: {what} {verdict}: {detail}"
        self.log.append(line)
        if self.enabled:
            print(line, file=sys.stderr)


# ---------------------------------------------------------------------------
# Branch fusion
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FusionEstimate:
    """What fusing one `scf.if` saves per divergent execution and costs per
    uniform one, and the predicted total."""

    profit: float
    uniform_loss: float
    divergent: float
    uniform: float
    feasible: bool

    @property
    def gain(self) -> float:
        return self.divergent * self.profit - self.uniform * self.uniform_loss

    def describe(self, measured: bool) -> str:
        if measured:
            text = (
                f"predicted {self.gain:g} cycles saved ({self.divergent:g} divergent "
                f"executions x {self.profit:g} saved - {self.uniform:g} uniform "
                f"executions x {self.uniform_loss:g} lost, from the profile)"
            )
        else:
            text = (
                f"predicted {self.gain:g} cycles saved per execution (assumed "
                f"{self.divergent:g} divergent x {self.profit:g} saved - "
                f"{self.uniform:g} uniform x {self.uniform_loss:g} lost)"
            )
        if self.profit <= 0:
            return f"{text}: the two sides have too little in common to share"
        if not measured:
            return f"{text}; {PROFILE_HINT}"
        return text


@dataclass
class BranchFuser:
    """Decides and applies branch fusion, one `scf.if` at a time, from the
    fusion pass' own plans (`simt.passes.branch_fusion.FusionPlanner`)."""

    profile: Profile | None
    margin: float
    remarks: Remarks
    planner: FusionPlanner = field(default_factory=FusionPlanner)

    def run(self, function: func.FuncOp) -> None:
        info = analyze_divergence(function)
        candidates = [
            op
            for op in function.walk(region_first=True)
            if isinstance(op, scf.IfOp) and info.is_divergent_branch(op)
        ]
        for op in candidates:
            plan = self.planner.plan(op)
            if plan is not None:
                self._consider(plan)

    def _consider(self, plan: FusionPlan) -> None:
        op = plan.op
        estimate = self.estimate(plan)
        measured = self.profile is not None and op in self.profile.branches
        if not estimate.feasible:
            self.remarks.emit(
                op, "branch-fusion", False, "no feasible alignment of the two sides"
            )
            return
        apply = estimate.profit > 0 and estimate.gain > self._threshold(op)
        self.remarks.emit(op, "branch-fusion", apply, estimate.describe(measured))
        if apply:
            plan.apply()

    def estimate(self, plan: FusionPlan) -> FusionEstimate:
        divergent, uniform = self._executions(plan.op)
        return FusionEstimate(
            plan.profit, plan.uniform_overhead, divergent, uniform, plan.feasible
        )

    def _executions(self, op: scf.IfOp) -> tuple[float, float]:
        if self.profile is None:
            return ASSUMED_DIVERGENCE, 1.0 - ASSUMED_DIVERGENCE
        entry = self.profile.branches.get(op)
        if entry is None:
            return 0.0, 0.0
        divergent = float(entry.get("divergent", 0))
        return divergent, float(entry.get("executions", 0)) - divergent

    def _threshold(self, op: scf.IfOp) -> float:
        cycles = self.profile.kernel_cycles(op_function(op)) if self.profile else None
        if cycles is not None:
            return self.margin * cycles
        model = NestCostModel()
        return self.margin * model.op_total_cost(op)


# ---------------------------------------------------------------------------
# Linearization
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LinearizeEstimate:
    """Predicted cycles linearizing a function saves and costs."""

    duplicates: float
    serialized: float
    overhead: float

    @property
    def gain(self) -> float:
        return self.duplicates + self.serialized - self.overhead

    def describe(self) -> str:
        return (
            f"predicted {self.gain:g} cycles saved ({self.duplicates:g} in duplicate "
            f"block executions + {self.serialized:g} in serialized loop iterations "
            f"- {self.overhead:g} of guard tests)"
        )


@dataclass
class LinearizeModel:
    """The profile's evidence for linearizing one function's block graph."""

    function: func.FuncOp
    profile: Profile
    cfg: ControlFlowGraph = field(init=False)

    def __post_init__(self) -> None:
        self.cfg = ControlFlowGraph(self.function.body)

    def estimate(self) -> LinearizeEstimate:
        blocks = [b for b in self.function.body.blocks if self._reached(b)]
        return LinearizeEstimate(
            sum(self._duplicate_cost(b) for b in blocks),
            sum(self._serialized_cost(loop) for loop in self.cfg.loop_forest.loops),
            self._guard_overhead(),
        )

    def _reached(self, block: Block) -> bool:
        return self.cfg.dominator_tree.is_reachable(block)

    def block_cost(self, block: Block) -> float:
        """Cycles spent in `block` over the run, nested regions included."""
        total = 0.0
        for op in block.ops:
            total += self.profile.executions(block) * op_cost(op)
            for inner in op.walk():
                for region in inner.regions:
                    for nested in region.blocks:
                        own = sum(op_cost(o) for o in nested.ops)
                        total += self.profile.executions(nested) * own
        return total

    def _duplicate_cost(self, block: Block) -> float:
        """Executions beyond those of the immediate dominator in the same loop
        (a warp ran the block once per path that reached it)."""
        forest = self.cfg.loop_forest
        dominator = self.cfg.dominator_tree.idom(block)
        if dominator is None or forest.is_header(block):
            return 0.0
        if forest.loop_of(block) != forest.loop_of(dominator):
            return 0.0
        runs = self.profile.executions(block)
        extra = runs - self.profile.executions(dominator)
        return self.block_cost(block) * extra / runs if extra > 0 else 0.0

    def _serialized_cost(self, loop: Loop[Block]) -> float:
        """The cost of the iterations a warp ran twice because lanes split at
        a branch that reconverges only after the loop."""
        kept = self._kept_iterations(loop)
        if kept == 1.0:
            return 0.0
        own = [b for b in loop.body if self.cfg.loop_forest.loop_of(b) == loop]
        return sum(self.block_cost(b) for b in own) * (1.0 - kept)

    def _kept_iterations(self, loop: Loop[Block]) -> float:
        """The fraction of the loop's measured warp iterations that remain
        after linearization: 1 unless the loop was serialized (`_splits`);
        then linearization runs it once per iteration of its slowest lane,
        predicted as halfway between the measured warp iterations and the
        lanes' mean trip count."""
        if not any(self._splits(b, loop) for b in loop.body):
            return 1.0
        stats = self.profile.cf_loops.get(block_id(loop.header))
        if stats is None or not stats.get("warp_iterations"):
            return 1.0
        warp = float(stats["warp_iterations"])
        lanes = float(stats.get("lane_entries", 0)) or 1.0
        mean = float(stats.get("entries", 0)) * float(stats["lane_iterations"]) / lanes
        return min(warp, (warp + mean) / 2) / warp

    def _splits(self, block: Block, loop: Loop[Block]) -> bool:
        """A divergent branch of the profile whose two ways stay in `loop`
        and whose reconvergence point is outside it."""
        term = block.last_op
        if not isinstance(term, cf.ConditionalBranchOp):
            return False
        if not all(s in loop for s in term.successors):
            return False
        ipdom = self.cfg.post_dominator_tree.ipdom(block)
        if ipdom is not None and ipdom in loop:
            return False
        entry = self.profile.branches.get(term)
        return entry is not None and int(entry.get("divergent", 0)) > 0

    def _guard_overhead(self) -> float:
        """The guard steps of the blocks `simt-linearize` would guard (its
        own plan, `plan_linearization`), once per pass of their region."""
        plan = plan_linearization(self.function, self.cfg)
        return GUARD_STEP_COST * sum(self._passes(b) for b in plan.guarded)

    def _passes(self, block: Block) -> float:
        """How often the region step of `block` is tested after linearization:
        once per iteration of its innermost loop (the iterations that remain
        of every serialized loop around it), else once per entry of the
        function."""
        forest = self.cfg.loop_forest
        loop = forest.loop_of(block)
        header = loop.header if loop is not None else self.cfg.entry
        passes = float(self.profile.executions(header))
        for around in forest.loops_containing(block):
            passes *= self._kept_iterations(around)
        return passes


def _decide_linearize(
    function: func.FuncOp, profile: Profile | None, margin: float, remarks: Remarks
) -> bool:
    cycles = profile.kernel_cycles(function) if profile is not None else None
    if profile is None or cycles is None:
        remarks.emit(
            function,
            "linearize",
            False,
            "no profile of this function to show duplicate block executions "
            "or serialized loop iterations",
        )
        return False
    estimate = LinearizeModel(function, profile).estimate()
    apply = estimate.gain > margin * cycles
    remarks.emit(function, "linearize", apply, estimate.describe())
    return apply


# ---------------------------------------------------------------------------
# Loop nest reduction
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GatedNestCostModel(NestCostModel):
    """Formula (1) with the profile, gated by the predicted cycles saved;
    reports every decision."""

    report: Callable[[Operation, bool, str], None] = lambda _op, _ok, _msg: None
    counts: Mapping[Operation, Mapping[str, Any]] = field(default_factory=lambda: {})
    margin: float = 0.01
    kernel_cycles: float | None = None

    def decide(
        self,
        outer: Operation,
        inner: Iterable[Operation],
        mode: str,
        idle_fraction: float,
        overheads: LoopOverheads | None = None,
    ) -> FlattenDecision:
        inner = list(inner)
        idle = self.idle_fraction(inner)
        if idle is None:
            reason = (
                "idle fraction unknown: how many lanes idle in the inner loop "
                f"is measured, not guessed; {PROFILE_HINT}"
            )
            self.report(outer, False, reason)
            return FlattenDecision(False, "always", f"not flattened: {reason}")
        cost = self.nest_cost(outer, inner, idle, overheads)
        packing = self.packing(
            outer, inner, cost, self.decision_correlation(outer, inner)
        )
        if packing is not None:
            saving, detail = packing.saving, packing.describe()
            apply = saving > self._threshold(cost)
        else:
            saving, detail = self._formula_saving(cost)
            apply = cost.profitable and saving > self._threshold(cost)
        self.report(outer, apply, f"{detail}; {cost.describe()}")
        if apply:
            return FlattenDecision(True, "always", cost.describe(), cost)
        return FlattenDecision(
            False, "always", f"not flattened by simt-optimize: {detail}", cost
        )

    def _formula_saving(self, cost: NestCost) -> tuple[float, str]:
        original = cost.tb + cost.ta / cost.trip_count
        flat = (1.0 - (cost.idle_fraction or 0.0)) * (cost.tb + cost.ta + cost.overhead)
        saving = original - flat
        return saving, (
            f"predicted {saving:g} cycles saved per inner iteration "
            f"({original:g} -> {flat:g}, formula (1))"
        )

    def _threshold(self, cost: NestCost) -> float:
        if self.kernel_cycles is None:
            return self.margin * (cost.tb + cost.ta / cost.trip_count)
        return self.margin * self.kernel_cycles


def _flatten(
    function: func.FuncOp, profile: Profile | None, margin: float, remarks: Remarks
) -> None:
    def report(op: Operation, applied: bool, detail: str) -> None:
        remarks.emit(op, "flatten-loops", applied, detail)

    cycles = profile.kernel_cycles(function) if profile is not None else None
    model = GatedNestCostModel(
        profile=profile.loops if profile is not None else None,
        report=report,
        counts=profile.loop_counts if profile is not None else {},
        margin=margin,
        kernel_cycles=cycles,
    )
    options = FlattenLoopsPass(mode="profile", remarks=False)
    FunctionFlattener(options, model).run(function)


# ---------------------------------------------------------------------------
# The pass
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class OptimizePass(ModulePass):
    """The default pipeline: branch fusion, linearization and loop nest
    reduction, each where the cost model (with a profile, when given)
    predicts a gain above `margin`.

    Input invariant: simt IR (docs/ir-conventions.md); `profile` is a
    `SimulationStats.to_json()` (`simt.profile`) of this very module -- its
    sites are positions in the IR, so a profile of other IR is rejected
    where a site holds a different op.

    Output IR: the input with some `scf.if` ops fused (`simt-branch-fusion`),
    some functions' block graphs linearized and lifted to `scf`
    (`simt-linearize`), some loop nests flattened (`simt-flatten-loops`,
    marked `simt.flattened = "always"`); nests left alone carry the flatten
    pass's `simt.remark`; then canonicalized (`cleanup`). One `remark:` line
    per decision on stderr.

    Invariants: those of the three passes -- the semantics of every lane;
    collectives stay in uniform control flow (nests with one are not
    flattened, votes and barriers are never fused).

    Options: `profile` (path of the profile JSON), `margin` (the smallest
    predicted gain applied, as a fraction of the kernel's profiled cycles,
    or without a profile of the site's own cost), `remarks`, `cleanup`
    (default true: end with `simt-canonicalize`, then xDSL's `licm`, which
    hoists pure, speculatable ops out of `scf.for` loops, and `cse`, so that
    no op the transformations left dead, duplicated or recomputed per
    iteration remains).
    """

    name = "simt-optimize"

    profile: str | None = None
    margin: float = 0.01
    remarks: bool = True
    cleanup: bool = True

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if not 0.0 <= self.margin < 1.0:
            raise PassFailedException(
                f"simt-optimize: expected margin in [0, 1), found {self.margin}"
            )
        self.run(op)
        if self.cleanup:
            SimtCanonicalizePass().apply(ctx, op)
            LoopInvariantCodeMotionPass().apply(ctx, op)
            CommonSubexpressionElimination().apply(ctx, op)

    def run(self, module: ModuleOp) -> list[str]:
        """Optimizes `module` in place; returns the remarks."""
        profile = read_profile(self.profile, module) if self.profile else None
        remarks = Remarks(self.remarks)
        remarks.name_sites(module)
        functions = [f for f in module.walk() if isinstance(f, func.FuncOp)]
        for function in functions:
            if function.body.blocks:
                self._optimize(function, profile, remarks)
        return remarks.log

    def _optimize(
        self, function: func.FuncOp, profile: Profile | None, remarks: Remarks
    ) -> None:
        if profile is not None and profile.kernel_cycles(function) is None:
            profile = None  # the profiled launch never ran this function
        BranchFuser(profile, self.margin, remarks).run(function)
        if len(function.body.blocks) > 1 and _decide_linearize(
            function, profile, self.margin, remarks
        ):
            linearize_function(function, MAX_LEVEL)
        _flatten(function, profile, self.margin, remarks)
