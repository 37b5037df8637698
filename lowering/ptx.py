"""simt IR to LLVM IR text and to PTX, through llvmlite's NVPTX backend.

`to_llvm_ir(module, arch)` runs `simt-lower-to-llvm` on a copy of the module,
translates it with `simt.lowering.llvm_ir` and returns verified LLVM IR text for
`nvptx64-nvidia-cuda`. `to_ptx(module, arch)` additionally links CUDA's libdevice
when the IR calls `__nv_*` functions (transcendental math), optimizes at O3 with
the NVPTX target machine (whose pipeline includes NVVMReflect, which libdevice
needs) and emits PTX.

PTX ISA version: 7.8 unless the architecture needs a newer one. PTX 7.8 is
the first ISA with sm_90 (PTX ISA manual, "Release Notes"), and a driver
accepts PTX of its own CUDA version or older: 7.8 is CUDA 11.8, so every CUDA
12.x and 13.x driver loads it, and ptxas of CUDA 12 assembles it for sm_70,
sm_80 and sm_90 (CUDA 13 ptxas no longer targets sm_70). An architecture
introduced later (sm_90a, sm_100, sm_120, ...) gets the first ISA that has it
(`ARCH_MIN_ISA`); an explicit `isa` older than that is refused, and so is an
architecture no CUDA 12 or 13 toolkit targets (`REMOVED_ARCHES`: Fermi and
Kepler) or one simt does not know. The emitted `.version` and `.target` lines
are checked against the request.

Before PTX leaves, `to_ptx` checks what would make a PTX module that ptxas or
the driver rejects, or that cannot be launched: a module without a kernel and
a kernel that returns a value (ptxas: "Unknown symbol 'func_retval0'"). When
ptxas is installed (`simt.lowering.ptxas.find_ptxas`) it assembles the result
(`ptxas=False` skips it). Each refusal is a `PTXTargetError` whose message
starts with the place it is about (`simt.model.locations`): the kernel, or the
module's first op.
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
from simt.lowering.ptxas import PtxasError, assemble, find_ptxas
from simt.lowering.to_llvm import NVPTX_TRIPLE, lower_module
from simt.model.kernel import kernels_of
from simt.model.locations import op_location, op_source_location

PTX_ISA = (7, 8)
"""The PTX ISA version requested unless the architecture needs a newer one."""

ARCHES = ("sm_70", "sm_80", "sm_90")
"""The architectures simt's tests and benchmarks check with ptxas."""

ARCH_MIN_ISA: dict[str, tuple[int, int]] = {
    "sm_50": (4, 0),
    "sm_52": (4, 1),
    "sm_53": (4, 2),
    "sm_60": (5, 0),
    "sm_61": (5, 0),
    "sm_62": (5, 0),
    "sm_70": (6, 0),
    "sm_72": (6, 1),
    "sm_75": (6, 3),
    "sm_80": (7, 0),
    "sm_86": (7, 1),
    "sm_87": (7, 4),
    "sm_89": (7, 8),
    "sm_90": (7, 8),
    "sm_90a": (8, 0),
    "sm_100": (8, 6),
    "sm_100a": (8, 6),
    "sm_101": (8, 6),
    "sm_101a": (8, 6),
    "sm_120": (8, 7),
    "sm_120a": (8, 7),
}
"""Every architecture simt emits PTX for, with the first PTX ISA that has it
(PTX ISA manual, "Target ISA notes" and "Release Notes")."""

REMOVED_ARCHES = frozenset({"sm_20", "sm_21", "sm_30", "sm_32", "sm_35", "sm_37"})
"""Fermi and Kepler: no CUDA 12 or 13 toolkit or driver targets them."""

_ARCH = re.compile(r"sm_(\d+)a?")


class PTXTargetError(DiagnosticException):
    """`to_ptx` refuses the module, the architecture or the PTX (located message)."""


class PTXVersionError(PTXTargetError):
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


def target_spec(arch: str, isa: tuple[int, int] | None = None) -> TargetSpec:
    """The architecture and PTX ISA to emit, or a `PTXTargetError` saying why not.

    Without `isa`, the ISA is 7.8 or the first one that has `arch`.
    """
    check_arch(arch)
    if arch in REMOVED_ARCHES:
        raise PTXTargetError(
            f"architecture '{arch}' (Fermi or Kepler) is not supported by any CUDA 12 "
            f"or 13 toolkit or driver; expected one of {', '.join(ARCH_MIN_ISA)}"
        )
    first = ARCH_MIN_ISA.get(arch)
    if first is None:
        raise PTXTargetError(
            f"unknown architecture '{arch}'; expected one of {', '.join(ARCH_MIN_ISA)}"
        )
    chosen = isa if isa is not None else max(PTX_ISA, first)
    if chosen < first:
        raise PTXTargetError(
            f"PTX ISA {chosen[0]}.{chosen[1]} cannot serve '{arch}', which needs PTX "
            f"ISA {first[0]}.{first[1]} or later"
        )
    return TargetSpec(arch, chosen)


def parse_isa(text: str) -> tuple[int, int]:
    """`"8.0"` -> (8, 0), or a `PTXTargetError`."""
    found = re.fullmatch(r"(\d+)\.(\d)", text.strip())
    if found is None:
        raise PTXTargetError(f"expected a PTX ISA version like 7.8, found '{text}'")
    return int(found.group(1)), int(found.group(2))


def module_location(module: ModuleOp) -> str:
    """Where a diagnostic about the whole module points: its first located op."""
    for op in module.walk():
        found = op_source_location(op)
        if found is not None:
            return found
    return "<module>"


def check_kernels(module: ModuleOp) -> None:
    """Refuses a module without a kernel and a kernel that returns a value."""
    kernels = kernels_of(module)
    if not kernels:
        raise PTXTargetError(
            f"{module_location(module)}: the module has no kernel (a func.func with "
            "the simt.kernel attribute): its PTX would have no entry to launch"
        )
    for kernel in kernels:
        name = kernel.sym_name.data
        outputs = kernel.function_type.outputs.data
        if outputs:
            found = ", ".join(str(t) for t in outputs)
            raise PTXTargetError(
                f"{op_location(kernel)}: kernel @{name} returns a value ({found}); a "
                "kernel must return nothing (write results to an array argument)"
            )
        if kernel.is_declaration:
            raise PTXTargetError(f"{op_location(kernel)}: kernel @{name} has no body")


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


def to_ptx(
    module: ModuleOp,
    arch: str = "sm_80",
    *,
    isa: tuple[int, int] | None = None,
    ptxas: bool = True,
) -> str:
    """PTX for `arch` of a simt module, checked; the module itself is not changed.

    Raises `PTXTargetError` (a located diagnostic) for an architecture or ISA
    it cannot serve, a module without a kernel, a kernel that returns a value,
    and PTX that ptxas (when installed and `ptxas` is true) rejects.
    """
    try:
        spec = target_spec(arch, isa)
    except DiagnosticException as error:
        raise PTXTargetError(f"{module_location(module)}: {error}") from None
    check_kernels(module)
    try:
        ptx = llvm_ir_to_ptx(to_llvm_ir(module, arch), spec)
    except PTXVersionError as error:
        raise PTXVersionError(f"{module_location(module)}: {error}") from None
    binary = find_ptxas() if ptxas else None
    if binary is not None:
        try:
            assemble(ptx, spec.arch, binary)
        except PtxasError as error:
            raise PTXTargetError(f"{module_location(module)}: {error}") from None
    return ptx
