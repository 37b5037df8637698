"""`simt.execute`: run a kernel's lowered code on the CPU (or on the simulator).

```python
simt.execute(module, grid=(4,), block=(128,), args=[a, b, n])          # host
simt.execute(module, grid=(4,), block=(128,), args=[a, b, n], target="sim")
```

`target="host"` compiles the module with `simt.lowering.host` (the LLVM IR
that goes to the GPU, retargeted with a small shim and JIT-compiled) and runs
every thread of the launch on this CPU; numpy arrays are updated in place, as
`simt.simulate` does, and scalars are checked against the signature. To launch
one module many times, compile it once: `HostModule(module).launch(...)`.
`target="sim"` runs `simt.simulate` and returns its result (with metrics).

How threads run (the kernel's `Mode`, chosen by `simt.lowering.host`):

- *direct*: a kernel that reaches no collective runs each thread to
  completion, one after the other, in a native loop (thread order: x fastest,
  block by block);
- *fibers*: a kernel with block barriers runs the threads of one block as
  fibers; each runs until it reaches a barrier or returns, and the barrier
  releases when every thread of the block that has not returned is at one;
- *lockstep*: a kernel with warp collectives (votes, ballot) runs each warp on
  the simulator's per-warp reconvergence stack (the immediate post-dominator
  stack of `simt.sim.reconvergence`: a divergent branch runs its first target's
  lanes first, lanes meet again at the branch's immediate post-dominator,
  returned lanes leave, a call runs on a stack of its own): each lane is a
  fiber that runs one basic block per step, so the lanes active at a
  collective are exactly the lanes the simulator makes active there.

Differences from a GPU (and from the simulator), besides those of the
retargeted code listed in `simt.lowering.host`:

- Threads do not run concurrently. A program whose result depends on the
  interleaving of threads without a barrier between them (a data race) gets
  one of the results a GPU could give, not necessarily the simulator's; so do
  atomics, which are applied in the order the threads run (in lockstep mode,
  lane order within each step, as the simulator; in direct mode, whole threads
  one after the other). A GPU gives any of these orders.
- A barrier releases when every live thread of the block is at *a* barrier
  (as `bar.sync 0` on a GPU); the simulator also faults when threads wait at
  different barrier ops or a barrier is reached by part of a warp, which the
  host checks only in lockstep mode.
- Faults the host checks (see `simt.lowering.host`: division, shift, memory
  outside every array) stop the launch after the faulting thread with a
  `HostExecutionError`; values the simulator also faults on but the host does
  not check (`fptosi` of NaN or out of range) are the host CPU's.
- Shared memory is zeroed before each block (a GPU leaves it undefined).
"""

from __future__ import annotations

import ctypes
import mmap
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import MemRefType, ModuleOp

from simt.lowering.host import (
    FunctionGraph,
    HostProgram,
    KernelEntry,
    Mode,
    compile_for_host,
)
from simt.lowering.host_shim import (
    CONTEXT_BYTES,
    FAULT_WORDS,
    RECORD_FIELDS,
    Event,
    FaultKind,
    Field,
)
from simt.runtime.abi import kernel_params, numpy_dtype
from simt.runtime.launch import Dim3, dim3

Target = Literal["host", "sim"]

DEFAULT_STACK_BYTES = 1 << 18
"""Stack of each fiber (each thread of a block with collectives): 256 KiB."""

_NEVER = -2
"""The reconvergence block of a frame's bottom entry (never reached)."""


class HostExecutionError(Exception):
    """A launch on the host failed: bad arguments, a fault, a divergent barrier."""


@dataclass(frozen=True)
class HostResult:
    """What a host launch reports (the argument arrays hold the outputs)."""

    kernel: str
    mode: Mode
    seconds: float
    """Wall-clock time of running the threads (compilation excluded)."""
    threads: int


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------


def _scalar_word(name: str, dtype: np.dtype[Any], value: object) -> int:
    if isinstance(value, np.ndarray):
        if value.ndim != 0:
            raise HostExecutionError(
                f"argument '{name}' needs a scalar, found an array"
            )
        value = value[()]
    if dtype == np.bool_:
        if not isinstance(value, bool | np.bool_):
            raise HostExecutionError(f"argument '{name}' needs a bool, found {value!r}")
        return int(bool(value))
    if dtype.kind in "iu":
        if not isinstance(value, int | np.integer) or isinstance(
            value, bool | np.bool_
        ):
            raise HostExecutionError(
                f"argument '{name}' needs an integer, found {value!r}"
            )
        info = np.iinfo(dtype)
        if not info.min <= int(value) <= info.max:
            raise HostExecutionError(
                f"argument '{name}': {value} is out of range [{info.min}, {info.max}]"
            )
        return int(np.array(value, dtype=dtype).astype(np.int64))
    if not isinstance(value, int | float | np.integer | np.floating) or isinstance(
        value, bool
    ):
        raise HostExecutionError(f"argument '{name}' needs a number, found {value!r}")
    raw = np.array(value, dtype=dtype).tobytes().ljust(8, b"\0")
    return int(np.frombuffer(raw, dtype=np.int64)[0])


def _array_words(name: str, type_: MemRefType, value: object) -> list[int]:
    if not isinstance(value, np.ndarray):
        raise HostExecutionError(
            f"argument '{name}' of type {type_} needs a numpy array, found "
            f"{type(value).__name__}"
        )
    dtype = numpy_dtype(type_.element_type)
    if value.dtype != dtype:
        raise HostExecutionError(
            f"argument '{name}' of type {type_} needs an array of dtype {dtype}, "
            f"found dtype {value.dtype}"
        )
    if value.ndim != type_.get_num_dims():
        raise HostExecutionError(
            f"argument '{name}' of type {type_} needs a {type_.get_num_dims()}-D "
            f"array, found {value.ndim}-D"
        )
    for dim, (want, have) in enumerate(
        zip(type_.get_shape(), value.shape, strict=True)
    ):
        if want >= 0 and want != have:
            raise HostExecutionError(
                f"argument '{name}' of type {type_} needs size {want} in dimension "
                f"{dim}, found {have}"
            )
    if not value.flags.writeable:
        raise HostExecutionError(f"argument '{name}' is a read-only array")
    words = [0, 0, value.size, value.itemsize, value.ctypes.data]
    return words + list(value.shape) + list(value.strides)


def _array_range(array: np.ndarray) -> tuple[int, int] | None:
    """The bytes an array's elements occupy, `[low, high)` (None when empty)."""
    if array.size == 0:
        return None
    low = high = array.ctypes.data
    for extent, stride in zip(array.shape, array.strides, strict=True):
        reach = (extent - 1) * stride
        low += min(0, reach)
        high += max(0, reach)
    return low, high + array.itemsize


@dataclass
class _Arguments:
    """A launch's parameter slots and the memory ranges its arrays cover."""

    words: np.ndarray
    ranges: np.ndarray
    keep: list[object]


def _bind(
    kernel: func.FuncOp, entry: KernelEntry, args: Sequence[object]
) -> _Arguments:
    params = kernel_params(kernel)
    types = kernel.function_type.inputs.data
    if len(args) != len(types):
        expected = ", ".join(p.describe() for p in params)
        raise HostExecutionError(
            f"@{entry.name} takes {len(types)} arguments ({expected}), found {len(args)}"
        )
    words: list[int] = []
    ranges: list[tuple[int, int]] = []
    for param, type_, value in zip(params, types, args, strict=True):
        if isinstance(type_, MemRefType):
            words += _array_words(param.name, type_, value)
            assert isinstance(value, np.ndarray)
            covered = _array_range(value)
            if covered is not None:
                ranges.append(covered)
        else:
            words.append(_scalar_word(param.name, param.dtype, value))
    assert len(words) == len(entry.params), "the host entry's parameters"
    slots = np.array([w & 0xFFFF_FFFF_FFFF_FFFF for w in words], dtype=np.uint64)
    table = np.array(ranges or [(0, 0)], dtype=np.uint64).reshape(-1)
    return _Arguments(slots.view(np.int64), table, list(args))


# ---------------------------------------------------------------------------
# The compiled module
# ---------------------------------------------------------------------------


def _function(program: HostProgram, name: str, *types: Any) -> Any:
    prototype = ctypes.CFUNCTYPE(*types)
    return prototype(program.function(name))


@dataclass(frozen=True)
class Geometry:
    """A launch's shape: grid and block extents and the warp size."""

    grid: Dim3
    block: Dim3
    warp_size: int

    @property
    def threads_per_block(self) -> int:
        return self.block[0] * self.block[1] * self.block[2]

    @property
    def blocks(self) -> int:
        return self.grid[0] * self.grid[1] * self.grid[2]

    def describe(self, thread: int) -> str:
        """`block (1, 0, 0), thread (5, 0, 0)` of a linear thread index."""
        block, local = divmod(thread, self.threads_per_block)
        return (
            f"block {_unravel(block, self.grid)}, thread {_unravel(local, self.block)}"
        )

    def words(self) -> np.ndarray:
        return np.array([*self.grid, *self.block, self.warp_size], dtype=np.int64)


def _unravel(index: int, dims: Dim3) -> tuple[int, int, int]:
    x = index % dims[0]
    y = (index // dims[0]) % dims[1]
    return (x, y, index // (dims[0] * dims[1]))


@dataclass
class HostModule:
    """A simt module compiled for the host once, launched any number of times."""

    module: ModuleOp
    checks: bool = True
    stack_bytes: int = DEFAULT_STACK_BYTES
    program: HostProgram = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.program = compile_for_host(self.module, checks=self.checks)

    def kernel_entry(self, name: str | None) -> tuple[func.FuncOp, KernelEntry]:
        """The kernel `name` (or the only kernel) and its host entry."""
        kernels = self.program.kernels
        if name is None:
            if len(kernels) != 1:
                known = ", ".join(f"@{k}" for k in kernels)
                raise HostExecutionError(
                    f"cannot choose the kernel: the module has {len(kernels)} "
                    f"kernels ({known}); pass kernel=<name>"
                )
            name = next(iter(kernels))
        entry = kernels.get(name)
        if entry is None:
            known = ", ".join(f"@{k}" for k in kernels)
            raise HostExecutionError(
                f"no kernel @{name} in the module (kernels: {known})"
            )
        for op in self.module.ops:
            if isinstance(op, func.FuncOp) and op.sym_name.data == name:
                return op, entry
        raise AssertionError(f"kernel @{name} compiled but not in the module")

    def launch(
        self,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[object],
        kernel: str | None = None,
        warp_size: int = 32,
    ) -> HostResult:
        """Runs every thread of the launch; arrays in `args` are updated in place."""
        function, entry = self.kernel_entry(kernel)
        try:
            geometry = Geometry(dim3(grid, "grid"), dim3(block, "block"), warp_size)
        except ValueError as error:
            raise HostExecutionError(str(error)) from None
        if not 1 <= warp_size <= 32:
            raise HostExecutionError(f"warp_size must be in [1, 32], found {warp_size}")
        bound = _bind(function, entry, args)
        self._set_ranges(bound)
        start = time.perf_counter()
        if entry.mode is Mode.DIRECT:
            self._run_direct(entry, geometry, bound)
        else:
            _FiberLauncher(self, entry, geometry, bound).run()
        seconds = time.perf_counter() - start
        threads = geometry.blocks * geometry.threads_per_block
        return HostResult(entry.name, entry.mode, seconds, threads)

    # -- shared state of the compiled module -----------------------------------

    def _set_ranges(self, bound: _Arguments) -> None:
        table = self.program.variable("__simt_ranges")
        count = self.program.variable("__simt_nranges")
        ctypes.c_void_p.from_address(table).value = bound.ranges.ctypes.data
        ctypes.c_int64.from_address(count).value = len(bound.ranges) // 2
        self._fault_words()[:] = 0

    def _fault_words(self) -> np.ndarray:
        address = self.program.variable("__simt_fault")
        buffer = (ctypes.c_int64 * FAULT_WORDS).from_address(address)
        return np.ctypeslib.as_array(buffer)

    def raise_fault(self, entry: KernelEntry, geometry: Geometry) -> None:
        """Raises `HostExecutionError` if a check recorded a fault."""
        kind, site, thread, address = (int(w) for w in self._fault_words())
        if kind == FaultKind.NONE:
            return
        where = self.program.ir.sites[site]
        detail = f" at address {address:#x}" if kind == FaultKind.MEMORY else ""
        problem = {
            FaultKind.DIVISION: "division by zero or overflow",
            FaultKind.SHIFT: "shift amount out of range",
            FaultKind.MEMORY: "memory access outside every array",
        }[FaultKind(kind)]
        raise HostExecutionError(
            f"@{entry.name}: {geometry.describe(thread)}: {problem}: {where.what} in "
            f"@{where.function}{detail}"
        )

    # -- direct mode -----------------------------------------------------------

    def _run_direct(
        self, entry: KernelEntry, geometry: Geometry, bound: _Arguments
    ) -> None:
        run = _function(
            self.program,
            "__simt_run_direct",
            ctypes.c_int64,
            *[ctypes.c_void_p] * 4,
            ctypes.c_int64,
            ctypes.c_int64,
        )
        record = np.zeros(RECORD_FIELDS, dtype=np.int64)
        words = geometry.words()
        kernel_address = self.program.function(entry.entry)
        run(
            record.ctypes.data,
            kernel_address,
            bound.words.ctypes.data,
            words.ctypes.data,
            0,
            geometry.blocks,
        )
        self.raise_fault(entry, geometry)


# ---------------------------------------------------------------------------
# Fibers
# ---------------------------------------------------------------------------


class _Stacks:
    """One stack per fiber, each above a guard page (an overflow faults)."""

    def __init__(self, count: int, size: int) -> None:
        page = mmap.PAGESIZE
        self.size = -(-size // page) * page + page
        self.memory = mmap.mmap(-1, self.size * count)
        base = ctypes.addressof(ctypes.c_char.from_buffer(self.memory))
        self.base = base
        libc = ctypes.CDLL(None, use_errno=True)
        for index in range(count):
            libc.mprotect(ctypes.c_void_p(base + index * self.size), page, 0)


@dataclass
class _Entry:
    """An entry of a warp's reconvergence stack: lanes that run block `pc` together."""

    pc: int
    rpc: int
    lanes: np.ndarray


@dataclass
class _Frame:
    """The reconvergence stack of one call of an instrumented function."""

    graph: FunctionGraph
    entries: list[_Entry]


@dataclass
class _Warp:
    first: int
    """Record index of lane 0."""
    live: np.ndarray
    """Lanes that exist and have not returned from the kernel."""
    frames: list[_Frame] = field(default_factory=lambda: [])
    at_barrier: bool = False

    @property
    def done(self) -> bool:
        return not self.frames

    @property
    def top(self) -> _Entry:
        return self.frames[-1].entries[-1]


class _FiberLauncher:
    """Runs a kernel whose threads meet at collectives, one thread block at a time."""

    def __init__(
        self,
        host: HostModule,
        entry: KernelEntry,
        geometry: Geometry,
        bound: _Arguments,
    ) -> None:
        self.host = host
        self.entry = entry
        self.geometry = geometry
        self.bound = bound
        count = geometry.threads_per_block
        self.records = np.zeros((count, RECORD_FIELDS), dtype=np.int64)
        self.contexts = np.zeros(count * CONTEXT_BYTES // 8, dtype=np.int64)
        self.stacks = _Stacks(count, host.stack_bytes)
        program = host.program
        self.init = _function(
            program,
            "__simt_fiber_init",
            None,
            ctypes.c_void_p,
            ctypes.c_int64,
            ctypes.c_void_p,
            ctypes.c_int64,
        )
        self.resume_native = _function(
            program,
            "__simt_resume",
            None,
            ctypes.c_void_p,
            ctypes.c_void_p,
            ctypes.c_int64,
        )
        self._prepare_records()

    def _prepare_records(self) -> None:
        g = self.geometry
        records = self.records
        local = np.arange(len(records), dtype=np.int64)
        records[:, Field.TID_X] = local % g.block[0]
        records[:, Field.TID_Y] = (local // g.block[0]) % g.block[1]
        records[:, Field.TID_Z] = local // (g.block[0] * g.block[1])
        for axis, name in enumerate("XYZ"):
            records[:, Field[f"NTID_{name}"]] = g.block[axis]
            records[:, Field[f"NCTAID_{name}"]] = g.grid[axis]
        records[:, Field.LANE] = local % g.warp_size
        records[:, Field.WARP_SIZE] = g.warp_size
        records[:, Field.ENTRY] = self.host.program.function(self.entry.entry)
        records[:, Field.ARGS] = self.bound.words.ctypes.data
        records[:, Field.CONTEXT] = self.contexts.ctypes.data + local * CONTEXT_BYTES

    def run(self) -> None:
        for block in range(self.geometry.blocks):
            self._start_block(block)
            if self.entry.mode is Mode.LOCKSTEP:
                self._run_lockstep()
            else:
                self._run_barriers()

    def _start_block(self, block: int) -> None:
        g = self.geometry
        records = self.records
        x, y, z = _unravel(block, g.grid)
        records[:, Field.CTAID_X] = x
        records[:, Field.CTAID_Y] = y
        records[:, Field.CTAID_Z] = z
        records[:, Field.THREAD] = block * g.threads_per_block + np.arange(len(records))
        records[:, Field.EVENT] = Event.RUNNING
        self.init(
            records.ctypes.data,
            len(records),
            self.stacks.base + mmap.PAGESIZE,
            self.stacks.size - mmap.PAGESIZE,
        )

    def resume(self, ids: np.ndarray) -> None:
        ids = np.ascontiguousarray(ids, dtype=np.int64)
        self.resume_native(self.records.ctypes.data, ids.ctypes.data, len(ids))
        self.host.raise_fault(self.entry, self.geometry)

    # -- block barriers only -----------------------------------------------------

    def _run_barriers(self) -> None:
        waiting = np.arange(len(self.records), dtype=np.int64)
        while len(waiting):
            self.resume(waiting)
            events = self.records[waiting, Field.EVENT]
            waiting = waiting[events == Event.BARRIER]

    # -- lockstep ---------------------------------------------------------------

    def _run_lockstep(self) -> None:
        ws = self.geometry.warp_size
        count = len(self.records)
        warps: list[_Warp] = []
        for first in range(0, count, ws):
            live = np.zeros(ws, dtype=np.bool_)
            live[: min(ws, count - first)] = True
            warps.append(_Warp(first, live))
        self._enter_kernels(warps)
        while True:
            running = [w for w in warps if not w.done and not w.at_barrier]
            if not running:
                if not self._release_barrier(warps):
                    return
                continue
            self._step(running)

    def _enter_kernels(self, warps: list[_Warp]) -> None:
        """Runs every thread to its first report (the kernel's entry block)."""
        self.resume(np.arange(len(self.records), dtype=np.int64))
        for warp in warps:
            lanes = self._lane_ids(warp, warp.live)
            function = self._uniform(lanes, Field.ARG0)
            graph = self.host.program.ir.graphs[function]
            warp.frames.append(_Frame(graph, [_Entry(0, _NEVER, warp.live.copy())]))

    def _lane_ids(self, warp: _Warp, lanes: np.ndarray) -> np.ndarray:
        return warp.first + np.flatnonzero(lanes)

    def _uniform(self, ids: np.ndarray, column: Field) -> int:
        values = np.unique(self.records[ids, column])
        assert len(values) == 1, f"lanes of one stack entry disagree on {column.name}"
        return int(values[0])

    def _step(self, running: list[_Warp]) -> None:
        groups = [self._lane_ids(w, w.top.lanes) for w in running]
        ids = np.concatenate(groups)
        for warp, group in zip(running, groups, strict=True):
            self.records[group, Field.MASK] = _lanes_word(warp.top.lanes)
        self.resume(ids)
        for warp, group in zip(running, groups, strict=True):
            self._handle(warp, group)

    def _handle(self, warp: _Warp, group: np.ndarray) -> None:
        event = Event(self._uniform(group, Field.EVENT))
        if event is Event.STEP:
            self._on_step(warp, group)
        elif event in (Event.RETURN, Event.EXIT):
            self._on_return(warp)
        elif event is Event.BARRIER:
            self._on_barrier(warp, group)
        else:
            self._collective(event, warp, group)

    def _on_step(self, warp: _Warp, group: np.ndarray) -> None:
        blocks = self.records[group, Field.ARG1]
        function = self._uniform(group, Field.ARG0)
        frame = warp.frames[-1]
        top = warp.top
        if int(blocks[0]) == 0:
            graph = self.host.program.ir.graphs[function]
            warp.frames.append(_Frame(graph, [_Entry(0, _NEVER, top.lanes.copy())]))
            return
        targets = np.unique(blocks)
        if len(targets) == 1:
            top.pc = int(targets[0])
        else:
            self._diverge(frame, top, group - warp.first, blocks)
        _pop_finished(frame)

    def _diverge(
        self, frame: _Frame, top: _Entry, lanes: np.ndarray, blocks: np.ndarray
    ) -> None:
        """Splits the top entry at a divergent branch (`simt.sim.reconvergence`, rule 2)."""
        reconverge = frame.graph.ipdom[top.pc]
        order = frame.graph.successors[top.pc]
        children: list[_Entry] = []
        for target in order:
            chosen = lanes[blocks == target]
            if len(chosen) == 0 or target == reconverge:
                continue
            mask = np.zeros_like(top.lanes)
            mask[chosen] = True
            children.append(_Entry(target, reconverge, mask))
        if top.rpc == reconverge:
            frame.entries.pop()
        else:
            top.pc = reconverge
        frame.entries.extend(reversed(children))

    def _on_return(self, warp: _Warp) -> None:
        frame = warp.frames[-1]
        returned = warp.top.lanes.copy()
        if len(warp.frames) == 1:
            warp.live &= ~returned
        for entry in frame.entries:
            entry.lanes &= ~returned
        _pop_finished(frame)
        if frame.entries:
            return
        warp.frames.pop()

    def _on_barrier(self, warp: _Warp, group: np.ndarray) -> None:
        missing = warp.live & ~warp.top.lanes
        if missing.any():
            lane = int(np.flatnonzero(missing)[0])
            thread = int(self.records[warp.first + lane, Field.THREAD])
            raise HostExecutionError(
                f"@{self.entry.name}: {self.geometry.describe(thread)}: a barrier "
                "reached by only part of its warp (a barrier in divergent control "
                "flow): this live thread is not at it"
            )
        warp.at_barrier = True

    def _release_barrier(self, warps: list[_Warp]) -> bool:
        waiting = [w for w in warps if w.at_barrier]
        for warp in waiting:
            warp.at_barrier = False
        return bool(waiting)

    def _collective(self, event: Event, warp: _Warp, group: np.ndarray) -> None:
        handler = WARP_COLLECTIVES.get(event)
        if handler is None:
            raise HostExecutionError(
                f"@{self.entry.name}: no host handler for {event.name}"
            )
        lanes = group - warp.first
        args = self.records[group, Field.ARG0 : Field.ARG3 + 1]
        self.records[group, Field.RESULT] = handler(lanes, args)


def _lanes_word(lanes: np.ndarray) -> int:
    """The lanes as a bit mask (bit i: lane i)."""
    return int(
        np.sum(np.left_shift(np.int64(1), np.flatnonzero(lanes).astype(np.int64)))
    )


def _pop_finished(frame: _Frame) -> None:
    """Pops entries that reached their reconvergence block or lost all lanes."""
    entries = frame.entries
    while entries and (
        entries[-1].pc == entries[-1].rpc or not entries[-1].lanes.any()
    ):
        entries.pop()


# ---------------------------------------------------------------------------
# Warp collectives: results for the lanes that reached one together
# ---------------------------------------------------------------------------


def _vote_any(lanes: np.ndarray, args: np.ndarray) -> np.ndarray:
    return np.full(len(lanes), int(args[:, 1].any()), dtype=np.int64)


def _vote_all(lanes: np.ndarray, args: np.ndarray) -> np.ndarray:
    return np.full(len(lanes), int(args[:, 1].all()), dtype=np.int64)


def _ballot(lanes: np.ndarray, args: np.ndarray) -> np.ndarray:
    chosen = lanes[args[:, 1] != 0].astype(np.int64)
    word = int(np.sum(np.left_shift(np.int64(1), chosen))) & 0xFFFF_FFFF
    return np.full(len(lanes), word, dtype=np.int64)


WARP_COLLECTIVES = {
    Event.VOTE_ANY: _vote_any,
    Event.VOTE_ALL: _vote_all,
    Event.BALLOT: _ballot,
}
"""Each warp collective's result per lane, from the lanes (ids in the warp) that
reached it together and their `ARG0..ARG3` words."""


# ---------------------------------------------------------------------------
# simt.execute
# ---------------------------------------------------------------------------


def execute(
    module: ModuleOp,
    grid: int | Sequence[int],
    block: int | Sequence[int],
    args: Sequence[Any],
    target: Target = "host",
    kernel: str | None = None,
    warp_size: int = 32,
    *,
    checks: bool = True,
) -> Any:
    """Runs `kernel` of `module` for a `grid` x `block` launch on `target`.

    `target="host"` returns a `HostResult`, `target="sim"` the
    `SimulationResult` of `simt.simulate` (with its metrics). Arrays in `args`
    are updated in place either way.
    """
    if target == "sim":
        from simt.sim import simulate

        return simulate(
            module,
            grid=grid,
            block=block,
            args=args,
            kernel=kernel,
            warp_size=warp_size,
        )
    if target != "host":
        raise HostExecutionError(f"expected target 'host' or 'sim', found {target!r}")
    return HostModule(module, checks=checks).launch(
        grid, block, args, kernel, warp_size
    )
