"""The kernel argument ABI: numba-cuda's own, so one argument list serves both.

numba-cuda passes an `ndim`-dimensional array argument to a kernel as
`2 * ndim + 5` parameters (numba-cuda `dispatcher._Kernel._prepare_args` and the
`ArrayModel` data model):

| field | LLVM type | value |
|---|---|---|
| meminfo | `ptr` | 0 |
| parent | `ptr` | 0 |
| nitems | `i64` | number of elements |
| itemsize | `i64` | bytes per element |
| data | `ptr` | device address of element 0 |
| shape[ndim] | `i64` each | extent per dimension |
| strides[ndim] | `i64` each | byte stride per dimension |

Scalars are passed by value: `i32`, `i64`, `f32`, `f64` as themselves, `index`
as `i64` and `i1` (a Python `bool`) as `i8`. The lowering (`to_llvm`) builds its
`llvm.func` signatures from `param_types`, and the runtime
(`simt.runtime.abi`) marshals launch arguments with the same layout, so a kernel
lowered by simt takes exactly the arguments numba's `@cuda.jit` kernel of the
same Python function takes.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    AnyFloat,
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    i8,
    i64,
)
from xdsl.ir import Attribute

GENERIC_PTR = llvm.LLVMPointerType()
"""A pointer in the generic address space (0)."""

ARRAY_HEADER_FIELDS = ("meminfo", "parent", "nitems", "itemsize", "data")
"""The fields of an array argument before its shape and strides."""

DATA_FIELD = ARRAY_HEADER_FIELDS.index("data")


def array_param_count(ndim: int) -> int:
    """How many kernel parameters an `ndim`-dimensional array takes."""
    return len(ARRAY_HEADER_FIELDS) + 2 * ndim


def array_param_types(ndim: int) -> list[Attribute]:
    """The LLVM types of the parameters of an `ndim`-dimensional array."""
    return [GENERIC_PTR, GENERIC_PTR, i64, i64, GENERIC_PTR] + [i64] * (2 * ndim)


def scalar_type(type_: Attribute) -> Attribute | None:
    """The LLVM type of a scalar value of builtin type `type_` (None: not a scalar)."""
    if isinstance(type_, IndexType):
        return i64
    if isinstance(type_, IntegerType):
        return type_
    if isinstance(type_, Float16Type | Float32Type | Float64Type):
        return type_
    return None


def scalar_param_type(type_: Attribute) -> Attribute | None:
    """The type a scalar kernel parameter is passed as (`i1` travels as `i8`)."""
    converted = scalar_type(type_)
    if isinstance(converted, IntegerType) and converted.width.data == 1:
        return i8
    return converted


def param_types(arg_types: Sequence[Attribute]) -> list[Attribute] | Attribute:
    """The flattened parameter types of a function, or the first unsupported type."""
    params: list[Attribute] = []
    for type_ in arg_types:
        if isinstance(type_, MemRefType):
            params.extend(array_param_types(type_.get_num_dims()))
            continue
        converted = scalar_param_type(type_)
        if converted is None:
            return type_
        params.append(converted)
    return params


def element_size(type_: Attribute) -> int:
    """Bytes per element of a memref element type (integer or float)."""
    if isinstance(type_, IntegerType):
        return max(1, type_.width.data // 8)
    if isinstance(type_, IndexType):
        return 8
    assert isinstance(type_, AnyFloat)
    return type_.bitwidth // 8
