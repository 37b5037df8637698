// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// A grid barrier is a software barrier: block barrier, thread (0,0,0) of each
// block adds to the function's global counter and spins until bit 31 flips,
// fenced on both sides, then a second block barrier.
func.func @grid_sync(%out: memref<?xi32>) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  memref.store %one, %out[%c0] : memref<?xi32>
  simt.grid_barrier
  func.return
}

// CHECK-LABEL: llvm.func @grid_sync(
// CHECK:         %[[COUNTER:.*]] = llvm.mlir.addressof @grid_sync__simt_grid_sync : !llvm.ptr<1>
// CHECK:         llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK:         llvm.cond_br %{{.*}}, ^[[ARRIVE:.*]], ^[[DONE:.*]]
// CHECK:       ^[[ARRIVE]]:
// CHECK-NEXT:    llvm.call_intrinsic "llvm.nvvm.membar.gl"
// CHECK:         %[[OLD:.*]] = llvm.atomicrmw add %[[COUNTER]], %{{.*}} monotonic
// CHECK-NEXT:    llvm.br ^[[SPIN:.*]]
// CHECK:       ^[[SPIN]]:
// CHECK:         %[[NOW:.*]] = llvm.atomicrmw add %[[COUNTER]], %{{.*}} monotonic
// CHECK-NEXT:    %[[CHANGED:.*]] = llvm.xor %[[OLD]], %[[NOW]] : i32
// CHECK:         llvm.cond_br %{{.*}}, ^[[LEAVE:.*]], ^[[SPIN]]
// CHECK:       ^[[LEAVE]]:
// CHECK-NEXT:    llvm.call_intrinsic "llvm.nvvm.membar.gl"
// CHECK-NEXT:    llvm.br ^[[DONE]]
// CHECK:       ^[[DONE]]:
// CHECK:         llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.all"
// CHECK-NEXT:    llvm.return
// CHECK:       llvm.mlir.global internal @grid_sync__simt_grid_sync(dense<0> : tensor<1xi32>) {addr_space = 1 : i32

// -----

// Two grid barriers of one function share its counter, declared once.
func.func @twice() attributes {simt.kernel} {
  simt.grid_barrier
  simt.grid_barrier
  func.return
}

// CHECK-LABEL: llvm.func @twice(
// CHECK-COUNT-2: llvm.mlir.addressof @twice__simt_grid_sync
// CHECK:         llvm.mlir.global internal @twice__simt_grid_sync
// CHECK-NOT:     llvm.mlir.global internal @twice__simt_grid_sync
