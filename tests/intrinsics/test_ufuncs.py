"""numpy's math ufuncs on scalars in kernels (`np.sqrt(x)`, `np.arctan2(y,
x)`): each call runs the inner loop numba-cuda's typing picks for its
argument types (`ufunc_find_matching_loop`), so the result is numpy's on
the arguments converted to that loop's input types; checked on every
argument type of a grid of ufuncs, with special values, and under a
divergent branch before and after `simt-linearize`."""

from __future__ import annotations

import numpy as np
import pytest
from numba import cuda
from numba.cuda.np.numpy_support import ufunc_find_matching_loop

import simt
from simt.frontend import FrontendError
from simt.frontend.signature import signature_of_args
from simt.frontend.types import BY_NAME
from simt.lowering.ptxas import assemble

UNARY = ["sqrt", "sin", "arctanh", "exp", "log1p", "floor", "rint", "absolute",
         "negative", "square", "deg2rad", "isnan", "isfinite", "cbrt", "reciprocal"]  # fmt: skip
BINARY = ["arctan2", "hypot", "power", "maximum", "fmin", "remainder",
          "floor_divide", "true_divide", "copysign"]  # fmt: skip
TYPES = [np.float32, np.float64, np.int32, np.int64, np.uint16]
VALUES = [0.0, -0.0, 1.5, -2.25, 7.0, 0.5, np.inf, np.nan]


def _kernel(name: str, arity: int):
    ufunc = getattr(np, name)
    if arity == 1:

        def unary(x, out):
            i = cuda.grid(1)
            if i < x.size and i % 3 != 1:
                out[i] = ufunc(x[i])

        return unary

    def binary(x, y, out):
        i = cuda.grid(1)
        if i < x.size and i % 3 != 1:
            out[i] = ufunc(x[i], y[i])

    return binary


def _inputs(dtype: type, shift: int) -> np.ndarray:
    values = np.roll(np.array(VALUES), shift)
    if np.issubdtype(dtype, np.integer):
        values = np.nan_to_num(values, nan=3, posinf=9, neginf=-9)
        values = np.abs(values) if np.issubdtype(dtype, np.unsignedinteger) else values
        values = np.where(values == 0, 2, values)  # no integer division by zero
    return values.astype(dtype)


def _loop(name: str, args: list[np.ndarray]):
    from numba.cuda.typing.typeof import typeof

    return ufunc_find_matching_loop(getattr(np, name), [typeof(a[0]) for a in args])


def _result_type(name: str, args: list[np.ndarray]) -> np.dtype:
    return np.dtype(str(_loop(name, args).outputs[0]))


def _expected(name: str, args: list[np.ndarray]) -> np.ndarray:
    """numpy's ufunc on the arguments converted to numba's loop's inputs."""
    loop = _loop(name, args)
    converted = [a.astype(str(t)) for a, t in zip(args, loop.inputs, strict=True)]
    with np.errstate(all="ignore"):
        return getattr(np, name)(*converted)


@pytest.mark.parametrize("name", UNARY + BINARY)
@pytest.mark.parametrize("dtype", TYPES, ids=lambda t: np.dtype(t).name)
def test_ufunc_equals_numpy_on_numbas_loop(name: str, dtype: type) -> None:
    arity = 1 if name in UNARY else 2
    args = [_inputs(dtype, k) for k in range(arity)]
    result = _result_type(name, args)
    assert result.name in BY_NAME, f"np.{name} of {np.dtype(dtype).name}: {result}"
    kernel = _kernel(name, arity)
    out = np.zeros(len(VALUES), result)
    try:
        module = simt.compile_python(kernel, signature_of_args([*args, out]))
    except FrontendError as error:  # a loop simt does not map is a clean error
        assert "integer loop not mapped" in str(error), str(error)
        return
    expected = _expected(name, args)
    got = [a.copy() for a in [*args, out]]
    with np.errstate(all="ignore"):
        simt.simulate(module, (1,), (32,), got)
    taken = np.arange(len(VALUES)) % 3 != 1
    np.testing.assert_array_equal(got[-1][taken], expected[taken])
    simt.apply_passes(module, "simt-linearize")
    again = [a.copy() for a in [*args, out]]
    with np.errstate(all="ignore"):
        simt.simulate(module, (1,), (32,), again)
    np.testing.assert_array_equal(again[-1], got[-1])


def test_ufuncs_assemble() -> None:
    def kernel(x, y, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = np.hypot(np.sqrt(x[i]), np.arctan2(y[i], x[i])) + np.fmax(
                np.floor(x[i]), y[i]
            )

    module = simt.compile_python(kernel, "void(float32[:], float32[:], float32[:])")
    assemble(simt.to_ptx(module, ptxas=False), "sm_80")
