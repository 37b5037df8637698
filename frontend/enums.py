"""Enum members in kernels, as numba-cuda types and lowers them.

numba types a member of an `enum.Enum` class as `EnumMember(cls, dtype)`
(`IntEnumMember` for an `enum.IntEnum`), `dtype` being the one type of the
class's values (`typeof` of the class; `signature.enum_type`). The class is
known at compile time, the member at run time, held as its value (numba's
data model of an enum member is its value's). What numba-cuda's
`typing/enumdecl.py` and `cpython/enumimpl.py` say, and this module does:

* a member passed to a kernel is passed as its value (`signature.typeof`,
  `model.records.passed_value`); `Color.red` and `Color["red"]` (a constant
  string) are constants of its value;
* `a == b`, `a != b` between members of one class compare their values
  (tuples element by element); members of two classes, or a member and a
  number, have no `==` in numba, a located error here;
* an `IntEnum` member converts to its integer value wherever a number is
  expected (arithmetic, comparisons with numbers or with members of
  another `IntEnum` class, ordering, casts);
* `a is b` compares the values of members of one class and is False
  between values of different types; `a == None` is False, `a != None` True;
* `m.value` is the member's value; numba gives a member no other attribute;
* a variable holding members of one class on several paths
  (`Color.red if c else Color.green`, a device function's result) is joined
  as its value (`joins.py`); members of different classes do not join.
"""

from __future__ import annotations

import ast
import enum
from typing import TYPE_CHECKING

from xdsl.dialects import arith

from simt.frontend.objects import (
    ComplexValue,
    EnumValue,
    StaticValue,
    TupleValue,
    Value,
    describe_value,
)
from simt.frontend.signature import SignatureError, enum_type
from simt.frontend.types import BOOL
from simt.frontend.values import Scalar

if TYPE_CHECKING:
    from simt.frontend.expressions import ExpressionCompiler

_SYMBOLS: dict[type[ast.cmpop], str] = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
}


def enum_class(value: Value) -> type[enum.Enum] | None:
    """The enum class a static value is, else None."""
    obj = value.obj if isinstance(value, StaticValue) else None
    if isinstance(obj, type) and issubclass(obj, enum.Enum):
        return obj
    return None


def member(c: ExpressionCompiler, node: ast.AST, obj: enum.Enum) -> EnumValue:
    """The enum member `obj` as a constant of its value."""
    try:
        t = enum_type(type(obj))
    except SignatureError as error:
        raise c.error(node, str(error)) from None
    return EnumValue(c.materialize(node, StaticValue(obj.value)), t)


def item(
    c: ExpressionCompiler, node: ast.AST, cls: type[enum.Enum], key: Value
) -> EnumValue:
    """`Cls["name"]`: the member named by a constant string."""
    name = key.obj if isinstance(key, StaticValue) else None
    if not isinstance(name, str):
        raise c.error(
            node,
            f"expected a constant string naming a member of {cls.__name__}, "
            f"found {describe_value(key)}",
        )
    found = cls.__members__.get(name)
    if found is None:
        raise c.error(node, f"enum {cls.__name__} has no member '{name}'")
    return member(c, node, found)


def attribute(
    c: ExpressionCompiler, node: ast.AST, value: EnumValue, attr: str
) -> Value:
    """`m.value`; numba types no other attribute of a member."""
    if attr == "value":
        return value.value
    raise c.unsupported(
        node,
        f"enum member attribute .{attr}",
        f"numba-cuda gives a member of {value.type.cls.__name__} only .value",
    )


def as_scalar(c: ExpressionCompiler, node: ast.AST, value: EnumValue) -> Scalar:
    """An `IntEnum` member as its integer value (numba's conversion)."""
    if value.type.is_int and isinstance(value.value, Scalar):
        return value.value
    raise c.error(
        node,
        f"expected a number, found the enum member type {value.type} (compare "
        "members with ==, !=, 'is', or take .value)",
    )


def compare(
    c: ExpressionCompiler,
    node: ast.AST,
    kind: type[ast.cmpop],
    left: Value,
    right: Value,
) -> Scalar:
    """`left <kind> right` where at least one side is an enum member."""
    ops = c.ops
    if kind in (ast.Is, ast.IsNot):
        same = _identical(c, node, left, right)
        return ops.not_(same) if kind is ast.IsNot else same
    if kind in (ast.Eq, ast.NotEq) and (_is_none(left) or _is_none(right)):
        return ops.const(kind is ast.NotEq, BOOL)
    if (
        kind in (ast.Eq, ast.NotEq)
        and isinstance(left, EnumValue)
        and isinstance(right, EnumValue)
        and left.type == right.type
    ):
        equal = values_equal(c, node, left.value, right.value)
        return equal if kind is ast.Eq else ops.not_(equal)
    if _numeric(left) and _numeric(right) and kind in _SYMBOLS:
        return c.compare_pair(
            node, kind, c.as_scalar(node, left), c.as_scalar(node, right)
        )
    symbol = _SYMBOLS.get(kind, kind.__name__)
    raise c.error(
        node,
        f"cannot compare {describe_value(left)} and {describe_value(right)} "
        f"with '{symbol}' (numba compares enum members of one class with == "
        "and !=, and IntEnum members as integers)",
    )


def values_equal(c: ExpressionCompiler, node: ast.AST, a: Value, b: Value) -> Scalar:
    """`a == b` for two values of one enum type: numbers, complex numbers,
    or tuples of them element by element."""
    if isinstance(a, TupleValue) and isinstance(b, TupleValue):
        result = c.ops.const(True, BOOL)
        for x, y in zip(a.items, b.items, strict=True):
            equal = values_equal(c, node, x, y)
            result = c.ops.scalar(arith.AndIOp(result.value, equal.value), BOOL)
        return result
    if isinstance(a, ComplexValue) or isinstance(b, ComplexValue):
        return c.complex_compare(node, ast.Eq, a, b)
    return c.compare_pair(node, ast.Eq, c.as_scalar(node, a), c.as_scalar(node, b))


def _identical(
    c: ExpressionCompiler, node: ast.AST, left: Value, right: Value
) -> Scalar:
    """numba's `is` on enum members: their values' equality for members of
    one class, else False (values of different types are never identical)."""
    if (
        isinstance(left, EnumValue)
        and isinstance(right, EnumValue)
        and left.type == right.type
    ):
        return values_equal(c, node, left.value, right.value)
    return c.ops.const(False, BOOL)


def _is_none(value: Value) -> bool:
    return isinstance(value, StaticValue) and value.obj is None and value.path is None


def _numeric(value: Value) -> bool:
    """Whether numba converts `value` to a number in a comparison: anything
    but a member of a plain (not integer) enum."""
    return not isinstance(value, EnumValue) or value.type.is_int
