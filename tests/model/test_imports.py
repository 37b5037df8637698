"""The dialect and the xDSL plugin import cheaply: no numpy, llvmlite or numba.

`xdsl-opt` loads simt's universe on every run, and pass registration loads the
dialects; both must stay free of the heavy libraries the simulator and the
lowering need (they are imported when a pass or the simulator runs).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("numpy", "llvmlite", "numba")

_PROBE = """
import sys
{statement}
print(",".join(m for m in {heavy!r} if m in sys.modules))
"""


@pytest.mark.parametrize(
    "statement",
    [
        "import simt.dialects.simt",
        "import simt",
        "from simt.universe import SIMT_UNIVERSE",
        "from simt.pipeline import available_passes; available_passes()",
    ],
)
def test_light_imports(statement: str) -> None:
    probe = _PROBE.format(statement=statement, heavy=HEAVY)
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "", f"{statement} loaded {done.stdout.strip()}"
