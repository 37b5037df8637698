"""The lowering checked by execution: host against simulator, before and after each pass.

`check_module(module, runs)` takes a module of kernels and, for each kernel,
the launches to run (`Run`: a `LaunchCase`, the outputs a pass must preserve,
a float tolerance). For the original module and after each pass pipeline of
`PIPELINES` it runs every launch on the simulator (`simt.simulate`) and on the
host (`simt.runtime.host`: the lowered LLVM IR, JIT-compiled), and compares

- host against simulator on the same IR: every array argument;
- after the pipeline against before, on the simulator: the outputs the run
  names as invariant (all arrays unless it says otherwise: kernels whose
  warp votes depend on which lanes run together name the outputs that do not).

A disagreement is a bug in the lowering, the host shim, the simulator or the
pass; the report says which comparison failed. Each pipeline runs once on the
whole module and each changed kernel is compiled once per pipeline (all of a
pipeline's kernels in one host module); a kernel that a pipeline leaves
unchanged up to analysis attributes (which the lowering ignores) reuses the
original's results. A pipeline that refuses a kernel (a diagnostic) is
reported as skipped, not as a disagreement; so is a kernel on which the
simulator faults (the host then only has to run without crashing).

This is the CI check of `tests/host/test_differential.py` for the corpus, the
frontend's constructs and `simt.bench.kernels.programs`; any generator of
modules and launches can call it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, SSAValue
from xdsl.utils.exceptions import DiagnosticException

import simt
from simt.bench.kernels.spec import EXACT, Arg, LaunchCase, Tolerance, array_mismatch
from simt.model.kernel import is_kernel
from simt.runtime.host import HostExecutionError, HostModule

_T = TypeVar("_T", bound=Hashable)

PIPELINES: tuple[str, ...] = (
    "",
    "simt-divergence",
    "simt-flatten-loops{mode=always}",
    "simt-flatten-loops{mode=static}",
    "simt-flatten-loops{mode=adaptive}",
    "simt-linearize",
    "simt-branch-fusion",
    "simt-optimize",
)
"""The original ("") and every pass, each flatten-loops mode on its own."""

_KEPT_ATTRIBUTES = frozenset({"simt.kernel", "simt.arg_names", "sym_name"})


@dataclass(frozen=True)
class Run:
    """Launches of one kernel to check, and what they must preserve."""

    kernel: str
    cases: Sequence[LaunchCase]
    invariant: tuple[int, ...] | None = None
    """Arguments a pass must leave unchanged (None: every array)."""
    tolerance: Tolerance = EXACT
    """How float arrays compare (host against simulator, and across passes)."""


@dataclass(frozen=True)
class Disagreement:
    """Two executions that should agree and do not."""

    kernel: str
    pipeline: str
    case: int
    comparison: str
    """"host vs simulator", "after vs before" or "host fault"."""
    detail: str

    def __str__(self) -> str:
        pipeline = self.pipeline or "(no pass)"
        return (
            f"@{self.kernel} after {pipeline}, launch {self.case}: "
            f"{self.comparison}: {self.detail}"
        )


@dataclass
class CheckReport:
    """What `check_module` compared and what disagreed."""

    disagreements: list[Disagreement] = field(default_factory=lambda: [])
    skipped: list[str] = field(default_factory=lambda: [])
    comparisons: int = 0
    """Launches compared host against simulator."""
    unchanged: int = 0
    """(kernel, pipeline) pairs the pipeline left unchanged."""
    changed: int = 0
    """(kernel, pipeline) pairs the pipeline changed (checked on the new code)."""


Outputs = list[list[Arg]]
"""The arguments after each launch case of a run."""


def same_code(before: Operation, after: Operation) -> bool:
    """Whether two ops are the same code up to SSA names and analysis attributes.

    Op names, properties, types, operand and successor wiring and the
    attributes the lowering reads (`simt.kernel`) must match; other
    attributes (the facts `simt-divergence` writes) are ignored.
    """
    values: tuple[dict[SSAValue, int], dict[SSAValue, int]] = ({}, {})
    blocks: tuple[dict[Block, int], dict[Block, int]] = ({}, {})
    ops = (list(before.walk()), list(after.walk()))
    if len(ops[0]) != len(ops[1]):
        return False
    for x, y in zip(*ops, strict=True):
        if not _same_op(x, y):
            return False
        for rx, ry in zip(x.regions, y.regions, strict=True):
            if not _same_blocks(list(rx.blocks), list(ry.blocks), values, blocks):
                return False
        pairs = [*zip(x.operands, y.operands, strict=True)]
        pairs += [*zip(x.results, y.results, strict=True)]
        if not all(_same_number(a, b, values) for a, b in pairs):
            return False
        successors = zip(x.successors, y.successors, strict=True)
        if not all(_same_number(a, b, blocks) for a, b in successors):
            return False
    return True


def _same_op(x: Operation, y: Operation) -> bool:
    if x.name != y.name or x.properties != y.properties:
        return False
    if [r.type for r in x.results] != [r.type for r in y.results]:
        return False
    shape = (len(x.operands), len(x.regions), len(x.successors))
    if shape != (len(y.operands), len(y.regions), len(y.successors)):
        return False
    kept_x = {k: v for k, v in x.attributes.items() if k in _KEPT_ATTRIBUTES}
    kept_y = {k: v for k, v in y.attributes.items() if k in _KEPT_ATTRIBUTES}
    return kept_x == kept_y


def _same_blocks(
    xs: list[Block],
    ys: list[Block],
    values: tuple[dict[SSAValue, int], dict[SSAValue, int]],
    blocks: tuple[dict[Block, int], dict[Block, int]],
) -> bool:
    if len(xs) != len(ys):
        return False
    for bx, by in zip(xs, ys, strict=True):
        if not _same_number(bx, by, blocks):
            return False
        if [a.type for a in bx.args] != [a.type for a in by.args]:
            return False
        if not all(
            _same_number(a, b, values) for a, b in zip(bx.args, by.args, strict=True)
        ):
            return False
    return True


def _same_number(x: _T, y: _T, numbers: tuple[dict[_T, int], dict[_T, int]]) -> bool:
    """Numbers x and y alike on first sight; afterwards they must keep matching."""
    nx, ny = numbers[0].get(x), numbers[1].get(y)
    if nx is None and ny is None:
        numbers[0][x] = numbers[1][y] = len(numbers[0])
        return True
    return nx is not None and nx == ny


def _functions(module: ModuleOp) -> dict[str, func.FuncOp]:
    return {op.sym_name.data: op for op in module.ops if isinstance(op, func.FuncOp)}


def _subset(module: ModuleOp, kernels: set[str]) -> ModuleOp:
    """A copy of `module` without the kernels outside `kernels` (helpers stay)."""
    return ModuleOp(
        [
            op.clone()
            for op in module.ops
            if not is_kernel_op(op) or _name(op) in kernels
        ]
    )


def is_kernel_op(op: Operation) -> bool:
    return isinstance(op, func.FuncOp) and is_kernel(op)


def _name(op: Operation) -> str:
    assert isinstance(op, func.FuncOp)
    return op.sym_name.data


def _simulate(module: ModuleOp, run: Run, warp_size: int) -> Outputs | str:
    outputs: Outputs = []
    for case in run.cases:
        args = case.copy_args()
        try:
            simt.simulate(
                module,
                grid=case.grid,
                block=case.block,
                args=args,
                kernel=run.kernel,
                warp_size=warp_size,
                trace=False,
                dynamic_shared_bytes=case.dynamic_shared_bytes,
            )
        except simt.SimulationError as error:
            return str(error)
        outputs.append(args)
    return outputs


def _on_host(host: HostModule, run: Run, warp_size: int) -> Outputs | str:
    outputs: Outputs = []
    for case in run.cases:
        args = case.copy_args()
        try:
            host.launch(
                case.grid,
                case.block,
                args,
                run.kernel,
                warp_size,
                dynamic_shared_bytes=case.dynamic_shared_bytes,
            )
        except HostExecutionError as error:
            return str(error)
        outputs.append(args)
    return outputs


def _mismatches(
    expected: list[Arg], actual: list[Arg], indices: Sequence[int], tolerance: Tolerance
) -> list[str]:
    problems: list[str] = []
    for index in indices:
        want, have = expected[index], actual[index]
        if not isinstance(want, np.ndarray):
            continue
        problem = array_mismatch(want, np.asarray(have), tolerance)
        if problem is not None:
            problems.append(f"argument {index}: {problem}")
    return problems


def _arrays(case: LaunchCase) -> list[int]:
    return [i for i, a in enumerate(case.args) if isinstance(a, np.ndarray)]


@dataclass
class _Checker:
    module: ModuleOp
    runs: Mapping[str, Run]
    warp_size: int
    report: CheckReport = field(default_factory=CheckReport)
    reference: dict[str, Outputs | str] = field(default_factory=lambda: {})

    def compare(
        self, pipeline: str, run: Run, sim: Outputs | str, host: Outputs | str
    ) -> None:
        if isinstance(sim, str):
            self.report.skipped.append(
                f"@{run.kernel} after {pipeline or '(no pass)'}: the simulator "
                f"faulted: {sim}"
            )
            return
        if isinstance(host, str):
            self.disagree(run, pipeline, 0, "host fault", host)
            return
        for index, case in enumerate(run.cases):
            self.report.comparisons += 1
            problems = _mismatches(
                sim[index], host[index], _arrays(case), run.tolerance
            )
            for problem in problems:
                self.disagree(run, pipeline, index, "host vs simulator", problem)
        self.against_original(pipeline, run, sim)

    def against_original(self, pipeline: str, run: Run, sim: Outputs) -> None:
        before = self.reference.get(run.kernel)
        if not pipeline or not isinstance(before, list):
            return
        for index, case in enumerate(run.cases):
            indices = run.invariant if run.invariant is not None else _arrays(case)
            for problem in _mismatches(
                before[index], sim[index], indices, run.tolerance
            ):
                self.disagree(run, pipeline, index, "after vs before", problem)

    def disagree(
        self, run: Run, pipeline: str, case: int, what: str, detail: str
    ) -> None:
        self.report.disagreements.append(
            Disagreement(run.kernel, pipeline, case, what, detail)
        )

    def transform(self, pipeline: str, kernels: set[str]) -> ModuleOp | None:
        """The kernels after `pipeline`; those it refuses are dropped and reported."""
        variant = _subset(self.module, kernels)
        try:
            simt.apply_passes(variant, pipeline)
            return variant
        except DiagnosticException:
            if len(kernels) == 1:
                (name,) = kernels
                self.report.skipped.append(f"@{name}: {pipeline} refused it")
                return None
        accepted = [
            single
            for name in sorted(kernels)
            if (single := self.transform(pipeline, {name})) is not None
        ]
        if not accepted:
            return None
        merged = accepted[0]
        for other in accepted[1:]:
            for op in _functions(other).values():
                if op.sym_name.data not in _functions(merged):
                    merged.body.block.add_op(op.clone())
        return merged

    def check(self, pipeline: str, kernels: set[str]) -> None:
        variant = self.module
        if pipeline:
            transformed = self.transform(pipeline, kernels)
            if transformed is None:
                return
            variant = transformed
            kernels = {n for n in kernels if n in _functions(variant)}
        changed = self.changed(pipeline, variant, kernels)
        if not changed:
            return
        if pipeline:
            for name, op in _functions(variant).items():
                if is_kernel(op) and name not in changed:
                    variant.body.block.erase_op(op)
        try:
            host = HostModule(variant)
        except DiagnosticException as error:
            for name in changed:
                self.disagree(self.runs[name], pipeline, 0, "host compile", str(error))
            return
        for name in sorted(changed):
            run = self.runs[name]
            sim = _simulate(variant, run, self.warp_size)
            if not pipeline:
                self.reference[name] = sim
            self.compare(pipeline, run, sim, _on_host(host, run, self.warp_size))

    def changed(self, pipeline: str, variant: ModuleOp, kernels: set[str]) -> set[str]:
        if not pipeline:
            return kernels
        before = _functions(self.module)
        after = _functions(variant)
        same = {name for name in kernels if same_code(before[name], after[name])}
        self.report.unchanged += len(same)
        self.report.changed += len(kernels) - len(same)
        return kernels - same


def check_module(
    module: ModuleOp,
    runs: Sequence[Run],
    pipelines: Sequence[str] | Callable[[str], Sequence[str]] = PIPELINES,
    warp_size: int = 32,
) -> CheckReport:
    """Runs every kernel of `runs` on host and simulator before and after each pipeline.

    `pipelines` is a list for every kernel, or a function from a kernel's name
    to its list (to spread pipelines over many kernels); the original ("") is
    always checked first. The module itself is not changed.
    """
    by_name = {run.kernel: run for run in runs}
    checker = _Checker(module, by_name, warp_size)
    checker.check("", set(by_name))
    wanted: dict[str, set[str]] = {}
    for name in by_name:
        chosen = pipelines(name) if callable(pipelines) else pipelines
        for pipeline in chosen:
            if pipeline:
                wanted.setdefault(pipeline, set()).add(name)
    for pipeline, kernels in wanted.items():
        checker.check(pipeline, kernels)
    return checker.report
