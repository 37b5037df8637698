"""The facts `simt-divergence` records print in the custom format and parse
back: every op keeps its attributes, comparisons included (MLIR's syntax of
`arith.cmpi` / `arith.cmpf` with an attribute dictionary)."""

from __future__ import annotations

import pytest
from xdsl.parser import Parser

import simt
from simt.bench.kernels import CORPUS


@pytest.mark.parametrize("name", ["collatz", "bitonic_step", "escape_time"])
def test_divergence_facts_survive_printing(name: str) -> None:
    spec = CORPUS[name]
    module = simt.compile_python(spec.func, spec.signature)
    simt.apply_passes(module, "simt-divergence")
    text = str(module)
    parsed = Parser(simt.default_context(), text).parse_module()
    assert str(parsed) == text
    compares = [op for op in parsed.walk() if op.name in ("arith.cmpi", "arith.cmpf")]
    assert compares
    assert all("simt.divergence" in op.attributes for op in compares)


def test_cmpf_keeps_fastmath_and_attributes() -> None:
    text = """func.func @f(%a: f32, %b: f32) -> i1 {
  %c = arith.cmpf olt, %a, %b fastmath<nnan> {note = 1 : i32} : f32
  func.return %c : i1
}"""
    parsed = Parser(simt.default_context(), text).parse_module()
    (compare,) = [op for op in parsed.walk() if op.name == "arith.cmpf"]
    assert "note" in compare.attributes
    printed = str(parsed)
    assert "arith.cmpf olt, %a, %b fastmath<nnan> {note = 1 : i32} : f32" in printed
    assert str(Parser(simt.default_context(), printed).parse_module()) == printed
