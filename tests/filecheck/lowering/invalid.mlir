// RUN: simt-opt %s --split-input-file --verify-diagnostics -p simt-lower-to-llvm | filecheck %s

// An op without a lowering rule is named with its function.
func.func @cast(%a: memref<?xi32>) {
  %b = "memref.cast"(%a) : (memref<?xi32>) -> memref<4xi32>
  func.return
}

// CHECK: @cast/b0.0: 'memref.cast': simt-lower-to-llvm cannot lower this op

// -----

// A source location, when the op carries one, comes first.
func.func @located(%x: i32) -> i32 {
  %y = math.ipowi %x, %x : i32 loc("kernel.py":12:8)
  func.return %y : i32
}

// CHECK: kernel.py:12:8: 'math.ipowi': simt-lower-to-llvm cannot lower this op

// -----

// A dynamically sized private array cannot be an alloca.
func.func @dynamic_alloca(%n: index) {
  %p = memref.alloca(%n) : memref<?xi32>
  func.return
}

// CHECK: @dynamic_alloca/b0.{{[0-9]+}}: 'memref.alloca': expected a statically shaped private array, found memref<?xi32>

// -----

// A cache hint is one of PTX's cache operators for the access.
func.func @store_hint_on_load(%a: memref<?xf32>, %i: index) -> f32 {
  %v = memref.load %a[%i] {simt.cache_hint = "wb"} : memref<?xf32>
  func.return %v : f32
}

// CHECK: @store_hint_on_load/b0.0: 'memref.load': expected a simt.cache_hint in ['ca', 'cg', 'cs', 'lu', 'cv']

// -----

// Cache hints are for global memory only.
func.func @shared_hint(%i: index) -> f32 {
  %s = memref.alloca() : memref<4xf32, #simt.space<shared>>
  %v = memref.load %s[%i] {simt.cache_hint = "cg"} : memref<4xf32, #simt.space<shared>>
  func.return %v : f32
}

// CHECK: 'memref.load': simt.cache_hint on an access outside global memory
