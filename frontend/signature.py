"""numba signatures: `"void(int32[:], float32[:, ::1], int64)"` or type objects.

A signature is what `numba.cuda.jit(signature)` takes:

* a string in numba's syntax (`numba.core.sigutils`): a return type (`void` /
  `none` for kernels, a scalar type for device functions) and parameters,
  each a scalar type name (numba's long or short spellings: `int32` / `i4`,
  `uint8` / `u1`, `float64` / `f8`, `intp`, `boolean` / `b1`) optionally
  followed by array dimensions: `[:]` (any layout), `[::1]` (C-contiguous),
  `[:, :]`, `[:, ::1]` (C), `[::1, :]` (Fortran);
* numba type objects: a `Signature` (`numba.void(numba.float32[:])`), a tuple
  of types (`(numba.float32[:, :], numba.int32)`), or a single type.

Types are read by name and attributes (`dtype`, `ndim`, `layout` for arrays),
so the type objects of numba, numba-cuda and numba's CUDA simulator all work.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from simt.frontend.types import (
    UNSUPPORTED_SCALARS,
    ArrayType,
    Layout,
    ScalarType,
    scalar_named,
)

ParamType = ScalarType | ArrayType


@dataclass(frozen=True)
class KernelSignature:
    """The parameter types of a function and its result type (None: void)."""

    params: tuple[ParamType, ...]
    result: ScalarType | None = None


class SignatureError(ValueError):
    """A signature that is not a supported numba signature."""


_SIGNATURE = re.compile(
    r"^\s*(?P<ret>[A-Za-z_][A-Za-z0-9_.]*)?\s*\((?P<params>.*)\)\s*$"
)
_PARAM = re.compile(
    r"^(?P<name>[A-Za-z_][A-Za-z0-9_.]*)\s*(?:\[(?P<dims>[\s:,1]*)\])?$"
)
_VOID = ("void", "none", "None")


def parse_signature(signature: object) -> KernelSignature:
    """The parameter and result types of a numba signature (string or objects)."""
    if isinstance(signature, KernelSignature):
        return signature
    if isinstance(signature, str):
        return _parse_string(signature)
    args = getattr(signature, "args", None)
    return_type = getattr(signature, "return_type", None)
    if args is not None and return_type is not None:
        result = _result_type(str(return_type))
        return KernelSignature(tuple(type_of_object(a) for a in args), result)
    if isinstance(signature, tuple | list):
        return KernelSignature(tuple(type_of_object(a) for a in signature))
    return KernelSignature((type_of_object(signature),))


def _parse_string(text: str) -> KernelSignature:
    match = _SIGNATURE.match(text)
    if match is None:
        raise SignatureError(
            f"expected a signature like 'void(int32[:], int64)', found '{text}'"
        )
    ret = match.group("ret")
    result = _result_type(ret) if ret is not None else None
    body = match.group("params").strip().rstrip(",")
    if not body:
        return KernelSignature((), result)
    return KernelSignature(tuple(parse_type(p.strip()) for p in _split(body)), result)


def _split(body: str) -> list[str]:
    """The comma-separated parameters of a signature, commas in brackets kept."""
    parts: list[str] = []
    depth = 0
    current = ""
    for char in body:
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += {"[": 1, "]": -1, "(": 1, ")": -1}.get(char, 0)
        current += char
    parts.append(current)
    return parts


def _result_type(name: str) -> ScalarType | None:
    if name in _VOID:
        return None
    return _scalar(name.split(".")[-1], name)


def _scalar(name: str, shown: str) -> ScalarType:
    found = scalar_named(name)
    if found is not None:
        return found
    why = UNSUPPORTED_SCALARS.get(name)
    if why is not None:
        raise SignatureError(f"type '{shown}': {why}")
    raise SignatureError(
        f"expected a scalar type (bool, int8 ... int64, uint8 ... uint64, "
        f"float16, float32, float64), found '{shown}'"
    )


def parse_type(text: str) -> ParamType:
    """One parameter type in numba's string syntax (`float32[:, ::1]`)."""
    match = _PARAM.match(text)
    if match is None:
        raise SignatureError(
            f"expected a parameter type like 'int32' or 'float32[:, ::1]', found '{text}'"
        )
    dtype = _scalar(match.group("name").split(".")[-1], text)
    dims = match.group("dims")
    if dims is None:
        return dtype
    return _array(dtype, dims, text)


def _array(dtype: ScalarType, dims: str, text: str) -> ArrayType:
    parts = [d.replace(" ", "") for d in dims.split(",")]
    if any(p not in (":", "::1") for p in parts):
        raise SignatureError(f"expected array dimensions ':' or '::1', found '{text}'")
    contiguous = [i for i, p in enumerate(parts) if p == "::1"]
    layout: Layout = "A"
    if contiguous == [len(parts) - 1]:
        layout = "C"
    elif contiguous == [0]:
        layout = "F"
    elif contiguous:
        raise SignatureError(f"expected '::1' on the first or last dimension: '{text}'")
    return ArrayType(dtype, len(parts), layout)


def type_of_object(obj: object) -> ParamType:
    """The type of a numba type object (scalar or array), read by name."""
    if isinstance(obj, ScalarType | ArrayType):
        return obj
    if isinstance(obj, str):
        return parse_type(obj)
    dtype = getattr(obj, "dtype", None)
    ndim = getattr(obj, "ndim", None)
    layout = getattr(obj, "layout", None)
    if dtype is not None and isinstance(ndim, int) and layout in ("C", "F", "A"):
        element = _scalar(str(dtype), str(obj))
        return ArrayType(element, ndim, layout)
    return _scalar(str(obj), str(obj))
