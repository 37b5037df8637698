"""`simt.profile`, profile checking, options and the cost estimates."""

from __future__ import annotations

import contextlib
import io
import json
import math
from pathlib import Path

import numpy as np
import pytest
from numba import cuda
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.utils.exceptions import PassFailedException

import simt
from simt.analysis.cost_model import (
    LoopCounts,
    LoopOverheads,
    NestCost,
    PackingEstimate,
)
from simt.passes.optimize import OptimizePass

KERNEL = """
func.func @k(%x: memref<?xi32>, %y: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %low = arith.andi %tid, %one : i32
  %p = arith.cmpi eq, %low, %zero : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xi32>
    %b = arith.muli %a, %a : i32
    memref.store %b, %y[%i] : memref<?xi32>
  } else {
    %c = memref.load %x[%i] : memref<?xi32>
    %d = arith.addi %c, %c : i32
    memref.store %d, %y[%i] : memref<?xi32>
  }
  func.return
}
"""


def _module() -> ModuleOp:
    return Parser(simt.default_context(), KERNEL).parse_module()


def _args() -> list[np.ndarray]:
    return [np.arange(64, dtype=np.int32), np.zeros(64, dtype=np.int32)]


def test_profile_runs_on_copies_and_writes_json(tmp_path: Path) -> None:
    args = _args()
    path = tmp_path / "k.json"
    data = simt.profile(_module(), 2, 32, args, path=path)
    assert not args[1].any(), "the caller's arrays are untouched"
    assert json.loads(path.read_text()) == json.loads(json.dumps(data))
    assert data["kernel"] == "k"
    assert data["branches"]["@k/b0.6"]["divergent"] == 2


def test_profile_of_unknown_kernel_is_an_error() -> None:
    with pytest.raises(simt.SimulationError, match="no function @nope"):
        simt.profile(_module(), 1, 32, _args(), kernel="nope")


def test_optimize_with_profile_fuses_and_keeps_outputs(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    simt.profile(_module(), 2, 32, _args(), path=path)
    module = _module()
    remarks = OptimizePass(profile=str(path), remarks=False).run(module)
    assert any("branch-fusion applied" in r for r in remarks)
    expected, actual = _args(), _args()
    simt.simulate(_module(), 2, 32, expected)
    simt.simulate(module, 2, 32, actual)
    np.testing.assert_array_equal(expected[1], actual[1])


def test_profile_of_other_ir_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "k.json"
    simt.profile(_module(), 2, 32, _args(), path=path)
    optimized = _module()
    with contextlib.redirect_stderr(io.StringIO()):
        simt.apply_passes(optimized, "simt-branch-fusion")
    with pytest.raises(PassFailedException, match="does not match the module"):
        OptimizePass(profile=str(path), remarks=False).run(optimized)


def test_malformed_profile_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"kernel": "k"}')
    with pytest.raises(PassFailedException, match="expected a 'branches' map"):
        simt.apply_passes(_module(), f'simt-optimize{{profile="{path}"}}')
    path.write_text("[1, 2]")
    with pytest.raises(PassFailedException, match="a list of objects"):
        simt.apply_passes(_module(), f'simt-optimize{{profile="{path}"}}')


def test_remarks_go_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    simt.apply_passes(_module(), "simt-optimize")
    err = capsys.readouterr().err
    assert "@k/b0.6: remark: simt-optimize: branch-fusion applied" in err


def test_packing_estimate_numbers() -> None:
    """One warp entry, 4 outer iterations (a lane each time: 128 lane
    detours); the slowest inner loop runs 10 iterations, the mean 4: the
    busiest lane does F = 4 * 4 + (10 - 4) * sqrt(4) = 28 flattened
    iterations (independent trips), 34 halfway to W_i = 40 (correlation
    0.5); D = F (1 - exp(-128 / F)) detours, each one pass (no empty loop)."""
    extra = LoopOverheads(iteration=1.0, detour=2.0, entry=3.0)
    cost = NestCost(
        ta=7.0, tb=10.0, idle_fraction=0.6, trip_count=4.0, overhead=1.0,
        overheads=extra,
    )  # fmt: skip
    outer = LoopCounts(entries=1, lane_entries=32, warp_bodies=4, lane_bodies=128)
    inner = LoopCounts(entries=4, lane_entries=128, warp_bodies=40, lane_bodies=512)
    for correlation, flat in ((0.0, 28.0), (0.5, 34.0)):
        estimate = PackingEstimate.of(outer, inner, cost, correlation)
        assert estimate is not None
        detours = flat * (1.0 - math.exp(-128.0 / flat))
        assert estimate.original == 4 * 5.0 + 40 * 10.0
        assert estimate.iterations == pytest.approx(flat)
        assert estimate.detours == pytest.approx(detours)
        expected = 3.0 + flat * 11.0 + detours * 2.0 + detours * 5.0
        assert estimate.flattened == pytest.approx(expected)
        assert estimate.saving == estimate.original - estimate.flattened


def test_packing_estimate_caps_detours_by_exits_and_chains_empty_loops() -> None:
    """Lanes that left together in the original (8 exit moments) detour
    together (D <= 2 * 8); with a mean trip of 0.5, half the inner loops are
    empty and a detour's lanes chain through them."""
    cost = NestCost(ta=7.0, tb=10.0, idle_fraction=0.6, overheads=LoopOverheads(1, 2))
    outer = LoopCounts(entries=1, lane_entries=32, warp_bodies=4, lane_bodies=128)
    inner = LoopCounts(1, 128, 40, 512, exits=8)
    estimate = PackingEstimate.of(outer, inner, cost)
    assert estimate is not None and estimate.detours == 16.0
    sparse = LoopCounts(entries=4, lane_entries=128, warp_bodies=20, lane_bodies=64)
    chained = PackingEstimate.of(outer, sparse, cost)
    assert chained is not None
    together = 128 * 0.5 / chained.detours
    chain = 1.0 + math.log(together) / math.log(2.0)
    passes = min(128.0, chained.detours * chain)
    expected = chained.iterations * 11.0 + chained.detours * 2.0 + passes * 5.0
    assert chained.flattened == pytest.approx(expected)


def _capped_matches(keys, counts, out, n, cap):
    i = cuda.grid(1)
    if i < n:
        found = 0
        for j in range(counts[i]):
            if keys[(i * 7 + j) & 127] & 3 == 0:
                found += 1
                if found > cap:
                    break
        out[i] = found


def test_linearize_model_counts_guard_tests_on_the_linearized_loop(
    tmp_path: Path,
) -> None:
    """A `break` under a divergent `if` makes the `if` reconverge only after
    the loop, so a warp ran its lanes' iterations in serialized groups. After
    linearization the guard tests run once per remaining warp iteration, not
    once per serialized one: the model must see the gain the run shows."""
    rng = np.random.default_rng(3)
    n = 128
    keys = rng.integers(0, 100, 128, dtype=np.int32)
    counts = rng.integers(0, 60, n, dtype=np.int32)
    args = [keys, counts, np.zeros(n, np.int32), np.int32(n), np.int32(12)]
    signature = "void(int32[:], int32[:], int32[:], int32, int32)"

    def run(module: ModuleOp) -> tuple[float, np.ndarray]:
        copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        result = simt.simulate(module, (2,), (64,), copies, trace=False)
        return float(result.stats.cycles), copies[2]

    original, expected = run(simt.compile_python(_capped_matches, signature))
    profile = tmp_path / "capped.json"
    simt.profile(
        simt.compile_python(_capped_matches, signature), (2,), (64,), args, path=profile
    )
    module = simt.compile_python(_capped_matches, signature)
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        simt.apply_passes(module, f'simt-optimize{{profile="{profile}"}}')
    assert "linearize applied" in stderr.getvalue()
    cycles, outputs = run(module)
    np.testing.assert_array_equal(outputs, expected)
    assert cycles < original / 2
