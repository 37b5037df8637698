"""Where and from what a benchmark's numbers come: the CPU, simt's commit.

Every results file under `bench/results/` records these under one key,
`"metadata"`, with one schema (`METADATA_KEYS`, `metadata()`); the benchmarks
and `simt-bench` take them from here so that they are computed one way:

    "metadata": {"device": "simt simulator on AMD EPYC 7B13",
                 "cpu": "AMD EPYC 7B13", "date": "2026-11-24T03:20:00+00:00",
                 "commit": "5d2c...", "dirty": false,
                 "command": "python -m simt.bench.autotune --out bench/results"}

`device` is what produced the numbers (the simulator on this CPU, or the GPU's
name); `date` is UTC, ISO 8601; `commit` / `dirty` are None outside a git
checkout, as they are in results files written before the schema existed.
"""

from __future__ import annotations

import datetime
import platform
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
"""simt's source tree (the repository root when run from a checkout)."""


def cpu_model() -> str:
    """The CPU's model name (from /proc/cpuinfo where there is one)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def git(*args: str) -> str | None:
    """The stripped output of a read-only git command on simt's source tree,
    or None outside a checkout (or when git fails)."""
    try:
        done = subprocess.run(
            ["git", "-C", str(_ROOT), *args],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def git_commit(short: bool = False) -> str | None:
    """The commit simt runs from (abbreviated when `short`)."""
    return git("rev-parse", "--short", "HEAD") if short else git("rev-parse", "HEAD")


def git_dirty() -> bool | None:
    """Whether tracked files differ from the commit (None outside a checkout)."""
    changes = git("status", "--porcelain", "--untracked-files=no")
    return None if changes is None else bool(changes)


METADATA_KEYS = ("device", "cpu", "date", "commit", "dirty", "command")
"""The keys of every results file's `"metadata"` object."""


def metadata(
    command: str | Sequence[str] | None = None,
    device: str | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """The `"metadata"` object of a results file: `METADATA_KEYS`, then `extra`.

    `command` is the command line (a string, or argv; default: this process's
    `sys.argv`); `device` defaults to the simulator on this CPU."""
    if command is None:
        command = [Path(sys.argv[0]).name, *sys.argv[1:]]
    if not isinstance(command, str):
        command = shlex.join(command)
    cpu = cpu_model()
    return {
        "device": device if device is not None else f"simt simulator on {cpu}",
        "cpu": cpu,
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": git_commit(),
        "dirty": git_dirty(),
        "command": command,
        **extra,
    }
