"""CFGs of the papers' figures that several test folders use.

Each is reconstructed from the paper's text; the comment above it says what was
read and what had to be guessed. The figure tests in tests/analysis/ check their
dominators, loops and unstructured edges; tests/linearize/ linearizes them.
"""

from __future__ import annotations

from simt.analysis import DiGraph


def graph(edges: list[tuple[str, str]]) -> DiGraph[str]:
    """A graph whose entry is the source of its first edge."""
    return DiGraph.from_edges(edges[0][0], edges)


# Fig. 1(b): the short-circuit CFG. Its edges are those of the transformed
# code of Fig. 4(a): B1 -> B3 | B2, B2 -> B3 | B5, B3 -> B4 | B5, B4 -> B6,
# B5 -> B6. Entry and Exit are the blocks Fig. 4(b) names ("Block B1_G is made
# the successor of the entry block", "add Exit as the successor of B6").
ANANTPUR_FIG1 = graph(
    [
        ("Entry", "B1"),
        ("B1", "B2"),
        ("B1", "B3"),
        ("B2", "B3"),
        ("B2", "B5"),
        ("B3", "B4"),
        ("B3", "B5"),
        ("B4", "B6"),
        ("B5", "B6"),
        ("B6", "Exit"),
    ]
)


# Fig. 5(b): a loop B2, B3, B4 (back edge B4 -> B2) left by two edges,
# B2 -> B5 and B3 -> B6. Guessed: B1 is the entry, B4's only successor is B2
# (an exit from B4 would be a third unstructured edge, the paper names two),
# B5 -> B6, and B6 -> Exit. Successors are listed taken-branch first so that
# the reverse post-order is the paper's B1, ..., B6.
ANANTPUR_FIG5 = graph(
    [
        ("B1", "B2"),
        ("B2", "B5"),
        ("B2", "B3"),
        ("B3", "B6"),
        ("B3", "B4"),
        ("B4", "B2"),
        ("B5", "B6"),
        ("B6", "Exit"),
    ]
)
