// RUN: simt-opt %s --split-input-file -p simt-branch-fusion | filecheck %s
// RUN: simt-opt %s --split-input-file -p simt-branch-fusion{min-profit=1000.0} | filecheck %s --check-prefix=NOFUSE

// Full alignment: every op pairs up; the differing operand is selected by the
// branch condition and the branch is gone.
// CHECK-LABEL: func.func @full
// CHECK:         %[[P:.*]] = arith.cmpi slt
// CHECK-NEXT:    %[[A:.*]] = memref.load %x[%[[I:.*]]] : memref<?xi32>
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[P]], %[[A]], %n : i32
// CHECK-NEXT:    %[[B:.*]] = arith.muli %[[A]], %[[S]] : i32
// CHECK-NEXT:    memref.store %[[B]], %y[%[[I]]] : memref<?xi32>
// CHECK-NOT:     scf.if
// NOFUSE-LABEL: func.func @full
// NOFUSE:         scf.if
func.func @full(%x: memref<?xi32>, %y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %n : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xi32>
    %b = arith.muli %a, %a : i32
    memref.store %b, %y[%i] : memref<?xi32>
  } else {
    %c = memref.load %x[%i] : memref<?xi32>
    %d = arith.muli %c, %n : i32
    memref.store %d, %y[%i] : memref<?xi32>
  }
  func.return
}

// -----

// A gap on the else side: the unaligned op stays under the condition, in the
// else region of a new scf.if whose result carries its value (and, on the then
// side, the value it meets in the next merged op, so no selector is needed);
// the result of the original scf.if comes from the merged code.
// CHECK-LABEL: func.func @else_gap
// CHECK:         %[[P:.*]] = arith.cmpi slt
// CHECK:         %[[A:.*]] = memref.load %x
// CHECK-NEXT:    %[[G:.*]] = scf.if %[[P]] -> (i32) {
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E:.*]] = arith.addi %[[A]], %n : i32
// CHECK-NEXT:      scf.yield %[[E]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[G]], %[[A]] : i32
// CHECK-NEXT:    %[[D:.*]] = arith.divsi %[[M]], %n : i32
// CHECK-NEXT:    memref.store %[[D]], %y
func.func @else_gap(%x: memref<?xi32>, %y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %n : i32
  %r = scf.if %p -> (i32) {
    %a = memref.load %x[%i] : memref<?xi32>
    %b = arith.muli %a, %a : i32
    %c = arith.divsi %b, %n : i32
    scf.yield %c : i32
  } else {
    %d = memref.load %x[%i] : memref<?xi32>
    %e = arith.addi %d, %n : i32
    %f = arith.muli %e, %d : i32
    %g = arith.divsi %f, %n : i32
    scf.yield %g : i32
  }
  memref.store %r, %y[%i] : memref<?xi32>
  func.return
}

// -----

// A gap on the then side, between two aligned pairs.
// CHECK-LABEL: func.func @then_gap
// CHECK:         %[[P:.*]] = arith.cmpi slt
// CHECK:         %[[A:.*]] = memref.load %x
// CHECK-NEXT:    %[[G:.*]] = scf.if %[[P]] -> (i32) {
// CHECK-NEXT:      %[[T:.*]] = arith.xori %[[A]], %n : i32
// CHECK-NEXT:      scf.yield %[[T]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    arith.divsi %[[G]], %n : i32
// CHECK-NOT:     scf.if
func.func @then_gap(%x: memref<?xi32>, %y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %n : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xi32>
    %t = arith.xori %a, %n : i32
    %c = arith.divsi %t, %n : i32
    memref.store %c, %y[%i] : memref<?xi32>
  } else {
    %d = memref.load %x[%i] : memref<?xi32>
    %g = arith.divsi %d, %n : i32
    memref.store %g, %y[%i] : memref<?xi32>
  }
  func.return
}

// -----

// Loads and stores at different addresses merge into one load and one store
// with a selected index: each lane accesses what its side accessed, once.
// CHECK-LABEL: func.func @memory
// CHECK:         %[[P:.*]] = arith.cmpi slt
// CHECK:         %[[IDX:.*]] = arith.select %[[P]], %[[I:.*]], %[[J:.*]] : index
// CHECK-NEXT:    %[[V:.*]] = memref.load %x[%[[IDX]]] : memref<?xf32>
// CHECK-NEXT:    %[[W:.*]] = arith.mulf %[[V]], %[[V]] : f32
// CHECK-NEXT:    %[[IDY:.*]] = arith.select %[[P]], %[[J]], %[[I]] : index
// CHECK-NEXT:    memref.store %[[W]], %y[%[[IDY]]] : memref<?xf32>
// CHECK-NOT:     scf.if
func.func @memory(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %c1 = arith.constant 1 : index
  %j = arith.addi %i, %c1 : index
  %p = arith.cmpi slt, %tid, %n : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xf32>
    %b = arith.mulf %a, %a : f32
    memref.store %b, %y[%j] : memref<?xf32>
  } else {
    %c = memref.load %x[%j] : memref<?xf32>
    %d = arith.mulf %c, %c : f32
    memref.store %d, %y[%i] : memref<?xf32>
  }
  func.return
}

// -----

// Identities: commuted operands of a commutative op and a comparison with the
// swapped predicate (b < a is a > b) align without any selector.
// CHECK-LABEL: func.func @identities
// CHECK:         %[[S:.*]] = arith.addi %a, %b : i32
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi sgt, %[[S]], %b : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.extui %[[C]] : i1 to i32
// CHECK-NOT:     arith.select
// CHECK-NOT:     scf.if
func.func @identities(%y: memref<?xi32>, %a: i32, %b: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %a : i32
  %r = scf.if %p -> (i32) {
    %s = arith.addi %a, %b : i32
    %c = arith.cmpi sgt, %s, %b : i32
    %z = arith.extui %c : i1 to i32
    scf.yield %z : i32
  } else {
    %s2 = arith.addi %b, %a : i32
    %c2 = arith.cmpi slt, %b, %s2 : i32
    %z2 = arith.extui %c2 : i1 to i32
    scf.yield %z2 : i32
  }
  memref.store %r, %y[%i] : memref<?xi32>
  func.return
}

// -----

// Nested scf.if pairs align as one (beyond the paper's basic blocks): the
// bitonic compare-exchange of Fig. 17 becomes Fig. 17(b), one comparison on
// selected operands and one guarded swap.
// CHECK-LABEL: func.func @bitonic
// CHECK:         %[[UP:.*]] = arith.cmpi eq
// CHECK:         %[[X:.*]] = memref.load %data[%[[I:.*]]]
// CHECK-NEXT:    %[[Y:.*]] = memref.load %data[%[[J:.*]]]
// CHECK-NEXT:    %[[L:.*]] = arith.select %[[UP]], %[[X]], %[[Y]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.select %[[UP]], %[[Y]], %[[X]] : i32
// CHECK-NEXT:    %[[SWAP:.*]] = arith.cmpi sgt, %[[L]], %[[R]] : i32
// CHECK-NEXT:    scf.if %[[SWAP]] {
// CHECK-NEXT:      memref.store %[[Y]], %data[%[[I]]]
// CHECK-NEXT:      memref.store %[[X]], %data[%[[J]]]
// CHECK-NEXT:    }
// CHECK-NOT:     scf.if
func.func @bitonic(%data: memref<?xi32>, %k: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %i = arith.index_cast %tid : i32 to index
  %partner = arith.xori %tid, %one : i32
  %j = arith.index_cast %partner : i32 to index
  %bit = arith.andi %tid, %k : i32
  %up = arith.cmpi eq, %bit, %zero : i32
  scf.if %up {
    %x = memref.load %data[%i] : memref<?xi32>
    %y = memref.load %data[%j] : memref<?xi32>
    %gt = arith.cmpi sgt, %x, %y : i32
    scf.if %gt {
      memref.store %y, %data[%i] : memref<?xi32>
      memref.store %x, %data[%j] : memref<?xi32>
    }
  } else {
    %x2 = memref.load %data[%i] : memref<?xi32>
    %y2 = memref.load %data[%j] : memref<?xi32>
    %lt = arith.cmpi slt, %x2, %y2 : i32
    scf.if %lt {
      memref.store %y2, %data[%i] : memref<?xi32>
      memref.store %x2, %data[%j] : memref<?xi32>
    }
  }
  func.return
}

// -----

// A uniform branch is left alone, however alike its sides.
// CHECK-LABEL: func.func @uniform
// CHECK:         scf.if
// CHECK:         } else {
func.func @uniform(%x: memref<?xi32>, %y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %bid = simt.block_id x : i32
  %p = arith.cmpi slt, %bid, %n : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xi32>
    memref.store %a, %y[%i] : memref<?xi32>
  } else {
    %c = memref.load %x[%i] : memref<?xi32>
    memref.store %c, %y[%i] : memref<?xi32>
  }
  func.return
}

// -----

// An if-then branch (no else work) is not unifiable (Definition 4.1).
// CHECK-LABEL: func.func @if_then
// CHECK:         scf.if %{{.*}} {
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      memref.store
// CHECK-NEXT:    }
func.func @if_then(%x: memref<?xi32>, %y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %n : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xi32>
    memref.store %a, %y[%i] : memref<?xi32>
  }
  func.return
}

// -----

// Nothing alike on the two sides: no profit, no change.
// CHECK-LABEL: func.func @unprofitable
// CHECK:         scf.if
// CHECK:         } else {
func.func @unprofitable(%y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %n : i32
  %r = scf.if %p -> (i32) {
    %a = arith.muli %tid, %n : i32
    scf.yield %a : i32
  } else {
    %b = arith.divsi %n, %tid : i32
    scf.yield %b : i32
  }
  memref.store %r, %y[%i] : memref<?xi32>
  func.return
}

// -----

// Collectives never merge: the two shuffles stay under their conditions
// (fusing them would run one shuffle for the lanes of both sides).
// CHECK-LABEL: func.func @shuffle_in_branches
// CHECK:         %[[A:.*]] = memref.load %x
// CHECK-NEXT:    %{{.*}} = scf.if %{{.*}} -> (f32) {
// CHECK-NEXT:      %{{.*}} = simt.shfl down %{{.*}}, %[[A]], %{{.*}} : f32
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %{{.*}} = simt.shfl down %{{.*}}, %[[A]], %{{.*}} : f32
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     simt.shfl
func.func @shuffle_in_branches(%x: memref<?xf32>, %y: memref<?xf32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %n : i32
  %m = arith.constant -1 : i32
  %one = arith.constant 1 : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xf32>
    %s = simt.shfl down %m, %a, %one : f32
    %b = arith.mulf %s, %a : f32
    memref.store %b, %y[%i] : memref<?xf32>
  } else {
    %a = memref.load %x[%i] : memref<?xf32>
    %s = simt.shfl down %m, %a, %one : f32
    %b = arith.mulf %s, %s : f32
    memref.store %b, %y[%i] : memref<?xf32>
  }
  func.return
}

// -----

// A block reduction and a vote with a mask are collectives too: each stays
// in its branch.
// CHECK-LABEL: func.func @votes_in_branches
// CHECK:         scf.if
// CHECK-NEXT:      %{{.*}} = simt.vote_sync any
// CHECK:         } else {
// CHECK-NEXT:      %{{.*}} = simt.vote_sync any
func.func @votes_in_branches(%y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %n : i32
  %m = simt.activemask : i32
  scf.if %p {
    %v = simt.vote_sync any %m, %p : i1
    %w = arith.extui %v : i1 to i32
    memref.store %w, %y[%i] : memref<?xi32>
  } else {
    %v = simt.vote_sync any %m, %p : i1
    %w = arith.extui %v : i1 to i32
    memref.store %w, %y[%i] : memref<?xi32>
  }
  func.return
}
