"""Branch fusion and divergence analysis on the simulator (Coutinho et al. 2011).

Source: B. Coutinho, D. Sampaio, F. M. Q. Pereira, W. Meira Jr., "Divergence
Analysis and Optimizations" (PACT 2011), Sec. V: the 26.78% improvement of the
Fig. 10 kernel after branch fusion, the 9.2% of the hand-fused bitonic sort
(Fig. 17), and the precision of the analysis against a dynamic profiler (34%
false positives; 26% of the branches and 39% of the variables proven
uniform).

1. Branch fusion: the corpus kernels `coutinho_fig10` (even lanes take the
   then side, odd lanes the else side: every warp splits 50/50),
   `bitonic_step` (one launch per (k, j) step of a full sort, cycles summed
   over the sort) and `bitonic_sort_block` (the whole network in one launch)
   run in the simulator before and after `simt-branch-fusion`. Both variants
   first go through the same clean-up (`constant-fold-interp,canonicalize,
   cse`), as a compiler would run before measuring; the raw frontend IR is
   reported too. Outputs must be equal.
2. Divergence analysis against the simulator's profile: every corpus kernel
   runs on several inputs; a branch the analysis calls divergent that never
   split a warp is a false positive; one it calls uniform that split a warp
   would be a false negative (the tests prove there are none). The false
   positive rate is FP / (branches called divergent), over branches the runs
   executed. Static shares: uniform branches over all branch ops, uniform
   values over all SSA values. Both load rules are reported.

Run: `python -m simt.bench.branch_fusion` (writes
`bench/results/branch_fusion.json` and `bench/results/divergence_eval.json`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

import simt
from simt.analysis.divergence import analyze_divergence
from simt.bench.kernels import CORPUS, KernelSpec, LaunchCase
from simt.bench.provenance import metadata
from simt.model.sites import site_id
from simt.sim import simulate
from simt.sim.stats import SimulationStats

RESULTS = Path(__file__).parent / "results"
CLEANUP = "constant-fold-interp,canonicalize,cse"
FUSION = "simt-branch-fusion"
PAPER = {
    "fig10_reduction_percent": 26.78,
    "bitonic_hand_speedup_percent": 9.2,
    "false_positive_rate": 0.34,
    "uniform_branch_share": 0.26,
    "uniform_value_share": 0.39,
}


# ---------------------------------------------------------------------------
# Branch fusion
# ---------------------------------------------------------------------------


def compiled(spec: KernelSpec, pipeline: str) -> ModuleOp:
    module = simt.compile_python(spec.func, spec.signature)
    if pipeline:
        simt.apply_passes(module, pipeline)
    return module


def run(module: ModuleOp, case: LaunchCase) -> tuple[SimulationStats, list[Any]]:
    args = case.copy_args()
    result = simulate(module, case.grid, case.block, args, trace=False)
    return result.stats, args


def same_outputs(before: list[Any], after: list[Any]) -> bool:
    return all(
        np.array_equal(b, a, equal_nan=b.dtype.kind == "f")
        for b, a in zip(before, after, strict=True)
        if isinstance(b, np.ndarray)
    )


def before_after(
    spec: KernelSpec, cases: Sequence[LaunchCase], cleanup: str
) -> dict[str, Any]:
    """Cycles summed over `cases`, original against fused, after `cleanup`."""
    original = compiled(spec, cleanup)
    fused = compiled(spec, ",".join(p for p in (cleanup, FUSION) if p))
    cycles = [0.0, 0.0]
    issued = [0, 0]
    equal = True
    for case in cases:
        (s0, a0), (s1, a1) = run(original, case), run(fused, case)
        cycles[0] += s0.cycles
        cycles[1] += s1.cycles
        issued[0] += s0.issued
        issued[1] += s1.issued
        equal &= same_outputs(a0, a1)
    return {
        "kernel": spec.name,
        "cleanup": cleanup or None,
        "launches": len(cases),
        "cycles_before": cycles[0],
        "cycles_after": cycles[1],
        "cycle_reduction_percent": 100.0 * (cycles[0] - cycles[1]) / cycles[0],
        "issued_before": issued[0],
        "issued_after": issued[1],
        "outputs_equal": equal,
    }


def bitonic_steps(items: int, seed: int) -> list[LaunchCase]:
    """One `bitonic_step` launch per (k, j) step of a full sort of `items`."""
    spec = CORPUS["bitonic_step"]
    template = spec.inputs(np.random.default_rng(seed), items)
    n = int(template.args[1])
    data = template.args[0]
    cases: list[LaunchCase] = []
    k = 2
    while k <= n:
        j = k // 2
        while j > 0:
            args = [data, np.int32(n), np.int32(j), np.int32(k)]
            cases.append(LaunchCase(template.grid, template.block, args))
            j //= 2
        k *= 2
    return cases


def fusion_results(items: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    rng_seed = 0
    fig10 = CORPUS["coutinho_fig10"]
    fig10_case = [fig10.inputs(np.random.default_rng(rng_seed), items)]
    sort_block = CORPUS["bitonic_sort_block"]
    block_case = [sort_block.inputs(np.random.default_rng(rng_seed), items)]
    steps = bitonic_steps(items, rng_seed)
    for cleanup in (CLEANUP, ""):
        rows.append(before_after(fig10, fig10_case, cleanup))
        rows.append(before_after(CORPUS["bitonic_step"], steps, cleanup))
        rows.append(before_after(sort_block, block_case, cleanup))
    return rows


# ---------------------------------------------------------------------------
# Divergence analysis against the dynamic profile
# ---------------------------------------------------------------------------


def branch_site(op: Operation) -> str:
    """The simulator's site of a branch op (`scf.while`: its `scf.condition`)."""
    if isinstance(op, scf.WhileOp):
        condition = op.before_region.block.last_op
        assert condition is not None
        return site_id(condition)
    return site_id(op)


def observed(
    spec: KernelSpec, module: ModuleOp, seeds: Sequence[int]
) -> dict[str, list[int]]:
    """Per branch site: [executions, divergent executions] over all runs."""
    seen: dict[str, list[int]] = {}
    for seed in seeds:
        for size in (spec.small_items, 3 * spec.small_items + 17):
            case = spec.inputs(np.random.default_rng(seed), size)
            stats, _ = run(module, case)
            for site, branch in stats.branches.items():
                counts = seen.setdefault(site, [0, 0])
                counts[0] += branch.executions
                counts[1] += branch.divergent
    return seen


def kernel_precision(
    spec: KernelSpec, seeds: Sequence[int], lockstep_loads: bool
) -> dict[str, Any]:
    module = compiled(spec, "")
    info = analyze_divergence(module, lockstep_loads=lockstep_loads)
    seen = observed(spec, module, seeds)
    counts = {"true_positive": 0, "false_positive": 0, "true_negative": 0,
              "false_negative": 0, "not_executed": 0}  # fmt: skip
    for branch in info.branches:
        executions, divergent = seen.get(branch_site(branch), [0, 0])
        if executions == 0:
            counts["not_executed"] += 1
            continue
        predicted = info.is_divergent_branch(branch)
        key = ("true_" if predicted == (divergent > 0) else "false_") + (
            "positive" if predicted else "negative"
        )
        counts[key] += 1
    return {
        "kernel": spec.name,
        "branches": len(info.branches),
        "uniform_branches": len(info.uniform_branches),
        "values": len(info.values),
        "uniform_values": len(info.uniform_values),
        **counts,
    }


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    total = {k: sum(r[k] for r in rows) for k in rows[0] if k != "kernel"}
    predicted_divergent = total["true_positive"] + total["false_positive"]
    return {
        **total,
        "false_positive_rate": total["false_positive"] / max(1, predicted_divergent),
        "uniform_branch_share": total["uniform_branches"] / max(1, total["branches"]),
        "uniform_value_share": total["uniform_values"] / max(1, total["values"]),
    }


def divergence_results(seeds: Sequence[int]) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for lockstep in (False, True):
        rows = [kernel_precision(spec, seeds, lockstep) for spec in CORPUS.values()]
        name = "lockstep_loads" if lockstep else "conservative_loads"
        report[name] = {"summary": summarize(rows), "kernels": rows}
    return report


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--items", type=int, default=1024)
    parser.add_argument("--seeds", type=int, nargs="*", default=[0, 1, 2])
    parser.add_argument("--out", type=Path, default=RESULTS)
    options = parser.parse_args(argv)
    options.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    command = ["python -m simt.bench.branch_fusion", *(argv or sys.argv[1:])]
    stamp = {"metadata": metadata(" ".join(command)), "paper": PAPER}
    fusion = fusion_results(options.items)
    (options.out / "branch_fusion.json").write_text(
        json.dumps({**stamp, "items": options.items, "results": fusion}, indent=1)
    )
    for row in fusion:
        print(
            f"{row['kernel']:20s} cleanup={row['cleanup'] or 'none':38s} "
            f"cycles {row['cycles_before']:>10.0f} -> {row['cycles_after']:>10.0f} "
            f"({row['cycle_reduction_percent']:+.2f}% fewer)"
            f"{'' if row['outputs_equal'] else '  OUTPUTS DIFFER'}"
        )
    evaluation = divergence_results(options.seeds)
    (options.out / "divergence_eval.json").write_text(
        json.dumps({**stamp, "seeds": options.seeds, **evaluation}, indent=1)
    )
    for name, part in evaluation.items():
        s = part["summary"]
        print(
            f"divergence ({name}): false positives {s['false_positive']}/"
            f"{s['true_positive'] + s['false_positive']} = {s['false_positive_rate']:.0%} "
            f"(paper 34%), false negatives {s['false_negative']}, uniform branches "
            f"{s['uniform_branch_share']:.0%} (paper 26%), uniform values "
            f"{s['uniform_value_share']:.0%} (paper 39%), not executed {s['not_executed']}"
        )
    print(f"done in {time.perf_counter() - started:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
