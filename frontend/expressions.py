"""Compiling Python expressions of a kernel into simt IR values.

`ExpressionCompiler` holds the state every expression needs (the variable
environment, the kernel's arrays, the current block) and compiles one
expression node at a time; `KernelCompiler` (in `statements.py`) extends it
with statements and control flow. Types follow `simt.frontend.typing`, value
semantics `simt.frontend.values`. `and`/`or`, `x if c else y` and chained
comparisons short-circuit: the operands on the right are evaluated inside an
`scf.if` (in conditions of `cf` constructs, the statement compiler emits
`cf.cond_br` chains instead).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from xdsl.dialects import arith, math, memref, scf
from xdsl.dialects.builtin import IndexType, f64, i1, i32, i64
from xdsl.ir import Attribute, Block, Region, SSAValue

from simt.dialects import simt
from simt.frontend.errors import SourceLocator
from simt.frontend.intrinsics import INTRINSICS, power
from simt.frontend.typing import (
    arith_result,
    bitwise_result,
    compare_type,
    invert_result,
    is_bool,
    is_float,
    is_integral,
    math_unary_result,
    negate_result,
    pow_result,
    shift_result,
    truediv_result,
    type_name,
    unify,
    unify_all,
)
from simt.frontend.values import ValueBuilder

Env = dict[str, SSAValue]
_T = TypeVar("_T")

_OPERATOR_NAMES: dict[type[ast.AST], str] = {
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

_DIM_OPS: dict[
    str, type[simt.ThreadIdOp | simt.BlockIdOp | simt.BlockDimOp | simt.GridDimOp]
] = {
    "threadIdx": simt.ThreadIdOp,
    "blockIdx": simt.BlockIdOp,
    "blockDim": simt.BlockDimOp,
    "gridDim": simt.GridDimOp,
}

_MATH_UNARY = {"sqrt": math.SqrtOp, "exp": math.ExpOp, "log": math.LogOp}
_MATH_ROUNDING = {"floor": math.FloorOp, "ceil": math.CeilOp}
_MATH_CONSTANTS = {"pi": 3.141592653589793, "e": 2.718281828459045}
_VOTES = {
    "any_sync": simt.VoteAnyOp,
    "all_sync": simt.VoteAllOp,
    "ballot_sync": simt.BallotOp,
}
FULL_MASK = 0xFFFFFFFF


@dataclass(frozen=True)
class Array:
    """A kernel array parameter: a `memref<?xT>` block argument."""

    name: str
    value: SSAValue
    element: Attribute


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


class ExpressionCompiler:
    """Compiles the expressions of one kernel; see the module docstring."""

    def __init__(
        self,
        locator: SourceLocator,
        arrays: Mapping[str, Array],
        constants: Mapping[str, int | float | bool],
    ):
        self.locator = locator
        self.arrays = dict(arrays)
        self.constants = dict(constants)
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

    # -- expressions --------------------------------------------------------

    def expr(self, node: ast.expr) -> SSAValue:
        """The value of `node` (a scalar)."""
        previous = self.at(node)
        try:
            return self._expr(node)
        finally:
            self.ops.node = previous

    def _expr(self, node: ast.expr) -> SSAValue:
        handler = _EXPR_HANDLERS.get(type(node))
        if handler is None:
            raise self.locator.unsupported(node, describe(node))
        return handler(self, node)

    def _constant(self, node: ast.Constant) -> SSAValue:
        value = node.value
        if isinstance(value, bool):
            return self.ops.const(value, i1)
        if isinstance(value, int):
            if not -(1 << 63) <= value < (1 << 63):
                raise self.locator.error(
                    node, f"integer constant {value} does not fit in int64"
                )
            return self.ops.const(value, i64)
        if isinstance(value, float):
            return self.ops.const(value, f64)
        raise self.locator.unsupported(node, describe(node))

    def _name(self, node: ast.Name) -> SSAValue:
        value = self.env.get(node.id)
        if value is not None:
            return value
        if node.id in self.arrays:
            raise self.locator.error(
                node, f"array '{node.id}' used as a value (arrays can only be indexed)"
            )
        constant = self.constants.get(node.id)
        if constant is not None:
            return self._constant(ast.Constant(constant))
        raise self.locator.error(node, f"use of undefined variable '{node.id}'")

    def _binop(self, node: ast.BinOp) -> SSAValue:
        kind = type(node.op)
        if kind is ast.Pow:
            return self._power(node)
        if kind is ast.MatMult:
            raise self.locator.unsupported(node, "operator @")
        left, right = self.expr(node.left), self.expr(node.right)
        result = self._binop_type(node, kind, left.type, right.type)
        return self.ops.binary(
            kind, self.ops.convert(left, result), self.ops.convert(right, result)
        )

    def _binop_type(
        self, node: ast.AST, kind: type[ast.operator], a: Attribute, b: Attribute
    ) -> Attribute:
        if kind is ast.Div:
            return truediv_result(a, b)
        if kind in (ast.BitAnd, ast.BitOr, ast.BitXor, ast.LShift, ast.RShift):
            shift = kind in (ast.LShift, ast.RShift)
            result = shift_result(a, b) if shift else bitwise_result(a, b)
            if result is None:
                raise self.locator.error(
                    node,
                    f"operator '{_OPERATOR_NAMES[kind]}' expects integer operands, "
                    f"found {type_name(a)} and {type_name(b)}",
                )
            return result
        return arith_result(a, b)

    def _power(self, node: ast.BinOp) -> SSAValue:
        return self.power_of(node, self.expr(node.left), node.right)

    def power_of(self, node: ast.AST, base: SSAValue, exponent: ast.expr) -> SSAValue:
        """`base ** exponent`: numba's squaring loop for a constant integer
        exponent in [0, 64], else `intrinsics.power`."""
        if not (
            isinstance(exponent, ast.Constant)
            and type(exponent.value) is int
            and 0 <= exponent.value <= 64
        ):
            return power(self, node, base, self.expr(exponent))
        result = pow_result(base.type, i64)
        return self.ops.power(self.ops.convert(base, result), exponent.value)

    def _unaryop(self, node: ast.UnaryOp) -> SSAValue:
        operand = self.expr(node.operand)
        if isinstance(node.op, ast.Not):
            return self.ops.not_(operand)
        if isinstance(node.op, ast.Invert):
            result = invert_result(operand.type)
            if result is None:
                raise self.locator.error(
                    node,
                    f"operator '~' expects an integer operand, found {type_name(operand.type)}",
                )
            return self.ops.invert(self.ops.convert(operand, result))
        converted = self.ops.convert(operand, negate_result(operand.type))
        if isinstance(node.op, ast.UAdd):
            return converted
        return self.ops.negate(converted)

    def compare_pair(
        self, node: ast.AST, kind: type[ast.cmpop], a: SSAValue, b: SSAValue
    ) -> SSAValue:
        if kind not in (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE):
            raise self.locator.unsupported(node, f"operator {_OPERATOR_NAMES[kind]}")
        common = compare_type(a.type, b.type)
        return self.ops.compare(
            kind, self.ops.convert(a, common), self.ops.convert(b, common)
        )

    def _compare(self, node: ast.Compare) -> SSAValue:
        return self._compare_from(node, 0, self.expr(node.left))

    def _compare_from(self, node: ast.Compare, index: int, left: SSAValue) -> SSAValue:
        """`left op[index] comparators[index] ...`, the rest only if this one holds."""
        right = self.expr(node.comparators[index])
        result = self.compare_pair(node, type(node.ops[index]), left, right)
        if index + 1 == len(node.ops):
            return result
        return self.short_circuit(
            result, True, lambda: self._compare_from(node, index + 1, right)
        )

    def short_circuit(
        self, first: SSAValue, is_and: bool, rest: Callable[[], SSAValue]
    ) -> SSAValue:
        """`first and rest()` (or `first or rest()`) for an i1 `first`, as an scf.if."""
        evaluate, skip = Block(), Block()
        value = self.in_block(evaluate, lambda: self.ops.truthy(rest()))
        self.in_block(evaluate, lambda: self._yield(value))
        constant = self.in_block(skip, lambda: self.ops.const(not is_and, i1))
        self.in_block(skip, lambda: self._yield(constant))
        then, other = (evaluate, skip) if is_and else (skip, evaluate)
        op = scf.IfOp(first, [i1], Region(then), Region(other))
        return self.ops.value(op)

    def _yield(self, *values: SSAValue) -> None:
        self.ops.add(scf.YieldOp(*values))

    def condition(self, node: ast.expr) -> SSAValue:
        """The truth value (i1) of `node`; `and`/`or`/`not` short-circuit as scf.if."""
        previous = self.at(node)
        try:
            return self._condition(node)
        finally:
            self.ops.node = previous

    def _condition(self, node: ast.expr) -> SSAValue:
        if isinstance(node, ast.BoolOp):
            return self._condition_boolop(node, 0)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return self.ops.not_(self.condition(node.operand))
        return self.ops.truthy(self.expr(node))

    def _condition_boolop(self, node: ast.BoolOp, index: int) -> SSAValue:
        first = self.condition(node.values[index])
        if index + 1 == len(node.values):
            return first
        is_and = isinstance(node.op, ast.And)
        return self.short_circuit(
            first, is_and, lambda: self._condition_boolop(node, index + 1)
        )

    def _boolop(self, node: ast.BoolOp) -> SSAValue:
        """`a and b` / `a or b` as a value: Python returns an operand, not a bool."""
        if all(self._is_bool_expr(v) for v in node.values):
            return self.condition(node)
        is_and = isinstance(node.op, ast.And)
        acc = self.expr(node.values[0])
        for operand in node.values[1:]:
            acc = self._select_operand(acc, operand, is_and)
        return acc

    def _is_bool_expr(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Compare | ast.BoolOp):
            return True
        return isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)

    def _select_operand(
        self, acc: SSAValue, operand: ast.expr, is_and: bool
    ) -> SSAValue:
        """`acc and operand` (or `acc or operand`) with the unified type."""
        truth = self.ops.truthy(acc)
        evaluate, keep = Block(), Block()
        value = self.in_block(evaluate, lambda: self.expr(operand))
        return self._if_value(truth, (evaluate, value), (keep, acc), swap=not is_and)

    def _if_value(
        self,
        cond: SSAValue,
        then: tuple[Block, SSAValue],
        other: tuple[Block, SSAValue],
        swap: bool = False,
    ) -> SSAValue:
        """An scf.if yielding `then` or `other` (each already computed in its block)."""
        result = unify(then[1].type, other[1].type)
        for block, value in (then, other):
            converted = self.in_block(
                block, lambda v=value: self.ops.convert(v, result)
            )
            self.in_block(block, lambda v=converted: self._yield(v))
        first, second = (other[0], then[0]) if swap else (then[0], other[0])
        return self.ops.value(scf.IfOp(cond, [result], Region(first), Region(second)))

    def _ifexp(self, node: ast.IfExp) -> SSAValue:
        cond = self.condition(node.test)
        then, other = Block(), Block()
        then_value = self.in_block(then, lambda: self.expr(node.body))
        other_value = self.in_block(other, lambda: self.expr(node.orelse))
        return self._if_value(cond, (then, then_value), (other, other_value))

    # -- arrays -------------------------------------------------------------

    def array(self, node: ast.expr) -> Array:
        """The kernel array that `node` names."""
        if isinstance(node, ast.Name) and node.id in self.arrays:
            return self.arrays[node.id]
        raise self.locator.error(
            node,
            f"expected the name of an array parameter, found '{ast.unparse(node)}'",
        )

    def index(self, node: ast.Subscript) -> tuple[Array, SSAValue]:
        """The array and the `index` value of `array[i]`, with numba's wraparound."""
        array = self.array(node.value)
        if isinstance(node.slice, ast.Slice):
            raise self.locator.unsupported(
                node, "slicing", "only a[i] with an integer i is supported"
            )
        if isinstance(node.slice, ast.Tuple):
            raise self.locator.unsupported(
                node, "multi-dimensional indexing", "kernel arrays are 1-D"
            )
        return array, self.index_value(array, node.slice)

    def index_value(self, array: Array, node: ast.expr) -> SSAValue:
        raw = self.expr(node)
        if not (is_integral(raw.type) and not is_bool(raw.type)):
            raise self.locator.error(
                node, f"expected an integer array index, found {type_name(raw.type)}"
            )
        value = self.ops.convert(raw, i64)
        if value not in self.ops.nonnegative:
            value = self._wraparound(array, value)
        return self.ops.to_index(value)

    def _wraparound(self, array: Array, value: SSAValue) -> SSAValue:
        """numba's negative-index wraparound: `i + len(a)` when `i < 0`."""
        negative = self.ops.value(arith.CmpiOp(value, self.ops.zero(i64), "slt"))
        length = self.length(array)
        wrapped = self.ops.value(arith.AddiOp(value, length))
        return self.ops.value(arith.SelectOp(negative, wrapped, value))

    def length(self, array: Array) -> SSAValue:
        dim = self.ops.value(memref.DimOp(array.value, self.ops.const(0, IndexType())))
        result = self.ops.value(arith.IndexCastOp(dim, i64))
        self.ops.nonnegative.add(result)
        return result

    def _subscript(self, node: ast.Subscript) -> SSAValue:
        shape = self._shape_subscript(node)
        if shape is not None:
            return shape
        array, index = self.index(node)
        return self.ops.value(memref.LoadOp.get(array.value, [index]))

    def _shape_subscript(self, node: ast.Subscript) -> SSAValue | None:
        """`a.shape[0]`: the length of a 1-D array."""
        target = node.value
        if not (isinstance(target, ast.Attribute) and target.attr == "shape"):
            return None
        array = self.array(target.value)
        if not (isinstance(node.slice, ast.Constant) and node.slice.value == 0):
            raise self.locator.error(
                node, "expected a.shape[0] (kernel arrays are 1-D)"
            )
        return self.length(array)

    # -- attributes and calls -------------------------------------------------

    def _attribute(self, node: ast.Attribute) -> SSAValue:
        name = dotted_name(node)
        if (
            isinstance(node.value, ast.Name)
            and node.value.id in self.arrays
            and node.attr == "size"
        ):
            return self.length(self.arrays[node.value.id])
        value = self._special_register(name) if name is not None else None
        if value is None:
            raise self.locator.unsupported(
                node,
                name or "attribute access",
                "only cuda.* thread indices and math constants are supported",
            )
        return value

    def _special_register(self, name: str) -> SSAValue | None:
        parts = name.split(".")
        if (
            len(parts) == 3
            and parts[0] == "cuda"
            and parts[1] in _DIM_OPS
            and parts[2] in "xyz"
        ):
            return self.ops.nonneg(self.ops.value(_DIM_OPS[parts[1]](parts[2], i32)))
        if name == "cuda.laneid":
            return self.ops.nonneg(self.ops.value(simt.LaneIdOp(i32)))
        if name == "cuda.warpsize":
            return self.ops.nonneg(self.ops.value(simt.WarpSizeOp(i32)))
        if len(parts) == 2 and parts[0] == "math" and parts[1] in _MATH_CONSTANTS:
            return self.ops.const(_MATH_CONSTANTS[parts[1]], f64)
        return None

    def _call(self, node: ast.Call) -> SSAValue:
        if node.keywords:
            raise self.locator.unsupported(node, "keyword arguments")
        name = dotted_name(node.func)
        handler = (
            (INTRINSICS.get(name) or _CALL_HANDLERS.get(name))
            if name is not None
            else None
        )
        if handler is None:
            shown = name if name is not None else ast.unparse(node.func)
            raise self.locator.unsupported(
                node, f"call to {shown}", "not a supported function"
            )
        return handler(self, node)

    def _expect_args(self, node: ast.Call, count: int) -> None:
        if len(node.args) != count:
            name = ast.unparse(node.func)
            raise self.locator.error(
                node, f"{name}() expects {count} argument(s), found {len(node.args)}"
            )

    def _min_max(self, node: ast.Call) -> SSAValue:
        name = ast.unparse(node.func)
        if len(node.args) < 2:
            raise self.locator.unsupported(
                node,
                f"{name} of an iterable",
                f"{name}() needs at least 2 scalar arguments",
            )
        values = [self.expr(arg) for arg in node.args]
        common = unify_all([v.type for v in values])
        converted = [self.ops.convert(v, common) for v in values]
        return self.ops.min_max(converted, ast.Lt if name == "min" else ast.Gt)

    def _abs(self, node: ast.Call) -> SSAValue:
        self._expect_args(node, 1)
        return self.ops.abs(self.expr(node.args[0]))

    def _int(self, node: ast.Call) -> SSAValue:
        """`int(x)`: integers keep their type, floats truncate to int64 (numba)."""
        self._expect_args(node, 1)
        value = self.expr(node.args[0])
        return (
            value
            if is_integral(value.type) and not is_bool(value.type)
            else self.ops.convert(value, i64)
        )

    def _float(self, node: ast.Call) -> SSAValue:
        """`float(x)`: floats keep their type, integers become float64 (numba)."""
        self._expect_args(node, 1)
        value = self.expr(node.args[0])
        return value if is_float(value.type) else self.ops.convert(value, f64)

    def _len(self, node: ast.Call) -> SSAValue:
        self._expect_args(node, 1)
        return self.length(self.array(node.args[0]))

    def _math_unary(self, node: ast.Call) -> SSAValue:
        self._expect_args(node, 1)
        fn = ast.unparse(node.func).split(".")[-1]
        value = self.expr(node.args[0])
        result = math_unary_result(value.type)
        return self.ops.value(_MATH_UNARY[fn](self.ops.convert(value, result)))

    def _math_rounding(self, node: ast.Call) -> SSAValue:
        """`math.floor/ceil`: numba returns int64 (as Python returns int)."""
        self._expect_args(node, 1)
        fn = ast.unparse(node.func).split(".")[-1]
        value = self.expr(node.args[0])
        if not is_float(value.type):
            return self.ops.convert(value, i64)
        return self.ops.convert(self.ops.value(_MATH_ROUNDING[fn](value)), i64)

    def _grid(self, node: ast.Call) -> SSAValue:
        """`cuda.grid(1)` = `threadIdx.x + blockIdx.x * blockDim.x` in int64."""
        self._expect_dimension_one(node)
        tid = self._widened(simt.ThreadIdOp("x", i32))
        ntid = self._widened(simt.BlockDimOp("x", i32))
        ctaid = self._widened(simt.BlockIdOp("x", i32))
        return self.ops.binary(ast.Add, self.ops.binary(ast.Mult, ntid, ctaid), tid)

    def _gridsize(self, node: ast.Call) -> SSAValue:
        """`cuda.gridsize(1)` = `blockDim.x * gridDim.x` in int64."""
        self._expect_dimension_one(node)
        ntid = self._widened(simt.BlockDimOp("x", i32))
        nctaid = self._widened(simt.GridDimOp("x", i32))
        return self.ops.binary(ast.Mult, ntid, nctaid)

    def _widened(
        self, op: simt.ThreadIdOp | simt.BlockIdOp | simt.BlockDimOp | simt.GridDimOp
    ) -> SSAValue:
        return self.ops.convert(self.ops.nonneg(self.ops.value(op)), i64)

    def _expect_dimension_one(self, node: ast.Call) -> None:
        self._expect_args(node, 1)
        arg = node.args[0]
        if not (isinstance(arg, ast.Constant) and arg.value == 1):
            raise self.locator.unsupported(
                node,
                f"{ast.unparse(node.func)}({ast.unparse(arg)})",
                "only the 1-D form (argument 1) is supported",
            )

    def _syncthreads(self, node: ast.Call) -> SSAValue:
        raise self.locator.error(
            node, "cuda.syncthreads() has no value; call it as a statement"
        )

    def syncthreads(self, node: ast.Call) -> None:
        """`cuda.syncthreads()` as a statement: a block-wide barrier."""
        previous = self.at(node)
        self._expect_args(node, 0)
        self.ops.add(simt.BarrierOp())
        self.ops.node = previous

    def _atomic_add(self, node: ast.Call) -> SSAValue:
        """`cuda.atomic.add(a, i, v)`: v is cast to the element type; returns the old value."""
        self._expect_args(node, 3)
        array = self.array(node.args[0])
        if isinstance(node.args[1], ast.Tuple | ast.Slice):
            raise self.locator.unsupported(
                node.args[1], describe(node.args[1]), "kernel arrays are 1-D"
            )
        index = self.index_value(array, node.args[1])
        value = self.ops.convert(self.expr(node.args[2]), array.element)
        return self.ops.value(simt.AtomicAddOp(value, array.value, [index]))

    def _vote(self, node: ast.Call) -> SSAValue:
        self._expect_args(node, 2)
        mask = node.args[0]
        if not (
            isinstance(mask, ast.Constant)
            and type(mask.value) is int
            and mask.value & FULL_MASK == FULL_MASK
        ):
            raise self.locator.unsupported(
                node,
                f"{ast.unparse(node.func)} with mask '{ast.unparse(mask)}'",
                "only the full mask 0xffffffff is supported",
            )
        predicate = self.ops.truthy(self.expr(node.args[1]))
        fn = ast.unparse(node.func).split(".")[-1]
        return self.ops.value(_VOTES[fn](predicate))


def _range_outside_for(compiler: ExpressionCompiler, node: ast.Call) -> SSAValue:
    raise compiler.locator.unsupported(
        node, "range", "range() is only supported as the iterable of a for loop"
    )


_EXPR_HANDLERS: dict[type[ast.AST], Callable[[ExpressionCompiler, Any], SSAValue]] = {
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
}

_CALL_HANDLERS: dict[str, Callable[[ExpressionCompiler, ast.Call], SSAValue]] = {
    "min": ExpressionCompiler._min_max,
    "max": ExpressionCompiler._min_max,
    "abs": ExpressionCompiler._abs,
    "int": ExpressionCompiler._int,
    "float": ExpressionCompiler._float,
    "len": ExpressionCompiler._len,
    "range": _range_outside_for,
    "math.sqrt": ExpressionCompiler._math_unary,
    "math.exp": ExpressionCompiler._math_unary,
    "math.log": ExpressionCompiler._math_unary,
    "math.floor": ExpressionCompiler._math_rounding,
    "math.ceil": ExpressionCompiler._math_rounding,
    "cuda.grid": ExpressionCompiler._grid,
    "cuda.gridsize": ExpressionCompiler._gridsize,
    "cuda.syncthreads": ExpressionCompiler._syncthreads,
    "cuda.atomic.add": ExpressionCompiler._atomic_add,
    "cuda.any_sync": ExpressionCompiler._vote,
    "cuda.all_sync": ExpressionCompiler._vote,
    "cuda.ballot_sync": ExpressionCompiler._vote,
}
