"""simt.frontend: numba.cuda-style Python kernels -> simt IR.

`compile_python(py_func_or_source, signature, name=None)` compiles the function
`numba.cuda.jit(signature)` would compile; `compile_kernels(source, filename)`
compiles every `@cuda.jit("...")`-decorated function of a file (what
`simt-opt kernels.py` reads). Both return a verified `ModuleOp` whose kernels
follow docs/ir-conventions.md (`func.func` with `simt.kernel` and
`simt.arg_names`; arrays are `memref<?xT>`; every op carries the
`file:line:col` location of the Python code it came from). Whatever is not
supported raises `FrontendError` with "file:line:col: unsupported construct
'X'" (a `DiagnosticException`, so `simt-opt` reports it without a traceback).

Supported (semantics and typing are numba-cuda's; see `typing.py` and
`values.py` for the rules and their sources):

* signatures: 1-D arrays (`int32[:]`) and scalars of int32, int64, float32,
  float64, return type `void`;
* statements: assignment (also chained `a = b = 0`), augmented assignment, to
  variables and to `a[i]`; `if`/`elif`/`else`, `while`, `for v in range(...)`
  (1 to 3 arguments, any step sign, evaluated once; the loop variable keeps its
  last value), `break`, `continue`, `return` (no value), `pass`, docstrings;
* expressions: int/float/bool literals, module-level number constants,
  `+ - * /`, `// %` (integers and floats: Python's floor division and modulo,
  floats through `arith.remf`), `**` (constant exponent in [0, 64]), `& | ^ << >> ~`,
  comparisons (chained too), `and`/`or`/`not` (short-circuit),
  `x if c else y`, `min`, `max`, `abs`, `int`, `float`, `len(a)`, `a.size`,
  `a.shape[0]`, `math.sqrt/exp/log/floor/ceil`, `math.pi/e`;
* arrays: `a[i]` loads and stores (numba's negative-index wraparound; stores
  cast to the element type: int truncation, float-to-int toward zero);
* CUDA: `cuda.threadIdx/blockIdx/blockDim/gridDim.x|y|z` (int32),
  `cuda.laneid`, `cuda.warpsize` (int32), `cuda.grid(1)`, `cuda.gridsize(1)`
  (int64), `cuda.syncthreads()`, `cuda.atomic.add(a, i, v)` (returns the old
  value), `cuda.any_sync/all_sync/ballot_sync(0xffffffff, p)`.

Control flow: structured code becomes `scf.if`/`scf.for`/`scf.while`; a loop
with `break`/`continue`, a construct that contains a nested `return`, and
every construct enclosing those become a `cf` block graph (not restructured:
that is what `simt-linearize` is for). Conditions of `cf` constructs
short-circuit as `cf.cond_br` chains, other `and`/`or` as nested `scf.if`.

Division by zero follows numba-cuda's default (numpy) error model: integer
`//` and `%` by zero give 0, float `/` and `//` by zero inf/NaN, float `%` by
zero NaN; nothing traps.
"""

from simt.frontend.compile import compile_kernels, compile_python
from simt.frontend.errors import FrontendError
from simt.frontend.signature import Param, parse_signature

__all__ = [
    "FrontendError",
    "Param",
    "compile_kernels",
    "compile_python",
    "parse_signature",
]
