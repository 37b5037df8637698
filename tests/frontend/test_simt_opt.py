"""`simt-opt` reads `.py` files through the frontend."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

GOOD = """\
from numba import cuda


@cuda.jit("void(int32[:], int32)")
def kernel(a, n):
    i = cuda.grid(1)
    if i < n:
        a[i] = a[i] * 2
"""

BAD = """\
from numba import cuda


@cuda.jit("void(int32[:], int32)")
def kernel(a, n):
    x = [n, n]
"""


def test_simt_opt_prints_the_ir_of_a_python_file(
    tmp_path: Path, simt_opt: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    path = tmp_path / "kernels.py"
    path.write_text(GOOD)
    result = simt_opt(path)
    assert result.returncode == 0, result.stderr
    assert "func.func @kernel" in result.stdout
    assert "simt.kernel" in result.stdout
    assert "scf.if" in result.stdout


def test_simt_opt_reports_a_bad_python_file_without_traceback(
    tmp_path: Path, simt_opt: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    path = tmp_path / "bad.py"
    path.write_text(BAD)
    result = simt_opt(path)
    assert result.returncode == 1
    assert f"{path}:6:9: error: unsupported construct 'list'" in result.stderr
    assert "Traceback" not in result.stderr
