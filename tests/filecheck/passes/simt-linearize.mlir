// RUN: simt-opt %s --split-input-file -p 'simt-linearize{level=0}' | filecheck %s --check-prefixes=CHECK,L0
// RUN: simt-opt %s --split-input-file -p 'simt-linearize{level=1}' | filecheck %s --check-prefixes=CHECK,L1,OPT
// RUN: simt-opt %s --split-input-file -p 'simt-linearize{level=2}' | filecheck %s --check-prefixes=CHECK,L2,OPT
// RUN: simt-opt %s --split-input-file -p 'simt-linearize{level=3}' | filecheck %s --check-prefixes=CHECK,L3,OPT

// Fig. 1(b) -> Fig. 4: the short circuit's region B2..B5 becomes one guarded
// step per block in reverse post-order; B1 (the CIDOM) sets the guard with its
// own branch, B6 (the CIPDOM) reads the value carried out of the region.
// A block that leaves for the exit outside every loop sets no guard: no later
// test checks its own id.
// CHECK-LABEL: func.func @fig1
// CHECK-NOT:     {{ cf\.}}
// CHECK:         %[[C1:.*]] = arith.cmpi sgt
// CHECK:         %[[G:.*]] = simt.guard.create 1 : !simt.guard<5>
// CHECK:         simt.guard.select %[[G]], %[[C1]], 1, 0
// CHECK:         simt.guarded %[[G]], 0
// CHECK:           simt.guard.select %[[G]], %{{.*}}, 1, 2
// CHECK:         simt.guarded %[[G]], 1
// CHECK:           simt.guard.select %[[G]], %{{.*}}, 3, 2
// CHECK:         %[[T2:.*]] = simt.guard.test %[[G]], 2
// CHECK:         %[[V5:.*]] = scf.if %[[T2]] -> (i32)
// CHECK:           arith.subi
// CHECK-NOT:       simt.guard.set
// CHECK:         %[[T3:.*]] = simt.guard.test %[[G]], 3
// CHECK:         %[[R:.*]] = scf.if %[[T3]] -> (i32)
// CHECK:           arith.addi
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[V5]] : i32
// CHECK:         memref.store %[[R]]
// CHECK-NOT:     {{ cf\.}}
// CHECK:         func.return
func.func @fig1(%a: memref<?xi32>, %x: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %c1 = arith.cmpi sgt, %x, %one : i32
  cf.cond_br %c1, ^b3, ^b2
^b2:
  %two = arith.constant 2 : i32
  %c2 = arith.cmpi sgt, %x, %two : i32
  cf.cond_br %c2, ^b3, ^b5
^b3:
  %three = arith.constant 3 : i32
  %c3 = arith.cmpi sgt, %x, %three : i32
  cf.cond_br %c3, ^b4, ^b5
^b4:
  %v4 = arith.addi %x, %one : i32
  cf.br ^b6(%v4 : i32)
^b5:
  %v5 = arith.subi %x, %one : i32
  cf.br ^b6(%v5 : i32)
^b6(%r: i32):
  memref.store %r, %a[%c0] : memref<?xi32>
  func.return
}

// -----

// Fig. 5(b) -> 5(c): the retreating edge B4 -> B2 becomes an scf.while over
// B2..B4 that runs again while the guard holds B2's id (the back-edge guard
// B4_1_G); the loop's exits B5 and B6 follow it. From level 1 on, an i1
// carried by the loop mirrors that test: set before the loop by one guard
// test, then updated with each guard update (B2's branch condition, B3's,
// `true` for B4's back edge), so the loop's condition is no guard test.
// L0 tests every block; O1 drops the tests of B2 and B6, which always match;
// O2 nests B4 under B3; O3 tests B3 and B4 with their predecessors' branch
// conditions instead of the guard.
// CHECK-LABEL: func.func @fig5
// CHECK-NOT:     {{ cf\.}}
// CHECK:         %[[G:.*]] = simt.guard.create 0 : !simt.guard<6>
// OPT:           %[[START:.*]] = simt.guard.test %[[G]], 0
// OPT-NEXT:      scf.while ({{.*}}, %{{.*}} = %[[START]])
// L0:            scf.while
// L0-NEXT:         simt.guard.test %[[G]], 0
// L0:              %[[DONE0:.*]] = arith.cmpi sge
// L0:              simt.guard.test %[[G]], 1
// L0:              simt.guard.test %[[G]], 2
// L1-NEXT:         %[[DONE1:.*]] = arith.cmpi sge
// L1:              simt.guard.select %[[G]], %[[DONE1]], 3, 1
// L1:              simt.guard.test %[[G]], 1
// L1:              simt.guard.test %[[G]], 2
// L2-NEXT:         arith.cmpi sge
// L2:              %[[T1:.*]] = simt.guard.test %[[G]], 1
// L2-NEXT:         scf.if %[[T1]]
// L2:                simt.guard.test %[[G]], 2
// L3-NEXT:         %[[DONE:.*]] = arith.cmpi sge
// L3:              scf.if %[[DONE]]
// L3:              } else {
// L3:                %[[BIG:.*]] = arith.cmpi sgt
// L3:                scf.if %[[BIG]]
// L3:                } else {
// L3-NEXT:             arith.addi
// L3-NEXT:             simt.guard.set %[[G]], 0
// L0:              %[[BACK:.*]] = simt.guard.test %[[G]], 0
// L0-NEXT:         scf.condition(%[[BACK]])
// OPT-NOT:         simt.guard.test %[[G]], 0
// OPT:             scf.condition(%[[CONT:.*]]) %{{.*}}, %[[CONT]] :
// L0:            simt.guard.test %[[G]], 3
// L0:            simt.guarded %[[G]], 4
// L3:            simt.guard.test %[[G]], 3
// L3-NOT:        simt.guard.test
// CHECK:         memref.store
// CHECK-NOT:     {{ cf\.}}
// CHECK:         func.return
func.func @fig5(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^b2(%zero : i32)
^b2(%i: i32):
  %done = arith.cmpi sge, %i, %n : i32
  cf.cond_br %done, ^b5(%i : i32), ^b3
^b3:
  %v = memref.load %a[%c0] : memref<?xi32>
  %big = arith.cmpi sgt, %v, %i : i32
  cf.cond_br %big, ^b6(%v : i32), ^b4
^b4:
  %next = arith.addi %i, %one : i32
  cf.br ^b2(%next : i32)
^b5(%x: i32):
  %y = arith.muli %x, %x : i32
  cf.br ^b6(%y : i32)
^b6(%r: i32):
  memref.store %r, %a[%c0] : memref<?xi32>
  func.return
}

// -----

// Fig. 6(c) -> 6(d): the irreducible loop B2 <-> B3, entered at both blocks,
// becomes one reducible scf.while; neither block is duplicated. B1, the source
// of the edges into the loop, is in the region (ids: B1 0, B2 1, B3 2, exit 3).
// CHECK-LABEL: func.func @fig6
// CHECK-NOT:     {{ cf\.}}
// CHECK:         %[[G:.*]] = simt.guard.create 0 : !simt.guard<4>
// L0:            simt.guard.test %[[G]], 0
// CHECK:         simt.guard.select %[[G]], %{{.*}}, 1, 2
// CHECK:         scf.while
// CHECK:           %[[T1:.*]] = simt.guard.test %[[G]], 1
// CHECK:           scf.if %[[T1]]
// CHECK:             arith.addi
// CHECK:           %[[T2:.*]] = simt.guard.test %[[G]], 2
// CHECK:           scf.if %[[T2]]
// CHECK:             arith.muli
// L0:              %[[BACK:.*]] = simt.guard.test %[[G]], 1
// L0-NEXT:         scf.condition(%[[BACK]])
// OPT:               %[[S3:.*]] = arith.cmpi slt, %{{.*}}, %x
// OPT:               scf.yield %{{.*}}, %{{.*}}, %[[S3]] :
// OPT:             scf.condition(%[[CONT:.*]]) %{{.*}}, %[[CONT]] :
// CHECK-NOT:     arith.muli
// CHECK-NOT:     arith.addi
// CHECK:         func.return
func.func @fig6(%a: memref<?xi32>, %x: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %c = arith.cmpi sgt, %x, %one : i32
  cf.cond_br %c, ^b2(%x : i32), ^b3(%one : i32)
^b2(%p: i32):
  %p1 = arith.addi %p, %one : i32
  %s2 = arith.cmpi slt, %p1, %x : i32
  cf.cond_br %s2, ^b3(%p1 : i32), ^b4(%p1 : i32)
^b3(%q: i32):
  %q1 = arith.muli %q, %x : i32
  %s3 = arith.cmpi slt, %q1, %x : i32
  cf.cond_br %s3, ^b2(%q1 : i32), ^b4(%q1 : i32)
^b4(%r: i32):
  memref.store %r, %a[%c0] : memref<?xi32>
  func.return
}

// -----

// A `while` loop with a `break`, as the frontend emits it: the region is the
// whole loop (Alg. 2 pulls the header in through the latch), bounded by the
// entry and the block after the loop; nothing of cf is left.
// CHECK-LABEL: func.func @break_loop
// CHECK-NOT:     {{ cf\.}}
// CHECK:         simt.guard.create 0 : !simt.guard<5>
// CHECK:         scf.while
// CHECK:           scf.condition
// CHECK:         memref.store
// CHECK-NOT:     {{ cf\.}}
// CHECK:         func.return
func.func @break_loop(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^header(%zero, %zero : i32, i32)
^header(%i: i32, %s: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^after(%s : i32)
^body:
  %v = memref.load %a[%c0] : memref<?xi32>
  %stop = arith.cmpi eq, %v, %i : i32
  cf.cond_br %stop, ^after(%i : i32), ^latch
^latch:
  %s1 = arith.addi %s, %v : i32
  %i1 = arith.addi %i, %one : i32
  cf.br ^header(%i1, %s1 : i32, i32)
^after(%r: i32):
  memref.store %r, %a[%c0] : memref<?xi32>
  func.return
}

// -----

// A structured graph (a loop with a `continue`, an early return outside any
// loop) has no unstructured edge: it is lifted to scf without a guard.
// CHECK-LABEL: func.func @structured
// CHECK-NOT:     simt.guard
// CHECK-NOT:     {{ cf\.}}
// CHECK:         scf.if %{{.*}} {
// CHECK:         } else {
// CHECK:           scf.while
// CHECK:             scf.if
// CHECK-NOT:     simt.guard
// CHECK-NOT:     {{ cf\.}}
// CHECK:         func.return
func.func @structured(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %neg = arith.cmpi slt, %n, %zero : i32
  cf.cond_br %neg, ^early, ^pre
^early:
  func.return
^pre:
  cf.br ^header(%zero : i32)
^header(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^after
^body:
  %i1 = arith.addi %i, %one : i32
  %odd = arith.andi %i, %one : i32
  %skip = arith.cmpi ne, %odd, %zero : i32
  cf.cond_br %skip, ^header(%i1 : i32), ^work
^work:
  memref.store %i, %a[%c0] : memref<?xi32>
  cf.br ^header(%i1 : i32)
^after:
  func.return
}

// -----

// A return inside a loop: the function's own return-only block is the exit
// of the region, so the region is the loop and its two exits; the bound check
// before the loop stays an scf.if around it, outside the region. The exits
// follow the loop (ids 3 and 4). From level 1 on the loop continues on a
// carried i1 that mirrors `guard == 0` (the header's branch condition and
// the latch's, not a guard test), and the exit `miss` (id 4) is the else
// branch of `found` (id 3): lanes after the loop hold 3 or 4.
// CHECK-LABEL: func.func @early_return
// CHECK:         %[[IN:.*]] = arith.cmpi slt, %tid
// CHECK-NEXT:    scf.if %[[IN]] {
// CHECK:           memref.load %keys
// CHECK:           %[[G:.*]] = simt.guard.create 0 : !simt.guard<6>
// L0:              %[[J:.*]], %{{.*}} = scf.while
// L0:              %[[BACK:.*]] = simt.guard.test %[[G]], 0
// L0-NEXT:           scf.condition(%[[BACK]])
// L0:              simt.guarded %[[G]], 3
// L0-NEXT:           memref.store %[[J]]
// L0:              simt.guarded %[[G]], 4
// L0:                memref.store %minus
// L1:              %[[START:.*]] = simt.guard.test %[[G]], 0
// L1-NEXT:         %[[J:.*]], %{{.*}}, %{{.*}} = scf.while ({{.*}}, %[[C:.*]] = %[[START]]) : (i32, i32, i1)
// L1:                simt.guard.select %[[G]], %more, 1, 4
// L1:                scf.condition(%[[CONT:.*]]) %{{.*}}, %{{.*}}, %[[CONT]] :
// L2:              %[[START:.*]] = simt.guard.test %[[G]], 0
// L2-NEXT:         %[[J:.*]], %{{.*}}, %{{.*}} = scf.while ({{.*}}, %[[C:.*]] = %[[START]]) : (i32, i32, i1)
// L2:                scf.condition(%[[CONT:.*]]) %{{.*}}, %{{.*}}, %[[CONT]] :
// L3:              %[[START:.*]] = simt.guard.test %[[G]], 0
// L3-NEXT:         %[[J:.*]], %{{.*}}, %{{.*}} = scf.while ({{.*}}, %[[C:.*]] = %[[START]]) : (i32, i32, i1)
// L3:                %[[MORE:.*]] = arith.cmpi slt
// L3-NEXT:           simt.guard.select %[[G]], %[[MORE]], 1, 4
// L3:                scf.if %[[MORE]]
// L3:                  simt.guard.select %[[G]], %[[HIT:.*]], 3, 1
// L3-NEXT:             %[[NO:.*]] = arith.constant false
// L3-NEXT:             %{{.*}}, %{{.*}} = scf.if %[[HIT]]
// L3-NEXT:               scf.yield %{{.*}}, %[[NO]]
// L3-NEXT:             } else {
// L3-NEXT:               simt.guard.set %[[G]], 0
// L3-NEXT:               %[[YES:.*]] = arith.constant true
// L3-NEXT:               scf.yield %{{.*}}, %[[YES]]
// L3:                scf.condition(%[[CONT:.*]]) %{{.*}}, %{{.*}}, %[[CONT]] :
// OPT:             %[[FOUND:.*]] = simt.guard.test %[[G]], 3
// OPT-NEXT:        scf.if %[[FOUND]] {
// OPT-NEXT:          memref.store %[[J]]
// OPT-NEXT:        } else {
// OPT:               memref.store %minus
// CHECK-NOT:       simt.guard
// CHECK:         } else {
// CHECK-NEXT:    }
// CHECK-NOT:     {{ cf\.}}
// CHECK:         func.return
func.func @early_return(%a: memref<?xi32>, %keys: memref<?xi32>, %m: i32, %nq: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %ti = arith.index_cast %tid : i32 to index
  %in = arith.cmpi slt, %tid, %nq : i32
  cf.cond_br %in, ^body, ^done
^body:
  %key = memref.load %keys[%ti] : memref<?xi32>
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^head(%zero : i32)
^head(%j: i32):
  %more = arith.cmpi slt, %j, %m : i32
  cf.cond_br %more, ^test, ^miss
^test:
  %next = arith.addi %j, %one : i32
  %hit = arith.cmpi eq, %j, %key : i32
  cf.cond_br %hit, ^found, ^latch
^found:
  memref.store %j, %a[%ti] : memref<?xi32>
  func.return
^latch:
  cf.br ^head(%next : i32)
^miss:
  %minus = arith.constant -1 : i32
  memref.store %minus, %a[%ti] : memref<?xi32>
  cf.br ^done
^done:
  func.return
}

// -----

// Blocks that only branch on (split edges) hide Fig. 1's branches into
// branches from Definition 1 (every edge enters a block with one
// predecessor); they are threaded away first, and the region is Fig. 1's
// four blocks, one step each.
// CHECK-LABEL: func.func @split_edges
// CHECK:         %[[C1:.*]] = arith.cmpi sgt
// CHECK-NEXT:    %[[G:.*]] = simt.guard.create 1 : !simt.guard<5>
// CHECK-NEXT:    simt.guard.select %[[G]], %[[C1]], 1, 0
// CHECK-NEXT:    simt.guarded %[[G]], 0
// CHECK:           simt.guard.select %[[G]], %{{.*}}, 1, 2
// CHECK:         simt.guarded %[[G]], 1
// CHECK:           simt.guard.select %[[G]], %{{.*}}, 3, 2
// CHECK:         simt.guarded %[[G]], 2
// CHECK-NEXT:      memref.store %two
// CHECK:         simt.guarded %[[G]], 3
// CHECK-NEXT:      memref.store %one
// CHECK-NOT:     {{ cf\.}}
// CHECK:         func.return
func.func @split_edges(%a: memref<?xi32>, %x: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %c1 = arith.cmpi sgt, %x, %one : i32
  cf.cond_br %c1, ^s1, ^b2
^s1:
  cf.br ^b3
^b2:
  %c2 = arith.cmpi sgt, %x, %two : i32
  cf.cond_br %c2, ^s2, ^s3
^s2:
  cf.br ^b3
^s3:
  cf.br ^b5
^b3:
  %c3 = arith.cmpi sgt, %x, %three : i32
  cf.cond_br %c3, ^b4, ^s4
^s4:
  cf.br ^b5
^b4:
  memref.store %one, %a[%c0] : memref<?xi32>
  cf.br ^b6
^b5:
  memref.store %two, %a[%c0] : memref<?xi32>
  cf.br ^b6
^b6:
  func.return
}

// -----

// Both `continue` paths pass %next to the loop header, the region's exit:
// the value is used as it is, not carried through the steps; the empty
// `^skip` step does nothing and gets no test.
// CHECK-LABEL: func.func @continue_value
// CHECK:         %[[NEXT:.*]] = arith.addi %{{.*}}, %s
// CHECK:         simt.guard.create 2 : !simt.guard<4>
// CHECK-NOT:     simt.guarded %{{.*}}, 2
// CHECK-NOT:     simt.guard.test %{{.*}}, 2
// CHECK:         scf.yield %[[NEXT]] : i32
func.func @continue_value(%a: memref<?xi32>, %n: i32, %s: i32) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %zero = arith.constant 0 : i32
  %nine = arith.constant 9 : i32
  cf.br ^head(%tid : i32)
^head(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %ii = arith.index_cast %i : i32 to index
  %v = memref.load %a[%ii] : memref<?xi32>
  %next = arith.addi %i, %s : i32
  %neg = arith.cmpi slt, %v, %zero : i32
  cf.cond_br %neg, ^skip, ^check
^check:
  %big = arith.cmpi sgt, %v, %nine : i32
  cf.cond_br %big, ^skip, ^work
^work:
  memref.store %zero, %a[%ii] : memref<?xi32>
  cf.br ^head(%next : i32)
^skip:
  cf.br ^head(%next : i32)
^exit:
  func.return
}

// -----

// A loop whose two exits meet at a block that only returns (with an argument
// it ignores): the return moves to a block of its own, so the region of the
// exits is bounded; no refusal, no cf op left.
// CHECK-LABEL: func.func @two_exits_to_return
// CHECK:         scf.while
// CHECK-NOT:     cf.br
// CHECK-NOT:     cf.cond_br
// CHECK:         func.return
func.func @two_exits_to_return(%a: memref<?xi32>, %v: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  cf.br ^h(%c0 : i32)
^h(%i: i32):
  %done = arith.cmpi sge, %i, %c10 : i32
  cf.cond_br %done, ^exit(%i : i32), ^body
^body:
  %hit = arith.cmpi eq, %i, %v : i32
  cf.cond_br %hit, ^exit(%c1 : i32), ^latch
^latch:
  %n = arith.addi %i, %c1 : i32
  cf.br ^h(%n : i32)
^exit(%r: i32):
  func.return
}

// -----

// cf.switch becomes a chain of cf.cond_br on `flag == value` before
// linearization; cases that share a target with different arguments stay
// apart (a select picks the argument).
// CHECK-LABEL: func.func @switch_cases
// CHECK-NOT:     cf.switch
// CHECK:         %[[C0:.*]] = arith.constant 0 : i32
// CHECK:         arith.cmpi eq, %{{.*}}, %[[C0]] : i32
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK:         arith.cmpi eq, %{{.*}}, %[[C1]] : i32
// CHECK-NOT:     cf.br
// CHECK-NOT:     cf.cond_br
func.func @switch_cases(%a: memref<?xi32>, %x: i32) attributes {simt.kernel} {
  %c7 = arith.constant 7 : i32
  %c0i = arith.constant 0 : index
  cf.switch %x : i32, [
    default: ^b(%c7 : i32),
    0: ^b(%x : i32),
    1: ^c
  ]
^b(%y: i32):
  memref.store %y, %a[%c0i] : memref<?xi32>
  func.return
^c:
  func.return
}
