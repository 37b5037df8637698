"""`simt.bench.gpu_all` without a GPU: the dry run, the host target, the report."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from simt.bench import gpu_all
from simt.bench.kernels.spec import Arg
from simt.bench.suites import gpu_available


def _quiet(message: str) -> None:
    del message


def test_spearman() -> None:
    assert gpu_all.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert gpu_all.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert gpu_all.spearman([1, 2, 2, 3], [1, 3, 2, 4]) == pytest.approx(3 / 10**0.5)
    assert gpu_all.spearman([1, 2], [1, 2]) is None
    assert gpu_all.spearman([1, 1, 1], [1, 2, 3]) is None


def test_dry_run_builds_and_checks_fusion() -> None:
    document = gpu_all.run(
        ["fusion"], None, quick=True, arch="sm_90", timing=(0, 1), log=_quiet
    )
    (row,) = document["suites"]["fusion"]["rows"]
    original, fused = row["variants"]["original"], row["variants"]["fused"]
    assert original["outputs_agree"] is True  # host run against numpy
    assert fused["outputs_agree"] is True  # fused against original, on the host
    assert original["ptx_chars"] > 0 and fused["ptx_chars"] > 0
    assert original["sim_cycles"] > fused["sim_cycles"] > 0
    assert original["median_ms"] is None  # nothing timed
    assert document["outputs_agree"] is True


def test_host_target_times_and_correlates() -> None:
    document = gpu_all.run(
        ["fig7"],
        gpu_all.HostTarget(),
        quick=True,
        arch="sm_90",
        timing=(0, 2),
        log=_quiet,
    )
    data = document["suites"]["fig7"]
    assert document["outputs_agree"] is True
    for row in data["rows"]:
        for result in row["variants"].values():
            assert result["status"] == "ok", result
            assert len(result["times_ms"]) == 2
            assert result["median_ms"] == pytest.approx(np.median(result["times_ms"]))
    pairs = data["summary"]["pairs"]
    assert len(pairs) == 2 * len(data["rows"])  # always and adaptive per point
    assert data["summary"]["spearman"] is not None


def test_a_wrong_result_is_caught() -> None:
    jobs = gpu_all.fusion_jobs(True, Path("."))
    job = jobs[0]

    def broken(args: list[Arg]) -> list[str]:
        return ["argument 1: differs"]

    job.reference = broken
    results = gpu_all.run_job(job, None, "sm_90", (0, 1), _quiet)
    assert results["original"].outputs_agree is False
    assert results["original"].mismatches == ["argument 1: differs"]


@pytest.mark.skipif(gpu_available(), reason="checks the message shown without a GPU")
def test_gpu_target_without_a_gpu(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert gpu_all.main(["--suite", "fusion", "--out", str(tmp_path)]) == 2
    assert "--dry-run" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_main_dry_run_writes_the_report(tmp_path: Path) -> None:
    argv = ["--dry-run", "--quick", "--suite", "fusion", "--out", str(tmp_path)]
    assert gpu_all.main(argv) == 0
    document = json.loads((tmp_path / "gpu_all_fusion.json").read_text())
    assert document["mode"].startswith("dry run")
    assert document["device"].startswith("none")
    assert document["arch"] == "sm_90"
    assert "## fusion" in (tmp_path / "gpu_all_fusion.md").read_text()
