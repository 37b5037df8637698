"""The one error the simulator raises, and how it names ops and threads.

Every fault a user can cause (an out-of-bounds index, a division by zero, an
argument of the wrong dtype, an op the simulator does not know, a barrier
reached by only part of a block, a runaway loop) stops the simulation with a
`SimulationError` whose message names the op, its source location when the IR
carries one, the thread (block and thread index) and the offending value, e.g.

    memref.load out of bounds: index 130 for array 'a' of length 128
    at thread (block 1, thread 2) [op at "kernel.py":7:8]
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    ArrayAttr,
    CallSiteLoc,
    FileLineColLoc,
    FusedLoc,
    NameLoc,
    StringAttr,
    UnknownLoc,
)
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import DiagnosticException


class SimulationError(DiagnosticException):
    """A fault of the simulated program, or a launch the simulator cannot run."""


def describe_location(location: Attribute) -> str | None:
    """`"file":line:col` for a location that has one, else None."""
    if isinstance(location, FileLineColLoc):
        return f'"{location.filename.data}":{location.line.data}:{location.column.data}'
    if isinstance(location, NameLoc):
        return describe_location(location.location)
    if isinstance(location, CallSiteLoc):
        return describe_location(location.callee)
    if isinstance(location, FusedLoc) and isinstance(location.locations, ArrayAttr):
        for inner in location.locations.data:
            found = describe_location(inner)
            if found is not None:
                return found
    if isinstance(location, UnknownLoc):
        return None
    return None


def op_where(op: Operation) -> str:
    """` [op at "file":line:col]`, or ` [op <name> in @func]` without a location."""
    found = describe_location(op.location)
    if found is not None:
        return f" [op at {found}]"
    func = _enclosing_func_name(op)
    return f" [{op.name} in @{func}]" if func is not None else f" [{op.name}]"


def _enclosing_func_name(op: Operation) -> str | None:
    parent = op.parent_op()
    while parent is not None:
        sym = parent.properties.get("sym_name")
        if isinstance(sym, StringAttr):
            return sym.data
        parent = parent.parent_op()
    return None


def fault(op: Operation, what: str, thread: str | None = None) -> SimulationError:
    """The error for a fault of `op`: `<op.name> <what> at thread <thread> [where]`."""
    at_thread = f" at thread {thread}" if thread is not None else ""
    return SimulationError(f"{op.name} {what}{at_thread}{op_where(op)}")
