"""How the simulator stores values: numpy arrays over lane slots, and masks.

Every SSA value of a scalar type is either a numpy array with one element per
lane slot (see `launch.py`) or, when every lane holds the same value (a
constant, a kernel scalar argument, a block id), a numpy scalar of the same
dtype that broadcasts. Types map to dtypes as follows; `i1` is `bool`, the
other integers are stored in their signed dtype (two's complement), and the
unsigned ops reinterpret them:

| type | dtype |         | type | dtype |
|---|---|---|---|---|
| i1 | bool |           | index | int64 |
| i8, i16, i32, i64 | int8 ... int64 | | f16, f32, f64 | float16 ... float64 |

An `ExecMask` is the set of active slots of one step, with what the ops of a
step need from it computed once (the indices, the counts per warp).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
)
from xdsl.ir import Attribute

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.int64]
Value = Any
"""A numpy array over slots, a numpy scalar, or a handle (memref, guard)."""

_INT_DTYPES: dict[int, type[np.signedinteger[Any]]] = {
    8: np.int8,
    16: np.int16,
    32: np.int32,
    64: np.int64,
}
_UINT_DTYPES: dict[int, type[np.unsignedinteger[Any]]] = {
    8: np.uint8,
    16: np.uint16,
    32: np.uint32,
    64: np.uint64,
}


def dtype_of(type_: Attribute) -> np.dtype[Any] | None:
    """The numpy dtype that stores values of `type_`, or None if unsupported."""
    if isinstance(type_, IndexType):
        return np.dtype(np.int64)
    if isinstance(type_, IntegerType):
        width = type_.width.data
        if width == 1:
            return np.dtype(np.bool_)
        found = _INT_DTYPES.get(width)
        return np.dtype(found) if found is not None else None
    if isinstance(type_, Float16Type):
        return np.dtype(np.float16)
    if isinstance(type_, Float32Type):
        return np.dtype(np.float32)
    if isinstance(type_, Float64Type):
        return np.dtype(np.float64)
    return None


def unsigned_dtype(width: int) -> np.dtype[Any]:
    return np.dtype(_UINT_DTYPES[width])


def signed_dtype(width: int) -> np.dtype[Any]:
    return np.dtype(_INT_DTYPES[width])


def is_scalar(value: Value) -> bool:
    """True for a uniform value stored once (a numpy scalar)."""
    return np.ndim(value) == 0


def at(value: Value, selection: IntArray | slice) -> Value:
    """The elements of a per-slot value at `selection`; a scalar stays a scalar."""
    return value if is_scalar(value) else value[selection]


def bitcast(value: Value, dtype: np.dtype[Any]) -> Value:
    """Reinterpret the bits of a value as `dtype` (same width)."""
    if is_scalar(value):
        return np.asarray(value).view(dtype)[()]
    return value.view(dtype)


class ExecMask:
    """The active slots of one step of execution, with cached derived forms.

    (Cached by hand: `functools.cached_property` takes a lock per access,
    which costs more than the numpy work for small launches.)
    """

    __slots__ = (
        "_counts",
        "_indices",
        "_issued",
        "_lanes",
        "_warps",
        "array",
        "warp_size",
    )

    def __init__(self, array: BoolArray, warp_size: int) -> None:
        self.array = array
        self.warp_size = warp_size
        self._indices: IntArray | None = None
        self._counts: IntArray | None = None
        self._warps: BoolArray | None = None
        self._issued: int | None = None
        self._lanes: int | None = None

    @property
    def indices(self) -> IntArray:
        """Active slots in increasing order (increasing global thread order)."""
        if self._indices is None:
            self._indices = np.flatnonzero(self.array)
        return self._indices

    @property
    def full(self) -> bool:
        return self.lanes == len(self.array)

    @property
    def warp_counts(self) -> IntArray:
        """Active lanes per warp."""
        counts = self._counts
        if counts is None:
            counts = _count_per_warp(self.array, self.warp_size)
            self._counts = counts
        return counts

    @property
    def warps(self) -> BoolArray:
        """Warps with at least one active lane (the warps that issue)."""
        if self._warps is None:
            self._warps = self.warp_counts > 0
        return self._warps

    @property
    def issued(self) -> int:
        if self._issued is None:
            self._issued = int(np.count_nonzero(self.warp_counts))
        return self._issued

    @property
    def lanes(self) -> int:
        if self._lanes is None:
            self._lanes = int(np.count_nonzero(self.array))
        return self._lanes

    @property
    def any(self) -> bool:
        return self.lanes > 0

    def first_where(self, bad: BoolArray) -> int | None:
        """The first active slot where `bad` holds, or None."""
        hits = bad & self.array
        if not hits.any():
            return None
        return int(np.argmax(hits))

    def split(self, condition: Value) -> tuple[ExecMask, ExecMask]:
        """The active slots where `condition` holds, and those where it does
        not (the second's counts derived from the first's, saving a pass)."""
        taken = ExecMask(self.array & condition, self.warp_size)
        other = ExecMask(self.array & ~condition, self.warp_size)
        other._counts = self.warp_counts - taken.warp_counts
        other._lanes = self.lanes - taken.lanes
        return taken, other

    def select(self, condition: Value) -> ExecMask:
        """The active slots where `condition` holds."""
        return ExecMask(self.array & condition, self.warp_size)

    def select_not(self, condition: Value) -> ExecMask:
        """The active slots where `condition` does not hold."""
        return ExecMask(self.array & ~condition, self.warp_size)


def _count_per_warp(array: BoolArray, warp_size: int) -> IntArray:
    """Active lanes per warp: a popcount of 8 lanes at a time where the warp
    size allows (several times faster than counting booleans)."""
    if warp_size % 8 == 0 and array.flags.c_contiguous:
        words = array.view(np.uint64).reshape(-1, warp_size // 8)
        return np.bitwise_count(words).sum(axis=1, dtype=np.int64)
    counts = np.count_nonzero(array.reshape(-1, warp_size), axis=1)
    return np.asarray(counts, dtype=np.int64)


def merge(mask: ExecMask, new: Value, old: Value | None) -> Value:
    """`new` in the active slots, `old` elsewhere (`new` alone if no `old`)."""
    if old is None or mask.full:
        return new
    return np.where(mask.array, new, old)
