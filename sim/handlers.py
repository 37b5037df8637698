"""Runners of the ops that are more than a pure function of their operands.

Thread identity, warp collectives, guards, memory and calls; the structured
ops come from `structured.py`. Each builder takes the machine, the op and
whether its results merge into values live in other lanes (see
`machine.py`), and returns the op's runner.

- `simt.thread_id` ... `simt.warp_size` and `arith.constant`: launch
  constants, computed once per function invocation (`launch_constant`);
- `simt.vote_any` / `simt.vote_all` / `simt.ballot`: over the active lanes of
  each warp (inactive lanes neither vote nor receive); a ballot needs a warp
  size of at most 32 (bit i is lane i of an `i32`);
- `simt.barrier`: faults unless every live thread (not returned) of each
  block that reaches it is active at it;
- guards: a guard is a per-slot `int64` array, created by
  `simt.guard.create` and changed in place for the active lanes only;
- memory (`memory.py`): `memref.load`, `memref.store`, `memref.alloca`,
  `memref.dim`, `memref.subview` (a view of its source; faults when the view
  reaches outside it), `memref.extract_strided_metadata` and
  `memref.reinterpret_cast` (a view's offset, extents and strides in its
  array's row-major layout, and a view of the array built from them),
  `memref.get_global` (a shared global has one array per block, zeroed at
  the launch's start; a constant global is its initial value, read-only),
  `simt.dynamic_shared` (the launch's dynamic shared memory, one per block,
  viewed as the element type), `simt.atomic_add`;
- `func.call` of a function of the module: the callee runs for the active
  lanes on its own reconvergence stack above the caller's;
- `simt.raise`: the machine keeps the lowest raising thread and its code
  (`Machine.note_raise`); the lanes leave by the `func.return` after it;
- `cf.assert`: faults, with the op's message, at the first active lane whose
  condition is false (the frontend's runtime errors, such as numba's
  `ValueError` of a reshape that changes the size);
- the math library, every atomic and the warp primitives: `intrinsics.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from xdsl.dialects import arith, cf, func, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    DenseIntOrFPElementsAttr,
    MemRefType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from simt.dialects import simt
from simt.sim.arith import LaneFault, Unsupported, constant_value
from simt.sim.errors import SimulationError, fault
from simt.sim.intrinsics import INTRINSIC_HANDLERS
from simt.sim.launch import Launch
from simt.sim.memory import (
    Memory,
    MemRefHandle,
    merge_views,
    reinterpret,
    strided_metadata,
    subview,
)
from simt.sim.structured import build_for, build_guarded, build_if, build_while
from simt.sim.values import ExecMask, Value, dtype_of, is_scalar, merge

if TYPE_CHECKING:
    from simt.sim.machine import Env, Machine, Runner

Handler = Callable[["Machine", Operation, bool], "Runner"]

_MAX_CALL_DEPTH = 64


@dataclass
class GuardState:
    """A guard variable: the block id each lane executes next."""

    values: np.ndarray[Any, np.dtype[np.int64]]


def _result_dtype(op: Operation) -> np.dtype[Any]:
    dtype = dtype_of(op.results[0].type)
    if dtype is None:
        raise Unsupported(f"result type {op.results[0].type}")
    return dtype


def _store(env: Env, op: Operation, value: Value, mask: ExecMask, merged: bool) -> None:
    result = op.results[0]
    env[id(result)] = merge(mask, value, env.get(id(result))) if merged else value


# ---------------------------------------------------------------------------
# Launch constants: thread identity and `arith.constant`
# ---------------------------------------------------------------------------

_DIMS = {"x": 0, "y": 1, "z": 2}


def _dimension(op: Operation) -> int:
    assert isinstance(
        op, simt.ThreadIdOp | simt.BlockIdOp | simt.BlockDimOp | simt.GridDimOp
    )
    return _DIMS[str(op.dimension.data)]


def _thread_id(launch: Launch, op: Operation) -> Value:
    return launch.thread_index(_dimension(op)).astype(_result_dtype(op))


def _block_id(launch: Launch, op: Operation) -> Value:
    dim = _dimension(op)
    dtype = _result_dtype(op)
    if launch.grid[dim] == 1:
        return dtype.type(0)
    return launch.block_index(dim).astype(dtype)


def _block_dim(launch: Launch, op: Operation) -> Value:
    return _result_dtype(op).type(launch.block[_dimension(op)])


def _grid_dim(launch: Launch, op: Operation) -> Value:
    return _result_dtype(op).type(launch.grid[_dimension(op)])


def _lane_id(launch: Launch, op: Operation) -> Value:
    return launch.lane.astype(_result_dtype(op))


def _warp_size(launch: Launch, op: Operation) -> Value:
    return _result_dtype(op).type(launch.warp_size)


def _arith_constant(launch: Launch, op: Operation) -> Value:
    assert isinstance(op, arith.ConstantOp)
    return constant_value(op.value, op.result.type)


LAUNCH_CONSTANTS: dict[str, Callable[[Launch, Operation], Value]] = {
    "arith.constant": _arith_constant,
    "simt.thread_id": _thread_id,
    "simt.block_id": _block_id,
    "simt.block_dim": _block_dim,
    "simt.grid_dim": _grid_dim,
    "simt.lane_id": _lane_id,
    "simt.warp_size": _warp_size,
}
"""Ops whose value depends only on the launch: the machine computes each once
per function invocation instead of at every execution (they are still
counted as issued instructions where they stand)."""


def launch_constant(launch: Launch, op: Operation) -> Value | None:
    """The value of a launch-constant op, or None for any other op."""
    value_of = LAUNCH_CONSTANTS.get(op.name)
    if value_of is None:
        return None
    try:
        return value_of(launch, op)
    except Unsupported:
        return None


# ---------------------------------------------------------------------------
# Warp collectives
# ---------------------------------------------------------------------------


def _per_warp(
    machine: Machine, predicate: Value, mask: ExecMask
) -> np.ndarray[Any, Any]:
    votes = np.broadcast_to(predicate, mask.array.shape) & mask.array
    return votes.reshape(-1, machine.warp_size)


def _build_vote(machine: Machine, op: Operation, merged: bool) -> Runner:
    predicate = op.operands[0]
    is_any = op.name == "simt.vote_any"
    ws = machine.warp_size

    def run(env: Env, mask: ExecMask) -> None:
        p = env[id(predicate)]
        if is_any:
            per_warp = _per_warp(machine, p, mask).any(axis=1)
        else:
            failing = _per_warp(machine, ~np.asarray(p), mask)
            per_warp = ~failing.any(axis=1)
        _store(env, op, np.repeat(per_warp, ws), mask, merged)

    return run


def _build_ballot(machine: Machine, op: Operation, merged: bool) -> Runner:
    ws = machine.warp_size
    if ws > 32:
        raise Unsupported(f"a ballot needs a warp size of at most 32, found {ws}")
    predicate = op.operands[0]
    weights = np.left_shift(np.int64(1), np.arange(ws, dtype=np.int64))

    def run(env: Env, mask: ExecMask) -> None:
        bits = _per_warp(machine, env[id(predicate)], mask).astype(np.int64) @ weights
        ballot = bits.astype(np.uint32).view(np.int32)
        _store(env, op, np.repeat(ballot, ws), mask, merged)

    return run


def _build_barrier(machine: Machine, op: Operation, merged: bool) -> Runner:
    launch = machine.launch

    def run(env: Env, mask: ExecMask) -> None:
        blocks = np.zeros(launch.num_blocks, dtype=np.bool_)
        blocks[launch.slot_block[mask.indices]] = True
        missing = machine.alive & ~mask.array & blocks[launch.slot_block]
        if missing.any():
            slot = int(np.argmax(missing))
            raise LaneFault(
                slot,
                "reached by only part of its block (a barrier in divergent "
                "control flow): this live thread is not at it",
            )

    return run


# ---------------------------------------------------------------------------
# Guards
# ---------------------------------------------------------------------------


def _build_guard_create(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, simt.GuardCreateOp)
    init = op.init.value.data
    result = op.guard
    slots = machine.num_slots

    def run(env: Env, mask: ExecMask) -> None:
        state = env.get(id(result))
        if not isinstance(state, GuardState):
            env[id(result)] = GuardState(np.full(slots, init, dtype=np.int64))
            return
        state.values[mask.indices] = init

    return run


def _build_guard_set(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, simt.GuardSetOp)
    guard = op.guard
    target = op.target.value.data

    def run(env: Env, mask: ExecMask) -> None:
        env[id(guard)].values[mask.indices] = target

    return run


def _build_guard_select(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, simt.GuardSelectOp)
    guard, condition = op.guard, op.condition
    if_true, if_false = op.if_true.value.data, op.if_false.value.data

    def run(env: Env, mask: ExecMask) -> None:
        lanes = mask.indices
        chosen = np.where(env[id(condition)], if_true, if_false)
        env[id(guard)].values[lanes] = chosen if is_scalar(chosen) else chosen[lanes]

    return run


def _build_guard_test(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, simt.GuardTestOp)
    guard = op.guard
    block = op.block.value.data

    def run(env: Env, mask: ExecMask) -> None:
        _store(env, op, env[id(guard)].values == block, mask, merged)

    return run


# ---------------------------------------------------------------------------
# Memory
# ---------------------------------------------------------------------------


def _build_load(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, memref.LoadOp)
    source, indices = op.memref, tuple(op.indices)
    slots = machine.num_slots

    def run(env: Env, mask: ExecMask) -> None:
        handle: Memory = env[id(source)]
        value = handle.load(tuple(env[id(i)] for i in indices), mask, slots)
        _store(env, op, value, mask, merged)

    return run


def _build_store(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, memref.StoreOp)
    value, target, indices = op.value, op.memref, tuple(op.indices)

    def run(env: Env, mask: ExecMask) -> None:
        handle: Memory = env[id(target)]
        handle.store(env[id(value)], tuple(env[id(i)] for i in indices), mask)

    return run


def _build_atomic_add(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, simt.AtomicAddOp)
    value, target, indices = op.value, op.memref, tuple(op.indices)
    slots = machine.num_slots

    def run(env: Env, mask: ExecMask) -> None:
        handle: Memory = env[id(target)]
        old = handle.atomic_add(
            env[id(value)], tuple(env[id(i)] for i in indices), mask, slots
        )
        _store(env, op, old, mask, merged)

    return run


def _build_alloca(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, memref.AllocaOp)
    memref_type = op.memref.type
    assert isinstance(memref_type, MemRefType)
    shape = tuple(memref_type.get_shape())
    if any(d < 0 for d in shape) or op.dynamic_sizes:
        raise Unsupported("a private array needs a static shape")
    dtype = dtype_of(memref_type.element_type)
    if dtype is None:
        raise Unsupported(f"element type {memref_type.element_type}")
    name = op.memref.name_hint or "alloca"
    slots = machine.num_slots

    def run(env: Env, mask: ExecMask) -> None:
        if isinstance(env.get(id(op.memref)), MemRefHandle):
            return
        storage = np.zeros((slots, *shape), dtype=dtype)
        env[id(op.memref)] = MemRefHandle(name, storage, private=True)

    return run


def _build_dim(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, memref.DimOp)
    source, index = op.source, op.index

    def run(env: Env, mask: ExecMask) -> None:
        handle: Memory = env[id(source)]
        dim = env[id(index)]
        if not is_scalar(dim):
            dim = dim[mask.indices[0]]
        rank = len(handle.shape)
        if not 0 <= int(dim) < rank:
            raise LaneFault(
                int(mask.indices[0]),
                f"dimension {int(dim)} out of range for {handle.describe()}",
            )
        extent = np.asarray(handle.extent(int(dim), mask), dtype=np.int64)[()]
        _store(env, op, extent, mask, merged)

    return run


def _dropped_dims(op: memref.SubviewOp) -> list[int]:
    """The dimensions a rank-reducing subview drops: MLIR's greedy match of
    the result shape against the sizes, dropping static unit sizes."""
    source_type, result_type = op.source.type, op.result.type
    assert isinstance(source_type, MemRefType) and isinstance(result_type, MemRefType)
    sizes = op.static_sizes.get_values()
    result_shape = result_type.get_shape()
    dropped: list[int] = []
    r = 0
    for k, size in enumerate(sizes):
        remaining_source = len(sizes) - k
        remaining_result = len(result_shape) - r
        if size == 1 and remaining_source > remaining_result:
            dropped.append(k)
            continue
        r += 1
    if len(sizes) - len(dropped) != len(result_shape):
        raise Unsupported(f"cannot match the result type {result_type} of a subview")
    return dropped


def _subview_parts(
    static: tuple[int, ...], dynamic: tuple[SSAValue, ...]
) -> list[int | SSAValue]:
    values = iter(dynamic)
    return [next(values) if v == DYNAMIC_INDEX else v for v in static]


def _offsets_sizes_strides(
    op: memref.SubviewOp | memref.ReinterpretCastOp,
) -> list[list[int | SSAValue]]:
    return [
        _subview_parts(static.get_values(), tuple(dynamic))
        for static, dynamic in (
            (op.static_offsets, op.offsets),
            (op.static_sizes, op.sizes),
            (op.static_strides, op.strides),
        )
    ]


def _part_value(env: Env, part: int | SSAValue) -> Value:
    return np.int64(part) if isinstance(part, int) else env[id(part)]


def _build_subview(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, memref.SubviewOp)
    source = op.source
    dropped = _dropped_dims(op)
    kept = [k for k in range(len(op.static_sizes.get_values())) if k not in dropped]
    parts = _offsets_sizes_strides(op)
    result = op.result

    def run(env: Env, mask: ExecMask) -> None:
        offsets, sizes, steps = (
            [_part_value(env, p) for p in values] for values in parts
        )
        view = subview(env[id(source)], offsets, sizes, steps, kept, mask)
        if merged:
            view = merge_views(mask, view, env.get(id(result)))
        env[id(result)] = view

    return run


def _build_reinterpret_cast(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, memref.ReinterpretCastOp)
    source, result = op.source, op.result
    parts = _offsets_sizes_strides(op)
    if len(parts[0]) != 1:
        raise Unsupported(f"a reinterpret_cast with {len(parts[0])} offsets")

    def run(env: Env, mask: ExecMask) -> None:
        (offset,), sizes, strides = (
            [_part_value(env, p) for p in values] for values in parts
        )
        view = reinterpret(env[id(source)], offset, sizes, strides)
        if merged:
            view = merge_views(mask, view, env.get(id(result)))
        env[id(result)] = view

    return run


def _build_extract_strided_metadata(
    machine: Machine, op: Operation, merged: bool
) -> Runner:
    assert isinstance(op, memref.ExtractStridedMetaDataOp)
    source, base_buffer = op.source, op.base_buffer
    results = (op.offset, *op.sizes, *op.strides)

    def run(env: Env, mask: ExecMask) -> None:
        base, offset, sizes, strides = strided_metadata(env[id(source)])
        env[id(base_buffer)] = base
        for result, value in zip(results, (offset, *sizes, *strides), strict=True):
            value = np.asarray(value, dtype=np.int64)[()]
            env[id(result)] = (
                merge(mask, value, env.get(id(result))) if merged else value
            )

    return run


def _build_raise(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, simt.RaiseOp)
    code = op.code.value.data

    def run(env: Env, mask: ExecMask) -> None:
        machine.note_raise(code, mask.indices)

    return run


def _build_assert(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, cf.AssertOp)
    condition, message = op.arg, op.msg.data

    def run(env: Env, mask: ExecMask) -> None:
        holds = np.asarray(env[id(condition)], dtype=bool)
        lanes = mask.indices
        if holds.ndim == 0:
            failing = lanes[:0] if bool(holds) else lanes
        else:
            failing = lanes[~holds[lanes]]
        if failing.size:
            raise LaneFault(int(failing[0]), f"failed: {message}")

    return run


SHARED_SPACE = "shared"
CONSTANT_SPACE = "constant"


def _space(type_: Attribute) -> str:
    assert isinstance(type_, MemRefType)
    return str(simt.memory_space_of(type_))


def _find_global(machine: Machine, op: memref.GetGlobalOp) -> memref.GlobalOp:
    name = op.name_.string_value()
    for candidate in machine.module.ops:
        if isinstance(candidate, memref.GlobalOp) and candidate.sym_name.data == name:
            return candidate
    raise fault(op, f"refers to @{name}, which is not a memref.global of the module")


def _global_storage(machine: Machine, global_op: memref.GlobalOp) -> MemRefHandle:
    """The array of a `memref.global` for this launch (created on first use)."""
    memory = machine.launch_memory
    name = global_op.sym_name.data
    found = memory.get(name)
    if isinstance(found, MemRefHandle):
        return found
    memref_type = global_op.type
    shape = tuple(memref_type.get_shape())
    dtype = dtype_of(memref_type.element_type)
    if dtype is None or any(d < 0 for d in shape):
        raise Unsupported(f"global of type {memref_type}")
    space = _space(memref_type)
    if space == SHARED_SPACE:
        launch = machine.launch
        storage = np.zeros((launch.num_blocks, *shape), dtype=dtype)
        handle = MemRefHandle(
            name,
            storage,
            private=False,
            per_block=launch.slot_block,
            kind="shared array",
        )
    else:
        initial = _initial_value(global_op, shape, dtype)
        constant = space == CONSTANT_SPACE or global_op.constant is not None
        handle = MemRefHandle(
            name,
            initial,
            private=False,
            writable=not constant,
            kind="constant array" if constant else "array",
        )
    memory[name] = handle
    return handle


def _initial_value(
    global_op: memref.GlobalOp, shape: tuple[int, ...], dtype: np.dtype[Any]
) -> np.ndarray[Any, Any]:
    """The initial value of a global (zeros when uninitialized)."""
    init = global_op.initial_value
    if not isinstance(init, DenseIntOrFPElementsAttr):
        return np.zeros(shape, dtype=dtype)
    values: list[Any] = list(init.get_values())
    if dtype.kind == "f":
        flat = np.array([float(v) for v in values], dtype=dtype)
    elif dtype == np.bool_:
        flat = np.array([bool(v) for v in values], dtype=dtype)
    else:
        bits = dtype.itemsize * 8
        half = 1 << (bits - 1)
        flat = np.array(
            [(int(v) + half) % (2 * half) - half for v in values], dtype=dtype
        )
    if flat.size == 1 and int(np.prod(shape, dtype=np.int64)) != 1:
        return np.full(shape, flat[0], dtype=dtype)
    return flat.reshape(shape)


def _build_get_global(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, memref.GetGlobalOp)
    global_op = _find_global(machine, op)
    result = op.memref

    def run(env: Env, mask: ExecMask) -> None:
        env[id(result)] = _global_storage(machine, global_op)

    return run


DYNAMIC_SHARED = "$dynamic_shared"


def _build_dynamic_shared(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, simt.DynamicSharedOp)
    memref_type = op.result.type
    assert isinstance(memref_type, MemRefType)
    dtype = dtype_of(memref_type.element_type)
    if dtype is None:
        raise Unsupported(f"element type {memref_type.element_type}")
    result = op.result
    launch = machine.launch
    nbytes = machine.config.dynamic_shared_bytes

    def run(env: Env, mask: ExecMask) -> None:
        storage = machine.launch_memory.get(DYNAMIC_SHARED)
        if storage is None:
            padded = -(-max(nbytes, 0) // 16) * 16
            storage = np.zeros((launch.num_blocks, padded), dtype=np.uint8)
            machine.launch_memory[DYNAMIC_SHARED] = storage
        count = nbytes // dtype.itemsize
        typed = storage.view(dtype)[:, :count]
        env[id(result)] = MemRefHandle(
            "dynamic shared memory",
            typed,
            private=False,
            per_block=launch.slot_block,
            kind="shared array",
        )

    return run


# ---------------------------------------------------------------------------
# Calls
# ---------------------------------------------------------------------------


def _build_call(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, func.CallOp)
    callee = machine.func(op.callee.string_value(), op)
    if callee.is_declaration:
        raise fault(op, f"calls @{callee.sym_name.data}, which has no body")
    operands = tuple(op.arguments)
    results = tuple(op.res)

    def run(env: Env, mask: ExecMask) -> None:
        if machine.call_depth >= _MAX_CALL_DEPTH:
            raise SimulationError(
                f"call depth exceeds {_MAX_CALL_DEPTH} at {op.name} @"
                f"{callee.sym_name.data} (unbounded recursion?)"
            )
        machine.call_depth += 1
        try:
            values = machine.run_function(callee, [env[id(o)] for o in operands], mask)
        finally:
            machine.call_depth -= 1
        for result, value in zip(results, values, strict=True):
            env[id(result)] = (
                merge(mask, value, env.get(id(result))) if merged else value
            )

    return run


HANDLERS: dict[str, Handler] = {
    "scf.if": build_if,
    "scf.for": build_for,
    "scf.while": build_while,
    "simt.guarded": build_guarded,
    "simt.vote_any": _build_vote,
    "simt.vote_all": _build_vote,
    "simt.ballot": _build_ballot,
    "simt.barrier": _build_barrier,
    "simt.atomic_add": _build_atomic_add,
    "simt.guard.create": _build_guard_create,
    "simt.guard.set": _build_guard_set,
    "simt.guard.select": _build_guard_select,
    "simt.guard.test": _build_guard_test,
    "memref.load": _build_load,
    "memref.store": _build_store,
    "memref.alloca": _build_alloca,
    "memref.dim": _build_dim,
    "memref.subview": _build_subview,
    "memref.reinterpret_cast": _build_reinterpret_cast,
    "memref.extract_strided_metadata": _build_extract_strided_metadata,
    "cf.assert": _build_assert,
    "simt.raise": _build_raise,
    "memref.get_global": _build_get_global,
    "simt.dynamic_shared": _build_dynamic_shared,
    "func.call": _build_call,
    **INTRINSIC_HANDLERS,
}
"""Builders of the runners of the ops that `arith.BUILDERS` does not cover."""
