"""The `simt` ops for numba-cuda's math library, atomics and warp primitives.

They belong to the `simt` dialect (`simt.dialects.simt.SIMT` lists them);
this module keeps them apart from the core ops. Three families:

* **Math functions the upstream `math` dialect lacks** (`simt.libm`): erfc,
  gamma, lgamma, hypot, fmod, remainder, nextafter, ldexp, frexp, modf and
  a few libdevice functions numba exposes (exp10, sinpi, cospi, rcbrt,
  fdim), one op named by its C function. Functions upstream has (sin, exp,
  pow, erf, ...) stay `math` ops.
* **Atomics** (`simt.atomic`, `simt.atomic_cas`): every read-modify-write
  `cuda.atomic` offers, returning the old value.
* **Warp and block primitives**: shuffles (`simt.shfl`), votes with a member
  mask (`simt.vote_sync`), `simt.match_any` / `simt.match_all`,
  `simt.activemask`, `simt.lanemask_lt`, `simt.syncwarp`,
  `simt.barrier_reduce` (`syncthreads_count/and/or`), `simt.grid_barrier`
  (`cuda.cg.this_grid().sync()`), `simt.fence`
  (`threadfence*`) and `simt.brev`.

The member mask of a `_sync` op names the lanes that take part (bit i is
lane i). As in CUDA, every active lane of an execution must be named in the
mask its lanes pass; the simulator faults otherwise. A collective's result
is uniform across the lanes of one mask (`Divergence.MASK`): uniform in the
warp when the mask is, divergent when lanes pass different masks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import auto
from typing import ClassVar

from xdsl.dialects.builtin import (
    I1,
    I32,
    AnyFloat,
    Float32Type,
    Float64Type,
    IndexType,
    IntegerType,
    MemRefType,
    StringAttr,
    i1,
    i32,
)
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, Operation, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.traits import MemoryReadEffect, OpTrait, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from simt.model.facts import (
    Convergent,
    CostClass,
    Divergence,
    DivergenceTrait,
    OpKind,
    ReadsWritesMemrefOperands,
    Synchronizes,
)

# ---------------------------------------------------------------------------
# Math functions
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LibmSignature:
    """Operand and result kinds of a `simt.libm` function: `f` is the float
    type of the call (f32 or f64), `i` is i32."""

    operands: str
    results: str


LIBM_FUNCTIONS: dict[str, LibmSignature] = {
    **{
        name: LibmSignature("f", "f")
        for name in ("erfc", "tgamma", "lgamma", "exp10", "sinpi", "cospi", "rcbrt")
    },
    **{
        name: LibmSignature("ff", "f")
        for name in ("hypot", "fmod", "remainder", "nextafter", "fdim")
    },
    "ldexp": LibmSignature("fi", "f"),
    "frexp": LibmSignature("f", "fi"),
    "modf": LibmSignature("f", "ff"),
}
"""The C math functions `simt.libm` computes, by name (libdevice's `__nv_`
name without the `f` suffix of the float version)."""


def _kind_type(kind: str, float_type: Attribute) -> Attribute:
    return float_type if kind == "f" else i32


@irdl_op_definition
class LibmOp(IRDLOperation):
    """Calls the C math function `fn` in each active lane.

    Each active lane computes `fn` of its operands with C99 semantics (as
    CUDA's libdevice does): no exceptions, NaN for a domain error (`fmod(x,
    0)`, `tgamma(-1)`), infinities at poles (`lgamma(0)`), signed zeros kept.
    Inactive lanes compute nothing. `fn` must be one of `LIBM_FUNCTIONS`;
    the float operands and results all have one type, f32 or f64, and the
    integer ones are i32 (`ldexp`'s exponent, `frexp`'s second result).
    `frexp` returns (mantissa, exponent), `modf` (fractional, integral)
    part, as Python's `math` does.

    Example: `%h = simt.libm "hypot"(%x, %y) : (f32, f32) -> f32`
    """

    name = "simt.libm"

    fn = prop_def(StringAttr)
    args = var_operand_def()
    res = var_result_def()

    assembly_format = "$fn `(` $args `)` attr-dict `:` functional-type($args, $res)"

    traits = traits_def(
        Pure(), DivergenceTrait(Divergence.OPERANDS), CostClass(OpKind.TRANSCENDENTAL)
    )

    def __init__(self, fn: str, args: Sequence[SSAValue | Operation]):
        values = [SSAValue.get(a) for a in args]
        signature = LIBM_FUNCTIONS[fn]
        float_type = values[0].type
        super().__init__(
            operands=[values],
            result_types=[[_kind_type(k, float_type) for k in signature.results]],
            properties={"fn": StringAttr(fn)},
        )

    @property
    def function(self) -> str:
        return self.fn.data

    def verify_(self) -> None:
        signature = LIBM_FUNCTIONS.get(self.function)
        if signature is None:
            known = ", ".join(sorted(LIBM_FUNCTIONS))
            raise VerifyException(
                f"expected a function among {known}, found '{self.function}'"
            )
        float_type = self.args[0].type if self.args else None
        if not isinstance(float_type, Float32Type | Float64Type):
            raise VerifyException(
                f"expected an f32 or f64 first operand, found {float_type}"
            )
        _check_kinds("operand", signature.operands, self.args, float_type)
        _check_kinds("result", signature.results, self.res, float_type)


def _check_kinds(
    what: str, kinds: str, values: Sequence[SSAValue], float_type: Attribute
) -> None:
    wanted = [str(_kind_type(k, float_type)) for k in kinds]
    found = [str(v.type) for v in values]
    if wanted != found:
        raise VerifyException(
            f"expected {what} types ({', '.join(wanted)}), found ({', '.join(found)})"
        )


# ---------------------------------------------------------------------------
# Atomics
# ---------------------------------------------------------------------------


class AtomicKind(StrEnum):
    """The read-modify-write of a `simt.atomic` (`old` the element's value)."""

    ADD = auto()
    """`old + v` (integers wrap)."""
    SUB = auto()
    """`old - v`."""
    AND = auto()
    OR = auto()
    XOR = auto()
    EXCH = auto()
    """`v`."""
    MAX = auto()
    """Signed integer max; for floats numba's `atomic.max`: the element stays
    if it or `v` is NaN."""
    MIN = auto()
    UMAX = auto()
    """Unsigned integer max."""
    UMIN = auto()
    NANMAX = auto()
    """Floats only: `v` unless `v` is NaN, if the element is NaN or less."""
    NANMIN = auto()
    INC = auto()
    """Unsigned: `old >= v ? 0 : old + 1`."""
    DEC = auto()
    """Unsigned: `old == 0 or old > v ? v : old - 1`."""


_INTEGER_ONLY = frozenset(
    {
        AtomicKind.AND,
        AtomicKind.OR,
        AtomicKind.XOR,
        AtomicKind.EXCH,
        AtomicKind.UMAX,
        AtomicKind.UMIN,
        AtomicKind.INC,
        AtomicKind.DEC,
    }
)
_FLOAT_ONLY = frozenset({AtomicKind.NANMAX, AtomicKind.NANMIN})


@irdl_attr_definition
class AtomicKindAttr(EnumAttribute[AtomicKind], SpacedOpaqueSyntaxAttribute):
    """The operation of a `simt.atomic`."""

    name = "simt.atomic_kind"


def _verify_element_access(
    memref: SSAValue, indices: Sequence[SSAValue], values: Sequence[SSAValue]
) -> Attribute:
    memref_type = memref.type
    assert isinstance(memref_type, MemRefType)
    element = memref_type.element_type
    if not isinstance(element, IntegerType | AnyFloat):
        raise VerifyException(
            f"expected an integer or float element type, found {element}"
        )
    for value in values:
        if value.type != element:
            raise VerifyException(
                f"expected operands of type {element} (the memref element type), "
                f"found {value.type}"
            )
    rank = memref_type.get_num_dims()
    if len(indices) != rank:
        raise VerifyException(
            f"expected {rank} indices for a rank-{rank} memref, found {len(indices)}"
        )
    return element


_ATOMIC_TRAITS = (
    ReadsWritesMemrefOperands(),
    DivergenceTrait(Divergence.SOURCE),
    CostClass(OpKind.ATOMIC),
)


@irdl_op_definition
class AtomicOp(IRDLOperation):
    """Atomically replaces `memref[indices]` by `kind(old, value)`; returns `old`.

    Each active lane performs its own indivisible read-modify-write; the
    lanes of one execution are serialized (in lane order in the simulator),
    so the returned old values differ between lanes: the result is
    divergent. Inactive lanes do nothing. `value` has the memref's element
    type; bitwise, `exch`, unsigned and `inc`/`dec` kinds need integers,
    `nanmax`/`nanmin` floats. One `index` per memref dimension.

    Example: `%old = simt.atomic max %v, %a[%i, %j] : memref<4x?xf32>, f32`
    """

    name = "simt.atomic"

    T: ClassVar = VarConstraint("T", AnyAttr())

    kind = prop_def(AtomicKindAttr)
    value = operand_def(T)
    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    result = result_def(T)

    assembly_format = (
        "$kind $value `,` $memref `[` $indices `]` attr-dict `:` type($memref) "
        "`,` type($value)"
    )

    traits = traits_def(*_ATOMIC_TRAITS)

    def __init__(
        self,
        kind: AtomicKind,
        value: SSAValue | Operation,
        memref: SSAValue | Operation,
        indices: Sequence[SSAValue | Operation],
    ):
        value = SSAValue.get(value)
        super().__init__(
            operands=[value, memref, indices],
            result_types=[value.type],
            properties={"kind": AtomicKindAttr(kind)},
        )

    def verify_(self) -> None:
        element = _verify_element_access(self.memref, self.indices, [self.value])
        kind = self.kind.data
        is_float = isinstance(element, AnyFloat)
        if is_float and kind in _INTEGER_ONLY:
            raise VerifyException(
                f"expected an integer element for '{kind}', found {element}"
            )
        if not is_float and kind in _FLOAT_ONLY:
            raise VerifyException(
                f"expected a float element for '{kind}', found {element}"
            )


@irdl_op_definition
class AtomicCASOp(IRDLOperation):
    """Atomically stores `value` into `memref[indices]` if the element equals
    `compare`; returns the old element in any case.

    Lanes are serialized as for `simt.atomic` (the result is divergent);
    inactive lanes do nothing. Integer elements only, as in numba-cuda.

    Example: `%old = simt.atomic_cas %cmp, %v, %a[%i] : memref<?xi32>, i32`
    """

    name = "simt.atomic_cas"

    T: ClassVar = VarConstraint("T", AnyAttr())

    compare = operand_def(T)
    value = operand_def(T)
    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    result = result_def(T)

    assembly_format = (
        "$compare `,` $value `,` $memref `[` $indices `]` attr-dict `:` "
        "type($memref) `,` type($value)"
    )

    traits = traits_def(*_ATOMIC_TRAITS)

    def __init__(
        self,
        compare: SSAValue | Operation,
        value: SSAValue | Operation,
        memref: SSAValue | Operation,
        indices: Sequence[SSAValue | Operation],
    ):
        value = SSAValue.get(value)
        super().__init__(
            operands=[compare, value, memref, indices], result_types=[value.type]
        )

    def verify_(self) -> None:
        element = _verify_element_access(
            self.memref, self.indices, [self.compare, self.value]
        )
        if not isinstance(element, IntegerType):
            raise VerifyException(f"expected an integer element, found {element}")


# ---------------------------------------------------------------------------
# Warp primitives
# ---------------------------------------------------------------------------


def _barrier() -> tuple[OpTrait, ...]:
    """A barrier of the warp, the block or the grid: it synchronizes, its
    results are uniform among the threads that take part, and it is
    convergent (it must not move across divergent control flow)."""
    return (
        Synchronizes(),
        DivergenceTrait(Divergence.UNIFORM),
        Convergent(),
        CostClass(OpKind.BARRIER),
    )


def _warp_collective(divergence: Divergence) -> tuple[OpTrait, ...]:
    # A read effect, not `NoMemoryEffect`: a collective's result depends on
    # the lanes active where it runs, so `cse` must not merge two of them
    # across control flow (xDSL's cse merges effect-free ops anywhere they are
    # dominated, read-only ones only within one block with no write between).
    return (
        MemoryReadEffect(),
        DivergenceTrait(divergence),
        Convergent(),
        CostClass(OpKind.VOTE),
    )


class ShuffleMode(StrEnum):
    """Which lane a `simt.shfl` reads (CUDA's `__shfl_*_sync`, width 32)."""

    IDX = auto()
    """Lane `offset mod 32`."""
    UP = auto()
    """Lane `lane - offset`, or the own value if that is below 0."""
    DOWN = auto()
    """Lane `lane + offset`, or the own value if that is above 31."""
    XOR = auto()
    """Lane `lane ^ offset`, or the own value if that is above 31."""


@irdl_attr_definition
class ShuffleModeAttr(EnumAttribute[ShuffleMode], SpacedOpaqueSyntaxAttribute):
    name = "simt.shuffle_mode"


ShuffleValue = IntegerType | Float32Type | Float64Type


@irdl_op_definition
class ShuffleOp(IRDLOperation):
    """Each active lane reads `value` of another lane of its warp.

    The source lane is chosen by `mode` and `offset` (see `ShuffleMode`;
    the warp is one segment of 32 lanes). The source lane must take part
    (be named in `mask` and active); reading a lane that does not take part
    gives an undefined value, which the simulator reports as a fault. Every
    active lane must be named in `mask`. Inactive lanes do nothing. The
    result is divergent. Values of i32, i64, f32 or f64.

    Example: `%y = simt.shfl down %mask, %x, %c1 : f32`
    """

    name = "simt.shfl"

    T: ClassVar = VarConstraint("T", AnyAttr())

    mode = prop_def(ShuffleModeAttr)
    mask = operand_def(I32)
    value = operand_def(T)
    offset = operand_def(I32)
    result = result_def(T)

    assembly_format = "$mode $mask `,` $value `,` $offset attr-dict `:` type($value)"

    traits = traits_def(*_warp_collective(Divergence.SOURCE))

    def __init__(
        self,
        mode: ShuffleMode,
        mask: SSAValue | Operation,
        value: SSAValue | Operation,
        offset: SSAValue | Operation,
    ):
        value = SSAValue.get(value)
        super().__init__(
            operands=[mask, value, offset],
            result_types=[value.type],
            properties={"mode": ShuffleModeAttr(mode)},
        )

    def verify_(self) -> None:
        type_ = self.value.type
        width = (
            type_.width.data
            if isinstance(type_, IntegerType)
            else type_.bitwidth
            if isinstance(type_, AnyFloat)
            else None
        )
        if width not in (32, 64):
            raise VerifyException(
                f"expected an i32, i64, f32 or f64 value, found {type_}"
            )


class VoteMode(StrEnum):
    """What a `simt.vote_sync` computes over the lanes of its mask."""

    ANY = auto()
    ALL = auto()
    EQ = auto()
    """True iff the predicate is the same in every lane of the mask."""
    BALLOT = auto()
    """The i32 mask of the lanes whose predicate holds."""


@irdl_attr_definition
class VoteModeAttr(EnumAttribute[VoteMode], SpacedOpaqueSyntaxAttribute):
    name = "simt.vote_mode"


@irdl_op_definition
class VoteSyncOp(IRDLOperation):
    """A vote over the lanes named in `mask` (`__any/all/uni/ballot_sync`).

    The lanes named in `mask` must all be active; each active lane must be
    named in its own mask. Every lane of the mask receives the vote of the
    predicates of the mask's lanes: i1 for any/all/eq, i32 for ballot (bit
    i set iff lane i's predicate holds). Inactive lanes do nothing. The
    result is uniform across the lanes of one mask.

    Example: `%b = simt.vote_sync ballot %mask, %p : i32`
    """

    name = "simt.vote_sync"

    mode = prop_def(VoteModeAttr)
    mask = operand_def(I32)
    predicate = operand_def(I1)
    result = result_def(I1 | I32)

    assembly_format = "$mode $mask `,` $predicate attr-dict `:` type($result)"

    traits = traits_def(*_warp_collective(Divergence.MASK))

    def __init__(
        self,
        mode: VoteMode,
        mask: SSAValue | Operation,
        predicate: SSAValue | Operation,
    ):
        result = i32 if mode is VoteMode.BALLOT else i1
        super().__init__(
            operands=[mask, predicate],
            result_types=[result],
            properties={"mode": VoteModeAttr(mode)},
        )

    def verify_(self) -> None:
        wanted = i32 if self.mode.data is VoteMode.BALLOT else i1
        if self.result.type != wanted:
            raise VerifyException(
                f"expected a result of type {wanted} for '{self.mode.data}', "
                f"found {self.result.type}"
            )


@irdl_op_definition
class MatchAnyOp(IRDLOperation):
    """Each lane of `mask` receives the mask of the lanes of `mask` whose
    `value` equals its own (`__match_any_sync`).

    Participation as for `simt.vote_sync`; the result is divergent (lanes
    with different values receive different masks).

    Example: `%m = simt.match_any %mask, %v : i32`
    """

    name = "simt.match_any"

    mask = operand_def(I32)
    value = operand_def(IntegerType | Float32Type | Float64Type)
    result = result_def(I32)

    assembly_format = "$mask `,` $value attr-dict `:` type($value)"

    traits = traits_def(*_warp_collective(Divergence.SOURCE))

    def __init__(self, mask: SSAValue | Operation, value: SSAValue | Operation):
        super().__init__(operands=[mask, value], result_types=[i32])


@irdl_op_definition
class MatchAllOp(IRDLOperation):
    """`(mask, true)` in every lane of `mask` if all of them hold the same
    `value`, else `(0, false)` (`__match_all_sync`).

    Participation as for `simt.vote_sync`; uniform across the mask.

    Example: `%m, %same = simt.match_all %mask, %v : i64`
    """

    name = "simt.match_all"

    mask = operand_def(I32)
    value = operand_def(IntegerType | Float32Type | Float64Type)
    result = result_def(I32)
    same = result_def(I1)

    assembly_format = "$mask `,` $value attr-dict `:` type($value)"

    traits = traits_def(*_warp_collective(Divergence.MASK))

    def __init__(self, mask: SSAValue | Operation, value: SSAValue | Operation):
        super().__init__(operands=[mask, value], result_types=[i32, i1])


@irdl_op_definition
class ActiveMaskOp(IRDLOperation):
    """The mask of the lanes of the warp that execute this op together
    (`__activemask()`); the same in every active lane.

    Example: `%m = simt.activemask : i32`
    """

    name = "simt.activemask"

    result = result_def(I32)

    assembly_format = "attr-dict `:` type($result)"

    traits = traits_def(*_warp_collective(Divergence.UNIFORM))

    def __init__(self):
        super().__init__(result_types=[i32])


@irdl_op_definition
class LaneMaskLtOp(IRDLOperation):
    """The mask of the lanes below the own lane, `(1 << laneid) - 1`
    (`%lanemask_lt`); divergent.

    Example: `%m = simt.lanemask_lt : i32`
    """

    name = "simt.lanemask_lt"

    result = result_def(I32)

    assembly_format = "attr-dict `:` type($result)"

    traits = traits_def(
        Pure(), DivergenceTrait(Divergence.SOURCE), CostClass(OpKind.SPECIAL_REG)
    )

    def __init__(self):
        super().__init__(result_types=[i32])


@irdl_op_definition
class SyncWarpOp(IRDLOperation):
    """Waits until every lane named in `mask` reaches a `simt.syncwarp`, and
    orders their memory accesses (`__syncwarp(mask)`).

    Every active lane must be named in the mask, and every lane of the mask
    must arrive (in the simulator: be active at this op). Convergent.

    Example: `simt.syncwarp %mask`
    """

    name = "simt.syncwarp"

    mask = operand_def(I32)

    assembly_format = "$mask attr-dict"

    traits = traits_def(*_barrier())

    def __init__(self, mask: SSAValue | Operation):
        super().__init__(operands=[mask])


class BarrierReduction(StrEnum):
    """What `simt.barrier_reduce` returns over the block's predicates."""

    COUNT = auto()
    AND = auto()
    OR = auto()


@irdl_attr_definition
class BarrierReductionAttr(
    EnumAttribute[BarrierReduction], SpacedOpaqueSyntaxAttribute
):
    name = "simt.barrier_reduction"


@irdl_op_definition
class BarrierReduceOp(IRDLOperation):
    """A block-wide barrier that also reduces a predicate over the block
    (`__syncthreads_count/and/or`): every thread receives the number of
    threads whose predicate holds, or 1/0 for all/any of them.

    Same rules as `simt.barrier` (every live thread of the block reaches
    it); the result is an i32, uniform in the block.

    Example: `%n = simt.barrier_reduce count %p`
    """

    name = "simt.barrier_reduce"

    reduction = prop_def(BarrierReductionAttr)
    predicate = operand_def(I1)
    result = result_def(I32)

    assembly_format = "$reduction $predicate attr-dict"

    traits = traits_def(*_barrier())

    def __init__(self, reduction: BarrierReduction, predicate: SSAValue | Operation):
        super().__init__(
            operands=[predicate],
            result_types=[i32],
            properties={"reduction": BarrierReductionAttr(reduction)},
        )


@irdl_op_definition
class GridBarrierOp(IRDLOperation):
    """Grid-wide barrier (numba-cuda's `cuda.cg.this_grid().sync()`, CUDA's
    `grid.sync()`): no thread of the launch passes it before every live thread
    of every block has reached it, and the global-memory writes of all of them
    before it are visible to all of them after it.

    Every live thread of the grid must reach the same grid barrier; one under
    divergent control flow is undefined behaviour on the GPU (the simulator
    faults), so, like `simt.barrier`, it is convergent and no pass may move it
    across divergent control flow. Threads that have returned do not take
    part. All blocks of the grid must be resident at once (CUDA requires a
    cooperative launch); the simulator runs them as one wave.

    Example: `simt.grid_barrier`
    """

    name = "simt.grid_barrier"

    assembly_format = "attr-dict"

    traits = traits_def(*_barrier())

    def __init__(self):
        super().__init__()


class FenceScope(StrEnum):
    """The threads a `simt.fence` orders memory accesses for."""

    BLOCK = auto()
    DEVICE = auto()
    SYSTEM = auto()


@irdl_attr_definition
class FenceScopeAttr(EnumAttribute[FenceScope], SpacedOpaqueSyntaxAttribute):
    name = "simt.fence_scope"


@irdl_op_definition
class FenceOp(IRDLOperation):
    """Orders the lane's memory accesses before the fence before those after
    it, as seen by the threads of `scope` (`threadfence_block`,
    `threadfence`, `threadfence_system`). Per lane: not a collective.

    Example: `simt.fence device`
    """

    name = "simt.fence"

    scope = prop_def(FenceScopeAttr)

    assembly_format = "$scope attr-dict"

    traits = traits_def(
        Synchronizes(), DivergenceTrait(Divergence.UNIFORM), CostClass(OpKind.BARRIER)
    )

    def __init__(self, scope: FenceScope):
        super().__init__(properties={"scope": FenceScopeAttr(scope)})


@irdl_op_definition
class BitReverseOp(IRDLOperation):
    """Reverses the bits of an i32 or i64 in each active lane (`cuda.brev`).

    Example: `%r = simt.brev %x : i32`
    """

    name = "simt.brev"

    T: ClassVar = VarConstraint("T", AnyAttr())

    value = operand_def(T)
    result = result_def(T)

    assembly_format = "$value attr-dict `:` type($value)"

    traits = traits_def(
        Pure(), DivergenceTrait(Divergence.OPERANDS), CostClass(OpKind.ALU)
    )

    def __init__(self, value: SSAValue | Operation):
        value = SSAValue.get(value)
        super().__init__(operands=[value], result_types=[value.type])

    def verify_(self) -> None:
        type_ = self.value.type
        if not isinstance(type_, IntegerType) or type_.width.data not in (32, 64):
            raise VerifyException(f"expected i32 or i64, found {type_}")


INTRINSIC_OPS: tuple[type[Operation], ...] = (
    LibmOp,
    AtomicOp,
    AtomicCASOp,
    ShuffleOp,
    VoteSyncOp,
    MatchAnyOp,
    MatchAllOp,
    ActiveMaskOp,
    LaneMaskLtOp,
    SyncWarpOp,
    BarrierReduceOp,
    GridBarrierOp,
    FenceOp,
    BitReverseOp,
)
INTRINSIC_ATTRS: tuple[type[Attribute], ...] = (
    AtomicKindAttr,
    ShuffleModeAttr,
    VoteModeAttr,
    BarrierReductionAttr,
    FenceScopeAttr,
)
