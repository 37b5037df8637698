"""`simt.autotune` (module `simt.tuning`): candidate pipelines simulated on a sample launch, the fastest kept.

No cost model is right on every kernel (issue 17): on the sample inputs a
user gives, the simulator can simply measure. `autotune` builds candidate
pipelines of the three transformations, simulates each on copies of the
sample arguments, checks that every array argument ends equal to the
original's (bit for bit, NaN equal to NaN), and keeps the fastest; the
original is a candidate, so the result is never slower on the sample launch.

The search is staged, in `simt-optimize`'s order, one family at a time on
the IR the previous stages chose (a profile of that IR, taken on the same
sample launch, names its sites):

1. branch fusion: every divergent `scf.if` the fusion pass would fuse, alone
   (`simt-branch-fusion{sites="..."}`), then those that paid, together, and
   the whole pass;
2. linearization: `simt-linearize` and its `max-depth` 0 and 1 forms, where
   the IR has `cf` block graphs or nested control flow (a refusal of the
   pass skips the candidate, with its message);
3. loop nest reduction: every legal nest alone
   (`simt-flatten-loops{sites="..."}`), those that paid together, and the
   whole pass in `always` and `adaptive` modes.

The cost models prune: a fused branch that never diverged on the sample, or
that fusion is predicted to slow down, is not simulated; nor is a nest whose
flattening the profile's counts predict at least `PRUNE_LOSS` slower even if
its lanes' trip counts were independent (`PackingEstimate` with no
correlation), nor one the sample never ran. `simt-optimize`, with a profile
of the sample launch and without, is a candidate too.

The chosen pipeline is a `-p` string: `simt-opt k.py -p "<pipeline>"` or
`simt.apply_passes(module, result.pipeline)` replays it (sites are
positions in the IR each pass receives, so replay from the same input).

    best = simt.autotune(module, grid=(4,), block=(128,), args=[a, b, n])
    print(best.table())
    simt.apply_passes(module, best.pipeline)
"""

from __future__ import annotations

import contextlib
import io
import math
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import cf, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException

from simt.analysis.cost_model import (
    FlattenDecision,
    LoopOverheads,
    NestCostModel,
    load_profile,
)
from simt.analysis.divergence import analyze_divergence
from simt.frontend import compile_python
from simt.model.sites import site_id
from simt.passes.branch_fusion import FusionPlanner
from simt.passes.flatten_loops import (
    FLATTENED_ATTR,
    FlattenLoopsPass,
    FunctionFlattener,
)
from simt.passes.optimize import BranchFuser, Remarks, read_profile
from simt.pipeline import apply_passes
from simt.sim import SimulationError, simulate
from simt.sim.profile import profile

BEAM = 2
"""Pipelines kept after each stage, the next stage extending each, besides
the best one without that stage (one would lose a nest that a
linearization chosen before it merges away)."""

PRUNE_LOSS = 0.10
"""A nest predicted this much slower (a fraction of its cycles), with its
lanes' trips taken as independent (the model's most favourable case), is
not simulated."""


@dataclass(frozen=True)
class Candidate:
    """One pipeline tried (or pruned) on the sample launch."""

    pipeline: str
    """The `-p` string ("" is the original)."""
    cycles: float | None
    """Simulated cycles; None when pruned, refused or wrong."""
    outputs_equal: bool
    note: str = ""
    """Why it was pruned or failed, or what the cost model predicted."""
    seconds: float = 0.0

    @property
    def valid(self) -> bool:
        return self.cycles is not None and self.outputs_equal


@dataclass(frozen=True)
class AutotuneResult:
    """Every candidate, the fastest valid one, and the time the search took."""

    kernel: str
    original: Candidate
    best: Candidate
    candidates: tuple[Candidate, ...]
    seconds: float

    @property
    def pipeline(self) -> str:
        """The chosen pipeline as a `-p` string ("" when the original won)."""
        return self.best.pipeline

    @property
    def speedup(self) -> float:
        assert self.original.cycles is not None and self.best.cycles is not None
        return self.original.cycles / self.best.cycles

    def table(self) -> str:
        """The candidates with their cycles, the chosen one marked `*`."""
        base = self.original.cycles or 1.0
        rows = [f"{'':2}{'cycles':>10} {'speedup':>8}  pipeline / note"]
        for c in self.candidates:
            mark = "*" if c is self.best else " "
            cycles = "-" if c.cycles is None else f"{c.cycles:.0f}"
            speed = "-" if c.cycles is None else f"{base / c.cycles:.3f}x"
            if c.cycles is not None and not c.outputs_equal:
                speed = "WRONG"
            shown = c.pipeline or "(original)"
            note = f"  [{c.note}]" if c.note else ""
            rows.append(f"{mark:2}{cycles:>10} {speed:>8}  {shown}{note}")
        rows.append(
            f"@{self.kernel}: best {self.speedup:.3f}x with "
            f"{self.pipeline or '(original)'!r}; {len(self.candidates)} candidates, "
            f"{sum(1 for c in self.candidates if c.cycles is not None)} simulated, "
            f"{self.seconds:.1f}s"
        )
        return "\n".join(rows)

    def to_json(self) -> dict[str, Any]:
        return {
            "kernel": self.kernel,
            "pipeline": self.pipeline,
            "original_cycles": self.original.cycles,
            "best_cycles": self.best.cycles,
            "speedup": self.speedup,
            "seconds": self.seconds,
            "candidates": [
                {
                    "pipeline": c.pipeline,
                    "cycles": c.cycles,
                    "outputs_equal": c.outputs_equal,
                    "note": c.note,
                    "seconds": c.seconds,
                }
                for c in self.candidates
            ],
        }


def autotune(
    kernel_or_module: ModuleOp | Callable[..., Any],
    grid: int | Sequence[int],
    block: int | Sequence[int],
    args: Sequence[Any],
    *,
    signature: str | None = None,
    kernel: str | None = None,
    warp_size: int = 32,
    remarks: bool = False,
    on_candidate: Callable[[Candidate], None] | None = None,
) -> AutotuneResult:
    """Tries candidate pipelines on `module` (or on a Python kernel compiled
    with `signature`) for one sample launch and returns them all with the
    fastest whose outputs equal the original's. `args` are not modified.
    With `remarks`, prints each candidate as it is measured; `on_candidate`
    is called with each (`simt-autotune`'s progress bar)."""
    started = time.perf_counter()
    module = _as_module(kernel_or_module, signature)
    tuner = _Tuner(module, grid, block, list(args), kernel, warp_size, remarks)
    tuner.on_candidate = on_candidate
    candidates = tuner.search()
    valid = [c for c in candidates if c.valid]
    best = min(
        valid,
        key=lambda c: (c.cycles or 0.0, "profile=" in c.pipeline, len(c.pipeline)),
    )
    return AutotuneResult(
        tuner.kernel_name(),
        candidates[0],
        best,
        tuple(candidates),
        time.perf_counter() - started,
    )


def _as_module(
    kernel: ModuleOp | Callable[..., Any], signature: str | None
) -> ModuleOp:
    if isinstance(kernel, ModuleOp):
        return kernel
    if signature is None:
        raise TypeError("autotune: a Python kernel needs signature=... (numba style)")
    return compile_python(kernel, signature)


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------


@dataclass
class _Tuner:
    module: ModuleOp
    grid: int | Sequence[int]
    block: int | Sequence[int]
    args: list[Any]
    kernel: str | None
    warp_size: int
    remarks: bool
    on_candidate: Callable[[Candidate], None] | None = None
    tried: list[Candidate] = field(default_factory=lambda: [])
    expected: list[Any] = field(default_factory=lambda: [])
    workdir: Path = field(
        default_factory=lambda: Path(tempfile.mkdtemp(prefix="simt-autotune-"))
    )

    def kernel_name(self) -> str:
        functions = [f for f in self.module.ops if isinstance(f, func.FuncOp)]
        if self.kernel is not None:
            return self.kernel
        named = [f for f in functions if not f.is_declaration]
        return named[0].sym_name.data if named else "?"

    def search(self) -> list[Candidate]:
        original = self.measure("")
        if not original.valid:
            raise SimulationError(
                f"autotune: the original does not run: {original.note}"
            )
        beam = [original]
        for stage in (self._fusion, self._linearize, self._flatten):
            found = [c for prefix in beam for c in self._stage(prefix, stage)]
            unique = {c.pipeline: c for c in [*beam, *found]}
            ranked = sorted(unique.values(), key=lambda c: c.cycles or 0.0)
            beam = [*ranked[:BEAM], *(b for b in beam[:1] if b not in ranked[:BEAM])]
        path = self.workdir / "sample.profile.json"
        self._profile(self.module.clone(), path)
        # Without its final canonicalization, as every other candidate is measured.
        self.measure(f'simt-optimize{{profile="{path}" remarks=false cleanup=false}}')
        self.measure("simt-optimize{remarks=false cleanup=false}")
        return self.tried

    def _stage(
        self, prefix: Candidate, stage: Callable[[str, ModuleOp, Path], Iterable[str]]
    ) -> list[Candidate]:
        """The valid candidates of one family after `prefix`."""
        module = self.transformed(prefix.pipeline)
        path = self.workdir / f"stage{len(self.tried)}.profile.json"
        self._profile(module.clone(), path)
        start = len(self.tried)
        for pipeline in stage(prefix.pipeline, module, path):
            self.measure(_joined(prefix.pipeline, pipeline))
        return [c for c in self.tried[start:] if c.valid]

    # -- families --------------------------------------------------------

    def _fusion(self, prefix: str, module: ModuleOp, path: Path) -> Iterable[str]:
        profile_data = read_profile(str(path), module)
        planner = FusionPlanner()
        fuser = BranchFuser(profile_data, 0.0, Remarks(False), planner)
        paying: list[str] = []
        sites = _fusable_sites(module, planner)
        for op, site in sites:
            plan = planner.plan(op)
            assert plan is not None
            gain = fuser.estimate(plan).gain
            pipeline = f'simt-branch-fusion{{sites="{site}"}}'
            if gain <= 0:
                self.prune(
                    _joined(prefix, pipeline), f"predicted {gain:g} cycles saved"
                )
                continue
            found = self.measure(_joined(prefix, pipeline), f"predicted {gain:g} saved")
            if found.valid and (found.cycles or 0.0) < self.cycles_of(prefix):
                paying.append(site)
        if len(paying) > 1:
            yield f'simt-branch-fusion{{sites="{" ".join(paying)}"}}'
        if sites:
            yield "simt-branch-fusion"

    def _linearize(self, prefix: str, module: ModuleOp, path: Path) -> Iterable[str]:
        if _has_block_graph(module):
            yield "simt-linearize"
        if _has_nested_control_flow(module):
            yield "simt-linearize{max-depth=0}"
            yield "simt-linearize{max-depth=1}"

    def _flatten(self, prefix: str, module: ModuleOp, path: Path) -> Iterable[str]:
        nests = _nest_estimates(module, path)
        paying: list[str] = []
        for site, estimate in nests:
            pipeline = f'simt-flatten-loops{{sites="{site}" remarks=false}}'
            if estimate is None:
                self.prune(_joined(prefix, pipeline), "the sample never ran this nest")
                continue
            before, after = estimate
            if after > (1.0 + PRUNE_LOSS) * before:
                note = f"predicted {before:.0f} -> {after:.0f} cycles per warp entry"
                self.prune(_joined(prefix, pipeline), note)
                continue
            note = f"predicted {before:.0f} -> {after:.0f} cycles per warp entry"
            found = self.measure(_joined(prefix, pipeline), note)
            if found.valid and (found.cycles or 0.0) < self.cycles_of(prefix):
                paying.append(site)
        if len(paying) > 1:
            yield f'simt-flatten-loops{{sites="{" ".join(paying)}" remarks=false}}'
        if nests:
            yield "simt-flatten-loops{remarks=false}"
            yield "simt-flatten-loops{mode=adaptive remarks=false}"

    # -- measuring -------------------------------------------------------

    def transformed(self, pipeline: str) -> ModuleOp:
        module = self.module.clone()
        if pipeline:
            with contextlib.redirect_stderr(io.StringIO()):
                apply_passes(module, pipeline)
        return module

    def measure(self, pipeline: str, note: str = "") -> Candidate:
        if any(c.pipeline == pipeline for c in self.tried):
            return next(c for c in self.tried if c.pipeline == pipeline)
        started = time.perf_counter()
        try:
            module = self.transformed(pipeline)
            cycles, outputs = self._run(module)
        except (PassFailedException, SimulationError) as error:
            reason = str(error).splitlines()[0] if str(error) else type(error).__name__
            return self._add(
                Candidate(pipeline, None, False, f"skipped: {reason}"), started
            )
        equal = not self.expected or _equal(self.expected, outputs)
        if not self.expected:
            self.expected = outputs
        if not equal:
            note = "outputs differ from the original"
        return self._add(Candidate(pipeline, cycles, equal, note), started)

    def cycles_of(self, pipeline: str) -> float:
        found = next(c for c in self.tried if c.pipeline == pipeline)
        return found.cycles if found.cycles is not None else math.inf

    def prune(self, pipeline: str, note: str) -> None:
        if any(c.pipeline == pipeline for c in self.tried):
            return
        self._add(
            Candidate(pipeline, None, False, f"pruned: {note}"), time.perf_counter()
        )

    def _add(self, candidate: Candidate, started: float) -> Candidate:
        timed = Candidate(
            candidate.pipeline,
            candidate.cycles,
            candidate.outputs_equal,
            candidate.note,
            time.perf_counter() - started,
        )
        self.tried.append(timed)
        if self.on_candidate is not None:
            self.on_candidate(timed)
        if self.remarks:
            cycles = "-" if timed.cycles is None else f"{timed.cycles:.0f}"
            print(
                f"autotune: {cycles:>10}  {timed.pipeline or '(original)'}  {timed.note}"
            )
        return timed

    def _run(self, module: ModuleOp) -> tuple[float, list[Any]]:
        copies = [a.copy() if isinstance(a, np.ndarray) else a for a in self.args]
        result = simulate(
            module,
            self.grid,
            self.block,
            copies,
            kernel=self.kernel,
            warp_size=self.warp_size,
            trace=False,
        )
        return float(result.stats.cycles), copies

    def _profile(self, module: ModuleOp, path: Path) -> None:
        profile(
            module,
            self.grid,
            self.block,
            self.args,
            kernel=self.kernel,
            warp_size=self.warp_size,
            path=path,
        )


def _joined(prefix: str, pipeline: str) -> str:
    return f"{prefix},{pipeline}" if prefix else pipeline


def _equal(expected: Sequence[Any], actual: Sequence[Any]) -> bool:
    for want, got in zip(expected, actual, strict=True):
        if not isinstance(want, np.ndarray):
            continue
        floating = np.issubdtype(want.dtype, np.floating)
        if not np.array_equal(want, got, equal_nan=bool(floating)):
            return False
    return True


# ---------------------------------------------------------------------------
# Sites and the cost models' estimates
# ---------------------------------------------------------------------------


def _functions(module: ModuleOp) -> list[func.FuncOp]:
    return [f for f in module.walk() if isinstance(f, func.FuncOp) and f.body.blocks]


def _fusable_sites(
    module: ModuleOp, planner: FusionPlanner
) -> list[tuple[scf.IfOp, str]]:
    """The divergent `scf.if` ops the fusion pass would fuse, with their sites."""
    found: list[tuple[scf.IfOp, str]] = []
    for function in _functions(module):
        info = analyze_divergence(function)
        for op in function.walk(region_first=True):
            if not isinstance(op, scf.IfOp) or not info.is_divergent_branch(op):
                continue
            plan = planner.plan(op)
            if plan is not None and plan.feasible and plan.profit > 0:
                found.append((op, site_id(op)))
    return found


def _has_block_graph(module: ModuleOp) -> bool:
    return any(len(f.body.blocks) > 1 for f in _functions(module))


def _has_nested_control_flow(module: ModuleOp) -> bool:
    for op in module.walk():
        if isinstance(op, scf.ForOp | scf.WhileOp) and any(
            isinstance(
                inner, scf.ForOp | scf.WhileOp | scf.IfOp | cf.ConditionalBranchOp
            )
            for inner in op.walk()
            if inner is not op
        ):
            return True
    return False


@dataclass(frozen=True)
class _NestRecorder(NestCostModel):
    """Records, for each nest of the first round, its site and the profile's
    estimate (cycles per warp entry before and after), and flattens nothing."""

    log: list[tuple[str, tuple[float, float] | None]] = field(
        default_factory=lambda: []
    )

    def decide(
        self,
        outer: Operation,
        inner: Iterable[Operation],
        mode: str,
        idle_fraction: float,
        overheads: LoopOverheads | None = None,
    ) -> FlattenDecision:
        inner = list(inner)
        if not any(FLATTENED_ATTR in loop.attributes for loop in inner):
            cost = self.nest_cost(outer, inner, self.idle_fraction(inner), overheads)
            packing = self.packing(outer, inner, cost)
            estimate = (
                None if packing is None else (packing.original, packing.flattened)
            )
            if len(inner) > 1:
                estimate = (math.inf, math.inf)
            self.log.append((site_id(outer), estimate))
        return FlattenDecision(False, "always", "recorded by autotune")


def _nest_estimates(
    module: ModuleOp, path: Path
) -> list[tuple[str, tuple[float, float] | None]]:
    """Every legal nest's site and its estimate (None: never ran)."""
    scratch = module.clone()
    recorder = _NestRecorder(profile=load_profile(path, scratch))
    options = FlattenLoopsPass(mode="profile", remarks=False)
    for function in _functions(scratch):
        FunctionFlattener(options, recorder).run(function)
    return recorder.log
