// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// Float arithmetic maps onto llvm.f* ops; negf onto llvm.fneg.
func.func @arith(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b : f32
  %2 = arith.mulf %1, %b : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.negf %3 : f32
  func.return %4 : f32
}

// CHECK-LABEL: llvm.func internal @arith(
// CHECK-SAME:    %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-NEXT:    %[[ADD:.*]] = llvm.fadd %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[SUB:.*]] = llvm.fsub %[[ADD]], %[[B]] : f32
// CHECK-NEXT:    %[[MUL:.*]] = llvm.fmul %[[SUB]], %[[B]] : f32
// CHECK-NEXT:    %[[DIV:.*]] = llvm.fdiv %[[MUL]], %[[B]] : f32
// CHECK-NEXT:    %[[NEG:.*]] = llvm.fneg %[[DIV]] : f32
// CHECK-NEXT:    llvm.return %[[NEG]] : f32

// -----

// Float comparisons keep their predicate; cmpf true folds to a constant.
func.func @compare(%a: f64, %b: f64) -> i1 {
  %c = arith.cmpf olt, %a, %b : f64
  %u = arith.cmpf uno, %a, %b : f64
  %t = arith.cmpf true, %a, %b : f64
  %0 = arith.andi %c, %u : i1
  %1 = arith.andi %0, %t : i1
  func.return %1 : i1
}

// CHECK-LABEL: llvm.func internal @compare(
// CHECK-SAME:    %[[A:.*]]: f64, %[[B:.*]]: f64)
// CHECK-NEXT:    %[[LT:.*]] = llvm.fcmp "olt" %[[A]], %[[B]] : f64
// CHECK-NEXT:    %[[UNO:.*]] = llvm.fcmp "uno" %[[A]], %[[B]] : f64
// CHECK-NEXT:    %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK-NEXT:    %[[X:.*]] = llvm.and %[[LT]], %[[UNO]] : i1
// CHECK-NEXT:    %[[Y:.*]] = llvm.and %[[X]], %[[TRUE]] : i1
// CHECK-NEXT:    llvm.return %[[Y]] : i1

// -----

// Int <-> float and float <-> float casts; fptosi, fptoui and uitofp are the
// llvm_ext ops xDSL lacks.
func.func @casts(%i: i32, %x: f32) -> f64 {
  %0 = arith.sitofp %i : i32 to f64
  %1 = arith.uitofp %i : i32 to f32
  %2 = arith.fptosi %x : f32 to i64
  %3 = arith.fptoui %1 : f32 to i32
  %4 = arith.extf %x : f32 to f64
  %5 = arith.truncf %4 : f64 to f32
  %6 = arith.bitcast %5 : f32 to i32
  %7 = arith.sitofp %2 : i64 to f64
  %8 = arith.addi %3, %6 : i32
  %9 = arith.sitofp %8 : i32 to f64
  %10 = arith.addf %0, %7 : f64
  %11 = arith.addf %10, %9 : f64
  func.return %11 : f64
}

// CHECK-LABEL: llvm.func internal @casts(
// CHECK-SAME:    %[[I:.*]]: i32, %[[X:.*]]: f32)
// CHECK-NEXT:    %[[S:.*]] = llvm.sitofp %[[I]] : i32 to f64
// CHECK-NEXT:    %[[U:.*]] = llvm.uitofp %[[I]] : i32 to f32
// CHECK-NEXT:    %[[FS:.*]] = llvm.fptosi %[[X]] : f32 to i64
// CHECK-NEXT:    %[[FU:.*]] = llvm.fptoui %[[U]] : f32 to i32
// CHECK-NEXT:    %[[EXT:.*]] = llvm.fpext %[[X]] : f32 to f64
// CHECK-NEXT:    %[[TR:.*]] = llvm.fptrunc %[[EXT]] : f64 to f32
// CHECK-NEXT:    %[[BC:.*]] = llvm.bitcast %[[TR]] : f32 to i32

// -----

// Float min/max become LLVM intrinsics (NaN-propagating minimum, NaN-ignoring maxnum).
func.func @min_max(%a: f32, %b: f32) -> f32 {
  %0 = arith.minimumf %a, %b : f32
  %1 = arith.maxnumf %0, %b : f32
  func.return %1 : f32
}

// CHECK-LABEL: llvm.func internal @min_max(
// CHECK:         %[[MIN:.*]] = llvm.call_intrinsic "llvm.minimum.f32"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-NEXT:    %[[MAX:.*]] = llvm.call_intrinsic "llvm.maxnum.f32"(%[[MIN]], %{{.*}}) : (f32, f32) -> f32
