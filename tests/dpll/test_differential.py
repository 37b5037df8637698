"""The DPLL kernel on the simulator against the CPU reference, sub-tree by sub-tree.

The issue's check: the same SAT/UNSAT answer and the same number of visited
nodes per sub-tree (and the same literal checks) as the @njit reference, on
the two benchmark families (small members, so the simulator stays fast), on
random formulas with models (the model each SAT job reports must satisfy
them), with node limits cut short, with more jobs than lanes (the job queue,
loop L0: every job taken exactly once, by one or two blocks, whatever lane
takes it), and with more lanes than jobs and offset samples; before and
after `simt-optimize`; and numba's own meaning of the kernel (its CUDA
simulator) on a small case.
"""

from __future__ import annotations

import itertools
from dataclasses import astuple
from functools import cache

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp

from simt.bench.dpll.cnf import CNF, CNFError, dubois, pigeonhole, solver_arrays
from simt.bench.dpll.harness import (
    BLOCK,
    Split,
    compile_dpll,
    grid_for,
    job_models,
    jobs_taken,
    launch_args,
    results_of,
    run_cpu,
    run_simulator,
)
from simt.bench.dpll.kernel import DPLL_SIGNATURE, SAT, UNKNOWN, UNSAT, dpll_kernel
from simt.bench.kernels.cudasim import CudasimJob, KernelRef, run_cudasim
from simt.bench.kernels.spec import LaunchCase
from simt.passes.optimize import OptimizePass


@cache
def kernel_module() -> ModuleOp:
    return compile_dpll()


def random_3sat(seed: int, num_vars: int, num_clauses: int) -> CNF:
    rng = np.random.default_rng(seed)
    clauses = []
    for _ in range(num_clauses):
        variables = rng.choice(num_vars, size=3, replace=False) + 1
        signs = rng.choice([-1, 1], size=3)
        clauses.append(tuple(int(v * s) for v, s in zip(variables, signs, strict=True)))
    return CNF(num_vars, tuple(clauses))


def brute_force_satisfiable(cnf: CNF) -> bool:
    return any(
        cnf.is_satisfied_by(values)
        for values in itertools.product((False, True), repeat=cnf.num_vars)
    )


def assert_same(
    cnf: CNF, split: Split, module: ModuleOp | None = None
) -> tuple[np.ndarray, np.ndarray]:
    arrays = solver_arrays(cnf)
    cpu = run_cpu(arrays, split)
    sim = run_simulator(module or kernel_module(), arrays, split)
    assert sim.timed.results.mismatches(cpu.results) == []
    assert jobs_taken(sim.args) == split.count + split.lanes
    return sim.timed.results.status, job_models(sim.args, cnf.num_vars)


@pytest.mark.parametrize(
    ("cnf", "split"),
    [
        (pigeonhole(4), Split(5, 0, 32, 10**6)),
        (dubois(6), Split(5, 0, 32, 10**6)),
    ],
    ids=["hole4", "dubois6"],
)
def test_unsat_families_match_the_cpu(cnf: CNF, split: Split) -> None:
    status, _ = assert_same(cnf, split)
    assert (status == UNSAT).all()


def test_node_limit_cuts_lanes_short_identically() -> None:
    status, _ = assert_same(pigeonhole(5), Split(6, 0, 64, 7))
    assert (status == UNKNOWN).any() and (status == UNSAT).any()


def test_more_jobs_than_lanes_and_offset_samples() -> None:
    # 40 sub-trees from the middle of a 7-variable split on one warp: lanes
    # that finish their first job take the other 8.
    status, _ = assert_same(dubois(5), Split(7, 50, 40, 10**6))
    assert status.shape == (40,) and (status == UNSAT).all()


def test_two_blocks_share_the_queue() -> None:
    # 150 jobs of hole4 (sub-trees of very different sizes) on 64 lanes.
    status, _ = assert_same(pigeonhole(4), Split(8, 40, 150, 10**6, 2 * BLOCK))
    assert (status == UNSAT).all()


def test_more_lanes_than_jobs() -> None:
    # 64 lanes, 20 jobs: 44 lanes find the queue empty at once.
    status, _ = assert_same(dubois(5), Split(6, 3, 20, 10**6, 2 * BLOCK))
    assert status.shape == (20,)


def test_optimized_kernel_matches_the_cpu() -> None:
    """simt-optimize (with a profile of other jobs) changes the schedule,
    not what a job computes; here it linearizes the walk (L1)."""
    import tempfile
    from pathlib import Path

    import simt

    cnf = pigeonhole(5)
    arrays = solver_arrays(cnf)
    profiled = Split(8, 0, 64, 12)
    module = compile_dpll()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "profile.json"
        args = launch_args(arrays, profiled)
        simt.profile(module, grid_for(profiled), (BLOCK,), args, path=path)
        remarks = OptimizePass(profile=str(path), remarks=False).run(module)
    assert any("linearize applied" in line for line in remarks), remarks
    status, _ = assert_same(cnf, Split(8, 100, 64, 12), module)
    assert (status == UNKNOWN).any() and (status == UNSAT).any()


@pytest.mark.parametrize(
    ("cnf", "split"),
    [
        (dubois(6), Split(5, 0, 32, 10**6, order_seed=7)),
        (pigeonhole(4), Split(5, 0, 32, 10**6, 2 * BLOCK, order_seed=11)),
        (dubois(8), Split(3, 0, 8, 25, order_seed=3)),
    ],
    ids=["dubois6", "hole4", "dubois8-limit"],
)
def test_random_decision_orders_match_the_cpu(cnf: CNF, split: Split) -> None:
    """Every job decides in its own order below the split (the kernel reads
    its row of `orders`): the same verdicts, nodes and literal checks as
    the reference given the same orders; whole splits stay refutations."""
    status, _ = assert_same(cnf, split)
    if split.node_limit == 10**6:
        assert (status == UNSAT).all()
    else:
        assert (status == UNKNOWN).any()
    # The orders change the searches (else this test would not test them).
    arrays = solver_arrays(cnf)
    identity = run_cpu(arrays, Split(*astuple(split)[:5])).results
    assert (run_cpu(arrays, split).results.checks != identity.checks).any()


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_decision_orders_find_models(seed: int) -> None:
    cnf = random_3sat(seed, 12, 40)
    status, models = assert_same(cnf, Split(3, 0, 8, 10**6, order_seed=seed))
    assert (status == SAT).any()
    for job in np.flatnonzero(status == SAT):
        assert cnf.is_satisfied_by([bool(v > 0) for v in models[job]])


@pytest.mark.parametrize(
    ("seed", "clauses", "satisfiable"),
    [(0, 40, True), (1, 46, True), (4, 64, False), (6, 64, False)],
)
def test_random_formulas_answer_as_brute_force(
    seed: int, clauses: int, satisfiable: bool
) -> None:
    cnf = random_3sat(seed, 12, clauses)
    assert brute_force_satisfiable(cnf) == satisfiable
    status, models = assert_same(cnf, Split(4, 0, 16, 10**6))
    assert (status == SAT).any() == satisfiable
    assert not models[status != SAT].any()
    for job in np.flatnonzero(status == SAT):
        model = models[job]
        assert (model != 0).all()
        assert cnf.is_satisfied_by([bool(v > 0) for v in model])


def test_empty_clause_is_rejected() -> None:
    with pytest.raises(CNFError, match="clause 2 is empty"):
        solver_arrays(CNF(2, ((1, 2), ())))


def test_numba_cuda_simulator_agrees() -> None:
    """numba's own meaning of the Python kernel (its CUDA simulator, one
    Python thread per CUDA thread) against the CPU reference."""
    arrays = solver_arrays(pigeonhole(3))
    split = Split(6, 0, 40, 10**6)  # 40 jobs on 32 threads
    case = LaunchCase(grid_for(split), (BLOCK,), launch_args(arrays, split))
    job = CudasimJob("dpll-hole3", KernelRef.of(dpll_kernel), DPLL_SIGNATURE, case)
    (result,) = run_cudasim([job])
    numba_results = results_of(result.unwrap())
    assert numba_results.mismatches(run_cpu(arrays, split).results) == []
    assert (numba_results.status == UNSAT).all()
