"""The one error the simulator raises, and how it names ops and threads.

Every fault a user can cause (an out-of-bounds index, a division by zero, an
argument of the wrong dtype, an op the simulator does not know, a barrier
reached by only part of a block, a runaway loop) stops the simulation with a
`SimulationError` whose message starts with the op's location, in the
`file:line:col:` form of every simt diagnostic (`simt.model.locations`; the
op's site such as `@k/b0.3` when the IR carries no source position), and
names the op, the thread (block and thread index) and the offending value:

    kernel.py:7:8: memref.load out of bounds: index 130 for array 'a' of
    length 128 at thread (block 1, thread 2)
"""

from __future__ import annotations

from xdsl.ir import Operation

from simt.model.errors import SimtError
from simt.model.locations import op_location


class SimulationError(SimtError):
    """A fault of the simulated program, or a launch the simulator cannot run."""


def fault(op: Operation, what: str, thread: str | None = None) -> SimulationError:
    """The error for a fault of `op`: `<where>: <op.name> <what> at thread <t>`."""
    at_thread = f" at thread {thread}" if thread is not None else ""
    return SimulationError(f"{op_location(op)}: {op.name} {what}{at_thread}")
