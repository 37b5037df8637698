"""`simt-bench`: suites, JSON and plots on the sim backend; the gpu path with a fake device.

The gpu backend is tested as tests/lowering/test_runtime.py tests the runtime:
everything real up to the device (PTX from `simt.to_ptx`, `GpuKernel` and the
numba-ABI marshalling), with the loader, launcher, copies and timer replaced.
The fake device computes each launch with the kernel's numpy reference on the
arrays the marshalled pointers address, so the output checks run for real.
"""

from __future__ import annotations

import ctypes
import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from simt.bench import suites
from simt.bench.kernels import CORPUS, KernelSpec
from simt.bench.suites import (
    NUMBA,
    ORIGINAL,
    QUICK_KERNELS,
    TRANSFORMS,
    GpuDevice,
    Suite,
    SuiteContext,
    SuiteResult,
    Table,
    compile_variant,
)
from simt.tools import simt_bench
from simt.tools.simt_bench import main

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def read_json(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


def assert_png(path: Path) -> None:
    assert path.read_bytes()[:8] == PNG_MAGIC, f"{path} is not a PNG"
    assert path.stat().st_size > 2000


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def test_console_script_lists_suites() -> None:
    script = shutil.which("simt-bench")
    assert script is not None, "simt-bench is not installed (pip install -e .)"
    done = subprocess.run(
        [script, "--list"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    names = [line.split()[0] for line in done.stdout.splitlines()]
    assert names == list(suites.SUITES)
    assert {"corpus", "fig7", "fusion", "linearize", "dpll", "sim-throughput"} <= set(
        names
    )
    assert "[sim, gpu]" in done.stdout.splitlines()[0]


def test_unknown_suite_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["corpus", "nope"]) == 2
    err = capsys.readouterr().err
    assert (
        "simt-bench: error: unknown suite 'nope'; available suites: corpus, fig7" in err
    )


def test_console_script_errors_without_traceback(tmp_path: Path) -> None:
    script = shutil.which("simt-bench")
    assert script is not None
    done = subprocess.run(
        [script, "nope", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "unknown suite 'nope'" in done.stderr and "Traceback" not in done.stderr


def test_gpu_backend_without_gpu_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(simt_bench, "gpu_available", lambda: False)
    assert main(["corpus", "--backend", "gpu", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "simt-bench: error: --backend gpu needs a CUDA GPU" in err
    assert "use --backend sim" in err
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(suites.gpu_available(), reason="a GPU is present: no error to see")
def test_console_script_gpu_without_gpu(tmp_path: Path) -> None:
    script = shutil.which("simt-bench")
    assert script is not None
    done = subprocess.run(
        [script, "corpus", "--backend", "gpu", "--quick", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "needs a CUDA GPU" in done.stderr and "Traceback" not in done.stderr


def test_sim_only_suite_on_gpu_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def no_device() -> GpuDevice:
        raise AssertionError("the backend check comes before the device")

    assert main(["fig7", "--backend", "gpu"], gpu_device=no_device) == 2
    assert "suite fig7 does not run on --backend gpu" in capsys.readouterr().err


def test_crashing_suite_is_reported_without_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def crash(ctx: SuiteContext) -> SuiteResult:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(
        simt_bench, "SUITES", {"boom": Suite("boom", "crashes", ("sim",), crash)}
    )
    assert main(["boom", "--out", str(tmp_path)]) == 1
    assert "suite boom failed: RuntimeError: disk on fire" in capsys.readouterr().err
    with pytest.raises(RuntimeError, match="disk on fire"):
        main(["boom", "--out", str(tmp_path), "--traceback"])


def test_progress_bar_only_on_a_terminal_outside_ci(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setenv("CI", "false")
    assert simt_bench.progress_enabled(False) is True
    assert simt_bench.progress_enabled(True) is False
    monkeypatch.setenv("CI", "true")
    assert simt_bench.progress_enabled(False) is False
    bar = simt_bench.make_progress(True)([1, 2, 3], "test")
    assert type(bar).__name__ == "tqdm" and list(bar) == [1, 2, 3]


def test_table_renders_aligned_columns() -> None:
    table = Table(("kernel", "x"), [("a", "1.00"), ("longer", "2")])
    assert table.render().splitlines() == [
        "kernel  x",
        "------  ----",
        "a       1.00",
        "longer  2",
    ]


def test_unregistered_pass_is_reported() -> None:
    compiled = compile_variant(CORPUS["early_exit"], "simt-no-such-pass")
    assert compiled.status == "not registered" and compiled.module is None


# ---------------------------------------------------------------------------
# corpus on the sim backend
# ---------------------------------------------------------------------------


def test_corpus_quick_on_the_simulator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["corpus", "--backend", "sim", "--quick", "--out", str(tmp_path)]) == 0
    record = read_json(tmp_path / "corpus.json")
    assert (record["suite"], record["backend"], record["quick"]) == (
        "corpus",
        "sim",
        True,
    )
    assert record["device"] and record["date"][:2] == "20"
    assert record["outputs_agree"] is True
    assert record["plots"] == ["corpus.png"]
    assert {"git_commit", "git_dirty", "wall_seconds"} <= set(record)
    assert_png(tmp_path / "corpus.png")
    kernels = {row["kernel"]: row for row in record["results"]["kernels"]}
    assert tuple(kernels) == QUICK_KERNELS
    for row in kernels.values():
        assert set(row["variants"]) == {ORIGINAL, *TRANSFORMS}
        base = row["variants"][ORIGINAL]
        assert base["status"] == "ok" and base["outputs_agree"] is True
        assert base["cycles"] > 0 and 0 < base["simd_efficiency"] <= 1
    # each of the three transformations changes one quick kernel and pays off there
    for kernel, name in [
        ("early_exit", "simt-flatten-loops"),
        ("coutinho_fig10", "simt-branch-fusion"),
        ("anantpur_fig1_branches", "simt-linearize"),
    ]:
        variant = kernels[kernel]["variants"][name]
        assert variant["changed"] is True and variant["outputs_agree"] is True
        assert variant["speedup"] > 1.05
        assert variant["cycles"] < kernels[kernel]["variants"][ORIGINAL]["cycles"]
    # the profile-guided pass got the training profile (named without its temp folder)
    optimize = kernels["early_exit"]["variants"]["simt-optimize"]
    if optimize["status"] != "not registered":
        assert optimize["pipeline"].startswith('simt-optimize{profile="early_exit.')
    unchanged = kernels["early_exit"]["variants"]["simt-branch-fusion"]
    assert unchanged["changed"] is False and unchanged["speedup"] == 1.0
    out = capsys.readouterr().out
    assert "== corpus (sim" in out and "all outputs agree" in out
    assert "coutinho_fig10" in out


def test_a_wrong_output_is_caught(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A variant whose simulated output differs fails the suite (exit 1)."""
    real = suites.simulate_variant

    def off_by_one(
        compiled: Any, case: Any, spec: KernelSpec, expected: list[Any]
    ) -> Any:
        wrong = [a.copy() if isinstance(a, np.ndarray) else a for a in expected]
        wrong[spec.outputs[0]] = wrong[spec.outputs[0]] + 1
        return real(compiled, case, spec, wrong)

    monkeypatch.setattr(suites, "QUICK_KERNELS", ("coutinho_fig10",))
    monkeypatch.setattr(suites, "simulate_variant", off_by_one)
    assert main(["corpus", "--quick", "--out", str(tmp_path)]) == 1
    record = read_json(tmp_path / "corpus.json")
    assert record["outputs_agree"] is False
    (row,) = record["results"]["kernels"]
    assert row["variants"][ORIGINAL]["mismatches"][0].startswith("output 2 (out)")


# ---------------------------------------------------------------------------
# corpus on the gpu backend, with a fake device
# ---------------------------------------------------------------------------


class FakeDeviceArray:
    """A device array sharing the host array's memory (`__cuda_array_interface__`)."""

    def __init__(self, host: np.ndarray[Any, Any]) -> None:
        self.host = host
        self.__cuda_array_interface__ = {
            "data": (host.ctypes.data, False),
            "shape": host.shape,
            "strides": None,
            "typestr": host.dtype.str,
            "version": 3,
        }


SCALARS: dict[type[Any], type[np.generic]] = {
    ctypes.c_int32: np.int32,
    ctypes.c_int64: np.int64,
    ctypes.c_float: np.float32,
    ctypes.c_double: np.float64,
    ctypes.c_uint8: np.bool_,
}


@dataclass
class FakeGpu:
    """Loads and launches by running the kernel's numpy reference; records everything."""

    corrupt_simt: bool = False
    arrays: dict[int, np.ndarray[Any, Any]] = field(default_factory=dict)
    loaded: list[tuple[str, str, tuple[int, int]]] = field(default_factory=list)
    launches: list[tuple[str, tuple[int, int, int], tuple[int, int, int]]] = field(
        default_factory=list
    )
    numba_launches: list[str] = field(default_factory=list)
    timed: int = 0

    def device(self) -> GpuDevice:
        return GpuDevice(
            name="Fake GPU",
            capability=(8, 6),
            loader=self.load,
            launcher=self.launch,
            to_device=self.to_device,
            synchronize=lambda: None,
            timer=self.timer,
            numba_jit=self.numba_jit,
        )

    def to_device(
        self, args: Sequence[object]
    ) -> tuple[list[object], Callable[[], None]]:
        converted: list[object] = []
        for value in args:
            if isinstance(value, np.ndarray):
                self.arrays[value.ctypes.data] = value
                converted.append(FakeDeviceArray(value))
            else:
                converted.append(value)
        return converted, lambda: None

    def load(self, ptx: str, entry: str, capability: tuple[int, int]) -> str:
        self.loaded.append((ptx, entry, capability))
        return entry

    def unmarshal(self, values: list[object]) -> list[Any]:
        """numba's array ABI back to host arrays and numpy scalars (1-D arrays)."""
        args: list[Any] = []
        index = 0
        while index < len(values):
            value = values[index]
            # an array: meminfo, parent, nitems, itemsize, data, shape, stride
            if isinstance(value, ctypes.c_void_p):
                data = values[index + 4]
                assert isinstance(data, ctypes.c_void_p) and data.value is not None
                args.append(self.arrays[data.value])
                index += 7
                continue
            args.append(SCALARS[type(value)](value.value))  # pyright: ignore[reportAttributeAccessIssue]
            index += 1
        return args

    def launch(self, handle: Any, grid: Any, block: Any, values: list[object]) -> None:
        self.launches.append((handle, grid, block))
        spec = spec_of(handle)
        args = self.unmarshal(values)
        spec.reference(args)
        if self.corrupt_simt:
            args[spec.outputs[0]][0] += 1

    def numba_jit(self, func: Callable[..., None], signature: str) -> Any:
        fake = self

        class Kernel:
            def __getitem__(self, config: Any) -> Callable[..., None]:
                def run(*device_args: Any) -> None:
                    fake.numba_launches.append(func.__name__)
                    hosts = [
                        a.host if isinstance(a, FakeDeviceArray) else a
                        for a in device_args
                    ]
                    spec_of(func.__name__).reference(hosts)

                return run

        assert signature == spec_of(func.__name__).signature
        return Kernel()

    def timer(self, run: Callable[[], None], warmup: int, repeat: int) -> list[float]:
        for _ in range(warmup + repeat):
            run()
        self.timed += 1
        return [float(i + 1) for i in range(repeat)]


def spec_of(entry: str) -> KernelSpec:
    return next(s for s in CORPUS.values() if s.func.__name__ == entry)


def test_corpus_on_a_fake_gpu(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gpu = FakeGpu()
    status = main(
        ["corpus", "--backend", "gpu", "--quick", "--out", str(tmp_path)],
        gpu_device=gpu.device,
    )
    assert status == 0, capsys.readouterr()
    record = read_json(tmp_path / "corpus.json")
    assert (record["backend"], record["device"], record["outputs_agree"]) == (
        "gpu",
        "Fake GPU",
        True,
    )
    assert record["results"]["timing"] == {"warmup": 1, "repeat": 5}
    assert_png(tmp_path / "corpus.png")
    for row in record["results"]["kernels"]:
        variants = row["variants"]
        assert set(variants) == {NUMBA, ORIGINAL, *TRANSFORMS}
        for name, variant in variants.items():
            assert variant["status"] == "ok", (row["kernel"], name, variant["message"])
            assert variant["outputs_agree"] is True
            assert variant["median_ms"] == 3.0 and variant["times_ms"] == [
                1,
                2,
                3,
                4,
                5,
            ]
            assert variant["speedup_vs_numba"] == 1.0
    # PTX for the device's architecture went to the loader, one per distinct variant
    assert gpu.loaded and all(cc == (8, 6) for _, _, cc in gpu.loaded)
    assert all(
        ".target sm_80" in ptx and f".entry {entry}(" in ptx
        for ptx, entry, _ in gpu.loaded
    )
    changed = sum(
        1
        for row in record["results"]["kernels"]
        for n in TRANSFORMS
        if row["variants"][n]["changed"]
    )
    assert len(gpu.loaded) == len(QUICK_KERNELS) + changed
    # each variant: one checked launch, then 1 warm-up and 5 timed launches
    assert gpu.timed == 2 * len(QUICK_KERNELS) + changed
    assert len(gpu.launches) == 7 * (len(QUICK_KERNELS) + changed)
    assert len(gpu.numba_launches) == 7 * len(QUICK_KERNELS)
    case = CORPUS["early_exit"].make_inputs(
        np.random.default_rng(suites.MEASURE_SEED), "small"
    )
    assert ("early_exit", (*case.grid, 1, 1), (*case.block, 1, 1)) in gpu.launches
    assert "numba ms" in capsys.readouterr().out


def test_fake_gpu_output_mismatch_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(suites, "QUICK_KERNELS", ("coutinho_fig10",))
    gpu = FakeGpu(corrupt_simt=True)
    args = ["corpus", "--backend", "gpu", "--quick", "--out", str(tmp_path)]
    assert main(args, gpu_device=gpu.device) == 1
    record = read_json(tmp_path / "corpus.json")
    (row,) = record["results"]["kernels"]
    assert row["variants"][NUMBA]["outputs_agree"] is True
    assert row["variants"][ORIGINAL]["outputs_agree"] is False
    assert "1 of" in row["variants"][ORIGINAL]["mismatches"][0]
    assert any("OUTPUTS DIFFER" in note for note in record["notes"])


# ---------------------------------------------------------------------------
# The wrapped suites, quick
# ---------------------------------------------------------------------------


def test_linearize_quick(tmp_path: Path) -> None:
    assert main(["linearize", "--quick", "--out", str(tmp_path)]) == 0
    record = read_json(tmp_path / "linearize.json")
    assert record["outputs_agree"] is True and len(record["results"]["code_size"]) == 2
    assert "fig1_short_circuit" in record["results"]["applications"]
    assert_png(tmp_path / "linearize.png")
