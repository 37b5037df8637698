"""MLIR kernels that several simulator test folders run (`tests/` is on
the path: `from sim_kernels import PER_LANE_LOOP`)."""

PER_LANE_LOOP = """
func.func @k(%out: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %t = arith.index_cast %tid : i32 to index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ni = arith.index_cast %n : i32 to index
  %ub = arith.addi %t, %ni : index
  %zero = arith.constant 0 : i32
  %sum = scf.for %iv = %c0 to %ub step %c1 iter_args(%acc = %zero) -> (i32) {
    %v = arith.index_cast %iv : index to i32
    %next = arith.addi %acc, %v : i32
    scf.yield %next : i32
  } loc("loop.py":5:4)
  memref.store %sum, %out[%t] : memref<?xi32>
  func.return
}
"""
"""Lane `t` sums `0 .. t + n - 1`: trip counts that differ lane by lane
(divergent exits); with 32-lane warps each warp runs 32 iterations longer
than the one before it."""
