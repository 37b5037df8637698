"""The dynamic profile (JSON), the cost API, site names and the activity picture."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sim_kernels import PER_LANE_LOOP
from xdsl.dialects import arith, cf, math, memref, scf

import simt as simt_api
from simt.bench.kernels import CORPUS
from simt.dialects import simt
from simt.model.facts import cost_class
from simt.model.sites import site_ids
from simt.sim import CostTable, OpKind, op_cost, site_id


def test_json_profile_round_trips(run, parse):
    out = np.zeros(64, dtype=np.int32)
    stats = run(PER_LANE_LOOP, [out, 3], block=64, warp_size=32).stats
    profile = json.loads(stats.to_json())
    assert profile["kernel"] == "k"
    assert (profile["grid"], profile["block"], profile["warp_size"]) == (
        [1, 1, 1],
        [64, 1, 1],
        32,
    )
    assert (profile["threads"], profile["warps"]) == (64, 2)
    assert profile["issued"] == stats.issued and profile["lane_ops"] == stats.lane_ops
    assert profile["simd_efficiency"] == pytest.approx(stats.simd_efficiency)
    (site,) = profile["loops"]
    loop = profile["loops"][site]
    assert site == "@k/b0.7"
    assert loop["op"] == "scf.for" and loop["location"] == "loop.py:5:4"
    # lane t runs t + 3 iterations; each warp runs as long as its last lane
    assert loop["lane_iterations"] == sum(t + 3 for t in range(64))
    assert loop["warp_iterations"] == 34 + 66
    assert loop["trip_count"] == pytest.approx(np.mean([t + 3 for t in range(64)]))
    assert 0 < loop["idle_fraction"] < 1
    assert profile["branches"][site]["divergent"] == 2 * 31
    assert profile["block_executions"] == {"@k/b0": 2, "@k/b0.7/r0.b0": 100}
    assert profile["cost_table"]["load"] == 4.0


def test_site_names_are_positions(parse):
    module = parse(PER_LANE_LOOP)
    loop = next(op for op in module.walk() if isinstance(op, scf.ForOp))
    assert site_id(loop) == "@k/b0.7"
    inner = loop.body.block.first_op
    assert inner is not None and site_id(inner) == "@k/b0.7/r0.b0.0"


@pytest.mark.parametrize("name", ["csr_spmv", "escape_time", "first_match"])
def test_site_names_in_one_walk_match_one_by_one(name: str) -> None:
    """`site_ids` (one walk) names every op as `site_id` does, also after
    linearization nests blocks deeper."""
    spec = CORPUS[name]
    for pipeline in ("", "simt-linearize"):
        module = simt_api.compile_python(spec.func, spec.signature)
        if pipeline:
            simt_api.apply_passes(module, pipeline)
        ops = [op for op in module.walk() if op is not module]
        assert site_ids(module) == {op: site_id(op) for op in ops}
        function = ops[0]
        nested = [op for op in function.walk() if op is not function]
        assert site_ids(function) == {op: site_id(op) for op in nested}


def test_cost_table_api():
    assert cost_class(arith.DivSIOp) is OpKind.INT_DIV
    assert cost_class(math.ExpOp) is OpKind.TRANSCENDENTAL
    assert cost_class(simt.GuardTestOp) is OpKind.GUARD
    assert cost_class(cf.ConditionalBranchOp) is OpKind.BRANCH
    assert op_cost(memref.LoadOp) == 4
    table = CostTable(int_div=40, ops={"arith.remsi": 30})
    assert op_cost(arith.DivSIOp, table) == 40
    assert op_cost(arith.RemSIOp, table) == 30
    assert op_cost(scf.YieldOp, table) == 0
    with pytest.raises(ValueError, match="non-negative"):
        CostTable(load=-1)


def test_activity_heat_map_is_written(run, tmp_path):
    out = np.zeros(256, dtype=np.int32)
    result = run(PER_LANE_LOOP, [out, 1], grid=2, block=128, warp_size=32)
    path = result.plot_activity(tmp_path / "activity.png")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 2000
    assert result.trace is not None
    occupancy = result.trace.occupancy()
    assert occupancy.shape[0] == 8
    # warp 0 starts converged, then loses a lane per iteration
    assert occupancy[0, 0] == 1.0 and np.nanmin(occupancy[0]) < 0.2


def test_trace_stays_bounded_for_long_runs(run):
    out = np.zeros(32, dtype=np.int32)
    result = run(PER_LANE_LOOP, [out, 3000], block=32)
    assert result.trace is not None
    assert result.trace.occupancy().shape[1] <= result.trace.columns
    assert result.trace.width > 1
    assert result.stats.issued > 3000 * 3


def test_integer_bit_counts_cost_one_alu_instruction() -> None:
    bit_ops = (
        math.CtPopOp,
        math.CountLeadingZerosOp,
        math.CountTrailingZerosOp,
        math.AbsIOp,
    )
    for op in bit_ops:
        assert cost_class(op) is OpKind.ALU
        assert op_cost(op) == 1
    assert cost_class(math.ExpOp) is OpKind.TRANSCENDENTAL
