// RUN: simt-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

// The initial block id of a guard must lie in [0, N).
func.func @create_out_of_range() {
  %g = simt.guard.create 4 : !simt.guard<4>
  func.return
}
// CHECK: %g = "simt.guard.create"() <{init = 4 : i64}> : () -> !simt.guard<4>
// CHECK-NEXT: ^^^^^^^^^^^^^^^^^^^^^^^^
// CHECK-NEXT: | Operation does not verify: expected init in [0, 4) for !simt.guard<4>, found 4

// -----

// A guard type must describe at least one block.
func.func @empty_guard() {
  %g = simt.guard.create 0 : !simt.guard<0>
  func.return
}
// CHECK: expected a guard over at least 1 block, found 0

// -----

// A guard.set target must lie in [0, N); negative ids are rejected too.
func.func @set_negative() {
  %g = simt.guard.create 0 : !simt.guard<3>
  simt.guard.set %g, -1 : !simt.guard<3>
  func.return
}
// CHECK: expected target in [0, 3) for !simt.guard<3>, found -1

// -----

// Both ids of a guard.select must lie in [0, N): the true id.
func.func @select_true_out_of_range(%c: i1) {
  %g = simt.guard.create 0 : !simt.guard<3>
  simt.guard.select %g, %c, 3, 1 : !simt.guard<3>
  func.return
}
// CHECK: expected if_true in [0, 3) for !simt.guard<3>, found 3

// -----

// Both ids of a guard.select must lie in [0, N): the false id.
func.func @select_false_out_of_range(%c: i1) {
  %g = simt.guard.create 0 : !simt.guard<3>
  simt.guard.select %g, %c, 1, 7 : !simt.guard<3>
  func.return
}
// CHECK: expected if_false in [0, 3) for !simt.guard<3>, found 7

// -----

// A guard.test id must lie in [0, N).
func.func @test_out_of_range() {
  %g = simt.guard.create 0 : !simt.guard<2>
  %t = simt.guard.test %g, 2 : !simt.guard<2>
  func.return
}
// CHECK: expected block in [0, 2) for !simt.guard<2>, found 2

// -----

// A guarded region's id must lie in [0, N).
func.func @guarded_out_of_range() {
  %g = simt.guard.create 0 : !simt.guard<2>
  simt.guarded %g, 5 : !simt.guard<2> {
    simt.yield
  }
  func.return
}
// CHECK: expected block in [0, 2) for !simt.guard<2>, found 5

// -----

// The values a guarded body yields must match the op's result types.
func.func @guarded_yield_mismatch(%x: i64) {
  %g = simt.guard.create 0 : !simt.guard<2>
  %r = simt.guarded %g, 1 : !simt.guard<2> -> (i32) {
    simt.yield %x : i64
  }
  func.return
}
// CHECK: expected simt.yield of types (i32) to match the results, found (i64)

// -----

// A guarded body takes no block arguments.
func.func @guarded_block_args() {
  %g = simt.guard.create 0 : !simt.guard<2>
  "simt.guarded"(%g) <{block = 1 : i64}> ({
  ^bb0(%a: i32):
    "simt.yield"() : () -> ()
  }) : (!simt.guard<2>) -> ()
  func.return
}
// CHECK: expected a body without block arguments, found 1

// -----

// simt.yield only terminates a simt.guarded body.
func.func @yield_outside() {
  simt.yield
}
// CHECK: 'simt.yield' expects parent op 'simt.guarded'

// -----

// The value added atomically must have the memref's element type.
func.func @atomic_type(%a: memref<?xi32>, %i: index, %v: i64) {
  %old = simt.atomic_add %v, %a[%i] : memref<?xi32>, i64
  func.return
}
// CHECK: expected value of type i32 (the memref element type), found i64

// -----

// An atomic add needs one index per memref dimension.
func.func @atomic_rank(%a: memref<4x4xi32>, %i: index, %v: i32) {
  %old = simt.atomic_add %v, %a[%i] : memref<4x4xi32>, i32
  func.return
}
// CHECK: expected 2 indices for a rank-2 memref, found 1

// -----

// Atomic adds are defined on integer and float elements only.
func.func @atomic_element(%a: memref<?xindex>, %i: index) {
  %old = simt.atomic_add %i, %a[%i] : memref<?xindex>, index
  func.return
}
// CHECK: expected an integer or float element type, found index

// -----

// Votes take an i1 predicate.
func.func @vote_type(%p: i32) {
  %r = "simt.vote_any"(%p) : (i32) -> i1
  func.return
}
// CHECK: Operation does not verify: operand 'predicate' at position 0 does not verify:
// CHECK-NEXT: Expected attribute i1 but got i32

// -----

// Thread identity ops return i32, i64 or index.
func.func @identity_type() {
  %t = "simt.thread_id"() <{dimension = #simt<dim x>}> : () -> f32
  func.return
}
// CHECK: Operation does not verify: result 'result' at position 0 does not verify

// -----

// An idle fraction is a fraction of lanes: it lies in [0, 1].
func.func @idle_fraction() {
  %c = arith.constant {simt.loop_info = #simt.loop_info<trip_count = 3.0, idle_fraction = 1.5>} 0 : i32
  func.return
}
// CHECK: expected an idle_fraction in [0, 1], found 1.5

// -----

// An expected trip count is non-negative.
func.func @trip_count() {
  %c = arith.constant {simt.loop_info = #simt.loop_info<trip_count = -2.0, idle_fraction = none>} 0 : i32
  func.return
}
// CHECK: expected a non-negative trip_count, found -2.0

// -----

// simt.libm names a known function.
func.func @libm_unknown(%x: f32) {
  %r = simt.libm "sinc"(%x) : (f32) -> f32
  func.return
}
// CHECK: expected a function among cospi, erfc, exp10, fdim, fmod, frexp, hypot, ldexp, lgamma, modf, nextafter, rcbrt, remainder, sinpi, tgamma, found 'sinc'

// -----

// simt.libm operands and results follow the function's signature.
func.func @libm_signature(%x: f32, %y: f64) {
  %r = simt.libm "hypot"(%x, %y) : (f32, f64) -> f32
  func.return
}
// CHECK: expected operand types (f32, f32), found (f32, f64)

// -----

// Bitwise atomics need integer elements.
func.func @atomic_float_xor(%x: f32, %a: memref<?xf32>, %i: index) {
  %o = simt.atomic xor %x, %a[%i] : memref<?xf32>, f32
  func.return
}
// CHECK: expected an integer element for 'xor', found f32

// -----

// nanmax and nanmin are float atomics.
func.func @atomic_int_nanmax(%x: i32, %a: memref<?xi32>, %i: index) {
  %o = simt.atomic nanmax %x, %a[%i] : memref<?xi32>, i32
  func.return
}
// CHECK: expected a float element for 'nanmax', found i32

// -----

// An atomic takes one index per dimension.
func.func @atomic_rank(%x: i32, %a: memref<?x?xi32>, %i: index) {
  %o = simt.atomic add %x, %a[%i] : memref<?x?xi32>, i32
  func.return
}
// CHECK: expected 2 indices for a rank-2 memref, found 1

// -----

// Compare-and-swap is on integers only.
func.func @cas_float(%x: f32, %a: memref<?xf32>, %i: index) {
  %o = simt.atomic_cas %x, %x, %a[%i] : memref<?xf32>, f32
  func.return
}
// CHECK: expected an integer element, found f32

// -----

// A shuffle moves 32- or 64-bit values.
func.func @shuffle_i16(%m: i32, %x: i16) {
  %s = simt.shfl idx %m, %x, %m : i16
  func.return
}
// CHECK: expected an i32, i64, f32 or f64 value, found i16

// -----

// A ballot gives an i32 mask.
func.func @ballot_i1(%m: i32, %p: i1) {
  %b = "simt.vote_sync"(%m, %p) <{mode = #simt<vote_mode ballot>}> : (i32, i1) -> i1
  func.return
}
// CHECK: expected a result of type i32 for 'ballot', found i1

// -----

// Bit reversal is on i32 or i64.
func.func @brev_i8(%x: i8) {
  %r = simt.brev %x : i8
  func.return
}
// CHECK: expected i32 or i64, found i8

// -----

// A raise names an entry of its kernel's simt.exceptions: codes start at 1.
func.func @raise_code_out_of_range() attributes {simt.kernel, simt.exceptions = [
    #simt.exception<"builtins.ValueError"() in "k" at "k.py":3>]} {
  simt.raise 2
  func.return
}
// CHECK: expected code in [1, 1] (an entry of @raise_code_out_of_range's simt.exceptions), found 2

// -----

// A kernel that raises lists its exceptions.
func.func @raise_without_table() attributes {simt.kernel} {
  simt.raise 1
  func.return
}
// CHECK: expected @raise_without_table to list its exceptions in simt.exceptions (an array of #simt.exception), found none

// -----

// Only a kernel raises: a lane that raises leaves the kernel.
func.func @raise_outside_kernel() attributes {simt.exceptions = [
    #simt.exception<"builtins.ValueError"() in "k" at "k.py":3>]} {
  simt.raise 1
  func.return
}
// CHECK: expected simt.raise inside a kernel (a func.func with simt.kernel), found it in @raise_outside_kernel

// -----

// Exception arguments are constants: strings, numbers, booleans, none, arrays.
func.func @exception_type_argument() attributes {simt.kernel, simt.exceptions = [
    #simt.exception<"builtins.ValueError"(i32) in "k" at "k.py":3>]} {
  func.return
}
// CHECK: expected exception arguments that are strings, integers, floats, booleans, none or arrays of them, found i32
