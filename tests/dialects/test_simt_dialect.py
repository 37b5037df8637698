"""The simt dialect's Python builders produce the IR its textual form describes."""

from __future__ import annotations

import pytest
from xdsl.dialects import arith, func, memref
from xdsl.dialects.builtin import IndexType, MemRefType, ModuleOp, i1, i32, i64
from xdsl.ir import Block, Region
from xdsl.utils.exceptions import VerifyException

from simt.dialects import simt


def _func(ops: list, arg_types: list) -> ModuleOp:
    block = Block(arg_types=arg_types)
    block.add_ops(ops(block.args) if callable(ops) else ops)
    block.add_op(func.ReturnOp())
    kernel = func.FuncOp("k", (arg_types, []), Region(block))
    return ModuleOp([kernel])


def test_identity_ops_default_to_i32_and_keep_the_dimension() -> None:
    tid = simt.ThreadIdOp("y")
    assert tid.result.type == i32
    assert tid.dimension.data == simt.Dimension.Y
    assert simt.GridDimOp(simt.Dimension.Z, i64).result.type == i64
    _func([tid, simt.LaneIdOp(), simt.WarpSizeOp(IndexType())], []).verify()


def test_guard_builders_verify_ids_against_the_block_count() -> None:
    def body(args):
        create = simt.GuardCreateOp(3, init=0)
        guarded = simt.GuardedOp(create, 2, [], [simt.YieldOp()])
        return [
            create,
            simt.GuardSetOp(create, 1),
            simt.GuardSelectOp(create, args[0], 2, 0),
            simt.GuardTestOp(create, 2),
            guarded,
        ]

    _func(body, [i1]).verify()
    with pytest.raises(VerifyException, match=r"expected target in \[0, 3\)"):
        _func(
            lambda _: [g := simt.GuardCreateOp(3), simt.GuardSetOp(g, 3)], []
        ).verify()


def test_atomic_add_result_has_the_value_type() -> None:
    def body(args):
        index = arith.ConstantOp.from_int_and_width(0, IndexType())
        return [index, simt.AtomicAddOp(args[1], args[0], [index])]

    module = _func(body, [MemRefType(i32, [-1]), i32])
    module.verify()
    atomic = next(op for op in module.walk() if isinstance(op, simt.AtomicAddOp))
    assert atomic.result.type == i32


def test_loop_info_exposes_its_facts_and_rejects_bad_fractions() -> None:
    info = simt.LoopInfoAttr(trip_count=4.0, idle_fraction=0.5)
    assert info.expected_trip_count == 4.0
    assert info.expected_idle_fraction == 0.5
    assert simt.LoopInfoAttr().expected_trip_count is None
    with pytest.raises(VerifyException, match="idle_fraction in"):
        simt.LoopInfoAttr(idle_fraction=2.0)


def test_uniformity_constants() -> None:
    assert simt.UNIFORM.is_uniform
    assert not simt.DIVERGENT.is_uniform


def test_private_alloca_is_not_a_guard() -> None:
    # A guard is a distinct type: a memref cannot stand in for it.
    alloca = memref.AllocaOp.get(i32, shape=[])
    with pytest.raises(VerifyException):
        _func([alloca, simt.GuardSetOp(alloca, 0)], []).verify()
