"""The DPLL benchmark: `python -m simt.bench.dpll.run --out bench/results/`.

Source: Bulavintsev and Zhdanov 2021, Table 1: literal checks per second of
DPLL on hole8.cnf and dubois25.cnf, single-threaded CPU (Core i7-8700k: 46
and 55 million/s) against the "Take 4" GPU version (RTX 2060: 166 and 436
million/s). Writes `dpll.json` into the output folder with, per formula:

- `cpu_full`: the @njit reference over every sub-tree of a 10-variable split
  (hole8 searched to the end: UNSAT; dubois25 with a node limit per sub-tree,
  its full refutation takes minutes: `--full-cpu` runs it);
- `sample`: the jobs the simulator runs (a documented sub-sample: the Python
  simulator issues about 10^5 warp instructions a second) on one warp of 32
  lanes that take them from the kernel's job queue (loop L0), with the CPU
  reference on the same jobs, checked job by job, and the spread of nodes
  per job (`subtree_nodes`). Both formulas: 256 sub-trees of the
  10-variable split cut at 32 nodes (8 jobs a lane). hole8 (jobs 512..767)
  decides in index order (about half of its jobs end at the first node,
  the others run to the limit); dubois25 (jobs 0..255) decides below the
  split in a random order per sub-tree, as ringsat, the paper's
  implementation, gives each thread its own variable order (see
  `DUBOIS_NOTE` for why index order is no sample for dubois25);
- `simulator_original` / `simulator_optimized`: wall time, literal checks per
  second of the simulation (a Python model: only its ratios mean anything),
  SIMD efficiency, issued warp instructions and cycles, and literal checks
  per issued warp instruction and per cycle (the model's throughput), before
  and after `simt-optimize` given a profile taken on as many other sub-trees
  (`profiled_split`), `all_jobs_done` (every job's status written and the
  job counter at jobs + lanes: each job taken exactly once), and
  `simd_efficiency_gain` (after / before);
- `variants`: the same measurement on other documented samples: for both
  formulas the same jobs cut at 16 nodes; for dubois25 also, decided in
  index order and searched to the end, a 26-variable split (jobs of 1, 3 or
  7 nodes) and a 20-variable split whose sub-trees are all the same
  191-node search (see `DUBOIS_NOTE`);
- `gpu`: numba's kernel and simt's (original, optimized) on the full split
  (`GPU_JOBS_PER_LANE` jobs a lane) when numba-cuda sees a GPU, else the
  reason there is none.

Also the kernel's loop tree (`simt-loop-tree`, noalias) and whether the
kernel lowers to PTX.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from xdsl.dialects.builtin import ModuleOp

from simt.bench.dpll.cnf import CNF, dubois, pigeonhole, solver_arrays
from simt.bench.dpll.harness import (
    BLOCK,
    UNLIMITED,
    SimulatedRun,
    Split,
    Timed,
    compile_dpll,
    gpu_available,
    grid_for,
    jobs_taken,
    launch_args,
    run_cpu,
    run_numba_gpu,
    run_simt_gpu,
    run_simulator,
)
from simt.bench.kernels.spec import LONG_RUN_STEP_LIMIT
from simt.bench.provenance import metadata

DESCRIPTION = "The DPLL benchmark: literal checks per second on hole8 and dubois25."

PAPER_TABLE_1 = {
    "hole8.cnf": {"cpu_mlits_per_s": 46, "gpu_mlits_per_s": 166},
    "dubois25.cnf": {"cpu_mlits_per_s": 55, "gpu_mlits_per_s": 436},
}
"""Bulavintsev and Zhdanov 2021, Table 1 (Core i7-8700k one thread; RTX 2060)."""

OPTIMIZE = "simt-optimize"

LANES = BLOCK
"""Lanes of the simulator's samples: one warp, whose SIMD efficiency is measured."""

GPU_JOBS_PER_LANE = 4
"""Jobs per lane of the GPU runs (1024 jobs: 256 lanes in 8 blocks)."""


DUBOIS_ORDER_SEED = 1
"""Seed of dubois25's decision orders (`reference.decision_orders`)."""

DUBOIS_NOTE = (
    "dubois25 decided in index order is symmetric: variables 1..25 form a "
    "chain of xor gadgets (i, 50+i, i+1) whose middle variable absorbs any "
    "values of the ends, so for a split of at most 24 variables every sub-tree "
    "is the same search up to polarity (191 nodes on a 20-variable split: the "
    "lanes run in lockstep, SIMD efficiency about 0.99 before any pass, "
    "nothing to gain), and on 26- or 28-variable splits jobs of 1, 3 or 7 "
    "nodes are dominated by the propagation of their prefix (SIMD efficiency "
    "about 0.70 before, 1.02x after simt-optimize: the 26-variable variant). "
    "Index order is an artefact of how the generator numbers the variables, "
    "not of the formula, so the main samples decide below the split in a "
    "random order per sub-tree (reference.decision_orders, seed "
    "DUBOIS_ORDER_SEED), as ringsat, the paper's implementation, permutes "
    "each thread's variable order (PermutateVarsShard). The split's 10 "
    "variables stay first in every order, so the sub-trees still partition "
    "the search space. Then every lane runs its own search, lanes split "
    "between backtracking and deciding, and the original kernel serializes "
    "them as it does hole8's."
)
"""Why the dubois25 sample has the SIMD efficiency it has (checked by tests/dpll)."""


@dataclass(frozen=True)
class Config:
    """One formula: its CPU split, the simulator's sub-sample and other samples."""

    name: str
    make: Callable[[], CNF]
    cpu: Split
    sample: Split
    variants: tuple[Split, ...] = ()
    note: str = ""


def configs(quick: bool, full_cpu: bool) -> list[Config]:
    """hole8 and dubois25; `quick` shrinks the runs to a smoke test.

    Every sample runs on one warp (`LANES`) with several jobs a lane, so
    that the queue (L0) hands out work as lanes finish. Both main samples
    are 256 jobs of a 10-variable split cut at 32 nodes (quick: 64 jobs cut
    at 5), hole8's decided in index order, dubois25's each in its own random
    order below the split (`DUBOIS_ORDER_SEED`, see `DUBOIS_NOTE`); the
    first variant of each is the same jobs cut at 16 nodes (quick: 3).
    dubois25's other variants are decided in index order and searched to the
    end: 128 jobs of a 26-variable split and 64 of a 20-variable split
    (quick: 64 of 26 and 64 of 24 variables).
    """
    dubois_cpu_limit = UNLIMITED if full_cpu else (200 if quick else 20_000)
    jobs, limit, short = (64, 5, 3) if quick else (256, 32, 16)
    seed = DUBOIS_ORDER_SEED
    return [
        Config(
            "hole8.cnf",
            lambda: pigeonhole(8),
            Split(10, 0, 1024, UNLIMITED),
            Split(10, 512, jobs, limit, LANES),
            (Split(10, 512, jobs, short, LANES),),
        ),
        Config(
            "dubois25.cnf",
            lambda: dubois(25),
            Split(10, 0, 1024, dubois_cpu_limit, order_seed=seed),
            Split(10, 0, jobs, limit, LANES, seed),
            (
                Split(10, 0, jobs, short, LANES, seed),
                Split(26, 0, 64 if quick else 128, UNLIMITED, LANES),
                Split(24 if quick else 20, 0, 64, UNLIMITED, LANES),
            ),
            DUBOIS_NOTE,
        ),
    ]


def gpu_split(config: Config) -> Split:
    """The GPU runs: the CPU's jobs, `GPU_JOBS_PER_LANE` a lane."""
    cpu = config.cpu
    lanes = max(BLOCK, cpu.count // GPU_JOBS_PER_LANE // BLOCK * BLOCK)
    return replace(cpu, first=0, node_limit=min(cpu.node_limit, 200_000), lanes=lanes)


def split_json(split: Split) -> dict[str, Any]:
    return {
        "prefix_vars": split.prefix_vars,
        "first_subtree": split.first,
        "subtrees": split.count,
        "node_limit": None if split.node_limit >= UNLIMITED else split.node_limit,
        "lanes": split.lanes,
        "decision_order": "index"
        if split.order_seed is None
        else f"random per sub-tree, seed {split.order_seed}",
    }


def timed_json(run: Timed, split: Split) -> dict[str, Any]:
    results = run.results
    return {
        **split_json(split),
        "verdict": results.verdict,
        "nodes": int(results.nodes.sum()),
        "literal_checks": results.literal_checks,
        "seconds": run.seconds,
        "mlits_per_s": run.checks_per_second / 1e6,
    }


def simulated_json(run: SimulatedRun, split: Split, reference: Timed) -> dict[str, Any]:
    record = timed_json(run.timed, split)
    mismatches = run.timed.results.mismatches(reference.results)
    checks = run.timed.results.literal_checks
    record.update(
        simd_efficiency=run.simd_efficiency,
        issued=run.issued,
        lane_ops=run.lane_ops,
        cycles=run.cycles,
        checks_per_issued=checks / run.issued if run.issued else 0.0,
        checks_per_cycle=checks / run.cycles if run.cycles else 0.0,
        agrees_with_cpu=not mismatches,
        mismatches=mismatches,
        all_jobs_done=bool((run.timed.results.status >= 0).all())
        and jobs_taken(run.args) == split.count + split.lanes,
    )
    return record


def bench_formula(config: Config, log: Callable[[str], None]) -> dict[str, Any]:
    cnf = config.make()
    arrays = solver_arrays(cnf)
    record: dict[str, Any] = {
        "variables": cnf.num_vars,
        "clauses": cnf.num_clauses,
        "literals": cnf.num_literals,
        "paper": PAPER_TABLE_1[config.name],
    }
    if config.note:
        record["note"] = config.note
    log(f"{config.name}: CPU reference, {config.cpu.count} sub-trees")
    record["cpu_full"] = timed_json(run_cpu(arrays, config.cpu), config.cpu)
    sampled, optimized_module = bench_sample(config.name, arrays, config.sample, log)
    record.update(sampled)
    if config.variants:
        record["variants"] = [
            bench_sample(config.name, arrays, split, log)[0]
            for split in config.variants
        ]
    record["gpu"] = bench_gpu(config, arrays, optimized_module, log)
    return record


def bench_sample(
    name: str, arrays: Any, sample: Split, log: Callable[[str], None]
) -> tuple[dict[str, Any], ModuleOp]:
    """`sample`, `simulator_original`, `simulator_optimized` and
    `simd_efficiency_gain` for one sample, and the optimized kernel."""
    where = (
        f"{name} ({sample.count} jobs on {sample.lanes} lanes, "
        f"{sample.prefix_vars}-variable split)"
    )
    log(f"{where}: CPU reference on the simulator's sample")
    cpu_sample = run_cpu(arrays, sample)
    record: dict[str, Any] = {"sample": timed_json(cpu_sample, sample)}
    nodes = cpu_sample.results.nodes
    record["sample"]["subtree_nodes"] = {
        "min": int(nodes.min()),
        "max": int(nodes.max()),
        "distinct": len(set(nodes.tolist())),
    }
    log(f"{where}: simulator, original kernel")
    original = run_simulator(compile_dpll(), arrays, sample)
    record["simulator_original"] = simulated_json(original, sample, cpu_sample)
    log(f"{where}: simulator, after {OPTIMIZE} with a profile")
    optimized_module, profiled = optimized_kernel(arrays, sample)
    optimized = run_simulator(optimized_module, arrays, sample)
    record["simulator_optimized"] = simulated_json(optimized, sample, cpu_sample)
    record["simulator_optimized"]["profiled_split"] = split_json(profiled)
    before, after = original.simd_efficiency, optimized.simd_efficiency
    record["simd_efficiency_gain"] = after / before if before > 0 else 0.0
    return record, optimized_module


def disjoint_split(sample: Split) -> Split:
    """As many sub-trees as `sample`, next to it and not overlapping it."""
    first = sample.first + sample.count
    if first + sample.count > 1 << sample.prefix_vars:
        first = sample.first - sample.count
    return replace(sample, first=first)


def optimized_kernel(arrays: Any, sample: Split) -> tuple[ModuleOp, Split]:
    """The kernel after `simt-optimize`, profiled on sub-trees disjoint from
    `sample` so that the measurement does not see its own training input."""
    import simt

    profiled = disjoint_split(sample)
    module = compile_dpll()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "dpll.profile.json"
        args = launch_args(arrays, profiled)
        simt.profile(
            module,
            grid_for(profiled),
            (BLOCK,),
            args,
            path=path,
            step_limit=LONG_RUN_STEP_LIMIT,
        )
        simt.apply_passes(module, f'{OPTIMIZE}{{profile="{path}"}}')
    return module, profiled


def bench_gpu(
    config: Config, arrays: Any, optimized: ModuleOp, log: Callable[[str], None]
) -> dict[str, Any]:
    if not gpu_available():
        return {"status": "no GPU available (numba.cuda.is_available() is False)"}
    split = gpu_split(config)
    log(f"{config.name}: GPU, numba and simt")
    runs: dict[str, Any] = {
        "numba": timed_json(run_numba_gpu(arrays, split), split),
        "simt_original": timed_json(run_simt_gpu(compile_dpll(), arrays, split), split),
    }
    runs["simt_optimized"] = timed_json(run_simt_gpu(optimized, arrays, split), split)
    return runs


def loop_tree_json() -> Any:
    from simt.passes.loop_tree import LoopTreePass

    stream = io.StringIO()
    previous = LoopTreePass.stream
    LoopTreePass.stream = stream
    try:
        LoopTreePass(format="json", noalias=True).apply(_context(), compile_dpll())
    finally:
        LoopTreePass.stream = previous
    return json.loads(stream.getvalue())


def _context() -> Any:
    from simt.pipeline import default_context

    return default_context()


def ptx_status() -> str:
    from simt.lowering.ptx import to_ptx

    try:
        ptx = to_ptx(compile_dpll(), arch="sm_80")
    except Exception as error:  # a lowering gap is a result to report, not a crash
        return f"failed: {type(error).__name__}: {error}"
    return f"ok (sm_80, {len(ptx)} characters of PTX)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=DESCRIPTION)
    parser.add_argument(
        "--out", type=Path, default=Path("bench/results"), help="output folder"
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smoke test with tiny samples"
    )
    parser.add_argument(
        "--full-cpu",
        action="store_true",
        help="refute dubois25 completely on the CPU (minutes)",
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()

    def log(message: str) -> None:
        print(f"[{time.perf_counter() - start:7.1f} s] {message}", flush=True)

    report: dict[str, Any] = {
        "benchmark": "dpll",
        "source": "Bulavintsev and Zhdanov 2021, Table 1 (literal checks per second)",
        "metadata": metadata(
            ["python", "-m", "simt.bench.dpll.run", *(argv or sys.argv[1:])]
        ),
        "quick": args.quick,
        "optimize": f"{OPTIMIZE} with a profile on disjoint sub-trees",
        "formulas": {
            c.name: bench_formula(c, log) for c in configs(args.quick, args.full_cpu)
        },
        "loop_tree": loop_tree_json(),
        "ptx": ptx_status(),
    }
    report["wall_seconds"] = time.perf_counter() - start
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "dpll.json"
    path.write_text(json.dumps(report, indent=2) + "\n")
    log(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
