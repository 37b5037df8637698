"""Algorithms 1-3 of Anantpur & Govindarajan 2014 on the small graph type.

The figure graphs are the reconstructions of tests/analysis/test_figures_anantpur.py
(each with an explicit Exit so that every region has a CIPDOM).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from paper_graphs import ANANTPUR_FIG1, ANANTPUR_FIG5
from paper_graphs import graph as _graph
from tiers import examples

from simt.analysis.dominance import DominatorTree, PostDominatorTree
from simt.analysis.graph import DiGraph
from simt.analysis.linearize_algo import (
    LoopStep,
    StepTest,
    UnitStep,
    claim3_bound,
    linearize,
)
from simt.analysis.regions import (
    UnstructuredRegion,
    outermost_regions,
    structured_subregions,
    unstructured_regions,
)
from simt.analysis.unstructured import UnstructuredEdges

Edges = list[tuple[str, str]]


FIG1 = ANANTPUR_FIG1
FIG5 = ANANTPUR_FIG5
FIG6B = _graph(
    [
        ("B0", "B1"),
        ("B1", "B2"),
        ("B1", "B5"),
        ("B2", "B3"),
        ("B3", "B4"),
        ("B4", "B5"),
        ("B5", "B3"),
        ("B5", "B6"),
    ]
)
FIG6C = _graph(
    [
        ("B0", "B1"),
        ("B1", "B2"),
        ("B1", "B3"),
        ("B2", "B3"),
        ("B3", "B2"),
        ("B2", "B4"),
        ("B3", "B4"),
        ("B4", "Exit"),
    ]
)
# A while loop left by a `break` (H -> X and A -> X leave the loop H, A, L).
BREAK = _graph(
    [
        ("E", "P0"),
        ("P0", "H"),
        ("H", "A"),
        ("H", "X"),
        ("A", "L"),
        ("A", "X"),
        ("L", "H"),
        ("X", "Y"),
    ]
)


def _regions(graph: DiGraph[str]) -> tuple[UnstructuredRegion[str], ...]:
    edges = UnstructuredEdges(graph).edges
    return outermost_regions(unstructured_regions(graph, edges))


def _region_graph(graph: DiGraph[str], region: UnstructuredRegion[str]) -> DiGraph[str]:
    edges = [(region.entry, s) for s in graph.succs(region.entry) if s in region]
    for node in graph.reverse_post_order:
        if node in region:
            edges += [(node, s) for s in graph.succs(node)]
    return DiGraph.from_edges(region.entry, edges)


def test_fig1_minimal_region() -> None:
    """Alg. 2 on Fig. 1(b): the region of all three unstructured edges is
    B2..B5 between CIDOM B1 and CIPDOM B6."""
    (region,) = _regions(FIG1)
    assert region.blocks == {"B2", "B3", "B4", "B5"}
    assert (region.entry, region.exit) == ("B1", "B6")


def test_fig5_region_holds_the_left_loop() -> None:
    """Alg. 2 on Fig. 5(b): jumping out of the loop pulls the whole loop and
    both exit targets in."""
    (region,) = _regions(FIG5)
    assert region.blocks == {"B2", "B3", "B4", "B5", "B6"}
    assert (region.entry, region.exit) == ("B1", "Exit")


def test_break_region_pulls_in_the_header() -> None:
    """Step 3 of Alg. 2: the latch's edge back to the header makes the header
    a member, so the region is single-entry single-exit (Def. 4)."""
    (region,) = _regions(BREAK)
    assert region.blocks == {"H", "A", "L", "X"}
    assert (region.entry, region.exit) == ("P0", "Y")


def test_fig6b_structured_subregion() -> None:
    """Alg. 3 on Fig. 6(b): inside the irreducible region, B3 -> B4 is a
    structured sub-region (B3 = idom(B4), B4 = ipdom(B3))."""
    (region,) = _regions(FIG6B)
    assert region.blocks == {"B1", "B2", "B3", "B4", "B5"}
    edges = UnstructuredEdges(FIG6B).edges
    subs = structured_subregions(
        FIG6B, region, edges, DominatorTree(FIG6B), PostDominatorTree(FIG6B)
    )
    assert [(s.entry, s.exit, s.blocks) for s in subs] == [("B3", "B4", {"B3", "B4"})]


def test_regions_satisfy_definition_4() -> None:
    """Every edge into a region comes from its entry, every edge out goes to
    its exit, on every figure."""
    for graph in (FIG1, FIG5, FIG6B, FIG6C, BREAK):
        for region in _regions(graph):
            for source, target in graph.edges:
                if target in region and source not in region:
                    assert source == region.entry
                if source in region and target not in region:
                    assert target == region.exit


def test_fig1_level0_is_algorithm1() -> None:
    """Alg. 1: one guard test per block, in reverse post-order, no loop."""
    (region,) = _regions(FIG1)
    plan = linearize(_region_graph(FIG1, region), region.exit, level=0)
    assert plan.loops == ()
    assert [s.node for s in plan.steps if isinstance(s, UnitStep)] == list(plan.order)
    assert all(isinstance(s, UnitStep) and s.test == StepTest.GUARD for s in plan.steps)
    assert plan.guard_tests == 4
    assert plan.entry_ids == {plan.ids["B2"], plan.ids["B3"]}


def test_fig5_back_edge_guard() -> None:
    """Alg. 1 lines 24-33 on Fig. 5: the retreating edge B4 -> B2 becomes a
    loop over B2..B4 that continues while the guard holds B2's id."""
    (region,) = _regions(FIG5)
    plan = linearize(_region_graph(FIG5, region), region.exit, level=0)
    assert plan.retreating == {("B4", "B2")}
    (loop,) = [s for s in plan.steps if isinstance(s, LoopStep)]
    assert [s.node for s in loop.steps if isinstance(s, UnitStep)] == ["B2", "B3", "B4"]
    assert loop.continue_ids == {plan.ids["B2"]}


def test_fig5_optimizations() -> None:
    """O1-O3 on Fig. 5: B2 is always entered at its test (O1), B3 and B4
    nest under their single predecessors and use their branch conditions (O3)."""
    (region,) = _regions(FIG5)
    graph = _region_graph(FIG5, region)
    plan = linearize(graph, region.exit, level=3)
    tests = {s.node: s.test for s in plan.unit_steps}
    assert tests["B2"] == StepTest.ALWAYS
    assert tests["B3"] == StepTest.BRANCH_FALSE
    assert tests["B4"] == StepTest.BRANCH_FALSE
    assert plan.guard_tests < linearize(graph, region.exit, level=0).guard_tests


def test_fig6c_irreducible_becomes_one_loop() -> None:
    """§3.3, Fig. 6(c)/(d): the irreducible loop B2 <-> B3 becomes one loop
    without duplicating a block."""
    for region in _regions(FIG6C):
        plan = linearize(_region_graph(FIG6C, region), region.exit, level=3)
        nodes = [s.node for s in plan.unit_steps]
        assert sorted(nodes) == sorted(region.blocks)
        assert len(plan.loops) <= 1


def test_guard_values_reach_exit_only() -> None:
    """§4.2: the propagated values at each test contain the test's own id."""
    for graph in (FIG1, FIG5, FIG6B, FIG6C, BREAK):
        for region in _regions(graph):
            plan = linearize(_region_graph(graph, region), region.exit, level=1)
            for step in plan.unit_steps:
                assert step.block_id in step.values


@st.composite
def _random_region(draw: st.DrawFn) -> DiGraph[int]:
    """A random graph whose every node reaches the exit n (forward edges
    guarantee it), with arbitrary extra edges (loops, irreducible ones)."""
    n = draw(st.integers(1, 9))
    edges: list[tuple[int, int]] = [(-1, 0)]
    for node in range(n):
        edges.append((node, draw(st.integers(node + 1, n))))
        if draw(st.booleans()):
            edges.append((node, draw(st.integers(0, n))))
    if draw(st.booleans()):
        edges.append((-1, draw(st.integers(0, n - 1))))
    return DiGraph.from_edges(-1, edges)


@settings(max_examples=examples(300), deadline=None, derandomize=True)
@given(_random_region(), st.integers(0, 3))
def test_claim3_and_every_unit_once(graph: DiGraph[int], level: int) -> None:
    """Claim 3: at most one guard test per block and per retreating edge; every
    reachable unit appears exactly once in the plan (no duplication)."""
    exit_node = max(n for n in graph.nodes)
    plan = linearize(graph, exit_node, level)
    units = [s.node for s in plan.unit_steps]
    assert sorted(units) == sorted(plan.order)
    assert plan.guard_tests <= claim3_bound(len(plan.order), len(plan.retreating))
    assert plan.guard_tests <= 2 * len(plan.order)


# Fig. 2(a): a branch whose arms are B2 -> B3 -> B4 and B5 -> B6, joining at B7.
FIG2A = _graph(
    [
        ("B1", "B2"),
        ("B1", "B5"),
        ("B2", "B3"),
        ("B3", "B4"),
        ("B4", "B7"),
        ("B5", "B6"),
        ("B6", "B7"),
        ("B7", "Exit"),
    ]
)

# Fig. 8(a): the outer loop B2..B6 holds the inner loop B4 <-> B5.
FIG8 = _graph(
    [
        ("B1", "B2"),
        ("B2", "B3"),
        ("B2", "B7"),
        ("B3", "B4"),
        ("B4", "B5"),
        ("B4", "B6"),
        ("B5", "B4"),
        ("B6", "B2"),
        ("B7", "Exit"),
    ]
)

# Fig. 3(a): three nested diamonds.
FIG3 = _graph(
    [
        ("B1", "B2"),
        ("B1", "B3"),
        ("B2", "B4"),
        ("B2", "B5"),
        ("B4", "B6"),
        ("B4", "B7"),
        ("B6", "B8"),
        ("B7", "B8"),
        ("B8", "B9"),
        ("B5", "B9"),
        ("B9", "B10"),
        ("B3", "B10"),
        ("B10", "Exit"),
    ]
)


def test_fig7_interleaving_alternates_the_arms() -> None:
    """§5.1, Fig. 7(b): breadth-first numbering puts B5 between B2 and B3,
    B6 between B3 and B4; reverse post-order keeps each arm together."""
    plan = linearize(FIG2A, "Exit", level=0, interleave=True)
    assert list(plan.order) == ["B2", "B5", "B3", "B6", "B4", "B7"]
    plain = linearize(FIG2A, "Exit", level=0)
    arms = [plain.order.index(b) for b in ("B2", "B3", "B4")]
    assert arms == sorted(arms) and arms[-1] - arms[0] == 2


def test_interleaving_keeps_the_rpo_of_a_cyclic_region() -> None:
    plan = linearize(FIG8, "Exit", level=0, interleave=True)
    assert plan.order == linearize(FIG8, "Exit", level=0).order


def test_fig8_loop_merging_has_one_loop_over_both_headers() -> None:
    """§5.2, Fig. 8(b): one back-edge guard for the inner and the outer loop,
    continuing on B2's and B4's ids; B7 (the outer exit) follows the loop."""
    nested = linearize(FIG8, "Exit", level=1)
    assert len(nested.loops) == 2
    plan = linearize(FIG8, "Exit", level=1, merge_loops=True)
    (loop,) = [s for s in plan.steps if isinstance(s, LoopStep)]
    assert not any(isinstance(s, LoopStep) for s in loop.steps)
    assert loop.continue_ids == {plan.ids["B2"], plan.ids["B4"]}
    assert plan.order[-1] == "B7"
    assert [s.node for s in plan.steps if isinstance(s, UnitStep)] == ["B7"]


def test_fig3_max_nest_keeps_the_steps_flat() -> None:
    """§5.3: O2 nests each step under its dominator's (the stack grows again
    with the nesting); with max_nest=0 every step stays at the top level."""
    nested = linearize(FIG3, "Exit", level=3)
    assert any(s.children for s in nested.unit_steps)
    flat = linearize(FIG3, "Exit", level=3, max_nest=0)
    assert not any(s.children for s in flat.unit_steps)
    assert len(flat.unit_steps) == len(flat.order)
    one = linearize(FIG3, "Exit", level=3, max_nest=1)
    assert all(
        not c.children
        for s in one.unit_steps
        for c in s.children
        if isinstance(c, UnitStep)
    )


@settings(max_examples=examples(200), deadline=None, derandomize=True)
@given(_random_region(), st.integers(0, 3), st.integers(0, 2), st.booleans())
def test_options_keep_every_unit_once(
    graph: DiGraph[int], level: int, max_nest: int, merge: bool
) -> None:
    """With nesting bounded, loops merged or blocks interleaved, the plan
    still runs every unit exactly once (and `linearize` checks that the
    guard values leave the plan as the exit's id only)."""
    exit_node = max(n for n in graph.nodes)
    plan = linearize(graph, exit_node, level, max_nest, merge, interleave=True)
    assert sorted(s.node for s in plan.unit_steps) == sorted(plan.order)
    assert plan.guard_tests <= 2 * len(plan.order)


# The region of the corpus kernel anantpur_fig1_branches: U3 ends the kernel
# (`return`), U4 is the join after the loop's `break`s.
EARLY_RETURN = _graph(
    [
        ("D", "U0"),
        ("U0", "U1"),
        ("U0", "U2"),
        ("U1", "U4"),
        ("U1", "U2"),
        ("U2", "U4"),
        ("U2", "U3"),
        ("U3", "X"),
        ("U4", "X"),
    ]
)


def test_o2_keeps_an_acyclic_exit_unit_at_the_top_level() -> None:
    """O2 nests U1 and U2 under U0 (O3 then uses U0's branch for U1), but
    U3, which only leaves the region, stays a step of its own outside every
    loop instead of nesting under U2: nested, its lanes would carry a guard
    value that the test after its host must tell apart again (the kernel's
    PTX grew 11% that way)."""
    plan = linearize(EARLY_RETURN, "X", level=3)
    top = [s.node for s in plan.steps if isinstance(s, UnitStep)]
    assert top == ["U0", "U3", "U4"]
    tests = {s.node: s.test for s in plan.unit_steps}
    assert tests["U1"] == StepTest.BRANCH_TRUE
    assert tests["U3"] == StepTest.GUARD


FIRST_MATCH = _graph(
    [
        ("D", "H"),
        ("H", "B"),
        ("H", "E"),
        ("E", "X"),
        ("B", "R"),
        ("B", "H"),
        ("R", "X"),
    ]
)


def test_loop_exits_follow_the_loop() -> None:
    """first_match's shape: the search loop H..B leaves to E (`pos = -1`)
    or R (`pos = j`). The DFS takes the edges leaving the loop first, so E
    and R come after the loop instead of inside its range, the loop is H, B
    alone, and the two exits are one if/else: the lanes at R's test hold R's
    or E's id, and those that ran R hold the exit's."""
    plan = linearize(FIRST_MATCH, "X", level=3)
    assert plan.order[:2] == ("H", "B")
    assert plan.loops == ((0, 1),)
    tests = {s.node: s.test for s in plan.unit_steps}
    assert tests["B"] == StepTest.BRANCH_TRUE
    assert tests["R"] == StepTest.GUARD
    assert tests["E"] == StepTest.ELSE
    top = [s.node for s in plan.steps if isinstance(s, UnitStep)]
    assert top == ["R", "E"]


def test_else_needs_o1_and_a_loop_before() -> None:
    """Level 0 tests every step; and steps that follow no loop keep their
    tests: Fig. 1(b)'s B5 and B4 (ids 2 and 3) would qualify otherwise
    (the lanes at B5's test hold 2 or 3, and B5's go to the exit), but in
    acyclic code an if/else costs a stack entry two steps do not."""
    plan = linearize(FIRST_MATCH, "X", level=0)
    assert all(s.test == StepTest.GUARD for s in plan.unit_steps)
    (region,) = _regions(FIG1)
    graph = _region_graph(FIG1, region)
    for level in range(1, 4):
        plan = linearize(graph, region.exit, level)
        assert plan.order == ("B2", "B3", "B5", "B4")
        values = {s.node: s.values for s in plan.unit_steps}
        assert values["B5"] == {2, 3}
        assert all(s.test == StepTest.GUARD for s in plan.unit_steps)


def _reference_region(
    graph: DiGraph[int],
    edge: tuple[int, int],
    dom: DominatorTree[int],
    pdom: PostDominatorTree[int],
) -> tuple[frozenset[int], int, int] | None:
    """Algorithm 2 as the module doc states it, recomputing every step from
    the whole member set (the implementation grows it incrementally)."""
    members = frozenset(edge)
    while True:
        if not all(dom.is_reachable(m) for m in members):
            return None
        entry = dom.common_dominator(members)
        entry = dom.idom(entry) if entry in members else entry
        exit_ = pdom.common_post_dominator(members)
        exit_ = pdom.ipdom(exit_) if exit_ in members else exit_
        if entry is None or exit_ is None:
            return None
        dominated = {
            n
            for n in graph.reaching([exit_], avoiding=[entry])
            if dom.dominates(entry, n)
        }
        post_dominated = {
            n
            for n in graph.reachable_from([entry], avoiding=[exit_])
            if pdom.post_dominates(exit_, n)
        }
        grown = members | (dominated | post_dominated) - {entry, exit_}
        if grown == members:
            # Def. 4's boundary: an edge into a member comes from a member or
            # D (unreachable blocks aside), an edge out goes to a member or P.
            grown |= {
                p
                for m in members
                for p in graph.preds(m)
                if p not in members and p != entry and graph.is_reachable(p)
            }
            grown |= {
                s
                for m in members
                for s in graph.succs(m)
                if s not in members and s != exit_
            }
        if grown == members:
            return members, entry, exit_
        members = grown


@settings(max_examples=300, deadline=None, derandomize=True)
@given(_random_region(), st.data())
def test_regions_match_the_literal_iteration(
    graph: DiGraph[int], data: st.DataObject
) -> None:
    """Every region (or the refusal of an edge without bounds) is the one the
    step-by-step iteration of Algorithm 2 finds, for the unstructured edges
    and for arbitrary edges of random graphs."""
    dom, pdom = DominatorTree(graph), PostDominatorTree(graph)
    edges = data.draw(
        st.sampled_from([UnstructuredEdges(graph).edges, frozenset(graph.edges)])
    )
    expected = [_reference_region(graph, e, dom, pdom) for e in sorted(edges)]
    if None in expected:
        with pytest.raises(ValueError, match="has no bounded region"):
            unstructured_regions(graph, edges, dom, pdom)
        return
    found = unstructured_regions(graph, edges, dom, pdom)
    assert {(r.blocks, r.entry, r.exit) for r in found} == set(expected)
