"""numpy's whole-array reductions in kernels (`np.sum(a)`, `a.max()`, ...,
`simt.frontend.reductions`) and loops over tuples of arrays (numba's
`literal_unroll`), simulated and compared with numpy on arrays of every
element kind, 1-D to 3-D, with NaNs; then again after a pass pipeline, and
the PTX assembled by ptxas.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import cuda, literal_unroll

import simt
from simt.frontend import FrontendError, reductions
from simt.frontend.signature import signature_of_args
from simt.lowering.ptxas import assemble


def reduce_all(a, out, flags):
    if cuda.grid(1) == 0:
        out[0] = np.sum(a)
        out[1] = a.prod()
        out[2] = np.mean(a)
        out[3] = a.var()
        out[4] = np.std(a)
        out[5] = np.min(a)
        out[6] = a.max()
        out[7] = np.nanmin(a)
        out[8] = np.nanmax(a)
        out[9] = np.nansum(a)
        out[10] = np.nanprod(a)
        out[11] = np.nanmean(a)
        out[12] = np.count_nonzero(a)
        flags[0] = np.all(a)
        flags[1] = a.any()


def _reference(a: np.ndarray) -> tuple[list[float], list[bool]]:
    values = [
        np.sum(a), np.prod(a), np.mean(a), np.var(a), np.std(a), np.min(a),
        np.max(a), np.nanmin(a), np.nanmax(a), np.nansum(a), np.nanprod(a),
        np.nanmean(a) if not np.isnan(a).all() else np.nan, np.count_nonzero(a),
    ]  # fmt: skip
    return [float(v) for v in values], [bool(np.all(a)), bool(np.any(a))]


def _arrays() -> list[np.ndarray]:
    rng = np.random.default_rng(11)
    floats = rng.normal(size=(3, 4))
    with_nan = floats.copy()
    with_nan[1, 2] = np.nan
    return [
        floats,
        with_nan,
        rng.normal(size=7).astype(np.float32),
        rng.integers(-5, 6, size=(2, 3, 2)).astype(np.int32),
        rng.integers(0, 4, size=5).astype(np.uint16),
        rng.random(6) < 0.5,
        np.array([np.nan, 1.0, -2.0]),
        np.array([0.0, -0.0, 0.0]),
    ]


@pytest.mark.parametrize("index", range(len(_arrays())))
def test_reductions_equal_numpy(index: int) -> None:
    a = _arrays()[index]
    out, flags = np.zeros(13), np.zeros(2, np.bool_)
    module = simt.compile_python(reduce_all, signature_of_args([a, out, flags]))
    simt.simulate(module, (1,), (32,), [a, out, flags])
    expected, expected_flags = _reference(a)
    tolerance = 1e-6 if a.dtype == np.float32 else 1e-12
    np.testing.assert_allclose(out, expected, rtol=tolerance, equal_nan=True)
    assert flags.tolist() == expected_flags


@pytest.mark.parametrize("index", range(len(_arrays())))
def test_the_inlined_definitions_run_as_python(index: int) -> None:
    """`simt.frontend.reductions` is Python that numba-cuda's algorithms are
    written in: run by Python (`flat_item` is `a.flat[k]`) it gives numpy's
    answers, so the simulator's agreement above is not the frontend's alone."""
    a = _arrays()[index]
    expected, expected_flags = _reference(a)
    names = ["sum", "prod", "mean", "var", "std", "min", "max", "nanmin", "nanmax",
             "nansum", "nanprod", "nanmean", "count_nonzero", "all", "any"]  # fmt: skip
    got: list[float] = []
    for name in names:
        function, accumulator = reductions.REDUCTIONS[name]
        if isinstance(accumulator, str):
            start = 1 if accumulator in ("prod", "nanprod") else 0
            # numba accumulates booleans and integers in 64 bits
            kind = a.dtype.type if a.dtype.kind == "f" else np.int64
            got.append(function(a, kind(start)))
        elif accumulator is not None:
            got.append(function(a, accumulator))
        else:
            got.append(function(a))
    tolerance = 1e-6 if a.dtype == np.float32 else 1e-12
    with np.errstate(all="ignore"):
        values = np.array(got[:13], dtype=np.float64)
    np.testing.assert_allclose(values, expected, rtol=tolerance, equal_nan=True)
    assert [bool(g) for g in got[13:]] == expected_flags


def sums_of_tuple(out):
    i = 0
    for arr in literal_unroll(CASES):
        out[i] = np.sum(arr) + arr.min()
        i += 1  # noqa: SIM113 (the kernel form numba's tests use)


CASES = (
    np.float64([1.0, 2.0, 3.5]),
    np.float64([[1.0, 1.5], [2.0, 4.0]]),
    np.arange(12.0).reshape(3, 4)[::-1, 1:3],
    np.int32([4, -3, 8]),
)


def test_loop_over_a_tuple_of_arrays_is_unrolled() -> None:
    module = simt.compile_python(sums_of_tuple, "void(float64[:])")
    out = np.zeros(len(CASES))
    simt.simulate(module, (1,), (1,), [out])
    np.testing.assert_array_equal(out, [np.sum(a) + a.min() for a in CASES])
    simt.apply_passes(module, "simt-optimize")
    again = np.zeros(len(CASES))
    simt.simulate(module, (1,), (1,), [again])
    np.testing.assert_array_equal(again, out)


def test_reductions_assemble() -> None:
    module = simt.compile_python(
        reduce_all, "void(float64[:, :], float64[:], boolean[:])"
    )
    assemble(simt.to_ptx(module, ptxas=False), "sm_80")


def breaks_out(out):
    for arr in literal_unroll(CASES):
        if arr.size > 3:
            break
        out[0] += arr.size


def complex_sum(a, out):
    out[0] = np.sum(a).real


@pytest.mark.parametrize(
    ("function", "signature", "message"),
    [
        (breaks_out, "void(float64[:])", "break in a loop over a tuple of arrays"),
        (complex_sum, "void(complex128[:], float64[:])", "sum of a complex array"),
    ],
)
def test_unsupported_forms_are_located(
    function: object, signature: str, message: str
) -> None:
    with pytest.raises(FrontendError, match=message) as raised:
        simt.compile_python(function, signature)
    assert "test_reductions.py:" in str(raised.value)


EDGES = (np.array(0), np.array(5.5), np.float64([]), np.int64([1, 0, 2, 0, 3]))


def edge_counts(out, total):
    i = 0
    for case in literal_unroll(EDGES):
        out[i] = np.count_nonzero(case)
        i += 1  # noqa: SIM113 (the kernel form numba's tests use)
    total[0] = np.sum(EDGES[1]) + EDGES[1][()] + np.sum(EDGES[2])


def test_zero_dimensional_and_empty_constant_arrays() -> None:
    module = simt.compile_python(edge_counts, "void(int64[:], float64[:])")
    out, total = np.zeros(len(EDGES), np.int64), np.zeros(1)
    simt.simulate(module, (1,), (1,), [out, total])
    assert out.tolist() == [np.count_nonzero(a) for a in EDGES]
    assert total.tolist() == [11.0]
