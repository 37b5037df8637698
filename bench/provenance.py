"""Where and from what a benchmark's numbers come: the CPU, simt's commit.

Every results file under `bench/results/` records these; the benchmarks and
`simt-bench` take them from here so that they are computed one way.
"""

from __future__ import annotations

import platform
import subprocess
from pathlib import Path

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
