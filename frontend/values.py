"""Scalar operations with numba's semantics, emitted into an xDSL block.

`ValueBuilder` appends ops at the end of its current block, each with the
source location of the Python node being compiled, and implements the value
semantics numba-cuda gives scalars (error model "numpy", the default for
`cuda.jit`; see `numba/cuda/cpython/numbers.py`). A scalar is a `Scalar`: an
SSA value with its numba type (the IR's integers are signless, the numba type
says whether they are signed).

* conversions are numba's casts (`context.cast`): integer widening
  sign-extends a signed source and zero-extends an unsigned one (and `bool`),
  narrowing truncates (wraps), a change of signedness at one width is free;
  integer to float is `sitofp` / `uitofp` by the source's signedness, float
  to integer truncates toward zero (`fptosi` / `fptoui` by the target's;
  out of range is undefined, as in LLVM); `bool` widens as 0 or 1;
* truthiness: `x != 0` (for floats an unordered compare, so NaN is true);
* `//` and `%` on integers are Python's floor division and modulo (unsigned:
  plain division and remainder); a zero divisor gives 0 for both, and so does
  `INT64_MIN // -1` (numba returns 0 rather than trap);
* `//` and `%` on floats are numba's `real_floordiv_impl` / `real_mod_impl`
  (`numba/cpython/numbers.py`): CPython's `float_divmod` built on `fmod`
  (`arith.remf` of `simt.dialects.arith_ext`), the remainder taking the sign of
  the divisor and the quotient snapped to an integral value; a zero divisor
  gives `a / b` (inf or NaN) for `//` and `fmod(a, 0)` (NaN) for `%`. numba's
  branches become selects: every operation is pure, so the result is the same;
* `/` is IEEE division (a zero divisor gives inf or NaN);
* `>>` is arithmetic for signed and logical for unsigned integers;
* comparisons of floats are ordered except `!=` (unordered), as in Python;
  integers compare signed or unsigned by their (common) type;
* `min`/`max` fold left with `select(v < acc, v, acc)` (numba's `do_minmax`,
  which mirrors CPython, e.g. NaN handling of `max(1.5, nan, 2.5)`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    AnyFloat,
    FileLineColLoc,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
)
from xdsl.ir import Block, Operation, SSAValue

from simt.dialects.arith_ext import RemFOp
from simt.dialects.canonicalization import constant_int, signed
from simt.frontend.errors import SourceLocator
from simt.frontend.types import BOOL, INT64, ScalarType


@dataclass(frozen=True)
class Scalar:
    """A scalar value of the kernel: an SSA value and its numba type."""

    value: SSAValue
    type: ScalarType


class ValueBuilder:
    """Appends scalar ops to `block`, located at the node in `node`."""

    def __init__(self, locator: SourceLocator, block: Block | None):
        self.locator = locator
        self.block = block
        self.node: ast.AST | None = None
        self.nonnegative: set[SSAValue] = set()

    # -- ops and constants --------------------------------------------------

    def add(self, op: Operation) -> Operation:
        """Appends `op` at the end of the current block with the current location."""
        assert self.block is not None, "emitting into unreachable code"
        self.block.add_op(self.locate(op))
        return op

    def locate(self, op: Operation) -> Operation:
        """Gives `op` the `file:line:col` location of the node being compiled."""
        if self.node is not None:
            line, col = self.locator.position(self.node)
            op.location = FileLineColLoc(
                StringAttr(self.locator.filename), IntAttr(line), IntAttr(col)
            )
        return op

    def value(self, op: Operation) -> SSAValue:
        return self.add(op).results[0]

    def scalar(self, op: Operation, t: ScalarType) -> Scalar:
        """Appends a single-result op whose result has numba type `t`."""
        return Scalar(self.value(op), t)

    def const(self, value: int | float | bool, t: ScalarType) -> Scalar:
        ir = t.ir
        if t.is_float:
            assert isinstance(ir, AnyFloat)
            return self.scalar(arith.ConstantOp(FloatAttr(float(value), ir)), t)
        assert isinstance(ir, IntegerType)
        attr = IntegerAttr(int(value), ir, truncate_bits=True)
        result = self.scalar(arith.ConstantOp(attr), t)
        if int(value) >= 0:
            self.nonnegative.add(result.value)
        return result

    def index_const(self, value: int) -> SSAValue:
        result = self.value(arith.ConstantOp(IntegerAttr(value, IndexType())))
        if value >= 0:
            self.nonnegative.add(result)
        return result

    def nonneg(self, v: Scalar) -> Scalar:
        """Records that `v` is never negative (no wraparound needed to index with it)."""
        self.nonnegative.add(v.value)
        return v

    def is_nonneg(self, v: Scalar) -> bool:
        return v.value in self.nonnegative or v.type.is_unsigned

    def zero(self, t: ScalarType) -> Scalar:
        return self.const(0, t)

    # -- conversions --------------------------------------------------------

    def convert(self, v: Scalar, t: ScalarType) -> Scalar:
        """numba's cast of `v` to the scalar type `t`."""
        src = v.type
        if src == t:
            return v
        if t.is_bool:
            return self.truthy(v)
        if t.is_float:
            return self._to_float(v, t)
        return self._to_int(v, t)

    def _to_float(self, v: Scalar, t: ScalarType) -> Scalar:
        src = v.type
        ir = t.ir
        assert isinstance(ir, AnyFloat)
        if src.is_unsigned:
            return self.scalar(arith.UIToFPOp(v.value, ir), t)
        if src.is_integral:
            return self.scalar(arith.SIToFPOp(v.value, ir), t)
        if src.bits < t.bits:
            return self.scalar(arith.ExtFOp(v.value, ir), t)
        return self.scalar(arith.TruncFOp(v.value, ir), t)

    def _to_int(self, v: Scalar, t: ScalarType) -> Scalar:
        src = v.type
        ir = t.ir
        assert isinstance(ir, IntegerType)
        if src.is_float:
            op = arith.FPToUIOp if t.is_unsigned else arith.FPToSIOp
            return self.scalar(op(v.value, ir), t)
        if src.bits == t.bits:
            return Scalar(v.value, t)
        if src.bits > t.bits:
            return self.scalar(arith.TruncIOp(v.value, ir), t)
        ext = arith.ExtUIOp if src.is_unsigned else arith.ExtSIOp
        result = self.scalar(ext(v.value, ir), t)
        if src.is_unsigned or v.value in self.nonnegative:
            self.nonnegative.add(result.value)
        return result

    def truthy(self, v: Scalar) -> Scalar:
        """`bool(v)`: nonzero (for floats: not equal to 0.0, NaN included)."""
        if v.type.is_bool:
            return v
        zero = self.zero(v.type)
        if v.type.is_float:
            return self.scalar(arith.CmpfOp(v.value, zero.value, "une"), BOOL)
        return self.scalar(arith.CmpiOp(v.value, zero.value, "ne"), BOOL)

    def not_(self, v: Scalar) -> Scalar:
        truth = self.truthy(v)
        return self.scalar(arith.XOrIOp(truth.value, self.const(1, BOOL).value), BOOL)

    def to_index(self, v: Scalar) -> SSAValue:
        result = self.value(arith.IndexCastOp(v.value, IndexType()))
        if v.value in self.nonnegative:
            self.nonnegative.add(result)
        return result

    def from_index(self, v: SSAValue, t: ScalarType = INT64) -> Scalar:
        """An `index` value (a dimension) as an integer of type `t`."""
        result = self.scalar(arith.IndexCastOp(v, t.ir), t)
        if v in self.nonnegative:
            self.nonnegative.add(result.value)
        return result

    # -- arithmetic -----------------------------------------------------------

    def binary(self, kind: type[ast.operator], a: Scalar, b: Scalar) -> Scalar:
        """`a <op> b` for operands already converted to the result type."""
        if kind is ast.FloorDiv:
            return self.floordiv(a, b)
        if kind is ast.Mod:
            return self.mod(a, b)
        t = a.type
        if t.is_float:
            op_class = _FLOAT_OPS[kind]
        elif kind is ast.RShift and t.is_unsigned:
            op_class = arith.ShRUIOp
        else:
            op_class = _INT_OPS[kind]
        result = self.scalar(op_class(a.value, b.value), t)
        if kind in (ast.Add, ast.Mult) and {a.value, b.value} <= self.nonnegative:
            self.nonnegative.add(result.value)
        return result

    def floordiv(self, a: Scalar, b: Scalar) -> Scalar:
        t = a.type
        if t.is_float:
            quotient, _ = self._float_divmod(
                a, b, self.scalar(RemFOp(a.value, b.value), t)
            )
            divided = self.scalar(arith.DivfOp(a.value, b.value), t)
            return self._on_zero_divisor(b, divided, quotient)
        if t.is_unsigned:
            return self._unsigned_division(arith.DivUIOp, a, b)
        if _safe_divisor(b):
            return self.scalar(arith.FloorDivSIOp(a.value, b.value), t)
        bad, safe = self._int_divisor(a, b)
        quotient = self.scalar(arith.FloorDivSIOp(a.value, safe.value), t)
        return self._select(bad, self.zero(t), quotient)

    def mod(self, a: Scalar, b: Scalar) -> Scalar:
        t = a.type
        if t.is_float:
            fmod = self.scalar(RemFOp(a.value, b.value), t)
            _, remainder = self._float_divmod(a, b, fmod)
            return self._on_zero_divisor(b, fmod, remainder)
        if t.is_unsigned:
            return self._unsigned_division(arith.RemUIOp, a, b)
        divisor = constant_of(b)
        if divisor is not None and divisor > 0:
            return self._mod_by_positive(a, b)
        if _safe_divisor(b):
            return self._floor_remainder(a, b)
        bad, safe = self._int_divisor(a, b)
        rem = self._floor_remainder(a, safe)
        return self._select(bad, self.zero(t), rem)

    def _floor_remainder(self, a: Scalar, b: Scalar) -> Scalar:
        """Python's `a % b` for a divisor `b` that is neither 0 nor, with `a`
        `INT_MIN`, -1: the remainder, plus `b` when their signs differ."""
        t = a.type
        rem = self.scalar(arith.RemSIOp(a.value, b.value), t)
        zero = self.zero(t)
        nonzero = self._cmpi(rem, zero, "ne")
        signs = self.scalar(arith.XOrIOp(rem.value, b.value), t)
        differ = self._cmpi(signs, zero, "slt")
        adjust = self.scalar(arith.AndIOp(nonzero.value, differ.value), BOOL)
        fixed = self.scalar(arith.AddiOp(rem.value, b.value), t)
        return self._select(adjust, fixed, rem)

    def _mod_by_positive(self, a: Scalar, b: Scalar) -> Scalar:
        """Signed `a % b` for a constant `b > 0`: the remainder, plus `b` when it
        is negative (the signs of a nonzero remainder and `b` differ exactly then)."""
        t = a.type
        rem = self.scalar(arith.RemSIOp(a.value, b.value), t)
        negative = self._cmpi(rem, self.zero(t), "slt")
        fixed = self.scalar(arith.AddiOp(rem.value, b.value), t)
        return self._select(negative, fixed, rem)

    def _unsigned_division(
        self, op: type[arith.DivUIOp | arith.RemUIOp], a: Scalar, b: Scalar
    ) -> Scalar:
        """Unsigned `//` or `%`: a zero divisor gives 0 (numba's numpy error model)."""
        t = a.type
        zero = self.zero(t)
        is_zero = self._cmpi(b, zero, "eq")
        safe = self._select(is_zero, self.const(1, t), b)
        result = self.scalar(op(a.value, safe.value), t)
        return self._select(is_zero, zero, result)

    def _cmpi(self, a: Scalar, b: Scalar, predicate: str) -> Scalar:
        return self.scalar(arith.CmpiOp(a.value, b.value, predicate), BOOL)

    def _cmpf(self, a: Scalar, b: Scalar, predicate: str) -> Scalar:
        return self.scalar(arith.CmpfOp(a.value, b.value, predicate), BOOL)

    def _on_zero_divisor(self, b: Scalar, if_zero: Scalar, otherwise: Scalar) -> Scalar:
        """`if_zero` where `b == 0.0` (ordered, numba's `is_scalar_zero`), else
        `otherwise`."""
        is_zero = self._cmpf(b, self.zero(b.type), "oeq")
        return self._select(is_zero, if_zero, otherwise)

    def _float_divmod(self, a: Scalar, b: Scalar, mod: Scalar) -> tuple[Scalar, Scalar]:
        """(floor quotient, remainder) of floats given `mod = arith.remf a, b`:
        numba's `real_divmod_func_body`."""
        t = a.type
        diff = self.scalar(arith.SubfOp(a.value, mod.value), t)
        div = self.scalar(arith.DivfOp(diff.value, b.value), t)
        zero = self.zero(t)
        mod_nonzero = self._cmpf(mod, zero, "une")
        b_negative = self._cmpf(b, zero, "olt")
        mod_negative = self._cmpf(mod, zero, "olt")
        signs_differ = self.scalar(
            arith.XOrIOp(b_negative.value, mod_negative.value), BOOL
        )
        adjust = self.scalar(arith.AndIOp(mod_nonzero.value, signs_differ.value), BOOL)
        one = self.const(1.0, t)
        div = self._select(
            adjust, self.scalar(arith.SubfOp(div.value, one.value), t), div
        )
        mod = self._select(
            adjust, self.scalar(arith.AddfOp(mod.value, b.value), t), mod
        )
        signed_zero = self._select(b_negative, self.const(-0.0, t), zero)
        mod = self._select(mod_nonzero, mod, signed_zero)
        return self._snap_quotient(a, b, div, zero), mod

    def _snap_quotient(self, a: Scalar, b: Scalar, div: Scalar, zero: Scalar) -> Scalar:
        """`div` snapped to an integral value (floor, or floor + 1 when `div` lies
        above floor + 0.5), a zero quotient taking the sign of `a / b` (the end of
        numba's `real_divmod_func_body`)."""
        t = a.type
        floor = self.scalar(math.FloorOp(div.value), t)
        above = self.scalar(arith.SubfOp(div.value, floor.value), t)
        round_up = self._cmpf(above, self.const(0.5, t), "ogt")
        one = self.const(1.0, t)
        floor = self._select(
            round_up, self.scalar(arith.AddfOp(floor.value, one.value), t), floor
        )
        square = self.scalar(arith.MulfOp(div.value, div.value), t)
        scaled = self.scalar(arith.MulfOp(square.value, a.value), t)
        signed_zero = self.scalar(arith.DivfOp(scaled.value, b.value), t)
        div_nonzero = self._cmpf(div, zero, "one")
        return self._select(div_nonzero, floor, signed_zero)

    def _select(self, cond: Scalar, if_true: Scalar, if_false: Scalar) -> Scalar:
        op = arith.SelectOp(cond.value, if_true.value, if_false.value)
        return self.scalar(op, if_true.type)

    def select(self, cond: Scalar, if_true: Scalar, if_false: Scalar) -> Scalar:
        """`if_true if cond else if_false` for values of one type."""
        return self._select(cond, if_true, if_false)

    def _int_divisor(self, a: Scalar, b: Scalar) -> tuple[Scalar, Scalar]:
        """(divisor is 0 or the division overflows, a divisor safe to divide by)."""
        t = a.type
        is_zero = self._cmpi(b, self.zero(t), "eq")
        is_min = self._cmpi(a, self.const(-(1 << (t.bits - 1)), t), "eq")
        is_minus_one = self._cmpi(b, self.const(-1, t), "eq")
        overflow = self.scalar(arith.AndIOp(is_min.value, is_minus_one.value), BOOL)
        bad = self.scalar(arith.OrIOp(is_zero.value, overflow.value), BOOL)
        safe = self._select(bad, self.const(1, t), b)
        return bad, safe

    def power(self, base: Scalar, exponent: int) -> Scalar:
        """`base ** exponent` for a constant exponent >= 0, by numba's squaring loop."""
        result = self.const(1, base.type)
        while exponent != 0:
            if exponent & 1:
                result = self.binary(ast.Mult, result, base)
            exponent >>= 1
            if exponent != 0:
                base = self.binary(ast.Mult, base, base)
        return result

    def negate(self, v: Scalar) -> Scalar:
        if v.type.is_float:
            return self.scalar(arith.NegfOp(v.value), v.type)
        value = constant_of(v)
        if value is not None:
            return self.const(-value, v.type)
        return self.scalar(arith.SubiOp(self.zero(v.type).value, v.value), v.type)

    def invert(self, v: Scalar) -> Scalar:
        if v.type.is_bool:
            return self.not_(v)
        return self.scalar(arith.XOrIOp(v.value, self.const(-1, v.type).value), v.type)

    def compare(self, kind: type[ast.cmpop], a: Scalar, b: Scalar) -> Scalar:
        """`a <cmp> b` for operands already converted to one type."""
        t = a.type
        if t.is_float:
            return self._cmpf(a, b, _FLOAT_CMP[kind])
        table = _UNSIGNED_CMP if t.is_unsigned else _SIGNED_CMP
        return self._cmpi(a, b, table[kind])

    def min_max(self, values: Sequence[Scalar], kind: type[ast.cmpop]) -> Scalar:
        """numba's `min`/`max` (`kind` is `ast.Lt` or `ast.Gt`) of same-typed values."""
        acc = values[0]
        for v in values[1:]:
            acc = self._select(self.compare(kind, v, acc), v, acc)
        return acc

    def abs(self, v: Scalar, result: ScalarType) -> Scalar:
        """`abs(v)` for `v` already of numba's argument type; `result` is numba's."""
        if v.type.is_float:
            return self.scalar(math.AbsFOp(v.value), v.type)
        if v.type.is_unsigned:
            return self.convert(v, result)
        return self.convert(self.scalar(math.AbsIOp(v.value), v.type), result)


def constant_of(v: Scalar) -> int | None:
    """The value of an integer `arith.constant`, read as signed, else None."""
    raw = constant_int(v.value)
    return None if raw is None else signed(raw, v.type.bits)


def _safe_divisor(b: Scalar) -> bool:
    """Whether `b` is a constant that neither is 0 nor overflows a division
    (-1 divides `INT_MIN`): the division needs no guard."""
    value = constant_of(b)
    return value is not None and value not in (0, -1)


_BinaryOp = Callable[[SSAValue, SSAValue], Operation]

_INT_OPS: dict[type[ast.operator], _BinaryOp] = {
    ast.Add: arith.AddiOp,
    ast.Sub: arith.SubiOp,
    ast.Mult: arith.MuliOp,
    ast.BitAnd: arith.AndIOp,
    ast.BitOr: arith.OrIOp,
    ast.BitXor: arith.XOrIOp,
    ast.LShift: arith.ShLIOp,
    ast.RShift: arith.ShRSIOp,
}

_FLOAT_OPS: dict[type[ast.operator], _BinaryOp] = {
    ast.Add: arith.AddfOp,
    ast.Sub: arith.SubfOp,
    ast.Mult: arith.MulfOp,
    ast.Div: arith.DivfOp,
}

_SIGNED_CMP = {
    ast.Eq: "eq",
    ast.NotEq: "ne",
    ast.Lt: "slt",
    ast.LtE: "sle",
    ast.Gt: "sgt",
    ast.GtE: "sge",
}
_UNSIGNED_CMP = {
    ast.Eq: "eq",
    ast.NotEq: "ne",
    ast.Lt: "ult",
    ast.LtE: "ule",
    ast.Gt: "ugt",
    ast.GtE: "uge",
}
_FLOAT_CMP = {
    ast.Eq: "oeq",
    ast.NotEq: "une",
    ast.Lt: "olt",
    ast.LtE: "ole",
    ast.Gt: "ogt",
    ast.GtE: "oge",
}
