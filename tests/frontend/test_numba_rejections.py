"""Kernels numba-cuda refuses to type are located errors that say what numba
says: a vote's mask must be an integer and its predicate an integer or bool
(numba-cuda's `vote_sync_intrinsic`), a generalized ufunc cannot be called
in a kernel ("Untyped global name"), and a kernel's returned expression is
typed before the return is refused. The numba-suite harness counts such a
kernel as `rejected, as numba` when the test expected numba's `TypingError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from numba import cuda

import simt
from simt.bench.numba_suite import REJECTED_AS_NUMBA, Kernel
from simt.frontend import FrontendError


def vote_with_mask(mask, predicate, result):
    i = cuda.grid(1)  # pyright: ignore[reportCallIssue]
    if i < result.shape[0]:
        result[i] = cuda.all_sync(mask[i], predicate[i])


def full_mask_vote(predicate, result):
    i = cuda.grid(1)  # pyright: ignore[reportCallIssue]
    result[i] = cuda.any_sync(0xFFFFFFFF, predicate[i])


def _located(kernel: Callable[..., None], signature: str, message: str) -> None:
    with pytest.raises(FrontendError, match=message) as caught:
        simt.compile_python(kernel, signature)
    assert re.search(r"test_numba_rejections\.py:\d+:\d+: ", str(caught.value))


@pytest.mark.parametrize(
    ("signature", "message"),
    [
        (
            "void(float32[:], int32[:], int32[:])",
            r"cuda\.all_sync: Mask type must be an integer\. Got float32",
        ),
        (
            "void(boolean[:], int32[:], int32[:])",
            r"cuda\.all_sync: Mask type must be an integer\. Got bool",
        ),
        (
            "void(float64[:], int32[:], int32[:])",
            "Mask type must be an integer. Got float64",
        ),
        (
            "void(int32[:], float32[:], int32[:])",
            r"cuda\.all_sync: Predicate must be an integer or boolean\. Got float32",
        ),
        (
            "void(int32[:], float64[:], int32[:])",
            "Predicate must be an integer or boolean. Got float64",
        ),
    ],
)
def test_vote_types_are_numbas(signature: str, message: str) -> None:
    # numba-cuda's test_warp_ops.test_vote_sync_type_validation
    _located(vote_with_mask, signature, message)


def test_a_full_mask_vote_checks_its_predicate() -> None:
    _located(
        full_mask_vote,
        "void(float32[:], int32[:])",
        r"cuda\.any_sync: Predicate must be an integer or boolean",
    )


@pytest.mark.parametrize(
    ("mask_dtype", "predicate_dtype"),
    [("uint32", "uint32"), ("int64", "int64"), ("uint64", "bool"), ("int32", "int32")],
)
def test_valid_vote_types_vote(mask_dtype: str, predicate_dtype: str) -> None:
    signature = f"void({mask_dtype}[:], {predicate_dtype}[:], int32[:])"
    module = simt.compile_python(vote_with_mask, signature)
    mask = np.full(32, (~np.array(0, dtype=mask_dtype)).item(), dtype=mask_dtype)
    predicate = np.ones(32, dtype=predicate_dtype)
    predicate[5] = 0
    result = np.zeros(32, np.int32)
    simt.simulate(module, 1, 32, [mask, predicate, result], trace=False)
    np.testing.assert_array_equal(result, np.zeros(32))


class GeneralizedUFunc:
    """Stands for numba-cuda's `GeneralizedUFunc` (`@guvectorize(...,
    target="cuda")`), which needs a CUDA driver to build."""

    __module__ = "numba.cuda.deviceufunc"


gufunc_copy = GeneralizedUFunc()


def calls_a_gufunc(a, b):
    return gufunc_copy(a, b)  # pyright: ignore[reportCallIssue]


def returns_a_value(a, b):
    return a[0]


def nothing(a):
    a[0] = 1


def returns_none_of_a_call(a, b):
    return nothing(a)


def test_a_gufunc_call_is_an_untyped_global_before_the_return() -> None:
    # numba-cuda's test_gufunc.test_not_supported_call_from_jit
    _located(
        calls_a_gufunc,
        "void(int32[:], int32[:])",
        r"call to gufunc_copy': Untyped global name 'gufunc_copy'",
    )
    _located(returns_a_value, "void(int32[:], int32[:])", "return with a value")


def test_returning_a_call_without_result_is_a_return() -> None:
    module = simt.compile_python(returns_none_of_a_call, "void(int32[:], int32[:])")
    a = np.zeros(2, np.int32)
    simt.simulate(module, 1, 1, [a, a], trace=False)
    assert a[0] == 1


def _launch(test: str, **fields: Any) -> dict[str, Any]:
    return {"test": test, "compile": "ok", "ptx": "ok", "simulate": "ok", **fields}


def test_the_harness_counts_rejections_numba_shares() -> None:
    rejected = _launch(
        "T.t",
        compile="rejected: k.py:3:5: cuda.all_sync: Mask type must be an integer",
        typing_error=True,
    )
    valid = _launch("T.t", compare={"equal": True, "mismatches": []})
    passed, failed = {"outcome": "pass"}, {"outcome": "fail", "detail": "x"}
    assert Kernel("k", [rejected], {"T.t": passed}).outcome()[0] == REJECTED_AS_NUMBA
    # the valid signatures of a kernel decide where there are some
    both = Kernel("k", [rejected, valid], {"T.t": passed})
    assert both.outcome()[0] == "equal"
    wrong = _launch("T.t", compare={"equal": False, "mismatches": ["a[0]"]})
    assert Kernel("k", [rejected, wrong], {"T.t": failed}).outcome()[0] != "equal"
    # the test did not pass: simt's message is not what it expected
    assert Kernel("k", [rejected], {"T.t": failed}).outcome()[0] == "rejected"
    # a rejection the test did not expect is a rejection
    plain = {**rejected, "typing_error": False}
    assert Kernel("k", [plain, valid], {"T.t": passed}).outcome()[0] == "rejected"
    assert Kernel("k", [valid], {"T.t": passed}).outcome()[0] == "equal"
