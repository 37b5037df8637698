"""First half of `simt-lower-to-llvm`: guards to integer code, scf to cf.

After these rewrites a function body is a flat CFG of blocks holding only
`arith`, `math`, `memref`, `cf`, `func` and the non-guard `simt` ops, which
`simt.lowering.to_llvm` then translates op by op.

* Guard variables (Anantpur and Govindarajan 2014, Alg. 1) become what they model:
  a per-thread `i32` in a private `memref<i32>` (`memref.alloca`), set with
  `memref.store` and tested with `memref.load` + `arith.cmpi eq`; a
  `simt.guarded` body becomes the `then` region of an `scf.if` on that test,
  whose `else` region yields zeros for the results (they are undefined for lanes
  that skipped the body, so any value is correct).
* `scf.while` becomes a `cf` loop through `simt.passes.utils.scf_to_cf`
  (xDSL 0.74's `convert-scf-to-cf` has no `scf.while` pattern);
* `scf.if`, `scf.for` and `scf.index_switch` go through xDSL's own patterns
  (`xdsl.transforms.convert_scf_to_cf`).
"""

from __future__ import annotations

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.pattern_rewriter import (
    GreedyRewritePatternApplier,
    PatternRewriter,
    PatternRewriteWalker,
    RewritePattern,
    op_type_rewrite_pattern,
)
from xdsl.transforms.convert_scf_to_cf import ForLowering, IfLowering, SwitchLowering
from xdsl.utils.exceptions import PassFailedException

from simt.dialects import simt
from simt.model.locations import describe_op
from simt.passes.utils.scf_to_cf import WhileLowering


def _guard_constant(block_id: int) -> arith.ConstantOp:
    return arith.ConstantOp(IntegerAttr(block_id, i32))


def _guard_test(guard: SSAValue, block_id: int) -> list[Operation]:
    load = memref.LoadOp.get(guard, [])
    target = _guard_constant(block_id)
    return [load, target, arith.CmpiOp(load, target, "eq")]


class LowerGuardCreate(RewritePattern):
    """Rewrites `simt.guard.create` into a private `memref<i32>` holding its init id."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: simt.GuardCreateOp, rewriter: PatternRewriter):
        alloca = memref.AllocaOp.get(i32, shape=[])
        init = _guard_constant(op.init.value.data)
        store = memref.StoreOp.get(init, alloca, [])
        rewriter.replace(op, [alloca, init, store], [alloca.memref])


class LowerGuardSet(RewritePattern):
    """Rewrites `simt.guard.set` into a store of the target id."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: simt.GuardSetOp, rewriter: PatternRewriter):
        target = _guard_constant(op.target.value.data)
        rewriter.replace(op, [target, memref.StoreOp.get(target, op.guard, [])])


class LowerGuardSelect(RewritePattern):
    """Rewrites `simt.guard.select` into `arith.select` of the two ids and a store."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: simt.GuardSelectOp, rewriter: PatternRewriter):
        on_true = _guard_constant(op.if_true.value.data)
        on_false = _guard_constant(op.if_false.value.data)
        chosen = arith.SelectOp(op.condition, on_true, on_false)
        store = memref.StoreOp.get(chosen, op.guard, [])
        rewriter.replace(op, [on_true, on_false, chosen, store])


class LowerGuardTest(RewritePattern):
    """Rewrites `simt.guard.test` into a load of the guard compared with the id."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: simt.GuardTestOp, rewriter: PatternRewriter):
        ops = _guard_test(op.guard, op.block.value.data)
        rewriter.replace(op, ops, [ops[-1].results[0]])


def _zero(type_: Attribute, op: Operation) -> arith.ConstantOp:
    if isinstance(type_, IntegerType | IndexType):
        return arith.ConstantOp(IntegerAttr(0, type_))
    if isinstance(type_, AnyFloat):
        return arith.ConstantOp(FloatAttr(0.0, type_))
    raise PassFailedException(
        f"{describe_op(op)}: cannot lower a simt.guarded result of type {type_} "
        "(expected an integer, index or float)"
    )


class LowerGuarded(RewritePattern):
    """Rewrites `simt.guarded` into an `scf.if` on the guard test; skipped lanes yield zeros."""

    @op_type_rewrite_pattern
    def match_and_rewrite(self, op: simt.GuardedOp, rewriter: PatternRewriter):
        test = _guard_test(op.guard, op.block.value.data)
        result_types = [result.type for result in op.res]
        zeros = [_zero(t, op) for t in result_types]
        else_block = Block([*zeros, scf.YieldOp(*zeros)])
        body = op.body.detach_block(0)
        terminator = body.last_op
        assert isinstance(terminator, simt.YieldOp)
        rewriter.replace(terminator, scf.YieldOp(*terminator.arguments))
        if_op = scf.IfOp(test[-1], result_types, Region(body), Region(else_block))
        rewriter.replace(op, [*test, if_op], if_op.results)


def lower_structured(module: ModuleOp) -> None:
    """Lowers guards to integer code and every scf op to cf, in place."""
    PatternRewriteWalker(
        GreedyRewritePatternApplier(
            [
                LowerGuardCreate(),
                LowerGuardSet(),
                LowerGuardSelect(),
                LowerGuardTest(),
                LowerGuarded(),
                WhileLowering(),
                SwitchLowering(),
                IfLowering(),
                ForLowering(),
            ]
        )
    ).rewrite_module(module)
