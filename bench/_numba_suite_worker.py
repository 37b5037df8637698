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
   raised (`raise` in the kernel, or a check of numba's Python error model:
   the kernel is compiled with its `debug` and `fastmath`) reaches the test
   from simt, as numba's launcher raises it (a `ZeroDivisionError` is also a
   `FloatingPointError`, which numba's simulator raises instead:
   `SimulatorZeroDivisionError`).

simt's rejection of a kernel reaches the test as numba's `TypingError` where
the test expects that error around the launch or around `cuda.jit(signature)
(f)` (which then compiles at once, as numba does): `_surface_rejection`.
numba-cuda's cache-hint functions, `None` in the simulator, are given Python
definitions (`_cache_hints`).

Some tests make their kernels with `exec()` from source text; Python keeps
no source for such functions, and simt's frontend reads source (where a
user passes `source=`). The worker's `exec` registers each text in
`linecache` under a file name of its own, as IPython does for its cells
(`_keep_exec_sources`), so that `inspect` finds it.

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

_STEP_LIMIT = 10**9
"""Warp instructions a launch may take (a few minutes at most); the largest
documentation example takes about 4 * 10^8."""
_ARCHES = ("sm_70", "sm_80", "sm_90")
_RTOL = 1e-5
_REFERENCE_THREADS = 2**16
"""Launches of more threads get no reference run: numba's simulator runs a
Python thread per CUDA thread (about 10^4 per second), and the documentation
examples launch 10^6. The test's own assertions judge simt's outputs."""


CompileKey = tuple[int, str, bool, bool]
"""What a kernel compiles to depends on: its function's id, the signature,
numba's `debug` and `fastmath`."""


class Recorder:
    """Writes the JSON lines and remembers what each kernel compiled to."""

    def __init__(self, path: str, module: str) -> None:
        self.out = open(path, "w")  # noqa: SIM115
        self.module = module
        self.test = ""
        self.launched: list[str] = []
        self.compiled: dict[CompileKey, Any] = {}
        self.assembled: dict[CompileKey, str] = {}
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
    if root.startswith("<exec-"):
        root = "<string>"  # counted as before `_keep_exec_sources`
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
    _surface_rejection(record, recorder)
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
    if isinstance(ran, ZeroDivisionError):
        raise SimulatorZeroDivisionError(*ran.args) from ran
    if isinstance(ran, BaseException):
        raise ran
    return None


class SimulatorZeroDivisionError(ZeroDivisionError, FloatingPointError):
    """A lane's `ZeroDivisionError` (numba's Python error model, `debug=True`)
    as the test sees it: numba's simulator computes with numpy's error mode
    set to raise and gives `FloatingPointError` where the GPU gives
    `ZeroDivisionError`, and numba-cuda's tests expect one or the other by
    `config.ENABLE_CUDASIM` (test_exception.py); the worker runs them in the
    simulator's mode, so simt's exception is both."""


def _reference(kernel: Any, copies: list[Any], original: Callable[..., Any]) -> str:
    threads = int(np.prod(tuple(kernel.grid_dim))) * int(
        np.prod(tuple(kernel.block_dim))
    )
    if threads > _REFERENCE_THREADS:
        return f"skipped: {threads} threads (numba's simulator would take hours)"
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
    # numba's `debug` and `fastmath` change what is compiled (the checks of
    # numba's Python error model), so they are part of the key.
    debug, fastmath = _options(kernel)
    key = (id(fn), str(signature), debug, fastmath)
    recorder.functions.append(fn)
    module = recorder.compiled.get(key)
    if module is None:
        try:
            module = simt.compile_python(fn, signature, debug=debug, fastmath=fastmath)
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


def _compile_eagerly(kernel: Any) -> None:
    """numba compiles a kernel declared with a signature at once
    (`cuda.jit("void(float32[:])")(f)`) and raises its `TypingError` there;
    simt does the same where the test expects that error."""
    recorder = RECORDER
    assert recorder is not None
    record: dict[str, Any] = {
        "kind": "launch",
        "module": recorder.module,
        "test": recorder.test,
        "kernel": _kernel_id(kernel.fn),
        "eager": True,
    }
    _compile(kernel, (), record, recorder)
    _surface_rejection(record, recorder)
    recorder.launched.append(json.dumps(record["kernel"], sort_keys=True))
    recorder.write(record)


def _surface_rejection(record: dict[str, Any], recorder: Recorder) -> None:
    """Raises simt's rejection of the kernel as numba's `TypingError` when the
    test expects one where it compiles or launches the kernel (`with
    self.assertRaises(TypingError)`); the record says so (`typing_error`).
    Elsewhere a rejected kernel runs on numba's simulator, so that the test
    reaches its later launches."""
    compiled = record.get("compile", "")
    if not compiled.startswith("rejected: "):
        return
    expected = _expected_typing_error()
    if expected is None:
        return
    record["typing_error"] = True
    recorder.launched.append(json.dumps(record["kernel"], sort_keys=True))
    recorder.write(record)
    raise expected(compiled.removeprefix("rejected: "))


_ASSERT_RAISES = ("assertRaises", "assertRaisesRegex")


def _expected_typing_error() -> type[Exception] | None:
    """numba's `TypingError` class that the running test expects here: the
    code of the test module on the stack is inside `with
    self.assertRaises(E)` or `assertRaisesRegex(E, ...)` where E is numba's
    `TypingError` (numba-cuda has two, `numba.core.errors` and
    `numba.cuda.core.errors`) or a base class of one. None when no such
    `with` encloses the call."""
    recorder = RECORDER
    module = sys.modules.get(recorder.module) if recorder is not None else None
    path = getattr(module, "__file__", None)
    frame = sys._getframe(1)  # pyright: ignore[reportPrivateUsage]
    while frame is not None:
        if path is not None and frame.f_code.co_filename == path:
            for expected in _expected_errors(path, frame):
                found = _typing_error_of(expected)
                if found is not None:
                    return found
        frame = frame.f_back
    return None


def _expected_errors(path: str, frame: types.FrameType) -> Iterator[Any]:
    """The exception classes of the `assertRaises` blocks around the line
    `frame` runs in the file `path`."""
    for block in _with_blocks(path):
        if not block.body[0].lineno <= frame.f_lineno <= (block.end_lineno or 0):
            continue
        for item in block.items:
            call = item.context_expr
            if not (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr in _ASSERT_RAISES
                and call.args
            ):
                continue
            text = ast.unparse(call.args[0])
            with contextlib.suppress(Exception):
                yield eval(text, frame.f_globals, frame.f_locals)


_WITH_BLOCKS: dict[str, list[ast.With]] = {}


def _with_blocks(path: str) -> list[ast.With]:
    found = _WITH_BLOCKS.get(path)
    if found is None:
        with open(path) as source:
            tree = ast.parse(source.read())
        found = [node for node in ast.walk(tree) if isinstance(node, ast.With)]
        _WITH_BLOCKS[path] = found
    return found


def _typing_error_of(expected: Any) -> type[Exception] | None:
    """The `TypingError` class that is `expected` or derives from it."""
    from numba.core.errors import TypingError

    cuda_errors = importlib.import_module("numba.cuda.core.errors")
    classes = expected if isinstance(expected, tuple) else (expected,)
    for error in (cuda_errors.TypingError, TypingError):
        if any(isinstance(c, type) and issubclass(error, c) for c in classes):
            return error
    return None


def _options(kernel: Any) -> tuple[bool, bool]:
    """The kernel's numba options `debug` and `fastmath`."""
    return bool(getattr(kernel, "_debug", False)), bool(
        getattr(kernel, "_fastmath", False)
    )


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


def _assemble(module: Any, key: CompileKey, recorder: Recorder) -> str:
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
            if _expected_typing_error() is not None:
                _compile_eagerly(kernel)
            return kernel

        return wrapper

    api.jit = jit
    numba.cuda.jit = jit  # pyright: ignore[reportAttributeAccessIssue]


def _keep_exec_sources() -> None:
    """`exec(text, ...)` compiles `text` under a file name of its own whose
    lines `linecache` holds (see the module docstring)."""
    import builtins
    import itertools
    import linecache

    original = builtins.exec
    numbers = itertools.count()

    def exec_with_source(source: Any, *args: Any, **kwargs: Any) -> None:
        if isinstance(source, str):
            name = f"<exec-{next(numbers)}>"
            lines = source.splitlines(keepends=True)
            linecache.cache[name] = (len(source), None, lines, name)
            source = compile(source, name, "exec", dont_inherit=True)
        original(source, *args, **kwargs)

    builtins.exec = exec_with_source


def _compile_rng_init() -> None:
    """numba-cuda's `init_xoroshiro128p_states_cpu` (host code that makes the
    states of `create_xoroshiro128p_states`) runs in numba's object mode under
    the simulator, about 10^3 states a second: the documentation examples
    make 10^6. Here it and the functions it calls are compiled by numba's CPU
    JIT in nopython mode, from their own source, as numba does outside the
    simulator: the same states, computed in about a second."""
    import numba
    from numba.core.dispatcher import Dispatcher
    from numba.cuda import random as rng

    namespace = dict(vars(rng))
    for name, value in vars(rng).items():
        if isinstance(value, Dispatcher):
            py_func = value.py_func
            rebound = types.FunctionType(
                py_func.__code__, namespace, name, py_func.__defaults__
            )
            namespace[name] = numba.njit(rebound)
    rng.init_xoroshiro128p_states_cpu = namespace["init_xoroshiro128p_states_cpu"]


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
    _cache_hints(kernelapi.FakeCUDAModule)
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


def _cache_hints(fake_module: type) -> None:
    """numba-cuda's cache-hinted loads and stores (`cuda.ldcg(a, i)`,
    `cuda.stcs(a, i, v)`), which its simulator leaves `None`: as Python
    functions of the same names, the plain `a[i]` and `a[i] = v`, in the
    simulator's `cuda` module (so that simt resolves them, also through a
    variable bound to one, as it resolves numba-cuda's own) and in the
    module the simulator gives a running kernel."""
    import numba.cuda
    from numba.cuda.simulator import api

    from simt.dialects.simt import LOAD_CACHE_HINTS, STORE_CACHE_HINTS

    made: list[Callable[..., Any]] = [_hinted_load(f"ld{h}") for h in LOAD_CACHE_HINTS]
    made += [_hinted_store(f"st{h}") for h in STORE_CACHE_HINTS]
    for function in made:
        for module in (numba.cuda, api):
            if getattr(module, function.__name__, None) is None:
                setattr(module, function.__name__, function)
        setattr(fake_module, function.__name__, staticmethod(function))


def _hinted_load(name: str) -> Callable[[Any, Any], Any]:
    def load(array: Any, index: Any) -> Any:
        return array[index]

    load.__name__ = load.__qualname__ = name
    return load


def _hinted_store(name: str) -> Callable[[Any, Any, Any], None]:
    def store(array: Any, index: Any, value: Any) -> None:
        array[index] = value

    store.__name__ = store.__qualname__ = name
    return store


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
            for (fn, key, _, _), module in recorder.compiled.items()
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
    _compile_rng_init()
    _keep_exec_sources()
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
