"""The corpus registry and its specs: well-formed, deterministic, in the frontend's subset."""

from __future__ import annotations

import ast
import inspect
import textwrap

import numpy as np
import pytest

from simt.bench.kernels import (
    CORPUS,
    EARLY_EXIT_KS,
    EARLY_EXIT_RATIOS,
    KernelSpec,
    Tolerance,
    early_exit_spec,
    get,
    output_mismatches,
)
from simt.bench.kernels.generate import generate_kernel

DTYPES = {
    "int32": np.int32,
    "int64": np.int64,
    "float32": np.float32,
    "float64": np.float64,
}

ALLOWED_NODES = (
    ast.FunctionDef, ast.arguments, ast.arg, ast.Assign, ast.AugAssign, ast.Name,
    ast.Load, ast.Store, ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp,
    ast.Compare, ast.If, ast.While, ast.For, ast.Break, ast.Continue, ast.Return,
    ast.Subscript, ast.Attribute, ast.Call, ast.Expr, ast.operator, ast.unaryop,
    ast.boolop, ast.cmpop,
)  # fmt: skip
ALLOWED_OPERATORS = (
    ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.BitAnd,
    ast.BitOr, ast.BitXor, ast.LShift, ast.RShift, ast.USub, ast.Not, ast.And,
    ast.Or, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq, ast.NotEq,
)  # fmt: skip
ALLOWED_CALLS = {
    "cuda.grid", "cuda.gridsize", "cuda.syncthreads", "cuda.atomic.add", "min",
    "max", "abs", "range", "math.sqrt", "math.exp", "math.log", "math.floor",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "cuda.threadIdx.x", "cuda.blockIdx.x", "cuda.blockDim.x", "cuda.gridDim.x",
    "cuda.laneid", "cuda.warpsize",
}  # fmt: skip


def signature_types(signature: str) -> list[str]:
    assert signature.startswith("void(") and signature.endswith(")"), signature
    return [t.strip() for t in signature[len("void(") : -1].split(",")]


def dotted(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    assert isinstance(node, ast.Attribute), ast.dump(node)
    return f"{dotted(node.value)}.{node.attr}"


def subset_violations(source: str) -> list[str]:
    """Constructs outside the frontend's documented subset, with line numbers."""
    tree = ast.parse(textwrap.dedent(source))
    function = tree.body[-1]
    problems: list[str] = []
    calls = {id(n.func) for n in ast.walk(function) if isinstance(n, ast.Call)}
    for node in ast.walk(function):
        line = getattr(node, "lineno", "?")
        if not isinstance(node, ALLOWED_NODES):
            problems.append(f"line {line}: {type(node).__name__}")
        elif isinstance(node, ast.operator | ast.unaryop | ast.boolop | ast.cmpop):
            if not isinstance(node, ALLOWED_OPERATORS):
                problems.append(f"operator {type(node).__name__}")
        elif isinstance(node, ast.Call) and dotted(node.func) not in ALLOWED_CALLS:
            problems.append(f"line {line}: call {dotted(node.func)}")
        elif isinstance(node, ast.Attribute) and id(node) not in calls:
            if isinstance(node.value, ast.Name | ast.Attribute) and dotted(
                node
            ) not in (
                ALLOWED_ATTRIBUTES
                | {
                    "cuda.threadIdx",
                    "cuda.blockIdx",
                    "cuda.blockDim",
                    "cuda.gridDim",
                    "cuda.atomic",
                }
            ):
                problems.append(f"line {line}: attribute {dotted(node)}")
        elif isinstance(node, ast.Return) and node.value is not None:
            problems.append(f"line {line}: return with a value")
    return problems


def has_unstructured_jump(source: str) -> bool:
    """break / continue anywhere, or a return nested inside control flow."""
    function = ast.parse(textwrap.dedent(source)).body[-1]
    assert isinstance(function, ast.FunctionDef)
    for node in ast.walk(function):
        if isinstance(node, ast.Break | ast.Continue):
            return True
        nested = isinstance(node, ast.If | ast.For | ast.While)
        if nested and any(isinstance(n, ast.Return) for n in ast.walk(node)):
            return True
    return False


@pytest.mark.parametrize("name", list(CORPUS))
def test_spec_is_well_formed(name: str) -> None:
    spec = CORPUS[name]
    assert get(name) is spec and spec.name == name
    assert inspect.isfunction(spec.func), "func must be the plain, undecorated function"
    types = signature_types(spec.signature)
    assert len(types) == len(spec.arg_names)
    assert all(t.removesuffix("[:]") in DTYPES for t in types)
    assert spec.outputs and all(types[i].endswith("[:]") for i in spec.outputs)
    assert spec.paper.strip()


@pytest.mark.parametrize("name", list(CORPUS))
def test_inputs_match_signature(name: str) -> None:
    spec = CORPUS[name]
    case = spec.make_inputs(np.random.default_rng(1))
    assert len(case.grid) == 1 and len(case.block) == 1
    assert 32 <= case.threads <= 1024, "small launches keep numba's simulator fast"
    for arg, type_name in zip(case.args, signature_types(spec.signature), strict=True):
        dtype = DTYPES[type_name.removesuffix("[:]")]
        if type_name.endswith("[:]"):
            assert isinstance(arg, np.ndarray) and arg.ndim == 1 and arg.dtype == dtype
        else:
            assert isinstance(arg, np.generic) and arg.dtype == dtype


@pytest.mark.parametrize("name", list(CORPUS))
def test_inputs_are_deterministic_and_scale(name: str) -> None:
    spec = CORPUS[name]
    first = spec.make_inputs(np.random.default_rng(7))
    second = spec.make_inputs(np.random.default_rng(7))
    for a, b in zip(first.args, second.args, strict=True):
        np.testing.assert_array_equal(a, b)
    medium = spec.make_inputs(np.random.default_rng(7), "medium")
    assert medium.threads > first.threads


@pytest.mark.parametrize("name", list(CORPUS))
def test_kernel_stays_in_frontend_subset(name: str) -> None:
    spec = CORPUS[name]
    source = inspect.getsource(spec.func)
    assert subset_violations(source) == []
    assert spec.unstructured == has_unstructured_jump(source)


def test_corpus_covers_papers_and_both_kinds_of_control_flow() -> None:
    required = {
        "early_exit", "coutinho_fig10", "bitonic_step", "anantpur_fig1",
        "anantpur_fig2b", "anantpur_fig3", "csr_spmv", "bfs_frontier", "escape_time",
    }  # fmt: skip
    assert required <= set(CORPUS)
    flags = {spec.unstructured for spec in CORPUS.values()}
    assert flags == {True, False}


@pytest.mark.parametrize("seed", range(40))
def test_generated_kernels_stay_in_subset(seed: int, tmp_path) -> None:
    kernel = generate_kernel(seed, tmp_path)
    assert subset_violations(kernel.source) == []
    assert kernel.unstructured == has_unstructured_jump(kernel.source)
    assert inspect.getsource(kernel.func) in kernel.source


def test_generator_is_deterministic(tmp_path) -> None:
    first = generate_kernel(3, tmp_path / "a")
    second = generate_kernel(3, tmp_path / "b")
    assert first.source == second.source
    assert generate_kernel(4, tmp_path).source != first.source


def test_generator_mixes_structured_and_unstructured(tmp_path) -> None:
    flags = [generate_kernel(seed, tmp_path).unstructured for seed in range(32)]
    assert 8 <= sum(flags) <= 24


def test_unknown_kernel_and_size_are_reported() -> None:
    with pytest.raises(KeyError, match="known kernels: early_exit"):
        get("no_such_kernel")
    with pytest.raises(ValueError, match="unknown size 'huge'"):
        CORPUS["collatz"].make_inputs(np.random.default_rng(0), "huge")


def test_early_exit_spec_follows_fig7() -> None:
    assert EARLY_EXIT_RATIOS == ((10, 1), (1, 1), (1, 10), (1, 100))
    assert tuple(range(32)) == EARLY_EXIT_KS
    spec = early_exit_spec(31, 1, 100, outer_iters=2, inner_cap=6, work_unit=2)
    assert spec.name == "early_exit_k31_r1_100"
    assert spec.params["k"] == 31
    case = spec.make_inputs(np.random.default_rng(0), 70)
    assert case.threads == 96
    assert [int(a) for a in case.args[4:]] == [2, 31, 6, 2, 200]


def test_early_exit_reference_extremes() -> None:
    """k = 0: every lane runs the cap; k = 32: every lane runs one inner iteration."""
    for k, per_outer in ((0, 6), (32, 1)):
        spec: KernelSpec = early_exit_spec(k, 1, 1, outer_iters=3, inner_cap=6)
        expected = spec.expected(spec.make_inputs(np.random.default_rng(0), 64))
        assert (np.asarray(expected[0]) == 3 * per_outer).all()


@pytest.mark.parametrize(
    ("k", "ratio_outer", "inner_cap"), [(33, 1, 4), (-1, 1, 4), (1, 0, 4), (1, 1, 0)]
)
def test_early_exit_spec_rejects_bad_parameters(
    k: int, ratio_outer: int, inner_cap: int
) -> None:
    with pytest.raises(ValueError):
        early_exit_spec(k, ratio_outer, 1, inner_cap=inner_cap)


def test_mismatches_compare_ints_exactly_and_floats_within_tolerance() -> None:
    ints = np.array([1, 2, 3])
    floats = np.array([1.0, 2.0])
    expected = [ints, floats]
    tolerance = Tolerance(rtol=1e-6, atol=0.0)
    names = ("i", "f")
    assert (
        output_mismatches(
            (0, 1), names, tolerance, expected, [ints.copy(), floats * (1 + 1e-7)]
        )
        == []
    )
    problems = output_mismatches(
        (0, 1), names, tolerance, expected, [np.array([1, 2, 4]), floats * (1 + 1e-5)]
    )
    assert len(problems) == 2
    assert "output 0 (i): 1 of 3 elements differ; first at [2]: got 4" in problems[0]
