"""libdevice functions with a pointer result, which numba-cuda's wrappers
return as a tuple (`libdevice.sincos(x)` -> (sin, cos), `frexp` -> (fraction,
exponent), `modf` -> (fraction, integral part)), and the sum of absolute
differences `sad`/`usad`: simulated against numpy and Python's integers, in
float32 and float64, and assembled by ptxas (which links libdevice's
`__nv_*`)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from numba import cuda
from numba.cuda import libdevice

import simt
from simt.lowering.ptxas import assemble


def tuples(s, c, frac, exp, whole, part, x, xf):
    i = cuda.grid(1)
    if i < x.size:
        s[i], c[i] = libdevice.sincos(x[i])
        frac[i], exp[i] = libdevice.frexp(x[i])
        part[i], whole[i] = libdevice.modf(x[i])
        sf, cf = libdevice.sincosf(xf[i])
        ff, ef = libdevice.frexpf(xf[i])
        s[i + x.size] = sf
        c[i + x.size] = cf
        frac[i + x.size] = ff
        exp[i + x.size] = ef


SIGNATURE = (
    "void(float64[:], float64[:], float64[:], int32[:], float64[:], float64[:], "
    "float64[:], float32[:])"
)


def _inputs() -> list[np.ndarray]:
    x = np.array([0.0, -0.0, 1.5, -2.75, 1e-310, 3e8, np.inf, -np.inf, np.nan, 7.0])
    n = x.size
    return [
        np.zeros(2 * n),
        np.zeros(2 * n),
        np.zeros(2 * n),
        np.zeros(2 * n, np.int32),
        np.zeros(n),
        np.zeros(n),
        x,
        x.astype(np.float32),
    ]


@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")
def test_tuple_results_are_numpys() -> None:
    args = _inputs()
    simt.simulate(simt.compile_python(tuples, SIGNATURE), 1, 32, args)
    s, c, frac, exp, whole, part, x, xf = args
    n = x.size
    np.testing.assert_array_equal(s[:n], np.sin(x))
    np.testing.assert_array_equal(c[:n], np.cos(x))
    np.testing.assert_array_equal(s[n:], np.sin(xf).astype(np.float64))
    np.testing.assert_array_equal(c[n:], np.cos(xf).astype(np.float64))
    finite = np.isfinite(x)
    mantissa, exponent = np.frexp(x)
    np.testing.assert_array_equal(frac[:n], mantissa)
    np.testing.assert_array_equal(exp[:n][finite], exponent[finite])
    mantissa32, exponent32 = np.frexp(xf)
    np.testing.assert_array_equal(frac[n:], mantissa32.astype(np.float64))
    np.testing.assert_array_equal(exp[n:][finite], exponent32[finite])
    fraction, integral = np.modf(x)
    np.testing.assert_array_equal(part, fraction)
    np.testing.assert_array_equal(whole, integral)


def sums(out, x, y, z):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = libdevice.sad(x[i], y[i], z[i])
        out[i + x.size] = libdevice.usad(x[i], y[i], z[i])


def test_sad_is_the_wrapping_sum_of_absolute_differences() -> None:
    x = np.array([5, -3, 2**31 - 1, -(2**31), 0, 7], np.int32)
    y = np.array([9, 4, -(2**31), 2**31 - 1, 0, 7], np.int32)
    z = np.array([1, 0, 3, 2**31 - 1, -4, 2], np.int32)
    out = np.zeros(2 * x.size, np.int32)
    module = simt.compile_python(sums, "void(int32[:], int32[:], int32[:], int32[:])")
    simt.simulate(module, 1, 32, [out, x, y, z])

    def wrap(v: int) -> int:
        return (v + 2**31) % 2**32 - 2**31

    for i, (a, b, w) in enumerate(zip(x.tolist(), y.tolist(), z.tolist(), strict=True)):
        assert out[i] == wrap(abs(a - b) + w)
        ua, ub = a % 2**32, b % 2**32
        assert out[i + x.size] == wrap(abs(ua - ub) + w)


def test_kernels_assemble(ptxas: Path) -> None:
    for kernel, signature in (
        (tuples, SIGNATURE),
        (sums, "void(int32[:], int32[:], int32[:], int32[:])"),
    ):
        module = simt.compile_python(kernel, signature)
        simt.apply_passes(module, "simt-optimize")
        (resources,) = assemble(
            simt.to_ptx(module, "sm_80", ptxas=False), "sm_80", ptxas
        )
        assert resources.registers > 0


@pytest.mark.parametrize("name", ["sincospi", "remquo"])
def test_other_pointer_functions_are_located_errors(name: str) -> None:
    source = (
        "from numba import cuda\nfrom numba.cuda import libdevice\n"
        f"def k(out, x):\n    out[0] = libdevice.{name}(x[0])\n"
    )
    with pytest.raises(simt.SimtError, match=rf"libdevice\.{name}"):
        simt.compile_python(source, "void(float64[:], float64[:])")
