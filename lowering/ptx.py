"""simt IR to LLVM IR text and to PTX, through llvmlite's NVPTX backend.

`to_llvm_ir(module, arch)` runs `simt-lower-to-llvm` on a copy of the module,
translates it with `simt.lowering.llvm_ir` and returns verified LLVM IR text for
`nvptx64-nvidia-cuda`. `to_ptx(module, arch)` additionally links CUDA's libdevice
when the IR calls `__nv_*` functions (transcendental math), optimizes at O3 with
the NVPTX target machine (whose pipeline includes NVVMReflect, which libdevice
needs) and emits PTX.

PTX ISA version: 7.8 for every architecture. PTX 7.8 is the first ISA with
sm_90 (PTX ISA manual, "Release Notes"), and a driver accepts PTX of its own
CUDA version or older: 7.8 is CUDA 11.8, so every CUDA 12.x and 13.x driver
loads it, and ptxas of CUDA 12 assembles it for sm_70, sm_80 and sm_90 (CUDA 13
ptxas no longer targets sm_70). The emitted `.version` and `.target` lines are
checked against the request.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import llvmlite.binding as llvm_binding
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import DiagnosticException

from simt.lowering.llvm_ir import to_llvmlite
from simt.lowering.to_llvm import NVPTX_TRIPLE, lower_module

PTX_ISA = (7, 8)
"""The PTX ISA version requested for every architecture (see the module docstring)."""

ARCHES = ("sm_70", "sm_80", "sm_90")
"""The architectures simt targets and checks with ptxas."""

_ARCH = re.compile(r"sm_(\d+)a?")


class PTXVersionError(DiagnosticException):
    """The NVPTX backend emitted another `.version` or `.target` than requested."""


@dataclass(frozen=True)
class TargetSpec:
    """An NVPTX architecture and PTX ISA version, as llvmlite's cpu and features."""

    arch: str
    isa: tuple[int, int] = PTX_ISA

    @property
    def features(self) -> str:
        return f"+ptx{self.isa[0]}{self.isa[1]}"

    @property
    def version_line(self) -> str:
        return f".version {self.isa[0]}.{self.isa[1]}"


def check_arch(arch: str) -> str:
    """Returns `arch` if it names an NVPTX architecture (`sm_80`), else raises."""
    if _ARCH.fullmatch(arch) is None:
        raise DiagnosticException(
            f"expected an architecture like sm_70, sm_80 or sm_90, found '{arch}'"
        )
    return arch


@cache
def _initialize() -> None:
    llvm_binding.initialize_all_targets()
    llvm_binding.initialize_all_asmprinters()


def target_machine(spec: TargetSpec) -> llvm_binding.TargetMachine:
    """An O3 NVPTX target machine for the architecture and ISA of `spec`."""
    _initialize()
    target = llvm_binding.Target.from_triple(NVPTX_TRIPLE)
    return target.create_target_machine(
        cpu=check_arch(spec.arch), features=spec.features, opt=3
    )


def lower_to_llvmlite_text(module: ModuleOp) -> str:
    """Lowers a copy of `module` and returns its unoptimized LLVM IR text."""
    copy = module.clone()
    lower_module(copy)
    return str(to_llvmlite(copy))


def to_llvm_ir(module: ModuleOp, arch: str = "sm_80") -> str:
    """LLVM IR text for `nvptx64-nvidia-cuda` of a simt module, parsed and verified.

    The module itself is not changed. Raises `PassFailedException` naming an op
    that cannot be lowered.
    """
    check_arch(arch)
    text = lower_to_llvmlite_text(module)
    parsed = llvm_binding.parse_assembly(text)
    parsed.verify()
    return text


def libdevice_path() -> Path | None:
    try:
        import nvidia.cuda_nvcc as nvcc  # pyright: ignore[reportMissingImports]
    except ImportError:
        return None
    for root in nvcc.__path__:  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        path = Path(str(root)) / "nvvm" / "libdevice" / "libdevice.10.bc"  # pyright: ignore[reportUnknownArgumentType]
        if path.is_file():
            return path
    return None


def _link_libdevice(module: llvm_binding.ModuleRef) -> None:
    needed = [
        f.name
        for f in module.functions
        if f.is_declaration and f.name.startswith("__nv_")
    ]
    if not needed:
        return
    path = libdevice_path()
    if path is None:
        raise DiagnosticException(
            f"the kernel calls {', '.join(needed)}, which come from CUDA's libdevice; "
            "install nvidia-cuda-nvcc-cu12 to provide it"
        )
    library = llvm_binding.parse_bitcode(path.read_bytes())
    library.triple = module.triple
    library.data_layout = module.data_layout
    module.link_in(library)
    for function in module.functions:
        if function.name.startswith("__nv_") and not function.is_declaration:
            function.linkage = llvm_binding.Linkage.internal


def _optimize(
    module: llvm_binding.ModuleRef, machine: llvm_binding.TargetMachine
) -> None:
    options = llvm_binding.create_pipeline_tuning_options(speed_level=3)
    builder = llvm_binding.create_pass_builder(machine, options)
    manager = builder.getModulePassManager()
    manager.run(module, builder)


def check_ptx_header(ptx: str, spec: TargetSpec) -> None:
    """Raises `PTXVersionError` unless `ptx` declares the requested version and target."""
    version = re.search(r"^\.version\s+(\S+)", ptx, re.MULTILINE)
    target = re.search(r"^\.target\s+(\w+)", ptx, re.MULTILINE)
    found_version = version.group(1) if version else "none"
    found_target = target.group(1) if target else "none"
    wanted = f"{spec.isa[0]}.{spec.isa[1]}"
    if found_version != wanted or found_target != spec.arch:
        raise PTXVersionError(
            f"expected PTX '.version {wanted}' and '.target {spec.arch}', found "
            f"'.version {found_version}' and '.target {found_target}'"
        )


def llvm_ir_to_ptx(text: str, spec: TargetSpec) -> str:
    """PTX for LLVM IR text: link libdevice if needed, optimize at O3, emit."""
    machine = target_machine(spec)
    module = llvm_binding.parse_assembly(text)
    module.triple = NVPTX_TRIPLE
    module.data_layout = str(machine.target_data)
    module.verify()
    _link_libdevice(module)
    _optimize(module, machine)
    module.verify()
    ptx = machine.emit_assembly(module)
    check_ptx_header(ptx, spec)
    return ptx


def to_ptx(module: ModuleOp, arch: str = "sm_80") -> str:
    """PTX (ISA 7.8) for `arch` of a simt module; the module itself is not changed."""
    return llvm_ir_to_ptx(to_llvm_ir(module, arch), TargetSpec(check_arch(arch)))
