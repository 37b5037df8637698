"""arith ops that xDSL 0.74 lacks (`arith.remf`), and MLIR's syntax of
`arith.cmpi` / `arith.cmpf`.

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

MLIR's assembly format of the comparisons carries an attribute dictionary
(`$predicate , $lhs , $rhs attr-dict : type($lhs)`, ArithOps.td); xDSL 0.74's
custom printer and parser of `arith.cmpi` and `arith.cmpf` drop it, so the
analysis facts `simt-divergence` records on a comparison (`simt.divergence`)
vanished from the printed IR. Importing this module installs MLIR's syntax on
those two xDSL classes (`install_comparison_syntax`): the output is unchanged
for a comparison without discardable attributes, and the parser accepts both.

    %c = arith.cmpi slt, %a, %b {simt.divergence = [#simt.uniformity<divergent>]} : i32
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects import arith
from xdsl.dialects.arith import (
    CMPF_COMPARISON_OPERATIONS,
    CMPI_COMPARISON_OPERATIONS,
    FastMathFlagsAttr,
    FloatingPointLikeBinaryOperation,
)
from xdsl.ir import Attribute, Dialect, SSAValue
from xdsl.irdl import irdl_op_definition, traits_def
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
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


def _parse_operands(parser: Parser) -> tuple[str, UnresolvedOperand, UnresolvedOperand]:
    predicate = parser.parse_identifier()
    parser.parse_punctuation(",")
    lhs = parser.parse_unresolved_operand()
    parser.parse_punctuation(",")
    rhs = parser.parse_unresolved_operand()
    return predicate, lhs, rhs


def _parse_type_and_resolve(
    parser: Parser, lhs: UnresolvedOperand, rhs: UnresolvedOperand
) -> tuple[dict[str, Attribute], Sequence[SSAValue]]:
    attributes = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    type_ = parser.parse_type()
    return attributes, parser.resolve_operands([lhs, rhs], [type_, type_], parser.pos)


def _parse_cmpi(cls: type[arith.CmpiOp], parser: Parser) -> arith.CmpiOp:
    predicate, lhs, rhs = _parse_operands(parser)
    attributes, (a, b) = _parse_type_and_resolve(parser, lhs, rhs)
    op = cls(a, b, predicate)
    op.attributes.update(attributes)
    return op


def _parse_cmpf(cls: type[arith.CmpfOp], parser: Parser) -> arith.CmpfOp:
    predicate, lhs, rhs = _parse_operands(parser)
    fastmath = FastMathFlagsAttr("none")
    if parser.parse_optional_keyword("fastmath"):
        fastmath = FastMathFlagsAttr(FastMathFlagsAttr.parse_parameter(parser))
    attributes, (a, b) = _parse_type_and_resolve(parser, lhs, rhs)
    op = cls(a, b, predicate, fastmath)
    op.attributes.update(attributes)
    return op


def _print_comparison(
    op: arith.CmpiOp | arith.CmpfOp, predicate: str, printer: Printer
) -> None:
    printer.print_string(f" {predicate}, ")
    printer.print_operand(op.lhs)
    printer.print_string(", ")
    printer.print_operand(op.rhs)
    if isinstance(op, arith.CmpfOp) and op.fastmath != FastMathFlagsAttr("none"):
        printer.print_string(" fastmath")
        op.fastmath.print_parameter(printer)
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_attribute(op.lhs.type)


def _print_cmpi(op: arith.CmpiOp, printer: Printer) -> None:
    predicate = CMPI_COMPARISON_OPERATIONS[op.predicate.value.data]
    _print_comparison(op, predicate, printer)


def _print_cmpf(op: arith.CmpfOp, printer: Printer) -> None:
    predicate = CMPF_COMPARISON_OPERATIONS[op.predicate.value.data]
    _print_comparison(op, predicate, printer)


def install_comparison_syntax() -> None:
    """Gives xDSL's `arith.cmpi` and `arith.cmpf` MLIR's assembly format, with
    the attribute dictionary (idempotent; runs when this module is imported)."""
    arith.CmpiOp.parse = classmethod(_parse_cmpi)  # pyright: ignore[reportAttributeAccessIssue]
    arith.CmpiOp.print = _print_cmpi  # pyright: ignore[reportAttributeAccessIssue]
    arith.CmpfOp.parse = classmethod(_parse_cmpf)  # pyright: ignore[reportAttributeAccessIssue]
    arith.CmpfOp.print = _print_cmpf  # pyright: ignore[reportAttributeAccessIssue]


install_comparison_syntax()
