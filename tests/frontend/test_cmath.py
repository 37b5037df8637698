"""`cmath` in kernels (`frontend/cmath_functions.py`): every function
numba-cuda supports, in complex64 and complex128, simulated on the special
values numba-cuda's own tests use (signed zeros, +-1, +-1.5, -3.5, +-pi,
+-inf, NaN in every combination of parts) and compared with CPython's
`cmath` (what numba-cuda's implementations reproduce).

Tolerances, part by part: complex128 results within 1e-14 relative (4e-16
absolute, for results that are rounding noise around 0, such as the real
part of exp(i pi / 2)); complex64 results, computed partly in float32 as
numba's typing makes them, within 2e-6 relative (1e-6 absolute). Infinities
must be equal (sign included), NaNs must be NaN; the sign of a zero is not
compared; where CPython's result has a NaN part, the result must have a NaN
part (`assert_close`). Inputs where CPython raises ValueError (log(0)) are left out, as
numba-cuda's tests leave them out.
"""

from __future__ import annotations

import cmath
import itertools
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from numba import cuda

import simt
from simt.frontend import FrontendError
from simt.frontend.signature import signature_of_args

REALS = [-0.0, 0.0, 1.0, -1.0, 1.5, -3.5, -math.pi, math.pi, -math.inf, math.inf]
VALUES = [complex(x, y) for x, y in itertools.product([*REALS, math.nan], repeat=2)]

TOLERANCE = {np.complex128: (1e-14, 4e-16), np.complex64: (2e-6, 1e-6)}

UNARY = [
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "cos",
    "cosh",
    "exp",
    "log",
    "log10",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "phase",
]


def simulate(kernel: Callable[..., None], *args: Any) -> None:
    module = simt.compile_python(kernel, signature_of_args(args))
    simt.simulate(module, grid=(1,), block=(len(args[0]),), args=list(args))


def accepted(
    function: Callable[..., Any], inputs: list[tuple[Any, ...]]
) -> tuple[list[tuple[Any, ...]], list[Any]]:
    """The inputs CPython computes `function` of, and its results."""
    kept: list[tuple[Any, ...]] = []
    results: list[Any] = []
    for args in inputs:
        try:
            results.append(function(*args))
        except ValueError:
            continue
        kept.append(args)
    return kept, results


def assert_close(got: Any, expected: Any, tolerance: tuple[float, float]) -> None:
    """Part by part within `tolerance`; where CPython's result has a NaN
    part, the result must have one too (in either part: numba-cuda's
    formulas do not follow every entry of CPython's special-value tables,
    e.g. its acos(0 + nan j) is nan + nan j, CPython's pi/2 + nan j)."""
    rtol, atol = tolerance
    got = np.asarray(got, np.complex128)
    expected = np.asarray(expected, np.complex128)
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(got), nan, err_msg="NaN results")
    for part in ("real", "imag"):
        a = getattr(got, part)[~nan]
        b = getattr(expected, part)[~nan]
        infinite = np.isinf(b)
        np.testing.assert_array_equal(a[infinite], b[infinite], err_msg=part)
        np.testing.assert_allclose(
            a[~infinite], b[~infinite], rtol=rtol, atol=atol, err_msg=part
        )


def kernel_of(name: str) -> Callable[..., None]:
    function = getattr(cmath, name)

    def kernel(out, a):
        i = cuda.grid(1)  # pyright: ignore[reportCallIssue]
        if i < out.shape[0]:
            out[i] = function(a[i])

    return kernel


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
@pytest.mark.parametrize("name", UNARY)
def test_unary_function(name: str, dtype: type[np.complexfloating[Any, Any]]) -> None:
    function = getattr(cmath, name)
    inputs, expected = accepted(function, [(complex(dtype(z)),) for z in VALUES])
    a = np.array([z for (z,) in inputs], dtype)
    result = np.float32 if dtype is np.complex64 else np.float64
    out = np.zeros(len(a), result if name == "phase" else dtype)
    simulate(kernel_of(name), out, a)
    assert_close(out, np.array(expected, np.complex128), TOLERANCE[dtype])


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite"])
def test_predicate(name: str, dtype: type[np.complexfloating[Any, Any]]) -> None:
    a = np.array(VALUES, dtype)
    out = np.zeros(len(a), np.bool_)
    simulate(kernel_of(name), out, a)
    expected = [getattr(cmath, name)(complex(z)) for z in a]
    np.testing.assert_array_equal(out, expected)


def polar_as_complex(out, a):
    i = cuda.grid(1)  # pyright: ignore[reportCallIssue]
    if i < out.shape[0]:
        out[i] = complex(*cmath.polar(a[i]))


def rect(out, r, phi):
    i = cuda.grid(1)  # pyright: ignore[reportCallIssue]
    if i < out.shape[0]:
        out[i] = cmath.rect(r[i], phi[i])


def log_base(out, a, b):
    i = cuda.grid(1)  # pyright: ignore[reportCallIssue]
    if i < out.shape[0]:
        out[i] = cmath.log(a[i], b[i])


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_polar(dtype: type[np.complexfloating[Any, Any]]) -> None:
    a = np.array(VALUES, dtype)
    out = np.zeros(len(a), np.complex128)
    simulate(polar_as_complex, out, a)
    expected = np.array([complex(*cmath.polar(complex(z))) for z in a])
    assert_close(out, expected, TOLERANCE[dtype])


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_rect(dtype: type[np.complexfloating[Any, Any]]) -> None:
    pairs = [(z.real, z.imag) for z in VALUES if not math.isinf(z.imag) or z.real == 0]
    part = np.float32 if dtype is np.complex64 else np.float64
    inputs, expected = accepted(
        cmath.rect, [(float(part(r)), float(part(p))) for r, p in pairs]
    )
    r = np.array([x for x, _ in inputs], part)
    phi = np.array([p for _, p in inputs], part)
    out = np.zeros(len(r), dtype)
    simulate(rect, out, r, phi)
    assert_close(out, np.array(expected), TOLERANCE[dtype])


@pytest.mark.parametrize("dtype", [np.complex128, np.complex64])
def test_log_with_base(dtype: type[np.complexfloating[Any, Any]]) -> None:
    finite = [z for z in VALUES if cmath.isfinite(z)][::7]
    pairs = [(complex(dtype(z)), complex(dtype(b))) for z in finite for b in finite]
    inputs, expected = accepted(cmath.log, pairs)
    a = np.array([z for z, _ in inputs], dtype)
    b = np.array([w for _, w in inputs], dtype)
    out = np.zeros(len(a), dtype)
    simulate(log_base, out, a, b)
    # a quotient of two logarithms: numba's test allows it 3 ulps
    rtol, atol = TOLERANCE[dtype]
    assert_close(out, np.array(expected), (3 * rtol, atol))


def real_argument(out, x, y):
    out[0] = cmath.sqrt(x[0])
    out[1] = cmath.exp(y[0])


def test_real_arguments_convert() -> None:
    out = np.zeros(2, np.complex128)
    simulate(real_argument, out, np.array([-4.0], np.float32), np.array([1], np.int64))
    np.testing.assert_allclose(out, [2j, math.e], rtol=1e-7)


def sqrt_of_both_types(out, a, b):
    out[0] = cmath.sqrt(a[0])
    out[1] = cmath.sqrt(b[0])


def test_sqrt_threshold_is_per_type() -> None:
    """numba-cuda's sqrt lowering captures an overflow threshold of the
    float type (above it the parts are scaled, and its imaginary part is
    then halved); the complex64 call must not lend its threshold to the
    complex128 call in the same kernel."""
    out = np.zeros(2, np.complex128)
    a = np.array([1 + 1j], np.complex64)
    b = np.array([1e300 + 1e300j], np.complex128)
    simulate(sqrt_of_both_types, out, a, b)
    assert_close(out[:1], [cmath.sqrt(1 + 1j)], TOLERANCE[np.complex64])
    assert_close(out[1:], [cmath.sqrt(1e300 + 1e300j)], TOLERANCE[np.complex128])


# -- errors ------------------------------------------------------------------


def real_log10(out, x):
    out[0] = cmath.log10(x[0])


def integer_rect(out, x):
    out[0] = cmath.rect(x[0], x[0])


def unsupported_function(out, x):
    out[0] = cmath.isclose(x[0], x[0])


def too_many(out, x):
    out[0] = cmath.sqrt(x[0], x[0])  # pyright: ignore[reportCallIssue]


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (real_log10, "cmath.log10() expects a complex number, found int64"),
        (integer_rect, "cmath.rect() expects two floats"),
        (unsupported_function, "unsupported construct 'cmath.isclose'"),
        (too_many, "cmath.sqrt() expects 1 argument(s), found 2"),
    ],
)
def test_errors_are_located(kernel: Callable[..., None], message: str) -> None:
    out = np.zeros(1, np.complex128)
    x = np.zeros(1, np.int64)
    with pytest.raises(FrontendError) as error:
        simt.compile_python(kernel, signature_of_args([out, x]))
    assert message in str(error.value)
    assert f"test_cmath.py:{kernel.__code__.co_firstlineno + 1}:" in str(error.value)
