"""Loop nest reduction on the simulator: Fig. 7 of Bulavintsev 2019, and the corpus.

Source: V. G. Bulavintsev, "Flattening of Data-Dependent Nested Loops for
Compile-Time Optimization of GPU Programs", 2019, §V and Fig. 7: a nest of an
outer loop A and an inner loop B in which, at every outer iteration, k of the
32 lanes of a warp leave B early; A/B cost ratios 10/1, 1/1, 1/10, 1/100;
performance of each variant relative to the original at k = 0.

The kernel (`fig7_kernel`) is the corpus `early_exit` kernel with one change:
the k early lanes of outer iteration o are lanes (o + j) mod 32, j < k (a
round-robin rotation) instead of an LFSR-drawn rotation. With 32 outer
iterations every lane then leaves early exactly k times, so the flattened
loop's time is not set by whichever lane the random draws hit most: at
k = 31 each lane runs C + 31 inner iterations (C = `inner_cap`) against the
original's 32 * C, a bound of 32C / (C + 31) on the speedup (the paper ran
C = 10000 and many outer iterations on a GPU to approach it). The sweep uses a
small C so that the simulator covers its 4 x 32 points in a few minutes; the
`headline` point (k = 31, ratio 1/100) uses a large C, where the bound is
above the paper's 24x.

Each (k, ratio) point is one warp, run original and transformed in every mode
of `simt-flatten-loops`: always (the paper), static (formula (1) with
n/N = 0.5), profile (formula (1) with the idle fraction the simulator measured
on the original) and adaptive (run-time vote). static, profile and adaptive
read trip counts from the original's profile. Outputs of every variant must
equal the original's. A variant the pass left unchanged is not simulated
again: the simulator is deterministic, so it reuses the original's numbers.

Run: `python -m simt.bench.flatten` (writes `bench/results/fig7.json`,
`fig7.png`, `flatten_corpus.json` and prints the target figures).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numba import cuda as numba_cuda
from xdsl.dialects.builtin import ModuleOp

from simt.bench.kernels.spec import Arg, KernelSpec, LaunchCase

cuda: Any = numba_cuda

RATIOS: tuple[tuple[int, int], ...] = ((10, 1), (1, 1), (1, 10), (1, 100))
"""The A/B (outer/inner) cost ratios of Fig. 7."""

MODES: tuple[str, ...] = ("always", "static", "profile", "adaptive")
"""The modes of `simt-flatten-loops` the benchmark runs."""

RESULTS = Path(__file__).parent / "results"


def fig7_kernel(
    count_out, check_out, n, outer_iters, k, inner_cap, outer_work, inner_work
):
    tid = cuda.grid(1)
    if tid < n:
        lane = cuda.laneid
        count = 0
        check = 0
        state = (tid & 0xFFFF) | 1
        for o in range(outer_iters):
            # A_w: new work item, `outer_work` LFSR steps of outer payload.
            state = (state ^ (o & 0xFFFF)) | 1
            for _ in range(outer_work):
                bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
                state = (state >> 1) | (bit << 15)
            limit = inner_cap
            if (lane + cuda.warpsize - o % cuda.warpsize) % cuda.warpsize < k:
                limit = 1
            # B: `inner_work` LFSR steps of useful work per iteration.
            i = 0
            while i < limit:
                for _ in range(inner_work):
                    bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
                    state = (state >> 1) | (bit << 15)
                check = check ^ state
                count += 1
                i += 1
        count_out[tid] = count
        check_out[tid] = check


FIG7_SIGNATURE = "void(int32[:], int32[:], int64, int64, int64, int64, int64, int64)"


def _lfsr(state: np.ndarray, steps: int) -> np.ndarray:
    for _ in range(steps):
        bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
        state = (state >> 1) | (bit << 15)
    return state


def _fig7_reference(args: list[Arg]) -> None:
    n, outer_iters, k, cap, outer_work, inner_work = (int(a) for a in args[2:8])
    tid = np.arange(n, dtype=np.int64)
    lane = tid % 32
    state = (tid & 0xFFFF) | 1
    count = np.zeros(n, dtype=np.int64)
    check = np.zeros(n, dtype=np.int64)
    for o in range(outer_iters):
        state = _lfsr((state ^ (o & 0xFFFF)) | 1, outer_work)
        limit = np.where((lane + 32 - o % 32) % 32 < k, 1, cap)
        for i in range(cap):
            active = i < limit
            state = np.where(active, _lfsr(state, inner_work), state)
            check = np.where(active, check ^ state, check)
            count += active
    count_out, check_out = args[0], args[1]
    assert isinstance(count_out, np.ndarray) and isinstance(check_out, np.ndarray)
    count_out[:n] = count
    check_out[:n] = check


def fig7_spec(
    k: int, ratio: tuple[int, int], *, outer_iters: int = 32, inner_cap: int = 8
) -> KernelSpec:
    """The Fig. 7 kernel for one k and A/B ratio, one warp per launch."""
    if not 0 <= k <= 32:
        raise ValueError(f"early exit count k must be in 0..32, got {k}")
    outer_work, inner_work = ratio

    def inputs(rng: np.random.Generator, items: int) -> LaunchCase:
        n = -(-items // 32) * 32
        args: list[Arg] = [
            np.zeros(n, dtype=np.int32),
            np.zeros(n, dtype=np.int32),
            np.int64(n),
            np.int64(outer_iters),
            np.int64(k),
            np.int64(inner_cap),
            np.int64(outer_work),
            np.int64(inner_work),
        ]
        return LaunchCase((n // 32,), (32,), args)

    return KernelSpec(
        name=f"fig7_k{k}_r{outer_work}_{inner_work}",
        func=fig7_kernel,
        signature=FIG7_SIGNATURE,
        inputs=inputs,
        reference=_fig7_reference,
        outputs=(0, 1),
        paper="Bulavintsev 2019, Fig. 7 (round-robin early exits)",
        unstructured=False,
        small_items=32,
        params={"k": k, "ratio": ratio, "outer_iters": outer_iters, "cap": inner_cap},
    )


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
    from simt.tools.pipeline import apply_passes

    options = [f"mode={mode}", "remarks=false"]
    if profile is not None:
        options.append(f'profile="{profile}"')
    apply_passes(module, "simt-flatten-loops{" + " ".join(options) + "}")
    return sum(
        1
        for op in module.walk()
        if str(op.attributes.get("simt.flattened")) in ('"always"', '"adaptive"')
    )


def simulate_case(module: ModuleOp, case: LaunchCase) -> tuple[Any, list[Arg]]:
    from simt.sim import simulate

    args = case.copy_args()
    result = simulate(module, case.grid, case.block, args, trace=False)
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
        same = [m for other, m in done if other.is_structurally_equivalent(module)]
        if same:  # the simulator is deterministic: identical IR, identical run
            results[mode] = same[0]
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


def fig7_sweep(
    ks: Sequence[int],
    ratios: Sequence[tuple[int, int]],
    *,
    inner_cap: int,
    outer_iters: int,
    progress: bool = True,
) -> dict[str, Any]:
    """Every (ratio, k) point in every mode; cycles relative to the original at k=0."""
    rng = np.random.default_rng(7)
    points: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for ratio in ratios:
            for k in ks:
                spec = fig7_spec(k, ratio, outer_iters=outer_iters, inner_cap=inner_cap)
                case = spec.make_inputs(rng, 32)
                start = time.perf_counter()
                results = run_point(spec, case, MODES, Path(tmp))
                points.append(_point_record(k, ratio, results))
                if progress:
                    seconds = time.perf_counter() - start
                    print(_progress_line(k, ratio, results, seconds), file=sys.stderr)
    return {"inner_cap": inner_cap, "outer_iters": outer_iters, "points": points}


def _point_record(
    k: int, ratio: tuple[int, int], results: dict[str, Measurement]
) -> dict[str, Any]:
    return {
        "k": k,
        "ratio": f"{ratio[0]}/{ratio[1]}",
        "variants": {name: asdict(m) for name, m in results.items()},
    }


def _progress_line(
    k: int, ratio: tuple[int, int], results: dict[str, Measurement], seconds: float
) -> str:
    base = results["original"].cycles
    speedups = " ".join(
        f"{name}={base / m.cycles:.2f}x"
        for name, m in results.items()
        if name != "original"
    )
    return f"ratio {ratio[0]}/{ratio[1]} k={k:2d}: {speedups} ({seconds:.1f}s)"


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
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curves = relative_performance(sweep)
    ks = sorted({p["k"] for p in sweep["points"]})
    figure, axes = plt.subplots(
        1, len(curves), figsize=(4 * len(curves), 3.6), sharey=False
    )
    axes_list = list(np.atleast_1d(axes))
    for axis, (ratio, variants) in zip(axes_list, curves.items(), strict=True):
        for name, values in variants.items():
            style = "k--" if name == "original" else "-"
            axis.plot(
                ks,
                values,
                style,
                label=name,
                marker="." if name != "original" else None,
            )
        axis.set_title(f"A/B = {ratio}")
        axis.set_xlabel("k (early-exiting lanes of 32)")
        axis.set_yscale("log")
        axis.grid(True, which="both", alpha=0.3)
    axes_list[0].set_ylabel("performance relative to original at k=0")
    axes_list[0].legend(fontsize=8)
    figure.suptitle(
        "Loop nest reduction (Bulavintsev 2019, Fig. 7) on the simt simulator, "
        f"C={sweep['inner_cap']}"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def headline(inner_cap: int, outer_iters: int = 32) -> dict[str, Any]:
    """k = 31, ratio 1/100 with a large inner trip count: always and adaptive."""
    spec = fig7_spec(31, (1, 100), outer_iters=outer_iters, inner_cap=inner_cap)
    case = spec.make_inputs(np.random.default_rng(31), 32)
    with tempfile.TemporaryDirectory() as tmp:
        results = run_point(spec, case, ("always", "adaptive"), Path(tmp))
    base = results["original"].cycles
    return {
        "k": 31,
        "ratio": "1/100",
        "inner_cap": inner_cap,
        "outer_iters": outer_iters,
        "bound": 32 * inner_cap / (inner_cap + 31),
        "speedup": {name: base / m.cycles for name, m in results.items()},
        "variants": {name: asdict(m) for name, m in results.items()},
    }


# ---------------------------------------------------------------------------
# Targets
# ---------------------------------------------------------------------------


def target_figures(sweep: dict[str, Any]) -> list[str]:
    """The issue's targets, measured on the sweep (one line each)."""
    lines: list[str] = []
    by_ratio: dict[str, list[dict[str, Any]]] = {}
    for point in sweep["points"]:
        by_ratio.setdefault(point["ratio"], []).append(point)

    def speedup(point: dict[str, Any], mode: str) -> float:
        return (
            point["variants"]["original"]["cycles"] / point["variants"][mode]["cycles"]
        )

    for ratio, points in by_ratio.items():
        always = [speedup(p, "always") for p in points]
        adaptive = [speedup(p, "adaptive") for p in points]
        last = points[-1]
        gain = speedup(last, "always")
        picks = [
            speedup(p, "profile") >= max(1.0, speedup(p, "always")) - 1e-9
            for p in points
        ]
        lines.append(
            f"ratio {ratio}: always k={last['k']} {gain:.2f}x, min {min(always):.2f}x "
            f"(slower at {sum(s < 1 for s in always)} of {len(always)} k); "
            f"adaptive min {min(adaptive):.3f}x, at k={last['k']} {speedup(last, 'adaptive'):.2f}x "
            f"= {(speedup(last, 'adaptive') - 1) / max(gain - 1, 1e-9):.2f} of always's gain; "
            f"profile picks the faster at {sum(picks)} of {len(picks)} k"
        )
        wrong = [
            p["k"]
            for p in points
            if not all(v["outputs_equal"] for v in p["variants"].values())
        ]
        if wrong:
            lines.append(f"ratio {ratio}: OUTPUTS DIFFER at k = {wrong}")
    return lines


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
    parser.add_argument("--inner-cap", type=int, default=8, help="C of the sweep")
    parser.add_argument("--outer-iters", type=int, default=32)
    parser.add_argument(
        "--headline-cap", type=int, default=128, help="C at k=31, 1/100"
    )
    parser.add_argument("--ks", type=int, nargs="*", default=list(range(32)))
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--skip-corpus", action="store_true")
    parser.add_argument("--skip-headline", action="store_true")
    options = parser.parse_args(argv)
    options.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    sweep = fig7_sweep(
        options.ks, RATIOS, inner_cap=options.inner_cap, outer_iters=options.outer_iters
    )
    record: dict[str, Any] = {
        "device": "simt simulator (default cost table)",
        "date": datetime.date.today().isoformat(),
        "sweep": sweep,
        "relative_performance": relative_performance(sweep),
    }
    if not options.skip_headline:
        record["headline"] = headline(options.headline_cap, options.outer_iters)
    (options.out / "fig7.json").write_text(json.dumps(record, indent=1))
    plot_fig7(sweep, options.out / "fig7.png")
    for line in target_figures(sweep):
        print(line)
    if "headline" in record:
        top = record["headline"]
        print(
            f"headline k=31 ratio 1/100 C={top['inner_cap']}: "
            f"always {top['speedup']['always']:.2f}x, adaptive "
            f"{top['speedup']['adaptive']:.2f}x (bound 32C/(C+31) = {top['bound']:.2f}x)"
        )
    if not options.skip_corpus:
        rows = corpus_before_after()
        (options.out / "flatten_corpus.json").write_text(json.dumps(rows, indent=1))
    print(f"done in {time.perf_counter() - started:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
