// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// simt.libm calls libdevice by the C name, f suffix for f32; frexp returns
// its exponent through a stack slot.
func.func @libm(%x: f32, %y: f64, %out: memref<?xf64>, %e: memref<?xi32>) attributes {simt.kernel} {
  %h = simt.libm "hypot"(%x, %x) : (f32, f32) -> f32
  %m, %k = simt.libm "frexp"(%y) : (f64) -> (f64, i32)
  %hd = arith.extf %h : f32 to f64
  %s = arith.addf %hd, %m : f64
  %c0 = arith.constant 0 : index
  memref.store %s, %out[%c0] : memref<?xf64>
  memref.store %k, %e[%c0] : memref<?xi32>
  func.return
}

// CHECK-LABEL: llvm.func @libm(
// CHECK:         %[[SLOT:.*]] = llvm.alloca %{{.*}} x i32
// CHECK:         %{{.*}} = llvm.call @__nv_hypotf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-NEXT:    %{{.*}} = llvm.call @__nv_frexp(%{{.*}}, %[[SLOT]]) : (f64, !llvm.ptr) -> f64
// CHECK-NEXT:    %{{.*}} = llvm.load %[[SLOT]] {alignment = 4 : i64} : !llvm.ptr -> i32
// CHECK:       llvm.func @__nv_hypotf(f32, f32) -> f32
// CHECK:       llvm.func @__nv_frexp(f64, !llvm.ptr) -> f64

// -----

// math.acosh and math.fpowi call libdevice too (powi takes an i32 exponent).
func.func @acosh_powi(%x: f32, %n: i32, %out: memref<?xf32>) attributes {simt.kernel} {
  %a = math.acosh %x : f32
  %p = math.fpowi %a, %n : f32, i32
  %c0 = arith.constant 0 : index
  memref.store %p, %out[%c0] : memref<?xf32>
  func.return
}

// CHECK-LABEL: llvm.func @acosh_powi(
// CHECK:         %[[A:.*]] = llvm.call @__nv_acoshf(%{{.*}}) : (f32) -> f32
// CHECK-NEXT:    %{{.*}} = llvm.call @__nv_powif(%[[A]], %{{.*}}) : (f32, i32) -> f32

// -----

// Integer atomics are atomicrmw; inc and dec are uinc_wrap / udec_wrap.
func.func @int_atomics(%v: i32, %a: memref<?xi32>) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %0 = simt.atomic umax %v, %a[%c0] : memref<?xi32>, i32
  %1 = simt.atomic inc %0, %a[%c0] : memref<?xi32>, i32
  %2 = simt.atomic dec %1, %a[%c0] : memref<?xi32>, i32
  %3 = simt.atomic exch %2, %a[%c0] : memref<?xi32>, i32
  memref.store %3, %a[%c0] : memref<?xi32>
  func.return
}

// CHECK-LABEL: llvm.func @int_atomics(
// CHECK:         %[[U:.*]] = llvm.atomicrmw umax %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i32
// CHECK:         %[[I:.*]] = llvm.atomicrmw uinc_wrap %{{.*}}, %[[U]] monotonic : !llvm.ptr<1>, i32
// CHECK:         %[[D:.*]] = llvm.atomicrmw udec_wrap %{{.*}}, %[[I]] monotonic : !llvm.ptr<1>, i32
// CHECK:         %{{.*}} = llvm.atomicrmw xchg %{{.*}}, %[[D]] monotonic : !llvm.ptr<1>, i32

// -----

// Float max is numba's CAS loop: return at once if the element or the value
// is NaN, else swap while the element is below the value.
func.func @float_max(%v: f32, %a: memref<?xf32>) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %old = simt.atomic max %v, %a[%c0] : memref<?xf32>, f32
  memref.store %old, %a[%c0] : memref<?xf32>
  func.return
}

// CHECK-LABEL: llvm.func @float_max(
// CHECK:         %[[FIRST:.*]] = llvm.load %[[P:.*]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT:    %[[NAN:.*]] = llvm.fcmp "uno" %[[V:.*]], %[[FIRST]] : f32
// CHECK-NEXT:    llvm.cond_br %[[NAN]], ^[[DONE:.*]], ^[[CHECK:.*]](%[[FIRST]] : f32)
// CHECK-NEXT:  ^[[CHECK]](%[[CUR:.*]]: f32):
// CHECK-NEXT:    %[[LESS:.*]] = llvm.fcmp "olt" %[[CUR]], %[[V]] : f32
// CHECK-NEXT:    llvm.cond_br %[[LESS]], ^[[TRY:.*]], ^[[DONE]]
// CHECK-NEXT:  ^[[TRY]]:
// CHECK:         %[[PAIR:.*]] = llvm.cmpxchg %[[P]], %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i32 -> !llvm.struct<(i32, i1)>
// CHECK-NEXT:    %[[SEEN:.*]] = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
// CHECK-NEXT:    %[[BACK:.*]] = llvm.bitcast %[[SEEN]] : i32 to f32
// CHECK-NEXT:    llvm.br ^[[CHECK]](%[[BACK]] : f32)
// CHECK-NEXT:  ^[[DONE]]:
// CHECK:         llvm.store %[[FIRST]]

// -----

// Compare-and-swap is cmpxchg; the old value is the pair's first field.
func.func @cas(%c: i64, %v: i64, %a: memref<?xi64>) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %old = simt.atomic_cas %c, %v, %a[%c0] : memref<?xi64>, i64
  memref.store %old, %a[%c0] : memref<?xi64>
  func.return
}

// CHECK-LABEL: llvm.func @cas(
// CHECK:         %[[PAIR:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} monotonic : !llvm.ptr<1>, i64 -> !llvm.struct<(i64, i1)>
// CHECK-NEXT:    %{{.*}} = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i64, i1)>

// -----

// A 64-bit shuffle moves two 32-bit halves; clamp 31 for down.
func.func @shuffle(%m: i32, %x: f64, %d: i32, %out: memref<?xf64>) attributes {simt.kernel} {
  %s = simt.shfl down %m, %x, %d : f64
  %c0 = arith.constant 0 : index
  memref.store %s, %out[%c0] : memref<?xf64>
  func.return
}

// CHECK-LABEL: llvm.func @shuffle(
// CHECK:         %[[BITS:.*]] = llvm.bitcast %{{.*}} : f64 to i64
// CHECK-NEXT:    %[[LOW:.*]] = llvm.trunc %[[BITS]] : i64 to i32
// CHECK:         %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.shfl.sync.down.i32"(%{{.*}}, %[[LOW]], %{{.*}}, %[[C31]]) : (i32, i32, i32, i32) -> i32
// CHECK:         llvm.call_intrinsic "llvm.nvvm.shfl.sync.down.i32"
// CHECK:         %{{.*}} = llvm.bitcast %{{.*}} : i64 to f64

// -----

// Votes with a mask, match, masks of lanes, block reductions, fences, brev.
func.func @warp(%m: i32, %p: i1, %x: i32, %out: memref<?xi32>) attributes {simt.kernel} {
  %b = simt.vote_sync ballot %m, %p : i32
  %e = simt.vote_sync eq %m, %p : i1
  %mm, %same = simt.match_all %m, %x : i32
  %am = simt.activemask : i32
  %lt = simt.lanemask_lt : i32
  simt.syncwarp %m
  %n = simt.barrier_reduce or %e
  simt.fence block
  %r = simt.brev %x : i32
  %0 = arith.addi %b, %mm : i32
  %1 = arith.addi %0, %am : i32
  %2 = arith.addi %1, %lt : i32
  %3 = arith.addi %2, %n : i32
  %4 = arith.addi %3, %r : i32
  %c0 = arith.constant 0 : index
  memref.store %4, %out[%c0] : memref<?xi32>
  func.return
}

// CHECK-LABEL: llvm.func @warp(
// CHECK:         %{{.*}} = llvm.call_intrinsic "llvm.nvvm.vote.ballot.sync"(%{{.*}}, %{{.*}}) : (i32, i1) -> i32
// CHECK-NEXT:    %[[EQ:.*]] = llvm.call_intrinsic "llvm.nvvm.vote.uni.sync"(%{{.*}}, %{{.*}}) : (i32, i1) -> i1
// CHECK-NEXT:    %[[PAIR:.*]] = llvm.call_intrinsic "llvm.nvvm.match.all.sync.i32p"(%{{.*}}, %{{.*}}) : (i32, i32) -> !llvm.struct<(i32, i1)>
// CHECK-NEXT:    %{{.*}} = llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
// CHECK-NEXT:    %{{.*}} = llvm.extractvalue %[[PAIR]][1] : !llvm.struct<(i32, i1)>
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.activemask"() : () -> i32
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.lanemask.lt"() : () -> i32
// CHECK-NEXT:    llvm.call_intrinsic "llvm.nvvm.bar.warp.sync"(%{{.*}}) : (i32) -> ()
// CHECK-NEXT:    %[[WIDE:.*]] = llvm.zext %[[EQ]] : i1 to i32
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.nvvm.barrier0.or"(%[[WIDE]]) : (i32) -> i32
// CHECK-NEXT:    llvm.call_intrinsic "llvm.nvvm.membar.cta"() : () -> ()
// CHECK-NEXT:    %{{.*}} = llvm.call_intrinsic "llvm.bitreverse.i32"(%{{.*}}) : (i32) -> i32
