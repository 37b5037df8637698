"""`python -m simt.bench.ptx_report`: PTX of every corpus kernel, checked by ptxas.

For each kernel of `simt.bench.kernels.CORPUS` and each architecture of
`simt.lowering.ptx.ARCHES` (sm_70, sm_80, sm_90) it compiles the Python kernel
with simt (`compile_python` -> `to_ptx`), assembles it with the wheel's ptxas and
records registers (ptxas -v) and static PTX instructions. Beside them it puts
numba-cuda's figures for the same Python function where numba can produce PTX
on this machine: `numba.cuda.compile_ptx` needs NVVM (libnvvm from the
`nvidia-cuda-nvcc-cu12` wheel); numba-cuda 0.30 also looks up NVRTC and the
libdevice path through it, which the wheel set lacks, so the report pins the
architecture with `config.FORCE_CUDA_CC` and hands NVVM the wheel's libdevice
(`nvvm.LibDevice._cache_`). When that fails the numba columns say why.

Writes `bench/results/ptx_report.json` and `.md` (or `--out DIR`). Any kernel
ptxas rejects makes the command exit with status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from simt.bench.provenance import metadata
from simt.lowering.ptx import ARCHES, PTX_ISA, libdevice_path, to_ptx
from simt.lowering.ptxas import (
    assemble,
    find_ptxas,
    ptx_instruction_counts,
    ptxas_version,
)

RESULTS = Path(__file__).resolve().parent.parent / "bench" / "results"


@dataclass(frozen=True)
class Figures:
    """Registers and static PTX instructions of one kernel compiled one way."""

    registers: int | None
    instructions: int | None
    error: str | None = None


@dataclass(frozen=True)
class Row:
    """One corpus kernel on one architecture: simt's figures and numba's."""

    kernel: str
    arch: str
    simt: Figures
    numba: Figures


def measure(ptx: str, arch: str, entry: str | None = None) -> Figures:
    """Assembles `ptx` and reads the figures of its entry (the first, or `entry`)."""
    resources = assemble(ptx, arch)
    counts = ptx_instruction_counts(ptx)
    chosen = next((r for r in resources if entry is None or r.name == entry), None)
    if chosen is None:
        return Figures(None, None, f"ptxas reported no entry {entry}")
    return Figures(chosen.registers, counts.get(chosen.name))


def simt_figures(func: Callable[..., Any], signature: str, arch: str) -> Figures:
    """Figures of simt's PTX for a Python kernel."""
    from simt.frontend import compile_python

    try:
        ptx = to_ptx(compile_python(func, signature), arch)
        return measure(ptx, arch)
    except Exception as error:  # the report records every failure, with its kind
        return Figures(None, None, f"{type(error).__name__}: {error}")


def numba_ptx(func: Callable[..., Any], signature: str, arch: str) -> str:
    """numba-cuda's PTX for `func` on `arch`, produced without a GPU (see module doc)."""
    from numba import cuda
    from numba.cuda.core import config  # pyright: ignore[reportMissingImports]
    from numba.cuda.cudadrv import nvvm

    libdevice = libdevice_path()
    if libdevice is None:
        raise RuntimeError("libdevice not found (nvidia-cuda-nvcc-cu12 missing)")
    nvvm.LibDevice._cache_ = libdevice.read_bytes()  # pyright: ignore[reportPrivateUsage, reportAttributeAccessIssue]
    capability = (int(arch[3:-1]), int(arch[-1]))
    previous = config.FORCE_CUDA_CC
    config.FORCE_CUDA_CC = capability
    try:
        ptx, _ = cuda.compile_ptx(func, signature, cc=capability)  # pyright: ignore[reportPrivateImportUsage]
    finally:
        config.FORCE_CUDA_CC = previous
    return ptx


def numba_figures(func: Callable[..., Any], signature: str, arch: str) -> Figures:
    """Figures of numba-cuda's PTX for the same kernel, or the reason there are none."""
    try:
        return measure(numba_ptx(func, signature, arch), arch)
    except Exception as error:  # numba's toolchain may be incomplete on this machine
        return Figures(
            None, None, f"{type(error).__name__}: {str(error).splitlines()[0]}"
        )


def build_rows(
    kernels: Sequence[tuple[str, Callable[..., Any], str]], arches: Sequence[str]
) -> list[Row]:
    """Measures every kernel on every architecture."""
    rows: list[Row] = []
    for name, func, signature in kernels:
        for arch in arches:
            rows.append(
                Row(
                    name,
                    arch,
                    simt_figures(func, signature, arch),
                    numba_figures(func, signature, arch),
                )
            )
    return rows


def _cell(value: int | None) -> str:
    return "-" if value is None else str(value)


def markdown(rows: Sequence[Row], header: dict[str, str]) -> str:
    """The report as a Markdown table."""
    lines = [
        f"# PTX report ({header['ptxas']})",
        "",
        f"PTX ISA {header['ptx_isa']}; instructions are static PTX instructions.",
        "",
    ]
    lines.append(
        "| kernel | arch | simt regs | simt instrs | numba regs | numba instrs | notes |"
    )
    lines.append("|---|---|---|---|---|---|---|")
    for row in rows:
        notes = "; ".join(
            e
            for e in (row.simt.error, row.numba.error and f"numba: {row.numba.error}")
            if e
        )
        lines.append(
            f"| {row.kernel} | {row.arch} | {_cell(row.simt.registers)} | {_cell(row.simt.instructions)} "
            f"| {_cell(row.numba.registers)} | {_cell(row.numba.instructions)} | {notes} |"
        )
    return "\n".join(lines) + "\n"


def corpus_kernels() -> list[tuple[str, Callable[..., Any], str]]:
    """(name, function, signature) of every corpus kernel."""
    from simt.bench.kernels import CORPUS

    return [(name, spec.func, spec.signature) for name, spec in CORPUS.items()]


def main(argv: Sequence[str] | None = None) -> int:
    """Writes the report; returns 1 if ptxas rejected any of simt's kernels."""
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    options = parser.parse_args(argv)
    ptxas = find_ptxas()
    if ptxas is None:
        print(
            "ptx_report: error: ptxas not found (install nvidia-cuda-nvcc-cu12)",
            file=sys.stderr,
        )
        return 1
    header = {"ptxas": ptxas_version(ptxas), "ptx_isa": f"{PTX_ISA[0]}.{PTX_ISA[1]}"}
    rows = build_rows(corpus_kernels(), ARCHES)
    options.out.mkdir(parents=True, exist_ok=True)
    command = ["python", "-m", "simt.bench.ptx_report", *(argv or sys.argv[1:])]
    stamp = metadata(command, f"ptxas {header['ptxas']} (static counts; no GPU)")
    payload = {"metadata": stamp, **header, "rows": [asdict(row) for row in rows]}
    (options.out / "ptx_report.json").write_text(json.dumps(payload, indent=2) + "\n")
    (options.out / "ptx_report.md").write_text(markdown(rows, header))
    failed = [f"{r.kernel}/{r.arch}: {r.simt.error}" for r in rows if r.simt.error]
    for failure in failed:
        print(f"ptx_report: error: {failure}", file=sys.stderr)
    print(
        f"ptx_report: {len(rows) - len(failed)}/{len(rows)} kernel builds assembled; wrote {options.out}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
