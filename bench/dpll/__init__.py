"""The GPU DPLL benchmark of Bulavintsev and Zhdanov 2021 (Sec. 5, Table 1).

- `cnf`: CNF formulas, DIMACS text, the pigeonhole ("holeN") and dubois
  ("duboisD") generators, and the CSR arrays the solvers read;
- `generate`: writes hole8.cnf and dubois25.cnf (`python -m
  simt.bench.dpll.generate`);
- `kernel`: the numba.cuda-style DPLL kernel ("Take 4"): lanes take sub-trees
  from a job queue (loop L0) and search each with the paper's loops L1-L4;
- `reference`: the same algorithm single-threaded on the CPU (numba @njit);
- `harness`: launches of the kernel on the simulator (and on a GPU through
  numba-cuda when one is present), results per sub-tree, literal checks per
  second;
- `run`: the benchmark (`python -m simt.bench.dpll.run --out bench/results/`).
"""

from simt.bench.dpll.cnf import (
    CNF,
    SolverArrays,
    dubois,
    parse_dimacs,
    pigeonhole,
    solver_arrays,
)
from simt.bench.dpll.kernel import DPLL_SIGNATURE, SAT, UNKNOWN, UNSAT, dpll_kernel

__all__ = [
    "CNF",
    "DPLL_SIGNATURE",
    "SAT",
    "UNKNOWN",
    "UNSAT",
    "SolverArrays",
    "dpll_kernel",
    "dubois",
    "parse_dimacs",
    "pigeonhole",
    "solver_arrays",
]
