"""Nested functions as values (`KernelCompiler._function_def`): a `def`
inside a kernel or device function, called there or passed to a device
function that calls it (numba's `make_function`), with defaults, keyword
arguments, captured variables, `*args` parameters and `*t` arguments, and
`len(t)` of a tuple pruning the branches numba prunes; and the located
errors for what numba does not capture.

Each kernel is simulated and its output compared with the same Python
functions run by the interpreter (the device functions are plain functions,
which the frontend inlines as it does `cuda.jit(device=True)` ones).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from numba import cuda

import simt
from simt.frontend import FrontendError
from simt.frontend.signature import signature_of_args

OFFSET = 123


def consumer(func, *args):
    return func(*args)


def twice(func, x):
    return func(func(x))


def run(kernel: Callable[..., None], *args: Any) -> np.ndarray[Any, Any]:
    """Simulates `kernel` and checks its output (the first argument) against
    the Python function run on a copy."""
    out = args[0]
    expected = out.copy()
    kernel(expected, *args[1:])
    module = simt.compile_python(kernel, signature_of_args(args))
    simt.simulate(module, grid=(1,), block=(1,), args=list(args))
    np.testing.assert_array_equal(out, expected)
    return out


def escaping(out, x):
    y = 10

    def inner(z):
        return y + z + OFFSET

    out[0] = consumer(inner, x)
    out[1] = twice(inner, x)


def direct(out, x):
    scale = x * 2

    def inner(z, bias=5):
        return z * scale + bias

    out[0] = inner(3)
    out[1] = inner(3, bias=-1)
    out[2] = consumer(inner, 4, 7)


def defaults_and_tuples(out, x):
    t = 12

    def inner(a, b, c, first=123, second=456):
        z = 4
        return first + second + z + t + a + b + c

    def pair():
        return inner(1, 2, 5, 91, 53), consumer(inner, 1, 2, 3)

    p, q = pair()
    out[0] = p
    out[1] = q
    out[2] = inner(1, 2, 3, second=x)


def variadic(out, x):
    def callinner(*z):
        if len(z) == 1:
            tmp = z[0]
        elif len(z) == 2:
            tmp = z[0] + z[1]
        return tmp + 1  # pyright: ignore[reportPossiblyUnboundVariable]

    out[0] = callinner(x)
    out[1] = callinner(x, x)
    args = (x, 2)
    out[2] = consumer(callinner, *args)


def nested_twice(out, x):
    def outer(v):
        def innermost():
            return v * 3

        return innermost() + 1

    out[0] = outer(x) + outer(2)


@pytest.mark.parametrize(
    "kernel", [escaping, direct, defaults_and_tuples, variadic, nested_twice]
)
@pytest.mark.parametrize("x", [5, -7])
def test_nested_functions(kernel: Callable[..., None], x: int) -> None:
    run(kernel, np.zeros(3, np.int64), x)


# -- errors ------------------------------------------------------------------


def twice_assigned(out, c):
    k = 3
    if c:
        k = 6

    def inner(y):
        return y + k

    out[0] = inner(1)


def decorated(out, c):
    @cuda.jit(device=True)
    def inner(y):
        return y

    out[0] = inner(c)


def runtime_default(out, c):
    def inner(y, z=c):
        return y + z

    out[0] = inner(1)


def read_before_assignment(out, c):
    def inner():
        return late

    late = c
    out[0] = inner()


def starred_scalar(out, c):
    out[0] = consumer(abs, *c)


@pytest.mark.parametrize(
    ("kernel", "line", "message"),
    [
        (twice_assigned, 5, "'twice_assigned' assigns more than once"),
        (decorated, 2, "nested function 'inner' with decorators"),
        (runtime_default, 1, "is not a compile-time constant"),
        (read_before_assignment, 1, "reads 'late', which is not assigned"),
        (starred_scalar, 1, "only a tuple can be passed as *args"),
    ],
)
def test_errors_are_located(
    kernel: Callable[..., None], line: int, message: str
) -> None:
    args = [np.zeros(1, np.int64), 1]
    with pytest.raises(FrontendError) as error:
        simt.compile_python(kernel, signature_of_args(args))
    assert message in str(error.value)
    expected_line = kernel.__code__.co_firstlineno + line
    assert f"test_nested_functions.py:{expected_line}:" in str(error.value)


def first_if(is_tuple: bool) -> Callable[..., Any]:
    """numba-cuda's `test_issue5219`: a closure flag known at compile time
    decides whether `b` is indexed; the other branch is not typed."""

    def pick(b):
        if is_tuple is True:
            b = b[0]
        if is_tuple is not False:
            return b
        return b + 1

    def kernel(out, b):
        out[0] = pick(b)

    return kernel


@pytest.mark.parametrize("is_tuple", [True, False])
def test_identity_with_compile_time_flags_prunes_branches(is_tuple: bool) -> None:
    b: Any = (2,) if is_tuple else 2
    out = run(first_if(is_tuple), np.zeros(1, np.int64), b)
    assert out[0] == (2 if is_tuple else 3)
