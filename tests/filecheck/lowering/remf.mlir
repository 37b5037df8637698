// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s
// RUN: simt-opt %s --split-input-file -t llvm | filecheck %s --check-prefix=IR

// arith.remf (the arith_ext op xDSL lacks) maps onto llvm.frem, for f32 and f64.
func.func @remf(%a: f32, %b: f32, %c: f64, %d: f64) -> f64 {
  %0 = arith.remf %a, %b : f32
  %1 = arith.remf %c, %d : f64
  %2 = arith.extf %0 : f32 to f64
  %3 = arith.addf %1, %2 : f64
  func.return %3 : f64
}

// CHECK-LABEL: llvm.func internal @remf(
// CHECK-SAME:    %[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f64, %[[D:.*]]: f64)
// CHECK-NEXT:    %[[R32:.*]] = llvm.frem %[[A]], %[[B]] : f32
// CHECK-NEXT:    %[[R64:.*]] = llvm.frem %[[C]], %[[D]] : f64
// CHECK-NOT:     arith.remf

// IR-LABEL: define internal double @"remf"(
// IR:         frem float
// IR:         frem double

// -----

// The fastmath flags of arith.remf are accepted (and dropped, as for addf).
func.func @remf_fast(%a: f64, %b: f64) -> f64 {
  %0 = arith.remf %a, %b fastmath<fast> : f64
  func.return %0 : f64
}

// CHECK-LABEL: llvm.func internal @remf_fast(
// CHECK-SAME:    %[[A:.*]]: f64, %[[B:.*]]: f64)
// CHECK-NEXT:    %[[R:.*]] = llvm.frem %[[A]], %[[B]] : f64
// CHECK-NEXT:    llvm.return %[[R]] : f64

// IR-LABEL: define internal double @"remf_fast"(
// IR:         frem double
