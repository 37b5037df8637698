"""`scf.while` -> `cf`: the one lowering of `scf.while` to blocks in simt.

xDSL 0.74's `xdsl.transforms.convert_scf_to_cf` lowers `scf.if`, `scf.for`
and `scf.index_switch` (`IfLowering`, `ForLowering`, `SwitchLowering`) but
has no `scf.while` pattern; this is the missing one, as MLIR's
`lib/Conversion/SCFToControlFlow/SCFToControlFlow.cpp` (`WhileLowering`)
writes it. The block holding the loop is split at it; the before region
becomes the header, the after region the body, the loop's results the
arguments of the continuation:

    ^pre:  ... cf.br ^before(%init)
    ^before(%a):  ...  cf.cond_br %c, ^after(%args), ^exit(%args)
    ^after(%b):   ...  cf.br ^before(%yielded)
    ^exit(%r):    (the while op's results)  ...

Used with xDSL's patterns by `simt-lower-to-llvm` (`simt.lowering.structured`)
and by `simt-linearize`'s `max-depth`, which lowers a structured nest to
blocks before linearizing it.
"""

from __future__ import annotations

from xdsl.dialects import cf, scf
from xdsl.pattern_rewriter import (
    PatternRewriter,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.rewriter import BlockInsertPoint, InsertPoint


class WhileLowering(RewritePattern):
    """Rewrites `scf.while` into a `cf` loop: a before (test) block and an
    after (body) block between the loop's block and its continuation."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: scf.WhileOp, rewriter: PatternRewriter, /) -> None:
        pre = op.parent_block()
        if pre is None:
            return
        exit_block = pre.split_before(op)
        for result in op.res:
            exit_block.insert_arg(result.type, len(exit_block.args))
        before = op.before_region.block
        after = op.after_region.block
        rewriter.inline_region(op.before_region, BlockInsertPoint.before(exit_block))
        rewriter.inline_region(op.after_region, BlockInsertPoint.before(exit_block))
        condition = before.last_op
        assert isinstance(condition, scf.ConditionOp)
        args = tuple(condition.args)
        rewriter.replace(
            condition,
            cf.ConditionalBranchOp(condition.condition, after, args, exit_block, args),
        )
        yield_op = after.last_op
        assert isinstance(yield_op, scf.YieldOp)
        rewriter.replace(yield_op, cf.BranchOp(before, *yield_op.arguments))
        rewriter.insert(cf.BranchOp(before, *op.arguments), InsertPoint.at_end(pre))
        rewriter.replace(op, [], exit_block.args)
