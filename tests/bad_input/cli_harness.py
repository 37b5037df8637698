"""Helpers of the bad-input suite (tests/bad_input): run `simt-opt` in-process, the way a user
runs it, and check what a user sees (exit status, one located diagnostic, no
traceback)."""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass

from simt.tools.simt_opt import main

LOCATED = re.compile(r"^(?P<file>\S+?):(?P<line>\d+):(?P<col>\d+): error: ", re.M)


@dataclass(frozen=True)
class Outcome:
    status: int
    out: str
    err: str

    def located(self) -> tuple[str, int, int]:
        """`(file, line, col)` of the first `file:line:col: error:` diagnostic."""
        match = LOCATED.search(self.err)
        assert match is not None, f"no located diagnostic in {self.err!r}"
        return match["file"], int(match["line"]), int(match["col"])


def run_cli(*args: str) -> Outcome:
    """`simt-opt args...` in this process; an argparse error is status 2."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(args))
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 1
    return Outcome(status, out.getvalue(), err.getvalue())


def assert_user_error(outcome: Outcome, *fragments: str, status: int = 1) -> None:
    """Exit status `status`, each fragment in stderr, no traceback, no Python
    exception name leaking out."""
    assert outcome.status == status, outcome
    assert "Traceback" not in outcome.err, outcome.err
    for raw in ("TypeError", "AttributeError", "KeyError", "IndexError"):
        assert raw not in outcome.err, outcome.err
    for fragment in fragments:
        assert fragment in outcome.err, f"{fragment!r} not in {outcome.err!r}"
