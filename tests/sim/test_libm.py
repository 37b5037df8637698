"""The math library in the simulator against Python's `math` across special
values: NaN, infinities, signed zeros, subnormals, domain errors and poles.

The reference is Python's `math` in f64 (C99's libm), with C's answers where
Python raises: NaN for a domain error, an infinity for a pole or an
overflow. Tolerance: f64 results within 2 ulp of the reference (numpy and
Python call the same libm; 2 ulp absorbs the functions numpy vectorizes
itself), f32 results within 2 ulp of the f64 reference rounded to f32
(numpy's own f32 sin/cos/exp/log are within about 1 ulp; simt.libm computes
in f64 and rounds once). Non-finite results and zeros must match exactly,
sign included.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

SPECIALS = [
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.5, 0.1, 1e-3,
    100.0, -100.0, 1e10, -1e10, 1e-40, -1e-310, math.pi, 88.7, 710.0,
    math.inf, -math.inf, math.nan,
]  # fmt: skip

UNARY = """
func.func @k(%x: memref<?x{T}>, %out: memref<?x{T}>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %base = arith.muli %bid, %bdim : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x{T}>
  %in = arith.cmpi slt, %i, %n : index
  scf.if %in {{
    %a = memref.load %x[%i] : memref<?x{T}>
    {BODY}
    memref.store %r, %out[%i] : memref<?x{T}>
  }}
  func.return
}}
"""

BINARY = """
func.func @k(%x: memref<?x{T}>, %y: memref<?x{T}>, %out: memref<?x{T}>)
    attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %base = arith.muli %bid, %bdim : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x{T}>
  %in = arith.cmpi slt, %i, %n : index
  scf.if %in {{
    %a = memref.load %x[%i] : memref<?x{T}>
    %b = memref.load %y[%i] : memref<?x{T}>
    {BODY}
    memref.store %r, %out[%i] : memref<?x{T}>
  }}
  func.return
}}
"""


def _c(
    fn: Callable[..., float], overflow: Callable[..., float] | None = None
) -> Callable[..., float]:
    """A Python math function with C's answers instead of exceptions: NaN
    for a domain error, `overflow(*args)` (default +inf) for an overflow."""

    def wrapped(*args: float) -> float:
        try:
            return fn(*args)
        except ValueError:
            return math.nan
        except OverflowError:
            return math.inf if overflow is None else overflow(*args)

    return wrapped


def _wide(ufunc: Any) -> Callable[..., float]:
    """numpy's f64 function (C's libm) as the overflow answer."""

    def compute(*args: float) -> float:
        with np.errstate(all="ignore"):
            return float(ufunc(*(np.float64(a) for a in args)))

    return compute


def _tgamma(x: float) -> float:
    if x == 0.0:
        return math.copysign(math.inf, x)
    return _c(math.gamma)(x)


def _lgamma(x: float) -> float:
    if math.isinf(x):
        return math.inf
    try:
        return math.lgamma(x)
    except (ValueError, OverflowError):
        return math.inf


def _sinpi(x: float) -> float:
    if math.isinf(x) or math.isnan(x):
        return math.nan
    r = math.fmod(x, 2.0)
    if r == int(r):
        return math.copysign(0.0, x)
    if abs(r) in (0.5, 1.5):
        return 1.0 if r in (0.5, -1.5) else -1.0
    return math.sin(math.pi * r)


def _cospi(x: float) -> float:
    if math.isinf(x) or math.isnan(x):
        return math.nan
    r = math.fmod(x, 2.0)
    if r == int(r):
        return -1.0 if abs(r) == 1.0 else 1.0
    if abs(r) in (0.5, 1.5):
        return 0.0
    return math.cos(math.pi * r)


def _pow(x: float, y: float) -> float:
    """C's pow: a pole at zero for a negative exponent (Python raises)."""
    if x == 0.0 and y < 0.0:
        odd = math.isfinite(y) and y == int(y) and int(y) % 2 == 1
        return math.copysign(math.inf, x) if odd else math.inf
    return _c(math.pow, _wide(np.power))(x, y)


def _atanh(x: float) -> float:
    """C's atanh: poles at +-1 (Python raises)."""
    return math.copysign(math.inf, x) if abs(x) == 1.0 else _c(math.atanh)(x)


def _fdim(x: float, y: float) -> float:
    if math.isnan(x) or math.isnan(y):
        return math.nan
    return x - y if x > y else 0.0


MATH_UNARY: dict[str, Callable[[float], float]] = {
    "math.sin": _c(math.sin), "math.cos": _c(math.cos), "math.tan": _c(math.tan),
    "math.asin": _c(math.asin), "math.acos": _c(math.acos),
    "math.atan": math.atan, "math.sinh": _c(math.sinh, _wide(np.sinh)), "math.cosh": _c(math.cosh),
    "math.tanh": math.tanh, "math.asinh": math.asinh, "math.acosh": _c(math.acosh),
    "math.atanh": _atanh, "math.exp": _c(math.exp),
    "math.exp2": _c(lambda x: 2.0**x), "math.expm1": _c(math.expm1),
    "math.log": _c(lambda x: -math.inf if x == 0 else math.log(x)),
    "math.log2": _c(lambda x: -math.inf if x == 0 else math.log2(x)),
    "math.log10": _c(lambda x: -math.inf if x == 0 else math.log10(x)),
    "math.log1p": _c(lambda x: -math.inf if x == -1 else math.log1p(x)),
    "math.sqrt": _c(math.sqrt), "math.cbrt": lambda x: float(np.cbrt(x)),
    "math.erf": math.erf, "math.floor": lambda x: float(np.floor(x)),
    "math.ceil": lambda x: float(np.ceil(x)), "math.trunc": lambda x: float(np.trunc(x)),
    "math.absf": abs,
}  # fmt: skip

LIBM_UNARY: dict[str, Callable[[float], float]] = {
    "erfc": math.erfc,
    "tgamma": _tgamma,
    "lgamma": _lgamma,
    "exp10": _c(lambda x: 10.0**x),
    "sinpi": _sinpi,
    "cospi": _cospi,
    "rcbrt": _wide(lambda x: 1.0 / np.cbrt(x)),
}

MATH_BINARY: dict[str, Callable[[float, float], float]] = {
    "math.atan2": math.atan2,
    "math.powf": _pow,
    "math.copysign": math.copysign,
}

LIBM_BINARY: dict[str, Callable[[float, float], float]] = {
    "hypot": math.hypot,
    "fmod": _c(math.fmod),
    "remainder": _c(math.remainder),
    "fdim": _fdim,
}

TYPES = {"f32": np.float32, "f64": np.float64}


def _ordered(a: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Float bits as integers in the order of the floats (ulp steps apart)."""
    bits = a.view(np.int32 if a.dtype == np.float32 else np.int64).astype(np.int64)
    magnitude = bits & ((1 << (a.dtype.itemsize * 8 - 1)) - 1)
    return np.where(bits < 0, -magnitude, magnitude)


def _ulp_distance(
    a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]
) -> np.ndarray[Any, Any]:
    return np.abs(_ordered(a) - _ordered(b))


def _assert_close(
    found: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], ulps: int, what: str
) -> None:
    nan = np.isnan(expected)
    assert np.array_equal(np.isnan(found), nan), (what, found, expected)
    exact = ~np.isfinite(expected) | (expected == 0)
    same = found[exact & ~nan] == expected[exact & ~nan]
    signs = np.signbit(found[exact & ~nan]) == np.signbit(expected[exact & ~nan])
    assert same.all() and signs.all(), (what, found[exact], expected[exact])
    close = ~exact
    distance = _ulp_distance(found[close], expected[close])
    assert (distance <= ulps).all(), (what, found[close], expected[close], distance)


def _reference(
    fn: Callable[..., float], dtype: Any, *columns: np.ndarray[Any, Any]
) -> np.ndarray[Any, Any]:
    values = [fn(*(float(c) for c in row)) for row in zip(*columns, strict=True)]
    with np.errstate(over="ignore"):
        return np.array(values, dtype=np.float64).astype(dtype)


def _launch(run: Any, source: str, args: list[np.ndarray[Any, Any]]) -> None:
    n = len(args[0])
    run(source, args, grid=(n + 31) // 32, block=32)


@pytest.mark.parametrize("t", sorted(TYPES))
@pytest.mark.parametrize("name", [*MATH_UNARY, *LIBM_UNARY])
def test_unary_functions_match_c_on_special_values(run: Any, name: str, t: str) -> None:
    dtype = TYPES[t]
    with np.errstate(all="ignore"):
        x = np.array(SPECIALS, dtype=dtype)
    if name in LIBM_UNARY:
        body = f'%r = simt.libm "{name}"(%a) : ({t}) -> {t}'
        fn = LIBM_UNARY[name]
    else:
        body = f"%r = {name} %a : {t}"
        fn = MATH_UNARY[name]
    out = np.zeros_like(x)
    _launch(run, UNARY.format(T=t, BODY=body), [x, out])
    _assert_close(out, _reference(fn, dtype, x), 2, name)


@pytest.mark.parametrize("t", sorted(TYPES))
@pytest.mark.parametrize("name", [*MATH_BINARY, *LIBM_BINARY, "nextafter"])
def test_binary_functions_match_c_on_special_value_pairs(
    run: Any, name: str, t: str
) -> None:
    dtype = TYPES[t]
    with np.errstate(all="ignore"):
        values = np.array(SPECIALS, dtype=dtype)
    x, y = (np.ascontiguousarray(c) for c in np.meshgrid(values, values))
    x, y = x.reshape(-1), y.reshape(-1)
    if name == "nextafter":
        body = f'%r = simt.libm "nextafter"(%a, %b) : ({t}, {t}) -> {t}'
        expected = np.nextafter(x, y)
        ulps = 0
    elif name in LIBM_BINARY:
        body = f'%r = simt.libm "{name}"(%a, %b) : ({t}, {t}) -> {t}'
        expected = _reference(LIBM_BINARY[name], dtype, x, y)
        ulps = 2
    else:
        body = f"%r = {name} %a, %b : {t}"
        expected = _reference(MATH_BINARY[name], dtype, x, y)
        ulps = 2
    out = np.zeros_like(x)
    _launch(run, BINARY.format(T=t, BODY=body), [x, y, out])
    _assert_close(out, expected, ulps, name)


TWO_RESULTS = """
func.func @k(%x: memref<?x{T}>, %e: memref<?xi32>, %out: memref<?x{T}>, %out2: memref<?x{S}>)
    attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %a = memref.load %x[%i] : memref<?x{T}>
  %k = memref.load %e[%i] : memref<?xi32>
  {BODY}
  memref.store %r, %out[%i] : memref<?x{T}>
  memref.store %r2, %out2[%i] : memref<?x{S}>
  func.return
}}
"""


@pytest.mark.parametrize("t", sorted(TYPES))
def test_frexp_ldexp_and_modf_split_and_rebuild_floats(run: Any, t: str) -> None:
    dtype = TYPES[t]
    with np.errstate(all="ignore"):
        x = np.array(SPECIALS[:24], dtype=dtype)
    e = np.arange(-12, 12, dtype=np.int32)
    frexp = f'%r, %r2 = simt.libm "frexp"(%a) : ({t}) -> ({t}, i32)'
    mantissa, exponent = np.zeros_like(x), np.zeros(24, np.int32)
    run(
        TWO_RESULTS.format(T=t, S="i32", BODY=frexp),
        [x, e, mantissa, exponent],
        block=24,
    )
    for value, m, k in zip(x, mantissa, exponent, strict=True):
        if math.isfinite(value):
            assert (float(m), int(k)) == math.frexp(float(value))
        else:
            assert np.array_equal(m, value, equal_nan=True)
    ldexp = (
        f'%r = simt.libm "ldexp"(%a, %k) : ({t}, i32) -> {t}\n'
        f'%r2 = simt.libm "modf"(%a) : ({t}) -> ({t}, {t})'
    ).replace("%r2 = ", "%f, %r2 = ")
    scaled, integral = np.zeros_like(x), np.zeros_like(x)
    run(TWO_RESULTS.format(T=t, S=t, BODY=ldexp), [x, e, scaled, integral], block=24)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(scaled, np.ldexp(x, e))
    np.testing.assert_array_equal(integral, np.modf(x)[1])


INT_KERNEL = """
func.func @k(%x: memref<?x{T}>, %out: memref<?x{T}>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %a = memref.load %x[%i] : memref<?x{T}>
  {BODY}
  memref.store %r, %out[%i] : memref<?x{T}>
  func.return
}}
"""


def _bits(value: int, width: int) -> str:
    return format(value & ((1 << width) - 1), f"0{width}b")


@pytest.mark.parametrize("t", ["i32", "i64"])
@pytest.mark.parametrize("name", ["math.ctlz", "math.cttz", "simt.brev"])
def test_bit_operations_match_their_definition(run: Any, name: str, t: str) -> None:
    width = int(t[1:])
    dtype = np.int32 if width == 32 else np.int64
    rng = np.random.default_rng(width)
    x = rng.integers(np.iinfo(dtype).min, np.iinfo(dtype).max, 32, dtype=dtype)
    x[:6] = [0, 1, -1, np.iinfo(dtype).min, np.iinfo(dtype).max, 1 << 7]
    out = np.zeros_like(x)
    run(INT_KERNEL.format(T=t, BODY=f"%r = {name} %a : {t}"), [x, out], block=32)
    for value, found in zip(x, out, strict=True):
        bits = _bits(int(value), width)
        if name == "math.ctlz":
            expected = len(bits) - len(bits.lstrip("0"))
        elif name == "math.cttz":
            expected = len(bits) - len(bits.rstrip("0"))
        else:
            expected = int(np.array(int(bits[::-1], 2), dtype=np.uint64).astype(dtype))
        assert int(found) == expected, (value, found, expected)


def test_fma_and_fpowi(run: Any) -> None:
    x = np.array([1.5, -2.0, 3.0, 0.1, 1e30, 2.0], dtype=np.float32)
    out = np.zeros_like(x)
    body = "%r = math.fma %a, %a, %a : f32"
    run(INT_KERNEL.format(T="f32", BODY=body), [x, out], block=6)
    exact = x.astype(np.float64) * x.astype(np.float64) + x.astype(np.float64)
    np.testing.assert_array_equal(out, exact.astype(np.float32))
    body = "%e = arith.constant -3 : i32\n  %r = math.fpowi %a, %e : f32, i32"
    run(INT_KERNEL.format(T="f32", BODY=body), [x, out], block=6)
    with np.errstate(all="ignore"):
        expected = (x.astype(np.float64) ** -3.0).astype(np.float32)
    np.testing.assert_allclose(out, expected, rtol=1e-6)
