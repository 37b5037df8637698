"""`simt.jit`: compile a numba.cuda-style Python kernel with simt and launch it.

```python
@simt.jit("void(int32[:], int32)", passes="simt-optimize")
def double(a, n): ...

double[grid, block](a, n)
```

The function goes through `simt.compile_python` and the pass pipeline once, on
first use. A launch runs on the GPU through numba-cuda when
`numba.cuda.is_available()` (PTX from `simt.to_ptx` for the device's
architecture, loaded by `simt.runtime.launch`; numpy arrays are copied to the
device and back, as numba does), and on `simt.simulate` otherwise; numpy
arrays are updated in place either way, so both give the same results.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from simt.model.errors import UsageError
from simt.model.kernel import kernels_of
from simt.runtime.abi import kernel_params
from simt.runtime.launch import (
    GpuKernel,
    current_capability,
    ptx_arch_for,
    with_device_arrays,
)


def _gpu_available() -> bool:
    from numba import cuda

    return bool(cuda.is_available())


def find_kernel(module: ModuleOp, name: str) -> func.FuncOp:
    """The kernel `name` of a module (or its only kernel)."""
    kernels = kernels_of(module)
    for kernel in kernels:
        if kernel.sym_name.data == name:
            return kernel
    if len(kernels) == 1:
        return kernels[0]
    found = ", ".join(k.sym_name.data for k in kernels) or "none"
    raise ValueError(f"expected a kernel named '{name}' in the module, found: {found}")


@dataclass
class SimtKernel:
    """A Python kernel compiled by simt; `kernel[grid, block](*args)` launches it."""

    py_func: Callable[..., None]
    signature: str
    passes: str | None = None
    use_gpu: Callable[[], bool] = _gpu_available
    step_limit: int | None = None
    """The simulator's step limit (`simt.simulate`); None: its default."""
    _module: ModuleOp | None = field(default=None, repr=False)
    _gpu: GpuKernel | None = field(default=None, repr=False)

    @property
    def module(self) -> ModuleOp:
        """The simt IR of the kernel after the pass pipeline (compiled once)."""
        if self._module is None:
            from simt.frontend import compile_python
            from simt.pipeline import apply_passes

            module = compile_python(self.py_func, self.signature)
            if self.passes:
                apply_passes(module, self.passes)
            self._module = module
        return self._module

    def gpu_kernel(self, capability: tuple[int, int]) -> GpuKernel:
        """The kernel as PTX for a device of `capability` (lowered once)."""
        if self._gpu is None:
            from simt.lowering.ptx import to_ptx

            entry = find_kernel(self.module, self.py_func.__name__)
            ptx = to_ptx(self.module, ptx_arch_for(capability))
            self._gpu = GpuKernel(
                ptx, entry.sym_name.data, kernel_params(entry), capability=capability
            )
        return self._gpu

    def __getitem__(self, config: object) -> Callable[..., None]:
        grid, block = launch_config(config)
        return lambda *args: self.launch(grid, block, args)

    def launch(
        self,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[object],
    ) -> None:
        """Runs the kernel on the GPU if one is present, else on the simulator."""
        if self.use_gpu():
            self._launch_gpu(grid, block, args)
            return
        from simt.sim import simulate

        simulate(
            self.module,
            grid=grid,
            block=block,
            args=list(args),
            step_limit=self.step_limit,
        )

    def _launch_gpu(
        self,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[object],
    ) -> None:
        from numba import cuda

        kernel = self.gpu_kernel(current_capability())
        device_args, copy_back = with_device_arrays(args)
        kernel.launch(grid, block, device_args)
        cuda.synchronize()
        copy_back()


def launch_config(config: object) -> tuple[Any, Any]:
    """`(grid, block)` of `kernel[grid, block]` or `kernel[grid, block, stream,
    shared_bytes]` (numba's forms; the stream and dynamic shared memory size
    must be 0 here), else a `UsageError` saying what was expected."""
    if not isinstance(config, tuple) or len(config) not in (2, 3, 4):
        raise UsageError(
            "a launch needs kernel[grid, block] (or kernel[grid, block, stream, "
            f"shared_bytes]), found kernel[{_show(config)}]"
        )
    extra = config[2:]
    if any(value not in (0, None) for value in extra):
        raise UsageError(
            f"kernel[grid, block, stream, shared_bytes]: simt launches on the "
            f"default stream without dynamic shared memory, found {extra!r}"
        )
    return config[0], config[1]


def _show(config: object) -> str:
    if isinstance(config, tuple):
        return ", ".join(repr(c) for c in config)
    return repr(config)


def jit(
    signature: object = None,
    passes: str | None = None,
    *,
    step_limit: int | None = None,
) -> Callable[[Callable[..., None]], SimtKernel]:
    """A decorator compiling a numba.cuda-style kernel with simt (see the module
    docstring). `signature` is a numba signature string (or a numba
    `Signature`); `step_limit` bounds a simulated launch (`simt.simulate`)."""
    if callable(signature) and not isinstance(signature, str):
        raise UsageError(
            "simt.jit needs the kernel's signature: write "
            '@simt.jit("void(int32[:], int32)") above the function'
        )
    if signature is None:
        raise UsageError(
            "simt.jit needs a signature string like 'void(int32[:], int32)'"
        )
    from simt.frontend.signature import SignatureError, signature_text

    try:
        text = signature_text(signature)
    except SignatureError as error:
        raise UsageError(f"simt.jit: {error}") from None
    if passes is not None and not isinstance(passes, str):
        raise UsageError(f"passes must be a pipeline string, found {passes!r}")

    def decorate(py_func: Callable[..., None]) -> SimtKernel:
        if not callable(py_func):
            raise UsageError(f"simt.jit decorates a function, found {py_func!r}")
        return SimtKernel(py_func, text, passes, step_limit=step_limit)

    return decorate
