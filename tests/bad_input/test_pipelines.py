"""Bad `-p` pipelines: malformed text, unknown passes and options, option
values of the wrong type. Every one names the pass, the option, the value and
what was expected, with exit status 1 and no traceback; the same text given to
`simt.apply_passes` raises `PipelineError`, a `SimtError`."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest
from bad_input.cli_harness import assert_user_error, run_cli

import simt
from simt.pipeline import PipelineError, option_name, pass_options
from simt.universe import PASS_SUMMARIES, SIMT_UNIVERSE

KERNEL = """func.func @k(%a: memref<?xi32>) attributes {simt.kernel} {
  %t = simt.thread_id x : i32
  %i = arith.index_cast %t : i32 to index
  memref.store %t, %a[%i] : memref<?xi32>
  func.return
}
"""


@pytest.fixture(scope="module")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pipelines") / "kernel.mlir"
    path.write_text(KERNEL)
    return path


def _bad_value(hint: object) -> str | None:
    """A value of the wrong type for an option of type `hint`."""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if typing.get_origin(hint) is typing.Literal:
        return "no-such-choice"
    if hint is bool or bool in args:
        return "maybe"
    if hint in (int, float) or int in args or float in args:
        return "lots"
    return None


def _option_cases() -> list[tuple[str, str, str]]:
    cases: list[tuple[str, str, str]] = []
    for name, factory in SIMT_UNIVERSE.all_passes.items():
        pass_type = factory()
        hints = typing.get_type_hints(pass_type)
        for field in pass_options(pass_type):
            value = _bad_value(hints[field.name])
            if value is not None:
                cases.append((name, option_name(field.name), value))
    return cases


OPTION_CASES = _option_cases()


@pytest.mark.parametrize(("pass_name", "option", "value"), OPTION_CASES)
def test_wrong_option_value_names_pass_option_and_value(
    kernel: Path, pass_name: str, option: str, value: str
) -> None:
    outcome = run_cli(str(kernel), "-p", f"{pass_name}{{{option}={value}}}")
    assert_user_error(
        outcome,
        f"simt-opt: error: {pass_name}: invalid value '{value}' for option '{option}'",
        "expected ",
    )


@pytest.mark.parametrize("pass_name", sorted(SIMT_UNIVERSE.all_passes))
def test_unknown_option_lists_the_options(kernel: Path, pass_name: str) -> None:
    outcome = run_cli(str(kernel), "-p", f"{pass_name}{{no-such-option=1}}")
    assert_user_error(
        outcome, f"{pass_name}: unknown option 'no-such-option'", "(options: "
    )


def _misspelt(name: str) -> str:
    """`name` with two letters swapped after its prefix."""
    i = len(name) // 2
    return name[:i] + name[i + 1] + name[i] + name[i + 2 :]


@pytest.mark.parametrize("pass_name", sorted(PASS_SUMMARIES))
def test_misspelt_pass_suggests_the_right_one(kernel: Path, pass_name: str) -> None:
    typo = _misspelt(pass_name)
    outcome = run_cli(str(kernel), "-p", typo)
    assert_user_error(outcome, f"unknown pass '{typo}'; did you mean '{pass_name}'?")


def test_misspelt_option_suggests_the_right_one(kernel: Path) -> None:
    outcome = run_cli(str(kernel), "-p", "simt-flatten-loops{idle-fractoin=0.3}")
    assert_user_error(outcome, "did you mean 'idle-fraction'?")


MALFORMED = [
    ("simt-flatten-loops{mode=adaptive", 33, "expected either a space or `}`"),
    ("simt-flatten-loops{", 20, ""),
    ("simt-flatten-loops{=1}", 20, "Expected argument name"),
    ("cse,,canonicalize", 5, ""),
    ("{mode=adaptive}", 1, "Expected pass name"),
    ('simt-optimize{profile="x.json}', 23, ""),
    ("simt-loop-tree}", 15, ""),
    ("cse canonicalize", 4, "Expected a comma or pass arguments"),
]


@pytest.mark.parametrize(("pipeline", "column", "message"), MALFORMED)
def test_malformed_pipeline_points_at_the_column(
    kernel: Path, pipeline: str, column: int, message: str
) -> None:
    outcome = run_cli(str(kernel), "-p", pipeline)
    assert_user_error(outcome, f"<pass-pipeline>:1:{column}: error: ", message)
    assert "^" in outcome.err


@pytest.mark.parametrize(
    "spelling",
    [
        ["--pass-pipeline=builtin.module(canonicalize,cse)"],
        ["--pass-pipeline", "builtin.module(canonicalize,cse)"],
        ["-p", "builtin.module(canonicalize,cse)"],
        ["-p", "canonicalize,cse"],
    ],
)
def test_mlir_opt_pipeline_spellings_are_accepted(
    kernel: Path, spelling: list[str]
) -> None:
    outcome = run_cli(str(kernel), *spelling)
    assert outcome.status == 0, outcome.err
    assert "simt.thread_id" in outcome.out


def test_unquoted_profile_path_is_read_as_a_path(kernel: Path) -> None:
    outcome = run_cli(str(kernel), "-p", "simt-optimize{profile=prof/x.json}")
    assert_user_error(outcome, "prof/x.json")


@pytest.mark.parametrize(
    "pipeline",
    [
        "simt-flatten-loops{mode=adaptive",
        "no-such-pass",
        "simt-loop-tree{format=xml}",
        "simt-branch-fusion{gap-cost=abc}",
        "simt-branch-fusion{bogus=1}",
        "simt-linearize{max-depth=x}",
    ],
)
def test_apply_passes_raises_pipeline_error(pipeline: str) -> None:
    module = simt.default_context()
    del module
    from xdsl.dialects.builtin import ModuleOp

    with pytest.raises(PipelineError) as error:
        simt.apply_passes(ModuleOp([]), pipeline)
    assert isinstance(error.value, simt.SimtError)


@pytest.mark.parametrize(
    ("module", "pipeline", "message"),
    [
        ("not a module", "cse", "needs a builtin.module, found str"),
        (None, "cse", "needs a builtin.module, found NoneType"),
        ("module", 3, "needs the pipeline as a string, found int"),
        ("module", ["cse"], "needs the pipeline as a string, found list"),
    ],
)
def test_apply_passes_checks_its_arguments(
    module: object, pipeline: object, message: str
) -> None:
    from xdsl.dialects.builtin import ModuleOp

    target = ModuleOp([]) if module == "module" else module
    with pytest.raises(simt.SimtError, match=message):
        simt.apply_passes(target, pipeline)  # type: ignore[arg-type]
