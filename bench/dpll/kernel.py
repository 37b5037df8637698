"""The GPU DPLL kernel: lanes take sub-trees of the decision tree from a job queue ("Take 4").

Source: Bulavintsev and Zhdanov 2021, Sec. 5 (Fig. 4-6). DPLL is a tree walk
(loop L1) whose every node runs Boolean constraint propagation: L2 takes the
next literal off the propagation queue, L3 checks the clauses in which that
literal became false, L4 checks the literals of one clause. "Take 4" puts
all four loops on the lane level and adds a loop L0 of work distribution
("threads of a warp can now dynamically ask each other for search tree
branches that still must be checked"). Here the top of the decision tree is
split into sub-trees (the jobs: the first `prefix_vars` variables fixed by
the bits of the sub-tree number, most significant first, bit 0 = true; job
j is sub-tree `first_subtree + j`; jobs in increasing order are the
sequential search order), and L0 is a shared job queue: a lane takes the
next job with `cuda.atomic.add` on the counter `next_job[0]`, searches it to
the end (or to `node_limit` nodes) and takes another, until none is left.

Why a shared counter and not a static list of jobs per lane, nor the
paper's stealing of branches from running searches: the counter hands out
work dynamically, as the paper asks (a lane, or a warp, that finishes early
takes the next job; a static list would fix each lane's share before the
search sizes are known), and it keeps every job's search independent of the
lane and the moment it runs, so its verdict, nodes and literal checks are
those of the sequential CPU reference on the same sub-tree (which the
differential tests check job by job). What it does not do is split a running
search: the granularity is the split's, fixed before the launch (Blumofe and
Leiserson's stealing, the paper's [22], would hand out the untried half of
another lane's tree).

The search of one job (the same in `reference.py`):

- below the split, variables are decided in the job's order, true first:
  row `job` of `orders` (`num_vars` variable indices, 0-based, the split's
  variables first; `reference.decision_orders` makes them). Index order is
  the identity row; ringsat, the paper's implementation, gives every thread
  its own random variable order (`PermutateVarsShard`), which the benchmark
  does for dubois25 (see `run.DUBOIS_NOTE`). Chronological backtracking
  flips the deepest decision not yet flipped;
- propagation is lazy, from a queue, as Sec. 5.2 describes it: a literal is
  assigned when it leaves the queue (a literal already true is skipped, one
  already false is a conflict); L3 checks every clause containing its
  negation, counting in L4 every literal of the clause (the "literal checks"
  of Table 1); a clause with no true and no free literal is a conflict, one
  with a single free literal enqueues it. The queue restarts empty at every
  node, so a propagation enqueues at most one literal per literal occurrence:
  `queue_capacity` = literals + variables slots per lane;
- a node is one propagation; the first propagates the job's prefix;
  `node_limit` bounds the nodes of a job (status UNKNOWN when reached), so
  benchmark runs are bounded.

Why L3 and L4 are written the way they are: the method asks for loops whose
iterations are independent wherever the algorithm allows it. L4 only reads
(free-literal count, last free literal, "some literal true" are reductions);
L3 only reads the assignment and appends to the queue through an atomic
ticket (`cuda.atomic.add` on the lane's queue tail), so no iteration reads
what another wrote; the conflict flag is set, never read, inside L3. L2 is
inherently sequential (it assigns the variables that the next L3 reads),
and so is the walk within a sub-tree (the decision stack).

Per-lane state lives in global arrays indexed by the global thread id times a
stride (the frontend has no local arrays): `assign`, `trail` and `dec_pos`
have `num_vars` entries per lane, `queue` has `queue_capacity`, `qtail` one;
a lane clears `assign` at the start of each job. Outputs per job: `status`
(SAT / UNSAT / UNKNOWN), `nodes`, `checks`, and for a SAT job its model in
`models` (`num_vars` entries per job, +1 true / -1 false). Input per job:
its decision order in `orders`.

    L0 jobs  (`while job < num_jobs`; a natural loop in the IR, since the
              frontend lowers a loop holding a `break` loop to blocks)
      L1 tree walk of one sub-tree  (natural loop, `while True` with break)
        L2 propagation queue  (scf.while)
          L3 clauses of the literal  (scf.for)
            L4 literals of the clause  (scf.for)
"""

# The kernel spells the paper's loops out literally; conditional assignments
# stay as if/else rather than ternaries so every branch is visible in the IR.

from __future__ import annotations

from typing import Any

from numba import cuda as numba_cuda

cuda: Any = numba_cuda

UNSAT = 0
SAT = 1
UNKNOWN = 2

DPLL_SIGNATURE = (
    "void(int32[:], int32[:], int32[:], int32[:], int32, int32, int32, int32, int32,"
    " int64, int32[:], int32[:], int32[:], int32[:], int32[:], int32[:], int32[:],"
    " int64[:], int64[:], int32[:], int32[:])"
)
"""numba's signature of `dpll_kernel`."""


def dpll_kernel(
    clause_start,
    clause_lits,
    occ_start,
    occ_clauses,
    num_vars,
    queue_capacity,
    prefix_vars,
    first_subtree,
    num_jobs,
    node_limit,
    next_job,
    assign,
    trail,
    dec_pos,
    queue,
    qtail,
    status,
    nodes,
    checks,
    models,
    orders,
):
    """Every lane takes jobs (sub-trees `first_subtree + job`) from the
    counter `next_job[0]` until none is left and searches each to the end."""
    tid = cuda.grid(1)
    vbase = tid * num_vars
    qbase = tid * queue_capacity
    job = cuda.atomic.add(next_job, 0, 1)
    while job < num_jobs:
        # L0: one job (a sub-tree of the split) per iteration.
        subtree = first_subtree + job
        obase = job * num_vars
        for v in range(num_vars):
            assign[vbase + v] = 0
        for v in range(prefix_vars):
            if (subtree >> (prefix_vars - 1 - v)) & 1 == 0:
                queue[qbase + v] = v + 1
            else:
                queue[qbase + v] = -(v + 1)
        qtail[tid] = prefix_vars
        qhead = 0
        trail_len = 0
        level = 0
        n_nodes = 0
        n_checks = 0
        result = UNKNOWN
        while True:
            # L1: one node of the decision tree per iteration.
            n_nodes += 1
            conflict = 0
            while qhead < qtail[tid] and conflict == 0:
                # L2: the propagation queue.
                lit = queue[qbase + qhead]
                qhead += 1
                var = abs(lit) - 1
                want = 1
                if lit < 0:
                    want = -1
                current = assign[vbase + var]
                if current == -want:
                    conflict = 1
                elif current == 0:
                    assign[vbase + var] = want
                    trail[vbase + trail_len] = lit
                    trail_len += 1
                    false_code = 2 * var
                    if lit > 0:
                        false_code += 1
                    for k in range(occ_start[false_code], occ_start[false_code + 1]):
                        # L3: the clauses in which `lit` made a literal false.
                        clause = occ_clauses[k]
                        satisfied = 0
                        free = 0
                        unit = 0
                        for j in range(clause_start[clause], clause_start[clause + 1]):
                            # L4: the literals of one clause.
                            x = clause_lits[j]
                            value = assign[vbase + abs(x) - 1]
                            if x < 0:
                                value = -value
                            n_checks += 1
                            if value > 0:
                                satisfied = 1
                            if value == 0:
                                free += 1
                                unit = x
                        if satisfied == 0:
                            if free == 0:
                                conflict = 1
                            elif free == 1:
                                slot = cuda.atomic.add(qtail, tid, 1)
                                queue[qbase + slot] = unit
            qhead = 0
            qtail[tid] = 0
            if conflict == 1:
                # Chronological backtracking: flip the deepest unflipped decision.
                flipped = 0
                while level > 0 and flipped == 0:
                    level -= 1
                    pos = dec_pos[vbase + level]
                    decision = trail[vbase + pos]
                    while trail_len > pos:
                        trail_len -= 1
                        assign[vbase + abs(trail[vbase + trail_len]) - 1] = 0
                    if decision > 0:
                        dec_pos[vbase + level] = trail_len
                        level += 1
                        queue[qbase] = -decision
                        qtail[tid] = 1
                        flipped = 1
                if flipped == 0:
                    result = UNSAT
                    break
            else:
                v = 0
                while v < num_vars and assign[vbase + orders[obase + v]] != 0:
                    v += 1
                if v == num_vars:
                    result = SAT
                    break
                dec_pos[vbase + level] = trail_len
                level += 1
                queue[qbase] = orders[obase + v] + 1
                qtail[tid] = 1
            if n_nodes >= node_limit:
                break
        status[job] = result
        nodes[job] = n_nodes
        checks[job] = n_checks
        if result == SAT:
            for v in range(num_vars):
                models[job * num_vars + v] = assign[vbase + v]
        job = cuda.atomic.add(next_job, 0, 1)
