"""CNF formulas: the two benchmark families, DIMACS text, and the arrays the solvers read.

Sources: Bulavintsev and Zhdanov 2021, Sec. 5.5 / Table 1 (the benchmarks
"hole8.cnf" and "dubois25.cnf" from SATLIB, Hoos and Stuetzle 2000); the
encodings are those of the SATLIB files, rebuilt here from their published
description rather than downloaded:

- `pigeonhole(n)` ("holeN.cnf", John Hooker): n+1 pigeons, n holes, variable
  `(i - 1) * n + j` says "pigeon i sits in hole j" (i = 1..n+1, j = 1..n).
  For each hole j and each pair of pigeons i < k the binary clause
  `-x(i,j) -x(k,j)` (no two pigeons share a hole), grouped by hole; then for
  each pigeon the clause `x(i,n) ... x(i,1)` (it sits somewhere), literals in
  descending order as in the SATLIB files. n(n+1) variables,
  n * C(n+1, 2) + n + 1 clauses; unsatisfiable (hole8: 72 variables, 297
  clauses).
- `dubois(d)` ("duboisD.cnf", Olivier Dubois' generator gensathard.c): 3d
  variables and 2d "gadgets", each the four clauses `a b c`, `-a -b c`,
  `a -b -c`, `-a b -c` that say a xor b xor c = 1. The gadgets form a chain:
  (2d-1, 2d, 1); (i, 2d+i, i+1) for i = 1..d-2; (d-1, 3d-1, 3d);
  (d, 3d-1, 3d); (i, 4d-1-i, i-1) for i = d+1..2d-2; and last
  (2d-1, 2d, -(2d-2)), which says 2d-1 xor 2d xor 2d-2 = 0. Every variable is
  in exactly two gadgets, so the xor of all gadgets is 0 on the left and
  2d-1 (odd) on the right: unsatisfiable. 3d variables, 8d clauses
  (dubois25: 75 variables, 200 clauses).

Solver arrays (`SolverArrays`), all int32: literals are DIMACS integers
(`v` or `-v`, v = 1..num_vars); clause c holds
`clause_lits[clause_start[c]:clause_start[c + 1]]`; occurrence list of a
literal with code `2 * (v - 1) + (1 if negative else 0)` holds the clauses
it appears in: `occ_clauses[occ_start[code]:occ_start[code + 1]]`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

Int32Array = npt.NDArray[np.int32]


class CNFError(ValueError):
    """A malformed DIMACS text or an invalid formula (with the line number)."""


@dataclass(frozen=True)
class CNF:
    """A formula in conjunctive normal form: clauses of DIMACS literals."""

    num_vars: int
    clauses: tuple[tuple[int, ...], ...]
    comments: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for index, clause in enumerate(self.clauses):
            for lit in clause:
                if lit == 0 or abs(lit) > self.num_vars:
                    raise CNFError(
                        f"clause {index + 1}: literal {lit} is not in "
                        f"1..{self.num_vars} or its negation"
                    )

    @property
    def num_clauses(self) -> int:
        return len(self.clauses)

    @property
    def num_literals(self) -> int:
        return sum(len(clause) for clause in self.clauses)

    def is_satisfied_by(self, values: Sequence[bool]) -> bool:
        """Whether the assignment (`values[v - 1]` for variable v) satisfies every clause."""
        return all(
            any(values[abs(lit) - 1] == (lit > 0) for lit in clause)
            for clause in self.clauses
        )

    def to_dimacs(self) -> str:
        """The DIMACS text: comment lines, `p cnf V C`, one clause a line ending in 0."""
        lines = [f"c {text}".rstrip() for text in self.comments]
        lines.append(f"p cnf {self.num_vars} {self.num_clauses}")
        lines.extend(
            " ".join(str(lit) for lit in (*clause, 0)) for clause in self.clauses
        )
        return "\n".join(lines) + "\n"


def parse_dimacs(text: str, filename: str = "<string>") -> CNF:
    """Reads DIMACS CNF text; raises `CNFError` with `filename:line` on bad input."""
    header: tuple[int, int] | None = None
    comments: list[str] = []
    clauses: list[tuple[int, ...]] = []
    pending: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            continue
        if stripped.startswith("c"):
            comments.append(stripped[1:].strip())
        elif stripped.startswith("p"):
            header = _parse_header(stripped, filename, number)
        else:
            _parse_clause_line(stripped, filename, number, pending, clauses)
    if header is None:
        raise CNFError(f"{filename}: no 'p cnf <vars> <clauses>' line")
    if pending:
        raise CNFError(f"{filename}: the last clause does not end with 0")
    if len(clauses) != header[1]:
        raise CNFError(
            f"{filename}: the header declares {header[1]} clauses, found {len(clauses)}"
        )
    try:
        return CNF(header[0], tuple(clauses), tuple(comments))
    except CNFError as error:
        raise CNFError(f"{filename}: {error}") from None


def _parse_header(line: str, filename: str, number: int) -> tuple[int, int]:
    fields = line.split()
    if len(fields) != 4 or fields[1] != "cnf":
        raise CNFError(
            f"{filename}:{number}: expected 'p cnf <vars> <clauses>', found {line!r}"
        )
    try:
        return int(fields[2]), int(fields[3])
    except ValueError:
        raise CNFError(
            f"{filename}:{number}: expected two integers in {line!r}"
        ) from None


def _parse_clause_line(
    line: str,
    filename: str,
    number: int,
    pending: list[int],
    clauses: list[tuple[int, ...]],
) -> None:
    for token in line.split():
        try:
            lit = int(token)
        except ValueError:
            raise CNFError(
                f"{filename}:{number}: expected a literal, found {token!r}"
            ) from None
        if lit == 0:
            clauses.append(tuple(pending))
            pending.clear()
        else:
            pending.append(lit)


# ---------------------------------------------------------------------------
# The two benchmark families
# ---------------------------------------------------------------------------


def pigeonhole(holes: int) -> CNF:
    """The SATLIB "holeN" formula: `holes + 1` pigeons in `holes` holes (unsatisfiable)."""
    if holes < 1:
        raise CNFError(f"the pigeonhole formula needs at least 1 hole, got {holes}")
    pigeons = holes + 1

    def var(pigeon: int, hole: int) -> int:
        return (pigeon - 1) * holes + hole

    clauses: list[tuple[int, ...]] = []
    for hole in range(1, holes + 1):
        for first in range(1, pigeons + 1):
            for second in range(first + 1, pigeons + 1):
                clauses.append((-var(first, hole), -var(second, hole)))
    for pigeon in range(1, pigeons + 1):
        clauses.append(tuple(var(pigeon, hole) for hole in range(holes, 0, -1)))
    expected = holes * comb(pigeons, 2) + pigeons
    assert len(clauses) == expected
    comments = (
        f"hole{holes}.cnf: pigeon hole problem, {pigeons} pigeons in {holes} holes",
        "SOURCE: John Hooker (SATLIB encoding), generated by simt.bench.dpll.generate",
        "NOTE: Not satisfiable",
    )
    return CNF(pigeons * holes, tuple(clauses), comments)


def _xor_gadget(a: int, b: int, c: int) -> list[tuple[int, ...]]:
    """The four clauses of a xor b xor c = 1, in gensathard's order."""
    return [(a, b, c), (-a, -b, c), (a, -b, -c), (-a, b, -c)]


def dubois(d: int) -> CNF:
    """The DIMACS "duboisD" formula of gensathard.c: 3d variables, 8d clauses (unsatisfiable)."""
    if d < 3:
        raise CNFError(f"the dubois formula needs d >= 3, got {d}")
    gadgets: list[tuple[int, int, int]] = [(2 * d - 1, 2 * d, 1)]
    gadgets.extend((i, 2 * d + i, i + 1) for i in range(1, d - 1))
    gadgets.append((d - 1, 3 * d - 1, 3 * d))
    gadgets.append((d, 3 * d - 1, 3 * d))
    gadgets.extend((i, 4 * d - 1 - i, i - 1) for i in range(d + 1, 2 * d - 1))
    gadgets.append((2 * d - 1, 2 * d, -(2 * d - 2)))
    clauses = [clause for gadget in gadgets for clause in _xor_gadget(*gadget)]
    comments = (
        f"dubois{d}.cnf: instance of Olivier Dubois' generator gensathard.c",
        "generated by simt.bench.dpll.generate",
        "NOTE: Not satisfiable",
        f"d = {d}",
        f"n = {3 * d}",
        f"p = {8 * d}",
        "r = 3",
    )
    return CNF(3 * d, tuple(clauses), comments)


# ---------------------------------------------------------------------------
# Arrays for the solvers
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SolverArrays:
    """The CSR arrays of a formula that the kernel and the CPU reference read."""

    num_vars: int
    clause_start: Int32Array
    clause_lits: Int32Array
    occ_start: Int32Array
    occ_clauses: Int32Array

    @property
    def num_clauses(self) -> int:
        return len(self.clause_start) - 1

    @property
    def num_literals(self) -> int:
        return len(self.clause_lits)

    @property
    def queue_capacity(self) -> int:
        """Queue slots one lane needs for one propagation: every literal
        occurrence can enqueue at most once (see kernel.py), plus the prefix."""
        return self.num_literals + self.num_vars


def literal_code(lit: int) -> int:
    """The occurrence-list index of a DIMACS literal: 2(v-1), +1 when negative."""
    return 2 * (abs(lit) - 1) + (1 if lit < 0 else 0)


def solver_arrays(cnf: CNF) -> SolverArrays:
    """Builds the clause and occurrence arrays of `cnf`.

    An empty clause is rejected: the solvers only notice a clause when one of
    its literals becomes false, so they would never refute it.
    """
    for index, clause in enumerate(cnf.clauses):
        if not clause:
            raise CNFError(
                f"clause {index + 1} is empty: the formula is unsatisfiable as it stands"
            )
    lengths = [len(clause) for clause in cnf.clauses]
    clause_start = np.zeros(cnf.num_clauses + 1, dtype=np.int32)
    clause_start[1:] = np.cumsum(lengths, dtype=np.int64)
    clause_lits = np.array(
        [lit for clause in cnf.clauses for lit in clause], dtype=np.int32
    )
    occurrences: list[list[int]] = [[] for _ in range(2 * cnf.num_vars)]
    for index, clause in enumerate(cnf.clauses):
        for lit in dict.fromkeys(clause):
            occurrences[literal_code(lit)].append(index)
    occ_start = np.zeros(2 * cnf.num_vars + 1, dtype=np.int32)
    occ_start[1:] = np.cumsum([len(o) for o in occurrences], dtype=np.int64)
    occ_clauses = np.array([c for o in occurrences for c in o], dtype=np.int32)
    return SolverArrays(cnf.num_vars, clause_start, clause_lits, occ_start, occ_clauses)
