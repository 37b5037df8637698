"""A lit test format that runs `simt-opt`, `xdsl-opt` and `filecheck` inside
lit's worker processes instead of starting a Python interpreter for each.

Starting `simt-opt` costs about half a second of imports (xDSL's dialects,
numba), more than most tests' work; a file's RUN lines start it 2-8 times.
Here each worker imports once and runs every command of every test it is
given, as lit's internal shell would run them: RUN lines chained with `&&`,
pipelines with `pipefail`, `not`, and the redirections `2>&1`, `> file`,
`>> file`, `2> file`, `< file`. Any other command (`sed`) runs as a
subprocess with lit's environment. A RUN line lit's shell parser rejects, or
one using a shell feature this format does not model, makes the whole test
run through lit's own `ShTest` instead.

The in-process commands behave as their console scripts: they read
`sys.stdin` and write `sys.stdout`/`sys.stderr` (replaced here by buffers),
and their exit status comes from their return value or `SystemExit`. Each
call starts from a fresh `warnings` state, so a warning prints at each call
as it would in a new process.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import lit.formats
import lit.Test
import lit.TestRunner
from lit.ShUtil import Command, Pipeline, Seq, ShParser

Tool = Callable[[list[str]], "int | None"]
_Target = Literal["pipe", "log"] | tuple[str, str]


def _simt_opt(argv: list[str]) -> int | None:
    from simt.tools.simt_opt import main

    return main(argv)


def _xdsl_opt(argv: list[str]) -> int | None:
    from xdsl.tools.xdsl_opt import main

    sys.argv = ["xdsl-opt", *argv]
    main()
    return 0


def _filecheck(argv: list[str]) -> int | None:
    from filecheck.main import main

    main(["filecheck", *argv])
    return 0


IN_PROCESS: dict[str, Tool] = {
    "simt-opt": _simt_opt,
    "xdsl-opt": _xdsl_opt,
    "filecheck": _filecheck,
}


class Unsupported(Exception):
    """A RUN line this format does not model: lit's own shell runs the test."""


@dataclass
class Outcome:
    """What one command wrote and its exit status."""

    stdout: bytes
    stderr: bytes
    status: int


class InProcessShTest(lit.formats.ShTest):
    """lit's `ShTest` with the tools in `IN_PROCESS` run inside the worker."""

    def __init__(self) -> None:
        super().__init__(execute_external=False)

    def execute(self, test: lit.Test.Test, litConfig: object) -> lit.Test.Result:
        if test.config.unsupported:
            return lit.Test.Result(lit.Test.UNSUPPORTED, "Test is unsupported")
        script = lit.TestRunner.parseIntegratedTestScript(test)
        if isinstance(script, lit.Test.Result):
            return script
        tmp_dir, tmp_base = lit.TestRunner.getTempPaths(test)
        substitutions = lit.TestRunner.getDefaultSubstitutions(test, tmp_dir, tmp_base)
        conditions = {feature: True for feature in test.config.available_features}
        script = lit.TestRunner.applySubstitutions(
            script,
            substitutions,
            conditions,
            recursion_limit=test.config.recursiveExpansionLimit,
        )
        try:
            lines = [_parse(line, test.config.pipefail) for line in script]
        except Unsupported:
            return super().execute(test, litConfig)
        os.makedirs(os.path.dirname(tmp_base), exist_ok=True)
        shell = _Shell(
            cwd=os.path.dirname(test.getExecPath()),
            env=dict(test.config.environment),
        )
        log: list[str] = []
        for where, command, tree in lines:
            log.append(f"# {where}\n# {command}")
            try:
                status = shell.run(tree, log)
            except Unsupported:
                return super().execute(test, litConfig)
            if status != 0:
                log.append(f"# error: command failed with exit status: {status}")
                text = "\n".join(log)
                output = (
                    f"Exit Code: {status}\n\nCommand Output (stdout):\n--\n{text}\n--\n"
                )
                return lit.Test.Result(lit.Test.FAIL, output)
        return lit.Test.Result(lit.Test.PASS, "")


def _parse(line: str, pipefail: bool) -> tuple[str, str, Seq | Pipeline]:
    match = re.fullmatch(lit.TestRunner.kPdbgRegex, line)
    where, command = (match.group(1), match.group(2)) if match else ("RUN", line)
    command = command.strip()
    if "%{" in command or "%dbg" in command:
        raise Unsupported(command)
    try:
        tree = ShParser(command, False, pipefail).parse()
    except Exception as error:  # lit's parser raises ValueError and others
        raise Unsupported(command) from error
    return where, command, tree


@dataclass
class _Shell:
    cwd: str
    env: dict[str, str]

    def run(self, tree: Seq | Pipeline, log: list[str]) -> int:
        if isinstance(tree, Seq):
            left = self.run(tree.lhs, log)
            if tree.op == ";":
                return self.run(tree.rhs, log)
            if tree.op == "&&":
                return self.run(tree.rhs, log) if left == 0 else left
            if tree.op == "||":
                return self.run(tree.rhs, log) if left != 0 else left
            raise Unsupported(tree.op)
        return self._pipeline(tree, log)

    def _pipeline(self, pipeline: Pipeline, log: list[str]) -> int:
        data = b""
        statuses: list[int] = []
        for command in pipeline.commands:
            outcome = self._command(command, data)
            statuses.append(outcome.status)
            data = outcome.stdout
            if outcome.stderr:
                log.append(outcome.stderr.decode(errors="replace").rstrip("\n"))
        if data:
            log.append(data.decode(errors="replace").rstrip("\n"))
        if pipeline.pipe_err:
            status = next((s for s in reversed(statuses) if s != 0), 0)
        else:
            status = statuses[-1]
        if pipeline.negate:
            status = int(status == 0)
        return status

    def _command(self, command: Command, stdin: bytes) -> Outcome:
        args = list(command.args)
        if not all(isinstance(arg, str) for arg in args):
            raise Unsupported("glob")
        negations = 0
        while args and args[0] in ("not", "!"):
            args.pop(0)
            negations += 1
        if not args or args[0] in ("env", "--crash"):
            raise Unsupported(" ".join(map(str, command.args)))
        # Where file descriptors 1 and 2 point, after the redirections in
        # order (`2>&1 >/dev/null` keeps stderr on the pipe): the pipe, the
        # log, or a file (mode, name).
        targets: dict[int, _Target] = {1: "pipe", 2: "log"}
        for (op, *fd), target in command.redirects:
            stream = fd[0] if fd else None
            if op == "<" and stream is None:
                with open(self._path(target), "rb") as file:
                    stdin = file.read()
            elif op in (">", ">>") and stream in (None, 1, 2):
                targets[stream or 1] = ("ab" if op == ">>" else "wb", target)
            elif op == ">&" and stream == 2 and target == "1":
                targets[2] = targets[1]
            else:
                raise Unsupported(f"redirect {op} {fd} {target}")
        merge = targets[1] == targets[2]
        outcome = self._execute(args, stdin, merge)
        if negations % 2:
            outcome.status = int(outcome.status == 0)
        streams = [(targets[1], outcome.stdout)]
        if not merge:
            streams.append((targets[2], outcome.stderr))
        outcome.stdout, outcome.stderr = b"", b""
        for target, data in streams:
            if target == "pipe":
                outcome.stdout += data
            elif target == "log":
                outcome.stderr += data
            else:
                self._write(target, data)
        return outcome

    def _execute(self, args: list[str], stdin: bytes, merge: bool) -> Outcome:
        name, argv = args[0], args[1:]
        if name == "echo":
            return Outcome((" ".join(argv) + "\n").encode(), b"", 0)
        tool = IN_PROCESS.get(name)
        if tool is not None:
            return _call(tool, argv, stdin, merge)
        done = subprocess.run(
            args,
            input=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merge else subprocess.PIPE,
            cwd=self.cwd,
            env=self.env,
            check=False,
        )
        return Outcome(done.stdout, done.stderr or b"", done.returncode)

    def _path(self, name: str) -> str:
        return os.path.join(self.cwd, name)

    def _write(self, redirect: tuple[str, str], data: bytes) -> None:
        mode, target = redirect
        with open(self._path(target), mode) as file:
            file.write(data)


def _call(tool: Tool, argv: Sequence[str], stdin: bytes, merge: bool) -> Outcome:
    """Runs `tool` with its standard streams replaced by buffers; `merge`
    sends its stderr into its stdout, as `2>&1` does."""
    out = io.BytesIO()
    err = out if merge else io.BytesIO()
    new_out = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    new_err = (
        new_out
        if merge
        else io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    )
    new_in = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    saved = sys.stdin, sys.stdout, sys.stderr, sys.argv
    sys.stdin, sys.stdout, sys.stderr = new_in, new_out, new_err
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("default")
            try:
                result = tool(list(argv))
                status = 0 if result is None else int(result)
            except SystemExit as stop:
                status = _exit_status(stop.code)
            except Exception as error:  # a crash: as a process's traceback
                import traceback

                traceback.print_exception(error, file=new_err)
                status = 1
        new_out.flush()
        new_err.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr, sys.argv = saved
    return Outcome(out.getvalue(), b"" if merge else err.getvalue(), status)


def _exit_status(code: object) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1
