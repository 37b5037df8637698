"""The single-threaded CPU reference of the GPU DPLL kernel (numba @njit).

Source: Bulavintsev and Zhdanov 2021, Sec. 5.5: "we also built a CPU version
of the same algorithm" to compare literal checks per second (Table 1). This
is that version for `kernel.py`: the same search (decisions in the job's
order, true first; chronological backtracking; lazy propagation from a queue;
every literal of every clause that loses a literal is checked; the same node
limit), written as plain sequential code with its own private arrays, so it
is an independent implementation that the differential test compares with the
kernel sub-tree by sub-tree: verdict, visited nodes and literal checks.

`solve_subtree` searches one sub-tree (the first `prefix_vars` variables set
by the bits of the sub-tree number, most significant first, bit 0 = true);
`solve_subtrees` runs the jobs of the kernel's queue (sub-trees `first ..
first + count - 1`) one after another in job order, as one CPU thread
taking every job from the queue would. A job's search starts from a cleared
assignment, as in the kernel, so it does not depend on the jobs before it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from simt.bench.dpll.cnf import Int32Array, SolverArrays
from simt.bench.dpll.kernel import SAT, UNKNOWN, UNSAT

Int64Array = np.ndarray


@njit(cache=True)
def _propagate(
    clause_start: Int32Array,
    clause_lits: Int32Array,
    occ_start: Int32Array,
    occ_clauses: Int32Array,
    assign: Int32Array,
    trail: Int32Array,
    queue: Int32Array,
    qtail: int,
    trail_len: int,
) -> tuple[bool, int, int]:
    """Empties the queue; returns (conflict, new trail length, literal checks)."""
    checks = 0
    qhead = 0
    while qhead < qtail:
        lit = queue[qhead]
        qhead += 1
        var = abs(lit) - 1
        want = 1 if lit > 0 else -1
        if assign[var] == -want:
            return True, trail_len, checks
        if assign[var] != 0:
            continue
        assign[var] = want
        trail[trail_len] = lit
        trail_len += 1
        code = 2 * var + (1 if lit > 0 else 0)
        conflict = False
        for k in range(occ_start[code], occ_start[code + 1]):
            clause = occ_clauses[k]
            true_lits = 0
            free = 0
            unit = 0
            for j in range(clause_start[clause], clause_start[clause + 1]):
                x = clause_lits[j]
                value = assign[abs(x) - 1] if x > 0 else -assign[abs(x) - 1]
                checks += 1
                if value > 0:
                    true_lits += 1
                elif value == 0:
                    free += 1
                    unit = x
            if true_lits == 0 and free == 0:
                conflict = True
            elif true_lits == 0 and free == 1:
                queue[qtail] = unit
                qtail += 1
        if conflict:
            return True, trail_len, checks
    return False, trail_len, checks


@njit(cache=True)
def _solve(
    clause_start: Int32Array,
    clause_lits: Int32Array,
    occ_start: Int32Array,
    occ_clauses: Int32Array,
    num_vars: int,
    prefix_vars: int,
    subtree: int,
    node_limit: int,
    queue_capacity: int,
    order: Int32Array,
) -> tuple[int, int, int]:
    assign = np.zeros(num_vars, dtype=np.int32)
    trail = np.zeros(num_vars, dtype=np.int32)
    decisions = np.zeros(num_vars, dtype=np.int32)
    queue = np.zeros(queue_capacity, dtype=np.int32)
    for v in range(prefix_vars):
        bit = (subtree >> (prefix_vars - 1 - v)) & 1
        queue[v] = v + 1 if bit == 0 else -(v + 1)
    qtail = prefix_vars
    trail_len = 0
    level = 0
    nodes = 0
    checks = 0
    while True:
        nodes += 1
        conflict, trail_len, node_checks = _propagate(
            clause_start, clause_lits, occ_start, occ_clauses,
            assign, trail, queue, qtail, trail_len,
        )  # fmt: skip
        checks += node_checks
        qtail = 0
        if conflict:
            flipped = False
            while level > 0:
                level -= 1
                pos = decisions[level]
                decision = trail[pos]
                while trail_len > pos:
                    trail_len -= 1
                    assign[abs(trail[trail_len]) - 1] = 0
                if decision > 0:
                    level += 1
                    queue[0] = -decision
                    qtail = 1
                    flipped = True
                    break
            if not flipped:
                return UNSAT, nodes, checks
        else:
            v = 0
            while v < num_vars and assign[order[v]] != 0:
                v += 1
            if v == num_vars:
                return SAT, nodes, checks
            decisions[level] = trail_len
            level += 1
            queue[0] = order[v] + 1
            qtail = 1
        if nodes >= node_limit:
            return UNKNOWN, nodes, checks


@njit(cache=True)
def _solve_range(
    clause_start: Int32Array,
    clause_lits: Int32Array,
    occ_start: Int32Array,
    occ_clauses: Int32Array,
    num_vars: int,
    prefix_vars: int,
    first: int,
    count: int,
    node_limit: int,
    queue_capacity: int,
    orders: Int32Array,
    status: Int32Array,
    nodes: Int64Array,
    checks: Int64Array,
) -> None:
    for i in range(count):
        result = _solve(
            clause_start, clause_lits, occ_start, occ_clauses, num_vars,
            prefix_vars, first + i, node_limit, queue_capacity,
            orders[i * num_vars : (i + 1) * num_vars],
        )  # fmt: skip
        status[i] = result[0]
        nodes[i] = result[1]
        checks[i] = result[2]


def decision_orders(
    num_vars: int, prefix_vars: int, first: int, count: int, seed: int | None
) -> Int32Array:
    """The decision orders of sub-trees `first .. first+count-1`, one row of
    `num_vars` variable indices (0-based) per sub-tree, flattened.

    Every row starts with the split's variables `0 .. prefix_vars-1`, which the
    sub-tree number fixes. Below the split, `seed` None keeps index order;
    otherwise sub-tree s decides in its own random order, a permutation drawn
    from `numpy.random.default_rng((seed, s))`, so that a sub-tree's order
    does not depend on the sample it is in. Fixing the split's variables
    first keeps the sub-trees a partition of the search space."""
    if not 0 <= prefix_vars <= num_vars:
        raise ValueError(f"prefix_vars must be in 0..{num_vars}, got {prefix_vars}")
    rows = np.empty((count, num_vars), dtype=np.int32)
    rows[:, :prefix_vars] = np.arange(prefix_vars, dtype=np.int32)
    rest = np.arange(prefix_vars, num_vars, dtype=np.int32)
    for i in range(count):
        if seed is None:
            rows[i, prefix_vars:] = rest
        else:
            rng = np.random.default_rng((seed, first + i))
            rows[i, prefix_vars:] = rng.permutation(rest)
    return rows.reshape(-1)


def solve_subtree(
    arrays: SolverArrays,
    prefix_vars: int,
    subtree: int,
    node_limit: int,
    order: Int32Array | None = None,
) -> tuple[int, int, int]:
    """(status, nodes, literal checks) of one sub-tree; status is SAT, UNSAT
    or UNKNOWN. `order`: the decision order (`decision_orders`' row; index
    order when omitted)."""
    _check_split(arrays, prefix_vars, subtree, 1, node_limit)
    if order is None:
        order = decision_orders(arrays.num_vars, prefix_vars, subtree, 1, None)
    _check_orders(arrays, order, 1)
    return _solve(
        arrays.clause_start, arrays.clause_lits, arrays.occ_start, arrays.occ_clauses,
        arrays.num_vars, prefix_vars, subtree, node_limit, arrays.queue_capacity,
        order,
    )  # fmt: skip


def solve_subtrees(
    arrays: SolverArrays,
    prefix_vars: int,
    first: int,
    count: int,
    node_limit: int,
    orders: Int32Array | None = None,
) -> tuple[Int32Array, Int64Array, Int64Array]:
    """Per sub-tree `first .. first+count-1`: status, nodes and literal checks
    arrays. `orders`: the sub-trees' decision orders (`decision_orders`;
    index order when omitted)."""
    _check_split(arrays, prefix_vars, first, count, node_limit)
    if orders is None:
        orders = decision_orders(arrays.num_vars, prefix_vars, first, count, None)
    _check_orders(arrays, orders, count)
    status = np.zeros(count, dtype=np.int32)
    nodes = np.zeros(count, dtype=np.int64)
    checks = np.zeros(count, dtype=np.int64)
    _solve_range(
        arrays.clause_start, arrays.clause_lits, arrays.occ_start, arrays.occ_clauses,
        arrays.num_vars, prefix_vars, first, count, node_limit, arrays.queue_capacity,
        orders, status, nodes, checks,
    )  # fmt: skip
    return status, nodes, checks


def _check_split(
    arrays: SolverArrays, prefix_vars: int, first: int, count: int, node_limit: int
) -> None:
    if not 0 <= prefix_vars <= min(arrays.num_vars, 30):
        raise ValueError(
            f"prefix_vars must be in 0..{min(arrays.num_vars, 30)}, got {prefix_vars}"
        )
    if first < 0 or count < 0 or first + count > 1 << prefix_vars:
        raise ValueError(
            f"sub-trees {first}..{first + count - 1} are not among the "
            f"{1 << prefix_vars} sub-trees of a {prefix_vars}-variable split"
        )
    if node_limit < 1:
        raise ValueError(f"node_limit must be positive, got {node_limit}")


def _check_orders(arrays: SolverArrays, orders: Int32Array, count: int) -> None:
    """Each of the `count` rows must be a permutation of the variables."""
    n = arrays.num_vars
    flat = np.asarray(orders)
    if (
        flat.shape != (count * n,)
        or not (np.sort(flat.reshape(count, n), axis=1) == np.arange(n)).all()
    ):
        raise ValueError(
            f"orders must hold {count} permutations of the {n} variables (0-based)"
        )
