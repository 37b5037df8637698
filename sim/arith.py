"""Lane semantics of the `arith` and `math` ops, vectorized over lane slots.

Each builder takes an op and returns a function from the operand values and
the active mask to the result value. The semantics follow MLIR's arith
dialect as LLVM implements it for NVPTX:

- integers are two's complement of their bit width; `addi`, `subi`, `muli`,
  `shli` wrap; `divsi`/`remsi` truncate toward zero, `floordivsi` rounds
  down, `ceildivsi`/`ceildivui` up; the unsigned ops reinterpret the bits;
- where LLVM has undefined behaviour or poison, an active lane faults
  instead of producing a value: division or remainder by zero, signed
  division overflow (`INT_MIN / -1`), a shift amount not below the bit width,
  `fptosi`/`fptoui` of NaN, infinity or a value out of the target's range;
- floats compute in their own precision (`f32` rounds to `f32` after every
  op, as the GPU does); IEEE division by zero gives infinities and NaNs and
  is no fault; `maximumf`/`minimumf` propagate NaN, `maxnumf`/`minnumf`
  ignore it.

Inactive lanes may compute garbage (their results are never read); only the
active lanes are checked for faults. A fault raises `LaneFault` with the slot
and a description; the machine turns it into a `SimulationError` that names
the op, its location and the thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr
from xdsl.ir import Attribute, Operation

from simt.dialects.canonicalization import int_width
from simt.sim.values import (
    ExecMask,
    Value,
    bitcast,
    dtype_of,
    is_scalar,
    signed_dtype,
    unsigned_dtype,
)

Compute = Callable[[tuple[Value, ...], ExecMask], Value]
Builder = Callable[[Operation], Compute]


class LaneFault(Exception):
    """A fault of one active lane; the machine adds the op and the thread."""

    def __init__(self, slot: int, what: str) -> None:
        super().__init__(what)
        self.slot = slot
        self.what = what


class Unsupported(Exception):
    """An op or type the simulator cannot execute; the machine names the op."""


def _dtype(type_: Attribute) -> np.dtype[Any]:
    found = dtype_of(type_)
    if found is None:
        raise Unsupported(f"values of type {type_} are not supported")
    return found


def _width(type_: Attribute) -> int:
    width = int_width(type_)
    if width is None or (width != 1 and width not in (8, 16, 32, 64)):
        raise Unsupported(f"integer type {type_} is not supported")
    return width


# ---------------------------------------------------------------------------
# Integer views: i1 is stored as bool, the rest in their signed dtype.
# ---------------------------------------------------------------------------


def _signed(x: Value, width: int) -> Value:
    """The signed value (i1 true is -1)."""
    if width == 1:
        return -np.asarray(x, dtype=np.int8) if not is_scalar(x) else -np.int8(x)
    return x


def _unsigned(x: Value, width: int) -> Value:
    if width == 1:
        return np.asarray(x, dtype=np.uint8) if not is_scalar(x) else np.uint8(x)
    return bitcast(x, unsigned_dtype(width))


def _from_signed(x: Value, width: int) -> Value:
    """Back to storage from a (possibly wider) signed computation: wraps."""
    if width == 1:
        return (x & 1).astype(np.bool_)
    return x.astype(signed_dtype(width))


def _from_unsigned(x: Value, width: int) -> Value:
    if width == 1:
        return (x & 1).astype(np.bool_)
    return bitcast(x.astype(unsigned_dtype(width)), signed_dtype(width))


def _first_bad(bad: Value, mask: ExecMask) -> int | None:
    if is_scalar(bad):
        return int(mask.indices[0]) if bool(bad) and mask.any else None
    return mask.first_where(bad)


def _check(bad: Value, mask: ExecMask, what: Callable[[int], str]) -> None:
    slot = _first_bad(bad, mask)
    if slot is not None:
        raise LaneFault(slot, what(slot))


def _lane_value(value: Value, slot: int) -> Any:
    return value.item() if is_scalar(value) else value[slot].item()


# ---------------------------------------------------------------------------
# Integer arithmetic
# ---------------------------------------------------------------------------

_WRAPPING: dict[str, Callable[[Any, Any], Any]] = {
    "arith.addi": np.add,
    "arith.subi": np.subtract,
    "arith.muli": np.multiply,
}
_BITWISE: dict[str, Callable[[Any, Any], Any]] = {
    "arith.andi": np.bitwise_and,
    "arith.ori": np.bitwise_or,
    "arith.xori": np.bitwise_xor,
}


def _build_wrapping(op: Operation) -> Compute:
    width = _width(op.results[0].type)
    fn = _WRAPPING[op.name]
    if width != 1:
        return lambda a, m: fn(a[0], a[1])
    return lambda a, m: _from_signed(fn(_signed(a[0], 1), _signed(a[1], 1)), 1)


def _build_bitwise(op: Operation) -> Compute:
    _width(op.results[0].type)
    fn = _BITWISE[op.name]
    return lambda a, m: fn(a[0], a[1])


def _check_divisor(b: Value, mask: ExecMask) -> None:
    if not is_scalar(b) and b.all():
        return
    _check(b == 0, mask, lambda s: "division by zero")


def _check_overflow(a: Value, b: Value, mask: ExecMask, width: int) -> None:
    minus_one = _signed(b, width) == -1
    if not np.any(minus_one):
        return
    lowest = -(1 << (width - 1))
    bad = (_signed(a, width) == lowest) & minus_one
    _check(bad, mask, lambda s: f"signed division overflow: {lowest} / -1")


_SIGNED_DIVISIONS: dict[str, Callable[[Any, Any], Any]] = {
    "rem": np.fmod,
    "div": lambda x, y: (x - np.fmod(x, y)) // y,
    "floordiv": np.floor_divide,
    "ceildiv": lambda x, y: _ceil_from_floor(x, y, np.floor_divide(x, y)),
}
"""On the stored two's complement dtype: `fmod` is C's truncating remainder,
so `x - fmod(x, y)` is an exact multiple of `y` and floor division of it
truncates. A zero divisor in an inactive lane gives 0 (numpy), never read."""


def _ceil_from_floor(x: Any, y: Any, floor: Any) -> Any:
    return floor + (floor * y != x)


def _signed_division(op: Operation, kind: str) -> Compute:
    width = _width(op.results[0].type)
    divide = _SIGNED_DIVISIONS[kind]

    def compute(a: tuple[Value, ...], m: ExecMask) -> Value:
        _check_divisor(a[1], m)
        if kind != "rem":
            _check_overflow(a[0], a[1], m, width)
        if width != 1:
            return np.asarray(divide(a[0], a[1]))[()]
        x = np.asarray(_signed(a[0], width), dtype=np.int64)
        y = np.asarray(_signed(a[1], width), dtype=np.int64)
        return _from_signed(np.asarray(divide(x, y)), width)[()]

    return compute


_UNSIGNED_DIVISIONS: dict[str, Callable[[Any, Any], Any]] = {
    "div": np.floor_divide,
    "rem": np.remainder,
    "ceildiv": lambda x, y: _ceil_from_floor(x, y, np.floor_divide(x, y)),
}


def _unsigned_division(op: Operation, kind: str) -> Compute:
    width = _width(op.results[0].type)
    divide = _UNSIGNED_DIVISIONS[kind]

    def compute(a: tuple[Value, ...], m: ExecMask) -> Value:
        _check_divisor(a[1], m)
        result = divide(_unsigned(a[0], width), _unsigned(a[1], width))
        return _from_unsigned(np.asarray(result), width)[()]

    return compute


def _build_shift(op: Operation) -> Compute:
    width = _width(op.results[0].type)
    name = op.name

    def compute(a: tuple[Value, ...], m: ExecMask) -> Value:
        amount = _unsigned(a[1], width)
        _check(
            amount >= width,
            m,
            lambda s: (
                f"shift amount {_lane_value(amount, s)} is not below the "
                f"bit width {width}"
            ),
        )
        if is_scalar(amount) and width != 1:
            return _shift_uniform(name, a[0], int(amount), width)
        safe = np.where(amount >= width, 0, amount).astype(np.uint64)
        return _shift(name, a[0], safe, width)

    return compute


def _shift_uniform(name: str, x: Value, amount: int, width: int) -> Value:
    """A shift by the same in-range amount in every lane, in the stored dtype
    (numpy shifts signed integers arithmetically and wraps left shifts)."""
    if name == "arith.shli":
        return np.left_shift(x, amount, dtype=np.asarray(x).dtype)
    if name == "arith.shrsi":
        return np.right_shift(x, amount, dtype=np.asarray(x).dtype)
    unsigned = _unsigned(x, width)
    return bitcast(
        np.right_shift(unsigned, amount, dtype=unsigned.dtype), signed_dtype(width)
    )


def _shift(name: str, x: Value, amount: Any, width: int) -> Value:
    if name == "arith.shli":
        wide = np.asarray(_unsigned(x, width), dtype=np.uint64) << amount
        return _from_unsigned(wide, width)
    if name == "arith.shrui":
        wide = np.asarray(_unsigned(x, width), dtype=np.uint64) >> amount
        return _from_unsigned(wide, width)
    wide = np.asarray(_signed(x, width), dtype=np.int64) >> amount.astype(np.int64)
    return _from_signed(wide, width)


_MINMAX: dict[str, tuple[Callable[[Any, Any], Any], bool]] = {
    "arith.maxsi": (np.maximum, True),
    "arith.minsi": (np.minimum, True),
    "arith.maxui": (np.maximum, False),
    "arith.minui": (np.minimum, False),
}


def _build_minmax(op: Operation) -> Compute:
    width = _width(op.results[0].type)
    fn, signed = _MINMAX[op.name]
    if signed:
        return lambda a, m: _from_signed(
            np.asarray(fn(_signed(a[0], width), _signed(a[1], width))), width
        )[()]
    return lambda a, m: _from_unsigned(
        np.asarray(fn(_unsigned(a[0], width), _unsigned(a[1], width))), width
    )[()]


_CMPI: dict[int, tuple[Callable[[Any, Any], Any], bool]] = {
    0: (np.equal, True),
    1: (np.not_equal, True),
    2: (np.less, True),
    3: (np.less_equal, True),
    4: (np.greater, True),
    5: (np.greater_equal, True),
    6: (np.less, False),
    7: (np.less_equal, False),
    8: (np.greater, False),
    9: (np.greater_equal, False),
}


def _build_cmpi(op: Operation) -> Compute:
    assert isinstance(op, arith.CmpiOp)
    width = _width(op.lhs.type)
    fn, signed = _CMPI[op.predicate.value.data]
    if signed:
        return lambda a, m: fn(_signed(a[0], width), _signed(a[1], width))
    return lambda a, m: fn(_unsigned(a[0], width), _unsigned(a[1], width))


# ---------------------------------------------------------------------------
# Floats
# ---------------------------------------------------------------------------

_FLOAT_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "arith.addf": np.add,
    "arith.subf": np.subtract,
    "arith.mulf": np.multiply,
    "arith.divf": np.divide,
    "arith.remf": np.fmod,
    "arith.maximumf": np.maximum,
    "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax,
    "arith.minnumf": np.fmin,
    "math.powf": np.power,
    "math.atan2": np.arctan2,
    "math.copysign": np.copysign,
}


def _rsqrt(x: Any) -> Any:
    return np.reciprocal(np.sqrt(x))


def _round_half_away(x: Any) -> Any:
    t = np.trunc(x)
    return np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t).astype(np.asarray(x).dtype)


_FLOAT_UNARY: dict[str, Callable[[Any], Any]] = {
    "arith.negf": np.negative,
    "math.absf": np.abs,
    "math.sqrt": np.sqrt,
    "math.rsqrt": _rsqrt,
    "math.exp": np.exp,
    "math.exp2": np.exp2,
    "math.expm1": np.expm1,
    "math.log": np.log,
    "math.log2": np.log2,
    "math.log10": np.log10,
    "math.log1p": np.log1p,
    "math.sin": np.sin,
    "math.cos": np.cos,
    "math.tan": np.tan,
    "math.tanh": np.tanh,
    "math.sinh": np.sinh,
    "math.cosh": np.cosh,
    "math.asin": np.arcsin,
    "math.acos": np.arccos,
    "math.atan": np.arctan,
    "math.asinh": np.arcsinh,
    "math.atanh": np.arctanh,
    "math.cbrt": np.cbrt,
    "math.floor": np.floor,
    "math.ceil": np.ceil,
    "math.trunc": np.trunc,
    "math.roundeven": np.rint,
    "math.round": _round_half_away,
}


def _build_float_binary(op: Operation) -> Compute:
    dtype = _dtype(op.results[0].type)
    fn = _FLOAT_BINARY[op.name]
    return lambda a, m: np.asarray(fn(a[0], a[1]), dtype=dtype)[()]


def _build_float_unary(op: Operation) -> Compute:
    dtype = _dtype(op.results[0].type)
    fn = _FLOAT_UNARY[op.name]
    return lambda a, m: np.asarray(fn(a[0]), dtype=dtype)[()]


_CMPF: dict[int, Callable[[Any, Any], Any]] = {
    0: lambda x, y: np.zeros(np.broadcast(x, y).shape, np.bool_),
    1: np.equal,
    2: np.greater,
    3: np.greater_equal,
    4: np.less,
    5: np.less_equal,
    6: lambda x, y: np.not_equal(x, y) & ~_unordered(x, y),
    7: lambda x, y: ~_unordered(x, y),
    8: lambda x, y: np.equal(x, y) | _unordered(x, y),
    9: lambda x, y: ~np.less_equal(x, y),
    10: lambda x, y: ~np.less(x, y),
    11: lambda x, y: ~np.greater_equal(x, y),
    12: lambda x, y: ~np.greater(x, y),
    13: np.not_equal,
    14: lambda x, y: _unordered(x, y),
    15: lambda x, y: np.ones(np.broadcast(x, y).shape, np.bool_),
}


def _unordered(x: Any, y: Any) -> Any:
    return np.isnan(x) | np.isnan(y)


def _build_cmpf(op: Operation) -> Compute:
    assert isinstance(op, arith.CmpfOp)
    fn = _CMPF[op.predicate.value.data]
    return lambda a, m: np.asarray(fn(a[0], a[1]))[()]


# ---------------------------------------------------------------------------
# Conversions, select, constants
# ---------------------------------------------------------------------------


def _build_extsi(op: Operation) -> Compute:
    src = _width(op.operands[0].type)
    dtype = _dtype(op.results[0].type)
    return lambda a, m: np.asarray(_signed(a[0], src)).astype(dtype)[()]


def _build_extui(op: Operation) -> Compute:
    src = _width(op.operands[0].type)
    dtype = _dtype(op.results[0].type)
    return lambda a, m: np.asarray(_unsigned(a[0], src)).astype(dtype)[()]


def _build_trunci(op: Operation) -> Compute:
    dst = _width(op.results[0].type)
    _width(op.operands[0].type)
    return lambda a, m: _from_signed(np.asarray(a[0], dtype=np.int64), dst)[()]


def _build_index_cast(op: Operation) -> Compute:
    src = _width(op.operands[0].type)
    dst = _width(op.results[0].type)
    if dst < src:
        return lambda a, m: _from_signed(np.asarray(a[0], dtype=np.int64), dst)[()]
    dtype = _dtype(op.results[0].type)
    return lambda a, m: np.asarray(_signed(a[0], src)).astype(dtype)[()]


def _build_int_to_float(op: Operation) -> Compute:
    src = _width(op.operands[0].type)
    dtype = _dtype(op.results[0].type)
    view = _unsigned if op.name == "arith.uitofp" else _signed
    return lambda a, m: np.asarray(view(a[0], src)).astype(dtype)[()]


def _build_float_to_int(op: Operation) -> Compute:
    dst = _width(op.results[0].type)
    unsigned = op.name == "arith.fptoui"
    low = 0 if unsigned else -(1 << (dst - 1))
    high = (1 << dst) if unsigned else (1 << (dst - 1))

    def compute(a: tuple[Value, ...], m: ExecMask) -> Value:
        x = np.asarray(a[0], dtype=np.float64)
        truncated = np.trunc(x)
        bad = ~((truncated >= low) & (truncated < high))
        _check(
            bad,
            m,
            lambda s: (
                f"of {_lane_value(a[0], s)} is out of the range of {op.results[0].type}"
            ),
        )
        safe = np.where(bad, 0, truncated)
        if unsigned:
            return _from_unsigned(safe.astype(np.uint64), dst)[()]
        return _from_signed(safe.astype(np.int64), dst)[()]

    return compute


def _build_float_cast(op: Operation) -> Compute:
    dtype = _dtype(op.results[0].type)
    return lambda a, m: np.asarray(a[0]).astype(dtype)[()]


def _build_bitcast(op: Operation) -> Compute:
    dtype = _dtype(op.results[0].type)
    src = _dtype(op.operands[0].type)
    if dtype.itemsize != src.itemsize or np.bool_ in (dtype.type, src.type):
        if dtype == src:
            return lambda a, m: a[0]
        raise Unsupported(f"bitcast from {src} to {dtype}")
    return lambda a, m: bitcast(a[0], dtype)


def _build_select(op: Operation) -> Compute:
    return lambda a, m: np.where(a[0], a[1], a[2])[()]


def _build_constant(op: Operation) -> Compute:
    assert isinstance(op, arith.ConstantOp)
    value = constant_value(op.value, op.results[0].type)
    return lambda a, m: value


def constant_value(attr: Attribute, type_: Attribute) -> Value:
    """The numpy scalar of an `arith.constant` value."""
    dtype = _dtype(type_)
    if isinstance(attr, IntegerAttr):
        raw = int(attr.value.data)
        if dtype == np.bool_:
            return np.bool_(raw & 1)
        bits = dtype.itemsize * 8
        wrapped = (raw + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
        return dtype.type(wrapped)
    if isinstance(attr, FloatAttr):
        return dtype.type(attr.value.data)
    raise Unsupported(f"constant attribute {attr} is not a scalar integer or float")


def _build_absi(op: Operation) -> Compute:
    width = _width(op.results[0].type)
    if width == 1:
        return lambda a, m: a[0]
    return lambda a, m: np.abs(a[0])


def _build_ctpop(op: Operation) -> Compute:
    width = _width(op.results[0].type)
    dtype = _dtype(op.results[0].type)
    return lambda a, m: np.bitwise_count(_unsigned(a[0], width)).astype(dtype)[()]


def _division(kind: str, signed: bool) -> Builder:
    if signed:
        return lambda op: _signed_division(op, kind)
    return lambda op: _unsigned_division(op, kind)


BUILDERS: dict[str, Builder] = {
    **dict.fromkeys(_WRAPPING, _build_wrapping),
    **dict.fromkeys(_BITWISE, _build_bitwise),
    **dict.fromkeys(("arith.shli", "arith.shrsi", "arith.shrui"), _build_shift),
    **dict.fromkeys(_MINMAX, _build_minmax),
    **dict.fromkeys(_FLOAT_BINARY, _build_float_binary),
    **dict.fromkeys(_FLOAT_UNARY, _build_float_unary),
    "arith.divsi": _division("div", True),
    "arith.remsi": _division("rem", True),
    "arith.floordivsi": _division("floordiv", True),
    "arith.ceildivsi": _division("ceildiv", True),
    "arith.divui": _division("div", False),
    "arith.remui": _division("rem", False),
    "arith.ceildivui": _division("ceildiv", False),
    "arith.cmpi": _build_cmpi,
    "arith.cmpf": _build_cmpf,
    "arith.select": _build_select,
    "arith.constant": _build_constant,
    "arith.extsi": _build_extsi,
    "arith.extui": _build_extui,
    "arith.trunci": _build_trunci,
    "arith.index_cast": _build_index_cast,
    "arith.sitofp": _build_int_to_float,
    "arith.uitofp": _build_int_to_float,
    "arith.fptosi": _build_float_to_int,
    "arith.fptoui": _build_float_to_int,
    "arith.extf": _build_float_cast,
    "arith.truncf": _build_float_cast,
    "arith.bitcast": _build_bitcast,
    "math.absi": _build_absi,
    "math.ctpop": _build_ctpop,
}
"""Builders of the lane computations of the single-result pure ops, by name."""
