"""numba's typing rules for the scalar types the frontend supports.

The frontend gives every value the type numba (numba-cuda 0.30, whose typing
templates are those of `numba/cuda/typing/builtins.py` and `mathdecl.py`) gives
it, so that the compiled kernel computes what `numba.cuda.jit` computes:

* Python `int` literals and every integer `+ - * // % & | ^ << >>` and unary
  `- + ~` are `int64` (`choose_result_int`: at least `intp` bits), even for two
  `int32` operands;
* an arithmetic operation with a float operand is `float32` only when every
  operand is `float32` or `bool` (numba's overload resolution: `int32 ->
  float32` is an unsafe conversion, `int32 -> float64` a safe one), otherwise
  `float64`; true division of integers is `float64`;
* variables are typed per assignment (numba's SSA); where control flow joins,
  the types are unified: `bool < int32 < int64 < float64` and
  `float32 < float64`, with `int + float32 -> float64`;
* `min`/`max` unify their operand types (so `min(int32, int32)` stays `int32`),
  `abs` keeps the type, `math.sqrt/exp/log` give `float32` for `float32` and
  `float64` otherwise, `math.floor/ceil` give `int64`;
* `range` with only `int32` arguments yields `int32`, otherwise `int64`.

Types are xDSL attributes: `i1` (bool), `i32`, `i64`, `f32`, `f64`.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    Float32Type,
    Float64Type,
    IntegerType,
    f32,
    f64,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute

ScalarType = IntegerType | Float32Type | Float64Type

SCALAR_TYPES: tuple[Attribute, ...] = (i1, i32, i64, f32, f64)

_NAMES: dict[Attribute, str] = {
    i1: "bool",
    i32: "int32",
    i64: "int64",
    f32: "float32",
    f64: "float64",
}


def type_name(t: Attribute) -> str:
    """numba's name for a scalar type (`int32`, `float64`, `bool`)."""
    return _NAMES.get(t, str(t))


def is_bool(t: Attribute) -> bool:
    return t == i1


def is_int(t: Attribute) -> bool:
    """True for `int32` and `int64` (not for `bool`)."""
    return t in (i32, i64)


def is_integral(t: Attribute) -> bool:
    """True for `bool`, `int32` and `int64`."""
    return t in (i1, i32, i64)


def is_float(t: Attribute) -> bool:
    return t in (f32, f64)


def unify(a: Attribute, b: Attribute) -> Attribute:
    """The type numba gives a variable that holds an `a` or a `b` (a phi node)."""
    if a == b:
        return a
    if is_bool(a):
        return b
    if is_bool(b):
        return a
    if is_int(a) and is_int(b):
        return i64
    return f64


def unify_all(types: list[Attribute]) -> Attribute:
    result = types[0]
    for t in types[1:]:
        result = unify(result, t)
    return result


def float_result(a: Attribute, b: Attribute) -> Attribute:
    """The float type numba picks for an arithmetic op with a float operand."""
    narrow = all(t in (f32, i1) for t in (a, b))
    return f32 if narrow else f64


def arith_result(a: Attribute, b: Attribute) -> Attribute:
    """`+ - * // %` (and `**` between integers)."""
    if is_integral(a) and is_integral(b):
        return i64
    return float_result(a, b)


def truediv_result(a: Attribute, b: Attribute) -> Attribute:
    if is_integral(a) and is_integral(b):
        return f64
    return float_result(a, b)


def pow_result(a: Attribute, b: Attribute) -> Attribute:
    """`**`: float32 ** int stays float32 (numba avoids double precision there)."""
    if is_float(a) and is_int(b):
        return a
    return arith_result(a, b)


def bitwise_result(a: Attribute, b: Attribute) -> Attribute | None:
    """`& | ^`: bool with bool stays bool, integers give int64; None for floats."""
    if is_bool(a) and is_bool(b):
        return i1
    if is_integral(a) and is_integral(b):
        return i64
    return None


def shift_result(a: Attribute, b: Attribute) -> Attribute | None:
    """`<< >>`: int64 for integer operands; None for floats."""
    if is_integral(a) and is_integral(b):
        return i64
    return None


def negate_result(t: Attribute) -> Attribute:
    """Unary `-` and `+`: integers (and bool) widen to int64, floats keep."""
    return t if is_float(t) else i64


def invert_result(t: Attribute) -> Attribute | None:
    """Unary `~`: bool stays bool (logical not, as numpy), integers give int64."""
    if is_bool(t):
        return i1
    if is_int(t):
        return i64
    return None


def compare_type(a: Attribute, b: Attribute) -> Attribute:
    """The type both operands of a comparison are converted to."""
    return unify(a, b)


def math_unary_result(t: Attribute) -> Attribute:
    """`math.sqrt/exp/log(x)`: float32 for float32, float64 otherwise."""
    return f32 if t == f32 else f64


def range_type(types: list[Attribute]) -> Attribute:
    """The loop variable type of `range(*args)`."""
    return i32 if all(t == i32 for t in types) else i64
