"""`simt-lift-cf-to-scf`: the structured parts of `cf` block graphs to `scf`.

A thin pass over `simt.passes.utils.cfg_to_scf` (as MLIR's
`ControlFlowToSCF.cpp` is over `CFGToSCF.cpp`): it hands every region with
several blocks to `lift_cf_to_scf`, which collapses sequences, if-then(-else)
diamonds and single-exit while / do-while loops into `scf` ops and leaves
every other shape as it is. To lift any graph, linearize its unstructured
regions first (`simt-linearize` ends by lifting with the same utility).

    ^bb0:  cf.cond_br %c, ^bb1, ^bb2           %r = scf.if %c -> (i32) {
    ^bb1:  cf.br ^bb3(%x : i32)       =>          scf.yield %x : i32
    ^bb2:  cf.br ^bb3(%y : i32)                } else { scf.yield %y : i32 }
    ^bb3(%r: i32):  func.return %r             func.return %r
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass

from simt.passes.utils.cfg_to_scf import lift_cf_to_scf


@dataclass(frozen=True)
class LiftCFToSCFPass(ModulePass):
    """Lifts the structured shapes of every multi-block region to `scf`.

    Input invariant: any IR. Regions whose blocks end in `cf.br` and
    `cf.cond_br` (and any other terminator where control leaves the region,
    such as `func.return`) are what the pass works on; other terminators are
    left alone, and so are the blocks they end.

    Output IR: each sequence of blocks where the second is entered only from
    the first is one block; each if-then(-else) diamond whose arms end in
    `cf.br` to one merge block is an `scf.if` yielding the merge block's
    arguments; each loop with one header, one back edge from a body block
    entered only from the header (or from the header to itself) and one
    exit is an `scf.while` (header ops in the before region, body ops in the
    after region); a `cf.cond_br` whose two targets are the same block is
    `arith.select`s and a `cf.br`. Innermost shapes go first, so nests of
    these shapes become nests of `scf` ops, and a function made only of them
    becomes one block. Loops with several exits or back edges (`break`,
    `continue` from a nested branch, an early `return`), irreducible graphs
    and arms that end in anything but `cf.br` stay `cf`, as do the shapes
    around them.

    Invariants: the semantics of every lane (the same ops run in the same
    order on the same values); no op is duplicated or added other than the
    `scf` ops, their terminators, `arith.select`s for branches whose targets
    coincide, and an `arith.xori` with a `true` constant negating a loop
    condition whose exit is the branch's true successor. The region's first block stays first.
    """

    name = "simt-lift-cf-to-scf"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        regions = [
            region
            for inner in op.walk()
            for region in inner.regions
            if len(region.blocks) > 1
        ]
        for region in regions:
            lift_cf_to_scf(region)
