"""`simt.jit`: compile a numba.cuda-style Python kernel with simt and launch it.

```python
@simt.jit("void(int32[:], int32)", passes="simt-optimize")
def double(a, n): ...

@simt.jit                      # typed at each call from the arguments
def scale(a, factor): ...

@simt.jit(device=True)         # a device function kernels call (inlined)
def clamp(x, lo, hi): ...

double[grid, block](a, n)
scale[grid, block, 0, 256](a, 2.0)   # stream, dynamic shared bytes
```

numba's forms: with a signature (a string, numba type objects or a list of
them), the kernel is compiled for it; bare (`@simt.jit` or `@simt.jit()`),
it is compiled at each call for the arguments' types as numba's dispatcher
types them (`typeof`: arrays by dtype, rank and layout, Python ints as
int64, floats as float64), one specialization per signature. `device=True`
makes a device function: kernels that call it inline it; it cannot be
launched. A function made by `exec` (no source file) takes its text as
`source=`. Each specialization goes through `simt.compile_python` and the pass
pipeline once. Where a launch runs is the kernel's `target`:

- `"gpu"`: through numba-cuda (PTX from `simt.to_ptx` for the device's
  architecture, loaded by `simt.runtime.launch`; numpy arrays are copied to
  the device and back, as numba does);
- `"host"`: the same lowered code on this CPU (`simt.runtime.host`, compiled
  once per specialization);
- `"sim"`: the simulator; the launch returns its `SimulationResult` (metrics);
- `None` (the default): the GPU when `numba.cuda.is_available()`, else the
  host, saying once on stderr that no GPU was found.

Numpy arrays are updated in place on every target, so all give the same
results. A launch returns the target's result (`HostResult`,
`SimulationResult`, or None on the GPU), also kept as `last_result`.

`debug=True` is numba's: after a launch in which a lane raised (`raise` in
the kernel or a device function; the lane left the kernel), the exception
is raised on the host, on every target, with numba's message
(`simt.model.exceptions`); without it a raise is not reported. numba's
`opt=` is accepted and ignored (simt's pipeline is `passes`).
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, overload

from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp

from simt.dialects.intrinsics import GridBarrierOp
from simt.dialects.simt import exception_table
from simt.model.captures import kernel_captures
from simt.model.errors import UsageError
from simt.model.exceptions import RaisedException
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
    """A Python kernel compiled by simt; `kernel[grid, block](*args)` launches it.

    `signature` None: typed at each launch from the arguments, one
    specialization per signature (`signatures` lists them)."""

    py_func: Callable[..., None]
    signature: object | None = None
    passes: str | None = None
    use_gpu: Callable[[], bool] = _gpu_available
    source: str | None = None
    """The function's text, for a function that has no source file (`exec`)."""
    step_limit: int | None = None
    """The simulator's step limit (`simt.simulate`); None: its default."""
    _modules: dict[object, ModuleOp] = field(
        default_factory=dict[object, ModuleOp], repr=False
    )
    """The specializations by parsed signature (`KernelSignature`): enum
    types compare their classes, not their names, as numba's do."""
    target: Target | None = None
    """Where launches run (module docstring); None: the GPU if any, else the host."""
    debug: bool = False
    """numba's `debug=True`: a launch raises the exception a lane raised, and
    the kernel has numba's Python error model's checks (`compile_python`)."""
    last_result: Any = field(default=None, repr=False)
    """What the last launch returned (`HostResult`, `SimulationResult` or None)."""
    _gpus: dict[object, GpuKernel] = field(
        default_factory=dict[object, GpuKernel], repr=False
    )
    _hosts: dict[int, Any] = field(default_factory=dict[int, Any], repr=False)

    def __post_init__(self) -> None:
        if self.target is not None and self.target not in TARGETS:
            raise UsageError(
                f"expected a target among {', '.join(TARGETS)}, found {self.target!r}"
            )

    @property
    def signatures(self) -> list[str]:
        """The signatures compiled so far (numba's spelling)."""
        return [str(key) for key in self._modules]

    @property
    def module(self) -> ModuleOp:
        """The simt IR of the kernel after the pass pipeline (compiled once):
        for the declared signature, or the only specialization so far."""
        if self.signature is not None:
            return self.specialize(self.signature)
        if len(self._modules) == 1:
            return next(iter(self._modules.values()))
        raise ValueError(
            f"'{self.py_func.__name__}' has no declared signature and "
            f"{len(self._modules)} specializations; use specialize(signature)"
        )

    def specialize(self, signature: object) -> ModuleOp:
        """The IR for `signature` (numba's string or type objects), compiled once."""
        from simt.frontend import compile_python
        from simt.frontend.signature import parse_signature
        from simt.pipeline import apply_passes

        key = parse_signature(signature)
        module = self._modules.get(key)
        if module is None:
            module = compile_python(
                self.py_func, signature, source=self.source, debug=self.debug
            )
            if self.passes:
                apply_passes(module, self.passes)
            self._modules[key] = module
        return module

    def signature_for(self, args: Sequence[object]) -> object:
        """The signature a launch with `args` runs: the declared one, or the
        arguments' types as numba's dispatcher types them."""
        if self.signature is not None:
            return self.signature
        from simt.frontend.signature import signature_of_args

        return signature_of_args(args)

    def gpu_kernel(
        self, capability: tuple[int, int], signature: object | None = None
    ) -> GpuKernel:
        """The kernel as PTX for a device of `capability` (lowered once per signature)."""
        module = self.module if signature is None else self.specialize(signature)
        key = next(k for k, m in self._modules.items() if m is module)
        found = self._gpus.get(key)
        if found is None:
            from simt.lowering.ptx import to_ptx

            entry = find_kernel(module, self.py_func.__name__)
            ptx = to_ptx(module, ptx_arch_for(capability))
            found = GpuKernel(
                ptx,
                entry.sym_name.data,
                kernel_params(entry),
                capability=capability,
                exceptions=exception_table(entry),
                cooperative=any(isinstance(op, GridBarrierOp) for op in module.walk()),
            )
            self._gpus[key] = found
        return found

    def inspect_llvm(self, signature: object | None = None) -> str | dict[str, str]:
        """numba's `inspect_llvm`: the LLVM IR (NVPTX) of the kernel for
        `signature`, or, without one, a dict from each signature compiled so far
        (numba's spelling) to its IR."""
        return inspect_code(self._compiled(signature), "llvm")

    def inspect_asm(
        self, signature: object | None = None, *, arch: str | None = None
    ) -> str | dict[str, str]:
        """numba's `inspect_asm`: the PTX of the kernel for `signature` (or a
        dict over the signatures compiled so far, as `inspect_llvm`), for `arch`
        (default: the current GPU's architecture, else sm_80)."""
        if arch is None:
            arch = ptx_arch_for(current_capability()) if self.use_gpu() else "sm_80"
        return inspect_code(self._compiled(signature), "ptx", arch)

    def _compiled(self, signature: object | None) -> ModuleOp | dict[str, ModuleOp]:
        if signature is not None:
            return self.specialize(signature)
        if self.signature is not None:
            self.specialize(self.signature)
        return {str(key): module for key, module in self._modules.items()}

    def __getitem__(self, config: object) -> Callable[..., Any]:
        """`kernel[grid, block]`, `kernel[grid, block, stream]` or
        `kernel[grid, block, stream, dynamic_shared_bytes]`, as numba."""
        grid, block, shared = launch_config(config)
        return lambda *args: self.launch(grid, block, args, dynamic_shared_bytes=shared)

    def __call__(self, *args: object) -> None:
        raise TypeError(
            f"kernel '{self.py_func.__name__}' needs a launch configuration: "
            f"{self.py_func.__name__}[grid, block](...)"
        )

    def launch(
        self,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[object],
        *,
        dynamic_shared_bytes: int = 0,
    ) -> Any:
        """Runs the kernel on its target; returns (and keeps) the target's result.

        Launches are synchronous (numba's stream argument is accepted and the
        launch completes before this returns). With `debug`, the exception a
        lane raised is raised after the launch."""
        signature = self.signature_for(args)
        target = self.resolved_target()
        if target == "gpu":
            self.last_result = None
            self._launch_gpu(grid, block, args, signature, dynamic_shared_bytes)
        elif target == "host":
            module = self.specialize(signature)
            self.last_result = self.host_module(module).launch(
                grid,
                block,
                args,
                self._entry_name(module),
                dynamic_shared_bytes=dynamic_shared_bytes,
                step_limit=self.step_limit,
                debug=self.debug,
            )
        else:
            from simt.sim import simulate

            module = self.specialize(signature)
            self.last_result = simulate(
                module,
                grid=grid,
                block=block,
                args=list(args),
                kernel=self._entry_name(module),
                step_limit=self.step_limit,
                dynamic_shared_bytes=dynamic_shared_bytes,
                debug=self.debug,
            )
        return self.last_result

    def resolved_target(self) -> Target:
        """The target of the next launch (the default chosen by GPU presence)."""
        if self.target is not None:
            return self.target
        if self.use_gpu():
            return "gpu"
        note_no_gpu()
        return "host"

    def _entry_name(self, module: ModuleOp) -> str:
        return find_kernel(module, self.py_func.__name__).sym_name.data

    def host_module(self, module: ModuleOp | None = None) -> Any:
        """The kernel compiled for the host (once per specialization)."""
        module = self.module if module is None else module
        found = self._hosts.get(id(module))
        if found is None:
            from simt.runtime.host import HostModule

            found = HostModule(module)
            self._hosts[id(module)] = found
        return found

    def _launch_gpu(
        self,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[object],
        signature: object,
        shared_bytes: int,
    ) -> None:
        from numba import cuda

        from simt.frontend.signature import flatten_arguments

        kernel = self.gpu_kernel(current_capability(), signature)
        device_args, copy_back = with_device_arrays(
            flatten_arguments(args, records=False)
        )
        device_args = flatten_arguments(device_args)
        entry = find_kernel(self.specialize(signature), self.py_func.__name__)
        device_args += kernel_captures(entry)
        raised = kernel.launch(grid, block, device_args, shared_bytes)
        cuda.synchronize()
        self._raise(raised)
        copy_back()

    def _raise(self, raised: RaisedException | None) -> None:
        """numba's launcher under `debug=True`: raises before the arrays it
        copied to the device are copied back."""
        if self.debug and raised is not None:
            raise raised.exception()


def inspect_code(
    compiled: ModuleOp | Mapping[str, ModuleOp],
    form: Literal["llvm", "ptx"],
    arch: str = "sm_80",
) -> str | dict[str, str]:
    """The LLVM IR or PTX (`form`) of one compiled module, or of each module
    of a mapping from signatures (numba's `inspect_llvm` / `inspect_asm`)."""
    from simt.lowering.ptx import to_llvm_ir, to_ptx

    if isinstance(compiled, ModuleOp):
        return to_llvm_ir(compiled, arch) if form == "llvm" else to_ptx(compiled, arch)
    return {
        key: str(inspect_code(module, form, arch)) for key, module in compiled.items()
    }


@dataclass(frozen=True)
class SimtDeviceFunction:
    """A device function (`@simt.jit(device=True)`): kernels that call it
    inline it; it is not launched nor called from the host."""

    py_func: Callable[..., Any]
    signature: object | None = None

    def __call__(self, *args: object) -> Any:
        raise TypeError(
            f"device function '{self.py_func.__name__}' can only be called from a kernel"
        )


def launch_config(config: object) -> tuple[Any, Any, int]:
    """`(grid, block, dynamic_shared_bytes)` of `kernel[grid, block]` or
    `kernel[grid, block, stream, dynamic_shared_bytes]` (numba's forms; the
    stream must be the default one, 0 or None), else a `UsageError` saying
    what was expected."""
    if not isinstance(config, tuple) or len(config) not in (2, 3, 4):
        raise UsageError(
            "a launch needs kernel[grid, block] (or kernel[grid, block, stream, "
            f"shared_bytes]), found kernel[{_show(config)}]"
        )
    items: list[Any] = list(config)  # pyright: ignore[reportUnknownArgumentType]
    if len(items) >= 3 and items[2] not in (0, None):
        raise UsageError(
            "kernel[grid, block, stream, shared_bytes]: simt launches on the "
            f"default stream (0 or None), found stream {items[2]!r}"
        )
    shared = items[3] if len(items) == 4 else 0
    if not isinstance(shared, int) or isinstance(shared, bool) or shared < 0:
        raise UsageError(
            "kernel[grid, block, stream, shared_bytes]: the dynamic shared "
            f"memory size must be a non-negative int, found {shared!r}"
        )
    return items[0], items[1], shared


def _show(config: object) -> str:
    if isinstance(config, tuple):
        items: tuple[Any, ...] = config
        return ", ".join(repr(c) for c in items)
    return repr(config)


def _checked_signature(signature: object) -> object:
    """`signature` (a string, numba type objects, or a list of one of them),
    checked now so that a bad one fails at the decorator (`UsageError`)."""
    from simt.frontend.signature import SignatureError, parse_signature

    if isinstance(signature, list):
        entries: list[object] = list(signature)  # pyright: ignore[reportUnknownArgumentType]
        if len(entries) != 1:
            raise UsageError(
                "simt.jit takes one signature (a list of several is not supported)"
            )
        signature = entries[0]
    if isinstance(signature, int | float):
        raise UsageError(
            "simt.jit: expected a signature string like 'void(int32[:], int64)', "
            f"found {type(signature).__name__} {signature!r}"
        )
    try:
        parse_signature(signature)
    except SignatureError as error:
        raise UsageError(f"simt.jit: {error}") from None
    return signature


@overload
def jit(
    signature_or_function: None = None,
    passes: str | None = None,
    *,
    device: Literal[False] = False,
    source: str | None = None,
    step_limit: int | None = None,
    target: Target | None = None,
    debug: bool = False,
    opt: object = True,
) -> Callable[[Callable[..., None]], SimtKernel]: ...
@overload
def jit(  # pyright: ignore[reportOverlappingOverload]
    signature_or_function: Callable[..., None],
    passes: str | None = None,
    *,
    device: Literal[False] = False,
    source: str | None = None,
    step_limit: int | None = None,
    target: Target | None = None,
    debug: bool = False,
    opt: object = True,
) -> SimtKernel: ...
@overload
def jit(
    signature_or_function: object,
    passes: str | None = None,
    *,
    device: Literal[False] = False,
    source: str | None = None,
    step_limit: int | None = None,
    target: Target | None = None,
    debug: bool = False,
    opt: object = True,
) -> Callable[[Callable[..., None]], SimtKernel]: ...
@overload
def jit(
    signature_or_function: object = None,
    passes: str | None = None,
    *,
    device: Literal[True],
    source: str | None = None,
    step_limit: int | None = None,
    target: Target | None = None,
    debug: bool = False,
    opt: object = True,
) -> Callable[[Callable[..., Any]], SimtDeviceFunction]: ...
def jit(
    signature_or_function: object = None,
    passes: str | None = None,
    *,
    device: bool = False,
    source: str | None = None,
    step_limit: int | None = None,
    target: Target | None = None,
    debug: bool = False,
    opt: object = True,
) -> Any:
    """numba.cuda.jit's forms, compiled by simt (see the module docstring):
    `@jit`, `@jit()`, `@jit(signature)`, `@jit(device=True)`,
    `@jit(signature, device=True)`; `passes` is a pass pipeline run on each
    specialization; `step_limit` bounds a launch (on the simulator the
    warp-instructions, `simt.simulate`; on the host each thread's loop
    iterations, `simt.runtime.host`);
    `target` is where launches run ("gpu", "host", "sim"; None: the GPU if
    any, else the host); `debug=True` raises after a launch the exception a
    lane raised, as numba does; numba's `opt` is accepted and ignored."""
    if passes is not None and not isinstance(passes, str):
        raise UsageError(f"passes must be a pipeline string, found {passes!r}")
    if isinstance(signature_or_function, types.FunctionType):
        if device:
            return SimtDeviceFunction(signature_or_function)
        return SimtKernel(
            signature_or_function,
            None,
            passes,
            source=source,
            step_limit=step_limit,
            target=target,
            debug=debug,
        )
    signature = signature_or_function
    if signature is not None:
        signature = _checked_signature(signature)

    def decorate(py_func: Callable[..., Any]) -> Any:
        if not callable(py_func):
            raise UsageError(f"simt.jit decorates a function, found {py_func!r}")
        if device:
            return SimtDeviceFunction(py_func, signature)
        return SimtKernel(
            py_func,
            signature,
            passes,
            source=source,
            step_limit=step_limit,
            target=target,
            debug=debug,
        )

    return decorate
