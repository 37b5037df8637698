"""Load simt's PTX through numba-cuda, launch it, time it, compare it with numba.

Loading goes through numba-cuda's linker (`numba.cuda.cudadrv.driver._Linker`,
nvJitLink when available), so a driver older than the PTX ISA still takes it:
the linker turns PTX into a cubin for the device, which the driver loads
(`Context.create_module_image`). Launches use `cuda.core.launch`, as numba-cuda's
own dispatcher does, with the argument list of `simt.runtime.abi.marshal`: the
same arrays and scalars `@cuda.jit` kernels take. Times are CUDA events around
each launch; `time_kernel` reports the median after warm-up launches.

The device work is behind small interfaces (`load_cubin_function`,
`launch_function`, `raise_word`) so that everything up to the launch runs
and is tested without a GPU.

A kernel that lists exceptions (`simt.raise`) keeps its launch's raise in
the global `<kernel>__simt_raise` (`simt.model.exceptions`): the launch
sets it to `NO_RAISE` before the kernel runs and reads it back after, as
numba-cuda's launcher does with `<kernel>__errcode__`, and returns the
decoded `RaisedException` (the caller raises it under `debug=True`). This
reaches the device through numba-cuda's driver (`get_global_symbol`,
`memset`, `device_to_host`), and no test here runs it on a GPU.
"""

from __future__ import annotations

import ctypes
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from simt.lowering.ptx import ARCHES
from simt.model.exceptions import (
    ExceptionSite,
    RaisedException,
    raise_symbol,
    raised_from_key,
)
from simt.model.machine import Dim3
from simt.model.records import record_scalar_array
from simt.runtime.abi import KernelParam, marshal

Loader = Callable[[str, str, tuple[int, int]], Any]
"""(ptx, entry name, compute capability) -> a loaded function handle."""
Launcher = Callable[[Any, Dim3, Dim3, list[object]], None]
"""(function handle, grid, block, marshalled arguments) -> None."""
RaiseWord = Callable[[Any, str, bool], int]
"""(function handle, symbol, reset first) -> the kernel's exception word."""


def dim3(value: int | Sequence[int], what: str) -> Dim3:
    """A launch dimension as three positive extents (`128` -> `(128, 1, 1)`)."""
    extents = (value,) if isinstance(value, int) else tuple(value)
    if not 1 <= len(extents) <= 3 or any(int(e) < 1 for e in extents):
        raise ValueError(
            f"expected a {what} of 1 to 3 positive extents, found {value!r}"
        )
    padded = tuple(int(e) for e in extents) + (1,) * (3 - len(extents))
    return (padded[0], padded[1], padded[2])


def ptx_arch_for(capability: tuple[int, int]) -> str:
    """The newest architecture simt emits that a device of `capability` runs.

    PTX is forward compatible: sm_90 PTX is JIT-compiled by the linker for newer
    GPUs, so a device past sm_90 gets sm_90 PTX.
    """
    major, minor = capability
    usable = [arch for arch in ARCHES if int(arch[3:]) <= major * 10 + minor]
    if not usable:
        raise ValueError(
            f"compute capability {major}.{minor} is older than {ARCHES[0]}"
        )
    return usable[-1]


def load_cubin_function(ptx: str, entry: str, capability: tuple[int, int]) -> Any:
    """Links PTX with numba-cuda's linker and loads `entry` in the current context."""
    from numba.cuda.cudadrv import devices, driver

    linker = driver._Linker(max_registers=None, cc=capability, lto=False)  # pyright: ignore[reportPrivateUsage, reportAttributeAccessIssue]
    linker.add_ptx(ptx.encode(), name=f"{entry}.ptx")
    cubin = linker.complete()
    context = devices.get_context()
    module = context.create_module_image(cubin)
    return module.get_function(entry)


def launch_function(
    function: Any,
    grid: Dim3,
    block: Dim3,
    args: list[object],
    shared_bytes: int = 0,
    cooperative: bool = False,
) -> None:
    """Launches a loaded function on the default stream with `cuda.core.launch`
    (`shared_bytes` of dynamic shared memory per block; `cooperative`: a
    cooperative launch, which the driver refuses unless every block of the
    grid can be resident at once, as a grid barrier needs)."""
    from cuda.core import (
        LaunchConfig,  # pyright: ignore[reportAttributeAccessIssue]
        launch,  # pyright: ignore[reportAttributeAccessIssue]
    )
    from numba import cuda

    config = LaunchConfig(
        grid=grid, block=block, shmem_size=shared_bytes, is_cooperative=cooperative
    )
    launch(cuda.default_stream(), config, function.kernel, *args)


def raise_word(function: Any, symbol: str, reset: bool) -> int:
    """The 8-byte exception word `symbol` of a loaded function's module, in
    device memory; `reset` first sets every byte to 0xFF (`NO_RAISE`), as
    numba's launcher clears `<kernel>__errcode__`."""
    from numba.cuda.cudadrv import driver

    memory, size = function.module.get_global_symbol(symbol)
    if size != ctypes.sizeof(ctypes.c_uint64):
        raise ValueError(f"expected {symbol} to be 8 bytes, found {size}")
    if reset:
        memory.memset(0xFF)
    value = ctypes.c_uint64()
    driver.device_to_host(ctypes.addressof(value), memory, size)
    return int(value.value)


def current_capability() -> tuple[int, int]:
    """The compute capability of the current CUDA device."""
    from numba import cuda

    major, minor = cuda.get_current_device().compute_capability
    return (int(major), int(minor))


@dataclass
class GpuKernel:
    """A simt kernel compiled to PTX, loaded on first launch."""

    ptx: str
    entry: str
    params: tuple[KernelParam, ...]
    loader: Loader = load_cubin_function
    launcher: Launcher = launch_function
    capability: tuple[int, int] | None = None
    exceptions: tuple[ExceptionSite, ...] = ()
    """The kernel's `simt.exceptions` (empty: it raises nothing)."""
    cooperative: bool = False
    """Whether the kernel has a grid barrier (`simt.grid_barrier`): it is
    launched cooperatively, as numba-cuda launches kernels that use
    `cuda.cg.this_grid().sync()`."""
    word: RaiseWord = raise_word
    _function: Any = field(default=None, repr=False)

    def function(self) -> Any:
        """The loaded function (linked and loaded once)."""
        if self._function is None:
            capability = (
                self.capability if self.capability is not None else current_capability()
            )
            self._function = self.loader(self.ptx, self.entry, capability)
        return self._function

    def launch(
        self,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[object],
        shared_bytes: int = 0,
    ) -> RaisedException | None:
        """Launches on device arrays and scalars (numba's argument list) with
        `shared_bytes` of dynamic shared memory; returns what a lane raised."""
        values = marshal(self.params, args)
        grid3, block3 = dim3(grid, "grid"), dim3(block, "block")
        function = self.function()
        symbol = raise_symbol(self.entry)
        if self.exceptions:
            self.word(function, symbol, True)
        if shared_bytes or self.cooperative:
            launch_function(
                function, grid3, block3, values, shared_bytes, self.cooperative
            )
        else:
            self.launcher(function, grid3, block3, values)
        if not self.exceptions:
            return None
        key = self.word(function, symbol, False)
        return raised_from_key(key, self.exceptions, grid3, block3)


def with_device_arrays(
    args: Sequence[object],
) -> tuple[list[object], Callable[[], None]]:
    """Copies numpy arrays in `args` to the device (a record scalar as a
    1-element array, numba passes records by reference); returns the args
    and a copy-back."""
    from numba import cuda

    converted: list[object] = []
    pairs: list[tuple[np.ndarray[Any, Any], Any]] = []
    for value in args:
        if isinstance(value, np.void) and value.dtype.names is not None:
            value = record_scalar_array(value)
        if isinstance(value, np.ndarray):
            device = cuda.to_device(value)
            pairs.append((value, device))
            converted.append(device)
        else:
            converted.append(value)

    def copy_back() -> None:
        for host, device in pairs:
            device.copy_to_host(host)

    return converted, copy_back


def time_kernel(
    run: Callable[[], object], *, warmup: int = 2, repeat: int = 10
) -> list[float]:
    """Milliseconds of each of `repeat` launches of `run`, by CUDA events, after warm-up."""
    from numba import cuda

    for _ in range(warmup):
        run()
    cuda.synchronize()
    times: list[float] = []
    for _ in range(repeat):
        start, end = cuda.event(), cuda.event()
        start.record()
        run()
        end.record()
        end.synchronize()
        elapsed: Any = cuda.event_elapsed_time(start, end)
        times.append(float(elapsed))
    return times


def _differing(ours: Sequence[object], theirs: Sequence[object]) -> tuple[int, ...]:
    """Indices of the arrays whose contents differ (NaNs compare equal)."""
    indices: list[int] = []
    for index, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        if not isinstance(a, np.ndarray) or not isinstance(b, np.ndarray):
            continue
        if not np.array_equal(a, b, equal_nan=a.dtype.kind == "f"):  # pyright: ignore[reportUnknownArgumentType]
            indices.append(index)
    return tuple(indices)


@dataclass(frozen=True)
class Comparison:
    """simt's kernel against numba's `@cuda.jit` of the same function on the same inputs."""

    outputs_equal: bool
    simt_ms: float
    numba_ms: float
    mismatches: tuple[int, ...]
    """Indices of the arguments whose final contents differ."""


def compare_with_numba(
    kernel: GpuKernel,
    py_func: Callable[..., None],
    signature: str,
    grid: int | Sequence[int],
    block: int | Sequence[int],
    args: Sequence[object],
    *,
    repeat: int = 10,
) -> Comparison:
    """Runs simt's kernel and numba's on copies of `args`; compares outputs and median times."""
    from numba import cuda

    reference: Any = cuda.jit(signature)(py_func)
    ours_args = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
    theirs_args = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
    ours_dev, ours_back = with_device_arrays(ours_args)
    theirs_dev, theirs_back = with_device_arrays(theirs_args)
    kernel.launch(grid, block, ours_dev)
    reference[grid, block](*theirs_dev)
    cuda.synchronize()
    ours_back()
    theirs_back()
    mismatches = _differing(ours_args, theirs_args)
    simt_times = time_kernel(
        lambda: kernel.launch(grid, block, ours_dev), repeat=repeat
    )
    numba_times = time_kernel(
        lambda: reference[grid, block](*theirs_dev), repeat=repeat
    )
    return Comparison(
        outputs_equal=not mismatches,
        simt_ms=statistics.median(simt_times),
        numba_ms=statistics.median(numba_times),
        mismatches=mismatches,
    )
