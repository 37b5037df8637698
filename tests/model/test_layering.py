"""The architecture, checked from the source (DESIGN.md, "Layering").

The import graph is built with `ast` from every module of the package, with
imports inside functions and under `TYPE_CHECKING` included: a dependency is
a dependency wherever it is written. Each subpackage has a layer; a module
may import its own subpackage and the layers below its own, never a layer
above it nor a peer of the same layer. Nothing outside `bench/` and `tools/`
imports `simt.bench`, and no module imports another module's private names.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
"""The repository root, which is the package `simt`."""

# setup.py is the build script at the root, not a module of the package.
NOT_PACKAGE = frozenset({"tests", "build", "docs", "examples", "dist", "setup.py"})

LAYERS: dict[str, int] = {
    "model": 0,
    "dialects": 1,
    "analysis": 2,
    "passes": 3,
    "sim": 3,
    "frontend": 3,
    "lowering": 4,
    "universe": 5,
    "pipeline": 6,
    "runtime": 7,
    "tuning": 7,
    "": 8,
    "bench": 9,
    "tools": 10,
}
"""Layer of each subpackage (and root module); "" is `simt/__init__.py`, the
public API, which the benchmarks and the tools use as users do."""


@dataclass(frozen=True)
class Import:
    importer: str
    """Dotted name of the importing module."""
    target: str
    """Dotted name of the imported module."""
    names: tuple[str, ...]
    """Names taken from the target (`from target import a, b`), else ()."""
    line: int


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["simt", *parts])


@functools.cache
def package_modules() -> tuple[Path, ...]:
    """Every module of the package (the repository root minus tests etc.);
    computed once per session: every test of this file reads it."""
    modules: list[Path] = []
    for path in sorted(ROOT.rglob("*.py")):
        top = path.relative_to(ROOT).parts[0]
        if top in NOT_PACKAGE or top.startswith("."):
            continue
        modules.append(path)
    return tuple(modules)


def _imports_of(path: Path) -> Iterator[Import]:
    importer = _module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Import(importer, alias.name, (), node.lineno)
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(importer, is_package, node)
            names = tuple(alias.name for alias in node.names)
            yield Import(importer, target, names, node.lineno)


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


@functools.cache
def all_imports() -> tuple[Import, ...]:
    return tuple(imp for path in package_modules() for imp in _imports_of(path))


def subpackage(module: str) -> str | None:
    """The layer key of a `simt.*` module; None outside the package."""
    parts = module.split(".")
    if parts[0] != "simt":
        return None
    return parts[1] if len(parts) > 1 else ""


def test_every_subpackage_has_a_layer() -> None:
    found = {subpackage(_module_name(p)) for p in package_modules()}
    assert found <= set(LAYERS), f"subpackages without a layer: {found - set(LAYERS)}"


def test_no_upward_or_sideways_import() -> None:
    problems: list[str] = []
    for imp in all_imports():
        source, target = subpackage(imp.importer), subpackage(imp.target)
        if source is None or target is None or source == target:
            continue
        if LAYERS[target] >= LAYERS[source]:
            problems.append(
                f"{imp.importer}:{imp.line} imports {imp.target} "
                f"(layer {LAYERS[target]} from layer {LAYERS[source]})"
            )
    assert not problems, "\n".join(problems)


def test_no_cycle_between_subpackages() -> None:
    edges: dict[str, set[str]] = {}
    for imp in all_imports():
        source, target = subpackage(imp.importer), subpackage(imp.target)
        if source is not None and target is not None and source != target:
            edges.setdefault(source, set()).add(target)
    assert _find_cycle(edges) is None


def _find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of nodes, or None (iterative DFS)."""
    state: dict[str, int] = {}
    for start in edges:
        if state.get(start):
            continue
        stack: list[tuple[str, Iterator[str]]] = [(start, iter(edges[start]))]
        path = [start]
        state[start] = 1
        while stack:
            node, successors = stack[-1]
            nxt = next(successors, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            elif not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(edges.get(nxt, ()))))
    return None


def test_the_cycle_finder_finds_cycles() -> None:
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set(), "c": {"a"}}) is None


def test_only_bench_and_tools_import_bench() -> None:
    offenders = [
        f"{imp.importer}:{imp.line}"
        for imp in all_imports()
        if subpackage(imp.target) == "bench"
        and subpackage(imp.importer) not in ("bench", "tools")
    ]
    assert not offenders


def _private_attribute_uses(path: Path) -> Iterator[str]:
    """`alias._name` where `alias` is a simt module imported by `path`."""
    importer = _module_name(path)
    tree = ast.parse(path.read_text(), filename=str(path))
    aliases: dict[str, str] = {}
    import_nodes = [
        node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    for imp in _imports_of(path):
        for node in import_nodes:
            if isinstance(node, ast.ImportFrom) and node.lineno == imp.line:
                for alias in node.names:
                    aliases[alias.asname or alias.name] = f"{imp.target}.{alias.name}"
            elif isinstance(node, ast.Import) and node.lineno == imp.line:
                for alias in node.names:
                    if alias.asname is not None:
                        aliases[alias.asname] = alias.name
    modules = {_module_name(p) for p in package_modules()}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            continue
        target = aliases.get(node.value.id)
        if target in modules and target != importer and _is_private(node.attr):
            yield f"{importer}:{node.lineno} uses {target}.{node.attr}"


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def test_no_module_imports_private_names_of_another() -> None:
    problems = [
        f"{imp.importer}:{imp.line} imports {imp.target}.{name}"
        for imp in all_imports()
        if subpackage(imp.target) is not None and imp.target != imp.importer
        for name in imp.names
        if _is_private(name)
    ]
    for path in package_modules():
        problems.extend(_private_attribute_uses(path))
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("importer", "is_package", "level", "module", "expected"),
    [
        ("simt.sim.machine", False, 1, "values", "simt.sim.values"),
        ("simt.sim", True, 1, "values", "simt.sim.values"),
        ("simt.sim.machine", False, 2, "model", "simt.model"),
    ],
)
def test_relative_imports_resolve(
    importer: str, is_package: bool, level: int, module: str, expected: str
) -> None:
    node = ast.ImportFrom(module=module, names=[], level=level)
    assert _resolve(importer, is_package, node) == expected
