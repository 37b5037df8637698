"""Small random kernels, many per module, for the host-versus-simulator check.

`program_source(seed)` writes one random numba.cuda kernel in the frontend's
subset; `program_batch(seeds)` puts the kernels of several seeds in one module
source (each with its `@cuda.jit` signature), so that `simt.compile_python`'s
sibling `compile_kernels`, every pass pipeline, the lowering and the LLVM JIT
run once for the whole batch. Unlike `simt.bench.kernels.generate` (whose
reference is numba's CUDA simulator, which has no warp votes) these kernels use
every construct of the frontend, warp votes and ballots in divergent control
flow and block barriers included; the reference is simt's own simulator.

Shape of a kernel (signature `void(int64[:], int64[:], int32[:], float64[:],
int32[:], int64)`, parameters `a, out, votes, f, hist, n`; the launch has
exactly `n` threads)::

    i = cuda.grid(1)
    v0 = a[i]; v1 = <thread id>; v2 = <constant>; v3 = 0; x = <float>
    [<focus construct>]       # a shape a pass rewrites (`FOCUSES`), if asked
    <random statements>       # assignments, if/elif/else, for/while loops,
                              # break/continue, early return, atomics,
                              # math, warp votes and ballots (into `votes`)
    [out[i] = ...; cuda.syncthreads(); read a neighbour's out[]]  # sometimes
    out[i] = <combination of v0..v3>; f[i] = <x and a float expression>

Safe by construction (as `generate`): integers stay below 2**16 before each
combination, divisors are `(e & 7) + 1`, loop trip counts are below 8, float
math takes arguments in its domain. Vote and ballot results only flow into
`votes`, so every other output is the same whichever lanes vote together
(`INVARIANT_OUTPUTS`): the outputs a pass must preserve exactly.

Small random kernels rarely hold what a pass rewrites (a loop nest for
`simt-flatten-loops`, a divergent if/else with alike sides for
`simt-branch-fusion`), so a pass would mostly leave them unchanged and check
nothing. `program_source(seed, focus=...)` adds one construct of `FOCUSES` at
the top level, random in its details:

- "divergent-if": an if/else on a lane-dependent condition, random blocks on
  both sides (what `simt-linearize` guards);
- "nest": a counted outer loop around a `while` loop whose trip count
  depends on the thread, no collective or jump inside (what
  `simt-flatten-loops` flattens);
- "twin-if": an if/else on a lane-dependent condition whose else side is the
  then side with the variables permuted (the same ops on other operands:
  what `simt-branch-fusion` merges).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simt.bench.kernels.spec import Arg, LaunchCase

SIGNATURE = "void(int64[:], int64[:], int32[:], float64[:], int32[:], int64)"
ARG_NAMES = ("a", "out", "votes", "f", "hist", "n")
OUTPUTS = (1, 2, 3, 4)
INVARIANT_OUTPUTS = (1, 3, 4)
"""Outputs that do not depend on which lanes vote together (not `votes`)."""
HIST_BINS = 16

_VARS = ("v0", "v1", "v2", "v3")
_THREAD_IDS = ("cuda.laneid", "cuda.threadIdx.x", "cuda.blockIdx.x", "i")
_UNIFORM = ("cuda.blockDim.x", "cuda.gridDim.x", "cuda.warpsize", "n")
_MAX_BITS = 40
FOCUSES = ("divergent-if", "nest", "twin-if")
"""Constructs `program_source` can add for a pass to rewrite (module docstring)."""
_TWIN = {"v0": "v1", "v1": "v2", "v2": "v3", "v3": "v0"}


@dataclass(frozen=True)
class _Expr:
    text: str
    bits: int


@dataclass(frozen=True)
class ProgramSource:
    """One generated kernel: its name, source lines and launch shape."""

    seed: int
    name: str
    text: str
    block: int
    grid: int

    def make_inputs(self, rng: np.random.Generator) -> LaunchCase:
        """Random inputs for the kernel's launch of `grid * block` threads."""
        n = self.grid * self.block
        args: list[Arg] = [
            rng.integers(-1000, 1000, n, dtype=np.int64),
            np.zeros(n, dtype=np.int64),
            np.zeros(n, dtype=np.int32),
            np.zeros(n, dtype=np.float64),
            np.zeros(HIST_BINS, dtype=np.int32),
            np.int64(n),
        ]
        return LaunchCase((self.grid,), (self.block,), args)


class _Generator:
    """The statements of one kernel, from a seeded random source."""

    def __init__(self, seed: int, statements: tuple[int, int], lean: bool) -> None:
        self.rng = random.Random(seed)
        self.lean = lean
        """Fewer array loads, divisions and `min`/`max`/`abs` (each expands to
        a dozen ops: Python's floor semantics, negative-index wraparound)."""
        self.loop_vars: list[str] = []
        self.counter = 0
        self.returned = False
        self.plain = False
        """No votes, atomics or jumps (break, continue, return) while set."""
        self.budget = self.rng.randint(*statements)

    # -- expressions -------------------------------------------------------

    def operand(self) -> _Expr:
        roll = self.rng.random()
        if roll < 0.45:
            return _Expr(self.rng.choice(_VARS), 16)
        if roll < 0.6 and self.loop_vars:
            return _Expr(self.rng.choice(self.loop_vars), 4)
        if roll < 0.7:
            return _Expr(self.rng.choice(_THREAD_IDS), 16)
        if roll < 0.76:
            return _Expr(self.rng.choice(_UNIFORM), 16)
        if roll < 0.86 and not self.lean:
            return _Expr(f"a[({self.expr(1).text}) % n]", 11)
        return _Expr(str(self.rng.randint(0, 100)), 7)

    def expr(self, depth: int) -> _Expr:
        if depth == 0 or self.rng.random() < 0.3:
            return self.operand()
        for _ in range(8):
            candidate = self.binary(depth)
            if candidate.bits <= _MAX_BITS:
                return candidate
        return self.operand()

    def binary(self, depth: int) -> _Expr:
        left, right = self.expr(depth - 1), self.expr(depth - 1)
        wide = max(left.bits, right.bits)
        kinds = ("+", "-", "*", "&", "|", "^", "<<", ">>")
        if not self.lean or self.rng.random() < 0.15:
            kinds += ("//", "%", "min", "max", "abs")
        kind = self.rng.choice(kinds)
        if kind in ("+", "-"):
            return _Expr(f"({left.text} {kind} {right.text})", wide + 1)
        if kind == "*":
            return _Expr(f"({left.text} * {right.text})", left.bits + right.bits)
        if kind in ("&", "|", "^"):
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
        if self.rng.random() < (0.15 if self.lean else 0.5):
            modulus = self.rng.randint(2, 5)
            return f"({left}) % {modulus} {op} {self.rng.randint(0, modulus - 1)}"
        return f"({left} & 15) {op} ({self.expr(1).text} & 15)"

    def float_expr(self) -> str:
        value = self.expr(1).text
        roll = self.rng.random()
        if roll < 0.25:
            return f"math.sqrt(abs({value}) * 1.0)"
        if roll < 0.4:
            return f"math.floor(x * 0.75) + {value} / 8.0"
        if roll < 0.55:
            return f"math.exp(({value} & 7) * 0.25)"
        if roll < 0.7:
            return f"math.log(abs({value}) + 1.5)"
        return f"x * 0.5 + {value} / 3.0"

    # -- statements ----------------------------------------------------------

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
        if depth < 3 and roll < 0.2:
            return self.if_statement(depth, in_loop, pad)
        if depth < 3 and roll < 0.3:
            return self.for_loop(depth, pad)
        if depth < 3 and roll < 0.38:
            return self.while_loop(depth, pad)
        if self.plain:
            return (
                self.assignment(pad)
                if roll < 0.8
                else [f"{pad}x = {self.float_expr()}"]
            )
        if in_loop and roll < 0.45:
            keyword = self.rng.choice(("break", "continue"))
            return [f"{pad}if {self.condition()}:", f"{pad}    {keyword}"]
        if not self.returned and roll < 0.48:
            self.returned = True
            return [
                f"{pad}if {self.condition()}:",
                f"{pad}    out[i] = {_RESULT}",
                f"{pad}    f[i] = x",
                f"{pad}    return",
            ]
        if roll < 0.56:
            return self.vote(pad)
        if roll < 0.61:
            return [f"{pad}cuda.atomic.add(hist, {self.expr(1).text} & 15, 1)"]
        if roll < 0.7:
            return [f"{pad}x = {self.float_expr()}"]
        return self.assignment(pad)

    def assignment(self, pad: str) -> list[str]:
        target = self.rng.choice(_VARS)
        value = self.expr(2).text
        op = self.rng.choice(("=", "=", "^=", "|=", "+="))
        if op == "+=":
            return [f"{pad}{target} += {value} & 255", f"{pad}{target} &= 0xFFFF"]
        return [f"{pad}{target} {op} {value} & 0xFFFF"]

    def vote(self, pad: str) -> list[str]:
        kind = self.rng.choice(("any_sync", "all_sync", "ballot_sync"))
        call = f"cuda.{kind}(0xFFFFFFFF, {self.condition()})"
        weight = self.rng.randint(2, 9)
        if kind == "ballot_sync":
            value = f"({call} & 0xFFFF)"
        else:
            value = f"(1 if {call} else {weight})"
        return [f"{pad}votes[i] = (votes[i] * {weight} + {value}) & 0xFFFF"]

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
        self.counter += 1
        var = f"t{self.counter}"
        bound = self.expr(1).text
        if self.rng.random() < 0.6:
            header = f"for {var} in range({bound} & 7):"
        else:
            header = f"for {var} in range({bound} & 3, {self.expr(1).text} & 7):"
        self.loop_vars.append(var)
        body = self.block(depth + 1, True, pad + "    ")
        self.loop_vars.pop()
        return [f"{pad}{header}", *body]

    def while_loop(self, depth: int, pad: str) -> list[str]:
        self.counter += 1
        var = f"w{self.counter}"
        test = f"{var} < ({self.expr(1).text} & 7)"
        self.loop_vars.append(var)
        body = self.block(depth + 1, True, pad + "    ")
        self.loop_vars.pop()
        return [f"{pad}{var} = 0", f"{pad}while {test}:", f"{pad}    {var} += 1", *body]

    # -- focus constructs ---------------------------------------------------

    def focus(self, kind: str, pad: str) -> list[str]:
        inner = pad + "    "
        if kind == "nest":
            return self.nest(pad)
        condition = self.divergent_condition()
        if kind == "divergent-if":
            return [
                f"{pad}if {condition}:",
                *self.block(1, False, inner),
                f"{pad}else:",
                *self.block(1, False, inner),
            ]
        if kind != "twin-if":
            raise ValueError(f"unknown focus {kind!r}; expected one of {FOCUSES}")
        self.plain = True
        then = [
            line
            for _ in range(self.rng.randint(1, 3))
            for line in self.assignment(inner)
        ]
        self.plain = False
        return [f"{pad}if {condition}:", *then, f"{pad}else:", *map(_twin, then)]

    def divergent_condition(self) -> str:
        modulus = self.rng.randint(2, 4)
        lane = self.rng.choice(("cuda.laneid", "cuda.threadIdx.x", "i"))
        return f"({lane} + ({self.expr(1).text})) % {modulus} == 0"

    def nest(self, pad: str) -> list[str]:
        self.counter += 1
        outer, inner = f"t{self.counter}", f"w{self.counter}"
        self.plain = True
        self.loop_vars.append(outer)
        head = self.block(2, True, pad + "    ") if self.rng.random() < 0.6 else []
        bound = f"(({self.expr(1).text}) + cuda.laneid) & 7"
        self.loop_vars.append(inner)
        body = self.block(2, True, pad + "        ")
        self.loop_vars.pop()
        tail = self.block(2, True, pad + "    ") if self.rng.random() < 0.5 else []
        self.loop_vars.pop()
        self.plain = False
        trips = self.rng.randint(2, 4)
        return [
            f"{pad}for {outer} in range({trips}):",
            *head,
            f"{pad}    {inner} = 0",
            f"{pad}    while {inner} < ({bound}):",
            f"{pad}        {inner} += 1",
            *body,
            *tail,
        ]

    def barrier_phase(self, pad: str) -> list[str]:
        """Exchange through `out` across a barrier (only at the top level)."""
        shift = self.rng.randint(1, 5)
        return [
            f"{pad}out[i] = {_RESULT}",
            f"{pad}cuda.syncthreads()",
            f"{pad}j = i - cuda.threadIdx.x + (cuda.threadIdx.x + {shift}) % cuda.blockDim.x",
            f"{pad}v3 = (v3 + out[j]) & 0xFFFF",
            f"{pad}cuda.syncthreads()",
        ]


_RESULT = "(v0 + v1 * 3 + v2 * 5 + v3 * 7) & 0xFFFFFF"


def _twin(line: str) -> str:
    """The line with each variable v0..v3 renamed by `_TWIN` (same shape)."""
    return re.sub(r"\bv[0-3]\b", lambda m: _TWIN[m.group(0)], line)


SIZES = {"tiny": (1, 3), "small": (2, 5), "medium": (5, 11)}
"""Statements (a range) per kernel, by size name; "tiny" kernels are also lean
(few array loads and divisions), to check many of them cheaply."""


def program_source(
    seed: int, size: str = "small", focus: str | None = None
) -> ProgramSource:
    """Kernel `p<seed>` of a size in `SIZES`, with a construct of `FOCUSES` if
    `focus` names one (deterministic in all three)."""
    gen = _Generator(seed, SIZES[size], lean=size == "tiny")
    name = f"p{seed}"
    pad = " " * 4
    body = [
        f"{pad}i = cuda.grid(1)",
        f"{pad}v0 = a[i] & 0xFFFF",
        f"{pad}v1 = {gen.rng.choice(_THREAD_IDS)}",
        f"{pad}v2 = {gen.rng.randint(1, 1000)}",
        f"{pad}v3 = 0",
        f"{pad}x = v0 * 0.25",
    ]
    barrier = gen.rng.random() < 0.25
    if barrier:
        body += gen.barrier_phase(pad)
    if focus is not None:
        body += gen.focus(focus, pad)
    while gen.budget > 0:
        body += gen.block(0, False, pad)
    body += [f"{pad}out[i] = {_RESULT}", f"{pad}f[i] = x + v3 * 0.125 - v1 / 7.0"]
    lines = [
        f'@cuda.jit("{SIGNATURE}")',
        f"def {name}(a, out, votes, f, hist, n):",
        *body,
    ]
    block = gen.rng.choice((32, 48, 64))
    grid = gen.rng.choice((1, 2))
    return ProgramSource(seed, name, "\n".join(lines) + "\n", block, grid)


def program_batch(
    seeds: list[int] | range,
    size: str = "small",
    focus: Callable[[int], str | None] | None = None,
) -> tuple[str, list[ProgramSource]]:
    """The module source holding the kernels of `seeds`, and each kernel;
    `focus` gives each seed's construct (default: none)."""
    programs = [
        program_source(seed, size, focus(seed) if focus else None) for seed in seeds
    ]
    head = "import math\n\nfrom numba import cuda\n\n"
    return head + "\n\n".join(p.text for p in programs), programs
