// RUN: simt-opt %s --split-input-file -p 'simt-linearize{max-depth=0 level=1}' | filecheck %s
// RUN: simt-opt %s --split-input-file -p 'simt-linearize{max-depth=0 level=3}' | filecheck %s
// RUN: simt-opt %s --split-input-file -p 'simt-linearize{max-depth=1 level=1}' | filecheck %s --check-prefix=DEPTH1
// RUN: simt-opt %s --split-input-file -p 'simt-linearize{max-depth=0 interleave=true}' | filecheck %s --check-prefix=INTER

// Fig. 2(b)/8 (loop merging): with max-depth=0 the outer loop, which holds the
// inner one, is linearized as one region with one guard, and the two loops are
// merged (Fig. 8(b)): one guard-driven scf.while whose back-edge guard
// continues on the ids of both headers, so a lane that leaves the inner loop
// runs the next outer iteration while others still run the inner one. The
// same at level 3: O2 nests nothing in a max-depth region.
// With max-depth=1 nothing at depth 1 holds nested control flow: unchanged.
// CHECK-LABEL: func.func @fig8
// CHECK-NOT:     scf.for
// CHECK:         %[[G:.*]] = simt.guard.create
// CHECK-NOT:     simt.guard.create
// CHECK:         scf.while
// CHECK-NOT:       scf.while
// CHECK:           %[[OUTER:.*]] = simt.guard.test %[[G]], 1
// CHECK-NEXT:      %[[INNER:.*]] = simt.guard.test %[[G]], 3
// CHECK-NEXT:      %[[BACK:.*]] = arith.ori %[[OUTER]], %[[INNER]]
// CHECK-NEXT:      scf.condition(%[[BACK]])
// CHECK-NOT:     scf.while
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
// are guarded steps one level deep, at level 1 and at level 3 alike (O2 does
// not nest steps again, which would grow the stack back).
// CHECK-LABEL: func.func @fig3
// CHECK:         simt.guard.create
// CHECK-NOT:     scf.if %{{.*}} {
// CHECK-NOT:     {{^ {6,}simt\.guard(ed|\.test)}}
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

// -----

// Fig. 2(a) -> Fig. 7 (branch interleaving): each arm loads a value, branches,
// then uses it. In reverse post-order the steps of one arm follow each other
// (here the else arm's first); with interleave=true the blocks are numbered
// breadth-first, so the steps of the two arms alternate and a warp with lanes
// on both issues the other arm's load between each load and its use.
// CHECK-LABEL: func.func @fig2a
// CHECK:         memref.load %z
// CHECK:         arith.subi %{{.*}}, %{{.*}} : i32
// CHECK:         memref.load %y
// CHECK:         arith.addi %{{.*}}, %{{.*}} : i32
// INTER-LABEL: func.func @fig2a
// INTER:         memref.load %y
// INTER-NOT:     arith.addi
// INTER:         memref.load %z
// INTER:         arith.addi %{{.*}}, %{{.*}} : i32
// INTER:         arith.subi %{{.*}}, %{{.*}} : i32
// DEPTH1-LABEL: func.func @fig2a
// DEPTH1-NOT:     simt.guard
func.func @fig2a(%x: memref<?xi32>, %y: memref<?xi32>, %z: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %ti = arith.index_cast %tid : i32 to index
  %zero = arith.constant 0 : i32
  %four = arith.constant 4 : i32
  %a = memref.load %x[%ti] : memref<?xi32>
  %pos = arith.cmpi sgt, %a, %zero : i32
  %r = scf.if %pos -> (i32) {
    %b = memref.load %y[%ti] : memref<?xi32>
    %big = arith.cmpi sgt, %a, %four : i32
    %t = scf.if %big -> (i32) {
      %t3 = arith.muli %a, %four : i32
      scf.yield %t3 : i32
    } else {
      scf.yield %zero : i32
    }
    %u = arith.addi %t, %b : i32
    scf.yield %u : i32
  } else {
    %c = memref.load %z[%ti] : memref<?xi32>
    %small = arith.cmpi slt, %a, %four : i32
    %s = scf.if %small -> (i32) {
      %s5 = arith.subi %a, %four : i32
      scf.yield %s5 : i32
    } else {
      scf.yield %zero : i32
    }
    %w = arith.subi %s, %c : i32
    scf.yield %w : i32
  }
  memref.store %r, %out[%ti] : memref<?xi32>
  func.return
}
