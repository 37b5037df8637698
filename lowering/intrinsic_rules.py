"""Lowering rules of the math library, atomics and warp primitives.

`rules.py` merges `INTRINSIC_RULES` into `RULES`. The translations follow
numba-cuda (`numba/cuda/mathimpl.py`, `cudaimpl.py`, `nvvmutils.py`,
`cudadrv/nvvm.py`):

* `simt.libm`, `math.acosh`, `math.fpowi`: calls to libdevice's `__nv_*`
  functions (`__nv_hypotf`, `__nv_powi`; `frexp`/`modf` through a stack
  slot for their second result), linked from the `nvidia-cuda-nvcc` wheel's
  `libdevice.10.bc` when PTX is emitted (`ptx.py`);
* `simt.atomic`: `atomicrmw` (`uinc_wrap`/`udec_wrap` for inc/dec, which
  NVPTX selects as `atom.inc`/`atom.dec`); float max/min/nanmax/nanmin are
  numba's compare-and-swap loops with its NaN rules; `simt.atomic_cas`:
  `cmpxchg`;
* warp primitives: the NVVM intrinsics of LLVM's IntrinsicsNVVM.td
  (`llvm.nvvm.shfl.sync.*`, `vote.*.sync`, `match.*.sync`,
  `bar.warp.sync`, `barrier0.popc/and/or`, `membar.*`, `activemask`,
  `read.ptx.sreg.lanemask.lt`); 64-bit shuffles move two 32-bit halves, as
  numba-cuda does.
* `simt.grid_barrier`: a software grid barrier on a global counter
  (`grid_sync.py`, where the choice is explained).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from xdsl.dialects import llvm, math
from xdsl.dialects.builtin import (
    AnyFloat,
    DenseArrayBase,
    Float32Type,
    IntegerType,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from simt.dialects.intrinsics import (
    LIBM_FUNCTIONS,
    ActiveMaskOp,
    AtomicCASOp,
    AtomicKind,
    AtomicOp,
    BarrierReduceOp,
    BitReverseOp,
    FenceOp,
    FenceScope,
    GridBarrierOp,
    LaneMaskLtOp,
    LibmOp,
    MatchAllOp,
    MatchAnyOp,
    ShuffleMode,
    ShuffleOp,
    SyncWarpOp,
    VoteMode,
    VoteSyncOp,
)
from simt.lowering import abi, llvm_ext
from simt.lowering.grid_sync import lower_grid_barrier
from simt.lowering.rules import address, libdevice_name
from simt.lowering.to_llvm import FunctionLowering, Rule

# ---------------------------------------------------------------------------
# Math
# ---------------------------------------------------------------------------


def _call_libdevice(
    fl: FunctionLowering, name: str, args: list[SSAValue], result: Attribute
) -> SSAValue:
    fl.state.declare(name, llvm.LLVMFunctionType([a.type for a in args], result))
    return fl.emit_value(llvm.CallOp(name, *args, return_type=result))


def _float_type(fl: FunctionLowering, op: Operation, type_: Attribute) -> AnyFloat:
    if not isinstance(type_, AnyFloat) or type_.bitwidth not in (32, 64):
        raise fl.fail(op, f"expected f32 or f64, found {type_}")
    return type_


def _libm(fl: FunctionLowering, op: LibmOp) -> None:
    args = [fl.get(a) for a in op.args]
    type_ = _float_type(fl, op, args[0].type)
    name = libdevice_name(op.function, type_)
    signature = LIBM_FUNCTIONS[op.function]
    if len(signature.results) == 1:
        fl.set(op.res[0], _call_libdevice(fl, name, args, type_))
        return
    second = type_ if signature.results[1] == "f" else i32
    slot = fl.hoisted_alloca(1, second)
    first = _call_libdevice(fl, name, [*args, slot], type_)
    align = abi.element_size(second)
    fl.set(op.res[0], first)
    fl.set(op.res[1], fl.emit_value(llvm.LoadOp(slot, second, alignment=align)))


def _acosh(fl: FunctionLowering, op: math.AcoshOp) -> None:
    arg = fl.get(op.operand)
    type_ = _float_type(fl, op, arg.type)
    fl.set(op.result, _call_libdevice(fl, libdevice_name("acosh", type_), [arg], type_))


def _fpowi(fl: FunctionLowering, op: math.FPowIOp) -> None:
    base, exponent = fl.get(op.lhs), fl.get(op.rhs)
    type_ = _float_type(fl, op, base.type)
    if exponent.type != i32:
        raise fl.fail(op, f"expected an i32 exponent, found {exponent.type}")
    name = libdevice_name("powi", type_)
    fl.set(op.result, _call_libdevice(fl, name, [base, exponent], type_))


def _brev(fl: FunctionLowering, op: BitReverseOp) -> None:
    value = fl.get(op.value)
    width = value.type.width.data if isinstance(value.type, IntegerType) else 0
    result = fl.call_intrinsic(f"llvm.bitreverse.i{width}", [value], value.type)
    assert result is not None
    fl.set(op.result, result)


# ---------------------------------------------------------------------------
# Atomics
# ---------------------------------------------------------------------------

_B = llvm_ext.AtomicBinOp

_INT_RMW: dict[AtomicKind, llvm_ext.AtomicBinOp] = {
    AtomicKind.ADD: _B.ADD,
    AtomicKind.SUB: _B.SUB,
    AtomicKind.AND: _B.AND,
    AtomicKind.OR: _B.OR,
    AtomicKind.XOR: _B.XOR,
    AtomicKind.EXCH: _B.XCHG,
    AtomicKind.MAX: _B.MAX,
    AtomicKind.MIN: _B.MIN,
    AtomicKind.UMAX: _B.UMAX,
    AtomicKind.UMIN: _B.UMIN,
    AtomicKind.INC: _B.UINC_WRAP,
    AtomicKind.DEC: _B.UDEC_WRAP,
}
_FLOAT_RMW: dict[AtomicKind, llvm_ext.AtomicBinOp] = {
    AtomicKind.ADD: _B.FADD,
    AtomicKind.SUB: _B.FSUB,
}
_FLOAT_CAS_LOOPS: dict[AtomicKind, tuple[str, bool]] = {
    AtomicKind.MAX: ("olt", False),
    AtomicKind.MIN: ("ogt", False),
    AtomicKind.NANMAX: ("ult", True),
    AtomicKind.NANMIN: ("ugt", True),
}
"""numba's `___numba_atomic_*_{nan}{max,min}` (cudadrv/nvvm.py): the
predicate that keeps trying to swap `val` in, and whether only a NaN `val`
returns early (nan variants) or a NaN element too."""


def _atomic(fl: FunctionLowering, op: AtomicOp) -> None:
    pointer = address(fl, fl.view(op.memref), op.indices)
    value = fl.get(op.value)
    kind = op.kind.data
    if isinstance(value.type, AnyFloat) and kind in _FLOAT_CAS_LOOPS:
        fl.set(op.result, _float_min_max_loop(fl, pointer, value, kind))
        return
    table = _FLOAT_RMW if isinstance(value.type, AnyFloat) else _INT_RMW
    bin_op = table.get(kind)
    if bin_op is None:
        raise fl.fail(op, f"cannot lower atomic '{kind}' on {value.type}")
    fl.set(op.result, fl.emit_value(llvm_ext.AtomicRMWOp(bin_op, pointer, value)))


def _extract(index: int, pair: SSAValue, type_: Attribute) -> llvm.ExtractValueOp:
    position = DenseArrayBase.from_list(i64, [index])
    return llvm.ExtractValueOp(position, pair, type_)


def _new_block(fl: FunctionLowering, after: Block, *arg_types: Attribute) -> Block:
    block = Block(arg_types=arg_types)
    region = after.parent
    assert region is not None
    region.insert_block_after(block, after)
    return block


def _float_min_max_loop(
    fl: FunctionLowering, pointer: SSAValue, value: SSAValue, kind: AtomicKind
) -> SSAValue:
    """numba's CAS loop: returns the element's value first loaded."""
    predicate, nan_only_value = _FLOAT_CAS_LOOPS[kind]
    type_ = value.type
    assert isinstance(type_, AnyFloat)
    int_type = IntegerType(type_.bitwidth)
    start = fl.current
    assert start is not None
    done = _new_block(fl, start)
    attempt = _new_block(fl, start)
    check = _new_block(fl, start, type_)
    first = fl.emit_value(llvm.LoadOp(pointer, type_, alignment=type_.bitwidth // 8))
    other = value if nan_only_value else first
    early = fl.emit_value(llvm.FCmpOp(value, other, "uno"))
    fl.emit(llvm.CondBrOp(early, done, [], check, [first]))
    fl.current = check
    current = check.args[0]
    swap = fl.emit_value(llvm.FCmpOp(current, value, predicate))
    fl.emit(llvm.CondBrOp(swap, attempt, [], done, []))
    fl.current = attempt
    expected = fl.emit_value(llvm.BitcastOp(current, int_type))
    desired = fl.emit_value(llvm.BitcastOp(value, int_type))
    pair = fl.emit_value(llvm_ext.CmpXchgOp(pointer, expected, desired))
    seen = fl.emit_value(_extract(0, pair, int_type))
    fl.emit(llvm.BrOp(check, fl.emit_value(llvm.BitcastOp(seen, type_))))
    fl.current = done
    return first


def _atomic_cas(fl: FunctionLowering, op: AtomicCASOp) -> None:
    pointer = address(fl, fl.view(op.memref), op.indices)
    compare, value = fl.get(op.compare), fl.get(op.value)
    pair = fl.emit_value(llvm_ext.CmpXchgOp(pointer, compare, value))
    fl.set(op.result, fl.emit_value(_extract(0, pair, value.type)))


# ---------------------------------------------------------------------------
# Warp and block primitives
# ---------------------------------------------------------------------------


def _call(
    fl: FunctionLowering, name: str, args: list[SSAValue], result: Attribute
) -> SSAValue:
    value = fl.call_intrinsic(name, args, result)
    assert value is not None
    return value


_SHUFFLE_NAMES = {
    ShuffleMode.IDX: ("idx", 0x1F),
    ShuffleMode.UP: ("up", 0),
    ShuffleMode.DOWN: ("down", 0x1F),
    ShuffleMode.XOR: ("bfly", 0x1F),
}
"""Intrinsic name and the `c` operand (clamp value, segment mask 0 for a
whole warp), as CUDA's `__shfl_*_sync` with width 32 passes them."""


def _shuffle_i32(
    fl: FunctionLowering, mode: ShuffleMode, args: tuple[SSAValue, SSAValue, SSAValue]
) -> SSAValue:
    kind, clamp = _SHUFFLE_NAMES[mode]
    mask, value, offset = args
    suffix = "f32" if isinstance(value.type, Float32Type) else "i32"
    name = f"llvm.nvvm.shfl.sync.{kind}.{suffix}"
    return _call(fl, name, [mask, value, offset, fl.constant(clamp, i32)], value.type)


def _shuffle(fl: FunctionLowering, op: ShuffleOp) -> None:
    mask, value, offset = fl.get(op.mask), fl.get(op.value), fl.get(op.offset)
    mode = op.mode.data
    type_ = value.type
    bits = (
        type_.bitwidth if isinstance(type_, AnyFloat) else abi.element_size(type_) * 8
    )
    if bits == 32:
        fl.set(op.result, _shuffle_i32(fl, mode, (mask, value, offset)))
        return
    wide = fl.emit_value(llvm.BitcastOp(value, i64)) if type_ != i64 else value
    low = fl.emit_value(llvm.TruncOp(wide, i32))
    shifted = fl.emit_value(llvm.LShrOp(wide, fl.constant(32, i64)))
    high = fl.emit_value(llvm.TruncOp(shifted, i32))
    parts = [
        fl.emit_value(llvm.ZExtOp(_shuffle_i32(fl, mode, (mask, half, offset)), i64))
        for half in (low, high)
    ]
    upper = fl.emit_value(llvm.ShlOp(parts[1], fl.constant(32, i64)))
    joined = fl.emit_value(llvm.OrOp(parts[0], upper))
    result = joined if type_ == i64 else fl.emit_value(llvm.BitcastOp(joined, type_))
    fl.set(op.result, result)


_VOTE_NAMES = {
    VoteMode.ANY: "any",
    VoteMode.ALL: "all",
    VoteMode.EQ: "uni",
    VoteMode.BALLOT: "ballot",
}


def _vote_sync(fl: FunctionLowering, op: VoteSyncOp) -> None:
    kind = _VOTE_NAMES[op.mode.data]
    result = i32 if kind == "ballot" else i1
    args = [fl.get(op.mask), fl.get(op.predicate)]
    fl.set(op.result, _call(fl, f"llvm.nvvm.vote.{kind}.sync", args, result))


def _match_operand(fl: FunctionLowering, value: SSAValue) -> tuple[SSAValue, str]:
    type_ = value.type
    if isinstance(type_, AnyFloat):
        int_type = IntegerType(type_.bitwidth)
        value = fl.emit_value(llvm.BitcastOp(value, int_type))
        type_ = int_type
    assert isinstance(type_, IntegerType)
    return value, f"i{type_.width.data}"


def _match_any(fl: FunctionLowering, op: MatchAnyOp) -> None:
    value, suffix = _match_operand(fl, fl.get(op.value))
    name = f"llvm.nvvm.match.any.sync.{suffix}"
    fl.set(op.result, _call(fl, name, [fl.get(op.mask), value], i32))


def _match_all(fl: FunctionLowering, op: MatchAllOp) -> None:
    value, suffix = _match_operand(fl, fl.get(op.value))
    pair_type = llvm.LLVMStructType.from_type_list([i32, i1])
    name = f"llvm.nvvm.match.all.sync.{suffix}p"
    pair = _call(fl, name, [fl.get(op.mask), value], pair_type)
    fl.set(op.result, fl.emit_value(_extract(0, pair, i32)))
    fl.set(op.same, fl.emit_value(_extract(1, pair, i1)))


def _activemask(fl: FunctionLowering, op: ActiveMaskOp) -> None:
    fl.set(op.result, _call(fl, "llvm.nvvm.activemask", [], i32))


def _lanemask_lt(fl: FunctionLowering, op: LaneMaskLtOp) -> None:
    fl.set(op.result, _call(fl, "llvm.nvvm.read.ptx.sreg.lanemask.lt", [], i32))


def _syncwarp(fl: FunctionLowering, op: SyncWarpOp) -> None:
    fl.call_intrinsic("llvm.nvvm.bar.warp.sync", [fl.get(op.mask)], None)


def _barrier_reduce(fl: FunctionLowering, op: BarrierReduceOp) -> None:
    predicate = fl.emit_value(llvm.ZExtOp(fl.get(op.predicate), i32))
    name = f"llvm.nvvm.barrier0.{'popc' if op.reduction.data == 'count' else op.reduction.data}"
    fl.set(op.result, _call(fl, name, [predicate], i32))


_FENCES = {FenceScope.BLOCK: "cta", FenceScope.DEVICE: "gl", FenceScope.SYSTEM: "sys"}


def _fence(fl: FunctionLowering, op: FenceOp) -> None:
    fl.call_intrinsic(f"llvm.nvvm.membar.{_FENCES[op.scope.data]}", [], None)


_RULES: dict[type[Operation], Callable[[FunctionLowering, Any], None]] = {
    LibmOp: _libm,
    math.AcoshOp: _acosh,
    math.FPowIOp: _fpowi,
    BitReverseOp: _brev,
    AtomicOp: _atomic,
    AtomicCASOp: _atomic_cas,
    ShuffleOp: _shuffle,
    VoteSyncOp: _vote_sync,
    MatchAnyOp: _match_any,
    MatchAllOp: _match_all,
    ActiveMaskOp: _activemask,
    LaneMaskLtOp: _lanemask_lt,
    SyncWarpOp: _syncwarp,
    BarrierReduceOp: _barrier_reduce,
    GridBarrierOp: lower_grid_barrier,
    FenceOp: _fence,
}

INTRINSIC_RULES: dict[type[Operation], Rule] = dict(_RULES)
"""The lowering rules of this module's ops, by op class."""
