"""The native engine against the reference engine, and waves against whole
launches.

Both engines must give the same outputs, the same metrics (every field of
`SimulationStats`, in the same dictionary order) and the same activity
trace, on every corpus kernel after every pipeline that changes control flow,
and on random kernels (`simt.bench.kernels.generate`). A launch simulated in
waves of blocks must give what the whole launch gives.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numba import cuda
from sim_kernels import GLOBAL, PER_LANE_LOOP, sum_loop, trip_kernel
from xdsl.dialects.builtin import ModuleOp

import simt
from simt.bench.kernels import CORPUS
from simt.bench.kernels.generate import generate_kernel
from simt.sim import SimulationError, SimulationResult, Simulator, activity, simulate
from simt.sim import native as N
from simt.sim.activity import MAX_ROWS
from simt.sim.simulate import compile_native_engine

PIPELINES = (
    "",
    "simt-flatten-loops",
    "simt-linearize",
    "simt-branch-fusion",
    "simt-optimize{remarks=false}",
)


def outcome(
    module: ModuleOp,
    grid: Any,
    block: Any,
    args: Sequence[Any],
    **options: Any,
) -> tuple[dict[str, Any], list[np.ndarray], np.ndarray | None]:
    """Metrics (with their dictionary order), outputs and trace of one run."""
    copied = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    result: SimulationResult = simulate(module, grid, block, copied, **options)
    metrics = result.stats.to_dict()
    metrics["order"] = [
        list(result.stats.branches),
        list(result.stats.loops),
        list(result.stats.block_executions),
    ]
    arrays = [a for a in copied if isinstance(a, np.ndarray)]
    trace = None if result.trace is None else result.trace.occupancy()
    return metrics, arrays, trace


def assert_same(
    a: tuple[dict[str, Any], list[np.ndarray], np.ndarray | None],
    b: tuple[dict[str, Any], list[np.ndarray], np.ndarray | None],
) -> None:
    assert a[0] == b[0]
    for x, y in zip(a[1], b[1], strict=True):
        np.testing.assert_array_equal(x, y)
    if a[2] is None or b[2] is None:
        assert a[2] is None and b[2] is None
    else:
        np.testing.assert_array_equal(a[2], b[2])


def compiled(name: str, pipeline: str) -> ModuleOp:
    spec = CORPUS[name]
    module = simt.compile_python(spec.func, spec.signature)
    if pipeline:
        simt.apply_passes(module, pipeline)
    return module


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(CORPUS))
def test_native_engine_matches_the_reference_on_the_corpus(
    name: str, pipeline: str
) -> None:
    module = compiled(name, pipeline)
    case = CORPUS[name].make_inputs(np.random.default_rng(3), "small")
    assert Simulator(module).program is not None, "the corpus runs natively"
    native = outcome(module, case.grid, case.block, case.args, engine="native")
    reference = outcome(module, case.grid, case.block, case.args, engine="reference")
    assert_same(native, reference)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(min_value=0, max_value=2**20))
def test_native_engine_matches_the_reference_on_random_kernels(seed: int) -> None:
    kernel = generate_kernel(seed)
    module = simt.compile_python(kernel.func, kernel.signature)
    case = kernel.make_inputs(np.random.default_rng(seed), 96)
    for warp_size in (32, 8):
        options: dict[str, Any] = {"warp_size": warp_size}
        native = outcome(module, case.grid, case.block, case.args, **options)
        reference = outcome(
            module, case.grid, case.block, case.args, engine="reference", **options
        )
        assert_same(native, reference)


@pytest.mark.parametrize("engine", ["native", "reference"])
@pytest.mark.parametrize("name", ["early_exit", "csr_spmv", "anantpur_fig1"])
def test_waves_give_the_whole_launch(name: str, engine: str) -> None:
    """Several waves of blocks (some of them not full) give the metrics, the
    outputs and the activity trace of the launch simulated whole."""
    module = compiled(name, "")
    spec = CORPUS[name]
    case = spec.make_inputs(np.random.default_rng(5), spec.small_items * 4)
    threads = case.threads
    assert threads >= 4 * int(np.prod(case.block)), "at least four blocks"
    whole = outcome(
        module, case.grid, case.block, case.args, engine=engine, wave_threads=threads
    )
    per_block = int(np.prod(case.block))
    for wave in (per_block, 3 * per_block, 3 * per_block + 1):
        waves = outcome(
            module, case.grid, case.block, case.args, engine=engine, wave_threads=wave
        )
        assert_same(whole, waves)


def test_waves_keep_the_trace_rows_when_warps_are_grouped() -> None:
    """More warps than trace rows (`activity.MAX_ROWS`): rows group warps,
    identically in both engines and for every wave size."""
    module = compiled("anantpur_fig1", "")
    spec = CORPUS["anantpur_fig1"]
    case = spec.make_inputs(np.random.default_rng(1), spec.small_items * 64)
    warp_size = 4
    assert case.threads // warp_size > MAX_ROWS
    results = []
    for engine in ("native", "reference"):
        for wave in (case.threads, int(np.prod(case.block)) * 5):
            result = simulate(
                module,
                case.grid,
                case.block,
                case.copy_args(),
                warp_size=warp_size,
                engine=engine,
                wave_threads=wave,
            )
            assert result.trace is not None
            assert result.trace.rows == MAX_ROWS
            results.append(result.trace.occupancy())
    for other in results[1:]:
        np.testing.assert_array_equal(results[0], other)


def test_the_trace_of_a_long_run_that_coarsens_its_bins(parse: Any) -> None:
    """Warps whose time axes end far apart (each runs 32 iterations longer
    than the one before), long enough that the bins widen several times
    while warps are part way through a bin: both engines give the same
    integers in every bin (the native engine sums a warp's steps in a
    pending bin and adds it into the bins later)."""
    module = parse(PER_LANE_LOOP)
    traces = []
    for engine in ("native", "reference"):
        out = np.zeros(256, dtype=np.int32)
        result = simulate(module, 1, 256, [out, np.int32(700)], engine=engine)
        assert result.trace is not None
        traces.append(result.trace)
    native, reference = traces
    assert native.width == reference.width >= 8
    np.testing.assert_array_equal(native.lanes, reference.lanes)
    np.testing.assert_array_equal(native.instructions, reference.instructions)
    assert native.instructions.sum() == reference.instructions.sum() > 0


LONGER_BY_BLOCK = trip_kernel(sum_loop(), GLOBAL)
"""Thread `g` (global id) runs `g + n` iterations: each block runs longer
than the one before, so in waves of one block the bins widen while a later
wave runs, over the sums of the earlier ones (with `n = 100`, the first
block alone fits in bins of width 1; the launch needs width 4)."""


def test_the_trace_coarsens_in_a_later_wave(parse: Any) -> None:
    """The bins widen during the last waves, with earlier waves' sums in
    them and warps part way through a bin: each engine gives the trace of
    the launch simulated whole, and the two engines the same one."""
    module = parse(LONGER_BY_BLOCK)
    traces = []
    for engine in ("native", "reference"):
        for wave_threads in (256, 64):
            out = np.zeros(256, dtype=np.int32)
            result = simulate(
                module,
                4,
                64,
                [out, np.int32(100)],
                engine=engine,
                wave_threads=wave_threads,
            )
            assert result.trace is not None
            traces.append(result.trace)
    first = traces[0]
    assert first.width >= 4, "the bins widened"
    for other in traces[1:]:
        assert other.width == first.width
        np.testing.assert_array_equal(other.lanes, first.lanes)
        np.testing.assert_array_equal(other.instructions, first.instructions)


def shrinking_loops(out: Any, n: Any) -> None:
    """Thread `g` sums `0 .. n - g - 1`: each block runs shorter than the
    one before (none at all from thread `n` on)."""
    g = cuda.grid(1)
    acc = 0
    for i in range(n - g):
        acc += i
    out[g] = acc


class _PoisonedNumpy:
    """numpy whose `empty` fills the array with a marker, as reused memory
    would be: an engine that reads a bin it never wrote shows it."""

    def __getattr__(self, name: str) -> Any:
        return getattr(np, name)

    @staticmethod
    def empty(*args: Any, **kwargs: Any) -> np.ndarray:
        array = np.empty(*args, **kwargs)
        array.fill(0x5EED)
        return array


@pytest.mark.parametrize("warp_size", [32, 4])
@pytest.mark.parametrize("kernel", ["longer", "shorter"])
def test_the_trace_writes_every_bin_it_keeps(
    kernel: str, warp_size: int, parse: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The trace's bins start as whatever memory held: every bin both
    engines return was written, in waves whose time axes grow (bins widen
    in a later wave) or shrink from wave to wave, with a row per warp (warp
    size 32) and with rows grouping warps (warp size 4, more warps than
    rows)."""
    monkeypatch.setattr(activity, "np", _PoisonedNumpy())
    if kernel == "longer":
        module, n = parse(LONGER_BY_BLOCK), 100
    else:
        module = simt.compile_python(shrinking_loops, "void(int32[:], int32)")
        n = 240
    blocks = 2 * MAX_ROWS * 4 // 64 if warp_size == 4 else 4
    traces = []
    for engine, wave_threads in (("reference", blocks * 64), ("native", 64)):
        out = np.zeros(blocks * 64, dtype=np.int32)
        result = simulate(
            module,
            blocks,
            64,
            [out, np.int32(n)],
            engine=engine,
            warp_size=warp_size,
            wave_threads=wave_threads,
        )
        assert result.trace is not None
        traces.append(result.trace)
    reference, native = traces
    assert (native.rows < native.num_warps) == (warp_size == 4)
    assert native.width == reference.width
    np.testing.assert_array_equal(native.lanes, reference.lanes)
    np.testing.assert_array_equal(native.instructions, reference.instructions)
    assert not np.any(native.lanes == 0x5EED)


FAULTY = """
func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %one = arith.constant 1 : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %x = memref.load %a[%i] : memref<?xi32>
  %d = arith.subi %one, %bid : i32
  %q = arith.divsi %x, %d : i32 loc("div.py":3:9)
  memref.store %q, %a[%i] : memref<?xi32>
  func.return
}
"""


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_a_fault_in_a_later_wave_names_its_thread(engine: str, parse: Any) -> None:
    module = parse(FAULTY)
    a = np.arange(64, dtype=np.int32)
    with pytest.raises(SimulationError) as info:
        simulate(module, 2, 32, [a], engine=engine, wave_threads=32)
    assert str(info.value) == (
        "div.py:3:9: arith.divsi division by zero at thread (block 1, thread 0)"
    )


def test_the_native_engine_says_what_it_cannot_run(parse: Any) -> None:
    module = parse(FAULTY)
    a = np.arange(64, dtype=np.int32)
    with pytest.raises(SimulationError, match=r"native engine cannot run.*warp size"):
        simulate(module, 1, 64, [a], warp_size=128, engine="native")
    with pytest.raises(SimulationError, match="engine must be one of"):
        simulate(module, 1, 64, [a], engine="fast")


def test_a_simulator_runs_many_launches() -> None:
    module = compiled("collatz", "")
    spec = CORPUS["collatz"]
    simulator = Simulator(module)
    for seed in (0, 1):
        case = spec.make_inputs(np.random.default_rng(seed), "small")
        args = case.copy_args()
        stats = simulator.run(case.grid, case.block, args).stats
        assert spec.mismatches(spec.expected(case), args) == []
        reference = outcome(
            module, case.grid, case.block, case.args, engine="reference"
        )
        assert stats.to_dict() == {
            k: v for k, v in reference[0].items() if k != "order"
        }


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_a_reused_simulator_gives_what_a_fresh_one_gives(name: str) -> None:
    """A `Simulator` keeps its register file, its memory layout and its
    engine parameters between launches, and rows no instruction writes
    (constants, arguments, array extents, launch constants) are not filled
    again when they hold the value: launches with the same and with other
    arguments, array shapes, grids and waves give the outputs, metrics and
    activity of a fresh simulator."""
    module = compiled(name, "")
    spec = CORPUS[name]
    reused = Simulator(module)
    runs = [(0, "small", None), (0, "small", None), (1, "small", None)]
    runs += [(0, 2048, None), (0, "small", None), (2, 2048, 256), (2, 2048, None)]
    for seed, size, wave_threads in runs:
        case = spec.make_inputs(np.random.default_rng(seed), size)
        waves = {} if wave_threads is None else {"wave_threads": wave_threads}
        args = case.copy_args()
        result = reused.run(case.grid, case.block, args, **waves)
        assert spec.mismatches(spec.expected(case), args) == []
        fresh_args = case.copy_args()
        fresh = Simulator(module).run(case.grid, case.block, fresh_args, **waves)
        assert result.stats.to_dict() == fresh.stats.to_dict()
        assert result.trace is not None and fresh.trace is not None
        np.testing.assert_array_equal(result.trace.lanes, fresh.trace.lanes)
        for mine, theirs in zip(args, fresh_args, strict=True):
            np.testing.assert_array_equal(mine, theirs)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_the_mask_slots_warp_lists_are_not_cleared_between_launches(
    name: str,
) -> None:
    """A reused `Simulator` does not zero its mask slots' warp lists: each is
    read up to its slot's count, which is zeroed. With every entry set to
    the last warp and all its lanes (in range, but wrong wherever it is
    read), launches give the outputs, metrics and activity of a fresh
    simulator."""
    module = compiled(name, "")
    spec = CORPUS[name]
    case = spec.make_inputs(np.random.default_rng(0), "small")
    fresh_args = case.copy_args()
    fresh = Simulator(module).run(case.grid, case.block, fresh_args)
    reused = Simulator(module)
    reused.run(case.grid, case.block, case.copy_args())
    scratch = reused._scratch  # pyright: ignore[reportPrivateUsage]
    assert scratch is not None
    warps, words = scratch.state[1][:2]
    warps.fill(warps.shape[1] - 1)
    words.fill(scratch.state[-1])
    args = case.copy_args()
    result = reused.run(case.grid, case.block, args)
    assert result.stats.to_dict() == fresh.stats.to_dict()
    assert result.trace is not None and fresh.trace is not None
    np.testing.assert_array_equal(result.trace.lanes, fresh.trace.lanes)
    for mine, theirs in zip(args, fresh_args, strict=True):
        np.testing.assert_array_equal(mine, theirs)


def test_a_reused_simulator_follows_the_step_limit_and_the_trace() -> None:
    """The engine parameters a `Simulator` keeps between launches of one
    geometry hold the step limit and the trace mode: a launch with a lower
    limit stops where a fresh simulator stops, and one without a trace
    counts what a fresh one counts."""
    spec = CORPUS["collatz"]
    module = compiled("collatz", "")
    case = spec.make_inputs(np.random.default_rng(0), "small")
    reused = Simulator(module)
    full = reused.run(case.grid, case.block, case.copy_args())
    limit = full.stats.issued // 2
    with pytest.raises(SimulationError, match=f"step limit {limit}") as stopped:
        reused.run(case.grid, case.block, case.copy_args(), step_limit=limit)
    with pytest.raises(SimulationError) as fresh_stop:
        Simulator(module).run(case.grid, case.block, case.copy_args(), step_limit=limit)
    assert str(stopped.value) == str(fresh_stop.value)
    untraced = reused.run(case.grid, case.block, case.copy_args(), trace=False)
    assert untraced.trace is None
    assert untraced.stats.to_dict() == full.stats.to_dict()
    again = reused.run(case.grid, case.block, case.copy_args())
    assert again.trace is not None and full.trace is not None
    np.testing.assert_array_equal(again.trace.lanes, full.trace.lanes)


YIELDS_THE_INDUCTION_VARIABLE = """
def kernel(a, out, n):
    i = cuda.grid(1)
    if i < n:
        j = 100
        last = -1
        for j in range(i % 4):
            last = j
        out[i] = last * 1000 + j + a[i]
"""


def test_a_loop_that_yields_its_induction_variable() -> None:
    """`scf.yield %iv`: the yield is this iteration's value, not the stepped
    one (the latch steps the induction variable before it copies yields)."""
    module = simt.compile_python(
        "from numba import cuda\n" + YIELDS_THE_INDUCTION_VARIABLE,
        "void(int32[:], int32[:], int32)",
    )
    a = np.arange(64, dtype=np.int32)
    expected = np.array(
        [(i % 4 - 1) * 1000 + (i % 4 - 1 if i % 4 else 100) + i for i in range(64)]
    )
    for engine in ("native", "reference"):
        out = np.zeros(64, np.int32)
        simulate(module, 2, 32, [a, out, np.int32(64)], engine=engine)
        np.testing.assert_array_equal(out, expected)


MERGED_IDENTITY = """
func.func @k(%out: memref<?xi64>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %c16 = arith.constant 16 : i32
  %c8 = arith.constant 8 : i32
  %low = arith.cmpi slt, %tid, %c16 : i32
  %i = arith.index_cast %tid : i32 to index
  %seven = arith.constant 7 : i64
  cf.cond_br %low, ^a, ^b
^a:
  %lower = arith.cmpi slt, %tid, %c8 : i32
  %any = simt.vote_any %lower
  %wide = arith.extui %any : i1 to i64
  cf.cond_br %lower, ^c, ^b
^c:
  memref.store %wide, %out[%i] : memref<?xi64>
  func.return
^b:
  memref.store %seven, %out[%i] : memref<?xi64>
  func.return
}
"""


def test_a_merged_identity_of_a_whole_warp_value(parse: Any) -> None:
    """An identity op (`extui`) of a value written a whole warp at a time (a
    vote), whose result is used in another block, gets a masked copy in the
    native engine; it must hold the lanes that ran it."""
    module = parse(MERGED_IDENTITY)
    outs = []
    for engine in ("native", "reference"):
        out = np.zeros(32, np.int64)
        simulate(module, 1, 32, [out], engine=engine)
        outs.append(out)
    expected = np.where(np.arange(32) < 8, 1, 7)
    np.testing.assert_array_equal(outs[0], expected)
    np.testing.assert_array_equal(outs[1], expected)


def test_compile_native_engine_runs_its_kernel_natively() -> None:
    """`tests/run.sh` warms numba's cache with it before pytest starts."""
    compile_native_engine()


# -- a loop body that writes a yielded value into its carried register ------

KEEPS_READING = trip_kernel("""\
  %zero = arith.constant 0 : i32
  %r:2 = scf.for %iv = %c0 to %ub step %c1
      iter_args(%acc = %zero, %other = %zero) -> (i32, i32) {
    %v = arith.index_cast %iv : index to i32
    %next = arith.addi %acc, %v : i32
    %later = arith.addi %other, %acc : i32
    scf.yield %next, %later : i32, i32
  }
  %s = arith.muli %r#0, %r#1 : i32
  memref.store %s, %out[%t] : memref<?xi32>""")
"""`%later` reads `%acc` after `%next` is computed: `%next` must not be
written into `%acc`'s register; `%later` may go into `%other`'s."""

SWAPS = trip_kernel("""\
  %one = arith.constant 1 : i32
  %r:2 = scf.for %iv = %c0 to %ub step %c1
      iter_args(%a = %one, %b = %one) -> (i32, i32) {
    %sum = arith.addi %a, %b : i32
    scf.yield %b, %sum : i32, i32
  }
  memref.store %r#1, %out[%t] : memref<?xi32>""")
"""Fibonacci: the latch copies `%b` into `%a` after `%sum` is computed, so
`%sum` must not be written into `%b`'s register (the latch's parallel copy
goes through two temporaries: four copies)."""

CROSSING_IF = trip_kernel("""\
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %r:2 = scf.for %iv = %c0 to %ub step %c1
      iter_args(%a = %one, %b = %two) -> (i32, i32) {
    %v = arith.index_cast %iv : index to i32
    %odd = arith.andi %v, %one : i32
    %c = arith.cmpi eq, %odd, %one : i32
    %a2, %b2 = scf.if %c -> (i32, i32) {
      %a1 = arith.addi %a, %v : i32
      scf.yield %a1, %a : i32, i32
    } else {
      scf.yield %b, %a : i32, i32
    }
    scf.yield %a2, %b2 : i32, i32
  }
  %s = arith.subi %r#0, %r#1 : i32
  memref.store %s, %out[%t] : memref<?xi32>""")
"""An `scf.if` whose results read the other carried value: its end writes
`%a2` before it reads `%a` for `%b2`, so `%a2` must not go into `%a`'s
register (`%b2` may go into `%b`'s)."""


READS_BETWEEN_FOLDED = trip_kernel("""\
  %zero = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %r:2 = scf.for %iv = %c0 to %ub step %c1
      iter_args(%acc = %zero, %other = %zero) -> (i32, i32) {
    %v = arith.index_cast %iv : index to i32
    %p = arith.muli %acc, %two : i32
    %later = arith.addi %other, %acc : i32
    %next = arith.addi %p, %v : i32
    scf.yield %next, %later : i32, i32
  }
  %s = arith.muli %r#0, %r#1 : i32
  memref.store %s, %out[%t] : memref<?xi32>""")
"""`%next` is computed by one `MULADD` where `%p` is, before `%later` reads
`%acc`: `%next` must not be written into `%acc`'s register although the
`addi` that yields it comes after that read."""


def latch_copies(module: ModuleOp) -> list[int]:
    """How many masked copies each loop's latch makes, in program order."""
    program = Simulator(module).program
    assert program is not None
    code, pool = program.code, program.pool
    copies = []
    for row in code:
        if row[0] == N.FOR_BEGIN:
            copies.append(int(pool[pool[row[11] + 4]]))
        elif row[0] == N.WHILE_BEGIN:
            copies.append(int(pool[row[12]]))
    return copies


@pytest.mark.parametrize(
    ("source", "copies"),
    [
        (KEEPS_READING, [1]),
        (SWAPS, [4]),
        (CROSSING_IF, [1]),
        (READS_BETWEEN_FOLDED, [1]),
    ],
    ids=["read-after", "swap", "crossing-if", "read-before-folded-add"],
)
def test_a_yield_goes_into_its_carried_register_only_where_safe(
    source: str, copies: list[int], parse: Any
) -> None:
    """The native engine writes a yielded value straight into the loop's
    carried register where nothing reads the old value after it: each
    kernel keeps the latch copies it needs (and saves the others), and
    gives the reference engine's outputs and metrics for lanes that leave
    the loop at different iterations."""
    module = parse(source)
    assert latch_copies(module) == copies
    args = [np.zeros(64, dtype=np.int32), np.int32(5)]
    native = outcome(module, 2, 32, args, warp_size=8)
    reference = outcome(module, 2, 32, args, warp_size=8, engine="reference")
    assert_same(native, reference)


def test_collatz_loops_need_no_latch_copies() -> None:
    """Both loops of the corpus's collatz (a grid-stride `while` and the
    iteration's `while`, whose yields are an `addi` of the counter and an
    `scf.if`) write their yields straight into their carried registers."""
    assert latch_copies(compiled("collatz", "")) == [0, 0]


# -- numba's signed modulo by a power of two as one instruction -------------


def modulo_kernel(a, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        x = a[i]
        out[i, 0] = x % 8
        out[i, 1] = x % 6
        out[i, 2] = (x % 1) + (x % 2) * 10
        out[i, 3] = x % 4 if x > -3 else x % 16
        if x % 4 == 1:
            out[i, 4] = 1
        if x % 8 != 3:
            out[i, 5] = 2
        if x % 2 == 5:
            out[i, 6] = 3


MODULO_SIGNATURE = "void(int64[:], int32[:, :])"


def floored_modulo(width: int, c: int, read_again: bool = False) -> str:
    """numba's `x % c` on `i{width}` loaded from `%a` (`remsi`, then
    `select(r < 0, r + c, r)`), stored into `%out`; with `read_again`, the
    remainder is read again after the select (`m * r` is stored), so the
    pattern does not apply."""
    t = f"i{width}"
    stored = "%m"
    again = ""
    if read_again:
        again = f"\n  %both = arith.muli %m, %r : {t}"
        stored = "%both"
    return f"""
func.func @k(%a: memref<?x{t}>, %out: memref<?x{t}>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %t = arith.index_cast %tid : i32 to index
  %x = memref.load %a[%t] : memref<?x{t}>
  %c = arith.constant {c} : {t}
  %c0 = arith.constant 0 : {t}
  %r = arith.remsi %x, %c : {t}
  %neg = arith.cmpi slt, %r, %c0 : {t}
  %up = arith.addi %r, %c : {t}
  %m = arith.select %neg, %up, %r : {t}{again}
  memref.store {stored}, %out[%t] : memref<?x{t}>
  func.return
}}
"""


def opcodes(module: ModuleOp) -> list[int]:
    program = Simulator(module).program
    assert program is not None
    return [int(row[0]) for row in program.code]


def test_signed_modulo_by_a_power_of_two_is_one_and() -> None:
    """numba's `x % c` (`remsi`, then `select(r < 0, r + c, r)`) runs as one
    `and` with `c - 1` where `c` is a power of two (8, 1, 2, 4, 16 here; 6
    is a `FLOORMOD`), and `x % c == k` for `0 <= k < c` as one compare of the
    low bits (not `x % 2 == 5`, nor a remainder also stored); it gives the
    reference engine's outputs and metrics on negative and positive values."""
    module = simt.compile_python(modulo_kernel, MODULO_SIGNATURE)
    code = opcodes(module)
    assert N.SELECT not in code and code.count(N.FLOORMOD) == 1
    program = Simulator(module).program
    assert program is not None
    low_bits = [row for row in program.code if row[0] == N.CMP_EQ and row[4] != -1]
    assert len(low_bits) == 1, "x % 4 == 1 compares the low bits of x"
    rng = np.random.default_rng(3)
    a = rng.integers(-1000, 1000, 96)
    a[:4] = [np.iinfo(np.int64).min, -1, 0, np.iinfo(np.int64).max]
    args = [a, np.zeros((96, 7), dtype=np.int32)]
    native = outcome(module, 3, 32, args)
    reference = outcome(module, 3, 32, args, engine="reference")
    assert_same(native, reference)
    x = a.astype(object)
    expected = [
        [
            v % 8,
            v % 6,
            v % 1 + (v % 2) * 10,
            v % 4 if v > -3 else v % 16,
            int(v % 4 == 1),
            2 * int(v % 8 != 3),
            0,
        ]
        for v in x
    ]
    np.testing.assert_array_equal(native[1][1], np.array(expected).astype(np.int32))


@pytest.mark.parametrize("width", [8, 16, 32, 64])
def test_a_modulo_by_a_constant_is_one_instruction(parse: Any, width: int) -> None:
    """numba's `x % c` by a constant `c > 0` that is no power of two (3, 6,
    7, 10007 where it fits, and the width's maximum) runs as one `FLOORMOD`
    (not four instructions), with the reference engine's outputs and
    metrics and Python's `%` on the width's extremes, around the multiples
    of `c`, and beyond 2**53 (where the engine divides in integers, not
    float64)."""
    dtype = np.dtype(f"int{width}")
    info = np.iinfo(dtype)
    for c in [d for d in (3, 6, 7, 10007) if d <= info.max] + [int(info.max)]:
        module = parse(floored_modulo(width, c))
        code = opcodes(module)
        assert code.count(N.FLOORMOD) == 1
        assert N.SELECT not in code and N.REMS not in code
        values = [info.min, info.min + 1, -c - 1, -c, -c + 1, -1, 0, 1, c - 1, c]
        values += [c + 1, info.max - 1, info.max]
        if width == 64:
            values += [2**53 + 5, -(2**53) - 5, 3 * 2**60 + 1]
        rng = np.random.default_rng(c)
        values += list(rng.integers(info.min, info.max, 64 - len(values), dtype=dtype))
        a = np.array([max(min(v, info.max), info.min) for v in values], dtype=dtype)
        args = [a, np.zeros(64, dtype=dtype)]
        native = outcome(module, 1, 64, args)
        reference = outcome(module, 1, 64, args, engine="reference")
        assert_same(native, reference)
        expected = np.array([int(v) % c for v in a], dtype=dtype)
        np.testing.assert_array_equal(native[1][1], expected)


def test_a_remainder_read_again_keeps_its_instructions(parse: Any) -> None:
    module = parse(floored_modulo(64, 8, read_again=True))
    assert N.SELECT in opcodes(module)
    args = [np.arange(-16, 16, dtype=np.int64), np.zeros(32, dtype=np.int64)]
    native = outcome(module, 1, 32, args)
    reference = outcome(module, 1, 32, args, engine="reference")
    assert_same(native, reference)


def multiply_add_kernel(a, b, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        x = a[i]
        acc = 0
        for k in range(b[i] % 5):
            acc = acc * x + k  # MULADD, its addend defined before
        p = x * 7
        out[i, 0] = acc
        out[i, 1] = x * b[i] + 3
        out[i, 2] = p + 1
        out[i, 3] = p  # the product is read again: no MULADD


MULTIPLY_ADD_SIGNATURE = "void(int32[:], int32[:], int32[:, :])"


def test_multiply_then_add_is_one_instruction() -> None:
    """`muli` whose only use is an `addi` runs as one `MULADD`, wrapping to
    32 bits as the two ops do (int32 overflow on large values), and gives
    the reference engine's outputs and metrics."""
    module = simt.compile_python(multiply_add_kernel, MULTIPLY_ADD_SIGNATURE)
    code = opcodes(module)
    assert code.count(N.MULADD) == 3, "cuda.grid(1), the loop and out[i, 1]"
    rng = np.random.default_rng(4)
    a = rng.integers(-(2**31), 2**31 - 1, 96).astype(np.int32)
    b = rng.integers(-(2**31), 2**31 - 1, 96).astype(np.int32)
    args = [a, b, np.zeros((96, 4), dtype=np.int32)]
    native = outcome(module, 3, 32, args)
    reference = outcome(module, 3, 32, args, engine="reference")
    assert_same(native, reference)

    def wrap(v: int) -> int:
        return (v + 2**31) % 2**32 - 2**31

    expected = []
    for x, y in zip(a.astype(object), b.astype(object), strict=True):
        acc = 0
        for k in range(y % 5):
            acc = wrap(acc * x + k)
        expected.append([acc, wrap(x * y + 3), wrap(x * 7 + 1), wrap(x * 7)])
    np.testing.assert_array_equal(native[1][2], np.array(expected, dtype=np.int64))


def partner_kernel(data, out, j, k):
    t = cuda.grid(1)
    p = t ^ j  # the same invariant index, read in both branches
    q = t - k  # negative for the first k threads: numba wraps it
    if t < out.shape[0]:
        if t & k == 0:
            out[t] = data[p] - data[q]
        else:
            out[t] = data[q] + data[p] * 2


PARTNER_SIGNATURE = "void(int64[:], int64[:], int64, int64)"


def test_the_prologue_computes_an_invariant_index_once() -> None:
    """An index that both branches of an `if` compute from launch constants
    (`data[t ^ j]`, with numba's wrap of a negative index and the array's
    extent) is hoisted into the wave prologue once: no two prologue rows
    are the same op on the same operands, and the extent of `data` is one
    register. The outputs and metrics are the reference engine's, for
    indices that wrap and ones that do not."""
    module = simt.compile_python(partner_kernel, PARTNER_SIGNATURE)
    program = Simulator(module).program
    assert program is not None
    rows = program.code[program.prologue : -1]
    operations = [tuple(row[[0, *range(2, N.NFIELDS)]]) for row in rows]
    assert rows[:, 0].tolist().count(N.SELECT) == 2, "a wrap for p and one for q"
    assert len(set(operations)) == len(operations)
    assert len({(mem, dim) for _, mem, dim in program.dims}) == len(program.dims)
    rng = np.random.default_rng(11)
    for j, k in ((1, 4), (5, 2), (16, 40)):
        data = rng.integers(-(2**40), 2**40, 96)
        args = [data, np.zeros(96, dtype=np.int64), j, k]
        native = outcome(module, 3, 32, args)
        assert_same(native, outcome(module, 3, 32, args, engine="reference"))
        t = np.arange(96)
        p, q = data[t ^ j], data[t - k]
        expected = np.where(t & k == 0, p - q, q + p * 2)
        np.testing.assert_array_equal(native[1][1], expected)


SHIFTS = {
    "shli": lambda x, k, w: x << k,
    "shrui": lambda x, k, w: (x % 2**w) >> k,
    "shrsi": lambda x, k, w: x >> k,
}
BINARIES = {
    "addi": lambda a, b: a + b,
    "andi": lambda a, b: a & b,
    "ori": lambda a, b: a | b,
    "xori": lambda a, b: a ^ b,
}


def shifted_operand_kernel(width: int) -> tuple[str, list[tuple[str, str, int]]]:
    """Each shift by a constant into each binary op it folds into, the
    shifted value on either side (`out[t, j]`), at `width` bits; then two
    that do not fold: a shift read twice (`x << 2 ^ y) + (x << 2)`, and an
    other operand defined after the shift (`(x >> 2) | (y + 2)`). Returns
    the IR and the (shift, op, amount) of the folded columns."""
    t = f"i{width}"
    out = f"memref<?x?x{t}>"
    lines = [
        f"func.func @k(%a: memref<?x{t}>, %b: memref<?x{t}>, %out: {out})"
        " attributes {simt.kernel} {",
        "  %tid = simt.thread_id x : i32",
        "  %t = arith.index_cast %tid : i32 to index",
        f"  %x = memref.load %a[%t] : memref<?x{t}>",
        f"  %y = memref.load %b[%t] : memref<?x{t}>",
    ]
    columns: list[tuple[str, str, int]] = []
    for shift in SHIFTS:
        for binary in BINARIES:
            n = len(columns)
            amount = [1, 3, width - 1][n % 3]
            pair = f"%y, %s{n}" if n % 2 else f"%s{n}, %y"
            lines += [
                f"  %k{n} = arith.constant {amount} : {t}",
                f"  %s{n} = arith.{shift} %x, %k{n} : {t}",
                f"  %r{n} = arith.{binary} {pair} : {t}",
            ]
            columns.append((shift, binary, amount))
    lines += [
        f"  %k = arith.constant 2 : {t}",
        f"  %twice = arith.shli %x, %k : {t}",
        f"  %n1 = arith.xori %twice, %y : {t}",
        f"  %r{len(columns)} = arith.addi %n1, %twice : {t}",
        f"  %later = arith.shrsi %x, %k : {t}",
        f"  %other = arith.addi %y, %k : {t}",
        f"  %r{len(columns) + 1} = arith.ori %later, %other : {t}",
    ]
    for j in range(len(columns) + 2):
        lines += [
            f"  %j{j} = arith.constant {j} : index",
            f"  memref.store %r{j}, %out[%t, %j{j}] : {out}",
        ]
    lines += ["  func.return", "}"]
    return "\n".join(lines), columns


@pytest.mark.parametrize("width", [8, 32, 64])
def test_a_shift_into_a_binary_op_is_one_instruction(parse: Any, width: int) -> None:
    """A shift by a constant whose only use is an `addi`, `andi`, `ori` or
    `xori` runs as one `SHIFTED` (all twelve pairs, amounts 1, 3 and
    width - 1); a shift read twice, or whose other operand comes later, keeps
    its two instructions. Outputs equal the reference engine's (metrics and
    trace too) and Python's arithmetic on the width's extreme values."""
    source, columns = shifted_operand_kernel(width)
    module = parse(source)
    code = opcodes(module)
    assert code.count(N.SHIFTED) == len(columns)
    dtype = np.dtype(f"int{width}")
    info = np.iinfo(dtype)
    rng = np.random.default_rng(width)
    a = rng.integers(info.min, info.max, 64, dtype=dtype, endpoint=True)
    b = rng.integers(info.min, info.max, 64, dtype=dtype, endpoint=True)
    a[:4] = [info.min, -1, 0, info.max]
    b[4:8] = [info.min, -1, 0, info.max]
    args = [a, b, np.zeros((64, len(columns) + 2), dtype=dtype)]
    native = outcome(module, 1, 64, args)
    reference = outcome(module, 1, 64, args, engine="reference")
    assert_same(native, reference)

    def wrap(v: int) -> int:
        return (v - info.min) % 2**width + info.min

    expected = []
    for x, y in zip(a.astype(object), b.astype(object), strict=True):
        row = []
        for n, (shift, binary, amount) in enumerate(columns):
            shifted = wrap(SHIFTS[shift](x, amount, width))
            pair = (y, shifted) if n % 2 else (shifted, y)
            row.append(wrap(BINARIES[binary](*pair)))
        twice = wrap(x << 2)
        row += [wrap((twice ^ y) + twice), wrap((x >> 2) | wrap(y + 2))]
        expected.append(row)
    np.testing.assert_array_equal(native[1][2], np.array(expected, dtype=dtype))


def xorshift_kernel(seeds, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        s = seeds[i]
        for _ in range(i % 4 + 1):
            s ^= s << np.uint64(13)
            s ^= s >> np.uint64(7)
            s ^= s << np.uint64(17)
        out[i] = s


def test_xorshift_runs_as_three_instructions_a_step() -> None:
    """Marsaglia's xorshift64 (`s ^= s << 13; s ^= s >> 7; s ^= s << 17`,
    unsigned): three `SHIFTED`, the last writing the loop's carried register,
    which it also reads; its lanes run 1 to 4 steps. Same outputs as the
    reference engine and as Python."""
    module = simt.compile_python(xorshift_kernel, "void(uint64[:], uint64[:])")
    assert opcodes(module).count(N.SHIFTED) == 3
    rng = np.random.default_rng(5)
    seeds = rng.integers(0, 2**64 - 1, 96, dtype=np.uint64, endpoint=True)
    args = [seeds, np.zeros(96, dtype=np.uint64)]
    native = outcome(module, 3, 32, args)
    reference = outcome(module, 3, 32, args, engine="reference")
    assert_same(native, reference)
    expected = []
    for i, s in enumerate(seeds.astype(object)):
        for _ in range(i % 4 + 1):
            s ^= (s << 13) % 2**64
            s ^= s >> 7
            s ^= (s << 17) % 2**64
        expected.append(s)
    np.testing.assert_array_equal(native[1][1], np.array(expected, dtype=np.uint64))


def short_circuit_while_kernel(a, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        x = a[i]
        n = 0
        while x > 1 and n < 40:
            x = x // 2 if x % 2 == 0 else 3 * x + 1
            n += 1
        y = a[i]
        m = 0
        while y % 3 != 0 or m < 2:
            y += 1
            m += 1
        out[i, 0] = n
        out[i, 1] = x
        out[i, 2] = m
        out[i, 3] = y


SHORT_CIRCUIT_CONDITION = """
func.func @k(%a: memref<?xi64>, %out: memref<?xi64>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %t = arith.index_cast %tid : i32 to index
  %x0 = memref.load %a[%t] : memref<?xi64>
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c9 = arith.constant 9 : i64
  %false = arith.constant false
  %r:2 = scf.while (%x = %x0, %n = %c0) : (i64, i64) -> (i64, i1) {
    %big = arith.cmpi sgt, %x, %c1 : i64
    %go = scf.if %big -> (i1) {
      %few = arith.cmpi slt, %n, %c9 : i64
      scf.yield %few : i1
    } else {
      scf.yield %false : i1
    }
    scf.condition(%go) %n, %go : i64, i1
  } do {
  ^bb0(%n1: i64, %went: i1):
    %half = arith.shrsi %x0, %n1 : i64
    %n2 = arith.addi %n1, %c1 : i64
    scf.yield %half, %n2 : i64, i64
  }
  %flag = arith.extui %r#1 : i1 to i64
  %sum = arith.addi %r#0, %flag : i64
  memref.store %sum, %out[%t] : memref<?xi64>
  func.return
}
"""
"""The `if`'s result is also passed on by the condition: the if writes it."""


def test_a_while_condition_from_an_if_is_split_in_one_pass(parse: Any) -> None:
    """numba's `while a and b` and `while a or b` (an `scf.if` whose one
    result only the condition reads): `WHILE_COND` splits by the if's
    condition, then and else values, and the if writes nothing; lanes leave
    both loops at different iterations. Outputs, metrics and trace equal
    the reference engine's and Python's; a result the condition also passes
    on keeps its write."""
    module = simt.compile_python(
        short_circuit_while_kernel, "void(int64[:], int64[:, :])"
    )
    program = Simulator(module).program
    assert program is not None
    conditions = [row for row in program.code if row[0] == N.WHILE_COND]
    assert [int(row[2]) for row in conditions] == [1, 1]
    a = np.arange(-20, 76, dtype=np.int64)
    args = [a, np.zeros((96, 4), dtype=np.int64)]
    native = outcome(module, 3, 32, args)
    reference = outcome(module, 3, 32, args, engine="reference")
    assert_same(native, reference)
    expected = []
    for value in a.tolist():
        x, n = value, 0
        while x > 1 and n < 40:
            x = x // 2 if x % 2 == 0 else 3 * x + 1
            n += 1
        y, m = value, 0
        while y % 3 != 0 or m < 2:
            y += 1
            m += 1
        expected.append([n, x, m, y])
    np.testing.assert_array_equal(native[1][1], np.array(expected))

    module = parse(SHORT_CIRCUIT_CONDITION)
    program = Simulator(module).program
    assert program is not None
    assert [int(row[2]) for row in program.code if row[0] == N.WHILE_COND] == [0]
    args = [np.arange(-4, 28, dtype=np.int64), np.zeros(32, dtype=np.int64)]
    assert_same(
        outcome(module, 1, 32, args), outcome(module, 1, 32, args, engine="reference")
    )


MIXED_ARGUMENTS = """
def kernel(a, b, x, y, f, g, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = a[i] + b[i] + x + y + int(f * 2.0) + int(g)
"""


@pytest.mark.parametrize(
    ("x", "y", "f", "g"),
    [
        (3, -5, 1.5, np.float32(2.0)),
        (np.int32(-7), np.int64(2**40), np.float64(0.25), 3.0),
        (np.uint32(2**32 - 1), np.int16(4), np.float32(1.5), np.float64(-2.0)),
        (2**31, 2**64 - 1, 2, np.int32(5)),
        (np.int64(2**31 - 1), -(2**63), np.float32(-3.5), 1),
    ],
)
def test_arguments_bind_as_the_checked_path_binds_them(
    x: Any, y: Any, f: Any, g: Any
) -> None:
    """The common arguments (an array of the dtype, a number of the
    parameter's type) take a path without `_bind`'s checks: every value binds
    as the checked path binds it (unsigned bits, wider numpy integers, ints
    for floats), and the kernel computes the same."""
    from simt.sim.simulate import _bind, _flatten

    module = simt.compile_python(
        "from numba import cuda\n" + MIXED_ARGUMENTS,
        "void(int32[:], int32[:], int32, int64, float32, float64, int64[:])",
    )
    simulator = Simulator(module)
    parameters = simulator._parameters
    a = np.arange(8, dtype=np.int32)
    b = np.arange(8, dtype=np.uint32)
    args = [a, b, x, y, f, g, np.zeros(8, np.int64)]
    bound = parameters.bind(args)
    checked = [
        _bind(name, type_, dtype, value)
        for name, type_, dtype, value in zip(
            parameters.names,
            parameters.types,
            parameters.dtypes,
            _flatten(args),
            strict=True,
        )
    ]
    for mine, theirs in zip(bound, checked, strict=True):
        if isinstance(theirs, np.generic):
            assert type(mine) is type(theirs) and mine == theirs
        else:
            assert mine.array.dtype == theirs.array.dtype
            assert np.shares_memory(mine.array, theirs.array)
    out = args[-1]
    simulator.run(1, 8, args)
    x64 = np.int64(checked[2]) + np.int64(checked[3])
    expected = np.arange(8) * 2 + x64 + int(checked[4] * 2.0) + int(checked[5])
    np.testing.assert_array_equal(out, expected)


STRIDED = """
def kernel(a, out, flags, halves):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = a[i] * 2
        flags[i] = a[i] % 3 == 0
        halves[i, 0] = a[i] * 0.5
        halves[i, 1] = -a[i] * 0.5
"""


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_outputs_reach_strided_and_fortran_arrays(engine: str) -> None:
    """Arrays that are views (a stride of two, Fortran order) are copied in
    and their elements copied back through the view, in their dtype."""
    module = simt.compile_python(
        "from numba import cuda\n" + STRIDED,
        "void(int32[:], int16[:], boolean[:], float32[:, :])",
    )
    a = np.arange(40, dtype=np.int32)[::2]
    backing = np.full(40, -9, np.int16)
    flags = np.zeros(20, np.bool_)
    halves = np.asfortranarray(np.zeros((20, 2), np.float32))
    simulate(module, 1, 32, [a, backing[::2], flags, halves], engine=engine)
    np.testing.assert_array_equal(backing[::2], np.arange(0, 40, 2) * 2)
    np.testing.assert_array_equal(backing[1::2], np.full(20, -9))
    np.testing.assert_array_equal(flags, np.arange(0, 40, 2) % 3 == 0)
    np.testing.assert_array_equal(halves[:, 0], np.arange(0, 40, 2) * 0.5)
    np.testing.assert_array_equal(halves[:, 1], -np.arange(0, 40, 2) * 0.5)


READ_ONLY = """
def kernel(a, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = a[i] * 2.0
"""


@pytest.mark.parametrize("engine", ["native", "reference"])
def test_an_array_the_kernel_only_reads_keeps_its_bits(engine: str) -> None:
    """An input the kernel never stores to is not written back: a signalling
    NaN in it stays signalling. (The native engine holds an `f32` as a
    float64; a round trip through it would quiet the NaN, as it did when
    every argument was copied back.)"""
    module = simt.compile_python(
        "from numba import cuda\n" + READ_ONLY, "void(float32[:], float32[:])"
    )
    a = np.arange(1, 5, dtype=np.float32)
    a.view(np.uint32)[1] = 0x7F800001
    bits = a.view(np.uint32).copy()
    out = np.zeros(4, np.float32)
    with warnings.catch_warnings():
        # numpy warns of an invalid value when it widens a signalling NaN
        warnings.simplefilter("error")
        simulate(module, 1, 32, [a, out], engine=engine)
    np.testing.assert_array_equal(a.view(np.uint32), bits)
    np.testing.assert_array_equal(out[[0, 2, 3]], [2.0, 6.0, 8.0])
    assert np.isnan(out[1])


LOOP_PAST_WAITING_LANES = """
def kernel(a, out, n):
    i = cuda.grid(1)
    v = 0
    for j in range(8):
        t = a[i * 8 + j]
        b = {vote}
        v = b % 1000 + t * 3
        if t <= 5:
            continue
        break
    out[i] = v
"""


@pytest.mark.parametrize(
    "vote", ["cuda.ballot_sync(0xFFFFFFFF, t > 3)", "t * 7 + j", "(t * 7) // (j + 1)"]
)
def test_lanes_that_left_a_loop_keep_their_values(vote: str) -> None:
    """Lanes that break out of a `cf` loop wait at the exit block with `v`
    while the others run the body again. In a block with a vote (whose value
    for the waiting lanes is the other lanes' vote) or a checked op, `v`
    merges so that the waiting lanes keep theirs; in a block of lane-wise
    ops it is written whole (`unmerge_lane_wise`: recomputed, it is their
    own value again). The native engine gives the reference engine's
    outputs (it does not when every merge is dropped, checked)."""
    module = simt.compile_python(
        "from numba import cuda\n" + LOOP_PAST_WAITING_LANES.format(vote=vote),
        "void(int32[:], int32[:], int32)",
    )
    program = Simulator(module).program
    assert program is not None
    body = [row for row in program.code if row[0] == N.ADD and row[N.MERGED]]
    assert bool(body) == ("ballot" in vote or "//" in vote)
    for seed in range(4):
        _engines_agree_on_rows(module, seed)


TICKETS_WHILE_WARPS_WAIT = """
def kernel(a, tickets, out, counter, n):
    i = cuda.grid(1)
    warp = cuda.threadIdx.x // {warp_size}
    acc = 0
    j = 0
    while j < n:
        if {start} + j > {limit} + warp * {spread}:
            break
        acc += cuda.atomic.add(counter, 0, 1) % 7
        j += 1
    {barrier}
    tickets[i] = cuda.atomic.add(counter, 0, 1)
    out[i] = acc * 100 + j
"""


@pytest.mark.parametrize("warp_size", [32, 8])
@pytest.mark.parametrize("barrier", ["cuda.syncthreads()", ""])
@pytest.mark.parametrize("start", ["a[i]", "0"])
@pytest.mark.parametrize(("limit", "spread"), [(20, 9), (12, -3)])
def test_the_order_of_steps_that_leave_warps_waiting(
    warp_size: int, barrier: str, start: str, limit: int, spread: int
) -> None:
    """Warps leave a `cf` loop at iterations that depend on the warp (and,
    from `a[i]`, lanes within a warp at their own; from 0, a warp's lanes
    all at once, without splitting it): a step of the warps still looping
    leaves the others waiting at the exit, and goes on without the
    scheduler only where the scheduler would choose the same block (not
    when it reaches the exit, where the others wait). The atomic tickets
    record the order the warps ran in; the native engine gives the
    reference engine's tickets, outputs, metrics and trace."""
    source = TICKETS_WHILE_WARPS_WAIT.format(
        warp_size=warp_size, limit=limit, spread=spread, barrier=barrier, start=start
    )
    module = simt.compile_python(
        "from numba import cuda\n" + source,
        "void(int32[:], int32[:], int32[:], int32[:], int32)",
    )
    a = np.random.default_rng(limit).integers(0, 30, 128).astype(np.int32)
    args = [a, np.zeros(128, np.int32), np.zeros(128, np.int32)]
    args += [np.zeros(1, np.int32), np.int32(24)]
    options = {"warp_size": warp_size}
    native = outcome(module, 2, 64, args, engine="native", **options)
    reference = outcome(module, 2, 64, args, engine="reference", **options)
    assert_same(native, reference)


def _engines_agree_on_rows(module: ModuleOp, seed: int) -> None:
    """`kernel(a, out, n)` over 64 rows of 8 random values in [0, 8): the
    native engine's `out` is the reference engine's."""
    a = np.random.default_rng(seed).integers(0, 8, 64 * 8).astype(np.int32)
    outs = []
    for engine in ("native", "reference"):
        out = np.zeros(64, np.int32)
        simulate(module, 2, 32, [a, out, np.int32(64)], engine=engine)
        outs.append(out)
    np.testing.assert_array_equal(outs[0], outs[1])


VOTES_ACROSS_BLOCKS = """
def kernel(a, out, n):
    i = cuda.grid(1)
    v = 0
    w = 1
    for j in range(8):
        t = a[i * 8 + j]
        b = {value}
        v = b % 1000 + t * 3 + v % 5
        if t {compare} {threshold}:
            {then}
        else:
            {other}
        w = (w * 3 + v) % 1009
    out[i] = v * 1000 + w
"""


@settings(max_examples=20, deadline=None)
@given(
    value=st.sampled_from(
        [
            "cuda.ballot_sync(0xFFFFFFFF, t > 3)",
            "cuda.any_sync(0xFFFFFFFF, t > 6)",
            "cuda.all_sync(0xFFFFFFFF, t > 1)",
            "t * 7 + j",
        ]
    ),
    compare=st.sampled_from(["<=", ">"]),
    threshold=st.integers(min_value=2, max_value=6),
    jumps=st.sampled_from([("continue", "break"), ("break", "continue")]),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_values_of_a_loop_with_votes_and_exits(
    value: str, compare: str, threshold: int, jumps: tuple[str, str], seed: int
) -> None:
    """Loops whose lanes leave at different iterations, by either branch,
    with a vote or a lane-wise value carried across blocks: the native
    engine gives the reference engine's outputs."""
    source = VOTES_ACROSS_BLOCKS.format(
        value=value,
        compare=compare,
        threshold=threshold,
        then=jumps[0],
        other=jumps[1],
    )
    module = simt.compile_python(
        "from numba import cuda\n" + source, "void(int32[:], int32[:], int32)"
    )
    _engines_agree_on_rows(module, seed)
