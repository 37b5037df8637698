"""Benchmark: our simulator against numba's CUDA simulator on one corpus kernel.

    python -m simt.bench.sim_throughput [--kernel early_exit | --kernel all] [--threads 8192]
                                  [--repeat 3] [--out bench/results/sim_throughput.json]

Both simulators run the same launch of the same corpus kernel
(`simt.bench.kernels`) on the same inputs: ours on the IR that
`simt.compile_python` makes of the kernel, numba's (`NUMBA_ENABLE_CUDASIM=1`,
one Python thread per CUDA thread) on the Python function itself, in a
subprocess. The outputs must agree with each other and with the kernel's
numpy reference. Reported: both wall times (ours: the best of `--repeat`
runs of `simulate`, with compilation of the IR excluded; numba's: the
launch as its worker times it), the speedup (numba's time / ours; the issue
asks for at least 20), and our throughput in active lane instructions per
second. This is a benchmark, not a test: run it by hand and commit the JSON.

The default kernel is `early_exit` (Bulavintsev 2019, Fig. 7: a loop nest
whose inner loop ends early in most lanes, the project's central benchmark).
numba's simulator pays about a second to start 8,192 Python threads, so
kernels that do little per thread show ratios in the hundreds; the
loop-heavy ones are the real test of our per-instruction cost.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

DEFAULT_OUT = Path("bench/results/sim_throughput.json")
DEFAULT_KERNEL = "early_exit"
TARGET_SPEEDUP = 20.0


def _case_for_threads(spec: Any, threads: int, seed: int) -> Any:
    """A launch of `spec` with exactly `threads` threads (scaling its work items)."""
    probe = spec.make_inputs(np.random.default_rng(seed), "small")
    items = spec.small_items * threads // probe.threads
    case = spec.make_inputs(np.random.default_rng(seed), items)
    if case.threads != threads:
        raise SystemExit(
            f"kernel {spec.name}: {items} work items launch {case.threads} threads, "
            f"not {threads}; choose another --threads or kernel"
        )
    return case


def _time_ours(module: Any, case: Any, repeat: int) -> tuple[float, Any, list[Any]]:
    from simt.sim import simulate

    best = float("inf")
    result = None
    args: list[Any] = []
    for _ in range(repeat):
        args = case.copy_args()
        start = time.perf_counter()
        result = simulate(module, case.grid, case.block, args)
        best = min(best, time.perf_counter() - start)
    assert result is not None
    return best, result, args


def _time_numba(jobs: list[tuple[Any, Any]]) -> list[tuple[float, list[Any]]]:
    """numba's simulator on every (spec, case), in one subprocess."""
    from simt.bench.kernels.cudasim import CudasimJob, run_cudasim

    outcomes = run_cudasim([CudasimJob.for_spec(spec, case) for spec, case in jobs])
    return [(outcome.seconds, outcome.unwrap()) for outcome in outcomes]


def _launches(kernels: list[str], threads: int, seed: int) -> list[tuple[Any, Any]]:
    from simt.bench.kernels.registry import CORPUS, get

    if kernels == ["all"]:
        jobs: list[tuple[Any, Any]] = []
        for spec in CORPUS.values():
            try:
                jobs.append((spec, _case_for_threads(spec, threads, seed)))
            except SystemExit as skipped:
                print(f"skipped: {skipped}")
        return jobs
    return [(get(k), _case_for_threads(get(k), threads, seed)) for k in kernels]


def run(
    kernels: list[str], threads: int, repeat: int, seed: int
) -> list[dict[str, Any]]:
    """Runs both simulators on each kernel and returns the measurements."""
    from simt.frontend import compile_python

    reports: list[dict[str, Any]] = []
    for spec, case in _launches(kernels, threads, seed):
        # one kernel at a time, numba right before ours, so both see the same
        # machine load
        ((numba_s, numba_args),) = _time_numba([(spec, case)])
        module = compile_python(spec.func, spec.signature)
        ours_s, result, ours_args = _time_ours(module, case, repeat)
        problems = spec.mismatches(numba_args, ours_args)
        problems += spec.mismatches(spec.expected(case), ours_args)
        reports.append(
            _report(spec.name, case, ours_s, numba_s, result.stats, problems)
        )
    return reports


def _report(
    kernel: str,
    case: Any,
    ours_s: float,
    numba_s: float,
    stats: Any,
    problems: list[str],
) -> dict[str, Any]:
    return {
        "kernel": kernel,
        "threads": case.threads,
        "grid": list(case.grid),
        "block": list(case.block),
        "ours_seconds": ours_s,
        "numba_cudasim_seconds": numba_s,
        "speedup": numba_s / ours_s,
        "target_speedup": TARGET_SPEEDUP,
        "lane_instructions": stats.lane_ops,
        "warp_instructions": stats.issued,
        "lane_instructions_per_second": stats.lane_ops / ours_s,
        "simd_efficiency": stats.simd_efficiency,
        "outputs_agree": not problems,
        "mismatches": problems,
    }


def _print(report: dict[str, Any]) -> None:
    print(
        f"{report['kernel']} x {report['threads']} threads: ours "
        f"{report['ours_seconds'] * 1e3:.1f} ms, numba cudasim "
        f"{report['numba_cudasim_seconds'] * 1e3:.1f} ms, speedup "
        f"{report['speedup']:.1f}x (target {TARGET_SPEEDUP:.0f}x); "
        f"{report['lane_instructions_per_second'] / 1e6:.1f} M lane instructions/s; "
        f"outputs agree: {report['outputs_agree']}"
    )
    for problem in report["mismatches"]:
        print(f"  mismatch: {problem}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Our simulator against numba's CUDA simulator on corpus kernels."
    )
    parser.add_argument(
        "--kernel",
        action="append",
        help=f"corpus kernel name, repeatable, or 'all' (default {DEFAULT_KERNEL})",
    )
    parser.add_argument("--threads", type=int, default=8192)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    options = parser.parse_args(argv)
    kernels = options.kernel or [DEFAULT_KERNEL]
    reports = run(kernels, options.threads, options.repeat, options.seed)
    for report in reports:
        _print(report)
    document = {
        "benchmark": "simt.bench.sim_throughput",
        "machine": platform.platform(),
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
        "python": platform.python_version(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "results": reports,
    }
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(document, indent=2) + "\n")
    return 0 if all(r["outputs_agree"] for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
