"""numba's Python error model under `debug=True` (`simt.frontend.error_model`):
a zero divisor raises `ZeroDivisionError` and a run-time tuple index out of
range `IndexError`, with numba's messages, and the raising lane stops there;
float32 `/` under `fastmath` is not checked; without `debug` the kernel has
no check at all.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numba import cuda
from xdsl.dialects import cf
from xdsl.dialects.builtin import ModuleOp

import simt
from simt.dialects.simt import RaiseOp
from simt.frontend.error_model import zero_division_message
from simt.frontend.types import FLOAT32, FLOAT64, INT32, INT64
from simt.lowering.ptxas import assemble
from simt.model.exceptions import EXCEPTIONS_ATTR


def _raised(
    kernel: Callable[..., None],
    signature: str,
    args: list[Any],
    block: int = 1,
    *,
    debug: bool,
    fastmath: bool = False,
) -> BaseException | None:
    """The exception a debug launch raises (None if none), the kernel compiled
    with numba's `debug` and `fastmath`."""
    module = simt.compile_python(kernel, signature, debug=debug, fastmath=fastmath)
    try:
        simt.simulate(module, 1, block, args, trace=False, debug=True)
    except Exception as error:
        return error
    return None


def _checks(module: ModuleOp) -> int:
    return sum(1 for op in module.walk() if isinstance(op, RaiseOp))


def divide(r, x, y):
    r[0] = y[0] / x[0]
    r[1] = y[0]


def test_division_by_zero_raises_and_stops_the_lane() -> None:
    r, x, y = np.zeros(2), np.zeros(1), np.ones(1)
    error = _raised(
        divide, "void(float64[:], float64[:], float64[:])", [r, x, y], debug=True
    )
    assert isinstance(error, ZeroDivisionError)
    line = divide.__code__.co_firstlineno + 1
    assert re.search(
        rf"In function 'divide', file .*test_debug_checks\.py, line {line}", str(error)
    )
    assert str(error).endswith("division by zero")
    np.testing.assert_array_equal(r, [0.0, 0.0])  # neither store happened


def test_without_debug_nothing_is_checked() -> None:
    module = simt.compile_python(divide, "void(float64[:], float64[:], float64[:])")
    assert _checks(module) == 0
    assert EXCEPTIONS_ATTR not in module.ops.first.attributes  # pyright: ignore[reportOptionalMemberAccess]
    assert not any(isinstance(op, cf.ConditionalBranchOp) for op in module.walk())
    r, x, y = np.zeros(2), np.zeros(1), np.ones(1)
    simt.simulate(module, 1, 1, [r, x, y], trace=False, debug=True)
    np.testing.assert_array_equal(r, [np.inf, 1.0])


def test_debug_adds_one_check_per_division() -> None:
    module = simt.compile_python(
        divide, "void(float64[:], float64[:], float64[:])", debug=True
    )
    assert _checks(module) == 1


def floor_divide(r, x, y):
    r[0] = y[0] // x[0]


def modulo(r, x, y):
    r[0] = y[0] % x[0]


def true_divide(r, x, y):
    r[0] = y[0] / x[0]


@pytest.mark.parametrize(
    ("kernel", "dtype", "message"),
    [
        (floor_divide, "int32", "integer division by zero"),
        (modulo, "int64", "integer modulo by zero"),
        (true_divide, "int32", "division by zero"),
        (floor_divide, "float32", "division by zero"),
        (modulo, "float64", "modulo by zero"),
    ],
)
def test_numbas_messages(kernel: Callable[..., None], dtype: str, message: str) -> None:
    out = np.zeros(1, "float64" if kernel is true_divide else dtype)
    args = [out, np.zeros(1, dtype), np.full(1, 7, dtype)]
    signature = f"void({out.dtype}[:], {dtype}[:], {dtype}[:])"
    error = _raised(kernel, signature, args, debug=True)
    assert isinstance(error, ZeroDivisionError)
    assert str(error).endswith(f": {message}")
    nonzero = [out, np.full(1, 2, dtype), np.full(1, 7, dtype)]
    assert _raised(kernel, signature, nonzero, debug=True) is None


def scalar_divide(r, x, y):
    r[0] = x / y


def test_fastmath_float32_division_is_not_checked() -> None:
    r = np.zeros(1, np.float32)
    float32 = "void(float32[::1], float32, float32)"
    fast = _raised(scalar_divide, float32, [r, 10.0, 0.0], debug=True, fastmath=True)
    assert fast is None
    assert r[0] == np.inf
    precise = _raised(scalar_divide, float32, [r, 10.0, 0.0], debug=True)
    assert isinstance(precise, ZeroDivisionError)
    # numba's fast division is float32's only: float64 is still checked
    r64 = np.zeros(1)
    float64 = "void(float64[::1], float64, float64)"
    wide = _raised(scalar_divide, float64, [r64, 1.0, 0.0], debug=True, fastmath=True)
    assert isinstance(wide, ZeroDivisionError)


def divide_in_loop(r, x):
    for i in range(x.size):
        r[i] = 10 // x[i]


def test_the_lane_leaves_a_loop() -> None:
    r, x = np.zeros(4, np.int64), np.array([5, 2, 0, 1])
    error = _raised(divide_in_loop, "void(int64[:], int64[:])", [r, x], debug=True)
    assert isinstance(error, ZeroDivisionError)
    np.testing.assert_array_equal(r, [2, 5, 0, 0])


def divide_in_expression(r, x, flag):
    r[0] = 1 // x[0] if flag else 0


def test_a_division_inside_a_conditional_expression_raises() -> None:
    r, x = np.zeros(1, np.int32), np.zeros(1, np.int32)
    signature = "void(int32[:], int32[:], int32)"
    assert isinstance(
        _raised(divide_in_expression, signature, [r, x, 1], debug=True),
        ZeroDivisionError,
    )
    assert _raised(divide_in_expression, signature, [r, x, 0], debug=True) is None


def tuple_index(ary):
    x = cuda.threadIdx.x
    if x == 2:
        ary.shape[-x]  # pyright: ignore[reportOperatorIssue]


def test_tuple_index_out_of_range_raises_index_error() -> None:
    # numba-cuda's test_exception.test_exception
    error = _raised(
        tuple_index, "void(int64[:])", [np.array([0, 1])], block=3, debug=True
    )
    assert isinstance(error, IndexError)
    assert "tuple index out of range" in str(error)
    assert "tid=[0, 0, 2]" in str(error)
    unchecked = simt.compile_python(tuple_index, "void(int64[:])")
    assert _checks(unchecked) == 0


def test_jit_debug_raises_on_the_host() -> None:
    kernel = simt.jit("void(float64[:], float64[:], float64[:])", debug=True)(divide)
    r, x, y = np.zeros(2), np.zeros(1), np.ones(1)
    with pytest.raises(ZeroDivisionError, match="division by zero"):
        kernel[1, 1](r, x, y)
    np.testing.assert_array_equal(r, [0.0, 0.0])


def test_checked_kernels_assemble(ptxas: Path) -> None:
    for kernel, signature in (
        (divide, "void(float64[:], float64[:], float64[:])"),
        (divide_in_loop, "void(int64[:], int64[:])"),
        (tuple_index, "void(int64[:])"),
    ):
        module = simt.compile_python(kernel, signature, debug=True)
        simt.apply_passes(module, "simt-optimize")
        for arch in ("sm_70", "sm_80", "sm_90"):
            assemble(simt.to_ptx(module, arch, ptxas=False), arch, ptxas)


@pytest.mark.parametrize(
    ("kind", "operands", "fastmath", "message"),
    [
        (ast.Div, FLOAT32, False, "division by zero"),
        (ast.Div, FLOAT32, True, None),
        (ast.Div, FLOAT64, True, "division by zero"),
        (ast.Div, INT32, False, "division by zero"),
        (ast.FloorDiv, INT64, False, "integer division by zero"),
        (ast.FloorDiv, FLOAT64, False, "division by zero"),
        (ast.Mod, INT32, True, "integer modulo by zero"),
        (ast.Mod, FLOAT32, False, "modulo by zero"),
        (ast.Mult, FLOAT32, False, None),
    ],
)
def test_zero_division_messages(
    kind: type[ast.operator], operands: Any, fastmath: bool, message: str | None
) -> None:
    assert zero_division_message(kind, operands, fastmath) == message
