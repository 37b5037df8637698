"""Run kernels under numba's CUDA simulator in a subprocess: the independent reference.

numba's simulator (`NUMBA_ENABLE_CUDASIM=1`) executes a `cuda.jit` kernel as
plain Python, one OS thread per CUDA thread, with numpy arrays as device
memory. Nobody in this project wrote it, so agreeing with it is evidence that
our frontend and simulator give kernels numba's meaning. It must be chosen
before numba is imported, hence the subprocess.

Protocol (one subprocess for a whole batch, to pay numba's start-up once):
the harness writes `jobs.json` and one `in_<i>.npz` per job into a temporary
directory; `python -m simt.bench.kernels._cudasim_worker DIR` imports each
kernel (by module name, or from its source file for kernels that live in
generated files), launches `cuda.jit(signature)(func)[grid, block](*args)`,
and writes `out_<i>.npz` (all arguments after the launch) and `results.json`
(per job: ok or the error text, and the seconds it took). A kernel that raises
under the simulator (an out-of-bounds index, an integer overflow warning,
which the worker turns into an error) fails only its own job.

Limitations of the reference: the simulator has no warp vote functions
(`any_sync`, `all_sync`, `ballot_sync`), so kernels that use them cannot be
checked here; it runs threads one block at a time, so only race-free kernels
(or benign races where every writer writes the same value) give a meaningful
answer; and its scalars follow numpy's promotion rules rather than numba's,
so float32 arithmetic can round differently (compare with a tolerance).
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simt.bench.kernels.spec import Arg, KernelSpec, LaunchCase

WORKER_MODULE = "simt.bench.kernels._cudasim_worker"


class CudasimError(RuntimeError):
    """The simulator subprocess failed, or a job in it raised."""


@dataclass(frozen=True)
class KernelRef:
    """Where the subprocess finds a kernel: a module it can import, else a source file."""

    module: str
    func_name: str
    path: str | None

    @staticmethod
    def of(func: Callable[..., None]) -> KernelRef:
        """The reference of a module-level function."""
        if "<locals>" in func.__qualname__:
            raise CudasimError(
                f"kernel {func.__qualname__} is defined inside a function; "
                "numba's simulator subprocess can only load module-level kernels"
            )
        module = func.__module__
        path = inspect.getsourcefile(func)
        if not _importable(module) and path is None:
            raise CudasimError(
                f"kernel {func.__qualname__}: module {module!r} is not importable "
                "and has no source file"
            )
        return KernelRef(module, func.__name__, path)


def _importable(module: str) -> bool:
    if module == "__main__":
        return False
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


@dataclass(frozen=True)
class CudasimJob:
    """One launch to run under the simulator."""

    label: str
    kernel: KernelRef
    signature: str
    case: LaunchCase

    @staticmethod
    def for_spec(
        spec: KernelSpec, case: LaunchCase, label: str | None = None
    ) -> CudasimJob:
        """A job that launches a corpus kernel on `case`."""
        return CudasimJob(
            label or spec.name, KernelRef.of(spec.func), spec.signature, case
        )


@dataclass(frozen=True)
class CudasimResult:
    """The outcome of one job: every argument after the launch, or the error."""

    label: str
    args: list[Arg] | None
    error: str | None
    seconds: float
    cpu_seconds: float = float("nan")
    """The worker process's CPU time for the job (its simulated threads included)."""

    def unwrap(self) -> list[Arg]:
        """The arguments after the launch; raises CudasimError if the job failed."""
        if self.args is None:
            raise CudasimError(
                f"{self.label} failed under numba's CUDA simulator:\n{self.error}"
            )
        return self.args


def run_cudasim(
    jobs: Sequence[CudasimJob], *, timeout: float = 900.0, repeat: int = 1
) -> list[CudasimResult]:
    """Run every job under numba's CUDA simulator in one subprocess, in order.

    Each job is launched `repeat` times (fewer once its launches took 20 s)
    on fresh copies of its arguments;
    its times are the fastest launch's (the launch alone, without loading
    and saving the arrays), its arguments those after the last launch.
    The jobs' argument arrays are not modified; results hold fresh arrays.
    """
    if not jobs:
        return []
    with tempfile.TemporaryDirectory(prefix="simt-cudasim-") as tmp:
        directory = Path(tmp)
        _write_jobs(directory, jobs, repeat)
        _run_worker(directory, timeout)
        return _read_results(directory, jobs)


def _write_jobs(directory: Path, jobs: Sequence[CudasimJob], repeat: int) -> None:
    manifest: list[dict[str, object]] = []
    for index, job in enumerate(jobs):
        np.savez(directory / f"in_{index}.npz", *(np.asarray(a) for a in job.case.args))
        manifest.append(
            {
                "label": job.label,
                "module": job.kernel.module,
                "func": job.kernel.func_name,
                "path": job.kernel.path,
                "signature": job.signature,
                "grid": list(job.case.grid),
                "block": list(job.case.block),
                "scalars": [i for i, a in enumerate(job.case.args) if np.ndim(a) == 0],
                "nargs": len(job.case.args),
                "repeat": max(1, repeat),
            }
        )
    (directory / "jobs.json").write_text(json.dumps(manifest, indent=1))


def _run_worker(directory: Path, timeout: float) -> None:
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    command = [sys.executable, "-m", WORKER_MODULE, str(directory)]
    try:
        done = subprocess.run(
            command,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise CudasimError(
            f"numba's CUDA simulator did not finish within {timeout:.0f} s"
        ) from exc
    if done.returncode != 0:
        raise CudasimError(
            f"numba's CUDA simulator worker exited with status {done.returncode}:\n"
            f"{done.stderr[-4000:]}"
        )


def _read_results(directory: Path, jobs: Sequence[CudasimJob]) -> list[CudasimResult]:
    reports = json.loads((directory / "results.json").read_text())
    results: list[CudasimResult] = []
    for index, (job, report) in enumerate(zip(jobs, reports, strict=True)):
        args = None
        if report["ok"]:
            args = _load_args(directory / f"out_{index}.npz", job.case)
        results.append(
            CudasimResult(
                job.label,
                args,
                report["error"],
                report["seconds"],
                report.get("cpu_seconds", float("nan")),
            )
        )
    return results


def _load_args(path: Path, case: LaunchCase) -> list[Arg]:
    with np.load(path) as data:
        loaded = [data[f"arr_{i}"] for i in range(len(case.args))]
    return [a if np.ndim(a) > 0 else a[()] for a in loaded]
