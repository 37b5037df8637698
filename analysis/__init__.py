"""simt.analysis: read-only analyses of control flow.

Each analysis computes once and answers queries with immutable results; none
changes the IR. The graph algorithms work on `DiGraph` (tested on the papers'
figures as edge lists); `ControlFlowGraph` and `StructuredLoopTree` map xDSL IR
onto them.

- `graph`: `DiGraph`, the small immutable graph type, and depth-first search;
- `dominance`: `DominatorTree`, `PostDominatorTree` (virtual exit), frontiers;
- `loops`: `LoopForest` of natural (and irreducible) loops, reducibility;
- `unstructured`: `UnstructuredEdges`, Anantpur's Definition 1;
- `cfg`: `ControlFlowGraph` of a region of blocks;
- `structured_loops`: `StructuredLoopTree` of `scf.for` / `scf.while` nests.
"""

from simt.analysis.cfg import ControlFlowGraph
from simt.analysis.dominance import (
    VIRTUAL_EXIT,
    DominatorTree,
    PostDominatorTree,
    VirtualExit,
)
from simt.analysis.graph import DepthFirstSearch, DiGraph, depth_first_search
from simt.analysis.loops import Loop, LoopForest
from simt.analysis.structured_loops import StructuredLoop, StructuredLoopTree
from simt.analysis.unstructured import Condition, UnstructuredEdges

__all__ = [
    "VIRTUAL_EXIT",
    "Condition",
    "ControlFlowGraph",
    "DepthFirstSearch",
    "DiGraph",
    "DominatorTree",
    "Loop",
    "LoopForest",
    "PostDominatorTree",
    "StructuredLoop",
    "StructuredLoopTree",
    "UnstructuredEdges",
    "VirtualExit",
    "depth_first_search",
]
