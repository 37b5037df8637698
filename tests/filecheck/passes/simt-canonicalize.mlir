// RUN: simt-opt %s --split-input-file -p simt-canonicalize | filecheck %s

// arith.cmpi of two constants folds, with signed and unsigned predicates.
func.func @cmpi_constants() -> (i1, i1, i1, i1) {
  %a = arith.constant -1 : i32
  %b = arith.constant 1 : i32
  %slt = arith.cmpi slt, %a, %b : i32
  %ult = arith.cmpi ult, %a, %b : i32
  %eq = arith.cmpi eq, %a, %b : i32
  %ne = arith.cmpi ne, %a, %b : i32
  func.return %slt, %ult, %eq, %ne : i1, i1, i1, i1
}
// CHECK-LABEL: func.func @cmpi_constants
// CHECK-NOT: arith.cmpi
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[F:.*]] = arith.constant false
// CHECK: func.return %[[T]], %[[F]], %[[F]], %[[T]] : i1, i1, i1, i1

// -----

// The frontend's floor modulo by a constant loses its divisor checks.
func.func @floor_mod_checks(%x: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %cm1 = arith.constant -1 : i64
  %zero = arith.cmpi eq, %c2, %c0 : i64
  %minus = arith.cmpi eq, %c2, %cm1 : i64
  %bad = arith.ori %zero, %minus : i1
  %r = arith.remsi %x, %c2 : i64
  %s = arith.select %bad, %c0, %r : i64
  func.return %s : i64
}
// CHECK-LABEL: func.func @floor_mod_checks
// CHECK-NOT: arith.cmpi
// CHECK-NOT: arith.select
// CHECK: %[[R:.*]] = arith.remsi
// CHECK-NEXT: func.return %[[R]] : i64

// -----

// A guard.select that a constant or equal ids decide is a guard.set.
func.func @guard_select(%c: i1) {
  %t = arith.constant true
  %f = arith.constant false
  %g = simt.guard.create 0 : !simt.guard<4>
  simt.guard.select %g, %t, 1, 3 : !simt.guard<4>
  simt.guard.select %g, %f, 1, 3 : !simt.guard<4>
  simt.guard.select %g, %c, 2, 2 : !simt.guard<4>
  simt.guard.select %g, %c, 2, 1 : !simt.guard<4>
  func.return
}
// CHECK-LABEL: func.func @guard_select
// CHECK: simt.guard.set %[[G:.*]], 1 : !simt.guard<4>
// CHECK-NEXT: simt.guard.set %[[G]], 3 : !simt.guard<4>
// CHECK-NEXT: simt.guard.set %[[G]], 2 : !simt.guard<4>
// CHECK-NEXT: simt.guard.select %[[G]], %{{.*}}, 2, 1 : !simt.guard<4>

// -----

// A vote of a constant is the constant; a vote of a lane value stays.
func.func @votes(%c: i1) -> (i1, i1) {
  %t = arith.constant true
  %a = simt.vote_any %t
  %b = simt.vote_all %c
  func.return %a, %b : i1, i1
}
// CHECK-LABEL: func.func @votes
// CHECK-NOT: simt.vote_any
// CHECK: %[[B:.*]] = simt.vote_all
// CHECK: func.return %{{.*}}, %[[B]] : i1, i1

// -----

// Constants move to the function's entry block, one of each, ahead of the
// loop that used them.
func.func @hoist_constants(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %two = arith.constant 2 : i32
    %two_again = arith.constant 2 : i32
    %a = arith.addi %acc, %two : i32
    %b = arith.muli %a, %two_again : i32
    scf.yield %b : i32
  }
  func.return %r : i32
}
// CHECK-LABEL: func.func @hoist_constants
// CHECK-DAG: arith.constant 0 : index
// CHECK-DAG: arith.constant 1 : index
// CHECK-DAG: arith.constant 0 : i32
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK: scf.for
// CHECK-NOT: arith.constant
// CHECK: arith.addi %{{.*}}, %[[TWO]] : i32
// CHECK-NEXT: arith.muli %{{.*}}, %[[TWO]] : i32

// -----

// Identical arith.extsi ops merge though xDSL declares no effect on them.
func.func @merge_extsi(%x: i32) -> i64 {
  %a = arith.extsi %x : i32 to i64
  %b = arith.extsi %x : i32 to i64
  %s = arith.addi %a, %b : i64
  func.return %s : i64
}
// CHECK-LABEL: func.func @merge_extsi
// CHECK: %[[A:.*]] = arith.extsi
// CHECK-NOT: arith.extsi
// CHECK: arith.addi %[[A]], %[[A]] : i64

// -----

// A grid-stride index is never negative: its wraparound test folds to false
// and the select goes; a shifted index may be negative and keeps it.
func.func @wraparound(%n: i32, %a: memref<?xi32>) {
  %c0 = arith.constant 0 : i64
  %c5 = arith.constant 5 : i64
  %cidx = arith.constant 0 : index
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %t = arith.extsi %tid : i32 to i64
  %b = arith.extsi %bid : i32 to i64
  %d = arith.extsi %bdim : i32 to i64
  %bd = arith.muli %b, %d : i64
  %i = arith.addi %bd, %t : i64
  %dim = memref.dim %a, %cidx : memref<?xi32>
  %len = arith.index_cast %dim : index to i64
  %neg = arith.cmpi slt, %i, %c0 : i64
  %wrapped = arith.addi %i, %len : i64
  %index = arith.select %neg, %wrapped, %i : i64
  %j = arith.subi %i, %c5 : i64
  %jneg = arith.cmpi slt, %j, %c0 : i64
  %jwrapped = arith.addi %j, %len : i64
  %jindex = arith.select %jneg, %jwrapped, %j : i64
  %x = arith.index_cast %index : i64 to index
  %y = arith.index_cast %jindex : i64 to index
  %v = memref.load %a[%y] : memref<?xi32>
  memref.store %v, %a[%x] : memref<?xi32>
  func.return
}
// CHECK-LABEL: func.func @wraparound
// CHECK: %[[I:.*]] = arith.addi
// CHECK-NOT: arith.select
// CHECK: %[[J:.*]] = arith.subi %[[I]]
// CHECK: arith.cmpi slt, %[[J]]
// CHECK: %[[JI:.*]] = arith.select
// CHECK-NOT: arith.select
// CHECK: arith.index_cast %[[I]] : i64 to index
// CHECK: arith.index_cast %[[JI]] : i64 to index

// -----

// Python's x % c compared with zero tests the truncated remainder: both sign
// fix-ups the frontend emits (c > 0, and the general form) go.
func.func @floor_mod_zero_test(%x: i64) -> (i1, i1) {
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %cm7 = arith.constant -7 : i64
  %r = arith.remsi %x, %c3 : i64
  %rneg = arith.cmpi slt, %r, %c0 : i64
  %rfix = arith.addi %r, %c3 : i64
  %m = arith.select %rneg, %rfix, %r : i64
  %is0 = arith.cmpi eq, %m, %c0 : i64
  %q = arith.remsi %x, %cm7 : i64
  %qnz = arith.cmpi ne, %q, %c0 : i64
  %qx = arith.xori %q, %cm7 : i64
  %qsign = arith.cmpi slt, %qx, %c0 : i64
  %qdiff = arith.andi %qnz, %qsign : i1
  %qfix = arith.addi %q, %cm7 : i64
  %p = arith.select %qdiff, %qfix, %q : i64
  %not0 = arith.cmpi ne, %c0, %p : i64
  func.return %is0, %not0 : i1, i1
}
// CHECK-LABEL: func.func @floor_mod_zero_test
// CHECK-NOT: arith.select
// CHECK: %[[R:.*]] = arith.remsi %{{.*}}, %{{.*}} : i64
// CHECK: %[[E:.*]] = arith.cmpi eq, %[[R]], %{{.*}} : i64
// CHECK: %[[Q:.*]] = arith.remsi
// CHECK: %[[N:.*]] = arith.cmpi ne, %[[Q]], %{{.*}} : i64
// CHECK: func.return %[[E]], %[[N]] : i1, i1

// -----

// A compare with a fix-up whose condition does not imply r != 0 stays.
func.func @not_a_floor_mod(%x: i64, %c: i1) -> i1 {
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %r = arith.remsi %x, %c3 : i64
  %rfix = arith.addi %r, %c3 : i64
  %m = arith.select %c, %rfix, %r : i64
  %is0 = arith.cmpi eq, %m, %c0 : i64
  func.return %is0 : i1
}
// CHECK-LABEL: func.func @not_a_floor_mod
// CHECK: %[[M:.*]] = arith.select
// CHECK: arith.cmpi eq, %[[M]]

// -----

// A grid-stride scf.while becomes an scf.for: it tests `i < n`, passes its
// values on, and steps by blockDim.x * gridDim.x (positive in every launch).
// The test's extension of `n` moves before the loop; `acc` stays carried.
func.func @grid_stride(%n: i32, %a: memref<?xi64>) -> i64 {
  %c0 = arith.constant 0 : i64
  %tid = simt.thread_id x : i32
  %t = arith.extsi %tid : i32 to i64
  %bd = simt.block_dim x : i32
  %b = arith.extsi %bd : i32 to i64
  %gd = simt.grid_dim x : i32
  %g = arith.extsi %gd : i32 to i64
  %stride = arith.muli %b, %g : i64
  %last, %sum = scf.while (%i = %t, %acc = %c0) : (i64, i64) -> (i64, i64) {
    %n64 = arith.extsi %n : i32 to i64
    %more = arith.cmpi slt, %i, %n64 : i64
    scf.condition(%more) %i, %acc : i64, i64
  } do {
  ^bb0(%j: i64, %s: i64):
    %k = arith.index_cast %j : i64 to index
    %v = memref.load %a[%k] : memref<?xi64>
    %s2 = arith.addi %s, %v : i64
    %next = arith.addi %j, %stride : i64
    scf.yield %next, %s2 : i64, i64
  }
  func.return %sum : i64
}
// CHECK-LABEL: func.func @grid_stride
// CHECK: %[[STRIDE:.*]] = arith.muli
// CHECK: %[[N:.*]] = arith.extsi %n : i32 to i64
// CHECK: %[[SUM:.*]] = scf.for %[[J:.*]] = %{{.*}} to %[[N]] step %[[STRIDE]] iter_args(%[[S:.*]] = %{{.*}}) -> (i64) : i64 {
// CHECK: %[[S2:.*]] = arith.addi %[[S]], %{{.*}} : i64
// CHECK-NEXT: scf.yield %[[S2]] : i64
// CHECK-NOT: scf.while
// CHECK: func.return %[[SUM]] : i64

// -----

// The bound is an array's extent: `memref.dim` (of a dimension the memref
// has) and the cast of its result move before the loop together.
func.func @extent_bound(%a: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i64
  %bd = simt.block_dim x : i32
  %b = arith.extsi %bd : i32 to i64
  %w = scf.while (%i = %z) : (i64) -> i64 {
    %d = memref.dim %a, %c0 : memref<?xi64>
    %n = arith.index_cast %d : index to i64
    %more = arith.cmpi slt, %i, %n : i64
    scf.condition(%more) %i : i64
  } do {
  ^bb0(%j: i64):
    %k = arith.index_cast %j : i64 to index
    memref.store %j, %a[%k] : memref<?xi64>
    %next = arith.addi %j, %b : i64
    scf.yield %next : i64
  }
  func.return
}
// CHECK-LABEL: func.func @extent_bound
// CHECK: %[[D:.*]] = memref.dim %a
// CHECK-NEXT: %[[N:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} : i64 {
// CHECK-NOT: scf.while

// -----

// Left as scf.while: a step that may be zero or negative, a result that
// reads the induction value after the loop, and a test that may fault.
func.func @not_counted(%n: i64, %step: i64, %d: i64) -> (i64, i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %i0, %sum = scf.while (%i = %c0, %acc = %c0) : (i64, i64) -> (i64, i64) {
    %more = arith.cmpi slt, %i, %n : i64
    scf.condition(%more) %i, %acc : i64, i64
  } do {
  ^bb0(%j: i64, %s: i64):
    %s2 = arith.addi %s, %j : i64
    %next = arith.addi %j, %step : i64
    scf.yield %next, %s2 : i64, i64
  }
  %end = scf.while (%i = %c0) : (i64) -> i64 {
    %more = arith.cmpi slt, %i, %n : i64
    scf.condition(%more) %i : i64
  } do {
  ^bb0(%j: i64):
    %next = arith.addi %j, %c1 : i64
    scf.yield %next : i64
  }
  %i2, %q = scf.while (%i = %c0, %acc = %c0) : (i64, i64) -> (i64, i64) {
    %bound = arith.divsi %n, %d : i64
    %more = arith.cmpi slt, %i, %bound : i64
    scf.condition(%more) %i, %acc : i64, i64
  } do {
  ^bb0(%j: i64, %s: i64):
    %s2 = arith.addi %s, %j : i64
    %next = arith.addi %j, %c1 : i64
    scf.yield %next, %s2 : i64, i64
  }
  func.return %sum, %end, %q : i64, i64, i64
}
// CHECK-LABEL: func.func @not_counted
// CHECK-NOT: scf.for
// CHECK-COUNT-3: scf.while
// CHECK-NOT: scf.for
