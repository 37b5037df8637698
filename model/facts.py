"""Facts about ops that every stage asks, declared once on the op.

Sources: MLIR's op traits and interfaces (`Pure`, `Commutative`,
`MemoryEffectOpInterface` with its resources), LLVM's `convergent` attribute
(LangRef, "Function Attributes": an operation whose set of communicating
threads must not be changed by control-flow transformations) and the hooks
of LLVM's uniformity analysis (`TargetTransformInfo::isSourceOfDivergence`,
`isAlwaysUniform`).

Five facts, each asked through one function of this module:

* `result_divergence(op)`: how the op's results relate to warp lanes
  (`Divergence`): a *source* of divergence (thread and lane ids, atomics,
  per-lane allocations), always *uniform* (block ids and sizes, votes),
  data dependent on the *operands*, dependent on the operands and the
  *memory* it reads (loads), uniform across a member *mask* (votes with a
  mask operand), or *structural* (control flow: the analysis applies its
  own rules to the op's regions and successors);
* `is_convergent(op)`: a warp or block collective (barrier, vote, ballot,
  shuffle, ...): which lanes run it together is part of its meaning, so no
  transformation may move it across divergent control flow, run it on a
  different set of lanes, or merge two of them;
* `memory_accesses(op)`: the op's data-memory reads and writes and the
  memory space each touches, from xDSL's memory-effect interface
  (`xdsl.traits.get_effects`); effects on simt's own resources (guard
  variables, `GUARD_RESOURCE`; the ordering a barrier imposes,
  `SYNC_RESOURCE`) are not data accesses;
* `is_commutative(op)`: xDSL's `Commutative` trait;
* `cost_class(op)`: the row of the cost table (`OpKind`) that prices one
  warp instruction of the op.

simt's ops declare their facts as traits (`DivergenceTrait`, `Convergent`,
`CostClass`, xDSL's memory effects and `Commutative`). Upstream ops (arith,
math, memref, scf, cf, func) cannot carry our traits, so their facts come
from the one table `UPSTREAM_FACTS`, which `tests/model/test_facts.py`
checks against the ops of those dialects. An op with neither raises
`MissingFactError` wherever the fact is needed: a new op that forgets to
declare a fact is an error, never a silent default.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from types import MappingProxyType

from xdsl.dialects import arith, cf, func, gpu, math, memref, scf
from xdsl.dialects.builtin import (
    MemRefType,
    ModuleOp,
    NoneAttr,
    UnrealizedConversionCastOp,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.traits import (
    Commutative,
    DefaultResource,
    EffectInstance,
    MemoryEffect,
    MemoryEffectKind,
    OpTrait,
    Resource,
    get_effects,
    is_side_effect_free,
)
from xdsl.utils.exceptions import DiagnosticException
from xdsl.utils.str_enum import StrEnum

from simt.model.locations import op_location

# ---------------------------------------------------------------------------
# The facts
# ---------------------------------------------------------------------------


class Divergence(StrEnum):
    """How an op's results can differ between the active lanes of a warp."""

    SOURCE = "source"
    """Divergent whatever the operands (thread and lane ids, atomics)."""
    UNIFORM = "uniform"
    """Uniform whatever the operands (block ids and sizes, votes, ballots)."""
    OPERANDS = "operands"
    """Divergent iff an operand is (data dependence)."""
    MEMORY = "memory"
    """Divergent iff an operand is, or the memory read may differ (loads)."""
    STRUCTURAL = "structural"
    """A control-flow op: its regions and successors decide (scf, cf, func)."""
    MASK = "mask"
    """A collective over the lanes of a member mask (its first operand):
    uniform iff the mask is (votes and matches with a mask)."""


class OpKind(StrEnum):
    """The cost class of an op: its row of the cost table (`CostTable`)."""

    ALU = "alu"
    INT_MUL = "int_mul"
    INT_DIV = "int_div"
    FLOAT = "float_arith"
    FLOAT_DIV = "float_div"
    SQRT = "sqrt"
    TRANSCENDENTAL = "transcendental"
    CONVERT = "convert"
    CONSTANT = "constant"
    SPECIAL_REG = "special_reg"
    LOAD = "load"
    STORE = "store"
    ATOMIC = "atomic"
    BRANCH = "branch"
    BARRIER = "barrier"
    VOTE = "vote"
    GUARD = "guard"
    ALLOC = "alloc"
    FREE = "free"


class MissingFactError(DiagnosticException):
    """An op that declares no answer to a fact some stage needs."""

    def __init__(self, op: Operation | type[Operation], fact: str):
        name = op.name
        where = "" if isinstance(op, type) else f"{op_location(op)}: "
        super().__init__(
            f"{where}'{name}' declares no {fact}: add the trait to the op "
            "(simt ops) or an entry to simt.model.facts.UPSTREAM_FACTS "
            "(upstream ops); see docs/adding-an-op.md"
        )


# ---------------------------------------------------------------------------
# Traits that simt's own ops declare
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class DivergenceTrait(OpTrait):
    """Declares `result_divergence` for an op."""

    kind: Divergence


@dataclass(frozen=True)
class CostClass(OpTrait):
    """Declares `cost_class` for an op."""

    kind: OpKind


@dataclass(frozen=True)
class Convergent(OpTrait):
    """Declares an op a collective: its lanes must reach it together."""


@dataclass(frozen=True)
class GuardResource(Resource):
    """The per-lane guard variables of linearization (`!simt.guard<N>`)."""

    def name(self) -> str:
        return "simt.guard"


@dataclass(frozen=True)
class SyncResource(Resource):
    """The memory ordering a barrier or fence imposes: it orders the data
    accesses around it without reading or writing any data itself."""

    def name(self) -> str:
        return "simt.sync"


GUARD_RESOURCE = GuardResource()
SYNC_RESOURCE = SyncResource()


# ---------------------------------------------------------------------------
# Upstream ops: the one table
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class UpstreamFacts:
    """The facts of an upstream op class (see the module docstring)."""

    divergence: Divergence
    cost: OpKind
    commutative: bool = False
    """Commutative where xDSL does not declare it (MLIR does)."""
    convergent: bool = False
    """A collective (upstream ops cannot carry the `Convergent` trait)."""
    view: bool = False
    """Returns a view of its first operand's memory (MLIR's `ViewLikeOpInterface`)."""
    pure: bool = False
    """Free of memory effects where xDSL 0.74 declares no effect trait."""


def _facts(
    divergence: Divergence, cost: OpKind, *classes: type[Operation], **extra: bool
) -> dict[type[Operation], UpstreamFacts]:
    return dict.fromkeys(classes, UpstreamFacts(divergence, cost, **extra))


_D = Divergence
_K = OpKind

UPSTREAM_FACTS: Mapping[type[Operation], UpstreamFacts] = MappingProxyType(
    {
        **_facts(_D.UNIFORM, _K.CONSTANT, arith.ConstantOp),
        **_facts(
            _D.OPERANDS,
            _K.ALU,
            arith.AddiOp,
            arith.AndIOp,
            arith.OrIOp,
            arith.XOrIOp,
            arith.MaxSIOp,
            arith.MaxUIOp,
            arith.MinSIOp,
            arith.MinUIOp,
            commutative=True,
        ),
        **_facts(
            _D.OPERANDS,
            _K.ALU,
            arith.SubiOp,
            arith.CmpiOp,
            arith.SelectOp,
            arith.ShLIOp,
            arith.ShRUIOp,
            arith.ShRSIOp,
            arith.AddUIExtendedOp,
            arith.IndexCastOp,
            arith.TruncIOp,
            arith.ExtUIOp,
            arith.BitcastOp,
            math.AbsIOp,
            math.CtPopOp,
            math.CountLeadingZerosOp,
            math.CountTrailingZerosOp,
        ),
        **_facts(_D.OPERANDS, _K.ALU, arith.ExtSIOp, pure=True),
        **_facts(
            _D.OPERANDS,
            _K.INT_MUL,
            arith.MuliOp,
            arith.MulUIExtendedOp,
            arith.MulSIExtendedOp,
            commutative=True,
        ),
        **_facts(
            _D.OPERANDS,
            _K.INT_DIV,
            arith.DivSIOp,
            arith.DivUIOp,
            arith.RemSIOp,
            arith.FloorDivSIOp,
            arith.CeilDivSIOp,
            arith.CeilDivUIOp,
        ),
        **_facts(_D.OPERANDS, _K.INT_DIV, arith.RemUIOp, pure=True),
        **_facts(
            _D.OPERANDS,
            _K.FLOAT,
            arith.AddfOp,
            arith.MulfOp,
            arith.MaximumfOp,
            arith.MinimumfOp,
            arith.MaxnumfOp,
            arith.MinnumfOp,
            commutative=True,
        ),
        **_facts(
            _D.OPERANDS,
            _K.FLOAT,
            arith.SubfOp,
            arith.NegfOp,
            arith.CmpfOp,
            math.AbsFOp,
            math.FloorOp,
            math.CeilOp,
            math.TruncOp,
            math.RoundOp,
            math.RoundEvenOp,
            math.CopySignOp,
        ),
        **_facts(_D.OPERANDS, _K.FLOAT_DIV, arith.DivfOp),
        **_facts(
            _D.OPERANDS,
            _K.CONVERT,
            arith.SIToFPOp,
            arith.UIToFPOp,
            arith.FPToSIOp,
            arith.FPToUIOp,
            arith.ExtFOp,
            arith.TruncFOp,
        ),
        **_facts(_D.OPERANDS, _K.SQRT, math.SqrtOp, math.RsqrtOp),
        **_facts(
            _D.OPERANDS,
            _K.TRANSCENDENTAL,
            math.AcosOp,
            math.AcoshOp,
            math.AsinOp,
            math.AsinhOp,
            math.Atan2Op,
            math.AtanOp,
            math.AtanhOp,
            math.CbrtOp,
            math.CosOp,
            math.CoshOp,
            math.ErfOp,
            math.Exp2Op,
            math.ExpM1Op,
            math.ExpOp,
            math.FPowIOp,
            math.FmaOp,
            math.IPowIOp,
            math.Log10Op,
            math.Log1pOp,
            math.Log2Op,
            math.LogOp,
            math.PowFOp,
            math.SinOp,
            math.SinhOp,
            math.TanOp,
            math.TanhOp,
        ),
        **_facts(_D.MEMORY, _K.LOAD, memref.LoadOp),
        **_facts(_D.OPERANDS, _K.STORE, memref.StoreOp),
        **_facts(_D.SOURCE, _K.ALLOC, memref.AllocaOp, memref.AllocOp),
        **_facts(_D.OPERANDS, _K.ALLOC, memref.DimOp, memref.RankOp),
        **_facts(_D.SOURCE, _K.ATOMIC, memref.AtomicRMWOp),
        **_facts(_D.UNIFORM, _K.ALLOC, memref.GetGlobalOp),
        **_facts(_D.STRUCTURAL, _K.FREE, memref.GlobalOp),
        **_facts(
            _D.OPERANDS,
            _K.ALLOC,
            memref.CastOp,
            memref.SubviewOp,
            memref.ReinterpretCastOp,
            memref.ExtractStridedMetaDataOp,
            memref.ViewOp,
            memref.CollapseShapeOp,
            memref.ExpandShapeOp,
            memref.MemorySpaceCastOp,
            view=True,
        ),
        **_facts(_D.STRUCTURAL, _K.BRANCH, scf.IfOp, scf.ForOp, scf.WhileOp),
        **_facts(_D.STRUCTURAL, _K.BRANCH, scf.IndexSwitchOp, scf.ConditionOp),
        **_facts(_D.STRUCTURAL, _K.FREE, scf.YieldOp),
        **_facts(
            _D.STRUCTURAL,
            _K.BRANCH,
            cf.BranchOp,
            cf.ConditionalBranchOp,
            func.ReturnOp,
            pure=True,
        ),
        **_facts(_D.STRUCTURAL, _K.BRANCH, cf.SwitchOp),
        **_facts(_D.OPERANDS, _K.BRANCH, cf.AssertOp),
        **_facts(_D.SOURCE, _K.BRANCH, func.CallOp),
        **_facts(_D.STRUCTURAL, _K.FREE, ModuleOp, func.FuncOp),
        **_facts(_D.OPERANDS, _K.FREE, UnrealizedConversionCastOp),
        **_facts(
            _D.SOURCE, _K.SPECIAL_REG, gpu.ThreadIdOp, gpu.LaneIdOp, gpu.GlobalIdOp
        ),
        **_facts(
            _D.UNIFORM,
            _K.SPECIAL_REG,
            gpu.BlockIdOp,
            gpu.BlockDimOp,
            gpu.GridDimOp,
            gpu.SubgroupSizeOp,
        ),
        **_facts(_D.OPERANDS, _K.BARRIER, gpu.BarrierOp, convergent=True),
    }
)
"""The facts of the upstream ops simt accepts, by op class. A call is a
divergence source because the callee may read the lane id; the analysis of
a whole module refines nothing across calls. `cf.assert` (a runtime check
the frontend emits, such as the size check of a reshape) declares no memory
effect in xDSL, so every stage treats it as an op of unknown effects: it is
never moved, merged, speculated or removed. The `gpu` dialect's thread
identity and barrier are here so that the analyses read IR of other xDSL
compilers; the simulator and the lowering do not run them."""


# ---------------------------------------------------------------------------
# Queries
# ---------------------------------------------------------------------------


OpOrClass = Operation | type[Operation]
"""Facts are facts of the op's class: queries take an op or its class."""


def _class_of(op: OpOrClass) -> type[Operation]:
    return op if isinstance(op, type) else type(op)


def upstream_facts(op: OpOrClass) -> UpstreamFacts | None:
    """The table entry of an upstream op, or None."""
    return UPSTREAM_FACTS.get(_class_of(op))


def result_divergence(op: OpOrClass) -> Divergence:
    """How `op`'s results relate to warp lanes (raises `MissingFactError`)."""
    trait = op.get_trait(DivergenceTrait)
    if trait is not None:
        return trait.kind
    facts = upstream_facts(op)
    if facts is None:
        raise MissingFactError(op, "divergence behaviour (DivergenceTrait)")
    return facts.divergence


def cost_class(op: OpOrClass) -> OpKind:
    """The cost-table row of `op` (raises `MissingFactError`)."""
    trait = op.get_trait(CostClass)
    if trait is not None:
        return trait.kind
    facts = upstream_facts(op)
    if facts is None:
        raise MissingFactError(op, "cost class (CostClass)")
    return facts.cost


def is_convergent(op: OpOrClass) -> bool:
    """Whether `op` is a collective: its lanes must reach it together."""
    if op.has_trait(Convergent):
        return True
    facts = upstream_facts(op)
    return facts is not None and facts.convergent


def is_commutative(op: OpOrClass) -> bool:
    """Whether the two operands of `op` may be swapped."""
    if op.has_trait(Commutative):
        return True
    facts = upstream_facts(op)
    return facts is not None and facts.commutative


def has_no_effects(op: Operation) -> bool:
    """Whether `op` is known to have no memory effect of any kind (data, guard
    variables or ordering): it may be moved, merged or removed freely."""
    facts = upstream_facts(op)
    if facts is not None and facts.pure:
        return True
    return is_side_effect_free(op)


def is_view(op: OpOrClass) -> bool:
    """Whether `op` returns a view of (an alias into) its first operand."""
    facts = upstream_facts(op)
    return facts is not None and facts.view


def has_declared_facts(op: OpOrClass) -> bool:
    """Whether `op` answers every fact (a trait set or an upstream entry)."""
    if upstream_facts(op) is not None:
        return True
    return op.has_trait(DivergenceTrait) and op.has_trait(CostClass)


# ---------------------------------------------------------------------------
# Memory
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MemoryAccess:
    """One data-memory effect of an op: its kind and what it touches."""

    kind: MemoryEffectKind
    value: SSAValue | None
    """The memref accessed; None when the op does not say (any memory)."""

    @property
    def memory_space(self) -> Attribute | None:
        """The memref's memory space attribute; None for the default (global)
        space or when the accessed memory is unknown."""
        if self.value is None or not isinstance(self.value.type, MemRefType):
            return None
        space = self.value.type.memory_space
        return None if _is_default_space(space) else space


def _is_default_space(space: Attribute) -> bool:
    return isinstance(space, NoneAttr)


def memory_accesses(op: Operation) -> tuple[MemoryAccess, ...] | None:
    """The data-memory effects of `op` itself and of the ops it holds; None
    when they are unknown (an op without an effect interface), which callers
    must treat as "may read and write any memory"."""
    facts = upstream_facts(op)
    if facts is not None and facts.pure:
        return ()
    effects = get_effects(op)
    if effects is None:
        return None
    return tuple(_access(op, e) for e in effects if _is_data(e))


def _is_data(effect: EffectInstance) -> bool:
    return isinstance(effect.resource, DefaultResource) and effect.kind in (
        MemoryEffectKind.READ,
        MemoryEffectKind.WRITE,
    )


def _access(op: Operation, effect: EffectInstance) -> MemoryAccess:
    value = effect.value if isinstance(effect.value, SSAValue) else None
    if value is None and not op.regions:
        memrefs = [v for v in op.operands if isinstance(v.type, MemRefType)]
        value = memrefs[0] if len(memrefs) == 1 else None
    return MemoryAccess(effect.kind, value)


def allocates_memory(op: Operation) -> bool:
    """Whether `op` allocates data memory (a new memref no other value aliases)."""
    effects = get_effects(op)
    return effects is not None and any(
        e.kind is MemoryEffectKind.ALLOC and isinstance(e.resource, DefaultResource)
        for e in effects
    )


def may_write_memory(op: Operation) -> bool:
    """Whether `op` (or an op it holds) may write data memory that a load
    can read; guard variables and barrier ordering are not data, and an op
    with unknown effects may write."""
    accesses = memory_accesses(op)
    if accesses is None:
        return True
    return any(a.kind is MemoryEffectKind.WRITE for a in accesses)


# ---------------------------------------------------------------------------
# Memory-effect traits with a resource or a value
# ---------------------------------------------------------------------------


class ReadsWritesMemrefOperands(MemoryEffect):
    """Reads and writes the memory of each memref operand (an atomic
    read-modify-write)."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        return frozenset(
            EffectInstance(kind, value)
            for value in op.operands
            if isinstance(value.type, MemRefType)
            for kind in (MemoryEffectKind.READ, MemoryEffectKind.WRITE)
        )


class Synchronizes(MemoryEffect):
    """Orders the memory accesses around the op (a barrier or fence): it reads
    and writes `SYNC_RESOURCE`, so no access moves across it, and touches no
    data itself."""

    @classmethod
    def get_effects(cls, op: Operation) -> AbstractSet[EffectInstance]:
        return _SYNC_EFFECTS


_SYNC_EFFECTS = frozenset(
    {
        EffectInstance(MemoryEffectKind.READ, resource=SYNC_RESOURCE),
        EffectInstance(MemoryEffectKind.WRITE, resource=SYNC_RESOURCE),
    }
)
