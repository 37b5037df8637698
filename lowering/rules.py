"""One lowering rule per op kind: arith, math, memref, cf, func and simt to `llvm`.

Each rule reads the translated operands from a `FunctionLowering`, emits `llvm`
ops through it and records the translated results. The table `RULES` maps op
classes to rules; `simt-lower-to-llvm` refuses any op without an entry.

Sources: MLIR's ArithToLLVM, MathToLLVM, MemRefToLLVM, ControlFlowToLLVM and
FuncToLLVM conversions (which xDSL 0.74 lacks) for the arith/cf/func shapes;
the NVVM intrinsics are those of LLVM's IntrinsicsNVVM.td (`llvm.nvvm.read.ptx.
sreg.*`, `llvm.nvvm.vote.*.sync`, `llvm.nvvm.activemask`,
`llvm.nvvm.barrier.cta.sync.aligned.all`); `floordivsi` / `ceildivsi` expand as
MLIR's `arith-expand` does; transcendental math functions call CUDA's libdevice
(`__nv_expf`, ...), as numba-cuda does; a load or store with a
`simt.cache_hint` is numba-cuda's inline PTX (`ld.global.cg.b32`, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from xdsl.dialects import arith, cf, func, llvm, math, memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    DenseIntElementsAttr,
    Float32Type,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    MemRefType,
    StringAttr,
    VectorType,
    i1,
    i8,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from simt.dialects import arith_ext, simt
from simt.lowering import abi, llvm_ext
from simt.lowering.to_llvm import (
    DYNAMIC_SHARED_GLOBAL,
    FunctionLowering,
    MemrefView,
    Rule,
    address_space,
)
from simt.model.exceptions import CODE_BITS, raise_symbol

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def _type(fl: FunctionLowering, op: Operation, type_: Attribute) -> Attribute:
    converted = abi.scalar_type(type_)
    if converted is None:
        raise fl.fail(op, f"cannot lower a value of type {type_}")
    return converted


def _width(type_: Attribute) -> int:
    if isinstance(type_, IndexType):
        return 64
    assert isinstance(type_, IntegerType)
    return type_.width.data


def _operands(fl: FunctionLowering, op: Operation) -> list[SSAValue]:
    return [fl.get(operand) for operand in op.operands]


def _set_result(fl: FunctionLowering, op: Operation, new: Operation) -> None:
    fl.set(op.results[0], fl.emit_value(new))


def _suffix(type_: Attribute) -> str:
    if isinstance(type_, AnyFloat):
        return f"f{type_.bitwidth}"
    return f"i{_width(type_)}"


# ---------------------------------------------------------------------------
# arith
# ---------------------------------------------------------------------------


def _constant(fl: FunctionLowering, op: arith.ConstantOp) -> None:
    type_ = _type(fl, op, op.result.type)
    value = op.value
    if isinstance(value, IntegerAttr) and isinstance(type_, IntegerType):
        fl.set(op.result, fl.constant(value.value.data, type_))
        return
    if isinstance(value, FloatAttr):
        assert isinstance(type_, AnyFloat)
        attr = FloatAttr(value.value.data, type_)
        _set_result(fl, op, llvm.ConstantOp(attr, type_))
        return
    raise fl.fail(op, f"cannot lower the constant {value}")


_INT_BINARY: dict[type[Operation], type[Operation]] = {
    arith.AddiOp: llvm.AddOp,
    arith.SubiOp: llvm.SubOp,
    arith.MuliOp: llvm.MulOp,
    arith.DivSIOp: llvm.SDivOp,
    arith.DivUIOp: llvm.UDivOp,
    arith.RemSIOp: llvm.SRemOp,
    arith.RemUIOp: llvm.URemOp,
    arith.AndIOp: llvm.AndOp,
    arith.OrIOp: llvm.OrOp,
    arith.XOrIOp: llvm.XOrOp,
    arith.ShLIOp: llvm.ShlOp,
    arith.ShRSIOp: llvm.AShrOp,
    arith.ShRUIOp: llvm.LShrOp,
}

_FLOAT_BINARY: dict[type[Operation], type[Operation]] = {
    arith.AddfOp: llvm.FAddOp,
    arith.SubfOp: llvm.FSubOp,
    arith.MulfOp: llvm.FMulOp,
    arith.DivfOp: llvm.FDivOp,
    arith_ext.RemFOp: llvm.FRemOp,
}


def _binary(fl: FunctionLowering, op: Operation) -> None:
    new_class = _INT_BINARY.get(type(op)) or _FLOAT_BINARY[type(op)]
    lhs, rhs = _operands(fl, op)
    new_op: Any = new_class
    _set_result(fl, op, new_op(lhs, rhs))


def _negf(fl: FunctionLowering, op: arith.NegfOp) -> None:
    _set_result(fl, op, llvm.FNegOp(fl.get(op.operand)))


_CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_CMPF_PREDICATES = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)  # fmt: skip


def icmp(
    fl: FunctionLowering, predicate: str, lhs: SSAValue, rhs: SSAValue
) -> SSAValue:
    """Emits `llvm.icmp` with a predicate given by name."""
    flag = llvm.ICmpPredicateFlag(predicate).to_int()
    return fl.emit_value(llvm.ICmpOp(lhs, rhs, IntegerAttr(flag, i64)))


def _cmpi(fl: FunctionLowering, op: arith.CmpiOp) -> None:
    predicate = _CMPI_PREDICATES[op.predicate.value.data]
    fl.set(op.result, icmp(fl, predicate, fl.get(op.lhs), fl.get(op.rhs)))


def _cmpf(fl: FunctionLowering, op: arith.CmpfOp) -> None:
    predicate = _CMPF_PREDICATES[op.predicate.value.data]
    if predicate in ("false", "true"):
        fl.set(op.result, fl.constant(int(predicate == "true"), i1))
        return
    _set_result(fl, op, llvm.FCmpOp(fl.get(op.lhs), fl.get(op.rhs), predicate))


def _select(fl: FunctionLowering, op: arith.SelectOp) -> None:
    cond, lhs, rhs = _operands(fl, op)
    _set_result(fl, op, llvm.SelectOp(cond, lhs, rhs))


_MIN_MAX_PREDICATES: dict[type[Operation], str] = {
    arith.MinSIOp: "slt",
    arith.MaxSIOp: "sgt",
    arith.MinUIOp: "ult",
    arith.MaxUIOp: "ugt",
}


def _int_min_max(fl: FunctionLowering, op: Operation) -> None:
    lhs, rhs = _operands(fl, op)
    cond = icmp(fl, _MIN_MAX_PREDICATES[type(op)], lhs, rhs)
    _set_result(fl, op, llvm.SelectOp(cond, lhs, rhs))


_FLOAT_MIN_MAX: dict[type[Operation], str] = {
    arith.MinimumfOp: "llvm.minimum",
    arith.MaximumfOp: "llvm.maximum",
    arith.MinnumfOp: "llvm.minnum",
    arith.MaxnumfOp: "llvm.maxnum",
}


def _float_min_max(fl: FunctionLowering, op: Operation) -> None:
    args = _operands(fl, op)
    type_ = args[0].type
    name = f"{_FLOAT_MIN_MAX[type(op)]}.{_suffix(type_)}"
    fl.set(op.results[0], _intrinsic(fl, name, args, type_))


def _intrinsic(
    fl: FunctionLowering, name: str, args: Sequence[SSAValue], result: Attribute
) -> SSAValue:
    value = fl.call_intrinsic(name, args, result)
    assert value is not None
    return value


def _floordivsi(fl: FunctionLowering, op: arith.FloorDivSIOp) -> None:
    _set_result(fl, op, _rounded_division(fl, op, toward_floor=True))


def _ceildivsi(fl: FunctionLowering, op: arith.CeilDivSIOp) -> None:
    _set_result(fl, op, _rounded_division(fl, op, toward_floor=False))


def _rounded_division(
    fl: FunctionLowering, op: Operation, *, toward_floor: bool
) -> Operation:
    """`q = a / b` rounded toward -inf (floor) or +inf (ceil) from `sdiv`'s truncation.

    The truncated quotient is off by one exactly when the remainder is non-zero
    and its sign differs from the divisor's (floor) or equals it (ceil).
    """
    lhs, rhs = _operands(fl, op)
    type_ = lhs.type
    quotient = fl.emit_value(llvm.SDivOp(lhs, rhs))
    remainder = fl.emit_value(llvm.SRemOp(lhs, rhs))
    zero = fl.constant(0, type_)
    inexact = icmp(fl, "ne", remainder, zero)
    remainder_negative = icmp(fl, "slt", remainder, zero)
    divisor_negative = icmp(fl, "slt", rhs, zero)
    signs = "ne" if toward_floor else "eq"
    sign_test = icmp(fl, signs, remainder_negative, divisor_negative)
    adjust = fl.emit_value(llvm.AndOp(inexact, sign_test))
    widened = fl.emit_value(llvm.ZExtOp(adjust, type_))
    if toward_floor:
        return llvm.SubOp(quotient, widened)
    return llvm.AddOp(quotient, widened)


def _ceildivui(fl: FunctionLowering, op: arith.CeilDivUIOp) -> None:
    """`a == 0 ? 0 : (a - 1) / b + 1`, which cannot overflow (MLIR's arith-expand)."""
    lhs, rhs = _operands(fl, op)
    zero = fl.constant(0, lhs.type)
    one = fl.constant(1, lhs.type)
    is_zero = icmp(fl, "eq", lhs, zero)
    below = fl.emit_value(llvm.SubOp(lhs, one))
    quotient = fl.emit_value(llvm.UDivOp(below, rhs))
    rounded = fl.emit_value(llvm.AddOp(quotient, one))
    _set_result(fl, op, llvm.SelectOp(is_zero, zero, rounded))


def _resize_int(
    fl: FunctionLowering, value: SSAValue, target: Attribute, *, signed: bool
) -> SSAValue:
    source_width = _width(value.type)
    target_width = _width(target)
    if source_width == target_width:
        return value
    if source_width > target_width:
        return fl.emit_value(llvm.TruncOp(value, target))
    if signed:
        return fl.emit_value(llvm.SExtOp(value, target))
    return fl.emit_value(llvm.ZExtOp(value, target))


def _int_cast(fl: FunctionLowering, op: Operation, *, signed: bool) -> None:
    target = _type(fl, op, op.results[0].type)
    value = fl.get(op.operands[0])
    fl.set(op.results[0], _resize_int(fl, value, target, signed=signed))


def _signed_cast(fl: FunctionLowering, op: Operation) -> None:
    _int_cast(fl, op, signed=True)


def _unsigned_cast(fl: FunctionLowering, op: Operation) -> None:
    _int_cast(fl, op, signed=False)


_CASTS: dict[type[Operation], type[llvm.GenericCastOp]] = {
    arith.SIToFPOp: llvm.SIToFPOp,
    arith.UIToFPOp: llvm_ext.UIToFPOp,
    arith.FPToSIOp: llvm_ext.FPToSIOp,
    arith.FPToUIOp: llvm_ext.FPToUIOp,
    arith.ExtFOp: llvm.FPExtOp,
    arith.TruncFOp: llvm.FPTruncOp,
    arith.BitcastOp: llvm.BitcastOp,
}


def _cast(fl: FunctionLowering, op: Operation) -> None:
    target = _type(fl, op, op.results[0].type)
    _set_result(fl, op, _CASTS[type(op)](fl.get(op.operands[0]), target))


# ---------------------------------------------------------------------------
# math
# ---------------------------------------------------------------------------

_MATH_INTRINSICS: dict[type[Operation], str] = {
    math.SqrtOp: "llvm.sqrt",
    math.AbsFOp: "llvm.fabs",
    math.FloorOp: "llvm.floor",
    math.CeilOp: "llvm.ceil",
    math.TruncOp: "llvm.trunc",
    math.RoundOp: "llvm.round",
    math.RoundEvenOp: "llvm.roundeven",
    math.CopySignOp: "llvm.copysign",
    math.FmaOp: "llvm.fma",
    math.CtPopOp: "llvm.ctpop",
}

_MATH_INT_FLAG_INTRINSICS: dict[type[Operation], str] = {
    math.AbsIOp: "llvm.abs",
    math.CountLeadingZerosOp: "llvm.ctlz",
    math.CountTrailingZerosOp: "llvm.cttz",
}
"""Integer intrinsics with an `i1 false` flag (poison on INT_MIN / zero: no)."""

_LIBDEVICE: dict[type[Operation], str] = {
    math.ExpOp: "exp",
    math.Exp2Op: "exp2",
    math.ExpM1Op: "expm1",
    math.LogOp: "log",
    math.Log2Op: "log2",
    math.Log10Op: "log10",
    math.Log1pOp: "log1p",
    math.SinOp: "sin",
    math.CosOp: "cos",
    math.TanOp: "tan",
    math.SinhOp: "sinh",
    math.CoshOp: "cosh",
    math.TanhOp: "tanh",
    math.AsinOp: "asin",
    math.AcosOp: "acos",
    math.AtanOp: "atan",
    math.AsinhOp: "asinh",
    math.AtanhOp: "atanh",
    math.Atan2Op: "atan2",
    math.ErfOp: "erf",
    math.CbrtOp: "cbrt",
    math.RsqrtOp: "rsqrt",
    math.PowFOp: "pow",
}
"""Math ops NVPTX cannot select by itself: calls to CUDA's libdevice."""


def _math_intrinsic(fl: FunctionLowering, op: Operation) -> None:
    args = _operands(fl, op)
    type_ = args[0].type
    name = f"{_MATH_INTRINSICS[type(op)]}.{_suffix(type_)}"
    fl.set(op.results[0], _intrinsic(fl, name, args, type_))


def _math_int_flag(fl: FunctionLowering, op: Operation) -> None:
    (arg,) = _operands(fl, op)
    name = f"{_MATH_INT_FLAG_INTRINSICS[type(op)]}.{_suffix(arg.type)}"
    flag = fl.constant(0, i1)
    fl.set(op.results[0], _intrinsic(fl, name, [arg, flag], arg.type))


def libdevice_name(base: str, type_: Attribute) -> str:
    """The libdevice function for `base` on `type_` (`__nv_expf` / `__nv_exp`)."""
    return f"__nv_{base}f" if isinstance(type_, Float32Type) else f"__nv_{base}"


def _math_libdevice(fl: FunctionLowering, op: Operation) -> None:
    args = _operands(fl, op)
    type_ = args[0].type
    if not isinstance(type_, AnyFloat) or type_.bitwidth not in (32, 64):
        raise fl.fail(op, f"expected f32 or f64, found {type_}")
    name = libdevice_name(_LIBDEVICE[type(op)], type_)
    fl.state.declare(name, llvm.LLVMFunctionType([a.type for a in args], type_))
    _set_result(fl, op, llvm.CallOp(name, *args, return_type=type_))


# ---------------------------------------------------------------------------
# memref
# ---------------------------------------------------------------------------


def address(
    fl: FunctionLowering, view: MemrefView, indices: Sequence[SSAValue]
) -> SSAValue:
    """The pointer to element `indices` of a memref view."""
    offset: SSAValue | None = None
    for index, stride in zip(indices, view.strides, strict=True):
        term = fl.emit_value(llvm.MulOp(fl.get(index), stride))
        offset = term if offset is None else fl.emit_value(llvm.AddOp(offset, term))
    if offset is None:
        return view.base
    element = i8 if view.byte_strides else view.element
    gep = llvm.GEPOp(
        view.base,
        [llvm.GEP_USE_SSA_VAL],
        element,
        ssa_indices=[offset],
        result_type=view.base.type,  # pyright: ignore[reportArgumentType]
    )
    return fl.emit_value(gep)


def _load(fl: FunctionLowering, op: memref.LoadOp) -> None:
    view = fl.view(op.memref)
    pointer = address(fl, view, op.indices)
    type_ = _type(fl, op, op.res.type)
    hint = _cache_hint(fl, op, simt.LOAD_CACHE_HINTS, type_)
    if hint is not None:
        bits = abi.element_size(type_) * 8
        asm = f"ld.global.{hint}.b{bits} $0, [$1];"
        constraints = f"={_ASM_REGISTERS[bits]},l"
        _set_result(fl, op, llvm.InlineAsmOp(asm, constraints, [pointer], [type_]))
        return
    _set_result(fl, op, llvm.LoadOp(pointer, type_, alignment=abi.element_size(type_)))


def _store(fl: FunctionLowering, op: memref.StoreOp) -> None:
    view = fl.view(op.memref)
    pointer = address(fl, view, op.indices)
    value = fl.get(op.value)
    hint = _cache_hint(fl, op, simt.STORE_CACHE_HINTS, value.type)
    if hint is not None:
        bits = abi.element_size(value.type) * 8
        asm = f"st.global.{hint}.b{bits} [$0], $1;"
        constraints = f"l,{_ASM_REGISTERS[bits]},~{{memory}}"
        fl.emit(
            llvm.InlineAsmOp(asm, constraints, [pointer, value], has_side_effects=True)
        )
        return
    fl.emit(llvm.StoreOp(value, pointer, alignment=abi.element_size(value.type)))


_ASM_REGISTERS = {8: "r", 16: "h", 32: "r", 64: "l"}
"""The inline-asm register constraint of a loaded or stored value by width,
as numba-cuda's `cache_hints.CONSTRAINT_MAP` (PTX has no 8-bit registers: a
byte travels in a 32-bit one, which `ld`/`st` of sub-word sizes allow)."""


def _cache_hint(
    fl: FunctionLowering,
    op: memref.LoadOp | memref.StoreOp,
    allowed: Sequence[str],
    type_: Attribute,
) -> str | None:
    """The PTX cache operator `op` carries (`simt.cache_hint`), or None.

    numba-cuda lowers `cuda.ldcg(a, i)` to inline PTX (`ld.global.cg.b32`):
    LLVM IR has no way to ask NVPTX for a cache operator, so the hinted access
    is inline assembly too, which LLVM treats as an opaque call that may touch
    memory (the store also clobbers `memory` and has side effects)."""
    hint = op.attributes.get(simt.CACHE_HINT_ATTR)
    if hint is None:
        return None
    if not isinstance(hint, StringAttr) or hint.data not in allowed:
        raise fl.fail(op, f"expected a {simt.CACHE_HINT_ATTR} in {list(allowed)}")
    if simt.memory_space_of(op.memref.type) is not simt.MemorySpace.GLOBAL:
        raise fl.fail(op, f"{simt.CACHE_HINT_ATTR} on an access outside global memory")
    bits = type_.bitwidth if isinstance(type_, IntegerType | AnyFloat) else 0
    if bits not in _ASM_REGISTERS:
        raise fl.fail(op, f"{simt.CACHE_HINT_ATTR} on a value of type {type_}")
    return hint.data


def _alloca(fl: FunctionLowering, op: memref.AllocaOp) -> None:
    type_ = op.memref.type
    assert isinstance(type_, MemRefType)
    shape = type_.get_shape()
    if op.dynamic_sizes or any(extent < 0 for extent in shape):
        raise fl.fail(op, f"expected a statically shaped private array, found {type_}")
    element = _type(fl, op, type_.element_type)
    count = 1
    for extent in shape:
        count *= extent
    base = fl.hoisted_alloca(count, element)
    fl.memrefs[op.memref] = _private_view(fl, base, element, shape)


def _private_view(
    fl: FunctionLowering,
    base: SSAValue,
    element: Attribute,
    shape: Sequence[int],
    address_space: int = 0,
) -> MemrefView:
    """A row-major view of a statically shaped array at `base` (element strides)."""
    strides: list[int] = []
    running = 1
    for extent in reversed(shape):
        strides.append(running)
        running *= extent
    strides.reverse()
    return MemrefView(
        base=base,
        element=element,
        shape=tuple(fl.constant(extent) for extent in shape),
        strides=tuple(fl.constant(stride) for stride in strides),
        byte_strides=False,
        is_global=False,
        address_space=address_space,
    )


def _get_global(fl: FunctionLowering, op: memref.GetGlobalOp) -> None:
    """The address of a lowered `memref.global`, in its address space."""
    name = op.name_.string_value()
    global_op = fl.state.globals.get(name)
    if global_op is None:
        raise fl.fail(
            op, f"refers to @{name}, which is not a memref.global of the module"
        )
    type_ = op.memref.type
    assert isinstance(type_, MemRefType)
    space = address_space(type_)
    pointer = fl.emit_value(
        llvm.AddressOfOp(name, llvm.LLVMPointerType(IntAttr(space)))
    )
    element = _type(fl, op, type_.element_type)
    fl.memrefs[op.memref] = _private_view(
        fl, pointer, element, type_.get_shape(), space
    )


def _dynamic_shared(fl: FunctionLowering, op: simt.DynamicSharedOp) -> None:
    """The `extern __shared__` array; its length is `%dynamic_smem_size` over
    the element size."""
    fl.state.dynamic_shared = True
    type_ = op.result.type
    assert isinstance(type_, MemRefType)
    element = _type(fl, op, type_.element_type)
    pointer = fl.emit_value(
        llvm.AddressOfOp(DYNAMIC_SHARED_GLOBAL, llvm.LLVMPointerType(IntAttr(3)))
    )
    size = _intrinsic(fl, "llvm.nvvm.read.ptx.sreg.dynamic_smem_size", [], i32)
    wide = fl.emit_value(llvm.ZExtOp(size, i64))
    length = fl.emit_value(llvm.UDivOp(wide, fl.constant(abi.element_size(element))))
    fl.memrefs[op.result] = MemrefView(
        base=pointer,
        element=element,
        shape=(length,),
        strides=(fl.constant(1),),
        byte_strides=False,
        is_global=False,
        address_space=3,
    )


def _subview_operands(
    fl: FunctionLowering, static: Sequence[int], dynamic: Sequence[SSAValue]
) -> list[SSAValue]:
    values = iter(dynamic)
    return [
        fl.get(next(values)) if v == DYNAMIC_INDEX else fl.constant(v) for v in static
    ]


def _subview(fl: FunctionLowering, op: memref.SubviewOp) -> None:
    """A view: the base moves to the first element; extents are the sizes of
    the kept dimensions, strides the steps times the source's strides."""
    source = fl.view(op.source)
    offsets = _subview_operands(fl, op.static_offsets.get_values(), op.offsets)
    sizes = _subview_operands(fl, op.static_sizes.get_values(), op.sizes)
    steps = _subview_operands(fl, op.static_strides.get_values(), op.strides)
    dropped = set(dropped_dims(op))
    offset: SSAValue | None = None
    for index, stride in zip(offsets, source.strides, strict=True):
        term = fl.emit_value(llvm.MulOp(index, stride))
        offset = term if offset is None else fl.emit_value(llvm.AddOp(offset, term))
    base = source.base
    if offset is not None:
        element = i8 if source.byte_strides else source.element
        gep = llvm.GEPOp(
            base,
            [llvm.GEP_USE_SSA_VAL],
            element,
            ssa_indices=[offset],
            result_type=base.type,  # pyright: ignore[reportArgumentType]
        )
        base = fl.emit_value(gep)
    kept = [k for k in range(len(sizes)) if k not in dropped]
    fl.memrefs[op.result] = MemrefView(
        base=base,
        element=source.element,
        shape=tuple(sizes[k] for k in kept),
        strides=tuple(
            fl.emit_value(llvm.MulOp(steps[k], source.strides[k])) for k in kept
        ),
        byte_strides=source.byte_strides,
        is_global=source.is_global,
        address_space=source.address_space,
        origin=source.buffer,
        offset=_sum(fl, source.offset, offset),
    )


def _sum(
    fl: FunctionLowering, a: SSAValue | None, b: SSAValue | None
) -> SSAValue | None:
    """`a + b` where None is zero."""
    if a is None:
        return b
    return a if b is None else fl.emit_value(llvm.AddOp(a, b))


def _in_elements(fl: FunctionLowering, view: MemrefView, value: SSAValue) -> SSAValue:
    """A distance in `view`'s stride units as a number of elements."""
    if not view.byte_strides:
        return value
    size = fl.constant(abi.element_size(view.element))
    return fl.emit_value(llvm.SDivOp(value, size))


def _extract_strided_metadata(
    fl: FunctionLowering, op: memref.ExtractStridedMetaDataOp
) -> None:
    """A view's offset from its buffer's start and its strides, in elements
    (numba arguments' byte strides divided by the element size); the base
    buffer is the rank-0 memref at the buffer's start."""
    view = fl.view(op.source)
    offset = fl.constant(0) if view.offset is None else view.offset
    fl.set(op.offset, _in_elements(fl, view, offset))
    for result, extent in zip(op.sizes, view.shape, strict=True):
        fl.set(result, extent)
    for result, stride in zip(op.strides, view.strides, strict=True):
        fl.set(result, _in_elements(fl, view, stride))
    fl.memrefs[op.base_buffer] = MemrefView(
        base=view.buffer,
        element=view.element,
        shape=(),
        strides=(),
        byte_strides=False,
        is_global=view.is_global,
        address_space=view.address_space,
    )


def _reinterpret_cast(fl: FunctionLowering, op: memref.ReinterpretCastOp) -> None:
    """A view of the source's buffer: the base moves `offset` elements from
    the buffer's start; extents and strides (in elements) are the operands."""
    source = fl.view(op.source)
    static_offsets = op.static_offsets.get_values()
    (offset,) = _subview_operands(fl, static_offsets, op.offsets)
    sizes = _subview_operands(fl, op.static_sizes.get_values(), op.sizes)
    strides = _subview_operands(fl, op.static_strides.get_values(), op.strides)
    base = source.buffer
    if static_offsets[0] != 0:
        gep = llvm.GEPOp(
            base,
            [llvm.GEP_USE_SSA_VAL],
            source.element,
            ssa_indices=[offset],
            result_type=base.type,  # pyright: ignore[reportArgumentType]
        )
        base = fl.emit_value(gep)
    fl.memrefs[op.result] = MemrefView(
        base=base,
        element=source.element,
        shape=tuple(sizes),
        strides=tuple(strides),
        byte_strides=False,
        is_global=source.is_global,
        address_space=source.address_space,
        origin=source.buffer,
        offset=offset,
    )


def dropped_dims(op: memref.SubviewOp) -> list[int]:
    """The dimensions a rank-reducing subview drops: MLIR's greedy match of
    the result shape against the sizes, dropping static unit sizes."""
    result_type = op.result.type
    assert isinstance(result_type, MemRefType)
    sizes = op.static_sizes.get_values()
    rank = result_type.get_num_dims()
    dropped: list[int] = []
    matched = 0
    for k, size in enumerate(sizes):
        if size == 1 and len(sizes) - k > rank - matched:
            dropped.append(k)
            continue
        matched += 1
    return dropped


def _dim(fl: FunctionLowering, op: memref.DimOp) -> None:
    view = fl.view(op.source)
    index_op = op.index.owner
    if not isinstance(index_op, arith.ConstantOp) or not isinstance(
        index_op.value, IntegerAttr
    ):
        raise fl.fail(op, "expected a constant dimension index")
    dim = index_op.value.value.data
    if not 0 <= dim < len(view.shape):
        raise fl.fail(
            op, f"expected a dimension in [0, {len(view.shape)}), found {dim}"
        )
    fl.set(op.result, view.shape[dim])


# ---------------------------------------------------------------------------
# cf and func
# ---------------------------------------------------------------------------


def _branch(fl: FunctionLowering, op: cf.BranchOp) -> None:
    fl.emit(llvm.BrOp(fl.block(op.successor), *_operands(fl, op)))


def _cond_branch(fl: FunctionLowering, op: cf.ConditionalBranchOp) -> None:
    then_args = [fl.get(v) for v in op.then_arguments]
    else_args = [fl.get(v) for v in op.else_arguments]
    fl.emit(
        llvm.CondBrOp(
            fl.get(op.cond),
            fl.block(op.then_block),
            then_args,
            fl.block(op.else_block),
            else_args,
        )
    )


def _switch(fl: FunctionLowering, op: cf.SwitchOp) -> None:
    flag = fl.get(op.flag)
    values = op.case_values
    if values is not None and isinstance(values.get_element_type(), IndexType):
        values = DenseIntElementsAttr.from_list(
            VectorType(i64, [len(values)]), values.get_values()
        )
    fl.emit(
        llvm_ext.SwitchOp(
            flag,
            fl.block(op.default_block),
            [fl.get(v) for v in op.default_operands],
            values,
            [fl.block(b) for b in op.case_blocks],
            [[fl.get(v) for v in case] for case in op.case_operand],
        )
    )


def _assert(fl: FunctionLowering, op: cf.AssertOp) -> None:
    """A failed check leaves the function (the thread leaves a kernel), as a
    numba-cuda kernel compiled without `debug=True` does on an exception; the
    rest of the block continues in a new block."""
    holds = fl.get(op.arg)
    current = fl.current
    assert current is not None and current.parent is not None
    rest, leave = Block(), Block()
    current.parent.insert_block_after(rest, current)
    current.parent.add_block(leave)
    fl.emit(llvm.CondBrOp(holds, rest, [], leave, []))
    fl.current = leave
    result = fl.state.signatures[fl.source.sym_name.data].output
    if isinstance(result, llvm.LLVMVoidType):
        fl.emit(llvm.ReturnOp(None))
    else:
        fl.emit(llvm.ReturnOp(fl.emit_value(llvm.UndefOp(result))))
    fl.current = rest


def _return(fl: FunctionLowering, op: func.ReturnOp) -> None:
    values = _operands(fl, op)
    fl.emit(llvm.ReturnOp(values[0] if values else None))


def _call_arguments(fl: FunctionLowering, op: func.CallOp) -> list[SSAValue]:
    args: list[SSAValue] = []
    for operand in op.arguments:
        if isinstance(operand.type, MemRefType):
            args.extend(_abi_fields(fl, op, fl.view(operand)))
            continue
        value = fl.get(operand)
        if _width_or_none(value.type) == 1:
            value = fl.emit_value(llvm.ZExtOp(value, i8))
        args.append(value)
    return args


def _width_or_none(type_: Attribute) -> int | None:
    return type_.width.data if isinstance(type_, IntegerType) else None


def _abi_fields(
    fl: FunctionLowering, op: Operation, view: MemrefView
) -> tuple[SSAValue, ...]:
    if view.abi:
        return view.abi
    raise fl.fail(op, "cannot pass a private array to a function")


def _call(fl: FunctionLowering, op: func.CallOp) -> None:
    callee = op.callee.root_reference.data
    signature = fl.state.signatures.get(callee)
    if signature is None:
        raise fl.fail(op, f"calls @{callee}, which is not a func.func of this module")
    result = signature.output
    returns = not isinstance(result, llvm.LLVMVoidType)
    call = llvm.CallOp(
        callee, *_call_arguments(fl, op), return_type=result if returns else None
    )
    fl.emit(call)
    if returns:
        fl.set(op.results[0], call.results[0])


# ---------------------------------------------------------------------------
# simt
# ---------------------------------------------------------------------------

_SPECIAL_REGISTERS: dict[type[Operation], str] = {
    simt.ThreadIdOp: "tid",
    simt.BlockIdOp: "ctaid",
    simt.BlockDimOp: "ntid",
    simt.GridDimOp: "nctaid",
}


def _register(fl: FunctionLowering, register: str, target: Attribute) -> SSAValue:
    """The special register `register` (`tid.x`, `laneid`, ...) as `target`."""
    raw = _intrinsic(fl, f"llvm.nvvm.read.ptx.sreg.{register}", [], i32)
    return _resize_int(fl, raw, target, signed=False)


def _read_register(fl: FunctionLowering, op: Operation, register: str) -> None:
    target = _type(fl, op, op.results[0].type)
    fl.set(op.results[0], _register(fl, register, target))


def _dimensioned_id(fl: FunctionLowering, op: Operation) -> None:
    assert isinstance(
        op, simt.ThreadIdOp | simt.BlockIdOp | simt.BlockDimOp | simt.GridDimOp
    )
    register = f"{_SPECIAL_REGISTERS[type(op)]}.{op.dimension.data}"
    _read_register(fl, op, register)


def _lane_id(fl: FunctionLowering, op: simt.LaneIdOp) -> None:
    _read_register(fl, op, "laneid")


def _warp_size(fl: FunctionLowering, op: simt.WarpSizeOp) -> None:
    _read_register(fl, op, "warpsize")


def _active_mask(fl: FunctionLowering) -> SSAValue:
    return _intrinsic(fl, "llvm.nvvm.activemask", [], i32)


def _vote(fl: FunctionLowering, op: simt.VoteAnyOp | simt.VoteAllOp) -> None:
    kind = "any" if isinstance(op, simt.VoteAnyOp) else "all"
    mask = _active_mask(fl)
    name = f"llvm.nvvm.vote.{kind}.sync"
    fl.set(op.result, _intrinsic(fl, name, [mask, fl.get(op.predicate)], i1))


def _ballot(fl: FunctionLowering, op: simt.BallotOp) -> None:
    mask = _active_mask(fl)
    name = "llvm.nvvm.vote.ballot.sync"
    fl.set(op.result, _intrinsic(fl, name, [mask, fl.get(op.predicate)], i32))


def _barrier(fl: FunctionLowering, op: simt.BarrierOp) -> None:
    fl.call_intrinsic(
        "llvm.nvvm.barrier.cta.sync.aligned.all", [fl.constant(0, i32)], None
    )


def _atomic_add(fl: FunctionLowering, op: simt.AtomicAddOp) -> None:
    view = fl.view(op.memref)
    pointer = address(fl, view, op.indices)
    value = fl.get(op.value)
    is_float = isinstance(value.type, AnyFloat)
    if view.is_shared_by_threads:
        kind = llvm_ext.AtomicBinOp.FADD if is_float else llvm_ext.AtomicBinOp.ADD
        _set_result(fl, op, llvm_ext.AtomicRMWOp(kind, pointer, value))
        return
    # A private array belongs to one thread: a plain read-modify-write is atomic.
    align = abi.element_size(value.type)
    old = fl.emit_value(llvm.LoadOp(pointer, value.type, alignment=align))
    new_class = llvm.FAddOp if is_float else llvm.AddOp
    total = fl.emit_value(new_class(old, value))
    fl.emit(llvm.StoreOp(total, pointer, alignment=align))
    fl.set(op.result, old)


def _registers(fl: FunctionLowering, register: str) -> list[SSAValue]:
    """The x, y and z special registers `register` (`tid`, `ntid`, ...), in i64."""
    return [_register(fl, f"{register}.{dimension}", i64) for dimension in "xyz"]


def _linear(
    fl: FunctionLowering, ids: Sequence[SSAValue], extents: Sequence[SSAValue]
) -> SSAValue:
    """`x + y * nx + z * nx * ny` (x fastest, CUDA's linear order)."""
    plane = fl.emit_value(
        llvm.AddOp(fl.emit_value(llvm.MulOp(ids[2], extents[1])), ids[1])
    )
    return fl.emit_value(
        llvm.AddOp(fl.emit_value(llvm.MulOp(plane, extents[0])), ids[0])
    )


def _raise(fl: FunctionLowering, op: simt.RaiseOp) -> None:
    """The lane's word `(global linear thread id << CODE_BITS) | code`, kept
    by an atomic unsigned minimum on the kernel's global word: the launch
    ends with the lowest raising thread's (`simt.model.exceptions`)."""
    ntid = _registers(fl, "ntid")
    thread = _linear(fl, _registers(fl, "tid"), ntid)
    block = _linear(fl, _registers(fl, "ctaid"), _registers(fl, "nctaid"))
    plane = fl.emit_value(llvm.MulOp(ntid[0], ntid[1]))
    per_block = fl.emit_value(llvm.MulOp(plane, ntid[2]))
    first = fl.emit_value(llvm.MulOp(block, per_block))
    linear = fl.emit_value(llvm.AddOp(first, thread))
    shifted = fl.emit_value(llvm.ShlOp(linear, fl.constant(CODE_BITS)))
    key = fl.emit_value(llvm.OrOp(shifted, fl.constant(op.code.value.data)))
    name = raise_symbol(fl.source.sym_name.data)
    pointer = fl.emit_value(llvm.AddressOfOp(name, llvm.LLVMPointerType(IntAttr(1))))
    fl.emit(llvm_ext.AtomicRMWOp(llvm_ext.AtomicBinOp.UMIN, pointer, key))


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------


def _table() -> dict[type[Operation], Rule]:
    rules: dict[type[Operation], Callable[[FunctionLowering, Any], None]] = {
        arith.ConstantOp: _constant,
        arith.NegfOp: _negf,
        arith.CmpiOp: _cmpi,
        arith.CmpfOp: _cmpf,
        arith.SelectOp: _select,
        arith.FloorDivSIOp: _floordivsi,
        arith.CeilDivSIOp: _ceildivsi,
        arith.CeilDivUIOp: _ceildivui,
        arith.ExtSIOp: _signed_cast,
        arith.IndexCastOp: _signed_cast,
        arith.TruncIOp: _signed_cast,
        arith.ExtUIOp: _unsigned_cast,
        memref.LoadOp: _load,
        memref.StoreOp: _store,
        memref.AllocaOp: _alloca,
        memref.DimOp: _dim,
        memref.GetGlobalOp: _get_global,
        memref.SubviewOp: _subview,
        memref.ExtractStridedMetaDataOp: _extract_strided_metadata,
        memref.ReinterpretCastOp: _reinterpret_cast,
        cf.AssertOp: _assert,
        simt.DynamicSharedOp: _dynamic_shared,
        cf.BranchOp: _branch,
        cf.ConditionalBranchOp: _cond_branch,
        cf.SwitchOp: _switch,
        func.ReturnOp: _return,
        func.CallOp: _call,
        simt.LaneIdOp: _lane_id,
        simt.WarpSizeOp: _warp_size,
        simt.VoteAnyOp: _vote,
        simt.VoteAllOp: _vote,
        simt.BallotOp: _ballot,
        simt.BarrierOp: _barrier,
        simt.AtomicAddOp: _atomic_add,
        simt.RaiseOp: _raise,
    }
    groups: list[tuple[Sequence[type[Operation]], Rule]] = [
        (list(_INT_BINARY) + list(_FLOAT_BINARY), _binary),
        (list(_MIN_MAX_PREDICATES), _int_min_max),
        (list(_FLOAT_MIN_MAX), _float_min_max),
        (list(_CASTS), _cast),
        (list(_MATH_INTRINSICS), _math_intrinsic),
        (list(_MATH_INT_FLAG_INTRINSICS), _math_int_flag),
        (list(_LIBDEVICE), _math_libdevice),
        (list(_SPECIAL_REGISTERS), _dimensioned_id),
    ]
    for classes, rule in groups:
        for op_class in classes:
            rules[op_class] = rule
    # Imported here: intrinsic_rules uses this module's helpers.
    from simt.lowering.intrinsic_rules import INTRINSIC_RULES

    rules.update(INTRINSIC_RULES)
    return rules


RULES: dict[type[Operation], Rule] = _table()
"""The lowering rule of every op kind `simt-lower-to-llvm` accepts."""
