"""numba's `@overload` in kernels (`simt.frontend.overloads`): the CUDA
target's overload is preferred to a generic one, the implementation is
chosen by the argument types as numba chooses it, keywords and defaults
bind as in Python, and a call no overload accepts is a located error."""

from __future__ import annotations

import numpy as np
import pytest
from numba.cuda import types
from numba.cuda.extending import overload

import simt
from simt.frontend import FrontendError


def scale(x):
    """Overloaded below: doubled for integers, halved for floats."""


def tagged(x):
    """Overloaded below for both targets: the CUDA one must win."""


def clamp(x, lo=0, hi=10):
    """Overloaded below with defaults and keywords."""


def integers_only(x):
    """Overloaded below for integers only."""


def countdown(x):
    """Overloaded below with an implementation that calls itself."""


@overload(scale, target="generic")
def _scale(x):
    if isinstance(x, types.Integer):
        return lambda x: x * 2
    if isinstance(x, types.Float):

        def halve(x):
            return x / 2

        return halve
    return None


@overload(tagged, target="generic")
def _tagged_generic(x):
    def impl(x):
        return x + 100

    return impl


@overload(tagged, target="cuda")
def _tagged_cuda(x):
    def impl(x):
        return x + 1

    return impl


@overload(clamp, target="cuda")
def _clamp(x, lo=0, hi=10):
    def impl(x, lo=0, hi=10):
        return min(max(x, lo), hi)

    return impl


@overload(integers_only, target="cuda")
def _integers_only(x):
    if isinstance(x, types.Integer):
        return lambda x: x
    return None


@overload(countdown, target="cuda")
def _countdown(x):
    def impl(x):
        return x if x <= 0 else countdown(x - 1)

    return impl


def overloads_kernel(ints, floats, out, fout):
    i = 0
    out[0] = scale(ints[i])
    fout[0] = scale(floats[i])
    out[1] = tagged(ints[i])
    out[2] = clamp(ints[i], hi=3)
    out[3] = clamp(ints[i] - 20)
    out[4] = clamp(ints[i], 5, 8)


def test_overloads_resolve_as_numba_does() -> None:
    module = simt.compile_python(
        overloads_kernel, "void(int64[:], float64[:], int64[:], float64[:])"
    )
    ints, floats = np.array([7], np.int64), np.array([3.0])
    out, fout = np.zeros(5, np.int64), np.zeros(1)
    simt.simulate(module, (1,), (1,), [ints, floats, out, fout])
    assert out.tolist() == [14, 8, 3, 0, 7]
    assert fout.tolist() == [1.5]


def no_overload_accepts(a, out):
    out[0] = integers_only(a[0])


def test_call_no_overload_accepts_is_located() -> None:
    with pytest.raises(FrontendError, match="no @overload") as raised:
        simt.compile_python(no_overload_accepts, "void(float64[:], float64[:])")
    assert "test_overloads.py:" in str(raised.value)


def recursive_overload(a, out):
    out[0] = countdown(a[0])


def test_recursive_overload_is_a_located_error() -> None:
    with pytest.raises(FrontendError, match="recursion is not supported") as raised:
        simt.compile_python(recursive_overload, "void(int64[:], int64[:])")
    assert "test_overloads.py:" in str(raised.value)
