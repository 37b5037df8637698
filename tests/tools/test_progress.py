"""Progress bars (`simt.bench.progress`): tqdm on a terminal's stderr, nothing
under CI or when stderr is not a terminal; autotune reports each candidate."""

from __future__ import annotations

import io
import sys

import numpy as np
import pytest

import simt
from simt.bench import progress as bench_progress
from simt.bench.kernels import CORPUS


def test_silent_when_stderr_is_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    monkeypatch.delenv("CI", raising=False)
    assert not bench_progress.progress_enabled()
    items = [1, 2, 3]
    assert bench_progress.progress(items, "x") is items
    bench_progress.counter("x")("step")
    assert sys.stderr.getvalue() == ""


def test_bar_on_a_terminal_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    monkeypatch.setattr(stream, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys, "stderr", stream)
    monkeypatch.setenv("CI", "false")
    assert bench_progress.progress_enabled()
    assert list(bench_progress.progress([1, 2], "bench")) == [1, 2]
    step = bench_progress.counter("tune")
    step("a")
    step("b")
    assert "bench" in stream.getvalue() and "tune" in stream.getvalue()
    monkeypatch.setenv("CI", "true")
    assert not bench_progress.progress_enabled()


def test_autotune_reports_every_candidate() -> None:
    spec = CORPUS["collatz"]
    case = spec.make_inputs(np.random.default_rng(1), "small")
    seen: list[str] = []
    result = simt.autotune(
        spec.func,
        case.grid,
        case.block,
        case.args,
        signature=spec.signature,
        on_candidate=lambda c: seen.append(c.pipeline),
    )
    assert seen == [c.pipeline for c in result.candidates]
