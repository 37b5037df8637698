"""Benchmark: host execution of the lowered code against the simulator, per corpus kernel.

    python -m simt.bench.host_speed [--threads 65536] [--repeat 3]
                                    [--kernel NAME ...] [--out bench/results/host_speed.json]

Every corpus kernel (`simt.bench.kernels.CORPUS`) runs the same launch of
`--threads` threads on the same inputs twice: on the simulator
(`simt.simulate`, no activity trace) and on the host (`simt.runtime.host`:
the NVPTX path's LLVM IR retargeted and JIT-compiled, with its fault checks,
and once more without them). Compilation is timed apart and excluded from
the rates. The work of a launch is the simulator's count of active lane
instructions (`SimulationStats.lane_ops`); each backend's rate is that count
over its best wall time of `--repeat` runs, and the speedup is the ratio of
the times (the issue asks for at least 10x). Outputs must agree with each
other and with the kernel's numpy reference. A kernel whose inputs cannot
launch exactly `--threads` threads gets the nearest launch, which the table
shows. Writes JSON and a Markdown table beside it, with the machine, date,
commit and command.
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

from simt.bench.kernels.spec import KernelSpec, LaunchCase
from simt.bench.provenance import cpu_model, git_commit, metadata

DEFAULT_OUT = Path("bench/results/host_speed.json")
TARGET_SPEEDUP = 10.0


def case_for_threads(spec: KernelSpec, threads: int, seed: int) -> LaunchCase:
    """A launch of `spec` with `threads` threads, or the nearest its inputs allow."""
    probe = spec.make_inputs(np.random.default_rng(seed), "small")
    items = max(1, spec.small_items * threads // probe.threads)
    case = spec.make_inputs(np.random.default_rng(seed), items)
    if case.threads != threads:
        items = max(1, items * threads // case.threads)
        case = spec.make_inputs(np.random.default_rng(seed), items)
    return case


def _best(run: Any, case: LaunchCase, repeat: int) -> tuple[float, list[Any], Any]:
    best = float("inf")
    args: list[Any] = []
    result = None
    for _ in range(repeat):
        args = case.copy_args()
        start = time.perf_counter()
        result = run(args)
        best = min(best, time.perf_counter() - start)
    return best, args, result


def measure(spec: KernelSpec, threads: int, repeat: int, seed: int) -> dict[str, Any]:
    """Simulator and host on one kernel; the row of the table."""
    import simt
    from simt.runtime.host import HostModule

    case = case_for_threads(spec, threads, seed)
    module = simt.compile_python(spec.func, spec.signature)
    sim_s, sim_args, sim_result = _best(
        lambda a: simt.simulate(module, case.grid, case.block, a, trace=False),
        case,
        repeat,
    )
    start = time.perf_counter()
    host = HostModule(module, workers=1)
    compile_s = time.perf_counter() - start
    host_s, host_args, host_result = _best(
        lambda a: host.launch(case.grid, case.block, a), case, repeat
    )
    bare = HostModule(module, checks=False, workers=1)
    bare_s, bare_args, _ = _best(
        lambda a: bare.launch(case.grid, case.block, a), case, repeat
    )
    parallel = HostModule(module)
    parallel_s, parallel_args, _ = _best(
        lambda a: parallel.launch(case.grid, case.block, a), case, repeat
    )
    problems = spec.mismatches(sim_args, host_args)
    problems += spec.mismatches(sim_args, bare_args)
    problems += spec.mismatches(sim_args, parallel_args)
    problems += spec.mismatches(spec.expected(case), host_args)
    lane_ops = sim_result.stats.lane_ops
    return {
        "kernel": spec.name,
        "threads": case.threads,
        "grid": list(case.grid),
        "block": list(case.block),
        "mode": host_result.mode.value,
        "lane_instructions": lane_ops,
        "sim_seconds": sim_s,
        "host_seconds": host_s,
        "host_unchecked_seconds": bare_s,
        "host_parallel_seconds": parallel_s,
        "host_workers": parallel.workers,
        "host_compile_seconds": compile_s,
        "sim_lane_instructions_per_second": lane_ops / sim_s,
        "host_lane_instructions_per_second": lane_ops / host_s,
        "speedup": sim_s / host_s,
        "speedup_unchecked": sim_s / bare_s,
        "speedup_parallel": sim_s / parallel_s,
        "outputs_agree": not problems,
        "mismatches": problems,
    }


def _geomean(values: list[float]) -> float:
    return float(np.exp(np.mean(np.log(values)))) if values else float("nan")


def markdown(document: dict[str, Any]) -> str:
    """The table of a results document."""
    rows = [
        "| kernel | threads | mode | lane instr. | simulator | host | host, no checks "
        "| host, all CPUs | speedup (1 CPU) | speedup (all CPUs) "
        "| sim M lane instr./s | host M lane instr./s |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in document["results"]:
        rows.append(
            f"| {r['kernel']} | {r['threads']} | {r['mode']} | {r['lane_instructions']:,} "
            f"| {r['sim_seconds'] * 1e3:.1f} ms | {r['host_seconds'] * 1e3:.2f} ms "
            f"| {r['host_unchecked_seconds'] * 1e3:.2f} ms "
            f"| {r['host_parallel_seconds'] * 1e3:.2f} ms | {r['speedup']:.0f}x "
            f"| {r['speedup_parallel']:.0f}x "
            f"| {r['sim_lane_instructions_per_second'] / 1e6:,.0f} "
            f"| {r['host_lane_instructions_per_second'] / 1e6:,.0f} |"
        )
    head = [
        "# Host execution against the simulator",
        "",
        f"`{document['command']}` on {document['cpu']} ({document['cpus']} CPUs, "
        f"{document['machine']}), {document['date']}, commit {document['commit']}; "
        f"load average {document['load_average'][0]:.1f} when it started (a shared "
        "machine: both sides ran under the same load).",
        "",
        "Both run the same launch of each corpus kernel on the same inputs; the work",
        "is the simulator's count of active lane instructions. Times are the best of",
        f'{document["repeat"]} runs, compilation excluded. "host" runs on one CPU',
        'thread with the fault checks on (the default), "no checks" without them,',
        '"all CPUs" splits a launch without collectives over the CPUs (checks on).',
        "",
    ]
    summary = document["summary"]
    tail = [
        "",
        f"Geometric mean speedup on one CPU {summary['geomean_speedup']:.0f}x "
        f"(without checks {summary['geomean_speedup_unchecked']:.0f}x, on all CPUs "
        f"{summary['geomean_speedup_parallel']:.0f}x), minimum "
        f"{summary['min_speedup']:.1f}x (target {TARGET_SPEEDUP:.0f}x); "
        f"all outputs agree: {summary['all_agree']}.",
    ]
    return "\n".join(head + rows + tail) + "\n"


def run(
    kernels: list[str], threads: int, repeat: int, seed: int
) -> list[dict[str, Any]]:
    from simt.bench.kernels.registry import CORPUS

    names = kernels or list(CORPUS)
    results: list[dict[str, Any]] = []
    for name in names:
        row = measure(CORPUS[name], threads, repeat, seed)
        print(
            f"{name}: {row['threads']} threads, sim {row['sim_seconds']:.3f} s, host "
            f"{row['host_seconds'] * 1e3:.2f} ms ({row['mode']}), "
            f"{row['speedup']:.0f}x; outputs agree: {row['outputs_agree']}",
            flush=True,
        )
        results.append(row)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Host execution against the simulator on the corpus."
    )
    parser.add_argument("--kernel", action="append", default=[])
    parser.add_argument("--threads", type=int, default=1 << 16)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    options = parser.parse_args(argv)
    results = run(options.kernel, options.threads, options.repeat, options.seed)
    speedups = [r["speedup"] for r in results]
    document = {
        "metadata": metadata(
            "python -m simt.bench.host_speed " + " ".join(argv or sys.argv[1:]),
            f"CPU: {cpu_model()} (host execution)",
        ),
        "benchmark": "simt.bench.host_speed",
        "command": "python -m simt.bench.host_speed " + " ".join(argv or sys.argv[1:]),
        "machine": platform.platform(),
        "cpu": cpu_model(),
        "cpus": os.cpu_count(),
        "load_average": list(os.getloadavg()),
        "python": platform.python_version(),
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": git_commit(short=True),
        "threads": options.threads,
        "repeat": options.repeat,
        "target_speedup": TARGET_SPEEDUP,
        "summary": {
            "geomean_speedup": _geomean(speedups),
            "geomean_speedup_unchecked": _geomean(
                [r["speedup_unchecked"] for r in results]
            ),
            "geomean_speedup_parallel": _geomean(
                [r["speedup_parallel"] for r in results]
            ),
            "min_speedup": min(speedups),
            "all_agree": all(r["outputs_agree"] for r in results),
        },
        "results": results,
    }
    options.out.parent.mkdir(parents=True, exist_ok=True)
    options.out.write_text(json.dumps(document, indent=2) + "\n")
    options.out.with_suffix(".md").write_text(markdown(document))
    return 0 if document["summary"]["all_agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
