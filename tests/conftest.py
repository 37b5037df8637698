"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from simt.lowering.ptxas import find_ptxas


@pytest.fixture(scope="session")
def ptxas() -> Path:
    """The ptxas of the nvidia-cuda-nvcc-cu12 wheel (a dev dependency).

    Missing in CI is a failure; on a developer machine without it, a skip.
    """
    binary = find_ptxas()
    if binary is None:
        if os.environ.get("CI") == "true":
            pytest.fail("ptxas (nvidia-cuda-nvcc-cu12, a dev dependency) is missing")
        pytest.skip("ptxas wheel nvidia-cuda-nvcc-cu12 not installed")
    return binary


SimtOpt = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="session")
def simt_opt() -> SimtOpt:
    """`simt_opt(path, *args)`: runs `simt-opt path args...` in a subprocess, the
    way a user does, and returns the completed process (never raises on exit 1)."""

    def run(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "simt.tools.simt_opt", str(path), *args],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    return run
