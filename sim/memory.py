"""Memory of a simulated launch: the caller's global arrays and private arrays.

- A global array is a `memref` kernel argument: the numpy array the caller
  passed, read and written in place (so the caller sees the results).
- A private array is a `memref.alloca`: one array of the static shape per
  lane slot, zero-initialized when the alloca first executes.

Every access checks each active lane's indices against the shape and faults
with the first offending lane; inactive lanes are never read or written.
Stores from several active lanes to one element leave the value of the last
lane in slot order (as if lanes ran in increasing thread order). Atomic adds
apply in lane order: each lane's returned old value is the element's value
after the adds of all earlier active lanes of the same op, exactly as if the
lanes ran one after another in increasing global thread order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from simt.sim.arith import LaneFault
from simt.sim.values import ExecMask, IntArray, Value, at, is_scalar

Index = tuple[IntArray, ...]


@dataclass
class MemRefHandle:
    """A memref value: a global array or the private arrays of all slots."""

    name: str
    array: npt.NDArray[Any]
    private: bool
    """True for a `memref.alloca`: `array` has a leading slot dimension."""

    @property
    def shape(self) -> tuple[int, ...]:
        return self.array.shape[1:] if self.private else self.array.shape

    def describe(self) -> str:
        kind = "private array" if self.private else "array"
        shape = self.shape
        size = f"length {shape[0]}" if len(shape) == 1 else f"shape {shape}"
        return f"{kind} '{self.name}' of {size}"

    def locate(self, indices: tuple[Value, ...], mask: ExecMask) -> Index:
        """The numpy index of the active lanes' elements, after bounds checks."""
        lanes = mask.indices
        active = tuple(np.asarray(at(i, lanes), dtype=np.int64) for i in indices)
        self._check_bounds(active, lanes)
        per_lane = tuple(np.broadcast_to(i, lanes.shape) for i in active)
        return (lanes, *per_lane) if self.private else per_lane

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

    def load(self, indices: tuple[Value, ...], mask: ExecMask, slots: int) -> Value:
        """The loaded element per slot (garbage in inactive slots)."""
        if all(is_scalar(i) for i in indices) and not self.private:
            self.locate(indices, mask)
            return self.array[tuple(int(i) for i in indices)]
        where = self.locate(indices, mask)
        result = np.zeros(slots, dtype=self.array.dtype)
        result[mask.indices] = self.array[where]
        return result

    def store(self, value: Value, indices: tuple[Value, ...], mask: ExecMask) -> None:
        where = self.locate(indices, mask)
        self.array[where] = at(value, mask.indices)

    def atomic_add(
        self, value: Value, indices: tuple[Value, ...], mask: ExecMask, slots: int
    ) -> Value:
        """Adds each active lane's value in lane order; returns the old values."""
        where = self.locate(indices, mask)
        lanes = mask.indices
        values = np.broadcast_to(np.asarray(at(value, lanes)), lanes.shape)
        old = _atomic_add_in_order(self.array, where, values)
        result = np.zeros(slots, dtype=self.array.dtype)
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
