"""StructuredLoopTree: nesting of scf.for / scf.while ops parsed from MLIR."""

from xdsl.context import Context
from xdsl.dialects import arith, builtin, cf, func, memref, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.parser import Parser

from simt.analysis import StructuredLoopTree


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


NEST = """
func.func @nest(%n: index, %c: i1, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      scf.for %j = %c0 to %n step %c1 {
        %v = memref.load %m[%j] : memref<?xi32>
      }
    }
    %r = scf.while (%x = %c0) : (index) -> index {
      %cond = arith.cmpi slt, %x, %n : index
      scf.condition(%cond) %x : index
    } do {
    ^bb0(%y: index):
      scf.for %k = %c0 to %y step %c1 {
      }
      %z = arith.addi %y, %c1 : index
      scf.yield %z : index
    }
  }
  scf.for %l = %c0 to %n step %c1 {
  }
  func.return
}
"""


def _loops(module: ModuleOp) -> list[Operation]:
    return [op for op in module.walk() if isinstance(op, scf.ForOp | scf.WhileOp)]


def test_nesting_through_scf_if_and_while() -> None:
    """for_i { if { for_j } ; while { for_k } } ; for_l"""
    module = _parse(NEST)
    for_i, for_j, while_op, for_k, for_l = _loops(module)
    tree = StructuredLoopTree(module)
    assert tree.root is module
    assert [node.op for node in tree.loops] == [for_i, for_j, while_op, for_k, for_l]
    assert [node.op for node in tree.top_level] == [for_i, for_l]
    outer = tree.node(for_i)
    assert outer.children == (for_j, while_op)
    assert (outer.parent, outer.depth) == (None, 1)
    assert tree.node(for_j).parent is for_i
    assert tree.node(while_op).children == (for_k,)
    assert (tree.node(for_k).parent, tree.node(for_k).depth) == (while_op, 3)
    assert tree.max_depth == 3
    assert for_k in tree


def test_loop_of_any_op() -> None:
    module = _parse(NEST)
    for_i, for_j, _, _, _ = _loops(module)
    tree = StructuredLoopTree(module)
    load = next(op for op in module.walk() if isinstance(op, memref.LoadOp))
    if_op = next(op for op in module.walk() if isinstance(op, scf.IfOp))
    assert tree.loop_of(load) == tree.node(for_j)
    assert tree.loop_of(if_op) == tree.node(for_i)
    assert tree.loop_of(for_i) is None


def test_root_loop_counts_and_outer_ops_do_not() -> None:
    module = _parse(NEST)
    for_i, for_j, while_op, for_k, _ = _loops(module)
    tree = StructuredLoopTree(for_i)
    assert [node.op for node in tree.loops] == [for_i, for_j, while_op, for_k]
    assert tree.node(for_i).parent is None


def test_no_loops() -> None:
    module = _parse("func.func @f() {\n  func.return\n}")
    tree = StructuredLoopTree(module)
    assert tree.loops == ()
    assert tree.max_depth == 0


def test_other_loop_kinds_on_request() -> None:
    module = _parse(NEST)
    tree = StructuredLoopTree(module, loop_ops=(scf.WhileOp,))
    assert len(tree.loops) == 1
