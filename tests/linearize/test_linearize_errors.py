"""Invalid input to simt-linearize: each case fails with a
`PassFailedException` that names the op and its location (the source
`file:line:col` when the op carries one, else the function), never with a
traceback; `simt-opt` prints the message and exits with status 1."""

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from xdsl.parser import Parser
from xdsl.utils.exceptions import PassFailedException

from simt.passes.linearize import LinearizePass
from simt.pipeline import default_context

SWITCH = """
func.func @sw(%a: memref<?xi32>, %x: i32) attributes {simt.kernel} {
  cf.switch %x : i32, [
    default: ^b1,
    1: ^b2
  ] loc("kernel.py":3:4)
^b1:
  func.return
^b2:
  func.return
}
"""

INFINITE_LOOP = """
func.func @spin(%a: memref<?xi32>, %x: i32) attributes {simt.kernel} {
  %one = arith.constant 1 : i32
  %c = arith.cmpi sgt, %x, %one : i32
  cf.cond_br %c, ^b1, ^b2
^b1:
  %c2 = arith.cmpi sgt, %x, %one : i32
  cf.cond_br %c2, ^b2, ^b3
^b2:
  cf.br ^b2 loc("kernel.py":7:2)
^b3:
  func.return
}
"""

MEMREF_ACROSS_BLOCKS = """
func.func @ty(%a: memref<?xi32>, %b: memref<?xi32>, %x: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %c1 = arith.cmpi sgt, %x, %one : i32
  cf.cond_br %c1, ^b3(%a : memref<?xi32>), ^b2
^b2:
  %c2 = arith.cmpi sgt, %x, %one : i32
  cf.cond_br %c2, ^b3(%b : memref<?xi32>), ^b5 loc("kernel.py":9:6)
^b3(%m: memref<?xi32>):
  %c3 = arith.cmpi sgt, %x, %one : i32
  cf.cond_br %c3, ^b4, ^b5
^b4:
  memref.store %one, %m[%c0] : memref<?xi32>
  cf.br ^b6
^b5:
  cf.br ^b6
^b6:
  func.return
}
"""

CASES = [
    (INFINITE_LOOP, "kernel.py:7:2: 'cf.br': expected every block to reach"),
    (MEMREF_ACROSS_BLOCKS, "'cf.cond_br': cannot carry a value of type memref"),
]


@pytest.mark.parametrize(("text", "message"), CASES)
def test_invalid_input_fails_with_a_located_message(text: str, message: str) -> None:
    ctx = default_context()
    module = Parser(ctx, text).parse_module()
    with pytest.raises(PassFailedException) as error:
        LinearizePass().apply(ctx, module)
    assert message in str(error.value)
    assert str(error.value).startswith("simt-linearize: ")


def test_unlocated_op_names_its_site() -> None:
    ctx = default_context()
    module = Parser(
        ctx, INFINITE_LOOP.replace(' loc("kernel.py":7:2)', "")
    ).parse_module()
    with pytest.raises(PassFailedException, match=r"@spin/b\d+\.\d+: 'cf\.br'"):
        LinearizePass().apply(ctx, module)


def test_level_out_of_range() -> None:
    ctx = default_context()
    module = Parser(ctx, SWITCH).parse_module()
    with pytest.raises(
        PassFailedException, match=r"expected level in \[0, 3\], found 4"
    ):
        LinearizePass(level=4).apply(ctx, module)


def test_simt_opt_exits_with_status_1(
    tmp_path: Path, simt_opt: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    source = tmp_path / "spin.mlir"
    source.write_text(INFINITE_LOOP)
    result = simt_opt(source, "-p", "simt-linearize")
    assert result.returncode == 1
    assert "kernel.py:7:2: 'cf.br': expected every block to reach" in result.stderr
    assert "Traceback" not in result.stderr
