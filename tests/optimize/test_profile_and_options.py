"""`simt.profile`, profile checking, options and the cost estimates."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.utils.exceptions import PassFailedException

import simt
from simt.analysis.cost_model import NestCost
from simt.passes.optimize import OptimizePass, PackingEstimate

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
    """One warp entry, 4 outer iterations per lane; the slowest inner loop
    runs 10 iterations, the mean 4: F = 10 + 3 * 4 = 22 flattened
    iterations, each detouring (22 < 32 lanes * 4)."""
    cost = NestCost(ta=5.0, tb=10.0, idle_fraction=0.6, trip_count=4.0, overhead=1.0)
    outer = {"entries": 1, "lane_entries": 32}
    inner = {
        "entries": 4,
        "lane_entries": 128,
        "warp_iterations": 40,
        "lane_iterations": 512,
    }
    estimate = PackingEstimate.of(outer, inner, cost)
    assert estimate is not None
    assert estimate.original == 4 * (10 * 10.0 + 5.0)
    assert estimate.flattened == 22 * (10.0 + 1.0) + 22 * 5.0
    assert estimate.saving == estimate.original - estimate.flattened
