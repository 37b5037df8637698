"""numba-cuda's math library, atomics and warp primitives in kernels.

`INTRINSICS` maps the Python callee (`math.hypot`, `cuda.atomic.max`,
`cuda.shfl_down_sync`, ...) to a handler `(compiler, call) -> value`;
`ExpressionCompiler._call` looks it up before its own table, and
`STATEMENTS` (`cuda.syncwarp`, `cuda.threadfence*`) are calls without a
value that the statement compiler runs. Argument counts and types are
checked with located errors.

Typing is numba-cuda's (`numba/cuda/cudamath.py`, `cudadecl.py`; checked
against its typing context in `tests/frontend/test_intrinsics.py`):

* unary `math` functions: float32 -> float32, float64 -> float64, an
  integer or bool -> float64 (numba's int64 overload); `isnan`/`isinf`/
  `isfinite` -> bool (constant for integers);
* `atan2`, `hypot`: float32 when both operands are float32 (or bool), else
  float64; `copysign`, `fmod`, `remainder`, `nextafter`: the same, on floats;
* `math.pow(x, n)` with an int32 exponent: libdevice's `powi` on float32
  (for a float32 base) or float64; otherwise `pow` as for `atan2`;
  `ldexp(x, n)`: float32 or float64 by `x`, `n` as int32;
* `round(x)`: int64 (half to even) for floats, the integer itself else;
  `pow(a, b)` is `a ** b`; `x ** y` with a non-constant exponent is
  `math.fpowi` for a float base and an integer exponent (the exponent
  truncated to int32, as libdevice's `powi` takes it) and `math.powf`
  when the exponent is a float;
* atomics: the value is cast to the array's element type and the old
  value returned; `cas(a, i, old, new)`, `compare_and_swap(a, old, new)`
  (element 0 of a 1-D array);
* warp primitives: masks are cast to int32 (their bits), predicates to
  bool; `shfl_*_sync` keeps the value's type (int32/int64/float32/float64,
  a bool as int32), votes give bool, `ballot_sync`/`activemask`/
  `lanemask_lt`/`match_any_sync` an int32 mask (numba types them uint32,
  which this frontend does not have: the bits are the same); `clz`,
  `popc` and `brev` keep the operand's type, `ffs` gives int32;
  `fma(a, b, c)` unifies the operands; `selp(p, a, b)` is `a if p else b`
  with both evaluated.

Not here: `math.frexp`/`math.modf`/`divmod` (they return tuples, which
this frontend does not have), `round(x, ndigits)`, `int ** int` with a
non-constant exponent, `numba.cuda.random` and cooperative groups
(`cuda.cg`), each a located error.
"""

from __future__ import annotations

import ast
import math as pymath
from collections.abc import Callable
from typing import TYPE_CHECKING

from xdsl.dialects import arith, math
from xdsl.dialects.builtin import f32, f64, i1, i32, i64
from xdsl.ir import Attribute, Operation, SSAValue

from simt.dialects import intrinsics as ops
from simt.frontend.typing import is_bool, is_float, is_integral, type_name, unify_all

if TYPE_CHECKING:
    from simt.frontend.expressions import ExpressionCompiler

Handler = Callable[["ExpressionCompiler", ast.Call], SSAValue]

# ---------------------------------------------------------------------------
# Typing (numba-cuda's templates)
# ---------------------------------------------------------------------------


def unary_float(t: Attribute) -> Attribute:
    """The overload of a unary `math` function: f32 for f32, else f64."""
    return f32 if t == f32 else f64


def binary_float(a: Attribute, b: Attribute) -> Attribute:
    """The overload of `atan2`, `hypot`, `copysign`, ...: f32 iff both
    operands convert safely to f32 and one is f32."""
    narrow = {a, b} <= {f32, i1} and f32 in (a, b)
    return f32 if narrow else f64


def pow_overload(base: Attribute, exponent: Attribute) -> tuple[Attribute, Attribute]:
    """`math.pow`: (base type, exponent type) of numba's chosen case."""
    if exponent in (i32, i1) and not is_float(exponent):
        return unary_float(base), i32
    common = binary_float(base, exponent)
    return common, common


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _name(node: ast.Call) -> str:
    return ast.unparse(node.func)


def _args(c: ExpressionCompiler, node: ast.Call, count: int) -> list[SSAValue]:
    c._expect_args(node, count)  # pyright: ignore[reportPrivateUsage]
    values = [c.expr(arg) for arg in node.args]
    for arg, value in zip(node.args, values, strict=True):
        if not (is_float(value.type) or is_integral(value.type)):
            raise c.locator.error(
                arg, f"{_name(node)}() expects numbers, found {type_name(value.type)}"
            )
    return values


def _emit(c: ExpressionCompiler, op: Operation) -> SSAValue:
    return c.ops.value(op)


# ---------------------------------------------------------------------------
# math
# ---------------------------------------------------------------------------

_UPSTREAM_UNARY: dict[str, type[Operation]] = {
    "sin": math.SinOp,
    "cos": math.CosOp,
    "tan": math.TanOp,
    "asin": math.AsinOp,
    "acos": math.AcosOp,
    "atan": math.AtanOp,
    "sinh": math.SinhOp,
    "cosh": math.CoshOp,
    "tanh": math.TanhOp,
    "asinh": math.AsinhOp,
    "acosh": math.AcoshOp,
    "atanh": math.AtanhOp,
    "exp2": math.Exp2Op,
    "expm1": math.ExpM1Op,
    "log2": math.Log2Op,
    "log10": math.Log10Op,
    "log1p": math.Log1pOp,
    "erf": math.ErfOp,
    "fabs": math.AbsFOp,
    "trunc": math.TruncOp,
}
_LIBM_UNARY = {"erfc": "erfc", "gamma": "tgamma", "lgamma": "lgamma"}
_BINARY_UPSTREAM: dict[str, type[Operation]] = {
    "atan2": math.Atan2Op,
    "copysign": math.CopySignOp,
}
_LIBM_BINARY = ("hypot", "fmod", "remainder", "nextafter")


def _math_unary(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    (value,) = _args(c, node, 1)
    fn = _name(node).split(".")[-1]
    argument = c.ops.convert(value, unary_float(value.type))
    if fn in _UPSTREAM_UNARY:
        op_class: type[Operation] = _UPSTREAM_UNARY[fn]
        return _emit(c, op_class(argument))  # pyright: ignore[reportCallIssue]
    return _emit(c, ops.LibmOp(_LIBM_UNARY[fn], [argument]))


def _angle(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    """`radians`/`degrees`: a product with the constant in the argument's type."""
    (value,) = _args(c, node, 1)
    argument = c.ops.convert(value, unary_float(value.type))
    factor = pymath.pi / 180.0 if _name(node).endswith("radians") else 180.0 / pymath.pi
    return c.ops.binary(ast.Mult, argument, c.ops.const(factor, argument.type))


def _math_binary(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    a, b = _args(c, node, 2)
    fn = _name(node).split(".")[-1]
    common = binary_float(a.type, b.type)
    x, y = c.ops.convert(a, common), c.ops.convert(b, common)
    if fn in _BINARY_UPSTREAM:
        op_class: type[Operation] = _BINARY_UPSTREAM[fn]
        return _emit(c, op_class(x, y))  # pyright: ignore[reportCallIssue]
    return _emit(c, ops.LibmOp(fn, [x, y]))


def _math_pow(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    base, exponent = _args(c, node, 2)
    base_type, exponent_type = pow_overload(base.type, exponent.type)
    x = c.ops.convert(base, base_type)
    y = c.ops.convert(exponent, exponent_type)
    if exponent_type == i32:
        return _emit(c, math.FPowIOp(x, y))
    return _emit(c, math.PowFOp(x, y))


def _ldexp(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    value, exponent = _args(c, node, 2)
    if not is_integral(exponent.type):
        raise c.locator.error(
            node.args[1],
            f"math.ldexp() expects an integer exponent, found {type_name(exponent.type)}",
        )
    x = c.ops.convert(value, unary_float(value.type))
    return _emit(c, ops.LibmOp("ldexp", [x, c.ops.convert(exponent, i32)]))


def _classify(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    """`isnan`/`isinf`/`isfinite` as float comparisons (integers: constants)."""
    (value,) = _args(c, node, 1)
    fn = _name(node).split(".")[-1]
    if not is_float(value.type):
        return c.ops.const(fn == "isfinite", i1)
    if fn == "isnan":
        return _emit(c, arith.CmpfOp(value, value, "uno"))
    magnitude = _emit(c, math.AbsFOp(value))
    infinity = c.ops.const(pymath.inf, value.type)
    predicate = "oeq" if fn == "isinf" else "olt"
    return _emit(c, arith.CmpfOp(magnitude, infinity, predicate))


def _tuple_result(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    raise c.locator.unsupported(
        node, f"{_name(node)}()", "it returns a tuple, which kernels cannot hold yet"
    )


# ---------------------------------------------------------------------------
# Builtins: round, pow
# ---------------------------------------------------------------------------


def _round(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    if len(node.args) == 2:
        raise c.locator.unsupported(
            node, "round(x, ndigits)", "only round(x) is supported"
        )
    (value,) = _args(c, node, 1)
    if not is_float(value.type):
        return value if not is_bool(value.type) else c.ops.convert(value, i64)
    return c.ops.convert(_emit(c, math.RoundEvenOp(value)), i64)


def power(
    c: ExpressionCompiler, node: ast.AST, base: SSAValue, exponent: SSAValue
) -> SSAValue:
    """`base ** exponent` for a non-constant exponent, typed as numba does."""
    if is_integral(base.type) and is_integral(exponent.type):
        raise c.locator.unsupported(
            node,
            "operator **",
            "an integer power needs a constant exponent in [0, 64]",
        )
    if is_integral(exponent.type):
        exponent32 = c.ops.convert(exponent, i32)
        return _emit(c, math.FPowIOp(base, exponent32))
    common = binary_float(base.type, exponent.type)
    x, y = c.ops.convert(base, common), c.ops.convert(exponent, common)
    return _emit(c, math.PowFOp(x, y))


def _pow_builtin(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    c._expect_args(node, 2)  # pyright: ignore[reportPrivateUsage]
    return c.power_of(node, c.expr(node.args[0]), node.args[1])


# ---------------------------------------------------------------------------
# Atomics
# ---------------------------------------------------------------------------

_ATOMIC_KINDS: dict[str, tuple[ops.AtomicKind, ops.AtomicKind]] = {
    "add": (ops.AtomicKind.ADD, ops.AtomicKind.ADD),
    "sub": (ops.AtomicKind.SUB, ops.AtomicKind.SUB),
    "max": (ops.AtomicKind.MAX, ops.AtomicKind.MAX),
    "min": (ops.AtomicKind.MIN, ops.AtomicKind.MIN),
    "nanmax": (ops.AtomicKind.MAX, ops.AtomicKind.NANMAX),
    "nanmin": (ops.AtomicKind.MIN, ops.AtomicKind.NANMIN),
    "and_": (ops.AtomicKind.AND, ops.AtomicKind.AND),
    "or_": (ops.AtomicKind.OR, ops.AtomicKind.OR),
    "xor": (ops.AtomicKind.XOR, ops.AtomicKind.XOR),
    "exch": (ops.AtomicKind.EXCH, ops.AtomicKind.EXCH),
    "inc": (ops.AtomicKind.INC, ops.AtomicKind.INC),
    "dec": (ops.AtomicKind.DEC, ops.AtomicKind.DEC),
}
"""`cuda.atomic.<name>`: the kind on integer and on float arrays (numba
applies nanmax/nanmin to integers as max/min). An unsigned array's
max/min are `umax`/`umin` (`atomic_kind`)."""

_INTEGER_ONLY = {"and_", "or_", "xor", "exch", "inc", "dec"}


def atomic_kind(name: str, is_float: bool, is_unsigned: bool = False) -> ops.AtomicKind:
    """The `simt.atomic` kind of `cuda.atomic.<name>` on an element type."""
    kind = _ATOMIC_KINDS[name][1 if is_float else 0]
    if is_unsigned and kind is ops.AtomicKind.MAX:
        return ops.AtomicKind.UMAX
    if is_unsigned and kind is ops.AtomicKind.MIN:
        return ops.AtomicKind.UMIN
    return kind


def _element_index(
    c: ExpressionCompiler, node: ast.Call, array_node: ast.expr, index: ast.expr
) -> tuple[SSAValue, SSAValue, Attribute]:
    array = c.array(array_node)
    if isinstance(index, ast.Tuple | ast.Slice):
        raise c.locator.unsupported(index, ast.unparse(index), "kernel arrays are 1-D")
    return array.value, c.index_value(array, index), array.element


def _atomic(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    name = _name(node).split(".")[-1]
    c._expect_args(node, 3)  # pyright: ignore[reportPrivateUsage]
    memref, index, element = _element_index(c, node, node.args[0], node.args[1])
    floating = is_float(element)
    if floating and name in _INTEGER_ONLY:
        raise c.locator.error(
            node,
            f"cuda.atomic.{name} expects an integer array, found {type_name(element)}",
        )
    value = c.ops.convert(c.expr(node.args[2]), element)
    return _emit(c, ops.AtomicOp(atomic_kind(name, floating), value, memref, [index]))


def _cas(
    c: ExpressionCompiler,
    node: ast.Call,
    array: ast.expr,
    index: ast.expr | None,
    rest: list[ast.expr],
) -> SSAValue:
    if index is None:
        memref_value = c.array(array)
        memref, element = memref_value.value, memref_value.element
        position = c.ops.to_index(c.ops.const(0, i64))
    else:
        memref, position, element = _element_index(c, node, array, index)
    if not is_integral(element) or is_bool(element):
        raise c.locator.error(
            node, f"{_name(node)} expects an integer array, found {type_name(element)}"
        )
    compare, value = (c.ops.convert(c.expr(e), element) for e in rest)
    return _emit(c, ops.AtomicCASOp(compare, value, memref, [position]))


def _atomic_cas(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    c._expect_args(node, 4)  # pyright: ignore[reportPrivateUsage]
    return _cas(c, node, node.args[0], node.args[1], list(node.args[2:]))


def _compare_and_swap(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    c._expect_args(node, 3)  # pyright: ignore[reportPrivateUsage]
    return _cas(c, node, node.args[0], None, list(node.args[1:]))


# ---------------------------------------------------------------------------
# Warp and block primitives
# ---------------------------------------------------------------------------


def _mask(c: ExpressionCompiler, node: ast.expr) -> SSAValue:
    value = c.expr(node)
    if not is_integral(value.type):
        raise c.locator.error(
            node, f"expected an integer member mask, found {type_name(value.type)}"
        )
    return c.ops.convert(value, i32)


_SHUFFLES = {
    "shfl_sync": ops.ShuffleMode.IDX,
    "shfl_up_sync": ops.ShuffleMode.UP,
    "shfl_down_sync": ops.ShuffleMode.DOWN,
    "shfl_xor_sync": ops.ShuffleMode.XOR,
}


def _shuffle(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    c._expect_args(node, 3)  # pyright: ignore[reportPrivateUsage]
    mask = _mask(c, node.args[0])
    value = c.expr(node.args[1])
    if is_bool(value.type):
        value = c.ops.convert(value, i32)
    offset = c.ops.convert(c.expr(node.args[2]), i32)
    mode = _SHUFFLES[_name(node).split(".")[-1]]
    return _emit(c, ops.ShuffleOp(mode, mask, value, offset))


_VOTES = {
    "any_sync": ops.VoteMode.ANY,
    "all_sync": ops.VoteMode.ALL,
    "eq_sync": ops.VoteMode.EQ,
    "ballot_sync": ops.VoteMode.BALLOT,
}


def _vote(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    c._expect_args(node, 2)  # pyright: ignore[reportPrivateUsage]
    mask = node.args[0]
    fn = _name(node).split(".")[-1]
    full = isinstance(mask, ast.Constant) and mask.value == 0xFFFFFFFF
    if full and fn != "eq_sync":
        return c._vote(node)  # pyright: ignore[reportPrivateUsage]
    predicate = c.ops.truthy(c.expr(node.args[1]))
    return _emit(c, ops.VoteSyncOp(_VOTES[fn], _mask(c, mask), predicate))


def _match(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    c._expect_args(node, 2)  # pyright: ignore[reportPrivateUsage]
    mask = _mask(c, node.args[0])
    value = c.expr(node.args[1])
    if is_bool(value.type):
        value = c.ops.convert(value, i32)
    if _name(node).endswith("match_all_sync"):
        raise c.locator.unsupported(
            node,
            "cuda.match_all_sync",
            "it returns a tuple, which kernels cannot hold yet",
        )
    return _emit(c, ops.MatchAnyOp(mask, value))


def _no_args(op_class: Callable[[], Operation]) -> Handler:
    def handler(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
        c._expect_args(node, 0)  # pyright: ignore[reportPrivateUsage]
        return _emit(c, op_class())

    return handler


def _barrier_reduce(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    c._expect_args(node, 1)  # pyright: ignore[reportPrivateUsage]
    predicate = c.ops.truthy(c.expr(node.args[0]))
    reduction = ops.BarrierReduction(_name(node).split("_")[-1])
    return _emit(c, ops.BarrierReduceOp(reduction, predicate))


def _int_unary(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    """`clz`, `popc`, `ffs`, `brev` on int32/int64 (bool as int32)."""
    (value,) = _args(c, node, 1)
    if is_float(value.type):
        raise c.locator.error(
            node, f"{_name(node)}() expects an integer, found {type_name(value.type)}"
        )
    x = c.ops.convert(value, i32) if is_bool(value.type) else value
    fn = _name(node).split(".")[-1]
    if fn == "clz":
        return _emit(c, math.CountLeadingZerosOp(x))
    if fn == "popc":
        return _emit(c, math.CtPopOp(x))
    if fn == "brev":
        return _emit(c, ops.BitReverseOp(x))
    return _ffs(c, x)


def _ffs(c: ExpressionCompiler, x: SSAValue) -> SSAValue:
    """`ffs(x)`: 1 + the index of the lowest set bit, 0 for 0 (an int32)."""
    trailing = c.ops.convert(_emit(c, math.CountTrailingZerosOp(x)), i32)
    one = c.ops.const(1, i32)
    position = c.ops.binary(ast.Add, trailing, one)
    is_zero = _emit(c, arith.CmpiOp(x, c.ops.zero(x.type), "eq"))
    return _emit(c, arith.SelectOp(is_zero, c.ops.zero(i32), position))


def _fma(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    values = _args(c, node, 3)
    common = unify_all([v.type for v in values])
    if not is_float(common):
        common = f64
    a, b, d = (c.ops.convert(v, common) for v in values)
    return _emit(c, math.FmaOp(a, b, d))


def _selp(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
    c._expect_args(node, 3)  # pyright: ignore[reportPrivateUsage]
    predicate = c.ops.truthy(c.expr(node.args[0]))
    a, b = c.expr(node.args[1]), c.expr(node.args[2])
    common = unify_all([a.type, b.type])
    x, y = c.ops.convert(a, common), c.ops.convert(b, common)
    return _emit(c, arith.SelectOp(predicate, x, y))


def _not_supported(why: str) -> Handler:
    def handler(c: ExpressionCompiler, node: ast.Call) -> SSAValue:
        raise c.locator.unsupported(node, _name(node), why)

    return handler


INTRINSICS: dict[str, Handler] = {
    **dict.fromkeys((f"math.{f}" for f in _UPSTREAM_UNARY), _math_unary),
    **dict.fromkeys((f"math.{f}" for f in _LIBM_UNARY), _math_unary),
    "math.radians": _angle,
    "math.degrees": _angle,
    **dict.fromkeys((f"math.{f}" for f in _BINARY_UPSTREAM), _math_binary),
    **dict.fromkeys((f"math.{f}" for f in _LIBM_BINARY), _math_binary),
    "math.hypot": _math_binary,
    "math.pow": _math_pow,
    "math.ldexp": _ldexp,
    "math.isnan": _classify,
    "math.isinf": _classify,
    "math.isfinite": _classify,
    "math.frexp": _tuple_result,
    "math.modf": _tuple_result,
    "divmod": _tuple_result,
    "round": _round,
    "pow": _pow_builtin,
    **dict.fromkeys((f"cuda.atomic.{k}" for k in _ATOMIC_KINDS if k != "add"), _atomic),
    "cuda.atomic.cas": _atomic_cas,
    "cuda.atomic.compare_and_swap": _compare_and_swap,
    **dict.fromkeys((f"cuda.{s}" for s in _SHUFFLES), _shuffle),
    **dict.fromkeys((f"cuda.{v}" for v in _VOTES), _vote),
    "cuda.match_any_sync": _match,
    "cuda.match_all_sync": _match,
    "cuda.activemask": _no_args(ops.ActiveMaskOp),
    "cuda.lanemask_lt": _no_args(ops.LaneMaskLtOp),
    "cuda.syncthreads_count": _barrier_reduce,
    "cuda.syncthreads_and": _barrier_reduce,
    "cuda.syncthreads_or": _barrier_reduce,
    **dict.fromkeys(("cuda.clz", "cuda.popc", "cuda.ffs", "cuda.brev"), _int_unary),
    "cuda.fma": _fma,
    "cuda.selp": _selp,
    "cuda.cg.this_grid": _not_supported(
        "cooperative groups (grid-wide synchronization) are not supported"
    ),
}
"""Handlers of the calls with a value, by callee name."""


def _syncwarp(c: ExpressionCompiler, node: ast.Call) -> None:
    if len(node.args) > 1:
        raise c.locator.error(
            node, f"cuda.syncwarp() expects 0 or 1 argument(s), found {len(node.args)}"
        )
    mask = _mask(c, node.args[0]) if node.args else c.ops.const(-1, i32)
    c.ops.add(ops.SyncWarpOp(mask))


def _fence(scope: ops.FenceScope) -> Callable[[ExpressionCompiler, ast.Call], None]:
    def handler(c: ExpressionCompiler, node: ast.Call) -> None:
        c._expect_args(node, 0)  # pyright: ignore[reportPrivateUsage]
        c.ops.add(ops.FenceOp(scope))

    return handler


STATEMENTS: dict[str, Callable[[ExpressionCompiler, ast.Call], None]] = {
    "cuda.syncwarp": _syncwarp,
    "cuda.threadfence": _fence(ops.FenceScope.DEVICE),
    "cuda.threadfence_block": _fence(ops.FenceScope.BLOCK),
    "cuda.threadfence_system": _fence(ops.FenceScope.SYSTEM),
}
"""Calls without a value (statements), by callee name."""


def run_statement(c: ExpressionCompiler, node: ast.Call, name: str | None) -> bool:
    """Compiles `node` if it is one of `STATEMENTS`; returns whether it was."""
    handler = STATEMENTS.get(name) if name is not None else None
    if handler is None:
        return False
    previous = c.at(node)
    handler(c, node)
    c.ops.node = previous
    return True
