"""Every results file under bench/results/ carries one metadata schema
(`simt.bench.provenance.METADATA_KEYS` under `"metadata"`), and
`metadata()` fills it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simt.bench.provenance import METADATA_KEYS, metadata

RESULTS = Path(__file__).parents[2] / "bench" / "results"
FILES = sorted(RESULTS.glob("*.json"))


def test_there_are_results_files() -> None:
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_results_file_has_the_metadata_keys(path: Path) -> None:
    record = json.loads(path.read_text())
    assert isinstance(record, dict), "a results file is a JSON object"
    meta = record.get("metadata")
    assert isinstance(meta, dict), f"{path.name} has no 'metadata' object"
    missing = [k for k in METADATA_KEYS if k not in meta]
    assert not missing, f"{path.name}: metadata lacks {missing}"
    assert meta["device"] or meta["command"], f"{path.name}: says nothing of its source"


def test_metadata_fills_the_schema() -> None:
    meta = metadata(["python", "-m", "simt.bench.x", "--out", "a b"], seed=3)
    assert tuple(meta)[: len(METADATA_KEYS)] == METADATA_KEYS
    assert meta["command"] == "python -m simt.bench.x --out 'a b'"
    assert meta["device"].startswith("simt simulator on ") and meta["cpu"]
    assert meta["date"].startswith("20") and meta["date"].endswith("+00:00")
    assert meta["seed"] == 3
    assert meta["commit"] is None or len(meta["commit"]) == 40
