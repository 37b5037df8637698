"""Exceptions a kernel raises, reported as numba-cuda reports them.

numba-cuda compiles `raise Cls` and `raise Cls(constant, ...)` in a kernel
or a device function (numba/cuda/lowering.py `lower_static_raise`; a raise
with a non-constant argument does not compile): the lane that raises leaves
the kernel, the other lanes go on. Without `debug=True` nothing is
reported. With `debug=True` the kernel keeps the first exception a lane
stores (numba/cuda/compiler.py `add_exception_store_helper`: a `cmpxchg`
on `<kernel>__errcode__` and the lane's `tid` and `ctaid`), and the launcher
raises it on the host after the launch (numba/cuda/dispatcher.py
`_Kernel.launch`):

    In function 'k', file /abs/k.py, line 7, tid=[0, 0, 5] ctaid=[0, 0, 1]: msg

that is `Cls(prefix + ": " + str(args[0]), *args[1:])`, or `Cls(prefix)`
without arguments. The dispatcher reads the ids in the order z, y, x
(`for i in "zyx"`), so the lists are `[z, y, x]`; simt writes the same.

simt's form (`simt.raise` in the `simt` dialect): a kernel lists what it may
raise in `EXCEPTIONS_ATTR`, one `ExceptionSite` per raise statement, and
`simt.raise <code>` names entry `code - 1`. Of all the lanes of a launch
that raise, the one kept is the lowest global thread id (blocks in linear
order, x fastest, then threads in linear order; should one lane raise
twice, its lowest code): one of the lanes numba's race could keep, the same
on every target and under every transformation, whatever order the lanes
run in. The lowered code keeps it as one 64-bit word updated by an atomic
minimum (`raise_key`), which the launcher decodes (`decode_key`).

Exception classes are named in the IR by `module.qualname`; `class_name`
records each class the frontend meets, so that a class the module does not
export (one defined in a function) is found again by `exception_class`.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass

from simt.model.errors import SimtError
from simt.model.machine import Dim3, unravel

EXCEPTIONS_ATTR = "simt.exceptions"
"""`ArrayAttr` of `#simt.exception` on a kernel: what its `simt.raise` ops
raise, code k naming entry k - 1."""

FIRST_CODE = 1
"""The code of a kernel's first exception (numba's `FIRST_USEREXC`)."""

CODE_BITS = 16
MAX_CODE = (1 << CODE_BITS) - 1
"""The largest code `raise_key` packs."""

NO_RAISE = (1 << 64) - 1
"""The word of a launch in which no lane raised (the identity of the minimum)."""

RAISE_SYMBOL_SUFFIX = "__simt_raise"
"""The lowered kernel `k` keeps its launch's word in the global `k__simt_raise`
(one `i64` in global memory, `NO_RAISE` until a lane raises; numba's
counterpart is `k__errcode__`)."""

RAISED_ATTR = "simt_raised"
"""The attribute under which an exception built by `RaisedException.exception`
carries its `RaisedException`, so a caller can tell a kernel's exception from
a failure of the simulator or the launcher."""

ArgValue = str | int | float | bool | None | tuple["ArgValue", ...]
"""A constant argument of an exception."""


@dataclass(frozen=True)
class ExceptionSite:
    """One raise statement: the exception class, its constant arguments, and
    the function, file and line of the statement."""

    class_name: str
    args: tuple[ArgValue, ...]
    function: str
    file: str
    line: int


@dataclass(frozen=True)
class RaisedException:
    """What a launch raised: the site, its code, and the raising thread."""

    site: ExceptionSite
    code: int
    thread: Dim3
    """`threadIdx` (x, y, z) of the raising lane."""
    block: Dim3
    """`blockIdx` (x, y, z) of the raising lane."""

    @property
    def message_prefix(self) -> str:
        """numba's prefix: the raise's location and the lane's ids (z, y, x)."""
        site = self.site
        where = (
            f"In function {site.function!r}, file {os.path.abspath(site.file)}, "
            f"line {site.line}, "
        )
        tid = list(reversed(self.thread))
        ctaid = list(reversed(self.block))
        return f"{where}tid={tid} ctaid={ctaid}"

    def exception(self) -> BaseException:
        """The exception numba's launcher raises for this record."""
        cls = exception_class(self.site.class_name)
        args = self.site.args
        prefix = self.message_prefix
        error = cls(f"{prefix}: {args[0]}", *args[1:]) if args else cls(prefix)
        # a class with __slots__ takes no attribute: the exception is all there is
        with contextlib.suppress(AttributeError):
            setattr(error, RAISED_ATTR, self)
        return error


# ---------------------------------------------------------------------------
# The launch's word: lowest global thread id, then lowest code
# ---------------------------------------------------------------------------


def raise_key(thread: int, code: int) -> int:
    """The word a lane of global linear id `thread` stores for `code`."""
    assert FIRST_CODE <= code <= MAX_CODE, code
    return (thread << CODE_BITS) | code


def raise_symbol(kernel: str) -> str:
    """The name of the global that holds kernel `kernel`'s word."""
    return kernel + RAISE_SYMBOL_SUFFIX


def decode_key(key: int) -> tuple[int, int] | None:
    """(global linear thread id, code) of a launch's word; None: no raise."""
    key &= NO_RAISE
    if key == NO_RAISE:
        return None
    return key >> CODE_BITS, key & MAX_CODE


def thread_position(thread: int, grid: Dim3, block: Dim3) -> tuple[Dim3, Dim3]:
    """(`threadIdx`, `blockIdx`) of a global linear thread id."""
    per_block = block[0] * block[1] * block[2]
    block_index, local = divmod(thread, per_block)
    return unravel(local, block), unravel(block_index, grid)


def raised_from_key(
    key: int, sites: tuple[ExceptionSite, ...], grid: Dim3, block: Dim3
) -> RaisedException | None:
    """The record of a launch's word, or None when no lane raised."""
    decoded = decode_key(key)
    if decoded is None:
        return None
    thread, code = decoded
    if not FIRST_CODE <= code < FIRST_CODE + len(sites):
        raise SimtError(
            f"the launch recorded exception code {code}, but the kernel lists "
            f"{len(sites)} exception(s)"
        )
    tid, ctaid = thread_position(thread, grid, block)
    return RaisedException(sites[code - FIRST_CODE], code, tid, ctaid)


# ---------------------------------------------------------------------------
# Exception classes by name
# ---------------------------------------------------------------------------

_CLASSES: dict[str, type[BaseException]] = {}


def class_name(cls: type[BaseException]) -> str:
    """The IR's name of an exception class (`builtins.ValueError`); the class
    is recorded under it, with a suffix `#n` when another class of the same
    qualified name was recorded first (classes defined in functions)."""
    base = f"{cls.__module__}.{cls.__qualname__}"
    name, suffix = base, 1
    while _CLASSES.get(name, cls) is not cls:
        suffix += 1
        name = f"{base}#{suffix}"
    _CLASSES[name] = cls
    return name


def exception_class(name: str) -> type[BaseException]:
    """The class an IR name stands for: one `class_name` recorded, else one
    reachable from a loaded module (`builtins.ValueError`)."""
    found = _CLASSES.get(name)
    if found is None:
        found = _loaded_class(name)
    if found is None:
        raise SimtError(
            f"the kernel raised '{name}', which is not an exception class of a "
            "module loaded in this process"
        )
    return found


def _loaded_class(name: str) -> type[BaseException] | None:
    parts = name.split(".")
    for split in range(len(parts) - 1, 0, -1):
        module = sys.modules.get(".".join(parts[:split]))
        if module is None:
            continue
        obj: object = module
        for attr in parts[split:]:
            obj = getattr(obj, attr, None)
        if isinstance(obj, type) and issubclass(obj, BaseException):
            return obj
        return None
    return None
