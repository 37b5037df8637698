"""The `llvm` dialect to LLVM IR text (an llvmlite `ir.Module`), for NVPTX.

xDSL's translator (`xdsl.backend.llvm`) does most of the work: every op it
knows goes through its `convert_op`. This module adds what NVPTX needs and it
lacks: the ops of `simt.lowering.llvm_ext` (`atomicrmw`, `cmpxchg`, `fptosi` /
`fptoui` / `uitofp`, `addrspacecast`, `switch`); global arrays in any address
space (`llvm.mlir.global`, with dense initializers); `getelementptr` on pointers outside
address space 0 (xDSL's version bitcasts to an address-space-0 pointer, which
LLVM rejects); and the function attribute `nvvm.kernel`, which becomes the
`ptx_kernel` calling convention (LLVM >= 19) that xDSL's declaration drops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llvmlite import ir
from xdsl.backend.llvm.convert_op import convert_op
from xdsl.backend.llvm.convert_type import convert_type
from xdsl.dialects import llvm
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, ModuleOp, StringAttr
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.exceptions import PassFailedException

from simt.lowering import llvm_ext
from simt.lowering.to_llvm import NVVM_KERNEL_ATTR
from simt.model.locations import describe_op

ValueMap = dict[SSAValue, ir.Value]
BlockMap = dict[Block, ir.Block]


def _atomic_rmw(
    op: llvm_ext.AtomicRMWOp, builder: ir.IRBuilder, values: ValueMap
) -> None:
    values[op.res] = builder.atomic_rmw(
        op.bin_op.data.value,
        values[op.ptr],
        values[op.val],
        op.ordering.data.value,
    )


def _cmpxchg(op: llvm_ext.CmpXchgOp, builder: ir.IRBuilder, values: ValueMap) -> None:
    values[op.res] = builder.cmpxchg(
        values[op.ptr], values[op.cmp], values[op.val], op.ordering.data.value
    )


_EXT_CASTS: dict[type[Operation], str] = {
    llvm_ext.FPToSIOp: "fptosi",
    llvm_ext.FPToUIOp: "fptoui",
    llvm_ext.UIToFPOp: "uitofp",
    llvm_ext.AddrSpaceCastOp: "addrspacecast",
}


def _ext_cast(op: llvm.GenericCastOp, builder: ir.IRBuilder, values: ValueMap) -> None:
    method = getattr(builder, _EXT_CASTS[type(op)])
    values[op.result] = method(values[op.arg], convert_type(op.result.type))


def _gep(op: llvm.GEPOp, builder: ir.IRBuilder, values: ValueMap) -> None:
    ssa_indices = iter(op.ssa_indices)
    indices = [
        values[next(ssa_indices)]
        if raw == llvm.GEP_USE_SSA_VAL
        else ir.Constant(ir.IntType(32), raw)
        for raw in op.rawConstantIndices.iter_values()
    ]
    values[op.results[0]] = builder.gep(
        values[op.ptr],
        indices,
        inbounds=op.inbounds is not None,
        source_etype=convert_type(op.elem_type),
    )


def _edge(
    target: Block,
    args: Any,
    builder: ir.IRBuilder,
    values: ValueMap,
    blocks: BlockMap,
    taken: set[Block],
) -> ir.Block:
    """The LLVM block a terminator's edge to `target` jumps to, with the phi
    entries of `target` added for it.

    A phi has one entry per predecessor block, so when one terminator reaches
    a block with arguments twice (two `cf.switch` cases, or both successors of
    a `cf.cond_br`, with different arguments), each edge after the first goes
    through a block of its own that only jumps on."""
    current = builder.block
    assert current is not None, "the builder is positioned in a block"
    jump = blocks[target]
    source = current
    if target.args and target in taken:
        source = jump = current.function.append_basic_block(f"{current.name}.edge")
        ir.IRBuilder(source).branch(blocks[target])
    taken.add(target)
    for block_arg, value in zip(target.args, args, strict=True):
        phi = values[block_arg]
        assert isinstance(phi, ir.PhiInstr)
        phi.add_incoming(values[value], source)
    return jump


def _cond_br(
    op: llvm.CondBrOp, builder: ir.IRBuilder, values: ValueMap, blocks: BlockMap
) -> None:
    taken: set[Block] = set()
    then_block = _edge(op.then_block, op.then_arguments, builder, values, blocks, taken)
    else_block = _edge(op.else_block, op.else_arguments, builder, values, blocks, taken)
    builder.cbranch(values[op.cond], then_block, else_block)


def _switch(
    op: llvm_ext.SwitchOp, builder: ir.IRBuilder, values: ValueMap, blocks: BlockMap
) -> None:
    taken: set[Block] = set()
    default = _edge(
        op.default_block, op.default_operands, builder, values, blocks, taken
    )
    switch = builder.switch(values[op.flag], default)
    case_values = op.case_values.get_values() if op.case_values is not None else ()
    flag_type = convert_type(op.flag.type)
    for value, block, args in zip(
        case_values, op.case_blocks, op.case_operand, strict=True
    ):
        target = _edge(block, args, builder, values, blocks, taken)
        switch.add_case(ir.Constant(flag_type, value), target)


_SIMPLE: dict[type[Operation], Callable[[Any, ir.IRBuilder, ValueMap], None]] = {
    llvm_ext.AtomicRMWOp: _atomic_rmw,
    llvm_ext.CmpXchgOp: _cmpxchg,
    llvm.GEPOp: _gep,
    **dict.fromkeys(_EXT_CASTS, _ext_cast),
}


def _convert(
    op: Operation, builder: ir.IRBuilder, values: ValueMap, blocks: BlockMap
) -> None:
    simple = _SIMPLE.get(type(op))
    if simple is not None:
        simple(op, builder, values)
        return
    if isinstance(op, llvm_ext.SwitchOp):
        _switch(op, builder, values, blocks)
        return
    if isinstance(op, llvm.CondBrOp):
        _cond_br(op, builder, values, blocks)
        return
    try:
        convert_op(op, builder, values, blocks)
    except NotImplementedError as error:
        raise PassFailedException(
            f"{describe_op(op)}: cannot translate this op to LLVM IR ({error})"
        ) from error


def _global(op: llvm.GlobalOp, module: ir.Module) -> None:
    """A global array (shared, constant, the external dynamic shared array, a
    kernel's exception word): its initializer is the dense value, else `undef`
    unless it is external."""
    type_ = convert_type(op.global_type)
    variable = ir.GlobalVariable(
        module, type_, name=op.sym_name.data, addrspace=op.addr_space.value.data
    )
    linkage = op.linkage.linkage.data
    defined = isinstance(op.value, DenseIntOrFPElementsAttr)
    # an external global with a value is a definition: LLVM IR spells its
    # linkage by omitting it (`external` marks a declaration)
    variable.linkage = "" if linkage == "external" and defined else linkage
    variable.global_constant = op.constant is not None
    # References to the global are opaque pointers, like every other pointer
    # of the lowered IR (llvmlite would otherwise type them by the array).
    variable.type = ir.PointerType(addrspace=op.addr_space.value.data)
    settable: Any = variable
    if op.alignment is not None:
        settable.align = op.alignment.value.data
    value = op.value
    if isinstance(value, DenseIntOrFPElementsAttr):
        assert isinstance(type_, ir.ArrayType)
        element = type_.element
        settable.initializer = ir.Constant(
            type_, [ir.Constant(element, v) for v in value.get_values()]
        )
    elif op.linkage.linkage.data != "external":
        settable.initializer = ir.Constant(type_, ir.Undefined)


def _declare(op: llvm.FuncOp, module: ir.Module) -> ir.Function:
    type_ = op.function_type
    fn_type = ir.FunctionType(
        convert_type(type_.output),
        [convert_type(t) for t in type_.inputs.data],
        var_arg=type_.is_variadic,
    )
    function = ir.Function(module, fn_type, name=op.sym_name.data)
    if NVVM_KERNEL_ATTR in op.attributes:
        function.calling_convention = "ptx_kernel"
    if op.body.blocks.first is not None and op.linkage.linkage.data == "internal":
        function.linkage = "internal"
    return function


def _define(op: llvm.FuncOp, function: ir.Function) -> None:
    values: ValueMap = {}
    blocks: BlockMap = {}
    for index, block in enumerate(op.body.blocks):
        blocks[block] = function.append_basic_block(name=f"bb{index}")
    entry = op.body.blocks.first
    assert entry is not None
    for arg, llvm_arg in zip(entry.args, function.args, strict=True):
        values[arg] = llvm_arg
    for block in op.body.blocks:
        if block is entry:
            continue
        builder = ir.IRBuilder(blocks[block])
        for arg in block.args:
            values[arg] = builder.phi(convert_type(arg.type))
    for block in op.body.blocks:
        builder = ir.IRBuilder(blocks[block])
        for inner in block.ops:
            _convert(inner, builder, values, blocks)


def to_llvmlite(module: ModuleOp) -> ir.Module:
    """Translates an `llvm`-dialect module into an llvmlite IR module."""
    result = ir.Module()
    for key, attr in (
        ("llvm.target_triple", "triple"),
        ("llvm.data_layout", "data_layout"),
    ):
        value = module.attributes.get(key)
        if isinstance(value, StringAttr):
            setattr(result, attr, value.data)
    functions: list[tuple[llvm.FuncOp, ir.Function]] = []
    for op in module.ops:
        if isinstance(op, llvm.GlobalOp):
            _global(op, result)
            continue
        if not isinstance(op, llvm.FuncOp):
            raise PassFailedException(
                f"{describe_op(op)}: expected only llvm.func and llvm.mlir.global at "
                "module level after lowering"
            )
        functions.append((op, _declare(op, result)))
    for op, function in functions:
        if op.body.blocks.first is not None:
            _define(op, function)
    return result
