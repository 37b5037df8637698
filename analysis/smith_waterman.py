"""Smith-Waterman instruction alignment, apart from any IR.

Source: B. Coutinho, D. Sampaio, F. M. Q. Pereira, W. Meira Jr., "Divergence
Analysis and Optimizations" (PACT 2011), Sec. IV-A: Definition 4.2 (2D
instruction alignment), the profitability matrix of Fig. 12 and its
traceback; after T. F. Smith and M. S. Waterman, "Identification of common
molecular subsequences" (J. Mol. Biol. 147, 1981).

The problem (Definition 4.2): given two sequences T = t_1..t_n and
F = f_1..f_m, a profit s(t, f) for merging a pair (None when the two cannot
merge), a cost c(t, f) of the selectors the merged pair needs, and the cost b
of a gap (the branch that keeps an unaligned run of instructions under the
original condition), find an order-preserving set of aligned pairs that
maximizes

    sum over aligned pairs (s - c)  -  b * G,

where G is the number of gaps. As the paper says under Fig. 12, b is paid
once per gap: "when we leave a sequence of diagonal cells and go to either a
vertical or horizontal cell"; a gap is a maximal run of unaligned
instructions between two aligned pairs, and its instructions may come from
either sequence or both (one branch serves them all).

Steps:
1. fill two matrices over (i, j) in 1..n x 1..m:
   M[i, j], the best profit of an alignment whose last pair is (t_i, f_j):
       M[i, j] = s(i, j) - c(i, j) + max(0, M[i-1, j-1], G[i-1, j-1]);
   G[i, j], the best profit of an alignment whose last pair lies above and
   to the left of (i, j) and which then leaves t_i or f_j unaligned:
       G[i, j] = max(M[i-1, j] - b, M[i, j-1] - b, G[i-1, j], G[i, j-1]).
   The profitability matrix of the paper is H = max(M, G, 0).
2. the best cell is the (i, j) with the largest M (the first in row-major
   order on a tie): an alignment ends with an aligned pair;
3. trace back from it, following the term each cell was computed from,
   until a match that started fresh (the 0 term): that yields the cells of
   the paper's alignment A, diagonal cells for aligned pairs, vertical or
   horizontal cells for unaligned instructions.

The printed recurrence of the paper, H[i, j] = s(i, j) + max(H[i-1, j-1] -
c(i, j) - b, H[i, j-1], H[i-1, j], 0), charges b on every diagonal move and
adds s for unaligned cells, which contradicts both Definition 4.2 and the
remark that b is paid once per gap; the two matrices above implement the
definition exactly.

    T = a b x c           alignment   (1,1) (2,2) (3,2) (4,3)
    F = a b c             steps       a|a  b|b  x|-  c|c     one gap: -b
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Generic, TypeVar

T = TypeVar("T")
U = TypeVar("U")

Score = Callable[[T, U], float | None]
"""s(t, f): the profit of merging t and f, None when they cannot merge."""

SelectorCost = Callable[[T, U], float]
"""c(t, f): the cost of the selectors a merged (t, f) needs."""

_NEG = float("-inf")


@dataclass(frozen=True)
class Alignment:
    """The result of `align`: the best local alignment and its matrices.

    Indices in `path` and `best` are 1-based, as in the paper's Fig. 12;
    indices in `pairs` and `steps` are 0-based positions in the sequences.
    """

    path: tuple[tuple[int, int], ...]
    """The cells of the paper's alignment A, from its first pair to `best`."""
    pairs: tuple[tuple[int, int], ...]
    """The aligned pairs (i, j), in order."""
    steps: tuple[tuple[int | None, int | None], ...]
    """Both whole sequences in order: (i, j) an aligned pair, (i, None) an
    unaligned t_i, (None, j) an unaligned f_j. Unaligned instructions between
    two aligned pairs list the first sequence's before the second's."""
    profit: float
    """M at the best cell: the objective of Definition 4.2 for `pairs` (0.0
    and no pairs when nothing is worth merging)."""
    matrix: tuple[tuple[float, ...], ...]
    """The profitability matrix H = max(M, G, 0), (n + 1) x (m + 1), with a
    zero row 0 and column 0."""

    @property
    def best(self) -> tuple[int, int] | None:
        """The most profitable cell (1-based), None when nothing aligns."""
        return self.path[-1] if self.path else None

    @property
    def gaps(self) -> int:
        """The number of gaps between the aligned pairs (paid for in `profit`)."""
        return sum(
            1
            for (i0, j0), (i1, j1) in pairwise(self.pairs)
            if i1 - i0 > 1 or j1 - j0 > 1
        )


@dataclass(frozen=True)
class _Tables:
    match: list[list[float]]
    gap: list[list[float]]


def align(
    first: Sequence[T],
    second: Sequence[U],
    score: Score[T, U],
    selector_cost: SelectorCost[T, U],
    gap_cost: float,
) -> Alignment:
    """Aligns `first` (T, rows) with `second` (F, columns); see the module doc."""
    if gap_cost < 0:
        raise ValueError(f"expected a non-negative gap cost, found {gap_cost}")
    tables = _fill(first, second, score, selector_cost, gap_cost)
    best = _best_cell(tables.match)
    path = () if best is None else _trace_back(tables, best, gap_cost)
    pairs = tuple((i - 1, j - 1) for i, j in _diagonal_cells(path))
    profit = 0.0 if best is None else tables.match[best[0]][best[1]]
    return Alignment(
        path=path,
        pairs=pairs,
        steps=_steps(len(first), len(second), pairs),
        profit=profit,
        matrix=_profit_matrix(tables),
    )


def _fill(
    first: Sequence[T],
    second: Sequence[U],
    score: Score[T, U],
    selector_cost: SelectorCost[T, U],
    gap_cost: float,
) -> _Tables:
    n, m = len(first), len(second)
    match = [[_NEG] * (m + 1) for _ in range(n + 1)]
    gap = [[_NEG] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            gain = score(first[i - 1], second[j - 1])
            if gain is not None:
                gain -= selector_cost(first[i - 1], second[j - 1])
                match[i][j] = gain + max(0.0, match[i - 1][j - 1], gap[i - 1][j - 1])
            gap[i][j] = max(
                match[i - 1][j] - gap_cost,
                match[i][j - 1] - gap_cost,
                gap[i - 1][j],
                gap[i][j - 1],
            )
    return _Tables(match, gap)


def _best_cell(match: list[list[float]]) -> tuple[int, int] | None:
    best: tuple[int, int] | None = None
    best_value = 0.0
    for i, row in enumerate(match):
        for j, value in enumerate(row):
            if value > best_value:
                best, best_value = (i, j), value
    return best


def _trace_back(
    tables: _Tables, best: tuple[int, int], gap_cost: float
) -> tuple[tuple[int, int], ...]:
    """The cells from `best` back to the fresh start, returned in forward order."""
    cells: list[tuple[int, int]] = []
    i, j = best
    in_match = True
    while True:
        cells.append((i, j))
        if in_match:
            step = _match_origin(tables, i, j)
            if step is None:
                break
            i, j, in_match = i - 1, j - 1, step
            continue
        i, j, in_match = _gap_origin(tables, i, j, gap_cost)
    return tuple(reversed(cells))


def _match_origin(tables: _Tables, i: int, j: int) -> bool | None:
    """Where M[i, j] came from: True for M, False for G, None for a fresh start."""
    before_match = tables.match[i - 1][j - 1]
    before_gap = tables.gap[i - 1][j - 1]
    if max(before_match, before_gap) <= 0.0:
        return None
    return before_match >= before_gap


def _gap_origin(
    tables: _Tables, i: int, j: int, gap_cost: float
) -> tuple[int, int, bool]:
    """The cell G[i, j] came from, and whether that cell is in state M."""
    value = tables.gap[i][j]
    candidates = (
        (tables.match[i - 1][j] - gap_cost, i - 1, j, True),
        (tables.match[i][j - 1] - gap_cost, i, j - 1, True),
        (tables.gap[i - 1][j], i - 1, j, False),
        (tables.gap[i][j - 1], i, j - 1, False),
    )
    for candidate, row, column, is_match in candidates:
        if candidate == value:
            return row, column, is_match
    raise AssertionError(f"G[{i}, {j}] matches none of its terms")


def _diagonal_cells(
    path: tuple[tuple[int, int], ...],
) -> tuple[tuple[int, int], ...]:
    """The aligned pairs: the first cell and every cell entered diagonally."""
    if not path:
        return ()
    cells = [path[0]]
    for (i0, j0), (i1, j1) in pairwise(path):
        if i1 == i0 + 1 and j1 == j0 + 1:
            cells.append((i1, j1))
    return tuple(cells)


def _steps(
    n: int, m: int, pairs: tuple[tuple[int, int], ...]
) -> tuple[tuple[int | None, int | None], ...]:
    steps: list[tuple[int | None, int | None]] = []
    i = j = 0
    for pi, pj in (*pairs, (n, m)):
        steps.extend((k, None) for k in range(i, pi))
        steps.extend((None, k) for k in range(j, pj))
        if (pi, pj) != (n, m):
            steps.append((pi, pj))
        i, j = pi + 1, pj + 1
    return tuple(steps)


def _profit_matrix(tables: _Tables) -> tuple[tuple[float, ...], ...]:
    return tuple(
        tuple(max(mv, gv, 0.0) for mv, gv in zip(mrow, grow, strict=True))
        for mrow, grow in zip(tables.match, tables.gap, strict=True)
    )


@dataclass(frozen=True)
class Scoring(Generic[T, U]):
    """The three parameters of Definition 4.2 bundled, for callers that keep them."""

    score: Score[T, U]
    selector_cost: SelectorCost[T, U]
    gap_cost: float

    def align(self, first: Sequence[T], second: Sequence[U]) -> Alignment:
        return align(first, second, self.score, self.selector_cost, self.gap_cost)
