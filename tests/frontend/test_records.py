"""Record dtypes end to end: record arrays and record scalars as parameters,
`a[i].x`, `a[i]['x']`, `a.x`, nested arrays, whole-record copies, records in
local, shared and constant memory, and numba's own `numba.cuda.random`
(xoroshiro128p) compiled from its installed source.

Each kernel is simulated and compared with a numpy reference, then simulated
again after each pass pipeline (the results must not change), and its PTX
assembled by ptxas for sm_70, sm_80 and sm_90.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numba import cuda
from numba.cuda.random import (
    init_xoroshiro128p_states_cpu,
    xoroshiro128p_dtype,
    xoroshiro128p_next,
    xoroshiro128p_uniform_float32,
    xoroshiro128p_uniform_float64,
)

import simt
from simt.frontend import FrontendError
from simt.frontend.signature import signature_of_args
from simt.lowering.ptx import ARCHES
from simt.lowering.ptxas import assemble

PIPELINES = (
    "simt-flatten-loops{mode=always}",
    "simt-linearize",
    "simt-branch-fusion",
    "simt-optimize",
)

PARTICLE = np.dtype(
    [
        ("x", np.float64),
        ("n", np.int32),
        ("z", np.complex64),
        ("h", np.float32, (3, 2)),
        ("tag", "S4"),
    ],
    align=True,
)
PAIR = np.dtype([("a", np.int8), ("b", np.float64)])
"""A packed record: `b` is at byte offset 1, so its view is not aligned."""

TABLE = np.zeros(4, dtype=np.dtype([("k", np.int32), ("w", np.float32)], align=True))
TABLE["k"] = [3, 1, 4, 1]
TABLE["w"] = [0.5, 1.5, 2.5, 3.5]


# -- kernels ----------------------------------------------------------------


def fields(out, ps):
    """Attribute and subscript reads and writes, `+=`, nested arrays."""
    i = cuda.grid(1)
    if i < ps.size:
        p = ps[i]
        p.x = p.x * 2.0 + p["n"]
        p["n"] += 1
        p.h[1, 0] = p.h[0, 1] + p.h[2, 1]
        out[i] = p.n + ps.h[i, 1, 0]


def copy_records(ps, order):
    """Whole-record copies (complex and string fields carried along)."""
    i = cuda.grid(1)
    if i < order.size:
        ps[i] = ps[order[i]]


def record_param(r, a):
    """A record parameter (numba passes records by reference)."""
    r.n = 7
    for k in range(3):
        r.h[k, 0] = a[k]
    r["x"] = r.h[1, 0] + r.h[2, 0]


def packed(ps):
    """A packed record whose float field is not aligned."""
    i = cuda.grid(1)
    if i < ps.size:
        ps[i].b = ps[i].a * 0.25


def in_local_and_shared(out, ps):
    """Record arrays in local and shared memory; a constant record array."""
    tmp = cuda.local.array(2, dtype=PAIR)
    sh = cuda.shared.array(32, dtype=PAIR)
    t = cuda.threadIdx.x
    tmp[0] = ps[t]
    tmp[1].a = TABLE[t % 4].k
    tmp[1].b = TABLE[t % 4]["w"]
    sh[t] = tmp[1]
    cuda.syncthreads()
    other = sh[31 - t]
    out[t] = tmp[0].b + other.a + other.b


def uniform(out, states, count):
    """numba.cuda.random's device functions, compiled from numba's source."""
    i = cuda.grid(1)
    if i < states.size:
        for k in range(count):
            out[i, k] = xoroshiro128p_uniform_float64(states, i)
            out[i, count + k] = xoroshiro128p_uniform_float32(states, i)


def raw_next(out, states):
    i = cuda.grid(1)
    if i < states.size:
        out[i] = xoroshiro128p_next(states, i)


# -- references -------------------------------------------------------------


def _particles(rng: np.random.Generator, n: int) -> np.ndarray[Any, Any]:
    ps = np.zeros(n, PARTICLE)
    ps["x"] = rng.standard_normal(n)
    ps["n"] = rng.integers(-50, 50, n)
    ps["z"] = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    ps["h"] = rng.standard_normal((n, 3, 2))
    ps["tag"] = [f"t{k}".encode() for k in range(n)]
    return ps


def _fields_reference(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    out, ps = np.copy(args[0]), np.copy(args[1])
    ps["x"] = ps["x"] * 2.0 + ps["n"]
    ps["n"] += 1
    ps["h"][:, 1, 0] = ps["h"][:, 0, 1] + ps["h"][:, 2, 1]
    out[:] = ps["n"] + ps["h"][:, 1, 0].astype(np.float64)
    return [out, ps]


def _copy_reference(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    ps, order = np.copy(args[0]), args[1]
    result = np.copy(ps)
    for i, j in enumerate(order):
        # the kernel's threads read before any write lands only when no
        # source is also a destination: order is a permutation of the upper half
        result[i] = ps[j]
    return [result, order]


def _packed_args(rng: np.random.Generator) -> list[Any]:
    ps = np.zeros(40, PAIR)
    ps["a"] = rng.integers(-100, 100, 40)
    return [ps]


def _packed_reference(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    ps = np.copy(args[0])
    ps["b"] = ps["a"] * 0.25
    return [ps]


def _local_reference(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    ps = args[1]
    t = np.arange(32)
    a = TABLE["k"][(31 - t) % 4].astype(np.int8)
    b = TABLE["w"][(31 - t) % 4].astype(np.float64)
    return [ps["b"] + a + b, ps]


def xoroshiro_states(n: int, seed: int) -> np.ndarray[Any, Any]:
    """numba's own host initialization of `n` generator states (what
    `create_xoroshiro128p_states` computes before copying to the device)."""
    states = np.empty(n, dtype=xoroshiro128p_dtype)
    init_xoroshiro128p_states_cpu(states, seed, 0)
    return states


MASK = (1 << 64) - 1


def _xoroshiro_next(s0: int, s1: int) -> tuple[int, int, int]:
    """xoroshiro128+ (Blackman and Vigna) on Python integers."""
    result = (s0 + s1) & MASK
    s1 ^= s0
    rotl55 = ((s0 << 55) | (s0 >> 9)) & MASK
    new0 = rotl55 ^ s1 ^ ((s1 << 14) & MASK)
    new1 = ((s1 << 36) | (s1 >> 28)) & MASK
    return result, new0, new1


def _uniform_reference(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    out, states, count = np.copy(args[0]), np.copy(args[1]), args[2]
    for i in range(len(states)):
        s0, s1 = int(states[i]["s0"]), int(states[i]["s1"])
        for k in range(count):
            r, s0, s1 = _xoroshiro_next(s0, s1)
            out[i, k] = (r >> 11) * (1.0 / (1 << 53))
            r, s0, s1 = _xoroshiro_next(s0, s1)
            out[i, count + k] = np.float32((r >> 11) * (1.0 / (1 << 53)))
        states[i] = (s0, s1)
    return [out, states]


def _next_reference(args: list[Any]) -> list[np.ndarray[Any, Any]]:
    out, states = np.copy(args[0]), np.copy(args[1])
    for i in range(len(states)):
        r, s0, s1 = _xoroshiro_next(int(states[i]["s0"]), int(states[i]["s1"]))
        out[i] = r
        states[i] = (s0, s1)
    return [out, states]


@dataclass(frozen=True)
class Case:
    kernel: Callable[..., None]
    grid: tuple[int, ...]
    block: tuple[int, ...]
    make_args: Callable[[np.random.Generator], list[Any]]
    expected: Callable[[list[Any]], list[np.ndarray[Any, Any]]]


CASES: dict[str, Case] = {
    "fields": Case(
        fields,
        (2,),
        (32,),
        lambda rng: [np.zeros(50), _particles(rng, 50)],
        _fields_reference,
    ),
    "copy_records": Case(
        copy_records,
        (1,),
        (32,),
        lambda rng: [
            _particles(rng, 40),
            (20 + rng.permutation(20)).astype(np.int64),
        ],
        _copy_reference,
    ),
    "packed": Case(packed, (2,), (32,), _packed_args, _packed_reference),
    "in_local_and_shared": Case(
        in_local_and_shared,
        (1,),
        (32,),
        lambda rng: [np.zeros(32), _packed_args(rng)[0][:32].copy()],
        _local_reference,
    ),
    "uniform": Case(
        uniform,
        (1,),
        (32,),
        lambda rng: [np.zeros((20, 6)), xoroshiro_states(20, 1234), 3],
        _uniform_reference,
    ),
    "raw_next": Case(
        raw_next,
        (1,),
        (32,),
        lambda rng: [np.zeros(20, np.uint64), xoroshiro_states(20, 99)],
        _next_reference,
    ),
}


def run(module: Any, case: Case, args: list[Any]) -> list[np.ndarray[Any, Any]]:
    copies = [np.copy(a) if isinstance(a, np.ndarray) else a for a in args]
    simt.simulate(module, case.grid, case.block, copies, trace=False)
    return [a for a in copies if isinstance(a, np.ndarray)]


def _compile(case: Case, args: list[Any]) -> Any:
    return simt.compile_python(case.kernel, signature_of_args(args))


def assert_same(ours: np.ndarray[Any, Any], expected: np.ndarray[Any, Any]) -> None:
    if ours.dtype.names is None:
        np.testing.assert_array_equal(ours, expected)
        return
    for name in ours.dtype.names:
        np.testing.assert_array_equal(ours[name], expected[name], err_msg=name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_kernel_matches_numpy(name: str) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(5))
    outputs = run(_compile(case, args), case, args)
    for ours, expected in zip(outputs, case.expected(args), strict=True):
        assert_same(ours, expected)


@pytest.mark.parametrize("pipeline", PIPELINES)
@pytest.mark.parametrize("name", sorted(CASES))
def test_passes_keep_results_and_ptx_assembles(
    name: str, pipeline: str, ptxas: Path
) -> None:
    case = CASES[name]
    args = case.make_args(np.random.default_rng(9))
    before = run(_compile(case, args), case, args)
    module = _compile(case, args)
    simt.apply_passes(module, pipeline)
    after = run(module, case, args)
    for b, a in zip(before, after, strict=True):
        assert_same(a, b)
    for arch in ARCHES:
        assemble(simt.to_ptx(module, arch, ptxas=False), arch, ptxas)


def test_record_scalar_parameter_is_written_through() -> None:
    """A record scalar (`a[0]` of a record array) is passed by reference."""
    array = _particles(np.random.default_rng(3), 2)
    values = np.array([1.5, 2.5, 3.5], np.float32)
    record = array[1]
    module = simt.compile_python(record_param, signature_of_args([record, values]))
    simt.simulate(module, 1, 1, [record, values], trace=False)
    assert array[1]["n"] == 7
    np.testing.assert_array_equal(array[1]["h"][:, 0], values)
    assert array[1]["x"] == np.float32(2.5) + np.float32(3.5)
    assert array[0]["n"] != 7 or array[0]["x"] != 6.0


def test_random_matches_numba_on_the_same_states() -> None:
    """simt's simulation of numba's device functions equals numba's own
    functions (compiled by numba for the CPU, where they are `numba.jit`
    functions) run on a copy of the same states."""
    states = xoroshiro_states(8, 42)
    theirs = states.copy()
    out = np.zeros((8, 4))
    module = simt.compile_python(uniform, signature_of_args([out, states, 2]))
    simt.simulate(module, 1, 8, [out, states, 2], trace=False)
    expected = np.zeros((8, 4))
    for i in range(8):
        for k in range(2):
            expected[i, k] = xoroshiro128p_uniform_float64(theirs, i)
            expected[i, 2 + k] = xoroshiro128p_uniform_float32(theirs, i)
    np.testing.assert_array_equal(out, expected)
    assert_same(states, theirs)


def _reads_string(ps):
    ps[0].n = ps[0].tag


def _unknown_field(ps):
    ps[0].missing = 1


@pytest.mark.parametrize(
    ("kernel", "message"),
    [
        (_reads_string, "record field 'tag' of dtype"),
        (_unknown_field, "has no field 'missing'"),
    ],
)
def test_record_errors_are_located(kernel: Callable[..., None], message: str) -> None:
    args = [_particles(np.random.default_rng(1), 2)]
    with pytest.raises(FrontendError, match=message) as info:
        simt.compile_python(kernel, signature_of_args(args))
    assert "test_records.py:" in str(info.value)


def test_random_through_simt_jit() -> None:
    """`simt.jit` launches take numba's states array (a record array)."""
    states = xoroshiro_states(16, 7)
    out = np.zeros((16, 4))
    kernel = simt.jit(uniform)
    kernel[1, 16](out, states, 2)
    expected_out, expected_states = _uniform_reference(
        [np.zeros((16, 4)), xoroshiro_states(16, 7), 2]
    )
    np.testing.assert_array_equal(out, expected_out)
    assert_same(states, expected_states)


ALIGNED = np.dtype([("a", "int32"), ("b", "float64")], align=True)


def copies_b_into_a(a):
    i = cuda.grid(1)
    a[i].a = a[i].b


def test_numba_record_type_objects_are_signatures() -> None:
    """`cuda.jit((from_dtype(dtype)[:],))` (numba-cuda's `test_record_alignment`):
    an array of numba's `Record` type in a signature of type objects."""
    from numba.cuda.np.numpy_support import from_dtype

    record = from_dtype(ALIGNED)
    module = simt.compile_python(copies_b_into_a, (record[:],))
    a = np.zeros(3, ALIGNED)
    a["b"] = [123.0, 246.0, 369.0]
    simt.simulate(module, 1, 3, [a], trace=False)
    np.testing.assert_array_equal(a["a"], [123, 246, 369])
