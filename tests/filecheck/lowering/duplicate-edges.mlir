// RUN: simt-opt %s --split-input-file -t llvm | filecheck %s
// RUN: simt-opt %s --split-input-file -t ptx | filecheck %s --check-prefix=PTX

// Two cf.switch cases reach one block with different arguments: each edge after
// the first goes through a block of its own, so the phi has one entry per
// predecessor (LLVM's verifier rejected the duplicate entries).
func.func @switch_same_target(%out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %idx = arith.index_cast %tid : i32 to index
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.switch %tid : i32, [
    default: ^b(%c1 : i32),
    0: ^b(%c2 : i32),
    1: ^b(%tid : i32)
  ]
^b(%x: i32):
  memref.store %x, %out[%idx] : memref<?xi32>
  func.return
}

// CHECK-LABEL: define ptx_kernel void @"switch_same_target"
// CHECK:         switch i32 %[[TID:.*]], label %"[[B:.*]]" [i32 0, label %"[[E1:.*]]" i32 1, label %"[[E2:.*]]"]
// CHECK:       [[B]]:
// CHECK-NEXT:    phi i32 [1, %"bb0"], [2, %"[[E1]]"], [%[[TID]], %"[[E2]]"]
// CHECK:       [[E1]]:
// CHECK-NEXT:    br label %"[[B]]"
// CHECK:       [[E2]]:
// CHECK-NEXT:    br label %"[[B]]"
// PTX-LABEL: .entry switch_same_target(

// -----

// Both successors of a cf.cond_br are one block, with different arguments.
func.func @cond_br_same_target(%out: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %idx = arith.index_cast %tid : i32 to index
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c = arith.cmpi slt, %tid, %c2 : i32
  cf.cond_br %c, ^b(%c1 : i32), ^b(%c2 : i32)
^b(%x: i32):
  memref.store %x, %out[%idx] : memref<?xi32>
  func.return
}

// CHECK-LABEL: define ptx_kernel void @"cond_br_same_target"
// CHECK:         br i1 %{{.*}}, label %"[[B:.*]]", label %"[[E:.*]]"
// CHECK:       [[B]]:
// CHECK-NEXT:    phi i32 [1, %"bb0"], [2, %"[[E]]"]
// CHECK:       [[E]]:
// CHECK-NEXT:    br label %"[[B]]"
// PTX-LABEL: .entry cond_br_same_target(
