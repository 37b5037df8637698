"""Measurements of `simt-linearize` (Anantpur & Govindarajan 2014, §5 and Table 1).

Run: `python -m simt.bench.linearize [--json PATH] [--md PATH]`. On the
simulator (any machine) and with ptxas (the nvidia-cuda-nvcc wheel):

* code size like Table 1: blocks and ops of the IR and static PTX
  instructions before the pass, after it at level 0 (Algorithm 1 alone) and
  at levels 1-3 (O1, O1+O2, O1-O3), for every corpus kernel with
  unstructured control flow; every linearized kernel is assembled by ptxas
  for sm_80;
* Fig. 1 (short circuit): warp instructions issued and the most executions
  of one block per warp, before and after;
* Fig. 2(b)/8 (loop merging): the outer loop linearized with `max-depth=1`
  (its two loops merged) against the original and `simt-flatten-loops`, on
  the corpus inputs (independent trip counts per outer iteration) and on
  Fig. 2(c)'s pattern (lanes with long and short inner loops alternating
  between the outer iterations), where merging has something to gain;
* Fig. 3 (stack depth): the deepest reconvergence stack with `max-depth=0`
  at levels 1 and 3;
* Fig. 7 (branch interleaving): the Fig. 2(a) shape (a branch whose arms
  load a value, branch again, then use it), linearized with `max-depth=1`
  in RPO and with `interleave`: the block order, the warp instructions a
  warp with lanes on both arms issues between each load and its first use
  (the distance a stall-on-use core could hide latency over), issued
  instructions and cycles. The simulator has no latency model, so the
  latency hiding itself is not measured.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numba import cuda as numba_cuda
from xdsl.dialects import memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation

import simt
from simt.bench.kernels import CORPUS, KernelSpec
from simt.bench.kernels.spec import Arg, LaunchCase
from simt.bench.provenance import metadata
from simt.lowering.ptxas import assemble, find_ptxas, ptx_instruction_counts
from simt.pipeline import apply_passes, available_passes

cuda: Any = numba_cuda

LEVELS = tuple(f"simt-linearize{{level={n}}}" for n in range(4))
PTX_TARGET = 1.10
"""The paper's worst case: PTX instructions after O1-O3 at most 10% more."""


@dataclass(frozen=True)
class CodeSize:
    """Blocks, ops and PTX instructions of one kernel at one stage."""

    blocks: int
    ops: int
    ptx: int


@dataclass(frozen=True)
class SizeRow:
    """Table 1's row for one kernel: before, after Alg. 1 (level 0), after
    O1 and O1+O2 (levels 1, 2), after O1-O3 (level 3)."""

    kernel: str
    before: CodeSize
    after: CodeSize
    after_o1: CodeSize
    after_o2: CodeSize
    after_opt: CodeSize
    ptxas_ok: bool

    @property
    def levels(self) -> tuple[CodeSize, ...]:
        return (self.after, self.after_o1, self.after_o2, self.after_opt)

    @property
    def ptx_increase(self) -> float:
        return self.after_opt.ptx / self.before.ptx

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {
            "ptx_increase": round(self.ptx_increase, 4),
            "within_10_percent": self.ptx_increase <= PTX_TARGET,
        }


@dataclass(frozen=True)
class RunStats:
    """What one simulated launch measured."""

    issued: int
    cycles: float
    max_stack_depth: int
    max_block_executions_per_warp: float
    simd_efficiency: float


def code_size(module: ModuleOp, name: str) -> CodeSize:
    """Blocks (all regions, entry blocks included) and ops of the kernel
    `name`, and its static PTX instructions."""
    function = next(
        op
        for op in module.walk()
        if isinstance(op, FuncOp) and op.sym_name.data == name
    )
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
    """Table 1's row for `spec`; raises `PtxasError` when ptxas rejects a
    linearized kernel."""
    before = _compiled(spec, None)
    stages = [_compiled(spec, o) for o in LEVELS]
    ptxas = find_ptxas()
    for module in stages:
        if ptxas is not None:
            assemble(simt.to_ptx(module), "sm_80", ptxas)
    sizes = [code_size(m, spec.name) for m in stages]
    return SizeRow(
        spec.name, code_size(before, spec.name), *sizes, ptxas_ok=ptxas is not None
    )


def simulate_case(spec: KernelSpec, module: ModuleOp, case: LaunchCase) -> RunStats:
    """Simulates `module` on `case` and checks the outputs against the
    corpus's numpy reference."""
    expected = spec.expected(case)
    args = case.copy_args()
    result = simt.simulate(module, grid=case.grid, block=case.block, args=args)
    mismatches = spec.mismatches(expected, args)
    if mismatches:
        raise AssertionError(f"{spec.name}: {mismatches[:3]}")
    stats = result.stats
    warps = max(1, (case.threads + 31) // 32)
    most = max(stats.block_executions.values(), default=0) / warps
    return RunStats(
        stats.issued,
        stats.cycles,
        stats.max_stack_depth,
        most,
        stats.simd_efficiency,
    )


def run(spec: KernelSpec, module: ModuleOp, seed: int = 0) -> RunStats:
    """Simulates `module` on `spec`'s small random inputs."""
    return simulate_case(spec, module, spec.make_inputs(np.random.default_rng(seed)))


def fig1_short_circuit() -> dict[str, Any]:
    fig1 = CORPUS["anantpur_fig1_branches"]
    return {
        "original": asdict(run(fig1, _compiled(fig1, None))),
        "linearized": asdict(run(fig1, _compiled(fig1, "simt-linearize"))),
    }


def fig3_stack_depth() -> dict[str, Any]:
    fig3 = CORPUS["anantpur_fig3"]
    return {
        "original": asdict(run(fig3, _compiled(fig3, None))),
        "max_depth_0_level_1": asdict(
            run(fig3, _compiled(fig3, "simt-linearize{max-depth=0 level=1}"))
        ),
        "max_depth_0_level_3": asdict(
            run(fig3, _compiled(fig3, "simt-linearize{max-depth=0 level=3}"))
        ),
    }


def fig2c_case(items: int = 128, outer: int = 2, long: int = 15) -> LaunchCase:
    """Fig. 2(c)'s pattern: even lanes run `long` inner iterations in the
    first outer iteration and 1 in the second, odd lanes the other way."""
    lane = np.arange(items)
    trips = np.ones(outer * items, dtype=np.int32)
    trips[:items] = np.where(lane % 2 == 0, long, 1)
    trips[items : 2 * items] = np.where(lane % 2 == 0, 1, long)
    args: list[Arg] = [
        trips,
        np.zeros(items, dtype=np.int64),
        np.int64(items),
        np.int64(outer),
    ]
    return LaunchCase((items // 64,), (64,), args)


def fig2b_loop_merging() -> dict[str, Any]:
    spec = CORPUS["anantpur_fig2b"]
    variants: dict[str, str | None] = {
        "original": None,
        "linearize_max_depth_1": "simt-linearize{max-depth=1}",
    }
    if "simt-flatten-loops" in available_passes():
        variants["flatten_loops"] = "simt-flatten-loops"
    cases = {
        "corpus_inputs": spec.make_inputs(np.random.default_rng(0)),
        "fig2c_alternating_trips": fig2c_case(),
    }
    return {
        case_name: {
            name: asdict(simulate_case(spec, _compiled(spec, options), case))
            for name, options in variants.items()
        }
        for case_name, case in cases.items()
    }


def fig2a_interleave(x, y, z, out, n):  # pyright: ignore[reportMissingParameterType, reportUnknownParameterType]
    """Fig. 2(a)'s shape: each arm loads (B2, B5), branches (B3, B6) and then
    uses the loaded value (B4, B7)."""
    i = cuda.grid(1)
    if i < n:
        a = x[i]
        r = 0
        if a > 0:
            b = y[i]
            if a > 4:
                r = a * 3
            r = r + b * 2
        else:
            c = z[i]
            if a < -4:
                r = a * 5
            r = r - c
        out[i] = r


FIG2A_SIGNATURE = "void(int32[:], int32[:], int32[:], int32[:], int32)"


def _fig2a_case(items: int = 256) -> tuple[LaunchCase, np.ndarray]:
    rng = np.random.default_rng(0)
    x, y, z = (rng.integers(-9, 10, items, dtype=np.int32) for _ in range(3))
    args: list[Arg] = [x, y, z, np.zeros(items, dtype=np.int32), np.int32(items)]
    a = x.astype(np.int64)
    then = np.where(a > 4, a * 3, 0) + y.astype(np.int64) * 2
    other = np.where(a < -4, a * 5, 0) - z.astype(np.int64)
    expected = np.where(a > 0, then, other).astype(np.int32)
    return LaunchCase((items // 64,), (64,), args), expected


def _loads_and_uses(function: FuncOp) -> dict[str, tuple[Operation, Operation]]:
    """Each load from an argument array, by argument name, with its first use
    in program order (taken before any pass: linearization moves ops, it does
    not copy them, so the pair can be found again afterwards)."""
    ops = list(function.walk())
    position = {op: i for i, op in enumerate(ops)}
    body = function.body.blocks.first
    assert body is not None
    names = function.attributes.get("simt.arg_names")
    pairs: dict[str, tuple[Operation, Operation]] = {}
    for op in ops:
        if not isinstance(op, memref.LoadOp) or op.memref not in body.args:
            continue
        uses = sorted((u.operation for u in op.res.uses), key=position.__getitem__)
        if uses:
            index = next(a.index for a in body.args if a is op.memref)
            label = str(index) if names is None else _arg_name(names, index)
            pairs[label] = (op, uses[0])
    return pairs


def _arg_name(names: Any, index: int) -> str:
    return str(names.data[index].data)


def load_to_use(
    function: FuncOp, pairs: dict[str, tuple[Operation, Operation]]
) -> tuple[dict[str, int], list[str]]:
    """The ops a warp issues between each load and its first use, and the
    order of the loads and uses, in program order: in linearized code a
    warp with lanes on every path issues every step, so program order is
    its issue order (in the original it is the order within one arm)."""
    position = {op: i for i, op in enumerate(function.walk())}
    distance = {
        name: position[use] - position[load] - 1 for name, (load, use) in pairs.items()
    }
    events = [(position[load], f"load {n}") for n, (load, _) in pairs.items()]
    events += [(position[use], f"use {n}") for n, (_, use) in pairs.items()]
    return distance, [label for _, label in sorted(events)]


def fig7_branch_interleaving() -> dict[str, Any]:
    case, expected = _fig2a_case()
    variants = {
        "original": None,
        "linearized_rpo": "simt-linearize{max-depth=1}",
        "linearized_interleaved": "simt-linearize{max-depth=1 interleave=true}",
    }
    out: dict[str, Any] = {}
    for name, options in variants.items():
        module = simt.compile_python(fig2a_interleave, FIG2A_SIGNATURE)
        function = next(op for op in module.walk() if isinstance(op, FuncOp))
        pairs = _loads_and_uses(function)
        if options is not None:
            apply_passes(module, options)
        args = case.copy_args()
        result = simt.simulate(module, grid=case.grid, block=case.block, args=args)
        if not np.array_equal(args[3], expected):
            raise AssertionError(f"fig2a {name}: wrong outputs")
        distance, events = load_to_use(function, pairs)
        out[name] = {
            "issued": result.stats.issued,
            "cycles": result.stats.cycles,
            "ops_between_load_and_first_use": distance,
            "program_order": events,
        }
    return out


def applications() -> dict[str, Any]:
    return {
        "fig1_short_circuit": fig1_short_circuit(),
        "fig2b_loop_merging": fig2b_loop_merging(),
        "fig3_stack_depth": fig3_stack_depth(),
        "fig7_branch_interleaving": fig7_branch_interleaving(),
    }


def size_table(rows: Sequence[SizeRow]) -> str:
    """Table 1 as Markdown."""
    lines = [
        "| kernel | blocks bf / L0 / L1 / L2 / L3 | IR ops bf / L0 / L1 / L2 / L3 "
        "| PTX bf / L0 / L1 / L2 / L3 | PTX incr (L3/bf) | <= 10% |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        stages = (r.before, *r.levels)
        lines.append(
            f"| {r.kernel} | {' / '.join(str(s.blocks) for s in stages)} "
            f"| {' / '.join(str(s.ops) for s in stages)} "
            f"| {' / '.join(str(s.ptx) for s in stages)} "
            f"| {r.ptx_increase:.3f} | {'yes' if r.ptx_increase <= PTX_TARGET else 'no'} |"
        )
    return "\n".join(lines)


def _stats_line(name: str, stats: dict[str, Any]) -> str:
    return (
        f"| {name} | {stats['issued']} | {stats['cycles']:.0f} "
        f"| {stats['max_stack_depth']} | {stats['max_block_executions_per_warp']:.2f} "
        f"| {stats['simd_efficiency']:.3f} |"
    )


_STATS_HEADER = (
    "| variant | warp instrs issued | cycles | max stack depth "
    "| most runs of a block per warp | SIMD efficiency |\n|---|---|---|---|---|---|"
)


def report(rows: Sequence[SizeRow], apps: dict[str, Any]) -> str:
    """The Markdown report: Table 1 and the applications."""
    parts = [
        "# simt-linearize (Anantpur & Govindarajan 2014)",
        "Generated by `python -m simt.bench.linearize --json "
        "bench/results/linearize.json --md bench/results/linearize.md`; "
        "simulator metrics and static PTX counts (llvmlite O3, sm_80), no GPU.",
        "## Code size (Table 1)",
        "bf = before, L0 = Algorithm 1 alone, L1-L3 = O1, O1+O2, O1-O3. Blocks "
        "count every block of every region (an `scf.if` has two), so they are "
        "not comparable with the paper's basic blocks; PTX is static PTX "
        "instructions of the kernel. Every linearized kernel assembles with "
        "ptxas.",
        size_table(rows),
    ]
    titles = {
        "fig1_short_circuit": "## Fig. 1: short circuit",
        "fig3_stack_depth": "## Fig. 3: reconvergence-stack depth (max-depth=0)",
    }
    for key, title in titles.items():
        lines = [_stats_line(n, st) for n, st in apps[key].items()]
        parts += [title, "\n".join([_STATS_HEADER, *lines])]
    for case, variants in apps["fig2b_loop_merging"].items():
        lines = [_stats_line(n, st) for n, st in variants.items()]
        parts += [
            f"## Fig. 2(b)/8: loop merging, {case}",
            "\n".join([_STATS_HEADER, *lines]),
        ]
    parts.append("## Fig. 7: branch interleaving (Fig. 2(a) shape, max-depth=1)")
    lines = [
        "| variant | issued | cycles | ops between load and first use | program order |",
        "|---|---|---|---|---|",
    ]
    for name, entry in apps["fig7_branch_interleaving"].items():
        lines.append(
            f"| {name} | {entry['issued']} | {entry['cycles']:.0f} "
            f"| {entry['ops_between_load_and_first_use']} "
            f"| {', '.join(entry['program_order'])} |"
        )
    parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description="simt-linearize measurements")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--md", type=Path, default=None)
    options = parser.parse_args()
    rows = [size_row(s) for s in CORPUS.values() if s.unstructured]
    table = size_table(rows)
    print(table)
    apps = applications()
    print(json.dumps(apps, indent=1))
    payload = {
        "metadata": metadata(
            ["python", "-m", "simt.bench.linearize", *sys.argv[1:]],
            "simulator (simt.sim) and ptxas static counts; no GPU",
        ),
        "code_size": [r.to_json() for r in rows],
        "applications": apps,
    }
    if options.json is not None:
        options.json.write_text(json.dumps(payload, indent=1) + "\n")
    if options.md is not None:
        options.md.write_text(report(rows, apps))


if __name__ == "__main__":
    main()
