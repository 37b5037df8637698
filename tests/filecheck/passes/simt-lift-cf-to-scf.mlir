// RUN: simt-opt %s --split-input-file -p simt-lift-cf-to-scf | filecheck %s

// An if-else diamond becomes scf.if yielding the merge block's arguments.
// CHECK-LABEL: func.func @if_else
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NOT:     {{ cf\.}}
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      %[[A:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[B:.*]] = arith.subi %[[X]], %[[Y]] : i32
// CHECK-NEXT:      scf.yield %[[B]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : i32
// CHECK-NOT:     {{ cf\.}}
func.func @if_else(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^then, ^else
^then:
  %a = arith.addi %x, %y : i32
  cf.br ^merge(%a : i32)
^else:
  %b = arith.subi %x, %y : i32
  cf.br ^merge(%b : i32)
^merge(%r: i32):
  func.return %r : i32
}

// -----

// An if-then triangle: the else branch yields what the header passes to the
// merge block.
// CHECK-LABEL: func.func @if_then
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NOT:     {{ cf\.}}
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      %[[A:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : i32
func.func @if_then(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^then, ^merge(%x : i32)
^then:
  %a = arith.addi %x, %y : i32
  cf.br ^merge(%a : i32)
^merge(%r: i32):
  func.return %r : i32
}

// -----

// A triangle whose arm is the false successor: the then branch passes through.
// CHECK-LABEL: func.func @if_else_arm
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK:         %[[R:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      scf.yield %[[X]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[A:.*]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : i32
func.func @if_else_arm(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^merge(%x : i32), ^else
^else:
  %a = arith.muli %x, %y : i32
  cf.br ^merge(%a : i32)
^merge(%r: i32):
  func.return %r : i32
}

// -----

// A conditional branch to one block twice becomes a select of each argument
// that differs, and the block is merged.
// CHECK-LABEL: func.func @same_target
// CHECK-SAME:    (%[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i32
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[S]], %[[Y]] : i32
// CHECK-NEXT:    func.return %[[T]] : i32
func.func @same_target(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^merge(%x, %y : i32, i32), ^merge(%y, %y : i32, i32)
^merge(%r: i32, %s: i32):
  %t = arith.addi %r, %s : i32
  func.return %t : i32
}

// -----

// A block entered only from its predecessor's branch is merged into it; its
// arguments become the values passed.
// CHECK-LABEL: func.func @sequence
// CHECK-SAME:    (%[[X:.*]]: i32)
// CHECK-NEXT:    %[[W:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:    func.return %[[W]] : i32
func.func @sequence(%x: i32) -> i32 {
  cf.br ^next(%x : i32)
^next(%v: i32):
  %w = arith.addi %v, %v : i32
  func.return %w : i32
}

// -----

// A while loop (a header with one back edge from a body block): the header's
// ops form the before region, the body the after region; a header value used
// after the loop leaves through scf.condition.
// CHECK-LABEL: func.func @while_loop
// CHECK-SAME:    (%[[N:.*]]: i32)
// CHECK:         %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK:         %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NOT:     {{ cf\.}}
// CHECK:         %{{.*}}, %[[TWICE:.*]] = scf.while (%[[I:.*]] = %[[ZERO]]) : (i32) -> (i32, i32) {
// CHECK-NEXT:      %[[MORE:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// CHECK-NEXT:      %[[T:.*]] = arith.addi %[[I]], %[[I]] : i32
// CHECK-NEXT:      scf.condition(%[[MORE]]) %[[I]], %[[T]] : i32, i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^{{.*}}(%[[J:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[NEXT:.*]] = arith.addi %[[J]], %[[ONE]] : i32
// CHECK-NEXT:      scf.yield %[[NEXT]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[TWICE]] : i32
func.func @while_loop(%n: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^header(%zero : i32)
^header(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  %twice = arith.addi %i, %i : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %next = arith.addi %i, %one : i32
  cf.br ^header(%next : i32)
^exit:
  func.return %twice : i32
}

// -----

// A do-while loop (a block branching to itself) whose exit is the true
// successor: the loop condition is the branch condition negated.
// CHECK-LABEL: func.func @do_while
// CHECK-SAME:    (%[[N:.*]]: i32)
// CHECK:         %{{.*}}, %[[R:.*]] = scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> (i32, i32) {
// CHECK-NEXT:      %[[NEXT:.*]] = arith.muli %[[I]], %[[N]] : i32
// CHECK-NEXT:      %[[DONE:.*]] = arith.cmpi sgt, %[[NEXT]], %[[N]] : i32
// CHECK-NEXT:      %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:      %[[GO:.*]] = arith.xori %[[DONE]], %[[TRUE]] : i1
// CHECK-NEXT:      scf.condition(%[[GO]]) %[[NEXT]], %[[NEXT]] : i32, i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^{{.*}}(%[[A:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT:      scf.yield %[[A]] : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[R]] : i32
func.func @do_while(%n: i32) -> i32 {
  %one = arith.constant 1 : i32
  cf.br ^loop(%one : i32)
^loop(%i: i32):
  %next = arith.muli %i, %n : i32
  %done = arith.cmpi sgt, %next, %n : i32
  cf.cond_br %done, ^exit(%next : i32), ^loop(%next : i32)
^exit(%r: i32):
  func.return %r : i32
}

// -----

// Nested shapes, innermost first: the diamond in the loop body, then the
// loop, then the diamond around the loop.
// CHECK-LABEL: func.func @nested
// CHECK-SAME:    (%[[C:.*]]: i1,
// CHECK-NOT:     {{ cf\.}}
// CHECK:         %[[M:.*]] = scf.if %[[C]] -> (i32) {
// CHECK-NEXT:      %[[R:.*]], %{{.*}}, %{{.*}} = scf.while
// CHECK:             scf.condition
// CHECK-NEXT:      } do {
// CHECK:             %[[V:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:          arith.addi
// CHECK:             } else {
// CHECK-NEXT:          arith.subi
// CHECK:             }
// CHECK-NEXT:        %[[NEXT:.*]] = arith.addi
// CHECK-NEXT:        scf.yield %[[NEXT]], %[[V]] : i32, i32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[R]] : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %{{.*}} : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    func.return %[[M]] : i32
func.func @nested(%c: i1, %n: i32, %x: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.cond_br %c, ^pre, ^skip
^pre:
  cf.br ^header(%zero, %x : i32, i32)
^header(%i: i32, %acc: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^done(%acc : i32)
^body:
  %odd = arith.trunci %i : i32 to i1
  cf.cond_br %odd, ^add, ^sub
^add:
  %a = arith.addi %acc, %i : i32
  cf.br ^latch(%a : i32)
^sub:
  %s = arith.subi %acc, %i : i32
  cf.br ^latch(%s : i32)
^latch(%v: i32):
  %next = arith.addi %i, %one : i32
  cf.br ^header(%next, %v : i32, i32)
^done(%r: i32):
  cf.br ^merge(%r : i32)
^skip:
  cf.br ^merge(%x : i32)
^merge(%m: i32):
  func.return %m : i32
}

// -----

// A `continue` whose two paths meet at the loop header is an if-then triangle
// merging at the header; the loop then has one back edge and is lifted.
// CHECK-LABEL: func.func @continue
// CHECK-NOT:     {{ cf\.}}
// CHECK:         scf.while
// CHECK:         } do {
// CHECK:           %[[NEXT:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT:        scf.yield %{{.*}} : i32
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[BUMP:.*]] = arith.addi
// CHECK-NEXT:        scf.yield %[[BUMP]] : i32
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[NEXT]] : i32
// CHECK-NOT:     {{ cf\.}}
func.func @continue(%n: i32) -> i32 {
  %one = arith.constant 1 : i32
  cf.br ^header(%one : i32)
^header(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit
^body:
  %twice = arith.addi %i, %i : i32
  %big = arith.cmpi sgt, %twice, %n : i32
  cf.cond_br %big, ^header(%twice : i32), ^bump
^bump:
  %b = arith.addi %twice, %one : i32
  cf.br ^header(%b : i32)
^exit:
  func.return %i : i32
}

// -----

// A loop with two exits (a `break`) stays cf; the diamond in its body is
// lifted all the same.
// CHECK-LABEL: func.func @loop_with_break
// CHECK-NOT:     scf.while
// CHECK:         cf.br ^[[HEADER:.*]](%{{.*}} : i32)
// CHECK-NEXT:  ^[[HEADER]](%[[I:.*]]: i32):
// CHECK:         cf.cond_br %{{.*}}, ^[[BODY:.*]], ^[[EXIT:.*]](%[[I]] : i32)
// CHECK-NEXT:  ^[[BODY]]:
// CHECK:         %[[V:.*]] = scf.if
// CHECK:         cf.cond_br %{{.*}}, ^[[EXIT]](%[[V]] : i32), ^[[HEADER]](%[[V]] : i32)
// CHECK-NEXT:  ^[[EXIT]](%[[R:.*]]: i32):
// CHECK-NEXT:    func.return %[[R]] : i32
func.func @loop_with_break(%n: i32, %x: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  cf.br ^header(%zero : i32)
^header(%i: i32):
  %more = arith.cmpi slt, %i, %n : i32
  cf.cond_br %more, ^body, ^exit(%i : i32)
^body:
  %odd = arith.trunci %i : i32 to i1
  cf.cond_br %odd, ^add, ^sub
^add:
  %a = arith.addi %i, %one : i32
  cf.br ^check(%a : i32)
^sub:
  %s = arith.subi %i, %one : i32
  cf.br ^check(%s : i32)
^check(%v: i32):
  %found = arith.cmpi eq, %v, %x : i32
  cf.cond_br %found, ^exit(%v : i32), ^header(%v : i32)
^exit(%r: i32):
  func.return %r : i32
}

// -----

// An irreducible graph (a cycle with two entries) is left as it is.
// CHECK-LABEL: func.func @irreducible
// CHECK-NOT:     scf.
// CHECK:         cf.cond_br %{{.*}}, ^[[L:.*]](%{{.*}} : i32), ^[[R:.*]](%{{.*}} : i32)
// CHECK-NEXT:  ^[[L]](%{{.*}}: i32):
// CHECK:         cf.cond_br %{{.*}}, ^[[R]](%{{.*}} : i32), ^[[E:.*]](%{{.*}} : i32)
// CHECK-NEXT:  ^[[R]](%{{.*}}: i32):
// CHECK:         cf.cond_br %{{.*}}, ^[[L]](%{{.*}} : i32), ^[[E]](%{{.*}} : i32)
// CHECK-NEXT:  ^[[E]](%{{.*}}: i32):
// CHECK-NEXT:    func.return
func.func @irreducible(%c: i1, %d: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^left(%x : i32), ^right(%x : i32)
^left(%l: i32):
  %l2 = arith.addi %l, %l : i32
  cf.cond_br %d, ^right(%l2 : i32), ^exit(%l2 : i32)
^right(%r: i32):
  %r2 = arith.muli %r, %r : i32
  cf.cond_br %d, ^left(%r2 : i32), ^exit(%r2 : i32)
^exit(%e: i32):
  func.return %e : i32
}

// -----

// An arm that returns early is no scf.if arm: the branch stays cf.
// CHECK-LABEL: func.func @early_return
// CHECK-NOT:     scf.if
// CHECK:         cf.cond_br %{{.*}}, ^[[EARLY:.*]], ^[[LATE:.*]]
// CHECK-NEXT:  ^[[EARLY]]:
// CHECK-NEXT:    func.return
// CHECK-NEXT:  ^[[LATE]]:
// CHECK:         func.return
func.func @early_return(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^early, ^late
^early:
  func.return %x : i32
^late:
  %y = arith.addi %x, %x : i32
  func.return %y : i32
}
