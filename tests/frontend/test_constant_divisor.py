"""`//` and `%` by an integer constant: the frontend drops the divisor checks
that the constant decides (zero, -1 on `INT_MIN`) and uses the short floor
fix-up for a positive divisor; the results stay Python's (numba's), which
this test computes with Python integers for extreme and random dividends."""

from __future__ import annotations

import numpy as np
import pytest

import simt

DIVISORS = (1, 2, 3, 7, 64, -1, -2, -3, -7, 2**62, -(2**63))

_SOURCE = """
def kernel(x, q, r):
    i = cuda.grid(1)
    if i < x.shape[0]:
        q[i] = x[i] // DIVISOR
        r[i] = x[i] % DIVISOR
"""


def _wrap(value: int) -> int:
    return (value + 2**63) % 2**64 - 2**63


def _expected(x: int, d: int) -> tuple[int, int]:
    if d == -1 and x == -(2**63):
        return 0, 0
    return _wrap(x // d), _wrap(x % d)


@pytest.mark.parametrize("divisor", DIVISORS)
def test_constant_divisor_matches_python(divisor: int) -> None:
    source = _SOURCE.replace("DIVISOR", str(divisor))
    module = simt.compile_python(source, "void(int64[:], int64[:], int64[:])")
    text = str(module)
    if divisor != -1:
        assert "arith.ori" not in text, (
            "a constant divisor needs no zero/overflow check"
        )
    rng = np.random.default_rng(divisor % 1000)
    extremes = [-(2**63), -(2**63) + 1, -1, 0, 1, 2**63 - 1, -7, 7]
    x = np.array(extremes + list(rng.integers(-(2**63), 2**63 - 1, 56)), np.int64)
    q, r = np.zeros_like(x), np.zeros_like(x)
    simt.simulate(module, grid=1, block=64, args=[x, q, r])
    for value, quotient, remainder in zip(
        x.tolist(), q.tolist(), r.tolist(), strict=True
    ):
        assert (quotient, remainder) == _expected(value, divisor), value
