"""numba's `@overload` in kernels: a call to a Python function that has
overloads registered with `numba.cuda.extending.overload` (or numba's
`numba.extending.overload`, when numba is installed) runs the
implementation numba-cuda would pick.

numba-cuda's typing registry holds the function with a `types.Function`
whose templates hold the overload functions (`_overload_func`) and their target
(`metadata["target"]`: `"cuda"`, or `"generic"` for every target). As
numba's dispatch does, an overload for the CUDA target is preferred to a
generic one; the overload function is called with the numba types of the
call's arguments and returns the implementation (a Python function, usually
a closure), or None when it does not accept them. The frontend then inlines
that implementation like any device function, so a call inside it to
another overloaded function resolves the same way.

numpy's functions are not resolved here: numba overloads them with its
internal extension API (allocation, `np.nditer`), which simt does not
model; the frontend maps the ones it supports itself (`calls.py`,
`reductions.py`).
"""

from __future__ import annotations

import ast
import types
from collections.abc import Mapping, Sequence
from typing import Any

from simt.frontend.objects import (
    ArrayValue,
    EnumValue,
    StaticValue,
    TupleValue,
    Value,
)
from simt.frontend.values import Scalar

_FOREIGN = ("numpy", "math", "cmath", "builtins", "simt")
"""Packages whose functions are never resolved as overloads (numpy's API,
which numba overloads with its internal extension API)."""


def _templates(function: object) -> list[Any]:
    """The overload templates of `function` for the CUDA target, CUDA ones
    first (numba-cuda's precedence), each once. Read from numba-cuda's typing
    registry, where `overload` registers them, rather than from its typing
    context, which numba's CUDA simulator does not load."""
    if not isinstance(function, types.FunctionType):
        return []
    module = function.__module__ or ""
    if module.split(".")[0] in _FOREIGN:
        return []
    usable = []
    seen: set[int] = set()
    for value, typ in _registered():
        if value is not function:
            continue
        for template in getattr(typ, "templates", ()):
            overload = getattr(template, "_overload_func", None)
            target = getattr(template, "metadata", {}).get("target", "generic")
            if overload is None or target not in ("cuda", "generic"):
                continue
            if id(overload) not in seen:
                seen.add(id(overload))
                usable.append(template)
    usable.sort(key=lambda t: t.metadata.get("target", "generic") != "cuda")
    return usable


def _registered() -> list[tuple[object, Any]]:
    """The (function, type) pairs of numba-cuda's typing registry, then of
    numba's (where `numba.extending.overload` registers), when installed."""
    from numba.cuda.typing.templates import builtin_registry  # pyright: ignore[reportMissingImports]

    pairs = list(builtin_registry.globals)
    try:
        from numba.core.typing.templates import builtin_registry as core
    except ImportError:
        return pairs
    return pairs + list(core.globals)


def is_overloaded(function: object) -> bool:
    """Whether `function` has `@overload`s for the CUDA target."""
    return bool(_templates(function))


def numba_type(value: Value) -> Any | None:
    """numba's type of a kernel value (None: one simt cannot name)."""
    from numba.cuda import types as nbtypes
    from numba.cuda.typing.typeof import typeof  # pyright: ignore[reportMissingImports]

    if isinstance(value, Scalar):
        name = "boolean" if value.type.is_bool else value.type.name
        return getattr(nbtypes, name)
    if isinstance(value, ArrayValue):
        element = numba_type_of_dtype(value.type.dtype.dtype)
        layout = "C" if value.type.layout == "C" else "A"
        return nbtypes.Array(element, value.type.ndim, layout)  # pyright: ignore[reportAttributeAccessIssue]
    if isinstance(value, TupleValue):
        items = [numba_type(item) for item in value.items]
        if any(item is None for item in items):
            return None
        return nbtypes.BaseTuple.from_types(items)  # pyright: ignore[reportAttributeAccessIssue]
    if isinstance(value, EnumValue):
        dtype = numba_type(value.value)
        if dtype is None:
            return None
        member = nbtypes.IntEnumMember if value.type.is_int else nbtypes.EnumMember  # pyright: ignore[reportAttributeAccessIssue]
        return member(value.type.cls, dtype)
    if isinstance(value, StaticValue) and value.obj is not None:
        try:
            return typeof(value.obj)
        except Exception:
            pass
        if isinstance(getattr(value.obj, "tree", None), ast.FunctionDef):
            # a nested function, as numba types a closure it makes
            return nbtypes.MakeFunctionLiteral(value.obj)  # pyright: ignore[reportAttributeAccessIssue]
    return None


def numba_type_of_dtype(dtype: Any) -> Any:
    from numba.cuda.np.numpy_support import from_dtype  # pyright: ignore[reportMissingImports]

    return from_dtype(dtype)


def implementation(
    function: object, positional: Sequence[Value], keywords: Mapping[str, Value]
) -> types.FunctionType | str:
    """The implementation numba-cuda picks for a call of `function` with
    these arguments, or why there is none."""
    args = [numba_type(v) for v in positional]
    kwargs = {k: numba_type(v) for k, v in keywords.items()}
    if any(t is None for t in [*args, *kwargs.values()]):
        return "an argument has a type simt cannot give numba's overloads"
    for template in _templates(function):
        try:
            found = template._overload_func(*args, **kwargs)
        except Exception:
            continue
        if isinstance(found, types.FunctionType):
            return found
    shown = ", ".join(str(t) for t in args)
    return f"no @overload of it for the CUDA target accepts ({shown})"
