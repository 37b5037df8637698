"""Computes the packages and package data of the `simt` distribution.

The repository root is the import package `simt` and each top-level folder
that holds Python code is one of its subpackages (`dialects/` is
`simt.dialects`). No static setuptools option can say "every folder under the
root, named `simt.<folder>`", so this file walks the tree:

- a top-level folder is a subpackage when it holds a Python file and is not
  one of `NOT_SHIPPED` (tests, docs, examples, build output) or hidden;
- below a package, every folder is a package too (the data folders
  `bench/results/` and `bench/dpll/instances/` become namespace packages, as
  setuptools recommends for data folders), except caches and hidden folders;
- every file of a package folder that is not Python ships as package data.

So a new folder, with code or data, is in the wheel and the sdist without an
edit here. `tests/tools/test_packaging.py` builds the wheel and compares it
with the tree; docs/packaging.md says why the layout is packaged this way.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Protocol

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.editable_wheel import editable_wheel

ROOT = Path(__file__).resolve().parent
PACKAGE = "simt"
# The editable install puts this folder on sys.path; it holds one link,
# `simt` -> the repository root (see EditableWheel).
EDITABLE_FOLDER = ROOT / "build" / "__editable__"
# Top-level folders that are not part of the import package.
NOT_SHIPPED = frozenset({"tests", "build", "dist", "docs", "examples"})


def _shipped(path: Path) -> bool:
    """Hidden entries, caches and byte code never ship."""
    hidden = path.name.startswith(".") or path.name == "__pycache__"
    return not hidden and path.suffix not in {".pyc", ".pyo"}


def _folders(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_dir() and _shipped(p))


def _is_top_level_package(folder: Path) -> bool:
    python = any(p.suffix == ".py" for p in folder.iterdir())
    return python and folder.name not in NOT_SHIPPED


def package_folders(root: Path = ROOT) -> dict[str, Path]:
    """Every package of the distribution, by dotted name, with its folder."""
    found = {PACKAGE: root}
    todo = [(PACKAGE, f) for f in _folders(root) if _is_top_level_package(f)]
    while todo:
        parent, folder = todo.pop()
        if not folder.name.isidentifier():
            continue
        name = f"{parent}.{folder.name}"
        found[name] = folder
        todo.extend((name, child) for child in _folders(folder))
    return dict(sorted(found.items()))


def package_data(packages: dict[str, Path]) -> dict[str, list[str]]:
    """Per package below the root, its files that are not Python modules.

    A folder whose name is no identifier cannot be a package; its files ship
    as data of the package that holds it.
    """
    folders = set(packages.values())
    data: dict[str, list[str]] = {}
    for name, folder in packages.items():
        if name == PACKAGE:
            continue
        files = [p.relative_to(folder).as_posix() for p in _data_files(folder, folders)]
        if files:
            data[name] = sorted(files)
    return data


def _data_files(folder: Path, packages: set[Path]) -> list[Path]:
    files: list[Path] = []
    todo = [folder]
    while todo:
        current = todo.pop()
        for path in sorted(current.iterdir()):
            if not _shipped(path) or path in packages:
                continue
            if path.is_dir():
                todo.append(path)
            elif path.suffix != ".py":
                files.append(path)
    return files


class BuildPy(build_py):
    """build_py that leaves this script out of the root package's modules."""

    def find_package_modules(
        self, package: str, package_dir: str
    ) -> list[tuple[str, str, str]]:
        modules = super().find_package_modules(package, package_dir)
        this = Path(__file__).resolve()
        return [m for m in modules if Path(m[2]).resolve() != this]


class _Wheel(Protocol):
    def writestr(self, name: str, data: bytes) -> None: ...


class _PathEntry:
    """An editable-install strategy: a `.pth` file that names one folder."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name = name
        self.folder = folder

    def __call__(self, wheel: _Wheel, files: object, mapping: object) -> None:
        pth = f"__editable__.{self.name}.pth"
        wheel.writestr(pth, f"{self.folder}\n".encode())

    def __enter__(self) -> _PathEntry:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None


def _package_link() -> Path | None:
    """`build/__editable__/simt`, a link to the root; None where links fail."""
    link = EDITABLE_FOLDER / PACKAGE
    try:
        EDITABLE_FOLDER.mkdir(parents=True, exist_ok=True)
        if link.is_symlink():
            link.unlink()
        link.symlink_to(Path("..", ".."), target_is_directory=True)
    except OSError:
        return None
    return link


class EditableWheel(editable_wheel):
    """The default editable install as a `.pth` path that static tools read.

    For a package whose folder is not named after it, setuptools' default
    editable install is an import hook, which pyright cannot follow. This puts
    `build/__editable__` on sys.path instead; its one entry, the link `simt`
    to the root, serves Python and pyright alike, and new files and folders
    are seen at once. An explicit `--config-settings editable_mode=...`, or a
    file system without symbolic links, keeps setuptools' own strategy.
    """

    # setuptools (64 to at least 84) asks this method for the strategy; the
    # stubs pyright bundles for setuptools leave its private methods out.
    def _select_strategy(self, name: str, tag: str, build_lib: str) -> object:
        link = _package_link() if self.mode is None else None
        if link is None:
            return super()._select_strategy(name, tag, build_lib)  # pyright: ignore[reportAttributeAccessIssue]
        return _PathEntry(name, link.parent)


if __name__ == "__main__":
    PACKAGES = package_folders()
    setup(
        packages=list(PACKAGES),
        package_dir={PACKAGE: "."},
        package_data=package_data(PACKAGES),
        # The data is exactly the list above, not whatever a stale
        # egg-info/SOURCES.txt lists.
        include_package_data=False,
        cmdclass={"build_py": BuildPy, "editable_wheel": EditableWheel},
    )
