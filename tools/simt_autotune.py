"""`simt-autotune`: the command-line form of `simt.autotune`.

    simt-autotune KERNEL.py|KERNEL.mlir --grid 4 --block 128 --args inputs.npz
                  [--kernel NAME] [--arg n=256 ...] [--write-pipeline FILE]
                  [--json FILE] [--quiet]

Compiles the file (a `.py` file: every kernel decorated with a signature, as
`simt-opt` reads it; a `.mlir` file: parsed), takes the sample launch's
arguments from an `.npz` file (one entry per parameter, by the kernel's
parameter names or as `arg0`, `arg1`, ...; scalars as 0-d arrays) and from
`--arg NAME=VALUE` for scalars, tries the candidate pipelines on the
simulator, prints the table of candidates with their cycles and the chosen
pipeline, and writes that pipeline as a `-p` string (`--write-pipeline`)
that `simt-opt FILE -p "$(cat FILE)"` replays. Exit status 0; 1 when the
input cannot be read or the launch fails (with the reason, no traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, ModuleOp, StringAttr
from xdsl.parser import Parser
from xdsl.utils.exceptions import DiagnosticException, PassFailedException

from simt.bench.progress import counter
from simt.frontend import compile_kernels
from simt.model.kernel import ARG_NAMES_ATTR
from simt.pipeline import default_context
from simt.sim import SimulationError
from simt.tuning import autotune

PROG = "simt-autotune"


class UsageError(Exception):
    """An input that cannot run: printed as `simt-autotune: error: ...`, exit 1."""


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Try candidate pipelines on a sample launch in the simulator; "
        "keep the fastest whose outputs equal the original's.",
    )
    p.add_argument("input", type=Path, help="a .py kernel file or a .mlir file")
    p.add_argument("--kernel", default=None, help="the kernel to launch")
    p.add_argument("--grid", type=int, nargs="+", required=True)
    p.add_argument("--block", type=int, nargs="+", required=True)
    p.add_argument("--args", type=Path, default=None, help=".npz with the arguments")
    p.add_argument(
        "--arg", action="append", default=[], metavar="NAME=VALUE",
        help="a scalar argument (repeatable)",
    )  # fmt: skip
    p.add_argument("--write-pipeline", type=Path, default=None, metavar="FILE")
    p.add_argument("--json", type=Path, default=None, metavar="FILE")
    p.add_argument("--quiet", action="store_true", help="print only the pipeline")
    return p


def read_module(path: Path) -> ModuleOp:
    try:
        text = path.read_text()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from error
    if path.suffix == ".py":
        return compile_kernels(text, str(path))
    module = Parser(default_context(), text, str(path)).parse_module()
    module.verify()
    return module


def kernel_function(module: ModuleOp, name: str | None) -> func.FuncOp:
    functions = [f for f in module.ops if isinstance(f, func.FuncOp) and f.body.blocks]
    if name is not None:
        functions = [f for f in functions if f.sym_name.data == name]
    if len(functions) != 1:
        names = ", ".join(
            f.sym_name.data for f in module.ops if isinstance(f, func.FuncOp)
        )
        raise UsageError(
            f"expected one kernel (use --kernel NAME), found: {names or 'none'}"
        )
    return functions[0]


def parameter_names(function: func.FuncOp) -> list[str]:
    names = function.attributes.get(ARG_NAMES_ATTR)
    count = len(function.function_type.inputs.data)
    if isinstance(names, ArrayAttr):
        found = [n.data for n in names.data if isinstance(n, StringAttr)]
        if len(found) == count:
            return found
    return [f"arg{i}" for i in range(count)]


def launch_args(
    function: func.FuncOp, npz: Path | None, scalars: Sequence[str]
) -> list[Any]:
    """The arguments in parameter order, from the .npz file and `--arg`s."""
    names = parameter_names(function)
    given: dict[str, Any] = {}
    if npz is not None:
        try:
            with np.load(npz) as data:
                given.update({k: data[k] for k in data.files})
        except (OSError, ValueError) as error:
            raise UsageError(f"cannot read {npz}: {error}") from error
    for item in scalars:
        name, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"expected --arg NAME=VALUE, found {item!r}")
        given[name] = _number(value)
    args: list[Any] = []
    types = function.function_type.inputs.data
    for index, (name, arg_type) in enumerate(zip(names, types, strict=True)):
        value = given.get(name, given.get(f"arg{index}"))
        if value is None:
            raise UsageError(f"no value for parameter {name!r} (argument {index})")
        args.append(_as_argument(value, str(arg_type)))
    return args


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError as error:
            raise UsageError(f"expected a number, found {text!r}") from error


def _as_argument(value: Any, type_text: str) -> Any:
    array = np.asarray(value)
    if array.ndim > 0:
        return array.copy()
    scalar_types = {
        "i32": np.int32,
        "i64": np.int64,
        "f32": np.float32,
        "f64": np.float64,
    }
    return scalar_types.get(type_text, np.int64)(array.item())


def main(argv: Sequence[str] | None = None) -> int:
    options = parser().parse_args(argv)
    try:
        module = read_module(options.input)
        function = kernel_function(module, options.kernel)
        args = launch_args(function, options.args, options.arg)
        step = counter("autotune")
        result = autotune(
            module,
            options.grid,
            options.block,
            args,
            kernel=function.sym_name.data,
            on_candidate=lambda c: step(c.pipeline or "(original)"),
        )
    except (
        UsageError,
        DiagnosticException,
        PassFailedException,
        SimulationError,
    ) as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    print(result.pipeline if options.quiet else result.table())
    if options.write_pipeline is not None:
        options.write_pipeline.write_text(result.pipeline + "\n")
    if options.json is not None:
        options.json.write_text(json.dumps(result.to_json(), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
