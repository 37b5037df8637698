"""Every pass and the lowering on one generated program.

For a program and each pipeline of `PIPELINES`: the pipeline runs on a fresh
copy of the program's IR; it must not raise (a `PassFailedException` on a
generated program is a refusal of valid input, counted apart from a crash);
the result must verify; simulated on every launch of the program (random
inputs, several shapes, partial warps among them) it must write the outputs
the original wrote. The lowering must translate the original to LLVM IR (and
PTX that `ptxas` accepts, when asked and installed). The divergence analysis
is held to the simulator's profile of the original: a branch it calls uniform
that split a warp is a false negative; one it calls divergent that never
split one on these launches is a false positive (as in
`simt.bench.branch_fusion`, whose corpus figure it sits beside).

With `host=True` the original and every pipeline's result that differs from
it (`simt.bench.host_check.same_code`) also run on the host
(`simt.runtime.host.HostModule`: the lowered LLVM IR, JIT-compiled) on the
same launches; the host must write what the simulator wrote (check
`host after PIPELINE`, kind `host`; a failure to compile for the host is a
`lowering` finding).
"""

from __future__ import annotations

import json
import os
import tempfile
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.context import Context
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.parser import Parser
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import PassFailedException, VerifyException

import simt
from simt.analysis.divergence import analyze_divergence
from simt.bench.fuzz.generate import OUTPUTS, cf_program
from simt.bench.fuzz.structured import scf_program
from simt.bench.host_check import same_code
from simt.bench.kernels.generate import GeneratedKernel, generate_kernel
from simt.bench.kernels.spec import LaunchCase
from simt.lowering.ptxas import PtxasError, assemble
from simt.model.sites import site_id
from simt.pipeline import available_passes
from simt.runtime.host import HostModule

PROFILE = "{PROFILE}"
"""Stands for the path of a profile of the program in a pipeline string."""

PIPELINES: tuple[str, ...] = (
    "simt-divergence",
    "simt-lift-cf-to-scf",
    "simt-linearize",
    "simt-linearize{level=0}",
    "simt-linearize{interleave=true}",
    "simt-linearize{max-depth=0}",
    "simt-linearize{max-depth=1}",
    "simt-lift-cf-to-scf,simt-flatten-loops{mode=always remarks=false}",
    "simt-linearize,simt-flatten-loops{mode=adaptive remarks=false}",
    "simt-branch-fusion",
    "simt-lift-cf-to-scf,simt-branch-fusion",
    "simt-optimize{remarks=false}",
    f'simt-optimize{{profile="{PROFILE}" remarks=false}}',
)
"""What runs on every program (cf programs and structured ones alike)."""

CI_PIPELINES: tuple[str, ...] = (
    "simt-divergence",
    "simt-lift-cf-to-scf",
    "simt-linearize",
    "simt-linearize{max-depth=0}",
    "simt-linearize{max-depth=1}",
    "simt-lift-cf-to-scf,simt-flatten-loops{mode=always remarks=false}",
    "simt-branch-fusion",
    f'simt-optimize{{profile="{PROFILE}" remarks=false}}',
)
"""The passes every CI run checks on its generated programs (each pass once,
linearization also at two depths)."""

LOWERED_AFTER = frozenset({"simt-linearize"})
"""Pipelines whose result is lowered too (the original always is)."""

STEP_LIMIT = 1_000_000
"""Warp instructions the original may issue in one launch (it needs far fewer)."""

SLOWDOWN_LIMIT = 50
"""A transformed program may issue this many times the original's warp
instructions before its launch counts as not terminating."""


@dataclass(frozen=True)
class Launch:
    grid: tuple[int, ...]
    block: tuple[int, ...]
    args: list[Any]

    def copy_args(self) -> list[Any]:
        return [a.copy() if isinstance(a, np.ndarray) else a for a in self.args]


@dataclass(frozen=True)
class Program:
    """A generated program as the checks see it."""

    name: str
    text: str
    """The MLIR text of the original (parsed again for every pipeline)."""
    launches: tuple[Launch, ...]
    outputs: tuple[int, ...]
    compare: Callable[[list[Any], list[Any]], list[str]]


@dataclass
class Finding:
    """One failure: which program, which pipeline (or check), what happened."""

    program: str
    check: str
    kind: str
    """crash | refusal | verifier | miscompile | false-negative | lowering | ptxas
    | host"""
    detail: str


@dataclass
class Tally:
    """Counts over many programs."""

    runs: dict[str, int] = field(default_factory=lambda: {})
    """Programs each check ran on."""
    unchanged: dict[str, int] = field(default_factory=lambda: {})
    """Programs each pipeline left as they were (same code: not simulated again)."""
    findings: list[Finding] = field(default_factory=lambda: [])
    branches: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(
            ("true_positive", "false_positive", "true_negative", "false_negative",
             "not_executed"), 0)
    )  # fmt: skip

    def add_run(self, check: str) -> None:
        self.runs[check] = self.runs.get(check, 0) + 1

    def merge(self, other: Tally) -> None:
        for check, count in other.runs.items():
            self.runs[check] = self.runs.get(check, 0) + count
        for pipeline, count in other.unchanged.items():
            self.unchanged[pipeline] = self.unchanged.get(pipeline, 0) + count
        self.findings.extend(other.findings)
        for key, count in other.branches.items():
            self.branches[key] += count

    @property
    def false_positive_rate(self) -> float:
        b = self.branches
        return b["false_positive"] / max(1, b["true_positive"] + b["false_positive"])

    def to_dict(self) -> dict[str, Any]:
        failures: dict[str, dict[str, int]] = {}
        for f in self.findings:
            kinds = failures.setdefault(f.check, {})
            kinds[f.kind] = kinds.get(f.kind, 0) + 1
        return {
            "runs": dict(sorted(self.runs.items())),
            "unchanged": dict(sorted(self.unchanged.items())),
            "failures": failures,
            "divergence": {
                **self.branches,
                "false_positive_rate": self.false_positive_rate,
            },
        }


# ---------------------------------------------------------------------------
# Programs
# ---------------------------------------------------------------------------

SHAPES: tuple[tuple[int, int], ...] = ((1, 48), (2, 20), (1, 64))
"""(blocks, threads per block) of the launches: partial warps in the first two."""


def cf_case(seed: int, inputs: int = 2, max_blocks: int = 8) -> Program:
    """The `cf` program of `seed`, with `inputs` launches of the shapes above."""
    generated = cf_program(seed, max_blocks)
    rng = np.random.default_rng(seed)
    launches = []
    for k in range(inputs):
        grid, block = SHAPES[(seed + k) % len(SHAPES)]
        args = generated.make_args(rng, grid * block)
        launches.append(Launch((grid,), (block,), args))
    return Program(f"cf-{seed}", generated.text, tuple(launches), OUTPUTS, _exact)


def scf_case(seed: int, inputs: int = 2, max_depth: int = 3) -> Program:
    """The `scf` program of `seed` (`scf_program`), launched as `cf_case`."""
    generated = scf_program(seed, max_depth)
    rng = np.random.default_rng(seed)
    launches = []
    for k in range(inputs):
        grid, block = SHAPES[(seed + k) % len(SHAPES)]
        args = generated.make_args(rng, grid * block)
        launches.append(Launch((grid,), (block,), args))
    return Program(f"scf-{seed}", generated.text, tuple(launches), OUTPUTS, _exact)


def structured_case(seed: int, inputs: int = 2) -> Program:
    """The structured kernel of `seed` (`generate_kernel`), compiled by the
    frontend, with launches of other block sizes than its own (partial warps)."""
    kernel = generate_kernel(seed)
    module = simt.compile_python(kernel.func, kernel.signature)
    rng = np.random.default_rng(seed)
    launches = []
    for k in range(inputs):
        case = kernel.make_inputs(rng, 40 + 23 * k)
        launches.append(_reshaped(case, kernel, (48, 20, 64)[(seed + k) % 3]))
    return Program(
        f"structured-{seed}",
        str(module),
        tuple(launches),
        kernel.outputs,
        lambda e, a: kernel.mismatches(e, a),
    )


def _reshaped(case: LaunchCase, kernel: GeneratedKernel, block: int) -> Launch:
    threads = case.threads if kernel.grid_stride else np.asarray(case.args[0]).size
    grid = max(1, -(-threads // block))
    return Launch((grid,), (block,), case.args)


def _exact(expected: list[Any], actual: list[Any]) -> list[str]:
    return [
        f"output {i}: {np.flatnonzero(expected[i] != actual[i])[:8].tolist()} differ"
        for i in OUTPUTS
        if not np.array_equal(expected[i], actual[i])
    ]


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------


def parse(text: str) -> ModuleOp:
    return Parser(_context(), text).parse_module()


@cache
def _context() -> Context:
    return simt.default_context()


@cache
def _pipeline(spec: str) -> PassPipeline:
    """The parsed pipeline (parsing looks up every pass: done once per spec).
    The result is verified once, after the last pass."""
    return PassPipeline.parse_spec(available_passes(), spec)


@cache
def _scratch() -> Path:
    """A directory for profiles, the same for the whole process (so that a
    pipeline naming one is parsed once)."""
    return Path(tempfile.mkdtemp(prefix="simt-fuzz-"))


def run(
    module: ModuleOp, launch: Launch, step_limit: int = STEP_LIMIT
) -> tuple[list[Any], Any]:
    args = launch.copy_args()
    result = simt.simulate(
        module, launch.grid, launch.block, args, trace=False, step_limit=step_limit
    )
    return args, result.stats


def check_program(
    program: Program,
    pipelines: Sequence[str] = PIPELINES,
    *,
    lowering: bool = True,
    ptxas: Path | None = None,
    host: bool = False,
) -> Tally:
    """Runs every check on `program`; returns the counts and the findings
    (host execution too with `host`)."""
    tally = Tally()
    original = parse(program.text)
    references = [run(original, launch) for launch in program.launches]
    _check_divergence(original, [s for _, s in references], tally, program.name)
    profile = _scratch() / f"profile-{os.getpid()}.json"
    profile.write_text(json.dumps(references[0][1].to_dict()))
    expected = [(r, SLOWDOWN_LIMIT * s.issued + 1000) for r, s in references]
    lowered = {"": original}
    wanted = [r for r, _ in references]
    if host:
        _check_host(program, original, "", wanted, tally)
    for pipeline in pipelines:
        spec = pipeline.replace(PROFILE, str(profile))
        result = _check_pipeline(program, original, pipeline, spec, expected, tally)
        if result is not None and pipeline in LOWERED_AFTER:
            lowered[pipeline] = result
        if host and result is not None and not same_code(original, result):
            _check_host(program, result, pipeline, wanted, tally)
    if lowering:
        for pipeline, module in lowered.items():
            _check_lowering(program, module, ptxas, tally, pipeline)
    return tally


def _check_pipeline(
    program: Program,
    original: ModuleOp,
    name: str,
    spec: str,
    expected: list[tuple[list[Any], int]],
    tally: Tally,
) -> ModuleOp | None:
    """Runs one pipeline on a copy of `original`; returns the result when
    every check passed."""
    tally.add_run(name)
    module = original.clone()
    try:
        _pipeline(spec).apply(_context(), module)
        module.verify()
    except PassFailedException as error:
        tally.findings.append(Finding(program.name, name, "refusal", str(error)))
        return None
    except Exception as error:
        kind = "verifier" if isinstance(error, VerifyException) else "crash"
        tally.findings.append(Finding(program.name, name, kind, _trace(error)))
        return None
    if same_code(original, module):
        # The simulator reads nothing that `same_code` ignores (only the
        # analysis facts differ), so the outputs are the original's.
        tally.unchanged[name] = tally.unchanged.get(name, 0) + 1
        return module
    for launch, (want, limit) in zip(program.launches, expected, strict=True):
        try:
            got, _ = run(module, launch, limit)
        except Exception as error:
            tally.findings.append(Finding(program.name, name, "crash", _trace(error)))
            return None
        problems = program.compare(want, got)
        if problems:
            detail = f"grid {launch.grid} block {launch.block}: {problems}"
            tally.findings.append(Finding(program.name, name, "miscompile", detail))
            return None
    return module


def _check_host(
    program: Program,
    module: ModuleOp,
    after: str,
    expected: list[list[Any]],
    tally: Tally,
) -> None:
    """Runs `module` on the host on every launch of `program`; the outputs
    must be the simulator's (`expected`: the original's, which every
    pipeline's result reproduced on the simulator)."""
    check = f"host after {after}" if after else "host"
    tally.add_run(check)
    try:
        compiled = HostModule(module)
    except Exception as error:
        tally.findings.append(Finding(program.name, check, "lowering", _trace(error)))
        return
    for launch, want in zip(program.launches, expected, strict=True):
        args = launch.copy_args()
        try:
            compiled.launch(launch.grid, launch.block, args)
        except Exception as error:
            tally.findings.append(Finding(program.name, check, "host", _trace(error)))
            return
        problems = program.compare(want, args)
        if problems:
            detail = f"grid {launch.grid} block {launch.block}: {problems}"
            tally.findings.append(Finding(program.name, check, "host", detail))
            return


def _check_lowering(
    program: Program, module: ModuleOp, ptxas: Path | None, tally: Tally, after: str
) -> None:
    check = "lowering" if ptxas is None else "lowering+ptxas"
    check += f" after {after}" if after else ""
    tally.add_run(check)
    try:
        if ptxas is None:
            simt.to_llvm_ir(module)
            return
        ptx = simt.to_ptx(module, arch="sm_80")
    except Exception as error:
        tally.findings.append(Finding(program.name, check, "lowering", _trace(error)))
        return
    try:
        assemble(ptx, "sm_80", ptxas)
    except PtxasError as error:
        tally.findings.append(Finding(program.name, check, "ptxas", str(error)))


def _check_divergence(
    module: ModuleOp, stats: list[Any], tally: Tally, program: str
) -> None:
    tally.add_run("divergence")
    info = analyze_divergence(module)
    for branch in info.branches:
        executions = divergent = 0
        for s in stats:
            seen = s.branches.get(_branch_site(branch))
            if seen is not None:
                executions += seen.executions
                divergent += seen.divergent
        if executions == 0:
            tally.branches["not_executed"] += 1
            continue
        predicted = info.is_divergent_branch(branch)
        key = ("true_" if predicted == (divergent > 0) else "false_") + (
            "positive" if predicted else "negative"
        )
        tally.branches[key] += 1
        if key == "false_negative":
            detail = f"{branch.name} called uniform split a warp {divergent} times"
            tally.findings.append(
                Finding(program, "divergence", "false-negative", detail)
            )


def _branch_site(op: Operation) -> str:
    if isinstance(op, scf.WhileOp):
        condition = op.before_region.block.last_op
        assert condition is not None
        return site_id(condition)
    return site_id(op)


def _trace(error: BaseException) -> str:
    lines = traceback.format_exception(error)
    return "".join(lines[-6:])
