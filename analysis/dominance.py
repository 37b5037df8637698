"""Dominator and post-dominator trees, immediate (post-)dominators and frontiers.

Source: K. D. Cooper, T. J. Harvey, K. Kennedy, "A Simple, Fast Dominance
Algorithm" (Software Practice & Experience, 2001): Fig. 3 (the iterative
idom computation) and Fig. 5 (dominance frontiers). Post-dominance is
dominance on the reversed graph (Ferrante, Ottenstein, Warren 1987), which
the papers of this project rely on: Anantpur's IPDOM reconvergence and
Definition 1, Coutinho's influence regions and sync dependences (Fig. 6).

Steps (dominators):
1. number the nodes reachable from the entry in reverse post-order (RPO);
2. idom(entry) = entry; for every other node b, in RPO, take the processed
   predecessors and intersect them: walk two "fingers" up the current idom
   tree, always moving the one later in RPO, until they meet;
3. repeat 2 until no idom changes (one or two sweeps on reducible graphs);
4. frontier: for every node b, each reachable predecessor p walks up the
   tree from p to idom(b), adding b to the frontier of every node it passes
   (a walk from the sole predecessor of b is empty, since that predecessor
   is idom(b); CHK skip such nodes, except that the entry, whose idom is
   none, can still be in a frontier through a back edge to it).

Post-dominators: reverse every edge and add a virtual exit with an edge to
each exit (a node without successors), then run the same algorithm from the
virtual exit. Several `func.return` blocks are several exits, so the tree
may have several roots; `ipdom(n)` is None when the immediate post-dominator
is the virtual exit. A node in an infinite loop reaches no exit; as LLVM and
MLIR do, every sink strongly connected component that has no exit gets one
of its nodes joined to the virtual exit too: the node that comes last in
reverse post-order (for `while (1) { h; a; b; }` that is the latch `b`, so
the loop reads as if it left through its back edge).

    forward:  entry -> a -> {b, c} -> d         idom:  b, c, d -> a
    reversed: VIRTUAL_EXIT -> d -> {b, c} -> a  ipdom: a, b, c -> d

Why not `xdsl.irdl.dominance.DominanceInfo`: it is forward-only and bound to
a `Region` (it cannot run on a reversed graph with a virtual exit, nor on
the papers' figures written as edge lists), and it computes full dominator
sets by set intersection to a fixpoint, without immediate dominators, tree
or frontiers. The graphs here are small, and CHK needs only the idom map.

Nodes unreachable from the entry have no place in the dominator tree: like
xDSL's `DominanceInfo`, such a node is dominated only by itself, `idom` is
None and the frontier empty. Post-dominance is about paths to the exits, so
every node (reachable or not) is in the post-dominator tree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Generic

from simt.analysis.graph import DiGraph, N, depth_first_search


@dataclass(frozen=True)
class VirtualExit:
    """The node a `PostDominatorTree` adds after every exit; never in a result."""

    def __repr__(self) -> str:
        return "VIRTUAL_EXIT"


VIRTUAL_EXIT = VirtualExit()


class DominatorTree(Generic[N]):
    """The dominator tree of a graph's reachable part, with dominance frontiers."""

    def __init__(self, graph: DiGraph[N]) -> None:
        self._graph = graph
        rpo = graph.reverse_post_order
        self._idom = MappingProxyType(_immediate_dominators(graph, rpo))
        self._children = MappingProxyType(_tree_children(rpo, self._idom))
        self._depth, self._pre, self._post = _number_tree(graph.entry, self._children)
        self._frontier = MappingProxyType(_frontiers(graph, self._idom))

    @property
    def graph(self) -> DiGraph[N]:
        return self._graph

    @property
    def root(self) -> N:
        return self._graph.entry

    def is_reachable(self, node: N) -> bool:
        """True when `node` is in the tree (the entry reaches it)."""
        return node in self._depth

    def idom(self, node: N) -> N | None:
        """The immediate dominator; None for the entry and for unreachable nodes."""
        self._check_node(node)
        return self._idom.get(node)

    def dominates(self, a: N, b: N) -> bool:
        """True when every path from the entry to `b` passes through `a`.

        Reflexive. An unreachable node is dominated only by itself.
        """
        if a == b:
            return True
        if not (self.is_reachable(a) and self.is_reachable(b)):
            return False
        return self._pre[a] <= self._pre[b] and self._post[b] <= self._post[a]

    def strictly_dominates(self, a: N, b: N) -> bool:
        return a != b and self.dominates(a, b)

    def children(self, node: N) -> tuple[N, ...]:
        """The nodes whose immediate dominator is `node`, in reverse post-order."""
        self._check_node(node)
        return self._children.get(node, ())

    def depth(self, node: N) -> int:
        """The number of tree edges between the entry (depth 0) and `node`."""
        self._check_reachable(node)
        return self._depth[node]

    def dominators(self, node: N) -> tuple[N, ...]:
        """Every dominator of `node`, from `node` itself up to the entry."""
        self._check_reachable(node)
        chain = [node]
        while chain[-1] in self._idom:
            chain.append(self._idom[chain[-1]])
        return tuple(chain)

    def dominance_frontier(self, node: N) -> frozenset[N]:
        """The nodes `b` where `node` dominates a predecessor of `b` but not
        strictly `b` itself: where the dominance of `node` ends."""
        self._check_node(node)
        return self._frontier.get(node, frozenset())

    def common_dominator(self, nodes: Iterable[N]) -> N:
        """The nearest node dominating all `nodes` (Anantpur's CIDOM, Def. 2)."""
        it = iter(nodes)
        first = next(it, None)
        if first is None:
            raise ValueError("common_dominator of no nodes")
        self._check_reachable(first)
        common = first
        for node in it:
            self._check_reachable(node)
            # The answer only climbs: a node it already dominates costs one
            # test, and the climbs of a whole fold add up to one path to the
            # root, so n nodes cost O(n + depth), not O(n * depth).
            while not self.dominates(common, node):
                common = self._idom[common]
        return common

    def _check_node(self, node: N) -> None:
        if node not in self._graph:
            raise KeyError(f"{node!r} is not a node of the graph")

    def _check_reachable(self, node: N) -> None:
        self._check_node(node)
        if node not in self._depth:
            raise ValueError(f"{node!r} is unreachable from the entry")


class PostDominatorTree(Generic[N]):
    """The post-dominator tree (forest under a virtual exit) of a graph."""

    def __init__(self, graph: DiGraph[N]) -> None:
        self._graph = graph
        self._exits = graph.exits | _infinite_loop_exits(graph)
        self._tree = DominatorTree(_reverse_with_virtual_exit(graph, self._exits))

    @property
    def graph(self) -> DiGraph[N]:
        return self._graph

    @property
    def exits(self) -> frozenset[N]:
        """The nodes joined to the virtual exit: the nodes without successors,
        and one node of each exitless infinite loop (see the module doc)."""
        return self._exits

    @property
    def roots(self) -> tuple[N, ...]:
        """The nodes whose immediate post-dominator is the virtual exit."""
        return _real(self._tree.children(VIRTUAL_EXIT))

    def ipdom(self, node: N) -> N | None:
        """The immediate post-dominator; None when it is the virtual exit."""
        parent = self._tree.idom(node)
        return None if isinstance(parent, VirtualExit) else parent

    def post_dominates(self, a: N, b: N) -> bool:
        """True when every path from `b` to an exit passes through `a` (reflexive)."""
        return self._tree.dominates(a, b)

    def strictly_post_dominates(self, a: N, b: N) -> bool:
        return a != b and self.post_dominates(a, b)

    def children(self, node: N) -> tuple[N, ...]:
        """The nodes whose immediate post-dominator is `node`."""
        return _real(self._tree.children(node))

    def depth(self, node: N) -> int:
        """Tree edges between `node` and a root (roots have depth 0)."""
        return self._tree.depth(node) - 1

    def post_dominators(self, node: N) -> tuple[N, ...]:
        """Every post-dominator of `node`, from `node` itself up to its root."""
        return _real(self._tree.dominators(node))

    def post_dominance_frontier(self, node: N) -> frozenset[N]:
        """The nodes `b` where `node` post-dominates a successor of `b` but not
        strictly `b` itself: the branches `node` is control dependent on."""
        return frozenset(_real(tuple(self._tree.dominance_frontier(node))))

    def common_post_dominator(self, nodes: Iterable[N]) -> N | None:
        """The nearest node post-dominating all `nodes` (Anantpur's CIPDOM,
        Def. 3); None when only the virtual exit does."""
        common = self._tree.common_dominator(nodes)
        return None if isinstance(common, VirtualExit) else common


def _immediate_dominators(graph: DiGraph[N], rpo: tuple[N, ...]) -> dict[N, N]:
    order = {node: i for i, node in enumerate(rpo)}
    idom: dict[N, N] = {rpo[0]: rpo[0]}
    changed = True
    while changed:
        changed = False
        for node in rpo[1:]:
            new = _intersect_preds(graph.preds(node), idom, order)
            if idom.get(node) != new:
                idom[node] = new
                changed = True
    del idom[rpo[0]]
    return idom


def _intersect_preds(
    preds: Iterable[N], idom: Mapping[N, N], order: Mapping[N, int]
) -> N:
    processed = [p for p in preds if p in idom]
    assert processed, "a node in RPO has a DFS parent processed before it"
    new = processed[0]
    for pred in processed[1:]:
        new = _intersect(pred, new, idom, order)
    return new


def _intersect(a: N, b: N, idom: Mapping[N, N], order: Mapping[N, int]) -> N:
    while a != b:
        while order[a] > order[b]:
            a = idom[a]
        while order[b] > order[a]:
            b = idom[b]
    return a


def _tree_children(rpo: tuple[N, ...], idom: Mapping[N, N]) -> dict[N, tuple[N, ...]]:
    children: dict[N, list[N]] = {}
    for node in rpo[1:]:
        children.setdefault(idom[node], []).append(node)
    return {parent: tuple(kids) for parent, kids in children.items()}


def _number_tree(
    root: N, children: Mapping[N, tuple[N, ...]]
) -> tuple[Mapping[N, int], Mapping[N, int], Mapping[N, int]]:
    """Depth, pre- and post-order numbers of a tree, without recursion."""
    depth: dict[N, int] = {root: 0}
    pre: dict[N, int] = {}
    post: dict[N, int] = {}
    stack: list[tuple[N, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            post[node] = len(post)
            continue
        pre[node] = len(pre)
        stack.append((node, True))
        for child in reversed(children.get(node, ())):
            depth[child] = depth[node] + 1
            stack.append((child, False))
    return MappingProxyType(depth), MappingProxyType(pre), MappingProxyType(post)


def _frontiers(graph: DiGraph[N], idom: Mapping[N, N]) -> dict[N, frozenset[N]]:
    frontier: dict[N, set[N]] = {}
    for node in graph.reverse_post_order:
        for pred in graph.preds(node):
            if graph.is_reachable(pred):
                _walk_up_to_idom(pred, node, idom, frontier)
    return {n: frozenset(f) for n, f in frontier.items()}


def _walk_up_to_idom(
    pred: N, join: N, idom: Mapping[N, N], frontier: dict[N, set[N]]
) -> None:
    stop = idom.get(join)
    runner: N | None = pred
    while runner is not None and runner != stop:
        frontier.setdefault(runner, set()).add(join)
        runner = idom.get(runner)


def _infinite_loop_exits(graph: DiGraph[N]) -> frozenset[N]:
    """One node of every sink component that reaches no exit (see module doc)."""
    stuck = set(graph.nodes) - graph.reaching(graph.exits)
    if not stuck:
        return frozenset()
    dfs = depth_first_search(graph, (graph.entry, *graph.nodes))
    chosen: set[N] = set()
    for component in graph.strongly_connected_components():
        members = frozenset(component)
        if members <= stuck and _is_sink(graph, members):
            chosen.add(min(component, key=lambda n: dfs.post_number[n]))
    return frozenset(chosen)


def _is_sink(graph: DiGraph[N], members: frozenset[N]) -> bool:
    return all(s in members for n in members for s in graph.succs(n))


def _reverse_with_virtual_exit(
    graph: DiGraph[N], exits: frozenset[N]
) -> DiGraph[N | VirtualExit]:
    edges: list[tuple[N | VirtualExit, N | VirtualExit]] = [
        (VIRTUAL_EXIT, n) for n in graph.nodes if n in exits
    ]
    edges.extend((target, source) for source, target in graph.edges)
    nodes: list[N | VirtualExit] = [VIRTUAL_EXIT, *graph.nodes]
    return DiGraph.from_edges(VIRTUAL_EXIT, edges, nodes)


def _real(nodes: tuple[N | VirtualExit, ...]) -> tuple[N, ...]:
    return tuple(n for n in nodes if not isinstance(n, VirtualExit))
