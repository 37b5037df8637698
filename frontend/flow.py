"""Control-flow facts about a kernel's Python AST, computed before emitting IR.

* **Unstructured constructs** (`unstructured_statements`): a loop whose body
  breaks or continues it, every compound statement that contains a `return`,
  a `raise` (the lane leaves the kernel), a `break` or a `continue` leaving
  it or a call that inlines a `cf` block
  graph, and every compound statement that contains an unstructured one (an `scf` region is a single block, so the
  ancestors of a `cf` block graph must be `cf` too). The frontend emits those
  as `cf` block graphs and keeps every other construct structured (`scf`).
* **Liveness** (`liveness`): the classic backward data-flow equations
  (Aho, Lam, Sethi and Ullman, *Compilers*, 2nd ed., section 9.2.5) evaluated
  over the statement tree: the variables live after each `if` and loop and
  at each loop header. They decide which variables become `scf` results and
  iter_args or `cf` block arguments.
* `assigned_names`: the variables a statement may assign.

Only the statement kinds the frontend accepts are interpreted; others are
treated as reading their names, and the emitter rejects them later.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

JUMPS = (ast.Return, ast.Raise, ast.Break, ast.Continue)
LOOPS = (ast.While, ast.For)


def unstructured_statements(
    body: Sequence[ast.stmt], makes_blocks: Callable[[ast.AST], bool] = lambda _: False
) -> frozenset[int]:
    """The ids (`id(node)`) of the compound statements that must become `cf`.

    `makes_blocks(node)` tells whether the expressions of a statement (not
    of its nested statements) call a device function whose inlined body is
    itself a `cf` block graph: such a statement needs `cf` ancestors too.
    """
    marked: set[int] = set()
    _mark_block(body, marked, makes_blocks)
    return frozenset(marked)


def _mark_block(
    body: Sequence[ast.stmt], marked: set[int], makes_blocks: Callable[[ast.AST], bool]
) -> set[str]:
    """Marks the unstructured statements of `body`; returns the escaping jumps."""
    escaping: set[str] = set()
    for stmt in body:
        escaping |= _mark_stmt(stmt, marked, makes_blocks)
    return escaping


def _mark_stmt(
    stmt: ast.stmt, marked: set[int], makes_blocks: Callable[[ast.AST], bool]
) -> set[str]:
    if isinstance(stmt, JUMPS):
        return {type(stmt).__name__}
    own = {"Blocks"} if makes_blocks(stmt) else set()
    if not isinstance(stmt, ast.If | ast.While | ast.For):
        return own
    inner = _mark_block(stmt.body, marked, makes_blocks)
    inner |= _mark_block(stmt.orelse, marked, makes_blocks)
    children = [*stmt.body, *stmt.orelse]
    if own or inner or any(id(child) in marked for child in children):
        marked.add(id(stmt))
    if isinstance(stmt, LOOPS):
        return own | (inner - {"Break", "Continue"})
    return own | inner


def names_read(node: ast.AST | None) -> set[str]:
    """The variables an expression (or any subtree) reads."""
    if node is None:
        return set()
    return {
        sub.id
        for sub in ast.walk(node)
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load)
    }


def assigned_names(node: ast.AST) -> set[str]:
    """The variables a statement (or statement list member) may assign."""
    names: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            names.add(sub.id)
    return names


def assigned_in(body: Sequence[ast.stmt]) -> set[str]:
    names: set[str] = set()
    for stmt in body:
        names |= assigned_names(stmt)
    return names


@dataclass
class Liveness:
    """Live variables after each `if`/loop (`live_out`) and at loop headers."""

    live_out: dict[int, frozenset[str]] = field(
        default_factory=dict[int, frozenset[str]]
    )
    live_header: dict[int, frozenset[str]] = field(
        default_factory=dict[int, frozenset[str]]
    )


@dataclass(frozen=True)
class _LoopTargets:
    exit_live: frozenset[str]
    header_live: frozenset[str]


def liveness(
    body: Sequence[ast.stmt], live_at_exit: frozenset[str] = frozenset()
) -> Liveness:
    """Liveness facts for the statements of a function body; `live_at_exit`
    are the variables read after it (the result of an inlined function)."""
    result = Liveness()
    _live_block(body, live_at_exit, None, result)
    return result


def _live_block(
    body: Sequence[ast.stmt],
    live: frozenset[str],
    loop: _LoopTargets | None,
    result: Liveness,
) -> frozenset[str]:
    for stmt in reversed(body):
        live = _live_stmt(stmt, live, loop, result)
    return live


def _live_stmt(
    stmt: ast.stmt, live: frozenset[str], loop: _LoopTargets | None, result: Liveness
) -> frozenset[str]:
    if isinstance(stmt, ast.Return):
        return frozenset(names_read(stmt.value))
    if isinstance(stmt, ast.Raise):
        return frozenset(names_read(stmt))
    if isinstance(stmt, ast.Break):
        return loop.exit_live if loop is not None else frozenset()
    if isinstance(stmt, ast.Continue):
        return loop.header_live if loop is not None else frozenset()
    if isinstance(stmt, ast.If):
        result.live_out[id(stmt)] = live
        then_live = _live_block(stmt.body, live, loop, result)
        else_live = _live_block(stmt.orelse, live, loop, result)
        return then_live | else_live | names_read(stmt.test)
    if isinstance(stmt, ast.While):
        return _live_loop(stmt, live, names_read(stmt.test), set(), result)
    if isinstance(stmt, ast.For):
        header = _live_loop(stmt, live, set(), assigned_names(stmt.target), result)
        return header | names_read(stmt.iter)
    return _live_simple(stmt, live)


def _live_loop(
    stmt: ast.While | ast.For,
    live: frozenset[str],
    test_reads: set[str],
    body_defs: set[str],
    result: Liveness,
) -> frozenset[str]:
    """Iterates the header equation `H = test | live | (body(H) - defs)` to a fixpoint."""
    result.live_out[id(stmt)] = live
    header = frozenset(live | test_reads)
    while True:
        targets = _LoopTargets(exit_live=live, header_live=header)
        body_in = _live_block(stmt.body, header, targets, result)
        new = frozenset(header | (body_in - body_defs))
        if new == header:
            break
        header = new
    result.live_header[id(stmt)] = header
    return header


def _live_simple(stmt: ast.stmt, live: frozenset[str]) -> frozenset[str]:
    """A statement without control flow: kill what it assigns, add what it reads."""
    if isinstance(stmt, ast.Assign):
        killed = {n.id for t in stmt.targets for n in _unpacked_names(t)}
        return frozenset((live - killed) | names_read(stmt))
    if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
        return frozenset(live | names_read(stmt) | {stmt.target.id})
    return frozenset(live | names_read(stmt))


def _unpacked_names(target: ast.expr) -> list[ast.Name]:
    """The variables a target assigns as a whole (`x`, `x, (y, z)`), not `a[i]`."""
    if isinstance(target, ast.Name):
        return [target]
    if isinstance(target, ast.Tuple | ast.List):
        return [n for element in target.elts for n in _unpacked_names(element)]
    return []
