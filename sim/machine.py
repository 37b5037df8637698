"""The lockstep machine: compiles IR into per-op runners and executes them.

This is the reference engine: `native.py` runs the same model faster and
`tests/sim` checks the two against each other. Execution model (DESIGN.md,
"The simulator"): every value is an array over the lane slots of a wave of
blocks (`values.py`), and each step executes one
op for a set of active slots (an `ExecMask`) spanning any number of warps.
A warp issues an op when at least one of its lanes is active; the machine
counts issued warp instructions, active lane instructions and cycles per
block of ops that share a mask (`account`), and feeds the activity trace.

Compilation happens once per simulation: every op becomes a closure
`(env, mask) -> None` that reads its operands from the environment (a dict
from SSA value to value) and writes its results, so executing an op costs a
few numpy calls and no dispatch on its type. Structured ops (`scf.if`,
`scf.for`, `scf.while`, `simt.guarded`) run their regions under narrowed
masks (`structured.py`); a function body of several blocks runs on the
per-warp reconvergence stack (`reconvergence.py`).

Where results must merge: a value defined in a nested region is read only
inside that region's execution (SSA dominance), so it is stored whole; a
value defined in a block of a `cf` graph may be live in lanes of other warps
or of other stack entries that are not active now, so its active slots are
merged into the stored array (`values.merge`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, Region
from xdsl.traits import IsTerminator

from simt.model.costs import CostTable, is_instruction, op_cost
from simt.model.locations import op_source_location
from simt.sim.activity import ActivityTrace
from simt.sim.arith import BUILDERS, LaneFault, Unsupported
from simt.sim.errors import SimulationError, fault
from simt.sim.handlers import HANDLERS, launch_constant
from simt.sim.launch import Launch
from simt.sim.reconvergence import GraphInfo, run_graph
from simt.sim.stats import BranchCounter, Counters, LoopCounter
from simt.sim.values import BoolArray, ExecMask, IntArray, Value, merge

Env = dict[int, Value]
"""Values by `id()` of their SSA value (an int key hashes faster than an
`SSAValue`, whose `__hash__` is Python code)."""
Runner = Callable[[Env, ExecMask], None]


@dataclass
class CompiledBlock:
    """A block's runners (terminator excluded) and its per-execution counts."""

    block: Block
    runners: list[Runner]
    instructions: int
    """Ops counted as instructions, terminator included."""
    cost: float
    """Sum of their costs."""


@dataclass
class MachineConfig:
    """What a simulation is asked for, besides the IR and the arguments."""

    launch: Launch
    """The blocks simulated together (a wave of the launch)."""
    costs: CostTable
    step_limit: int = 10**9
    """Maximum warp instructions issued before the run is declared runaway."""
    dynamic_shared_bytes: int = 0
    """Bytes of dynamic shared memory per block (the launch's fourth parameter)."""


class Machine:
    """Executes the functions of one module for one wave of a launch; the
    counters and the trace are the launch's, shared by its waves."""

    def __init__(
        self,
        module: ModuleOp,
        config: MachineConfig,
        counters: Counters,
        trace: ActivityTrace | None,
    ) -> None:
        self.module = module
        self.config = config
        self.launch = config.launch
        self.warp_size = config.launch.warp_size
        self.num_slots = config.launch.num_slots
        self.num_warps = config.launch.num_warps
        self.counters = counters
        self.alive: BoolArray = config.launch.real.copy()
        """Slots whose thread has not returned from the kernel."""
        self.depth: IntArray = np.zeros(self.num_warps, dtype=np.int64)
        """Reconvergence stack depth of each warp in the current context."""
        self.call_depth = 0
        self.launch_memory: dict[str, Any] = {}
        """Arrays that live as long as the wave (shared memory of its blocks,
        dynamic shared memory) or the launch (globals, carried from wave to
        wave by the caller), created on first use by their ops' runners."""
        self.trace = trace
        self.raised: tuple[int, int] | None = None
        """(global linear thread id, code) of the raise this wave keeps
        (`simt.raise`): the lowest thread, then the lowest code."""
        self._funcs = {f.sym_name.data: f for f in module.ops if isinstance(f, FuncOp)}
        self._compiled: dict[Block, CompiledBlock] = {}
        self._graphs: dict[Region, GraphInfo] = {}
        self._constant_values: dict[int, Value | None] = {}
        self._func_constants: dict[FuncOp, list[tuple[int, Value]]] = {}

    # -- accounting ---------------------------------------------------------

    def account(self, mask: ExecMask, instructions: int, cost: float) -> None:
        """Counts `instructions` ops of total `cost` issued under `mask`."""
        if instructions == 0:
            return
        warps = mask.issued
        counters = self.counters
        counters.issued += instructions * warps
        counters.lane_ops += instructions * mask.lanes
        counters.cycles += cost * warps
        if counters.issued > self.config.step_limit:
            raise SimulationError(
                f"simulation stopped after {counters.issued} warp instructions "
                f"(step limit {self.config.step_limit}): does a loop never end?"
            )
        if self.trace is not None:
            self.trace.record(mask.warp_counts, instructions)

    def note_depth(self, depth: IntArray) -> None:
        if len(depth):
            self.counters.max_stack_depth = max(
                self.counters.max_stack_depth, int(depth.max())
            )

    def note_raise(self, code: int, slots: IntArray) -> None:
        """Records that the lanes of `slots` (increasing) raised `code`."""
        if not len(slots):
            return
        launch = self.launch
        slot = int(slots[0])
        block = int(launch.slot_block[slot]) + launch.first_block
        thread = block * launch.threads_per_block + int(launch.slot_thread[slot])
        if self.raised is None or (thread, code) < self.raised:
            self.raised = (thread, code)

    def branch_counter(self, op: Operation) -> BranchCounter:
        counter = self.counters.branches.get(op)
        if counter is None:
            counter = BranchCounter(op.name, op_source_location(op))
            self.counters.branches[op] = counter
        return counter

    def loop_counter(self, key: Operation | Block, name: str) -> LoopCounter:
        counter = self.counters.loops.get(key)
        if counter is None:
            where = op_source_location(key) if isinstance(key, Operation) else None
            counter = LoopCounter(name, where)
            self.counters.loops[key] = counter
        return counter

    # -- execution ----------------------------------------------------------

    def run_block(self, compiled: CompiledBlock, env: Env, mask: ExecMask) -> None:
        """Executes a block's ops (not its terminator) for the active slots."""
        self.account(mask, compiled.instructions, compiled.cost)
        blocks = self.counters.blocks
        blocks[compiled.block] = blocks.get(compiled.block, 0) + mask.issued
        for runner in compiled.runners:
            runner(env, mask)

    def run_function(
        self, func: FuncOp, args: Sequence[Value], mask: ExecMask
    ) -> list[Value]:
        """Runs `func` for the active slots; returns its results per slot."""
        env: Env = dict(self._constants_of(func))
        entry = func.body.blocks.first
        assert entry is not None
        for arg, value in zip(entry.args, args, strict=True):
            env[id(arg)] = value
        if len(func.body.blocks) == 1:
            self.run_block(self.compiled(entry), env, mask)
            terminator = entry.last_op
            assert terminator is not None
            return [env[id(o)] for o in terminator.operands]
        return run_graph(self, func.body, env, mask)

    def _launch_constant(self, op: Operation) -> Value | None:
        key = id(op)
        if key not in self._constant_values:
            self._constant_values[key] = launch_constant(self.launch, op)
        return self._constant_values[key]

    def _constants_of(self, func: FuncOp) -> list[tuple[int, Value]]:
        """The launch-constant values of a function, by result key."""
        found = self._func_constants.get(func)
        if found is None:
            found = []
            for op in func.walk():
                value = self._launch_constant(op)
                if value is not None:
                    found.append((id(op.results[0]), value))
            self._func_constants[func] = found
        return found

    def compiled(self, block: Block) -> CompiledBlock:
        found = self._compiled.get(block)
        if found is None:
            found = self.compile_block(block, merged=len(_blocks_of(block)) > 1)
            self._compiled[block] = found
        return found

    def graph_info(self, region: Region, build: Callable[[], GraphInfo]) -> GraphInfo:
        found = self._graphs.get(region)
        if found is None:
            found = build()
            self._graphs[region] = found
        return found

    def func(self, name: str, caller: Operation) -> FuncOp:
        found = self._funcs.get(name)
        if found is None:
            raise fault(caller, f"calls @{name}, which is not a function of the module")
        return found

    # -- compilation --------------------------------------------------------

    def compile_block(self, block: Block, merged: bool) -> CompiledBlock:
        runners: list[Runner] = []
        instructions = 0
        cost = 0.0
        for op in block.ops:
            if is_instruction(op):
                instructions += 1
                cost += op_cost(op, self.config.costs)
            if op is block.last_op and op.has_trait(IsTerminator):
                continue
            if self._launch_constant(op) is not None:
                continue
            runners.append(self.compile_op(op, merged and _used_elsewhere(op, block)))
        return CompiledBlock(block, runners, instructions, cost)

    def compile_op(self, op: Operation, merged: bool) -> Runner:
        """The runner of one op; raises a `SimulationError` if unsupported."""
        try:
            handler = HANDLERS.get(op.name)
            if handler is not None:
                return self.guard_faults(op, handler(self, op, merged))
            builder = BUILDERS.get(op.name)
            if builder is not None:
                return self.guard_faults(op, _pure_runner(op, builder(op), merged))
        except Unsupported as error:
            raise fault(op, f"is not supported by the simulator: {error}") from None
        raise fault(op, "is not supported: the simulator does not know its semantics")

    def guard_faults(self, op: Operation, runner: Runner) -> Runner:
        """Turns a `LaneFault` of `runner` into a `SimulationError` naming `op`."""
        launch = self.launch

        def run(env: Env, mask: ExecMask) -> None:
            try:
                runner(env, mask)
            except LaneFault as lane_fault:
                raise fault(
                    op, lane_fault.what, launch.describe_slot(lane_fault.slot)
                ) from None

        return run


def _used_elsewhere(op: Operation, block: Block) -> bool:
    """True when a result of `op` is used outside `block` (so it must merge).

    A value used only in its own block is read by the same step that defines
    it, before any other step can overwrite it.
    """
    for result in op.results:
        for use in result.uses:
            owner = block.find_ancestor_op_in_block(use.operation)
            if owner is None:
                return True
    return False


def _blocks_of(block: Block) -> list[Block]:
    region = block.parent
    return list(region.blocks) if region is not None else [block]


def _pure_runner(
    op: Operation, compute: Callable[[tuple[Value, ...], ExecMask], Value], merged: bool
) -> Runner:
    """The runner of a single-result op computed by `compute` from its operands."""
    operands = tuple(id(o) for o in op.operands)
    result = id(op.results[0])
    if merged:

        def run_merged(env: Env, mask: ExecMask) -> None:
            value = compute(tuple(env[o] for o in operands), mask)
            env[result] = merge(mask, value, env.get(result))

        return run_merged
    if len(operands) == 2:
        lhs, rhs = operands

        def run_binary(env: Env, mask: ExecMask) -> None:
            env[result] = compute((env[lhs], env[rhs]), mask)

        return run_binary
    if len(operands) == 1:
        (only,) = operands

        def run_unary(env: Env, mask: ExecMask) -> None:
            env[result] = compute((env[only],), mask)

        return run_unary

    def run(env: Env, mask: ExecMask) -> None:
        env[result] = compute(tuple(env[o] for o in operands), mask)

    return run
