"""Float `//` and `%` on chosen operands: signs, signed zeros, infinities and
zero divisors, on simt's simulator against Python's float semantics.

For a nonzero divisor numba computes CPython's `float_divmod`
(`numba/cpython/numbers.py`, `real_divmod_func_body`), so Python's own `//`
and `%` are the reference; for a zero divisor numba-cuda's default error model
("numpy") does not raise: `//` gives `a / b` (inf or NaN), `%` gives NaN.
test_execution.py checks the same operators against numba's CUDA simulator.
"""

from __future__ import annotations

import math
import textwrap

import numpy as np
import pytest

from simt.frontend import compile_python
from simt.sim import simulate

SOURCE = textwrap.dedent(
    """
    from numba import cuda

    def kernel(a, b, q, r):
        i = cuda.threadIdx.x
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]
    """
)

INF = math.inf
PAIRS = [
    (-7.5, 2.0),
    (7.5, -2.0),
    (7.5, 2.0),
    (-7.5, -2.0),
    (6.0, -2.0),
    (-6.0, 2.0),
    (0.0, -3.0),
    (-0.0, 3.0),
    (0.1, 0.01),
    (1e300, 1e-300),
    (-5.0, INF),
    (5.0, INF),
    (INF, 2.0),
    (1.0, math.nan),
]
ZERO_DIVISORS = [(7.5, 0.0), (-7.5, 0.0), (7.5, -0.0), (0.0, 0.0)]


def _run(dtype: str, pairs: list[tuple[float, float]]) -> list[np.ndarray]:
    """[a, b, a // b, a % b] as the frontend's IR computes them on the simulator."""
    signature = f"void({dtype}[:], {dtype}[:], {dtype}[:], {dtype}[:])"
    module = compile_python(SOURCE, signature)
    with np.errstate(all="ignore"):
        a = np.array([p[0] for p in pairs]).astype(dtype)
        b = np.array([p[1] for p in pairs]).astype(dtype)
        q, r = np.zeros_like(a), np.zeros_like(a)
        simulate(module, grid=(1,), block=(len(pairs),), args=[a, b, q, r])
    return [a, b, q, r]


def _same(ours: float, expected: float) -> bool:
    """Equal, with NaN equal to NaN and the sign of a zero significant."""
    if math.isnan(expected):
        return math.isnan(ours)
    return ours == expected and math.copysign(1, ours) == math.copysign(1, expected)


def test_documented_examples() -> None:
    _, _, q, r = _run("float64", [(-7.5, 2.0), (7.5, -2.0)])
    assert q.tolist() == [-4.0, -4.0]
    assert r.tolist() == [0.5, -0.5]


def test_float64_follows_python() -> None:
    finite = [(a, b) for a, b in PAIRS if math.isfinite(a) and not math.isnan(b)]
    _, _, q, r = _run("float64", finite)
    for (a, b), ours_q, ours_r in zip(finite, q.tolist(), r.tolist(), strict=True):
        assert _same(ours_q, a // b), (a, b, ours_q)
        assert _same(ours_r, a % b), (a, b, ours_r)


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_follows_numpy_in_the_operand_type(dtype: str) -> None:
    # numpy's npy_divmod is CPython's float_divmod too, computed in the operand
    # type, and a zero divisor gives a / b and NaN, as numba-cuda's error model.
    a, b, q, r = _run(dtype, PAIRS + ZERO_DIVISORS)
    with np.errstate(all="ignore"):
        expected_q, expected_r = np.floor_divide(a, b), np.remainder(a, b)
    assert q.dtype == expected_q.dtype == np.dtype(dtype)
    for i in range(len(a)):
        assert _same(float(q[i]), float(expected_q[i])), (a[i], b[i], q[i])
        assert _same(float(r[i]), float(expected_r[i])), (a[i], b[i], r[i])


def test_zero_divisor_gives_inf_or_nan_as_numba_cuda() -> None:
    _, _, q, r = _run("float64", ZERO_DIVISORS)
    assert q[:3].tolist() == [INF, -INF, -INF]
    assert math.isnan(q[3])
    assert np.isnan(r).all()
