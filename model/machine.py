"""The SIMT machine that every stage assumes: warp size and CUDA's launch limits.

Values from the CUDA C++ Programming Guide, "Compute Capabilities", Table
"Technical Specifications per Compute Capability" (identical for compute
capability 7.0 to 9.0, the architectures simt targets).
"""

from __future__ import annotations

WARP_SIZE = 32
"""Threads per warp on every NVIDIA GPU."""

MAX_THREADS_PER_BLOCK = 1024
"""Maximum number of threads of one block (x * y * z)."""

MAX_BLOCK_DIM = (1024, 1024, 64)
"""Maximum x, y and z dimension of a block."""

MAX_GRID_DIM = (2**31 - 1, 65535, 65535)
"""Maximum x, y and z dimension of a grid."""

MAX_SHARED_BYTES_PER_BLOCK = 227 * 1024
"""Maximum shared memory of one block (static and dynamic together), with the
opt-in of compute capability 9.0; 8.0 allows 163 KiB, 7.0 96 KiB."""

Dim3 = tuple[int, int, int]
"""An (x, y, z) extent or position: a grid, a block, `threadIdx`, `blockIdx`."""


def unravel(index: int, dims: Dim3) -> Dim3:
    """The (x, y, z) position of linear `index` in `dims`, x fastest (CUDA's
    order of threads in a block and of blocks in a grid)."""
    return (
        index % dims[0],
        (index // dims[0]) % dims[1],
        index // (dims[0] * dims[1]),
    )
