"""Dominator and post-dominator trees: unit cases and a brute-force property test."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from simt.analysis import DiGraph, DominatorTree, PostDominatorTree

DIAMOND: DiGraph[str] = DiGraph.from_edges(
    "entry", [("entry", "a"), ("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")]
)


def test_diamond_dominators() -> None:
    dom = DominatorTree(DIAMOND)
    assert dom.root == "entry"
    assert dom.idom("entry") is None
    assert dom.idom("d") == "a"
    assert dom.children("a") == ("c", "b", "d")
    assert dom.dominates("a", "d")
    assert dom.dominates("d", "d")
    assert not dom.strictly_dominates("d", "d")
    assert not dom.dominates("b", "d")
    assert dom.depth("d") == 2
    assert dom.dominators("d") == ("d", "a", "entry")
    assert dom.dominance_frontier("b") == {"d"}
    assert dom.dominance_frontier("a") == frozenset()
    assert dom.common_dominator(["b", "c"]) == "a"
    assert dom.common_dominator(["b", "d"]) == "a"
    assert dom.common_dominator(["b"]) == "b"


def test_diamond_post_dominators() -> None:
    pdom = PostDominatorTree(DIAMOND)
    assert pdom.exits == {"d"}
    assert pdom.roots == ("d",)
    assert pdom.ipdom("a") == "d"
    assert pdom.ipdom("d") is None
    assert pdom.post_dominates("d", "entry")
    assert not pdom.post_dominates("b", "a")
    assert pdom.depth("d") == 0
    assert pdom.depth("entry") == 2
    assert pdom.post_dominators("entry") == ("entry", "a", "d")
    assert pdom.post_dominance_frontier("b") == {"a"}
    assert pdom.common_post_dominator(["b", "c"]) == "d"


def test_several_returns_join_at_the_virtual_exit() -> None:
    graph = DiGraph.from_edges("a", [("a", "r1"), ("a", "b"), ("b", "r2"), ("b", "r3")])
    pdom = PostDominatorTree(graph)
    assert pdom.exits == {"r1", "r2", "r3"}
    assert pdom.ipdom("a") is None
    assert pdom.ipdom("b") is None
    assert set(pdom.roots) == {"a", "b", "r1", "r2", "r3"}
    assert pdom.common_post_dominator(["r1", "r2"]) is None
    assert pdom.post_dominance_frontier("r2") == {"b"}


def test_infinite_loop_gets_its_latch_as_exit() -> None:
    """while (1) { h; a; b; }: the latch b is joined to the virtual exit."""
    graph = DiGraph.from_edges(
        "entry", [("entry", "h"), ("h", "a"), ("a", "b"), ("b", "h")]
    )
    pdom = PostDominatorTree(graph)
    assert pdom.exits == {"b"}
    assert pdom.ipdom("h") == "a"
    assert pdom.ipdom("a") == "b"
    assert pdom.ipdom("b") is None


def test_infinite_loop_beside_a_return() -> None:
    """One arm returns, the other spins forever: both arms are roots."""
    graph = DiGraph.from_edges(
        "a", [("a", "ret"), ("a", "spin"), ("spin", "spin2"), ("spin2", "spin")]
    )
    pdom = PostDominatorTree(graph)
    assert pdom.exits == {"ret", "spin2"}
    assert pdom.ipdom("spin") == "spin2"
    assert pdom.ipdom("a") is None


def test_self_loop_without_exit() -> None:
    graph = DiGraph.from_edges("a", [("a", "a")])
    pdom = PostDominatorTree(graph)
    assert pdom.exits == {"a"}
    assert pdom.ipdom("a") is None
    dom = DominatorTree(graph)
    assert dom.dominance_frontier("a") == {"a"}


def test_unreachable_nodes() -> None:
    graph = DiGraph.from_edges("a", [("a", "b"), ("u", "b")])
    dom = DominatorTree(graph)
    assert not dom.is_reachable("u")
    assert dom.idom("u") is None
    assert dom.dominates("u", "u")
    assert not dom.dominates("a", "u")
    assert not dom.dominates("u", "b")
    assert dom.idom("b") == "a"
    assert dom.dominance_frontier("u") == frozenset()
    pdom = PostDominatorTree(graph)
    assert pdom.ipdom("u") == "b"


def test_unknown_nodes_raise() -> None:
    dom = DominatorTree(DIAMOND)
    with pytest.raises(KeyError):
        dom.idom("zzz")
    with pytest.raises(ValueError, match="unreachable"):
        DominatorTree(DiGraph.from_edges("a", [("u", "a")])).depth("u")


def test_deep_chain_needs_no_recursion() -> None:
    size = 5_000
    graph = DiGraph.from_edges(0, [(i, i + 1) for i in range(size)])
    assert DominatorTree(graph).depth(size) == size
    assert PostDominatorTree(graph).depth(0) == size


@st.composite
def graphs(draw: st.DrawFn) -> DiGraph[int]:
    size = draw(st.integers(min_value=1, max_value=8))
    node = st.integers(min_value=0, max_value=size - 1)
    edges = draw(st.lists(st.tuples(node, node), max_size=3 * size))
    return DiGraph.from_edges(0, edges, nodes=range(size))


def _brute_dominates(graph: DiGraph[int], a: int, b: int) -> bool:
    """a dominates b iff b is a or removing a makes b unreachable."""
    return a == b or b not in graph.reachable_from([graph.entry], avoiding=[a])


def _brute_post_dominates(
    graph: DiGraph[int], exits: frozenset[int], a: int, b: int
) -> bool:
    """a post-dominates b iff b is a or removing a cuts b from every exit."""
    return a == b or not (graph.reachable_from([b], avoiding=[a]) & exits)


@settings(max_examples=examples(300), deadline=None)
@given(graphs())
def test_dominators_match_brute_force(graph: DiGraph[int]) -> None:
    dom = DominatorTree(graph)
    for b in graph.reachable:
        for a in graph.reachable:
            assert dom.dominates(a, b) == _brute_dominates(graph, a, b), (a, b)
        strict = [
            a for a in graph.reachable if a != b and _brute_dominates(graph, a, b)
        ]
        nearest = [
            a for a in strict if all(_brute_dominates(graph, s, a) for s in strict)
        ]
        expected = nearest[0] if nearest else None
        assert dom.idom(b) == expected


@settings(max_examples=examples(300), deadline=None)
@given(graphs())
def test_dominance_frontier_matches_definition(graph: DiGraph[int]) -> None:
    dom = DominatorTree(graph)
    for n in graph.reachable:
        expected = {
            b
            for b in graph.reachable
            if any(dom.dominates(n, p) for p in graph.preds(b) if graph.is_reachable(p))
            and not dom.strictly_dominates(n, b)
        }
        assert dom.dominance_frontier(n) == expected


@settings(max_examples=examples(300), deadline=None)
@given(graphs())
def test_post_dominators_match_brute_force(graph: DiGraph[int]) -> None:
    pdom = PostDominatorTree(graph)
    exits = pdom.exits
    assert graph.exits <= exits
    assert set(graph.nodes) == graph.reaching(exits)
    for b in graph.nodes:
        for a in graph.nodes:
            assert pdom.post_dominates(a, b) == _brute_post_dominates(
                graph, exits, a, b
            )
        strict = [
            a
            for a in graph.nodes
            if a != b and _brute_post_dominates(graph, exits, a, b)
        ]
        nearest = [
            a
            for a in strict
            if all(_brute_post_dominates(graph, exits, s, a) for s in strict)
        ]
        assert pdom.ipdom(b) == (nearest[0] if nearest else None)
        expected_pdf = {
            x
            for x in graph.nodes
            if any(pdom.post_dominates(b, s) for s in graph.succs(x))
            and not pdom.strictly_post_dominates(b, x)
        }
        assert pdom.post_dominance_frontier(b) == expected_pdf


@settings(max_examples=examples(200), deadline=None)
@given(graphs())
def test_exitless_components_get_exactly_one_exit(graph: DiGraph[int]) -> None:
    """Only nodes that cannot reach a real exit are added, one per sink component."""
    added = PostDominatorTree(graph).exits - graph.exits
    reach_real = graph.reaching(graph.exits)
    assert not (added & reach_real)
    for component in graph.strongly_connected_components():
        members = set(component)
        if members & added:
            assert len(members & added) == 1
            assert all(set(graph.succs(n)) <= members for n in members)


@settings(max_examples=300, deadline=None)
@given(graphs(), st.data())
def test_common_dominator_is_the_deepest_shared_dominator(
    graph: DiGraph[int], data: st.DataObject
) -> None:
    dom = DominatorTree(graph)
    reachable = sorted(graph.reachable)
    nodes = data.draw(st.lists(st.sampled_from(reachable), min_size=1, max_size=6))
    shared = set.intersection(*(set(dom.dominators(n)) for n in nodes))
    deepest = max(shared, key=dom.depth)
    assert dom.common_dominator(nodes) == deepest


def test_common_dominator_of_an_unreachable_node_raises() -> None:
    graph = DiGraph.from_edges("a", [("a", "b"), ("u", "b")])
    dom = DominatorTree(graph)
    with pytest.raises(ValueError, match="unreachable"):
        dom.common_dominator(["b", "u"])
    with pytest.raises(ValueError, match="unreachable"):
        dom.common_dominator(["u"])
