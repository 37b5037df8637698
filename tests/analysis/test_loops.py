"""LoopForest: natural loops, nesting, exits, irreducible cycles, properties."""

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from simt.analysis import DiGraph, DominatorTree, LoopForest


def test_while_loop() -> None:
    graph = DiGraph.from_edges(
        "entry", [("entry", "h"), ("h", "body"), ("body", "h"), ("h", "exit")]
    )
    loops = LoopForest(graph)
    (loop,) = loops.top_level
    assert loop.header == "h"
    assert loop.is_natural
    assert loop.latches == {"body"}
    assert loop.exiting_blocks == {"h"}
    assert loop.exit_blocks == {"exit"}
    assert "body" in loop
    assert loops.is_header("h")
    assert not loops.is_header("body")
    assert loops.depth("body") == 1
    assert loops.depth("exit") == 0


def test_two_back_edges_to_one_header_make_one_loop() -> None:
    graph = DiGraph.from_edges(
        "h", [("h", "a"), ("a", "h"), ("h", "b"), ("b", "h"), ("b", "x")]
    )
    loops = LoopForest(graph)
    (loop,) = loops.loops
    assert loop.latches == {"a", "b"}
    assert loop.body == {"h", "a", "b"}
    assert loops.back_edges == {("a", "h"), ("b", "h")}


def test_loop_with_break_has_two_exits() -> None:
    graph = DiGraph.from_edges(
        "e",
        [
            ("e", "h"),
            ("h", "a"),
            ("a", "brk"),
            ("a", "l"),
            ("l", "h"),
            ("h", "x"),
            ("brk", "x"),
        ],
    )
    (loop,) = LoopForest(graph).loops
    assert loop.exiting_edges == {("h", "x"), ("a", "brk")}


def test_triple_nest() -> None:
    edges = [("e", "h1"), ("h1", "h2"), ("h2", "h3"), ("h3", "h3"), ("h3", "l2")]
    edges += [("l2", "h2"), ("l2", "l1"), ("l1", "h1"), ("l1", "x")]
    loops = LoopForest(DiGraph.from_edges("e", edges))
    assert [loop.header for loop in loops.loops] == ["h1", "h2", "h3"]
    assert [loop.depth for loop in loops.loops] == [1, 2, 3]
    assert loops.children(loops.loop("h1")) == (loops.loop("h2"),)
    assert loops.parent(loops.loop("h1")) is None
    assert loops.loop_of("h3") == loops.loop("h3")
    assert loops.loop("h3").body == {"h3"}
    assert loops.loop("h1").body == {"h1", "h2", "h3", "l2", "l1"}


def test_unreachable_cycle_is_no_loop() -> None:
    graph = DiGraph.from_edges("a", [("a", "b"), ("u", "v"), ("v", "u")])
    loops = LoopForest(graph)
    assert loops.loops == ()
    assert loops.retreating_edges == frozenset()
    assert loops.is_reducible


def test_irreducible_cycle_inside_natural_loop() -> None:
    edges = [("e", "h"), ("h", "a"), ("h", "b"), ("a", "b"), ("b", "a"), ("b", "l")]
    edges += [("l", "h"), ("l", "x")]
    loops = LoopForest(DiGraph.from_edges("e", edges))
    assert not loops.is_reducible
    outer = loops.loop("h")
    assert outer.is_natural
    inner = loops.loop_of("b")
    assert inner is not None
    assert inner.parent == "h"
    assert inner.entries == {"a", "b"}
    assert inner.body == {"a", "b"}


@st.composite
def graphs(draw: st.DrawFn) -> DiGraph[int]:
    size = draw(st.integers(min_value=1, max_value=8))
    node = st.integers(min_value=0, max_value=size - 1)
    edges = draw(st.lists(st.tuples(node, node), max_size=3 * size))
    return DiGraph.from_edges(0, edges, nodes=range(size))


def _natural_loop(
    graph: DiGraph[int], header: int, latches: list[int]
) -> frozenset[int]:
    """h and every reachable node reaching a latch without passing through h."""
    return graph.reaching(latches, avoiding=[header, *graph.unreachable]) | {header}


def _is_acyclic(graph: DiGraph[int]) -> bool:
    return all(
        len(c) == 1 and c[0] not in graph.succs(c[0])
        for c in graph.strongly_connected_components()
    )


@settings(max_examples=examples(300), deadline=None)
@given(graphs())
def test_reducible_iff_forward_edges_acyclic(graph: DiGraph[int]) -> None:
    loops = LoopForest(graph)
    forward = [
        (a, b)
        for a, b in graph.edges
        if graph.is_reachable(a) and (a, b) not in loops.back_edges
    ]
    reachable_part = DiGraph.from_edges(0, forward, nodes=sorted(graph.reachable))
    assert loops.is_reducible == _is_acyclic(reachable_part)


@settings(max_examples=examples(300), deadline=None)
@given(graphs())
def test_natural_loops_match_back_edges(graph: DiGraph[int]) -> None:
    """Every back edge's natural loop is inside its header's loop; when that
    loop is natural it is exactly the union of its back edges' natural loops."""
    loops = LoopForest(graph)
    dom = DominatorTree(graph)
    for loop in loops.loops:
        latches = [t for t, h in loops.back_edges if h == loop.header]
        if loop.is_natural:
            assert loop.body == _natural_loop(graph, loop.header, latches)
            assert all(dom.dominates(loop.header, n) for n in loop.body)
        else:
            assert _natural_loop(graph, loop.header, latches) <= loop.body
    headers = {h for _, h in loops.back_edges}
    assert headers <= {loop.header for loop in loops.loops}


@settings(max_examples=examples(300), deadline=None)
@given(graphs())
def test_loops_nest_and_are_strongly_connected(graph: DiGraph[int]) -> None:
    loops = LoopForest(graph)
    for loop in loops.loops:
        assert loop.header in loop.entries <= loop.body <= graph.reachable
        entered = {
            n
            for n in loop.body
            if any(graph.is_reachable(p) and p not in loop.body for p in graph.preds(n))
        }
        assert loop.entries == entered | {loop.header}
        for node in loop.body:
            inside = graph.reachable_from([node], avoiding=graph.reachable - loop.body)
            assert inside == loop.body
        parent = loops.parent(loop)
        if parent is not None:
            assert loop.body < parent.body
            assert loop.depth == parent.depth + 1
        for other in loops.loops:
            overlap = loop.body & other.body
            assert not overlap or loop.body <= other.body or other.body <= loop.body
    for node in graph.reachable:
        chain = loops.loops_containing(node)
        assert [loop.depth for loop in chain] == list(range(len(chain), 0, -1))
        expected = {loop.header for loop in loops.loops if node in loop.body}
        assert {loop.header for loop in chain} == expected
