"""simt-flatten-loops keeps the meaning of every lane: simulated outputs before
and after agree on random inputs, for every corpus kernel, the Fig. 7 kernel
and hypothesis-generated loop nests, in each mode; flattened kernels go through
ptxas."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from numba import cuda
from xdsl.dialects import scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from simt.bench.flatten import fig7_spec
from simt.bench.kernels.registry import CORPUS
from simt.dialects.simt import LOOP_INFO_ATTR, LoopInfoAttr
from simt.frontend import compile_python
from simt.pipeline import apply_passes, default_context
from simt.sim import simulate

MODES = ("always", "adaptive", "static", "profile")


def _flattened_loops(module: ModuleOp) -> int:
    return sum(
        1
        for op in module.walk()
        if str(op.attributes.get("simt.flattened")) in ('"always"', '"adaptive"')
    )


def _run(module: ModuleOp, case, kernel: str | None = None):
    args = (
        case.copy_args()
        if hasattr(case, "copy_args")
        else [a.copy() if isinstance(a, np.ndarray) else a for a in case[2]]
    )
    grid, block = (case.grid, case.block) if hasattr(case, "grid") else case[:2]
    result = simulate(module, grid, block, args, kernel=kernel, trace=False)
    return result.stats, args


def _pipeline(mode: str, profile: str | None) -> str:
    options = [f"mode={mode}", "remarks=false"]
    if mode == "adaptive":
        # These tests check the adaptive loop itself: never decline it.
        options.append("budget=1000")
    if mode == "static":
        options.append("idle-fraction=0.99")
    if profile is not None:
        options.append(f'profile="{profile}"')
    return "simt-flatten-loops{" + " ".join(options) + "}"


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus_kernel_outputs_unchanged(name: str, tmp_path) -> None:
    spec = CORPUS[name]
    case = spec.make_inputs(np.random.default_rng(5), "small")
    stats, expected = _run(compile_python(spec.func, spec.signature), case)
    profile = tmp_path / "profile.json"
    profile.write_text(stats.to_json())
    for mode in ("always", "adaptive", "profile"):
        module = compile_python(spec.func, spec.signature)
        apply_passes(
            module, _pipeline(mode, None if mode == "always" else str(profile))
        )
        _, actual = _run(module, case)
        assert not spec.mismatches(expected, actual), (name, mode)


def test_early_exit_is_flattened_and_faster_at_k31() -> None:
    spec = fig7_spec(31, (1, 1), inner_cap=8)
    case = spec.make_inputs(np.random.default_rng(1), 32)
    before, expected = _run(compile_python(spec.func, spec.signature), case)
    assert not spec.mismatches(spec.expected(case), expected)
    for mode in ("always", "adaptive"):
        module = compile_python(spec.func, spec.signature)
        apply_passes(module, _pipeline(mode, None))
        assert _flattened_loops(module) == 1
        after, actual = _run(module, case)
        assert not spec.mismatches(expected, actual)
        assert after.cycles < before.cycles / 2, mode
        assert after.simd_efficiency > before.simd_efficiency


@pytest.mark.parametrize("k", [0, 5, 17, 31])
def test_fig7_kernel_matches_reference_in_every_mode(k: int, tmp_path) -> None:
    spec = fig7_spec(k, (1, 1), outer_iters=8, inner_cap=4)
    case = spec.make_inputs(np.random.default_rng(k), 64)
    reference = spec.expected(case)
    stats, _ = _run(compile_python(spec.func, spec.signature), case)
    profile = tmp_path / "p.json"
    profile.write_text(stats.to_json())
    for mode in MODES:
        module = compile_python(spec.func, spec.signature)
        apply_passes(
            module, _pipeline(mode, str(profile) if mode != "always" else None)
        )
        _, actual = _run(module, case)
        assert not spec.mismatches(reference, actual), mode


# ---------------------------------------------------------------------------
# Random loop nests
# ---------------------------------------------------------------------------

_OPS = ("arith.addi", "arith.muli", "arith.xori", "arith.subi")


@st.composite
def nests(
    draw: st.DrawFn, max_inner: int = 2, max_mask: int = 7, loop_info: str = ""
) -> str:
    """A kernel: an outer loop (scf.for or scf.while) over 1-`max_inner` inner
    loops whose trip counts (up to `max_mask`) depend on the lane's data, with
    loop-carried arithmetic in both loops and a value of the outer body used
    after the inner loops; `loop_info` is put on the inner loops."""
    outer_for = draw(st.booleans())
    inner_count = draw(st.integers(1, max_inner))
    inner_fors = [draw(st.booleans()) for _ in range(inner_count)]
    ops = [draw(st.sampled_from(_OPS)) for _ in range(4 * inner_count + 2)]
    masks = [draw(st.integers(1, max_mask)) for _ in range(inner_count)]
    info = f"{{simt.loop_info = {loop_info}}}" if loop_info else ""
    body: list[str] = ["%w = arith.addi %i, %x : i32"]
    carried = "%acc"
    for j in range(inner_count):
        o = ops[4 * j : 4 * j + 4]
        body.append(f"%m{j} = arith.constant {masks[j]} : i32")
        body.append(f"%lim{j}x = arith.xori %w, %v : i32")
        body.append(f"%lim{j} = arith.andi %lim{j}x, %m{j} : i32")
        if inner_fors[j]:
            body += [
                f"%r{j} = scf.for %j{j} = %c0 to %lim{j} step %c1 iter_args(%y{j} = {carried}) -> (i32) : i32 {{",
                f"  %t{j} = {o[0]} %y{j}, %j{j} : i32",
                f"  %u{j} = {o[1]} %t{j}, %w : i32",
                f"  scf.yield %u{j} : i32",
                f"}} {info}",
            ]
        else:
            body += [
                f"%r{j}:2 = scf.while (%j{j} = %c0, %y{j} = {carried}) : (i32, i32) -> (i32, i32) {{",
                f"  %b{j} = arith.cmpi slt, %j{j}, %lim{j} : i32",
                f"  scf.condition(%b{j}) %j{j}, %y{j} : i32, i32",
                "} do {",
                f"^bb{j}(%jj{j}: i32, %yy{j}: i32):",
                f"  %t{j} = {o[0]} %yy{j}, %jj{j} : i32",
                f"  %u{j} = {o[1]} %t{j}, %w : i32",
                f"  %jn{j} = arith.addi %jj{j}, %c1 : i32",
                f"  scf.yield %jn{j}, %u{j} : i32, i32",
                f"}} {'attributes ' + info if info else ''}",
            ]
        result = f"%r{j}" if inner_fors[j] else f"%r{j}#1"
        body.append(f"%z{j} = {o[2]} {result}, %lim{j} : i32")
        carried = f"%z{j}"
    body.append(f"%next = {ops[-1]} {carried}, %w : i32")
    inner = "\n      ".join(body)
    if outer_for:
        loop = f"""%res = scf.for %i = %c0 to %n step %c1 iter_args(%x = %c0) -> (i32) : i32 {{
      %acc = arith.addi %x, %c1 : i32
      {inner}
      scf.yield %next : i32
    }}"""
    else:
        loop = f"""%res0:2 = scf.while (%i0 = %c0, %x0 = %c0) : (i32, i32) -> (i32, i32) {{
      %a = arith.cmpi slt, %i0, %n : i32
      scf.condition(%a) %i0, %x0 : i32, i32
    }} do {{
    ^outer(%i: i32, %x: i32):
      %acc = arith.addi %x, %c1 : i32
      {inner}
      %inext = arith.addi %i, %c1 : i32
      scf.yield %inext, %next : i32, i32
    }}
    %res = arith.addi %res0#1, %c0 : i32"""
    return f"""func.func @nest(%data: memref<?xi32>, %out: memref<?xi32>, %n: i32) attributes {{simt.kernel}} {{
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %tid = simt.thread_id x : i32
    %idx = arith.index_cast %tid : i32 to index
    %v = memref.load %data[%idx] : memref<?xi32>
    {loop}
    memref.store %res, %out[%idx] : memref<?xi32>
    func.return
  }}"""


def _parse(text: str) -> ModuleOp:
    return Parser(default_context(), text).parse_module()


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    nest=nests(),
    seed=st.integers(0, 2**16),
    trips=st.integers(0, 5),
    mode=st.sampled_from(("always", "adaptive", "static")),
)
def test_random_nests_keep_their_outputs(
    nest: str, seed: int, trips: int, mode: str
) -> None:
    rng = np.random.default_rng(seed)
    data = rng.integers(-50, 50, size=32).astype(np.int32)
    args = [data, np.zeros(32, np.int32), np.int32(trips)]
    expected = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    simulate(_parse(nest), 1, 32, expected, trace=False)
    module = _parse(nest)
    apply_passes(module, _pipeline(mode, None))
    assert _flattened_loops(module) >= 1
    actual = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    simulate(module, 1, 32, actual, trace=False)
    np.testing.assert_array_equal(actual[1], expected[1])


@pytest.mark.parametrize("mode", ["always", "adaptive"])
def test_flattened_kernel_assembles_with_ptxas(mode: str, ptxas: Path) -> None:
    import simt
    from simt.lowering.ptxas import assemble

    spec = CORPUS["early_exit"]
    module = compile_python(spec.func, spec.signature)
    apply_passes(module, _pipeline(mode, None))
    assert _flattened_loops(module) == 1
    for arch in ("sm_70", "sm_90"):
        assert assemble(simt.to_ptx(module, arch=arch, ptxas=False), arch, ptxas)


def test_round_robin_rotation_gives_every_lane_k_early_exits() -> None:
    """rotation="round_robin": over 32 outer iterations each lane runs one inner
    iteration k times and the cap 32 - k times; outputs match the reference."""
    from simt.bench.kernels.paper_kernels import early_exit_spec

    k, cap = 5, 3
    spec = early_exit_spec(
        k, 1, 1, outer_iters=32, inner_cap=cap, rotation="round_robin"
    )
    case = spec.make_inputs(np.random.default_rng(3), 64)
    expected = spec.expected(case)
    assert (np.asarray(expected[0]) == k + (32 - k) * cap).all()
    _, actual = _run(compile_python(spec.func, spec.signature), case)
    assert not spec.mismatches(expected, actual)
    with pytest.raises(ValueError, match="rotation must be"):
        early_exit_spec(k, 1, 1, rotation="random")  # type: ignore[arg-type]


def test_adaptive_fast_path_costs_one_vote_per_inner_iteration() -> None:
    """k = 0 (no lane idle): the warp never splits, so the adaptive loop pays
    one vote per inner iteration (the plain fast loop, no age count) and a
    bounded amount per outer iteration (the decision: a ballot, two votes,
    9 integer ops; the scf.ifs around the fast loops) over the original."""
    outer, cap = 8, 6
    spec = fig7_spec(0, (1, 1), outer_iters=outer, inner_cap=cap)
    case = spec.make_inputs(np.random.default_rng(0), 32)
    before, _ = _run(compile_python(spec.func, spec.signature), case)
    module = compile_python(spec.func, spec.signature)
    apply_passes(module, _pipeline("adaptive", None))
    after, _ = _run(module, case)
    extra = after.cycles - before.cycles
    assert outer * cap <= extra <= outer * (cap + 26)


# ---------------------------------------------------------------------------
# The adaptive loop's long-run rule: idle lanes that wait for long inner loops
# ---------------------------------------------------------------------------

_SHORT_RUNS = "#simt.loop_info<trip_count = 1.0, idle_fraction = 0.5>"
"""Inner loops said to run 1 iteration: the long-run threshold θ drops to
max(1, Ta / Tb), so lanes that run longer make idle lanes wait and leave."""


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    nest=nests(max_inner=1, max_mask=31, loop_info=_SHORT_RUNS),
    seed=st.integers(0, 2**16),
    trips=st.integers(1, 6),
)
def test_adaptive_with_waiting_lanes_keeps_outputs(
    nest: str, seed: int, trips: int
) -> None:
    """Trip counts of 0-31 per lane and a small θ: split warps, lanes waiting
    in the bounded fast loop, detours by the long-run rule; outputs equal."""
    rng = np.random.default_rng(seed)
    data = rng.integers(-200, 200, size=64).astype(np.int32)
    args = [data, np.zeros(64, np.int32), np.int32(trips)]
    expected = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    simulate(_parse(nest), 2, 32, expected, trace=False)
    module = _parse(nest)
    apply_passes(module, _pipeline("adaptive", None))
    assert _flattened_loops(module) == 1
    actual = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    simulate(module, 2, 32, actual, trace=False)
    np.testing.assert_array_equal(actual[1], expected[1])


def _with_inner_loop_info(module: ModuleOp, info: LoopInfoAttr) -> None:
    for op in module.walk():
        if isinstance(op, scf.WhileOp):
            op.attributes[LOOP_INFO_ATTR] = info


def test_adaptive_long_run_rule_stops_waiting_for_long_inner_loops() -> None:
    """k = 31 with long inner loops (Fig. 7's worst case): lanes whose inner
    loop ends wait for the one long lane under formula (1) alone (θ made
    huge by a loop_info of 1000 trips), and leave once it has run θ = 8
    iterations (the default); both keep the outputs, the second is faster."""
    spec = fig7_spec(31, (1, 1), outer_iters=16, inner_cap=48)
    case = spec.make_inputs(np.random.default_rng(2), 32)
    reference = spec.expected(case)
    before, _ = _run(compile_python(spec.func, spec.signature), case)
    cycles: dict[str, float] = {}
    for name, info in (
        ("formula", LoopInfoAttr(1000.0, 0.0)),
        ("long-run", None),
    ):
        module = compile_python(spec.func, spec.signature)
        if info is not None:
            _with_inner_loop_info(module, info)
        apply_passes(module, _pipeline("adaptive", None))
        after, actual = _run(module, case)
        assert not spec.mismatches(reference, actual), name
        cycles[name] = after.cycles
    assert cycles["long-run"] < 0.8 * cycles["formula"] < before.cycles


def _nest_in_an_if(out, data, n):
    # Two nests that are both targets of the first round: (a, [b]) and, inside
    # an scf.if in b's body, (c, [d]). Flattening the first clones the second.
    i = cuda.grid(1)
    if i < n:
        acc = 0
        a = 0
        while a < data[i]:
            b = 0
            while b < data[i] + a:
                if b % 2 == 0:
                    for c in range(data[i] - b):
                        for d in range(c + data[i]):
                            acc += d ^ a
                b += 1
            a += 1
        out[i] = acc


@pytest.mark.parametrize("mode", ["always", "adaptive"])
def test_nest_cloned_by_an_earlier_target_is_flattened_next_round(mode: str) -> None:
    signature = "void(int32[:], int32[:], int32)"
    original = compile_python(_nest_in_an_if, signature)
    data = np.random.default_rng(3).integers(0, 6, 64).astype(np.int32)
    case = ((2,), (32,), [np.zeros(64, np.int32), data, 64])
    _, expected = _run(original, case)
    module = compile_python(_nest_in_an_if, signature)
    apply_passes(module, _pipeline(mode, None))
    assert _flattened_loops(module) >= 2  # both nests, not only the first
    _, actual = _run(module, case)
    np.testing.assert_array_equal(actual[0], expected[0])
