"""A corpus kernel from Python source to PTX and through ptxas, for three architectures."""

from __future__ import annotations

import os

import pytest

import simt
from simt.bench.kernels import get
from simt.lowering.ptx import ARCHES
from simt.lowering.ptxas import assemble, find_ptxas


@pytest.mark.parametrize("name", ["csr_spmv", "histogram", "anantpur_fig1_branches"])
def test_corpus_kernel_python_to_ptxas(name: str) -> None:
    ptxas = find_ptxas()
    if ptxas is None:
        if os.environ.get("CI") == "true":
            pytest.fail(
                "ptxas (nvidia-cuda-nvcc-cu12, a dev dependency) is missing in CI"
            )
        pytest.skip("ptxas wheel nvidia-cuda-nvcc-cu12 not installed")
    spec = get(name)
    module = simt.compile_python(spec.func, spec.signature)
    for arch in ARCHES:
        (resources,) = assemble(simt.to_ptx(module, arch), arch, ptxas)
        assert resources.name == name and resources.registers > 0
