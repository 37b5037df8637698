"""The fuzz tier: generated programs through every pass and the lowering
(`simt.bench.fuzz`), 500 `cf` programs per CI run, every one through each
pipeline of `CI_PIPELINES`, and a few structured kernels from the frontend.

Marked `fuzz` and `slow` and spread over chunks, so the parallel CI run
(`tests/run.sh`: pytest -n auto) shares them among its workers; `pytest -m
fuzz -n 2` runs them alone, `-m "not slow"` skips them while iterating;
`python -m simt.bench.fuzz --programs N` is the longer run. A failure names the program's seed: `cf_case(seed)` rebuilds
it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from xdsl.context import Context
from xdsl.dialects import memref
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from simt.bench.fuzz import check
from simt.bench.fuzz.check import (
    CI_PIPELINES,
    Tally,
    cf_case,
    check_program,
    structured_case,
)
from simt.lowering.ptxas import find_ptxas

pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

PROGRAMS = 500
"""`cf` programs per run; each goes through every pipeline of CI_PIPELINES."""
CHUNKS = 25
MAX_BLOCKS = 5
"""Blocks per program at most (besides entry and exits): small is cheap."""
PTXAS_EVERY = 10
"""One program in this many is also assembled by ptxas (when installed)."""
STRUCTURED = (3, 11)
"""Seeds of the structured kernels checked on every run (they are large)."""


def _failures(tally: Tally) -> list[str]:
    return [f"{f.program} [{f.check}] {f.kind}: {f.detail}" for f in tally.findings]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generated_cf_programs(chunk: int) -> None:
    tally = Tally()
    ptxas = find_ptxas()
    seeds = range(chunk, PROGRAMS, CHUNKS)
    for seed in seeds:
        program = cf_case(seed, inputs=1, max_blocks=MAX_BLOCKS)
        assembler = ptxas if seed % PTXAS_EVERY == 0 else None
        tally.merge(check_program(program, CI_PIPELINES, ptxas=assembler))
    assert _failures(tally) == []
    assert all(tally.runs[p] == len(seeds) for p in CI_PIPELINES)
    assert tally.runs["divergence"] == len(seeds)


@pytest.mark.parametrize("seed", STRUCTURED)
def test_generated_structured_kernels(seed: int) -> None:
    tally = check_program(structured_case(seed, inputs=1), CI_PIPELINES)
    assert _failures(tally) == []


@dataclass(frozen=True)
class DropStores(ModulePass):
    """A wrong pass: removes every memref.store."""

    name = "test-drop-stores"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for store in [s for s in op.walk() if isinstance(s, memref.StoreOp)]:
            store.detach()
            store.erase()


@dataclass(frozen=True)
class Crash(ModulePass):
    """A broken pass: raises."""

    name = "test-crash"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        raise ZeroDivisionError("on purpose")


def test_the_checks_catch_wrong_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    passes = {**check.available_passes(), "test-drop-stores": lambda: DropStores,
              "test-crash": lambda: Crash}  # fmt: skip
    monkeypatch.setattr(check, "available_passes", lambda: passes)
    check._pipeline.cache_clear()  # pyright: ignore[reportPrivateUsage]
    tally = check_program(cf_case(1, inputs=1), ("test-drop-stores", "test-crash"))
    kinds = {(f.check, f.kind) for f in tally.findings}
    assert kinds == {("test-drop-stores", "miscompile"), ("test-crash", "crash")}
    check._pipeline.cache_clear()  # pyright: ignore[reportPrivateUsage]
