"""The metrics of a simulation, and their JSON form (the dynamic profile).

Counters (all over the whole launch):

- `issued`: warp instructions issued: for every op executed, the number of
  warps with at least one active lane at it (`scf.yield` / `simt.yield` are
  not instructions, see `costs.py`);
- `lane_ops`: active lane instructions: for every op, its active lanes;
- `simd_efficiency`: `lane_ops / (issued * warp_size)`; the padding lanes of
  a partial warp count as lanes of the warp (they are idle hardware);
- `cycles`: `sum(issued warps * op_cost(op))` over the ops executed;
- `max_stack_depth`: the deepest reconvergence stack of any warp, counting
  the bottom entry (a warp that never diverges has depth 1; Anantpur Fig. 3:
  three nested divergent if/else give 7);
- `branches[site]`: per branching op (`scf.if`, `cf.cond_br`, `cf.switch`,
  `scf.condition`, the continuation check of `scf.for`, `simt.guarded`):
  `executions` (warps that executed it) and `divergent` (those whose active
  lanes took more than one way);
- `loops[site]`: per loop (an `scf.for`/`scf.while`, or a loop of a `cf`
  graph named by its header block): `entries` (warps entering it),
  `lane_entries`, `warp_iterations` (iterations issued, summed over warps),
  `lane_iterations` (lane-iterations executed), `idle_lane_iterations`
  (lane-iterations in which a lane that entered the loop with its warp sat
  idle because it had left, or returned, while others went on), and the
  derived `idle_fraction = idle / (idle + lane_iterations)` and
  `trip_count = lane_iterations / lane_entries`. An iteration is one
  execution of the body for `scf.for`, of the `before` region (the
  condition) for `scf.while`, and of the header block for a `cf` loop;
- `block_executions[block]`: per block, how many times a warp executed it
  (a block that a warp runs twice, as Anantpur's Fig. 1 shows, counts twice).

Sites are named by position, stably for a given module: `@kernel/b0.3` is
op 3 of block 0 of `@kernel`'s body, `@kernel/b0.3/r1.b0.2` is op 2 of block
0 of region 1 of that op; a block is named like an op without the op index
(`@kernel/b2`). `simt.model.sites` computes these names.

JSON schema of `SimulationStats.to_json()` (all counts are integers):

    {"kernel": str, "grid": [x, y, z], "block": [x, y, z], "warp_size": int,
     "threads": int, "warps": int,
     "issued": int, "lane_ops": int, "simd_efficiency": float,
     "cycles": float, "max_stack_depth": int,
     "branches": {site: {"op": str, "location": str | null,
                         "executions": int, "divergent": int}},
     "loops": {site: {"op": str, "location": str | null, "entries": int,
                      "lane_entries": int, "warp_iterations": int,
                      "lane_iterations": int, "idle_lane_iterations": int,
                      "idle_fraction": float | null, "trip_count": float | null}},
     "block_executions": {block: int},
     "cost_table": {kind: float, ..., "ops": {op name: float}}}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from xdsl.ir import Block, Operation

from simt.model.costs import CostTable
from simt.model.sites import block_id, site_id


@dataclass(frozen=True)
class BranchStats:
    """How often warps executed one branch, and how often they split at it."""

    op: str
    location: str | None
    executions: int
    divergent: int

    @property
    def divergence_rate(self) -> float:
        return self.divergent / self.executions if self.executions else 0.0


@dataclass(frozen=True)
class LoopStats:
    """Entries, iterations and idle lanes of one loop (see the module doc)."""

    op: str
    location: str | None
    entries: int
    lane_entries: int
    warp_iterations: int
    lane_iterations: int
    idle_lane_iterations: int

    @property
    def idle_fraction(self) -> float | None:
        slots = self.idle_lane_iterations + self.lane_iterations
        return self.idle_lane_iterations / slots if slots else None

    @property
    def trip_count(self) -> float | None:
        return self.lane_iterations / self.lane_entries if self.lane_entries else None


@dataclass(frozen=True)
class SimulationStats:
    """The metrics of one simulated launch (see the module docstring)."""

    kernel: str
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    warp_size: int
    threads: int
    warps: int
    issued: int
    lane_ops: int
    cycles: float
    max_stack_depth: int
    branches: Mapping[str, BranchStats]
    loops: Mapping[str, LoopStats]
    block_executions: Mapping[str, int]
    cost_table: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def simd_efficiency(self) -> float:
        if self.issued == 0:
            return 1.0
        return self.lane_ops / (self.issued * self.warp_size)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kernel": self.kernel,
            "grid": list(self.grid),
            "block": list(self.block),
            "warp_size": self.warp_size,
            "threads": self.threads,
            "warps": self.warps,
            "issued": self.issued,
            "lane_ops": self.lane_ops,
            "simd_efficiency": self.simd_efficiency,
            "cycles": self.cycles,
            "max_stack_depth": self.max_stack_depth,
            "branches": {k: _branch_dict(v) for k, v in self.branches.items()},
            "loops": {k: _loop_dict(v) for k, v in self.loops.items()},
            "block_executions": dict(self.block_executions),
            "cost_table": dict(self.cost_table),
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)


def _branch_dict(stats: BranchStats) -> dict[str, Any]:
    return {
        "op": stats.op,
        "location": stats.location,
        "executions": stats.executions,
        "divergent": stats.divergent,
    }


def _loop_dict(stats: LoopStats) -> dict[str, Any]:
    return {
        "op": stats.op,
        "location": stats.location,
        "entries": stats.entries,
        "lane_entries": stats.lane_entries,
        "warp_iterations": stats.warp_iterations,
        "lane_iterations": stats.lane_iterations,
        "idle_lane_iterations": stats.idle_lane_iterations,
        "idle_fraction": stats.idle_fraction,
        "trip_count": stats.trip_count,
    }


# ---------------------------------------------------------------------------
# Collection
# ---------------------------------------------------------------------------


@dataclass
class BranchCounter:
    op: str
    location: str | None
    executions: int = 0
    divergent: int = 0

    def add(self, executions: int, divergent: int) -> None:
        self.executions += executions
        self.divergent += divergent

    def freeze(self) -> BranchStats:
        return BranchStats(self.op, self.location, self.executions, self.divergent)


@dataclass
class LoopCounter:
    op: str
    location: str | None
    entries: int = 0
    lane_entries: int = 0
    warp_iterations: int = 0
    lane_iterations: int = 0
    idle_lane_iterations: int = 0

    def enter(self, warps: int, lanes: int) -> None:
        self.entries += warps
        self.lane_entries += lanes

    def iterate(self, warps: int, lanes: int, idle: int) -> None:
        self.warp_iterations += warps
        self.lane_iterations += lanes
        self.idle_lane_iterations += idle

    def freeze(self) -> LoopStats:
        return LoopStats(
            self.op,
            self.location,
            self.entries,
            self.lane_entries,
            self.warp_iterations,
            self.lane_iterations,
            self.idle_lane_iterations,
        )


@dataclass
class Counters:
    """The counters of one launch, filled wave by wave by either engine; the
    dictionaries keep the order in which the reference engine creates their
    entries (which `to_json` shows)."""

    issued: int = 0
    lane_ops: int = 0
    cycles: float = 0.0
    max_stack_depth: int = 0
    branches: dict[Operation, BranchCounter] = field(default_factory=dict)
    loops: dict[Operation | Block, LoopCounter] = field(default_factory=dict)
    blocks: dict[Block, int] = field(default_factory=dict)

    def freeze(
        self,
        kernel: str,
        grid: tuple[int, int, int],
        block: tuple[int, int, int],
        warp_size: int,
        threads: int,
        warps: int,
        costs: CostTable,
    ) -> SimulationStats:
        return SimulationStats(
            kernel=kernel,
            grid=grid,
            block=block,
            warp_size=warp_size,
            threads=threads,
            warps=warps,
            issued=self.issued,
            lane_ops=self.lane_ops,
            cycles=self.cycles,
            max_stack_depth=self.max_stack_depth,
            branches={site_id(op): c.freeze() for op, c in self.branches.items()},
            loops={_loop_site(k): c.freeze() for k, c in self.loops.items()},
            block_executions={block_id(b): n for b, n in self.blocks.items()},
            cost_table=costs.to_dict(),
        )


def _loop_site(key: Operation | Block) -> str:
    return site_id(key) if isinstance(key, Operation) else block_id(key)
