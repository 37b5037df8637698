"""Device arrays a kernel captures from its globals, as numba-cuda captures them.

numba-cuda lets a kernel (or a device function it calls) use a module-level
device array (`g = cuda.to_device(a)`, or any object exposing
`__cuda_array_interface__`) by reference: reads see the array's current
contents and writes change it. simt gives the kernel one extra array parameter
per captured array, after the declared ones, and lists the captured objects on
the kernel (`CAPTURES_ATTR`, tokens into this registry); the simulator and the
GPU launcher append those arrays to the launch's arguments. The registry keeps
each captured object alive, as numba's compiled kernel keeps its pointer.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, StringAttr

CAPTURES_ATTR = "simt.captures"
"""`ArrayAttr` of `StringAttr` on a kernel: the tokens of the device arrays it
captures, one per trailing parameter."""

_OBJECTS: dict[str, object] = {}
_TOKENS: dict[int, str] = {}


def register(obj: object) -> str:
    """The token of a captured object (the same object, the same token)."""
    token = _TOKENS.get(id(obj))
    if token is None or _OBJECTS.get(token) is not obj:
        token = f"capture{len(_OBJECTS)}"
        _OBJECTS[token] = obj
        _TOKENS[id(obj)] = token
    return token


def captured(token: str) -> object:
    """The object registered as `token` (KeyError if none)."""
    return _OBJECTS[token]


def is_device_array(obj: object) -> bool:
    """A device array a kernel may capture: an object exposing
    `__cuda_array_interface__`, or numba's CUDA simulator's device array
    (which wraps a numpy array in `_ary`)."""
    if isinstance(obj, np.ndarray):
        return False
    return hasattr(obj, "__cuda_array_interface__") or isinstance(
        getattr(obj, "_ary", None), np.ndarray
    )


def host_array(obj: object) -> np.ndarray[Any, Any] | None:
    """The host memory of a captured array when it has one (numba's CUDA
    simulator keeps device arrays in host memory), else None."""
    inner = getattr(obj, "_ary", None)
    return inner if isinstance(inner, np.ndarray) else None


def dtype_and_shape(obj: object) -> tuple[np.dtype[Any], tuple[int, ...]] | None:
    """The element dtype and shape of a captured array, if it says."""
    host = host_array(obj)
    if host is not None:
        return host.dtype, tuple(host.shape)
    interface = getattr(obj, "__cuda_array_interface__", None)
    if not isinstance(interface, dict):
        return None
    typed: dict[str, Any] = interface  # pyright: ignore[reportUnknownVariableType]
    dtype = getattr(obj, "dtype", None)
    if not isinstance(dtype, np.dtype):
        dtype = np.dtype(typed["typestr"])
    return dtype, tuple(int(d) for d in typed["shape"])


def kernel_captures(kernel: func.FuncOp) -> list[object]:
    """The objects a kernel captures, in the order of its trailing parameters."""
    attr = kernel.attributes.get(CAPTURES_ATTR)
    if not isinstance(attr, ArrayAttr):
        return []
    tokens = [t.data for t in attr.data if isinstance(t, StringAttr)]  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
    return [captured(t) for t in tokens]  # pyright: ignore[reportUnknownArgumentType]
