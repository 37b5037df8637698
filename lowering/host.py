"""Host execution of the lowered code: the NVPTX path's LLVM IR, retargeted to the CPU.

`compile_for_host(module)` lowers a copy of a simt module exactly as
`simt.to_ptx` does (`simt-lower-to-llvm`, then `simt.lowering.llvm_ir`'s
translation to an llvmlite module for `nvptx64-nvidia-cuda`), retargets that
module to the host with the small shim layer of `simt.lowering.host_shim`,
optimizes it with the same LLVM pipeline (`PassBuilder` at O3, with the host's
target machine) and JIT-compiles it with MCJIT. `simt.runtime.host` launches
the result over numpy arrays.

The retargeting, and every difference from what goes to the GPU:

1. The triple and data layout are the host's; kernels lose the `ptx_kernel`
   calling convention and get an entry wrapper `__simt_entry_<kernel>(ptr)`
   that reads the parameters (numba's array ABI, unchanged) from 8-byte slots.
2. NVVM intrinsics become calls of shim functions of the same type
   (`llvm.nvvm.read.ptx.sreg.tid.x` -> `__simt_nvvm_read_ptx_sreg_tid_x`):
   special registers read the thread record, collectives (votes, ballot,
   shuffles, matches, syncwarp, barriers and barrier reductions) yield to the
   launcher, which computes them over the threads that reach them together;
   memory fences do nothing. An NVVM intrinsic without a shim is an error.
   Cache-hinted loads and stores (inline PTX `ld.global.cg`, ...) become
   plain ones; other inline assembly is an error.
3. libdevice (`__nv_expf`, ...) is not linked: the shim calls the C
   library's function of the same name (or computes it as the simulator
   does: `host_shim.LIBDEVICE`), so transcendental results may differ from
   the GPU's in the last bits. (NVPTX also fuses `fmul` + `fadd` into
   `fma` by default; the host does not, so float results can differ in the
   last bit there too.)
4. Address spaces stay as they are (the host treats them all as flat memory);
   constant and local memory are ordinary memory of the host process. Shared
   variables (`addrspace(3)` globals, and the `extern` dynamic shared array)
   become offsets into their block's shared memory (`SharedLayout`), whose
   address each thread record holds (`__simt_shared_base()`), so that the
   blocks that run at once each have their own.
5. In a kernel that can reach a warp collective (vote, ballot, shuffle,
   match, activemask, syncwarp) every basic block of every function that can reach one
   starts with a call `__simt_step(function, block)` and every return is
   preceded by `__simt_return()`: each thread reports the blocks it enters, so
   that the launcher runs the warp in lockstep on the simulator's
   reconvergence stack (the lanes active at a collective are the simulator's:
   `simt.runtime.host`). These calls are opaque to the optimizer, which
   therefore may not merge or move code across block boundaries as freely as
   on the GPU path. Kernels without warp collectives are not instrumented.
6. With `checks=True` (the default) every loop iteration counts against the
   launch's step limit (each thread's iterations; the header of each cycle
   calls `__simt_count_step`, and the function returns at once when the
   thread passed the limit or another thread faulted), so that a kernel that
   does not terminate stops with a fault instead of hanging; and a division
   or remainder by zero or of
   `INT_MIN` by -1, a shift by the bit width or more, and a load, store or
   atomic outside every argument array, private array, shared and constant
   variable record a fault (reported with the kernel and thread by
   `simt.runtime.host`) instead of being undefined behaviour; the simulator
   faults on the same conditions. `checks=False` compiles what the GPU gets.

What the launcher does differently from a GPU (threads run one after the
other, atomics are therefore applied in that order, out-of-range `fptosi`
gives the host's value) is listed in `simt.runtime.host`.

A grid barrier (`simt.grid_barrier`) is refused with its location
(`HostCompileError`): the launcher runs one block after another, so a block
would wait at it for blocks that have not started.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache, cached_property
from typing import Any, cast

import llvmlite.binding as llvm_binding
import numpy as np
import numpy.typing as npt
from llvmlite import ir
from llvmlite.ir import instructions as ins
from xdsl.dialects.builtin import ModuleOp

from simt.analysis import DiGraph, PostDominatorTree
from simt.dialects.intrinsics import GridBarrierOp
from simt.lowering import host_shim
from simt.lowering.host_shim import (
    BARRIER_REDUCTIONS,
    COLLECTIVES,
    SPECIAL_REGISTERS,
    WARP_EVENTS,
)
from simt.lowering.llvm_ir import to_llvmlite
from simt.lowering.to_llvm import DYNAMIC_SHARED_GLOBAL, lower_module
from simt.model.errors import SimtError
from simt.model.locations import describe_op

SHARED_ADDRESS_SPACE = 3


class HostCompileError(SimtError):
    """The lowered module uses something the host shim cannot run."""


class Mode(Enum):
    """How the launcher runs a kernel's threads."""

    DIRECT = "direct"
    """No collectives: a native loop runs each thread to completion."""
    COROUTINES = "coroutines"
    """Block barriers in the kernel itself: the kernel is an LLVM coroutine that
    suspends at each barrier (its live values move to a frame per thread)."""
    FIBERS = "fibers"
    """Block barriers in called functions: threads are fibers (own stacks)."""
    LOCKSTEP = "lockstep"
    """Warp collectives: fibers stepped block by block on a reconvergence stack."""


EXIT_BLOCK = -1
"""The immediate post-dominator of a block that every path leaves by returning."""


@dataclass(frozen=True)
class FunctionGraph:
    """The control-flow graph of an instrumented function, as the launcher needs it.

    Blocks are numbered as `__simt_step` reports them (their order in the
    function, the entry first). `successors[b]` lists the distinct targets of
    block b's terminator in operand order (the `true` target first); `ipdom[b]`
    is its immediate post-dominator, `EXIT_BLOCK` for the virtual exit.
    """

    name: str
    successors: tuple[tuple[int, ...], ...]
    ipdom: tuple[int, ...]


@dataclass(frozen=True)
class KernelEntry:
    """A kernel of a host module: its entry wrapper and how its threads run."""

    name: str
    entry: str
    params: tuple[str, ...]
    """The LLVM type of each flattened parameter (`ptr`, `i64`, `i32`, `i8`, ...)."""
    mode: Mode


@dataclass(frozen=True)
class FaultSite:
    """What a check at one place of the code guards (for fault messages)."""

    function: str
    what: str


@dataclass(frozen=True)
class SharedLayout:
    """A block's shared memory on the host: every shared variable of the module
    at its offset, then the dynamic shared array (at `dynamic`, when a function
    uses it; its bytes are the launch's)."""

    offsets: Mapping[str, int] = field(default_factory=lambda: {})
    static_bytes: int = 0
    dynamic: int | None = None

    def block_bytes(self, dynamic_bytes: int = 0) -> int:
        """Bytes of one block's shared memory (rounded up to 16)."""
        end = (
            self.static_bytes if self.dynamic is None else self.dynamic + dynamic_bytes
        )
        return -(-end // 16) * 16


@dataclass(frozen=True)
class HostIR:
    """The retargeted module as LLVM IR text, and what the launcher needs of it."""

    text: str
    """The retargeted module (it declares the shim functions it calls)."""
    shim: str
    """The shim's definitions, linked into the module before optimization."""
    kernels: Mapping[str, KernelEntry]
    graphs: tuple[FunctionGraph, ...]
    """The instrumented functions, by the id `__simt_step` reports."""
    sites: tuple[FaultSite, ...]
    checks: bool
    switch: str
    """How fibers switch (`simt.lowering.host_shim.SWITCHES`)."""
    shared: SharedLayout = field(default_factory=SharedLayout)


# ---------------------------------------------------------------------------
# Shim calls
# ---------------------------------------------------------------------------


def _call_sites(module: ir.Module) -> Iterator[tuple[ir.Function, ins.CallInstr]]:
    for function in module.functions:
        for block in function.blocks:
            for instruction in block.instructions:
                if isinstance(instruction, ins.CallInstr):
                    yield function, instruction


def _replace_function(module: ir.Module, old: ir.Function, name: str) -> ir.Function:
    """Redirects every call of `old` to a new declaration `name` of the same type."""
    new = ir.Function(module, old.function_type, name=name)
    for _, call in _call_sites(module):
        if call.callee is old:
            call.replace_usage(old, new)
    del module.globals[old.name]
    return new


def _redirect_intrinsics(module: ir.Module) -> dict[str, str]:
    """Points NVVM intrinsic calls at the shim; returns shim text by function name."""
    shims: dict[str, str] = {}
    for function in list(module.functions):
        name = function.name
        if name.startswith("llvm.nvvm."):
            shim = _shim_text(name)
            new = _replace_function(module, function, host_shim.shim_name(name))
            if name in COLLECTIVES:
                new.attributes.add("convergent")
            shims[new.name] = shim
        elif name.startswith("__nv_") and function.is_declaration:
            text = host_shim.libdevice_text(name)
            if text is None:
                raise HostCompileError(
                    f"the host shim has no implementation of the libdevice function "
                    f"'{name}'"
                )
            shims[name] = text
    return shims


def _shim_text(intrinsic: str) -> str:
    if intrinsic in SPECIAL_REGISTERS:
        return host_shim.special_register_text(intrinsic)
    if intrinsic in COLLECTIVES:
        return host_shim.collective_text(intrinsic)
    if intrinsic in host_shim.NO_OPS:
        return host_shim.no_op_text(intrinsic)
    if intrinsic == host_shim.LANE_MASK_LT:
        return host_shim.lane_mask_lt_text()
    raise HostCompileError(
        f"the host shim has no implementation of the NVVM intrinsic '{intrinsic}' "
        "(add it to simt.lowering.host_shim)"
    )


_CACHE_HINTED = re.compile(r"(ld|st)\.global\.[a-z]+\.b(8|16|32|64) ")
"""The inline PTX of a cache-hinted load or store (`simt.lowering.rules`)."""


def _plain_cache_hints(module: ir.Module) -> None:
    """Replaces each cache-hinted load or store (inline PTX `ld.global.cg.b32
    $0, [$1];`, `st.global.wt.b8 [$0], $1;`) by the plain `load` or `store`:
    the host has no cache operators, and the checks see the access. Other
    inline assembly is an error."""
    for function in module.functions:
        for block in function.blocks:
            for instr in list(block.instructions):
                if isinstance(instr, ins.CallInstr) and isinstance(
                    instr.callee, ir.InlineAsm
                ):
                    _plain_access(function, instr, instr.callee)


def _plain_access(
    function: ir.Function, call: ins.CallInstr, asm: ir.InlineAsm
) -> None:
    found = _CACHE_HINTED.match(asm.asm)
    if found is None:
        raise HostCompileError(
            f"the host cannot run the inline assembly '{asm.asm}' of '{function.name}'"
        )
    builder = ir.IRBuilder(call.parent)
    builder.position_before(call)
    align = int(found[2]) // 8
    if found[1] == "ld":
        access = builder.load(call.args[0], align=align, typ=call.type)
    else:
        access = builder.store(call.args[1], call.args[0], align=align)
    call.parent.instructions.remove(call)
    for block in function.blocks:
        for instr in block.instructions:
            instr.replace_usage(call, access)


# ---------------------------------------------------------------------------
# Call graph and execution modes
# ---------------------------------------------------------------------------


@dataclass
class _Uses:
    """Which collectives each defined function calls directly, and its callees."""

    warp: set[str] = field(default_factory=lambda: set())
    block: set[str] = field(default_factory=lambda: set())
    reductions: set[str] = field(default_factory=lambda: set())
    """Functions that call a barrier that reduces (`BARRIER_REDUCTIONS`)."""
    callees: dict[str, set[str]] = field(default_factory=lambda: {})


def _collect_uses(module: ir.Module) -> _Uses:
    warp_shims = {
        host_shim.shim_name(n) for n, c in COLLECTIVES.items() if c.event in WARP_EVENTS
    }
    block_shims = {
        host_shim.shim_name(n)
        for n, c in COLLECTIVES.items()
        if c.event not in WARP_EVENTS
    }
    reduction_shims = {
        host_shim.shim_name(n)
        for n, c in COLLECTIVES.items()
        if c.event in BARRIER_REDUCTIONS
    }
    uses = _Uses()
    defined = {f.name for f in module.functions if not f.is_declaration}
    for function, call in _call_sites(module):
        callee = call.callee.name
        uses.callees.setdefault(function.name, set())
        if callee in warp_shims:
            uses.warp.add(function.name)
        elif callee in block_shims:
            uses.block.add(function.name)
            if callee in reduction_shims:
                uses.reductions.add(function.name)
        elif callee in defined:
            uses.callees[function.name].add(callee)
    return uses


def _reaching(uses: _Uses, targets: set[str], functions: Sequence[str]) -> set[str]:
    """The functions from which a call chain reaches one of `targets` (a fixpoint)."""
    reaching = set(targets)
    changed = True
    while changed:
        changed = False
        for name in functions:
            if name not in reaching and uses.callees.get(name, set()) & reaching:
                reaching.add(name)
                changed = True
    return reaching


def _mode(kernel: str, warp: set[str], block: set[str], uses: _Uses) -> Mode:
    """Lockstep for warp collectives; coroutines for barriers in the kernel
    itself that do not reduce (`_make_coroutine` suspends at those); fibers
    for the other barriers."""
    if kernel in warp:
        return Mode.LOCKSTEP
    if kernel not in block:
        return Mode.DIRECT
    if uses.callees.get(kernel, set()) & block or kernel in uses.reductions:
        return Mode.FIBERS
    return Mode.COROUTINES


# ---------------------------------------------------------------------------
# Lockstep instrumentation
# ---------------------------------------------------------------------------


def _successors(block: ir.Block) -> list[ir.Block]:
    terminator: Any = block.terminator
    if isinstance(terminator, ins.ConditionalBranch):
        targets = [terminator.operands[1], terminator.operands[2]]
    elif isinstance(terminator, ins.Branch):
        targets = [terminator.operands[0]]
    elif isinstance(terminator, ins.SwitchInstr):
        targets = [terminator.default, *(b for _, b in terminator.cases)]
    else:
        targets = []
    distinct: list[ir.Block] = []
    for target in targets:
        if target not in distinct:
            distinct.append(target)
    return distinct


def function_graph(
    function: ir.Function, stops: Mapping[int, ir.Block] | None = None
) -> FunctionGraph:
    """The numbered CFG of a function and the immediate post-dominator of each block.

    `stops` maps (by `id`) the blocks a loop guard returns from when the launch
    must stop to the block the guard continues to otherwise: post-dominance
    is computed as if they continued there too, so that a loop's exit
    reconverges where it would without the guards (a stopping launch is
    abandoned anyway)."""
    stops = stops or {}
    index = {block: i for i, block in enumerate(function.blocks)}
    successors = tuple(
        tuple(index[t] for t in _successors(block)) for block in function.blocks
    )
    edges = [(b, s) for b, targets in enumerate(successors) for s in targets]
    edges += [
        (index[block], index[stops[id(block)]])
        for block in function.blocks
        if id(block) in stops
    ]
    graph = DiGraph.from_edges(0, edges, nodes=range(len(successors)))
    tree = PostDominatorTree(graph)
    ipdom = tuple(_ipdom_index(tree, b) for b in range(len(successors)))
    return FunctionGraph(function.name, successors, ipdom)


def _retreating_targets(function: ir.Function) -> list[ir.Block]:
    """The targets of the retreating edges of a depth-first search from the
    entry: every cycle of the function has one of them."""
    entry = function.blocks[0]
    on_stack = {id(entry)}
    seen = {id(entry)}
    stack = [(entry, iter(_successors(entry)))]
    targets: list[ir.Block] = []
    while stack:
        block, successors = stack[-1]
        following = next(successors, None)
        if following is None:
            on_stack.discard(id(block))
            stack.pop()
        elif id(following) not in seen:
            seen.add(id(following))
            on_stack.add(id(following))
            stack.append((following, iter(_successors(following))))
        elif id(following) in on_stack and following not in targets:
            targets.append(following)
    return targets


def _ipdom_index(tree: PostDominatorTree[int], block: int) -> int:
    found = tree.ipdom(block)
    return found if isinstance(found, int) else EXIT_BLOCK


def _first_non_phi(block: ir.Block) -> ins.Instruction:
    for instruction in block.instructions:
        if not isinstance(instruction, ins.PhiInstr):
            return instruction
    raise AssertionError("a block without a terminator")


def _instrument(module: ir.Module, function: ir.Function, fid: int) -> None:
    """Reports each block entry (`__simt_step`) and return (`__simt_return`)."""
    i32 = ir.IntType(32)
    step = _declare(module, "__simt_step", ir.VoidType(), [i32, i32])
    leave = _declare(module, "__simt_return", ir.VoidType(), [])
    builder = ir.IRBuilder()
    for index, block in enumerate(list(function.blocks)):
        builder.position_before(_first_non_phi(block))
        builder.call(step, [ir.Constant(i32, fid), ir.Constant(i32, index)])
        if isinstance(block.terminator, ins.Ret):
            builder.position_before(block.terminator)
            builder.call(leave, [])


def _declare(
    module: ir.Module, name: str, result: ir.Type, params: Sequence[ir.Type]
) -> ir.Function:
    existing = module.globals.get(name)
    if isinstance(existing, ir.Function):
        return existing
    return ir.Function(module, ir.FunctionType(result, list(params)), name=name)


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------

_DIVISIONS = frozenset({"sdiv", "udiv", "srem", "urem"})
_SHIFTS = frozenset({"shl", "lshr", "ashr"})
_I1 = ir.IntType(1)
_I64 = ir.IntType(64)
_GENERIC = ir.PointerType()


def type_size(type_: ir.Type) -> int | None:
    """Bytes of a value of an LLVM type (None for types the checks do not size)."""
    if isinstance(type_, ir.IntType):
        return max(1, type_.width // 8)
    if isinstance(type_, ir.HalfType):
        return 2
    if isinstance(type_, ir.FloatType):
        return 4
    if isinstance(type_, ir.DoubleType | ir.PointerType):
        return 8
    if isinstance(type_, ir.ArrayType):
        element = type_size(type_.element)
        return None if element is None else element * type_.count
    return None


def _access(instruction: ins.Instruction) -> tuple[int, ir.Type] | None:
    """The pointer operand's position and the accessed type of a memory access."""
    if isinstance(instruction, ins.LoadInstr):
        return 0, instruction.type
    if isinstance(instruction, ins.StoreInstr):
        return 1, instruction.operands[0].type
    if isinstance(instruction, ins.AtomicRMW | ins.CmpXchg):
        return 0, instruction.operands[1].type
    return None


def _root(pointer: ir.Value) -> ir.Value:
    """The pointer an address is computed from (through GEPs and pointer casts)."""
    while True:
        if isinstance(pointer, ins.GEPInstr):
            pointer = pointer.pointer
        elif isinstance(pointer, ins.CastInstr) and pointer.opname in (
            "addrspacecast",
            "bitcast",
        ):
            pointer = pointer.operands[0]
        else:
            return pointer


def _static_extent(root: ir.Value) -> int | None:
    """Bytes of a private array or module variable, None for anything else."""
    if isinstance(root, ins.AllocaInstr):
        element = type_size(root.allocated_type)
        count = root.operands[0] if root.operands else ir.Constant(_I64, 1)
        if element is None or not isinstance(count, ir.Constant):
            return None
        return element * int(count.constant)
    if isinstance(root, ir.GlobalVariable):
        size = type_size(root.value_type)
        return size if size else None
    return None


@dataclass
class _Checker:
    """Inserts the fault checks of one module and numbers their sites."""

    module: ir.Module
    sites: list[FaultSite] = field(default_factory=lambda: [])
    stops: dict[int, ir.Block] = field(default_factory=lambda: {})
    """The blocks loop guards return from, by `id`, to the block each guard
    continues to (`function_graph`)."""

    def guard_loops(self, function: ir.Function) -> None:
        """Counts each iteration of every cycle at its header (the target of a
        retreating edge of a depth-first search, so every cycle, reducible or
        not, has one) and returns from `function` once the thread must stop."""
        count = _declare(self.module, "__simt_count_step", _I1, [_I64])
        result = function.function_type.return_type
        for header in _retreating_targets(function):
            builder = ir.IRBuilder(header)
            builder.position_before(_first_non_phi(header))
            site = self.site(function, "the iterations of a loop")
            stop = builder.call(count, [site])
            rest = _split_after(header, stop)
            leave = function.append_basic_block(f"{header.name}.stop")
            self.stops[id(leave)] = rest
            builder.position_at_end(header)
            builder.cbranch(stop, leave, rest)
            builder.position_at_end(leave)
            if isinstance(result, ir.VoidType):
                builder.ret_void()
            else:
                builder.ret(ir.Constant(result, ir.Undefined))

    def run(self, function: ir.Function) -> None:
        for block in list(function.blocks):
            for instruction in list(block.instructions):
                if instruction.opname in _DIVISIONS:
                    self.division(function, instruction)
                elif instruction.opname in _SHIFTS:
                    self.shift(function, instruction)
                else:
                    access = _access(instruction)
                    if access is not None:
                        self.memory(function, instruction, *access)

    def site(self, function: ir.Function, what: str) -> ir.Constant:
        self.sites.append(FaultSite(function.name, what))
        return ir.Constant(_I64, len(self.sites) - 1)

    def fault_if(
        self,
        builder: ir.IRBuilder,
        bad: ir.Value,
        kind: host_shim.FaultKind,
        site: ir.Constant,
    ) -> None:
        fault_if = _declare(
            self.module, "__simt_fault_if", ir.VoidType(), [_I1, _I64, _I64]
        )
        builder.call(fault_if, [bad, ir.Constant(_I64, int(kind)), site])

    def division(self, function: ir.Function, op: ins.Instruction) -> None:
        lhs, rhs = op.operands
        type_ = rhs.type
        assert isinstance(type_, ir.IntType)
        if isinstance(rhs, ir.Constant) and rhs.constant not in (0, -1):
            return
        builder = ir.IRBuilder(op.parent)
        builder.position_before(op)
        bad: Any = builder.icmp_unsigned("==", rhs, ir.Constant(type_, 0))
        if op.opname in ("sdiv", "srem"):
            minimum = ir.Constant(type_, -(1 << (type_.width - 1)))
            overflow = builder.and_(
                builder.icmp_signed("==", lhs, minimum),
                builder.icmp_signed("==", rhs, ir.Constant(type_, -1)),
            )
            bad = builder.or_(bad, overflow)
        site = self.site(function, f"'{op.opname}' by zero or of INT_MIN by -1")
        self.fault_if(builder, bad, host_shim.FaultKind.DIVISION, site)
        op.replace_usage(rhs, builder.select(bad, ir.Constant(type_, 1), rhs))

    def shift(self, function: ir.Function, op: ins.Instruction) -> None:
        amount = op.operands[1]
        type_ = amount.type
        if not isinstance(type_, ir.IntType):
            return
        if isinstance(amount, ir.Constant) and 0 <= amount.constant < type_.width:
            return
        builder = ir.IRBuilder(op.parent)
        builder.position_before(op)
        bad: Any = builder.icmp_unsigned(">=", amount, ir.Constant(type_, type_.width))
        site = self.site(function, f"'{op.opname}' by {type_.width} bits or more")
        self.fault_if(builder, bad, host_shim.FaultKind.SHIFT, site)
        op.replace_usage(amount, builder.select(bad, ir.Constant(type_, 0), amount))

    def memory(
        self,
        function: ir.Function,
        op: ins.Instruction,
        position: int,
        accessed: ir.Type,
    ) -> None:
        pointer = op.operands[position]
        size = type_size(accessed) or 1
        root = _root(pointer)
        extent = _static_extent(root)
        if pointer is root and extent is not None and size <= extent:
            return
        builder = ir.IRBuilder(op.parent)
        builder.position_before(op)
        site = self.site(function, f"'{op.opname}' of {size} bytes")
        if isinstance(root, ir.GlobalVariable) and root.name == DYNAMIC_SHARED_GLOBAL:
            checked = self.launch_sized(builder, pointer, root, size, site)
        elif extent is not None:
            checked = self.static(builder, pointer, root, extent - size, site)
        else:
            checked = self.dynamic(builder, pointer, size, site)
        op.replace_usage(pointer, checked)

    def static(
        self,
        builder: ir.IRBuilder,
        pointer: Any,
        root: Any,
        last: int,
        site: ir.Constant,
    ) -> Any:
        """Checks `0 <= pointer - root <= last` (the access ends inside the object)."""
        offset = builder.sub(
            builder.ptrtoint(pointer, _I64), builder.ptrtoint(root, _I64)
        )
        bad: Any = builder.icmp_unsigned(">", offset, ir.Constant(_I64, last))
        if last < 0:
            bad = ir.Constant(_I1, 1)
        self.fault_if(builder, bad, host_shim.FaultKind.MEMORY, site)
        return builder.select(bad, self.scratch(builder, pointer.type), pointer)

    def launch_sized(
        self,
        builder: ir.IRBuilder,
        pointer: Any,
        root: Any,
        size: int,
        site: ir.Constant,
    ) -> Any:
        """Checks an access to the dynamic shared array against the launch's
        bytes of it (`@__simt_dynamic_bytes`, set by the launcher)."""
        variable = self.module.globals.get("__simt_dynamic_bytes")
        if not isinstance(variable, ir.GlobalVariable):
            variable = ir.GlobalVariable(self.module, _I64, "__simt_dynamic_bytes")
        bytes_ = builder.load(variable, typ=_I64)
        offset = builder.sub(
            builder.ptrtoint(pointer, _I64), builder.ptrtoint(root, _I64)
        )
        too_small = builder.icmp_unsigned("<", bytes_, ir.Constant(_I64, size))
        last = builder.sub(bytes_, ir.Constant(_I64, size))
        beyond = builder.icmp_unsigned(">", offset, last)
        bad: Any = builder.or_(too_small, beyond)
        self.fault_if(builder, bad, host_shim.FaultKind.MEMORY, site)
        return builder.select(bad, self.scratch(builder, pointer.type), pointer)

    def dynamic(
        self, builder: ir.IRBuilder, pointer: Any, size: int, site: ir.Constant
    ) -> Any:
        """Checks the access against the launch's table of argument arrays,
        first against the array this site found last (its hint)."""
        check = _declare(
            self.module,
            "__simt_check_range",
            _GENERIC,
            [_GENERIC, _I64, _I64, _GENERIC],
        )
        hint = ir.GlobalVariable(self.module, _I64, f"__simt_hint.{site.constant}")
        hint.linkage = "internal"
        # llvmlite declares `initializer = None` in __init__ (no stubs).
        cast(Any, hint).initializer = ir.Constant(_I64, 0)
        space = getattr(pointer.type, "addrspace", 0)
        flat = pointer if space == 0 else builder.addrspacecast(pointer, _GENERIC)
        checked = builder.call(check, [flat, ir.Constant(_I64, size), site, hint])
        if space != 0:
            return builder.addrspacecast(checked, pointer.type)
        return checked

    def scratch(self, builder: ir.IRBuilder, type_: ir.Type) -> Any:
        scratch = self.module.globals.get("__simt_scratch")
        if not isinstance(scratch, ir.GlobalVariable):
            scratch = ir.GlobalVariable(
                self.module, ir.ArrayType(_I64, 8), "__simt_scratch"
            )
        if getattr(type_, "addrspace", 0) != 0:
            return builder.addrspacecast(scratch, type_)
        return builder.bitcast(scratch, type_)


# ---------------------------------------------------------------------------
# Shared memory: one copy per block
# ---------------------------------------------------------------------------


def _shared_variables(module: ir.Module) -> list[ir.GlobalVariable]:
    return [
        g
        for g in module.global_values
        if isinstance(g, ir.GlobalVariable)
        and getattr(g.type, "addrspace", 0) == SHARED_ADDRESS_SPACE
    ]


def _privatize_shared(module: ir.Module) -> SharedLayout:
    """Places every shared variable in a block's shared memory and replaces each
    use with its address there (`__simt_shared_base()` plus its offset), so that
    the blocks that run at once each have their own."""
    variables = _shared_variables(module)
    if not variables:
        return SharedLayout()
    offsets: dict[str, int] = {}
    end = 0
    dynamic: int | None = None
    for variable in variables:
        align = max(16, variable.align or 1)
        start = -(-end // align) * align
        if variable.name == DYNAMIC_SHARED_GLOBAL:
            continue
        size = type_size(variable.value_type)
        if size is None:
            raise HostCompileError(
                f"the host cannot size the shared variable @{variable.name} "
                f"({variable.value_type})"
            )
        offsets[variable.name] = start
        end = start + size
    if any(v.name == DYNAMIC_SHARED_GLOBAL for v in variables):
        dynamic = -(-end // 16) * 16
        offsets[DYNAMIC_SHARED_GLOBAL] = dynamic
    by_name = {v.name: v for v in variables}
    base_fn = _declare(module, "__simt_shared_base", _GENERIC, [])
    for function in module.functions:
        if function.is_declaration:
            continue
        addresses: dict[str, ir.Value] = {}
        for block in function.blocks:
            for instruction in list(block.instructions):
                for operand in list(instruction.operands):
                    name = getattr(operand, "name", None)
                    if operand is not by_name.get(name or ""):
                        continue
                    assert name is not None
                    if name not in addresses:
                        addresses[name] = _shared_address(
                            function, base_fn, by_name[name], offsets[name]
                        )
                    _replace_operand(instruction, operand, addresses[name])
    for variable in variables:
        del module.globals[variable.name]
    return SharedLayout(offsets, end, dynamic)


def _replace_operand(
    instruction: ins.Instruction, old: ir.Value, new: ir.Value
) -> None:
    """Replaces `old` by `new` among the operands of `instruction`, also where
    llvmlite keeps an operand in an attribute of its own (GEP, insertvalue)."""
    instruction.replace_usage(old, new)
    if isinstance(instruction, ins.GEPInstr) and instruction.pointer is old:
        instruction.pointer = new
    if isinstance(instruction, ins.InsertValue):
        if instruction.aggregate is old:
            instruction.aggregate = new
        if instruction.value is old:
            instruction.value = new


def _shared_address(
    function: ir.Function,
    base_fn: ir.Function,
    variable: ir.GlobalVariable,
    offset: int,
) -> Any:
    """`variable`'s address in the block's shared memory, computed at the entry."""
    builder = ir.IRBuilder(function.entry_basic_block)
    builder.position_at_start(function.entry_basic_block)
    base = builder.call(base_fn, [])
    address = builder.gep(base, [ir.Constant(_I64, offset)], source_etype=_I8)
    return builder.addrspacecast(address, variable.type)


# ---------------------------------------------------------------------------
# Coroutines: a kernel that suspends at its barriers
# ---------------------------------------------------------------------------


class _TokenType(ir.Type):
    """LLVM's `token` type, which llvmlite lacks (one instance: `_TOKEN`)."""

    def _to_string(self) -> str:
        return "token"


_TOKEN = _TokenType()
_NO_TOKEN = ir.FormattedConstant(_TOKEN, "none")
_I8 = ir.IntType(8)
_I32 = ir.IntType(32)


def _split_after(block: ir.Block, instruction: ins.Instruction) -> ir.Block:
    """Moves what follows `instruction` in `block` to a new block after it."""
    function = block.parent
    index = function.blocks.index(block)
    tail = function.insert_basic_block(index + 1, name=f"{block.name}.after")
    position = block.instructions.index(instruction)
    moved = block.instructions[position + 1 :]
    del block.instructions[position + 1 :]
    for moving in moved:
        moving.parent = tail
    tail.instructions = moved
    tail.terminator = block.terminator
    block.terminator = None
    for successor in _successors(tail):
        for phi in successor.instructions:
            if not isinstance(phi, ins.PhiInstr):
                break
            phi.incomings = [(v, tail if b is block else b) for v, b in phi.incomings]
            phi._clear_string_cache()  # pyright: ignore[reportPrivateUsage]
    return tail


@dataclass
class _Coroutine:
    """The blocks every suspend point of a coroutine kernel branches to."""

    module: ir.Module
    handle: Any
    final: ir.Block
    cleanup: ir.Block
    suspend: ir.Block

    def suspend_at(self, block: ir.Block, call: ins.CallInstr) -> ir.Block:
        """Replaces a barrier call with a request, a suspend point and its switch."""
        request = _declare(self.module, "__simt_request", ir.VoidType(), [_I64])
        resume = _split_after(block, call)
        block.instructions.remove(call)
        builder = ir.IRBuilder(block)
        builder.call(request, [ir.Constant(_I64, int(host_shim.Event.BARRIER))])
        self.switch(builder, resume, final=False)
        return resume

    def switch(self, builder: ir.IRBuilder, resume: ir.Block, *, final: bool) -> None:
        suspend = _declare(self.module, "llvm.coro.suspend", _I8, [_TOKEN, _I1])
        state = builder.call(suspend, [_NO_TOKEN, ir.Constant(_I1, int(final))])
        switch = builder.switch(state, self.suspend)
        switch.add_case(ir.Constant(_I8, 0), resume)
        switch.add_case(ir.Constant(_I8, 1), self.cleanup)


def _make_coroutine(module: ir.Module, kernel: ir.Function) -> None:
    """Makes `kernel` a switched-resume LLVM coroutine that suspends at barriers.

    CoroSplit (in the O3 pipeline) then cuts it into a ramp, a resume and a
    destroy function; the values live across a barrier move into a frame that
    `__simt_coro_frame` allocates per thread. The kernel returns the
    coroutine's handle; `__simt_coro_round` resumes it until it is done.
    """
    kernel.ftype = ir.FunctionType(_GENERIC, cast(ir.FunctionType, kernel.ftype).args)
    kernel.type = kernel.ftype.as_pointer()
    kernel.return_value = ir.values.ReturnValue(kernel, _GENERIC)
    set.add(kernel.attributes, "presplitcoroutine")
    barrier = host_shim.shim_name("llvm.nvvm.barrier.cta.sync.aligned.all")
    calls = [
        (block, call)
        for block in kernel.blocks
        for call in block.instructions
        if isinstance(call, ins.CallInstr) and call.callee.name == barrier
    ]
    coroutine = _coroutine_frame(module, kernel)
    for block, call in calls:
        current = block
        while call not in current.instructions:
            current = kernel.blocks[kernel.blocks.index(current) + 1]
        coroutine.suspend_at(current, call)
    returns = [
        b
        for b in kernel.blocks
        if isinstance(b.terminator, ins.Ret) and b is not coroutine.suspend
    ]
    for block in returns:
        ret = block.terminator
        assert ret is not None
        block.instructions.remove(ret)
        block.terminator = None
        ir.IRBuilder(block).branch(coroutine.final)


def _coroutine_frame(module: ir.Module, kernel: ir.Function) -> _Coroutine:
    """The prologue (id, frame, begin) and the final blocks of a coroutine."""
    entry = kernel.blocks[0]
    builder = ir.IRBuilder(entry)
    builder.position_before(entry.instructions[0])
    coro_id = _declare(
        module, "llvm.coro.id", _TOKEN, [_I32, _GENERIC, _GENERIC, _GENERIC]
    )
    null = ir.Constant(_GENERIC, None)
    token = builder.call(coro_id, [ir.Constant(_I32, 0), null, null, null])
    size = builder.call(_declare(module, "llvm.coro.size.i64", _I64, []), [])
    frame = _declare(module, "__simt_coro_frame", _GENERIC, [_I64])
    memory = builder.call(frame, [size])
    begin = _declare(module, "llvm.coro.begin", _GENERIC, [_TOKEN, _GENERIC])
    handle = builder.call(begin, [token, memory])
    final = kernel.append_basic_block("coro.final")
    cleanup = kernel.append_basic_block("coro.cleanup")
    suspend = kernel.append_basic_block("coro.suspend")
    trap = kernel.append_basic_block("coro.trap")
    coroutine = _Coroutine(module, handle, final, cleanup, suspend)
    coroutine.switch(ir.IRBuilder(final), trap, final=True)
    ir.IRBuilder(cleanup).branch(suspend)
    end = _declare(module, "llvm.coro.end", ir.VoidType(), [_GENERIC, _I1, _TOKEN])
    tail = ir.IRBuilder(suspend)
    tail.call(end, [handle, ir.Constant(_I1, 0), _NO_TOKEN])
    tail.ret(handle)
    ir.IRBuilder(trap).unreachable()
    return coroutine


# ---------------------------------------------------------------------------
# Entry wrappers and the whole retargeting
# ---------------------------------------------------------------------------


def _entry_wrapper(module: ir.Module, kernel: ir.Function) -> ir.Function:
    """`__simt_entry_<kernel>(ptr args)`: loads each parameter from its 8-byte slot."""
    result = kernel.function_type.return_type
    wrapper = ir.Function(
        module,
        ir.FunctionType(result, [_GENERIC]),
        name=host_shim.entry_name(kernel.name),
    )
    builder = ir.IRBuilder(wrapper.append_basic_block("entry"))
    (slots,) = wrapper.args
    params: list[ir.Value] = []
    for index, arg in enumerate(kernel.args):
        slot = builder.gep(slots, [ir.Constant(_I64, index)], source_etype=_I64)
        params.append(builder.load(slot, typ=arg.type))
    handle = builder.call(kernel, params)
    if isinstance(result, ir.VoidType):
        builder.ret_void()
    else:
        builder.ret(handle)
    return wrapper


def _kernels(module: ir.Module) -> list[ir.Function]:
    return [
        f
        for f in module.functions
        if f.calling_convention == "ptx_kernel" and not f.is_declaration
    ]


def retarget(
    module: ir.Module, *, checks: bool = True, switch: str | None = None
) -> HostIR:
    """Retargets an NVPTX llvmlite module (from `to_llvmlite`) to the host, in place.

    `switch` chooses the fibers' context switch (default: `default_switch()`).
    """
    kernels = _kernels(module)
    if not kernels:
        raise HostCompileError(
            "the module has no kernel (a func.func with simt.kernel)"
        )
    shims = _redirect_intrinsics(module)
    _plain_cache_hints(module)
    uses = _collect_uses(module)
    names = [f.name for f in module.functions if not f.is_declaration]
    warp = _reaching(uses, uses.warp, names)
    block = _reaching(uses, uses.block, names)
    defined = [f for f in module.functions if not f.is_declaration]
    checker = _Checker(module)
    if checks:
        for function in defined:
            checker.guard_loops(function)
    graphs: list[FunctionGraph] = []
    for function in defined:
        if function.name in warp:
            graphs.append(function_graph(function, checker.stops))
            _instrument(module, function, len(graphs) - 1)
    if checks:
        for function in defined:
            checker.run(function)
    shared = _privatize_shared(module)
    entries: dict[str, KernelEntry] = {}
    for kernel in kernels:
        kernel.calling_convention = ""
        kernel.linkage = "internal"
        params = tuple(str(arg.type) for arg in kernel.args)
        mode = _mode(kernel.name, warp, block, uses)
        if mode is Mode.COROUTINES:
            _make_coroutine(module, kernel)
        wrapper = _entry_wrapper(module, kernel)
        entries[kernel.name] = KernelEntry(kernel.name, wrapper.name, params, mode)
    module.triple = llvm_binding.get_process_triple()
    module.data_layout = host_data_layout()
    chosen = switch or host_shim.default_switch()
    shim = host_shim.join_shims([host_shim.runtime_text(chosen), *shims.values()])
    sites = tuple(checker.sites)
    return HostIR(
        str(module), shim, entries, tuple(graphs), sites, checks, chosen, shared
    )


def _check_no_grid_barrier(module: ModuleOp) -> None:
    """Raises `HostCompileError` at the first grid barrier: the host runs the
    blocks of a launch one after another, so a block would wait at it for
    blocks that have not started (the simulator runs such kernels)."""
    for op in module.walk():
        if isinstance(op, GridBarrierOp):
            raise HostCompileError(
                f"{describe_op(op)}: a grid barrier (cuda.cg.this_grid().sync()) "
                "cannot run on the host, which runs the blocks of a launch one "
                "after another; simulate the kernel (target='sim') instead"
            )


def host_ir(
    module: ModuleOp, *, checks: bool = True, switch: str | None = None
) -> HostIR:
    """The host LLVM IR of a simt module: lowered as for NVPTX, then retargeted."""
    _check_no_grid_barrier(module)
    copy = module.clone()
    lower_module(copy)
    return retarget(to_llvmlite(copy), checks=checks, switch=switch)


# ---------------------------------------------------------------------------
# JIT compilation
# ---------------------------------------------------------------------------


@cache
def _initialize() -> None:
    llvm_binding.initialize_native_target()
    llvm_binding.initialize_native_asmprinter()
    llvm_binding.initialize_native_asmparser()
    for library in ("c", "m"):
        path = ctypes.util.find_library(library)
        if path is not None:
            llvm_binding.load_library_permanently(path)


def host_target_machine() -> llvm_binding.TargetMachine:
    """A new O3 target machine for the CPU this process runs on.

    New for each use: an MCJIT execution engine takes ownership of its target
    machine and frees it with itself.
    """
    _initialize()
    target = llvm_binding.Target.from_triple(llvm_binding.get_process_triple())
    return target.create_target_machine(
        cpu=llvm_binding.get_host_cpu_name(),
        features=llvm_binding.get_host_cpu_features().flatten(),
        opt=3,
        codemodel="jitdefault",
    )


@cache
def host_data_layout() -> str:
    """The data layout of `host_target_machine()`."""
    return str(host_target_machine().target_data)


@dataclass
class HostProgram:
    """A JIT-compiled host module: function and variable addresses by name."""

    ir: HostIR
    engine: llvm_binding.ExecutionEngine

    def function(self, name: str) -> int:
        return self.engine.get_function_address(name)

    def variable(self, name: str) -> int:
        return self.engine.get_global_value_address(name)

    @cached_property
    def fault_words(self) -> npt.NDArray[np.int64]:
        """`@__simt_fault` (kind, site, thread, address) as a numpy view, looked
        up once (each launcher round reads it)."""
        address = self.variable("__simt_fault")
        buffer = (ctypes.c_int64 * host_shim.FAULT_WORDS).from_address(address)
        return np.ctypeslib.as_array(buffer)

    @property
    def kernels(self) -> Mapping[str, KernelEntry]:
        return self.ir.kernels


def optimize(
    module: llvm_binding.ModuleRef, machine: llvm_binding.TargetMachine
) -> None:
    """The pipeline `simt.to_ptx` runs (`PassBuilder` at O3), for `machine`."""
    options = llvm_binding.create_pipeline_tuning_options(speed_level=3)
    builder = llvm_binding.create_pass_builder(machine, options)
    builder.getModulePassManager().run(module, builder)


def compile_ir(host: HostIR) -> HostProgram:
    """Parses, verifies, optimizes at O3 and JIT-compiles host LLVM IR."""
    machine = host_target_machine()
    module = llvm_binding.parse_assembly(host.text)
    module.link_in(llvm_binding.parse_assembly(host.shim))
    module.verify()
    optimize(module, machine)
    module.verify()
    engine = llvm_binding.create_mcjit_compiler(module, machine)
    engine.finalize_object()
    return HostProgram(host, engine)


def compile_for_host(
    module: ModuleOp, *, checks: bool = True, switch: str | None = None
) -> HostProgram:
    """The simt module lowered, retargeted and JIT-compiled for this CPU."""
    return compile_ir(host_ir(module, checks=checks, switch=switch))
