"""The host shim: what the NVPTX intrinsics and libdevice calls become on the CPU.

`simt.lowering.host` retargets the LLVM IR of the NVPTX path to the host; the
calls it cannot leave as they are go to the functions defined here, in LLVM
IR text that is linked into every host module before it is optimized (so the
small ones inline). Each GPU thread has a *thread record*: `RECORD_FIELDS`
64-bit fields (`Field`) that the launcher fills and the shim reads; the global
`@__simt_thread` points at the record of the thread that runs.

| on the GPU (NVPTX) | on the host (this shim) |
|---|---|
| `llvm.nvvm.read.ptx.sreg.{tid,ntid,ctaid,nctaid}.{x,y,z}`, `.laneid`, `.warpsize` | a load of the field of the thread record |
| `llvm.nvvm.activemask`, `vote.{any,all,uni,ballot}.sync`, `shfl.sync.{idx,up,down,bfly}.{i32,f32}`, `match.{any,all}.sync.*`, `bar.warp.sync` | a *collective*: the thread writes `Event` and operands into its record and yields to the launcher, which computes the result over the lanes that reached it together (`simt.runtime.lockstep`, with the simulator's semantics and member-mask checks) and resumes the thread |
| `llvm.nvvm.barrier.cta.sync.aligned.all`, `barrier0.{popc,and,or}` | a collective over the thread block (`Event.BARRIER`, `BARRIER_POPC`, ...: the launcher reduces the predicates when the barrier releases) |
| `llvm.nvvm.read.ptx.sreg.lanemask.lt` | `(1 << lane) - 1` from the thread record |
| `llvm.nvvm.membar.{cta,gl,sys}` | nothing (`NO_OPS`: threads run one at a time) |
| `__nv_expf`, `__nv_hypot`, ... (libdevice) | the C library's function (`LIBDEVICE`: `expf`, `hypot`, ...; float versions of the functions the simulator computes in double call the double function and round once; `rsqrt`, `rcbrt`, `exp10`, `sinpi`, `cospi`, `fdim`, `powi` are LLVM IR here) |
| `atomicrmw` (`uinc_wrap`/`udec_wrap` for inc/dec), `cmpxchg`, numba's float max/min CAS loops | left as they are: the host's atomics |
| `addrspace(1)` (global), `addrspace(3)` (shared), `addrspace(4)` (constant), `addrspace(5)` (local) | left as they are: x86-64 and AArch64 treat them as the flat address space, so `addrspacecast` is a no-op |
| `ptx_kernel` calling convention | the C calling convention, called through an entry wrapper `__simt_entry_<kernel>(ptr args)` that loads each parameter from an 8-byte slot |

A new collective slots in as a row of `COLLECTIVES` (its NVVM name, operand
and result types and `Event` code) and a handler in `simt.runtime.host`; a new
special register as a row of `SPECIAL_REGISTERS`.

Threads that may reach a collective run as fibers, one stack per thread of the
block: `__simt_yield` switches back to the launcher and `__simt_resume`
switches into a list of threads, one after the other. On x86-64 the switch is
a dozen instructions of assembly (`__simt_switch`: callee-saved registers,
MXCSR and x87 control word, stack pointer; about 0.2 us a round trip); on
other CPUs glibc's `swapcontext` (a system call each way, about 1.4 us).
Kernels without collectives run on `__simt_run_direct`, a plain loop over
the threads of a range of blocks.

In lockstep mode (kernels with warp collectives) the instrumented code calls
`__simt_step(function, block)` at each block entry and `__simt_return()`
before each return: both append a record to the thread's *trace*
(`step_record`, `RETURN_RECORD`), and yield only when it is full; the
launcher replays the traces on the reconvergence stack to find the lanes that
reach each collective together.

Checks (`simt.lowering.host` inserts them unless asked not to): a division or
remainder by zero or `INT_MIN / -1`, a shift by at least the bit width and a
memory access outside every argument array, shared or constant variable and
private array record a *fault* (`@__simt_fault`: kind, site, thread) instead of
trapping or corrupting memory; the faulting access reads and writes a scratch
word and the launch stops after the faulting thread.
"""

from __future__ import annotations

import platform
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType


class Field(IntEnum):
    """The 64-bit fields of a thread record, by index."""

    EVENT = 0
    ARG0 = 1
    ARG1 = 2
    ARG2 = 3
    ARG3 = 4
    RESULT = 5
    MASK = 6
    TID_X = 7
    TID_Y = 8
    TID_Z = 9
    NTID_X = 10
    NTID_Y = 11
    NTID_Z = 12
    CTAID_X = 13
    CTAID_Y = 14
    CTAID_Z = 15
    NCTAID_X = 16
    NCTAID_Y = 17
    NCTAID_Z = 18
    LANE = 19
    WARP_SIZE = 20
    ENTRY = 21
    ARGS = 22
    CONTEXT = 23
    THREAD = 24
    """The thread's linear index in the launch (for fault reports)."""
    TRACE = 25
    """Lockstep mode: the thread's buffer of block records (`Event.STEP`)."""
    TRACE_LEN = 26
    TRACE_CAP = 27
    HANDLE = 28
    """Coroutine mode: the kernel's coroutine handle (0 before it started)."""
    FRAME = 29
    FRAME_CAP = 30
    """Coroutine mode: the thread's frame slot and its bytes."""
    FRAME_HEAP = 31
    """Coroutine mode: a frame larger than its slot, from `malloc` (freed by the
    launcher)."""
    SHARED = 32
    """The shared memory of the thread's block (every shared variable of the
    module, then the dynamic shared array: `simt.lowering.host.SharedLayout`)."""
    SHARED_BYTES = 33
    """Bytes of that memory (the direct loop zeroes them before each block)."""
    DYNAMIC_SHARED = 34
    """Bytes of the launch's dynamic shared array (`%dynamic_smem_size`)."""


RECORD_FIELDS = 40
"""Fields per thread record (320 bytes; the tail is reserved)."""


class Event(IntEnum):
    """Why a fiber yielded to the launcher (the `EVENT` field)."""

    RUNNING = 0
    EXIT = 1
    STEP = 2
    """Unused as an event: block entries are trace records (`step_record`)."""
    RETURN = 3
    """Unused as an event: returns are trace records (`RETURN_RECORD`)."""
    BARRIER = 4
    VOTE_ANY = 5
    VOTE_ALL = 6
    BALLOT = 7
    TRACE_FULL = 8
    """Lockstep mode: the block trace is full; the launcher empties it."""
    ACTIVE_MASK = 9
    VOTE_UNI = 10
    SHUFFLE_IDX = 11
    SHUFFLE_UP = 12
    SHUFFLE_DOWN = 13
    SHUFFLE_BFLY = 14
    MATCH_ANY = 15
    MATCH_ALL = 16
    """Its result word: the mask in the low 32 bits, the predicate in bit 32."""
    SYNC_WARP = 17
    BARRIER_POPC = 18
    BARRIER_AND = 19
    BARRIER_OR = 20
    """Block barriers that also reduce a predicate over the block."""


class FaultKind(IntEnum):
    """What a failed check found (`@__simt_fault` word 0)."""

    NONE = 0
    DIVISION = 1
    SHIFT = 2
    MEMORY = 3
    STEPS = 4


FAULT_WORDS = 4
"""`@__simt_fault`: kind, site, thread, address."""

CONTEXT_BYTES = 8192
"""Bytes reserved per `ucontext_t` (glibc: 968 on x86-64, 4560 on AArch64)."""


SPECIAL_REGISTERS: Mapping[str, Field] = MappingProxyType(
    {
        **{
            f"llvm.nvvm.read.ptx.sreg.{register}.{dim}": Field[f"{field}_{dim.upper()}"]
            for register, field in (
                ("tid", "TID"),
                ("ntid", "NTID"),
                ("ctaid", "CTAID"),
                ("nctaid", "NCTAID"),
            )
            for dim in "xyz"
        },
        "llvm.nvvm.read.ptx.sreg.laneid": Field.LANE,
        "llvm.nvvm.read.ptx.sreg.warpsize": Field.WARP_SIZE,
        "llvm.nvvm.read.ptx.sreg.dynamic_smem_size": Field.DYNAMIC_SHARED,
    }
)
"""NVVM intrinsics that read a field of the thread record (all return `i32`)."""


@dataclass(frozen=True)
class Collective:
    """An NVVM intrinsic that the launcher computes over a group of threads.

    `params` and `result` are LLVM type names (`i1`, `i32`, `i64`, `float`,
    `double`); each operand travels zero-extended (integers) or bit-cast
    (floats) in `ARG0`, `ARG1`, ..., the result comes back in `RESULT`.
    """

    event: Event
    params: tuple[str, ...]
    result: str


_MATCH_ALL_RESULT = "{i32, i1}"

COLLECTIVES: Mapping[str, Collective] = MappingProxyType(
    {
        "llvm.nvvm.activemask": Collective(Event.ACTIVE_MASK, (), "i32"),
        "llvm.nvvm.vote.any.sync": Collective(Event.VOTE_ANY, ("i32", "i1"), "i1"),
        "llvm.nvvm.vote.all.sync": Collective(Event.VOTE_ALL, ("i32", "i1"), "i1"),
        "llvm.nvvm.vote.uni.sync": Collective(Event.VOTE_UNI, ("i32", "i1"), "i1"),
        "llvm.nvvm.vote.ballot.sync": Collective(Event.BALLOT, ("i32", "i1"), "i32"),
        **{
            f"llvm.nvvm.shfl.sync.{mode}.{suffix}": Collective(
                Event[f"SHUFFLE_{mode.upper()}"], ("i32", type_, "i32", "i32"), type_
            )
            for mode in ("idx", "up", "down", "bfly")
            for suffix, type_ in (("i32", "i32"), ("f32", "float"))
        },
        **{
            f"llvm.nvvm.match.any.sync.{type_}": Collective(
                Event.MATCH_ANY, ("i32", type_), "i32"
            )
            for type_ in ("i32", "i64")
        },
        **{
            f"llvm.nvvm.match.all.sync.{type_}p": Collective(
                Event.MATCH_ALL, ("i32", type_), _MATCH_ALL_RESULT
            )
            for type_ in ("i32", "i64")
        },
        "llvm.nvvm.bar.warp.sync": Collective(Event.SYNC_WARP, ("i32",), "void"),
        "llvm.nvvm.barrier.cta.sync.aligned.all": Collective(
            Event.BARRIER, ("i32",), "void"
        ),
        "llvm.nvvm.barrier0.popc": Collective(Event.BARRIER_POPC, ("i32",), "i32"),
        "llvm.nvvm.barrier0.and": Collective(Event.BARRIER_AND, ("i32",), "i32"),
        "llvm.nvvm.barrier0.or": Collective(Event.BARRIER_OR, ("i32",), "i32"),
    }
)
"""Every collective NVVM intrinsic the host runs, by name. A shuffle's operands
are the member mask, the value, the lane or offset `b` and PTX's `c` (clamp
value and segment mask); `simt.runtime.lockstep` computes them."""

WARP_EVENTS = frozenset(
    {
        Event.ACTIVE_MASK,
        Event.VOTE_ANY,
        Event.VOTE_ALL,
        Event.VOTE_UNI,
        Event.BALLOT,
        Event.SHUFFLE_IDX,
        Event.SHUFFLE_UP,
        Event.SHUFFLE_DOWN,
        Event.SHUFFLE_BFLY,
        Event.MATCH_ANY,
        Event.MATCH_ALL,
        Event.SYNC_WARP,
    }
)
"""Collectives over the lanes of a warp that are active together (the others are
over the thread block)."""

BARRIER_REDUCTIONS = frozenset(
    {Event.BARRIER_POPC, Event.BARRIER_AND, Event.BARRIER_OR}
)
"""Block barriers whose result reduces the block's predicates (`__syncthreads_count`,
`_and`, `_or`): the launcher computes them when the block's barrier releases."""

BLOCK_EVENTS = frozenset({Event.BARRIER}) | BARRIER_REDUCTIONS
"""Collectives over the thread block: barriers."""

NO_OPS = frozenset(
    {"llvm.nvvm.membar.cta", "llvm.nvvm.membar.gl", "llvm.nvvm.membar.sys"}
)
"""NVVM intrinsics that do nothing on the host: memory fences (`__threadfence*`).
The host runs the threads of a launch one at a time and switches between them
only at collectives (opaque calls to the optimizer), so every write is seen by
every read that runs after it: there is nothing to order."""

LANE_MASK_LT = "llvm.nvvm.read.ptx.sreg.lanemask.lt"
"""The special register of the lanes below this one (`(1 << laneid) - 1`)."""


@dataclass(frozen=True)
class Libdevice:
    """How the host computes a libdevice function (`__nv_<name>`, `__nv_<name>f`).

    `params` has one letter per parameter: `f` the function's float type, `i`
    an `i32`, `p` a pointer (to the second result of `frexp` and `modf`).
    `how` is `c` (the C library's function of the same name and type: `expf`
    for `__nv_expf`), `wide` (the C library's double function; the float
    version converts its operands to double and rounds the result once, as
    the simulator computes it), `ir` (an LLVM IR body of this module, in
    double, the float version rounded once) or `rsqrt` (`1 / sqrt(x)` in the
    function's own type, as the simulator's `math.rsqrt`).
    """

    params: str
    how: str


LIBDEVICE: Mapping[str, Libdevice] = MappingProxyType(
    {
        **{
            name: Libdevice("f", "c")
            for name in (
                "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin",
                "cos", "tan", "sinh", "cosh", "tanh", "asin", "acos", "atan",
                "asinh", "atanh", "erf", "cbrt",
            )
        },
        **{name: Libdevice("ff", "c") for name in ("atan2", "pow", "fmod", "nextafter")},
        "ldexp": Libdevice("fi", "c"),
        "frexp": Libdevice("fp", "c"),
        "modf": Libdevice("fp", "c"),
        **{
            name: Libdevice("f", "wide")
            for name in ("erfc", "tgamma", "lgamma", "acosh")
        },
        **{name: Libdevice("ff", "wide") for name in ("hypot", "remainder")},
        "rsqrt": Libdevice("f", "rsqrt"),
        **{name: Libdevice("f", "ir") for name in ("rcbrt", "exp10", "sinpi", "cospi")},
        "fdim": Libdevice("ff", "ir"),
        "powi": Libdevice("fi", "ir"),
    }
)  # fmt: skip
"""Every libdevice function the lowering calls (`simt.lowering.rules` and
`intrinsic_rules`: the math ops, `simt.libm`, `math.acosh`, `math.fpowi`), by
its name without `__nv_` and the float suffix."""


def join_shims(texts: Sequence[str]) -> str:
    """Shim definitions as one module text, each `declare` line kept once (two
    shims may call one C function)."""
    seen: set[str] = set()
    lines: list[str] = []
    for line in "".join(texts).splitlines():
        if line.startswith("declare "):
            if line in seen:
                continue
            seen.add(line)
        lines.append(line)
    return "\n".join(lines) + "\n"


def shim_name(intrinsic: str) -> str:
    """The host function that replaces an NVVM intrinsic (`llvm.nvvm.a.b` -> `__simt_nvvm_a_b`)."""
    return "__simt_nvvm_" + intrinsic.removeprefix("llvm.nvvm.").replace(".", "_")


def entry_name(kernel: str) -> str:
    """The name of the entry wrapper of a kernel."""
    return f"__simt_entry_{kernel}"


# ---------------------------------------------------------------------------
# LLVM IR text
# ---------------------------------------------------------------------------


def _field(index: int, name: str, thread: str = "%t") -> str:
    return f"  %{name} = getelementptr i64, ptr {thread}, i64 {index}\n"


def special_register_text(intrinsic: str) -> str:
    """The definition of the shim of a special-register intrinsic."""
    field = SPECIAL_REGISTERS[intrinsic]
    return (
        f"define i32 @{shim_name(intrinsic)}() alwaysinline {{\n"
        "  %t = load ptr, ptr @__simt_thread\n"
        + _field(field, "p")
        + "  %v = load i64, ptr %p\n"
        "  %r = trunc i64 %v to i32\n"
        "  ret i32 %r\n"
        "}\n"
    )


def no_op_text(intrinsic: str) -> str:
    """The definition of the shim of an intrinsic that does nothing (`NO_OPS`)."""
    return f"define void @{shim_name(intrinsic)}() alwaysinline {{\n  ret void\n}}\n"


def lane_mask_lt_text() -> str:
    """The definition of the shim of `%lanemask_lt`: `(1 << laneid) - 1`."""
    return (
        f"define i32 @{shim_name(LANE_MASK_LT)}() alwaysinline {{\n"
        "  %t = load ptr, ptr @__simt_thread\n"
        + _field(Field.LANE, "p")
        + "  %lane = load i64, ptr %p\n"
        "  %bit = shl i64 1, %lane\n"
        "  %below = sub i64 %bit, 1\n"
        "  %r = trunc i64 %below to i32\n"
        "  ret i32 %r\n"
        "}\n"
    )


def _to_word(type_: str, value: str, name: str) -> str:
    if type_ in ("float", "double"):
        width = 32 if type_ == "float" else 64
        bits = f"%{name}.bits"
        text = f"  {bits} = bitcast {type_} {value} to i{width}\n"
        if width == 64:
            return text + f"  %{name} = add i64 {bits}, 0\n"
        return text + f"  %{name} = zext i32 {bits} to i64\n"
    if type_ == "i64":
        return f"  %{name} = add i64 {value}, 0\n"
    return f"  %{name} = zext {type_} {value} to i64\n"


def _from_word(type_: str, word: str) -> str:
    if type_ == _MATCH_ALL_RESULT:
        return (
            f"  %lo = trunc i64 {word} to i32\n"
            f"  %hi = lshr i64 {word}, 32\n"
            "  %same = trunc i64 %hi to i1\n"
            f"  %pair0 = insertvalue {type_} undef, i32 %lo, 0\n"
            f"  %pair1 = insertvalue {type_} %pair0, i1 %same, 1\n"
            f"  ret {type_} %pair1\n"
        )
    if type_ == "i64":
        return f"  ret i64 {word}\n"
    if type_ in ("float", "double"):
        width = 32 if type_ == "float" else 64
        text = "" if width == 64 else f"  %n = trunc i64 {word} to i32\n"
        source = word if width == 64 else "%n"
        return text + (
            f"  %f = bitcast i{width} {source} to {type_}\n  ret {type_} %f\n"
        )
    return f"  %n = trunc i64 {word} to {type_}\n  ret {type_} %n\n"


def collective_text(intrinsic: str) -> str:
    """The definition of the shim of a collective intrinsic: record, yield, result."""
    spec = COLLECTIVES[intrinsic]
    params = ", ".join(f"{t} %a{i}" for i, t in enumerate(spec.params))
    body = (
        "  %t = load ptr, ptr @__simt_thread\n"
        + _field(Field.EVENT, "e")
        + f"  store i64 {int(spec.event)}, ptr %e\n"
    )
    for index, type_ in enumerate(spec.params):
        body += _to_word(type_, f"%a{index}", f"w{index}")
        body += _field(Field.ARG0 + index, f"p{index}")
        body += f"  store i64 %w{index}, ptr %p{index}\n"
    body += "  call void @__simt_yield(ptr %t)\n"
    if spec.result == "void":
        body += "  ret void\n"
    else:
        body += (
            "  %t2 = load ptr, ptr @__simt_thread\n"
            + _field(Field.RESULT, "rp", "%t2")
            + "  %word = load i64, ptr %rp\n"
            + _from_word(spec.result, "%word")
        )
    return (
        f"define {spec.result} @{shim_name(intrinsic)}({params}) convergent {{\n"
        + body
        + "}\n"
    )


def _libdevice_function(name: str) -> tuple[str, Libdevice, str] | None:
    """(stem, how it is computed, float type) of a libdevice name, or None."""
    base = name.removeprefix("__nv_")
    if base in LIBDEVICE:
        return base, LIBDEVICE[base], "double"
    if base.endswith("f") and base[:-1] in LIBDEVICE:
        return base[:-1], LIBDEVICE[base[:-1]], "float"
    return None


_TYPES = {"f": "", "i": "i32", "p": "ptr"}


def libdevice_text(name: str) -> str | None:
    """The host definition of libdevice's `name` (`__nv_expf`), or None if unknown."""
    found = _libdevice_function(name)
    if found is None:
        return None
    stem, function, type_ = found
    types = [_TYPES[p] or type_ for p in function.params]
    params = ", ".join(f"{t} %x{i}" for i, t in enumerate(types))
    header = f"define {type_} @{name}({params}) alwaysinline {{\n"
    if function.how == "rsqrt":
        suffix = "f32" if type_ == "float" else "f64"
        return (
            header + f"  %s = call {type_} @llvm.sqrt.{suffix}({type_} %x0)\n"
            f"  %r = fdiv {type_} 1.0, %s\n  ret {type_} %r\n}}\n"
            f"declare {type_} @llvm.sqrt.{suffix}({type_})\n"
        )
    if function.how == "c":
        libm = f"{stem}f" if type_ == "float" else stem
        return (
            header
            + _call_text(libm, type_, types)
            + "}\n"
            + _declare_text(libm, type_, types)
        )
    wide = ["double" if t == type_ else t for t in types]
    body = "".join(
        f"  %w{i} = fpext float %x{i} to double\n"
        for i, t in enumerate(types)
        if t == "float"
    )
    operands = [f"%w{i}" if t == "float" else f"%x{i}" for i, t in enumerate(types)]
    if function.how == "wide":
        body += f"  %r = call double @{stem}({_args(wide, operands)})\n"
        declarations = _declare_text(stem, "double", wide)
    else:
        text, declarations = _IR_BODIES[stem]
        body += text.format(x0=operands[0], x1=operands[-1])
    body += (
        "  %n = fptrunc double %r to float\n  ret float %n\n"
        if type_ == "float"
        else "  ret double %r\n"
    )
    return header + body + "}\n" + declarations


def _args(types: Sequence[str], values: Sequence[str]) -> str:
    return ", ".join(f"{t} {v}" for t, v in zip(types, values, strict=True))


def _call_text(function: str, result: str, types: Sequence[str]) -> str:
    values = [f"%x{i}" for i in range(len(types))]
    return (
        f"  %r = call {result} @{function}({_args(types, values)})\n  ret {result} %r\n"
    )


def _declare_text(function: str, result: str, types: Sequence[str]) -> str:
    return f"declare {result} @{function}({', '.join(types)})\n"


_PI = "0x400921FB54442D18"
_PI_REDUCTION = """  %red = frem double {x0}, 2.0
  %arg = fmul double %red, {pi}
  %v = call double @{fn}(double %arg)
  %twice = fmul double %red, 2.0
  %twice.r = call double @llvm.rint.f64(double %twice)
  %half = fcmp oeq double %twice, %twice.r
  %red.r = call double @llvm.rint.f64(double %red)
  %whole = fcmp oeq double %red, %red.r
  %abs = call double @llvm.fabs.f64(double {x0})
  %finite = fcmp one double %abs, 0x7FF0000000000000
  %exact = and i1 %half, %finite
"""
_PI_DECLARATIONS = (
    "declare double @llvm.rint.f64(double)\ndeclare double @llvm.fabs.f64(double)\n"
)

_IR_BODIES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "rcbrt": (
            "  %c = call double @cbrt(double {x0})\n  %r = fdiv double 1.0, %c\n",
            "declare double @cbrt(double)\n",
        ),
        "exp10": (
            "  %r = call double @pow(double 10.0, double {x0})\n",
            "declare double @pow(double, double)\n",
        ),
        "powi": (
            "  %e = sitofp i32 {x1} to double\n"
            "  %r = call double @pow(double {x0}, double %e)\n",
            "declare double @pow(double, double)\n",
        ),
        "fdim": (
            "  %nan = fcmp uno double {x0}, {x1}\n"
            "  %sum = fadd double {x0}, {x1}\n"
            "  %above = fcmp ogt double {x0}, {x1}\n"
            "  %diff = fsub double {x0}, {x1}\n"
            "  %d = select i1 %above, double %diff, double 0.0\n"
            "  %r = select i1 %nan, double %sum, double %d\n",
            "",
        ),
        "sinpi": (
            _PI_REDUCTION.format(x0="{x0}", pi=_PI, fn="sin")
            + "  %zero = call double @llvm.copysign.f64(double 0.0, double {x0})\n"
            "  %a = fcmp oeq double %red, 0.5\n"
            "  %b = fcmp oeq double %red, -1.5\n"
            "  %up = or i1 %a, %b\n"
            "  %one = select i1 %up, double 1.0, double -1.0\n"
            "  %ev = select i1 %whole, double %zero, double %one\n"
            "  %r = select i1 %exact, double %ev, double %v\n",
            _PI_DECLARATIONS + "declare double @sin(double)\n"
            "declare double @llvm.copysign.f64(double, double)\n",
        ),
        "cospi": (
            _PI_REDUCTION.format(x0="{x0}", pi=_PI, fn="cos")
            + "  %ra = call double @llvm.fabs.f64(double %red)\n"
            "  %odd = fcmp oeq double %ra, 1.0\n"
            "  %sign = select i1 %odd, double -1.0, double 1.0\n"
            "  %ev = select i1 %whole, double %sign, double 0.0\n"
            "  %r = select i1 %exact, double %ev, double %v\n",
            _PI_DECLARATIONS + "declare double @cos(double)\n",
        ),
    }
)
"""libdevice functions computed by LLVM IR (in double, as the simulator does):
the body (operands `{x0}`, `{x1}`, as double or `i32`) sets `%r`; then the
declarations it needs."""


def _unravel(prefix: str, index: str, dims: tuple[str, str, str]) -> str:
    """`x = i % dx; y = (i / dx) % dy; z = i / (dx * dy)` in LLVM IR."""
    dx, dy, _ = dims
    return (
        f"  %{prefix}x = urem i64 {index}, {dx}\n"
        f"  %{prefix}q = udiv i64 {index}, {dx}\n"
        f"  %{prefix}y = urem i64 %{prefix}q, {dy}\n"
        f"  %{prefix}z = udiv i64 %{prefix}q, {dy}\n"
    )


def _store_field(field: Field, value: str, label: str) -> str:
    return _field(field, f"f.{label}") + f"  store i64 {value}, ptr %f.{label}\n"


RETURN_RECORD = -1
"""The trace record of a return from an instrumented function."""


def step_record(function: int, block: int) -> int:
    """The trace record of entering `block` of instrumented `function`."""
    return (function << 32) | block


_COMMON = """
@__simt_thread = internal global ptr null
@__simt_fault = global [{fault_words} x i64] zeroinitializer
@__simt_ranges = global ptr null
@__simt_nranges = global i64 0
@__simt_scratch = global [8 x i64] zeroinitializer, align 64
@__simt_dynamic_bytes = global i64 0

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; The shared memory of the running thread's block.
define ptr @__simt_shared_base() alwaysinline {{
  %t = load ptr, ptr @__simt_thread
  %p = getelementptr i64, ptr %t, i64 {shared}
  %base = load ptr, ptr %p
  ret ptr %base
}}

define void @__simt_step(i32 %fn, i32 %block) noinline {{
  %f = zext i32 %fn to i64
  %high = shl i64 %f, 32
  %b = zext i32 %block to i64
  %record = or i64 %high, %b
  call void @__simt_trace(i64 %record)
  ret void
}}

define void @__simt_return() noinline {{
  call void @__simt_trace(i64 {return_record})
  ret void
}}

; Appends a record to the thread's block trace; yields while it is full.
define internal void @__simt_trace(i64 %record) {{
entry:
  %t = load ptr, ptr @__simt_thread
  %lp = getelementptr i64, ptr %t, i64 {trace_len}
  %cp = getelementptr i64, ptr %t, i64 {trace_cap}
  br label %check
check:
  %len = load i64, ptr %lp
  %cap = load i64, ptr %cp
  %full = icmp uge i64 %len, %cap
  br i1 %full, label %wait, label %write
wait:
  %e = getelementptr i64, ptr %t, i64 {event}
  store i64 {trace_full}, ptr %e
  call void @__simt_yield(ptr %t)
  br label %check
write:
  %bp = getelementptr i64, ptr %t, i64 {trace}
  %buffer = load ptr, ptr %bp
  %slot = getelementptr i64, ptr %buffer, i64 %len
  store i64 %record, ptr %slot
  %next = add i64 %len, 1
  store i64 %next, ptr %lp
  ret void
}}

define internal void @__simt_record_fault(i64 %kind, i64 %site, i64 %address) noinline {{
  %old = load i64, ptr @__simt_fault
  %first = icmp eq i64 %old, 0
  br i1 %first, label %record, label %done
record:
  store i64 %kind, ptr @__simt_fault
  %sp = getelementptr i64, ptr @__simt_fault, i64 1
  store i64 %site, ptr %sp
  %t = load ptr, ptr @__simt_thread
  %ip = getelementptr i64, ptr %t, i64 {thread}
  %i = load i64, ptr %ip
  %tp = getelementptr i64, ptr @__simt_fault, i64 2
  store i64 %i, ptr %tp
  %ap = getelementptr i64, ptr @__simt_fault, i64 3
  store i64 %address, ptr %ap
  br label %done
done:
  ret void
}}

@__simt_step_limit = global i64 0
@__simt_steps = global i64 0

; Counts a loop iteration; true (the caller returns at once) when the launch
; passed its step limit or a thread faulted: a kernel that does not terminate
; stops instead of hanging.
define i1 @__simt_count_step(i64 %site) alwaysinline {{
entry:
  %n = load i64, ptr @__simt_steps
  %n1 = add i64 %n, 1
  store i64 %n1, ptr @__simt_steps
  %limit = load i64, ptr @__simt_step_limit
  %over = icmp ugt i64 %n1, %limit
  %fault = load i64, ptr @__simt_fault
  %faulted = icmp ne i64 %fault, 0
  %stop = or i1 %over, %faulted
  br i1 %over, label %record, label %done
record:
  call void @__simt_record_fault(i64 {steps_kind}, i64 %site, i64 0)
  br label %done
done:
  ret i1 %stop
}}

define void @__simt_fault_if(i1 %bad, i64 %kind, i64 %site) alwaysinline {{
  br i1 %bad, label %fault, label %ok
fault:
  call void @__simt_record_fault(i64 %kind, i64 %site, i64 0)
  br label %ok
ok:
  ret void
}}

; Returns `p` if [p, p + size) lies inside the range `*hint` of the table (the
; one this access found last), else asks `__simt_find_range`.
define ptr @__simt_check_range(ptr %p, i64 %size, i64 %site, ptr %hint) alwaysinline {{
entry:
  %h = load i64, ptr %hint
  %table = load ptr, ptr @__simt_ranges
  %k = shl i64 %h, 1
  %lop = getelementptr i64, ptr %table, i64 %k
  %lo = load i64, ptr %lop
  %k1 = add i64 %k, 1
  %hip = getelementptr i64, ptr %table, i64 %k1
  %hi = load i64, ptr %hip
  %a = ptrtoint ptr %p to i64
  %end = add i64 %a, %size
  %above = icmp uge i64 %a, %lo
  %below = icmp ule i64 %end, %hi
  %inside = and i1 %above, %below
  br i1 %inside, label %hit, label %miss
hit:
  ret ptr %p
miss:
  %r = call ptr @__simt_find_range(ptr %p, i64 %size, i64 %site, ptr %hint)
  ret ptr %r
}}

; Returns `p` and sets `*hint` if [p, p + size) lies inside a range of the
; table, else records a fault and returns a scratch word.
define internal ptr @__simt_find_range(ptr %p, i64 %size, i64 %site, ptr %hint) noinline {{
entry:
  %n = load i64, ptr @__simt_nranges
  %table = load ptr, ptr @__simt_ranges
  %a = ptrtoint ptr %p to i64
  %end = add i64 %a, %size
  br label %loop
loop:
  %i = phi i64 [0, %entry], [%next, %miss]
  %more = icmp ult i64 %i, %n
  br i1 %more, label %test, label %fault
test:
  %k = shl i64 %i, 1
  %lop = getelementptr i64, ptr %table, i64 %k
  %lo = load i64, ptr %lop
  %k1 = add i64 %k, 1
  %hip = getelementptr i64, ptr %table, i64 %k1
  %hi = load i64, ptr %hip
  %above = icmp uge i64 %a, %lo
  %below = icmp ule i64 %end, %hi
  %inside = and i1 %above, %below
  %next = add i64 %i, 1
  br i1 %inside, label %found, label %miss
miss:
  br label %loop
found:
  store i64 %i, ptr %hint
  ret ptr %p
fault:
  call void @__simt_record_fault(i64 {memory}, i64 %site, i64 %a)
  ret ptr @__simt_scratch
}}

define void @__simt_request(i64 %event) alwaysinline {{
  %t = load ptr, ptr @__simt_thread
  %e = getelementptr i64, ptr %t, i64 {event}
  store i64 %event, ptr %e
  ret void
}}

declare ptr @malloc(i64)

; The coroutine frame of the running thread: its slot, or malloc'd when larger.
define ptr @__simt_coro_frame(i64 %size) {{
entry:
  %t = load ptr, ptr @__simt_thread
  %cp = getelementptr i64, ptr %t, i64 {frame_cap}
  %cap = load i64, ptr %cp
  %fits = icmp ule i64 %size, %cap
  br i1 %fits, label %slot, label %heap
slot:
  %fp = getelementptr i64, ptr %t, i64 {frame}
  %f = load ptr, ptr %fp
  ret ptr %f
heap:
  %m = call ptr @malloc(i64 %size)
  %hp = getelementptr i64, ptr %t, i64 {frame_heap}
  store ptr %m, ptr %hp
  ret ptr %m
}}

declare void @llvm.coro.resume(ptr)
declare i1 @llvm.coro.done(ptr)

; Coroutine mode: starts or resumes the threads `ids[0..k)` one after the other;
; each runs to its next barrier (EVENT = BARRIER) or its end (EVENT = EXIT).
define void @__simt_coro_round(ptr %records, ptr %ids, i64 %k) {{
entry:
  %empty = icmp eq i64 %k, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [0, %entry], [%next, %check]
  %idp = getelementptr i64, ptr %ids, i64 %i
  %id = load i64, ptr %idp
  %t = getelementptr [{fields} x i64], ptr %records, i64 %id
  store ptr %t, ptr @__simt_thread
  %e = getelementptr i64, ptr %t, i64 {event}
  store i64 0, ptr %e
  %hp = getelementptr i64, ptr %t, i64 {handle}
  %h = load ptr, ptr %hp
  %fresh = icmp eq ptr %h, null
  br i1 %fresh, label %start, label %resume
start:
  %ep = getelementptr i64, ptr %t, i64 {entry}
  %kernel = load ptr, ptr %ep
  %ap = getelementptr i64, ptr %t, i64 {args}
  %args = load ptr, ptr %ap
  %new = call ptr %kernel(ptr %args)
  store ptr %new, ptr %hp
  br label %check
resume:
  call void @llvm.coro.resume(ptr %h)
  br label %check
check:
  %handle = load ptr, ptr %hp
  %finished = call i1 @llvm.coro.done(ptr %handle)
  %event = select i1 %finished, i64 {exit}, i64 {barrier}
  store i64 %event, ptr %e
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %k
  br i1 %more, label %loop, label %done
done:
  ret void
}}

; Coroutine mode: runs the threads `0..count)` of the records in rounds until
; every one has exited: each round resumes, in order, every thread not yet
; exited, which runs to its next barrier (so a round releases every barrier
; of the wave at once: all its live threads are at one). Stops early, returning
; 1, when a check recorded a fault; 0 otherwise. One native loop, so that a
; small wave (whose frames stay in the cache) costs no launcher round trips.
define i64 @__simt_coro_wave(ptr %records, i64 %count) {{
entry:
  %slot = alloca i64
  %empty = icmp eq i64 %count, 0
  br i1 %empty, label %finished, label %round
round:
  br label %loop
loop:
  %i = phi i64 [0, %round], [%next, %step]
  %again = phi i1 [false, %round], [%again2, %step]
  %t = getelementptr [{fields} x i64], ptr %records, i64 %i
  %e = getelementptr i64, ptr %t, i64 {event}
  %ev = load i64, ptr %e
  %exited = icmp eq i64 %ev, {exit}
  br i1 %exited, label %step, label %run
run:
  store i64 %i, ptr %slot
  call void @__simt_coro_round(ptr %records, ptr %slot, i64 1)
  %now = load i64, ptr %e
  %waits = icmp eq i64 %now, {barrier}
  %acc = or i1 %again, %waits
  br label %step
step:
  %again2 = phi i1 [%again, %loop], [%acc, %run]
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %count
  br i1 %more, label %loop, label %checked
checked:
  %fault = load i64, ptr @__simt_fault
  %faulted = icmp ne i64 %fault, 0
  br i1 %faulted, label %stop, label %decide
decide:
  br i1 %again2, label %round, label %finished
stop:
  ret i64 1
finished:
  ret i64 0
}}

define internal void @__simt_fiber_main() {{
  %t = load ptr, ptr @__simt_thread
  %ep = getelementptr i64, ptr %t, i64 {entry}
  %entry = load ptr, ptr %ep
  %ap = getelementptr i64, ptr %t, i64 {args}
  %args = load ptr, ptr %ap
  call void %entry(ptr %args)
  %t2 = load ptr, ptr @__simt_thread
  %e = getelementptr i64, ptr %t2, i64 {event}
  store i64 {exit}, ptr %e
  call void @__simt_yield(ptr %t2)
  unreachable
}}

; Runs the threads `ids[0..k)` (indices of records) one after the other, each
; until it yields.
define void @__simt_resume(ptr %records, ptr %ids, i64 %k) {{
entry:
  %empty = icmp eq i64 %k, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [0, %entry], [%next, %loop]
  %idp = getelementptr i64, ptr %ids, i64 %i
  %id = load i64, ptr %idp
  %t = getelementptr [{fields} x i64], ptr %records, i64 %id
  store ptr %t, ptr @__simt_thread
  %e = getelementptr i64, ptr %t, i64 {event}
  store i64 0, ptr %e
  call void @__simt_switch_to(ptr %t)
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %k
  br i1 %more, label %loop, label %done
done:
  ret void
}}

; Runs every thread of blocks [first, last) to completion, one after the other,
; in the record `%t` (geometry: grid x y z, block x y z, warp size). Stops after
; a thread that recorded a fault; returns the number of blocks run.
define i64 @__simt_run_direct(ptr %t, ptr %kernel, ptr %args, ptr %geometry, i64 %first, i64 %last) {{
start:
  %gxp = getelementptr i64, ptr %geometry, i64 0
  %gx = load i64, ptr %gxp
  %gyp = getelementptr i64, ptr %geometry, i64 1
  %gy = load i64, ptr %gyp
  %gzp = getelementptr i64, ptr %geometry, i64 2
  %gz = load i64, ptr %gzp
  %bxp = getelementptr i64, ptr %geometry, i64 3
  %bx = load i64, ptr %bxp
  %byp = getelementptr i64, ptr %geometry, i64 4
  %by = load i64, ptr %byp
  %bzp = getelementptr i64, ptr %geometry, i64 5
  %bz = load i64, ptr %bzp
  %wsp = getelementptr i64, ptr %geometry, i64 6
  %ws = load i64, ptr %wsp
  %bxy = mul i64 %bx, %by
  %per_block = mul i64 %bxy, %bz
  store ptr %t, ptr @__simt_thread
{store_geometry}
  %none = icmp uge i64 %first, %last
  br i1 %none, label %done, label %block
block:
  %b = phi i64 [%first, %start], [%b.next, %block.end]
{unravel_block}
{store_block}
  %shp = getelementptr i64, ptr %t, i64 {shared}
  %sh = load ptr, ptr %shp
  %shbp = getelementptr i64, ptr %t, i64 {shared_bytes}
  %shb = load i64, ptr %shbp
  call void @llvm.memset.p0.i64(ptr %sh, i8 0, i64 %shb, i1 false)
  %base = mul i64 %b, %per_block
  br label %thread
thread:
  %i = phi i64 [0, %block], [%i.next, %thread.next]
{unravel_thread}
{store_thread}
  %lane = urem i64 %i, %ws
{store_lane}
  %global = add i64 %base, %i
{store_global}
  call void %kernel(ptr %args)
  %fault = load i64, ptr @__simt_fault
  %failed = icmp ne i64 %fault, 0
  br i1 %failed, label %stop, label %thread.next
thread.next:
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %per_block
  br i1 %more, label %thread, label %block.end
block.end:
  %b.next = add i64 %b, 1
  %more.blocks = icmp ult i64 %b.next, %last
  br i1 %more.blocks, label %block, label %done
stop:
  %run = sub i64 %b, %first
  %run1 = add i64 %run, 1
  ret i64 %run1
done:
  %all = sub i64 %last, %first
  %ran = select i1 %none, i64 0, i64 %all
  ret i64 %ran
}}
"""

_SWITCH_X86_64 = """
; The context switch: saves the callee-saved registers, MXCSR and the x87
; control word on the current stack, stores the stack pointer in *save and
; continues on the stack `to` (System V AMD64 ABI).
module asm ".text"
module asm ".globl __simt_switch"
module asm ".p2align 4"
module asm "__simt_switch:"
module asm "  pushq %rbp"
module asm "  pushq %rbx"
module asm "  pushq %r12"
module asm "  pushq %r13"
module asm "  pushq %r14"
module asm "  pushq %r15"
module asm "  subq $16, %rsp"
module asm "  stmxcsr 8(%rsp)"
module asm "  fnstcw (%rsp)"
module asm "  movq %rsp, (%rdi)"
module asm "  movq %rsi, %rsp"
module asm "  fldcw (%rsp)"
module asm "  ldmxcsr 8(%rsp)"
module asm "  addq $16, %rsp"
module asm "  popq %r15"
module asm "  popq %r14"
module asm "  popq %r13"
module asm "  popq %r12"
module asm "  popq %rbx"
module asm "  popq %rbp"
module asm "  retq"

declare void @__simt_switch(ptr, ptr)
@__simt_sched = internal global ptr null

define internal void @__simt_yield(ptr %t) noinline {{
  %cp = getelementptr i64, ptr %t, i64 {context}
  %to = load ptr, ptr @__simt_sched
  call void @__simt_switch(ptr %cp, ptr %to)
  ret void
}}

define internal void @__simt_switch_to(ptr %t) {{
  %cp = getelementptr i64, ptr %t, i64 {context}
  %to = load ptr, ptr %cp
  call void @__simt_switch(ptr @__simt_sched, ptr %to)
  ret void
}}

; A fresh fiber's stack holds what __simt_switch pops: the default x87 control
; word and MXCSR, six zero registers and the address of __simt_fiber_main, so
; that the first switch to it enters __simt_fiber_main with a 16-byte aligned
; frame. CONTEXT holds the stack pointer.
define void @__simt_fiber_init(ptr %records, i64 %n, ptr %stacks, i64 %stride, i64 %size) {{
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [0, %entry], [%next, %loop]
  %t = getelementptr [{fields} x i64], ptr %records, i64 %i
  %offset = mul i64 %i, %stride
  %bottom = getelementptr i8, ptr %stacks, i64 %offset
  %top = getelementptr i8, ptr %bottom, i64 %size
  %sp = getelementptr i8, ptr %top, i64 -80
  call void @llvm.memset.p0.i64(ptr %sp, i8 0, i64 80, i1 false)
  store i16 895, ptr %sp
  %mxcsr = getelementptr i8, ptr %sp, i64 8
  store i32 8064, ptr %mxcsr
  %ret = getelementptr i8, ptr %sp, i64 64
  store ptr @__simt_fiber_main, ptr %ret
  %cp = getelementptr i64, ptr %t, i64 {context}
  store ptr %sp, ptr %cp
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}}
"""

_SWITCH_UCONTEXT = """
@__simt_sched = internal global [{context_bytes} x i8] zeroinitializer, align 64

declare i32 @getcontext(ptr)
declare void @makecontext(ptr, ptr, i32, ...)
declare i32 @swapcontext(ptr, ptr)

define internal void @__simt_yield(ptr %t) noinline {{
  %cp = getelementptr i64, ptr %t, i64 {context}
  %c = load ptr, ptr %cp
  %r = call i32 @swapcontext(ptr %c, ptr @__simt_sched)
  ret void
}}

define internal void @__simt_switch_to(ptr %t) {{
  %cp = getelementptr i64, ptr %t, i64 {context}
  %c = load ptr, ptr %cp
  %r = call i32 @swapcontext(ptr @__simt_sched, ptr %c)
  ret void
}}

; One ucontext per thread (CONTEXT points at it; glibc's layout: uc_link at
; byte 8, uc_stack.ss_sp at 16, uc_stack.ss_size at 32).
define void @__simt_fiber_init(ptr %records, i64 %n, ptr %stacks, i64 %stride, i64 %size) {{
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [0, %entry], [%next, %loop]
  %t = getelementptr [{fields} x i64], ptr %records, i64 %i
  %cp = getelementptr i64, ptr %t, i64 {context}
  %c = load ptr, ptr %cp
  %g = call i32 @getcontext(ptr %c)
  %offset = mul i64 %i, %stride
  %stack = getelementptr i8, ptr %stacks, i64 %offset
  %link = getelementptr i8, ptr %c, i64 8
  store ptr null, ptr %link
  %sp = getelementptr i8, ptr %c, i64 16
  store ptr %stack, ptr %sp
  %sz = getelementptr i8, ptr %c, i64 32
  store i64 %size, ptr %sz
  call void (ptr, ptr, i32, ...) @makecontext(ptr %c, ptr @__simt_fiber_main, i32 0)
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}}
"""

SWITCHES = ("x86_64", "ucontext")
"""How fibers switch: x86-64 assembly, or glibc's ucontext on any other CPU."""


def default_switch() -> str:
    """`x86_64` on an x86-64 CPU, else `ucontext`."""
    return "x86_64" if platform.machine().lower() in ("x86_64", "amd64") else "ucontext"


def runtime_text(switch: str | None = None) -> str:
    """The launcher side of the shim: fibers, traces, the direct loop, faults."""
    geometry = "".join(
        _store_field(field, value, field.name.lower())
        for field, value in (
            (Field.NTID_X, "%bx"),
            (Field.NTID_Y, "%by"),
            (Field.NTID_Z, "%bz"),
            (Field.NCTAID_X, "%gx"),
            (Field.NCTAID_Y, "%gy"),
            (Field.NCTAID_Z, "%gz"),
            (Field.WARP_SIZE, "%ws"),
        )
    )
    block = "".join(
        _store_field(Field[f"CTAID_{d.upper()}"], f"%c{d}", f"c{d}") for d in "xyz"
    )
    thread = "".join(
        _store_field(Field[f"TID_{d.upper()}"], f"%u{d}", f"u{d}") for d in "xyz"
    )
    chosen = switch or default_switch()
    if chosen not in SWITCHES:
        raise ValueError(f"expected a fiber switch in {SWITCHES}, found {chosen!r}")
    template = _COMMON + (_SWITCH_X86_64 if chosen == "x86_64" else _SWITCH_UCONTEXT)
    return template.format(
        context_bytes=CONTEXT_BYTES,
        fault_words=FAULT_WORDS,
        fields=RECORD_FIELDS,
        context=int(Field.CONTEXT),
        event=int(Field.EVENT),
        entry=int(Field.ENTRY),
        args=int(Field.ARGS),
        thread=int(Field.THREAD),
        trace=int(Field.TRACE),
        trace_len=int(Field.TRACE_LEN),
        trace_cap=int(Field.TRACE_CAP),
        trace_full=int(Event.TRACE_FULL),
        return_record=RETURN_RECORD,
        exit=int(Event.EXIT),
        barrier=int(Event.BARRIER),
        handle=int(Field.HANDLE),
        shared=int(Field.SHARED),
        steps_kind=int(FaultKind.STEPS),
        shared_bytes=int(Field.SHARED_BYTES),
        frame=int(Field.FRAME),
        frame_cap=int(Field.FRAME_CAP),
        frame_heap=int(Field.FRAME_HEAP),
        memory=int(FaultKind.MEMORY),
        store_geometry=geometry,
        unravel_block=_unravel("c", "%b", ("%gx", "%gy", "%gz")),
        store_block=block,
        unravel_thread=_unravel("u", "%i", ("%bx", "%by", "%bz")),
        store_thread=thread,
        store_lane=_store_field(Field.LANE, "%lane", "lane"),
        store_global=_store_field(Field.THREAD, "%global", "global"),
    )
