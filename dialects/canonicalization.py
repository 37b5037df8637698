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

Two clean-ups that xDSL's `canonicalize` and `cse` leave undone live here too,
so that both the frontend (`tidy`) and `simt-canonicalize` use them:

- `hoist_constants`: every `arith.constant` moves to the start of its
  function's entry block, as MLIR's canonicalizer materializes constants; it
  then dominates every use and `cse` keeps one of each;
- `MergePureDuplicate`: xDSL 0.74 declares no effect trait on some pure ops
  (`arith.extsi`, `arith.remui`, see `UPSTREAM_FACTS`), so `cse` keeps their
  duplicates; the pattern merges an op with an identical earlier one in its
  block.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.pattern_rewriter import (
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
)
from xdsl.traits import IsolatedFromAbove, is_side_effect_free
from xdsl.transforms.common_subexpression_elimination import cse
from xdsl.transforms.dead_code_elimination import region_dce

from simt.model.facts import has_no_effects


def constant_int(value: SSAValue) -> int | None:
    """The integer an `arith.constant` defines, else None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def int_width(type_: Attribute) -> int | None:
    """Bit width of an integer or index type (index is 64-bit), else None."""
    if isinstance(type_, IndexType):
        return 64
    if isinstance(type_, IntegerType):
        return type_.width.data
    return None


def signed(value: int, width: int) -> int:
    """`value`'s low `width` bits read as a two's-complement integer."""
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


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
        rewriter.replace(op, GuardSetOp(op.guard, target))


class VoteOfConstant(RewritePattern):
    """Rewrites a vote (`simt.vote_any`/`simt.vote_all`) of a constant predicate
    into that predicate."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        from simt.dialects.simt import VoteAllOp, VoteAnyOp

        if not isinstance(op, VoteAnyOp | VoteAllOp):
            return
        if constant_int(op.predicate) is None:
            return
        rewriter.replace(op, (), (op.predicate,))


class MergePureDuplicate(RewritePattern):
    """Rewrites an effect-free op that `cse` skips (no effect trait in xDSL)
    into the result of an identical earlier op of its block."""

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter, /) -> None:
        if op.regions or is_side_effect_free(op) or not has_no_effects(op):
            return
        earlier = op.prev_op
        while earlier is not None:
            if _same_computation(earlier, op):
                rewriter.replace(op, (), earlier.results)
                return
            earlier = earlier.prev_op


def _same_computation(a: Operation, b: Operation) -> bool:
    return (
        a.name == b.name
        and not a.regions
        and tuple(a.operands) == tuple(b.operands)
        and a.result_types == b.result_types
        and a.properties == b.properties
        and a.attributes == b.attributes
    )


def hoist_constants(root: Operation) -> None:
    """Moves every `arith.constant` under `root` to the start of the entry block
    of its nearest enclosing op isolated from above (its function), keeping
    their order. A constant has no operands, so it may be defined anywhere
    that dominates its uses; the entry block dominates them all."""
    hoisted: dict[Block, list[Operation]] = {}
    for op in root.walk():
        if isinstance(op, arith.ConstantOp):
            entry = _entry_block(op)
            if entry is not None:
                hoisted.setdefault(entry, []).append(op)
    for entry, constants in hoisted.items():
        for constant in constants:
            constant.detach()
        first = entry.first_op
        if first is None:
            entry.add_ops(constants)
        else:
            entry.insert_ops_before(constants, first)


def _entry_block(op: Operation) -> Block | None:
    owner = op.parent_op()
    while owner is not None and not owner.has_trait(IsolatedFromAbove):
        owner = owner.parent_op()
    if owner is None or not owner.regions:
        return None
    return owner.regions[0].first_block


def tidy(root: Operation) -> None:
    """Hoists constants, merges common subexpressions and removes dead pure
    ops: the clean-up the frontend ends with (no folding: the IR keeps the
    ops the source asked for)."""
    hoist_constants(root)
    cse(root)
    for region in root.regions:
        PatternRewriteWalker(MergePureDuplicate()).rewrite_region(region)
    cse(root)
    for region in root.regions:
        region_dce(region)
