"""simt.sim: the lockstep warp simulator and its metrics (DESIGN.md, "The simulator").

A model of a SIMT machine, vectorized with numpy over all threads of a launch:
warps of `warp_size` consecutive threads execute each op for their active
lanes; structured control flow reconverges at the end of its op, `cf` block
graphs at the immediate post-dominator through a per-warp reconvergence stack
(`reconvergence.py`), so duplicate block execution (Anantpur 2014, Fig. 1) and
stack depth (Fig. 3) are measured. A cost table (`simt.model.costs`) turns issued
instructions into cycles; the statistics (`stats.py`) are the dynamic profile
the cost model reads; an activity heat map shows divergence at a glance.

    result = simulate(module, grid=(4,), block=(128,), args=[a, b, n])
    result.stats.simd_efficiency; result.stats.to_json()
    result.plot_activity("activity.png")

Faults of the simulated program (out-of-bounds accesses, division by zero,
divergent barriers, ...) raise `SimulationError` naming the op, its location,
the thread and the offending value.

Modules: `simulate` (entry point, kernel choice, argument binding), `machine`
(compiles ops into runners, accounting), `structured` (scf and guarded
regions), `reconvergence` (cf graphs on the IPDOM stack), `arith` (arith and
math lane semantics), `handlers` (thread identity, collectives, guards,
memory, calls), `memory`, `launch` (threads to warps and slots), `values`,
`stats`, `activity` (the heat map), `errors` and `profile` (`simt.profile`).
The cost table and the site names are the machine model's
(`simt.model.costs`, `simt.model.sites`), re-exported here.
"""

from simt.model.costs import DEFAULT_COST_TABLE, CostTable, op_cost
from simt.model.facts import OpKind
from simt.model.sites import block_id, site_id
from simt.sim.errors import SimulationError
from simt.sim.profile import profile
from simt.sim.simulate import SimulationResult, Simulator, simulate
from simt.sim.stats import BranchStats, LoopStats, SimulationStats

__all__ = [
    "DEFAULT_COST_TABLE",
    "BranchStats",
    "CostTable",
    "LoopStats",
    "OpKind",
    "SimulationError",
    "SimulationResult",
    "SimulationStats",
    "Simulator",
    "block_id",
    "op_cost",
    "profile",
    "simulate",
    "site_id",
]
