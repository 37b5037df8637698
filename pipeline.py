"""Contexts and pass pipelines shared by `simt-opt` and the Python API."""

from __future__ import annotations

from collections.abc import Callable

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Dialect
from xdsl.passes import ModulePass, PassPipeline
from xdsl.universe import Universe
from xdsl.utils.exceptions import PassFailedException

from simt.universe import SIMT_UNIVERSE


def available_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Every pass `simt-opt -p` accepts: xDSL's, other plugins' and ours."""
    passes = dict(Universe.get_multiverse().all_passes)
    passes.update(SIMT_UNIVERSE.all_passes)
    return passes


def available_dialects() -> dict[str, Callable[[], Dialect]]:
    """Every dialect `simt-opt` parses: xDSL's, other plugins' and ours."""
    dialects = dict(Universe.get_multiverse().all_dialects)
    dialects.update(SIMT_UNIVERSE.all_dialects)
    return dialects


EAGER_DIALECTS = ("arith_ext",)
"""Dialects loaded up front: their ops' names do not start with the dialect's
name (`arith_ext` defines `arith.remf`), so lazy loading by prefix misses them."""


def register_dialects(ctx: Context) -> None:
    """Registers every dialect of `available_dialects` in `ctx`, lazily except
    `EAGER_DIALECTS`."""
    for name, factory in available_dialects().items():
        ctx.register_dialect(name, factory)
    for name in EAGER_DIALECTS:
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
    `"simt-flatten-loops{mode=adaptive},cse"`. The module is verified after every
    pass. Raises `PassFailedException` naming the unknown passes, if any.
    """
    passes = available_passes()
    try:
        parsed = PassPipeline.parse_spec(passes, pipeline, _verify_after)
    except ValueError as error:
        raise PassFailedException(str(error)) from error
    parsed.apply(ctx if ctx is not None else default_context(), module)
    return module


def _verify_after(
    previous: ModulePass | None, module: ModuleOp, following: ModulePass | None
) -> None:
    module.verify()
