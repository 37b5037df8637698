"""numba's `arr.reshape(...)` (and `np.reshape`) in kernels.

Each kernel is simulated and compared with numpy's reshape, run on the host
(the lowered code) and compared with the simulator, simulated again after
pass pipelines, and its PTX assembled for sm_70, sm_80 and sm_90. What numba
rejects is a located frontend error; what numba raises at run time (a size
that changes, two inferred extents) is a located fault of the simulator.
"""

# The kernels below are numba.cuda code, which numba's stubs do not type.
# pyright: reportCallIssue=false, reportPossiblyUnboundVariable=false

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numba import cuda, int64
from xdsl.dialects import cf, memref

import simt
from simt.frontend import FrontendError
from simt.frontend.signature import signature_of_args
from simt.lowering.ptx import ARCHES
from simt.lowering.ptxas import assemble

PIPELINES = ("simt-flatten-loops{mode=always}", "simt-linearize", "simt-optimize")
THREADS = 64


def runtime_extents(a, out1, out2, n, m):
    v = a.reshape(n, m)
    w = a.reshape((m, n))
    i = cuda.grid(1)
    if i < a.size:
        out1[i // m, i % m] = v[i // m, i % m]
        out2[i // n, i % n] = w[i // n, i % n]


def rank_chain(a, out, shapes):
    i = cuda.grid(1)
    b = a.reshape(6, 4)
    c = b.reshape(2, 3, 4)
    if i < a.size:
        out[i] = c[i // 12, (i // 4) % 3, i % 4]
    if i == 0:
        shapes[0], shapes[1] = b.shape
        shapes[2], shapes[3], shapes[4] = c.shape


def inferred(a, out, shapes, k):
    i = cuda.grid(1)
    p = a.reshape(-1, 4)
    q = a.reshape(2, -1, 3)
    r = a.reshape(k, 6)
    if i == 0:
        shapes[0], shapes[1] = p.shape
        shapes[2], shapes[3], shapes[4] = q.shape
        shapes[5], shapes[6] = r.shape
    if i < a.size:
        out[i] = p[i // 4, i % 4] + q[i // 12, (i // 3) % 4, i % 3] + r[i // 6, i % 6]


def writes_through(a, n):
    i = cuda.grid(1)
    v = a.reshape(n, -1)
    if i < v.shape[0]:
        for j in range(v.shape[1]):
            v[i, j] = v[i, j] * 10 + i


def slice_views(a, b, out):
    """Views numba types C-contiguous: a step-less slice of a 1-D array, a row."""
    i = cuda.grid(1)
    s = a[4:16].reshape(3, 4)
    row = b[1].reshape(2, 3)
    if i < 12:
        out[i] = s[i // 4, i % 4]
    if i < 6:
        row[i // 3, i % 3] = -i


def loop_carried(result, arr):
    """numba-cuda's test_ssa.py test_issue3931: a reshape carried by a loop."""
    for _ in range(2):
        arr = arr.reshape(3 * 2)
        arr = arr.reshape(3, 2)
    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            result[i, j] = arr[i, j]


def branch_views(out, a):
    """Views of one array that differ by thread, joined after a branch."""
    i = cuda.grid(1)
    if i % 2 == 0:  # noqa: SIM108 (a branch, not a conditional expression)
        v = a[0].reshape(4, 6)
    else:
        v = a[1].reshape(-1, 6)
    if i < out.size:
        out[i] = v[(i // 6) % 4, i % 6] * 100 + v.shape[0]


@cuda.jit(device=True)
def _total(v):
    s = 0
    for i in range(v.shape[0]):
        for j in range(v.shape[1]):
            s += v[i, j]
    return s


def everywhere(a, c, out, oc):
    """A reshape passed to a device function, sliced, of a local array, of a
    complex array, and `np.reshape`."""
    i = cuda.grid(1)
    if i != 0:
        return
    v = np.reshape(a, (3, 8))
    out[0] = _total(v)
    w = v[1:].reshape(4, 2, 2)
    out[1] = w[3, 1, 0]
    out[2] = w.shape[0] * 100 + w.shape[1] * 10 + w.shape[2]
    buf = cuda.local.array(12, int64)
    for k in range(12):
        buf[k] = k * k
    out[3] = buf.reshape(3, 4)[2, 1]
    out[4] = v.reshape(6, 4)[:, 1][5]
    z = c.reshape(2, 3)
    oc[0] = z[1, 2]
    z[0, 1] = 5j


def _everywhere_ref(args: list[Any]) -> list[Any]:
    a, c = args[0], args[1].copy()
    v = a.reshape(3, 8)
    out = [v.sum(), v[1:].reshape(4, 2, 2)[3, 1, 0], 422, 81, v.reshape(6, 4)[5, 1]]
    oc = c.reshape(2, 3)[1, 2]
    c.reshape(2, 3)[0, 1] = 5j
    return [a, c, np.array(out), np.array([oc])]


def _written(a: np.ndarray[Any, Any], n: int) -> np.ndarray[Any, Any]:
    v = a.copy().reshape(n, -1)
    return (v * 10 + np.arange(n)[:, None]).reshape(-1)


def _row_written(b: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    written = b.copy()
    written[1] = -np.arange(6)
    return written


def _branch_ref(a: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    i = np.arange(THREADS)
    picked = a[i % 2].reshape(THREADS, 4, 6)
    return picked[i, (i // 6) % 4, i % 6] * 100 + 4


def _ints(rng: np.random.Generator, shape: Any) -> np.ndarray[Any, Any]:
    return rng.integers(-50, 50, shape).astype(np.int64)


@dataclass(frozen=True)
class Case:
    kernel: Callable[..., None]
    make_args: Callable[[np.random.Generator], list[Any]]
    expected: Callable[[list[Any]], list[Any]]
    """Every array argument after the launch, in order."""


CASES: dict[str, Case] = {
    "runtime_extents": Case(
        runtime_extents,
        lambda r: [
            _ints(r, 24),
            np.zeros((4, 6), np.int64),
            np.zeros((6, 4), np.int64),
            4,
            6,
        ],
        lambda args: [args[0], args[0].reshape(4, 6), args[0].reshape((6, 4))],
    ),
    "rank_chain": Case(
        rank_chain,
        lambda r: [_ints(r, 24), np.zeros(24, np.int64), np.zeros(5, np.int64)],
        lambda args: [args[0], args[0], np.array([6, 4, 2, 3, 4])],
    ),
    "inferred": Case(
        inferred,
        lambda r: [_ints(r, 24), np.zeros(24, np.int64), np.zeros(7, np.int64), -1],
        lambda args: [
            args[0],
            args[0] * 3,
            np.array(
                [*args[0].reshape(-1, 4).shape, *args[0].reshape(2, -1, 3).shape, 4, 6]
            ),
        ],
    ),
    "writes_through": Case(
        writes_through,
        lambda r: [_ints(r, 24), 3],
        lambda args: [_written(args[0], 3)],
    ),
    "slice_views": Case(
        slice_views,
        lambda r: [_ints(r, 20), _ints(r, (4, 6)), np.zeros(12, np.int64)],
        lambda args: [args[0], _row_written(args[1]), args[0][4:16]],
    ),
    "loop_carried": Case(
        loop_carried,
        lambda r: [np.zeros((3, 2)), r.normal(size=(2, 3))],
        lambda args: [args[1].reshape(3, 2), args[1]],
    ),
    "branch_views": Case(
        branch_views,
        lambda r: [np.zeros(THREADS, np.int64), _ints(r, (2, 24))],
        lambda args: [_branch_ref(args[1]), args[1]],
    ),
    "everywhere": Case(
        everywhere,
        lambda r: [
            _ints(r, 24),
            r.normal(size=6) + 1j * r.normal(size=6),
            np.zeros(5, np.int64),
            np.zeros(1, np.complex128),
        ],
        _everywhere_ref,
    ),
}


def _compile(case: Case, args: list[Any]) -> Any:
    return simt.compile_python(case.kernel, signature_of_args(args))


def run(module: Any, args: list[Any], on_host: bool = False) -> list[Any]:
    copies = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
    if on_host:
        simt.execute(module, 2, THREADS // 2, copies, target="host")
    else:
        simt.simulate(module, 2, THREADS // 2, copies, trace=False)
    return [a for a in copies if isinstance(a, np.ndarray)]


@pytest.mark.parametrize("name", sorted(CASES))
def test_kernel_matches_numpy(name: str) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(3))
    outputs = run(_compile(case, args), args)
    expected = case.expected(args)
    assert len(outputs) == len(expected)
    for output, want in zip(outputs, expected, strict=True):
        np.testing.assert_array_equal(output, want)


@pytest.mark.parametrize("name", sorted(CASES))
def test_host_agrees_with_simulator(name: str) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(5))
    module = _compile(case, args)
    on_host = run(module, args, on_host=True)
    for host, sim in zip(on_host, run(module, args), strict=True):
        np.testing.assert_array_equal(host, sim)


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_passes_keep_results(name: str, pipeline: str) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(8))
    before = run(_compile(case, args), args)
    module = _compile(case, args)
    simt.apply_passes(module, pipeline)
    for b, a in zip(before, run(module, args), strict=True):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("name", sorted(CASES))
def test_ptx_assembles(name: str, ptxas: Path) -> None:
    case = CASES[name]
    module = _compile(case, case.make_args(np.random.default_rng(1)))
    for arch in ARCHES:
        assemble(simt.to_ptx(module, arch, ptxas=False), arch, ptxas)


# -- the IR ----------------------------------------------------------------------


def test_a_reshape_is_a_reinterpret_cast_after_numbas_size_check() -> None:
    def kernel(a, b, n):
        v = a.reshape(n, 4)
        w = a[2:].reshape(2, -1)
        b[0] = v[0, 0] + w[0, 0]

    module = simt.compile_python(kernel, "void(int32[::1], int32[::1], int64)")
    ops = list(module.walk())
    casts = [op for op in ops if isinstance(op, memref.ReinterpretCastOp)]
    assert [str(c.result.type) for c in casts] == [
        "memref<?x4xi32, strided<[4, 1]>>",
        "memref<2x?xi32, strided<[?, 1], offset: ?>>",
    ]
    # The whole array starts at offset 0; the slice's offset is read.
    metadata = [op for op in ops if isinstance(op, memref.ExtractStridedMetaDataOp)]
    assert len(metadata) == 1 and casts[1].offsets[0] is metadata[0].offset
    checks = [op for op in ops if isinstance(op, cf.AssertOp)]
    assert [c.msg.data for c in checks] == [
        "a.reshape: ValueError: total size of new array must be unchanged"
    ] * 2
    assert ops.index(checks[0]) < ops.index(casts[0])


# -- what numba rejects, what numba raises ---------------------------------------

LAYOUT_ERRORS = [
    # numba types a stepped slice, a column and a slice of rows as 'A'.
    ("x = a[::2].reshape(12)", "void(float32[::1], float32[:, ::1])"),
    ("x = a[::1].reshape(24)", "void(float32[::1], float32[:, ::1])"),
    ("x = b[:, 1].reshape(4)", "void(float32[::1], float32[:, ::1])"),
    ("x = b[1:3, :].reshape(12)", "void(float32[::1], float32[:, ::1])"),
    # A parameter declared with ':' is 'A', whatever the array passed.
    ("x = a.reshape(4, 6)", "void(float32[:], float32[:, ::1])"),
]


def _source(*lines: str) -> str:
    """A kernel `kernel(a, b)` whose body is `lines`, the first on line 4."""
    body = "".join(f"    {line}\n" for line in lines)
    return f"from numba import cuda\n\ndef kernel(a, b):\n{body}"


@pytest.mark.parametrize(("line", "signature"), LAYOUT_ERRORS)
def test_reshape_of_a_non_contiguous_array_is_a_located_error(
    line: str, signature: str
) -> None:
    with pytest.raises(FrontendError, match="numba reshapes only contiguous") as info:
        simt.compile_python(_source(line), signature)
    assert str(info.value).startswith("<string>:4:")


def test_views_numba_types_contiguous_reshape() -> None:
    source = _source(
        "x = b[1:3].reshape(12)",
        "y = b[1, 2:5].reshape(3)",
        "z = a[2:].reshape(2, -1)",
        "b[0, 0] = x[0] + y[0] + z[0, 0]",
    )
    simt.compile_python(source, "void(float32[::1], float32[:, ::1])")


def test_reshape_of_an_f_array_is_unsupported() -> None:
    def kernel(a):
        a.reshape(24)[0] = 1

    with pytest.raises(FrontendError, match="F-contiguous") as info:
        simt.compile_python(kernel, "void(float32[::1, :])")
    assert "test_reshape.py:" in str(info.value)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("a.reshape(2.0, 12)", r"a.reshape\(\) expects integer extents, found float64"),
        ("a.reshape()", r"a.reshape\(\) expects the new shape, found none"),
        ("a.reshape(24, order='F')", "a.reshape with keyword arguments"),
    ],
)
def test_reshape_arguments_are_checked(call: str, message: str) -> None:
    source = _source(f"b[0] = {call}[0]")
    with pytest.raises(FrontendError, match=message) as info:
        simt.compile_python(source, "void(int32[::1], int32[::1])")
    assert str(info.value).startswith("<string>:4:")


def test_a_size_that_changes_faults_where_the_reshape_is() -> None:
    def kernel(a, n):
        v = a.reshape(n, 5)
        v[0, 0] = 1

    first = kernel.__code__.co_firstlineno
    module = simt.compile_python(kernel, "void(int32[::1], int64)")
    with pytest.raises(simt.SimulationError) as info:
        simt.simulate(module, 1, 1, [np.zeros(24, np.int32), 5])
    message = str(info.value)
    assert f"test_reshape.py:{first + 1}:" in message
    assert "total size of new array must be unchanged" in message
    # The checked sizes leave a matching launch alone.
    simt.simulate(module, 1, 1, [np.zeros(25, np.int32), 5])


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ((-1, 5), "total size of new array must be unchanged"),
        ((0, -1), "total size of new array must be unchanged"),
        ((-1, -1), "multiple negative shape values"),
    ],
)
def test_inferred_extents_fault_as_numba_raises(
    shape: tuple[int, int], message: str
) -> None:
    def kernel(a, n, m):
        a.reshape(n, m)[0, 0] = 1

    module = simt.compile_python(kernel, "void(int32[::1], int64, int64)")
    with pytest.raises(simt.SimulationError, match=message):
        simt.simulate(module, 1, 1, [np.zeros(24, np.int32), *shape])
    with pytest.raises(ValueError):
        np.zeros(24).reshape(shape)


def test_joining_views_of_different_arrays_is_a_located_error() -> None:
    source = _source("x = a", "if a[0] > 0:", "    x = b[0]", "a[0] = x[0]")
    with pytest.raises(FrontendError, match="refers to different arrays") as info:
        simt.compile_python(source, "void(float32[::1], float32[:, ::1])")
    assert str(info.value).startswith("<string>:")


REVERSED = np.array([1, 2, 3])[::-1]


def copies_a_constant(out):
    q = REVERSED.copy()
    q[0] = 10
    for i in range(len(out)):
        out[i] = q[i] + REVERSED[i]


def copies_a_local(out):
    a = cuda.local.array((2, 3), np.float32)  # pyright: ignore[reportArgumentType, reportCallIssue]
    for i in range(6):
        a[i // 3, i % 3] = i
    b = a.copy()
    a[0, 0] = 100
    for i in range(6):
        out[i] = b[i // 3, i % 3] + a[i // 3, i % 3]


def copies_a_parameter(out):
    q = out.copy()
    out[0] = q[0]


def test_copy_makes_an_independent_array() -> None:
    """`a.copy()` of a constant or local array is a new array (numba-cuda's
    `test_array_copy`): writes to either leave the other as it was."""
    module = simt.compile_python(copies_a_constant, "void(float64[:])")
    out = np.zeros(3)
    simt.simulate(module, 1, 1, [out], trace=False)
    np.testing.assert_array_equal(out, [13, 4, 2])
    module = simt.compile_python(copies_a_local, "void(float32[:])")
    out = np.zeros(6, np.float32)
    simt.simulate(module, 1, 1, [out], trace=False)
    np.testing.assert_array_equal(out, [100, 2, 4, 6, 8, 10])
    for arch in ARCHES:
        simt.to_ptx(module, arch)


def test_copy_of_a_run_time_shape_is_a_located_error() -> None:
    with pytest.raises(FrontendError, match=r"out\.copy of an array of run-time shape"):
        simt.compile_python(copies_a_parameter, "void(float64[:])")
