"""`simt-run`: simulate a kernel file and see its divergence.

    simt-run examples/collatz.py --grid 4 --block 128
    simt-run examples/collatz.py -p simt-optimize --arg rounds=8
    simt-run kernel.mlir --kernel k --arg a=inputs.npy --profile k.profile.json

Reads a `.py` file (every function carrying a numba signature) or a `.mlir`
file, picks the kernel (`--kernel`, else the only one), makes its inputs,
simulates one launch and prints the statistics: warp instructions issued,
cycles, SIMD efficiency, reconvergence stack depth, the branches that
diverged and the loops that left lanes idle. It writes the run's profile
(`SimulationStats.to_json()`, what `simt-optimize{profile=...}` reads) and a
heat map of active lanes per warp.

Inputs: an array argument gets random integers in [0, 100) (random floats in
[0, 1) for float arrays), one element per thread of the launch for a dynamic
size; a scalar integer argument named like a size (`n`, `n_items`, `size`,
`length`, `count`) gets the number of threads, any other integer 4, a float
1.0. `--arg name=value` sets a scalar, `--arg name=file.npy`
loads an array. `--seed` fixes the random inputs.

With `-p PIPELINE` the kernel runs twice on the same inputs, as given and
after the pipeline, and a before/after table shows what the pipeline did
(ops in the IR, warp instructions, cycles, SIMD efficiency); the outputs of
the two runs must agree. Errors are one diagnostic line and exit status 1;
Ctrl-C stops with status 130.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from xdsl.dialects.builtin import MemRefType, ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.utils.exceptions import DiagnosticException, ParseError

PROG = "simt-run"


class RunError(Exception):
    """A command-line mistake of `simt-run` (printed as one diagnostic)."""


@dataclass(frozen=True)
class Run:
    """One simulated launch: its statistics and its argument values after it."""

    stats: Any
    outputs: list[Any]
    ops: int


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Simulate a kernel file and print its divergence statistics.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 2)[1] if __doc__ else None,
    )
    parser.add_argument("file", help="a .py kernel file or a .mlir file")
    parser.add_argument("--kernel", help="the kernel to run (default: the only one)")
    parser.add_argument("--grid", default="4", help="blocks: N or X,Y,Z (default 4)")
    parser.add_argument(
        "--block", default="128", help="threads per block: N or X,Y,Z (default 128)"
    )
    parser.add_argument(
        "--arg",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a scalar value or a .npy file for one argument (repeatable)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the inputs")
    parser.add_argument(
        "-p", "--passes", help="also run after this pipeline and compare the two"
    )
    parser.add_argument(
        "--profile",
        help="where to write the profile (default: STEM.profile.json, here)",
    )
    parser.add_argument(
        "--plot", help="where to write the heat map (default: STEM.activity.png, here)"
    )
    parser.add_argument(
        "--no-files", action="store_true", help="write neither profile nor plot"
    )
    parser.add_argument(
        "--step-limit",
        type=int,
        help="stop after this many warp instructions (default: scales with the launch)",
    )
    return parser


def load_module(path: Path) -> ModuleOp:
    """The module of a `.py` or `.mlir` file."""
    if not path.exists():
        raise RunError(f"{path}: error: No such file or directory")
    data = path.read_bytes()
    try:
        text = data.decode()
    except UnicodeDecodeError as error:
        raise RunError(
            f"{path}: error: the input is not UTF-8 text ({error.reason})"
        ) from None
    if path.suffix == ".py":
        from simt.frontend import compile_kernels

        return compile_kernels(text, str(path))
    if path.suffix == ".mlir":
        from xdsl.parser import Parser

        import simt

        return Parser(simt.default_context(), text, str(path)).parse_module()
    raise RunError(f"{path}: error: expected a .py or .mlir file")


def parse_dims(text: str, what: str) -> tuple[int, ...]:
    try:
        dims = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise RunError(
            f"{PROG}: error: --{what} expects N or X,Y,Z, found '{text}'"
        ) from None
    return dims


def parse_overrides(items: Sequence[str]) -> dict[str, str]:
    overrides: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise RunError(f"{PROG}: error: --arg expects NAME=VALUE, found '{item}'")
        overrides[name] = value
    return overrides


def make_inputs(
    func: FuncOp, threads: int, overrides: dict[str, str], seed: int
) -> list[Any]:
    """The kernel's arguments: generated, or as `overrides` give them."""
    from simt.sim.simulate import argument_names
    from simt.sim.values import dtype_of

    rng = np.random.default_rng(seed)
    names = argument_names(func)
    unknown = sorted(set(overrides) - set(names))
    if unknown:
        raise RunError(
            f"{PROG}: error: --arg {unknown[0]}: the kernel has no such argument "
            f"(arguments: {', '.join(names)})"
        )
    values: list[Any] = []
    for name, type_ in zip(names, func.function_type.inputs.data, strict=True):
        given = overrides.get(name)
        element = type_.element_type if isinstance(type_, MemRefType) else type_
        dtype = dtype_of(element)
        if dtype is None:
            raise RunError(
                f"{PROG}: error: argument '{name}' has unsupported type {type_}"
            )
        if isinstance(type_, MemRefType):
            values.append(_array(name, type_, dtype, threads, given, rng))
        else:
            values.append(_scalar(name, dtype, threads, given))
    return values


def _array(
    name: str,
    type_: MemRefType,
    dtype: np.dtype[Any],
    threads: int,
    given: str | None,
    rng: np.random.Generator,
) -> Any:
    if given is not None:
        try:
            return np.load(given).astype(dtype)
        except (OSError, ValueError) as error:
            raise RunError(
                f"{given}: error: cannot load argument '{name}': {error}"
            ) from None
    shape = [
        d if d >= 0 else (threads if i == 0 else 32)
        for i, d in enumerate(type_.get_shape())
    ]
    if np.issubdtype(dtype, np.floating):
        return rng.random(shape).astype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(dtype)
    return rng.integers(0, 100, shape).astype(dtype)


def _scalar(name: str, dtype: np.dtype[Any], threads: int, given: str | None) -> Any:
    if given is None:
        if not np.issubdtype(dtype, np.integer):
            return dtype.type(1)
        return dtype.type(threads if _is_size_name(name) else 4)
    try:
        if np.issubdtype(dtype, np.integer):
            return int(given)
        return float(given)
    except ValueError:
        raise RunError(
            f"{PROG}: error: --arg {name}: expected a number for a {dtype} argument, "
            f"found '{given}'"
        ) from None


def _is_size_name(name: str) -> bool:
    lowered = name.lower()
    return (
        lowered == "n"
        or lowered.startswith("n_")
        or any(word in lowered for word in ("size", "len", "count"))
    )


def simulate_once(
    module: ModuleOp,
    kernel: str,
    grid: tuple[int, ...],
    block: tuple[int, ...],
    args: list[Any],
    step_limit: int | None,
) -> tuple[Run, Any]:
    import simt

    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    result = simt.simulate(
        module,
        grid=grid,
        block=block,
        args=copies,
        kernel=kernel,
        step_limit=step_limit,
    )
    ops = sum(1 for _ in module.walk())
    return Run(result.stats, copies, ops), result


def stats_report(stats: Any, ops: int) -> str:
    """The statistics of one run, in words."""
    lines = [
        f"kernel @{stats.kernel}: grid {tuple(stats.grid)}, block {tuple(stats.block)}",
        f"  IR ops                 {ops}",
        f"  warp instructions      {stats.issued}",
        f"  cycles                 {stats.cycles:.0f}",
        f"  SIMD efficiency        {stats.simd_efficiency:.1%}",
        f"  max stack depth        {stats.max_stack_depth}",
    ]
    divergent = [(site, b) for site, b in stats.branches.items() if b.divergent > 0]
    lines.append(f"  divergent branches     {len(divergent)} of {len(stats.branches)}")
    for site, branch in sorted(divergent, key=lambda x: -x[1].divergent)[:5]:
        where = branch.location or site
        lines.append(
            f"    {where}: {branch.op} split {branch.divergent} of "
            f"{branch.executions} warps"
        )
    for site, loop in stats.loops.items():
        idle = loop.idle_fraction
        if idle is not None and idle > 0:
            where = loop.location or site
            lines.append(
                f"    {where}: {loop.op} left {idle:.0%} of lane-iterations idle"
            )
    return "\n".join(lines)


def comparison_table(before: Run, after: Run, pipeline: str) -> str:
    """The before/after table of a pipeline."""
    rows = [
        ("IR ops", before.ops, after.ops, "{:d}"),
        ("warp instructions", before.stats.issued, after.stats.issued, "{:d}"),
        ("cycles", before.stats.cycles, after.stats.cycles, "{:.0f}"),
        (
            "SIMD efficiency",
            before.stats.simd_efficiency,
            after.stats.simd_efficiency,
            "{:.1%}",
        ),
        (
            "max stack depth",
            before.stats.max_stack_depth,
            after.stats.max_stack_depth,
            "{:d}",
        ),
    ]
    lines = [f"{'':20}{'as given':>14}{'after -p':>14}   ({pipeline})"]
    for label, old, new, fmt in rows:
        lines.append(f"{label:20}{fmt.format(old):>14}{fmt.format(new):>14}")
    if before.stats.cycles and after.stats.cycles:
        speedup = before.stats.cycles / after.stats.cycles
        lines.append(f"{'speed-up (cycles)':20}{'':>14}{speedup:>13.2f}x")
    return "\n".join(lines)


def outputs_agree(before: Run, after: Run) -> bool:
    return all(
        np.array_equal(a, b, equal_nan=True)
        for a, b in zip(before.outputs, after.outputs, strict=True)
        if isinstance(a, np.ndarray)
    )


def run(argv: Sequence[str]) -> int:
    args = _parser().parse_args(argv)
    import simt
    from simt.sim.simulate import select_kernel

    path = Path(args.file)
    module = load_module(path)
    func = select_kernel(module, args.kernel)
    grid, block = parse_dims(args.grid, "grid"), parse_dims(args.block, "block")
    threads = int(np.prod(grid)) * int(np.prod(block))
    inputs = make_inputs(func, threads, parse_overrides(args.arg), args.seed)
    kernel = func.sym_name.data
    before, result = simulate_once(module, kernel, grid, block, inputs, args.step_limit)
    print(stats_report(before.stats, before.ops))
    if not args.no_files:
        _write_files(path, args, before, result)
    if args.passes is None:
        return 0
    optimized = module.clone()
    simt.apply_passes(optimized, args.passes)
    after, _ = simulate_once(optimized, kernel, grid, block, inputs, args.step_limit)
    print()
    print(comparison_table(before, after, args.passes))
    if not outputs_agree(before, after):
        print(
            f"{PROG}: error: the outputs differ after '{args.passes}'", file=sys.stderr
        )
        return 1
    print("outputs: identical")
    return 0


def _write_files(
    path: Path, args: argparse.Namespace, before: Run, result: Any
) -> None:
    profile = Path(args.profile or f"{path.stem}.profile.json")
    profile.write_text(before.stats.to_json() + "\n")
    print(f"profile: {profile}  (use: -p 'simt-optimize{{profile={profile}}}')")
    plot = Path(args.plot or f"{path.stem}.activity.png")
    try:
        result.plot_activity(plot)
    except ImportError:
        print(f"{PROG}: note: no plot (matplotlib is not installed)", file=sys.stderr)
        return
    print(f"activity plot: {plot}")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `simt-run`; returns the exit status."""
    from simt.model.errors import SimtError

    try:
        return run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt as error:
        summary = f": {error}" if str(error) else ""
        print(f"{PROG}: interrupted{summary}", file=sys.stderr)
        return 130
    except RunError as error:
        print(error, file=sys.stderr)
        return 1
    except ParseError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 1
    except (SimtError, DiagnosticException) as error:
        message = str(error)
        print(_diagnostic(message), file=sys.stderr)
        return 1
    except OSError as error:
        print(f"{error.filename}: error: {error.strerror}", file=sys.stderr)
        return 1


def _diagnostic(message: str) -> str:
    from simt.tools.simt_opt import diagnostic

    return diagnostic(message).replace("simt-opt:", f"{PROG}:", 1)


if __name__ == "__main__":
    sys.exit(main())
