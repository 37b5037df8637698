"""`raise` on the host agrees with the simulator: outputs and the raise kept.

Each kernel runs on the simulator and on the host (the lowered code), in each
of the host's modes, before and after every pipeline of
`simt.bench.host_check.PIPELINES`; the lanes that raise leave the kernel, the
others finish, and both keep the raise of the lowest global thread id. The
GPU launcher's handling of the kernel's word runs with the device replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from numba import cuda
from xdsl.dialects.builtin import ModuleOp

import simt
from simt.bench.host_check import PIPELINES
from simt.frontend import compile_python
from simt.lowering.host import Mode
from simt.model.exceptions import NO_RAISE, raise_key
from simt.runtime.host import HostModule
from simt.runtime.jit import SimtKernel
from simt.runtime.launch import GpuKernel


class HostError(Exception):
    pass


class FakeDeviceArray:
    """A device array as numba's: only `__cuda_array_interface__` matters."""

    def __init__(self, host: np.ndarray[Any, Any], address: int) -> None:
        self.__cuda_array_interface__ = {
            "data": (address, False),
            "shape": host.shape,
            "strides": None,
            "typestr": host.dtype.str,
            "version": 3,
        }


def direct(a, out):
    i = cuda.grid(1)
    if a[i] < 0:
        raise HostError("negative", 1)
    total = 0
    for j in range(a[i] % 5):
        if a[i] == 77 + j:
            raise IndexError
        total += j
    out[i] = total + 1


def coroutines(a, out):
    shared = cuda.shared.array(64, np.int64)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    if a[i] < 0:
        raise ValueError("before the barrier")
    shared[t] = a[i]
    cuda.syncthreads()
    out[i] = shared[63 - t]


def fibers(a, out):
    i = cuda.grid(1)
    if a[i] < 0:
        raise ValueError("before the reduction")
    out[i] = cuda.syncthreads_count(a[i] % 2 == 0)


def lockstep(a, out):
    i = cuda.grid(1)
    if a[i] < 0:
        raise KeyError("before the vote")
    out[i] = cuda.ballot_sync(0xFFFFFFFF, a[i] % 3 == 0)


KERNELS: dict[str, tuple[Callable[..., None], Mode]] = {
    "direct": (direct, Mode.DIRECT),
    "coroutines": (coroutines, Mode.COROUTINES),
    "fibers": (fibers, Mode.FIBERS),
    "lockstep": (lockstep, Mode.LOCKSTEP),
}


def _inputs(seed: int, n: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 100, n).astype(np.int64)
    a[rng.integers(0, n, 3)] = -1
    return a


def _run(module: ModuleOp, host: HostModule, a: np.ndarray, grid: int) -> None:
    """Simulator and host on the same inputs: same outputs, same raise."""
    on_sim, on_host = np.zeros_like(a), np.zeros_like(a)
    sim = simt.simulate(module, grid, 64, [a, on_sim], trace=False)
    result = host.launch(grid, 64, [a, on_host])
    assert np.array_equal(on_sim, on_host)
    assert sim.raised is not None and sim.raised == result.raised


@pytest.mark.parametrize("name", list(KERNELS))
def test_host_agrees_with_the_simulator_in_every_mode(name: str) -> None:
    kernel, mode = KERNELS[name]
    module = compile_python(kernel, "void(int64[:], int64[:])")
    host = HostModule(module)
    assert host.kernel_entry(None)[1].mode is mode
    for seed in range(3):
        _run(module, host, _inputs(seed, 256), 4)


@pytest.mark.parametrize("pipeline", [p for p in PIPELINES if p])
def test_host_agrees_after_each_pipeline(pipeline: str) -> None:
    module = compile_python(direct, "void(int64[:], int64[:])")
    simt.apply_passes(module, pipeline)
    a = _inputs(7, 256)
    a[[3, 200]] = [78, 79]
    _run(module, HostModule(module), a, 4)


def test_a_parallel_launch_keeps_the_lowest_raise_of_all_cpu_threads() -> None:
    module = compile_python(direct, "void(int64[:], int64[:])")
    n = 1 << 15
    a = np.arange(n, dtype=np.int64) % 50
    a[[n - 5, 20000, 9000]] = -1
    host = HostModule(module, workers=4)
    out = np.zeros(n, np.int64)
    result = host.launch(n // 64, 64, [a, out])
    assert result.raised is not None
    assert (result.raised.thread, result.raised.block) == ((40, 0, 0), (140, 0, 0))


def test_each_launch_starts_without_a_raise() -> None:
    module = compile_python(direct, "void(int64[:], int64[:])")
    host = HostModule(module)
    a = np.arange(64, dtype=np.int64)
    a[9] = -1
    assert host.launch(1, 64, [a, np.zeros(64, np.int64)]).raised is not None
    a[9] = 9
    assert host.launch(1, 64, [a, np.zeros(64, np.int64)]).raised is None
    a[9] = -1
    with pytest.raises(HostError) as info:
        simt.execute(module, 1, 64, [a, np.zeros(64, np.int64)], debug=True)
    message, detail = info.value.args
    assert message.endswith("tid=[0, 0, 9] ctaid=[0, 0, 0]: negative")
    assert detail == 1


def test_gpu_launch_resets_and_reads_the_kernels_word() -> None:
    """The GPU path with the device replaced: the word is reset before the
    launch, read after it and decoded; `debug` raises."""
    kernel = SimtKernel(direct, "void(int64[:], int64[:])")
    gpu = kernel.gpu_kernel((8, 0))
    assert gpu.exceptions
    calls: list[tuple[str, bool]] = []
    stored = raise_key(64 * 3 + 5, 1)

    def word(function: Any, symbol: str, reset: bool) -> int:
        calls.append((symbol, reset))
        return NO_RAISE if reset else stored

    fake = GpuKernel(
        gpu.ptx,
        gpu.entry,
        gpu.params,
        loader=lambda ptx, name, cc: "handle",
        launcher=lambda f, grid, block, args: calls.append(("launch", False)),
        capability=(8, 0),
        exceptions=gpu.exceptions,
        word=word,
    )
    arrays = [FakeDeviceArray(np.zeros(256, np.int64), 0x1000 * k) for k in (1, 2)]
    raised = fake.launch(4, 64, arrays)
    assert calls == [
        ("direct__simt_raise", True),
        ("launch", False),
        ("direct__simt_raise", False),
    ]
    assert raised is not None
    assert (raised.thread, raised.block, raised.site.args) == (
        (5, 0, 0),
        (3, 0, 0),
        ("negative", 1),
    )
    kernel.debug = True
    with pytest.raises(HostError, match="tid=\\[0, 0, 5\\] ctaid=\\[0, 0, 3\\]"):
        kernel._raise(raised)  # pyright: ignore[reportPrivateUsage]
