"""`raise` in kernels and device functions, with numba-cuda's semantics.

A lane that raises leaves the kernel and the other lanes go on; the launch
keeps the raise of the lowest global thread id; `debug=True` raises it after
the launch with numba's message (`simt.model.exceptions`), and without it
nothing is reported. What numba-cuda does not compile is a located error.
"""

from __future__ import annotations

import os
import textwrap

import numpy as np
import pytest
from numba import cuda

import simt
from simt.dialects.simt import RaiseOp, exception_table
from simt.frontend import FrontendError, compile_python
from simt.model.exceptions import RAISED_ATTR, RaisedException
from simt.sim import SimulationResult

HERE = os.path.abspath(__file__)
DEVICE_MESSAGE = "Device Function Error"
KEY_ERROR = KeyError("key", 2)


class MyError(Exception):
    pass


def _line(fn: object, text: str) -> int:
    """The file line of the first line of `fn`'s source that contains `text`."""
    code = fn.__code__  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType]
    with open(code.co_filename) as source:
        lines = source.read().splitlines()
    first = code.co_firstlineno
    for number, line in enumerate(lines[first - 1 :], first):
        if text in line:
            return number
    raise AssertionError(f"{text!r} not in the source")


def _simulate(
    module: object, grid: object, block: object, args: list[object], **kw: object
) -> SimulationResult:
    return simt.simulate(module, grid, block, args, trace=False, **kw)  # pyright: ignore[reportArgumentType]


# ---------------------------------------------------------------------------
# Divergent control flow: only the raising lanes stop
# ---------------------------------------------------------------------------


def divergent(a, out):
    i = cuda.grid(1)
    out[i] = 1
    if a[i] < 0:
        raise ValueError("negative", 7)
    out[i] = a[i] * 2


def test_only_the_raising_lanes_stop_and_nothing_is_reported() -> None:
    module = compile_python(divergent, "void(int64[:], int64[:])")
    a = np.arange(128, dtype=np.int64)
    a[[5, 40, 99]] = -1
    out = np.zeros(128, np.int64)
    result = _simulate(module, 2, 64, [a, out])
    expected = a * 2
    expected[[5, 40, 99]] = 1
    assert np.array_equal(out, expected)
    raised = result.raised
    assert raised is not None
    assert (raised.thread, raised.block, raised.code) == ((5, 0, 0), (0, 0, 0), 1)
    assert raised.site.class_name == "builtins.ValueError"
    assert raised.site.args == ("negative", 7)


def test_debug_raises_numbas_exception_after_the_launch() -> None:
    module = compile_python(divergent, "void(int64[:], int64[:])")
    a = np.arange(128, dtype=np.int64)
    a[[70, 99]] = -1
    out = np.zeros(128, np.int64)
    with pytest.raises(ValueError) as info:
        _simulate(module, 2, 64, [a, out], debug=True)
    line = _line(divergent, "raise ValueError")
    assert info.value.args == (
        f"In function 'divergent', file {HERE}, line {line}, "
        "tid=[0, 0, 6] ctaid=[0, 0, 1]: negative",
        7,
    )
    record = getattr(info.value, RAISED_ATTR)
    assert isinstance(record, RaisedException) and record.thread == (6, 0, 0)
    assert out[0] == 0 and out[127] == 254, "the other lanes finished"


def test_debug_without_a_raise_reports_nothing() -> None:
    module = compile_python(divergent, "void(int64[:], int64[:])")
    a = np.arange(64, dtype=np.int64)
    result = _simulate(module, 1, 64, [a, np.zeros(64, np.int64)], debug=True)
    assert result.raised is None


def raise_in_loop(a, out):
    i = cuda.grid(1)
    total = 0
    for j in range(a[i]):
        total += j
        out[i] = total
        if j == 5:
            raise IndexError
    out[i] = -total


def test_raise_in_a_loop_keeps_the_writes_before_it() -> None:
    module = compile_python(raise_in_loop, "void(int64[:], int64[:])")
    a = np.arange(32, dtype=np.int64) % 9
    out = np.zeros(32, np.int64)
    result = _simulate(module, 1, 32, [a, out])
    expected = [sum(range(6)) if n > 5 else -sum(range(n)) for n in a.tolist()]
    assert out.tolist() == expected
    raised = result.raised
    assert raised is not None and raised.thread == (6, 0, 0)
    with pytest.raises(IndexError) as info:
        _simulate(module, 1, 32, [a, out], debug=True)
    assert str(info.value).endswith("tid=[0, 0, 6] ctaid=[0, 0, 0]")


# ---------------------------------------------------------------------------
# Device functions
# ---------------------------------------------------------------------------


@cuda.jit(device=True)
def checked_double(x):
    if x > 5:
        raise MyError("too big")
    return x * 2


@cuda.jit(device=True)
def fail():
    raise ValueError(DEVICE_MESSAGE)


def calls_device_functions(a, out):
    i = cuda.grid(1)
    if a[i] == 3:
        fail()
        out[i] = 99
    out[i] = checked_double(a[i]) + 1


def test_raise_in_a_device_function_leaves_the_kernel() -> None:
    module = compile_python(calls_device_functions, "void(int64[:], int64[:])")
    a = np.arange(16, dtype=np.int64) % 8
    out = np.full(16, -1, np.int64)
    result = _simulate(module, 1, 16, [a, out])
    expected = [-1 if n == 3 or n > 5 else 2 * n + 1 for n in a.tolist()]
    assert out.tolist() == expected
    raised = result.raised
    assert raised is not None and raised.thread == (3, 0, 0)
    assert raised.site.function == "fail"
    assert raised.site.line == _line(fail, "raise ValueError")
    with pytest.raises(ValueError, match=DEVICE_MESSAGE):
        _simulate(module, 1, 16, [a, out], debug=True)


def test_a_user_exception_from_a_device_function() -> None:
    module = compile_python(calls_device_functions, "void(int64[:], int64[:])")
    a = np.array([0, 1, 7, 2], np.int64)
    with pytest.raises(MyError) as info:
        _simulate(module, 1, 4, [a, np.zeros(4, np.int64)], debug=True)
    line = _line(checked_double, "raise MyError")
    assert str(info.value) == (
        f"In function 'checked_double', file {HERE}, line {line}, "
        "tid=[0, 0, 2] ctaid=[0, 0, 0]: too big"
    )


def test_each_raise_statement_has_its_own_code() -> None:
    module = compile_python(calls_device_functions, "void(int64[:], int64[:])")
    (kernel,) = module.ops
    codes = [op.code.value.data for op in module.walk() if isinstance(op, RaiseOp)]
    table = exception_table(kernel)  # pyright: ignore[reportArgumentType]
    assert sorted(set(codes)) == [1, 2]
    assert [s.class_name for s in table] == [
        "builtins.ValueError",
        f"{__name__}.MyError",
    ]


# ---------------------------------------------------------------------------
# Classes and arguments
# ---------------------------------------------------------------------------


def raise_forms(x, out):
    i = cuda.grid(1)
    message = "local constant"
    if x == 1:
        raise MyError
    if x == 2:
        raise MyError()
    if x == 3:
        raise KEY_ERROR
    if x == 4:
        raise ValueError(message, (1, 2.5), None, True)
    if x == 5:
        raise ValueError(DEVICE_MESSAGE)
    out[i] = x


@pytest.mark.parametrize(
    ("x", "kind", "args"),
    [
        (1, MyError, ()),
        (2, MyError, ()),
        (3, KeyError, ("key", 2)),
        (4, ValueError, ("local constant", (1, 2.5), None, True)),
        (5, ValueError, (DEVICE_MESSAGE,)),
    ],
)
def test_classes_and_constant_arguments(
    x: int, kind: type[BaseException], args: tuple[object, ...]
) -> None:
    module = compile_python(raise_forms, "void(int64, int64[:])")
    out = np.zeros(2, np.int64)
    result = _simulate(module, 1, 2, [x, out])
    assert out.tolist() == [0, 0]
    raised = result.raised
    assert raised is not None and raised.site.args == args
    with pytest.raises(kind) as info:
        _simulate(module, 1, 2, [x, out], debug=True)
    assert type(info.value) is kind
    prefix = info.value.args[0]
    assert prefix.startswith(f"In function 'raise_forms', file {HERE}, line ")
    if args:
        assert prefix.endswith(f"tid=[0, 0, 0] ctaid=[0, 0, 0]: {args[0]}")
        assert info.value.args[1:] == args[1:]
    else:
        assert info.value.args == (prefix,) and prefix.endswith("ctaid=[0, 0, 0]")


def test_no_raise_runs_to_the_end() -> None:
    module = compile_python(raise_forms, "void(int64, int64[:])")
    out = np.zeros(2, np.int64)
    assert _simulate(module, 1, 2, [9, out], debug=True).raised is None
    assert out.tolist() == [9, 9]


def test_the_lowest_global_thread_is_kept_and_ids_read_z_y_x() -> None:
    def grid_3d(a):
        x, y, z = cuda.grid(3)
        if a[z, y, x] == 1:
            raise ValueError("first")
        if a[z, y, x] == 2:
            raise KeyError("second")

    module = compile_python(grid_3d, "void(int32[:, :, :])")
    a = np.zeros((4, 4, 4), np.int32)
    a[3, 1, 2] = 1  # block (1, 0, 1) (linear 5), thread (0, 1, 1)
    a[0, 3, 1] = 2  # block (0, 1, 0) (linear 2), thread (1, 1, 0)
    with pytest.raises(KeyError) as info:
        _simulate(module, (2, 2, 2), (2, 2, 2), [a], debug=True)
    assert "tid=[0, 1, 1] ctaid=[0, 1, 0]: second" in str(info.value)


def test_a_device_function_that_always_raises_ends_the_statement() -> None:
    def kernel(a, out):
        i = cuda.grid(1)
        if a[i] > 0:
            out[i] = fail() + 1
        out[i] = 5

    module = compile_python(kernel, "void(int64[:], int64[:])")
    a = np.array([0, 1, 0, 1], np.int64)
    out = np.zeros(4, np.int64)
    raised = _simulate(module, 1, 4, [a, out]).raised
    assert out.tolist() == [5, 0, 5, 0]
    assert raised is not None and raised.thread == (1, 0, 0)


# ---------------------------------------------------------------------------
# What numba does not compile
# ---------------------------------------------------------------------------


def _source(line: str) -> str:
    return textwrap.dedent(
        """\
        from numba import cuda

        def kernel(a, n):
            i = cuda.grid(1)
            {line}
        """
    ).format(line=line)


BAD_RAISES = [
    ("raise ValueError(n)", 5, 22, "reads the run-time variable 'n'"),
    ("raise ValueError(a[i])", 5, 22, "reads the run-time variable 'a'"),
    ("raise ValueError('x', i + 1)", 5, 27, "reads the run-time variable 'i'"),
    ("raise", 5, 5, "unsupported construct 'bare raise'"),
    (
        "raise ValueError from KeyError",
        5,
        27,
        "unsupported construct 'raise ... from ...'",
    ),
    ("raise 5", 5, 11, "exceptions must derive from BaseException, found '5' (int)"),
    (
        "raise int",
        5,
        11,
        "exceptions must derive from BaseException, found 'int' (int)",
    ),
    ("raise ValueError(msg='x')", 5, 11, "keyword or starred arguments"),
    ("raise ValueError([1, 2])", 5, 11, "exception argument of type list"),
    (
        "raise ValueError(2 ** 70)",
        5,
        11,
        "fit in 64 bits, found 1180591620717411303424",
    ),
    (
        "raise Undefined('x')",
        5,
        11,
        "expected the exception class to be a compile-time",
    ),
]


@pytest.mark.parametrize(
    ("line", "row", "col", "message"), BAD_RAISES, ids=[b[0] for b in BAD_RAISES]
)
def test_what_numba_rejects_is_a_located_error(
    line: str, row: int, col: int, message: str
) -> None:
    with pytest.raises(FrontendError) as info:
        compile_python(_source(line), "void(int32[:], int32)")
    assert (info.value.line, info.value.col) == (row, col), str(info.value)
    assert message in str(info.value), str(info.value)


# ---------------------------------------------------------------------------
# Passes keep the meaning
# ---------------------------------------------------------------------------


def nested(a, out):
    i = cuda.grid(1)
    v = a[i]
    if v < 0:
        raise ValueError("negative")
    acc = 0
    for j in range(v % 7):
        for q in range(j):
            if v == 100 + j:
                raise IndexError("deep")
            acc += q
    if i % 2 == 0:
        acc += checked_double(v % 9)
    else:
        acc -= checked_double(v % 9)
    out[i] = acc


@pytest.mark.parametrize(
    "pipeline",
    [
        "simt-optimize",
        "simt-linearize",
        "simt-flatten-loops{mode=always}",
        "simt-branch-fusion",
    ],
)
def test_passes_keep_the_outputs_and_the_raise(pipeline: str) -> None:
    module = compile_python(nested, "void(int64[:], int64[:])")
    changed = module.clone()
    simt.apply_passes(changed, pipeline)
    rng = np.random.default_rng(3)
    for _ in range(3):
        a = rng.integers(-2, 110, 256).astype(np.int64)
        a[rng.integers(0, 256, 4)] = [100, 102, 103, 105]
        before, after = np.zeros(256, np.int64), np.zeros(256, np.int64)
        first = _simulate(module, 4, 64, [a, before])
        second = _simulate(changed, 4, 64, [a, after])
        assert np.array_equal(before, after)
        assert first.raised == second.raised


# ---------------------------------------------------------------------------
# simt.jit and the lowering
# ---------------------------------------------------------------------------


def test_jit_debug_raises_on_every_target_and_opt_is_accepted() -> None:
    def user_raise(do_raise):
        if do_raise:
            raise ValueError

    for target in ("host", "sim"):
        kernel = simt.jit(debug=True, opt=False, target=target)(user_raise)
        kernel[1, 1](False)
        with pytest.raises(ValueError):
            kernel[1, 1](True)
        quiet = simt.jit(target=target)(user_raise)
        quiet[1, 1](True)
        assert quiet.last_result.raised is not None


def test_raising_kernels_assemble() -> None:
    from simt.lowering.ptxas import find_ptxas

    module = compile_python(nested, "void(int64[:], int64[:])")
    for arch in ("sm_70", "sm_80", "sm_90"):
        ptx = simt.to_ptx(module, arch, ptxas=find_ptxas() is not None)
        assert ".visible .global .align 8 .b8 nested__simt_raise[8]" in ptx
        assert "atom.global.min.u64" in ptx
