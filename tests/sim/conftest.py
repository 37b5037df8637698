"""Fixtures of the simulator tests: parse MLIR text and simulate it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

import simt
from simt.sim import SimulationResult, simulate

Parse = Callable[[str], ModuleOp]
Run = Callable[..., SimulationResult]


@pytest.fixture
def parse() -> Parse:
    def parse_module(source: str) -> ModuleOp:
        module = Parser(simt.default_context(), source).parse_module()
        module.verify()
        return module

    return parse_module


@pytest.fixture(params=["auto", "reference"])
def run(parse: Parse, request: pytest.FixtureRequest) -> Run:
    """`run(source, args, grid=1, block=32, **options)`: parse and simulate,
    with the native engine where it applies and with the reference engine
    (every test that runs IR checks both)."""
    engine: str = request.param

    def run_source(
        source: str,
        args: Sequence[Any],
        grid: int | Sequence[int] = 1,
        block: int | Sequence[int] = 32,
        **options: Any,
    ) -> SimulationResult:
        options.setdefault("engine", engine)
        return simulate(parse(source), grid, block, args, **options)

    return run_source
