"""Writes tests/filecheck/passes/Inputs/simt-optimize.profile.json.

The profile of `tests/filecheck/passes/simt-optimize.mlir`: one simulator run
per kernel (`simt.profile`) on fixed sample inputs, as a JSON list. Run
`python tests/optimize/make_filecheck_profile.py` after changing the kernels
of that test or the simulator's counts; `test_filecheck_profile.py` checks
that the committed file is current.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

import simt

PASSES = Path(__file__).resolve().parents[1] / "filecheck" / "passes"
SOURCE = PASSES / "simt-optimize.mlir"
PROFILE = PASSES / "Inputs" / "simt-optimize.profile.json"
THREADS = 64


def parse(path: Path = SOURCE) -> ModuleOp:
    return Parser(simt.default_context(), path.read_text()).parse_module()


def profiles(module: ModuleOp) -> list[dict[str, Any]]:
    """One profile per kernel, on inputs from a fixed seed."""
    rng = np.random.default_rng(0)

    def zeros() -> np.ndarray:
        return np.zeros(THREADS, dtype=np.int32)

    def values(high: int) -> np.ndarray:
        return rng.integers(0, high, THREADS).astype(np.int32)

    launches: list[tuple[str, list[Any]]] = [
        ("fuse_divergent", [values(9), zeros(), np.int32(5)]),
        ("fuse_uniform", [values(9), zeros(), np.int32(1000)]),
        ("nest", [zeros(), np.int32(4)]),
        ("short_circuit", [zeros(), values(6)]),
    ]
    return [simt.profile(module, 2, 32, args, kernel=name) for name, args in launches]


def render(module: ModuleOp) -> str:
    return json.dumps(profiles(module), indent=1) + "\n"


if __name__ == "__main__":
    PROFILE.write_text(render(parse()))
    print(f"wrote {PROFILE}")
