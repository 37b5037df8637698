"""numpy ufuncs on arrays in a kernel: `np.sin(x, r)`, `np.add(a, b, out)`.

numba-cuda types such a call with `Numpy_rules_ufunc`
(`numba/cuda/typing/npydecl.py`) and compiles it with `numpy_ufunc_kernel`
(`numba/cuda/np/npyimpl.py`); this module does what they do:

* **Arguments**: the ufunc's `nin` inputs, arrays or numbers, then its
  explicit output, positional only. A keyword (`out=r`) is numba-cuda's
  "unsupported keyword arguments"; an output that is a number, or a
  read-only (constant) array, is numba's typing error. A call with an array
  input and no output allocates its result, which numba-cuda cannot do in a
  kernel (numba's implicit output needs NRT): a located error.
* **The loop**: `ufunc_find_matching_loop` over the element types of the
  inputs *and of the output* (`intrinsics.ufunc_loop`): the first of numpy's
  loops whose inputs the operands cast to safely (an integer with a float
  casts to any float) and whose result casts to the output within its kind.
  `np.sin(int32[:], float64[:])` runs `d->d`; `np.greater(int32[:],
  int32[:], int32[:])` runs `ii->?` and stores 0 or 1;
  `np.sin(int32[:], int32[:])` has no loop (float64 to int32 is not a
  same-kind cast) and is a located error, as in numba.
* **The iteration**: an `scf.for` nest over the output's extents
  (`ArrayCompiler.element_loops`), in C order unless more inputs are
  F-contiguous than C-contiguous. An input of fewer dimensions than the
  output supplies its trailing ones, and an input extent of 1 is broadcast
  (its index stays 0), as numba's `_ArrayIndexingHelper` does; a number is
  the same in every element. numba checks no other shape: an input longer
  than the output is read in part, a shorter one out of bounds (the
  simulator faults there).
* **Each element**: `intrinsics.ufunc_element`, the same computation as the
  ufunc of numbers: the inputs cast to the loop's input types, the scalar
  implementation, the result of the loop's output type, then cast to the
  output's element type by numpy's rules (a complex result into a real
  array keeps its real part).

    np.sin(x, r)   // x, r: float32[:]
      %n = memref.dim %r, %c0
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %x[%i]
        %s = math.sin %v : f32
        memref.store %s, %r[%i]
      }
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from xdsl.dialects import arith, memref
from xdsl.ir import SSAValue

from simt.dialects.simt import MemorySpace
from simt.frontend.intrinsics import (
    UfuncLoop,
    numpy_cast,
    ufunc_element,
    ufunc_loop,
    ufunc_operand,
)
from simt.frontend.objects import ArrayValue, ComplexValue, Value, describe_value
from simt.frontend.types import Layout
from simt.frontend.values import Scalar

if TYPE_CHECKING:
    from simt.frontend.calls import CallCompiler


def arguments(c: CallCompiler, node: ast.Call, function: Any) -> list[Value]:
    """The values of a ufunc call's arguments, checked as numba's typing
    checks them: no keywords, `nin` to `nin + nout` positional arguments."""
    name = function.__name__
    if node.keywords:
        keyword = node.keywords[0].arg
        shown = f"{keyword}=" if keyword is not None else "**"
        raise c.unsupported(
            node,
            f"keyword argument {shown} to np.{name}()",
            "numba-cuda: unsupported keyword arguments when calling a ufunc; "
            "pass the output array as the last positional argument",
        )
    found = len(node.args)
    if found < function.nin:
        raise c.error(
            node,
            f"ufunc '{name}': not enough arguments ({found} found, "
            f"{function.nin} required)",
        )
    if found > function.nargs:
        raise c.error(
            node,
            f"ufunc '{name}': too many arguments ({found} found, "
            f"{function.nargs} maximum)",
        )
    return [c.expr(arg) for arg in node.args]


def call(
    c: CallCompiler, node: ast.Call, function: Any, values: Sequence[Value]
) -> Value:
    """`np.NAME(inputs..., out)`: the ufunc of every element of the inputs,
    broadcast over `out`'s shape, stored into `out`; the value is `out`."""
    name = function.__name__
    inputs, outputs = list(values[: function.nin]), list(values[function.nin :])
    if not outputs:
        raise c.unsupported(
            node,
            f"np.{name}() of an array without an output array",
            "it allocates a new array, which a kernel cannot (numba-cuda's "
            "implicit ufunc output needs NRT); pass the output array as the "
            "last argument",
        )
    out = _output(c, node, name, outputs[0])
    for value in inputs:
        _check_input(c, node, name, value, out)
    operands = [ufunc_operand(c, node, v) for v in [*inputs, out]]
    loop = ufunc_loop(c, node, function, operands)
    wide = [_wide_extents(c, v) for v in inputs]
    c.element_loops(
        out,
        lambda indices: _element(c, node, name, loop, inputs, wide, out, indices),
        _iteration_order(inputs),
    )
    return out


def _output(c: CallCompiler, node: ast.Call, name: str, value: Value) -> ArrayValue:
    if not isinstance(value, ArrayValue):
        raise c.error(
            node,
            f"ufunc '{name}' called with an explicit output that is not an array "
            f"(found {describe_value(value)})",
        )
    if value.type.space is MemorySpace.CONSTANT:
        raise c.error(
            node,
            f"ufunc '{name}' called with an explicit output that is read-only "
            f"(constant array '{value.name}')",
        )
    return value


def _check_input(
    c: CallCompiler, node: ast.Call, name: str, value: Value, out: ArrayValue
) -> None:
    if isinstance(value, ArrayValue) and value.type.ndim > out.type.ndim:
        raise c.unsupported(
            node,
            f"np.{name}() of a {value.type.ndim}-D input into a "
            f"{out.type.ndim}-D output",
            "numba-cuda indexes such an input by the output's indices only; "
            "give the output at least the input's rank",
        )
    if not isinstance(value, ArrayValue | Scalar | ComplexValue):
        raise c.error(
            node,
            f"np.{name}() expects numbers or arrays, found {describe_value(value)}",
        )


def _iteration_order(inputs: Sequence[Value]) -> Layout:
    """numba's choice: F order when more inputs are F- than C-contiguous."""
    layouts = [v.type.layout for v in inputs if isinstance(v, ArrayValue)]
    return "F" if layouts.count("F") > layouts.count("C") else "C"


def _wide_extents(c: CallCompiler, value: Value) -> list[SSAValue]:
    """For an array input, whether each extent is above 1 (an extent of 1
    is broadcast), computed once before the loops."""
    if not isinstance(value, ArrayValue):
        return []
    one = c.ops.index_const(1)
    flags: list[SSAValue] = []
    for dim in range(value.type.ndim):
        extent = c.ops.value(memref.DimOp(value.value, c.ops.index_const(dim)))
        flags.append(c.ops.value(arith.CmpiOp(extent, one, "ugt")))
    return flags


def _element(
    c: CallCompiler,
    node: ast.Call,
    name: str,
    loop: UfuncLoop,
    inputs: Sequence[Value],
    wide: Sequence[list[SSAValue]],
    out: ArrayValue,
    indices: list[SSAValue],
) -> None:
    """One iteration: load each input's element, compute, store."""
    xs = [_input_element(c, v, w, indices) for v, w in zip(inputs, wide, strict=True)]
    result = ufunc_element(c, node, name, xs, loop)
    c.store_element(node, out, indices, numpy_cast(c, node, result, out.type.element))


def _input_element(
    c: CallCompiler, value: Value, wide: list[SSAValue], indices: list[SSAValue]
) -> Value:
    """An input's element at the output's `indices`: the trailing ones, an
    extent-1 dimension broadcast (numba's `_ArrayIndexingHelper`)."""
    if not isinstance(value, ArrayValue):
        return value
    own = indices[len(indices) - value.type.ndim :]
    zero = c.ops.index_const(0)
    chosen = [
        c.ops.value(arith.SelectOp(flag, index, zero))
        for flag, index in zip(wide, own, strict=True)
    ]
    return c.load_element(value, chosen)
