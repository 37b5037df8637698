"""The native engine: a bytecode interpreter compiled once by numba.

DESIGN.md, "The simulator": the reference engine (`machine.py`) executes an op
as a few numpy calls over every slot of the launch, so its time per warp
instruction depends on the shape of the kernel (how many warps share a step,
how long the tails of divergent loops are). This engine executes the same
lockstep model, step for step, in machine code: `program.py` encodes a kernel
once into the instruction table below, and `run` interprets it for one wave
of blocks. An op costs a dispatch plus a loop over the lanes of the warps
that issue it, so throughput is about the same for every shape; a
lane-wise op runs each run of consecutive warps as one loop (`_next_run`).

Representation (one wave of `W` warps of `ws <= 64` lanes, `S = W * ws` slots):

- registers `R[reg, slot]` (int64): every scalar SSA value has a row. Integers
  are stored sign-extended from their width (`i1` as 0/1), floats as float64
  in the same memory (`R.view(float64)`; an `f32` value is held exactly as a
  float64 and every `f32` op rounds to `f32`);
- a mask is a *slot* of the mask tables: the list of the warps with active
  lanes (increasing), a 64-bit word of active lanes per listed warp, their
  count and the total of active lanes. Every op reads its current mask, so a
  warp that is not listed costs nothing;
- the reconvergence stacks of a `cf` graph are per-warp arrays (pc, rpc,
  lanes), as in `reconvergence.py`, with the same scheduler.

Instructions are rows of `code` (int64, `NFIELDS` wide): an opcode and its
fields (registers, mask slots, immediates); lists (copies, loop ids) live in
`pool`. Straight-line ops run under the current mask; the control
instructions (`IF_*`, `FOR_*`, `WHILE_*`, `GUARD_*`, `GRAPH_*`, the
terminators) switch masks and jump, and keep every metric exactly as the
reference engine does (see `program.py` for how each IR construct is laid
out). A fault stops the run with a code and its operands in `fault`; Python
turns it into the reference engine's `SimulationError`.

Memory: every memref the kernel accesses lives in one int64 array in the
registers' stored form (`native_machine.py` copies the arguments in and out),
so loads and stores move 64-bit words whatever the element type.

Only this module is compiled by numba, and only `run` is cached on disk: the
helpers are compiled into it, so one file holds every piece the cache depends
on (numba invalidates a cache when its file changes).
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

# ---------------------------------------------------------------------------
# Opcodes. Straight-line ops first: `op < CHECKED` never faults and may be
# hoisted into the wave prologue; `op < CONTROL` runs under the current mask.
# ---------------------------------------------------------------------------

COPY = 0
ADD = 1
SUB = 2
MUL = 3
AND = 4
OR = 5
XOR = 6
NEG = 7
ABS = 8
EXTU = 9
WRAP = 10
CTPOP = 11
MAX = 12
MIN = 13
CMP_EQ = 14
CMP_NE = 15
CMP_LT = 16
CMP_LE = 17
CMP_GT = 18
CMP_GE = 19
SELECT = 20
SITOFP = 21
UITOFP = 22
TRUNCF = 23
FADD = 24
FSUB = 25
FMUL = 26
FDIV = 27
FREM = 28
FNEG = 29
FABS = 30
FSQRT = 31
FFLOOR = 32
FCEIL = 33
FTRUNC = 34
FRINT = 35
FROUND = 36
FCMP = 37
COPYSIGN = 38
BITS_TO_F32 = 39
F32_TO_BITS = 40
SHL_IMM = 41
SHRU_IMM = 42
SHRS_IMM = 43
DIV_POW2 = 44
MULADD = 45
SHIFTED = 46
FLOORMOD = 47
CHECKED = 48
SHL = 48
SHRU = 49
SHRS = 50
DIVS = 51
REMS = 52
FLOORDIVS = 53
CEILDIVS = 54
DIVU = 55
REMU = 56
CEILDIVU = 57
FPTOSI = 58
FPTOUI = 59
LOAD = 60
STORE = 61
ATOMIC_ADD = 62
ALLOCA = 63
DIM = 64
VOTE_ANY = 65
VOTE_ALL = 66
BALLOT = 67
BARRIER = 68
GUARD_CREATE = 69
GUARD_SET = 70
GUARD_SELECT = 71
GUARD_TEST = 72
CONTROL = 73
BLOCK = 73
UNIT = 74
IF_BEGIN = 75
IF_ELSE = 76
IF_END = 77
FOR_BEGIN = 78
FOR_ITER = 79
FOR_LATCH = 80
FOR_END = 81
WHILE_BEGIN = 82
WHILE_ITER = 83
WHILE_COND = 84
WHILE_LATCH = 85
WHILE_END = 86
GUARD_BEGIN = 87
GUARD_END = 88
GRAPH_BEGIN = 89
GRAPH_SCHED = 90
GRAPH_END = 91
BR = 92
COND_BR = 93
SWITCH = 94
RETURN = 95
COPIES = 96
HALT = 97

NFIELDS = 16
"""Width of an instruction row: the opcode and 15 fields."""
MERGED = 15
"""The field of a value-producing op that says its result merges into the
lanes that are not active (a value of a `cf` block used in another block,
unless every op of the block is lane-wise: `program._Encoder.unmerge_lane_wise`)."""

# Fault codes (`fault[0]`); the Python side formats the reference messages.
OK = 0
F_LANE = 1
"""A lane fault of the op at `fault[1]` in slot `fault[2]`; `fault[3]` says
which (`LANE_*`), `fault[4:]` and `faultf` hold the values to print."""
F_STEP_LIMIT = 2
F_STACK = 3
"""Internal: a reconvergence stack outgrew its capacity."""

LANE_DIV_ZERO = 1
LANE_DIV_OVERFLOW = 2
LANE_SHIFT = 3
LANE_FP_RANGE = 4
LANE_STEP = 5
LANE_BOUNDS = 6
LANE_DIM = 7
LANE_BARRIER = 8

# Memory: every memref lives in one int64 array in the registers' stored
# form (floats as float64 bits); `mem_info[m]` describes memref `m`.
M_BASE = 0
"""Where its elements start in the memory array."""
M_RANK = 1
M_PRIVATE = 2
M_SIZE = 3
"""Elements of one slot's private array (private memrefs only)."""
M_KIND = 4
"""How an atomic add adds: `K_INT` (wrapping with `M_H`, `M_M`), `K_F32`, `K_F64`."""
M_H = 5
M_M = 6
M_LENGTH = 7
"""Elements of the memref (all slots' for a private one)."""
M_FIELDS = 8
K_INT = 0
K_F32 = 1
K_F64 = 2

MAX_RANK = 4

EXIT = -1
NEVER = -2
_UNREACHABLE = np.iinfo(np.int64).max

# Counter layout.
ISSUED = 0
LANE_OPS = 1
MAX_DEPTH = 2
SEQ_BRANCH = 0
SEQ_LOOP = 1
SEQ_BLOCK = 2
L_ENTRIES = 0
L_LANE_ENTRIES = 1
L_WARP_ITERATIONS = 2
L_LANE_ITERATIONS = 3
L_IDLE = 4

# The activity trace's state of a warp (a row of `TW`, see `_account`).
W_POSITION = 0
"""Instructions the warp has issued (its time)."""
W_BIN_END = 1
"""The end of its pending bin, in time (0 before its first step): derivable
from `W_BIN` and the bin width, kept so that a step inside the bin costs one
compare."""
W_LANES = 2
"""Its active lanes summed over its instructions in the pending bin."""
W_BIN = 3
"""Its pending bin, -1 before its first step."""
W_FIELDS = 4
TILE_SHIFT = 3
"""A tile of `TB` (see `_account`) holds 8 bins of each warp."""
TILE_MASK = (1 << TILE_SHIFT) - 1

# How the activity trace is kept (`params[P_TRACE]`, see `_flush_trace`).
TRACE_OFF = 0
TRACE_SHARED_ROWS = 1
"""Rows hold several warps each (a launch of more warps than rows)."""
TRACE_OWN_ROWS = 2
"""Every warp has a row to itself."""

# `params` layout (per call).
P_WS = 0
P_WARPS = 1
P_FIRST_WARP = 2
P_TOTAL_WARPS = 3
P_TRACE = 4
"""`TRACE_OFF`, `TRACE_SHARED_ROWS` or `TRACE_OWN_ROWS`."""
P_STEP_LIMIT = 5
P_ENTRY = 6
P_PROLOGUE = 7
P_TMP = 8
P_CHECK_COST = 9
"""Index into `block_cost` of the cost of a loop's continuation check."""
P_WARPS_PER_BLOCK = 10
P_TARGETS = 11
"""Two cells `BR`/`COND_BR` keep their targets in."""
NPARAMS = 13

SLOT_ALL = 0
"""The mask slot that holds every warp of the wave with all its lanes (the
prologue's mask)."""
SLOT_REAL = 1
"""The mask slot of the real lanes of the wave (the kernel's initial mask)."""

_U1 = np.uint64(1)


def _engine(**options: Any) -> Any:
    """numba's `njit` for the engine's functions, without numba's reference
    counting (NRT): every array view (`R[row]`, a warp's slice of a row)
    would otherwise cost an atomic increment and decrement through a call,
    a fifth of the run time of a loop kernel. The engine allocates nothing;
    its scratch space is a register row (`Program.registers`)."""
    return cast(Any, njit)(_nrt=False, **options)


def _popcount_typing(typingctx: Any, x: Any) -> Any:
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


def _lowest_bit_typing(typingctx: Any, x: Any) -> Any:
    """Index of the lowest set bit of a nonzero word."""
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


_popcount: Any = intrinsic(_popcount_typing)
"""The number of set bits of a uint64 (`ctpop`)."""
_lowest_bit: Any = intrinsic(_lowest_bit_typing)


@_engine(inline="always")
def _wrap(x: Any, h: Any, m: Any) -> Any:
    """`x` reduced to a width: `h` is half the range, `m` the mask (`h = 0,
    m = -1` for 64 bits, `h = 0, m = 1` for i1)."""
    return ((x + h) & m) - h


@_engine(inline="always")
def _bit(word: Any, lane: int) -> bool:
    return (word >> np.uint64(lane)) & _U1 != 0


@_engine(inline="always")
def _ones_if(flag: Any) -> Any:
    """-1 (all bits set) when `flag` is 1, 0 when it is 0."""
    return -np.int64(flag)


@_engine(inline="always")
def _blend(new: Any, old: Any, word: Any, lane: int) -> Any:
    """`new` in a lane of `word`, `old` elsewhere, without a branch (so that
    LLVM vectorizes the loop around it)."""
    on = _ones_if((word >> np.uint64(lane)) & _U1)
    return (new & on) | (old & ~on)


@_engine(inline="always")
def _spare_row(R: Any) -> Any:
    """The register row no value uses (the last: `Program.registers`), the
    engine's scratch space for one warp's lanes."""
    return R[R.shape[0] - 1]


@_engine(inline="always")
def _blend_row(d: Any, a: Any, word: Any, spare: Any, ws: int) -> None:
    """`d = a` in the lanes of `word`: blended into the spare register row
    (which may be `a`), then copied. A blend stored straight into `d`
    compiles to masked stores, which are slow on x86."""
    for i in range(ws):
        spare[i] = _blend(a[i], d[i], word, i)
    for i in range(ws):
        d[i] = spare[i]


@_engine(inline="always")
def _next_run(L: Any, k: int, n: int, ws: int) -> tuple[int, int, int]:
    """The slots of the run of consecutive warps that starts at `L[k]` (a
    lane-wise op computes every lane of its warps: a run is one loop over
    its lanes, which vectorizes without a warp's set-up each), and the
    index in `L` after it."""
    j = k + 1
    after = L[k] + 1
    while j < n and L[j] == after:
        j += 1
        after += 1
    return L[k] * ws, after * ws, j


@_engine(inline="always")
def _choose(cond: Any, yes: Any, no: Any) -> Any:
    """`yes if cond != 0 else no` on int64 bit patterns, without a branch."""
    on = _ones_if(cond != 0)
    return (yes & on) | (no & ~on)


# ---------------------------------------------------------------------------
# Straight-line ops that cannot fault. Each computes every lane of the warps
# of the mask (inactive lanes compute garbage that is never read) into row
# `d`, a run of consecutive warps at a time (`_next_run`); a merged result
# goes through the scratch row and `_merge_into`.
# ---------------------------------------------------------------------------


@_engine()
def _int_binary(op: int, ins: Any, d: int, R: Any, L: Any, n: int, ws: int) -> None:
    rd = R[d]
    ra = R[ins[2]]
    rb = R[ins[3]]
    h = ins[4]
    m = ins[5]
    if d == ins[2]:
        # in place (`c = c + 1` into its carried register): one view for
        # `d` and `a`, or the loop runs scalar (numba's overlap check)
        k = 0
        while k < n:
            s, e, k = _next_run(L, k, n, ws)
            a = ra[s:e]
            _binary_row(op, a, a, rb[s:e], h, m, e - s)
        return
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        _binary_row(op, rd[s:e], ra[s:e], rb[s:e], h, m, e - s)


@_engine(inline="always")
def _binary_row(op: int, d: Any, a: Any, b: Any, h: int, m: int, ws: int) -> None:
    """`d = a op b` in one warp's lanes."""
    if op == ADD:
        for i in range(ws):
            d[i] = _wrap(np.int64(np.uint64(a[i]) + np.uint64(b[i])), h, m)
    elif op == SUB:
        for i in range(ws):
            d[i] = _wrap(np.int64(np.uint64(a[i]) - np.uint64(b[i])), h, m)
    elif op == MUL:
        for i in range(ws):
            d[i] = _wrap(np.int64(np.uint64(a[i]) * np.uint64(b[i])), h, m)
    elif op == AND:
        for i in range(ws):
            d[i] = a[i] & b[i]
    elif op == OR:
        for i in range(ws):
            d[i] = a[i] | b[i]
    elif op == XOR:
        for i in range(ws):
            d[i] = a[i] ^ b[i]


@_engine()
def _ternary(op: int, ins: Any, rd: Any, R: Any, L: Any, n: int, ws: int) -> None:
    """The lane-wise ops of three operand rows: `SELECT d c a b`, and
    `MULADD d a b c h m`, `a * b + c` wrapped to the width once (as the
    `muli` then `addi` it stands for: wrapping is arithmetic modulo 2^w)."""
    rx = R[ins[2]]
    ry = R[ins[3]]
    rz = R[ins[4]]
    h = ins[5]
    m = ins[6]
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        d = rd[s:e]
        x = rx[s:e]
        y = ry[s:e]
        z = rz[s:e]
        if op == SELECT:
            for i in range(e - s):
                d[i] = _choose(x[i], y[i], z[i])
        else:
            for i in range(e - s):
                t = np.uint64(x[i]) * np.uint64(y[i]) + np.uint64(z[i])
                d[i] = _wrap(np.int64(t), h, m)


@_engine()
def _floored_modulo(ins: Any, rd: Any, R: Any, L: Any, n: int, ws: int) -> None:
    """`FLOORMOD d a - c`: numba's `a % c` (the remainder with the sign of the
    divisor) by a constant `c > 0` that is no power of two, which cannot
    fault and lies in `[0, c)` (`program._floored_modulo`). A warp whose
    dividends are below 2**53 in magnitude divides in float64, vectorized
    (`_divide`: the rounded quotient has the exact one's floor)."""
    ra = R[ins[2]]
    c = ins[4]
    y = np.float64(c)
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        d = rd[s:e]
        a = ra[s:e]
        exact = True
        for i in range(e - s):
            exact &= -_FLOAT_EXACT < a[i] < _FLOAT_EXACT
        if exact:
            for i in range(e - s):
                x = a[i]
                d[i] = x - np.int64(np.floor(np.float64(x) / y)) * c
        else:
            for i in range(e - s):
                d[i] = a[i] - (a[i] // c) * c


@_engine()
def _shifted_operand(ins: Any, rd: Any, R: Any, L: Any, n: int, ws: int) -> None:
    """`SHIFTED d a b h m k shift op`: `a op (b shift k)`, the shift by a
    constant `0 < k < width` (`SHL_IMM`, `SHRU_IMM`, `SHRS_IMM`) whose only
    use is the binary op `op` (`ADD`, `AND`, `OR`, `XOR`; see
    `program._shifted_operand`), in one pass over the lanes. The three
    shifts are one expression, `((b & pre) << left >> right) & keep`: an
    unsigned shift masks to the width first and clears the bits the
    arithmetic shift brings in. Each lane reads its operands before writing
    `d`, which may be `a` or `b`."""
    ra = R[ins[2]]
    rb = R[ins[3]]
    h = ins[4]
    m = ins[5]
    k = ins[6]
    shift = ins[7]
    op = ins[8]
    pre = m if shift == SHRU_IMM else -1
    left = k if shift == SHL_IMM else 0
    right = 0 if shift == SHL_IMM else k
    keep = np.int64(~np.uint64(0) >> np.uint64(k)) if shift == SHRU_IMM else -1
    j = 0
    while j < n:
        s, e, j = _next_run(L, j, n, ws)
        d = rd[s:e]
        a = ra[s:e]
        b = rb[s:e]
        if op == XOR:
            for i in range(e - s):
                d[i] = a[i] ^ _shifted(b[i], pre, left, right, keep, h, m)
        elif op == OR:
            for i in range(e - s):
                d[i] = a[i] | _shifted(b[i], pre, left, right, keep, h, m)
        elif op == AND:
            for i in range(e - s):
                d[i] = a[i] & _shifted(b[i], pre, left, right, keep, h, m)
        else:
            for i in range(e - s):
                t = _shifted(b[i], pre, left, right, keep, h, m)
                d[i] = _wrap(np.int64(np.uint64(a[i]) + np.uint64(t)), h, m)


@_engine(inline="always")
def _shifted(x: Any, pre: Any, left: Any, right: Any, keep: Any, h: Any, m: Any) -> Any:
    """`x` shifted as `_shifted_operand` says, wrapped to the width."""
    return _wrap((((x & pre) << left) >> right) & keep, h, m)


@_engine()
def _int_compare(op: int, ins: Any, rd: Any, R: Any, L: Any, n: int, ws: int) -> None:
    """Compares keys `(x & m) ^ f`: the stored value for a signed compare
    (`m = -1, f = 0`), the unsigned value for an unsigned one (`f` flips the
    sign bit of a 64-bit key), the low bits for an equality of a remainder
    by a power of two (`program._floored_modulo`); `MAX`/`MIN` keep the
    operand with the larger (smaller) key."""
    ra = R[ins[2]]
    rb = R[ins[3]]
    m = ins[4]
    f = ins[5]
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        d = rd[s:e]
        a = ra[s:e]
        b = rb[s:e]
        if op == MAX:
            for i in range(e - s):
                d[i] = a[i] if ((a[i] & m) ^ f) >= ((b[i] & m) ^ f) else b[i]
        elif op == MIN:
            for i in range(e - s):
                d[i] = a[i] if ((a[i] & m) ^ f) <= ((b[i] & m) ^ f) else b[i]
        elif op == CMP_EQ:
            for i in range(e - s):
                d[i] = (a[i] & m) == (b[i] & m)
        elif op == CMP_NE:
            for i in range(e - s):
                d[i] = (a[i] & m) != (b[i] & m)
        elif op == CMP_LT:
            for i in range(e - s):
                d[i] = ((a[i] & m) ^ f) < ((b[i] & m) ^ f)
        elif op == CMP_LE:
            for i in range(e - s):
                d[i] = ((a[i] & m) ^ f) <= ((b[i] & m) ^ f)
        elif op == CMP_GT:
            for i in range(e - s):
                d[i] = ((a[i] & m) ^ f) > ((b[i] & m) ^ f)
        else:
            for i in range(e - s):
                d[i] = ((a[i] & m) ^ f) >= ((b[i] & m) ^ f)


@_engine()
def _int_unary(op: int, ins: Any, rd: Any, R: Any, L: Any, n: int, ws: int) -> None:
    ra = R[ins[2]]
    h = ins[4]
    m = ins[5]
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        d = rd[s:e]
        a = ra[s:e]
        if op == COPY:
            for i in range(e - s):
                d[i] = a[i]
        elif op == NEG:
            for i in range(e - s):
                d[i] = _wrap(np.int64(np.uint64(0) - np.uint64(a[i])), h, m)
        elif op == ABS:
            for i in range(e - s):
                x = a[i]
                d[i] = _wrap(
                    x if x >= 0 else np.int64(np.uint64(0) - np.uint64(x)), h, m
                )
        elif op == EXTU:
            for i in range(e - s):
                d[i] = a[i] & m
        elif op == WRAP:
            for i in range(e - s):
                d[i] = _wrap(a[i], h, m)
        elif op == CTPOP:
            for i in range(e - s):
                d[i] = _popcount(np.uint64(a[i] & m))


@_engine()
def _to_float(
    op: int, ins: Any, fd: Any, R: Any, F: Any, L: Any, n: int, ws: int
) -> None:
    """`SITOFP` (signed view: `a * sg`), `UITOFP` (unsigned view: `a & m`),
    `TRUNCF`; field 4 says whether the result is f32."""
    ra = R[ins[2]]
    fa = F[ins[2]]
    f32 = ins[4] != 0
    sg = ins[5]
    m = ins[6]
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        d = fd[s:e]
        if op == SITOFP:
            a = ra[s:e]
            if f32:
                for i in range(e - s):
                    d[i] = np.float32(a[i] * sg)
            else:
                for i in range(e - s):
                    d[i] = np.float64(a[i] * sg)
        elif op == UITOFP:
            a = ra[s:e]
            if f32:
                for i in range(e - s):
                    d[i] = np.float32(np.uint64(a[i] & m))
            else:
                for i in range(e - s):
                    d[i] = np.float64(np.uint64(a[i] & m))
        else:
            x = fa[s:e]
            for i in range(e - s):
                d[i] = np.float32(x[i])


@_engine(inline="always")
def _round_half_away(x: Any) -> Any:
    t = np.trunc(x)
    if abs(x - t) >= 0.5:
        return t + np.sign(x)
    return t


@_engine()
def _float_unary(op: int, ins: Any, fd: Any, F: Any, L: Any, n: int, ws: int) -> None:
    fa = F[ins[2]]
    f32 = ins[4] != 0
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        d = fd[s:e]
        a = fa[s:e]
        if f32:
            for i in range(e - s):
                x = np.float32(a[i])
                if op == FNEG:
                    d[i] = -x
                elif op == FABS:
                    d[i] = abs(x)
                elif op == FSQRT:
                    d[i] = np.sqrt(x)
                elif op == FFLOOR:
                    d[i] = np.floor(x)
                elif op == FCEIL:
                    d[i] = np.ceil(x)
                elif op == FTRUNC:
                    d[i] = np.trunc(x)
                elif op == FRINT:
                    d[i] = np.rint(x)
                else:
                    d[i] = np.float32(_round_half_away(x))
        else:
            for i in range(e - s):
                x64 = a[i]
                if op == FNEG:
                    d[i] = -x64
                elif op == FABS:
                    d[i] = abs(x64)
                elif op == FSQRT:
                    d[i] = np.sqrt(x64)
                elif op == FFLOOR:
                    d[i] = np.floor(x64)
                elif op == FCEIL:
                    d[i] = np.ceil(x64)
                elif op == FTRUNC:
                    d[i] = np.trunc(x64)
                elif op == FRINT:
                    d[i] = np.rint(x64)
                else:
                    d[i] = _round_half_away(x64)


@_engine()
def _float_binary(op: int, ins: Any, d: int, F: Any, L: Any, n: int, ws: int) -> None:
    fd = F[d]
    fa = F[ins[2]]
    fb = F[ins[3]]
    f32 = ins[4] != 0
    if d == ins[2]:
        # in place (`acc += x`): one view for `d` and `a`, see `_int_binary`
        k = 0
        while k < n:
            s, e, k = _next_run(L, k, n, ws)
            a = fa[s:e]
            _float_row(op, f32, a, a, fb[s:e], e - s)
        return
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        _float_row(op, f32, fd[s:e], fa[s:e], fb[s:e], e - s)


@_engine(inline="always")
def _float_row(op: int, f32: bool, d: Any, a: Any, b: Any, ws: int) -> None:
    """`d = a op b` in one warp's lanes, rounded to float32 if `f32`."""
    if f32:
        if op == FADD:
            for i in range(ws):
                d[i] = np.float32(a[i]) + np.float32(b[i])
        elif op == FSUB:
            for i in range(ws):
                d[i] = np.float32(a[i]) - np.float32(b[i])
        elif op == FMUL:
            for i in range(ws):
                d[i] = np.float32(a[i]) * np.float32(b[i])
        elif op == FDIV:
            for i in range(ws):
                d[i] = np.float32(a[i]) / np.float32(b[i])
        elif op == FREM:
            for i in range(ws):
                d[i] = np.fmod(np.float32(a[i]), np.float32(b[i]))
        else:
            for i in range(ws):
                d[i] = np.copysign(np.float32(a[i]), np.float32(b[i]))
    elif op == FADD:
        for i in range(ws):
            d[i] = a[i] + b[i]
    elif op == FSUB:
        for i in range(ws):
            d[i] = a[i] - b[i]
    elif op == FMUL:
        for i in range(ws):
            d[i] = a[i] * b[i]
    elif op == FDIV:
        for i in range(ws):
            d[i] = a[i] / b[i]
    elif op == FREM:
        for i in range(ws):
            d[i] = np.fmod(a[i], b[i])
    else:
        for i in range(ws):
            d[i] = np.copysign(a[i], b[i])


@_engine(inline="always")
def _fcmp_row(pred: int, d: Any, a: Any, b: Any, ws: int) -> None:
    """`d = fcmp pred a b` (`arith.cmpf`'s predicates, in their order) in one
    warp's lanes: a loop per predicate, so that each runs without a branch
    per lane."""
    if pred == 0:
        for i in range(ws):
            d[i] = False
    elif pred == 1:
        for i in range(ws):
            d[i] = a[i] == b[i]
    elif pred == 2:
        for i in range(ws):
            d[i] = a[i] > b[i]
    elif pred == 3:
        for i in range(ws):
            d[i] = a[i] >= b[i]
    elif pred == 4:
        for i in range(ws):
            d[i] = a[i] < b[i]
    elif pred == 5:
        for i in range(ws):
            d[i] = a[i] <= b[i]
    elif pred == 6:
        # ordered and unequal
        for i in range(ws):
            d[i] = (a[i] < b[i]) | (a[i] > b[i])
    elif pred == 7:
        for i in range(ws):
            d[i] = (a[i] == a[i]) & (b[i] == b[i])
    elif pred == 8:
        # unordered or equal
        for i in range(ws):
            d[i] = not ((a[i] < b[i]) | (a[i] > b[i]))
    elif pred == 9:
        for i in range(ws):
            d[i] = not a[i] <= b[i]
    elif pred == 10:
        for i in range(ws):
            d[i] = not a[i] < b[i]
    elif pred == 11:
        for i in range(ws):
            d[i] = not a[i] >= b[i]
    elif pred == 12:
        for i in range(ws):
            d[i] = not a[i] > b[i]
    elif pred == 13:
        for i in range(ws):
            d[i] = a[i] != b[i]
    elif pred == 14:
        for i in range(ws):
            d[i] = (a[i] != a[i]) | (b[i] != b[i])
    else:
        for i in range(ws):
            d[i] = True


@_engine()
def _float_compare(ins: Any, rd: Any, F: Any, L: Any, n: int, ws: int) -> None:
    fa = F[ins[2]]
    fb = F[ins[3]]
    pred = ins[4]
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        d = rd[s:e]
        a = fa[s:e]
        b = fb[s:e]
        _fcmp_row(pred, d, a, b, e - s)


@_engine()
def _bits_f32(
    op: int, ins: Any, R: Any, F: Any, d: int, L: Any, n: int, ws: int
) -> None:
    """Reinterprets 32 bits: an i32 as an f32 (`BITS_TO_F32`) or back."""
    scratch = _spare_row(R).view(np.int32)
    floats = scratch.view(np.float32)
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        if op == BITS_TO_F32:
            a = R[ins[2], s:e]
            fd = F[d, s:e]
            for i in range(e - s):
                scratch[i] = np.int32(a[i])
            for i in range(e - s):
                fd[i] = floats[i]
        else:
            fa = F[ins[2], s:e]
            rd = R[d, s:e]
            for i in range(e - s):
                floats[i] = np.float32(fa[i])
            for i in range(e - s):
                rd[i] = scratch[i]


@_engine()
def _pure(op: int, ins: Any, R: Any, F: Any, d: int, L: Any, n: int, ws: int) -> None:
    """Executes a straight-line op that cannot fault, writing row `d`."""
    if ADD <= op <= XOR:
        _int_binary(op, ins, d, R, L, n, ws)
    elif op <= CTPOP:
        _int_unary(op, ins, R[d], R, L, n, ws)
    elif op <= CMP_GE:
        _int_compare(op, ins, R[d], R, L, n, ws)
    elif op in (SELECT, MULADD):
        _ternary(op, ins, R[d], R, L, n, ws)
    elif op <= TRUNCF:
        _to_float(op, ins, F[d], R, F, L, n, ws)
    elif op <= FREM or op == COPYSIGN:
        _float_binary(op, ins, d, F, L, n, ws)
    elif op <= FROUND:
        _float_unary(op, ins, F[d], F, L, n, ws)
    elif op == FCMP:
        _float_compare(ins, R[d], F, L, n, ws)
    elif op <= F32_TO_BITS:
        _bits_f32(op, ins, R, F, d, L, n, ws)
    elif op == SHIFTED:
        _shifted_operand(ins, R[d], R, L, n, ws)
    elif op == FLOORMOD:
        _floored_modulo(ins, R[d], R, L, n, ws)
    else:
        _shift_by(op, ins, d, R, L, n, ws)


@_engine()
def _merge_into(
    rd: Any, rs: Any, L: Any, WD: Any, n: int, ws: int, full: Any, spare: Any
) -> None:
    """`rd = rs` in the active lanes of the mask, `rd` elsewhere (`spare`:
    the spare register row, see `_blend_row`)."""
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        d = rd[s : s + ws]
        a = rs[s : s + ws]
        if word == full:
            for i in range(ws):
                d[i] = a[i]
        else:
            _blend_row(d, a, word, spare, ws)


# ---------------------------------------------------------------------------
# Faults and checked ops
# ---------------------------------------------------------------------------


@_engine()
def _lane_fault(fault: Any, ip: int, slot: int, kind: int, a: Any, b: Any) -> int:
    fault[0] = F_LANE
    fault[1] = ip
    fault[2] = slot
    fault[3] = kind
    fault[4] = a
    fault[5] = b
    return F_LANE


@_engine()
def _first_active(rbad: Any, L: Any, WD: Any, n: int, ws: int) -> int:
    """The first active slot where `rbad` is nonzero, or -1."""
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        bad = rbad[s : s + ws]
        while word:
            i = _lowest_bit(word)
            if bad[i] != 0:
                return s + i
            word &= word - _U1
    return -1


@_engine()
def _shift(
    op: int,
    ins: Any,
    rd: Any,
    R: Any,
    L: Any,
    WD: Any,
    n: int,
    ws: int,
    fault: Any,
    ip: int,
) -> int:
    ra = R[ins[2]]
    rb = R[ins[3]]
    h = ins[4]
    m = ins[5]
    width = ins[6]
    sg = ins[7]
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        b = rb[s : s + ws]
        while word:
            i = _lowest_bit(word)
            amount = np.uint64(b[i] & m)
            if amount >= np.uint64(width):
                return _lane_fault(
                    fault, ip, s + i, LANE_SHIFT, np.int64(amount), width
                )
            word &= word - _U1
    for k in range(n):
        s = L[k] * ws
        d = rd[s : s + ws]
        a = ra[s : s + ws]
        b = rb[s : s + ws]
        if op == SHL:
            for i in range(ws):
                amount = np.uint64(b[i] & m) & np.uint64(63)
                d[i] = _wrap(np.int64(np.uint64(a[i]) << amount), h, m)
        elif op == SHRU:
            for i in range(ws):
                amount = np.uint64(b[i] & m) & np.uint64(63)
                d[i] = _wrap(np.int64(np.uint64(a[i] & m) >> amount), h, m)
        else:
            for i in range(ws):
                amount = np.int64(np.uint64(b[i] & m) & np.uint64(63))
                d[i] = _wrap((a[i] * sg) >> amount, h, m)
    return OK


@_engine(inline="always")
def _signed_divide(op: int, x: int, y: int) -> int:
    """C-style division of signed values (`y` nonzero, no overflow)."""
    q = x // y
    r = x - q * y
    if op == FLOORDIVS:
        return q
    if op == CEILDIVS:
        return q + (1 if r != 0 else 0)
    if r != 0 and (x < 0) != (y < 0):
        q += 1
    if op == DIVS:
        return q
    return x - q * y


_FLOAT_EXACT = 1 << 53


@_engine()
def _first_lane(WD: Any, L: Any, ws: int, k: int, bad: Any) -> int:
    hit = WD[k] & bad
    return L[k] * ws + _lowest_bit(hit)


@_engine()
def _divide(
    op: int,
    ins: Any,
    rd: Any,
    R: Any,
    L: Any,
    WD: Any,
    n: int,
    ws: int,
    fault: Any,
    ip: int,
) -> int:
    """Signed (`a * sg`, `b * sg`) or unsigned (`a & m`) divisions; faults
    first on a zero divisor, then on signed overflow, as `arith.py` does.

    A warp whose operands are all below 2**53 in magnitude divides in float64
    (vectorized): the rounded quotient has the same floor, ceiling and
    truncation as the exact one, because its error is below 1 / |b|."""
    ra = R[ins[2]]
    rb = R[ins[3]]
    h = ins[4]
    m = ins[5]
    sg = ins[6]
    lowest = ins[7]
    signed = op <= CEILDIVS
    for k in range(n):
        s = L[k] * ws
        zero = np.uint64(0)
        b = rb[s : s + ws]
        for i in range(ws):
            zero |= np.uint64((b[i] & m) == 0) << np.uint64(i)
        if zero & WD[k]:
            return _lane_fault(
                fault, ip, _first_lane(WD, L, ws, k, zero), LANE_DIV_ZERO, 0, 0
            )
    if signed and op != REMS:
        for k in range(n):
            s = L[k] * ws
            over = np.uint64(0)
            a = ra[s : s + ws]
            b = rb[s : s + ws]
            for i in range(ws):
                over |= np.uint64(
                    (b[i] * sg == -1) & (a[i] * sg == lowest)
                ) << np.uint64(i)
            if over & WD[k]:
                slot = _first_lane(WD, L, ws, k, over)
                return _lane_fault(fault, ip, slot, LANE_DIV_OVERFLOW, lowest, 0)
    for k in range(n):
        s = L[k] * ws
        d = rd[s : s + ws]
        a = ra[s : s + ws]
        b = rb[s : s + ws]
        exact = signed
        for i in range(ws):
            exact &= (
                -_FLOAT_EXACT < a[i] < _FLOAT_EXACT
                and -_FLOAT_EXACT < b[i] < _FLOAT_EXACT
            )
        if exact:
            for i in range(ws):
                x = np.float64(a[i] * sg)
                y = np.float64(b[i] * sg)
                q = x / (y if y != 0 else 1.0)
                if op == DIVS:
                    q = np.trunc(q)
                elif op == FLOORDIVS:
                    q = np.floor(q)
                elif op == CEILDIVS:
                    q = np.ceil(q)
                else:
                    q = x - np.trunc(q) * y
                d[i] = _wrap(np.int64(q), h, m)
        elif signed:
            for i in range(ws):
                x = a[i] * sg
                y = b[i] * sg
                if y == 0 or (y == -1 and x == lowest):
                    y = 1
                d[i] = _wrap(_signed_divide(op, x, y), h, m)
        else:
            for i in range(ws):
                ux = np.uint64(a[i] & m)
                uy = np.uint64(b[i] & m)
                if uy == 0:
                    uy = _U1
                q = ux // uy
                if op == DIVU:
                    r = q
                elif op == REMU:
                    r = ux - q * uy
                else:
                    r = q + (_U1 if q * uy != ux else np.uint64(0))
                d[i] = _wrap(np.int64(r), h, m)
    return OK


@_engine()
def _shift_by(op: int, ins: Any, d: int, R: Any, L: Any, n: int, ws: int) -> None:
    """Shifts by a constant amount `k` (field 6) below the width, and signed
    divisions by `2**k` (`DIV_POW2`, the division in field 7)."""
    rd = R[d]
    ra = R[ins[2]]
    if d == ins[2]:
        # in place (`j //= 2`): one view for `d` and `a`, see `_int_binary`
        j = 0
        while j < n:
            s, e, j = _next_run(L, j, n, ws)
            a = ra[s:e]
            _shift_row(op, ins, a, a, e - s)
        return
    j = 0
    while j < n:
        s, e, j = _next_run(L, j, n, ws)
        _shift_row(op, ins, rd[s:e], ra[s:e], e - s)


@_engine(inline="always")
def _shift_row(op: int, ins: Any, d: Any, a: Any, ws: int) -> None:
    """`_shift_by` in one warp's lanes."""
    h = ins[4]
    m = ins[5]
    k = ins[6]
    uk = np.uint64(k)
    division = ins[7]
    low = (1 << k) - 1
    if op == SHL_IMM:
        for i in range(ws):
            d[i] = _wrap(np.int64(np.uint64(a[i]) << uk), h, m)
    elif op == SHRU_IMM:
        for i in range(ws):
            d[i] = _wrap(np.int64(np.uint64(a[i] & m) >> uk), h, m)
    elif op == SHRS_IMM or division == FLOORDIVS:
        for i in range(ws):
            d[i] = _wrap(a[i] >> k, h, m)
    elif division == CEILDIVS:
        for i in range(ws):
            d[i] = _wrap((a[i] >> k) + ((a[i] & low) != 0), h, m)
    elif division == DIVS:
        for i in range(ws):
            d[i] = _wrap(
                np.int64(np.uint64(a[i]) + np.uint64((a[i] >> 63) & low)) >> k, h, m
            )
    else:
        for i in range(ws):
            q = np.int64(np.uint64(a[i]) + np.uint64((a[i] >> 63) & low)) >> k
            d[i] = _wrap(np.int64(np.uint64(a[i]) - (np.uint64(q) << uk)), h, m)


@_engine()
def _float_to_int(
    op: int,
    ins: Any,
    rd: Any,
    F: Any,
    fconst: Any,
    L: Any,
    WD: Any,
    n: int,
    ws: int,
    fault: Any,
    faultf: Any,
    ip: int,
) -> int:
    """`FPTOSI`/`FPTOUI d a h m bounds`: the truncated value must lie in
    `[fconst[bounds], fconst[bounds + 1])`."""
    fa = F[ins[2]]
    h = ins[4]
    m = ins[5]
    low = fconst[ins[6]]
    high = fconst[ins[6] + 1]
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        a = fa[s : s + ws]
        while word:
            i = _lowest_bit(word)
            t = np.trunc(a[i])
            if not (t >= low and t < high):
                faultf[0] = a[i]
                return _lane_fault(fault, ip, s + i, LANE_FP_RANGE, 0, 0)
            word &= word - _U1
    for k in range(n):
        s = L[k] * ws
        d = rd[s : s + ws]
        a = fa[s : s + ws]
        for i in range(ws):
            t = np.trunc(a[i])
            if not (t >= low and t < high):
                t = 0.0
            if op == FPTOSI:
                d[i] = _wrap(np.int64(t), h, m)
            else:
                d[i] = _wrap(np.int64(np.uint64(t)), h, m)
    return OK


# ---------------------------------------------------------------------------
# Masks
# ---------------------------------------------------------------------------


@_engine()
def _split(
    masks: Any,
    src: int,
    rc: Any,
    ws: int,
    taken: int,
    other: int,
    both: int,
    tw: Any,
    ow: Any,
) -> int:
    """Splits mask `src` by the condition row `rc` into `taken` and `other`
    (either may be `src` itself), lists the warps with lanes on both sides in
    `both` (if >= 0) and keeps each warp's two words in `tw`/`ow`, aligned
    with `src`'s list. Returns the number of warps split."""
    return _split_by(masks, src, rc, rc, rc, False, ws, taken, other, both, tw, ow)


@_engine()
def _split_choice(
    masks: Any,
    src: int,
    rc: Any,
    rt: Any,
    re: Any,
    ws: int,
    taken: int,
    other: int,
    tw: Any,
    ow: Any,
) -> int:
    """`_split` by the condition `rc ? rt : re` of each lane: an `scf.if`'s
    result that only a `while` condition reads, which the if does not write
    (`program._condition_choice`)."""
    return _split_by(masks, src, rc, rt, re, True, ws, taken, other, -1, tw, ow)


@_engine(inline="always")
def _split_by(
    masks: Any,
    src: int,
    rc: Any,
    rt: Any,
    re: Any,
    choice: bool,
    ws: int,
    taken: int,
    other: int,
    both: int,
    tw: Any,
    ow: Any,
) -> int:
    ML, MW, MN, MLN = masks
    n = MN[src]
    nt = 0
    no = 0
    nb = 0
    lt = 0
    lo = 0
    for k in range(n):
        w = ML[src, k]
        word = MW[src, k]
        s = w * ws
        c = rc[s : s + ws]
        bits = np.uint64(0)
        if choice:
            t = rt[s : s + ws]
            e = re[s : s + ws]
            for i in range(ws):
                bits |= np.uint64(_choose(c[i], t[i], e[i]) & 1) << np.uint64(i)
        else:
            for i in range(ws):
                bits |= np.uint64(c[i] & 1) << np.uint64(i)
        yes = word & bits
        no_ = word & ~yes
        tw[k] = yes
        ow[k] = no_
        if yes and no_ and both >= 0:
            ML[both, nb] = w
        if yes and no_:
            nb += 1
        if yes:
            ML[taken, nt] = w
            MW[taken, nt] = yes
            nt += 1
            lt += _popcount(yes)
        if no_:
            ML[other, no] = w
            MW[other, no] = no_
            no += 1
            lo += _popcount(no_)
    MN[taken] = nt
    MLN[taken] = lt
    MN[other] = no
    MLN[other] = lo
    if both >= 0:
        MN[both] = nb
    return nb


@_engine()
def _copy_mask(masks: Any, src: int, dst: int) -> None:
    ML, MW, MN, MLN = masks
    n = MN[src]
    for k in range(n):
        ML[dst, k] = ML[src, k]
        MW[dst, k] = MW[src, k]
    MN[dst] = n
    MLN[dst] = MLN[src]


@_engine()
def _copies(
    pool: Any,
    offset: int,
    count: int,
    R: Any,
    masks: Any,
    slot: int,
    ws: int,
    full: Any,
) -> None:
    """The copies `pool[offset + 2j] <- pool[offset + 2j + 1]` in the lanes of
    `slot`, in order (the encoder makes parallel copies sequential)."""
    ML, MW, MN, _ = masks
    n = MN[slot]
    spare = _spare_row(R)
    for j in range(count):
        dst = pool[offset + 2 * j]
        src = pool[offset + 2 * j + 1]
        if dst != src:
            _merge_into(R[dst], R[src], ML[slot], MW[slot], n, ws, full, spare)


@_engine()
def _deeper(masks: Any, slot: int, DEPTH: Any, extra: int, counters: Any) -> None:
    ML, _, MN, _ = masks
    deepest = counters[MAX_DEPTH]
    for k in range(MN[slot]):
        w = ML[slot, k]
        DEPTH[w] += extra
        deepest = max(deepest, DEPTH[w])
    if extra > 0:
        counters[MAX_DEPTH] = deepest


# ---------------------------------------------------------------------------
# Accounting and the activity trace
# ---------------------------------------------------------------------------


@_engine()
def _coarsen(TL: Any, TI: Any, TWIDTH: Any) -> None:
    """Merges neighbouring bins; `TL`, `TI` are indexed [bin, row], and hold
    sums in their first `TWIDTH[2]` bins (the others are not zeroed yet)."""
    used = TWIDTH[2]
    merged = (used + 1) // 2
    for j in range(merged):
        if 2 * j + 1 < used:
            for r in range(TL.shape[1]):
                TL[j, r] = TL[2 * j, r] + TL[2 * j + 1, r]
                TI[j, r] = TI[2 * j, r] + TI[2 * j + 1, r]
        else:
            for r in range(TL.shape[1]):
                TL[j, r] = TL[2 * j, r]
                TI[j, r] = TI[2 * j, r]
    TWIDTH[2] = merged


@_engine()
def _coarsen_until(TL: Any, TI: Any, TWIDTH: Any, TW: Any, TB: Any, end: int) -> None:
    """Doubles the bin width (`TWIDTH[0]`, its log in `TWIDTH[1]`) until
    time `end` fits in the bins: the bins of earlier waves (`TL`, `TI`) and
    each warp's own bins (`TB`) merge in pairs; a pending bin becomes the
    bin it merges into (-1, none, stays -1), with the sum of the finished
    bin it merges with, and its end moves with it."""
    while end > TL.shape[0] * TWIDTH[0]:
        _coarsen(TL, TI, TWIDTH)
        TWIDTH[0] *= 2
        TWIDTH[1] += 1
        merged = 0
        for w in range(TW.shape[0]):
            merged = max(merged, TW[w, W_BIN] >> 1)
        # bin by bin, warps inner (the tiles run through memory); a warp's
        # finished bins (before its pending one) merge in pairs
        for j in range(merged):
            into = TB[j >> TILE_SHIFT]
            pair = TB[(2 * j) >> TILE_SHIFT]  # bins 2j and 2j + 1 share a tile
            k = j & TILE_MASK
            k0 = (2 * j) & TILE_MASK
            for w in range(TW.shape[0]):
                if j < TW[w, W_BIN] >> 1:
                    into[w, k] = pair[w, k0] + pair[w, k0 + 1]
        for w in range(TW.shape[0]):
            b = TW[w, W_BIN]
            if b < 0:
                continue
            if b & 1:
                TW[w, W_LANES] += TB[(b - 1) >> TILE_SHIFT, w, (b - 1) & TILE_MASK]
            b >>= 1
            TW[w, W_BIN] = b
            TW[w, W_BIN_END] = (b + 1) << TWIDTH[1]


@_engine()
def _flush_own_rows(trace: Any, last: int) -> None:
    """`_flush_trace` where every warp has a row to itself (so no other wave
    writes the wave's rows): stores the rows' bins whole, every bin a row
    of any wave reached so far, bin by bin in two branch-free loops over
    the warps that LLVM vectorizes; the rows of earlier waves get zeros in
    the bins this wave is the first to reach. Rows of later waves hold
    whatever the memory held until their wave's end."""
    TL, TI, TPOS, TWIDTH, TROW, TW, TB = trace
    width = TWIDTH[0]
    W = TW.shape[0]
    r0 = TROW[0]
    used = max(TWIDTH[2], last + 1)
    for j in range(TWIDTH[2], used):
        for r in range(r0):
            TL[j, r] = 0
            TI[j, r] = 0
    TWIDTH[2] = used
    top = TW[:, W_BIN]
    for b in range(used):
        start = b * width
        instructions = TI[b, r0 : r0 + W]
        for w in range(W):
            instructions[w] = min(max(TPOS[w] - start, 0), width)
        tile = TB[b >> TILE_SHIFT]
        j = b & TILE_MASK
        lanes = TL[b, r0 : r0 + W]
        for w in range(W):
            lanes[w] = tile[w, j] if top[w] >= b else 0


@_engine()
def _begin_trace(TW: Any) -> None:
    """Starts each warp's time axis of the wave (`_account`'s `TW`): at
    time 0, with no pending bin."""
    for w in range(TW.shape[0]):
        TW[w, W_POSITION] = 0
        TW[w, W_BIN_END] = 0
        TW[w, W_LANES] = 0
        TW[w, W_BIN] = -1


@_engine()
def _flush_trace(trace: Any, own: bool) -> None:
    """Ends the wave's time axes: adds each warp's bins into its row's
    (zeroing the bins no sum reached yet; with `own` rows, `_flush_own_rows`
    stores them) and leaves the positions in `TPOS` (see `_account`; `TW`
    and `TB` are the wave's own, so they are not reset). A warp's time axis
    counts its instructions, so its instructions in a bin are the part of
    the axis the bin covers, up to the warp's position."""
    TL, TI, TPOS, TWIDTH, TROW, TW, TB = trace
    width = TWIDTH[0]
    last = -1
    for w in range(TW.shape[0]):
        b = TW[w, W_BIN]
        if b >= 0:
            TB[b >> TILE_SHIFT, w, b & TILE_MASK] = TW[w, W_LANES]
            last = max(last, b)
        TPOS[w] = TW[w, W_POSITION]
    if own and TW.shape[0] > 0:
        _flush_own_rows(trace, last)
        return
    for j in range(TWIDTH[2], last + 1):
        for r in range(TL.shape[1]):
            TL[j, r] = 0
            TI[j, r] = 0
    TWIDTH[2] = max(TWIDTH[2], last + 1)
    # bin by bin, warps inner: both `TL[b]` and the tiles run through memory
    for b in range(last + 1):
        tile = TB[b >> TILE_SHIFT]
        j = b & TILE_MASK
        start = b * width
        lanes = TL[b]
        instructions = TI[b]
        for w in range(TW.shape[0]):
            if TW[w, W_BIN] >= b:
                row = TROW[w]
                lanes[row] += tile[w, j]
                instructions[row] += min(TPOS[w] - start, width)


@_engine(inline="always")
def _advance(
    TB: Any, w: int, TWIDTH: Any, tw: Any, lanes: int, instructions: int
) -> None:
    """Moves a warp (its trace state `tw`, a row of `TW`) on by a step of
    `instructions` that leaves its pending bin, the slow path of `_account`:
    spreads the step's lanes over the bins its instructions fall in, storing
    the sum of each bin it leaves into the warp's own bins (`TB[:, w]`). A
    warp's time goes through its bins in order, so each is stored once and
    none needs zeroing. The bins hold the step's end (`_account`
    coarsens them first)."""
    # the row's fields in locals: the bins are int64 arrays too, so LLVM
    # would reload them from `tw` after every store into a bin
    t = tw[W_POSITION]
    pending = tw[W_BIN]
    end = t + instructions
    shift = TWIDTH[1]
    bin_end = (pending + 1) << shift  # < end, after coarsening too
    if pending >= 0:  # the pending bin's rest, then it is done
        done = tw[W_LANES] + lanes * (bin_end - t)
        TB[pending >> TILE_SHIFT, w, pending & TILE_MASK] = done
        t = bin_end
    # from a bin's start: whole bins, then the one the step ends in
    last = (end - 1) >> shift
    whole = lanes << shift
    for b in range(t >> shift, last):
        TB[b >> TILE_SHIFT, w, b & TILE_MASK] = whole
    tw[W_POSITION] = end
    tw[W_BIN] = last
    tw[W_LANES] = lanes * (end - (last << shift))
    tw[W_BIN_END] = (last + 1) << shift


@_engine()
def _account(
    masks: Any,
    slot: int,
    instructions: int,
    cost: float,
    counters: Any,
    cycles: Any,
    trace: Any,
    params: Any,
    fault: Any,
) -> int:
    """`account` of the reference machine: counts `instructions` of total
    `cost` issued by the warps of `slot`, and adds them to the activity bins
    of each warp's own time axis (`activity.py`). Each warp keeps its
    position, its pending bin, where that bin ends, and its active lanes
    summed in it (`TW[w]`, adjacent for consecutive warps): a step inside
    the pending bin adds to the sum, one that leaves it goes through
    `_advance`, which stores the sums of the bins it leaves in the wave's
    own bins `TB`, and those go into `TL`/`TI` at the end of the wave
    (`_flush_trace`). `TB` is tiled, `[bin // TILE, warp, bin % TILE]`: a
    warp's bins of a tile share a cache line, next to the next warp's (in
    `TL`/`TI`, a warp's bins are a row's length apart: a step over several
    bins touched as many pages)."""
    if instructions == 0:
        return OK
    ML, MW, MN, MLN = masks
    n = MN[slot]
    counters[ISSUED] += instructions * n
    counters[LANE_OPS] += instructions * MLN[slot]
    cycles[0] += cost * n
    if counters[ISSUED] > params[P_STEP_LIMIT]:
        fault[0] = F_STEP_LIMIT
        fault[4] = counters[ISSUED]
        return F_STEP_LIMIT
    if params[P_TRACE] == TRACE_OFF:
        return OK
    TL, TI, _, TWIDTH, _, TW, TB = trace
    # a warp's row as a view, indexed unsigned (see `_access_1d`)
    warps = ML[slot]
    words = MW[slot]
    for k in range(n):
        w = warps[k]
        lanes = _popcount(words[k])
        tw = TW[np.uint64(w)]
        end = tw[W_POSITION] + instructions
        if end <= tw[W_BIN_END]:
            tw[W_POSITION] = end
            tw[W_LANES] += lanes * instructions
        else:
            if end > TL.shape[0] << TWIDTH[1]:
                _coarsen_until(TL, TI, TWIDTH, TW, TB, end)
            _advance(TB, w, TWIDTH, tw, lanes, instructions)
    return OK


@_engine(inline="always")
def _touch(order: Any, seq: Any, kind: int, index: int) -> None:
    """Records the first use of a counter (the reference creates its dict
    entries in that order)."""
    if order[index] < 0:
        order[index] = seq[kind]
        seq[kind] += 1


# ---------------------------------------------------------------------------
# Memory
# ---------------------------------------------------------------------------


@_engine()
def _locate_all(
    ins: Any,
    R: Any,
    mem_info: Any,
    mem_shape: Any,
    mem_stride: Any,
    L: Any,
    WD: Any,
    n: int,
    ws: int,
    where: Any,
) -> int:
    """The memory index of every active lane's access (index registers from
    field 4) into `where[slot]`. Returns -1, or the first active slot out of
    bounds in the lowest dimension that has one (the reference checks
    dimension by dimension), with that dimension in `where[-1]`."""
    mem = ins[2]
    base = mem_info[mem, M_BASE]
    rank = mem_info[mem, M_RANK]
    size = mem_info[mem, M_SIZE] if mem_info[mem, M_PRIVATE] else 0
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        while word:
            i = _lowest_bit(word)
            where[s + i] = base + (s + i) * size
            word &= word - _U1
    # dimension after dimension: a lane out of bounds in one dimension is
    # the first of the lowest such dimension if every lane was in bounds in
    # the ones before (slices and unsigned compares, as in `_access_1d`)
    for dim in range(rank):
        row = R[ins[4 + dim]]
        bound = np.uint64(mem_shape[mem, dim])
        stride = mem_stride[mem, dim]
        for k in range(n):
            s = L[k] * ws
            word = WD[k]
            x = row[s : s + ws]
            at = where[s : s + ws]
            while word:
                i = _lowest_bit(word)
                if np.uint64(x[i]) >= bound:
                    where[where.shape[0] - 1] = dim
                    return s + i
                at[i] += x[i] * stride
                word &= word - _U1
    return -1


@_engine()
def _access_1d(
    op: int,
    rd: Any,
    rv: Any,
    ri: Any,
    M: Any,
    base: int,
    extent: int,
    stride: int,
    L: Any,
    WD: Any,
    n: int,
    ws: int,
    fault: Any,
    ip: int,
) -> int:
    """A load into `rd` or a store of `rv` on a 1-D global array (the common
    case). A load loads as it checks the indices (it has no effect, so the
    lanes before a faulting one may load); a store checks every active
    lane's index first (as `_locate_all` does), then the lanes store in
    increasing slot order."""
    # a warp's lanes are slices and an element's index is unsigned: numba
    # wraps a signed index that may be negative, a compare and a select per
    # access (a load took 2.6x as long with them in a micro-benchmark)
    bound = np.uint64(extent)
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        index = ri[s : s + ws]
        d = rd[s : s + ws]
        while word:
            i = _lowest_bit(word)
            x = index[i]
            if np.uint64(x) >= bound:
                return _lane_fault(fault, ip, s + i, LANE_BOUNDS, x, 0)
            if op == LOAD:
                d[i] = M[np.uint64(base + x * stride)]
            word &= word - _U1
    if op == STORE:
        for k in range(n):
            s = L[k] * ws
            word = WD[k]
            index = ri[s : s + ws]
            v = rv[s : s + ws]
            while word:
                i = _lowest_bit(word)
                M[np.uint64(base + index[i] * stride)] = v[i]
                word &= word - _U1
    return OK


@_engine()
def _memory(
    op: int,
    ins: Any,
    R: Any,
    F: Any,
    d: int,
    mems: Any,
    L: Any,
    WD: Any,
    n: int,
    ws: int,
    fault: Any,
    ip: int,
) -> int:
    """`LOAD d mem - idx...`, `STORE - mem value idx...`, `ATOMIC_ADD d mem
    value idx...`, lane after lane in increasing slot order (so the last
    lane to store to an element wins, and each atomic sees the earlier
    lanes' adds)."""
    mem_info, mem_shape, mem_stride, M, where = mems
    mem = ins[2]
    if op != ATOMIC_ADD and mem_info[mem, M_RANK] == 1 and not mem_info[mem, M_PRIVATE]:
        return _access_1d(
            op,
            R[d],
            R[ins[3]],
            R[ins[4]],
            M,
            mem_info[mem, M_BASE],
            mem_shape[mem, 0],
            mem_stride[mem, 0],
            L,
            WD,
            n,
            ws,
            fault,
            ip,
        )
    bad = _locate_all(ins, R, mem_info, mem_shape, mem_stride, L, WD, n, ws, where)
    if bad >= 0:
        dim = where[where.shape[0] - 1]
        return _lane_fault(fault, ip, bad, LANE_BOUNDS, R[ins[4 + dim], bad], dim)
    MF = M.view(np.float64)
    rd = R[d]
    rv = R[ins[3]]
    fv = F[ins[3]]
    kind = mem_info[mem, M_KIND]
    h = mem_info[mem, M_H]
    m = mem_info[mem, M_M]
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        # slices and unsigned indices, as in `_access_1d`
        at = where[s : s + ws]
        out = rd[s : s + ws]
        v = rv[s : s + ws]
        if op == LOAD:
            while word:
                i = _lowest_bit(word)
                out[i] = M[np.uint64(at[i])]
                word &= word - _U1
        elif op == STORE:
            while word:
                i = _lowest_bit(word)
                M[np.uint64(at[i])] = v[i]
                word &= word - _U1
        else:
            fvl = fv[s : s + ws]
            while word:
                i = _lowest_bit(word)
                a = np.uint64(at[i])
                out[i] = M[a]
                if kind == K_INT:
                    M[a] = _wrap(np.int64(np.uint64(M[a]) + np.uint64(v[i])), h, m)
                elif kind == K_F32:
                    MF[a] = np.float32(MF[a]) + np.float32(fvl[i])
                else:
                    MF[a] = MF[a] + fvl[i]
                word &= word - _U1
    return OK


@_engine()
def _alloca(ins: Any, mems: Any, first: Any) -> None:
    """Zeroes a private array the first time it executes in its function
    invocation (`first` flags are reset per call)."""
    flag = ins[3]
    if first[flag]:
        return
    first[flag] = 1
    mem_info = mems[0]
    mem = ins[2]
    base = mem_info[mem, M_BASE]
    mems[3][base : base + mem_info[mem, M_LENGTH]] = 0


@_engine()
def _dim(
    ins: Any,
    rd: Any,
    R: Any,
    mems: Any,
    L: Any,
    WD: Any,
    n: int,
    ws: int,
    fault: Any,
    ip: int,
) -> int:
    """`DIM d mem index`: the extent, in every lane of the mask's warps; the
    index of the first active lane decides, as in the reference."""
    mem_info = mems[0]
    mem_shape = mems[1]
    mem = ins[2]
    first = L[0] * ws + _lowest_bit(WD[0])
    dim = R[ins[3], first]
    if dim < 0 or dim >= mem_info[mem, M_RANK]:
        return _lane_fault(fault, ip, first, LANE_DIM, dim, 0)
    value = mem_shape[mem, dim]
    for k in range(n):
        s = L[k] * ws
        rd[s : s + ws] = value
    return OK


# ---------------------------------------------------------------------------
# Collectives and guards
# ---------------------------------------------------------------------------


@_engine()
def _vote(op: int, ins: Any, rd: Any, R: Any, L: Any, WD: Any, n: int, ws: int) -> None:
    rp = R[ins[2]]
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        p = rp[s : s + ws]
        votes = np.uint64(0)
        for i in range(ws):
            votes |= np.uint64(p[i] & 1) << np.uint64(i)
        votes &= word
        if op == VOTE_ANY:
            value = np.int64(votes != 0)
        elif op == VOTE_ALL:
            value = np.int64(votes == word)
        else:
            value = _wrap(
                np.int64(votes & np.uint64(0xFFFFFFFF)), 1 << 31, (1 << 32) - 1
            )
        rd[s : s + ws] = value


@_engine()
def _barrier(
    masks: Any,
    slot: int,
    ALIVE: Any,
    warps_per_block: int,
    ws: int,
    fault: Any,
    ip: int,
) -> int:
    """Faults at the first live thread of a block that reaches the barrier
    which is not at it."""
    ML, MW, MN, _ = masks
    n = MN[slot]
    k = 0
    while k < n:
        block = ML[slot, k] // warps_per_block
        for w in range(block * warps_per_block, (block + 1) * warps_per_block):
            word = np.uint64(0)
            if k < n and ML[slot, k] == w:
                word = MW[slot, k]
                k += 1
            missing = ALIVE[w] & ~word
            if missing:
                slot_ = w * ws + _lowest_bit(missing)
                return _lane_fault(fault, ip, slot_, LANE_BARRIER, 0, 0)
    return OK


@_engine()
def _guard(
    op: int, ins: Any, rd: Any, R: Any, first: Any, L: Any, WD: Any, n: int, ws: int
) -> None:
    """`GUARD_CREATE g init flag`, `GUARD_SET g target`, `GUARD_SELECT g cond
    if_true if_false`, `GUARD_TEST d g block` (guards are int64 rows)."""
    if op == GUARD_TEST:
        rg = R[ins[2]]
        block = ins[3]
        for k in range(n):
            s = L[k] * ws
            d = rd[s : s + ws]
            g = rg[s : s + ws]
            for i in range(ws):
                d[i] = g[i] == block
        return
    rg = R[ins[2]]
    if op == GUARD_CREATE and not first[ins[4]]:
        first[ins[4]] = 1
        rg[:] = ins[3]
        return
    if op == GUARD_SELECT:
        rc = R[ins[3]]
        for k in range(n):
            s = L[k] * ws
            word = WD[k]
            g = rg[s : s + ws]
            c = rc[s : s + ws]
            for i in range(ws):
                g[i] = _blend(_choose(c[i], ins[4], ins[5]), g[i], word, i)
        return
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        g = rg[s : s + ws]
        for i in range(ws):
            g[i] = _blend(ins[3], g[i], word, i)


# ---------------------------------------------------------------------------
# Structured control flow (fields documented in `program.py`)
# ---------------------------------------------------------------------------


@_engine()
def _tracker_begin(
    masks: Any, slot: int, tracker: int, trackers: Any, DEPTH: Any
) -> None:
    ML, MW, MN, _ = masks
    ENT, BASE = trackers
    for k in range(MN[slot]):
        w = ML[slot, k]
        ENT[tracker, w] = _popcount(MW[slot, k])
        BASE[tracker, w] = DEPTH[w]


@_engine()
def _tracker_iteration(
    masks: Any,
    slot: int,
    tracker: int,
    trackers: Any,
    DEPTH: Any,
    counters: Any,
    loop_row: Any,
) -> None:
    """`_LoopTracker.iteration`: idle lanes, and +1 depth for warps whose
    lanes partly left."""
    ML, MW, MN, MLN = masks
    ENT, BASE = trackers
    idle = 0
    deepest = counters[MAX_DEPTH]
    for k in range(MN[slot]):
        w = ML[slot, k]
        count = _popcount(MW[slot, k])
        idle += ENT[tracker, w] - count
        if count < ENT[tracker, w]:
            DEPTH[w] = BASE[tracker, w] + 1
            deepest = max(deepest, DEPTH[w])
        else:
            DEPTH[w] = BASE[tracker, w]
    counters[MAX_DEPTH] = deepest
    loop_row[L_WARP_ITERATIONS] += MN[slot]
    loop_row[L_LANE_ITERATIONS] += MLN[slot]
    loop_row[L_IDLE] += idle


@_engine()
def _tracker_done(
    masks: Any, slot: int, tracker: int, trackers: Any, DEPTH: Any
) -> None:
    ML, _, MN, _ = masks
    BASE = trackers[1]
    for k in range(MN[slot]):
        w = ML[slot, k]
        DEPTH[w] = BASE[tracker, w]


@_engine()
def _if_results(
    ins: Any, pool: Any, R: Any, masks: Any, slot: int, ws: int, full: Any
) -> None:
    """`res = cond ? then_value : else_value` in the lanes of the if's mask.
    Results used only inside the if's block (`MERGED` clear) take every lane
    of the mask's warps: the other lanes never read them."""
    ML, MW, MN, _ = masks
    spare = _spare_row(R)
    rc = R[ins[1]]
    offset = ins[11]
    merged = ins[MERGED] != 0
    for j in range(ins[12]):
        rd = R[pool[offset + 3 * j]]
        rt = R[pool[offset + 3 * j + 1]]
        re = R[pool[offset + 3 * j + 2]]
        for k in range(MN[slot]):
            s = ML[slot, k] * ws
            word = MW[slot, k]
            c = rc[s : s + ws]
            t = rt[s : s + ws]
            e = re[s : s + ws]
            if word == full or not merged:
                d = rd[s : s + ws]
                for i in range(ws):
                    d[i] = _choose(c[i], t[i], e[i])
                continue
            for i in range(ws):
                spare[i] = _choose(c[i], t[i], e[i])
            _blend_row(rd[s : s + ws], spare, word, spare, ws)


@_engine()
def _step_check(
    ins: Any, R: Any, L: Any, WD: Any, n: int, ws: int, fault: Any, ip: int
) -> int:
    rstep = R[ins[3]]
    for k in range(n):
        s = L[k] * ws
        word = WD[k]
        step = rstep[s : s + ws]
        while word:
            i = _lowest_bit(word)
            if step[i] <= 0:
                return _lane_fault(fault, ip, s + i, LANE_STEP, step[i], 0)
            word &= word - _U1
    return OK


@_engine()
def _for_latch(
    R: Any,
    iv: int,
    step: int,
    ub: int,
    h: int,
    m: int,
    masks: Any,
    A: int,
    leave: int,
    ws: int,
) -> int:
    """The end of an `scf.for` iteration for the lanes of `A`: adds the step
    to the induction variable and splits `A` in place into the lanes that
    stay (`iv < ub`) and those that leave. Returns the number of warps
    split."""
    ML, MW, MN, MLN = masks
    rv = R[iv]
    rs = R[step]
    ru = R[ub]
    n = MN[A]
    kept = 0
    left = 0
    kept_lanes = 0
    left_lanes = 0
    nsplit = 0
    for k in range(n):
        w = ML[A, k]
        word = MW[A, k]
        s = w * ws
        v = rv[s : s + ws]
        st = rs[s : s + ws]
        u = ru[s : s + ws]
        bits = np.uint64(0)
        for i in range(ws):
            x = _wrap(np.int64(np.uint64(v[i]) + np.uint64(st[i])), h, m)
            v[i] = x
            bits |= np.uint64(x < u[i]) << np.uint64(i)
        stay = word & bits
        go = word & ~bits
        if stay and go:
            nsplit += 1
        if stay:
            ML[A, kept] = w
            MW[A, kept] = stay
            kept += 1
            kept_lanes += _popcount(stay)
        if go:
            ML[leave, left] = w
            MW[leave, left] = go
            left += 1
            left_lanes += _popcount(go)
    MN[A] = kept
    MLN[A] = kept_lanes
    MN[leave] = left
    MLN[leave] = left_lanes
    return nsplit


@_engine()
def _less_than(R: Any, tmp: int, a: int, b: int, L: Any, n: int, ws: int) -> None:
    rt = R[tmp]
    ra = R[a]
    rb = R[b]
    k = 0
    while k < n:
        s, e, k = _next_run(L, k, n, ws)
        t = rt[s:e]
        x = ra[s:e]
        y = rb[s:e]
        for i in range(e - s):
            t[i] = x[i] < y[i]


@_engine()
def _schedule(g: int, graphs: Any, gtab: Any) -> int:
    """The next block of graph `g` (`GraphRun._next_block`), or -1 when no
    warp is live; compacts the live list, and keeps each live warp's key
    (`G_KEY`, in the list's order) for `_select_step`. A warp's key is the
    earliest reverse post-order rank of a pc on its stack."""
    G_SP, G_PC, _, _, _, G_LIVE, G_NLIVE, _, _, _, G_KEY = graphs
    g_off, rank, barrier = gtab[0], gtab[1], gtab[4]
    base = g_off[g]
    n = 0
    minkey = _UNREACHABLE
    block = -1
    best = -1
    for j in range(G_NLIVE[g]):
        w = G_LIVE[g, j]
        sp = G_SP[g, w]
        if sp == 0:
            continue
        key = _UNREACHABLE
        for level in range(sp):
            pc = G_PC[g, w, level]
            if pc != EXIT and rank[base + pc] < key:
                key = rank[base + pc]
        G_LIVE[g, n] = w
        G_KEY[g, n] = key
        n += 1
        top = G_PC[g, w, sp - 1]
        if key < minkey:
            minkey = key
            best = -1
        if key == minkey and rank[base + top] > best:
            best = rank[base + top]
            block = top
    G_NLIVE[g] = n
    if n == 0:
        return -1
    if not barrier[base + block]:
        return block
    lowest = _UNREACHABLE
    for j in range(n):
        w = G_LIVE[g, j]
        top = G_PC[g, w, G_SP[g, w] - 1]
        if rank[base + top] < lowest:
            lowest = rank[base + top]
            block = top
    return block


@_engine()
def _select_step(
    g: int, block: int, graphs: Any, masks: Any, slot: int, DEPTH: Any
) -> int:
    """The step mask: the top entries of the live warps at `block`; sets their
    depth to the graph's base plus their stack height. Returns the smallest
    key of the live warps left out of the step (`_UNREACHABLE` when the
    step holds every live warp): their stacks stay as they are until the
    scheduler next runs."""
    G_SP, G_PC, _, G_LN, G_BASE, G_LIVE, G_NLIVE, _, _, _, G_KEY = graphs
    ML, MW, MN, MLN = masks
    n = 0
    lanes = 0
    waiting = _UNREACHABLE
    for j in range(G_NLIVE[g]):
        w = G_LIVE[g, j]
        sp = G_SP[g, w]
        if G_PC[g, w, sp - 1] == block:
            ML[slot, n] = w
            word = G_LN[g, w, sp - 1]
            MW[slot, n] = word
            lanes += _popcount(word)
            n += 1
            DEPTH[w] = G_BASE[g, w] - 1 + sp
        else:
            waiting = min(waiting, G_KEY[g, j])
    MN[slot] = n
    MLN[slot] = lanes
    return waiting


@_engine()
def _loop_bookkeeping(
    g: int,
    block: int,
    graphs: Any,
    gtab: Any,
    pool: Any,
    masks: Any,
    slot: int,
    loops: Any,
) -> None:
    G_INLOOP = graphs[7]
    g_off, gb_header, gb_closes, g_loop_off, gl_counter = (
        gtab[0],
        gtab[5],
        gtab[6],
        gtab[7],
        gtab[9],
    )
    ML, MW, MN, MLN = masks
    b = g_off[g] + block
    offset = gb_closes[b, 0]
    for j in range(gb_closes[b, 1]):
        loop = pool[offset + j]
        for k in range(MN[slot]):
            G_INLOOP[g, loop, ML[slot, k]] &= ~MW[slot, k]
    heading = gb_header[b]
    if heading < 0:
        return
    idle = 0
    for k in range(MN[slot]):
        inside = _popcount(G_INLOOP[g, heading, ML[slot, k]])
        idle += inside - _popcount(MW[slot, k])
    row = loops[gl_counter[g_loop_off[g] + heading]]
    row[L_WARP_ITERATIONS] += MN[slot]
    row[L_LANE_ITERATIONS] += MLN[slot]
    row[L_IDLE] += max(idle, 0)


@_engine()
def _bind(
    g: int,
    edge: int,
    pool: Any,
    graphs: Any,
    gtab: Any,
    R: Any,
    masks: Any,
    slot: int,
    ws: int,
    full: Any,
    loops: Any,
) -> None:
    """Passes block arguments along an edge (`pool[edge:]` = target, copy
    count, copies, entered-loop count, loops) and enters loops."""
    G_INLOOP = graphs[7]
    g_loop_off = gtab[7]
    gl_counter = gtab[9]
    ML, MW, MN, MLN = masks
    ncopies = pool[edge + 1]
    _copies(pool, edge + 2, ncopies, R, masks, slot, ws, full)
    offset = edge + 2 + 2 * ncopies
    for j in range(pool[offset]):
        loop = pool[offset + 1 + j]
        for k in range(MN[slot]):
            G_INLOOP[g, loop, ML[slot, k]] |= MW[slot, k]
        row = loops[gl_counter[g_loop_off[g] + loop]]
        row[L_ENTRIES] += MN[slot]
        row[L_LANE_ENTRIES] += MLN[slot]


@_engine()
def _branch(
    g: int,
    graphs: Any,
    masks: Any,
    S: int,
    reconverge: int,
    targets: Any,
    tw: Any,
    ow: Any,
    uniform: bool,
    counters: Any,
) -> tuple[int, int]:
    """`GraphRun.branch` for the warps of step `S`: a warp whose lanes all go
    one way moves its top entry there; a split one makes its top entry the
    reconvergence entry (or pops it, if it already reconverges there) and
    pushes one entry per way, the first way on top (`_diverge`). `tw`/`ow`
    are each warp's lanes per way; with `uniform` (a single target) every
    warp goes to the first, and they are not read. Then each
    warp pops the entries that reached their reconvergence point
    (`_pop_warp`; warp by warp, while its stack is at hand). Returns the
    number of split warps (-1 if a stack outgrew its capacity) and of
    entries popped."""
    G_SP, G_PC, G_RPC, G_LN, G_BASE = (
        graphs[0],
        graphs[1],
        graphs[2],
        graphs[3],
        graphs[4],
    )
    check_empty = graphs[8][g] != 0
    ML, _, MN, _ = masks
    capacity = G_PC.shape[2]
    deepest = counters[MAX_DEPTH]
    nsplit = 0
    popped = 0
    for k in range(MN[S]):
        w = ML[S, k]
        top = G_SP[g, w] - 1
        if uniform or not ow[k]:
            G_PC[g, w, top] = targets[0]
        elif not tw[k]:
            G_PC[g, w, top] = targets[1]
        else:
            nsplit += 1
            if G_RPC[g, w, top] == reconverge:
                top -= 1
            else:
                G_PC[g, w, top] = reconverge
            level = top + 1
            for j in range(1, -1, -1):
                if targets[j] == reconverge:
                    continue
                if level >= capacity:
                    return -1, popped
                G_PC[g, w, level] = targets[j]
                G_RPC[g, w, level] = reconverge
                G_LN[g, w, level] = ow[k] if j == 1 else tw[k]
                level += 1
            G_SP[g, w] = level
            deepest = max(deepest, G_BASE[g, w] - 1 + level)
        popped += _pop_warp(graphs, g, w, check_empty)
    counters[MAX_DEPTH] = deepest
    return nsplit, popped


@_engine(inline="always")
def _pop_warp(graphs: Any, g: int, w: int, check_empty: bool) -> int:
    """Pops the entries of warp `w` that reached their reconvergence point
    (or, after a return, have no lanes left). Returns how many it popped."""
    G_SP, G_PC, G_RPC, G_LN = graphs[0], graphs[1], graphs[2], graphs[3]
    popped = 0
    while G_SP[g, w] > 0:
        top = G_SP[g, w] - 1
        if G_PC[g, w, top] == G_RPC[g, w, top] or (
            check_empty and G_LN[g, w, top] == 0
        ):
            G_SP[g, w] = top
            popped += 1
        else:
            break
    return popped


@_engine()
def _pop_finished(graphs: Any, g: int, masks: Any, slot: int) -> int:
    """`_pop_warp` for every warp of the step."""
    ML, _, MN, _ = masks
    check_empty = graphs[8][g] != 0
    popped = 0
    for k in range(MN[slot]):
        popped += _pop_warp(graphs, g, ML[slot, k], check_empty)
    return popped


@_engine()
def _graph_begin(
    g: int, graphs: Any, gtab: Any, masks: Any, slot: int, DEPTH: Any, counters: Any
) -> None:
    G_SP, G_PC, G_RPC, G_LN, G_BASE, G_LIVE, G_NLIVE, G_INLOOP, G_RET = graphs[:9]
    g_loops = gtab[8]
    ML, MW, MN, _ = masks
    deepest = counters[MAX_DEPTH]
    for k in range(MN[slot]):
        w = ML[slot, k]
        G_SP[g, w] = 1
        G_PC[g, w, 0] = 0
        G_RPC[g, w, 0] = NEVER
        G_LN[g, w, 0] = MW[slot, k]
        G_BASE[g, w] = DEPTH[w]
        deepest = max(deepest, DEPTH[w])
        G_LIVE[g, k] = w
        for loop in range(g_loops[g]):
            G_INLOOP[g, loop, w] = np.uint64(0)
    counters[MAX_DEPTH] = deepest
    G_NLIVE[g] = MN[slot]
    G_RET[g] = 0


@_engine()
def _finish(g: int, ins: Any, graphs: Any, masks: Any, slot: int, ALIVE: Any) -> None:
    """`func.return` in a graph: the lanes leave every entry of their warp."""
    G_SP, G_LN, G_RET = graphs[0], graphs[3], graphs[8]
    ML, MW, MN, _ = masks
    for k in range(MN[slot]):
        w = ML[slot, k]
        word = MW[slot, k]
        for level in range(G_SP[g, w]):
            G_LN[g, w, level] &= ~word
        if ins[6]:
            ALIVE[w] &= ~word
    G_RET[g] = 1


# ---------------------------------------------------------------------------
# The start of a wave
# ---------------------------------------------------------------------------

# Launch constants: rows of `Program.launch_table()` (register, kind,
# dimension, h, m); the value is wrapped to the result's width like a numpy
# cast to its dtype.
LC_THREAD_ID = 0
LC_BLOCK_ID = 1
LC_BLOCK_DIM = 2
LC_GRID_DIM = 3
LC_LANE_ID = 4
LC_WARP_SIZE = 5

# `geometry` layout (per wave)
W_BLOCK = 0
"""Three entries: the block shape."""
W_GRID = 3
"""Three entries: the grid shape."""
W_WS = 6
W_FIRST_BLOCK = 7
W_BLOCKS = 8
W_WARPS_PER_BLOCK = 9
W_THREADS_PER_BLOCK = 10
NGEOMETRY = 11


@_engine(error_model="numpy")
def setup_wave(
    R: Any,
    table: Any,
    masks: Any,
    DEPTH: Any,
    ALIVE: Any,
    first: Any,
    counters: Any,
    geometry: Any,
) -> None:
    """The launch constants of a wave (`launch.py`'s slot layout, padding
    slots included) and its initial masks: every lane (`SLOT_ALL`), the real
    lanes (`SLOT_REAL`; a block's last warp may be partial)."""
    ws = geometry[W_WS]
    first_block = geometry[W_FIRST_BLOCK]
    blocks = geometry[W_BLOCKS]
    wpb = geometry[W_WARPS_PER_BLOCK]
    tpb = geometry[W_THREADS_PER_BLOCK]
    per_block = wpb * ws
    slots = blocks * per_block
    W = blocks * wpb
    for row in range(table.shape[0]):
        r = R[table[row, 0]]
        kind = table[row, 1]
        dim = table[row, 2]
        h = table[row, 3]
        m = table[row, 4]
        if kind == LC_THREAD_ID:
            # the first block's slots (padding lanes counted on), copied
            sx = geometry[W_BLOCK]
            sy = geometry[W_BLOCK + 1]
            x = y = z = 0
            for s in range(per_block):
                r[s] = _wrap(x if dim == 0 else y if dim == 1 else z, h, m)
                x += 1
                if x == sx:
                    x = 0
                    y += 1
                    if y == sy:
                        y = 0
                        z += 1
            for s in range(per_block, slots):
                r[s] = r[s - per_block]
        elif kind == LC_BLOCK_ID:
            sx = geometry[W_GRID]
            sy = geometry[W_GRID + 1]
            for b in range(blocks):
                linear = first_block + b
                if dim == 0:
                    v = linear % sx
                elif dim == 1:
                    v = (linear // sx) % sy
                else:
                    v = linear // (sx * sy)
                v = _wrap(v, h, m)
                for s in range(b * per_block, (b + 1) * per_block):
                    r[s] = v
        elif kind == LC_LANE_ID:
            for w in range(slots // ws):
                for i in range(ws):
                    r[w * ws + i] = _wrap(i, h, m)
        else:
            if kind == LC_BLOCK_DIM:
                v = geometry[W_BLOCK + dim]
            elif kind == LC_GRID_DIM:
                v = geometry[W_GRID + dim]
            else:
                v = ws
            v = _wrap(v, h, m)
            for s in range(slots):
                r[s] = v
    ML, MW, MN, MLN = masks
    full = np.uint64(0xFFFFFFFFFFFFFFFF) >> np.uint64(64 - ws)
    last = np.uint64(0xFFFFFFFFFFFFFFFF) >> np.uint64(64 - (tpb - (wpb - 1) * ws))
    for w in range(W):
        word = last if w % wpb == wpb - 1 else full
        ML[SLOT_ALL, w] = w
        MW[SLOT_ALL, w] = full
        ML[SLOT_REAL, w] = w
        MW[SLOT_REAL, w] = word
        DEPTH[w] = 1
        ALIVE[w] = word
    MN[SLOT_ALL] = W
    MLN[SLOT_ALL] = W * ws
    MN[SLOT_REAL] = W
    MLN[SLOT_REAL] = blocks * tpb
    first[:] = 0
    if W > 0:
        counters[MAX_DEPTH] = max(counters[MAX_DEPTH], 1)


# ---------------------------------------------------------------------------
# The interpreter
# ---------------------------------------------------------------------------


@_engine(cache=True, nogil=True)
def run(
    program: Any,
    state: Any,
    stats: Any,
    mems: Any,
    params: Any,
    table: Any,
    geometry: Any,
) -> int:
    """Sets up a wave (`setup_wave`, with the launch constants of `table`),
    then runs the prologue and the kernel for it. Returns `OK` or a fault
    code (details in `state`'s fault arrays)."""
    R, masks, DEPTH, ALIVE, _, _, first, _, _, _, _ = state
    setup_wave(R, table, masks, DEPTH, ALIVE, first, stats[0], geometry)
    if params[P_TRACE] != TRACE_OFF:
        _begin_trace(stats[8][5])
    status = _run(program, state, stats, mems, params)
    if params[P_TRACE] != TRACE_OFF:
        _flush_trace(stats[8], params[P_TRACE] == TRACE_OWN_ROWS)
    return status


@_engine(error_model="numpy", nogil=True)
def _run(program: Any, state: Any, stats: Any, mems: Any, params: Any) -> int:
    code, pool, fconst, block_instructions, block_cost, unit_ptr, unit_items, gtab = (
        program
    )
    R, masks, DEPTH, ALIVE, trackers, graphs, first, fault, faultf, words, full = state
    counters, cycles, branches, loops, blocks, orders, seq, unit_done, trace = stats
    ML, MW, MN, MLN = masks
    tw, ow = words
    F = R.view(np.float64)
    spare = _spare_row(R)
    ws = params[P_WS]
    tmp = params[P_TMP]
    warps_per_block = params[P_WARPS_PER_BLOCK]
    ip = params[P_PROLOGUE]
    cur = SLOT_ALL
    prologue = True
    L = ML[cur]
    WD = MW[cur]
    n = MN[cur]
    targets = params[P_TARGETS : P_TARGETS + 2]
    while True:
        ins = code[ip]
        op = ins[0]
        if op < CHECKED:
            # a lane-wise op merges its result unless every lane of the
            # step's warps is active (then the merge would copy every lane)
            if ins[MERGED] and MLN[cur] != n * ws:
                _pure(op, ins, R, F, tmp, L, n, ws)
                _merge_into(R[ins[1]], R[tmp], L, WD, n, ws, full, spare)
            else:
                _pure(op, ins, R, F, ins[1], L, n, ws)
            ip += 1
            continue
        if op < CONTROL:
            d = tmp if ins[MERGED] else ins[1]
            status = OK
            if op <= SHRS:
                status = _shift(op, ins, R[d], R, L, WD, n, ws, fault, ip)
            elif op <= CEILDIVU:
                status = _divide(op, ins, R[d], R, L, WD, n, ws, fault, ip)
            elif op <= FPTOUI:
                status = _float_to_int(
                    op, ins, R[d], F, fconst, L, WD, n, ws, fault, faultf, ip
                )
            elif op <= ATOMIC_ADD:
                status = _memory(op, ins, R, F, d, mems, L, WD, n, ws, fault, ip)
            elif op == ALLOCA:
                _alloca(ins, mems, first)
            elif op == DIM:
                status = _dim(ins, R[d], R, mems, L, WD, n, ws, fault, ip)
            elif op <= BALLOT:
                _vote(op, ins, R[d], R, L, WD, n, ws)
            elif op == BARRIER:
                status = _barrier(masks, cur, ALIVE, warps_per_block, ws, fault, ip)
            else:
                _guard(op, ins, R[d], R, first, L, WD, n, ws)
            if status != OK:
                return status
            if ins[MERGED]:
                _merge_into(R[ins[1]], R[tmp], L, WD, n, ws, full, spare)
            ip += 1
            continue
        status = OK
        if op == BLOCK:
            b = ins[1]
            status = _account(
                masks,
                cur,
                block_instructions[b],
                block_cost[b],
                counters,
                cycles,
                trace,
                params,
                fault,
            )
            blocks[b] += n
            _touch(orders[2], seq, SEQ_BLOCK, b)
            ip += 1
        elif op == UNIT:
            u = ins[1]
            if not unit_done[u]:
                unit_done[u] = 1
                for j in range(unit_ptr[u], unit_ptr[u + 1]):
                    _touch(orders[0], seq, SEQ_BRANCH, unit_items[j])
            ip += 1
        elif op == IF_BEGIN:
            # cond P T O SPLIT then_push has_else counter else_ip end_ip results
            nsplit = _split(
                masks, ins[2], R[ins[1]], ws, ins[3], ins[4], ins[5], tw, ow
            )
            branches[ins[8], 0] += MN[ins[2]]
            branches[ins[8], 1] += nsplit
            if MN[ins[3]] > 0:
                _deeper(masks, ins[5], DEPTH, ins[6], counters)
                cur = ins[3]
                ip += 1
            else:
                ip = ins[9]
        elif op == IF_ELSE:
            head = code[ins[1]]
            if MN[head[3]] > 0:
                _deeper(masks, head[5], DEPTH, -head[6], counters)
            if head[7] and MN[head[4]] > 0:
                _deeper(masks, head[5], DEPTH, 1, counters)
                cur = head[4]
                ip += 1
            else:
                ip = head[10]
        elif op == IF_END:
            head = code[ins[1]]
            if head[7] and MN[head[4]] > 0:
                _deeper(masks, head[5], DEPTH, -1, counters)
            cur = head[2]
            _if_results(head, pool, R, masks, cur, ws, full)
            ip += 1
        elif op == FOR_BEGIN:
            # lb ub step iv P A LEAVE branch loop tracker copies end h m
            P = ins[5]
            status = _step_check(ins, R, ML[P], MW[P], MN[P], ws, fault, ip)
            if status != OK:
                return status
            offset = pool[ins[11]]
            ncarried = pool[ins[11] + 1]
            _merge_into(R[ins[4]], R[ins[1]], ML[P], MW[P], MN[P], ws, full, spare)
            _copies(pool, offset, ncarried, R, masks, P, ws, full)
            _less_than(R, tmp, ins[4], ins[2], ML[P], MN[P], ws)
            nsplit = _split(masks, P, R[tmp], ws, ins[6], ins[7], -1, tw, ow)
            _touch(orders[0], seq, SEQ_BRANCH, ins[8])
            branches[ins[8], 0] += MN[P]
            branches[ins[8], 1] += nsplit
            results = pool[ins[11] + 2]
            _copies(pool, results, ncarried, R, masks, ins[7], ws, full)
            _tracker_begin(masks, P, ins[10], trackers, DEPTH)
            _touch(orders[1], seq, SEQ_LOOP, ins[9])
            loops[ins[9], L_ENTRIES] += MN[P]
            loops[ins[9], L_LANE_ENTRIES] += MLN[P]
            ip = ip + 1 if MN[ins[6]] > 0 else ins[12]
        elif op == FOR_ITER:
            head = code[ins[1]]
            cur = head[6]
            _tracker_iteration(
                masks, cur, head[10], trackers, DEPTH, counters, loops[head[9]]
            )
            ip += 1
        elif op == FOR_LATCH:
            head = code[ins[1]]
            A = head[6]
            status = _account(
                masks,
                A,
                1,
                block_cost[params[P_CHECK_COST]],
                counters,
                cycles,
                trace,
                params,
                fault,
            )
            if status != OK:
                return status
            before = MN[A]
            nsplit = _for_latch(
                R, head[4], head[3], head[2], head[13], head[14], masks, A, head[7], ws
            )
            branches[head[8], 0] += before
            branches[head[8], 1] += nsplit
            yields = pool[head[11] + 3]
            ncarried = pool[head[11] + 1]
            _copies(pool, yields, ncarried, R, masks, head[7], ws, full)
            latch = pool[head[11] + 4]
            _copies(pool, latch + 1, pool[latch], R, masks, A, ws, full)
            ip = ins[2] if MN[A] > 0 else ip + 1
        elif op == FOR_END:
            head = code[ins[1]]
            _tracker_done(masks, head[5], head[10], trackers, DEPTH)
            cur = head[5]
            ip += 1
        elif op == WHILE_BEGIN:
            # P A LEAVE branch loop tracker inits end cond passed->results passed->after yields
            P = ins[1]
            _copies(pool, ins[7] + 1, pool[ins[7]], R, masks, P, ws, full)
            _copy_mask(masks, P, ins[2])
            _tracker_begin(masks, P, ins[6], trackers, DEPTH)
            _touch(orders[1], seq, SEQ_LOOP, ins[5])
            loops[ins[5], L_ENTRIES] += MN[P]
            loops[ins[5], L_LANE_ENTRIES] += MLN[P]
            ip += 1
        elif op == WHILE_ITER:
            head = code[ins[1]]
            cur = head[2]
            _tracker_iteration(
                masks, cur, head[6], trackers, DEPTH, counters, loops[head[5]]
            )
            ip += 1
        elif op == WHILE_COND:
            head = code[ins[1]]
            A = head[2]
            before = MN[A]
            if ins[2]:
                # the condition is an if's result the if left unwritten
                rc, rt, re = R[ins[3]], R[ins[4]], R[ins[5]]
                nsplit = _split_choice(masks, A, rc, rt, re, ws, A, head[3], tw, ow)
            else:
                nsplit = _split(masks, A, R[head[9]], ws, A, head[3], -1, tw, ow)
            _touch(orders[0], seq, SEQ_BRANCH, head[4])
            branches[head[4], 0] += before
            branches[head[4], 1] += nsplit
            _copies(pool, head[10] + 1, pool[head[10]], R, masks, head[3], ws, full)
            if MN[A] == 0:
                ip = head[8]
            else:
                _copies(pool, head[11] + 1, pool[head[11]], R, masks, A, ws, full)
                cur = A
                ip += 1
        elif op == WHILE_LATCH:
            head = code[ins[1]]
            _copies(pool, head[12] + 1, pool[head[12]], R, masks, head[2], ws, full)
            ip = ins[2]
        elif op == WHILE_END:
            head = code[ins[1]]
            _tracker_done(masks, head[1], head[6], trackers, DEPTH)
            cur = head[1]
            ip += 1
        elif op == GUARD_BEGIN:
            # guard block P C O SPLIT counter end results
            rg = R[ins[1]]
            rt = R[tmp]
            for k in range(MN[ins[3]]):
                s = ML[ins[3], k] * ws
                t = rt[s : s + ws]
                g = rg[s : s + ws]
                for i in range(ws):
                    t[i] = g[i] == ins[2]
            nsplit = _split(masks, ins[3], rt, ws, ins[4], ins[5], ins[6], tw, ow)
            branches[ins[7], 0] += MN[ins[3]]
            branches[ins[7], 1] += nsplit
            if MN[ins[4]] == 0:
                ip = ins[8] + 1
            else:
                _deeper(masks, ins[6], DEPTH, 1, counters)
                cur = ins[4]
                ip += 1
        elif op == GUARD_END:
            head = code[ins[1]]
            _deeper(masks, head[6], DEPTH, -1, counters)
            _copies(pool, head[9] + 1, pool[head[9]], R, masks, head[4], ws, full)
            cur = head[3]
            ip += 1
        elif op == GRAPH_BEGIN:
            # g P S T O kernel end
            g = ins[1]
            _graph_begin(g, graphs, gtab, masks, ins[2], DEPTH, counters)
            for loop in range(gtab[8][g]):
                _touch(orders[1], seq, SEQ_LOOP, gtab[9][gtab[7][g] + loop])
            ip += 1
        elif op == GRAPH_SCHED:
            head = code[ins[1]]
            g = head[1]
            block = _schedule(g, graphs, gtab)
            if block < 0:
                ip = head[7]
            else:
                graphs[9][g, 0] = block
                S = head[3]
                graphs[9][g, 1] = _select_step(g, block, graphs, masks, S, DEPTH)
                _loop_bookkeeping(g, block, graphs, gtab, pool, masks, S, loops)
                cur = S
                ip = gtab[2][gtab[0][g] + block]
        elif op == GRAPH_END:
            head = code[ins[1]]
            g = head[1]
            cur = head[2]
            for k in range(MN[cur]):
                w = ML[cur, k]
                DEPTH[w] = graphs[4][g, w]
            ip += 1
        elif op in (BR, COND_BR):
            head = code[ins[1]]
            g = head[1]
            S = head[3]
            block = graphs[9][g, 0]
            reconverge = gtab[3][gtab[0][g] + block]
            targets[0] = pool[ins[2]]
            if op == BR:
                _bind(g, ins[2], pool, graphs, gtab, R, masks, S, ws, full, loops)
                uniform = True
            else:
                T = head[4]
                E = head[5]
                _split(masks, S, R[ins[4]], ws, T, E, -1, tw, ow)
                if MN[T] > 0:
                    _bind(g, ins[2], pool, graphs, gtab, R, masks, T, ws, full, loops)
                if MN[E] > 0:
                    _bind(g, ins[3], pool, graphs, gtab, R, masks, E, ws, full, loops)
                targets[1] = pool[ins[3]]
                uniform = targets[0] == targets[1]
            nsplit, popped = _branch(
                g, graphs, masks, S, reconverge, targets, tw, ow, uniform, counters
            )
            if nsplit < 0:
                fault[0] = F_STACK
                return F_STACK
            if op == COND_BR:
                _touch(orders[0], seq, SEQ_BRANCH, ins[5])
                branches[ins[5], 0] += MN[S]
                branches[ins[5], 1] += nsplit
            ip = ins[1] + 1  # the scheduler
            # every warp of the step took the same edge and no stack changed
            # but its top pc; the warps left out of the step have not moved.
            # When their smallest key is above the target's rank (or none is
            # left out), the step's warps hold the smallest keys, and the
            # lowest-ranked tops, all at the target: the scheduler would
            # choose it (a barrier block too) with these very warps and
            # lanes (their top entries), so the step goes on without it
            first_way = uniform or MN[head[5]] == 0
            block = targets[0] if first_way else targets[1]
            if (
                popped == 0
                and (first_way or MN[head[4]] == 0)
                and gtab[1][gtab[0][g] + block] < graphs[9][g, 1]
            ):
                graphs[9][g, 0] = block
                _loop_bookkeeping(g, block, graphs, gtab, pool, masks, S, loops)
                cur = S
                ip = gtab[2][gtab[0][g] + block]
        elif op == RETURN:
            head = code[ins[1]]
            g = head[1]
            S = head[3]
            _copies(pool, ins[2] + 1, pool[ins[2]], R, masks, S, ws, full)
            _finish(g, head, graphs, masks, S, ALIVE)
            _pop_finished(graphs, g, masks, S)
            ip = ins[1] + 1
        elif op == COPIES:
            _copies(pool, ins[1] + 1, pool[ins[1]], R, masks, cur, ws, full)
            if ins[2] >= 0:
                for j in range(pool[ins[2]]):
                    first[pool[ins[2] + 1 + j]] = 0
            ip += 1
        elif op == HALT:
            if prologue:
                prologue = False
                ip = params[P_ENTRY]
                cur = SLOT_REAL
            else:
                return OK
        else:
            return -op
        if status != OK:
            return status
        L = ML[cur]
        WD = MW[cur]
        n = MN[cur]
