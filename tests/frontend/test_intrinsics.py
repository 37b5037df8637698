"""Part 2 of the language through the frontend: numba-cuda's math library,
atomics, warp and block primitives, `**`, libdevice. The typing table is
checked against numba-cuda's typing context; kernels are compiled, simulated
and compared with Python references (numba's semantics); errors are located.

Tolerances of the math references: the simulator computes with numpy in the
call's own precision, the references with Python's double-precision `math`
rounded to the kernel's type; float32 results agree within 1e-6 relative
(a few ulp), float64 within 1e-13, special values (NaN, infinities, signed
zeros) exactly.
"""

from __future__ import annotations

import math
import textwrap
from typing import Any

import numpy as np
import pytest

import simt
from simt.frontend import FrontendError, compile_python
from simt.frontend.intrinsics_table import TABLE
from simt.frontend.intrinsics_typing import (
    libdevice_signature,
    numba_rows,
    resolve_intrinsic,
)
from simt.frontend.types import (
    FLOAT16,
    FLOAT32,
    FLOAT64,
    INT16,
    INT32,
    INT64,
    UINT16,
    UINT32,
)


def test_table_equals_numba_cuda_typing() -> None:
    assert sorted(TABLE.splitlines()) == sorted(numba_rows())


def test_overloads_are_numbas() -> None:
    atan2 = resolve_intrinsic("math.atan2", FLOAT32, INT16)
    assert atan2 is not None and atan2.result == FLOAT32
    mixed = resolve_intrinsic("math.hypot", FLOAT32, FLOAT64)
    assert mixed is not None and mixed.result == FLOAT64
    wide = resolve_intrinsic("math.atan2", UINT16, FLOAT32)
    assert wide is not None and wide.result == FLOAT64
    powi = resolve_intrinsic("math.pow", FLOAT32, INT32)
    assert powi is not None and powi.args == (FLOAT32, INT32)
    ffs = resolve_intrinsic("cuda.ffs", INT64)
    assert ffs is not None and ffs.result == UINT32
    half = resolve_intrinsic("math.copysign", FLOAT16, FLOAT16)
    assert half is not None and half.result == FLOAT32
    sinf = libdevice_signature("sinf")
    assert sinf is not None and (sinf.result, sinf.args) == (FLOAT32, (FLOAT32,))
    assert libdevice_signature("sincos") is None


# -- helpers ---------------------------------------------------------------------


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


def _simulate(source: str, signature: str, args: list[Any], threads: int = 0) -> None:
    module = compile_python(source, signature)
    simt.simulate(module, (1,), (threads or len(args[-1]),), args)


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


def _c(fn: Any) -> Any:
    """C's behaviour of a `math` function: NaN for a domain error, a signed
    infinity for an overflow (Python raises)."""

    def reference(*args: float) -> float:
        try:
            return fn(*args)
        except ValueError:
            if fn is math.lgamma:
                return math.inf
            return math.nan
        except OverflowError:
            if fn in (math.sinh, math.expm1, math.ldexp):
                return math.copysign(math.inf, args[0])
            return math.inf

    return reference


def _lgamma(x: float) -> float:
    return _c(math.lgamma)(x)


def _gamma(x: float) -> float:
    if x == 0.0:
        return math.copysign(math.inf, x)
    if x == -math.inf or (x < 0 and x == math.floor(x)):
        return math.nan
    return _c(math.gamma)(x)


UNARY: dict[str, Any] = {
    "sin": _c(math.sin), "cos": _c(math.cos), "tan": _c(math.tan),
    "asin": _c(math.asin), "acos": _c(math.acos), "atan": math.atan,
    "sinh": _c(math.sinh), "cosh": _c(math.cosh), "tanh": math.tanh,
    "asinh": math.asinh, "acosh": _c(math.acosh), "atanh": lambda x: float(np.arctanh(x)),
    "exp2": _c(lambda x: 2.0**x), "expm1": _c(math.expm1),
    "log2": lambda x: float(np.log2(x)), "log10": lambda x: float(np.log10(x)),
    "log1p": lambda x: float(np.log1p(x)),
    "erf": math.erf, "erfc": math.erfc, "gamma": _gamma, "lgamma": _lgamma,
    "fabs": math.fabs, "trunc": lambda x: float(np.trunc(x)),
    "radians": math.radians, "degrees": math.degrees,
}  # fmt: skip
"""Every one-argument function of `math` the frontend adds, with its C reference."""


def _close(out: np.ndarray[Any, Any], expected: list[float], dtype: str) -> None:
    want = np.array(expected, dtype=np.float64).astype(dtype)
    rtol = 1e-6 if dtype == "float32" else 1e-13
    np.testing.assert_allclose(out, want, rtol=rtol, atol=0, equal_nan=True)
    zero = want == 0
    np.testing.assert_array_equal(np.signbit(out[zero]), np.signbit(want[zero]))


def _values(dtype: str, fn: str) -> np.ndarray[Any, Any]:
    samples = SAMPLES
    if fn in ("sinh", "cosh", "exp2", "expm1", "gamma") and dtype == "float32":
        samples = [v for v in SAMPLES if abs(v) != 10.0] + [20.0]
    return np.array(samples, dtype=dtype)


# -- math ------------------------------------------------------------------------


@pytest.mark.parametrize("fn", sorted(UNARY))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_unary_math_matches_c_on_special_values(fn: str, dtype: str) -> None:
    x = _values(dtype, fn)
    out = np.zeros_like(x)
    _simulate(
        _kernel(f"out[i] = math.{fn}(x[i])"), f"void({dtype}[:], {dtype}[:])", [x, out]
    )
    with np.errstate(all="ignore"):
        expected = [UNARY[fn](float(v)) for v in x]
    _close(out, expected, dtype)


BINARY: dict[str, Any] = {
    "atan2": math.atan2,
    "hypot": math.hypot,
    "copysign": math.copysign,
    "fmod": _c(math.fmod),
    "remainder": _c(math.remainder),
    "pow": _c(math.pow),
}


@pytest.mark.parametrize("fn", sorted(BINARY))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_binary_math_matches_c(fn: str, dtype: str) -> None:
    pairs = [(a, b) for a in (0.0, -0.0, 0.5, -2.5, 3.0, math.inf, math.nan)
             for b in (0.0, -1.5, 2.0, 0.75, -math.inf, math.nan)]  # fmt: skip
    if fn == "pow":
        pairs = [(a, b) for a, b in pairs if not (a == 0 and b < 0)]
    x = np.array([a for a, _ in pairs], dtype=dtype)
    y = np.array([b for _, b in pairs], dtype=dtype)
    out = np.zeros_like(x)
    source = _kernel(f"out[i] = math.{fn}(x[i], y[i])", "x, y, out")
    _simulate(source, f"void({dtype}[:], {dtype}[:], {dtype}[:])", [x, y, out])
    with np.errstate(all="ignore"):
        expected = [BINARY[fn](float(a), float(b)) for a, b in zip(x, y, strict=True)]
    _close(out, expected, dtype)


def test_integer_arguments_compute_in_float64() -> None:
    x = np.array([1, 2, 3, -4], dtype=np.int32)
    out = np.zeros(4, dtype=np.float64)
    source = _kernel(
        "out[i] = math.atan2(x[i], 3) + math.hypot(x[i], x[i]) + math.sin(x[i])"
    )
    _simulate(source, "void(int32[:], float64[:])", [x, out])
    expected = [math.atan2(v, 3) + math.hypot(v, v) + math.sin(v) for v in x.tolist()]
    np.testing.assert_allclose(out, expected, rtol=1e-15)


def test_classification_ldexp_and_round() -> None:
    x = np.array([0.5, -2.5, math.inf, math.nan, 3.5, -0.0], dtype=np.float32)
    out = np.zeros(6, dtype=np.float64)
    body = """\
    v = x[i]
    r = math.isnan(v) * 1 + math.isinf(v) * 10 + math.isfinite(v) * 100
    if math.isfinite(v):
        r += math.ldexp(v, 2) * 10000 + round(v) * 1000
    out[i] = r
    """
    _simulate(_kernel(body), "void(float32[:], float64[:])", [x, out])
    assert out.tolist() == [20100.0, -101900.0, 10.0, 1.0, 144100.0, 100.0]


def test_frexp_modf_and_divmod_return_tuples() -> None:
    x = np.array([0.75, -6.5, 1024.0, 0.0], dtype=np.float64)
    out = np.zeros(4, dtype=np.float64)
    body = """\
    m, e = math.frexp(x[i])
    f, w = math.modf(x[i])
    q, r = divmod(i - 2, 3)
    out[i] = m * 1000 + e + f * 10 + w * 100000 + q * 1e7 + r * 1e8
    """
    _simulate(_kernel(body), "void(float64[:], float64[:])", [x, out])
    expected = []
    for i, v in enumerate(x.tolist()):
        m, e = math.frexp(v)
        f, w = math.modf(v)
        q, r = divmod(i - 2, 3)
        expected.append(m * 1000 + e + f * 10 + w * 100000 + q * 1e7 + r * 1e8)
    np.testing.assert_allclose(out, expected, rtol=1e-15)


def _numba_int_power(a: int, b: int) -> int:
    """numba's `int ** int` (int64): 0 for |a| > 1 and b < 0, INT64_MIN for 0."""
    if b < 0:
        if a == 0:
            return -(1 << 63)
        if a not in (1, -1):
            return 0
        return a ** (-b)
    return ((a**b + (1 << 63)) % (1 << 64)) - (1 << 63)


def test_power_with_any_exponent() -> None:
    base = np.array([2.0, 0.5, -3.0, 1.5, 0.0, -1.0, 7.0, 2.0], dtype=np.float32)
    n = np.array([3, -2, 0, 5, -1, 7, 40, -3], dtype=np.int64)
    out = np.zeros(8, dtype=np.float32)
    ints = np.zeros(8, dtype=np.int64)
    body = """\
    out[i] = x[i] ** n[i] + pow(x[i], 2) + x[i] ** -1 + math.pow(x[i], n[i])
    ints[i] = int(x[i]) ** n[i] + n[i] ** 2 + 3 ** -n[i]
    """
    signature = "void(float32[:], int64[:], int64[:], float32[:])"
    _simulate(_kernel(body, "x, n, ints, out"), signature, [base, n, ints, out])
    with np.errstate(all="ignore"):
        b64 = base.astype(np.float64)
        expected = (b64**n) + b64**2 + 1 / b64 + b64 ** n.astype(np.float64)
    np.testing.assert_allclose(out, expected.astype(np.float32), rtol=1e-6)
    want = [
        _numba_int_power(int(a), int(k)) + int(k) ** 2 + _numba_int_power(3, -int(k))
        for a, k in zip(base.tolist(), n.tolist(), strict=True)
    ]
    assert ints.tolist() == want


def test_libdevice_functions_called_directly() -> None:
    x = np.array([0.25, -1.5, 4.0], dtype=np.float32)
    out = np.zeros(3, dtype=np.float32)
    body = """\
    out[i] = libdevice.sinf(x[i]) + libdevice.powif(x[i], 2) + libdevice.fmaf(x[i], 2.0, 1.0) + libdevice.popc(7)
    """
    source = "from numba.cuda import libdevice\n" + _kernel(body)
    _simulate(source, "void(float32[:], float32[:])", [x, out])
    expected = [math.sin(v) + v * v + (2 * v + 1) + 3 for v in x.tolist()]
    np.testing.assert_allclose(out, expected, rtol=1e-6)


# -- atomics ---------------------------------------------------------------------


INT_UPDATES: dict[str, Any] = {
    "add": lambda o, v: o + v, "sub": lambda o, v: o - v, "max": max, "min": min,
    "and_": lambda o, v: o & v, "or_": lambda o, v: o | v,
    "xor": lambda o, v: o ^ v, "exch": lambda o, v: v,
}  # fmt: skip


@pytest.mark.parametrize("space", ["global", "shared"])
@pytest.mark.parametrize("name", sorted(INT_UPDATES))
def test_every_integer_atomic_on_2d_arrays(name: str, space: str) -> None:
    """Each lane updates `a[i % 2, i % 3]`; the old values it returns and the
    final array equal a serial execution in lane order."""
    if space == "global":
        body = f"""\
        out[i] = cuda.atomic.{name}(a, (i % 2, i % 3), x[i])
        """
    else:
        body = f"""\
        s = cuda.shared.array((2, 3), dtype=numba.int32)
        if i < 6:
            s[i // 3, i % 3] = a[i // 3, i % 3]
        cuda.syncthreads()
        out[i] = cuda.atomic.{name}(s, (i % 2, i % 3), x[i])
        cuda.syncthreads()
        if i < 6:
            a[i // 3, i % 3] = s[i // 3, i % 3]
        """
    x = np.array([3, 9, 1, 12, 7, 6, 2, 8, 5, 4, 11, 10], dtype=np.int32)
    a = np.arange(6, dtype=np.int32).reshape(2, 3) + 5
    out = np.zeros(12, dtype=np.int32)
    source = "import numba\n" + _kernel(body, "x, a, out")
    _simulate(source, "void(int32[:], int32[:, :], int32[:])", [x, a, out])
    expected = np.arange(6, dtype=np.int64).reshape(2, 3) + 5
    olds = []
    for lane, value in enumerate(x.tolist()):
        at = (lane % 2, lane % 3)
        olds.append(int(expected[at]))
        expected[at] = INT_UPDATES[name](int(expected[at]), value)
    assert out.tolist() == olds
    assert a.tolist() == expected.tolist()


def test_unsigned_inc_dec_and_float_atomics() -> None:
    body = """\
    k = i % 2
    u[i] = cuda.atomic.inc(inc, k, 5) + cuda.atomic.dec(dec, k, 5) * 100
    out[i] = cuda.atomic.max(fmax, k, x[i]) + cuda.atomic.nanmin(fmin, k, x[i])
    """
    x = np.array([1.5, np.nan, -2.0, 4.0, np.nan, 0.5, 3.0, -1.0], dtype=np.float32)
    inc = np.zeros(2, np.uint32)
    dec = np.zeros(2, np.uint32)
    fmax = np.zeros(2, np.float32)
    fmin = np.zeros(2, np.float32)
    u = np.zeros(8, np.uint32)
    f = np.zeros(8, np.float32)
    signature = "void(float32[:], uint32[:], uint32[:], float32[:], float32[:], uint32[:], float32[:])"
    args = [x, inc, dec, fmax, fmin, u, f]
    _simulate(_kernel(body, "x, inc, dec, fmax, fmin, u, out"), signature, args, 8)
    e_inc, e_dec, e_max, e_min = [0, 0], [0, 0], [0.0, 0.0], [0.0, 0.0]
    for lane, v in enumerate(x.tolist()):
        k = lane % 2
        old_i, old_d = e_inc[k], e_dec[k]
        assert u[lane] == old_i + old_d * 100
        e_inc[k] = 0 if old_i >= 5 else old_i + 1
        e_dec[k] = 5 if old_d == 0 or old_d > 5 else old_d - 1
        if not math.isnan(v):
            e_max[k] = max(e_max[k], v)
            e_min[k] = min(e_min[k], v)
    assert inc.tolist() == e_inc and dec.tolist() == e_dec
    assert fmax.tolist() == e_max and fmin.tolist() == e_min


def test_compare_and_swap_on_a_view_and_cas_with_a_tuple_index() -> None:
    body = """\
    out[i] = cuda.atomic.compare_and_swap(res[i:], 0, x[i])
    cas[i] = cuda.atomic.cas(grid, (0, i % 2), i, i + 100)
    """
    x = np.arange(1, 9, dtype=np.int64)
    res = np.array([0, 5, 0, 7, 0, 0, 1, 0], dtype=np.int64)
    grid = np.zeros((1, 2), dtype=np.int64)
    old = np.zeros(8, np.int64)
    cas = np.zeros(8, np.int64)
    signature = "void(int64[:], int64[:], int64[:, :], int64[:], int64[:])"
    _simulate(
        _kernel(body, "x, res, grid, cas, out"), signature, [x, res, grid, cas, old]
    )
    assert old.tolist() == [0, 5, 0, 7, 0, 0, 1, 0]
    assert res.tolist() == [1, 5, 3, 7, 5, 6, 1, 8]
    assert cas.tolist() == [0, 0, 100, 0, 100, 0, 100, 0]
    assert grid.tolist() == [[100, 0]]


# -- warp and block primitives ---------------------------------------------------


def test_warp_primitives_through_the_frontend() -> None:
    body = """\
    v = x[i]
    total = cuda.shfl_xor_sync(0xffffffff, v, 1) + cuda.shfl_sync(0xffffffff, v, 0)
    total += cuda.shfl_up_sync(0xffffffff, v, 1) - cuda.shfl_down_sync(0xffffffff, v, 2)
    mask = cuda.ballot_sync(cuda.activemask(), v > 4)
    same = cuda.eq_sync(0xffffffff, v > 100)
    group = cuda.match_any_sync(0xffffffff, v % 3)
    full, equal = cuda.match_all_sync(0xffffffff, 7)
    n = cuda.syncthreads_count(v > 4)
    cuda.syncwarp(0xffffffff)
    cuda.threadfence_block()
    cuda.threadfence()
    out[i] = (total * 1000000 + cuda.popc(mask) * 10000 + n * 100 + same
              + cuda.popc(group) * 2 + (full == -1) * equal * 7000
              + cuda.popc(cuda.lanemask_lt()) * 0 + (cuda.laneid == i) + cuda.warpsize)
    """
    x = (np.arange(32, dtype=np.int32) * 7) % 11
    out = np.zeros(32, dtype=np.int64)
    _simulate(_kernel(body), "void(int32[:], int64[:])", [x, out])
    ballot = sum(1 for v in x if v > 4)
    for lane in range(32):
        up = x[lane - 1] if lane > 0 else x[lane]
        down = x[lane + 2] if lane < 30 else x[lane]
        total = int(x[lane ^ 1]) + int(x[0]) + int(up) - int(down)
        group = sum(1 for v in x if v % 3 == x[lane] % 3)
        want = (
            total * 1000000
            + ballot * 10000
            + ballot * 100
            + 1
            + group * 2
            + 7000
            + 1
            + 32
        )
        assert out[lane] == want, lane


def test_votes_with_a_mask_computed_at_run_time() -> None:
    body = """\
    if x[i] > 3:
        m = cuda.activemask()
        out[i] = cuda.all_sync(m, x[i] > 5) * 10 + cuda.any_sync(m, x[i] > 8) + (m == cuda.ballot_sync(m, 1)) * 100
    else:
        out[i] = 1000
    """
    x = np.arange(32, dtype=np.int32) % 10
    out = np.zeros(32, dtype=np.int32)
    _simulate(_kernel(body), "void(int32[:], int32[:])", [x, out])
    high = [v for v in x.tolist() if v > 3]
    all5 = all(v > 5 for v in high)
    any8 = any(v > 8 for v in high)
    for lane, v in enumerate(x.tolist()):
        want = all5 * 10 + any8 + 100 if v > 3 else 1000
        assert out[lane] == want


def test_bit_operations_fma_cbrt_and_selp() -> None:
    body = """\
    v = x[i]
    out[i] = cuda.clz(v) * 1000 + cuda.ffs(v) * 10 + cuda.selp(v > 5, 1, 2) + (cuda.brev(v) >> 31) * 100000
    f[i] = cuda.fma(1.5, float(v), 0.25) + cuda.cbrt(8.0)
    """
    x = np.array([0, 1, 6, 1 << 20, -1], dtype=np.int32)
    out = np.zeros(5, dtype=np.int64)
    f = np.zeros(5, dtype=np.float64)
    signature = "void(int32[:], float64[:], int64[:])"
    _simulate(_kernel(body, "x, f, out"), signature, [x, f, out])
    clz = [32, 31, 29, 11, 0]
    ffs = [0, 1, 2, 21, 1]
    selp = [2, 2, 1, 1, 2]
    top = [0, 1, 0, 0, 1]
    assert out.tolist() == [
        c * 1000 + s * 10 + p + t * 100000
        for c, s, p, t in zip(clz, ffs, selp, top, strict=True)
    ]
    assert f.tolist() == [1.5 * v + 0.25 + 2.0 for v in x.tolist()]


# -- errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("x = round(1.5, 2.5)", "round(x, ndigits) is defined for a float32 or float64 x and an integer ndigits, found (float64, float64)"),
        ("x = cuda.atomic.and_(f, 0, 1)", "cuda.atomic.and_ expects an array of int32, int64, uint32, uint64, found float32"),
        ("x = cuda.atomic.inc(a, 0, 1)", "cuda.atomic.inc expects an array of uint32, uint64, found int32"),
        ("x = cuda.atomic.max(a, (0, 1), 1)", "cuda.atomic.max expects 1 index(es) for 'a', found 2"),
        ("x = cuda.shfl_sync(0xffffffff, True, 0)", "cuda.shfl_sync shuffles int32, int64, float32 or float64 values, found bool"),
        ("x = cuda.all_sync(n, 1.5)", "Predicate must be an integer or boolean. Got float64"),
        ("x = cuda.selp(n > 1, 1, 2.5)", "cuda.selp() expects two values of one type"),
        ("x = math.hypot(1.0)", "math.hypot() expects 2 argument(s), found 1"),
        ("x = cuda.ffs(numba.int16(n))", "cuda.ffs() has no int16 version in numba-cuda"),
        ("x = cuda.libdevice.remquo(1.0, 2.0)", "this libdevice function takes pointers"),
        ("g = cuda.cg.this_thread_block()", "numba-cuda's cooperative groups offer only cuda.cg.this_grid()"),
    ],
)  # fmt: skip
def test_wrong_and_unsupported_calls_are_located(line: str, message: str) -> None:
    source = (
        "import math\nimport numba\nfrom numba import cuda\n\n"
        f"def kernel(a, f, n):\n    {line}\n"
    )
    with pytest.raises(FrontendError) as info:
        compile_python(source, "void(int32[:], float32[:], int32)")
    assert str(info.value).startswith("<string>:6:"), str(info.value)
    assert message in str(info.value)
