"""Host execution (`simt.execute`, `simt.runtime.host`): the shim's semantics.

Each test runs IR on the host and, where the result is defined by the
simulator's model (which lanes vote together, barriers), on the simulator
too: the two must agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

import simt
from simt.dialects.intrinsics import LIBM_FUNCTIONS
from simt.lowering.host import HostCompileError, Mode, host_ir
from simt.lowering.host_shim import default_switch
from simt.runtime.host import HostExecutionError, HostModule, HostResult


def parse(source: str) -> ModuleOp:
    module = Parser(simt.default_context(), source).parse_module()
    module.verify()
    return module


def both(
    source: str,
    args: Sequence[Any],
    grid: int | Sequence[int] = 1,
    block: int | Sequence[int] = 32,
    **options: Any,
) -> tuple[list[Any], list[Any]]:
    """The arguments after the simulator's run and after the host's."""
    module = parse(source)
    on_sim = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    on_host = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    simt.execute(module, grid, block, on_sim, target="sim", **options)
    simt.execute(module, grid, block, on_host, target="host", **options)
    return on_sim, on_host


def assert_same(sim: Sequence[Any], host: Sequence[Any]) -> None:
    for index, (expected, actual) in enumerate(zip(sim, host, strict=True)):
        if isinstance(expected, np.ndarray):
            np.testing.assert_array_equal(actual, expected, err_msg=f"argument {index}")


VOTES = """
func.func @k(%pred: memref<?xi32>, %any: memref<?xi1>, %all: memref<?xi1>,
             %ballot: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = memref.load %pred[%i] : memref<?xi32>
  %z = arith.constant 0 : i32
  %live = arith.cmpi sge, %p, %z : i32
  scf.if %live {
    %c = arith.cmpi ne, %p, %z : i32
    %a = simt.vote_any %c
    %l = simt.vote_all %c
    %b = simt.ballot %c : i32
    memref.store %a, %any[%i] : memref<?xi1>
    memref.store %l, %all[%i] : memref<?xi1>
    memref.store %b, %ballot[%i] : memref<?xi32>
  }
  func.return
}
"""


def test_votes_count_the_active_lanes_of_each_warp() -> None:
    pred = np.array([0, 1, 0, 1, -1, 1, 1, 1], dtype=np.int32)
    args = [pred, np.zeros(8, np.bool_), np.ones(8, np.bool_), np.full(8, -1, np.int32)]
    sim, host = both(VOTES, args, block=8, warp_size=4)
    assert_same(sim, host)
    assert list(host[3]) == [0b1010] * 4 + [-1] + [0b1110] * 3


def test_ballot_of_lane_31_sets_the_sign_bit() -> None:
    pred = np.zeros(32, dtype=np.int32)
    pred[31] = 1
    ballot = np.zeros(32, dtype=np.int32)
    args = [pred, np.zeros(32, np.bool_), np.zeros(32, np.bool_), ballot]
    simt.execute(parse(VOTES), 1, 32, args)
    assert ballot[0] == -(2**31)


FIG1_BALLOTS = """
func.func @fig1(%out: memref<?xi32>, %c1v: memref<?xi32>, %c2v: memref<?xi32>,
                %c3v: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %t = arith.constant 1 : i1
  %v1 = memref.load %c1v[%i] : memref<?xi32>
  %z1 = arith.constant 0 : i32
  %c1 = arith.cmpi ne, %v1, %z1 : i32
  cf.cond_br %c1, ^b3, ^b2
^b2:
  %v2 = memref.load %c2v[%i] : memref<?xi32>
  %c2 = arith.cmpi ne, %v2, %z1 : i32
  cf.cond_br %c2, ^b3, ^b5
^b3:
  %b3 = simt.ballot %t : i32
  %v3 = memref.load %c3v[%i] : memref<?xi32>
  %c3 = arith.cmpi ne, %v3, %z1 : i32
  cf.cond_br %c3, ^b4(%b3 : i32), ^b5
^b4(%x: i32):
  cf.br ^b6(%x : i32)
^b5:
  %b5 = simt.ballot %t : i32
  %k = arith.constant 100 : i32
  %y = arith.muli %b5, %k : i32
  cf.br ^b6(%y : i32)
^b6(%s: i32):
  memref.store %s, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_lanes_vote_together_as_on_the_simulators_reconvergence_stack() -> None:
    """Anantpur Fig. 1: B3 runs for T1 T2, then for T3; B5 for T2, T3, T4 apart."""
    out = np.zeros(4, dtype=np.int32)
    c1 = np.array([1, 1, 0, 0], dtype=np.int32)
    c2 = np.array([0, 0, 1, 0], dtype=np.int32)
    c3 = np.array([1, 0, 0, 0], dtype=np.int32)
    sim, host = both(FIG1_BALLOTS, [out, c1, c2, c3], block=4, warp_size=4)
    assert_same(sim, host)
    assert list(host[0]) == [0b0011, 100 * 0b0010, 100 * 0b0100, 100 * 0b1000]


LOOP_VOTES = """
func.func @k(%trips: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %n = memref.load %trips[%i] : memref<?xi32>
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  cf.br ^head(%z, %z : i32, i32)
^head(%k: i32, %acc: i32):
  %more = arith.cmpi slt, %k, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %odd = arith.andi %k, %one : i32
  %is_odd = arith.cmpi ne, %odd, %z : i32
  %b = simt.ballot %is_odd : i32
  %m = arith.remsi %k, %three : i32
  %stop = arith.cmpi eq, %m, %three : i32
  %acc2 = arith.addi %acc, %b : i32
  %k2 = arith.addi %k, %one : i32
  %quit = arith.cmpi sgt, %acc2, %n : i32
  cf.cond_br %quit, ^exit, ^head(%k2, %acc2 : i32, i32)
^exit:
  %r = simt.ballot %more : i32
  memref.store %r, %out[%i] : memref<?xi32>
  func.return
}
"""


@pytest.mark.parametrize("switch", ["x86_64", "ucontext"])
def test_votes_in_a_loop_with_two_exits(switch: str) -> None:
    rng = np.random.default_rng(3)
    trips = rng.integers(0, 12, 64).astype(np.int32)
    out = np.zeros(64, dtype=np.int32)
    module = parse(LOOP_VOTES)
    on_sim = [trips, out.copy()]
    simt.simulate(module, 1, 64, on_sim)
    if switch == "x86_64" and default_switch() != "x86_64":
        pytest.skip("the x86-64 context switch needs an x86-64 CPU")
    host = HostModule(module, switch=switch)
    on_host = [trips, out.copy()]
    assert host.launch(1, 64, on_host).mode is Mode.LOCKSTEP
    assert_same(on_sim, on_host)


def test_a_full_trace_waits_to_be_emptied() -> None:
    trips = np.arange(64, dtype=np.int32) % 13
    module = parse(LOOP_VOTES)
    on_sim = [trips, np.zeros(64, np.int32)]
    simt.simulate(module, 1, 64, on_sim)
    on_host = [trips, np.zeros(64, np.int32)]
    HostModule(module, trace_records=3).launch(1, 64, on_host)
    assert_same(on_sim, on_host)


CALLS = """
func.func @vote_in(%p: i1) -> i32 {
  %b = simt.ballot %p : i32
  func.return %b : i32
}
func.func @k(%a: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %v = memref.load %a[%i] : memref<?xi32>
  %z = arith.constant 0 : i32
  %neg = arith.cmpi slt, %v, %z : i32
  %big = arith.cmpi sgt, %v, %z : i32
  %r = scf.if %neg -> (i32) {
    %x = func.call @vote_in(%big) : (i1) -> i32
    scf.yield %x : i32
  } else {
    %t = arith.constant 1 : i1
    %y = func.call @vote_in(%t) : (i1) -> i32
    scf.yield %y : i32
  }
  memref.store %r, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_a_function_called_from_both_sides_of_a_branch_votes_per_side() -> None:
    a = np.array([-1, 2, -3, 4, 5, -6, 7, 8], dtype=np.int32)
    sim, host = both(CALLS, [a, np.zeros(8, np.int32)], block=8, warp_size=8)
    assert_same(sim, host)
    assert list(host[1]) == [
        0,
        0b11011010,
        0,
        0b11011010,
        0b11011010,
        0,
        0b11011010,
        0b11011010,
    ]


BARRIER = """
func.func @k(%a: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  memref.store %tid, %a[%i] : memref<?xi32>
  simt.barrier
  %one = arith.constant 1 : i32
  %n = arith.subi %bd, %one : i32
  %r = arith.subi %n, %tid : i32
  %ri = arith.addi %base, %r : i32
  %j = arith.index_cast %ri : i32 to index
  %v = memref.load %a[%j] : memref<?xi32>
  memref.store %v, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_a_barrier_orders_the_writes_of_a_block_before_its_reads() -> None:
    a, out = np.zeros(128, np.int32), np.zeros(128, np.int32)
    result = simt.execute(parse(BARRIER), 2, 64, [a, out])
    assert isinstance(result, HostResult) and result.mode is Mode.COROUTINES
    assert list(out) == list(range(63, -1, -1)) * 2


def test_barrier_kernels_over_several_waves() -> None:
    # 8 blocks of 512 threads: four waves of `COROUTINE_WAVE_THREADS` (1024).
    a, out = np.zeros(4096, np.int32), np.zeros(4096, np.int32)
    result = simt.execute(parse(BARRIER), 8, 512, [a, out])
    assert result.mode is Mode.COROUTINES
    assert list(out) == list(range(511, -1, -1)) * 8


BARRIER_THEN_DIVIDE = """
func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %v = memref.load %a[%i] : memref<?xi32>
  simt.barrier
  %q = arith.divsi %tid, %v : i32
  simt.barrier
  memref.store %q, %a[%i] : memref<?xi32>
  func.return
}
"""


def test_a_fault_between_barriers_stops_the_launch() -> None:
    a = np.ones(64, np.int32)
    a[37] = 0
    with pytest.raises(HostExecutionError, match=r"thread \(37, 0, 0\).*by zero"):
        simt.execute(parse(BARRIER_THEN_DIVIDE), 1, 64, [a])


DIVERGENT_BARRIER = """
func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %t = arith.constant 1 : i1
  %b = simt.ballot %t : i32
  %z = arith.constant 4 : i32
  %low = arith.cmpi slt, %tid, %z : i32
  scf.if %low {
    simt.barrier
  }
  memref.store %b, %a[%i] : memref<?xi32>
  func.return
}
"""


def test_a_barrier_in_divergent_control_flow_is_reported_in_lockstep_mode() -> None:
    with pytest.raises(HostExecutionError, match="divergent control flow"):
        simt.execute(parse(DIVERGENT_BARRIER), 1, 8, [np.zeros(8, np.int32)])


IDENTITY = """
func.func @k(%out: memref<?xi64>) attributes {simt.kernel} {
  %tx = simt.thread_id x : index
  %ty = simt.thread_id y : index
  %bx = simt.block_id x : index
  %by = simt.block_id y : index
  %dx = simt.block_dim x : index
  %dy = simt.block_dim y : index
  %gx = simt.grid_dim x : index
  %lane = simt.lane_id : index
  %ws = simt.warp_size : index
  %row = arith.muli %ty, %dx : index
  %t = arith.addi %row, %tx : index
  %bsize = arith.muli %dx, %dy : index
  %brow = arith.muli %by, %gx : index
  %b = arith.addi %brow, %bx : index
  %off = arith.muli %b, %bsize : index
  %g = arith.addi %off, %t : index
  %k = arith.constant 1000 : index
  %l = arith.muli %lane, %k : index
  %v1 = arith.addi %l, %ws : index
  %v = arith.index_cast %v1 : index to i64
  memref.store %v, %out[%g] : memref<?xi64>
  func.return
}
"""


def test_thread_identity_in_two_dimensions_with_a_partial_warp() -> None:
    out = np.zeros(2 * 3 * 4 * 3, dtype=np.int64)
    simt.execute(parse(IDENTITY), (2, 3), (4, 3), [out], warp_size=8)
    per_block = [1000 * (t % 8) + 8 for t in range(12)]
    assert list(out) == per_block * 6


ATOMIC_COUNTER = """
func.func @k(%counter: memref<?xi32>, %old: memref<?xi32>,
             %sum: memref<?xf32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %o = simt.atomic_add %one, %counter[%c0] : memref<?xi32>, i32
  memref.store %o, %old[%i] : memref<?xi32>
  %f = arith.sitofp %g : i32 to f32
  %s = simt.atomic_add %f, %sum[%c0] : memref<?xf32>, f32
  func.return
}
"""


def test_atomics_give_a_result_a_gpu_could_give() -> None:
    counter, old = np.zeros(1, np.int32), np.zeros(256, np.int32)
    total = np.zeros(1, np.float32)
    simt.execute(parse(ATOMIC_COUNTER), 4, 64, [counter, old, total])
    assert counter[0] == 256
    assert sorted(old) == list(range(256))
    assert total[0] == pytest.approx(sum(range(256)))


PRIVATE = """
func.func @k(%out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %buf = memref.alloca() : memref<4xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %jv = arith.index_cast %j : index to i32
    %x = arith.muli %jv, %tid : i32
    memref.store %x, %buf[%j] : memref<4xi32>
  }
  %c3 = arith.constant 3 : index
  %last = memref.load %buf[%c3] : memref<4xi32>
  %i = arith.index_cast %tid : i32 to index
  memref.store %last, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_private_arrays_are_per_thread() -> None:
    out = np.zeros(40, dtype=np.int32)
    simt.execute(parse(PRIVATE), 1, 40, [out])
    assert list(out) == [3 * t for t in range(40)]


def _kernel(body: str, params: str = "%a: memref<?xi32>") -> str:
    return f"""
func.func @k({params}) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
{body}
  func.return
}}
"""


def test_division_by_zero_is_a_located_fault() -> None:
    source = _kernel(
        """  %v = memref.load %a[%i] : memref<?xi32>
  %q = arith.divsi %tid, %v : i32
  memref.store %q, %a[%i] : memref<?xi32>"""
    )
    a = np.ones(8, np.int32)
    a[5] = 0
    with pytest.raises(HostExecutionError, match=r"thread \(5, 0, 0\).*'sdiv' by zero"):
        simt.execute(parse(source), 1, 8, [a])


def test_a_store_outside_every_array_is_a_fault_not_a_crash() -> None:
    source = _kernel(
        """  %c = arith.constant 1000000 : index
  %j = arith.addi %i, %c : index
  memref.store %tid, %a[%j] : memref<?xi32>"""
    )
    with pytest.raises(HostExecutionError, match="outside every array"):
        simt.execute(parse(source), 1, 4, [np.zeros(4, np.int32)])


def test_a_private_array_overrun_is_a_fault() -> None:
    source = _kernel(
        """  %buf = memref.alloca() : memref<4xi32>
  memref.store %tid, %buf[%i] : memref<4xi32>"""
    )
    with pytest.raises(HostExecutionError, match=r"thread \(4, 0, 0\)"):
        simt.execute(parse(source), 1, 8, [np.zeros(8, np.int32)])


def test_a_shift_by_the_bit_width_is_a_fault() -> None:
    source = _kernel(
        """  %s = arith.shli %tid, %tid : i32
  memref.store %s, %a[%i] : memref<?xi32>"""
    )
    with pytest.raises(HostExecutionError, match="shift"):
        simt.execute(parse(source), 1, 40, [np.zeros(40, np.int32)])


def test_without_checks_the_code_is_what_the_gpu_gets() -> None:
    source = _kernel(
        """  %v = memref.load %a[%i] : memref<?xi32>
  %q = arith.divsi %tid, %v : i32
  memref.store %q, %a[%i] : memref<?xi32>"""
    )
    checked = host_ir(parse(source))
    unchecked = host_ir(parse(source), checks=False)
    assert "__simt_check_range" in checked.text and "__simt_fault_if" in checked.text
    assert "__simt_check" not in unchecked.text and "__simt_fault" not in unchecked.text
    a = np.arange(1, 9, dtype=np.int32)
    simt.execute(parse(source), 1, 8, [a], checks=False)
    assert list(a) == [t // (t + 1) for t in range(8)]


def test_arguments_are_checked_against_the_signature() -> None:
    module = parse(_kernel("", "%a: memref<?xi32>, %n: i32"))
    host = HostModule(module)
    with pytest.raises(HostExecutionError, match="dtype int32"):
        host.launch(1, 1, [np.zeros(4, np.int64), 1])
    with pytest.raises(HostExecutionError, match="takes 2 arguments"):
        host.launch(1, 1, [np.zeros(4, np.int32)])
    with pytest.raises(HostExecutionError, match="out of range"):
        host.launch(1, 1, [np.zeros(4, np.int32), 2**40])
    frozen = np.zeros(4, np.int32)
    frozen.flags.writeable = False
    with pytest.raises(HostExecutionError, match="read-only"):
        host.launch(1, 1, [frozen, 1])
    with pytest.raises(HostExecutionError, match="warp_size"):
        host.launch(1, 1, [np.zeros(4, np.int32), 1], warp_size=64)


def test_an_nvvm_intrinsic_without_a_shim_is_an_error() -> None:
    from llvmlite import ir

    from simt.lowering.host import retarget

    module = ir.Module()
    i32 = ir.IntType(32)
    kernel = ir.Function(module, ir.FunctionType(ir.VoidType(), []), "k")
    kernel.calling_convention = "ptx_kernel"
    unknown = ir.Function(
        module, ir.FunctionType(i32, []), "llvm.nvvm.read.ptx.sreg.clock"
    )
    builder = ir.IRBuilder(kernel.append_basic_block())
    builder.call(unknown, [])
    builder.ret_void()
    with pytest.raises(HostCompileError, match=r"llvm\.nvvm\.read\.ptx\.sreg\.clock"):
        retarget(module)


def test_execute_on_the_simulator_returns_its_metrics() -> None:
    out = np.zeros(40, dtype=np.int32)
    result = simt.execute(parse(PRIVATE), 1, 40, [out], target="sim")
    assert result.stats.issued > 0
    assert list(out) == [3 * t for t in range(40)]
    with pytest.raises(HostExecutionError, match="target"):
        simt.execute(parse(PRIVATE), 1, 40, [out], target="gpu")  # pyright: ignore[reportArgumentType]


NEVER_ENDS = """
from numba import cuda


@cuda.jit("void(int64[:])")
def spin(a):
    i = cuda.grid(1)
    while a[i] >= 0:
        a[i] = (a[i] + 1) % 7


@cuda.jit("void(int64[:])")
def spin_at_barriers(a):
    i = cuda.grid(1)
    while a[i] >= 0:
        a[i] = (a[i] + 1) % 7
        cuda.syncthreads()


@cuda.jit("void(int64[:])")
def spin_and_vote(a):
    i = cuda.grid(1)
    while a[i] >= 0:
        a[i] = (a[i] + 1) % 7
        if cuda.any_sync(0xFFFFFFFF, a[i] == 100):
            a[i] = 3
"""


@pytest.mark.parametrize(
    ("kernel", "mode"),
    [
        ("spin", Mode.DIRECT),
        ("spin_at_barriers", Mode.FIBERS),
        ("spin_and_vote", Mode.LOCKSTEP),
    ],
)
def test_a_kernel_that_never_ends_stops_at_the_step_limit(
    kernel: str, mode: Mode
) -> None:
    module = simt.compile_python(NEVER_ENDS, "void(int64[:])", kernel)
    host = HostModule(module)
    assert host.kernel_entry(None)[1].mode in (mode, Mode.COROUTINES)
    with pytest.raises(HostExecutionError, match="step limit reached"):
        host.launch(2, 64, [np.zeros(128, np.int64)], step_limit=20_000)


def test_the_step_limit_counts_the_visits_of_loop_headers() -> None:
    """n iterations of a `for` visit its header n + 1 times (the last to exit):
    999 iterations run under a limit of 1000, 1000 do not."""
    source = """
from numba import cuda


@cuda.jit("void(int64[:], int64)")
def count(a, n):
    s = 0
    for k in range(n):
        s += k
    a[0] = s
"""
    host = HostModule(simt.compile_python(source, "void(int64[:], int64)"))
    a = np.zeros(1, np.int64)
    host.launch(1, 1, [a, np.int64(999)], step_limit=1000)
    assert a[0] == 998 * 999 // 2
    with pytest.raises(HostExecutionError, match="step limit"):
        host.launch(1, 1, [a, np.int64(1000)], step_limit=1000)


# ---------------------------------------------------------------------------
# Warp and block primitives (`simt.dialects.intrinsics`): host against the
# simulator, whose semantics (`simt.sim.intrinsics`) are the specification
# ---------------------------------------------------------------------------

PRIMITIVE = """
func.func @k(%act: memref<?xi32>, %masks: memref<?xi32>, %x: memref<?x{T}>,
             %d: memref<?xi32>, %out: memref<?x{R}>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %a = memref.load %act[%i] : memref<?xi32>
  %zero = arith.constant 0 : i32
  %on = arith.cmpi ne, %a, %zero : i32
  scf.if %on {{
    %m = memref.load %masks[%i] : memref<?xi32>
    %v = memref.load %x[%i] : memref<?x{T}>
    %off = memref.load %d[%i] : memref<?xi32>
    %p = arith.cmpi ne, %off, %zero : i32
    {BODY}
    memref.store %r, %out[%i] : memref<?x{R}>
  }}
  func.return
}}
"""
"""Active lanes (`act`), each with its member mask, run `BODY` on `v`, `off`
and the predicate `p` (`off != 0`); `%r` is stored."""

LANES = 48
"""Threads of the primitive tests' block: a whole warp and a partial one."""

DTYPES = {"i32": np.int32, "i64": np.int64, "f32": np.float32, "f64": np.float64}


def partition(
    rng: np.random.Generator, lanes: int = LANES, warp: int = 32
) -> tuple[np.ndarray, np.ndarray]:
    """Active flags and, per lane, the mask of the active lanes of its group
    (random groups of each warp's active lanes: a legal set of member masks)."""
    active = rng.integers(0, 4, lanes) != 0
    groups = rng.integers(0, 3, lanes)
    masks = np.zeros(lanes, dtype=np.int64)
    for lane in range(lanes):
        first = lane - lane % warp
        for other in range(first, min(first + warp, lanes)):
            if active[other] and groups[other] == groups[lane]:
                masks[lane] |= 1 << (other % warp)
    return active.astype(np.int32), masks.astype(np.uint32).view(np.int32)


def primitive_args(
    rng: np.random.Generator, t: str, r: str, offsets: np.ndarray
) -> list[Any]:
    active, masks = partition(rng)
    x = (rng.integers(-50, 50, LANES) * 1.5).astype(DTYPES[t])
    return [active, masks, x, offsets.astype(np.int32), np.zeros(LANES, DTYPES[r])]


@pytest.mark.parametrize("mode", ["idx", "up", "down", "xor"])
@pytest.mark.parametrize("t", ["i32", "f32", "i64", "f64"])
def test_shuffles_agree_with_the_simulator(mode: str, t: str) -> None:
    rng = np.random.default_rng(sum(map(ord, mode + t)))
    body = f"%r = simt.shfl {mode} %m, %v, %off : {t}"
    source = PRIMITIVE.format(T=t, R=t, BODY=body)
    for _ in range(3):
        offsets = rng.integers(0, 40, LANES)
        args = primitive_args(rng, t, t, offsets)
        sim, host = both(source, args, block=LANES)
        assert_same(sim, host)


@pytest.mark.parametrize("mode", ["any", "all", "eq", "ballot"])
def test_votes_with_member_masks_agree_with_the_simulator(mode: str) -> None:
    rng = np.random.default_rng(sum(map(ord, mode)))
    if mode == "ballot":
        body = "%r = simt.vote_sync ballot %m, %p : i32"
    else:
        body = f"%q = simt.vote_sync {mode} %m, %p : i1\n    %r = arith.extui %q : i1 to i32"
    source = PRIMITIVE.format(T="i32", R="i32", BODY=body)
    for _ in range(4):
        args = primitive_args(rng, "i32", "i32", rng.integers(0, 2, LANES))
        sim, host = both(source, args, block=LANES)
        assert_same(sim, host)


@pytest.mark.parametrize("t", ["i32", "i64", "f32", "f64"])
def test_match_any_and_match_all_agree_with_the_simulator(t: str) -> None:
    rng = np.random.default_rng(sum(map(ord, t)))
    body = (
        f"%ma = simt.match_any %m, %v : {t}\n"
        f"    %mb, %same = simt.match_all %m, %v : {t}\n"
        "    %s = arith.extui %same : i1 to i32\n"
        "    %c16 = arith.constant 16 : i32\n"
        "    %hi = arith.shli %s, %c16 : i32\n"
        "    %mix = arith.xori %ma, %mb : i32\n"
        "    %r = arith.addi %mix, %hi : i32"
    )
    source = PRIMITIVE.format(T=t, R="i32", BODY=body)
    for _ in range(4):
        args = primitive_args(rng, t, "i32", np.zeros(LANES))
        args[2] = (rng.integers(0, 2, LANES) * 2.5).astype(args[2].dtype)
        sim, host = both(source, args, block=LANES)
        assert_same(sim, host)


def test_a_full_mask_in_a_partial_warp_counts_only_the_lanes_that_exist() -> None:
    """PTX counts the non-exited lanes of a member mask: in the 16-lane second
    warp of 48 threads, `all_sync(0xffffffff, true)` holds and
    `match_all_sync(0xffffffff, v)` of equal values returns those 16 lanes."""
    body = (
        "%q = simt.vote_sync all %m, %p : i1\n"
        "    %e = simt.vote_sync eq %m, %p : i1\n"
        "    %mb, %same = simt.match_all %m, %v : i32\n"
        "    %ya = arith.extui %q : i1 to i32\n"
        "    %yb = arith.extui %e : i1 to i32\n"
        "    %yc = arith.extui %same : i1 to i32\n"
        "    %yab = arith.addi %ya, %yb : i32\n"
        "    %yabc = arith.addi %yab, %yc : i32\n"
        "    %r = arith.xori %mb, %yabc : i32"
    )
    source = PRIMITIVE.format(T="i32", R="i32", BODY=body)
    full = np.full(LANES, -1, np.int32)
    args = [full != 0, full, np.full(LANES, 7, np.int32), np.ones(LANES, np.int32)]
    args = [args[0].astype(np.int32), *args[1:], np.zeros(LANES, np.int32)]
    sim, host = both(source, args, block=LANES)
    assert_same(sim, host)
    lanes = np.array([0xFFFFFFFF] * 32 + [0xFFFF] * 16, np.uint32).view(np.int32)
    assert sim[4].tolist() == (lanes ^ 3).tolist()


def test_activemask_lanemask_syncwarp_and_fences_agree_with_the_simulator() -> None:
    body = (
        "simt.syncwarp %m\n"
        "    simt.fence block\n"
        "    %am = simt.activemask : i32\n"
        "    simt.fence device\n"
        "    %lt = simt.lanemask_lt : i32\n"
        "    simt.fence system\n"
        "    %r = arith.xori %am, %lt : i32"
    )
    source = PRIMITIVE.format(T="i32", R="i32", BODY=body)
    rng = np.random.default_rng(5)
    for _ in range(3):
        args = primitive_args(rng, "i32", "i32", np.zeros(LANES))
        args[1] = np.where(args[0] != 0, _activemask(args[0]), 0).astype(np.int32)
        sim, host = both(source, args, block=LANES)
        assert_same(sim, host)


def _activemask(active: np.ndarray, warp: int = 32) -> np.ndarray:
    masks = np.zeros(len(active), dtype=np.int64)
    for lane in range(len(active)):
        first = lane - lane % warp
        bits = [o % warp for o in range(first, min(first + warp, len(active)))]
        masks[lane] = sum(1 << b for b in bits if active[first + b])
    return masks.astype(np.uint32).view(np.int32)


DIVERGENT_SHUFFLES = """
func.func @k(%x: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %v = memref.load %x[%i] : memref<?xi32>
  %three = arith.constant 3 : i32
  %rem = arith.remsi %v, %three : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %left = arith.cmpi eq, %rem, %zero : i32
  cf.cond_br %left, ^a, ^b
^a:
  %m1 = simt.activemask : i32
  %s1 = simt.shfl down %m1, %v, %one : i32
  %u1 = simt.shfl up %m1, %s1, %three : i32
  cf.br ^join(%u1 : i32)
^b:
  %m2 = simt.activemask : i32
  %s2 = simt.shfl xor %m2, %v, %one : i32
  %c5 = arith.constant 5 : i32
  %t2 = simt.shfl idx %m2, %s2, %c5 : i32
  cf.br ^join(%t2 : i32)
^join(%y: i32):
  %m3 = simt.activemask : i32
  %b = simt.vote_sync ballot %m3, %left : i32
  %k = simt.match_any %m3, %rem : i32
  %z = arith.xori %y, %b : i32
  %w = arith.addi %z, %k : i32
  memref.store %w, %out[%i] : memref<?xi32>
  func.return
}
"""


def test_shuffles_on_both_sides_of_a_divergent_branch() -> None:
    """Each side's shuffles see only that side's lanes (the simulator runs the
    sides one after the other); the lanes meet again at the join."""
    rng = np.random.default_rng(11)
    x = rng.integers(0, 1000, 56).astype(np.int32)
    sim, host = both(DIVERGENT_SHUFFLES, [x, np.zeros(56, np.int32)], block=56)
    assert_same(sim, host)
    sim, host = both(
        DIVERGENT_SHUFFLES, [x[:24], np.zeros(24, np.int32)], block=24, warp_size=8
    )
    assert_same(sim, host)


@pytest.mark.parametrize(
    ("masks", "message"),
    [
        (lambda active: np.where(active != 0, 1, 0), "does not name this lane"),
        (lambda active: np.full(len(active), -1), "does not take part"),
    ],
)
def test_a_member_mask_that_breaks_the_rules_is_an_error_on_both(
    masks: Any, message: str
) -> None:
    source = PRIMITIVE.format(
        T="i32", R="i32", BODY="%r = simt.shfl idx %m, %v, %off : i32"
    )
    active = np.ones(LANES, np.int32)
    active[7] = 0
    args = [active, masks(active).astype(np.int32), np.arange(LANES, dtype=np.int32)]
    args += [np.zeros(LANES, np.int32), np.zeros(LANES, np.int32)]
    with pytest.raises(simt.SimulationError, match=message):
        simt.execute(parse(source), 1, LANES, args, target="sim")
    with pytest.raises(HostExecutionError, match=message):
        simt.execute(parse(source), 1, LANES, args)


def test_a_full_mask_in_a_partial_warp_is_legal() -> None:
    """Lanes that do not exist may be named (the simulator's rule)."""
    source = PRIMITIVE.format(
        T="i32", R="i32", BODY="%r = simt.vote_sync ballot %m, %p : i32"
    )
    args = [np.ones(40, np.int32), np.full(40, -1, np.int32), np.zeros(40, np.int32)]
    args += [np.arange(40, dtype=np.int32) % 3, np.zeros(40, np.int32)]
    sim, host = both(source, args, block=40)
    assert_same(sim, host)


BARRIER_REDUCTIONS = """
func.func @k(%x: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %v = memref.load %x[%i] : memref<?xi32>
  %zero = arith.constant 0 : i32
  %p = arith.cmpi sgt, %v, %zero : i32
  %n = simt.barrier_reduce count %p
  %all = simt.barrier_reduce and %p
  %any = simt.barrier_reduce or %p
  %c100 = arith.constant 100 : i32
  %c10 = arith.constant 10 : i32
  %a = arith.muli %n, %c100 : i32
  %b = arith.muli %all, %c10 : i32
  %s = arith.addi %a, %b : i32
  %r = arith.addi %s, %any : i32
  {EXTRA}
  memref.store %t, %out[%i] : memref<?xi32>
  func.return
}
"""


@pytest.mark.parametrize(
    ("extra", "mode"),
    [
        ("%t = arith.addi %r, %zero : i32", Mode.FIBERS),
        (
            "%tr = arith.constant 1 : i1\n  %bal = simt.ballot %tr : i32\n"
            "  %t = arith.xori %r, %bal : i32",
            Mode.LOCKSTEP,
        ),
    ],
)
def test_barrier_reductions_count_the_block(extra: str, mode: Mode) -> None:
    source = BARRIER_REDUCTIONS.replace("{EXTRA}", extra)
    rng = np.random.default_rng(2)
    x = rng.integers(-3, 3, 3 * 40).astype(np.int32)
    x[40:80] = np.abs(x[40:80]) + 1
    x[80:] = -np.abs(x[80:])
    sim, host = both(source, [x, np.zeros(120, np.int32)], grid=3, block=40)
    assert_same(sim, host)
    assert HostModule(parse(source)).kernel_entry(None)[1].mode is mode
    if mode is Mode.FIBERS:
        assert list(host[1][[40, 80]]) == [40 * 100 + 10 + 1, 0]


ATOMICS = """
func.func @k(%ints: memref<?xi32>, %uints: memref<?xi64>, %floats: memref<?xf32>,
             %doubles: memref<?xf64>, %v: memref<?xi32>, %f: memref<?xf32>,
             %old: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %c8 = arith.constant 8 : i32
  %slot = arith.remui %tid, %c8 : i32
  %j = arith.index_cast %slot : i32 to index
  %x = memref.load %v[%i] : memref<?xi32>
  %y = memref.load %f[%i] : memref<?xf32>
  %yd = arith.extf %y : f32 to f64
  %xl = arith.extsi %x : i32 to i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %five = arith.constant 5 : i32
  %o1 = simt.atomic max %x, %ints[%c0] : memref<?xi32>, i32
  %o2 = simt.atomic min %x, %ints[%c1] : memref<?xi32>, i32
  %o3 = simt.atomic umax %x, %ints[%c2] : memref<?xi32>, i32
  %o4 = simt.atomic umin %x, %ints[%c3] : memref<?xi32>, i32
  %o5 = simt.atomic inc %five, %ints[%c4] : memref<?xi32>, i32
  %o6 = simt.atomic dec %five, %ints[%c5] : memref<?xi32>, i32
  %o7 = simt.atomic xor %x, %ints[%c6] : memref<?xi32>, i32
  %o8 = simt.atomic_cas %tid, %x, %ints[%c7] : memref<?xi32>, i32
  %p1 = simt.atomic add %xl, %uints[%c0] : memref<?xi64>, i64
  %p2 = simt.atomic umin %xl, %uints[%c1] : memref<?xi64>, i64
  %p3 = simt.atomic and %xl, %uints[%c2] : memref<?xi64>, i64
  %p4 = simt.atomic or %xl, %uints[%c3] : memref<?xi64>, i64
  %f1 = simt.atomic max %y, %floats[%c0] : memref<?xf32>, f32
  %f2 = simt.atomic min %y, %floats[%c1] : memref<?xf32>, f32
  %f3 = simt.atomic nanmax %y, %floats[%c2] : memref<?xf32>, f32
  %f4 = simt.atomic nanmin %y, %floats[%c3] : memref<?xf32>, f32
  %d1 = simt.atomic max %yd, %doubles[%c0] : memref<?xf64>, f64
  %d2 = simt.atomic nanmin %yd, %doubles[%c1] : memref<?xf64>, f64
  %d3 = simt.atomic sub %yd, %doubles[%c2] : memref<?xf64>, f64
  %q = simt.atomic exch %x, %old[%i] : memref<?xi32>, i32
  func.return
}
"""


def test_every_atomic_agrees_with_the_simulator() -> None:
    """The final values (each element sees the same set of updates, in any
    order) and the old value of an exchange on a lane's own element."""
    rng = np.random.default_rng(4)
    n = 70
    v = rng.integers(-9, 9, n).astype(np.int32)
    f = rng.normal(size=n).astype(np.float32)
    f[[3, 40]] = np.nan
    ints = np.array([0, 0, 7, -1, 2, 3, 0x0F0F, 50], np.int32)
    uints = np.array([0, -1, -1, 0], np.int64)
    floats = np.array([0.0, 0.0, np.nan, 1.0], np.float32)
    doubles = np.array([np.nan, 5.0, 0.0], np.float64)
    old = np.arange(n, dtype=np.int32)
    args = [ints, uints, floats, doubles, v, f, old]
    sim, host = both(ATOMICS, args, grid=1, block=n)
    np.testing.assert_array_equal(host[0][:7], sim[0][:7])
    for index in (1, 2, 3, 6):
        np.testing.assert_array_equal(host[index], sim[index])
    np.testing.assert_allclose(host[3][2], sim[3][2], rtol=1e-12)


LIBM = """
func.func @k(%x: memref<?x{T}>, %y: memref<?x{T}>, %n: memref<?xi32>,
             %out: memref<?x{T}>, %ints: memref<?xi32>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %a = memref.load %x[%i] : memref<?x{T}>
  %b = memref.load %y[%i] : memref<?x{T}>
  %e = memref.load %n[%i] : memref<?xi32>
  {BODY}
  memref.store %r, %out[%i] : memref<?x{T}>
  memref.store %k, %ints[%i] : memref<?xi32>
  func.return
}}
"""


def _libm_body(function: str, t: str) -> str:
    zero = "%k = arith.constant 0 : i32"
    if function in ("frexp", "modf"):
        second = "i32" if function == "frexp" else t
        body = f'%q, %s = simt.libm "{function}"(%a) : ({t}) -> ({t}, {second})'
        if function == "frexp":
            return (
                body
                + f"\n  %k = arith.addi %s, %e : i32\n  %r = arith.addf %q, %q : {t}"
            )
        # (integral - fractional): distinct if the two results were swapped
        return body + f"\n  %r = arith.subf %s, %q : {t}\n  {zero}"
    if function == "ldexp":
        return f'%r = simt.libm "ldexp"(%a, %e) : ({t}, i32) -> {t}\n  {zero}'
    if function == "acosh":
        return f"%r = math.acosh %a : {t}\n  {zero}"
    if function == "fpowi":
        return f"%r = math.fpowi %a, %e : {t}, i32\n  {zero}"
    if LIBM_FUNCTIONS[function].operands == "ff":
        return f'%r = simt.libm "{function}"(%a, %b) : ({t}, {t}) -> {t}\n  {zero}'
    return f'%r = simt.libm "{function}"(%a) : ({t}) -> {t}\n  {zero}'


@pytest.mark.parametrize("t", ["f32", "f64"])
@pytest.mark.parametrize("function", [*LIBM_FUNCTIONS, "acosh", "fpowi"])
def test_libdevice_functions_agree_with_the_simulator(function: str, t: str) -> None:
    """Every libdevice function the lowering calls: the float versions round
    the double result once, as the simulator does, so they agree exactly; the
    double functions agree but for the last bits where the C library and
    numpy or CPython's `math` differ (`tgamma`, `lgamma`: a few ulp)."""
    dtype = DTYPES[t]
    special = [0.0, -0.0, 0.5, 1.0, -1.0, 1.5, -2.0, 2.5, np.inf, -np.inf, np.nan, 3.0]
    rng = np.random.default_rng(sum(map(ord, function)))
    x = np.concatenate([special, rng.normal(size=20) * 4]).astype(dtype)
    y = np.concatenate([special[::-1], rng.normal(size=20) * 4]).astype(dtype)
    n = rng.integers(-6, 7, len(x)).astype(np.int32)
    size = len(x)
    args = [x, y, n, np.zeros(size, dtype), np.zeros(size, np.int32)]
    source = LIBM.format(T=t, BODY=_libm_body(function, t))
    sim, host = both(source, args, block=size)
    np.testing.assert_array_equal(host[4], sim[4])
    if t == "f32":
        np.testing.assert_array_equal(host[3], sim[3])
    else:
        np.testing.assert_allclose(host[3], sim[3], rtol=1e-14, atol=0)


MATH_UNARY = (
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
    "sinh", "cosh", "tanh", "asin", "acos", "atan", "asinh", "atanh", "erf",
    "cbrt", "rsqrt",
)  # fmt: skip


@pytest.mark.parametrize("t", ["f32", "f64"])
def test_every_math_op_lowered_to_libdevice_runs_on_the_host(t: str) -> None:
    """The `math` ops that call libdevice (`simt.lowering.rules`), all in one
    kernel: each has a host definition and agrees with the simulator (to the
    last bits where numpy and the C library differ)."""
    lines = [f"%u{k} = math.{name} %a : {t}" for k, name in enumerate(MATH_UNARY)]
    lines += [f"%b0 = math.atan2 %a, %b : {t}", f"%b1 = math.powf %a, %b : {t}"]
    names = [f"%u{k}" for k in range(len(MATH_UNARY))] + ["%b0", "%b1"]
    total = names[0]
    for k, name in enumerate(names[1:]):
        lines.append(f"%s{k} = arith.addf {total}, {name} : {t}")
        total = f"%s{k}"
    lines += [f"%r = arith.addf {total}, {total} : {t}", "%k = arith.constant 0 : i32"]
    source = LIBM.format(T=t, BODY="\n  ".join(lines))
    dtype = DTYPES[t]
    rng = np.random.default_rng(9)
    x = rng.uniform(0.05, 0.95, 32).astype(dtype)
    y = rng.uniform(-2, 2, 32).astype(dtype)
    args = [x, y, np.zeros(32, np.int32), np.zeros(32, dtype), np.zeros(32, np.int32)]
    sim, host = both(source, args)
    np.testing.assert_allclose(host[3], sim[3], rtol=1e-5 if t == "f32" else 1e-13)
