"""The distribution ships the whole `simt` package, code and data, from any layout
of top-level folders, and the editable install is one that pyright can read.

The wheel is built the way `python -m build` builds it: an sdist of a copy of
the tree, then a wheel from the unpacked sdist. The copy gets a new top-level
package, a new subfolder and a data file that no configuration names; the
wheel must hold exactly the files of the tree's package folders (see
docs/packaging.md).
"""

from __future__ import annotations

import importlib.metadata
import json
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Top-level folders that are not part of the `simt` package.
NOT_SHIPPED = frozenset({"tests", "build", "dist", "docs", "examples"})
# What the copy adds: a package, a subpackage and data files nobody listed.
ADDED = {
    "probe_pkg/__init__.py": '"""A package no configuration names."""\n',
    "probe_pkg/tables/costs.json": "{}\n",
    "passes/probe_utils/__init__.py": '"""A subpackage no configuration names."""\n',
    "passes/probe_utils/helpers.py": "VALUE = 1\n",
}


def _ignored(path: Path) -> bool:
    return any(
        part.startswith(".") or part == "__pycache__" for part in path.parts
    ) or path.suffix in {".pyc", ".pyo"}


def _copy_tree(dest: Path) -> Path:
    ignore = shutil.ignore_patterns(
        ".*", "__pycache__", "*.pyc", "build", "dist", "*.egg-info", "Output"
    )
    shutil.copytree(ROOT, dest, ignore=ignore)
    for name, text in ADDED.items():
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        (dest / name).write_text(text)
    return dest


def expected_files(root: Path) -> set[str]:
    """The wheel's `simt/` files for a tree: the root's modules and every file
    below a top-level folder that holds Python code."""
    files = {f"simt/{p.name}" for p in root.glob("*.py") if p.name != "setup.py"}
    for folder in sorted(root.iterdir()):
        if (
            not folder.is_dir()
            or folder.name in NOT_SHIPPED
            or _ignored(Path(folder.name))
        ):
            continue
        if not any(folder.glob("*.py")):
            continue
        for path in folder.rglob("*"):
            relative = path.relative_to(root)
            if path.is_file() and not _ignored(relative):
                files.add(f"simt/{relative.as_posix()}")
    return files


def _run(args: list[str], cwd: Path) -> str:
    done = subprocess.run(args, capture_output=True, text=True, cwd=cwd, check=False)
    assert done.returncode == 0, f"{args}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


_SDIST = """
import sys
from setuptools import build_meta
print(build_meta.build_sdist(sys.argv[1]))
"""


@dataclass(frozen=True)
class Built:
    expected: set[str]
    sdist_files: set[str]
    wheel_files: set[str]
    site: Path


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    tmp = tmp_path_factory.mktemp("packaging")
    tree = _copy_tree(tmp / "tree")
    expected = expected_files(tree)
    # setuptools logs to stdout too; the hook's result is the last line.
    name = _run([sys.executable, "-c", _SDIST, str(tmp / "sdist")], tree).split()[-1]
    with tarfile.open(tmp / "sdist" / name) as archive:
        sdist_files = {n.split("/", 1)[1] for n in archive.getnames() if "/" in n}
        archive.extractall(tmp / "unpacked", filter="data")
    (source,) = (tmp / "unpacked").iterdir()
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    _run([*pip, "-q", "-w", str(tmp / "dist"), str(source)], tmp)
    (wheel,) = (tmp / "dist").glob("xdsl_simt-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        wheel_files = set(archive.namelist())
        archive.extractall(tmp / "site")
    return Built(expected, sdist_files, wheel_files, tmp / "site")


def test_wheel_holds_exactly_the_package_folders_of_the_tree(built: Built) -> None:
    shipped = {name for name in built.wheel_files if name.startswith("simt/")}
    assert built.expected - shipped == set(), "package files missing from the wheel"
    assert shipped - built.expected == set(), (
        "files in the wheel that the tree does not ship"
    )
    others = {name.split("/")[0] for name in built.wheel_files} - {"simt"}
    assert others == {"xdsl_simt-0.1.0.dist-info"}


def test_new_folders_and_data_need_no_configuration(built: Built) -> None:
    assert {f"simt/{name}" for name in ADDED} <= built.wheel_files
    assert "simt/passes/__init__.py" in built.wheel_files
    assert "simt/bench/dpll/instances/hole8.cnf" in built.wheel_files
    assert "simt/bench/dpll/instances/dubois25.cnf" in built.wheel_files


def test_sdist_holds_every_shipped_file(built: Built) -> None:
    from_tree = {name.removeprefix("simt/") for name in built.expected}
    assert from_tree - built.sdist_files == set()
    assert {"pyproject.toml", "setup.py", "README.md"} <= built.sdist_files


_PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
import simt.dialects.simt as d
from simt.bench.dpll.generate import INSTANCES_DIR
from simt.tools.simt_opt import main
assert d.__file__.startswith(sys.argv[1]), d.__file__
assert sorted(p.name for p in INSTANCES_DIR.glob("*.cnf")) == ["dubois25.cnf", "hole8.cnf"]
sys.argv = ["simt-opt", sys.argv[2], "-p", "simt-optimize"]
main()
"""


def test_installed_wheel_runs_outside_the_source_tree(
    built: Built, tmp_path: Path
) -> None:
    example = ROOT / "examples" / "collatz.py"
    out = _run([sys.executable, "-c", _PROBE, str(built.site), str(example)], tmp_path)
    assert "func.func @collatz_rounds" in out


def test_editable_install_is_a_path_that_pyright_reads() -> None:
    """pyright follows path lines of `.pth` files, never import hooks."""
    # Looked up in site-packages: the build's egg-info in the root is no install.
    purelib = sysconfig.get_paths()["purelib"]
    (dist,) = importlib.metadata.Distribution.discover(name="xdsl-simt", path=[purelib])
    direct_url = json.loads(dist.read_text("direct_url.json") or "{}")
    assert direct_url.get("dir_info", {}).get("editable"), (
        "the tests run against the editable install: pip install -e '.[dev]'"
    )
    (pth,) = [f for f in dist.files or [] if f.name.endswith(".pth")]
    lines = Path(str(pth.locate())).read_text().split()
    assert len(lines) == 1, lines
    assert (Path(lines[0]) / "simt").resolve() == ROOT


def test_entry_point_plugin_is_visible_to_xdsl() -> None:
    from xdsl.universe import Universe

    multiverse = Universe.get_multiverse()
    assert "simt" in multiverse.all_dialects
    assert multiverse.all_dialects["simt"]().name == "simt"
