// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// A kernel array argument is numba's 7-field array; its data pointer moves to
// the global address space and elements are addressed by byte strides.
func.func @load_store(%a: memref<?xf32>, %i: index) attributes {simt.kernel} {
  %v = memref.load %a[%i] : memref<?xf32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %a[%i] : memref<?xf32>
  func.return
}

// CHECK-LABEL: llvm.func @load_store(
// CHECK-SAME:    %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %[[DATA:.*]]: !llvm.ptr, %{{.*}}: i64, %[[STRIDE:.*]]: i64, %[[I:.*]]: i64)
// CHECK-SAME:    attributes {nvvm.kernel}
// CHECK-NEXT:    %[[G:.*]] = llvm.addrspacecast %[[DATA]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT:    %[[OFF:.*]] = llvm.mul %[[I]], %[[STRIDE]] : i64
// CHECK-NEXT:    %[[P:.*]] = llvm.getelementptr %[[G]][%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
// CHECK-NEXT:    %[[V:.*]] = llvm.load %[[P]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT:    %[[W:.*]] = llvm.fadd %[[V]], %[[V]] : f32
// CHECK:         llvm.store %[[W]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NEXT:    llvm.return

// -----

// A private array is an llvm.alloca hoisted to the entry block, addressed in
// elements with row-major static strides.
func.func @private(%i: index, %j: index) -> i32 {
  %c = arith.constant 7 : i32
  %p = memref.alloca() : memref<4x8xi32>
  memref.store %c, %p[%i, %j] : memref<4x8xi32>
  %v = memref.load %p[%i, %j] : memref<4x8xi32>
  func.return %v : i32
}

// CHECK-LABEL: llvm.func internal @private(
// CHECK-SAME:    %[[I:.*]]: i64, %[[J:.*]]: i64)
// CHECK-NEXT:    %[[N:.*]] = llvm.mlir.constant(32) : i64
// CHECK-NEXT:    %[[BASE:.*]] = llvm.alloca %[[N]] x i32 {alignment = 4 : i64} : (i64) -> !llvm.ptr
// CHECK:         %[[S1:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:    %[[R:.*]] = llvm.mul %[[I]], %{{.*}} : i64
// CHECK-NEXT:    %[[C:.*]] = llvm.mul %[[J]], %[[S1]] : i64
// CHECK-NEXT:    %[[OFF:.*]] = llvm.add %[[R]], %[[C]] : i64
// CHECK-NEXT:    %[[P:.*]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT:    llvm.store %{{.*}}, %[[P]] {alignment = 4 : i64} : i32, !llvm.ptr

// -----

// memref.dim of an argument reads the shape field of the array.
func.func @dim(%a: memref<?xi64>) -> index {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?xi64>
  func.return %n : index
}

// CHECK-LABEL: llvm.func internal @dim(
// CHECK-SAME:    %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %[[SHAPE:.*]]: i64, %{{.*}}: i64)
// CHECK:         llvm.return %[[SHAPE]] : i64

// -----

// memref.reinterpret_cast views the source's buffer: the base moves by the
// offset in elements (not at all for a static 0), and the extents and
// element strides are the operands, whatever the source's strides.
func.func @reinterpret_cast(%a: memref<?xf32>, %off: index, %n: index, %i: index) -> f32 attributes {simt.kernel} {
  %v = memref.reinterpret_cast %a to offset: [%off], sizes: [%n, 4], strides: [4, 1] : memref<?xf32> to memref<?x4xf32, strided<[4, 1], offset: ?>>
  %x = memref.load %v[%i, %i] : memref<?x4xf32, strided<[4, 1], offset: ?>>
  func.return %x : f32
}

// CHECK-LABEL: llvm.func @reinterpret_cast(
// CHECK-SAME:    %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %[[DATA:.*]]: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %[[OFF:.*]]: i64, %{{.*}}: i64, %[[I:.*]]: i64)
// CHECK-NEXT:    %[[G:.*]] = llvm.addrspacecast %[[DATA]] : !llvm.ptr to !llvm.ptr<1>
// CHECK-NEXT:    %{{.*}} = llvm.mlir.constant(4) : i64
// CHECK-NEXT:    %[[S0:.*]] = llvm.mlir.constant(4) : i64
// CHECK-NEXT:    %[[S1:.*]] = llvm.mlir.constant(1) : i64
// CHECK-NEXT:    %[[BASE:.*]] = llvm.getelementptr %[[G]][%[[OFF]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK-NEXT:    %[[R:.*]] = llvm.mul %[[I]], %[[S0]] : i64
// CHECK-NEXT:    %[[C:.*]] = llvm.mul %[[I]], %[[S1]] : i64
// CHECK-NEXT:    %[[E:.*]] = llvm.add %[[R]], %[[C]] : i64
// CHECK-NEXT:    %{{.*}} = llvm.getelementptr %[[BASE]][%[[E]]] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32

// -----

// memref.extract_strided_metadata of a subview of an argument: the offset
// is the subview's distance from the array's data pointer, and the byte
// strides of numba's array are divided by the element size.
func.func @extract_strided_metadata(%a: memref<?x?xf32>, %i: index, %j: index) -> index {
  %s = memref.subview %a[%i, %j] [2, 2] [1, 1] : memref<?x?xf32> to memref<2x2xf32, strided<[?, ?], offset: ?>>
  %base, %off, %sz:2, %st:2 = memref.extract_strided_metadata %s : memref<2x2xf32, strided<[?, ?], offset: ?>> -> memref<f32>, index, index, index, index, index
  func.return %off : index
}

// CHECK-LABEL: llvm.func internal @extract_strided_metadata(
// CHECK-SAME:    %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %[[B0:.*]]: i64, %[[B1:.*]]: i64, %[[I:.*]]: i64, %[[J:.*]]: i64)
// CHECK:         %[[R:.*]] = llvm.mul %[[I]], %[[B0]] : i64
// CHECK-NEXT:    %[[C:.*]] = llvm.mul %[[J]], %[[B1]] : i64
// CHECK-NEXT:    %[[BYTES:.*]] = llvm.add %[[R]], %[[C]] : i64
// CHECK:         %[[SIZE:.*]] = llvm.mlir.constant(4) : i64
// CHECK-NEXT:    %[[OFF:.*]] = llvm.sdiv %[[BYTES]], %[[SIZE]] : i64
// CHECK:         llvm.return %[[OFF]] : i64

// -----

// A cache-hinted load or store of global memory is numba-cuda's inline PTX:
// the hint and the width name the instruction; a byte travels in a 32-bit
// register ("r"), and the store clobbers memory.
func.func @cache_hints(%a: memref<?xi8>, %b: memref<?xf64>, %i: index) attributes {simt.kernel} {
  %v = memref.load %a[%i] {simt.cache_hint = "cg"} : memref<?xi8>
  memref.store %v, %a[%i] {simt.cache_hint = "wt"} : memref<?xi8>
  %w = memref.load %b[%i] {simt.cache_hint = "lu"} : memref<?xf64>
  memref.store %w, %b[%i] {simt.cache_hint = "cs"} : memref<?xf64>
  func.return
}

// CHECK-LABEL: llvm.func @cache_hints(
// CHECK:         %[[V:.*]] = llvm.inline_asm "ld.global.cg.b8 $0, [$1];", "=r,l" %{{.*}} : (!llvm.ptr<1>) -> i8
// CHECK:         llvm.inline_asm has_side_effects "st.global.wt.b8 [$0], $1;", "l,r,~{memory}" %{{.*}}, %[[V]] : (!llvm.ptr<1>, i8) -> ()
// CHECK:         %[[W:.*]] = llvm.inline_asm "ld.global.lu.b64 $0, [$1];", "=l,l" %{{.*}} : (!llvm.ptr<1>) -> f64
// CHECK:         llvm.inline_asm has_side_effects "st.global.cs.b64 [$0], $1;", "l,l,~{memory}" %{{.*}}, %[[W]] : (!llvm.ptr<1>, f64) -> ()
// CHECK-NOT:     llvm.load
