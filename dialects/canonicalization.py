"""Canonicalization patterns of the simt ops (what `canonicalize` folds).

Each op that has patterns declares `HasCanonicalizationPatternsTrait` (xDSL's
mechanism: `canonicalize` asks the op), and the patterns live here so that
the op definitions stay declarations:

- `simt.guard.select %g, %c, a, b` with a constant `%c`, or with `a == b`,
  sets one id: `simt.guard.set %g, a` (or `b`);
- `simt.vote_any %c` / `simt.vote_all %c` of a constant `%c` is `%c` (a vote
  runs over the active lanes, and there is at least one when it executes).

    simt.guard.select %g, %true, 1, 3 : !simt.guard<4>
    ->  simt.guard.set %g, 1 : !simt.guard<4>
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern


def constant_int(value: SSAValue) -> int | None:
    """The integer an `arith.constant` defines, else None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


class GuardSelectToSet(RewritePattern):
    """Rewrites `simt.guard.select` into `simt.guard.set` when its condition is a
    constant or both ids are equal."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        from simt.dialects.simt import GuardSelectOp, GuardSetOp

        if not isinstance(op, GuardSelectOp):
            return
        if_true, if_false = op.if_true.value.data, op.if_false.value.data
        condition = constant_int(op.condition)
        if if_true != if_false and condition is None:
            return
        target = if_false if condition == 0 else if_true
        rewriter.replace_op(op, GuardSetOp(op.guard, target))


class VoteOfConstant(RewritePattern):
    """Rewrites a vote (`simt.vote_any`/`simt.vote_all`) of a constant predicate
    into that predicate."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        from simt.dialects.simt import VoteAllOp, VoteAnyOp

        if not isinstance(op, VoteAnyOp | VoteAllOp):
            return
        if constant_int(op.predicate) is None:
            return
        rewriter.replace_op(op, (), (op.predicate,))
