// Bad options and input the divergence-based passes cannot handle end with
// `simt-opt: error: <pass>: ...` (what was expected, what was found, and the
// op's location where an op is at fault) and exit status 1, never a Python
// traceback. The IR cases are cut out of this file with sed (the lines
// starting with `//D ` and `//U `), one per run.

// RUN: not simt-opt %s -p 'simt-branch-fusion{gap-cost=-1}' 2>&1 | filecheck %s --check-prefix=GAP
// GAP: simt-opt: error: simt-branch-fusion: expected a finite, non-negative gap-cost, found -1
// GAP-NOT: Traceback

// RUN: not simt-opt %s -p 'simt-branch-fusion{selector-cost=-0.5}' 2>&1 | filecheck %s --check-prefix=SEL
// SEL: simt-opt: error: simt-branch-fusion: expected a finite, non-negative selector-cost, found -0.5
// SEL-NOT: Traceback

// Integer values of the float options are accepted.
// RUN: simt-opt %s -p 'simt-branch-fusion{gap-cost=0 selector-cost=0 min-profit=0}' | filecheck %s --check-prefix=INT
// INT: %[[IDX:.*]] = arith.select %c, %{{.*}}, %{{.*}} : index
// INT: memref.store %t, %a[%[[IDX]]] : memref<?xi32>

// RUN: not simt-opt %s -p 'simt-branch-fusion{gap-cost=abc}' 2>&1 | filecheck %s --check-prefix=NAN
// NAN: simt-opt: error: simt-branch-fusion: invalid value 'abc' for option 'gap-cost': expected a number
// NAN-NOT: Traceback

// RUN: not simt-opt %s -p 'simt-branch-fusion{gap_costs=1.0}' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN: simt-opt: error: simt-branch-fusion: unknown option 'gap_costs'; did you mean 'gap-cost'? (options: gap-cost, selector-cost,
// UNKNOWN-NOT: Traceback

// RUN: not simt-opt %s -p 'simt-loop-tree{format=xml}' 2>&1 | filecheck %s --check-prefix=FORMAT
// FORMAT: simt-opt: error: simt-loop-tree: invalid value 'xml' for option 'format': expected one of 'text', 'json'
// FORMAT-NOT: Traceback

// RUN: not simt-opt %s -p 'simt-loop-tree{profile="%t.missing.json"}' 2>&1 | filecheck %s --check-prefix=MISSING
// MISSING: simt-opt: error: simt-loop-tree: cannot read profile '{{.*}}.missing.json': No such file or directory
// MISSING-NOT: Traceback

// RUN: echo '{"kernel": "k", "loops": {"@k/b0.3": {"trip_count": "many"}}}' > %t.json
// RUN: not simt-opt %s -p 'simt-loop-tree{profile="%t.json"}' 2>&1 | filecheck %s --check-prefix=PROFILE
// PROFILE: simt-opt: error: simt-loop-tree: profile '{{.*}}.json', kernel 'k': expected the trip_count of loop '@k/b0.3' to be a number or null, found "many"
// PROFILE-NOT: Traceback

// RUN: echo '{"kernel": "k", "loops": {' > %t.bad.json
// RUN: not simt-opt %s -p 'simt-loop-tree{profile="%t.bad.json"}' 2>&1 | filecheck %s --check-prefix=JSON
// JSON: simt-opt: error: simt-loop-tree: profile '{{.*}}.bad.json' is not JSON: Expecting property name enclosed in double quotes
// JSON-NOT: Traceback

func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %t = simt.thread_id x : i32
  %c0 = arith.constant 0 : i32
  %c = arith.cmpi sgt, %t, %c0 : i32
  scf.if %c {
    %i = arith.constant 0 : index
    memref.store %t, %a[%i] : memref<?xi32>
  } else {
    %i = arith.constant 1 : index
    memref.store %t, %a[%i] : memref<?xi32>
  }
  func.return
}

// An external declaration: the analysis has no body to read.
// RUN: sed -n 's|^//D ||p' %s | not simt-opt -p simt-divergence 2>&1 | filecheck %s --check-prefix=DECL
// RUN: sed -n 's|^//D ||p' %s | not simt-opt -p simt-loop-tree 2>&1 | filecheck %s --check-prefix=DECL-TREE
// DECL: simt-opt: error: simt-divergence: kernel.py:2:0: expected a function with a body, found the external declaration @helper
// DECL-NOT: Traceback
// DECL-TREE: simt-opt: error: simt-loop-tree: kernel.py:2:0: expected a function with a body, found the external declaration @helper
//D func.func private @helper(i32) -> i32 loc("kernel.py":2:0)

// An unregistered op may read the lane id: calling it uniform could be wrong.
// RUN: sed -n 's|^//U ||p' %s | not simt-opt --allow-unregistered-dialect -p test-print-divergence 2>&1 | filecheck %s --check-prefix=UNREG
// RUN: sed -n 's|^//U ||p' %s | not simt-opt --allow-unregistered-dialect -p simt-branch-fusion 2>&1 | filecheck %s --check-prefix=UNREG-FUSION
// UNREG: simt-opt: error: test-print-divergence: kernel.py:7:6: expected registered ops only, found the unregistered op 'foo.lane'
// UNREG-NOT: Traceback
// UNREG-FUSION: simt-opt: error: simt-branch-fusion: kernel.py:7:6: expected registered ops only
//U func.func @u(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
//U   %c = arith.cmpi sgt, %n, %n : i32
//U   scf.if %c {
//U     %x = "foo.lane"() : () -> i32 loc("kernel.py":7:6)
//U     %i = arith.constant 0 : index
//U     memref.store %x, %a[%i] : memref<?xi32>
//U   } else {
//U     %i = arith.constant 1 : index
//U     memref.store %n, %a[%i] : memref<?xi32>
//U   }
//U   func.return
//U }
