"""numba-cuda's typing of the math library and the CUDA intrinsics, as a table.

The rows complement `simt.frontend.numba_table` (operators, builtins and the
one-argument `math` functions) with what part 2 of the language calls:

* `math.F A B -> R : X Y` for the two-argument functions of `math`
  (`atan2`, `hypot`, `copysign`, `fmod`, `remainder`, `nextafter`, `pow`,
  `ldexp`) on every pair of scalar types;
* `cuda.F A -> R : X` for `cuda.popc`, `clz`, `ffs`, `brev`, `cbrt`, and
  `cuda.fma A B C -> R : X Y Z`;
* `libdevice F -> R : X ...` for every function of `numba.cuda.libdevice`
  whose arguments are all values (no pointers): its one signature.

The format is `simt.frontend.typing`'s; the table is generated from
numba-cuda's typing context by `python -m simt.frontend.intrinsics_typing`
(it lives in `intrinsics_table.py`) and checked row by row against numba by
`tests/frontend/test_intrinsics.py`.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

from simt.frontend.types import BY_NAME, SCALARS, ScalarType
from simt.frontend.typing import NumbaTyping, Signature, parse_table, write_table

MATH_BINARY: tuple[str, ...] = (
    "atan2",
    "hypot",
    "copysign",
    "fmod",
    "remainder",
    "nextafter",
    "pow",
    "ldexp",
)
CUDA_UNARY: tuple[str, ...] = ("popc", "clz", "ffs", "brev", "cbrt")


def resolve_intrinsic(name: str, *args: ScalarType) -> Signature | None:
    """numba's signature of `math.atan2`, `cuda.popc`, ... on `args`."""
    return _signatures().get((name, *(a.name for a in args)))


def libdevice_signature(name: str) -> Signature | None:
    """The signature of `numba.cuda.libdevice.<name>` (None: unknown, or it
    takes pointers)."""
    return _signatures().get(("libdevice", name))


@functools.cache
def _signatures() -> dict[tuple[str, ...], Signature]:
    from simt.frontend.intrinsics_table import TABLE

    return parse_table(TABLE).signatures


def numba_rows() -> Iterator[str]:
    """The table's rows, computed by numba-cuda's typing context."""
    import math

    typing = NumbaTyping()
    context, row = typing.context, typing.row
    cuda_module = context.resolve_value_type(__import__("numba").cuda)

    functions: list[tuple[str, object, int]] = [
        *(
            (f"math.{f}", context.resolve_value_type(getattr(math, f)), 2)
            for f in MATH_BINARY
        ),
        *(
            (f"cuda.{f}", context.resolve_getattr(cuda_module, f), 1)
            for f in CUDA_UNARY
        ),
        ("cuda.fma", context.resolve_getattr(cuda_module, "fma"), 3),
    ]
    for name, fn, arity in functions:
        for args in itertools.product(SCALARS, repeat=arity):
            found = row(name, fn, args)
            if found is not None:
                yield found
    yield from _libdevice_rows()


def _libdevice_rows() -> Iterator[str]:
    from numba.cuda import libdevicefuncs

    for function, (result, args) in sorted(libdevicefuncs.functions.items()):
        names = [str(a.ty) for a in args]
        if any(a.is_ptr for a in args) or not {str(result), *names} <= BY_NAME.keys():
            continue
        yield f"libdevice {function.removeprefix('__nv_')} -> {result} : {' '.join(names)}"


if __name__ == "__main__":
    import pathlib

    write_table(
        str(pathlib.Path(__file__).with_name("intrinsics_table.py")),
        "the math library and CUDA intrinsics",
        "simt.frontend.intrinsics_typing",
        numba_rows(),
    )
