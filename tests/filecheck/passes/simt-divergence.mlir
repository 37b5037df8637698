// RUN: simt-opt %s --split-input-file -p test-print-divergence | filecheck %s
// RUN: simt-opt %s --split-input-file -p test-print-divergence{lockstep-loads=true} | filecheck %s --check-prefix=LOCKSTEP
// RUN: simt-opt %s --split-input-file -p simt-divergence | filecheck %s --check-prefix=ATTR
// The printed facts parse back: the round trip keeps them.
// RUN: simt-opt %s --split-input-file -p simt-divergence | simt-opt --split-input-file | filecheck %s --check-prefix=ATTR

// Sources (Theorem 3.1, rule 1): thread and lane ids are divergent; block ids
// and sizes, the warp size, constants and kernel arguments are uniform.
// CHECK-LABEL: divergence of @sources
// CHECK-NEXT:    %n: uniform
// CHECK-NEXT:    %tid: divergent
// CHECK-NEXT:    %lane: divergent
// CHECK-NEXT:    %bid: uniform
// CHECK-NEXT:    %bdim: uniform
// CHECK-NEXT:    %gdim: uniform
// CHECK-NEXT:    %ws: uniform
// CHECK-NEXT:    %c: uniform
func.func @sources(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %lane = simt.lane_id : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %gdim = simt.grid_dim x : i32
  %ws = simt.warp_size : i32
  %c = arith.constant 7 : i32
  func.return
}

// -----

// The arguments of a function that is not a kernel may differ per lane.
// CHECK-LABEL: divergence of @helper
// CHECK-NEXT:    %x: divergent
// CHECK-NEXT:    %y: divergent
func.func @helper(%x: i32) -> i32 {
  %y = arith.addi %x, %x : i32
  func.return %y : i32
}

// -----

// Atomics are divergent (rule 2 of Theorem 3.1), even on a uniform address.
// CHECK-LABEL: divergence of @atomic
// CHECK:         %old: divergent
func.func @atomic(%hist: memref<?xi32>, %v: i32) attributes {simt.kernel} {
  %i = arith.constant 0 : index
  %old = simt.atomic_add %v, %hist[%i] : memref<?xi32>, i32
  func.return
}

// -----

// Votes and ballots are uniform, whatever their predicate.
// CHECK-LABEL: divergence of @votes
// CHECK:         %p: divergent
// CHECK-NEXT:    %any: uniform
// CHECK-NEXT:    %all: uniform
// CHECK-NEXT:    %mask: uniform
func.func @votes(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %p = arith.cmpi slt, %tid, %n : i32
  %any = simt.vote_any %p
  %all = simt.vote_all %p
  %mask = simt.ballot %p : i32
  func.return
}

// -----

// Data dependence (rule 3): one divergent operand makes the result divergent.
// CHECK-LABEL: divergence of @data
// CHECK:         %u: uniform
// CHECK-NEXT:    %d: divergent
// CHECK-NEXT:    %true: uniform
// CHECK-NEXT:    %s: divergent
func.func @data(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %u = arith.muli %n, %n : i32
  %d = arith.addi %u, %tid : i32
  %true = arith.constant true
  %s = arith.select %true, %u, %d : i32
  func.return
}

// -----

// Loads: from a divergent address they are divergent. From a uniform address
// in a function that writes memory only the paper's lockstep rule calls them
// uniform.
// CHECK-LABEL: divergence of @loads
// CHECK:         %at_tid: divergent
// CHECK-NEXT:    %at_zero: divergent
// LOCKSTEP-LABEL: divergence of @loads
// LOCKSTEP:         %at_tid: divergent
// LOCKSTEP-NEXT:    %at_zero: uniform
func.func @loads(%a: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %idx = arith.index_cast %tid : i32 to index
  %zero = arith.constant 0 : index
  %at_tid = memref.load %a[%idx] : memref<?xi32>
  %at_zero = memref.load %a[%zero] : memref<?xi32>
  memref.store %at_zero, %out[%idx] : memref<?xi32>
  func.return
}

// -----

// A load from a uniform address of a function that writes no memory is uniform.
// CHECK-LABEL: divergence of @read_only
// CHECK:         %v: uniform
func.func @read_only(%a: memref<?xi32>) attributes {simt.kernel} {
  %zero = arith.constant 0 : index
  %v = memref.load %a[%zero] : memref<?xi32>
  func.return
}

// -----

// scf.if with a divergent condition: the branch and its results are divergent
// (sync dependence), the values inside the regions follow data dependence.
// CHECK-LABEL: divergence of @if_divergent
// CHECK:         %r: divergent
// CHECK-NEXT:    branch scf.if %p: divergent
// CHECK-NEXT:    %inner: uniform
func.func @if_divergent(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %p = arith.cmpi slt, %tid, %n : i32
  %r = scf.if %p -> (i32) {
    %inner = arith.addi %n, %n : i32
    scf.yield %inner : i32
  } else {
    scf.yield %n : i32
  }
  func.return
}

// -----

// scf.if with a uniform condition: each result is divergent only when a
// yielded value is.
// CHECK-LABEL: divergence of @if_uniform
// CHECK:         %r#0: uniform
// CHECK-NEXT:    %r#1: divergent
// CHECK-NEXT:    branch scf.if %p: uniform
func.func @if_uniform(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %p = arith.cmpi slt, %bid, %n : i32
  %r:2 = scf.if %p -> (i32, i32) {
    scf.yield %n, %tid : i32, i32
  } else {
    scf.yield %bid, %n : i32, i32
  }
  func.return
}

// -----

// scf.for with uniform bounds: the induction variable and the iteration
// arguments follow data dependence, and so do the results.
// CHECK-LABEL: divergence of @for_uniform
// CHECK:         %r: uniform
// CHECK-NEXT:    branch scf.for %ub: uniform
// CHECK-NEXT:    %i: uniform
// CHECK-NEXT:    %acc: uniform
func.func @for_uniform(%ub: index) attributes {simt.kernel} {
  %lb = arith.constant 0 : index
  %step = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %lb) -> (index) {
    %next = arith.addi %acc, %i : index
    scf.yield %next : index
  }
  func.return
}

// -----

// scf.for with a divergent upper bound (the j1 rule of Fig. 6/8): inside the
// loop the induction variable and the iteration argument stay uniform over the
// lanes still in it; after the loop the result is divergent.
// CHECK-LABEL: divergence of @for_divergent_trip
// CHECK:         %r: divergent
// CHECK-NEXT:    branch scf.for %ub: divergent
// CHECK-NEXT:    %i: uniform
// CHECK-NEXT:    %acc: uniform
// CHECK-NEXT:    %next: uniform
func.func @for_divergent_trip(%n: index) attributes {simt.kernel} {
  %tid = simt.thread_id x : index
  %ub = arith.addi %tid, %n : index
  %lb = arith.constant 0 : index
  %step = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %lb) -> (index) {
    %next = arith.addi %acc, %i : index
    scf.yield %next : index
  }
  func.return
}

// -----

// scf.for with a divergent lower bound: the induction variable is divergent.
// CHECK-LABEL: divergence of @for_divergent_start
// CHECK:         %i: divergent
// CHECK-NEXT:    %acc: uniform
func.func @for_divergent_start(%ub: index) attributes {simt.kernel} {
  %lb = simt.thread_id x : index
  %step = arith.constant 1 : index
  %z = arith.constant 0 : index
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %z) -> (index) {
    %next = arith.addi %acc, %step : index
    scf.yield %next : index
  }
  func.return
}

// -----

// scf.while whose condition is divergent: the loop-carried value is uniform
// inside the loop (j1), divergent after it (j).
// CHECK-LABEL: divergence of @while_divergent
// CHECK:         %after: divergent
// CHECK-NEXT:    branch scf.while %p: divergent
// CHECK-NEXT:    %j: uniform
// CHECK-NEXT:    %p: divergent
// CHECK-NEXT:    %j1: uniform
// CHECK-NEXT:    %jn: uniform
func.func @while_divergent(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %after = scf.while (%j = %zero) : (i32) -> i32 {
    %p = arith.cmpi slt, %j, %tid : i32
    scf.condition(%p) %j : i32
  } do {
  ^bb0(%j1: i32):
    %jn = arith.addi %j1, %one : i32
    scf.yield %jn : i32
  }
  func.return
}

// -----

// scf.while whose condition is uniform: everything follows data dependence.
// CHECK-LABEL: divergence of @while_uniform
// CHECK:         %after: uniform
// CHECK-NEXT:    branch scf.while %p: uniform
func.func @while_uniform(%n: i32) attributes {simt.kernel} {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %after = scf.while (%j = %zero) : (i32) -> i32 {
    %p = arith.cmpi slt, %j, %n : i32
    scf.condition(%p) %j : i32
  } do {
  ^bb0(%j1: i32):
    %jn = arith.addi %j1, %one : i32
    scf.yield %jn : i32
  }
  func.return
}

// -----

// cf if-then-else (Algorithm 7, step 1.a): the block argument at the immediate
// post-dominator of a divergent branch is gated by it, unless every edge
// passes the same value.
// CHECK-LABEL: divergence of @cf_join
// CHECK:         branch cf.cond_br %p: divergent
// CHECK:         %x: divergent
// CHECK-NEXT:    %same: uniform
func.func @cf_join(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %p = arith.cmpi slt, %tid, %n : i32
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  cf.cond_br %p, ^then, ^else
^then:
  cf.br ^join(%a, %n : i32, i32)
^else:
  cf.br ^join(%b, %n : i32, i32)
^join(%x: i32, %same: i32):
  func.return
}

// -----

// cf if-then-else with a uniform condition: the join argument is uniform.
// CHECK-LABEL: divergence of @cf_join_uniform
// CHECK:         branch cf.cond_br %p: uniform
// CHECK:         %x: uniform
func.func @cf_join_uniform(%n: i32) attributes {simt.kernel} {
  %bid = simt.block_id x : i32
  %p = arith.cmpi slt, %bid, %n : i32
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  cf.cond_br %p, ^then, ^else
^then:
  cf.br ^join(%a : i32)
^else:
  cf.br ^join(%b : i32)
^join(%x: i32):
  func.return
}

// -----

// Fig. 6 / Fig. 8: a loop whose exit p0 is divergent. j and j1 stay uniform
// inside the loop (the inner branch p1 is uniform); after the loop, j is
// divergent at its uses (step 1.b, the live range split at the exit), so p2
// and the gated x are divergent.
// CHECK-LABEL: divergence of @fig6
// CHECK:         %i: divergent
// CHECK-NEXT:    %j: uniform
// CHECK:         %p0: divergent
// CHECK-NEXT:    branch cf.cond_br %p0: divergent
// CHECK:         %j1: uniform
// CHECK:         %p1: uniform
// CHECK-NEXT:    branch cf.cond_br %p1: uniform
// CHECK:         %j2: uniform
// CHECK-NEXT:    %j3: uniform
// CHECK:         %p2: divergent
// CHECK-NEXT:    branch cf.cond_br %p2: divergent
// CHECK:         %x: divergent
func.func @fig6(%v: memref<?xi32>, %out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %idx = arith.index_cast %tid : i32 to index
  %i0 = memref.load %v[%idx] : memref<?xi32>
  %j0 = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  cf.br ^l1(%i0, %j0 : i32, i32)
^l1(%i: i32, %j: i32):
  %c100 = arith.constant 100 : i32
  %p0 = arith.cmpi slt, %i, %c100 : i32
  cf.cond_br %p0, ^l2, ^l5
^l2:
  %i1 = arith.addi %i, %one : i32
  %j1 = arith.addi %j, %one : i32
  %t0 = arith.remsi %j1, %two : i32
  %p1 = arith.cmpi eq, %t0, %j0 : i32
  cf.cond_br %p1, ^l3, ^l4(%j1 : i32)
^l3:
  %j2 = arith.subi %j1, %two : i32
  cf.br ^l4(%j2 : i32)
^l4(%j3: i32):
  cf.br ^l1(%i1, %j3 : i32, i32)
^l5:
  %p2 = arith.cmpi sgt, %j, %c100 : i32
  cf.cond_br %p2, ^l6, ^l7
^l6:
  cf.br ^l8(%one : i32)
^l7:
  cf.br ^l8(%two : i32)
^l8(%x: i32):
  memref.store %x, %out[%idx] : memref<?xi32>
  func.return
}

// -----

// A divergent branch inside a loop that does not leave the loop: the loop's
// exit stays uniform, and so does the value after it.
// CHECK-LABEL: divergence of @cf_loop_inner_branch
// CHECK:         branch cf.cond_br %p: divergent
// CHECK:         branch cf.cond_br %more: uniform
// CHECK:         %after: uniform
func.func @cf_loop_inner_branch(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^head(%zero : i32)
^head(%k: i32):
  %p = arith.cmpi slt, %k, %tid : i32
  cf.cond_br %p, ^a, ^b
^a:
  cf.br ^latch
^b:
  cf.br ^latch
^latch:
  %k1 = arith.addi %k, %one : i32
  %more = arith.cmpi slt, %k1, %n : i32
  cf.cond_br %more, ^head(%k1 : i32), ^exit
^exit:
  %after = arith.addi %k1, %one : i32
  func.return
}

// -----

// The recorded attributes: one fact per result, one per block argument (on the
// op holding the region) and one per branch.
// ATTR-LABEL: func.func @recorded
// ATTR-SAME:    simt.block_args_divergence = {{\[}}{{\[}}[#simt.uniformity<uniform>]]]
// ATTR:         simt.thread_id x {simt.divergence = [#simt.uniformity<divergent>]}
// ATTR:         arith.cmpi slt, %{{.*}}, %{{.*}} {simt.divergence = [#simt.uniformity<divergent>]} : i32
// ATTR:         scf.if
// ATTR:         }{simt.divergence = [#simt.uniformity<divergent>], simt.branch = #simt.uniformity<divergent>}
func.func @recorded(%n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %p = arith.cmpi slt, %tid, %n : i32
  %r = scf.if %p -> (i32) {
    scf.yield %n : i32
  } else {
    scf.yield %tid : i32
  }
  func.return
}

// -----

// A divergent self-loop on the header of a loop that holds its ipdom (^b):
// lanes leave the self-loop after different numbers of trips and meet at ^b,
// so %k1 (uniform inside the self-loop) is divergent there, and so is the
// branch on it (found by the fuzzer: a false negative before).
// CHECK-LABEL: divergence of @self_loop_in_loop
// CHECK:         %k1: uniform
// CHECK:         branch cf.cond_br %d: divergent
// CHECK-NEXT:    %u: divergent
// CHECK-NEXT:    branch cf.cond_br %u: divergent
// LOCKSTEP-LABEL: divergence of @self_loop_in_loop
// LOCKSTEP:       branch cf.cond_br %u: divergent
// ATTR-LABEL: func.func @self_loop_in_loop
// ATTR:         cf.cond_br %u, {{.*}} {simt.branch = #simt.uniformity<divergent>}
func.func @self_loop_in_loop(%a: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  cf.br ^h(%c0 : i32)
^h(%k: i32):
  %k1 = arith.addi %k, %c1 : i32
  %d = arith.cmpi slt, %k1, %tid : i32
  cf.cond_br %d, ^h(%k1 : i32), ^b
^b:
  %u = arith.cmpi slt, %k1, %c9 : i32
  cf.cond_br %u, ^h(%k1 : i32), ^exit
^exit:
  func.return
}

// -----

// A vote with a member mask is uniform iff the mask is; shuffles, matches
// and the new atomics are divergent; activemask is uniform.
// CHECK-LABEL: divergence of @masked
// CHECK:         %p: divergent
// CHECK-NEXT:    %full: uniform
// CHECK-NEXT:    %all: uniform
// CHECK-NEXT:    %half: divergent
// CHECK-NEXT:    %part: divergent
// CHECK-NEXT:    %active: uniform
// CHECK-NEXT:    %seen: uniform
// CHECK-NEXT:    %moved: divergent
// CHECK-NEXT:    %group: divergent
// CHECK-NEXT:    %same_mask#0: uniform
// CHECK-NEXT:    %same#1: uniform
// CHECK-NEXT:    %count: uniform
// CHECK-NEXT:    %c0: uniform
// CHECK-NEXT:    %old: divergent
// CHECK-NEXT:    %swapped: divergent
func.func @masked(%n: i32, %hist: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %p = arith.cmpi slt, %tid, %n : i32
  %full = arith.constant -1 : i32
  %all = simt.vote_sync all %full, %p : i1
  %half = arith.andi %tid, %n : i32
  %part = simt.vote_sync ballot %half, %p : i32
  %active = simt.activemask : i32
  %seen = simt.vote_sync any %active, %p : i1
  %moved = simt.shfl idx %full, %n, %n : i32
  %group = simt.match_any %full, %n : i32
  %same_mask, %same = simt.match_all %full, %tid : i32
  %count = simt.barrier_reduce count %p
  %c0 = arith.constant 0 : index
  %old = simt.atomic max %n, %hist[%c0] : memref<?xi32>, i32
  %swapped = simt.atomic_cas %n, %n, %hist[%c0] : memref<?xi32>, i32
  func.return
}
