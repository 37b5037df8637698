"""DiGraph construction, orders, reachability, DFS and SCCs."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simt.analysis import DiGraph, depth_first_search


def test_from_edges_orders_nodes_and_drops_repeated_edges() -> None:
    graph = DiGraph.from_edges("a", [("a", "b"), ("a", "c"), ("a", "b"), ("c", "b")])
    assert graph.entry == "a"
    assert graph.nodes == ("a", "b", "c")
    assert graph.succs("a") == ("b", "c")
    assert graph.preds("b") == ("a", "c")
    assert graph.edges == (("a", "b"), ("a", "c"), ("c", "b"))
    assert graph.exits == {"b"}
    assert len(graph) == 3
    assert "c" in graph
    assert "z" not in graph


def test_from_edges_with_explicit_nodes() -> None:
    graph = DiGraph.from_edges("a", [("a", "b")], nodes=["z", "b", "a"])
    assert graph.nodes == ("z", "b", "a")
    assert graph.succs("z") == ()
    with pytest.raises(ValueError, match="not in `nodes`"):
        DiGraph.from_edges("a", [("a", "b")], nodes=["a"])


def test_single_node_graph() -> None:
    graph = DiGraph.from_edges("only", [])
    assert graph.nodes == ("only",)
    assert graph.reverse_post_order == ("only",)
    assert graph.exits == {"only"}


def test_unreachable_nodes_are_kept_and_flagged() -> None:
    graph = DiGraph.from_edges("a", [("a", "b"), ("u", "b"), ("v", "u")])
    assert graph.reachable == {"a", "b"}
    assert graph.unreachable == ("u", "v")
    assert not graph.is_reachable("u")
    assert graph.reverse_post_order == ("a", "b")


def test_reverse_post_order_and_dfs_numbers() -> None:
    graph = DiGraph.from_edges(
        "e", [("e", "a"), ("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("d", "a")]
    )
    assert graph.reverse_post_order == ("e", "a", "c", "b", "d")
    dfs = graph.dfs
    assert dfs.preorder == ("e", "a", "b", "d", "c")
    assert dfs.parent["d"] == "b"
    assert dfs.is_ancestor("a", "d")
    assert not dfs.is_ancestor("c", "d")
    assert dfs.is_retreating("d", "a")
    assert not dfs.is_retreating("c", "d")


def test_reversed_graph() -> None:
    graph: DiGraph[str] = DiGraph.from_edges("a", [("a", "b"), ("b", "c")])
    back = graph.reversed("c")
    assert back.entry == "c"
    assert back.succs("c") == ("b",)
    assert back.preds("a") == ("b",)
    assert back.reverse_post_order == ("c", "b", "a")
    with pytest.raises(ValueError):
        graph.reversed("z")


def test_reachable_from_and_reaching_avoid_nodes() -> None:
    graph = DiGraph.from_edges("a", [("a", "b"), ("b", "c"), ("a", "d"), ("d", "c")])
    assert graph.reachable_from(["a"], avoiding=["b"]) == {"a", "d", "c"}
    assert graph.reaching(["c"], avoiding=["d"]) == {"c", "b", "a"}
    assert graph.reachable_from(["b"], avoiding=["b"]) == frozenset()


def test_strongly_connected_components_sinks_first() -> None:
    graph = DiGraph.from_edges(
        "a", [("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("d", "c"), ("d", "e")]
    )
    components = [frozenset(c) for c in graph.strongly_connected_components()]
    assert components == [{"e"}, {"c", "d"}, {"a", "b"}]


def test_deep_chain_needs_no_recursion() -> None:
    size = 20_000
    graph = DiGraph.from_edges(0, [(i, i + 1) for i in range(size)])
    assert graph.reverse_post_order[-1] == size
    assert len(graph.strongly_connected_components()) == size + 1
    search = depth_first_search(graph.reversed(size), [size])
    assert search.postorder[0] == 0


def test_reachability_answers_for_a_loop_and_a_side_branch() -> None:
    graph = DiGraph.from_edges(
        "e", [("e", "h"), ("h", "b"), ("b", "h"), ("h", "x"), ("e", "s"), ("s", "x")]
    )
    reach = graph.reachability
    assert reach.reaches("b", "h") and reach.reaches("h", "h")
    assert not reach.reaches("s", "h")
    assert reach.reached_from_several(["h", "s"]) == {"x"}
    assert reach.reached_from_several(["h", "b", "h"]) == {"h", "b", "x"}
    assert reach.reached_from_several(["x"]) == frozenset()
    bits = reach.bits_reached_from_several(["h", "s"])
    assert reach.nodes_of(bits) == ["x"]


@st.composite
def graphs(draw: st.DrawFn) -> DiGraph[int]:
    size = draw(st.integers(min_value=1, max_value=9))
    node = st.integers(min_value=0, max_value=size - 1)
    edges = draw(st.lists(st.tuples(node, node), max_size=3 * size))
    return DiGraph.from_edges(0, edges, nodes=range(size))


@settings(max_examples=300, deadline=None)
@given(graphs(), st.data())
def test_reachability_matches_searches(
    graph: DiGraph[int], data: st.DataObject
) -> None:
    reach = graph.reachability
    for source in graph.nodes:
        found = graph.reachable_from([source])
        assert {t for t in graph.nodes if reach.reaches(source, t)} == found
    sources = data.draw(st.lists(st.sampled_from(graph.nodes), max_size=4))
    counts: dict[int, int] = {}
    for source in dict.fromkeys(sources):
        for node in graph.reachable_from([source]):
            counts[node] = counts.get(node, 0) + 1
    several = {n for n, count in counts.items() if count > 1}
    assert reach.reached_from_several(sources) == several
    bits = reach.bits_reached_from_several(sources)
    assert reach.nodes_of(bits) == [n for n in graph.nodes if n in several]
