# Kernels of the language's part 1 (issue 14) for tests/filecheck/frontend.
import numpy as np
from numba import cuda, uint8

SCALE = 2


@cuda.jit(device=True)
def swap(a, b):
    return b, a


@cuda.jit("void(float32[:, ::1], uint8[::1])")
def memory_spaces(a, flags):
    tile = cuda.shared.array((4, 8), dtype=np.float32)
    buf = cuda.local.array(2, dtype=np.int64)
    x, y = cuda.grid(2)
    tile[cuda.threadIdx.y, cuda.threadIdx.x] = a[y, x]
    cuda.syncthreads()
    buf[0], buf[1] = swap(x, y)
    row = a[y]
    row[x] = tile[0, 1] * SCALE + buf[1]
    flags[x] = uint8(flags[x] + uint8(255))
