"""numpy ufuncs on arrays in a kernel (`np.sin(x, r)`, `np.add(a, b, out)`),
as numba-cuda compiles them: the loop numpy's rules pick for the input and
output types, broadcast over the output's shape. Each kernel is compiled,
simulated and compared with numpy's ufunc on the same dtypes; the forms
numba-cuda rejects are located errors."""

from __future__ import annotations

import textwrap
import warnings
from typing import Any

import numpy as np
import pytest

import simt
from simt.frontend import FrontendError, compile_python

RNG = np.random.default_rng(7)


def _source(call: str, params: str) -> str:
    return textwrap.dedent(
        f"""\
        import numpy as np

        def kernel({params}):
            {call}
        """
    )


def _run(call: str, signature: str, args: list[Any]) -> None:
    params = ", ".join(f"a{k}" for k in range(len(args)))
    module = compile_python(_source(call, params), signature)
    simt.simulate(module, (1,), (1,), args)


def _expected(ufunc: Any, inputs: list[Any], out: np.ndarray) -> np.ndarray:
    expected = np.zeros_like(out)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ufunc(*inputs, expected, casting="unsafe")
    return expected


def _check(ufunc: Any, inputs: list[Any], out: np.ndarray, signature: str) -> None:
    names = ", ".join(f"a{k}" for k in range(len(inputs) + 1))
    _run(f"np.{ufunc.__name__}({names})", signature, [*inputs, out])
    np.testing.assert_allclose(out, _expected(ufunc, inputs, out), rtol=2e-6)


def _values(dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    kind = np.dtype(dtype).kind
    if kind in "iu":
        return RNG.integers(0 if kind == "u" else -5, 6, shape).astype(dtype)
    if kind == "c":
        parts = RNG.uniform(-0.9, 0.9, (2, *shape))
        return (parts[0] + 1j * parts[1]).astype(dtype)
    return RNG.uniform(-0.9, 0.9, shape).astype(dtype)


# -- unary ---------------------------------------------------------------------

UNARY = [np.sin, np.cos, np.arctan, np.tanh, np.log10, np.deg2rad, np.sqrt]


@pytest.mark.parametrize("ufunc", UNARY, ids=lambda u: u.__name__)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_unary_1d(ufunc: Any, dtype: str) -> None:
    x = np.abs(_values(dtype, (13,))) + 0.1
    out = np.zeros(13, dtype)
    _check(ufunc, [x], out, f"void({dtype}[::1], {dtype}[::1])")


def test_doc_example_sin() -> None:
    """numba-cuda's documentation example: `np.sin(x, r)` of float32."""
    x = np.arange(10, dtype=np.float32) - 5
    r = np.zeros_like(x)
    _run("np.sin(a1, a0)", "void(float32[:], float32[:])", [r, x])
    np.testing.assert_allclose(r, np.sin(x), rtol=1e-6)


def test_unary_2d_and_f_order() -> None:
    x = np.asfortranarray(_values("float64", (4, 5)))
    out = np.zeros((4, 5))
    _check(np.cos, [x], out, "void(float64[::1, :], float64[:, ::1])")


def test_integer_input_computes_in_float64() -> None:
    """`i->d` is not a loop of np.sin: int32 runs `d->d` (numpy's rule)."""
    x = _values("int32", (9,))
    out = np.zeros(9, np.float64)
    _check(np.sin, [x], out, "void(int32[::1], float64[::1])")


def test_float64_result_into_float32_output() -> None:
    x = _values("float64", (7,))
    out = np.zeros(7, np.float32)
    _check(np.exp, [x], out, "void(float64[::1], float32[::1])")


def test_scalar_input_fills_the_output() -> None:
    out = np.zeros(6, np.float64)
    _run("np.sin(a0, a1)", "void(float64, float64[::1])", [np.float64(0.5), out])
    np.testing.assert_allclose(out, np.full(6, np.sin(0.5)), rtol=1e-15)


# -- binary --------------------------------------------------------------------

BINARY = [np.add, np.subtract, np.multiply, np.true_divide, np.arctan2, np.hypot,
          np.maximum, np.fmin, np.power]  # fmt: skip


@pytest.mark.parametrize("ufunc", BINARY, ids=lambda u: u.__name__)
def test_binary_2d(ufunc: Any) -> None:
    a, b = np.abs(_values("float64", (3, 4))) + 0.1, _values("float64", (3, 4))
    out = np.zeros((3, 4))
    sig = "void(float64[:, ::1], float64[:, ::1], float64[:, ::1])"
    _check(ufunc, [a, b], out, sig)


def test_mixed_types_pick_numpys_loop() -> None:
    """int16 with float32 runs `ff->f` (numba's mixed-kind rule), int32 with
    int64 `ll->l`."""
    a, b = _values("int16", (8,)), _values("float32", (8,))
    out = np.zeros(8, np.float32)
    _check(np.multiply, [a, b], out, "void(int16[::1], float32[::1], float32[::1])")
    c, d = _values("int32", (8,)), _values("int64", (8,))
    wide = np.zeros(8, np.int64)
    _check(np.add, [c, d], wide, "void(int32[::1], int64[::1], int64[::1])")


@pytest.mark.parametrize("ufunc", [np.greater, np.less_equal, np.not_equal])
def test_comparisons_give_bool(ufunc: Any) -> None:
    a, b = _values("int32", (10,)), _values("int32", (10,))
    out = np.zeros(10, np.bool_)
    _check(ufunc, [a, b], out, "void(int32[::1], int32[::1], bool[::1])")


def test_comparison_into_integer_output() -> None:
    a, b = _values("float32", (10,)), _values("float32", (10,))
    out = np.zeros(10, np.int32)
    _check(np.greater, [a, b], out, "void(float32[::1], float32[::1], int32[::1])")


def test_signed_unsigned_comparison() -> None:
    """numpy >= 1.25's `qQ->?` loop: a negative int64 is below every uint64."""
    a = np.array([-1, -1, 0, 0, 1, 1], np.int64)
    b = np.array([0, 1, 0, 1, 0, 1], np.uint64)
    for ufunc in (np.greater, np.less, np.equal):
        out = np.zeros(6, np.bool_)
        _check(ufunc, [a, b], out, "void(int64[::1], uint64[::1], bool[::1])")
        back = np.zeros(6, np.bool_)
        _check(ufunc, [b, a], back, "void(uint64[::1], int64[::1], bool[::1])")


@pytest.mark.parametrize("ufunc", [np.bitwise_and, np.bitwise_xor, np.logical_or])
def test_integer_ufuncs(ufunc: Any) -> None:
    a, b = _values("uint16", (9,)), _values("uint16", (9,))
    out = np.zeros(9, np.uint16)
    _check(ufunc, [a, b], out, "void(uint16[::1], uint16[::1], uint16[::1])")


def test_invert_and_logical_not() -> None:
    x = _values("int8", (9,))
    out = np.zeros(9, np.int8)
    _check(np.invert, [x], out, "void(int8[::1], int8[::1])")
    _check(np.logical_not, [x], out, "void(int8[::1], int8[::1])")


# -- broadcasting ----------------------------------------------------------------


def test_scalar_and_array() -> None:
    a = _values("float32", (5, 3))
    out = np.zeros((5, 3), np.float32)
    sig = "void(float32, float32[:, ::1], float32[:, ::1])"
    _check(np.subtract, [np.float32(2.5), a], out, sig)


def test_row_broadcast_over_rows() -> None:
    """A 1-D input supplies the trailing dimension; an extent of 1 repeats."""
    a, row = _values("float64", (4, 3)), _values("float64", (3,))
    out = np.zeros((4, 3))
    _check(
        np.add, [a, row], out, "void(float64[:, ::1], float64[::1], float64[:, ::1])"
    )
    column = _values("float64", (4, 1))
    out2 = np.zeros((4, 3))
    sig = "void(float64[:, ::1], float64[:, ::1], float64[:, ::1])"
    _check(np.multiply, [column, a], out2, sig)


def test_output_is_an_input() -> None:
    a = _values("float64", (6,))
    expected = a + a
    _run("np.add(a0, a0, a0)", "void(float64[::1])", [a])
    np.testing.assert_allclose(a, expected)


def test_view_output() -> None:
    a = _values("float64", (4, 6))
    out = np.zeros((4, 6))
    _run("np.sin(a0[1:3], a1[1:3])", "void(float64[:, ::1], float64[:, ::1])", [a, out])
    np.testing.assert_allclose(out[1:3], np.sin(a[1:3]), rtol=1e-15)
    assert not out[0].any() and not out[3].any()


# -- complex ---------------------------------------------------------------------


@pytest.mark.parametrize("ufunc", [np.sin, np.arccosh, np.log2, np.tanh])
def test_complex_unary(ufunc: Any) -> None:
    z = _values("complex128", (6,))
    out = np.zeros(6, np.complex128)
    _check(ufunc, [z], out, "void(complex128[::1], complex128[::1])")


@pytest.mark.parametrize("ufunc", [np.greater_equal, np.maximum, np.logical_xor])
def test_complex_binary(ufunc: Any) -> None:
    z = np.array([1 + 2j, 1 + 1j, 2 - 1j, 0j, 1j], np.complex64)
    w = np.array([1 + 1j, 1 + 1j, 1 + 5j, 0j, 1 + 0j], np.complex64)
    out = np.zeros(5, np.complex64)
    _check(ufunc, [z, w], out, "void(complex64[::1], complex64[::1], complex64[::1])")


def test_complex_absolute_is_real() -> None:
    """`np.absolute` of complex128 runs `D->d`."""
    z = _values("complex128", (7,))
    out = np.zeros(7, np.float64)
    _check(np.absolute, [z], out, "void(complex128[::1], float64[::1])")


def test_complex_scalar_comparison() -> None:
    out = np.zeros(1, np.bool_)
    sig = "void(complex64, complex64, bool[::1])"
    _run("np.less(a0, a1, a2)", sig, [np.complex64(1 + 1j), np.complex64(1 + 2j), out])
    assert out[0]


# -- numbers without an output ---------------------------------------------------------


def test_scalar_ufunc_still_returns_a_number() -> None:
    out = np.zeros(1, np.bool_)
    _run("a2[0] = np.greater(a0, a1)", "void(int32, uint32, bool[::1])",
         [np.int32(-1), np.uint32(1), out])  # fmt: skip
    assert not out[0]


# -- errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "signature", "message"),
    [
        ("np.sin(a0, out=a1)", "void(float32[:], float32[:])", "keyword argument out="),
        ("np.sin(a0)", "void(float32[:], float32[:])", "without an output array"),
        ("np.sin(a0, a1)", "void(float64, float64)", "explicit output that is not an array"),
        ("np.sin(a0, a1)", "void(int32[:], int32[:])", "np.sin() has no loop for (int32, int32)"),
        ("np.sin(a0, a1)", "void(complex128[:], float64[:])", "no loop for (complex128, float64)"),
        ("np.add(a0, a1, a1, a0)", "void(float32[:], float32[:])", "too many arguments"),
        ("np.add(a0)", "void(float32[:], float32[:])", "not enough arguments"),
        ("np.sin(a0, a1)", "void(float32[:, :], float32[:])", "2-D input into a 1-D output"),
    ],
)  # fmt: skip
def test_rejected_forms_are_located(call: str, signature: str, message: str) -> None:
    with pytest.raises(FrontendError) as info:
        compile_python(_source(call, "a0, a1"), signature)
    assert str(info.value).startswith("<string>:4:"), str(info.value)
    assert message in str(info.value), str(info.value)
