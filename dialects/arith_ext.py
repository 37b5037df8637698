"""arith ops that xDSL 0.74 lacks: `arith.remf`.

MLIR's arith dialect defines `arith.remf` (https://mlir.llvm.org/docs/Dialects/ArithOps/,
"arith.remf (arith::RemFOp)"): the floating-point remainder with the semantics of
C's `fmod` (LLVM's `frem`), whose result has the sign of the dividend. The
frontend needs it for Python's float `//` and `%` (numba builds both from
`frem`, see `numba/cpython/numbers.py`, `real_divmod_func_body`).

The op keeps MLIR's name and assembly format so that the IR reads and parses as
MLIR's would. It lives in a separate `Dialect` object named `arith_ext`: xDSL's
own `arith` dialect is left untouched (a second dialect named `arith` would clash
with it). Because a context loads a lazily registered dialect by the prefix of
an op's name (`arith`), registering `arith_ext` lazily is not enough to parse
`arith.remf`: `simt.pipeline.register_dialects` (behind `simt-opt` and
`simt.default_context()`) loads it eagerly. `simt-lower-to-llvm` lowers it to
`llvm.frem`; the simulator computes it with `numpy.fmod`.
"""

from __future__ import annotations

from xdsl.dialects.arith import FloatingPointLikeBinaryOperation
from xdsl.ir import Dialect
from xdsl.irdl import irdl_op_definition, traits_def
from xdsl.traits import Pure

from simt.model.facts import CostClass, Divergence, DivergenceTrait, OpKind


@irdl_op_definition
class RemFOp(FloatingPointLikeBinaryOperation):
    """The remainder of `lhs / rhs` truncated toward zero (C's `fmod`).

    Each lane computes `lhs - trunc(lhs / rhs) * rhs` exactly: the result has the
    sign of `lhs` and a magnitude below `|rhs|`. `rhs == 0`, an infinite `lhs`
    or a NaN operand gives NaN; a finite `lhs` with an infinite `rhs` gives
    `lhs`. Nothing traps. Operands and result share one float type (scalar,
    vector or tensor), as for `arith.addf`.

    Example: `%r = arith.remf %a, %b : f64` (`-7.5, 2.0` gives `-1.5`).
    """

    name = "arith.remf"

    traits = traits_def(
        Pure(), DivergenceTrait(Divergence.OPERANDS), CostClass(OpKind.FLOAT_DIV)
    )


ARITH_EXT = Dialect("arith_ext", [RemFOp])
