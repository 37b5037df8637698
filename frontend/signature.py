"""numba signature strings: `"void(int32[:], float32[:], int64)"`.

The frontend accepts the subset of numba's signature syntax (see
`numba.core.sigutils`) that names 1-D arrays and scalars of `int32`, `int64`,
`float32` and `float64`: each parameter is a type name (numba's long or short
spelling: `int32` / `i4`, `float64` / `f8`, `intp`), optionally followed by
`[:]` or `[::1]` for a 1-D array. The return type, when given, must be `void`
(or `none`): kernels return nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xdsl.dialects.builtin import f32, f64, i32, i64
from xdsl.ir import Attribute

_SCALARS: dict[str, Attribute] = {
    "int32": i32,
    "i4": i32,
    "int64": i64,
    "i8": i64,
    "intp": i64,
    "float32": f32,
    "f4": f32,
    "float64": f64,
    "f8": f64,
}

_PARAM = re.compile(
    r"^(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*(?P<array>\[\s*:{1,2}\s*1?\s*\])?$"
)
_SIGNATURE = re.compile(
    r"^\s*(?P<ret>[A-Za-z_][A-Za-z0-9_]*)?\s*\((?P<params>.*)\)\s*$"
)


@dataclass(frozen=True)
class Param:
    """One kernel parameter: a scalar, or a 1-D array of `element` values."""

    element: Attribute
    is_array: bool


class SignatureError(ValueError):
    """A signature string that is not a supported numba kernel signature."""


def parse_signature(text: object) -> tuple[Param, ...]:
    """The parameters of a numba kernel signature such as `"void(int32[:], int64)"`
    (a numba `Signature` object, `void(int32[:], int64)`, is read as its text)."""
    text = signature_text(text)
    match = _SIGNATURE.match(text)
    if match is None:
        raise SignatureError(
            f"expected a signature like 'void(int32[:], int64)', found '{text}'"
        )
    ret = match.group("ret")
    if ret is not None and ret not in ("void", "none"):
        raise SignatureError(
            f"expected return type 'void' (kernels return nothing), found '{ret}'"
        )
    body = match.group("params").strip()
    if not body:
        return ()
    return tuple(_parse_param(part.strip()) for part in body.split(","))


def _parse_param(text: str) -> Param:
    match = _PARAM.match(text)
    if match is None or match.group("name") not in _SCALARS:
        raise SignatureError(
            f"expected a parameter type among int32, int64, float32, float64 "
            f"(optionally followed by '[:]'), found '{text}'"
        )
    return Param(_SCALARS[match.group("name")], match.group("array") is not None)


def signature_text(signature: object) -> str:
    """The signature string of `signature`: itself when it is a string, the
    same text for a numba `Signature` (`void(int32[:], int64)` built from
    `numba.types`), else a `SignatureError`."""
    if isinstance(signature, str):
        return signature
    args = getattr(signature, "args", None)
    if not isinstance(args, tuple):
        raise SignatureError(
            f"expected a signature string like 'void(int32[:], int64)', "
            f"found {type(signature).__name__} {signature!r}"
        )
    params = ", ".join(_numba_type_text(arg) for arg in args)
    return f"{getattr(signature, 'return_type', 'void')}({params})"


def _numba_type_text(numba_type: object) -> str:
    ndim = getattr(numba_type, "ndim", None)
    if isinstance(ndim, int):
        return f"{getattr(numba_type, 'dtype', numba_type)}[{', '.join([':'] * ndim)}]"
    return str(numba_type)
