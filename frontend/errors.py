"""The error every user mistake in a Python kernel is reported with."""

from __future__ import annotations

import ast

from simt.model.errors import SimtError


class FrontendError(SimtError):
    """A kernel the frontend cannot compile, with its `file:line:col` location.

    It subclasses xDSL's `DiagnosticException`, so `simt-opt` prints it as a
    diagnostic (no traceback) and exits with status 1.
    """

    def __init__(self, filename: str, line: int, col: int, message: str):
        self.filename = filename
        self.line = line
        self.col = col
        self.message = message
        super().__init__(f"{filename}:{line}:{col}: {message}")


class SourceLocator:
    """Maps AST nodes of a (possibly dedented) snippet back to file positions."""

    def __init__(self, filename: str, line_offset: int = 0, col_offset: int = 0):
        self.filename = filename
        self.line_offset = line_offset
        self.col_offset = col_offset

    def position(self, node: ast.AST) -> tuple[int, int]:
        """The 1-based (line, column) of `node` in the original file."""
        line = getattr(node, "lineno", 1) + self.line_offset
        col = getattr(node, "col_offset", 0) + self.col_offset + 1
        return line, col

    def error(self, node: ast.AST, message: str) -> FrontendError:
        line, col = self.position(node)
        return FrontendError(self.filename, line, col, message)

    def unsupported(
        self, node: ast.AST, construct: str, why: str = ""
    ) -> FrontendError:
        """An error for a construct the frontend does not compile."""
        suffix = f": {why}" if why else ""
        return self.error(node, f"unsupported construct '{construct}'{suffix}")
