"""Where an op comes from: the one location formatter of every diagnostic.

Diagnostics follow mlir-opt's form, `file:line:col: error: message` (also
`remark:` and `warning:`), which editors and CI log parsers recognise. The
position comes from the op's `FileLineColLoc` (the Python frontend sets one
on every op; `loc(...)` in `.mlir` text sets one too), looking through
`NameLoc`, `CallSiteLoc` (the callee's position) and `FusedLoc` (the first
inner position). An op without a position is named by the function that
holds it and its profile site (`simt.model.sites`), e.g. `@k/b0.3`, and a
function by its symbol, `@k`.
"""

from __future__ import annotations

from xdsl.dialects.builtin import (
    ArrayAttr,
    CallSiteLoc,
    FileLineColLoc,
    FusedLoc,
    NameLoc,
    StringAttr,
)
from xdsl.ir import Attribute, Operation

from simt.model.sites import site_id


def source_location(location: Attribute) -> str | None:
    """`file:line:col` of a location that has a source position, else None."""
    pending: list[Attribute] = [location]
    while pending:
        loc = pending.pop()
        if isinstance(loc, FileLineColLoc):
            return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"
        if isinstance(loc, NameLoc):
            pending.append(loc.location)
        elif isinstance(loc, CallSiteLoc):
            pending.append(loc.callee)
        elif isinstance(loc, FusedLoc) and isinstance(loc.locations, ArrayAttr):
            pending.extend(reversed(loc.locations.data))
    return None


def op_source_location(op: Operation) -> str | None:
    """`file:line:col` of `op`, or None when its location has no position."""
    return source_location(op.location)


def op_location(op: Operation) -> str:
    """`file:line:col` of `op`; without one, its symbol (`@k`) or its site
    (`@k/b0.3`), so that every diagnostic names a place."""
    found = op_source_location(op)
    if found is not None:
        return found
    sym = op.properties.get("sym_name")
    return f"@{sym.data}" if isinstance(sym, StringAttr) else site_id(op)


def describe_op(op: Operation) -> str:
    """`<location>: '<op name>'`, the prefix of a diagnostic about one op."""
    return f"{op_location(op)}: '{op.name}'"


def enclosing_function_name(op: Operation) -> str | None:
    """The symbol name of the closest enclosing op that has one."""
    parent = op.parent_op()
    while parent is not None:
        sym = parent.properties.get("sym_name")
        if isinstance(sym, StringAttr):
            return sym.data
        parent = parent.parent_op()
    return None
