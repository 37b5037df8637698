// RUN: not simt-opt %s -t "ptx{arch=sm_999}" 2>&1 | filecheck %s --check-prefix=UNKNOWN
// RUN: not simt-opt %s -t "ptx{arch=sm_35}" 2>&1 | filecheck %s --check-prefix=KEPLER
// RUN: not simt-opt %s -t "ptx{arch=sm_90a isa=7.8}" 2>&1 | filecheck %s --check-prefix=ISA
// RUN: simt-opt %s -t "ptx{arch=sm_90a}" | filecheck %s --check-prefix=FITTING
// RUN: simt-opt %s -t "ptx{arch=sm_90a isa=8.0 ptxas=false}" | filecheck %s --check-prefix=FITTING

// `-t ptx` checks the architecture against the PTX ISA before emitting: an
// unknown one, one no CUDA 12/13 toolkit targets, and one the requested ISA is
// too old for are refused with the input's position and exit status 1; without
// an `isa`, an architecture newer than PTX 7.8 gets the first ISA that has it.
func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %t = simt.thread_id x : i32
  %i = arith.index_cast %t : i32 to index
  memref.store %t, %a[%i] : memref<?xi32>
  func.return
}

// UNKNOWN: {{.*}}ptx-arch-errors.mlir:1:1: error: unknown architecture 'sm_999'; expected one of sm_50,
// UNKNOWN-NOT: Traceback
// KEPLER: {{.*}}ptx-arch-errors.mlir:1:1: error: architecture 'sm_35' (Fermi or Kepler) is not supported by any CUDA 12 or 13 toolkit or driver
// ISA: {{.*}}ptx-arch-errors.mlir:1:1: error: PTX ISA 7.8 cannot serve 'sm_90a', which needs PTX ISA 8.0 or later
// FITTING: .version 8.0
// FITTING-NEXT: .target sm_90a
// FITTING: .entry k(
