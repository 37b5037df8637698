"""numpy's whole-array reductions in a kernel: `np.sum(a)` and `a.sum()`, as
numba-cuda compiles them.

numba-cuda implements each reduction in Python (`numba/cuda/np/arraymath.py`:
`array_sum`, `array_mean`, `npy_min`, `nan_min_max_factory`, `np_nansum`,
...) over `np.nditer(a)`, with an accumulator whose type its typing picks.
The functions below follow those implementations, so the same operations
happen in the same order (a float sum rounds as numba's does), and the
frontend inlines them as device functions. Three differences of form, not
of meaning:

- `flat_item(a, k)`, an intrinsic of the frontend (`calls.py`), reads the
  `k`-th element in C order, as `np.nditer` visits a C- or A-layout array;
- the accumulator's first value arrives as an argument (`zero`, `one`),
  typed by the caller (`ACCUMULATORS`) as numba types it: integers narrower
  than 64 bits and booleans sum in `int64` (`uint64` when unsigned), floats
  in their own type;
- no `return` inside a loop (numba's `min`, `max`, `all` and `any` return at
  the first NaN, or the first false or true element): a flag keeps the
  answer instead, so that each reduction is structured control flow (an
  `scf.for`), whatever `if` it is called in.

A zero-size array makes `min`, `max`, `nanmin` and `nanmax` read out of
bounds (numba raises `ValueError` there, which a kernel cannot).
"""

from __future__ import annotations

import math
from typing import Any


def flat_item(a: Any, k: int) -> Any:
    """The `k`-th element of `a` in C order. The frontend compiles calls to
    it as an intrinsic (`calls.py`); in Python it is numpy's `a.flat[k]`, so
    the functions below also run as they are."""
    return a.flat[k]


def array_sum(a: Any, zero: Any) -> Any:
    c = zero
    for k in range(a.size):
        c += flat_item(a, k)
    return c


def array_prod(a: Any, one: Any) -> Any:
    c = one
    for k in range(a.size):
        c *= flat_item(a, k)
    return c


def array_mean(a: Any, zero: Any) -> Any:
    c = zero
    for k in range(a.size):
        c += flat_item(a, k)
    return c / a.size


def array_var(a: Any, zero: Any) -> Any:
    m = array_mean(a, zero)
    ssd = 0
    for k in range(a.size):
        val = flat_item(a, k) - m
        ssd += val * val
    return ssd / a.size


def array_std(a: Any, zero: Any) -> Any:
    return array_var(a, zero) ** 0.5


def less_than(a: Any, b: Any) -> Any:
    return a < b


def greater_than(a: Any, b: Any) -> Any:
    return a > b


def array_extreme(a: Any, comparator: Any) -> Any:
    """numba's `npy_min` / `npy_max` (`comparator`: `less_than` /
    `greater_than`): the first NaN, else the extreme element."""
    value = flat_item(a, 0)
    found_nan = math.isnan(value)
    for k in range(1, a.size):
        v = flat_item(a, k)
        if not found_nan:
            if math.isnan(v):
                value = v
                found_nan = True
            elif comparator(v, value):
                value = v
    return value


def nan_extreme(a: Any, comparator: Any) -> Any:
    """numba's `nan_min_max_factory`: the extreme element that is not NaN."""
    return_val = flat_item(a, 0)
    for k in range(1, a.size):
        v = flat_item(a, k)
        if not math.isnan(v) and not comparator(return_val, v):
            return_val = v
    return return_val


def nansum(a: Any, zero: Any) -> Any:
    c = zero
    for k in range(a.size):
        v = flat_item(a, k)
        if not math.isnan(v):
            c += v
    return c


def nanprod(a: Any, one: Any) -> Any:
    c = one
    for k in range(a.size):
        v = flat_item(a, k)
        if not math.isnan(v):
            c *= v
    return c


def nanmean(a: Any) -> Any:
    c = 0.0
    count = 0
    for k in range(a.size):
        v = flat_item(a, k)
        if not math.isnan(v):
            c += v
            count += 1
    if count == 0:
        return math.nan
    return c / count


def count_nonzero(a: Any) -> Any:
    c = 0
    for k in range(a.size):
        if flat_item(a, k) != 0:
            c += 1
    return c


def array_all(a: Any) -> Any:
    result = True
    for k in range(a.size):
        if not flat_item(a, k):
            result = False
    return result


def array_any(a: Any) -> Any:
    result = False
    for k in range(a.size):
        if flat_item(a, k):
            result = True
    return result


REDUCTIONS: dict[str, tuple[Any, Any]] = {
    "sum": (array_sum, "sum"),
    "prod": (array_prod, "prod"),
    "mean": (array_mean, "mean"),
    "var": (array_var, "mean"),
    "std": (array_std, "mean"),
    "min": (array_extreme, less_than),
    "amin": (array_extreme, less_than),
    "max": (array_extreme, greater_than),
    "amax": (array_extreme, greater_than),
    "nanmin": (nan_extreme, less_than),
    "nanmax": (nan_extreme, greater_than),
    "nansum": (nansum, "nansum"),
    "nanprod": (nanprod, "nanprod"),
    "nanmean": (nanmean, None),
    "count_nonzero": (count_nonzero, None),
    "all": (array_all, None),
    "any": (array_any, None),
}
"""`np.NAME(a)` (and the method `a.NAME()` where numpy has one): the
implementation and its second argument: the kind of accumulator it starts
from (a string, see `simt.frontend.calls`), a comparator, or None."""

METHODS = frozenset({"sum", "prod", "mean", "var", "std", "min", "max", "all", "any"})
"""The reductions numba also offers as array methods."""
