"""Bad Python kernels given to `simt-opt kernel.py`: each is one located
diagnostic (`kernel.py:line:col: error: ...`) on the offending line, exit
status 1, no traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from bad_input.cli_harness import assert_user_error, run_cli

HEADER = "from numba import cuda\n\n\n"

CASES: list[tuple[str, str, int]] = [
    (
        "syntax",
        '@cuda.jit("void(int32[:])")\ndef k(a):\n    a[0] = = 1\n',
        6,
    ),
    (
        "undefined name",
        '@cuda.jit("void(int32[:])")\ndef k(a):\n    a[0] = nowhere\n',
        6,
    ),
    (
        "unknown function",
        '@cuda.jit("void(int32[:])")\ndef k(a):\n    a[0] = mystery(1)\n',
        6,
    ),
    (
        "returns a value",
        '@cuda.jit("void(int32[:])")\ndef k(a):\n    return 1\n',
        6,
    ),
    (
        "string value",
        '@cuda.jit("void(int32[:])")\ndef k(a):\n    a[0] = "text"\n',
        6,
    ),
    (
        "bad parameter type",
        '@cuda.jit("void(int33[:])")\ndef k(a):\n    a[0] = 1\n',
        4,
    ),
    (
        "arity",
        '@cuda.jit("void(int32[:], int32)")\ndef k(a):\n    a[0] = 1\n',
        5,
    ),
    (
        "attribute of cuda",
        '@cuda.jit("void(int32[:])")\ndef k(a):\n    a[0] = cuda.no_such_thing\n',
        6,
    ),
]


@pytest.mark.parametrize(("what", "body", "line"), CASES, ids=[c[0] for c in CASES])
def test_bad_kernel_is_located(tmp_path: Path, what: str, body: str, line: int) -> None:
    path = tmp_path / "kernel.py"
    path.write_text(HEADER + body)
    outcome = run_cli(str(path))
    assert_user_error(outcome)
    file, found, _ = outcome.located()
    assert file == str(path), outcome.err
    assert found == line, f"{what}: {outcome.err}"
