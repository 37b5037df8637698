"""numba-cuda's math library, atomics and warp primitives through the frontend:
typing checked against numba-cuda's own typing context, kernels compiled,
simulated and compared with Python references, and located errors."""

from __future__ import annotations

import math
import textwrap
from typing import Any

import numpy as np
import pytest
from xdsl.dialects.builtin import f32, f64, i1, i32, i64
from xdsl.ir import Attribute

import simt
from simt.frontend import FrontendError, compile_python
from simt.frontend.intrinsics import binary_float, pow_overload, unary_float

TYPES: dict[str, Attribute] = {
    "boolean": i1,
    "int32": i32,
    "int64": i64,
    "float32": f32,
    "float64": f64,
}

UNARY = ["sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
         "asinh", "acosh", "atanh", "exp2", "expm1", "log2", "log10", "log1p",
         "erf", "erfc", "gamma", "lgamma", "fabs", "trunc", "radians", "degrees"]  # fmt: skip
BINARY = ["atan2", "hypot"]
FLOAT_BINARY = ["copysign", "fmod", "remainder", "nextafter"]


@pytest.fixture(scope="module")
def numba_typing() -> Any:
    from numba.cuda.descriptor import cuda_target

    context = cuda_target.typing_context
    context.refresh()
    return context


def _resolve(context: Any, fn: Any, *names: str) -> tuple[list[str], str]:
    from numba.cuda import types

    signature = context.resolve_function_type(
        context.resolve_value_type(fn), tuple(getattr(types, n) for n in names), {}
    )
    return [str(a) for a in signature.args], str(signature.return_type)


_NAMES = {i1: "bool", i32: "int32", i64: "int64", f32: "float32", f64: "float64"}


@pytest.mark.parametrize("fn", UNARY)
def test_unary_math_typing_is_numbas(numba_typing: Any, fn: str) -> None:
    for name, t in TYPES.items():
        _, result = _resolve(numba_typing, getattr(math, fn), name)
        assert _NAMES[unary_float(t)] == result, (fn, name)


@pytest.mark.parametrize("fn", BINARY + FLOAT_BINARY + ["pow"])
def test_binary_math_typing_is_numbas(numba_typing: Any, fn: str) -> None:
    for a_name, a in TYPES.items():
        for b_name, b in TYPES.items():
            if fn in FLOAT_BINARY and not (a in (f32, f64) or b in (f32, f64)):
                continue
            if "boolean" in (a_name, b_name) and fn != "atan2":
                continue
            args, result = _resolve(numba_typing, getattr(math, fn), a_name, b_name)
            if fn == "pow":
                base, exponent = pow_overload(a, b)
                assert [_NAMES[base], _NAMES[exponent]] == args, (fn, a_name, b_name)
            else:
                assert _NAMES[binary_float(a, b)] == result, (fn, a_name, b_name)


def _kernel(body: str, params: str = "x, out") -> str:
    return textwrap.dedent(
        f"""\
        import math
        from numba import cuda

        def kernel({params}):
            i = cuda.grid(1)
            if i < out.size:
        """
    ) + textwrap.indent(textwrap.dedent(body), " " * 8)


SAMPLES = [
    0.0,
    -0.0,
    0.3,
    -0.7,
    1.0,
    2.5,
    -3.0,
    10.0,
    math.inf,
    -math.inf,
    math.nan,
    1e-3,
]


def _simulate(source: str, signature: str, args: list[Any]) -> None:
    module = compile_python(source, signature)
    simt.simulate(module, (1,), (len(args[-1]),), args)


def _c_reference(fn: Any, x: float) -> float:
    try:
        return fn(x)
    except ValueError:
        return math.nan
    except OverflowError:
        return math.copysign(math.inf, x) if fn is math.sinh else math.inf


def _lgamma(x: float) -> float:
    """C's lgamma: +inf at the poles (Python raises)."""
    try:
        return math.lgamma(x)
    except ValueError:
        return math.inf


@pytest.mark.parametrize(
    ("fn", "reference"),
    [
        ("sin", math.sin), ("tanh", math.tanh), ("asinh", math.asinh),
        ("expm1", math.expm1), ("erfc", math.erfc), ("lgamma", _lgamma),
        ("fabs", math.fabs), ("trunc", lambda x: float(np.trunc(x))),
        ("radians", math.radians), ("sinh", math.sinh),
    ],
)  # fmt: skip
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_math_functions_compile_and_match_c(
    fn: str, reference: Any, dtype: str
) -> None:
    x = np.array(SAMPLES, dtype=dtype)
    out = np.zeros_like(x)
    source = _kernel(f"out[i] = math.{fn}(x[i])")
    _simulate(source, f"void({dtype}[:], {dtype}[:])", [x, out])
    with np.errstate(all="ignore"):
        expected = np.array([_c_reference(reference, float(v)) for v in x]).astype(
            dtype
        )
    rtol = 1e-6 if dtype == "float32" else 1e-13
    np.testing.assert_allclose(out, expected, rtol=rtol, equal_nan=True)


def test_integer_arguments_compute_in_float64() -> None:
    x = np.array([1, 2, 3, -4], dtype=np.int32)
    out = np.zeros(4, dtype=np.float64)
    source = _kernel("out[i] = math.atan2(x[i], 3) + math.hypot(x[i], x[i])")
    _simulate(source, "void(int32[:], float64[:])", [x, out])
    expected = [math.atan2(v, 3) + math.hypot(v, v) for v in x.tolist()]
    np.testing.assert_allclose(out, expected, rtol=1e-15)


def test_classification_pow_ldexp_and_round() -> None:
    x = np.array([0.5, -2.5, math.inf, math.nan, 3.5, -0.0], dtype=np.float32)
    out = np.zeros(6, dtype=np.float64)
    body = """\
    v = x[i]
    out[i] = (math.isnan(v) * 1 + math.isinf(v) * 10 + math.isfinite(v) * 100
              + math.ldexp(v, 2) * 0 + round(v) * 1000 if math.isfinite(v) else
              math.isnan(v) * 1 + math.isinf(v) * 10)
    """
    _simulate(_kernel(body), "void(float32[:], float64[:])", [x, out])
    assert out.tolist() == [100.0, -1900.0, 10.0, 1.0, 4100.0, 100.0]
    y = np.array([2.0, 0.5, 3.0, -1.0, 0.0, 4.0], dtype=np.float32)
    n = np.array([3, -2, 0, 5, -1, 1], dtype=np.int32)
    powers = np.zeros(6, dtype=np.float32)
    source = _kernel("out[i] = x[i] ** n[i] + math.pow(x[i], 0.5)", "x, n, out")
    _simulate(source, "void(float32[:], int32[:], float32[:])", [y, n, powers])
    with np.errstate(all="ignore"):
        expected = (y.astype(np.float64) ** n + np.sqrt(y.astype(np.float64))).astype(
            np.float32
        )
    np.testing.assert_allclose(powers, expected, rtol=1e-6)


def test_every_atomic_through_the_frontend() -> None:
    body = """\
    k = i % 2
    old = cuda.atomic.max(imax, k, x[i]) + cuda.atomic.min(imin, k, x[i])
    old += cuda.atomic.sub(isub, k, x[i]) + cuda.atomic.and_(iand, k, x[i])
    old += cuda.atomic.or_(ior, k, x[i]) + cuda.atomic.xor(ixor, k, x[i])
    old += cuda.atomic.inc(iinc, k, 5) + cuda.atomic.dec(idec, k, 5)
    old += cuda.atomic.exch(iexch, k, x[i]) + cuda.atomic.cas(icas, k, i, i + 100)
    out[i] = old
    """
    names = [
        "imax",
        "imin",
        "isub",
        "iand",
        "ior",
        "ixor",
        "iinc",
        "idec",
        "iexch",
        "icas",
    ]
    params = ", ".join(["x", *names, "out"])
    signature = "void(" + ", ".join(["int32[:]"] * (len(names) + 2)) + ")"
    x = np.array([3, 9, 1, 12, 7, 6, 2, 8], dtype=np.int32)
    arrays = {name: np.zeros(2, dtype=np.int32) for name in names}
    arrays["imin"][:] = 100
    out = np.zeros(8, dtype=np.int32)
    _simulate(_kernel(body, params), signature, [x, *arrays.values(), out])
    expected = {name: np.zeros(2, dtype=np.int64) for name in names}
    expected["imin"][:] = 100
    ops = {
        "imax": max, "imin": min, "isub": lambda o, v: o - v,
        "iand": lambda o, v: o & v, "ior": lambda o, v: o | v,
        "ixor": lambda o, v: o ^ v, "iexch": lambda o, v: v,
    }  # fmt: skip
    for lane, value in enumerate(x.tolist()):
        k = lane % 2
        for name, fn in ops.items():
            expected[name][k] = fn(expected[name][k], value)
        expected["iinc"][k] = 0 if expected["iinc"][k] >= 5 else expected["iinc"][k] + 1
        old = expected["idec"][k]
        expected["idec"][k] = 5 if old == 0 or old > 5 else old - 1
        if expected["icas"][k] == lane:
            expected["icas"][k] = lane + 100
    for name in names:
        assert arrays[name].tolist() == expected[name].tolist(), name


def test_warp_primitives_through_the_frontend() -> None:
    body = """\
    v = x[i]
    lane = cuda.laneid
    total = cuda.shfl_xor_sync(0xffffffff, v, 1) + cuda.shfl_sync(0xffffffff, v, 0)
    mask = cuda.ballot_sync(cuda.activemask(), v > 4)
    same = cuda.eq_sync(0xffffffff, v > 100)
    group = cuda.match_any_sync(0xffffffff, v % 3)
    n = cuda.syncthreads_count(v > 4)
    cuda.syncwarp(0xffffffff)
    cuda.threadfence_block()
    out[i] = (total * 1000000 + cuda.popc(mask) * 10000 + n * 100 + same
              + cuda.popc(group) * 2 + cuda.lanemask_lt() * 0 + lane * 0)
    """
    x = (np.arange(32, dtype=np.int32) * 7) % 11
    out = np.zeros(32, dtype=np.int64)
    _simulate(_kernel(body), "void(int32[:], int64[:])", [x, out])
    for lane in range(32):
        total = int(x[lane ^ 1]) + int(x[0])
        ballot = sum(1 for v in x if v > 4)
        group = sum(1 for v in x if v % 3 == x[lane] % 3)
        assert (
            out[lane] == total * 1000000 + ballot * 10000 + ballot * 100 + 1 + group * 2
        )


def test_bit_operations_fma_and_selp() -> None:
    body = """\
    v = x[i]
    out[i] = cuda.clz(v) * 1000 + cuda.ffs(v) * 10 + cuda.selp(v > 5, 1, 2) + cuda.brev(v) * 0
    f[i] = cuda.fma(1.5, float(v), 0.25)
    """
    x = np.array([0, 1, 6, 1 << 20, -1], dtype=np.int32)
    out = np.zeros(5, dtype=np.int64)
    f = np.zeros(5, dtype=np.float64)
    _simulate(
        _kernel(body, "x, f, out"), "void(int32[:], float64[:], int64[:])", [x, f, out]
    )
    clz = [32, 31, 29, 11, 0]
    ffs = [0, 1, 2, 21, 1]
    selp = [2, 2, 1, 1, 2]
    assert out.tolist() == [
        c * 1000 + s * 10 + p for c, s, p in zip(clz, ffs, selp, strict=True)
    ]
    assert f.tolist() == [1.5 * v + 0.25 for v in x.tolist()]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("x = math.modf(1.5)", "unsupported construct 'math.modf()'"),
        ("x = divmod(n, 2)", "unsupported construct 'divmod()'"),
        ("x = round(1.5, 2)", "unsupported construct 'round(x, ndigits)'"),
        ("x = cuda.atomic.xor(a, 0, 1.5) + cuda.atomic.and_(f, 0, 1)", "cuda.atomic.and_ expects an integer array, found float32"),
        ("x = cuda.clz(1.5)", "cuda.clz() expects an integer, found float64"),
        ("x = math.hypot(1.0)", "math.hypot() expects 2 argument(s), found 1"),
        ("x = cuda.cg.this_grid()", "cooperative groups"),
    ],
)  # fmt: skip
def test_unsupported_and_wrong_calls_are_located(line: str, message: str) -> None:
    source = (
        f"import math\nfrom numba import cuda\n\ndef kernel(a, f, n):\n    {line}\n"
    )
    with pytest.raises(FrontendError) as info:
        compile_python(source, "void(int32[:], float32[:], int32)")
    assert str(info.value).startswith("<string>:5:"), str(info.value)
    assert message in str(info.value)
