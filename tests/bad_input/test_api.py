"""Bad calls of the public Python API: every one raises a `simt.SimtError`
whose message says what was expected and what was found, before any large
allocation (launches are checked against CUDA's limits and the machine's
memory), and never a raw `TypeError`/`AttributeError`/`MemoryError`."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pytest
from bad_input.cli_harness import assert_user_error, run_cli
from numba import cuda
from numba import types as nt

import simt
from simt.sim.launch import Launch, check_memory


def kernel(a, n):  # type: ignore[no-untyped-def]
    """A bounds-checked increment (a numba.cuda-style kernel)."""
    i = cuda.grid(1)
    if i < n:
        a[i] = a[i] + 1


def spin(a):  # type: ignore[no-untyped-def]
    """A loop that never ends while a[0] == 0."""
    i = 0
    while a[0] == 0:
        i += 1


SIGNATURE = "void(int32[:], int32)"


@pytest.fixture(scope="module")
def module() -> Any:
    return simt.compile_python(kernel, SIGNATURE)


def _a(n: int = 64) -> np.ndarray:
    return np.zeros(n, np.int32)


LAUNCHES: list[tuple[dict[str, Any], str]] = [
    (
        {"grid": 1.5, "block": 64},
        "grid must be an int or a tuple of 1 to 3 ints, found 1.5",
    ),
    (
        {"grid": 1, "block": 64.0},
        "block must be an int or a tuple of 1 to 3 ints, found 64.0",
    ),
    ({"grid": "4", "block": 64}, "grid must be an int or a tuple"),
    ({"grid": None, "block": 64}, "grid must be an int or a tuple"),
    ({"grid": True, "block": 64}, "grid must be an int or a tuple"),
    ({"grid": 0, "block": 64}, "grid dimensions must be positive ints, found 0"),
    ({"grid": -1, "block": 64}, "grid dimensions must be positive ints"),
    ({"grid": (), "block": 64}, "grid must have 1 to 3 dimensions"),
    ({"grid": (1, 1, 1, 1), "block": 64}, "grid must have 1 to 3 dimensions"),
    ({"grid": (1, 2.0), "block": 64}, "grid dimensions must be positive ints"),
    (
        {"grid": 1, "block": 2048},
        "2048 threads; CUDA allows at most 1024 threads per block",
    ),
    ({"grid": 1, "block": (32, 64)}, "CUDA allows at most 1024 threads per block"),
    (
        {"grid": 1, "block": (1, 1, 65)},
        "block dimension z is 65; CUDA allows at most 64",
    ),
    (
        {"grid": (1, 70000), "block": 32},
        "grid dimension y is 70000; CUDA allows at most 65535",
    ),
    ({"grid": (1, 1, 65536), "block": 32}, "grid dimension z is 65536"),
    ({"grid": 2**31, "block": 32}, "grid dimension x is 2147483648"),
    (
        {"grid": (2**31 - 1,), "block": 1024},
        "of simulator memory, more than this machine's",
    ),
    (
        {"grid": 1, "block": 32, "warp_size": 0},
        "warp_size must be a positive int, found 0",
    ),
    ({"grid": 1, "block": 32, "warp_size": 3.5}, "warp_size must be a positive int"),
    (
        {"grid": 1, "block": 32, "step_limit": 0},
        "step_limit must be a positive int or None",
    ),
    ({"grid": 1, "block": 32, "step_limit": 1.5}, "step_limit must be a positive int"),
    ({"grid": 1, "block": 32, "kernel": 3}, "kernel must be a function name, found 3"),
    ({"grid": 1, "block": 32, "kernel": "nope"}, "no function @nope in the module"),
]


@pytest.mark.parametrize(("launch", "message"), LAUNCHES)
def test_bad_launches_are_refused_before_running(
    module: Any, launch: dict[str, Any], message: str
) -> None:
    with pytest.raises(simt.SimulationError) as error:
        simt.simulate(module, args=[_a(), 64], **launch)
    assert message in str(error.value)
    assert isinstance(error.value, simt.SimtError)


ARGUMENTS: list[tuple[Any, str]] = [
    (5, "args must be a list of the kernel's arguments, found int"),
    ("ab", "args must be a list of the kernel's arguments, found str"),
    ([], "takes 2 arguments (a, n), found 0"),
    ([np.zeros(64, np.int32)], "takes 2 arguments"),
    ([np.zeros(64, np.int32), 64, 1], "takes 2 arguments"),
    (
        [np.zeros(64, np.float32), 64],
        "needs an array of dtype int32, found dtype float32",
    ),
    ([np.zeros((8, 8), np.int32), 64], "needs a 1-D array, found 2-D"),
    ([[0] * 64, 64], "needs a numpy array, found list"),
    ([np.zeros(64, np.int32), 2.5], "needs an integer, found 2.5"),
    ([np.zeros(64, np.int32), 2**40], "is out of range"),
    ([np.zeros(64, np.int32), "64"], "needs an integer"),
    ([np.zeros(64, np.int32), True], "needs an integer, found True"),
]


@pytest.mark.parametrize(("args", "message"), ARGUMENTS)
def test_bad_arguments_name_the_argument(module: Any, args: Any, message: str) -> None:
    with pytest.raises(simt.SimtError) as error:
        simt.simulate(module, grid=1, block=32, args=args)
    assert message in str(error.value)


def test_read_only_array_is_refused(module: Any) -> None:
    a = _a()
    a.flags.writeable = False
    with pytest.raises(simt.SimtError, match="read-only array"):
        simt.simulate(module, grid=1, block=32, args=[a, 64])


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("kernel source", "simulate needs a builtin.module"),
        (None, "simulate needs a builtin.module"),
        (kernel, "simulate needs a builtin.module"),
    ],
)
def test_simulate_needs_a_module(target: object, message: str) -> None:
    with pytest.raises(simt.SimtError, match=re.escape(message)):
        simt.simulate(target, grid=1, block=32, args=[_a(), 64])  # type: ignore[arg-type]


def test_memory_check_uses_the_machine_size() -> None:
    launch = Launch((1024, 1, 1), (1024, 1, 1), 32)
    with pytest.raises(
        simt.SimulationError, match=re.escape("more than this machine's 0.0 GiB")
    ):
        check_memory(launch, available=1024)
    check_memory(launch, available=2**40)


def test_runaway_loop_stops_at_the_given_step_limit() -> None:
    module = simt.compile_python(spin, "void(int32[:])")
    with pytest.raises(simt.SimulationError, match="step limit 5000"):
        simt.simulate(module, grid=1, block=32, args=[_a(4)], step_limit=5000)


def test_default_step_limit_scales_with_the_launch() -> None:
    from simt.sim.simulate import STEPS_PER_WARP, default_step_limit

    small = default_step_limit(Launch((1, 1, 1), (32, 1, 1), 32))
    large = default_step_limit(Launch((8, 1, 1), (256, 1, 1), 32))
    assert small == STEPS_PER_WARP
    assert large == 64 * STEPS_PER_WARP
    assert STEPS_PER_WARP < 10**8


@pytest.mark.parametrize(
    ("target", "message"),
    [("sim", "step limit 3000"), ("host", "step limit reached"), (None, "step limit")],
)
def test_jit_passes_its_step_limit_to_the_target(
    target: Literal["sim", "host"] | None, message: str
) -> None:
    launched = simt.jit("void(int32[:])", step_limit=3000, target=target)(spin)
    launched.use_gpu = lambda: False
    with pytest.raises(simt.SimtError, match=message):
        launched[1, 32](_a(4))


JIT_CASES: list[tuple[Callable[[], object], str]] = [
    (lambda: simt.jit(3), "expected a signature string like"),
    (lambda: simt.jit("void(int33[:])"), "simt.jit: expected a scalar type"),
    (lambda: simt.jit(SIGNATURE, passes=3), "passes must be a pipeline string"),
    (lambda: simt.jit(SIGNATURE)(3), "simt.jit decorates a function, found 3"),
]


@pytest.mark.parametrize(("call", "message"), JIT_CASES)
def test_jit_misuse_says_how_to_use_it(
    call: Callable[[], object], message: str
) -> None:
    with pytest.raises(simt.SimtError, match=re.escape(message)):
        call()


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (1, "a launch needs kernel[grid, block]"),
        ((1,), "a launch needs kernel[grid, block]"),
        ((1, 64, 0, 0, 0), "a launch needs kernel[grid, block]"),
        ((1, 64, 1, 0), "simt launches on the default stream"),
        ((1, 64, 0, -8), "must be a non-negative int"),
        ((1, 64.0), "block must be an int or a tuple"),
        ((1, 4096), "CUDA allows at most 1024 threads per block"),
    ],
)
def test_bad_launch_configurations(config: object, message: str) -> None:
    launched = simt.jit(SIGNATURE)(kernel)
    launched.use_gpu = lambda: False
    with pytest.raises(simt.SimtError, match=re.escape(message)):
        launched[config](_a(), 64)  # type: ignore[index]


def test_numba_signature_objects_are_accepted() -> None:
    signature = nt.void(nt.int32[:], nt.int32)
    module = simt.compile_python(kernel, signature)  # type: ignore[arg-type]
    a = _a()
    simt.simulate(module, grid=2, block=32, args=[a, 40])
    assert a.tolist() == [1] * 40 + [0] * 24


@pytest.mark.parametrize(
    ("signature", "message"),
    [
        ("void(int33[:], int32)", "expected a scalar type"),
        ("int32(int32[:], int32)", "expected return type 'void'"),
        ("void int32", "expected a signature like"),
        ("void(int32[:])", ""),
        (3.5, "expected a signature string like"),
    ],
)
def test_bad_signatures(signature: object, message: str) -> None:
    with pytest.raises(simt.SimtError, match=re.escape(message)):
        simt.compile_python(kernel, signature)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("contents", "message"),
    [
        (None, "No such file or directory"),
        ("{not json", "not JSON"),
        ("[1, 2, 3]", ""),
        ('{"kernel": "k", "loops": {"@k/b0.3": {"trip_count": "many"}}}', "many"),
    ],
)
@pytest.mark.parametrize("pass_name", ["simt-loop-tree", "simt-optimize"])
def test_bad_profiles_are_errors(
    tmp_path: Path, contents: str | None, message: str, pass_name: str
) -> None:
    source = tmp_path / "k.mlir"
    source.write_text(
        "func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {\n  func.return\n}\n"
    )
    profile = tmp_path / "profile.json"
    if contents is not None:
        profile.write_text(contents)
    outcome = run_cli(str(source), "-p", f"{pass_name}{{profile={profile}}}")
    assert_user_error(outcome, f"simt-opt: error: {pass_name}", str(profile))
    if pass_name == "simt-loop-tree":
        assert message in outcome.err


def test_profile_of_another_kernel_is_reported(tmp_path: Path) -> None:
    source = tmp_path / "k.mlir"
    source.write_text(
        "func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {\n  func.return\n}\n"
    )
    profile = tmp_path / "other.json"
    profile.write_text(json.dumps({"kernel": "other", "loops": {}, "branches": {}}))
    outcome = run_cli(str(source), "-p", f"simt-loop-tree{{profile={profile}}}")
    assert outcome.status in (0, 1)
    assert "Traceback" not in outcome.err
    assert "other" in outcome.err + outcome.out


def test_ctrl_c_stops_with_a_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    from simt.sim.machine import Machine
    from simt.sim.simulate import SimulationInterrupted

    module = simt.compile_python(spin, "void(int32[:])")
    account = Machine.account
    calls = {"n": 0}

    def interrupt_later(self: Machine, *args: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 200:
            raise KeyboardInterrupt
        account(self, *args)

    monkeypatch.setattr(Machine, "account", interrupt_later)
    with pytest.raises(SimulationInterrupted) as error:
        # the reference engine: `Machine.account` is where the test interrupts
        simt.simulate(module, grid=1, block=32, args=[_a(4)], engine="reference")
    message = str(error.value)
    assert message.startswith("@spin: interrupted after ")
    assert "busiest loops: " in message and "warp iterations" in message
    assert isinstance(error.value, KeyboardInterrupt)
