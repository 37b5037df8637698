"""The cost model of loop nest reduction (formula (1)) and the pass's options."""

from __future__ import annotations

import json

import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import PassFailedException

from simt.analysis.cost_model import (
    DETOUR_OVERHEAD,
    NestCost,
    NestCostModel,
    adaptive_threshold,
    load_profile,
)
from simt.pipeline import apply_passes, default_context

NEST = """
func.func @nest(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %lim = arith.andi %i, %n : i32
    %s = scf.for %j = %c0 to %lim step %c1 iter_args(%x = %acc) -> (i32) : i32 {
      %x2 = arith.addi %x, %j : i32
      scf.yield %x2 : i32
    }
    scf.yield %s : i32
  }
  func.return %r : i32
}
"""


def _module():
    return Parser(default_context(), NEST).parse_module()


def test_threshold_is_formula_1() -> None:
    assert NestCost(ta=10.0, tb=30.0, idle_fraction=0.3).threshold == 10 / 40
    assert NestCost(ta=0.0, tb=0.0, idle_fraction=0.3).threshold == 0.0


def test_detouring_every_iteration_reduces_to_formula_1_over_t_iterations() -> None:
    """With many idle lanes the warp detours at every flattened iteration and
    the test is n/N > (T - 1) / T * Ta / (Ta + Tb) = 0.75 * 0.25."""
    below = NestCost(10.0, 30.0, 0.18, trip_count=4.0)
    above = NestCost(10.0, 30.0, 0.19, trip_count=4.0)
    assert below.detours() == pytest.approx(4.0 * 0.82)
    assert not below.profitable
    assert above.profitable


def test_few_idle_lanes_pay_when_the_inner_loop_outweighs_n_detours() -> None:
    """One idle lane in a 100-iteration loop: T * Tb against N * Ta."""
    cheap_outer = NestCost(10.0, 30.0, 0.01, trip_count=100.0)
    heavy_outer = NestCost(200.0, 30.0, 0.01, trip_count=100.0)
    assert cheap_outer.detours() == pytest.approx(1.32)
    assert cheap_outer.profitable
    assert not heavy_outer.profitable


def test_no_idle_lane_never_pays_and_unknown_idle_is_not_profitable() -> None:
    assert not NestCost(1.0, 100.0, 0.0, trip_count=50.0, overhead=1.0).profitable
    assert not NestCost(1.0, 100.0, None, trip_count=50.0).profitable
    assert "unknown" in NestCost(1.0, 100.0, None).describe()


def test_adaptive_threshold_leaves_room_for_an_all_idle_warp() -> None:
    assert adaptive_threshold(NestCost(1e9, 1.0, None)) == 1023
    assert adaptive_threshold(NestCost(0.0, 1.0, None)) == 0
    assert adaptive_threshold(NestCost(1.0, 3.0, None)) == 256


def test_ta_and_tb_come_from_the_cost_table() -> None:
    module = _module()
    loops = [op for op in module.walk() if op.name == "scf.for"]
    outer, inner = loops
    cost = NestCostModel().nest_cost(outer, [inner], 0.5)
    # Tb: the body's addi and the for's continuation check (a branch); Ta: the
    # outer body's andi, the outer loop's step and check, and the detour's
    # bookkeeping (DETOUR_OVERHEAD; the inner loop is not outer work).
    assert cost.tb == 2.0
    assert cost.ta == 3.0 + DETOUR_OVERHEAD
    assert cost.trip_count == 8.0  # nothing tells: DEFAULT_TRIP_COUNT
    assert cost.warp_size == 32


def test_profile_gives_idle_fraction_and_trip_count(tmp_path) -> None:
    module = _module()
    loops = [op for op in module.walk() if op.name == "scf.for"]
    profile = {
        "warp_size": 32,
        "loops": {
            "@nest/b0.2/r0.b0.1": {
                "entries": 4,
                "warp_iterations": 40,
                "lane_iterations": 640,
                "lane_entries": 128,
                "idle_fraction": 0.5,
            }
        },
    }
    path = tmp_path / "p.json"
    path.write_text(json.dumps(profile))
    data = load_profile(path, module)
    found = data.get(loops[1])
    assert found is not None
    assert found.trip_count == 10.0
    assert found.idle_fraction == 0.5
    assert NestCostModel(profile=data).idle_fraction([loops[1]]) == 0.5


def test_a_file_that_is_not_a_profile_is_reported(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("[1, 2]")
    with pytest.raises(ValueError, match=r"bad\.json"):
        load_profile(path, _module())


@pytest.mark.parametrize(
    ("pipeline", "message"),
    [
        ("simt-flatten-loops{depth=0}", "expected depth >= 1, found 0"),
        ("simt-flatten-loops{idle-fraction=1.5}", "idle-fraction in \\[0, 1\\]"),
        ("simt-flatten-loops{mode=profile}", "mode=profile needs profile="),
        ('simt-flatten-loops{mode=profile profile="/no/such.json"}', "such.json"),
    ],
)
def test_bad_options_fail_with_a_message(pipeline: str, message: str) -> None:
    with pytest.raises(PassFailedException, match=message):
        apply_passes(_module(), pipeline)


def test_static_mode_follows_the_formula(capsys) -> None:
    never = _module()
    apply_passes(never, "simt-flatten-loops{mode=static idle-fraction=0.0}")
    assert "simt.flattened" not in str(never)
    assert "not profitable" in capsys.readouterr().err
    always = _module()
    apply_passes(always, "simt-flatten-loops{mode=static idle-fraction=0.95}")
    assert 'simt.flattened = "always"' in str(always)
