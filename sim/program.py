"""A kernel encoded once into the native engine's instruction table.

`encode(module, func, costs)` walks the kernel (inlining the functions it
calls) and lays every construct out as `native.py` instructions, keeping the
metrics of the reference engine (`machine.py`, `structured.py`,
`reconvergence.py`) exactly:

    block            [UNIT u] BLOCK b  op ... op            (UNIT: see below)
    scf.if           IF_BEGIN  <then block>  IF_ELSE  <else block>  IF_END
    scf.for          FOR_BEGIN  FOR_ITER <body>  FOR_LATCH  FOR_END
    scf.while        WHILE_BEGIN  WHILE_ITER <before>  WHILE_COND <after>
                     WHILE_LATCH  WHILE_END
    simt.guarded     GUARD_BEGIN <body> GUARD_END
    cf graph         GRAPH_BEGIN GRAPH_SCHED <block ... terminator>* GRAPH_END
    func.call        COPIES <callee body> COPIES               (inlined)

Values: each SSA value of an inlined copy gets a register; ops that are the
identity on the stored form (`extsi`, widening `index_cast`, `extf`, ...)
share their operand's register. Launch constants (`arith.constant`, thread
identity, scalar kernel arguments, `memref.dim` of an argument at a constant
index, one register per extent) are filled per wave, and a pure op that
cannot fault whose operands are all launch constants runs once per wave in
the prologue, once for all its equal copies (the same index computed in two
branches). None of this changes a metric: a block's instruction count and
cost are those of its ops.

Creation order of the metric dictionaries: the reference creates the branch
counters of `scf.if` and `simt.guarded` when it compiles the block that
holds them (a function's entry block, or a `cf` block on first execution),
the others on first execution; a `UNIT` instruction replays the first, and
the interpreter records the first touch of every counter.

A kernel the engine cannot run (an op without a native opcode, `f16`,
recursion, a `cf.switch`, a guard passed between blocks) raises `NotNative`
naming the reason; `simulate` then runs the reference engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects import arith, cf, func, memref, scf
from xdsl.dialects.builtin import IntegerAttr, MemRefType, ModuleOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.traits import Commutative, IsTerminator

from simt.dialects import simt
from simt.dialects.canonicalization import int_width
from simt.model.costs import CostTable, is_instruction, op_cost
from simt.model.facts import OpKind
from simt.model.locations import op_source_location
from simt.model.sites import block_id, site_id
from simt.sim import native as N
from simt.sim.arith import BUILDERS, LaneFault, Unsupported, constant_value
from simt.sim.handlers import LAUNCH_CONSTANTS
from simt.sim.reconvergence import GraphShape, graph_shape
from simt.sim.values import ExecMask, dtype_of

MAX_INLINE_DEPTH = 64
_INT64_MIN = -(1 << 63)


class NotNative(Exception):
    """The kernel needs the reference engine; the message says why."""


# ---------------------------------------------------------------------------
# The program
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MemRef:
    """A memref the program accesses: a kernel argument or a private array."""

    name: str
    dtype: np.dtype[Any]
    argument: int | None
    """The kernel argument index, or None for a `memref.alloca`."""
    shape: tuple[int, ...]
    """The static shape (private arrays; -1 for a dynamic extent)."""


@dataclass(frozen=True)
class Graph:
    shape: GraphShape
    start: tuple[int, ...]
    """Code address of each block."""
    closes: tuple[tuple[int, int], ...]
    """Per block: pool offset and count of the loops it closes."""
    loop_counters: tuple[int, ...]


@dataclass(frozen=True)
class Names:
    """The metric names of a program's counters, computed once."""

    branches: list[tuple[str, str, str | None]]
    """(site, op name, source location) of each branch counter."""
    loops: list[tuple[str, str, str | None]]
    blocks: list[str]


@dataclass
class Program:
    """A kernel in native form (launch-independent, cost table included)."""

    code: np.ndarray
    pool: np.ndarray
    fconst: np.ndarray
    block_instructions: np.ndarray
    block_cost: np.ndarray
    """Per block; the last entry is the cost of a loop's continuation check."""
    unit_ptr: np.ndarray
    unit_items: np.ndarray
    graphs: list[Graph]
    registers: int
    """Rows of the register file: the values', then `tmp`, then the spare
    row the native engine blends a warp's lanes in."""
    slots: int
    trackers: int
    first_flags: int
    memrefs: list[MemRef]
    constants: list[tuple[int, int]]
    """(register, stored bits) filled in every slot."""
    launch_constants: list[tuple[int, Operation]]
    arguments: list[tuple[int, int]]
    """(register, kernel argument index) of scalar arguments."""
    dims: list[tuple[int, int, int]]
    """(register, memref, dimension) of hoisted `memref.dim`."""
    prologue: int
    op_at: dict[int, Operation]
    """The op of each instruction that can fault."""
    branch_ops: list[Operation]
    loop_keys: list[tuple[Operation | Block, str]]
    blocks: list[Block]
    uses_ballot: bool
    stack_capacity: int
    max_graph_loops: int
    cost_table: dict[str, Any] = field(default_factory=dict)
    """`CostTable.to_dict()` of the costs the program was encoded with."""

    _names: Names | None = None

    def names(self) -> Names:
        if self._names is None:
            self._names = Names(
                [
                    (site_id(op), op.name, op_source_location(op))
                    for op in self.branch_ops
                ],
                [_loop_name(key, name) for key, name in self.loop_keys],
                [block_id(b) for b in self.blocks],
            )
        return self._names

    _launch_table: tuple[np.ndarray, list[tuple[int, Operation]]] | None = None

    def launch_table(self) -> tuple[np.ndarray, list[tuple[int, Operation]]]:
        """The launch constants `native.setup_wave` fills (rows: register,
        `LC_*` kind, dimension, h, m), and the others (a result of type `i1`,
        which a cast does not wrap), computed once."""
        if self._launch_table is None:
            rows: list[list[int]] = []
            others: list[tuple[int, Operation]] = []
            for reg, op in self.launch_constants:
                kind = _LAUNCH_KINDS.get(op.name)
                dtype = dtype_of(op.results[0].type)
                if kind is None or dtype is None or dtype.kind != "i":
                    others.append((reg, op))
                    continue
                dim = 0
                if isinstance(
                    op,
                    simt.ThreadIdOp | simt.BlockIdOp | simt.BlockDimOp | simt.GridDimOp,
                ):
                    dim = "xyz".index(str(op.dimension.data))
                rows.append([reg, kind, dim, *_wrap_params(dtype.itemsize * 8)])
            table = np.array(rows, dtype=np.int64).reshape(-1, 5)
            self._launch_table = (table, others)
        return self._launch_table

    _written: frozenset[int] | None = None

    @property
    def written(self) -> frozenset[int]:
        """The memrefs an instruction stores to (`STORE`, `ATOMIC_ADD`: the
        memref in field 2), computed once: the others' arrays need no copy
        back after a launch."""
        if self._written is None:
            code = self.code
            stores = (code[:, 0] == N.STORE) | (code[:, 0] == N.ATOMIC_ADD)
            self._written = frozenset(code[stores, 2].tolist())
        return self._written

    @property
    def tmp(self) -> int:
        """The scratch register of merged results."""
        return self.registers - 2

    _graph_tables: tuple[np.ndarray, ...] | None = None

    def graph_tables(self) -> tuple[np.ndarray, ...]:
        """`gtab`, computed once."""
        if self._graph_tables is None:
            self._graph_tables = self.gtab()
        return self._graph_tables

    def gtab(self) -> tuple[np.ndarray, ...]:
        """The graph tables of `native.run` (layout in `native.py`)."""
        offsets, loop_offsets = [], []
        rank, start, ipdom, barrier, header, closes, nloops, counters = (
            [],
            [],
            [],
            [],
            [],
            [],
            [],
            [],
        )
        for graph in self.graphs:
            shape = graph.shape
            offsets.append(len(rank))
            loop_offsets.append(len(counters))
            nloops.append(len(shape.loops))
            counters.extend(graph.loop_counters)
            for b in range(len(shape.blocks)):
                rank.append(int(shape.rank[b]))
                start.append(graph.start[b])
                ipdom.append(shape.ipdom[b])
                barrier.append(int(shape.barrier[b]))
                header.append(shape.header_of.get(b, -1))
                closes.append(graph.closes[b])
        i64 = np.int64
        return (
            np.array(offsets, dtype=i64),
            np.array(rank, dtype=i64),
            np.array(start, dtype=i64),
            np.array(ipdom, dtype=i64),
            np.array(barrier, dtype=i64),
            np.array(header, dtype=i64),
            np.array(closes, dtype=i64).reshape(-1, 2),
            np.array(loop_offsets, dtype=i64),
            np.array(nloops, dtype=i64),
            np.array(counters, dtype=i64),
        )


_LAUNCH_KINDS = {
    "simt.thread_id": N.LC_THREAD_ID,
    "simt.block_id": N.LC_BLOCK_ID,
    "simt.block_dim": N.LC_BLOCK_DIM,
    "simt.grid_dim": N.LC_GRID_DIM,
    "simt.lane_id": N.LC_LANE_ID,
    "simt.warp_size": N.LC_WARP_SIZE,
}


def _loop_name(key: Operation | Block, name: str) -> tuple[str, str, str | None]:
    if isinstance(key, Operation):
        return site_id(key), name, op_source_location(key)
    return block_id(key), name, None


# ---------------------------------------------------------------------------
# Value forms
# ---------------------------------------------------------------------------

_CLASSES = frozenset(
    np.dtype(t)
    for t in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.float32, np.float64)
)
"""The element and value types of the native engine."""


def _width(type_: Attribute) -> int:
    width = int_width(type_)
    if width is None or width not in (1, 8, 16, 32, 64):
        raise NotNative(f"integer type {type_}")
    return width


def _wrap_params(width: int) -> tuple[int, int]:
    """(h, m) of `native._wrap` for a width."""
    if width == 64:
        return 0, -1
    if width == 1:
        return 0, 1
    return 1 << (width - 1), (1 << width) - 1


def _unsigned_key(width: int) -> tuple[int, int]:
    """(m, f) of a key that orders stored values as unsigned."""
    if width == 64:
        return -1, _INT64_MIN
    return (1 << width) - 1, 0


def _is_f32(type_: Attribute) -> int:
    dtype = dtype_of(type_)
    if dtype == np.float32:
        return 1
    if dtype == np.float64:
        return 0
    raise NotNative(f"float type {type_}")


def stored_bits(value: Any) -> int:
    """The int64 register form of a numpy scalar."""
    if isinstance(value, np.floating):
        return int(np.float64(value).view(np.int64))
    return int(value)


def _used_elsewhere(op: Operation, block: Block) -> bool:
    for result in op.results:
        for use in result.uses:
            if block.find_ancestor_op_in_block(use.operation) is None:
                return True
    return False


def _region_nonempty(block: Block | None) -> bool:
    if block is None:
        return False
    first = block.first_op
    return first is not None and first is not block.last_op


# ---------------------------------------------------------------------------
# The encoder
# ---------------------------------------------------------------------------

Env = dict[SSAValue, int]


@dataclass
class _Context:
    """One inlined copy of a function: its values' registers and memrefs."""

    regs: Env = field(default_factory=dict)
    mems: dict[SSAValue, int] = field(default_factory=dict)
    first_flags: list[int] = field(default_factory=list)
    """Flags of the allocas and guards of this copy (reset at each call)."""


class _Encoder:
    def __init__(self, module: ModuleOp, costs: CostTable) -> None:
        self.costs = costs
        self.funcs = {
            f.sym_name.data: f for f in module.ops if isinstance(f, func.FuncOp)
        }
        self.code: list[list[int]] = []
        self.prologue: list[list[int]] = []
        self.pool: list[int] = []
        self.fconst: list[float] = []
        self.registers = 0
        self.slots = 2
        self.trackers = 0
        self.first_flags = 0
        self.invariant: set[int] = set()
        self.hoisted: dict[tuple[int, ...], int] = {}
        """The register of each prologue row (`opcode operands... fields...`)."""
        self.known: dict[int, Any] = {}
        """The value of each constant register."""
        self.whole: set[int] = set()
        """Registers written a whole warp at a time (not merged)."""
        self.constant_regs: dict[tuple[str, int], int] = {}
        self.constants: list[tuple[int, int]] = []
        self.launch_constants: list[tuple[int, Operation]] = []
        self.arguments: list[tuple[int, int]] = []
        self.dims: list[tuple[int, int, int]] = []
        self.memrefs: list[MemRef] = []
        self.op_at: dict[int, Operation] = {}
        self.branch_ids: dict[Operation, int] = {}
        self.loop_ids: dict[Operation | Block, int] = {}
        self.loop_keys: list[tuple[Operation | Block, str]] = []
        self.block_ids: dict[Block, int] = {}
        self.block_instructions: list[int] = []
        self.block_costs: list[float] = []
        self.unit_ids: dict[Block, int] = {}
        self.units: list[list[int]] = []
        self.graphs: list[Graph] = []
        self.inlining: list[func.FuncOp] = []
        self.uses_ballot = False
        self.max_ways_blocks = 1
        self.folded: dict[Operation, Operation] = {}
        """Ops that emit nothing, each with the earlier op of its block whose
        instruction computes its result (or stands for it), see
        `_floored_modulo`, `_multiply_add` and `_shifted_operand`."""

    # -- allocation ---------------------------------------------------------

    def reg(self) -> int:
        self.registers += 1
        return self.registers - 1

    def slot(self) -> int:
        self.slots += 1
        return self.slots - 1

    def flag(self, ctx: _Context) -> int:
        self.first_flags += 1
        ctx.first_flags.append(self.first_flags - 1)
        return self.first_flags - 1

    def emit(self, *fields: int, merged: bool = False) -> int:
        row = [*fields] + [0] * (N.NFIELDS - len(fields))
        row[N.MERGED] = int(merged)
        self.code.append(row)
        return len(self.code) - 1

    def patch(self, ip: int, index: int, value: int) -> None:
        self.code[ip][index] = value

    def copy_list(self, pairs: Sequence[tuple[int, int]]) -> int:
        """A `[count, dst, src, ...]` list whose copies, run in order, have the
        effect of all at once (through temporaries when a source is an
        earlier destination)."""
        pairs = [(d, s) for d, s in pairs if d != s]
        dsts = {d for d, _ in pairs}
        if any(s in dsts for _, s in pairs):
            temps = [(self.reg(), s) for _, s in pairs]
            pairs = temps + [
                (d, t) for (d, _), (t, _) in zip(pairs, temps, strict=True)
            ]
        offset = len(self.pool)
        self.pool.append(len(pairs))
        for d, s in pairs:
            self.pool.extend((d, s))
        return offset

    def pairs_at(self, pairs: Sequence[tuple[int, int]]) -> int:
        """Copies without a count, for fixed-length lists (`_copies`)."""
        offset = len(self.pool)
        for d, s in pairs:
            self.pool.extend((d, s))
        return offset

    # -- counters -----------------------------------------------------------

    def branch(self, op: Operation) -> int:
        found = self.branch_ids.get(op)
        if found is None:
            found = len(self.branch_ids)
            self.branch_ids[op] = found
        return found

    def loop(self, key: Operation | Block, name: str) -> int:
        found = self.loop_ids.get(key)
        if found is None:
            found = len(self.loop_ids)
            self.loop_ids[key] = found
            self.loop_keys.append((key, name))
        return found

    def block_id(self, block: Block) -> int:
        found = self.block_ids.get(block)
        if found is None:
            found = len(self.block_ids)
            self.block_ids[block] = found
            instructions = 0
            cost = 0.0
            for op in block.ops:
                if is_instruction(op):
                    instructions += 1
                    cost += op_cost(op, self.costs)
            self.block_instructions.append(instructions)
            self.block_costs.append(cost)
        return found

    def unit(self, block: Block) -> None:
        """A compile unit of the reference: creates the branch counters of the
        structured ops it holds, in the order the reference compiles them."""
        found = self.unit_ids.get(block)
        if found is None:
            found = len(self.units)
            self.unit_ids[block] = found
            self.units.append(self.compile_order(block))
        self.emit(N.UNIT, found)

    def compile_order(self, block: Block) -> list[int]:
        order: list[int] = []
        pending: list[tuple[Operation, bool]] = [
            (op, False) for op in reversed(list(block.ops))
        ]
        while pending:
            op, children_done = pending.pop()
            if children_done:
                if isinstance(op, scf.IfOp | simt.GuardedOp):
                    order.append(self.branch(op))
                continue
            if not isinstance(op, scf.IfOp | simt.GuardedOp | scf.ForOp | scf.WhileOp):
                continue
            pending.append((op, True))
            for region in reversed(op.regions):
                for nested in reversed(list(region.blocks)):
                    pending.extend(
                        (child, False) for child in reversed(list(nested.ops))
                    )
        return order

    # -- values -------------------------------------------------------------

    def value(self, ctx: _Context, value: SSAValue) -> int:
        found = ctx.regs.get(value)
        if found is None:
            raise NotNative(f"value {value.name_hint or value} has no register")
        return found

    def define(self, ctx: _Context, value: SSAValue) -> int:
        reg = self.reg()
        ctx.regs[value] = reg
        return reg

    def constant(self, ctx: _Context, value: SSAValue, known: Any) -> None:
        """`value` is the numpy scalar `known` in every lane."""
        ctx.regs[value] = self.constant_register(known)

    def constant_register(self, known: Any) -> int:
        """The register of the numpy scalar `known` in every lane: one per
        distinct constant, filled per wave."""
        bits = stored_bits(known)
        key = (np.asarray(known).dtype.str, bits)
        reg = self.constant_regs.get(key)
        if reg is None:
            reg = self.reg()
            self.constant_regs[key] = reg
            self.constants.append((reg, bits))
            self.invariant.add(reg)
            self.known[reg] = known
        return reg

    def dim_register(self, mem: int, dim: int) -> int:
        """The register of extent `dim` of memref `mem` in every lane: one
        per extent, filled per launch."""
        for reg, m, d in self.dims:
            if (m, d) == (mem, dim):
                return reg
        reg = self.reg()
        self.invariant.add(reg)
        self.dims.append((reg, mem, dim))
        return reg

    def alias(self, ctx: _Context, result: SSAValue, source: int, merged: bool) -> None:
        """`result` is `source`'s register; a merged result whose source is
        written a whole warp at a time gets a masked copy instead."""
        if merged and source in self.whole:
            d = self.define(ctx, result)
            self.emit(N.COPY, d, source, merged=True)
            return
        ctx.regs[result] = source

    def pure(
        self,
        ctx: _Context,
        op: Operation,
        opcode: int,
        operands: Sequence[SSAValue],
        fields: Sequence[int],
        merged: bool,
    ) -> None:
        """A straight-line op `opcode d operands... fields...`; hoisted into
        the prologue when it cannot fault and its operands are invariant;
        specialized on constant operands first (`_specialize`): a known result
        becomes a constant register, an op equal to an operand an alias, a
        shift or a division by a constant an unchecked opcode."""
        regs = [self.value(ctx, o) for o in operands]
        special = _specialize(self, op, opcode, regs, fields)
        if isinstance(special, _Constant):
            # a constant register holds its value in every lane and is never
            # written again, so it stands for a merged result as well
            self.constant(ctx, op.results[0], special.value)
            return
        if isinstance(special, _Alias):
            self.alias(ctx, op.results[0], special.register, merged)
            return
        if special is not None:
            opcode, regs, fields = special
        self.straight(ctx, op, op.results[0], opcode, regs, fields, merged)

    def straight(
        self,
        ctx: _Context,
        op: Operation,
        result: SSAValue,
        opcode: int,
        regs: Sequence[int],
        fields: Sequence[int],
        merged: bool,
    ) -> None:
        """`opcode d regs... fields...` for `result` (of `op`): in the prologue
        when it cannot fault and its operands are invariant, once for equal
        rows (the same index computed in two branches): a prologue register
        is written by its row only."""
        padding = [0] * max(0, 2 - len(regs))
        operation = (opcode, *regs, *padding, *fields)
        if opcode < N.CHECKED and all(r in self.invariant for r in regs):
            hoisted = self.hoisted.get(operation)
            if hoisted is not None:
                self.alias(ctx, result, hoisted, merged)
                return
            d = self.define(ctx, result)
            row = [opcode, d, *operation[1:]]
            self.prologue.append(row + [0] * (N.NFIELDS - len(row)))
            self.invariant.add(d)
            self.hoisted[operation] = d
            return
        d = self.define(ctx, result)
        ip = self.emit(opcode, d, *operation[1:], merged=merged)
        if opcode >= N.CHECKED:
            self.op_at[ip] = op

    # -- functions and blocks -------------------------------------------------

    def kernel(self, kernel: func.FuncOp) -> None:
        ctx = _Context()
        entry = kernel.body.blocks.first
        assert entry is not None
        for index, arg in enumerate(entry.args):
            if isinstance(arg.type, MemRefType):
                ctx.mems[arg] = self.argument_memref(arg, index)
            else:
                reg = self.define(ctx, arg)
                if dtype_of(arg.type) is None:
                    raise NotNative(f"argument type {arg.type}")
                self.arguments.append((reg, index))
                self.invariant.add(reg)
        self.constants_of(ctx, kernel)
        self.inlining.append(kernel)
        self.function_body(ctx, kernel, N.SLOT_REAL, kernel_level=True)
        self.emit(N.HALT)

    def argument_memref(self, arg: SSAValue, index: int) -> int:
        memref_type = arg.type
        assert isinstance(memref_type, MemRefType)
        dtype = dtype_of(memref_type.element_type)
        if dtype is None or dtype not in _CLASSES:
            raise NotNative(f"memref element type {memref_type.element_type}")
        if len(memref_type.get_shape()) > N.MAX_RANK:
            raise NotNative(f"a memref of rank above {N.MAX_RANK}")
        self.memrefs.append(
            MemRef(
                arg.name_hint or f"#{index}",
                dtype,
                index,
                tuple(memref_type.get_shape()),
            )
        )
        return len(self.memrefs) - 1

    def constants_of(self, ctx: _Context, function: func.FuncOp) -> None:
        """Registers of the launch constants of a function (per wave)."""
        for op in function.walk():
            if op.name not in LAUNCH_CONSTANTS:
                continue
            if isinstance(op, arith.ConstantOp):
                try:
                    value = constant_value(op.value, op.result.type)
                except Unsupported as error:
                    raise NotNative(str(error)) from None
                self.constant(ctx, op.results[0], value)
                continue
            if dtype_of(op.results[0].type) is None:
                raise NotNative(f"result type {op.results[0].type}")
            reg = self.define(ctx, op.results[0])
            self.launch_constants.append((reg, op))
            self.invariant.add(reg)

    def function_body(
        self, ctx: _Context, function: func.FuncOp, slot: int, kernel_level: bool
    ) -> list[int]:
        """Emits a function's body for the lanes of `slot`; returns the
        registers of its results."""
        body = function.body
        entry = body.blocks.first
        assert entry is not None
        if len(body.blocks) == 1:
            self.unit(entry)
            self.block(ctx, entry, slot, merged_region=False)
            terminator = entry.last_op
            assert terminator is not None
            return [self.value(ctx, o) for o in terminator.operands]
        return _graph(self, ctx, body, slot, kernel_level)

    def block(
        self, ctx: _Context, block: Block, slot: int, merged_region: bool
    ) -> None:
        """`BLOCK` and the block's ops (its terminator is the caller's job)."""
        self.emit(N.BLOCK, self.block_id(block))
        first = len(self.code)
        merged = self.merged_ops(block) if merged_region else set()
        for op in block.ops:
            if op is block.last_op and op.has_trait(IsTerminator):
                break
            if op.name in LAUNCH_CONSTANTS:
                continue
            self.op(ctx, op, slot, op in merged)
        if merged:
            self.unmerge_lane_wise(first)

    def unmerge_lane_wise(self, first: int) -> None:
        """Writes the results of a `cf` block's lane-wise ops whole (no merge)
        when every instruction of the block, from `first`, is lane-wise or
        writes its active lanes only (loads, atomics).

        There, computing a lane-wise op for a lane outside the step gives
        that lane's own value again. Its operands hold what the lane had
        when it last executed the block: they are defined in blocks that
        dominate this one, and written since only under masks (merged
        results, edge copies, loads) or again by such recomputations, unless
        the lane has since re-entered a block that dominates this one; and
        then the result is dead for it until it executes this block again
        (every use is dominated by this block). A vote or a guard (whose
        value for such a lane is the step's), a nested region, a checked op
        (which may skip or guard such lanes) can give an operand another
        value for it: those blocks keep their merges
        (`test_lanes_that_left_a_loop_keep_their_values` fails for a vote
        without them)."""
        rows = self.code[first:]
        if all(row[0] < N.CHECKED or row[0] in _ACTIVE_LANES_ONLY for row in rows):
            for row in rows:
                if row[0] < N.CHECKED:
                    row[N.MERGED] = 0

    def merged_ops(self, block: Block) -> set[Operation]:
        """Ops of a `cf` block whose results merge (used in another block)."""
        return {op for op in block.ops if _used_elsewhere(op, block)}

    # -- ops ----------------------------------------------------------------

    def op(self, ctx: _Context, op: Operation, slot: int, merged: bool) -> None:
        if op in self.folded:
            return
        encode = _OPS.get(op.name)
        if encode is None:
            raise NotNative(f"{op.name} has no native opcode")
        encode(self, ctx, op, slot, merged)


_ACTIVE_LANES_ONLY = frozenset({N.LOAD, N.STORE, N.ATOMIC_ADD})
"""Checked opcodes that write no register but in the step's active lanes."""


def _is_identity(op: Operation) -> bool:
    """True for the ops whose result is their operand's stored form."""
    name = op.name
    if name == "arith.extsi":
        return _width(op.operands[0].type) > 1
    if name in ("arith.extui", "math.absi"):
        return _width(op.operands[0].type) == 1
    if name == "arith.index_cast":
        src, dst = _width(op.operands[0].type), _width(op.results[0].type)
        return dst >= src > 1
    if name == "arith.extf":
        return True
    if name == "arith.bitcast":
        src, dst = dtype_of(op.operands[0].type), dtype_of(op.results[0].type)
        return src == dst or {src, dst} == {np.dtype(np.int64), np.dtype(np.float64)}
    return False


# ---------------------------------------------------------------------------
# Specialization of straight-line ops on constants
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Alias:
    register: int


@dataclass(frozen=True)
class _Constant:
    value: Any


_FOLD_MASK = ExecMask(np.ones(1, dtype=np.bool_), 1)


def _fold(op: Operation, values: Sequence[Any]) -> Any | None:
    """The value of `op` on constant operands, computed by the reference
    engine's own lane semantics (`arith.BUILDERS`); None if it faults."""
    builder = BUILDERS.get(op.name)
    if builder is None:
        return None
    try:
        value = builder(op)(tuple(values), _FOLD_MASK)
    except (LaneFault, Unsupported):
        return None
    result = np.asarray(value)
    if result.ndim != 0 or result.dtype != dtype_of(op.results[0].type):
        return None
    return result[()]


def _all_ones(value: Any) -> bool:
    return bool(value) if np.asarray(value).dtype == np.bool_ else int(value) == -1


_NEUTRAL = {"arith.addi": 0, "arith.subi": 0, "arith.ori": 0, "arith.xori": 0}
_SHIFTS = {N.SHL: N.SHL_IMM, N.SHRU: N.SHRU_IMM, N.SHRS: N.SHRS_IMM}
_POW2_DIVISIONS = (N.DIVS, N.REMS, N.FLOORDIVS, N.CEILDIVS)


def _specialize(
    enc: _Encoder, op: Operation, opcode: int, regs: list[int], fields: Sequence[int]
) -> _Alias | _Constant | tuple[int, list[int], Sequence[int]] | None:
    """A cheaper form of a straight-line op with constant operands: its value,
    an operand it equals, or an unchecked opcode; None to keep it."""
    known = [enc.known.get(r) for r in regs]
    if known and all(k is not None for k in known):
        value = _fold(op, known)
        if value is not None:
            return _Constant(value)
    if len(regs) == 2 and known[1] is not None:
        return _with_constant_rhs(op, opcode, regs, known[1], fields)
    if len(regs) == 2 and known[0] is not None and op.has_trait(Commutative):
        return _with_constant_rhs(op, opcode, [regs[1], regs[0]], known[0], fields)
    if op.name == "arith.select":
        if regs[1] == regs[2]:
            return _Alias(regs[1])
        if known[0] is not None:
            return _Alias(regs[1] if bool(known[0]) else regs[2])
    return None


def _with_constant_rhs(
    op: Operation, opcode: int, regs: list[int], rhs: Any, fields: Sequence[int]
) -> _Alias | _Constant | tuple[int, list[int], Sequence[int]] | None:
    dtype = np.asarray(rhs).dtype
    name = op.name
    zero = dtype.type(0)
    if name in _NEUTRAL and not bool(rhs):
        return _Alias(regs[0])
    if name == "arith.andi":
        if not bool(rhs):
            return _Constant(zero)
        if _all_ones(rhs):
            return _Alias(regs[0])
    if name == "arith.ori" and _all_ones(rhs):
        return _Constant(rhs)
    if name == "arith.muli" and dtype != np.bool_:
        if int(rhs) == 1:
            return _Alias(regs[0])
        if int(rhs) == 0:
            return _Constant(zero)
    if opcode in _SHIFTS:
        width = fields[2]
        amount = int(rhs) % (1 << width) if width < 64 else int(rhs) % (1 << 64)
        if amount == 0:
            return _Alias(regs[0])
        if amount < width:
            h, m = fields[0], fields[1]
            return _SHIFTS[opcode], [regs[0]], (h, m, amount, 0)
    if opcode in _POW2_DIVISIONS and fields[2] == 1:
        divisor = int(rhs)
        if divisor > 0 and divisor & (divisor - 1) == 0:
            h, m = fields[0], fields[1]
            return N.DIV_POW2, [regs[0]], (h, m, divisor.bit_length() - 1, opcode)
    return None


Encode = Callable[[_Encoder, _Context, Operation, int, bool], None]


# ---------------------------------------------------------------------------
# Structured control flow
# ---------------------------------------------------------------------------


def _yields(enc: _Encoder, ctx: _Context, block: Block) -> list[int]:
    terminator = block.last_op
    assert terminator is not None
    return [enc.value(ctx, o) for o in terminator.operands]


def _results(enc: _Encoder, ctx: _Context, op: Operation) -> list[int]:
    for result in op.results:
        if dtype_of(result.type) is None:
            raise NotNative(f"a structured op yields a value of type {result.type}")
    return [enc.define(ctx, r) for r in op.results]


def _encode_if(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, scf.IfOp)
    then_block = op.true_region.block
    else_block = op.false_region.blocks.first
    taken, other, split = enc.slot(), enc.slot(), enc.slot()
    then_push = 1 + int(_region_nonempty(else_block))
    head = enc.emit(
        N.IF_BEGIN,
        enc.value(ctx, op.cond),
        slot,
        taken,
        other,
        split,
        then_push,
        int(else_block is not None),
        enc.branch(op),
        merged=merged,
    )
    enc.block(ctx, then_block, taken, merged_region=False)
    then_values = _yields(enc, ctx, then_block)
    enc.patch(head, 9, enc.emit(N.IF_ELSE, head))
    else_values: list[int] = []
    if else_block is not None:
        enc.block(ctx, else_block, other, merged_region=False)
        else_values = _yields(enc, ctx, else_block)
    enc.patch(head, 10, enc.emit(N.IF_END, head))
    results = _results(enc, ctx, op)
    triples: list[int] = []
    if results:
        for res, t, e in zip(results, then_values, else_values, strict=True):
            triples.extend((res, t, e))
    enc.patch(head, 11, len(enc.pool))
    enc.pool.extend(triples)
    enc.patch(head, 12, len(results))
    if not merged:
        enc.whole.update(results)


def _encode_for(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, scf.ForOp)
    body = op.body.block
    iv_arg, *carried_args = body.args
    width = _width(iv_arg.type)
    iv = enc.define(ctx, iv_arg)
    carried = [enc.define(ctx, a) for a in carried_args]
    inits = [enc.value(ctx, v) for v in op.iter_args]
    results = _results(enc, ctx, op)
    active, leave = enc.slot(), enc.slot()
    tracker = enc.trackers
    enc.trackers += 1
    descriptor = len(enc.pool)
    enc.pool.extend((0, len(carried), 0, 0, 0))
    h, m = _wrap_params(width)
    head = enc.emit(
        N.FOR_BEGIN,
        enc.value(ctx, op.lb),
        enc.value(ctx, op.ub),
        enc.value(ctx, op.step),
        iv,
        slot,
        active,
        leave,
        enc.branch(op),
        enc.loop(op, op.name),
        tracker,
        descriptor,
        0,
        h,
        m,
    )
    enc.op_at[head] = op
    iterate = enc.emit(N.FOR_ITER, head)
    enc.block(ctx, body, active, merged_region=False)
    yields = _coalesced(enc, ctx, body, carried, iterate + 1)
    if iv in yields:
        # the latch steps the induction variable before it copies the yields:
        # a yield of the induction variable itself must read this iteration's
        saved = enc.reg()
        enc.emit(N.COPY, saved, iv)
        yields = [saved if y == iv else y for y in yields]
    enc.emit(N.FOR_LATCH, head, iterate)
    enc.patch(head, 12, enc.emit(N.FOR_END, head))
    enc.pool[descriptor] = enc.pairs_at(list(zip(carried, inits, strict=True)))
    enc.pool[descriptor + 2] = enc.pairs_at(list(zip(results, inits, strict=True)))
    enc.pool[descriptor + 3] = enc.pairs_at(list(zip(results, yields, strict=True)))
    enc.pool[descriptor + 4] = enc.copy_list(list(zip(carried, yields, strict=True)))


def _encode_while(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, scf.WhileOp)
    before = op.before_region.block
    after = op.after_region.block
    condition = before.last_op
    assert isinstance(condition, scf.ConditionOp)
    before_args = [enc.define(ctx, a) for a in before.args]
    inits = [enc.value(ctx, v) for v in op.arguments]
    results = _results(enc, ctx, op)
    active, leave = enc.slot(), enc.slot()
    tracker = enc.trackers
    enc.trackers += 1
    head = enc.emit(
        N.WHILE_BEGIN,
        slot,
        active,
        leave,
        enc.branch(condition),
        enc.loop(op, op.name),
        tracker,
        enc.copy_list(list(zip(before_args, inits, strict=True))),
    )
    iterate = enc.emit(N.WHILE_ITER, head)
    enc.block(ctx, before, active, merged_region=False)
    passed = [enc.value(ctx, v) for v in condition.args]
    enc.patch(head, 9, enc.value(ctx, condition.condition))
    choice = _condition_choice(enc, condition)
    if choice is None:
        enc.emit(N.WHILE_COND, head)
    else:
        enc.emit(N.WHILE_COND, head, 1, *choice)
    # The after region's arguments share the registers of the values the
    # condition passes: nothing writes those until the next iteration.
    for arg, reg in zip(after.args, passed, strict=True):
        ctx.regs[arg] = reg
    after_args = passed
    enc.block(ctx, after, active, merged_region=False)
    yields = _coalesced(enc, ctx, after, before_args, iterate + 1)
    enc.emit(N.WHILE_LATCH, head, iterate)
    enc.patch(head, 8, enc.emit(N.WHILE_END, head))
    enc.patch(head, 10, enc.copy_list(list(zip(results, passed, strict=True))))
    enc.patch(head, 11, enc.copy_list(list(zip(after_args, passed, strict=True))))
    enc.patch(head, 12, enc.copy_list(list(zip(before_args, yields, strict=True))))


def _condition_choice(
    enc: _Encoder, condition: scf.ConditionOp
) -> tuple[int, int, int] | None:
    """A `while` condition that is the one result of the `scf.if` just before
    it, read by nothing else (numba's `while a and b`): the if no longer
    writes it, and `WHILE_COND` splits by the if's condition, then value
    and else value (`cond, then, else` registers returned) in one pass.
    None for another condition."""
    value = condition.condition
    owner = value.owner
    end = enc.code[-1]
    if (
        not isinstance(owner, scf.IfOp)
        or owner.next_op is not condition
        or len(owner.results) != 1
        or not value.has_one_use()
        or end[0] != N.IF_END
        or enc.code[end[1]][8] != enc.branch_ids.get(owner)
    ):
        return None
    head = enc.code[end[1]]
    _, then_value, else_value = enc.pool[head[11] : head[11] + 3]
    enc.patch(end[1], 12, 0)
    return head[1], then_value, else_value


def _coalesced(
    enc: _Encoder, ctx: _Context, block: Block, carried: Sequence[int], first_ip: int
) -> list[int]:
    """The registers `block` (a loop body, encoded from `first_ip` on) yields
    into the loop's `carried` registers, after writing a yielded value
    straight into its carried register where that is safe, which saves the
    latch a masked copy per iteration.

    It is where the value is the result of an op of the body itself (not
    nested), used only by the yield, with a register of its own, written by
    one straight-line instruction (which reads its operands lane by lane
    before it writes, so it may read the carried value) or at the end of an
    `scf.if`; and where nothing reads the carried register after that op
    (the values it holds: the loop's block arguments, read in ops before it
    or in the `scf.if`'s regions, before its end). The write's lanes outside
    the loop's mask are garbage, which nothing reads: lanes that left the
    loop had their values copied out when they left."""
    yields = _yields(enc, ctx, block)
    terminator = block.last_op
    assert terminator is not None
    position = {op: index for index, op in enumerate(block.ops)}
    for i, (value, carry) in enumerate(zip(terminator.operands, carried, strict=True)):
        reg = yields[i]
        owner = value.owner
        if (
            reg == carry
            or not isinstance(owner, Operation)
            or owner.parent_block() is not block
            or not value.has_one_use()
            or any(r == reg and v is not value for v, r in ctx.regs.items())
        ):
            continue
        # a folded op's result is written where the op that computes it is
        writer = enc.folded.get(owner, owner)
        held = [v for v, r in ctx.regs.items() if r == carry]
        if not all(
            _read_before(use.operation, block, position, writer)
            for v in held
            for use in v.uses
        ):
            continue
        if not _retarget(enc, writer, reg, carry, first_ip):
            continue
        ctx.regs[value] = carry
        yields[i] = carry
    return yields


def _read_before(
    user: Operation, block: Block, position: dict[Operation, int], writer: Operation
) -> bool:
    """Whether `user` runs before `writer`, an op of `block`, writes its
    result: an op of `block` before it, one nested in its regions (an
    `scf.if` writes at its end), `writer` itself if it has no regions, or
    an op outside `block`."""
    top: Operation | None = user
    while top is not None and top.parent_block() is not block:
        top = top.parent_op()
    if top is None:
        return True
    if top is writer:
        return user is not writer or not writer.regions
    return position[top] < position[writer]


def _retarget(
    enc: _Encoder, writer: Operation, reg: int, carry: int, first_ip: int
) -> bool:
    """Makes the one instruction that writes `reg` (for `writer`, emitted from
    `first_ip` on) write `carry` instead; False if there is not exactly one
    such straight-line instruction or `scf.if` result."""
    if isinstance(writer, scf.IfOp):
        for ip in range(first_ip, len(enc.code)):
            row = enc.code[ip]
            if row[0] != N.IF_BEGIN:
                continue
            triples = [
                enc.pool[row[11] + 3 * j : row[11] + 3 * j + 3] for j in range(row[12])
            ]
            for j, (d, _, _) in enumerate(triples):
                if d != reg:
                    continue
                # the `if` writes its results one after another: none after
                # this one may read `carry`
                if any(carry in t[1:] for t in triples[j + 1 :]):
                    return False
                enc.pool[row[11] + 3 * j] = carry
                return True
        return False
    if writer.regions:
        return False
    rows = [row for row in enc.code[first_ip:] if row[0] < N.CONTROL and row[1] == reg]
    if len(rows) != 1 or rows[0][0] >= N.CHECKED:
        return False
    rows[0][1] = carry
    return True


def _encode_guarded(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, simt.GuardedOp)
    body = op.body.block
    chosen, other, split = enc.slot(), enc.slot(), enc.slot()
    head = enc.emit(
        N.GUARD_BEGIN,
        enc.value(ctx, op.guard),
        op.block.value.data,
        slot,
        chosen,
        other,
        split,
        enc.branch(op),
    )
    enc.block(ctx, body, chosen, merged_region=False)
    yields = _yields(enc, ctx, body)
    enc.patch(head, 8, enc.emit(N.GUARD_END, head))
    results = _results(enc, ctx, op)
    enc.patch(head, 9, enc.copy_list(list(zip(results, yields, strict=True))))


# ---------------------------------------------------------------------------
# cf graphs and calls
# ---------------------------------------------------------------------------


def _graph(
    enc: _Encoder, ctx: _Context, region: Region, slot: int, kernel_level: bool
) -> list[int]:
    """A multi-block region on reconvergence stacks; returns its result registers."""
    shape = graph_shape(region)
    g = len(enc.graphs)
    enc.graphs.append(Graph(shape, (), (), ()))
    step, taken, other = enc.slot(), enc.slot(), enc.slot()
    head = enc.emit(N.GRAPH_BEGIN, g, slot, step, taken, other, int(kernel_level))
    enc.emit(N.GRAPH_SCHED, head)
    for block in shape.blocks[1:]:
        for arg in block.args:
            if dtype_of(arg.type) is None:
                raise NotNative(f"a block argument of type {arg.type}")
            enc.define(ctx, arg)
    returns: list[int] | None = None
    start: list[int] = []
    for index, block in enumerate(shape.blocks):
        start.append(len(enc.code))
        enc.unit(block)
        enc.block(ctx, block, step, merged_region=True)
        returned = _terminator(enc, ctx, block, index, shape, head, returns)
        if returned is not None:
            returns = returned
    enc.patch(head, 7, enc.emit(N.GRAPH_END, head))
    closes = []
    for b in range(len(shape.blocks)):
        loops = shape.closes.get(b, ())
        closes.append((len(enc.pool), len(loops)))
        enc.pool.extend(loops)
    counters = tuple(
        enc.loop(shape.blocks[loop.header], "cf loop") for loop in shape.loops
    )
    enc.graphs[g] = Graph(shape, tuple(start), tuple(closes), counters)
    return returns or []


def _edge(
    enc: _Encoder,
    ctx: _Context,
    shape: GraphShape,
    source: int,
    target: Block,
    args: Sequence[SSAValue],
) -> int:
    """`[target, count, copies..., loop count, loops...]` in the pool."""
    t = shape.index[target]
    params = [enc.value(ctx, a) for a in target.args]
    values = [enc.value(ctx, a) for a in args]
    pairs = [(d, s) for d, s in zip(params, values, strict=True) if d != s]
    dsts = {d for d, _ in pairs}
    if any(s in dsts for _, s in pairs):
        temps = [(enc.reg(), s) for _, s in pairs]
        pairs = temps + [
            (d, tmp) for (d, _), (tmp, _) in zip(pairs, temps, strict=True)
        ]
    offset = len(enc.pool)
    enc.pool.extend((t, len(pairs)))
    for d, s in pairs:
        enc.pool.extend((d, s))
    loops = shape.entering.get((source, t), ())
    enc.pool.append(len(loops))
    enc.pool.extend(loops)
    return offset


def _terminator(
    enc: _Encoder,
    ctx: _Context,
    block: Block,
    index: int,
    shape: GraphShape,
    head: int,
    returns: list[int] | None,
) -> list[int] | None:
    op = block.last_op
    if isinstance(op, cf.BranchOp):
        enc.emit(N.BR, head, _edge(enc, ctx, shape, index, op.successor, op.arguments))
        return None
    if isinstance(op, cf.ConditionalBranchOp):
        then_edge = _edge(enc, ctx, shape, index, op.then_block, op.then_arguments)
        else_edge = _edge(enc, ctx, shape, index, op.else_block, op.else_arguments)
        enc.emit(
            N.COND_BR,
            head,
            then_edge,
            else_edge,
            enc.value(ctx, op.cond),
            enc.branch(op),
        )
        return None
    if isinstance(op, func.ReturnOp):
        values = [enc.value(ctx, v) for v in op.arguments]
        if returns is None:
            returns = [enc.reg() for _ in values]
        enc.emit(N.RETURN, head, enc.copy_list(list(zip(returns, values, strict=True))))
        return returns
    name = op.name if op is not None else "no terminator"
    raise NotNative(f"{name} ends a block of a cf graph")


def _encode_call(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, func.CallOp)
    callee = enc.funcs.get(op.callee.string_value())
    if callee is None or callee.is_declaration:
        raise NotNative("a call of a function without a body")
    if callee in enc.inlining:
        raise NotNative("a recursive call")
    if len(enc.inlining) >= MAX_INLINE_DEPTH:
        raise NotNative("calls nested too deep")
    inner = _Context()
    entry = callee.body.blocks.first
    assert entry is not None
    params = []
    for arg in entry.args:
        if isinstance(arg.type, MemRefType):
            raise NotNative("a memref passed to a call")
        params.append(enc.define(inner, arg))
    values = [enc.value(ctx, v) for v in op.arguments]
    enter = enc.emit(
        N.COPIES, enc.copy_list(list(zip(params, values, strict=True))), -1
    )
    enc.constants_of(inner, callee)
    enc.inlining.append(callee)
    returned = enc.function_body(inner, callee, slot, kernel_level=False)
    enc.inlining.pop()
    resets = len(enc.pool)
    enc.pool.append(len(inner.first_flags))
    enc.pool.extend(inner.first_flags)
    enc.patch(enter, 2, resets)
    results = _results(enc, ctx, op)
    enc.emit(N.COPIES, enc.copy_list(list(zip(results, returned, strict=True))), -1)


# ---------------------------------------------------------------------------
# Straight-line ops
# ---------------------------------------------------------------------------


def _int_binary(opcode: int) -> Encode:
    def encode(
        enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
    ) -> None:
        h, m = _wrap_params(_width(op.results[0].type))
        enc.pure(ctx, op, opcode, op.operands, (h, m), merged)

    return encode


def _bitwise(opcode: int) -> Encode:
    def encode(
        enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
    ) -> None:
        _width(op.results[0].type)
        enc.pure(ctx, op, opcode, op.operands, (), merged)

    return encode


def _shift(opcode: int) -> Encode:
    def encode(
        enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
    ) -> None:
        width = _width(op.results[0].type)
        h, m = _wrap_params(width)
        sign = -1 if width == 1 else 1
        enc.pure(ctx, op, opcode, op.operands, (h, m, width, sign), merged)

    return encode


def _shift_or_fold(opcode: int) -> Encode:
    """A shift, folded into its one user where `_shifted_operand` applies."""

    def fold(enc: _Encoder, ctx: _Context, op: Operation) -> bool:
        return _shifted_operand(enc, ctx, op, _SHIFTS[opcode])

    return _folding(fold, _shift(opcode))


def _minmax(opcode: int, signed: bool) -> Encode:
    def encode(
        enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
    ) -> None:
        width = _width(op.results[0].type)
        code = opcode
        key = (-1, 0)
        if not signed:
            key = _unsigned_key(width)
        elif width == 1:
            code = N.MIN if opcode == N.MAX else N.MAX
        enc.pure(ctx, op, code, op.operands, key, merged)

    return encode


_SIGNED_CMP = {2: N.CMP_LT, 3: N.CMP_LE, 4: N.CMP_GT, 5: N.CMP_GE}
_MIRROR = {
    N.CMP_LT: N.CMP_GT,
    N.CMP_LE: N.CMP_GE,
    N.CMP_GT: N.CMP_LT,
    N.CMP_GE: N.CMP_LE,
}
_UNSIGNED_CMP = {6: N.CMP_LT, 7: N.CMP_LE, 8: N.CMP_GT, 9: N.CMP_GE}


def _encode_cmpi(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, arith.CmpiOp)
    width = _width(op.lhs.type)
    predicate = op.predicate.value.data
    key = (-1, 0)
    if predicate == 0:
        code = N.CMP_EQ
    elif predicate == 1:
        code = N.CMP_NE
    elif predicate in _SIGNED_CMP:
        code = _SIGNED_CMP[predicate]
        if width == 1:
            code = _MIRROR[code]
    else:
        code = _UNSIGNED_CMP[predicate]
        key = _unsigned_key(width)
    enc.pure(ctx, op, code, op.operands, key, merged)


def _division(opcode: int, signed: bool) -> Encode:
    def encode(
        enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
    ) -> None:
        width = _width(op.results[0].type)
        h, m = _wrap_params(width)
        sign = -1 if (signed and width == 1) else 1
        lowest = -(1 << (width - 1))
        enc.pure(ctx, op, opcode, op.operands, (h, m, sign, lowest), merged)

    return encode


def _multiply_add(enc: _Encoder, ctx: _Context, op: Operation) -> bool:
    """`muli a, b` whose only use is an `addi` (either operand) of the same
    block: one `MULADD` writes the sum and the `addi` emits nothing (a
    block's instruction count comes from its ops, so no metric changes).
    False, nothing emitted, for another shape, when `a` and `b` are both
    constants (the `muli` folds) or the addend comes after the `muli`."""
    assert isinstance(op, arith.MuliOp)
    product = op.result
    block = op.parent_block()
    if block is None or not product.has_one_use():
        return False
    add = product.get_user_of_unique_use()
    if (
        not isinstance(add, arith.AddiOp)
        or add.parent_block() is not block
        or _used_elsewhere(add, block)
        or all(_known(enc, ctx, o) is not None for o in op.operands)
    ):
        return False
    addend = add.rhs if add.lhs == product else add.lhs
    if addend not in ctx.regs:
        return False  # defined after the `muli`
    h, m = _wrap_params(_width(product.type))
    regs = [enc.value(ctx, o) for o in (op.lhs, op.rhs, addend)]
    enc.straight(ctx, add, add.result, N.MULADD, regs, (h, m), False)
    enc.folded[add] = op
    return True


_SHIFTED_INTO = {
    arith.AddiOp: N.ADD,
    arith.AndIOp: N.AND,
    arith.OrIOp: N.OR,
    arith.XOrIOp: N.XOR,
}
"""The binary ops a shift by a constant folds into (`_shifted_operand`):
the commutative ones, so the shifted value may be either operand."""


def _shifted_operand(enc: _Encoder, ctx: _Context, op: Operation, shift: int) -> bool:
    """A shift (`shift`, its unchecked opcode) by a constant below the width
    whose only use is an `addi`,
    `andi`, `ori` or `xori` of the same block: one `SHIFTED` writes
    `other op (x shift k)` and the binary op emits nothing, as in xorshift
    generators, LFSRs and hashes (`x ^ (x >> 3)`, `hi | (bit << 15)`).
    False, nothing emitted, for another shape, when the shifted value is a
    constant or the other operand comes after the shift."""
    result = op.results[0]
    block = op.parent_block()
    width = _width(result.type)
    amount = _known_int(enc, ctx, op.operands[1])
    if (
        block is None
        or width == 1
        or amount is None
        or not 0 < amount < width
        or _known(enc, ctx, op.operands[0]) is not None
        or not result.has_one_use()
    ):
        return False
    user = result.get_user_of_unique_use()
    binary = _SHIFTED_INTO.get(type(user))
    if user is None or binary is None or user.parent_block() is not block:
        return False
    if _used_elsewhere(user, block):
        return False
    other = user.operands[1] if user.operands[0] == result else user.operands[0]
    if other not in ctx.regs:
        return False  # defined after the shift
    h, m = _wrap_params(width)
    regs = [enc.value(ctx, other), enc.value(ctx, op.operands[0])]
    fields = (h, m, amount, shift, binary)
    enc.straight(ctx, user, user.results[0], N.SHIFTED, regs, fields, False)
    enc.folded[user] = op
    return True


def _folding(
    fold: Callable[[_Encoder, _Context, Operation], bool], plain: Encode
) -> Encode:
    """`plain`, unless `fold` encodes the op together with the users it
    stands for (`_Encoder.folded`); a merged result is always `plain`'s."""

    def encode(
        enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
    ) -> None:
        if not merged and fold(enc, ctx, op):
            return
        plain(enc, ctx, op, slot, merged)

    return encode


def _floored_modulo(enc: _Encoder, ctx: _Context, op: Operation) -> bool:
    """numba's `a % c` on signed integers, `r = remsi a, c` then
    `select(r < 0, r + c, r)`, for a constant `c > 0`: one instruction
    writes the select's result and the compare, the add and the select emit
    nothing (False, nothing emitted, for another shape). For a power of two
    it is `andi a, c - 1`, and a select whose only use is `== k` or `!= k`
    for a constant `0 <= k < c` becomes one compare of `a`'s low bits
    (`CMP_EQ`/`CMP_NE` with mask `c - 1`); for another `c`, `FLOORMOD`.
    Only the instructions change: a block's instruction count comes from
    its ops (`block_id`), so every metric is the same."""
    result = op.results[0]
    block = op.parent_block()
    divisor = _known(enc, ctx, op.operands[1])
    if (
        block is None
        or _width(result.type) == 1
        or divisor is None
        or _known(enc, ctx, op.operands[0]) is not None
        or not divisor > 0
    ):
        return False
    users = [use.operation for use in result.uses]
    select = next((u for u in users if isinstance(u, arith.SelectOp)), None)
    if select is None or len(users) != 3 or select.rhs != result:
        return False
    compare, add = select.cond.owner, select.lhs.owner
    if not (
        isinstance(compare, arith.CmpiOp)
        and isinstance(add, arith.AddiOp)
        and set(users) == {compare, add, select}
        and compare.predicate.value.data == 2  # slt
        and compare.lhs == result
        and _known_int(enc, ctx, compare.rhs) == 0
        and add.lhs == result
        and _known_int(enc, ctx, add.rhs) == int(divisor)
        and compare.result.has_one_use()
        and add.result.has_one_use()
        and select.parent_block() is block
        and not _used_elsewhere(select, block)
    ):
        return False
    low = int(divisor) - 1
    dividend = enc.value(ctx, op.operands[0])
    enc.folded.update(dict.fromkeys((compare, add, select), op))
    if divisor & low:
        fields = (int(divisor),)
        enc.straight(ctx, select, select.result, N.FLOORMOD, [dividend], fields, False)
        return True
    test = _remainder_test(enc, ctx, select, block, low)
    if test is not None:
        # `x % c == k` (or `!=`): the low bits of `x` against `k`
        equal, other = test
        code = N.CMP_EQ if equal.predicate.value.data == 0 else N.CMP_NE
        regs = [dividend, enc.value(ctx, other)]
        enc.straight(ctx, equal, equal.result, code, regs, (low, 0), False)
        enc.folded[equal] = op
        return True
    mask = enc.constant_register(type(divisor)(low))
    enc.straight(ctx, select, select.result, N.AND, [dividend, mask], (), False)
    return True


def _remainder_test(
    enc: _Encoder, ctx: _Context, remainder: Operation, block: Block, low: int
) -> tuple[arith.CmpiOp, SSAValue] | None:
    """The `cmpi eq`/`ne` of `remainder`'s result (its only use) against a
    constant in `[0, low]`, and that constant's value; None for another use."""
    result = remainder.results[0]
    if not result.has_one_use():
        return None
    compare = result.get_user_of_unique_use()
    if not isinstance(compare, arith.CmpiOp) or compare.predicate.value.data > 1:
        return None
    other = compare.rhs if compare.lhs == result else compare.lhs
    value = _known_int(enc, ctx, other)
    if (
        value is None
        or not 0 <= value <= low
        or compare.parent_block() is not block
        or _used_elsewhere(compare, block)
    ):
        return None
    return compare, other


def _known(enc: _Encoder, ctx: _Context, value: SSAValue) -> Any | None:
    """The numpy scalar a constant operand holds, None for another."""
    return enc.known.get(ctx.regs.get(value, -1))


def _known_int(enc: _Encoder, ctx: _Context, value: SSAValue) -> int | None:
    """The value of a constant integer operand, None for another."""
    known = _known(enc, ctx, value)
    return None if known is None else int(known)


def _encode_extsi(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    if _width(op.operands[0].type) > 1:
        enc.alias(ctx, op.results[0], enc.value(ctx, op.operands[0]), merged)
        return
    h, m = _wrap_params(_width(op.results[0].type))
    enc.pure(ctx, op, N.NEG, op.operands, (h, m), merged)


def _encode_extui(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    src = _width(op.operands[0].type)
    _width(op.results[0].type)
    if src == 1:
        enc.alias(ctx, op.results[0], enc.value(ctx, op.operands[0]), merged)
        return
    enc.pure(ctx, op, N.EXTU, op.operands, (0, _wrap_params(src)[1]), merged)


def _encode_trunci(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    _width(op.operands[0].type)
    h, m = _wrap_params(_width(op.results[0].type))
    enc.pure(ctx, op, N.WRAP, op.operands, (h, m), merged)


def _encode_index_cast(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    src = _width(op.operands[0].type)
    dst = _width(op.results[0].type)
    h, m = _wrap_params(dst)
    if dst < src:
        enc.pure(ctx, op, N.WRAP, op.operands, (h, m), merged)
    elif src == 1:
        enc.pure(ctx, op, N.NEG, op.operands, (h, m), merged)
    else:
        enc.alias(ctx, op.results[0], enc.value(ctx, op.operands[0]), merged)


def _encode_to_float(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    src = _width(op.operands[0].type)
    f32 = _is_f32(op.results[0].type)
    if op.name == "arith.sitofp":
        enc.pure(ctx, op, N.SITOFP, op.operands, (f32, -1 if src == 1 else 1), merged)
    else:
        m = _wrap_params(src)[1]
        enc.pure(ctx, op, N.UITOFP, op.operands, (f32, 1, m), merged)


def _encode_to_int(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    _is_f32(op.operands[0].type)
    dst = _width(op.results[0].type)
    h, m = _wrap_params(dst)
    unsigned = op.name == "arith.fptoui"
    low = 0.0 if unsigned else -float(1 << (dst - 1))
    high = float(1 << dst) if unsigned else float(1 << (dst - 1))
    bounds = len(enc.fconst)
    enc.fconst.extend((low, high))
    code = N.FPTOUI if unsigned else N.FPTOSI
    enc.pure(ctx, op, code, op.operands, (h, m, bounds), merged)


def _encode_extf(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    """f32 values are held exactly as float64: widening is the identity."""
    _is_f32(op.operands[0].type)
    _is_f32(op.results[0].type)
    enc.alias(ctx, op.results[0], enc.value(ctx, op.operands[0]), merged)


def _encode_truncf(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    _is_f32(op.operands[0].type)
    if not _is_f32(op.results[0].type):
        enc.alias(ctx, op.results[0], enc.value(ctx, op.operands[0]), merged)
        return
    enc.pure(ctx, op, N.TRUNCF, op.operands, (1,), merged)


def _encode_bitcast(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    if _is_identity(op):
        enc.alias(ctx, op.results[0], enc.value(ctx, op.operands[0]), merged)
        return
    src, dst = dtype_of(op.operands[0].type), dtype_of(op.results[0].type)
    if src == np.int32 and dst == np.float32:
        enc.pure(ctx, op, N.BITS_TO_F32, op.operands, (), merged)
    elif src == np.float32 and dst == np.int32:
        enc.pure(ctx, op, N.F32_TO_BITS, op.operands, (), merged)
    else:
        raise NotNative(f"bitcast from {src} to {dst}")


def _encode_select(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    if dtype_of(op.results[0].type) not in _CLASSES:
        raise NotNative(f"select of {op.results[0].type}")
    enc.pure(ctx, op, N.SELECT, op.operands, (), merged)


def _encode_absi(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    width = _width(op.results[0].type)
    if width == 1:
        enc.alias(ctx, op.results[0], enc.value(ctx, op.operands[0]), merged)
        return
    enc.pure(ctx, op, N.ABS, op.operands, _wrap_params(width), merged)


def _encode_ctpop(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    enc.pure(
        ctx, op, N.CTPOP, op.operands, _wrap_params(_width(op.results[0].type)), merged
    )


def _float_op(opcode: int) -> Encode:
    def encode(
        enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
    ) -> None:
        enc.pure(ctx, op, opcode, op.operands, (_is_f32(op.results[0].type),), merged)

    return encode


def _encode_cmpf(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, arith.CmpfOp)
    _is_f32(op.lhs.type)
    enc.pure(ctx, op, N.FCMP, op.operands, (op.predicate.value.data,), merged)


# ---------------------------------------------------------------------------
# Memory, collectives, guards
# ---------------------------------------------------------------------------


def _memref(enc: _Encoder, ctx: _Context, value: SSAValue) -> int:
    found = ctx.mems.get(value)
    if found is None:
        raise NotNative("a memref that is not a kernel argument or an alloca")
    return found


def _access(
    enc: _Encoder,
    ctx: _Context,
    op: Operation,
    opcode: int,
    target: SSAValue,
    value: SSAValue | None,
    indices: Sequence[SSAValue],
) -> None:
    mem = _memref(enc, ctx, target)
    if opcode == N.ATOMIC_ADD and enc.memrefs[mem].dtype == np.bool_:
        raise NotNative("an atomic add on an i1 memref")
    regs = [enc.value(ctx, i) for i in indices]
    stored = enc.value(ctx, value) if value is not None else 0
    d = enc.define(ctx, op.results[0]) if op.results else 0
    enc.op_at[enc.emit(opcode, d, mem, stored, *regs)] = op


def _encode_load(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, memref.LoadOp)
    _access(enc, ctx, op, N.LOAD, op.memref, None, op.indices)


def _encode_store(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, memref.StoreOp)
    _access(enc, ctx, op, N.STORE, op.memref, op.value, op.indices)


def _encode_atomic_add(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, simt.AtomicAddOp)
    _access(enc, ctx, op, N.ATOMIC_ADD, op.memref, op.value, op.indices)


def _encode_alloca(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, memref.AllocaOp)
    memref_type = op.memref.type
    assert isinstance(memref_type, MemRefType)
    shape = tuple(memref_type.get_shape())
    dtype = dtype_of(memref_type.element_type)
    if any(d < 0 for d in shape) or op.dynamic_sizes:
        raise NotNative("a private array of dynamic shape")
    if dtype is None or dtype not in _CLASSES or len(shape) > N.MAX_RANK:
        raise NotNative(f"a private array of {memref_type}")
    enc.memrefs.append(MemRef(op.memref.name_hint or "alloca", dtype, None, shape))
    mem = len(enc.memrefs) - 1
    ctx.mems[op.memref] = mem
    enc.emit(N.ALLOCA, 0, mem, enc.flag(ctx))


def _encode_dim(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, memref.DimOp)
    mem = _memref(enc, ctx, op.source)
    index_op = op.index.owner
    info = enc.memrefs[mem]
    if isinstance(index_op, arith.ConstantOp) and isinstance(
        index_op.value, IntegerAttr
    ):
        dim = index_op.value.value.data
        if 0 <= dim < len(info.shape):
            enc.alias(ctx, op.results[0], enc.dim_register(mem, dim), merged)
            return
    d = enc.define(ctx, op.results[0])
    enc.op_at[enc.emit(N.DIM, d, mem, enc.value(ctx, op.index), merged=merged)] = op
    if not merged:
        enc.whole.add(d)


def _encode_vote(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    opcode = {"simt.vote_any": N.VOTE_ANY, "simt.vote_all": N.VOTE_ALL}.get(
        op.name, N.BALLOT
    )
    if opcode == N.BALLOT:
        enc.uses_ballot = True
    d = enc.define(ctx, op.results[0])
    enc.emit(opcode, d, enc.value(ctx, op.operands[0]), merged=merged)
    if not merged:
        enc.whole.add(d)


def _encode_barrier(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    enc.op_at[enc.emit(N.BARRIER)] = op


_GUARD_USERS = frozenset(
    ("simt.guard.set", "simt.guard.select", "simt.guard.test", "simt.guarded")
)


def _encode_guard_create(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, simt.GuardCreateOp)
    for use in op.guard.uses:
        if use.operation.name not in _GUARD_USERS:
            raise NotNative(f"a guard used by {use.operation.name}")
    reg = enc.define(ctx, op.guard)
    enc.emit(N.GUARD_CREATE, 0, reg, op.init.value.data, enc.flag(ctx))


def _encode_guard_set(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, simt.GuardSetOp)
    enc.emit(N.GUARD_SET, 0, enc.value(ctx, op.guard), op.target.value.data)


def _encode_guard_select(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, simt.GuardSelectOp)
    enc.emit(
        N.GUARD_SELECT,
        0,
        enc.value(ctx, op.guard),
        enc.value(ctx, op.condition),
        op.if_true.value.data,
        op.if_false.value.data,
    )


def _encode_guard_test(
    enc: _Encoder, ctx: _Context, op: Operation, slot: int, merged: bool
) -> None:
    assert isinstance(op, simt.GuardTestOp)
    d = enc.define(ctx, op.results[0])
    enc.emit(
        N.GUARD_TEST, d, enc.value(ctx, op.guard), op.block.value.data, merged=merged
    )
    if not merged:
        enc.whole.add(d)


_OPS: dict[str, Encode] = {
    "scf.if": _encode_if,
    "scf.for": _encode_for,
    "scf.while": _encode_while,
    "simt.guarded": _encode_guarded,
    "func.call": _encode_call,
    "arith.addi": _int_binary(N.ADD),
    "arith.subi": _int_binary(N.SUB),
    "arith.andi": _bitwise(N.AND),
    "arith.ori": _bitwise(N.OR),
    "arith.xori": _bitwise(N.XOR),
    "arith.shli": _shift_or_fold(N.SHL),
    "arith.shrui": _shift_or_fold(N.SHRU),
    "arith.shrsi": _shift_or_fold(N.SHRS),
    "arith.maxsi": _minmax(N.MAX, True),
    "arith.minsi": _minmax(N.MIN, True),
    "arith.maxui": _minmax(N.MAX, False),
    "arith.minui": _minmax(N.MIN, False),
    "arith.cmpi": _encode_cmpi,
    "arith.divsi": _division(N.DIVS, True),
    "arith.remsi": _folding(_floored_modulo, _division(N.REMS, True)),
    "arith.muli": _folding(_multiply_add, _int_binary(N.MUL)),
    "arith.floordivsi": _division(N.FLOORDIVS, True),
    "arith.ceildivsi": _division(N.CEILDIVS, True),
    "arith.divui": _division(N.DIVU, False),
    "arith.remui": _division(N.REMU, False),
    "arith.ceildivui": _division(N.CEILDIVU, False),
    "arith.extsi": _encode_extsi,
    "arith.extui": _encode_extui,
    "arith.trunci": _encode_trunci,
    "arith.index_cast": _encode_index_cast,
    "arith.sitofp": _encode_to_float,
    "arith.uitofp": _encode_to_float,
    "arith.fptosi": _encode_to_int,
    "arith.fptoui": _encode_to_int,
    "arith.extf": _encode_extf,
    "arith.truncf": _encode_truncf,
    "arith.bitcast": _encode_bitcast,
    "arith.select": _encode_select,
    "math.absi": _encode_absi,
    "math.ctpop": _encode_ctpop,
    "arith.addf": _float_op(N.FADD),
    "arith.subf": _float_op(N.FSUB),
    "arith.mulf": _float_op(N.FMUL),
    "arith.divf": _float_op(N.FDIV),
    "arith.remf": _float_op(N.FREM),
    "math.copysign": _float_op(N.COPYSIGN),
    "arith.negf": _float_op(N.FNEG),
    "math.absf": _float_op(N.FABS),
    "math.sqrt": _float_op(N.FSQRT),
    "math.floor": _float_op(N.FFLOOR),
    "math.ceil": _float_op(N.FCEIL),
    "math.trunc": _float_op(N.FTRUNC),
    "math.roundeven": _float_op(N.FRINT),
    "math.round": _float_op(N.FROUND),
    "arith.cmpf": _encode_cmpf,
    "memref.load": _encode_load,
    "memref.store": _encode_store,
    "simt.atomic_add": _encode_atomic_add,
    "memref.alloca": _encode_alloca,
    "memref.dim": _encode_dim,
    "simt.vote_any": _encode_vote,
    "simt.vote_all": _encode_vote,
    "simt.ballot": _encode_vote,
    "simt.barrier": _encode_barrier,
    "simt.guard.create": _encode_guard_create,
    "simt.guard.set": _encode_guard_set,
    "simt.guard.select": _encode_guard_select,
    "simt.guard.test": _encode_guard_test,
}
"""How each op is encoded; an op missing here makes the kernel run on the
reference engine."""


def encode(module: ModuleOp, kernel: func.FuncOp, costs: CostTable) -> Program:
    """The native program of `kernel`; raises `NotNative` if it has none."""
    enc = _Encoder(module, costs)
    try:
        enc.kernel(kernel)
    except Unsupported as error:
        raise NotNative(str(error)) from None
    body = enc.code
    prologue_ip = len(body)
    code = np.zeros((len(body) + len(enc.prologue) + 1, N.NFIELDS), dtype=np.int64)
    if body:
        code[: len(body)] = np.array(body, dtype=np.int64)
    for i, row in enumerate(enc.prologue):
        code[prologue_ip + i] = row
    code[-1, 0] = N.HALT
    unit_ptr = np.zeros(len(enc.units) + 1, dtype=np.int64)
    items: list[int] = []
    for u, unit in enumerate(enc.units):
        items.extend(unit)
        unit_ptr[u + 1] = len(items)
    costs_with_check = [*enc.block_costs, costs.kind_cost(OpKind.BRANCH)]
    max_blocks = max((len(g.shape.blocks) for g in enc.graphs), default=1)
    return Program(
        code=code,
        pool=np.array(enc.pool or [0], dtype=np.int64),
        fconst=np.array(enc.fconst or [0.0], dtype=np.float64),
        block_instructions=np.array(enc.block_instructions or [0], dtype=np.int64),
        block_cost=np.array(costs_with_check, dtype=np.float64),
        unit_ptr=unit_ptr,
        unit_items=np.array(items or [0], dtype=np.int64),
        graphs=enc.graphs,
        registers=enc.registers + 2,
        slots=enc.slots,
        trackers=max(enc.trackers, 1),
        first_flags=max(enc.first_flags, 1),
        memrefs=enc.memrefs,
        constants=enc.constants,
        launch_constants=enc.launch_constants,
        arguments=enc.arguments,
        dims=enc.dims,
        prologue=prologue_ip,
        op_at=enc.op_at,
        branch_ops=list(enc.branch_ids),
        loop_keys=enc.loop_keys,
        blocks=list(enc.block_ids),
        uses_ballot=enc.uses_ballot,
        stack_capacity=4 * (max_blocks + 2),
        max_graph_loops=max((len(g.shape.loops) for g in enc.graphs), default=1) or 1,
        cost_table=costs.to_dict(),
    )
