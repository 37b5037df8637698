"""Runs one module of numba-cuda's installed tests with simt executing the kernels.

Started by `simt.bench.numba_suite` as `python -m simt.bench._numba_suite_worker
MODULE OUT.jsonl` with `NUMBA_ENABLE_CUDASIM=1`: numba's CUDA simulator provides
`cuda.to_device`, streams and the rest of the host API, so numba-cuda's tests
run on any machine. The worker patches the simulator's kernel launch so that
each launch

1. compiles the kernel with `simt.compile_python` for the argument types
   (numba's `typeof`) and lowers it to PTX for sm_70, sm_80 and sm_90, each
   assembled with ptxas;
2. if it compiled: snapshots the arguments and runs numba's simulator on the
   copies (the reference outputs), simulates the kernel with
   `simt.simulate` on the real arguments, and compares every array argument
   with the reference (exactly for integers and booleans, within 1e-5
   relative for floats). numba's CUDA simulator computes with Python's and
   numpy's semantics, which numba's GPU typing can differ from, so a
   difference is decided by the test's own assertions (step 3);
3. lets the test continue with simt's results, so its assertions check them.
   When simt cannot compile or simulate the kernel, the simulator's run
   stands in, so the test still reaches its later launches. A kernel made
   with `debug=True` is simulated with `debug=True`: the exception a lane
   raised (`raise` in the kernel) reaches the test from simt, as numba's
   launcher raises it.

Tests that numba-cuda skips only because they run in the simulator (their
skip reason names it) are run anyway: simt executes their kernels, and the
test's assertions (or, where the simulator can run the kernel, its
reference) decide. Kernels that refer to `cuda` through a closure (the
documentation examples import it inside the test) get the simulator's
`cuda` module in their closure too.

Each launch and each test becomes one JSON line of OUT.jsonl.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import io
import json
import os
import sys
import textwrap
import time
import traceback
import types
import unittest
from collections.abc import Callable, Iterator
from typing import Any, Literal

import numpy as np

from simt.bench.numba_suite import PART2_CONSTRUCT, needs_part2

_STEP_LIMIT = 2 * 10**8
_ARCHES = ("sm_70", "sm_80", "sm_90")
_RTOL = 1e-5


class Recorder:
    """Writes the JSON lines and remembers what each kernel compiled to."""

    def __init__(self, path: str, module: str) -> None:
        self.out = open(path, "w")  # noqa: SIM115
        self.module = module
        self.test = ""
        self.launched: list[str] = []
        self.compiled: dict[tuple[int, str], Any] = {}
        self.assembled: dict[tuple[int, str], str] = {}
        self.functions: list[Any] = []
        """The functions compiled so far, kept alive so that their ids (the
        caches' keys) are not reused by later functions."""

    def write(self, record: dict[str, Any]) -> None:
        self.out.write(json.dumps(record, default=str) + "\n")
        self.out.flush()


RECORDER: Recorder | None = None


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------


def _host(arg: Any) -> Any:
    """The numpy array behind a simulator device array or an argument hint
    (`cuda.In(a)`, `cuda.Out(a)`, `cuda.InOut(a)`), else the argument."""
    if _is_hint(arg):
        arg = arg.value
    inner = getattr(arg, "_ary", None)
    return inner if isinstance(inner, np.ndarray) else arg


def _snapshot(args: tuple[Any, ...]) -> list[Any]:
    return [_copy(a) if _is_array(a) else a for a in args]


def _rewrap(arg: Any, copy: Any) -> Any:
    """`copy` under the argument hint `arg` has (`cuda.In(a)` ...), if any."""
    if _is_hint(arg):
        return type(arg)(copy)
    return copy


def _is_hint(arg: Any) -> bool:
    return type(arg).__name__ in ("In", "Out", "InOut") and hasattr(arg, "value")


def _copy(arg: Any) -> Any:
    """A copy of an array, or of a record scalar (numba passes records by
    reference: the reference must not write the test's own record)."""
    if isinstance(arg, np.void):
        return np.array([arg], dtype=arg.dtype)[0]
    return np.array(_host(arg), copy=True)


def _is_array(arg: Any) -> bool:
    host = _host(arg)
    return (isinstance(host, np.ndarray) and host.ndim > 0) or (
        isinstance(host, np.void) and host.dtype.names is not None
    )


def _equal(ours: np.ndarray[Any, Any], reference: np.ndarray[Any, Any]) -> bool:
    if ours.dtype.names is not None:
        # field by field: NaNs compare equal, padding bytes are not compared
        return all(_equal(ours[n], reference[n]) for n in ours.dtype.names)
    if ours.dtype.kind in "fc":
        return bool(np.allclose(ours, reference, rtol=_RTOL, atol=1e-6, equal_nan=True))
    return bool(np.array_equal(ours, reference))


def _kernel_id(fn: types.FunctionType) -> dict[str, Any]:
    code = fn.__code__
    root = code.co_filename.split("site-packages/")[-1]
    return {"file": root, "qualname": fn.__qualname__, "line": code.co_firstlineno}


# ---------------------------------------------------------------------------
# One launch
# ---------------------------------------------------------------------------


def _launch(kernel: Any, args: tuple[Any, ...], original: Callable[..., Any]) -> Any:
    recorder = RECORDER
    assert recorder is not None
    if 0 in tuple(kernel.grid_dim):
        # `forall(0)`: numba-cuda launches nothing (issue 5017); its simulator
        # runs a grid of no blocks. Nothing runs, so nothing is compared.
        return original(kernel, *args)
    fn = kernel.fn
    record: dict[str, Any] = {
        "kind": "launch",
        "module": recorder.module,
        "test": recorder.test,
        "kernel": _kernel_id(fn),
        "grid": list(kernel.grid_dim),
        "block": list(kernel.block_dim),
        "shared_bytes": int(kernel.dynshared_size or 0),
    }
    started = time.perf_counter()
    module = _compile(kernel, args, record, recorder)
    ran = False
    if module is not None:
        # The reference only for kernels simt compiled: numba's simulator
        # takes minutes on some kernels that simt rejects anyway.
        reference_args = _snapshot(args)
        hinted = [_rewrap(a, c) for a, c in zip(args, reference_args, strict=True)]
        record["reference"] = _reference(kernel, hinted, original)
        started = time.perf_counter()
        ran = _simulate(kernel, module, args, record)
        if ran is not False and record["reference"] == "ok":
            record["compare"] = _compare(args, reference_args)
    record["simt_seconds"] = round(time.perf_counter() - started, 3)
    recorder.launched.append(json.dumps(record["kernel"], sort_keys=True))
    recorder.write(record)
    if ran is False:
        return original(kernel, *args)
    if isinstance(ran, BaseException):
        raise ran
    return None


def _reference(kernel: Any, copies: list[Any], original: Callable[..., Any]) -> str:
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            original(kernel, *copies)
    except BaseException as error:  # the simulator's own failures are data
        return f"error: {type(error).__name__}: {str(error)[:300]}"
    return "ok"


def _compare(args: tuple[Any, ...], reference: list[Any]) -> dict[str, Any]:
    mismatches: list[str] = []
    for index, (ours, theirs) in enumerate(zip(args, reference, strict=True)):
        if not _is_array(ours):
            continue
        mine = np.asarray(_host(ours))
        theirs = np.asarray(theirs)
        if not _equal(mine, theirs):
            bad = (
                np.argwhere(~np.isclose(mine, theirs, equal_nan=True))
                if mine.dtype.kind == "f"
                else np.argwhere(mine != theirs)
            )
            first = tuple(int(i) for i in bad[0]) if len(bad) else ()
            mismatches.append(
                f"argument {index} differs at {len(bad)} elements, first {first}: "
                f"{mine[first] if first else '?'} vs {theirs[first] if first else '?'}"
            )
    return {"equal": not mismatches, "mismatches": mismatches}


def _compile(
    kernel: Any, args: tuple[Any, ...], record: dict[str, Any], recorder: Recorder
) -> Any:
    """Compiles the kernel for the arguments' types and assembles its PTX;
    the module, or None when simt rejected or failed it."""
    import simt
    from simt.frontend import FrontendError
    from simt.frontend.signature import (
        SignatureError,
        parse_signature,
        signature_of_args,
    )

    fn = kernel.fn
    if getattr(kernel, "extensions", None):
        # numba's launch extensions (kernel.extensions) rewrite the arguments
        # of each launch; simt's launches have no such hook
        record["compile"] = "rejected: kernel extensions (kernel.extensions)"
        return None
    try:
        declared = getattr(kernel, DECLARED, None)
        signature = (
            parse_signature(declared)
            if declared is not None
            else signature_of_args([_host(a) for a in args])
        )
    except SignatureError as error:
        record["compile"] = f"rejected: {error}"
        return None
    record["signature"] = str(signature)
    record["constructs"] = kernel_constructs(fn, signature)
    # The function object, not its code: a closure made twice (a kernel
    # defined inside a test helper) has one code and different free values.
    key = (id(fn), str(signature))
    recorder.functions.append(fn)
    module = recorder.compiled.get(key)
    if module is None:
        try:
            module = simt.compile_python(fn, signature)
        except FrontendError as error:
            module = error
            record["compile"] = f"rejected: {error}"
        except Exception as error:
            module = error
            record["compile"] = f"crash: {type(error).__name__}: {error}"
            record["traceback"] = traceback.format_exc()[-2000:]
        recorder.compiled[key] = module
    if isinstance(module, Exception):
        if "compile" not in record:
            prefix = "rejected" if isinstance(module, FrontendError) else "crash"
            record["compile"] = f"{prefix}: {module}"
        return None
    record["compile"] = "ok"
    record["ptx"] = _assemble(module, key, recorder)
    return module


def _simulate(
    kernel: Any, module: Any, args: tuple[Any, ...], record: dict[str, Any]
) -> bool | BaseException:
    """Runs the kernel on simt's simulator (with the kernel's `debug`): True
    when it ran to the end, the exception a lane raised when the kernel is
    in debug mode and raised (the launch's result, for the test to see),
    False when simt failed."""
    import simt
    from simt.model.exceptions import RAISED_ATTR

    try:
        simt.simulate(
            module,
            tuple(kernel.grid_dim),
            tuple(kernel.block_dim),
            [_host(a) for a in args],
            trace=False,
            step_limit=_STEP_LIMIT,
            dynamic_shared_bytes=int(kernel.dynshared_size or 0),
            debug=bool(getattr(kernel, "_debug", False)),
        )
    except Exception as error:
        if getattr(error, RAISED_ATTR, None) is not None:
            record["simulate"] = "ok"
            record["raised"] = f"{type(error).__name__}: {str(error)[:500]}"
            return error
        record["simulate"] = f"error: {type(error).__name__}: {str(error)[:500]}"
        return False
    record["simulate"] = "ok"
    return True


def _assemble(module: Any, key: tuple[int, str], recorder: Recorder) -> str:
    found = recorder.assembled.get(key)
    if found is not None:
        return found
    from simt.lowering.ptx import to_ptx
    from simt.lowering.ptxas import assemble

    try:
        for arch in _ARCHES:
            assemble(to_ptx(module, arch), arch)
        found = "ok"
    except Exception as error:
        found = f"error: {type(error).__name__}: {str(error)[:500]}"
    recorder.assembled[key] = found
    return found


# ---------------------------------------------------------------------------
# Patching the simulator
# ---------------------------------------------------------------------------


DECLARED = "_simt_declared_signature"
"""The attribute under which a kernel keeps the one signature it was declared
with (`cuda.jit("void(int32[:], int32)")`): numba's simulator drops it, and
without it a launch would be typed by its arguments (`typeof`: a Python int
is int64), which is not what numba compiles on a GPU."""


def _keep_declared_signatures() -> None:
    """Wraps the simulator's `cuda.jit` so that a kernel declared with one
    signature keeps it (`DECLARED`); lists of signatures are typed by the
    arguments, as before."""
    import numba.cuda
    from numba.cuda.simulator import api

    original = api.jit

    def jit(func_or_sig: Any = None, *args: Any, **kwargs: Any) -> Any:
        made = original(func_or_sig, *args, **kwargs)
        declared = func_or_sig is not None and not callable(func_or_sig)
        if not declared or isinstance(func_or_sig, list) or kwargs.get("device"):
            return made

        def wrapper(fn: Any) -> Any:
            kernel = made(fn)
            setattr(kernel, DECLARED, func_or_sig)
            return kernel

        return wrapper

    api.jit = jit
    numba.cuda.jit = jit  # pyright: ignore[reportAttributeAccessIssue]


def _install() -> None:
    from numba.cuda.simulator import kernel as sim_kernel
    from numba.cuda.simulator import kernelapi

    original = sim_kernel.FakeCUDAKernel.__call__

    def call(self: Any, *args: Any) -> Any:
        if self._device or sim_kernel._kernel_context:  # pyright: ignore[reportPrivateUsage]
            return original(self, *args)
        return _launch(self, args, original)

    sim_kernel.FakeCUDAKernel.__call__ = call  # pyright: ignore[reportAttributeAccessIssue]
    sim_kernel.FakeCUDAKernel.inspect_llvm = _inspect("llvm")  # pyright: ignore[reportAttributeAccessIssue]
    sim_kernel.FakeCUDAKernel.inspect_asm = _inspect("ptx")  # pyright: ignore[reportAttributeAccessIssue]
    _keep_declared_signatures()
    swapped = kernelapi.swapped_cuda_module

    @contextlib.contextmanager
    def swap_with_closure(fn: Any, fake: Any) -> Iterator[None]:
        """The simulator's swap of `cuda` in the globals, and in the closure."""
        import numba.cuda as real

        cells = [c for c in fn.__closure__ or () if _cell(c) is real]
        for cell in cells:
            cell.cell_contents = fake
        try:
            with swapped(fn, fake):
                yield
        finally:
            for cell in cells:
                cell.cell_contents = real

    setattr(sim_kernel, "swapped_cuda_module", swap_with_closure)  # noqa: B010


def _inspect(form: Literal["llvm", "ptx"]) -> Callable[..., Any]:
    """numba's `inspect_llvm` / `inspect_asm` for the simulator's kernels:
    simt's LLVM IR or PTX (`SimtKernel.inspect_llvm`) of what the kernel's
    launches compiled to, by signature."""
    from simt.runtime.jit import inspect_code

    def inspect(self: Any, signature: Any = None) -> Any:
        recorder = RECORDER
        assert recorder is not None
        compiled = {
            key: module
            for (fn, key), module in recorder.compiled.items()
            if fn == id(self.fn) and not isinstance(module, Exception)
        }
        if signature is not None:
            from simt.frontend.signature import parse_signature

            return inspect_code(compiled[str(parse_signature(signature))], form)
        return inspect_code(compiled, form)

    return inspect


def _cell(cell: Any) -> Any:
    try:
        return cell.cell_contents
    except ValueError:
        return None


# ---------------------------------------------------------------------------
# Running the tests
# ---------------------------------------------------------------------------


def _simulator_skip(reason: str) -> bool:
    lowered = reason.lower()
    return "cudasim" in lowered or "simulator" in lowered


def _unskip(obj: Any) -> bool:
    """Clears a skip that only the simulator causes; True if it did."""
    if getattr(obj, "__unittest_skip__", False) and _simulator_skip(
        str(getattr(obj, "__unittest_skip_why__", ""))
    ):
        obj.__unittest_skip__ = False
        return True
    return False


def _tests(module: types.ModuleType) -> Iterator[tuple[str, Callable[[], Any], bool]]:
    """(name, run, forced) for each test method and module-level test function."""
    for name, obj in sorted(vars(module).items()):
        if (
            isinstance(obj, type)
            and issubclass(obj, unittest.TestCase)
            and obj.__module__ == module.__name__
        ):
            forced_class = _unskip(obj)
            for method in sorted(n for n in dir(obj) if n.startswith("test")):
                function = getattr(obj, method)
                forced = _unskip(function) or forced_class
                yield f"{name}.{method}", _method_runner(obj, method), forced
        elif (
            inspect.isfunction(obj)
            and name.startswith("test")
            and obj.__module__ == module.__name__
        ):
            forced = _unskip(obj)
            yield name, obj, forced


def _method_runner(cls: type[unittest.TestCase], method: str) -> Callable[[], Any]:
    def run() -> Any:
        result = unittest.TestResult()
        cls(method).run(result)
        return result

    return run


def _outcome(value: Any) -> tuple[str, str]:
    if isinstance(value, unittest.TestResult):
        if value.errors:
            return "error", value.errors[0][1][-800:]
        if value.failures:
            return "fail", value.failures[0][1][-800:]
        if value.skipped:
            return "skip", value.skipped[0][1][:300]
        return "pass", ""
    return "pass", ""


def main(module_name: str, out: str) -> None:
    global RECORDER
    os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")
    recorder = Recorder(out, module_name)
    RECORDER = recorder
    _install()
    try:
        module = importlib.import_module(module_name)
    except BaseException as error:
        recorder.write(
            {
                "kind": "module",
                "module": module_name,
                "error": f"{type(error).__name__}: {error}",
            }
        )
        return
    for name, run, forced in _tests(module):
        recorder.test = name
        recorder.launched = []
        np.random.seed(0)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                outcome, detail = _outcome(run())
        except BaseException as error:
            outcome, detail = "error", f"{type(error).__name__}: {error}"
        recorder.write(
            {
                "kind": "test",
                "module": module_name,
                "test": name,
                "forced": forced,
                "outcome": outcome,
                "detail": detail,
                "kernels": sorted(set(recorder.launched)),
            }
        )


# ---------------------------------------------------------------------------
# What a kernel uses
# ---------------------------------------------------------------------------

_BASIC_SCALARS = {"int32", "int64", "float32", "float64"}


def kernel_constructs(fn: types.FunctionType, signature: Any) -> list[str]:
    """The constructs of the language a kernel uses: from its argument types
    and from the AST of its source (calls resolved through its globals)."""
    found: set[str] = set()
    for param in getattr(signature, "params", ()):
        dtype = getattr(param, "dtype", param)
        if getattr(param, "ndim", 1) > 1:
            found.add("N-d arrays")
        if str(dtype) not in _BASIC_SCALARS:
            found.add("scalar types beyond int32/int64/float32/float64")
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, SyntaxError, TypeError):
        return sorted(found)
    namespace = {**fn.__globals__, **_closure(fn)}
    for node in ast.walk(tree):
        found |= _node_constructs(node, namespace)
    return sorted(found)


def _closure(fn: types.FunctionType) -> dict[str, Any]:
    cells = fn.__closure__ or ()
    return {n: _cell(c) for n, c in zip(fn.__code__.co_freevars, cells, strict=True)}


_CALL_CONSTRUCTS = {
    "cuda.shared.array": "shared memory",
    "cuda.local.array": "local arrays",
    "cuda.const.array_like": "constant memory",
    "cuda.atomic": "atomics",
    "math.": "math functions",
    "np.": "numpy scalar types and casts",
    "numpy.": "numpy scalar types and casts",
}


def _node_constructs(node: ast.AST, namespace: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    if _is_part2(node):
        found.add(PART2_CONSTRUCT)
    if isinstance(node, ast.Call):
        text = ast.unparse(node.func).removeprefix("numba.")
        found |= {
            c for prefix, c in _CALL_CONSTRUCTS.items() if text.startswith(prefix)
        }
        if (
            text.startswith("cuda.shared.array")
            and node.args
            and ast.unparse(node.args[0]) in ("0", "(0,)")
        ):
            found.add("dynamic shared memory")
        if (
            text in ("cuda.grid", "cuda.gridsize")
            and node.args
            and ast.unparse(node.args[0]) != "1"
        ):
            found.add("tuples")
        callee = namespace.get(text.split(".")[0]) if "." not in text else None
        if callee is not None and (hasattr(callee, "py_func") or hasattr(callee, "fn")):
            found.add("device functions")
    if isinstance(node, ast.Tuple):
        found.add("tuples")
    if isinstance(node, ast.Slice):
        found.add("slicing")
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Tuple):
        found.add("N-d arrays")
    if isinstance(node, ast.Name) and isinstance(namespace.get(node.id), np.ndarray):
        found.add("module-level arrays")
    if isinstance(node, ast.Break | ast.Continue):
        found.add("break/continue")
    return found


_FULL_MASK_VOTES = ("cuda.any_sync", "cuda.all_sync", "cuda.ballot_sync")


def _is_part2(node: ast.AST) -> bool:
    """Whether `node` is an operation of part 2 of the language (issue 15):
    a call `needs_part2` names, a vote with a mask other than the literal
    full mask, or `**` whose exponent is not an integer literal in [0, 64]."""
    if isinstance(node, ast.Call):
        text = ast.unparse(node.func).removeprefix("numba.")
        if needs_part2(f"call to {text}"):
            return True
        return text in _FULL_MASK_VOTES and not (
            node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value in (0xFFFFFFFF, -1)
        )
    if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Pow):
        exponent = node.right if isinstance(node, ast.BinOp) else node.value
        return not (
            isinstance(exponent, ast.Constant)
            and type(exponent.value) is int
            and 0 <= exponent.value <= 64
        )
    return False


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
