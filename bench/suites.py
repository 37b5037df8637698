"""The benchmark suites that `simt-bench` runs, by name, on the sim or the gpu backend.

DESIGN.md, Benchmarks: each benchmark is a numba-hosted kernel (a Python
function that `numba.cuda.jit` compiles as the baseline and that simt compiles
original and transformed); the same inputs go to all variants and the outputs
must agree. Backends: `sim` (metrics from the simulator; any machine) and `gpu`
(CUDA events through numba-cuda, `simt.runtime.launch`).

Suites (`SUITES`):

- `corpus`: every corpus kernel (`simt.bench.kernels.CORPUS`), original and
  after each transformation pass on its own (`TRANSFORMS`; a pass that is not
  registered is reported as such). sim: cycles, issued warp instructions, SIMD
  efficiency and stack depth, every output checked against the kernel's numpy
  reference. gpu: numba's own kernel, ours original and ours transformed, each
  checked against the reference and timed as the median of event-timed launches
  after warm-up. Plot: speedup per kernel per pass. Passes run with their
  default options; the profile-guided `simt-optimize` gets a simulator profile
  of the original taken on a separate training launch (small size, its own
  seed). A variant whose IR the pass left unchanged reuses the original's
  measurement and is marked `changed: false`.
- `fig7`: Bulavintsev 2019 Fig. 7 on the simulator (`simt.bench.flatten`).
- `fusion`: Coutinho 2011 branch fusion and divergence-analysis precision
  (`simt.bench.branch_fusion`).
- `linearize`: Anantpur 2014 code size and applications (`simt.bench.linearize`).
- `dpll`: Bulavintsev 2021 DPLL literal checks (`simt.bench.dpll.run`).
- `sim-throughput`: our simulator against numba's CUDA simulator
  (`simt.bench.sim_speed`).

A suite takes a `SuiteContext` (backend, output folder, quick flag, progress
wrapper, GPU device) and returns a `SuiteResult`: the JSON payload, a summary
table, the plots it wrote and whether every output agreed. `simt-bench`
(`simt.tools.simt_bench`) adds the device, date and commit and writes
`<out>/<suite>.json`.

The gpu backend reaches the device only through `GpuDevice` (loader, launcher,
copies, timer, numba's jit), built from `simt.runtime.launch` by
`cuda_device()`; tests pass a fake one and run everything up to the launch.
"""

from __future__ import annotations

import dataclasses
import statistics
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import PassFailedException

from simt.bench.kernels import CORPUS, KernelSpec, LaunchCase

T = TypeVar("T")

SIM = "sim"
GPU = "gpu"
BACKENDS: tuple[str, ...] = (SIM, GPU)

ORIGINAL = "original"
NUMBA = "numba"

TRANSFORMS: tuple[str, ...] = (
    "simt-flatten-loops",
    "simt-linearize",
    "simt-branch-fusion",
    "simt-optimize",
)
"""The transformation passes the corpus suite applies, each on its own."""

PROFILED: frozenset[str] = frozenset({"simt-optimize"})
"""Profile-guided passes: they get a simulator profile of the original kernel."""

TRAINING_SEED = 7
"""The seed of the training launch that profiles are taken on."""

MEASURE_SEED = 2024
"""The seed of the measured launch."""

QUICK_KERNELS: tuple[str, ...] = (
    "early_exit",
    "coutinho_fig10",
    "anantpur_fig1_branches",
)
"""The `--quick` corpus: one kernel that each of the three transformations changes."""


# ---------------------------------------------------------------------------
# The suite interface
# ---------------------------------------------------------------------------


class Progress(Protocol):
    """Wraps the items of a loop, showing progress (`tqdm(items, desc=...)` fits)."""

    def __call__(self, items: Sequence[T], desc: str) -> Iterable[T]: ...


def no_progress(items: Sequence[T], desc: str) -> Iterable[T]:
    """A `Progress` that shows nothing."""
    return items


Loader = Callable[[str, str, tuple[int, int]], Any]
Launcher = Callable[
    [Any, tuple[int, int, int], tuple[int, int, int], list[object]], None
]
ToDevice = Callable[[Sequence[object]], tuple[list[object], Callable[[], None]]]
Timer = Callable[[Callable[[], None], int, int], list[float]]
"""(launch, warm-up launches, timed launches) -> milliseconds of each timed launch."""


@dataclass(frozen=True)
class GpuDevice:
    """Everything the gpu backend does on a device; `cuda_device()` builds the real one."""

    name: str
    capability: tuple[int, int]
    loader: Loader
    launcher: Launcher
    to_device: ToDevice
    """Copies the numpy arrays of an argument list over; returns it and a copy-back."""
    synchronize: Callable[[], None]
    timer: Timer
    numba_jit: Callable[[Callable[..., None], str], Any]
    """numba's baseline: `numba.cuda.jit(signature)(func)`, launched as `k[grid, block](*args)`."""


@dataclass(frozen=True)
class SuiteContext:
    """How a suite runs: backend, output folder, size, progress and GPU device."""

    backend: str
    out: Path
    quick: bool = False
    progress: Progress = no_progress
    gpu: GpuDevice | None = None

    def device(self) -> GpuDevice:
        """The GPU device of a gpu-backend run."""
        assert self.gpu is not None, "the gpu backend needs a GpuDevice"
        return self.gpu


@dataclass(frozen=True)
class Table:
    """A summary table: a header and rows of cells."""

    header: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list[tuple[str, ...]])

    def render(self) -> str:
        """The table as aligned plain text."""
        cells = [self.header, *self.rows]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self.header))]
        lines = [
            "  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True))
            for row in cells
        ]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(line.rstrip() for line in lines)


@dataclass(frozen=True)
class SuiteResult:
    """What a suite measured: the JSON payload, a summary, its plots and its verdict."""

    results: Any
    table: Table
    plots: tuple[Path, ...]
    outputs_agree: bool
    notes: tuple[str, ...] = ()
    """Failures and caveats, one line each, printed under the table."""


@dataclass(frozen=True)
class Suite:
    """A named benchmark suite and the backends it runs on."""

    name: str
    description: str
    backends: tuple[str, ...]
    run: Callable[[SuiteContext], SuiteResult]


# ---------------------------------------------------------------------------
# Variants: a kernel compiled by simt, original or through one pass
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Compiled:
    """A variant's IR, or why there is none (`status` not "ok")."""

    status: str
    """"ok", "not registered" (no such pass), "refused" (the pass declined) or "error"."""
    module: ModuleOp | None = None
    pipeline: str = ""
    message: str | None = None


def pass_pipeline(name: str, profile: Path | None = None) -> str:
    """The `-p` pipeline for one pass with default options and its remarks silenced.

    A pass in `PROFILED` gets `profile` (a simulator profile of the original).
    """
    from simt.pipeline import available_passes

    fields = {f.name for f in dataclasses.fields(available_passes()[name]())}
    options: list[str] = []
    if name in PROFILED and profile is not None:
        options.append(f'profile="{profile}"')
    if "remarks" in fields:
        options.append("remarks=false")
    return f"{name}{{{' '.join(options)}}}" if options else name


def compile_variant(
    spec: KernelSpec, pass_name: str | None, profile: Path | None = None
) -> Compiled:
    """The kernel from the frontend, then through `pass_name` when given."""
    import simt
    from simt.pipeline import available_passes

    module = simt.compile_python(spec.func, spec.signature)
    if pass_name is None:
        return Compiled("ok", module)
    if pass_name not in available_passes():
        return Compiled(
            "not registered", message=f"no pass named {pass_name} is registered"
        )
    pipeline = pass_pipeline(pass_name, profile)
    shown = (
        pipeline if profile is None else pipeline.replace(str(profile), profile.name)
    )
    try:
        simt.apply_passes(module, pipeline)
    except PassFailedException as error:
        return Compiled("refused", pipeline=shown, message=str(error))
    except Exception as error:  # a pass crash is a result to report
        return Compiled(
            "error", pipeline=shown, message=f"{type(error).__name__}: {error}"
        )
    return Compiled("ok", module, shown)


def training_profile(spec: KernelSpec, workdir: Path) -> Path:
    """A simulator profile of the original kernel on a training launch.

    The training launch has the small size and its own seed, so a profile-guided
    pass never sees the inputs it is measured on.
    """
    import simt

    case = spec.make_inputs(np.random.default_rng(TRAINING_SEED), "small")
    module = simt.compile_python(spec.func, spec.signature)
    stats = simt.simulate(
        module, case.grid, case.block, case.copy_args(), trace=False
    ).stats
    path = workdir / f"{spec.name}.profile.json"
    path.write_text(stats.to_json())
    return path


def variants(
    spec: KernelSpec, passes: Sequence[str], workdir: Path
) -> tuple[Compiled, dict[str, Compiled]]:
    """The original and each pass's variant; profile-guided passes get a training profile."""
    from simt.pipeline import available_passes

    profiled = any(p in PROFILED and p in available_passes() for p in passes)
    profile = training_profile(spec, workdir) if profiled else None
    original = compile_variant(spec, None)
    return original, {name: compile_variant(spec, name, profile) for name in passes}


def _first_lines(problems: Sequence[str], count: int = 3) -> tuple[str, ...]:
    return tuple(problems[:count])


# ---------------------------------------------------------------------------
# The sim backend
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SimRun:
    """One variant on the simulator (metrics None when it did not run)."""

    status: str
    pipeline: str = ""
    message: str | None = None
    changed: bool | None = None
    """Whether the pass changed the IR (an unchanged variant reuses the original's run)."""
    cycles: float | None = None
    issued: int | None = None
    lane_ops: int | None = None
    simd_efficiency: float | None = None
    max_stack_depth: int | None = None
    outputs_agree: bool | None = None
    mismatches: tuple[str, ...] = ()


def simulate_variant(
    compiled: Compiled, case: LaunchCase, spec: KernelSpec, expected: list[Any]
) -> SimRun:
    """Simulates a compiled variant on the launch and checks it against `expected`."""
    import simt

    if compiled.module is None:
        return SimRun(compiled.status, compiled.pipeline, compiled.message)
    args = case.copy_args()
    try:
        result = simt.simulate(
            compiled.module, case.grid, case.block, args, trace=False
        )
    except Exception as error:  # a simulator failure is a result to report
        return SimRun("error", compiled.pipeline, f"{type(error).__name__}: {error}")
    stats = result.stats
    problems = spec.mismatches(expected, args)
    return SimRun(
        "ok",
        compiled.pipeline,
        changed=compiled.pipeline != "" or None,
        cycles=stats.cycles,
        issued=stats.issued,
        lane_ops=stats.lane_ops,
        simd_efficiency=stats.simd_efficiency,
        max_stack_depth=stats.max_stack_depth,
        outputs_agree=not problems,
        mismatches=_first_lines(problems),
    )


def sim_kernel(
    spec: KernelSpec, case: LaunchCase, passes: Sequence[str], workdir: Path
) -> dict[str, SimRun]:
    """The original and each pass on the simulator, on the same launch."""
    expected = spec.expected(case)
    original, transformed = variants(spec, passes, workdir)
    base = dataclasses.replace(
        simulate_variant(original, case, spec, expected), changed=None
    )
    runs = {ORIGINAL: base}
    for name, compiled in transformed.items():
        if _unchanged(compiled, original):
            runs[name] = dataclasses.replace(
                base, pipeline=compiled.pipeline, changed=False
            )
            continue
        runs[name] = simulate_variant(compiled, case, spec, expected)
    return runs


def _unchanged(compiled: Compiled, original: Compiled) -> bool:
    if compiled.module is None or original.module is None:
        return False
    return compiled.module.is_structurally_equivalent(original.module)


def speedup(base: float | None, value: float | None) -> float | None:
    """base / value, or None when either is missing."""
    if base is None or value is None or value == 0:
        return None
    return base / value


# ---------------------------------------------------------------------------
# The gpu backend
# ---------------------------------------------------------------------------


def gpu_available() -> bool:
    """Whether numba-cuda sees a CUDA GPU."""
    from numba import cuda

    return bool(cuda.is_available())


def cuda_device() -> GpuDevice:
    """The current CUDA device, driven through `simt.runtime.launch` and numba-cuda."""
    from numba import cuda

    from simt.runtime import launch

    device: Any = cuda.get_current_device()
    name = device.name.decode() if isinstance(device.name, bytes) else str(device.name)

    def timer(run: Callable[[], None], warmup: int, repeat: int) -> list[float]:
        return launch.time_kernel(run, warmup=warmup, repeat=repeat)

    def numba_jit(func: Callable[..., None], signature: str) -> Any:
        return cuda.jit(signature)(func)

    return GpuDevice(
        name=name,
        capability=launch.current_capability(),
        loader=launch.load_cubin_function,
        launcher=launch.launch_function,
        to_device=launch.with_device_arrays,
        synchronize=cuda.synchronize,
        timer=timer,
        numba_jit=numba_jit,
    )


@dataclass(frozen=True)
class Timing:
    """Warm-up and timed launches per variant."""

    warmup: int
    repeat: int


@dataclass(frozen=True)
class GpuRun:
    """One variant on the GPU: output check and event times (None when it did not run)."""

    status: str
    pipeline: str = ""
    message: str | None = None
    changed: bool | None = None
    median_ms: float | None = None
    min_ms: float | None = None
    max_ms: float | None = None
    times_ms: tuple[float, ...] = ()
    outputs_agree: bool | None = None
    mismatches: tuple[str, ...] = ()


Launch = Callable[[Sequence[object]], object]
"""Launches one variant on device arguments."""


@dataclass(frozen=True)
class GpuJob:
    """One kernel's launch on a device: the inputs, the expected outputs, the timing."""

    spec: KernelSpec
    case: LaunchCase
    expected: list[Any]
    """The numpy reference's outputs on `case`, computed once for every variant."""
    device: GpuDevice
    timing: Timing


def measure_on_gpu(launch: Launch, job: GpuJob) -> GpuRun:
    """Checks one launch against the reference, then times launches on fresh inputs.

    Every variant starts its timed launches from a fresh copy of the same inputs,
    so kernels that update their inputs in place (a sort step) go through the
    same sequence of states in every variant.
    """
    device = job.device
    args = job.case.copy_args()
    device_args, copy_back = device.to_device(args)
    launch(device_args)
    device.synchronize()
    copy_back()
    problems = job.spec.mismatches(job.expected, args)
    timed_args, _ = device.to_device(job.case.copy_args())

    def run() -> None:
        launch(timed_args)

    times = device.timer(run, job.timing.warmup, job.timing.repeat)
    return GpuRun(
        "ok",
        median_ms=statistics.median(times),
        min_ms=min(times),
        max_ms=max(times),
        times_ms=tuple(times),
        outputs_agree=not problems,
        mismatches=_first_lines(problems),
    )


def simt_launch(compiled: Compiled, job: GpuJob) -> Launch:
    """Lowers a variant to PTX for the device and returns its launch."""
    from simt.lowering.ptx import to_ptx
    from simt.runtime.abi import kernel_params
    from simt.runtime.jit import find_kernel
    from simt.runtime.launch import GpuKernel, ptx_arch_for

    assert compiled.module is not None
    device, case = job.device, job.case
    entry = find_kernel(compiled.module, job.spec.func.__name__)
    kernel = GpuKernel(
        to_ptx(compiled.module, ptx_arch_for(device.capability)),
        entry.sym_name.data,
        kernel_params(entry),
        loader=device.loader,
        launcher=device.launcher,
        capability=device.capability,
    )
    return lambda args: kernel.launch(case.grid, case.block, args)


def numba_run(job: GpuJob) -> GpuRun:
    """numba-cuda's own kernel of the same function, or why it did not run."""
    case = job.case
    try:
        kernel = job.device.numba_jit(job.spec.func, job.spec.signature)
        return measure_on_gpu(lambda args: kernel[case.grid, case.block](*args), job)
    except Exception as error:  # numba may reject what simt accepts: report it
        return GpuRun("error", message=f"{type(error).__name__}: {error}")


def gpu_variant(compiled: Compiled, job: GpuJob) -> GpuRun:
    """One simt variant on the GPU, or why it did not run."""
    if compiled.module is None:
        return GpuRun(compiled.status, compiled.pipeline, compiled.message)
    try:
        run = measure_on_gpu(simt_launch(compiled, job), job)
    except Exception as error:  # a lowering or launch failure is a result to report
        return GpuRun("error", compiled.pipeline, f"{type(error).__name__}: {error}")
    changed = compiled.pipeline != "" or None
    return dataclasses.replace(run, pipeline=compiled.pipeline, changed=changed)


def gpu_kernel(
    spec: KernelSpec,
    case: LaunchCase,
    passes: Sequence[str],
    workdir: Path,
    device: GpuDevice,
    timing: Timing,
) -> dict[str, GpuRun]:
    """numba's kernel, ours original and ours after each pass, on the same inputs."""
    job = GpuJob(spec, case, spec.expected(case), device, timing)
    runs = {NUMBA: numba_run(job)}
    original, transformed = variants(spec, passes, workdir)
    base = dataclasses.replace(gpu_variant(original, job), changed=None)
    runs[ORIGINAL] = base
    for name, compiled in transformed.items():
        if _unchanged(compiled, original):
            runs[name] = dataclasses.replace(
                base, pipeline=compiled.pipeline, changed=False
            )
            continue
        runs[name] = gpu_variant(compiled, job)
    return runs


# ---------------------------------------------------------------------------
# The corpus suite
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CorpusPlan:
    """Which kernels, how many work items (a multiple of "small"), and the timing."""

    kernels: tuple[str, ...]
    scale: int
    """Work items per kernel in units of its "small" size (256 is "large")."""
    timing: Timing


def corpus_plan(backend: str, quick: bool) -> CorpusPlan:
    """--quick: three kernels at the small size; else the whole corpus, larger.

    The sim backend runs the "large" size (256x small, up to 65,536 threads);
    the gpu backend 4096x small (up to about a million threads), so that a
    launch lasts well beyond the event timer's resolution.
    """
    kernels = QUICK_KERNELS if quick else tuple(CORPUS)
    if quick:
        return CorpusPlan(kernels, 1, Timing(1, 5) if backend == GPU else Timing(0, 1))
    if backend == GPU:
        return CorpusPlan(kernels, 4096, Timing(3, 20))
    return CorpusPlan(kernels, 256, Timing(0, 1))


def run_corpus(ctx: SuiteContext) -> SuiteResult:
    """Every corpus kernel of the plan, original against each transformation."""
    plan = corpus_plan(ctx.backend, ctx.quick)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in ctx.progress(plan.kernels, "corpus"):
            spec = CORPUS[name]
            items = spec.small_items * plan.scale
            case = spec.make_inputs(np.random.default_rng(MEASURE_SEED), items)
            runs = corpus_kernel(ctx, spec, case, plan, Path(tmp))
            rows.append(_corpus_row(spec, case, items, runs, ctx.backend))
    plot = ctx.out / "corpus.png"
    plot_corpus(rows, ctx.backend, plot)
    return SuiteResult(
        results={
            "scale": plan.scale,
            "timing": asdict(plan.timing) if ctx.backend == GPU else None,
            "passes": list(TRANSFORMS),
            "profiled": sorted(PROFILED),
            "profile": f"simulator profile of the original, small size, seed {TRAINING_SEED}",
            "measure_seed": MEASURE_SEED,
            "kernels": rows,
        },
        table=corpus_table(rows, ctx.backend),
        plots=(plot,),
        outputs_agree=all(_row_agrees(row) for row in rows),
        notes=tuple(corpus_notes(rows)),
    )


def corpus_kernel(
    ctx: SuiteContext,
    spec: KernelSpec,
    case: LaunchCase,
    plan: CorpusPlan,
    workdir: Path,
) -> Mapping[str, SimRun | GpuRun]:
    """One kernel's variants on the context's backend."""
    if ctx.backend == GPU:
        return gpu_kernel(spec, case, TRANSFORMS, workdir, ctx.device(), plan.timing)
    return sim_kernel(spec, case, TRANSFORMS, workdir)


def _corpus_row(
    spec: KernelSpec,
    case: LaunchCase,
    items: int,
    runs: Mapping[str, SimRun | GpuRun],
    backend: str,
) -> dict[str, Any]:
    variants = {name: asdict(run) for name, run in runs.items()}
    for name, record in variants.items():
        if backend == GPU:
            record["speedup_vs_numba"] = speedup(
                variants.get(NUMBA, {}).get("median_ms"), record["median_ms"]
            )
            record["speedup_vs_original"] = speedup(
                variants[ORIGINAL]["median_ms"], record["median_ms"]
            )
        elif name != ORIGINAL:
            record["speedup"] = speedup(variants[ORIGINAL]["cycles"], record["cycles"])
    return {
        "kernel": spec.name,
        "paper": spec.paper,
        "work_items": items,
        "threads": case.threads,
        "grid": list(case.grid),
        "block": list(case.block),
        "variants": variants,
    }


def _row_agrees(row: Mapping[str, Any]) -> bool:
    return all(v["outputs_agree"] is not False for v in row["variants"].values())


def corpus_notes(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """One line per variant that did not run cleanly or whose outputs differ."""
    notes: list[str] = []
    missing = sorted(
        {
            n
            for r in rows
            for n, v in r["variants"].items()
            if v["status"] == "not registered"
        }
    )
    if missing:
        notes.append(f"not registered (not measured): {', '.join(missing)}")
    for row in rows:
        for name, v in row["variants"].items():
            if v["status"] in ("refused", "error"):
                notes.append(
                    f"{row['kernel']} / {name}: {v['status']}: {_one_line(v['message'])}"
                )
            elif v["outputs_agree"] is False:
                notes.append(
                    f"{row['kernel']} / {name}: OUTPUTS DIFFER: {'; '.join(v['mismatches'])}"
                )
    return notes


def _one_line(message: str | None) -> str:
    text = (message or "").strip().splitlines()
    return text[0][:160] if text else ""


def _cell(record: Mapping[str, Any], key: str, fmt: str) -> str:
    if record["status"] != "ok":
        return {"not registered": "n/a", "refused": "refused"}.get(
            record["status"], "ERROR"
        )
    value = record.get(key)
    text = "-" if value is None else format(value, fmt)
    if record.get("changed") is False:
        text += " (=)"
    if record["outputs_agree"] is False:
        text += " DIFF"
    return text


def corpus_table(rows: Sequence[Mapping[str, Any]], backend: str) -> Table:
    """sim: cycles and SIMD efficiency, then speedup per pass; gpu: ms per variant."""
    if backend == GPU:
        header = ("kernel", "numba ms", "original ms", *(f"{p} ms" for p in TRANSFORMS))
        table = Table(header)
        for row in rows:
            v = row["variants"]
            cells = [
                _cell(v[n], "median_ms", ".4f") for n in (NUMBA, ORIGINAL, *TRANSFORMS)
            ]
            table.rows.append((row["kernel"], *cells))
        return table
    table = Table(
        ("kernel", "threads", "cycles", "SIMD eff", *(f"{p} x" for p in TRANSFORMS))
    )
    for row in rows:
        v = row["variants"]
        base = v[ORIGINAL]
        cells = [_cell(v[p], "speedup", ".2f") for p in TRANSFORMS]
        table.rows.append(
            (
                row["kernel"],
                str(row["threads"]),
                _cell(base, "cycles", ".0f"),
                _cell(base, "simd_efficiency", ".2f"),
                *cells,
            )
        )
    return table


# ---------------------------------------------------------------------------
# Plots
# ---------------------------------------------------------------------------


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def grouped_bars(
    axis: Any,
    groups: Sequence[str],
    series: Mapping[str, Sequence[float | None]],
    ylabel: str,
) -> None:
    """Bars per group, one colour per series; a missing value leaves a gap."""
    series = {k: v for k, v in series.items() if any(x is not None for x in v)}
    width = 0.8 / max(1, len(series))
    positions = np.arange(len(groups))
    for index, (label, values) in enumerate(series.items()):
        heights = [np.nan if v is None else v for v in values]
        axis.bar(
            positions + (index - (len(series) - 1) / 2) * width,
            heights,
            width,
            label=label,
        )
    axis.set_xticks(positions)
    axis.set_xticklabels(groups, rotation=40, ha="right", fontsize=8)
    axis.set_ylabel(ylabel)
    axis.grid(True, axis="y", alpha=0.3)


def save(figure: Any, path: Path) -> None:
    """Writes a figure as PNG and closes it."""
    plt = _pyplot()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def plot_corpus(rows: Sequence[Mapping[str, Any]], backend: str, path: Path) -> None:
    """Speedup of each variant per kernel (sim: cycles; gpu: median ms against numba)."""
    plt = _pyplot()
    kernels = [row["kernel"] for row in rows]
    figure, axis = plt.subplots(figsize=(max(6.0, 0.9 * len(rows) + 2), 4.2))
    if backend == GPU:
        names = (ORIGINAL, *TRANSFORMS)
        series = {
            n: [r["variants"][n]["speedup_vs_numba"] for r in rows] for n in names
        }
        grouped_bars(axis, kernels, series, "speedup over numba (median event time)")
    else:
        series = {
            n: [r["variants"][n].get("speedup") for r in rows] for n in TRANSFORMS
        }
        grouped_bars(axis, kernels, series, "speedup over original (simulated cycles)")
    axis.axhline(1.0, color="black", linewidth=0.8)
    axis.set_xlabel("kernel")
    axis.legend(fontsize=7)
    axis.set_title(f"simt corpus, {backend} backend")
    save(figure, path)


def plot_bars(
    path: Path,
    title: str,
    groups: Sequence[str],
    series: Mapping[str, Sequence[float | None]],
    ylabel: str,
) -> None:
    """One grouped bar chart (the wrapped suites' plot)."""
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(max(5.0, 0.8 * len(groups) + 2), 4.0))
    grouped_bars(axis, groups, series, ylabel)
    if len(series) > 1:
        axis.legend(fontsize=7)
    axis.set_title(title)
    save(figure, path)


# ---------------------------------------------------------------------------
# fig7: Bulavintsev 2019 Fig. 7 (simt.bench.flatten)
# ---------------------------------------------------------------------------


def run_fig7(ctx: SuiteContext) -> SuiteResult:
    """The Fig. 7 sweep, one point at a time; --quick: 4 k values, 2 ratios, C=4."""
    from simt.bench import flatten

    ks = (0, 8, 24, 31) if ctx.quick else tuple(range(32))
    ratios = ((1, 1), (1, 10)) if ctx.quick else flatten.RATIOS
    cap = 4 if ctx.quick else flatten.SWEEP_CAP
    outer = flatten.OUTER_ITERS
    points = [(r, k) for r in ratios for k in ks]
    sweep: dict[str, Any] = {"inner_cap": cap, "outer_iters": outer, "points": []}
    for ratio, k in ctx.progress(points, "fig7"):
        part = flatten.fig7_sweep(
            [k], [ratio], inner_cap=cap, outer_iters=outer, progress=False
        )
        sweep["points"].extend(part["points"])
    tops = [] if ctx.quick else flatten.headlines(ratios, progress=False)
    targets = flatten.check_targets(sweep, tops)
    record: dict[str, Any] = {
        "sweep": sweep,
        "relative_performance": flatten.relative_performance(sweep),
        "headline": tops,
        "targets": [asdict(t) for t in targets],
    }
    plot = ctx.out / "fig7.png"
    flatten.plot_fig7(sweep, plot)
    return SuiteResult(
        record,
        fig7_table(sweep),
        (plot,),
        _fig7_agrees(record),
        tuple(t.line() for t in targets),
    )


def _fig7_agrees(record: Mapping[str, Any]) -> bool:
    points = [*record["sweep"]["points"], *record["headline"]]
    return all(v["outputs_equal"] for p in points for v in p["variants"].values())


def fig7_table(sweep: Mapping[str, Any]) -> Table:
    """Per ratio: the speedup of each mode at the largest k, and its minimum over k."""
    from simt.bench.flatten import MODES

    table = Table(
        ("A/B", "k", *(f"{m} x" for m in MODES), *(f"{m} min x" for m in MODES))
    )
    by_ratio: dict[str, list[Mapping[str, Any]]] = {}
    for point in sweep["points"]:
        by_ratio.setdefault(point["ratio"], []).append(point)
    for ratio, points in by_ratio.items():
        last = points[-1]

        def gain(p: Mapping[str, Any], mode: str) -> float:
            return p["variants"]["original"]["cycles"] / p["variants"][mode]["cycles"]

        table.rows.append(
            (
                ratio,
                str(last["k"]),
                *(f"{gain(last, m):.2f}" for m in MODES),
                *(f"{min(gain(p, m) for p in points):.2f}" for m in MODES),
            )
        )
    return table


# ---------------------------------------------------------------------------
# fusion: Coutinho 2011 (simt.bench.branch_fusion)
# ---------------------------------------------------------------------------


def run_fusion(ctx: SuiteContext) -> SuiteResult:
    """Branch fusion before/after and divergence precision; --quick: 256 items, one seed."""
    from simt.bench import branch_fusion

    items, seeds = (256, [0]) if ctx.quick else (1024, [0, 1, 2])
    stages: list[tuple[str, Callable[[], Any]]] = [
        ("fusion", lambda: branch_fusion.fusion_results(items)),
        ("divergence", lambda: branch_fusion.divergence_results(seeds)),
    ]
    parts = {name: stage() for name, stage in ctx.progress(stages, "fusion")}
    rows: list[dict[str, Any]] = parts["fusion"]
    plot = ctx.out / "fusion.png"
    labels = [f"{r['kernel']}\n{'cleanup' if r['cleanup'] else 'raw'}" for r in rows]
    reductions = {"cycle reduction %": [r["cycle_reduction_percent"] for r in rows]}
    plot_bars(
        plot,
        "Branch fusion (Coutinho 2011) on the simulator",
        labels,
        reductions,
        "% fewer cycles",
    )
    results = {"items": items, "seeds": seeds, "paper": branch_fusion.PAPER}
    results |= {"fusion": rows, "divergence": parts["divergence"]}
    table = Table(FUSION_HEADER, [_fusion_row(r) for r in rows])
    agree = all(r["outputs_equal"] for r in rows)
    notes = tuple(divergence_notes(parts["divergence"]))
    return SuiteResult(results, table, (plot,), agree, notes)


FUSION_HEADER = (
    "kernel",
    "cleanup",
    "cycles before",
    "cycles after",
    "reduction %",
    "outputs",
)


def _fusion_row(r: Mapping[str, Any]) -> tuple[str, ...]:
    return (
        r["kernel"],
        "yes" if r["cleanup"] else "no",
        f"{r['cycles_before']:.0f}",
        f"{r['cycles_after']:.0f}",
        f"{r['cycle_reduction_percent']:+.2f}",
        "agree" if r["outputs_equal"] else "DIFFER",
    )


def divergence_notes(evaluation: Mapping[str, Any]) -> list[str]:
    """The divergence analysis against the profile, one line per load rule."""
    notes: list[str] = []
    for name, part in evaluation.items():
        s = part["summary"]
        notes.append(
            f"divergence ({name}): false positives {s['false_positive_rate']:.0%} (paper 34%), "
            f"false negatives {s['false_negative']}, uniform branches "
            f"{s['uniform_branch_share']:.0%} (paper 26%), uniform values "
            f"{s['uniform_value_share']:.0%} (paper 39%)"
        )
    return notes


# ---------------------------------------------------------------------------
# linearize: Anantpur 2014 (simt.bench.linearize)
# ---------------------------------------------------------------------------


def run_linearize(ctx: SuiteContext) -> SuiteResult:
    """Table 1's code size for unstructured kernels and the Fig. 1/2(b)/3 applications."""
    specs = [s for s in CORPUS.values() if s.unstructured]
    if ctx.quick:
        specs = specs[:2]
    tasks = [(s.name, _size_task(s)) for s in specs]
    tasks.append(("applications", _applications_task))
    done = {name: task() for name, task in ctx.progress(tasks, "linearize")}
    sizes = [done[s.name] for s in specs]
    applications = done["applications"]
    plot = ctx.out / "linearize.png"
    increase = {
        "level 0": [r["after"]["ptx"] / r["before"]["ptx"] for r in sizes],
        "O1-O3": [r["ptx_increase"] for r in sizes],
    }
    plot_bars(
        plot,
        "simt-linearize code size (Anantpur 2014, Table 1)",
        [r["kernel"] for r in sizes],
        increase,
        "static PTX instructions after / before",
    )
    table = Table(LINEARIZE_HEADER, [_linearize_row(r) for r in sizes])
    agree = applications.get("status") != "outputs differ"
    notes = (applications["message"],) if not agree else ()
    results = {"code_size": sizes, "applications": applications}
    return SuiteResult(results, table, (plot,), agree, notes)


LINEARIZE_HEADER = (
    "kernel",
    "blocks b/0/3",
    "ops b/0/3",
    "ptx b/0/3",
    "ptx x",
    "ptxas",
)


def _linearize_row(r: Mapping[str, Any]) -> tuple[str, ...]:
    stages = (r["before"], r["after"], r["after_opt"])
    sizes = ("/".join(str(s[k]) for s in stages) for k in ("blocks", "ops", "ptx"))
    ptxas = "ok" if r["ptxas_ok"] else "not run"
    return (r["kernel"], *sizes, f"{r['ptx_increase']:.2f}", ptxas)


def _size_task(spec: KernelSpec) -> Callable[[], dict[str, Any]]:
    def task() -> dict[str, Any]:
        from simt.bench import linearize

        row = linearize.size_row(spec)
        return asdict(row) | {"ptx_increase": row.ptx_increase}

    return task


def _applications_task() -> dict[str, Any]:
    from simt.bench import linearize

    try:
        return linearize.applications()
    except AssertionError as error:  # linearize.run asserts that the outputs match
        return {"status": "outputs differ", "message": str(error)}


# ---------------------------------------------------------------------------
# dpll: Bulavintsev 2021 (simt.bench.dpll.run)
# ---------------------------------------------------------------------------

DPLL_VARIANTS = ("simulator_original", "simulator_optimized")
DPLL_HEADER = (
    "formula",
    "variant",
    "verdict",
    "lit checks",
    "SIMD eff",
    "checks/issued",
    "agrees",
)


def run_dpll(ctx: SuiteContext) -> SuiteResult:
    """hole8 and dubois25: CPU reference, simulator original/optimized, GPU when present."""
    from simt.bench.dpll import run as dpll

    log: list[str] = []
    configs = dpll.configs(ctx.quick, False)
    formulas = {
        c.name: dpll.bench_formula(c, log.append) for c in ctx.progress(configs, "dpll")
    }
    results = {"quick": ctx.quick, "source": "Bulavintsev and Zhdanov 2021, Table 1"}
    results |= {
        "formulas": formulas,
        "loop_tree": dpll.loop_tree_json(),
        "ptx": dpll.ptx_status(),
        "log": log,
    }
    names = list(formulas)
    plot = ctx.out / "dpll.png"
    checks = {
        v: [formulas[n][v].get("checks_per_issued") for n in names]
        for v in DPLL_VARIANTS
    }
    plot_bars(
        plot,
        "DPLL on the simulator (literal checks per issued warp instruction)",
        names,
        checks,
        "literal checks / issued warp instruction",
    )
    rows = [_dpll_row(n, v, formulas[n][v]) for n in names for v in DPLL_VARIANTS]
    agree = all(
        formulas[n][v].get("agrees_with_cpu", True)
        for n in names
        for v in DPLL_VARIANTS
    )
    gpu = [f"{n} gpu: {formulas[n]['gpu'].get('status', 'measured')}" for n in names]
    notes = (f"ptx: {results['ptx']}", *gpu)
    return SuiteResult(results, Table(DPLL_HEADER, rows), (plot,), agree, notes)


def _dpll_row(name: str, variant: str, record: Mapping[str, Any]) -> tuple[str, ...]:
    if "status" in record:
        return (name, variant, record["status"], "-", "-", "-", "-")
    return (
        name,
        variant,
        str(record["verdict"]),
        str(record["literal_checks"]),
        f"{record['simd_efficiency']:.2f}",
        f"{record['checks_per_issued']:.3f}",
        "yes" if record["agrees_with_cpu"] else "NO",
    )


# ---------------------------------------------------------------------------
# sim-throughput (simt.bench.sim_speed)
# ---------------------------------------------------------------------------

THROUGHPUT_HEADER = (
    "kernel",
    "threads",
    "ours ms",
    "numba ms",
    "speedup",
    "M lane instr/s",
    "outputs",
)


def run_sim_throughput(ctx: SuiteContext) -> SuiteResult:
    """Our simulator against numba's CUDA simulator; --quick: early_exit at 1024 threads."""
    from simt.bench import sim_speed as throughput

    kernels = [throughput.DEFAULT_KERNEL] if ctx.quick else list(CORPUS)
    threads, repeat = (1024, 1) if ctx.quick else (8192, 3)
    reports: list[dict[str, Any]] = []
    skipped: list[str] = []
    for name in ctx.progress(kernels, "sim-throughput"):
        try:
            reports.extend(throughput.run([name], threads, repeat, 0))
        except SystemExit as reason:  # no launch of exactly `threads` threads
            skipped.append(f"skipped: {reason}")
    plot = ctx.out / "sim-throughput.png"
    speedups = {"speedup": [r["speedup"] for r in reports]}
    plot_bars(
        plot,
        f"simt simulator vs numba CUDA simulator ({threads} threads)",
        [r["kernel"] for r in reports],
        speedups,
        "numba cudasim time / ours",
    )
    table = Table(THROUGHPUT_HEADER, [_throughput_row(r) for r in reports])
    results = {
        "threads": threads,
        "repeat": repeat,
        "results": reports,
        "skipped": skipped,
    }
    agree = all(r["outputs_agree"] for r in reports)
    return SuiteResult(results, table, (plot,), agree, tuple(skipped))


def _throughput_row(r: Mapping[str, Any]) -> tuple[str, ...]:
    return (
        r["kernel"],
        str(r["threads"]),
        f"{r['ours_seconds'] * 1e3:.1f}",
        f"{r['numba_cudasim_seconds'] * 1e3:.1f}",
        f"{r['speedup']:.1f}",
        f"{r['lane_instructions_per_second'] / 1e6:.2f}",
        "agree" if r["outputs_agree"] else "DIFFER",
    )


# ---------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------


def _registry(suites: Iterable[Suite]) -> Mapping[str, Suite]:
    return MappingProxyType({suite.name: suite for suite in suites})


SUITES: Mapping[str, Suite] = _registry(
    [
        Suite(
            "corpus",
            "every corpus kernel, original vs each transformation pass",
            BACKENDS,
            run_corpus,
        ),
        Suite(
            "fig7",
            "Bulavintsev 2019 Fig. 7: loop nest reduction over k early exits",
            (SIM,),
            run_fig7,
        ),
        Suite(
            "fusion",
            "Coutinho 2011: branch fusion and divergence-analysis precision",
            (SIM,),
            run_fusion,
        ),
        Suite(
            "linearize",
            "Anantpur 2014: linearization code size and applications",
            (SIM,),
            run_linearize,
        ),
        Suite(
            "dpll",
            "Bulavintsev 2021: DPLL literal checks (GPU part when a GPU is present)",
            BACKENDS,
            run_dpll,
        ),
        Suite(
            "sim-throughput",
            "our simulator against numba's CUDA simulator",
            (SIM,),
            run_sim_throughput,
        ),
    ]
)
"""Every suite by name, in the order `simt-bench` runs them."""
