"""No false negatives: what the divergence analysis calls uniform never differs
between the active lanes of a warp in the simulator (Theorem 3.1's "if").

For every op the simulator runs, each operand the analysis calls uniform at
that op (`DivergenceInfo.is_divergent_at`) must hold one value over the
active lanes of every warp; every branch it calls uniform must never split a
warp (the simulator's per-site branch statistics). Checked on every corpus
kernel and on random kernels (`simt.bench.kernels.generate`, seeds drawn by
hypothesis), with both load rules.

The per-op check wraps the reference engine's op compiler
(`Machine.compile_op`), so these runs use that engine; the simulator has no
public per-op hook yet (`tests/sim` checks the native engine against it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue

import simt
from simt.analysis.divergence import DivergenceInfo, analyze_divergence
from simt.bench.kernels import CORPUS
from simt.bench.kernels.generate import generate_kernel
from simt.model.sites import site_id
from simt.sim import simulate
from simt.sim.machine import Machine
from simt.sim.values import ExecMask


def uniform_over_warps(value: Any, mask: ExecMask) -> bool:
    """Whether every warp's active lanes hold one value (NaNs count as equal)."""
    array = np.asarray(value)
    if array.ndim != 1 or array.dtype == object or array.shape != mask.array.shape:
        return True
    warps = array.reshape(-1, mask.warp_size)
    active = mask.array.reshape(-1, mask.warp_size)
    first = warps[np.arange(len(warps)), active.argmax(axis=1)][:, None]
    same = warps == first
    if np.issubdtype(array.dtype, np.floating):
        same |= np.isnan(warps) & np.isnan(first)
    return bool((same | ~active).all())


def lookup(env: dict[Any, Any], value: SSAValue) -> Any:
    """The simulator's value of `value` (its environment is keyed by the id
    of the SSA value; by the value itself in earlier versions)."""
    if id(value) in env:
        return env[id(value)]
    return env.get(value)


@contextmanager
def probe(info: DivergenceInfo, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Records the uses where a value called uniform differed within a warp;
    the list ends with the number of checks made (so a run that checked
    nothing is visible)."""
    violations: list[str] = []
    checks = [0]
    analyzed = frozenset(info.values)
    original: Callable[..., Any] = Machine.compile_op

    def compile_op(self: Machine, op: Operation, merge: bool) -> Any:
        runner = original(self, op, merge)
        checked = [
            v for v in op.operands if v in analyzed and not info.is_divergent_at(v, op)
        ]
        if not checked:
            return runner

        def run(env: dict[Any, Any], mask: ExecMask) -> None:
            for value in checked:
                held = lookup(env, value)
                checks[0] += held is not None
                if held is not None and not uniform_over_warps(held, mask):
                    violations.append(f"{value.name_hint or value} used by {op.name}")
            runner(env, mask)

        return run

    monkeypatch.setattr(Machine, "compile_op", compile_op)
    yield violations
    violations.append(f"{checks[0]} checks")


def branch_site(op: Operation) -> Operation:
    """The op the simulator counts a branch under (`scf.while`: its condition)."""
    if isinstance(op, scf.WhileOp):
        condition = op.before_region.block.last_op
        assert condition is not None
        return condition
    return op


def check_run(
    module: ModuleOp,
    run: Callable[[], Any],
    monkeypatch: pytest.MonkeyPatch,
    lockstep_loads: bool,
) -> None:
    info = analyze_divergence(module, lockstep_loads=lockstep_loads)
    with probe(info, monkeypatch) as violations:
        stats = run().stats
    *found, count = violations
    assert found == [], f"values called uniform differ in a warp: {found[:5]}"
    assert count != "0 checks", "the probe saw no uniform value"
    for branch in info.uniform_branches:
        seen = stats.branches.get(site_id(branch_site(branch)))
        if seen is not None:
            assert seen.divergent == 0, f"uniform {branch.name} diverged: {seen}"


CORPUS_NAMES = sorted(CORPUS)


@pytest.mark.parametrize("lockstep_loads", [False, True])
@pytest.mark.parametrize("name", CORPUS_NAMES)
def test_corpus_has_no_false_negatives(
    name: str, lockstep_loads: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = CORPUS[name]
    for seed in (0, 1):
        module = simt.compile_python(spec.func, spec.signature)
        case = spec.inputs(np.random.default_rng(seed), spec.small_items)
        args = case.copy_args()
        check_run(
            module,
            lambda m=module, a=args, c=case: simulate(
                m, c.grid, c.block, a, trace=False, engine="reference"
            ),
            monkeypatch,
            lockstep_loads,
        )


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(min_value=0, max_value=2**20), lockstep_loads=st.booleans())
def test_random_kernels_have_no_false_negatives(
    seed: int, lockstep_loads: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    kernel = generate_kernel(seed)
    module = simt.compile_python(kernel.func, kernel.signature)
    case = kernel.make_inputs(np.random.default_rng(seed), 96)
    args = case.copy_args()
    check_run(
        module,
        lambda: simulate(
            module, case.grid, case.block, args, trace=False, engine="reference"
        ),
        monkeypatch,
        lockstep_loads,
    )


def test_the_probe_catches_a_wrong_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # An analysis that called everything uniform would be caught.
    spec = CORPUS["coutinho_fig10"]
    module = simt.compile_python(spec.func, spec.signature)
    honest = analyze_divergence(module)
    wrong = DivergenceInfo(
        values=honest.values,
        divergent_values=frozenset(),
        branches=honest.branches,
        divergent_branches=frozenset(),
        lockstep_loads=False,
    )
    case = spec.inputs(np.random.default_rng(0), spec.small_items)
    with probe(wrong, monkeypatch) as violations:
        stats = simulate(
            module, case.grid, case.block, case.copy_args(), engine="reference"
        ).stats
    assert len(violations) > 1
    diverged = [b for b in wrong.branches if stats.branches[site_id(b)].divergent]
    assert diverged
