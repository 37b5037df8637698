"""Results files record the commit and the CPU the numbers came from."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from simt.bench.provenance import cpu_model, git_commit, git_dirty

ROOT = Path(__file__).resolve().parents[2]


def test_commit_is_the_checkouts_head() -> None:
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    if head.returncode != 0:  # an unpacked sdist: no repository
        assert git_commit() is None and git_dirty() is None
        return
    assert git_commit() == head.stdout.strip()
    short = git_commit(short=True)
    assert short is not None and head.stdout.startswith(short)
    assert isinstance(git_dirty(), bool)


def test_cpu_model_is_named() -> None:
    assert re.search(r"\w", cpu_model())
