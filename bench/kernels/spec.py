"""The types of the kernel corpus: a kernel, one launch of it, and how outputs compare.

A `KernelSpec` bundles a plain Python kernel (numba.cuda style, undecorated) with
everything a consumer needs to run it anywhere and check the result: its numba
signature, an input generator that returns a `LaunchCase` (grid, block, args),
a numpy reference that computes the expected outputs, which arguments are
outputs, and the tolerance for float outputs.

Outputs compare as numba's own tests do: integer and boolean arrays exactly,
float arrays with `numpy.isclose(actual, expected, rtol, atol)` elementwise.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np

Arg = np.ndarray | np.generic
"""A kernel argument: a 1-D numpy array or a numpy scalar of the signature's type."""

SIZE_FACTORS: Mapping[str, int] = MappingProxyType(
    {"small": 1, "medium": 16, "large": 256}
)
"""Named sizes, as multiples of a kernel's `small_items` work items."""


@dataclass(frozen=True)
class Tolerance:
    """How close a float output must be: `|actual - expected| <= atol + rtol*|expected|`."""

    rtol: float = 0.0
    atol: float = 0.0


EXACT = Tolerance()
"""The tolerance of kernels whose outputs are all integers."""

LONG_RUN_STEP_LIMIT = 10**11
"""The step limit of the benchmarks whose launches are long by design (the
Fig. 7 sweep's largest points, DPLL): `simt.simulate`'s default (a hang
guard, 5e6 warp instructions per warp) stops them."""


@dataclass(frozen=True)
class LaunchCase:
    """One launch: the grid and block shape (1-D) and the argument values.

    `args` holds numpy arrays and numpy scalars in the order of the kernel's
    parameters. Runners update the arrays in place, so use `copy_args()` to run
    several implementations on the same inputs.
    """

    grid: tuple[int, ...]
    block: tuple[int, ...]
    args: list[Arg]
    dynamic_shared_bytes: int = 0
    """Bytes of each block's dynamic shared array (numba's fourth launch
    parameter)."""

    @property
    def threads(self) -> int:
        """The number of threads the launch starts."""
        return int(np.prod(self.grid)) * int(np.prod(self.block))

    def copy_args(self) -> list[Arg]:
        """A deep copy of `args` (arrays copied, scalars kept)."""
        return [a.copy() if isinstance(a, np.ndarray) else a for a in self.args]


InputMaker = Callable[[np.random.Generator, int], LaunchCase]
"""Builds a launch for a number of work items (already resolved from a size name)."""

Reference = Callable[[list[Arg]], None]
"""Computes the expected outputs in place in a copy of the launch arguments."""


@dataclass(frozen=True)
class KernelSpec:
    """A corpus kernel with its inputs, numpy reference and comparison rules.

    `func` is the undecorated Python function: `numba.cuda.jit(signature)(func)`
    and `simt.compile_python(func, signature)` both accept it.
    """

    name: str
    func: Callable[..., None]
    """The kernel: a plain module-level Python function in numba.cuda style."""
    signature: str
    """numba's string form, e.g. "void(int32[:], int32[:], int32)"."""
    inputs: InputMaker
    """Builds a launch for a resolved work-item count; call `make_inputs` instead."""
    reference: Reference
    """numpy reference: computes the outputs in place in a copy of the arguments."""
    outputs: tuple[int, ...]
    """Indices of the arguments the kernel writes."""
    paper: str
    """Where the kernel comes from: paper and figure, or the irregular pattern."""
    unstructured: bool
    """Whether the body uses break, continue, or return inside control flow."""
    small_items: int
    """Work items at size "small" (a few hundred threads)."""
    float_tolerance: Tolerance = EXACT
    """How float outputs compare; integer outputs always compare exactly."""
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """The kernel's parameters (for parameterized kernels such as early_exit)."""

    def make_inputs(
        self, rng: np.random.Generator, size: str | int = "small"
    ) -> LaunchCase:
        """A launch on random inputs; `size` is "small", "medium", "large" or a work-item count."""
        return self.inputs(rng, resolve_size(size, self.small_items))

    @property
    def arg_names(self) -> tuple[str, ...]:
        """The kernel's parameter names, in order."""
        return tuple(inspect.signature(self.func).parameters)

    def expected(self, case: LaunchCase) -> list[Arg]:
        """The arguments after the launch according to the numpy reference."""
        args = case.copy_args()
        self.reference(args)
        return args

    def mismatches(self, expected: Sequence[Arg], actual: Sequence[Arg]) -> list[str]:
        """One line per output that differs (empty when all outputs agree)."""
        return output_mismatches(
            self.outputs, self.arg_names, self.float_tolerance, expected, actual
        )


def resolve_size(size: str | int, small_items: int) -> int:
    """The number of work items that a size name or count stands for."""
    if isinstance(size, str):
        if size not in SIZE_FACTORS:
            names = ", ".join(SIZE_FACTORS)
            raise ValueError(
                f"unknown size {size!r}: expected one of {names} or an int"
            )
        return small_items * SIZE_FACTORS[size]
    if size <= 0:
        raise ValueError(f"size must be a positive number of work items, got {size}")
    return size


def blocks_for(items: int, block: int, items_per_thread: int = 1) -> int:
    """The number of blocks so that each thread handles about `items_per_thread` items."""
    threads = -(-items // items_per_thread)
    return max(1, -(-threads // block))


def output_mismatches(
    outputs: Sequence[int],
    names: Sequence[str],
    tolerance: Tolerance,
    expected: Sequence[Arg],
    actual: Sequence[Arg],
) -> list[str]:
    """Describe every output argument where `actual` differs from `expected`."""
    problems: list[str] = []
    for index in outputs:
        name = names[index] if index < len(names) else f"arg{index}"
        problem = array_mismatch(
            np.asarray(expected[index]), np.asarray(actual[index]), tolerance
        )
        if problem is not None:
            problems.append(f"output {index} ({name}): {problem}")
    return problems


def array_mismatch(
    expected: np.ndarray, actual: np.ndarray, tolerance: Tolerance
) -> str | None:
    """Why `actual` differs from `expected`, or None when they agree."""
    if expected.shape != actual.shape:
        return f"shape {actual.shape}, expected {expected.shape}"
    if np.issubdtype(expected.dtype, np.floating):
        bad = ~np.isclose(
            actual, expected, rtol=tolerance.rtol, atol=tolerance.atol, equal_nan=True
        )
    else:
        bad = actual != expected
    if not bad.any():
        return None
    first = int(np.flatnonzero(bad)[0])
    return (
        f"{int(bad.sum())} of {bad.size} elements differ; first at [{first}]: "
        f"got {actual.flat[first].item()!r}, expected {expected.flat[first].item()!r}"
    )


def array_arg(args: Sequence[Arg], index: int) -> np.ndarray:
    """Argument `index` as an array (a reference's view of an array parameter)."""
    value = args[index]
    assert isinstance(value, np.ndarray), f"argument {index} is not an array"
    return value


def int_arg(args: Sequence[Arg], index: int) -> int:
    """Argument `index` as a Python int (a reference's view of an integer scalar)."""
    value = args[index]
    assert isinstance(value, np.integer), f"argument {index} is not an integer scalar"
    return int(value)


def float_arg(args: Sequence[Arg], index: int) -> float:
    """Argument `index` as a Python float (a reference's view of a float scalar)."""
    value = args[index]
    assert isinstance(value, np.floating), f"argument {index} is not a float scalar"
    return float(value)
