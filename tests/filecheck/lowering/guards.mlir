// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// A guard is a private i32: create stores the entry id, select stores the
// chosen id, a guarded body runs under a load + compare.
func.func @guards(%c: i1, %a: i32) -> i32 {
  %g = simt.guard.create 0 : !simt.guard<3>
  simt.guard.select %g, %c, 1, 2 : !simt.guard<3>
  %r = simt.guarded %g, 1 : !simt.guard<3> -> (i32) {
    %x = arith.addi %a, %a : i32
    simt.guard.set %g, 2 : !simt.guard<3>
    simt.yield %x : i32
  }
  func.return %r : i32
}

// CHECK-LABEL: llvm.func internal @guards(
// CHECK:         %[[G:.*]] = llvm.alloca %{{.*}} x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
// CHECK:         %[[INIT:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    llvm.store %[[INIT]], %[[G]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK:         %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT:    %[[SEL:.*]] = llvm.select %{{.*}}, %[[ONE]], %[[TWO]] : i1, i32
// CHECK-NEXT:    llvm.store %[[SEL]], %[[G]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-NEXT:    %[[CUR:.*]] = llvm.load %[[G]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:    %[[ID:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    %[[TAKEN:.*]] = llvm.icmp "eq" %[[CUR]], %[[ID]] : i32
// CHECK-NEXT:    llvm.cond_br %[[TAKEN]]
// CHECK-NOT:     simt.
