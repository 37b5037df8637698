"""The frontend types every variable as numba-cuda does: checked against numba-cuda.

Each case compiles the same source with the frontend and with numba-cuda's own
front half (`numba.cuda.compiler.compile_cuda`'s pipeline, which needs no GPU,
stopped after type inference) and compares the type of each variable.
"""

from __future__ import annotations

import ast
import itertools
import textwrap
import warnings
from typing import Any

import pytest
from numba.cuda import types as nbtypes
from numba.cuda import utils as nbutils
from numba.cuda.compiler import CUDACompiler
from numba.cuda.core.compiler import (  # pyright: ignore[reportMissingImports]
    _EarlyPipelineCompletion,
)
from numba.cuda.core.compiler_machinery import (  # pyright: ignore[reportMissingImports]
    FunctionPass,
    PassManager,
    register_pass,
)
from numba.cuda.descriptor import cuda_target
from numba.cuda.flags import CUDAFlags

from simt.frontend.errors import FrontendError, SourceLocator
from simt.frontend.objects import Value
from simt.frontend.scope import Scope
from simt.frontend.statements import FunctionSource, KernelCompiler
from simt.frontend.types import BY_NAME, ScalarType
from simt.frontend.values import Scalar

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
    "math.ceil(a)",
    "int(a)",
    "float(b)",
    "a ** 2",
]
INTEGER_EXPRESSIONS = ["a & b", "a | b", "a ^ b", "a << b", "a >> b", "~a"]


def _numba_type(name: str) -> nbtypes.Type:
    return nbtypes.boolean if name == "bool" else getattr(nbtypes, name)


def _frontend_types(source: str, arg_types: list[ScalarType]) -> dict[str, Value]:
    fn = ast.parse(textwrap.dedent(source)).body[0]
    assert isinstance(fn, ast.FunctionDef)
    scope = Scope({}, {}, from_text=True)
    compiler = KernelCompiler(
        FunctionSource(fn, scope, SourceLocator("<test>")), arg_types
    )
    compiler.compile()
    return compiler.env


@register_pass(mutates_CFG=False, analysis_only=True)
class _StopAfterTyping(FunctionPass):  # pyright: ignore[reportUntypedBaseClass]
    """Ends numba-cuda's pipeline after type inference with the type map (its
    lowering, the costly half, decides no type)."""

    _name = "simt_test_stop_after_typing"

    def __init__(self) -> None:
        FunctionPass.__init__(self)

    def run_pass(self, state: Any) -> bool:
        raise _EarlyPipelineCompletion(dict(state.typemap))


class _TypingCompiler(CUDACompiler):  # pyright: ignore[reportUntypedBaseClass]
    """`compile_cuda`'s pipeline, its untyped and typed passes as they are."""

    def define_cuda_lowering_pipeline(self, state: Any) -> Any:
        pm = PassManager("simt_test_typing")
        pm.add_pass(_StopAfterTyping, "stop after type inference")
        pm.finalize()
        return pm


def _numba_types(source: str, arg_types: list[str]) -> dict[str, str]:
    namespace: dict[str, object] = {}
    exec("import math\n" + textwrap.dedent(source), namespace)
    kernel = namespace["k"]
    flags = CUDAFlags()
    flags.no_compile = True
    flags.no_cpython_wrapper = True
    flags.no_cfunc_wrapper = True
    flags.error_model = "numpy"
    flags.compute_capability = (7, 0)
    args = tuple(_numba_type(t) for t in arg_types)
    pipeline = _TypingCompiler(
        cuda_target.typing_context,
        cuda_target.target_context,
        None,
        args,
        nbtypes.void,
        flags,
        {},
    )
    with warnings.catch_warnings(), nbutils.numba_target_override():
        warnings.simplefilter("ignore")
        typemap = pipeline.compile_extra(kernel)
    return {k: str(v) for k, v in typemap.items()}


def _kernel(expressions: list[str]) -> str:
    body = "\n".join(f"    x{n} = {e}" for n, e in enumerate(expressions))
    return f"def k(a, b):\n{body}\n"


def _supported(expression: str, left: ScalarType, right: ScalarType) -> bool:
    """Whether numba types `expression` (bit operations need integers, numba
    has no `-`, `abs`, `math.*`, `int`, `float` of a bool ...)."""
    source = _kernel([expression])
    try:
        _numba_types(source, [left.name, right.name])
    except Exception:
        return False
    return True


PAIRS = [
    ("int32", "int32"),
    ("int32", "int64"),
    ("int32", "float32"),
    ("float32", "float32"),
    ("float64", "int64"),
    ("bool", "int32"),
    ("bool", "bool"),
    ("uint32", "int32"),
    ("uint64", "int64"),
    ("uint8", "uint16"),
    ("int8", "float32"),
    ("int16", "uint8"),
    ("float16", "float32"),
    ("float16", "int8"),
    ("uint64", "float64"),
]


@pytest.mark.parametrize(("left", "right"), PAIRS)
def test_expression_types_match_numba_cuda(left: str, right: str) -> None:
    lt, rt = BY_NAME[left], BY_NAME[right]
    candidates = NUMERIC_EXPRESSIONS + INTEGER_EXPRESSIONS
    expressions = [e for e in candidates if _supported(e, lt, rt)]
    source = _kernel(expressions)
    ours = _frontend_types(source, [lt, rt])
    theirs = _numba_types(source, [left, right])
    for n, expression in enumerate(expressions):
        value = ours[f"x{n}"]
        assert isinstance(value, Scalar)
        assert str(value.type) == theirs[f"x{n}"], (expression, left, right)


@pytest.mark.parametrize("expression", ["a & b", "a << b", "~a"])
def test_bit_operations_on_floats_are_rejected(expression: str) -> None:
    with pytest.raises(FrontendError, match=r"expects (an )?integer operand"):
        _frontend_types(_kernel([expression]), [BY_NAME["float32"], BY_NAME["int32"]])


def test_every_scalar_pair_of_an_addition_matches_numba_cuda() -> None:
    names = list(BY_NAME)
    params = ", ".join(f"p{k}" for k in range(len(names)))
    lines = [
        f"    x{i}_{j} = p{i} + p{j}\n    y{i}_{j} = p{i} < p{j}"
        for i, j in itertools.product(range(len(names)), repeat=2)
    ]
    source = f"def k({params}):\n" + "\n".join(lines) + "\n"
    ours = _frontend_types(source, [BY_NAME[n] for n in names])
    theirs = _numba_types(source, names)
    for key, value in ours.items():
        if key.startswith(("x", "y")):
            assert isinstance(value, Scalar)
            assert str(value.type) == theirs[key], key


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
    "tuple_join": """
        def k(a, b):
            t = (a, 1)
            if a > 0:
                t = (b, a)
            y, z = t
    """,
}


@pytest.mark.parametrize("case", sorted(LOOP_CASES))
@pytest.mark.parametrize(
    ("left", "right"),
    [("int32", "float32"), ("int64", "int32"), ("int32", "int32"), ("uint32", "int16")],
)
def test_join_types_match_numba_cuda(case: str, left: str, right: str) -> None:
    source = LOOP_CASES[case]
    ours = _frontend_types(source, [BY_NAME[left], BY_NAME[right]])
    theirs = _numba_types(source, [left, right])
    for name in ("y", "z"):
        if name in ours:
            value = ours[name]
            assert isinstance(value, Scalar)
            assert str(value.type) == theirs[name], (case, name)
