"""`simt-opt`: xDSL's `xdsl-opt` with the simt dialect, passes and targets.

Everything `xdsl-opt` accepts works unchanged (`-p` pipelines with options,
`--split-input-file`, `--verify-diagnostics`, `--print-op-generic`, `-o`, `-t`),
plus mlir-opt's `--pass-pipeline='builtin.module(...)'` and `--help-pass NAME`.

Every error the user can cause (bad arguments, an unreadable or undecodable
file, a parse error, a verifier error, a pass that refuses its input, a bad
pass option) is one diagnostic line in mlir-opt's form and exit status 1,
never a Python traceback:

    kernel.mlir:3:8: error: 'simt.guard.create' op expected init in [0, 2) ...
    simt-opt: error: simt-loop-tree: invalid value 'xml' for option 'format': ...

Diagnostics with a place start with `file:line:col:`; the others with
`simt-opt:`. Ctrl-C stops with status 130 and one line, no traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import re
import sys
import time
from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import IO, Any, NoReturn, cast

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.passes import ModulePass
from xdsl.printer import Printer
from xdsl.utils.arg_spec import parse_spec
from xdsl.utils.exceptions import (
    ArgSpecParseError,
    DiagnosticException,
    ParseError,
    VerifyException,
)
from xdsl.utils.lexer import Span
from xdsl.utils.target import Target
from xdsl.xdsl_opt_main import xDSLOptMain

from simt.model.errors import SimtError
from simt.model.locations import op_source_location
from simt.pipeline import (
    describe_type,
    load_eager_dialects,
    option_name,
    parse_pass_pipeline,
    pass_options,
    register_dialects,
)
from simt.universe import PASS_SUMMARIES, SIMT_UNIVERSE, TARGET_SUMMARIES

PROG = "simt-opt"

_LOCATED = re.compile(r"^(?P<where>\S+?:\d+:\d+):\s(?P<rest>.*)$", re.DOTALL)
_PARSE_HEAD = re.compile(r"^(?P<where>.+?:\d+:\d+)$")


def simt_version() -> str:
    """The installed simt version (the `xdsl-simt` distribution)."""
    try:
        return version("xdsl-simt")
    except PackageNotFoundError:
        return "unknown"


class LocatedVerifyError(SimtError):
    """A verifier error, moved to the position of the op that failed."""


class SimtOptMain(xDSLOptMain):
    """The `simt-opt` driver: `xDSLOptMain` with simt registered."""

    version_format = f"{PROG} {simt_version()} (simt), built on xDSL {{xdsl_version}}"

    def __init__(self, args: Sequence[str] | None = None):
        self.op_positions: dict[Operation, str] = {}
        self.line_offset = 0
        super().__init__(description="simt modular optimizer driver", args=args)
        self._check_target()

    def _check_target(self) -> None:
        """Builds the `-t` target once up front, so a bad target option is an
        error naming the target before any work is done."""
        spec = parse_spec(self.args.target)
        factory = self.available_targets[spec.name]
        if inspect.signature(factory).parameters:
            return
        target_type = cast(Callable[[], type[Target]], factory)()
        try:
            target_type.from_spec(spec)
        except (ValueError, TypeError) as error:
            options = ", ".join(
                option_name(f.name) for f in dataclasses.fields(target_type)
            )
            raise SimtError(
                f"target '{spec.name}': {error} (options: {options or 'none'})"
            ) from None

    def register_all_dialects(self) -> None:
        register_dialects(self.ctx, eager=False)

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in SIMT_UNIVERSE.all_passes.items():
            self.register_pass(name, factory)

    def register_all_frontends(self) -> None:
        super().register_all_frontends()

        def parse_mlir(io: IO[bytes]) -> ModuleOp:
            text = io.read()
            text.decode()  # a UnicodeDecodeError names the file and position
            if _is_blank(text) and not self.args.no_implicit_module:
                return ModuleOp([])
            parser = _LocatingParser(
                self.ctx, text, self.get_input_name(), self.op_positions
            )
            parser.line_offset = self.line_offset
            return parser.parse_module(not self.args.no_implicit_module)

        def parse_python(io: IO[bytes]) -> ModuleOp:
            from simt.frontend import compile_kernels

            return compile_kernels(io.read().decode(), self.get_input_name())

        self.available_frontends["mlir"] = parse_mlir
        self.available_frontends["py"] = parse_python

    def register_all_targets(self) -> None:
        super().register_all_targets()
        for name, factory in SIMT_UNIVERSE.all_targets.items():
            self.available_targets[name] = factory
        # xDSL's own plugin owns the name `llvm` (the plugin loader rejects a
        # duplicate), so our NVPTX target is `simt-llvm` there; in simt-opt,
        # `-t llvm` means ours.
        self.available_targets["llvm"] = _nvptx_llvm_target

    def register_all_arguments(self, arg_parser: argparse.ArgumentParser) -> None:
        super().register_all_arguments(arg_parser)
        arg_parser.prog = PROG
        arg_parser.formatter_class = argparse.RawDescriptionHelpFormatter
        arg_parser.epilog = _help_epilog(self.available_passes)
        arg_parser.add_argument(
            "--help-pass",
            metavar="NAME",
            action=_HelpPassAction,
            passes=self.available_passes,
            help="print what pass NAME does and its options, then exit",
        )
        for action in arg_parser._actions:
            if action.dest == "passes":
                action.help = (
                    "pass pipeline, e.g. 'simt-optimize,canonicalize' or "
                    "'simt-flatten-loops{mode=adaptive}' (also "
                    "--pass-pipeline='builtin.module(...)'); the passes are "
                    "listed below, their options by --help-pass NAME"
                )
            if action.dest == "target":
                action.help = (
                    "output format (default mlir); the targets are listed below"
                )

    def setup_pipeline(self) -> None:
        self.pipeline = parse_pass_pipeline(
            self.args.passes, self.available_passes, self._between_passes
        )
        self._pass_started = time.perf_counter()

    def _between_passes(
        self,
        previous: ModulePass | None,
        module: ModuleOp,
        following: ModulePass | None,
    ) -> None:
        """xDSL's callback (timing, verification, printing between passes), with
        verifier errors moved to the failing op's position."""
        if self.args.time_passes and previous is not None:
            took = time.perf_counter() - self._pass_started
            print(f"Pass {previous.name} took {took} seconds")
        if not self.args.disable_verify:
            self._verify(module)
        if previous and following and self.args.print_between_passes:
            print(f"IR after {previous.name}:")
            Printer(stream=sys.stdout).print_op(module)
            print("\n\n\n")
        if self.args.time_passes and following is not None:
            self._pass_started = time.perf_counter()

    def _verify(self, module: ModuleOp) -> None:
        try:
            module.verify()
        except VerifyException as error:
            if self.args.verify_diagnostics:
                raise
            located = self._locate_verify_error(module, error)
            if located is None:
                raise
            raise located from None

    def _locate_verify_error(
        self, module: ModuleOp, error: VerifyException
    ) -> LocatedVerifyError | None:
        for op in module.walk():
            try:
                op.verify(verify_nested_ops=False)
            except VerifyException as own:
                where = self.op_positions.get(op) or op_source_location(op)
                if where is None:
                    return None
                return LocatedVerifyError(f"{where}: '{op.name}' op {own}")
        del error
        return None

    def output_resulting_program(self, prog: ModuleOp) -> str:
        try:
            return super().output_resulting_program(prog)
        except DiagnosticException as error:
            name = self.get_input_name()
            located = relocate(str(error), _source_text(name), name)
            if located == str(error):
                raise
            raise DiagnosticException(located) from None

    def parse_chunk(
        self, chunk: IO[bytes], file_extension: str, start_offset: int = 0
    ) -> ModuleOp | None:
        self.line_offset = start_offset
        load_eager_dialects(self.ctx)
        return super().parse_chunk(chunk, file_extension, start_offset)


_UNLOCATED = re.compile(r"^(@[\w$.-]+|<module>):")


def relocate(message: str, source: str, filename: str) -> str:
    """Gives a diagnostic that names a function or the module a file position.

    A target's diagnostic (`simt.to_ptx`'s checks) names what it is about, as
    `@k: ...` or `<module>: ...`: the first becomes `file:line:col: @k: ...`
    (the line of `func.func @k` or `def k(` in `source`), the second
    `file:1:1: ...`; any other message is returned unchanged.
    """
    found = _UNLOCATED.match(message)
    if found is None or not filename:
        return message
    what = found.group(1)
    line, column = 1, 1
    if what.startswith("@"):
        pattern = re.compile(
            rf"(func\.func\s+(?:\w+\s+)*|def\s+)(@?{re.escape(what[1:])})\b"
        )
        for index, text in enumerate(source.splitlines()):
            hit = pattern.search(text)
            if hit is not None:
                line, column = index + 1, hit.start(2) + 1
                break
        return f"{filename}:{line}:{column}: {message}"
    return f"{filename}:{line}:{column}:{message[len(what) + 1 :]}"


def _source_text(name: str) -> str:
    try:
        with open(name, encoding="utf-8", errors="replace") as file:
            return file.read()
    except OSError:
        return ""


class _LocatingParser(Parser):
    """xDSL's parser, remembering where each op starts (`file:line:col`)."""

    def __init__(
        self,
        ctx: Any,
        text: bytes,
        name: str,
        positions: dict[Operation, str],
    ):
        super().__init__(ctx, text, name)
        self.positions = positions
        self.line_offset = 0
        self.first_uses: dict[str, Span] = {}

    def resolve_operand(self, operand: UnresolvedOperand, type: Any) -> SSAValue:
        name = operand.operand_name
        if name not in self.ssa_values:
            self.first_uses.setdefault(name, operand.span)
        return super().resolve_operand(operand, type)

    def parse_module(self, allow_implicit_module: bool = True) -> ModuleOp:
        try:
            return super().parse_module(allow_implicit_module)
        except ParseError as error:
            undefined = [n for n in self.forward_ssa_references if n in self.first_uses]
            if not undefined or "used but not defined" not in error.msg:
                raise
            name = min(undefined, key=lambda n: self.first_uses[n].start)
            raise ParseError(
                self.first_uses[name], f"use of undefined value '%{name}'"
            ) from None

    def parse_operation(self) -> Operation:
        start = self._current_token.span.get_location()
        op = super().parse_operation()
        line = start.line + self.line_offset
        self.positions[op] = f"{start.file}:{line}:{start.col}"
        return op


def _is_blank(text: bytes) -> bool:
    """True for an input of only whitespace and `//` comments: mlir-opt reads
    it as an empty module."""
    return all(
        not line.strip() or line.lstrip().startswith(b"//")
        for line in text.splitlines()
    )


def _nvptx_llvm_target() -> type[Target]:
    from simt.lowering.targets import NVPTXLLVMTarget

    return NVPTXLLVMTarget


def _help_epilog(passes: dict[str, Callable[[], type[ModulePass]]]) -> str:
    width = max(len(name) for name in PASS_SUMMARIES) + 2
    lines = ["simt passes (options: --help-pass NAME):"]
    lines += [f"  {name:<{width}}{text}" for name, text in PASS_SUMMARIES.items()]
    lines += ["", "targets (-t NAME or -t 'NAME{option=value}'):"]
    lines += [f"  {name:<{width}}{text}" for name, text in TARGET_SUMMARIES.items()]
    others = sorted(name for name in passes if name not in PASS_SUMMARIES)
    lines += ["", f"other passes (xDSL's, {len(others)}):"]
    lines += _wrapped(others, 78)
    return "\n".join(lines)


def _wrapped(words: list[str], width: int) -> list[str]:
    lines: list[str] = []
    current = " "
    for word in words:
        if len(current) + len(word) + 2 > width:
            lines.append(current.rstrip(","))
            current = " "
        current += f" {word},"
    lines.append(current.rstrip(","))
    return lines


class _HelpPassAction(argparse.Action):
    """`--help-pass NAME`: the pass's description and options, then exit."""

    def __init__(
        self,
        *args: Any,
        passes: dict[str, Callable[[], type[ModulePass]]],
        **kwargs: Any,
    ):
        super().__init__(*args, **kwargs)
        self.passes = passes

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> NoReturn:
        name = str(values)
        factory = self.passes.get(name)
        if factory is None:
            from simt.pipeline import PipelineError, parse_pass_pipeline

            try:
                parse_pass_pipeline(name, self.passes)
            except PipelineError as error:
                parser.exit(1, f"{PROG}: error: {error}\n")
            parser.exit(1, f"{PROG}: error: unknown pass '{name}'\n")
        print(describe_pass(name, factory()))
        parser.exit()


def describe_pass(name: str, pass_type: type[ModulePass]) -> str:
    """The `--help-pass` text: the docstring, then one line per option."""
    doc = (pass_type.__doc__ or "").strip()
    lines = [name, "", doc, "", "options:"]
    hints = _type_hints(pass_type)
    options = pass_options(pass_type)
    for field in options:
        default = getattr(pass_type, field.name, None)
        lines.append(
            f"  {option_name(field.name)}: {describe_type(hints[field.name])}"
            f" (default: {_spec_value(default)})"
        )
    if not options:
        lines.append("  (none)")
    return "\n".join(lines)


def _type_hints(pass_type: type[ModulePass]) -> dict[str, Any]:
    import typing

    return typing.get_type_hints(pass_type)


def _spec_value(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if value is None:
        return "none"
    return str(value)


def normalize_arguments(args: Sequence[str]) -> list[str]:
    """mlir-opt's `--pass-pipeline=P` / `--pass-pipeline P` as xdsl-opt's `-p P`
    (the pipeline parser removes the `builtin.module(...)` wrapper)."""
    result: list[str] = []
    pending = False
    for arg in args:
        if pending:
            result += ["-p", arg]
            pending = False
        elif arg == "--pass-pipeline":
            pending = True
        elif arg.startswith("--pass-pipeline="):
            result += ["-p", arg.removeprefix("--pass-pipeline=")]
        else:
            result.append(arg)
    if pending:
        result.append("--pass-pipeline")
    return result


def diagnostic(message: str, severity: str = "error") -> str:
    """`file:line:col: error: rest` when `message` starts with a position, else
    `simt-opt: error: message` (mlir-opt's two forms)."""
    match = _LOCATED.match(message)
    if match is not None:
        return f"{match['where']}: {severity}: {match['rest']}"
    return f"{PROG}: {severity}: {message}"


def parse_error_diagnostic(error: ParseError) -> str:
    """xDSL's `file:l:c / source / caret / message` as `file:l:c: error: message`
    followed by the source line and the caret."""
    lines = str(error).rstrip("\n").splitlines()
    if len(lines) >= 4 and _PARSE_HEAD.match(lines[0]):
        message = lines[-1].strip()
        return "\n".join([f"{lines[0]}: error: {message}", *lines[1:-1]])
    return diagnostic(str(error))


def decode_diagnostic(name: str, error: UnicodeDecodeError) -> str:
    data = error.object
    line = data.count(b"\n", 0, error.start) + 1
    column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
    byte = data[error.start : error.start + 1].hex()
    return (
        f"{name}:{line}:{column}: error: the input is not UTF-8 text "
        f"(byte 0x{byte}: {error.reason})"
    )


def _input_name(args: Sequence[str]) -> str:
    positional = [a for a in args if not a.startswith("-")]
    return positional[0] if positional else "<stdin>"


def main(args: Sequence[str] | None = None) -> int:
    """Entry point of `simt-opt`; returns the exit status."""
    argv = normalize_arguments(sys.argv[1:] if args is None else args)
    try:
        driver = SimtOptMain(args=argv)
        driver.run()
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except ArgSpecParseError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    except ParseError as error:
        print(parse_error_diagnostic(error), file=sys.stderr)
        return 1
    except UnicodeDecodeError as error:
        print(decode_diagnostic(_input_name(argv), error), file=sys.stderr)
        return 1
    except (SimtError, DiagnosticException, ValueError) as error:
        print(diagnostic(str(error)), file=sys.stderr)
        return 1
    except OSError as error:
        where = error.filename if error.filename is not None else _input_name(argv)
        reason = error.strerror or str(error)
        print(f"{where}: error: {reason}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
