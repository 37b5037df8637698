"""simt-lift-cf-to-scf and `simt.passes.utils.cfg_to_scf`: lifting keeps every
output, verifies, and lifts every structured graph completely.

- Generated programs: a random tree of sequences, if-else, if-then, while and
  do-while loops (exit on either successor, header values used after the
  loop), written as a `cf` block graph in a random block order, optionally
  with `break`s, early `return`s and irreducible two-entry cycles. Every
  block updates an accumulator from data and branches on it; loops spend a
  per-lane fuel, so every lane terminates. Lifting must keep the outputs on
  random inputs and verify; without breaks, returns and irreducible cycles
  the function body must become one block with no `cf` op. Lowering the
  lifted loops back to `cf` (`scf_to_cf.WhileLowering`) keeps them too.
- The corpus and the generated Python kernels, compiled by the frontend:
  simulated before and after lifting, every argument array equal.
- The interface: the caller's scope and `entry` are respected.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples
from xdsl.context import Context
from xdsl.dialects import cf, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block, Operation, Region
from xdsl.parser import Parser
from xdsl.pattern_rewriter import GreedyRewritePatternApplier, PatternRewriteWalker
from xdsl.transforms.convert_scf_to_cf import IfLowering

import simt
from simt.analysis.cfg import ControlFlowGraph
from simt.analysis.dominance import DominatorTree
from simt.bench.kernels import CORPUS, Arg, LaunchCase
from simt.bench.kernels.generate import TEST_SEEDS, GeneratedKernel, generate_kernel
from simt.passes.lift_cf_to_scf import LiftCFToSCFPass
from simt.passes.utils.cfg_to_scf import lift_cf_to_scf
from simt.passes.utils.scf_to_cf import WhileLowering
from simt.pipeline import default_context
from simt.sim.simulate import simulate

LANES = 32
CTX = default_context()

# ---------------------------------------------------------------------------
# Generated programs
# ---------------------------------------------------------------------------

# A program is a tree of tuples:
#   ("work", store)                        one block
#   ("pick", t)                            one block branching twice to the
#                                          next one, with different values
#   ("seq", a, b)
#   ("if", t, a, b)                        diamond
#   ("then", t, a)                         triangle
#   ("while", t, body, exit_on_true, use)  header + body; `use`: a block after
#                                          the loop reads header values
#   ("dowhile", t, body, exit_on_true)     body + latch
#   ("break", t) / ("return", t)           leave the loop / the function
#   ("cycle", t)                           two blocks that enter each other
# `t` is the threshold of the branch condition `((acc ^ v0) & 7) < t`.
Program = tuple[object, ...]

_thresholds = st.integers(0, 8)
_leaves = st.one_of(
    st.tuples(st.just("work"), st.booleans()),
    st.tuples(st.just("pick"), _thresholds),
)
_escapes = st.tuples(st.sampled_from(["break", "return", "cycle"]), _thresholds)


def _programs(unstructured: bool) -> st.SearchStrategy[Program]:
    leaves = st.one_of(_leaves, _escapes) if unstructured else _leaves

    def extend(inner: st.SearchStrategy[Program]) -> st.SearchStrategy[Program]:
        return st.one_of(
            st.tuples(st.just("seq"), inner, inner),
            st.tuples(st.just("if"), _thresholds, inner, inner),
            st.tuples(st.just("then"), _thresholds, inner),
            st.tuples(
                st.just("while"), _thresholds, inner, st.booleans(), st.booleans()
            ),
            st.tuples(st.just("dowhile"), _thresholds, inner, st.booleans()),
        )

    return st.recursive(leaves, extend, max_leaves=8)


@dataclass
class _Writer:
    """Writes a program as the blocks of a function; every block `^bN`
    takes the accumulator and the fuel, `(%aN: i32, %fN: i32)`."""

    blocks: dict[int, list[str]] = field(default_factory=dict[int, list[str]])
    count: int = 0
    exit: int = 0

    def new(self) -> int:
        self.count += 1
        self.blocks[self.count] = [
            f"^b{self.count}(%a{self.count}: i32, %f{self.count}: i32):"
        ]
        return self.count

    def add(self, n: int, line: str) -> None:
        self.blocks[n].append("  " + line)

    def work(self, n: int, store: bool) -> str:
        self.add(n, f"%k{n} = arith.constant {2 * n + 31} : i32")
        self.add(n, f"%m{n} = arith.muli %a{n}, %k{n} : i32")
        self.add(n, f"%w{n} = arith.addi %m{n}, %k{n} : i32")
        if store:
            self.add(n, f"memref.store %w{n}, %trace[%idx] : memref<?xi32>")
        return f"%w{n}"

    def condition(self, n: int, acc: str, threshold: int) -> str:
        self.add(n, f"%x{n} = arith.xori {acc}, %v0 : i32")
        self.add(n, f"%r{n} = arith.andi %x{n}, %seven : i32")
        self.add(n, f"%t{n} = arith.constant {threshold} : i32")
        self.add(n, f"%c{n} = arith.cmpi ult, %r{n}, %t{n} : i32")
        return f"%c{n}"

    def spend(self, n: int, condition: str) -> str:
        """Spends one unit of fuel; the result holds while `condition` does
        and fuel is left."""
        self.add(n, f"%g{n} = arith.subi %f{n}, %one : i32")
        self.add(n, f"%alive{n} = arith.cmpi sgt, %g{n}, %zero : i32")
        self.add(n, f"%go{n} = arith.andi {condition}, %alive{n} : i1")
        return f"%go{n}"

    def branch(self, n: int, cond: str, then: str, other: str) -> None:
        self.add(n, f"cf.cond_br {cond}, {then}, {other}")

    def write(
        self, node: Program, entry: int, exit_: int, loop_exit: int | None
    ) -> None:
        """Writes `node` from block `entry` (already made) up to a branch to
        `exit_`; a `break` goes to `loop_exit`."""
        kind = node[0]
        args = f"(%a{entry}, %f{entry} : i32, i32)"
        if kind == "work":
            acc = self.work(entry, bool(node[1]))
            self.add(entry, f"cf.br ^b{exit_}({acc}, %f{entry} : i32, i32)")
        elif kind == "pick":
            acc = self.work(entry, False)
            cond = self.condition(entry, acc, int(node[1]))
            self.branch(
                entry,
                cond,
                f"^b{exit_}({acc}, %f{entry} : i32, i32)",
                f"^b{exit_}{args}",
            )
        elif kind == "seq":
            mid = self.new()
            self.write(node[1], entry, mid, loop_exit)
            self.write(node[2], mid, exit_, loop_exit)
        elif kind in ("if", "then"):
            cond = self.condition(entry, f"%a{entry}", int(node[1]))
            a = self.new()
            b = self.new() if kind == "if" else exit_
            self.branch(entry, cond, f"^b{a}{args}", f"^b{b}{args}")
            self.write(node[2], a, exit_, loop_exit)
            if kind == "if":
                self.write(node[3], b, exit_, loop_exit)
        elif kind == "while":
            self.write_while(node, entry, exit_)
        elif kind == "dowhile":
            latch = self.new()
            self.write(node[2], entry, latch, exit_)
            go = self.spend(latch, self.condition(latch, f"%a{latch}", int(node[1])))
            back = f"^b{entry}(%a{latch}, %g{latch} : i32, i32)"
            out = f"^b{exit_}(%a{latch}, %g{latch} : i32, i32)"
            self.loop_branch(latch, go, back, out, bool(node[3]))
        else:
            self.write_escape(node, entry, exit_, loop_exit)

    def write_while(self, node: Program, header: int, exit_: int) -> None:
        _, threshold, body, exit_on_true, use = node
        go = self.spend(header, self.condition(header, f"%a{header}", int(threshold)))
        self.add(header, f"%h{header} = arith.addi %a{header}, %g{header} : i32")
        after = self.new() if use else exit_
        inner = self.new()
        passed = f"(%a{header}, %g{header} : i32, i32)"
        self.loop_branch(
            header, go, f"^b{inner}{passed}", f"^b{after}{passed}", bool(exit_on_true)
        )
        if use:
            # A header argument and a header result, used after the loop.
            self.add(after, f"%u{after} = arith.addi %a{after}, %h{header} : i32")
            self.add(after, f"%v{after} = arith.xori %u{after}, %a{header} : i32")
            self.add(after, f"cf.br ^b{exit_}(%v{after}, %f{after} : i32, i32)")
        self.write(body, inner, header, after)

    def loop_branch(
        self, n: int, go: str, back: str, out: str, exit_on_true: bool
    ) -> None:
        if not exit_on_true:
            self.branch(n, go, back, out)
            return
        self.add(n, f"%stop{n} = arith.xori {go}, %true : i1")
        self.branch(n, f"%stop{n}", out, back)

    def write_escape(
        self, node: Program, entry: int, exit_: int, loop_exit: int | None
    ) -> None:
        kind, threshold = node[0], int(node[1])
        cond = self.condition(entry, f"%a{entry}", threshold)
        args = f"(%a{entry}, %f{entry} : i32, i32)"
        if kind == "cycle":
            self.write_cycle(entry, exit_, cond, threshold)
            return
        target = self.exit if kind == "return" or loop_exit is None else loop_exit
        self.branch(entry, cond, f"^b{target}{args}", f"^b{exit_}{args}")

    def write_cycle(self, entry: int, exit_: int, cond: str, threshold: int) -> None:
        """`entry -> l | r`, `l <-> r`, both leaving to `exit_`: a cycle with
        two entries (irreducible)."""
        left, right = self.new(), self.new()
        args = f"(%a{entry}, %f{entry} : i32, i32)"
        self.branch(entry, cond, f"^b{left}{args}", f"^b{right}{args}")
        for here, there in ((left, right), (right, left)):
            acc = self.work(here, True)
            go = self.spend(here, self.condition(here, acc, threshold + here % 3))
            self.branch(
                here,
                go,
                f"^b{there}({acc}, %g{here} : i32, i32)",
                f"^b{exit_}({acc}, %g{here} : i32, i32)",
            )


def kernel_text(program: Program, order: list[int]) -> str:
    """The program as a kernel. `order`, a permutation of 0..7, shuffles the
    blocks after the entry: block `n` goes by rank `order[n % 8]`."""
    writer = _Writer()
    writer.exit = writer.new()
    first = writer.new()
    writer.write(program, first, writer.exit, None)
    writer.add(writer.exit, "memref.store %a1, %out[%idx] : memref<?xi32>")
    writer.add(writer.exit, "func.return")
    labels = sorted(writer.blocks)
    ranked = sorted(labels, key=lambda n: order[n % len(order)] * 1000 + n)
    body = "\n".join("\n".join(writer.blocks[n]) for n in ranked)
    return f"""func.func @k(%out: memref<?xi32>, %trace: memref<?xi32>, %data: memref<?xi32>) attributes {{simt.kernel}} {{
  %tid = simt.thread_id x : i32
  %idx = arith.index_cast %tid : i32 to index
  %v0 = memref.load %data[%idx] : memref<?xi32>
  %seven = arith.constant 7 : i32
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %true = arith.constant true
  %low = arith.andi %v0, %seven : i32
  %fuel = arith.addi %low, %seven : i32
  cf.br ^b{first}(%v0, %fuel : i32, i32)
{body}
}}
"""


def _parse(text: str) -> ModuleOp:
    return Parser(CTX, text).parse_module()


@dataclass(frozen=True)
class _Outputs:
    out: np.ndarray
    trace: np.ndarray
    issued: int

    def check_same(self, other: _Outputs, text: str) -> None:
        np.testing.assert_array_equal(self.out, other.out, err_msg=text)
        np.testing.assert_array_equal(self.trace, other.trace, err_msg=text)


def _run(module: ModuleOp, data: np.ndarray, limit: int = 10**7) -> _Outputs:
    out = np.zeros(LANES, dtype=np.int32)
    trace = np.zeros(LANES, dtype=np.int32)
    args = [out, trace, data.copy()]
    result = simulate(module, grid=(1,), block=(LANES,), args=args, step_limit=limit)
    return _Outputs(out, trace, result.stats.issued)


def _limit(issued: int) -> int:
    """A step limit for the transformed kernel: a loop that no longer ends
    fails the test instead of hanging it."""
    return 4 * issued + 10_000


def check_dominance(module: ModuleOp) -> None:
    """Every operand is defined before its use: earlier in the same block or
    in a block that dominates the use's block, both taken in the innermost
    region that holds the definition (xDSL's verifier does not check this,
    and the simulator would not notice a value read after its scope)."""
    trees: dict[Region, DominatorTree[Block]] = {}
    for user in module.walk():
        for value in user.operands:
            owner = value.owner
            block = owner if isinstance(owner, Block) else owner.parent_block()
            assert block is not None and block.parent is not None
            anchor = _ancestor_in(user, block.parent)
            assert anchor is not None, f"{value} used outside its region"
            use_block = anchor.parent_block()
            assert use_block is not None
            if use_block is not block:
                tree = trees.get(block.parent)
                if tree is None:
                    tree = ControlFlowGraph(block.parent).dominator_tree
                    trees[block.parent] = tree
                assert tree.dominates(block, use_block), f"{value} does not dominate"
            elif isinstance(owner, Operation):
                assert block.get_operation_index(owner) < block.get_operation_index(
                    anchor
                ), f"{value} used before its definition"


def _ancestor_in(op: Operation, region: Region) -> Operation | None:
    """`op` or the op holding it whose block lies in `region`."""
    current: Operation | None = op
    while current is not None:
        parent = current.parent_block()
        if parent is not None and parent.parent is region:
            return current
        current = current.parent_op()
    return None


def _has_cf(module: ModuleOp) -> bool:
    return any(
        isinstance(op, cf.BranchOp | cf.ConditionalBranchOp) for op in module.walk()
    )


def _check_lift_keeps_outputs(text: str, seed: int) -> ModuleOp:
    data = np.random.default_rng(seed).integers(0, 1000, LANES).astype(np.int32)
    before = _run(_parse(text), data)
    module = _parse(text)
    LiftCFToSCFPass().apply(CTX, module)
    module.verify()
    check_dominance(module)
    before.check_same(_run(module, data, _limit(before.issued)), text)
    return module


_SETTINGS = settings(
    max_examples=examples(300),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.mark.slow
@_SETTINGS
@given(_programs(False), st.permutations(range(8)), st.integers(0, 2**31 - 1))
def test_structured_programs_lift_completely(
    program: Program, order: list[int], seed: int
) -> None:
    text = kernel_text(program, order)
    module = _check_lift_keeps_outputs(text, seed)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    assert len(function.body.blocks) == 1, text
    assert not _has_cf(module), text


@pytest.mark.slow
@_SETTINGS
@given(_programs(True), st.permutations(range(8)), st.integers(0, 2**31 - 1))
def test_unstructured_programs_keep_outputs(
    program: Program, order: list[int], seed: int
) -> None:
    _check_lift_keeps_outputs(kernel_text(program, order), seed)


@settings(max_examples=examples(100), deadline=None, derandomize=True)
@given(_programs(False), st.integers(0, 2**31 - 1))
def test_lowering_the_lifted_loops_keeps_outputs(program: Program, seed: int) -> None:
    """`scf_to_cf.WhileLowering` (with xDSL's `IfLowering`) undoes the
    lifting: no `scf` op is left and the outputs stay."""
    text = kernel_text(program, list(range(8)))
    data = np.random.default_rng(seed).integers(0, 1000, LANES).astype(np.int32)
    before = _run(_parse(text), data)
    module = _parse(text)
    LiftCFToSCFPass().apply(CTX, module)
    PatternRewriteWalker(
        GreedyRewritePatternApplier([IfLowering(), WhileLowering()])
    ).rewrite_module(module)
    module.verify()
    check_dominance(module)
    assert not any(isinstance(op, scf.IfOp | scf.WhileOp) for op in module.walk())
    before.check_same(_run(module, data, _limit(before.issued)), text)


# ---------------------------------------------------------------------------
# Frontend kernels
# ---------------------------------------------------------------------------


def _check_frontend_kernel(module: ModuleOp, case: LaunchCase) -> list[Arg]:
    """Simulates `module` before and after lifting; every argument must end
    the same. Returns the lifted run's arguments."""
    lifted = module.clone()
    LiftCFToSCFPass().apply(Context(), lifted)
    lifted.verify()
    check_dominance(lifted)
    expected, got = case.copy_args(), case.copy_args()
    plain = simt.simulate(module, grid=case.grid, block=case.block, args=expected)
    limit = _limit(plain.stats.issued)
    simt.simulate(lifted, grid=case.grid, block=case.block, args=got, step_limit=limit)
    for before, after in zip(expected, got, strict=True):
        np.testing.assert_array_equal(before, after)
    return got


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus_kernel_keeps_every_output(name: str) -> None:
    spec = CORPUS[name]
    case = spec.make_inputs(np.random.default_rng(11))
    module = simt.compile_python(spec.func, spec.signature)
    got = _check_frontend_kernel(module, case)
    assert spec.mismatches(spec.expected(case), got) == []


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[int, GeneratedKernel]:
    folder = tmp_path_factory.mktemp("lift-generated")
    return {seed: generate_kernel(seed, folder) for seed in TEST_SEEDS}


@pytest.mark.parametrize("seed", TEST_SEEDS)
def test_generated_kernel_keeps_every_output(
    generated: dict[int, GeneratedKernel], seed: int
) -> None:
    kernel = generated[seed]
    case = kernel.make_inputs(np.random.default_rng(seed))
    _check_frontend_kernel(simt.compile_python(kernel.func, kernel.signature), case)


# ---------------------------------------------------------------------------
# The interface: the caller's scope and entry
# ---------------------------------------------------------------------------

DIAMOND = """func.func @f(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^then, ^else
^then:
  %a = arith.addi %x, %x : i32
  cf.br ^merge(%a : i32)
^else:
  %b = arith.muli %x, %x : i32
  cf.br ^merge(%b : i32)
^merge(%r: i32):
  func.return %r : i32
}
"""


def _diamond() -> tuple[ModuleOp, list[Block]]:
    module = _parse(DIAMOND)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    return module, list(function.body.blocks)


def test_blocks_outside_the_scope_stay() -> None:
    module, (head, then, _, _) = _diamond()
    text = str(module)
    region = head.parent
    assert region is not None
    assert lift_cf_to_scf(region, lambda block: block is not then) == frozenset()
    assert str(module) == text


def test_the_entry_is_never_absorbed() -> None:
    module, (head, then, other, merge) = _diamond()
    region = head.parent
    assert region is not None
    assert lift_cf_to_scf(region, entry=merge) == frozenset((then, other))
    assert list(region.blocks) == [head, merge]
    assert isinstance(head.last_op, cf.BranchOp)
    assert any(isinstance(op, scf.IfOp) for op in head.ops)
    module.verify()
    check_dominance(module)


def test_everything_lifts_without_a_scope() -> None:
    module, (head, then, other, merge) = _diamond()
    region = head.parent
    assert region is not None
    assert lift_cf_to_scf(region) == frozenset((then, other, merge))
    assert list(region.blocks) == [head]
    module.verify()
    check_dominance(module)
