// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// Math ops NVPTX selects directly become LLVM intrinsics.
func.func @intrinsics(%a: f32, %b: f32) -> f32 {
  %0 = math.sqrt %a : f32
  %1 = math.absf %0 : f32
  %2 = math.floor %1 : f32
  %3 = math.fma %2, %b, %a : f32
  func.return %3 : f32
}

// CHECK-LABEL: llvm.func internal @intrinsics(
// CHECK-NEXT:    %[[SQRT:.*]] = llvm.call_intrinsic "llvm.sqrt.f32"(%{{.*}}) : (f32) -> f32
// CHECK-NEXT:    %[[ABS:.*]] = llvm.call_intrinsic "llvm.fabs.f32"(%[[SQRT]]) : (f32) -> f32
// CHECK-NEXT:    %[[FLOOR:.*]] = llvm.call_intrinsic "llvm.floor.f32"(%[[ABS]]) : (f32) -> f32
// CHECK-NEXT:    %[[FMA:.*]] = llvm.call_intrinsic "llvm.fma.f32"(%[[FLOOR]], %{{.*}}, %{{.*}}) : (f32, f32, f32) -> f32

// -----

// Transcendental functions call libdevice (f32 and f64 variants), declared once.
func.func @libdevice(%a: f32, %b: f64) -> f64 {
  %0 = math.exp %a : f32
  %1 = math.exp %0 : f32
  %2 = math.sin %b : f64
  %3 = math.powf %2, %b : f64
  %4 = arith.extf %1 : f32 to f64
  %5 = arith.addf %3, %4 : f64
  func.return %5 : f64
}

// CHECK-LABEL: llvm.func internal @libdevice(
// CHECK-NEXT:    %[[E:.*]] = llvm.call @__nv_expf(%{{.*}}) : (f32) -> f32
// CHECK-NEXT:    %[[E2:.*]] = llvm.call @__nv_expf(%[[E]]) : (f32) -> f32
// CHECK-NEXT:    %[[S:.*]] = llvm.call @__nv_sin(%{{.*}}) : (f64) -> f64
// CHECK-NEXT:    %[[P:.*]] = llvm.call @__nv_pow(%[[S]], %{{.*}}) : (f64, f64) -> f64
// CHECK:       llvm.func @__nv_expf(f32) -> f32
// CHECK-NEXT:  llvm.func @__nv_sin(f64) -> f64
// CHECK-NEXT:  llvm.func @__nv_pow(f64, f64) -> f64

// -----

// Integer math: abs with the "INT_MIN is poison" flag off.
func.func @absi(%a: i32) -> i32 {
  %0 = math.absi %a : i32
  func.return %0 : i32
}

// CHECK-LABEL: llvm.func internal @absi(
// CHECK-NEXT:    %[[FALSE:.*]] = llvm.mlir.constant(false) : i1
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.abs.i32"(%{{.*}}, %[[FALSE]]) : (i32, i1) -> i32
