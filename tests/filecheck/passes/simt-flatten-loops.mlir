// RUN: simt-opt %s --split-input-file -p simt-flatten-loops 2>/dev/null | filecheck %s
// RUN: simt-opt %s --split-input-file -p 'simt-flatten-loops{mode=adaptive budget=1000}' 2>/dev/null | filecheck %s --check-prefix=ADAPT
// RUN: simt-opt %s --split-input-file -p 'simt-flatten-loops{mode=adaptive}' 2>&1 >/dev/null | filecheck %s --check-prefix=BUDGET
// RUN: simt-opt %s --split-input-file -p 'simt-flatten-loops{depth=2}' 2>/dev/null | filecheck %s --check-prefix=DEPTH2

// Two scf.while: one loop, with B's exit test at the end of an iteration; a
// lane whose B ended runs A_e, A's header and A_w (the detour loop, which
// also skips outer iterations whose B is empty, while a && !b: one xori, as
// b is false wherever a is) in the same iteration. The
// prologue is a detour from A's first header. %i and %lim of the outer body
// are used inside and after B: they are carried.
// CHECK-LABEL: func.func @two_while(%{{.*}}: i32) -> i32 {
// CHECK:         scf.while ({{.*}}) : (i32, i32, i32, i32) -> (i1, i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT:      %[[A0:.*]] = arith.cmpi slt, %{{.*}}, %[[N:[^ ]*]] : i32
// CHECK-NEXT:      scf.if %[[A0]]
// CHECK-NEXT:        arith.andi %{{.*}}, %[[N]]
// CHECK-NEXT:        arith.cmpi slt
// CHECK:           %[[AGAIN:.*]] = arith.xori %[[A0]], %[[B0:[^ ]*]] : i1
// CHECK-NEXT:      scf.condition(%[[AGAIN]]) %[[B0]],
// CHECK:         } attributes {simt.flattened = "detour"}
// CHECK:         %{{.*}}, %[[RES:[^ ,]*]] = scf.while (%[[CONT:[^ ]*]] = {{.*}}) : (i1, i32, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT:      scf.condition(%[[CONT]])
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^{{.*}}(%[[J:[^:]*]]: i32, %[[X:[^:]*]]: i32, %[[I:[^:]*]]: i32, %[[LIM:[^:]*]]: i32, %{{.*}}: i32, %{{.*}}: i32):
// CHECK-NEXT:      %[[X3:.*]] = arith.addi %[[X]], %[[I]] : i32
// CHECK-NEXT:      %[[J3:.*]] = arith.addi %[[J]], %{{.*}} : i32
// CHECK-NEXT:      %[[B:.*]] = arith.cmpi slt, %[[J3]], %[[LIM]] : i32
// CHECK-NEXT:      scf.if %[[B]] ->
// CHECK-NEXT:        scf.yield %{{.*}}, %[[J3]], %[[X3]], %[[I]], %[[LIM]],
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[ACC:.*]] = arith.addi %[[X3]], %[[LIM]] : i32
// CHECK-NEXT:        %[[INEXT:.*]] = arith.addi %[[I]], %{{.*}} : i32
// CHECK-NEXT:        scf.while (%{{.*}} = %[[INEXT]], %{{.*}} = %[[ACC]],
// CHECK:             } attributes {simt.flattened = "detour"}
// CHECK:         } attributes {simt.flattened = "always"}
// CHECK-NEXT:    func.return %[[RES]] : i32

// mode=adaptive: busy lanes run B in a fast loop whose only addition to B is
// one vote_all (the warp leaves it when one lane's B ends); the warp then
// counts its idle lanes with a ballot and sends them on the detour when the
// count passes warp_size * p / 1024 (formula (1)), when no lane is busy, or
// when a busy lane's age reaches the long-run threshold θ (here the default
// 8: 2 x 8 trips x (1 - 0.5)). A split warp (one whose last detour left busy
// lanes behind: together = false) counts ages in a second fast loop, and
// while idle lanes wait (took = false) it runs a third one, left when an age
// reaches θ.
// ADAPT-LABEL: func.func @two_while
// With the default budget (5%), a vote and the scf.while's test per inner
// iteration of two adds is too dear: the nest is declined, with a remark.
// BUDGET: remark: scf.while: not flattened: the adaptive loop's run-time check costs {{.*}} per inner iteration, {{.*}}; the budget is 5%
// ADAPT:         %[[TRUE:.*]] = arith.constant true
// ADAPT:         } attributes {simt.flattened = "detour"}
// ADAPT-NEXT:    %[[ONE:.*]] = arith.constant 1 : i32
// ADAPT-NEXT:    %[[THETA:.*]] = arith.constant 8 : i32
// ADAPT-NEXT:    arith.constant false
// ADAPT-NEXT:    %[[WS:.*]] = simt.warp_size : i32
// ADAPT-NEXT:    %[[P:.*]] = arith.constant {{[0-9]+}} : i32
// ADAPT-NEXT:    %[[PROD:.*]] = arith.muli %[[WS]], %[[P]] : i32
// ADAPT:         %[[LIMIT:.*]] = arith.shrsi %[[PROD]], %{{.*}} : i32
// ADAPT-NEXT:    scf.while (%[[C:[^ ]*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[TRUE]], %{{.*}} = %[[TRUE]], %{{.*}} = %{{.*}},
// ADAPT-NEXT:      scf.condition(%[[C]])
// ADAPT-NEXT:    } do {
// ADAPT-NEXT:    ^{{.*}}(%[[INB:[^:]*]]: i1, %[[TOGETHER:[^:]*]]: i1, %[[TOOK:[^:]*]]: i1, %[[AGE:[^:]*]]: i32,
// ADAPT-NEXT:      scf.if %[[INB]]
// ADAPT-NEXT:        scf.if %[[TOGETHER]]
// ADAPT-NEXT:          scf.while (%[[J:[^ ]*]] = %{{.*}}, %[[X:[^ ]*]] = %{{.*}}) : (i32, i32) -> (i1, i32, i32) {
// ADAPT-NEXT:            arith.addi %[[X]]
// ADAPT-NEXT:            %[[J3:.*]] = arith.addi %[[J]]
// ADAPT-NEXT:            %[[B:.*]] = arith.cmpi slt, %[[J3]]
// ADAPT-NEXT:            %[[ALL:.*]] = simt.vote_all %[[B]] {simt.flatten_vote}
// ADAPT-NEXT:            scf.condition(%[[ALL]]) %[[B]], %[[J3]],
// ADAPT:               } attributes {simt.flattened = "fast"}
// ADAPT:             } else {
// ADAPT-NEXT:          scf.if %[[TOOK]]
// ADAPT-NEXT:            scf.while ({{.*}}, %[[A3:[^ ]*]] = %[[AGE]]) : (i32, i32, i32) -> (i1, i32, i32, i32) {
// ADAPT-NEXT:              arith.addi
// ADAPT-NEXT:              arith.addi
// ADAPT-NEXT:              %[[BC:.*]] = arith.cmpi slt
// ADAPT-NEXT:              %[[A4:.*]] = arith.addi %[[A3]], %[[ONE]] : i32
// ADAPT-NEXT:              %[[ALLC:.*]] = simt.vote_all %[[BC]] {simt.flatten_vote}
// ADAPT-NEXT:              scf.condition(%[[ALLC]]) %[[BC]], {{.*}}, %[[A4]]
// ADAPT:               } attributes {simt.flattened = "fast"}
// ADAPT:             } else {
// ADAPT-NEXT:            scf.while ({{.*}}, %[[A1:[^ ]*]] = %[[AGE]]) : (i32, i32, i32) -> (i1, i32, i32, i32) {
// ADAPT-NEXT:              arith.addi
// ADAPT-NEXT:              arith.addi
// ADAPT-NEXT:              %[[BB:.*]] = arith.cmpi slt
// ADAPT-NEXT:              %[[A2:.*]] = arith.addi %[[A1]], %[[ONE]] : i32
// ADAPT-NEXT:              %[[YOUNG:.*]] = arith.cmpi slt, %[[A2]], %[[THETA]] : i32
// ADAPT-NEXT:              %[[STAY:.*]] = arith.andi %[[BB]], %[[YOUNG]] : i1
// ADAPT-NEXT:              %[[ALLB:.*]] = simt.vote_all %[[STAY]] {simt.flatten_vote}
// ADAPT-NEXT:              scf.condition(%[[ALLB]]) %[[BB]], {{.*}}, %[[A2]]
// ADAPT:               } attributes {simt.flattened = "fast"}
// ADAPT:           %[[IDLE:.*]] = arith.xori %[[INB2:[^ ,]*]], %[[TRUE]] : i1
// ADAPT-NEXT:      %[[MASK:.*]] = simt.ballot %[[IDLE]] {simt.flatten_vote} : i32
// ADAPT-NEXT:      %[[N:.*]] = math.ctpop %[[MASK]] : i32
// ADAPT-NEXT:      %[[OVER:.*]] = arith.cmpi sgt, %[[N]], %[[LIMIT]] : i32
// ADAPT-NEXT:      %[[NONE:.*]] = simt.vote_all %[[IDLE]] {simt.flatten_vote}
// ADAPT-NEXT:      %[[OLD:.*]] = arith.cmpi sge, %{{.*}}, %[[THETA]] : i32
// ADAPT-NEXT:      %[[LONG:.*]] = simt.vote_any %[[OLD]] {simt.flatten_vote}
// ADAPT-NEXT:      %[[PAYS:.*]] = arith.ori %[[OVER]], %[[NONE]] : i1
// ADAPT-NEXT:      %[[TAKE:.*]] = arith.ori %[[PAYS]], %[[LONG]] : i1
// ADAPT-NEXT:      %[[TOG2:.*]] = arith.select %[[TAKE]], %[[NONE]], %{{.*}} : i1
// ADAPT-NEXT:      %[[GO:.*]] = arith.andi %[[TAKE]], %[[IDLE]] : i1
// ADAPT-NEXT:      scf.if %[[GO]]
// ADAPT:           } attributes {simt.flattened = "detour"}
// ADAPT:           } else {
// ADAPT-NEXT:        scf.yield %{{.*}}, %{{.*}}, %[[TOG2]], %[[TAKE]],
// ADAPT:         } attributes {simt.flattened = "adaptive"}
func.func @two_while(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32) {
    %a = arith.cmpi slt, %i, %n : i32
    scf.condition(%a) %i, %acc : i32, i32
  } do {
  ^bb0(%i2: i32, %acc2: i32):
    %lim = arith.andi %i2, %n : i32
    %s:2 = scf.while (%j = %c0, %x = %acc2) : (i32, i32) -> (i32, i32) {
      %b = arith.cmpi slt, %j, %lim : i32
      scf.condition(%b) %j, %x : i32, i32
    } do {
    ^bb1(%j2: i32, %x2: i32):
      %x3 = arith.addi %x2, %i2 : i32
      %j3 = arith.addi %j2, %c1 : i32
      scf.yield %j3, %x3 : i32, i32
    }
    %acc3 = arith.addi %s#1, %lim : i32
    %i3 = arith.addi %i2, %c1 : i32
    scf.yield %i3, %acc3 : i32, i32
  }
  func.return %r#1 : i32
}

// -----

// scf.for with a data-dependent bound in an scf.for: both become the
// induction variable plus iter_args of one scf.while.
// CHECK-LABEL: func.func @for_for
// CHECK-NOT:     scf.for
// CHECK:         } attributes {simt.flattened = "always"}
// CHECK-NEXT:    func.return
func.func @for_for(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %ub = arith.remsi %i, %n : i32
    %s = scf.for %j = %c0 to %ub step %c1 iter_args(%x = %acc) -> (i32) : i32 {
      %y = arith.addi %x, %j : i32
      scf.yield %y : i32
    }
    %t = arith.addi %s, %ub : i32
    scf.yield %t : i32
  }
  func.return %r : i32
}

// -----

// Three levels: depth=1 gives one loop; depth=2 flattens only the innermost
// pair, so two loops remain.
// CHECK-LABEL: func.func @three_levels
// CHECK-NOT:     scf.for
// CHECK:         } attributes {simt.flattened = "always"}
// CHECK-NEXT:    func.return

// DEPTH2-LABEL: func.func @three_levels
// DEPTH2:         scf.for
// DEPTH2-NOT:       scf.for
// DEPTH2:           } attributes {simt.flattened = "always"}
// DEPTH2-NEXT:      scf.yield
// DEPTH2-NEXT:    }
// DEPTH2-NEXT:    func.return
func.func @three_levels(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %ub = arith.andi %i, %n : i32
    %s = scf.for %j = %c0 to %ub step %c1 iter_args(%x = %acc) -> (i32) : i32 {
      %lim = arith.xori %j, %n : i32
      %w = scf.for %k = %c0 to %lim step %c1 iter_args(%y = %x) -> (i32) : i32 {
        %y2 = arith.addi %y, %k : i32
        scf.yield %y2 : i32
      }
      %x2 = arith.addi %w, %j : i32
      scf.yield %x2 : i32
    }
    scf.yield %s : i32
  }
  func.return %r : i32
}

// -----

// Two inner loops in one outer loop (steps 3-5 for each): the flag becomes
// an i32 phase, 1 in the first inner loop and 2 in the second; a value of
// the first segment (%lim) and the first loop's result (%s) live across the
// second inner loop and are carried.
// CHECK-LABEL: func.func @two_inner
// CHECK:         %[[ONE:[0-9]+]] = arith.constant 1 : i32
// CHECK:         scf.if
// CHECK:         %[[TWO:[0-9]+]] = arith.constant 2 : i32
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NEXT:    ^{{.*}}(%[[PH:[^:]*]]: i32,
// CHECK-NEXT:      %[[IN1:.*]] = arith.cmpi eq, %[[PH]], %[[ONE]] : i32
// CHECK-NEXT:      scf.if %[[IN1]]
// CHECK:           %[[IN2:.*]] = arith.cmpi eq, %{{.*}}, %[[TWO]] : i32
// CHECK-NEXT:      scf.if %[[IN2]]
// CHECK:         } attributes {simt.flattened = "always"}
// CHECK-NOT:     scf.for
func.func @two_inner(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.while (%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32) {
    %a = arith.cmpi slt, %i, %n : i32
    scf.condition(%a) %i, %acc : i32, i32
  } do {
  ^bb0(%i2: i32, %acc2: i32):
    %lim = arith.andi %i2, %n : i32
    %s = scf.for %j = %c0 to %lim step %c1 iter_args(%x = %acc2) -> (i32) : i32 {
      %x2 = arith.addi %x, %j : i32
      scf.yield %x2 : i32
    }
    %mid = arith.addi %s, %lim : i32
    %lim2 = arith.xori %i2, %n : i32
    %t = scf.for %j = %c0 to %lim2 step %c1 iter_args(%x = %mid) -> (i32) : i32 {
      %x2 = arith.muli %x, %c2 : i32
      %x3 = arith.addi %x2, %lim : i32
      scf.yield %x3 : i32
    }
    %acc3 = arith.addi %t, %s : i32
    %i3 = arith.addi %i2, %c1 : i32
    scf.yield %i3, %acc3 : i32, i32
  }
  func.return %r#1 : i32
}

// -----

// A do-while inner loop (its work in the condition region, an empty body)
// runs its condition region once per iteration of the flattened loop.
// CHECK-LABEL: func.func @do_while_inner
// CHECK:         } attributes {simt.flattened = "detour"}
// CHECK:         } do {
// CHECK-NEXT:    ^{{.*}}:
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      arith.remsi
// CHECK-NEXT:      %[[B:.*]] = arith.cmpi ne
// CHECK-NEXT:      scf.if %[[B]]
// CHECK:         } attributes {simt.flattened = "always"}
func.func @do_while_inner(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %s:2 = scf.while (%j = %i, %x = %acc) : (i32, i32) -> (i32, i32) {
      %x2 = arith.addi %x, %j : i32
      %j2 = arith.addi %j, %c1 : i32
      %rem = arith.remsi %j2, %n : i32
      %b = arith.cmpi ne, %rem, %c0 : i32
      scf.condition(%b) %j2, %x2 : i32, i32
    } do {
    ^bb1(%j3: i32, %x3: i32):
      scf.yield %j3, %x3 : i32, i32
    }
    %t = arith.addi %s#1, %s#0 : i32
    scf.yield %t : i32
  }
  func.return %r : i32
}
