"""`simt-canonicalize`: xDSL's `canonicalize`, the folds it lacks, then `cse`.

xDSL's canonicalization folds integer arithmetic and `arith.select` of a
constant, but not `arith.cmpi` of two constants, so the frontend's
floor-modulo sequence for `x % 2` keeps `arith.cmpi eq, %c2, %c0` and the
selects it feeds. This pass runs every op's canonicalization patterns (the
simt ops' included, `simt.dialects.canonicalization`) together with
`FoldConstantCmpi` and `MergePureDuplicate`, to a fixed point, removes dead
code, hoists constants to the function's entry block (as MLIR's canonicalizer
does), and eliminates common subexpressions.

    %c2 = arith.constant 2 : i64
    %c0 = arith.constant 0 : i64
    %z = arith.cmpi eq, %c2, %c0 : i64       ->   %z = arith.constant false
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerType, ModuleOp
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.transforms.canonicalize import CanonicalizationRewritePattern
from xdsl.transforms.common_subexpression_elimination import (
    CommonSubexpressionElimination,
)
from xdsl.transforms.dead_code_elimination import region_dce

from simt.dialects.canonicalization import (
    MergePureDuplicate,
    constant_int,
    hoist_constants,
)

_PREDICATES = {
    0: lambda a, b: a == b,  # eq
    1: lambda a, b: a != b,  # ne
    2: lambda a, b: a < b,  # slt
    3: lambda a, b: a <= b,  # sle
    4: lambda a, b: a > b,  # sgt
    5: lambda a, b: a >= b,  # sge
    6: lambda a, b: a < b,  # ult
    7: lambda a, b: a <= b,  # ule
    8: lambda a, b: a > b,  # ugt
    9: lambda a, b: a >= b,  # uge
}
_UNSIGNED = frozenset({6, 7, 8, 9})


def compare(predicate: int, lhs: int, rhs: int, width: int) -> bool | None:
    """`arith.cmpi predicate, lhs, rhs` on `width`-bit integers; None for an
    unknown predicate."""
    test = _PREDICATES.get(predicate)
    if test is None:
        return None
    mask = (1 << width) - 1
    lhs, rhs = lhs & mask, rhs & mask
    if predicate not in _UNSIGNED:
        lhs, rhs = _signed(lhs, width), _signed(rhs, width)
    return test(lhs, rhs)


def _signed(value: int, width: int) -> int:
    return value - (1 << width) if value >> (width - 1) else value


class FoldConstantCmpi(RewritePattern):
    """Rewrites `arith.cmpi` of two integer constants into an `i1` constant."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, arith.CmpiOp):
            return
        lhs, rhs = constant_int(op.lhs), constant_int(op.rhs)
        if lhs is None or rhs is None:
            return
        type_ = op.lhs.type
        width = 64 if isinstance(type_, IndexType) else None
        if isinstance(type_, IntegerType):
            width = type_.width.data
        if width is None:
            return
        result = compare(op.predicate.value.data, lhs, rhs, width)
        if result is None:
            return
        rewriter.replace_op(op, arith.ConstantOp.from_int_and_width(int(result), 1))


UPSTREAM_PATTERNS: tuple[RewritePattern, ...] = (
    FoldConstantCmpi(),
    MergePureDuplicate(),
)
"""Folds of upstream ops that xDSL's canonicalization and `cse` do not have."""


@dataclass(frozen=True)
class SimtCanonicalizePass(ModulePass):
    """Canonicalizes, folds what xDSL's `canonicalize` leaves, and runs `cse`.

    Input invariant: any module.

    Output IR: every canonicalization pattern of the ops in the module applied
    to a fixed point, plus `UPSTREAM_PATTERNS`; dead pure ops removed; every
    `arith.constant` at the start of its function's entry block, one of each;
    common subexpressions eliminated.

    Invariants: the semantics of every lane (the patterns are folds of pure
    ops and of guard writes whose condition is a constant).
    """

    name = "simt-canonicalize"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        patterns = GreedyRewritePatternApplier(
            [CanonicalizationRewritePattern(), *UPSTREAM_PATTERNS],
            ctx=ctx,
            folding_enabled=True,
        )
        PatternRewriteWalker(patterns, post_walk_func=region_dce).rewrite_module(op)
        hoist_constants(op)
        CommonSubexpressionElimination().apply(ctx, op)
