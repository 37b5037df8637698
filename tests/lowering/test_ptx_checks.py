"""PTX checked before it leaves: architecture and ISA, kernels, ptxas (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

import simt
from simt.lowering import ptx as ptx_module
from simt.lowering.ptx import ARCH_MIN_ISA, PTXTargetError, target_spec, to_ptx
from simt.lowering.ptxas import PtxasError

KERNEL = """
func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %t = simt.thread_id x : i32
  %i = arith.index_cast %t : i32 to index
  memref.store %t, %a[%i] : memref<?xi32> loc("k.py":4:8)
  func.return
}
"""

RETURNS = """
func.func @r(%a: i32) -> i32 attributes {simt.kernel} {
  func.return %a : i32
} loc("r.py":2:1)
"""

NO_KERNEL = """
func.func @helper(%a: i32) -> i32 {
  func.return %a : i32
} loc("h.py":7:1)
"""


def parse(text: str) -> ModuleOp:
    return Parser(simt.default_context(), text).parse_module()


def test_an_unknown_architecture_is_refused_with_a_location() -> None:
    with pytest.raises(
        PTXTargetError, match=r"^k.py:4:8: unknown architecture 'sm_999'"
    ):
        to_ptx(parse(KERNEL), "sm_999")


def test_an_architecture_no_current_toolkit_targets_is_refused() -> None:
    with pytest.raises(PTXTargetError, match=r"^k.py:4:8: architecture 'sm_35'"):
        to_ptx(parse(KERNEL), "sm_35")


def test_an_isa_too_old_for_the_architecture_is_refused() -> None:
    with pytest.raises(PTXTargetError, match=r"PTX ISA 7\.8 cannot serve 'sm_90a'"):
        to_ptx(parse(KERNEL), "sm_90a", isa=(7, 8))


@pytest.mark.parametrize("arch", ["sm_90a", "sm_100", "sm_120"])
def test_a_newer_architecture_gets_the_first_isa_that_has_it(arch: str) -> None:
    first = ARCH_MIN_ISA[arch]
    assert target_spec(arch).isa == first
    ptx = to_ptx(parse(KERNEL), arch)
    assert f".version {first[0]}.{first[1]}" in ptx and f".target {arch}" in ptx


def test_a_kernel_that_returns_a_value_is_refused_at_its_definition() -> None:
    with pytest.raises(PTXTargetError, match=r"^r.py:2:1: kernel @r returns a value"):
        to_ptx(parse(RETURNS), "sm_80")


def test_a_module_without_a_kernel_is_refused() -> None:
    with pytest.raises(PTXTargetError, match=r"^h.py:7:1: the module has no kernel"):
        to_ptx(parse(NO_KERNEL), "sm_80")


def test_ptxas_runs_when_installed_and_its_refusal_is_located(
    monkeypatch: pytest.MonkeyPatch, ptxas: Path
) -> None:
    calls: list[str] = []

    def refuse(ptx: str, arch: str, binary: Path | None = None) -> list[object]:
        calls.append(arch)
        raise PtxasError("ptxas -arch=sm_80 failed:\nptxas fatal   : something")

    monkeypatch.setattr(ptx_module, "assemble", refuse)
    with pytest.raises(PTXTargetError, match=r"^k.py:4:8: ptxas -arch=sm_80 failed"):
        to_ptx(parse(KERNEL), "sm_80")
    assert calls == ["sm_80"]
    to_ptx(parse(KERNEL), "sm_80", ptxas=False)
    assert calls == ["sm_80"]


@pytest.mark.parametrize(
    ("source", "target", "message"),
    [
        (KERNEL, "ptx{arch=sm_999}", "unknown architecture 'sm_999'"),
        (KERNEL, "ptx{arch=sm_35}", "architecture 'sm_35'"),
        (KERNEL, "ptx{arch=sm_90a isa=7.8}", "PTX ISA 7.8 cannot serve 'sm_90a'"),
        (RETURNS, "ptx", "kernel @r returns a value"),
        (NO_KERNEL, "ptx", "the module has no kernel"),
    ],
)
def test_simt_opt_exits_with_a_located_error(
    simt_opt, tmp_path: Path, source: str, target: str, message: str
) -> None:
    path = tmp_path / "input.mlir"
    path.write_text(source)
    result = simt_opt(path, "-t", target)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert message in result.stderr
    location = result.stderr.split(" ")[0]  # file:line:col: error: ...
    assert location.count(":") == 3, result.stderr
    assert result.stderr.split(" ")[1] == "error:", result.stderr
