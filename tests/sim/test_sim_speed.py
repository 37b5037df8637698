"""`python -m simt.bench.sim_speed` end to end on a small launch: every
output agrees (with the numpy references and with numba's simulator), the
JSON has its metadata and the targets, and the plot is written."""

from __future__ import annotations

import json
from pathlib import Path

from simt.bench import sim_speed


def test_sim_speed_small(tmp_path: Path) -> None:
    argv = ["--kernel", "bitonic_step", "--threads", "1024", "--cudasim-threads"]
    argv += ["1024", "--big-threads", "4096", "--repeat", "1", "--sweeps", "2"]
    argv += ["--out", str(tmp_path)]
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


def test_sweeps_keep_each_kernels_fastest_times() -> None:
    """Two sweeps over the same kernels give each its fastest wall and CPU
    time and the rates they give; a mismatch in either sweep stays."""
    case = sim_speed.LaunchCase((2,), (32,), [])
    first = [
        sim_speed._row("a", "corpus", case, (2.0, 1.0), 100, 3200, []),
        sim_speed._row("b", "corpus", case, (1.0, 4.0), 50, 800, []),
    ]
    second = [
        sim_speed._row("a", "corpus", case, (4.0, 0.5), 100, 3200, ["out differs"]),
        sim_speed._row("b", "corpus", case, (0.5, 5.0), 50, 800, []),
    ]
    a, b = sim_speed._fastest(first, second)
    assert (a["seconds"], a["cpu_seconds"]) == (2.0, 0.5)
    assert a["warp_instructions_per_second"] == 50.0
    assert a["lane_instructions_per_cpu_second"] == 6400.0
    assert not a["outputs_agree"] and a["mismatches"] == ["out differs"]
    assert (b["seconds"], b["cpu_seconds"]) == (0.5, 4.0)
    assert b["warp_instructions_per_second"] == 100.0 and b["outputs_agree"]
