"""Input the divergence analysis cannot answer soundly, and bad options, for
the passes built on it: `simt-divergence`, `test-print-divergence` and
`simt-loop-tree`. Each case fails with a `PassFailedException` that names the
pass, what was expected and what was found (with the op's location where an
op is at fault), never with a traceback; `simt-opt` prints the message and
exits with status 1."""

import io
import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

import simt
from simt.passes import divergence
from simt.passes.loop_tree import LoopTreePass
from simt.pipeline import default_context

KERNEL = """
func.func @k(%a: memref<?xi32>, %n: index) attributes {simt.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = simt.thread_id x : i32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %t, %a[%i] : memref<?xi32>
  }
  func.return
}
"""

DECLARATION = """
func.func private @helper(i32) -> i32 loc("kernel.py":2:0)
func.func @k(%x: i32) attributes {simt.kernel} {
  %y = func.call @helper(%x) : (i32) -> i32
  func.return
}
"""

UNREGISTERED = """
func.func @k(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %u = "foo.lane"() : () -> i32 loc("kernel.py":3:4)
  %c = arith.cmpi sgt, %u, %n : i32
  scf.if %c {
    %i = arith.constant 0 : index
    memref.store %u, %a[%i] : memref<?xi32>
  }
  func.return
}
"""

PASSES: list[ModulePass] = [
    divergence.DivergencePass(),
    divergence.TestPrintDivergencePass(),
    LoopTreePass(),
]


def _module(text: str, allow_unregistered: bool = False) -> ModuleOp:
    ctx = default_context()
    ctx.allow_unregistered = allow_unregistered
    return Parser(ctx, text).parse_module()


@pytest.fixture(autouse=True)
def _quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(divergence.TestPrintDivergencePass, "stream", io.StringIO())
    monkeypatch.setattr(LoopTreePass, "stream", io.StringIO())


@pytest.mark.parametrize("analysis", PASSES, ids=lambda p: p.name)
def test_external_declaration_fails_with_its_location(analysis: ModulePass) -> None:
    with pytest.raises(PassFailedException) as error:
        analysis.apply(default_context(), _module(DECLARATION))
    assert str(error.value) == (
        f"{analysis.name}: kernel.py:2:0: expected a function with a body, "
        "found the external declaration @helper (the divergence analysis needs "
        "the body of every function)"
    )


def test_unlocated_declaration_says_where_it_is() -> None:
    text = DECLARATION.replace(' loc("kernel.py":2:0)', "")
    with pytest.raises(
        PassFailedException, match=r"simt-divergence: @helper: expected a function"
    ):
        divergence.DivergencePass().apply(default_context(), _module(text))


@pytest.mark.parametrize("analysis", PASSES, ids=lambda p: p.name)
def test_unregistered_op_fails_with_its_location(analysis: ModulePass) -> None:
    module = _module(UNREGISTERED, allow_unregistered=True)
    with pytest.raises(PassFailedException) as error:
        analysis.apply(default_context(), module)
    assert str(error.value).startswith(
        f"{analysis.name}: kernel.py:3:4: expected registered ops only, found "
        "the unregistered op 'foo.lane'"
    )


def test_unlocated_unregistered_op_names_its_function() -> None:
    text = UNREGISTERED.replace(' loc("kernel.py":3:4)', "")
    module = _module(text, allow_unregistered=True)
    with pytest.raises(PassFailedException, match=r"@k/b0.\d+: expected registered"):
        divergence.DivergencePass().apply(default_context(), module)


def test_module_without_kernel_is_reported_not_failed() -> None:
    out = io.StringIO()
    LoopTreePass.stream = out
    LoopTreePass().apply(
        default_context(), _module("func.func @f() {\n  func.return\n}")
    )
    assert out.getvalue() == (
        "loop tree: no kernel (func.func with simt.kernel) in the module\n"
    )


@pytest.mark.parametrize(
    ("pipeline", "message"),
    [
        (
            "simt-loop-tree{format=xml}",
            "invalid value 'xml' for option 'format': expected one of 'text', 'json'",
        ),
        (
            "simt-divergence{lockstep-loads=3}",
            "invalid value '3' for option 'lockstep-loads': expected true or false",
        ),
        ("test-print-divergence{bogus=1}", "unknown option 'bogus'"),
    ],
)
def test_malformed_options_are_rejected_naming_pass_and_option(
    pipeline: str, message: str
) -> None:
    with pytest.raises(PassFailedException) as error:
        simt.apply_passes(_module(KERNEL), pipeline)
    assert message in str(error.value)


def test_loop_tree_format_from_python_is_checked() -> None:
    tree = LoopTreePass(format="xml")  # type: ignore[arg-type]
    with pytest.raises(
        PassFailedException, match=r"format must be 'text' or 'json', found 'xml'"
    ):
        tree.apply(default_context(), _module(KERNEL))


LOOP_SITE = "@k/b0.3"
"""The simulator's name of the scf.for of KERNEL."""


def _profile(**changes: object) -> dict[str, object]:
    good: dict[str, object] = {
        "kernel": "k",
        "threads": 64,
        "warp_size": 32,
        "loops": {LOOP_SITE: {"trip_count": 8}},
    }
    return good | changes


BAD_PROFILES = [
    ("{bad", "is not JSON: Expecting property name"),
    ("[1, 2]", "expected a SimulationStats.to_json() object with 'kernel'"),
    (json.dumps({"loops": {}}), "found an object with keys ['loops']"),
    (
        json.dumps(_profile(loops={LOOP_SITE: {"trip_count": "x"}})),
        f"kernel 'k': expected the trip_count of loop '{LOOP_SITE}' to be a "
        'number or null, found "x"',
    ),
    (
        json.dumps(_profile(loops={LOOP_SITE: 8})),
        f"expected loop '{LOOP_SITE}' to be an object with 'trip_count', found 8",
    ),
    (
        json.dumps(_profile(threads="a")),
        "expected 'threads' to be a positive integer, found \"a\"",
    ),
    (
        json.dumps(_profile(warp_size=0)),
        "expected 'warp_size' to be a positive integer, found 0",
    ),
    (json.dumps(_profile(kernel="other")), "is for kernel 'other', which is not"),
]


@pytest.mark.parametrize(("content", "message"), BAD_PROFILES)
def test_malformed_profile_fails_the_pass(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "profile.json"
    path.write_text(content)
    with pytest.raises(PassFailedException) as error:
        LoopTreePass(profile=str(path)).apply(default_context(), _module(KERNEL))
    assert str(error.value).startswith(f"simt-loop-tree: profile '{path}'")
    assert message in str(error.value)


def test_well_formed_profile_gives_the_trip_count(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    path.write_text(json.dumps(_profile()))
    out = io.StringIO()
    LoopTreePass.stream = out
    LoopTreePass(profile=str(path)).apply(default_context(), _module(KERNEL))
    assert f"scf.for {LOOP_SITE}: trip 8 (profile)" in out.getvalue()


def test_missing_profile_fails_the_pass(tmp_path: Path) -> None:
    path = tmp_path / "missing.json"
    with pytest.raises(PassFailedException) as error:
        LoopTreePass(profile=str(path)).apply(default_context(), _module(KERNEL))
    assert str(error.value) == (
        f"simt-loop-tree: cannot read profile '{path}': No such file or directory"
    )


def test_simt_opt_exits_with_status_1(
    tmp_path: Path, simt_opt: Callable[..., subprocess.CompletedProcess[str]]
) -> None:
    source = tmp_path / "k.mlir"
    source.write_text(DECLARATION)
    result = simt_opt(source, "-p", "simt-divergence")
    assert result.returncode == 1
    assert result.stderr.startswith(
        "simt-opt: error: simt-divergence: kernel.py:2:0: expected a function"
    )
    assert "Traceback" not in result.stderr
