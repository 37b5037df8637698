"""The frontend types every expression as numba does: checked against numba itself.

Each case compiles the same source with the frontend and with `numba.njit` and
compares the type of each variable (numba's CPU typing uses the same templates
as numba-cuda's for these operations).
"""

from __future__ import annotations

import ast
import itertools
import textwrap
import warnings

import numba
import pytest
from numba.core import types as nbtypes
from xdsl.dialects.builtin import f32, f64, i1, i32, i64
from xdsl.ir import Attribute

from simt.frontend.errors import FrontendError, SourceLocator
from simt.frontend.signature import Param
from simt.frontend.statements import KernelCompiler
from simt.frontend.typing import type_name

SCALARS: dict[str, tuple[Attribute, nbtypes.Type]] = {
    "bool": (i1, nbtypes.boolean),
    "int32": (i32, nbtypes.int32),
    "int64": (i64, nbtypes.int64),
    "float32": (f32, nbtypes.float32),
    "float64": (f64, nbtypes.float64),
}

NUMERIC_EXPRESSIONS = [
    "a + b",
    "a - b",
    "a * b",
    "a / b",
    "a // b",
    "a % b",
    "a // 2.0",
    "a < b",
    "a == b",
    "a != b",
    "min(a, b)",
    "max(a, b)",
    "max(a, b, 1)",
    "min(a, 2.5)",
    "a if b else a",
    "b if a > 0 else a",
    "abs(a)",
    "-a",
    "+b",
    "not a",
    "a and b",
    "a or b",
    "a + 1",
    "a * 2.0",
    "math.sqrt(a)",
    "math.exp(b)",
    "math.log(a)",
    "math.floor(b)",
    "int(a)",
    "float(b)",
    "a ** 2",
]
# numba has no typing for these unary functions of a bool.
BOOL_UNSUPPORTED_A = {"-a", "abs(a)", "math.sqrt(a)", "math.log(a)", "int(a)"}
BOOL_UNSUPPORTED_B = {"+b", "math.exp(b)", "math.floor(b)", "float(b)"}
INTEGER_EXPRESSIONS = [
    "a & b",
    "a | b",
    "a ^ b",
    "a << b",
    "a >> b",
    "~a",
]


def _frontend_types(source: str, arg_types: list[Attribute]) -> dict[str, Attribute]:
    fn = ast.parse(textwrap.dedent(source)).body[0]
    assert isinstance(fn, ast.FunctionDef)
    params = [Param(t, False) for t in arg_types]
    compiler = KernelCompiler(fn, params, SourceLocator("<test>"), {})
    compiler.compile()
    return {name: value.type for name, value in compiler.env.items()}


def _numba_types(source: str, arg_types: list[nbtypes.Type]) -> dict[str, str]:
    namespace: dict[str, object] = {}
    exec("import math\n" + textwrap.dedent(source), namespace)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        kernel = namespace["k"]
        assert callable(kernel)
        dispatcher = numba.njit(tuple(arg_types))(kernel)
    overload = dispatcher.overloads[tuple(arg_types)]
    return {k: str(v) for k, v in overload.type_annotation.typemap.items()}


def _kernel(expressions: list[str]) -> str:
    body = "\n".join(f"    x{n} = {e}" for n, e in enumerate(expressions))
    return f"def k(a, b):\n{body}\n"


@pytest.mark.parametrize(("left", "right"), list(itertools.product(SCALARS, repeat=2)))
def test_expression_types_match_numba(left: str, right: str) -> None:
    expressions = list(NUMERIC_EXPRESSIONS)
    if "float" not in left + right:
        expressions += INTEGER_EXPRESSIONS
    if left == "bool":
        expressions = [e for e in expressions if e not in BOOL_UNSUPPORTED_A]
    if right == "bool":
        expressions = [e for e in expressions if e not in BOOL_UNSUPPORTED_B]
    source = _kernel(expressions)
    ours = _frontend_types(source, [SCALARS[left][0], SCALARS[right][0]])
    theirs = _numba_types(source, [SCALARS[left][1], SCALARS[right][1]])
    for n, expression in enumerate(expressions):
        name = f"x{n}"
        assert type_name(ours[name]) == theirs[name], (expression, left, right)


@pytest.mark.parametrize("expression", ["a & b", "a << b", "~a"])
def test_bit_operations_on_floats_are_rejected(expression: str) -> None:
    with pytest.raises(FrontendError, match=r"expects (an )?integer operand"):
        _frontend_types(_kernel([expression]), [f32, i32])


@pytest.mark.parametrize(
    ("left", "right", "expected"),
    [(f32, f32, f32), (f64, f32, f64), (i32, f32, f64), (f32, i64, f64)],
)
def test_float_floor_division_and_modulo_types(
    left: Attribute, right: Attribute, expected: Attribute
) -> None:
    types = _frontend_types(_kernel(["a // b", "a % b"]), [left, right])
    assert (types["x0"], types["x1"]) == (expected, expected)


LOOP_CASES = {
    "while_widens_int_to_float": """
        def k(a, b):
            x = 0
            while x < a:
                x = x + 0.5
            y = x
    """,
    "for_range_int32": """
        def k(a, b):
            s = a
            for i in range(a):
                s = i
            y = s
            z = i
    """,
    "for_range_mixed": """
        def k(a, b):
            s = a
            for i in range(0, a, 2):
                s = s + i
            y = s
    """,
    "if_join_unifies": """
        def k(a, b):
            if a > 0:
                x = a
            else:
                x = b
            y = x
    """,
    "sequential_retyping": """
        def k(a, b):
            x = a
            y = x // 2
            x = 1.5
            z = x
    """,
}


@pytest.mark.parametrize("case", sorted(LOOP_CASES))
@pytest.mark.parametrize(
    ("left", "right"), [("int32", "float32"), ("int64", "int32"), ("int32", "int32")]
)
def test_join_types_match_numba(case: str, left: str, right: str) -> None:
    source = LOOP_CASES[case]
    ours = _frontend_types(source, [SCALARS[left][0], SCALARS[right][0]])
    theirs = _numba_types(source, [SCALARS[left][1], SCALARS[right][1]])
    for name in ("y", "z"):
        if name in ours:
            assert type_name(ours[name]) == theirs[name], (case, name)
