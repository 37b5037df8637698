// A kernel with every family of simt ops: thread identity, a vote, an atomic,
// and a guard variable dispatching two blocks of a linearized region.
func.func @example(%hist: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %lane = simt.lane_id : i32
  %in_range = arith.cmpi slt, %tid, %n : i32
  %any = simt.vote_any %in_range
  %g = simt.guard.create 0 : !simt.guard<2>
  simt.guard.select %g, %in_range, 1, 0 : !simt.guard<2>
  simt.guarded %g, 1 : !simt.guard<2> {
    %one = arith.constant 1 : i32
    %slot = arith.index_cast %lane : i32 to index
    %old = simt.atomic_add %one, %hist[%slot] : memref<?xi32>, i32
    simt.yield
  }
  func.return
}
