"""The benchmark's simulator samples: what they search, and why dubois25 behaves as it does.

The checks behind `run.configs` and `run.DUBOIS_NOTE`: every sample gives
each lane of its warp several jobs (the queue, loop L0, has work to hand
out); the dubois25 samples are searched to the end (no node limit, every
sub-tree refuted, as the jobs of Take 4 are); the optimizer's profile is
taken on sub-trees disjoint from the measured ones; hole8's jobs differ in
size; and the symmetry claim holds on the CPU reference: sub-trees of a
split of at most 24 variables all take the same nodes and literal checks,
while 26- and 28-variable splits give jobs of different sizes.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from simt.bench.dpll.cnf import SolverArrays, dubois, pigeonhole, solver_arrays
from simt.bench.dpll.harness import UNLIMITED, Split, run_cpu
from simt.bench.dpll.kernel import UNSAT
from simt.bench.dpll.reference import solve_subtrees
from simt.bench.dpll.run import Config, configs, disjoint_split


@cache
def dubois25() -> SolverArrays:
    return solver_arrays(dubois(25))


def config_named(quick: bool, name: str) -> Config:
    (config,) = [c for c in configs(quick, full_cpu=False) if c.name == name]
    return config


@pytest.mark.parametrize("quick", [False, True])
def test_dubois_samples_are_searched_to_the_end(quick: bool) -> None:
    config = config_named(quick, "dubois25.cnf")
    for split in (config.sample, *config.variants):
        assert split.node_limit == UNLIMITED
        assert 64 <= split.count <= 128 and split.count >= 2 * split.lanes
        results = run_cpu(dubois25(), split).results
        assert (results.status == UNSAT).all()
        assert results.verdict == "UNSAT"
        assert int(results.nodes.max()) < split.node_limit


@pytest.mark.parametrize("quick", [False, True])
@pytest.mark.parametrize("name", ["hole8.cnf", "dubois25.cnf"])
def test_profiles_are_taken_on_disjoint_subtrees(quick: bool, name: str) -> None:
    config = config_named(quick, name)
    for split in (config.sample, *config.variants):
        profiled = disjoint_split(split)
        measured = set(range(split.first, split.first + split.count))
        trained = set(range(profiled.first, profiled.first + profiled.count))
        assert len(trained) == len(measured) and not trained & measured
        assert (profiled.prefix_vars, profiled.node_limit, profiled.lanes) == (
            split.prefix_vars,
            split.node_limit,
            split.lanes,
        )


@pytest.mark.parametrize("quick", [False, True])
def test_hole8_jobs_differ_in_size(quick: bool) -> None:
    sample = config_named(quick, "hole8.cnf").sample
    assert sample.count >= 2 * sample.lanes
    nodes = run_cpu(solver_arrays(pigeonhole(8)), sample).results.nodes
    assert int(nodes.min()) == 1 and int(nodes.max()) == sample.node_limit


def subtree_counts(prefix_vars: int, firsts: list[int]) -> tuple[set[int], set[int]]:
    """Distinct node and literal-check counts over single sub-trees."""
    nodes: set[int] = set()
    checks: set[int] = set()
    for first in firsts:
        _, n, c = solve_subtrees(dubois25(), prefix_vars, first, 1, UNLIMITED)
        nodes.add(int(n[0]))
        checks.add(int(c[0]))
    return nodes, checks


@pytest.mark.parametrize("prefix_vars", [18, 20, 24])
def test_dubois_subtrees_are_alike_up_to_24_variables(prefix_vars: int) -> None:
    rng = np.random.default_rng(prefix_vars)
    firsts = [0, (1 << prefix_vars) - 1, *rng.integers(0, 1 << prefix_vars, 30)]
    nodes, checks = subtree_counts(prefix_vars, [int(f) for f in firsts])
    assert len(nodes) == 1 and len(checks) == 1


def test_dubois_jobs_differ_on_26_and_28_variable_splits() -> None:
    config = config_named(False, "dubois25.cnf")
    uneven = [config.sample, config.variants[0]]
    assert [split.prefix_vars for split in uneven] == [26, 28]
    for split in uneven:
        nodes = run_cpu(dubois25(), split).results.nodes
        assert sorted(set(nodes.tolist())) == [1, 3, 7]


def test_dubois_lockstep_variant_is_a_20_variable_split_of_191_node_subtrees() -> None:
    lockstep = config_named(False, "dubois25.cnf").variants[1]
    assert isinstance(lockstep, Split) and lockstep.prefix_vars == 20
    nodes = run_cpu(dubois25(), lockstep).results.nodes
    assert set(nodes.tolist()) == {191}
