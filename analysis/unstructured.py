"""Unstructured edges of a control-flow graph (Anantpur, Definition 1).

Source: J. Anantpur, R. Govindarajan, "Taming Control Divergence in GPUs
through Control Flow Linearization" (CC 2014), §3.2, Definition 1. An edge
B_i -> B_j is unstructured if any of these holds:

1. B_i has several successors, B_j has several predecessors, and neither of
   B_i, B_j dominates or post-dominates the other (a branch into the middle
   of another branch's arm: Fig. 1(b), B2 -> B3, B2 -> B5, B3 -> B5);
2. B_j is in a loop that B_i is not in, and B_j does not dominate every
   block of that loop (a jump into a loop: Fig. 6(b), B1 -> B5, B2 -> B3);
3. B_i is in a loop that B_j is not in, and B_i does not post-dominate every
   block of that loop (a jump out of a loop: Fig. 5(b), B2 -> B5, B3 -> B6).

A CFG with no unstructured edge is structured: IPDOM reconvergence is then
the earliest possible and linearization (Alg. 1-3) leaves it alone.

"Loop" is read as a loop of `LoopForest`: the natural loops, plus the
irreducible cycles, without which condition 2 could never hold (a jump into
a natural loop always targets its header, which dominates the loop). When
B_j (or B_i) lies in nested loops, every enclosing loop the edge enters (or
leaves) is checked. Edges from nodes the entry does not reach are not
judged: dominance says nothing about them.

    B1 -> B2 -> B3 -> B4 -> B6        Fig. 1(b): B2 -> B3, B2 -> B5
    B1 -------> B3 -> B5 -> B6        and B3 -> B5 are unstructured
          B2 -------> B5              (condition 1).
"""

from __future__ import annotations

from enum import Enum
from types import MappingProxyType
from typing import Generic

from simt.analysis.dominance import DominatorTree, PostDominatorTree
from simt.analysis.graph import DiGraph, N
from simt.analysis.loops import LoopForest


class Condition(Enum):
    """Which of Definition 1's conditions makes an edge unstructured."""

    BRANCH_INTO_BRANCH = 1
    JUMP_INTO_LOOP = 2
    JUMP_OUT_OF_LOOP = 3


class UnstructuredEdges(Generic[N]):
    """The unstructured edges of a graph, with the conditions each one meets."""

    def __init__(
        self,
        graph: DiGraph[N],
        dominators: DominatorTree[N] | None = None,
        post_dominators: PostDominatorTree[N] | None = None,
        loops: LoopForest[N] | None = None,
    ) -> None:
        self._graph = graph
        self._dom = dominators if dominators is not None else DominatorTree(graph)
        self._pdom = (
            post_dominators if post_dominators is not None else PostDominatorTree(graph)
        )
        self._loops = loops if loops is not None else LoopForest(graph, self._dom)
        found = {edge: self._conditions(*edge) for edge in graph.edges}
        self._found = MappingProxyType({e: c for e, c in found.items() if c})

    @property
    def edges(self) -> frozenset[tuple[N, N]]:
        """Every unstructured edge."""
        return frozenset(self._found)

    @property
    def is_structured(self) -> bool:
        """True when the graph has no unstructured edge."""
        return not self._found

    def is_unstructured(self, source: N, target: N) -> bool:
        return (source, target) in self._found

    def conditions(self, source: N, target: N) -> frozenset[Condition]:
        """The conditions of Definition 1 the edge meets (empty if structured)."""
        return self._found.get((source, target), frozenset())

    def with_condition(self, condition: Condition) -> frozenset[tuple[N, N]]:
        """The unstructured edges that meet `condition`."""
        return frozenset(e for e, c in self._found.items() if condition in c)

    def _conditions(self, source: N, target: N) -> frozenset[Condition]:
        if not self._graph.is_reachable(source):
            return frozenset()
        checks = (
            (Condition.BRANCH_INTO_BRANCH, self._branch_into_branch(source, target)),
            (Condition.JUMP_INTO_LOOP, self._jump_into_loop(source, target)),
            (Condition.JUMP_OUT_OF_LOOP, self._jump_out_of_loop(source, target)),
        )
        return frozenset(condition for condition, holds in checks if holds)

    def _branch_into_branch(self, source: N, target: N) -> bool:
        graph, dom, pdom = self._graph, self._dom, self._pdom
        if len(graph.succs(source)) < 2 or len(graph.preds(target)) < 2:
            return False
        return not (
            dom.dominates(source, target)
            or dom.dominates(target, source)
            or pdom.post_dominates(source, target)
            or pdom.post_dominates(target, source)
        )

    def _jump_into_loop(self, source: N, target: N) -> bool:
        for loop in self._loops.loops_containing(target):
            if source in loop:
                return False
            if not all(self._dom.dominates(target, n) for n in loop.body):
                return True
        return False

    def _jump_out_of_loop(self, source: N, target: N) -> bool:
        for loop in self._loops.loops_containing(source):
            if target in loop:
                return False
            if not all(self._pdom.post_dominates(source, n) for n in loop.body):
                return True
        return False
