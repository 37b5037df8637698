"""numba-cuda's cooperative groups grid sync (`cuda.cg.this_grid().sync()`):
compiled to `simt.grid_barrier`, simulated as a barrier across every block of
the grid (outputs equal to numpy references that a missing barrier would
break), faulted with its location where it is divergent, lowered to PTX that
ptxas assembles, and refused with its location by the host runtime."""

# pyright: reportCallIssue=false

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from numba import cuda

import simt
from simt.dialects.intrinsics import GridBarrierOp
from simt.frontend import FrontendError, compile_python
from simt.lowering.host import HostCompileError
from simt.lowering.ptxas import assemble
from simt.sim.errors import SimulationError
from simt.sim.simulate import Simulator

BLOCK = 32
GRID = 4
N = BLOCK * GRID


def _neighbour_exchange(a, out):
    i = cuda.grid(1)
    a[i] = i * 10 + cuda.blockIdx.x
    g = cuda.cg.this_grid()
    g.sync()
    out[i] = a[(i + cuda.blockDim.x) % a.shape[0]]


def _neighbour_exchange_block_barrier(a, out):
    i = cuda.grid(1)
    a[i] = i * 10 + cuda.blockIdx.x
    cuda.syncthreads()
    out[i] = a[(i + cuda.blockDim.x) % a.shape[0]]


def _sequential_rows(m):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    rows = m.shape[0]
    cols = m.shape[1]
    for row in range(1, rows):
        opposite = cols - col - 1
        m[row, col] = m[row - 1, opposite] + 1
        g.sync()


def _early_exit(a, out, n):
    i = cuda.grid(1)
    if i >= n:
        return
    a[i] = i + 1
    cuda.cg.this_grid().sync()
    out[i] = a[n - 1 - i]


def _divergent(a):
    i = cuda.grid(1)
    if i < 40:
        cuda.cg.this_grid().sync()
    a[i] = 1


I64 = "void(int64[:], int64[:])"


def _exchange_reference() -> np.ndarray:
    written = np.arange(N) * 10 + np.arange(N) // BLOCK
    return np.roll(written, -BLOCK)


@pytest.mark.parametrize("wave_threads", [BLOCK, 1 << 14])
def test_block_reads_what_the_next_block_wrote(wave_threads: int) -> None:
    module = compile_python(_neighbour_exchange, I64)
    a, out = np.zeros(N, np.int64), np.zeros(N, np.int64)
    simt.simulate(module, GRID, BLOCK, [a, out], wave_threads=wave_threads)
    np.testing.assert_array_equal(out, _exchange_reference())


def test_a_block_barrier_in_its_place_gives_another_result() -> None:
    """Without a grid-wide barrier the blocks after block b have not written
    when b reads (blocks run one wave after another): the reference above
    does detect a barrier that does nothing across blocks."""
    module = compile_python(_neighbour_exchange_block_barrier, I64)
    a, out = np.zeros(N, np.int64), np.zeros(N, np.int64)
    simt.simulate(module, GRID, BLOCK, [a, out], wave_threads=BLOCK)
    assert not np.array_equal(out, _exchange_reference())


def test_grid_sync_in_a_loop_orders_the_rows() -> None:
    """numba-cuda's `sequential_rows` (test_cooperative_groups.py), on 4 blocks."""
    module = compile_python(_sequential_rows, "void(int32[:, ::1])")
    m = np.zeros((16, N), np.int32)
    simt.simulate(module, GRID, BLOCK, [m], wave_threads=BLOCK)
    np.testing.assert_array_equal(m, np.tile(np.arange(16), (N, 1)).T)


def test_returned_threads_do_not_take_part() -> None:
    module = compile_python(_early_exit, "void(int64[:], int64[:], int64)")
    n = N - 45
    a, out = np.zeros(N, np.int64), np.zeros(N, np.int64)
    simt.simulate(module, GRID, BLOCK, [a, out, n])
    expected = np.zeros(N, np.int64)
    expected[:n] = np.arange(n, 0, -1)
    np.testing.assert_array_equal(out, expected)


def test_both_spellings_compile_to_one_grid_barrier() -> None:
    for kernel in (_neighbour_exchange, _early_exit):
        sig = (
            I64 if kernel is _neighbour_exchange else "void(int64[:], int64[:], int64)"
        )
        module = compile_python(kernel, sig)
        barriers = [op for op in module.walk() if isinstance(op, GridBarrierOp)]
        assert len(barriers) == 1


def test_divergent_grid_sync_is_a_located_fault() -> None:
    module = compile_python(_divergent, "void(int64[:])")
    with pytest.raises(SimulationError) as info:
        simt.simulate(module, 2, BLOCK, [np.zeros(2 * BLOCK, np.int64)])
    text = str(info.value)
    line = _divergent.__code__.co_firstlineno + 3
    assert f"test_grid_sync.py:{line}:" in text, text
    assert "simt.grid_barrier reached by only part of the grid" in text, text
    assert "block 1, thread 8" in text, text


def test_native_engine_falls_back_to_the_reference() -> None:
    module = compile_python(_neighbour_exchange, I64)
    simulator = Simulator(module)
    assert simulator.not_native is not None
    assert "simt.grid_barrier" in simulator.not_native
    with pytest.raises(SimulationError, match=r"simt\.grid_barrier"):
        Simulator(module, engine="native")


def test_unknown_cooperative_group_member_is_located() -> None:
    source = (
        "from numba import cuda\n\ndef kernel(a):\n    cuda.cg.this_grid().rank()\n"
    )
    with pytest.raises(FrontendError) as info:
        compile_python(source, "void(int64[:])")
    text = str(info.value)
    assert text.startswith("<string>:4:"), text
    assert "cuda.cg.grid_group.rank" in text, text


@pytest.mark.parametrize("arch", ["sm_70", "sm_80", "sm_90"])
def test_ptx_assembles(arch: str, ptxas: Path) -> None:
    module = compile_python(_sequential_rows, "void(int32[:, ::1])")
    ptx = simt.to_ptx(module, arch, ptxas=False)
    assert "atom.global.add.u32" in ptx
    assert ptx.count("barrier.sync") == 2
    assemble(ptx, arch, ptxas)


def test_host_runtime_refuses_with_the_location() -> None:
    module = compile_python(_neighbour_exchange, I64)
    a, out = np.zeros(N, np.int64), np.zeros(N, np.int64)
    with pytest.raises(HostCompileError) as info:
        simt.execute(module, GRID, BLOCK, [a, out], target="host")
    text = str(info.value)
    line = _neighbour_exchange.__code__.co_firstlineno + 4
    assert f"test_grid_sync.py:{line}:" in text, text
    assert "cuda.cg.this_grid().sync()" in text, text


def test_gpu_launch_is_cooperative_only_with_a_grid_barrier() -> None:
    synced = simt.jit(I64)(_neighbour_exchange)
    plain = simt.jit(I64)(_neighbour_exchange_block_barrier)
    assert synced.gpu_kernel((8, 0)).cooperative
    assert not plain.gpu_kernel((8, 0)).cooperative
