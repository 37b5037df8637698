"""`simt-bench`: run benchmark suites on the simulator or a GPU; write JSON and PNG.

    simt-bench [SUITE ...] [--backend sim|gpu] [--out DIR] [--quick] [--list]

DESIGN.md, Benchmarks: every benchmark is a numba-hosted kernel that numba
compiles as the baseline and simt compiles original and transformed, on the
same inputs, with the outputs checked. `--backend sim` (the default) measures
on the warp simulator and runs on any machine; `--backend gpu` times launches
with CUDA events through numba-cuda (`simt.runtime.launch`) and needs a GPU.
The suites are `simt.bench.suites.SUITES` (`--list` shows them); with no SUITE
every suite runs.

Each suite writes `<out>/<suite>.json` (suite, backend, device: the CPU model
for sim or the GPU's name, date, git commit when there is one, whether every
output agreed, and the suite's results) and its PNG plots, shows a progress bar
on a terminal (not when `CI=true` or with `--no-progress`), and prints a
summary table. Exit status: 0 when every output agreed, 1 when some output
differed or a suite failed, 2 for a usage error (an unknown suite, a suite that
does not run on the chosen backend, `--backend gpu` without a GPU).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from simt.bench import progress as bench_progress
from simt.bench.provenance import cpu_model, git_commit, git_dirty, metadata
from simt.bench.suites import (
    BACKENDS,
    GPU,
    SIM,
    SUITES,
    GpuDevice,
    Progress,
    Suite,
    SuiteContext,
    SuiteResult,
    cuda_device,
    gpu_available,
)

T = TypeVar("T")

DEFAULT_OUT = Path("bench-results")
PROG = "simt-bench"


class UsageError(Exception):
    """A command line that cannot run: printed as `simt-bench: error: ...`, exit 2."""


def detect_gpu() -> GpuDevice:
    """The current CUDA device, or a UsageError saying why there is none."""
    if not gpu_available():
        raise UsageError(
            "--backend gpu needs a CUDA GPU, but numba-cuda finds none "
            "(numba.cuda.is_available() is False); use --backend sim"
        )
    return cuda_device()


def parser() -> argparse.ArgumentParser:
    """The command line (see the module docstring)."""
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Run simt's benchmark suites; write JSON results and PNG plots.",
    )
    p.add_argument(
        "suites", nargs="*", metavar="SUITE", help="suites to run (default: all)"
    )
    p.add_argument(
        "--backend", choices=BACKENDS, default=SIM, help="sim (default) or gpu"
    )
    p.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help=f"output folder (default {DEFAULT_OUT})",
    )
    p.add_argument("--quick", action="store_true", help="a few kernels at small sizes")
    p.add_argument("--list", action="store_true", help="list the suites and exit")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--traceback", action="store_true", help="re-raise a suite's crash")
    return p


def list_suites() -> str:
    """One line per suite: name, backends and description."""
    width = max(len(name) for name in SUITES)
    backends = {name: f"[{', '.join(s.backends)}]" for name, s in SUITES.items()}
    column = max(len(b) for b in backends.values())
    return "\n".join(
        f"{s.name.ljust(width)}  {backends[s.name].ljust(column)}  {s.description}"
        for s in SUITES.values()
    )


def select_suites(names: Sequence[str], backend: str) -> list[Suite]:
    """The suites named (all when none), checked against the registry and the backend."""
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        raise UsageError(
            f"unknown suite {', '.join(map(repr, unknown))}; available suites: {', '.join(SUITES)}"
        )
    chosen = (
        [SUITES[n] for n in dict.fromkeys(names)] if names else list(SUITES.values())
    )
    if names:
        unsupported = [s.name for s in chosen if backend not in s.backends]
        if unsupported:
            raise UsageError(
                f"suite {', '.join(unsupported)} does not run on --backend {backend} (see --list)"
            )
        return chosen
    return [s for s in chosen if backend in s.backends]


def progress_enabled(disabled: bool) -> bool:
    """A bar only on a terminal, never in CI (`simt.bench.progress`)."""
    return bench_progress.progress_enabled(disabled)


def make_progress(enabled: bool) -> Progress:
    """tqdm over the items, or the items alone."""

    def progress(items: Sequence[T], desc: str) -> Iterable[T]:
        return bench_progress.progress(items, desc, enabled)

    return progress


def git_state() -> dict[str, Any]:
    """The commit simt runs from and whether tracked files differ from it."""
    return {"git_commit": git_commit(), "git_dirty": git_dirty()}


def _json_default(value: object) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, Path):
        return str(value)
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def document(
    suite: Suite, ctx: SuiteContext, result: SuiteResult, seconds: float
) -> dict[str, Any]:
    """The JSON record of one suite run."""
    device = ctx.gpu.name if ctx.gpu is not None else cpu_model()
    stamp = metadata(
        None,
        ctx.gpu.name if ctx.gpu is not None else f"simt simulator on {device}",
    )
    return {
        "metadata": stamp,
        "suite": suite.name,
        "backend": ctx.backend,
        "device": device,
        "simulator": "simt simulator (default cost table)"
        if ctx.backend == SIM
        else None,
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        **git_state(),
        "quick": ctx.quick,
        "wall_seconds": round(seconds, 2),
        "outputs_agree": result.outputs_agree,
        "plots": [p.name for p in result.plots],
        "notes": list(result.notes),
        "results": result.results,
    }


def run_suite(suite: Suite, ctx: SuiteContext, reraise: bool) -> bool:
    """Runs one suite, writes its JSON, prints its summary; True when all outputs agreed."""
    started = time.perf_counter()
    try:
        result = suite.run(ctx)
    except Exception as error:
        if reraise:
            raise
        print(
            f"{PROG}: error: suite {suite.name} failed: {type(error).__name__}: {error} "
            "(--traceback shows where)",
            file=sys.stderr,
        )
        return False
    seconds = time.perf_counter() - started
    path = ctx.out / f"{suite.name}.json"
    record = document(suite, ctx, result, seconds)
    path.write_text(json.dumps(record, indent=1, default=_json_default) + "\n")
    print(summary(suite, record, result, path))
    return result.outputs_agree


def summary(
    suite: Suite, record: dict[str, Any], result: SuiteResult, path: Path
) -> str:
    """The suite's table, its notes and what it wrote."""
    verdict = "all outputs agree" if result.outputs_agree else "SOME OUTPUTS DIFFER"
    lines = [
        f"== {suite.name} ({record['backend']}, {record['device']}): "
        f"{record['wall_seconds']:.1f} s, {verdict} ==",
        result.table.render(),
        *(f"  {note}" for note in result.notes),
        f"wrote {path} and {', '.join(str(p) for p in result.plots)}",
        "",
    ]
    return "\n".join(lines)


def main(
    argv: Sequence[str] | None = None, gpu_device: Callable[[], GpuDevice] = detect_gpu
) -> int:
    """Entry point of `simt-bench`; returns the exit status."""
    options = parser().parse_args(argv)
    if options.list:
        print(list_suites())
        return 0
    try:
        suites = select_suites(options.suites, options.backend)
        gpu = gpu_device() if options.backend == GPU else None
    except UsageError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    try:
        options.out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(
            f"{PROG}: error: cannot create {options.out}: {error.strerror}",
            file=sys.stderr,
        )
        return 2
    ctx = SuiteContext(
        options.backend,
        options.out,
        options.quick,
        make_progress(progress_enabled(options.no_progress)),
        gpu,
    )
    verdicts = [run_suite(suite, ctx, options.traceback) for suite in suites]
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
