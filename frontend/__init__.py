"""simt.frontend: numba.cuda-style Python kernels -> simt IR.

`compile_python(py_func_or_source, signature, name=None)` compiles the function
`numba.cuda.jit(signature)` would compile; `compile_kernels(source, filename)`
compiles every `@cuda.jit("...")`-decorated function of a file (what
`simt-opt kernels.py` reads). Both return a verified `ModuleOp` whose kernels
follow docs/ir-conventions.md (`func.func` with `simt.kernel` and
`simt.arg_names`; arrays are memrefs of any rank in their memory space;
every op carries the `file:line:col` location of the Python code it came
from). Whatever is not supported raises `FrontendError` with
"file:line:col: unsupported construct 'X'" (a `DiagnosticException`, so
`simt-opt` reports it without a traceback).

The language is numba-cuda's; typing follows numba-cuda's own typing
context (`typing.py`). The README's "Language" section lists what is
supported and what is not.
"""

from simt.frontend.compile import compile_kernels, compile_python
from simt.frontend.errors import FrontendError
from simt.frontend.signature import KernelSignature, parse_signature

__all__ = [
    "FrontendError",
    "KernelSignature",
    "compile_kernels",
    "compile_python",
    "parse_signature",
]
