"""The frontend's types: numba's scalar types, arrays and memory spaces.

Every value the frontend computes has a numba type (`numba/cuda/types`): a
scalar (`ScalarType`: `bool`, `int8` ... `int64`, `uint8` ... `uint64`,
`float16`, `float32`, `float64`) or an array (`ArrayType`: element type,
rank, numba layout `C` / `F` / `A`, memory space). The IR has no signedness
(MLIR's integers are signless), so the frontend keeps each value's numba type
beside its SSA value and picks the signed or unsigned op (`divsi` / `divui`,
`extsi` / `extui`, `cmpi slt` / `ult`, ...) from it.

IR types: `bool` is `i1`, `intN` and `uintN` are `iN`, `floatN` is `fN`; an
array is a `memref` of its rank whose memory space is the `simt` dialect's
`#simt.space<...>` attribute (none for global memory).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

import numpy as np
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    IntegerType,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    f16,
    f32,
    f64,
    i1,
)
from xdsl.ir import Attribute

from simt.dialects.simt import MemorySpace, MemorySpaceAttr
from simt.model.records import RecordField, record_fields

Kind = Literal["b", "i", "u", "f"]


@dataclass(frozen=True)
class ScalarType:
    """A numba scalar type: `kind` is bool, signed int, unsigned int or float."""

    name: str
    kind: Kind
    bits: int

    def __str__(self) -> str:
        return self.name

    @property
    def ir(self) -> Attribute:
        """The IR type: `i1`, `iN` (signless) or `fN`."""
        if self.kind == "b":
            return i1
        if self.kind == "f":
            return {16: f16, 32: f32, 64: f64}[self.bits]
        return IntegerType(self.bits)

    @property
    def dtype(self) -> np.dtype[np.generic]:
        """The numpy dtype of an array element of this type."""
        return np.dtype("bool" if self.kind == "b" else self.name)

    @property
    def is_bool(self) -> bool:
        return self.kind == "b"

    @property
    def is_int(self) -> bool:
        """A signed or unsigned integer (not `bool`)."""
        return self.kind in ("i", "u")

    @property
    def is_integral(self) -> bool:
        """An integer or `bool`."""
        return self.kind != "f"

    @property
    def is_unsigned(self) -> bool:
        """Unsigned in the ops that care (`uintN`, and `bool` as 0 or 1)."""
        return self.kind in ("u", "b")

    @property
    def is_float(self) -> bool:
        return self.kind == "f"


BOOL = ScalarType("bool", "b", 1)
INT8 = ScalarType("int8", "i", 8)
INT16 = ScalarType("int16", "i", 16)
INT32 = ScalarType("int32", "i", 32)
INT64 = ScalarType("int64", "i", 64)
UINT8 = ScalarType("uint8", "u", 8)
UINT16 = ScalarType("uint16", "u", 16)
UINT32 = ScalarType("uint32", "u", 32)
UINT64 = ScalarType("uint64", "u", 64)
FLOAT16 = ScalarType("float16", "f", 16)
FLOAT32 = ScalarType("float32", "f", 32)
FLOAT64 = ScalarType("float64", "f", 64)

SCALARS: tuple[ScalarType, ...] = (
    BOOL,
    INT8,
    INT16,
    INT32,
    INT64,
    UINT8,
    UINT16,
    UINT32,
    UINT64,
    FLOAT16,
    FLOAT32,
    FLOAT64,
)
"""Every scalar type a kernel may use, in numba's order."""

BY_NAME: dict[str, ScalarType] = {t.name: t for t in SCALARS}

ALIASES: dict[str, ScalarType] = {
    **BY_NAME,
    "boolean": BOOL,
    "bool_": BOOL,
    "b1": BOOL,
    "i1": INT8,
    "i2": INT16,
    "i4": INT32,
    "i8": INT64,
    "u1": UINT8,
    "u2": UINT16,
    "u4": UINT32,
    "u8": UINT64,
    "f2": FLOAT16,
    "f4": FLOAT32,
    "f8": FLOAT64,
    "byte": UINT8,
    "char": INT8,
    "uchar": UINT8,
    "short": INT16,
    "ushort": UINT16,
    "intc": INT32,
    "uintc": UINT32,
    "int_": INT64,
    "intp": INT64,
    "uintp": UINT64,
    "long_": INT64,
    "ulong": UINT64,
    "longlong": INT64,
    "ulonglong": UINT64,
    "half": FLOAT16,
    "float_": FLOAT32,
    "single": FLOAT32,
    "double": FLOAT64,
}
"""numba's spellings of the scalar types (`numba/core/types/__init__.py`)."""

UNSUPPORTED_SCALARS: dict[str, str] = {
    "bfloat16": "bfloat16 is not supported",
}


@dataclass(frozen=True)
class ComplexType:
    """numba's `complex64` / `complex128`: a pair of floats of type `part`
    (real, imaginary), as numba's complex data model stores them."""

    name: str
    part: ScalarType

    def __str__(self) -> str:
        return self.name

    @property
    def dtype(self) -> np.dtype[np.generic]:
        return np.dtype(self.name)


COMPLEX64 = ComplexType("complex64", FLOAT32)
COMPLEX128 = ComplexType("complex128", FLOAT64)

COMPLEX_NAMES: dict[str, ComplexType] = {
    "complex64": COMPLEX64,
    "complex128": COMPLEX128,
    "c8": COMPLEX64,
    "c16": COMPLEX128,
    "csingle": COMPLEX64,
    "cdouble": COMPLEX128,
    "complex_": COMPLEX128,
}


def complex_of_part(part: ScalarType) -> ComplexType:
    """The complex type whose parts are `part` (float32: complex64, else complex128)."""
    return COMPLEX64 if part == FLOAT32 else COMPLEX128


def complex_of_dtype(dtype: np.dtype[np.generic]) -> ComplexType | None:
    return COMPLEX_NAMES.get(dtype.name) if dtype.kind == "c" else None


def scalar_named(name: str) -> ScalarType | None:
    """The scalar type of a numba or numpy type name (`int32`, `f4`, `uintp`)."""
    return ALIASES.get(name)


def scalar_of_dtype(dtype: np.dtype[np.generic]) -> ScalarType | None:
    """The scalar type of a numpy dtype; None for other dtypes (records, complex)."""
    if dtype.kind == "b":
        return BOOL
    return BY_NAME.get(dtype.name) if dtype.kind in "iuf" else None


def python_constant_type(value: int | float | bool) -> ScalarType:
    """numba's type of a Python number (`typeof`): bool, int64 (uint64 when it
    does not fit), float64."""
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT64 if value < (1 << 63) else UINT64
    return FLOAT64


Layout = Literal["C", "F", "A"]


@dataclass(frozen=True)
class ArrayType:
    """A numba array type in a memory space: `float32[:, ::1]` in global memory
    is `ArrayType(FLOAT32, 2, "C")`."""

    dtype: ScalarType
    ndim: int
    layout: Layout = "A"
    space: MemorySpace = MemorySpace.GLOBAL
    shape: tuple[int, ...] | None = None
    """The static shape, for arrays the kernel allocates (shared, local, constant)."""
    complex: bool = False
    """An array of complex numbers of parts `dtype`: its memref has a trailing
    dimension of 2 (real, imaginary) after the `ndim` the kernel indexes."""

    def __str__(self) -> str:
        where = "" if self.space is MemorySpace.GLOBAL else f" in {self.space} memory"
        element = complex_of_part(self.dtype) if self.complex else self.dtype
        return f"array({element}, {self.ndim}d, {self.layout}){where}"

    @property
    def element(self) -> ScalarType | ComplexType:
        """The type of one element: `dtype`, or the complex type of its parts."""
        return complex_of_part(self.dtype) if self.complex else self.dtype

    @property
    def memref(self) -> MemRefType[Attribute]:
        """The memref type: dynamic extents (static for allocated arrays), the
        identity layout for C-contiguous and 1-D arrays, else a strided layout
        with dynamic strides and offset."""
        shape = (
            list(self.shape) if self.shape is not None else [DYNAMIC_INDEX] * self.ndim
        )
        rank = self.ndim
        if self.complex:
            shape.append(2)
            rank += 1
        space: Attribute = NoneAttr()
        if self.space is not MemorySpace.GLOBAL:
            space = MemorySpaceAttr(self.space)
        layout: StridedLayoutAttr | NoneAttr = NoneAttr()
        if self.layout != "C" and rank > 1:
            strides: list[int | None] = [None] * rank
            if self.layout == "F" and not self.complex:
                strides[0] = 1
            layout = StridedLayoutAttr(strides, None)
        return MemRefType(self.dtype.ir, shape, layout, space)


@dataclass(frozen=True)
class TupleType:
    """A tuple parameter (numba's `UniTuple` / `Tuple`, named tuples with
    their `fields`): a kernel takes its elements as separate parameters, as
    numba-cuda's calling convention flattens them."""

    items: tuple[
        ScalarType | ArrayType | TupleType | RecordArrayType | ComplexType | EnumType,
        ...,
    ]
    fields: tuple[str, ...] | None = None

    def __str__(self) -> str:
        if self.items and all(item == self.items[0] for item in self.items):
            return f"UniTuple({self.items[0]}, {len(self.items)})"
        return f"Tuple({', '.join(str(item) for item in self.items)})"


@dataclass(frozen=True)
class EnumType:
    """numba's `EnumMember` / `IntEnumMember`: a member of the enum class
    `cls`, whose members' values all have type `dtype` (numba's `typeof` of
    the class). The class is known at compile time; which member a value is
    is known at run time, held as that member's value (numba's data model
    of an enum member is its value's)."""

    cls: type[enum.Enum]
    dtype: ScalarType | ComplexType | TupleType

    def __str__(self) -> str:
        """numba's spelling: `Enum<int64>(Color)`, `IntEnum<int64>(Shape)`."""
        kind = "IntEnum" if self.is_int else "Enum"
        return f"{kind}<{self.dtype}>({self.cls.__name__})"

    @property
    def is_int(self) -> bool:
        """An `IntEnum` member: numba converts it to its integer value where
        a number is expected (arithmetic, comparisons with numbers)."""
        return issubclass(self.cls, enum.IntEnum)


@dataclass(frozen=True)
class RecordType:
    """A numba `Record` type (a numpy structured dtype): its fields, each
    stored as an array of a scalar type (see `simt.model.records`)."""

    dtype: np.dtype[np.generic]
    fields: tuple[RecordField, ...]

    def __str__(self) -> str:
        """numba's spelling: `Record(a[type=float64;offset=0],...;16;True)`."""
        fields = ",".join(
            f"{f.name}[type={_declared(f)};offset={f.offset}]" for f in self.fields
        )
        return f"Record({fields};{self.dtype.itemsize};{self.dtype.isalignedstruct})"

    def field(self, name: str) -> RecordField | None:
        return next((f for f in self.fields if f.name == name), None)

    def element(self, f: RecordField) -> ScalarType:
        """The scalar type a field's storage holds."""
        found = scalar_of_dtype(f.storage)
        assert found is not None, f.storage
        return found


def _declared(f: RecordField) -> str:
    if not f.subshape:
        return str(f.declared)
    return f"nestedarray({f.declared}, {f.subshape})"


def record_type(dtype: np.dtype[np.generic]) -> RecordType:
    """The record type of a structured dtype (raises `RecordError`)."""
    return RecordType(dtype, record_fields(dtype))


@dataclass(frozen=True)
class RecordArrayType:
    """An array of records in a memory space. A kernel takes it as one array
    per field (`field_type`); a record scalar parameter (numba passes records
    by reference) is a 1-element array whose element 0 is the record
    (`scalar`)."""

    record: RecordType
    ndim: int
    layout: Layout = "A"
    space: MemorySpace = MemorySpace.GLOBAL
    shape: tuple[int, ...] | None = None
    scalar: bool = False

    def __str__(self) -> str:
        if self.scalar:
            return str(self.record)
        where = "" if self.space is MemorySpace.GLOBAL else f" in {self.space} memory"
        return f"array({self.record}, {self.ndim}d, {self.layout}){where}"

    def field_type(self, f: RecordField) -> ArrayType:
        """The array holding field `f` of every record."""
        number = f.kind == "complex"
        dims = f.subshape if number else f.shape
        element = self.record.element(f)
        if self.shape is None:
            return ArrayType(element, self.ndim + len(dims), "A", complex=number)
        shape = self.shape + dims
        return ArrayType(element, len(shape), "C", self.space, shape, complex=number)
