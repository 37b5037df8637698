"""Lane semantics of arith and math ops: each family on hand-written MLIR, and
random straight-line integer programs against a per-lane Python evaluation."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simt.sim import simulate

INT32_MIN = -(2**31)


def _kernel(body: str, a_type: str, r_type: str, b_type: str | None = None) -> str:
    """A kernel that loads a[tid] (and b[tid]) as %a (%b), runs `body`, which
    must define %r, and stores %r to r[tid]."""
    b_type = b_type or a_type
    return f"""
    func.func @k(%A: memref<?x{a_type}>, %B: memref<?x{b_type}>, %R: memref<?x{r_type}>)
        attributes {{simt.kernel}} {{
      %tid = simt.thread_id x : i32
      %i = arith.index_cast %tid : i32 to index
      %a = memref.load %A[%i] : memref<?x{a_type}>
      %b = memref.load %B[%i] : memref<?x{b_type}>
      {body}
      memref.store %r, %R[%i] : memref<?x{r_type}>
      func.return
    }}"""


def _binary(
    run: Callable[..., object],
    op: str,
    a: np.ndarray,
    b: np.ndarray,
    r_dtype: type,
    type_: str,
    r_type: str | None = None,
) -> np.ndarray:
    r_type = r_type or type_
    out = np.zeros(len(a), dtype=r_dtype)
    body = f"%r = {op} %a, %b : {type_}"
    run(_kernel(body, type_, r_type), [a, b, out], block=len(a))
    return out


def test_integer_add_sub_mul_wrap(run):
    a = np.array([2**31 - 1, INT32_MIN, 65536, -7], dtype=np.int32)
    b = np.array([1, 1, 65536, 3], dtype=np.int32)
    assert list(_binary(run, "arith.addi", a, b, np.int32, "i32")) == [
        INT32_MIN,
        INT32_MIN + 1,
        131072,
        -4,
    ]
    assert list(_binary(run, "arith.subi", a, b, np.int32, "i32")) == [
        2**31 - 2,
        2**31 - 1,
        0,
        -10,
    ]
    assert list(_binary(run, "arith.muli", a, b, np.int32, "i32")) == [
        2**31 - 1,
        INT32_MIN,
        0,
        -21,
    ]


def test_signed_division_rounding(run):
    a = np.array([7, -7, 7, -7, 6], dtype=np.int32)
    b = np.array([2, 2, -2, -2, 3], dtype=np.int32)
    assert list(_binary(run, "arith.divsi", a, b, np.int32, "i32")) == [3, -3, -3, 3, 2]
    assert list(_binary(run, "arith.remsi", a, b, np.int32, "i32")) == [1, -1, 1, -1, 0]
    assert list(_binary(run, "arith.floordivsi", a, b, np.int32, "i32")) == [
        3,
        -4,
        -4,
        3,
        2,
    ]
    assert list(_binary(run, "arith.ceildivsi", a, b, np.int32, "i32")) == [
        4,
        -3,
        -3,
        4,
        2,
    ]


def test_unsigned_division_reinterprets_bits(run):
    a = np.array([-1, 7, -2], dtype=np.int32)
    b = np.array([2, 2, -1], dtype=np.int32)
    assert list(_binary(run, "arith.divui", a, b, np.int32, "i32")) == [2**31 - 1, 3, 0]
    assert list(_binary(run, "arith.remui", a, b, np.int32, "i32")) == [1, 1, -2]
    assert list(_binary(run, "arith.ceildivui", a, b, np.int32, "i32")) == [
        INT32_MIN,
        4,
        1,
    ]


def test_shifts(run):
    a = np.array([1, -8, -8, 0x40000000], dtype=np.int32)
    b = np.array([31, 1, 28, 1], dtype=np.int32)
    assert list(_binary(run, "arith.shli", a, b, np.int32, "i32")) == [
        INT32_MIN,
        -16,
        INT32_MIN,
        INT32_MIN,
    ]
    assert list(_binary(run, "arith.shrsi", a, b, np.int32, "i32")) == [
        0,
        -4,
        -1,
        0x20000000,
    ]
    assert list(_binary(run, "arith.shrui", a, b, np.int32, "i32")) == [
        0,
        0x7FFFFFFC,
        15,
        0x20000000,
    ]


@pytest.mark.parametrize(
    ("op", "amount", "expected"),
    [
        ("arith.shli", 31, [INT32_MIN, 0, INT32_MIN, 0]),
        ("arith.shrsi", 28, [0, -1, -1, 4]),
        ("arith.shrui", 28, [0, 15, 15, 4]),
        ("arith.shli", 0, [1, -8, -1, 0x40000000]),
    ],
)
def test_shifts_by_a_uniform_amount(run, op: str, amount: int, expected: list[int]):
    a = np.array([1, -8, -1, 0x40000000], dtype=np.int32)
    out = np.zeros(4, dtype=np.int32)
    body = f"%s = arith.constant {amount} : i32\n      %r = {op} %a, %s : i32"
    run(_kernel(body, "i32", "i32"), [a, a.copy(), out], block=4)
    assert list(out) == expected


def test_bitwise_and_min_max(run):
    a = np.array([0b1100, -1, 5], dtype=np.int32)
    b = np.array([0b1010, 1, -5], dtype=np.int32)
    assert list(_binary(run, "arith.andi", a, b, np.int32, "i32")) == [0b1000, 1, 1]
    assert list(_binary(run, "arith.ori", a, b, np.int32, "i32")) == [0b1110, -1, -1]
    assert list(_binary(run, "arith.xori", a, b, np.int32, "i32")) == [0b0110, -2, -2]
    assert list(_binary(run, "arith.maxsi", a, b, np.int32, "i32")) == [12, 1, 5]
    assert list(_binary(run, "arith.minsi", a, b, np.int32, "i32")) == [10, -1, -5]
    assert list(_binary(run, "arith.maxui", a, b, np.int32, "i32")) == [12, -1, -5]
    assert list(_binary(run, "arith.minui", a, b, np.int32, "i32")) == [10, 1, 5]


@pytest.mark.parametrize(
    ("predicate", "expected"),
    [
        ("eq", [False, False, True]),
        ("ne", [True, True, False]),
        ("slt", [True, False, False]),
        ("sle", [True, False, True]),
        ("sgt", [False, True, False]),
        ("ult", [False, True, False]),
        ("uge", [True, False, True]),
    ],
)
def test_cmpi_signed_and_unsigned(run, predicate: str, expected: list[bool]):
    a = np.array([-1, 1, 4], dtype=np.int32)
    b = np.array([1, -1, 4], dtype=np.int32)
    out = np.zeros(3, dtype=np.bool_)
    body = f"%r = arith.cmpi {predicate}, %a, %b : i32"
    run(_kernel(body, "i32", "i1"), [a, b, out], block=3)
    assert list(out) == expected


def test_i8_arithmetic_wraps_at_eight_bits(run):
    a = np.array([127, -128, -1], dtype=np.int8)
    b = np.array([1, -1, -1], dtype=np.int8)
    assert list(_binary(run, "arith.addi", a, b, np.int8, "i8")) == [-128, 127, -2]
    assert list(_binary(run, "arith.divui", a, b, np.int8, "i8")) == [127, 0, 1]


def test_f32_rounds_after_every_op(run):
    a = np.array([16777216.0, 0.1, 1.0, -1.0], dtype=np.float32)
    b = np.array([1.0, 0.2, 0.0, 0.0], dtype=np.float32)
    added = _binary(run, "arith.addf", a, b, np.float32, "f32")
    np.testing.assert_array_equal(added, a + b)
    assert added[0] == np.float32(16777216.0)
    divided = _binary(run, "arith.divf", a, b, np.float32, "f32")
    assert divided[2] == np.inf and divided[3] == -np.inf


@pytest.mark.parametrize(("dtype", "type_"), [(np.float64, "f64"), (np.float32, "f32")])
def test_remf_is_c_fmod(run, dtype: type, type_: str):
    # arith.remf (simt.dialects.arith_ext): the sign of the dividend, not of
    # the divisor as Python's %; a zero divisor, an infinite dividend or a NaN
    # gives NaN; an infinite divisor gives the dividend.
    a = np.array([-7.5, 7.5, 7.5, -6.0, 5.0, 1.0, np.inf, -0.0, 0.1], dtype=dtype)
    b = np.array([2.0, -2.0, 0.0, 2.0, np.inf, np.nan, 2.0, 3.0, 0.01], dtype=dtype)
    with np.errstate(invalid="ignore"):
        r = _binary(run, "arith.remf", a, b, dtype, type_)
    assert r[:2].tolist() == [-1.5, 1.5]
    assert np.isnan(r[2]) and np.isnan(r[5]) and np.isnan(r[6])
    assert r[3] == 0.0 and np.signbit(r[3])
    assert r[4] == 5.0
    assert r[7] == 0.0 and np.signbit(r[7])
    # fmod is exact: 0.1 - 9 * 0.01 in the operand type would not be.
    assert r[8] == dtype(math.fmod(float(a[8]), float(b[8])))


def test_float_min_max_nan_rules(run):
    a = np.array([np.nan, 1.0], dtype=np.float64)
    b = np.array([2.0, np.nan], dtype=np.float64)
    assert np.isnan(_binary(run, "arith.maximumf", a, b, np.float64, "f64")).all()
    assert list(_binary(run, "arith.maxnumf", a, b, np.float64, "f64")) == [2.0, 1.0]
    assert list(_binary(run, "arith.minnumf", a, b, np.float64, "f64")) == [2.0, 1.0]


@pytest.mark.parametrize(
    ("predicate", "expected"),
    [
        ("olt", [True, False]),
        ("ult", [True, True]),
        ("une", [True, True]),
        ("oeq", [False, False]),
        ("uno", [False, True]),
        ("ord", [True, False]),
    ],
)
def test_cmpf_ordered_and_unordered(run, predicate: str, expected: list[bool]):
    a = np.array([1.0, np.nan])
    b = np.array([2.0, 2.0])
    out = np.zeros(2, dtype=np.bool_)
    run(
        _kernel(f"%r = arith.cmpf {predicate}, %a, %b : f64", "f64", "i1"),
        [a, b, out],
        block=2,
    )
    assert list(out) == expected


def _ieee_compare(predicate: str, x: float, y: float) -> bool:
    """`arith.cmpf`'s predicate from its definition: an ordered predicate is
    false and an unordered one true when either operand is a NaN."""
    if predicate in ("false", "true"):
        return predicate == "true"
    unordered = math.isnan(x) or math.isnan(y)
    if predicate in ("ord", "uno"):
        return unordered == (predicate == "uno")
    relation = {
        "eq": x == y,
        "gt": x > y,
        "ge": x >= y,
        "lt": x < y,
        "le": x <= y,
        "ne": x != y,
    }[predicate[1:]]
    return (
        (unordered or relation) if predicate[0] == "u" else (not unordered and relation)
    )


CMPF_PREDICATES = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
]  # fmt: skip


@pytest.mark.parametrize("type_", ["f32", "f64"])
@pytest.mark.parametrize("predicate", CMPF_PREDICATES)
def test_cmpf_every_predicate(run, predicate: str, type_: str):
    """Every predicate on every pair of less, equal, greater, infinite and
    NaN operands: fails if one predicate takes another's meaning or treats a
    NaN as ordered."""
    values = [-np.inf, -1.5, 0.0, 2.0, np.inf, np.nan]
    dtype = np.float32 if type_ == "f32" else np.float64
    a = np.array([x for x in values for _ in values], dtype=dtype)
    b = np.array([y for _ in values for y in values], dtype=dtype)
    out = np.zeros(len(a), dtype=np.bool_)
    run(
        _kernel(f"%r = arith.cmpf {predicate}, %a, %b : {type_}", type_, "i1"),
        [a, b, out],
        block=len(a),
    )
    expected = [
        _ieee_compare(predicate, float(x), float(y)) for x, y in zip(a, b, strict=True)
    ]
    assert list(out) == expected


@pytest.mark.parametrize(
    ("body", "a", "a_type", "r_type", "expected"),
    [
        (
            "%r = arith.sitofp %a : i32 to f32",
            [-3, 16777217],
            "i32",
            "f32",
            [-3.0, 16777216.0],
        ),
        (
            "%r = arith.uitofp %a : i32 to f64",
            [-1, 2],
            "i32",
            "f64",
            [4294967295.0, 2.0],
        ),
        ("%r = arith.fptosi %a : f64 to i32", [-2.9, 2.9], "f64", "i32", [-2, 2]),
        (
            "%r = arith.fptoui %a : f64 to i32",
            [3e9, 2.5],
            "f64",
            "i32",
            [-1294967296, 2],
        ),
        ("%r = arith.extsi %a : i8 to i32", [-1, 5], "i8", "i32", [-1, 5]),
        ("%r = arith.extui %a : i8 to i32", [-1, 5], "i8", "i32", [255, 5]),
        ("%r = arith.trunci %a : i32 to i8", [257, -129], "i32", "i8", [1, 127]),
        (
            "%x = arith.index_cast %a : i32 to index\n%r = arith.index_cast %x : index to i64",
            [-5, 7],
            "i32",
            "i64",
            [-5, 7],
        ),
        (
            "%r = arith.bitcast %a : f32 to i32",
            [1.0, -0.0],
            "f32",
            "i32",
            [0x3F800000, INT32_MIN],
        ),
        (
            "%r = arith.truncf %a : f64 to f32",
            [0.1, 1e300],
            "f64",
            "f32",
            [np.float32(0.1), np.inf],
        ),
        (
            "%r = arith.extf %a : f32 to f64",
            [0.1, 2.0],
            "f32",
            "f64",
            [float(np.float32(0.1)), 2.0],
        ),
        ("%r = arith.negf %a : f64", [1.5, -0.0], "f64", "f64", [-1.5, 0.0]),
    ],
)
def test_conversions(
    run, body: str, a: list[float], a_type: str, r_type: str, expected: list[float]
):
    dtypes = {
        "i8": np.int8,
        "i32": np.int32,
        "i64": np.int64,
        "f32": np.float32,
        "f64": np.float64,
    }
    a_arr = np.array(a, dtype=dtypes[a_type])
    out = np.zeros(len(a), dtype=dtypes[r_type])
    run(_kernel(body, a_type, r_type), [a_arr, a_arr.copy(), out], block=len(a))
    np.testing.assert_array_equal(out, np.array(expected, dtype=dtypes[r_type]))


@pytest.mark.parametrize(
    ("op", "func"),
    [
        ("math.sqrt", math.sqrt),
        ("math.exp", math.exp),
        ("math.log", math.log),
        ("math.floor", math.floor),
        ("math.ceil", math.ceil),
        ("math.absf", abs),
    ],
)
def test_math_ops(run, op: str, func: Callable[[float], float]):
    a = np.array([0.25, 2.5, 9.0])
    out = np.zeros(3)
    run(_kernel(f"%r = {op} %a : f64", "f64", "f64"), [a, a.copy(), out], block=3)
    np.testing.assert_allclose(out, [func(x) for x in a], rtol=1e-15)


def test_absi_and_select(run):
    a = np.array([-3, INT32_MIN, 4], dtype=np.int32)
    out = np.zeros(3, dtype=np.int32)
    body = """%m = math.absi %a : i32
      %z = arith.constant 0 : i32
      %c = arith.cmpi sgt, %b, %z : i32
      %r = arith.select %c, %m, %b : i32"""
    run(
        _kernel(body, "i32", "i32"),
        [a, np.array([1, 1, -9], dtype=np.int32), out],
        block=3,
    )
    assert list(out) == [3, INT32_MIN, -9]


# ---------------------------------------------------------------------------
# Random straight-line integer programs vs a per-lane Python evaluation
# ---------------------------------------------------------------------------


def _wrap(value: int) -> int:
    return (value + 2**31) % 2**32 - 2**31


def _unsigned(value: int) -> int:
    return value % 2**32


def _div_trunc(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


_SAFE_DIVISOR = """%{t}z = arith.constant 0 : i32
      %{t}one = arith.constant 1 : i32
      %{t}isz = arith.cmpi eq, %{y}, %{t}z : i32
      %{t}d = arith.select %{t}isz, %{t}one, %{y} : i32
      %{t}ov = arith.constant -1 : i32
      %{t}neg = arith.cmpi eq, %{t}d, %{t}ov : i32
      %{t}d2 = arith.select %{t}neg, %{t}one, %{t}d : i32
      %{t} = {op} %{x}, %{t}d2 : i32"""

_SHIFT = """%{t}m = arith.constant 31 : i32
      %{t}s = arith.andi %{y}, %{t}m : i32
      %{t} = {op} %{x}, %{t}s : i32"""


def _safe_divisor(y: int) -> int:
    return 1 if y in (0, -1) else y


_PY: dict[str, Callable[[int, int], int]] = {
    "arith.addi": lambda x, y: _wrap(x + y),
    "arith.subi": lambda x, y: _wrap(x - y),
    "arith.muli": lambda x, y: _wrap(x * y),
    "arith.andi": lambda x, y: x & y,
    "arith.ori": lambda x, y: x | y,
    "arith.xori": lambda x, y: x ^ y,
    "arith.maxsi": max,
    "arith.minui": lambda x, y: x if _unsigned(x) < _unsigned(y) else y,
    "arith.shli": lambda x, y: _wrap(x << (y & 31)),
    "arith.shrsi": lambda x, y: x >> (y & 31),
    "arith.shrui": lambda x, y: _wrap(_unsigned(x) >> (y & 31)),
    "arith.divsi": lambda x, y: _wrap(_div_trunc(x, _safe_divisor(y))),
    "arith.remsi": lambda x, y: x - _safe_divisor(y) * _div_trunc(x, _safe_divisor(y)),
    "arith.divui": lambda x, y: _wrap(_unsigned(x) // _unsigned(_safe_divisor(y))),
    "arith.floordivsi": lambda x, y: _wrap(x // _safe_divisor(y)),
}


def _template(op: str) -> str:
    if op in ("arith.divsi", "arith.remsi", "arith.divui", "arith.floordivsi"):
        return _SAFE_DIVISOR
    if op.startswith("arith.sh"):
        return _SHIFT
    return "%{t} = {op} %{x}, %{y} : i32"


_STEP = st.tuples(st.sampled_from(sorted(_PY)), st.integers(0, 50), st.integers(0, 50))
_LANE = st.integers(INT32_MIN, 2**31 - 1)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    steps=st.lists(_STEP, min_size=1, max_size=12),
    xs=st.lists(_LANE, min_size=8, max_size=8),
    ys=st.lists(_LANE, min_size=8, max_size=8),
)
def test_random_integer_programs_match_python(parse, steps, xs, ys):
    names = ["a", "b"]
    lines: list[str] = []
    for n, (op, i, j) in enumerate(steps):
        target = f"t{n}"
        lines.append(
            _template(op).format(
                t=target, op=op, x=names[i % len(names)], y=names[j % len(names)]
            )
        )
        names.append(target)
    lines.append(f"%r = arith.addi %{names[-1]}, %{names[-1]} : i32")
    out = np.zeros(8, dtype=np.int32)
    module = parse(_kernel("\n      ".join(lines), "i32", "i32"))
    simulate(
        module, 1, 8, [np.array(xs, np.int32), np.array(ys, np.int32), out], warp_size=4
    )
    for lane in range(8):
        values = [xs[lane], ys[lane]]
        for op, i, j in steps:
            values.append(_PY[op](values[i % len(values)], values[j % len(values)]))
        assert out[lane] == _wrap(values[-1] * 2), f"lane {lane}"
