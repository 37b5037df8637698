"""The language of issue 14 end to end: N-d arrays and views, shared, local and
constant memory, tuples, device functions, unsigned types and casts.

Each kernel is compiled, simulated and compared with a numpy reference; then,
after each transformation pipeline, simulated again and compared with the
untransformed run (the passes handle the constructs or leave them alone,
never change a result); and lowered to PTX that ptxas assembles for sm_70,
sm_80 and sm_90. Hypothesis generates further kernels over the same
constructs (2-D arrays, shared memory with barriers, local arrays, device
calls) for the same differential check.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numba import cuda, uint8, uint32, uint64

import simt
from simt.lowering.ptx import ARCHES
from simt.lowering.ptxas import assemble

PIPELINES = (
    "simt-flatten-loops{mode=always}",
    "simt-flatten-loops{mode=adaptive}",
    "simt-linearize",
    "simt-branch-fusion",
    "simt-optimize",
)

TILE = 8
WEIGHTS = np.array([1, 2, 3, 4], dtype=np.int32)


# -- kernels ----------------------------------------------------------------


def transpose_tiles(out, a):
    """2-D arrays, shared memory tile, barrier, cuda.grid(2), shapes."""
    tile = cuda.shared.array((TILE, TILE + 1), dtype=np.float32)
    x, y = cuda.grid(2)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    if x < a.shape[1] and y < a.shape[0]:
        tile[ty, tx] = a[y, x]
    cuda.syncthreads()
    ox = cuda.blockIdx.y * TILE + tx
    oy = cuda.blockIdx.x * TILE + ty
    if ox < out.shape[1] and oy < out.shape[0]:
        out[oy, ox] = tile[tx, ty]


def block_sum(out, a):
    """Shared-memory tree reduction with a barrier in a loop."""
    s = cuda.shared.array(64, dtype=np.int32)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    s[t] = a[i] if i < a.size else 0
    cuda.syncthreads()
    step = cuda.blockDim.x // 2
    while step > 0:
        if t < step:
            s[t] += s[t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        out[cuda.blockIdx.x] = s[0]


def minmax(x, y):
    """A device function returning a tuple."""
    if x < y:
        return x, y
    return y, x


def sort_rows(out, a):
    """Local arrays, views of rows, device calls, negative indices."""
    i = cuda.grid(1)
    if i < a.shape[0]:
        row = a[i]
        buf = cuda.local.array(4, dtype=np.int64)
        for k in range(4):
            buf[k] = row[k]
        for _ in range(4):
            for k in range(3):
                buf[k], buf[k + 1] = minmax(buf[k], buf[k + 1])
        for k, v in enumerate(buf):
            out[i, k] = v
        out[i, -1] += buf[-1] - buf[-1]


def weighted(out, a):
    """Module-level arrays (frozen constants), const.array_like, zip."""
    w = cuda.const.array_like(WEIGHTS)
    i = cuda.grid(1)
    if i < out.size:
        acc = 0
        for x, k in zip(range(4), WEIGHTS):  # noqa: B905 (numba: no strict=)
            acc += a[i, x] * k * w[x]
        out[i] = acc


def bytes_and_casts(out, a, shift):
    """Unsigned types, wraparound, casts, `in` over a tuple, for-else."""
    i = cuda.grid(1)
    if i < a.size:
        v = a[i]
        w = uint8(v + uint8(200))
        h = uint32(v) << shift
        found = 0
        for k in range(3):
            if v == k * 7:
                found = k + 1
                break
        else:
            found = 9
        out[i, 0] = w
        out[i, 1] = h
        out[i, 2] = 1 if v % 5 in (1, 3) else 0
        out[i, 3] = found


def dynamic_reverse(a):
    """Dynamic shared memory sized by the launch."""
    s = cuda.shared.array(0, dtype=np.float64)
    t = cuda.threadIdx.x
    n = cuda.blockDim.x
    s[t] = a[cuda.grid(1)]
    cuda.syncthreads()
    a[cuda.grid(1)] = s[n - 1 - t]


def slice_fill(out, n):
    """`a[slices] = x`, `a[i] = x` of a 2-D array: fills of views."""
    loc = cuda.local.array((2, 3), np.float64)
    loc[:] = 1.5
    i = cuda.grid(1)
    loc[1] = i
    if i < n:
        out[i] = -1
        out[i, 1:] = loc[1, 0] + loc[0, 2]
        out[i, 3::-2] = 7


@dataclass(frozen=True)
class Case:
    kernel: Callable[..., None]
    signature: str
    grid: tuple[int, ...]
    block: tuple[int, ...]
    make_args: Callable[[np.random.Generator], list[Any]]
    expected: Callable[[list[Any]], list[np.ndarray[Any, Any]]]
    shared_bytes: int = 0


def _rows(rng: np.random.Generator) -> np.ndarray[Any, Any]:
    return rng.integers(-50, 50, size=(20, 4)).astype(np.int64)


CASES = {
    "transpose_tiles": Case(
        transpose_tiles,
        "void(float32[:, ::1], float32[:, ::1])",
        (3, 2),
        (TILE, TILE),
        lambda rng: [
            np.zeros((20, 13), np.float32),
            rng.standard_normal((13, 20)).astype(np.float32),
        ],
        lambda args: [args[1].T],
    ),
    "block_sum": Case(
        block_sum,
        "void(int32[::1], int32[::1])",
        (3,),
        (64,),
        lambda rng: [
            np.zeros(3, np.int32),
            rng.integers(-100, 100, 150).astype(np.int32),
        ],
        lambda args: [
            np.array([args[1][k * 64 : (k + 1) * 64].sum() for k in range(3)])
        ],
    ),
    "sort_rows": Case(
        sort_rows,
        "void(int64[:, ::1], int64[:, ::1])",
        (1,),
        (32,),
        lambda rng: [np.zeros((20, 4), np.int64), _rows(rng)],
        lambda args: [np.sort(args[1], axis=1)],
    ),
    "weighted": Case(
        weighted,
        "void(int64[::1], int32[:, :])",
        (1,),
        (32,),
        lambda rng: [
            np.zeros(20, np.int64),
            rng.integers(-9, 9, size=(20, 4)).astype(np.int32),
        ],
        lambda args: [args[1].astype(np.int64) @ (WEIGHTS.astype(np.int64) ** 2)],
    ),
    "bytes_and_casts": Case(
        bytes_and_casts,
        "void(uint32[:, ::1], uint8[::1], int32)",
        (1,),
        (64,),
        lambda rng: [
            np.zeros((40, 4), np.uint32),
            rng.integers(0, 256, 40).astype(np.uint8),
            27,
        ],
        lambda args: [_bytes_reference(args[1], args[2])],
    ),
    "slice_fill": Case(
        slice_fill,
        "void(float32[:, :], int64)",
        (1,),
        (32,),
        lambda rng: [np.zeros((24, 5), np.float32), 20],
        lambda args: [
            np.array(
                [[-1, 7, i + 1.5, 7, i + 1.5] for i in range(20)] + [[0] * 5] * 4,
                np.float32,
            )
        ],
    ),
    "dynamic_reverse": Case(
        dynamic_reverse,
        "void(float64[::1])",
        (2,),
        (32,),
        lambda rng: [rng.standard_normal(64)],
        lambda args: [np.concatenate([args[0][31::-1], args[0][:31:-1]])],
        shared_bytes=32 * 8,
    ),
}


def _bytes_reference(a: np.ndarray[Any, Any], shift: int) -> np.ndarray[Any, Any]:
    out = np.zeros((len(a), 4), np.uint32)
    for i, v in enumerate(a.tolist()):
        found = next((k + 1 for k in range(3) if v == k * 7), 9)
        out[i] = [(v + 200) % 256, (v << shift) % 2**32, v % 5 in (1, 3), found]
    return out


def run(module: Any, case: Case, args: list[Any]) -> list[np.ndarray[Any, Any]]:
    copies = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
    simt.simulate(
        module,
        case.grid,
        case.block,
        copies,
        trace=False,
        dynamic_shared_bytes=case.shared_bytes,
    )
    return [a for a in copies if isinstance(a, np.ndarray)]


@pytest.mark.parametrize("name", sorted(CASES))
def test_kernel_matches_numpy(name: str) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(7))
    outputs = run(simt.compile_python(case.kernel, case.signature), case, args)
    expected = case.expected(args)
    np.testing.assert_allclose(outputs[0], expected[0], rtol=1e-6)


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_passes_keep_results_and_ptx_assembles(
    name: str, pipeline: str, ptxas: Path
) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(11))
    before = run(simt.compile_python(case.kernel, case.signature), case, args)
    module = simt.compile_python(case.kernel, case.signature)
    simt.apply_passes(module, pipeline)
    after = run(module, case, args)
    for k, (b, a) in enumerate(zip(before, after, strict=True)):
        np.testing.assert_array_equal(a, b, err_msg=f"array {k} after {pipeline}")
    for arch in ARCHES:
        assemble(simt.to_ptx(module, arch, ptxas=False), arch, ptxas)


# -- generated kernels ------------------------------------------------------------


@st.composite
def generated_kernel(draw: st.DrawFn) -> str:
    """A kernel over a 2-D input: each thread loads a row into a local array,
    combines it with a device function, exchanges values through shared
    memory between barriers (some steps under a data-dependent branch, the
    barrier always outside it), and stores to a 2-D output."""
    width = draw(st.integers(2, 5))
    steps: list[str] = []
    for k in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["+", "-", "*", "^", "&", "|"]))
        shift = draw(st.integers(1, 31))
        guard = draw(st.sampled_from(["", "v % 3 == 0", "t < 16", "loc[0] > 0"]))
        body = f"v = mix(v, s[(t + {shift}) % 32]) {op} loc[{k % width}]"
        steps += ["s[t] = v", "cuda.syncthreads()"]
        steps += [f"if {guard}:", f"    {body}"] if guard else [body]
        steps += ["cuda.syncthreads()"]
    loop_bound = draw(st.integers(0, 4))
    return f"""
import numpy as np
from numba import cuda

def mix(a, b):
    if a > b:
        return a - b
    return (a + b) % 1000

def kernel(out, data):
    s = cuda.shared.array(32, dtype=np.int32)
    loc = cuda.local.array({width}, dtype=np.int32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    for k in range({width}):
        loc[k] = data[i, k]
    v = loc[0]
    j = 0
    while j < {loop_bound} and v > j:
        v = mix(v, loc[j % {width}])
        j += 1
    {(chr(10) + "    ").join(steps)}
    for k in range({width}):
        out[i, k] = v + loc[k] * k
"""


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(source=generated_kernel(), pipeline=st.sampled_from(PIPELINES))
def test_generated_kernels_keep_results(source: str, pipeline: str) -> None:
    signature = "void(int32[:, ::1], int32[:, ::1])"
    module = simt.compile_python(source, signature, name="kernel")
    rng = np.random.default_rng(len(source))
    width = int(source.split("cuda.local.array(")[1].split(",")[0])
    data = rng.integers(-20, 20, size=(64, width)).astype(np.int32)
    case = Case(lambda: None, signature, (2,), (32,), lambda _: [], lambda _: [])
    before = run(module, case, [np.zeros_like(data), data])
    transformed = simt.compile_python(source, signature, name="kernel")
    simt.apply_passes(transformed, pipeline)
    after = run(transformed, case, [np.zeros_like(data), data])
    np.testing.assert_array_equal(after[0], before[0])
    np.testing.assert_array_equal(after[1], data)


# -- values known at compile time -------------------------------------------------

OFFSET = 1


def fill_shared(out, shape, dtype, wrap):
    """A device function whose shape, dtype and flag are constants of the call."""
    s = cuda.shared.array(shape, dtype)
    t = cuda.threadIdx.x
    s[t % shape[0], t // shape[0]] = t
    cuda.syncthreads()
    index = (t, uint64(t))
    if wrap:
        # typed only if taken: a float64 is not an array index
        index = (index[0] * 0.5, index[1])
    out[t] = s[index[1] % shape[0], index[0] // shape[0]]


def uses_constants(out):
    fill_shared(out, (4, 8), np.int32, False)


def zero_dimensional(r, x, y):
    r[()] = x[()] + y[()] + OFFSET


def test_device_function_arguments_known_at_compile_time() -> None:
    out = np.zeros(32, np.int32)
    module = simt.compile_python(uses_constants, "void(int32[::1])")
    simt.simulate(module, (1,), (32,), [out], trace=False)
    t = np.arange(32)
    expected = (t % 4) + 4 * (t // 4)
    np.testing.assert_array_equal(out, expected)


def test_zero_dimensional_arrays() -> None:
    from simt.frontend.signature import parse_signature, signature_of_args

    args = [np.zeros((), np.float64), np.array(2.5), np.array(3.0)]
    signature = signature_of_args(args)
    assert str(signature) == (
        "void(array(float64, 0d, C), array(float64, 0d, C), array(float64, 0d, C))"
    )
    assert parse_signature(str(signature)) == signature
    module = simt.compile_python(zero_dimensional, signature)
    simt.simulate(module, (1,), (1,), args, trace=False)
    assert args[0][()] == 6.5


def uses_wrap(out):
    fill_shared(out, (4, 8), np.int32, True)


def test_taken_branch_is_typed_as_numba_types_it() -> None:
    from simt.frontend import FrontendError

    with pytest.raises(FrontendError, match="expected an integer array index"):
        simt.compile_python(uses_wrap, "void(int32[::1])")


def half_exp(a, b):
    i = cuda.grid(1)
    b[i] = math.exp(a[i])


def test_float16_math_is_computed_in_float32(ptxas: Path) -> None:
    module = simt.compile_python(half_exp, "void(float16[::1], float16[::1])")
    for arch in ARCHES:
        assemble(simt.to_ptx(module, arch, ptxas=False), arch, ptxas)
    a = np.linspace(-2, 2, 32).astype(np.float16)
    b = np.zeros_like(a)
    simt.simulate(module, (1,), (32,), [a, b], trace=False)
    np.testing.assert_array_equal(b, np.exp(a))


def identity_checks(pred, stack):
    i = 0
    if pred is True:
        stack[i] = 1
        i += 1
    if pred is not False:
        stack[1] += 10
    one = 1.0
    if i is one:  # int64 and float64: never the same object, as numba says
        stack[1] += 100


@pytest.mark.parametrize("pred", [True, False])
def test_is_between_numbers_is_numbas_generic_is(pred: bool) -> None:
    """`x is y` between numbers: `==` for one type, False across types."""
    module = simt.compile_python(identity_checks, "void(boolean, int64[:])")
    stack = np.array([0, 666])
    simt.simulate(module, (1,), (1,), [pred, stack])
    assert stack.tolist() == ([1, 676] if pred else [0, 666])
