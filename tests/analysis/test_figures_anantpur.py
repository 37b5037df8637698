"""Anantpur & Govindarajan 2014 (control-flow linearization): Fig. 1, 4, 5, 6.

The figures are drawings; the text gives their edges only in part. Each test
docstring says what the figure shows and what the reconstruction guesses.
Expected facts quoted from the paper are marked "paper:".
"""

from paper_graphs import ANANTPUR_FIG1, ANANTPUR_FIG5
from paper_graphs import graph as _graph

from simt.analysis import (
    Condition,
    DiGraph,
    DominatorTree,
    LoopForest,
    PostDominatorTree,
    UnstructuredEdges,
)

FIG1 = ANANTPUR_FIG1  # Fig. 1(b), see tests/paper_graphs.py
FIG5 = ANANTPUR_FIG5  # Fig. 5(b), see tests/paper_graphs.py


def test_fig1_short_circuit_dominance() -> None:
    """Fig. 1(b): dominators, IPDOMs and frontiers of the short-circuit CFG.

    paper: "The diverging threads are reconverged at the IPDOM block B6".
    Guess: none beyond the Entry/Exit blocks (see FIG1).
    """
    dom = DominatorTree(FIG1)
    assert {n: dom.idom(n) for n in ("B2", "B3", "B4", "B5", "B6")} == {
        "B2": "B1",
        "B3": "B1",
        "B4": "B3",
        "B5": "B1",
        "B6": "B1",
    }
    assert dom.dominance_frontier("B2") == {"B3", "B5"}
    assert dom.dominance_frontier("B3") == {"B5", "B6"}
    assert dom.dominance_frontier("B4") == {"B6"}
    assert dom.dominance_frontier("B1") == frozenset()
    pdom = PostDominatorTree(FIG1)
    for branch in ("B1", "B2", "B3"):
        assert pdom.ipdom(branch) == "B6"
    assert pdom.ipdom("Exit") is None
    assert pdom.post_dominance_frontier("B5") == {"B2", "B3"}
    assert LoopForest(FIG1).loops == ()


def test_fig1_unstructured_edges() -> None:
    """Fig. 1(b): paper: "edges B2 -> B3, B2 -> B5 and B3 -> B5 are
    unstructured edges as they satisfy the first condition"."""
    checker = UnstructuredEdges(FIG1)
    assert checker.edges == {("B2", "B3"), ("B2", "B5"), ("B3", "B5")}
    for edge in checker.edges:
        assert checker.conditions(*edge) == {Condition.BRANCH_INTO_BRANCH}
    assert not checker.is_structured
    assert checker.conditions("B1", "B3") == frozenset()


def test_fig4_linearized_short_circuit_is_structured() -> None:
    """Fig. 4(b): Fig. 1 after Algorithm 1, a chain of guard blocks.

    paper: B1_G..B6_G guard B1..B6; Entry -> B1_G; B(i+1)_G follows both
    Bi_G (fall through) and Bi; Exit follows B6 and B6_G; "each branch guard
    block is the IPDOM of its predecessor branch guard block". No guess.
    """
    edges = [("Entry", "B1_G")]
    for i in range(1, 7):
        after = f"B{i + 1}_G" if i < 6 else "Exit"
        edges += [(f"B{i}_G", f"B{i}"), (f"B{i}_G", after), (f"B{i}", after)]
    linear = _graph(edges)
    pdom = PostDominatorTree(linear)
    for i in range(1, 6):
        assert pdom.ipdom(f"B{i}_G") == f"B{i + 1}_G"
    assert UnstructuredEdges(linear).is_structured
    assert LoopForest(linear).loops == ()


def test_fig5_jump_out_of_loop() -> None:
    """Fig. 5(b): paper: "edge B3 -> B6 and B2 -> B5 are unstructured edges as
    they jump out of the loop formed by blocks B2, B3 and B4"; "the retreating
    edge B4 -> B2"."""
    loops = LoopForest(FIG5)
    (loop,) = loops.loops
    assert loop.header == "B2"
    assert loop.latches == {"B4"}
    assert loop.body == {"B2", "B3", "B4"}
    assert loop.exiting_edges == {("B2", "B5"), ("B3", "B6")}
    assert loop.exit_blocks == {"B5", "B6"}
    assert loops.retreating_edges == loops.back_edges == {("B4", "B2")}
    assert FIG5.reverse_post_order == ("B1", "B2", "B3", "B4", "B5", "B6", "Exit")
    checker = UnstructuredEdges(FIG5)
    assert checker.edges == {("B2", "B5"), ("B3", "B6")}
    assert checker.with_condition(Condition.JUMP_OUT_OF_LOOP) == checker.edges


def test_fig5_linearized_is_structured() -> None:
    """Fig. 5(c): Fig. 5(b) after Algorithm 1 on the region B2..B6.

    paper: B4_1_G is the guard of the retreating edge, with a back edge to
    B2_G; "threads diverging at block B2_G will reconverge at block B3_G and
    threads diverging at block B4.1_G will reconverge at block B5_G".
    Reconstructed by running Algorithm 1 by hand (CIDOM B1, CIPDOM Exit,
    order B2..B6); no other guess than FIG5's.
    """
    linear = _graph(
        [
            ("B1", "B2_G"),
            *[(f"B{i}_G", f"B{i}") for i in range(2, 7)],
            ("B2_G", "B3_G"),
            ("B2", "B3_G"),
            ("B3_G", "B4_G"),
            ("B3", "B4_G"),
            ("B4_G", "B4_1_G"),
            ("B4", "B4_1_G"),
            ("B4_1_G", "B2_G"),
            ("B4_1_G", "B5_G"),
            ("B5_G", "B6_G"),
            ("B5", "B6_G"),
            ("B6_G", "Exit"),
            ("B6", "Exit"),
        ]
    )
    pdom = PostDominatorTree(linear)
    assert pdom.ipdom("B2_G") == "B3_G"
    assert pdom.ipdom("B4_1_G") == "B5_G"
    loops = LoopForest(linear)
    (loop,) = loops.loops
    assert loop.header == "B2_G"
    assert loop.exiting_edges == {("B4_1_G", "B5_G")}
    assert loops.is_reducible
    assert UnstructuredEdges(linear).is_structured


# Fig. 6(b): a loop B3 -> B4 -> B5 -> B3 entered at B3 (from B2) and at B5
# (from B1). Guessed: B1 is the entry with successors B2, B5; B2 -> B3 only;
# the loop is left from B5 to B6, the exit.
FIG6B = _graph(
    [
        ("B1", "B2"),
        ("B1", "B5"),
        ("B2", "B3"),
        ("B3", "B4"),
        ("B4", "B5"),
        ("B5", "B3"),
        ("B5", "B6"),
    ]
)


def test_fig6b_jump_into_loop() -> None:
    """Fig. 6(b): paper: "Edges B1 -> B5 and B2 -> B3 in Figure 6(b) are
    marked as unstructured edges as they jump into the loop formed by blocks
    B3, B4 and B5". With two entries the loop is irreducible."""
    loops = LoopForest(FIG6B)
    assert not loops.is_reducible
    assert loops.back_edges == frozenset()
    assert loops.irreducible_edges == {("B5", "B3")}
    (loop,) = loops.loops
    assert loop.body == {"B3", "B4", "B5"}
    assert loop.entries == {"B3", "B5"}
    assert not loop.is_natural
    dom = DominatorTree(FIG6B)
    assert dom.idom("B3") == dom.idom("B5") == "B1"
    assert PostDominatorTree(FIG6B).ipdom("B1") == "B5"
    checker = UnstructuredEdges(FIG6B)
    assert checker.edges == {("B1", "B5"), ("B2", "B3")}
    assert checker.with_condition(Condition.JUMP_INTO_LOOP) == checker.edges


# Fig. 6(c): the classic irreducible graph, B1 -> B2, B1 -> B3, B2 <-> B3.
# Guessed: Entry before B1, and the cycle left from B3 to Exit (the figure's
# exit is not described).
FIG6C_EDGES = [
    ("Entry", "B1"),
    ("B1", "B2"),
    ("B1", "B3"),
    ("B2", "B3"),
    ("B3", "B2"),
    ("B3", "Exit"),
]


def test_fig6c_irreducible_graph() -> None:
    """Fig. 6(c): paper: "an irreducible graph"; "Since B1 has two successors
    viz., B2 and B3, the reverse post-order traversal can select any one of
    them", giving B1, B2, B3 or B1, B3, B2."""
    graph = _graph(FIG6C_EDGES)
    loops = LoopForest(graph)
    assert not loops.is_reducible
    assert loops.irreducible_edges == {("B3", "B2")}
    (loop,) = loops.loops
    assert loop.header == "B2"
    assert loop.entries == {"B2", "B3"}
    assert loop.body == {"B2", "B3"}
    dom = DominatorTree(graph)
    assert dom.idom("B2") == dom.idom("B3") == "B1"
    checker = UnstructuredEdges(graph)
    assert checker.edges == {("B1", "B2"), ("B1", "B3")}
    assert _region_order(graph) == ("B1", "B2", "B3")
    swapped = [FIG6C_EDGES[0], FIG6C_EDGES[2], FIG6C_EDGES[1], *FIG6C_EDGES[3:]]
    assert _region_order(_graph(swapped)) == ("B1", "B3", "B2")


def _region_order(graph: DiGraph[str]) -> tuple[str, ...]:
    return tuple(n for n in graph.reverse_post_order if n.startswith("B"))


def test_fig6d_linearized_irreducible_is_reducible() -> None:
    """Fig. 6(d): Fig. 6(c) after Algorithm 1 in order B1, B2, B3; paper:
    "Even if they were traversed in the order B1, B3, B2, the resultant
    transformed CFG would still be a reducible graph".

    Reconstructed by running Algorithm 1 by hand. Guess: the last block is
    the source of the retreating edge, so its back-edge guard, not its own
    guard, falls through to Exit (Algorithm 1 as printed adds both).
    """
    for first, second in (("B2", "B3"), ("B3", "B2")):
        linear = _graph(_linearized_fig6c(first, second))
        loops = LoopForest(linear)
        assert loops.is_reducible
        (loop,) = loops.loops
        assert loop.header == f"{first}_G"
        assert loop.latches == {f"{second}_1_G"}
        assert UnstructuredEdges(linear).is_structured


def _linearized_fig6c(first: str, second: str) -> list[tuple[str, str]]:
    back_guard = f"{second}_1_G"
    return [
        ("Entry", "B1_G"),
        ("B1_G", "B1"),
        ("B1_G", f"{first}_G"),
        ("B1", f"{first}_G"),
        (f"{first}_G", first),
        (f"{first}_G", f"{second}_G"),
        (first, f"{second}_G"),
        (f"{second}_G", second),
        (f"{second}_G", back_guard),
        (second, back_guard),
        (back_guard, f"{first}_G"),
        (back_guard, "Exit"),
    ]
