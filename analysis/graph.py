"""A small immutable directed graph with an entry node, and depth-first search.

Every control-flow analysis in `simt.analysis` (dominance, post-dominance, loop
forests, unstructured edges) works on this type rather than on xDSL IR, so the
algorithms can be tested on the papers' figures written as edge lists, and so
the same code serves a region of `cf` blocks (see `cfg.py`) or a graph a pass
builds for itself.

A `DiGraph[N]` holds:
- its nodes, in a deterministic order (the order they were given, or first
  appearance in the edge list), each hashable;
- a set of edges (parallel edges collapse into one: a `cf.cond_br` with both
  targets equal is one edge of the CFG);
- an entry node. Nodes that the entry cannot reach are kept; `is_reachable`
  answers for them, and the analyses document what they say about them.

Depth-first search follows successors in their stored order, without
recursion (an explicit stack of (node, next successor index) pairs), and
numbers the nodes in pre- and post-order, so that "u is a DFS ancestor of v"
is two integer comparisons. Reverse post-order lists every node before its
successors, except along retreating edges.

    entry -> a -> b -> c       DiGraph.from_edges("entry", [("entry", "a"),
             a ------> c           ("a", "b"), ("b", "c"), ("a", "c")])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Generic, TypeVar

N = TypeVar("N", bound=Hashable)
M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True)
class DepthFirstSearch(Generic[N]):
    """The result of one depth-first search: orders, numbers and tree parents.

    Only the nodes the search visited appear in it.
    """

    preorder: tuple[N, ...]
    postorder: tuple[N, ...]
    parent: Mapping[N, N]
    """DFS-tree parent of every visited node except the roots."""
    pre_number: Mapping[N, int]
    post_number: Mapping[N, int]

    @property
    def reverse_post_order(self) -> tuple[N, ...]:
        return tuple(reversed(self.postorder))

    def visited(self, node: N) -> bool:
        return node in self.pre_number

    def is_ancestor(self, ancestor: N, node: N) -> bool:
        """True when `ancestor` is `node` or an ancestor of it in the DFS tree."""
        if not (self.visited(ancestor) and self.visited(node)):
            return False
        return (
            self.pre_number[ancestor] <= self.pre_number[node]
            and self.post_number[node] <= self.post_number[ancestor]
        )

    def is_retreating(self, source: N, target: N) -> bool:
        """An edge whose target is a DFS ancestor of (or equal to) its source.

        Equivalently, the target comes no later than the source in reverse
        post-order (Anantpur's wording).
        """
        return self.is_ancestor(target, source)


class DiGraph(Generic[N]):
    """An immutable directed graph with an entry node; build it with `from_edges`."""

    def __init__(
        self,
        entry: N,
        nodes: Sequence[N],
        succs: Mapping[N, tuple[N, ...]],
        preds: Mapping[N, tuple[N, ...]],
    ) -> None:
        self._entry = entry
        self._nodes = tuple(nodes)
        self._succs = MappingProxyType(dict(succs))
        self._preds = MappingProxyType(dict(preds))

    @staticmethod
    def from_edges(
        entry: M,
        edges: Iterable[tuple[M, M]],
        nodes: Iterable[M] | None = None,
    ) -> DiGraph[M]:
        """Builds a graph from an edge list.

        Without `nodes`, the node order is the entry followed by the edge
        endpoints in order of first appearance. With `nodes`, that order is
        used, and every edge endpoint and the entry must be among them.
        Repeated edges are kept once, in order of first appearance.
        """
        edge_list = list(dict.fromkeys(edges))
        order = _node_order(entry, edge_list, nodes)
        succs: dict[M, list[M]] = {n: [] for n in order}
        preds: dict[M, list[M]] = {n: [] for n in order}
        for source, target in edge_list:
            succs[source].append(target)
            preds[target].append(source)
        return DiGraph(
            entry,
            order,
            {n: tuple(s) for n, s in succs.items()},
            {n: tuple(p) for n, p in preds.items()},
        )

    @property
    def entry(self) -> N:
        return self._entry

    @property
    def nodes(self) -> tuple[N, ...]:
        return self._nodes

    def __contains__(self, node: object) -> bool:
        return node in self._succs

    def __len__(self) -> int:
        return len(self._nodes)

    def __repr__(self) -> str:
        return f"DiGraph(entry={self._entry!r}, edges={list(self.edges)!r})"

    def succs(self, node: N) -> tuple[N, ...]:
        return self._succs[node]

    def preds(self, node: N) -> tuple[N, ...]:
        return self._preds[node]

    @cached_property
    def edges(self) -> tuple[tuple[N, N], ...]:
        """All edges, grouped by source in node order."""
        return tuple((n, s) for n in self._nodes for s in self._succs[n])

    @cached_property
    def exits(self) -> frozenset[N]:
        """The nodes without successors."""
        return frozenset(n for n in self._nodes if not self._succs[n])

    def reversed(self, entry: N) -> DiGraph[N]:
        """The same nodes with every edge turned around, entered at `entry`."""
        if entry not in self:
            raise ValueError(f"entry {entry!r} of the reversed graph is not a node")
        return DiGraph(entry, self._nodes, self._preds, self._succs)

    @cached_property
    def dfs(self) -> DepthFirstSearch[N]:
        """The depth-first search from the entry."""
        return depth_first_search(self, (self._entry,))

    @cached_property
    def reverse_post_order(self) -> tuple[N, ...]:
        """The nodes reachable from the entry, in reverse post-order."""
        return self.dfs.reverse_post_order

    @cached_property
    def reachable(self) -> frozenset[N]:
        """The nodes reachable from the entry (the entry included)."""
        return frozenset(self.dfs.pre_number)

    def is_reachable(self, node: N) -> bool:
        """True when the entry reaches `node`."""
        return node in self.dfs.pre_number

    @cached_property
    def unreachable(self) -> tuple[N, ...]:
        """The nodes the entry does not reach, in node order."""
        return tuple(n for n in self._nodes if not self.is_reachable(n))

    def reachable_from(
        self, sources: Iterable[N], avoiding: Iterable[N] = ()
    ) -> frozenset[N]:
        """The nodes reached from `sources` along paths that never enter `avoiding`.

        Sources themselves are included unless they are avoided.
        """
        return _search(sources, self.succs, frozenset(avoiding))

    def reaching(
        self, targets: Iterable[N], avoiding: Iterable[N] = ()
    ) -> frozenset[N]:
        """The nodes that reach `targets` along paths that never enter `avoiding`."""
        return _search(targets, self.preds, frozenset(avoiding))

    @cached_property
    def reachability(self) -> Reachability[N]:
        """What every node reaches, for many reachability questions at once."""
        return Reachability(self)

    def strongly_connected_components(self) -> tuple[tuple[N, ...], ...]:
        """All strongly connected components (iterative Tarjan).

        A component comes after every component it has an edge to (reverse
        topological order of the condensation, sinks first); within a
        component, nodes are in DFS discovery order.
        """
        return _tarjan(self)


class Reachability(Generic[N]):
    """The nodes each node of a graph reaches (itself included), as bit sets.

    One sweep over the strongly connected components, sinks first: a
    component reaches its own nodes and what its successor components reach.
    A bit set is a Python int with bit i for the i-th node of the graph, so
    the sweep costs O(nodes + edges) unions of n-bit words, and a question
    about several nodes costs a few such unions instead of a graph search
    per node.
    """

    def __init__(self, graph: DiGraph[N]) -> None:
        self._nodes = graph.nodes
        self._bit = {node: 1 << i for i, node in enumerate(graph.nodes)}
        self._reach: dict[N, int] = {}
        for component in graph.strongly_connected_components():
            reach = 0
            for node in component:
                reach |= self._bit[node]
                for succ in graph.succs(node):
                    reach |= self._reach.get(succ, 0)
            for node in component:
                self._reach[node] = reach

    def reaches(self, source: N, target: N) -> bool:
        """True when a path (possibly empty) leads from `source` to `target`."""
        return bool(self._reach[source] & self._bit[target])

    def reached_from_several(self, sources: Iterable[N]) -> frozenset[N]:
        """The nodes reached from at least two of the (distinct) `sources`."""
        return frozenset(self.nodes_of(self.bits_reached_from_several(sources)))

    def bits_reached_from_several(self, sources: Iterable[N]) -> int:
        """`reached_from_several` as a bit set (bit i: the graph's i-th node),
        for callers that combine answers before listing their nodes."""
        once = twice = 0
        for source in dict.fromkeys(sources):
            reach = self._reach[source]
            twice |= once & reach
            once |= reach
        return twice

    def nodes_of(self, bits: int) -> list[N]:
        """The nodes of a bit set, in the graph's node order."""
        found: list[N] = []
        while bits:
            low = bits & -bits
            found.append(self._nodes[low.bit_length() - 1])
            bits ^= low
        return found


def depth_first_search(graph: DiGraph[N], roots: Iterable[N]) -> DepthFirstSearch[N]:
    """Iterative depth-first search from each root in turn (skipping visited ones)."""
    preorder: list[N] = []
    postorder: list[N] = []
    parent: dict[N, N] = {}
    pre_number: dict[N, int] = {}
    post_number: dict[N, int] = {}
    for root in roots:
        if root in pre_number:
            continue
        pre_number[root] = len(preorder)
        preorder.append(root)
        stack: list[tuple[N, int]] = [(root, 0)]
        while stack:
            node, index = stack.pop()
            succs = graph.succs(node)
            if index == len(succs):
                post_number[node] = len(postorder)
                postorder.append(node)
                continue
            stack.append((node, index + 1))
            succ = succs[index]
            if succ in pre_number:
                continue
            pre_number[succ] = len(preorder)
            preorder.append(succ)
            parent[succ] = node
            stack.append((succ, 0))
    return DepthFirstSearch(
        tuple(preorder),
        tuple(postorder),
        MappingProxyType(parent),
        MappingProxyType(pre_number),
        MappingProxyType(post_number),
    )


def _node_order(
    entry: N, edges: Sequence[tuple[N, N]], nodes: Iterable[N] | None
) -> tuple[N, ...]:
    if nodes is None:
        return tuple(dict.fromkeys([entry, *(n for edge in edges for n in edge)]))
    order = tuple(dict.fromkeys(nodes))
    known = frozenset(order)
    endpoints = dict.fromkeys([entry, *(n for edge in edges for n in edge)])
    missing = [n for n in endpoints if n not in known]
    if missing:
        raise ValueError(f"nodes {missing!r} appear in the edges but not in `nodes`")
    return order


def _search(
    sources: Iterable[N], step: Callable[[N], tuple[N, ...]], avoiding: frozenset[N]
) -> frozenset[N]:
    seen = {s for s in sources if s not in avoiding}
    worklist = list(seen)
    while worklist:
        node = worklist.pop()
        for nxt in step(node):
            if nxt not in seen and nxt not in avoiding:
                seen.add(nxt)
                worklist.append(nxt)
    return frozenset(seen)


def _tarjan(graph: DiGraph[N]) -> tuple[tuple[N, ...], ...]:
    index: dict[N, int] = {}
    low: dict[N, int] = {}
    on_stack: set[N] = set()
    stack: list[N] = []
    components: list[tuple[N, ...]] = []
    for root in graph.nodes:
        if root in index:
            continue
        work: list[tuple[N, int]] = [(root, 0)]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, i = work.pop()
            succs = graph.succs(node)
            if i < len(succs):
                work.append((node, i + 1))
                succ = succs[i]
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, 0))
                elif succ in on_stack:
                    low[node] = min(low[node], index[succ])
                continue
            if work:
                caller = work[-1][0]
                low[caller] = min(low[caller], low[node])
            if low[node] == index[node]:
                components.append(_pop_component(node, stack, on_stack))
    return tuple(components)


def _pop_component(root: N, stack: list[N], on_stack: set[N]) -> tuple[N, ...]:
    component: list[N] = []
    while True:
        node = stack.pop()
        on_stack.discard(node)
        component.append(node)
        if node == root:
            return tuple(reversed(component))
