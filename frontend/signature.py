"""numba signatures: `"void(int32[:], float32[:, ::1], int64)"` or type objects.

A signature is what `numba.cuda.jit(signature)` takes:

* a string in numba's syntax (`numba.core.sigutils`): a return type (`void` /
  `none` for kernels, a scalar type for device functions) and parameters,
  each a scalar type name (numba's long or short spellings: `int32` / `i4`,
  `uint8` / `u1`, `float64` / `f8`, `intp`, `boolean` / `b1`) optionally
  followed by array dimensions: `[:]` (any layout), `[::1]` (C-contiguous),
  `[:, :]`, `[:, ::1]` (C), `[::1, :]` (Fortran);
* numba type objects: a `Signature` (`numba.void(numba.float32[:])`), a tuple
  of types (`(numba.float32[:, :], numba.int32)`), or a single type.

Types are read by name and attributes (`dtype`, `ndim`, `layout` for arrays),
so the type objects of numba, numba-cuda and numba's CUDA simulator all work.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from simt.frontend.types import (
    BOOL,
    COMPLEX128,
    COMPLEX_NAMES,
    FLOAT64,
    UNSUPPORTED_SCALARS,
    ArrayType,
    ComplexType,
    EnumType,
    Layout,
    RecordArrayType,
    RecordType,
    ScalarType,
    TupleType,
    complex_of_dtype,
    python_constant_type,
    record_type,
    scalar_named,
    scalar_of_dtype,
)
from simt.model.records import (
    RecordError,
    complex_parts,
    field_views,
    is_complex_value,
    is_record_value,
    passed_value,
    unwrap_hint,
)

ParamType = (
    ScalarType | ArrayType | TupleType | RecordArrayType | ComplexType | EnumType
)


@dataclass(frozen=True)
class KernelSignature:
    """The parameter types of a function and its result type (None: void)."""

    params: tuple[ParamType, ...]
    result: ScalarType | ComplexType | None = None

    def __str__(self) -> str:
        """numba's string form: `void(float32[:, ::1], int64)`."""
        result = "void" if self.result is None else str(self.result)
        return f"{result}({', '.join(spelling(p) for p in self.params)})"


def spelling(param: ParamType) -> str:
    """A parameter type in numba's string syntax (`float32[::1, :]`)."""
    if isinstance(param, ScalarType | ComplexType | EnumType):
        return str(param)
    if isinstance(param, RecordArrayType):
        if param.scalar:
            return str(param.record)
        return f"array({param.record}, {param.ndim}d, {param.layout})"
    if isinstance(param, TupleType):
        items = [spelling(item) for item in param.items]
        if items and all(item == items[0] for item in items):
            return f"UniTuple({items[0]}, {len(items)})"
        return f"Tuple({', '.join(items)})"
    if param.ndim == 0:
        return f"array({param.element}, 0d, {param.layout})"
    element = param.element
    dims = [":"] * param.ndim
    if param.layout == "C":
        dims[-1] = "::1"
    elif param.layout == "F":
        dims[0] = "::1"
    return f"{element}[{', '.join(dims)}]"


class SignatureError(ValueError):
    """A signature that is not a supported numba signature."""


_SIGNATURE = re.compile(
    r"^\s*(?P<ret>[A-Za-z_][A-Za-z0-9_.]*)?\s*\((?P<params>.*)\)\s*$"
)
_PARAM = re.compile(
    r"^(?P<name>[A-Za-z_][A-Za-z0-9_.]*)\s*(?:\[(?P<dims>[\s:,1]*)\])?$"
)
_VOID = ("void", "none", "None")


def parse_signature(signature: object) -> KernelSignature:
    """The parameter and result types of a numba signature (string or objects)."""
    if isinstance(signature, KernelSignature):
        return signature
    if isinstance(signature, str):
        return _parse_string(signature)
    if signature is None or isinstance(signature, int | float):
        raise SignatureError(
            "expected a signature string like 'void(int32[:], int64)', found "
            f"{type(signature).__name__} {signature!r}"
        )
    args = getattr(signature, "args", None)
    return_type = getattr(signature, "return_type", None)
    if args is not None and return_type is not None:
        result = _result_type(str(return_type))
        return KernelSignature(tuple(type_of_object(a) for a in args), result)
    if isinstance(signature, tuple | list):
        return KernelSignature(tuple(type_of_object(a) for a in signature))
    return KernelSignature((type_of_object(signature),))


def _parse_string(text: str) -> KernelSignature:
    match = _SIGNATURE.match(text)
    if match is None:
        raise SignatureError(
            f"expected a signature like 'void(int32[:], int64)', found '{text}'"
        )
    ret = match.group("ret")
    result = _result_type(ret) if ret is not None else None
    body = match.group("params").strip().rstrip(",")
    if not body:
        return KernelSignature((), result)
    return KernelSignature(tuple(parse_type(p.strip()) for p in _split(body)), result)


def _split(body: str) -> list[str]:
    """The comma-separated parameters of a signature, commas in brackets kept."""
    parts: list[str] = []
    depth = 0
    current = ""
    for char in body:
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += {"[": 1, "]": -1, "(": 1, ")": -1}.get(char, 0)
        current += char
    parts.append(current)
    return parts


def _result_type(name: str) -> ScalarType | ComplexType | None:
    if name in _VOID:
        return None
    number = COMPLEX_NAMES.get(name.split(".")[-1])
    if number is not None:
        return number
    return _scalar(name.split(".")[-1], name)


def _scalar(name: str, shown: str) -> ScalarType:
    found = scalar_named(name)
    if found is not None:
        return found
    why = UNSUPPORTED_SCALARS.get(name)
    if why is not None:
        raise SignatureError(f"type '{shown}': {why}")
    raise SignatureError(
        f"expected a scalar type (bool, int8 ... int64, uint8 ... uint64, "
        f"float16, float32, float64), found '{shown}'"
    )


_ARRAY = re.compile(
    r"^array\((?P<dtype>[A-Za-z_][A-Za-z0-9_]*),\s*(?P<ndim>\d+)d,\s*(?P<layout>[CFA])\)$"
)
_UNITUPLE = re.compile(r"^UniTuple\((?P<item>.*),\s*(?P<count>\d+)\)$")
_TUPLE = re.compile(r"^Tuple\((?P<items>.*)\)$")


def parse_type(text: str) -> ParamType:
    """One parameter type in numba's string syntax (`float32[:, ::1]`,
    `UniTuple(int32, 3)`, `Tuple(int64, float32[:])`)."""
    array = _ARRAY.match(text)
    if array is not None:
        layout = array.group("layout")
        assert layout in ("C", "F", "A")
        number = COMPLEX_NAMES.get(array.group("dtype"))
        if number is not None:
            return ArrayType(
                number.part, int(array.group("ndim")), layout, complex=True
            )
        return ArrayType(
            _scalar(array.group("dtype"), text), int(array.group("ndim")), layout
        )
    uni = _UNITUPLE.match(text)
    if uni is not None:
        item = parse_type(uni.group("item").strip())
        return TupleType((item,) * int(uni.group("count")))
    mixed = _TUPLE.match(text)
    if mixed is not None:
        body = mixed.group("items").strip().rstrip(",")
        parts = [parse_type(p.strip()) for p in _split(body)] if body else []
        return TupleType(tuple(parts))
    match = _PARAM.match(text)
    if match is None:
        raise SignatureError(
            f"expected a parameter type like 'int32' or 'float32[:, ::1]', found '{text}'"
        )
    name = match.group("name").split(".")[-1]
    dims = match.group("dims")
    number = COMPLEX_NAMES.get(name)
    if number is not None:
        if dims is None:
            return number
        return replace(_array(number.part, dims, text), complex=True)
    dtype = _scalar(name, text)
    if dims is None:
        return dtype
    return _array(dtype, dims, text)


def _array(dtype: ScalarType, dims: str, text: str) -> ArrayType:
    parts = [d.replace(" ", "") for d in dims.split(",")]
    if any(p not in (":", "::1") for p in parts):
        raise SignatureError(f"expected array dimensions ':' or '::1', found '{text}'")
    contiguous = [i for i, p in enumerate(parts) if p == "::1"]
    layout: Layout = "A"
    if contiguous == [len(parts) - 1]:
        layout = "C"
    elif contiguous == [0]:
        layout = "F"
    elif contiguous:
        raise SignatureError(f"expected '::1' on the first or last dimension: '{text}'")
    return ArrayType(dtype, len(parts), layout)


def type_of_object(obj: object) -> ParamType:
    """The type of a numba type object (scalar, array or tuple), read by name."""
    if isinstance(obj, ScalarType | ArrayType | TupleType | RecordArrayType):
        return obj
    enum_class = getattr(obj, "instance_class", None)
    if isinstance(enum_class, type) and issubclass(enum_class, enum.Enum):
        return enum_type(enum_class)
    members = getattr(obj, "types", None)
    if isinstance(members, tuple) and type(obj).__name__ in (
        "UniTuple",
        "Tuple",
        "NamedUniTuple",
        "NamedTuple",
    ):
        return TupleType(tuple(type_of_object(m) for m in members))
    if isinstance(obj, str):
        return parse_type(obj)
    dtype = getattr(obj, "dtype", None)
    ndim = getattr(obj, "ndim", None)
    layout = getattr(obj, "layout", None)
    if dtype is not None and isinstance(ndim, int) and layout in ("C", "F", "A"):
        record_dtype = getattr(dtype, "dtype", None)
        if type(dtype).__name__ == "Record" and isinstance(record_dtype, np.dtype):
            # numba's `Record` (`from_dtype(structured dtype)`) holds its numpy dtype
            return RecordArrayType(_record(record_dtype), ndim, layout)
        number = COMPLEX_NAMES.get(str(dtype))
        if number is not None:
            return ArrayType(number.part, ndim, layout, complex=True)
        element = _scalar(str(dtype), str(obj))
        return ArrayType(element, ndim, layout)
    number = COMPLEX_NAMES.get(str(obj))
    if number is not None:
        return number
    return _scalar(str(obj), str(obj))


def signature_of_args(args: Sequence[object]) -> KernelSignature:
    """The signature numba's dispatcher gives a call with `args` (`typeof`):
    arrays by dtype, rank and layout, Python numbers as int64 / float64 /
    bool, numpy scalars by dtype."""
    return KernelSignature(tuple(typeof(arg) for arg in args))


def typeof(value: object) -> ParamType:
    """numba's `typeof` for the argument types a kernel takes (`cuda.In(a)`
    and the other argument hints as the array they wrap)."""
    value = unwrap_hint(value)
    if isinstance(value, enum.Enum):
        return enum_type(type(value))
    if isinstance(value, bool | np.bool_):
        return BOOL
    if isinstance(value, int):
        return python_constant_type(value)
    if isinstance(value, float):
        return FLOAT64
    if isinstance(value, complex):
        return COMPLEX128
    if isinstance(value, np.void) and value.dtype.names is not None:
        return RecordArrayType(_record(value.dtype), 1, "C", scalar=True)
    if isinstance(value, np.generic):
        found = scalar_of_dtype(value.dtype)
        if found is not None:
            return found
        number = complex_of_dtype(value.dtype)
        if number is not None:
            return number
    if isinstance(value, tuple):
        items: tuple[Any, ...] = value
        fields = getattr(type(value), "_fields", None)
        return TupleType(
            tuple(typeof(item) for item in items),
            tuple(fields) if isinstance(fields, tuple) else None,
        )
    dtype = getattr(value, "dtype", None)
    ndim = getattr(value, "ndim", None)
    if isinstance(dtype, np.dtype) and isinstance(ndim, int):
        if dtype.names is not None:
            return RecordArrayType(_record(dtype), ndim, _layout(value))
        number = complex_of_dtype(dtype)
        if number is not None:
            return ArrayType(number.part, ndim, _layout(value), complex=True)
        element = scalar_of_dtype(dtype)
        if element is None:
            raise SignatureError(f"arrays of dtype {dtype} are not supported")
        return ArrayType(element, ndim, _layout(value))
    raise SignatureError(
        f"cannot pass a value of type {type(value).__name__} to a kernel "
        "(expected an array or a number)"
    )


def enum_type(cls: type[enum.Enum]) -> EnumType:
    """numba's type of the members of `cls` (`typeof` of an enum class): the
    one type of all its members' values."""
    members = list(cls.__members__.values())
    if not members:
        raise SignatureError(f"enum {cls.__name__} has no members")
    found = {typeof(member.value) for member in members}
    dtype = found.pop()
    if found or not isinstance(dtype, ScalarType | ComplexType | TupleType):
        shown = ", ".join(sorted({str(typeof(m.value)) for m in members}))
        raise SignatureError(
            f"enum {cls.__name__} cannot be typed: its members' values have "
            f"types {shown} (numba types enums whose values are numbers or "
            "tuples of one type)"
        )
    return EnumType(cls, dtype)


def _record(dtype: np.dtype[Any]) -> RecordType:
    try:
        return record_type(dtype)
    except RecordError as error:
        raise SignatureError(str(error)) from None


def _layout(array: object) -> Layout:
    flags: Any = getattr(array, "flags", None)
    if flags is None:
        return "A"
    if flags["C_CONTIGUOUS"]:
        return "C"
    if flags["F_CONTIGUOUS"]:
        return "F"
    return "A"


def flatten_arguments(args: Sequence[object], *, records: bool = True) -> list[object]:
    """Launch arguments as the kernel takes them: enum members as their
    values, tuples element by element,
    and (with `records`) record arrays and record scalars field by field
    (`simt.model.records.field_views`)."""
    flat: list[object] = []
    for arg in map(passed_value, args):
        if isinstance(arg, tuple):
            items: tuple[object, ...] = arg
            flat.extend(flatten_arguments(items, records=records))
        elif records and is_record_value(arg):
            flat.extend(field_views(arg))
        elif records and is_complex_value(arg):
            flat.extend(complex_parts(arg))
        else:
            flat.append(arg)
    return flat
