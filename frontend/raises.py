"""The exception a `raise` statement raises, as numba-cuda accepts it.

numba-cuda compiles `raise Cls`, `raise Cls(arg, ...)` and `raise instance`
(a module-level exception object) when the class and every argument are
compile-time constants: literals, globals and closure variables, constant
locals (numba's `RewriteConstRaises`; a raise with a run-time argument does
not compile). A bare `raise` re-raises the exception being handled and
`raise ... from ...` sets a cause: kernels have no `try`, so both are
errors. `exception_site` checks a statement and returns what the kernel's
`simt.exceptions` records for it (`simt.model.exceptions`); the compiler
turns the statement into `simt.raise` and the lane's exit from the kernel.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import cast

import numpy as np

from simt.frontend.errors import SourceLocator
from simt.model.exceptions import ArgValue, ExceptionSite, class_name

Constant = Callable[[ast.expr, str], object]
"""The compile-time value of an expression; raises a located error naming
what the expression is (the second argument) when it is not constant."""


def exception_site(
    stmt: ast.Raise, constant: Constant, locator: SourceLocator, function: str
) -> ExceptionSite:
    """What `stmt` raises, in `function`; a located `FrontendError` for
    what numba-cuda does not compile."""
    if stmt.exc is None:
        raise locator.unsupported(
            stmt,
            "bare raise",
            "it re-raises the exception being handled and kernels have no "
            "try/except; raise an exception class or instance",
        )
    if stmt.cause is not None:
        raise locator.unsupported(
            stmt.cause,
            "raise ... from ...",
            "kernels raise an exception class or instance without a cause",
        )
    cls, args = _exception(stmt.exc, constant, locator)
    line, _ = locator.position(stmt)
    values = tuple(_argument(stmt.exc, a, locator) for a in args)
    return ExceptionSite(class_name(cls), values, function, locator.filename, line)


def _exception(
    node: ast.expr, constant: Constant, locator: SourceLocator
) -> tuple[type[BaseException], tuple[object, ...]]:
    if not isinstance(node, ast.Call):
        obj = constant(node, "the exception")
        if isinstance(obj, BaseException):
            return type(obj), tuple(obj.args)
        return _exception_class(node, obj, locator), ()
    if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
        raise locator.unsupported(
            node,
            "keyword or starred arguments of a raised exception",
            "pass the arguments by position",
        )
    cls = _exception_class(
        node.func, constant(node.func, "the exception class"), locator
    )
    return cls, tuple(constant(arg, "an exception argument") for arg in node.args)


def _exception_class(
    node: ast.expr, obj: object, locator: SourceLocator
) -> type[BaseException]:
    if isinstance(obj, type) and issubclass(obj, BaseException):
        return obj
    found = obj.__name__ if isinstance(obj, type) else type(obj).__name__
    raise locator.error(
        node,
        f"exceptions must derive from BaseException, found '{ast.unparse(node)}' "
        f"({found})",
    )


def _argument(node: ast.expr, value: object, locator: SourceLocator) -> ArgValue:
    """`value` as a constant the IR records: str, int, float, bool, None, or
    a tuple of them (numpy scalars become Python numbers)."""
    if isinstance(value, np.generic):
        value = cast(object, value.item())
    if isinstance(value, int) and not -(1 << 63) <= value < (1 << 63):
        raise locator.error(
            node, f"expected exception arguments that fit in 64 bits, found {value}"
        )
    if value is None or isinstance(value, str | bool | int | float):
        return value
    if isinstance(value, tuple):
        items = cast(tuple[object, ...], value)
        return tuple(_argument(node, item, locator) for item in items)
    raise locator.unsupported(
        node,
        f"exception argument of type {type(value).__name__}",
        "the arguments of a raised exception must be strings, numbers, booleans, "
        "None or tuples of them",
    )
