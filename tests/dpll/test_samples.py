"""The benchmark's simulator samples: what they search, and why dubois25 behaves as it does.

The checks behind `run.configs` and `run.DUBOIS_NOTE`: every sample gives
each lane of its warp several jobs (the queue, loop L0, has work to hand
out); the main samples of both formulas are jobs of the same split with the
same node limit, dubois25's decided in random orders per sub-tree (each job
its own search), its index-order variants searched to the end (every
sub-tree refuted, as the jobs of Take 4 are); the optimizer's profile is
taken on sub-trees disjoint from the measured ones, in the same kind of
order; hole8's jobs differ in size; and the symmetry claim holds on the CPU
reference: in index order, sub-trees of a split of at most 24 variables all
take the same nodes and literal checks, while a 26-variable split gives jobs
of different sizes.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import numpy as np
import pytest

from simt.bench.dpll.cnf import SolverArrays, dubois, pigeonhole, solver_arrays
from simt.bench.dpll.harness import UNLIMITED, Split, run_cpu
from simt.bench.dpll.kernel import UNSAT
from simt.bench.dpll.reference import solve_subtrees
from simt.bench.dpll.run import DUBOIS_ORDER_SEED, Config, configs, disjoint_split


@cache
def dubois25() -> SolverArrays:
    return solver_arrays(dubois(25))


def config_named(quick: bool, name: str) -> Config:
    (config,) = [c for c in configs(quick, full_cpu=False) if c.name == name]
    return config


@pytest.mark.parametrize("quick", [False, True])
def test_both_formulas_use_the_same_split_and_node_limits(quick: bool) -> None:
    hole8, dubois25 = (
        config_named(quick, "hole8.cnf"),
        config_named(quick, "dubois25.cnf"),
    )
    pairs = [(hole8.sample, dubois25.sample), (hole8.variants[0], dubois25.variants[0])]
    for a, b in pairs:
        assert (a.prefix_vars, a.count, a.node_limit, a.lanes) == (
            b.prefix_vars,
            b.count,
            b.node_limit,
            b.lanes,
        )
        assert a.order_seed is None and b.order_seed == DUBOIS_ORDER_SEED


@pytest.mark.parametrize("quick", [False, True])
def test_dubois_index_order_variants_are_searched_to_the_end(quick: bool) -> None:
    config = config_named(quick, "dubois25.cnf")
    in_order = [s for s in config.variants if s.order_seed is None]
    assert len(in_order) == 2
    for split in in_order:
        assert split.node_limit == UNLIMITED
        assert 64 <= split.count <= 128 and split.count >= 2 * split.lanes
        results = run_cpu(dubois25(), split).results
        assert (results.status == UNSAT).all()
        assert results.verdict == "UNSAT"
        assert int(results.nodes.max()) < split.node_limit


def test_dubois_jobs_in_random_orders_are_different_searches() -> None:
    """Index order on a 10-variable split gives every job the same search;
    the main sample's orders make each job its own."""
    sample = config_named(True, "dubois25.cnf").sample
    assert sample.count >= 2 * sample.lanes
    unlimited = replace(sample, node_limit=UNLIMITED, count=12)
    in_order = run_cpu(dubois25(), replace(unlimited, order_seed=None)).results
    assert len(set(in_order.checks.tolist())) == 1
    shuffled = run_cpu(dubois25(), replace(sample, node_limit=200, count=12)).results
    assert len(set(shuffled.checks.tolist())) > 6


@pytest.mark.parametrize("quick", [False, True])
@pytest.mark.parametrize("name", ["hole8.cnf", "dubois25.cnf"])
def test_profiles_are_taken_on_disjoint_subtrees(quick: bool, name: str) -> None:
    config = config_named(quick, name)
    for split in (config.sample, *config.variants):
        profiled = disjoint_split(split)
        measured = set(range(split.first, split.first + split.count))
        trained = set(range(profiled.first, profiled.first + profiled.count))
        assert len(trained) == len(measured) and not trained & measured
        assert replace(profiled, first=split.first) == split


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


def test_dubois_jobs_differ_on_a_26_variable_split() -> None:
    uneven = config_named(False, "dubois25.cnf").variants[1]
    assert (uneven.prefix_vars, uneven.order_seed) == (26, None)
    nodes = run_cpu(dubois25(), uneven).results.nodes
    assert sorted(set(nodes.tolist())) == [1, 3, 7]


def test_dubois_lockstep_variant_is_a_20_variable_split_of_191_node_subtrees() -> None:
    lockstep = config_named(False, "dubois25.cnf").variants[2]
    assert isinstance(lockstep, Split) and lockstep.prefix_vars == 20
    nodes = run_cpu(dubois25(), lockstep).results.nodes
    assert set(nodes.tolist()) == {191}
