"""The held-out corpus: kernels no cost model of simt was ever fitted on.

Issue 17: a cost model tuned on the 16 kernels of the corpus (`CORPUS`, plus
DPLL) must also hold on kernels written elsewhere. These 32 kernels are
written as a numba-cuda programmer would write them, from the domains where
nested data-dependent loops and divergent branches occur: graph traversals
over CSR graphs (the issue's two-hop neighbour count among them), segmented
operations (the issue's segmented insertion sort among them), sparse
formats, search, string and sequence kernels, number-theoretic loops; with
short and long trips, uniform and divergent outer loops (`if i < n:` one
item per thread, or grid-stride loops over several items).

Discipline: nothing in `simt.analysis`, `simt.passes` or the constants of
their cost models is chosen by looking at these kernels; `bench/optimize.py`
and the model's tests use `CORPUS` only. `simt.bench.heldout` measures the
models' predictions on this corpus and writes `bench/results/heldout.json`.

`HELDOUT: Mapping[str, KernelSpec]` (the same `KernelSpec` as `CORPUS`);
references are plain Python loops over the inputs, written independently of
the kernels' bodies.
"""

# Kernels keep the shapes a programmer writes (if/else assignments, explicit
# loops), not the shortest Python.
# ruff: noqa: SIM108

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import numpy as np
from numba import cuda as numba_cuda

from simt.bench.kernels.spec import (
    EXACT,
    Arg,
    KernelSpec,
    LaunchCase,
    Tolerance,
    array_arg,
    blocks_for,
    int_arg,
)

cuda: Any = numba_cuda

_BLOCK = 64
_FLOAT = Tolerance(rtol=1e-9, atol=1e-9)


def _one_per_thread(items: int, args: list[Arg]) -> LaunchCase:
    return LaunchCase((blocks_for(items, _BLOCK),), (_BLOCK,), args)


def _grid_stride(items: int, args: list[Arg], per_thread: int = 3) -> LaunchCase:
    return LaunchCase((blocks_for(items, _BLOCK, per_thread),), (_BLOCK,), args)


def _csr(rng: np.random.Generator, n: int, p: float, cap: int) -> np.ndarray:
    """Row pointers of skewed lengths (geometric, capped)."""
    lengths = np.minimum(rng.geometric(p, n) - 1, cap)
    ptr = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(lengths, out=ptr[1:])
    return ptr


def _graph(rng: np.random.Generator, n: int, p: float = 0.2, cap: int = 30):
    ptr = _csr(rng, n, p, cap)
    col = rng.integers(0, n, int(ptr[-1]), dtype=np.int32)
    return ptr, col


def _sorted_graph(rng: np.random.Generator, n: int, p: float = 0.15, cap: int = 24):
    """A graph whose adjacency lists are sorted and free of duplicates."""
    ptr, col = _graph(rng, n, p, cap)
    lists = [np.unique(col[ptr[v] : ptr[v + 1]]) for v in range(n)]
    new_ptr = np.zeros(n + 1, dtype=np.int32)
    np.cumsum([part.size for part in lists], out=new_ptr[1:])
    return new_ptr, np.concatenate([*lists, np.zeros(0, np.int32)]).astype(np.int32)


Maker = Callable[[np.random.Generator, int], LaunchCase]
Ref = Callable[[list[Arg]], None]


def _spec(
    name: str,
    func: Callable[..., None],
    signature: str,
    inputs: Maker,
    reference: Ref,
    outputs: tuple[int, ...],
    domain: str,
    *,
    unstructured: bool = False,
    small_items: int = 256,
    tolerance: Tolerance = EXACT,
) -> KernelSpec:
    return KernelSpec(
        name=name,
        func=func,
        signature=signature,
        inputs=inputs,
        reference=reference,
        outputs=outputs,
        paper=f"held-out: {domain}",
        unstructured=unstructured,
        small_items=small_items,
        float_tolerance=tolerance,
    )


def _arrays(args: list[Arg], count: int) -> list[np.ndarray]:
    return [array_arg(args, i) for i in range(count)]


# ---------------------------------------------------------------------------
# Graph traversals (CSR: ptr, col)
# ---------------------------------------------------------------------------


def two_hop_count(ptr, col, out, n):
    v = cuda.grid(1)
    if v < n:
        c = 0
        for e in range(ptr[v], ptr[v + 1]):
            u = col[e]
            for f in range(ptr[u], ptr[u + 1]):  # noqa: B007 (numba style)
                c += 1
        out[v] = c


def _two_hop_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr, col = _graph(rng, n)
    return _one_per_thread(n, [ptr, col, np.zeros(n, np.int32), np.int32(n)])


def _two_hop_reference(args: list[Arg]) -> None:
    ptr, col, out = _arrays(args, 3)
    degree = np.diff(ptr)
    for v in range(int_arg(args, 3)):
        out[v] = int(degree[col[ptr[v] : ptr[v + 1]]].sum())


def two_hop_distinct(ptr, col, out, n):
    v = cuda.grid(1)
    if v < n:
        c = 0
        for e in range(ptr[v], ptr[v + 1]):
            u = col[e]
            for f in range(ptr[u], ptr[u + 1]):
                w = col[f]
                if w != v and w != u:
                    c += 1
        out[v] = c


def _two_hop_distinct_reference(args: list[Arg]) -> None:
    ptr, col, out = _arrays(args, 3)
    for v in range(int_arg(args, 3)):
        c = 0
        for u in col[ptr[v] : ptr[v + 1]]:
            for w in col[ptr[u] : ptr[u + 1]]:
                c += int(w != v and w != u)
        out[v] = c


def triangle_count(ptr, col, out, n):
    v = cuda.grid(1)
    if v < n:
        t = 0
        for e in range(ptr[v], ptr[v + 1]):
            u = col[e]
            if u > v:
                i = ptr[v]
                j = ptr[u]
                while i < ptr[v + 1] and j < ptr[u + 1]:
                    a = col[i]
                    b = col[j]
                    if a == b:
                        t += 1
                        i += 1
                        j += 1
                    elif a < b:
                        i += 1
                    else:
                        j += 1
        out[v] = t


def _triangle_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr, col = _sorted_graph(rng, n)
    return _one_per_thread(n, [ptr, col, np.zeros(n, np.int32), np.int32(n)])


def _triangle_reference(args: list[Arg]) -> None:
    ptr, col, out = _arrays(args, 3)
    for v in range(int_arg(args, 3)):
        mine = set(col[ptr[v] : ptr[v + 1]].tolist())
        t = 0
        for u in col[ptr[v] : ptr[v + 1]]:
            if u > v:
                t += len(mine & set(col[ptr[u] : ptr[u + 1]].tolist()))
        out[v] = t


def pagerank_pull(ptr, col, rank, outdeg, out, n):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        acc = 0.0
        for e in range(ptr[i], ptr[i + 1]):
            u = col[e]
            d = outdeg[u]
            if d > 0:
                acc += rank[u] / d
        out[i] = 0.15 / n + 0.85 * acc
        i += stride


def _pagerank_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr, col = _graph(rng, n, 0.12, 40)
    rank = rng.random(n)
    outdeg = np.bincount(col, minlength=n).astype(np.int32)
    args: list[Arg] = [ptr, col, rank, outdeg, np.zeros(n), np.int32(n)]
    return _grid_stride(n, args)


def _pagerank_reference(args: list[Arg]) -> None:
    ptr, col, rank, outdeg, out = _arrays(args, 5)
    n = int_arg(args, 5)
    for i in range(n):
        acc = 0.0
        for u in col[ptr[i] : ptr[i + 1]]:
            if outdeg[u] > 0:
                acc += rank[u] / outdeg[u]
        out[i] = 0.15 / n + 0.85 * acc


def label_propagate(ptr, col, label, out, n):
    v = cuda.grid(1)
    stride = cuda.gridsize(1)
    while v < n:
        best = label[v]
        for e in range(ptr[v], ptr[v + 1]):
            candidate = label[col[e]]
            if candidate < best:
                best = candidate
        out[v] = best
        v += stride


def _label_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr, col = _graph(rng, n, 0.3, 16)
    label = rng.permutation(n).astype(np.int32)
    return _grid_stride(n, [ptr, col, label, np.zeros(n, np.int32), np.int32(n)])


def _label_reference(args: list[Arg]) -> None:
    ptr, col, label, out = _arrays(args, 4)
    for v in range(int_arg(args, 4)):
        out[v] = min(
            [int(label[v]), *(int(label[u]) for u in col[ptr[v] : ptr[v + 1]])]
        )


def bfs_pull_level(ptr, col, level, out, n, cur):
    v = cuda.grid(1)
    if v < n:
        result = level[v]
        if result < 0:
            for e in range(ptr[v], ptr[v + 1]):
                if level[col[e]] == cur:
                    result = cur + 1
                    break
        out[v] = result


def _bfs_pull_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr, col = _graph(rng, n, 0.15, 24)
    level = np.where(rng.random(n) < 0.4, rng.integers(0, 3, n), -1).astype(np.int32)
    args: list[Arg] = [ptr, col, level, np.zeros(n, np.int32), np.int32(n), np.int32(2)]
    return _one_per_thread(n, args)


def _bfs_pull_reference(args: list[Arg]) -> None:
    ptr, col, level, out = _arrays(args, 4)
    cur = int_arg(args, 5)
    for v in range(int_arg(args, 4)):
        out[v] = level[v]
        if level[v] < 0 and (level[col[ptr[v] : ptr[v + 1]]] == cur).any():
            out[v] = cur + 1


def random_walk(ptr, col, start, out, n, steps):
    i = cuda.grid(1)
    if i < n:
        v = start[i]
        s = 0
        while s < steps and ptr[v + 1] > ptr[v]:
            d = ptr[v + 1] - ptr[v]
            v = col[ptr[v] + (v * 7 + s) % d]
            s += 1
        out[i] = v * 1000 + s


def _walk_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr, col = _graph(rng, n, 0.45, 6)
    start = rng.integers(0, n, n, dtype=np.int32)
    args: list[Arg] = [
        ptr,
        col,
        start,
        np.zeros(n, np.int32),
        np.int32(n),
        np.int32(40),
    ]
    return _one_per_thread(n, args)


def _walk_reference(args: list[Arg]) -> None:
    ptr, col, start, out = _arrays(args, 4)
    steps = int_arg(args, 5)
    for i in range(int_arg(args, 4)):
        v, s = int(start[i]), 0
        while s < steps and ptr[v + 1] > ptr[v]:
            v = int(col[ptr[v] + (v * 7 + s) % (ptr[v + 1] - ptr[v])])
            s += 1
        out[i] = v * 1000 + s


def weighted_degree(ptr, col, weight, out, n):
    v = cuda.grid(1)
    stride = cuda.gridsize(1)
    while v < n:
        heavy = 0
        light = 0
        for e in range(ptr[v], ptr[v + 1]):
            w = weight[e]
            if w > 50:
                heavy += w * 2 + col[e] % 3
            else:
                light += w * 2 - col[e] % 3
        out[v] = heavy - light
        v += stride


def _weighted_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr, col = _graph(rng, n, 0.1, 48)
    weight = rng.integers(0, 100, col.size, dtype=np.int32)
    return _grid_stride(n, [ptr, col, weight, np.zeros(n, np.int32), np.int32(n)])


def _weighted_reference(args: list[Arg]) -> None:
    ptr, col, weight, out = _arrays(args, 4)
    for v in range(int_arg(args, 4)):
        w = weight[ptr[v] : ptr[v + 1]].astype(np.int64)
        c = col[ptr[v] : ptr[v + 1]].astype(np.int64) % 3
        heavy = np.where(w > 50, w * 2 + c, 0).sum()
        light = np.where(w > 50, 0, w * 2 - c).sum()
        out[v] = heavy - light


# ---------------------------------------------------------------------------
# Segmented operations (segment s is data[seg[s]:seg[s + 1]])
# ---------------------------------------------------------------------------


def _segments(rng: np.random.Generator, n: int, cap: int) -> np.ndarray:
    seg = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(rng.integers(0, cap, n), out=seg[1:])
    return seg


def segmented_insertion_sort(seg, data, n):
    s = cuda.grid(1)
    if s < n:
        lo = seg[s]
        hi = seg[s + 1]
        for i in range(lo + 1, hi):
            x = data[i]
            j = i - 1
            while j >= lo and data[j] > x:
                data[j + 1] = data[j]
                j -= 1
            data[j + 1] = x


def _seg_sort_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    seg = _segments(rng, n, 24)
    data = rng.integers(0, 1000, int(seg[-1]), dtype=np.int32)
    return _one_per_thread(n, [seg, data, np.int32(n)])


def _seg_sort_reference(args: list[Arg]) -> None:
    seg, data = _arrays(args, 2)
    for s in range(int_arg(args, 2)):
        data[seg[s] : seg[s + 1]] = np.sort(data[seg[s] : seg[s + 1]])


def segmented_bubble_sort(seg, data, n):
    s = cuda.grid(1)
    stride = cuda.gridsize(1)
    while s < n:
        lo = seg[s]
        hi = seg[s + 1]
        swapped = 1
        while swapped != 0:
            swapped = 0
            for i in range(lo, hi - 1):
                if data[i] > data[i + 1]:
                    t = data[i]
                    data[i] = data[i + 1]
                    data[i + 1] = t
                    swapped = 1
        s += stride


def _bubble_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    seg = _segments(rng, n, 12)
    data = rng.integers(0, 100, int(seg[-1]), dtype=np.int32)
    return _grid_stride(n, [seg, data, np.int32(n)], 2)


def segmented_sum(seg, values, out, n):
    s = cuda.grid(1)
    stride = cuda.gridsize(1)
    while s < n:
        acc = 0.0
        for i in range(seg[s], seg[s + 1]):
            acc += values[i]
        out[s] = acc
        s += stride


def _seg_sum_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    seg = _segments(rng, n, 40)
    values = rng.standard_normal(int(seg[-1]))
    return _grid_stride(n, [seg, values, np.zeros(n), np.int32(n)])


def _seg_sum_reference(args: list[Arg]) -> None:
    seg, values, out = _arrays(args, 3)
    for s in range(int_arg(args, 3)):
        out[s] = values[seg[s] : seg[s + 1]].sum()


def segmented_scan(seg, values, out, n):
    s = cuda.grid(1)
    if s < n:
        acc = 0
        for i in range(seg[s], seg[s + 1]):
            acc += values[i]
            out[i] = acc


def _seg_scan_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    seg = _segments(rng, n, 32)
    values = rng.integers(-50, 50, int(seg[-1]), dtype=np.int32)
    return _one_per_thread(n, [seg, values, np.zeros_like(values), np.int32(n)])


def _seg_scan_reference(args: list[Arg]) -> None:
    seg, values, out = _arrays(args, 3)
    for s in range(int_arg(args, 3)):
        out[seg[s] : seg[s + 1]] = np.cumsum(values[seg[s] : seg[s + 1]])


def segmented_argmax(seg, values, out, n):
    s = cuda.grid(1)
    stride = cuda.gridsize(1)
    while s < n:
        best = -1
        where = -1
        for i in range(seg[s], seg[s + 1]):
            if values[i] > best:
                best = values[i]
                where = i
        out[s] = where
        s += stride


def _seg_argmax_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    seg = _segments(rng, n, 30)
    values = rng.integers(0, 1 << 20, int(seg[-1]), dtype=np.int32)
    return _grid_stride(n, [seg, values, np.zeros(n, np.int32), np.int32(n)])


def _seg_argmax_reference(args: list[Arg]) -> None:
    seg, values, out = _arrays(args, 3)
    for s in range(int_arg(args, 3)):
        part = values[seg[s] : seg[s + 1]]
        out[s] = seg[s] + int(np.argmax(part)) if part.size else -1


def segmented_distinct(seg, data, out, n):
    s = cuda.grid(1)
    if s < n:
        count = 0
        i = seg[s]
        while i < seg[s + 1]:
            count += 1
            j = i + 1
            while j < seg[s + 1] and data[j] == data[i]:
                j += 1
            i = j
        out[s] = count


def _distinct_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    seg = _segments(rng, n, 40)
    data = np.zeros(int(seg[-1]), dtype=np.int32)
    for s in range(n):
        part = rng.integers(0, 6, seg[s + 1] - seg[s])
        data[seg[s] : seg[s + 1]] = np.sort(part)
    return _one_per_thread(n, [seg, data, np.zeros(n, np.int32), np.int32(n)])


def _distinct_reference(args: list[Arg]) -> None:
    seg, data, out = _arrays(args, 3)
    for s in range(int_arg(args, 3)):
        out[s] = np.unique(data[seg[s] : seg[s + 1]]).size


# ---------------------------------------------------------------------------
# Sparse formats
# ---------------------------------------------------------------------------


def ell_spmv(cols, vals, x, y, rows, width):
    r = cuda.grid(1)
    if r < rows:
        acc = 0.0
        for k in range(width):
            c = cols[r * width + k]
            if c < 0:
                break
            acc += vals[r * width + k] * x[c]
        y[r] = acc


def _ell_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    width = 16
    lengths = np.minimum(rng.geometric(0.2, n) - 1, width)
    cols = rng.integers(0, n, n * width, dtype=np.int32)
    for r in range(n):
        cols[r * width + lengths[r] : (r + 1) * width] = -1
    vals = rng.standard_normal(n * width)
    x = rng.standard_normal(n)
    args: list[Arg] = [cols, vals, x, np.zeros(n), np.int32(n), np.int32(width)]
    return _one_per_thread(n, args)


def _ell_reference(args: list[Arg]) -> None:
    cols, vals, x, y = _arrays(args, 4)
    width = int_arg(args, 5)
    for r in range(int_arg(args, 4)):
        acc = 0.0
        for k in range(width):
            c = cols[r * width + k]
            if c < 0:
                break
            acc += vals[r * width + k] * x[c]
        y[r] = acc


def csr_column_counts(ptr, col, counts, n):
    r = cuda.grid(1)
    stride = cuda.gridsize(1)
    while r < n:
        for e in range(ptr[r], ptr[r + 1]):
            cuda.atomic.add(counts, col[e], 1)
        r += stride


def _column_counts_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr, col = _graph(rng, n, 0.15, 30)
    return _grid_stride(n, [ptr, col, np.zeros(n, np.int32), np.int32(n)])


def _column_counts_reference(args: list[Arg]) -> None:
    ptr, col, counts = _arrays(args, 3)
    counts += np.bincount(col[: ptr[int_arg(args, 3)]], minlength=counts.size).astype(
        np.int32
    )


def sparse_dot(aptr, aidx, aval, bptr, bidx, bval, out, n):
    p = cuda.grid(1)
    if p < n:
        i = aptr[p]
        j = bptr[p]
        acc = 0.0
        while i < aptr[p + 1] and j < bptr[p + 1]:
            if aidx[i] == bidx[j]:
                acc += aval[i] * bval[j]
                i += 1
                j += 1
            elif aidx[i] < bidx[j]:
                i += 1
            else:
                j += 1
        out[p] = acc


def _sorted_rows(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    ptr = _csr(rng, n, 0.1, 40)
    idx = np.zeros(int(ptr[-1]), dtype=np.int32)
    for r in range(n):
        k = ptr[r + 1] - ptr[r]
        idx[ptr[r] : ptr[r + 1]] = np.sort(rng.choice(64, k, replace=False))
    return ptr, idx


def _sparse_dot_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    aptr, aidx = _sorted_rows(rng, n)
    bptr, bidx = _sorted_rows(rng, n)
    aval = rng.standard_normal(aidx.size)
    bval = rng.standard_normal(bidx.size)
    args: list[Arg] = [aptr, aidx, aval, bptr, bidx, bval, np.zeros(n), np.int32(n)]
    return _one_per_thread(n, args)


def _sparse_dot_reference(args: list[Arg]) -> None:
    aptr, aidx, aval, bptr, bidx, bval, out = _arrays(args, 7)
    for p in range(int_arg(args, 7)):
        a = dict(
            zip(
                aidx[aptr[p] : aptr[p + 1]].tolist(),
                aval[aptr[p] : aptr[p + 1]],
                strict=True,
            )
        )
        acc = 0.0
        for k, v in zip(
            bidx[bptr[p] : bptr[p + 1]].tolist(),
            bval[bptr[p] : bptr[p + 1]],
            strict=True,
        ):
            if k in a:
                acc += a[k] * v
        out[p] = acc


def csr_row_norms(ptr, vals, out, n):
    r = cuda.grid(1)
    stride = cuda.gridsize(1)
    while r < n:
        s = 0.0
        for e in range(ptr[r], ptr[r + 1]):
            s += vals[e] * vals[e]
        if s > 0.0:
            out[r] = math.sqrt(s)
        else:
            out[r] = 0.0
        r += stride


def _row_norms_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr = _csr(rng, n, 0.08, 60)
    vals = rng.standard_normal(int(ptr[-1]))
    return _grid_stride(n, [ptr, vals, np.zeros(n), np.int32(n)])


def _row_norms_reference(args: list[Arg]) -> None:
    ptr, vals, out = _arrays(args, 3)
    for r in range(int_arg(args, 3)):
        out[r] = math.sqrt(float((vals[ptr[r] : ptr[r + 1]] ** 2).sum()))


def jagged_threshold_sum(ptr, vals, out, n, limit):
    r = cuda.grid(1)
    if r < n:
        acc = 0
        k = ptr[r]
        while k < ptr[r + 1] and acc < limit:
            acc += vals[k]
            k += 1
        out[r] = k - ptr[r]


def _jagged_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    ptr = _csr(rng, n, 0.05, 80)
    vals = rng.integers(0, 20, int(ptr[-1]), dtype=np.int32)
    args: list[Arg] = [ptr, vals, np.zeros(n, np.int32), np.int32(n), np.int32(150)]
    return _one_per_thread(n, args)


def _jagged_reference(args: list[Arg]) -> None:
    ptr, vals, out = _arrays(args, 3)
    limit = int_arg(args, 4)
    for r in range(int_arg(args, 3)):
        acc, k = 0, int(ptr[r])
        while k < ptr[r + 1] and acc < limit:
            acc += int(vals[k])
            k += 1
        out[r] = k - ptr[r]


# ---------------------------------------------------------------------------
# Search
# ---------------------------------------------------------------------------


def batched_lower_bound(table, queries, out, size, nq):
    q = cuda.grid(1)
    stride = cuda.gridsize(1)
    while q < nq:
        key = queries[q]
        lo = 0
        hi = size
        while lo < hi:
            mid = (lo + hi) // 2
            if table[mid] < key:
                lo = mid + 1
            else:
                hi = mid
        out[q] = lo
        q += stride


def _lower_bound_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    size = 1000
    table = np.sort(rng.integers(0, 5000, size)).astype(np.int32)
    queries = rng.integers(-10, 5100, n, dtype=np.int32)
    args: list[Arg] = [
        table,
        queries,
        np.zeros(n, np.int32),
        np.int32(size),
        np.int32(n),
    ]
    return _grid_stride(n, args)


def _lower_bound_reference(args: list[Arg]) -> None:
    table, queries, out = _arrays(args, 3)
    out[:] = np.searchsorted(table, queries, side="left")


def segment_search(seg, data, keys, out, n):
    s = cuda.grid(1)
    if s < n:
        found = -1
        for i in range(seg[s], seg[s + 1]):
            if data[i] == keys[s]:
                found = i
                break
        out[s] = found


def _segment_search_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    seg = _segments(rng, n, 48)
    data = rng.integers(0, 30, int(seg[-1]), dtype=np.int32)
    keys = rng.integers(0, 30, n, dtype=np.int32)
    return _one_per_thread(n, [seg, data, keys, np.zeros(n, np.int32), np.int32(n)])


def _segment_search_reference(args: list[Arg]) -> None:
    seg, data, keys, out = _arrays(args, 4)
    for s in range(int_arg(args, 4)):
        hits = np.flatnonzero(data[seg[s] : seg[s + 1]] == keys[s])
        out[s] = seg[s] + hits[0] if hits.size else -1


def bst_lookup(key, left, right, queries, out, nq):
    q = cuda.grid(1)
    if q < nq:
        node = 0
        depth = 0
        while node >= 0 and key[node] != queries[q]:
            if queries[q] < key[node]:
                node = left[node]
            else:
                node = right[node]
            depth += 1
        out[q] = depth if node >= 0 else -depth


def _bst_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    size = 400
    keys = rng.permutation(4 * size)[:size].astype(np.int32)
    left = np.full(size, -1, np.int32)
    right = np.full(size, -1, np.int32)
    for i in range(1, size):
        node = 0
        while True:
            side = left if keys[i] < keys[node] else right
            if side[node] < 0:
                side[node] = i
                break
            node = int(side[node])
    queries = np.where(
        rng.random(n) < 0.5, rng.choice(keys, n), rng.integers(0, 4 * size, n)
    )
    args: list[Arg] = [
        keys,
        left,
        right,
        queries.astype(np.int32),
        np.zeros(n, np.int32),
        np.int32(n),
    ]
    return _one_per_thread(n, args)


def _bst_reference(args: list[Arg]) -> None:
    keys, left, right, queries, out = _arrays(args, 5)
    for q in range(int_arg(args, 5)):
        node, depth = 0, 0
        while node >= 0 and keys[node] != queries[q]:
            node = int(left[node] if queries[q] < keys[node] else right[node])
            depth += 1
        out[q] = depth if node >= 0 else -depth


def hash_probe(table, values, queries, out, capacity, nq):
    q = cuda.grid(1)
    stride = cuda.gridsize(1)
    while q < nq:
        k = queries[q]
        slot = (k * 31) % capacity
        result = -1
        while table[slot] != -1:
            if table[slot] == k:
                result = values[slot]
                break
            slot = (slot + 1) % capacity
        out[q] = result
        q += stride


def _hash_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    capacity = 512
    table = np.full(capacity, -1, np.int32)
    values = np.zeros(capacity, np.int32)
    keys = rng.choice(100000, 400, replace=False)
    for k in keys:
        slot = (int(k) * 31) % capacity
        while table[slot] != -1:
            slot = (slot + 1) % capacity
        table[slot] = k
        values[slot] = int(k) % 977
    queries = np.where(
        rng.random(n) < 0.6, rng.choice(keys, n), rng.integers(0, 100000, n)
    )
    args: list[Arg] = [
        table, values, queries.astype(np.int32), np.zeros(n, np.int32),
        np.int32(capacity), np.int32(n),
    ]  # fmt: skip
    return _grid_stride(n, args, 2)


def _hash_reference(args: list[Arg]) -> None:
    table, values, queries, out = _arrays(args, 4)
    lookup = {int(k): int(v) for k, v in zip(table, values, strict=True) if k != -1}
    for q in range(int_arg(args, 5)):
        out[q] = lookup.get(int(queries[q]), -1)


def interval_stab(starts, ends, points, out, nintervals, npoints):
    p = cuda.grid(1)
    if p < npoints:
        x = points[p]
        c = 0
        i = 0
        while i < nintervals and starts[i] <= x:
            if ends[i] > x:
                c += 1
            i += 1
        out[p] = c


def _stab_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    count = 120
    starts = np.sort(rng.integers(0, 1000, count)).astype(np.int32)
    ends = (starts + rng.integers(1, 200, count)).astype(np.int32)
    points = rng.integers(0, 1100, n, dtype=np.int32)
    args: list[Arg] = [
        starts,
        ends,
        points,
        np.zeros(n, np.int32),
        np.int32(count),
        np.int32(n),
    ]
    return _one_per_thread(n, args)


def _stab_reference(args: list[Arg]) -> None:
    starts, ends, points, out = _arrays(args, 4)
    for p in range(int_arg(args, 5)):
        out[p] = int(((starts <= points[p]) & (ends > points[p])).sum())


# ---------------------------------------------------------------------------
# Strings and sequences (strings are bytes as int32 in one array, with offsets)
# ---------------------------------------------------------------------------


def _strings(rng: np.random.Generator, n: int, cap: int, alphabet: int):
    off = _segments(rng, n, cap)
    text = rng.integers(97, 97 + alphabet, int(off[-1]), dtype=np.int32)
    return off, text


def pattern_count(off, text, pat, out, n, m):
    s = cuda.grid(1)
    if s < n:
        c = 0
        for i in range(off[s], off[s + 1] - m + 1):
            k = 0
            while k < m and text[i + k] == pat[k]:
                k += 1
            if k == m:
                c += 1
        out[s] = c


def _pattern_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    off, text = _strings(rng, n, 64, 3)
    pat = np.array([97, 98, 97], np.int32)
    args: list[Arg] = [off, text, pat, np.zeros(n, np.int32), np.int32(n), np.int32(3)]
    return _one_per_thread(n, args)


def _pattern_reference(args: list[Arg]) -> None:
    off, text, pat, out = _arrays(args, 4)
    m = int_arg(args, 5)
    for s in range(int_arg(args, 4)):
        word = text[off[s] : off[s + 1]].tolist()
        out[s] = sum(word[i : i + m] == pat.tolist() for i in range(len(word) - m + 1))


def run_lengths(off, text, out, n):
    s = cuda.grid(1)
    stride = cuda.gridsize(1)
    while s < n:
        runs = 0
        longest = 0
        i = off[s]
        while i < off[s + 1]:
            j = i
            while j < off[s + 1] and text[j] == text[i]:
                j += 1
            runs += 1
            longest = max(longest, j - i)
            i = j
        out[s] = runs * 1000 + longest
        s += stride


def _run_lengths_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    off, text = _strings(rng, n, 40, 2)
    return _grid_stride(n, [off, text, np.zeros(n, np.int32), np.int32(n)], 2)


def _run_lengths_reference(args: list[Arg]) -> None:
    off, text, out = _arrays(args, 3)
    for s in range(int_arg(args, 3)):
        word = text[off[s] : off[s + 1]]
        if word.size == 0:
            out[s] = 0
            continue
        cuts = np.flatnonzero(np.diff(word)) + 1
        lengths = np.diff(np.concatenate([[0], cuts, [word.size]]))
        out[s] = lengths.size * 1000 + int(lengths.max())


def common_prefix(off, text, out, n):
    s = cuda.grid(1)
    if s < n - 1:
        a = off[s]
        b = off[s + 1]
        la = off[s + 1] - a
        lb = off[s + 2] - b
        k = 0
        while k < la and k < lb and text[a + k] == text[b + k]:
            k += 1
        out[s] = k


def _prefix_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    off = _segments(rng, n, 30)
    text = np.zeros(int(off[-1]), np.int32)
    for s in range(n):
        length = off[s + 1] - off[s]
        text[off[s] : off[s + 1]] = np.where(rng.random(length) < 0.9, 97, 98)
    return _one_per_thread(n, [off, text, np.zeros(n, np.int32), np.int32(n)])


def _prefix_reference(args: list[Arg]) -> None:
    off, text, out = _arrays(args, 3)
    for s in range(int_arg(args, 3) - 1):
        a = text[off[s] : off[s + 1]].tolist()
        b = text[off[s + 1] : off[s + 2]].tolist()
        k = 0
        while k < len(a) and k < len(b) and a[k] == b[k]:
            k += 1
        out[s] = k


def word_lengths(off, text, out, n):
    s = cuda.grid(1)
    if s < n:
        words = 0
        longest = 0
        current = 0
        for i in range(off[s], off[s + 1]):
            if text[i] == 32:
                if current > 0:
                    words += 1
                longest = max(longest, current)
                current = 0
            else:
                current += 1
        if current > 0:
            words += 1
        out[s] = words * 100 + max(longest, current)


def _words_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    off = _segments(rng, n, 60)
    text = np.where(rng.random(int(off[-1])) < 0.2, 32, 120).astype(np.int32)
    return _one_per_thread(n, [off, text, np.zeros(n, np.int32), np.int32(n)])


def _words_reference(args: list[Arg]) -> None:
    off, text, out = _arrays(args, 3)
    for s in range(int_arg(args, 3)):
        line = "".join(chr(c) for c in text[off[s] : off[s + 1]])
        parts = [len(w) for w in line.split(" ") if w]
        out[s] = len(parts) * 100 + max(parts, default=0)


def bounded_hamming(off, text, ref, out, n, limit):
    s = cuda.grid(1)
    if s < n:
        d = 0
        for i in range(off[s], off[s + 1]):
            if text[i] != ref[i - off[s]]:
                d += 1
                if d > limit:
                    break
        out[s] = d


def _hamming_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    off, text = _strings(rng, n, 64, 4)
    ref = rng.integers(97, 101, 64, dtype=np.int32)
    args: list[Arg] = [off, text, ref, np.zeros(n, np.int32), np.int32(n), np.int32(20)]
    return _one_per_thread(n, args)


def _hamming_reference(args: list[Arg]) -> None:
    off, text, ref, out = _arrays(args, 4)
    limit = int_arg(args, 5)
    for s in range(int_arg(args, 4)):
        word = text[off[s] : off[s + 1]]
        diff = np.cumsum(word != ref[: word.size])
        over = np.flatnonzero(diff > limit)
        out[s] = int(diff[over[0]]) if over.size else int(diff[-1]) if diff.size else 0


def palindromes(off, text, out, n):
    s = cuda.grid(1)
    stride = cuda.gridsize(1)
    while s < n:
        lo = off[s]
        hi = off[s + 1] - 1
        while lo < hi and text[lo] == text[hi]:
            lo += 1
            hi -= 1
        if lo >= hi:
            out[s] = 1
        else:
            out[s] = 0
        s += stride


def _palindrome_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    off = _segments(rng, n, 40)
    text = rng.integers(97, 99, int(off[-1]), dtype=np.int32)
    for s in range(0, n, 2):
        word = text[off[s] : off[s + 1]]
        text[off[s] : off[s + 1]] = np.concatenate(
            [word[: (word.size + 1) // 2], word[: word.size // 2][::-1]]
        )
    return _grid_stride(n, [off, text, np.zeros(n, np.int32), np.int32(n)])


def _palindrome_reference(args: list[Arg]) -> None:
    off, text, out = _arrays(args, 3)
    for s in range(int_arg(args, 3)):
        word = text[off[s] : off[s + 1]]
        out[s] = int(bool((word == word[::-1]).all()))


# ---------------------------------------------------------------------------
# Number-theoretic and iterative kernels (short and long trips)
# ---------------------------------------------------------------------------


def gcd_pairs(a, b, out, n):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        x = a[i]
        y = b[i]
        while y != 0:
            t = x % y
            x = y
            y = t
        out[i] = x
        i += stride


def _gcd_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    a = rng.integers(1, 1 << 20, n, dtype=np.int32)
    b = rng.integers(1, 1 << 20, n, dtype=np.int32)
    return _grid_stride(n, [a, b, np.zeros(n, np.int32), np.int32(n)], 4)


def _gcd_reference(args: list[Arg]) -> None:
    a, b, out = _arrays(args, 3)
    out[:] = np.gcd(a, b)


def digital_root_steps(values, out, n):
    i = cuda.grid(1)
    if i < n:
        x = values[i]
        steps = 0
        while x >= 10:
            s = 0
            while x > 0:
                s += x % 10
                x = x // 10
            x = s
            steps += 1
        out[i] = steps * 10 + x


def _digital_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    values = (10 ** rng.integers(0, 9, n) * rng.random(n)).astype(np.int32)
    return _one_per_thread(n, [values, np.zeros(n, np.int32), np.int32(n)])


def _digital_reference(args: list[Arg]) -> None:
    values, out = _arrays(args, 2)
    for i in range(int_arg(args, 2)):
        x, steps = int(values[i]), 0
        while x >= 10:
            x = sum(int(d) for d in str(x))
            steps += 1
        out[i] = steps * 10 + x


def count_primes(starts, lengths, out, n):
    i = cuda.grid(1)
    if i < n:
        c = 0
        for x in range(starts[i], starts[i] + lengths[i]):
            prime = x >= 2
            d = 2
            while d * d <= x and prime:
                if x % d == 0:
                    prime = False
                d += 1
            if prime:
                c += 1
        out[i] = c


def _primes_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    starts = rng.integers(0, 3000, n, dtype=np.int32)
    lengths = rng.integers(0, 12, n, dtype=np.int32)
    return _one_per_thread(n, [starts, lengths, np.zeros(n, np.int32), np.int32(n)])


def _primes_reference(args: list[Arg]) -> None:
    starts, lengths, out = _arrays(args, 3)

    def is_prime(x: int) -> bool:
        return x >= 2 and all(x % d for d in range(2, math.isqrt(x) + 1))

    for i in range(int_arg(args, 3)):
        out[i] = sum(is_prime(x) for x in range(starts[i], starts[i] + lengths[i]))


def newton_sqrt(values, out, iters, n):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        v = values[i]
        x = v
        k = 0
        if v > 0.0:
            while k < 50 and abs(x * x - v) > 1e-9 * v:
                x = 0.5 * (x + v / x)
                k += 1
        else:
            x = 0.0
        out[i] = x
        iters[i] = k
        i += stride


def _newton_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    values = 10.0 ** rng.uniform(-3, 8, n)
    values[rng.random(n) < 0.1] = 0.0
    args: list[Arg] = [values, np.zeros(n), np.zeros(n, np.int32), np.int32(n)]
    return _grid_stride(n, args, 2)


def _newton_reference(args: list[Arg]) -> None:
    values, out, iters = _arrays(args, 3)
    for i in range(int_arg(args, 3)):
        v = float(values[i])
        x, k = v, 0
        if v > 0.0:
            while k < 50 and abs(x * x - v) > 1e-9 * v:
                x = 0.5 * (x + v / x)
                k += 1
        else:
            x = 0.0
        out[i], iters[i] = x, k


def fixed_stencil(a, out, n, width):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        acc = 0
        for k in range(width):
            j = i + k
            if j < n:
                acc += a[j] * (k + 1)
        out[i] = acc
        i += stride


def _stencil_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    a = rng.integers(-100, 100, n, dtype=np.int32)
    return _grid_stride(n, [a, np.zeros(n, np.int32), np.int32(n), np.int32(5)])


def _stencil_reference(args: list[Arg]) -> None:
    a, out = _arrays(args, 2)
    n, width = int_arg(args, 2), int_arg(args, 3)
    for i in range(n):
        out[i] = sum(int(a[i + k]) * (k + 1) for k in range(width) if i + k < n)


def long_threshold_scan(data, out, n, length):
    i = cuda.grid(1)
    if i < n:
        above = 0
        below = 0
        for k in range(length):
            x = data[(i * 13 + k * 7) % (n * 4)]
            if x > 0:
                above += x * 3 + 1
            else:
                below += x * 3 - 1
        out[i] = above + below


def _long_scan_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    data = rng.integers(-50, 50, 4 * n, dtype=np.int32)
    args: list[Arg] = [data, np.zeros(n, np.int32), np.int32(n), np.int32(120)]
    return _one_per_thread(n, args)


def _long_scan_reference(args: list[Arg]) -> None:
    data, out = _arrays(args, 2)
    n, length = int_arg(args, 2), int_arg(args, 3)
    for i in range(n):
        x = data[(i * 13 + np.arange(length) * 7) % (n * 4)].astype(np.int64)
        out[i] = int(np.where(x > 0, x * 3 + 1, x * 3 - 1).sum())


def particle_steps(pos, vel, out, n, limit):
    i = cuda.grid(1)
    if i < n:
        x = pos[i]
        v = vel[i]
        bounces = 0
        t = 0
        while t < limit and bounces < 3:
            x = x + v
            if x < 0.0:
                x = -x
                v = -v * 0.9
                bounces += 1
            elif x > 100.0:
                x = 200.0 - x
                v = -v * 0.9
                bounces += 1
            t += 1
        out[i] = x + 1000.0 * bounces


def _particle_inputs(rng: np.random.Generator, n: int) -> LaunchCase:
    pos = rng.uniform(0, 100, n)
    vel = rng.uniform(-8, 8, n)
    args: list[Arg] = [pos, vel, np.zeros(n), np.int32(n), np.int32(60)]
    return _one_per_thread(n, args)


def _particle_reference(args: list[Arg]) -> None:
    pos, vel, out = _arrays(args, 3)
    limit = int_arg(args, 4)
    for i in range(int_arg(args, 3)):
        x, v, bounces, t = float(pos[i]), float(vel[i]), 0, 0
        while t < limit and bounces < 3:
            x = x + v
            if x < 0.0:
                x, v, bounces = -x, -v * 0.9, bounces + 1
            elif x > 100.0:
                x, v, bounces = 200.0 - x, -v * 0.9, bounces + 1
            t += 1
        out[i] = x + 1000.0 * bounces


_I = "int32[:]"
_F = "float64[:]"


def _sig(*types: str) -> str:
    return f"void({', '.join(types)})"


HELDOUT_KERNELS: tuple[KernelSpec, ...] = (
    _spec("two_hop_count", two_hop_count, _sig(_I, _I, _I, "int32"), _two_hop_inputs,
          _two_hop_reference, (2,), "graph: two-hop neighbour count over CSR (issue 17)"),
    _spec("two_hop_distinct", two_hop_distinct, _sig(_I, _I, _I, "int32"),
          _two_hop_inputs, _two_hop_distinct_reference, (2,),
          "graph: two-hop paths to other vertices, divergent test in the inner loop"),
    _spec("triangle_count", triangle_count, _sig(_I, _I, _I, "int32"), _triangle_inputs,
          _triangle_reference, (2,), "graph: triangles by sorted-list intersection"),
    _spec("pagerank_pull", pagerank_pull, _sig(_I, _I, _F, _I, _F, "int32"),
          _pagerank_inputs, _pagerank_reference, (4,),
          "graph: pull-style PageRank step, grid-stride", tolerance=_FLOAT),
    _spec("label_propagate", label_propagate, _sig(_I, _I, _I, _I, "int32"),
          _label_inputs, _label_reference, (3,),
          "graph: min-label propagation step, grid-stride"),
    _spec("bfs_pull_level", bfs_pull_level, _sig(_I, _I, _I, _I, "int32", "int32"),
          _bfs_pull_inputs, _bfs_pull_reference, (3,),
          "graph: bottom-up BFS level with break", unstructured=True),
    _spec("random_walk", random_walk, _sig(_I, _I, _I, _I, "int32", "int32"),
          _walk_inputs, _walk_reference, (3,), "graph: bounded random walk"),
    _spec("weighted_degree", weighted_degree, _sig(_I, _I, _I, _I, "int32"),
          _weighted_inputs, _weighted_reference, (3,),
          "graph: weighted degree, divergent if/else of similar sides"),
    _spec("segmented_insertion_sort", segmented_insertion_sort, _sig(_I, _I, "int32"),
          _seg_sort_inputs, _seg_sort_reference, (1,),
          "segmented: insertion sort, one segment per lane (issue 17)"),
    _spec("segmented_bubble_sort", segmented_bubble_sort, _sig(_I, _I, "int32"),
          _bubble_inputs, _seg_sort_reference, (1,),
          "segmented: bubble sort, grid-stride, three loop levels"),
    _spec("segmented_sum", segmented_sum, _sig(_I, _F, _F, "int32"), _seg_sum_inputs,
          _seg_sum_reference, (2,), "segmented: sum, grid-stride", tolerance=_FLOAT),
    _spec("segmented_scan", segmented_scan, _sig(_I, _I, _I, "int32"),
          _seg_scan_inputs, _seg_scan_reference, (2,), "segmented: inclusive scan"),
    _spec("segmented_argmax", segmented_argmax, _sig(_I, _I, _I, "int32"),
          _seg_argmax_inputs, _seg_argmax_reference, (2,),
          "segmented: argmax, grid-stride"),
    _spec("segmented_distinct", segmented_distinct, _sig(_I, _I, _I, "int32"),
          _distinct_inputs, _distinct_reference, (2,),
          "segmented: distinct values of sorted segments, two while loops"),
    _spec("ell_spmv", ell_spmv, _sig(_I, _F, _F, _F, "int32", "int32"), _ell_inputs,
          _ell_reference, (3,), "sparse: ELLPACK SpMV with padding break",
          unstructured=True, tolerance=_FLOAT),
    _spec("csr_column_counts", csr_column_counts, _sig(_I, _I, _I, "int32"),
          _column_counts_inputs, _column_counts_reference, (2,),
          "sparse: column counts of a CSR matrix with atomics, grid-stride"),
    _spec("sparse_dot", sparse_dot, _sig(_I, _I, _F, _I, _I, _F, _F, "int32"),
          _sparse_dot_inputs, _sparse_dot_reference, (6,),
          "sparse: sparse-sparse dot products by merge", tolerance=_FLOAT),
    _spec("csr_row_norms", csr_row_norms, _sig(_I, _F, _F, "int32"),
          _row_norms_inputs, _row_norms_reference, (2,),
          "sparse: row norms, long skewed rows, grid-stride", tolerance=_FLOAT),
    _spec("jagged_threshold_sum", jagged_threshold_sum,
          _sig(_I, _I, _I, "int32", "int32"), _jagged_inputs, _jagged_reference, (2,),
          "sparse: jagged rows summed to a threshold"),
    _spec("batched_lower_bound", batched_lower_bound,
          _sig(_I, _I, _I, "int32", "int32"), _lower_bound_inputs,
          _lower_bound_reference, (2,), "search: binary search, grid-stride"),
    _spec("segment_search", segment_search, _sig(_I, _I, _I, _I, "int32"),
          _segment_search_inputs, _segment_search_reference, (3,),
          "search: first match in a segment with break", unstructured=True),
    _spec("bst_lookup", bst_lookup, _sig(_I, _I, _I, _I, _I, "int32"), _bst_inputs,
          _bst_reference, (4,), "search: binary search tree walk"),
    _spec("hash_probe", hash_probe, _sig(_I, _I, _I, _I, "int32", "int32"),
          _hash_inputs, _hash_reference, (3,),
          "search: open-addressing probe with break, grid-stride", unstructured=True),
    _spec("interval_stab", interval_stab, _sig(_I, _I, _I, _I, "int32", "int32"),
          _stab_inputs, _stab_reference, (3,), "search: interval stabbing scan"),
    _spec("pattern_count", pattern_count, _sig(_I, _I, _I, _I, "int32", "int32"),
          _pattern_inputs, _pattern_reference, (3,),
          "strings: pattern occurrences, naive matcher"),
    _spec("run_lengths", run_lengths, _sig(_I, _I, _I, "int32"), _run_lengths_inputs,
          _run_lengths_reference, (2,), "strings: run-length statistics, grid-stride"),
    _spec("common_prefix", common_prefix, _sig(_I, _I, _I, "int32"), _prefix_inputs,
          _prefix_reference, (2,), "strings: common prefix of neighbouring strings"),
    _spec("word_lengths", word_lengths, _sig(_I, _I, _I, "int32"), _words_inputs,
          _words_reference, (2,), "strings: words and longest word per line"),
    _spec("bounded_hamming", bounded_hamming, _sig(_I, _I, _I, _I, "int32", "int32"),
          _hamming_inputs, _hamming_reference, (3,),
          "sequences: Hamming distance cut at a limit", unstructured=True),
    _spec("palindromes", palindromes, _sig(_I, _I, _I, "int32"), _palindrome_inputs,
          _palindrome_reference, (2,), "strings: palindrome test, grid-stride"),
    _spec("gcd_pairs", gcd_pairs, _sig(_I, _I, _I, "int32"), _gcd_inputs,
          _gcd_reference, (2,), "number theory: Euclid, grid-stride, short trips"),
    _spec("digital_root_steps", digital_root_steps, _sig(_I, _I, "int32"),
          _digital_inputs, _digital_reference, (1,),
          "number theory: digital root, two while loops, short trips"),
    _spec("count_primes", count_primes, _sig(_I, _I, _I, "int32"), _primes_inputs,
          _primes_reference, (2,), "number theory: trial division over a range"),
    _spec("newton_sqrt", newton_sqrt, _sig(_F, _F, _I, "int32"), _newton_inputs,
          _newton_reference, (1, 2), "numerics: Newton iterations to convergence",
          tolerance=_FLOAT),
    _spec("fixed_stencil", fixed_stencil, _sig(_I, _I, "int32", "int32"),
          _stencil_inputs, _stencil_reference, (1,),
          "numerics: uniform short inner loop, grid-stride"),
    _spec("long_threshold_scan", long_threshold_scan,
          _sig(_I, _I, "int32", "int32"), _long_scan_inputs, _long_scan_reference,
          (1,), "numerics: long uniform loop with a divergent if/else"),
    _spec("particle_steps", particle_steps, _sig(_F, _F, _F, "int32", "int32"),
          _particle_inputs, _particle_reference, (2,),
          "simulation: bouncing particle until three bounces", tolerance=_FLOAT),
)  # fmt: skip


def _build() -> Mapping[str, KernelSpec]:
    found: dict[str, KernelSpec] = {}
    for spec in HELDOUT_KERNELS:
        assert spec.name not in found, f"duplicate held-out kernel {spec.name}"
        found[spec.name] = spec
    return MappingProxyType(found)


HELDOUT: Mapping[str, KernelSpec] = _build()
"""Every held-out kernel by name."""
