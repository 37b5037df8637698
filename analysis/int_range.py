"""Signed ranges of integer values: what a lane's integer can be, from its ops.

`IntRanges(...).of(value)` is an inclusive interval `[lo, hi]` that holds
every value `value` takes in any lane of any launch CUDA allows. It knows:

- constants; the thread geometry (`simt.thread_id` < 1024, `simt.block_dim`
  in [1, 1024], `simt.block_id` < 2^31 - 1, `simt.grid_dim` in [1, 2^31 - 1],
  the limits a launch is checked against);
- casts (`extsi`, `extui`, `trunci`, `index_cast`), `addi`, `subi`, `muli`,
  division and remainder by a positive constant, `minsi`/`maxsi`, `select`,
  `memref.dim` (never negative); a result that could wrap is its type's full
  range;
- loops: an `scf.for` induction variable lies in [lower bound, upper bound);
  the value an `scf.while` passes to its body satisfies the loop's condition
  when it is `cmpi` of that value; a value an `scf.while` carries is the
  fixed point of its start and what each iteration yields, widened to the
  type's range when three rounds do not settle it.

Anything else is its type's full range. MLIR's integer range analysis
(`-int-range-optimizations`) computes the same facts on a lattice; xDSL has
no integer range analysis, and the few folds that need one (the index
wraparound `i < 0 ? i + n : i` of a grid-stride loop's index) need only
these rules, so this is a small recursive evaluation rather than a data-flow
solver.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith, memref, scf
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import Attribute, BlockArgument, OpResult, SSAValue

from simt.dialects.canonicalization import int_width, signed
from simt.dialects.simt import (
    BlockDimOp,
    BlockIdOp,
    GridDimOp,
    LaneIdOp,
    ThreadIdOp,
    WarpSizeOp,
)

MAX_THREADS_PER_BLOCK = 1024
MAX_BLOCKS = 2**31 - 1

_GEOMETRY: dict[type, tuple[int, int]] = {
    ThreadIdOp: (0, MAX_THREADS_PER_BLOCK - 1),
    BlockDimOp: (1, MAX_THREADS_PER_BLOCK),
    BlockIdOp: (0, MAX_BLOCKS - 1),
    GridDimOp: (1, MAX_BLOCKS),
    LaneIdOp: (0, MAX_THREADS_PER_BLOCK - 1),
    WarpSizeOp: (1, MAX_THREADS_PER_BLOCK),
}

_ROUNDS = 3
"""Rounds of an `scf.while`'s fixed point before widening."""

_MAX_DEPTH = 150
"""Operands followed from one value; a longer chain is its type's full range
(the evaluation recurses once per operand it follows)."""

_MAX_NESTING = 4
"""Loops whose carried values are solved inside one another; deeper ones are
their type's full range (each level re-evaluates the levels inside it)."""


@dataclass(frozen=True)
class Range:
    """The inclusive interval `[lo, hi]`."""

    lo: int
    hi: int

    def join(self, other: Range) -> Range:
        return Range(min(self.lo, other.lo), max(self.hi, other.hi))

    @property
    def nonnegative(self) -> bool:
        return self.lo >= 0


def full_range(type_: Attribute) -> Range:
    """Every signed value of `type_` (a 1-bit integer is [0, 1])."""
    width = int_width(type_) or 64
    if width == 1:
        return Range(0, 1)
    return Range(-(1 << (width - 1)), (1 << (width - 1)) - 1)


class IntRanges:
    """The ranges of the integer values of one piece of IR, evaluated on demand.

    Build a new one after the IR changes: results are remembered.
    """

    def __init__(self) -> None:
        self._known: dict[SSAValue, Range] = {}
        self._assumed: dict[SSAValue, Range] = {}
        self._depth = 0

    def of(self, value: SSAValue) -> Range:
        assumed = self._assumed.get(value)
        if assumed is not None:
            return assumed
        known = self._known.get(value)
        if known is not None:
            return known
        if self._depth >= _MAX_DEPTH:
            return full_range(value.type)
        self._depth += 1
        try:
            result = self._clamp(value.type, self._evaluate(value))
        finally:
            self._depth -= 1
        if not self._assumed:
            self._known[value] = result
        return result

    # -- evaluation -----------------------------------------------------------

    def _evaluate(self, value: SSAValue) -> Range:
        if isinstance(value, OpResult):
            return self._result(value)
        if isinstance(value, BlockArgument):
            return self._argument(value)
        return full_range(value.type)

    def _result(self, value: OpResult) -> Range:
        op = value.op
        full = full_range(value.type)
        geometry = _GEOMETRY.get(type(op))
        if geometry is not None:
            return Range(*geometry)
        if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
            constant = signed(op.value.value.data, int_width(value.type) or 64)
            return Range(constant, constant)
        if isinstance(op, arith.ExtSIOp | arith.IndexCastOp | arith.TruncIOp):
            return self.of(op.operands[0])
        if isinstance(op, arith.ExtUIOp):
            inner = self.of(op.operands[0])
            if inner.nonnegative:
                return inner
            width = int_width(op.operands[0].type) or 64
            return Range(0, (1 << width) - 1)
        if isinstance(op, arith.AddiOp | arith.SubiOp | arith.MuliOp):
            return self._arithmetic(op)
        if isinstance(op, arith.DivSIOp | arith.FloorDivSIOp | arith.RemSIOp):
            return self._division(op, full)
        if isinstance(op, arith.MinSIOp | arith.MaxSIOp):
            a, b = self.of(op.lhs), self.of(op.rhs)
            if isinstance(op, arith.MinSIOp):
                return Range(min(a.lo, b.lo), min(a.hi, b.hi))
            return Range(max(a.lo, b.lo), max(a.hi, b.hi))
        if isinstance(op, arith.SelectOp):
            return self.of(op.lhs).join(self.of(op.rhs))
        if isinstance(op, memref.DimOp):
            return Range(0, full.hi)
        if isinstance(op, scf.WhileOp):
            condition = _condition(op)
            if condition is not None:
                return self.of(condition.args[value.index])
        return full

    def _arithmetic(self, op: arith.AddiOp | arith.SubiOp | arith.MuliOp) -> Range:
        a, b = self.of(op.lhs), self.of(op.rhs)
        if isinstance(op, arith.AddiOp):
            return Range(a.lo + b.lo, a.hi + b.hi)
        if isinstance(op, arith.SubiOp):
            return Range(a.lo - b.hi, a.hi - b.lo)
        corners = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        return Range(min(corners), max(corners))

    def _division(
        self, op: arith.DivSIOp | arith.FloorDivSIOp | arith.RemSIOp, full: Range
    ) -> Range:
        divisor = self.of(op.rhs)
        if divisor.lo != divisor.hi or divisor.lo <= 0:
            return full
        d = divisor.lo
        a = self.of(op.lhs)
        if isinstance(op, arith.RemSIOp):
            return Range(0 if a.nonnegative else -(d - 1), d - 1)
        if isinstance(op, arith.FloorDivSIOp) or a.nonnegative:
            return Range(a.lo // d, a.hi // d)
        return Range(-(-a.lo // d), a.hi // d)  # truncation toward zero

    def _argument(self, value: BlockArgument) -> Range:
        full = full_range(value.type)
        block = value.block
        parent = block.parent_op()
        if isinstance(parent, scf.ForOp) and value.index == 0:
            lower, upper = self.of(parent.lb), self.of(parent.ub)
            if self.of(parent.step).lo <= 0:
                return full
            return Range(lower.lo, max(lower.lo, upper.hi - 1))
        if isinstance(parent, scf.WhileOp):
            if block is parent.before_region.block:
                return self._carried(parent, value.index, full)
            return self._entering(parent, value.index, full)
        return full

    def _entering(self, loop: scf.WhileOp, index: int, full: Range) -> Range:
        """The value the body's argument `index` receives: what the condition
        region passes, within the bounds of the condition itself."""
        condition = _condition(loop)
        if condition is None:
            return full
        passed = condition.args[index]
        result = self.of(passed)
        test = condition.condition.owner
        if isinstance(test, arith.CmpiOp):
            result = _refine(result, test, passed, self)
        return result

    def _carried(self, loop: scf.WhileOp, index: int, full: Range) -> Range:
        """The fixed point of the value the loop carries in position `index`."""
        arg = loop.before_region.block.args[index]
        if len(self._assumed) >= _MAX_NESTING:
            return full
        yielded = loop.after_region.block.last_op
        if not isinstance(yielded, scf.YieldOp):
            return full
        guess = self.of(loop.arguments[index])
        for round_ in range(_ROUNDS + 1):
            self._assumed[arg] = guess
            try:
                after = self._clamp(arg.type, self.of(yielded.arguments[index]))
            finally:
                del self._assumed[arg]
            grown = guess.join(after)
            if grown == guess:
                return guess
            guess = grown if round_ < _ROUNDS - 1 else _widen(guess, grown, full)
        return full

    @staticmethod
    def _clamp(type_: Attribute, result: Range) -> Range:
        """`result`, or the type's full range when it does not fit (a wrap)."""
        full = full_range(type_)
        if result.lo < full.lo or result.hi > full.hi or result.lo > result.hi:
            return full
        return result


def _condition(loop: scf.WhileOp) -> scf.ConditionOp | None:
    last = loop.before_region.block.last_op
    return last if isinstance(last, scf.ConditionOp) else None


def _widen(old: Range, new: Range, full: Range) -> Range:
    """Moves each bound that is still growing to the end of the type."""
    return Range(
        full.lo if new.lo < old.lo else old.lo,
        full.hi if new.hi > old.hi else old.hi,
    )


# arith.cmpi predicates: eq ne slt sle sgt sge (unsigned ones are not used)
_SLT, _SLE, _SGT, _SGE = 2, 3, 4, 5


def _refine(
    current: Range, test: arith.CmpiOp, value: SSAValue, ranges: IntRanges
) -> Range:
    """`current` narrowed by the knowledge that `test` holds for `value`."""
    predicate = test.predicate.value.data
    if test.lhs is value and test.rhs is not value:
        other, flipped = ranges.of(test.rhs), False
    elif test.rhs is value and test.lhs is not value:
        other, flipped = ranges.of(test.lhs), True
    else:
        return current
    if flipped:
        predicate = {_SLT: _SGT, _SLE: _SGE, _SGT: _SLT, _SGE: _SLE}.get(
            predicate, predicate
        )
    lo, hi = current.lo, current.hi
    if predicate == _SLT:
        hi = min(hi, other.hi - 1)
    elif predicate == _SLE:
        hi = min(hi, other.hi)
    elif predicate == _SGT:
        lo = max(lo, other.lo + 1)
    elif predicate == _SGE:
        lo = max(lo, other.lo)
    elif predicate == 0:  # eq
        lo, hi = max(lo, other.lo), min(hi, other.hi)
    if lo > hi:  # the body never runs with such a value: keep a valid range
        return current
    return Range(lo, hi)
