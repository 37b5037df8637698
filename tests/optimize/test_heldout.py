"""The held-out corpus (issue 17): every kernel matches its reference in the
simulator; on it, `simt-optimize` with a profile of the launch is never
slower, `adaptive` never below 0.95x, and the flatten model's predictions
have the right sign where they decide."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import simt
from simt.bench.heldout import Launch, flatten_row, spearman
from simt.bench.kernels.heldout import HELDOUT

# The slowest kernel of the corpus in the simulator (unstructured, 5 s).
FAST = [name for name in HELDOUT if name != "bounded_hamming"]


@pytest.mark.parametrize("name", sorted(HELDOUT))
def test_kernel_matches_its_reference(name: str) -> None:
    spec = HELDOUT[name]
    case = spec.make_inputs(np.random.default_rng(7))
    args = case.copy_args()
    module = simt.compile_python(spec.func, spec.signature)
    simt.simulate(module, case.grid, case.block, args, trace=False)
    assert not spec.mismatches(spec.expected(case), args)


@pytest.mark.parametrize("name", FAST)
def test_optimize_with_profile_never_slower_and_adaptive_safe(
    name: str, tmp_path: Path
) -> None:
    launch = Launch.of(HELDOUT[name], tmp_path)
    original = launch.cycles(
        simt.compile_python(launch.spec.func, launch.spec.signature)
    )
    assert original is not None
    optimized = launch.variant('simt-optimize{profile="@PROFILE@" remarks=false}')
    assert optimized is not None, "outputs differ after simt-optimize"
    assert optimized <= original
    adaptive = launch.variant("simt-flatten-loops{mode=adaptive remarks=false}")
    assert adaptive is not None
    assert original / adaptive >= 0.95


@pytest.mark.parametrize("name", ["two_hop_count", "segmented_insertion_sort"])
def test_issue_shapes_are_predicted_slower_when_flattened(
    name: str, tmp_path: Path
) -> None:
    """Issue 17's two shapes: flattening them loses, and the model says so."""
    row = flatten_row(Launch.of(HELDOUT[name], tmp_path))
    assert row is not None and row.predicted is not None and row.measured is not None
    assert row.measured > row.original
    assert row.predicted > row.original


def test_spearman_ranks_with_ties() -> None:
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 1, 2], [5, 5, 6]) == pytest.approx(1.0)
    assert spearman([1, 2], [1, 2]) is None
