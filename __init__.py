"""simt: an xDSL compiler toolkit that removes SIMT branch divergence from GPU kernels.

The public Python API (see DESIGN.md) is re-exported here as it comes into being;
the subpackages (`simt.dialects`, `simt.analysis`, `simt.passes`, ...) hold the
pieces that embedding compilers import directly.
"""

from simt.dialects.simt import SIMT
from simt.frontend import compile_python
from simt.lowering.ptx import to_llvm_ir, to_ptx
from simt.runtime.jit import jit
from simt.sim import SimulationError, SimulationResult, SimulationStats, simulate
from simt.tools.pipeline import apply_passes, default_context
from simt.tools.profile import profile

__all__ = [
    "SIMT",
    "SimulationError",
    "SimulationResult",
    "SimulationStats",
    "apply_passes",
    "compile_python",
    "default_context",
    "jit",
    "profile",
    "simulate",
    "to_llvm_ir",
    "to_ptx",
]
