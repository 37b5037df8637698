"""ControlFlowGraph: the adapter from an xDSL region of blocks to DiGraph."""

import pytest
from xdsl.context import Context
from xdsl.dialects import arith, builtin, cf, func, memref, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Region
from xdsl.parser import Parser

from simt.analysis import Condition, ControlFlowGraph


def _parse(text: str) -> ModuleOp:
    ctx = Context()
    for dialect in (
        builtin.Builtin,
        func.Func,
        arith.Arith,
        cf.Cf,
        scf.Scf,
        memref.MemRef,
    ):
        ctx.load_dialect(dialect)
    return Parser(ctx, text).parse_module()


def _body(module: ModuleOp) -> tuple[Region, list[Block]]:
    function = next(op for op in module.ops if isinstance(op, func.FuncOp))
    return function.body, list(function.body.blocks)


LOOP = """
func.func @loop(%n: i32) {
  %c0 = arith.constant 0 : i32
  cf.br ^hdr(%c0 : i32)
^hdr(%i: i32):
  %cond = arith.cmpi slt, %i, %n : i32
  cf.cond_br %cond, ^body, ^exit
^body:
  %one = arith.constant 1 : i32
  %next = arith.addi %i, %one : i32
  cf.br ^hdr(%next : i32)
^exit:
  func.return
}
"""


def test_loop_region() -> None:
    region, (entry, hdr, body, exit_) = _body(_parse(LOOP))
    cfg = ControlFlowGraph(region)
    assert cfg.region is region
    assert cfg.entry is entry
    assert cfg.graph.nodes == (entry, hdr, body, exit_)
    assert cfg.graph.edges == ((entry, hdr), (hdr, body), (hdr, exit_), (body, hdr))
    assert cfg.graph.exits == {exit_}
    assert cfg.dominator_tree.idom(exit_) is hdr
    assert cfg.post_dominator_tree.ipdom(body) is hdr
    (loop,) = cfg.loop_forest.loops
    assert loop.header is hdr
    assert loop.latches == {body}
    assert loop.exit_blocks == {exit_}
    assert cfg.unstructured_edges.is_structured


SHORT_CIRCUIT = """
func.func @short_circuit(%c1: i1, %c2: i1, %c3: i1) {
  cf.br ^b1
^b1:
  cf.cond_br %c1, ^b3, ^b2
^b2:
  cf.cond_br %c2, ^b3, ^b5
^b3:
  cf.cond_br %c3, ^b4, ^b5
^b4:
  cf.br ^b6
^b5:
  cf.br ^b6
^b6:
  func.return
}
"""


def test_anantpur_fig1_as_ir() -> None:
    """Anantpur Fig. 1(b) written with cf ops: same facts as on the graph."""
    region, (_, b1, b2, b3, _, b5, b6) = _body(_parse(SHORT_CIRCUIT))
    cfg = ControlFlowGraph(region)
    assert cfg.post_dominator_tree.ipdom(b1) is b6
    checker = cfg.unstructured_edges
    assert checker.edges == {(b2, b3), (b2, b5), (b3, b5)}
    assert checker.with_condition(Condition.BRANCH_INTO_BRANCH) == checker.edges


MULTI = """
func.func @multi(%flag: i32, %c: i1) {
  cf.switch %flag : i32, [
    default: ^a,
    1: ^b,
    2: ^b
  ]
^a:
  cf.cond_br %c, ^r1, ^r1
^b:
  func.return
^r1:
  func.return
^dead:
  cf.br ^b
}
"""


def test_switch_several_returns_and_dead_block() -> None:
    region, (entry, a, b, r1, dead) = _body(_parse(MULTI))
    cfg = ControlFlowGraph(region)
    assert cfg.graph.succs(entry) == (a, b)
    assert cfg.graph.succs(a) == (r1,)
    assert cfg.graph.unreachable == (dead,)
    assert cfg.post_dominator_tree.exits == {b, r1}
    assert cfg.post_dominator_tree.ipdom(entry) is None
    assert cfg.post_dominator_tree.ipdom(dead) is b
    assert cfg.dominator_tree.idom(dead) is None


def test_single_block_region_of_structured_op() -> None:
    module = _parse(
        """
        func.func @f(%c: i1) {
          scf.if %c {
            %x = arith.constant 1 : i32
          }
          func.return
        }
        """
    )
    if_op = next(op for op in module.walk() if isinstance(op, scf.IfOp))
    cfg = ControlFlowGraph(if_op.true_region)
    assert cfg.graph.exits == {cfg.entry}
    assert cfg.loop_forest.loops == ()


def test_empty_region_is_rejected() -> None:
    with pytest.raises(ValueError, match="without blocks"):
        ControlFlowGraph(Region())
