"""Smith-Waterman instruction alignment (Coutinho et al. 2011, Sec. IV-A).

The Fig. 12 test: the extracted text of the paper keeps the scoring of
Fig. 12 (s(load, load) = s(store, store) = 100, s(*, *) = 2, s(/, /) = 8,
s(+, +) = 2, 1 for an addition against a multiplication through the
multiply-add identity, gap cost b = 2), the best cell H[9, 8] and the
alignment A, but not the instruction listing of the matrix' rows and
columns. The two sequences below are the ones consistent with all of that:
nine instructions against eight, A's diagonal cells aligning loads, a
multiplication, a multiplication, a division, an addition with a
multiplication and the stores, and A's vertical and horizontal cells
leaving a division, a subtraction and a subtraction unaligned.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from simt.analysis.smith_waterman import Alignment, Scoring, align

FIG12_SCORES = {
    ("ld", "ld"): 100.0,
    ("st", "st"): 100.0,
    ("*", "*"): 2.0,
    ("/", "/"): 8.0,
    ("+", "+"): 2.0,
    ("+", "*"): 1.0,
    ("*", "+"): 1.0,
}
FIG12_T = ["ld", "ld", "*", "/", "*", "-", "/", "+", "st"]
FIG12_F = ["ld", "ld", "*", "*", "/", "-", "*", "st"]
FIG12_A = (
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 3),
    (5, 4),
    (6, 4),
    (7, 5),
    (7, 6),
    (8, 7),
    (9, 8),
)


def fig12_score(t: str, f: str) -> float | None:
    return FIG12_SCORES.get((t, f))


def no_selectors(t: str, f: str) -> float:
    return 0.0


def test_fig12_alignment_is_the_papers_A() -> None:
    result = align(FIG12_T, FIG12_F, fig12_score, no_selectors, gap_cost=2.0)
    assert result.path == FIG12_A
    assert result.best == (9, 8)
    assert result.pairs == ((0, 0), (1, 1), (2, 2), (4, 3), (6, 4), (7, 6), (8, 7))
    assert result.gaps == 3
    assert result.profit == 100 + 100 + 2 + 2 + 8 + 1 + 100 - 3 * 2


def test_fig12_best_cell_is_the_matrix_maximum() -> None:
    result = align(FIG12_T, FIG12_F, fig12_score, no_selectors, gap_cost=2.0)
    assert len(result.matrix) == len(FIG12_T) + 1
    assert all(len(row) == len(FIG12_F) + 1 for row in result.matrix)
    top = max(max(row) for row in result.matrix)
    assert result.matrix[9][8] == top == result.profit
    assert result.matrix[2][2] == 200.0


def test_fig12_steps_cover_both_sequences_in_order() -> None:
    result = align(FIG12_T, FIG12_F, fig12_score, no_selectors, gap_cost=2.0)
    assert result.steps == (
        (0, 0), (1, 1), (2, 2), (3, None), (4, 3), (5, None), (6, 4),
        (None, 5), (7, 6), (8, 7),
    )  # fmt: skip


def test_gap_cost_is_paid_once_per_gap() -> None:
    # Two unaligned ops in one gap cost b once, not twice.
    scores = {("a", "a"): 10.0}
    result = align(
        ["a", "x", "y", "a"],
        ["a", "a"],
        lambda t, f: scores.get((t, f)),
        no_selectors,
        3.0,
    )
    assert result.pairs == ((0, 0), (3, 1))
    assert result.profit == 17.0
    assert result.path == ((1, 1), (2, 1), (3, 1), (4, 2))


def test_a_gap_dearer_than_the_match_behind_it_ends_the_alignment() -> None:
    scores = {("a", "a"): 10.0, ("b", "b"): 1.0}
    result = align(
        ["a", "x", "b"], ["a", "b"], lambda t, f: scores.get((t, f)), no_selectors, 5.0
    )
    assert result.pairs == ((0, 0),)
    assert result.steps == ((0, 0), (1, None), (2, None), (None, 1))


def test_selector_cost_is_subtracted() -> None:
    result = align(["a"], ["a"], lambda t, f: 5.0, lambda t, f: 2.0, 1.0)
    assert result.profit == 3.0
    priced_out = align(["a"], ["a"], lambda t, f: 5.0, lambda t, f: 6.0, 1.0)
    assert (
        priced_out.pairs == () and priced_out.best is None and priced_out.profit == 0.0
    )


def test_nothing_mergeable_gives_an_empty_alignment() -> None:
    result = align(["a", "b"], ["c"], lambda t, f: None, no_selectors, 1.0)
    assert result.path == ()
    assert result.steps == ((0, None), (1, None), (None, 0))


def test_empty_sequences() -> None:
    result = align([], ["a"], lambda t, f: 1.0, no_selectors, 1.0)
    assert result.pairs == () and result.steps == ((None, 0),)


def test_negative_gap_cost_is_rejected() -> None:
    try:
        align(["a"], ["a"], lambda t, f: 1.0, no_selectors, -1.0)
    except ValueError as error:
        assert "gap cost" in str(error)
    else:
        raise AssertionError("expected a ValueError")


def test_scoring_bundle_aligns_like_align() -> None:
    scoring = Scoring(fig12_score, no_selectors, 2.0)
    assert scoring.align(FIG12_T, FIG12_F).path == FIG12_A


# -- optimality against brute force ---------------------------------------------


def objective(
    pairs: tuple[tuple[int, int], ...],
    score: dict[tuple[str, str], float],
    t: list[str],
    f: list[str],
    gap: float,
) -> float:
    total = sum(score[(t[i], f[j])] for i, j in pairs)
    gaps = sum(
        1
        for (i0, j0), (i1, j1) in itertools.pairwise(pairs)
        if i1 - i0 > 1 or j1 - j0 > 1
    )
    return total - gap * gaps


def brute_force(
    t: list[str], f: list[str], score: dict[tuple[str, str], float], gap: float
) -> float:
    cells = [
        (i, j) for i in range(len(t)) for j in range(len(f)) if (t[i], f[j]) in score
    ]
    best = 0.0
    for size in range(1, min(len(t), len(f)) + 1):
        for chosen in itertools.combinations(cells, size):
            if all(
                i1 > i0 and j1 > j0 for (i0, j0), (i1, j1) in itertools.pairwise(chosen)
            ):
                best = max(best, objective(chosen, score, t, f, gap))
    return best


ALPHABET = "abc"
SCORES = {("a", "a"): 4.0, ("b", "b"): 2.0, ("c", "c"): 1.0, ("a", "b"): 1.0}


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(st.sampled_from(ALPHABET), max_size=5),
    st.lists(st.sampled_from(ALPHABET), max_size=5),
    st.sampled_from([0.0, 1.0, 2.5]),
)
def test_profit_is_optimal_and_matches_its_pairs(
    t: list[str], f: list[str], gap: float
) -> None:
    result: Alignment = align(t, f, lambda x, y: SCORES.get((x, y)), no_selectors, gap)
    assert result.profit == objective(result.pairs, SCORES, t, f, gap)
    assert result.profit == brute_force(t, f, SCORES, gap)
    covered_t = [i for i, _ in result.steps if i is not None]
    covered_f = [j for _, j in result.steps if j is not None]
    assert covered_t == list(range(len(t))) and covered_f == list(range(len(f)))
