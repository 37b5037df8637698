"""`python -m simt.bench.sim_speed` end to end on a small launch: every
output agrees (with the numpy references and with numba's simulator), the
JSON has its metadata and the targets, and the plot is written."""

from __future__ import annotations

import json
from pathlib import Path

from simt.bench import sim_speed


def test_sim_speed_small(tmp_path: Path) -> None:
    argv = ["--kernel", "bitonic_step", "--threads", "1024", "--cudasim-threads"]
    argv += ["1024", "--big-threads", "4096", "--repeat", "1", "--out", str(tmp_path)]
    assert sim_speed.main(argv) == 0
    record = json.loads((tmp_path / "sim_speed.json").read_text())
    for key in ("device", "date", "commit", "dirty", "command", "cpu"):
        assert key in record["metadata"]
    assert "load_average_start" in record
    rows = {r["kernel"]: r for r in record["results"]}
    assert set(rows) == {"bitonic_step", "nested_break", "never_ending"}
    assert all(r["outputs_agree"] for r in rows.values())
    assert rows["bitonic_step"]["speedup"] > 0
    assert rows["never_ending"]["warp_instructions"] > sim_speed.RUNAWAY_STEPS
    big = record["big_launch"]
    assert big["threads"] == 4096 and big["under_2_gib"]
    assert record["summary"]["shape_spread"]["1024"]["cpu"]["spread"] >= 1
    assert (tmp_path / "sim_speed.png").stat().st_size > 10_000
