"""complex64 / complex128 in kernels: arrays and scalar parameters, local and
constant arrays, record fields, `+ - * / **` (and `pow`), `==`, unary minus,
`.real`, `.imag`, `.conjugate()`, the views `a.real` / `a.imag` of complex
arrays, mixed with real numbers as numba types them.

Each kernel is simulated and compared with numpy (division to a few ulps:
numba's, and simt's, is CPython's Smith algorithm, numpy's is not), then
simulated again after each pass pipeline (results must not change), and its
PTX assembled by ptxas for sm_70, sm_80 and sm_90.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numba import complex128, cuda

import simt
from simt.frontend import FrontendError
from simt.frontend.numba_lowerings import complex_power_function
from simt.frontend.signature import signature_of_args
from simt.frontend.types import COMPLEX128
from simt.lowering.ptx import ARCHES
from simt.lowering.ptxas import assemble

PIPELINES = ("simt-flatten-loops{mode=always}", "simt-linearize", "simt-optimize")

ROOTS = np.exp(2j * np.pi * np.arange(4) / 4).astype(np.complex64)


def arithmetic(out, x, y, k):
    i = cuda.grid(1)
    if i < out.size:
        z = x[i] * y[i] - x[i] / y[i] + k
        if z == x[i]:
            z = -z
        out[i] = z.conjugate() + ROOTS[i % 4]


def accumulate(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += b
        a[i] *= 2


def local_parts(out, a):
    buf = cuda.local.array(4, dtype=a.dtype)
    tmp = cuda.local.array(1, dtype=complex128)
    i = cuda.grid(1)
    if i < a.shape[0]:
        for k in range(4):
            buf[k] = a[i, k]
        acc = 0j
        for k in range(4):
            tmp[0] = buf[k] * buf[3 - k]
            acc += tmp[0]
        out[i, 0] = acc.real
        out[i, 1] = acc.imag


def casts(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = complex(x[i], 2.0) + np.complex64(x[i]) * complex(1) - 1j


def powers(out, x, y):
    i = cuda.grid(1)
    if i < out.size:
        z = x[i] ** y[i] + pow(x[i], 2) - 2.0 ** y[i]
        z **= 1.5 - 0.5j
        out[i] = z


def part_views(a, b):
    i = cuda.grid(1)
    if i < a.shape[0]:
        cuda.atomic.add(a.real, i, 1)
        row = b.imag[i]
        for k in range(b.shape[1]):
            row[k] = b.real[i, k] * 2 + a.imag[i]


def _cplx(rng: np.random.Generator, n: Any, dtype: Any) -> np.ndarray[Any, Any]:
    return (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)


def _arith_ref(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    _, x, y, k = args
    z = (x * y - x / y).astype(np.complex128) + k
    z = np.where(z == x, -z, z)
    return [z.conj() + ROOTS[np.arange(len(x)) % 4]]


def _acc_ref(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    return [(args[0] + args[1]) * 2]


def _local_ref(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    a = args[1]
    acc = (a * a[:, ::-1]).sum(axis=1)
    return [np.stack([acc.real, acc.imag], axis=1)]


@dataclass(frozen=True)
class Case:
    kernel: Callable[..., None]
    make_args: Callable[[np.random.Generator], list[Any]]
    expected: Callable[[list[Any]], list[np.ndarray[Any, Any]]]


CASES = {
    "casts": Case(
        casts,
        lambda rng: [np.zeros(40, np.complex128), rng.standard_normal(40)],
        lambda args: [
            args[1] + 2j + args[1].astype(np.complex64).astype(np.complex128) - 1j
        ],
    ),
    "arithmetic": Case(
        arithmetic,
        lambda rng: [
            np.zeros(40, np.complex128),
            _cplx(rng, 40, np.complex64),
            _cplx(rng, 40, np.complex64),
            1.5,
        ],
        _arith_ref,
    ),
    "accumulate": Case(
        accumulate,
        lambda rng: [_cplx(rng, 40, np.complex128), 0.5 - 2j],
        _acc_ref,
    ),
    "powers": Case(
        powers,
        lambda rng: [
            np.zeros(40, np.complex128),
            _cplx(rng, 40, np.complex128),
            _cplx(rng, 40, np.complex128),
        ],
        lambda args: [
            (args[1] ** args[2] + args[1] ** 2 - 2.0 ** args[2]) ** (1.5 - 0.5j)
        ],
    ),
    "part_views": Case(
        part_views,
        lambda rng: [_cplx(rng, 40, np.complex128), _cplx(rng, (40, 3), np.complex64)],
        lambda args: [
            args[0] + 1,
            args[1].real + 1j * (args[1].real * 2 + args[0].imag[:, None]),
        ],
    ),
    "local_parts": Case(
        local_parts,
        lambda rng: [np.zeros((40, 2)), _cplx(rng, (40, 4), np.complex128)],
        _local_ref,
    ),
}


def run(module: Any, args: list[Any]) -> list[np.ndarray[Any, Any]]:
    copies = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
    simt.simulate(module, 2, 32, copies, trace=False)
    return [a for a in copies if isinstance(a, np.ndarray)]


@pytest.mark.parametrize("name", sorted(CASES))
def test_kernel_matches_numpy(name: str) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(4))
    module = simt.compile_python(case.kernel, signature_of_args(args))
    outputs = run(module, args)
    for output, expected in zip(outputs, case.expected(args), strict=False):
        np.testing.assert_allclose(output, expected, rtol=2e-6)


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_passes_keep_results_and_ptx_assembles(
    name: str, pipeline: str, ptxas: Path
) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(8))
    signature = signature_of_args(args)
    before = run(simt.compile_python(case.kernel, signature), args)
    module = simt.compile_python(case.kernel, signature)
    simt.apply_passes(module, pipeline)
    after = run(module, args)
    for b, a in zip(before, after, strict=True):
        np.testing.assert_array_equal(a, b)
    for arch in ARCHES:
        assemble(simt.to_ptx(module, arch, ptxas=False), arch, ptxas)


def test_division_is_smiths_algorithm_with_nan_for_zero() -> None:
    """numba's complex division (CPython's `_Py_c_quot`), bit for bit."""

    def divide(out, x, y):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = x[i] / y[i]

    x = np.array([1 + 2j, 3 - 1j, 1 + 1j, 2 + 0j], np.complex128)
    y = np.array([2 - 3j, 1e-3 + 5j, 0j, -4 + 0j], np.complex128)
    out = np.zeros(4, np.complex128)
    module = simt.compile_python(divide, signature_of_args([out, x, y]))
    simt.simulate(module, 1, 4, [out, x, y], trace=False)
    for k in (0, 1, 3):
        assert complex(out[k]) == complex(x[k]) / complex(y[k])  # _Py_c_quot
    assert np.isnan(out[2].real) and np.isnan(out[2].imag)


def _cpow_internal(a: complex, b: complex) -> complex:
    """numba-cuda's complex power (`cpow_internal` of numba/cuda/mathimpl.py,
    as its lowering compiles it for complex128), run by CPython."""
    return complex(complex_power_function(COMPLEX128)(a, b))


def test_power_is_numba_cudas_cpow_on_special_values() -> None:
    """0 ** 0, 0 ** (0 + yj), 1j ** 1, negative bases, real and complex
    operands mixed: the values numba-cuda's `cpow_internal` gives."""

    def power(out, x, y, r):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = x[i] ** y[i]
            if i == 0:
                out[out.size - 1] = r[0] ** y[1]

    x = np.array([0j, 0j, 1j, -2 + 0j, -1 - 1j, 3 + 4j, 0.5j, 0j], np.complex128)
    y = np.array([0j, 2j, 1 + 0j, 0.5 + 0j, -1.5 + 2j, 2 + 0j, -3 - 1j, 0j])
    r = np.array([-8.0])
    out = np.zeros(8, np.complex128)
    module = simt.compile_python(power, signature_of_args([out, x, y, r]))
    simt.simulate(module, 1, 8, [out, x, y, r], trace=False)
    expected = [
        _cpow_internal(complex(a), complex(b)) for a, b in zip(x, y, strict=True)
    ]
    expected[-1] = _cpow_internal(-8.0 + 0j, complex(y[1]))
    np.testing.assert_allclose(out, expected, rtol=1e-15)
    assert out[0] == 1 and out[1] == 0


def test_number_joined_with_complex_is_complex() -> None:
    """A variable holding a float on one path and a complex number on another
    is complex after the join (imaginary part zero), as numba unifies them;
    a loop variable that becomes complex is widened to complex."""

    def branch(out, a):
        i = cuda.grid(1)  # pyright: ignore[reportCallIssue]
        if i < out.size:
            y = a[i]
            if a[i] < 0:
                y = complex(a[i], 1.0)
            out[i] = y

    def loop(out, a):
        x = 0.5
        for k in range(a.size):
            x = x * 1j + a[k]
        out[0] = x

    a = np.array([2.0, -2.0, 3.5, -0.5], np.float32)
    out = np.zeros(4, np.complex64)
    module = simt.compile_python(branch, signature_of_args([out, a]))
    simt.simulate(module, 1, 4, [out, a], trace=False)
    np.testing.assert_array_equal(out, [2, -2 + 1j, 3.5, -0.5 + 1j])
    x = 0.5
    for v in a:
        x = x * 1j + float(v)
    total = np.zeros(1, np.complex128)
    module = simt.compile_python(loop, signature_of_args([total, a]))
    simt.simulate(module, 1, 1, [total, a], trace=False)
    np.testing.assert_allclose(total, [x], rtol=1e-15)


def test_complex_record_field() -> None:
    dtype = np.dtype([("n", np.int32), ("z", np.complex64)], align=True)

    def rotate(ps):
        i = cuda.grid(1)
        if i < ps.size:
            ps[i].z = ps[i].z * 1j + ps[i].n

    ps = np.zeros(8, dtype)
    ps["n"] = np.arange(8)
    ps["z"] = np.arange(8) * (1 - 1j)
    expected = ps["z"] * 1j + ps["n"]
    module = simt.compile_python(rotate, signature_of_args([ps]))
    simt.simulate(module, 1, 8, [ps], trace=False)
    np.testing.assert_allclose(ps["z"], expected)


def test_ordering_complex_numbers_is_a_located_error() -> None:
    def less(out, x):
        out[0] = x[0] < x[1]

    args = [np.zeros(1, np.bool_), np.zeros(2, np.complex128)]
    with pytest.raises(FrontendError, match="not ordered") as info:
        simt.compile_python(less, signature_of_args(args))
    assert "test_complex.py:" in str(info.value)
