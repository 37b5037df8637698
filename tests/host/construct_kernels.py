"""One kernel per construct of the frontend (`simt.frontend`'s docstring lists them).

Read as source by `tests/host/test_differential.py` (`simt.frontend.compile_kernels`),
never imported: numba-cuda would compile the kernels for a GPU. The test runs
each kernel on the host and on the simulator, before and after every pass
pipeline, with the launches of its `CONSTRUCTS` table.
"""

import math

import numpy as np
from numba import cuda, float32, int32, int64

SCALE = 3
"""A module-level number constant (the frontend folds it)."""


@cuda.jit("void(int32[:], int32[:], int64)")
def assignments(a, out, n):
    i = cuda.grid(1)
    if i < n:
        x = y = a[i]
        x += 3
        x -= y // 2
        x *= 2
        out[i] = x
        out[i] += 1
        out[i] <<= 1
        pass


@cuda.jit("void(int64[:], int64[:], int64)")
def branches(a, out, n):
    """If/elif/else, chained comparisons, and/or/not, the conditional expression."""
    i = cuda.grid(1)
    if i < n:
        v = a[i]
        if 0 <= v < 10:
            r = 1
        elif v > 100 and v % 2 == 0:
            r = 2
        elif not (v < -50 or v == 7):
            r = 3 if v & 1 else 4
        else:
            r = 5
        out[i] = r


@cuda.jit("void(int64[:], int64[:], int64)")
def loops(a, out, n):
    """for range with 1, 2 and 3 arguments (negative step too), while, the loop
    variable's last value."""
    i = cuda.grid(1)
    if i < n:
        v = a[i] & 15
        s = 0
        for k in range(v):
            s += k
        for k in range(2, v):
            s ^= k
        for k in range(v, 0, -3):
            s += k * 2
        j = 0
        while j * j < v:
            j += 1
        out[i] = s * 100 + j + k


@cuda.jit("void(int64[:], int64[:], int64)")
def jumps(a, out, n):
    """break, continue and return inside loops (unstructured control flow)."""
    i = cuda.grid(1)
    if i >= n:
        return
    v = a[i] & 31
    s = 0
    for k in range(20):
        if k == v:
            break
        if k % 3 == 0:
            continue
        s += k
    while True:
        v += 1
        if v % 5 == 0:
            out[i] = s + v
            return
        if v > 40:
            break
    out[i] = -s


@cuda.jit("void(int64[:], float64[:], int64[:], int64)")
def integer_operators(a, f, out, n):
    """+ - * / // % ** & | ^ << >> ~ on signed integers (Python's floor semantics)."""
    i = cuda.grid(1)
    if i < n:
        x = a[i]
        y = a[(i + 1) % n] | 1
        out[i] = (x + y) * (x - y) + x // y + x % y + x**2 + (x & y) + (x | y)
        out[i] += (x ^ y) + ((x & 255) << 3) + (x >> 2) + ~x
        f[i] = x / y


@cuda.jit("void(float32[:], float64[:], float64[:], int64)")
def float_operators(a, b, out, n):
    """Float arithmetic in f32 and f64, floor division and modulo, int/float casts."""
    i = cuda.grid(1)
    if i < n:
        x = a[i]
        y = b[i]
        z = x * 2.5 - y / 3.0 + x // 1.5 + y % 2.25 + x**3
        out[i] = z + float(int(y)) + abs(x - y) + min(x, y) - max(x, 0.5)


@cuda.jit("void(float64[:], float64[:], int64)")
def math_functions(a, out, n):
    """math.sqrt/exp/log/floor/ceil, math.pi and math.e (libdevice on the GPU)."""
    i = cuda.grid(1)
    if i < n:
        x = abs(a[i]) + 0.5
        out[i] = (
            math.sqrt(x)
            + math.exp(x * 0.1)
            + math.log(x)
            + math.floor(x * 3.7)
            + math.ceil(x / 2.3)
            + math.pi * math.e
        )


@cuda.jit("void(int32[:], int64[:], float32[:], int32[:], int64)")
def array_access(a, b, f, c, n):
    """Negative indices wrap around; stores cast to the element type (int
    truncation, float to int toward zero)."""
    i = cuda.grid(1)
    if i < n:
        b[i] = a[-1 - i] + len(a) + a.size + a.shape[0]
        f[i] = a[i] * 0.5
        c[i] = b[i] * 100003 + SCALE
        c[i] += f[i] * -2.5


@cuda.jit("void(int64[:], int32)")
def identity_3d(out, dummy):
    """threadIdx/blockIdx/blockDim/gridDim in x, y and z, laneid and warpsize."""
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tz = cuda.threadIdx.z
    bx = cuda.blockIdx.x
    by = cuda.blockIdx.y
    bz = cuda.blockIdx.z
    local = tx + ty * cuda.blockDim.x + tz * cuda.blockDim.x * cuda.blockDim.y
    size = cuda.blockDim.x * cuda.blockDim.y * cuda.blockDim.z
    block = bx + by * cuda.gridDim.x + bz * cuda.gridDim.x * cuda.gridDim.y
    g = block * size + local
    out[g] = cuda.laneid * 1000 + cuda.warpsize + dummy + tz * 7 + by * 11


@cuda.jit("void(int64[:], int64[:], int64)")
def grid_stride(a, out, n):
    """cuda.grid(1) and cuda.gridsize(1) in a grid-stride loop."""
    i = cuda.grid(1)
    while i < n:
        out[i] = a[i] * 2 + cuda.gridsize(1)
        i += cuda.gridsize(1)


@cuda.jit("void(int32[:], int64[:], int64)")
def barrier_exchange(a, out, n):
    """cuda.syncthreads between writing and reading a neighbour's value."""
    i = cuda.grid(1)
    a[i] = a[i] * 2 + 1
    cuda.syncthreads()
    j = i - cuda.threadIdx.x + (cuda.threadIdx.x + 5) % cuda.blockDim.x
    out[i] = a[j]
    cuda.syncthreads()
    a[i] = 0


@cuda.jit("void(int32[:], int64[:], float32[:], float64[:], int32[:])")
def atomics(keys, counts, fsum, dsum, first):
    """cuda.atomic.add on int64, float32 and float64 arrays; the old value."""
    i = cuda.grid(1)
    k = keys[i] & 7
    cuda.atomic.add(counts, k, 1)
    cuda.atomic.add(fsum, k, 0.5)
    cuda.atomic.add(dsum, k, 0.25)
    old = cuda.atomic.add(first, 0, 1)
    if old < 0:
        counts[0] = -1


@cuda.jit("void(int64[:], int32[:], int64)")
def votes(a, out, n):
    """any_sync, all_sync and ballot_sync in divergent control flow and loops."""
    i = cuda.grid(1)
    v = a[i]
    r = 0
    if v % 3 != 0:
        if cuda.any_sync(0xFFFFFFFF, v > 50):
            r += 1
        if cuda.all_sync(0xFFFFFFFF, v > -90):
            r += 2
    else:
        r += cuda.ballot_sync(0xFFFFFFFF, v & 1 == 1) & 0xFFFF
    for k in range(v & 7):
        if k == 5:
            break
        r += cuda.ballot_sync(0xFFFFFFFF, k % 2 == 0) & 0xFF
    out[i] = r


@cuda.jit("void(int32[:], int64[:], float32, float64, int32, int64)")
def scalar_parameters(a, out, x, y, k, flag):
    """Scalar parameters of every type the frontend takes."""
    i = cuda.grid(1)
    t = a[i] + k
    if flag != 0:
        t += 1
    out[i] = int(t * x + y)


@cuda.jit("void(int32[:], int32[:])")
def shared_reverse(a, out):
    """A static shared array per block, reversed across a barrier (every block
    of a wave has its own)."""
    s = cuda.shared.array(64, int32)
    t = cuda.threadIdx.x
    base = cuda.blockIdx.x * cuda.blockDim.x
    s[t] = a[base + t]
    cuda.syncthreads()
    out[base + t] = s[cuda.blockDim.x - 1 - t] + cuda.blockIdx.x


@cuda.jit("void(float32[:, :], float32[:, :])")
def shared_tile_transpose(a, out):
    """A 2-D shared tile (tuple shape), 2-D arrays, `cuda.grid(2)` unpacked."""
    tile = cuda.shared.array((8, 9), float32)
    x, y = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    if y < a.shape[0] and x < a.shape[1]:
        tile[ty, tx] = a[y, x]
    cuda.syncthreads()
    ox = cuda.blockIdx.y * 8 + tx
    oy = cuda.blockIdx.x * 8 + ty
    if oy < out.shape[0] and ox < out.shape[1]:
        out[oy, ox] = tile[tx, ty]


@cuda.jit("void(int64[:], int64[:])")
def dynamic_shared(a, out):
    """The dynamic shared array (shape 0), sized by the launch."""
    buf = cuda.shared.array(0, int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = a[i] * 3
    cuda.syncthreads()
    out[i] = buf[(t + 1) % cuda.blockDim.x] - buf[t]


@cuda.jit("void(int32[:], int32[:])")
def shared_private_slots(a, out):
    """Each thread's own shared slot and no barrier (direct mode)."""
    s = cuda.shared.array(32, int32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    s[t] = a[i] + s[t]
    s[t] *= 2
    out[i] = s[t]


@cuda.jit("void(int64[:], int64[:], int64)")
def shared_vote(a, out, n):
    """Shared memory read after a vote (lockstep mode), per block."""
    s = cuda.shared.array(64, int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    v = a[i] if i < n else 0
    s[t] = v
    cuda.syncthreads()
    if cuda.any_sync(0xFFFFFFFF, v > 50):
        out[i] = s[(t + 3) % 64] + 1
    else:
        out[i] = s[t]


@cuda.jit(device=True)
def _clamp_add(x, lo, hi):
    y = x + lo
    if y > hi:
        return hi, True
    return y, False


@cuda.jit("void(uint8[:], int16[:], uint32[:], float32[:], int64[:, :])")
def typed_locals_and_calls(small, mid, wide, f, out):
    """Unsigned and narrow types, casts, a local array, a device function
    returning a tuple, tuple swaps, negative indices and row views."""
    i = cuda.grid(1)
    if i >= out.shape[0]:
        return
    buf = cuda.local.array(4, int64)
    for k in range(4):
        buf[k] = small[(i + k) % small.size]
    x = np.int32(mid[i]) * 3
    y = int(wide[i] >> 3)
    x, y = y, x
    z, clipped = _clamp_add(x, np.int64(small[i]), 200)
    row = out[i]
    row[0] = z
    row[1] = 1 if clipped else 0
    row[2] = buf[-1] - buf[0]
    row[-1] = int(f[i] * 2.5) + y + np.uint8(small[i] + np.uint8(250))


@cuda.jit("void(int64[::1], int64[:, ::1], int64[::1], int64)")
def reshape_views(a, tiles, out, n):
    """arr.reshape: runtime and inferred extents, a chain of ranks, extents
    that differ by thread, a reshape carried by a loop, and writes through a
    reshaped row slice (numba's C-contiguous view)."""
    i = cuda.grid(1)
    m = a.reshape(n, -1)
    t = m.reshape((2, -1, 4))
    w = a.reshape(2 ** (i % 3), -1)
    v = a
    for _ in range(2):
        v = v.reshape(2, -1)[1]
    if i < a.shape[0]:
        s = m[i // m.shape[1], i % m.shape[1]] * 2 + t[i // 32, (i // 4) % 8, i % 4]
        out[i] = s + v[i % v.shape[0]] + w.shape[0] * 1000 + w[w.shape[0] - 1, 1]
        flat = tiles[1:].reshape(-1)
        flat[i] += i
