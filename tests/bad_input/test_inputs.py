"""Bad input files for `simt-opt`: unreadable, undecodable, unparsable or
invalid IR. Each gives `file:line:col: error: message` (the op's own position
for verifier errors), exit status 1 and no traceback; empty input is an empty
module, as in mlir-opt."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bad_input.cli_harness import assert_user_error, run_cli

INVALID_IR = (
    Path(__file__).parents[1] / "filecheck" / "dialects" / "simt" / "invalid.mlir"
)


def _invalid_chunks() -> list[tuple[int, str, str]]:
    """`(first line, text, expected message)` of each case of invalid.mlir."""
    cases: list[tuple[int, str, str]] = []
    line = 1
    for chunk in INVALID_IR.read_text().split("// -----"):
        checks = re.findall(
            r"// CHECK(?:-NEXT)?: (?:\| )?(?:Operation does not verify: )?(.*)", chunk
        )
        messages = [c for c in checks if "expected" in c or "must" in c]
        if messages:
            cases.append((line, chunk, messages[-1].strip()))
        line += chunk.count("\n")
    return cases


CHUNKS = _invalid_chunks()


@pytest.mark.parametrize(("first_line", "text", "message"), CHUNKS)
def test_invalid_simt_ir_is_located_at_the_op(
    tmp_path: Path, first_line: int, text: str, message: str
) -> None:
    path = tmp_path / "invalid.mlir"
    path.write_text(text)
    outcome = run_cli(str(path))
    assert_user_error(outcome, message)
    file, line, _ = outcome.located()
    assert file == str(path)
    op_lines = [
        i + 1
        for i, source in enumerate(text.splitlines())
        if source.strip() and not source.lstrip().startswith("//")
    ]
    assert op_lines[0] <= line <= op_lines[-1], outcome.err


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            "func.func @f() {\n  %x = arith.constant 1 : i32\n  %y = arith.addi %x, %z : i32\n  func.return\n}\n",
            3,
            "%z",
        ),
        (
            "func.func @f() {\n  %x = no.such_op : i32\n  func.return\n}\n",
            2,
            "not registered",
        ),
        ("func.func @f() {\n  %x = arith.constant 1 : i33x\n  func.return\n}\n", 2, ""),
        ("func.func @f( {\n}\n", 1, ""),
        ("func.func @f() {\n  func.return\n", 3, ""),
        (
            "func.func @f() {\n  %g = simt.guard.create 0 : !simt.guard<0>\n  func.return\n}\n",
            2,
            "at least 1 block",
        ),
        ("func.func @f() {\n  %t = simt.thread_id w : i32\n  func.return\n}\n", 2, ""),
        (
            "func.func @f() {\n  %x = arith.constant 1 : i32\n  %x = arith.constant 2 : i32\n  func.return\n}\n",
            3,
            "",
        ),
        ('"builtin.module"() ({\n', 2, ""),
        (
            "func.func @f(%a: memref<?xi32>) {\n  %i = arith.constant 0 : index\n  memref.store %a, %a[%i] : memref<?xi32>\n  func.return\n}\n",
            3,
            "",
        ),
    ],
)
def test_parse_errors_are_located(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = tmp_path / "bad.mlir"
    path.write_text(text)
    outcome = run_cli(str(path))
    assert_user_error(outcome, message)
    file, found_line, _ = outcome.located()
    assert (file, found_line) == (str(path), line), outcome.err


def test_error_in_a_later_split_chunk_has_its_file_line(tmp_path: Path) -> None:
    good = "func.func @a() {\n  func.return\n}\n"
    bad = "func.func @b() {\n  %g = simt.guard.create 5 : !simt.guard<2>\n  func.return\n}\n"
    path = tmp_path / "split.mlir"
    path.write_text(good + "// -----\n" + bad)
    outcome = run_cli(str(path), "--split-input-file")
    assert_user_error(outcome, "'simt.guard.create' op expected init in [0, 2)")
    assert outcome.located() == (str(path), 6, 3)


@pytest.mark.parametrize("suffix", [".mlir", ".py"])
def test_undecodable_input_names_the_file_and_position(
    tmp_path: Path, suffix: str
) -> None:
    path = tmp_path / f"latin1{suffix}"
    path.write_bytes(b"// ok\n// caf\xe9\n")
    outcome = run_cli(str(path))
    assert_user_error(outcome, f"{path}:2:7: error: the input is not UTF-8 text")


def test_missing_file_names_it(tmp_path: Path) -> None:
    outcome = run_cli(str(tmp_path / "nope.mlir"))
    assert_user_error(outcome, f"{tmp_path / 'nope.mlir'}: error: No such file")


def test_directory_input_names_it(tmp_path: Path) -> None:
    outcome = run_cli(str(tmp_path))
    assert_user_error(outcome, f"{tmp_path}: error: Is a directory")


def test_unknown_extension_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "kernel.txt"
    path.write_text("")
    outcome = run_cli(str(path))
    assert_user_error(outcome, "simt-opt: error: Unrecognized file extension 'txt'")


def test_unwritable_output_names_it(tmp_path: Path) -> None:
    source = tmp_path / "k.mlir"
    source.write_text("")
    target = tmp_path / "no" / "such" / "dir" / "out.mlir"
    outcome = run_cli(str(source), "-o", str(target))
    assert_user_error(outcome, f"{target}: error: No such file or directory")


@pytest.mark.parametrize(
    "text", ["", "\n\n", "// only a comment\n", "  \n// two\n// comments\n"]
)
def test_empty_input_is_an_empty_module(tmp_path: Path, text: str) -> None:
    path = tmp_path / "empty.mlir"
    path.write_text(text)
    outcome = run_cli(str(path))
    assert outcome.status == 0, outcome.err
    assert outcome.out.split() == ["builtin.module", "{", "}"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["-t", "no-such-target"], "invalid choice: 'no-such-target'"),
        (["--no-such-flag"], "unrecognized arguments: --no-such-flag"),
        (["-p"], "expected one argument"),
        (["--help-pass", "simt-flaten-loops"], "did you mean 'simt-flatten-loops'"),
        (["--help-pass", "zzz"], "unknown pass 'zzz'"),
    ],
)
def test_bad_command_lines(tmp_path: Path, args: list[str], fragment: str) -> None:
    path = tmp_path / "k.mlir"
    path.write_text("")
    outcome = run_cli(str(path), *args)
    assert outcome.status in (1, 2), outcome
    assert fragment in outcome.err, outcome.err
    assert "Traceback" not in outcome.err


def test_target_option_errors_name_the_target(tmp_path: Path) -> None:
    path = tmp_path / "k.mlir"
    path.write_text("")
    outcome = run_cli(str(path), "-t", "ptx{ar=sm_90}")
    assert_user_error(
        outcome,
        "simt-opt: error: target 'ptx': ",
        '"ar"',
        "(options: arch, isa, ptxas)",
    )


def test_malformed_target_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "k.mlir"
    path.write_text("")
    outcome = run_cli(str(path), "-t", "ptx{arch=sm_90")
    assert_user_error(outcome, "simt-opt: error: ", "ptx{arch=sm_90")


def test_version_names_simt_and_xdsl() -> None:
    outcome = run_cli("--version")
    assert outcome.status == 0
    assert re.match(r"simt-opt \S+ \(simt\), built on xDSL \d+\.\d+", outcome.out)


def test_help_lists_simt_passes_first_with_descriptions() -> None:
    outcome = run_cli("--help")
    assert outcome.status == 0
    simt_section = outcome.out.index("simt passes")
    other_section = outcome.out.index("other passes")
    assert simt_section < other_section
    assert "simt-optimize " in outcome.out[simt_section:other_section]
    assert "ptx{" in outcome.out or "ptx " in outcome.out


@pytest.mark.parametrize(
    "name", ["simt-flatten-loops", "simt-optimize", "simt-branch-fusion", "cse"]
)
def test_help_pass_prints_the_options(name: str) -> None:
    outcome = run_cli("--help-pass", name)
    assert outcome.status == 0, outcome.err
    assert outcome.out.startswith(name)
    assert "options:" in outcome.out
