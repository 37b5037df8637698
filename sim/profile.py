"""`simt.profile`: a dynamic profile of a kernel in one call.

The profile is the simulator's metrics (`SimulationStats.to_dict()`, schema
in `simt.sim.stats`) of one launch on sample inputs: per-branch divergence,
per-loop trip counts and idle lanes, per-block executions. `simt-optimize`
and `simt-flatten-loops` read it (`profile=path.json`) to predict what their
transformations gain.

Sites in a profile are named by position in the IR (`@kernel/b0.3/r1.b0.2`),
so the profile must be taken on the module exactly as it is handed to the
pass: profile the IR before optimization, never after.

    data = simt.profile(module, grid=(4,), block=(128,), args=[a, b, n],
                        path="kernel.profile.json")
    simt.apply_passes(module, "simt-optimize{profile=kernel.profile.json}")

The arguments are copied before the run, so the caller's arrays keep their
values and the same inputs can be run again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp

from simt.sim.simulate import simulate


def profile(
    module: ModuleOp,
    grid: int | Sequence[int],
    block: int | Sequence[int],
    args: Sequence[Any],
    kernel: str | None = None,
    warp_size: int = 32,
    *,
    path: str | Path | None = None,
    step_limit: int | None = None,
) -> dict[str, Any]:
    """Simulates `kernel` of `module` on copies of `args` and returns its
    profile (`SimulationStats.to_dict()`); writes it as JSON to `path` too
    when one is given. `step_limit` is `simt.simulate`'s (None: its default).
    Errors of the launch raise `SimulationError`."""
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    result = simulate(
        module,
        grid,
        block,
        copies,
        kernel=kernel,
        warp_size=warp_size,
        trace=False,
        step_limit=step_limit,
    )
    data = result.stats.to_dict()
    if path is not None:
        Path(path).write_text(json.dumps(data, indent=2) + "\n")
    return data
