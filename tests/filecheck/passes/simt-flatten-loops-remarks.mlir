// RUN: simt-opt %s --split-input-file -p simt-flatten-loops -o %t 2>&1 | filecheck %s --check-prefix=REMARK
// RUN: filecheck %s --input-file %t
// RUN: simt-opt %s --split-input-file -p 'simt-flatten-loops{mode=static idle-fraction=0.0}' 2>&1 | filecheck %s --check-prefix=STATIC0
// RUN: simt-opt %s --split-input-file -p 'simt-flatten-loops{mode=static idle-fraction=0.99}' 2>/dev/null | filecheck %s --check-prefix=STATIC1

// A barrier in the inner loop: lanes would reach it in different iterations.
// REMARK: @barrier_in_inner/b0.2: remark: scf.while: not flattened: 'simt.barrier' in the nest needs the lanes of a warp to meet
// CHECK-LABEL: func.func @barrier_in_inner
// CHECK:         scf.while
// CHECK:           scf.while
// CHECK:             simt.barrier
// CHECK:         } attributes {simt.remark = "not flattened: 'simt.barrier' in the nest
// CHECK-NOT:     simt.flattened
func.func @barrier_in_inner(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %a = arith.cmpi slt, %i, %n : i32
    scf.condition(%a) %i : i32
  } do {
  ^bb0(%i2: i32):
    %lim = arith.andi %i2, %n : i32
    %s = scf.while (%j = %c0) : (i32) -> i32 {
      %b = arith.cmpi slt, %j, %lim : i32
      scf.condition(%b) %j : i32
    } do {
    ^bb1(%j2: i32):
      simt.barrier
      %j3 = arith.addi %j2, %c1 : i32
      scf.yield %j3 : i32
    }
    %i3 = arith.addi %i2, %s : i32
    scf.yield %i3 : i32
  }
  func.return %r : i32
}

// -----

// A vote in the outer work (A_w): after flattening lanes would vote apart.
// REMARK: @vote_in_outer/b0.2: remark: scf.for: not flattened: 'simt.vote_any' in the nest
// CHECK-LABEL: func.func @vote_in_outer
// CHECK:         simt.vote_any
// CHECK:         } {simt.remark = "not flattened: 'simt.vote_any' in the nest
func.func @vote_in_outer(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %p = arith.cmpi sgt, %acc, %n : i32
    %any = simt.vote_any %p
    %ext = arith.extui %any : i1 to i32
    %sum = arith.addi %ext, %acc : i32
    %lim = arith.andi %sum, %n : i32
    %s = scf.for %j = %c0 to %lim step %c1 iter_args(%x = %acc) -> (i32) : i32 {
      %x2 = arith.addi %x, %j : i32
      scf.yield %x2 : i32
    }
    scf.yield %s : i32
  }
  func.return %r : i32
}

// -----

// A call to a function with a barrier counts as a barrier in the nest.
// REMARK: @calls_barrier/b0.2: remark: scf.for: not flattened: 'simt.barrier' in the nest
// CHECK-LABEL: func.func @calls_barrier
// CHECK:         func.call @sync
// CHECK-NOT:     simt.flattened
func.func @sync() {
  simt.barrier
  func.return
}
func.func @calls_barrier(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %lim = arith.andi %i, %n : i32
    %s = scf.for %j = %c0 to %lim step %c1 iter_args(%x = %acc) -> (i32) : i32 {
      func.call @sync() : () -> ()
      %x2 = arith.addi %x, %j : i32
      scf.yield %x2 : i32
    }
    scf.yield %s : i32
  }
  func.return %r : i32
}

// -----

// In a kernel, an inner loop bounded by a kernel argument exits together in
// every lane: the divergence analysis proves it uniform, nothing to gain.
// REMARK: @uniform_inner/b0.3/r0.b0.0: remark: scf.for: not flattened: its exit is uniform across the warp (no gain)
// CHECK-LABEL: func.func @uniform_inner
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:           } {simt.remark = "not flattened: its exit is uniform across the warp (no gain)"}
// CHECK-NOT:     simt.flattened
func.func @uniform_inner(%out: memref<?xi32>, %n: i32, %m: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tid = simt.thread_id x : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %tid) -> (i32) : i32 {
    %s = scf.for %j = %c0 to %m step %c1 iter_args(%x = %acc) -> (i32) : i32 {
      %x2 = arith.addi %x, %j : i32
      scf.yield %x2 : i32
    }
    scf.yield %s : i32
  }
  %idx = arith.index_cast %tid : i32 to index
  memref.store %r, %out[%idx] : memref<?xi32>
  func.return
}

// -----

// An inner loop under an scf.if of the outer body stays outer work.
// REMARK: @inner_under_if/b0.2/r0.b0.2/r0.b0.0: remark: scf.for: not flattened into the enclosing loop: it is nested in 'scf.if', not in the loop body itself
// CHECK-LABEL: func.func @inner_under_if
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK:             scf.for
// CHECK-NOT:     simt.flattened
func.func @inner_under_if(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %lim = arith.andi %i, %n : i32
    %p = arith.cmpi sgt, %lim, %c0 : i32
    %s = scf.if %p -> (i32) {
      %t = scf.for %j = %c0 to %lim step %c1 iter_args(%x = %acc) -> (i32) : i32 {
        %x2 = arith.addi %x, %j : i32
        scf.yield %x2 : i32
      }
      scf.yield %t : i32
    } else {
      scf.yield %acc : i32
    }
    scf.yield %s : i32
  }
  func.return %r : i32
}

// -----

// mode=static applies formula (1) with the given idle fraction: with n/N = 0
// flattening never pays; with n/N = 0.99 it does.
// STATIC0: @static_nest/b0.2: remark: scf.for: not flattened: not profitable: n/N = 0.000, Ta/(Ta+Tb) = {{[0-9.]+}} (Ta = {{[0-9.]+}}, Tb = {{[0-9.]+}} cycles)
// STATIC0-LABEL: func.func @static_nest
// STATIC0-NOT:   simt.flattened
// STATIC1-LABEL: func.func @static_nest
// STATIC1:       } attributes {simt.flattened = "always"}
// REMARK-NOT:    @static_nest
// CHECK-LABEL:   func.func @static_nest
// CHECK:         } attributes {simt.flattened = "always"}
func.func @static_nest(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %lim = arith.andi %i, %n : i32
    %s = scf.for %j = %c0 to %lim step %c1 iter_args(%x = %acc) -> (i32) : i32 {
      %x2 = arith.addi %x, %j : i32
      %x3 = arith.muli %x2, %x2 : i32
      scf.yield %x3 : i32
    }
    scf.yield %s : i32
  }
  func.return %r : i32
}

// -----

// A private array of the outer body used in the inner loop would have to be
// carried by the flattened loop, and a memref has no placeholder value.
// REMARK: @private_array/b0.2: remark: scf.for: not flattened: a value of type memref<4xi32> carried by the flattened loop has no placeholder
// CHECK-LABEL: func.func @private_array
// CHECK:         memref.alloca
// CHECK-NOT:     simt.flattened
func.func @private_array(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %buf = memref.alloca() : memref<4xi32>
    %lim = arith.andi %i, %n : i32
    %s = scf.for %j = %c0 to %lim step %c1 iter_args(%x = %acc) -> (i32) : i32 {
      %k = arith.constant 0 : index
      memref.store %x, %buf[%k] : memref<4xi32>
      %x2 = arith.addi %x, %j : i32
      scf.yield %x2 : i32
    }
    scf.yield %s : i32
  }
  func.return %r : i32
}

// -----

// A shuffle in the inner loop: after flattening the lanes of a warp would
// run it in different iterations, so the nest is refused.
// REMARK: @shuffle_in_inner/b0.3: remark: scf.while: not flattened: 'simt.shfl' in the nest needs the lanes of a warp to meet
// CHECK-LABEL: func.func @shuffle_in_inner
// CHECK:         simt.shfl
// CHECK-NOT:     simt.flattened
func.func @shuffle_in_inner(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m = arith.constant -1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %a = arith.cmpi slt, %i, %n : i32
    scf.condition(%a) %i : i32
  } do {
  ^bb0(%i2: i32):
    %lim = arith.andi %i2, %n : i32
    %s = scf.while (%j = %c0) : (i32) -> i32 {
      %b = arith.cmpi slt, %j, %lim : i32
      scf.condition(%b) %j : i32
    } do {
    ^bb1(%j2: i32):
      %x = simt.shfl xor %m, %j2, %c1 : i32
      %j3 = arith.addi %x, %c1 : i32
      scf.yield %j3 : i32
    }
    %i3 = arith.addi %i2, %s : i32
    scf.yield %i3 : i32
  }
  func.return %r : i32
}
