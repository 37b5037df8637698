"""Memory of a simulated launch: arrays in every memory space, and views of them.

- A global array is a `memref` kernel argument: the numpy array the caller
  passed, read and written in place (so the caller sees the results).
- A private (local) array is a `memref.alloca`: one array of the static
  shape per lane slot, zero-initialized when the alloca first executes.
- A shared array (a `memref.global` in `#simt.space<shared>`, or the dynamic
  shared memory of `simt.dynamic_shared`) has one copy per block: the lanes
  of a block read and write the same elements; it starts zeroed.
- A constant array (a `memref.global` in `#simt.space<constant>`) is the
  global's initial value, read-only: a store faults.
- A view (`memref.subview`, `memref.reinterpret_cast`) addresses the
  elements of its array through an offset, extents and strides, counted in
  elements of the array's row-major (logical) layout; each may differ per
  lane (a view of row `i` of a lane). That layout is the base buffer of every
  memref of the array: `memref.extract_strided_metadata` returns a view's
  offset and strides in it (a whole array has offset 0 and row-major
  strides), and `memref.reinterpret_cast` takes them, so that the pair
  rebuilds any view of the array.

Every access checks each active lane's indices against the shape and faults
with the first offending lane; inactive lanes are never read or written.
Stores from several active lanes to one element leave the value of the last
lane in slot order (as if lanes ran in increasing thread order). Atomic adds
apply in lane order: each lane's returned old value is the element's value
after the adds of all earlier active lanes of the same op, exactly as if the
lanes ran one after another in increasing global thread order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from simt.sim.arith import LaneFault
from simt.sim.values import ExecMask, IntArray, Value, at, is_scalar

Index = tuple[IntArray, ...]


@dataclass
class MemRefHandle:
    """A memref value: a whole array in some memory space."""

    name: str
    array: npt.NDArray[Any]
    private: bool
    """True for a `memref.alloca`: `array` has a leading slot dimension."""
    per_block: IntArray | None = None
    """For shared memory: the block of each slot; `array` has a leading
    block dimension."""
    writable: bool = True
    kind: str = "array"
    """How messages call it: `array`, `shared array`, `constant array`."""

    @property
    def shape(self) -> tuple[int, ...]:
        owned = self.private or self.per_block is not None
        return self.array.shape[1:] if owned else self.array.shape

    def describe(self) -> str:
        kind = "private array" if self.private else self.kind
        shape = self.shape
        size = f"length {shape[0]}" if len(shape) == 1 else f"shape {shape}"
        return f"{kind} '{self.name}' of {size}"

    def _owners(self, lanes: IntArray) -> IntArray | None:
        """The leading index of the active lanes' storage, if owned per lane/block."""
        if self.private:
            return lanes
        if self.per_block is not None:
            return self.per_block[lanes]
        return None

    def locate(self, indices: tuple[Value, ...], mask: ExecMask) -> Index:
        """The numpy index of the active lanes' elements, after bounds checks."""
        lanes = mask.indices
        active = tuple(np.asarray(at(i, lanes), dtype=np.int64) for i in indices)
        self._check_bounds(active, lanes)
        per_lane = tuple(np.broadcast_to(i, lanes.shape) for i in active)
        owners = self._owners(lanes)
        return (owners, *per_lane) if owners is not None else per_lane

    def _check_bounds(self, active: tuple[IntArray, ...], lanes: IntArray) -> None:
        for dim, (index, extent) in enumerate(zip(active, self.shape, strict=True)):
            bad = (index < 0) | (index >= extent)
            if not np.any(bad):
                continue
            first = int(np.argmax(np.broadcast_to(bad, lanes.shape)))
            value = int(np.broadcast_to(index, lanes.shape)[first])
            where = "" if len(self.shape) == 1 else f" in dimension {dim}"
            raise LaneFault(
                int(lanes[first]),
                f"out of bounds: index {value}{where} for {self.describe()}",
            )

    def check_writable(self, mask: ExecMask) -> None:
        if not self.writable:
            raise LaneFault(
                int(mask.indices[0]), f"writes to the read-only {self.describe()}"
            )

    def load(self, indices: tuple[Value, ...], mask: ExecMask, slots: int) -> Value:
        """The loaded element per slot (garbage in inactive slots)."""
        owned = self.private or self.per_block is not None
        if all(is_scalar(i) for i in indices) and not owned:
            self.locate(indices, mask)
            return self.array[tuple(int(i) for i in indices)]
        where = self.locate(indices, mask)
        result = np.zeros(slots, dtype=self.array.dtype)
        result[mask.indices] = self.array[where]
        return result

    def store(self, value: Value, indices: tuple[Value, ...], mask: ExecMask) -> None:
        self.check_writable(mask)
        where = self.locate(indices, mask)
        self.array[where] = at(value, mask.indices)

    def atomic_add(
        self, value: Value, indices: tuple[Value, ...], mask: ExecMask, slots: int
    ) -> Value:
        """Adds each active lane's value in lane order; returns the old values."""
        storage, where = self.elements(indices, mask)
        return _atomic_add(storage, where, value, mask, slots)

    def elements(
        self, indices: tuple[Value, ...], mask: ExecMask
    ) -> tuple[npt.NDArray[Any], Index]:
        """(storage, numpy index) of the active lanes' elements, for a
        read-modify-write: bounds checked, the array writable."""
        self.check_writable(mask)
        return self.array, self.locate(indices, mask)

    def extent(self, dim: int, mask: ExecMask) -> Value:
        return np.int64(self.shape[dim])

    # -- flat (row-major) addressing, for views --------------------------------

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    def row_major_strides(self) -> tuple[Value, ...]:
        strides: list[Value] = []
        running = 1
        for extent in reversed(self.shape):
            strides.append(np.int64(running))
            running *= extent
        return tuple(reversed(strides))

    def flat_where(
        self, flat: IntArray, lanes: IntArray
    ) -> tuple[npt.NDArray[Any], Index]:
        """(storage, numpy index) of row-major element `flat` of each lane."""
        bad = (flat < 0) | (flat >= self.size)
        if np.any(bad):
            first = int(np.argmax(bad))
            raise LaneFault(
                int(lanes[first]),
                f"out of bounds: element {int(flat[first])} of {self.describe()}",
            )
        owners = self._owners(lanes)
        if owners is not None:
            return self.array.reshape(self.array.shape[0], -1), (owners, flat)
        if self.array.flags.c_contiguous:
            return self.array.reshape(-1), (flat,)
        return self.array, tuple(np.unravel_index(flat, self.shape))


@dataclass
class MemRefView:
    """A `memref.subview`: elements `offset + sum(i_k * strides[k])` of `base`
    (row-major element numbers); each part is a scalar or a per-slot array."""

    base: MemRefHandle
    offset: Value
    shape: tuple[Value, ...]
    strides: tuple[Value, ...]

    @property
    def array(self) -> npt.NDArray[Any]:
        return self.base.array

    def describe(self) -> str:
        return f"view of {self.base.describe()}"

    def extent(self, dim: int, mask: ExecMask) -> Value:
        return self.shape[dim]

    def _flat(self, indices: tuple[Value, ...], lanes: IntArray) -> IntArray:
        flat = np.broadcast_to(
            np.asarray(at(self.offset, lanes), np.int64), lanes.shape
        )
        for dim, (index, extent, stride) in enumerate(
            zip(indices, self.shape, self.strides, strict=True)
        ):
            i = np.asarray(at(index, lanes), dtype=np.int64)
            n = np.asarray(at(extent, lanes), dtype=np.int64)
            bad = np.broadcast_to((i < 0) | (i >= n), lanes.shape)
            if np.any(bad):
                first = int(np.argmax(bad))
                value = int(np.broadcast_to(i, lanes.shape)[first])
                length = int(np.broadcast_to(n, lanes.shape)[first])
                where = "" if len(self.shape) == 1 else f" in dimension {dim}"
                raise LaneFault(
                    int(lanes[first]),
                    f"out of bounds: index {value}{where} for a view of extent "
                    f"{length} of {self.base.describe()}",
                )
            flat = flat + i * np.asarray(at(stride, lanes), dtype=np.int64)
        return np.asarray(flat, dtype=np.int64)

    def load(self, indices: tuple[Value, ...], mask: ExecMask, slots: int) -> Value:
        lanes = mask.indices
        storage, where = self.base.flat_where(self._flat(indices, lanes), lanes)
        result = np.zeros(slots, dtype=storage.dtype)
        result[lanes] = storage[where]
        return result

    def store(self, value: Value, indices: tuple[Value, ...], mask: ExecMask) -> None:
        self.base.check_writable(mask)
        lanes = mask.indices
        storage, where = self.base.flat_where(self._flat(indices, lanes), lanes)
        storage[where] = at(value, lanes)

    def atomic_add(
        self, value: Value, indices: tuple[Value, ...], mask: ExecMask, slots: int
    ) -> Value:
        storage, where = self.elements(indices, mask)
        return _atomic_add(storage, where, value, mask, slots)

    def elements(
        self, indices: tuple[Value, ...], mask: ExecMask
    ) -> tuple[npt.NDArray[Any], Index]:
        """(storage, numpy index) of the active lanes' elements of the base
        array, for a read-modify-write: bounds checked, the array writable."""
        self.base.check_writable(mask)
        lanes = mask.indices
        return self.base.flat_where(self._flat(indices, lanes), lanes)


Memory = MemRefHandle | MemRefView
"""What a memref SSA value holds in the simulator."""


def subview(
    source: Memory,
    offsets: Sequence[Value],
    sizes: Sequence[Value],
    steps: Sequence[Value],
    kept: Sequence[int],
    mask: ExecMask,
) -> MemRefView:
    """The view `source[offsets : offsets + sizes * steps : steps]` keeping the
    dimensions `kept` (the others have size 1 and are dropped); faults when a
    lane's view reaches outside `source`."""
    lanes = mask.indices
    if isinstance(source, MemRefHandle):
        base, offset, strides = source, np.int64(0), source.row_major_strides()
        extents: tuple[Value, ...] = tuple(np.int64(d) for d in source.shape)
    else:
        base, offset, strides, extents = (
            source.base,
            source.offset,
            source.strides,
            source.shape,
        )
    for dim in range(len(offsets)):
        _check_subview(
            source, dim, offsets[dim], sizes[dim], steps[dim], extents[dim], lanes
        )
        offset = offset + _times(offsets[dim], strides[dim])
    return MemRefView(
        base,
        offset,
        tuple(sizes[d] for d in kept),
        tuple(_times(steps[d], strides[d]) for d in kept),
    )


def strided_metadata(
    source: Memory,
) -> tuple[MemRefHandle, Value, tuple[Value, ...], tuple[Value, ...]]:
    """`memref.extract_strided_metadata`: the array `source` views, and the
    offset, extents and strides of `source` in the array's row-major layout."""
    if isinstance(source, MemRefHandle):
        extents = tuple(np.int64(d) for d in source.shape)
        return source, np.int64(0), extents, source.row_major_strides()
    return source.base, source.offset, source.shape, source.strides


def reinterpret(
    source: Memory, offset: Value, sizes: Sequence[Value], strides: Sequence[Value]
) -> MemRefView:
    """`memref.reinterpret_cast`: the view of the array `source` views at
    `offset` with extents `sizes` and `strides` (row-major elements of the
    array, whatever view of it `source` is). Nothing is checked here: each
    access is checked against the extents and then against the array."""
    base = source if isinstance(source, MemRefHandle) else source.base
    return MemRefView(base, offset, tuple(sizes), tuple(strides))


def _times(a: Value, b: Value) -> Value:
    return np.multiply(np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64))[()]


def _check_subview(
    source: Memory,
    dim: int,
    offset: Value,
    size: Value,
    step: Value,
    extent: Value,
    lanes: IntArray,
) -> None:
    o = np.broadcast_to(np.asarray(at(offset, lanes), np.int64), lanes.shape)
    n = np.broadcast_to(np.asarray(at(size, lanes), np.int64), lanes.shape)
    s = np.broadcast_to(np.asarray(at(step, lanes), np.int64), lanes.shape)
    e = np.broadcast_to(np.asarray(at(extent, lanes), np.int64), lanes.shape)
    last = o + (n - 1) * s
    bad = (n < 0) | ((n > 0) & ((o < 0) | (o >= e) | (last < 0) | (last >= e)))
    if np.any(bad):
        first = int(np.argmax(bad))
        raise LaneFault(
            int(lanes[first]),
            f"out of bounds: a view of {int(n[first])} elements from {int(o[first])} "
            f"(step {int(s[first])}) in dimension {dim} of extent {int(e[first])} "
            f"of {source.describe()}",
        )


def merge_views(mask: ExecMask, new: MemRefView, old: object) -> MemRefView:
    """`new` in the active slots and `old` elsewhere, for views of one base."""
    if not isinstance(old, MemRefView) or old.base is not new.base:
        return new
    if mask.full:
        return new

    def pick(a: Value, b: Value) -> Value:
        return np.where(mask.array, a, b)

    return MemRefView(
        new.base,
        pick(new.offset, old.offset),
        tuple(pick(a, b) for a, b in zip(new.shape, old.shape, strict=True)),
        tuple(pick(a, b) for a, b in zip(new.strides, old.strides, strict=True)),
    )


def _atomic_add(
    array: npt.NDArray[Any], where: Index, value: Value, mask: ExecMask, slots: int
) -> Value:
    lanes = mask.indices
    values = np.broadcast_to(np.asarray(at(value, lanes)), lanes.shape)
    old = _atomic_add_in_order(array, where, values)
    result = np.zeros(slots, dtype=array.dtype)
    result[lanes] = old
    return result


def _atomic_add_in_order(
    array: npt.NDArray[Any], where: Index, values: npt.NDArray[Any]
) -> npt.NDArray[Any]:
    """Old values of sequential `array[where[k]] += values[k]` for k = 0, 1, ..."""
    flat = np.ravel_multi_index(where, array.shape) if where else np.zeros(0, np.int64)
    order = np.argsort(flat, kind="stable")
    keys = flat[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    rank = np.arange(len(keys)) - np.repeat(starts, np.diff(np.r_[starts, len(keys)]))
    sorted_where = tuple(w[order] for w in where)
    sorted_values = values[order]
    if np.issubdtype(array.dtype, np.integer) or array.dtype == np.bool_:
        old_sorted = _integer_prefix(array, sorted_where, sorted_values, starts)
    else:
        old_sorted = _float_prefix(array, sorted_where, sorted_values, rank)
    old = np.empty_like(old_sorted)
    old[order] = old_sorted
    return old


def _integer_prefix(
    array: npt.NDArray[Any],
    where: Index,
    values: npt.NDArray[Any],
    starts: IntArray,
) -> npt.NDArray[Any]:
    """Exact for wrapping integers: an exclusive prefix sum within each group."""
    wide = values.astype(np.int64)
    inclusive = np.cumsum(wide)
    exclusive = inclusive - wide
    group_base = np.repeat(exclusive[starts], np.diff(np.r_[starts, len(values)]))
    before = array[where].astype(np.int64)
    old = (before + (exclusive - group_base)).astype(array.dtype)
    last = np.r_[starts[1:] - 1, len(values) - 1] if len(values) else starts
    final = old[last].astype(np.int64) + wide[last]
    array[tuple(w[last] for w in where)] = final.astype(array.dtype)
    return old


def _float_prefix(
    array: npt.NDArray[Any], where: Index, values: npt.NDArray[Any], rank: IntArray
) -> npt.NDArray[Any]:
    """Sequential float adds: round r applies every group's r-th add at once."""
    old = np.empty(len(values), dtype=array.dtype)
    rounds = int(rank.max()) + 1 if len(rank) else 0
    for r in range(rounds):
        sel = np.flatnonzero(rank == r)
        target = tuple(w[sel] for w in where)
        current = array[target]
        old[sel] = current
        array[target] = (current + values[sel]).astype(array.dtype)
    return old
