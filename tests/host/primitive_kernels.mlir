// Kernels of the warp and block primitives, atomics and libdevice functions
// of `simt.dialects.intrinsics`, written at the IR level (the frontend's
// mapping of numba's calls to them is not on this branch):
// `tests/host/test_differential.py` runs each on the host and on the
// simulator, before and after every pass pipeline.

// A warp sum by shuffles in a loop, over the lanes of a partial last warp.
func.func @warp_sum(%x: memref<?xi32>, %out: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %inside = arith.cmpi slt, %g, %n : i32
  scf.if %inside {
    %v = memref.load %x[%i] : memref<?xi32>
    %m = simt.activemask : i32
    simt.syncwarp %m
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %one = arith.constant 1 : i32
    %r = scf.for %k = %c0 to %c5 step %c1 iter_args(%acc = %v) -> (i32) {
      %ki = arith.index_cast %k : index to i32
      %off = arith.shli %one, %ki : i32
      %o = simt.shfl down %m, %acc, %off : i32
      %s = arith.addi %acc, %o : i32
      scf.yield %s : i32
    }
    %c31 = arith.constant 31 : i32
    %top = simt.shfl idx %m, %r, %c31 : i32
    %lane = simt.lane_id : i32
    %low = arith.andi %lane, %one : i32
    %odd = arith.cmpi ne, %low, %one : i32
    %w = arith.select %odd, %r, %top : i32
    simt.fence device
    memref.store %w, %out[%i] : memref<?xi32>
  }
  func.return
}

// Matches and votes on the two sides of a divergent branch.
func.func @match_vote(%x: memref<?xi64>, %y: memref<?xf64>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %v = memref.load %x[%i] : memref<?xi64>
  %f = memref.load %y[%i] : memref<?xf64>
  %c3 = arith.constant 3 : i64
  %key = arith.remsi %v, %c3 : i64
  %z = arith.constant 0 : i64
  %pos = arith.cmpi sgt, %v, %z : i64
  %r = scf.if %pos -> (i32) {
    %m = simt.activemask : i32
    %ma = simt.match_any %m, %key : i64
    %mb, %same = simt.match_all %m, %f : f64
    %u = simt.vote_sync eq %m, %same : i1
    %uu = arith.extui %u : i1 to i32
    %t = arith.xori %ma, %mb : i32
    %t2 = arith.addi %t, %uu : i32
    scf.yield %t2 : i32
  } else {
    %m = simt.activemask : i32
    %p = arith.cmpi eq, %key, %z : i64
    %b = simt.vote_sync ballot %m, %p : i32
    %lt = simt.lanemask_lt : i32
    %below = arith.andi %b, %lt : i32
    %all = simt.vote_sync all %m, %p : i1
    %any = simt.vote_sync any %m, %p : i1
    %a1 = arith.extui %all : i1 to i32
    %a2 = arith.extui %any : i1 to i32
    %c2 = arith.constant 2 : i32
    %a3 = arith.muli %a2, %c2 : i32
    %s = arith.addi %below, %a1 : i32
    %s2 = arith.addi %s, %a3 : i32
    scf.yield %s2 : i32
  }
  memref.store %r, %out[%i] : memref<?xi32>
  func.return
}

// Block-wide counts at barriers, a float shuffle, and a loop between them.
func.func @block_counts(%x: memref<?xf32>, %out: memref<?xi32>, %sum: memref<?xf32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %v = memref.load %x[%i] : memref<?xf32>
  %zero = arith.constant 0.0 : f32
  %p = arith.cmpf ogt, %v, %zero : f32
  %n = simt.barrier_reduce count %p
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %half = arith.shrui %n, %c1 : i32
  %k = arith.remui %g, %c1 : i32
  %acc = scf.while (%j = %k, %s = %v) : (i32, f32) -> f32 {
    %more = arith.cmpi slt, %j, %half : i32
    scf.condition(%more) %s : f32
  } do {
  ^bb0(%s2: f32):
    %j2 = arith.addi %half, %c1 : i32
    %t = arith.mulf %s2, %s2 : f32
    scf.yield %j2, %t : i32, f32
  }
  %q = arith.cmpf olt, %acc, %v : f32
  %all = simt.barrier_reduce and %q
  %any = simt.barrier_reduce or %q
  %full = arith.constant -1 : i32
  %c7 = arith.constant 7 : i32
  %h = simt.shfl up %full, %acc, %c7 : f32
  %e = simt.libm "hypot"(%h, %v) : (f32, f32) -> f32
  %c100 = arith.constant 100 : i32
  %c10 = arith.constant 10 : i32
  %a = arith.muli %n, %c100 : i32
  %b = arith.muli %all, %c10 : i32
  %s3 = arith.addi %a, %b : i32
  %r = arith.addi %s3, %any : i32
  memref.store %r, %out[%i] : memref<?xi32>
  memref.store %e, %sum[%i] : memref<?xf32>
  func.return
}

// A histogram by atomics in a loop nest (final counts do not depend on the
// order).
func.func @histogram(%x: memref<?xi32>, %f: memref<?xf32>, %bins: memref<?xi32>, %top: memref<?xf32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %inside = arith.cmpi slt, %g, %n : i32
  scf.if %inside {
    %v = memref.load %x[%i] : memref<?xi32>
    %w = memref.load %f[%i] : memref<?xf32>
    %c8 = arith.constant 8 : i32
    %b = arith.remui %v, %c8 : i32
    %j = arith.index_cast %b : i32 to index
    %one = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : i32
    %trips = arith.remui %v, %c4 : i32
    scf.for %k = %c0 to %c2 step %c1 {
      %zero = arith.constant 0 : i32
      %last = scf.while (%t = %zero) : (i32) -> i32 {
        %more = arith.cmpi ult, %t, %trips : i32
        scf.condition(%more) %t : i32
      } do {
      ^bb0(%t2: i32):
        %o1 = simt.atomic add %one, %bins[%j] : memref<?xi32>, i32
        %t3 = arith.addi %t2, %one : i32
        scf.yield %t3 : i32
      }
    }
    %c8i = arith.constant 8 : index
    %j8 = arith.addi %j, %c8i : index
    %c5 = arith.constant 5 : i32
    %o2 = simt.atomic inc %c5, %bins[%j8] : memref<?xi32>, i32
    %c16 = arith.constant 16 : index
    %j16 = arith.addi %j, %c16 : index
    %c1000 = arith.constant 1000 : i32
    %o3 = simt.atomic dec %c1000, %bins[%j16] : memref<?xi32>, i32
    %o4 = simt.atomic nanmax %w, %top[%j] : memref<?xf32>, f32
    %o5 = simt.atomic min %w, %top[%j8] : memref<?xf32>, f32
    %c24 = arith.constant 24 : index
    %o6 = simt.atomic_cas %v, %g, %bins[%c24] : memref<?xi32>, i32
  }
  func.return
}

// libdevice functions on the two sides of a divergent branch.
func.func @libm_sides(%x: memref<?xf64>, %out: memref<?xf64>, %e: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bd = simt.block_dim x : i32
  %base = arith.muli %bid, %bd : i32
  %g = arith.addi %base, %tid : i32
  %i = arith.index_cast %g : i32 to index
  %v = memref.load %x[%i] : memref<?xf64>
  %zero = arith.constant 0.0 : f64
  %pos = arith.cmpf ogt, %v, %zero : f64
  %r, %k = scf.if %pos -> (f64, i32) {
    %t = simt.libm "tgamma"(%v) : (f64) -> f64
    %l = simt.libm "lgamma"(%v) : (f64) -> f64
    %s = arith.addf %t, %l : f64
    %m, %n = simt.libm "frexp"(%s) : (f64) -> (f64, i32)
    scf.yield %m, %n : f64, i32
  } else {
    %c3 = arith.constant 3 : i32
    %p = math.fpowi %v, %c3 : f64, i32
    %c = simt.libm "cospi"(%v) : (f64) -> f64
    %q = simt.libm "fdim"(%p, %c) : (f64, f64) -> f64
    %fr, %in = simt.libm "modf"(%q) : (f64) -> (f64, f64)
    %two = arith.constant 2 : i32
    %ld = simt.libm "ldexp"(%fr, %two) : (f64, i32) -> f64
    %ac = math.acosh %in : f64
    %sum = arith.addf %ld, %ac : f64
    scf.yield %sum, %two : f64, i32
  }
  memref.store %r, %out[%i] : memref<?xf64>
  memref.store %k, %e[%i] : memref<?xi32>
  func.return
}
