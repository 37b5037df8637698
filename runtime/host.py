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
- *coroutines*: a kernel whose own code has block barriers (and no warp
  collectives, no barrier reductions, no barriers in called functions) is an
  LLVM coroutine that suspends at each barrier;
- *fibers*: a kernel with other block barriers runs the threads of one block as
  fibers; each runs until it reaches a barrier or returns, and the barrier
  releases when every thread of the block that has not returned is at one
  (a barrier that reduces, `__syncthreads_count`/`_and`/`_or`, then reduces
  the block's predicates; the block's threads must all be at the same kind);
- *lockstep*: a kernel with warp collectives (votes, ballot, shuffles,
  matches, activemask, syncwarp) runs each warp on
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
- A lane that raises (`simt.raise`) leaves the kernel; the launch keeps the
  raise of the lowest global thread id, as the simulator does
  (`HostResult.raised`), and `debug=True` raises it after the launch as
  numba-cuda's `debug=True` does.
- Faults the host checks (see `simt.lowering.host`: division, shift, memory
  outside every array) stop the launch after the faulting thread with a
  `HostExecutionError`; values the simulator also faults on but the host does
  not check (`fptosi` of NaN or out of range) are the host CPU's.
- Shared memory is zeroed before each block (a GPU leaves it undefined).
- Warp primitives compute what the simulator computes (`simt.sim.intrinsics`
  is their specification), which differs from PTX in two corners: a shuffle
  `up`/`down`/`bfly` offset of 32 or more is out of range (the lane keeps its
  own value; PTX uses the offset's low 5 bits), and a member mask naming
  lanes that do not exist or have returned makes `vote all`, `vote eq` and
  `match_all` compare against those lanes too (so `all` is false in a partial
  warp with a full mask). A shuffle from a lane that does not take part reads
  the lane's own value (undefined in CUDA).
"""

from __future__ import annotations

import ctypes
import mmap
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Literal

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import MemRefType, ModuleOp

from simt.dialects.simt import exception_table
from simt.frontend.signature import flatten_arguments
from simt.lowering.host import (
    HostProgram,
    KernelEntry,
    Mode,
    compile_for_host,
    compile_ir,
)
from simt.lowering.host_shim import (
    BARRIER_REDUCTIONS,
    BLOCK_EVENTS,
    CONTEXT_BYTES,
    RECORD_FIELDS,
    Event,
    FaultKind,
    Field,
)
from simt.model.captures import host_array, kernel_captures
from simt.model.errors import SimtError
from simt.model.exceptions import (
    NO_RAISE,
    RaisedException,
    raise_symbol,
    raised_from_key,
)
from simt.model.machine import MAX_SHARED_BYTES_PER_BLOCK, Dim3, unravel
from simt.runtime.abi import kernel_params, numpy_dtype, stores_as
from simt.sim.errors import SimulationError
from simt.sim.launch import as_dim3, check_cuda_limits
from simt.sim.simulate import STEPS_PER_WARP

Target = Literal["host", "sim"]

DEFAULT_STACK_BYTES = 1 << 16
"""Stack of each fiber (each thread of a block with collectives): 64 KiB (only
the pages a thread touches take memory; an overflow hits a guard page)."""

DEFAULT_TRACE_RECORDS = 4096
"""Block records buffered per thread in lockstep mode before it waits."""

PARALLEL_THREADS = 1 << 14
"""Launches without collectives of at least this many threads use `workers`."""

FRAME_BYTES = 512
"""Coroutine mode: bytes of each thread's frame slot (a larger frame is malloc'd)."""

FIBER_WAVE_THREADS = 4096
"""Threads whose fibers run at once (whole blocks; at least one block)."""

COROUTINE_WAVE_THREADS = 1024
"""Threads whose coroutines run at once (whole blocks; at least one block).
Small, so that their records and frames stay in the cache across the rounds
of `__simt_coro_wave` (bitonic_sort_block at 2^16 threads: 16384 threads a
wave 320 ms, 4096 143 ms, 1024 119 ms, 256 155 ms)."""

_NEVER = -2
"""The reconvergence block of a frame's bottom entry (never reached)."""

_BLOCK_EVENTS = np.array(sorted(BLOCK_EVENTS), dtype=np.int64)
_REDUCTIONS = np.array(sorted(BARRIER_REDUCTIONS), dtype=np.int64)


class HostExecutionError(SimtError):
    """A launch on the host failed: bad arguments, a fault, a divergent barrier."""


@dataclass(frozen=True)
class HostResult:
    """What a host launch reports (the argument arrays hold the outputs)."""

    kernel: str
    mode: Mode
    seconds: float
    """Wall-clock time of running the threads (compilation excluded)."""
    threads: int
    raised: RaisedException | None = None
    """The exception the launch raised (the lowest raising thread's), if any."""


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
        # The IR's integers are signless: any value of the width's signed or
        # unsigned range passes, as its bits (as the simulator takes it).
        info = np.iinfo(dtype)
        high = (1 << (8 * dtype.itemsize)) - 1 if dtype.kind == "i" else info.max
        if not info.min <= int(value) <= high:
            raise HostExecutionError(
                f"argument '{name}': {value} is out of range [{info.min}, {high}]"
            )
        bits = int(value) & ((1 << (8 * dtype.itemsize)) - 1)
        return int(
            np.array(bits, dtype=f"u{dtype.itemsize}").view(dtype).astype(np.int64)
        )
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
    if not stores_as(value.dtype, dtype):
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


def _captures(kernel: func.FuncOp) -> list[object]:
    """The host memory of the device arrays the kernel captures from its
    globals (`simt.model.captures`), its trailing parameters."""
    arrays: list[object] = []
    for obj in kernel_captures(kernel):
        host = host_array(obj)
        if host is None:
            raise HostExecutionError(
                f"@{kernel.sym_name.data} captures the device array "
                f"{type(obj).__name__} from its globals: host execution reaches "
                "captured arrays in host memory only (numba's CUDA simulator's)"
            )
        arrays.append(host)
    return arrays


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
    dynamic_shared: int = 0
    """Bytes of the block's dynamic shared array."""
    step_limit: int = 0
    """Loop iterations the launch may start."""


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
            ranges.append(_array_range(value) or (0, 0))
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
        return f"block {unravel(block, self.grid)}, thread {unravel(local, self.block)}"

    def words(self) -> np.ndarray:
        return np.array([*self.grid, *self.block, self.warp_size], dtype=np.int64)


@dataclass
class HostModule:
    """A simt module compiled for the host once, launched any number of times."""

    module: ModuleOp
    checks: bool = True
    stack_bytes: int = DEFAULT_STACK_BYTES
    trace_records: int = DEFAULT_TRACE_RECORDS
    wave_threads: int | None = None
    """Threads run at once in fiber and coroutine modes (default: per mode)."""
    workers: int = field(default_factory=lambda: min(8, os.cpu_count() or 1))
    """CPU threads for a large launch without collectives (each needs a copy of
    the compiled module, made on first use)."""
    switch: str | None = None
    """The fibers' context switch (`simt.lowering.host_shim.SWITCHES`; default: the CPU's)."""
    program: HostProgram = field(init=False, repr=False)
    _copies: list[HostProgram] = field(init=False, repr=False, default_factory=list)

    def __post_init__(self) -> None:
        self.program = compile_for_host(
            self.module, checks=self.checks, switch=self.switch
        )

    @cached_property
    def graph_tables(self) -> Any:
        """The instrumented functions' graphs for `simt.runtime.lockstep`."""
        from simt.runtime.lockstep import GraphTables

        return GraphTables.of(self.program.ir.graphs)

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
        *,
        dynamic_shared_bytes: int = 0,
        step_limit: int | None = None,
        debug: bool = False,
    ) -> HostResult:
        """Runs every thread of the launch; arrays in `args` are updated in place
        (a tuple argument passes its elements, as numba's launches do).
        `debug=True` raises, after the launch, the exception a lane raised
        (numba-cuda's `debug=True`; the result's `raised` holds it either way).

        `dynamic_shared_bytes` sizes the block's dynamic shared array (numba's
        fourth launch parameter). `step_limit` bounds the visits of loop headers
        by all threads together (default: the simulator's default bound on
        warp instructions, `STEPS_PER_WARP` per warp, which a kernel reaches
        later on the host, where one iteration is several instructions; each
        CPU thread of a parallel launch counts its own; only a module compiled
        with checks counts): a launch that passes it stops with a
        `HostExecutionError` instead of running forever."""
        function, entry = self.kernel_entry(kernel)
        try:
            grid3, block3 = as_dim3(grid, "grid"), as_dim3(block, "block")
            check_cuda_limits(grid3, block3)
        except SimulationError as error:
            # The simulator's checks of a launch, CUDA's limits: the same here.
            raise HostExecutionError(str(error)) from None
        geometry = Geometry(grid3, block3, warp_size)
        if not 1 <= warp_size <= 32:
            raise HostExecutionError(f"warp_size must be in [1, 32], found {warp_size}")
        if not 0 <= dynamic_shared_bytes <= MAX_SHARED_BYTES_PER_BLOCK:
            raise HostExecutionError(
                f"dynamic shared memory must be in [0, {MAX_SHARED_BYTES_PER_BLOCK}] bytes, "
                f"found {dynamic_shared_bytes}"
            )
        bound = _bind(function, entry, flatten_arguments(args) + _captures(function))
        bound.dynamic_shared = dynamic_shared_bytes
        if step_limit is not None and step_limit < 1:
            raise HostExecutionError(f"step_limit must be positive, found {step_limit}")
        warps = geometry.blocks * -(-geometry.threads_per_block // warp_size)
        bound.step_limit = step_limit or STEPS_PER_WARP * warps
        self._set_ranges(bound, self.program)
        sites = exception_table(function)
        if sites:
            self._raise_words(entry.name, NO_RAISE)
        start = time.perf_counter()
        if entry.mode is Mode.DIRECT:
            self._run_direct(entry, geometry, bound)
        else:
            _FiberLauncher(self, entry, geometry, bound).run()
        seconds = time.perf_counter() - start
        threads = geometry.blocks * geometry.threads_per_block
        raised = None
        if sites:
            key = self._raise_words(entry.name)
            raised = raised_from_key(key, sites, grid3, block3)
        if debug and raised is not None:
            raise raised.exception()
        return HostResult(entry.name, entry.mode, seconds, threads, raised)

    def _raise_words(self, kernel: str, reset: int | None = None) -> int:
        """The lowest of the kernel's exception words in every compiled copy
        (each CPU thread of a parallel launch has its own); `reset` first
        stores that value in each."""
        lowest = NO_RAISE
        for program in (self.program, *self._copies):
            word = ctypes.c_uint64.from_address(program.variable(raise_symbol(kernel)))
            if reset is not None:
                word.value = reset
            lowest = min(lowest, int(word.value))
        return lowest

    # -- shared state of the compiled module -----------------------------------

    def _set_ranges(self, bound: _Arguments, program: HostProgram) -> None:
        table = program.variable("__simt_ranges")
        count = program.variable("__simt_nranges")
        ctypes.c_void_p.from_address(table).value = bound.ranges.ctypes.data
        ctypes.c_int64.from_address(count).value = len(bound.ranges) // 2
        dynamic = program.variable("__simt_dynamic_bytes")
        ctypes.c_int64.from_address(dynamic).value = bound.dynamic_shared
        limit = program.variable("__simt_step_limit")
        ctypes.c_int64.from_address(limit).value = bound.step_limit
        steps = program.variable("__simt_steps")
        ctypes.c_int64.from_address(steps).value = 0
        _fault_words(program)[:] = 0

    def shared_bytes(self, bound: _Arguments) -> int:
        """Bytes of one block's shared memory for this launch."""
        return self.program.ir.shared.block_bytes(bound.dynamic_shared)

    def _engines(self, count: int) -> list[HostProgram]:
        """`count` compiled copies of the module (each has its own globals, so
        each can run on its own CPU thread); the first is `program`."""
        while len(self._copies) + 1 < count:
            self._copies.append(compile_ir(self.program.ir))
        return [self.program, *self._copies][:count]

    def raise_fault(
        self, entry: KernelEntry, geometry: Geometry, program: HostProgram | None = None
    ) -> None:
        """Raises `HostExecutionError` if a check recorded a fault."""
        words = _fault_words(program or self.program)
        kind, site, thread, address = (int(w) for w in words)
        if kind == FaultKind.NONE:
            return
        where = self.program.ir.sites[site]
        detail = f" at address {address:#x}" if kind == FaultKind.MEMORY else ""
        problem = {
            FaultKind.DIVISION: "division by zero or overflow",
            FaultKind.SHIFT: "shift amount out of range",
            FaultKind.MEMORY: "memory access outside every array",
            FaultKind.STEPS: (
                "step limit reached (the kernel may not terminate; pass a larger "
                "step_limit if it does)"
            ),
        }[FaultKind(kind)]
        raise HostExecutionError(
            f"@{entry.name}: {geometry.describe(thread)}: {problem}: {where.what} in "
            f"@{where.function}{detail}"
        )

    # -- direct mode -----------------------------------------------------------

    def _run_direct(
        self, entry: KernelEntry, geometry: Geometry, bound: _Arguments
    ) -> None:
        """The blocks in order; a large launch in contiguous ranges of blocks,
        one per CPU thread, each on its own copy of the module."""
        threads = geometry.blocks * geometry.threads_per_block
        count = 1
        if threads >= PARALLEL_THREADS:
            count = max(1, min(self.workers, geometry.blocks))
        engines = self._engines(count)
        bounds = np.linspace(0, geometry.blocks, count + 1).astype(np.int64)
        words = geometry.words()
        shared = self.shared_bytes(bound)
        jobs = [
            _DirectJob(program, entry, words, bound, int(first), int(last), shared)
            for program, first, last in zip(
                engines, bounds[:-1], bounds[1:], strict=True
            )
        ]
        for job in jobs:
            self._set_ranges(bound, job.program)
        if count == 1:
            jobs[0].run()
        else:
            workers = [threading.Thread(target=job.run) for job in jobs]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
        for job in jobs:
            self.raise_fault(entry, geometry, job.program)


def _fault_words(program: HostProgram) -> np.ndarray:
    return program.fault_words


class SharedMemory:
    """The shared memory of `blocks` blocks that run at once, `block_bytes` each
    (16-byte aligned), zeroed."""

    def __init__(self, blocks: int, block_bytes: int) -> None:
        self.block_bytes = block_bytes
        self.memory = np.zeros(blocks * block_bytes + 16, dtype=np.uint8)
        self.base = -(-self.memory.ctypes.data // 16) * 16

    def block(self, index: np.ndarray) -> np.ndarray:
        """The shared memory address of each block in `index` (within the wave)."""
        return self.base + index * self.block_bytes

    def clear(self) -> None:
        self.memory[:] = 0


@dataclass
class _DirectJob:
    """A range of blocks run to completion by `__simt_run_direct` of one copy."""

    program: HostProgram
    entry: KernelEntry
    geometry: np.ndarray
    bound: _Arguments
    first: int
    last: int
    shared_bytes: int

    def run(self) -> None:
        run = _function(
            self.program,
            "__simt_run_direct",
            ctypes.c_int64,
            *[ctypes.c_void_p] * 4,
            ctypes.c_int64,
            ctypes.c_int64,
        )
        record = np.zeros(RECORD_FIELDS, dtype=np.int64)
        shared = SharedMemory(1, self.shared_bytes)
        record[Field.SHARED] = shared.base
        record[Field.SHARED_BYTES] = self.shared_bytes
        record[Field.DYNAMIC_SHARED] = self.bound.dynamic_shared
        run(
            record.ctypes.data,
            self.program.function(self.entry.entry),
            self.bound.words.ctypes.data,
            self.geometry.ctypes.data,
            self.first,
            self.last,
        )


# ---------------------------------------------------------------------------
# Fibers
# ---------------------------------------------------------------------------


class _Stacks:
    """One stack per fiber, each above a guard page (an overflow faults)."""

    def __init__(self, count: int, size: int) -> None:
        page = mmap.PAGESIZE
        self.size = -(-size // page) * page
        self.stride = self.size + page
        self.memory = mmap.mmap(-1, max(1, self.stride * count))
        base = ctypes.addressof(ctypes.c_char.from_buffer(self.memory))
        self.first = base + page
        libc = ctypes.CDLL(None, use_errno=True)
        libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        for index in range(count):
            libc.mprotect(base + index * self.stride, page, 0)


@lru_cache(maxsize=1 << 14)
def _lanes(mask: int) -> np.ndarray:
    """The lane numbers of a bit mask, ascending."""
    return np.array([i for i in range(mask.bit_length()) if mask >> i & 1], np.int64)


class _FiberLauncher:
    """Runs a kernel whose threads meet at collectives, a wave of blocks at a time."""

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
        per_block = geometry.threads_per_block
        wave = host.wave_threads or (
            COROUTINE_WAVE_THREADS
            if entry.mode is Mode.COROUTINES
            else FIBER_WAVE_THREADS
        )
        self.wave = max(1, min(geometry.blocks, wave // per_block))
        count = self.wave * per_block
        self.records = np.zeros((count, RECORD_FIELDS), dtype=np.int64)
        self.coroutines = entry.mode is Mode.COROUTINES
        self.stacks = _Stacks(0 if self.coroutines else count, host.stack_bytes)
        self.frames = np.zeros(count * FRAME_BYTES // 8 if self.coroutines else 0)
        self.contexts = np.zeros(0, dtype=np.int64)
        if host.program.ir.switch == "ucontext" and not self.coroutines:
            self.contexts = np.zeros(count * CONTEXT_BYTES // 8, dtype=np.int64)
        self.shared = SharedMemory(self.wave, host.shared_bytes(bound))
        capacity = host.trace_records if entry.mode is Mode.LOCKSTEP else 0
        self.traces = np.zeros((count, capacity), dtype=np.int64)
        program = host.program
        self.init = _function(
            program,
            "__simt_fiber_init",
            None,
            ctypes.c_void_p,
            ctypes.c_int64,
            ctypes.c_void_p,
            ctypes.c_int64,
            ctypes.c_int64,
        )
        self.wave_native = _function(
            program, "__simt_coro_wave", ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64
        )
        self.resume_native = _function(
            program,
            "__simt_coro_round" if self.coroutines else "__simt_resume",
            None,
            ctypes.c_void_p,
            ctypes.c_void_p,
            ctypes.c_int64,
        )
        self._prepare_records()

    def _prepare_records(self) -> None:
        g = self.geometry
        records = self.records
        index = np.arange(len(records), dtype=np.int64)
        local = index % g.threads_per_block
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
        records[:, Field.SHARED] = self.shared.block(index // g.threads_per_block)
        records[:, Field.SHARED_BYTES] = self.shared.block_bytes
        records[:, Field.DYNAMIC_SHARED] = self.bound.dynamic_shared
        if len(self.contexts):
            records[:, Field.CONTEXT] = (
                self.contexts.ctypes.data + index * CONTEXT_BYTES
            )
        capacity = self.traces.shape[1]
        records[:, Field.TRACE] = self.traces.ctypes.data + index * capacity * 8
        records[:, Field.TRACE_CAP] = capacity
        if self.coroutines:
            records[:, Field.FRAME] = self.frames.ctypes.data + index * FRAME_BYTES
            records[:, Field.FRAME_CAP] = FRAME_BYTES

    def run(self) -> None:
        for first in range(0, self.geometry.blocks, self.wave):
            blocks = min(self.wave, self.geometry.blocks - first)
            count = self._start_wave(first, blocks)
            try:
                if self.entry.mode is Mode.LOCKSTEP:
                    self._run_lockstep(blocks, count)
                else:
                    self._run_barriers(count)
            finally:
                self._free_frames(count)

    def _free_frames(self, count: int) -> None:
        """Frees the coroutine frames that did not fit their slots."""
        heap = self.records[:count, Field.FRAME_HEAP]
        if not self.coroutines or not heap.any():
            return
        libc = ctypes.CDLL(None)
        libc.free.argtypes = [ctypes.c_void_p]
        for address in heap[heap != 0].tolist():
            libc.free(address)
        heap[:] = 0

    def _start_wave(self, first: int, blocks: int) -> int:
        """Prepares the fibers of blocks [first, first + blocks); returns their count."""
        g = self.geometry
        per_block = g.threads_per_block
        count = blocks * per_block
        records = self.records[:count]
        block = first + np.arange(count, dtype=np.int64) // per_block
        records[:, Field.CTAID_X] = block % g.grid[0]
        records[:, Field.CTAID_Y] = (block // g.grid[0]) % g.grid[1]
        records[:, Field.CTAID_Z] = block // (g.grid[0] * g.grid[1])
        records[:, Field.THREAD] = first * per_block + np.arange(count)
        records[:, Field.EVENT] = Event.RUNNING
        records[:, Field.TRACE_LEN] = 0
        self.shared.clear()
        if self.coroutines:
            records[:, Field.HANDLE] = 0
            return count
        self.init(
            records.ctypes.data,
            count,
            self.stacks.first,
            self.stacks.stride,
            self.stacks.size,
        )
        return count

    def resume(self, ids: np.ndarray) -> None:
        ids = np.ascontiguousarray(ids, dtype=np.int64)
        self.resume_native(self.records.ctypes.data, ids.ctypes.data, len(ids))
        self.host.raise_fault(self.entry, self.geometry)

    # -- block barriers only -----------------------------------------------------

    def _run_barriers(self, count: int) -> None:
        """Every thread runs to a barrier or its end; then all barriers release
        (each block's live threads are then all at one). Coroutines do the
        rounds in one native loop (`__simt_coro_wave`)."""
        if self.coroutines:
            self.wave_native(self.records.ctypes.data, count)
            self.host.raise_fault(self.entry, self.geometry)
            return
        waiting = np.arange(count, dtype=np.int64)
        while len(waiting):
            self.resume(waiting)
            events = self.records[waiting, Field.EVENT]
            waiting = waiting[np.isin(events, _BLOCK_EVENTS)]
            self._reduce_at_barriers(waiting)

    def _reduce_at_barriers(self, waiting: np.ndarray) -> None:
        """Computes the barriers that reduce (`__syncthreads_count`, `_and`,
        `_or`) over the threads `waiting` at a barrier, block by block: the
        lanes' predicates (`ARG0`) counted, all or any, into `RESULT`. The
        threads of a block must all wait at the same kind of barrier."""
        events = self.records[waiting, Field.EVENT]
        if not np.isin(events, _REDUCTIONS).any():
            return
        blocks = waiting // self.geometry.threads_per_block
        for block in np.unique(blocks):
            ids = waiting[blocks == block]
            kinds = np.unique(self.records[ids, Field.EVENT])
            if len(kinds) > 1:
                where = self.geometry.describe(int(self.records[ids[0], Field.THREAD]))
                raise HostExecutionError(
                    f"@{self.entry.name}: {where}: the threads of a block wait at "
                    "different barriers (one reduces its predicates, another does "
                    "not or reduces another way)"
                )
            votes = self.records[ids, Field.ARG0] & 0xFFFFFFFF != 0
            count = int(votes.sum())
            kind = Event(int(kinds[0]))
            value = {
                Event.BARRIER: 0,
                Event.BARRIER_POPC: count,
                Event.BARRIER_AND: int(count == len(ids)),
                Event.BARRIER_OR: int(count > 0),
            }[kind]
            self.records[ids, Field.RESULT] = value

    # -- lockstep: traces replayed on each warp's reconvergence stack ------------

    def _run_lockstep(self, blocks: int, threads: int) -> None:
        """Replays the wave's warps; when none can move, all wait at barriers
        (or are done), so every block's barrier releases."""
        from simt.runtime import lockstep

        self.resume(np.arange(threads, dtype=np.int64))
        kernel = int(self.traces[0, 0]) >> 32
        g = self.geometry
        stacks = lockstep.WarpStacks.start(
            g.threads_per_block, blocks, g.warp_size, kernel
        )
        tables = self.host.graph_tables
        cursor = np.zeros(threads, dtype=np.int64)
        ready = np.zeros(threads, dtype=np.int64)
        records, traces = self.records[:threads], self.traces[:threads]
        while True:
            count, status, warp = lockstep.replay(
                stacks, records, traces, cursor, tables, ready
            )
            if status != 0:
                self._lockstep_failure(status, stacks, warp)
            if count == 0:
                waiting = np.flatnonzero(stacks.state == lockstep.AT_BARRIER)
                if len(waiting) == 0:
                    return
                ready_ids = np.concatenate(
                    [
                        int(stacks.first[w])
                        + _lanes(int(stacks.mask[w, stacks.entries[w] - 1]))
                        for w in waiting
                    ]
                )
                self._reduce_at_barriers(ready_ids)
                stacks.state[waiting] = lockstep.RUNNING
                self.resume(ready_ids)
                continue
            stacks.state[stacks.state == lockstep.WAITING] = lockstep.RUNNING
            self.resume(ready[:count])

    def _lockstep_failure(self, status: int, stacks: Any, warp: int) -> None:
        from simt.runtime import lockstep

        first = int(stacks.first[warp])
        top = int(stacks.mask[warp, stacks.entries[warp] - 1])
        missing = int(stacks.live[warp]) & ~top
        lane = int(_lanes(missing)[0]) if missing else 0
        where = self.geometry.describe(int(self.records[first + lane, Field.THREAD]))
        if status == lockstep.DIVERGENT_BARRIER:
            raise HostExecutionError(
                f"@{self.entry.name}: {where}: a barrier reached by only part of its "
                "warp (a barrier in divergent control flow): this live thread is not "
                "at it"
            )
        if status in (lockstep.MASK_LACKS_LANE, lockstep.MASK_NAMES_ABSENT):
            self._member_failure(status, first, top, int(stacks.live[warp]))
        if status == lockstep.UNKNOWN_EVENT:
            event = int(self.records[first + int(_lanes(top)[0]), Field.EVENT])
            raise HostExecutionError(
                f"@{self.entry.name}: {where}: no host handler for the collective "
                f"event {event}"
            )
        if status == lockstep.OVERFLOW:
            raise HostExecutionError(
                f"@{self.entry.name}: {where}: more than {lockstep.MAX_ENTRIES} "
                f"reconvergence stack entries or {lockstep.MAX_FRAMES} nested calls"
            )
        raise AssertionError(f"lanes of one stack entry at different places ({where})")

    def _member_failure(self, status: int, first: int, group: int, live: int) -> None:
        """Raises the simulator's error for a member mask that breaks CUDA's
        participation rules (the first lane of `group` whose mask does)."""
        from simt.runtime import lockstep

        for lane in _lanes(group).tolist():
            record = self.records[first + lane]
            members = int(record[Field.ARG0]) & 0xFFFFFFFF
            absent = members & live & ~group
            if status == lockstep.MASK_LACKS_LANE and not members >> lane & 1:
                problem = f"the member mask {members:#x} does not name this lane"
            elif status == lockstep.MASK_NAMES_ABSENT and absent:
                other = (absent & -absent).bit_length() - 1
                problem = (
                    f"lane {other} is named in the member mask {members:#x} but "
                    "does not take part"
                )
            else:
                continue
            where = self.geometry.describe(int(record[Field.THREAD]))
            raise HostExecutionError(
                f"@{self.entry.name}: {where}: a warp collective: {problem}"
            )
        raise AssertionError("a member-mask failure without a failing lane")


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
    dynamic_shared_bytes: int = 0,
    debug: bool = False,
) -> Any:
    """Runs `kernel` of `module` for a `grid` x `block` launch on `target`.

    `target="host"` returns a `HostResult`, `target="sim"` the
    `SimulationResult` of `simt.simulate` (with its metrics). Arrays in `args`
    are updated in place either way. `debug=True` raises, after the launch,
    the exception a lane raised, as numba-cuda's `debug=True` does.
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
            dynamic_shared_bytes=dynamic_shared_bytes,
            debug=debug,
        )
    if target != "host":
        raise HostExecutionError(f"expected target 'host' or 'sim', found {target!r}")
    return HostModule(module, checks=checks).launch(
        grid,
        block,
        args,
        kernel,
        warp_size,
        dynamic_shared_bytes=dynamic_shared_bytes,
        debug=debug,
    )
