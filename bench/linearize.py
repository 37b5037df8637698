"""Measurements of `simt-linearize` (Anantpur & Govindarajan 2014, §5 and Table 1).

Run: `python -m simt.bench.linearize [--json PATH]`. On the simulator (any
machine) and with ptxas (the nvidia-cuda-nvcc wheel):

* code size like Table 1: blocks and ops of the IR and static PTX instructions
  before the pass, after it at level 0 (Algorithm 1 alone) and at level 3
  (O1-O3), for every corpus kernel with unstructured control flow; every
  linearized kernel is assembled by ptxas;
* Fig. 1 (short circuit): warp instructions issued and the most executions of
  one block per warp, before and after;
* Fig. 3 (stack depth): the deepest reconvergence stack with `max-depth` 0, at
  level 1 (no nesting) and level 3 (O2 nests steps again, deepening the stack);
* Fig. 2(b)/8 (loop merging): issued instructions and SIMD efficiency with
  `max-depth` 0 against the original and `simt-flatten-loops`.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

import simt
from simt.bench.kernels import CORPUS, KernelSpec
from simt.lowering.ptxas import assemble, find_ptxas, ptx_instruction_counts
from simt.tools.pipeline import apply_passes, available_passes


@dataclass(frozen=True)
class CodeSize:
    """Blocks, ops and PTX instructions of one kernel at one stage."""

    blocks: int
    ops: int
    ptx: int


@dataclass(frozen=True)
class SizeRow:
    """Table 1's row for one kernel: before, after (level 0), after O1-O3."""

    kernel: str
    before: CodeSize
    after: CodeSize
    after_opt: CodeSize
    ptxas_ok: bool

    @property
    def ptx_increase(self) -> float:
        return self.after_opt.ptx / self.before.ptx


@dataclass(frozen=True)
class RunStats:
    """What one simulated launch measured."""

    issued: int
    max_stack_depth: int
    max_block_executions_per_warp: float
    simd_efficiency: float


def code_size(module: ModuleOp, name: str) -> CodeSize:
    function = next(op for op in module.walk() if isinstance(op, FuncOp))
    blocks = sum(1 for op in function.walk() for r in op.regions for _ in r.blocks)
    ops = sum(1 for _ in function.walk()) - 1
    ptx = ptx_instruction_counts(simt.to_ptx(module)).get(name, 0)
    return CodeSize(blocks, ops, ptx)


def _compiled(spec: KernelSpec, options: str | None) -> ModuleOp:
    module = simt.compile_python(spec.func, spec.signature)
    if options is not None:
        apply_passes(module, options)
    return module


def size_row(spec: KernelSpec) -> SizeRow:
    stages = [
        _compiled(spec, o) for o in (None, "simt-linearize{level=0}", "simt-linearize")
    ]
    sizes = [code_size(m, spec.name) for m in stages]
    ptxas = find_ptxas()
    ok = ptxas is not None
    for module in stages[1:]:
        if ptxas is not None:
            assemble(simt.to_ptx(module), "sm_80", ptxas)
    return SizeRow(spec.name, sizes[0], sizes[1], sizes[2], ok)


def run(spec: KernelSpec, module: ModuleOp, seed: int = 0) -> RunStats:
    """Simulates `module` on `spec`'s small inputs and checks the outputs."""
    case = spec.make_inputs(np.random.default_rng(seed))
    expected = spec.expected(case)
    args = case.copy_args()
    result = simt.simulate(module, grid=case.grid, block=case.block, args=args)
    mismatches = spec.mismatches(expected, args)
    if mismatches:
        raise AssertionError(f"{spec.name}: {mismatches[:3]}")
    stats = result.stats
    warps = max(1, (case.threads + 31) // 32)
    most = max(stats.block_executions.values(), default=0) / warps
    return RunStats(stats.issued, stats.max_stack_depth, most, stats.simd_efficiency)


def applications() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    fig1 = CORPUS["anantpur_fig1_branches"]
    out["fig1_short_circuit"] = {
        "original": asdict(run(fig1, _compiled(fig1, None))),
        "linearized": asdict(run(fig1, _compiled(fig1, "simt-linearize"))),
    }
    fig3 = CORPUS["anantpur_fig3"]
    out["fig3_stack_depth"] = {
        "original": asdict(run(fig3, _compiled(fig3, None))),
        "max_depth_0_level_1": asdict(
            run(fig3, _compiled(fig3, "simt-linearize{max-depth=0 level=1}"))
        ),
        "max_depth_0_level_3": asdict(
            run(fig3, _compiled(fig3, "simt-linearize{max-depth=0}"))
        ),
    }
    fig2b = CORPUS["anantpur_fig2b"]
    merging = {
        "original": asdict(run(fig2b, _compiled(fig2b, None))),
        "max_depth_0": asdict(
            run(fig2b, _compiled(fig2b, "simt-linearize{max-depth=0}"))
        ),
    }
    if "simt-flatten-loops" in available_passes():
        merging["flatten_loops"] = asdict(
            run(fig2b, _compiled(fig2b, "simt-flatten-loops"))
        )
    out["fig2b_loop_merging"] = merging
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="simt-linearize measurements")
    parser.add_argument("--json", type=Path, default=None)
    options = parser.parse_args()
    rows = [size_row(s) for s in CORPUS.values() if s.unstructured]
    print(f"{'kernel':24} {'blocks':>14} {'ops':>16} {'ptx':>16} {'incr':>6}")
    for r in rows:
        print(
            f"{r.kernel:24} {r.before.blocks:>4}/{r.after.blocks:>4}/{r.after_opt.blocks:>4} "
            f"{r.before.ops:>5}/{r.after.ops:>5}/{r.after_opt.ops:>5} "
            f"{r.before.ptx:>5}/{r.after.ptx:>5}/{r.after_opt.ptx:>5} {r.ptx_increase:6.2f}"
        )
    apps = applications()
    print(json.dumps(apps, indent=1))
    if options.json is not None:
        payload = {
            "code_size": [asdict(r) | {"ptx_increase": r.ptx_increase} for r in rows]
        }
        options.json.write_text(json.dumps(payload | {"applications": apps}, indent=1))


if __name__ == "__main__":
    main()
