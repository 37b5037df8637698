"""The corpus registry: every kernel of `paper_kernels` and `irregular` by name."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from simt.bench.kernels.irregular import IRREGULAR_KERNELS
from simt.bench.kernels.paper_kernels import PAPER_KERNELS
from simt.bench.kernels.spec import KernelSpec


def _build() -> Mapping[str, KernelSpec]:
    corpus: dict[str, KernelSpec] = {}
    for spec in (*PAPER_KERNELS, *IRREGULAR_KERNELS):
        assert spec.name not in corpus, f"duplicate corpus kernel {spec.name}"
        corpus[spec.name] = spec
    return MappingProxyType(corpus)


CORPUS: Mapping[str, KernelSpec] = _build()
"""Every corpus kernel by name, paper kernels first."""


def get(name: str) -> KernelSpec:
    """The corpus kernel called `name`; a KeyError lists the known names."""
    spec = CORPUS.get(name)
    if spec is None:
        known = ", ".join(CORPUS)
        raise KeyError(f"no corpus kernel named {name!r}; known kernels: {known}")
    return spec
