"""`simt-canonicalize`: xDSL's `canonicalize`, the folds it lacks, then `cse`.

xDSL's canonicalization folds integer arithmetic and `arith.select` of a
constant, but not `arith.cmpi` of two constants, so the frontend's
floor-modulo sequence for `x % 2` keeps `arith.cmpi eq, %c2, %c0` and the
selects it feeds. This pass runs every op's canonicalization patterns (the
simt ops' included, `simt.dialects.canonicalization`) together with
`FoldConstantCmpi`, `FoldCmpiByRange` (a signed comparison that the
operands' integer ranges decide, `simt.analysis.int_range`: the wraparound
test of an index that is never negative), `FoldFloorModZeroTest` (`x % c`
tested against zero tests the remainder) and `MergePureDuplicate`, to a
fixed point, removes dead code, hoists constants to the function's entry block (as MLIR's canonicalizer
does), and eliminates common subexpressions.

    %c2 = arith.constant 2 : i64
    %c0 = arith.constant 0 : i64
    %z = arith.cmpi eq, %c2, %c0 : i64       ->   %z = arith.constant false
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
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

from simt.analysis.int_range import IntRanges, Range
from simt.dialects.canonicalization import (
    MergePureDuplicate,
    constant_int,
    hoist_constants,
    int_width,
    signed,
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
        lhs, rhs = signed(lhs, width), signed(rhs, width)
    return test(lhs, rhs)


class FoldConstantCmpi(RewritePattern):
    """Rewrites `arith.cmpi` of two integer constants into an `i1` constant."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, arith.CmpiOp):
            return
        lhs, rhs = constant_int(op.lhs), constant_int(op.rhs)
        if lhs is None or rhs is None:
            return
        width = int_width(op.lhs.type)
        if width is None:
            return
        result = compare(op.predicate.value.data, lhs, rhs, width)
        if result is None:
            return
        rewriter.replace(op, arith.ConstantOp.from_int_and_width(int(result), 1))


class FoldCmpiByRange(RewritePattern):
    """Rewrites a signed `arith.cmpi` that the ranges of its operands decide
    (`simt.analysis.int_range`) into an `i1` constant: the wraparound test
    `i < 0` of an index that is never negative (a grid-stride loop's `i`)
    becomes `false`, and xDSL's `arith.select` folds then drop the rest."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, arith.CmpiOp) or op.predicate.value.data in _UNSIGNED:
            return
        if constant_int(op.lhs) is not None and constant_int(op.rhs) is not None:
            return  # FoldConstantCmpi's
        ranges = IntRanges()
        result = decide(op.predicate.value.data, ranges.of(op.lhs), ranges.of(op.rhs))
        if result is not None:
            rewriter.replace(op, arith.ConstantOp.from_int_and_width(int(result), 1))


def decide(predicate: int, a: Range, b: Range) -> bool | None:
    """The outcome of signed `cmpi predicate` for every `a` and `b` in their
    ranges, or None when it depends on the values."""
    if predicate in (0, 1):  # eq, ne
        if a.lo == a.hi == b.lo == b.hi:
            return (predicate == 0) == (a.lo == b.lo)
        if a.hi < b.lo or b.hi < a.lo:
            return predicate == 1
        return None
    less = {2: (a.hi < b.lo, a.lo >= b.hi), 3: (a.hi <= b.lo, a.lo > b.hi)}
    greater = {4: (a.lo > b.hi, a.hi <= b.lo), 5: (a.lo >= b.hi, a.hi < b.lo)}
    always, never = {**less, **greater}.get(predicate, (False, False))
    return True if always else False if never else None


class FoldFloorModZeroTest(RewritePattern):
    """Tests a floor modulo against zero on the truncated remainder.

    Python's `x % c` is `r = remsi x, c`, then `r + c` where the signs of `r`
    and `c` differ: `select cond, (addi r, c), r`, with `cond` either
    `r < 0` (a positive constant `c`) or `r != 0 and (r ^ c) < 0`. `cond`
    implies `r != 0`, and then `r + c` is not zero (|r| < |c|), so the
    result is zero exactly when `r` is: `cmpi eq|ne, (select ...), 0`
    becomes `cmpi eq|ne, r, 0`, and the sign fix-up is left dead when
    nothing else reads it.
    """

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, arith.CmpiOp) or op.predicate.value.data not in (0, 1):
            return
        for tested, zero in ((op.lhs, op.rhs), (op.rhs, op.lhs)):
            if constant_int(zero) != 0:
                continue
            remainder = _floor_mod_remainder(tested)
            if remainder is not None:
                rewriter.replace(
                    op, arith.CmpiOp(remainder, zero, op.predicate.value.data)
                )
                return


def _floor_mod_remainder(value: SSAValue) -> SSAValue | None:
    """`r` when `value` is `select cond, (addi r, c), r` with `r = remsi x,
    c` (either order of the `addi`) and `cond` implying `r != 0`, else None."""
    select = value.owner
    if not isinstance(select, arith.SelectOp):
        return None
    r = select.rhs
    remsi, fixed = r.owner, select.lhs.owner
    if not (isinstance(remsi, arith.RemSIOp) and isinstance(fixed, arith.AddiOp)):
        return None
    if r not in (fixed.lhs, fixed.rhs) or not _implies_nonzero(select.cond, r):
        return None
    divisor = fixed.rhs if fixed.lhs is r else fixed.lhs
    same = divisor is remsi.rhs or (
        constant_int(divisor) is not None
        and constant_int(divisor) == constant_int(remsi.rhs)
    )
    return r if same else None


def _implies_nonzero(condition: SSAValue, r: SSAValue) -> bool:
    """Whether `condition` holds only where `r != 0`: `r < 0`, `r > 0`,
    `r != 0`, or an `andi` with one of these."""
    test = condition.owner
    if isinstance(test, arith.AndIOp):
        return _implies_nonzero(test.lhs, r) or _implies_nonzero(test.rhs, r)
    if not isinstance(test, arith.CmpiOp) or test.lhs is not r:
        return False
    # ne, slt, sgt against zero
    return constant_int(test.rhs) == 0 and test.predicate.value.data in (1, 2, 4)


UPSTREAM_PATTERNS: tuple[RewritePattern, ...] = (
    FoldConstantCmpi(),
    FoldCmpiByRange(),
    FoldFloorModZeroTest(),
    MergePureDuplicate(),
)
"""Folds of upstream ops that xDSL's canonicalization and `cse` do not have."""


@dataclass(frozen=True)
class SimtCanonicalizePass(ModulePass):
    """Canonicalizes, folds what xDSL's `canonicalize` leaves, and runs `cse`.

    Input invariant: any module.

    Output IR: every canonicalization pattern of the ops in the module applied
    to a fixed point, plus `UPSTREAM_PATTERNS` (constant and range-decided
    `arith.cmpi`, floor-modulo zero tests, duplicate pure ops); dead pure ops
    removed; every
    `arith.constant` at the start of its function's entry block, one of each;
    common subexpressions eliminated.

    Invariants: the semantics of every lane (the patterns are folds of pure
    ops and of guard writes whose condition is a constant; ranges assume
    launches within CUDA's limits, which every launch is checked against).
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
