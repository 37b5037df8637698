"""Every corpus kernel, as compiled and after each transformation pass, goes from
Python source to PTX and through ptxas for sm_70, sm_80 and sm_90."""

from __future__ import annotations

from pathlib import Path

import pytest

import simt
from simt.bench.kernels import CORPUS
from simt.lowering.ptx import ARCHES
from simt.lowering.ptxas import assemble
from simt.pipeline import available_passes

PIPELINES = (
    "",
    "simt-flatten-loops{mode=always}",
    "simt-flatten-loops{mode=adaptive}",
    "simt-linearize",
    "simt-branch-fusion",
    "simt-optimize",
)


def test_every_transformation_pass_is_registered() -> None:
    names = available_passes()
    for pipeline in PIPELINES[1:]:
        assert pipeline.split("{")[0] in names


@pytest.mark.parametrize("name", sorted(CORPUS))
@pytest.mark.parametrize("pipeline", PIPELINES)
def test_corpus_kernel_assembles(name: str, pipeline: str, ptxas: Path) -> None:
    spec = CORPUS[name]
    module = simt.compile_python(spec.func, spec.signature)
    if pipeline:
        simt.apply_passes(module, pipeline)
    for arch in ARCHES:
        (resources,) = assemble(simt.to_ptx(module, arch, ptxas=False), arch, ptxas)
        assert resources.name == name
        assert resources.registers > 0
