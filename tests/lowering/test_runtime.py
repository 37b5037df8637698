"""The numba-ABI argument marshalling and the GPU launch path up to the launch."""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np
import pytest
from numba import cuda

import simt
from simt.runtime.abi import KernelParam, LaunchArgumentError, kernel_params, marshal
from simt.runtime.jit import SimtKernel, find_kernel
from simt.runtime.launch import GpuKernel, dim3, ptx_arch_for


class FakeDeviceArray:
    """A device array as numba's: only `__cuda_array_interface__` matters."""

    def __init__(self, host: np.ndarray[Any, Any], address: int) -> None:
        self.__cuda_array_interface__ = {
            "data": (address, False),
            "shape": host.shape,
            "strides": None if host.flags.c_contiguous else host.strides,
            "typestr": host.dtype.str,
            "version": 3,
        }


def values(args: list[object]) -> list[int | float | None]:
    return [a.value for a in args]  # pyright: ignore[reportAttributeAccessIssue]


def test_marshal_matches_numba_prepare_args() -> None:
    params = (
        KernelParam("a", np.dtype(np.int32), 1),
        KernelParam("n", np.dtype(np.int32)),
    )
    args = marshal(params, [FakeDeviceArray(np.zeros(10, np.int32), 0x1000), 7])
    assert [type(a) for a in args] == [ctypes.c_void_p] * 2 + [ctypes.c_int64] * 2 + [
        ctypes.c_void_p
    ] + [ctypes.c_int64] * 2 + [ctypes.c_int32]
    # meminfo, parent, nitems, itemsize, data, shape, strides (bytes), n
    assert values(args) == [None, None, 10, 4, 0x1000, 10, 4, 7]


def test_marshal_strided_view_and_scalars() -> None:
    view = np.zeros(20, np.float64)[::2]
    params = (
        KernelParam("x", np.dtype(np.float64), 1),
        KernelParam("s", np.dtype(np.float32)),
        KernelParam("b", np.dtype(np.bool_)),
    )
    args = marshal(params, [FakeDeviceArray(view, 0x2000), 1.5, True])
    assert values(args)[2:] == [10, 8, 0x2000, 10, 16, 1.5, 1]
    assert isinstance(args[-1], ctypes.c_uint8)


def test_marshal_rejects_mismatches() -> None:
    params = (KernelParam("a", np.dtype(np.int32), 1),)
    with pytest.raises(
        LaunchArgumentError,
        match=r"expected 'a: int32\[:\]', found a 1-d float32 array",
    ):
        marshal(params, [FakeDeviceArray(np.zeros(3, np.float32), 8)])
    with pytest.raises(LaunchArgumentError, match="expected a device array"):
        marshal(params, [np.zeros(3, np.int32)])
    with pytest.raises(LaunchArgumentError, match="expected 1 arguments"):
        marshal(params, [])


def test_launch_dimensions_and_arch_choice() -> None:
    assert dim3(128, "block") == (128, 1, 1)
    assert dim3((4, 2), "grid") == (4, 2, 1)
    with pytest.raises(ValueError, match="positive extents"):
        dim3((0,), "grid")
    assert [ptx_arch_for(c) for c in [(7, 0), (7, 5), (8, 6), (9, 0), (12, 0)]] == [
        "sm_70",
        "sm_70",
        "sm_80",
        "sm_90",
        "sm_90",
    ]


def double(a, n):  # pyright: ignore[reportMissingParameterType, reportUnknownParameterType]
    i = cuda.grid(1)
    if i < n:
        a[i] = a[i] * 2


def test_gpu_path_up_to_the_launch() -> None:
    """jit -> PTX -> linker input and a marshalled launch, with the device replaced."""
    loaded: list[tuple[str, str, tuple[int, int]]] = []
    launched: list[tuple[object, Any, Any, list[object]]] = []
    kernel = SimtKernel(double, "void(int32[:], int32)")
    entry = find_kernel(kernel.module, "double")
    assert [p.describe() for p in kernel_params(entry)] == ["a: int32[:]", "n: int32"]
    gpu = kernel.gpu_kernel((8, 6))
    fake = GpuKernel(
        gpu.ptx,
        gpu.entry,
        gpu.params,
        loader=lambda ptx, name, cc: loaded.append((ptx, name, cc)) or "handle",
        launcher=lambda f, grid, block, args: launched.append((f, grid, block, args)),
        capability=(8, 6),
    )
    fake.launch(4, (64,), [FakeDeviceArray(np.zeros(256, np.int32), 0x3000), 256])
    ((ptx, name, cc),) = loaded
    assert ".target sm_80" in ptx and f".entry {name}(" in ptx and cc == (8, 6)
    ((handle, grid, block, args),) = launched
    assert (handle, grid, block) == ("handle", (4, 1, 1), (64, 1, 1))
    assert values(args) == [None, None, 256, 4, 0x3000, 256, 4, 256]


def test_jit_without_gpu_runs_on_the_host() -> None:
    kernel = simt.jit("void(int32[:], int32)")(double)
    kernel.use_gpu = lambda: False
    a = np.arange(100, dtype=np.int32)
    result = kernel[2, 64](a, 100)
    assert np.array_equal(a, np.arange(100, dtype=np.int32) * 2)
    assert kernel.resolved_target() == "host" and result.threads == 128
