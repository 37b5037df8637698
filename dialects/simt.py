"""The `simt` dialect: what is particular to SIMT execution on a GPU.

Everything that is not particular to SIMT stays in the upstream dialects (arith,
scf, cf, memref, func); this dialect adds five families:

* **Thread identity** (`simt.thread_id`, `simt.block_id`, `simt.block_dim`,
  `simt.grid_dim`, `simt.lane_id`, `simt.warp_size`): the sources of divergence
  (thread and lane ids) and of uniform values (block ids and sizes).
* **Warp collectives** (`simt.vote_any`, `simt.vote_all`, `simt.ballot`,
  `simt.barrier`, `simt.atomic_add`).
* **Guard variables** for control-flow linearization (Anantpur and Govindarajan,
  2014, Algorithm 1): a per-thread "next block" variable of type
  `!simt.guard<N>`, where N is the number of blocks of the linearized region it
  serves, and the ops that create, set, test and dispatch on it. Every block id is
  verified to lie in `[0, N)`.
* **Exceptions** (`simt.raise`, `#simt.exception`): numba-cuda's `raise` of
  a constant exception; a kernel lists what it may raise in
  `simt.exceptions` (`simt.model.exceptions`).
* **Analysis facts**: `#simt.uniformity<uniform|divergent>` for values and
  branches and `#simt.loop_info<...>` for loops (expected trip count, idle-lane
  fraction), attached as discardable attributes (see `DIVERGENCE_ATTR`,
  `BRANCH_ATTR`, `LOOP_INFO_ATTR`) so a pass, a test or a person reads them in
  the IR.

The execution model every docstring refers to: the threads of a launch are
grouped into warps of `warp_size` consecutive threads; an op is executed by the
*active* lanes of a warp; lanes that are inactive at an op (because they took
the other side of a divergent branch, or left a loop) do not execute it and keep
all their values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import auto
from typing import ClassVar

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    I1,
    I32,
    I64,
    AnyFloat,
    ArrayAttr,
    Float64Type,
    FloatAttr,
    IndexType,
    IntegerAttr,
    IntegerType,
    MemRefType,
    NoneAttr,
    NoneType,
    StringAttr,
    f64,
    i1,
    i32,
    i64,
)
from xdsl.dialects.utils import AbstractYieldOperation
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import (
    Attribute,
    Block,
    Dialect,
    Operation,
    ParametrizedAttribute,
    Region,
    SpacedOpaqueSyntaxAttribute,
    SSAValue,
    TypeAttribute,
)
from xdsl.irdl import (
    AnyAttr,
    IRDLOperation,
    VarConstraint,
    irdl_attr_definition,
    irdl_op_definition,
    irdl_to_attr_constraint,
    lazy_traits_def,
    operand_def,
    param_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
    var_result_def,
)
from xdsl.parser import AttrParser
from xdsl.pattern_rewriter import RewritePattern
from xdsl.printer import Printer
from xdsl.traits import (
    EffectInstance,
    HasCanonicalizationPatternsTrait,
    HasParent,
    IsTerminator,
    MemoryEffect,
    MemoryEffectKind,
    NoMemoryEffect,
    OpTrait,
    Pure,
    RecursiveMemoryEffect,
    Resource,
    SingleBlockImplicitTerminator,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from simt.dialects.intrinsics import INTRINSIC_ATTRS, INTRINSIC_OPS
from simt.model.exceptions import (
    EXCEPTIONS_ATTR,
    FIRST_CODE,
    ArgValue,
    ExceptionSite,
)
from simt.model.facts import (
    GUARD_RESOURCE,
    Convergent,
    CostClass,
    Divergence,
    DivergenceTrait,
    OpKind,
    ReadsWritesMemrefOperands,
    Synchronizes,
)
from simt.model.kernel import KERNEL_ATTR

# ---------------------------------------------------------------------------
# Attributes and types
# ---------------------------------------------------------------------------

IdType = irdl_to_attr_constraint(I32 | I64 | IndexType)
"""Thread-identity ops return a 32-bit or 64-bit integer, or an index."""


class Dimension(StrEnum):
    """A dimension of the thread or block grid."""

    X = auto()
    Y = auto()
    Z = auto()


@irdl_attr_definition
class DimensionAttr(EnumAttribute[Dimension], SpacedOpaqueSyntaxAttribute):
    """The dimension (x, y or z) read by a thread-identity op."""

    name = "simt.dim"


class Uniformity(StrEnum):
    """Whether a value (or a branch condition) can differ between warp lanes."""

    UNIFORM = auto()
    DIVERGENT = auto()


@irdl_attr_definition
class UniformityAttr(EnumAttribute[Uniformity]):
    """A divergence fact: `#simt.uniformity<uniform>` or `<divergent>`.

    `uniform` promises that every active lane of a warp holds the same value (for
    a branch: takes the same successor); `divergent` makes no promise.
    """

    name = "simt.uniformity"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> Uniformity:
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)

    @property
    def is_uniform(self) -> bool:
        return self.data == Uniformity.UNIFORM


class MemorySpace(StrEnum):
    """Where an array lives (CUDA's state spaces), as a memref memory space.

    `global` memory is the default memory space of a memref (no attribute);
    the others are written `#simt.space<shared>` etc.:

    * `global`: device memory, visible to every thread of the launch (kernel
      array arguments);
    * `shared`: one copy per block, visible to the threads of that block
      (`cuda.shared.array`); its contents are undefined until written;
    * `local`: one copy per thread (`cuda.local.array`, a `memref.alloca`);
    * `constant`: read-only for the whole launch, initialized by the module
      (`cuda.const.array_like`, module-level numpy arrays that numba freezes).
    """

    GLOBAL = auto()
    SHARED = auto()
    LOCAL = auto()
    CONSTANT = auto()


@irdl_attr_definition
class MemorySpaceAttr(EnumAttribute[MemorySpace]):
    """A memref memory space: `memref<16x16xf32, #simt.space<shared>>`.

    The lowering maps shared, constant and local memory to NVPTX address
    spaces 3, 4 and 5 (local arrays are allocas, which NVPTX puts there).
    """

    name = "simt.space"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> MemorySpace:
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)


def memory_space_of(type_: Attribute) -> MemorySpace:
    """The memory space of a memref type (`global` without a space attribute)."""
    if not isinstance(type_, MemRefType):
        raise ValueError(f"expected a memref type, found {type_}")
    space = type_.memory_space
    if isinstance(space, MemorySpaceAttr):
        return space.data
    return MemorySpace.GLOBAL


_SHARED = MemorySpaceAttr(MemorySpace.SHARED)

UNIFORM = UniformityAttr(Uniformity.UNIFORM)
DIVERGENT = UniformityAttr(Uniformity.DIVERGENT)

DIVERGENCE_ATTR = "simt.divergence"
"""Discardable attribute on an op: an `ArrayAttr` of `UniformityAttr`, one per
result (block arguments are described on their block's parent op under
`BLOCK_ARGS_DIVERGENCE_ATTR`)."""

BLOCK_ARGS_DIVERGENCE_ATTR = "simt.block_args_divergence"
"""Discardable attribute on a region-holding op: an `ArrayAttr` with one entry per
region, each an `ArrayAttr` per block, each an `ArrayAttr` of `UniformityAttr`
per block argument."""

BRANCH_ATTR = "simt.branch"
"""Discardable attribute on a branching op (`cf.cond_br`, `cf.switch`, `scf.if`,
`scf.while`, ...): a `UniformityAttr` for its condition."""

LOOP_INFO_ATTR = "simt.loop_info"
"""Discardable attribute on a loop op or loop header terminator: `LoopInfoAttr`."""

CACHE_HINT_ATTR = "simt.cache_hint"
"""Discardable attribute on a `memref.load` or `memref.store` of global memory:
a `StringAttr` naming PTX's cache operator (`"cg"`: `ld.global.cg`), as
numba-cuda's `cuda.ldcg(a, i)` / `cuda.stcs(a, i, v)` ask for it. The hint
changes where the data is cached, never the value read or written: the
simulator ignores it and the lowering emits the hinted instruction.

Example: `%v = memref.load %a[%i] {simt.cache_hint = "cg"} : memref<?xf32>`."""

LOAD_CACHE_HINTS = ("ca", "cg", "cs", "lu", "cv")
"""The cache operators of `ld.global` (PTX ISA, "Cache Operators")."""

STORE_CACHE_HINTS = ("cg", "cs", "wb", "wt")
"""The cache operators of `st.global` that numba-cuda offers."""


@irdl_attr_definition
class LoopInfoAttr(ParametrizedAttribute):
    """Facts about a loop that analyses or a dynamic profile established.

    * `trip_count`: the expected number of iterations of the loop per entry and
      lane (a non-negative float; `none` when unknown);
    * `idle_fraction`: the expected fraction, in [0, 1], of lane-iterations in
      which a lane of a warp still in the loop is idle because it has already
      left it (n/N in Bulavintsev's formula (1); `none` when unknown).

    Example: `#simt.loop_info<trip_count = 12.5, idle_fraction = 0.25>`.
    """

    name = "simt.loop_info"

    trip_count: FloatAttr[Float64Type] | NoneAttr = param_def()
    idle_fraction: FloatAttr[Float64Type] | NoneAttr = param_def()

    def __init__(
        self, trip_count: float | None = None, idle_fraction: float | None = None
    ):
        super().__init__(_float_or_none(trip_count), _float_or_none(idle_fraction))

    @property
    def expected_trip_count(self) -> float | None:
        return _value_or_none(self.trip_count)

    @property
    def expected_idle_fraction(self) -> float | None:
        return _value_or_none(self.idle_fraction)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: dict[str, FloatAttr[Float64Type] | NoneAttr] = {
            "trip_count": NoneAttr(),
            "idle_fraction": NoneAttr(),
        }
        with parser.in_angle_brackets():
            while True:
                key = parser.parse_identifier()
                if key not in values:
                    parser.raise_error(
                        f"expected 'trip_count' or 'idle_fraction', found '{key}'"
                    )
                parser.parse_punctuation("=")
                if parser.parse_optional_keyword("none") is None:
                    values[key] = _parse_fact(parser, key)
                if parser.parse_optional_punctuation(",") is None:
                    break
        return (values["trip_count"], values["idle_fraction"])

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<trip_count = {_format(self.trip_count)}, "
            f"idle_fraction = {_format(self.idle_fraction)}>"
        )

    def verify(self) -> None:
        for key, value in (
            ("trip_count", self.expected_trip_count),
            ("idle_fraction", self.expected_idle_fraction),
        ):
            error = _loop_fact_error(key, value)
            if error is not None:
                raise VerifyException(error)


def _parse_fact(parser: AttrParser, key: str) -> FloatAttr[Float64Type]:
    pos = parser.pos
    value = float(parser.parse_number())
    error = _loop_fact_error(key, value)
    if error is not None:
        parser.raise_error(error, pos, parser.pos)
    return FloatAttr(value, Float64Type())


def _loop_fact_error(key: str, value: float | None) -> str | None:
    if value is None:
        return None
    if key == "trip_count" and value < 0:
        return f"expected a non-negative trip_count, found {value}"
    if key == "idle_fraction" and not 0.0 <= value <= 1.0:
        return f"expected an idle_fraction in [0, 1], found {value}"
    return None


def _float_or_none(value: float | None) -> FloatAttr[Float64Type] | NoneAttr:
    return NoneAttr() if value is None else FloatAttr(float(value), Float64Type())


def _value_or_none(attr: FloatAttr[Float64Type] | NoneAttr) -> float | None:
    return None if isinstance(attr, NoneAttr) else attr.value.data


def _format(attr: FloatAttr[Float64Type] | NoneAttr) -> str:
    value = _value_or_none(attr)
    return "none" if value is None else repr(value)


@irdl_attr_definition
class GuardType(ParametrizedAttribute, TypeAttribute):
    """The type of a guard variable of a linearized region with N blocks.

    A guard is a per-thread mutable variable holding a block id in `[0, N)`: the
    block of the linearized region the thread executes next. It is a handle (like
    a private `memref<i32>`): the guard ops read and write it in place, so it is
    not threaded through regions as an SSA value.

    Example: `!simt.guard<4>` (block ids 0 to 3).
    """

    name = "simt.guard"

    num_blocks: IntegerAttr[I64] = param_def()

    def __init__(self, num_blocks: int | IntegerAttr[I64]):
        if isinstance(num_blocks, int):
            num_blocks = IntegerAttr(num_blocks, i64)
        super().__init__(num_blocks)

    @property
    def count(self) -> int:
        return self.num_blocks.value.data

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            pos = parser.pos
            count = parser.parse_integer(allow_boolean=False)
            if count < 1:
                parser.raise_error(
                    f"expected a guard over at least 1 block, found {count}",
                    pos,
                    parser.pos,
                )
        return (IntegerAttr(count, i64),)

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.count}>")

    def verify(self) -> None:
        if self.count < 1:
            raise VerifyException(
                f"expected a guard over at least 1 block, found {self.count}"
            )


# ---------------------------------------------------------------------------
# Facts shared by families of ops (simt.model.facts)
# ---------------------------------------------------------------------------


def _special_register(divergence: Divergence) -> tuple[OpTrait, ...]:
    """A special register read: costs one instruction, divergent or uniform."""
    return (DivergenceTrait(divergence), CostClass(OpKind.SPECIAL_REG))


def _collective(cost: OpKind) -> tuple[OpTrait, ...]:
    """A warp or block collective: uniform results among the lanes that take
    part, and convergent (it must not move across divergent control flow)."""
    return (DivergenceTrait(Divergence.UNIFORM), Convergent(), CostClass(cost))


def _guard_op(divergence: Divergence) -> tuple[OpTrait, ...]:
    return (DivergenceTrait(divergence), CostClass(OpKind.GUARD))


class AllocatesGuard(MemoryEffect):
    """Allocates the guard variable it returns (`GUARD_RESOURCE`, not data)."""

    @classmethod
    def get_effects(cls, op: Operation) -> frozenset[EffectInstance]:
        return frozenset(
            {EffectInstance(MemoryEffectKind.ALLOC, op.results[0], GUARD_RESOURCE)}
        )


class WritesGuard(MemoryEffect):
    """Writes the guard variable of its first operand (not data memory)."""

    @classmethod
    def get_effects(cls, op: Operation) -> frozenset[EffectInstance]:
        return frozenset(
            {EffectInstance(MemoryEffectKind.WRITE, op.operands[0], GUARD_RESOURCE)}
        )


class ReadsGuard(MemoryEffect):
    """Reads the guard variable of its first operand (not data memory)."""

    @classmethod
    def get_effects(cls, op: Operation) -> frozenset[EffectInstance]:
        return frozenset(
            {EffectInstance(MemoryEffectKind.READ, op.operands[0], GUARD_RESOURCE)}
        )


# ---------------------------------------------------------------------------
# Thread identity
# ---------------------------------------------------------------------------


class _DimensionedIdOp(IRDLOperation):
    """Base of the ops that read one dimension of a special register."""

    dimension = prop_def(DimensionAttr)
    result = result_def(IdType)

    assembly_format = "$dimension attr-dict `:` type($result)"

    def __init__(self, dim: Dimension | str, result_type: Attribute = i32):
        super().__init__(
            result_types=[result_type],
            properties={"dimension": DimensionAttr(Dimension(dim))},
        )


@irdl_op_definition
class ThreadIdOp(_DimensionedIdOp):
    """The lane's thread index within its block in one dimension (`threadIdx`).

    Every active lane gets its own index: the value is divergent within a warp
    (lanes of a warp have consecutive x indices). Inactive lanes are unaffected.

    Example: `%tid = simt.thread_id x : i32`
    """

    name = "simt.thread_id"

    traits = traits_def(Pure(), *_special_register(Divergence.SOURCE))


@irdl_op_definition
class BlockIdOp(_DimensionedIdOp):
    """The index of the lane's block within the grid in one dimension (`blockIdx`).

    All lanes of a warp belong to one block, so the value is uniform in a warp.

    Example: `%bid = simt.block_id y : i32`
    """

    name = "simt.block_id"

    traits = traits_def(Pure(), *_special_register(Divergence.UNIFORM))


@irdl_op_definition
class BlockDimOp(_DimensionedIdOp):
    """The number of threads per block in one dimension (`blockDim`); uniform.

    Example: `%bdim = simt.block_dim x : i32`
    """

    name = "simt.block_dim"

    traits = traits_def(Pure(), *_special_register(Divergence.UNIFORM))


@irdl_op_definition
class GridDimOp(_DimensionedIdOp):
    """The number of blocks in the grid in one dimension (`gridDim`); uniform.

    Example: `%gdim = simt.grid_dim x : i64`
    """

    name = "simt.grid_dim"

    traits = traits_def(Pure(), *_special_register(Divergence.UNIFORM))


class _ScalarIdOp(IRDLOperation):
    """Base of the ops that read a dimensionless special register."""

    result = result_def(IdType)

    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, result_type: Attribute = i32):
        super().__init__(result_types=[result_type])


@irdl_op_definition
class LaneIdOp(_ScalarIdOp):
    """The lane's index within its warp, in `[0, warp_size)` (`%laneid`).

    Divergent: every lane of a warp gets a different value. For the linear
    thread index t of a block (x fastest), the lane id is `t mod warp_size`.

    Example: `%lane = simt.lane_id : i32`
    """

    name = "simt.lane_id"

    traits = traits_def(Pure(), *_special_register(Divergence.SOURCE))


@irdl_op_definition
class WarpSizeOp(_ScalarIdOp):
    """The number of lanes in a warp (`warpSize`, 32 on NVIDIA GPUs); uniform.

    Example: `%ws = simt.warp_size : i32`
    """

    name = "simt.warp_size"

    traits = traits_def(Pure(), *_special_register(Divergence.UNIFORM))


# ---------------------------------------------------------------------------
# Warp collectives
# ---------------------------------------------------------------------------


class VoteCanonicalization(HasCanonicalizationPatternsTrait):
    """A vote of a constant is that constant (`simt.dialects.canonicalization`)."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        from simt.dialects.canonicalization import VoteOfConstant

        return (VoteOfConstant(),)


class GuardSelectCanonicalization(HasCanonicalizationPatternsTrait):
    """A guard.select that one id decides is a guard.set."""

    @classmethod
    def get_canonicalization_patterns(cls) -> tuple[RewritePattern, ...]:
        from simt.dialects.canonicalization import GuardSelectToSet

        return (GuardSelectToSet(),)


class _VoteOp(IRDLOperation):
    """Base of the predicate votes over the active lanes of a warp."""

    predicate = operand_def(I1)
    result = result_def(I1)

    assembly_format = "$predicate attr-dict"

    traits = traits_def(
        NoMemoryEffect(), VoteCanonicalization(), *_collective(OpKind.VOTE)
    )

    def __init__(self, predicate: SSAValue | Operation):
        super().__init__(operands=[predicate], result_types=[i1])


@irdl_op_definition
class VoteAnyOp(_VoteOp):
    """True in every active lane iff the predicate holds in at least one of them.

    The vote runs over the lanes of the warp that are active at this op (the
    full-mask `__any_sync` of code that is in warp-uniform control flow).
    Inactive lanes neither contribute nor receive a value. The result is uniform
    across the active lanes.

    Example: `%any = simt.vote_any %pred`
    """

    name = "simt.vote_any"


@irdl_op_definition
class VoteAllOp(_VoteOp):
    """True in every active lane iff the predicate holds in all of them.

    Same participation rule as `simt.vote_any`. The result is uniform.

    Example: `%all = simt.vote_all %pred`
    """

    name = "simt.vote_all"


@irdl_op_definition
class BallotOp(IRDLOperation):
    """A 32-bit mask with bit i set iff active lane i of the warp has a true predicate.

    Bit i corresponds to lane id i; inactive lanes contribute a zero bit and
    receive nothing. The result is uniform across the active lanes.

    Example: `%mask = simt.ballot %pred : i32`
    """

    name = "simt.ballot"

    predicate = operand_def(I1)
    result = result_def(I32)

    assembly_format = "$predicate attr-dict `:` type($result)"

    traits = traits_def(
        NoMemoryEffect(), VoteCanonicalization(), *_collective(OpKind.VOTE)
    )

    def __init__(self, predicate: SSAValue | Operation):
        super().__init__(operands=[predicate], result_types=[i32])


@irdl_op_definition
class BarrierOp(IRDLOperation):
    """Block-wide barrier (`__syncthreads`): memory writes before it are visible
    to every thread of the block after it.

    Every thread of the block must reach the same barrier; a barrier under
    divergent control flow is undefined behaviour on the GPU, so passes must not
    move a barrier into divergent control flow. Lanes that have returned do not
    take part.

    Example: `simt.barrier`
    """

    name = "simt.barrier"

    assembly_format = "attr-dict"

    traits = traits_def(Synchronizes(), *_collective(OpKind.BARRIER))

    def __init__(self):
        super().__init__()


@irdl_op_definition
class AtomicAddOp(IRDLOperation):
    """Atomically adds `value` to `memref[indices]` and returns the old value.

    Each active lane performs its own read-modify-write; the updates of the lanes
    of one op are serialized (in lane order in the simulator), so the returned
    old values differ between lanes: the result is divergent. Inactive lanes do
    nothing. The value type must equal the element type of the memref, and there
    must be one `index` per memref dimension.

    Example: `%old = simt.atomic_add %v, %hist[%i] : memref<?xi32>, i32`
    """

    name = "simt.atomic_add"

    T: ClassVar = VarConstraint("T", AnyAttr())

    value = operand_def(T)
    memref = operand_def(MemRefType)
    indices = var_operand_def(IndexType)
    result = result_def(T)

    assembly_format = "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref) `,` type($value)"

    traits = traits_def(
        ReadsWritesMemrefOperands(),
        DivergenceTrait(Divergence.SOURCE),
        CostClass(OpKind.ATOMIC),
    )

    def __init__(
        self,
        value: SSAValue | Operation,
        memref: SSAValue | Operation,
        indices: Sequence[SSAValue | Operation],
    ):
        value = SSAValue.get(value)
        super().__init__(operands=[value, memref, indices], result_types=[value.type])

    def verify_(self) -> None:
        memref_type = self.memref.type
        assert isinstance(memref_type, MemRefType)
        element = memref_type.element_type
        if not isinstance(element, IntegerType | AnyFloat):
            raise VerifyException(
                f"expected an integer or float element type, found {element}"
            )
        if self.value.type != element:
            raise VerifyException(
                f"expected value of type {element} (the memref element type), "
                f"found {self.value.type}"
            )
        rank = memref_type.get_num_dims()
        if len(self.indices) != rank:
            raise VerifyException(
                f"expected {rank} indices for a rank-{rank} memref, "
                f"found {len(self.indices)}"
            )


@irdl_op_definition
class DynamicSharedOp(IRDLOperation):
    """The block's dynamic shared memory, viewed as a 1-D array of the result's
    element type (CUDA's `extern __shared__` array, numba's
    `cuda.shared.array(0, dtype)`).

    The launch gives the size in bytes (the fourth launch parameter); the
    array's length is that size divided by the element size. Every lane of a
    block gets the same array (the result is uniform), and every
    `simt.dynamic_shared` of a kernel views the same memory, whatever its
    element type, as in CUDA. It allocates nothing: like `memref.get_global`,
    it may be duplicated or removed freely.

    Example: `%buf = simt.dynamic_shared : memref<?xf32, #simt.space<shared>>`
    """

    name = "simt.dynamic_shared"

    result = result_def(MemRefType)

    assembly_format = "attr-dict `:` type($result)"

    traits = traits_def(
        NoMemoryEffect(), DivergenceTrait(Divergence.UNIFORM), CostClass(OpKind.ALLOC)
    )

    def __init__(self, element: Attribute):
        memref = MemRefType(element, [DYNAMIC_INDEX], NoneAttr(), _SHARED)
        super().__init__(result_types=[memref])

    def verify_(self) -> None:
        memref_type = self.result.type
        assert isinstance(memref_type, MemRefType)
        if memref_type.get_shape() != (DYNAMIC_INDEX,):
            raise VerifyException(
                f"expected a 1-D memref of dynamic size, found {memref_type}"
            )
        if memory_space_of(memref_type) is not MemorySpace.SHARED:
            raise VerifyException(
                f"expected a memref in #simt.space<shared>, found {memref_type}"
            )
        element = memref_type.element_type
        if not isinstance(element, IntegerType | AnyFloat):
            raise VerifyException(
                f"expected an integer or float element type, found {element}"
            )


# ---------------------------------------------------------------------------
# Exceptions
# ---------------------------------------------------------------------------


@irdl_attr_definition
class ExceptionAttr(ParametrizedAttribute):
    """An exception a kernel may raise: one entry of its `simt.exceptions`.

    `exception_class` names the class (`module.qualname`, as
    `simt.model.exceptions.class_name` spells it), `arguments` are its
    constant arguments (strings, integers, floats, booleans, `none`, arrays
    for tuples), and `function`, `file` and `line` locate the raise statement
    (numba's message starts with them).

    Example: `#simt.exception<"builtins.ValueError"("bad", 3 : i64) in "k" at "k.py":7>`
    """

    name = "simt.exception"

    exception_class: StringAttr = param_def()
    arguments: ArrayAttr = param_def()
    function: StringAttr = param_def()
    file: StringAttr = param_def()
    line: IntegerAttr[I64] = param_def()

    def __init__(self, site: ExceptionSite):
        super().__init__(
            StringAttr(site.class_name),
            ArrayAttr([_argument_attr(a) for a in site.args]),
            StringAttr(site.function),
            StringAttr(site.file),
            IntegerAttr(site.line, i64),
        )

    @property
    def site(self) -> ExceptionSite:
        """The entry as plain Python values."""
        return ExceptionSite(
            self.exception_class.data,
            tuple(_argument_value(a) for a in self.arguments.data),
            self.function.data,
            self.file.data,
            self.line.value.data,
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            class_name = parser.parse_str_literal("the exception class")

            def parse_argument() -> Attribute:
                start = parser.pos
                argument = parser.parse_attribute()
                error = _argument_error(argument)
                if error is not None:
                    parser.raise_error(error, start, parser.pos)
                return argument

            arguments = parser.parse_comma_separated_list(
                parser.Delimiter.PAREN, parse_argument
            )
            parser.parse_keyword("in")
            function = parser.parse_str_literal("the raising function")
            parser.parse_keyword("at")
            file = parser.parse_str_literal("the file of the raise")
            parser.parse_punctuation(":")
            line = parser.parse_integer(allow_boolean=False, allow_negative=False)
        return (
            StringAttr(class_name),
            ArrayAttr(arguments),
            StringAttr(function),
            StringAttr(file),
            IntegerAttr(line, i64),
        )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<")
        printer.print_string_literal(self.exception_class.data)
        printer.print_string("(")
        printer.print_list(self.arguments.data, printer.print_attribute)
        printer.print_string(") in ")
        printer.print_string_literal(self.function.data)
        printer.print_string(" at ")
        printer.print_string_literal(self.file.data)
        printer.print_string(f":{self.line.value.data}>")

    def verify(self) -> None:
        for argument in self.arguments.data:
            error = _argument_error(argument)
            if error is not None:
                raise VerifyException(error)


def _argument_attr(value: ArgValue) -> Attribute:
    """The attribute of a constant exception argument (ValueError if none)."""
    if value is None:
        return NoneAttr()
    if isinstance(value, bool):
        return IntegerAttr(int(value), i1)
    if isinstance(value, int):
        if not -(1 << 63) <= value < (1 << 63):
            raise ValueError(f"the integer {value} does not fit in 64 bits")
        return IntegerAttr(value, i64)
    if isinstance(value, float):
        return FloatAttr(value, f64)
    if isinstance(value, str):
        return StringAttr(value)
    if isinstance(value, tuple):
        return ArrayAttr([_argument_attr(v) for v in value])
    raise ValueError(f"a value of type {type(value).__name__}")


def _argument_value(attr: Attribute) -> ArgValue:
    if isinstance(attr, StringAttr):
        return attr.data
    if isinstance(attr, IntegerAttr):
        value = attr.value.data
        return bool(value) if attr.type == i1 else value
    if isinstance(attr, FloatAttr):
        return attr.value.data
    if isinstance(attr, ArrayAttr):
        return tuple(_argument_value(a) for a in attr.data)
    return None


def _argument_error(attr: Attribute) -> str | None:
    """Why `attr` is no exception argument, or None when it is one."""
    pending = [attr]
    while pending:
        current = pending.pop()
        if isinstance(current, ArrayAttr):
            pending.extend(current.data)
        elif isinstance(current, IntegerAttr) and not isinstance(
            current.type, IntegerType
        ):
            return f"expected an integer argument of an integer type, found {current}"
        elif not isinstance(
            current, StringAttr | IntegerAttr | FloatAttr | NoneAttr | NoneType
        ):
            return (
                "expected exception arguments that are strings, integers, floats, "
                f"booleans, none or arrays of them, found {current}"
            )
    return None


def exception_table(kernel: func.FuncOp) -> tuple[ExceptionSite, ...]:
    """The exceptions a kernel lists (`simt.exceptions`), code 1 first."""
    table = kernel.attributes.get(EXCEPTIONS_ATTR)
    if not isinstance(table, ArrayAttr):
        return ()
    return tuple(e.site for e in table.data if isinstance(e, ExceptionAttr))


@dataclass(frozen=True)
class ExceptionResource(Resource):
    """The launch's record of the exception its lanes raised (not data)."""

    def name(self) -> str:
        return "simt.exception"


EXCEPTION_RESOURCE = ExceptionResource()


class RecordsException(MemoryEffect):
    """Writes the launch's exception record (`EXCEPTION_RESOURCE`), not data:
    the op is never removed, speculated or merged, and data accesses may
    move across it."""

    @classmethod
    def get_effects(cls, op: Operation) -> frozenset[EffectInstance]:
        return frozenset(
            {EffectInstance(MemoryEffectKind.WRITE, resource=EXCEPTION_RESOURCE)}
        )


@irdl_op_definition
class RaiseOp(IRDLOperation):
    """Each active lane raises exception `code` of its kernel.

    `code` names entry `code - 1` of the enclosing kernel's `simt.exceptions`
    (an array of `#simt.exception`). Each active lane records its raise in
    the launch's exception record; inactive lanes record nothing. Of all the
    lanes of a launch that raise, the record keeps the lowest global thread
    id (blocks in linear order, then threads in linear order, x fastest) and,
    should that lane raise twice, its lowest code: a deterministic choice
    among the lanes whose store numba's race could keep
    (`simt.model.exceptions`). After the launch, a kernel run with numba's
    `debug=True` raises the recorded exception on the host; otherwise the
    record is ignored, as numba-cuda ignores it.

    The op does not change control flow: the frontend follows it by the
    lane's exit from the kernel (`func.return`), since a lane that raises
    leaves the kernel while the others go on; passes keep that exit as
    they keep any return (linearization turns it into a branch to the
    kernel's exit block). The record is not data memory: the op is never
    removed, speculated, duplicated on other lanes or merged, and loads and
    stores may move across it.

    Example:
    ```
    func.func @k(%x: i32) attributes {simt.kernel, simt.exceptions = [
        #simt.exception<"builtins.ValueError"("x is negative") in "k" at "k.py":4>]} {
      ...
      simt.raise 1
      func.return
    }
    ```
    """

    name = "simt.raise"

    code = prop_def(IntegerAttr[I64])

    assembly_format = "$code attr-dict"

    traits = traits_def(
        RecordsException(),
        DivergenceTrait(Divergence.OPERANDS),
        CostClass(OpKind.ATOMIC),
    )

    def __init__(self, code: int):
        super().__init__(properties={"code": IntegerAttr(code, i64)})

    def verify_(self) -> None:
        kernel = _enclosing_function(self)
        if kernel is None or KERNEL_ATTR not in kernel.attributes:
            where = "" if kernel is None else f", found it in @{kernel.sym_name.data}"
            raise VerifyException(
                f"expected simt.raise inside a kernel (a func.func with simt.kernel){where}"
            )
        table = kernel.attributes.get(EXCEPTIONS_ATTR)
        if not isinstance(table, ArrayAttr) or not all(
            isinstance(e, ExceptionAttr) for e in table.data
        ):
            raise VerifyException(
                f"expected @{kernel.sym_name.data} to list its exceptions in "
                f"{EXCEPTIONS_ATTR} (an array of #simt.exception), found "
                f"{'none' if table is None else table}"
            )
        count = len(table.data)
        code = self.code.value.data
        if not FIRST_CODE <= code < FIRST_CODE + count:
            raise VerifyException(
                f"expected code in [{FIRST_CODE}, {count}] (an entry of "
                f"@{kernel.sym_name.data}'s {EXCEPTIONS_ATTR}), found {code}"
            )


def _enclosing_function(op: Operation) -> func.FuncOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


# ---------------------------------------------------------------------------
# Guard variables
# ---------------------------------------------------------------------------


def _verify_block_id(op: Operation, guard: SSAValue, name: str, block_id: int) -> None:
    guard_type = guard.type
    assert isinstance(guard_type, GuardType)
    if not 0 <= block_id < guard_type.count:
        raise VerifyException(
            f"expected {name} in [0, {guard_type.count}) for {guard_type}, "
            f"found {block_id}"
        )


def _id_attr(block_id: int) -> IntegerAttr[I64]:
    return IntegerAttr(block_id, i64)


@irdl_op_definition
class GuardCreateOp(IRDLOperation):
    """Creates a guard variable for a linearized region and sets it to `init`.

    Each lane gets its own guard variable holding `init`, the id of the region's
    entry block. The guard lives until the end of the enclosing function; one guard
    serves one linearized region.

    Example: `%g = simt.guard.create 0 : !simt.guard<4>`
    """

    name = "simt.guard.create"

    init = prop_def(IntegerAttr[I64])
    guard = result_def(GuardType)

    assembly_format = "$init attr-dict `:` type($guard)"

    traits = traits_def(AllocatesGuard(), *_guard_op(Divergence.SOURCE))

    def __init__(self, num_blocks: int, init: int = 0):
        super().__init__(
            result_types=[GuardType(num_blocks)], properties={"init": _id_attr(init)}
        )

    def verify_(self) -> None:
        _verify_block_id(self, self.guard, "init", self.init.value.data)


@irdl_op_definition
class GuardSetOp(IRDLOperation):
    """Sets the guard of each active lane to the block id `target`.

    This is how a linearized block "branches": instead of jumping, the lane
    records its successor. Inactive lanes keep their guard.

    Example: `simt.guard.set %g, 2 : !simt.guard<4>`
    """

    name = "simt.guard.set"

    guard = operand_def(GuardType)
    target = prop_def(IntegerAttr[I64])

    assembly_format = "$guard `,` $target attr-dict `:` type($guard)"

    traits = traits_def(WritesGuard(), *_guard_op(Divergence.OPERANDS))

    def __init__(self, guard: SSAValue | Operation, target: int):
        super().__init__(operands=[guard], properties={"target": _id_attr(target)})

    def verify_(self) -> None:
        _verify_block_id(self, self.guard, "target", self.target.value.data)


@irdl_op_definition
class GuardSelectOp(IRDLOperation):
    """Sets the guard of each active lane to `cond ? if_true : if_false`.

    The linearized form of a conditional branch: each lane records the successor
    its own condition selects. Inactive lanes keep their guard.

    Example: `simt.guard.select %g, %c, 1, 3 : !simt.guard<4>`
    """

    name = "simt.guard.select"

    guard = operand_def(GuardType)
    condition = operand_def(I1)
    if_true = prop_def(IntegerAttr[I64])
    if_false = prop_def(IntegerAttr[I64])

    assembly_format = (
        "$guard `,` $condition `,` $if_true `,` $if_false attr-dict `:` type($guard)"
    )

    traits = traits_def(
        WritesGuard(), GuardSelectCanonicalization(), *_guard_op(Divergence.OPERANDS)
    )

    def __init__(
        self,
        guard: SSAValue | Operation,
        condition: SSAValue | Operation,
        if_true: int,
        if_false: int,
    ):
        super().__init__(
            operands=[guard, condition],
            properties={"if_true": _id_attr(if_true), "if_false": _id_attr(if_false)},
        )

    def verify_(self) -> None:
        _verify_block_id(self, self.guard, "if_true", self.if_true.value.data)
        _verify_block_id(self, self.guard, "if_false", self.if_false.value.data)


@irdl_op_definition
class GuardTestOp(IRDLOperation):
    """True in each active lane whose guard holds the block id `block`.

    Example: `%is2 = simt.guard.test %g, 2 : !simt.guard<4>`
    """

    name = "simt.guard.test"

    guard = operand_def(GuardType)
    block = prop_def(IntegerAttr[I64])
    result = result_def(I1)

    assembly_format = "$guard `,` $block attr-dict `:` type($guard)"

    traits = traits_def(ReadsGuard(), *_guard_op(Divergence.SOURCE))

    def __init__(self, guard: SSAValue | Operation, block: int):
        super().__init__(
            operands=[guard], properties={"block": _id_attr(block)}, result_types=[i1]
        )

    def verify_(self) -> None:
        _verify_block_id(self, self.guard, "block", self.block.value.data)


@irdl_op_definition
class YieldOp(AbstractYieldOperation[Attribute]):
    """Terminates the body of a `simt.guarded` op and yields its results.

    Example: `simt.yield %x : i32`
    """

    name = "simt.yield"

    traits = lazy_traits_def(
        lambda: (
            IsTerminator(),
            HasParent(GuardedOp),
            Pure(),
            DivergenceTrait(Divergence.STRUCTURAL),
            CostClass(OpKind.FREE),
        )
    )


@irdl_op_definition
class GuardedOp(IRDLOperation):
    """Runs its body in the active lanes whose guard holds the block id `block`.

    The guarded block of a linearized region: lanes whose guard holds another id
    are inactive in the body and skip it. The body has one block without
    arguments, ended by `simt.yield`. For a lane that ran the body a result is the
    value it yielded; for a lane that skipped it a result is undefined, so a
    result may be used only where the body is known to have run (linearization
    uses results only in blocks dominated by this one). When a warp has no lane
    with the id, the body is not issued at all.

    Example:
    ```
    %r = simt.guarded %g, 1 : !simt.guard<4> -> (i32) {
      %x = arith.addi %a, %b : i32
      simt.guard.set %g, 2 : !simt.guard<4>
      simt.yield %x : i32
    }
    ```
    """

    name = "simt.guarded"

    guard = operand_def(GuardType)
    block = prop_def(IntegerAttr[I64])
    res = var_result_def()
    body = region_def("single_block")

    assembly_format = (
        "$guard `,` $block attr-dict `:` type($guard) (`->` `(` type($res)^ `)`)? $body"
    )

    traits = traits_def(
        RecursiveMemoryEffect(),
        SingleBlockImplicitTerminator(YieldOp),
        *_guard_op(Divergence.STRUCTURAL),
    )

    def __init__(
        self,
        guard: SSAValue | Operation,
        block: int,
        result_types: Sequence[Attribute] = (),
        body: Region | Sequence[Operation] | None = None,
    ):
        if body is None:
            body = Region(Block())
        elif not isinstance(body, Region):
            body = Region(Block(body))
        super().__init__(
            operands=[guard],
            properties={"block": _id_attr(block)},
            result_types=[result_types],
            regions=[body],
        )

    def verify_(self) -> None:
        _verify_block_id(self, self.guard, "block", self.block.value.data)
        body = self.body.block
        if body.args:
            raise VerifyException(
                f"expected a body without block arguments, found {len(body.args)}"
            )
        terminator = body.last_op
        if not isinstance(terminator, YieldOp):
            raise VerifyException("expected the body to end with simt.yield")
        yielded = tuple(arg.type for arg in terminator.arguments)
        declared = tuple(result.type for result in self.res)
        if yielded != declared:
            raise VerifyException(
                f"expected simt.yield of types ({_types(declared)}) to match the "
                f"results, found ({_types(yielded)})"
            )


def _types(types: Sequence[Attribute]) -> str:
    return ", ".join(str(t) for t in types)


SIMT = Dialect(
    "simt",
    [
        ThreadIdOp,
        BlockIdOp,
        BlockDimOp,
        GridDimOp,
        LaneIdOp,
        WarpSizeOp,
        VoteAnyOp,
        VoteAllOp,
        BallotOp,
        BarrierOp,
        AtomicAddOp,
        DynamicSharedOp,
        RaiseOp,
        GuardCreateOp,
        GuardSetOp,
        GuardSelectOp,
        GuardTestOp,
        GuardedOp,
        YieldOp,
        *INTRINSIC_OPS,
    ],
    [
        DimensionAttr,
        UniformityAttr,
        LoopInfoAttr,
        GuardType,
        MemorySpaceAttr,
        ExceptionAttr,
        *INTRINSIC_ATTRS,
    ],
)
