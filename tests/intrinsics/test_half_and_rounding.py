"""`cuda.fp16.*`, `round(x, ndigits)` and `int.bit_count()` as numba-cuda
computes them: fp16 arithmetic against numpy's float16 (correctly rounded,
as the GPU's), `hfma` against the exact `a * b + c` rounded once,
`round(x, ndigits)` against numba-cuda's own `round_ndigits` run in Python
(CPython's fallback algorithm, which is not CPython's `round`), and
`bit_count` against the population count of the two's complement. Each
kernel is simulated before and after `simt-linearize` (its operations under
a divergent branch), and assembled by ptxas."""

from __future__ import annotations

import functools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import cuda
from tiers import examples
from xdsl.dialects.builtin import ModuleOp

import simt
from simt.frontend.rounding import round_ndigits
from simt.lowering.ptxas import assemble


def half_ops(a, b, c, out, flags):
    i = cuda.grid(1)
    if i < a.size and a[i] > b[i]:
        out[i, 0] = cuda.fp16.hadd(a[i], b[i])
        out[i, 1] = cuda.fp16.hsub(a[i], b[i])
        out[i, 2] = cuda.fp16.hmul(a[i], b[i])
        out[i, 3] = cuda.fp16.hdiv(a[i], b[i])
        out[i, 4] = cuda.fp16.hfma(a[i], b[i], c[i])
        out[i, 5] = cuda.fp16.hneg(a[i])
        out[i, 6] = cuda.fp16.habs(b[i])
        out[i, 7] = cuda.fp16.hmax(a[i], c[i])
        out[i, 8] = cuda.fp16.hmin(a[i], c[i])
        out[i, 9] = cuda.fp16.hrcp(b[i])
        out[i, 10] = cuda.fp16.hfloor(c[i])
        out[i, 11] = cuda.fp16.hrint(c[i])
        flags[i, 0] = cuda.fp16.hlt(a[i], c[i])
        flags[i, 1] = cuda.fp16.heq(a[i], c[i])
        flags[i, 2] = cuda.fp16.hge(b[i], c[i])


def _half_reference(a, b, c):
    with np.errstate(all="ignore"):
        exact = a.astype(np.float64) * b.astype(np.float64) + c.astype(np.float64)
        columns = [
            a + b, a - b, a * b, a / b, exact.astype(np.float16), -a, np.abs(b),
            np.fmax(a, c), np.fmin(a, c), np.float16(1) / b, np.floor(c), np.rint(c),
        ]  # fmt: skip
    flags = [a < c, a == c, b >= c]
    return np.stack(columns, axis=1), np.stack(flags, axis=1)


def _run(module, args, shape):
    copies = [x.copy() for x in args]
    simt.simulate(module, (1,), (shape,), copies)
    return copies


def test_half_precision_equals_numpy_float16() -> None:
    rng = np.random.default_rng(5)
    n = 64
    a, b, c = (rng.normal(0, 30, n).astype(np.float16) for _ in range(3))
    c[::7] = a[::7]
    c[3] = np.nan
    out, flags = np.zeros((n, 12), np.float16), np.zeros((n, 3), np.bool_)
    signature = "void(float16[:], float16[:], float16[:], float16[:, :], boolean[:, :])"
    module = simt.compile_python(half_ops, signature)
    got = _run(module, [a, b, c, out, flags], n)
    values, bits = _half_reference(a, b, c)
    taken = a > b
    np.testing.assert_array_equal(got[3][taken], values[taken])
    np.testing.assert_array_equal(got[4][taken], bits[taken])
    assert not got[3][~taken].any()
    simt.apply_passes(module, "simt-linearize")
    again = _run(module, [a, b, c, out, flags], n)
    for before, after in zip(got, again, strict=True):
        np.testing.assert_array_equal(before, after)
    assemble(simt.to_ptx(module, ptxas=False), "sm_80")


def rounded(x, ndigits, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = round(x[i], ndigits[i])


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(allow_nan=True, allow_infinity=True, width=64).filter(
                lambda v: not math.isfinite(v) or abs(v) < 1e6
            ),
            st.integers(-6, 9),
        ),
        min_size=1,
        max_size=40,
    )
)
def test_round_ndigits_is_numbas_algorithm(cases: list[tuple[float, int]]) -> None:
    x = np.array([v for v, _ in cases])
    ndigits = np.array([n for _, n in cases], np.int64)
    out = np.zeros_like(x)
    module = _rounding_module()
    simt.simulate(module, (1,), (64,), [x, ndigits, out])
    expected = [round_ndigits(float(v), int(n)) for v, n in cases]
    np.testing.assert_array_equal(out, np.array(expected, np.float64))


@functools.cache
def _rounding_module() -> ModuleOp:
    return simt.compile_python(rounded, "void(float64[:], int64[:], float64[:])")


def test_round_ndigits_halfway_cases_differ_from_cpython_as_numba() -> None:
    x = np.array([2.675, 0.125, -0.375], np.float64)
    out = np.zeros_like(x)
    simt.simulate(_rounding_module(), (1,), (3,), [x, np.array([2, 2, 2]), out])
    assert out.tolist() == [2.68, 0.12, -0.38]  # CPython's round: 2.67


def bit_counts(values, out):
    i = cuda.grid(1)
    if i < values.size:
        out[i] = values[i].bit_count()


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.uint64])
def test_bit_count_is_popc(dtype: type) -> None:
    info = np.iinfo(dtype)
    values = np.random.default_rng(1).integers(info.min, info.max, 32, dtype=dtype)
    out = np.zeros(32, np.int64)
    name = np.dtype(dtype).name
    module = simt.compile_python(bit_counts, f"void({name}[:], int64[:])")
    simt.simulate(module, (1,), (32,), [values, out])
    bits = np.dtype(dtype).itemsize * 8
    expected = [bin(int(v) % (1 << bits)).count("1") for v in values]
    assert out.tolist() == expected
