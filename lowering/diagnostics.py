"""Where an op comes from, for the lowering's error messages.

A message names the op and its location: the source position when the op
carries a `FileLineColLoc` (the Python frontend sets one), otherwise the
enclosing function, e.g. `kernel.py:12:8: 'math.erf'` or
`in @k: 'memref.subview'`.
"""

from __future__ import annotations

from xdsl.dialects import func, llvm
from xdsl.dialects.builtin import FileLineColLoc
from xdsl.ir import Operation


def location(op: Operation) -> str:
    """The op's source position if known, else the function that holds it."""
    loc = op.location
    if isinstance(loc, FileLineColLoc):
        return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
    parent = op.parent_op()
    while parent is not None:
        if isinstance(parent, func.FuncOp | llvm.FuncOp):
            return f"in @{parent.sym_name.data}"
        parent = parent.parent_op()
    return "at module level"


def describe(op: Operation) -> str:
    """`<location>: '<op name>'`, the prefix of every lowering diagnostic."""
    return f"{location(op)}: '{op.name}'"
