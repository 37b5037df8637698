"""`simt.jit` without a GPU: host execution by default, the simulator on request."""

from __future__ import annotations

import numpy as np
import pytest
from numba import cuda

import simt
from simt.runtime import jit as jit_module
from simt.runtime.host import HostResult
from simt.sim import SimulationResult


def scale(a, n):
    i = cuda.grid(1)
    if i < n:
        a[i] = a[i] * 3 + 1


SIGNATURE = "void(int64[:], int64)"


def _no_gpu(kernel: jit_module.SimtKernel) -> jit_module.SimtKernel:
    kernel.use_gpu = lambda: False
    return kernel


def test_the_default_target_is_the_host_and_says_so_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jit_module, "_noted_no_gpu", False)
    kernel = _no_gpu(simt.jit(SIGNATURE)(scale))
    a = np.arange(50, dtype=np.int64)
    first = kernel[1, 64](a, 50)
    kernel[1, 64](a, 50)
    assert isinstance(first, HostResult)
    assert list(a) == [(3 * x + 1) * 3 + 1 for x in range(50)]
    assert capsys.readouterr().err.count("no GPU found") == 1


def test_target_sim_returns_the_simulators_metrics() -> None:
    kernel = _no_gpu(simt.jit(SIGNATURE, target="sim")(scale))
    a = np.arange(50, dtype=np.int64)
    result = kernel[2, 32](a, 50)
    assert isinstance(result, SimulationResult) and kernel.last_result is result
    assert result.stats.lane_ops > 0
    assert list(a) == [3 * x + 1 for x in range(50)]


def test_target_host_is_compiled_once_and_agrees_with_the_simulator() -> None:
    host = _no_gpu(simt.jit(SIGNATURE, passes="simt-optimize", target="host")(scale))
    sim = _no_gpu(simt.jit(SIGNATURE, passes="simt-optimize", target="sim")(scale))
    a = np.arange(300, dtype=np.int64)
    b = a.copy()
    host[5, 64](a, 300)
    compiled = host.host_module()
    host[5, 64](a, 300)
    sim[5, 64](b, 300)
    sim[5, 64](b, 300)
    assert host.host_module() is compiled
    assert np.array_equal(a, b)


def test_an_unknown_target_is_refused() -> None:
    with pytest.raises(simt.SimtError, match="target"):
        simt.jit(SIGNATURE, target="tpu")(scale)  # pyright: ignore[reportArgumentType]


def test_host_runs_dynamic_shared_memory_tuples_and_2d_arrays() -> None:
    """lang's launch forms on the default (host) target: the fourth launch
    parameter sizes the dynamic shared array, tuple arguments pass their
    elements, 2-D arrays their strides; each block has its own shared memory."""

    @simt.jit("void(float32[:, :], UniTuple(int64, 2))")
    def rotate_rows(a, shift):
        s = cuda.shared.array(0, dtype=np.float32)
        i = cuda.threadIdx.x
        row = cuda.blockIdx.x
        s[i] = a[row, i]
        cuda.syncthreads()
        a[row, i] = s[(i + shift[0] + row * shift[1]) % cuda.blockDim.x]

    kernel = _no_gpu(rotate_rows)
    a = np.arange(4 * 32, dtype=np.float32).reshape(4, 32)
    expected = a.copy()
    simulated = a.copy()
    result = kernel[4, 32, 0, 32 * 4](a, (3, 5))
    assert isinstance(result, HostResult)
    kernel.target = "sim"
    kernel[4, 32, 0, 32 * 4](simulated, (3, 5))
    for row in range(4):
        expected[row] = np.roll(expected[row], -(3 + 5 * row))
    assert np.array_equal(a, expected)
    assert np.array_equal(simulated, expected)


def test_host_faults_on_too_little_dynamic_shared_memory() -> None:
    @simt.jit("void(float32[::1])")
    def reverse(a):
        s = cuda.shared.array(0, dtype=np.float32)
        i = cuda.threadIdx.x
        s[i] = a[i]
        cuda.syncthreads()
        a[i] = s[31 - i]

    a = np.arange(32, dtype=np.float32)
    with pytest.raises(simt.SimtError, match="memory access outside every array"):
        _no_gpu(reverse)[1, 32, 0, 16 * 4](a)


def test_inspect_llvm_and_asm_give_the_code_of_each_signature_as_numba() -> None:
    kernel = _no_gpu(simt.jit(scale, target="sim"))
    assert kernel.inspect_llvm() == {}
    kernel[1, 32](np.arange(4, dtype=np.int64), 4)
    kernel[1, 32](np.arange(4, dtype=np.float32), 4)
    llvm = kernel.inspect_llvm()
    ptx = kernel.inspect_asm()
    assert isinstance(llvm, dict) and isinstance(ptx, dict)
    assert len(llvm) == len(ptx) == 2 and set(llvm) == set(kernel.signatures)
    signature = "void(float32[:], int64)"
    one = kernel.inspect_llvm(signature)
    assert isinstance(one, str) and "nvptx64-nvidia-cuda" in one and "float" in one
    sm90 = kernel.inspect_asm(signature, arch="sm_90")
    assert isinstance(sm90, str) and ".target sm_90" in sm90
    # numba types float32 * 3 as float64: the product is converted back
    assert ".entry scale" in sm90 and "cvt.rn.f32.f64" in sm90
