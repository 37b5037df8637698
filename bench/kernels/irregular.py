"""Irregular real-world kernels in grid-stride style, with numpy references.

These are the data-dependent shapes the papers motivate the transformations
with (Bulavintsev 2019 Sec. I.B: nested work queues; Anantpur 2014 Sec. 2:
break/return make CFGs unstructured; Coutinho 2011 Sec. V: divergent branches
in Rodinia and the SDK):

- `csr_spmv`: sparse matrix-vector product, one row per thread; the inner
  loop's trip count is the row length (skewed lengths, so lanes idle).
- `bfs_frontier`: one level of breadth-first search over a CSR graph; skips
  visited neighbours with `continue`; counters by `cuda.atomic.add`.
  Deterministic by construction: levels are read from `level_in` and written
  to `level_out` (every writer writes the same value), and the atomic
  counters only add, so their final values do not depend on thread order.
- `escape_time`: Mandelbrot escape-time iteration with `break`.
- `collatz`: Collatz stopping times, a `while` loop with a data-dependent trip
  count and a data-dependent branch in its body.
- `histogram`: binning with atomics; out-of-range values skipped by `continue`.
- `first_match`: linear search that leaves the kernel by `return` from inside
  a loop when it finds the key.

References are vectorized numpy.
"""

# The kernels keep the branch shapes of the figures they reproduce, so nested
# ifs and if/else assignments stay as written rather than as ternaries.
# ruff: noqa: SIM108

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import cuda as numba_cuda

from simt.bench.kernels.spec import (
    Arg,
    KernelSpec,
    LaunchCase,
    Tolerance,
    array_arg,
    blocks_for,
    float_arg,
    int_arg,
)

# numba's kernel API (cuda.grid, cuda.threadIdx.x, ...) has no static types;
# `cuda` is the numba.cuda module itself, so cudasim and the frontend see it.
cuda: Any = numba_cuda

_BLOCK = 64


def _grid_stride_launch(items: int, args: list[Arg], per_thread: int = 2) -> LaunchCase:
    """A launch with about `per_thread` items per thread, so the grid-stride loop turns."""
    return LaunchCase((blocks_for(items, _BLOCK, per_thread),), (_BLOCK,), args)


def _csr_rows(rng: np.random.Generator, rows: int, max_len: int) -> np.ndarray:
    """Row pointers for skewed row lengths (most rows short, a few long)."""
    lengths = np.minimum(rng.geometric(0.15, rows) - 1, max_len)
    rowptr = np.zeros(rows + 1, dtype=np.int32)
    np.cumsum(lengths, out=rowptr[1:])
    return rowptr


# ---------------------------------------------------------------------------
# CSR sparse matrix-vector product
# ---------------------------------------------------------------------------


def csr_spmv(rowptr, cols, vals, x, y, nrows):
    row = cuda.grid(1)
    stride = cuda.gridsize(1)
    while row < nrows:
        acc = 0.0
        for jj in range(rowptr[row], rowptr[row + 1]):
            acc += vals[jj] * x[cols[jj]]
        y[row] = acc
        row += stride


def _csr_spmv_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    ncols = max(items, 8)
    rowptr = _csr_rows(rng, items, 40)
    nnz = int(rowptr[-1])
    cols = rng.integers(0, ncols, nnz, dtype=np.int32)
    vals = rng.standard_normal(nnz)
    x = rng.standard_normal(ncols)
    y = np.zeros(items, dtype=np.float64)
    return _grid_stride_launch(items, [rowptr, cols, vals, x, y, np.int32(items)])


def _csr_spmv_reference(args: list[Arg]) -> None:
    rowptr, cols, vals, x, y = (array_arg(args, i) for i in range(5))
    nrows = int_arg(args, 5)
    row_of_entry = np.repeat(np.arange(nrows), np.diff(rowptr))
    y[:] = np.bincount(row_of_entry, weights=vals * x[cols], minlength=nrows)


CSR_SPMV = KernelSpec(
    name="csr_spmv",
    func=csr_spmv,
    signature="void(int32[:], int32[:], float64[:], float64[:], float64[:], int32)",
    inputs=_csr_spmv_inputs,
    reference=_csr_spmv_reference,
    outputs=(4,),
    paper="irregular: CSR SpMV (nested loop with per-row trip count; Bulavintsev 2019 Sec. I.B)",
    unstructured=False,
    small_items=256,
    float_tolerance=Tolerance(rtol=1e-9, atol=1e-12),
)

# ---------------------------------------------------------------------------
# BFS frontier expansion
# ---------------------------------------------------------------------------


def bfs_frontier(rowptr, cols, level_in, level_out, hits, edges, nverts, cur):
    v = cuda.grid(1)
    stride = cuda.gridsize(1)
    while v < nverts:
        if level_in[v] == cur:
            start = rowptr[v]
            end = rowptr[v + 1]
            cuda.atomic.add(edges, 0, end - start)
            for e in range(start, end):
                u = cols[e]
                if level_in[u] != -1:
                    continue
                level_out[u] = cur + 1
                cuda.atomic.add(hits, u, 1)
        v += stride


def _bfs_levels(rowptr: np.ndarray, cols: np.ndarray, source: int) -> np.ndarray:
    """Full BFS levels from `source` (-1 for unreachable), level by level."""
    levels = np.full(rowptr.size - 1, -1, dtype=np.int32)
    levels[source] = 0
    frontier = np.array([source])
    depth = 0
    while frontier.size:
        starts, ends = rowptr[frontier], rowptr[frontier + 1]
        targets = np.concatenate([cols[s:e] for s, e in zip(starts, ends, strict=True)])
        targets = np.unique(targets[levels[targets] == -1])
        depth += 1
        levels[targets] = depth
        frontier = targets
    return levels


def _bfs_frontier_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    rowptr = _csr_rows(rng, items, 12)
    cols = rng.integers(0, items, int(rowptr[-1]), dtype=np.int32)
    levels = _bfs_levels(rowptr, cols, 0)
    sizes = np.bincount(levels[levels >= 0])
    cur = int(np.argmax(sizes))
    level_in = np.where(levels > cur, -1, levels).astype(np.int32)
    args: list[Arg] = [
        rowptr,
        cols,
        level_in,
        level_in.copy(),
        np.zeros(items, dtype=np.int32),
        np.zeros(1, dtype=np.int32),
        np.int32(items),
        np.int32(cur),
    ]
    return _grid_stride_launch(items, args)


def _bfs_frontier_reference(args: list[Arg]) -> None:
    rowptr, cols, level_in, level_out, hits, edges = (
        array_arg(args, i) for i in range(6)
    )
    cur = int_arg(args, 7)
    frontier = np.flatnonzero(level_in == cur)
    degree = rowptr[frontier + 1] - rowptr[frontier]
    edges[0] += int(degree.sum())
    entries = np.concatenate(
        [np.arange(rowptr[v], rowptr[v + 1]) for v in frontier] + [np.zeros(0, int)]
    )
    targets = cols[entries]
    fresh = targets[level_in[targets] == -1]
    level_out[fresh] = cur + 1
    np.add.at(hits, fresh, 1)


BFS_FRONTIER = KernelSpec(
    name="bfs_frontier",
    func=bfs_frontier,
    signature=(
        "void(int32[:], int32[:], int32[:], int32[:], int32[:], int32[:], int32, int32)"
    ),
    inputs=_bfs_frontier_inputs,
    reference=_bfs_frontier_reference,
    outputs=(3, 4, 5),
    paper="irregular: BFS frontier expansion (Rodinia-style; continue, atomics)",
    unstructured=True,
    small_items=256,
)

# ---------------------------------------------------------------------------
# Mandelbrot escape time
# ---------------------------------------------------------------------------


def escape_time(out, width, height, max_iter, x0, y0, dx, dy):
    p = cuda.grid(1)
    stride = cuda.gridsize(1)
    npix = width * height
    while p < npix:
        cx = x0 + (p % width) * dx
        cy = y0 + (p // width) * dy
        zx = 0.0
        zy = 0.0
        it = 0
        while it < max_iter:
            zx2 = zx * zx
            zy2 = zy * zy
            if zx2 + zy2 > 4.0:
                break
            zy = 2.0 * zx * zy + cy
            zx = zx2 - zy2 + cx
            it += 1
        out[p] = it
        p += stride


def _escape_time_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    width = 32
    height = max(1, -(-items // width))
    x0 = -2.0 + rng.uniform(-0.05, 0.05)
    y0 = -1.25 + rng.uniform(-0.05, 0.05)
    args: list[Arg] = [
        np.zeros(width * height, dtype=np.int32),
        np.int32(width),
        np.int32(height),
        np.int32(64),
        np.float64(x0),
        np.float64(y0),
        np.float64(2.5 / width),
        np.float64(2.5 / height),
    ]
    return _grid_stride_launch(width * height, args)


def _escape_time_reference(args: list[Arg]) -> None:
    out = array_arg(args, 0)
    width, height, max_iter = int_arg(args, 1), int_arg(args, 2), int_arg(args, 3)
    x0, y0, dx, dy = (float_arg(args, i) for i in range(4, 8))
    pixel = np.arange(width * height)
    cx = x0 + (pixel % width).astype(np.float64) * dx
    cy = y0 + (pixel // width).astype(np.float64) * dy
    zx = np.zeros_like(cx)
    zy = np.zeros_like(cy)
    count = np.zeros(pixel.size, dtype=np.int64)
    running = np.ones(pixel.size, dtype=bool)
    for _ in range(max_iter):
        zx2, zy2 = zx * zx, zy * zy
        running &= zx2 + zy2 <= 4.0
        zy = np.where(running, 2.0 * zx * zy + cy, zy)
        zx = np.where(running, zx2 - zy2 + cx, zx)
        count += running
    out[:] = count


ESCAPE_TIME = KernelSpec(
    name="escape_time",
    func=escape_time,
    signature="void(int32[:], int32, int32, int32, float64, float64, float64, float64)",
    inputs=_escape_time_inputs,
    reference=_escape_time_reference,
    outputs=(0,),
    paper="irregular: Mandelbrot escape time (loop exit by break)",
    unstructured=True,
    small_items=512,
    params={"width": 32, "max_iter": 64},
)

# ---------------------------------------------------------------------------
# Collatz stopping times
# ---------------------------------------------------------------------------


def collatz(start, steps, n, cap):
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    stride = cuda.blockDim.x * cuda.gridDim.x
    while i < n:
        x = start[i]
        c = 0
        while x != 1 and c < cap:
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            c += 1
        steps[i] = c
        i += stride


def _collatz_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    start = rng.integers(1, 5000, items, dtype=np.int64)
    steps = np.zeros(items, dtype=np.int32)
    return _grid_stride_launch(items, [start, steps, np.int64(items), np.int64(200)])


def _collatz_reference(args: list[Arg]) -> None:
    x = array_arg(args, 0).astype(np.int64)
    cap = int_arg(args, 3)
    count = np.zeros(x.size, dtype=np.int64)
    for _ in range(cap):
        running = x != 1
        if not running.any():
            break
        x = np.where(running, np.where(x % 2 == 0, x // 2, 3 * x + 1), x)
        count += running
    array_arg(args, 1)[:] = count


COLLATZ = KernelSpec(
    name="collatz",
    func=collatz,
    signature="void(int64[:], int32[:], int64, int64)",
    inputs=_collatz_inputs,
    reference=_collatz_reference,
    outputs=(1,),
    paper="irregular: Collatz stopping times (data-dependent while loop)",
    unstructured=False,
    small_items=256,
)

# ---------------------------------------------------------------------------
# Histogram with atomics
# ---------------------------------------------------------------------------


def histogram(values, hist, n, nbins, maxval):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        v = values[i]
        i += stride
        if v < 0 or v >= maxval:
            continue
        cuda.atomic.add(hist, v * nbins // maxval, 1)


def _histogram_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    maxval, nbins = 1000, 16
    values = rng.integers(-100, maxval + 100, items, dtype=np.int32)
    hist = np.zeros(nbins, dtype=np.int32)
    args: list[Arg] = [values, hist, np.int32(items), np.int32(nbins), np.int32(maxval)]
    return _grid_stride_launch(items, args)


def _histogram_reference(args: list[Arg]) -> None:
    values, hist = array_arg(args, 0).astype(np.int64), array_arg(args, 1)
    nbins, maxval = int_arg(args, 3), int_arg(args, 4)
    kept = values[(values >= 0) & (values < maxval)]
    hist += np.bincount(kept * nbins // maxval, minlength=nbins).astype(hist.dtype)


HISTOGRAM = KernelSpec(
    name="histogram",
    func=histogram,
    signature="void(int32[:], int32[:], int32, int32, int32)",
    inputs=_histogram_inputs,
    reference=_histogram_reference,
    outputs=(1,),
    paper="irregular: histogram (atomics; continue in a grid-stride loop)",
    unstructured=True,
    small_items=512,
    params={"nbins": 16, "maxval": 1000},
)

# ---------------------------------------------------------------------------
# Linear search with early return
# ---------------------------------------------------------------------------


def first_match(haystack, keys, pos, m, nq):
    q = cuda.grid(1)
    if q < nq:
        key = keys[q]
        for j in range(m):
            if haystack[j] == key:
                pos[q] = j
                return
        pos[q] = -1


def _first_match_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    m = 64
    haystack = rng.integers(0, 100, m, dtype=np.int32)
    keys = rng.integers(0, 100, items, dtype=np.int32)
    pos = np.zeros(items, dtype=np.int32)
    args: list[Arg] = [haystack, keys, pos, np.int32(m), np.int32(items)]
    return LaunchCase((blocks_for(items, _BLOCK),), (_BLOCK,), args)


def _first_match_reference(args: list[Arg]) -> None:
    haystack, keys, pos = (array_arg(args, i) for i in range(3))
    equal = keys[:, None] == haystack[None, :]
    pos[:] = np.where(equal.any(axis=1), equal.argmax(axis=1), -1)


FIRST_MATCH = KernelSpec(
    name="first_match",
    func=first_match,
    signature="void(int32[:], int32[:], int32[:], int32, int32)",
    inputs=_first_match_inputs,
    reference=_first_match_reference,
    outputs=(2,),
    paper="irregular: linear search (return from inside a loop)",
    unstructured=True,
    small_items=256,
    params={"haystack": 64},
)

IRREGULAR_KERNELS: Sequence[KernelSpec] = (
    CSR_SPMV,
    BFS_FRONTIER,
    ESCAPE_TIME,
    COLLATZ,
    HISTOGRAM,
    FIRST_MATCH,
)
