"""Coutinho et al. 2011 (divergence analysis and branch fusion): Fig. 6.

Fig. 6 is a mu-SIMD program in SSA form whose listing the text does not
reproduce. Its block structure is rebuilt from what the text says about it:
- a loop controlled by p0, `branch(p0, l5)`, whose reconvergence point is l5
  ("once the PEs synchronize at l5"; the arity-one phi "at l5" splits j's
  live range "outside the loop");
- inside it the "if-then" `branch(p1, l4)`: "some PEs would have to execute
  label l3; however, the others would not"; the phi at l4 is its join;
- after the loop `branch(p2, l7)` at l5: "labels l6 and l7 are control
  dependent on label l5, whereas label l8 is not"; the phi defining x is at
  l8, the join and the end (stop).
Guessed: l0 falls into the loop header l1 (which holds the phis of i and j
and `branch(p0, l5)`), l2 holds `branch(p1, l4)`, l4 jumps back to l1, and l6
jumps to l8 while l7 falls through to it. Labels stand for the blocks they
start.
"""

from simt.analysis import (
    DiGraph,
    DominatorTree,
    LoopForest,
    PostDominatorTree,
    UnstructuredEdges,
)

FIG6: DiGraph[str] = DiGraph.from_edges(
    "l0",
    [
        ("l0", "l1"),
        ("l1", "l2"),
        ("l1", "l5"),
        ("l2", "l3"),
        ("l2", "l4"),
        ("l3", "l4"),
        ("l4", "l1"),
        ("l5", "l6"),
        ("l5", "l7"),
        ("l6", "l8"),
        ("l7", "l8"),
    ],
)


def test_fig6_reconvergence_points() -> None:
    """Each branch reconverges at its immediate post-dominator (the `sync`):
    branch(p0) at l5, branch(p1) at l4, branch(p2) at l8."""
    pdom = PostDominatorTree(FIG6)
    assert pdom.ipdom("l1") == "l5"
    assert pdom.ipdom("l2") == "l4"
    assert pdom.ipdom("l5") == "l8"
    assert pdom.ipdom("l8") is None
    assert pdom.roots == ("l8",)


def test_fig6_control_dependence() -> None:
    """paper: "labels l6 and l7 are control dependent on label l5, whereas
    label l8 is not" (control dependence = post-dominance frontier)."""
    pdom = PostDominatorTree(FIG6)
    assert pdom.post_dominance_frontier("l6") == {"l5"}
    assert pdom.post_dominance_frontier("l7") == {"l5"}
    assert pdom.post_dominance_frontier("l8") == frozenset()
    assert pdom.post_dominance_frontier("l3") == {"l2"}
    assert pdom.post_dominance_frontier("l2") == {"l1"}
    assert pdom.post_dominance_frontier("l1") == {"l1"}


def test_fig6_influence_regions() -> None:
    """IR(l): the paths from a branch to its IPDOM, containing the IPDOM once.
    j1 is "created inside a divergent loop", the loop of p0."""
    pdom = PostDominatorTree(FIG6)
    assert _influence_region(pdom, "l2") == {"l2", "l3", "l4"}
    assert _influence_region(pdom, "l1") == {"l1", "l2", "l3", "l4", "l5"}
    assert _influence_region(pdom, "l5") == {"l5", "l6", "l7", "l8"}


def _influence_region(pdom: PostDominatorTree[str], branch: str) -> frozenset[str]:
    join = pdom.ipdom(branch)
    assert join is not None
    return FIG6.reachable_from([branch], avoiding=[join]) | {join}


def test_fig6_loop_and_dominance() -> None:
    """The loop of p0: header l1, latch l4, left by l1 -> l5; structured."""
    loops = LoopForest(FIG6)
    (loop,) = loops.loops
    assert (loop.header, loop.latches) == ("l1", {"l4"})
    assert loop.body == {"l1", "l2", "l3", "l4"}
    assert loop.exiting_edges == {("l1", "l5")}
    dom = DominatorTree(FIG6)
    assert dom.idom("l4") == "l2"
    assert dom.idom("l5") == "l1"
    assert dom.idom("l8") == "l5"
    assert dom.dominance_frontier("l3") == {"l4"}
    assert dom.dominance_frontier("l2") == {"l1"}
    assert UnstructuredEdges(FIG6).is_structured
