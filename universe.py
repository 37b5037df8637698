"""The simt plugin for xDSL: dialects, passes and targets, loaded lazily.

`pyproject.toml` registers `SIMT_UNIVERSE` under the `xdsl.universe` entry point,
so plain `xdsl-opt` (and any xDSL-based driver that consults
`Universe.get_multiverse()`) sees the simt dialect and the `simt-*` passes without
our command line. Each entry imports its module only when it is used.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import Dialect
from xdsl.passes import ModulePass
from xdsl.universe import Universe
from xdsl.utils.target import Target


def _simt_dialect() -> Dialect:
    from simt.dialects.simt import SIMT

    return SIMT


def get_all_dialects() -> dict[str, Callable[[], Dialect]]:
    """The dialects simt contributes, by name."""
    return {"simt": _simt_dialect}


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """The passes simt contributes, by name (each a lazily imported `ModulePass`)."""
    return {}


def get_all_targets() -> dict[str, Callable[[], type[Target]]]:
    """The output targets simt contributes, by name."""
    return {}


SIMT_UNIVERSE = Universe(
    all_dialects=get_all_dialects(),
    all_passes=get_all_passes(),
    all_targets=get_all_targets(),
)
