// RUN: simt-opt %s --split-input-file -p 'simt-linearize{max-depth=0 level=1}' | filecheck %s
// RUN: simt-opt %s --split-input-file -p 'simt-linearize{max-depth=1 level=1}' | filecheck %s --check-prefix=DEPTH1

// Fig. 2(b)/8 (loop merging): with max-depth=0 the outer loop, which holds the
// inner one, is linearized as one region with one guard: both loops become
// guard-driven scf.while loops, and a lane that leaves the inner loop sets the
// guard to the outer header and goes on while others still run the inner one.
// With max-depth=1 nothing at depth 1 holds nested control flow: unchanged.
// CHECK-LABEL: func.func @fig8
// CHECK-NOT:     scf.for
// CHECK:         %[[G:.*]] = simt.guard.create
// CHECK-NOT:     simt.guard.create
// CHECK:         scf.while
// CHECK:           scf.while
// CHECK:             simt.guard.test %[[G]]
// CHECK:             scf.condition
// CHECK:           scf.condition
// CHECK-NOT:     scf.for
// CHECK:         memref.store
// DEPTH1-LABEL: func.func @fig8
// DEPTH1-NOT:     simt.guard
// DEPTH1:         scf.for
// DEPTH1:           scf.while
func.func @fig8(%a: memref<?xi32>, %t: memref<?xi32>) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %tid = simt.thread_id x : i32
  %ti = arith.index_cast %tid : i32 to index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (i32) {
    %s1 = arith.addi %acc, %one : i32
    %n = memref.load %t[%ti] : memref<?xi32>
    %inner:2 = scf.while (%j = %zero, %x = %s1) : (i32, i32) -> (i32, i32) {
      %more = arith.cmpi slt, %j, %n : i32
      scf.condition(%more) %j, %x : i32, i32
    } do {
    ^bb0(%j2: i32, %x2: i32):
      %x3 = arith.addi %x2, %j2 : i32
      %j3 = arith.addi %j2, %one : i32
      scf.yield %j3, %x3 : i32, i32
    }
    scf.yield %inner#1 : i32
  }
  memref.store %r, %a[%ti] : memref<?xi32>
  func.return
}

// -----

// Fig. 3 (stack depth): three nested divergent branches. With max-depth=0 the
// outermost scf.if is linearized: the nested scf.if ops are gone, the blocks
// are guarded steps one level deep.
// CHECK-LABEL: func.func @fig3
// CHECK:         simt.guard.create
// CHECK-NOT:     scf.if %{{.*}} {
// CHECK:         memref.store
// CHECK:         func.return
// DEPTH1-LABEL: func.func @fig3
// DEPTH1:         scf.if
// DEPTH1:           simt.guard.create
func.func @fig3(%a: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %ti = arith.index_cast %tid : i32 to index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %four = arith.constant 4 : i32
  %b1 = arith.andi %tid, %one : i32
  %c1 = arith.cmpi eq, %b1, %one : i32
  scf.if %c1 {
    %b2 = arith.andi %tid, %two : i32
    %c2 = arith.cmpi eq, %b2, %two : i32
    scf.if %c2 {
      %b3 = arith.andi %tid, %four : i32
      %c3 = arith.cmpi eq, %b3, %four : i32
      scf.if %c3 {
        memref.store %one, %a[%ti] : memref<?xi32>
      } else {
        memref.store %two, %a[%ti] : memref<?xi32>
      }
    } else {
      memref.store %four, %a[%ti] : memref<?xi32>
    }
  } else {
    memref.store %tid, %a[%ti] : memref<?xi32>
  }
  func.return
}
