// RUN: simt-opt %s --split-input-file | filecheck %s
// RUN: SIMT_ROUNDTRIP | filecheck %s
// RUN: SIMT_GENERIC_ROUNDTRIP | filecheck %s --check-prefix=GENERIC
// RUN: xdsl-opt %s --split-input-file | filecheck %s

// Thread identity: every dimension, every result type.
// CHECK-LABEL: func.func @identity
func.func @identity() {
  // CHECK-NEXT: %{{.*}} = simt.thread_id x : i32
  // CHECK-NEXT: %{{.*}} = simt.block_id y : i64
  // CHECK-NEXT: %{{.*}} = simt.block_dim z : index
  // CHECK-NEXT: %{{.*}} = simt.grid_dim x : i32
  // CHECK-NEXT: %{{.*}} = simt.lane_id : i32
  // CHECK-NEXT: %{{.*}} = simt.warp_size : i32
  // GENERIC-LABEL: "func.func"() <{sym_name = "identity"
  // GENERIC: "simt.thread_id"() <{dimension = #simt<dim x>}> : () -> i32
  // GENERIC: "simt.block_id"() <{dimension = #simt<dim y>}> : () -> i64
  // GENERIC: "simt.block_dim"() <{dimension = #simt<dim z>}> : () -> index
  // GENERIC: "simt.grid_dim"() <{dimension = #simt<dim x>}> : () -> i32
  // GENERIC: "simt.lane_id"() : () -> i32
  // GENERIC: "simt.warp_size"() : () -> i32
  %tid = simt.thread_id x : i32
  %bid = simt.block_id y : i64
  %bdim = simt.block_dim z : index
  %gdim = simt.grid_dim x : i32
  %lane = simt.lane_id : i32
  %ws = simt.warp_size : i32
  func.return
}

// -----

// Warp collectives and atomics.
// CHECK-LABEL: func.func @collectives
// CHECK-SAME: (%[[P:.*]]: i1, %[[A:.*]]: memref<?xf32>, %[[I:.*]]: index, %[[V:.*]]: f32)
func.func @collectives(%p: i1, %a: memref<?xf32>, %i: index, %v: f32) {
  // CHECK-NEXT: %{{.*}} = simt.vote_any %[[P]]
  // CHECK-NEXT: %{{.*}} = simt.vote_all %[[P]]
  // CHECK-NEXT: %{{.*}} = simt.ballot %[[P]] : i32
  // CHECK-NEXT: simt.barrier
  // CHECK-NEXT: %{{.*}} = simt.atomic_add %[[V]], %[[A]][%[[I]]] : memref<?xf32>, f32
  // GENERIC-LABEL: sym_name = "collectives"
  // GENERIC: "simt.vote_any"(%{{.*}}) : (i1) -> i1
  // GENERIC: "simt.vote_all"(%{{.*}}) : (i1) -> i1
  // GENERIC: "simt.ballot"(%{{.*}}) : (i1) -> i32
  // GENERIC: "simt.barrier"() : () -> ()
  // GENERIC: "simt.atomic_add"(%{{.*}}, %{{.*}}, %{{.*}}) : (f32, memref<?xf32>, index) -> f32
  %any = simt.vote_any %p
  %all = simt.vote_all %p
  %mask = simt.ballot %p : i32
  simt.barrier
  %old = simt.atomic_add %v, %a[%i] : memref<?xf32>, f32
  func.return
}

// -----

// Guard variables: create, set, select, test and a guarded block with results.
// CHECK-LABEL: func.func @guards
// CHECK-SAME: (%[[C:.*]]: i1, %[[X:.*]]: i32)
func.func @guards(%c: i1, %x: i32) {
  // CHECK-NEXT: %[[G:.*]] = simt.guard.create 0 : !simt.guard<4>
  // CHECK-NEXT: simt.guard.set %[[G]], 3 : !simt.guard<4>
  // CHECK-NEXT: simt.guard.select %[[G]], %[[C]], 1, 2 : !simt.guard<4>
  // CHECK-NEXT: %{{.*}} = simt.guard.test %[[G]], 1 : !simt.guard<4>
  // CHECK-NEXT: %{{.*}} = simt.guarded %[[G]], 1 : !simt.guard<4> -> (i32) {
  // CHECK-NEXT:   %[[Y:.*]] = arith.addi %[[X]], %[[X]] : i32
  // CHECK-NEXT:   simt.guard.set %[[G]], 2 : !simt.guard<4>
  // CHECK-NEXT:   simt.yield %[[Y]] : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: simt.guarded %[[G]], 2 : !simt.guard<4> {
  // GENERIC-LABEL: sym_name = "guards"
  // GENERIC: "simt.guard.create"() <{init = 0 : i64}> : () -> !simt.guard<4>
  // GENERIC: "simt.guard.set"(%{{.*}}) <{target = 3 : i64}> : (!simt.guard<4>) -> ()
  // GENERIC: "simt.guard.select"(%{{.*}}, %{{.*}}) <{if_true = 1 : i64, if_false = 2 : i64}> : (!simt.guard<4>, i1) -> ()
  // GENERIC: "simt.guard.test"(%{{.*}}) <{block = 1 : i64}> : (!simt.guard<4>) -> i1
  // GENERIC: "simt.guarded"(%{{.*}}) <{block = 1 : i64}> ({
  // GENERIC: "simt.yield"(%{{.*}}) : (i32) -> ()
  // GENERIC-NEXT: }) : (!simt.guard<4>) -> i32
  %g = simt.guard.create 0 : !simt.guard<4>
  simt.guard.set %g, 3 : !simt.guard<4>
  simt.guard.select %g, %c, 1, 2 : !simt.guard<4>
  %t = simt.guard.test %g, 1 : !simt.guard<4>
  %r = simt.guarded %g, 1 : !simt.guard<4> -> (i32) {
    %y = arith.addi %x, %x : i32
    simt.guard.set %g, 2 : !simt.guard<4>
    simt.yield %y : i32
  }
  simt.guarded %g, 2 : !simt.guard<4> {
    simt.yield
  }
  func.return
}

// -----

// Analysis facts: uniformity on values and branches, loop info.
// CHECK-LABEL: func.func @facts
func.func @facts(%n: i32) {
  // CHECK: arith.constant {simt.divergence = [#simt.uniformity<uniform>]} 0 : i32
  // CHECK: simt.thread_id x {simt.divergence = [#simt.uniformity<divergent>]} : i32
  // CHECK: simt.branch = #simt.uniformity<divergent>
  // CHECK: simt.loop_info = #simt.loop_info<trip_count = 12.5, idle_fraction = 0.25>
  // CHECK: simt.loop_info = #simt.loop_info<trip_count = none, idle_fraction = none>
  // GENERIC: #simt.uniformity<uniform>
  // GENERIC: #simt.loop_info<trip_count = 12.5, idle_fraction = 0.25>
  %zero = arith.constant {simt.divergence = [#simt.uniformity<uniform>]} 0 : i32
  %tid = simt.thread_id x {simt.divergence = [#simt.uniformity<divergent>]} : i32
  %c = arith.cmpi slt, %tid, %n : i32
  scf.if %c {
    scf.yield
  } {simt.branch = #simt.uniformity<divergent>}
  %r = scf.while (%i = %zero) : (i32) -> i32 {
    %cont = arith.cmpi slt, %i, %n : i32
    scf.condition(%cont) %i : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  } attributes {simt.loop_info = #simt.loop_info<trip_count = 12.5, idle_fraction = 0.25>}
  scf.if %c {
    scf.yield
  } {simt.loop_info = #simt.loop_info<trip_count = none, idle_fraction = none>}
  func.return
}

// -----

// Math functions the math dialect lacks, with one and two results.
// CHECK-LABEL: func.func @libm
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f64, %[[N:.*]]: i32)
func.func @libm(%x: f32, %y: f64, %n: i32) {
  // CHECK-NEXT: %{{.*}} = simt.libm "hypot"(%[[X]], %[[X]]) : (f32, f32) -> f32
  // CHECK-NEXT: %{{.*}}, %{{.*}} = simt.libm "frexp"(%[[Y]]) : (f64) -> (f64, i32)
  // CHECK-NEXT: %{{.*}} = simt.libm "ldexp"(%[[X]], %[[N]]) : (f32, i32) -> f32
  // GENERIC: "simt.libm"(%{{.*}}, %{{.*}}) <{fn = "hypot"}> : (f32, f32) -> f32
  %h = simt.libm "hypot"(%x, %x) : (f32, f32) -> f32
  %m, %e = simt.libm "frexp"(%y) : (f64) -> (f64, i32)
  %l = simt.libm "ldexp"(%x, %n) : (f32, i32) -> f32
  func.return
}

// -----

// Atomics: every kind, any rank, compare-and-swap.
// CHECK-LABEL: func.func @atomics
func.func @atomics(%x: f32, %n: i32, %a: memref<4x?xf32>, %b: memref<?xi32>, %j: index) {
  // CHECK-NEXT: %{{.*}} = simt.atomic nanmax %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<4x?xf32>, f32
  // CHECK-NEXT: %{{.*}} = simt.atomic inc %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi32>, i32
  // CHECK-NEXT: %{{.*}} = simt.atomic umin %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi32>, i32
  // CHECK-NEXT: %{{.*}} = simt.atomic_cas %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi32>, i32
  // GENERIC: "simt.atomic"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{kind = #simt<atomic_kind nanmax>}>
  %o = simt.atomic nanmax %x, %a[%j, %j] : memref<4x?xf32>, f32
  %o2 = simt.atomic inc %n, %b[%j] : memref<?xi32>, i32
  %o3 = simt.atomic umin %n, %b[%j] : memref<?xi32>, i32
  %c = simt.atomic_cas %n, %n, %b[%j] : memref<?xi32>, i32
  func.return
}

// -----

// Warp and block primitives.
// CHECK-LABEL: func.func @warp
func.func @warp(%m: i32, %x: f64, %p: i1) {
  // CHECK-NEXT: %{{.*}} = simt.shfl xor %{{.*}}, %{{.*}}, %{{.*}} : f64
  // CHECK-NEXT: %{{.*}} = simt.vote_sync ballot %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: %{{.*}} = simt.vote_sync eq %{{.*}}, %{{.*}} : i1
  // CHECK-NEXT: %{{.*}} = simt.match_any %{{.*}}, %{{.*}} : f64
  // CHECK-NEXT: %{{.*}}, %{{.*}} = simt.match_all %{{.*}}, %{{.*}} : f64
  // CHECK-NEXT: %{{.*}} = simt.activemask : i32
  // CHECK-NEXT: %{{.*}} = simt.lanemask_lt : i32
  // CHECK-NEXT: simt.syncwarp %{{.*}}
  // CHECK-NEXT: %{{.*}} = simt.barrier_reduce count %{{.*}}
  // CHECK-NEXT: simt.fence system
  // CHECK-NEXT: %{{.*}} = simt.brev %{{.*}} : i32
  // GENERIC: "simt.shfl"(%{{.*}}, %{{.*}}, %{{.*}}) <{mode = #simt<shuffle_mode xor>}> : (i32, f64, i32) -> f64
  %s = simt.shfl xor %m, %x, %m : f64
  %b = simt.vote_sync ballot %m, %p : i32
  %e = simt.vote_sync eq %m, %p : i1
  %ma = simt.match_any %m, %x : f64
  %mm, %same = simt.match_all %m, %x : f64
  %am = simt.activemask : i32
  %lt = simt.lanemask_lt : i32
  simt.syncwarp %m
  %n = simt.barrier_reduce count %p
  simt.fence system
  %r = simt.brev %m : i32
  func.return
}

// -----

// A raise names an entry of its kernel's simt.exceptions; the entry keeps the
// class, the constant arguments and the place of the raise.
// CHECK-LABEL: func.func @raises
// CHECK-SAME: simt.exceptions = [#simt.exception<"builtins.ValueError"("bad", 3 : i64, 2.500000e+00 : f64, true, none, ["t", 1 : i64]) in "raises" at "k.py":7>, #simt.exception<"builtins.KeyError"() in "helper" at "/abs/k.py":12>]
func.func @raises(%p: i1) attributes {simt.kernel, simt.exceptions = [
    #simt.exception<"builtins.ValueError"("bad", 3 : i64, 2.5 : f64, true, none, ["t", 1 : i64]) in "raises" at "k.py":7>,
    #simt.exception<"builtins.KeyError"() in "helper" at "/abs/k.py":12>]} {
  // CHECK-NEXT: cf.cond_br
  cf.cond_br %p, ^bb1, ^bb2
^bb1:
  // CHECK-NEXT: ^bb1:
  // CHECK-NEXT: simt.raise 2
  // CHECK-NEXT: func.return
  // GENERIC: "simt.raise"() <{code = 2 : i64}> : () -> ()
  simt.raise 2
  func.return
^bb2:
  func.return
}
