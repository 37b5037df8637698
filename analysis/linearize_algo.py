"""Control-flow linearization with a guard variable, on the small graph type.

Source: J. Anantpur, R. Govindarajan, "Taming Control Divergence in GPUs
through Control Flow Linearization" (CC 2014): Algorithm 1 (§3.1-3.3), the
guard-value propagation and optimizations O1-O3 (§4.2), Claim 3 (§3.5).

The input is a region graph: its entry node is the region's CIDOM D, one node
is its CIPDOM P (the exit), every other node reachable from D is a block of the
region ("unit"). A node with two successors branches to the first when its
condition holds. The output is a *plan*, a tree of steps that a pass turns into
structured IR:

1. the units are numbered in reverse post-order (RPO): block ids 0..k-1, the
   exit gets id k. The depth-first search behind it takes the edges that
   leave a node's innermost natural loop first, so each loop's blocks come
   out contiguous and its exits follow the loop instead of being tested on
   every iteration (first_match's `pos[q] = -1` after its search loop would
   otherwise land between the loop's header and body); every unit becomes a
   guarded step "if guard == id { body; guard = id of the successor taken }"
   (Alg. 1, lines 5-8);
2. a retreating edge s -> t (t no later than s in RPO) becomes a loop over the
   steps t..s that runs again while the guard holds an id of that range (the
   back-edge guard of lines 24-33). Ranges that overlap in part are widened
   to the earlier start ("the back edge destination would be moved up"), so
   the loops are nested or disjoint and the plan is reducible, also when the
   graph was irreducible (§3.3, Fig. 6(d)); no unit is duplicated;
3. guard-value propagation (§4.2): the set of guard values a lane can hold at
   each test, to a fixed point around loops. O1 drops a test that always
   matches and a step that never can; loops test only the values that flow
   back along their back edge;
4. O2 nests the step of a unit under the step of its dominator when every
   unit in between is nested there too (a stack of open dominators along the
   RPO), so the test runs only for lanes that ran the dominator. Units that
   start a loop or are the target of a retreating edge stay at loop level,
   and so does a unit outside every loop whose only successor is the exit
   (an early `return`): its test at the top level runs once, while nested
   its lanes leave the host's step with a guard value of their own that the
   next test must tell apart again, which LLVM does not fold (PTX of the
   corpus kernel anantpur_fig1_branches: 61 instructions nested, 55 flat);
5. O3 merges the test of a unit whose single predecessor is its host into
   that predecessor: the predecessor's own branch condition replaces the
   guard test;
6. from level 1 on (it uses the propagated values), where a loop is
   followed by two sibling steps A (with a guard test) and B, B becomes A's
   else branch (`ELSE`) when every lane at A's test holds A's or B's id and
   no lane that ran A holds B's id after it: then exactly the lanes that
   skip A run B, and B needs no test of its own. This is how a loop with two
   exits (first_match: `found` and `i == m`) ends in one if/else, which
   LLVM turns into a select of the exits' values instead of two tests of
   the guard (PTX of first_match at level 3: 41 instructions with it, 45
   without, 38 before the pass). Pairs are made only after a loop: in
   acyclic code the guard holds constants LLVM already folds, and an
   if/else costs a divergent warp one more reconvergence-stack entry than
   two one-armed steps (Fig. 1 on the simulator: stack depth 3 instead of
   2, 688 warp instructions instead of 672). A plan built with `max_nest=0`
   (flat steps, §5.3) makes no pairs.

Levels: 0 = Algorithm 1 alone; 1 = + O1 (and 6.); 2 = + O2; 3 = + O3.

Graph work (orders, dominators, reachability, loop bodies, the propagation's
fixed point around a loop) uses iterative worklists; the plan tree is built
with an explicit stack. `_Propagation` and `_Freeze` walk the plan tree
recursively: that is recursion over nested regions, whose depth is the
region's loop nesting plus O2's nesting of steps, which `max_nest` bounds
(the pass uses `simt.passes.linearize.MAX_NEST`).

    Fig. 1(b), region B2..B5 (D = B1, P = B6), level 0:
      g = B1 ? 1 : 0     # D branches to B2 (id 0) or B3 (id 1)
      if g == 0: B2; g = c2 ? 1 : 3
      if g == 1: B3; g = c3 ? 2 : 3
      if g == 2: B4; g = 4  (exit)
      if g == 3: B5; g = 4
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Generic

from simt.analysis.dominance import DominatorTree
from simt.analysis.graph import DiGraph, N

MAX_LEVEL = 3


class StepTest(Enum):
    """How a step decides which lanes run its unit."""

    GUARD = "guard"
    """`guard == id` (Alg. 1, line 8)."""
    ALWAYS = "always"
    """Every lane reaching the step runs it (O1: the test always matches)."""
    BRANCH_TRUE = "branch_true"
    """The host's branch condition (O3); the unit is its first successor."""
    BRANCH_FALSE = "branch_false"
    """The negated host's branch condition (O3); the unit is its second one."""
    ELSE = "else"
    """The lanes that skipped the previous step, a `GUARD` test of id a, run
    this one (O1's values: every lane at that test holds a or this unit's
    id, and none that ran it holds this unit's id afterwards)."""


@dataclass(frozen=True)
class UnitStep(Generic[N]):
    """One guarded unit, with the steps nested under it (O2)."""

    node: N
    block_id: int
    test: StepTest
    values: frozenset[int]
    """The guard values a lane can hold at the test (§4.2)."""
    children: tuple[Step[N], ...]


@dataclass(frozen=True)
class LoopStep(Generic[N]):
    """The steps of RPO positions first..last, run while the guard holds one
    of `continue_ids` (the back-edge guard of a retreating edge)."""

    first: int
    last: int
    continue_ids: frozenset[int]
    steps: tuple[Step[N], ...]


Step = UnitStep[N] | LoopStep[N]


@dataclass(frozen=True)
class Linearization(Generic[N]):
    """The plan for one region: ids, loops and the tree of steps."""

    order: tuple[N, ...]
    """The units in reverse post-order; a unit's id is its index here."""
    ids: Mapping[N, int]
    exit_id: int
    entry_ids: frozenset[int]
    """The ids the guard can hold on entry (targets of D's edges)."""
    retreating: frozenset[tuple[N, N]]
    loops: tuple[tuple[int, int], ...]
    """The (first, last) RPO ranges of the loops, after widening."""
    steps: tuple[Step[N], ...]
    level: int

    @property
    def guard_tests(self) -> int:
        """The guard blocks of the linearized CFG that test the guard: one per
        step with a `GUARD` test, one per loop (its back-edge guard)."""
        return sum(1 for s in self.walk() if _is_guard_test(s))

    @property
    def unit_steps(self) -> tuple[UnitStep[N], ...]:
        return tuple(s for s in self.walk() if isinstance(s, UnitStep))

    def walk(self) -> tuple[Step[N], ...]:
        """Every step, in emission (pre-)order."""
        out: list[Step[N]] = []
        pending: list[Step[N]] = list(reversed(self.steps))
        while pending:
            step = pending.pop()
            out.append(step)
            inner = step.children if isinstance(step, UnitStep) else step.steps
            pending.extend(reversed(inner))
        return tuple(out)


def _is_guard_test(step: Step[N]) -> bool:
    return isinstance(step, LoopStep) or step.test == StepTest.GUARD


def linearize(
    graph: DiGraph[N],
    exit_node: N,
    level: int = MAX_LEVEL,
    max_nest: int | None = None,
    merge_loops: bool = False,
    interleave: bool = False,
) -> Linearization[N]:
    """Plans the linearization of the region graph `graph` (see the module doc).

    `max_nest` bounds how many unit steps O2 nests inside each other (None:
    no bound); 0 keeps every step at loop level, as level 1 does, which is
    what the stack-depth application (§5.3) needs: nested tests are nested
    divergent branches again.

    `merge_loops` keeps only the outermost loops (loop merging, §5.2, Fig. 8):
    an inner loop's back edge goes through its outer loop's back-edge guard,
    which then continues on the ids of both headers, so a lane that leaves
    the inner loop early runs the next outer iteration while others still
    run the inner one.

    `interleave` numbers the units of an acyclic region breadth-first (a
    topological order that takes the ready blocks first come, first
    served), so the blocks of the two arms of a branch alternate (branch
    interleaving, §5.1, Fig. 7(b)); a region with a loop keeps the RPO.

    Raises ValueError when `level` is out of range, or when a unit does not
    reach `exit_node` or `exit_node` has successors.
    """
    if not 0 <= level <= MAX_LEVEL:
        raise ValueError(
            f"expected an optimization level in [0, {MAX_LEVEL}], found {level}"
        )
    _check_region_graph(graph, exit_node)
    rpo = loop_aware_rpo(graph)
    if interleave:
        rpo = breadth_first_topological(graph) or rpo
    order = tuple(n for n in rpo if n not in (graph.entry, exit_node))
    ids = {n: i for i, n in enumerate(order)}
    ids[exit_node] = len(order)
    retreating = frozenset(
        (s, t) for s in order for t in graph.succs(s) if t in ids and ids[t] <= ids[s]
    )
    loops = _laminar_ranges((ids[t], ids[s]) for s, t in retreating)
    if merge_loops:
        loops = _outermost_ranges(loops)
    targets = frozenset(ids[t] for _, t in retreating)
    dom = DominatorTree(graph) if level >= 2 else None
    # O2 leaves early exits outside loops at the top level (module doc, 4.).
    leaves = frozenset(
        ids[n]
        for n in order
        if graph.succs(n) == (exit_node,)
        and not any(first <= ids[n] <= last for first, last in loops)
    )
    tree = _build_tree(order, loops, targets | leaves, dom, max_nest)
    entry_ids = frozenset(ids[s] for s in graph.succs(graph.entry))
    succ_ids = {n: frozenset(ids[s] for s in graph.succs(n)) for n in order}
    flow = _Propagation(succ_ids, ids)
    out = flow.run(tree, entry_ids)
    assert out <= {len(order)}, "lanes leave the plan with the exit id only"
    ctx = _Freeze(graph, ids, flow, targets, retreating, level, max_nest != 0)
    steps = ctx.freeze(tree)
    return Linearization(
        order,
        MappingProxyType(ids),
        len(order),
        entry_ids,
        retreating,
        loops,
        steps,
        level,
    )


def breadth_first_topological(graph: DiGraph[N]) -> tuple[N, ...] | None:
    """The reachable nodes in Kahn's topological order with a FIFO queue
    (Fig. 2(a): B1, B2, B5, B3, B6, B4, B7), or None when they hold a cycle."""
    reachable = graph.reachable
    waiting = {n: sum(1 for p in graph.preds(n) if p in reachable) for n in reachable}
    order: list[N] = []
    ready = [graph.entry] if waiting[graph.entry] == 0 else []
    while ready:
        node = ready.pop(0)
        order.append(node)
        for succ in graph.succs(node):
            waiting[succ] -= 1
            if waiting[succ] == 0:
                ready.append(succ)
    return tuple(order) if len(order) == len(reachable) else None


def loop_aware_rpo(graph: DiGraph[N]) -> tuple[N, ...]:
    """A reverse post-order of the reachable nodes whose DFS visits, at every
    node, the successors outside the node's innermost natural loop first
    (iteratively; ties keep the graph's successor order)."""
    inner = _innermost_loops(graph)
    post: list[N] = []
    seen = {graph.entry}
    stack: list[tuple[N, list[N]]] = [
        (graph.entry, _ordered_succs(graph, graph.entry, inner))
    ]
    while stack:
        node, pending = stack[-1]
        if not pending:
            post.append(node)
            stack.pop()
            continue
        succ = pending.pop(0)
        if succ not in seen:
            seen.add(succ)
            stack.append((succ, _ordered_succs(graph, succ, inner)))
    return tuple(reversed(post))


def _ordered_succs(
    graph: DiGraph[N], node: N, inner: Mapping[N, frozenset[N]]
) -> list[N]:
    body = inner.get(node, frozenset())
    return sorted(graph.succs(node), key=lambda s: s in body)


def _innermost_loops(graph: DiGraph[N]) -> dict[N, frozenset[N]]:
    """Each node's innermost natural loop body (headers with several
    latches have one body); nodes in no natural loop are left out."""
    dom = DominatorTree(graph)
    bodies: dict[N, frozenset[N]] = {}
    for latch, header in graph.edges:
        if graph.is_reachable(latch) and dom.dominates(header, latch):
            body = graph.reaching([latch], avoiding=[header]) | {header}
            bodies[header] = bodies.get(header, frozenset()) | body
    inner: dict[N, frozenset[N]] = {}
    for body in sorted(bodies.values(), key=len, reverse=True):
        inner.update(dict.fromkeys(body, body))
    return inner


def _check_region_graph(graph: DiGraph[N], exit_node: N) -> None:
    if exit_node not in graph:
        raise ValueError(f"the exit {exit_node!r} is not a node of the region graph")
    if graph.succs(exit_node):
        raise ValueError(f"the exit {exit_node!r} has successors")
    stuck = graph.reachable - graph.reaching([exit_node])
    if stuck:
        raise ValueError(f"nodes {sorted(map(repr, stuck))} do not reach the exit")


def _laminar_ranges(ranges: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Widens ranges that overlap in part to the earlier start, until every
    two are nested or disjoint; sorted outermost first."""
    current = set(ranges)
    changed = True
    while changed:
        changed = False
        for a in sorted(current):
            for b in sorted(current):
                if a[0] < b[0] <= a[1] < b[1]:
                    current.discard(b)
                    current.add((a[0], b[1]))
                    changed = True
                    break
            if changed:
                break
    return tuple(sorted(current, key=lambda r: (r[0], -r[1])))


def _outermost_ranges(
    ranges: tuple[tuple[int, int], ...],
) -> tuple[tuple[int, int], ...]:
    """The ranges of a laminar family that no other range contains."""
    return tuple(
        r
        for r in ranges
        if not any(o != r and o[0] <= r[0] and r[1] <= o[1] for o in ranges)
    )


@dataclass
class _Node:
    """A step under construction."""

    unit: int | None
    """The RPO position of a unit step; None for a loop or the root."""
    first: int = 0
    last: int = 0
    children: list[_Node] = field(default_factory=list["_Node"])

    @property
    def is_loop(self) -> bool:
        return self.unit is None


def _build_tree(
    order: tuple[N, ...],
    loops: tuple[tuple[int, int], ...],
    targets: frozenset[int],
    dom: DominatorTree[N] | None,
    max_nest: int | None = None,
) -> _Node:
    root = _Node(None, 0, len(order))
    stack: list[_Node] = [root]
    for position, node in enumerate(order):
        starts = [r for r in loops if r[0] == position]
        if starts or position in targets or dom is None:
            _pop_hosts(stack, lambda _: False)
        else:
            _pop_hosts(stack, lambda host, n=node: dom.dominates(order[host], n))
        while max_nest is not None and _open_hosts(stack) > max_nest:
            stack.pop()
        for first, last in starts:
            loop = _Node(None, first, last)
            stack[-1].children.append(loop)
            stack.append(loop)
        unit = _Node(position)
        stack[-1].children.append(unit)
        if dom is not None:
            stack.append(unit)
        _close_loops(stack, position)
    return root


def _open_hosts(stack: list[_Node]) -> int:
    """How many unit steps the next step would be nested in."""
    count = 0
    for node in reversed(stack):
        if node.is_loop:
            break
        count += 1
    return count


def _pop_hosts(stack: list[_Node], keep: Callable[[int], bool]) -> None:
    while stack[-1].unit is not None and not keep(stack[-1].unit):
        stack.pop()


def _close_loops(stack: list[_Node], position: int) -> None:
    while any(n.is_loop and n is not stack[0] and n.last == position for n in stack):
        _pop_hosts(stack, lambda _: False)
        stack.pop()


class _Propagation(Generic[N]):
    """Guard-value propagation over the plan tree (§4.2)."""

    def __init__(
        self, succ_ids: Mapping[N, frozenset[int]], ids: Mapping[N, int]
    ) -> None:
        self._succ_ids = {ids[n]: s for n, s in succ_ids.items()}
        self.at_unit: dict[int, frozenset[int]] = {}
        self.after_unit: dict[int, frozenset[int]] = {}
        """The values the lanes that ran a unit's step hold after it."""
        self.back: dict[int, frozenset[int]] = {}

    def run(self, node: _Node, values: frozenset[int]) -> frozenset[int]:
        """The values after `node`'s children, given `values` before them."""
        for child in node.children:
            values = (
                self._loop(child, values)
                if child.is_loop
                else self._unit(child, values)
            )
        return values

    def _unit(self, node: _Node, values: frozenset[int]) -> frozenset[int]:
        assert node.unit is not None
        self.at_unit[node.unit] = self.at_unit.get(node.unit, frozenset()) | values
        if node.unit not in values:
            return values
        inner = self.run(node, self._succ_ids[node.unit])
        self.after_unit[node.unit] = self.after_unit.get(node.unit, frozenset()) | inner
        return (values - {node.unit}) | inner

    def _loop(self, node: _Node, values: frozenset[int]) -> frozenset[int]:
        span = frozenset(range(node.first, node.last + 1))
        back: frozenset[int] = frozenset()
        while True:
            out = self.run(node, values | back)
            grown = back | (out & span)
            if grown == back:
                break
            back = grown
        self.back[id(node)] = back
        return out - span


class _Freeze(Generic[N]):
    """Turns the built tree into frozen steps, applying O1 and O3."""

    def __init__(
        self,
        graph: DiGraph[N],
        ids: Mapping[N, int],
        flow: _Propagation[N],
        targets: frozenset[int],
        retreating: frozenset[tuple[N, N]],
        level: int,
        pairs: bool = True,
    ) -> None:
        self._graph = graph
        self._order = {i: n for n, i in ids.items()}
        self._flow = flow
        self._targets = targets
        self._ids = ids
        self._retreating = retreating
        self._level = level
        self._pairs = pairs

    def freeze(self, node: _Node, host: int | None = None) -> tuple[Step[N], ...]:
        steps: list[Step[N]] = []
        for child in node.children:
            step = self._loop(child) if child.is_loop else self._unit(child, host)
            if step is not None:
                steps.append(self._else(steps, step))
        return tuple(steps)

    def _else(self, before: list[Step[N]], step: Step[N]) -> Step[N]:
        """`step` with an `ELSE` test where the step before it directly
        follows a loop, the lanes at its guard test hold its id or `step`'s,
        and those that ran it never hold `step`'s id after it (every lane
        skipping it runs `step`)."""
        if len(before) < 2 or not isinstance(before[-2], LoopStep):
            return step
        previous = before[-1]
        if (
            self._level < 1
            or not self._pairs
            or not isinstance(previous, UnitStep)
            or not isinstance(step, UnitStep)
            or previous.test != StepTest.GUARD
            or step.test != StepTest.GUARD
        ):
            return step
        own, other = previous.block_id, step.block_id
        if not previous.values <= {own, other}:
            return step
        if other in self._flow.after_unit.get(own, frozenset()):
            return step
        return UnitStep(step.node, other, StepTest.ELSE, step.values, step.children)

    def _loop(self, node: _Node) -> LoopStep[N]:
        span = range(node.first, node.last + 1)
        if self._level >= 1:
            back = self._flow.back[id(node)]
        else:
            back = frozenset(
                self._ids[t]
                for s, t in self._retreating
                if self._ids[s] in span and self._ids[t] in span
            )
        return LoopStep(node.first, node.last, back, self.freeze(node))

    def _unit(self, node: _Node, host: int | None) -> UnitStep[N] | None:
        assert node.unit is not None
        values = self._flow.at_unit.get(node.unit, frozenset())
        if self._level >= 1 and node.unit not in values:
            return None
        unit = self._order[node.unit]
        test = self._test(unit, node.unit, values, host)
        return UnitStep(unit, node.unit, test, values, self.freeze(node, node.unit))

    def _test(
        self, unit: N, position: int, values: frozenset[int], host: int | None
    ) -> StepTest:
        if self._level >= 1 and values <= {position}:
            return StepTest.ALWAYS
        if self._level < 3 or host is None:
            return StepTest.GUARD
        pred = self._order[host]
        succs = self._graph.succs(pred)
        if self._graph.preds(unit) != (pred,) or len(succs) != 2:
            return StepTest.GUARD
        return StepTest.BRANCH_TRUE if succs[0] == unit else StepTest.BRANCH_FALSE


def claim3_bound(blocks: int, retreating_edges: int) -> int:
    """Claim 3: a region of `blocks` blocks gains at most one guard block per
    block and one per retreating edge, i.e. at most `2 * blocks` new blocks."""
    return blocks + min(retreating_edges, blocks)
