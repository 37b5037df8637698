"""The answers of `DivergenceInfo` and the errors a user can cause."""

from __future__ import annotations

import pytest
from xdsl.dialects import arith, cf, func
from xdsl.dialects.builtin import ModuleOp, i32

import simt
from simt.analysis.divergence import analyze_divergence
from simt.pipeline import default_context

FIG6_LOOP = """
func.func @loop(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^head(%zero : i32)
^head(%j: i32):
  %j1 = arith.addi %j, %one : i32
  %p = arith.cmpi slt, %j1, %tid : i32
  cf.cond_br %p, ^head(%j1 : i32), ^exit
^exit:
  %after = arith.muli %j1, %j1 : i32
  func.return
}
"""


def parse(text: str) -> ModuleOp:
    from xdsl.parser import Parser

    return Parser(default_context(), text).parse_module()


def named(module: ModuleOp, name: str):
    for op in module.walk():
        for result in op.results:
            if result.name_hint == name:
                return op, result
    raise KeyError(name)


def test_j1_is_uniform_inside_the_loop_and_divergent_after_it() -> None:
    module = parse(FIG6_LOOP)
    info = analyze_divergence(module)
    increment, j1 = named(module, "j1")
    compare, _ = named(module, "p")
    after, _ = named(module, "after")
    assert info.is_uniform(j1)
    assert not info.is_divergent_at(j1, compare)
    assert info.is_divergent_at(j1, after)
    assert info.is_divergent(after.results[0])
    branch = next(op for op in module.walk() if isinstance(op, cf.ConditionalBranchOp))
    assert info.is_divergent_branch(branch)
    assert increment in {v.owner for v in info.uniform_values}


def test_questions_about_foreign_values_and_ops_are_errors() -> None:
    info = analyze_divergence(parse(FIG6_LOOP))
    stray = arith.ConstantOp.from_int_and_width(1, i32)
    with pytest.raises(ValueError, match="not in the analyzed code"):
        info.is_divergent(stray.result)
    with pytest.raises(ValueError, match="expected a branching op"):
        info.is_divergent_branch(stray)


def test_the_recording_pass_only_adds_attributes() -> None:
    module = parse(FIG6_LOOP)
    ops_before = [op.name for op in module.walk()]
    simt.apply_passes(module, "simt-divergence")
    assert [op.name for op in module.walk()] == ops_before
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    assert "simt.block_args_divergence" in function.attributes


def test_negative_costs_are_rejected_with_a_message() -> None:
    with pytest.raises(ValueError, match="non-negative gap-cost"):
        simt.apply_passes(parse(FIG6_LOOP), "simt-branch-fusion{gap-cost=-1.0}")
