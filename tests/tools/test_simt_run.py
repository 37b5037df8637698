"""`simt-run`: simulates a kernel file, prints its statistics, writes the
profile and the heat map, and with `-p` compares before and after."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simt.tools.simt_run import main

EXAMPLE = Path(__file__).parents[2] / "examples" / "collatz.py"
SMALL = ["--grid", "1", "--block", "64", "--arg", "rounds=1"]


def test_run_prints_stats_and_writes_profile_and_plot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile, plot = tmp_path / "p.json", tmp_path / "a.png"
    status = main(
        [str(EXAMPLE), *SMALL, "--profile", str(profile), "--plot", str(plot)]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "SIMD efficiency" in out and "warp instructions" in out
    data = json.loads(profile.read_text())
    assert data["kernel"] == "collatz_rounds"
    assert data["threads"] == 64
    assert plot.stat().st_size > 0


def test_pipeline_comparison_keeps_outputs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main([str(EXAMPLE), *SMALL, "--no-files", "-p", "simt-flatten-loops"])
    out = capsys.readouterr().out
    assert status == 0
    assert "as given" in out and "after -p" in out
    assert "outputs: identical" in out


def test_profile_feeds_simt_optimize(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "collatz.profile.json"
    assert (
        main(
            [
                str(EXAMPLE),
                *SMALL,
                "--profile",
                str(profile),
                "--plot",
                str(tmp_path / "a.png"),
            ]
        )
        == 0
    )
    status = main(
        [
            str(EXAMPLE),
            *SMALL,
            "--no-files",
            "-p",
            f"simt-optimize{{profile={profile}}}",
        ]
    )
    assert status == 0
    assert "outputs: identical" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.py"], "missing.py: error: No such file or directory"),
        ([str(EXAMPLE), "--grid", "x"], "--grid expects N or X,Y,Z, found 'x'"),
        (
            [str(EXAMPLE), "--arg", "nope=3"],
            "--arg nope: the kernel has no such argument",
        ),
        ([str(EXAMPLE), "--arg", "rounds"], "--arg expects NAME=VALUE"),
        ([str(EXAMPLE), "--arg", "rounds=many"], "expected a number"),
        (
            [str(EXAMPLE), "--block", "2048"],
            "CUDA allows at most 1024 threads per block",
        ),
        ([str(EXAMPLE), "--kernel", "other"], "no function @other"),
        (
            [str(EXAMPLE), *SMALL, "-p", "simt-flaten-loops"],
            "did you mean 'simt-flatten-loops'",
        ),
        ([str(EXAMPLE), *SMALL, "--step-limit", "10"], "step limit 10"),
    ],
)
def test_errors_are_one_diagnostic(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    status = main([*args, "--no-files"])
    err = capsys.readouterr().err
    assert status == 1
    assert message in err
    assert "Traceback" not in err
