"""Runners of numba-cuda's math library, atomics and warp primitives.

The ops of `simt.dialects.intrinsics` and the upstream `math` ops that
`arith.py` does not cover; `handlers.py` merges `INTRINSIC_HANDLERS` into
its table.

Math follows C99 as CUDA's libdevice does, never raising: a domain error
gives NaN (`fmod(x, 0)`, `acosh(0.5)`, `tgamma(-1)`), a pole an infinity
(`lgamma(0)`, `tgamma(+-0)`), signed zeros are kept. f32 functions compute
in f64 and round once, so they are correctly rounded or nearly; libdevice's
f32 functions are within their documented ulp bounds (CUDA C Programming
Guide, "Mathematical Functions"), so simulated and GPU results may differ
by those few ulp. `math.fma` on f64 is not fused (numpy has no fma): it may
differ from the GPU by one rounding.

Atomics apply in lane order: each active lane's read-modify-write sees the
element as the earlier active lanes of the same execution left it, exactly
as if the lanes ran one after another in increasing slot order.

Warp primitives follow the CUDA C Programming Guide ("Warp Vote
Functions", "Warp Shuffle Functions", "Warp Match Functions"): every active
lane must be named in its member mask, and every live lane a mask names must
take part (be active at the op), or the simulator faults; lanes that do not
exist or have returned may be named (a full mask in a partial warp), and, as
in PTX, do not count: `all_sync` holds when the predicate holds on the
non-exited lanes of the mask, and `match_all_sync` returns those lanes. A
shuffle whose source lane is out of range, or does not take part (an
undefined value in CUDA), reads the lane's own value. Warp primitives need
a warp size of at most 32.
"""

from __future__ import annotations

import math as pymath
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from xdsl.ir import Operation

from simt.dialects.canonicalization import int_width
from simt.dialects.intrinsics import (
    AtomicCASOp,
    AtomicKind,
    AtomicOp,
    BarrierReduceOp,
    BarrierReduction,
    LibmOp,
    ShuffleMode,
    ShuffleOp,
    VoteMode,
    VoteSyncOp,
)
from simt.sim.arith import LaneFault, Unsupported
from simt.sim.memory import Memory
from simt.sim.values import ExecMask, Value, at, dtype_of, merge

if TYPE_CHECKING:
    from simt.sim.machine import Env, Machine, Runner

Array = npt.NDArray[Any]


def _store_result(
    env: Env, op: Operation, index: int, value: Value, mask: ExecMask, merged: bool
) -> None:
    result = op.results[index]
    env[id(result)] = merge(mask, value, env.get(id(result))) if merged else value


def _dtype(op: Operation, index: int = 0) -> np.dtype[Any]:
    found = dtype_of(op.results[index].type)
    if found is None:
        raise Unsupported(f"result type {op.results[index].type}")
    return found


# ---------------------------------------------------------------------------
# Math
# ---------------------------------------------------------------------------


def _scalar_fn(fn: Callable[[float], float]) -> Callable[[Array], Array]:
    """A Python `math` function applied elementwise in f64, errors as C gives."""
    ufunc = np.frompyfunc(fn, 1, 1)
    return lambda x: np.asarray(ufunc(np.asarray(x, np.float64)), np.float64)


def _tgamma(x: float) -> float:
    if x == 0.0:
        return pymath.copysign(pymath.inf, x)
    try:
        return pymath.gamma(x)
    except ValueError:
        return pymath.nan
    except OverflowError:
        return pymath.inf


def _lgamma(x: float) -> float:
    if pymath.isinf(x):
        return pymath.inf
    try:
        return pymath.lgamma(x)
    except (ValueError, OverflowError):
        return pymath.inf


def _remainder(x: float, y: float) -> float:
    try:
        return pymath.remainder(x, y)
    except ValueError:
        return pymath.nan


_remainder_ufunc = np.frompyfunc(_remainder, 2, 1)


def _pi_multiple(x: Array, sine: bool) -> Array:
    """sin(pi x) or cos(pi x), exact at integers and half-integers."""
    reduced = np.fmod(x, 2.0)
    value = np.sin(np.pi * reduced) if sine else np.cos(np.pi * reduced)
    twice = reduced * 2.0
    exact = twice == np.round(twice)
    if sine:
        exact_value = np.where(
            reduced == np.round(reduced),
            np.copysign(0.0, x),
            np.where((reduced == 0.5) | (reduced == -1.5), 1.0, -1.0),
        )
    else:
        exact_value = np.where(
            reduced == np.round(reduced),
            np.where(np.abs(reduced) == 1.0, -1.0, 1.0),
            0.0,
        )
    return np.where(exact & np.isfinite(x), exact_value, value)


def _fdim(x: Array, y: Array) -> Array:
    return np.where(np.isnan(x) | np.isnan(y), x + y, np.where(x > y, x - y, 0.0))


_erfc = _scalar_fn(pymath.erfc)
_gamma = _scalar_fn(_tgamma)
_log_gamma = _scalar_fn(_lgamma)

_WIDE_UNARY: dict[str, Callable[[Array], Array]] = {
    "erfc": _erfc,
    "tgamma": _gamma,
    "lgamma": _log_gamma,
    "exp10": lambda x: np.power(10.0, x),
    "sinpi": lambda x: _pi_multiple(x, sine=True),
    "cospi": lambda x: _pi_multiple(x, sine=False),
    "rcbrt": lambda x: 1.0 / np.cbrt(x),
}
"""Computed in f64, rounded once to the result type."""

_WIDE_BINARY: dict[str, Callable[[Array, Array], Array]] = {
    "hypot": np.hypot,
    "remainder": lambda x, y: np.asarray(_remainder_ufunc(x, y), np.float64),
    "fdim": _fdim,
}

_NATIVE_BINARY: dict[str, Callable[[Array, Array], Array]] = {
    "fmod": np.fmod,
    "nextafter": np.nextafter,
}
"""Exact in the operands' own type."""


def _libm_compute(name: str, dtype: np.dtype[Any]) -> Callable[..., tuple[Value, ...]]:
    if name in _WIDE_UNARY:
        fn1 = _WIDE_UNARY[name]
        return lambda x: (fn1(np.asarray(x, np.float64)).astype(dtype),)
    if name in _WIDE_BINARY:
        fn2 = _WIDE_BINARY[name]
        wide = np.float64
        return lambda x, y: (
            np.asarray(fn2(np.asarray(x, wide), np.asarray(y, wide))).astype(dtype),
        )
    if name in _NATIVE_BINARY:
        fn3 = _NATIVE_BINARY[name]
        return lambda x, y: (np.asarray(fn3(x, y), dtype),)
    if name == "ldexp":
        return lambda x, e: (np.ldexp(np.asarray(x, dtype), e).astype(dtype),)
    if name == "frexp":
        return _frexp(dtype)
    if name == "modf":
        return lambda x: tuple(np.asarray(p, dtype) for p in np.modf(x))
    raise Unsupported(f"simt.libm function '{name}'")


def _frexp(dtype: np.dtype[Any]) -> Callable[..., tuple[Value, ...]]:
    def compute(x: Value) -> tuple[Value, ...]:
        mantissa, exponent = np.frexp(np.asarray(x, dtype))
        return np.asarray(mantissa, dtype), np.asarray(exponent, np.int32)

    return compute


def _build_libm(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, LibmOp)
    compute = _libm_compute(op.function, _dtype(op))
    operands = tuple(op.args)

    def run(env: Env, mask: ExecMask) -> None:
        values = compute(*(env[id(o)] for o in operands))
        for index, value in enumerate(values):
            _store_result(env, op, index, np.asarray(value)[()], mask, merged)

    return run


def _fma(x: Value, y: Value, z: Value) -> Value:
    dtype = np.asarray(x).dtype
    if dtype == np.float64:
        return x * y + z
    wide = np.float64
    product = np.asarray(x, wide) * np.asarray(y, wide)
    return (product + np.asarray(z, wide)).astype(dtype)


def _unsigned_view(x: Value, width: int) -> Array:
    return np.asarray(x).astype(np.int64).view(np.uint64) & np.uint64((1 << width) - 1)


def _count_leading_zeros(x: Value, width: int) -> Array:
    bits = _unsigned_view(x, width)
    count = np.full(bits.shape, width, dtype=np.int64)
    for shift in range(width):
        has = (bits >> np.uint64(shift)) & np.uint64(1) != 0
        count = np.where(has, width - 1 - shift, count)
    return count


def _count_trailing_zeros(x: Value, width: int) -> Array:
    bits = _unsigned_view(x, width)
    count = np.full(bits.shape, width, dtype=np.int64)
    for shift in reversed(range(width)):
        has = (bits >> np.uint64(shift)) & np.uint64(1) != 0
        count = np.where(has, shift, count)
    return count


_REVERSED_BYTES = np.array(
    [int(f"{b:08b}"[::-1], 2) for b in range(256)], dtype=np.uint8
)


def bit_reverse(x: Value, dtype: np.dtype[Any]) -> Array:
    """The bits of each element of `x` (of `dtype`, i32 or i64) reversed."""
    data = np.ascontiguousarray(np.asarray(x, dtype))
    as_bytes = data.reshape(-1).view(np.uint8).reshape(-1, dtype.itemsize)
    reversed_bytes = _REVERSED_BYTES[as_bytes[:, ::-1]]
    return np.ascontiguousarray(reversed_bytes).view(dtype).reshape(data.shape)


def _unary_builder(
    fn: Callable[[Value, Operation], Value],
) -> Callable[[Machine, Operation, bool], Runner]:
    def build(machine: Machine, op: Operation, merged: bool) -> Runner:
        dtype = _dtype(op)
        operands = tuple(op.operands)

        def run(env: Env, mask: ExecMask) -> None:
            value = fn(tuple(env[id(o)] for o in operands), op)
            _store_result(env, op, 0, np.asarray(value, dtype)[()], mask, merged)

        return run

    return build


def _width_of(op: Operation) -> int:
    width = int_width(op.results[0].type)
    if width is None:
        raise Unsupported(f"integer type {op.results[0].type}")
    return width


_MATH_HANDLERS = {
    # in double, rounded once: numpy's float32 arccosh differs by CPU (its
    # AVX-512 loops are not the C library's acoshf)
    "math.acosh": _unary_builder(
        lambda a, op: np.arccosh(np.asarray(a[0], np.float64))
    ),
    "math.erf": _unary_builder(lambda a, op: _scalar_fn(pymath.erf)(a[0])),
    "math.fma": _unary_builder(lambda a, op: _fma(*a)),
    "math.fpowi": _unary_builder(
        lambda a, op: np.power(np.asarray(a[0]), np.asarray(a[1], np.float64))
    ),
    "math.ctlz": _unary_builder(
        lambda a, op: _count_leading_zeros(a[0], _width_of(op))
    ),
    "math.cttz": _unary_builder(
        lambda a, op: _count_trailing_zeros(a[0], _width_of(op))
    ),
    "simt.brev": _unary_builder(lambda a, op: bit_reverse(a[0], _dtype(op))),
}


# ---------------------------------------------------------------------------
# Atomics
# ---------------------------------------------------------------------------

Update = Callable[[Array, Array, Array | None], Array]
"""New element values from the old ones, the lanes' values (and compares)."""


def _float_max(old: Array, v: Array, c: Array | None) -> Array:
    return np.where(np.isnan(old) | np.isnan(v) | ~(old < v), old, v)


def _float_min(old: Array, v: Array, c: Array | None) -> Array:
    return np.where(np.isnan(old) | np.isnan(v) | ~(old > v), old, v)


def _nan_max(old: Array, v: Array, c: Array | None) -> Array:
    return np.where(np.isnan(v), old, np.where(np.isnan(old) | (old < v), v, old))


def _nan_min(old: Array, v: Array, c: Array | None) -> Array:
    return np.where(np.isnan(v), old, np.where(np.isnan(old) | (old > v), v, old))


def _unsigned(x: Array) -> Array:
    return x.view(np.dtype(f"u{x.dtype.itemsize}"))


def _unsigned_op(fn: Callable[[Array, Array], Array]) -> Update:
    return lambda old, v, c: fn(_unsigned(old), _unsigned(v)).view(old.dtype)


def _inc(old: Array, v: Array, c: Array | None) -> Array:
    return np.where(_unsigned(old) >= _unsigned(v), 0, old + 1).astype(old.dtype)


def _dec(old: Array, v: Array, c: Array | None) -> Array:
    u_old = _unsigned(old)
    wrap = (u_old == 0) | (u_old > _unsigned(v))
    return np.where(wrap, v, old - 1).astype(old.dtype)


_INT_UPDATES: dict[AtomicKind, Update] = {
    AtomicKind.ADD: lambda old, v, c: old + v,
    AtomicKind.SUB: lambda old, v, c: old - v,
    AtomicKind.AND: lambda old, v, c: old & v,
    AtomicKind.OR: lambda old, v, c: old | v,
    AtomicKind.XOR: lambda old, v, c: old ^ v,
    AtomicKind.EXCH: lambda old, v, c: v,
    AtomicKind.MAX: lambda old, v, c: np.maximum(old, v),
    AtomicKind.MIN: lambda old, v, c: np.minimum(old, v),
    AtomicKind.UMAX: _unsigned_op(np.maximum),
    AtomicKind.UMIN: _unsigned_op(np.minimum),
    AtomicKind.INC: _inc,
    AtomicKind.DEC: _dec,
}
_FLOAT_UPDATES: dict[AtomicKind, Update] = {
    AtomicKind.ADD: lambda old, v, c: old + v,
    AtomicKind.SUB: lambda old, v, c: old - v,
    AtomicKind.MAX: _float_max,
    AtomicKind.MIN: _float_min,
    AtomicKind.NANMAX: _nan_max,
    AtomicKind.NANMIN: _nan_min,
}


def _compare_and_swap(old: Array, v: Array, c: Array | None) -> Array:
    assert c is not None
    return np.where(old == c, v, old)


def apply_in_lane_order(
    array: Array,
    where: tuple[Array, ...],
    values: Array,
    compares: Array | None,
    update: Update,
) -> Array:
    """Applies `array[where[k]] = update(old, values[k])` for k = 0, 1, ...
    in order and returns the old values; round r applies the r-th update of
    every element at once (elements updated by one lane take one round)."""
    flat = np.ravel_multi_index(where, array.shape) if where else np.zeros(0, np.int64)
    order = np.argsort(flat, kind="stable")
    keys = flat[order]
    starts = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]]) if len(keys) else keys
    sizes = np.diff(np.r_[starts, len(keys)])
    rank = np.empty(len(keys), dtype=np.int64)
    rank[order] = np.arange(len(keys)) - np.repeat(starts, sizes)
    old = np.empty(len(values), dtype=array.dtype)
    rounds = int(sizes.max()) if len(sizes) else 0
    with np.errstate(all="ignore"):
        for r in range(rounds):
            sel = np.flatnonzero(rank == r) if rounds > 1 else slice(None)
            target = tuple(w[sel] for w in where)
            current = array[target]
            old[sel] = current
            compare = compares[sel] if compares is not None else None
            new = update(current, values[sel], compare)
            array[target] = np.asarray(new).astype(array.dtype)
    return old


def _atomic_update(op: Operation) -> Update:
    if isinstance(op, AtomicCASOp):
        return _compare_and_swap
    assert isinstance(op, AtomicOp)
    kind = op.kind.data
    is_float = np.issubdtype(_dtype(op), np.floating)
    table = _FLOAT_UPDATES if is_float else _INT_UPDATES
    update = table.get(kind)
    if update is None:
        raise Unsupported(f"atomic '{kind}' on {op.result.type}")
    return update


def _build_atomic(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, AtomicOp | AtomicCASOp)
    update = _atomic_update(op)
    target, indices, value = op.memref, tuple(op.indices), op.value
    compare = op.compare if isinstance(op, AtomicCASOp) else None
    slots = machine.num_slots

    def run(env: Env, mask: ExecMask) -> None:
        memory: Memory = env[id(target)]
        storage, where = memory.elements(tuple(env[id(i)] for i in indices), mask)
        lanes = mask.indices
        values = _per_lane(env[id(value)], lanes, storage.dtype)
        compares = (
            None
            if compare is None
            else _per_lane(env[id(compare)], lanes, storage.dtype)
        )
        old = apply_in_lane_order(storage, where, values, compares, update)
        result = np.zeros(slots, dtype=storage.dtype)
        result[lanes] = old
        _store_result(env, op, 0, result, mask, merged)

    return run


def _per_lane(value: Value, lanes: Array, dtype: np.dtype[Any]) -> Array:
    return np.ascontiguousarray(
        np.broadcast_to(np.asarray(at(value, lanes), dtype), lanes.shape)
    )


# ---------------------------------------------------------------------------
# Warp primitives
# ---------------------------------------------------------------------------


def _check_warp_size(machine: Machine) -> int:
    ws = machine.warp_size
    if ws > 32:
        raise Unsupported(f"warp primitives need a warp size of at most 32, found {ws}")
    return ws


def _warp_bits(machine: Machine, flags: Array) -> Array:
    """Per slot: the u32 mask of the lanes of its warp where `flags` holds."""
    ws = machine.warp_size
    weights = np.left_shift(np.uint64(1), np.arange(ws, dtype=np.uint64))
    per_warp = (flags.reshape(-1, ws).astype(np.uint64) * weights).sum(axis=1)
    return np.repeat(per_warp.astype(np.uint32), ws)


def _lane_bits(machine: Machine) -> Array:
    return np.left_shift(np.uint32(1), machine.launch.lane.astype(np.uint32))


def _check_members(machine: Machine, masks: Value, mask: ExecMask) -> Array:
    """The u32 member mask of every slot, after CUDA's participation rules,
    less the lanes it names that have exited or do not exist: PTX counts only
    the non-exited lanes of the member mask (`vote.sync.all` is true when the
    predicate holds for all of them, `match.all.sync` returns them)."""
    lanes = mask.indices
    members = np.broadcast_to(np.asarray(masks).astype(np.uint32), mask.array.shape)
    own = _lane_bits(machine)
    missing_self = (members[lanes] & own[lanes]) == 0
    if missing_self.any():
        slot = int(lanes[int(np.argmax(missing_self))])
        raise LaneFault(
            slot,
            f"the member mask {int(members[slot]):#x} does not name this lane",
        )
    alive = _warp_bits(machine, machine.alive)
    active = _warp_bits(machine, mask.array)
    absent = members[lanes] & alive[lanes] & ~active[lanes]
    if absent.any():
        index = int(np.argmax(absent != 0))
        slot = int(lanes[index])
        bits = int(absent[index])
        lane = (bits & -bits).bit_length() - 1
        raise LaneFault(
            slot,
            f"lane {lane} is named in the member mask "
            f"{int(members[slot]):#x} but does not take part",
        )
    return members & active


def _build_vote_sync(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, VoteSyncOp)
    _check_warp_size(machine)
    mode = op.mode.data
    member_mask, predicate = op.mask, op.predicate

    def run(env: Env, mask: ExecMask) -> None:
        members = _check_members(machine, env[id(member_mask)], mask)
        votes = np.broadcast_to(env[id(predicate)], mask.array.shape) & mask.array
        ballot = _warp_bits(machine, votes) & members
        if mode is VoteMode.BALLOT:
            value: Array = ballot.view(np.int32)
        elif mode is VoteMode.ANY:
            value = ballot != 0
        elif mode is VoteMode.ALL:
            value = ballot == members
        else:
            value = (ballot == members) | (ballot == 0)
        _store_result(env, op, 0, value, mask, merged)

    return run


def _source_lane(mode: ShuffleMode, lane: Array, offset: Array) -> Array:
    """The source lane of each slot; -1 where it is out of range."""
    if mode is ShuffleMode.IDX:
        return offset & 31
    if mode is ShuffleMode.UP:
        return np.where(offset <= lane, lane - offset, -1)
    source = lane + offset if mode is ShuffleMode.DOWN else lane ^ offset
    return np.where(source <= 31, source, -1)


def _build_shuffle(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, ShuffleOp)
    ws = _check_warp_size(machine)
    mode = op.mode.data
    member_mask, value, offset = op.mask, op.value, op.offset
    lane = machine.launch.lane.astype(np.int64)
    warp_base = np.arange(machine.num_slots, dtype=np.int64) - lane
    dtype = _dtype(op)

    def run(env: Env, mask: ExecMask) -> None:
        _check_members(machine, env[id(member_mask)], mask)
        offsets = np.broadcast_to(
            np.asarray(env[id(offset)]).astype(np.int64) & 0xFFFFFFFF, lane.shape
        )
        source = _source_lane(mode, lane, offsets)
        valid = (source >= 0) & (source < ws)
        slot = np.where(valid, warp_base + source, np.arange(len(lane)))
        valid &= mask.array[slot]
        values = np.broadcast_to(np.asarray(env[id(value)], dtype), lane.shape)
        result = np.where(valid, values[np.where(valid, slot, 0)], values)
        _store_result(env, op, 0, result, mask, merged)

    return run


def _match_bits(machine: Machine, values: Array, active: Array) -> Array:
    """Per slot: the mask of the active lanes of its warp holding its value."""
    ws = machine.warp_size
    keys = values.reshape(-1, ws)
    same = (keys[:, :, None] == keys[:, None, :]) & active.reshape(-1, ws)[:, None, :]
    weights = np.left_shift(np.uint64(1), np.arange(ws, dtype=np.uint64))
    bits = (same.astype(np.uint64) * weights).sum(axis=2)
    return bits.reshape(-1).astype(np.uint32)


def _as_bits(value: Value, shape: tuple[int, ...]) -> Array:
    data = np.ascontiguousarray(np.broadcast_to(np.asarray(value), shape))
    return (
        data.view(np.dtype(f"i{data.dtype.itemsize}"))
        if data.dtype.kind == "f"
        else data
    )


def _build_match(machine: Machine, op: Operation, merged: bool) -> Runner:
    _check_warp_size(machine)
    member_mask, value = op.operands
    is_all = op.name == "simt.match_all"

    def run(env: Env, mask: ExecMask) -> None:
        members = _check_members(machine, env[id(member_mask)], mask)
        keys = _as_bits(env[id(value)], mask.array.shape)
        matching = _match_bits(machine, keys, mask.array) & members
        if not is_all:
            _store_result(env, op, 0, matching.view(np.int32), mask, merged)
            return
        same = matching == members
        result = np.where(same, members, np.uint32(0)).view(np.int32)
        _store_result(env, op, 0, result, mask, merged)
        _store_result(env, op, 1, same, mask, merged)

    return run


def _build_activemask(machine: Machine, op: Operation, merged: bool) -> Runner:
    _check_warp_size(machine)

    def run(env: Env, mask: ExecMask) -> None:
        bits = _warp_bits(machine, mask.array).view(np.int32)
        _store_result(env, op, 0, bits, mask, merged)

    return run


def _build_lanemask_lt(machine: Machine, op: Operation, merged: bool) -> Runner:
    _check_warp_size(machine)
    below = (_lane_bits(machine) - np.uint32(1)).view(np.int32)

    def run(env: Env, mask: ExecMask) -> None:
        _store_result(env, op, 0, below, mask, merged)

    return run


def _build_syncwarp(machine: Machine, op: Operation, merged: bool) -> Runner:
    _check_warp_size(machine)
    member_mask = op.operands[0]

    def run(env: Env, mask: ExecMask) -> None:
        _check_members(machine, env[id(member_mask)], mask)

    return run


def _build_barrier_reduce(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, BarrierReduceOp)
    launch = machine.launch
    reduction = op.reduction.data
    predicate = op.predicate

    def run(env: Env, mask: ExecMask) -> None:
        blocks = np.zeros(launch.num_blocks, dtype=np.bool_)
        blocks[launch.slot_block[mask.indices]] = True
        missing = machine.alive & ~mask.array & blocks[launch.slot_block]
        if missing.any():
            raise LaneFault(
                int(np.argmax(missing)),
                "reached by only part of its block (a barrier in divergent "
                "control flow): this live thread is not at it",
            )
        votes = np.broadcast_to(env[id(predicate)], mask.array.shape) & mask.array
        counts = np.bincount(
            launch.slot_block, weights=votes, minlength=launch.num_blocks
        ).astype(np.int64)
        present = np.bincount(
            launch.slot_block, weights=mask.array, minlength=launch.num_blocks
        ).astype(np.int64)
        if reduction is BarrierReduction.AND:
            counts = (counts == present).astype(np.int64)
        elif reduction is BarrierReduction.OR:
            counts = (counts > 0).astype(np.int64)
        value = counts[launch.slot_block].astype(np.int32)
        _store_result(env, op, 0, value, mask, merged)

    return run


def _build_grid_barrier(machine: Machine, op: Operation, merged: bool) -> Runner:
    """Faults unless every live thread of the grid is active at the barrier.

    The wave is the whole grid (`simulate` runs a kernel with a grid barrier
    as one wave), and the warps of a wave run in lockstep, so every write
    before the barrier has happened when any lane goes on."""
    launch = machine.launch
    if launch.num_blocks != launch.grid_blocks:
        raise Unsupported(
            f"a grid barrier needs all {launch.grid_blocks} blocks of the grid in "
            f"one wave, found a wave of {launch.num_blocks}"
        )

    def run(env: Env, mask: ExecMask) -> None:
        missing = machine.alive & ~mask.array
        if missing.any():
            raise LaneFault(
                int(np.argmax(missing)),
                "reached by only part of the grid (a grid barrier in divergent "
                "control flow): this live thread is not at it",
            )

    return run


def _build_fence(machine: Machine, op: Operation, merged: bool) -> Runner:
    def run(env: Env, mask: ExecMask) -> None:
        """Lockstep lanes see every write at once: nothing to order."""

    return run


INTRINSIC_HANDLERS: dict[str, Callable[[Machine, Operation, bool], Runner]] = {
    "simt.libm": _build_libm,
    **_MATH_HANDLERS,
    "simt.atomic": _build_atomic,
    "simt.atomic_cas": _build_atomic,
    "simt.vote_sync": _build_vote_sync,
    "simt.shfl": _build_shuffle,
    "simt.match_any": _build_match,
    "simt.match_all": _build_match,
    "simt.activemask": _build_activemask,
    "simt.lanemask_lt": _build_lanemask_lt,
    "simt.syncwarp": _build_syncwarp,
    "simt.barrier_reduce": _build_barrier_reduce,
    "simt.grid_barrier": _build_grid_barrier,
    "simt.fence": _build_fence,
}
"""Builders of the runners of the ops of this module, by op name."""
