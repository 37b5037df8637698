"""The benchmark script end to end, in its quick form (tiny samples)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simt.bench.dpll.run import main


@pytest.mark.slow
def test_quick_benchmark_writes_agreeing_results(tmp_path: Path) -> None:
    assert main(["--quick", "--out", str(tmp_path)]) == 0
    report = json.loads((tmp_path / "dpll.json").read_text())
    assert set(report["formulas"]) == {"hole8.cnf", "dubois25.cnf"}
    hole8 = report["formulas"]["hole8.cnf"]
    assert (hole8["variables"], hole8["clauses"]) == (72, 297)
    assert hole8["cpu_full"]["verdict"] == "UNSAT"
    assert (
        hole8["cpu_full"]["literal_checks"] > 0 and hole8["cpu_full"]["mlits_per_s"] > 0
    )
    for record in report["formulas"].values():
        simulated = record["simulator_original"]
        assert simulated["agrees_with_cpu"] is True
        assert simulated["all_jobs_done"] is True
        assert simulated["subtrees"] >= 2 * simulated["lanes"]
        assert simulated["literal_checks"] == record["sample"]["literal_checks"]
        assert 0.0 < simulated["simd_efficiency"] <= 1.0
        assert "status" in record["gpu"] or "numba" in record["gpu"]
        gain = record["simd_efficiency_gain"]
        optimized = record["simulator_optimized"]["simd_efficiency"]
        assert gain == pytest.approx(optimized / simulated["simd_efficiency"])
    dubois25 = report["formulas"]["dubois25.cnf"]
    assert "symmetric" in dubois25["note"] and "ringsat" in dubois25["note"]
    shuffled, short, uneven, lockstep = (dubois25, *dubois25["variants"])
    for record in (shuffled, short):
        assert record["sample"]["decision_order"].startswith("random per sub-tree")
        assert record["sample"]["node_limit"] is not None
    for record in (uneven, lockstep):
        sample = record["sample"]
        assert sample["decision_order"] == "index"
        assert sample["node_limit"] is None and sample["verdict"] == "UNSAT"
    for record in (shuffled, short, uneven, lockstep):
        assert record["simulator_optimized"]["agrees_with_cpu"] is True
        assert record["simulator_optimized"]["all_jobs_done"] is True
    assert uneven["sample"]["subtree_nodes"]["distinct"] > 1
    assert lockstep["sample"]["subtree_nodes"]["distinct"] == 1
    levels = [loop["level"] for loop in report["loop_tree"]["kernels"][0]["loops"]]
    assert levels.count("warp") == 1 and "grid/block" in levels
    assert report["ptx"].startswith("ok")
