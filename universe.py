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


def _arith_ext_dialect() -> Dialect:
    from simt.dialects.arith_ext import ARITH_EXT

    return ARITH_EXT


def _flatten_loops_pass() -> type[ModulePass]:
    from simt.passes.flatten_loops import FlattenLoopsPass

    return FlattenLoopsPass


def _lower_to_llvm_pass() -> type[ModulePass]:
    from simt.lowering.to_llvm import LowerToLLVMPass

    return LowerToLLVMPass


def _llvm_target() -> type[Target]:
    # Registered as "simt-llvm": xDSL's own plugin already has a target "llvm",
    # and plugin loading rejects duplicate names. simt-opt maps "-t llvm" to it.
    from simt.lowering.targets import PluginLLVMTarget

    return PluginLLVMTarget


def _ptx_target() -> type[Target]:
    from simt.lowering.targets import PTXTarget

    return PTXTarget


def get_all_dialects() -> dict[str, Callable[[], Dialect]]:
    """The dialects simt contributes, by name."""
    # `arith_ext` holds ops named `arith.*`, which a context does not find by
    # name prefix: `simt.pipeline.register_dialects` loads it eagerly.
    return {"simt": _simt_dialect, "arith_ext": _arith_ext_dialect}


def _divergence_pass() -> type[ModulePass]:
    from simt.passes.divergence import DivergencePass

    return DivergencePass


def _test_print_divergence_pass() -> type[ModulePass]:
    from simt.passes.divergence import TestPrintDivergencePass

    return TestPrintDivergencePass


def _branch_fusion_pass() -> type[ModulePass]:
    from simt.passes.branch_fusion import BranchFusionPass

    return BranchFusionPass


def _linearize_pass() -> type[ModulePass]:
    from simt.passes.linearize import LinearizePass

    return LinearizePass


def _lift_cf_to_scf_pass() -> type[ModulePass]:
    from simt.passes.lift_cf_to_scf import LiftCFToSCFPass

    return LiftCFToSCFPass


def _loop_tree_pass() -> type[ModulePass]:
    from simt.passes.loop_tree import LoopTreePass

    return LoopTreePass


def _canonicalize_pass() -> type[ModulePass]:
    from simt.passes.canonicalize import SimtCanonicalizePass

    return SimtCanonicalizePass


def _optimize_pass() -> type[ModulePass]:
    from simt.passes.optimize import OptimizePass

    return OptimizePass


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """The passes simt contributes, by name (each a lazily imported `ModulePass`)."""
    return {
        "simt-divergence": _divergence_pass,
        "test-print-divergence": _test_print_divergence_pass,
        "simt-branch-fusion": _branch_fusion_pass,
        "simt-linearize": _linearize_pass,
        "simt-lift-cf-to-scf": _lift_cf_to_scf_pass,
        "simt-lower-to-llvm": _lower_to_llvm_pass,
        "simt-flatten-loops": _flatten_loops_pass,
        "simt-loop-tree": _loop_tree_pass,
        "simt-optimize": _optimize_pass,
        "simt-canonicalize": _canonicalize_pass,
    }


def get_all_targets() -> dict[str, Callable[[], type[Target]]]:
    """The output targets simt contributes, by name."""
    return {"simt-llvm": _llvm_target, "ptx": _ptx_target}


PASS_SUMMARIES: dict[str, str] = {
    "simt-optimize": "the default pipeline: each transformation where the cost model says it pays",
    "simt-flatten-loops": "loop nest reduction of data-dependent nested loops (Bulavintsev 2019)",
    "simt-linearize": "guard-variable linearization of unstructured regions (Anantpur 2014)",
    "simt-branch-fusion": "Smith-Waterman fusion of divergent if/else branches (Coutinho 2011)",
    "simt-canonicalize": "canonicalize, the folds it lacks (cmpi of constants, counted while loops as for loops), then cse",
    "simt-lift-cf-to-scf": "lifts structured shapes of cf block graphs to scf",
    "simt-divergence": "records the divergence analysis as attributes on the IR",
    "simt-loop-tree": "prints the tree of loops of every kernel (Bulavintsev 2021)",
    "simt-lower-to-llvm": "lowers simt IR to the llvm dialect (NVVM intrinsics)",
    "test-print-divergence": "prints the divergence analysis' answers (for tests)",
}
"""One line per simt pass, for `simt-opt --help` (which must not import the
passes to print it); the pass's docstring has the full description."""

TARGET_SUMMARIES: dict[str, str] = {
    "mlir": "the IR as text (default)",
    "llvm": "LLVM IR for nvptx64-nvidia-cuda; option arch=sm_70|sm_80|sm_90 (sm_80)",
    "ptx": "PTX through llvmlite's NVPTX backend; option arch=sm_70|sm_80|sm_90 (sm_80)",
}
"""The targets of `simt-opt -t` that matter for simt, with their options."""


SIMT_UNIVERSE = Universe(
    all_dialects=get_all_dialects(),
    all_passes=get_all_passes(),
    all_targets=get_all_targets(),
)
