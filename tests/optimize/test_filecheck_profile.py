"""The committed profile of the simt-optimize filecheck test is current."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def _generator() -> ModuleType:
    path = Path(__file__).with_name("make_filecheck_profile.py")
    spec = importlib.util.spec_from_file_location("make_filecheck_profile", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_profile_matches_a_fresh_simulation() -> None:
    generator = _generator()
    fresh = generator.render(generator.parse())
    assert generator.PROFILE.read_text() == fresh, (
        "tests/filecheck/passes/Inputs/simt-optimize.profile.json is stale: run "
        "python tests/optimize/make_filecheck_profile.py"
    )
