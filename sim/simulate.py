"""`simulate`: run a kernel of a module for a launch and collect its metrics.

    result = simt.simulate(module, grid=(4,), block=(128,), args=[a, b, n])
    result.stats.simd_efficiency, result.stats.to_json()
    result.plot_activity("activity.png")

The kernel is chosen by name (`kernel=`), else it is the only `func.func`
with the `simt.kernel` attribute, else the only function of the module.
Arguments follow the kernel's signature: a numpy array for each `memref`
argument, whose dtype and rank must match (the array is updated in place),
and a Python or numpy number for each scalar argument, which must fit the
type. Every mismatch is a `SimulationError` naming the argument.

Engines: `native` (`native.py`, the default where it applies) and
`reference` (`machine.py`, numpy); both compute the same outputs and
metrics. `engine="auto"` runs the native engine unless the kernel needs an
op, a type or a construct that only the reference engine has (`program.py`
lists them), or the warp size is above 64.

Exceptions (`simt.raise`): a lane that raises leaves the kernel and the
other lanes go on. The result keeps the raise of the lowest global thread
id (`SimulationResult.raised`, `simt.model.exceptions`); `debug=True`
raises it after the launch as numba-cuda's `debug=True` launcher does
(`RaisedException.exception`), and without it nothing is raised, as
numba-cuda reports nothing.

Waves: the blocks run `wave_threads` threads at a time at most (whole
blocks, in increasing linear block order; `Launch.waves`), so memory is
bounded by a wave. Within a wave the warps run in lockstep as described in
DESIGN.md; a wave runs to its end before the next one starts, so a block sees
every global-memory write and atomic of the blocks of earlier waves, and
those of the other blocks of its own wave in the lockstep order (an op
executes for every warp of a step, in increasing thread order, before the
next op). CUDA promises nothing between blocks; this order makes every run
deterministic. The metrics of a kernel whose blocks do not communicate do
not depend on the wave size. A kernel with a grid barrier
(`simt.grid_barrier`, `cuda.cg.this_grid().sync()`) runs as one wave of the
whole grid whatever `wave_threads` says: CUDA's cooperative launch keeps every
block resident, and the barrier releases when every live thread of the grid
is at it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import arith, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    IndexType,
    MemRefType,
    ModuleOp,
    StringAttr,
    UnitAttr,
    i32,
)
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute

from simt.dialects.intrinsics import GridBarrierOp
from simt.dialects.simt import ThreadIdOp, exception_table
from simt.model.captures import host_array, kernel_captures
from simt.model.costs import CostTable, as_cost_table
from simt.model.exceptions import FIRST_CODE, RaisedException, thread_position
from simt.model.kernel import ARG_NAMES_ATTR, KERNEL_ATTR, is_kernel
from simt.model.machine import MAX_SHARED_BYTES_PER_BLOCK
from simt.model.records import (
    complex_parts,
    field_views,
    is_complex_value,
    is_record_value,
    passed_value,
)
from simt.sim.activity import ActivityTrace
from simt.sim.errors import SimulationError
from simt.sim.launch import (
    Dim3,
    Launch,
    as_dim3,
    check_cuda_limits,
    check_memory,
)
from simt.sim.machine import Machine, MachineConfig
from simt.sim.memory import MemRefHandle
from simt.sim.native_machine import NativeMachine, Scratch, check_arrays
from simt.sim.program import NotNative, Program, encode
from simt.sim.stats import Counters, SimulationStats
from simt.sim.values import ExecMask, Value, dtype_of

ENGINES = ("auto", "native", "reference")
WAVE_THREADS = 1 << 14
"""Threads per wave by default: whole blocks, at least one."""


@dataclass(frozen=True)
class SimulationResult:
    """What a simulation measured; the argument arrays hold the outputs."""

    stats: SimulationStats
    trace: ActivityTrace | None
    raised: RaisedException | None = None
    """The exception the launch raised (the lowest raising thread's), if any."""

    def plot_activity(self, path: str | Path) -> Path:
        """Writes a PNG heat map of active lanes per warp over time."""
        if self.trace is None:
            raise SimulationError("the simulation ran without an activity trace")
        stats = self.stats
        title = (
            f"@{stats.kernel}: active lanes per warp "
            f"(SIMD efficiency {stats.simd_efficiency:.1%}, "
            f"{stats.issued} warp instructions)"
        )
        return self.trace.plot(path, title)


def simulate(
    module: ModuleOp,
    grid: int | Sequence[int],
    block: int | Sequence[int],
    args: Sequence[Any],
    kernel: str | None = None,
    warp_size: int = 32,
    cost: CostTable | Mapping[str, float] | None = None,
    *,
    trace: bool = True,
    step_limit: int | None = None,
    dynamic_shared_bytes: int = 0,
    engine: str = "auto",
    wave_threads: int = WAVE_THREADS,
    debug: bool = False,
) -> SimulationResult:
    """Runs `kernel` of `module` for every thread of a `grid` x `block` launch.

    Arrays in `args` are updated in place. `cost` is a `CostTable` or a
    mapping of overrides (op kinds or op names, see `simt.model.costs`).
    `step_limit` bounds the warp instructions issued (a runaway loop raises
    a `SimulationError`); by default it is `STEPS_PER_WARP` per warp of the
    launch, a few minutes of simulation. `trace=False` skips the activity
    trace. `dynamic_shared_bytes` is the dynamic shared memory of each block
    (the fourth launch parameter of `kernel[grid, block, stream, bytes]`).
    The launch is checked against CUDA's limits and the machine's
    memory before anything is allocated (`launch.check_memory`, a bound for
    the whole launch although waves use less). `engine` is
    "auto", "native" or "reference"; `wave_threads` bounds the threads
    simulated together (see the module docstring). `debug=True` raises, after
    the launch, the exception a lane raised (numba-cuda's `debug=True`; the
    result's `raised` holds it either way). To run one kernel many times,
    make a `Simulator` once.
    """
    _check_call(module, args, kernel, step_limit)
    simulator = Simulator(module, kernel, cost, engine=engine)
    return simulator.run(
        grid,
        block,
        args,
        warp_size,
        trace=trace,
        step_limit=step_limit,
        wave_threads=wave_threads,
        dynamic_shared_bytes=dynamic_shared_bytes,
        debug=debug,
    )


def compile_native_engine() -> None:
    """Compiles the native engine now, by simulating a one-store kernel on it.

    numba keeps the compiled engine in its disk cache (next to
    `native.py`). In a fresh checkout the first native simulation compiles
    it (about 40 s), and so does every process that starts before the cache
    is written: `tests/run.sh` calls this once before pytest's workers start.
    """
    out = MemRefType(i32, [DYNAMIC_INDEX])
    kernel = FuncOp("warm_up", ([out], []))
    kernel.attributes[KERNEL_ATTR] = UnitAttr()
    block = kernel.body.block
    lane = ThreadIdOp("x")
    index = arith.IndexCastOp(lane, IndexType())
    block.add_ops(
        [lane, index, memref.StoreOp.get(lane, block.args[0], [index]), ReturnOp()]
    )
    values = np.zeros(32, np.int32)
    # one specialization serves every launch, traced or not (numba compiles
    # `native.run` for one signature)
    simulate(ModuleOp([kernel]), 1, 32, [values], trace=False, engine="native")
    if not np.array_equal(values, np.arange(32)):
        raise SimulationError(
            "the native engine's warm-up kernel computed wrong values"
        )


class Simulator:
    """A kernel prepared once (its native program encoded) for many launches.

        simulator = Simulator(module, kernel="k")
        result = simulator.run(grid=(4,), block=(128,), args=[a, b, n])

    The module must not change while the simulator is in use.
    """

    def __init__(
        self,
        module: ModuleOp,
        kernel: str | None = None,
        cost: CostTable | Mapping[str, float] | None = None,
        *,
        engine: str = "auto",
    ) -> None:
        if engine not in ENGINES:
            raise SimulationError(
                f"engine must be one of {', '.join(ENGINES)}, found {engine!r}"
            )
        self.module = module
        self.func = select_kernel(module, kernel)
        try:
            self.costs = as_cost_table(cost)
        except ValueError as error:
            raise SimulationError(str(error)) from None
        self.engine = engine
        self._parameters = Parameters(self.func)
        self.grid_sync = any(isinstance(op, GridBarrierOp) for op in self.func.walk())
        """Whether the kernel may reach a grid barrier (it runs as one wave)."""
        self._scratch: Scratch | None = None
        """The buffers of the last native run, for the next one."""
        self._last_launch: tuple[tuple[Dim3, Dim3, int], Launch] | None = None
        self.program: Program | None = None
        self.not_native: str | None = "the reference engine was asked for"
        if engine != "reference":
            try:
                self.program = encode(module, self.func, self.costs)
                self.not_native = None
            except NotNative as reason:
                self._refuse(str(reason))

    @property
    def kernel(self) -> str:
        return self.func.sym_name.data

    def run(
        self,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[Any],
        warp_size: int = 32,
        *,
        trace: bool = True,
        step_limit: int | None = None,
        wave_threads: int = WAVE_THREADS,
        dynamic_shared_bytes: int = 0,
        debug: bool = False,
    ) -> SimulationResult:
        """Simulates one launch (see `simulate`)."""
        _check_call(self.module, args, None, step_limit)
        if not 0 <= dynamic_shared_bytes <= MAX_SHARED_BYTES_PER_BLOCK:
            raise SimulationError(
                f"dynamic_shared_bytes must be in [0, {MAX_SHARED_BYTES_PER_BLOCK}], "
                f"found {dynamic_shared_bytes}"
            )
        grid3, block3 = as_dim3(grid, "grid"), as_dim3(block, "block")
        launch = self._launch(grid3, block3, warp_size)
        limit = step_limit if step_limit is not None else default_step_limit(launch)
        values = self._parameters.bind(args)
        waves = launch.waves(launch.num_threads if self.grid_sync else wave_threads)
        activity = ActivityTrace(launch.num_warps, warp_size) if trace else None
        program = self._program_for(warp_size, values)
        raised: tuple[int, int] | None = None
        if program is not None:
            stats = self._run_native(
                program, launch, waves, wave_threads, values, activity, limit
            )
        else:
            with np.errstate(all="ignore"):
                stats, raised = self._run_reference(
                    launch, waves, values, activity, limit, dynamic_shared_bytes
                )
        result = SimulationResult(stats, activity, self._raised(raised, launch))
        if debug and result.raised is not None:
            raise result.raised.exception()
        return result

    def _launch(self, grid: Dim3, block: Dim3, warp_size: int) -> Launch:
        """The checked geometry of a launch; the last one's again when the
        shape is the same (a kernel launched in a loop)."""
        key = (grid, block, warp_size)
        last = self._last_launch
        if last is not None and last[0] == key and type(warp_size) is int:
            return last[1]
        check_cuda_limits(grid, block)
        launch = Launch(grid, block, warp_size)
        check_memory(launch)
        self._last_launch = (key, launch)
        return launch

    def _raised(
        self, raised: tuple[int, int] | None, launch: Launch
    ) -> RaisedException | None:
        """The record of the kept raise, (global thread id, code), if any."""
        if raised is None:
            return None
        thread, code = raised
        site = exception_table(self.func)[code - FIRST_CODE]
        tid, ctaid = thread_position(thread, launch.grid, launch.block)
        return RaisedException(site, code, tid, ctaid)

    def _refuse(self, reason: str) -> None:
        if self.engine == "native":
            raise SimulationError(
                f"the native engine cannot run @{self.kernel}: {reason}"
            )
        self.not_native = reason

    def _program_for(self, warp_size: int, values: Sequence[Value]) -> Program | None:
        """The native program, or None where this launch needs the reference."""
        program = self.program
        if program is None:
            return None
        try:
            if warp_size > 64:
                raise NotNative(f"a warp size of {warp_size} (above 64)")
            if program.uses_ballot and warp_size > 32:
                raise NotNative(f"a ballot with a warp size of {warp_size}")
            check_arrays(program, values)
        except NotNative as reason:
            self._refuse(str(reason))
            return None
        return program

    def _run_native(
        self,
        program: Program,
        launch: Launch,
        waves: Iterable[Launch],
        wave_threads: int,
        values: Sequence[Value],
        activity: ActivityTrace | None,
        step_limit: int,
    ) -> SimulationStats:
        wave_warps = launch.wave_warps(wave_threads)
        machine = NativeMachine(
            program, launch, wave_warps, values, activity, step_limit, self._scratch
        )
        self._scratch = machine.scratch
        try:
            for wave in waves:
                if activity is not None:
                    activity.begin_wave(wave.first_warp, wave.num_warps)
                machine.run_wave(wave)
        except KeyboardInterrupt:
            # seen between waves: a wave runs in machine code to its end
            summary = interrupted_summary(machine.stats(self.kernel))
            raise SimulationInterrupted(summary) from None
        finally:
            machine.finish()
        return machine.stats(self.kernel)

    def _run_reference(
        self,
        launch: Launch,
        waves: Iterable[Launch],
        values: Sequence[Value],
        activity: ActivityTrace | None,
        step_limit: int,
        dynamic_shared_bytes: int,
    ) -> tuple[SimulationStats, tuple[int, int] | None]:
        """The launch's statistics and its raise, (global thread id, code)."""
        counters = Counters()
        raised: tuple[int, int] | None = None
        launch_wide: dict[str, Any] = {}
        """Globals outside shared memory: one array for the whole launch."""
        try:
            for wave in waves:
                if activity is not None:
                    activity.begin_wave(wave.first_warp, wave.num_warps)
                config = MachineConfig(
                    wave,
                    self.costs,
                    step_limit=step_limit,
                    dynamic_shared_bytes=dynamic_shared_bytes,
                )
                machine = Machine(self.module, config, counters, activity)
                machine.launch_memory.update(launch_wide)
                mask = ExecMask(wave.real.copy(), wave.warp_size)
                machine.depth = mask.warps.astype(np.int64)
                machine.note_depth(machine.depth)
                machine.run_function(self.func, values, mask)
                if machine.raised is not None:
                    raised = min(raised or machine.raised, machine.raised)
                launch_wide.update(
                    (name, handle)
                    for name, handle in machine.launch_memory.items()
                    if isinstance(handle, MemRefHandle) and handle.per_block is None
                )
        except KeyboardInterrupt:
            summary = interrupted_summary(self._freeze(counters, launch))
            raise SimulationInterrupted(summary) from None
        if activity is not None:
            activity.fold()
        return self._freeze(counters, launch), raised

    def _freeze(self, counters: Counters, launch: Launch) -> SimulationStats:
        return counters.freeze(
            self.kernel,
            launch.grid,
            launch.block,
            launch.warp_size,
            launch.num_threads,
            launch.num_warps,
            self.costs,
        )


class SimulationInterrupted(SimulationError, KeyboardInterrupt):
    """Ctrl-C during a simulation: a `SimulationError` whose message sums up
    the run so far, and still a `KeyboardInterrupt` for code that stops on it."""


def interrupted_summary(stats: SimulationStats) -> str:
    """What a simulation stopped by Ctrl-C had done: instructions, efficiency,
    and the loops the warps were in (the most iterated first)."""
    busy = sorted(stats.loops.items(), key=lambda item: -item[1].warp_iterations)
    where = ", ".join(
        f"{loop.location or site} ({loop.warp_iterations} warp iterations)"
        for site, loop in busy[:3]
    )
    return (
        f"@{stats.kernel}: interrupted after {stats.issued} warp instructions "
        f"(SIMD efficiency so far {stats.simd_efficiency:.1%}); "
        f"busiest loops: {where or 'none'}"
    )


STEPS_PER_WARP = 5_000_000
"""Default step limit per warp of the launch: a kernel that issues more is
taken for a runaway loop. The simulator steps all warps of a launch at once,
so the limit takes about the same time for any launch size: one to a few
minutes, not the hours a fixed 10^9 took."""


def default_step_limit(launch: Launch) -> int:
    """The step limit `simulate` uses when none is given."""
    return STEPS_PER_WARP * launch.num_warps


def _check_call(
    module: object, args: object, kernel: object, step_limit: object
) -> None:
    if not isinstance(module, ModuleOp):
        raise SimulationError(
            f"simulate needs a builtin.module (from simt.compile_python or the "
            f"parser), found {type(module).__name__}"
        )
    if not isinstance(args, Sequence) or isinstance(args, str | bytes):
        raise SimulationError(
            f"args must be a list of the kernel's arguments, found {type(args).__name__}"
        )
    if kernel is not None and not isinstance(kernel, str):
        raise SimulationError(f"kernel must be a function name, found {kernel!r}")
    if step_limit is not None and (
        not isinstance(step_limit, int)
        or isinstance(step_limit, bool)
        or step_limit < 1
    ):
        raise SimulationError(
            f"step_limit must be a positive int or None, found {step_limit!r}"
        )


def select_kernel(module: ModuleOp, name: str | None) -> FuncOp:
    funcs = [op for op in module.ops if isinstance(op, FuncOp)]
    if name is not None:
        for f in funcs:
            if f.sym_name.data == name:
                return _checked_kernel(f)
        known = ", ".join(f"@{f.sym_name.data}" for f in funcs) or "none"
        raise SimulationError(f"no function @{name} in the module (functions: {known})")
    kernels = [f for f in funcs if is_kernel(f)]
    candidates = kernels or [f for f in funcs if not f.is_declaration]
    if len(candidates) != 1:
        kind = "kernels" if kernels else "functions"
        names = ", ".join(f"@{f.sym_name.data}" for f in candidates) or "none"
        raise SimulationError(
            f"cannot choose the kernel: the module has {len(candidates)} {kind} "
            f"({names}); pass kernel=<name>"
        )
    return _checked_kernel(candidates[0])


def _checked_kernel(func: FuncOp) -> FuncOp:
    if func.is_declaration:
        raise SimulationError(f"@{func.sym_name.data} has no body to simulate")
    return func


def argument_names(func: FuncOp) -> list[str]:
    """The kernel's argument names: `simt.arg_names`, else the SSA names of
    the entry block's arguments, else `#0`, `#1`, ..."""
    count = len(func.function_type.inputs.data)
    attr = func.attributes.get(ARG_NAMES_ATTR)
    if isinstance(attr, ArrayAttr):
        names = [a.data for a in attr.data if isinstance(a, StringAttr)]
        if len(names) == count:
            return names
    entry = func.body.blocks.first
    hints = [a.name_hint for a in entry.args] if entry is not None else []
    return [
        hint if hint is not None else f"#{i}"
        for i, hint in enumerate(hints + [None] * (count - len(hints)))
    ]


class Parameters:
    """A kernel's parameters: names, types and dtypes, read from the IR once
    (a `Simulator` binds every launch with them)."""

    def __init__(self, func: FuncOp) -> None:
        self.func = func
        self.types: list[Attribute] = list(func.function_type.inputs.data)
        self.names = argument_names(func)
        self.dtypes = [
            dtype_of(t.element_type if isinstance(t, MemRefType) else t)
            for t in self.types
        ]
        self.captures = bool(kernel_captures(func))
        self._quick = [
            _quick_binder(t, dtype)
            for t, dtype in zip(self.types, self.dtypes, strict=True)
        ]

    def bind(self, args: Sequence[Any]) -> list[Value]:
        """The simulator's values of a launch's arguments, checked against
        the types. A tuple argument binds one parameter per element
        (numba-cuda passes tuples flattened, and so does the frontend's
        kernel), a record array or record one parameter per field
        (`simt.model.records`)."""
        func = self.func
        args = _flatten(args)
        if self.captures:
            args += _captured_arrays(func)
        if len(args) != len(self.types):
            raise SimulationError(
                f"@{func.sym_name.data} takes {len(self.types)} arguments "
                f"({', '.join(self.names)}), found {len(args)}"
            )
        values: list[Value] = []
        for quick, value, name, type_, dtype in zip(
            self._quick, args, self.names, self.types, self.dtypes, strict=True
        ):
            bound = quick(name, value)
            if bound is None:
                bound = _bind(name, type_, dtype, value)
            values.append(bound)
        return values


QuickBinder = Callable[[str, Any], Value | None]


def _quick_binder(type_: Attribute, dtype: np.dtype[Any] | None) -> QuickBinder:
    """`_bind` for the common arguments (an array of the parameter's dtype,
    a numpy number of its type, a Python int or float), without the checks
    their type makes needless; None for anything else, which `_bind` then
    checks (and explains)."""
    if dtype is None:
        return lambda name, value: None
    if isinstance(type_, MemRefType):
        shape = tuple(type_.get_shape())

        def array(name: str, value: Any) -> Value | None:
            if type(value) is np.ndarray and value.dtype is dtype:
                return _array_of_shape(name, type_, shape, value)
            return None

        return array
    if dtype.kind == "i":

        def integer(name: str, value: Any) -> Value | None:
            if type(value) is dtype.type:
                return value
            if type(value) is int:
                return _bind_int(name, type_, dtype, value)
            return None

        return integer
    if dtype.kind == "f":
        real = dtype.type

        def floating(name: str, value: Any) -> Value | None:
            if type(value) is real:
                return value
            return real(value) if type(value) is float else None

        return floating
    return lambda name, value: None


def _captured_arrays(func: FuncOp) -> list[Any]:
    """The host memory of the device arrays the kernel captures from its
    globals (`simt.model.captures`), its trailing parameters."""
    arrays: list[Any] = []
    for obj in kernel_captures(func):
        host = host_array(obj)
        if host is None:
            raise SimulationError(
                f"@{func.sym_name.data} captures the device array "
                f"{type(obj).__name__} from its globals: the simulator reaches "
                "captured arrays in host memory only (numba's CUDA simulator's)"
            )
        arrays.append(host)
    return arrays


_PLAIN = frozenset(
    {int, float, np.float32, np.float64}
    | {
        np.dtype(f"{sign}int{bits}").type
        for sign in ("u", "")
        for bits in (8, 16, 32, 64)
    }
)
"""Argument types that pass as they are (`bool` is not `int` here)."""


def _flatten(args: Sequence[Any]) -> list[Any]:
    flat: list[Any] = []
    for arg in args:
        kind = type(arg)
        if (kind is np.ndarray and arg.dtype.kind not in "cV") or kind in _PLAIN:
            flat.append(arg)  # the common cases, without the checks below
            continue
        arg = passed_value(arg)
        if isinstance(arg, tuple):
            items: tuple[Any, ...] = arg
            flat.extend(_flatten(items))
        elif is_record_value(arg):
            flat.extend(field_views(arg))
        elif is_complex_value(arg):
            flat.extend(complex_parts(arg))
        else:
            flat.append(arg)
    return flat


def _bind(
    name: str, type_: Attribute, dtype: np.dtype[Any] | None, value: Any
) -> Value:
    """`value` for the parameter `name` of type `type_` (stored as `dtype`:
    the element type's for a memref)."""
    if isinstance(type_, MemRefType):
        return _bind_array(name, type_, dtype, value)
    if dtype is None:
        raise SimulationError(
            f"argument '{name}' has type {type_}, which the simulator does not support"
        )
    return _bind_scalar(name, type_, dtype, value)


def _bind_array(
    name: str, type_: MemRefType, dtype: np.dtype[Any] | None, value: Any
) -> MemRefHandle:
    if not isinstance(value, np.ndarray):
        raise SimulationError(
            f"argument '{name}' of type {type_} needs a numpy array, found {type(value).__name__}"
        )
    if dtype is None:
        raise SimulationError(
            f"argument '{name}': element type {type_.element_type} is not supported"
        )
    if _is_unsigned_of(value.dtype, dtype):
        value = value.view(dtype)
    if value.dtype != dtype:
        raise SimulationError(
            f"argument '{name}' of type {type_} needs an array of dtype {dtype}, "
            f"found dtype {value.dtype}"
        )
    return _array_of_shape(name, type_, type_.get_shape(), value)


def _array_of_shape(
    name: str, type_: MemRefType, shape: Sequence[int], value: np.ndarray
) -> MemRefHandle:
    """The handle of `value`, an array of the parameter's dtype, after the
    checks of its shape (`shape`, -1 for a dynamic size) and writability."""
    if value.ndim != len(shape):
        raise SimulationError(
            f"argument '{name}' of type {type_} needs a {len(shape)}-D array, found {value.ndim}-D"
        )
    for dim, (want, have) in enumerate(zip(shape, value.shape, strict=True)):
        if want >= 0 and want != have:
            raise SimulationError(
                f"argument '{name}' of type {type_} needs size {want} in dimension "
                f"{dim}, found {have}"
            )
    if not value.flags.writeable:
        raise SimulationError(f"argument '{name}' is a read-only array")
    return MemRefHandle(name, value, private=False)


def _bind_scalar(
    name: str, type_: Attribute, dtype: np.dtype[Any], value: Any
) -> Value:
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if dtype == np.bool_:
        if not isinstance(value, bool | np.bool_):
            raise SimulationError(
                f"argument '{name}' of type {type_} needs a bool, found {value!r}"
            )
        return np.bool_(value)
    if dtype.kind in "iu":
        return _bind_int(name, type_, dtype, value)
    if not isinstance(value, int | float | np.integer | np.floating) or isinstance(
        value, bool
    ):
        raise SimulationError(
            f"argument '{name}' of type {type_} needs a number, found {value!r}"
        )
    return dtype.type(value)


def _is_unsigned_of(found: np.dtype[Any], signed: np.dtype[Any]) -> bool:
    """Whether `found` is the unsigned dtype of the signed `signed` (the IR's
    integers are signless: an unsigned array is stored as its bits)."""
    return (
        found.kind == "u" and signed.kind == "i" and found.itemsize == signed.itemsize
    )


def _bind_int(name: str, type_: Attribute, dtype: np.dtype[Any], value: Any) -> Value:
    """An integer argument: any value of the width's signed or unsigned range
    (the IR's integers are signless), stored as the signed bits."""
    if not isinstance(value, int | np.integer) or isinstance(value, bool | np.bool_):
        raise SimulationError(
            f"argument '{name}' of type {type_} needs an integer, found {value!r}"
        )
    bits = 8 * dtype.itemsize
    low, high = -(1 << (bits - 1)), (1 << bits) - 1
    value = int(value)
    if not low <= value <= high:
        raise SimulationError(
            f"argument '{name}' of type {type_}: {value} is out of range "
            f"[{low}, {high}]"
        )
    return dtype.type(value - (high + 1) if value >= 1 << (bits - 1) else value)
