"""Differential tests: the frontend's IR on simt's simulator against the same
Python kernel on numba's CUDA simulator (NUMBA_ENABLE_CUDASIM=1, run in a
subprocess so the simulator mode does not leak into this process).

The inputs keep values small: numba's CUDA simulator runs the kernel as
Python on numpy scalars, whose overflow behaviour differs from compiled numba.
Warp votes are checked for shape only (test_shapes.py): numba's CUDA
simulator does not implement them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from simt.frontend import compile_python
from simt.sim import simulate

KERNELS: dict[str, tuple[str, str]] = {
    "early_exit": (
        "void(int32[:], int32[:], int32)",
        """
        def kernel(a, out, n):
            i = cuda.grid(1)
            if i >= n:
                return
            s = 0
            k = i
            while k < n:
                if a[k] < 0:
                    break
                if a[k] % 3 == 0:
                    k += 1
                    continue
                s += a[k]
                k += 1
            out[i] = s
        """,
    ),
    "ranges_and_division": (
        "void(int32[:], int32[:], int32)",
        """
        def kernel(a, out, n):
            i = cuda.grid(1)
            if i < n:
                t = 0
                for j in range(a[i], -5, -2):
                    t += j // 3 - j % 4
                for j in range(i, 7, i % 3 + 1):
                    t = t * 2 - j
                last = -1
                for j in range(i % 4):
                    last = j
                out[i] = t + last + j
        """,
    ),
    "short_circuit_and_minmax": (
        "void(float32[:], float32[:], int32)",
        """
        def kernel(x, out, n):
            i = cuda.grid(1)
            if i < n and x[i] > -1.0 or i == 0:
                v = x[i] if x[i] > 0 else -x[i]
                out[i] = min(v, 2) + max(i, 3, x[i]) + abs(x[i] - 1) + math.sqrt(v)
            elif not (x[i] < -2.0):
                out[i] = math.floor(x[i]) + (i and 3) + (0 or i)
        """,
    ),
    "nested_return_in_loop": (
        "void(int64[:], int64[:], int32)",
        """
        def kernel(a, out, n):
            i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
            acc = 0
            for k in range(n):
                for j in range(k):
                    acc += a[(i + j) % n]
                    if acc > 40:
                        out[i] = -acc
                        return
                acc -= 1
            out[i] = acc
        """,
    ),
    "float_floordiv_mod": (
        "void(float64[:], float64[:], float64[:], float64[:], float64[:], int32)",
        """
        def kernel(x, q, r, zq, zr, n):
            i = cuda.grid(1)
            if i < n:
                d = (i % 9 - 4) * 0.75
                a = x[i] if i % 2 == 0 else x[i] * 0.0 + (i % 7 - 3) * 1.5
                q[i] = a // d
                r[i] = a % -d
                zq[i] = 1.0 / (a // d)
                zr[i] = 1.0 / (a % d)
                x[i] %= 2
        """,
    ),
    "float32_floordiv_mod": (
        "void(float32[:], float32[:], float32[:], float32[:], int32)",
        """
        def kernel(x, q, r, z, n):
            i = cuda.grid(1)
            y = x[(i + 1) % n]
            q[i] = x[i] // y
            r[i] = x[i] % y
            z[i] = x[i] // (y - y) + i // 2.5
        """,
    ),
    "atomics_and_barrier": (
        "void(int32[:], int32[:], int32)",
        """
        def kernel(hist, out, n):
            i = cuda.grid(1)
            old = cuda.atomic.add(hist, i % 4, 1)
            cuda.syncthreads()
            out[i] = (old >= 0) + hist[i % 4] * 0 + cuda.blockDim.x
        """,
    ),
}

GRID, BLOCK, N = 2, 32, 50

RUNNER = """
import json, math, sys
import numpy as np
from numba import cuda
cases = json.loads(sys.stdin.read())
results = {}
for name, case in cases.items():
    namespace = {"cuda": cuda, "math": math}
    exec(case["source"], namespace)
    kernel = cuda.jit(namespace["kernel"])
    args = [np.array(a, dtype=d) if d else a for a, d in case["args"]]
    kernel[case["grid"], case["block"]](*args)
    results[name] = [a.tolist() for a in args if isinstance(a, np.ndarray)]
print(json.dumps(results))
"""


def _inputs(name: str, signature: str) -> list[tuple[object, str | None]]:
    rng = np.random.default_rng(sum(map(ord, name)))
    kinds = signature[signature.index("(") + 1 : -1].split(", ")
    args: list[tuple[object, str | None]] = []
    for kind in kinds:
        dtype = kind.removesuffix("[:]")
        if kind.endswith("[:]"):
            values = (
                rng.integers(-4, 12, GRID * BLOCK)
                if "int" in dtype
                else rng.uniform(-3, 5, GRID * BLOCK)
            )
            args.append((values.astype(dtype).tolist(), dtype))
        else:
            args.append((N, None))
    return args


@pytest.fixture(scope="module")
def numba_results() -> dict[str, list[list[float]]]:
    cases = {
        name: {
            "source": textwrap.dedent(source),
            "args": _inputs(name, sig),
            "grid": GRID,
            "block": BLOCK,
        }
        for name, (sig, source) in KERNELS.items()
    }
    env = {**os.environ, "NUMBA_ENABLE_CUDASIM": "1"}
    result = subprocess.run(
        [sys.executable, "-c", RUNNER],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
        cwd=Path(__file__).parent,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_frontend_ir_computes_what_numba_computes(
    name: str, numba_results: dict[str, list[list[float]]]
) -> None:
    signature, source = KERNELS[name]
    module = compile_python(
        "import math\nfrom numba import cuda\n" + textwrap.dedent(source), signature
    )
    args = [np.array(a, dtype=d) if d else a for a, d in _inputs(name, signature)]
    simulate(module, grid=(GRID,), block=(BLOCK,), args=args)
    arrays = [a for a in args if isinstance(a, np.ndarray)]
    for ours, theirs in zip(arrays, numba_results[name], strict=True):
        np.testing.assert_allclose(
            ours, np.array(theirs, dtype=ours.dtype), rtol=1e-6, err_msg=name
        )
