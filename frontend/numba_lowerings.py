"""The Python functions numba-cuda's lowerings compile, taken from the
installed package and inlined.

Many of numba-cuda's `@lower` implementations compute a few constants from
the signature and pass a nested Python function to
`context.compile_internal(builder, fn, sig, args)`: cmath's `sqrt` (its
overflow threshold from the float type), complex `**` (`cpow_implement` in
`numba/cuda/mathimpl.py`, whose `cpow_internal` is CPython's `_Py_c_pow`
with its constants cast to the parts' type). `compiled_function` runs such a
lowering with `_CapturingContext`, a stand-in for the lowering context whose
`compile_internal` keeps `fn`, and numba's signature; the builder and the
arguments are placeholders the lowering only passes on. The frontend then
inlines `fn` like a user's device function, with its own module's globals
and its closure, and converts its result to the signature's return type as
`compile_internal` does.
"""

from __future__ import annotations

import ast
import functools
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from simt.frontend.objects import ComplexValue
from simt.frontend.types import ComplexType

if TYPE_CHECKING:
    from simt.frontend.calls import CallCompiler


class _CapturingContext:
    """Stands in for numba's lowering context: `compile_internal` keeps the
    Python function a lowering would compile (its result is not used)."""

    function: Callable[..., Any] | None = None

    def compile_internal(
        self, builder: object, impl: Callable[..., Any], sig: object, args: object
    ) -> None:
        self.function = impl


def compiled_function(lowering: Callable[..., Any], sig: Any) -> Callable[..., Any]:
    """The Python function `lowering` passes to `compile_internal` for the
    numba signature `sig`."""
    context = _CapturingContext()
    lowering(context, None, sig, (None,) * len(sig.args))
    if context.function is None:
        raise TypeError(f"{lowering.__qualname__} compiles no Python function")
    return context.function


def numba_complex(t: ComplexType) -> Any:
    """numba's type of the complex type `t`."""
    from numba.cuda import types as nbtypes  # pyright: ignore[reportMissingImports]

    return getattr(nbtypes, t.name)


@functools.cache
def complex_power_function(t: ComplexType) -> Callable[..., Any]:
    """numba-cuda's `cpow_internal` for two complex numbers of type `t`
    (cached: one object per type, so its source is parsed once per
    compilation)."""
    from numba.cuda import mathimpl  # pyright: ignore[reportMissingImports]
    from numba.cuda.typing import signature  # pyright: ignore[reportMissingImports]

    numba_t = numba_complex(t)
    for lowering, func, argtys in mathimpl.registry.functions:
        if func is operator.pow and tuple(argtys) == (numba_t, numba_t):
            return compiled_function(lowering, signature(numba_t, numba_t, numba_t))
    raise LookupError(f"numba-cuda's mathimpl lowers no pow of {t.name}")


def complex_power(
    c: CallCompiler, node: ast.AST, a: ComplexValue, b: ComplexValue
) -> ComplexValue:
    """`a ** b` (also `pow(a, b)` and `**=`) of complex numbers of one type,
    as numba-cuda's CUDA target lowers it: `cpow_internal`, inlined."""
    assert a.type == b.type, (a.type, b.type)
    result = c.inline_with(node, complex_power_function(a.type), [a, b])
    return c.as_complex(node, result, a.type)
