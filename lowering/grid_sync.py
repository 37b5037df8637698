"""Lowering of `simt.grid_barrier`: a software grid barrier in the emitted LLVM.

numba-cuda lowers `cuda.cg.this_grid().sync()` to a call of
`cudaCGSynchronize` and links the CUDA device runtime (`libcudadevrt.a`) into
the kernel; `ptxas` alone cannot resolve that call, and simt's PTX must
assemble standalone (sm_70, sm_80, sm_90). So the barrier is emitted inline,
as the algorithm of CUDA's own cooperative-groups header
(`cooperative_groups/details/sync.h`, `sync_grids`), on a 32-bit counter in
global memory, one per function (`grid_sync_symbol`), zero at load:

    bar.sync 0                                    (the whole block arrives)
    if thread (0, 0, 0) of its block:
        membar.gl                                 (the block's writes, visible)
        inc = block (0, 0, 0) ? 0x80000000 - (nblocks - 1) : 1
        old = atom.add(counter, inc)
        spin while bit 31 of atom.add(counter, 0) equals bit 31 of old
        membar.gl                                 (the others' writes, seen)
    bar.sync 0                                    (the block leaves together)

Every generation adds exactly 0x80000000 to the counter: bit 31 flips when,
and only when, the last block arrives, and the low 31 bits are back to where
they were, so the counter needs no reset between barriers or launches. The
spin reads the counter with an atomic add of 0 (an atomic read LLVM may not
hoist out of the loop). The block barrier is `barrier.sync` without
`.aligned` (`llvm.nvvm.barrier.cta.sync.all`): threads that have exited do
not count, and the lanes of a warp may reach it at different times, as with
`cudaCGSynchronize`.

As with CUDA's grid sync, every block of the grid must be resident at once
(a cooperative launch guarantees it; a launch with more blocks than fit on
the device hangs) and every block must reach the barrier (a block whose
threads all returned makes the others wait for ever).
"""

from __future__ import annotations

from xdsl.dialects import llvm
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntAttr,
    ModuleOp,
    TensorType,
    i32,
)
from xdsl.ir import Block, SSAValue

from simt.dialects.intrinsics import GridBarrierOp
from simt.lowering import llvm_ext
from simt.lowering.rules import icmp
from simt.lowering.to_llvm import FunctionLowering

GENERATION_BIT = 0x80000000
"""The counter bit that flips each time every block has arrived."""


def grid_sync_symbol(function: str) -> str:
    """The global counter of the grid barriers of `function`."""
    return f"{function}__simt_grid_sync"


def lower_grid_barrier(fl: FunctionLowering, op: GridBarrierOp) -> None:
    """Emits the barrier of the module docstring where `op` stands."""
    counter = _counter(fl)
    start = fl.current
    assert start is not None
    arrive, spin, leave, done = _new_blocks(start, 4)
    _block_barrier(fl)
    master = _is_zero(fl, "tid")
    fl.emit(llvm.CondBrOp(master, arrive, [], done, []))
    fl.current = arrive
    fl.call_intrinsic("llvm.nvvm.membar.gl", [], None)
    old = fl.emit_value(
        llvm_ext.AtomicRMWOp(llvm_ext.AtomicBinOp.ADD, counter, _increment(fl))
    )
    fl.emit(llvm.BrOp(spin))
    fl.current = spin
    zero = fl.constant(0, i32)
    now = fl.emit_value(llvm_ext.AtomicRMWOp(llvm_ext.AtomicBinOp.ADD, counter, zero))
    changed = fl.emit_value(llvm.XOrOp(old, now))
    flipped = fl.emit_value(llvm.AndOp(changed, fl.constant(GENERATION_BIT, i32)))
    released = icmp(fl, "ne", flipped, zero)
    fl.emit(llvm.CondBrOp(released, leave, [], spin, []))
    fl.current = leave
    fl.call_intrinsic("llvm.nvvm.membar.gl", [], None)
    fl.emit(llvm.BrOp(done))
    fl.current = done
    _block_barrier(fl)


def _block_barrier(fl: FunctionLowering) -> None:
    fl.call_intrinsic("llvm.nvvm.barrier.cta.sync.all", [fl.constant(0, i32)], None)


def _increment(fl: FunctionLowering) -> SSAValue:
    """`0x80000000 - (nblocks - 1)` in block (0, 0, 0), 1 in the others."""
    nblocks = _product(fl, "nctaid")
    others = fl.emit_value(llvm.SubOp(nblocks, fl.constant(1, i32)))
    first = fl.emit_value(llvm.SubOp(fl.constant(GENERATION_BIT, i32), others))
    return fl.emit_value(
        llvm.SelectOp(_is_zero(fl, "ctaid"), first, fl.constant(1, i32))
    )


def _registers(fl: FunctionLowering, name: str) -> list[SSAValue]:
    found: list[SSAValue] = []
    for dim in "xyz":
        value = fl.call_intrinsic(f"llvm.nvvm.read.ptx.sreg.{name}.{dim}", [], i32)
        assert value is not None
        found.append(value)
    return found


def _is_zero(fl: FunctionLowering, name: str) -> SSAValue:
    """Whether the special register `name` (tid, ctaid) is (0, 0, 0)."""
    x, y, z = _registers(fl, name)
    either = fl.emit_value(llvm.OrOp(x, y))
    every = fl.emit_value(llvm.OrOp(either, z))
    return icmp(fl, "eq", every, fl.constant(0, i32))


def _product(fl: FunctionLowering, name: str) -> SSAValue:
    x, y, z = _registers(fl, name)
    plane = fl.emit_value(llvm.MulOp(x, y))
    return fl.emit_value(llvm.MulOp(plane, z))


def _new_blocks(after: Block, count: int) -> list[Block]:
    """`count` empty blocks placed after `after`, in order."""
    region = after.parent
    assert region is not None
    blocks: list[Block] = []
    previous = after
    for _ in range(count):
        block = Block()
        region.insert_block_after(block, previous)
        blocks.append(block)
        previous = block
    return blocks


def _counter(fl: FunctionLowering) -> SSAValue:
    """The function's counter (declared at the first barrier), as a pointer."""
    name = grid_sync_symbol(fl.source.sym_name.data)
    _declare_counter(fl.state.module, name)
    pointer = llvm.LLVMPointerType(IntAttr(1))
    return fl.emit_value(llvm.AddressOfOp(name, pointer))


def _declare_counter(module: ModuleOp, name: str) -> None:
    for op in module.ops:
        if isinstance(op, llvm.GlobalOp) and op.sym_name.data == name:
            return
    zero = DenseIntOrFPElementsAttr.from_list(TensorType(i32, [1]), [0])
    counter = llvm.GlobalOp(
        llvm.LLVMArrayType(1, i32),
        name,
        "internal",
        addr_space=1,
        value=zero,
        alignment=4,
    )
    module.body.block.add_op(counter)
