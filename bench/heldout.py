"""The cost models held to kernels they were not fitted on (issue 17).

Run: `python -m simt.bench.heldout` (writes `bench/results/heldout.json` and
`heldout.md`); `--corpus tuning` runs the same on the tuning corpus (the 14
kernels of `CORPUS`), the only one the models' constants may be chosen on.

For every kernel of the held-out corpus (`simt.bench.kernels.heldout`),
on one launch (small inputs, seed 1), profiled on that very launch:

1. loop nest reduction: the model's prediction of the kernel's cycles after
   `simt-flatten-loops` flattens the innermost nests of one inner loop
   (`PackingEstimate` with the overheads measured on the built loop,
   summed over the nests) against the simulated cycles of the kernel so
   flattened; rank correlation (Spearman) of predicted and measured
   speedups, and the worst relative error of the predicted cycles;
2. branch fusion: for every divergent `scf.if` the fusion pass would fuse,
   the predicted cycles saved (`divergent x profit - uniform x loss` with
   the profile's counts) against the measured saving of fusing that branch
   alone;
3. the speedups of `simt-flatten-loops` (always, adaptive),
   `simt-optimize` with the profile and without one.

Every variant's outputs are checked against the kernel's reference.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import PassFailedException

import simt
from simt.analysis.cost_model import (
    FlattenDecision,
    LoopOverheads,
    NestCostModel,
    load_profile,
)
from simt.analysis.divergence import analyze_divergence
from simt.bench.kernels import CORPUS, KernelSpec, LaunchCase
from simt.bench.kernels.heldout import HELDOUT
from simt.bench.progress import progress
from simt.bench.provenance import cpu_model
from simt.bench.provenance import metadata as provenance_metadata
from simt.passes.branch_fusion import FusionPlanner
from simt.passes.flatten_loops import (
    FLATTENED_ATTR,
    FlattenLoopsPass,
    FunctionFlattener,
)
from simt.passes.optimize import BranchFuser, Remarks, read_profile

RESULTS = Path(__file__).parent / "results"
SEED = 1

VARIANTS: Mapping[str, str] = {
    "flatten-always": "simt-flatten-loops",
    "flatten-adaptive": "simt-flatten-loops{mode=adaptive}",
    "optimize-profile": 'simt-optimize{profile="@PROFILE@"}',
    "optimize": "simt-optimize",
}
"""The variants measured on every kernel, as `-p` pipelines."""


# ---------------------------------------------------------------------------
# One kernel on one launch
# ---------------------------------------------------------------------------


@dataclass
class Launch:
    """A kernel, its launch, its reference outputs and its profile."""

    spec: KernelSpec
    case: LaunchCase
    expected: list[Any]
    profile: Path

    @staticmethod
    def of(spec: KernelSpec, workdir: Path) -> Launch:
        case = spec.make_inputs(np.random.default_rng(SEED))
        path = workdir / f"{spec.name}.profile.json"
        simt.profile(build(spec), case.grid, case.block, case.args, path=path)
        return Launch(spec, case, spec.expected(case), path)

    def cycles(self, module: ModuleOp) -> float | None:
        """Simulated cycles of `module`, or None when an output differs."""
        args = self.case.copy_args()
        result = simt.simulate(
            module, self.case.grid, self.case.block, args, trace=False
        )
        if self.spec.mismatches(self.expected, args):
            return None
        return float(result.stats.cycles)

    def variant(self, pipeline: str) -> float | None:
        module = build(self.spec)
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                simt.apply_passes(
                    module, pipeline.replace("@PROFILE@", str(self.profile))
                )
        except PassFailedException:
            return None
        return self.cycles(module)


def build(spec: KernelSpec) -> ModuleOp:
    return simt.compile_python(spec.func, spec.signature)


def _functions(module: ModuleOp) -> list[func.FuncOp]:
    return [f for f in module.walk() if isinstance(f, func.FuncOp) and f.body.blocks]


# ---------------------------------------------------------------------------
# Loop nest reduction: predicted vs measured
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Recorder(NestCostModel):
    """Flattens the nests of the first round (an inner loop that is not a
    flattened loop) and records the model's estimate of each."""

    log: list[float | None] = field(default_factory=lambda: [])

    def decide(
        self,
        outer: Operation,
        inner: Iterable[Operation],
        mode: str,
        idle_fraction: float,
        overheads: LoopOverheads | None = None,
    ) -> FlattenDecision:
        inner = list(inner)
        if any(FLATTENED_ATTR in loop.attributes for loop in inner):
            return FlattenDecision(False, "always", "later round")
        idle = self.idle_fraction(inner)
        cost = self.nest_cost(outer, inner, idle, overheads)
        packing = self.packing(outer, inner, cost)
        self.log.append(packing.saving if packing is not None else None)
        return FlattenDecision(True, "always", "recorded", cost)


@dataclass(frozen=True)
class FlattenRow:
    kernel: str
    nests: int
    original: float
    predicted: float | None
    measured: float | None

    @property
    def error(self) -> float | None:
        if self.predicted is None or not self.measured:
            return None
        return (self.predicted - self.measured) / self.measured


def flatten_row(launch: Launch) -> FlattenRow | None:
    """The model's prediction and the measurement for one kernel, or None
    when it has no nest to flatten."""
    module = build(launch.spec)
    recorder = _Recorder(profile=load_profile(launch.profile, module))
    options = FlattenLoopsPass(mode="profile", remarks=False)
    for function in _functions(module):
        FunctionFlattener(options, recorder).run(function)
    if not recorder.log:
        return None
    original = launch.cycles(build(launch.spec))
    assert original is not None, f"{launch.spec.name}: the original is wrong"
    savings = recorder.log
    predicted = None if None in savings else original - sum(s or 0.0 for s in savings)
    measured = launch.cycles(module)
    return FlattenRow(launch.spec.name, len(savings), original, predicted, measured)


# ---------------------------------------------------------------------------
# Branch fusion: predicted vs measured, per branch
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FusionRow:
    kernel: str
    branch: str
    predicted: float
    measured: float | None


def _fusable(function: func.FuncOp, planner: FusionPlanner) -> list[scf.IfOp]:
    info = analyze_divergence(function)
    found: list[scf.IfOp] = []
    for op in function.walk(region_first=True):
        if isinstance(op, scf.IfOp) and info.is_divergent_branch(op):
            plan = planner.plan(op)
            if plan is not None and plan.feasible and plan.profit > 0:
                found.append(op)
    return found


def fusion_rows(launch: Launch) -> list[FusionRow]:
    """Each fusable branch fused alone: the predicted and measured saving."""
    original = launch.cycles(build(launch.spec))
    assert original is not None
    rows: list[FusionRow] = []
    count = sum(
        len(_fusable(f, FusionPlanner())) for f in _functions(build(launch.spec))
    )
    for index in range(count):
        module = build(launch.spec)
        profile = read_profile(str(launch.profile), module)
        planner = FusionPlanner()
        ops = [op for f in _functions(module) for op in _fusable(f, planner)]
        plan = planner.plan(ops[index])
        assert plan is not None
        fuser = BranchFuser(profile, 0.0, Remarks(False), planner)
        predicted = fuser.estimate(plan).gain
        where = Remarks(False).where(ops[index]).rsplit("/", 1)[-1]
        plan.apply()
        cycles = launch.cycles(module)
        measured = None if cycles is None else original - cycles
        rows.append(FusionRow(launch.spec.name, where, predicted, measured))
    return rows


# ---------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation (average ranks for ties)."""
    if len(xs) < 3:
        return None
    rx, ry = _ranks(xs), _ranks(ys)
    if np.std(rx) == 0 or np.std(ry) == 0:
        return None
    return float(np.corrcoef(rx, ry)[0, 1])


def _ranks(values: Sequence[float]) -> np.ndarray:
    array = np.asarray(values, dtype=float)
    order = array.argsort(kind="stable")
    ranks = np.empty(len(array))
    ranks[order] = np.arange(len(array))
    for value in np.unique(array):
        tied = array == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def flatten_summary(rows: Sequence[FlattenRow]) -> dict[str, Any]:
    known = [r for r in rows if r.predicted is not None and r.measured]
    predicted = [r.original / (r.predicted or 1.0) for r in known]
    measured = [r.original / (r.measured or 1.0) for r in known]
    worst = max(known, key=lambda r: abs(r.error or 0.0), default=None)
    signs = sum(
        1 for p, m in zip(predicted, measured, strict=True) if (p > 1) != (m > 1)
    )
    return {
        "kernels": len(known),
        "spearman_speedup": spearman(predicted, measured),
        "spearman_cycles": spearman(
            [r.predicted or 0.0 for r in known], [r.measured or 0.0 for r in known]
        ),
        "worst_error": None if worst is None else worst.error,
        "worst_kernel": None if worst is None else worst.kernel,
        "median_abs_error": float(np.median([abs(r.error or 0.0) for r in known]))
        if known
        else None,
        "wrong_sign": signs,
    }


def fusion_summary(rows: Sequence[FusionRow]) -> dict[str, Any]:
    known = [r for r in rows if r.measured is not None]
    errors = [abs(r.predicted - (r.measured or 0.0)) for r in known]
    worst = max(range(len(known)), key=lambda i: errors[i], default=None)
    signs = sum(1 for r in known if (r.predicted > 0) != ((r.measured or 0.0) > 0))
    return {
        "branches": len(known),
        "spearman": spearman(
            [r.predicted for r in known], [r.measured or 0.0 for r in known]
        ),
        "worst_abs_error_cycles": None if worst is None else errors[worst],
        "worst_branch": None
        if worst is None
        else f"{known[worst].kernel} {known[worst].branch}",
        "wrong_sign": signs,
    }


def speedups(
    launch: Launch, extra: Mapping[str, Callable[[], float | None]]
) -> dict[str, float | None]:
    original = launch.cycles(build(launch.spec))
    assert original is not None
    found: dict[str, float | None] = {}
    for name, pipeline in VARIANTS.items():
        cycles = launch.variant(pipeline)
        found[name] = None if cycles is None else original / cycles
    for name, measure in extra.items():
        cycles = measure()
        found[name] = None if cycles is None else original / cycles
    return found


def geomean(values: Iterable[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return math.exp(sum(math.log(v) for v in known) / len(known)) if known else None


# ---------------------------------------------------------------------------
# Metadata, tables, command line
# ---------------------------------------------------------------------------


def metadata(command: str) -> dict[str, Any]:
    """The results file's `"metadata"` (`simt.bench.provenance.metadata`)."""
    device = f"simt simulator (default cost table) on {cpu_model()}"
    return provenance_metadata(command, device, seed=SEED)


def corpus_specs(name: str) -> list[KernelSpec]:
    return list(HELDOUT.values()) if name == "heldout" else list(CORPUS.values())


def run(specs: Sequence[KernelSpec], with_autotune: bool) -> dict[str, Any]:
    flatten: list[FlattenRow] = []
    fusion: list[FusionRow] = []
    table: dict[str, dict[str, float | None]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for spec in progress(specs, "heldout"):
            started = time.perf_counter()
            launch = Launch.of(spec, Path(tmp))
            row = flatten_row(launch)
            if row is not None:
                flatten.append(row)
            fusion.extend(fusion_rows(launch))
            extra: dict[str, Callable[[], float | None]] = {}
            if with_autotune:
                extra["autotune"] = lambda launch=launch: _autotuned(launch)
            table[spec.name] = speedups(launch, extra)
            print(
                f"  {spec.name}: {time.perf_counter() - started:.1f}s",
                file=sys.stderr,
                flush=True,
            )
    return {
        "flatten": {"rows": [asdict(r) | {"error": r.error} for r in flatten],
                    "summary": flatten_summary(flatten)},
        "fusion": {"rows": [asdict(r) for r in fusion], "summary": fusion_summary(fusion)},
        "speedups": table,
        "speedup_summary": _speedup_summary(table),
    }  # fmt: skip


def _autotuned(launch: Launch) -> float | None:
    from simt.tuning import autotune

    module = build(launch.spec)
    best = autotune(
        module,
        launch.case.grid,
        launch.case.block,
        launch.case.copy_args(),
        remarks=False,
    )
    return best.best.cycles


def _speedup_summary(table: Mapping[str, Mapping[str, float | None]]) -> dict[str, Any]:
    names = sorted({k for row in table.values() for k in row})
    out: dict[str, Any] = {}
    for name in names:
        values = [row.get(name) for row in table.values()]
        known = [v for v in values if v is not None]
        worst = min(table, key=lambda k: table[k].get(name) or float("inf"))
        out[name] = {
            "geomean": geomean(values),
            "min": min(known) if known else None,
            "min_kernel": worst,
            "failures": [k for k, row in table.items() if row.get(name) is None],
        }
    return out


def markdown(record: Mapping[str, Any]) -> str:
    meta = record["metadata"]
    lines = [
        f"# Cost models on the {record['corpus']} corpus",
        "",
        f"{meta['device']}; {meta['date']}; commit {meta['commit']}; `{meta['command']}`",
        "",
        "## Loop nest reduction: predicted vs measured cycles after flattening",
        "",
        "| kernel | nests | original | predicted | measured | error |",
        "|---|---|---|---|---|---|",
    ]
    for r in record["flatten"]["rows"]:
        predicted = "n/a" if r["predicted"] is None else f"{r['predicted']:.0f}"
        measured = "n/a" if r["measured"] is None else f"{r['measured']:.0f}"
        error = "n/a" if r["error"] is None else f"{100 * r['error']:+.1f}%"
        lines.append(
            f"| {r['kernel']} | {r['nests']} | {r['original']:.0f} | {predicted} | {measured} | {error} |"
        )
    s = record["flatten"]["summary"]
    lines += ["", f"Summary: {json.dumps(s)}", "", "## Branch fusion: predicted vs measured cycles saved, per branch", "",
              "| kernel | branch | predicted | measured |", "|---|---|---|---|"]  # fmt: skip
    for r in record["fusion"]["rows"]:
        measured = "n/a" if r["measured"] is None else f"{r['measured']:.0f}"
        lines.append(
            f"| {r['kernel']} | {r['branch']} | {r['predicted']:.0f} | {measured} |"
        )
    lines += [
        "",
        f"Summary: {json.dumps(record['fusion']['summary'])}",
        "",
        "## Speedups over the original",
        "",
    ]
    names = list(next(iter(record["speedups"].values()), {}))
    lines.append("| kernel | " + " | ".join(names) + " |")
    lines.append("|---" * (len(names) + 1) + "|")
    for kernel, row in record["speedups"].items():
        cells = ["fail" if row[n] is None else f"{row[n]:.3f}" for n in names]
        lines.append(f"| {kernel} | " + " | ".join(cells) + " |")
    lines += ["", f"Summary: {json.dumps(record['speedup_summary'])}", ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", choices=("heldout", "tuning"), default="heldout")
    parser.add_argument("--kernels", nargs="*", default=None)
    parser.add_argument(
        "--out", type=Path, default=None, help="write JSON and Markdown here"
    )
    parser.add_argument("--no-autotune", action="store_true")
    options = parser.parse_args(argv)
    specs = corpus_specs(options.corpus)
    if options.kernels:
        specs = [s for s in specs if s.name in options.kernels]
    command = "python -m simt.bench.heldout " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    record = {"corpus": options.corpus, "metadata": metadata(command.strip())}
    record |= run(specs, not options.no_autotune)
    print(markdown(record))
    if options.out is not None:
        options.out.mkdir(parents=True, exist_ok=True)
        stem = "heldout" if options.corpus == "heldout" else "tuning"
        (options.out / f"{stem}.json").write_text(json.dumps(record, indent=1) + "\n")
        (options.out / f"{stem}.md").write_text(markdown(record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
