"""The nesting tree of structured loops (`scf.for`, `scf.while`) in an operation.

Source: Bulavintsev 2019, §III (loop nest reduction merges an inner loop B
into its outer loop A, so it needs "which loop encloses which") and
Bulavintsev 2021 (CFG -> tree of loops -> merge loops -> map the tree onto
the GPU hierarchy). For structured IR the tree of loops is the nesting of
the loop ops themselves, through any other op in between (`scf.if`,
`scf.execute_region`, a `simt` op with a region, ...).

Steps: walk the operations under the root in pre-order with an explicit
stack that carries, for each pending op, the innermost loop op around it;
each loop op met becomes a child of that loop (or a top-level loop).

    scf.for {                   for (depth 1)
      scf.if {                  `- while (depth 2)
        scf.while { ... }
      }
    }

The root itself counts when it is a loop op. Loops inside `cf` block graphs
are not seen here: `LoopForest` on a `ControlFlowGraph` finds those.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from xdsl.dialects import scf
from xdsl.ir import Operation

LOOP_OPS: tuple[type[Operation], ...] = (scf.ForOp, scf.WhileOp)
"""The op classes `StructuredLoopTree` treats as loops by default."""


@dataclass(frozen=True)
class StructuredLoop:
    """One loop op of a `StructuredLoopTree` and its place in the nesting."""

    op: Operation
    parent: Operation | None
    """The innermost enclosing loop op, None for a top-level loop."""
    children: tuple[Operation, ...]
    """The loop ops directly nested in this one, in program order."""
    depth: int
    """1 for a top-level loop, one more per enclosing loop."""


class StructuredLoopTree:
    """The tree of loop ops nested (at any depth) in an operation."""

    def __init__(
        self, root: Operation, loop_ops: tuple[type[Operation], ...] = LOOP_OPS
    ) -> None:
        self._root = root
        self._loop_ops = loop_ops
        parents = _loop_parents(root, loop_ops)
        self._loops = MappingProxyType(_build(parents))

    @property
    def root(self) -> Operation:
        return self._root

    @property
    def loops(self) -> tuple[StructuredLoop, ...]:
        """Every loop, in program (pre-)order: outer loops before inner ones."""
        return tuple(self._loops.values())

    @property
    def top_level(self) -> tuple[StructuredLoop, ...]:
        return tuple(loop for loop in self._loops.values() if loop.parent is None)

    @property
    def max_depth(self) -> int:
        """The deepest nesting of loops (0 when there is none)."""
        return max((loop.depth for loop in self._loops.values()), default=0)

    def __contains__(self, op: object) -> bool:
        return op in self._loops

    def node(self, op: Operation) -> StructuredLoop:
        """The tree node of the loop op `op` (KeyError if it is not one)."""
        return self._loops[op]

    def loop_of(self, op: Operation) -> StructuredLoop | None:
        """The innermost loop op that strictly encloses `op`, None if none does
        (within the root)."""
        current = op.parent_op()
        while current is not None:
            if current in self._loops:
                return self._loops[current]
            if current is self._root:
                return None
            current = current.parent_op()
        return None


def _loop_parents(
    root: Operation, loop_ops: tuple[type[Operation], ...]
) -> dict[Operation, Operation | None]:
    """Each loop op under `root` (pre-order) mapped to its innermost enclosing loop."""
    parents: dict[Operation, Operation | None] = {}
    stack: list[tuple[Operation, Operation | None]] = [(root, None)]
    while stack:
        op, enclosing = stack.pop()
        if isinstance(op, loop_ops):
            parents[op] = enclosing
            enclosing = op
        nested = [
            inner
            for region in op.regions
            for block in region.blocks
            for inner in block.ops
        ]
        stack.extend((inner, enclosing) for inner in reversed(nested))
    return parents


def _build(
    parents: Mapping[Operation, Operation | None],
) -> dict[Operation, StructuredLoop]:
    children: dict[Operation, list[Operation]] = {op: [] for op in parents}
    depth: dict[Operation, int] = {}
    for op, parent in parents.items():
        depth[op] = 1 if parent is None else depth[parent] + 1
        if parent is not None:
            children[parent].append(op)
    return {
        op: StructuredLoop(op, parent, tuple(children[op]), depth[op])
        for op, parent in parents.items()
    }
