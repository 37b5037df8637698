// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// Thread identity reads PTX special registers; i64 results are zero-extended.
func.func @ids(%out: memref<?xi64>) attributes {simt.kernel} {
  %tid = simt.thread_id y : i32
  %bid = simt.block_id x : i64
  %bdim = simt.block_dim z : i32
  %gdim = simt.grid_dim x : i32
  %lane = simt.lane_id : i32
  %ws = simt.warp_size : i32
  %0 = arith.addi %tid, %bdim : i32
  %1 = arith.addi %0, %gdim : i32
  %2 = arith.addi %1, %lane : i32
  %3 = arith.addi %2, %ws : i32
  %4 = arith.extui %3 : i32 to i64
  %5 = arith.addi %4, %bid : i64
  %c0 = arith.constant 0 : index
  memref.store %5, %out[%c0] : memref<?xi64>
  func.return
}

// CHECK-LABEL: llvm.func @ids(
// CHECK:         %{{.*}} = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.tid.y"() : () -> i32
// CHECK-NEXT:    %[[BID:.*]] = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.ctaid.x"() : () -> i32
// CHECK-NEXT:    %{{.*}} = llvm.zext %[[BID]] : i32 to i64
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.ntid.z"() : () -> i32
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.nctaid.x"() : () -> i32
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.laneid"() : () -> i32
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.warpsize"() : () -> i32

// -----

// Votes and ballot run over the active lanes: the mask is llvm.nvvm.activemask.
func.func @votes(%p: i1, %out: memref<?xi32>) attributes {simt.kernel} {
  %any = simt.vote_any %p
  %all = simt.vote_all %any
  %mask = simt.ballot %all : i32
  %c0 = arith.constant 0 : index
  memref.store %mask, %out[%c0] : memref<?xi32>
  func.return
}

// CHECK-LABEL: llvm.func @votes(
// CHECK:         %[[M1:.*]] = llvm.call_intrinsic "llvm.nvvm.activemask"() : () -> i32
// CHECK-NEXT:    %[[ANY:.*]] = llvm.call_intrinsic "llvm.nvvm.vote.any.sync"(%[[M1]], %{{.*}}) : (i32, i1) -> i1
// CHECK-NEXT:    %[[M2:.*]] = llvm.call_intrinsic "llvm.nvvm.activemask"() : () -> i32
// CHECK-NEXT:    %[[ALL:.*]] = llvm.call_intrinsic "llvm.nvvm.vote.all.sync"(%[[M2]], %[[ANY]]) : (i32, i1) -> i1
// CHECK-NEXT:    %[[M3:.*]] = llvm.call_intrinsic "llvm.nvvm.activemask"() : () -> i32
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.vote.ballot.sync"(%[[M3]], %[[ALL]]) : (i32, i1) -> i32

// -----

// The barrier is the aligned CTA barrier 0 (bar.sync 0).
func.func @barrier() attributes {simt.kernel} {
  simt.barrier
  func.return
}

// CHECK-LABEL: llvm.func @barrier()
// CHECK-NEXT:    %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    llvm.call_intrinsic "llvm.nvvm.barrier.cta.sync.aligned.all"(%[[ZERO]]) : (i32) -> ()

// -----

// Atomics on a kernel array are atomicrmw on the global pointer (fadd for floats).
func.func @atomics(%h: memref<?xi32>, %f: memref<?xf32>, %i: index, %v: i32, %x: f32) attributes {simt.kernel} {
  %old = simt.atomic_add %v, %h[%i] : memref<?xi32>, i32
  %oldf = simt.atomic_add %x, %f[%i] : memref<?xf32>, f32
  func.return
}

// CHECK-LABEL: llvm.func @atomics(
// CHECK:         %{{.*}} = llvm.atomicrmw add %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i32
// CHECK:         %{{.*}} = llvm.atomicrmw fadd %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, f32

// -----

// An atomic add on a private array is a plain read-modify-write.
func.func @private_atomic(%v: i32) -> i32 {
  %p = memref.alloca() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %old = simt.atomic_add %v, %p[%c0] : memref<1xi32>, i32
  func.return %old : i32
}

// CHECK-LABEL: llvm.func internal @private_atomic(
// CHECK:         %[[OLD:.*]] = llvm.load %[[P:.*]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK-NEXT:    %[[NEW:.*]] = llvm.add %[[OLD]], %{{.*}} : i32
// CHECK-NEXT:    llvm.store %[[NEW]], %[[P]] {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-NEXT:    llvm.return %[[OLD]] : i32
// CHECK-NOT:     atomicrmw

// -----

// A raise keeps the lowest (global linear thread id << 16 | code) of the
// launch: an atomic unsigned minimum on the kernel's word, a global of all
// ones until a lane raises; the lane then returns.
func.func @raises(%p: i1) attributes {simt.kernel, simt.exceptions = [
    #simt.exception<"builtins.ValueError"("bad") in "raises" at "k.py":7>,
    #simt.exception<"builtins.KeyError"() in "raises" at "k.py":9>]} {
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  simt.raise 2
  func.return
^bb2:
  func.return
}

// CHECK-LABEL: llvm.func @raises(
// CHECK:         llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.tid.x"
// CHECK:         llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.ctaid.x"
// CHECK:         %[[BITS:.*]] = llvm.mlir.constant(16) : i64
// CHECK-NEXT:    %[[SHIFTED:.*]] = llvm.shl %{{.*}}, %[[BITS]] : i64
// CHECK-NEXT:    %[[CODE:.*]] = llvm.mlir.constant(2) : i64
// CHECK-NEXT:    %[[KEY:.*]] = llvm.or %[[SHIFTED]], %[[CODE]] : i64
// CHECK-NEXT:    %[[WORD:.*]] = llvm.mlir.addressof @raises__simt_raise : !llvm.ptr<1>
// CHECK-NEXT:    %{{.*}} = llvm.atomicrmw umin %[[WORD]], %[[KEY]] monotonic : !llvm.ptr<1>, i64
// CHECK-NEXT:    llvm.return
// CHECK:       llvm.mlir.global external @raises__simt_raise(dense<-1> : tensor<1xi64>) {addr_space = 1 : i32, alignment = 8 : i64} : !llvm.array<1 x i64>

// -----

// A kernel that lists no exceptions gets no word.
func.func @quiet() attributes {simt.kernel} {
  func.return
}

// CHECK-LABEL: llvm.func @quiet()
// CHECK-NOT:   __simt_raise
