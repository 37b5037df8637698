"""UnstructuredEdges (Anantpur Definition 1) beyond the papers' figures.

Structured graphs must have no unstructured edge: hand-written diamonds and
loops, and a property test over random structured programs (sequences,
if-then, if-then-else, while and do-while loops, nested).
"""

from dataclasses import dataclass
from itertools import count

from hypothesis import given, settings
from hypothesis import strategies as st
from tiers import examples

from simt.analysis import Condition, DiGraph, LoopForest, UnstructuredEdges


def _check(edges: list[tuple[str, str]]) -> UnstructuredEdges[str]:
    return UnstructuredEdges(DiGraph.from_edges(edges[0][0], edges))


def test_if_then_else_diamond_is_structured() -> None:
    checker = _check([("a", "t"), ("a", "e"), ("t", "j"), ("e", "j")])
    assert checker.is_structured
    assert checker.edges == frozenset()


def test_if_then_is_structured() -> None:
    assert _check([("a", "t"), ("a", "j"), ("t", "j")]).is_structured


def test_nested_diamonds_are_structured() -> None:
    edges = [("a", "b"), ("a", "c"), ("b", "b1"), ("b", "b2"), ("b1", "bj")]
    edges += [("b2", "bj"), ("bj", "j"), ("c", "j")]
    assert _check(edges).is_structured


def test_single_exit_loops_are_structured() -> None:
    while_loop = [("e", "h"), ("h", "b"), ("b", "h"), ("h", "x")]
    do_while = [("e", "b"), ("b", "b"), ("b", "x")]
    assert _check(while_loop).is_structured
    assert _check(do_while).is_structured


def test_branch_into_other_arm() -> None:
    """A then-arm jumping into the middle of the else-arm (condition 1)."""
    checker = _check(
        [("a", "t"), ("a", "e1"), ("t", "e2"), ("t", "j"), ("e1", "e2"), ("e2", "j")]
    )
    assert checker.edges == {("t", "e2")}
    assert checker.conditions("t", "e2") == {Condition.BRANCH_INTO_BRANCH}


def test_break_out_of_loop() -> None:
    """A second exit from the middle of a while loop (condition 3)."""
    checker = _check(
        [("e", "h"), ("h", "a"), ("a", "l"), ("a", "x"), ("l", "h"), ("h", "x")]
    )
    assert checker.edges == {("a", "x"), ("h", "x")}
    assert checker.with_condition(Condition.JUMP_OUT_OF_LOOP) == checker.edges


def test_exit_from_nested_loop_to_outside_both() -> None:
    """Leaving an inner and an outer loop at once is judged against both."""
    edges = [("e", "h1"), ("h1", "h2"), ("h2", "h2"), ("h2", "l1"), ("h2", "out")]
    edges += [("l1", "h1"), ("l1", "out")]
    checker = _check(edges)
    assert ("h2", "out") in checker.edges
    assert Condition.JUMP_OUT_OF_LOOP in checker.conditions("h2", "out")


def test_unreachable_source_is_not_judged() -> None:
    checker = _check([("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("u", "b")])
    assert checker.is_structured


@dataclass(frozen=True)
class _Seq:
    parts: tuple["_Stmt", ...]


@dataclass(frozen=True)
class _If:
    then: "_Stmt"
    orelse: "_Stmt | None"


@dataclass(frozen=True)
class _While:
    body: "_Stmt"
    bottom_test: bool


_Stmt = _Seq | _If | _While | None

statements: st.SearchStrategy[_Stmt] = st.recursive(
    st.none(),
    lambda inner: st.one_of(
        st.builds(_Seq, st.tuples(inner, inner)),
        st.builds(_If, inner, st.one_of(st.none(), inner)),
        st.builds(_While, inner, st.booleans()),
    ),
    max_leaves=12,
)


class _Builder:
    """Lowers a structured program to a CFG; each construct starts in the
    current block and returns the block where control continues."""

    def __init__(self) -> None:
        self.edges: list[tuple[int, int]] = []
        self._ids = count(1)

    def fresh(self) -> int:
        return next(self._ids)

    def lower(self, stmt: _Stmt, current: int) -> int:
        if stmt is None:
            return current
        if isinstance(stmt, _Seq):
            for part in stmt.parts:
                current = self.lower(part, current)
            return current
        if isinstance(stmt, _If):
            return self._lower_if(stmt, current)
        return self._lower_while(stmt, current)

    def _lower_if(self, stmt: _If, current: int) -> int:
        join = self.fresh()
        for arm in (stmt.then, stmt.orelse):
            start = self.fresh() if arm is not None else join
            self.edges.append((current, start))
            if arm is not None:
                self.edges.append((self.lower(arm, start), join))
        return join

    def _lower_while(self, stmt: _While, current: int) -> int:
        head, after = self.fresh(), self.fresh()
        self.edges.append((current, head))
        if stmt.bottom_test:
            end = self.lower(stmt.body, head)
            self.edges += [(end, head), (end, after)]
            return after
        body = self.fresh()
        self.edges += [(head, body), (head, after)]
        self.edges.append((self.lower(stmt.body, body), head))
        return after


@settings(max_examples=examples(400), deadline=None)
@given(statements)
def test_structured_programs_have_no_unstructured_edge(program: _Stmt) -> None:
    builder = _Builder()
    builder.lower(program, 0)
    nodes = range(max((n for e in builder.edges for n in e), default=0) + 1)
    graph = DiGraph.from_edges(0, builder.edges, nodes=nodes)
    assert UnstructuredEdges(graph).is_structured, graph
    assert LoopForest(graph).is_reducible
