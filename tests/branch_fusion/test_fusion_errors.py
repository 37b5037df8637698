"""Invalid options and input to simt-branch-fusion: each case fails with a
`PassFailedException` whose message names the pass, what was expected and
what was found (and the op's location where an op is at fault), never with a
traceback; `simt-opt` prints the message and exits with status 1. Integer
values of the float options are accepted and read as floats."""

import io
import math
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import PassFailedException

import simt
from simt.passes.branch_fusion import BranchFusionPass
from simt.pipeline import default_context

KERNEL = """
func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %t = simt.thread_id x : i32
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi sgt, %t, %c0 : i32
  scf.if %c {
    %i = arith.constant 0 : index
    %x = arith.muli %t, %t : i32
    memref.store %x, %a[%i] : memref<?xi32>
  } else {
    %i = arith.constant 1 : index
    %y = arith.muli %t, %c0 : i32
    memref.store %y, %a[%i] : memref<?xi32>
  }
  func.return
}
"""

DECLARATION = """
func.func private @helper(i32) -> i32 loc("kernel.py":2:0)
"""

UNREGISTERED = """
func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %t = simt.thread_id x : i32
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi sgt, %t, %c0 : i32
  scf.if %c {
    %u = "foo.lane"() : () -> i32 loc("kernel.py":6:8)
    %i = arith.constant 0 : index
    memref.store %u, %a[%i] : memref<?xi32>
  } else {
    %i = arith.constant 1 : index
    memref.store %t, %a[%i] : memref<?xi32>
  }
  func.return
}
"""


def _module(text: str = KERNEL, allow_unregistered: bool = False) -> ModuleOp:
    ctx = default_context()
    ctx.allow_unregistered = allow_unregistered
    return Parser(ctx, text).parse_module()


def _text(module: ModuleOp) -> str:
    out = io.StringIO()
    Printer(stream=out).print_op(module)
    return out.getvalue()


BAD_OPTIONS = [
    ("simt-branch-fusion{gap-cost=-1.0}", "non-negative gap-cost, found -1.0"),
    ("simt-branch-fusion{gap-cost=-1}", "non-negative gap-cost, found -1"),
    ("simt-branch-fusion{selector-cost=-0.5}", "non-negative selector-cost"),
]


@pytest.mark.parametrize(("pipeline", "message"), BAD_OPTIONS)
def test_negative_costs_fail_the_pass(pipeline: str, message: str) -> None:
    with pytest.raises(PassFailedException) as error:
        simt.apply_passes(_module(), pipeline)
    assert str(error.value).startswith("simt-branch-fusion: expected ")
    assert message in str(error.value)


@pytest.mark.parametrize(
    "fusion",
    [
        BranchFusionPass(gap_cost=math.inf),
        BranchFusionPass(selector_cost=math.nan),
        BranchFusionPass(min_profit=math.nan),
    ],
)
def test_non_finite_costs_fail_the_pass(fusion: BranchFusionPass) -> None:
    with pytest.raises(PassFailedException, match=r"expected a finite"):
        fusion.apply(default_context(), _module())


def test_non_number_cost_from_python_fails_the_pass() -> None:
    fusion = BranchFusionPass(gap_cost="2")  # type: ignore[arg-type]
    with pytest.raises(PassFailedException, match=r"expected a number for gap-cost"):
        fusion.apply(default_context(), _module())


@pytest.mark.parametrize(
    ("options", "fused"),
    [("gap-cost=0 selector-cost=0", True), ("selector-cost=100 min-profit=1", False)],
)
def test_integer_costs_are_read_as_floats(options: str, fused: bool) -> None:
    ints = simt.apply_passes(_module(), f"simt-branch-fusion{{{options}}}")
    as_floats = " ".join(f"{option}.0" for option in options.split())
    floats = simt.apply_passes(_module(), f"simt-branch-fusion{{{as_floats}}}")
    assert _text(ints) == _text(floats)
    assert ("arith.select" in _text(ints)) == fused


@pytest.mark.parametrize(
    ("pipeline", "message"),
    [
        (
            "simt-branch-fusion{gap-cost=abc}",
            "invalid value 'abc' for option 'gap-cost': expected a number",
        ),
        (
            "simt-branch-fusion{select-memrefs=3}",
            "invalid value '3' for option 'select-memrefs': expected true or false",
        ),
        ("simt-branch-fusion{bogus=1}", "unknown option 'bogus'"),
    ],
)
def test_malformed_options_are_rejected_naming_pass_and_option(
    pipeline: str, message: str
) -> None:
    with pytest.raises(PassFailedException) as error:
        simt.apply_passes(_module(), pipeline)
    assert message in str(error.value)


def test_external_declaration_fails_with_its_location() -> None:
    with pytest.raises(PassFailedException) as error:
        BranchFusionPass().apply(default_context(), _module(DECLARATION))
    assert str(error.value).startswith(
        "simt-branch-fusion: kernel.py:2:0: expected a function with a body, "
        "found the external declaration @helper"
    )


def test_unregistered_op_in_a_branch_fails_with_its_location() -> None:
    module = _module(UNREGISTERED, allow_unregistered=True)
    with pytest.raises(PassFailedException) as error:
        BranchFusionPass().apply(default_context(), module)
    assert str(error.value).startswith(
        "simt-branch-fusion: kernel.py:6:8: expected registered ops only, "
        "found the unregistered op 'foo.lane'"
    )


def test_simt_opt_exits_with_status_1(
    tmp_path: Path, simt_opt: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    source = tmp_path / "k.mlir"
    source.write_text(KERNEL)
    result = simt_opt(source, "-p", "simt-branch-fusion{gap-cost=-1}")
    assert result.returncode == 1
    assert result.stderr.startswith(
        "simt-opt: error: simt-branch-fusion: expected a finite, non-negative "
        "gap-cost, found -1"
    )
    assert "Traceback" not in result.stderr
