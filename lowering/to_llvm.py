"""`simt-lower-to-llvm`: simt IR to xDSL's `llvm` dialect for `nvptx64-nvidia-cuda`.

Two steps:

1. `simt.lowering.structured` rewrites guards to integer code and every `scf` op
   to `cf` blocks, so each function body becomes a flat CFG.
2. Each `func.func` is translated into an `llvm.func`: its blocks are visited in
   reverse post-order (so every value is translated before its uses; the walk is
   an iterative worklist) and each op is turned into `llvm` ops by the rule for
   its kind in `simt.lowering.rules`. Memrefs are not values in the `llvm`
   dialect: a memref is represented by a `MemrefView` (base pointer, shape,
   strides) from which each access computes its address.

Kernel arguments follow numba-cuda's array ABI (`simt.lowering.abi`); a kernel
(`simt.kernel`) becomes an external `llvm.func` with the unit attribute
`nvvm.kernel`, as in MLIR's NVVM target, which `simt.lowering.llvm_ir` emits as
the `ptx_kernel` calling convention. The module gets `llvm.target_triple` and
`llvm.data_layout` for NVPTX.

An op no rule covers stops the pass with a `PassFailedException` naming the op
and its location, before anything is rewritten.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from xdsl.context import Context
from xdsl.dialects import func, llvm, memref, scf
from xdsl.dialects.builtin import (
    DenseIntOrFPElementsAttr,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    ModuleOp,
    StringAttr,
    TensorType,
    UnitAttr,
    i1,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import Rewriter
from xdsl.utils.exceptions import PassFailedException

from simt.dialects import simt
from simt.lowering import abi
from simt.model.exceptions import EXCEPTIONS_ATTR, NO_RAISE, raise_symbol
from simt.model.kernel import is_kernel
from simt.model.locations import describe_op

NVPTX_TRIPLE = "nvptx64-nvidia-cuda"
NVPTX_DATA_LAYOUT = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
"""The data layout LLVM 22's NVPTX target machine reports for nvptx64."""

NVVM_KERNEL_ATTR = "nvvm.kernel"
GLOBAL_PTR = llvm.LLVMPointerType(IntAttr(1))
"""A pointer into global memory (NVPTX address space 1)."""


@dataclass(frozen=True)
class MemrefView:
    """How a memref value is addressed after lowering.

    `base` points at element 0; the address of element `(i0, ..., in)` is
    `base + sum(i_k * strides[k])`, in bytes when `byte_strides` (numba array
    arguments carry byte strides) and in elements otherwise (private allocas).
    `abi` holds the numba ABI fields when the memref came in as an argument.
    A view into a larger buffer (a subview, a reinterpret_cast) keeps that
    buffer's start in `origin` (MLIR's aligned pointer) and `base - origin`
    in `offset`, in the units of its strides; both are None when `base` is
    the start of the buffer.
    """

    base: SSAValue
    element: Attribute
    shape: tuple[SSAValue, ...]
    strides: tuple[SSAValue, ...]
    byte_strides: bool
    is_global: bool
    abi: tuple[SSAValue, ...] = ()
    address_space: int = 0
    """The NVPTX address space `base` points into (1 global, 3 shared,
    4 constant; 0 for generic pointers and allocas)."""
    origin: SSAValue | None = None
    offset: SSAValue | None = None

    @property
    def buffer(self) -> SSAValue:
        """The start of the buffer this memref views."""
        return self.base if self.origin is None else self.origin

    @property
    def is_shared_by_threads(self) -> bool:
        """Whether other threads may access the memory (atomics must be atomic)."""
        return self.is_global or self.address_space in (1, 3)


Rule = Callable[["FunctionLowering", Any], None]
"""Lowers one op: reads `FunctionLowering` mappings, emits llvm ops through it."""


@dataclass
class ModuleState:
    """What the lowering of all functions of a module shares."""

    module: ModuleOp
    signatures: dict[str, llvm.LLVMFunctionType] = field(default_factory=lambda: {})
    externals: dict[str, llvm.LLVMFunctionType] = field(default_factory=lambda: {})
    globals: dict[str, memref.GlobalOp] = field(default_factory=lambda: {})
    """The `memref.global`s of the module, by name (lowered to `llvm.mlir.global`)."""
    dynamic_shared: bool = False
    """Whether a function uses `simt.dynamic_shared` (declare its global)."""

    def declare(self, name: str, type_: llvm.LLVMFunctionType) -> None:
        """Records an external function (a libdevice call) to declare once."""
        self.externals.setdefault(name, type_)


@dataclass
class FunctionLowering:
    """The state of translating one `func.func` into an `llvm.func`."""

    source: func.FuncOp
    state: ModuleState
    rules: Mapping[type[Operation], Callable[..., None]]
    values: dict[SSAValue, SSAValue] = field(default_factory=lambda: {})
    memrefs: dict[SSAValue, MemrefView] = field(default_factory=lambda: {})
    blocks: dict[Block, Block] = field(default_factory=lambda: {})
    allocas: list[Operation] = field(default_factory=lambda: [])
    current: Block | None = None

    # -- emission -------------------------------------------------------------

    def emit(self, op: Operation) -> Operation:
        """Appends `op` to the block being translated and returns it."""
        assert self.current is not None
        self.current.add_op(op)
        return op

    def emit_value(self, op: Operation) -> SSAValue:
        """Appends a single-result op and returns its result."""
        return self.emit(op).results[0]

    def constant(self, value: int, type_: Attribute = i64) -> SSAValue:
        """An `llvm.mlir.constant` of an integer type."""
        assert isinstance(type_, IntegerType)
        if type_.width.data == 1:
            value = value & 1
        return self.emit_value(llvm.ConstantOp(IntegerAttr(value, type_), type_))

    def hoisted_alloca(self, count: int, element: Attribute) -> SSAValue:
        """An `llvm.alloca` placed at the start of the entry block (so LLVM promotes it)."""
        size = llvm.ConstantOp(IntegerAttr(count, i64), i64)
        alloca = llvm.AllocaOp(size, element, alignment=abi.element_size(element))
        self.allocas.extend([size, alloca])
        return alloca.res

    def call_intrinsic(
        self, name: str, args: Sequence[SSAValue], result: Attribute | None
    ) -> SSAValue | None:
        """Calls an LLVM or NVVM intrinsic by name."""
        types = [] if result is None else [result]
        op = self.emit(llvm.CallIntrinsicOp(name, args, types))
        return op.results[0] if op.results else None

    # -- mappings -------------------------------------------------------------

    def get(self, value: SSAValue) -> SSAValue:
        """The translated value of `value`."""
        return self.values[value]

    def set(self, value: SSAValue, translated: SSAValue) -> None:
        self.values[value] = translated

    def view(self, value: SSAValue) -> MemrefView:
        """The addressing view of a memref value."""
        return self.memrefs[value]

    def block(self, block: Block) -> Block:
        return self.blocks[block]

    def fail(self, op: Operation, why: str) -> PassFailedException:
        """A diagnostic for `op`, to be raised by the caller."""
        return PassFailedException(f"{describe_op(op)}: {why}")


# ---------------------------------------------------------------------------
# Function translation
# ---------------------------------------------------------------------------


def reverse_post_order(entry: Block) -> list[Block]:
    """The blocks reachable from `entry`, each after its dominators (iterative DFS)."""
    order: list[Block] = []
    seen = {entry}
    stack: list[tuple[Block, int]] = [(entry, 0)]
    while stack:
        block, index = stack.pop()
        successors = _successors(block)
        if index < len(successors):
            stack.append((block, index + 1))
            successor = successors[index]
            if successor not in seen:
                seen.add(successor)
                stack.append((successor, 0))
            continue
        order.append(block)
    order.reverse()
    return order


def _successors(block: Block) -> tuple[Block, ...]:
    terminator = block.last_op
    return () if terminator is None else tuple(terminator.successors)


def function_type(op: func.FuncOp) -> llvm.LLVMFunctionType:
    """The `llvm.func` type of a `func.func` under the numba ABI."""
    params = abi.param_types(op.function_type.inputs.data)
    if not isinstance(params, list):
        raise PassFailedException(
            f"{describe_op(op)} @{op.sym_name.data}: cannot pass an argument of type "
            f"{params} (expected memref, integer, index or float)"
        )
    outputs: list[Attribute] = list(op.function_type.outputs.data)
    if len(outputs) > 1:
        raise PassFailedException(
            f"{describe_op(op)} @{op.sym_name.data}: expected at most one result, "
            f"found {len(outputs)}"
        )
    result = llvm.LLVMVoidType() if not outputs else abi.scalar_type(outputs[0])
    if result is None:
        raise PassFailedException(
            f"{describe_op(op)} @{op.sym_name.data}: cannot return a value of type "
            f"{outputs[0]}"
        )
    return llvm.LLVMFunctionType(params, result)


def _new_llvm_func(op: func.FuncOp, type_: llvm.LLVMFunctionType) -> llvm.FuncOp:
    public = is_kernel(op) or op.body.blocks.first is None
    linkage = llvm.LinkageAttr("external" if public else "internal")
    new = llvm.FuncOp(op.sym_name, type_, linkage=linkage, body=Region())
    if is_kernel(op):
        new.attributes[NVVM_KERNEL_ATTR] = UnitAttr()
    return new


def _bind_arguments(fl: FunctionLowering, entry: Block, new_entry: Block) -> None:
    params = iter(new_entry.args)
    for arg in entry.args:
        if isinstance(arg.type, MemRefType):
            fields: list[SSAValue] = [
                next(params)
                for _ in range(abi.array_param_count(arg.type.get_num_dims()))
            ]
            fl.memrefs[arg] = _argument_view(fl, arg.type, fields)
            continue
        param = next(params)
        if param.type != abi.scalar_type(arg.type):
            param = fl.emit_value(llvm.TruncOp(param, i1))
        fl.set(arg, param)


def _argument_view(
    fl: FunctionLowering, type_: MemRefType, fields: list[SSAValue]
) -> MemrefView:
    rank = type_.get_num_dims()
    header = len(abi.ARRAY_HEADER_FIELDS)
    data = fields[abi.DATA_FIELD]
    kernel = is_kernel(fl.source)
    if kernel:
        from simt.lowering.llvm_ext import AddrSpaceCastOp

        data = fl.emit_value(AddrSpaceCastOp(data, GLOBAL_PTR))
    return MemrefView(
        base=data,
        element=type_.element_type,
        shape=tuple(fields[header : header + rank]),
        strides=tuple(fields[header + rank : header + 2 * rank]),
        byte_strides=True,
        is_global=kernel,
        abi=tuple(fields),
        address_space=1 if kernel else 0,
    )


def _create_blocks(fl: FunctionLowering, order: list[Block], new: llvm.FuncOp) -> None:
    type_ = new.function_type
    for index, block in enumerate(order):
        if index == 0:
            new_block = Block(arg_types=type_.inputs.data)
        else:
            new_block = Block(
                arg_types=[_block_arg_type(fl, arg) for arg in block.args]
            )
            for arg, new_arg in zip(block.args, new_block.args, strict=True):
                fl.set(arg, new_arg)
        new.body.add_block(new_block)
        fl.blocks[block] = new_block


def _block_arg_type(fl: FunctionLowering, arg: SSAValue) -> Attribute:
    converted = abi.scalar_type(arg.type)
    if converted is None:
        owner = arg.owner
        assert isinstance(owner, Block)
        raise PassFailedException(
            f"in @{fl.source.sym_name.data}: cannot lower a block argument of type "
            f"{arg.type} (expected an integer, index or float)"
        )
    return converted


def _translate_block(fl: FunctionLowering, block: Block) -> None:
    fl.current = fl.block(block)
    for op in block.ops:
        rule = fl.rules.get(type(op))
        if rule is None:
            raise fl.fail(op, "simt-lower-to-llvm has no rule for this op")
        rule(fl, op)


def lower_function(
    op: func.FuncOp,
    state: ModuleState,
    rules: Mapping[type[Operation], Callable[..., None]],
) -> llvm.FuncOp:
    """Translates one `func.func` (already a flat CFG) into an `llvm.func`."""
    new = _new_llvm_func(op, state.signatures[op.sym_name.data])
    entry = op.body.blocks.first
    if entry is None:
        return new
    fl = FunctionLowering(op, state, rules)
    order = reverse_post_order(entry)
    _create_blocks(fl, order, new)
    fl.current = fl.block(entry)
    _bind_arguments(fl, entry, fl.block(entry))
    for block in order:
        _translate_block(fl, block)
    new_entry = fl.block(entry)
    if fl.allocas:
        first = new_entry.first_op
        assert first is not None
        new_entry.insert_ops_before(fl.allocas, first)
    return new


# ---------------------------------------------------------------------------
# The pass
# ---------------------------------------------------------------------------

_STRUCTURED_OPS: tuple[type[Operation], ...] = (
    scf.IfOp,
    scf.ForOp,
    scf.WhileOp,
    scf.YieldOp,
    scf.ConditionOp,
    scf.IndexSwitchOp,
    simt.GuardCreateOp,
    simt.GuardSetOp,
    simt.GuardSelectOp,
    simt.GuardTestOp,
    simt.GuardedOp,
    simt.YieldOp,
)
"""Ops that `simt.lowering.structured` removes before translation."""


def _supported_names(rules: Iterable[type[Operation]]) -> frozenset[str]:
    return frozenset(op.name for op in (*rules, *_STRUCTURED_OPS))


def check_supported(
    module: ModuleOp, rules: Mapping[type[Operation], Callable[..., None]]
) -> None:
    """Raises a diagnostic for the first op inside a `func.func` that cannot be lowered."""
    names = _supported_names(rules)
    for function in module.ops:
        if not isinstance(function, func.FuncOp):
            continue
        for op in function.body.walk():
            if op.name not in names:
                raise PassFailedException(
                    f"{describe_op(op)}: simt-lower-to-llvm cannot lower this op"
                )


def _check_top_level(module: ModuleOp) -> None:
    for op in module.ops:
        if not isinstance(
            op, func.FuncOp | llvm.FuncOp | llvm.GlobalOp | memref.GlobalOp
        ):
            raise PassFailedException(
                f"{describe_op(op)}: simt-lower-to-llvm expects only functions and "
                "globals at module level"
            )


DYNAMIC_SHARED_GLOBAL = "__simt_dynamic_shared"
"""The `extern __shared__` array every `simt.dynamic_shared` addresses."""

SPACE_NUMBERS = {"global": 1, "shared": 3, "constant": 4, "local": 0}
"""NVPTX address spaces of simt's memory spaces (local arrays are allocas,
which LLVM's NVPTX backend places in the local space itself)."""


def address_space(type_: MemRefType[Attribute]) -> int:
    """The NVPTX address space of a memref type's memory space."""
    return SPACE_NUMBERS[str(simt.memory_space_of(type_))]


def _lower_globals(module: ModuleOp, state: ModuleState) -> None:
    """Replaces each `memref.global` by an `llvm.mlir.global` in its address
    space: shared arrays uninitialized (`undef`, as numba emits them),
    constants with their values."""
    for op in list(module.ops):
        if not isinstance(op, memref.GlobalOp):
            continue
        memref_type = op.type
        shape = memref_type.get_shape()
        if any(extent < 0 for extent in shape):
            raise PassFailedException(
                f"{describe_op(op)}: expected a statically shaped global, found {memref_type}"
            )
        count = 1
        for extent in shape:
            count *= extent
        element = abi.scalar_type(memref_type.element_type)
        assert element is not None
        value = op.initial_value if not isinstance(op.initial_value, UnitAttr) else None
        new = llvm.GlobalOp(
            llvm.LLVMArrayType(count, element),
            op.sym_name,
            "internal",
            addr_space=address_space(memref_type),
            constant=op.constant is not None,
            value=value,
            alignment=max(abi.element_size(element), 4),
        )
        state.globals[op.sym_name.data] = op
        Rewriter.replace_op(op, new)


def _declare_dynamic_shared(state: ModuleState) -> None:
    if not state.dynamic_shared:
        return
    declaration = llvm.GlobalOp(
        llvm.LLVMArrayType(0, IntegerType(8)),
        DYNAMIC_SHARED_GLOBAL,
        "external",
        addr_space=3,
        alignment=16,
    )
    body = state.module.body.block
    first = body.first_op
    if first is None:
        body.add_op(declaration)
    else:
        body.insert_op_before(declaration, first)


def _declare_raise_words(module: ModuleOp, kernels: Sequence[str]) -> None:
    """The global word of each kernel that lists exceptions (`simt.raise`):
    one `i64` in global memory, initially `NO_RAISE`, external so that the
    launcher finds it by name (`simt.model.exceptions.raise_symbol`)."""
    initial = DenseIntOrFPElementsAttr.from_list(TensorType(i64, [1]), [-1])
    assert initial.get_values()[0] & NO_RAISE == NO_RAISE
    for name in kernels:
        word = llvm.GlobalOp(
            llvm.LLVMArrayType(1, i64),
            raise_symbol(name),
            "external",
            addr_space=1,
            value=initial,
            alignment=8,
        )
        module.body.block.add_op(word)


def _raising_kernels(module: ModuleOp) -> list[str]:
    return [
        op.sym_name.data
        for op in module.ops
        if isinstance(op, func.FuncOp)
        and is_kernel(op)
        and EXCEPTIONS_ATTR in op.attributes
    ]


def _declare_externals(state: ModuleState) -> None:
    existing = {
        op.sym_name.data for op in state.module.ops if isinstance(op, llvm.FuncOp)
    }
    for name, type_ in state.externals.items():
        if name in existing:
            continue
        declaration = llvm.FuncOp(
            name, type_, linkage=llvm.LinkageAttr("external"), body=Region()
        )
        state.module.body.block.add_op(declaration)


def lower_module(module: ModuleOp) -> None:
    """Lowers every `func.func` of `module` to the `llvm` dialect, in place."""
    from simt.lowering.rules import RULES
    from simt.lowering.structured import lower_structured

    _check_top_level(module)
    check_supported(module, RULES)
    lower_structured(module)
    state = ModuleState(module)
    _lower_globals(module, state)
    raising = _raising_kernels(module)
    functions = [op for op in module.ops if isinstance(op, func.FuncOp)]
    for op in functions:
        state.signatures[op.sym_name.data] = function_type(op)
    for op in functions:
        Rewriter.replace_op(op, lower_function(op, state, RULES))
    _declare_externals(state)
    _declare_dynamic_shared(state)
    _declare_raise_words(module, raising)
    module.attributes["llvm.target_triple"] = StringAttr(NVPTX_TRIPLE)
    module.attributes["llvm.data_layout"] = StringAttr(NVPTX_DATA_LAYOUT)


@dataclass(frozen=True)
class LowerToLLVMPass(ModulePass):
    """Lowers simt IR (func, scf, cf, arith, math, memref, simt) to the `llvm` dialect.

    *Input invariant*: IR following docs/ir-conventions.md: kernels are
    `func.func` with `simt.kernel`; arguments are memrefs (any rank; numba's
    array ABI) and integer, index or float scalars; private arrays are
    statically shaped `memref.alloca`s. An op outside arith, math, memref
    (load, store, alloca, dim), cf, scf (if, for, while, index_switch), func
    (call, return) and simt is reported with its location and nothing is changed.

    *Output IR*: one `llvm.func` per function, kernels external and marked
    `nvvm.kernel`; thread ids, votes, ballot and barriers are NVVM intrinsic
    calls; atomics on arrays are `llvm.atomicrmw` on global pointers; guards are
    loads and stores of a private `i32`; transcendental math functions call
    libdevice (`__nv_*`), which `simt.to_ptx` links; `simt.raise` is an
    atomic unsigned minimum of the lane's word (`simt.model.exceptions.
    raise_key`) on the kernel's global `<kernel>__simt_raise`. The module
    carries the NVPTX triple and data layout.

    *Invariants*: the semantics of every lane; barriers and votes stay where
    they were in the control flow (no op is moved across a branch).
    """

    name: ClassVar[str] = "simt-lower-to-llvm"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        lower_module(op)
