"""simt IR -> LLVM IR -> PTX -> ptxas, for the three architectures."""

from __future__ import annotations

from pathlib import Path

import llvmlite.binding as llvm_binding
import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.utils.exceptions import PassFailedException

import simt
from simt.lowering.ptx import (
    ARCHES,
    PTXVersionError,
    TargetSpec,
    check_ptx_header,
    to_llvm_ir,
    to_ptx,
)
from simt.lowering.ptxas import (
    PtxasError,
    assemble,
    parse_resources,
    ptx_instruction_counts,
)

KERNEL = """
func.func @saxpy(%x: memref<?xf32>, %y: memref<?xf32>, %a: f32, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %base = arith.muli %bid, %bdim : i32
  %i = arith.addi %base, %tid : i32
  %in = arith.cmpi slt, %i, %n : i32
  scf.if %in {
    %ix = arith.index_cast %i : i32 to index
    %xv = memref.load %x[%ix] : memref<?xf32>
    %yv = memref.load %y[%ix] : memref<?xf32>
    %ax = arith.mulf %a, %xv : f32
    %e = math.exp %ax : f32
    %s = arith.addf %e, %yv : f32
    memref.store %s, %y[%ix] : memref<?xf32>
    %c0 = arith.constant 0 : index
    %old = simt.atomic_add %s, %y[%c0] : memref<?xf32>, f32
    %p = arith.cmpf ogt, %s, %a : f32
    %b = simt.ballot %p : i32
    %bf = arith.sitofp %b : i32 to f32
    memref.store %bf, %x[%ix] : memref<?xf32>
  }
  simt.barrier
  func.return
}
"""


def parse(text: str) -> ModuleOp:
    return Parser(simt.default_context(), text).parse_module()


def test_llvm_ir_parses_and_verifies() -> None:
    text = to_llvm_ir(parse(KERNEL))
    module = llvm_binding.parse_assembly(text)
    module.verify()
    assert 'define ptx_kernel void @"saxpy"' in text
    assert 'target triple = "nvptx64-nvidia-cuda"' in text


def test_lowering_leaves_the_module_unchanged() -> None:
    module = parse(KERNEL)
    before = str(module)
    to_ptx(module, "sm_80")
    assert str(module) == before


@pytest.mark.parametrize("arch", ARCHES)
def test_ptx_assembles_with_ptxas(arch: str, ptxas: Path) -> None:
    ptx = to_ptx(parse(KERNEL), arch)
    assert ".version 7.8" in ptx and f".target {arch}" in ptx
    # libdevice's expf is linked and inlined: no call to an external function remains.
    assert "__nv_expf" not in ptx
    assert "atom.global.add.f32" in ptx and "vote.sync.ballot.b32" in ptx
    (resources,) = assemble(ptx, arch, ptxas)
    assert resources.name == "saxpy" and resources.arch == arch
    assert resources.registers > 0
    assert ptx_instruction_counts(ptx)["saxpy"] > 10


def test_version_check_rejects_another_version() -> None:
    ptx = ".version 8.0\n.target sm_80\n.address_size 64\n"
    with pytest.raises(
        PTXVersionError, match=r"expected PTX '.version 7.8'.*found '.version 8.0'"
    ):
        check_ptx_header(ptx, TargetSpec("sm_80"))
    check_ptx_header(ptx.replace("8.0", "7.8"), TargetSpec("sm_80"))


def test_bad_arch_is_a_diagnostic() -> None:
    with pytest.raises(Exception, match="expected an architecture like sm_70"):
        to_ptx(parse(KERNEL), "compute_80")


def test_unsupported_op_names_op_and_location() -> None:
    module = parse(
        "func.func @k(%x: i32) -> i32 {\n"
        '  %y = math.ipowi %x, %x : i32 loc("k.py":3:4)\n'
        "  func.return %y : i32\n}"
    )
    with pytest.raises(PassFailedException, match=r"k.py:3:4: 'math.ipowi'"):
        simt.apply_passes(module, "simt-lower-to-llvm")


def test_ptxas_errors_are_reported(ptxas: Path) -> None:
    ptx = to_ptx(parse(KERNEL), "sm_80").replace("ret;", "rett;")
    with pytest.raises(PtxasError, match="rett"):
        assemble(ptx, "sm_80", ptxas)


def test_parse_resources_and_counts() -> None:
    report = (
        "ptxas info    : Compiling entry function 'a' for 'sm_80'\n"
        "ptxas info    : Function properties for a\n"
        "    8 bytes stack frame, 4 bytes spill stores, 4 bytes spill loads\n"
        "ptxas info    : Used 12 registers, used 0 barriers, 380 bytes cmem[0]\n"
    )
    (resources,) = parse_resources(report)
    assert (
        resources.name,
        resources.registers,
        resources.spill_stores,
        resources.stack_bytes,
    ) == ("a", 12, 4, 8)
    ptx = (
        ".version 7.8\n.visible .entry a(\n\t.param .u64 a_param_0\n)\n{\n"
        "\t.reg .b32 %r<3>;\n\tmov.u32 %r1, %tid.x;\n$L__BB0_1:\n"
        "\t@%p1 bra $L__BB0_1;\n\tret;\n}\n"
    )
    assert ptx_instruction_counts(ptx) == {"a": 3}
