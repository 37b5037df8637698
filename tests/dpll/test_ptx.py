"""The DPLL kernel through the whole lowering: simt IR -> LLVM IR -> PTX ->
ptxas, original and after `simt-optimize` (with a profile, as the benchmark
runs it), so that the GPU path of `harness.run_simt_gpu` launches code that
assembles. The job queue's ticket (`cuda.atomic.add` on `next_job[0]`) and
the queue tail's must be global atomics in the PTX."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp

import simt
from simt.bench.dpll.cnf import pigeonhole, solver_arrays
from simt.bench.dpll.harness import BLOCK, Split, compile_dpll, grid_for, launch_args
from simt.lowering.ptx import to_ptx
from simt.lowering.ptxas import assemble


def optimized_kernel(tmp_path: Path) -> ModuleOp:
    arrays = solver_arrays(pigeonhole(5))
    split = Split(8, 0, 64, 12)
    module = compile_dpll()
    path = tmp_path / "profile.json"
    simt.profile(
        module, grid_for(split), (BLOCK,), launch_args(arrays, split), path=path
    )
    with contextlib.redirect_stderr(io.StringIO()):
        simt.apply_passes(module, f'simt-optimize{{profile="{path}"}}')
    return module


@pytest.mark.parametrize("optimized", [False, True], ids=["original", "optimized"])
def test_dpll_kernel_assembles(optimized: bool, tmp_path: Path, ptxas: Path) -> None:
    module = optimized_kernel(tmp_path) if optimized else compile_dpll()
    ptx = to_ptx(module, "sm_80", ptxas=False)
    assert ptx.count("atom.global.add") >= 2
    (resources,) = assemble(ptx, "sm_80", ptxas)
    assert resources.name == "dpll_kernel" and resources.registers > 0
