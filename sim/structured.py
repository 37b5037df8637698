"""Structured control flow: `scf.if`, `scf.for`, `scf.while`, `simt.guarded`.

A structured op runs its regions under narrowed masks and reconverges at its
end: `scf.if` runs the then-region for the active lanes whose condition
holds, then the else-region for the others (a region no lane takes is not
issued); a loop runs its body while any lane continues, lanes that leave
wait (idle) until the last one leaves, and each lane's results are its own
values at the moment it left.

The reconvergence stack is modelled as the lowered code would use it (the
pre-Volta IPDOM stack of GPGPU-Sim that the papers assume): a warp whose
lanes split at an `scf.if` turns its top entry into the reconvergence entry
and pushes one entry per non-empty side (else first, so then runs first):
+2 while the then-region runs, +1 during the else-region. A warp whose lanes
split at a loop exit pushes one entry for the lanes still looping (+1 for
the rest of the loop); leaving again later reuses it. `simt.guarded` is a
branch around its body (+1 while the body runs, for a warp that splits).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
from xdsl.dialects import scf
from xdsl.ir import Block, Operation, SSAValue

from simt.dialects.simt import GuardedOp
from simt.model.facts import OpKind
from simt.sim.arith import LaneFault
from simt.sim.values import ExecMask, IntArray, Value, merge

if TYPE_CHECKING:
    from simt.sim.machine import CompiledBlock, Env, Machine, Runner


def _assign(
    env: Env,
    results: Sequence[SSAValue],
    values: Sequence[Value],
    mask: ExecMask,
    merged: bool,
) -> None:
    for result, value in zip(results, values, strict=True):
        env[id(result)] = merge(mask, value, env.get(id(result))) if merged else value


def _region_nonempty(block: Block | None) -> bool:
    """True when the block holds more than its terminator (it issues code)."""
    if block is None:
        return False
    first = block.first_op
    return first is not None and first is not block.last_op


def _yielded(env: Env, block: Block) -> list[Value]:
    terminator = block.last_op
    assert terminator is not None
    return [env[id(o)] for o in terminator.operands]


class _Deeper:
    """Raises the stack depth of the warps in `warps` by `extra` for a while."""

    def __init__(self, machine: Machine, warps: IntArray | None, extra: int) -> None:
        self.machine = machine
        self.warps = warps
        self.extra = extra
        self.saved = machine.depth

    def __enter__(self) -> None:
        if self.warps is None or self.extra == 0:
            return
        deeper = self.saved.copy()
        deeper[self.warps] += self.extra
        self.machine.depth = deeper
        self.machine.note_depth(deeper[self.warps])

    def __exit__(self, *_: object) -> None:
        self.machine.depth = self.saved


def _split_warps(left: ExecMask, right: ExecMask) -> IntArray | None:
    """The warps with active lanes on both sides, or None if there are none."""
    both = np.flatnonzero(left.warps & right.warps)
    return both if len(both) else None


def build_if(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, scf.IfOp)
    then_block = op.true_region.block
    else_block = op.false_region.blocks.first
    then_code = machine.compiled(then_block)
    else_code = machine.compiled(else_block) if else_block is not None else None
    then_push = 1 + int(_region_nonempty(else_block))
    cond = op.cond
    results = tuple(op.results)
    counter = machine.branch_counter(op)

    def run(env: Env, mask: ExecMask) -> None:
        c = env[id(cond)]
        taken, other = mask.split(c)
        split = _split_warps(taken, other)
        counter.add(mask.issued, 0 if split is None else len(split))
        then_values = else_values = None
        if taken.any:
            with _Deeper(machine, split, then_push):
                then_values = _run_body(machine, then_code, env, taken)
        if else_code is not None and other.any:
            with _Deeper(machine, split, 1):
                else_values = _run_body(machine, else_code, env, other)
        values = _combine(c, then_values, else_values)
        if values is not None:
            _assign(env, results, values, mask, merged)

    return run


def _run_body(
    machine: Machine, code: CompiledBlock, env: Env, mask: ExecMask
) -> list[Value]:
    machine.run_block(code, env, mask)
    return _yielded(env, code.block)


def _combine(
    cond: Value, then_values: list[Value] | None, else_values: list[Value] | None
) -> list[Value] | None:
    if then_values is None:
        return else_values
    if else_values is None:
        return then_values
    return [
        np.where(cond, t, e)[()] for t, e in zip(then_values, else_values, strict=True)
    ]


def build_guarded(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, GuardedOp)
    body = machine.compiled(op.body.block)
    guard = op.guard
    block_id = op.block.value.data
    results = tuple(op.res)
    counter = machine.branch_counter(op)

    def run(env: Env, mask: ExecMask) -> None:
        state = env[id(guard)]
        chosen, skipped = mask.split(state.values == block_id)
        split = _split_warps(chosen, skipped)
        counter.add(mask.issued, 0 if split is None else len(split))
        if not chosen.any:
            return
        with _Deeper(machine, split, 1):
            values = _run_body(machine, body, env, chosen)
        _assign(env, results, values, chosen, merged)

    return run


class _LoopTracker:
    """Counts one loop instance's iterations, idle lanes and stack depth."""

    def __init__(
        self, machine: Machine, key: Operation, name: str, entry: ExecMask
    ) -> None:
        self.machine = machine
        self.counter = machine.loop_counter(key, name)
        self.entered = entry.warp_counts
        self.base_depth = machine.depth
        self.counter.enter(entry.issued, entry.lanes)

    def iteration(self, active: ExecMask) -> None:
        counts = active.warp_counts
        issuing = active.warps
        idle = int((self.entered - counts)[issuing].sum())
        self.counter.iterate(active.issued, active.lanes, idle)
        left = np.flatnonzero(issuing & (counts < self.entered))
        depth = self.base_depth
        if len(left):
            depth = depth.copy()
            depth[left] += 1
            self.machine.note_depth(depth[left])
        self.machine.depth = depth

    def done(self) -> None:
        self.machine.depth = self.base_depth


def _record_exit_branch(
    machine: Machine, op: Operation, stay: ExecMask, leave: ExecMask
) -> None:
    split = _split_warps(stay, leave)
    issued = int(np.count_nonzero(stay.warps | leave.warps))
    machine.branch_counter(op).add(issued, 0 if split is None else len(split))


def build_for(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, scf.ForOp)
    body = machine.compiled(op.body.block)
    iv, *carried = op.body.block.args
    lb, ub, step = op.lb, op.ub, op.step
    inits = tuple(op.iter_args)
    results = tuple(op.results)
    check_cost = machine.config.costs.kind_cost(OpKind.BRANCH)

    def run(env: Env, mask: ExecMask) -> None:
        step_value = env[id(step)]
        _check_step(step_value, mask)
        index = env[id(lb)]
        upper = env[id(ub)]
        values = [env[id(v)] for v in inits]
        active, skipped = mask.split(index < upper)
        final = _leave(skipped, values, None)
        _record_exit_branch(machine, op, active, skipped)
        tracker = _LoopTracker(machine, op, op.name, mask)
        try:
            while active.any:
                tracker.iteration(active)
                env[id(iv)] = index
                for arg, value in zip(carried, values, strict=True):
                    env[id(arg)] = value
                values = _run_body(machine, body, env, active)
                index = index + step_value
                machine.account(active, 1, check_cost)
                stay, leave = active.split(index < upper)
                _record_exit_branch(machine, op, stay, leave)
                final = _leave(leave, values, final)
                active = stay
        finally:
            tracker.done()
        if final is not None:
            _assign(env, results, final, mask, merged)

    return run


def _check_step(step: Value, mask: ExecMask) -> None:
    bad = np.asarray(step) <= 0
    if bad.ndim == 0:
        if bool(bad):
            raise LaneFault(int(mask.indices[0]), f"step {step} is not positive")
        return
    slot = mask.first_where(bad)
    if slot is not None:
        raise LaneFault(slot, f"step {step[slot]} is not positive")


def _leave(
    leaving: ExecMask, values: list[Value], final: list[Value] | None
) -> list[Value] | None:
    """Records the values of the lanes that leave a loop now."""
    if not leaving.any:
        return final
    if final is None:
        return list(values)
    return [merge(leaving, v, f) for v, f in zip(values, final, strict=True)]


def build_while(machine: Machine, op: Operation, merged: bool) -> Runner:
    assert isinstance(op, scf.WhileOp)
    before = machine.compiled(op.before_region.block)
    after = machine.compiled(op.after_region.block)
    before_args = op.before_region.block.args
    after_args = op.after_region.block.args
    condition = op.before_region.block.last_op
    assert isinstance(condition, scf.ConditionOp)
    inits = tuple(op.arguments)
    results = tuple(op.res)

    def run(env: Env, mask: ExecMask) -> None:
        values = [env[id(v)] for v in inits]
        active = mask
        final: list[Value] | None = None
        tracker = _LoopTracker(machine, op, op.name, mask)
        try:
            while active.any:
                tracker.iteration(active)
                for arg, value in zip(before_args, values, strict=True):
                    env[id(arg)] = value
                machine.run_block(before, env, active)
                cond = env[id(condition.condition)]
                passed = [env[id(a)] for a in condition.args]
                stay, leave = active.split(cond)
                _record_exit_branch(machine, condition, stay, leave)
                final = _leave(leave, passed, final)
                if not stay.any:
                    break
                for arg, value in zip(after_args, passed, strict=True):
                    env[id(arg)] = value
                values = _run_body(machine, after, env, stay)
                active = stay
        finally:
            tracker.done()
        if final is not None:
            _assign(env, results, final, mask, merged)

    return run
