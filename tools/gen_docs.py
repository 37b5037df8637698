"""Writes the generated reference pages: `docs/passes/<pass>.md` (one per simt
pass) and `docs/api.md` (the public Python API), from the code itself.

    python -m simt.tools.gen_docs            # rewrite the pages
    python -m simt.tools.gen_docs --check    # exit 1 when a page is stale

A pass page holds the pass's one-line summary, the paper section its module
docstring names (`Source:`), its class docstring (input invariant, output IR,
invariants), its options with their types and defaults (the dataclass
fields), and an example: one case of the pass's lit test, run through the pass
now, so that the example cannot drift from the code. `docs/api.md` lists every
name of `simt.__all__` with its signature and docstring. `tests/tools/
test_docs.py` fails when a committed page differs from what this writes.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import inspect
import io
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from xdsl.parser import Parser
from xdsl.passes import ModulePass

import simt
from simt.pipeline import apply_passes, default_context
from simt.universe import PASS_SUMMARIES, get_all_passes

ROOT = Path(__file__).resolve().parent.parent
"""simt's source tree (the repository root in a checkout)."""


@dataclass(frozen=True)
class Example:
    """One case of a lit test file: the file and the function it defines."""

    path: str
    function: str


EXAMPLES: dict[str, Example] = {
    "simt-branch-fusion": Example("tests/filecheck/passes/simt-branch-fusion.mlir", "full"),
    "simt-canonicalize": Example("tests/filecheck/passes/simt-canonicalize.mlir", "floor_mod_checks"),
    "simt-divergence": Example("tests/filecheck/passes/simt-divergence.mlir", "recorded"),
    "simt-flatten-loops": Example("tests/filecheck/passes/simt-flatten-loops.mlir", "for_for"),
    "simt-lift-cf-to-scf": Example("tests/filecheck/passes/simt-lift-cf-to-scf.mlir", "if_else"),
    "simt-linearize": Example("tests/filecheck/passes/simt-linearize.mlir", "fig1"),
    "simt-loop-tree": Example("tests/filecheck/passes/simt-loop-tree.mlir", "sum"),
    "simt-lower-to-llvm": Example("tests/filecheck/lowering/scf.mlir", "if"),
    "simt-optimize": Example("tests/filecheck/passes/simt-optimize.mlir", "fuse_divergent"),
}  # fmt: skip
"""The lit test case each pass page shows."""


# ---------------------------------------------------------------------------
# Pass pages
# ---------------------------------------------------------------------------


def pass_page(name: str, pass_class: type[ModulePass]) -> str:
    """The markdown page of one pass."""
    module = sys.modules[pass_class.__module__]
    lines = [
        f"# `{name}`",
        "",
        f"{_sentence(PASS_SUMMARIES.get(name, ''))}.",
        "",
        f"Implemented by `{pass_class.__module__}.{pass_class.__name__}`.",
        "",
        "## Source",
        "",
        source_section(module),
        "",
        "## What it does",
        "",
        inspect.cleandoc(pass_class.__doc__ or ""),
        "",
        "## Options",
        "",
        *options_table(pass_class),
        "",
    ]
    example = EXAMPLES.get(name)
    if example is not None:
        lines += example_section(name, example)
    return "\n".join(lines).rstrip() + "\n"


def source_section(module: ModuleType) -> str:
    """The `Source:` paragraph of a module docstring (the paper and section)."""
    for paragraph in inspect.cleandoc(module.__doc__ or "").split("\n\n"):
        if paragraph.startswith(("Source:", "Sources:")):
            return _sentence(paragraph.split(":", 1)[1].strip())
    return "No paper: an engineering pass of simt (see the module docstring)."


def options_table(pass_class: type[ModulePass]) -> list[str]:
    """One row per option: its `-p` spelling, type and default."""
    if not dataclasses.is_dataclass(pass_class):
        return ["None."]
    fields = [f for f in dataclasses.fields(pass_class) if f.init]
    if not fields:
        return ["None."]
    rows = ["| option | type | default |", "|---|---|---|"]
    for field in fields:
        default = field.default
        if (
            default is dataclasses.MISSING
            and field.default_factory is not dataclasses.MISSING
        ):
            default = field.default_factory()
        shown = "(required)" if default is dataclasses.MISSING else f"`{default!r}`"
        kind = field.type if isinstance(field.type, str) else field.type.__name__
        cells = (f"`{field.name.replace('_', '-')}`", f"`{kind}`", shown)
        rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return rows


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def example_section(name: str, example: Example) -> list[str]:
    """The example: the lit case and what the pass makes of it now."""
    case = lit_case(ROOT / example.path, example.function)
    output, report = run_pass(name, case)
    lines = [
        "## Example",
        "",
        f"The case `@{example.function}` of `{example.path}`:",
        "",
        "```mlir",
        case,
        "```",
        "",
        f"`simt-opt case.mlir -p {name}` prints:",
        "",
        "```mlir",
        output,
        "```",
    ]
    if report:
        lines += ["", "and on stderr:", "", "```", report, "```"]
    return lines


def lit_case(path: Path, function: str) -> str:
    """The function `@function` of a lit test file, without comment and CHECK
    lines (from its `func.func` line to the closing brace at its indentation)."""
    lines = [
        line
        for line in path.read_text().splitlines()
        if not line.lstrip().startswith("//")
    ]
    for start, line in enumerate(lines):
        if line.lstrip().startswith(f"func.func @{function}("):
            indent = line[: len(line) - len(line.lstrip())]
            end = lines.index(f"{indent}}}", start)
            return "\n".join(lines[start : end + 1])
    raise ValueError(f"{path}: no case defines @{function}")


def run_pass(name: str, text: str) -> tuple[str, str]:
    """(the IR after the pass, what the pass printed on stderr)."""
    module = Parser(default_context(), text).parse_module()
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        apply_passes(module, name)
    report = "\n".join(line.rstrip() for line in stderr.getvalue().strip().splitlines())
    return str(module), report


# ---------------------------------------------------------------------------
# API reference
# ---------------------------------------------------------------------------


def api_page() -> str:
    """The reference of every name in `simt.__all__`."""
    lines = [
        "# Python API reference",
        "",
        "Generated from the docstrings by `python -m simt.tools.gen_docs`; the",
        "names `import simt` exports (`simt.__all__`). Subpackages (`simt.passes`,",
        "`simt.analysis`, ...) are documented in their modules and in",
        "[architecture.md](architecture.md).",
        "",
    ]
    for name in simt.__all__:
        lines += api_entry(name, getattr(simt, name))
    return "\n".join(lines).rstrip() + "\n"


def api_entry(name: str, value: Any) -> list[str]:
    """The heading, signature and docstring of one exported name."""
    lines = [f"## `simt.{name}`", ""]
    if not (inspect.isclass(value) or callable(value)):
        kind = f"{type(value).__module__}.{type(value).__name__}"
        return [*lines, f"An instance of `{kind}`: {_describe(value)}", ""]
    signature = _signature(name, value)
    if signature is not None:
        lines += ["```python", signature, "```", ""]
    lines += [f"Defined in `{value.__module__}`.", ""]
    lines += [inspect.getdoc(value) or "(no docstring)", ""]
    if inspect.isclass(value) and not issubclass(value, BaseException):
        lines += _members(value)
    return lines


def _members(cls: type) -> list[str]:
    """The public fields, properties and methods a class defines itself."""
    found: list[str] = []
    if dataclasses.is_dataclass(cls):
        for field in dataclasses.fields(cls):
            if not field.name.startswith("_"):
                found.append(f"- `{field.name}: {_type_text(field.type)}`")
    for name, member in vars(cls).items():
        if name.startswith("_") or any(f"`{name}:" in line for line in found):
            continue
        if isinstance(
            member, property | staticmethod | classmethod
        ) or inspect.isfunction(member):
            function = member.fget if isinstance(member, property) else member
            summary = (
                (inspect.getdoc(function) or "").split("\n\n")[0].replace("\n", " ")
            )
            kind = "property" if isinstance(member, property) else "method"
            found.append(f"- `{name}` ({kind}){': ' + summary if summary else ''}")
    return ["Members:", "", *found, ""] if found else []


def _type_text(annotation: Any) -> str:
    return (
        annotation
        if isinstance(annotation, str)
        else getattr(annotation, "__name__", str(annotation))
    )


def _describe(value: Any) -> str:
    dialect_name = getattr(value, "name", None)
    if isinstance(dialect_name, str):
        return f"the `{dialect_name}` dialect (register it in an xDSL `Context`)."
    return repr(value)


class _Annotation(str):
    """An annotation kept as text (`from __future__ import annotations`),
    shown without quotes."""

    def __repr__(self) -> str:
        return str(self)


def _signature(name: str, value: Any) -> str | None:
    if inspect.isclass(value):
        kind = "exception" if issubclass(value, BaseException) else "class"
        bases = ", ".join(b.__name__ for b in value.__bases__ if b is not object)
        return f"{kind} {name}({bases})" if bases else f"{kind} {name}"
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):
        return None
    parameters = [
        p.replace(annotation=_Annotation(p.annotation))
        if isinstance(p.annotation, str)
        else p
        for p in signature.parameters.values()
    ]
    result = signature.return_annotation
    if isinstance(result, str):
        result = _Annotation(result)
    shown = signature.replace(parameters=parameters, return_annotation=result)
    text = f"def {name}{shown}"
    if len(text) <= 88:
        return text
    parts = [str(p) for p in shown.parameters.values()]
    keyword_only = [
        p.kind is inspect.Parameter.KEYWORD_ONLY for p in shown.parameters.values()
    ]
    if True in keyword_only:
        parts.insert(keyword_only.index(True), "*")
    tail = (
        ""
        if shown.return_annotation is inspect.Signature.empty
        else f" -> {shown.return_annotation!r}"
    )
    return f"def {name}(\n" + "".join(f"    {p},\n" for p in parts) + f"){tail}"


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------


def pages() -> dict[Path, str]:
    """Every generated page by its path under the source tree."""
    found = {ROOT / "docs" / "api.md": api_page()}
    for name, factory in sorted(get_all_passes().items()):
        if name.startswith("simt-"):
            found[ROOT / "docs" / "passes" / f"{name}.md"] = pass_page(name, factory())
    found[ROOT / "docs" / "passes" / "README.md"] = index_page(sorted(found))
    return found


def index_page(paths: Sequence[Path]) -> str:
    lines = [
        "# simt passes",
        "",
        "One page per pass, generated by `python -m simt.tools.gen_docs`.",
        "",
    ]
    for path in paths:
        if path.parent.name == "passes":
            name = path.stem
            lines.append(f"- [`{name}`]({path.name}): {PASS_SUMMARIES.get(name, '')}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="report stale pages, write nothing"
    )
    options = parser.parse_args(argv)
    stale = [
        p for p, text in pages().items() if not p.exists() or p.read_text() != text
    ]
    if options.check:
        for path in stale:
            print(
                f"stale: {path.relative_to(ROOT)} (run python -m simt.tools.gen_docs)"
            )
        return 1 if stale else 0
    for path, text in pages().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    print(f"wrote {len(stale)} changed page(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
