"""The fuzz tier: generated programs through every pass and the lowering
(`simt.bench.fuzz`), 500 programs per CI run (one in four an `scf` nest,
the others `cf` block graphs), every one through each pipeline of
`CI_PIPELINES` (the two limited linearization depths on alternate programs),
one in `HOST_EVERY` also on the host before and after each pipeline, and a
few structured kernels from the frontend. A pipeline's result is simulated
unless it is the original's code (`check_program`).

Marked `fuzz` and `slow` and spread over chunks, so the parallel run of the
slow tier (`bash tests/run.sh --slow`, which CI runs: pytest -n auto) shares
them among its workers; `pytest -m fuzz -n 2` runs them alone;
`python -m simt.bench.fuzz --programs N` is the longer run. A failure names
the program's seed: `cf_case(seed)` rebuilds it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
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
    scf_case,
    structured_case,
)
from simt.bench.fuzz.generate import cf_program
from simt.bench.fuzz.structured import scf_program
from simt.lowering.ptxas import find_ptxas
from simt.runtime.host import HostModule

pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

PROGRAMS = 500
"""Programs per run; each goes through every pipeline of CI_PIPELINES."""
SCF_EVERY = 4
"""Seeds `k * SCF_EVERY + 3` are `scf` nests (`scf_case`), the others `cf`
programs (an scf nest costs about 1.8 cf programs)."""
HOST_EVERY = 50
"""Seeds `k * HOST_EVERY + 3` (scf and cf programs in turn) also run on the
host (each pipeline's result is compiled for the host: 5 cf programs' cost)."""
CHUNKS = 25
MAX_BLOCKS = 5
"""Blocks per program at most (besides entry and exits): small is cheap."""
PTXAS_EVERY = 10
"""One program in this many is also assembled by ptxas (when installed)."""
DEPTHS = ("simt-linearize{max-depth=0}", "simt-linearize{max-depth=1}")
"""Linearization at a limited depth, on alternate seeds (half the programs
each; `simt-linearize` at its default depth sees every program)."""
STRUCTURED = (3, 11)
"""Seeds of the structured kernels checked on every run (they are large)."""


def _pipelines_for(seed: int) -> list[str]:
    depth = DEPTHS[seed // CHUNKS % len(DEPTHS)]
    return [p for p in CI_PIPELINES if p not in DEPTHS or p == depth]


def test_every_pass_sees_every_program_and_each_depth_half() -> None:
    counts = {p: 0 for p in CI_PIPELINES}
    for seed in range(PROGRAMS):
        for pipeline in _pipelines_for(seed):
            counts[pipeline] += 1
    assert set(DEPTHS) < set(CI_PIPELINES)
    assert all(counts[p] == PROGRAMS for p in CI_PIPELINES if p not in DEPTHS)
    assert all(counts[p] == PROGRAMS // 2 for p in DEPTHS)


def _failures(tally: Tally) -> list[str]:
    return [f"{f.program} [{f.check}] {f.kind}: {f.detail}" for f in tally.findings]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_generated_cf_programs(chunk: int) -> None:
    tally = Tally()
    ptxas = find_ptxas()
    seeds = range(chunk, PROGRAMS, CHUNKS)
    for seed in seeds:
        if seed % SCF_EVERY == SCF_EVERY - 1:
            program = scf_case(seed, inputs=1)
        else:
            program = cf_case(seed, inputs=1, max_blocks=MAX_BLOCKS)
        assembler = ptxas if seed % PTXAS_EVERY == 0 else None
        host = seed % HOST_EVERY == 3
        pipelines = _pipelines_for(seed)
        tally.merge(check_program(program, pipelines, ptxas=assembler, host=host))
    assert _failures(tally) == []
    for pipeline in CI_PIPELINES:
        wanted = sum(1 for seed in seeds if pipeline in _pipelines_for(seed))
        assert tally.runs[pipeline] == wanted
    assert tally.runs["divergence"] == len(seeds)
    hosted = sum(1 for seed in seeds if seed % HOST_EVERY == 3)
    assert tally.runs.get("host", 0) == hosted


def _op_names(text: str) -> set[str]:
    names = set(re.findall(r"\b(?:simt|scf|memref|cf)\.[a-z_]+", text))
    names |= {f"space {space}" for space in re.findall(r"#simt\.space<(\w+)>", text)}
    return names


def test_the_generators_cover_memory_spaces_votes_atomics_and_loops() -> None:
    """Over a few seeds the programs use every memory space, barriers, the
    three votes, atomics, and (scf programs) while/for/if nests; each parses
    and verifies."""
    cf_ops: set[str] = set()
    scf_ops: set[str] = set()
    for seed in range(40):
        for text, ops in (
            (cf_program(seed).text, cf_ops),
            (scf_program(seed).text, scf_ops),
        ):
            check.parse(text).verify()
            ops |= _op_names(text)
    common = {"space shared", "space constant", "space local", "simt.barrier",
              "memref.get_global", "memref.alloca", "simt.atomic"}  # fmt: skip
    assert common | {"simt.vote_any", "simt.vote_all", "simt.ballot",
                     "simt.atomic_add", "cf.switch", "cf.cond_br"} <= cf_ops  # fmt: skip
    assert common | {"scf.while", "scf.for", "scf.if", "scf.condition"} <= scf_ops
    assert not {"cf.br", "cf.cond_br", "cf.switch"} & scf_ops


def test_scf_programs_terminate_and_write_outputs() -> None:
    """Every lane of an scf program ends and writes the count of updates it
    ran; most programs run some (a loop of 0 trips may skip them all)."""
    busy = 0
    for seed in range(12):
        program = scf_case(seed, inputs=1)
        (launch,) = program.launches
        args, stats = check.run(check.parse(program.text), launch)
        threads = launch.grid[0] * launch.block[0]
        assert stats.issued > 0
        busy += int(args[0][threads:].max() > 0)
        assert args[0][:threads].any()
        assert args[0][threads:].min() >= 0
    assert busy >= 9


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
    tally = check_program(scf_case(1, inputs=1), ("test-drop-stores",))
    assert [(f.check, f.kind) for f in tally.findings] == [
        ("test-drop-stores", "miscompile")
    ]
    check._pipeline.cache_clear()  # pyright: ignore[reportPrivateUsage]


class _WrongHost:
    """A host that runs the kernel, then changes one output element."""

    def __init__(self, module: ModuleOp) -> None:
        self.host = HostModule(module)

    def launch(self, grid: object, block: object, args: list[object]) -> None:
        self.host.launch(grid, block, args)  # pyright: ignore[reportArgumentType]
        out = args[0]
        assert isinstance(out, np.ndarray)
        out[0] += 1


def test_the_host_check_catches_a_wrong_host(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check, "HostModule", _WrongHost)
    tally = check_program(cf_case(2, inputs=1), ("simt-linearize",), host=True)
    assert ("host", "host") in {(f.check, f.kind) for f in tally.findings}
    assert tally.runs["host"] == 1
