"""`simt-canonicalize`: xDSL's `canonicalize`, the folds it lacks, then `cse`.

xDSL's canonicalization folds integer arithmetic and `arith.select` of a
constant, but not `arith.cmpi` of two constants, so the frontend's
floor-modulo sequence for `x % 2` keeps `arith.cmpi eq, %c2, %c0` and the
selects it feeds. This pass runs every op's canonicalization patterns (the
simt ops' included, `simt.dialects.canonicalization`) together with
`FoldConstantCmpi`, `FoldCmpiByRange` (a signed comparison that the
operands' integer ranges decide, `simt.analysis.int_range`: the wraparound
test of an index that is never negative), `FoldFloorModZeroTest` (`x % c`
tested against zero tests the remainder), `MergePureDuplicate` and
`WhileToFor` (a counted `scf.while`, such as a grid-stride loop, becomes an
`scf.for`), to a fixed point, removes dead code, hoists constants to the function's entry block (as MLIR's canonicalizer
does), and eliminates common subexpressions.

    %c2 = arith.constant 2 : i64
    %c0 = arith.constant 0 : i64
    %z = arith.cmpi eq, %c2, %c0 : i64       ->   %z = arith.constant false
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from xdsl.context import Context
from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.ir import Attribute, Block, BlockArgument, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.rewriter import InsertPoint
from xdsl.traits import is_speculatable
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
from simt.model.facts import has_no_effects

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


class WhileToFor(RewritePattern):
    """Rewrites a counted `scf.while` into an `scf.for`, as MLIR's
    `scf-uplift-while-to-for` does: the loop tests `iv < ub` (signed) on a
    value it carries, passes every value on unchanged, and its body yields
    `iv + step`; `ub` and `step` are defined outside the loop and the step is
    positive in every launch (`simt.analysis.int_range`: a grid-stride loop's
    `blockDim.x * gridDim.x`). The test's other ops, which must be pure and
    speculatable and use only values from outside the loop, move before it
    (the test runs at least once, so they run once instead of once per
    iteration). The `scf.for` latch adds the step and compares, wrapping as
    the `addi` did.

        %r = scf.while (%i = %lb) : (i64) -> i64 {
          %c = arith.cmpi slt, %i, %ub : i64
          scf.condition(%c) %i : i64
        } do {
        ^bb0(%j: i64):
          ...
          %next = arith.addi %j, %step : i64
          scf.yield %next : i64
        }
        ->  scf.for %j = %lb to %ub step %step : i64 { ... }

    The loop's result for `iv` must be unused (an `scf.for` does not return
    its induction variable); the others are the `scf.for`'s results, and
    the loop's attributes (remarks, decisions) carry over."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if not isinstance(op, scf.WhileOp):
            return
        before = op.before_region.block
        after = op.after_region.block
        condition, yielded = before.last_op, after.last_op
        if not (
            isinstance(condition, scf.ConditionOp) and isinstance(yielded, scf.YieldOp)
        ):
            return
        if tuple(condition.args) != tuple(before.args):
            return
        test = condition.condition.owner
        if not isinstance(test, arith.CmpiOp) or test.predicate.value.data != 2:
            return
        iv = test.lhs
        if not isinstance(iv, BlockArgument) or iv.owner is not before:
            return
        index = iv.index
        if op.results[index].uses or int_width(iv.type) is None:
            return
        if any(
            use.operation not in (test, condition)
            for arg in before.args
            for use in arg.uses
        ):
            return
        hoisted: list[Operation] = []
        for other in before.ops:
            if other is test or other is condition:
                continue
            if not _hoistable(other, op, hoisted):
                return
            hoisted.append(other)
        step = _step(yielded.arguments[index], after.args[index])
        if (
            step is None
            or not _outside(step, op)
            or not _outside(test.rhs, op, hoisted)
        ):
            return
        if IntRanges().of(step).lo <= 0:
            return
        for moved in hoisted:
            moved.detach()
            rewriter.insert(moved, InsertPoint.before(op))
        _replace_with_for(op, index, test.rhs, step, rewriter)


def _outside(
    value: SSAValue, loop: Operation, hoisted: Sequence[Operation] = ()
) -> bool:
    """Whether `value` is defined outside `loop` (or by an op `hoisted` out
    of it)."""
    owner = value.owner
    if isinstance(owner, Operation):
        return owner in hoisted or not loop.is_ancestor(owner)
    parent = owner.parent_op()
    return parent is not None and not loop.is_ancestor(parent)


_NEVER_TRAP = (
    arith.ExtSIOp,
    arith.ExtUIOp,
    arith.TruncIOp,
    arith.IndexCastOp,
    arith.AddiOp,
    arith.SubiOp,
    arith.MuliOp,
    arith.AndIOp,
    arith.OrIOp,
    arith.XOrIOp,
    arith.CmpiOp,
    arith.SelectOp,
)
"""Integer ops that cannot fault in any lane (xDSL 0.74 declares some of
them neither pure nor speculatable; division and remainder can fault)."""


def _hoistable(op: Operation, loop: scf.WhileOp, hoisted: Sequence[Operation]) -> bool:
    """Whether an op of `loop`'s test may run once before the loop: free of
    effects, unable to fault (or speculatable by its own declaration), on
    values from outside the loop or from the ops `hoisted` before it."""
    if op.regions or not all(_outside(o, loop, hoisted) for o in op.operands):
        return False
    if isinstance(op, memref.DimOp):
        rank = len(cast(MemRefType[Attribute], op.source.type).get_shape())
        return constant_int(op.index) in range(rank)
    return isinstance(op, _NEVER_TRAP) or (has_no_effects(op) and is_speculatable(op))


def _step(value: SSAValue, iv: SSAValue) -> SSAValue | None:
    """`step` when `value` is `arith.addi iv, step` (either order)."""
    add = value.owner
    if not isinstance(add, arith.AddiOp):
        return None
    if add.lhs is iv:
        return add.rhs
    return add.lhs if add.rhs is iv else None


def _replace_with_for(
    loop: scf.WhileOp,
    index: int,
    ub: SSAValue,
    step: SSAValue,
    rewriter: PatternRewriter,
) -> None:
    """Replaces `loop` by an `scf.for` over its carried value `index`, with
    the others as iteration arguments and its body the loop's after block."""
    after = loop.after_region.block
    others = [i for i in range(len(after.args)) if i != index]
    order = (index, *others)
    body = Block(arg_types=[after.args[i].type for i in order])
    inits = [loop.arguments[i] for i in others]
    new = scf.ForOp(loop.arguments[index], ub, step, inits, Region(body))
    new.attributes.update(loop.attributes)
    arguments = [body.args[order.index(i)] for i in range(len(after.args))]
    rewriter.inline_block(after, InsertPoint.at_end(body), arguments)
    yielded = body.last_op
    assert isinstance(yielded, scf.YieldOp)
    carried = [yielded.arguments[i] for i in others]
    rewriter.replace(yielded, scf.YieldOp(*carried))
    results: list[SSAValue | None] = [None] * len(loop.results)
    for position, i in enumerate(others):
        results[i] = new.results[position]
    rewriter.replace(loop, new, results)


UPSTREAM_PATTERNS: tuple[RewritePattern, ...] = (
    FoldConstantCmpi(),
    FoldCmpiByRange(),
    FoldFloorModZeroTest(),
    MergePureDuplicate(),
    WhileToFor(),
)
"""Folds of upstream ops that xDSL's canonicalization and `cse` do not have."""


@dataclass(frozen=True)
class SimtCanonicalizePass(ModulePass):
    """Canonicalizes, folds what xDSL's `canonicalize` leaves, and runs `cse`.

    Input invariant: any module.

    Output IR: every canonicalization pattern of the ops in the module applied
    to a fixed point, plus `UPSTREAM_PATTERNS` (constant and range-decided
    `arith.cmpi`, floor-modulo zero tests, duplicate pure ops, counted
    `scf.while` loops as `scf.for`); dead pure ops removed; every
    `arith.constant` at the start of its function's entry block, one of each;
    common subexpressions eliminated.

    Invariants: the semantics of every lane (the patterns are folds of pure
    ops and of guard writes whose condition is a constant, and a loop
    rewritten into the same iterations; ranges assume launches within CUDA's
    limits, which every launch is checked against).
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
