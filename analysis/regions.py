"""Minimal unstructured regions (Algorithm 2) and their structured sub-regions
(Algorithm 3).

Source: J. Anantpur, R. Govindarajan, "Taming Control Divergence in GPUs
through Control Flow Linearization" (CC 2014), §4, Definitions 4 and 5,
Algorithms 2 and 3.

Algorithm 2 (`minimal_unstructured_region`). Start from the two blocks of an
unstructured edge (Definition 1, `UnstructuredEdges`) and repeat until the set
stops growing:

1. D = the CIDOM of the set and P = its CIPDOM, both taken strictly (Def. 4:
   "D and P are not in the set"): when the common dominator is itself a
   member, D is its immediate dominator, likewise for P;
2. add the blocks between them: those D dominates that reach P without
   passing through D, and those P post-dominates that D reaches without
   passing through P (the paper's (N1 ∩ N2) | (N3 ∩ N4));
3. once step 2 adds nothing, close the set under Def. 4's boundary rules: an edge into a member comes
   from a member or from D, an edge out of a member goes to a member or to P;
   a block that breaks a rule joins the set (this is what pulls in the header
   of a loop that a `break` leaves, so the region holds the whole loop).

The paper's literal sets in step 2 are reflexive (D dominates itself and
reaches P), which would make the iteration grow to the whole graph; the
avoiding-paths reading keeps the region minimal, and step 3 makes every
region single-entry single-exit, as Def. 4 requires, even when step 2 alone
would not (the latch of a loop whose header is D). The regions of two edges
are nested or disjoint; `outermost_regions` keeps the maximal ones.

Algorithm 3 (`structured_subregions`). Inside a region, a block `d` with
immediate post-dominator `p` such that `d` is the immediate dominator of `p`
bounds the candidate {d, p} plus the blocks between them. It is a structured
region (Def. 5) when every block between is dominated by `d` and
post-dominated by `p` and no edge among them is unstructured. Linearization
guards such a region once, at its entry, and leaves it intact.

    Fig. 1(b):  B1 -> B2 -> B3 -> B4 -> B6      unstructured: B2->B3, B2->B5,
                B1 -------> B3 -> B5 -> B6                    B3->B5
                      B2 -------> B5            region {B2, B3, B4, B5},
                                                 D = B1, P = B6
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Generic

from simt.analysis.dominance import DominatorTree, PostDominatorTree
from simt.analysis.graph import DiGraph, N


@dataclass(frozen=True)
class UnstructuredRegion(Generic[N]):
    """A single-entry single-exit set of blocks (Definition 4).

    Every edge into a block of `blocks` comes from a block of `blocks` or from
    `entry` (the CIDOM), every edge out of one goes to a block of `blocks` or
    to `exit` (the CIPDOM); neither bound is in `blocks`.
    """

    blocks: frozenset[N]
    entry: N
    exit: N

    def __contains__(self, node: object) -> bool:
        return node in self.blocks

    def __len__(self) -> int:
        return len(self.blocks)


@dataclass(frozen=True)
class StructuredRegion(Generic[N]):
    """A structured sub-region (Definition 5): `entry`, `exit` and the blocks
    between them (`blocks` holds all three kinds)."""

    blocks: frozenset[N]
    entry: N
    exit: N

    def __contains__(self, node: object) -> bool:
        return node in self.blocks


def minimal_unstructured_region(
    graph: DiGraph[N],
    edge: tuple[N, N],
    dominators: DominatorTree[N],
    post_dominators: PostDominatorTree[N],
) -> UnstructuredRegion[N] | None:
    """Algorithm 2 for one unstructured edge; None when the region has no
    bounds (it would contain the graph's entry, or reaches no exit)."""
    return _minimal_region(graph, edge, _Between(graph, dominators, post_dominators))


def _minimal_region(
    graph: DiGraph[N], edge: tuple[N, N], between: _Between[N]
) -> UnstructuredRegion[N] | None:
    members: set[N] = set()
    bounds = _Bounds(between.dominators, between.post_dominators)
    added: set[N] | frozenset[N] = set(edge)
    while True:
        members |= added
        strict = bounds.extend(added, members)
        if strict is None:
            return None
        entry, exit_ = strict
        added = between(entry, exit_) - members
        if not added:
            added = _boundary_violations(graph, members, entry, exit_)
        if not added:
            return UnstructuredRegion(frozenset(members), entry, exit_)


def unstructured_regions(
    graph: DiGraph[N],
    edges: Iterable[tuple[N, N]],
    dominators: DominatorTree[N] | None = None,
    post_dominators: PostDominatorTree[N] | None = None,
) -> tuple[UnstructuredRegion[N], ...]:
    """The distinct minimal regions of `edges` (Algorithm 2), smallest first.

    Raises ValueError naming the edge when a region has no bounds.
    """
    dom = dominators if dominators is not None else DominatorTree(graph)
    pdom = post_dominators if post_dominators is not None else PostDominatorTree(graph)
    index = {n: i for i, n in enumerate(graph.nodes)}
    between = _Between(graph, dom, pdom)
    found: dict[frozenset[N], UnstructuredRegion[N]] = {}
    for edge in sorted(edges, key=lambda e: (index[e[0]], index[e[1]])):
        region = _minimal_region(graph, edge, between)
        if region is None:
            raise ValueError(f"the unstructured edge {edge!r} has no bounded region")
        found.setdefault(region.blocks, region)
    return tuple(
        sorted(
            found.values(),
            key=lambda r: (len(r), min(index[n] for n in r.blocks)),
        )
    )


def outermost_regions(
    regions: Iterable[UnstructuredRegion[N]],
) -> tuple[UnstructuredRegion[N], ...]:
    """Pairwise disjoint regions, largest first, that no kept region contains.

    The paper says two regions are nested or disjoint. In irreducible graphs
    they may also overlap in part (Fig. 6(c): the region of B1 -> B2 holds the
    edge's source B1, the region of B2 -> B4 starts below it); such a region
    is left out here, and a pass that linearizes the kept ones and analyses
    the graph again meets it in the next round, if it still exists.
    """
    kept: list[UnstructuredRegion[N]] = []
    for region in sorted(regions, key=len, reverse=True):
        if all(region.blocks.isdisjoint(other.blocks) for other in kept):
            kept.append(region)
    return tuple(kept)


def structured_subregions(
    graph: DiGraph[N],
    region: UnstructuredRegion[N],
    unstructured_edges: Iterable[tuple[N, N]],
    dominators: DominatorTree[N],
    post_dominators: PostDominatorTree[N],
) -> tuple[StructuredRegion[N], ...]:
    """Algorithm 3: the maximal structured sub-regions of `region` with at
    least two blocks, pairwise disjoint, in the graph's reverse post-order."""
    bad = frozenset(unstructured_edges)
    candidates: list[StructuredRegion[N]] = []
    for block in graph.reverse_post_order:
        if block not in region:
            continue
        candidate = _structured_candidate(
            graph, region, block, dominators, post_dominators
        )
        if candidate is not None and _is_structured(graph, candidate, bad):
            candidates.append(candidate)
    return _disjoint_maximal(graph, candidates)


class _Bounds(Generic[N]):
    """The CIDOM and CIPDOM of a growing set of members, kept up to date from
    the nodes each step adds (the nearest common (post-)dominator of a union
    is that of the two parts' ones), so a step costs what it adds."""

    def __init__(self, dom: DominatorTree[N], pdom: PostDominatorTree[N]) -> None:
        self._dom = dom
        self._pdom = pdom
        self._entry: N | None = None
        self._exit: N | None = None
        self._started = False

    def extend(self, added: Iterable[N], members: AbstractSet[N]) -> tuple[N, N] | None:
        """Takes `added` into the bounds of `members` (which holds them now);
        returns the strict bounds (Def. 4: not members themselves), or None
        when a member is unreachable or a bound would be the virtual exit."""
        new = list(added)
        if not all(self._dom.is_reachable(m) for m in new):
            return None
        if not self._started:
            self._started = True
            self._entry = self._dom.common_dominator(new)
            self._exit = self._pdom.common_post_dominator(new)
        else:
            assert self._entry is not None
            self._entry = self._dom.common_dominator([self._entry, *new])
            if self._exit is not None:
                self._exit = self._pdom.common_post_dominator([self._exit, *new])
        entry = self._entry
        if entry in members:
            entry = self._dom.idom(entry)
        exit_ = self._exit
        if exit_ is not None and exit_ in members:
            exit_ = self._pdom.ipdom(exit_)
        if entry is None or exit_ is None:
            return None
        return entry, exit_


class _Between(Generic[N]):
    """The blocks between two bounds (step 2), remembered per pair of bounds:
    the regions of the edges of one region meet the same bounds again."""

    def __init__(
        self,
        graph: DiGraph[N],
        dominators: DominatorTree[N],
        post_dominators: PostDominatorTree[N],
    ) -> None:
        self.graph = graph
        self.dominators = dominators
        self.post_dominators = post_dominators
        self._found: dict[tuple[N, N], frozenset[N]] = {}

    def __call__(self, entry: N, exit_: N) -> frozenset[N]:
        found = self._found.get((entry, exit_))
        if found is None:
            found = self._between(entry, exit_)
            self._found[(entry, exit_)] = found
        return found

    def _between(self, entry: N, exit_: N) -> frozenset[N]:
        dom, pdom = self.dominators, self.post_dominators
        reach_exit = self.graph.reaching([exit_], avoiding=[entry])
        from_entry = self.graph.reachable_from([entry], avoiding=[exit_])
        dominated = {n for n in reach_exit if dom.dominates(entry, n)}
        post_dominated = {n for n in from_entry if pdom.post_dominates(exit_, n)}
        return frozenset(dominated | post_dominated) - {entry, exit_}


def _boundary_violations(
    graph: DiGraph[N], members: AbstractSet[N], entry: N, exit_: N
) -> frozenset[N]:
    extra: set[N] = set()
    for node in members:
        extra.update(
            p
            for p in graph.preds(node)
            if p not in members and p != entry and graph.is_reachable(p)
        )
        extra.update(s for s in graph.succs(node) if s not in members and s != exit_)
    return frozenset(extra)


def _structured_candidate(
    graph: DiGraph[N],
    region: UnstructuredRegion[N],
    block: N,
    dom: DominatorTree[N],
    pdom: PostDominatorTree[N],
) -> StructuredRegion[N] | None:
    exit_ = pdom.ipdom(block)
    if exit_ is None or exit_ not in region or dom.idom(exit_) != block:
        return None
    inner = graph.reachable_from(graph.succs(block), avoiding=[block, exit_])
    if not all(
        dom.dominates(block, n) and pdom.post_dominates(exit_, n) for n in inner
    ):
        return None
    blocks = inner | {block, exit_}
    if not blocks <= region.blocks:
        return None
    return StructuredRegion(blocks, block, exit_)


def _is_structured(
    graph: DiGraph[N], candidate: StructuredRegion[N], bad: frozenset[tuple[N, N]]
) -> bool:
    """No unstructured edge inside, and the only ways in and out are the
    entry's predecessors and the exit's successors (so the region collapses
    into one block that ends like its exit)."""
    inner = candidate.blocks - {candidate.entry, candidate.exit}
    for node in candidate.blocks:
        for succ in graph.succs(node):
            inside = succ in candidate.blocks
            if inside and ((node, succ) in bad or node == candidate.exit):
                return False
            if not inside and node != candidate.exit:
                return False
    return all(
        p in candidate.blocks for n in inner | {candidate.exit} for p in graph.preds(n)
    )


def _disjoint_maximal(
    graph: DiGraph[N], candidates: list[StructuredRegion[N]]
) -> tuple[StructuredRegion[N], ...]:
    order = {n: i for i, n in enumerate(graph.reverse_post_order)}
    kept: list[StructuredRegion[N]] = []
    for candidate in sorted(candidates, key=lambda c: -len(c.blocks)):
        if all(candidate.blocks.isdisjoint(k.blocks) for k in kept):
            kept.append(candidate)
    return tuple(sorted(kept, key=lambda c: order[c.entry]))
