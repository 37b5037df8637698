"""`SimtError`: the one error type of simt's public API.

Every mistake a caller can make (a malformed pipeline, an argument of the
wrong type, a launch CUDA would refuse, a fault of the simulated program, a
kernel the frontend cannot compile) raises a subclass of `SimtError`, so
`except simt.SimtError` catches all of them and nothing else. It subclasses
xDSL's `DiagnosticException`, so `simt-opt` and `xdsl-opt` print it as a
diagnostic, not a traceback. Messages follow mlir-opt: they start with the
place (`file:line:col:` or `@kernel`) when there is one, then say what was
expected and what was found.
"""

from __future__ import annotations

from xdsl.utils.exceptions import DiagnosticException


class SimtError(DiagnosticException):
    """A user error reported by simt: bad input, bad arguments, a refused launch."""


class UsageError(SimtError, TypeError):
    """An API call with arguments of the wrong type or value (also a `TypeError`,
    so code that already catches `TypeError`/`ValueError` keeps working)."""
