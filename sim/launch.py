"""Launch geometry: how the threads of a grid map onto warps and lane slots.

The threads of a block are numbered linearly, x fastest
(`t = x + y * bx + z * bx * by`), and cut into warps of `warp_size`
consecutive threads; a block whose size is not a multiple of the warp size
has a partial last warp. Every warp gets `warp_size` *slots* in the arrays
the simulator keeps per value, so slot `s` is lane `s % warp_size` of warp
`s // warp_size`; the slots past the end of a partial warp are padding and
never active. Blocks follow each other in linear order (x fastest), so
increasing slot order is increasing global thread order.

    block (3,) with warp_size 2:   slots [t0 t1 | t2 pad]   per block
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from simt.sim.errors import SimulationError

Dim3 = tuple[int, int, int]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def as_dim3(value: int | Sequence[int], what: str) -> Dim3:
    """`(x, y, z)` from an int or a sequence of one to three positive ints."""
    dims = [value] if isinstance(value, int) else list(value)
    if not 1 <= len(dims) <= 3:
        raise SimulationError(f"{what} must have 1 to 3 dimensions, found {value!r}")
    for d in dims:
        if not isinstance(d, int | np.integer) or d < 1:
            raise SimulationError(
                f"{what} dimensions must be positive ints, found {value!r}"
            )
    padded = [int(d) for d in dims] + [1] * (3 - len(dims))
    return (padded[0], padded[1], padded[2])


@dataclass(frozen=True)
class Launch:
    """The geometry of one launch: grid and block shape, warp size, slots."""

    grid: Dim3
    block: Dim3
    warp_size: int

    def __post_init__(self) -> None:
        if self.warp_size < 1:
            raise SimulationError(f"warp_size must be positive, found {self.warp_size}")

    @property
    def threads_per_block(self) -> int:
        return self.block[0] * self.block[1] * self.block[2]

    @property
    def num_blocks(self) -> int:
        return self.grid[0] * self.grid[1] * self.grid[2]

    @property
    def num_threads(self) -> int:
        return self.num_blocks * self.threads_per_block

    @property
    def warps_per_block(self) -> int:
        return -(-self.threads_per_block // self.warp_size)

    @property
    def num_warps(self) -> int:
        return self.num_blocks * self.warps_per_block

    @property
    def num_slots(self) -> int:
        return self.num_warps * self.warp_size

    @cached_property
    def slot_thread(self) -> IntArray:
        """Linear thread index within its block, per slot (padding included)."""
        per_block = np.arange(self.warps_per_block * self.warp_size, dtype=np.int64)
        return np.tile(per_block, self.num_blocks)

    @cached_property
    def slot_block(self) -> IntArray:
        """Linear block index, per slot."""
        per_block = self.warps_per_block * self.warp_size
        return np.repeat(np.arange(self.num_blocks, dtype=np.int64), per_block)

    @cached_property
    def real(self) -> BoolArray:
        """True for the slots that hold a thread (False for padding)."""
        return self.slot_thread < self.threads_per_block

    @cached_property
    def warp_block(self) -> IntArray:
        """Linear block index, per warp."""
        return np.repeat(
            np.arange(self.num_blocks, dtype=np.int64), self.warps_per_block
        )

    @cached_property
    def lane(self) -> IntArray:
        return np.arange(self.num_slots, dtype=np.int64) % self.warp_size

    def thread_index(self, dim: int) -> IntArray:
        """`threadIdx` in dimension 0, 1 or 2, per slot."""
        return _coordinate(self.slot_thread, self.block, dim)

    def block_index(self, dim: int) -> IntArray:
        """`blockIdx` in dimension 0, 1 or 2, per slot."""
        return _coordinate(self.slot_block, self.grid, dim)

    def describe_slot(self, slot: int) -> str:
        """`(block 1, thread 2)`, with 3-D tuples when the launch is not 1-D."""
        block = _unravel(int(self.slot_block[slot]), self.grid)
        thread = _unravel(int(self.slot_thread[slot]), self.block)
        return f"(block {_dims(block, self.grid)}, thread {_dims(thread, self.block)})"


def _coordinate(linear: IntArray, shape: Dim3, dim: int) -> IntArray:
    if dim == 0:
        return linear % shape[0]
    if dim == 1:
        return (linear // shape[0]) % shape[1]
    return linear // (shape[0] * shape[1])


def _unravel(linear: int, shape: Dim3) -> Dim3:
    return (
        linear % shape[0],
        (linear // shape[0]) % shape[1],
        linear // (shape[0] * shape[1]),
    )


def _dims(coords: Dim3, shape: Dim3) -> str:
    if shape[1] == 1 and shape[2] == 1:
        return str(coords[0])
    return f"({coords[0]}, {coords[1]}, {coords[2]})"
