"""The lit format that runs simt-opt and filecheck inside lit's workers
(tests/filecheck/lit_inprocess.py) passes and fails tests as lit's own
shell would: pipelines with pipefail, `not`, and redirections in order."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

FILECHECK_DIR = Path(__file__).parents[1] / "filecheck"

KERNEL = """func.func @f(%x: i32) {
  func.return
}
"""

TESTS = {
    # plain pipeline
    "pass_pipeline.mlir": "// RUN: simt-opt %s | filecheck %s\n// CHECK: func.func @f\n",
    # a CHECK that does not match
    "fail_check.mlir": "// RUN: simt-opt %s | filecheck %s\n// CHECK: no-such-text\n",
    # `2>&1 >/dev/null`: stderr into the pipe, stdout dropped
    "pass_redirect_order.mlir": (
        "// RUN: not simt-opt %s -p no-such-pass 2>&1 >/dev/null "
        "| filecheck %s\n// CHECK: no-such-pass\n"
    ),
    # stdout dropped, stderr not in the pipe: filecheck sees nothing
    "fail_stderr_not_piped.mlir": (
        "// RUN: not simt-opt %s -p no-such-pass >/dev/null | filecheck %s\n"
        "// CHECK: no-such-pass\n"
    ),
    # `not` of a command that succeeds fails
    "fail_not_of_success.mlir": "// RUN: not simt-opt %s\n",
    # pipefail: a failing first command fails the line
    "fail_pipefail.mlir": "// RUN: simt-opt %s -p no-such-pass | sed -n p\n",
    # a file written by one RUN line, read by the next; sed as a subprocess
    "pass_files.mlir": (
        "// RUN: simt-opt %s -o %t\n"
        "// RUN: sed -n 's/func.func/FUNC/p' %t | filecheck %s\n"
        "// CHECK: FUNC @f\n"
    ),
}


def test_lit_outcomes_are_the_shells(tmp_path: Path) -> None:
    config = (FILECHECK_DIR / "lit.cfg").read_text()
    config = config.replace(
        "sys.path.insert(0, os.path.dirname(__file__))",
        f"sys.path.insert(0, {str(FILECHECK_DIR)!r})",
    )
    (tmp_path / "lit.cfg").write_text(config)
    for name, run_lines in TESTS.items():
        (tmp_path / name).write_text(run_lines + KERNEL)
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import lit.main; lit.main.main()",
            *("-v", "-j", "1", str(tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    outcomes = dict(
        (test, status)
        for status, test in re.findall(
            r"^(PASS|FAIL|UNRESOLVED): simt :: (\S+)", done.stdout, re.M
        )
    )
    expected = {name: name.split("_")[0].upper() for name in TESTS}
    assert outcomes == expected, done.stdout + done.stderr
