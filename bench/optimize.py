"""`simt-optimize` against every single pass, on the whole corpus and DPLL.

Run: `python -m simt.bench.optimize` (writes `bench/results/optimize.json`
and `optimize.png`, prints the table and the issue's target figures).

For every corpus kernel (`simt.bench.kernels.CORPUS`, small inputs) and for
the DPLL kernel on both formulas (`simt.bench.dpll`: one warp of 32 lanes
taking 128 jobs of a 10-variable split from the kernel's job queue, cut
at a node limit, dubois25's each decided in its own random order, so that
the simulator runs each in seconds), the simulator measures cycles and SIMD efficiency of:

- the original IR;
- each single pass alone: `simt-flatten-loops` (always, adaptive),
  `simt-linearize`, `simt-branch-fusion`;
- `simt-optimize` with a profile taken by `simt.profile` on *other* inputs
  (another random seed for the corpus, other sub-trees for DPLL) than those
  measured, and `simt-optimize` without a profile.

Every variant's outputs are checked against the reference (the corpus's
numpy reference; DPLL's @njit solver, sub-tree by sub-tree); a variant whose
pass fails or whose outputs differ is reported and never chosen. The oracle
of a kernel is its best single choice among the original and the single
passes. Targets (issue 8): simt-optimize with a profile never more than 2%
slower than the original; its geometric-mean speedup within 5% of the
oracle's; DPLL's SIMD efficiency after simt-optimize at least 1.5x the
original's.
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
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import PassFailedException

import simt
from simt.bench.kernels.spec import LONG_RUN_STEP_LIMIT, KernelSpec, LaunchCase
from simt.bench.plotting import ratio_log_axis
from simt.bench.progress import progress
from simt.bench.provenance import metadata

RESULTS = Path(__file__).parent / "results"

SINGLE_PASSES: dict[str, str] = {
    "flatten-always": "simt-flatten-loops",
    "flatten-adaptive": "simt-flatten-loops{mode=adaptive}",
    "linearize": "simt-linearize",
    "fusion": "simt-branch-fusion",
}
"""The single-pass variants, by name, as `-p` pipelines."""

OPTIMIZED = "optimize"
"""The variant of `simt-optimize` with a profile of other inputs."""

MEASURE_SEED = 1
PROFILE_SEED = 2


@dataclass(frozen=True)
class Measurement:
    """One variant on one kernel: cycles and efficiency, or why it has none."""

    cycles: float | None
    simd_efficiency: float | None
    issued: int | None
    outputs_equal: bool
    error: str | None = None

    @property
    def valid(self) -> bool:
        return self.cycles is not None and self.outputs_equal and self.error is None


@dataclass(frozen=True)
class Row:
    """All variants of one kernel."""

    kernel: str
    variants: dict[str, Measurement]
    remarks: list[str]

    @property
    def original(self) -> float:
        cycles = self.variants["original"].cycles
        assert cycles is not None, "the original always runs"
        return cycles

    def speedup(self, variant: str) -> float | None:
        m = self.variants.get(variant)
        if m is None or not m.valid or m.cycles is None:
            return None
        return self.original / m.cycles

    @property
    def oracle(self) -> tuple[str, float]:
        """The best of the original and the single passes."""
        choices = ["original", *SINGLE_PASSES]
        scored = [(c, self.speedup(c)) for c in choices]
        return max(((c, s) for c, s in scored if s is not None), key=lambda p: p[1])

    def to_json(self) -> dict[str, Any]:
        name, speed = self.oracle
        return {
            "kernel": self.kernel,
            "variants": {k: asdict(v) for k, v in self.variants.items()},
            "speedups": {k: self.speedup(k) for k in self.variants},
            "oracle": {"variant": name, "speedup": speed},
            "remarks": self.remarks,
        }


# ---------------------------------------------------------------------------
# Running variants
# ---------------------------------------------------------------------------

Runner = Callable[[ModuleOp], tuple[Any, bool]]
"""Simulates a module on the measured inputs: (stats, outputs equal)."""


def transformed(
    build: Callable[[], ModuleOp], pipeline: str | None
) -> tuple[ModuleOp, list[str]]:
    """A fresh module after `pipeline`, and the remarks it printed."""
    module = build()
    stream = io.StringIO()
    if pipeline is not None:
        with contextlib.redirect_stderr(stream):
            simt.apply_passes(module, pipeline)
    lines = stream.getvalue().splitlines()
    return module, [line for line in lines if "simt-optimize" in line]


def measure(
    build: Callable[[], ModuleOp], pipeline: str | None, run: Runner
) -> tuple[Measurement, list[str]]:
    """Applies `pipeline` to a fresh module and simulates it."""
    try:
        module, remarks = transformed(build, pipeline)
    except PassFailedException as error:
        return Measurement(None, None, None, False, f"pass failed: {error}"), []
    stats, equal = run(module)
    return Measurement(
        stats.cycles, stats.simd_efficiency, stats.issued, equal
    ), remarks


def optimize_pipeline(profile: Path | None) -> str:
    if profile is None:
        return "simt-optimize"
    return f'simt-optimize{{profile="{profile}"}}'


def measure_all(
    name: str,
    build: Callable[[], ModuleOp],
    run: Runner,
    take_profile: Callable[[ModuleOp, Path], None],
    workdir: Path,
) -> Row:
    """Every variant of one kernel."""
    variants: dict[str, Measurement] = {}
    variants["original"], _ = measure(build, None, run)
    for variant, pipeline in SINGLE_PASSES.items():
        variants[variant], _ = measure(build, pipeline, run)
    path = workdir / f"{name}.profile.json"
    take_profile(build(), path)
    variants[OPTIMIZED], remarks = measure(build, optimize_pipeline(path), run)
    variants["optimize-no-profile"], _ = measure(build, optimize_pipeline(None), run)
    return Row(name, variants, remarks)


def corpus_row(spec: KernelSpec, workdir: Path, size: str | int = "small") -> Row:
    """All variants of a corpus kernel; the profile runs on other inputs."""
    case = spec.make_inputs(np.random.default_rng(MEASURE_SEED), size)
    sample = spec.make_inputs(np.random.default_rng(PROFILE_SEED), size)
    expected = spec.expected(case)

    def build() -> ModuleOp:
        return simt.compile_python(spec.func, spec.signature)

    def run(module: ModuleOp) -> tuple[Any, bool]:
        args = case.copy_args()
        result = simt.simulate(module, case.grid, case.block, args, trace=False)
        return result.stats, not spec.mismatches(expected, args)

    def take_profile(module: ModuleOp, path: Path) -> None:
        _profile_case(module, sample, path)

    return measure_all(spec.name, build, run, take_profile, workdir)


def _profile_case(module: ModuleOp, case: LaunchCase, path: Path) -> None:
    simt.profile(module, case.grid, case.block, case.args, path=path)


# ---------------------------------------------------------------------------
# DPLL
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DpllCase:
    """One formula: the measured split and the profiled one (other sub-trees)."""

    name: str
    make: Callable[[], Any]
    measured: Any
    profiled: Any


DPLL_JOBS = 128
"""Jobs of each DPLL case, taken by one warp (4 a lane) from the job queue."""


def dpll_cases(node_limit: int) -> list[DpllCase]:
    """Jobs of the 10-variable split cut at `node_limit` nodes, as in
    `simt.bench.dpll.run`: hole8 jobs 512..639 in index order (about half
    end at the first node), profiled on jobs 640..767; dubois25 jobs 0..127,
    each decided in its own random order below the split (see
    `simt.bench.dpll.run.DUBOIS_NOTE`), profiled on jobs 128..255."""
    from simt.bench.dpll.cnf import dubois, pigeonhole
    from simt.bench.dpll.harness import Split
    from simt.bench.dpll.run import DUBOIS_ORDER_SEED as SEED

    return [
        DpllCase(
            "dpll_hole8",
            lambda: pigeonhole(8),
            Split(10, 512, DPLL_JOBS, node_limit),
            Split(10, 512 + DPLL_JOBS, DPLL_JOBS, node_limit),
        ),
        DpllCase(
            "dpll_dubois25",
            lambda: dubois(25),
            Split(10, 0, DPLL_JOBS, node_limit, order_seed=SEED),
            Split(10, DPLL_JOBS, DPLL_JOBS, node_limit, order_seed=SEED),
        ),
    ]


def dpll_row(config: DpllCase, workdir: Path) -> Row:
    from simt.bench.dpll.cnf import solver_arrays
    from simt.bench.dpll.harness import (
        BLOCK,
        compile_dpll,
        grid_for,
        launch_args,
        run_cpu,
        run_simulator,
    )

    arrays = solver_arrays(config.make())
    reference = run_cpu(arrays, config.measured).results

    def run(module: ModuleOp) -> tuple[Any, bool]:
        simulated = run_simulator(module, arrays, config.measured)
        stats = _StatsView(
            simulated.cycles, simulated.simd_efficiency, simulated.issued
        )
        return stats, not simulated.timed.results.mismatches(reference)

    def take_profile(module: ModuleOp, path: Path) -> None:
        split = config.profiled
        args = launch_args(arrays, split)
        simt.profile(
            module,
            grid_for(split),
            (BLOCK,),
            args,
            path=path,
            step_limit=LONG_RUN_STEP_LIMIT,
        )

    return measure_all(config.name, compile_dpll, run, take_profile, workdir)


@dataclass(frozen=True)
class _StatsView:
    cycles: float
    simd_efficiency: float
    issued: int


# ---------------------------------------------------------------------------
# Summary, table, plot
# ---------------------------------------------------------------------------


def geomean(values: Sequence[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else 0.0


def summary(rows: Sequence[Row]) -> dict[str, Any]:
    """The target figures over `rows`."""
    optimized = [r.speedup(OPTIMIZED) for r in rows]
    valid = [s for s in optimized if s is not None]
    oracle = [r.oracle[1] for r in rows]
    slowest = min(rows, key=lambda r: r.speedup(OPTIMIZED) or 0.0)
    record: dict[str, Any] = {
        "kernels": len(rows),
        "optimize_failures": [r.kernel for r in rows if r.speedup(OPTIMIZED) is None],
        "max_slowdown_percent": 100.0 * (1.0 - min(valid)) if valid else None,
        "slowest_kernel": slowest.kernel,
        "geomean_optimize": geomean(valid),
        "geomean_oracle": geomean(oracle),
        "geomean_ratio": geomean(valid) / geomean(oracle) if valid else None,
        "geomean_single": {
            v: geomean([s for r in rows if (s := r.speedup(v)) is not None])
            for v in SINGLE_PASSES
        },
    }
    record["targets"] = {
        "never_slower_than_2_percent": (record["max_slowdown_percent"] or 0.0) <= 2.0
        and not record["optimize_failures"],
        "geomean_within_5_percent_of_oracle": (record["geomean_ratio"] or 0.0) >= 0.95,
    }
    return record


def dpll_efficiency(rows: Sequence[Row]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for row in rows:
        before = row.variants["original"].simd_efficiency
        after = row.variants[OPTIMIZED].simd_efficiency
        ratio = after / before if before and after else None
        out[row.kernel] = {
            "original": before,
            "optimize": after,
            "ratio": ratio,
            "target_1_5x": ratio is not None and ratio >= 1.5,
        }
    return out


def table(rows: Sequence[Row]) -> str:
    columns = ["original", *SINGLE_PASSES, OPTIMIZED, "optimize-no-profile"]
    head = f"{'kernel':24}{'cycles':>10}" + "".join(
        f"{c[:13]:>14}" for c in columns[1:]
    )
    lines = [head + f"  {'oracle':<22}"]
    for row in rows:
        cells = []
        for column in columns[1:]:
            speed = row.speedup(column)
            cells.append(f"{'n/a' if speed is None else f'{speed:.3f}x':>14}")
        name, best = row.oracle
        oracle = f"{name} {best:.3f}x"
        lines.append(
            f"{row.kernel:24}{row.original:>10.0f}{''.join(cells)}  {oracle:<22}"
        )
    return "\n".join(lines)


def plot(rows: Sequence[Row], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    variants = [*SINGLE_PASSES, "oracle", OPTIMIZED]
    width = 0.8 / len(variants)
    x = np.arange(len(rows))
    figure, axis = plt.subplots(figsize=(max(10, 0.9 * len(rows)), 4.8))
    for i, variant in enumerate(variants):
        values = [
            r.oracle[1] if variant == "oracle" else (r.speedup(variant) or 0.0)
            for r in rows
        ]
        axis.bar(
            x + (i - len(variants) / 2 + 0.5) * width, values, width, label=variant
        )
    axis.axhline(1.0, color="black", linewidth=0.8)
    axis.axhline(
        0.98, color="red", linewidth=0.6, linestyle="--", label="0.98x: 2% slower"
    )
    axis.set_xticks(x, [r.kernel for r in rows], rotation=45, ha="right", fontsize=8)
    ratio_log_axis(axis, minor_labelsize=7)
    axis.set_xlabel("kernel (corpus, then DPLL jobs)")
    axis.set_ylabel("speedup over the original (x, simulated cycles; log scale)")
    axis.set_title("simt-optimize (profile of other inputs) vs. single passes")
    axis.legend(fontsize=7, ncol=4)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def run_benchmark(
    kernels: Sequence[str] | None, node_limit: int, with_dpll: bool
) -> tuple[list[Row], list[Row]]:
    from simt.bench.kernels import CORPUS

    names = list(kernels) if kernels else list(CORPUS)
    corpus: list[Row] = []
    dpll: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in progress(names, "optimize"):
            corpus.append(corpus_row(CORPUS[name], Path(tmp)))
            _progress(corpus[-1])
        if with_dpll:
            for config in progress(dpll_cases(node_limit), "optimize dpll"):
                dpll.append(dpll_row(config, Path(tmp)))
                _progress(dpll[-1])
    return corpus, dpll


def _progress(row: Row) -> None:
    speed = row.speedup(OPTIMIZED)
    shown = "n/a" if speed is None else f"{speed:.3f}x"
    print(f"  {row.kernel}: optimize {shown}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--kernels", nargs="*", default=None)
    parser.add_argument("--node-limit", type=int, default=16, help="DPLL nodes per job")
    parser.add_argument("--skip-dpll", action="store_true")
    options = parser.parse_args(argv)
    started = time.perf_counter()
    corpus, dpll = run_benchmark(
        options.kernels, options.node_limit, not options.skip_dpll
    )
    rows = [*corpus, *dpll]
    command = ["python -m simt.bench.optimize", *(argv or sys.argv[1:])]
    record = {
        "metadata": metadata(" ".join(command)),
        "measure_seed": MEASURE_SEED,
        "profile_seed": PROFILE_SEED,
        "dpll_node_limit": options.node_limit,
        "rows": [r.to_json() for r in rows],
        "summary": summary(rows),
        "dpll_simd_efficiency": dpll_efficiency(dpll),
    }
    options.out.mkdir(parents=True, exist_ok=True)
    (options.out / "optimize.json").write_text(json.dumps(record, indent=1) + "\n")
    plot(rows, options.out / "optimize.png")
    print(table(rows))
    for line in target_lines(record):
        print(line)
    print(f"done in {time.perf_counter() - started:.0f}s", file=sys.stderr)
    return 0


def target_lines(record: dict[str, Any]) -> list[str]:
    s = record["summary"]
    lines = [
        f"max slowdown of simt-optimize: {s['max_slowdown_percent']:.2f}% "
        f"({s['slowest_kernel']}; target <= 2%: {s['targets']['never_slower_than_2_percent']})",
        f"geomean speedup: simt-optimize {s['geomean_optimize']:.3f}x, oracle "
        f"{s['geomean_oracle']:.3f}x, ratio {s['geomean_ratio']:.3f} "
        f"(target >= 0.95: {s['targets']['geomean_within_5_percent_of_oracle']})",
    ]
    for name, eff in record["dpll_simd_efficiency"].items():
        lines.append(
            f"{name}: SIMD efficiency {eff['original']:.3f} -> {eff['optimize']:.3f} "
            f"({eff['ratio']:.2f}x; target >= 1.5x: {eff['target_1_5x']})"
        )
    return lines


if __name__ == "__main__":
    sys.exit(main())
