"""The numba-simulator harness reports wrong results and failing kernels per job."""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from simt.bench.kernels import get
from simt.bench.kernels.cudasim import (
    CudasimError,
    CudasimJob,
    KernelRef,
    run_cudasim,
)
from simt.bench.kernels.spec import LaunchCase

KERNELS = """
from numba import cuda


def collatz_off_by_one(start, steps, n, cap):
    i = cuda.grid(1)
    if i < n:
        x = start[i]
        c = 1
        while x != 1 and c < cap:
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            c += 1
        steps[i] = c


def out_of_bounds(a, n):
    i = cuda.grid(1)
    a[i + n] = 1


def overflow(a, n):
    i = cuda.grid(1)
    if i < n:
        a[i] = a[i] * a[i]


def accumulate(a, n):
    i = cuda.grid(1)
    if i < n:
        a[i] += i + 1
"""


def load_kernels(tmp_path: Path):
    path = tmp_path / "harness_kernels.py"
    path.write_text(textwrap.dedent(KERNELS))
    spec = importlib.util.spec_from_file_location("harness_kernels_for_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_wrong_kernel_is_caught_and_failures_stay_per_job(tmp_path: Path) -> None:
    kernels = load_kernels(tmp_path)
    collatz = get("collatz")
    case = collatz.make_inputs(np.random.default_rng(0))
    single = LaunchCase((np.asarray(case.args[0]).size // 32,), (32,), case.copy_args())
    small = LaunchCase((1,), (32,), [np.zeros(32, np.int64), np.int64(32)])
    big = LaunchCase((1,), (32,), [np.full(32, 1 << 40, np.int64), np.int64(32)])
    signature = "void(int64[:], int64)"
    results = run_cudasim(
        [
            CudasimJob(
                "off_by_one",
                KernelRef.of(kernels.collatz_off_by_one),
                collatz.signature,
                single,
            ),
            CudasimJob("oob", KernelRef.of(kernels.out_of_bounds), signature, small),
            CudasimJob("overflow", KernelRef.of(kernels.overflow), signature, big),
            CudasimJob.for_spec(collatz, case),
        ]
    )
    wrong, oob, overflow, right = results
    problems = collatz.mismatches(collatz.expected(case), wrong.unwrap())
    assert len(problems) == 1 and problems[0].startswith("output 1 (steps):")
    assert oob.args is None and "index" in (oob.error or "").lower()
    assert overflow.args is None and "overflow" in (overflow.error or "")
    with pytest.raises(CudasimError, match="oob failed under numba's CUDA simulator"):
        oob.unwrap()
    assert collatz.mismatches(collatz.expected(case), right.unwrap()) == []
    np.testing.assert_array_equal(case.args[1], np.zeros_like(case.args[1]))


def test_kernels_defined_in_functions_are_rejected() -> None:
    def local_kernel(a):
        a[0] = 1

    with pytest.raises(CudasimError, match="defined inside a function"):
        KernelRef.of(local_kernel)


def test_empty_batch_starts_no_subprocess() -> None:
    assert run_cudasim([]) == []


def test_repeated_launches_start_from_fresh_arguments(tmp_path: Path) -> None:
    """`repeat` launches a job on fresh copies of its arguments each time: a
    kernel that adds into its array leaves one launch's sums, not three."""
    kernels = load_kernels(tmp_path)
    a = np.arange(64, dtype=np.int64)
    case = LaunchCase((2,), (32,), [a, np.int64(64)])
    signature = "void(int64[:], int64)"
    job = CudasimJob("acc", KernelRef.of(kernels.accumulate), signature, case)
    (result,) = run_cudasim([job], repeat=3)
    np.testing.assert_array_equal(result.unwrap()[0], 2 * np.arange(64) + 1)
    np.testing.assert_array_equal(a, np.arange(64))
    assert result.seconds > 0
