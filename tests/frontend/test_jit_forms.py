"""`simt.jit` in numba's forms, run on the simulator: bare (typed at each call,
one specialization per signature), with a signature, `device=True`, launches
with a stream and dynamic shared memory, and a function made by `exec`."""

from __future__ import annotations

import numpy as np
import pytest
from numba import cuda

import simt
from simt.frontend import FrontendError
from simt.runtime.jit import SimtDeviceFunction, SimtKernel


def on_simulator(kernel: SimtKernel) -> SimtKernel:
    kernel.target = "sim"
    return kernel


@simt.jit(device=True)
def clamp(x, lo, hi):
    return min(max(x, lo), hi)


@simt.jit
def clamp_all(a, lo, hi):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = clamp(a[i], lo, hi)


def test_bare_jit_specializes_per_argument_types() -> None:
    kernel = on_simulator(clamp_all)
    kernel._modules.clear()
    floats = np.arange(10, dtype=np.float32)
    kernel[1, 32](floats, 2.0, 5.0)
    ints = np.arange(10, dtype=np.int32)
    kernel[1, 32](ints, 2, 5)
    kernel[1, 32](ints, 3, 4)  # same types: no new specialization
    assert np.array_equal(floats, np.clip(np.arange(10), 2, 5))
    assert np.array_equal(ints, np.clip(np.clip(np.arange(10), 2, 5), 3, 4))
    assert kernel.signatures == [
        "void(float32[::1], float64, float64)",
        "void(int32[::1], int64, int64)",
    ]
    with pytest.raises(ValueError, match="2 specializations"):
        _ = kernel.module


def test_typing_follows_numba_typeof() -> None:
    @simt.jit
    def store(out, x):
        out[0] = x / 2

    kernel = on_simulator(store)
    out = np.zeros(1, dtype=np.float64)
    kernel[1, 1](out, np.int16(7))
    assert out[0] == 3.5
    assert kernel.signatures == ["void(float64[::1], int16)"]


def test_declared_signature_and_decorator_call_forms() -> None:
    def twice(a):
        a[cuda.threadIdx.x] *= 2

    for kernel in (
        simt.jit("void(int32[:])")(twice),
        simt.jit(["void(int32[:])"])(twice),
        simt.jit()(twice),
    ):
        a = np.arange(8, dtype=np.int32)
        on_simulator(kernel)[1, 8](a)
        assert np.array_equal(a, np.arange(8) * 2)


def test_device_function_cannot_be_launched_or_called() -> None:
    assert isinstance(clamp, SimtDeviceFunction)
    with pytest.raises(TypeError, match="only be called from a kernel"):
        clamp(1, 2, 3)
    with pytest.raises(TypeError, match="launch configuration"):
        clamp_all(np.zeros(1), 0, 1)


def test_dynamic_shared_memory_from_the_fourth_launch_parameter() -> None:
    @simt.jit("void(float32[::1])")
    def reverse(a):
        s = cuda.shared.array(0, dtype=np.float32)
        i = cuda.threadIdx.x
        s[i] = a[i]
        cuda.syncthreads()
        a[i] = s[31 - i]

    a = np.arange(32, dtype=np.float32)
    on_simulator(reverse)[1, 32, 0, 32 * 4](a)
    assert np.array_equal(a, np.arange(32, dtype=np.float32)[::-1])
    with pytest.raises(simt.SimulationError):
        on_simulator(reverse)[1, 32, 0, 16 * 4](a)  # too little: out of bounds


def test_launch_configuration_is_checked() -> None:
    with pytest.raises(simt.SimtError, match="a launch needs kernel\\[grid, block"):
        clamp_all[1]


def test_function_made_by_exec_compiles_from_its_text() -> None:
    text = "def bump(a):\n    a[cuda.threadIdx.x] += 1\n"
    namespace: dict[str, object] = {"cuda": cuda}
    exec(text, namespace)
    bump = namespace["bump"]
    assert callable(bump)
    with pytest.raises(FrontendError, match="exec"):
        simt.compile_python(bump, "void(int32[:])")
    kernel = on_simulator(simt.jit("void(int32[:])", source=text)(bump))
    a = np.zeros(4, dtype=np.int32)
    kernel[1, 4](a)
    assert np.array_equal(a, np.ones(4))
