"""Entry points: a Python function (or source text) and a signature -> a module.

`compile_python` takes what `numba.cuda.jit(signature)` takes; `compile_kernels`
reads a whole `.py` file (for `simt-opt file.py`) and compiles every function
decorated with a signature, e.g. `@cuda.jit("void(int32[:], int32)")`.

Names resolve as Python resolves them (`scope.py`): for a function object,
through its closure and globals (device functions, module-level constants
and arrays, imported modules); for source text, through the text's top-level
number and tuple assignments, its imports, and its top-level functions
(device functions); `cuda`, `math`, `np` and `numba` are the usual modules.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from simt.dialects.canonicalization import tidy
from simt.frontend.errors import FrontendError, SourceLocator
from simt.frontend.scope import Scope, TextFunction, source_globals
from simt.frontend.signature import (
    KernelSignature,
    SignatureError,
    parse_signature,
)
from simt.frontend.statements import (
    CompileContext,
    FunctionSource,
    KernelCompiler,
    declared_signature,
    function_source,
    parse,
    python_function,
)


def compile_python(
    py_func_or_source: Callable[..., Any] | str | Any,
    signature: object,
    name: str | None = None,
    *,
    source: str | None = None,
    debug: bool = False,
    fastmath: bool = False,
) -> ModuleOp:
    """Compiles one numba.cuda-style kernel into a verified module with one kernel.

    `py_func_or_source` is a Python function (or a numba dispatcher) or source
    text; for source text, `name` picks the function (default: the only, or
    else the first, function in it); for a function, `name` renames the
    kernel, and `source` gives its text when Python has none (a function made
    by `exec`). The module is tidied (`simt.dialects.canonicalization.tidy`:
    constants hoisted and shared, no duplicate or dead pure ops). `signature` is numba's: a string such as
    `"void(int32[:], float32[:, ::1], int64)"` or numba type objects. Raises
    `FrontendError` ("file:line:col: message") for what it cannot compile.

    `debug` and `fastmath` are numba-cuda's `cuda.jit` options. With `debug`
    the kernel follows numba's Python error model, as numba-cuda compiles it
    under `debug=True`: a division or modulo by zero raises
    `ZeroDivisionError` and a run-time tuple index out of range `IndexError`
    (the lane leaves the kernel; `simt.raise`), except a float32 `/` under
    `fastmath`, which numba computes with `div.approx`. Without `debug`
    nothing is checked (numba's NumPy error model: `x / 0.0` is `inf`).
    numba-cuda has no array bounds checking (`boundscheck` is refused).
    """
    if isinstance(py_func_or_source, str):
        fn_source = text_function(py_func_or_source, name, "<string>")
        kernel_name = fn_source.tree.name
    else:
        fn_source = _object_source(py_func_or_source, source)
        kernel_name = name if name is not None else fn_source.tree.name
    context = CompileContext(debug=debug, fastmath=fastmath)
    kernel = _compile(fn_source, signature, kernel_name, fn_source.tree, context)
    module = ModuleOp([*context.module.globals, kernel])
    tidy(module)
    module.verify()
    return module


def _object_source(fn: Any, text: str | None) -> FunctionSource:
    if text is None:
        return function_source(fn)
    py_func = python_function(fn)
    found = text_function(text, py_func.__name__, py_func.__code__.co_filename)
    closure = dict(
        zip(
            py_func.__code__.co_freevars,
            (c.cell_contents for c in py_func.__closure__ or ()),
            strict=True,
        )
    )
    found.scope = Scope(py_func.__globals__, closure)
    found.defaults = py_func.__defaults__ or ()
    return found


def text_function(text: str, name: str | None, filename: str) -> FunctionSource:
    """The function `name` (or the first) of source text, with the text's globals."""
    tree = parse(text, filename)
    fn = _find_function(tree, name, filename)
    locator = SourceLocator(filename)
    return FunctionSource(fn, _text_scope(tree, locator), locator)


def _text_scope(tree: ast.Module, locator: SourceLocator) -> Scope:
    found = source_globals(tree)
    scope = Scope(found, {}, from_text=True)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name not in found:
            found[node.name] = TextFunction(node, scope, locator)
    return scope


def compile_kernels(source: str, filename: str = "<string>") -> ModuleOp:
    """Compiles every function of a `.py` file decorated with a signature.

    A kernel is a top-level function with a decorator call whose callee ends in
    `jit` (`cuda.jit`, `numba.cuda.jit`, `simt.jit`), whose first argument is
    a signature string with a `void` result and that is not `device=True`.
    Raises `FrontendError` when there is none.
    """
    tree = parse(source, filename)
    locator = SourceLocator(filename)
    scope = _text_scope(tree, locator)
    context = CompileContext()
    kernels: list[func.FuncOp] = []
    for fn in tree.body:
        if not isinstance(fn, ast.FunctionDef) or _is_device(fn):
            continue
        text = declared_signature(fn)
        if text is None:
            continue
        fn_source = FunctionSource(fn, scope, locator)
        kernels.append(_compile(fn_source, text, fn.name, _decorator(fn), context))
    if not kernels:
        raise FrontendError(
            filename,
            1,
            1,
            'no kernel found: expected a function decorated like @cuda.jit("void(int32[:])")',
        )
    module = ModuleOp([*context.module.globals, *kernels])
    tidy(module)
    module.verify()
    return module


def _is_device(fn: ast.FunctionDef) -> bool:
    for decorator in fn.decorator_list:
        if isinstance(decorator, ast.Call):
            for keyword in decorator.keywords:
                if keyword.arg == "device" and isinstance(keyword.value, ast.Constant):
                    return bool(keyword.value.value)
    return False


def _decorator(fn: ast.FunctionDef) -> ast.AST:
    for decorator in fn.decorator_list:
        if isinstance(decorator, ast.Call):
            return decorator
    return fn


def _compile(
    fn_source: FunctionSource,
    signature: object,
    name: str,
    where: ast.AST,
    context: CompileContext,
) -> func.FuncOp:
    try:
        parsed: KernelSignature = parse_signature(signature)
    except SignatureError as error:
        raise fn_source.locator.error(where, str(error)) from None
    if parsed.result is not None:
        raise fn_source.locator.error(
            where,
            f"expected return type 'void' (kernels return nothing), found '{parsed.result}'",
        )
    compiler = KernelCompiler(fn_source, parsed.params, name, context)
    return compiler.compile()


def _find_function(
    tree: ast.Module, name: str | None, filename: str
) -> ast.FunctionDef:
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    for fn in functions:
        if name is None or fn.name == name:
            return fn
    wanted = f"function '{name}'" if name is not None else "a function definition"
    raise FrontendError(filename, 1, 1, f"expected {wanted} in the source")
