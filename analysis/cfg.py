"""The control-flow graph of an xDSL region, as a `DiGraph[Block]`.

This is the thin adapter between IR and the graph algorithms of
`graph.py`, `dominance.py`, `loops.py` and `unstructured.py` (STYLE.md rule 1):
it reads the region once and never changes it.

- nodes: the region's blocks, in region order; the entry is the first block;
- edges: block -> each successor of its last operation (`cf.br`,
  `cf.cond_br`, `cf.switch`, or any other terminator that lists successors);
  a `cf.cond_br` whose two targets are the same block gives one edge;
- exits: blocks whose terminator has no successor (`func.return`, or the
  terminator of a single-block region such as `scf.yield`).

    ^bb0: cf.cond_br %c, ^bb1, ^bb2         bb0 -> bb1 -> bb3
    ^bb1: cf.br ^bb3                        bb0 -> bb2 -> bb3
    ^bb2: cf.br ^bb3                        exits: {bb3}
    ^bb3: func.return

The analyses are built on demand and cached. A pass that rewrites the region
must build a new `ControlFlowGraph` afterwards.
"""

from __future__ import annotations

from functools import cached_property

from xdsl.ir import Block, Region

from simt.analysis.dominance import DominatorTree, PostDominatorTree
from simt.analysis.graph import DiGraph
from simt.analysis.loops import LoopForest
from simt.analysis.unstructured import UnstructuredEdges


class ControlFlowGraph:
    """The block graph of one region, with its dominance and loop analyses."""

    def __init__(self, region: Region) -> None:
        entry = region.first_block
        if entry is None:
            raise ValueError("a region without blocks has no control-flow graph")
        self._region = region
        self._graph = DiGraph.from_edges(entry, _edges(region), region.blocks)

    @property
    def region(self) -> Region:
        return self._region

    @property
    def graph(self) -> DiGraph[Block]:
        return self._graph

    @property
    def entry(self) -> Block:
        return self._graph.entry

    @cached_property
    def dominator_tree(self) -> DominatorTree[Block]:
        return DominatorTree(self._graph)

    @cached_property
    def post_dominator_tree(self) -> PostDominatorTree[Block]:
        return PostDominatorTree(self._graph)

    @cached_property
    def loop_forest(self) -> LoopForest[Block]:
        return LoopForest(self._graph, self.dominator_tree)

    @cached_property
    def unstructured_edges(self) -> UnstructuredEdges[Block]:
        return UnstructuredEdges(
            self._graph,
            self.dominator_tree,
            self.post_dominator_tree,
            self.loop_forest,
        )


def _edges(region: Region) -> list[tuple[Block, Block]]:
    edges: list[tuple[Block, Block]] = []
    for block in region.blocks:
        terminator = block.last_op
        if terminator is None:
            continue
        edges.extend((block, successor) for successor in terminator.successors)
    return edges
