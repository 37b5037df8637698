"""Op facts: every op a stage can meet answers every fact, and a missing fact
is a located error, never a default (simt.model.facts)."""

from __future__ import annotations

import pytest
from xdsl.context import Context
from xdsl.dialects import arith, cf, func, math, memref, scf
from xdsl.dialects.builtin import ModuleOp, i32
from xdsl.ir import Dialect, Operation
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.traits import MemoryEffect, Pure

from simt.analysis.divergence import analyze_divergence
from simt.dialects.arith_ext import ARITH_EXT
from simt.dialects.simt import SIMT
from simt.lowering.rules import RULES
from simt.model.costs import op_cost
from simt.model.facts import (
    UPSTREAM_FACTS,
    Divergence,
    MissingFactError,
    OpKind,
    cost_class,
    has_declared_facts,
    is_commutative,
    is_convergent,
    may_write_memory,
    memory_accesses,
    result_divergence,
)
from simt.pipeline import default_context
from simt.sim.arith import BUILDERS
from simt.sim.handlers import HANDLERS

OWN_DIALECTS = (SIMT, ARITH_EXT)
UPSTREAM_DIALECTS = {
    "arith": arith.Arith,
    "math": math.Math,
    "memref": memref.MemRef,
    "scf": scf.Scf,
    "cf": cf.Cf,
    "func": func.Func,
}

UNSUPPORTED_UPSTREAM = frozenset(
    {
        "memref.assume_alignment",
        "memref.alloca_scope",
        "memref.alloca_scope.return",
        "memref.copy",
        "memref.dealloc",
        "memref.extract_aligned_pointer_as_index",
        "memref.dma_start",
        "memref.dma_wait",
        "scf.execute_region",
        "scf.parallel",
        "scf.reduce",
        "scf.reduce.return",
    }
)
"""Upstream ops no simt stage accepts: they have no facts, so every analysis
that meets one stops with `MissingFactError` rather than guessing."""


def _all_ops(dialect: Dialect) -> list[type[Operation]]:
    return list(dialect.operations)


@pytest.mark.parametrize(
    "op", [op for d in OWN_DIALECTS for op in _all_ops(d)], ids=lambda op: op.name
)
def test_own_ops_declare_every_fact_as_traits(op: type[Operation]) -> None:
    assert op not in UPSTREAM_FACTS
    assert has_declared_facts(op)
    result_divergence(op)
    cost_class(op)
    assert op.get_traits_of_type(MemoryEffect), f"{op.name} declares no effects"


@pytest.mark.parametrize("name", sorted(UPSTREAM_DIALECTS))
def test_upstream_table_covers_each_dialect_but_the_listed_gaps(name: str) -> None:
    dialect = UPSTREAM_DIALECTS[name]
    missing = {op.name for op in dialect.operations if op not in UPSTREAM_FACTS}
    assert missing == {n for n in UNSUPPORTED_UPSTREAM if n.startswith(f"{name}.")}


def test_upstream_table_holds_only_upstream_ops() -> None:
    own = {op for d in OWN_DIALECTS for op in d.operations}
    for op in UPSTREAM_FACTS:
        assert op not in own
        assert op.name.split(".")[0] in {*UPSTREAM_DIALECTS, "builtin", "gpu"}


def _op_classes_by_name() -> dict[str, type[Operation]]:
    dialects = [*OWN_DIALECTS, *UPSTREAM_DIALECTS.values()]
    return {op.name: op for d in dialects for op in d.operations}


def test_every_op_the_simulator_runs_has_facts() -> None:
    classes = _op_classes_by_name()
    for name in (*HANDLERS, *BUILDERS):
        assert has_declared_facts(classes[name]), name


def test_every_op_the_lowering_translates_has_facts() -> None:
    for op in RULES:
        assert has_declared_facts(op), op.name


def test_collectives_are_convergent_and_nothing_else_is() -> None:
    convergent = {op.name for op in SIMT.operations if is_convergent(op)}
    assert convergent == {
        "simt.vote_any",
        "simt.vote_all",
        "simt.ballot",
        "simt.barrier",
        "simt.shfl",
        "simt.vote_sync",
        "simt.match_any",
        "simt.match_all",
        "simt.activemask",
        "simt.syncwarp",
        "simt.barrier_reduce",
        "simt.grid_barrier",
    }
    assert not any(
        is_convergent(op) for op in UPSTREAM_FACTS if op.name != "gpu.barrier"
    )


def test_divergence_facts_of_thread_identity() -> None:
    sources = {
        op.name for op in SIMT.operations if result_divergence(op) is Divergence.SOURCE
    }
    assert {"simt.thread_id", "simt.lane_id", "simt.atomic_add"} <= sources
    assert {"simt.atomic", "simt.atomic_cas", "simt.shfl", "simt.match_any"} <= sources
    masked = {
        op.name for op in SIMT.operations if result_divergence(op) is Divergence.MASK
    }
    assert masked == {"simt.vote_sync", "simt.match_all"}
    assert "simt.block_id" not in sources and "simt.warp_size" not in sources


def test_commutativity_extends_xdsl_where_mlir_declares_it() -> None:
    assert is_commutative(arith.AddiOp) and is_commutative(arith.AddfOp)
    assert is_commutative(arith.MaxSIOp) and is_commutative(arith.MinnumfOp)
    assert not is_commutative(arith.SubiOp) and not is_commutative(arith.DivfOp)
    assert not is_commutative(arith.CmpiOp)


MODULE = """
func.func @k(%a: memref<?xi32>, %g: !simt.guard<2>) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<?xi32>
  %old = simt.atomic_add %v, %a[%c0] : memref<?xi32>, i32
  simt.barrier
  simt.guard.set %g, 1 : !simt.guard<2>
  %t = simt.guard.test %g, 1 : !simt.guard<2>
  func.return
}
"""


def _parse(text: str, ctx: Context | None = None) -> ModuleOp:
    return Parser(ctx or default_context(), text).parse_module()


def _op(module: ModuleOp, name: str) -> Operation:
    return next(op for op in module.walk() if op.name == name)


def test_memory_accesses_name_the_memref_and_skip_guards_and_barriers() -> None:
    module = _parse(MODULE)
    load, atomic = _op(module, "memref.load"), _op(module, "simt.atomic_add")
    (read,) = memory_accesses(load) or ()
    assert read.value is load.operands[0] and read.memory_space is None
    assert {a.kind.name for a in memory_accesses(atomic) or ()} == {"READ", "WRITE"}
    for name in ("simt.barrier", "simt.guard.set", "simt.guard.test"):
        assert memory_accesses(_op(module, name)) == ()
        assert not may_write_memory(_op(module, name))
    assert may_write_memory(atomic) and not may_write_memory(load)


def test_cost_of_an_op_follows_its_class() -> None:
    assert op_cost(arith.DivSIOp) == 20 and op_cost(memref.LoadOp) == 4
    assert cost_class(next(iter(SIMT.operations))) is OpKind.SPECIAL_REG


@irdl_op_definition
class ForgetfulOp(IRDLOperation):
    """A test op that is `Pure` but declares none of simt's facts."""

    name = "test_facts.forgetful"
    x = operand_def(i32)
    y = result_def(i32)
    traits = traits_def(Pure())


def test_an_op_without_facts_is_an_error_with_its_location() -> None:
    assert not has_declared_facts(ForgetfulOp)
    with pytest.raises(MissingFactError, match="declares no divergence behaviour"):
        result_divergence(ForgetfulOp)
    with pytest.raises(MissingFactError, match="declares no cost class"):
        op_cost(ForgetfulOp)
    ctx = default_context()
    ctx.load_dialect(Dialect("test_facts", [ForgetfulOp]))
    module = _parse(
        """
        func.func @k(%x: i32) attributes {simt.kernel} {
          %y = "test_facts.forgetful"(%x) : (i32) -> i32 loc("k.py":3:4)
          func.return
        }
        """,
        ctx,
    )
    with pytest.raises(MissingFactError, match=r"^k\.py:3:4: 'test_facts\.forgetful'"):
        analyze_divergence(module)
