"""Lifting structured `cf` block graphs to `scf`, shape by shape.

Source: structural analysis (M. Sharir, "Structural analysis: a new approach
to flow analysis in optimizing compilers", Computer Languages 5, 1980;
S. Muchnick, *Advanced Compiler Design and Implementation*, §7.7): find a
region of the control-flow graph that has one of a few known shapes,
collapse it into one node, repeat until no shape matches. Here the node a
shape collapses into is an `scf` op in the block that entered the shape.
The role is that of MLIR's `lib/Transforms/Utils/CFGToSCF.cpp` (an
algorithm behind a small interface, with the thin pass
`simt.passes.lift_cf_to_scf` on top), but not its algorithm: MLIR's lifts
any graph by adding multiplexer blocks and switch values; this one lifts
only what is already structured and leaves the rest as it is, so it never
adds code. `simt-linearize` makes the rest structured first, with a guard
variable, then lifts with this module.

The shapes, tried in this order on each block `b` of the scope, in region
order, sweeping until a whole sweep changes nothing:

1. sequence: `b` ends in `cf.br ^s` and `s` is entered only from `b`: the
   ops of `s` move to the end of `b` (its arguments become the values
   passed);
2. same target: `cf.cond_br %c, ^m(a), ^m(b)` becomes `arith.select`s and
   `cf.br ^m`;
3. if-else diamond: `b -> t, f -> m`, with `t` and `f` entered only from `b`
   and ending in `cf.br ^m`: `scf.if` in `b` whose results are `m`'s
   arguments, then `cf.br ^m`;
4. if-then triangle: `b -> t -> m` and `b -> m`: the same with an `else`
   that yields what `b` passes to `m`;
5. while loop: `h` branches to itself (do-while), or to a body block `d`
   entered only from `h` that branches back to `h`, and else to an exit `e`:
   `scf.while` in `h` (before region: `h`'s ops; after region: `d`'s ops),
   then `cf.br ^e`. Values of `h` used after the loop leave it through
   `scf.condition`.

    ^b:  cf.cond_br %c, ^t, ^f              ^b:  %r = scf.if %c -> (i32) {
    ^t:  %x = ...  cf.br ^m(%x)       =>           %x = ...  scf.yield %x
    ^f:  %y = ...  cf.br ^m(%y)                  } else { %y = ... scf.yield %y }
    ^m(%r: i32): ...                           ...  (^m merged into ^b)

What stays `cf`: loops with several exits or several back edges (`break`,
`continue`, early `return`), irreducible graphs, branches to blocks that
end in anything but `cf.br` or `cf.cond_br` (a `return` inside an arm).
The caller picks the blocks: only blocks in its scope own a shape, and only
blocks in its scope, other than its `entry` and the region's first block,
are absorbed into one.

Everything is iterative: sweeps over the region's block list, no recursion
over the graph.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, cf, scf
from xdsl.dialects.builtin import IntegerAttr, i1
from xdsl.ir import Block, Operation, Region, SSAValue

BlockFilter = Callable[[Block], bool]
"""Says whether a block is in the caller's scope."""


def lift_cf_to_scf(
    region: Region, scope: BlockFilter | None = None, entry: Block | None = None
) -> frozenset[Block]:
    """Collapses the structured shapes among the blocks of `region` that
    `scope` accepts (all blocks when None) into `scf` ops until none is left;
    returns the blocks that were absorbed into others and detached.

    `entry` (the entry of a sub-region whose predecessors lie outside the
    scope) stays a block of the region: it may own a shape, it is never
    absorbed into a predecessor. Neither is the region's first block.
    """
    bounds = _Scope(region, scope, entry)
    erased: set[Block] = set()
    changed = True
    while changed:
        changed = False
        for block in list(region.blocks):
            if block in erased or not bounds.contains(block):
                continue
            gone = _lift_one(block, bounds)
            if gone is None:
                continue
            erased |= gone
            changed = True
    return frozenset(erased)


def _lift_one(block: Block, scope: _Scope) -> frozenset[Block] | None:
    """Applies the first shape that matches at `block`; returns the blocks it
    absorbed, or None when none matches."""
    for shape in _SHAPES:
        gone = shape.lift(block, scope)
        if gone is not None:
            return gone
    return None


@dataclass(frozen=True)
class _Scope:
    """The region being lifted and the caller's choice of blocks."""

    region: Region
    accepts: BlockFilter | None
    entry: Block | None

    def contains(self, block: Block) -> bool:
        """Whether a shape may start at `block`."""
        return self.accepts is None or self.accepts(block)

    def may_absorb(self, block: Block) -> bool:
        """Whether `block` may move into another block or an `scf` region."""
        return (
            self.contains(block)
            and block is not self.entry
            and block is not self.region.blocks.first
        )

    def only_from(self, block: Block, pred: Block) -> bool:
        """Whether `block` may be absorbed and is entered only from `pred`."""
        return (
            block is not pred
            and self.may_absorb(block)
            and block.predecessors() == (pred,)
        )


class _Shape(ABC):
    """One structured shape and its rewrite into `scf`."""

    @abstractmethod
    def lift(self, block: Block, scope: _Scope) -> frozenset[Block] | None:
        """Rewrites the shape that starts at `block`, if there is one, and
        returns the blocks it absorbed; None when the shape does not match."""


class _Sequence(_Shape):
    """Rewrites `b: ...; cf.br ^s(args)`, with `s` entered only from `b`,
    into one block."""

    def lift(self, block: Block, scope: _Scope) -> frozenset[Block] | None:
        term = block.last_op
        if not isinstance(term, cf.BranchOp):
            return None
        succ = term.successor
        if not scope.only_from(succ, block):
            return None
        for arg, value in zip(succ.args, term.arguments, strict=True):
            arg.replace_all_uses_with(value)
        _erase(term)
        _move_ops(succ, block)
        scope.region.detach_block(succ)
        return frozenset((succ,))


class _SameTarget(_Shape):
    """Rewrites `cf.cond_br %c, ^m(a), ^m(b)` into `arith.select`s and
    `cf.br ^m`."""

    def lift(self, block: Block, scope: _Scope) -> frozenset[Block] | None:
        term = block.last_op
        if not isinstance(term, cf.ConditionalBranchOp):
            return None
        if term.then_block is not term.else_block:
            return None
        values: list[SSAValue] = []
        for a, b in zip(term.then_arguments, term.else_arguments, strict=True):
            if a is b:
                values.append(a)
                continue
            select = arith.SelectOp(term.cond, a, b)
            block.insert_op_before(select, term)
            values.append(select.result)
        block.insert_op_before(cf.BranchOp(term.then_block, *values), term)
        _erase(term)
        return frozenset()


class _IfElse(_Shape):
    """Rewrites a diamond `b -> t, f -> m` into `scf.if` in `b` and
    `cf.br ^m`."""

    def lift(self, block: Block, scope: _Scope) -> frozenset[Block] | None:
        term = _two_way_branch(block)
        if term is None:
            return None
        then_br = _arm(block, term.then_block, scope)
        else_br = _arm(block, term.else_block, scope)
        if then_br is None or else_br is None:
            return None
        if then_br.successor is not else_br.successor:
            return None
        then_block, else_block = term.then_block, term.else_block
        merge = then_br.successor
        then_region = _arm_region(then_block, term.then_arguments)
        else_region = _arm_region(else_block, term.else_arguments)
        _finish_if(block, term, merge, then_region, else_region)
        scope.region.detach_block(then_block)
        scope.region.detach_block(else_block)
        return frozenset((then_block, else_block))


class _IfThen(_Shape):
    """Rewrites a triangle `b -> t -> m, b -> m` into `scf.if` in `b` and
    `cf.br ^m`."""

    def lift(self, block: Block, scope: _Scope) -> frozenset[Block] | None:
        term = _two_way_branch(block)
        if term is None:
            return None
        then_block, else_block = term.then_block, term.else_block
        then_br = _arm(block, then_block, scope)
        if then_br is not None and then_br.successor is else_block:
            then_region = _arm_region(then_block, term.then_arguments)
            else_region = _pass_region(term.else_arguments)
            _finish_if(block, term, else_block, then_region, else_region)
            scope.region.detach_block(then_block)
            return frozenset((then_block,))
        else_br = _arm(block, else_block, scope)
        if else_br is not None and else_br.successor is then_block:
            then_region = _pass_region(term.then_arguments)
            else_region = _arm_region(else_block, term.else_arguments)
            _finish_if(block, term, then_block, then_region, else_region)
            scope.region.detach_block(else_block)
            return frozenset((else_block,))
        return None


class _WhileLoop(_Shape):
    """Rewrites a self loop `h -> h | e`, or a loop `h -> d -> h | e` whose
    body `d` is entered only from `h`, into `scf.while` in `h` and
    `cf.br ^e`."""

    def lift(self, block: Block, scope: _Scope) -> frozenset[Block] | None:
        term = _two_way_branch(block)
        if term is None:
            return None
        for cont_is_then in (True, False):
            target = term.then_block if cont_is_then else term.else_block
            exit_block = term.else_block if cont_is_then else term.then_block
            if exit_block is block:
                continue
            if target is block:
                _build_while(block, term, cont_is_then, None)
                return frozenset()
            latch = _latch(block, target, scope)
            if latch is not None and exit_block is not target:
                _build_while(block, term, cont_is_then, latch)
                scope.region.detach_block(latch)
                return frozenset((latch,))
        return None


_SHAPES: Sequence[_Shape] = (
    _Sequence(),
    _SameTarget(),
    _IfElse(),
    _IfThen(),
    _WhileLoop(),
)


# ---------------------------------------------------------------------------
# Branch arms and scf.if
# ---------------------------------------------------------------------------


def _two_way_branch(block: Block) -> cf.ConditionalBranchOp | None:
    """The conditional branch ending `block`, when its targets differ."""
    term = block.last_op
    if not isinstance(term, cf.ConditionalBranchOp):
        return None
    if term.then_block is term.else_block:
        return None
    return term


def _arm(block: Block, target: Block, scope: _Scope) -> cf.BranchOp | None:
    """The branch ending `target` when `target` is an arm of `block`'s
    conditional branch that can move into an `scf.if` region."""
    if not scope.only_from(target, block):
        return None
    term = target.last_op
    if not isinstance(term, cf.BranchOp) or term.successor is target:
        return None
    return term


def _arm_region(arm: Block, args: Sequence[SSAValue]) -> Region:
    """Moves the ops of `arm` into a new region ending in `scf.yield`."""
    for arg, value in zip(arm.args, args, strict=True):
        arg.replace_all_uses_with(value)
    inner = Block()
    term = arm.last_op
    assert isinstance(term, cf.BranchOp)
    yielded = list(term.arguments)
    _erase(term)
    _move_ops(arm, inner)
    inner.add_op(scf.YieldOp(*yielded))
    return Region(inner)


def _pass_region(args: Sequence[SSAValue]) -> Region:
    return Region(Block([scf.YieldOp(*args)]))


def _finish_if(
    block: Block,
    term: cf.ConditionalBranchOp,
    merge: Block,
    then_region: Region,
    else_region: Region,
) -> None:
    if_op = scf.IfOp(term.cond, [a.type for a in merge.args], then_region, else_region)
    block.insert_op_before(if_op, term)
    block.insert_op_before(cf.BranchOp(merge, *if_op.results), term)
    _erase(term)


# ---------------------------------------------------------------------------
# scf.while
# ---------------------------------------------------------------------------


def _latch(header: Block, target: Block, scope: _Scope) -> Block | None:
    """`target` when it is a loop body entered only from `header` that
    branches back to it."""
    if not scope.only_from(target, header):
        return None
    term = target.last_op
    if isinstance(term, cf.BranchOp) and term.successor is header:
        return target
    return None


def _build_while(
    header: Block, term: cf.ConditionalBranchOp, cont_is_then: bool, latch: Block | None
) -> None:
    """Puts an `scf.while` into `header`, whose ops (less `term`) become its
    before region and `latch`'s its after region, then `cf.br` to the exit."""
    cont_args = list(term.then_arguments if cont_is_then else term.else_arguments)
    exit_args = list(term.else_arguments if cont_is_then else term.then_arguments)
    exit_block = term.else_block if cont_is_then else term.then_block
    exports = _loop_exports(header)
    before = _before_block(header, term)
    condition = term.cond if cont_is_then else _negated(before, term.cond)
    passed = [*cont_args, *exit_args, *exports]
    before.add_op(scf.ConditionOp(condition, *passed))
    for old, new in zip(header.args, before.args, strict=True):
        old.replace_uses_with_if(new, lambda use: _is_in_block(use.operation, before))
    types = [v.type for v in passed]
    after = Block(arg_types=types)
    loop = scf.WhileOp(list(header.args), types, Region(before), Region(after))
    header.add_op(loop)
    n_cont, n_exit = len(cont_args), len(exit_args)
    _fill_after(after, latch, n_cont)
    _route_exports(loop, after, exports, n_cont + n_exit)
    header.add_op(cf.BranchOp(exit_block, *loop.results[n_cont : n_cont + n_exit]))
    _erase(term)


def _before_block(header: Block, term: Operation) -> Block:
    """A block with `header`'s argument types holding its ops but `term`,
    which is detached."""
    before = Block(arg_types=[a.type for a in header.args])
    for op in list(header.ops):
        op.detach()
        if op is not term:
            before.add_op(op)
    return before


def _negated(block: Block, condition: SSAValue) -> SSAValue:
    true = arith.ConstantOp(IntegerAttr(1, i1))
    negated = arith.XOrIOp(condition, true)
    block.add_ops([true, negated])
    return negated.result


def _loop_exports(header: Block) -> list[SSAValue]:
    """The header's arguments and results used outside the header."""
    body = header.parent
    assert body is not None
    values: list[SSAValue] = list(header.args)
    for op in header.ops:
        values.extend(op.results)
    return [
        v
        for v in values
        if any(_top_block(use.operation, body) is not header for use in v.uses)
    ]


def _route_exports(
    loop: scf.WhileOp, after: Block, exports: Sequence[SSAValue], first: int
) -> None:
    """Points the uses of each exported header value at the after region's
    argument inside the loop and at the loop's result after it; they are
    passed from index `first` on."""
    for index, value in enumerate(exports, first):
        inner = after.args[index]
        result = loop.results[index]
        value.replace_uses_with_if(
            inner, lambda use: _is_in_block(use.operation, after)
        )
        value.replace_uses_with_if(
            result,
            lambda use: (
                use.operation is not loop and not _is_inside(use.operation, loop)
            ),
        )


def _fill_after(after: Block, latch: Block | None, n_cont: int) -> None:
    """Moves `latch`'s ops into the after region (its arguments become the
    values the loop continues with) and ends it with `scf.yield`."""
    cont = list(after.args[:n_cont])
    if latch is None:
        after.add_op(scf.YieldOp(*cont))
        return
    term = latch.last_op
    assert isinstance(term, cf.BranchOp)
    for arg, value in zip(latch.args, cont, strict=True):
        arg.replace_all_uses_with(value)
    yielded = list(term.arguments)
    _erase(term)
    # Uses of header values inside the latch were redirected to `after`'s
    # arguments by `_route_exports` once the latch ops sit inside the loop.
    _move_ops(latch, after)
    after.add_op(scf.YieldOp(*yielded))


# ---------------------------------------------------------------------------
# IR helpers
# ---------------------------------------------------------------------------


def _top_block(op: Operation, region: Region) -> Block | None:
    """The block of `region` that holds `op`, possibly through nested regions."""
    block = op.parent_block()
    while block is not None and block.parent is not region:
        parent = block.parent_op()
        if parent is None:
            return None
        block = parent.parent_block()
    return block


def _is_in_block(op: Operation, block: Block) -> bool:
    """Whether `op` sits in `block`, possibly through nested regions."""
    current: Operation | None = op
    while current is not None:
        if current.parent_block() is block:
            return True
        current = current.parent_op()
    return False


def _is_inside(op: Operation, container: Operation) -> bool:
    current: Operation | None = op
    while current is not None:
        if current is container:
            return True
        current = current.parent_op()
    return False


def _move_ops(source: Block, target: Block) -> None:
    for op in list(source.ops):
        op.detach()
        target.add_op(op)


def _erase(op: Operation) -> None:
    block = op.parent_block()
    if block is not None:
        block.erase_op(op)
    else:
        op.erase()
