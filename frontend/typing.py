"""numba-cuda's typing of scalar operations, as a table the frontend looks up.

The specification is numba-cuda's own typing context for the GPU
(`numba.cuda.descriptor.cuda_target.typing_context`, templates of
`numba/cuda/typing/builtins.py` and `mathdecl.py`): for an operator or a
builtin applied to scalar types it gives the result type and the types the
operands are converted to first. Examples of what it decides:

    int32 + int32     -> int64   (operands converted to int64, int64)
    int32 + uint64    -> int64   (int64, uint64)
    int64 < uint64    -> bool    (float64, float64)
    int32 + float32   -> float64 (float64, float64)
    int16 + float32   -> float32 (float32, float32)
    uint8 << int32    -> uint64  (uint8, int64)
    math.floor(float32) -> float32

The answers are a table (`simt.frontend.numba_table`, generated from numba by
`python -m simt.frontend.typing`) rather than calls into numba at compile
time: looking up a dict costs nothing, importing numba-cuda's typing context
costs about 2 s per process, and numba-cuda's simulator (where the harness of
`simt.bench.numba_suite` runs kernels) cannot load it.
`tests/frontend/test_numba_table.py` queries numba again and checks every row,
so the table is numba's typing, not a re-implementation of it.

The table has four kinds of rows:

* `OP A B -> R : X Y`: binary operator `OP` (`add`, `lt`, ...) on `A` and `B`
  gives `R` after converting the operands to `X` and `Y`;
* `F A -> R : X`: unary operator or builtin `F` (`neg`, `abs`, `math.sqrt`);
* `unify A B -> R`: the type of a variable that holds an `A` or a `B` (a join
  of control flow, `min`/`max` of mixed types);
* `range A [B [C]] -> R`: the loop variable type of `range(a[, b[, c]])`
  for integer (and bool) arguments.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from simt.frontend.types import BY_NAME, SCALARS, ScalarType

BINARY_OPERATORS: dict[str, Callable[..., object]] = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "truediv": operator.truediv,
    "floordiv": operator.floordiv,
    "mod": operator.mod,
    "pow": operator.pow,
    "lshift": operator.lshift,
    "rshift": operator.rshift,
    "and": operator.and_,
    "or": operator.or_,
    "xor": operator.xor,
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
    "eq": operator.eq,
    "ne": operator.ne,
}

UNARY_OPERATORS: dict[str, Callable[..., object]] = {
    "neg": operator.neg,
    "pos": operator.pos,
    "invert": operator.invert,
    "not": operator.not_,
}

BUILTINS: tuple[str, ...] = ("abs", "int", "float", "bool", "round")

MATH_UNARY: tuple[str, ...] = (
    "sqrt",
    "exp",
    "log",
    "floor",
    "ceil",
    "trunc",
    "fabs",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "exp2",
    "expm1",
    "log2",
    "log10",
    "log1p",
    "erf",
    "erfc",
    "gamma",
    "lgamma",
    "isnan",
    "isinf",
    "isfinite",
    "radians",
    "degrees",
)
"""The one-argument functions of `math` whose typing the table holds (the
frontend compiles some of them; the others are part 2 of the language)."""


@dataclass(frozen=True)
class Signature:
    """numba's choice for one call: convert the operands to `args`, get `result`."""

    result: ScalarType
    args: tuple[ScalarType, ...]


# ---------------------------------------------------------------------------
# Lookups
# ---------------------------------------------------------------------------


def resolve(name: str, *args: ScalarType) -> Signature | None:
    """numba's signature of operator or builtin `name` on `args`; None when
    numba has no typing for it (`1.5 << 2`, `~x` of a float)."""
    return _tables().signatures.get((name, *(a.name for a in args)))


def unify(a: ScalarType, b: ScalarType) -> ScalarType:
    """The type numba gives a variable that holds an `a` or a `b`."""
    if a == b:
        return a
    return _tables().unified[(a.name, b.name)]


def unify_all(types: Sequence[ScalarType]) -> ScalarType:
    return functools.reduce(unify, types[1:], types[0])


def range_type(types: Sequence[ScalarType]) -> ScalarType | None:
    """The loop variable type of `range(*args)` with 1 to 3 integer (or bool)
    arguments of `types`; None for other arguments."""
    return _tables().ranges.get(tuple(t.name for t in types))


@dataclass(frozen=True)
class _Tables:
    signatures: dict[tuple[str, ...], Signature]
    unified: dict[tuple[str, str], ScalarType]
    ranges: dict[tuple[str, ...], ScalarType]


@functools.cache
def _tables() -> _Tables:
    from simt.frontend.numba_table import TABLE

    return parse_table(TABLE)


def parse_table(text: str) -> _Tables:
    """The lookup dicts of a table in the format of the module docstring."""
    signatures: dict[tuple[str, ...], Signature] = {}
    unified: dict[tuple[str, str], ScalarType] = {}
    ranges: dict[tuple[str, ...], ScalarType] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        head, _, rest = line.partition(" -> ")
        key = tuple(head.split())
        result, _, converted = rest.partition(" : ")
        if key[0] == "unify":
            unified[(key[1], key[2])] = BY_NAME[result]
        elif key[0] == "range":
            ranges[key[1:]] = BY_NAME[result]
        else:
            args = tuple(BY_NAME[n] for n in converted.split())
            signatures[key] = Signature(BY_NAME[result], args)
    return _Tables(signatures, unified, ranges)


# ---------------------------------------------------------------------------
# Generating the table from numba
# ---------------------------------------------------------------------------


class NumbaTyping:
    """numba-cuda's typing context, writing one table row per resolved call
    (this module's table and `simt.frontend.intrinsics_typing`'s)."""

    def __init__(self) -> None:
        from numba.cuda import types as nbtypes
        from numba.cuda.descriptor import cuda_target

        self.context = cuda_target.typing_context
        self.context.refresh()
        self.types = {t.name: getattr(nbtypes, t.name) for t in SCALARS}
        self.types["bool"] = vars(nbtypes)["boolean"]

    def row(self, name: str, fn: object, args: tuple[ScalarType, ...]) -> str | None:
        """`name ARGS -> RESULT : CONVERTED`, or None where numba types no call."""
        try:
            sig = self.context.resolve_function_type(
                fn, tuple(self.types[a.name] for a in args), {}
            )
        except Exception:
            return None
        if sig is None or str(sig.return_type) not in BY_NAME:
            return None
        converted = " ".join(str(t) for t in sig.args)
        names = " ".join(a.name for a in args)
        return f"{name} {names} -> {sig.return_type} : {converted}"


def write_table(path: str, what: str, module: str, rows: Iterator[str]) -> None:
    """Write a generated table module: `TABLE`, one row per line."""
    text = "\n".join(rows)
    with open(path, "w") as out:
        out.write(
            f'"""numba-cuda\'s typing of {what} (generated: do not edit).\n\n'
            f"Regenerate with `python -m {module}`; the format is described\n"
            f'in `{module}`.\n"""\n\n'
            f'TABLE = """\\\n{text}\n"""\n'
        )


def numba_rows() -> Iterator[str]:
    """The table's rows, computed by numba-cuda's typing context."""
    import builtins
    import itertools
    import math

    typing = NumbaTyping()
    context, numba_types, row = typing.context, typing.types, typing.row

    for name, fn in BINARY_OPERATORS.items():
        for a in SCALARS:
            for b in SCALARS:
                found = row(name, fn, (a, b))
                if found is not None:
                    yield found
    unary: list[tuple[str, object]] = [
        *UNARY_OPERATORS.items(),
        *((name, getattr(builtins, name)) for name in BUILTINS),
        *((f"math.{name}", getattr(math, name)) for name in MATH_UNARY),
    ]
    for name, fn in unary:
        for a in SCALARS:
            found = row(name, fn, (a,))
            if found is not None:
                yield found
    for a in SCALARS:
        for b in SCALARS:
            unified = context.unify_types(numba_types[a.name], numba_types[b.name])
            if a != b and unified is not None:
                yield f"unify {a} {b} -> {unified}"
    integral = [t for t in SCALARS if t.is_integral]
    for count in (1, 2, 3):
        for args in itertools.product(integral, repeat=count):
            state = context.resolve_function_type(
                range, tuple(numba_types[a.name] for a in args), {}
            )
            assert state is not None, "numba types range() of every integer"
            names = " ".join(a.name for a in args)
            yield f"range {names} -> {state.return_type.dtype}"


if __name__ == "__main__":
    import pathlib

    write_table(
        str(pathlib.Path(__file__).with_name("numba_table.py")),
        "scalar operations",
        "simt.frontend.typing",
        numba_rows(),
    )
