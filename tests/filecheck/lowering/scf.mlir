// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// scf.if with a result becomes a diamond whose join block takes the result.
func.func @if(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %b : i32
  }
  func.return %r : i32
}

// CHECK-LABEL: llvm.func internal @if(
// CHECK-SAME:    %[[C8:.*]]: i8, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT:    %[[C:.*]] = llvm.trunc %[[C8]] : i8 to i1
// CHECK-NEXT:    llvm.cond_br %[[C]], ^[[THEN:.*]], ^[[ELSE:.*]]
// CHECK:       ^[[ELSE]]:
// CHECK-NEXT:    llvm.br ^[[JOIN:.*]](%[[B]] : i32)
// CHECK:       ^[[THEN]]:
// CHECK-NEXT:    llvm.br ^[[JOIN]](%[[A]] : i32)
// CHECK:       ^[[JOIN]](%[[R:.*]]: i32):
// CHECK:         llvm.return %[[R]] : i32

// -----

// scf.for becomes a header block testing iv < ub, a body and a latch adding the step.
func.func @for(%n: index, %init: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) {
    %x = arith.addi %acc, %acc : i32
    scf.yield %x : i32
  }
  func.return %r : i32
}

// CHECK-LABEL: llvm.func internal @for(
// CHECK:         llvm.br ^[[HEADER:.*]](%{{.*}}, %{{.*}} : i64, i32)
// CHECK:       ^[[HEADER]](%[[IV:.*]]: i64, %[[ACC:.*]]: i32):
// CHECK-NEXT:    %[[LT:.*]] = llvm.icmp "slt" %[[IV]], %{{.*}} : i64
// CHECK-NEXT:    llvm.cond_br %[[LT]], ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK:       ^[[BODY]]:
// CHECK-NEXT:    %[[X:.*]] = llvm.add %[[ACC]], %[[ACC]] : i32
// CHECK-NEXT:    %[[NEXT:.*]] = llvm.add %[[IV]], %{{.*}} : i64
// CHECK-NEXT:    llvm.br ^[[HEADER]](%[[NEXT]], %[[X]] : i64, i32)

// -----

// scf.while (missing in xDSL's convert-scf-to-cf): the before region tests and
// passes its values to the after region or the exit; the after region loops back.
func.func @while(%init: i32, %limit: i32) -> i32 {
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %limit : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    %z = arith.addi %y, %y : i32
    scf.yield %z : i32
  }
  func.return %r : i32
}

// CHECK-LABEL: llvm.func internal @while(
// CHECK-SAME:    %[[INIT:.*]]: i32, %[[LIMIT:.*]]: i32)
// CHECK-NEXT:    llvm.br ^[[BEFORE:.*]](%[[INIT]] : i32)
// CHECK-NEXT:  ^[[BEFORE]](%[[X:.*]]: i32):
// CHECK-NEXT:    %[[C:.*]] = llvm.icmp "slt" %[[X]], %[[LIMIT]] : i32
// CHECK-NEXT:    llvm.cond_br %[[C]], ^[[AFTER:.*]](%[[X]] : i32), ^[[EXIT:.*]](%[[X]] : i32)
// CHECK:       ^[[EXIT]](%[[R:.*]]: i32):
// CHECK-NEXT:    llvm.return %[[R]] : i32
// CHECK:       ^[[AFTER]](%[[Y:.*]]: i32):
// CHECK-NEXT:    %[[Z:.*]] = llvm.add %[[Y]], %[[Y]] : i32
// CHECK-NEXT:    llvm.br ^[[BEFORE]](%[[Z]] : i32)
// CHECK-NOT:     scf.
