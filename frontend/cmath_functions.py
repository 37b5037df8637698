"""`cmath` in kernels: numba-cuda's own implementations, inlined.

numba-cuda implements `cmath` in Python (`numba/cuda/cpython/cmathimpl.py`:
CPython's algorithms from `Modules/cmathmodule.c` and NumPy's `npy_csqrt`,
written over `math` functions with the special cases of inf and NaN parts
spelled out). Nothing of it is copied here: the functions are taken at
compile time from the installed module and inlined as device functions
(`CallCompiler.inline_with`), with their own globals and closures, so a
`cmath.sqrt` inside `acos` comes back here. Each comes from one of three
places in `cmathimpl`:

1. `exp`, `log`: `@lower(cmath.X, types.Complex)` over
   `intrinsic_complex_unary(inner)`. The pure-Python
   `inner(x, y, x_is_finite, y_is_finite)` is read from the closure of the
   registered wrapper (`registry.functions`) and called with the parts and
   their finiteness, as the wrapper does.
2. `cosh sinh tanh acosh log10 phase polar rect`: `@overload(cmath.X)`,
   found in numba-cuda's typing registry; the overload function is called
   with the numba types of the arguments and returns the implementation.
3. `sqrt cos sin tan acos asin asinh atan atanh` and the two-argument
   `log(z, base)`: a `@lower` function that computes constants from the
   signature (sqrt's overflow threshold from the float type) and passes a
   nested `def` to `context.compile_internal`; `numba_lowerings` runs it
   with a stand-in context that keeps that function.

`isnan`, `isinf`, `isfinite` are lowered by numba-cuda with LLVM
instructions (`is_nan`, `is_inf`, `is_finite` over an IR builder), not
Python, so `_predicate` builds the same comparisons in `arith`.

The typing is numba-cuda's: `typing/cmathdecl.py` gives the lowered
functions (1, 3) concrete signatures, complex64 or complex128 in and the
same out (a real argument converts: float32 to complex64, other numbers to
complex128; `_typed_complex` picks the case as numba's resolution does), and
the result of the Python implementation is converted to that type, as
`compile_internal` does; the predicates return bool. An overload's (2)
result is what its implementation computes: `log10` of a complex64 is a
complex128, since it divides by a float64 constant. Inside an
implementation numba's typing of the operations holds: a float64 constant
such as `0.5` promotes a complex64 argument's float32 parts.

Other `cmath` functions and constants are a located error.
"""

from __future__ import annotations

import ast
import cmath
import functools
import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects import arith

from simt.frontend.numba_lowerings import compiled_function, numba_complex
from simt.frontend.objects import ComplexValue, Value, describe_value
from simt.frontend.overloads import numba_type
from simt.frontend.types import BOOL, COMPLEX64, COMPLEX128, ComplexType, ScalarType
from simt.frontend.values import Scalar

if TYPE_CHECKING:
    from simt.frontend.calls import CallCompiler

PREDICATES = ("isnan", "isinf", "isfinite")
"""Lowered with LLVM instructions by numba-cuda: built here (`_predicate`)."""

_ACCEPTS = {"rect": "two floats"}
"""What an overload accepts, for its error (a complex number if not named)."""


# ---------------------------------------------------------------------------
# numba-cuda's implementations
# ---------------------------------------------------------------------------


@functools.cache
def _lowerings() -> dict[tuple[str, int], Callable[..., Any]]:
    """numba-cuda's `@lower`s of cmath functions, by name and argument count
    (the predicates left out)."""
    from numba.cuda.cpython import cmathimpl  # pyright: ignore[reportMissingImports]

    return {
        (func.__name__, len(argtys)): impl
        for impl, func, argtys in cmathimpl.registry.functions
        if func.__name__ not in PREDICATES
    }


@functools.cache
def _overloads() -> dict[str, Callable[..., Any]]:
    """numba-cuda's `@overload` functions of cmath functions, by name."""
    from numba.cuda.cpython import cmathimpl  # noqa: F401  # pyright: ignore[reportMissingImports, reportUnusedImport]
    from numba.cuda.typing.templates import builtin_registry  # pyright: ignore[reportMissingImports]

    found: dict[str, Callable[..., Any]] = {}
    for value, typ in builtin_registry.globals:
        name = getattr(value, "__name__", None)
        if not isinstance(name, str) or getattr(cmath, name, None) is not value:
            continue
        for template in getattr(typ, "templates", ()):
            overload = getattr(template, "_overload_func", None)
            if overload is not None:
                found.setdefault(name, overload)
    return found


def supported() -> frozenset[str]:
    """The cmath functions numba-cuda implements."""
    lowered = {name for name, _ in _lowerings()}
    return frozenset({*lowered, *_overloads(), *PREDICATES})


@functools.cache
def _lowered_function(name: str, t: ComplexType, arity: int) -> Callable[..., Any]:
    """The Python function numba-cuda's `@lower` of `name` compiles for
    `arity` arguments of type `t` (cached: one object per type, so its
    source is parsed once per compilation)."""
    from numba.cuda.typing import signature  # pyright: ignore[reportMissingImports]

    lowering = _lowerings()[(name, arity)]
    if _takes_parts(name, arity):
        return _closure(lowering)["inner_func"]
    numba_t = numba_complex(t)
    return compiled_function(lowering, signature(numba_t, *[numba_t] * arity))


def _takes_parts(name: str, arity: int) -> bool:
    """Whether the lowering is `intrinsic_complex_unary`'s wrapper (kind 1),
    whose function takes the parts and their finiteness."""
    return "inner_func" in _closure(_lowerings()[(name, arity)])


def _closure(function: Callable[..., Any]) -> dict[str, Any]:
    code = getattr(function, "__code__", None)
    cells = getattr(function, "__closure__", None) or ()
    names = code.co_freevars if code is not None else ()
    return {n: cell.cell_contents for n, cell in zip(names, cells, strict=True)}


@functools.cache
def _overload_implementation(name: str, types: tuple[Any, ...]) -> Any:
    """The implementation numba-cuda's `@overload` of `name` returns for
    these numba types (None: it does not accept them)."""
    return _overloads()[name](*types)


# ---------------------------------------------------------------------------
# Calls
# ---------------------------------------------------------------------------


def call(c: CallCompiler, node: ast.Call, path: str) -> Value:
    """`cmath.<name>(...)`: numba-cuda's implementation, inlined."""
    name = path.removeprefix("cmath.")
    names = supported()
    if name not in names:
        raise c.unsupported(
            node, path, f"numba-cuda supports cmath.{', cmath.'.join(sorted(names))}"
        )
    if node.keywords:
        raise c.unsupported(node, f"keyword arguments to {path}")
    args, _ = c.evaluated_arguments(node)
    _expect_count(c, node, path, args, _arities(name))
    if name in _overloads():
        return _overloaded(c, node, path, args)
    t = _typed_complex(c, node, args)
    zs = [c.as_complex(node, a, t) for a in args]
    if name in PREDICATES:
        return _predicate(c, name, zs[0])
    return _lowered(c, node, name, zs)


def apply(c: CallCompiler, node: ast.Call, name: str, z: ComplexValue) -> Value:
    """`cmath.<name>(z)` of one complex number, for a one-argument function
    of `supported()` (numpy's complex ufunc loops use them)."""
    if name in PREDICATES:
        return _predicate(c, name, z)
    if name in _overloads():
        return _overloaded(c, node, f"cmath.{name}", [z])
    return _lowered(c, node, name, [z])


def _lowered(
    c: CallCompiler, node: ast.Call, name: str, zs: Sequence[ComplexValue]
) -> ComplexValue:
    """A function of kind 1 or 3 of complex numbers of one type, its result
    converted to that type (the return type of numba's signature)."""
    from simt.frontend.intrinsics import classify

    t = zs[0].type
    function = _lowered_function(name, t, len(zs))
    args: list[Value] = list(zs)
    if _takes_parts(name, len(zs)):
        z = zs[0]
        finite = [classify(c, "isfinite", part) for part in (z.real, z.imag)]
        args = [z.real, z.imag, *finite]
    return c.as_complex(node, c.inline_with(node, function, args), t)


def _overloaded(
    c: CallCompiler, node: ast.Call, path: str, args: Sequence[Value]
) -> Value:
    """A function of kind 2: the implementation its overload returns for
    the arguments' numba types, its result as computed."""
    name = path.removeprefix("cmath.")
    types = tuple(_numba_type(a) for a in args)
    implementation = None
    if all(t is not None for t in types):
        implementation = _overload_implementation(name, types)
    if implementation is None:
        shown = ", ".join(describe_value(a) for a in args)
        raise c.error(
            node,
            f"{path}() expects {_ACCEPTS.get(name, 'a complex number')}, found "
            f"{shown} (numba-cuda's overload accepts no other types)",
        )
    return c.inline_with(node, implementation, list(args))


def _numba_type(value: Value) -> Any | None:
    if isinstance(value, ComplexValue):
        return numba_complex(value.type)
    return numba_type(value)


def _arities(name: str) -> tuple[int, ...]:
    """How many arguments numba-cuda's implementations of `name` take."""
    if name in _overloads():
        return (len(inspect.signature(_overloads()[name]).parameters),)
    if name in PREDICATES:
        return (1,)
    return tuple(sorted(n for found, n in _lowerings() if found == name))


def _expect_count(
    c: CallCompiler,
    node: ast.Call,
    path: str,
    args: Sequence[Value],
    counts: tuple[int, ...],
) -> None:
    if len(args) not in counts:
        expected = " or ".join(str(n) for n in counts)
        raise c.error(
            node, f"{path}() expects {expected} argument(s), found {len(args)}"
        )


def _typed_complex(
    c: CallCompiler, node: ast.AST, args: Sequence[Value]
) -> ComplexType:
    """The complex type numba's concrete signatures pick for `args`:
    complex64 when every argument is complex64 or float32, else complex128."""
    single = all(_single(c, node, a) for a in args)
    return COMPLEX64 if single else COMPLEX128


def _single(c: CallCompiler, node: ast.AST, value: Value) -> bool:
    if isinstance(value, ComplexValue):
        return value.type == COMPLEX64
    t: ScalarType = c.as_scalar(node, value).type
    return t.is_float and t.bits <= 32


def _predicate(c: CallCompiler, name: str, z: ComplexValue) -> Scalar:
    """numba-cuda's `is_nan` (either part NaN), `is_inf` (either part
    infinite), `is_finite` (both parts finite)."""
    from simt.frontend.intrinsics import classify

    if name == "isnan":
        return c.ops.scalar(arith.CmpfOp(z.real.value, z.imag.value, "uno"), BOOL)
    real, imag = classify(c, name, z.real), classify(c, name, z.imag)
    op = arith.OrIOp if name == "isinf" else arith.AndIOp
    return c.ops.scalar(op(real.value, imag.value), BOOL)
