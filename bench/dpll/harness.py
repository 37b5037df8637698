"""Running the DPLL kernel: the launch arguments, one run per back end, the metric.

Source: Bulavintsev and Zhdanov 2021, Sec. 5.5, Table 1: the speed of
constraint propagation in millions of literal checks per second (a literal
check is one iteration of L4). A run searches the sub-trees
`first .. first + count - 1` of a `prefix_vars`-variable split as `count`
jobs, which `lanes` threads take from a shared counter (the kernel's loop
L0), with at most `node_limit` nodes per sub-tree, and returns per sub-tree
verdicts, visited nodes and literal checks (`SubtreeResults`), which every
back end must produce identically (a job's search does not depend on the
lane that runs it, nor on when).

Back ends: `run_cpu` (the @njit reference, sub-trees one after another),
`run_simulator` (simt IR of the kernel, before or after a pass pipeline, on
`simt.simulate`), and, where numba-cuda sees a GPU, `run_numba_gpu` (numba's
own compilation of the same Python kernel) and `run_simt_gpu` (simt's PTX).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from xdsl.dialects.builtin import ModuleOp

from simt.bench.dpll.cnf import SolverArrays
from simt.bench.dpll.kernel import DPLL_SIGNATURE, SAT, UNSAT, dpll_kernel
from simt.bench.dpll.reference import decision_orders, solve_subtrees
from simt.bench.kernels.spec import LONG_RUN_STEP_LIMIT

BLOCK = 32
"""Threads per block of every launch: one warp, so sub-samples map cleanly."""

UNLIMITED = 1 << 62
"""A node limit no search reaches (written as null in the results)."""

_NEXT_JOB_ARG = 10
_STATUS_ARG = 16
_NODES_ARG = 17
_CHECKS_ARG = 18
_MODELS_ARG = 19


@dataclass(frozen=True)
class Split:
    """Which sub-trees a run searches (the jobs), how deep each may go, how
    many lanes (threads, a multiple of `BLOCK`) share the jobs, and the
    decision order below the split: index order when `order_seed` is None,
    else a random order per sub-tree (`reference.decision_orders`)."""

    prefix_vars: int
    first: int
    count: int
    node_limit: int
    lanes: int = BLOCK
    order_seed: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.prefix_vars <= 30:
            raise ValueError(f"prefix_vars must be in 0..30, got {self.prefix_vars}")
        if (
            self.count < 1
            or self.first < 0
            or self.first + self.count > 1 << self.prefix_vars
        ):
            raise ValueError(
                f"sub-trees {self.first}..{self.first + self.count - 1} are not among "
                f"the {1 << self.prefix_vars} sub-trees of a {self.prefix_vars}-variable split"
            )
        if self.node_limit < 1:
            raise ValueError(f"node_limit must be positive, got {self.node_limit}")
        if self.lanes < BLOCK or self.lanes % BLOCK:
            raise ValueError(
                f"lanes must be a positive multiple of {BLOCK}, got {self.lanes}"
            )


@dataclass(frozen=True)
class SubtreeResults:
    """Per sub-tree: verdict (SAT / UNSAT / UNKNOWN), nodes visited, literal checks."""

    status: npt.NDArray[np.int32]
    nodes: npt.NDArray[np.int64]
    checks: npt.NDArray[np.int64]

    @property
    def literal_checks(self) -> int:
        return int(self.checks.sum())

    @property
    def verdict(self) -> str:
        """ "SAT" if a sub-tree has a model, "UNSAT" if all are refuted, else "UNKNOWN"."""
        if (self.status == SAT).any():
            return "SAT"
        if (self.status == UNSAT).all():
            return "UNSAT"
        return "UNKNOWN"

    def mismatches(self, other: SubtreeResults) -> list[str]:
        """What differs from `other`, sub-tree by sub-tree (empty when equal)."""
        problems: list[str] = []
        for name in ("status", "nodes", "checks"):
            mine, theirs = getattr(self, name), getattr(other, name)
            bad = np.flatnonzero(mine != theirs)
            if bad.size:
                i = int(bad[0])
                problems.append(
                    f"{name} differs in {bad.size} sub-trees; first, sub-tree {i}: "
                    f"{int(mine[i])} vs {int(theirs[i])}"
                )
        return problems


@dataclass(frozen=True)
class Timed:
    """Results of one run and its wall-clock time."""

    results: SubtreeResults
    seconds: float

    @property
    def checks_per_second(self) -> float:
        return self.results.literal_checks / self.seconds if self.seconds > 0 else 0.0


def launch_args(arrays: SolverArrays, split: Split) -> list[Any]:
    """The kernel's arguments in order: the job counter at 0, zeroed per-lane
    state, per-job outputs (status -1: no lane took the job), the jobs'
    decision orders."""
    lanes, jobs = split.lanes, split.count
    nv, nq = arrays.num_vars, arrays.queue_capacity
    return [
        arrays.clause_start,
        arrays.clause_lits,
        arrays.occ_start,
        arrays.occ_clauses,
        np.int32(nv),
        np.int32(nq),
        np.int32(split.prefix_vars),
        np.int32(split.first),
        np.int32(jobs),
        np.int64(split.node_limit),
        np.zeros(1, dtype=np.int32),
        np.zeros(lanes * nv, dtype=np.int32),
        np.zeros(lanes * nv, dtype=np.int32),
        np.zeros(lanes * nv, dtype=np.int32),
        np.zeros(lanes * nq, dtype=np.int32),
        np.zeros(lanes, dtype=np.int32),
        np.full(jobs, -1, dtype=np.int32),
        np.zeros(jobs, dtype=np.int64),
        np.zeros(jobs, dtype=np.int64),
        np.zeros(jobs * nv, dtype=np.int32),
        orders_of(arrays, split),
    ]


def orders_of(arrays: SolverArrays, split: Split) -> npt.NDArray[np.int32]:
    """The decision orders of the split's jobs, a row of variables per job."""
    return decision_orders(
        arrays.num_vars, split.prefix_vars, split.first, split.count, split.order_seed
    )


def results_of(args: list[Any]) -> SubtreeResults:
    """The per-job outputs of a finished launch."""
    return SubtreeResults(
        np.array(args[_STATUS_ARG], dtype=np.int32),
        np.array(args[_NODES_ARG], dtype=np.int64),
        np.array(args[_CHECKS_ARG], dtype=np.int64),
    )


def job_models(args: list[Any], num_vars: int) -> npt.NDArray[np.int32]:
    """The model each SAT job found (row = job; +1 true / -1 false), zeros
    for the other jobs."""
    return np.array(args[_MODELS_ARG], dtype=np.int32).reshape(-1, num_vars)


def jobs_taken(args: list[Any]) -> int:
    """The job counter after a launch: the jobs plus one failed take per lane."""
    return int(args[_NEXT_JOB_ARG][0])


def grid_for(split: Split) -> tuple[int, ...]:
    return (split.lanes // BLOCK,)


def run_cpu(arrays: SolverArrays, split: Split) -> Timed:
    """The @njit reference (compiled before timing): the same jobs, one
    after another in job order."""
    warm = Split(split.prefix_vars, split.first, 1, 1)
    solve_subtrees(arrays, warm.prefix_vars, warm.first, warm.count, warm.node_limit)
    orders = orders_of(arrays, split)
    start = time.perf_counter()
    status, nodes, checks = solve_subtrees(
        arrays, split.prefix_vars, split.first, split.count, split.node_limit, orders
    )
    return Timed(SubtreeResults(status, nodes, checks), time.perf_counter() - start)


def compile_dpll(passes: str | None = None) -> ModuleOp:
    """The kernel as simt IR, after `passes` (pipeline syntax) when given."""
    import simt

    module = simt.compile_python(dpll_kernel, DPLL_SIGNATURE)
    if passes:
        simt.apply_passes(module, passes)
    return module


@dataclass(frozen=True)
class SimulatedRun:
    """A simulator run: results, wall-clock time and the simulator's metrics."""

    timed: Timed
    simd_efficiency: float
    issued: int
    lane_ops: int
    cycles: float
    profile_json: str
    args: list[Any]


def run_simulator(module: ModuleOp, arrays: SolverArrays, split: Split) -> SimulatedRun:
    """Simulates one launch (BLOCK threads a block, as many blocks as needed)."""
    import simt

    args = launch_args(arrays, split)
    start = time.perf_counter()
    result = simt.simulate(
        module,
        grid=grid_for(split),
        block=(BLOCK,),
        args=args,
        trace=False,
        step_limit=LONG_RUN_STEP_LIMIT,
    )
    seconds = time.perf_counter() - start
    stats = result.stats
    return SimulatedRun(
        Timed(results_of(args), seconds),
        stats.simd_efficiency,
        stats.issued,
        stats.lane_ops,
        stats.cycles,
        stats.to_json(),
        args,
    )


def gpu_available() -> bool:
    from numba import cuda

    return bool(cuda.is_available())


def run_numba_gpu(arrays: SolverArrays, split: Split, repeat: int = 3) -> Timed:
    """numba-cuda's own compilation of `dpll_kernel`, timed by CUDA events."""
    from numba import cuda

    kernel: Any = cuda.jit(DPLL_SIGNATURE)(dpll_kernel)
    grid = grid_for(split)
    return _time_gpu(lambda dev: kernel[grid, (BLOCK,)](*dev), arrays, split, repeat)


def run_simt_gpu(
    module: ModuleOp, arrays: SolverArrays, split: Split, repeat: int = 3
) -> Timed:
    """simt's PTX of `module` (original or optimized), timed by CUDA events."""
    from simt.lowering.ptx import to_ptx
    from simt.runtime.abi import kernel_params
    from simt.runtime.jit import find_kernel
    from simt.runtime.launch import GpuKernel, current_capability, ptx_arch_for

    capability = current_capability()
    entry = find_kernel(module, "dpll_kernel")
    ptx = to_ptx(module, ptx_arch_for(capability))
    kernel = GpuKernel(
        ptx, entry.sym_name.data, kernel_params(entry), capability=capability
    )
    grid = grid_for(split)
    return _time_gpu(
        lambda dev: kernel.launch(grid, (BLOCK,), dev), arrays, split, repeat
    )


def _time_gpu(
    launch: Callable[[list[object]], object],
    arrays: SolverArrays,
    split: Split,
    repeat: int,
) -> Timed:
    """Median time of `repeat` launches on fresh device state; results of the last."""
    from numba import cuda

    from simt.runtime.launch import with_device_arrays

    times: list[float] = []
    args: list[Any] = []
    for _ in range(repeat + 1):
        args = launch_args(arrays, split)
        device, copy_back = with_device_arrays(args)
        start, end = cuda.event(), cuda.event()
        start.record()
        launch(device)
        end.record()
        end.synchronize()
        elapsed = cuda.event_elapsed_time(start, end)
        assert elapsed is not None, "CUDA events recorded on the default stream"
        times.append(float(elapsed) / 1000.0)
        copy_back()
    return Timed(results_of(args), float(np.median(times[1:])))
