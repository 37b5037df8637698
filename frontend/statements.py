"""Compiling the statements and control flow of a kernel into a `func.func`.

Structured statements become `scf.if` / `scf.for` / `scf.while`; the
unstructured ones (`simt.frontend.flow.unstructured_statements`: loops with
`break`/`continue`, constructs around a nested `return`, calls of device
functions that contain such constructs, and their ancestors) become `cf`
block graphs in the function body. Local variables are values kept in an
environment (name -> value); where control flow joins they are threaded
through as `scf` results and iter_args or as `cf` block arguments, only the
variables live there (`simt.frontend.flow.liveness`), tuples element by
element (`joins.py`).

Types of loop-carried variables follow numba's SSA typing: the type at the
loop header is the unification of the type on entry and the types on the back
edges. The compiler finds it by iteration: it emits the loop with the entry
types, and when a back edge brings a wider type it removes what it emitted and
emits the loop again with the widened types (types only grow, in a lattice of
finite height, so this ends). A variable assigned in a loop but not defined
before it starts at the bottom type `bool` and holds zero until assigned, which
is also what a variable defined on only some of the paths into a join holds on
the others (numba leaves such a value undefined).

A `for` loop over `range(start, stop, step)` evaluates its arguments once, as
Python does; with a constant positive step it is an `scf.for`, otherwise an
`scf.while` (or a `cf` loop) that tests `iv < stop` or `iv > stop` by the sign
of the step. The loop variable keeps its last value after the loop. Loops over
other iterables and loop `else` clauses are rewritten first (`desugar.py`).

**Device functions** (`@cuda.jit(device=True)`, `@cuda.jit`, `numba.njit`
functions, from any module) are inlined at each call: the callee's body is
compiled in place with its parameters bound to the argument values (scalars,
arrays, tuples) and its own globals, its returns rewritten into assignments
(`desugar.eliminate_returns`). A declared signature
(`@cuda.jit("float32(float32)", device=True)`) converts the arguments and
the result as numba does. Inlining gives the analyses the whole kernel in one
function and needs no calling convention for tuples and local arrays; a
recursive call is reported as an error.

**Nested functions** (`def inner(...)` inside a kernel or device function)
are values, as numba makes them (`make_function`): called there, or passed
to a device function that calls them (`consumer(inner, x)`), they are
inlined like device functions. A nested function sees the enclosing
function's variables as they are when the `def` runs, which is Python's
late binding because a captured variable must have one definition in the
enclosing function (numba's rule: "Cannot capture a constant value for
variable"); its defaults must be compile-time constants. Device functions
may take `*args` (a tuple of the extra arguments) and calls may pass a tuple
as `*t`.

**`raise`** (`raises.py` checks what numba-cuda accepts) becomes
`simt.raise <code>`, the exception listed in the kernel's `simt.exceptions`,
followed by `func.return`: the lane leaves the kernel, from a device
function too (its body is the kernel's), and the other lanes go on. A raise
is a jump like `return`, so the constructs around it become `cf`. A call of
a device function that never returns (every path raises) ends the
statement that makes it: the rest of the statement is unreachable.
"""

from __future__ import annotations

import ast
import copy
import inspect
import linecache
import operator
import textwrap
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from xdsl.dialects import arith, cf, func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    FunctionType,
    IntegerAttr,
    StringAttr,
    UnitAttr,
)
from xdsl.ir import Block, BlockArgument, Operation, Region, SSAValue

from simt.dialects.simt import ExceptionAttr, RaiseOp
from simt.frontend import overloads
from simt.frontend.arrays import ModuleBuilder
from simt.frontend.calls import CallCompiler
from simt.frontend.desugar import ITER_LEN, RET, desugar_body, eliminate_returns
from simt.frontend.error_model import (
    TUPLE_INDEX_OUT_OF_RANGE,
    zero_division_message,
)
from simt.frontend.errors import FrontendError, SourceLocator
from simt.frontend.expressions import Env, describe, dotted_name
from simt.frontend.flow import (
    assigned_in,
    liveness,
    names_read,
    unstructured_statements,
)
from simt.frontend.joins import JoinPlan, Slot, plan_join
from simt.frontend.objects import (
    ArrayValue,
    ComplexValue,
    EnumValue,
    RecordArrayValue,
    RecordValue,
    StaticValue,
    TupleValue,
    Value,
    describe_value,
)
from simt.frontend.raises import exception_site
from simt.frontend.scope import Scope, TextFunction, attribute
from simt.frontend.signature import (
    KernelSignature,
    ParamType,
    SignatureError,
    parse_signature,
)
from simt.frontend.types import (
    INT64,
    ArrayType,
    ComplexType,
    EnumType,
    RecordArrayType,
    ScalarType,
    TupleType,
)
from simt.frontend.values import Scalar
from simt.model.captures import CAPTURES_ATTR
from simt.model.exceptions import (
    EXCEPTIONS_ATTR,
    FIRST_CODE,
    ExceptionSite,
    class_name,
)
from simt.model.kernel import ARG_NAMES_ATTR, KERNEL_ATTR

_STATEMENT_NAMES: dict[type[ast.AST], str] = {
    ast.FunctionDef: "nested function",
    ast.AsyncFunctionDef: "async function",
    ast.ClassDef: "class",
    ast.Try: "try",
    ast.TryStar: "try",
    ast.With: "with",
    ast.AsyncWith: "async with",
    ast.AsyncFor: "async for",
    ast.Global: "global",
    ast.Nonlocal: "nonlocal",
    ast.Delete: "del",
    ast.Import: "import",
    ast.ImportFrom: "import",
    ast.Match: "match",
    ast.AnnAssign: "annotated assignment",
}

Edge = tuple[Block, Env]


@dataclass
class _Loop:
    """The pending edges of the innermost `cf` loop being compiled."""

    breaks: list[Edge] = field(default_factory=list[Edge])
    continues: list[Edge] = field(default_factory=list[Edge])


@dataclass(frozen=True)
class _Snapshot:
    block: Block
    last_op: Operation | None
    last_block: Block | None
    """The body's last block then: blocks are only ever appended after it."""
    env: Env


class _LeftKernel(Exception):
    """Unwinds the rest of a statement after a call of a device function
    that never returns (it raises on every path): that code is unreachable."""


@dataclass(frozen=True)
class _Range:
    """The evaluated arguments of `for target in range(...)`."""

    target: str
    start: Scalar
    stop: Scalar
    step: Scalar
    constant_step: int | None


# ---------------------------------------------------------------------------
# Functions: kernels and device functions
# ---------------------------------------------------------------------------


@dataclass
class FunctionSource:
    """A Python function ready to compile: its AST (rewritten by `desugar`),
    where its names resolve, and how to locate its nodes."""

    tree: ast.FunctionDef
    scope: Scope
    locator: SourceLocator
    signature: KernelSignature | None = None
    defaults: tuple[object, ...] = ()
    needs_cf: bool | None = None


@dataclass(eq=False)
class NestedFunction:
    """A function made by a `def` statement inside a function being compiled:
    its AST, the enclosing function's scope and locator, the constant
    values of its defaults and the values of the enclosing variables it reads
    (`captured`), bound when it is inlined."""

    tree: ast.FunctionDef
    scope: Scope
    locator: SourceLocator
    defaults: tuple[object, ...]
    captured: dict[str, Value]
    source: FunctionSource | None = None


def function_source(fn: Any) -> FunctionSource:
    """The source of a function object (a dispatcher's `py_func` too)."""
    py_func = python_function(fn)
    tree, locator = function_ast(py_func)
    closure = dict(
        zip(
            py_func.__code__.co_freevars,
            (c.cell_contents for c in py_func.__closure__ or ()),
            strict=True,
        )
    )
    scope = Scope(py_func.__globals__, closure)
    return FunctionSource(tree, scope, locator, defaults=py_func.__defaults__ or ())


def python_function(fn: Any) -> types.FunctionType:
    """The Python function of a function or dispatcher (numba's `py_func`,
    the CUDA simulator's `fn`)."""
    for attr in ("py_func", "fn", "__wrapped__"):
        inner = getattr(fn, attr, None)
        if isinstance(inner, types.FunctionType):
            return inner
    if isinstance(fn, types.FunctionType):
        return fn
    raise TypeError(f"expected a Python function or a numba dispatcher, found {fn!r}")


def function_ast(fn: types.FunctionType) -> tuple[ast.FunctionDef, SourceLocator]:
    """The AST of a function object, with a locator into its file."""
    if fn.__name__ == "<lambda>":
        return _lambda_ast(fn)
    try:
        lines, first = inspect.getsourcelines(fn)
        filename = inspect.getsourcefile(fn) or fn.__code__.co_filename
    except (OSError, TypeError) as error:
        raise FrontendError(
            fn.__code__.co_filename,
            fn.__code__.co_firstlineno,
            1,
            f"cannot read the source of '{fn.__qualname__}' ({error}); a function "
            "defined with exec() has no source file: pass its source text, as "
            "simt.compile_python(source, signature, name=...) or "
            "simt.jit(signature, source=...)",
        ) from None
    source = "".join(lines)
    dedented = textwrap.dedent(source)
    indent = len(lines[0]) - len(lines[0].lstrip()) if dedented != source else 0
    locator = SourceLocator(filename, first - 1, indent)
    tree = parse(dedented, filename)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if not defs:
        raise locator.error(tree, "expected a function definition")
    return defs[0], locator


def _lambda_ast(fn: types.FunctionType) -> tuple[ast.FunctionDef, SourceLocator]:
    """A lambda as the function `def <lambda>(args): return body`, found in
    its file by its line and parameters (an `@overload` often returns one)."""
    code = fn.__code__
    filename = inspect.getsourcefile(fn) or code.co_filename
    text = "".join(linecache.getlines(filename))
    params = list(code.co_varnames[: code.co_argcount])
    found = [
        node
        for node in ast.walk(parse(text, filename))
        if text
        if isinstance(node, ast.Lambda)
        and node.lineno == code.co_firstlineno
        and [a.arg for a in node.args.args] == params
    ]
    if len(found) != 1:
        raise FrontendError(
            filename,
            code.co_firstlineno,
            1,
            f"cannot read the source of a lambda on line {code.co_firstlineno} "
            f"({len(found)} lambdas there take ({', '.join(params)})): make it a def",
        )
    lam = found[0]
    body = ast.copy_location(ast.Return(lam.body), lam.body)
    tree = ast.FunctionDef(
        name="<lambda>", args=lam.args, body=[body], decorator_list=[]
    )
    return ast.copy_location(tree, lam), SourceLocator(filename, 0, 0)


def parse(source: str, filename: str) -> ast.Module:
    try:
        return ast.parse(source, filename)
    except SyntaxError as error:
        line = error.lineno or 1
        col = error.offset or 1
        raise FrontendError(filename, line, col, f"syntax error: {error.msg}") from None


def declared_signature(tree: ast.FunctionDef) -> str | None:
    """The signature string of a `@...jit("sig", ...)` decorator, if any."""
    for decorator in tree.decorator_list:
        if not isinstance(decorator, ast.Call) or not decorator.args:
            continue
        callee = dotted_name(decorator.func)
        first = decorator.args[0]
        if callee is None or callee.split(".")[-1] != "jit":
            continue
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value
    return None


@dataclass
class CompileContext:
    """What the compilation of one kernel shares with the functions it inlines."""

    module: ModuleBuilder = field(default_factory=ModuleBuilder)
    device_functions: dict[tuple[int, ...], FunctionSource] = field(
        default_factory=dict[tuple[int, ...], FunctionSource]
    )
    inlining: list[str] = field(default_factory=list[str])
    debug: bool = False
    """numba's `debug=True`: the Python error model's checks (`compile_python`)."""
    fastmath: bool = False
    """numba's `fastmath=True`: a float32 `/` is not checked even in debug."""


# ---------------------------------------------------------------------------
# The compiler
# ---------------------------------------------------------------------------


class KernelCompiler(CallCompiler):
    """Compiles one Python function into a kernel `func.func`."""

    def __init__(
        self,
        source: FunctionSource,
        params: Sequence[ParamType],
        name: str | None = None,
        context: CompileContext | None = None,
    ):
        super().__init__(source.locator, source.scope)
        self.context = context if context is not None else CompileContext()
        self.module = self.context.module
        self.source = source
        self.fn = source.tree
        self.params = tuple(params)
        self.name = name if name is not None else self.fn.name
        self.kernel_name = self.name
        self.body = desugar_body(self.fn.body)
        self.live = liveness(self.body)
        self.loops: list[_Loop] = []
        self.region = Region()
        self.entry = Block()
        self.captures = {}
        self._hidden = count()
        self._target: str | None = None
        self._inline_sources: list[FunctionSource] = []
        self._locals = local_names(self.fn)
        self._exceptions: list[ExceptionAttr] = []
        """The kernel's `simt.exceptions`: code k is entry k - 1."""
        self._raise_count = 0
        """Raise statements compiled so far (inlined ones included)."""
        self.unstructured = unstructured_statements(self.body, self._produces_cf)

    # -- the function -------------------------------------------------------

    def compile(self) -> func.FuncOp:
        """The kernel: `func.func @name(...) attributes {simt.kernel, simt.arg_names}`."""
        self.at(self.fn)
        names = self._parameter_names()
        leaves = [
            leaf
            for name, param in zip(names, self.params, strict=True)
            for leaf in _param_leaves(name, param)
        ]
        inputs = [p.memref if isinstance(p, ArrayType) else p.ir for _, p in leaves]
        kernel = func.FuncOp(self.name, (inputs, []))
        self.ops.locate(kernel)
        self.region = kernel.body
        self.entry = kernel.body.block
        args = iter(self.entry.args)
        self.block = self.entry
        for name, param in zip(names, self.params, strict=True):
            value = _param_value(name, param, args)
            if isinstance(value, RecordArrayValue) and value.type.scalar:
                value = RecordValue(value, (self.ops.index_const(0),))
            self.env[name] = value
        self.statements(self.body)
        if self.block is not None:
            self.ops.add(func.ReturnOp())
        kernel.attributes[KERNEL_ATTR] = UnitAttr()
        if self._exceptions:
            kernel.attributes[EXCEPTIONS_ATTR] = ArrayAttr(self._exceptions)
        names = [n for n, _ in leaves]
        if self.captures:
            captured = list(self.captures.values())
            inputs += [array.type.memref for _, array in captured]
            kernel.function_type = FunctionType.from_lists(inputs, [])
            names += [f"$capture.{array.name}" for _, array in captured]
            kernel.attributes[CAPTURES_ATTR] = ArrayAttr(
                [StringAttr(token) for token, _ in captured]
            )
        kernel.attributes[ARG_NAMES_ATTR] = ArrayAttr([StringAttr(n) for n in names])
        return kernel

    def _parameter_names(self) -> list[str]:
        args = self.fn.args
        extra = args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg
        if extra:
            raise self.locator.unsupported(
                self.fn,
                "parameter kind",
                "only plain positional parameters are supported",
            )
        names = [a.arg for a in args.args]
        if len(names) != len(self.params):
            raise self.locator.error(
                self.fn,
                f"the signature gives {len(self.params)} parameter(s), "
                f"function '{self.fn.name}' has {len(names)}",
            )
        return names

    # -- statements ---------------------------------------------------------

    def statements(self, body: Sequence[ast.stmt]) -> None:
        """Compiles `body`; stops after a jump (the rest is unreachable)."""
        for stmt in body:
            if self.block is None:
                return
            previous = self.at(stmt)
            try:
                self._statement(stmt)
            except _LeftKernel:
                assert self.block is None, "unwound a statement that goes on"
            self.ops.node = previous

    def _statement(self, stmt: ast.stmt) -> None:
        handler = _STATEMENT_HANDLERS.get(type(stmt))
        if handler is None:
            construct = _STATEMENT_NAMES.get(type(stmt), type(stmt).__name__.lower())
            raise self.locator.unsupported(stmt, construct)
        handler(self, stmt)

    def _assign(self, stmt: ast.Assign) -> None:
        for target in stmt.targets:
            self._check_target(target)
        single = stmt.targets[0] if len(stmt.targets) == 1 else None
        self._target = single.id if isinstance(single, ast.Name) else None
        try:
            value = self.expr(stmt.value)
        finally:
            self._target = None
        for target in stmt.targets:
            self.assign(target, value)

    def assign(self, target: ast.expr, value: Value) -> None:
        """Binds `target` (a name, `a[i]`, or a tuple of targets) to `value`."""
        if isinstance(target, ast.Name):
            self.env[target.id] = value
        elif isinstance(target, ast.Tuple | ast.List):
            self._unpack(target, value)
        elif isinstance(target, ast.Attribute):
            self.record_set_field(target, self._record_of(target), target.attr, value)
        else:
            assert isinstance(target, ast.Subscript)
            self._store(target, value)

    def _record_of(self, target: ast.Attribute) -> RecordValue:
        """The record whose field `target` (`r.x`) assigns."""
        base = self.expr(target.value)
        if not isinstance(base, RecordValue):
            raise self.unsupported(
                target,
                f"assignment to {describe(target)}",
                "only record fields (r.x) can be assigned as attributes",
            )
        return base

    def _unpack(self, target: ast.Tuple | ast.List, value: Value) -> None:
        if isinstance(value, ArrayValue) and value.type.ndim == 1:
            items: tuple[Value, ...] = tuple(
                self.array_get(target, value, ast.Constant(k))
                for k in range(len(target.elts))
            )
        elif isinstance(value, TupleValue):
            items = value.items
        else:
            raise self.error(
                target,
                f"cannot unpack a value of type {describe_value(value)} into "
                f"{len(target.elts)} variables",
            )
        if len(items) != len(target.elts):
            raise self.error(
                target,
                f"cannot unpack a tuple of {len(items)} into {len(target.elts)} variables",
            )
        for element, item in zip(target.elts, items, strict=True):
            self.assign(element, item)

    def _check_target(self, target: ast.expr) -> None:
        if isinstance(target, ast.Subscript):
            return
        if isinstance(target, ast.Tuple | ast.List):
            for element in target.elts:
                if isinstance(element, ast.Starred):
                    raise self.unsupported(element, "starred assignment")
                self._check_target(element)
            return
        if not isinstance(target, ast.Name | ast.Attribute):
            raise self.unsupported(
                target,
                f"assignment to {describe(target)}",
                "only variables, a[i] and tuples of them can be assigned",
            )

    def _store(self, target: ast.Subscript, value: Value) -> None:
        base = self.expr(target.value)
        if isinstance(base, RecordArrayValue):
            self.record_array_set(target, base, target.slice, value)
            return
        if isinstance(base, RecordValue):
            key = self._field_key(target.slice)
            self.record_set_field(target, base, key, value)
            return
        if not isinstance(base, ArrayValue):
            raise self.unsupported(
                target,
                f"assignment to an element of {describe_value(base)}",
                "only array elements can be assigned",
            )
        self.array_set(target, base, target.slice, value)

    def _augassign(self, stmt: ast.AugAssign) -> None:
        kind = type(stmt.op)
        self._check_target(stmt.target)
        if isinstance(stmt.target, ast.Name):
            named = self._name(ast.Name(stmt.target.id, ast.Load()))
            if isinstance(named, ComplexValue):
                self.env[stmt.target.id] = self.complex_binary(
                    stmt, kind, named, self.expr(stmt.value)
                )
                return
            current = self.as_scalar(stmt, named)
            self.env[stmt.target.id] = self._combine(stmt, kind, current)
            return
        if isinstance(stmt.target, ast.Attribute):
            record = self._record_of(stmt.target)
            current = self.as_scalar(
                stmt, self.record_field(stmt.target, record, stmt.target.attr)
            )
            updated = self._combine(stmt, kind, current)
            self.record_set_field(stmt.target, record, stmt.target.attr, updated)
            return
        if not isinstance(stmt.target, ast.Subscript):
            raise self.unsupported(
                stmt.target, f"augmented assignment to {describe(stmt.target)}"
            )
        base = self.expr(stmt.target.value)
        if isinstance(base, RecordValue):
            key = self._field_key(stmt.target.slice)
            current = self.as_scalar(stmt, self.record_field(stmt.target, base, key))
            updated = self._combine(stmt, kind, current)
            self.record_set_field(stmt.target, base, key, updated)
            return
        if not isinstance(base, ArrayValue):
            raise self.unsupported(
                stmt.target, "augmented assignment", "only to array elements"
            )
        if base.type.space.value == "constant":
            raise self.error(stmt, f"cannot write to constant array '{base.name}'")
        parts = self._indices(stmt.target.slice)
        if len(parts) != base.type.ndim or any(isinstance(p, ast.Slice) for p in parts):
            raise self.unsupported(
                stmt.target, "augmented assignment to an array slice"
            )
        indices = self.element_indices(base, parts)
        if base.type.complex:
            element = self.load_element(base, indices)
            updated_number = self.complex_binary(
                stmt, kind, element, self.expr(stmt.value)
            )
            self.store_element(stmt, base, indices, updated_number)
            return
        from xdsl.dialects import memref

        loaded = self.ops.scalar(
            memref.LoadOp.get(base.value, indices), base.type.dtype
        )
        updated = self.ops.convert(self._combine(stmt, kind, loaded), base.type.dtype)
        self.ops.add(memref.StoreOp.get(updated.value, base.value, indices))

    def _combine(
        self, stmt: ast.AugAssign, kind: type[ast.operator], current: Scalar
    ) -> Scalar:
        """`current <op>= value`, typed as `current <op> value`."""
        if kind is ast.Pow:
            return self.power_of(stmt, current, stmt.value)
        if kind is ast.MatMult:
            raise self.unsupported(stmt, "operator @")
        value = self.scalar(stmt.value)
        return self.binary(stmt, kind, current, value)

    def _expr_statement(self, stmt: ast.Expr) -> None:
        if isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
            return
        call = stmt.value
        if isinstance(call, ast.Call) and self._resolves_to(
            call.func, "cuda.syncthreads"
        ):
            self.syncthreads(call)
            return
        self.expr(stmt.value)

    def _resolves_to(self, node: ast.expr, path: str) -> bool:
        name = dotted_name(node)
        if name == path:
            return True
        static = self._static_callee(node)
        return static is not None and static.path == path

    def _pass(self, stmt: ast.Pass) -> None:
        return

    def _function_def(self, stmt: ast.FunctionDef) -> None:
        """`def inner(...)`: the variable `inner` holds the function."""
        args = stmt.args
        if stmt.decorator_list or args.posonlyargs or args.kwonlyargs or args.kwarg:
            raise self.locator.unsupported(
                stmt,
                f"nested function '{stmt.name}' with decorators, keyword-only "
                "or **kwargs parameters",
                "nested functions take plain parameters, defaults and *args",
            )
        defaults = tuple(self._default(stmt, d) for d in args.defaults)
        captured = {
            name: self._captured(stmt, name)
            for name in sorted(names_read(stmt) - local_names(stmt))
            if name in self.env or name in self._locals
        }
        function = NestedFunction(stmt, self.scope, self.locator, defaults, captured)
        self.env[stmt.name] = StaticValue(function)

    def _default(self, stmt: ast.FunctionDef, node: ast.expr) -> object:
        try:
            return ast.literal_eval(node)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            pass
        value = _constant_value(self.expr(node))
        if value is None:
            raise self.error(
                node,
                f"the default '{ast.unparse(node)}' of nested function "
                f"'{stmt.name}' is not a compile-time constant",
            )
        return value

    def _captured(self, stmt: ast.FunctionDef, name: str) -> Value:
        """The value of the enclosing variable `name` that `stmt` reads."""
        value = self.env.get(name)
        if value is None:
            raise self.error(
                stmt,
                f"nested function '{stmt.name}' reads '{name}', which is not "
                "assigned before the def",
            )
        if _definitions(self.fn, name) > 1:
            raise self.error(
                stmt,
                f"nested function '{stmt.name}' reads '{name}', which "
                f"'{self.fn.name}' assigns more than once (numba-cuda captures "
                "variables with one definition)",
            )
        return value

    def _assert(self, stmt: ast.Assert) -> None:
        """`assert` compiles to nothing, as in numba-cuda kernels without `debug=True`."""
        return

    def _return(self, stmt: ast.Return) -> None:
        """`return` leaves the kernel. numba types the returned expression
        before it refuses a kernel whose return type is not void, so the
        expression is compiled first (its errors come first) and `None` (a
        call of a function without result too) is a plain return."""
        value = stmt.value
        if value is not None and not _is_none(self.expr(value)):
            raise self.locator.unsupported(
                stmt, "return with a value", "kernels return nothing"
            )
        self.ops.add(func.ReturnOp())
        self.block = None

    def _raise(self, stmt: ast.Raise) -> None:
        """`simt.raise` of the exception's entry in the kernel's table, then
        the lane leaves the kernel."""
        site = exception_site(stmt, self._raise_constant, self.locator, self.fn.name)
        entry = ExceptionAttr(site)
        if entry not in self._exceptions:
            self._exceptions.append(entry)
        self.ops.add(RaiseOp(self._exceptions.index(entry) + FIRST_CODE))
        self._raise_count += 1
        self.ops.add(func.ReturnOp())
        self.block = None

    def check_divisor(
        self, node: ast.AST, kind: type[ast.operator], operands: ScalarType, b: Scalar
    ) -> None:
        """numba's Python error model under `debug=True` (`error_model.py`):
        a zero divisor raises `ZeroDivisionError` from the lane."""
        if not self.context.debug:
            return
        message = zero_division_message(kind, operands, self.context.fastmath)
        if message is None:
            return
        zero = self.ops.compare(ast.Eq, b, self.ops.zero(b.type))
        self._raise_where(node, zero, ZeroDivisionError, message)

    def check_tuple_index(self, node: ast.AST, position: Scalar, length: int) -> None:
        """numba's `IndexError` for a run-time tuple index out of range,
        under `debug=True` (`error_model.py`)."""
        if not self.context.debug:
            return
        below = self.ops.compare(ast.Lt, position, self.ops.zero(position.type))
        limit = self.ops.const(length, position.type)
        above = self.ops.compare(ast.GtE, position, limit)
        outside = self.ops.binary(ast.BitOr, below, above)
        self._raise_where(node, outside, IndexError, TUPLE_INDEX_OUT_OF_RANGE)

    def _raise_where(
        self, node: ast.AST, cond: Scalar, cls: type[BaseException], message: str
    ) -> None:
        """The lanes where `cond` holds raise `cls(message)` and leave the
        kernel (a `cf.cond_br` to a block with `simt.raise` and the return);
        the others go on in a new block. Inside an expression that must stay
        structured (`and`/`or`/`if-else`), the lanes raise in an `scf.if`
        and go on to the end of the kernel, which is what they then report."""
        line, _ = self.locator.position(node)
        site = ExceptionSite(
            class_name(cls), (message,), self.fn.name, self.locator.filename, line
        )
        entry = ExceptionAttr(site)
        if entry not in self._exceptions:
            self._exceptions.append(entry)
        raised = RaiseOp(self._exceptions.index(entry) + FIRST_CODE)
        if self._current().parent is not self.region:
            self.ops.add(
                scf.IfOp(cond.value, [], Region(Block([raised, scf.YieldOp()])))
            )
            return
        raising, rest = Block(), Block()
        self.ops.add(cf.ConditionalBranchOp(cond.value, raising, [], rest, []))
        env = self.env
        self._start(raising, env)
        self.ops.add(raised)
        self.ops.add(func.ReturnOp())
        self._start(rest, env)

    def _raise_constant(self, node: ast.expr, what: str) -> object:
        """The compile-time value of part of a `raise`, or a located error."""
        for name in sorted(names_read(node)):
            value = self.env.get(name)
            if value is None or isinstance(value, StaticValue):
                continue
            if _constant_value(value) is None:
                raise self.unsupported(
                    node,
                    "raise with a run-time value",
                    f"numba-cuda raises exceptions whose class and arguments are "
                    f"compile-time constants; {what} '{ast.unparse(node)}' reads "
                    f"the run-time variable '{name}'",
                )
        named = self.env.get(node.id) if isinstance(node, ast.Name) else None
        if isinstance(named, StaticValue):
            return named.obj
        try:
            return self.static_object(node)
        except FrontendError:
            raise self.error(
                node,
                f"expected {what} to be a compile-time constant (numba-cuda raises "
                f"constant exceptions only), found '{ast.unparse(node)}'",
            ) from None

    def _break(self, stmt: ast.Break) -> None:
        self._jump_out(stmt).breaks.append((self._current(), self.env))
        self.block = None

    def _continue(self, stmt: ast.Continue) -> None:
        self._jump_out(stmt).continues.append((self._current(), self.env))
        self.block = None

    def _jump_out(self, stmt: ast.stmt) -> _Loop:
        if not self.loops:
            raise self.locator.error(
                stmt, f"'{type(stmt).__name__.lower()}' outside a loop"
            )
        return self.loops[-1]

    def _current(self) -> Block:
        assert self.block is not None
        return self.block

    # -- compile-time values --------------------------------------------------

    def static_object(self, node: ast.expr) -> object:
        """The Python value of a constant expression: literals, names of the
        function's globals and closure, constant local variables, and any
        expression over them (`TPB * 2`, `(N, M)`)."""
        try:
            return ast.literal_eval(node)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            pass
        namespace: dict[str, object] = {**self.scope.globals, **self.scope.closure}
        for name, value in self.env.items():
            constant = _constant_value(value)
            if constant is not None:
                namespace[name] = constant
        try:
            code = compile(ast.Expression(body=node), "<constant>", "eval")
            return eval(code, {"__builtins__": __builtins__}, namespace)
        except Exception:
            raise self.error(
                node, f"expected a compile-time constant, found '{ast.unparse(node)}'"
            ) from None

    @property
    def target_name(self) -> str | None:
        return self._target

    def site_key(self, node: ast.AST) -> tuple[int, int]:
        return (id(self.fn), id(node))

    # -- device functions -------------------------------------------------------

    def is_device_function(self, obj: object) -> bool:
        if isinstance(obj, TextFunction | NestedFunction):
            return True
        try:
            python_function(obj)
        except TypeError:
            return False
        return not isinstance(obj, types.BuiltinFunctionType) and (
            hasattr(obj, "py_func") or hasattr(obj, "fn") or _is_plain_function(obj)
        )

    def _device_source(self, obj: object) -> FunctionSource:
        if isinstance(obj, NestedFunction):
            return _nested_source(obj)
        key = _source_key(obj)
        found = self.context.device_functions.get(key)
        if found is None:
            if isinstance(obj, TextFunction):
                found = FunctionSource(obj.tree, obj.scope, obj.locator)
            else:
                found = function_source(python_function(obj))
            text = declared_signature(found.tree)
            if text is not None:
                try:
                    found.signature = parse_signature(text)
                except SignatureError as error:
                    raise found.locator.error(found.tree, str(error)) from None
            tree = copy.copy(found.tree)
            tree.body = eliminate_returns(desugar_body(found.tree.body))
            found.tree = tree
            self.context.device_functions[key] = found
        return found

    def _static_callee(self, node: ast.expr) -> StaticValue | None:
        """The compile-time callee of a call, resolved without compiling it."""
        if isinstance(node, ast.Name):
            if node.id in self.env or node.id in self._locals:
                return None
            return self.scope.lookup(node.id)
        if isinstance(node, ast.Attribute):
            base = self._static_callee(node.value)
            return attribute(base, node.attr) if base is not None else None
        return None

    def _produces_cf(self, node: ast.AST) -> bool:
        """Whether inlining the calls in `node` creates `cf` blocks, or, under
        `debug`, a division checks its divisor (the raising lane leaves the
        kernel from a block of its own)."""
        if self.context.debug and _divides(node):
            return True
        for sub in _calls_in(node):
            callee = self._static_callee(sub.func)
            if callee is not None and overloads.is_overloaded(callee.obj):
                return True  # its implementation is known only with types
            if callee is None or not self.is_device_function(callee.obj):
                continue
            if self._needs_cf(self._device_source(callee.obj)):
                return True
        return False

    def _needs_cf(self, source: FunctionSource) -> bool:
        """Whether inlining `source` makes `cf` blocks: it has unstructured
        constructs, raises (the lane leaves the kernel from within it), or
        calls such a function."""
        if source.needs_cf is None:
            source.needs_cf = False
            body = source.tree.body
            saved = (self.scope, self._locals)
            self.scope, self._locals = source.scope, local_names(source.tree)
            try:
                marked = unstructured_statements(body, self._produces_cf)
                calls = any(self._produces_cf(stmt) for stmt in body)
            finally:
                self.scope, self._locals = saved
            source.needs_cf = bool(marked) or calls or _raises(body)
        return source.needs_cf

    def inline_call(self, node: ast.Call, function: object) -> Value:
        positional, keywords = self.evaluated_arguments(node)
        return self.inline_with(node, function, positional, keywords)

    def inline_with(
        self,
        node: ast.AST,
        function: object,
        positional: Sequence[Value],
        keywords: Mapping[str, Value] | None = None,
    ) -> Value:
        """Inlines `function` on arguments already compiled: device functions,
        numba overloads' implementations, simt's own library functions."""
        source = self._device_source(function)
        self._check_inlinable(node, source)
        bound = self._bind_arguments(node, source, positional, keywords or {})
        if isinstance(function, NestedFunction):
            bound = {**function.captured, **bound}
        return self._inline(node, source, bound)

    def _check_inlinable(self, node: ast.AST, source: FunctionSource) -> None:
        """No recursion, and no `cf`-producing function inside an expression
        that must stay structured."""
        name = source.tree.name
        if any(s is source for s in self._inline_sources):
            chain = " -> ".join([*self.context.inlining, name])
            raise self.error(
                node,
                f"recursive call to device function '{name}' ({chain}): device "
                "functions are inlined, so recursion is not supported",
            )
        if self._needs_cf(source) and self._current().parent is not self.region:
            raise self.unsupported(
                node,
                f"call to '{name}' here",
                "the function has loops with break/continue, returns inside "
                "loops or raise statements, so it cannot be called inside "
                "'and'/'or'/'if-else' expressions; assign its result to a "
                "variable first",
            )

    def evaluated_arguments(
        self, node: ast.Call
    ) -> tuple[list[Value], dict[str, Value]]:
        """The values of a call's positional and keyword arguments, in order."""
        if any(k.arg is None for k in node.keywords):
            raise self.unsupported(node, "**kwargs in a call")
        positional = self.positional_arguments(node)
        keywords: dict[str, Value] = {}
        for keyword in node.keywords:
            assert keyword.arg is not None
            keywords[keyword.arg] = self.expr(keyword.value)
        return positional, keywords

    def _bind_arguments(
        self,
        node: ast.AST,
        source: FunctionSource,
        positional: Sequence[Value],
        keywords: Mapping[str, Value],
    ) -> dict[str, Value]:
        params = [a.arg for a in source.tree.args.args]
        rest = source.tree.args.vararg
        if len(positional) > len(params) and rest is None:
            raise self.error(
                node,
                f"'{source.tree.name}' takes {len(params)} argument(s), found {len(positional)}",
            )
        bound: dict[str, Value] = dict(zip(params, positional, strict=False))
        if rest is not None:
            bound[rest.arg] = TupleValue(tuple(positional[len(params) :]))
        for name, value in keywords.items():
            if name not in params or name in bound:
                raise self.error(
                    node, f"'{source.tree.name}' got an unexpected argument '{name}'"
                )
            bound[name] = value
        first_default = len(params) - len(source.defaults)
        for index, name in enumerate(params):
            if name in bound:
                continue
            if index < first_default:
                raise self.error(
                    node, f"'{source.tree.name}' is missing the argument '{name}'"
                )
            bound[name] = self.materialize(
                node, StaticValue(source.defaults[index - first_default])
            )
        return self._convert_arguments(node, source, params, bound)

    def _convert_arguments(
        self,
        node: ast.AST,
        source: FunctionSource,
        params: list[str],
        bound: dict[str, Value],
    ) -> dict[str, Value]:
        signature = source.signature
        if signature is None:
            return bound
        if len(signature.params) != len(params):
            raise self.error(
                node,
                f"the signature of '{source.tree.name}' gives {len(signature.params)} "
                f"parameter(s), the function has {len(params)}",
            )
        for name, declared in zip(params, signature.params, strict=True):
            if isinstance(declared, ScalarType):
                bound[name] = self.ops.convert(
                    self.as_scalar(node, bound[name]), declared
                )
            elif isinstance(declared, ComplexType):
                bound[name] = self.as_complex(node, bound[name], declared)
        return bound

    def _inline(
        self, node: ast.AST, source: FunctionSource, args: dict[str, Value]
    ) -> Value:
        saved = (
            self.env,
            self.scope,
            self.locator,
            self.ops.locator,
            self.live,
            self.unstructured,
            self.loops,
            self.fn,
            self._locals,
        )
        self.context.inlining.append(source.tree.name)
        self._inline_sources.append(source)
        raised = self._raise_count
        self.env = dict(args)
        self.scope = source.scope
        self.locator = source.locator
        self.ops.locator = source.locator
        self.fn = source.tree
        self._locals = local_names(source.tree)
        self.loops = []
        try:
            self.unstructured = unstructured_statements(
                source.tree.body, self._produces_cf
            )
            self.live = liveness(source.tree.body, frozenset({RET}))
            self.statements(source.tree.body)
            result = self.env.get(RET)
        finally:
            (
                self.env,
                self.scope,
                self.locator,
                self.ops.locator,
                self.live,
                self.unstructured,
                self.loops,
                self.fn,
                self._locals,
            ) = saved
            self.context.inlining.pop()
            self._inline_sources.pop()
        if self.block is None and self._raise_count > raised:
            raise _LeftKernel()
        if self.block is None:
            raise self.error(
                node, f"device function '{source.tree.name}' never returns"
            )
        if result is None:
            return StaticValue(None)
        declared = None if source.signature is None else source.signature.result
        if isinstance(declared, ComplexType):
            return self.as_complex(node, result, declared)
        if declared is not None:
            return self.ops.convert(self.as_scalar(node, result), declared)
        return result

    # -- helpers for blocks, edges and loops ----------------------------------

    def _start(self, block: Block, env: Env) -> None:
        """Continues compiling at the start of `block` (attached to the body) with `env`."""
        if block.parent is None:
            self.region.add_block(block)
        self.block = block
        self.env = env

    def _within(self, block: Block, env: Env, fn: Callable[[], None]) -> Env:
        """Runs `fn` in a nested scf block with a copy of `env`; returns the env after it."""
        saved_block, saved_env = self.block, self.env
        self.block, self.env = block, dict(env)
        try:
            fn()
            assert self.block is block, "a structured region ended in another block"
            return self.env
        finally:
            self.block, self.env = saved_block, saved_env

    def _jump(self, edge: Edge, target: Block, plan: JoinPlan) -> None:
        block, env = edge
        if block.parent is None:
            self.region.add_block(block)
        saved = self.block
        self.block = block
        self.ops.add(cf.BranchOp(target, *plan.values(env, self.ops)))
        self.block = saved

    def _fail(self, message: str) -> FrontendError:
        node = self.ops.node if self.ops.node is not None else self.fn
        return self.error(node, message)

    def _join(self, edges: Sequence[Edge], live: frozenset[str]) -> None:
        """Continues after a `cf` join of `edges`, passing the live variables as block args."""
        if not edges:
            self.block = None
            return
        if len(edges) == 1:
            self._start(*edges[0])
            return
        envs = [e for _, e in edges]
        first = envs[0]
        common = {
            n: v for n, v in first.items() if all(e.get(n) == v for e in envs[1:])
        }
        names = sorted(n for n in live if n not in common and any(n in e for e in envs))
        plan = plan_join(names, envs, self._fail)
        join = self._block(plan)
        for edge in edges:
            self._jump(edge, join, plan)
        self._start(join, {**common, **plan.bind(join.args, self.ops)})

    @staticmethod
    def _block(plan: JoinPlan, prefix: Sequence[tuple[str, ScalarType]] = ()) -> Block:
        names = [n for n, _ in prefix] + plan.arg_names()
        types = [t.ir for _, t in prefix] + [t.ir for t in plan.types]
        block = Block(arg_types=types)
        for name, arg in zip(names, block.args, strict=True):
            if not name.startswith("$"):
                arg.name_hint = name
        return block

    def _carried(
        self, stmt: ast.While | ast.For, extra: Sequence[str] = ()
    ) -> list[str]:
        """The variables a loop header passes on: live there and assigned in the loop."""
        assigned = assigned_in(stmt.body) | set(extra)
        return sorted(assigned & self.live.live_header[id(stmt)])

    def _snapshot(self) -> _Snapshot:
        block = self._current()
        last_block = self.region.last_block
        return _Snapshot(block, block.last_op, last_block, dict(self.env))

    def _rollback(self, snapshot: _Snapshot) -> None:
        """Removes every op and block emitted since `snapshot` (walking only
        over those, so that a loop's retries cost what the loop emits)."""
        added: list[Block] = []
        block = self.region.last_block
        while block is not None and block is not snapshot.last_block:
            added.append(block)
            block = block.prev_block
        for block in reversed(added):
            self.region.detach_block(block)
            block.drop_all_references()
        while snapshot.block.last_op is not snapshot.last_op:
            op = snapshot.block.last_op
            assert op is not None, "the snapshot's last op is still in its block"
            op.detach()
            op.drop_all_references()
        self.block, self.env = snapshot.block, snapshot.env

    def _initial_plan(self, names: Sequence[str]) -> JoinPlan:
        """The loop header's variables as they enter (bool for undefined ones)."""
        slots: list[Slot] = []
        for name in names:
            value = self.env.get(name)
            if value is None:
                slots.append(Slot.undefined_slot(name))
                continue
            slots.append(self._slot(name, [value]))
        return JoinPlan(tuple(slots))

    def _slot(self, name: str, values: list[Value]) -> Slot:
        plan = plan_join([name], [{name: v} for v in values], self._fail)
        return plan.slots[0]

    def _fixpoint(
        self, names: Sequence[str], attempt: Callable[[JoinPlan], list[Env]]
    ) -> None:
        """Emits a loop with header types widened until the back edges fit them."""
        plan = self._initial_plan(names)
        while True:
            snapshot = self._snapshot()
            back_edges = attempt(plan)
            widened = list(plan.slots)
            for env in back_edges:
                for index, slot in enumerate(widened):
                    if slot.name in env:
                        widened[index] = self._widen(slot, env[slot.name])
            new_plan = JoinPlan(tuple(widened))
            if new_plan.key() == plan.key():
                return
            self._rollback(snapshot)
            plan = new_plan

    def _widen(self, slot: Slot, value: Value) -> Slot:
        try:
            return slot.widened(value)
        except Exception as error:
            raise self._fail(str(error)) from None

    # -- if ---------------------------------------------------------------

    def _if(self, stmt: ast.If) -> None:
        static = self._static_condition(stmt.test)
        if static is not None:
            # numba prunes a branch on a constant (a literal argument of a
            # device function, a global flag): the other branch is not typed.
            self.statements(stmt.body if static else stmt.orelse)
            return
        if id(stmt) in self.unstructured:
            self._cf_if(stmt)
        else:
            self._scf_if(stmt)

    def _static_condition(self, node: ast.expr) -> bool | None:
        """The truth of a condition known at compile time: a literal, `not`
        of one, a name bound to a constant or to a global/closure number, bool
        or None; None when it is not known."""
        if isinstance(node, ast.Constant):
            return bool(node.value)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self._static_condition(node.operand)
            return None if inner is None else not inner
        if isinstance(node, ast.Compare):
            return self._static_comparison(node)
        if not isinstance(node, ast.Name):
            return None
        value = self.env.get(node.id)
        if value is None:
            found = self.scope.lookup(node.id)
            if found is None:
                return None
            value = found
        if isinstance(value, StaticValue):
            obj = value.obj
            if (obj is None and value.path is None) or isinstance(
                obj, bool | int | float
            ):
                return bool(obj)
            return None
        constant = _constant_value(value)
        return None if constant is None else bool(constant)

    def _static_comparison(self, node: ast.Compare) -> bool | None:
        """`len(t) == 2` of a tuple `t` (numba rewrites `len` of a tuple to a
        constant and prunes the dead branch, so the other branch may index
        past the tuple's end), or any comparison of such integers; `flag is
        True`, `x is None`, `flag is not False` of compile-time values
        (numba's dead-branch pruning of `is` on constants)."""
        if len(node.ops) != 1:
            return None
        if isinstance(node.ops[0], ast.Is | ast.IsNot):
            return self._static_identity(node)
        if type(node.ops[0]) not in _STATIC_COMPARISONS:
            return None
        left = self._static_length(node.left)
        right = self._static_length(node.comparators[0])
        if left is None or right is None:
            return None
        return _STATIC_COMPARISONS[type(node.ops[0])](left, right)

    def _static_identity(self, node: ast.Compare) -> bool | None:
        """`a is b` / `a is not b` where both sides are compile-time objects
        and one is None, True or False (the singletons `is` compares)."""
        left = self._static_object(node.left)
        right = self._static_object(node.comparators[0])
        if left is _UNKNOWN or right is _UNKNOWN:
            return None
        if not any(side is None or isinstance(side, bool) for side in (left, right)):
            return None
        same = left is right
        return same if isinstance(node.ops[0], ast.Is) else not same

    def _static_object(self, node: ast.expr) -> object:
        """The Python object a literal or a name bound to a compile-time
        value (a global, a closure variable, a literal argument) denotes;
        `_UNKNOWN` otherwise."""
        if isinstance(node, ast.Constant):
            return node.value
        if not isinstance(node, ast.Name):
            return _UNKNOWN
        value = self.env.get(node.id)
        if value is None:
            value = self.scope.lookup(node.id)
        if isinstance(value, StaticValue) and value.path is None:
            return value.obj
        return _UNKNOWN

    def _static_length(self, node: ast.expr) -> int | None:
        """An integer literal, or `len(t)` of a tuple variable `t`."""
        literal = _constant_int(node)
        if literal is not None:
            return literal
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "len"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Name)
            and "len" not in self.env
        ):
            return None
        value = self.env.get(node.args[0].id)
        return len(value) if isinstance(value, TupleValue) else None

    def _scf_if(self, stmt: ast.If) -> None:
        cond = self.condition(stmt.test)
        assigned = assigned_in(stmt.body) | assigned_in(stmt.orelse)
        live = self.live.live_out[id(stmt)]
        then_block, else_block = Block(), Block()
        envs = [
            self._within(then_block, self.env, lambda: self.statements(stmt.body)),
            self._within(else_block, self.env, lambda: self.statements(stmt.orelse)),
        ]
        names = sorted(n for n in assigned & live if any(n in e for e in envs))
        plan = plan_join(names, envs, self._fail)
        for block, env in zip((then_block, else_block), envs, strict=True):
            self._within(
                block,
                env,
                lambda env=env: self._yield_plan(plan, env),
            )
        types = [t.ir for t in plan.types]
        has_else = bool(stmt.orelse) or bool(types)
        op = scf.IfOp(
            cond.value,
            types,
            Region(then_block),
            Region(else_block) if has_else else None,
        )
        self.ops.add(op)
        self._bind_after(assigned, plan, op.results)

    def _yield_plan(self, plan: JoinPlan, env: Env) -> None:
        self.ops.add(scf.YieldOp(*plan.values(env, self.ops)))

    def _bind_after(
        self, assigned: set[str], plan: JoinPlan, values: Sequence[SSAValue]
    ) -> None:
        """The env after a structured op: its results replace what it assigned."""
        env = {n: v for n, v in self.env.items() if n not in assigned}
        env.update(plan.bind(values, self.ops))
        self.env = env

    def _cf_if(self, stmt: ast.If) -> None:
        then_block, else_block = Block(), Block()
        entry = self.env
        self._branch(stmt.test, then_block, else_block)
        edges: list[Edge] = []
        for block, body in ((then_block, stmt.body), (else_block, stmt.orelse)):
            self._start(block, dict(entry))
            self.statements(body)
            if self.block is not None:
                edges.append((self.block, self.env))
        self._join(edges, self.live.live_out[id(stmt)])

    def _branch(self, node: ast.expr, on_true: Block, on_false: Block) -> None:
        """Ends the current block branching on `node`: `and`/`or`/`not` and
        chained comparisons become `cf.cond_br` chains (short-circuit)."""
        previous = self.at(node)
        if isinstance(node, ast.BoolOp):
            self._branch_boolop(node, on_true, on_false)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self._branch(node.operand, on_false, on_true)
        elif isinstance(node, ast.Compare) and len(node.ops) > 1:
            self._branch_chain(node, on_true, on_false)
        else:
            cond = self.condition(node)
            self.ops.add(cf.ConditionalBranchOp(cond.value, on_true, [], on_false, []))
        self.block = None
        self.ops.node = previous

    def _branch_boolop(self, node: ast.BoolOp, on_true: Block, on_false: Block) -> None:
        is_and = isinstance(node.op, ast.And)
        for operand in node.values[:-1]:
            rest = Block()
            if is_and:
                self._branch(operand, rest, on_false)
            else:
                self._branch(operand, on_true, rest)
            self._start(rest, self.env)
        self._branch(node.values[-1], on_true, on_false)

    def _branch_chain(self, node: ast.Compare, on_true: Block, on_false: Block) -> None:
        left = self.expr(node.left)
        for index, (op, comparator) in enumerate(
            zip(node.ops, node.comparators, strict=True)
        ):
            right = self.expr(comparator)
            if isinstance(op, ast.In | ast.NotIn):
                cond = self._contains(node, left, right, isinstance(op, ast.NotIn))
            else:
                cond = self.compare_pair(
                    node,
                    type(op),
                    self.as_scalar(node, left),
                    self.as_scalar(node, right),
                )
            if index + 1 == len(node.ops):
                self.ops.add(
                    cf.ConditionalBranchOp(cond.value, on_true, [], on_false, [])
                )
                return
            rest = Block()
            self.ops.add(cf.ConditionalBranchOp(cond.value, rest, [], on_false, []))
            self._start(rest, self.env)
            left = right

    # -- while ----------------------------------------------------------------

    def _while(self, stmt: ast.While) -> None:
        if stmt.orelse:
            raise self.locator.unsupported(stmt, "while ... else")
        if id(stmt) in self.unstructured:
            self._cf_while(stmt)
        else:
            self._scf_while(stmt)

    def _scf_while(self, stmt: ast.While) -> None:
        names = self._carried(stmt)
        assigned = assigned_in(stmt.body)

        def attempt(plan: JoinPlan) -> list[Env]:
            tys = [t.ir for t in plan.types]
            inits = plan.values(self.env, self.ops)
            base = {n: v for n, v in self.env.items() if n not in assigned}
            before, after = self._block(plan), self._block(plan)
            before_env = {**base, **plan.bind(before.args, self.ops)}
            self._within(
                before, before_env, lambda: self._condition_op(stmt.test, before.args)
            )
            after_env = {**base, **plan.bind(after.args, self.ops)}
            body_env = self._within(
                after, after_env, lambda: self.statements(stmt.body)
            )
            self._within(
                after,
                body_env,
                lambda: self._yield_plan(plan, body_env),
            )
            op = scf.WhileOp(inits, tys, Region(before), Region(after))
            self.ops.add(op)
            self._bind_after(assigned, plan, op.results)
            return [body_env]

        self._fixpoint(names, attempt)

    def _condition_op(self, test: ast.expr, args: Sequence[SSAValue]) -> None:
        cond = self.condition(test)
        self.ops.add(scf.ConditionOp(cond.value, *args))

    def _cf_while(self, stmt: ast.While) -> None:
        names = self._carried(stmt)
        assigned = assigned_in(stmt.body)

        def attempt(plan: JoinPlan) -> list[Env]:
            header = self._block(plan)
            self._jump((self._current(), self.env), header, plan)
            base = {n: v for n, v in self.env.items() if n not in assigned}
            base.update(plan.bind(header.args, self.ops))
            self._start(header, base)
            body, exit_edge = Block(), Block()
            self._branch(stmt.test, body, exit_edge)
            return self._cf_loop_body(
                stmt, body, dict(base), (exit_edge, base), header, plan
            )

        self._fixpoint(names, attempt)

    def _cf_loop_body(
        self,
        stmt: ast.While | ast.For,
        body: Block,
        body_env: Env,
        exit_edge: Edge,
        header: Block,
        plan: JoinPlan,
        prologue: Callable[[], None] = lambda: None,
    ) -> list[Env]:
        """Compiles a `cf` loop body, its back edges and its exit; returns the back-edge envs."""
        loop = _Loop()
        self.loops.append(loop)
        self._start(body, body_env)
        prologue()
        self.statements(stmt.body)
        self.loops.pop()
        if self.block is not None:
            loop.continues.append((self.block, self.env))
        for edge in loop.continues:
            self._jump(edge, header, plan)
        self._join([exit_edge, *loop.breaks], self.live.live_out[id(stmt)])
        return [env for _, env in loop.continues]

    # -- for ------------------------------------------------------------------

    def _for(self, stmt: ast.For) -> None:
        if stmt.orelse:
            raise self.locator.unsupported(stmt, "for ... else")
        unrolled = self._unrolled_tuple(stmt)
        if unrolled is not None:
            self._unroll(stmt, unrolled)
            return
        loop_range = self._loop_range(stmt)
        if id(stmt) in self.unstructured:
            self._cf_for(stmt, loop_range)
        elif loop_range.constant_step is not None and loop_range.constant_step > 0:
            self._scf_for(stmt, loop_range)
        else:
            self._scf_for_while(stmt, loop_range)

    def _unrolled_tuple(self, stmt: ast.For) -> TupleValue | None:
        """The tuple a desugared `for x in tup` loop iterates over, when it
        holds other values than scalars (arrays, tuples: as numba's
        `literal_unroll` allows), which no loop index can select: the loop is
        unrolled, one copy of the body per element."""
        call = stmt.iter
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == "range"
            and len(call.args) == 1
        ):
            return None
        length = call.args[0]
        if not (
            isinstance(length, ast.Call)
            and isinstance(length.func, ast.Name)
            and length.func.id == ITER_LEN
            and isinstance(length.args[0], ast.Name)
        ):
            return None
        seq = self.env.get(length.args[0].id)
        if not isinstance(seq, TupleValue) or all(
            isinstance(item, Scalar) for item in seq.items
        ):
            return None
        return seq

    def _unroll(self, stmt: ast.For, seq: TupleValue) -> None:
        jump = _loop_jump(stmt.body)
        if jump is not None:
            raise self.locator.unsupported(
                jump,
                f"{type(jump).__name__.lower()} in a loop over a tuple of "
                "arrays or tuples",
                "such a loop is unrolled (numba's literal_unroll); use a flag "
                "instead of break/continue",
            )
        assert isinstance(stmt.target, ast.Name)
        for k in range(len(seq.items)):
            if self.block is None:
                return
            self.env[stmt.target.id] = self.ops.nonneg(self.ops.const(k, INT64))
            self.statements(stmt.body)

    def _loop_range(self, stmt: ast.For) -> _Range:
        """Checks `for name in range(...)` and evaluates the range arguments once."""
        if not isinstance(stmt.target, ast.Name):
            raise self.locator.unsupported(
                stmt.target,
                f"loop target {describe(stmt.target)}",
                "only a variable is supported",
            )
        call = stmt.iter
        assert isinstance(call, ast.Call)
        if call.keywords or not 1 <= len(call.args) <= 3:
            raise self.locator.error(
                call, f"range() expects 1 to 3 arguments, found {len(call.args)}"
            )
        values = [self.scalar(arg) for arg in call.args]
        for arg, value in zip(call.args, values, strict=True):
            if not value.type.is_int:
                raise self.locator.error(
                    arg,
                    f"range() expects integer arguments, found {value.type}",
                )
        bounds = self.range_value(call, values)
        step = _constant_int(call.args[2]) if len(call.args) == 3 else 1
        if step == 0:
            raise self.locator.error(call, "range() step must not be zero")
        return _Range(stmt.target.id, bounds.start, bounds.stop, bounds.step, step)

    def _range_condition(self, iv: Scalar, loop_range: _Range) -> Scalar:
        """Python's range test: `iv < stop` for a positive step, `iv > stop` otherwise."""
        step = loop_range.constant_step
        if step is not None:
            return self.ops.compare(ast.Lt if step > 0 else ast.Gt, iv, loop_range.stop)
        up = self.ops.compare(ast.Gt, loop_range.step, self.ops.zero(iv.type))
        below = self.ops.compare(ast.Lt, iv, loop_range.stop)
        above = self.ops.compare(ast.Gt, iv, loop_range.stop)
        return self.ops.select(up, below, above)

    def _counts_up_from_nonnegative(self, loop_range: _Range) -> bool:
        step = loop_range.constant_step
        return step is not None and step > 0 and self.ops.is_nonneg(loop_range.start)

    def _scf_for(self, stmt: ast.For, loop_range: _Range) -> None:
        names = self._carried(stmt, [loop_range.target])
        assigned = assigned_in(stmt.body) | {loop_range.target}
        iv_type = loop_range.start.type

        def attempt(plan: JoinPlan) -> list[Env]:
            inits = plan.values(self.env, self.ops)
            base = {n: v for n, v in self.env.items() if n not in assigned}
            body = self._block(plan, [("$iv", iv_type)])
            iv = Scalar(body.args[0], iv_type)
            iv.value.name_hint = loop_range.target
            if self._counts_up_from_nonnegative(loop_range):
                self.ops.nonneg(iv)
            body_env = {
                **base,
                **plan.bind(body.args[1:], self.ops),
                loop_range.target: iv,
            }
            end_env = self._within(body, body_env, lambda: self.statements(stmt.body))
            self._within(
                body,
                end_env,
                lambda: self._yield_plan(plan, end_env),
            )
            op = scf.ForOp(
                loop_range.start.value,
                loop_range.stop.value,
                loop_range.step.value,
                inits,
                body,
            )
            self.ops.add(op)
            self._bind_after(assigned, plan, op.results)
            return [end_env]

        self._fixpoint(names, attempt)

    def _scf_for_while(self, stmt: ast.For, loop_range: _Range) -> None:
        """A range loop with a negative or non-constant step, as an scf.while."""
        names = self._carried(stmt, [loop_range.target])
        assigned = assigned_in(stmt.body) | {loop_range.target}
        iv_type = loop_range.start.type

        def attempt(plan: JoinPlan) -> list[Env]:
            tys = [iv_type.ir, *(t.ir for t in plan.types)]
            inits = [loop_range.start.value, *plan.values(self.env, self.ops)]
            base = {n: v for n, v in self.env.items() if n not in assigned}
            before = self._block(plan, [("$iv", iv_type)])
            after = self._block(plan, [("$iv", iv_type)])
            self._within(
                before,
                {},
                lambda: self._range_condition_op(before.args, iv_type, loop_range),
            )
            iv = Scalar(after.args[0], iv_type)
            iv.value.name_hint = loop_range.target
            body_env = {
                **base,
                **plan.bind(after.args[1:], self.ops),
                loop_range.target: iv,
            }
            end_env = self._within(after, body_env, lambda: self.statements(stmt.body))
            self._within(
                after,
                end_env,
                lambda: self._range_yield(iv, loop_range, end_env, plan),
            )
            op = scf.WhileOp(inits, tys, Region(before), Region(after))
            self.ops.add(op)
            self._bind_after(assigned, plan, op.results[1:])
            return [end_env]

        self._fixpoint(names, attempt)

    def _range_condition_op(
        self, args: Sequence[SSAValue], iv_type: ScalarType, loop_range: _Range
    ) -> None:
        cond = self._range_condition(Scalar(args[0], iv_type), loop_range)
        self.ops.add(scf.ConditionOp(cond.value, *args))

    def _range_yield(
        self, iv: Scalar, loop_range: _Range, env: Env, plan: JoinPlan
    ) -> None:
        following = self.ops.binary(ast.Add, iv, loop_range.step)
        self.ops.add(scf.YieldOp(following.value, *plan.values(env, self.ops)))

    def _cf_for(self, stmt: ast.For, loop_range: _Range) -> None:
        hidden = f"$iv{next(self._hidden)}"
        self.env = {**self.env, hidden: loop_range.start}
        names = [hidden, *self._carried(stmt, [loop_range.target])]
        assigned = assigned_in(stmt.body) | {loop_range.target}

        def attempt(plan: JoinPlan) -> list[Env]:
            header = self._block(plan)
            self._jump((self._current(), self.env), header, plan)
            base = {n: v for n, v in self.env.items() if n not in assigned}
            base.update(plan.bind(header.args, self.ops))
            self._start(header, base)
            iv = base[hidden]
            assert isinstance(iv, Scalar)
            if self._counts_up_from_nonnegative(loop_range):
                self.ops.nonneg(iv)
            cond = self._range_condition(iv, loop_range)
            body, exit_edge = Block(), Block()
            self.ops.add(cf.ConditionalBranchOp(cond.value, body, [], exit_edge, []))

            def prologue() -> None:
                self.env[loop_range.target] = iv
                self.env[hidden] = self.ops.binary(ast.Add, iv, loop_range.step)

            return self._cf_loop_body(
                stmt, body, dict(base), (exit_edge, base), header, plan, prologue
            )

        self._fixpoint(names, attempt)


def _param_leaves(
    name: str, param: ParamType
) -> list[tuple[str, ScalarType | ArrayType]]:
    """The kernel parameters a parameter takes: a tuple one per element
    (named `t.0`, `t.1`, ...), as numba-cuda flattens tuple arguments; an
    enum member those of its value."""
    if isinstance(param, EnumType):
        return _param_leaves(name, param.dtype)
    if isinstance(param, TupleType):
        return [
            leaf
            for index, item in enumerate(param.items)
            for leaf in _param_leaves(f"{name}.{index}", item)
        ]
    if isinstance(param, RecordArrayType):
        return [(f"{name}.{f.name}", param.field_type(f)) for f in param.record.fields]
    if isinstance(param, ComplexType):
        return [(f"{name}.real", param.part), (f"{name}.imag", param.part)]
    return [(name, param)]


def _param_value(name: str, param: ParamType, args: Iterator[BlockArgument]) -> Value:
    """The value of a parameter, from the block arguments of its leaves."""
    if isinstance(param, EnumType):
        return EnumValue(_param_value(name, param.dtype, args), param)
    if isinstance(param, TupleType):
        items = tuple(
            _param_value(f"{name}.{index}", item, args)
            for index, item in enumerate(param.items)
        )
        return TupleValue(items, param.fields)
    if isinstance(param, RecordArrayType):
        fields: list[ArrayValue] = []
        for f in param.record.fields:
            arg = next(args)
            arg.name_hint = None
            fields.append(ArrayValue(arg, param.field_type(f), f"{name}.{f.name}"))
        return RecordArrayValue(tuple(fields), param, name)
    if isinstance(param, ComplexType):
        real, imag = next(args), next(args)
        return ComplexValue(Scalar(real, param.part), Scalar(imag, param.part), param)
    arg = next(args)
    arg.name_hint = name if name.isidentifier() else None
    if isinstance(param, ArrayType):
        return ArrayValue(arg, param, name)
    return Scalar(arg, param)


def _source_key(obj: object) -> tuple[int, ...]:
    """What identifies a device function's source within one compilation: its
    code and the values its closure captured, which differ between closures
    of one `def` (an overload's or a lowering's implementation capturing a
    constant of the argument types); the cached source keeps them alive."""
    if isinstance(obj, TextFunction):
        return (id(obj.tree),)
    fn = python_function(obj)
    return (id(fn.__code__), *(id(cell.cell_contents) for cell in fn.__closure__ or ()))


def _nested_source(function: NestedFunction) -> FunctionSource:
    """The source of a nested function, made once (its returns rewritten)."""
    if function.source is None:
        tree = copy.copy(function.tree)
        tree.body = eliminate_returns(desugar_body(function.tree.body))
        function.source = FunctionSource(
            tree, function.scope, function.locator, defaults=function.defaults
        )
    return function.source


def _definitions(fn: ast.FunctionDef, name: str) -> int:
    """How many times `fn` binds `name`: as a parameter, an assignment
    target or a `def` (nested functions' own bindings not counted)."""
    args = fn.args
    params = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    params += [a for a in (args.vararg, args.kwarg) if a is not None]
    found = sum(1 for a in params if a.arg == name)
    stack: list[ast.AST] = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found += node.id == name
        if isinstance(node, ast.FunctionDef | ast.Lambda):
            found += getattr(node, "name", None) == name
            if isinstance(node, ast.FunctionDef):
                stack.extend(node.args.defaults)
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def local_names(tree: ast.FunctionDef) -> frozenset[str]:
    """The parameters of a function and the names it assigns (not globals)."""
    names = {a.arg for a in tree.args.args}
    names |= {a.arg for a in tree.args.kwonlyargs}
    return frozenset(names | assigned_in(tree.body))


def _is_plain_function(obj: object) -> bool:
    return isinstance(obj, types.FunctionType)


def _is_none(value: Value) -> bool:
    return isinstance(value, StaticValue) and value.obj is None and value.path is None


def _raises(body: Sequence[ast.stmt]) -> bool:
    """Whether a statement of `body`, at any depth, is a `raise`."""
    return any(isinstance(n, ast.Raise) for stmt in body for n in ast.walk(stmt))


_DIVISIONS = (ast.Div, ast.FloorDiv, ast.Mod)


def _divides(node: ast.AST) -> bool:
    """Whether a statement's own expressions divide (`/`, `//`, `%`)."""
    stack: list[ast.AST] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.BinOp | ast.AugAssign) and isinstance(
            current.op, _DIVISIONS
        ):
            return True
        stack.extend(
            child
            for child in ast.iter_child_nodes(current)
            if not isinstance(child, ast.stmt)
        )
    return False


def _calls_in(node: ast.AST) -> list[ast.Call]:
    """The calls in a statement's own expressions (not in nested statements)."""
    found: list[ast.Call] = []
    stack: list[ast.AST] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.Call):
            found.append(current)
        for child in ast.iter_child_nodes(current):
            if isinstance(child, ast.stmt):
                continue
            stack.append(child)
    return found


def _constant_value(value: Value) -> object | None:
    """The Python value of a value known at compile time: a constant scalar,
    a static object, an enum member of a constant value, or a tuple of them (a device function's argument
    `(4, 8)` used as a shape); None otherwise."""
    if isinstance(value, StaticValue):
        return value.obj
    if isinstance(value, EnumValue):
        member = _constant_value(value.value)
        return None if member is None else value.type.cls(member)
    if isinstance(value, TupleValue):
        items = [_constant_value(item) for item in value.items]
        if any(item is None for item in items):
            return None
        return tuple(items)
    if not isinstance(value, Scalar):
        return None
    owner = value.value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        raw = owner.value.value.data
        return bool(raw) if value.type.is_bool else raw
    return None


def _constant_int(node: ast.expr) -> int | None:
    """The value of an integer literal, possibly negated; None otherwise."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _constant_int(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


_STATEMENT_HANDLERS: dict[type[ast.AST], Callable[[KernelCompiler, Any], None]] = {
    ast.FunctionDef: KernelCompiler._function_def,
    ast.Assign: KernelCompiler._assign,
    ast.AugAssign: KernelCompiler._augassign,
    ast.Expr: KernelCompiler._expr_statement,
    ast.Pass: KernelCompiler._pass,
    ast.Assert: KernelCompiler._assert,
    ast.Return: KernelCompiler._return,
    ast.Raise: KernelCompiler._raise,
    ast.Break: KernelCompiler._break,
    ast.Continue: KernelCompiler._continue,
    ast.If: KernelCompiler._if,
    ast.While: KernelCompiler._while,
    ast.For: KernelCompiler._for,
}


_UNKNOWN = object()
"""`_static_object` of an expression whose value is not known at compile time."""

_STATIC_COMPARISONS: dict[type[ast.cmpop], Callable[[int, int], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def _loop_jump(body: Sequence[ast.stmt]) -> ast.Break | ast.Continue | None:
    """The first `break` or `continue` of `body` that belongs to its loop
    (not to a loop nested in it)."""
    for stmt in body:
        if isinstance(stmt, ast.Break | ast.Continue):
            return stmt
        if isinstance(stmt, ast.For | ast.While | ast.FunctionDef):
            continue
        for part in ("body", "orelse", "handlers", "finalbody"):
            inner = getattr(stmt, part, None)
            if isinstance(inner, list):
                found = _loop_jump([s for s in inner if isinstance(s, ast.stmt)])
                if found is not None:
                    return found
    return None
