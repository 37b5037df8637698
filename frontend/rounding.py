"""`round(x, ndigits)` in a kernel, as numba-cuda compiles it.

numba-cuda lowers `round(float32 | float64, integer)` by compiling the
Python function `round_ndigits` of `numba/cuda/cudaimpl.py` (CPython's
fallback `double_round`); the function below is that function, which the
frontend inlines as a device function (`intrinsics.py`), so the same float64
operations happen in the same order and the result is converted back to the
argument's type.
"""

from __future__ import annotations

import math
from typing import Any


def round_ndigits(x: Any, ndigits: Any) -> Any:
    if math.isinf(x) or math.isnan(x):
        return x

    if ndigits >= 0:
        if ndigits > 22:
            # pow1 and pow2 are each safe from overflow, but
            # pow1*pow2 ~= pow(10.0, ndigits) might overflow.
            pow1 = 10.0 ** (ndigits - 22)
            pow2 = 1e22
        else:
            pow1 = 10.0**ndigits
            pow2 = 1.0
        y = (x * pow1) * pow2
        if math.isinf(y):
            return x

    else:
        pow1 = 10.0 ** (-ndigits)
        y = x / pow1

    z = round(y)
    if math.fabs(y - z) == 0.5:
        # halfway between two integers; use round-half-even
        z = 2.0 * round(y / 2.0)

    if ndigits >= 0:
        z = (z / pow2) / pow1  # pyright: ignore[reportPossiblyUnboundVariable]
    else:
        z *= pow1

    return z
