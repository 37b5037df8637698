"""Random structured programs: nests of `scf.while`, `scf.for` and `scf.if`
written as MLIR text (the IR the structured passes take, but not written by
the frontend or `simt-lift-cf-to-scf`).

`scf_program(seed)` draws a kernel with the arguments of the `cf` programs
(`out`, `trace`, `hist`, `data`, see `simt.bench.fuzz.generate`) whose body
is a random nest of statements threading two values, the accumulator `acc`
(i32) and `live` (i1, false once the lane "returned"):

- an update of `acc` (multiply-add, a load from constant memory, an atomic
  into `hist`, a store of a trace);
- `scf.if` on a divergent or uniform condition, with results, both branches
  random nests, or the else branch the then branch with other constants
  (what branch fusion merges);
- `scf.for` whose trip count comes from the data (divergent) or the block
  (uniform), its body a nest;
- `scf.while` whose condition tests a per-loop fuel, `live`, a `go` flag
  and a data-dependent condition, and whose body may `break` (clears `go`
  and skips the rest of the body, in a `scf.if`);
- an early return as the frontend emits it: on a condition, the lane stores
  `acc` to `out` and clears `live`; every later statement runs under
  `scf.if live`, every loop also tests `live`.

The entry exchanges values through shared memory around a barrier and takes
a vote (control flow is uniform there). Every lane terminates: each loop
spends fuel or counts to a bound of at most 4 trips, and nests are at most
`max_depth` deep. At the end a live lane stores `acc` to `out`; the fuel
left and the number of statements run go to the second half of `out`.
"""

from __future__ import annotations

import random

from simt.bench.fuzz.generate import (
    CONSTANT_TYPE,
    GLOBALS,
    HIST_BINS,
    SHARED_TYPE,
    CfProgram,
)


class _Nest:
    """Writes the text of one structured program."""

    def __init__(self, rng: random.Random, max_depth: int) -> None:
        self.rng = rng
        self.max_depth = max_depth
        self.lines: list[str] = []
        self.counter = 0
        self.indent = 1
        self.budget = rng.randint(4, 14)
        """Statements left to draw (keeps programs small)."""
        self.atomic_kind = rng.choice(("add", "max", "min", "or", "xor"))
        self.salt = 0
        """Added to the constants of updates (a mirrored else branch's are
        other than its then branch's)."""

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"%{stem}{self.counter}"

    def emit(self, line: str) -> None:
        self.lines.append("  " * self.indent + line)

    def value(self, text: str, stem: str = "t") -> str:
        name = self.fresh(stem)
        self.emit(f"{name} = {text}")
        return name

    def const(self, value: int, type_: str = "i32") -> str:
        return self.value(f"arith.constant {value} : {type_}", "c")

    def condition(self, acc: str) -> str:
        """An i1 from the accumulator (divergent), the thread id, or values
        uniform in the block."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.45:
            source = self.value(f"arith.xori {acc}, %v0 : i32")
        elif roll < 0.6:
            source = "%tid"
        elif roll < 0.85:
            source = self.value(
                f"arith.addi %ub, {self.const(rng.randint(0, 5))} : i32"
            )
        else:
            source = "%u0"
        low = self.value(f"arith.andi {source}, %seven : i32")
        limit = self.const(rng.randint(0, 8))
        return self.value(f"arith.cmpi ult, {low}, {limit} : i32", "d")

    # -- statements --------------------------------------------------------

    def nest(
        self, acc: str, live: str, depth: int, may_return: bool
    ) -> tuple[str, str]:
        """A sequence of statements; returns the new (acc, live)."""
        count = self.rng.randint(1, 3)
        returned = False
        for _ in range(count):
            if self.budget <= 0:
                break
            self.budget -= 1
            if returned:
                acc, live = self.guarded(acc, live, depth, may_return)
            else:
                acc, live, did = self.statement(acc, live, depth, may_return)
                returned = returned or did
        return acc, live

    def guarded(
        self, acc: str, live: str, depth: int, may_return: bool
    ) -> tuple[str, str]:
        """A statement after a possible return: runs under `scf.if live`."""
        result = self.fresh("g")
        self.emit(f"{result}:2 = scf.if {live} -> (i32, i1) {{")
        self.indent += 1
        a, lv, _ = self.statement(acc, live, depth, may_return)
        self.emit(f"scf.yield {a}, {lv} : i32, i1")
        self.indent -= 1
        self.emit("} else {")
        self.indent += 1
        self.emit(f"scf.yield {acc}, {live} : i32, i1")
        self.indent -= 1
        self.emit("}")
        return f"{result}#0", f"{result}#1"

    def statement(
        self, acc: str, live: str, depth: int, may_return: bool
    ) -> tuple[str, str, bool]:
        """One statement; returns (acc, live, whether it may have returned)."""
        rng = self.rng
        kinds = ["update", "update"]
        if depth < self.max_depth:
            kinds += ["if", "for", "while", "while"]
        if may_return:
            kinds.append("return")
        kind = rng.choice(kinds)
        if kind == "update":
            return self.update(acc), live, False
        if kind == "return":
            cond = self.condition(acc)
            self.emit(f"scf.if {cond} {{")
            self.indent += 1
            self.emit(f"memref.store {acc}, %out[%idx] : memref<?xi32>")
            self.emit("scf.yield")
            self.indent -= 1
            self.emit("}")
            stay = self.value(f"arith.xori {cond}, %true : i1")
            return acc, self.value(f"arith.andi {live}, {stay} : i1"), True
        if kind == "if":
            return self.if_(acc, live, depth, may_return)
        if kind == "for":
            return self.for_(acc, live, depth, may_return)
        return self.while_(acc, live, depth, may_return)

    def update(self, acc: str) -> str:
        rng = self.rng
        acc = self.value(
            f"arith.muli {acc}, {self.const(rng.choice((3, 5, 31, -7)))} : i32"
        )
        step = self.const(1 + 2 * self.salt) if self.salt else "%one"
        acc = self.value(f"arith.addi {acc}, {step} : i32")
        if rng.random() < 0.3:
            low = self.value(f"arith.andi {acc}, %seven : i32")
            slot = self.value(f"arith.index_cast {low} : i32 to index")
            loaded = self.value(f"memref.load %cmem[{slot}] : {CONSTANT_TYPE}")
            acc = self.value(f"arith.xori {acc}, {loaded} : i32")
        if rng.random() < 0.25:
            bin_ = self.value(f"arith.andi {acc}, {self.const(HIST_BINS - 1)} : i32")
            slot = self.value(f"arith.index_cast {bin_} : i32 to index")
            self.value(
                f"simt.atomic {self.atomic_kind} {acc}, %hist[{slot}] : "
                "memref<?xi32>, i32"
            )
        if rng.random() < 0.4:
            self.emit(f"memref.store {acc}, %trace[%idx] : memref<?xi32>")
        steps = self.value(
            "memref.load %steps[%s0] : memref<1xi32, #simt.space<local>>"
        )
        more = self.value(f"arith.addi {steps}, %one : i32")
        self.emit(
            f"memref.store {more}, %steps[%s0] : memref<1xi32, #simt.space<local>>"
        )
        return acc

    def if_(
        self, acc: str, live: str, depth: int, may_return: bool
    ) -> tuple[str, str, bool]:
        cond = self.condition(acc)
        result = self.fresh("if")
        mirror = self.rng.random() < 0.35
        state, budget = self.rng.getstate(), self.budget
        self.emit(f"{result}:2 = scf.if {cond} -> (i32, i1) {{")
        self.indent += 1
        a, lv = self.nest(acc, live, depth + 1, may_return)
        self.emit(f"scf.yield {a}, {lv} : i32, i1")
        self.indent -= 1
        self.emit("} else {")
        self.indent += 1
        if mirror:
            # the same statements with other constants: what branch fusion
            # merges (the draws after the if are those of a plain one)
            after = self.rng.getstate()
            self.rng.setstate(state)
            self.budget, spent = budget, self.budget
            self.salt += 1
            a, lv = self.nest(acc, live, depth + 1, may_return)
            self.salt -= 1
            self.rng.setstate(after)
            self.budget = spent
        elif self.rng.random() < 0.6:
            a, lv = self.nest(acc, live, depth + 1, may_return)
        else:
            a, lv = acc, live
        self.emit(f"scf.yield {a}, {lv} : i32, i1")
        self.indent -= 1
        self.emit("}")
        return f"{result}#0", f"{result}#1", may_return

    def for_(
        self, acc: str, live: str, depth: int, may_return: bool
    ) -> tuple[str, str, bool]:
        rng = self.rng
        source = rng.choice((acc, "%v0", "%ub", "%tid"))
        low = self.value(f"arith.andi {source}, %three : i32")
        trips = self.value(f"arith.index_cast {low} : i32 to index")
        lower = self.const(rng.randint(0, 1), "index")
        step = self.const(1, "index")
        result = self.fresh("for")
        i, a, lv = self.fresh("i"), self.fresh("a"), self.fresh("l")
        self.emit(
            f"{result}:2 = scf.for {i} = {lower} to {trips} step {step} "
            f"iter_args({a} = {acc}, {lv} = {live}) -> (i32, i1) {{"
        )
        self.indent += 1
        counter = self.value(f"arith.index_cast {i} : index to i32")
        mixed = self.value(f"arith.addi {a}, {counter} : i32")
        if may_return:
            body_acc, body_live = self.guarded_nest(mixed, lv, depth, may_return)
        else:
            body_acc, body_live = self.nest(mixed, lv, depth + 1, may_return)
        self.emit(f"scf.yield {body_acc}, {body_live} : i32, i1")
        self.indent -= 1
        self.emit("}")
        return f"{result}#0", f"{result}#1", may_return

    def guarded_nest(
        self, acc: str, live: str, depth: int, may_return: bool
    ) -> tuple[str, str]:
        """A loop body after which the lane may have returned: the whole body
        runs under `scf.if live` (a returned lane idles through the trips)."""
        result = self.fresh("gb")
        self.emit(f"{result}:2 = scf.if {live} -> (i32, i1) {{")
        self.indent += 1
        a, lv = self.nest(acc, live, depth + 1, may_return)
        self.emit(f"scf.yield {a}, {lv} : i32, i1")
        self.indent -= 1
        self.emit("} else {")
        self.indent += 1
        self.emit(f"scf.yield {acc}, {live} : i32, i1")
        self.indent -= 1
        self.emit("}")
        return f"{result}#0", f"{result}#1"

    def while_(
        self, acc: str, live: str, depth: int, may_return: bool
    ) -> tuple[str, str, bool]:
        rng = self.rng
        fuel_source = rng.choice((acc, "%ub", "%v0"))
        low = self.value(f"arith.andi {fuel_source}, %three : i32")
        fuel = self.value(f"arith.addi {low}, {self.const(rng.randint(1, 3))} : i32")
        result = self.fresh("w")
        a, lv, f, go = (self.fresh(s) for s in ("wa", "wl", "wf", "wg"))
        self.emit(
            f"{result}:4 = scf.while ({a} = {acc}, {lv} = {live}, {f} = {fuel}, "
            f"{go} = %true) : (i32, i1, i32, i1) -> (i32, i1, i32, i1) {{"
        )
        self.indent += 1
        has_fuel = self.value(f"arith.cmpi sgt, {f}, %z : i32")
        cond = self.value(f"arith.andi {has_fuel}, {go} : i1")
        cond = self.value(f"arith.andi {cond}, {lv} : i1")
        if rng.random() < 0.5:
            extra = self.condition(a)
            cond = self.value(f"arith.andi {cond}, {extra} : i1")
        self.emit(f"scf.condition({cond}) {a}, {lv}, {f}, {go} : i32, i1, i32, i1")
        self.indent -= 1
        self.emit("} do {")
        ba, bl, bf, bg = (self.fresh(s) for s in ("ba", "bl", "bf", "bg"))
        self.emit(f"^bb0({ba}: i32, {bl}: i1, {bf}: i32, {bg}: i1):")
        self.indent += 1
        left = self.value(f"arith.subi {bf}, %one : i32")
        na, nl = self.nest(ba, bl, depth + 1, may_return)
        ngo = bg
        if rng.random() < 0.6:
            brk = self.condition(na)
            ngo = self.value(f"arith.xori {brk}, %true : i1")
            rest = self.fresh("rest")
            self.emit(f"{rest}:2 = scf.if {ngo} -> (i32, i1) {{")
            self.indent += 1
            ra, rl = self.nest(na, nl, depth + 1, may_return)
            self.emit(f"scf.yield {ra}, {rl} : i32, i1")
            self.indent -= 1
            self.emit("} else {")
            self.indent += 1
            self.emit(f"scf.yield {na}, {nl} : i32, i1")
            self.indent -= 1
            self.emit("}")
            na, nl = f"{rest}#0", f"{rest}#1"
        self.emit(f"scf.yield {na}, {nl}, {left}, {ngo} : i32, i1, i32, i1")
        self.indent -= 1
        self.emit("}")
        return f"{result}#0", f"{result}#1", may_return


def scf_program(seed: int, max_depth: int = 3) -> CfProgram:
    """The structured program of `seed` (the same seed, the same text)."""
    rng = random.Random(seed)
    w = _Nest(rng, max_depth)
    _entry(w)
    acc, live = w.nest("%acc0", "%true", 0, rng.random() < 0.7)
    while w.budget > 0 and rng.random() < 0.7:
        acc, live = w.nest(acc, live, 0, True)
    w.emit(f"scf.if {live} {{")
    w.indent += 1
    w.emit(f"memref.store {acc}, %out[%idx] : memref<?xi32>")
    w.emit("scf.yield")
    w.indent -= 1
    w.emit("}")
    steps = w.value("memref.load %steps[%s0] : memref<1xi32, #simt.space<local>>")
    w.emit(f"memref.store {steps}, %out[%far] : memref<?xi32>")
    w.emit("func.return")
    header = GLOBALS + (
        "func.func @k(%out: memref<?xi32>, %trace: memref<?xi32>, "
        "%hist: memref<?xi32>, %data: memref<?xi32>) attributes {simt.kernel} {\n"
    )
    text = "builtin.module {\n" + header + "\n".join(w.lines) + "\n}\n}\n"
    return CfProgram(seed, text)


def _entry(w: _Nest) -> None:
    for line in (
        "%tid = simt.thread_id x : i32",
        "%bid = simt.block_id x : i32",
        "%bdim = simt.block_dim x : i32",
        "%gdim = simt.grid_dim x : i32",
        "%base = arith.muli %bid, %bdim : i32",
        "%gid = arith.addi %base, %tid : i32",
        "%idx = arith.index_cast %gid : i32 to index",
        "%all = arith.muli %gdim, %bdim : i32",
        "%far32 = arith.addi %all, %gid : i32",
        "%far = arith.index_cast %far32 : i32 to index",
        "%v0 = memref.load %data[%idx] : memref<?xi32>",
        "%i0 = arith.constant 0 : index",
        "%s0 = arith.constant 0 : index",
        "%u0 = memref.load %data[%i0] : memref<?xi32>",
        "%ub = arith.addi %bid, %bdim : i32",
        "%z = arith.constant 0 : i32",
        "%one = arith.constant 1 : i32",
        "%three = arith.constant 3 : i32",
        "%seven = arith.constant 7 : i32",
        "%true = arith.constant true",
        "%steps = memref.alloca() : memref<1xi32, #simt.space<local>>",
        "memref.store %z, %steps[%s0] : memref<1xi32, #simt.space<local>>",
        f"%cmem = memref.get_global @table : {CONSTANT_TYPE}",
        f"%smem = memref.get_global @tile : {SHARED_TYPE}",
        "%tix = arith.index_cast %tid : i32 to index",
        f"memref.store %v0, %smem[%tix] : {SHARED_TYPE}",
        "simt.barrier",
        "%nb1 = arith.addi %tid, %one : i32",
        "%nb2 = arith.remui %nb1, %bdim : i32",
        "%nb = arith.index_cast %nb2 : i32 to index",
        f"%got = memref.load %smem[%nb] : {SHARED_TYPE}",
        "%pos = arith.cmpi sgt, %got, %z : i32",
        "%ballot = simt.ballot %pos : i32",
        "%vote = arith.andi %ballot, %seven : i32",
        "%mixed = arith.addi %v0, %got : i32",
        "%acc0 = arith.addi %mixed, %vote : i32",
    ):
        w.emit(line)
