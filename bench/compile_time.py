"""Compile time of every stage of simt against the size of the kernel.

Run: `python -m simt.bench.compile_time [--sizes 400,1600,6000,25000]
[--out DIR] [--repeats N] [--quick]`.

The kernels are random kernels of `simt.bench.kernels.generate`
(`generate_large_source`): a row of segments, each with nested loops of
data-dependent trip counts, divergent branches, `break`/`continue`, atomics
and an early `return`, so every pass finds work in every segment. A size is a
target number of ops; the kernel gets about `size / OPS_PER_SEGMENT`
segments (corrected once by the size of the first try), and its measured op
count is what the table and the fit use.

Per size, each stage runs on a fresh clone of the frontend's output (the
clone is not timed): the frontend (`compile_python`, verification
included), the verifier, every simt pass alone, `simt-optimize` without and
with a profile (taken by the simulator on 256 work items, not timed),
xDSL's `canonicalize,cse`, the lowering to the llvm dialect, its translation
to LLVM IR text and PTX through llvmlite's NVPTX backend at O3 (LLVM's own
time, which simt does not control). A stage's time is CPU seconds of the
process (`time.process_time`, so that other work on a shared machine does not
count), the median of `--repeats` runs (default 3) for kernels under
`REPEAT_BELOW` ops and one run above. The exponent of a stage is the least-squares slope of log(seconds)
over log(ops) across the sizes: 1 is linear, 2 quadratic.

Writes `compile_time.json` and `compile_time.md` to `--out` (default
`bench/results/`) with the machine, date, git commit and command. `--quick`
runs the smallest size once.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import math
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline

import simt
from simt.bench.kernels.generate import (
    HIST_BINS,
    SIGNATURE,
    GeneratedSource,
    generate_large_source,
)
from simt.bench.progress import progress
from simt.bench.provenance import cpu_model
from simt.bench.provenance import metadata as provenance_metadata
from simt.lowering.llvm_ir import to_llvmlite
from simt.lowering.ptx import TargetSpec, llvm_ir_to_ptx
from simt.lowering.to_llvm import lower_module
from simt.pipeline import available_passes, default_context

SIZES = (400, 1600, 6000, 25000)
"""Target kernel sizes in ops (the measured sizes differ a little)."""
OPS_PER_SEGMENT = 200
"""About how many ops one segment of `generate_large_source` compiles to."""
SEED = 0
REPEAT_BELOW = 5000
"""Kernels with fewer ops are timed `--repeats` times (the median is kept)."""
ARCH = "sm_80"
RESULTS = Path(__file__).resolve().parent / "results"

_PROFILE_ITEMS = 256
_PROFILE_BLOCK = 64


@dataclass(frozen=True)
class Kernel:
    """One generated kernel: its source, the frontend's module and a profile."""

    target: int
    segments: int
    source: GeneratedSource
    module: ModuleOp
    profile: Path

    @property
    def ops(self) -> int:
        return _count_ops(self.module)


def _count_ops(module: ModuleOp) -> int:
    return sum(1 for _ in module.walk())


Stage = Callable[[Kernel, ModuleOp], object]
"""Runs one stage on a clone of the kernel's module (the clone is the
stage's to change)."""


def _passes(spec: str) -> Stage:
    def run(_kernel: Kernel, module: ModuleOp) -> None:
        _pipeline(spec).apply(_CONTEXT, module)

    return run


def _optimize_with_profile(kernel: Kernel, module: ModuleOp) -> None:
    spec = f'simt-optimize{{profile="{kernel.profile}" remarks=false}}'
    _pipeline(spec).apply(_CONTEXT, module)


def _frontend(kernel: Kernel, _module: ModuleOp) -> None:
    simt.compile_python(kernel.source.text, SIGNATURE)


def _verify(_kernel: Kernel, module: ModuleOp) -> None:
    module.verify()


def _llvm_ir_text(_kernel: Kernel, module: ModuleOp) -> None:
    """Times only the translation: the lowering runs first, untimed."""
    lower_module(module)
    _timed_part(lambda: str(to_llvmlite(module)))


def _ptx(_kernel: Kernel, module: ModuleOp) -> None:
    lower_module(module)
    text = str(to_llvmlite(module))
    _timed_part(lambda: llvm_ir_to_ptx(text, TargetSpec(ARCH)))


STAGES: dict[str, Stage] = {
    "frontend": _frontend,
    "verify": _verify,
    "simt-divergence": _passes("simt-divergence"),
    "simt-loop-tree": _passes("simt-loop-tree"),
    "simt-flatten-loops": _passes("simt-flatten-loops"),
    "simt-linearize": _passes("simt-linearize"),
    "simt-branch-fusion": _passes("simt-branch-fusion"),
    "simt-optimize": _passes("simt-optimize{remarks=false}"),
    "simt-optimize+profile": _optimize_with_profile,
    "canonicalize,cse": _passes("canonicalize,cse"),
    "simt-lower-to-llvm": _passes("simt-lower-to-llvm"),
    "llvm-ir-text": _llvm_ir_text,
    "ptx": _ptx,
}
"""Every timed stage by name, in pipeline order."""

_CONTEXT: Context = default_context()
_PART: list[float] = []


def _pipeline(spec: str) -> PassPipeline:
    return PassPipeline.parse_spec(available_passes(), spec)


def _timed_part(work: Callable[[], object]) -> None:
    """Times the part of a stage that counts (set-up before it is not timed)."""
    start = time.process_time()
    work()
    _PART.append(time.process_time() - start)


def time_stage(stage: Stage, kernel: Kernel) -> float:
    """CPU seconds of one run of `stage` on a clone of the kernel's module; what
    the stage prints (reports, remarks) is swallowed."""
    module = kernel.module.clone()
    gc.collect()  # so that no stage pays for collecting another stage's garbage
    _PART.clear()
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        start = time.process_time()
        stage(kernel, module)
        seconds = time.process_time() - start
    return _PART[-1] if _PART else seconds


def make_kernel(target: int, folder: Path, seed: int = SEED) -> Kernel:
    """The kernel of about `target` ops, with a profile written to `folder`."""
    segments = max(1, round(target / OPS_PER_SEGMENT))
    source = generate_large_source(seed, segments)
    module = simt.compile_python(source.text, SIGNATURE)
    # Segments differ in size: one correction from the first measurement.
    corrected = max(1, round(segments * target / _count_ops(module)))
    if corrected != segments:
        segments = corrected
        source = generate_large_source(seed, segments)
        module = simt.compile_python(source.text, SIGNATURE)
    path = folder / f"{source.func_name}.profile.json"
    simt.profile(module, *_profile_launch(seed), path=path)
    return Kernel(target, segments, source, module, path)


def _profile_launch(seed: int) -> tuple[tuple[int], tuple[int], list[Any]]:
    rng = np.random.default_rng(seed)
    args: list[Any] = [
        rng.integers(-1000, 1000, _PROFILE_ITEMS, dtype=np.int64),
        rng.integers(-1000, 1000, _PROFILE_ITEMS, dtype=np.int64),
        np.zeros(_PROFILE_ITEMS, dtype=np.int64),
        np.zeros(_PROFILE_ITEMS, dtype=np.float64),
        np.zeros(HIST_BINS, dtype=np.int32),
        np.int64(_PROFILE_ITEMS),
    ]
    return (_PROFILE_ITEMS // _PROFILE_BLOCK,), (_PROFILE_BLOCK,), args


def measure(kernel: Kernel, stages: Sequence[str], repeats: int) -> dict[str, float]:
    """The median seconds of each stage on `kernel`."""
    runs = repeats if kernel.ops < REPEAT_BELOW else 1
    times: dict[str, float] = {}
    for name in stages:
        samples = [time_stage(STAGES[name], kernel) for _ in range(runs)]
        times[name] = statistics.median(samples)
        print(f"  {name}: {times[name]:.3f} s", file=sys.stderr, flush=True)
    return times


def fitted_exponent(ops: Sequence[int], seconds: Sequence[float]) -> float | None:
    """The least-squares slope of log(seconds) over log(ops); None for fewer
    than two sizes."""
    if len(ops) < 2:
        return None
    xs = [math.log(n) for n in ops]
    ys = [math.log(max(t, 1e-6)) for t in seconds]
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    spread = sum((x - mean_x) ** 2 for x in xs)
    if spread == 0:
        return None
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / (
        spread
    )


def _exponent_text(exponent: float | None) -> str:
    return "-" if exponent is None else f"{exponent:.2f}"


def table(result: dict[str, Any]) -> str:
    """A markdown table: one row per stage, seconds per size, the exponent."""
    sizes = result["sizes"]
    head = "| stage | " + " | ".join(f"{s['ops']} ops" for s in sizes)
    lines = [head + " | exponent |", "|---|" + "---:|" * (len(sizes) + 1)]
    for name, entry in result["stages"].items():
        cells = " | ".join(f"{t:.3f}" for t in entry["seconds"])
        lines.append(f"| {name} | {cells} | {_exponent_text(entry['exponent'])} |")
    return "\n".join(lines)


def run(sizes: Sequence[int], repeats: int, stages: Sequence[str]) -> dict[str, Any]:
    """Generates a kernel per size and times every stage on it."""
    seconds: dict[str, list[float]] = {name: [] for name in stages}
    described: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="simt-compile-time-") as folder:
        for target in progress(sizes, "compile-time"):
            kernel = make_kernel(target, Path(folder))
            print(f"{kernel.ops} ops ({target} asked)", file=sys.stderr, flush=True)
            described.append(_describe(kernel))
            for name, value in measure(kernel, stages, repeats).items():
                seconds[name].append(value)
    ops = [d["ops"] for d in described]
    return {
        "sizes": described,
        "stages": {
            name: {"seconds": times, "exponent": fitted_exponent(ops, times)}
            for name, times in seconds.items()
        },
    }


def _describe(kernel: Kernel) -> dict[str, Any]:
    return {
        "target": kernel.target,
        "ops": kernel.ops,
        "segments": kernel.segments,
        "source_lines": kernel.source.text.count("\n"),
        "kernel": kernel.source.func_name,
    }


def metadata(argv: Sequence[str], repeats: int) -> dict[str, Any]:
    """Where and when the numbers were taken (`simt.bench.provenance.metadata`)."""
    return provenance_metadata(
        " ".join(["python -m simt.bench.compile_time", *argv]),
        f"CPU: {cpu_model()}",
        python=platform.python_version(),
        platform=platform.platform(),
        repeats=repeats,
        repeat_below_ops=REPEAT_BELOW,
        seed=SEED,
    )


def report(result: dict[str, Any]) -> str:
    """The markdown report: how it was measured, then the table."""
    meta = result["metadata"]
    return "\n\n".join(
        [
            "# Compile time against kernel size",
            f"Generated by `{meta['command']}` on {meta['cpu']} "
            f"(Python {meta['python']}), {meta['date']}, commit "
            f"{meta['commit'] or 'unknown'}"
            f"{' (with local changes)' if meta['dirty'] else ''}.",
            "CPU seconds per stage on generated kernels (`generate_large_source`, "
            f"seed {meta['seed']}); the median of {meta['repeats']} runs below "
            f"{meta['repeat_below_ops']} ops, one run above. The exponent is the "
            "least-squares slope of log(seconds) over log(ops). `ptx` is LLVM's "
            "O3 pipeline and NVPTX code generation through llvmlite.",
            table(result),
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m simt.bench.compile_time",
        description="compile time of every simt stage against kernel size",
    )
    parser.add_argument(
        "--sizes",
        default=",".join(map(str, SIZES)),
        help="comma-separated kernel sizes in ops (default: %(default)s)",
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="results folder")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--quick", action="store_true", help="the smallest size only, one run"
    )
    options = parser.parse_args(args)
    try:
        sizes = sorted(int(s) for s in options.sizes.split(",") if s.strip())
    except ValueError:
        sizes = []
    if not sizes or sizes[0] <= 0:
        parser.error(f"expected positive sizes, found '{options.sizes}'")
    repeats = max(1, options.repeats)
    if options.quick:
        sizes, repeats = sizes[:1], 1
    result = run(sizes, repeats, list(STAGES))
    result["metadata"] = metadata(args, repeats)
    print(table(result))
    options.out.mkdir(parents=True, exist_ok=True)
    (options.out / "compile_time.json").write_text(json.dumps(result, indent=1) + "\n")
    (options.out / "compile_time.md").write_text(report(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
