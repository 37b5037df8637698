"""Compiling Python expressions of a kernel into simt IR values.

`ExpressionCompiler` holds the state every expression needs (the variable
environment, the function's scope, the current block) and compiles one
expression node at a time into a `Value` (`objects.py`): a typed `Scalar`,
an `ArrayValue`, a `TupleValue`, a `RangeValue` or a compile-time
`StaticValue`. `KernelCompiler` (in `statements.py`) extends it with
statements and control flow; array indexing and memory are in `arrays.py`,
calls of builtins and intrinsics in `calls.py`.

Scalar types and conversions follow numba-cuda's typing (`typing.py`):
each operator looks up numba's signature for its operand types, converts the
operands to the signature's argument types and computes in the result type.
`and`/`or`, `x if c else y` and chained comparisons short-circuit: the
operands on the right are evaluated inside an `scf.if` (in conditions of
`cf` constructs, the statement compiler emits `cf.cond_br` chains instead).
"""

from __future__ import annotations

import ast
import enum
import math as pymath
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np
from xdsl.dialects import arith, scf
from xdsl.ir import Block, Region

from simt.dialects import simt
from simt.frontend import enums
from simt.frontend.errors import FrontendError, SourceLocator
from simt.frontend.intrinsics import (
    POWER_CUTOFF,
    constant_power,
    power,
)
from simt.frontend.joins import JoinError, JoinPlan, Slot
from simt.frontend.objects import (
    ArrayValue,
    ComplexValue,
    EnumValue,
    RangeValue,
    RecordArrayValue,
    RecordValue,
    StaticValue,
    TupleValue,
    Value,
    describe_value,
)
from simt.frontend.scope import Scope, attribute
from simt.frontend.types import (
    BOOL,
    COMPLEX128,
    FLOAT64,
    INT32,
    INT64,
    ComplexType,
    ScalarType,
    complex_of_dtype,
    complex_of_part,
    python_constant_type,
)
from simt.frontend.typing import Signature, resolve, unify
from simt.frontend.values import Scalar, ValueBuilder
from simt.model.captures import is_device_array

Env = dict[str, Value]
_T = TypeVar("_T")

OPERATOR_NAMES: dict[type[ast.AST], str] = {
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.MatMult: "@",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}

_TABLE_NAMES: dict[type[ast.AST], str] = {
    ast.Add: "add",
    ast.Sub: "sub",
    ast.Mult: "mul",
    ast.Div: "truediv",
    ast.FloorDiv: "floordiv",
    ast.Mod: "mod",
    ast.Pow: "pow",
    ast.BitAnd: "and",
    ast.BitOr: "or",
    ast.BitXor: "xor",
    ast.LShift: "lshift",
    ast.RShift: "rshift",
    ast.Lt: "lt",
    ast.LtE: "le",
    ast.Gt: "gt",
    ast.GtE: "ge",
    ast.Eq: "eq",
    ast.NotEq: "ne",
}

DIM_OPS: dict[
    str, type[simt.ThreadIdOp | simt.BlockIdOp | simt.BlockDimOp | simt.GridDimOp]
] = {
    "threadIdx": simt.ThreadIdOp,
    "blockIdx": simt.BlockIdOp,
    "blockDim": simt.BlockDimOp,
    "gridDim": simt.GridDimOp,
}

MATH_CONSTANTS = {
    "math.pi": pymath.pi,
    "math.e": pymath.e,
    "math.tau": pymath.tau,
    "math.inf": pymath.inf,
    "math.nan": pymath.nan,
    "np.pi": pymath.pi,
    "np.e": pymath.e,
    "np.inf": pymath.inf,
    "np.nan": pymath.nan,
}


def _literal_int(node: ast.expr) -> int | None:
    """The value of an integer literal (`3`, `-2`), else None."""
    sign = 1
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        sign, node = -1, node.operand
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return sign * node.value
    return None


def dotted_name(node: ast.expr) -> str | None:
    """`cuda.threadIdx.x` for an attribute chain over a name; None otherwise."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    name = ".".join(reversed(parts))
    return name.removeprefix("numba.")


def describe(node: ast.AST) -> str:
    """A short name for an unsupported construct, as the user would call it."""
    dotted = dotted_name(node) if isinstance(node, ast.expr) else None
    if dotted is not None:
        return dotted
    if isinstance(node, ast.Constant):
        return f"{type(node.value).__name__} constant"
    return _CONSTRUCT_NAMES.get(type(node), type(node).__name__.lower())


_CONSTRUCT_NAMES: dict[type[ast.AST], str] = {
    ast.Lambda: "lambda",
    ast.Tuple: "tuple",
    ast.List: "list",
    ast.Set: "set",
    ast.Dict: "dict",
    ast.ListComp: "list comprehension",
    ast.SetComp: "set comprehension",
    ast.DictComp: "dict comprehension",
    ast.GeneratorExp: "generator expression",
    ast.JoinedStr: "f-string",
    ast.Starred: "starred expression",
    ast.Slice: "slice",
    ast.NamedExpr: "assignment expression ':='",
    ast.Await: "await",
    ast.Yield: "yield",
    ast.YieldFrom: "yield from",
}


class ExpressionCompiler(ABC):
    """Compiles the expressions of one kernel; see the module docstring."""

    def __init__(self, locator: SourceLocator, scope: Scope):
        self.locator = locator
        self.scope = scope
        self.env: Env = {}
        self.ops = ValueBuilder(locator, None)

    # -- state --------------------------------------------------------------

    @property
    def block(self) -> Block | None:
        """The block new ops go to; None after a jump (unreachable code)."""
        return self.ops.block

    @block.setter
    def block(self, block: Block | None) -> None:
        self.ops.block = block

    def at(self, node: ast.AST) -> ast.AST | None:
        """Makes `node` the location of the ops emitted next; returns the previous one."""
        previous = self.ops.node
        self.ops.node = node
        return previous

    def in_block(self, block: Block, fn: Callable[[], _T]) -> _T:
        """Runs `fn` with `block` as the insertion block and returns its result."""
        saved = self.block
        self.block = block
        try:
            return fn()
        finally:
            self.block = saved

    def error(self, node: ast.AST, message: str) -> FrontendError:
        return self.locator.error(node, message)

    def unsupported(
        self, node: ast.AST, construct: str, why: str = ""
    ) -> FrontendError:
        return self.locator.unsupported(node, construct, why)

    # -- expressions --------------------------------------------------------

    def expr(self, node: ast.expr) -> Value:
        """The value of `node`, of any kind."""
        previous = self.at(node)
        try:
            return self._expr(node)
        finally:
            self.ops.node = previous

    def scalar(self, node: ast.expr) -> Scalar:
        """The value of `node`, which must be a scalar."""
        value = self.expr(node)
        previous = self.at(node)
        try:
            return self.as_scalar(node, value)
        finally:
            self.ops.node = previous

    def as_scalar(self, node: ast.AST, value: Value) -> Scalar:
        """`value` as a scalar (a static number becomes a constant)."""
        if isinstance(value, Scalar):
            return value
        if isinstance(value, EnumValue):
            return enums.as_scalar(self, node, value)
        if isinstance(value, StaticValue):
            constant = self.static_number(value)
            if constant is not None:
                return self.ops.const(constant, python_constant_type(constant))
        if isinstance(value, ArrayValue):
            raise self.error(
                node,
                f"array '{value.name}' used as a value (arrays can only be indexed)",
            )
        if isinstance(value, ComplexValue):
            raise self.error(
                node,
                f"expected a real number, found {value.type} (take .real or .imag)",
            )
        raise self.error(
            node, f"expected a scalar value, found {describe_value(value)}"
        )

    def static_number(self, value: StaticValue) -> int | float | bool | None:
        """The Python or numpy number a static value holds, else None (an
        `IntEnum` member is an enum member, not a number)."""
        obj = value.obj
        if isinstance(obj, enum.Enum):
            return None
        if isinstance(obj, np.generic) and obj.dtype.kind in "biuf":
            return obj.item()
        if isinstance(obj, bool | int | float):
            return obj
        if value.path in MATH_CONSTANTS:
            return MATH_CONSTANTS[value.path]
        return None

    def _expr(self, node: ast.expr) -> Value:
        handler = _EXPR_HANDLERS.get(type(node))
        if handler is None:
            raise self.unsupported(node, describe(node))
        return handler(self, node)

    def _constant(self, node: ast.Constant) -> Value:
        value = node.value
        if isinstance(value, bool | float):
            return self.ops.const(value, python_constant_type(value))
        if isinstance(value, int):
            if not -(1 << 63) <= value < (1 << 64):
                raise self.error(
                    node, f"integer constant {value} does not fit in 64 bits"
                )
            return self.ops.const(value, python_constant_type(value))
        if isinstance(value, complex):
            return self.complex_constant(value, COMPLEX128)
        if isinstance(value, str) or value is None:
            return StaticValue(value)
        raise self.unsupported(node, describe(node))

    def _name(self, node: ast.Name) -> Value:
        value = self.env.get(node.id)
        if value is not None:
            return value
        if node.id.startswith("$"):
            return StaticValue(None, node.id)
        found = self.scope.lookup(node.id)
        if found is None:
            raise self.error(node, f"use of undefined variable '{node.id}'")
        return self.materialize(node, found)

    def materialize(self, node: ast.AST, value: StaticValue) -> Value:
        """A static value as the kernel sees it: numbers become constants,
        tuples of them tuples of constants, numpy arrays constant arrays,
        enum members enum values."""
        number = self.static_number(value)
        if number is not None:
            return self.ops.const(number, python_constant_type(number))
        obj = value.obj
        if isinstance(obj, enum.Enum):
            return enums.member(self, node, obj)
        if isinstance(obj, complex):
            return self.complex_constant(obj, COMPLEX128)
        if isinstance(obj, np.complexfloating):
            number = complex_of_dtype(obj.dtype)
            if number is not None:
                return self.complex_constant(complex(obj), number)
        if isinstance(obj, tuple):
            items: list[Value] = [StaticValue(item) for item in obj]
            return TupleValue(
                tuple(
                    self.materialize(node, i) if isinstance(i, StaticValue) else i
                    for i in items
                )
            )
        if is_device_array(obj):
            name = node.id if isinstance(node, ast.Name) else None
            return self.captured_array(node, obj, name)
        if isinstance(obj, np.ndarray):
            array: np.ndarray[Any, Any] = obj
            if array.dtype.names is not None:
                return self.constant_record_array(node, array, None)
            return self.constant_array(node, array, None)
        return value

    @abstractmethod
    def constant_array(
        self, node: ast.AST, array: np.ndarray[Any, Any], name: str | None
    ) -> ArrayValue:
        """A numpy array frozen into constant memory (defined in `arrays.py`)."""

    @abstractmethod
    def captured_array(self, node: ast.AST, obj: object, name: str | None) -> Value:
        """A device array captured from the globals (defined in `arrays.py`)."""

    @abstractmethod
    def constant_record_array(
        self, node: ast.AST, array: np.ndarray[Any, Any], name: str | None
    ) -> RecordArrayValue:
        """A numpy record array frozen into constant memory (`arrays.py`)."""

    # -- operators ------------------------------------------------------------

    def _binop(self, node: ast.BinOp) -> Scalar | ComplexValue:
        kind = type(node.op)
        left_value = self.expr(node.left)
        if kind is ast.MatMult:
            raise self.unsupported(node, "operator @")
        if kind is ast.Pow:
            return self.power_expr(node, left_value, node.right)
        if isinstance(left_value, ComplexValue):
            return self.complex_binary(node, kind, left_value, self.expr(node.right))
        right_value = self.expr(node.right)
        if isinstance(right_value, ComplexValue):
            return self.complex_binary(node, kind, left_value, right_value)
        left = self.as_scalar(node.left, left_value)
        right = self.as_scalar(node.right, right_value)
        return self.binary(node, kind, left, right)

    # -- complex numbers ------------------------------------------------------
    #
    # numba's complex arithmetic (`numba/cuda/cpython/numbers.py`): a real
    # operand becomes complex with a zero imaginary part; the parts' type is
    # numba's unification of the operands' (float) types; `*` is
    # `(ac - bd) + (ad + bc)i`; `/` is CPython's `_Py_c_quot` (Smith's
    # algorithm), whose branches become selects (a zero divisor gives NaNs;
    # numba raises ZeroDivisionError only with debug=True).

    def complex_type(self, node: ast.AST, values: Sequence[Value]) -> ComplexType:
        """The complex type an operation on `values` computes in."""
        part: ScalarType | None = None
        for value in values:
            t = (
                value.type.part
                if isinstance(value, ComplexValue)
                else self.as_scalar(node, value).type
            )
            part = t if part is None else unify(part, t)
        assert part is not None
        return complex_of_part(part if part.is_float and part.bits >= 32 else FLOAT64)

    def complex_constant(self, value: complex, t: ComplexType) -> ComplexValue:
        return ComplexValue(
            self.ops.const(value.real, t.part), self.ops.const(value.imag, t.part), t
        )

    def as_complex(self, node: ast.AST, value: Value, t: ComplexType) -> ComplexValue:
        """`value` (complex or real) as a complex number of type `t`."""
        if isinstance(value, ComplexValue):
            if value.type == t:
                return value
            return ComplexValue(
                self.ops.convert(value.real, t.part),
                self.ops.convert(value.imag, t.part),
                t,
            )
        real = self.ops.convert(self.as_scalar(node, value), t.part)
        return ComplexValue(real, self.ops.zero(t.part), t)

    def complex_binary(
        self, node: ast.AST, kind: type[ast.operator], left: Value, right: Value
    ) -> ComplexValue:
        t = self.complex_type(node, [left, right])
        a = self.as_complex(node, left, t)
        b = self.as_complex(node, right, t)
        ops = self.ops
        if kind in (ast.Add, ast.Sub):
            return ComplexValue(
                ops.binary(kind, a.real, b.real), ops.binary(kind, a.imag, b.imag), t
            )
        if kind is ast.Mult:
            real = ops.binary(
                ast.Sub,
                ops.binary(ast.Mult, a.real, b.real),
                ops.binary(ast.Mult, a.imag, b.imag),
            )
            imag = ops.binary(
                ast.Add,
                ops.binary(ast.Mult, a.real, b.imag),
                ops.binary(ast.Mult, a.imag, b.real),
            )
            return ComplexValue(real, imag, t)
        if kind is ast.Div:
            return self._complex_divide(a, b)
        if kind is ast.Pow:
            return self.complex_power(node, a, b)
        symbol = _OPERATOR_SYMBOLS.get(kind, kind.__name__)
        raise self.unsupported(
            node,
            f"operator {symbol} on complex numbers",
            "complex numbers support +, -, *, /, **, ==, !=, .real, .imag and .conjugate()",
        )

    def _complex_divide(self, a: ComplexValue, b: ComplexValue) -> ComplexValue:
        ops = self.ops

        def mul(x: Scalar, y: Scalar) -> Scalar:
            return ops.binary(ast.Mult, x, y)

        def div(x: Scalar, y: Scalar) -> Scalar:
            return ops.binary(ast.Div, x, y)

        def add(x: Scalar, y: Scalar) -> Scalar:
            return ops.binary(ast.Add, x, y)

        def sub(x: Scalar, y: Scalar) -> Scalar:
            return ops.binary(ast.Sub, x, y)

        part = a.type.part
        by_real = ops.compare(ast.GtE, ops.abs(b.real, part), ops.abs(b.imag, part))
        ratio = div(b.imag, b.real)
        denom = add(b.real, mul(b.imag, ratio))
        real1 = div(add(a.real, mul(a.imag, ratio)), denom)
        imag1 = div(sub(a.imag, mul(a.real, ratio)), denom)
        ratio2 = div(b.real, b.imag)
        denom2 = add(mul(b.real, ratio2), b.imag)
        real2 = div(add(mul(a.real, ratio2), a.imag), denom2)
        imag2 = div(sub(mul(a.imag, ratio2), a.real), denom2)
        zero = ops.zero(part)
        nan = ops.const(float("nan"), part)
        # numba: NaN + NaN j when the divisor part it divides by is zero
        real_zero = ops.compare(ast.Eq, b.real, zero)
        imag_zero = ops.compare(ast.Eq, b.imag, zero)
        real1 = ops.select(real_zero, nan, real1)
        imag1 = ops.select(real_zero, nan, imag1)
        real2 = ops.select(imag_zero, nan, real2)
        imag2 = ops.select(imag_zero, nan, imag2)
        return ComplexValue(
            ops.select(by_real, real1, real2), ops.select(by_real, imag1, imag2), a.type
        )

    @abstractmethod
    def complex_power(
        self, node: ast.AST, a: ComplexValue, b: ComplexValue
    ) -> ComplexValue:
        """`a ** b` (also `pow(a, b)` and `**=`) of complex numbers of one
        type: numba-cuda's implementation, inlined (`numba_lowerings.py`)."""

    def complex_compare(
        self, node: ast.AST, kind: type[ast.cmpop], left: Value, right: Value
    ) -> Scalar:
        if kind not in (ast.Eq, ast.NotEq):
            raise self.error(node, "complex numbers are not ordered (only == and !=)")
        t = self.complex_type(node, [left, right])
        a = self.as_complex(node, left, t)
        b = self.as_complex(node, right, t)
        real = self.ops.compare(ast.Eq, a.real, b.real)
        imag = self.ops.compare(ast.Eq, a.imag, b.imag)
        both = self.ops.scalar(_and(real, imag), BOOL)
        return both if kind is ast.Eq else self.ops.not_(both)

    def complex_attribute(self, node: ast.AST, value: ComplexValue, attr: str) -> Value:
        if attr == "real":
            return value.real
        if attr == "imag":
            return value.imag
        raise self.unsupported(
            node,
            f"complex attribute .{attr}",
            "complex numbers have .real, .imag and .conjugate()",
        )

    def conjugate(self, value: ComplexValue) -> ComplexValue:
        imag = self.ops.scalar(arith.NegfOp(value.imag.value), value.imag.type)
        return ComplexValue(value.real, imag, value.type)

    def binary(
        self, node: ast.AST, kind: type[ast.operator], left: Scalar, right: Scalar
    ) -> Scalar:
        """`left <op> right` with numba's typing."""
        sig = self.resolve_binary(node, kind, left.type, right.type)
        a = self.ops.convert(self.ops.convert(left, sig.args[0]), sig.result)
        b = self.ops.convert(self.ops.convert(right, sig.args[1]), sig.result)
        self.check_divisor(node, kind, sig.args[1], b)
        return self.ops.binary(kind, a, b)

    @abstractmethod
    def check_divisor(
        self, node: ast.AST, kind: type[ast.operator], operands: ScalarType, b: Scalar
    ) -> None:
        """Where numba's Python error model (`debug=True`) raises on a zero
        divisor `b` of `operands`, adds that check (statements.py)."""

    @abstractmethod
    def check_tuple_index(self, node: ast.AST, position: Scalar, length: int) -> None:
        """Where numba's Python error model raises on a run-time tuple index
        out of range (`position` after wraparound), adds that check
        (statements.py)."""

    def resolve_binary(
        self,
        node: ast.AST,
        kind: type[ast.operator],
        left: ScalarType,
        right: ScalarType,
    ) -> Signature:
        """numba's signature of `left <op> right`; a located error if it has none."""
        sig = resolve(_TABLE_NAMES[kind], left, right)
        if sig is not None:
            return sig
        if _is_bitwise(kind):
            raise self.error(
                node,
                f"operator '{OPERATOR_NAMES[kind]}' expects integer operands, found "
                f"{left} and {right}",
            )
        raise self.error(
            node,
            f"operator '{OPERATOR_NAMES[kind]}' is not defined for {left} and {right}",
        )

    def power_expr(
        self, node: ast.AST, base: Value, exponent: ast.expr
    ) -> Scalar | ComplexValue:
        """`base ** exponent` (`pow(base, exponent)`): complex if either is."""
        if isinstance(base, ComplexValue):
            return self.complex_binary(node, ast.Pow, base, self.expr(exponent))
        if _literal_int(exponent) is not None:
            return self.power_of(node, self.as_scalar(node, base), exponent)
        value = self.expr(exponent)
        if isinstance(value, ComplexValue):
            return self.complex_binary(node, ast.Pow, base, value)
        return power(
            self, node, self.as_scalar(node, base), self.as_scalar(node, value)
        )

    def power_of(self, node: ast.AST, base: Scalar, exponent: ast.expr) -> Scalar:
        """`base ** exponent`: numba's unrolled squaring for a constant integer
        exponent (`intrinsics.constant_power`), else `intrinsics.power`."""
        literal = _literal_int(exponent)
        if literal is not None and abs(literal) <= POWER_CUTOFF:
            return constant_power(self, node, base, literal)
        return power(self, node, base, self.scalar(exponent))

    def _unaryop(self, node: ast.UnaryOp) -> Scalar | ComplexValue:
        value = self.expr(node.operand)
        if isinstance(value, ComplexValue):
            if isinstance(node.op, ast.USub):
                return ComplexValue(
                    self.ops.scalar(arith.NegfOp(value.real.value), value.real.type),
                    self.ops.scalar(arith.NegfOp(value.imag.value), value.imag.type),
                    value.type,
                )
            if isinstance(node.op, ast.UAdd):
                return value
            if isinstance(node.op, ast.Not):
                zero = ComplexValue(
                    self.ops.zero(value.type.part),
                    self.ops.zero(value.type.part),
                    value.type,
                )
                return self.complex_compare(node, ast.Eq, value, zero)
            raise self.error(
                node, "operator '~' expects an integer operand, found complex"
            )
        operand = self.as_scalar(node.operand, value)
        if isinstance(node.op, ast.Not):
            return self.ops.not_(operand)
        name = {ast.Invert: "invert", ast.USub: "neg", ast.UAdd: "pos"}[type(node.op)]
        sig = resolve(name, operand.type)
        if sig is None:
            symbol = {"invert": "~", "neg": "-", "pos": "+"}[name]
            raise self.error(
                node,
                f"operator '{symbol}' expects an integer operand, found {operand.type}"
                if name == "invert"
                else f"operator '{symbol}' is not defined for {operand.type}",
            )
        converted = self.ops.convert(self.ops.convert(operand, sig.args[0]), sig.result)
        if isinstance(node.op, ast.UAdd):
            return converted
        if isinstance(node.op, ast.Invert):
            return self.ops.invert(converted)
        return self.ops.negate(converted)

    def compare_pair(
        self, node: ast.AST, kind: type[ast.cmpop], a: Scalar, b: Scalar
    ) -> Scalar:
        if kind not in (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE):
            raise self.unsupported(node, f"operator {OPERATOR_NAMES[kind]}")
        sig = resolve(_TABLE_NAMES[kind], a.type, b.type)
        if sig is None:
            raise self.error(
                node,
                f"cannot compare {a.type} and {b.type} with "
                f"'{OPERATOR_NAMES.get(kind, kind.__name__)}'",
            )
        return self.ops.compare(
            kind, self.ops.convert(a, sig.args[0]), self.ops.convert(b, sig.args[1])
        )

    def _compare(self, node: ast.Compare) -> Scalar:
        left = self.expr(node.left)
        return self._compare_from(node, 0, left)

    def _compare_from(self, node: ast.Compare, index: int, left: Value) -> Scalar:
        """`left op[index] comparators[index] ...`, the rest only if this one holds."""
        kind = type(node.ops[index])
        right = self.expr(node.comparators[index])
        if kind in (ast.In, ast.NotIn):
            result = self._contains(node, left, right, kind is ast.NotIn)
        elif isinstance(left, EnumValue) or isinstance(right, EnumValue):
            result = enums.compare(self, node, kind, left, right)
        elif kind in (ast.Is, ast.IsNot) and isinstance(left, StaticValue):
            result = self._identity(node, left, right, kind is ast.IsNot)
        elif (
            kind in (ast.Is, ast.IsNot)
            and isinstance(left, Scalar)
            and isinstance(right, Scalar)
        ):
            result = self._scalar_identity(node, left, right, kind is ast.IsNot)
        elif isinstance(left, ComplexValue) or isinstance(right, ComplexValue):
            result = self.complex_compare(node, kind, left, right)
        else:
            result = self.compare_pair(
                node,
                kind,
                self.as_scalar(node.left, left),
                self.as_scalar(node.comparators[index], right),
            )
        if index + 1 == len(node.ops):
            return result
        return self.short_circuit(
            result, True, lambda: self._compare_from(node, index + 1, right)
        )

    def _contains(self, node: ast.AST, item: Value, seq: Value, negate: bool) -> Scalar:
        """`item in (a, b, ...)`: `item == a or item == b ...` (tuples only)."""
        if not isinstance(seq, TupleValue):
            raise self.unsupported(
                node,
                "operator in",
                f"only membership in a tuple is supported, found {describe_value(seq)}",
            )
        found: Scalar = self.ops.const(False, BOOL)
        for element in seq.items:
            if isinstance(item, EnumValue) or isinstance(element, EnumValue):
                equal = enums.compare(self, node, ast.Eq, item, element)
            else:
                equal = self.compare_pair(
                    node,
                    ast.Eq,
                    self.as_scalar(node, item),
                    self.as_scalar(node, element),
                )
            found = self.ops.scalar(_or(found, equal), BOOL)
        return self.ops.not_(found) if negate else found

    def _identity(
        self, node: ast.AST, left: StaticValue, right: Value, negate: bool
    ) -> Scalar:
        """`x is None` between compile-time values."""
        if not isinstance(right, StaticValue):
            raise self.unsupported(node, "operator is", "only 'x is None' on constants")
        same = left.obj is right.obj
        return self.ops.const(same != negate, BOOL)

    def _scalar_identity(
        self, node: ast.AST, left: Scalar, right: Scalar, negate: bool
    ) -> Scalar:
        """`x is y` between numbers, as numba-cuda's `generic_is`: `==` when
        both have one type (numbers are immutable), else False."""
        if left.type != right.type:
            return self.ops.const(negate, BOOL)
        same = self.compare_pair(node, ast.Eq, left, right)
        return self.ops.not_(same) if negate else same

    def short_circuit(
        self, first: Scalar, is_and: bool, rest: Callable[[], Scalar]
    ) -> Scalar:
        """`first and rest()` (or `first or rest()`) for a bool `first`, as an scf.if."""
        evaluate, skip = Block(), Block()
        value = self.in_block(evaluate, lambda: self.ops.truthy(rest()))
        self.in_block(evaluate, lambda: self._yield(value))
        constant = self.in_block(skip, lambda: self.ops.const(not is_and, BOOL))
        self.in_block(skip, lambda: self._yield(constant))
        then, other = (evaluate, skip) if is_and else (skip, evaluate)
        op = scf.IfOp(first.value, [BOOL.ir], Region(then), Region(other))
        return self.ops.scalar(op, BOOL)

    def _yield(self, *values: Scalar) -> None:
        self.ops.add(scf.YieldOp(*(v.value for v in values)))

    def condition(self, node: ast.expr) -> Scalar:
        """The truth value (bool) of `node`; `and`/`or`/`not` short-circuit as scf.if."""
        previous = self.at(node)
        try:
            return self._condition(node)
        finally:
            self.ops.node = previous

    def _condition(self, node: ast.expr) -> Scalar:
        if isinstance(node, ast.BoolOp):
            return self._condition_boolop(node, 0)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self.ops.not_(self.condition(node.operand))
        return self.ops.truthy(self.scalar(node))

    def _condition_boolop(self, node: ast.BoolOp, index: int) -> Scalar:
        first = self.condition(node.values[index])
        if index + 1 == len(node.values):
            return first
        is_and = isinstance(node.op, ast.And)
        return self.short_circuit(
            first, is_and, lambda: self._condition_boolop(node, index + 1)
        )

    def _boolop(self, node: ast.BoolOp) -> Scalar:
        """`a and b` / `a or b` as a value: Python returns an operand, not a bool."""
        if all(self._is_bool_expr(v) for v in node.values):
            return self.condition(node)
        is_and = isinstance(node.op, ast.And)
        acc = self.scalar(node.values[0])
        for operand in node.values[1:]:
            acc = self._select_operand(acc, operand, is_and)
        return acc

    def _is_bool_expr(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Compare | ast.BoolOp):
            return True
        return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)

    def _select_operand(self, acc: Scalar, operand: ast.expr, is_and: bool) -> Scalar:
        """`acc and operand` (or `acc or operand`) with the unified type."""
        truth = self.ops.truthy(acc)
        evaluate, keep = Block(), Block()
        value = self.in_block(evaluate, lambda: self.scalar(operand))
        return self._if_value(truth, (evaluate, value), (keep, acc), swap=not is_and)

    def _if_value(
        self,
        cond: Scalar,
        then: tuple[Block, Scalar],
        other: tuple[Block, Scalar],
        swap: bool = False,
    ) -> Scalar:
        """An scf.if yielding `then` or `other` (each already computed in its block)."""
        result = unify(then[1].type, other[1].type)
        for block, value in (then, other):
            converted = self.in_block(
                block, lambda v=value: self.ops.convert(v, result)
            )
            self.in_block(block, lambda v=converted: self._yield(v))
        first, second = (other[0], then[0]) if swap else (then[0], other[0])
        op = scf.IfOp(cond.value, [result.ir], Region(first), Region(second))
        return self.ops.scalar(op, result)

    def _ifexp(self, node: ast.IfExp) -> Value:
        cond = self.condition(node.test)
        then, other = Block(), Block()
        then_value = self.in_block(then, lambda: self.expr(node.body))
        other_value = self.in_block(other, lambda: self.expr(node.orelse))
        if _joined_as_values(then_value) or _joined_as_values(other_value):
            return self._if_join(node, cond, (then, then_value), (other, other_value))
        then_scalar = self.in_block(then, lambda: self.as_scalar(node.body, then_value))
        other_scalar = self.in_block(
            other, lambda: self.as_scalar(node.orelse, other_value)
        )
        return self._if_value(cond, (then, then_scalar), (other, other_scalar))

    def _if_join(
        self,
        node: ast.IfExp,
        cond: Scalar,
        then: tuple[Block, Value],
        other: tuple[Block, Value],
    ) -> Value:
        """`a if c else b` for values that are not numbers (enum members,
        tuples, complex numbers): joined leaf by leaf as a variable is."""
        try:
            plan = JoinPlan((Slot.of("if-else", [then[1], other[1]]),))
        except JoinError:
            raise self.error(
                node,
                "the branches of 'x if c else y' have incompatible values: "
                f"{describe_value(then[1])} and {describe_value(other[1])}",
            ) from None
        for block, value in (then, other):
            yielded = self.in_block(
                block, lambda v=value: plan.values({"if-else": v}, self.ops)
            )
            self.in_block(block, lambda y=yielded: self.ops.add(scf.YieldOp(*y)))
        types = [t.ir for t in plan.types]
        op = scf.IfOp(cond.value, types, Region(then[0]), Region(other[0]))
        self.ops.add(op)
        return plan.bind(op.results, self.ops)["if-else"]

    # -- tuples ---------------------------------------------------------------

    def _tuple(self, node: ast.Tuple) -> TupleValue:
        if any(isinstance(e, ast.Starred) for e in node.elts):
            raise self.unsupported(node, "starred expression")
        return TupleValue(tuple(self.expr(e) for e in node.elts))

    def tuple_item(self, node: ast.AST, seq: TupleValue, index: Value) -> Value:
        """`seq[index]`: a constant index (negative counts from the end) picks
        the element; a runtime index selects among scalars of one type."""
        if isinstance(index, StaticValue) and isinstance(index.obj, int):
            return self._tuple_at(node, seq, index.obj)
        if isinstance(index, Scalar) and _constant_of(index) is not None:
            return self._tuple_at(node, seq, _constant_of(index) or 0)
        if isinstance(index, StaticValue) and isinstance(index.obj, slice):
            return TupleValue(seq.items[index.obj])
        return self._dynamic_tuple_item(node, seq, self.as_scalar(node, index))

    def _tuple_at(self, node: ast.AST, seq: TupleValue, position: int) -> Value:
        if not -len(seq) <= position < len(seq):
            raise self.error(
                node, f"tuple index {position} out of range for a tuple of {len(seq)}"
            )
        return seq.items[position]

    def _dynamic_tuple_item(
        self, node: ast.AST, seq: TupleValue, index: Scalar
    ) -> Scalar:
        """`t[i]` for a runtime `i`: a chain of selects (numba types it only for
        tuples of one type; out-of-range indices give the last element)."""
        items = [self.as_scalar(node, v) for v in seq.items]
        if not items:
            raise self.error(node, "indexing an empty tuple")
        common = items[0].type
        for item in items[1:]:
            common = unify(common, item.type)
        converted = [self.ops.convert(v, common) for v in items]
        position = self.ops.convert(index, INT64)
        length = self.ops.const(len(items), INT64)
        negative = self.ops.compare(ast.Lt, position, self.ops.zero(INT64))
        wrapped = self.ops.binary(ast.Add, position, length)
        position = self.ops.select(negative, wrapped, position)
        self.check_tuple_index(node, position, len(items))
        result = converted[-1]
        for k in range(len(converted) - 2, -1, -1):
            hit = self.ops.compare(ast.Eq, position, self.ops.const(k, INT64))
            result = self.ops.select(hit, converted[k], result)
        return result

    # -- attributes -------------------------------------------------------------

    def _attribute(self, node: ast.Attribute) -> Value:
        base = self.expr(node.value)
        if isinstance(base, ArrayValue):
            return self.array_attribute(node, base, node.attr)
        if isinstance(base, ComplexValue):
            return self.complex_attribute(node, base, node.attr)
        if isinstance(base, EnumValue):
            return enums.attribute(self, node, base, node.attr)
        if isinstance(base, RecordArrayValue):
            return self.record_array_attribute(node, base, node.attr)
        if isinstance(base, RecordValue):
            return self.record_field(node, base, node.attr)
        if (
            isinstance(base, TupleValue)
            and base.fields is not None
            and node.attr in base.fields
        ):
            return base.items[base.fields.index(node.attr)]
        if isinstance(base, StaticValue):
            found = attribute(base, node.attr)
            if found is not None:
                return self.static_attribute(node, found)
        shown = dotted_name(node) or ast.unparse(node)
        raise self.unsupported(
            node,
            shown,
            "only cuda.* thread indices, array attributes and constants are supported",
        )

    @abstractmethod
    def array_attribute(self, node: ast.AST, array: ArrayValue, attr: str) -> Value:
        """`a.shape`, `a.size`, `a.ndim` (defined in `arrays.py`)."""

    @abstractmethod
    def record_array_attribute(
        self, node: ast.AST, array: RecordArrayValue, attr: str
    ) -> Value:
        """`a.x` of a record array, `a.shape` ... (defined in `arrays.py`)."""

    @abstractmethod
    def record_field(self, node: ast.AST, record: RecordValue, key: str | int) -> Value:
        """`r.x` / `r['x']` of a record (defined in `arrays.py`)."""

    def static_attribute(self, node: ast.AST, value: StaticValue) -> Value:
        """A static attribute: a special register, a constant, or a static value."""
        register = self._special_register(value.path)
        if register is not None:
            return register
        number = self.static_number(value)
        if number is not None:
            return self.ops.const(number, python_constant_type(number))
        if value.path is None and value.obj is not None:
            return self.materialize(node, value)
        return value

    def _special_register(self, path: str | None) -> Scalar | None:
        if path is None:
            return None
        parts = path.split(".")
        if (
            len(parts) == 3
            and parts[0] == "cuda"
            and parts[1] in DIM_OPS
            and parts[2] in "xyz"
        ):
            op = DIM_OPS[parts[1]](parts[2], INT32.ir)
            return self.ops.nonneg(self.ops.scalar(op, INT32))
        if path == "cuda.laneid":
            return self.ops.nonneg(self.ops.scalar(simt.LaneIdOp(INT32.ir), INT32))
        if path == "cuda.warpsize":
            return self.ops.nonneg(self.ops.scalar(simt.WarpSizeOp(INT32.ir), INT32))
        return None

    # -- calls --------------------------------------------------------------------

    def _call(self, node: ast.Call) -> Value:
        method = node.func
        if (
            isinstance(method, ast.Attribute)
            and method.attr in ("conjugate", "conj")
            and not node.args
        ):
            base = self.expr(method.value)
            if isinstance(base, ComplexValue):
                return self.conjugate(base)
            if isinstance(base, Scalar):
                return base  # a real number is its own conjugate
        if (
            isinstance(method, ast.Attribute)
            and method.attr == "bit_count"
            and not node.args
        ):
            base = self.expr(method.value)
            if isinstance(base, Scalar) and base.type.is_int:
                return self.popc(node, base)
        callee = self.expr(node.func)
        return self.call(node, callee)

    @abstractmethod
    def popc(self, node: ast.Call, value: Scalar) -> Scalar:
        """`x.bit_count()` of an integer: numba-cuda's `cuda.popc(x)` (calls.py)."""

    @abstractmethod
    def call(self, node: ast.Call, callee: Value) -> Value:
        """Calls `callee` (defined in `statements.py`, which can inline functions)."""

    def _subscript(self, node: ast.Subscript) -> Value:
        return self.subscript(node)

    @abstractmethod
    def subscript(self, node: ast.Subscript) -> Value:
        """`x[...]` (defined in `arrays.py`)."""

    def range_value(self, node: ast.AST, args: list[Scalar]) -> RangeValue:
        """`range(...)` of 1 to 3 integer scalars, with numba's loop type."""
        from simt.frontend.typing import range_type

        for value in args:
            if not value.type.is_integral:
                raise self.error(
                    node, f"range() expects integer arguments, found {value.type}"
                )
        t = range_type([v.type for v in args])
        if t is None or any(v.type.is_bool for v in args):
            found = ", ".join(str(v.type) for v in args)
            raise self.error(node, f"range() expects integer arguments, found {found}")
        values = [self.ops.convert(v, t) for v in args]
        if len(values) == 1:
            values.insert(0, self.ops.zero(t))
        if len(values) == 2:
            values.append(self.ops.const(1, t))
        return RangeValue(values[0], values[1], values[2])

    def unify_scalars(self, values: list[Scalar]) -> ScalarType:
        result = values[0].type
        for value in values[1:]:
            result = unify(result, value.type)
        return result


def _joined_as_values(value: Value) -> bool:
    """Whether `x if c else y` joins `value` leaf by leaf (enum members,
    tuples, complex numbers) rather than as one number."""
    return isinstance(value, EnumValue | TupleValue | ComplexValue)


def _is_bitwise(kind: type[ast.AST]) -> bool:
    return kind in (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift)


_OPERATOR_SYMBOLS: dict[type[ast.operator], str] = {
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
}


def _and(a: Scalar, b: Scalar) -> Any:
    return arith.AndIOp(a.value, b.value)


def _or(a: Scalar, b: Scalar) -> Any:
    from xdsl.dialects import arith

    return arith.OrIOp(a.value, b.value)


def _constant_of(value: Scalar) -> int | None:
    """The integer value of a scalar defined by `arith.constant`, else None."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import IntegerAttr

    owner = value.value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


_EXPR_HANDLERS: dict[type[ast.AST], Callable[[ExpressionCompiler, Any], Value]] = {
    ast.Constant: ExpressionCompiler._constant,
    ast.Name: ExpressionCompiler._name,
    ast.BinOp: ExpressionCompiler._binop,
    ast.UnaryOp: ExpressionCompiler._unaryop,
    ast.Compare: ExpressionCompiler._compare,
    ast.BoolOp: ExpressionCompiler._boolop,
    ast.IfExp: ExpressionCompiler._ifexp,
    ast.Subscript: ExpressionCompiler._subscript,
    ast.Attribute: ExpressionCompiler._attribute,
    ast.Call: ExpressionCompiler._call,
    ast.Tuple: ExpressionCompiler._tuple,
}
