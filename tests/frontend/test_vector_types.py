"""numba-cuda's vector types (`cuda.float32x3(a, b, c)`, `cuda.short2(...)`,
read as `.x .y .z .w`): every one of the 40 types and their aliases,
constructed from numbers and other vectors, converted to the element type
as numba-cuda converts; simulated, after a pass pipeline too, and assembled.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from numba import cuda
from numba.cuda.vector_types import vector_types

import simt
from simt.frontend import FrontendError
from simt.lowering.ptxas import assemble

LANES = "xyzw"


def _readout_source(name: str, count: int) -> str:
    values = ", ".join(str(k + 1) for k in range(count))
    reads = "\n".join(f"    out[{k}] = v.{LANES[k]}" for k in range(count))
    return (
        "from numba import cuda\n"
        f"def kernel(out):\n    v = cuda.{name}({values})\n{reads}\n"
    )


@pytest.mark.parametrize("name", sorted(vector_types))
def test_every_vector_type_reads_back_its_components(name: str) -> None:
    count = vector_types[name].num_elements
    module = simt.compile_python(_readout_source(name, count), "void(float64[:])")
    out = np.zeros(4)
    simt.simulate(module, 1, 1, [out])
    np.testing.assert_array_equal(out[:count], np.arange(1, count + 1))


def mixed(out):
    one = cuda.int8x1(1)
    pair = cuda.short2(one, 300)
    triple = cuda.int8x3(pair, -129)
    quad = cuda.float32x4(0.1, triple)
    wide = cuda.uint32x2(-1, quad.x)
    for j, v in enumerate(tuple((triple, cuda.int8x3(triple)))):
        out[j] = v.x + v.y + v.z
    out[2] = pair.y
    out[3] = quad.x
    out[4] = quad.w
    out[5] = wide.x
    out[6] = wide.y
    out[7] = len(tuple())


def test_components_are_flattened_and_converted_as_numba_converts() -> None:
    out = np.zeros(8)
    for pipeline in ("", "simt-optimize"):
        module = simt.compile_python(mixed, "void(float64[:])")
        if pipeline:
            simt.apply_passes(module, pipeline)
        out[:] = 0
        simt.simulate(module, 1, 32, [out])
        # short(300) = 300; int8(300) = 44; int8(-129) = 127; float32(0.1)
        expected = [1 + 44 + 127, 1 + 44 + 127, 300, np.float32(0.1), 127]
        np.testing.assert_array_equal(out[:5], expected)
        np.testing.assert_array_equal(out[5:], [2**32 - 1, 0, 0])


def test_vectors_assemble(ptxas: Path) -> None:
    module = simt.compile_python(mixed, "void(float64[:])")
    simt.apply_passes(module, "simt-optimize")
    (resources,) = assemble(simt.to_ptx(module, "sm_80", ptxas=False), "sm_80", ptxas)
    assert resources.registers > 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ("cuda.float32x3(1.0, 2.0)", r"expects 3 component\(s\).*found 2"),
        ("cuda.int16x2(cuda.int16x2(1, 2), 3)", r"expects 2 component\(s\).*found 3"),
        ("cuda.float64x2(x=1.0, y=2.0)", "takes no keyword arguments"),
        ("tuple(out)", r"tuple\(\) of"),
    ],
)
def test_bad_constructions_are_located_errors(call: str, message: str) -> None:
    source = f"from numba import cuda\ndef kernel(out):\n    v = {call}\n"
    with pytest.raises(FrontendError, match=r"<string>:3:\d+: .*" + message):
        simt.compile_python(source, "void(float64[:])")
