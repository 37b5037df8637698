"""simt: an xDSL compiler toolkit that removes SIMT branch divergence from GPU kernels.

The public Python API (see DESIGN.md) is re-exported here; the subpackages
(`simt.dialects`, `simt.analysis`, `simt.passes`, ...) hold the pieces that
embedding compilers import directly.

Every name is imported on first use (PEP 562 `__getattr__`), so that
`import simt.dialects.simt` (what `xdsl-opt`'s plugin loads) pays for
neither the simulator's numpy nor the lowering's llvmlite.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from simt.dialects.simt import SIMT
    from simt.frontend import compile_python
    from simt.lowering.ptx import to_llvm_ir, to_ptx
    from simt.model.errors import SimtError
    from simt.pipeline import apply_passes, default_context
    from simt.runtime.host import execute
    from simt.runtime.jit import jit
    from simt.sim import SimulationError, SimulationResult, SimulationStats, simulate
    from simt.sim.profile import profile
    from simt.tuning import AutotuneResult, autotune

_EXPORTS = {
    "SIMT": "simt.dialects.simt",
    "AutotuneResult": "simt.tuning",
    "SimtError": "simt.model.errors",
    "SimulationError": "simt.sim",
    "SimulationResult": "simt.sim",
    "SimulationStats": "simt.sim",
    "apply_passes": "simt.pipeline",
    "autotune": "simt.tuning",
    "compile_python": "simt.frontend",
    "default_context": "simt.pipeline",
    "execute": "simt.runtime.host",
    "jit": "simt.runtime.jit",
    "profile": "simt.sim.profile",
    "simulate": "simt.sim",
    "to_llvm_ir": "simt.lowering.ptx",
    "to_ptx": "simt.lowering.ptx",
}

__all__ = [
    "SIMT",
    "AutotuneResult",
    "SimtError",
    "SimulationError",
    "SimulationResult",
    "SimulationStats",
    "apply_passes",
    "autotune",
    "compile_python",
    "default_context",
    "execute",
    "jit",
    "profile",
    "simulate",
    "to_llvm_ir",
    "to_ptx",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'simt' has no attribute '{name}'")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
