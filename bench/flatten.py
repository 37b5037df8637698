"""Loop nest reduction on the simulator: Fig. 7 of Bulavintsev 2019, and the corpus.

Source: V. G. Bulavintsev, "Flattening of Data-Dependent Nested Loops for
Compile-Time Optimization of GPU Programs", 2019, §V and Fig. 7, and the
authors' benchmark (gpu_test_app/cudatest.cu of github.com/ichorid/
nestedloopsfusion): one warp runs an outer loop A of a fixed number of
iterations; at each, k of its 32 lanes leave the inner loop B after one
iteration (B is a do-while: "the threads receive the early exit signal
immediately"), the others run C iterations (C = 10000 in the authors' code);
the A/B ratio is the weight of A's exclusive work against one iteration of B
(Ta and Tb of formula (1)); the y axis is performance relative to the
original at k = 0.

The kernel is the corpus `early_exit` kernel (`early_exit_spec`) with
`rotation="round_robin"`: the early lanes of outer iteration o are rotated by
one lane per iteration instead of a random amount, so with 32 outer
iterations every lane leaves early exactly k times. That is the balance the
authors' random rotation reaches over many outer iterations; with it, at
k = 31 each lane runs C + 31 inner iterations against the original's 32 C, so
the speedup is bounded by 32 C / (C + 31).

The A/B ratio is set in cycles: `WORK` gives, per ratio, the LFSR steps of
A's payload and of one B iteration so that Ta / Tb of the cost model (the
simulator's cost table on the IR, A's fixed work included: two integer
remainders, the generator step, the exit test) is the nominal ratio. 1/100 is
the exception: its B would need 776 LFSR steps per iteration, beyond the
simulation budget, so it runs 100 steps (Ta / Tb = 1/13 in cycles). Each run
records Ta and Tb per ratio.

`sweep` covers the 4 x 32 grid with a small C (`SWEEP_CAP`); the `headline`
points (k = 31 at each ratio) run in the same invocation with a large C
(`HEADLINE_CAP`), where the bound is above the paper's 24x. Each point is one
warp, run original and transformed in every mode of `simt-flatten-loops`:
always (the paper), static (the test of `simt.analysis.cost_model` with
n/N = 0.5), profile (with the idle fraction the simulator measured on the
original) and adaptive (run-time votes: formula (1), and the long-run rule
of a split warp, see `simt.passes.flatten_loops`). static,
profile and adaptive read trip counts from the original's profile. Outputs
of every variant must equal the original's. A variant the pass left as
another variant (same IR) is not simulated again: the simulator is
deterministic, so it reuses that variant's numbers.

Run: `python -m simt.bench.flatten` (writes `bench/results/fig7.json`,
`fig7.png`, `flatten_corpus.json` and prints the targets with pass/fail).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp

from simt.bench.kernels.paper_kernels import early_exit_spec
from simt.bench.kernels.spec import LONG_RUN_STEP_LIMIT, KernelSpec, LaunchCase
from simt.bench.plotting import ratio_log_axis
from simt.bench.progress import progress as progress_bar
from simt.bench.provenance import metadata

RATIOS: tuple[tuple[int, int], ...] = ((10, 1), (1, 1), (1, 10), (1, 100))
"""The A/B (outer/inner) cost ratios of Fig. 7."""

WORK: dict[tuple[int, int], tuple[int, int]] = {
    (10, 1): (59, 6),
    (1, 1): (1, 7),
    (1, 10): (1, 77),
    (1, 100): (1, 100),
}
"""LFSR steps of A's payload and of one B iteration per ratio (see above)."""

MODES: tuple[str, ...] = ("always", "static", "profile", "adaptive")
"""The modes of `simt-flatten-loops` the benchmark runs."""

OUTER_ITERS = 32
"""Outer iterations: one round-robin period, every lane exits early k times."""

SWEEP_CAP = 8
"""C of the 4 x 32 sweep."""

HEADLINE_CAP = 256
"""C of the k = 31 points: 32 C / (C + 31) = 28.5."""

RESULTS = Path(__file__).parent / "results"


def fig7_spec(
    k: int,
    ratio: tuple[int, int],
    *,
    outer_iters: int = OUTER_ITERS,
    inner_cap: int = SWEEP_CAP,
) -> KernelSpec:
    """The corpus early-exit kernel for one k and A/B ratio, round-robin exits."""
    outer_work, inner_work = WORK.get(ratio, ratio)
    return early_exit_spec(
        k,
        outer_work,
        inner_work,
        outer_iters=outer_iters,
        inner_cap=inner_cap,
        rotation="round_robin",
        name=f"fig7_k{k}_r{ratio[0]}_{ratio[1]}_c{inner_cap}",
    )


def fig7_case(spec: KernelSpec) -> LaunchCase:
    """One warp (32 threads, one block); the seed fixes the rotation's start."""
    return spec.make_inputs(np.random.default_rng(7), 32)


# ---------------------------------------------------------------------------
# Running variants
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Measurement:
    """One simulated run of one variant."""

    cycles: float
    issued: int
    simd_efficiency: float
    flattened: int
    """Loops the pass built (0: the variant is the original)."""
    outputs_equal: bool


def compile_spec(spec: KernelSpec) -> ModuleOp:
    from simt.frontend import compile_python

    return compile_python(spec.func, spec.signature)


def flatten(module: ModuleOp, mode: str, profile: str | None) -> int:
    """Applies simt-flatten-loops in place; returns the loops it flattened."""
    from simt.pipeline import apply_passes

    options = [f"mode={mode}", "remarks=false"]
    if profile is not None:
        options.append(f'profile="{profile}"')
    apply_passes(module, "simt-flatten-loops{" + " ".join(options) + "}")
    return sum(
        1
        for op in module.walk()
        if str(op.attributes.get("simt.flattened")) in ('"always"', '"adaptive"')
    )


def simulate_case(module: ModuleOp, case: LaunchCase) -> tuple[Any, list[Any]]:
    from simt.sim import simulate

    args = case.copy_args()
    result = simulate(
        module,
        case.grid,
        case.block,
        args,
        trace=False,
        step_limit=LONG_RUN_STEP_LIMIT,
    )
    return result.stats, args


def run_point(
    spec: KernelSpec, case: LaunchCase, modes: Sequence[str], workdir: Path
) -> dict[str, Measurement]:
    """The original and each mode on one launch; outputs compared with the original."""
    original = compile_spec(spec)
    stats, expected = simulate_case(original, case)
    profile = workdir / f"{spec.name}.json"
    profile.write_text(stats.to_json())
    base = Measurement(stats.cycles, stats.issued, stats.simd_efficiency, 0, True)
    results = {"original": base}
    done: list[tuple[ModuleOp, Measurement]] = [(original, base)]
    for mode in modes:
        module = compile_spec(spec)
        used_profile = None if mode == "always" else str(profile)
        built = flatten(module, mode, used_profile)
        same = [
            m
            for other, m in done
            if built == 0 or other.is_structurally_equivalent(module)
        ]
        if same:  # the simulator is deterministic: identical IR, identical run
            results[mode] = same[-1] if built else base
            continue
        mode_stats, actual = simulate_case(module, case)
        equal = not spec.mismatches(expected, actual)
        results[mode] = Measurement(
            mode_stats.cycles,
            mode_stats.issued,
            mode_stats.simd_efficiency,
            built,
            equal,
        )
        done.append((module, results[mode]))
    return results


# ---------------------------------------------------------------------------
# Fig. 7
# ---------------------------------------------------------------------------


def nest_costs(spec: KernelSpec, case: LaunchCase) -> dict[str, float]:
    """Ta, Tb (cycles) and formula (1)'s threshold of the kernel's nest, from
    the cost model with the trip counts of a profile of the original."""
    from xdsl.dialects import func

    from simt.analysis.cost_model import NestCostModel, profile_from_dict
    from simt.analysis.structured_loops import StructuredLoopTree

    module = compile_spec(spec)
    stats, _ = simulate_case(module, case)
    profile = profile_from_dict(json.loads(stats.to_json())["loops"], module)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    tree = StructuredLoopTree(function)
    outer = next(n for n in tree.loops if isinstance(n.op, scf.ForOp))
    inner = next(n.op for n in tree.loops if isinstance(n.op, scf.WhileOp))
    cost = NestCostModel(profile=profile).nest_cost(outer.op, [inner], None)
    return {"ta": cost.ta, "tb": cost.tb, "ta_over_tb": cost.ta / cost.tb,
            "formula_1_threshold": cost.threshold}  # fmt: skip


def ratio_costs(ratio: tuple[int, int]) -> dict[str, Any]:
    """The work counts of a ratio and the Ta, Tb they give (a C = 2 profile)."""
    spec = fig7_spec(0, ratio, inner_cap=2)
    return {"work": list(WORK.get(ratio, ratio)), **nest_costs(spec, fig7_case(spec))}


def fig7_sweep(
    ks: Sequence[int],
    ratios: Sequence[tuple[int, int]],
    *,
    inner_cap: int = SWEEP_CAP,
    outer_iters: int = OUTER_ITERS,
    progress: bool = True,
    jobs: int = 1,
) -> dict[str, Any]:
    """Every (ratio, k) point in every mode, on `jobs` processes."""
    grid = [(k, ratio) for ratio in ratios for k in ks]
    with tempfile.TemporaryDirectory() as tmp:
        points = _run_points(grid, inner_cap, outer_iters, Path(tmp), progress, jobs)
    return {"inner_cap": inner_cap, "outer_iters": outer_iters, "points": points}


def _run_points(
    grid: Sequence[tuple[int, tuple[int, int]]],
    inner_cap: int,
    outer_iters: int,
    workdir: Path,
    progress: bool,
    jobs: int,
) -> list[dict[str, Any]]:
    """The points of `grid` in order; with jobs > 1 on a process pool."""
    if jobs <= 1:
        found: list[dict[str, Any]] = []
        for k, ratio in progress_bar(grid, "fig7"):
            found.append(
                _run_fig7_point(k, ratio, inner_cap, outer_iters, workdir, MODES)
            )
            if progress:
                print(_progress_line(found[-1]), file=sys.stderr)
        return found
    from concurrent.futures import ProcessPoolExecutor

    args = [(k, r, inner_cap, outer_iters, workdir, MODES) for k, r in grid]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(_run_fig7_point, *a) for a in args]
        found = []
        for future in progress_bar(futures, "fig7"):
            found.append(future.result())
            if progress:
                print(_progress_line(found[-1]), file=sys.stderr)
    return found


def _run_fig7_point(
    k: int,
    ratio: tuple[int, int],
    inner_cap: int,
    outer_iters: int,
    workdir: Path,
    modes: Sequence[str],
) -> dict[str, Any]:
    spec = fig7_spec(k, ratio, outer_iters=outer_iters, inner_cap=inner_cap)
    start = time.perf_counter()
    results = run_point(spec, fig7_case(spec), modes, workdir)
    return {
        "k": k,
        "ratio": f"{ratio[0]}/{ratio[1]}",
        "inner_cap": inner_cap,
        "seconds": round(time.perf_counter() - start, 2),
        "variants": {name: asdict(m) for name, m in results.items()},
    }


def _speedup(point: dict[str, Any], mode: str) -> float:
    variants = point["variants"]
    return variants["original"]["cycles"] / variants[mode]["cycles"]


def _progress_line(point: dict[str, Any]) -> str:
    speedups = " ".join(
        f"{name}={_speedup(point, name):.3f}x"
        for name in point["variants"]
        if name != "original"
    )
    return (
        f"ratio {point['ratio']} k={point['k']:2d} C={point['inner_cap']}: "
        f"{speedups} ({point['seconds']:.1f}s)"
    )


def relative_performance(sweep: dict[str, Any]) -> dict[str, dict[str, list[float]]]:
    """Fig. 7's y axis: cycles of the original at k=0 / cycles of the variant."""
    curves: dict[str, dict[str, list[float]]] = {}
    for point in sweep["points"]:
        curves.setdefault(point["ratio"], {})
    for ratio, variants in curves.items():
        points = [p for p in sweep["points"] if p["ratio"] == ratio]
        base = next(p for p in points if p["k"] == min(q["k"] for q in points))
        reference = base["variants"]["original"]["cycles"]
        for name in ("original", *MODES):
            variants[name] = [reference / p["variants"][name]["cycles"] for p in points]
    return curves


def plot_fig7(sweep: dict[str, Any], path: Path) -> None:
    """One panel per ratio, like Fig. 7: performance relative to the original at k=0."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curves = relative_performance(sweep)
    ks = sorted({p["k"] for p in sweep["points"]})
    figure, axes = plt.subplots(1, len(curves), figsize=(4 * len(curves), 3.8))
    axes_list = list(np.atleast_1d(axes))
    styles = {"original": "k--", "always": "C0-", "static": "C2:", "profile": "C1-",
              "adaptive": "C3-"}  # fmt: skip
    costs = sweep.get("costs", {})
    for axis, (ratio, variants) in zip(axes_list, curves.items(), strict=True):
        for name in ("original", "always", "adaptive", "profile"):
            marker = "x" if name == "profile" else "." if name != "original" else None
            axis.plot(ks, variants[name], styles[name], label=name, marker=marker,
                      markersize=4, linewidth=1.2)  # fmt: skip
        measured = costs.get(ratio)
        detail = f" (Ta/Tb = {measured['ta_over_tb']:.3g})" if measured else ""
        axis.set_title(f"A/B = {ratio}{detail}", fontsize=9)
        axis.set_xlabel("k (early-exiting lanes of 32)")
        ratio_log_axis(axis, minor_labelsize=6)
        axis.grid(True, which="both", alpha=0.3)
    axes_list[0].set_ylabel(
        "performance vs the original at k=0\n(x, simulated cycles, log scale)"
    )
    axes_list[0].legend(fontsize=8)
    figure.suptitle(
        "Loop nest reduction (Bulavintsev 2019, Fig. 7) on the simt simulator: "
        f"one warp, {sweep['outer_iters']} outer iterations, C = {sweep['inner_cap']}",
        fontsize=10,
    )
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def headlines(
    ratios: Sequence[tuple[int, int]] = RATIOS,
    inner_cap: int = HEADLINE_CAP,
    outer_iters: int = OUTER_ITERS,
    progress: bool = True,
    jobs: int = 1,
) -> list[dict[str, Any]]:
    """k = 31 at each ratio with a large C, in every mode."""
    grid = [(31, ratio) for ratio in ratios]
    with tempfile.TemporaryDirectory() as tmp:
        found = _run_points(grid, inner_cap, outer_iters, Path(tmp), progress, jobs)
    for point in found:
        point["bound"] = 32 * inner_cap / (inner_cap + 31)
    return found


def headline(inner_cap: int, outer_iters: int = OUTER_ITERS) -> dict[str, Any]:
    """k = 31, ratio 1/100 with a large inner trip count, in every mode."""
    return headlines(((1, 100),), inner_cap, outer_iters, progress=False)[0]


# ---------------------------------------------------------------------------
# Targets
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One target of the issue, measured."""

    name: str
    passed: bool
    figures: str

    def line(self) -> str:
        return f"[{'PASS' if self.passed else 'FAIL'}] {self.name}: {self.figures}"


def check_targets(
    sweep: dict[str, Any], tops: Sequence[dict[str, Any]]
) -> list[Target]:
    """The issue's targets on the sweep and the headline points of one run."""
    by_ratio: dict[str, list[dict[str, Any]]] = {}
    for point in sweep["points"]:
        by_ratio.setdefault(point["ratio"], []).append(point)
    targets = [*_headline_targets(tops), *_shape_targets(by_ratio)]
    targets += _adaptive_targets(by_ratio, tops)
    targets.append(_profile_target([*sweep["points"], *tops]))
    wrong = [
        f"{p['ratio']} k={p['k']} C={p['inner_cap']}"
        for p in [*sweep["points"], *tops]
        if not all(v["outputs_equal"] for v in p["variants"].values())
    ]
    targets.append(
        Target("outputs equal the original's", not wrong, str(wrong or "all"))
    )
    return targets


def _headline_targets(tops: Sequence[dict[str, Any]]) -> list[Target]:
    found: list[Target] = []
    for top in tops:
        if top["ratio"] != "1/100":
            continue
        gain = _speedup(top, "always")
        found.append(Target(
            "always k=31 1/100 >= 24x (aim 28x)",
            gain >= 24.0,
            f"{gain:.2f}x at C={top['inner_cap']} (bound {top['bound']:.2f}x)",
        ))  # fmt: skip
    return found


def _shape_targets(by_ratio: dict[str, list[dict[str, Any]]]) -> list[Target]:
    found: list[Target] = []
    for ratio, points in by_ratio.items():
        gains = [_speedup(p, "always") for p in points]
        slower = [p["k"] for p, g in zip(points, gains, strict=True) if g < 1.0]
        figures = (
            f"min {min(gains):.4f}x, slower at k = {slower or 'none'}, "
            f"k={points[-1]['k']}: {gains[-1]:.2f}x"
        )
        if ratio == "10/1":
            found.append(
                Target("always slower at low k for 10/1", 0 in slower, figures)
            )
        elif ratio in ("1/10", "1/100"):
            found.append(
                Target(f"always never slower for {ratio}", not slower, figures)
            )
        else:
            found.append(Target(f"always for {ratio} (no target)", True, figures))
    return found


def _adaptive_targets(
    by_ratio: dict[str, list[dict[str, Any]]], tops: Sequence[dict[str, Any]]
) -> list[Target]:
    points = [p for ps in by_ratio.values() for p in ps]
    low = [(p, _speedup(p, "adaptive")) for p in [*points, *tops]]
    worst, value = min(low, key=lambda item: item[1])
    found = [Target(
        "adaptive >= 0.95x of the original at every point",
        value >= 0.95,
        f"min {value:.3f}x at {worst['ratio']} k={worst['k']} C={worst['inner_cap']}",
    )]  # fmt: skip
    for point in [*(p for p in points if p["k"] == 31), *tops]:
        always, adaptive = _speedup(point, "always"), _speedup(point, "adaptive")
        if always <= 1.0:
            continue
        share = (adaptive - 1.0) / (always - 1.0)
        found.append(Target(
            f"adaptive k=31 {point['ratio']} C={point['inner_cap']} >= 0.8 of always's gain",
            share >= 0.8,
            f"adaptive {adaptive:.2f}x, always {always:.2f}x: {share:.2f} of the gain",
        ))  # fmt: skip
    return found


def _profile_target(points: Sequence[dict[str, Any]]) -> Target:
    missed: list[str] = []
    worst = 1.0
    for point in points:
        best = max(1.0, _speedup(point, "always"))
        got = _speedup(point, "profile")
        if got < best - 1e-9:
            missed.append(f"{point['ratio']} k={point['k']} C={point['inner_cap']}")
            worst = min(worst, got / best)
    return Target(
        "profile picks the faster of original and always at every point",
        not missed,
        f"{len(points) - len(missed)} of {len(points)} points"
        + (f"; missed {missed} (worst {worst:.4f} of the best)" if missed else ""),
    )


def target_figures(sweep: dict[str, Any]) -> list[str]:
    """The issue's targets measured on a sweep alone (one line each)."""
    return [t.line() for t in check_targets(sweep, [])]


# ---------------------------------------------------------------------------
# The corpus, before and after
# ---------------------------------------------------------------------------


def corpus_before_after(
    modes: Sequence[str] = ("always", "adaptive"),
) -> list[dict[str, Any]]:
    """Every corpus kernel, original and flattened, on small random inputs."""
    from simt.bench.kernels.registry import CORPUS

    rows: list[dict[str, Any]] = []
    rng = np.random.default_rng(2019)
    with tempfile.TemporaryDirectory() as tmp:
        for name, spec in CORPUS.items():
            case = spec.make_inputs(rng, "small")
            results = run_point(spec, case, modes, Path(tmp))
            rows.append(
                {
                    "kernel": name,
                    "variants": {mode: asdict(m) for mode, m in results.items()},
                }
            )
            print(_corpus_line(name, results), file=sys.stderr)
    return rows


def _corpus_line(name: str, results: dict[str, Measurement]) -> str:
    base = results["original"]
    parts = [
        f"{name:24s} original {base.cycles:9.0f} cyc eff {base.simd_efficiency:.2f}"
    ]
    for mode, m in results.items():
        if mode == "original":
            continue
        tag = "unchanged" if m.flattened == 0 else f"{m.flattened} loop(s)"
        ok = "" if m.outputs_equal else " OUTPUTS DIFFER"
        parts.append(
            f"{mode} {base.cycles / m.cycles:5.2f}x eff {m.simd_efficiency:.2f} ({tag}){ok}"
        )
    return " | ".join(parts)


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--inner-cap", type=int, default=SWEEP_CAP, help="C of the sweep"
    )
    parser.add_argument("--headline-cap", type=int, default=HEADLINE_CAP,
                        help="C of the k=31 points")  # fmt: skip
    parser.add_argument("--ks", type=int, nargs="*", default=list(range(32)))
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--skip-corpus", action="store_true")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    options = parser.parse_args(argv)
    options.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    sweep = fig7_sweep(
        options.ks, RATIOS, inner_cap=options.inner_cap, jobs=options.jobs
    )
    sweep["costs"] = {f"{r[0]}/{r[1]}": ratio_costs(r) for r in RATIOS}
    tops = headlines(inner_cap=options.headline_cap, jobs=options.jobs)
    targets = check_targets(sweep, tops)
    stamp = metadata(
        " ".join(["python -m simt.bench.flatten", *(argv or sys.argv[1:])])
    )
    record: dict[str, Any] = {
        "metadata": stamp,
        "parameters": {
            "kernel": "corpus early_exit, rotation=round_robin, one warp",
            "outer_iters": OUTER_ITERS,
            "sweep_inner_cap": options.inner_cap,
            "headline_inner_cap": options.headline_cap,
            "ks": options.ks,
            "jobs": options.jobs,
            "work_per_ratio": {f"{r[0]}/{r[1]}": list(WORK[r]) for r in RATIOS},
        },
        "sweep": sweep,
        "relative_performance": relative_performance(sweep),
        "headline": tops,
        "targets": [asdict(t) for t in targets],
    }
    (options.out / "fig7.json").write_text(json.dumps(record, indent=1))
    plot_fig7(sweep, options.out / "fig7.png")
    for target in targets:
        print(target.line())
    if not options.skip_corpus:
        rows = corpus_before_after()
        corpus = {"metadata": stamp, "rows": rows}
        (options.out / "flatten_corpus.json").write_text(json.dumps(corpus, indent=1))
    print(f"done in {time.perf_counter() - started:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
