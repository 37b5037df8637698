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
