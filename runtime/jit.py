"""`simt.jit`: compile a numba.cuda-style Python kernel with simt and launch it.

```python
@simt.jit("void(int32[:], int32)", passes="simt-optimize")
def double(a, n): ...

double[grid, block](a, n)
```

The function goes through `simt.compile_python` and the pass pipeline once, on
first use. Where a launch runs is the kernel's `target`:

- `"gpu"`: through numba-cuda (PTX from `simt.to_ptx` for the device's
  architecture, loaded by `simt.runtime.launch`; numpy arrays are copied to
  the device and back, as numba does);
- `"host"`: the same lowered code on this CPU (`simt.runtime.host`, compiled
  once per kernel);
- `"sim"`: the simulator; the launch returns its `SimulationResult` (metrics);
- `None` (the default): the GPU when `numba.cuda.is_available()`, else the
  host, saying once on stderr that no GPU was found.

Numpy arrays are updated in place on every target, so all give the same
results. A launch returns the target's result (`HostResult`,
`SimulationResult`, or None on the GPU), also kept as `last_result`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

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

Target = Literal["gpu", "host", "sim"]
TARGETS: tuple[str, ...] = ("gpu", "host", "sim")

_noted_no_gpu = False


def _gpu_available() -> bool:
    from numba import cuda

    return bool(cuda.is_available())


def note_no_gpu() -> None:
    """Says on stderr, once per process, that launches run on the host."""
    global _noted_no_gpu
    if _noted_no_gpu:
        return
    _noted_no_gpu = True
    print(
        "simt: no GPU found (numba.cuda.is_available() is False); kernels run on "
        "the host (the lowered code, JIT-compiled for this CPU); pass "
        "target='sim' for the simulator's metrics",
        file=sys.stderr,
    )


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
    target: Target | None = None
    """Where launches run (module docstring); None: the GPU if any, else the host."""
    last_result: Any = field(default=None, repr=False)
    """What the last launch returned (`HostResult`, `SimulationResult` or None)."""
    _module: ModuleOp | None = field(default=None, repr=False)
    _gpu: GpuKernel | None = field(default=None, repr=False)
    _host: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.target is not None and self.target not in TARGETS:
            raise ValueError(
                f"expected a target among {', '.join(TARGETS)}, found {self.target!r}"
            )

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

    def __getitem__(self, config: object) -> Callable[..., Any]:
        grid, block = launch_config(config)
        return lambda *args: self.launch(grid, block, args)

    def resolved_target(self) -> Target:
        """The target of the next launch (the default chosen by GPU presence)."""
        if self.target is not None:
            return self.target
        if self.use_gpu():
            return "gpu"
        note_no_gpu()
        return "host"

    def launch(
        self,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[object],
    ) -> Any:
        """Runs the kernel on its target; returns (and keeps) the target's result."""
        target = self.resolved_target()
        if target == "gpu":
            self._launch_gpu(grid, block, args)
            self.last_result = None
        elif target == "host":
            self.last_result = self.host_module().launch(
                grid, block, list(args), self.entry_name
            )
        else:
            from simt.sim import simulate

            self.last_result = simulate(
                self.module,
                grid=grid,
                block=block,
                args=list(args),
                kernel=self.entry_name,
                step_limit=self.step_limit,
            )
        return self.last_result

    @property
    def entry_name(self) -> str:
        return find_kernel(self.module, self.py_func.__name__).sym_name.data

    def host_module(self) -> Any:
        """The kernel compiled for the host (once)."""
        if self._host is None:
            from simt.runtime.host import HostModule

            self._host = HostModule(self.module)
        return self._host

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
    target: Target | None = None,
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
        return SimtKernel(py_func, text, passes, step_limit=step_limit, target=target)

    return decorate
