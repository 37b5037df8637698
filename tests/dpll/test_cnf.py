"""The benchmark formulas: known sizes, the published encodings, UNSAT status.

hole8 (SATLIB): 72 variables, 297 clauses; dubois25 (DIMACS, gensathard.c):
75 variables, 200 clauses; both unsatisfiable. The first and last clauses
are compared with the published files (dubois20.cnf and hole6.cnf as they
appear in SATLIB), and UNSAT is checked by brute force on small members of
each family and by the CPU DPLL on larger ones.
"""

from __future__ import annotations

import itertools
from math import comb
from pathlib import Path

import numpy as np
import pytest

from simt.bench.dpll.cnf import (
    CNF,
    CNFError,
    dubois,
    literal_code,
    parse_dimacs,
    pigeonhole,
    solver_arrays,
)
from simt.bench.dpll.generate import (
    INSTANCES_DIR,
    benchmark_formulas,
    main,
    write_formulas,
)
from simt.bench.dpll.kernel import UNSAT
from simt.bench.dpll.reference import decision_orders, solve_subtree, solve_subtrees


def brute_force_satisfiable(cnf: CNF) -> bool:
    return any(
        cnf.is_satisfied_by(values)
        for values in itertools.product((False, True), repeat=cnf.num_vars)
    )


def test_paper_formulas_have_their_known_sizes() -> None:
    hole8, dubois25 = pigeonhole(8), dubois(25)
    assert (hole8.num_vars, hole8.num_clauses) == (72, 297)
    assert (dubois25.num_vars, dubois25.num_clauses) == (75, 200)
    assert sorted(len(c) for c in hole8.clauses) == [2] * 288 + [8] * 9
    assert all(len(c) == 3 for c in dubois25.clauses)


@pytest.mark.parametrize("holes", range(1, 10))
def test_pigeonhole_sizes(holes: int) -> None:
    cnf = pigeonhole(holes)
    assert cnf.num_vars == holes * (holes + 1)
    assert cnf.num_clauses == holes * comb(holes + 1, 2) + holes + 1


@pytest.mark.parametrize("d", range(3, 30, 3))
def test_dubois_sizes_and_each_variable_in_two_gadgets(d: int) -> None:
    cnf = dubois(d)
    assert (cnf.num_vars, cnf.num_clauses) == (3 * d, 8 * d)
    uses = [0] * cnf.num_vars
    for clause in cnf.clauses[::4]:
        for lit in clause:
            uses[abs(lit) - 1] += 1
    assert uses == [2] * cnf.num_vars


def test_dubois20_matches_the_published_file() -> None:
    clauses = dubois(20).clauses
    assert clauses[:6] == (
        (39, 40, 1),
        (-39, -40, 1),
        (39, -40, -1),
        (-39, 40, -1),
        (1, 41, 2),
        (-1, -41, 2),
    )
    assert clauses[76:80] == (
        (19, 59, 60),
        (-19, -59, 60),
        (19, -59, -60),
        (-19, 59, -60),
    )
    assert clauses[80:84] == (
        (20, 59, 60),
        (-20, -59, 60),
        (20, -59, -60),
        (-20, 59, -60),
    )
    assert clauses[84] == (21, 58, 20)
    assert clauses[-4:] == (
        (39, 40, -38),
        (-39, -40, -38),
        (39, -40, 38),
        (-39, 40, 38),
    )


def test_hole6_matches_the_published_file() -> None:
    clauses = pigeonhole(6).clauses
    assert clauses[:7] == (
        (-1, -7),
        (-1, -13),
        (-1, -19),
        (-1, -25),
        (-1, -31),
        (-1, -37),
        (-7, -13),
    )
    assert clauses[21] == (-2, -8)
    assert clauses[-1] == (42, 41, 40, 39, 38, 37)
    assert clauses[-7] == (6, 5, 4, 3, 2, 1)


@pytest.mark.parametrize(
    "cnf", [pigeonhole(2), pigeonhole(3), dubois(3), dubois(4)], ids=str
)
def test_small_members_are_unsat_by_brute_force(cnf: CNF) -> None:
    assert not brute_force_satisfiable(cnf)


@pytest.mark.parametrize(
    "cnf",
    [*(pigeonhole(n) for n in range(2, 8)), *(dubois(d) for d in range(3, 13))],
    ids=str,
)
def test_cpu_dpll_refutes_the_families(cnf: CNF) -> None:
    status, nodes, _ = solve_subtree(solver_arrays(cnf), 0, 0, 10**9)
    assert status == UNSAT
    assert nodes > 1


def xor_system(cnf: CNF) -> list[tuple[int, int]]:
    """Reads every group of four clauses as one xor constraint (bit mask of
    its variables, right-hand side), checking by truth table that the four
    clauses say exactly that."""
    system: list[tuple[int, int]] = []
    for k in range(0, cnf.num_clauses, 4):
        group = cnf.clauses[k : k + 4]
        variables = sorted({abs(lit) for clause in group for lit in clause})
        gadget = CNF(cnf.num_vars, group)
        parities = set()
        for bits in itertools.product((False, True), repeat=len(variables)):
            values = [False] * cnf.num_vars
            for var, bit in zip(variables, bits, strict=True):
                values[var - 1] = bit
            if gadget.is_satisfied_by(values):
                parities.add(sum(bits) % 2)
        assert len(parities) == 1, "the four clauses are one xor constraint"
        mask = sum(1 << (v - 1) for v in variables)
        system.append((mask, parities.pop()))
    return system


def gf2_consistent(system: list[tuple[int, int]]) -> bool:
    """Gaussian elimination over GF(2): False when some combination of the
    equations reads 0 = 1."""
    pivots: dict[int, tuple[int, int]] = {}
    for mask, rhs in system:
        while mask:
            top = mask.bit_length() - 1
            if top not in pivots:
                pivots[top] = (mask, rhs)
                break
            pivot_mask, pivot_rhs = pivots[top]
            mask, rhs = mask ^ pivot_mask, rhs ^ pivot_rhs
        else:
            if rhs:
                return False
    return True


@pytest.mark.parametrize("d", [3, 10, 25, 50])
def test_dubois_is_unsat_by_parity(d: int) -> None:
    system = xor_system(dubois(d))
    assert len(system) == 2 * d
    assert not gf2_consistent(system)
    # Dropping any one constraint leaves a satisfiable (consistent) system.
    assert gf2_consistent(system[1:])


def test_hole8_is_unsat_over_a_split() -> None:
    status, nodes, checks = solve_subtrees(
        solver_arrays(pigeonhole(8)), 6, 0, 64, 10**9
    )
    assert (status == UNSAT).all()
    assert int(nodes.sum()) > 0 and int(checks.sum()) > 0


def test_decision_orders_fix_the_split_first_and_permute_the_rest() -> None:
    rows = decision_orders(20, 4, 8, 5, seed=3).reshape(5, 20)
    for row in rows:
        assert sorted(row.tolist()) == list(range(20))
        assert row[:4].tolist() == [0, 1, 2, 3]
    assert len({tuple(row) for row in rows}) == 5
    # A sub-tree's order does not depend on the sample it is drawn in.
    wider = decision_orders(20, 4, 6, 9, seed=3).reshape(9, 20)
    np.testing.assert_array_equal(rows, wider[2:7])
    assert (decision_orders(20, 4, 8, 5, seed=4) != rows.reshape(-1)).any()
    identity = decision_orders(20, 4, 8, 5, seed=None).reshape(5, 20)
    assert (identity == np.arange(20)).all()


def test_solver_rejects_orders_that_are_not_permutations() -> None:
    arrays = solver_arrays(dubois(3))
    bad = np.zeros(arrays.num_vars, dtype=np.int32)
    with pytest.raises(ValueError, match="permutations of the 9 variables"):
        solve_subtree(arrays, 0, 0, 10, bad)
    with pytest.raises(ValueError, match="2 permutations"):
        solve_subtrees(arrays, 1, 0, 2, 10, decision_orders(9, 1, 0, 1, None))


def test_dubois_refuted_in_random_orders_over_a_whole_split() -> None:
    # The split's variables come first in every order, so the sub-trees
    # still cover every assignment: together they refute the formula.
    arrays = solver_arrays(dubois(10))
    orders = decision_orders(arrays.num_vars, 5, 0, 32, seed=1)
    status, _, checks = solve_subtrees(arrays, 5, 0, 32, 10**9, orders)
    assert (status == UNSAT).all()
    _, _, in_order = solve_subtrees(arrays, 5, 0, 32, 10**9)
    assert (checks != in_order).any()


def test_pigeonhole_with_fewer_pigeons_than_holes_would_be_sat() -> None:
    # The brute force itself can answer SAT: drop the clauses of pigeon 3 of hole2.
    cnf = pigeonhole(2)
    fewer = CNF(cnf.num_vars, cnf.clauses[:-1])
    assert brute_force_satisfiable(fewer)


def test_dimacs_round_trip() -> None:
    for cnf in (pigeonhole(4), dubois(5)):
        assert parse_dimacs(cnf.to_dimacs()).clauses == cnf.clauses


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 0\n", "no 'p cnf"),
        ("p cnf 2 1\n1 x 0\n", "<string>:2: expected a literal, found 'x'"),
        ("p cnf 2 2\n1 2 0\n", "declares 2 clauses, found 1"),
        ("p cnf 2 1\n1 3 0\n", "literal 3 is not in 1..2"),
        ("p cnf 2 1\n1 2\n", "does not end with 0"),
        ("p dnf 2 1\n1 0\n", "<string>:1: expected 'p cnf"),
    ],
)
def test_dimacs_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(CNFError, match=message):
        parse_dimacs(text)


def test_solver_arrays_index_clauses_and_occurrences() -> None:
    cnf = CNF(3, ((1, -2), (2, 3), (-1, -3, 2)))
    arrays = solver_arrays(cnf)
    assert arrays.clause_start.tolist() == [0, 2, 4, 7]
    assert arrays.clause_lits.tolist() == [1, -2, 2, 3, -1, -3, 2]
    occurs_in = {
        lit: arrays.occ_clauses[
            arrays.occ_start[literal_code(lit)] : arrays.occ_start[
                literal_code(lit) + 1
            ]
        ].tolist()
        for lit in (1, -1, 2, -2, 3, -3)
    }
    assert occurs_in == {1: [0], -1: [2], 2: [1, 2], -2: [0], 3: [1], -3: [2]}
    assert arrays.queue_capacity == 7 + 3


def test_committed_instances_are_the_generator_output(tmp_path: Path) -> None:
    for name, cnf in benchmark_formulas().items():
        committed = (INSTANCES_DIR / name).read_text()
        assert committed == cnf.to_dimacs()
        parsed = parse_dimacs(committed, name)
        assert (parsed.num_vars, parsed.num_clauses) == (cnf.num_vars, cnf.num_clauses)
    written = write_formulas(tmp_path, [3], [4])
    assert [p.name for p in written] == ["hole3.cnf", "dubois4.cnf"]
    assert main(["--out", str(tmp_path), "--hole", "5"]) == 0
    assert parse_dimacs((tmp_path / "hole5.cnf").read_text()).num_vars == 30


def test_generators_reject_bad_sizes() -> None:
    with pytest.raises(CNFError, match="at least 1 hole"):
        pigeonhole(0)
    with pytest.raises(CNFError, match="d >= 3"):
        dubois(2)
