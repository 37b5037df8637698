// RUN: simt-opt %s -p 'simt-optimize{profile="%S/Inputs/simt-optimize.profile.json"}' 2>&1 >/dev/null | filecheck %s --check-prefix=REMARK
// RUN: simt-opt %s -p 'simt-optimize{profile="%S/Inputs/simt-optimize.profile.json"}' 2>/dev/null | filecheck %s
// RUN: simt-opt %s -p simt-optimize 2>&1 >/dev/null | filecheck %s --check-prefix=STATIC-REMARK
// RUN: simt-opt %s -p simt-optimize 2>/dev/null | filecheck %s --check-prefix=STATIC
// RUN: not simt-opt %s -p 'simt-optimize{profile="%S/Inputs/simt-optimize.mismatch.json"}' 2>&1 | filecheck %s --check-prefix=MISMATCH
// RUN: not simt-opt %s -p 'simt-optimize{margin=1.5}' 2>&1 | filecheck %s --check-prefix=MARGIN

// The profile (Inputs/simt-optimize.profile.json) is this file's simulation on
// sample inputs, one run per kernel; tests/optimize/make_filecheck_profile.py
// writes it and test_filecheck_profile.py checks that it is current.
// MISMATCH: simt-optimize: profile {{.*}}simt-optimize.mismatch.json does not match the module: site @nest/b0.5 is 'scf.while' here, 'scf.if' in the profile
// MARGIN: simt-optimize: expected margin in [0, 1), found 1.5

// Branch fusion, a branch the profile saw diverge (tid parity): the saving
// of every divergent execution counts; without a profile half of the
// executions are assumed divergent, and fusion pays too.
// REMARK: @fuse_divergent/b0.6: remark: simt-optimize: branch-fusion applied: predicted 16 cycles saved (2 divergent executions x 8 saved - 0 uniform executions x 0 lost, from the profile)
// STATIC-REMARK: @fuse_divergent/b0.6: remark: simt-optimize: branch-fusion applied: predicted 4 cycles saved per execution (assumed 0.5 divergent x 8 saved - 0.5 uniform x 0 lost); a profile gives the real counts: `simt-run FILE` writes one
// CHECK-LABEL: func.func @fuse_divergent
// CHECK:         arith.select
// CHECK-NOT:     scf.if
// CHECK:         func.return
// STATIC-LABEL: func.func @fuse_divergent
// STATIC-NOT:     scf.if
// STATIC:         func.return
func.func @fuse_divergent(%x: memref<?xi32>, %y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %low = arith.andi %tid, %one : i32
  %p = arith.cmpi eq, %low, %zero : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xi32>
    %b = arith.muli %a, %a : i32
    memref.store %b, %y[%i] : memref<?xi32>
  } else {
    %c = memref.load %x[%i] : memref<?xi32>
    %d = arith.muli %c, %n : i32
    memref.store %d, %y[%i] : memref<?xi32>
  }
  func.return
}

// Branch fusion, a branch that divergence analysis calls divergent but that
// was uniform in practice (every sampled lane had tid < n): nothing to gain,
// so the branch stays; without a profile it is fused.
// REMARK: @fuse_uniform/b0.3: remark: simt-optimize: branch-fusion skipped: predicted 0 cycles saved (0 divergent executions x 8 saved - 2 uniform executions x 0 lost, from the profile)
// STATIC-REMARK: @fuse_uniform/b0.3: remark: simt-optimize: branch-fusion applied
// CHECK-LABEL: func.func @fuse_uniform
// CHECK:         scf.if
// CHECK-NOT:     arith.select
// CHECK:         func.return
// STATIC-LABEL: func.func @fuse_uniform
// STATIC-NOT:     scf.if
// STATIC:         func.return
func.func @fuse_uniform(%x: memref<?xi32>, %y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %p = arith.cmpi slt, %tid, %n : i32
  scf.if %p {
    %a = memref.load %x[%i] : memref<?xi32>
    %b = arith.muli %a, %a : i32
    memref.store %b, %y[%i] : memref<?xi32>
  } else {
    %c = memref.load %x[%i] : memref<?xi32>
    %d = arith.muli %c, %n : i32
    memref.store %d, %y[%i] : memref<?xi32>
  }
  func.return
}

// Loop nest reduction: one lane in four runs a long inner loop each outer
// iteration; the profile's counts predict the flattened nest is cheaper. With
// no profile (and no simt.loop_info) the idle fraction is unknown: left alone.
// REMARK: @nest/b0.5: remark: simt-optimize: flatten-loops applied: predicted {{[0-9.]+}} cycles saved (2 warp entries x {{[0-9.]+}} -> {{[0-9.]+}} cycles; {{[0-9.]+}} flattened iterations, {{[0-9.]+}} detours per entry); n/N = 0.719
// STATIC-REMARK: @nest/b0.5: remark: simt-optimize: flatten-loops skipped: idle fraction unknown: how many lanes idle in the inner loop is measured, not guessed; a profile gives the real counts
// CHECK-LABEL: func.func @nest
// CHECK:         simt.flattened = "always"
// STATIC-LABEL: func.func @nest
// STATIC-NOT:     simt.flattened
// STATIC:         func.return
func.func @nest(%y: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c24 = arith.constant 24 : i32
  %r:2 = scf.while (%o = %c0, %acc = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi slt, %o, %n : i32
    scf.condition(%more) %o, %acc : i32, i32
  } do {
  ^bb0(%o2: i32, %acc2: i32):
    %s = arith.addi %tid, %o2 : i32
    %m = arith.andi %s, %c3 : i32
    %long = arith.cmpi eq, %m, %c0 : i32
    %lim = arith.select %long, %c24, %c1 : i32
    %in:2 = scf.while (%j = %c0, %a = %acc2) : (i32, i32) -> (i32, i32) {
      %b = arith.cmpi slt, %j, %lim : i32
      scf.condition(%b) %j, %a : i32, i32
    } do {
    ^bb1(%j2: i32, %a2: i32):
      %t1 = arith.muli %a2, %c3 : i32
      %t2 = arith.addi %t1, %j2 : i32
      %t3 = arith.muli %t2, %c3 : i32
      %t4 = arith.xori %t3, %s : i32
      %t5 = arith.muli %t4, %t4 : i32
      %t6 = arith.addi %t5, %t1 : i32
      %t7 = arith.andi %t6, %c24 : i32
      %t8 = arith.addi %t7, %a2 : i32
      %t9 = arith.muli %t8, %t1 : i32
      %t10 = arith.xori %t9, %t2 : i32
      %t11 = arith.muli %t10, %t3 : i32
      %t12 = arith.xori %t11, %t4 : i32
      %t13 = arith.muli %t12, %t5 : i32
      %t14 = arith.xori %t13, %t6 : i32
      %t15 = arith.muli %t14, %t7 : i32
      %t16 = arith.xori %t15, %t8 : i32
      %t17 = arith.muli %t16, %t9 : i32
      %t18 = arith.xori %t17, %t10 : i32
      %t19 = arith.muli %t18, %t11 : i32
      %t20 = arith.xori %t19, %t12 : i32
      %t21 = arith.muli %t20, %t13 : i32
      %t22 = arith.xori %t21, %t14 : i32
      %t23 = arith.muli %t22, %t15 : i32
      %t24 = arith.xori %t23, %t16 : i32
      %j3 = arith.addi %j2, %c1 : i32
      scf.yield %j3, %t24 : i32, i32
    }
    %o3 = arith.addi %o2, %c1 : i32
    scf.yield %o3, %in#1 : i32, i32
  }
  %i = arith.index_cast %tid : i32 to index
  memref.store %r#1, %y[%i] : memref<?xi32>
  func.return
}

// Linearization (Anantpur Fig. 1): the costly block ^b5 is reached from
// two branches and ran twice in the profiled warps; linearized, it runs once.
// Without a profile nothing shows the duplicates: the graph stays.
// REMARK: @short_circuit: remark: simt-optimize: linearize applied: predicted 12 cycles saved (36 in duplicate block executions + 0 in serialized loop iterations - 24 of guard tests)
// STATIC-REMARK: @short_circuit: remark: simt-optimize: linearize skipped: no profile
// CHECK-LABEL: func.func @short_circuit
// CHECK:         simt.guard.create
// CHECK-NOT:     cf.cond_br
// CHECK:         func.return
// STATIC-LABEL: func.func @short_circuit
// STATIC:         cf.cond_br
func.func @short_circuit(%a: memref<?xi32>, %x: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %i = arith.index_cast %tid : i32 to index
  %v = memref.load %x[%i] : memref<?xi32>
  %one = arith.constant 1 : i32
  %c1 = arith.cmpi sgt, %v, %one : i32
  cf.cond_br %c1, ^b3, ^b2
^b2:
  %two = arith.constant 2 : i32
  %c2 = arith.cmpi sgt, %v, %two : i32
  cf.cond_br %c2, ^b3, ^b5
^b3:
  %three = arith.constant 3 : i32
  %c3 = arith.cmpi sgt, %v, %three : i32
  cf.cond_br %c3, ^b4, ^b5
^b4:
  %v4 = arith.addi %v, %one : i32
  cf.br ^b6(%v4 : i32)
^b5:
  %v5 = arith.subi %v, %one : i32
  %w5 = arith.muli %v5, %v5 : i32
  %u5 = arith.muli %w5, %v5 : i32
  %z0 = arith.subi %u5, %w5 : i32
  %z1 = arith.muli %z0, %v5 : i32
  %z2 = arith.muli %z1, %v5 : i32
  %z3 = arith.muli %z2, %v5 : i32
  %z4 = arith.muli %z3, %v5 : i32
  %z5 = arith.muli %z4, %v5 : i32
  %z6 = arith.muli %z5, %v5 : i32
  %z7 = arith.muli %z6, %v5 : i32
  %z8 = arith.muli %z7, %v5 : i32
  %z9 = arith.muli %z8, %v5 : i32
  %z10 = arith.muli %z9, %v5 : i32
  %z11 = arith.muli %z10, %v5 : i32
  %z12 = arith.muli %z11, %v5 : i32
  %zz = arith.addi %z12, %w5 : i32
  cf.br ^b6(%zz : i32)
^b6(%r: i32):
  memref.store %r, %a[%i] : memref<?xi32>
  func.return
}
