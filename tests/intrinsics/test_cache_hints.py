"""numba-cuda's cache-hinted loads and stores (`cuda.ldcg(a, i)`, `cuda.stwt(a,
i, v)`): the plain `a[i]` and `a[i] = v` in the simulator and on the host,
`ld.global.<hint>.b<bits>` / `st.global.<hint>.b<bits>` in the PTX (as
numba-cuda's inline assembly), also when the kernel reaches the function
through a variable; numba-cuda's typing errors are located errors.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from numba import cuda
from xdsl.dialects import memref
from xdsl.dialects.builtin import ModuleOp, StringAttr

import simt
from simt.dialects.simt import CACHE_HINT_ATTR, LOAD_CACHE_HINTS, STORE_CACHE_HINTS
from simt.frontend import FrontendError
from simt.lowering.ptxas import assemble

# numba-cuda's functions (`cuda.ldcg`, ...), which its type stubs do not
# declare; kernels reach them through these globals and through free variables
LOADS = tuple((getattr(cuda, f"ld{hint}"), hint) for hint in LOAD_CACHE_HINTS)
STORES = tuple((getattr(cuda, f"st{hint}"), hint) for hint in STORE_CACHE_HINTS)
ldcg, ldcs, stcg, stcs = LOADS[1][0], LOADS[2][0], STORES[0][0], STORES[1][0]
DTYPES = ("int8", "uint8", "int16", "uint32", "int64", "float16", "float32", "float64")


def _hints(module: ModuleOp) -> list[tuple[str, str]]:
    """(load or store, hint) of every hinted memref access of `module`."""
    found: list[tuple[str, str]] = []
    for op in module.walk():
        hint = op.attributes.get(CACHE_HINT_ATTR)
        if isinstance(hint, StringAttr):
            kind = "load" if isinstance(op, memref.LoadOp) else "store"
            found.append((kind, hint.data))
    return found


def _hinted_load_kernel(load: Callable[..., Any]) -> Callable[..., None]:
    # `load` is a free variable bound to numba-cuda's function, as in
    # numba-cuda's own tests (`operator = ldcg`)
    def kernel(r, x, r2, x2):
        for i in range(len(r)):
            r[i] = load(x, i)
        for i in range(x2.shape[0]):
            for j in range(x2.shape[1]):
                r2[i, j] = load(x2, (i, j))

    return kernel


def _hinted_store_kernel(store: Callable[..., Any]) -> Callable[..., None]:
    def kernel(r, x, r2, x2):
        for i in range(len(r)):
            store(r, i, x[i] + 1)
        for i in range(x2.shape[0]):
            for j in range(x2.shape[1]):
                store(r2, (i, j), x2[i, j] * 2)

    return kernel


def _arrays(dtype: str) -> list[np.ndarray[Any, Any]]:
    x = np.arange(5).astype(dtype)
    x2 = np.arange(12).reshape(3, 4).astype(dtype)
    return [np.zeros_like(x), x, np.zeros_like(x2), x2]


def _signature(dtype: str) -> str:
    return f"void({dtype}[::1], {dtype}[::1], {dtype}[:, ::1], {dtype}[:, ::1])"


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("load", "hint"), LOADS)
def test_hinted_loads_read_the_elements(
    load: Callable[..., Any], hint: str, dtype: str
) -> None:
    module = simt.compile_python(_hinted_load_kernel(load), _signature(dtype))
    assert _hints(module) == [("load", hint), ("load", hint)]
    r, x, r2, x2 = _arrays(dtype)
    simt.simulate(module, 1, 1, [r, x, r2, x2], trace=False)
    np.testing.assert_array_equal(r, x)
    np.testing.assert_array_equal(r2, x2)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(("store", "hint"), STORES)
def test_hinted_stores_write_the_elements(
    store: Callable[..., Any], hint: str, dtype: str
) -> None:
    module = simt.compile_python(_hinted_store_kernel(store), _signature(dtype))
    assert _hints(module) == [("store", hint), ("store", hint)]
    r, x, r2, x2 = _arrays(dtype)
    simt.simulate(module, 1, 1, [r, x, r2, x2], trace=False)
    np.testing.assert_array_equal(r, (x + 1).astype(dtype))
    np.testing.assert_array_equal(r2, (x2 * 2).astype(dtype))


@pytest.mark.parametrize("dtype", ["int8", "int16", "int32", "float32", "float64"])
def test_hosts_runs_them_as_plain_accesses(dtype: str) -> None:
    for function, _ in (LOADS[1], STORES[3]):
        make = _hinted_load_kernel if function in dict(LOADS) else _hinted_store_kernel
        module = simt.compile_python(make(function), _signature(dtype))
        simulated, hosted = _arrays(dtype), _arrays(dtype)
        simt.simulate(module, 1, 1, simulated, trace=False)
        simt.execute(module, 1, 1, hosted, target="host")
        for ours, theirs in zip(hosted, simulated, strict=True):
            np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("dtype", DTYPES)
def test_ptx_has_the_hinted_instructions_and_assembles(dtype: str, ptxas: Path) -> None:
    """Every hint's kernel, optimized, in one module per architecture (one
    ptxas run each)."""
    bits = np.dtype(dtype).itemsize * 8
    kernels = []
    for index, (function, hint) in enumerate((*LOADS, *STORES)):
        make = _hinted_load_kernel if function in dict(LOADS) else _hinted_store_kernel
        module = simt.compile_python(
            make(function), _signature(dtype), name=f"k{index}_{hint}"
        )
        kernels += [op.clone() for op in module.ops]
    module = ModuleOp(kernels)
    simt.apply_passes(module, "simt-optimize")
    for arch in ("sm_70", "sm_80", "sm_90"):
        ptx = simt.to_ptx(module, arch, ptxas=False)
        for function, hint in (*LOADS, *STORES):
            kind = "ld" if function in dict(LOADS) else "st"
            assert f"{kind}.global.{hint}.b{bits}" in ptx
        assemble(ptx, arch, ptxas)


def shared_and_global(out, x):
    buffer = cuda.shared.array(4, np.float32)  # pyright: ignore[reportArgumentType, reportCallIssue]
    i = cuda.threadIdx.x
    stcs(buffer, i, ldcg(x, i))
    cuda.syncthreads()  # pyright: ignore[reportCallIssue]
    out[i] = ldcg(buffer, 3 - i)


def test_only_global_accesses_carry_the_hint(ptxas: Path) -> None:
    module = simt.compile_python(shared_and_global, "void(float32[:], float32[:])")
    assert _hints(module) == [("load", "cg")]
    out, x = np.zeros(4, np.float32), np.arange(4, dtype=np.float32)
    simt.simulate(module, 1, 4, [out, x], trace=False)
    np.testing.assert_array_equal(out, x[::-1])
    ptx = simt.to_ptx(module, "sm_80", ptxas=False)
    hinted = r"(?:ld|st)\.global\.(?:ca|cg|cs|lu|cv|wb|wt)\b"
    assert re.findall(hinted, ptx) == ["ld.global.cg"]
    assemble(ptx, "sm_80", ptxas)


def _located(kernel: Callable[..., None], signature: str, message: str) -> None:
    with pytest.raises(FrontendError, match=message) as caught:
        simt.compile_python(kernel, signature)
    assert re.search(r"test_cache_hints\.py:\d+:\d+", str(caught.value))


def test_numbas_typing_errors_are_located() -> None:
    def float_index(x):
        ldcs(x, 1.0)

    def too_many(x):
        ldcs(x, (1, 2))

    def too_few(x):
        stcg(x, 1, 0)

    def complex_array(r, x):
        r[0] = ldcs(x, 0)

    _located(float_index, "void(float32[::1])", r"ldcs: float64 is not a valid index")
    _located(too_many, "void(float32[::1])", r"ldcs: Expected 1 indices, got 2")
    _located(
        too_few, "void(float32[:, ::1])", r"stcg: Expected 2 indices, got a scalar"
    )
    _located(
        complex_array,
        "void(complex64[:], complex64[:])",
        r"ldcs requires array of integer or float type, got complex64",
    )
