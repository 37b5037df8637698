"""Scalar operations with numba's semantics, emitted into an xDSL block.

`ValueBuilder` appends ops at the end of its current block, each with the
source location of the Python node being compiled, and implements the value
semantics numba-cuda gives the supported types (error model "numpy", the
default for `cuda.jit`; see `numba/cuda/cpython/numbers.py`):

* conversions are numba's casts: integer widening sign-extends, narrowing
  truncates (wraps), float to int truncates toward zero (`arith.fptosi`; out of
  range is undefined, as in LLVM), `bool` widens as 0 or 1;
* truthiness: `x != 0` (for floats an unordered compare, so NaN is true);
* `//` and `%` on integers are Python's floor division and modulo; a zero
  divisor gives 0 for both, and so does `INT64_MIN // -1` (numba returns 0
  rather than trap);
* `//` and `%` on floats are numba's `real_floordiv_impl` / `real_mod_impl`
  (`numba/cpython/numbers.py`): CPython's `float_divmod` built on `fmod`
  (`arith.remf` of `simt.dialects.arith_ext`), the remainder taking the sign of
  the divisor and the quotient snapped to an integral value; a zero divisor
  gives `a / b` (inf or NaN) for `//` and `fmod(a, 0)` (NaN) for `%`. numba's
  branches become selects: every operation is pure, so the result is the same;
* `/` is IEEE division (a zero divisor gives inf or NaN);
* comparisons of floats are ordered except `!=` (unordered), as in Python;
* `min`/`max` fold left with `select(v < acc, v, acc)` (numba's `do_minmax`,
  which mirrors CPython, e.g. NaN handling of `max(1.5, nan, 2.5)`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import (
    FileLineColLoc,
    Float32Type,
    Float64Type,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    StringAttr,
    f32,
    f64,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from simt.dialects.arith_ext import RemFOp
from simt.frontend.errors import SourceLocator
from simt.frontend.typing import is_bool, is_float, is_integral

_INT_CMP = {
    ast.Eq: "eq",
    ast.NotEq: "ne",
    ast.Lt: "slt",
    ast.LtE: "sle",
    ast.Gt: "sgt",
    ast.GtE: "sge",
}
_BOOL_CMP = {
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

    def const(self, value: int | float | bool, t: Attribute) -> SSAValue:
        if is_float(t):
            assert isinstance(t, type(f32) | type(f64))
            result = self.value(arith.ConstantOp(FloatAttr(float(value), t)))
        else:
            assert isinstance(t, IntegerType | IndexType)
            attr = IntegerAttr(int(value), t, truncate_bits=True)
            result = self.value(arith.ConstantOp(attr))
            if int(value) >= 0:
                self.nonnegative.add(result)
        return result

    def nonneg(self, v: SSAValue) -> SSAValue:
        """Records that `v` is never negative (no wraparound needed to index with it)."""
        self.nonnegative.add(v)
        return v

    def zero(self, t: Attribute) -> SSAValue:
        return self.const(0, t)

    # -- conversions --------------------------------------------------------

    def convert(self, v: SSAValue, t: Attribute) -> SSAValue:
        """numba's cast of `v` to the scalar type `t`."""
        src = v.type
        if src == t:
            return v
        if t == i1:
            return self.truthy(v)
        if is_float(t):
            return self._to_float(v, t)
        return self._to_int(v, t)

    def _to_float(self, v: SSAValue, t: Attribute) -> SSAValue:
        src = v.type
        assert isinstance(t, Float32Type | Float64Type)
        if is_bool(src):
            return self.value(arith.UIToFPOp(v, t))
        if is_integral(src):
            return self.value(arith.SIToFPOp(v, t))
        if src == f32:
            return self.value(arith.ExtFOp(v, t))
        return self.value(arith.TruncFOp(v, t))

    def _to_int(self, v: SSAValue, t: Attribute) -> SSAValue:
        src = v.type
        assert isinstance(t, IntegerType)
        if is_float(src):
            return self.value(arith.FPToSIOp(v, t))
        assert isinstance(src, IntegerType)
        if src.width.data > t.width.data:
            return self.value(arith.TruncIOp(v, t))
        ext = arith.ExtUIOp(v, t) if is_bool(src) else arith.ExtSIOp(v, t)
        result = self.value(ext)
        if is_bool(src) or v in self.nonnegative:
            self.nonnegative.add(result)
        return result

    def truthy(self, v: SSAValue) -> SSAValue:
        """`bool(v)`: nonzero (for floats: not equal to 0.0, NaN included)."""
        if is_bool(v.type):
            return v
        zero = self.zero(v.type)
        if is_float(v.type):
            return self.value(arith.CmpfOp(v, zero, "une"))
        return self.value(arith.CmpiOp(v, zero, "ne"))

    def not_(self, v: SSAValue) -> SSAValue:
        return self.value(arith.XOrIOp(self.truthy(v), self.const(1, i1)))

    def to_index(self, v: SSAValue) -> SSAValue:
        result = self.value(arith.IndexCastOp(v, IndexType()))
        if v in self.nonnegative:
            self.nonnegative.add(result)
        return result

    # -- arithmetic -----------------------------------------------------------

    def binary(self, kind: type[ast.operator], a: SSAValue, b: SSAValue) -> SSAValue:
        """`a <op> b` for operands already converted to the result type."""
        if kind is ast.FloorDiv:
            return self.floordiv(a, b)
        if kind is ast.Mod:
            return self.mod(a, b)
        floating = is_float(a.type)
        op_class = (_FLOAT_OPS if floating else _INT_OPS)[kind]
        result = self.value(op_class(a, b))
        if kind in (ast.Add, ast.Mult) and {a, b} <= self.nonnegative:
            self.nonnegative.add(result)
        return result

    def floordiv(self, a: SSAValue, b: SSAValue) -> SSAValue:
        if is_float(a.type):
            quotient, _ = self._float_divmod(a, b, self.value(RemFOp(a, b)))
            return self._on_zero_divisor(b, self.value(arith.DivfOp(a, b)), quotient)
        bad, safe = self._int_divisor(a, b)
        quotient = self.value(arith.FloorDivSIOp(a, safe))
        return self.value(arith.SelectOp(bad, self.zero(a.type), quotient))

    def mod(self, a: SSAValue, b: SSAValue) -> SSAValue:
        if is_float(a.type):
            fmod = self.value(RemFOp(a, b))
            _, remainder = self._float_divmod(a, b, fmod)
            return self._on_zero_divisor(b, fmod, remainder)
        bad, safe = self._int_divisor(a, b)
        rem = self.value(arith.RemSIOp(a, safe))
        zero = self.zero(a.type)
        nonzero = self.value(arith.CmpiOp(rem, zero, "ne"))
        signs = self.value(arith.XOrIOp(rem, safe))
        differ = self.value(arith.CmpiOp(signs, zero, "slt"))
        adjust = self.value(arith.AndIOp(nonzero, differ))
        fixed = self.value(arith.AddiOp(rem, safe))
        rem = self.value(arith.SelectOp(adjust, fixed, rem))
        return self.value(arith.SelectOp(bad, zero, rem))

    def _on_zero_divisor(
        self, b: SSAValue, if_zero: SSAValue, otherwise: SSAValue
    ) -> SSAValue:
        """`if_zero` where `b == 0.0` (ordered, numba's `is_scalar_zero`), else
        `otherwise`."""
        is_zero = self.value(arith.CmpfOp(b, self.zero(b.type), "oeq"))
        return self.value(arith.SelectOp(is_zero, if_zero, otherwise))

    def _float_divmod(
        self, a: SSAValue, b: SSAValue, mod: SSAValue
    ) -> tuple[SSAValue, SSAValue]:
        """(floor quotient, remainder) of floats given `mod = arith.remf a, b`:
        numba's `real_divmod_func_body`."""
        div = self.value(arith.DivfOp(self.value(arith.SubfOp(a, mod)), b))
        zero = self.zero(a.type)
        mod_nonzero = self.value(arith.CmpfOp(mod, zero, "une"))
        b_negative = self.value(arith.CmpfOp(b, zero, "olt"))
        mod_negative = self.value(arith.CmpfOp(mod, zero, "olt"))
        signs_differ = self.value(arith.XOrIOp(b_negative, mod_negative))
        adjust = self.value(arith.AndIOp(mod_nonzero, signs_differ))
        one = self.const(1.0, a.type)
        div = self._select(adjust, self.value(arith.SubfOp(div, one)), div)
        mod = self._select(adjust, self.value(arith.AddfOp(mod, b)), mod)
        signed_zero = self._select(b_negative, self.const(-0.0, a.type), zero)
        mod = self._select(mod_nonzero, mod, signed_zero)
        return self._snap_quotient(a, b, div, zero), mod

    def _snap_quotient(
        self, a: SSAValue, b: SSAValue, div: SSAValue, zero: SSAValue
    ) -> SSAValue:
        """`div` snapped to an integral value (floor, or floor + 1 when `div` lies
        above floor + 0.5), a zero quotient taking the sign of `a / b` (the end of
        numba's `real_divmod_func_body`)."""
        floor = self.value(math.FloorOp(div))
        above = self.value(arith.SubfOp(div, floor))
        round_up = self.value(arith.CmpfOp(above, self.const(0.5, a.type), "ogt"))
        one = self.const(1.0, a.type)
        floor = self._select(round_up, self.value(arith.AddfOp(floor, one)), floor)
        square = self.value(arith.MulfOp(div, div))
        signed_zero = self.value(arith.DivfOp(self.value(arith.MulfOp(square, a)), b))
        div_nonzero = self.value(arith.CmpfOp(div, zero, "one"))
        return self._select(div_nonzero, floor, signed_zero)

    def _select(
        self, cond: SSAValue, if_true: SSAValue, if_false: SSAValue
    ) -> SSAValue:
        return self.value(arith.SelectOp(cond, if_true, if_false))

    def _int_divisor(self, a: SSAValue, b: SSAValue) -> tuple[SSAValue, SSAValue]:
        """(divisor is 0 or the division overflows, a divisor safe to divide by)."""
        assert isinstance(a.type, IntegerType)
        width = a.type.width.data
        is_zero = self.value(arith.CmpiOp(b, self.zero(b.type), "eq"))
        is_min = self.value(
            arith.CmpiOp(a, self.const(-(1 << (width - 1)), a.type), "eq")
        )
        is_minus_one = self.value(arith.CmpiOp(b, self.const(-1, b.type), "eq"))
        overflow = self.value(arith.AndIOp(is_min, is_minus_one))
        bad = self.value(arith.OrIOp(is_zero, overflow))
        safe = self.value(arith.SelectOp(bad, self.const(1, b.type), b))
        return bad, safe

    def power(self, base: SSAValue, exponent: int) -> SSAValue:
        """`base ** exponent` for a constant exponent >= 0, by numba's squaring loop."""
        result = self.const(1, base.type)
        while exponent != 0:
            if exponent & 1:
                result = self.binary(ast.Mult, result, base)
            exponent >>= 1
            if exponent != 0:
                base = self.binary(ast.Mult, base, base)
        return result

    def negate(self, v: SSAValue) -> SSAValue:
        if is_float(v.type):
            return self.value(arith.NegfOp(v))
        return self.value(arith.SubiOp(self.zero(v.type), v))

    def invert(self, v: SSAValue) -> SSAValue:
        if is_bool(v.type):
            return self.not_(v)
        return self.value(arith.XOrIOp(v, self.const(-1, v.type)))

    def compare(self, kind: type[ast.cmpop], a: SSAValue, b: SSAValue) -> SSAValue:
        """`a <cmp> b` for operands already converted to one type."""
        if is_float(a.type):
            return self.value(arith.CmpfOp(a, b, _FLOAT_CMP[kind]))
        table = _BOOL_CMP if is_bool(a.type) else _INT_CMP
        return self.value(arith.CmpiOp(a, b, table[kind]))

    def min_max(self, values: Sequence[SSAValue], kind: type[ast.cmpop]) -> SSAValue:
        """numba's `min`/`max` (`kind` is `ast.Lt` or `ast.Gt`) of same-typed values."""
        acc = values[0]
        for v in values[1:]:
            pred = self.compare(kind, v, acc)
            acc = self.value(arith.SelectOp(pred, v, acc))
        return acc

    def abs(self, v: SSAValue) -> SSAValue:
        if is_float(v.type):
            return self.value(math.AbsFOp(v))
        if is_bool(v.type):
            return self.convert(v, i64)
        return self.value(math.AbsIOp(v))


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
