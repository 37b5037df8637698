"""The first native simulation of a fresh checkout says that it compiles."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from simt.sim import native_machine


def _engine(signatures: list[str], index: str) -> SimpleNamespace:
    cache = SimpleNamespace(_cache_file=SimpleNamespace(_index_path=index))
    return SimpleNamespace(signatures=signatures, _cache=cache)


@pytest.mark.parametrize(
    ("signatures", "cached", "announced"),
    [([], False, True), ([], True, False), (["(...)"], False, False)],
)
def test_announces_only_a_compile_that_will_happen(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    signatures: list[str],
    cached: bool,
    announced: bool,
) -> None:
    index = tmp_path / "run.nbi"
    if cached:
        index.write_text("")
    fake = SimpleNamespace(run=_engine(signatures, str(index)))
    monkeypatch.setattr(native_machine, "N", fake)
    monkeypatch.setattr(native_machine, "_announced", False)
    native_machine.announce_first_compile()
    native_machine.announce_first_compile()
    err = capsys.readouterr().err
    assert err.count("compiling the simulator's native engine") == int(announced)
