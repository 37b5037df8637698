"""Random programs for the fuzzer: `cf` block graphs written as MLIR text, and
structured kernels written in Python (the frontend's numba subset).

`cf_program(seed)` draws a function whose body is a random block graph, the
IR an embedding compiler hands over and no frontend writes:

    entry: thread and block ids, loads, a vote and a barrier (control flow is
           uniform there), a private (local) array, the per-lane fuel
      |
    ^b0 .. ^b{n-1}(%acc, %fuel): update the accumulator (multiply-add, a load
           from the local array, an atomic add into `hist`), store a trace,
           spend one unit of fuel, then branch:
             cf.br to a later block or an exit;
             cf.cond_br on a divergent, uniform or thread-id condition to any
           block (back edges, jumps into loops, irreducible cycles with two
           entries, early exits) or to the same block with other arguments;
             cf.switch whose cases share and duplicate targets, each with its
           own arguments (a case may spend more fuel: a uniform value that
           differs between the edges into one block);
    ^x0 .. ^x{m-1}(%acc, %fuel): exits (several: returns inside loops), each
           stores what it got or only returns.

Every lane terminates: a block takes its forward edge (a later block or an
exit) once the lane's fuel is spent, so a lane runs at most fuel + n blocks.
Every value a block computes reaches an output (`trace`, `out`, `hist`).
Arithmetic wraps in i32 the same way in the simulator and in LLVM.

`structured_program(seed)` is `simt.bench.kernels.generate.generate_kernel`:
`if`/`elif`, `for` and `while` loops with data-dependent trips, `break`,
`continue`, early `return` and atomics, as the frontend lowers them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

HIST_BINS = 16
LOCAL_SIZE = 2
LOCAL = "#simt.space<local>"
CONSTANT_GLOBAL = "table"
CONSTANT_TYPE = "memref<8xi32, #simt.space<constant>>"
SHARED_GLOBAL = "tile"
SHARED_TYPE = "memref<64xi32, #simt.space<shared>>"
"""Shared memory of one block: one element per thread (launches have at
most 64 threads a block)."""
ATOMIC_KINDS = ("add", "max", "min", "or", "xor", "and", "umax")
GLOBALS = (
    f'  "memref.global"() <{{sym_name = "{CONSTANT_GLOBAL}", type = {CONSTANT_TYPE}, '
    "initial_value = dense<[3, -5, 7, 11, -13, 17, 19, -23]> : tensor<8xi32>, "
    'sym_visibility = "private", constant}> : () -> ()\n'
    f'  "memref.global"() <{{sym_name = "{SHARED_GLOBAL}", type = {SHARED_TYPE}, '
    'initial_value, sym_visibility = "private"}> : () -> ()\n'
)


@dataclass(frozen=True)
class CfProgram:
    """A generated `cf` program: its MLIR text and how to make inputs."""

    seed: int
    text: str

    def make_args(self, rng: np.random.Generator, threads: int) -> list[np.ndarray]:
        """Fresh arguments for a launch of `threads` threads: `out`, `trace`,
        `hist` (outputs, zeroed) and `data` (random inputs)."""
        return [
            np.zeros(2 * threads, dtype=np.int32),
            np.zeros(threads, dtype=np.int32),
            np.zeros(HIST_BINS, dtype=np.int32),
            rng.integers(-40, 40, size=threads, dtype=np.int32),
        ]


OUTPUTS = (0, 1, 2)
"""Indices of the arguments a program writes."""


class _Writer:
    """Builds the text of one program; every SSA name is fresh."""

    def __init__(self, rng: random.Random, blocks: int, exits: int) -> None:
        self.rng = rng
        self.uniform_share = rng.choice((0.2, 0.5, 0.9, 1.0))
        """How often a condition is drawn from uniform values."""
        self.divergent_left = rng.randint(1, 2) if self.uniform_share == 1.0 else -1
        """In a mostly uniform program (-1: any), how many divergent conditions
        are left to draw: the one or two branches whose divergence the
        analysis must follow through the fuel carried by every block."""
        self.atomic_kind = rng.choice(ATOMIC_KINDS)
        """The kind of every atomic of the program (kinds do not commute with
        each other)."""
        self.n = blocks
        self.m = exits
        self.lines: list[str] = []
        self.counter = 0

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"%{stem}{self.counter}"

    def emit(self, line: str) -> None:
        self.lines.append("  " + line)

    def const(self, value: int) -> str:
        name = self.fresh("c")
        self.emit(f"{name} = arith.constant {value} : i32")
        return name

    def binop(self, op: str, a: str, b: str, type_: str = "i32") -> str:
        name = self.fresh("t")
        self.emit(f"{name} = arith.{op} {a}, {b} : {type_}")
        return name

    def label(self, target: int) -> str:
        return f"^b{target}" if target < self.n else f"^x{target - self.n}"


def cf_program(seed: int, max_blocks: int = 8) -> CfProgram:
    """The `cf` program of `seed` (the same seed, the same text), with 2 to
    `max_blocks` blocks besides the entry and 1 to 3 exits."""
    rng = random.Random(seed)
    w = _Writer(rng, rng.randint(2, max_blocks), rng.randint(1, 3))
    _entry(w)
    for i in range(w.n):
        _block(w, i)
    for j in range(w.m):
        _exit(w, j)
    header = GLOBALS + (
        "func.func @k(%out: memref<?xi32>, %trace: memref<?xi32>, "
        "%hist: memref<?xi32>, %data: memref<?xi32>) attributes {simt.kernel} {\n"
    )
    text = "builtin.module {\n" + header + "\n".join(w.lines) + "\n}\n}\n"
    return CfProgram(seed, text)


def _entry(w: _Writer) -> None:
    w.emit("%tid = simt.thread_id x : i32")
    w.emit("%bid = simt.block_id x : i32")
    w.emit("%bdim = simt.block_dim x : i32")
    w.emit("%base = arith.muli %bid, %bdim : i32")
    w.emit("%gid = arith.addi %base, %tid : i32")
    w.emit("%idx = arith.index_cast %gid : i32 to index")
    w.emit("%v0 = memref.load %data[%idx] : memref<?xi32>")
    w.emit("%i0 = arith.constant 0 : index")
    w.emit("%u0 = memref.load %data[%i0] : memref<?xi32>")
    w.emit("%ub = arith.addi %bid, %bdim : i32")
    w.emit("%z = arith.constant 0 : i32")
    w.emit("%one = arith.constant 1 : i32")
    w.emit("%seven = arith.constant 7 : i32")
    w.emit("%three = arith.constant 3 : i32")
    w.emit("%bins = arith.constant 15 : i32")
    w.emit(f"%loc = memref.alloca() : memref<{LOCAL_SIZE}xi32, {LOCAL}>")
    for k in range(LOCAL_SIZE):
        w.emit(f"%li{k} = arith.constant {k} : index")
        w.emit(f"memref.store %v0, %loc[%li{k}] : memref<{LOCAL_SIZE}xi32, {LOCAL}>")
    w.emit(f"%cmem = memref.get_global @{CONSTANT_GLOBAL} : {CONSTANT_TYPE}")
    w.emit(f"%smem = memref.get_global @{SHARED_GLOBAL} : {SHARED_TYPE}")
    w.emit("%pos = arith.cmpi sgt, %v0, %z : i32")
    vote = w.rng.choice(("any", "all", "ballot"))
    if vote == "ballot":
        w.emit("%ballot = simt.ballot %pos : i32")
        w.emit("%anyi = arith.andi %ballot, %seven : i32")
    else:
        w.emit(f"%any = simt.vote_{vote} %pos")
        w.emit("%anyi = arith.extui %any : i1 to i32")
    w.emit("simt.barrier")
    w.emit("%acc0 = arith.addi %v0, %anyi : i32")
    start = "%acc0"
    if w.rng.random() < 0.6:
        start = _shared_rounds(w, start)
    source = "%ub" if w.divergent_left >= 0 else w.rng.choice(("%ub", "%u0", "%v0"))
    low = w.binop("andi", source, "%three")
    w.emit(f"%fuel0 = arith.addi {low}, {w.const(w.rng.randint(2, 8))} : i32")
    w.emit(f"cf.br ^b0({start}, %fuel0 : i32, i32)")


def _shared_rounds(w: _Writer, acc: str) -> str:
    """A loop of uniform trip count (from the block id and size) in which
    every lane writes its value to shared memory, waits at a barrier, reads
    its neighbour's, and waits again before the next round overwrites it:
    barriers in uniform control flow, in a loop. Returns the value after
    the rounds (in the block `^s_done`, where the entry's code goes on)."""
    rounds = w.binop("andi", "%ub", "%three")
    w.emit(f"cf.br ^s_head({acc}, {rounds} : i32, i32)")
    w.lines.append("^s_head(%s_acc: i32, %s_left: i32):")
    w.emit("%s_more = arith.cmpi sgt, %s_left, %z : i32")
    w.emit("cf.cond_br %s_more, ^s_body, ^s_done(%s_acc : i32)")
    w.lines.append("^s_body:")
    w.emit("%s_t = arith.index_cast %tid : i32 to index")
    w.emit(f"memref.store %s_acc, %smem[%s_t] : {SHARED_TYPE}")
    w.emit("simt.barrier")
    w.emit("%s_n1 = arith.addi %tid, %one : i32")
    w.emit("%s_n2 = arith.remui %s_n1, %bdim : i32")
    w.emit("%s_n = arith.index_cast %s_n2 : i32 to index")
    w.emit(f"%s_got = memref.load %smem[%s_n] : {SHARED_TYPE}")
    w.emit("simt.barrier")
    w.emit("%s_mix = arith.muli %s_got, %three : i32")
    w.emit("%s_next = arith.addi %s_mix, %s_acc : i32")
    w.emit("%s_dec = arith.subi %s_left, %one : i32")
    w.emit("cf.br ^s_head(%s_next, %s_dec : i32, i32)")
    w.lines.append("^s_done(%s_out: i32):")
    return "%s_out"


def _block(w: _Writer, i: int) -> None:
    w.lines.append(f"^b{i}(%acc_{i}: i32, %fuel_{i}: i32):")
    rng = w.rng
    acc = w.binop("muli", f"%acc_{i}", w.const(2 * i + 31))
    acc = w.binop("addi", acc, "%one")
    if rng.random() < 0.3:
        slot = f"%li{rng.randrange(LOCAL_SIZE)}"
        loaded = w.fresh("ld")
        w.emit(
            f"{loaded} = memref.load %loc[{slot}] : memref<{LOCAL_SIZE}xi32, {LOCAL}>"
        )
        acc = w.binop("xori", acc, loaded)
        w.emit(f"memref.store {acc}, %loc[{slot}] : memref<{LOCAL_SIZE}xi32, {LOCAL}>")
    if rng.random() < 0.25:
        low = w.binop("andi", acc, "%seven")
        slot = w.fresh("ci")
        w.emit(f"{slot} = arith.index_cast {low} : i32 to index")
        loaded = w.fresh("cl")
        w.emit(f"{loaded} = memref.load %cmem[{slot}] : {CONSTANT_TYPE}")
        acc = w.binop("addi", acc, loaded)
    if rng.random() < 0.2:
        _atomic(w, acc)
    if rng.random() < 0.5:
        w.emit(f"memref.store {acc}, %trace[%idx] : memref<?xi32>")
    fuel = w.binop("subi", f"%fuel_{i}", "%one")
    alive = w.fresh("alive")
    w.emit(f"{alive} = arith.cmpi sgt, {fuel}, %z : i32")
    _terminator(w, i, acc, fuel, alive)


def _atomic(w: _Writer, acc: str) -> None:
    """An atomic into `hist` whose old value is dropped, of the program's one
    kind: the final contents do not depend on the order in which lanes apply
    them (one commutative, associative kind per program), so simulator, host
    and transformed code must agree."""
    bin_ = w.binop("andi", acc, "%bins")
    index = w.fresh("h")
    w.emit(f"{index} = arith.index_cast {bin_} : i32 to index")
    old = w.fresh("old")
    kind = w.atomic_kind
    if kind == "add" and w.rng.random() < 0.5:
        w.emit(f"{old} = simt.atomic_add %one, %hist[{index}] : memref<?xi32>, i32")
    else:
        w.emit(f"{old} = simt.atomic {kind} {acc}, %hist[{index}] : memref<?xi32>, i32")


def _condition(w: _Writer, acc: str, fuel: str) -> str:
    """An i1 from divergent values (the accumulator, the thread id) or from
    values uniform where every lane got the same (the fuel, when it started
    uniform and the lanes took the same paths; `%u0` everywhere)."""
    low = w.binop("andi", _source(w, acc, fuel), "%seven")
    cond = w.fresh("d")
    w.emit(f"{cond} = arith.cmpi ult, {low}, {w.const(w.rng.randint(0, 8))} : i32")
    return cond


def _source(w: _Writer, acc: str, fuel: str) -> str:
    rng = w.rng
    if w.divergent_left > 0 and rng.random() < 0.4:
        w.divergent_left -= 1
    elif rng.random() < w.uniform_share:
        uniform = "%ub" if w.divergent_left >= 0 else rng.choice(("%ub", "%u0"))
        if rng.random() < 0.7:
            return w.binop("xori", fuel, uniform)
        return w.binop("addi", uniform, w.const(rng.randint(0, 9)))
    if rng.random() < 0.75:
        return w.binop("xori", acc, "%v0")
    return "%tid"


def _terminator(w: _Writer, i: int, acc: str, fuel: str, alive: str) -> None:
    rng = w.rng
    total = w.n + w.m
    forward = i + 1 if rng.random() < 0.6 else rng.randrange(i + 1, total)
    args = f"({acc}, {fuel} : i32, i32)"
    kind = rng.choice(("br", "cond_br", "cond_br", "switch", "same"))
    if kind == "br":
        w.emit(f"cf.br {w.label(forward)}{args}")
        return
    if kind == "switch":
        _switch(w, acc, fuel, alive, forward)
        return
    cond = w.binop("andi", _condition(w, acc, fuel), alive, "i1")
    if kind == "same":
        other_args = f"({w.binop('addi', acc, '%one')}, {fuel} : i32, i32)"
        w.emit(
            f"cf.cond_br {cond}, {w.label(forward)}{other_args}, {w.label(forward)}{args}"
        )
        return
    other = rng.randrange(total)
    w.emit(f"cf.cond_br {cond}, {w.label(other)}{args}, {w.label(forward)}{args}")


def _switch(w: _Writer, acc: str, fuel: str, alive: str, forward: int) -> None:
    rng = w.rng
    total = w.n + w.m
    cases = rng.randint(1, 4)
    low = w.binop("andi", _source(w, acc, fuel), "%three")
    flag = w.fresh("flag")
    w.emit(f"{flag} = arith.select {alive}, {low}, {w.const(99)} : i32")
    targets = [rng.randrange(total) for _ in range(cases)]
    if cases > 1 and rng.random() < 0.5:
        targets[-1] = targets[0]
    lines = [f"default: {w.label(forward)}({acc}, {fuel} : i32, i32)"]
    for value, target in enumerate(targets):
        passed = w.binop("addi", acc, w.const(value)) if rng.random() < 0.5 else acc
        spent = fuel
        if value > 0 and rng.random() < 0.3:
            # a shared target gets another (uniform) fuel on each case
            spent = w.binop("subi", fuel, w.const(value))
        lines.append(f"{value}: {w.label(target)}({passed}, {spent} : i32, i32)")
    w.emit(f"cf.switch {flag} : i32, [\n    " + ",\n    ".join(lines) + "\n  ]")


def _exit(w: _Writer, j: int) -> None:
    w.lines.append(f"^x{j}(%accx_{j}: i32, %fuelx_{j}: i32):")
    if w.rng.random() < 0.7:
        w.emit(f"memref.store %accx_{j}, %out[%idx] : memref<?xi32>")
        w.emit(f"%nt{j} = arith.index_cast %bdim : i32 to index")
        w.emit(f"%gd{j} = simt.grid_dim x : i32")
        w.emit(f"%gdi{j} = arith.index_cast %gd{j} : i32 to index")
        w.emit(f"%all{j} = arith.muli %nt{j}, %gdi{j} : index")
        w.emit(f"%fi{j} = arith.addi %all{j}, %idx : index")
        w.emit(f"memref.store %fuelx_{j}, %out[%fi{j}] : memref<?xi32>")
    w.emit("func.return")
