"""Differential tests of the math library, atomics and warp primitives under
every transformation: each kernel is compiled, simulated, transformed by a
pipeline and simulated again on the same inputs; every output and every
memory write must be equal. The kernels put the new ops in divergent
branches and data-dependent loops (with early exits), where the passes act;
each assembles with ptxas for sm_70/80/90."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simt
from simt.lowering.ptx import ARCHES, to_ptx
from simt.lowering.ptxas import assemble

PIPELINES = [
    "simt-branch-fusion",
    "simt-flatten-loops",
    "simt-flatten-loops{mode=static idle-fraction=0.0}",
    "simt-linearize",
    "simt-optimize",
]

KERNELS: dict[str, tuple[str, str]] = {
    "math_in_branches": (
        """
        def kernel(x, n, out, hist):
            i = cuda.grid(1)
            if i < out.size:
                v = x[i]
                if n[i] % 3 == 0:
                    r = math.hypot(v, 2.0) + math.erfc(v) + math.atan2(v, 1.5)
                elif n[i] % 3 == 1:
                    r = math.lgamma(abs(v) + 0.5) + v ** n[i] + math.fmod(v, 0.75)
                else:
                    r = math.tanh(v) + math.remainder(v, 0.5) + math.copysign(1.0, v)
                out[i] = r
                cuda.atomic.max(hist, n[i] % 4, r)
        """,
        "void(float32[:], int32[:], float32[:], float32[:])",
    ),
    # The values an atomic returns depend on the order of the threads that
    # update one address, which a pass may change (linearization runs the
    # lanes' iterations in other steps): the returned values come from each
    # thread's own cell, and the shared cells only count (`inc`'s final value
    # is the count modulo 10 whatever the order).
    "atomics_in_loops": (
        """
        def kernel(x, n, out, hist):
            i = cuda.grid(1)
            if i < out.size:
                k = 0
                acc = 0
                while k < n[i] % 7:
                    cuda.atomic.inc(hist, k % 4, 9)
                    acc += cuda.atomic.inc(out, i, 9)
                    if x[i] > 0.9:
                        break
                    j = 0
                    while j < k:
                        acc += cuda.atomic.cas(out, i, j, k)
                        j += 1
                    k += 1
                cuda.atomic.add(out, i, acc * 16)
        """,
        "void(float32[:], int32[:], uint32[:], uint32[:])",
    ),
    "warp_reduction": (
        """
        def kernel(x, n, out, hist):
            i = cuda.grid(1)
            v = x[i]
            offset = 16
            while offset > 0:
                v += cuda.shfl_down_sync(0xffffffff, v, offset)
                offset //= 2
            total = cuda.syncthreads_count(n[i] > 2)
            mask = cuda.ballot_sync(0xffffffff, x[i] > 0.5)
            if cuda.laneid == 0:
                out[i // 32] = v + total + cuda.popc(mask)
            if n[i] > 3:
                cuda.atomic.add(hist, 0, cuda.shfl_xor_sync(cuda.activemask(), x[i], 1))
        """,
        "void(float32[:], int32[:], float32[:], float32[:])",
    ),
    "shared_2d_atomics_and_powers": (
        """
        def kernel(x, n, out, hist):
            i = cuda.grid(1)
            s = cuda.shared.array((2, 4), dtype=numba.float32)
            t = cuda.threadIdx.x
            if t < 8:
                s[t // 4, t % 4] = 0.0
            cuda.syncthreads()
            if i < out.size:
                v = x[i] ** n[i] + math.pow(x[i], n[i] % 3) + libdevice.cbrtf(x[i])
                if n[i] % 2 == 0:
                    cuda.atomic.max(s, (n[i] % 2, n[i] % 4), v)
                else:
                    cuda.atomic.nanmin(s, (1, n[i] % 4), -v)
                out[i] = v
            cuda.syncthreads()
            if t < 4:
                cuda.atomic.add(hist, t, s[0, t] + s[1, t])
        """,
        "void(float32[:], int32[:], float32[:], float32[:])",
    ),
    "votes_under_divergence": (
        """
        def kernel(x, n, out, hist):
            i = cuda.grid(1)
            m = cuda.activemask()
            if n[i] > 2:
                inner = cuda.activemask()
                out[i] = cuda.popc(cuda.ballot_sync(inner, x[i] > 0.5)) * 100
                out[i] += cuda.match_any_sync(inner, n[i] % 3) & 7
            else:
                out[i] = cuda.popc(m) + cuda.all_sync(cuda.activemask(), x[i] > 0.1)
            cuda.atomic.xor(hist, n[i] % 4, out[i])
        """,
        "void(float32[:], int32[:], int32[:], int32[:])",
    ),
}


def _compile(name: str) -> Any:
    """A fresh copy of the kernel's module (the frontend runs once per name)."""
    return _compiled(name).clone()


@cache
def _compiled(name: str) -> Any:
    body, signature = KERNELS[name]
    source = (
        "import math\nimport numba\nfrom numba import cuda\n"
        "from numba.cuda import libdevice\n" + textwrap.dedent(body)
    )
    return simt.compile_python(source, signature)


def _inputs(name: str, seed: int) -> list[np.ndarray[Any, Any]]:
    rng = np.random.default_rng(seed)
    _, signature = KERNELS[name]
    out_type, hist_type = (t.split("[")[0] for t in signature[5:-1].split(", ")[2:])
    x = rng.random(96).astype(np.float32)
    n = rng.integers(0, 12, 96).astype(np.int32)
    return [x, n, np.zeros(96, out_type), np.zeros(4, hist_type)]


def _simulate(
    module: Any, args: list[np.ndarray[Any, Any]]
) -> list[np.ndarray[Any, Any]]:
    copies = [a.copy() for a in args]
    simt.simulate(module, (3,), (32,), copies)
    return copies


def _check_pipeline(name: str, pipeline: str, seeds: Sequence[int]) -> None:
    original = _compile(name)
    transformed = _compile(name)
    simt.apply_passes(transformed, pipeline)
    for seed in seeds:
        args = _inputs(name, seed)
        before, after = _simulate(original, args), _simulate(transformed, args)
        for a, b in zip(before, after, strict=True):
            np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_passes_keep_every_output(name: str, pipeline: str) -> None:
    _check_pipeline(name, pipeline, range(3))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), pipeline=st.sampled_from(PIPELINES))
def test_passes_keep_outputs_on_random_inputs(seed: int, pipeline: str) -> None:
    for name in sorted(KERNELS):
        _check_pipeline(name, pipeline, [seed])


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_kernels_assemble_for_every_architecture(name: str, ptxas: Path) -> None:
    module = _compile(name)
    simt.apply_passes(module, "simt-optimize")
    for arch in ARCHES:
        (kernel,) = assemble(to_ptx(module, arch, ptxas=False), arch, ptxas)
        assert kernel.registers > 0


def test_missing_libdevice_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from xdsl.utils.exceptions import DiagnosticException

    import simt.lowering.ptx as ptx

    monkeypatch.setattr(ptx, "libdevice_path", lambda: None)
    module = _compile("math_in_branches")
    with pytest.raises(
        DiagnosticException, match=r"__nv_hypot,.*libdevice.*nvidia-cuda-nvcc-cu12"
    ):
        to_ptx(module, "sm_80")
