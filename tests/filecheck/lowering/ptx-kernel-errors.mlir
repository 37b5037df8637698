// RUN: not simt-opt %s --split-input-file -t ptx 2>&1 | filecheck %s --check-prefix=FIRST
// RUN: simt-opt %s --split-input-file --verify-diagnostics -t ptx | filecheck %s

// A kernel that returns a value has no PTX a driver launches (ptxas: "Unknown
// symbol 'func_retval0'"): refused at the kernel's definition, exit status 1.
func.func @returns(%a: i32) -> i32 attributes {simt.kernel} {
  func.return %a : i32
}

// FIRST: {{.*}}ptx-kernel-errors.mlir:6:11: error: @returns: kernel @returns returns a value (i32); a kernel must return nothing
// FIRST-NOT: Traceback
// CHECK: ptx-kernel-errors.mlir:6:11: @returns: kernel @returns returns a value (i32); a kernel must return nothing (write results to an array argument)

// -----

// A module without a kernel would give PTX without an entry: refused.
func.func @helper(%a: i32) -> i32 {
  func.return %a : i32
}

// CHECK: ptx-kernel-errors.mlir:{{[0-9]+}}:1: the module has no kernel (a func.func with the simt.kernel attribute): its PTX would have no entry to launch

// -----

// A declared kernel has no body to emit.
func.func @declared(%a: memref<?xi32>) attributes {simt.kernel}

// CHECK: ptx-kernel-errors.mlir:26:11: @declared: kernel @declared has no body
