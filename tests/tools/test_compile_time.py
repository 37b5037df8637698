"""`python -m simt.bench.compile_time`: a quick run writes its results; the fit."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from simt.bench.compile_time import STAGES, fitted_exponent


def test_quick_run_writes_every_stage(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "simt.bench.compile_time",
            "--quick",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads((tmp_path / "compile_time.json").read_text())
    (size,) = result["sizes"]
    assert 300 <= size["ops"] <= 600
    assert list(result["stages"]) == list(STAGES)
    for name, entry in result["stages"].items():
        (seconds,) = entry["seconds"]
        assert seconds > 0, name
        assert entry["exponent"] is None
    meta = result["metadata"]
    assert meta["command"].endswith("--quick --out " + str(tmp_path))
    assert meta["date"] and meta["cpu"]
    report = (tmp_path / "compile_time.md").read_text()
    assert "| simt-divergence |" in report
    assert "| simt-divergence |" in done.stdout


def test_fitted_exponent_is_the_slope_in_log_log() -> None:
    ops = [400, 1600, 6400]
    assert fitted_exponent(ops, [2e-6 * n**1.5 for n in ops]) == pytest.approx(1.5)
    assert fitted_exponent(ops, [0.1, 0.1, 0.1]) == pytest.approx(0.0)
    assert fitted_exponent([400], [1.0]) is None
    noisy = fitted_exponent(ops, [0.01, 0.05, 0.15])
    assert noisy is not None and math.isfinite(noisy)


def test_bad_sizes_are_refused(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "simt.bench.compile_time",
            "--sizes",
            "0",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "expected positive sizes" in done.stderr
    assert "Traceback" not in done.stderr
