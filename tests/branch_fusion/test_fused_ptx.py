"""Fused kernels lower to PTX that ptxas assembles (sm_80)."""

from __future__ import annotations

from pathlib import Path

import pytest

import simt
from simt.bench.kernels import CORPUS
from simt.lowering.ptxas import assemble


@pytest.mark.parametrize(
    "name", ["coutinho_fig10", "bitonic_step", "bitonic_sort_block"]
)
def test_fused_kernel_assembles(name: str, ptxas: Path) -> None:
    spec = CORPUS[name]
    module = simt.compile_python(spec.func, spec.signature)
    simt.apply_passes(module, "constant-fold-interp,canonicalize,cse")
    cleaned = str(module)
    simt.apply_passes(module, "simt-branch-fusion")
    assert str(module) != cleaned, "expected the kernel to be fused"
    assert assemble(simt.to_ptx(module, arch="sm_80", ptxas=False), "sm_80", ptxas)
