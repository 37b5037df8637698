// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// Integer binary ops map one to one onto llvm ops.
func.func @binary(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %b : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.remsi %4, %b : i32
  %6 = arith.remui %5, %b : i32
  %7 = arith.andi %6, %b : i32
  %8 = arith.ori %7, %b : i32
  %9 = arith.xori %8, %b : i32
  %10 = arith.shli %9, %b : i32
  %11 = arith.shrsi %10, %b : i32
  %12 = arith.shrui %11, %b : i32
  func.return %12 : i32
}

// CHECK-LABEL: llvm.func internal @binary(
// CHECK-SAME:    %[[A:.*]]: i32, %[[B:.*]]: i32) -> i32
// CHECK-NEXT:    %[[ADD:.*]] = llvm.add %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[SUB:.*]] = llvm.sub %[[ADD]], %[[B]] : i32
// CHECK-NEXT:    %[[MUL:.*]] = llvm.mul %[[SUB]], %[[B]] : i32
// CHECK-NEXT:    %[[SDIV:.*]] = llvm.sdiv %[[MUL]], %[[B]] : i32
// CHECK-NEXT:    %[[UDIV:.*]] = llvm.udiv %[[SDIV]], %[[B]] : i32
// CHECK-NEXT:    %[[SREM:.*]] = llvm.srem %[[UDIV]], %[[B]] : i32
// CHECK-NEXT:    %[[UREM:.*]] = llvm.urem %[[SREM]], %[[B]] : i32
// CHECK-NEXT:    %[[AND:.*]] = llvm.and %[[UREM]], %[[B]] : i32
// CHECK-NEXT:    %[[OR:.*]] = llvm.or %[[AND]], %[[B]] : i32
// CHECK-NEXT:    %[[XOR:.*]] = llvm.xor %[[OR]], %[[B]] : i32
// CHECK-NEXT:    %[[SHL:.*]] = llvm.shl %[[XOR]], %[[B]] : i32
// CHECK-NEXT:    %[[ASHR:.*]] = llvm.ashr %[[SHL]], %[[B]] : i32
// CHECK-NEXT:    %[[LSHR:.*]] = llvm.lshr %[[ASHR]], %[[B]] : i32
// CHECK-NEXT:    llvm.return %[[LSHR]] : i32

// -----

// Python's floor division: sdiv, then minus one when the remainder is non-zero
// and its sign differs from the divisor's.
func.func @floordiv(%a: i64, %b: i64) -> i64 {
  %0 = arith.floordivsi %a, %b : i64
  func.return %0 : i64
}

// CHECK-LABEL: llvm.func internal @floordiv(
// CHECK-SAME:    %[[A:.*]]: i64, %[[B:.*]]: i64)
// CHECK-NEXT:    %[[Q:.*]] = llvm.sdiv %[[A]], %[[B]] : i64
// CHECK-NEXT:    %[[R:.*]] = llvm.srem %[[A]], %[[B]] : i64
// CHECK-NEXT:    %[[ZERO:.*]] = llvm.mlir.constant(0) : i64
// CHECK-NEXT:    %[[INEXACT:.*]] = llvm.icmp "ne" %[[R]], %[[ZERO]] : i64
// CHECK-NEXT:    %[[RNEG:.*]] = llvm.icmp "slt" %[[R]], %[[ZERO]] : i64
// CHECK-NEXT:    %[[BNEG:.*]] = llvm.icmp "slt" %[[B]], %[[ZERO]] : i64
// CHECK-NEXT:    %[[SIGNS:.*]] = llvm.icmp "ne" %[[RNEG]], %[[BNEG]] : i1
// CHECK-NEXT:    %[[ADJ:.*]] = llvm.and %[[INEXACT]], %[[SIGNS]] : i1
// CHECK-NEXT:    %[[ONE:.*]] = llvm.zext %[[ADJ]] : i1 to i64
// CHECK-NEXT:    %[[RES:.*]] = llvm.sub %[[Q]], %[[ONE]] : i64
// CHECK-NEXT:    llvm.return %[[RES]] : i64

// -----

// Comparisons and min/max become icmp (+ select).
func.func @compare(%a: i32, %b: i32) -> i32 {
  %c = arith.cmpi uge, %a, %b : i32
  %s = arith.select %c, %a, %b : i32
  %m = arith.maxsi %s, %b : i32
  func.return %m : i32
}

// CHECK-LABEL: llvm.func internal @compare(
// CHECK-SAME:    %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT:    %[[C:.*]] = llvm.icmp "uge" %[[A]], %[[B]] : i32
// CHECK-NEXT:    %[[S:.*]] = llvm.select %[[C]], %[[A]], %[[B]] : i1, i32
// CHECK-NEXT:    %[[GT:.*]] = llvm.icmp "sgt" %[[S]], %[[B]] : i32
// CHECK-NEXT:    %[[M:.*]] = llvm.select %[[GT]], %[[S]], %[[B]] : i1, i32
// CHECK-NEXT:    llvm.return %[[M]] : i32

// -----

// Integer casts: index is i64, so index_cast from i32 is a sext and to i32 a trunc.
func.func @casts(%a: i32, %b: i64) -> i64 {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_cast %0 : index to i64
  %2 = arith.extui %a : i32 to i64
  %3 = arith.trunci %b : i64 to i16
  %4 = arith.extsi %3 : i16 to i64
  %5 = arith.addi %1, %2 : i64
  %6 = arith.addi %5, %4 : i64
  func.return %6 : i64
}

// CHECK-LABEL: llvm.func internal @casts(
// CHECK-SAME:    %[[A:.*]]: i32, %[[B:.*]]: i64)
// CHECK-NEXT:    %[[IDX:.*]] = llvm.sext %[[A]] : i32 to i64
// CHECK-NEXT:    %[[U:.*]] = llvm.zext %[[A]] : i32 to i64
// CHECK-NEXT:    %[[T:.*]] = llvm.trunc %[[B]] : i64 to i16
// CHECK-NEXT:    %[[S:.*]] = llvm.sext %[[T]] : i16 to i64
// CHECK-NEXT:    %[[X:.*]] = llvm.add %[[IDX]], %[[U]] : i64
// CHECK-NEXT:    %[[Y:.*]] = llvm.add %[[X]], %[[S]] : i64
// CHECK-NEXT:    llvm.return %[[Y]] : i64
