// RUN: simt-opt %s --split-input-file -p simt-lower-to-llvm | filecheck %s

// cf.br / cf.cond_br keep their block arguments; a loop with an early exit.
func.func @loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^exit(%i : i32), ^body
^body:
  %c1 = arith.constant 1 : i32
  %next = arith.addi %i, %c1 : i32
  cf.br ^header(%next : i32)
^exit(%r: i32):
  func.return %r : i32
}

// CHECK-LABEL: llvm.func internal @loop(
// CHECK:         llvm.br ^[[HEADER:.*]](%{{.*}} : i32)
// CHECK-NEXT:  ^[[HEADER]](%[[I:.*]]: i32):
// CHECK-NEXT:    %[[DONE:.*]] = llvm.icmp "sge" %[[I]], %{{.*}} : i32
// CHECK-NEXT:    llvm.cond_br %[[DONE]], ^[[EXIT:.*]](%[[I]] : i32), ^[[BODY:.*]]
// CHECK-NOT:     cf.

// -----

// cf.switch becomes llvm.switch (an llvm_ext op) with its cases and operands.
func.func @switch(%flag: i32, %a: i32) -> i32 {
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    3: ^bb2
  ]
^bb1(%x: i32):
  func.return %x : i32
^bb2:
  func.return %flag : i32
}

// CHECK-LABEL: llvm.func internal @switch(
// CHECK-SAME:    %[[FLAG:.*]]: i32, %[[A:.*]]: i32)
// CHECK-NEXT:    llvm.switch %[[FLAG]] : i32, [
// CHECK-NEXT:      default: ^{{.*}}(%[[A]] : i32),
// CHECK-NEXT:      3: ^{{.*}}
// CHECK-NEXT:    ]

// -----

// func.call passes an array as its seven ABI fields; a helper is internal.
func.func @helper(%a: memref<?xi32>, %x: i32) -> i32 {
  func.return %x : i32
}
func.func @caller(%a: memref<?xi32>, %x: i32) attributes {simt.kernel} {
  %r = func.call @helper(%a, %x) : (memref<?xi32>, i32) -> i32
  func.return
}

// CHECK-LABEL: llvm.func internal @helper(
// CHECK-LABEL: llvm.func @caller(
// CHECK-SAME:    %[[M:.*]]: !llvm.ptr, %[[P:.*]]: !llvm.ptr, %[[N:.*]]: i64, %[[SZ:.*]]: i64, %[[D:.*]]: !llvm.ptr, %[[SH:.*]]: i64, %[[ST:.*]]: i64, %[[X:.*]]: i32)
// CHECK:         llvm.call @helper(%[[M]], %[[P]], %[[N]], %[[SZ]], %[[D]], %[[SH]], %[[ST]], %[[X]])

// -----

// cf.assert: a failed check leaves the function (the thread leaves the
// kernel, as numba-cuda kernels do on an exception without debug=True); the
// rest of the block continues in a new block.
func.func @assert(%ok: i1, %a: memref<?xf32>, %x: f32) attributes {simt.kernel} {
  cf.assert %ok, "a.reshape: ValueError: total size of new array must be unchanged"
  %c0 = arith.constant 0 : index
  memref.store %x, %a[%c0] : memref<?xf32>
  func.return
}

// CHECK-LABEL: llvm.func @assert(
// CHECK:         %[[OK:.*]] = llvm.trunc %{{.*}} : i8 to i1
// CHECK:         llvm.cond_br %[[OK]], ^[[REST:bb[0-9]+]], ^[[LEAVE:bb[0-9]+]]
// CHECK-NEXT:  ^[[REST]]:
// CHECK:         llvm.store
// CHECK-NEXT:    llvm.return
// CHECK-NEXT:  ^[[LEAVE]]:
// CHECK-NEXT:    llvm.return
// CHECK-NOT:     cf.assert
