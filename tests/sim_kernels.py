"""MLIR kernels that several simulator test folders run (`tests/` is on
the path: `from sim_kernels import PER_LANE_LOOP`)."""

LANE = """\
  %tid = simt.thread_id x : i32
  %t = arith.index_cast %tid : i32 to index"""
"""`%t`: the thread's index in its block."""

GLOBAL = """\
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %t = arith.index_cast %g : i32 to index"""
"""`%t`: the thread's index in the grid."""


def trip_kernel(body: str, thread: str = LANE) -> str:
    """`@k(%out: memref<?xi32>, %n: i32)` where thread `%t` (`thread` defines
    it) has a loop bound `%ub = %t + n` (with `%c0`, `%c1` for the loop):
    trip counts that differ lane by lane. `body` is the rest of the kernel
    before its return."""
    return f"""
func.func @k(%out: memref<?xi32>, %n: i32) attributes {{simt.kernel}} {{
{thread}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  %ub = arith.addi %t, %ni : index
{body}
  func.return
}}
"""


def sum_loop(location: str = "") -> str:
    """Stores `0 + 1 + ... + (%ub - 1)` at `%out[%t]`; `location` follows
    the loop (` loc(...)`)."""
    return f"""\
  %zero = arith.constant 0 : i32
  %sum = scf.for %iv = %c0 to %ub step %c1 iter_args(%acc = %zero) -> (i32) {{
    %v = arith.index_cast %iv : index to i32
    %next = arith.addi %acc, %v : i32
    scf.yield %next : i32
  }}{location}
  memref.store %sum, %out[%t] : memref<?xi32>"""


PER_LANE_LOOP = trip_kernel(sum_loop(' loc("loop.py":5:4)'))
"""Lane `t` sums `0 .. t + n - 1`: trip counts that differ lane by lane
(divergent exits); with 32-lane warps each warp runs 32 iterations longer
than the one before it."""
