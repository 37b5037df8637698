// RUN: simt-opt %s -t llvm | filecheck %s
// RUN: simt-opt %s -t simt-llvm | filecheck %s

// -t llvm prints LLVM IR for nvptx64; a kernel uses the ptx_kernel convention.
func.func @k(%a: memref<?xi32>, %v: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %old = simt.atomic_add %v, %a[%c0] : memref<?xi32>, i32
  func.return
}

// CHECK:      target triple = "nvptx64-nvidia-cuda"
// CHECK:      define ptx_kernel void @"k"(ptr %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i32 %{{.*}})
// CHECK:      addrspacecast ptr %{{.*}} to ptr addrspace(1)
// CHECK:      atomicrmw add ptr addrspace(1) %{{.*}}, i32 %{{.*}} monotonic
