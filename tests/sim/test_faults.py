"""Every fault stops the simulation with a message naming op, location, thread, value."""

from __future__ import annotations

import numpy as np
import pytest

from simt.sim import SimulationError

LOAD = """
func.func @k(%a: memref<?xi32>, %out: memref<?xi32>, %off: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %gi = arith.addi %g, %off : i32
  %i = arith.index_cast %gi : i32 to index
  %v = memref.load %a[%i] : memref<?xi32> loc("kernel.py":7:8)
  %o = arith.index_cast %g : i32 to index
  memref.store %v, %out[%o] : memref<?xi32> loc("kernel.py":8:4)
  func.return
}
"""


def test_out_of_bounds_load(run):
    a = np.zeros(128, dtype=np.int32)
    with pytest.raises(SimulationError) as info:
        run(LOAD, [a, np.zeros(256, np.int32), 64], grid=2, block=128)
    message = str(info.value)
    assert message == (
        "kernel.py:7:8: memref.load out of bounds: index 128 for array 'a' of "
        "length 128 at thread (block 0, thread 64)"
    )


def test_negative_index_load(run):
    with pytest.raises(
        SimulationError, match=r"index -3 for array 'a'.*thread \(block 0, thread 0\)"
    ):
        run(LOAD, [np.zeros(8, np.int32), np.zeros(8, np.int32), -3], block=8)


def test_out_of_bounds_store_names_the_output_array(run, parse):
    with pytest.raises(SimulationError) as info:
        run(LOAD, [np.zeros(64, np.int32), np.zeros(40, np.int32), 0], block=64)
    message = str(info.value)
    assert (
        "memref.store out of bounds: index 40 for array 'out' of length 40" in message
    )
    assert "thread (block 0, thread 40)" in message and message.startswith(
        "kernel.py:8:4: "
    )


LOAD_2D = """
func.func @k(%a: memref<4x8xi32>, %rows: memref<?xi32>, %cols: memref<?xi32>,
             %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %t = arith.index_cast %tid : i32 to index
  %r = memref.load %rows[%t] : memref<?xi32>
  %c = memref.load %cols[%t] : memref<?xi32>
  %ri = arith.index_cast %r : i32 to index
  %ci = arith.index_cast %c : i32 to index
  %v = memref.load %a[%ri, %ci] : memref<4x8xi32> loc("kernel.py":5:8)
  memref.store %v, %out[%t] : memref<?xi32>
  func.return
}
"""


@pytest.mark.parametrize(
    ("bad_rows", "bad_cols", "expected"),
    [
        # a lane out of bounds in dimension 0 is reported before an earlier
        # lane out of bounds in dimension 1 only
        ({50: 4}, {3: 8}, "index 4 in dimension 0 for array 'a' of shape (4, 8)"
         " at thread (block 0, thread 50)"),
        ({40: 9, 20: -1}, {}, "index -1 in dimension 0 for array 'a' of shape (4, 8)"
         " at thread (block 0, thread 20)"),
        ({}, {60: 8, 5: -2}, "index -2 in dimension 1 for array 'a' of shape (4, 8)"
         " at thread (block 0, thread 5)"),
    ],
)  # fmt: skip
def test_multi_dimensional_fault_names_lowest_dimension_then_first_thread(
    run, bad_rows: dict[int, int], bad_cols: dict[int, int], expected: str
):
    """The reference checks dimension after dimension over all lanes; the
    native engine must name the same lane (two warps of lanes here)."""
    rows = np.arange(64, dtype=np.int32) % 4
    cols = np.arange(64, dtype=np.int32) % 8
    for lane, value in bad_rows.items():
        rows[lane] = value
    for lane, value in bad_cols.items():
        cols[lane] = value
    a = np.arange(32, dtype=np.int32).reshape(4, 8)
    with pytest.raises(SimulationError) as info:
        run(LOAD_2D, [a, rows, cols, np.zeros(64, np.int32)], block=64)
    assert str(info.value) == "kernel.py:5:8: memref.load out of bounds: " + expected


def test_multi_dimensional_load_in_bounds(run):
    rows = np.arange(64, dtype=np.int32) % 4
    cols = (np.arange(64, dtype=np.int32) * 3) % 8
    a = np.arange(32, dtype=np.int32).reshape(4, 8)
    out = np.zeros(64, np.int32)
    run(LOAD_2D, [a, rows, cols, out], block=64)
    np.testing.assert_array_equal(out, a[rows, cols])


def test_a_faulting_store_stores_in_no_lane(run):
    """The lanes' indices are checked before any lane stores: the lanes
    below the one out of bounds store nothing either (both engines copy the
    memory back after a fault)."""
    out = np.full(40, -1, np.int32)
    with pytest.raises(SimulationError, match="index 40 for array 'out'"):
        run(LOAD, [np.arange(64, dtype=np.int32), out, 0], block=64)
    np.testing.assert_array_equal(out, np.full(40, -1, np.int32))


def test_inactive_lanes_do_not_fault(run):
    source = """
    func.func @k(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %in = arith.cmpi slt, %tid, %n : i32
      scf.if %in {
        %i = arith.index_cast %tid : i32 to index
        %z = arith.constant 0 : i32
        %q = arith.divsi %tid, %tid : i32
        memref.store %q, %a[%i] : memref<?xi32>
      }
      func.return
    }"""
    with pytest.raises(
        SimulationError,
        match=r"arith.divsi division by zero at thread \(block 0, thread 0\)",
    ):
        run(source, [np.zeros(64, np.int32), 10], block=64)
    a = np.zeros(10, np.int32)
    source_from_one = source.replace(
        "%q = arith.divsi %tid, %tid", "%q = arith.divsi %n, %tid"
    )
    with pytest.raises(SimulationError, match="thread 0"):
        run(source_from_one, [a, 10], block=64)


DIVIDE = """
func.func @k(%a: memref<?xi32>, %b: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %x = memref.load %a[%i] : memref<?xi32>
  %y = memref.load %b[%i] : memref<?xi32>
  %q = OP %x, %y : i32 loc("div.py":3:9)
  memref.store %q, %a[%i] : memref<?xi32>
  func.return
}
"""


@pytest.mark.parametrize(
    "op",
    [
        "arith.divsi",
        "arith.remsi",
        "arith.divui",
        "arith.remui",
        "arith.floordivsi",
        "arith.ceildivsi",
    ],
)
def test_division_by_zero(run, op: str):
    a = np.array([5, 6, 7, 8], dtype=np.int32)
    b = np.array([1, 2, 0, 0], dtype=np.int32)
    with pytest.raises(SimulationError) as info:
        run(DIVIDE.replace("OP", op), [a, b], block=4)
    assert (
        str(info.value)
        == f"div.py:3:9: {op} division by zero at thread (block 0, thread 2)"
    )


def test_signed_division_overflow(run):
    a = np.array([-(2**31)], dtype=np.int32)
    b = np.array([-1], dtype=np.int32)
    with pytest.raises(
        SimulationError, match=r"arith.divsi signed division overflow: -2147483648 / -1"
    ):
        run(DIVIDE.replace("OP", "arith.divsi"), [a, b], block=1)


def test_shift_amount_too_large(run):
    a = np.array([1, 1], dtype=np.int32)
    b = np.array([3, 32], dtype=np.int32)
    with pytest.raises(
        SimulationError,
        match=r"arith.shli shift amount 32 is not below the bit width 32 at thread \(block 0, thread 1\)",
    ):
        run(DIVIDE.replace("OP", "arith.shli"), [a, b], block=2)


def test_fptosi_out_of_range(run):
    source = """
    func.func @k(%a: memref<?xf64>, %o: memref<?xi32>) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %i = arith.index_cast %tid : i32 to index
      %x = memref.load %a[%i] : memref<?xf64>
      %y = arith.fptosi %x : f64 to i32
      memref.store %y, %o[%i] : memref<?xi32>
      func.return
    }"""
    with pytest.raises(
        SimulationError,
        match=r"arith.fptosi of nan is out of the range of i32 at thread \(block 0, thread 1\)",
    ):
        run(source, [np.array([1.0, np.nan]), np.zeros(2, np.int32)], block=2)


def test_dtype_mismatch_names_the_argument(run):
    with pytest.raises(SimulationError) as info:
        run(LOAD, [np.zeros(8, np.int64), np.zeros(8, np.int32), 0], block=8)
    assert str(info.value) == (
        "argument 'a' of type memref<?xi32> needs an array of dtype int32, found dtype int64"
    )


def test_argument_names_come_from_the_kernel(run):
    source = LOAD.replace(
        "attributes {simt.kernel}",
        'attributes {simt.kernel, simt.arg_names = ["a", "out", "off"]}',
    )
    with pytest.raises(
        SimulationError, match="argument 'off' of type i32: 4294967296 is out of range"
    ):
        run(source, [np.zeros(8, np.int32), np.zeros(8, np.int32), 2**32], block=8)
    with pytest.raises(
        SimulationError,
        match="argument 'out' of type memref<\\?xi32> needs a numpy array, found list",
    ):
        run(source, [np.zeros(8, np.int32), [0] * 8, 0], block=8)
    with pytest.raises(
        SimulationError, match=r"@k takes 3 arguments \(a, out, off\), found 2"
    ):
        run(source, [np.zeros(8, np.int32), np.zeros(8, np.int32)], block=8)


def test_unsupported_op(run):
    source = """
    func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<?xi32>
      %y = math.ipowi %x, %x : i32 loc("k.py":4:2)
      memref.store %y, %a[%c0] : memref<?xi32>
      func.return
    }"""
    with pytest.raises(SimulationError) as info:
        run(source, [np.zeros(1, np.int32)], block=1)
    assert str(info.value) == (
        "k.py:4:2: math.ipowi is not supported: the simulator does not know its semantics"
    )


def test_divergent_barrier(run):
    source = """
    func.func @k(%n: i32) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %c = arith.cmpi slt, %tid, %n : i32
      scf.if %c {
        simt.barrier loc("k.py":9:8)
      }
      func.return
    }"""
    with pytest.raises(SimulationError) as info:
        run(source, [40], grid=2, block=64)
    assert str(info.value) == (
        "k.py:9:8: simt.barrier reached by only part of its block (a barrier in "
        "divergent control flow): this live thread is not at it at thread "
        "(block 0, thread 40)"
    )
    run(source, [64], grid=2, block=64)


def test_returned_threads_do_not_block_a_barrier(run):
    source = """
    func.func @k(%n: i32) attributes {simt.kernel} {
      %tid = simt.thread_id x : i32
      %done = arith.cmpi sge, %tid, %n : i32
      cf.cond_br %done, ^ret, ^work
    ^ret:
      func.return
    ^work:
      simt.barrier
      func.return
    }"""
    run(source, [10], block=64)


def test_runaway_loop_hits_the_step_limit(run):
    source = """
    func.func @k() attributes {simt.kernel} {
      cf.br ^loop
    ^loop:
      cf.br ^loop
    }"""
    with pytest.raises(SimulationError, match="step limit 1000"):
        run(source, [], block=32, step_limit=1000)


def test_kernel_selection_errors(parse):
    from simt.sim import simulate

    two = parse("""
    func.func @a() attributes {simt.kernel} { func.return }
    func.func @b() attributes {simt.kernel} { func.return }""")
    with pytest.raises(
        SimulationError, match=r"2 kernels \(@a, @b\); pass kernel=<name>"
    ):
        simulate(two, 1, 1, [])
    with pytest.raises(
        SimulationError, match=r"no function @c in the module \(functions: @a, @b\)"
    ):
        simulate(two, 1, 1, [], kernel="c")
    assert simulate(two, 1, 1, [], kernel="b").stats.kernel == "b"


def test_bad_launch_and_cost_table(run):
    with pytest.raises(SimulationError, match="block dimensions must be positive ints"):
        run(LOAD, [np.zeros(8, np.int32), np.zeros(8, np.int32), 0], block=(0,))
    with pytest.raises(SimulationError, match="unknown cost keys"):
        run(
            LOAD,
            [np.zeros(8, np.int32), np.zeros(8, np.int32), 0],
            block=8,
            cost={"loads": 3},
        )
