"""Runs a native program (`program.py`) wave by wave on `native.run`.

A `NativeMachine` holds what lives as long as the launch: the program, the
memory (the caller's arrays, viewed flat; a non-contiguous array is copied in
and back out), the counters and the activity bins. `run_wave` fills the
registers and masks of one wave (its launch constants, its real lanes) and
interprets the kernel for it; `counters()` turns the native counters into the
reference engine's `Counters`, in the order the reference creates them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any, cast

import numpy as np
from xdsl.ir import Operation

from simt.sim import native as N
from simt.sim.activity import ActivityTrace
from simt.sim.errors import SimulationError, fault
from simt.sim.handlers import launch_constant
from simt.sim.launch import Launch
from simt.sim.memory import MemRefHandle
from simt.sim.program import NotNative, Program, stored_bits
from simt.sim.stats import BranchStats, LoopStats, SimulationStats
from simt.sim.values import Value


class NativeMachine:
    """Executes one native program for the waves of one launch."""

    def __init__(
        self,
        program: Program,
        launch: Launch,
        wave_warps: int,
        values: Sequence[Value],
        trace: ActivityTrace | None,
        step_limit: int,
        scratch: Scratch | None = None,
    ) -> None:
        self.program = program
        self.launch = launch
        self.trace = trace
        self.step_limit = step_limit
        self.ws = launch.warp_size
        self.warps = wave_warps
        slots = wave_warps * self.ws
        if scratch is not None and scratch.fits(program, self.ws, wave_warps):
            scratch.clear()
            self.scratch = scratch
        else:
            registers = np.zeros((program.registers, slots), dtype=np.int64)
            self.scratch = Scratch(
                program, self.ws, wave_warps, registers, self._state(registers)
            )
        self.registers = self.scratch.registers
        self.handles: list[MemRefHandle] = []
        self.copies_out: list[tuple[np.ndarray, np.ndarray]] = []
        """(caller's array, its words in the memory)"""
        self.mems = self._memory(values, slots)
        self._fill_invariants(values)
        self.stats_arrays = self.scratch.stats_arrays
        self.program_tables = (
            program.code,
            program.pool,
            program.fconst,
            program.block_instructions,
            program.block_cost,
            program.unit_ptr,
            program.unit_items,
            program.graph_tables(),
        )
        self.state = self.scratch.state
        self.launch_table, self.other_launch_constants = program.launch_table()

    # -- setup ----------------------------------------------------------------

    def _memory(self, values: Sequence[Value], slots: int) -> tuple[Any, ...]:
        """Lays every memref out in one int64 array and copies the arguments in."""
        program = self.program
        passed = [
            cast(MemRefHandle, values[ref.argument])
            if ref.argument is not None
            else None
            for ref in program.memrefs
        ]
        arrays = [handle.array if handle is not None else None for handle in passed]
        key = tuple((a.shape, a.dtype) if a is not None else None for a in arrays)
        layout = self.scratch.layout
        if layout is None or layout.key != key:
            layout = self.scratch.layout = Layout(program, arrays, key, slots)
        for handle, private in zip(passed, layout.private, strict=True):
            chosen = handle if handle is not None else private
            assert chosen is not None
            self.handles.append(chosen)
        memory = self.scratch.memory(layout.words)
        written = program.written
        for m, ((base, length), array) in enumerate(
            zip(layout.regions, arrays, strict=True)
        ):
            if array is not None:
                words = memory[base : base + length]
                _store_words(words, array)
                # an array no instruction stores to holds its values already
                if m in written:
                    self.copies_out.append((array, words))
        return layout.info, layout.shape, layout.stride, memory, self.scratch.where

    def _fill_invariants(self, values: Sequence[Value]) -> None:
        R = self.registers
        if not self.scratch.has_constants:
            # no instruction writes a constant's register: a reused register
            # file still holds them
            for reg, bits in self.program.constants:
                R[reg] = bits
            self.scratch.has_constants = True
        # nor an argument's or an array extent's: a row that holds the value
        # already is kept
        held = self.scratch.held
        for reg, index in self.program.arguments:
            _fill_row(R, held, reg, stored_bits(values[index]))
        extents = self.mems[1].tolist()
        for reg, mem, dim in self.program.dims:
            _fill_row(R, held, reg, extents[mem][dim])

    def _state(self, registers: np.ndarray) -> tuple[Any, ...]:
        program = self.program
        W = self.warps
        masks = (
            np.zeros((program.slots, W), dtype=np.int64),
            np.zeros((program.slots, W), dtype=np.uint64),
            np.zeros(program.slots, dtype=np.int64),
            np.zeros(program.slots, dtype=np.int64),
        )
        graphs_count = max(len(program.graphs), 1)
        # a program without graph regions keeps no reconvergence stacks
        cap = program.stack_capacity if program.graphs else 1
        graphs = (
            np.zeros((graphs_count, W), dtype=np.int64),
            np.zeros((graphs_count, W, cap), dtype=np.int64),
            np.zeros((graphs_count, W, cap), dtype=np.int64),
            np.zeros((graphs_count, W, cap), dtype=np.uint64),
            np.zeros((graphs_count, W), dtype=np.int64),
            np.zeros((graphs_count, W), dtype=np.int64),
            np.zeros(graphs_count, dtype=np.int64),
            np.zeros((graphs_count, program.max_graph_loops, W), dtype=np.uint64),
            np.zeros(graphs_count, dtype=np.int64),
            # the block of the step, and the smallest key of the live warps
            # left out of it
            np.zeros((graphs_count, 2), dtype=np.int64),
            # the key of each live warp, in the live list's order
            np.zeros((graphs_count, W), dtype=np.int64),
        )
        trackers = (
            np.zeros((program.trackers, W), dtype=np.int64),
            np.zeros((program.trackers, W), dtype=np.int64),
        )
        full = np.uint64((1 << self.ws) - 1)
        return (
            registers,
            masks,
            np.zeros(W, dtype=np.int64),
            np.zeros(W, dtype=np.uint64),
            trackers,
            graphs,
            np.zeros(program.first_flags, dtype=np.int64),
            np.zeros(8, dtype=np.int64),
            np.zeros(2, dtype=np.float64),
            (np.zeros(W, dtype=np.uint64), np.zeros(W, dtype=np.uint64)),
            full,
        )

    # -- waves ----------------------------------------------------------------

    def run_wave(self, wave: Launch) -> None:
        """Simulates the blocks of `wave`, a wave of the machine's launch."""
        R, _, _, _, _, _, _, fault_info, faultf, _, _ = self.state
        W = wave.num_warps
        shape = (
            *wave.block,
            *wave.grid,
            self.ws,
            wave.first_block,
            wave.num_blocks,
            wave.warps_per_block,
            wave.threads_per_block,
        )
        scratch = self.scratch
        table = self.launch_table
        if scratch.launch_shape == shape:
            # no instruction writes a launch constant's register: the rows
            # hold this wave's values already
            table = table[:0]
        scratch.launch_shape = shape
        announce_first_compile()
        trace_mode = _trace_mode(self.trace)
        # the shape holds the wave's first warp and the launch's warps too
        geometry, params = scratch.wave_arrays(
            (shape, self.step_limit, trace_mode),
            lambda: (np.array(shape, dtype=np.int64), self._params(wave, trace_mode)),
        )
        # rows of their own: `native.run` fills the table's rows after these
        for reg, op in self.other_launch_constants:
            value = launch_constant(wave, op)
            R[reg, : wave.num_slots] = np.asarray(value).astype(np.int64)
        trace = self._trace_arrays(W)
        stats = (*self.stats_arrays[:-1], trace)
        status = N.run(
            self.program_tables, self.state, stats, self.mems, params, table, geometry
        )
        if status != N.OK:
            raise self._error(status, wave, fault_info, faultf)

    def _trace_arrays(self, warps: int) -> tuple[Any, ...]:
        """The bins the native engine adds into (the wave has begun), indexed
        [bin, row] (C-contiguous: the trace stores them column by column),
        and each warp's trace state (`native.run` starts it)."""
        trace = self.trace
        if trace is None:
            return self.scratch.untraced(warps)
        lanes, instructions = trace.bins()
        return (
            lanes.T,
            instructions.T,
            trace.position,
            trace.width_cell,
            trace.row_of,
            self.scratch.warp_trace[:warps],
            self.scratch.warp_bins(trace.columns),
        )

    def _params(self, wave: Launch, trace_mode: int) -> np.ndarray:
        params = [0] * N.NPARAMS
        params[N.P_WS] = self.ws
        params[N.P_WARPS] = wave.num_warps
        params[N.P_FIRST_WARP] = wave.first_warp
        params[N.P_TOTAL_WARPS] = self.launch.num_warps
        params[N.P_TRACE] = trace_mode
        params[N.P_STEP_LIMIT] = self.step_limit
        params[N.P_ENTRY] = 0
        params[N.P_PROLOGUE] = self.program.prologue
        params[N.P_TMP] = self.program.tmp
        params[N.P_CHECK_COST] = len(self.program.block_cost) - 1
        params[N.P_WARPS_PER_BLOCK] = wave.warps_per_block
        return np.array(params, dtype=np.int64)

    def finish(self) -> None:
        """Copies the memory back into the caller's arrays."""
        for array, words in self.copies_out:
            _copy_out(array, words)

    # -- results --------------------------------------------------------------

    def stats(self, kernel: str) -> SimulationStats:
        """The launch's metrics; dictionary entries in the order the reference
        engine creates them (the order of first use)."""
        counters, cycles, branches, loops, blocks, orders, seq, _, _ = self.stats_arrays
        names = self.program.names()
        launch = self.launch
        used = seq.tolist()
        used_branches, used_loops = used[N.SEQ_BRANCH], used[N.SEQ_LOOP]
        used_blocks = used[N.SEQ_BLOCK]
        branch_stats = {}
        branch_rows = branches.tolist()
        for b in _first_uses(orders[0], used_branches):
            site, op, where = names.branches[b]
            executions, divergent = branch_rows[b]
            branch_stats[site] = BranchStats(op, where, executions, divergent)
        loop_stats = {}
        loop_rows = loops.tolist() if used_loops else []
        for index in _first_uses(orders[1], used_loops):
            site, name, where = names.loops[index]
            loop_stats[site] = LoopStats(name, where, *loop_rows[index])
        counts = blocks.tolist()
        block_names = names.blocks
        block_stats = {
            block_names[b]: counts[b] for b in _first_uses(orders[2], used_blocks)
        }
        counts_of = counters.tolist()
        return SimulationStats(
            kernel=kernel,
            grid=launch.grid,
            block=launch.block,
            warp_size=launch.warp_size,
            threads=launch.num_threads,
            warps=launch.num_warps,
            issued=counts_of[N.ISSUED],
            lane_ops=counts_of[N.LANE_OPS],
            cycles=float(cycles[0]),
            max_stack_depth=counts_of[N.MAX_DEPTH],
            branches=branch_stats,
            loops=loop_stats,
            block_executions=block_stats,
            cost_table=_copied(self.program.cost_table),
        )

    # -- faults ---------------------------------------------------------------

    def _error(
        self, status: int, wave: Launch, info: np.ndarray, values: np.ndarray
    ) -> SimulationError:
        if status == N.F_STEP_LIMIT:
            return SimulationError(
                f"simulation stopped after {int(info[4])} warp instructions "
                f"(step limit {self.step_limit}): does a loop never end?"
            )
        if status != N.F_LANE:
            return SimulationError(
                f"internal error of the native engine (code {status})"
            )
        op = self.program.op_at[int(info[1])]
        what = self._describe(
            op, int(info[3]), int(info[4]), int(info[5]), float(values[0])
        )
        return fault(op, what, wave.describe_slot(int(info[2])))

    def _describe(self, op: Operation, kind: int, a: int, b: int, x: float) -> str:
        if kind == N.LANE_DIV_ZERO:
            return "division by zero"
        if kind == N.LANE_DIV_OVERFLOW:
            return f"signed division overflow: {a} / -1"
        if kind == N.LANE_SHIFT:
            return f"shift amount {a % (1 << 64)} is not below the bit width {b}"
        if kind == N.LANE_FP_RANGE:
            return f"of {x} is out of the range of {op.results[0].type}"
        if kind == N.LANE_STEP:
            return f"step {a} is not positive"
        if kind == N.LANE_BOUNDS:
            handle = self._handle_of(op)
            where = "" if len(handle.shape) == 1 else f" in dimension {b}"
            return f"out of bounds: index {a}{where} for {handle.describe()}"
        if kind == N.LANE_DIM:
            return f"dimension {a} out of range for {self._handle_of(op).describe()}"
        return (
            "reached by only part of its block (a barrier in divergent "
            "control flow): this live thread is not at it"
        )

    def _handle_of(self, op: Operation) -> MemRefHandle:
        ip = next(ip for ip, at in self.program.op_at.items() if at is op)
        return self.handles[int(self.program.code[ip, 2])]


class Layout:
    """Where each memref of a program lives in the engine's memory, for the
    argument arrays' shapes and dtypes `key` (`native.M_FIELDS` per memref,
    extents, row-major strides): the same for every launch with arrays of
    those shapes, so a `Scratch` keeps the last one."""

    def __init__(
        self,
        program: Program,
        arrays: Sequence[np.ndarray | None],
        key: tuple[Any, ...],
        slots: int,
    ) -> None:
        self.key = key
        count = max(len(program.memrefs), 1)
        self.info = np.zeros((count, N.M_FIELDS), dtype=np.int64)
        self.shape = np.zeros((count, N.MAX_RANK), dtype=np.int64)
        self.stride = np.zeros((count, N.MAX_RANK), dtype=np.int64)
        self.regions: list[tuple[int, int]] = []
        """(first word, words) of each memref"""
        self.private: list[MemRefHandle | None] = []
        """The handle of each private array (None for an argument's)"""
        total = 0
        for m, (ref, array) in enumerate(zip(program.memrefs, arrays, strict=True)):
            handle = None
            if array is not None:
                extents: tuple[int, ...] = array.shape
                length, private, size = array.size, 0, 0
            else:
                extents = ref.shape
                size = int(np.prod(ref.shape, dtype=np.int64))
                length, private = slots * size, 1
                handle = MemRefHandle(
                    ref.name, np.zeros((0, *ref.shape), ref.dtype), True
                )
            self.private.append(handle)
            self.regions.append((total, length))
            kind, h, mask = _atomic_kind(ref.dtype)
            self.info[m] = (total, len(extents), private, size, kind, h, mask, length)
            self.shape[m, : len(extents)] = extents
            self.stride[m, : len(extents)] = _row_major(extents)
            total += length
        self.words = max(total, 1)


class Scratch:
    """The buffers of a run that no result keeps (the register file, masks,
    stacks, trackers, the native counters `stats()` reads out): a `Simulator`
    hands them to its next run of the same wave size, which zeroes them
    instead of allocating (fresh pages cost more than the whole run of a
    small kernel)."""

    def __init__(
        self,
        program: Program,
        ws: int,
        warps: int,
        registers: np.ndarray,
        state: tuple[Any, ...],
    ) -> None:
        self.key = (id(program), ws, warps)
        self.registers = registers
        stats = _stats_arrays(program)
        # the arrays `clear` zeroes (the state but the registers and the
        # warp lists of the mask slots, the counters) move into one buffer: a
        # small kernel's run is short enough that zeroing some 30 arrays one
        # by one shows. A slot's warp list is read up to its count only
        # (`MN`, zeroed), and written before it is counted.
        masks = state[1]
        zeroed = _arrays((masks[2:], state[2:], stats[:5], stats[6:]))
        self._zeros, moved = _one_buffer(zeroed)
        self.state = _replaced(state, moved)
        self.stats_arrays = _replaced(stats, moved)
        self._unused = list(stats[5])
        """The arrays `clear` fills with -1 (first-use orders)."""
        self.where = np.empty(warps * ws + 1, dtype=np.int64)
        """Where each slot's memory access goes (`native._locate_all`)."""
        self._memory = np.empty(0, dtype=np.int64)
        self.layout: Layout | None = None
        """The memory layout of the last run."""
        self.warps = warps
        self._warp_bins = np.empty((0, warps, N.TILE_MASK + 1), dtype=np.int64)
        self.warp_trace = np.empty((warps, N.W_FIELDS), dtype=np.int64)
        """Each warp's trace state (`native._account`'s `TW`)."""
        self._untraced: dict[int, tuple[Any, ...]] = {}
        self.has_constants = False
        """Whether the register file holds the program's constants."""
        self.held: dict[int, int] = {}
        """The bits every slot of an argument's register row holds."""
        self._wave_arrays: dict[tuple[Any, ...], tuple[np.ndarray, np.ndarray]] = {}
        self.launch_shape: tuple[int, ...] | None = None
        """The wave geometry (`native.setup_wave`'s) whose launch constants
        the register file holds."""

    def memory(self, words: int) -> np.ndarray:
        """The memory array of a run (not zeroed: every word is an argument's,
        copied in, or a private array's, zeroed by its `memref.alloca`); the
        last run's when it has the size (fresh pages cost page faults)."""
        if len(self._memory) != words:
            self._memory = np.empty(words, dtype=np.int64)
        return self._memory

    def warp_bins(self, columns: int) -> np.ndarray:
        """The activity bins of each warp of a wave, in tiles (`native._account`):
        not zeroed, a warp stores each bin before it is read."""
        tiles = -(-columns >> N.TILE_SHIFT)
        if self._warp_bins.shape[0] != tiles:
            shape = (tiles, self.warps, N.TILE_MASK + 1)
            self._warp_bins = np.empty(shape, dtype=np.int64)
        return self._warp_bins

    def untraced(self, warps: int) -> tuple[Any, ...]:
        """`NativeMachine._trace_arrays` of a run without a trace: arrays the
        engine does not touch (it reads only the trace mode), kept."""
        found = self._untraced.get(warps)
        if found is None:
            empty = np.zeros((2, 1), dtype=np.int64)
            found = self._untraced[warps] = (
                empty,
                empty.copy(),
                np.zeros(warps, np.int64),
                np.array([1, 0, 2], dtype=np.int64),
                np.zeros(warps, np.int64),
                self.warp_trace[:warps],
                np.zeros((1, 1, 1), dtype=np.int64),
            )
        return found

    def wave_arrays(
        self, key: tuple[Any, ...], make: Callable[[], tuple[np.ndarray, np.ndarray]]
    ) -> tuple[np.ndarray, np.ndarray]:
        """A wave's geometry and parameters (`native.setup_wave`'s and
        `native.run`'s, which read them but the `P_TARGETS` cells, scratch
        that `run` writes before it reads), made by `make` when `key`
        (the wave and the launch settings) is new: a kernel launched in a
        loop makes them once."""
        found = self._wave_arrays.get(key)
        if found is None:
            if len(self._wave_arrays) >= 64:
                self._wave_arrays.clear()
            found = self._wave_arrays[key] = make()
        return found

    def fits(self, program: Program, ws: int, warps: int) -> bool:
        return self.key == (id(program), ws, warps)

    def clear(self) -> None:
        """Zeroes the state but the register file (a lane reads a register
        only after it wrote it; the waves of a launch share the file too)
        and the mask slots' warp lists, and the counters."""
        self._zeros.fill(0)
        for array in self._unused:
            array.fill(-1)


def _trace_mode(trace: ActivityTrace | None) -> int:
    if trace is None:
        return N.TRACE_OFF
    if trace.rows == trace.num_warps:
        return N.TRACE_OWN_ROWS
    return N.TRACE_SHARED_ROWS


def _fill_row(R: np.ndarray, held: dict[int, int], reg: int, bits: Any) -> None:
    """Sets every slot of register `reg` to `bits`, unless `held` says the
    row holds them (rows no instruction writes)."""
    bits = int(bits)
    if held.get(reg) != bits:
        R[reg] = bits
        held[reg] = bits


def _arrays(tree: Any) -> list[np.ndarray]:
    """The arrays of nested tuples, in order."""
    if isinstance(tree, np.ndarray):
        return [tree]
    if isinstance(tree, tuple):
        return [a for item in tree for a in _arrays(item)]
    return []


def _one_buffer(arrays: list[np.ndarray]) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """A zeroed buffer holding arrays of 8-byte elements one after another,
    and a view of it in place of each (by `id`), of its shape and dtype."""
    sizes = [a.size for a in arrays]
    buffer = np.zeros(sum(sizes), dtype=np.int64)
    moved: dict[int, np.ndarray] = {}
    offset = 0
    for array, size in zip(arrays, sizes, strict=True):
        assert array.dtype.itemsize == 8 and not array.any()
        view = buffer[offset : offset + size].view(array.dtype).reshape(array.shape)
        moved[id(array)] = view
        offset += size
    return buffer, moved


def _replaced(tree: Any, moved: dict[int, np.ndarray]) -> Any:
    """Nested tuples with the arrays of `moved` replaced."""
    if isinstance(tree, tuple):
        return tuple(_replaced(item, moved) for item in cast(tuple[Any, ...], tree))
    if isinstance(tree, np.ndarray):
        return moved.get(id(tree), tree)
    return tree


def check_arrays(program: Program, values: Sequence[Value]) -> None:
    """Raises `NotNative` when two argument arrays may overlap: the engine
    copies each one, so writes through one would not show through the other."""
    arrays = [
        values[ref.argument].array
        for ref in program.memrefs
        if ref.argument is not None and isinstance(values[ref.argument], MemRefHandle)
    ]
    for i, a in enumerate(arrays):
        for b in arrays[i + 1 :]:
            if np.may_share_memory(a, b):
                raise NotNative("two array arguments that share memory")


def _atomic_kind(dtype: np.dtype[Any]) -> tuple[int, int, int]:
    """How an atomic add adds elements of `dtype` (`native.M_KIND`, h, m)."""
    if dtype == np.float32:
        return N.K_F32, 0, 0
    if dtype == np.float64:
        return N.K_F64, 0, 0
    bits = 1 if dtype == np.bool_ else dtype.itemsize * 8
    if bits == 64:
        return N.K_INT, 0, -1
    return N.K_INT, (1 << (bits - 1)) if bits > 1 else 0, (1 << bits) - 1


def _store_words(words: np.ndarray, array: np.ndarray) -> None:
    """`array`'s elements in the registers' stored form (C order)."""
    if array.dtype.kind == "f":
        with _float_casts(array.dtype):
            words.view(np.float64)[:] = array.ravel()
    else:
        words[:] = array.ravel()


def _copy_out(array: np.ndarray, words: np.ndarray) -> None:
    """Stores the memory's `words` into `array` (C order), in its dtype."""
    dtype = array.dtype
    if dtype == np.bool_:
        np.not_equal(words.reshape(array.shape), 0, out=array)
    elif dtype.kind == "f":
        with _float_casts(dtype):
            np.copyto(array, words.view(np.float64).reshape(array.shape))
    else:
        np.copyto(array, words.reshape(array.shape), casting="unsafe")


def _float_casts(dtype: np.dtype[Any]) -> AbstractContextManager[Any]:
    """Where float64 words meet an array of `dtype`: a cast to or from a
    narrower float warns in numpy (a signalling NaN widens to a quiet one,
    a value beyond the range rounds to infinity), which the engine does as
    the hardware does, silently; float64 needs no cast (nor the errstate's
    cost, a few microseconds a launch)."""
    if dtype == np.float64:
        return nullcontext()
    return np.errstate(invalid="ignore", over="ignore")


def _stats_arrays(program: Program) -> tuple[Any, ...]:
    branches = max(len(program.branch_ops), 1)
    loops = max(len(program.loop_keys), 1)
    blocks = max(len(program.blocks), 1)
    units = max(len(program.unit_ptr) - 1, 1)
    orders = (
        np.full(branches, -1, dtype=np.int64),
        np.full(loops, -1, dtype=np.int64),
        np.full(blocks, -1, dtype=np.int64),
    )
    return (
        np.zeros(4, dtype=np.int64),
        np.zeros(1, dtype=np.float64),
        np.zeros((branches, 2), dtype=np.int64),
        np.zeros((loops, 5), dtype=np.int64),
        np.zeros(blocks, dtype=np.int64),
        orders,
        np.zeros(3, dtype=np.int64),
        np.zeros(units, dtype=np.int64),
        None,
    )


def _copied(table: dict[str, Any]) -> dict[str, Any]:
    """A copy of a cost table (`CostTable.to_dict()` form: numbers, and the
    per-op costs under "ops") the caller may keep."""
    copy = dict(table)
    ops = copy.get("ops")
    if isinstance(ops, dict):
        copy["ops"] = dict(ops)
    return copy


def _first_uses(order: np.ndarray, used: int) -> list[int]:
    """Counter ids in the order of their first use: `order` holds each used
    counter's rank, 0 to `used` - 1 (`native._touch`), and -1 elsewhere."""
    ids = [0] * used
    for index, rank in enumerate(order.tolist()):
        if rank >= 0:
            ids[rank] = index
    return ids


def _row_major(shape: Sequence[int]) -> list[int]:
    strides: list[int] = []
    step = 1
    for extent in reversed(shape):
        strides.append(step)
        step *= int(extent)
    return strides[::-1]


def announce_first_compile() -> None:
    """Says on stderr that the native engine is being compiled, when numba
    has it neither in this process nor in its disk cache: the first native
    simulation of a fresh checkout takes about 40 s, and would be silent."""
    global _announced
    if _announced or N.run.signatures:
        return
    _announced = True
    cache_file = getattr(getattr(N.run, "_cache", None), "_cache_file", None)
    index = getattr(cache_file, "_index_path", None)
    if isinstance(index, str) and os.path.exists(index):
        return
    print(
        "simt: compiling the simulator's native engine (once: about 40 s; "
        "numba keeps it in its disk cache)",
        file=sys.stderr,
        flush=True,
    )


_announced = False
