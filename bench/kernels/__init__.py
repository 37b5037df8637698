"""The kernel corpus: numba-style kernels from the papers and irregular real-world ones.

Every kernel is a plain, undecorated Python function in the numba.cuda subset
the frontend reads (1-D arrays and scalars of int32/int64/float32/float64,
structured and unstructured control flow, thread ids, atomics, barriers), so
`numba.cuda.jit(spec.signature)(spec.func)` and
`simt.compile_python(spec.func, spec.signature)` both accept it. Each comes
with an input generator and a numpy reference written independently of the
kernel body.

API
---
`CORPUS: Mapping[str, KernelSpec]`, `get(name) -> KernelSpec`

`KernelSpec` (frozen dataclass, `spec.py`):
    name, func, signature (numba string, e.g. "void(int32[:], int32[:], int32)"),
    make_inputs(rng: numpy.random.Generator, size: str | int = "small") -> LaunchCase
        size: "small" (a few hundred threads, for tests), "medium" (16x),
        "large" (256x), or a number of work items;
    reference(args) -> None: computes the expected outputs in place in a
        copy of the arguments (`spec.expected(case)` does the copy for you);
    outputs: indices of the output arguments; arg_names;
    float_tolerance: Tolerance(rtol, atol) for float outputs (ints compare exactly);
    mismatches(expected_args, actual_args) -> list[str]: empty when equal;
    paper: the citation (paper and figure); unstructured: uses break /
    continue / return inside control flow; params: the kernel's parameters.

`LaunchCase` (frozen dataclass): grid, block (1-tuples), args (list of numpy
arrays and numpy scalars, in parameter order); `copy_args()`; `threads`.

`early_exit_spec(k, ratio_outer, ratio_inner, *, outer_iters=4, inner_cap=8,
work_unit=1, name=None) -> KernelSpec`: Bulavintsev 2019's Fig. 7 benchmark
for one early-exit count k (lanes of 32 that leave the inner loop after one
iteration) and one A/B cost ratio; `EARLY_EXIT_KS` (0..31) and
`EARLY_EXIT_RATIOS` ((10, 1), (1, 1), (1, 10), (1, 100)) are the paper's sweep.

Corpus kernels: early_exit (k=24, A/B=1/10), coutinho_fig10, bitonic_step,
bitonic_sort_block, anantpur_fig1 (short circuit as written in Fig. 1(a)),
anantpur_fig1_branches (the Fig. 1(b) CFG, unstructured), anantpur_fig2b,
anantpur_fig3, csr_spmv, bfs_frontier, escape_time, collatz, histogram,
first_match.

Also here: `cudasim.run_cudasim(jobs)` runs kernels under numba's CUDA
simulator in one subprocess (the differential reference), and
`generate.generate_kernel(seed)` emits random kernels for differential tests.

Example::

    import numpy as np
    from simt.bench.kernels import get

    spec = get("csr_spmv")
    case = spec.make_inputs(np.random.default_rng(0))
    expected = spec.expected(case)
    actual = case.copy_args()
    # ... run spec.func on `actual` with case.grid / case.block ...
    assert not spec.mismatches(expected, actual)
"""

from simt.bench.kernels.paper_kernels import (
    EARLY_EXIT_KS,
    EARLY_EXIT_RATIOS,
    early_exit_spec,
)
from simt.bench.kernels.registry import CORPUS, get
from simt.bench.kernels.spec import (
    EXACT,
    Arg,
    KernelSpec,
    LaunchCase,
    Tolerance,
    output_mismatches,
)

__all__ = [
    "CORPUS",
    "EARLY_EXIT_KS",
    "EARLY_EXIT_RATIOS",
    "EXACT",
    "Arg",
    "KernelSpec",
    "LaunchCase",
    "Tolerance",
    "early_exit_spec",
    "get",
    "output_mismatches",
]
