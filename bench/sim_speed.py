"""Benchmark: how fast the simulator runs, per kernel shape and launch size.

    python -m simt.bench.sim_speed [--kernel NAME ...] [--threads 8192 65536]
        [--cudasim-threads 8192] [--repeat 3] [--sweeps 3] [--cudasim-repeat 3]
        [--big-kernel histogram]
        [--big-threads 16777216] [--no-cudasim] [--out bench/results]

Runs, in one process and on the same inputs:

- every corpus kernel (`simt.bench.kernels.CORPUS`) at each `--threads`
  count on our simulator (`simt.sim.Simulator.run`: the fastest run, of at
  least `--repeat` runs and `MIN_SECONDS` of runs in each of `--sweeps`
  sweeps over the kernels; the IR compiled and the kernel prepared once
  beforehand, the activity trace on as `simulate` has it by default), with
  its outputs checked against the kernel's numpy reference;
- the same kernels at `--cudasim-threads` under numba's CUDA simulator
  (`NUMBA_ENABLE_CUDASIM=1`, one subprocess for all of them, the fastest
  of `--cudasim-repeat` launches, each timed alone by the worker), whose
  outputs must agree with ours;
- two shapes the corpus lacks: a `break` out of nested loops, and a loop that
  never ends, stopped by the step limit (numba's simulator would never stop);
- one launch of `--big-threads` threads of `--big-kernel`, in a subprocess
  whose peak resident memory (`ru_maxrss`, inputs included) is reported.

Reported per kernel and launch: warp instructions issued and active lane
instructions per second, and the ratio numba's time / ours, in wall-clock
time (the target) and in CPU time (`speedup_cpu`: on a shared machine the wall
clock depends on what else runs during each measurement). Targets (issue
19): every corpus kernel >= 100x numba's simulator at 8,192 threads; the
slowest shape's warp instructions per second within 3x of the fastest's; >=
1 G lane instructions per second on the largest launch; the big launch under
2 GiB resident. Writes `sim_speed.json` and `sim_speed.png` into `--out`.
This is a benchmark, not a test: run it by hand and commit its output.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numba import cuda as numba_cuda

from simt.bench.kernels.registry import CORPUS, get
from simt.bench.kernels.spec import KernelSpec, LaunchCase
from simt.bench.plotting import ratio_log_axis
from simt.bench.progress import progress
from simt.bench.provenance import cpu_model
from simt.bench.provenance import metadata as provenance_metadata

# numba's kernel API has no static types (see `bench/kernels/irregular.py`).
cuda: Any = numba_cuda

DEFAULT_OUT = Path("bench/results")
DEFAULT_KERNEL = "early_exit"
THREADS = (1 << 13, 1 << 16)
BIG_KERNEL = "histogram"
BIG_THREADS = 1 << 24
TARGET_SPEEDUP = 100.0
TARGET_SHAPE_SPREAD = 3.0
TARGET_LANE_RATE = 1e9
TARGET_BIG_BYTES = 2 << 30
RUNAWAY_STEPS = 2_000_000
"""Warp instructions after which the never-ending loop is stopped."""


# ---------------------------------------------------------------------------
# Shapes the corpus lacks
# ---------------------------------------------------------------------------


def nested_break(data, out, n, width):
    """The first zero in a `width` x `width` window after each item: `break`
    out of the inner loop, then out of the outer one."""
    i = cuda.grid(1)
    if i < n:
        found = -1
        for r in range(width):
            for c in range(width):
                if data[(i + r * width + c) % n] == 0:
                    found = r * width + c
                    break
            if found >= 0:
                break
        out[i] = found


def never_ending(out, n):
    """A loop whose condition never fails: the step limit stops it."""
    i = cuda.grid(1)
    x = i % 1024
    while x >= 0:
        x = (x * 5 + 1) % 1024
    if i < n:
        out[i] = x


def _nested_break_case(threads: int, seed: int) -> LaunchCase:
    rng = np.random.default_rng(seed)
    data = rng.integers(0, 12, threads, dtype=np.int32)
    return LaunchCase(
        (threads // 64,),
        (64,),
        [data, np.zeros(threads, np.int32), np.int32(threads), np.int32(6)],
    )


def _nested_break_expected(case: LaunchCase) -> np.ndarray:
    data, _, n, width = case.args
    assert isinstance(data, np.ndarray)
    n, width = int(n), int(width)
    offsets = np.arange(width * width)
    window = data[(np.arange(n)[:, None] + offsets[None, :]) % n] == 0
    return np.where(window.any(axis=1), window.argmax(axis=1), -1).astype(np.int32)


# ---------------------------------------------------------------------------
# Launches
# ---------------------------------------------------------------------------


def case_for_threads(spec: KernelSpec, threads: int, seed: int) -> LaunchCase:
    """A launch of `spec` with exactly `threads` threads (scaling its work
    items); `ValueError` when no item count gives that many."""
    probe = spec.make_inputs(np.random.default_rng(seed), "small")
    items = spec.small_items * threads // probe.threads
    case = spec.make_inputs(np.random.default_rng(seed), items)
    if case.threads != threads:
        raise ValueError(
            f"kernel {spec.name}: {items} work items launch {case.threads} "
            f"threads, not {threads}"
        )
    return case


MIN_SECONDS = 0.25
"""Each kernel runs at least `--repeat` times and until its runs took this
long in all (as `timeit`'s autorange does), the fastest run counting: a
launch of a fraction of a millisecond timed only `--repeat` times rests on a
few milliseconds of a shared machine."""


def _runs(repeat: int) -> Iterator[int]:
    """Run numbers: at least `repeat`, and on until `MIN_SECONDS` passed."""
    started = time.perf_counter()
    count = 0
    while count < repeat or time.perf_counter() - started < MIN_SECONDS:
        yield count
        count += 1


def _time(
    simulator: Any, case: LaunchCase, repeat: int, **options: Any
) -> tuple[tuple[float, float], Any, list[Any]]:
    """The best of `_runs(repeat)`: (wall, CPU) seconds, the result and the
    arguments after."""
    best = cpu = float("inf")
    result: Any = None
    args: list[Any] = []
    for _ in _runs(repeat):
        args = case.copy_args()
        start, start_cpu = time.perf_counter(), time.process_time()
        result = simulator.run(case.grid, case.block, args, **options)
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return (best, cpu), result, args


def _row(
    kernel: str,
    shape: str,
    case: LaunchCase,
    seconds: tuple[float, float],
    issued: int,
    lane_ops: int,
    problems: list[str],
) -> dict[str, Any]:
    row = {
        "kernel": kernel,
        "shape": shape,
        "threads": case.threads,
        "grid": list(case.grid),
        "block": list(case.block),
        "warp_instructions": issued,
        "lane_instructions": lane_ops,
        "outputs_agree": not problems,
        "mismatches": problems,
    }
    return _timed(row, *seconds)


def _timed(row: dict[str, Any], wall: float, cpu: float) -> dict[str, Any]:
    """`row` with its times and the rates they give."""
    issued, lane_ops = row["warp_instructions"], row["lane_instructions"]
    return {
        **row,
        "seconds": wall,
        "cpu_seconds": cpu,
        "warp_instructions_per_second": issued / wall,
        "lane_instructions_per_second": lane_ops / wall,
        "warp_instructions_per_cpu_second": issued / cpu,
        "lane_instructions_per_cpu_second": lane_ops / cpu,
    }


def _fastest(
    rows: list[dict[str, Any]], again: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The rows of two sweeps over the same kernels, each with its fastest
    times (the counts are the same: the simulator is deterministic)."""
    merged = []
    for row, other in zip(rows, again, strict=True):
        assert (row["kernel"], row["warp_instructions"]) == (
            other["kernel"],
            other["warp_instructions"],
        )
        problems = row["mismatches"] + other["mismatches"]
        wall = min(row["seconds"], other["seconds"])
        cpu = min(row["cpu_seconds"], other["cpu_seconds"])
        merged.append(
            _timed(
                {**row, "outputs_agree": not problems, "mismatches": problems},
                wall,
                cpu,
            )
        )
    return merged


def warm_up() -> None:
    """Loads the native engine's machine code (numba's cache) before timing."""
    from simt.frontend import compile_python
    from simt.sim import Simulator

    spec = get(DEFAULT_KERNEL)
    case = spec.make_inputs(np.random.default_rng(0), "small")
    simulator = Simulator(compile_python(spec.func, spec.signature))
    simulator.run(case.grid, case.block, case.copy_args())


def measure_corpus(
    kernels: Sequence[str], threads: int, repeat: int, seed: int
) -> tuple[list[dict[str, Any]], dict[str, LaunchCase], dict[str, list[Any]]]:
    """Our simulator on each kernel at `threads`: rows, cases and outputs
    (after `warm_up`)."""
    from simt.frontend import compile_python
    from simt.sim import Simulator

    warm_up()
    rows: list[dict[str, Any]] = []
    cases: dict[str, LaunchCase] = {}
    outputs: dict[str, list[Any]] = {}
    for name in kernels:
        spec = get(name)
        try:
            case = case_for_threads(spec, threads, seed)
        except ValueError as skipped:
            print(f"skipped: {skipped}")
            continue
        simulator = Simulator(compile_python(spec.func, spec.signature))
        seconds, result, args = _time(simulator, case, repeat)
        problems = spec.mismatches(spec.expected(case), args)
        stats = result.stats
        rows.append(
            _row(name, "corpus", case, seconds, stats.issued, stats.lane_ops, problems)
        )
        cases[name] = case
        outputs[name] = args
        _print(rows[-1])
    return rows, cases, outputs


def measure_shapes(threads: int, repeat: int, seed: int) -> list[dict[str, Any]]:
    """The two shapes the corpus lacks, at `threads`."""
    from simt.frontend import compile_python
    from simt.sim import SimulationError, Simulator

    rows: list[dict[str, Any]] = []
    case = _nested_break_case(threads, seed)
    simulator = Simulator(
        compile_python(nested_break, "void(int32[:], int32[:], int32, int32)")
    )
    seconds, result, args = _time(simulator, case, repeat)
    expected = _nested_break_expected(case)
    problems = [] if np.array_equal(args[1], expected) else ["out differs"]
    stats = result.stats
    rows.append(
        _row(
            "nested_break",
            "break inside nested loops",
            case,
            seconds,
            stats.issued,
            stats.lane_ops,
            problems,
        )
    )
    _print(rows[-1])
    runaway = Simulator(compile_python(never_ending, "void(int32[:], int32)"))
    case = LaunchCase(
        (threads // 64,), (64,), [np.zeros(threads, np.int32), np.int32(threads)]
    )
    best, cpu, issued, lanes = float("inf"), float("inf"), 0, 0
    for _ in _runs(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            runaway.run(
                case.grid, case.block, case.copy_args(), step_limit=RUNAWAY_STEPS
            )
        except SimulationError as stopped:
            best = min(best, time.perf_counter() - start)
            cpu = min(cpu, time.process_time() - start_cpu)
            issued = _stopped_after(str(stopped))
            # every lane of every warp stays in the loop: full warps
            lanes = issued * 32
    problems = [] if issued > RUNAWAY_STEPS else ["the step limit did not stop it"]
    rows.append(
        _row(
            "never_ending",
            "never-ending loop stopped by the step limit",
            case,
            (best, cpu),
            issued,
            lanes,
            problems,
        )
    )
    _print(rows[-1])
    return rows


def _stopped_after(message: str) -> int:
    found = re.search(r"after (\d+) warp instructions", message)
    return int(found.group(1)) if found else 0


Cudasim = tuple[float, float, list[Any] | None, str | None]
"""numba's simulator on one launch: wall and CPU seconds, the arguments after
(None if it failed) and its error."""


def measure_cudasim(
    kernels: Sequence[str], cases: dict[str, LaunchCase], repeat: int = 1
) -> dict[str, Cudasim]:
    """numba's simulator on each kernel's case, in one subprocess: the
    fastest of `repeat` launches, the launch alone."""
    from simt.bench.kernels.cudasim import CudasimJob, run_cudasim

    names = [k for k in kernels if k in cases]
    jobs = [CudasimJob.for_spec(get(k), cases[k]) for k in names]
    outcomes = run_cudasim(jobs, timeout=3600.0, repeat=repeat)
    return {
        k: (o.seconds, o.cpu_seconds, o.args, o.error)
        for k, o in zip(names, outcomes, strict=True)
    }


# ---------------------------------------------------------------------------
# The big launch, in a subprocess (its peak memory is its own)
# ---------------------------------------------------------------------------


def big_worker(kernel: str, threads: int, seed: int) -> dict[str, Any]:
    """Simulates one launch and returns its figures (run in a subprocess)."""
    from simt.frontend import compile_python
    from simt.sim import Simulator

    spec = get(kernel)
    case = case_for_threads(spec, threads, seed)
    input_bytes = sum(a.nbytes for a in case.args if isinstance(a, np.ndarray))
    simulator = Simulator(compile_python(spec.func, spec.signature))
    small = spec.make_inputs(np.random.default_rng(seed), "small")
    simulator.run(small.grid, small.block, small.copy_args())  # loads numba's code
    args = case.args
    start, start_cpu = time.perf_counter(), time.process_time()
    stats = simulator.run(case.grid, case.block, args).stats
    seconds = time.perf_counter() - start
    cpu = time.process_time() - start_cpu
    return {
        "kernel": kernel,
        "threads": case.threads,
        "grid": list(case.grid),
        "block": list(case.block),
        "seconds": seconds,
        "warp_instructions": stats.issued,
        "lane_instructions": stats.lane_ops,
        "warp_instructions_per_second": stats.issued / seconds,
        "lane_instructions_per_second": stats.lane_ops / seconds,
        "cpu_seconds": cpu,
        "warp_instructions_per_cpu_second": stats.issued / cpu,
        "lane_instructions_per_cpu_second": stats.lane_ops / cpu,
        "input_bytes": input_bytes,
    }


def measure_big(kernel: str, threads: int, seed: int) -> dict[str, Any]:
    """`big_worker` in a fresh process; adds its peak resident memory."""
    command = [
        sys.executable,
        "-m",
        "simt.bench.sim_speed",
        "--big-worker",
        "--big-kernel",
        kernel,
        "--big-threads",
        str(threads),
        "--seed",
        str(seed),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    stdout, _ = process.communicate()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode != 0:
        raise SystemExit(f"the big launch failed (exit {process.returncode})")
    record: dict[str, Any] = json.loads(stdout.strip().splitlines()[-1])
    # ru_maxrss of the children is the largest peak among them; this is the
    # only child that outgrows the cudasim worker, which `main` runs after it
    record["peak_resident_bytes"] = usage.ru_maxrss * 1024
    record["under_2_gib"] = record["peak_resident_bytes"] < TARGET_BIG_BYTES
    return record


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------


def _print(row: dict[str, Any]) -> None:
    print(
        f"{row['kernel']:24s} {row['threads']:>8d} threads "
        f"{row['seconds'] * 1e3:9.1f} ms "
        f"{row['warp_instructions_per_second'] / 1e6:7.2f} M warp-instr/s "
        f"{row['lane_instructions_per_second'] / 1e6:8.1f} M lane-instr/s"
        + ("" if row["outputs_agree"] else "  OUTPUTS DIFFER"),
        flush=True,
    )


def _spread(rows: list[dict[str, Any]], key: str) -> dict[str, Any]:
    rates = {r["kernel"]: r[key] for r in rows}
    slowest = min(rates, key=rates.__getitem__)
    fastest = max(rates, key=rates.__getitem__)
    return {
        "slowest": slowest,
        "fastest": fastest,
        "spread": rates[fastest] / rates[slowest],
    }


def summarize(
    rows: list[dict[str, Any]], big: dict[str, Any] | None, threads: int
) -> dict[str, Any]:
    """The targets of issue 19, measured: per thread count, the shape spread
    of warp instructions per second (wall clock and CPU time); the lowest
    ratio to numba's simulator; lane instructions per second on the
    largest corpus launch and on the big launch."""
    corpus = [r for r in rows if r["shape"] == "corpus"]
    ratios = [r for r in corpus if r.get("speedup") is not None]
    lowest = min(ratios, key=lambda r: r["speedup"]) if ratios else None
    lowest_cpu = min(ratios, key=lambda r: r["speedup_cpu"]) if ratios else None
    spreads = {
        str(size): {
            "wall": _spread(
                [r for r in rows if r["threads"] == size],
                "warp_instructions_per_second",
            ),
            "cpu": _spread(
                [r for r in rows if r["threads"] == size],
                "warp_instructions_per_cpu_second",
            ),
        }
        for size in sorted({r["threads"] for r in rows})
    }
    largest = max(r["threads"] for r in corpus)
    at_largest = [r for r in corpus if r["threads"] == largest]
    best_wall = max(at_largest, key=lambda r: r["lane_instructions_per_second"])
    best_cpu = max(at_largest, key=lambda r: r["lane_instructions_per_cpu_second"])
    summary: dict[str, Any] = {
        "cudasim_threads": threads,
        "min_speedup_vs_cudasim": lowest["speedup"] if lowest else None,
        "min_speedup_kernel": lowest["kernel"] if lowest else None,
        "min_speedup_vs_cudasim_cpu": lowest_cpu["speedup_cpu"] if lowest_cpu else None,
        "min_speedup_cpu_kernel": lowest_cpu["kernel"] if lowest_cpu else None,
        "speedup_target": TARGET_SPEEDUP,
        "shape_spread": spreads,
        "shape_spread_target": TARGET_SHAPE_SPREAD,
        "largest_corpus_threads": largest,
        "best_lane_rate_at_largest": {
            "wall": best_wall["lane_instructions_per_second"],
            "wall_kernel": best_wall["kernel"],
            "cpu": best_cpu["lane_instructions_per_cpu_second"],
            "cpu_kernel": best_cpu["kernel"],
        },
        "lane_rate_target": TARGET_LANE_RATE,
    }
    if big is not None:
        summary["big_launch"] = {
            "kernel": big["kernel"],
            "threads": big["threads"],
            "lane_rate_wall": big["lane_instructions_per_second"],
            "lane_rate_cpu": big["lane_instructions_per_cpu_second"],
            "peak_resident_bytes": big["peak_resident_bytes"],
        }
    return summary


def plot(rows: list[dict[str, Any]], summary: dict[str, Any], path: Path) -> None:
    """Warp instructions per second per kernel and launch size (linear axis),
    and the ratio to numba's simulator (log axis: the ratios span decades)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    kernels = list(dict.fromkeys(r["kernel"] for r in rows))
    sizes = sorted({r["threads"] for r in rows})
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(12, 8.5))
    width = 0.8 / len(sizes)
    x = np.arange(len(kernels))

    def rate(kernel: str, size: int, key: str) -> float:
        found = [r[key] for r in rows if r["kernel"] == kernel and r["threads"] == size]
        return found[0] / 1e6 if found else 0.0

    for i, size in enumerate(sizes):
        at = x + (i - (len(sizes) - 1) / 2) * width
        top.bar(
            at,
            [rate(k, size, "warp_instructions_per_cpu_second") for k in kernels],
            width,
            label=f"{size:,} threads (2^{size.bit_length() - 1}): per CPU second",
        )
        top.scatter(
            at,
            [rate(k, size, "warp_instructions_per_second") for k in kernels],
            marker="_",
            s=120,
            color="black",
            zorder=3,
            label="per wall-clock second (shared machine)" if i == 0 else None,
        )
    first = str(sizes[0])
    cpu = summary["shape_spread"][first]["cpu"]
    fastest = rate(cpu["fastest"], sizes[0], "warp_instructions_per_cpu_second")
    top.axhline(
        fastest / TARGET_SHAPE_SPREAD,
        color="black",
        linestyle="--",
        label=f"shape target: fastest at {sizes[0]:,} threads ({cpu['fastest']}) / "
        f"{TARGET_SHAPE_SPREAD:.0f}",
    )
    top.set_ylabel("warp instructions per second (millions)")
    top.set_xticks(x, kernels, rotation=30, ha="right", fontsize=8)
    top.set_title("simt simulator throughput per kernel shape (higher is better)")
    top.legend(fontsize=8)
    ratio_rows = [r for r in rows if r.get("speedup") is not None]
    names = [r["kernel"] for r in ratio_rows]
    bars = bottom.bar(
        np.arange(len(names)),
        [r["speedup"] for r in ratio_rows],
        0.6,
        color="tab:green",
        label=f"numba cudasim wall time / ours, {summary['cudasim_threads']:,} "
        "threads, same run",
    )
    bottom.bar_label(bars, [f"{r['speedup']:.0f}x" for r in ratio_rows], fontsize=7)
    bottom.scatter(
        np.arange(len(names)),
        [r["speedup_cpu"] for r in ratio_rows],
        marker="_",
        s=200,
        color="black",
        zorder=3,
        label="numba cudasim CPU time / ours",
    )
    bottom.axhline(
        TARGET_SPEEDUP,
        color="black",
        linestyle="--",
        label=f"target: {TARGET_SPEEDUP:.0f}x",
    )
    bottom.set_xticks(np.arange(len(names)), names, rotation=30, ha="right", fontsize=8)
    ratio_log_axis(bottom)
    bottom.set_ylabel("speedup over numba's CUDA simulator (x, log scale)")
    bottom.set_title(
        "the same launches under numba's CUDA simulator (higher is better)"
    )
    bottom.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def metadata(argv: Sequence[str]) -> dict[str, Any]:
    """The document's head: its `"metadata"` (`simt.bench.provenance`) and the
    load of the machine when the run started."""
    import numba

    return {
        "metadata": provenance_metadata(
            "python -m simt.bench.sim_speed " + " ".join(argv),
            f"CPU: {cpu_model()}",
            cpus=os.cpu_count(),
            platform=platform.platform(),
            python=platform.python_version(),
            numba=numba.__version__,
        ),
        "benchmark": "simt.bench.sim_speed",
        "load_average_start": list(os.getloadavg()),
    }


# ---------------------------------------------------------------------------
# The old single-kernel interface (`simt-bench sim-throughput`)
# ---------------------------------------------------------------------------


def run(
    kernels: list[str], threads: int, repeat: int, seed: int
) -> list[dict[str, Any]]:
    """Our simulator and numba's on each kernel at `threads` (for the
    `sim-throughput` suite); `SystemExit` when a kernel has no such launch."""
    names = list(CORPUS) if kernels == ["all"] else kernels
    rows, cases, outputs = measure_corpus(names, threads, repeat, seed)
    if not rows:
        raise SystemExit(f"no launch of exactly {threads} threads of {names}")
    _add_cudasim(rows, cases, outputs, measure_cudasim(names, cases))
    return [
        {
            **r,
            "ours_seconds": r["seconds"],
            "numba_cudasim_seconds": r.get("cudasim_seconds", float("nan")),
            "speedup": r.get("speedup", float("nan")),
            "target_speedup": TARGET_SPEEDUP,
        }
        for r in rows
    ]


def _add_cudasim(
    rows: list[dict[str, Any]],
    cases: dict[str, LaunchCase],
    outputs: dict[str, list[Any]],
    numba: dict[str, Cudasim],
) -> None:
    for row in rows:
        found = numba.get(row["kernel"])
        if found is None or row["threads"] != cases[row["kernel"]].threads:
            continue
        seconds, cpu, args, error = found
        if args is None:
            row["mismatches"].append(f"numba's simulator failed: {error}")
        else:
            spec = get(row["kernel"])
            row["mismatches"].extend(spec.mismatches(args, outputs[row["kernel"]]))
        row["outputs_agree"] = not row["mismatches"]
        row["cudasim_seconds"] = seconds
        row["cudasim_threads"] = cases[row["kernel"]].threads
        row["speedup"] = seconds / row["seconds"]
        # the same ratio in CPU time: on a shared machine, wall-clock time
        # depends on what else runs during each measurement
        row["cudasim_cpu_seconds"] = cpu
        row["speedup_cpu"] = cpu / row["cpu_seconds"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="The simulator's speed per kernel shape, against numba's "
        "CUDA simulator, and on a launch of real size."
    )
    parser.add_argument("--kernel", action="append", help="corpus kernel (repeatable)")
    parser.add_argument("--threads", type=int, nargs="*", default=list(THREADS))
    parser.add_argument("--cudasim-threads", type=int, default=THREADS[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--sweeps",
        type=int,
        default=3,
        help="times each kernel is measured, in sweeps over all of them (its "
        "fastest counts: a slow spell of a shared machine falls on one sweep "
        "of a kernel, not on all its runs)",
    )
    parser.add_argument(
        "--cudasim-repeat",
        type=int,
        default=3,
        help="launches per kernel under numba's simulator (the fastest counts)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--big-kernel", default=BIG_KERNEL)
    parser.add_argument("--big-threads", type=int, default=BIG_THREADS)
    parser.add_argument("--no-big", action="store_true")
    parser.add_argument("--no-cudasim", action="store_true")
    parser.add_argument("--big-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    options = parser.parse_args(argv)
    if options.big_worker:
        record = big_worker(options.big_kernel, options.big_threads, options.seed)
        print(json.dumps(record))
        return 0
    raw = sys.argv[1:] if argv is None else argv
    document = metadata(raw)
    started = time.perf_counter()
    kernels = options.kernel or sorted(CORPUS)
    big = None
    if not options.no_big:
        big = measure_big(options.big_kernel, options.big_threads, options.seed)
        print(
            f"big launch: {big['kernel']} x {big['threads']:,} threads in "
            f"{big['seconds']:.1f} s, peak resident "
            f"{big['peak_resident_bytes'] / 2**30:.2f} GiB, "
            f"{big['lane_instructions_per_second'] / 1e6:.0f} M lane-instr/s",
            flush=True,
        )
    rows: list[dict[str, Any]] = []
    for threads in progress(options.threads, "sim-speed"):
        corpus_rows, cases, outputs = measure_corpus(
            kernels, threads, options.repeat, options.seed
        )
        shape_rows = measure_shapes(threads, options.repeat, options.seed)
        for _ in range(options.sweeps - 1):
            again = measure_corpus(kernels, threads, options.repeat, options.seed)
            corpus_rows = _fastest(corpus_rows, again[0])
            shape_rows = _fastest(
                shape_rows, measure_shapes(threads, options.repeat, options.seed)
            )
        if threads == options.cudasim_threads and not options.no_cudasim:
            measured = measure_cudasim(kernels, cases, options.cudasim_repeat)
            _add_cudasim(corpus_rows, cases, outputs, measured)
            for row in corpus_rows:
                if "speedup" in row:
                    print(
                        f"  {row['kernel']:24s} {row['speedup']:7.1f}x numba cudasim "
                        f"({row['speedup_cpu']:.1f}x in CPU time)"
                    )
        rows.extend(corpus_rows)
        rows.extend(shape_rows)
    summary = summarize(rows, big, options.cudasim_threads)
    document.update(
        {
            "load_average_end": list(os.getloadavg()),
            "wall_seconds": time.perf_counter() - started,
            "repeat": options.repeat,
            "sweeps": options.sweeps,
            "min_seconds": MIN_SECONDS,
            "cudasim_repeat": options.cudasim_repeat,
            "seed": options.seed,
            "summary": summary,
            "big_launch": big,
            "results": rows,
        }
    )
    options.out.mkdir(parents=True, exist_ok=True)
    (options.out / "sim_speed.json").write_text(json.dumps(document, indent=2) + "\n")
    plot(rows, summary, options.out / "sim_speed.png")
    print(json.dumps(summary, indent=2))
    return 0 if all(r["outputs_agree"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
