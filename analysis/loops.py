"""Loops of a control-flow graph: back edges, natural loops and the loop forest.

Sources: the natural loop of a back edge t -> h (h dominates t) as Aho,
Lam, Sethi, Ullman, "Compilers", 2nd ed., §9.6, and Bulavintsev 2019,
§II.B / Fig. 3-4 use it: h and every node that reaches t without passing
through h. Natural loops with the same header are one loop; the loops of a
reducible graph are disjoint or nested and form a forest (Bulavintsev
Fig. 4). A graph is reducible when every retreating edge of a depth-first
search is a back edge (equivalently, the non-back edges form a DAG).

Irreducible graphs (Anantpur Fig. 6) have cycles with several entries that
no natural loop describes, yet Anantpur's Definition 1 ("B_j is in a loop,
B_i is not in the same loop") needs them. So the forest is built as LLVM's
`GenericCycleInfo` builds its cycles (after Havlak, "Nesting of reducible
and irreducible loops", TOPLAS 1997), which gives exactly the natural loops
on reducible graphs and adds the irreducible cycles otherwise:

1. depth-first search from the entry, numbering nodes in pre- and
   post-order;
2. take each node h in reverse preorder (inner headers first). If some
   predecessor of h is a DFS descendant of h (a retreating edge into h), h
   heads a loop: walk backwards from those predecessors, staying among h's
   DFS descendants. A node met for the first time joins h's loop; a node
   already in a loop makes the outermost such loop a child of h's loop.
   A node with a predecessor outside h's DFS subtree is an entry.
3. a loop with the single entry h is a natural loop (h dominates it); a loop
   with more entries is irreducible, its header the entry first in preorder.

    entry -> h -> a -> l -> h        one loop: header h, latch l,
                  a ------> x        body {h, a, l}, exit edge a -> x

Nodes unreachable from the entry belong to no loop and no edge from them is
a back or retreating edge.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Generic

from simt.analysis.dominance import DominatorTree
from simt.analysis.graph import DepthFirstSearch, DiGraph, N


@dataclass(frozen=True)
class Loop(Generic[N]):
    """One loop of a `LoopForest`; loops are named by their header."""

    header: N
    entries: frozenset[N]
    """Nodes of the loop with a predecessor outside it ({header} if natural)."""
    latches: frozenset[N]
    """Nodes of the loop with an edge to the header."""
    body: frozenset[N]
    """All nodes of the loop, nested loops' nodes and the header included."""
    exiting_edges: frozenset[tuple[N, N]]
    """Edges from a node of the loop to a node outside it."""
    parent: N | None
    """Header of the innermost enclosing loop, None for a top-level loop."""
    children: tuple[N, ...]
    """Headers of the loops directly nested in this one, in DFS preorder."""
    depth: int
    """1 for a top-level loop, one more per enclosing loop."""

    @property
    def is_natural(self) -> bool:
        """True when the header is the only entry (the header dominates the body)."""
        return self.entries == frozenset((self.header,))

    @cached_property
    def exit_blocks(self) -> frozenset[N]:
        """The targets of the exiting edges."""
        return frozenset(target for _, target in self.exiting_edges)

    @cached_property
    def exiting_blocks(self) -> frozenset[N]:
        """The sources of the exiting edges."""
        return frozenset(source for source, _ in self.exiting_edges)

    def __contains__(self, node: object) -> bool:
        return node in self.body


class LoopForest(Generic[N]):
    """The loops of a graph, their nesting, back edges and reducibility."""

    def __init__(
        self, graph: DiGraph[N], dominators: DominatorTree[N] | None = None
    ) -> None:
        self._graph = graph
        self._dominators = (
            dominators if dominators is not None else DominatorTree(graph)
        )
        dfs = graph.dfs
        self._retreating = _retreating_edges(graph, dfs)
        self._back = frozenset(
            (t, h) for t, h in self._retreating if self._dominators.dominates(h, t)
        )
        cycles = _find_cycles(graph, dfs)
        self._loops = MappingProxyType(_build_loops(graph, dfs, cycles))
        self._innermost = MappingProxyType(cycles.innermost)

    @property
    def graph(self) -> DiGraph[N]:
        return self._graph

    @property
    def dominators(self) -> DominatorTree[N]:
        return self._dominators

    @property
    def loops(self) -> tuple[Loop[N], ...]:
        """Every loop, outer loops before the loops nested in them (DFS preorder)."""
        return tuple(self._loops.values())

    @property
    def top_level(self) -> tuple[Loop[N], ...]:
        return tuple(loop for loop in self._loops.values() if loop.parent is None)

    def loop(self, header: N) -> Loop[N]:
        """The loop headed by `header` (KeyError if it heads none)."""
        return self._loops[header]

    def is_header(self, node: N) -> bool:
        return node in self._loops

    def loop_of(self, node: N) -> Loop[N] | None:
        """The innermost loop containing `node`, None outside every loop."""
        header = self._innermost.get(node)
        return None if header is None else self._loops[header]

    def loops_containing(self, node: N) -> tuple[Loop[N], ...]:
        """The loops containing `node`, innermost first."""
        chain: list[Loop[N]] = []
        loop = self.loop_of(node)
        while loop is not None:
            chain.append(loop)
            loop = None if loop.parent is None else self._loops[loop.parent]
        return tuple(chain)

    def parent(self, loop: Loop[N]) -> Loop[N] | None:
        return None if loop.parent is None else self._loops[loop.parent]

    def children(self, loop: Loop[N]) -> tuple[Loop[N], ...]:
        return tuple(self._loops[h] for h in loop.children)

    def depth(self, node: N) -> int:
        """The number of loops containing `node` (0 outside every loop)."""
        loop = self.loop_of(node)
        return 0 if loop is None else loop.depth

    @property
    def back_edges(self) -> frozenset[tuple[N, N]]:
        """Edges t -> h where h dominates t."""
        return self._back

    @property
    def retreating_edges(self) -> frozenset[tuple[N, N]]:
        """Edges to a DFS ancestor (or self) in the search from the entry."""
        return self._retreating

    @property
    def irreducible_edges(self) -> frozenset[tuple[N, N]]:
        """Retreating edges that are not back edges: the witnesses of
        irreducibility (which ones depends on the DFS, whether any exist does not)."""
        return self._retreating - self._back

    @property
    def is_reducible(self) -> bool:
        return not self.irreducible_edges


def _retreating_edges(
    graph: DiGraph[N], dfs: DepthFirstSearch[N]
) -> frozenset[tuple[N, N]]:
    return frozenset(
        (s, t)
        for s, t in graph.edges
        if graph.is_reachable(s) and dfs.is_retreating(s, t)
    )


@dataclass
class _Cycles(Generic[N]):
    """Working state of the cycle search: per header, its own nodes and entries."""

    own: dict[N, list[N]]
    entries: dict[N, list[N]]
    parent: dict[N, N]
    innermost: dict[N, N]

    def outermost(self, node: N) -> N | None:
        header = self.innermost.get(node)
        if header is None:
            return None
        while header in self.parent:
            header = self.parent[header]
        return header


def _find_cycles(graph: DiGraph[N], dfs: DepthFirstSearch[N]) -> _Cycles[N]:
    cycles: _Cycles[N] = _Cycles({}, {}, {}, {})
    for header in reversed(dfs.preorder):
        latches = [p for p in graph.preds(header) if dfs.is_ancestor(header, p)]
        if latches:
            _grow_cycle(graph, dfs, cycles, header, latches)
    return cycles


def _grow_cycle(
    graph: DiGraph[N],
    dfs: DepthFirstSearch[N],
    cycles: _Cycles[N],
    header: N,
    latches: list[N],
) -> None:
    cycles.own[header] = [header]
    cycles.entries[header] = [header]
    cycles.innermost[header] = header
    worklist = list(latches)
    while worklist:
        node = worklist.pop()
        if node == header:
            continue
        outer = cycles.outermost(node)
        if outer == header:
            continue
        if outer is not None:
            cycles.parent[outer] = header
            for entry in cycles.entries[outer]:
                _visit_preds(graph, dfs, cycles, header, entry, worklist)
            continue
        cycles.innermost[node] = header
        cycles.own[header].append(node)
        _visit_preds(graph, dfs, cycles, header, node, worklist)


def _visit_preds(
    graph: DiGraph[N],
    dfs: DepthFirstSearch[N],
    cycles: _Cycles[N],
    header: N,
    node: N,
    worklist: list[N],
) -> None:
    """Queues the preds of `node` inside `header`'s DFS subtree; if any other
    reachable pred exists, `node` is an entry of the cycle."""
    is_entry = False
    for pred in graph.preds(node):
        if dfs.is_ancestor(header, pred):
            worklist.append(pred)
        elif dfs.visited(pred):
            is_entry = True
    if is_entry and node not in cycles.entries[header]:
        cycles.entries[header].append(node)


def _build_loops(
    graph: DiGraph[N], dfs: DepthFirstSearch[N], cycles: _Cycles[N]
) -> dict[N, Loop[N]]:
    headers = [n for n in dfs.preorder if n in cycles.own]
    children: dict[N, list[N]] = {h: [] for h in headers}
    for header in headers:
        if header in cycles.parent:
            children[cycles.parent[header]].append(header)
    bodies = _bodies(headers, cycles.own, children)
    depths = _depths(headers, cycles.parent)
    return {
        h: Loop(
            header=h,
            entries=frozenset(cycles.entries[h]),
            latches=frozenset(p for p in graph.preds(h) if p in bodies[h]),
            body=bodies[h],
            exiting_edges=_exiting_edges(graph, bodies[h]),
            parent=cycles.parent.get(h),
            children=tuple(children[h]),
            depth=depths[h],
        )
        for h in headers
    }


def _bodies(
    headers: list[N], own: Mapping[N, list[N]], children: Mapping[N, list[N]]
) -> dict[N, frozenset[N]]:
    """Each loop's nodes with its nested loops' nodes; inner loops come later
    in preorder, so a reverse sweep sees every child before its parent."""
    bodies: dict[N, frozenset[N]] = {}
    for header in reversed(headers):
        nested = (bodies[c] for c in children[header])
        bodies[header] = frozenset(own[header]).union(*nested)
    return bodies


def _depths(headers: list[N], parent: Mapping[N, N]) -> dict[N, int]:
    depths: dict[N, int] = {}
    for header in headers:
        outer = parent.get(header)
        depths[header] = 1 if outer is None else depths[outer] + 1
    return depths


def _exiting_edges(graph: DiGraph[N], body: Iterable[N]) -> frozenset[tuple[N, N]]:
    inside = frozenset(body)
    return frozenset((n, s) for n in inside for s in graph.succs(n) if s not in inside)
