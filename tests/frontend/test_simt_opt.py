"""`simt-opt` reads `.py` files through the frontend."""

from __future__ import annotations

import subprocess
import sys
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
    x = (n, n)
"""


def _simt_opt(path: Path) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable,
        "-c",
        "from simt.tools.simt_opt import main; raise SystemExit(main())",
        str(path),
    ]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=120, check=False
    )


def test_simt_opt_prints_the_ir_of_a_python_file(tmp_path: Path) -> None:
    path = tmp_path / "kernels.py"
    path.write_text(GOOD)
    result = _simt_opt(path)
    assert result.returncode == 0, result.stderr
    assert "func.func @kernel" in result.stdout
    assert "simt.kernel" in result.stdout
    assert "scf.if" in result.stdout


def test_simt_opt_reports_a_bad_python_file_without_traceback(tmp_path: Path) -> None:
    path = tmp_path / "bad.py"
    path.write_text(BAD)
    result = _simt_opt(path)
    assert result.returncode == 1
    assert f"{path}:6:9: unsupported construct 'tuple'" in result.stderr
    assert "Traceback" not in result.stderr
