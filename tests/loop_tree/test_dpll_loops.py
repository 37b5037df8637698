"""The DPLL kernel's loops L0-L4 with the classification of Bulavintsev and
Zhdanov 2021, Sec. 5.3-5.4.

Paper: "Only L1 iterations can be performed in parallel" (by splitting the
search tree into sub-trees), "L2 iterations are interdependent", "L3 and L4
iterations can be parallelized"; Take 4 adds L0, the loop in which lanes get
new branches of the tree to search. In the kernel, L1's split is the launch
together with the job queue (the threads: the root of the tree, independent,
mapped to grid and block); L0, a lane's loop over the jobs it takes, reuses
the lane's scratch arrays and carries the next job's ticket, so the analysis
merges it into its parent (its jobs are independent only once that storage
is privatized, which is what the launch's split does); the walk inside a
sub-tree keeps the decision stack, so it merges too; L2 merges (it assigns
what the next L3 reads); L3 maps to the warp and L4 to the lanes (Fig. 6
before the "Take 4" refinement).
"""

from __future__ import annotations

import io
import json
from functools import cache
from pathlib import Path

import pytest

from simt.analysis.loop_tree import (
    MERGE,
    CarriedKind,
    LoopKind,
    LoopNode,
    LoopTree,
    build_loop_trees,
)
from simt.bench.dpll import kernel as kernel_module
from simt.bench.dpll.harness import compile_dpll
from simt.passes.loop_tree import LoopTreePass
from simt.pipeline import apply_passes


@cache
def dpll_tree(noalias: bool) -> LoopTree:
    (tree,) = build_loop_trees(compile_dpll(), noalias=noalias)
    return tree


def paper_loops(
    tree: LoopTree,
) -> tuple[LoopNode, LoopNode, LoopNode, LoopNode, LoopNode]:
    """L0 (the natural loop over jobs), L1 (the natural loop of the walk in
    it), L2 (the queue loop in L1 that holds a for loop), L3 (that for
    loop), L4 (the for loop in L3)."""
    (l0,) = [n for n in tree.children(tree.root) if n.kind is LoopKind.NATURAL]
    (l1,) = [n for n in tree.children(l0) if n.kind is LoopKind.NATURAL]
    (l2,) = [
        n
        for n in tree.children(l1)
        if n.kind is LoopKind.WHILE
        and any(c.kind is LoopKind.FOR for c in tree.children(n))
    ]
    (l3,) = tree.children(l2)
    (l4,) = tree.children(l3)
    return l0, l1, l2, l3, l4


def carried(node: LoopNode) -> dict[str, CarriedKind]:
    return {c.name: c.kind for c in node.independence.carried}


def test_the_tree_is_the_papers_hierarchy() -> None:
    tree = dpll_tree(True)
    l0, l1, l2, l3, l4 = paper_loops(tree)
    assert [n.depth for n in (tree.root, l0, l1, l2, l3, l4)] == [0, 1, 2, 3, 4, 5]
    assert (l3.kind, l4.kind) == (LoopKind.FOR, LoopKind.FOR)


def test_classification_and_levels_as_in_the_paper() -> None:
    tree = dpll_tree(True)
    l0, l1, l2, l3, l4 = paper_loops(tree)
    assert tree.root.independent and tree.root.level == "grid/block"
    assert (l0.independent, l0.level) == (False, MERGE)
    assert (l1.independent, l1.level) == (False, MERGE)
    assert (l2.independent, l2.level) == (False, MERGE)
    assert (l3.independent, l3.level) == (True, "warp")
    assert (l4.independent, l4.level) == (True, "lane")


def test_why_l0_is_merged() -> None:
    """The ticket of the next job is carried to L0's exit test, and every
    job clears and rewrites the lane's assignment."""
    l0 = paper_loops(dpll_tree(True))[0]
    assert carried(l0) == {"%job": CarriedKind.RECURRENCE}
    assert any(
        c.kind == "RAW" and c.memref == "%assign" for c in l0.independence.conflicts
    )


def test_why_l1_and_l2_cannot_be_parallelized() -> None:
    _, l1, l2, _, _ = paper_loops(dpll_tree(True))
    assert carried(l1)["%level"] is CarriedKind.RECURRENCE
    assert carried(l1)["%trail_len"] is CarriedKind.RECURRENCE
    assert carried(l1)["%n_nodes"] is CarriedKind.INDUCTION
    assert carried(l2)["%conflict"] is CarriedKind.RECURRENCE
    assert carried(l2)["%qhead"] is CarriedKind.INDUCTION
    raw = [
        c
        for c in l2.independence.conflicts
        if c.kind == "RAW" and c.memref == "%assign"
    ]
    assert raw, "L2 assigns the variables that L4 reads in a later iteration"


def test_l3_and_l4_carry_only_reductions() -> None:
    _, _, _, l3, l4 = paper_loops(dpll_tree(True))
    assert carried(l3) == {
        "%conflict": CarriedKind.LAST,
        "%n_checks": CarriedKind.REDUCTION,
    }
    assert carried(l4) == {
        "%free": CarriedKind.REDUCTION,
        "%n_checks": CarriedKind.INDUCTION,
        "%satisfied": CarriedKind.LAST,
        "%unit": CarriedKind.LAST,
    }
    assert not l3.independence.conflicts and not l4.independence.conflicts


def test_all_five_loops_exit_divergently() -> None:
    assert all(n.divergent_exit for n in paper_loops(dpll_tree(True)))


def test_without_noalias_l3_may_read_what_it_appends() -> None:
    tree = dpll_tree(False)
    _, _, _, l3, l4 = paper_loops(tree)
    assert not l3.independent and l3.level == MERGE
    assert any(c.memref.startswith("%queue") for c in l3.independence.conflicts)
    assert l4.independent and l4.level == "lane"
    assert tree.root.level == "grid/block/warp"


def test_the_other_loops() -> None:
    tree = dpll_tree(True)
    l0, l1, l2, _, _ = paper_loops(tree)
    assert list(tree.children(tree.root)) == [l0]
    reset, prefix, model = (n for n in tree.children(l0) if n.kind is LoopKind.FOR)
    assert reset.level == prefix.level == model.level == "lane"
    assert not reset.divergent_exit and not model.divergent_exit
    others = [n for n in tree.children(l1) if n is not l2]
    backtrack, scan = others
    assert backtrack.level == MERGE and tree.children(backtrack)[0].level == MERGE
    assert scan.independent and carried(scan) == {"%v": CarriedKind.INDUCTION}


@pytest.mark.parametrize("noalias", [False, True])
def test_pass_prints_the_same_tree(noalias: bool) -> None:
    stream = io.StringIO()
    LoopTreePass.stream = stream
    try:
        apply_passes(
            compile_dpll(),
            f"simt-loop-tree{{format=json noalias={str(noalias).lower()}}}",
        )
    finally:
        LoopTreePass.stream = None
    (kernel,) = json.loads(stream.getvalue())["kernels"]
    tree = dpll_tree(noalias)
    assert [loop["level"] for loop in kernel["loops"]] == [n.level for n in tree.nodes]
    assert kernel["noalias"] is noalias
    l3 = kernel["loops"][paper_loops(tree)[3].index]
    assert l3["kind"] == "scf.for" and l3["divergent_exit"] is True
    source = Path(kernel_module.__file__).read_text().splitlines()
    line = next(
        i for i, text in enumerate(source, 1) if "for k in range(occ_start" in text
    )
    assert l3["location"].startswith(f"{kernel_module.__file__}:{line}:")
