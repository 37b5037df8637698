"""Fixtures shared by every test folder."""

from __future__ import annotations

import os
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
