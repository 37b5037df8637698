"""Record dtypes (numpy structured dtypes, numba's `Record` types) as kernels take them.

A kernel never sees a record array as one memref: each field is its own array,
a strided view of the record array's memory (numpy's `a['x']`, whose byte
stride is the record's itemsize), and a kernel takes one array parameter per
field, as it takes a tuple element by element. A field whose elements are
themselves arrays (`('h', float32, (3, 2))`) is a view with the field's
dimensions appended; a field the kernel cannot compute with but may copy keeps
its storage as a view of words: a complex field as two floats (real,
imaginary; a trailing dimension of 2) and a string field as its bytes (`S`,
`uint8`) or code points (`U`, `uint32`).

`field_views` makes those views of a host array (numpy's own views, which the
simulator and a copy to the device both honour), of a record scalar (a
`np.record` / `np.void`, which aliases its array's memory, as numba passes a
record by reference) and of a device array (`__cuda_array_interface__`
objects, for the GPU). This module is the one place that knows the layout, so
the frontend (parameters), the simulator (argument binding) and the runtime
(the GPU's argument list) flatten records the same way.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

FieldKind = Literal["value", "complex", "bytes"]


class RecordError(ValueError):
    """A record dtype with a field kernels cannot take."""


@dataclass(frozen=True)
class RecordField:
    """One field of a record dtype, as the kernel stores it."""

    name: str
    storage: np.dtype[Any]
    """The element dtype of the field's view (a bool, integer or float)."""
    subshape: tuple[int, ...]
    """The field's own array dimensions (`()` for a scalar field)."""
    extra: tuple[int, ...]
    """Storage dimensions after `subshape`: `(2,)` for a complex field, the
    length for a string field, else `()`."""
    offset: int
    """Byte offset of the field in the record."""
    kind: FieldKind
    declared: np.dtype[Any]
    """The field's element dtype as numpy declares it (`complex64`, `S12`)."""

    @property
    def shape(self) -> tuple[int, ...]:
        """The dimensions the view adds after the array's own."""
        return self.subshape + self.extra


def is_record_dtype(dtype: object) -> bool:
    return isinstance(dtype, np.dtype) and dtype.names is not None


def record_fields(dtype: np.dtype[Any]) -> tuple[RecordField, ...]:
    """The fields of a record dtype, in declaration order."""
    assert dtype.names is not None and dtype.fields is not None
    table: dict[str, tuple[Any, ...]] = {str(k): v for k, v in dtype.fields.items()}
    fields: list[RecordField] = []
    for name in dtype.names:
        entry = table[name]
        field_dtype: np.dtype[Any] = entry[0]
        offset = int(entry[1])
        subshape: tuple[int, ...] = ()
        base = field_dtype
        if field_dtype.subdtype is not None:
            base = field_dtype.subdtype[0]
            subshape = tuple(int(d) for d in field_dtype.subdtype[1])
        fields.append(_field(name, base, subshape, offset, dtype))
    return tuple(fields)


def _field(
    name: str,
    base: np.dtype[Any],
    subshape: tuple[int, ...],
    offset: int,
    record: np.dtype[Any],
) -> RecordField:
    if base.kind in "biu" or (base.kind == "f" and base.itemsize in (2, 4, 8)):
        return RecordField(name, base, subshape, (), offset, "value", base)
    if base.kind == "c" and base.itemsize in (8, 16):
        storage = np.dtype(f"float{base.itemsize * 4}")
        return RecordField(name, storage, subshape, (2,), offset, "complex", base)
    if base.kind == "S":
        return RecordField(
            name, np.dtype(np.uint8), subshape, (base.itemsize,), offset, "bytes", base
        )
    if base.kind == "U":
        return RecordField(
            name,
            np.dtype(np.uint32),
            subshape,
            (base.itemsize // 4,),
            offset,
            "bytes",
            base,
        )
    raise RecordError(
        f"record dtype {record}: field '{name}' of dtype {base} is not supported "
        "(fields may be numbers, complex numbers, strings and arrays of them)"
    )


def field_views(value: object) -> list[object]:
    """One array per field of a record array or record scalar, each aliasing
    the record's memory: numpy arrays for host values, objects exposing
    `__cuda_array_interface__` for device arrays."""
    if isinstance(value, np.void):
        value = record_scalar_array(value)
    if isinstance(value, np.ndarray):
        host: np.ndarray[Any, Any] = value
        return [_host_field(host, f) for f in record_fields(host.dtype)]
    interface = getattr(value, "__cuda_array_interface__", None)
    dtype = getattr(value, "dtype", None)
    assert isinstance(interface, dict) and isinstance(dtype, np.dtype)
    typed: dict[str, Any] = interface  # pyright: ignore[reportUnknownVariableType]
    return [
        DeviceFieldView(value, typed, f, dtype.itemsize) for f in record_fields(dtype)
    ]


def record_scalar_array(record: np.void) -> np.ndarray[Any, Any]:
    """A writable 1-element array aliasing the memory of a record scalar
    (numpy's `a[i]` of a record array is a view of `a`'s element)."""
    interface: dict[str, Any] = dict(record.__array_interface__)
    interface["shape"] = (1,)
    interface["strides"] = None
    interface["typestr"] = f"|V{record.dtype.itemsize}"
    interface.pop("descr", None)
    raw = np.asarray(_HostInterface(interface, record))
    return raw.view(record.dtype)


def _host_field(array: np.ndarray[Any, Any], f: RecordField) -> np.ndarray[Any, Any]:
    view: np.ndarray[Any, Any] = array[f.name]
    if f.kind == "value":
        return view
    return view[..., np.newaxis].view(f.storage)


class _HostInterface:
    """An `__array_interface__` holder that keeps the memory's owner alive."""

    def __init__(self, interface: dict[str, Any], owner: object):
        self.__array_interface__ = interface
        self.owner = owner


class DeviceFieldView:
    """A field of a device record array, as a device array of its own."""

    def __init__(
        self, owner: object, interface: dict[str, Any], f: RecordField, itemsize: int
    ):
        self.owner = owner
        shape = tuple(int(d) for d in interface["shape"])
        strides = interface.get("strides") or _contiguous(shape, itemsize)
        inner = _contiguous(f.shape, f.storage.itemsize)
        pointer = int(interface["data"][0]) + f.offset
        self.shape = shape + f.shape
        self.dtype = f.storage
        self.__cuda_array_interface__: dict[str, Any] = {
            "shape": self.shape,
            "strides": tuple(int(s) for s in strides) + inner,
            "typestr": f.storage.str,
            "data": (pointer, False),
            "version": 3,
        }


def _contiguous(shape: Sequence[int], itemsize: int) -> tuple[int, ...]:
    strides: list[int] = []
    running = itemsize
    for extent in reversed(shape):
        strides.append(running)
        running *= extent
    return tuple(reversed(strides))


ARG_HINTS = ("In", "Out", "InOut")
"""numba's argument hints (`cuda.In(a)` ...): a kernel takes the array they wrap."""


def unwrap_hint(value: object) -> object:
    """The array in a `cuda.In` / `cuda.Out` / `cuda.InOut` argument, else
    `value`. `cuda.In(a)` gives a copy of `a`: numba copies it to the device
    and never back, so the kernel's writes do not reach `a`."""
    hint: Any = value
    if type(hint).__name__ not in ARG_HINTS or not hasattr(hint, "value"):
        return value
    inner: Any = hint.value
    if type(hint).__name__ == "In" and isinstance(inner, np.ndarray | np.void):
        return (
            np.array(inner, copy=True)
            if isinstance(inner, np.ndarray)
            else (np.array([inner], dtype=inner.dtype)[0])
        )
    return inner


def is_record_value(value: object) -> bool:
    """A record array (host or device) or a record scalar."""
    return is_record_dtype(getattr(value, "dtype", None)) and (
        isinstance(value, np.void | np.ndarray)
        or hasattr(value, "__cuda_array_interface__")
    )


def passed_value(value: object) -> object:
    """What a kernel receives for a launch argument: the array of an argument
    hint (`unwrap_hint`), and for an enum member its value (numba passes
    `Color.red` as `1`, `Planet.EARTH` as its tuple)."""
    value = unwrap_hint(value)
    if isinstance(value, enum.Enum):
        return value.value
    return value


def is_complex_value(value: object) -> bool:
    """A complex number, or a host or device array of them."""
    if isinstance(value, complex | np.complexfloating):
        return True
    dtype = getattr(value, "dtype", None)
    return (
        isinstance(dtype, np.dtype)
        and dtype.kind == "c"
        and (
            isinstance(value, np.ndarray) or hasattr(value, "__cuda_array_interface__")
        )
    )


def complex_parts(value: Any) -> list[object]:
    """A complex argument as the kernel takes it: a number as its real and
    imaginary parts, an array as a view of its parts (a trailing dimension
    of 2), as numba's complex data model lays them out."""
    if isinstance(value, complex):
        return [value.real, value.imag]
    if isinstance(value, np.complexfloating):
        return [value.real, value.imag]
    part = np.dtype(f"float{value.dtype.itemsize * 4}")
    if isinstance(value, np.ndarray):
        host: np.ndarray[Any, Any] = value
        return [host[..., np.newaxis].view(part)]
    interface = value.__cuda_array_interface__
    typed: dict[str, Any] = interface
    shape = tuple(int(d) for d in typed["shape"])
    itemsize = part.itemsize * 2
    strides = typed.get("strides") or _contiguous(shape, itemsize)
    view = _DeviceView(value)
    view.shape = (*shape, 2)
    view.dtype = part
    view.__cuda_array_interface__ = {
        "shape": view.shape,
        "strides": (*(int(s) for s in strides), part.itemsize),
        "typestr": part.str,
        "data": typed["data"],
        "version": 3,
    }
    return [view]


class _DeviceView:
    """A view of a device array under another element type."""

    def __init__(self, owner: object):
        self.owner = owner
        self.shape: tuple[int, ...] = ()
        self.dtype: np.dtype[Any] = np.dtype(np.float32)
        self.__cuda_array_interface__: dict[str, Any] = {}
