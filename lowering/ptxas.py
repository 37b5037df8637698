"""Assemble PTX with `ptxas` and read back registers and instruction counts.

`ptxas` comes from the pip wheel `nvidia-cuda-nvcc-cu12` (a dev dependency):
`site-packages/nvidia/cuda_nvcc/bin/ptxas`. `assemble(ptx, arch)` runs
`ptxas -v -arch=<arch>` and parses its resource report, e.g.

    ptxas info    : Compiling entry function 'k' for 'sm_80'
    ptxas info    : Used 10 registers, used 0 barriers, 380 bytes cmem[0]

The wheel has no disassembler (no `cuobjdump` / `nvdisasm`), so instruction
counts are static PTX instructions per entry function (`ptx_instruction_counts`:
every statement in a function body except labels, directives and
declarations), not SASS instructions.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from xdsl.utils.exceptions import DiagnosticException


class PtxasError(DiagnosticException):
    """ptxas rejected the PTX; the message holds its error output."""


@dataclass(frozen=True)
class KernelResources:
    """What ptxas reports for one entry function on one architecture."""

    name: str
    arch: str
    registers: int
    spill_stores: int
    spill_loads: int
    stack_bytes: int


def find_ptxas() -> Path | None:
    """The ptxas of the `nvidia-cuda-nvcc-cu12` wheel, or None if not installed."""
    try:
        import nvidia.cuda_nvcc as nvcc  # pyright: ignore[reportMissingImports]
    except ImportError:
        return None
    for root in nvcc.__path__:  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
        path = Path(str(root)) / "bin" / "ptxas"  # pyright: ignore[reportUnknownArgumentType]
        if path.is_file() and os.access(path, os.X_OK):
            return path
    return None


def ptxas_version(ptxas: Path) -> str:
    """`ptxas --version`'s release line, e.g. `Cuda compilation tools, release 12.9, V12.9.86`."""
    result = subprocess.run(
        [ptxas, "--version"], capture_output=True, text=True, check=True
    )
    lines = [line for line in result.stdout.splitlines() if "release" in line]
    return lines[-1].strip() if lines else result.stdout.strip()


_ENTRY = re.compile(r"Compiling entry function '([^']+)' for '(\w+)'")
_REGISTERS = re.compile(r"Used (\d+) registers")
_SPILLS = re.compile(
    r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads"
)


def parse_resources(report: str) -> list[KernelResources]:
    """The per-entry resources in a `ptxas -v` report."""
    kernels: list[KernelResources] = []
    name = arch = None
    stack = stores = loads = 0
    for line in report.splitlines():
        if (entry := _ENTRY.search(line)) is not None:
            name, arch = entry.group(1), entry.group(2)
            stack = stores = loads = 0
        elif (spill := _SPILLS.search(line)) is not None:
            stack, stores, loads = (int(g) for g in spill.groups())
        elif (used := _REGISTERS.search(line)) is not None and name is not None:
            assert arch is not None
            kernels.append(
                KernelResources(name, arch, int(used.group(1)), stores, loads, stack)
            )
            name = None
    return kernels


def assemble(ptx: str, arch: str, ptxas: Path | None = None) -> list[KernelResources]:
    """Assembles `ptx` for `arch`; returns each kernel's resources or raises `PtxasError`."""
    binary = ptxas if ptxas is not None else find_ptxas()
    if binary is None:
        raise PtxasError("ptxas not found: install the nvidia-cuda-nvcc-cu12 wheel")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "kernel.ptx"
        source.write_text(ptx)
        command = [
            str(binary),
            "-v",
            f"-arch={arch}",
            "-o",
            str(Path(tmp) / "k.cubin"),
            str(source),
        ]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise PtxasError(f"ptxas -arch={arch} failed:\n{result.stderr.strip()}")
    return parse_resources(result.stdout + result.stderr)


_FUNCTION_START = re.compile(
    r"^\s*\.(visible\s+|extern\s+|weak\s+)*\.(entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)"
)
_NOT_INSTRUCTION = re.compile(r"^(\.|//|\$?[\w$]+:|[{}]|$)")


def ptx_instruction_counts(ptx: str) -> dict[str, int]:
    """Static PTX instructions per function (entries and `.func`s) in `ptx`."""
    counts: dict[str, int] = {}
    current: str | None = None
    depth = 0
    for raw in ptx.splitlines():
        line = raw.strip()
        if depth == 0 and (start := _FUNCTION_START.match(line)) is not None:
            current = start.group(3)
        depth += line.count("{") - line.count("}")
        if current is None:
            continue
        counts.setdefault(current, 0)
        if depth > 0 and _NOT_INSTRUCTION.match(line) is None:
            counts[current] += line.count(";")
    return counts
