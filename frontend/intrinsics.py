"""Part 2 of the language: numba-cuda's math library, atomics and warp primitives.

`INTRINSICS` maps a callee's canonical path (`math.hypot`, `cuda.atomic.max`,
`cuda.shfl_down_sync`, `cuda.libdevice.sinf`; `scope.py` canonicalizes
however it was imported) to a handler `(compiler, call, path) -> value`;
`CallCompiler.call` looks it up first. Argument counts and types are checked
with located errors.

Typing is numba-cuda's, looked up in its tables (`typing.resolve` for the
one-argument `math` functions, `round` and `**`; `intrinsics_typing` for the
two-argument `math` functions, `cuda.popc/clz/ffs/brev/cbrt/fma` and
`libdevice.*`), so float32 and float64 overloads are chosen as numba chooses
them: `math.sin(float32)` is float32, `math.sin(int32)` float64,
`math.atan2(float32, int16)` float32, `math.pow(float32, int32)` libdevice's
`powif`, `math.hypot(float32, 2.0)` float64. A float16 computation runs in
float32 and is rounded back (libdevice has no half-precision math). What
numba-cuda's own templates say (`cudadecl.py`, `intrinsics.py`):

* atomics (`add, sub, max, min, nanmax, nanmin` on int32/int64/uint32/
  uint64/float32/float64 arrays; `and_, or_, xor, exch` on the integer ones;
  `inc, dec` on uint32/uint64; `cas(a, i, old, new)` and
  `compare_and_swap(a, old, new)` (element 0 of a 1-D array) on integers),
  on global or shared arrays of any rank with an integer or a tuple index:
  the value is cast to the element type and the old value returned;
  `max`/`min` on unsigned arrays compare unsigned, `nanmax`/`nanmin` on
  integers are `max`/`min`;
* shuffles keep the value's type (int32, int64, float32, float64 only); the
  mask and the lane or offset are truncated to int32; votes take an integer
  or bool predicate (`!= 0`) and any integer mask (constant or not):
  `all_sync`/`any_sync`/`eq_sync` give bool, `ballot_sync` int32;
  `match_any_sync` int32, `match_all_sync` the tuple `(int32, bool)`;
  `activemask()`/`lanemask_lt()` uint32; `syncthreads_count/and/or(p)` int32
  (the predicate truncated to int32, then `!= 0`);
* `syncwarp([mask])`, `threadfence()`, `threadfence_block()`,
  `threadfence_system()` have no value (`None`);
* `selp(p, a, b)` needs `a` and `b` of one type among int16/uint16/int32/
  uint32/int64/uint64/float32/float64 and evaluates both;
* builtins: `round(x)` is int64 (half to even); `pow(a, b)` is `a ** b`;
  `divmod(a, b)` is `(a // b, a % b)`; `x ** y` with any exponent is
  numba's: a constant integer exponent is unrolled by squaring (inverted
  when negative), an integer exponent at run time runs numba's squaring
  loop (17 steps; above 0x10000 `math.pow`), a float exponent is `pow`;
* `math.frexp(x)`/`math.modf(x)` return tuples (float, int32) / (float, float).

* `cmath.*` is numba-cuda's Python implementation of each function, inlined
  with numba's typing (`cmath_functions.py`);
* `round(x, ndigits)` of a float32/float64 is numba-cuda's `round_ndigits`
  (CPython's fallback algorithm: `round(2.675, 2)` is 2.68), inlined from
  `rounding.py`; `x.bit_count()` of an integer is `cuda.popc(x)`;
* `cuda.fp16.*` (`hadd` ... `hdiv`, `hfma`, `hneg`, `habs`, `hmax`, `hmin`,
  comparisons, `hsin` ... `hrint`, `hrcp`) on float16 (`_fp16`).
* numpy's ufuncs (`UFUNCS`): the loop numba's `ufunc_find_matching_loop`
  picks (`ufunc_loop`) and one element computed by it (`ufunc_element`),
  for numbers here and for every element of arrays in `ufunc_arrays.py`
  (`np.sin(x, out)`).

Not supported, each a located error: `pow(a, b, m)`,
libdevice functions that take pointers (`sincos`, `frexp`, ...), fast-math
variants without an op (`fast_*`, `*_rn` conversions, ...), and the
parts of `cuda.cg` that numba-cuda lacks (`this_thread_block`, ...).

Cooperative groups: `cuda.cg.this_grid()` is a static value (`GRID_GROUP`)
and its `sync()` a `simt.grid_barrier`, whether spelled `g = ...; g.sync()`
or `cuda.cg.this_grid().sync()`.
"""

from __future__ import annotations

import ast
import math as pymath
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from xdsl.dialects import arith, math, memref
from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Operation

from simt.dialects import intrinsics as ops
from simt.dialects import simt
from simt.dialects.simt import MemorySpace
from simt.frontend import cmath_functions, rounding
from simt.frontend.intrinsics_typing import libdevice_signature, resolve_intrinsic
from simt.frontend.objects import (
    ArrayValue,
    ComplexValue,
    StaticValue,
    TupleValue,
    Value,
    describe_value,
)
from simt.frontend.types import (
    BOOL,
    BY_NAME,
    COMPLEX_NAMES,
    FLOAT16,
    FLOAT32,
    FLOAT64,
    INT32,
    INT64,
    UINT8,
    UINT32,
    UINT64,
    ComplexType,
    ScalarType,
)
from simt.frontend.typing import Signature, resolve
from simt.frontend.values import Scalar

if TYPE_CHECKING:
    from simt.frontend.calls import CallCompiler
    from simt.frontend.expressions import ExpressionCompiler

Handler = Callable[["CallCompiler", ast.Call, str], Value]

FULL_MASK = 0xFFFFFFFF

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _short(path: str) -> str:
    return path.split(".")[-1]


def _numbers(c: CallCompiler, node: ast.Call, count: int) -> list[Scalar]:
    c.expect_args(node, count)
    return [c.scalar(arg) for arg in node.args]


def _signature(
    c: CallCompiler,
    node: ast.Call,
    path: str,
    found: Signature | None,
    args: Sequence[Scalar],
) -> Signature:
    if found is None:
        shown = ", ".join(str(a.type) for a in args)
        raise c.error(node, f"{path}() is not defined for ({shown})")
    return found


def _converted(c: CallCompiler, args: Sequence[Scalar], sig: Signature) -> list[Scalar]:
    return [c.ops.convert(a, t) for a, t in zip(args, sig.args, strict=True)]


def _computed(t: ScalarType) -> ScalarType:
    """The type a float function computes in: float32 for float16."""
    return FLOAT32 if t.bits == 16 else t


def _float_op(
    c: ExpressionCompiler,
    build: Callable[[list[Any]], Operation],
    args: Sequence[Scalar],
    result: ScalarType,
) -> Scalar:
    """`build` applied to `args` converted to the float type of `result`
    (float32 for float16, rounded back)."""
    work = _computed(result)
    values = [c.ops.convert(a, work).value for a in args]
    return c.ops.convert(c.ops.scalar(build(values), work), result)


def _unary(op_class: type[Operation]) -> Callable[[list[Any]], Operation]:
    return lambda values: op_class(values[0])  # pyright: ignore[reportCallIssue]


def _binary(op_class: type[Operation]) -> Callable[[list[Any]], Operation]:
    return lambda values: op_class(values[0], values[1])  # pyright: ignore[reportCallIssue]


def _libm(name: str) -> Callable[[list[Any]], Operation]:
    return lambda values: ops.LibmOp(name, values)


# ---------------------------------------------------------------------------
# math
# ---------------------------------------------------------------------------

UNARY_BUILDERS: dict[str, Callable[[list[Any]], Operation]] = {
    "sin": _unary(math.SinOp),
    "cos": _unary(math.CosOp),
    "tan": _unary(math.TanOp),
    "asin": _unary(math.AsinOp),
    "acos": _unary(math.AcosOp),
    "atan": _unary(math.AtanOp),
    "sinh": _unary(math.SinhOp),
    "cosh": _unary(math.CoshOp),
    "tanh": _unary(math.TanhOp),
    "asinh": _unary(math.AsinhOp),
    "acosh": _unary(math.AcoshOp),
    "atanh": _unary(math.AtanhOp),
    "exp": _unary(math.ExpOp),
    "exp2": _unary(math.Exp2Op),
    "expm1": _unary(math.ExpM1Op),
    "log": _unary(math.LogOp),
    "log2": _unary(math.Log2Op),
    "log10": _unary(math.Log10Op),
    "log1p": _unary(math.Log1pOp),
    "sqrt": _unary(math.SqrtOp),
    "rsqrt": _unary(math.RsqrtOp),
    "cbrt": _unary(math.CbrtOp),
    "erf": _unary(math.ErfOp),
    "fabs": _unary(math.AbsFOp),
    "trunc": _unary(math.TruncOp),
    "floor": _unary(math.FloorOp),
    "ceil": _unary(math.CeilOp),
    "rint": _unary(math.RoundEvenOp),
    "nearbyint": _unary(math.RoundEvenOp),
    "round": _unary(math.RoundOp),
    "erfc": _libm("erfc"),
    "gamma": _libm("tgamma"),
    "tgamma": _libm("tgamma"),
    "lgamma": _libm("lgamma"),
    "exp10": _libm("exp10"),
    "sinpi": _libm("sinpi"),
    "cospi": _libm("cospi"),
    "rcbrt": _libm("rcbrt"),
}
"""Functions of one float argument, by C / `math` name."""

BINARY_BUILDERS: dict[str, Callable[[list[Any]], Operation]] = {
    "atan2": _binary(math.Atan2Op),
    "copysign": _binary(math.CopySignOp),
    "pow": _binary(math.PowFOp),
    "hypot": _libm("hypot"),
    "fmod": _libm("fmod"),
    "remainder": _libm("remainder"),
    "nextafter": _libm("nextafter"),
    "fdim": _libm("fdim"),
}
"""Functions of two float arguments, by C / `math` name."""

_MATH_UNARY = (
    "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
    "asinh", "acosh", "atanh", "exp2", "expm1", "log2", "log10", "log1p",
    "erf", "erfc", "gamma", "lgamma", "fabs", "trunc",
)  # fmt: skip
_MATH_BINARY = ("atan2", "hypot", "copysign", "fmod", "remainder", "nextafter")


def _math_unary(c: CallCompiler, node: ast.Call, path: str) -> Value:
    (value,) = _numbers(c, node, 1)
    sig = _signature(c, node, path, resolve(path, value.type), [value])
    (argument,) = _converted(c, [value], sig)
    return _float_op(c, UNARY_BUILDERS[_short(path)], [argument], sig.result)


def _angle(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`radians`/`degrees`: numba's product with the constant in the result type."""
    (value,) = _numbers(c, node, 1)
    sig = _signature(c, node, path, resolve(path, value.type), [value])
    argument = c.ops.convert(c.ops.convert(value, sig.args[0]), sig.result)
    factor = pymath.pi / 180.0 if path.endswith("radians") else 180.0 / pymath.pi
    return c.ops.binary(ast.Mult, argument, c.ops.const(factor, sig.result))


def _classify(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`isnan`/`isinf`/`isfinite`: float comparisons; integers are constants."""
    (value,) = _numbers(c, node, 1)
    sig = _signature(c, node, path, resolve(path, value.type), [value])
    return classify(c, _short(path), c.ops.convert(value, sig.args[0]))


def classify(c: CallCompiler, name: str, x: Scalar) -> Scalar:
    """`isnan`, `isinf` or `isfinite` of `x`: constants for integers."""
    if not x.type.is_float:
        return c.ops.const(name == "isfinite", BOOL)
    if name == "isnan":
        return c.ops.scalar(arith.CmpfOp(x.value, x.value, "uno"), BOOL)
    magnitude = c.ops.scalar(math.AbsFOp(x.value), x.type)
    infinity = c.ops.const(pymath.inf, x.type)
    predicate = "oeq" if name == "isinf" else "olt"
    return c.ops.scalar(arith.CmpfOp(magnitude.value, infinity.value, predicate), BOOL)


def _math_binary(c: CallCompiler, node: ast.Call, path: str) -> Value:
    args = _numbers(c, node, 2)
    found = resolve_intrinsic(path, *(a.type for a in args))
    sig = _signature(c, node, path, found, args)
    converted = _converted(c, args, sig)
    name = _short(path)
    if name == "pow" and sig.args[1] == INT32:
        base = c.ops.convert(converted[0], _computed(sig.result))
        op = math.FPowIOp(base.value, converted[1].value)
        return c.ops.convert(c.ops.scalar(op, base.type), sig.result)
    if name == "ldexp":
        base = c.ops.convert(converted[0], _computed(sig.result))
        op = ops.LibmOp("ldexp", [base.value, converted[1].value])
        return c.ops.convert(c.ops.scalar(op, base.type), sig.result)
    return _float_op(c, BINARY_BUILDERS[name], converted, sig.result)


def _tuple_of_two(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`math.frexp(x)` -> (mantissa, int32 exponent), `math.modf(x)` ->
    (fraction, integral part), as numba types them (float arguments)."""
    (value,) = _numbers(c, node, 1)
    if not value.type.is_float:
        raise c.error(node, f"{path}() expects a float, found {value.type}")
    x = c.ops.convert(value, _computed(value.type))
    op = c.ops.add(ops.LibmOp(_short(path), [x.value]))
    second = INT32 if path.endswith("frexp") else x.type
    first = c.ops.convert(Scalar(op.results[0], x.type), value.type)
    other = Scalar(op.results[1], second)
    if second.is_float:
        other = c.ops.convert(other, value.type)
    return TupleValue((first, other))


def _cbrt(c: CallCompiler, node: ast.Call, path: str) -> Value:
    (value,) = _numbers(c, node, 1)
    sig = _signature(c, node, path, resolve_intrinsic(path, value.type), [value])
    return _float_op(c, UNARY_BUILDERS["cbrt"], _converted(c, [value], sig), sig.result)


def _fma(c: CallCompiler, node: ast.Call, path: str) -> Value:
    args = _numbers(c, node, 3)
    found = resolve_intrinsic(path, *(a.type for a in args))
    sig = _signature(c, node, path, found, args)
    return _float_op(
        c, lambda v: math.FmaOp(v[0], v[1], v[2]), _converted(c, args, sig), sig.result
    )


# ---------------------------------------------------------------------------
# Builtins: round, pow, divmod and `**`
# ---------------------------------------------------------------------------


def _round(c: CallCompiler, node: ast.Call, path: str) -> Value:
    if len(node.args) == 2:
        return _round_ndigits(c, node)
    (value,) = _numbers(c, node, 1)
    sig = _signature(c, node, path, resolve("round", value.type), [value])
    x = c.ops.convert(value, sig.args[0])
    rounded = c.ops.scalar(math.RoundEvenOp(x.value), x.type)
    return c.ops.convert(rounded, sig.result)


def _round_ndigits(c: CallCompiler, node: ast.Call) -> Value:
    """`round(x, ndigits)` of a float32/float64 `x` and an integer `ndigits`:
    numba-cuda's `round_ndigits` (`rounding.py`), inlined, in `x`'s type."""
    x, ndigits = _numbers(c, node, 2)
    if not x.type.is_float or x.type.bits == 16 or not ndigits.type.is_int:
        raise c.error(
            node,
            f"round(x, ndigits) is defined for a float32 or float64 x and an "
            f"integer ndigits, found ({x.type}, {ndigits.type})",
        )
    result = c.inline_with(node, rounding.round_ndigits, [x, ndigits])
    return c.ops.convert(c.as_scalar(node, result), x.type)


def _pow(c: CallCompiler, node: ast.Call, path: str) -> Value:
    if len(node.args) == 3:
        raise c.unsupported(node, "pow(a, b, m)", "only pow(a, b) is supported")
    c.expect_args(node, 2)
    return c.power_expr(node, c.expr(node.args[0]), node.args[1])


def _divmod(c: CallCompiler, node: ast.Call, path: str) -> Value:
    a, b = _numbers(c, node, 2)
    quotient = c.binary(node, ast.FloorDiv, a, b)
    remainder = c.binary(node, ast.Mod, a, b)
    return TupleValue((quotient, remainder))


def float_function(c: ExpressionCompiler, name: str, args: Sequence[Scalar]) -> Scalar:
    """The `math` function `name` (of one or two float arguments) of `args`,
    in their float type."""
    build = UNARY_BUILDERS[name] if len(args) == 1 else BINARY_BUILDERS[name]
    return _float_op(c, build, args, args[0].type)


POWER_CUTOFF = 0x10000
"""numba's `int_power`: exponents above this go to `math.pow`."""


def power(
    c: ExpressionCompiler, node: ast.AST, base: Scalar, exponent: Scalar
) -> Scalar:
    """`base ** exponent` for an exponent known only at run time, as numba
    computes it (`int_power_impl`, `real_power_impl`)."""
    sig = c.resolve_binary(node, ast.Pow, base.type, exponent.type)
    x = c.ops.convert(base, sig.args[0])
    y = c.ops.convert(exponent, sig.args[1])
    if sig.args[1].is_float:
        work = _computed(sig.result)
        a, b = c.ops.convert(x, work), c.ops.convert(y, work)
        result = c.ops.scalar(math.PowFOp(a.value, b.value), work)
        return c.ops.convert(result, sig.result)
    return _integer_power(c, c.ops.convert(x, sig.result), y)


def _integer_power(c: ExpressionCompiler, a: Scalar, b: Scalar) -> Scalar:
    """numba's `int_power`: repeated squaring over the bits of |b|, inverted
    for a negative `b`, `math.pow` above 0x10000. numba's loop stops when the
    remaining exponent is 0; here the 17 steps an exponent up to 0x10000 can
    take are unrolled with selects, which multiplies the same factors in the
    same order."""
    t = a.type
    zero = c.ops.zero(b.type)
    negative = c.ops.compare(ast.Lt, b, zero)
    magnitude = c.ops.select(negative, c.ops.negate(b), b)
    result = c.ops.const(1, t)
    factor = a
    for bit in range(17):
        mask = c.ops.const(1 << bit, b.type)
        set_ = c.ops.truthy(c.ops.binary(ast.BitAnd, magnitude, mask))
        result = c.ops.select(set_, c.ops.binary(ast.Mult, result, factor), result)
        factor = c.ops.binary(ast.Mult, factor, factor)
    if t.is_float:
        inverted = c.ops.binary(ast.Div, c.ops.const(1.0, t), result)
    else:
        inverted = _integer_inverse(c, a, result)
    result = c.ops.select(negative, inverted, result)
    large = c.ops.compare(ast.Gt, magnitude, c.ops.const(POWER_CUTOFF, b.type))
    # The fallback is computed in every lane: lanes that do not take it
    # raise to the power 0, so that no lane converts an overflow to an integer.
    exponent = c.ops.select(large, b, c.ops.zero(b.type))
    return c.ops.select(large, _fallback_pow(c, a, exponent), result)


def _integer_inverse(c: ExpressionCompiler, test: Scalar, power: Scalar) -> Scalar:
    """An integer `a ** -n` from `power` = `a ** n`, as numba does: INT_MIN
    where `test` is 0 (its "numpy" error model), `power` where `test` is 1
    or -1 (`1.0 / power` cast back), else 0. `int_power` tests the base,
    `static_power_impl` the power."""
    t = test.type
    plus = c.ops.compare(ast.Eq, test, c.ops.const(1, t))
    minus = c.ops.compare(ast.Eq, test, c.ops.const(-1, t))
    unit = c.ops.scalar(arith.OrIOp(plus.value, minus.value), BOOL)
    is_zero = c.ops.compare(ast.Eq, test, c.ops.zero(t))
    minimum = c.ops.const(-(1 << (t.bits - 1)), power.type)
    inverse = c.ops.select(unit, power, c.ops.zero(power.type))
    return c.ops.select(is_zero, minimum, inverse)


def _fallback_pow(c: ExpressionCompiler, a: Scalar, b: Scalar) -> Scalar:
    """numba's `math.pow(a, float(b))` for a huge exponent, in `a`'s type."""
    t = a.type
    work = FLOAT64 if not t.is_float else _computed(t)
    x, y = c.ops.convert(a, work), c.ops.convert(b, work)
    return c.ops.convert(c.ops.scalar(math.PowFOp(x.value, y.value), work), t)


def constant_power(
    c: ExpressionCompiler, node: ast.AST, base: Scalar, exponent: int
) -> Scalar:
    """`base ** k` for a constant integer `k` with |k| <= 0x10000: numba's
    unrolled squaring (`static_power_impl`), inverted when `k` < 0."""
    sig = c.resolve_binary(node, ast.Pow, base.type, INT64)
    x = c.ops.convert(c.ops.convert(base, sig.args[0]), sig.result)
    result = c.ops.power(x, abs(exponent))
    if exponent >= 0:
        return result
    if x.type.is_float:
        return c.ops.binary(ast.Div, c.ops.const(1.0, x.type), result)
    return _integer_inverse(c, result, result)


# ---------------------------------------------------------------------------
# Atomics
# ---------------------------------------------------------------------------

_NUMBERS = (INT32, INT64, UINT32, UINT64, FLOAT32, FLOAT64)
_INTEGERS = (INT32, INT64, UINT32, UINT64)
_ATOMIC_TYPES: dict[str, tuple[ScalarType, ...]] = {
    **dict.fromkeys(("add", "sub", "max", "min", "nanmax", "nanmin"), _NUMBERS),
    **dict.fromkeys(("and_", "or_", "xor", "exch"), _INTEGERS),
    **dict.fromkeys(("inc", "dec"), (UINT32, UINT64)),
}
"""The element types numba-cuda types each `cuda.atomic.<name>` for."""

_ATOMIC_KINDS: dict[str, ops.AtomicKind] = {
    "add": ops.AtomicKind.ADD,
    "sub": ops.AtomicKind.SUB,
    "max": ops.AtomicKind.MAX,
    "min": ops.AtomicKind.MIN,
    "nanmax": ops.AtomicKind.NANMAX,
    "nanmin": ops.AtomicKind.NANMIN,
    "and_": ops.AtomicKind.AND,
    "or_": ops.AtomicKind.OR,
    "xor": ops.AtomicKind.XOR,
    "exch": ops.AtomicKind.EXCH,
    "inc": ops.AtomicKind.INC,
    "dec": ops.AtomicKind.DEC,
}


def atomic_kind(name: str, element: ScalarType) -> ops.AtomicKind:
    """The `simt.atomic` kind of `cuda.atomic.<name>` on `element`: unsigned
    max/min compare unsigned, nanmax/nanmin on integers are max/min."""
    kind = _ATOMIC_KINDS[name]
    if not element.is_float and kind is ops.AtomicKind.NANMAX:
        kind = ops.AtomicKind.MAX
    if not element.is_float and kind is ops.AtomicKind.NANMIN:
        kind = ops.AtomicKind.MIN
    if element.is_unsigned and kind is ops.AtomicKind.MAX:
        return ops.AtomicKind.UMAX
    if element.is_unsigned and kind is ops.AtomicKind.MIN:
        return ops.AtomicKind.UMIN
    return kind


def _atomic_array(
    c: CallCompiler, node: ast.Call, path: str, allowed: tuple[ScalarType, ...]
) -> ArrayValue:
    array = c.array_arg(node.args[0])
    if array.type.dtype not in allowed:
        expected = ", ".join(str(t) for t in allowed)
        raise c.error(
            node,
            f"{path} expects an array of {expected}, found {array.type.dtype} "
            f"array '{array.name}'",
        )
    return array


def _atomic(c: CallCompiler, node: ast.Call, path: str) -> Value:
    name = _short(path)
    c.expect_args(node, 3)
    array = _atomic_array(c, node, path, _ATOMIC_TYPES[name])
    indices = c.atomic_indices(node, path, array, node.args[1])
    value = c.ops.convert(c.scalar(node.args[2]), array.type.dtype)
    if name == "add":
        op: Operation = simt.AtomicAddOp(value.value, array.value, indices)
    else:
        kind = atomic_kind(name, array.type.dtype)
        op = ops.AtomicOp(kind, value.value, array.value, indices)
    return c.ops.scalar(op, array.type.dtype)


def _atomic_cas(c: CallCompiler, node: ast.Call, path: str) -> Value:
    c.expect_args(node, 4)
    array = _atomic_array(c, node, path, _INTEGERS)
    indices = c.atomic_indices(node, path, array, node.args[1])
    return _cas(c, array, indices, node.args[2:])


def _compare_and_swap(c: CallCompiler, node: ast.Call, path: str) -> Value:
    c.expect_args(node, 3)
    array = _atomic_array(c, node, path, _INTEGERS)
    if array.type.ndim != 1:
        raise c.error(
            node,
            f"{path} expects a 1-D array, found {array.type.ndim}-D '{array.name}'",
        )
    return _cas(c, array, [c.ops.index_const(0)], node.args[1:])


def _cas(
    c: CallCompiler, array: ArrayValue, indices: Sequence[Any], rest: Sequence[ast.expr]
) -> Value:
    compare, value = (c.ops.convert(c.scalar(e), array.type.dtype) for e in rest)
    op = ops.AtomicCASOp(compare.value, value.value, array.value, indices)
    return c.ops.scalar(op, array.type.dtype)


# ---------------------------------------------------------------------------
# Warp and block primitives
# ---------------------------------------------------------------------------


def _integer(c: CallCompiler, node: ast.expr, what: str) -> Scalar:
    value = c.scalar(node)
    if not value.type.is_integral:
        raise c.error(node, f"expected an integer {what}, found {value.type}")
    return value


def _mask(c: CallCompiler, node: ast.expr) -> Scalar:
    return c.ops.convert(_integer(c, node, "member mask"), INT32)


def vote_mask(c: CallCompiler, node: ast.expr, path: str) -> Scalar:
    """A vote's member mask, an integer (not bool) as numba-cuda's
    `vote_sync_intrinsic` requires, truncated to int32."""
    value = c.scalar(node)
    if not value.type.is_int:
        raise c.error(node, f"{path}: Mask type must be an integer. Got {value.type}")
    return c.ops.convert(value, INT32)


def vote_predicate(c: CallCompiler, node: ast.expr, path: str) -> Scalar:
    """A vote's predicate, an integer or bool as numba-cuda's
    `vote_sync_intrinsic` requires, as `!= 0`."""
    value = c.scalar(node)
    if not value.type.is_integral:
        raise c.error(
            node,
            f"{path}: Predicate must be an integer or boolean. Got {value.type}",
        )
    return c.ops.truthy(value)


_SHUFFLES = {
    "shfl_sync": ops.ShuffleMode.IDX,
    "shfl_up_sync": ops.ShuffleMode.UP,
    "shfl_down_sync": ops.ShuffleMode.DOWN,
    "shfl_xor_sync": ops.ShuffleMode.XOR,
}
_SHUFFLED = (INT32, INT64, FLOAT32, FLOAT64)


def _shuffle(c: CallCompiler, node: ast.Call, path: str) -> Value:
    c.expect_args(node, 3)
    mask = _mask(c, node.args[0])
    value = c.scalar(node.args[1])
    if value.type not in _SHUFFLED:
        raise c.error(
            node.args[1],
            f"{path} shuffles int32, int64, float32 or float64 values, found {value.type}",
        )
    offset = c.ops.convert(_integer(c, node.args[2], "lane"), INT32)
    op = ops.ShuffleOp(_SHUFFLES[_short(path)], mask.value, value.value, offset.value)
    return c.ops.scalar(op, value.type)


_VOTES = {
    "any_sync": ops.VoteMode.ANY,
    "all_sync": ops.VoteMode.ALL,
    "eq_sync": ops.VoteMode.EQ,
    "ballot_sync": ops.VoteMode.BALLOT,
}


def _vote(c: CallCompiler, node: ast.Call, path: str) -> Value:
    c.expect_args(node, 2)
    name = _short(path)
    mask_node = node.args[0]
    full = (
        isinstance(mask_node, ast.Constant)
        and type(mask_node.value) is int
        and mask_node.value & FULL_MASK == FULL_MASK
    )
    if full and name != "eq_sync":
        return c.full_vote(node, f"cuda.{name}")
    mask = vote_mask(c, mask_node, path)
    predicate = vote_predicate(c, node.args[1], path)
    op = ops.VoteSyncOp(_VOTES[name], mask.value, predicate.value)
    return c.ops.scalar(op, INT32 if name == "ballot_sync" else BOOL)


def _matched(c: CallCompiler, node: ast.expr) -> Scalar:
    """A `match_*_sync` value as numba's overload takes it (int32, int64,
    float32 or float64)."""
    value = c.scalar(node)
    t = value.type
    if t.is_float:
        return c.ops.convert(value, FLOAT64 if t.bits == 64 else FLOAT32)
    wide = t.bits == 64 or (t.is_unsigned and t.bits == 32)
    return c.ops.convert(value, INT64 if wide else INT32)


def _match_any(c: CallCompiler, node: ast.Call, path: str) -> Value:
    c.expect_args(node, 2)
    mask = _mask(c, node.args[0])
    value = _matched(c, node.args[1])
    return c.ops.scalar(ops.MatchAnyOp(mask.value, value.value), INT32)


def _match_all(c: CallCompiler, node: ast.Call, path: str) -> Value:
    c.expect_args(node, 2)
    mask = _mask(c, node.args[0])
    value = _matched(c, node.args[1])
    op = c.ops.add(ops.MatchAllOp(mask.value, value.value))
    return TupleValue((Scalar(op.results[0], INT32), Scalar(op.results[1], BOOL)))


def _lane_mask(op_class: Callable[[], Operation]) -> Handler:
    def handler(c: CallCompiler, node: ast.Call, path: str) -> Value:
        c.expect_args(node, 0)
        return c.ops.scalar(op_class(), UINT32)

    return handler


_REDUCTIONS = {
    "syncthreads_count": ops.BarrierReduction.COUNT,
    "syncthreads_and": ops.BarrierReduction.AND,
    "syncthreads_or": ops.BarrierReduction.OR,
}


def _barrier_reduce(c: CallCompiler, node: ast.Call, path: str) -> Value:
    c.expect_args(node, 1)
    predicate = c.ops.convert(_integer(c, node.args[0], "or bool predicate"), INT32)
    op = ops.BarrierReduceOp(_REDUCTIONS[_short(path)], c.ops.truthy(predicate).value)
    return c.ops.scalar(op, INT32)


def _syncwarp(c: CallCompiler, node: ast.Call, path: str) -> Value:
    if node.keywords or len(node.args) > 1:
        raise c.error(
            node, f"cuda.syncwarp() expects 0 or 1 argument(s), found {len(node.args)}"
        )
    mask = _mask(c, node.args[0]) if node.args else c.ops.const(-1, INT32)
    c.ops.add(ops.SyncWarpOp(mask.value))
    return StaticValue(None)


def _fence(scope: ops.FenceScope) -> Handler:
    def handler(c: CallCompiler, node: ast.Call, path: str) -> Value:
        c.expect_args(node, 0)
        c.ops.add(ops.FenceOp(scope))
        return StaticValue(None)

    return handler


# ---------------------------------------------------------------------------
# Bit operations, selp
# ---------------------------------------------------------------------------


def _bits(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`cuda.popc`, `clz`, `ffs`, `brev` with numba's overloads."""
    (value,) = _numbers(c, node, 1)
    sig = _signature(c, node, path, resolve_intrinsic(path, value.type), [value])
    (x,) = _converted(c, [value], sig)
    return _bit_operation(c, node, _short(path), x, sig.result)


def popc(c: CallCompiler, node: ast.Call, value: Scalar) -> Scalar:
    """`cuda.popc(value)` with numba's overload (also `value.bit_count()`)."""
    path = "cuda.popc"
    sig = _signature(c, node, path, resolve_intrinsic(path, value.type), [value])
    (x,) = _converted(c, [value], sig)
    return _bit_operation(c, node, "popc", x, sig.result)


def _bit_operation(
    c: CallCompiler, node: ast.AST, name: str, x: Scalar, result: ScalarType
) -> Scalar:
    if name == "popc":
        return c.ops.convert(c.ops.scalar(math.CtPopOp(x.value), x.type), result)
    if name == "clz":
        op = math.CountLeadingZerosOp(x.value)
        return c.ops.convert(c.ops.scalar(op, x.type), result)
    if x.type.bits not in (32, 64):
        raise c.error(node, f"cuda.{name}() has no {x.type} version in numba-cuda")
    if name == "brev":
        return c.ops.convert(c.ops.scalar(ops.BitReverseOp(x.value), x.type), result)
    return c.ops.convert(_ffs(c, x), result)


def _ffs(c: CallCompiler, x: Scalar) -> Scalar:
    """`ffs(x)`: 1 + the index of the lowest set bit, 0 for 0 (an int32)."""
    trailing = c.ops.scalar(math.CountTrailingZerosOp(x.value), x.type)
    position = c.ops.binary(
        ast.Add, c.ops.convert(trailing, INT32), c.ops.const(1, INT32)
    )
    is_zero = c.ops.compare(ast.Eq, x, c.ops.zero(x.type))
    return c.ops.select(is_zero, c.ops.zero(INT32), position)


_SELECTED = (
    "float64",
    "float32",
    "int16",
    "uint16",
    "int32",
    "uint32",
    "int64",
    "uint64",
)


def _selp(c: CallCompiler, node: ast.Call, path: str) -> Value:
    c.expect_args(node, 3)
    predicate = c.ops.truthy(c.scalar(node.args[0]))
    a, b = c.scalar(node.args[1]), c.scalar(node.args[2])
    if a.type != b.type or a.type.name not in _SELECTED:
        raise c.error(
            node,
            f"cuda.selp() expects two values of one type among {', '.join(_SELECTED)}, "
            f"found {a.type} and {b.type}",
        )
    return c.ops.select(predicate, a, b)


# ---------------------------------------------------------------------------
# libdevice
# ---------------------------------------------------------------------------

_LIBDEVICE_BITS = {
    "popc": "popc",
    "popcll": "popc",
    "clz": "clz",
    "clzll": "clz",
    "ffs": "ffs",
    "ffsll": "ffs",
    "brev": "brev",
    "brevll": "brev",
}


def _libdevice(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`numba.cuda.libdevice.F(...)`: its fixed signature, computed by the op
    that the lowering turns back into `__nv_F`."""
    name = _short(path)
    if name in _LIBDEVICE_TUPLES:
        return _libdevice_tuple(c, node, name)
    sig = libdevice_signature(name)
    if sig is None:
        raise c.unsupported(node, path, "this libdevice function takes pointers")
    args = _numbers(c, node, len(sig.args))
    converted = _converted(c, args, sig)
    if name in _LIBDEVICE_BITS:
        return _bit_operation(c, node, _LIBDEVICE_BITS[name], converted[0], sig.result)
    base = name[:-1] if sig.result == FLOAT32 and name.endswith("f") else name
    if base in UNARY_BUILDERS and len(args) == 1:
        return _float_op(c, UNARY_BUILDERS[base], converted, sig.result)
    if base in BINARY_BUILDERS and len(args) == 2 and sig.args[1].is_float:
        return _float_op(c, BINARY_BUILDERS[base], converted, sig.result)
    if base == "powi" and sig.result.is_float:
        op = math.FPowIOp(converted[0].value, converted[1].value)
        return c.ops.scalar(op, sig.result)
    if base == "ldexp" and sig.result.is_float:
        op = ops.LibmOp("ldexp", [converted[0].value, converted[1].value])
        return c.ops.scalar(op, sig.result)
    if base == "fma" and sig.result.is_float:
        return _float_op(
            c, lambda v: math.FmaOp(v[0], v[1], v[2]), converted, sig.result
        )
    if base in ("sad", "usad"):
        return _sad(c, converted, signed=base == "sad", result=sig.result)
    raise c.unsupported(node, path, "this libdevice function has no simt op")


_LIBDEVICE_TUPLES: dict[str, tuple[str, ScalarType]] = {
    "sincos": ("sincos", FLOAT64),
    "sincosf": ("sincos", FLOAT32),
    "frexp": ("frexp", FLOAT64),
    "frexpf": ("frexp", FLOAT32),
    "modf": ("modf", FLOAT64),
    "modff": ("modf", FLOAT32),
}
"""libdevice functions that return a second value through a pointer, which
numba-cuda's wrappers return as a tuple: (sin, cos), (fraction, int32
exponent), (fraction, integral part); the function and its float type."""


def _libdevice_tuple(c: CallCompiler, node: ast.Call, name: str) -> Value:
    base, t = _LIBDEVICE_TUPLES[name]
    (value,) = _numbers(c, node, 1)
    x = c.ops.convert(value, t)
    if base == "sincos":
        sin = _float_op(c, UNARY_BUILDERS["sin"], [x], t)
        return TupleValue((sin, _float_op(c, UNARY_BUILDERS["cos"], [x], t)))
    op = c.ops.add(ops.LibmOp(base, [x.value]))
    second = INT32 if base == "frexp" else t
    return TupleValue((Scalar(op.results[0], t), Scalar(op.results[1], second)))


def _sad(
    c: CallCompiler, args: Sequence[Scalar], *, signed: bool, result: ScalarType
) -> Scalar:
    """`__nv_sad(x, y, z)` / `__nv_usad`: |x - y| + z in 32-bit arithmetic
    (PTX `sad`: the difference of the larger and the smaller, wrapping)."""
    x, y, z = (a.value for a in args)
    less = c.ops.add(arith.CmpiOp(x, y, "slt" if signed else "ult")).results[0]
    low_first = c.ops.add(arith.SubiOp(y, x)).results[0]
    high_first = c.ops.add(arith.SubiOp(x, y)).results[0]
    difference = c.ops.add(arith.SelectOp(less, low_first, high_first)).results[0]
    return c.ops.scalar(arith.AddiOp(difference, z), result)


# ---------------------------------------------------------------------------
# numpy's ufuncs (`np.sqrt(x)`, `np.arctan2(y, x)`, `np.sin(x, out)`)
# ---------------------------------------------------------------------------

_UFUNC_FLOAT_UNARY = {
    **{name: name for name in (
        "sin", "cos", "tan", "sinh", "cosh", "tanh", "exp", "exp2", "expm1",
        "log", "log2", "log10", "log1p", "sqrt", "cbrt", "floor", "ceil",
        "trunc", "rint", "fabs",
    )},
    "arcsin": "asin", "arccos": "acos", "arctan": "atan", "arcsinh": "asinh",
    "arccosh": "acosh", "arctanh": "atanh", "absolute": "fabs",
}  # fmt: skip
_UFUNC_FLOAT_BINARY = {"arctan2": "atan2", "hypot": "hypot", "copysign": "copysign",
                       "power": "pow", "fmod": "fmod"}  # fmt: skip
_UFUNC_ARITHMETIC: dict[str, type[ast.operator]] = {
    "add": ast.Add,
    "subtract": ast.Sub,
    "multiply": ast.Mult,
    "divide": ast.Div,
    "true_divide": ast.Div,
    "floor_divide": ast.FloorDiv,
    "remainder": ast.Mod,
    "mod": ast.Mod,
}
_UFUNC_BITWISE: dict[str, type[ast.operator]] = {
    "bitwise_and": ast.BitAnd,
    "bitwise_or": ast.BitOr,
    "bitwise_xor": ast.BitXor,
}
_UFUNC_COMPARISONS: dict[str, type[ast.cmpop]] = {
    "greater": ast.Gt,
    "greater_equal": ast.GtE,
    "less": ast.Lt,
    "less_equal": ast.LtE,
    "equal": ast.Eq,
    "not_equal": ast.NotEq,
}
_UFUNC_LOGICAL: dict[str, type[Operation]] = {
    "logical_and": arith.AndIOp,
    "logical_or": arith.OrIOp,
    "logical_xor": arith.XOrIOp,
}
_UFUNC_EXTREMES = {"maximum", "minimum", "fmax", "fmin"}
_UFUNC_OTHER_UNARY = {
    "negative", "positive", "square", "reciprocal", "deg2rad", "rad2deg",
    "radians", "degrees", "isnan", "isinf", "isfinite", "invert",
    "bitwise_not", "logical_not",
}  # fmt: skip
_UFUNC_COMPLEX_UNARY = {
    "sin": "sin", "cos": "cos", "tan": "tan", "arcsin": "asin",
    "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh",
    "tanh": "tanh", "arcsinh": "asinh", "arccosh": "acosh",
    "arctanh": "atanh", "log": "log", "exp": "exp", "sqrt": "sqrt",
}  # fmt: skip
"""The complex loops (`F->F`, `D->D`): cmath's implementation of each."""
UFUNCS = frozenset(
    {*_UFUNC_FLOAT_UNARY, *_UFUNC_FLOAT_BINARY, *_UFUNC_ARITHMETIC,
     *_UFUNC_BITWISE, *_UFUNC_COMPARISONS, *_UFUNC_LOGICAL,
     *_UFUNC_EXTREMES, *_UFUNC_OTHER_UNARY, "abs"}
)  # fmt: skip
"""The numpy ufuncs a kernel may call."""

Element = ScalarType | ComplexType
"""The type of a ufunc operand's element: a number of one of numba's types."""


@dataclass(frozen=True)
class UfuncLoop:
    """The inner loop numba picks for a ufunc call: its operand types."""

    inputs: tuple[Element, ...]
    output: Element


def _ufunc(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`np.NAME(x[, y])` on numbers: the inner loop numba-cuda's typing
    picks for the argument types (`ufunc_find_matching_loop`: `np.sin(int32)`
    runs the `d->d` loop, `np.floor(int64)` the `l->l` one), the arguments
    converted to its input types, the operation computed in its output
    type. With an array argument or an output array: `ufunc_arrays.call`."""
    import numpy as np

    from simt.frontend import ufunc_arrays

    name = "absolute" if _short(path) == "abs" else _short(path)
    function = getattr(np, name)
    values = ufunc_arrays.arguments(c, node, function)
    if len(values) > function.nin or any(isinstance(v, ArrayValue) for v in values):
        return ufunc_arrays.call(c, node, function, values)
    loop = ufunc_loop(c, node, function, [ufunc_operand(c, node, v) for v in values])
    return ufunc_element(c, node, name, values, loop)


def ufunc_operand(c: CallCompiler, node: ast.AST, value: Value) -> Element:
    """The element type of a ufunc operand (a number or an array)."""
    if isinstance(value, ArrayValue):
        return value.type.element
    if isinstance(value, ComplexValue):
        return value.type
    return c.as_scalar(node, value).type


def ufunc_loop(
    c: CallCompiler, node: ast.AST, function: Any, operands: Sequence[Element]
) -> UfuncLoop:
    """numba's `ufunc_find_matching_loop` for the operands' element types
    (inputs, then explicit outputs): the first of numpy's loops whose inputs
    the operands cast to safely and whose outputs cast to the explicit
    outputs within their kind."""
    import numpy as np
    from numba.cuda.np.numpy_support import (  # pyright: ignore[reportMissingImports]
        from_dtype,
        ufunc_find_matching_loop,
    )

    numba_types = [from_dtype(np.dtype(t.name)) for t in operands]
    try:
        found = ufunc_find_matching_loop(function, numba_types)
    except Exception:
        found = None
    shown = ", ".join(str(t) for t in operands)
    if found is None or function.nout != 1:
        raise c.error(node, f"np.{function.__name__}() has no loop for ({shown})")
    inputs = [_element_of_numba(t) for t in found.inputs]
    output = _element_of_numba(found.outputs[0])
    if output is None or any(t is None for t in inputs):
        raise c.error(node, f"np.{function.__name__}() has no loop for ({shown})")
    return UfuncLoop(tuple(t for t in inputs if t is not None), output)


def _element_of_numba(t: Any) -> Element | None:
    name = "bool" if str(t) == "bool" else str(t)
    return BY_NAME.get(name) or COMPLEX_NAMES.get(name)


def numpy_cast(c: CallCompiler, node: ast.AST, value: Value, t: Element) -> Value:
    """numpy's cast of a number to `t`: a complex number cast to a real
    type keeps its real part (numba's `_Kernel.cast`)."""
    if isinstance(t, ComplexType):
        return c.as_complex(node, value, t)
    if isinstance(value, ComplexValue):
        return c.ops.convert(value.real, t)
    return c.ops.convert(c.as_scalar(node, value), t)


def ufunc_element(
    c: CallCompiler, node: ast.Call, name: str, values: Sequence[Value], loop: UfuncLoop
) -> Value:
    """The ufunc `name` of one element of each input, computed by `loop`:
    the inputs cast to its input types, the result of its output type."""
    xs = [numpy_cast(c, node, v, t) for v, t in zip(values, loop.inputs, strict=True)]
    if any(isinstance(x, ComplexValue) for x in xs):
        return _complex_ufunc_value(c, node, name, xs, loop)
    scalars = [c.as_scalar(node, x) for x in xs]
    assert isinstance(loop.output, ScalarType)
    return c.ops.convert(_ufunc_value(c, node, name, scalars, loop.output), loop.output)


def _ufunc_value(
    c: CallCompiler, node: ast.AST, name: str, xs: list[Scalar], result: ScalarType
) -> Scalar:
    x = xs[0]
    if name in _UFUNC_ARITHMETIC:
        return c.ops.binary(_UFUNC_ARITHMETIC[name], x, xs[1])
    if name in _UFUNC_BITWISE:
        return c.ops.binary(_UFUNC_BITWISE[name], x, xs[1])
    if name in _UFUNC_COMPARISONS:
        return _ufunc_compare(c, _UFUNC_COMPARISONS[name], x, xs[1])
    if name in _UFUNC_LOGICAL:
        truths = [c.ops.truthy(v).value for v in xs]
        return c.ops.scalar(_UFUNC_LOGICAL[name](*truths), BOOL)
    if name == "logical_not":
        return c.ops.not_(x)
    if name in ("invert", "bitwise_not"):
        return c.ops.invert(x)
    if name in ("isnan", "isinf", "isfinite"):
        return classify(c, name, x)
    if name == "negative":
        return c.ops.negate(x)
    if name == "positive":
        return x
    if name == "square":
        return c.ops.binary(ast.Mult, x, x)
    if name == "absolute" and not x.type.is_float:
        return c.ops.abs(x, result)
    if name in _UFUNC_EXTREMES:
        return _ufunc_extreme(c, name, xs)
    return _ufunc_float(c, node, name, xs, result)


def _ufunc_float(
    c: CallCompiler, node: ast.AST, name: str, xs: list[Scalar], result: ScalarType
) -> Scalar:
    x = xs[0]
    if not result.is_float:
        if name in ("floor", "ceil", "trunc", "rint"):
            return x  # an integer loop: the integer itself
        raise c.unsupported(node, f"np.{name} of {x.type}", "integer loop not mapped")
    if name == "reciprocal":
        return c.ops.binary(ast.Div, c.ops.const(1.0, result), x)
    if name in ("deg2rad", "radians", "rad2deg", "degrees"):
        to_radians = name in ("deg2rad", "radians")
        factor = pymath.pi / 180.0 if to_radians else 180.0 / pymath.pi
        return c.ops.binary(ast.Mult, x, c.ops.const(factor, result))
    if name in _UFUNC_FLOAT_BINARY:
        return _float_op(c, BINARY_BUILDERS[_UFUNC_FLOAT_BINARY[name]], xs, result)
    return _float_op(c, UNARY_BUILDERS[_UFUNC_FLOAT_UNARY[name]], xs, result)


def _ufunc_extreme(c: CallCompiler, name: str, xs: list[Scalar]) -> Scalar:
    x = xs[0]
    if x.type.is_bool:
        op = arith.OrIOp if "max" in name else arith.AndIOp
        return c.ops.scalar(op(x.value, xs[1].value), BOOL)
    if not x.type.is_float:
        return c.ops.min_max(xs, ast.Gt if "max" in name else ast.Lt)
    extreme = {
        "maximum": arith.MaximumfOp, "minimum": arith.MinimumfOp,
        "fmax": arith.MaxnumfOp, "fmin": arith.MinnumfOp,
    }[name]  # fmt: skip
    return c.ops.scalar(extreme(x.value, xs[1].value), x.type)


_MIXED_SIGN_NEGATIVE: dict[type[ast.cmpop], bool] = {
    ast.Gt: False, ast.GtE: False, ast.Lt: True, ast.LtE: True,
    ast.Eq: False, ast.NotEq: True,
}  # fmt: skip
"""`a <cmp> b` for a negative signed `a` and any unsigned `b`."""
_SWAPPED: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Gt: ast.Lt, ast.GtE: ast.LtE, ast.Lt: ast.Gt, ast.LtE: ast.GtE,
    ast.Eq: ast.Eq, ast.NotEq: ast.NotEq,
}  # fmt: skip


def _ufunc_compare(
    c: CallCompiler, kind: type[ast.cmpop], a: Scalar, b: Scalar
) -> Scalar:
    """A comparison loop: booleans compare unsigned; the mixed loops
    `qQ->?` and `Qq->?` (numba's `int_signed_unsigned_cmp`) give the
    signed operand's answer when it is negative, else compare unsigned."""
    if a.type.is_bool:
        a, b = c.ops.convert(a, UINT8), c.ops.convert(b, UINT8)
    if a.type == b.type:
        return c.ops.compare(kind, a, b)
    if a.type.is_unsigned:
        return _ufunc_compare(c, _SWAPPED[kind], b, a)
    negative = c.ops.compare(ast.Lt, a, c.ops.zero(a.type))
    unsigned = c.ops.compare(kind, c.ops.convert(a, b.type), b)
    answer = c.ops.const(_MIXED_SIGN_NEGATIVE[kind], BOOL)
    return c.ops.select(negative, answer, unsigned)


def _complex_ufunc_value(
    c: CallCompiler, node: ast.Call, name: str, xs: list[Value], loop: UfuncLoop
) -> Value:
    """A complex loop: cmath's implementation of a function; comparisons
    and extremes order complex numbers lexicographically, as numpy does."""
    complex_type = next(t for t in loop.inputs if isinstance(t, ComplexType))
    zs = [c.as_complex(node, x, complex_type) for x in xs]
    if name in _UFUNC_COMPLEX_UNARY:
        return _complex_function(c, node, _UFUNC_COMPLEX_UNARY[name], zs[0])
    if name in ("log2", "log10"):
        base = pymath.log(2.0) if name == "log2" else pymath.log(10.0)
        z = _complex_function(c, node, "log", zs[0])
        scale = c.ops.const(1.0 / base, z.type.part)
        mult = [c.ops.binary(ast.Mult, part, scale) for part in (z.real, z.imag)]
        return ComplexValue(mult[0], mult[1], z.type)
    if name in _UFUNC_COMPARISONS:
        return _complex_compare(c, _UFUNC_COMPARISONS[name], zs[0], zs[1])
    if name in _UFUNC_LOGICAL or name == "logical_not":
        truths = [_complex_truth(c, z) for z in zs]
        return _ufunc_value(c, node, name, truths, BOOL)
    if name in _UFUNC_EXTREMES:
        return _complex_extreme(c, name, zs[0], zs[1])
    if name in _UFUNC_ARITHMETIC and name not in ("floor_divide", "remainder", "mod"):
        return c.complex_binary(node, _UFUNC_ARITHMETIC[name], zs[0], zs[1])
    if name in ("isnan", "isinf", "isfinite"):
        return cmath_functions.apply(c, node, name, zs[0])
    return _complex_arithmetic(c, node, name, zs[0], loop)


def _complex_arithmetic(
    c: CallCompiler, node: ast.Call, name: str, z: ComplexValue, loop: UfuncLoop
) -> Value:
    """`absolute` (`F->f`: the hypotenuse of the parts), `negative`,
    `positive` and `square` of a complex number."""
    if name == "absolute":
        return _float_op(c, BINARY_BUILDERS["hypot"], [z.real, z.imag], z.type.part)
    if name == "negative":
        return ComplexValue(c.ops.negate(z.real), c.ops.negate(z.imag), z.type)
    if name == "positive":
        return z
    if name == "square":
        return c.complex_binary(node, ast.Mult, z, z)
    shown = ", ".join(str(t) for t in loop.inputs)
    raise c.unsupported(node, f"np.{name} of ({shown})", "complex loop not mapped")


def _complex_function(
    c: CallCompiler, node: ast.Call, name: str, z: ComplexValue
) -> ComplexValue:
    """cmath's `name` of `z`, of `z`'s type."""
    value = cmath_functions.apply(c, node, name, z)
    return c.as_complex(node, value, z.type)


def _complex_truth(c: CallCompiler, z: ComplexValue) -> Scalar:
    real, imag = c.ops.truthy(z.real), c.ops.truthy(z.imag)
    return c.ops.scalar(arith.OrIOp(real.value, imag.value), BOOL)


def _complex_compare(
    c: CallCompiler, kind: type[ast.cmpop], a: ComplexValue, b: ComplexValue
) -> Scalar:
    """numpy's order of complex numbers (`CGT` in its loops.c.src, numba's
    `np_complex_gt_impl`): `(ar > br and ai, bi not NaN) or (ar == br and
    ai > bi)`; `==` and `!=` compare both parts."""
    same_real = c.ops.compare(ast.Eq, a.real, b.real)
    same_imag = c.ops.compare(ast.Eq, a.imag, b.imag)
    if kind in (ast.Eq, ast.NotEq):
        both = _and(c, same_real, same_imag)
        return both if kind is ast.Eq else c.ops.not_(both)
    strict = {ast.GtE: ast.Gt, ast.LtE: ast.Lt}.get(kind, kind)
    ordered = c.ops.scalar(arith.CmpfOp(a.imag.value, b.imag.value, "ord"), BOOL)
    by_real = _and(c, c.ops.compare(strict, a.real, b.real), ordered)
    by_imag = _and(c, same_real, c.ops.compare(kind, a.imag, b.imag))
    return c.ops.scalar(arith.OrIOp(by_real.value, by_imag.value), BOOL)


def _and(c: CallCompiler, a: Scalar, b: Scalar) -> Scalar:
    return c.ops.scalar(arith.AndIOp(a.value, b.value), BOOL)


def _complex_extreme(
    c: CallCompiler, name: str, a: ComplexValue, b: ComplexValue
) -> ComplexValue:
    """numpy's `maximum`/`minimum` of complex numbers (a NaN part
    propagates) and `fmax`/`fmin` (a NaN part is ignored)."""
    kind = ast.GtE if "max" in name else ast.LtE
    keeps_a = _complex_compare(c, kind, a, b)
    a_nan = _complex_nan(c, a)
    b_nan = _complex_nan(c, b)
    if name in ("maximum", "minimum"):
        keeps_a = c.ops.scalar(arith.OrIOp(keeps_a.value, a_nan.value), BOOL)
    else:
        keeps_a = c.ops.scalar(arith.OrIOp(keeps_a.value, b_nan.value), BOOL)
    parts = [
        c.ops.select(keeps_a, x, y) for x, y in ((a.real, b.real), (a.imag, b.imag))
    ]
    return ComplexValue(parts[0], parts[1], a.type)


def _complex_nan(c: CallCompiler, z: ComplexValue) -> Scalar:
    return c.ops.scalar(arith.CmpfOp(z.real.value, z.imag.value, "uno"), BOOL)


# ---------------------------------------------------------------------------
# Half precision (`cuda.fp16`)
# ---------------------------------------------------------------------------

_FP16_ARITHMETIC: dict[str, type[ast.operator]] = {
    "hadd": ast.Add,
    "hsub": ast.Sub,
    "hmul": ast.Mult,
    "hdiv": ast.Div,
}
_FP16_COMPARISONS: dict[str, type[ast.cmpop]] = {
    "heq": ast.Eq,
    "hne": ast.NotEq,
    "hge": ast.GtE,
    "hgt": ast.Gt,
    "hle": ast.LtE,
    "hlt": ast.Lt,
}
_FP16_MATH = {
    "hsin": "sin",
    "hcos": "cos",
    "hlog": "log",
    "hlog2": "log2",
    "hlog10": "log10",
    "hexp": "exp",
    "hexp2": "exp2",
    "hexp10": "exp10",
    "hsqrt": "sqrt",
    "hrsqrt": "rsqrt",
    "hceil": "ceil",
    "hfloor": "floor",
    "htrunc": "trunc",
    "hrint": "rint",
    "habs": "fabs",
}
_FP16_ARITY = {
    **dict.fromkeys(_FP16_ARITHMETIC, 2),
    **dict.fromkeys(_FP16_COMPARISONS, 2),
    **dict.fromkeys(_FP16_MATH, 1),
    "hneg": 1,
    "hrcp": 1,
    "hfma": 3,
    "hmax": 2,
    "hmin": 2,
}


def _fp16(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`cuda.fp16.*`: numba-cuda types each on float16 arguments (others are
    converted, as its templates allow); arithmetic and comparisons are
    float16 operations (correctly rounded), `hfma` one rounding of the exact
    `a * b + c`, `hmax`/`hmin` return the other operand of a NaN (PTX
    `max.f16`), and the math functions compute in float32 and round back."""
    name = _short(path)
    args = [c.ops.convert(a, FLOAT16) for a in _numbers(c, node, _FP16_ARITY[name])]
    if name in _FP16_ARITHMETIC:
        return c.ops.binary(_FP16_ARITHMETIC[name], args[0], args[1])
    if name in _FP16_COMPARISONS:
        return c.ops.compare(_FP16_COMPARISONS[name], args[0], args[1])
    if name in _FP16_MATH:
        return _float_op(c, UNARY_BUILDERS[_FP16_MATH[name]], args, FLOAT16)
    if name == "hneg":
        return c.ops.negate(args[0])
    if name == "hrcp":
        return c.ops.binary(ast.Div, c.ops.const(1.0, FLOAT16), args[0])
    if name == "hfma":
        wide = [c.ops.convert(a, FLOAT64).value for a in args]
        exact = c.ops.scalar(math.FmaOp(wide[0], wide[1], wide[2]), FLOAT64)
        return c.ops.convert(exact, FLOAT16)
    op = arith.MaxnumfOp if name == "hmax" else arith.MinnumfOp
    return c.ops.scalar(op(args[0].value, args[1].value), FLOAT16)


# ---------------------------------------------------------------------------
# The operator module and cache hints: calls that spell an expression
# ---------------------------------------------------------------------------

_OPERATOR_BINARY: dict[str, type[ast.operator]] = {
    "add": ast.Add,
    "sub": ast.Sub,
    "mul": ast.Mult,
    "truediv": ast.Div,
    "floordiv": ast.FloorDiv,
    "mod": ast.Mod,
    "pow": ast.Pow,
    "lshift": ast.LShift,
    "rshift": ast.RShift,
    "and_": ast.BitAnd,
    "or_": ast.BitOr,
    "xor": ast.BitXor,
}
_OPERATOR_INPLACE = {
    f"i{name.rstrip('_')}": op for name, op in _OPERATOR_BINARY.items()
}
_OPERATOR_COMPARE: dict[str, type[ast.cmpop]] = {
    "lt": ast.Lt,
    "le": ast.LtE,
    "eq": ast.Eq,
    "ne": ast.NotEq,
    "ge": ast.GtE,
    "gt": ast.Gt,
}
_OPERATOR_UNARY: dict[str, type[ast.unaryop]] = {
    "neg": ast.USub,
    "pos": ast.UAdd,
    "invert": ast.Invert,
    "inv": ast.Invert,
    "not_": ast.Not,
}


def _operator(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`operator.add(a, b)` ...: the expression it names (`a + b`), typed and
    computed as numba-cuda does; the in-place forms of scalars are the
    binary ones (numbers are immutable)."""
    name = path.removeprefix("operator.")
    spelled = _spelled_operator(c, node, name)
    if spelled is None:
        raise c.unsupported(
            node,
            f"call to {path}",
            "the operator module's arithmetic, comparison and unary functions "
            "are supported",
        )
    if isinstance(spelled, ast.Call):
        return c.builtin_call(spelled, "bool" if name == "truth" else "abs")
    return c.expr(spelled)


def _spelled_operator(c: CallCompiler, node: ast.Call, name: str) -> ast.expr | None:
    """The expression `operator.<name>(...)` spells, located at `node`."""
    binary = _OPERATOR_BINARY.get(name) or _OPERATOR_INPLACE.get(name)
    compare = _OPERATOR_COMPARE.get(name)
    unary = _OPERATOR_UNARY.get(name)
    spelled: ast.expr
    if binary is not None:
        c.expect_args(node, 2)
        spelled = ast.BinOp(left=node.args[0], op=binary(), right=node.args[1])
    elif compare is not None:
        c.expect_args(node, 2)
        left, right = node.args
        spelled = ast.Compare(left=left, ops=[compare()], comparators=[right])
    elif unary is not None:
        c.expect_args(node, 1)
        spelled = ast.UnaryOp(op=unary(), operand=node.args[0])
    elif name in ("abs", "truth"):
        c.expect_args(node, 1)
        function = ast.Name(id="bool" if name == "truth" else "abs", ctx=ast.Load())
        spelled = ast.Call(
            func=ast.copy_location(function, node), args=node.args, keywords=[]
        )
    else:
        return None
    return ast.copy_location(spelled, node)


_LOAD_HINTS = tuple(f"ld{hint}" for hint in simt.LOAD_CACHE_HINTS)
_STORE_HINTS = tuple(f"st{hint}" for hint in simt.STORE_CACHE_HINTS)


def _cache_hint(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`cuda.ldcg(a, i)` loads `a[i]` and `cuda.stcg(a, i, v)` stores `v` there,
    typed as numba-cuda's `cache_hints.py` types them: an integer or float
    array, an integer index for a 1-D array, else a tuple of `a.ndim` integers.
    The cache hint (`ld.global.cg`, ...) changes where the data is cached, not
    what is read or written: the load or store is the plain one, carrying
    `simt.cache_hint` when the array is in global memory (numba-cuda emits
    `ld.global` whatever the array; on a shared, local or constant array
    that would read the wrong memory, so the hint is dropped there)."""
    name = path.removeprefix("cuda.")
    c.expect_args(node, 3 if name in _STORE_HINTS else 2)
    array = _hinted_array(c, node, path)
    indices = c.element_indices(array, _hinted_indices(c, node, name, array))
    if name in _LOAD_HINTS:
        loaded = c.load_element(array, indices)
        assert isinstance(loaded, Scalar) and isinstance(loaded.value.owner, Operation)
        _record_hint(loaded.value.owner, array, name)
        return loaded
    if array.type.space is MemorySpace.CONSTANT:
        raise c.error(node, f"{path} cannot write to constant array '{array.name}'")
    value = c.ops.convert(c.as_scalar(node, c.expr(node.args[2])), array.type.dtype)
    c.ops.add(
        _record_hint(memref.StoreOp.get(value.value, array.value, indices), array, name)
    )
    return StaticValue(None)


def _hinted_array(c: CallCompiler, node: ast.Call, path: str) -> ArrayValue:
    array = c.expr(node.args[0])
    if not isinstance(array, ArrayValue):
        raise c.unsupported(
            node,
            f"{path} of a value that is not an array",
            "cache-hinted loads and stores take an array and an index (simt has "
            "no pointers)",
        )
    element = array.type.dtype
    if array.type.complex or not (element.is_int or element.is_float):
        raise c.error(
            node,
            f"{path.removeprefix('cuda.')} requires array of integer or float type, "
            f"got {array.type.element}",
        )
    return array


def _hinted_indices(
    c: CallCompiler, node: ast.Call, name: str, array: ArrayValue
) -> Sequence[Value]:
    """The index of a cache-hinted access, checked as numba-cuda checks it."""
    index = c.expr(node.args[1])
    ndim = array.type.ndim
    if isinstance(index, TupleValue):
        parts: Sequence[Value] = index.items
        if len(parts) != ndim:
            raise c.error(node, f"{name}: Expected {ndim} indices, got {len(parts)}")
    elif ndim != 1:
        raise c.error(node, f"{name}: Expected {ndim} indices, got a scalar")
    else:
        parts = [index]
    for part in parts:
        if not (isinstance(part, Scalar) and part.type.is_int):
            raise c.error(node, f"{name}: {describe_value(index)} is not a valid index")
    return parts


def _record_hint(op: Operation, array: ArrayValue, name: str) -> Operation:
    """`op` with `simt.cache_hint` set when `array` is in global memory."""
    if array.type.space is MemorySpace.GLOBAL:
        op.attributes[simt.CACHE_HINT_ATTR] = StringAttr(name[2:])
    return op


# ---------------------------------------------------------------------------
# Vector types
# ---------------------------------------------------------------------------

_VECTOR_TYPE = re.compile(r"(u?int(?:8|16|32|64)|float(?:32|64))x([1-4])")
"""numba-cuda's vector type names (`cuda.float32x3`; the aliases such as
`cuda.short2` are the same objects, named `int16x2`)."""
_LANES = ("x", "y", "z", "w")


def _vector_type_name(attr: str) -> str | None:
    """The vector type `numba.cuda.<attr>` is (`short2` is `int16x2`), or None."""
    cuda = sys.modules.get("numba.cuda")
    found = getattr(cuda, attr, None) if cuda is not None else None
    name = found.__name__ if isinstance(found, type) else attr
    return name if _VECTOR_TYPE.fullmatch(name) else None


def _vector(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`cuda.float32x3(a, b, c)`, `cuda.int8x4(v2, a, b)`: a vector of 1 to 4
    numbers of one type, read as `.x`, `.y`, `.z`, `.w` (a named tuple). The
    arguments are numbers and vectors, flattened in order and converted to
    the element type, as numba-cuda's constructors take them."""
    name = _vector_type_name(path.removeprefix("cuda."))
    assert name is not None
    match = _VECTOR_TYPE.fullmatch(name)
    assert match is not None
    element, count = BY_NAME[match[1]], int(match[2])
    if node.keywords:
        raise c.error(node, f"cuda.{name}() takes no keyword arguments")
    parts: list[Scalar] = []
    for arg in node.args:
        value = c.expr(arg)
        if isinstance(value, TupleValue) and value.fields == _LANES[: len(value)]:
            items: Sequence[Value] = value.items
        else:
            items = [value]
        parts += [c.ops.convert(c.as_scalar(arg, item), element) for item in items]
    if len(parts) != count:
        raise c.error(
            node,
            f"cuda.{name}() expects {count} component(s) in numbers and vectors, "
            f"found {len(parts)}",
        )
    return TupleValue(tuple(parts), _LANES[:count])


# ---------------------------------------------------------------------------
# Cooperative groups
# ---------------------------------------------------------------------------


GRID_GROUP = "cuda.cg.grid_group"
"""The path of the value `cuda.cg.this_grid()` returns: a static value whose
only use is its `sync` method (numba-cuda's `GridGroup` has no other)."""


def _this_grid(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`cuda.cg.this_grid()`: the grid group, a compile-time value (numba-cuda's
    `cudaCGGetIntrinsicHandle` handle is never inspected by a kernel)."""
    c.expect_args(node, 0)
    return StaticValue(None, GRID_GROUP)


def _grid_sync(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`g.sync()` of a grid group: a grid-wide barrier (`simt.grid_barrier`).
    numba-cuda types its result int32 (cudaCGSynchronize's status, always 0);
    here it has no value, as `cuda.syncthreads()`."""
    c.expect_args(node, 0)
    c.ops.add(ops.GridBarrierOp())
    return StaticValue(None)


def _cooperative(c: CallCompiler, node: ast.Call, path: str) -> Value:
    raise c.unsupported(
        node,
        path,
        "numba-cuda's cooperative groups offer only cuda.cg.this_grid() and "
        "the grid group's sync()",
    )


INTRINSICS: dict[str, Handler] = {
    **{f"math.{f}": _math_unary for f in _MATH_UNARY},
    "math.radians": _angle,
    "math.degrees": _angle,
    "math.isnan": _classify,
    "math.isinf": _classify,
    "math.isfinite": _classify,
    **{f"math.{f}": _math_binary for f in (*_MATH_BINARY, "pow", "ldexp")},
    "math.frexp": _tuple_of_two,
    "math.modf": _tuple_of_two,
    "round": _round,
    "pow": _pow,
    "divmod": _divmod,
    **{f"cuda.atomic.{k}": _atomic for k in _ATOMIC_TYPES},
    "cuda.atomic.cas": _atomic_cas,
    "cuda.atomic.compare_and_swap": _compare_and_swap,
    **{f"cuda.{s}": _shuffle for s in _SHUFFLES},
    **{f"cuda.{v}": _vote for v in _VOTES},
    "cuda.match_any_sync": _match_any,
    "cuda.match_all_sync": _match_all,
    "cuda.activemask": _lane_mask(ops.ActiveMaskOp),
    "cuda.lanemask_lt": _lane_mask(ops.LaneMaskLtOp),
    **{f"cuda.{r}": _barrier_reduce for r in _REDUCTIONS},
    "cuda.syncwarp": _syncwarp,
    "cuda.threadfence": _fence(ops.FenceScope.DEVICE),
    "cuda.threadfence_block": _fence(ops.FenceScope.BLOCK),
    "cuda.threadfence_system": _fence(ops.FenceScope.SYSTEM),
    **{f"cuda.{b}": _bits for b in ("popc", "clz", "ffs", "brev")},
    "cuda.cbrt": _cbrt,
    "cuda.fma": _fma,
    "cuda.selp": _selp,
    **{f"cuda.fp16.{name}": _fp16 for name in _FP16_ARITY},
    **{f"np.{name}": _ufunc for name in UFUNCS},
    "cuda.cg.this_grid": _this_grid,
    f"{GRID_GROUP}.sync": _grid_sync,
    **{f"cuda.{name}": _cache_hint for name in (*_LOAD_HINTS, *_STORE_HINTS)},
    "cuda.cg.this_thread_block": _cooperative,
}
"""Handlers of part 2's calls, by canonical callee path (`cuda.libdevice.*`
and `operator.*` are matched by prefix in `intrinsic_handler`)."""


def intrinsic_handler(path: str) -> Handler | None:
    """The handler of a callee path, if it is one of part 2's calls."""
    found = INTRINSICS.get(path)
    if found is not None:
        return found
    if path.startswith("cuda.libdevice."):
        return _libdevice
    if path.startswith("cuda.cg."):
        return _cooperative
    if path.startswith("operator."):
        return _operator
    if path.startswith("cmath."):
        return cmath_functions.call
    if path.startswith("cuda.") and _vector_type_name(path.removeprefix("cuda.")):
        return _vector
    return None
