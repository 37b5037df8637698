"""The cost table: how many issue cycles one warp instruction of each kind takes.

The simulator counts, for every op it executes, the warps that issue it (a warp
issues an op when at least one of its lanes is active) and adds
`issued warps * op_cost(op, table)` cycles. This is a throughput model with no
latency hiding or dual issue: cycles are the sum over warps of the cycles each
spends issuing, so a transformation that removes divergent duplicate work
shows up directly. The cost model of the passes calls `op_cost` with the same
table, so static estimates and simulated cycles agree on their units.

Default costs per kind (`CostTable()`), loosely after the issue rates of
NVIDIA's arithmetic-instruction throughput table (CUDA C Programming Guide,
"Arithmetic Instructions"; Volta/Ampere, per SM per clock) and common
memory latencies seen from one warp that has nothing else to run:

| kind | ops | cycles |
|---|---|---|
| `alu` | integer add/sub/logic/shift/compare/select/min/max, casts, `math.absi`/`ctpop`/`ctlz`/`cttz` | 1 |
| `int_mul` | `arith.muli` | 1 |
| `int_div` | integer division and remainder (a software sequence on GPUs) | 20 |
| `float_arith` | float add/sub/mul/neg/min/max/compare, abs, floor, ceil | 1 |
| `float_div` | `arith.divf`, `arith.remf` | 8 |
| `sqrt` | `math.sqrt`, `math.rsqrt` | 8 |
| `transcendental` | exp, log, sin, cos, pow, ... (SFU) | 16 |
| `convert` | int <-> float conversions, float extension/truncation | 1 |
| `constant` | `arith.constant` (a register move) | 1 |
| `special_reg` | thread/block ids and sizes, lane id, warp size | 1 |
| `load` / `store` | `memref.load` / `memref.store` | 4 |
| `atomic` | `simt.atomic_add` | 20 |
| `branch` | `cf.br`, `cf.cond_br`, `cf.switch`, `scf.if`, `scf.condition`, loop checks, `func.return`, `func.call` | 1 |
| `barrier` | `simt.barrier` | 4 |
| `vote` | `simt.vote_any`, `simt.vote_all`, `simt.ballot` | 1 |
| `guard` | `simt.guard.*`, `simt.guarded` (a predicate test) | 1 |
| `alloc` | `memref.alloca`, `memref.dim` (resolved at compile time) | 0 |
| `free` | `scf.yield`, `simt.yield` (phi moves; not counted as instructions) | 0 |

Override per kind (`CostTable(int_div=40)`), or per op name
(`CostTable(ops={"arith.remsi": 30})`), or pass a plain mapping to
`simulate(..., cost={"load": 100, "arith.divsi": 30})`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType

from xdsl.ir import Operation

from simt.model.facts import OpKind, cost_class


@dataclass(frozen=True)
class CostTable:
    """Issue cycles per warp instruction, per `OpKind`, with per-op-name overrides."""

    alu: float = 1
    int_mul: float = 1
    int_div: float = 20
    float_arith: float = 1
    float_div: float = 8
    sqrt: float = 8
    transcendental: float = 16
    convert: float = 1
    constant: float = 1
    special_reg: float = 1
    load: float = 4
    store: float = 4
    atomic: float = 20
    branch: float = 1
    barrier: float = 4
    vote: float = 1
    guard: float = 1
    alloc: float = 0
    free: float = 0
    ops: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    """Costs by op name (e.g. `{"arith.remsi": 30}`); they win over the kind."""

    def __post_init__(self) -> None:
        for f in fields(self):
            if f.name != "ops":
                _check_cost(f.name, getattr(self, f.name))
        for name, value in self.ops.items():
            _check_cost(name, value)
        object.__setattr__(self, "ops", MappingProxyType(dict(self.ops)))

    def kind_cost(self, kind: OpKind) -> float:
        return float(getattr(self, kind.value))

    def with_overrides(self, overrides: Mapping[str, float]) -> CostTable:
        """A copy where each key (a kind name like "load" or an op name like
        "arith.divsi") takes the given cost."""
        kinds = {k.value for k in OpKind}
        by_kind = {k: v for k, v in overrides.items() if k in kinds}
        by_name = {k: v for k, v in overrides.items() if k not in kinds}
        unknown = [k for k in by_name if "." not in k]
        if unknown:
            raise ValueError(
                f"unknown cost keys {unknown}: expected an op kind "
                f"({', '.join(sorted(kinds))}) or an op name like 'arith.addi'"
            )
        return replace(self, **by_kind, ops={**self.ops, **by_name})

    def to_dict(self) -> dict[str, float | dict[str, float]]:
        table: dict[str, float | dict[str, float]] = {
            k.value: self.kind_cost(k) for k in OpKind
        }
        table["ops"] = dict(self.ops)
        return table


def _check_cost(name: str, value: object) -> None:
    if not isinstance(value, int | float) or value < 0:
        raise ValueError(
            f"cost of '{name}' must be a non-negative number, found {value!r}"
        )


DEFAULT_COST_TABLE = CostTable()


def op_cost(
    op: Operation | type[Operation], table: CostTable = DEFAULT_COST_TABLE
) -> float:
    """Issue cycles of one warp executing `op` (an op or an op class) once:
    the table's entry for its name, else for its cost class."""
    own = table.ops.get(op.name)
    return float(own) if own is not None else table.kind_cost(cost_class(op))


def is_instruction(op: Operation | type[Operation]) -> bool:
    """False for the ops that only carry values (`scf.yield`, `simt.yield`)."""
    return cost_class(op) is not OpKind.FREE


def as_cost_table(cost: CostTable | Mapping[str, float] | None) -> CostTable:
    """The table `simulate(cost=...)` means: the default, a table, or overrides."""
    if cost is None:
        return DEFAULT_COST_TABLE
    if isinstance(cost, CostTable):
        return cost
    return DEFAULT_COST_TABLE.with_overrides(cost)
