"""Entry points: a Python function (or source text) and a signature -> a module.

`compile_python` takes what `numba.cuda.jit(signature)` takes; `compile_kernels`
reads a whole `.py` file (for `simt-opt file.py`) and compiles every function
decorated with a signature, e.g. `@cuda.jit("void(int32[:], int32)")`.

Names are resolved syntactically: `cuda.X` and `numba.cuda.X` are the CUDA
intrinsics, `math.X` the math module, whatever the file imports. Module-level
constants (`N = 32`) are folded in: for a function object from its globals, for
source text from top-level assignments of number literals.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable, Mapping
from typing import Any

from xdsl.dialects.builtin import ModuleOp

from simt.frontend.errors import FrontendError, SourceLocator
from simt.frontend.expressions import dotted_name
from simt.frontend.signature import SignatureError, parse_signature
from simt.frontend.statements import KernelCompiler

Constant = int | float | bool


def compile_python(
    py_func_or_source: Callable[..., Any] | str,
    signature: str,
    name: str | None = None,
) -> ModuleOp:
    """Compiles one numba.cuda-style kernel into a verified module with one kernel.

    `py_func_or_source` is a Python function or source text; for source text,
    `name` picks the function (default: the only, or else the first, function in
    it); for a function, `name` renames the kernel. `signature` is numba's
    string form, e.g. `"void(int32[:], float32[:], int64)"`. Raises
    `FrontendError` ("file:line:col: message") for what it cannot compile.
    """
    if isinstance(py_func_or_source, str):
        tree = _parse(py_func_or_source, "<string>")
        fn = _find_function(tree, name, "<string>")
        locator = SourceLocator("<string>")
        constants = _source_constants(tree)
        kernel_name = fn.name
    else:
        fn, locator = _function_ast(py_func_or_source)
        constants = _global_constants(py_func_or_source)
        kernel_name = name if name is not None else fn.name
    module = ModuleOp([_compile(fn, signature, locator, constants, kernel_name, fn)])
    module.verify()
    return module


def compile_kernels(source: str, filename: str = "<string>") -> ModuleOp:
    """Compiles every function of a `.py` file decorated with a signature.

    A kernel is a top-level function with a decorator call whose callee ends in
    `jit` (`cuda.jit`, `numba.cuda.jit`, `simt.jit`) and whose first argument is
    a signature string. Raises `FrontendError` when there is none.
    """
    tree = _parse(source, filename)
    locator = SourceLocator(filename)
    constants = _source_constants(tree)
    kernels = []
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef):
            continue
        decorator = _signature_decorator(fn)
        if decorator is not None:
            kernels.append(
                _compile(fn, decorator[0], locator, constants, fn.name, decorator[1])
            )
    if not kernels:
        raise FrontendError(
            filename,
            1,
            1,
            'no kernel found: expected a function decorated like @cuda.jit("void(int32[:])")',
        )
    module = ModuleOp(kernels)
    module.verify()
    return module


def _compile(
    fn: ast.FunctionDef,
    signature: str,
    locator: SourceLocator,
    constants: dict[str, Constant],
    name: str,
    where: ast.AST,
):
    try:
        params = parse_signature(signature)
    except SignatureError as error:
        raise locator.error(where, str(error)) from None
    return KernelCompiler(fn, params, locator, constants, name).compile()


def _parse(source: str, filename: str) -> ast.Module:
    try:
        return ast.parse(source, filename)
    except SyntaxError as error:
        line = error.lineno or 1
        col = error.offset or 1
        raise FrontendError(filename, line, col, f"syntax error: {error.msg}") from None


def _find_function(
    tree: ast.Module, name: str | None, filename: str
) -> ast.FunctionDef:
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    for fn in functions:
        if name is None or fn.name == name:
            return fn
    wanted = f"function '{name}'" if name is not None else "a function definition"
    raise FrontendError(filename, 1, 1, f"expected {wanted} in the source")


def _function_ast(fn: Callable[..., Any]) -> tuple[ast.FunctionDef, SourceLocator]:
    """The AST of a function object, with a locator into its file."""
    fn = inspect.unwrap(getattr(fn, "py_func", fn))
    try:
        lines, first = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn) or fn.__code__.co_filename
    except (OSError, TypeError) as error:
        raise FrontendError(
            "<unknown>", 1, 1, f"cannot read the source of {fn!r}: {error}"
        ) from None
    source = "".join(lines)
    dedented = textwrap.dedent(source)
    indent = len(lines[0]) - len(lines[0].lstrip()) if dedented != source else 0
    locator = SourceLocator(filename, first - 1, indent)
    tree = _parse(dedented, filename)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if not defs:
        raise locator.error(tree, "expected a function definition")
    return defs[0], locator


def _global_constants(fn: Callable[..., Any]) -> dict[str, Constant]:
    fn = inspect.unwrap(getattr(fn, "py_func", fn))
    found: Mapping[str, object] = getattr(fn, "__globals__", {})
    return {k: v for k, v in found.items() if isinstance(v, int | float | bool)}


def _source_constants(tree: ast.Module) -> dict[str, Constant]:
    """Top-level `NAME = <number literal>` assignments of a source file."""
    constants: dict[str, Constant] = {}
    for stmt in tree.body:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            continue
        target = stmt.targets[0]
        try:
            value = ast.literal_eval(stmt.value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
        if isinstance(target, ast.Name) and isinstance(value, int | float | bool):
            constants[target.id] = value
    return constants


def _signature_decorator(fn: ast.FunctionDef) -> tuple[str, ast.expr] | None:
    """The signature string of a `@...jit("sig", ...)` decorator, with the decorator."""
    for decorator in fn.decorator_list:
        if not isinstance(decorator, ast.Call) or not decorator.args:
            continue
        callee = dotted_name(decorator.func)
        first = decorator.args[0]
        if callee is None or callee.split(".")[-1] != "jit":
            continue
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value, decorator
    return None
