"""The IR the frontend emits: structured where it can be, cf where it must be."""

# The kernels below are numba.cuda code, which numba's stubs do not type.
# pyright: reportCallIssue=false, reportPossiblyUnboundVariable=false

from __future__ import annotations

import math

from numba import cuda
from xdsl.dialects import cf, func, memref, scf
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp, i32, i64
from xdsl.ir import Operation

from simt.dialects import simt
from simt.frontend import compile_kernels, compile_python

LIMIT = 7


def _ops(module: ModuleOp, kind: type[Operation]) -> list[Operation]:
    return [op for op in module.walk() if isinstance(op, kind)]


def _kernel(module: ModuleOp) -> func.FuncOp:
    kernels = _ops(module, func.FuncOp)
    assert len(kernels) == 1
    kernel = kernels[0]
    assert isinstance(kernel, func.FuncOp)
    return kernel


def saxpy(a, b, n):
    i = cuda.grid(1)
    if i < n:
        b[i] = b[i] * 2.0 + a[i]


def test_structured_kernel_is_scf_with_kernel_attributes() -> None:
    module = compile_python(saxpy, "void(int32[:], float32[:], int64)")
    kernel = _kernel(module)
    assert "simt.kernel" in kernel.attributes
    assert str(kernel.attributes["simt.arg_names"]) == '["a", "b", "n"]'
    assert [str(t) for t in kernel.function_type.inputs] == [
        "memref<?xi32>",
        "memref<?xf32>",
        "i64",
    ]
    assert len(_ops(module, scf.IfOp)) == 1
    assert not _ops(module, cf.ConditionalBranchOp)
    assert len(kernel.body.blocks) == 1


def test_every_op_has_its_source_line() -> None:
    module = compile_python(saxpy, "void(int32[:], float32[:], int64)")
    first = saxpy.__code__.co_firstlineno
    stores = _ops(module, memref.StoreOp)
    assert len(stores) == 1
    location = stores[0].location
    assert isinstance(location, FileLineColLoc)
    assert location.filename.data == __file__
    assert location.line.data == first + 3
    for op in module.walk():
        if not isinstance(op, ModuleOp):
            assert isinstance(op.location, FileLineColLoc), op.name


def early_exit(a, n):
    i = cuda.grid(1)
    s = 0
    for k in range(n):
        if a[k] < 0:
            break
        s += a[k]
    a[i] = s


def test_loop_with_break_is_a_cf_graph() -> None:
    module = compile_python(early_exit, "void(int32[:], int32)")
    assert not _ops(module, scf.ForOp)
    assert not _ops(module, scf.IfOp)
    assert len(_ops(module, cf.ConditionalBranchOp)) == 2
    assert len(_kernel(module).body.blocks) > 3


def continue_loop(a, n):
    s = 0.0
    for k in range(n):
        if a[k] == 0:
            continue
        for j in range(3):
            s += a[j]
    a[0] = s


def test_inner_structured_loop_stays_scf_inside_cf_loop() -> None:
    module = compile_python(continue_loop, "void(float32[:], int32)")
    assert len(_ops(module, scf.ForOp)) == 1
    assert _ops(module, cf.BranchOp)


def return_in_if(a, n):
    i = cuda.threadIdx.x
    if i >= n:
        return
    a[i] = 1


def test_return_in_if_is_cf_with_two_returns() -> None:
    module = compile_python(return_in_if, "void(int32[:], int32)")
    assert len(_ops(module, func.ReturnOp)) == 2
    assert not _ops(module, scf.IfOp)


def short_circuit_structured(a, n):
    i = cuda.grid(1)
    if i < n and a[i] > 0:
        a[i] = 0


def test_short_circuit_in_structured_code_is_a_nested_scf_if() -> None:
    module = compile_python(short_circuit_structured, "void(int32[:], int32)")
    ifs = _ops(module, scf.IfOp)
    assert len(ifs) == 2
    inner = ifs[0]
    assert [str(t) for t in inner.result_types] == ["i1"]
    assert any(isinstance(op, memref.LoadOp) for op in inner.walk())


def short_circuit_cf(a, n):
    i = cuda.grid(1)
    if (i < n and a[i] > 0) or n == 3:
        return
    a[i] = 0


def test_short_circuit_in_cf_code_is_a_cond_br_chain() -> None:
    module = compile_python(short_circuit_cf, "void(int32[:], int32)")
    assert not _ops(module, scf.IfOp)
    assert len(_ops(module, cf.ConditionalBranchOp)) == 3


def ranges(a, n, s):
    t = 0
    for i in range(n, 0, -1):
        t += i
    for j in range(0, n, s):
        t += j
    for k in range(2, n, 3):
        t += k
    a[0] = t + k


def test_range_steps() -> None:
    module = compile_python(ranges, "void(int64[:], int32, int32)")
    fors = _ops(module, scf.ForOp)
    whiles = _ops(module, scf.WhileOp)
    assert len(fors) == 1
    assert len(whiles) == 2
    loop = fors[0]
    assert isinstance(loop, scf.ForOp)
    assert len(loop.results) == 2  # t and the loop variable k, read after the loop
    assert loop.lb.type == i64  # literal bounds are int64, as numba types them


def typed_loop(a, n):
    x = 0
    while x < n:
        x = x + 0.5
    a[0] = x


def test_loop_carried_variable_is_widened_to_the_join_type() -> None:
    module = compile_python(typed_loop, "void(float32[:], int32)")
    (loop,) = _ops(module, scf.WhileOp)
    assert [str(t) for t in loop.result_types] == ["f64"]


def intrinsics(a, f, n):
    cuda.syncthreads()
    old = cuda.atomic.add(a, cuda.laneid, 1)
    if cuda.any_sync(0xFFFFFFFF, old > n):
        a[0] = cuda.ballot_sync(0xFFFFFFFF, old) + cuda.warpsize
    f[cuda.blockIdx.y] = math.sqrt(f[0]) + abs(f[1]) + min(n, LIMIT) + math.floor(f[2])
    f[1] = cuda.gridsize(1) + cuda.gridDim.z + cuda.blockDim.x


def test_cuda_intrinsics_become_simt_ops() -> None:
    module = compile_python(intrinsics, "void(int32[:], float32[:], int32)")
    for kind in (
        simt.BarrierOp,
        simt.AtomicAddOp,
        simt.LaneIdOp,
        simt.VoteAnyOp,
        simt.BallotOp,
        simt.WarpSizeOp,
        simt.BlockIdOp,
        simt.GridDimOp,
        simt.BlockDimOp,
    ):
        assert _ops(module, kind), kind.name
    (atomic,) = _ops(module, simt.AtomicAddOp)
    assert atomic.result_types[0] == i32


def test_source_text_by_name_and_module_constants() -> None:
    source = (
        "N = 4\n\ndef first(a):\n    a[0] = 1\n\ndef second(a):\n    a[0] = N * 2\n"
    )
    module = compile_python(source, "void(int64[:])", name="second")
    assert _kernel(module).sym_name.data == "second"
    constants = [op for op in module.walk() if op.name == "arith.constant"]
    assert any("4 : i64" in str(op) for op in constants)


def test_compile_kernels_reads_every_decorated_function() -> None:
    source = (
        "from numba import cuda\nimport numba\n\n"
        '@cuda.jit("void(int32[:])")\ndef k1(a):\n    a[0] = 1\n\n'
        "def helper(a):\n    pass\n\n"
        '@numba.cuda.jit("void(float64[:], int64)")\ndef k2(a, n):\n    a[n] = 2.0\n'
    )
    module = compile_kernels(source, "kernels.py")
    names = [
        op.sym_name.data
        for op in _ops(module, func.FuncOp)
        if isinstance(op, func.FuncOp)
    ]
    assert names == ["k1", "k2"]


def test_variable_live_only_inside_a_branch_is_local() -> None:
    source = "def k(a, n):\n    if n > 0:\n        t = a[0] + 1\n        a[1] = t\n"
    module = compile_python(source, "void(int64[:], int64)")
    (branch,) = _ops(module, scf.IfOp)
    assert not branch.results


def test_index_wraparound_only_for_possibly_negative_indices() -> None:
    source = "def k(a, n):\n    a[cuda.threadIdx.x] = a[n]\n"
    module = compile_python(source, "void(int64[:], int64)")
    assert len(_ops(module, memref.DimOp)) == 1


def test_output_verifies() -> None:
    for kernel, signature in [
        (saxpy, "void(int32[:], float32[:], int64)"),
        (early_exit, "void(int32[:], int32)"),
        (continue_loop, "void(float32[:], int32)"),
        (ranges, "void(int64[:], int32, int32)"),
        (intrinsics, "void(int32[:], float32[:], int32)"),
    ]:
        compile_python(kernel, signature).verify()
    assert i64 is not None
