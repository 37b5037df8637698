"""The distribution builds as a wheel whose `simt` package imports on its own."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import sys
sys.path.insert(0, sys.argv[1])
import simt.dialects.simt as d
assert d.__file__.startswith(sys.argv[1]), d.__file__
assert d.SIMT.name == "simt"
print("ok", len(list(d.SIMT.operations)))
"""


def test_wheel_imports_outside_source_tree(tmp_path: Path) -> None:
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path / "dist"),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = (tmp_path / "dist").glob("xdsl_simt-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "simt/dialects/simt.py" in names
    assert not any(name.startswith(("tests/", "dialects/")) for name in names)
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)
    probe = subprocess.run(
        [sys.executable, "-c", _PROBE, str(unpacked)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.startswith("ok ")


def test_entry_point_plugin_is_visible_to_xdsl() -> None:
    from xdsl.universe import Universe

    multiverse = Universe.get_multiverse()
    assert "simt" in multiverse.all_dialects
    assert multiverse.all_dialects["simt"]().name == "simt"
