"""Kernel launch arguments in numba-cuda's array ABI (see `simt.lowering.abi`).

`kernel_params` reads a kernel's parameters from its `func.func` signature;
`marshal` turns launch arguments (device arrays exposing
`__cuda_array_interface__`, and Python / numpy scalars) into the ctypes values
the lowered kernel takes: for each array `meminfo = 0, parent = 0, nitems,
itemsize, data, shape..., strides...` (byte strides), exactly what numba-cuda's
`_Kernel._prepare_args` passes to its own kernels, and each scalar as its C type
(`bool` as `uint8`).
"""

from __future__ import annotations

import ctypes
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import (
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
)
from xdsl.ir import Attribute

from simt.model.kernel import ARG_NAMES_ATTR

CTYPES: Mapping[str, type[Any]] = {
    "bool": ctypes.c_uint8,
    "int8": ctypes.c_int8,
    "int16": ctypes.c_int16,
    "int32": ctypes.c_int32,
    "int64": ctypes.c_int64,
    "float32": ctypes.c_float,
    "float64": ctypes.c_double,
}


class LaunchArgumentError(TypeError):
    """A launch argument does not fit the kernel's parameter."""


@dataclass(frozen=True)
class KernelParam:
    """One kernel parameter: an `ndim`-dimensional array of `dtype`, or a scalar (ndim None)."""

    name: str
    dtype: np.dtype[Any]
    ndim: int | None = None

    @property
    def is_array(self) -> bool:
        return self.ndim is not None

    def describe(self) -> str:
        if self.ndim is None:
            return f"{self.name}: {self.dtype}"
        return f"{self.name}: {self.dtype}[{', '.join(':' * self.ndim)}]"


def numpy_dtype(type_: Attribute) -> np.dtype[Any]:
    """The numpy dtype of a builtin scalar type (`i1` is `bool`, `index` is `int64`)."""
    if isinstance(type_, IndexType):
        return np.dtype(np.int64)
    if isinstance(type_, IntegerType):
        width = type_.width.data
        return np.dtype(np.bool_) if width == 1 else np.dtype(f"int{width}")
    if isinstance(type_, Float32Type):
        return np.dtype(np.float32)
    if isinstance(type_, Float64Type):
        return np.dtype(np.float64)
    raise LaunchArgumentError(f"no numpy dtype for the kernel parameter type {type_}")


def stores_as(found: np.dtype[Any], expected: np.dtype[Any]) -> bool:
    """Whether an array of dtype `found` passes for the IR's `expected`: the same
    dtype, or the unsigned dtype of a signed one (the IR's integers are
    signless: numba's `uint8[:]` is an `i8` memref holding the bits)."""
    if found == expected:
        return True
    return (
        found.kind == "u"
        and expected.kind == "i"
        and found.itemsize == expected.itemsize
    )


def kernel_params(kernel: func.FuncOp) -> tuple[KernelParam, ...]:
    """The parameters of a kernel, named after `simt.arg_names` when present."""
    names = _arg_names(kernel)
    params: list[KernelParam] = []
    for index, type_ in enumerate(kernel.function_type.inputs.data):
        name = names[index] if index < len(names) else f"arg{index}"
        if isinstance(type_, MemRefType):
            params.append(
                KernelParam(name, numpy_dtype(type_.element_type), type_.get_num_dims())
            )
        else:
            params.append(KernelParam(name, numpy_dtype(type_)))
    return tuple(params)


def _arg_names(kernel: func.FuncOp) -> list[str]:
    from xdsl.dialects.builtin import ArrayAttr, StringAttr

    attr = kernel.attributes.get(ARG_NAMES_ATTR)
    if not isinstance(attr, ArrayAttr):
        return []
    return [a.data for a in attr.data if isinstance(a, StringAttr)]  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType, reportUnknownArgumentType]


def _array_fields(param: KernelParam, value: object) -> list[object]:
    interface = getattr(value, "__cuda_array_interface__", None)
    if not isinstance(interface, dict):
        raise LaunchArgumentError(
            f"expected a device array for '{param.describe()}', found {type(value).__name__}"
        )
    typed: dict[str, Any] = interface  # pyright: ignore[reportUnknownVariableType]
    dtype = np.dtype(typed["typestr"])
    shape = tuple(int(extent) for extent in typed["shape"])
    if not stores_as(dtype, param.dtype) or len(shape) != param.ndim:
        raise LaunchArgumentError(
            f"expected '{param.describe()}', found a {len(shape)}-d {dtype} array"
        )
    strides = typed.get("strides") or _contiguous_strides(shape, dtype.itemsize)
    fields: list[object] = [
        ctypes.c_void_p(0),
        ctypes.c_void_p(0),
        ctypes.c_int64(math.prod(shape)),
        ctypes.c_int64(dtype.itemsize),
        ctypes.c_void_p(int(typed["data"][0])),
    ]
    fields.extend(ctypes.c_int64(extent) for extent in shape)
    fields.extend(ctypes.c_int64(int(stride)) for stride in strides)
    return fields


def _contiguous_strides(shape: Sequence[int], itemsize: int) -> tuple[int, ...]:
    strides: list[int] = []
    running = itemsize
    for extent in reversed(shape):
        strides.append(running)
        running *= extent
    return tuple(reversed(strides))


def _scalar_field(param: KernelParam, value: object) -> object:
    if isinstance(value, np.ndarray) or hasattr(value, "__cuda_array_interface__"):
        raise LaunchArgumentError(
            f"expected a scalar for '{param.describe()}', found an array"
        )
    ctype = CTYPES[param.dtype.name]
    if param.dtype.kind == "f":
        return ctype(float(value))  # pyright: ignore[reportArgumentType]
    return ctype(int(value))  # pyright: ignore[reportArgumentType, reportCallIssue]


def marshal(params: Sequence[KernelParam], args: Sequence[object]) -> list[object]:
    """The ctypes argument list of a launch, in numba's array ABI."""
    if len(args) != len(params):
        expected = ", ".join(p.describe() for p in params)
        raise LaunchArgumentError(
            f"expected {len(params)} arguments ({expected}), found {len(args)}"
        )
    values: list[object] = []
    for param, value in zip(params, args, strict=True):
        if param.is_array:
            values.extend(_array_fields(param, value))
        else:
            values.append(_scalar_field(param, value))
    return values
