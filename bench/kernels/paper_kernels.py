"""Kernels from the figures of the three divergence papers, with numpy references.

Sources (plain text in shared/papers/):

- Bulavintsev 2019, "Flattening of Data-Dependent Nested Loops", Sec. V.A and
  Fig. 7: the early-exit benchmark. An outer loop A runs a fixed number of
  iterations; each iteration does the outer payload, then an inner loop B that
  runs until an iteration cap or an "early exit". A warp-uniform pseudo-random
  generator picks, at every outer iteration, which k of the 32 lanes of each
  warp exit B immediately (a contiguous run of k lanes rotated by a random
  amount, as the mask rotation of the authors' benchmark does). The costs of
  the outer payload and of one inner iteration are loops of 16-bit LFSR steps
  whose counts are in the A/B ratio (10/1, 1/1, 1/10, 1/100 in the paper).
  The kernel counts the inner iterations ("useful processing") and keeps a
  checksum of the LFSR states so the dummy work stays live. The authors'
  benchmark (ref. [10] of the paper, gpu_test_app/cudatest.cu in
  github.com/ichorid/nestedloopsfusion) has the same structure: a do-while
  inner loop, so exiting lanes run exactly one inner iteration, as here; we
  write its exit test as a per-lane trip limit (`while i < limit`), count
  iterations instead of LFSR bits, and take the work counts as parameters.
- Coutinho et al. 2011, "Divergence Analysis and Optimizations": Fig. 10, a
  branch on the thread id whose two sides are the instruction sequences
  T = (load, load, *, *, *, /, /, *, +, store) and
  F = (load, load, *, *, *, /, /, *, -, +, store) that branch fusion aligns
  (Sec. IV-A; the figure's listing is not in the text, so the kernel follows
  these sequences, with Fig. 11's division by a constant);
  Fig. 17(a), one compare-exchange step of bitonic sort whose direction
  depends on `tid & k`.
- Anantpur and Govindarajan 2014, "Taming Control Divergence in GPUs through
  Control Flow Linearization": Fig. 1, the short-circuit condition
  `if ((c1 || c2) && c3) S1; else S2; S3;` (read off the linearized code of
  Fig. 4(a)), whose CFG is unstructured when the condition is lowered as
  branches (edges B2->B3, B2->B5 and B3->B5 of Fig. 1(b)). Our frontend
  lowers `and`/`or` to `scf.if` values, which is structured, so
  `anantpur_fig1_branches` also writes the Fig. 1(b) graph directly: a
  one-trip loop left by `break` (to B5) or by `return` after B4 (with S3
  copied there); Fig. 2(b), loop merging: an
  outer loop of 2 iterations around an inner loop with per-lane trip counts;
  Fig. 3, three nested divergent branches (reconvergence-stack depth 7).

Each reference is vectorized numpy over all threads, written from the paper's
description rather than from the kernel body.
"""

# The kernels keep the branch shapes of the figures they reproduce, so nested
# ifs and if/else assignments stay as written rather than as ternaries.
# ruff: noqa: SIM102, SIM108

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
from numba import cuda as numba_cuda

from simt.bench.kernels.spec import (
    Arg,
    KernelSpec,
    LaunchCase,
    Tolerance,
    array_arg,
    blocks_for,
    int_arg,
)

# numba's kernel API (cuda.grid, cuda.threadIdx.x, ...) has no static types;
# `cuda` is the numba.cuda module itself, so cudasim and the frontend see it.
cuda: Any = numba_cuda

# ---------------------------------------------------------------------------
# Bulavintsev 2019, Fig. 7: the early-exit nested-loop benchmark
# ---------------------------------------------------------------------------

EARLY_EXIT_RATIOS: tuple[tuple[int, int], ...] = ((10, 1), (1, 1), (1, 10), (1, 100))
"""The A/B (outer/inner) cost ratios of Fig. 7."""

EARLY_EXIT_KS: tuple[int, ...] = tuple(range(32))
"""The early-exit counts of Fig. 7: k of the 32 lanes of a warp exit early."""


def early_exit(
    count_out,
    check_out,
    n,
    seed,
    outer_iters,
    k,
    inner_cap,
    outer_work,
    inner_work,
):
    tid = cuda.grid(1)
    if tid < n:
        lane = cuda.laneid
        common = (seed & 0xFFFF) | 1
        count = 0
        check = 0
        for _ in range(outer_iters):
            # Outer payload (A_w): advance the warp-uniform generator, seed this
            # lane's work item and spend `outer_work` LFSR steps on it.
            bit = (common ^ (common >> 2) ^ (common >> 3) ^ (common >> 5)) & 1
            common = (common >> 1) | (bit << 15)
            state = (common ^ (tid & 0xFFFF)) | 1
            for _ in range(outer_work):
                bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
                state = (state >> 1) | (bit << 15)
            rotation = common % 32
            limit = inner_cap
            if (lane + 32 - rotation) % 32 < k:
                limit = 1
            # Inner loop B: `inner_work` LFSR steps of useful work per iteration.
            i = 0
            while i < limit:
                for _ in range(inner_work):
                    bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
                    state = (state >> 1) | (bit << 15)
                check = check ^ state
                count += 1
                i += 1
        count_out[tid] = count
        check_out[tid] = check


def early_exit_round_robin(
    count_out,
    check_out,
    n,
    seed,
    outer_iters,
    k,
    inner_cap,
    outer_work,
    inner_work,
):
    # `early_exit` with the early lanes of outer iteration o rotated by
    # (seed + o) % 32 instead of a random amount: every lane exits early
    # exactly k times in any 32 consecutive outer iterations.
    tid = cuda.grid(1)
    if tid < n:
        lane = cuda.laneid
        common = (seed & 0xFFFF) | 1
        count = 0
        check = 0
        for o in range(outer_iters):
            bit = (common ^ (common >> 2) ^ (common >> 3) ^ (common >> 5)) & 1
            common = (common >> 1) | (bit << 15)
            state = (common ^ (tid & 0xFFFF)) | 1
            for _ in range(outer_work):
                bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
                state = (state >> 1) | (bit << 15)
            rotation = (seed + o) % 32
            limit = inner_cap
            if (lane + 32 - rotation) % 32 < k:
                limit = 1
            i = 0
            while i < limit:
                for _ in range(inner_work):
                    bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
                    state = (state >> 1) | (bit << 15)
                check = check ^ state
                count += 1
                i += 1
        count_out[tid] = count
        check_out[tid] = check


EarlyExitRotation = Literal["lfsr", "round_robin"]
"""How `early_exit_spec` picks the k early lanes of each outer iteration."""


def _lfsr_step(state: np.ndarray) -> np.ndarray:
    """One step of the 16-bit Fibonacci LFSR with taps 16, 14, 13, 11."""
    bit = (state ^ (state >> 2) ^ (state >> 3) ^ (state >> 5)) & 1
    return (state >> 1) | (bit << 15)


def _lfsr_steps(state: np.ndarray, steps: int) -> np.ndarray:
    for _ in range(steps):
        state = _lfsr_step(state)
    return state


def _early_exit_reference(args: list[Arg], rotation: EarlyExitRotation) -> None:
    count_out, check_out = array_arg(args, 0), array_arg(args, 1)
    n, seed, outer_iters, k, inner_cap, outer_work, inner_work = (
        int_arg(args, i) for i in range(2, 9)
    )
    tid = np.arange(n, dtype=np.int64)
    lane = tid % 32
    common = np.array((seed & 0xFFFF) | 1, dtype=np.int64)
    count = np.zeros(n, dtype=np.int64)
    check = np.zeros(n, dtype=np.int64)
    for o in range(outer_iters):
        common = _lfsr_step(common)
        state = _lfsr_steps((common ^ (tid & 0xFFFF)) | 1, outer_work)
        shift = int(common) % 32 if rotation == "lfsr" else (seed + o) % 32
        exits = (lane - shift) % 32 < k
        limit = np.where(exits, 1, inner_cap)
        for i in range(int(limit.max(initial=0))):
            active = i < limit
            state = np.where(active, _lfsr_steps(state, inner_work), state)
            check = np.where(active, check ^ state, check)
            count += active
    count_out[:n] = count
    check_out[:n] = check


def early_exit_spec(
    k: int,
    ratio_outer: int,
    ratio_inner: int,
    *,
    outer_iters: int = 4,
    inner_cap: int = 8,
    work_unit: int = 1,
    rotation: EarlyExitRotation = "lfsr",
    name: str | None = None,
) -> KernelSpec:
    """The early-exit benchmark of Bulavintsev 2019 (Fig. 7) for one k and A/B ratio.

    `k` lanes of every 32 exit the inner loop after one iteration at each outer
    iteration; the others run `inner_cap` inner iterations. The outer payload
    costs `ratio_outer * work_unit` LFSR steps and an inner iteration
    `ratio_inner * work_unit` steps. The size is the number of threads
    (rounded up to a multiple of 32).

    `rotation` picks the k early lanes of each outer iteration: `"lfsr"` (the
    authors' benchmark) rotates them by a pseudo-random amount, so a lane's
    number of early exits varies around k/32 of the outer iterations;
    `"round_robin"` rotates them by one lane per outer iteration
    (`early_exit_round_robin`), so every lane exits early exactly k times in
    any 32 consecutive outer iterations: the balance the random rotation
    reaches only over many outer iterations (the authors ran up to 10000
    inner iterations per lane), reached with 32.
    """
    if rotation not in ("lfsr", "round_robin"):
        raise ValueError(f"rotation must be 'lfsr' or 'round_robin', got {rotation!r}")
    if not 0 <= k <= 32:
        raise ValueError(f"early exit count k must be in 0..32, got {k}")
    if ratio_outer < 1 or ratio_inner < 1 or work_unit < 1:
        raise ValueError(
            f"cost ratio and work unit must be positive, got "
            f"{ratio_outer}/{ratio_inner} x {work_unit}"
        )
    if outer_iters < 0 or inner_cap < 1:
        raise ValueError(
            f"need outer_iters >= 0 and inner_cap >= 1, got {outer_iters}, {inner_cap}"
        )
    outer_work = ratio_outer * work_unit
    inner_work = ratio_inner * work_unit

    def inputs(rng: np.random.Generator, items: int) -> LaunchCase:
        n = -(-items // 32) * 32
        block = 64 if n % 64 == 0 else 32
        args: list[Arg] = [
            np.zeros(n, dtype=np.int32),
            np.zeros(n, dtype=np.int32),
            np.int64(n),
            np.int64(rng.integers(1, 1 << 16)),
            np.int64(outer_iters),
            np.int64(k),
            np.int64(inner_cap),
            np.int64(outer_work),
            np.int64(inner_work),
        ]
        return LaunchCase((n // block,), (block,), args)

    suffix = "" if rotation == "lfsr" else "_rr"

    def reference(args: list[Arg]) -> None:
        _early_exit_reference(args, rotation)

    return KernelSpec(
        name=name or f"early_exit_k{k}_r{ratio_outer}_{ratio_inner}{suffix}",
        func=early_exit if rotation == "lfsr" else early_exit_round_robin,
        signature=(
            "void(int32[:], int32[:], int64, int64, int64, int64, int64, int64, int64)"
        ),
        inputs=inputs,
        reference=reference,
        outputs=(0, 1),
        paper="Bulavintsev 2019, Sec. V.A and Fig. 7 (early-exit benchmark)",
        unstructured=False,
        small_items=256,
        params={
            "k": k,
            "ratio_outer": ratio_outer,
            "ratio_inner": ratio_inner,
            "outer_iters": outer_iters,
            "inner_cap": inner_cap,
            "work_unit": work_unit,
            "rotation": rotation,
        },
    )


# ---------------------------------------------------------------------------
# Coutinho et al. 2011, Fig. 10: the branch that branch fusion aligns
# ---------------------------------------------------------------------------


def coutinho_fig10(a, b, out, n):
    tid = cuda.grid(1)
    if tid < n:
        if tid % 2 == 0:
            x = a[tid]
            y = b[tid]
            p = x * x
            q = p * y
            r = q * 3.0
            s = r / y
            t = s / 2.0
            u = t * x
            out[tid] = u + y
        else:
            x = b[tid]
            y = a[tid]
            p = x * y
            q = p * x
            r = q * 0.5
            s = r / x
            t = s / 4.0
            u = t * y
            v = u - x
            out[tid] = v + 1.0


def _coutinho_fig10_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    a = rng.uniform(1.0, 2.0, items).astype(np.float32)
    b = rng.uniform(1.0, 2.0, items).astype(np.float32)
    out = np.zeros(items, dtype=np.float32)
    block = 64
    return LaunchCase(
        (blocks_for(items, block),), (block,), [a, b, out, np.int32(items)]
    )


def _coutinho_fig10_reference(args: list[Arg]) -> None:
    a = array_arg(args, 0).astype(np.float64)
    b = array_arg(args, 1).astype(np.float64)
    even = np.arange(a.size) % 2 == 0
    then_side = 1.5 * a**3 + b
    else_side = 0.125 * b * a**2 - b + 1.0
    array_arg(args, 2)[:] = np.where(even, then_side, else_side)


COUTINHO_FIG10 = KernelSpec(
    name="coutinho_fig10",
    func=coutinho_fig10,
    signature="void(float32[:], float32[:], float32[:], int32)",
    inputs=_coutinho_fig10_inputs,
    reference=_coutinho_fig10_reference,
    outputs=(2,),
    paper="Coutinho et al. 2011, Fig. 10 (branch fusion example)",
    unstructured=False,
    small_items=256,
    float_tolerance=Tolerance(rtol=1e-5, atol=1e-6),
)

# ---------------------------------------------------------------------------
# Coutinho et al. 2011, Fig. 17(a): bitonic sort
# ---------------------------------------------------------------------------


def bitonic_step(data, n, j, k):
    tid = cuda.grid(1)
    if tid < n:
        ixj = tid ^ j
        if ixj > tid:
            if (tid & k) == 0:
                if data[tid] > data[ixj]:
                    tmp = data[tid]
                    data[tid] = data[ixj]
                    data[ixj] = tmp
            else:
                if data[tid] < data[ixj]:
                    tmp = data[tid]
                    data[tid] = data[ixj]
                    data[ixj] = tmp


def _power_of_two_at_least(items: int) -> int:
    return 1 << max(1, math.ceil(math.log2(items)))


def _bitonic_step_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    n = _power_of_two_at_least(items)
    log_n = n.bit_length() - 1
    k = 1 << int(rng.integers(1, log_n + 1))
    j = 1 << int(rng.integers(0, k.bit_length() - 1))
    data = rng.integers(-1000, 1000, n, dtype=np.int32)
    block = min(n, 128)
    args: list[Arg] = [data, np.int32(n), np.int32(j), np.int32(k)]
    return LaunchCase((n // block,), (block,), args)


def _compare_exchange(
    data: np.ndarray, low: np.ndarray, high: np.ndarray, ascending: np.ndarray
) -> None:
    """Order each pair (low[i], high[i]) ascending or descending, in place."""
    a, b = data[low], data[high]
    swap = np.where(ascending, a > b, a < b)
    data[low] = np.where(swap, b, a)
    data[high] = np.where(swap, a, b)


def _bitonic_step_reference(args: list[Arg]) -> None:
    data = array_arg(args, 0)
    n, j, k = int_arg(args, 1), int_arg(args, 2), int_arg(args, 3)
    index = np.arange(n)
    partner = index ^ j
    low = index[partner > index]
    _compare_exchange(data, low, low ^ j, (low & k) == 0)


BITONIC_STEP = KernelSpec(
    name="bitonic_step",
    func=bitonic_step,
    signature="void(int32[:], int32, int32, int32)",
    inputs=_bitonic_step_inputs,
    reference=_bitonic_step_reference,
    outputs=(0,),
    paper="Coutinho et al. 2011, Fig. 17(a) (bitonic compare-exchange step)",
    unstructured=False,
    small_items=256,
)


def bitonic_sort_block(data):
    tid = cuda.threadIdx.x
    base = cuda.blockIdx.x * cuda.blockDim.x
    size = cuda.blockDim.x
    k = 2
    while k <= size:
        j = k // 2
        while j > 0:
            ixj = tid ^ j
            if ixj > tid:
                x = data[base + tid]
                y = data[base + ixj]
                if (tid & k) == 0:
                    if x > y:
                        data[base + tid] = y
                        data[base + ixj] = x
                else:
                    if x < y:
                        data[base + tid] = y
                        data[base + ixj] = x
            cuda.syncthreads()
            j = j // 2
        k = k * 2


def _bitonic_sort_block_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    block = 64
    blocks = blocks_for(items, block)
    data = rng.integers(-(1 << 20), 1 << 20, blocks * block, dtype=np.int32)
    return LaunchCase((blocks,), (block,), [data])


def _bitonic_sort_block_reference(args: list[Arg]) -> None:
    data = array_arg(args, 0)
    block = 64
    data[:] = np.sort(data.reshape(-1, block), axis=1).reshape(-1)


BITONIC_SORT_BLOCK = KernelSpec(
    name="bitonic_sort_block",
    func=bitonic_sort_block,
    signature="void(int32[:])",
    inputs=_bitonic_sort_block_inputs,
    reference=_bitonic_sort_block_reference,
    outputs=(0,),
    paper=(
        "Coutinho et al. 2011, Fig. 17(a): the full bitonic network per block "
        "(barrier after every step)"
    ),
    unstructured=False,
    small_items=128,
    params={"block": 64},
)

# ---------------------------------------------------------------------------
# Anantpur and Govindarajan 2014, Fig. 1: short circuit
# ---------------------------------------------------------------------------


def anantpur_fig1(idx, vals, w, out, n, thresh):
    i = cuda.grid(1)
    if i < n:
        j = idx[i]
        acc = w[i]
        if (j < 0 or vals[j] > thresh) and acc % 3 != 0:
            acc = acc * 2 + 1
        else:
            acc = acc - 7
        out[i] = acc + i


def _anantpur_fig1_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    idx = rng.integers(-1, items, items, dtype=np.int32)
    idx[rng.random(items) < 0.3] = -1
    vals = rng.integers(0, 100, items, dtype=np.int32)
    w = rng.integers(0, 1000, items, dtype=np.int32)
    out = np.zeros(items, dtype=np.int32)
    block = 64
    args: list[Arg] = [idx, vals, w, out, np.int32(items), np.int32(50)]
    return LaunchCase((blocks_for(items, block),), (block,), args)


def _anantpur_fig1_reference(args: list[Arg]) -> None:
    idx, vals, w, out = (array_arg(args, i) for i in range(4))
    thresh = int_arg(args, 5)
    missing = idx < 0
    c2 = np.zeros(idx.size, dtype=bool)
    c2[~missing] = vals[idx[~missing]] > thresh
    taken = (missing | c2) & (w % 3 != 0)
    result = np.where(taken, w.astype(np.int64) * 2 + 1, w.astype(np.int64) - 7)
    out[:] = result + np.arange(idx.size)


ANANTPUR_FIG1 = KernelSpec(
    name="anantpur_fig1",
    func=anantpur_fig1,
    signature="void(int32[:], int32[:], int32[:], int32[:], int32, int32)",
    inputs=_anantpur_fig1_inputs,
    reference=_anantpur_fig1_reference,
    outputs=(3,),
    paper="Anantpur and Govindarajan 2014, Fig. 1(a) (short-circuit condition)",
    unstructured=False,
    small_items=256,
)


def anantpur_fig1_branches(idx, vals, w, out, n, thresh):
    i = cuda.grid(1)
    if i < n:
        j = idx[i]
        acc = w[i]
        for _ in range(1):
            if j >= 0:
                if vals[j] <= thresh:
                    break
            if acc % 3 == 0:
                break
            acc = acc * 2 + 1
            out[i] = acc + i
            return
        acc = acc - 7
        out[i] = acc + i


ANANTPUR_FIG1_BRANCHES = KernelSpec(
    name="anantpur_fig1_branches",
    func=anantpur_fig1_branches,
    signature="void(int32[:], int32[:], int32[:], int32[:], int32, int32)",
    inputs=_anantpur_fig1_inputs,
    reference=_anantpur_fig1_reference,
    outputs=(3,),
    paper=(
        "Anantpur and Govindarajan 2014, Fig. 1(b): the short-circuit CFG as "
        "branches (B2->B3, B2->B5, B3->B5 unstructured; S3 copied on the S1 path)"
    ),
    unstructured=True,
    small_items=256,
)

# ---------------------------------------------------------------------------
# Anantpur and Govindarajan 2014, Fig. 2(b): loop merging
# ---------------------------------------------------------------------------


def anantpur_fig2b(trips, out, n, outer):
    i = cuda.grid(1)
    if i < n:
        acc = i
        for o in range(outer):
            acc = (acc * 3 + o) % 10007
            for j in range(trips[o * n + i]):
                acc = (acc + j * 7 + 1) % 10007
            acc = acc ^ 5
        out[i] = acc


def _anantpur_fig2b_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    outer = 2
    trips = rng.integers(0, 16, outer * items, dtype=np.int32)
    out = np.zeros(items, dtype=np.int64)
    block = 64
    args: list[Arg] = [trips, out, np.int64(items), np.int64(outer)]
    return LaunchCase((blocks_for(items, block),), (block,), args)


def _anantpur_fig2b_reference(args: list[Arg]) -> None:
    trips, out = array_arg(args, 0), array_arg(args, 1)
    n, outer = int_arg(args, 2), int_arg(args, 3)
    acc = np.arange(n, dtype=np.int64)
    for o in range(outer):
        acc = (acc * 3 + o) % 10007
        count = trips[o * n : (o + 1) * n]
        for j in range(int(count.max(initial=0))):
            acc = np.where(j < count, (acc + j * 7 + 1) % 10007, acc)
        acc = acc ^ 5
    out[:] = acc


ANANTPUR_FIG2B = KernelSpec(
    name="anantpur_fig2b",
    func=anantpur_fig2b,
    signature="void(int32[:], int64[:], int64, int64)",
    inputs=_anantpur_fig2b_inputs,
    reference=_anantpur_fig2b_reference,
    outputs=(1,),
    paper="Anantpur and Govindarajan 2014, Fig. 2(b)-(c) (loop merging)",
    unstructured=False,
    small_items=256,
    params={"outer": 2, "max_trips": 15},
)

# ---------------------------------------------------------------------------
# Anantpur and Govindarajan 2014, Fig. 3: nested divergent branches
# ---------------------------------------------------------------------------


def anantpur_fig3(x, y, z, out, n):
    i = cuda.grid(1)
    if i < n:
        a = x[i]
        b = y[i]
        c = z[i]
        r = 0
        if a > 0:
            r = a
            if b > 0:
                if c > 0:
                    r = r + b * c
                else:
                    r = r - b
                r = r * 2
            else:
                r = r + c
            r = r + 1
        else:
            r = b - c
        out[i] = r * 3 + a


def _anantpur_fig3_inputs(rng: np.random.Generator, items: int) -> LaunchCase:
    x, y, z = (rng.integers(-8, 9, items, dtype=np.int32) for _ in range(3))
    out = np.zeros(items, dtype=np.int32)
    block = 64
    args: list[Arg] = [x, y, z, out, np.int32(items)]
    return LaunchCase((blocks_for(items, block),), (block,), args)


def _anantpur_fig3_reference(args: list[Arg]) -> None:
    a, b, c = (array_arg(args, i).astype(np.int64) for i in range(3))
    inner = np.where(c > 0, a + b * c, a - b) * 2
    middle = np.where(b > 0, inner, a + c) + 1
    r = np.where(a > 0, middle, b - c)
    array_arg(args, 3)[:] = r * 3 + a


ANANTPUR_FIG3 = KernelSpec(
    name="anantpur_fig3",
    func=anantpur_fig3,
    signature="void(int32[:], int32[:], int32[:], int32[:], int32)",
    inputs=_anantpur_fig3_inputs,
    reference=_anantpur_fig3_reference,
    outputs=(3,),
    paper="Anantpur and Govindarajan 2014, Fig. 3 (nested branches, stack depth)",
    unstructured=False,
    small_items=256,
)

EARLY_EXIT = early_exit_spec(24, 1, 10, name="early_exit")
"""The corpus instance of Fig. 7: k = 24 early exits, A/B = 1/10 (flattening pays)."""

PAPER_KERNELS: Sequence[KernelSpec] = (
    EARLY_EXIT,
    COUTINHO_FIG10,
    BITONIC_STEP,
    BITONIC_SORT_BLOCK,
    ANANTPUR_FIG1,
    ANANTPUR_FIG1_BRANCHES,
    ANANTPUR_FIG2B,
    ANANTPUR_FIG3,
)
