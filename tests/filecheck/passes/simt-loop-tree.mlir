// RUN: simt-opt %s --split-input-file -p simt-loop-tree 2>&1 | filecheck %s
// RUN: simt-opt %s --split-input-file -p simt-loop-tree{noalias=true} 2>&1 | filecheck %s --check-prefix=NOALIAS
// RUN: simt-opt %s --split-input-file -p simt-loop-tree{format=json} 2>&1 | filecheck %s --check-prefix=JSON
// RUN: simt-opt %s --split-input-file -p simt-loop-tree | filecheck %s --check-prefix=IR

// A loop with constant bounds has a static trip count; each iteration writes
// its own element, so it is independent; the only parallel loop maps to the
// lanes and the kernel's threads take the levels above.
// CHECK-LABEL: loop tree of @for_static
// CHECK-NEXT:    L0 threads: trip ? (launch), independent, level grid/block/warp
// CHECK-NEXT:      L1 scf.for @for_static/b0.3: trip 8 (static), independent, exit uniform, level lane
// JSON:          "kernel": "for_static"
// JSON:          "id": "L1"
// JSON-NEXT:     "kind": "scf.for"
// JSON-NEXT:     "site": "@for_static/b0.3"
// JSON:          "trip_count": 8
// JSON-NEXT:     "trip_count_source": "static"
// JSON-NEXT:     "independent": true
// JSON:          "divergent_exit": false
// JSON-NEXT:     "level": "lane"
// The pass does not change the IR.
// IR-LABEL:      func.func @for_static
// IR:            scf.for
// IR-NOT:        simt.
// IR:            func.return
func.func @for_static(%a: memref<?xi32>) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %c8 step %c1 : i32 {
    %idx = arith.index_cast %i : i32 to index
    memref.store %i, %a[%idx] : memref<?xi32>
  }
  func.return
}

// -----

// A sum is a reduction: associative updates, not read inside the loop.
// CHECK-LABEL: loop tree of @sum
// CHECK:         L1 scf.for @sum/b0.4: trip ? (unknown), independent, exit uniform, level lane
// CHECK-NEXT:      carried %acc: reduction (add)
func.func @sum(%a: memref<?xi32>, %out: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  %tid = simt.thread_id x : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) : i32 {
    %idx = arith.index_cast %i : i32 to index
    %v = memref.load %a[%idx] : memref<?xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  %t = arith.index_cast %tid : i32 to index
  memref.store %r, %out[%t] : memref<?xi32>
  func.return
}

// -----

// A value computed from its own previous value by a non-associative op is a
// recurrence: the loop cannot be parallelized and merges into its parent.
// CHECK-LABEL: loop tree of @recurrence
// CHECK-NEXT:    L0 threads: trip ? (launch), independent, level grid/block/warp/lane
// CHECK-NEXT:      L1 scf.for @recurrence/b0.3: trip 10 (static), dependent, exit uniform, level merge into parent
// CHECK-NEXT:        carried %x: recurrence (read inside the loop by arith.divsi)
func.func @recurrence(%seed: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%x = %seed) -> (i32) : i32 {
    %h = arith.divsi %x, %c10 : i32
    %y = arith.addi %h, %i : i32
    scf.yield %y : i32
  }
  func.return
}

// -----

// A conditional overwrite with a fresh value keeps the last one ("last");
// a conditional count is a reduction.
// CHECK-LABEL: loop tree of @last_and_count
// CHECK:         L1 scf.for {{.*}}: trip ? (unknown), independent, exit uniform, level lane
// CHECK-NEXT:      carried %found: last (overwritten)
// CHECK-NEXT:      carried %count: reduction (add)
func.func @last_and_count(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%found = %m1, %count = %c0) -> (i32, i32) : i32 {
    %idx = arith.index_cast %i : i32 to index
    %v = memref.load %a[%idx] : memref<?xi32>
    %hit = arith.cmpi eq, %v, %c0 : i32
    %f, %k = scf.if %hit -> (i32, i32) {
      %k1 = arith.addi %count, %c1 : i32
      scf.yield %i, %k1 : i32, i32
    } else {
      scf.yield %found, %count : i32, i32
    }
    scf.yield %f, %k : i32, i32
  }
  func.return
}

// -----

// A counter that is both reset and incremented is a recurrence (a segmented
// scan, which the analysis does not recognize).
// CHECK-LABEL: loop tree of @reset
// CHECK:         carried %run: recurrence (both overwritten and updated by add)
func.func @reset(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%run = %c0) -> (i32) : i32 {
    %idx = arith.index_cast %i : i32 to index
    %v = memref.load %a[%idx] : memref<?xi32>
    %z = arith.cmpi eq, %v, %c0 : i32
    %next = scf.if %z -> (i32) {
      scf.yield %c0 : i32
    } else {
      %inc = arith.addi %run, %c1 : i32
      scf.yield %inc : i32
    }
    scf.yield %next : i32
  }
  func.return
}

// -----

// Reading what an earlier iteration wrote (a[i] from a[i - 1]) is a memory
// dependence; touching only a[i] in iteration i is not.
// CHECK-LABEL: loop tree of @memory
// CHECK:         L1 scf.for @memory/b0.2: {{.*}}, dependent, exit uniform, level merge into parent
// CHECK-NEXT:      memory RAW on %a: memref.store and memref.load
// CHECK-NEXT:    L2 scf.for @memory/b0.3: {{.*}}, independent, exit uniform, level lane
func.func @memory(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  scf.for %i = %c1 to %n step %c1 : i32 {
    %j = arith.subi %i, %c1 : i32
    %jdx = arith.index_cast %j : i32 to index
    %v = memref.load %a[%jdx] : memref<?xi32>
    %idx = arith.index_cast %i : i32 to index
    memref.store %v, %a[%idx] : memref<?xi32>
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    %idx = arith.index_cast %i : i32 to index
    %v = memref.load %a[%idx] : memref<?xi32>
    %w = arith.addi %v, %c1 : i32
    memref.store %w, %a[%idx] : memref<?xi32>
  }
  func.return
}

// -----

// Two different kernel arrays may share memory unless noalias says they do
// not.
// CHECK-LABEL: loop tree of @alias
// CHECK:         L1 scf.for {{.*}}, dependent, exit uniform, level merge into parent
// CHECK-NEXT:      memory RAW on %b / %a: memref.store and memref.load
// NOALIAS-LABEL: loop tree of @alias (noalias)
// NOALIAS:       L1 scf.for {{.*}}, independent, exit uniform, level lane
func.func @alias(%a: memref<?xi32>, %b: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %k = arith.addi %i, %c1 : i32
    %kdx = arith.index_cast %k : i32 to index
    %v = memref.load %a[%kdx] : memref<?xi32>
    %idx = arith.index_cast %i : i32 to index
    memref.store %v, %b[%idx] : memref<?xi32>
  }
  func.return
}

// -----

// An append through an atomic ticket writes a new slot every iteration, and
// atomics of one kind commute: independent when the queue and its tail are
// known apart. A store to one fixed element in every iteration is an output
// dependence either way.
// CHECK-LABEL: loop tree of @append
// CHECK:         L1 scf.for @append/b0.3: {{.*}}, dependent, exit uniform, level merge into parent
// CHECK-NEXT:      memory WAW on %tail / %q: simt.atomic_add and memref.store
// CHECK:         L2 scf.for @append/b0.4: {{.*}}, dependent, exit uniform, level merge into parent
// CHECK-NEXT:      memory WAW on %out: memref.store and memref.store
// NOALIAS-LABEL: loop tree of @append (noalias)
// NOALIAS:       L1 scf.for @append/b0.3: {{.*}}, independent, exit uniform, level lane
// NOALIAS:       L2 scf.for @append/b0.4: {{.*}}, dependent, exit uniform, level merge into parent
func.func @append(%a: memref<?xi32>, %q: memref<?xi32>, %tail: memref<?xi32>, %out: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : index
  scf.for %i = %c0 to %n step %c1 : i32 {
    %slot = simt.atomic_add %c1, %tail[%z] : memref<?xi32>, i32
    %s = arith.index_cast %slot : i32 to index
    memref.store %i, %q[%s] : memref<?xi32>
  }
  scf.for %i = %c0 to %n step %c1 : i32 {
    memref.store %i, %out[%z] : memref<?xi32>
  }
  func.return
}

// -----

// Nested independent loops map bottom-up: the inner one to the lanes, the
// outer one to the warps, the threads to grid and block. A while loop whose
// condition depends on the thread id has a divergent exit.
// CHECK-LABEL: loop tree of @nested
// CHECK-NEXT:    L0 threads: trip ? (launch), independent, level grid/block
// CHECK-NEXT:      L1 scf.for @nested/b0.4: trip 4 (static), independent, exit uniform, level warp
// CHECK-NEXT:        L2 scf.while @nested/b0.4/r0.b0.0: trip ? (unknown), independent, exit divergent, level lane
// CHECK-NEXT:          carried %j: induction (step 1)
func.func @nested(%a: memref<?xi32>) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %tid = simt.thread_id x : i32
  scf.for %i = %c0 to %c4 step %c1 : i32 {
    %r = scf.while (%j = %c0) : (i32) -> i32 {
      %p = arith.cmpi slt, %j, %tid : i32
      scf.condition(%p) %j : i32
    } do {
    ^bb0(%jj: i32):
      %v = arith.muli %jj, %i : i32
      %next = arith.addi %jj, %c1 : i32
      scf.yield %next : i32
    }
  }
  func.return
}

// -----

// A natural loop of a cf block graph, named by its header block; a scf loop
// in its body is its child.
// CHECK-LABEL: loop tree of @cf_loop
// CHECK-NEXT:    L0 threads: trip ? (launch), independent, level grid/block/warp
// CHECK-NEXT:      L1 cf loop @cf_loop/b1: trip ? (unknown), dependent, exit divergent, level merge into parent
// CHECK-NEXT:        carried %i: induction (step 1)
// CHECK-NEXT:        carried %acc: recurrence (read inside the loop by arith.muli)
// CHECK-NEXT:        L2 scf.for @cf_loop/b2.2: trip 3 (static), independent, exit uniform, level lane
func.func @cf_loop(%n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %tid = simt.thread_id x : i32
  cf.br ^bb1(%c0, %c1 : i32, i32)
^bb1(%i: i32, %acc: i32):
  %p = arith.cmpi slt, %i, %tid : i32
  cf.cond_br %p, ^bb2, ^bb3
^bb2:
  %sq = arith.muli %acc, %acc : i32
  %next = arith.addi %i, %c1 : i32
  scf.for %k = %c0 to %c3 step %c1 : i32 {
    %w = arith.addi %k, %sq : i32
  }
  cf.br ^bb1(%next, %sq : i32, i32)
^bb3:
  func.return
}

// -----

// An irreducible cycle (two entries) is not a natural loop: the method asks
// for node splitting first, so it is not parallelized.
// CHECK-LABEL: loop tree of @irreducible
// CHECK:         L1 irreducible @irreducible/b1: {{.*}}, dependent, exit uniform, level merge into parent
// CHECK-NEXT:      an irreducible cycle: the method assumes natural loops, split nodes first
func.func @irreducible(%c: i1, %d: i1) attributes {simt.kernel} {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.cond_br %d, ^bb2, ^bb3
^bb2:
  cf.br ^bb1
^bb3:
  func.return
}

// -----

// Functions without `simt.kernel` are not launched and get no tree.
// CHECK: loop tree: no kernel (func.func with simt.kernel) in the module
func.func @helper(%n: i32) {
  func.return
}
