"""`simt-loop-tree`: trip counts from a simulator profile, user errors, and the
address rule of the independence analysis checked against brute force."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.utils.exceptions import PassFailedException

import simt
from simt.analysis.loop_tree import build_loop_trees
from simt.passes.loop_tree import LoopTreePass
from simt.pipeline import apply_passes, default_context

NESTED = """
func.func @k(%a: memref<?xi32>, %n: i32) attributes {simt.kernel} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %tid = simt.thread_id x : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %p = arith.cmpi slt, %i, %tid : i32
  cf.cond_br %p, ^bb2, ^bb3
^bb2:
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%s = %c0) -> (i32) : i32 {
    %s2 = arith.addi %s, %j : i32
    scf.yield %s2 : i32
  }
  %idx = arith.index_cast %i : i32 to index
  memref.store %r, %a[%idx] : memref<?xi32>
  %next = arith.addi %i, %c1 : i32
  cf.br ^bb1(%next : i32)
^bb3:
  func.return
}
"""


def parse(text: str) -> ModuleOp:
    return Parser(default_context(), text).parse_module()


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    LoopTreePass.stream = stream
    yield stream
    LoopTreePass.stream = None


def profile_of(module: ModuleOp, tmp_path: Path, threads: int, n: int) -> Path:
    a = np.zeros(threads * 4, dtype=np.int32)
    result = simt.simulate(module, grid=(1,), block=(threads,), args=[a, np.int32(n)])
    path = tmp_path / "profile.json"
    path.write_text(result.stats.to_json())
    return path


def test_trip_counts_come_from_the_profile(
    tmp_path: Path, captured: io.StringIO
) -> None:
    module = parse(NESTED)
    path = profile_of(module, tmp_path, threads=64, n=5)
    apply_passes(module, f'simt-loop-tree{{profile="{path}"}}')
    lines = captured.getvalue().splitlines()
    assert "L0 threads: trip 64 (profile)" in lines[1]
    # Lane t runs the cf loop t times and the check once more: 0..63 -> 32.5 on average.
    assert "L1 cf loop @k/b1: trip 32.5 (profile)" in lines[2]
    assert "L2 scf.for @k/b2.0: trip 5 (profile)" in lines[4]
    assert "note: about 5 iterations for 32 lanes" in lines[6]


def test_json_carries_the_profile_source(tmp_path: Path, captured: io.StringIO) -> None:
    module = parse(NESTED)
    path = profile_of(module, tmp_path, threads=32, n=3)
    apply_passes(module, f'simt-loop-tree{{format=json profile="{path}"}}')
    (kernel,) = json.loads(captured.getvalue())["kernels"]
    loops = {loop["id"]: loop for loop in kernel["loops"]}
    assert (
        loops["L2"]["trip_count"] == 3 and loops["L2"]["trip_count_source"] == "profile"
    )
    assert loops["L1"]["site"] == "@k/b1" and loops["L1"]["parent"] == "L0"
    assert loops["L1"]["children"] == ["L2"]
    assert loops["L1"]["independent"] is True and loops["L1"]["reasons"] == []
    assert [loops[k]["level"] for k in ("L0", "L1", "L2")] == [
        "grid/block",
        "warp",
        "lane",
    ]
    assert loops["L2"]["carried"] == [
        {"name": "%s", "kind": "reduction", "detail": "add"}
    ]


def test_a_loop_the_run_never_entered(tmp_path: Path, captured: io.StringIO) -> None:
    module = parse(NESTED)
    path = profile_of(module, tmp_path, threads=1, n=5)  # lane 0 never enters the body
    apply_passes(module, f'simt-loop-tree{{profile="{path}"}}')
    assert "L2 scf.for @k/b2.0: trip ? (not in profile)" in captured.getvalue()


def test_the_ir_is_unchanged(captured: io.StringIO) -> None:
    module = parse(NESTED)
    before = str(module)
    apply_passes(module, "simt-loop-tree")
    assert str(module) == before


@pytest.mark.parametrize(
    ("contents", "message"),
    [
        (None, "cannot read profile"),
        ("{not json", "is not JSON"),
        ('{"kernel": "k"}', "expected a SimulationStats.to_json"),
        (
            '{"kernel": "other", "loops": {}}',
            "is for kernel 'other', which is not in the module",
        ),
    ],
)
def test_bad_profiles_are_reported(
    tmp_path: Path, contents: str | None, message: str
) -> None:
    path = tmp_path / "profile.json"
    if contents is not None:
        path.write_text(contents)
    with pytest.raises(PassFailedException, match=message):
        apply_passes(parse(NESTED), f'simt-loop-tree{{profile="{path}"}}')


def test_bad_format_is_reported() -> None:
    with pytest.raises(
        PassFailedException, match="format must be 'text' or 'json', found 'xml'"
    ):
        LoopTreePass(format="xml").apply(default_context(), parse(NESTED))  # pyright: ignore[reportArgumentType]


SHIFTED = """
func.func @k(%a: memref<?xi32>, %n: i32) attributes {{simt.kernel}} {{
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %step = arith.constant {step} : i32
  %ws = arith.constant {write_shift} : i32
  %rs = arith.constant {read_shift} : i32
  %scale = arith.constant {scale} : i32
  scf.for %i = %c0 to %n step %step : i32 {{
    %si = arith.muli %i, %scale : i32
    %w = arith.addi %si, %ws : i32
    %r = arith.addi %si, %rs : i32
    %wi = arith.index_cast %w : i32 to index
    %ri = arith.index_cast %r : i32 to index
    %v = memref.load %a[%ri] : memref<?xi32>
    memref.store %v, %a[%wi] : memref<?xi32>
  }}
  func.return
}}
"""


def cross_iteration_conflict(
    step: int, scale: int, write: int, read: int, trips: int
) -> bool:
    """Brute force: does some iteration read or write what another one wrote?"""
    ivs = [k * step for k in range(trips)]
    writes = {i: i * scale + write for i in ivs}
    reads = {i: i * scale + read for i in ivs}
    for i in ivs:
        for j in ivs:
            if i != j and (writes[i] == reads[j] or writes[i] == writes[j]):
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(
    step=st.integers(1, 3),
    scale=st.integers(-3, 3),
    write=st.integers(-4, 4),
    read=st.integers(-4, 4),
)
def test_independent_only_when_no_iteration_meets_another(
    step: int, scale: int, write: int, read: int
) -> None:
    text = SHIFTED.format(step=step, write_shift=write, read_shift=read, scale=scale)
    (tree,) = build_loop_trees(parse(text))
    (loop,) = tree.children(tree.root)
    if loop.independent:
        # The analysis may say "dependent" when it cannot prove otherwise, but
        # never "independent" when some trip count makes iterations meet.
        assert not any(
            cross_iteration_conflict(step, scale, write, read, t) for t in range(1, 12)
        )
    else:
        assert write != read or scale == 0
