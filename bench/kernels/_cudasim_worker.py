"""Subprocess side of `simt.bench.kernels.cudasim`: run a batch of jobs under cudasim.

Usage: `NUMBA_ENABLE_CUDASIM=1 python -m simt.bench.kernels._cudasim_worker DIR`,
where DIR holds `jobs.json` and `in_<i>.npz` as `cudasim.py` writes them. Writes
`out_<i>.npz` for every job that ran and `results.json` for all of them.
Integer-overflow warnings from numpy scalars become errors: numba's compiled
code would wrap (or widen) differently, so such a run is no reference.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

REPEAT_BUDGET_SECONDS = 20.0
"""No further launches of a job once its launches took this long: a launch
of many seconds is measured well once (bitonic_sort_block takes 80 s)."""


def _load_module(module: str, path: str | None) -> ModuleType:
    try:
        if importlib.util.find_spec(module) is not None:
            return importlib.import_module(module)
    except (ImportError, ValueError):
        pass
    if path is None:
        raise ImportError(f"cannot import {module!r} and no source file was given")
    name = f"_cudasim_kernel_{abs(hash(path))}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load kernel source {path}")
    loaded = importlib.util.module_from_spec(spec)
    sys.modules[name] = loaded
    spec.loader.exec_module(loaded)
    return loaded


def _kernel(job: dict[str, Any]) -> Callable[..., None]:
    module = _load_module(job["module"], job["path"])
    return getattr(module, job["func"])


def _run_job(directory: Path, index: int, job: dict[str, Any]) -> tuple[float, float]:
    """Launches the job `repeat` times (fewer once `REPEAT_BUDGET_SECONDS`
    are spent) on fresh copies of its arguments and saves them after the
    last launch; returns the fastest launch's wall and CPU seconds (each the
    minimum over the launches)."""
    from numba import cuda

    with np.load(directory / f"in_{index}.npz") as data:
        loaded = [data[f"arr_{i}"] for i in range(job["nargs"])]
    kernel: Any = cuda.jit(job["signature"])(_kernel(job))
    best = best_cpu = float("inf")
    launch_args: list[Any] = []
    spent = 0.0
    for _ in range(job.get("repeat", 1)):
        if spent >= REPEAT_BUDGET_SECONDS:
            break
        launch_args = [
            a[()] if i in job["scalars"] else a.copy() for i, a in enumerate(loaded)
        ]
        start, start_cpu = time.perf_counter(), time.process_time()
        kernel[tuple(job["grid"]), tuple(job["block"])](*launch_args)
        seconds = time.perf_counter() - start
        spent += seconds
        best = min(best, seconds)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
    np.savez(directory / f"out_{index}.npz", *(np.asarray(a) for a in launch_args))
    return best, best_cpu


def main(argv: list[str]) -> int:
    from numba import config

    if not getattr(config, "ENABLE_CUDASIM", 0):
        print("NUMBA_ENABLE_CUDASIM=1 must be set for this worker", file=sys.stderr)
        return 2
    warnings.filterwarnings("error", message=".*overflow.*", category=RuntimeWarning)
    directory = Path(argv[1])
    jobs = json.loads((directory / "jobs.json").read_text())
    reports: list[dict[str, Any]] = []
    for index, job in enumerate(jobs):
        start, start_cpu = time.perf_counter(), time.process_time()
        error = None
        try:
            seconds, cpu = _run_job(directory, index, job)
        except Exception:
            error = traceback.format_exc(limit=8)
            seconds = time.perf_counter() - start
            cpu = time.process_time() - start_cpu
        reports.append(
            {
                "ok": error is None,
                "error": error,
                "seconds": seconds,
                "cpu_seconds": cpu,
            }
        )
    (directory / "results.json").write_text(json.dumps(reports, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
