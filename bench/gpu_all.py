"""Everything on a GPU in one command: build, check against the host run, time.

    python -m simt.bench.gpu_all [--dry-run | --target gpu|host] [--quick]
                                 [--suite corpus|fig7|fusion|dpll ...]
                                 [--warmup 3] [--repeat 20] [--out bench/results]

For each job of four suites it builds every variant, runs it on the host
(`simt.runtime.host`: the lowered code, JIT-compiled) and on the simulator,
then launches it on the target and compares the target's outputs with the
host run's:

- `corpus`: every corpus kernel as numba-cuda's own `@cuda.jit`, simt's
  original and simt after `simt-optimize` (profiled on a training launch),
  at the gpu size of `simt-bench corpus` (4096x small);
- `fig7`: Bulavintsev 2019 Fig. 7 (`simt.bench.flatten`): k early exits of
  32 at each A/B ratio, one warp, original and `simt-flatten-loops` always
  and adaptive;
- `fusion`: Coutinho 2011 Fig. 10, original and `simt-branch-fusion` (after
  the cleanup `simt.bench.branch_fusion` uses);
- `dpll`: Bulavintsev 2021 Table 1, GPU columns: numba's kernel, simt's
  original and optimized on the full split (`simt.bench.dpll.run.gpu_split`),
  literal checks per second.

Targets: `gpu` (the default) loads simt's PTX (`simt.lowering.ptx.to_ptx`
for the device's architecture, checked by ptxas when installed) through
`simt.runtime.launch` and times launches with CUDA events, the median of
`--repeat` after `--warmup`; numba's kernel is timed the same way. `host`
times the host execution instead (no numba column). `--dry-run` builds and
checks everything (PTX for `--arch`, host and simulator runs) and times
nothing: it runs on any machine.

Per suite it reports the rank correlation (Spearman) of the simulator's
speedups (original cycles / variant cycles, on the simulator's launch, which
may be smaller: `sim_case`) with the measured ones (original median /
variant median): where it is low the simulator's cost model ranks the
variants differently from the target. Writes `<out>/gpu_all.json` and
`gpu_all.md` with the device, date, commit and command (`gpu_all_<suite>...`
when `--suite` picks some: a device command may run 10 minutes at most, so
the suites can run in separate calls). Exit status 0 when
every output agreed, 1 otherwise, 2 for a usage error (`--target gpu` with no
GPU).

On the device machine (see docs or README, "Running on a GPU"): carry the
wheels numba-cuda's machine lacks (xdsl, llvmlite if older) and run
`python -m simt.bench.gpu_all --out $OUT`.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from simt.bench.kernels.spec import (
    Arg,
    KernelSpec,
    LaunchCase,
    Tolerance,
    array_mismatch,
)
from simt.bench.provenance import cpu_model, git_commit

SUITES = ("corpus", "fig7", "fusion", "dpll")
DEFAULT_OUT = Path("bench/results")
DEFAULT_ARCH = "sm_90"
FIG7_KS = (0, 8, 16, 24, 31)
FIG7_CAP = 256
"""Inner trip count C of the target's Fig. 7 points (the simulator's is 8)."""
FIG7_MODES = ("always", "adaptive")
NUMBA = "numba"
ORIGINAL = "original"

Launch = Callable[[list[object]], object]
"""Runs one launch on target arguments (as `Target.to_target` gives them)."""


class UsageError(Exception):
    """A command line that cannot run (exit status 2)."""


# ---------------------------------------------------------------------------
# Jobs: what runs, and what it must agree on
# ---------------------------------------------------------------------------


@dataclass
class Job:
    """One launch of a suite: its variants (IR, or why there is none)."""

    suite: str
    name: str
    entry: str
    case: LaunchCase
    """The launch the target and the host run."""
    sim_case: LaunchCase
    """The simulator's launch (smaller when the target's is too large to simulate)."""
    variants: dict[str, ModuleOp | str]
    outputs: tuple[int, ...]
    tolerance: Tolerance = field(default_factory=Tolerance)
    numba: tuple[Callable[..., None], str] | None = None
    """numba's baseline: the Python function and its signature."""
    work: Callable[[list[Arg]], float] | None = None
    """A count of useful work from a launch's outputs (DPLL: literal checks)."""
    work_unit: str = ""
    reference: Callable[[list[Arg]], list[str]] | None = None
    """Checks the original's host outputs against an independent reference
    (numpy, or the DPLL's @njit solver): one line per problem."""


def _spec_reference(
    spec: KernelSpec, case: LaunchCase
) -> Callable[[list[Arg]], list[str]]:
    return lambda args: spec.mismatches(spec.expected(case), args)


def _mismatches(job: Job, expected: Sequence[Arg], actual: Sequence[Arg]) -> list[str]:
    problems: list[str] = []
    for index in job.outputs:
        want, have = expected[index], actual[index]
        if isinstance(want, np.ndarray):
            problem = array_mismatch(want, np.asarray(have), job.tolerance)
            if problem is not None:
                problems.append(f"argument {index}: {problem}")
    return problems


def _compile(func: Callable[..., None], signature: str) -> ModuleOp:
    import simt

    return simt.compile_python(func, signature)


def _passed(module: ModuleOp, pipeline: str) -> ModuleOp | str:
    """`module` after `pipeline`, or the pass's refusal."""
    from xdsl.utils.exceptions import DiagnosticException

    import simt

    try:
        simt.apply_passes(module, pipeline)
    except (DiagnosticException, ValueError) as error:
        return f"{pipeline} refused: {str(error).splitlines()[0]}"
    return module


def corpus_jobs(quick: bool, workdir: Path) -> list[Job]:
    from simt.bench.kernels import CORPUS
    from simt.bench.suites import GPU, corpus_plan, training_profile

    plan = corpus_plan(GPU, quick)
    jobs: list[Job] = []
    for name in plan.kernels:
        spec = CORPUS[name]
        rng = np.random.default_rng(sum(map(ord, name)))
        case = spec.make_inputs(rng, spec.small_items * plan.scale)
        sim_case = spec.make_inputs(np.random.default_rng(1), "small")
        profile = training_profile(spec, workdir)
        optimized = _passed(
            _compile(spec.func, spec.signature),
            f'simt-optimize{{profile="{profile}" remarks=false}}',
        )
        variants: dict[str, ModuleOp | str] = {
            ORIGINAL: _compile(spec.func, spec.signature),
            "optimized": optimized,
        }
        jobs.append(
            Job(
                "corpus",
                name,
                spec.func.__name__,
                case,
                sim_case,
                variants,
                spec.outputs,
                spec.float_tolerance,
                (spec.func, spec.signature),
                reference=_spec_reference(spec, case),
            )
        )
    return jobs


def fig7_jobs(quick: bool, workdir: Path) -> list[Job]:
    """Each (k, ratio) point: C = `FIG7_CAP` on the target and the host (a launch
    long enough to time), C = `SWEEP_CAP` on the simulator (its Fig. 7 sweep)."""
    from simt.bench.flatten import RATIOS, SWEEP_CAP, fig7_case, fig7_spec

    ks = (0, 31) if quick else FIG7_KS
    ratios = RATIOS[:2] if quick else RATIOS
    jobs: list[Job] = []
    for ratio in ratios:
        for k in ks:
            spec = fig7_spec(k, ratio, inner_cap=SWEEP_CAP if quick else FIG7_CAP)
            small = fig7_spec(k, ratio, inner_cap=SWEEP_CAP)
            variants: dict[str, ModuleOp | str] = {
                ORIGINAL: _compile(spec.func, spec.signature)
            }
            for mode in FIG7_MODES:
                variants[mode] = _passed(
                    _compile(spec.func, spec.signature),
                    f"simt-flatten-loops{{mode={mode} remarks=false}}",
                )
            case = fig7_case(spec)
            jobs.append(
                Job(
                    "fig7",
                    f"k{k}_r{ratio[0]}/{ratio[1]}",
                    spec.func.__name__,
                    case,
                    fig7_case(small),
                    variants,
                    spec.outputs,
                    spec.float_tolerance,
                    (spec.func, spec.signature),
                    reference=_spec_reference(spec, case),
                )
            )
    return jobs


def fusion_jobs(quick: bool, workdir: Path) -> list[Job]:
    from simt.bench.branch_fusion import CLEANUP, FUSION
    from simt.bench.kernels import CORPUS

    spec = CORPUS["coutinho_fig10"]
    case = spec.make_inputs(np.random.default_rng(10), "small" if quick else "large")
    sim_case = spec.make_inputs(np.random.default_rng(10), "small")
    original = _passed(_compile(spec.func, spec.signature), CLEANUP)
    fused = _passed(_compile(spec.func, spec.signature), f"{CLEANUP},{FUSION}")
    return [
        Job(
            "fusion",
            "coutinho_fig10",
            spec.func.__name__,
            case,
            sim_case,
            {ORIGINAL: original, "fused": fused},
            spec.outputs,
            spec.float_tolerance,
            (spec.func, spec.signature),
            reference=_spec_reference(spec, case),
        )
    ]


DPLL_OUTPUTS = (16, 17, 18, 19)
"""Per job: status, nodes, literal checks, model (`simt.bench.dpll.harness`)."""


def dpll_jobs(quick: bool, workdir: Path) -> list[Job]:
    from simt.bench.dpll.cnf import solver_arrays
    from simt.bench.dpll.harness import BLOCK, compile_dpll, grid_for, launch_args
    from simt.bench.dpll.kernel import DPLL_SIGNATURE, dpll_kernel
    from simt.bench.dpll.run import configs, gpu_split, optimized_kernel

    jobs: list[Job] = []
    for config in configs(quick, full_cpu=False):
        arrays = solver_arrays(config.make())
        split = config.sample if quick else gpu_split(config)
        optimized, _ = optimized_kernel(arrays, config.sample)
        case = LaunchCase(grid_for(split), (BLOCK,), launch_args(arrays, split))
        sample = config.sample
        sim_case = LaunchCase(grid_for(sample), (BLOCK,), launch_args(arrays, sample))
        jobs.append(
            Job(
                "dpll",
                config.name,
                "dpll_kernel",
                case,
                sim_case,
                {ORIGINAL: compile_dpll(), "optimized": optimized},
                DPLL_OUTPUTS,
                numba=(dpll_kernel, DPLL_SIGNATURE),
                work=lambda args: float(np.asarray(args[18]).sum()),
                work_unit="literal checks",
                reference=_dpll_reference(arrays, split),
            )
        )
    return jobs


def _dpll_reference(arrays: Any, split: Any) -> Callable[[list[Arg]], list[str]]:
    """The @njit solver's status, nodes and literal checks per job."""
    from simt.bench.dpll.harness import results_of, run_cpu

    def check(args: list[Arg]) -> list[str]:
        want, have = run_cpu(arrays, split).results, results_of(args)
        problems: list[str] = []
        for what in ("status", "nodes", "checks"):
            a, b = getattr(want, what), getattr(have, what)
            if not np.array_equal(a, b):
                problems.append(f"{what}: {int((a != b).sum())} jobs differ")
        return problems

    return check


JOB_MAKERS: dict[str, Callable[[bool, Path], list[Job]]] = {
    "corpus": corpus_jobs,
    "fig7": fig7_jobs,
    "fusion": fusion_jobs,
    "dpll": dpll_jobs,
}


# ---------------------------------------------------------------------------
# Targets: the GPU, or the host
# ---------------------------------------------------------------------------


class Target(Protocol):
    """Where the timed launches run."""

    name: str

    def simt(self, module: ModuleOp, job: Job) -> Launch: ...

    def numba(self, job: Job) -> Launch: ...

    def to_target(self, args: list[Arg]) -> tuple[list[object], Callable[[], None]]:
        """The arguments as launches take them, and a copy back into `args`."""
        ...

    def timer(self, run: Callable[[], None], warmup: int, repeat: int) -> list[float]:
        """Milliseconds of each of `repeat` runs after `warmup` runs."""
        ...


@dataclass
class GpuTarget:
    """The CUDA device, through `simt.runtime.launch` and numba-cuda."""

    name: str
    arch: str

    @classmethod
    def detect(cls) -> GpuTarget:
        from simt.bench.suites import cuda_device, gpu_available
        from simt.runtime.launch import ptx_arch_for

        if not gpu_available():
            raise UsageError(
                "--target gpu needs a CUDA GPU, but numba-cuda finds none; "
                "use --dry-run (builds and checks everything, times nothing) "
                "or --target host"
            )
        device = cuda_device()
        target = cls(device.name, ptx_arch_for(device.capability))
        target._device = device
        return target

    def simt(self, module: ModuleOp, job: Job) -> Launch:
        from simt.lowering.ptx import to_ptx
        from simt.runtime.abi import kernel_params
        from simt.runtime.jit import find_kernel
        from simt.runtime.launch import GpuKernel

        device = self._device
        entry = find_kernel(module, job.entry)
        kernel = GpuKernel(
            to_ptx(module, self.arch),
            entry.sym_name.data,
            kernel_params(entry),
            loader=device.loader,
            launcher=device.launcher,
            capability=device.capability,
        )
        case = job.case
        return lambda args: kernel.launch(case.grid, case.block, args)

    def numba(self, job: Job) -> Launch:
        assert job.numba is not None
        kernel = self._device.numba_jit(*job.numba)
        grid, block = job.case.grid, job.case.block
        return lambda args: kernel[grid, block](*args)

    def to_target(self, args: list[Arg]) -> tuple[list[object], Callable[[], None]]:
        device_args, copy_back = self._device.to_device(args)
        return list(device_args), lambda: (self._device.synchronize(), copy_back())[1]

    def timer(self, run: Callable[[], None], warmup: int, repeat: int) -> list[float]:
        return self._device.timer(run, warmup, repeat)

    _device: Any = None


@dataclass
class HostTarget:
    """Host execution (`simt.runtime.host`), timed by the wall clock."""

    name: str = field(default_factory=lambda: f"host: {cpu_model()}")

    def simt(self, module: ModuleOp, job: Job) -> Launch:
        from simt.runtime.host import HostModule

        host = HostModule(module)
        case = job.case

        def launch(args: list[object]) -> None:
            host.launch(case.grid, case.block, args, job.entry)

        return launch

    def numba(self, job: Job) -> Launch:
        raise UsageError("numba's @cuda.jit kernels need a GPU")

    def to_target(self, args: list[Arg]) -> tuple[list[object], Callable[[], None]]:
        return list(args), lambda: None

    def timer(self, run: Callable[[], None], warmup: int, repeat: int) -> list[float]:
        for _ in range(warmup):
            run()
        times: list[float] = []
        for _ in range(repeat):
            start = time.perf_counter()
            run()
            times.append(1000.0 * (time.perf_counter() - start))
        return times


# ---------------------------------------------------------------------------
# Running a job
# ---------------------------------------------------------------------------


@dataclass
class VariantResult:
    """One variant of a job: build, host and simulator checks, target times."""

    status: str = "ok"
    message: str | None = None
    ptx_chars: int | None = None
    sim_cycles: float | None = None
    host_ms: float | None = None
    median_ms: float | None = None
    min_ms: float | None = None
    times_ms: list[float] = field(default_factory=lambda: [])
    outputs_agree: bool | None = None
    """Target against the host run (host: variant against the original)."""
    mismatches: list[str] = field(default_factory=lambda: [])
    work_per_second: float | None = None


def _short(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0] if lines else ''}"


def _host_outputs(module: ModuleOp, job: Job) -> tuple[list[Arg], float]:
    from simt.runtime.host import HostModule

    host = HostModule(module)
    args = job.case.copy_args()
    start = time.perf_counter()
    host.launch(job.case.grid, job.case.block, args, job.entry)
    return args, 1000.0 * (time.perf_counter() - start)


def _sim_cycles(module: ModuleOp, job: Job) -> float:
    import simt

    case = job.sim_case
    result = simt.simulate(
        module, case.grid, case.block, case.copy_args(), kernel=job.entry, trace=False
    )
    return float(result.stats.cycles)


def _timed(
    launch: Launch,
    job: Job,
    target: Target,
    expected: list[Arg],
    timing: tuple[int, int],
) -> VariantResult:
    args = job.case.copy_args()
    device_args, copy_back = target.to_target(args)
    launch(device_args)
    copy_back()
    problems = _mismatches(job, expected, args)
    fresh, _ = target.to_target(job.case.copy_args())

    def run() -> None:
        launch(fresh)

    times = target.timer(run, *timing)
    median = statistics.median(times)
    rate = None
    if job.work is not None and median > 0:
        rate = job.work(args) / (median / 1000.0)
    return VariantResult(
        median_ms=median,
        min_ms=min(times),
        times_ms=times,
        outputs_agree=not problems,
        mismatches=problems[:3],
        work_per_second=rate,
    )


def run_job(
    job: Job,
    target: Target | None,
    arch: str,
    timing: tuple[int, int],
    log: Callable[[str], None],
) -> dict[str, VariantResult]:
    """Builds, checks and (with a target) times every variant of `job`."""
    from simt.lowering.ptx import to_ptx

    results: dict[str, VariantResult] = {}
    host_runs: dict[str, list[Arg]] = {}
    for name, module in job.variants.items():
        if isinstance(module, str):
            results[name] = VariantResult("refused", module)
            continue
        result = VariantResult()
        results[name] = result
        try:
            result.ptx_chars = len(to_ptx(module, arch))
            host_args, result.host_ms = _host_outputs(module, job)
            result.sim_cycles = _sim_cycles(module, job)
        except Exception as error:  # a failing build or run is a result to report
            result.status, result.message = "error", _short(error)
            continue
        host_runs[name] = host_args
        if name == ORIGINAL and job.reference is not None:
            problems = job.reference(host_args)
            result.outputs_agree = not problems
            result.mismatches = problems[:3]
        if name != ORIGINAL and ORIGINAL in host_runs:
            problems = _mismatches(job, host_runs[ORIGINAL], host_args)
            result.outputs_agree = not problems
            result.mismatches = problems[:3]
    if target is None:
        return results
    reference = host_runs.get(ORIGINAL)
    if (
        job.numba is not None
        and reference is not None
        and not isinstance(target, HostTarget)
    ):
        try:
            results[NUMBA] = _timed(target.numba(job), job, target, reference, timing)
        except Exception as error:  # numba may reject what simt accepts
            results[NUMBA] = VariantResult("error", _short(error))
    for name, module in job.variants.items():
        if isinstance(module, str) or name not in host_runs:
            continue
        log(f"{job.suite} {job.name}: {name} on {target.name}")
        try:
            timed = _timed(
                target.simt(module, job), job, target, host_runs[name], timing
            )
        except Exception as error:  # a lowering or launch failure is a result
            results[name].status, results[name].message = "error", _short(error)
            continue
        built = results[name]
        timed.ptx_chars, timed.sim_cycles, timed.host_ms = (
            built.ptx_chars,
            built.sim_cycles,
            built.host_ms,
        )
        if built.outputs_agree is False:
            timed.outputs_agree = False
            timed.mismatches = built.mismatches + timed.mismatches
        results[name] = timed
    return results


# ---------------------------------------------------------------------------
# Rank correlation and the report
# ---------------------------------------------------------------------------


def _ranks(values: Sequence[float]) -> np.ndarray:
    """Ranks from 1, ties sharing their mean rank."""
    array = np.asarray(values, dtype=np.float64)
    order = np.argsort(array, kind="stable")
    ranks = np.empty(len(array))
    ranks[order] = np.arange(1, len(array) + 1)
    for value in np.unique(array):
        tied = array == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation, None for fewer than 3 pairs or a constant side."""
    if len(xs) != len(ys) or len(xs) < 3:
        return None
    rx, ry = _ranks(xs), _ranks(ys)
    if rx.std() == 0 or ry.std() == 0:
        return None
    return float(np.corrcoef(rx, ry)[0, 1])


def speedup_pairs(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """(job, variant): simulated speedup (cycles) and measured speedup (median)."""
    pairs: list[dict[str, Any]] = []
    for row in rows:
        variants = row["variants"]
        base = variants.get(ORIGINAL, {})
        for name, result in variants.items():
            if name in (ORIGINAL, NUMBA):
                continue
            cycles = (base.get("sim_cycles"), result.get("sim_cycles"))
            times = (base.get("median_ms"), result.get("median_ms"))
            if None in cycles or None in times or not cycles[1] or not times[1]:
                continue
            pairs.append(
                {
                    "job": row["name"],
                    "variant": name,
                    "simulated": cycles[0] / cycles[1],
                    "measured": times[0] / times[1],
                }
            )
    return pairs


def suite_summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    pairs = speedup_pairs(rows)
    rho = spearman([p["simulated"] for p in pairs], [p["measured"] for p in pairs])
    disagree = [
        p
        for p in pairs
        if (p["simulated"] > 1.05 and p["measured"] < 0.95)
        or (p["simulated"] < 0.95 and p["measured"] > 1.05)
    ]
    return {"pairs": pairs, "spearman": rho, "direction_disagrees": disagree}


def _agrees(row: dict[str, Any]) -> bool:
    return all(
        v["status"] != "error" and v["outputs_agree"] is not False
        for v in row["variants"].values()
    )


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def markdown(document: dict[str, Any]) -> str:
    lines = [
        "# simt on a GPU: build, check against the host run, time",
        "",
        f"`{document['command']}` on {document['device']}, {document['date']}, "
        f"commit {document['commit']}. Mode: {document['mode']}; times are the "
        f"median of {document['repeat']} launches after {document['warmup']} "
        "warm-up launches (ms); `sim x` is the simulator's speedup over the "
        "original (cycles), `measured x` the target's (median time).",
        "",
    ]
    for suite, data in document["suites"].items():
        lines += [f"## {suite}", ""]
        lines.append(
            "| job | variant | status | PTX chars | host ms | median ms | "
            "sim x | measured x | agrees | work/s |"
        )
        lines.append("|---|---|---|---:|---:|---:|---:|---:|---|---:|")
        for row in data["rows"]:
            base = row["variants"].get(ORIGINAL, {})
            for name, v in row["variants"].items():
                sim_x = meas_x = "-"
                if name not in (ORIGINAL, NUMBA) and v.get("sim_cycles"):
                    if base.get("sim_cycles"):
                        sim_x = f"{base['sim_cycles'] / v['sim_cycles']:.2f}"
                    if base.get("median_ms") and v.get("median_ms"):
                        meas_x = f"{base['median_ms'] / v['median_ms']:.2f}"
                if name == NUMBA and base.get("median_ms") and v.get("median_ms"):
                    meas_x = f"{base['median_ms'] / v['median_ms']:.2f}"
                rate = v.get("work_per_second")
                lines.append(
                    f"| {row['name']} | {name} | {v['status']} | "
                    f"{v.get('ptx_chars') or '-'} | {_ms(v.get('host_ms'))} | "
                    f"{_ms(v.get('median_ms'))} | {sim_x} | {meas_x} | "
                    f"{v.get('outputs_agree')} | "
                    f"{'-' if rate is None else f'{rate:.3g}'} |"
                )
        rho = data["summary"]["spearman"]
        lines += [
            "",
            f"Spearman (simulated vs measured speedups): "
            f"{'-' if rho is None else f'{rho:.2f}'}; direction disagrees on "
            f"{len(data['summary']['direction_disagrees'])} of "
            f"{len(data['summary']['pairs'])} variants.",
            "",
        ]
    lines.append(f"All outputs agree: {document['outputs_agree']}.")
    return "\n".join(lines) + "\n"


def run(
    suites: Sequence[str],
    target: Target | None,
    *,
    quick: bool,
    arch: str,
    timing: tuple[int, int],
    log: Callable[[str], None],
) -> dict[str, Any]:
    """Every job of `suites`: built, checked and (with a target) timed."""
    document: dict[str, Any] = {"suites": {}}
    with tempfile.TemporaryDirectory() as tmp:
        for suite in suites:
            log(f"{suite}: building")
            rows: list[dict[str, Any]] = []
            for job in JOB_MAKERS[suite](quick, Path(tmp)):
                results = run_job(job, target, arch, timing, log)
                row = {
                    "name": job.name,
                    "threads": job.case.threads,
                    "sim_threads": job.sim_case.threads,
                    "work_unit": job.work_unit or None,
                    "variants": {n: asdict(r) for n, r in results.items()},
                }
                row["outputs_agree"] = _agrees(row)
                rows.append(row)
                log(f"{suite} {job.name}: outputs agree {row['outputs_agree']}")
            document["suites"][suite] = {
                "rows": rows,
                "summary": suite_summary(rows),
            }
    document["outputs_agree"] = all(
        row["outputs_agree"]
        for data in document["suites"].values()
        for row in data["rows"]
    )
    return document


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m simt.bench.gpu_all",
        description="Build, check against the host run and time every benchmark "
        "on a GPU (or --dry-run: build and check only).",
    )
    parser.add_argument("--suite", action="append", choices=SUITES, default=[])
    parser.add_argument("--target", choices=("gpu", "host"), default="gpu")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--arch", default=None, help="PTX arch (default: the GPU's)")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    options = parser.parse_args(argv)
    suites = tuple(dict.fromkeys(options.suite)) or SUITES
    try:
        target: Target | None = None
        arch = options.arch or DEFAULT_ARCH
        if not options.dry_run:
            if options.target == "gpu":
                gpu = GpuTarget.detect()
                arch = options.arch or gpu.arch
                gpu.arch = arch
                target = gpu
            else:
                target = HostTarget()
    except UsageError as error:
        print(f"gpu_all: error: {error}", file=sys.stderr)
        return 2

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    timing = (options.warmup, options.repeat)
    document = run(
        suites, target, quick=options.quick, arch=arch, timing=timing, log=log
    )
    mode = "dry run (nothing timed)" if target is None else f"target {options.target}"
    document = {
        "command": " ".join(["python -m simt.bench.gpu_all", *(argv or sys.argv[1:])]),
        "mode": mode,
        "device": target.name if target is not None else f"none ({cpu_model()})",
        "arch": arch,
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "commit": git_commit(short=True),
        "warmup": options.warmup,
        "repeat": options.repeat,
        **document,
    }
    stem = "gpu_all" if suites == SUITES else "_".join(("gpu_all", *suites))
    options.out.mkdir(parents=True, exist_ok=True)
    (options.out / f"{stem}.json").write_text(json.dumps(document, indent=1) + "\n")
    (options.out / f"{stem}.md").write_text(markdown(document))
    print(markdown(document))
    return 0 if document["outputs_agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
