"""Every corpus and generated kernel is a valid numba CUDA kernel, not only valid Python.

numba's CUDA simulator runs kernels as plain Python and checks no types, so
this compiles each kernel with numba-cuda's own front half (type inference and
lowering to NVVM IR, `numba.cuda.compiler.compile_cuda`), which needs no GPU
and no driver. A kernel numba rejects would make the simulator comparison
meaningless for the GPU backend.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from numba.core import sigutils
from numba.cuda.compiler import compile_cuda

from simt.bench.kernels import CORPUS
from simt.bench.kernels.generate import TEST_SEEDS, generate_kernel


def numba_compiles(func: Callable[..., None], signature: str) -> None:
    args, return_type = sigutils.normalize_signature(signature)
    compile_cuda(func, return_type, args, cc=(7, 0))


@pytest.mark.parametrize("name", list(CORPUS))
def test_corpus_kernel_compiles_with_numba(name: str) -> None:
    spec = CORPUS[name]
    numba_compiles(spec.func, spec.signature)


@pytest.mark.parametrize("seed", TEST_SEEDS)
def test_generated_kernel_compiles_with_numba(seed: int, tmp_path) -> None:
    kernel = generate_kernel(seed, tmp_path)
    numba_compiles(kernel.func, kernel.signature)
