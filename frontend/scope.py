"""Where the free names of a kernel or device function resolve.

A name that is not a local variable is looked up in the function's closure,
then its globals, then Python's builtins, as Python does. What it finds is a
compile-time `StaticValue`; modules numba-cuda gives meaning to get a
canonical dotted name, so that the frontend recognizes an intrinsic however
it was imported:

    from numba import cuda;   cuda.threadIdx.x      -> cuda.threadIdx.x
    import numba;             numba.cuda.grid(1)    -> cuda.grid
    from numba.cuda import grid;  grid(1)           -> cuda.grid
    from math import sqrt;    sqrt(x)               -> math.sqrt
    import numpy as np;       np.float32(x)         -> np.float32

Attributes of these modules are followed by name (numba's CUDA simulator
replaces the `cuda` module by another object, whose attributes differ);
attributes of other objects (a user's module, a class) are read with
`getattr` at compile time. When a function is compiled from source text
there are no globals: the names `cuda`, `math`, `np`, `numpy` and `numba`
then denote those modules, and top-level `NAME = <literal>` assignments and
imports of the text are its globals.
"""

from __future__ import annotations

import ast
import builtins
import operator
import sys
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from simt.frontend.objects import StaticValue
from simt.frontend.types import ScalarType, scalar_named, scalar_of_dtype

MODULE_PATHS: dict[str, str] = {
    "numba.cuda": "cuda",
    "numba.cuda.simulator": "cuda",
    "numba.cuda.libdevice": "cuda.libdevice",
    "numba.cuda.random": "cuda.random",
    "math": "math",
    "cmath": "cmath",
    "numpy": "np",
    "numba": "numba",
    "numba.types": "numba.types",
    "numba.core.types": "numba.types",
    "numba.cuda.types": "numba.types",
    "operator": "operator",
}
"""Canonical names of the modules whose attributes the frontend interprets."""

SOURCE_MODULES: dict[str, str] = {
    "cuda": "cuda",
    "math": "math",
    "np": "np",
    "numpy": "np",
    "numba": "numba",
}
"""What the usual import aliases denote in a function compiled from text."""

_MISSING = object()


@dataclass
class Scope:
    """The free names of one function: closure, globals and builtins."""

    globals: Mapping[str, object] = field(default_factory=dict[str, object])
    closure: Mapping[str, object] = field(default_factory=dict[str, object])
    from_text: bool = False

    def lookup(self, name: str) -> StaticValue | None:
        """The compile-time value of a free name, or None if it is undefined."""
        for table in (self.closure, self.globals):
            found = table.get(name, _MISSING)
            if found is not _MISSING:
                text = resolve_text_name(found)
                return text if text is not None else static(found)
        if self.from_text and name in SOURCE_MODULES:
            return StaticValue(None, SOURCE_MODULES[name])
        found = getattr(builtins, name, _MISSING)
        if found is not _MISSING:
            return StaticValue(found, name)
        return None


def static(obj: object) -> StaticValue:
    """`obj` as a static value, with its canonical name when it has one."""
    return StaticValue(obj, canonical_path(obj))


def canonical_path(obj: object) -> str | None:
    """The canonical dotted name of a module or of an attribute of one."""
    if isinstance(obj, types.ModuleType):
        return MODULE_PATHS.get(obj.__name__)
    name = getattr(obj, "__name__", None)
    if not isinstance(name, str):
        return None
    if isinstance(obj, types.BuiltinFunctionType) and obj.__module__ in MODULE_PATHS:
        return f"{MODULE_PATHS[obj.__module__]}.{name}"
    if getattr(operator, name, None) is obj:
        return f"operator.{name}"
    if isinstance(obj, np.ufunc) and getattr(np, name, None) is obj:
        return f"np.{name}"
    cuda = sys.modules.get("numba.cuda")
    if cuda is not None and getattr(cuda, name, None) is obj:
        return f"cuda.{name}"
    if getattr(builtins, name, None) is obj:
        return name
    return None


def attribute(value: StaticValue, attr: str) -> StaticValue | None:
    """`value.attr` at compile time: under a canonical path by name (keeping
    the attribute's object when the module has it), else by `getattr`; None
    when the object has no such attribute."""
    found = getattr(value.obj, attr, _MISSING) if value.obj is not None else _MISSING
    if value.path is None:
        return None if found is _MISSING else static(found)
    obj = None if found is _MISSING else found
    if isinstance(obj, types.ModuleType) and obj.__name__ in MODULE_PATHS:
        return static(obj)
    return StaticValue(obj, f"{value.path}.{attr}")


def as_dtype(value: StaticValue) -> ScalarType | None:
    """The scalar type a static value denotes as a dtype (`np.float32`,
    `numba.float32`, `float32` imported from numba, `'float32'`, `np.dtype`),
    or None."""
    obj = value.obj
    if value.path is not None and value.path.split(".")[0] in ("np", "numba"):
        found = scalar_named(value.path.split(".")[-1])
        if found is not None:
            return found
    if isinstance(obj, str):
        return scalar_named(obj)
    if isinstance(obj, np.dtype):
        return scalar_of_dtype(obj)
    if isinstance(obj, type) and issubclass(obj, np.generic):
        return scalar_of_dtype(np.dtype(obj))
    module = getattr(type(obj), "__module__", "")
    if module.startswith("numba"):
        return scalar_named(str(obj))
    if obj is bool or obj is int or obj is float:
        return scalar_named({bool: "bool", int: "int64", float: "float64"}[obj])
    return None


def source_globals(tree: ast.Module) -> dict[str, object]:
    """The globals of a function compiled from text: number literals assigned
    at top level (`N = 32`), tuples of them, and the imports of the text."""
    found: dict[str, object] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            _literal_assignment(stmt.targets[0], stmt.value, found)
        elif isinstance(stmt, ast.Import | ast.ImportFrom):
            _imports(stmt, found)
    return found


def _literal_assignment(
    target: ast.expr, value: ast.expr, found: dict[str, object]
) -> None:
    if not isinstance(target, ast.Name):
        return
    try:
        literal = ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return
    if isinstance(literal, int | float | bool | tuple):
        found[target.id] = literal


def _imports(stmt: ast.Import | ast.ImportFrom, found: dict[str, object]) -> None:
    """Imports of numba-cuda's modules become canonical static names."""
    if isinstance(stmt, ast.Import):
        for alias in stmt.names:
            path = MODULE_PATHS.get(alias.name)
            if path is not None:
                found[alias.asname or alias.name.split(".")[0]] = _TextName(
                    path
                    if alias.asname
                    else MODULE_PATHS.get(alias.name.split(".")[0], path)
                )
        return
    module = MODULE_PATHS.get(stmt.module or "")
    if module is None:
        return
    for alias in stmt.names:
        full = f"{stmt.module}.{alias.name}"
        found[alias.asname or alias.name] = _TextName(
            MODULE_PATHS.get(full, f"{module}.{alias.name}")
        )


@dataclass(frozen=True)
class _TextName:
    """An imported name of a function compiled from text: only its path is known."""

    path: str


def resolve_text_name(obj: object) -> StaticValue | None:
    """A `_TextName` global as a static value (None for other objects)."""
    if isinstance(obj, _TextName):
        return StaticValue(None, obj.path)
    return None


@dataclass(eq=False)
class TextFunction:
    """A top-level function of source text, called as a device function: its
    AST, the text's scope and a locator into the text."""

    tree: ast.FunctionDef
    scope: Scope
    locator: Any
