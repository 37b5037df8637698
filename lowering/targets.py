"""The `simt-opt` output targets `-t llvm` and `-t ptx`.

`-t llvm` prints LLVM IR for `nvptx64-nvidia-cuda` (kernels use the
`ptx_kernel` calling convention); `-t ptx` prints PTX, `-t ptx{arch=sm_90}` for
another architecture than the default sm_80, `-t "ptx{arch=sm_90a isa=8.0}"` for another PTX ISA
than the architecture's default, `ptxas=false` to skip assembling the result
with ptxas (which runs when installed). Both lower the parsed simt IR with
`simt-lower-to-llvm` first, so they accept IR that no pass touched; `-t ptx`
refuses what `simt.to_ptx` refuses (an unknown architecture, one the ISA
cannot serve, a module without a kernel, a kernel that returns a value, PTX
that ptxas rejects) with a located diagnostic.

xDSL registers a target named `llvm` of its own (the `llvm` dialect to host LLVM
IR), and its plugin loader rejects two targets of one name, so the xDSL plugin
entry point exposes ours as `simt-llvm`; `simt-opt` maps `-t llvm` to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, ClassVar

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.target import Target

from simt.lowering.ptx import parse_isa, to_llvm_ir, to_ptx


@dataclass(frozen=True)
class NVPTXLLVMTarget(Target):
    """LLVM IR text for nvptx64 of a simt module (`-t llvm{arch=sm_80}`)."""

    name: ClassVar[str] = "llvm"

    arch: str = "sm_80"

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        print(to_llvm_ir(module, self.arch), file=output, end="")


@dataclass(frozen=True)
class PTXTarget(Target):
    """PTX of a simt module for one architecture (`-t ptx{arch=sm_90}`)."""

    name: ClassVar[str] = "ptx"

    arch: str = "sm_80"
    isa: float = 0.0
    """The PTX ISA version (`isa=8.0`); 0: the architecture's default."""
    ptxas: bool = True
    """Assemble the PTX with ptxas when it is installed."""

    def emit(self, ctx: Context, module: ModuleOp, output: IO[str]) -> None:
        isa = parse_isa(f"{self.isa:.1f}") if self.isa else None
        ptx = to_ptx(module, self.arch, isa=isa, ptxas=self.ptxas)
        print(ptx, file=output, end="")


@dataclass(frozen=True)
class PluginLLVMTarget(NVPTXLLVMTarget):
    """`NVPTXLLVMTarget` under the name the xDSL plugin exposes (`-t simt-llvm`)."""

    name: ClassVar[str] = "simt-llvm"
