"""Bulavintsev 2019 (flattening of data-dependent nested loops): Fig. 3, 4, 5.

Fig. 3 and 4 are generic drawings the text describes only in words; Fig. 5 is
pinned down by the five steps of §III.A. Each test docstring says what the
figure shows and what the reconstruction guesses.
"""

from simt.analysis import (
    DiGraph,
    DominatorTree,
    LoopForest,
    PostDominatorTree,
    UnstructuredEdges,
)


def _graph(edges: list[tuple[str, str]]) -> DiGraph[str]:
    return DiGraph.from_edges(edges[0][0], edges)


def test_fig3_natural_loop() -> None:
    """Fig. 3, "an example of a natural loop": a back edge N -> H (latch N,
    header H, H dominates N) and the nodes reaching N without passing H.

    Guessed shape: entry -> H, an if-else A | B in the body joining at the
    latch N, which branches back to H or out to exit. Checks the paper's
    definition: H, N in L; L strongly connected; control enters only
    through H.
    """
    graph = _graph(
        [
            ("entry", "H"),
            ("H", "A"),
            ("H", "B"),
            ("A", "N"),
            ("B", "N"),
            ("N", "H"),
            ("N", "exit"),
        ]
    )
    loops = LoopForest(graph)
    assert loops.back_edges == {("N", "H")}
    (loop,) = loops.loops
    assert (loop.header, loop.latches) == ("H", {"N"})
    assert loop.body == {"H", "A", "B", "N"}
    assert loop.exiting_edges == {("N", "exit")}
    for node in loop.body:
        assert graph.reachable_from([node]) >= loop.body
        assert loops.dominators.dominates("H", node)
        if node != "H":
            assert set(graph.preds(node)) <= loop.body


# Fig. 4, "disjoint and nested natural loops". Guessed shape: loop h1 (latch
# l1) followed by loop h2 (latch l2), which holds the inner loop h3 (latch l3).
FIG4 = _graph(
    [
        ("entry", "h1"),
        ("h1", "l1"),
        ("l1", "h1"),
        ("h1", "h2"),
        ("h2", "h3"),
        ("h3", "l3"),
        ("l3", "h3"),
        ("h3", "l2"),
        ("l2", "h2"),
        ("h2", "exit"),
    ]
)


def test_fig4_disjoint_and_nested_loops() -> None:
    """Fig. 4: paper: "Natural loops of a reducible graph form a tree
    hierarchy, where any pair of natural loops is either disjoint or nested"."""
    loops = LoopForest(FIG4)
    assert loops.is_reducible
    first, second = loops.top_level
    assert (first.header, second.header) == ("h1", "h2")
    assert first.body.isdisjoint(second.body)
    inner = loops.loop("h3")
    assert second.children == ("h3",)
    assert loops.parent(inner) == second
    assert inner.body == {"h3", "l3"} < second.body == {"h2", "h3", "l3", "l2"}
    assert (first.depth, second.depth, inner.depth) == (1, 1, 2)
    assert loops.loop_of("l3") == inner
    assert loops.loop_of("l2") == second
    assert loops.loop_of("exit") is None
    assert [loop.header for loop in loops.loops_containing("l3")] == ["h3", "h2"]


def test_fig4_reducible_by_the_papers_definition() -> None:
    """§II.A: "If all nodes are still reachable from entry after removal of
    all back edges, the CFG is said to be reducible"."""
    back = LoopForest(FIG4).back_edges
    forward = [e for e in FIG4.edges if e not in back]
    assert DiGraph.from_edges("entry", forward, FIG4.nodes).unreachable == ()


# Fig. 5 (a): loop A with header-and-work block A_hw, inner loop B (one block,
# header, latch and exit at once), exit/latch block A_e. Guessed: a block
# "entry" before A_hw and "exit" after A_e.
FIG5A = _graph(
    [
        ("entry", "A_hw"),
        ("A_hw", "B"),
        ("B", "B"),
        ("B", "A_e"),
        ("A_e", "A_hw"),
        ("A_e", "exit"),
    ]
)

# (b): steps 1-2, A_hw split into A_h and A_w, a new latch A_l on A's back edge.
FIG5B = _graph(
    [
        ("entry", "A_h"),
        ("A_h", "A_w"),
        ("A_w", "B"),
        ("B", "B"),
        ("B", "A_e"),
        ("A_e", "A_l"),
        ("A_e", "exit"),
        ("A_l", "A_h"),
    ]
)

# (c): steps 3-5, B's back edge redirected to A_l, pre-header A_p, and the
# conditional jump A_h -> B when b is true.
FIG5C = _graph(
    [
        ("entry", "A_p"),
        ("A_p", "A_h"),
        ("A_h", "A_w"),
        ("A_h", "B"),
        ("A_w", "B"),
        ("B", "A_l"),
        ("B", "A_e"),
        ("A_e", "A_l"),
        ("A_e", "exit"),
        ("A_l", "A_h"),
    ]
)


def test_fig5a_nested_loops() -> None:
    """Fig. 5a: loop B nested in loop A; A_e is A's exit and latch."""
    loops = LoopForest(FIG5A)
    outer, inner = loops.loop("A_hw"), loops.loop("B")
    assert outer.latches == {"A_e"}
    assert outer.body == {"A_hw", "B", "A_e"}
    assert outer.exiting_edges == {("A_e", "exit")}
    assert inner.latches == inner.body == {"B"}
    assert inner.exiting_edges == {("B", "A_e")}
    assert (inner.parent, inner.depth) == ("A_hw", 2)
    assert loops.back_edges == {("B", "B"), ("A_e", "A_hw")}


def test_fig5b_split_header_and_new_latch() -> None:
    """Fig. 5b: A's header is the empty A_h and its latch the new A_l; B is
    still nested in A."""
    loops = LoopForest(FIG5B)
    outer = loops.loop("A_h")
    assert outer.latches == {"A_l"}
    assert outer.body == {"A_h", "A_w", "B", "A_e", "A_l"}
    assert loops.loop("B").parent == "A_h"
    assert max(loop.depth for loop in loops.loops) == 2


def test_fig5c_flattened_single_loop() -> None:
    """Fig. 5c: paper: "The routine reduces loop nest level by merging the
    inner loop with the outer loop": one loop, A_l its only latch, B reached
    from A_h directly (b true) or through A_w (b false)."""
    loops = LoopForest(FIG5C)
    (loop,) = loops.loops
    assert (loop.header, loop.latches, loop.depth) == ("A_h", {"A_l"}, 1)
    assert loop.body == {"A_h", "A_w", "B", "A_e", "A_l"}
    assert loops.back_edges == {("A_l", "A_h")}
    assert DominatorTree(FIG5C).idom("B") == "A_h"
    pdom = PostDominatorTree(FIG5C)
    assert pdom.ipdom("A_h") == "B"
    assert pdom.ipdom("B") == "A_e"


def test_fig5_all_stages_structured() -> None:
    """Every stage of Fig. 5 is a structured CFG (Anantpur's Definition 1)."""
    for graph in (FIG5A, FIG5B, FIG5C):
        assert UnstructuredEdges(graph).is_structured
        assert LoopForest(graph).is_reducible
