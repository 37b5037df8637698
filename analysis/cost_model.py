"""The profitability model of loop nest reduction (Bulavintsev 2019, §III.C).

Formula (1) of the paper: going for new work when some lanes of a warp are
idle in the inner loop B pays when

    n / N > Ta / (Ta + Tb)

where N is the warp size, n the number of idle lanes of a warp in B (lanes
whose inner loop is over while others go on), Ta the time of A's exclusive
work (the detour a lane takes to get new work) and Tb the time of one
iteration of B. Equivalently: (N - n) * Ta, what the busy lanes lose while the
warp takes the detour, must be less than n * Tb, the inner work the idle lanes
would do instead. `NestCost.threshold` is this Ta / (Ta + Tb); the adaptive
form of `simt-flatten-loops` tests it at run time with the n it counts.

Here Ta and Tb are the simulator's cost table (`simt.model.costs.op_cost`, in
cycles per warp instruction) applied to the IR:

* Tb = the cost of one iteration of the inner loop: its condition region
  (with `scf.condition`) and its body (for several inner loops, their mean);
* Ta = the cost of one pass through the outer loop's exclusive work: its
  condition region and every op of its body outside the inner loops, plus the
  bookkeeping of the flattened loop per detour (`DETOUR_OVERHEAD`).

Nested ops count recursively: an `scf.if` costs its condition branch plus the
mean of its two sides; a loop costs its expected trip count times its body.
Expected trip counts come from a dynamic profile (bodies per warp entry, from
the simulator's counts), else a `simt.loop_info` attribute, else constant
bounds of an `scf.for`, else `DEFAULT_TRIP_COUNT`.

n/N, the expected idle fraction of the inner loop, comes from a profile
written by `SimulationStats.to_json()` and read by `load_profile` (idle lane
bodies over warp bodies of the loop, see `_loop_profile`), else the loop's
`simt.loop_info` attribute, else a value the caller gives.

The static decision (modes `static` and `profile`) is formula (1) summed over
one outer iteration of a warp, whose inner loop runs T iterations with a
fraction f = n/N of its lane-iterations idle (`NestCost.profitable`):

    original:  T * Tb + Ta
    flattened: T (1 - f) (Tb + o) + D * Ta,   D = min(1 + n, T (1 - f))

The flattened loop packs the lanes' T (1 - f) busy iterations (each paying
the flag test o) and takes D detours, each stalling the busy lanes for Ta:
one per idle lane that falls out of step with the others, at most one per
flattened iteration. When the warp detours at every iteration (D = T (1 - f),
the paper's regime) the test reduces to f > (T - 1) / T * Ta / (Ta + Tb):
formula (1) for T iterations of B; when few lanes are idle (D = 1 + n) it is
T * Tb > N * Ta: the whole inner loop of one lane must outweigh the detours.

The built loop's overheads (`LoopOverheads`: per iteration, per detour,
per entry, per adaptive decision) are not assumed constants: the flatten
pass builds the loop on a clone and costs it (issue 17 found the flag test,
the state carried through `scf.if` yields and the `scf.for` -> `scf.while`
rewrite to be the whole cost of a nest whose inner body is `c += 1`). With
a profile's counts of the nest, `PackingEstimate` predicts a warp entry's
cycles before and after (the busiest lane's work, the detours and their
chains over empty inner loops); decisions take the trips as correlated as
the outer loop's idle fraction (`decision_correlation`). The held-out
corpus (`simt.bench.kernels.heldout`, `python -m simt.bench.heldout`)
checks the predictions on kernels nothing here was chosen on.

`NestCostModel.decide` turns this into the decision of each mode of
`simt-flatten-loops`: `always` flattens, `static` and `profile` flatten where
the test above holds, `adaptive` flattens and passes formula (1)'s threshold
Ta / (Ta + Tb), as an integer out of 1024, and the long-run threshold
θ = max(Ta / Tb, 2 T (1 - n/N)) (`long_run_threshold`) to the run-time test.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp
from xdsl.ir import Block, Operation, Region

from simt.dialects.simt import LOOP_INFO_ATTR, LoopInfoAttr
from simt.model.costs import DEFAULT_COST_TABLE, CostTable, op_cost
from simt.model.machine import WARP_SIZE
from simt.model.sites import site_ids

DEFAULT_TRIP_COUNT = 8.0
"""Iterations assumed for a loop whose trip count nothing tells."""

DETOUR_OVERHEAD = 6
"""Instructions per detour that the flattened loop adds to the outer work:
entering the detour loop, its exit test (a && !b) and branch, and the branch
on the outer loop's condition."""

ITERATION_OVERHEAD = 1
"""Branches per iteration that the flattened loop adds (the test of b)."""

THRESHOLD_SCALE = 1024
"""The run-time test compares n * 1024 with N * round(1024 * Ta / (Ta + Tb))."""

LONG_RUN_LIMIT = 1 << 30
"""The largest long-run threshold (an i32 the adaptive loop compares with)."""


@dataclass(frozen=True)
class LoopOverheads:
    """What the loop `simt-flatten-loops` builds for a nest costs beyond the
    nest's own work, in cycles, found by costing the IR the pass builds (on a
    clone: `simt.passes.flatten_loops.measure_overheads`) rather than assumed.

    The flattened loop carries the whole lane state (flag, inner and outer
    iter_args, live values, results) through `scf.if` yields and tests the
    flag every iteration; an `scf.for` becomes an `scf.while` (its test and
    increment explicit). For a nest whose inner iteration is a few cycles
    this is the dominant term (issue 17: the two-hop neighbour count, whose
    inner body is `c += 1`)."""

    iteration: float
    """Per flattened iteration in which the lane's inner loop goes on, beyond
    one iteration of the inner loop (adaptive: per fast-loop iteration)."""
    detour: float
    """Per detour, beyond one pass of the outer loop's exclusive work."""
    entry: float = 0.0
    """Per entry of a warp into the nest (hoisted constants, the prologue)."""
    check: float = 0.0
    """adaptive: the warp's decision, per exit of the fast loop."""


DEFAULT_OVERHEADS = LoopOverheads(ITERATION_OVERHEAD, DETOUR_OVERHEAD)
"""The overheads assumed where the built loop cannot be measured (several
inner loops)."""


def decision_correlation(outer_idle: float | None) -> float:
    """The trip correlation (`PackingEstimate`) a decision assumes: a
    profile's counts cannot tell a lane's inner trips independent (F far
    below W_i) from alike (F = W_i, flattening gains nothing). Where the
    lanes' outer trip counts differ, their inner work tends to differ alike
    (a longer segment means more outer iterations and longer inner loops):
    the outer loop's idle fraction, the share of its lane-iterations that
    lanes sat out, is taken as the correlation (0 when every lane runs the
    same outer iterations, as in a grid-stride loop over equal work)."""
    return min(1.0, max(0.0, outer_idle or 0.0))


EXIT_SPREAD = 2.0
"""How many more detours the flattened loop takes than the original's
distinct exit moments of the inner loop, at most (lanes that left together
drift apart as their outer iterations differ): chosen on the tuning corpus."""


@dataclass(frozen=True)
class LoopCounts:
    """The profile's counts of one loop, per warp entry of the nest, in
    bodies (an `scf.while`'s last, failing, condition test not counted)."""

    entries: float
    lane_entries: float
    warp_bodies: float
    lane_bodies: float
    exits: float | None = None
    """Times a warp's lanes left the loop at different moments: its exit
    branch's divergent executions plus its entries (one last exit each)."""

    @staticmethod
    def of(
        op: Operation, numbers: Mapping[str, float], divergent: float | None = None
    ) -> LoopCounts | None:
        entries, lanes = numbers.get("entries", 0.0), numbers.get("lane_entries", 0.0)
        if not entries or not lanes:
            return None
        warp = numbers.get("warp_iterations", 0.0)
        lane = numbers.get("lane_iterations", 0.0)
        if isinstance(op, scf.WhileOp):
            warp, lane = max(0.0, warp - entries), max(0.0, lane - lanes)
        exits = None if divergent is None else divergent + entries
        return LoopCounts(entries, lanes, warp, lane, exits)


@dataclass(frozen=True)
class PackingEstimate:
    """Cycles of one warp entry of a nest, before and after flattening, from
    the profile's counts (one inner loop) and the costs of the loop the pass
    builds (`NestCost.overheads`, measured on the built IR).

    Per warp entry, the original runs W_o outer iterations (A's exclusive
    work, Ta) and W_i inner iterations (the slowest lane's of each, Tb):
    `W_o Ta + W_i Tb`. The flattened loop runs F iterations, each Tb plus
    the built loop's overhead o, and D detours, each the detour's overhead
    d plus P / D passes of A's work: `F (Tb + o) + D d + P Ta + entry`.

    * F, the work of the busiest lane: a lane's inner work is a sum of W_o
      trips of mean t (lane bodies / lane entries) whose warp maximum is
      Wmax (warp bodies / warp entries); the busiest of a warp's lanes is
      taken as W_o t + (Wmax - t) sqrt(W_o) (the spread of a sum of W_o
      independent trips grows as its square root), at most W_i. When a
      lane's trips are alike (a segment's length bounds every inner loop
      of a segmented sort) the busiest lane does nearly W_i: `correlation`
      (0 independent, 1 alike) moves F from the first towards W_i;
      decisions take `decision_correlation` of the outer loop's idle
      fraction, as the counts cannot tell.
    * D, the flattened iterations in which some of the lanes' L outer
      iterations (detours) fall, spread at random: `F (1 - exp(-L / F))`;
      lanes that left the inner loop together in the original (X exits,
      from its exit branch's divergent executions) mostly detour together,
      so D is at most `EXIT_SPREAD` X.
    * P, the passes of the detour loop: a lane chains through outer
      iterations whose inner loop is empty, at least a share z = 1 - t of
      them when t < 1; the warp waits for the longest chain of the m lanes
      detouring together, about 1 + ln(m) / ln(1 / z) passes.
    """

    entries: float
    original: float
    flattened: float
    iterations: float
    detours: float

    @property
    def saving(self) -> float:
        return self.entries * (self.original - self.flattened)

    @staticmethod
    def of(
        outer: LoopCounts,
        inner: LoopCounts,
        cost: NestCost,
        correlation: float = 0.0,
    ) -> PackingEstimate | None:
        if not inner.entries or not inner.lane_entries:
            return None
        per = 1.0 / outer.entries
        w_outer, w_inner = outer.warp_bodies * per, inner.warp_bodies * per
        slowest = inner.warp_bodies / inner.entries
        mean = inner.lane_bodies / inner.lane_entries
        lane_detours = outer.lane_bodies * per
        spread = max(0.0, slowest - mean) * math.sqrt(max(1.0, w_outer))
        independent = min(w_inner, w_outer * mean + spread)
        flat = independent + correlation * (w_inner - independent)
        detours = flat * (1.0 - math.exp(-lane_detours / flat)) if flat > 0 else 0.0
        if inner.exits is not None:
            detours = min(detours, EXIT_SPREAD * inner.exits * per)
        passes = min(lane_detours, detours * _chain(mean, lane_detours, detours))
        extra = cost.overheads
        ta = cost.ta - extra.detour
        original = w_outer * ta + w_inner * cost.tb
        flattened = (
            extra.entry
            + flat * (cost.tb + extra.iteration)
            + detours * extra.detour
            + passes * ta
        )
        return PackingEstimate(outer.entries, original, flattened, flat, detours)

    def describe(self) -> str:
        return (
            f"predicted {self.saving:g} cycles saved ({self.entries:g} warp entries x "
            f"{self.original:g} -> {self.flattened:g} cycles; {self.iterations:.1f} "
            f"flattened iterations, {self.detours:.1f} detours per entry)"
        )


def _chain(mean: float, lane_detours: float, detours: float) -> float:
    """Expected longest chain of detour passes among the lanes of one
    detour (`PackingEstimate`), with a share z = 1 - mean of empty inner
    loops."""
    empty = 1.0 - mean
    if empty <= 0.0 or empty >= 1.0 or detours <= 0.0:
        return 1.0
    together = max(1.0, lane_detours * mean / detours)
    return 1.0 + math.log(together) / -math.log(empty)


@dataclass(frozen=True)
class LoopProfile:
    """What a dynamic profile says about one loop."""

    idle_fraction: float | None
    trip_count: float | None
    """Iterations a warp ran per entry (warp_iterations / entries)."""
    counts: LoopCounts | None = None
    """The raw counts, in bodies (for `PackingEstimate`)."""


@dataclass(frozen=True)
class ProfileData:
    """Loop facts of a simulator profile, keyed by the loop ops of a module."""

    loops: Mapping[Operation, LoopProfile] = field(
        default_factory=lambda: MappingProxyType({})
    )
    warp_size: int = WARP_SIZE

    def get(self, op: Operation) -> LoopProfile | None:
        return self.loops.get(op)


def load_profile(path: str | Path, module: ModuleOp) -> ProfileData:
    """Reads a `SimulationStats.to_json()` file and matches its loop sites
    (`@kernel/b0.3/...`) with the loops of `module`.

    Raises ValueError (with the path) when the file is not such a profile.
    """
    try:
        data = json.loads(Path(path).read_text())
    except json.JSONDecodeError as error:
        raise ValueError(f"profile {path}: not JSON ({error})") from error
    if not isinstance(data, dict) or not isinstance(data.get("loops"), dict):
        raise ValueError(f"profile {path}: expected an object with a 'loops' map")
    warp_size = data.get("warp_size", WARP_SIZE)
    if not isinstance(warp_size, int) or warp_size < 1:
        raise ValueError(f"profile {path}: expected a positive 'warp_size'")
    branches = data.get("branches")
    return profile_from_dict(
        data["loops"],
        module,
        warp_size,
        branches if isinstance(branches, dict) else None,
    )


def profile_from_dict(
    loops: Mapping[str, Mapping[str, object]],
    module: ModuleOp,
    warp_size: int = WARP_SIZE,
    branches: Mapping[str, Mapping[str, object]] | None = None,
) -> ProfileData:
    """Matches the `loops` map of a profile (and its `branches` map, for
    the loops' exit branches) with the loop ops of `module`."""
    found: dict[Operation, LoopProfile] = {}
    names = site_ids(module)
    for op, site in names.items():
        if not isinstance(op, scf.ForOp | scf.WhileOp):
            continue
        entry = loops.get(site)
        if entry is not None:
            divergent = _exit_divergence(op, branches, names)
            found[op] = _loop_profile(entry, op, warp_size, divergent)
    return ProfileData(MappingProxyType(found), warp_size)


def _exit_divergence(
    loop: Operation,
    branches: Mapping[str, Mapping[str, object]] | None,
    names: Mapping[Operation, str],
) -> float | None:
    """Divergent executions of a loop's exit branch (an `scf.for`'s check,
    an `scf.while`'s `scf.condition`) in a profile's `branches` map."""
    if branches is None:
        return None
    exit_op = loop.regions[0].block.last_op if isinstance(loop, scf.WhileOp) else loop
    site = names.get(exit_op) if exit_op is not None else None
    entry = branches.get(site) if site is not None else None
    value = entry.get("divergent") if entry is not None else None
    return float(value) if isinstance(value, int | float) else None


def _loop_profile(
    entry: Mapping[str, object],
    op: Operation,
    warp_size: int,
    divergent: float | None = None,
) -> LoopProfile:
    """Trip count and idle fraction of one loop of a profile.

    For an `scf.while` the simulator counts an iteration per execution of the
    condition region, the last of each entry finding the loop done; trip
    counts and the idle fraction here count bodies only (the flattened loop
    merges that last test into the detour): trips = warp bodies / entries,
    idle = 1 - lane bodies / (warp bodies * warp_size)."""
    numbers = {
        key: float(value)
        for key, value in entry.items()
        if isinstance(value, int | float) and not isinstance(value, bool)
    }
    entries = numbers.get("entries", 0.0)
    iterations = numbers.get("warp_iterations", 0.0)
    idle = numbers.get("idle_fraction")
    counts = LoopCounts.of(op, numbers, divergent)
    if not isinstance(op, scf.WhileOp) or not entries:
        return LoopProfile(idle, iterations / entries if entries else None, counts)
    lane_bodies = numbers.get("lane_iterations", 0.0) - numbers.get("lane_entries", 0.0)
    warp_bodies = iterations - entries
    if warp_bodies > 0:
        idle = max(0.0, 1.0 - lane_bodies / (warp_bodies * warp_size))
    return LoopProfile(idle, warp_bodies / entries, counts)


@dataclass(frozen=True)
class NestCost:
    """Ta, Tb and n/N of one nest; formula (1) and the per-outer-iteration test."""

    ta: float
    tb: float
    idle_fraction: float | None
    trip_count: float = float("inf")
    """T: iterations of the inner loop per entry of a warp (the slowest lane's)."""
    overhead: float = 0.0
    """o: cycles the flattened loop adds to every iteration (the flag test)."""
    warp_size: int = WARP_SIZE
    overheads: LoopOverheads = DEFAULT_OVERHEADS
    """What the built loop costs beyond the nest's work (`LoopOverheads`)."""

    @property
    def threshold(self) -> float:
        """Formula (1): the idle fraction n/N above which one detour pays."""
        total = self.ta + self.tb
        return self.ta / total if total > 0 else 0.0

    def detours(self) -> float:
        """D: detours per outer iteration of a warp in the flattened loop."""
        idle = self.idle_fraction or 0.0
        busy = max(1.0, self._trips() * (1.0 - idle))
        return min(1.0 + idle * self.warp_size, busy)

    def original_cycles(self) -> float:
        """One outer iteration of the original: T iterations of B and A's work."""
        return self._trips() * self.tb + self.ta

    def flattened_cycles(self) -> float:
        """One outer iteration's worth of the flattened loop: the lanes' busy
        iterations, packed, and D detours."""
        busy = self._trips() * (1.0 - (self.idle_fraction or 0.0))
        return busy * (self.tb + self.overhead) + self.detours() * self.ta

    @property
    def profitable(self) -> bool:
        """Formula (1) over an outer iteration: flattening saves cycles."""
        if self.idle_fraction is None:
            return False
        return self.flattened_cycles() < self.original_cycles()

    @property
    def mean_run(self) -> float:
        """m = T (1 - n/N): the mean inner trip count of one lane per entry."""
        return self._trips() * (1.0 - (self.idle_fraction or 0.0))

    def _trips(self) -> float:
        return self.trip_count if self.trip_count != float("inf") else 1e9

    def describe(self) -> str:
        idle = "unknown" if self.idle_fraction is None else f"{self.idle_fraction:.3f}"
        text = (
            f"n/N = {idle}, Ta/(Ta+Tb) = {self.threshold:.3f} "
            f"(Ta = {self.ta:g}, Tb = {self.tb:g} cycles)"
        )
        if self.idle_fraction is None:
            return text
        return (
            f"{text}; per outer iteration {self.original_cycles():.0f} -> "
            f"{self.flattened_cycles():.0f} cycles (T = {self.trip_count:g}, "
            f"D = {self.detours():.2f})"
        )


def long_run_threshold(cost: NestCost) -> int:
    """θ of the adaptive loop's long-run test: the B iterations after which a
    lane's current inner loop counts as long, max(Ta / Tb, 2 m) rounded up,
    where m = T (1 - n/N) is the mean inner trip count of a lane (T the
    slowest lane's per warp entry, n/N the idle fraction). A lane that has
    run longer than one detour costs and than twice a mean inner loop is
    expected to keep its warp's idle lanes waiting for longer than a detour
    costs (a run that has lasted t is as likely to last t more)."""
    tb = cost.tb if cost.tb > 0 else 1.0
    found = max(1.0, cost.ta / tb, 2.0 * cost.mean_run)
    return min(LONG_RUN_LIMIT, math.ceil(found))


ADAPTIVE_BUDGET = 0.05
"""The most `mode=adaptive` may add to a nest when its run-time test never
finds a detour that pays: issue 17 asks that it never fall below 0.95x."""


def adaptive_refusal(cost: NestCost, budget: float = ADAPTIVE_BUDGET) -> str | None:
    """Why `mode=adaptive` declines a nest, or None: its run-time check is
    cheap only when the fast loop's per-iteration cost (a vote, and the
    `scf.for` -> `scf.while` test and increment) is within `ADAPTIVE_BUDGET`
    of one inner iteration, and the warp's decision at each fast-loop exit
    (at most one per inner iteration of the slowest lane, T per outer
    iteration, or one per lane) within `ADAPTIVE_BUDGET` of an outer
    iteration of the original (Ta + T Tb); `budget` replaces
    `ADAPTIVE_BUDGET`."""
    extra = cost.overheads
    tb = max(cost.tb, 1e-9)
    if extra.iteration > budget * tb:
        return (
            "not flattened: the adaptive loop's run-time check costs "
            f"{extra.iteration:g} cycles per inner iteration, "
            f"{100 * extra.iteration / tb:.0f}% of one (Tb = {cost.tb:g}); "
            f"the budget is {100 * budget:.0f}%"
        )
    trips = cost.trip_count if cost.trip_count != float("inf") else DEFAULT_TRIP_COUNT
    exits = min(trips, float(cost.warp_size))
    outer = cost.ta + trips * cost.tb
    if exits * extra.check > budget * outer:
        return (
            "not flattened: the adaptive loop's decisions cost up to "
            f"{exits * extra.check:g} cycles per outer iteration "
            f"({exits:g} exits x {extra.check:g}), "
            f"{100 * exits * extra.check / outer:.0f}% of one ({outer:g}); "
            f"the budget is {100 * budget:.0f}%"
        )
    return None


def adaptive_threshold(cost: NestCost) -> int:
    """p in the run-time test n * 1024 > N * p; at most 1023 so that a warp
    whose lanes are all idle always takes the detour."""
    return min(THRESHOLD_SCALE - 1, max(0, round(THRESHOLD_SCALE * cost.threshold)))


@dataclass(frozen=True)
class FlattenDecision:
    """Whether to flatten a nest, in which form, and why."""

    flatten: bool
    mode: str
    """"always" or "adaptive": the form of the flattened loop."""
    reason: str
    cost: NestCost | None = None

    @property
    def threshold_num(self) -> int:
        return adaptive_threshold(self.cost) if self.cost is not None else 0

    @property
    def long_run(self) -> int:
        """θ of the adaptive loop (`long_run_threshold`); without a cost, the
        default trip count (`DEFAULT_TRIP_COUNT`)."""
        if self.cost is None:
            return math.ceil(DEFAULT_TRIP_COUNT)
        return long_run_threshold(self.cost)


@dataclass(frozen=True)
class NestCostModel:
    """Ta, Tb and n/N of nests from a cost table and (optionally) a profile."""

    profile: ProfileData | None = None
    table: CostTable = DEFAULT_COST_TABLE
    default_trip_count: float = DEFAULT_TRIP_COUNT
    adaptive_budget: float = ADAPTIVE_BUDGET
    """The most `mode=adaptive` may add to a nest (`adaptive_refusal`)."""

    def decide(
        self,
        outer: Operation,
        inner: Iterable[Operation],
        mode: str,
        idle_fraction: float,
        overheads: LoopOverheads | None = None,
    ) -> FlattenDecision:
        """The decision of `simt-flatten-loops{mode=...}` for one nest;
        `overheads` are those of the loop the pass would build, when known."""
        inner = list(inner)
        if mode == "always":
            return FlattenDecision(True, "always", "mode=always")
        idle = idle_fraction if mode == "static" else self.idle_fraction(inner)
        known = idle if idle is not None else idle_fraction
        cost = self.nest_cost(outer, inner, known, overheads)
        if mode == "adaptive":
            # The run-time check weighed against the cheapest inner iteration
            # the IR allows: a loop nothing tells the trips of runs once.
            low = replace(self, default_trip_count=1.0)
            least = low.nest_cost(outer, inner, known, overheads)
            refusal = adaptive_refusal(least, self.adaptive_budget)
            if refusal is not None:
                return FlattenDecision(False, "adaptive", refusal, cost)
            return FlattenDecision(True, "adaptive", cost.describe(), cost)
        packing = (
            self.packing(outer, inner, cost, self.decision_correlation(outer, inner))
            if mode == "profile"
            else None
        )
        if packing is not None:
            detail = f"{packing.describe()}; {cost.describe()}"
            if packing.saving > 0:
                return FlattenDecision(True, "always", detail, cost)
            return FlattenDecision(False, "always", f"not flattened: {detail}", cost)
        if cost.profitable:
            return FlattenDecision(True, "always", cost.describe(), cost)
        return FlattenDecision(
            False, "always", f"not flattened: not profitable: {cost.describe()}", cost
        )

    def nest_cost(
        self,
        outer: Operation,
        inner: list[Operation],
        idle_fraction: float | None,
        overheads: LoopOverheads | None = None,
    ) -> NestCost:
        """Ta (with the detour's overhead), Tb, n/N and T of a nest."""
        extra = overheads if overheads is not None else DEFAULT_OVERHEADS
        ta = self.exclusive_cost(outer, set(inner)) + extra.detour
        count = max(1, len(inner))
        tb = sum(self.iteration_cost(loop) for loop in inner) / count
        trips = sum(self.trip_count(loop) for loop in inner if _is_loop(loop)) / count
        warp = self.profile.warp_size if self.profile is not None else WARP_SIZE
        return NestCost(
            ta, tb, idle_fraction, max(trips, 1.0), extra.iteration, warp, extra
        )

    def packing(
        self,
        outer: Operation,
        inner: list[Operation],
        cost: NestCost,
        correlation: float = 0.0,
    ) -> PackingEstimate | None:
        """The profile's estimate of one warp entry of a nest of one inner
        loop, before and after flattening (`PackingEstimate`), or None."""
        if self.profile is None or len(inner) != 1:
            return None
        outer_found, inner_found = self.profile.get(outer), self.profile.get(inner[0])
        if outer_found is None or inner_found is None:
            return None
        if outer_found.counts is None or inner_found.counts is None:
            return None
        return PackingEstimate.of(
            outer_found.counts, inner_found.counts, cost, correlation
        )

    def decision_correlation(self, outer: Operation, inner: list[Operation]) -> float:
        """`decision_correlation` of `outer`'s idle fraction in the profile;
        1 (no packing gain is credited) when an inner loop holds a loop whose
        lanes diverged in the profile: an inner iteration's cost is then
        itself the slowest lane's, and the counts do not tell how the lanes'
        trips of the two relate."""
        nested = [op for loop in inner for op in loop.walk() if op is not loop]
        if any(self._diverged(op) for op in nested if _is_loop(op)):
            return 1.0
        found = self.profile.get(outer) if self.profile is not None else None
        return decision_correlation(found.idle_fraction if found is not None else None)

    def _diverged(self, loop: Operation) -> bool:
        found = self.profile.get(loop) if self.profile is not None else None
        return found is not None and (found.idle_fraction or 0.0) > 0.0

    def idle_fraction(self, inner: list[Operation]) -> float | None:
        """Mean idle fraction of the inner loops from the profile or attributes."""
        known = [f for f in (self._idle_of(loop) for loop in inner) if f is not None]
        return sum(known) / len(known) if known else None

    def _idle_of(self, loop: Operation) -> float | None:
        found = self.profile.get(loop) if self.profile is not None else None
        if found is not None and found.idle_fraction is not None:
            return found.idle_fraction
        info = loop.attributes.get(LOOP_INFO_ATTR)
        return info.expected_idle_fraction if isinstance(info, LoopInfoAttr) else None

    # -- costs of IR ---------------------------------------------------------

    def iteration_cost(self, loop: Operation) -> float:
        """One iteration of a loop: condition and body (nested ops included)."""
        return sum(self.region_cost(region) for region in loop.regions) + (
            op_cost(scf.ConditionOp, self.table) if isinstance(loop, scf.ForOp) else 0
        )

    def exclusive_cost(self, outer: Operation, inner: set[Operation]) -> float:
        """One pass of the outer loop's work outside its inner loops `inner`:
        its condition, the rest of its body, an `scf.for`'s step and test."""
        total = 0.0
        for region in outer.regions:
            for op in _region_ops(region):
                if op not in inner:
                    total += self.op_total_cost(op)
        if isinstance(outer, scf.ForOp):
            total += op_cost(arith.AddiOp, self.table) + op_cost(
                arith.CmpiOp, self.table
            )
        return total

    def region_cost(self, region: Region) -> float:
        return sum(self.op_total_cost(op) for op in _region_ops(region))

    def op_total_cost(self, op: Operation) -> float:
        """The cost of one execution of `op`, with what its regions run."""
        own = op_cost(op, self.table)
        if isinstance(op, scf.IfOp):
            sides = [self.region_cost(r) for r in op.regions if r.blocks]
            return own + (sum(sides) / 2 if sides else 0.0)
        if isinstance(op, scf.ForOp):
            return own + self.trip_count(op) * self.iteration_cost(op)
        if isinstance(op, scf.WhileOp):
            exit_test = self.region_cost(op.before_region)
            return own + self.trip_count(op) * self.iteration_cost(op) + exit_test
        return own + sum(self.region_cost(r) for r in op.regions)

    def trip_count(self, loop: Operation) -> float:
        """Expected iterations (bodies) per entry of a warp into `loop`."""
        found = self.profile.get(loop) if self.profile is not None else None
        if found is not None and found.trip_count is not None:
            return found.trip_count
        info = loop.attributes.get(LOOP_INFO_ATTR)
        if isinstance(info, LoopInfoAttr) and info.expected_trip_count is not None:
            return info.expected_trip_count
        static = _constant_trip_count(loop)
        return static if static is not None else self.default_trip_count


def _is_loop(op: Operation) -> bool:
    return isinstance(op, scf.ForOp | scf.WhileOp)


def _region_ops(region: Region) -> Iterable[Operation]:
    for block in region.blocks:
        yield from block.ops


def _constant_trip_count(loop: Operation) -> float | None:
    if not isinstance(loop, scf.ForOp):
        return None
    bounds = [_constant(v.owner) for v in (loop.lb, loop.ub, loop.step)]
    lb, ub, step = bounds
    if lb is None or ub is None or step is None or step <= 0:
        return None
    return float(max(0, -(-(ub - lb) // step)))


def _constant(owner: Operation | Block) -> int | None:
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None
