"""`simt-divergence`: records the divergence analysis on the IR as attributes.

Source: Coutinho et al. 2011, Sec. III (the analysis lives in
`simt.analysis.divergence`); the attribute names are those of
docs/ir-conventions.md ("Divergence and loop facts"). This module only maps
the analysis' answers onto the IR:

    %t = simt.thread_id x {simt.divergence = [#simt.uniformity<divergent>]} : i32
    scf.if %c {...} {simt.branch = #simt.uniformity<divergent>}

`test-print-divergence` prints the same answers as text, one line per value
and branch, for FileCheck tests of the analysis (STYLE.md rule 10).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import ClassVar, TextIO

from xdsl.context import Context
from xdsl.dialects import builtin, func, scf
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.utils.exceptions import PassFailedException

from simt.analysis.divergence import BRANCH_OPS, DivergenceInfo, analyze_divergence
from simt.dialects.simt import (
    BLOCK_ARGS_DIVERGENCE_ATTR,
    BRANCH_ATTR,
    DIVERGENCE_ATTR,
    DIVERGENT,
    UNIFORM,
    UniformityAttr,
)
from simt.model.locations import op_location


def check_analyzable(pass_name: str, module: builtin.ModuleOp) -> None:
    """Fails with a located message on what the divergence analysis cannot
    answer soundly: a `func.func` without a body (an external declaration has
    nothing to analyze), and an unregistered op (it may read the lane id, so
    calling its results uniform could be wrong)."""
    for op in module.walk():
        if isinstance(op, func.FuncOp) and op.is_declaration:
            raise PassFailedException(
                f"{pass_name}: {op_location(op)}: expected a function with a "
                f"body, found the external declaration @{op.sym_name.data} (the "
                "divergence analysis needs the body of every function)"
            )
        if isinstance(op, builtin.UnregisteredOp):
            raise PassFailedException(
                f"{pass_name}: {op_location(op)}: expected registered ops only, "
                f"found the unregistered op '{op.op_name.data}' (the divergence "
                "analysis cannot tell whether its results depend on the lane)"
            )


def _fact(info: DivergenceInfo, value: SSAValue) -> UniformityAttr:
    return DIVERGENT if info.is_divergent(value) else UNIFORM


def _block_facts(info: DivergenceInfo, op: Operation) -> builtin.ArrayAttr:
    return builtin.ArrayAttr(
        builtin.ArrayAttr(
            builtin.ArrayAttr(_fact(info, arg) for arg in block.args)
            for block in region.blocks
        )
        for region in op.regions
    )


class RecordDivergenceFacts(RewritePattern):
    """Sets `simt.divergence`, `simt.block_args_divergence` and `simt.branch` on
    an op of the analyzed functions from the analysis' answers."""

    def __init__(self, info: DivergenceInfo) -> None:
        self.info = info
        self.known = frozenset(
            v.owner for v in info.values if isinstance(v.owner, Operation)
        ) | frozenset(info.branches)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op not in self.known and not _has_block_args(op):
            return
        if op.results:
            facts = builtin.ArrayAttr(_fact(self.info, r) for r in op.results)
            op.attributes[DIVERGENCE_ATTR] = facts
        if _has_block_args(op):
            op.attributes[BLOCK_ARGS_DIVERGENCE_ATTR] = _block_facts(self.info, op)
        if isinstance(op, BRANCH_OPS):
            divergent = self.info.is_divergent_branch(op)
            op.attributes[BRANCH_ATTR] = DIVERGENT if divergent else UNIFORM
        rewriter.notify_op_modified(op)


def _has_block_args(op: Operation) -> bool:
    return any(block.args for region in op.regions for block in region.blocks)


@dataclass(frozen=True)
class DivergencePass(ModulePass):
    """Runs the divergence analysis and records its answers as attributes.

    Input invariant: any module whose functions all have bodies and whose ops
    are all registered (else the pass fails, see `check_analyzable`); each
    `func.func` is analyzed on its own (kernels, with `simt.kernel`, have
    uniform arguments; other functions divergent ones).

    Output IR: the same IR with discardable attributes: `simt.divergence` on
    every op with results (one `#simt.uniformity` per result),
    `simt.block_args_divergence` on every op whose regions have block
    arguments (`func.func` included), `simt.branch` on every `cf.cond_br`,
    `cf.switch`, `scf.if`, `scf.index_switch`, `scf.for`, `scf.while` and
    `simt.guarded`.

    Invariants: no op is added, removed or moved; `uniform` promises that all
    active lanes of a warp agree (see `simt.analysis.divergence`).
    """

    name = "simt-divergence"

    lockstep_loads: bool = False
    """Use the paper's load rule (a load from a uniform address is uniform)
    instead of also requiring that the function writes no memory."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        check_analyzable(self.name, op)
        info = analyze_divergence(op, lockstep_loads=self.lockstep_loads)
        walker = PatternRewriteWalker(
            RecordDivergenceFacts(info), apply_recursively=False
        )
        walker.rewrite_module(op)


@dataclass(frozen=True)
class TestPrintDivergencePass(ModulePass):
    """Prints the divergence analysis' answers, for FileCheck tests.

    Input invariant: as for `simt-divergence` (see `check_analyzable`).

    Output IR: unchanged. Before it, on standard output, for each function:
    `divergence of @name`, then one line per value in program order
    (`  %name: uniform` or `  %name: divergent`; values without a name in the
    source print as `(op-name #result)` or `(^bbN #arg)`), and one line per
    branch (`  branch op-name %condition: uniform|divergent`).

    Invariants: the IR is not touched.
    """

    name = "test-print-divergence"

    lockstep_loads: bool = False

    stream: ClassVar[TextIO | None] = None
    """Where to print; standard output when None (tests may redirect it)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        check_analyzable(self.name, op)
        info = analyze_divergence(op, lockstep_loads=self.lockstep_loads)
        out = self.stream if self.stream is not None else sys.stdout
        for function in op.walk():
            if isinstance(function, func.FuncOp):
                out.write(_report(info, function))
        out.flush()


def _report(info: DivergenceInfo, function: func.FuncOp) -> str:
    """The lines of one function, in program order (block arguments first)."""
    lines = [f"divergence of @{function.sym_name.data}"]
    for op in function.walk():
        if op is function:
            continue
        block = op.parent_block()
        if block is not None and block.first_op is op:
            lines.extend(_block_lines(info, block))
        lines.extend(_result_lines(info, op))
        if isinstance(op, BRANCH_OPS):
            lines.append(_branch_line(info, op))
    return "\n".join(lines) + "\n"


def _state(divergent: bool) -> str:
    return "divergent" if divergent else "uniform"


def _block_lines(info: DivergenceInfo, block: Block) -> list[str]:
    index = block.parent.get_block_index(block) if block.parent is not None else 0
    return [
        f"  {_name(arg) or f'(^bb{index} #{k})'}: {_state(info.is_divergent(arg))}"
        for k, arg in enumerate(block.args)
    ]


def _result_lines(info: DivergenceInfo, op: Operation) -> list[str]:
    many = len(op.results) > 1
    lines: list[str] = []
    for k, result in enumerate(op.results):
        name = _name(result)
        label = (
            f"({op.name} #{k})" if name is None else name + (f"#{k}" if many else "")
        )
        lines.append(f"  {label}: {_state(info.is_divergent(result))}")
    return lines


def _branch_line(info: DivergenceInfo, op: Operation) -> str:
    condition = _condition_name(op)
    state = _state(info.is_divergent_branch(op))
    return f"  branch {op.name}{' ' + condition if condition else ''}: {state}"


def _condition_name(op: Operation) -> str:
    """The name of the value that decides the branch, "" when it has none."""
    if isinstance(op, scf.WhileOp):
        condition = op.regions[0].blocks[0].last_op
        operands = condition.operands if condition is not None else ()
    elif isinstance(op, scf.ForOp):
        operands = op.operands[1:2]
    else:
        operands = op.operands[:1]
    return (_name(operands[0]) or "") if operands else ""


def _name(value: SSAValue) -> str | None:
    return f"%{value.name_hint}" if value.name_hint else None
