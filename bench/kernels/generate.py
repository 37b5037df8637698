"""Random kernels in the frontend's numba subset, for differential testing.

`generate_kernel(seed)` writes the Python source of a random kernel to a file,
imports it and returns a `GeneratedKernel`: the function, its source, its
signature and an input generator. The same seed gives the same kernel. There
is no numpy reference: numba's CUDA simulator is the reference
(`simt.bench.kernels.cudasim`).

Shape of a kernel (signature `void(int64[:], int64[:], int64[:], float64[:],
int32[:], int64)`, parameters `a, b, out, fout, hist, n`)::

    i = cuda.grid(1)                      # grid-stride loop, or `if i < n:`
    while i < n:
        v0 = a[i]; v1 = b[i]; v2 = <thread id>; v3 = 0; v4 = <constant>
        <random statements>               # assignments, if/elif/else with
                                          # data- and tid-dependent conditions,
                                          # for/while loops with data-dependent
                                          # trip counts, break/continue, return,
                                          # loads a[...]/b[...], atomic adds
        out[i] = <combination of v0..v4>
        fout[i] = math.sqrt(...)          # a float output
        i += stride

Safe by construction: every variable stays in [0, 2**16) (each assignment is
masked with `& 0xFFFF`); every expression is built with a bound on its bit
width (at most 40 bits, so int64 never overflows, under numba or under the
simulator's numpy scalars); divisors are `(e & 7) + 1`; array indices are
`(e & 0xFFFF) % n` (loads) or `e & 15` (the 16-bin `hist`); every loop has a
trip count below 16 (a `while` loop increments its counter first, so
`continue` cannot spin). Integer outputs compare exactly; `fout` within
`FLOAT_TOLERANCE`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from simt.bench.kernels.spec import (
    Arg,
    LaunchCase,
    Tolerance,
    blocks_for,
    output_mismatches,
    resolve_size,
)

SIGNATURE = "void(int64[:], int64[:], int64[:], float64[:], int32[:], int64)"
ARG_NAMES = ("a", "b", "out", "fout", "hist", "n")
OUTPUTS = (2, 3, 4)
HIST_BINS = 16
FLOAT_TOLERANCE = Tolerance(rtol=1e-12, atol=1e-12)
TEST_SEEDS = tuple(range(32))
"""The seeds of the generated kernels that the differential test runs."""
MAX_BITS = 40
"""No generated expression may need more bits than this (int64 has 63)."""

_BLOCK = 64
_SMALL_ITEMS = 256
_VARS = ("v0", "v1", "v2", "v3", "v4")
_THREAD_IDS = ("cuda.laneid", "cuda.threadIdx.x", "cuda.blockIdx.x", "i")
_UNIFORM = ("cuda.blockDim.x", "cuda.gridDim.x", "n")


@dataclass(frozen=True)
class GeneratedKernel:
    """A random kernel: its source, the loaded function and how to launch it."""

    name: str
    seed: int
    source: str
    path: Path
    func: Callable[..., None]
    unstructured: bool
    grid_stride: bool
    signature: str = SIGNATURE
    outputs: tuple[int, ...] = OUTPUTS
    float_tolerance: Tolerance = FLOAT_TOLERANCE

    def make_inputs(
        self, rng: np.random.Generator, size: str | int = "small"
    ) -> LaunchCase:
        """Random inputs; two items per thread when the kernel has a grid-stride loop."""
        items = resolve_size(size, _SMALL_ITEMS)
        args: list[Arg] = [
            rng.integers(-1000, 1000, items, dtype=np.int64),
            rng.integers(-1000, 1000, items, dtype=np.int64),
            np.zeros(items, dtype=np.int64),
            np.zeros(items, dtype=np.float64),
            np.zeros(HIST_BINS, dtype=np.int32),
            np.int64(items),
        ]
        per_thread = 2 if self.grid_stride else 1
        return LaunchCase((blocks_for(items, _BLOCK, per_thread),), (_BLOCK,), args)

    def mismatches(self, expected: list[Arg], actual: list[Arg]) -> list[str]:
        """One line per output that differs (empty when all outputs agree)."""
        return output_mismatches(
            self.outputs, ARG_NAMES, self.float_tolerance, expected, actual
        )


@dataclass(frozen=True)
class _Expr:
    """Source text of an integer expression and a bound on its bit width."""

    text: str
    bits: int


class _Generator:
    """Builds one kernel's statements from a seeded random source."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.loop_vars: list[str] = []
        self.counter = 0
        self.unstructured = False
        self.returned = False
        self.jumps = self.rng.random() < 0.6
        self.budget = self.rng.randint(10, 22)
        self.return_guard = ""
        """Text appended to every early return's condition."""

    # -- expressions -------------------------------------------------------

    def operand(self) -> _Expr:
        roll = self.rng.random()
        if roll < 0.45:
            return _Expr(self.rng.choice(_VARS), 16)
        if roll < 0.6 and self.loop_vars:
            return _Expr(self.rng.choice(self.loop_vars), 4)
        if roll < 0.68:
            return _Expr(self.rng.choice(_THREAD_IDS), 16)
        if roll < 0.72:
            return _Expr(self.rng.choice(_UNIFORM), 16)
        if roll < 0.85:
            array = self.rng.choice(("a", "b"))
            index = self.expr(1)
            return _Expr(f"{array}[({index.text} & 0xFFFF) % n]", 11)
        return _Expr(str(self.rng.randint(0, 100)), 7)

    def expr(self, depth: int) -> _Expr:
        if depth == 0 or self.rng.random() < 0.3:
            return self.operand()
        for _ in range(8):
            candidate = self.binary(depth)
            if candidate.bits <= MAX_BITS:
                return candidate
        return self.operand()

    def binary(self, depth: int) -> _Expr:
        left, right = self.expr(depth - 1), self.expr(depth - 1)
        kind = self.rng.choice(
            ("+", "-", "*", "&", "|", "^", "//", "%", "<<", ">>", "min", "max", "abs")
        )
        wide = max(left.bits, right.bits)
        if kind in ("+", "-"):
            return _Expr(f"({left.text} {kind} {right.text})", wide + 1)
        if kind == "*":
            return _Expr(f"({left.text} * {right.text})", left.bits + right.bits)
        if kind == "&":
            return _Expr(f"({left.text} & {right.text})", wide)
        if kind in ("|", "^"):
            return _Expr(f"({left.text} {kind} {right.text})", wide)
        if kind in ("//", "%"):
            return _Expr(f"({left.text} {kind} (({right.text} & 7) + 1))", left.bits)
        if kind == "<<":
            return _Expr(f"(({left.text} & 0xFF) << ({right.text} & 7))", 16)
        if kind == ">>":
            return _Expr(f"({left.text} >> ({right.text} & 7))", left.bits)
        if kind == "abs":
            return _Expr(f"abs({left.text} - {right.text})", wide + 1)
        return _Expr(f"{kind}({left.text}, {right.text})", wide)

    def condition(self) -> str:
        roll = self.rng.random()
        if roll < 0.6:
            return self.comparison()
        if roll < 0.75:
            return f"{self.comparison()} and {self.comparison()}"
        if roll < 0.9:
            return f"{self.comparison()} or {self.comparison()}"
        return f"not {self.comparison()}"

    def comparison(self) -> str:
        op = self.rng.choice(("<", "<=", ">", ">=", "==", "!="))
        left = self.expr(1).text
        if self.rng.random() < 0.4:
            modulus = self.rng.randint(2, 5)
            return f"({left}) % {modulus} {op} {self.rng.randint(0, modulus - 1)}"
        return f"({left} & 15) {op} ({self.expr(1).text} & 15)"

    # -- statements ----------------------------------------------------------

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def block(self, depth: int, in_loop: bool, pad: str) -> list[str]:
        lines: list[str] = []
        for _ in range(self.rng.randint(1, 3)):
            if self.budget <= 0 and lines:
                break
            self.budget -= 1
            lines += self.statement(depth, in_loop, pad)
        return lines

    def statement(self, depth: int, in_loop: bool, pad: str) -> list[str]:
        roll = self.rng.random()
        if depth < 3 and roll < 0.22:
            return self.if_statement(depth, in_loop, pad)
        if depth < 3 and roll < 0.34:
            return self.for_loop(depth, pad)
        if depth < 3 and roll < 0.44:
            return self.while_loop(depth, pad)
        if self.jumps and in_loop and roll < 0.52:
            return self.jump(pad)
        if self.jumps and not self.returned and roll < 0.55:
            return self.early_return(pad)
        if roll < 0.6:
            return [f"{pad}cuda.atomic.add(hist, {self.expr(1).text} & 15, 1)"]
        return self.assignment(pad)

    def assignment(self, pad: str) -> list[str]:
        target = self.rng.choice(_VARS)
        value = self.expr(2).text
        op = self.rng.choice(("=", "=", "^=", "|=", "+="))
        if op == "+=":
            return [f"{pad}{target} += {value} & 255", f"{pad}{target} &= 0xFFFF"]
        return [f"{pad}{target} {op} {value} & 0xFFFF"]

    def if_statement(self, depth: int, in_loop: bool, pad: str) -> list[str]:
        inner = pad + "    "
        lines = [f"{pad}if {self.condition()}:", *self.block(depth + 1, in_loop, inner)]
        roll = self.rng.random()
        if roll < 0.25:
            lines += [
                f"{pad}elif {self.condition()}:",
                *self.block(depth + 1, in_loop, inner),
            ]
        if roll < 0.7:
            lines += [f"{pad}else:", *self.block(depth + 1, in_loop, inner)]
        return lines

    def for_loop(self, depth: int, pad: str) -> list[str]:
        var = self.fresh("t")
        bound = self.expr(1).text
        shape = self.rng.random()
        if shape < 0.5:
            header = f"for {var} in range({bound} & 7):"
        elif shape < 0.8:
            header = f"for {var} in range({bound} & 3, {self.expr(1).text} & 7):"
        else:
            step = f"({self.expr(1).text} & 3) + 1"
            header = f"for {var} in range(0, {bound} & 15, {step}):"
        self.loop_vars.append(var)
        body = self.block(depth + 1, True, pad + "    ")
        self.loop_vars.pop()
        return [f"{pad}{header}", *body]

    def while_loop(self, depth: int, pad: str) -> list[str]:
        var = self.fresh("w")
        if self.rng.random() < 0.5:
            test = f"{var} < ({self.expr(1).text} & 7)"
        else:
            test = f"{var} < 12 and ({self.expr(1).text} & 3) != 0"
        self.loop_vars.append(var)
        body = self.block(depth + 1, True, pad + "    ")
        self.loop_vars.pop()
        return [f"{pad}{var} = 0", f"{pad}while {test}:", f"{pad}    {var} += 1", *body]

    def jump(self, pad: str) -> list[str]:
        self.unstructured = True
        keyword = self.rng.choice(("break", "continue"))
        return [f"{pad}if {self.condition()}:", f"{pad}    {keyword}"]

    def early_return(self, pad: str) -> list[str]:
        self.unstructured = True
        self.returned = True
        return [
            f"{pad}if {self.condition()}{self.return_guard}:",
            f"{pad}    out[i] = {_result_expr()}",
            f"{pad}    return",
        ]


def _result_expr() -> str:
    return "(v0 + v1 * 3 + v2 * 5 + v3 * 7 + v4 * 11) & 0xFFFFFF"


@dataclass(frozen=True)
class GeneratedSource:
    """The text of a generated kernel module and facts about its kernel."""

    text: str
    func_name: str
    unstructured: bool
    grid_stride: bool


def generate_source(seed: int) -> GeneratedSource:
    """The source text of random kernel `seed` (deterministic in the seed)."""
    gen = _Generator(seed)
    name = f"gen_{seed}"
    grid_stride = gen.rng.random() < 0.7
    pad = " " * 8
    v2 = gen.rng.choice(_THREAD_IDS)
    v4 = gen.rng.randint(1, 1000)
    body = [
        f"{pad}v0 = a[i] & 0xFFFF",
        f"{pad}v1 = b[i] & 0xFFFF",
        f"{pad}v2 = {v2}",
        f"{pad}v3 = 0",
        f"{pad}v4 = {v4}",
    ]
    while gen.budget > 0:
        body += gen.block(0, False, pad)
    body += [
        f"{pad}out[i] = {_result_expr()}",
        f"{pad}fout[i] = math.sqrt(v0 * 1.0 + 0.5) + v3 * 0.125 - v1 / 7.0",
    ]
    head = [
        f'"""Generated by simt.bench.kernels.generate (seed {seed})."""',
        "",
        "import math",
        "",
        "from numba import cuda",
        "",
        "",
        f"def {name}(a, b, out, fout, hist, n):",
        "    i = cuda.grid(1)",
    ]
    if grid_stride:
        head += ["    stride = cuda.gridsize(1)", "    while i < n:"]
        body.append(f"{pad}i += stride")
    else:
        head += ["    if i < n:"]
    text = "\n".join([*head, *body]) + "\n"
    return GeneratedSource(text, name, gen.unstructured, grid_stride)


SEGMENT_BUDGET = 4
"""Statements (before nesting) in one segment of `generate_large_source`."""


def generate_large_source(seed: int, segments: int) -> GeneratedSource:
    """The source of a large random kernel: `segments` random segments in a row.

    Each segment is what `generate_source` puts in a kernel body (nested
    loops with data-dependent trip counts, divergent branches, `break` and
    `continue`, atomics), with `SEGMENT_BUDGET` statements and at most one
    early `return` (always data-dependent, so that no constant condition
    makes the rest of the kernel dead code), so the kernel grows linearly in
    `segments`, as a long hand-written kernel does. The body sits under `if i < n:` rather than in a
    grid-stride loop, so that returns leave a branch, not the loop over work
    items. Deterministic in `seed` and `segments`; the kernel has the
    signature `SIGNATURE` and is named `large_{seed}_{segments}`.
    """
    gen = _Generator(seed)
    gen.jumps = True
    # A condition may come out constant (`51 % 2 > 0`); an early return under
    # it would leave LLVM nothing to compile after it. `a[i]` is below 1000.
    gen.return_guard = " and a[i] != 1000"
    pad = " " * 8
    body = [
        f"{pad}v0 = a[i] & 0xFFFF",
        f"{pad}v1 = b[i] & 0xFFFF",
        f"{pad}v2 = cuda.laneid",
        f"{pad}v3 = 0",
        f"{pad}v4 = {gen.rng.randint(1, 1000)}",
    ]
    for _ in range(segments):
        gen.budget = SEGMENT_BUDGET
        gen.returned = False
        while gen.budget > 0:
            body += gen.block(0, False, pad)
    body += [
        f"{pad}out[i] = {_result_expr()}",
        f"{pad}fout[i] = math.sqrt(v0 * 1.0 + 0.5) + v3 * 0.125 - v1 / 7.0",
    ]
    name = f"large_{seed}_{segments}"
    head = [
        f'"""Generated by simt.bench.kernels.generate ({segments} segments, '
        f'seed {seed})."""',
        "",
        "import math",
        "",
        "from numba import cuda",
        "",
        "",
        f"def {name}(a, b, out, fout, hist, n):",
        "    i = cuda.grid(1)",
        "    if i < n:",
    ]
    text = "\n".join([*head, *body]) + "\n"
    return GeneratedSource(text, name, gen.unstructured, grid_stride=False)


def generate_kernel(seed: int, directory: Path | None = None) -> GeneratedKernel:
    """Generate, write and import random kernel `seed` (deterministic in the seed).

    The source goes to `directory` (default: a `simt-generated` folder in the
    system temporary directory) so that `inspect.getsource` and numba's
    simulator subprocess can read it.
    """
    source = generate_source(seed)
    name = source.func_name
    digest = hashlib.sha1(source.text.encode()).hexdigest()[:12]
    folder = directory or Path(tempfile.gettempdir()) / "simt-generated"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}_{digest}.py"
    if not path.exists() or path.read_text() != source.text:
        path.write_text(source.text)
    func = _load(path, f"simt_generated_{name}_{digest}", name)
    return GeneratedKernel(
        name, seed, source.text, path, func, source.unstructured, source.grid_stride
    )


def _load(path: Path, module_name: str, func_name: str) -> Callable[..., None]:
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    return getattr(module, func_name)
