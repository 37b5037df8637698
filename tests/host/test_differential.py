"""The lowering checked by execution: host against simulator, before and after each pass.

`simt.bench.host_check.check_module` runs every kernel on the simulator and on
the host (the NVPTX path's LLVM IR, retargeted and JIT-compiled), for the
original module and after each pipeline of `PIPELINES`, and compares every
output. Three sources of kernels:

- every corpus kernel (`simt.bench.kernels.CORPUS`), after every pipeline;
- one kernel per construct of the frontend (`construct_kernels.py`), after
  every pipeline;
- `PROGRAMS` generated kernels (`simt.bench.kernels.programs`, size "tiny":
  1 to 3 random statements, votes and barriers included) in batches of
  `BATCH`; each is checked unchanged and after one pipeline, on two input
  sets. The pipelines take turns by seed (`ROTATION`), and each kernel holds
  a construct its pipeline rewrites (a loop nest for `simt-flatten-loops`, a
  divergent if/else for `simt-linearize`, one with alike sides for
  `simt-branch-fusion` and `simt-optimize`), so that most of them are checked
  on changed code, not only on the original: each batch must have at least
  `MIN_CHANGED` of them changed. (`simt-divergence` only annotates; the
  corpus and the constructs check it.) `SIMT_PROGRAM_SEED` (an integer)
  moves the seeds to check other programs. The first batch runs in the
  quick tier, the others in the slow tier (`bash tests/run.sh --slow`,
  which CI runs too).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.parser import Parser

import simt
from simt.bench.host_check import PIPELINES, CheckReport, Run, check_module
from simt.bench.kernels import CORPUS, LaunchCase
from simt.bench.kernels.programs import INVARIANT_OUTPUTS, program_batch
from simt.bench.kernels.spec import Tolerance
from simt.frontend import compile_kernels
from simt.model.kernel import is_kernel

PROGRAMS = 500
BATCH = 50
FIRST_SEED = int(os.environ.get("SIMT_PROGRAM_SEED", "0"))
FLOATS = Tolerance(rtol=1e-12, atol=1e-12)
"""Host and simulator compute floats alike but for the C library's `exp`/`log`
against numpy's (a last-bit difference at most)."""


def _assert_agree(report: CheckReport, source: str = "") -> None:
    problems = "\n".join(str(d) for d in report.disagreements)
    assert not report.disagreements, f"{problems}\n{source}"
    assert report.comparisons > 0


def _rng(label: str) -> np.random.Generator:
    return np.random.default_rng(sum(map(ord, label)))


@pytest.mark.parametrize("name", list(CORPUS))
def test_corpus_kernel(name: str) -> None:
    spec = CORPUS[name]
    module = simt.compile_python(spec.func, spec.signature)
    case = spec.make_inputs(_rng(name))
    tolerance = spec.float_tolerance if spec.float_tolerance.rtol else FLOATS
    report = check_module(module, [Run(name, [case], tolerance=tolerance)])
    _assert_agree(report)
    assert not report.skipped, report.skipped


def _ints(rng: np.random.Generator, n: int, dtype: type = np.int64) -> np.ndarray:
    return rng.integers(-100, 100, n).astype(dtype)


def _case(grid: int, block: int, *args: object) -> LaunchCase:
    return LaunchCase((grid,), (block,), list(args))  # pyright: ignore[reportArgumentType]


CONSTRUCTS: dict[str, Callable[[np.random.Generator], LaunchCase]] = {
    "assignments": lambda r: _case(
        2, 64, _ints(r, 100, np.int32), np.zeros(100, np.int32), np.int64(100)
    ),
    "branches": lambda r: _case(
        2, 64, _ints(r, 128) * 2, np.zeros(128, np.int64), np.int64(128)
    ),
    "loops": lambda r: _case(1, 64, _ints(r, 64), np.zeros(64, np.int64), np.int64(64)),
    "jumps": lambda r: _case(2, 48, _ints(r, 90), np.zeros(90, np.int64), np.int64(90)),
    "integer_operators": lambda r: _case(
        1, 64, _ints(r, 64), np.zeros(64), np.zeros(64, np.int64), np.int64(64)
    ),
    "float_operators": lambda r: _case(
        1,
        64,
        r.normal(size=64).astype(np.float32),
        r.normal(size=64),
        np.zeros(64),
        np.int64(64),
    ),
    "math_functions": lambda r: _case(
        1, 64, r.normal(size=64) * 3, np.zeros(64), np.int64(64)
    ),
    "array_access": lambda r: _case(
        1,
        64,
        _ints(r, 64, np.int32),
        np.zeros(64, np.int64),
        np.zeros(64, np.float32),
        np.zeros(64, np.int32),
        np.int64(64),
    ),
    "identity_3d": lambda r: LaunchCase(
        (2, 3, 2), (4, 3, 2), [np.zeros(2 * 3 * 2 * 24, np.int64), np.int32(5)]
    ),
    "grid_stride": lambda r: _case(
        2, 32, _ints(r, 300), np.zeros(300, np.int64), np.int64(300)
    ),
    "barrier_exchange": lambda r: _case(
        2, 64, _ints(r, 128, np.int32), np.zeros(128, np.int64), np.int64(128)
    ),
    "atomics": lambda r: _case(
        2,
        64,
        _ints(r, 128, np.int32),
        np.zeros(8, np.int64),
        np.zeros(8, np.float32),
        np.zeros(8),
        np.zeros(1, np.int32),
    ),
    "votes": lambda r: _case(
        2, 64, _ints(r, 128), np.zeros(128, np.int32), np.int64(128)
    ),
    "scalar_parameters": lambda r: _case(
        1,
        32,
        _ints(r, 32, np.int32),
        np.zeros(32, np.int64),
        np.float32(1.5),
        np.float64(-2.25),
        np.int32(7),
        np.int64(1),
    ),
    "shared_reverse": lambda r: _case(
        5, 64, _ints(r, 320, np.int32), np.zeros(320, np.int32)
    ),
    "shared_tile_transpose": lambda r: LaunchCase(
        (3, 2),
        (8, 8),
        [r.normal(size=(13, 21)).astype(np.float32), np.zeros((21, 13), np.float32)],
    ),
    "dynamic_shared": lambda r: LaunchCase(
        (3,), (40,), [_ints(r, 120), np.zeros(120, np.int64)], dynamic_shared_bytes=320
    ),
    "shared_private_slots": lambda r: _case(
        6, 32, _ints(r, 192, np.int32), np.zeros(192, np.int32)
    ),
    "shared_vote": lambda r: _case(
        3, 64, _ints(r, 180), np.zeros(192, np.int64), np.int64(180)
    ),
    "typed_locals_and_calls": lambda r: _case(
        2,
        32,
        r.integers(0, 256, 50).astype(np.uint8),
        _ints(r, 50, np.int16),
        r.integers(0, 2**32, 50).astype(np.uint32),
        r.normal(size=50).astype(np.float32),
        np.zeros((50, 4), np.int64),
    ),
    "reshape_views": lambda r: _case(
        2,
        32,
        _ints(r, 64),
        _ints(r, 80).reshape(5, 16),
        np.zeros(64, np.int64),
        np.int64(8),
    ),
}
"""Every construct kernel and how to launch it."""

NOT_INVARIANT: dict[str, tuple[int, ...]] = {
    "votes": (),
    "atomics": (1, 2, 3),
}
"""Outputs a pass may change: votes depend on which lanes reconverge; the
order of float atomics (and so their rounding) and the old values returned
are any a GPU could give."""

ATOMIC_TOLERANCE = Tolerance(rtol=1e-6, atol=1e-6)


@pytest.fixture(scope="module")
def constructs() -> ModuleOp:
    path = Path(__file__).with_name("construct_kernels.py")
    return compile_kernels(path.read_text(), str(path))


def _kernel_name(op: Operation) -> str | None:
    """The name of a kernel, None for other ops (shared variables, device functions)."""
    if isinstance(op, func.FuncOp) and is_kernel(op):
        return op.sym_name.data
    return None


@pytest.mark.parametrize("name", list(CONSTRUCTS))
def test_frontend_construct(constructs: ModuleOp, name: str) -> None:
    cases = [CONSTRUCTS[name](_rng(name)), CONSTRUCTS[name](_rng(name + "2"))]
    tolerance = ATOMIC_TOLERANCE if name == "atomics" else FLOATS
    run = Run(name, cases, NOT_INVARIANT.get(name), tolerance)
    single = ModuleOp(
        [op.clone() for op in constructs.ops if _kernel_name(op) in (name, None)]
    )
    report = check_module(single, [run])
    _assert_agree(report)


def test_every_construct_has_a_launch(constructs: ModuleOp) -> None:
    names = {_kernel_name(op) for op in constructs.ops} - {None}
    assert names == set(CONSTRUCTS)


ROTATION: tuple[tuple[str, str], ...] = (
    ("simt-flatten-loops{mode=always}", "nest"),
    ("simt-flatten-loops{mode=static}", "nest"),
    ("simt-flatten-loops{mode=adaptive}", "nest"),
    ("simt-linearize", "divergent-if"),
    ("simt-branch-fusion", "twin-if"),
    ("simt-optimize", "twin-if"),
)
"""The pipeline a generated kernel is checked after, by seed, and the
construct (`simt.bench.kernels.programs.FOCUSES`) its kernel holds."""
MIN_CHANGED = BATCH // 3


def _pipeline_for(name: str) -> list[str]:
    return [ROTATION[int(name.removeprefix("p")) % len(ROTATION)][0]]


def _focus_for(seed: int) -> str:
    return ROTATION[seed % len(ROTATION)][1]


def test_enough_generated_programs() -> None:
    assert PROGRAMS >= 500 and PROGRAMS % BATCH == 0
    every_pass = {p.split("{")[0] for p in PIPELINES[1:]} - {"simt-divergence"}
    assert {p.split("{")[0] for p, _ in ROTATION} == every_pass
    assert set(PIPELINES) >= {p for p, _ in ROTATION}


@pytest.mark.parametrize(
    "batch",
    [
        pytest.param(batch, marks=[pytest.mark.slow] if batch else [])
        for batch in range(PROGRAMS // BATCH)
    ],
)
def test_generated_programs(batch: int) -> None:
    first = FIRST_SEED + batch * BATCH
    seeds = range(first, first + BATCH)
    source, programs = program_batch(seeds, "tiny", _focus_for)
    module = compile_kernels(source, f"programs_{first}.py")
    runs = [
        Run(
            p.name,
            [
                p.make_inputs(np.random.default_rng(p.seed)),
                p.make_inputs(np.random.default_rng(p.seed + 1_000_003)),
            ],
            INVARIANT_OUTPUTS,
            FLOATS,
        )
        for p in programs
    ]
    report = check_module(module, runs, _pipeline_for)
    failing = {d.kernel for d in report.disagreements}
    sources = "\n".join(p.text for p in programs if p.name in failing)
    _assert_agree(report, sources)
    assert report.comparisons >= 2 * BATCH
    changed = report.changed
    assert changed >= MIN_CHANGED, f"only {changed} kernels changed by their pass"


def _floats(r: np.random.Generator, n: int, dtype: type = np.float64) -> np.ndarray:
    values = r.normal(size=n) * 3
    values[r.integers(0, n, max(1, n // 16))] = np.nan
    return values.astype(dtype)


PRIMITIVES: dict[str, tuple[Callable[[np.random.Generator], LaunchCase], Run]] = {
    "warp_sum": (
        lambda r: _case(
            2, 40, _ints(r, 80, np.int32), np.zeros(80, np.int32), np.int32(75)
        ),
        Run("warp_sum", ()),
    ),
    "match_vote": (
        lambda r: _case(
            2,
            48,
            _ints(r, 96),
            r.integers(0, 2, 96).astype(np.float64),
            np.zeros(96, np.int32),
        ),
        Run("match_vote", (), invariant=()),
    ),
    "block_counts": (
        lambda r: _case(
            3,
            40,
            _floats(r, 120, np.float32),
            np.zeros(120, np.int32),
            np.zeros(120, np.float32),
        ),
        Run("block_counts", (), tolerance=FLOATS),
    ),
    "histogram": (
        lambda r: _case(
            3,
            64,
            r.integers(0, 1000, 180).astype(np.int32),
            _floats(r, 180, np.float32),
            np.zeros(25, np.int32),
            np.zeros(16, np.float32),
            np.int32(180),
        ),
        Run("histogram", (), invariant=(2, 3)),
    ),
    "libm_sides": (
        lambda r: _case(2, 32, _floats(r, 64), np.zeros(64), np.zeros(64, np.int32)),
        Run("libm_sides", (), tolerance=FLOATS),
    ),
}
"""The IR-level kernels of `primitive_kernels.mlir`: how to launch each and
what to compare (the votes and matches of `match_vote` depend on which lanes
run together, which a pass may change; `histogram`'s final bins and maxima do
not depend on the order of its atomics, but the compare-and-swap's does)."""


@pytest.fixture(scope="module")
def primitives() -> ModuleOp:
    path = Path(__file__).with_name("primitive_kernels.mlir")
    module = Parser(simt.default_context(), path.read_text(), str(path)).parse_module()
    module.verify()
    return module


@pytest.mark.parametrize("name", list(PRIMITIVES))
def test_ir_primitive(primitives: ModuleOp, name: str) -> None:
    make, run = PRIMITIVES[name]
    cases = [make(_rng(name)), make(_rng(name + "2"))]
    single = ModuleOp(
        [op.clone() for op in primitives.ops if _kernel_name(op) in (name, None)]
    )
    report = check_module(single, [replace(run, cases=cases)])
    _assert_agree(report)
    if name == "histogram":
        assert report.changed > 0, "the loop nest is flattened"


def test_every_ir_primitive_has_a_launch(primitives: ModuleOp) -> None:
    assert {_kernel_name(op) for op in primitives.ops} - {None} == set(PRIMITIVES)
