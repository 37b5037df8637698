"""Contexts and pass pipelines shared by `simt-opt` and the Python API."""

from __future__ import annotations

import dataclasses
import difflib
import re
import types
import typing
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Dialect
from xdsl.passes import ModulePass, PassPipeline
from xdsl.universe import Universe
from xdsl.utils.arg_spec import ArgSpec, parse_pipeline
from xdsl.utils.exceptions import ArgSpecParseError, PassFailedException
from xdsl.utils.hints import isa

from simt.model.errors import SimtError, UsageError
from simt.universe import SIMT_UNIVERSE

__all__ = [
    "PipelineError",
    "apply_passes",
    "available_dialects",
    "available_passes",
    "default_context",
    "load_eager_dialects",
    "parse_pass_pipeline",
    "register_dialects",
]


@cache
def _multiverse() -> Universe:
    """xDSL's universe and every plugin's, found once per process: each
    search reads the metadata of every installed distribution (about 10 ms)."""
    return Universe.get_multiverse()


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Every pass `simt-opt -p` accepts: xDSL's, other plugins' and ours."""
    passes = dict(_multiverse().all_passes)
    passes.update(SIMT_UNIVERSE.all_passes)
    return passes


def available_dialects() -> dict[str, Callable[[], Dialect]]:
    """Every dialect `simt-opt` parses: xDSL's, other plugins' and ours."""
    dialects = dict(_multiverse().all_dialects)
    dialects.update(SIMT_UNIVERSE.all_dialects)
    return dialects


EAGER_DIALECTS = ("arith_ext",)
"""Dialects loaded up front: their ops' names do not start with the dialect's
name (`arith_ext` defines `arith.remf`), so lazy loading by prefix misses them."""


def register_dialects(ctx: Context, *, eager: bool = True) -> None:
    """Registers every dialect of `available_dialects` in `ctx`, lazily except
    `EAGER_DIALECTS` (unless `eager=False`: the caller then calls
    `load_eager_dialects` before parsing, as `simt-opt` does so that
    `--help` does not pay for them)."""
    for name, factory in available_dialects().items():
        ctx.register_dialect(name, factory)
    if eager:
        load_eager_dialects(ctx)


def load_eager_dialects(ctx: Context) -> None:
    """Loads `EAGER_DIALECTS` into a context `register_dialects` filled."""
    for name in EAGER_DIALECTS:
        if ctx.get_optional_dialect(name) is None:
            ctx.load_registered_dialect(name)


def default_context() -> Context:
    """A context that can parse every xDSL dialect and the simt dialects.

    Dialects are registered lazily, so only the ones a module uses are loaded
    (except `EAGER_DIALECTS`).
    """
    ctx = Context()
    register_dialects(ctx)
    return ctx


def apply_passes(
    module: ModuleOp, pipeline: str, ctx: Context | None = None
) -> ModuleOp:
    """Runs a pass pipeline given in `-p` syntax on `module`, in place.

    `pipeline` is what `simt-opt -p` takes, e.g.
    `"simt-flatten-loops{mode=adaptive},cse"` (also wrapped as
    `"builtin.module(...)"`). The module is verified after every pass. A
    malformed pipeline, an unknown pass or option, or an option value of the
    wrong type raises `PipelineError` (a `SimtError`) saying which.
    """
    if not isinstance(module, ModuleOp):
        raise UsageError(
            f"apply_passes needs a builtin.module, found {type(module).__name__}"
        )
    if not isinstance(pipeline, str):
        raise UsageError(
            f"apply_passes needs the pipeline as a string, found {type(pipeline).__name__}"
        )
    parsed = parse_pass_pipeline(pipeline, available_passes(), _verify_after)
    parsed.apply(ctx if ctx is not None else default_context(), module)
    return module


def _verify_after(
    previous: ModulePass | None, module: ModuleOp, following: ModulePass | None
) -> None:
    module.verify()


class PipelineError(SimtError, PassFailedException):
    """A pass pipeline that cannot be built: malformed text, an unknown pass or
    option, or an option value the pass does not accept (also a
    `PassFailedException`, what `apply_passes` raised before)."""


PassFactories = dict[str, Callable[[], type[ModulePass]]]
PipelineCallback = Callable[[ModulePass | None, ModuleOp, ModulePass | None], None]

_MODULE_WRAPPER = re.compile(r"^\s*builtin\.module\s*\((.*)\)\s*$", re.DOTALL)
_BARE_VALUE = re.compile(r"=([^\s\"{},=]+)")
_PLAIN_VALUE = re.compile(r"^(-?\d+(\.\d*)?([eE][-+]?\d+)?|[A-Za-z_][\w-]*)$")


def parse_pass_pipeline(
    spec: str,
    passes: PassFactories | None = None,
    callback: PipelineCallback | None = None,
) -> PassPipeline:
    """The `PassPipeline` that `spec` (the text of `-p`) describes.

    Accepts what `xdsl-opt -p` accepts, plus mlir-opt's spelling
    `builtin.module(p1,p2)` and unquoted option values that contain path
    characters (`profile=prof/x.json`). Every error is a `PipelineError` in
    mlir-opt's form: the position in the pipeline text, the pass, the option,
    the value found and what was expected (the choices, or the closest name).
    """
    available = passes if passes is not None else available_passes()
    text = _quote_bare_values(_unwrap_module(spec))
    specs = _parse_specs(text)
    built = tuple(_build_pass(available, arg_spec) for arg_spec in specs)
    return PassPipeline(built, callback)


def _unwrap_module(spec: str) -> str:
    match = _MODULE_WRAPPER.match(spec)
    return match.group(1) if match is not None else spec


def _quote_bare_values(spec: str) -> str:
    def quote(match: re.Match[str]) -> str:
        value = match.group(1)
        if _PLAIN_VALUE.match(value):
            return match.group(0)
        return f'="{value}"'

    return _BARE_VALUE.sub(quote, spec)


def _parse_specs(text: str) -> list[ArgSpec]:
    try:
        return list(parse_pipeline(text))
    except ArgSpecParseError as error:
        raise PipelineError(_pipeline_syntax_message(str(error))) from None


def _pipeline_syntax_message(raw: str) -> str:
    """Reformats xDSL's `Error parsing pass pipeline specification:` text as
    `<pass-pipeline>:1:col: message`, then the text and a caret."""
    lines = raw.splitlines()
    body = [line for line in lines[1:] if line.strip()]
    if len(body) < 4:
        return f"<pass-pipeline>: {raw}"
    position = body[0].removeprefix("pass-pipeline")
    message = body[-1].strip()
    return f"<pass-pipeline>{position}: {message}\n{body[1]}\n{body[2]}"


def _build_pass(available: PassFactories, spec: ArgSpec) -> ModulePass:
    factory = available.get(spec.name)
    if factory is None:
        raise PipelineError(
            f"unknown pass '{spec.name}'" + _did_you_mean(spec.name, available)
        )
    pass_type = factory()
    _check_options(pass_type, spec)
    try:
        return pass_type.from_spec(spec)
    except (ValueError, TypeError) as error:
        message = str(error)
        if not message.startswith(spec.name):
            message = f"{spec.name}: {message}"
        raise PipelineError(message) from None


def pass_options(pass_type: type[ModulePass]) -> list[dataclasses.Field[object]]:
    """The options of a pass: its init fields, in declaration order."""
    return [f for f in dataclasses.fields(pass_type) if f.init and f.name != "name"]


def option_name(field_name: str) -> str:
    """The `-p` spelling of an option (`gap_cost` -> `gap-cost`)."""
    return field_name.replace("_", "-")


def _check_options(pass_type: type[ModulePass], spec: ArgSpec) -> None:
    fields = {f.name: f for f in pass_options(pass_type)}
    hints = typing.get_type_hints(pass_type)
    spellings = {option_name(name): name for name in fields}
    for given, value in spec.parameters.items():
        name = given.replace("-", "_")
        if name not in fields:
            known = ", ".join(spellings) or "none"
            raise PipelineError(
                f"{spec.name}: unknown option '{given}'"
                + _did_you_mean(option_name(name), spellings)
                + f" (options: {known})"
            )
        _check_value(spec.name, option_name(name), value, hints[name])


def _check_value(
    pass_name: str, option: str, value: Sequence[object], hint: object
) -> None:
    if _accepts(value, hint):
        return
    shown = ",".join(str(v) for v in value) if value else "(none)"
    raise PipelineError(
        f"{pass_name}: invalid value '{shown}' for option '{option}': "
        f"expected {describe_type(hint)}"
    )


def _accepts(value: Sequence[object], hint: Any) -> bool:
    if len(value) == 0:
        return type(None) in typing.get_args(hint)
    if len(value) == 1 and isa(value[0], hint):
        return True
    return isa(tuple(value), hint) or isa(list(value), hint)


def describe_type(hint: object) -> str:
    """An option type in words: `one of 'text', 'json'`, `a number`, ..."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        kinds = [describe_type(a) for a in args if a is not type(None)]
        if {"an integer", "a number"} <= set(kinds):
            kinds.remove("an integer")
        return " or ".join(kinds)
    if origin is tuple:
        return (
            f"a comma-separated list of {describe_type(args[0])}" if args else "a list"
        )
    return _SIMPLE_TYPES.get(hint, str(hint))


_SIMPLE_TYPES: dict[object, str] = {
    int: "an integer",
    float: "a number",
    bool: "true or false",
    str: "a string",
}


def _did_you_mean(name: str, known: typing.Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
