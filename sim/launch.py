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

Waves: a large launch is simulated a few blocks at a time, as a GPU's SMs
take them (`waves`): a wave is a `Launch` of the same grid restricted to
consecutive blocks (`first_block`, `blocks`), whose slots are those of its
blocks only, so the simulator's memory is bounded by a wave. Block and
thread identity stay those of the whole grid.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import numpy.typing as npt

from simt.model.machine import (
    MAX_BLOCK_DIM,
    MAX_GRID_DIM,
    MAX_THREADS_PER_BLOCK,
    Dim3,
    unravel,
)
from simt.sim.errors import SimulationError

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def as_dim3(value: object, what: str) -> Dim3:
    """`(x, y, z)` from an int or a sequence of one to three positive ints."""
    if (
        type(value) is tuple
        and 1 <= len(value) <= 3
        and all(type(d) is int and d >= 1 for d in value)
    ):
        # the common case, a tuple of Python ints, without the checks below
        return (*value, 1, 1)[:3]  # type: ignore[return-value]
    dims = [value] if _is_int(value) else value
    if not isinstance(dims, Sequence) or isinstance(dims, str):
        raise SimulationError(
            f"{what} must be an int or a tuple of 1 to 3 ints, found {value!r}"
        )
    if not 1 <= len(dims) <= 3:
        raise SimulationError(f"{what} must have 1 to 3 dimensions, found {value!r}")
    for d in dims:
        if not _is_int(d) or int(d) < 1:  # type: ignore[arg-type]
            raise SimulationError(
                f"{what} dimensions must be positive ints, found {value!r}"
            )
    padded = [int(d) for d in dims] + [1] * (3 - len(dims))  # type: ignore[arg-type]
    return (padded[0], padded[1], padded[2])


def _is_int(value: object) -> bool:
    return isinstance(value, int | np.integer) and not isinstance(
        value, bool | np.bool_
    )


BYTES_PER_SLOT = 256
"""What the simulator keeps per thread, about: the launch geometry arrays and
some 30 live 8-byte values (a conservative figure for the memory check)."""


def check_cuda_limits(grid: Dim3, block: Dim3) -> None:
    """Raises `SimulationError` for a launch CUDA itself would refuse
    (`simt.model.machine`: threads per block, block and grid dimensions)."""
    threads = block[0] * block[1] * block[2]
    if threads > MAX_THREADS_PER_BLOCK:
        raise SimulationError(
            f"block {block} has {threads} threads; CUDA allows at most "
            f"{MAX_THREADS_PER_BLOCK} threads per block"
        )
    for axis, (size, limit) in enumerate(zip(block, MAX_BLOCK_DIM, strict=True)):
        if size > limit:
            raise SimulationError(
                f"block dimension {'xyz'[axis]} is {size}; CUDA allows at most {limit}"
            )
    for axis, (size, limit) in enumerate(zip(grid, MAX_GRID_DIM, strict=True)):
        if size > limit:
            raise SimulationError(
                f"grid dimension {'xyz'[axis]} is {size}; CUDA allows at most {limit}"
            )


def check_memory(launch: Launch, available: int | None = None) -> None:
    """Raises `SimulationError` when the launch needs more memory than the
    machine has (before anything is allocated)."""
    need = launch.num_slots * BYTES_PER_SLOT
    have = available if available is not None else physical_memory()
    if have is not None and need > have:
        raise SimulationError(
            f"a launch of {launch.num_threads} threads needs about "
            f"{_gib(need)} of simulator memory, more than this machine's "
            f"{_gib(have)}: simulate fewer blocks"
        )


def physical_memory() -> int | None:
    """The machine's physical memory in bytes, None where it is unknown."""
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return None


def _gib(size: int) -> str:
    return f"{size / 2**30:.1f} GiB"


@dataclass(frozen=True)
class Launch:
    """The geometry of one launch (or of one wave of it): grid and block
    shape, warp size, slots."""

    grid: Dim3
    block: Dim3
    warp_size: int
    first_block: int = 0
    """The linear index of the first block of this wave."""
    blocks: int = 0
    """The blocks of this wave (0: the whole grid)."""
    # the counts, computed at construction (a launch of many waves makes a
    # `Launch` per wave, and reads them all)
    threads_per_block: int = field(init=False, repr=False, compare=False)
    grid_blocks: int = field(init=False, repr=False, compare=False)
    """Blocks of the whole grid."""
    num_blocks: int = field(init=False, repr=False, compare=False)
    """Blocks simulated together: the wave's, or the whole grid's."""
    warps_per_block: int = field(init=False, repr=False, compare=False)
    num_threads: int = field(init=False, repr=False, compare=False)
    num_warps: int = field(init=False, repr=False, compare=False)
    num_slots: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not _is_int(self.warp_size) or self.warp_size < 1:
            raise SimulationError(
                f"warp_size must be a positive int, found {self.warp_size!r}"
            )
        grid, block = self.grid, self.block
        per_block = block[0] * block[1] * block[2]
        grid_blocks = grid[0] * grid[1] * grid[2]
        blocks = self.blocks or grid_blocks
        warps_per_block = -(-per_block // self.warp_size)
        # a frozen dataclass sets its derived fields through object
        derive = object.__setattr__
        derive(self, "threads_per_block", per_block)
        derive(self, "grid_blocks", grid_blocks)
        derive(self, "num_blocks", blocks)
        derive(self, "warps_per_block", warps_per_block)
        derive(self, "num_threads", blocks * per_block)
        derive(self, "num_warps", blocks * warps_per_block)
        derive(self, "num_slots", blocks * warps_per_block * self.warp_size)

    def waves(self, max_threads: int) -> Iterator[Launch]:
        """The launch cut into waves of consecutive blocks, each of at most
        `max_threads` threads (at least one block). Made one at a time, so
        the arrays a wave caches go with it."""
        per_wave = self.blocks_per_wave(max_threads)
        total = self.grid_blocks
        if per_wave >= total:
            yield self
            return
        for first in range(0, total, per_wave):
            count = min(per_wave, total - first)
            yield Launch(self.grid, self.block, self.warp_size, first, count)

    def blocks_per_wave(self, max_threads: int) -> int:
        return max(1, max_threads // self.threads_per_block)

    def wave_warps(self, max_threads: int) -> int:
        """The warps of the largest wave."""
        blocks = min(self.blocks_per_wave(max_threads), self.grid_blocks)
        return blocks * self.warps_per_block

    @property
    def first_warp(self) -> int:
        """The launch-wide index of this wave's first warp."""
        return self.first_block * self.warps_per_block

    @cached_property
    def slot_thread(self) -> IntArray:
        """Linear thread index within its block, per slot (padding included)."""
        per_block = np.arange(self.warps_per_block * self.warp_size, dtype=np.int64)
        return np.tile(per_block, self.num_blocks)

    @cached_property
    def slot_block(self) -> IntArray:
        """Block index within this wave, per slot."""
        per_block = self.warps_per_block * self.warp_size
        return np.repeat(np.arange(self.num_blocks, dtype=np.int64), per_block)

    @cached_property
    def real(self) -> BoolArray:
        """True for the slots that hold a thread (False for padding)."""
        return self.slot_thread < self.threads_per_block

    @cached_property
    def warp_block(self) -> IntArray:
        """Block index within this wave, per warp."""
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
        return _coordinate(self.slot_block + self.first_block, self.grid, dim)

    def describe_slot(self, slot: int) -> str:
        """`(block 1, thread 2)`, with 3-D tuples when the launch is not 1-D."""
        block = unravel(int(self.slot_block[slot]) + self.first_block, self.grid)
        thread = unravel(int(self.slot_thread[slot]), self.block)
        return f"(block {_dims(block, self.grid)}, thread {_dims(thread, self.block)})"


def _coordinate(linear: IntArray, shape: Dim3, dim: int) -> IntArray:
    if dim == 0:
        return linear % shape[0]
    if dim == 1:
        return (linear // shape[0]) % shape[1]
    return linear // (shape[0] * shape[1])


def _dims(coords: Dim3, shape: Dim3) -> str:
    if shape[1] == 1 and shape[2] == 1:
        return str(coords[0])
    return f"({coords[0]}, {coords[1]}, {coords[2]})"
