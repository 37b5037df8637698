// Errors a user can cause end with a located diagnostic and exit status 1,
// never a Python traceback.
// RUN: not simt-opt %s --split-input-file 2>&1 | filecheck %s
// RUN: not simt-opt %s -p no-such-pass 2>&1 | filecheck %s --check-prefix=PASS
// RUN: not simt-opt %s.missing 2>&1 | filecheck %s --check-prefix=MISSING

// A parse-time range error points at the offending text.
func.func @bad_guard() {
  %g = simt.guard.create 0 : !simt.guard<0>
  func.return
}
// CHECK: simt-opt-errors.mlir:9:{{[0-9]+}}: error: expected a guard over at least 1 block, found 0
// CHECK-NEXT: %g = simt.guard.create 0 : !simt.guard<0>
// CHECK-NOT: Traceback

// PASS: simt-opt: error: unknown pass 'no-such-pass'
// PASS-NOT: Traceback
// MISSING: simt-opt-errors.mlir.missing: error: No such file or directory
// MISSING-NOT: Traceback
