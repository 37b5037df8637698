"""The frontend's typing table is numba-cuda's typing: regenerated and compared.

`simt.frontend.numba_table` is generated from numba-cuda's typing context;
this test asks numba again for every row, so a new numba-cuda whose typing
differs fails here (regenerate with `python -m simt.frontend.typing`).
"""

from __future__ import annotations

from simt.frontend.numba_table import TABLE
from simt.frontend.types import FLOAT32, FLOAT64, INT32, INT64, UINT8, UINT64
from simt.frontend.typing import numba_rows, range_type, resolve, unify


def test_table_equals_numba_cuda_typing() -> None:
    assert sorted(TABLE.splitlines()) == sorted(numba_rows())


def test_known_rows() -> None:
    add = resolve("add", INT32, UINT64)
    assert add is not None and (add.result, add.args) == (INT64, (INT64, UINT64))
    less = resolve("lt", INT64, UINT64)
    assert less is not None and less.args == (FLOAT64, FLOAT64)
    floor = resolve("math.floor", FLOAT32)
    assert floor is not None and floor.result == FLOAT32
    shift = resolve("lshift", UINT8, INT32)
    assert shift is not None and shift.result == UINT64
    assert resolve("lshift", FLOAT32, INT32) is None
    assert unify(INT32, UINT64) == FLOAT64
    assert range_type([UINT64, INT32]) is not None
