"""Device arrays captured from globals (by reference, as numba-cuda captures
them) and numba's argument hints (`cuda.In`, `cuda.Out`, `cuda.InOut`).

A captured array is a trailing kernel parameter; the simulator binds it to the
array's host memory (numba's CUDA simulator keeps device arrays there, in
`_ary`), so writes through it change the captured array. Each kernel is
simulated and compared with numpy, simulated again after each pass pipeline,
and its PTX assembled by ptxas for sm_70, sm_80 and sm_90.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numba import cuda

import simt
from simt.frontend import FrontendError
from simt.lowering.ptx import ARCHES
from simt.lowering.ptxas import assemble


class SimulatorDeviceArray:
    """A device array as numba's CUDA simulator makes one (`cuda.to_device`
    under `NUMBA_ENABLE_CUDASIM=1`): the data is the numpy array `_ary`."""

    def __init__(self, host: np.ndarray[Any, Any]):
        self._ary = np.array(host, copy=True)


TABLE = SimulatorDeviceArray(np.arange(8, dtype=np.float32) * 1.5)
COUNTS = SimulatorDeviceArray(np.zeros(8, dtype=np.int32))


@cuda.jit(device=True)
def scaled(i):
    return TABLE[i] * 2.0


def reads_and_writes(out, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = scaled(i % 8) + TABLE[i % 8] + a[i]
        if i < 8:
            COUNTS[i] = i * 3


PIPELINES = ("simt-linearize", "simt-branch-fusion", "simt-optimize")


def _reference(a: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    table = (np.arange(8, dtype=np.float32) * 1.5)[np.arange(len(a)) % 8]
    return (table.astype(np.float64) * 3.0 + a).astype(np.float32)


def _run(module: Any) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    COUNTS._ary[:] = 0
    a = np.linspace(-1, 1, 40).astype(np.float32)
    out = np.zeros(40, np.float32)
    simt.simulate(module, 2, 32, [out, a], trace=False)
    np.testing.assert_allclose(out, _reference(a), rtol=1e-6)
    return out, COUNTS._ary.copy()


def test_captured_arrays_are_read_and_written_by_reference() -> None:
    module = simt.compile_python(reads_and_writes, "void(float32[::1], float32[::1])")
    _, counts = _run(module)
    np.testing.assert_array_equal(counts, np.arange(8) * 3)


@pytest.mark.parametrize("pipeline", PIPELINES)
def test_passes_keep_results_and_ptx_assembles(pipeline: str, ptxas: Path) -> None:
    signature = "void(float32[::1], float32[::1])"
    before = _run(simt.compile_python(reads_and_writes, signature))
    module = simt.compile_python(reads_and_writes, signature)
    simt.apply_passes(module, pipeline)
    after = _run(module)
    for b, a in zip(before, after, strict=True):
        np.testing.assert_array_equal(a, b)
    for arch in ARCHES:
        assemble(simt.to_ptx(module, arch, ptxas=False), arch, ptxas)


SCALAR = SimulatorDeviceArray(np.array(2.0, dtype=np.float32))


def zero_d(out):
    out[0] = SCALAR[0]


def test_indexing_a_zero_dimensional_capture_by_one_index_is_a_located_error() -> None:
    with pytest.raises(
        FrontendError, match="too many indices for array 'SCALAR'"
    ) as info:
        simt.compile_python(zero_d, "void(float32[::1])")
    assert "test_captures.py:" in str(info.value)


def doubles(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * 2


def test_argument_hints_pass_the_array_they_wrap() -> None:
    a = np.arange(10, dtype=np.int64)
    out = np.zeros(10, np.int64)
    kernel = simt.jit(doubles)
    kernel[1, 32](cuda.Out(out), cuda.In(a))
    np.testing.assert_array_equal(out, a * 2)


ANSWER = SimulatorDeviceArray(np.array(42.0, dtype=np.float32))


def reads_a_zero_dimensional_capture(out):
    out[0] = ANSWER[()] * 2.0
    ANSWER[()] = 7.0


def test_zero_dimensional_captures_are_read_and_written() -> None:
    """A captured 0-d device array (numba-cuda's `test_zero_dimensional`) is a
    rank-0 parameter like any other, read and written through `a[()]`."""
    module = simt.compile_python(reads_a_zero_dimensional_capture, "void(float32[:])")
    out = np.zeros(1, np.float32)
    ANSWER._ary[()] = 42.0
    simt.simulate(module, 1, 1, [out], trace=False)
    assert out[0] == 84.0 and ANSWER._ary[()] == 7.0
    simt.to_ptx(module, "sm_80")
