"""Calls that spell an expression: the `operator` module's functions
(`operator.add(a, b)` is `a + b`, as numba-cuda types and computes it) and
the cache-hinted loads and stores (`cuda.ldcg(a, i)` is `a[i]`), including
functions bound to a variable as numba-cuda's own tests write them. Each is
simulated against the infix form or numpy, after a pass pipeline too, and
assembled by ptxas.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numba import cuda

import simt
from simt.frontend import FrontendError
from simt.lowering.ptxas import assemble

BINARY = [
    (operator.add, lambda a, b: a + b),
    (operator.sub, lambda a, b: a - b),
    (operator.mul, lambda a, b: a * b),
    (operator.truediv, lambda a, b: a / b),
    (operator.floordiv, lambda a, b: a // b),
    (operator.mod, lambda a, b: a % b),
    (operator.pow, lambda a, b: a**b),
    (operator.iadd, lambda a, b: a + b),
    (operator.itruediv, lambda a, b: a / b),
    (operator.lt, lambda a, b: a < b),
    (operator.ge, lambda a, b: a >= b),
    (operator.eq, lambda a, b: a == b),
    (operator.ne, lambda a, b: a != b),
]
INTEGER = [
    (operator.and_, lambda a, b: a & b),
    (operator.or_, lambda a, b: a | b),
    (operator.ixor, lambda a, b: a ^ b),
    (operator.lshift, lambda a, b: a << b),
    (operator.rshift, lambda a, b: a >> b),
]
UNARY = [
    (operator.neg, lambda a: -a),
    (operator.pos, lambda a: +a),
    (operator.abs, lambda a: abs(a)),
    (operator.not_, lambda a: not a),
]
SIGNATURES = {
    "float64": "void(float64[:], float64[:], float64[:])",
    "int32": "void(int32[:], int32[:], int32[:])",
}


def _binary_kernel(op: Callable[..., Any]) -> Callable[..., None]:
    def kernel(out, a, b):
        i = cuda.grid(1)
        out[i] = op(a[i], b[i])

    return kernel


def _unary_kernel(op: Callable[..., Any]) -> Callable[..., None]:
    def kernel(out, a, b):
        i = cuda.grid(1)
        out[i] = op(a[i])

    return kernel


def _inputs(dtype: str, signed: bool = True) -> list[np.ndarray]:
    """Random operands; `b` is nonzero (negative too unless `signed` is
    False: shift amounts)."""
    rng = np.random.default_rng(5)
    if dtype == "int32":
        a = rng.integers(-20, 20, 64).astype(np.int32)
        b = rng.integers(1, 5, 64) * (rng.choice([-1, 1], 64) if signed else 1)
        return [np.zeros(64, np.int32), a, b.astype(np.int32)]
    a = rng.normal(size=64) * 4
    b = rng.normal(size=64) + 0.5
    return [np.zeros(64), a, b]


def _run(
    kernel: Callable[..., None], dtype: str, pipeline: str = "", signed: bool = True
) -> np.ndarray:
    module = simt.compile_python(kernel, SIGNATURES[dtype])
    if pipeline:
        simt.apply_passes(module, pipeline)
    args = _inputs(dtype, signed)
    simt.simulate(module, 2, 32, args)
    return args[0]


@pytest.mark.parametrize("dtype", sorted(SIGNATURES))
@pytest.mark.parametrize(("op", "spelled"), BINARY, ids=lambda f: f.__name__)
def test_binary_functions_are_their_operators(
    op: Callable[..., Any], spelled: Callable[..., Any], dtype: str
) -> None:
    got = _run(_binary_kernel(op), dtype)
    np.testing.assert_array_equal(got, _run(_binary_kernel(spelled), dtype))
    np.testing.assert_array_equal(got, _run(_binary_kernel(op), dtype, "simt-optimize"))


@pytest.mark.parametrize(("op", "spelled"), INTEGER, ids=lambda f: f.__name__)
def test_bit_functions_are_their_operators(
    op: Callable[..., Any], spelled: Callable[..., Any]
) -> None:
    got = _run(_binary_kernel(op), "int32", signed=False)
    expected = _run(_binary_kernel(spelled), "int32", signed=False)
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("dtype", sorted(SIGNATURES))
@pytest.mark.parametrize(("op", "spelled"), UNARY, ids=lambda f: f.__name__)
def test_unary_functions_are_their_operators(
    op: Callable[..., Any], spelled: Callable[..., Any], dtype: str
) -> None:
    got = _run(_unary_kernel(op), dtype)
    np.testing.assert_array_equal(got, _run(_unary_kernel(spelled), dtype))


def test_values_are_numpys() -> None:
    """Python's rounding of `//` and `%` on negative integers, true division
    of integers into float64 (stored back as int32 by truncation)."""
    _, a, b = _inputs("int32")
    np.testing.assert_array_equal(
        _run(_binary_kernel(operator.floordiv), "int32"), np.floor_divide(a, b)
    )
    np.testing.assert_array_equal(
        _run(_binary_kernel(operator.mod), "int32"), np.mod(a, b)
    )
    np.testing.assert_array_equal(
        _run(_binary_kernel(operator.truediv), "int32"), (a / b).astype(np.int32)
    )
    _, x, y = _inputs("float64")
    np.testing.assert_array_equal(
        _run(_binary_kernel(operator.truediv), "float64"), x / y
    )


def hinted_copy(out, src, out2, src2):
    i = cuda.grid(1)
    if i < src.size:
        cuda.stcg(out, i, cuda.ldcg(src, i) + cuda.ldca(src, i))
        cuda.stwt(out, i, cuda.ldcs(src, i) * 2 + cuda.ldlu(src, i) - cuda.ldcv(src, i))
    if i < src2.shape[0]:
        for j in range(src2.shape[1]):
            cuda.stcs(out2, (i, j), cuda.ldcg(src2, (i, j)))
            cuda.stwb(out2, (i, j), cuda.ldcg(src2, (i, j)) + 1)


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int64", "float16", "float64"])
def test_cache_hinted_loads_and_stores_are_plain_ones(dtype: str) -> None:
    signature = f"void({dtype}[:], {dtype}[:], {dtype}[:, :], {dtype}[:, :])"
    module = simt.compile_python(hinted_copy, signature)
    src = np.arange(40).astype(dtype)
    src2 = np.arange(12).reshape(4, 3).astype(dtype)
    out, out2 = np.zeros_like(src), np.zeros_like(src2)
    simt.simulate(module, 2, 32, [out, src, out2, src2])
    np.testing.assert_array_equal(out, src * 2)
    np.testing.assert_array_equal(out2, src2 + 1)


def test_kernels_assemble(ptxas: Path) -> None:
    for kernel, signature in (
        (_binary_kernel(operator.floordiv), SIGNATURES["int32"]),
        (_unary_kernel(operator.abs), SIGNATURES["float64"]),
        (hinted_copy, "void(float32[:], float32[:], float32[:, :], float32[:, :])"),
    ):
        module = simt.compile_python(kernel, signature)
        simt.apply_passes(module, "simt-optimize")
        (resources,) = assemble(
            simt.to_ptx(module, "sm_80", ptxas=False), "sm_80", ptxas
        )
        assert resources.registers > 0


def test_other_operator_functions_are_located_errors() -> None:
    def kernel(out, a, b):
        i = cuda.grid(1)
        out[i] = operator.getitem(a, i)

    with pytest.raises(FrontendError, match=r"operator\.getitem.*operator module"):
        simt.compile_python(kernel, SIGNATURES["int32"])


def test_cache_hints_need_an_array() -> None:
    def kernel(out, a, b):
        i = cuda.grid(1)
        out[i] = cuda.ldcg(a[i], 0)

    with pytest.raises(FrontendError, match=r"cuda\.ldcg of a value that is not an"):
        simt.compile_python(kernel, SIGNATURES["int32"])
