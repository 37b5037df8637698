"""numba's Python error model, which numba-cuda compiles a kernel with under
`debug=True` (`numba/cuda/compiler.py`: `flags.error_model = "python"`).

The checks it adds, each raising from the lane (which then leaves the
kernel), with numba's messages (`numba/cuda/cpython/numbers.py`,
`numba/cuda/mathimpl.py`, `numba/cuda/cpython/tupleobj.py`):

* `a / b` of numbers, `b == 0`: `ZeroDivisionError("division by zero")`,
  except float32 / float32 under `fastmath=True` (`maybe_fast_truediv`
  calls libdevice's `fast_fdividef`, which checks nothing);
* `a // b`: "integer division by zero" for integers, "division by zero"
  for floats; `a % b`: "integer modulo by zero" / "modulo by zero";
* `t[i]` of a tuple at a run-time `i` outside `[-len(t), len(t))`:
  `IndexError("tuple index out of range")` (`getitem_unituple`; numba
  raises it whatever the error model, but only a `debug=True` launch
  reports it, so simt adds the check with `debug` only).

Without `debug` (numba's NumPy error model) nothing is checked: a float
division by zero is `inf` or NaN, an integer one gives what the lowering
gives. numba-cuda checks no array bounds (`cuda.jit(boundscheck=True)` is
refused).
"""

from __future__ import annotations

import ast

from simt.frontend.types import FLOAT32, ScalarType

TUPLE_INDEX_OUT_OF_RANGE = "tuple index out of range"

_MESSAGES: dict[type[ast.operator], tuple[str, str]] = {
    ast.Div: ("division by zero", "division by zero"),
    ast.FloorDiv: ("integer division by zero", "division by zero"),
    ast.Mod: ("integer modulo by zero", "modulo by zero"),
}
"""(integer message, float message) of each checked operator."""


def zero_division_message(
    kind: type[ast.operator], operands: ScalarType, fastmath: bool
) -> str | None:
    """The message of the `ZeroDivisionError` that `kind` raises on operands
    of (numba's unified) type `operands` for a zero divisor, or None when
    numba does not check it."""
    messages = _MESSAGES.get(kind)
    if messages is None:
        return None
    if kind is ast.Div and fastmath and operands == FLOAT32:
        return None
    return messages[1] if operands.is_float else messages[0]
