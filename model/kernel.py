"""How a kernel is marked in the IR (docs/ir-conventions.md, "Kernels").

A kernel is a `func.func` with no results and the unit attribute
`simt.kernel`; the frontend records the Python argument names under
`simt.arg_names`. Every stage that looks for kernels uses these names and
`is_kernel` / `kernels_of`, so the convention is spelled once.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

KERNEL_ATTR = "simt.kernel"
"""Unit attribute on a `func.func` that is a kernel (a launch entry point)."""

ARG_NAMES_ATTR = "simt.arg_names"
"""`ArrayAttr` of `StringAttr` on a kernel: the Python names of its arguments."""


def is_kernel(function: func.FuncOp) -> bool:
    """Whether `function` carries `simt.kernel`."""
    return KERNEL_ATTR in function.attributes


def kernels_of(module: ModuleOp) -> list[func.FuncOp]:
    """The kernels at the top level of `module`, in order."""
    return [op for op in module.ops if isinstance(op, func.FuncOp) and is_kernel(op)]
