"""Rewrites of a function's Python AST into the statements the compiler knows.

Each rewrite is an AST-to-AST transformation applied before the control-flow
analysis (`flow.py`), so that the analysis sees exactly what is compiled.
New statements carry the location of the statement they come from; the
variables they introduce start with `$` (no Python name can).

1. **Loop `else` clauses** (`for ... else`, `while ... else`): the `else`
   block runs when the loop ends without `break`:

       for i in range(n):            $brk0 = False
           if p(i): break      ->    for i in range(n):
       else:                             if p(i): $brk0 = True; break
           q()                       if not $brk0: q()

   Without a `break` of that loop the `else` block simply follows the loop.
2. **Loops over other iterables than `range`** (a 1-D array, a tuple, a
   `range` object in a variable, `enumerate(seq[, start])`,
   `zip(seq, ...)`): a counting loop over the indices,

       for i, x in enumerate(a):     $seq0 = a
           body                ->    for $k0 in range(len($seq0)):
                                         i, x = $k0, $seq0[$k0]
                                         body

   (`zip` counts to the shortest length, as Python does).
3. **`return` inside a device function** (`eliminate_returns`): a function
   is inlined at each call, so its returns become assignments to `$ret` and
   the statements after a return that did not return on every path are
   guarded by a `$done` flag; a return inside a loop also breaks out of it
   (and out of every enclosing loop of the function):

       if x < 0:                     if x < 0:
           return 0           ->         $ret = 0
       y = 2 * x                     else:
       return y                          y = 2 * x
                                         $ret = y
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Sequence
from itertools import count
from typing import TypeVar

RET = "$ret"
DONE = "$done"
ITER_LEN = "$iterlen"
"""`len()` of the sequence a `for` loop iterates over (its errors say so)."""


class _Counter:
    def __init__(self) -> None:
        self._next = count()

    def name(self, prefix: str) -> str:
        return f"${prefix}{next(self._next)}"


_N = TypeVar("_N", bound=ast.AST)


def _located(node: _N, like: ast.AST) -> _N:
    """`node` with `like`'s location on every sub-node that has none."""
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.expr | ast.stmt)
            and getattr(sub, "lineno", None) is None
        ):
            ast.copy_location(sub, like)
    return node


def _assign(name: str, value: ast.expr, like: ast.AST) -> ast.stmt:
    return _located(
        ast.Assign(targets=[ast.Name(name, ast.Store())], value=value), like
    )


def _load(name: str) -> ast.Name:
    return ast.Name(name, ast.Load())


def desugar_body(body: Sequence[ast.stmt]) -> list[ast.stmt]:
    """Rewrites 1 and 2 on a function body (see the module docstring)."""
    return _Desugar(_Counter()).block(body)


class _Desugar:
    def __init__(self, counter: _Counter) -> None:
        self.counter = counter

    def block(self, body: Sequence[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for stmt in body:
            out.extend(self.stmt(stmt))
        return out

    def stmt(self, stmt: ast.stmt) -> list[ast.stmt]:
        if isinstance(stmt, ast.If):
            new = copy.copy(stmt)
            new.body, new.orelse = self.block(stmt.body), self.block(stmt.orelse)
            return [new]
        if isinstance(stmt, ast.For):
            return self._for(stmt)
        if isinstance(stmt, ast.While):
            new = copy.copy(stmt)
            new.body, new.orelse = self.block(stmt.body), []
            return self._else(new, self.block(stmt.orelse))
        return [stmt]

    def _for(self, stmt: ast.For) -> list[ast.stmt]:
        new = copy.copy(stmt)
        new.body, new.orelse = self.block(stmt.body), []
        prologue: list[ast.stmt] = []
        if not _is_range_call(stmt.iter):
            prologue, new = self._counting(new)
        return prologue + self._else(new, self.block(stmt.orelse))

    def _counting(self, stmt: ast.For) -> tuple[list[ast.stmt], ast.For]:
        """`for T in S` over a non-range iterable as a loop over its indices."""
        index = self.counter.name("k")
        sequences, target_value, length = self._iterable(stmt.iter, index)
        prologue = [_assign(name, value, stmt) for name, value in sequences]
        assign_target = _located(
            ast.Assign(targets=[stmt.target], value=target_value), stmt
        )
        loop = copy.copy(stmt)
        loop.target = _located(ast.Name(index, ast.Store()), stmt.target)
        call = ast.Call(func=_load("range"), args=[length], keywords=[])
        loop.iter = _located(call, stmt.iter)
        loop.body = [assign_target, *stmt.body]
        return prologue, loop

    def _iterable(
        self, node: ast.expr, index: str
    ) -> tuple[list[tuple[str, ast.expr]], ast.expr, ast.expr]:
        """(sequence variables to bind, the element at `index`, the length)."""
        call = node if isinstance(node, ast.Call) else None
        name = (
            call.func.id
            if call is not None and isinstance(call.func, ast.Name)
            else None
        )
        if call is not None and name == "enumerate" and call.args:
            start = call.args[1] if len(call.args) > 1 else None
            for keyword in call.keywords:
                if keyword.arg == "start":
                    start = keyword.value
            seqs, item, length = self._iterable(call.args[0], index)
            position: ast.expr = _load(index)
            if start is not None:
                position = ast.BinOp(_load(index), ast.Add(), start)
            return seqs, _located(ast.Tuple([position, item], ast.Load()), node), length
        if call is not None and name == "zip" and call.args and not call.keywords:
            parts = [self._iterable(arg, index) for arg in call.args]
            seqs = [s for part in parts for s in part[0]]
            items = ast.Tuple([part[1] for part in parts], ast.Load())
            length: ast.expr = parts[0][2]
            if len(parts) > 1:
                length = ast.Call(_load("min"), [part[2] for part in parts], [])
            return seqs, _located(items, node), _located(length, node)
        seq = self.counter.name("seq")
        item = ast.Subscript(_load(seq), _load(index), ast.Load())
        length = ast.Call(_load(ITER_LEN), [_load(seq)], [])
        return [(seq, node)], _located(item, node), _located(length, node)

    def _else(
        self, loop: ast.For | ast.While, orelse: list[ast.stmt]
    ) -> list[ast.stmt]:
        if not orelse:
            return [loop]
        if not _breaks(loop.body):
            return [loop, *orelse]
        flag = self.counter.name("brk")
        loop.body = _flag_breaks(loop.body, flag)
        init = _assign(flag, ast.Constant(False), loop)
        test = ast.UnaryOp(ast.Not(), _load(flag))
        guard = _located(ast.If(test=test, body=orelse, orelse=[]), loop)
        return [init, loop, guard]


def _is_range_call(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
    )


def _breaks(body: Sequence[ast.stmt]) -> bool:
    """Whether `body` breaks out of the loop it belongs to (not a nested one)."""
    stack: list[ast.stmt] = list(body)
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, ast.Break):
            return True
        if isinstance(stmt, ast.If):
            stack.extend([*stmt.body, *stmt.orelse])
    return False


def _flag_breaks(body: Sequence[ast.stmt], flag: str) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, ast.Break):
            out.extend([_assign(flag, ast.Constant(True), stmt), stmt])
        elif isinstance(stmt, ast.If):
            new = copy.copy(stmt)
            new.body = _flag_breaks(stmt.body, flag)
            new.orelse = _flag_breaks(stmt.orelse, flag)
            out.append(new)
        else:
            out.append(stmt)
    return out


# ---------------------------------------------------------------------------
# Returns of inlined functions
# ---------------------------------------------------------------------------


def _contains_return(node: ast.AST) -> bool:
    stack: list[ast.AST] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.Return):
            return True
        if isinstance(current, ast.FunctionDef | ast.Lambda | ast.AsyncFunctionDef):
            continue
        stack.extend(ast.iter_child_nodes(current))
    return False


def _always_returns(body: Sequence[ast.stmt]) -> bool:
    """Whether every path through `body` returns or raises (leaves it)."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.Return | ast.Raise):
        return True
    if isinstance(last, ast.If):
        return _always_returns(last.body) and _always_returns(last.orelse)
    return False


def eliminate_returns(body: Sequence[ast.stmt]) -> list[ast.stmt]:
    """Rewrite 3 (see the module docstring): a body without `return`."""
    out = _returns(body, in_loop=False)
    if not _reads(out, DONE):
        return _strip_done(out)
    first = body[0] if body else ast.Pass()
    return [_assign(DONE, ast.Constant(False), first), *out]


def _reads(body: Sequence[ast.stmt], name: str) -> bool:
    return any(
        isinstance(node, ast.Name)
        and node.id == name
        and isinstance(node.ctx, ast.Load)
        for stmt in body
        for node in ast.walk(stmt)
    )


def _returns(body: Sequence[ast.stmt], in_loop: bool) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    for index, stmt in enumerate(body):
        if not _contains_return(stmt):
            out.append(stmt)
            continue
        rest = list(body[index + 1 :])
        if isinstance(stmt, ast.Return):
            out.extend(_return(stmt, in_loop))
            return out
        if isinstance(stmt, ast.If):
            new = copy.copy(stmt)
            new.body = _returns(stmt.body, in_loop)
            new.orelse = _returns(stmt.orelse, in_loop)
            out.append(new)
            if _always_returns([stmt]):
                return out
        else:
            assert isinstance(stmt, ast.For | ast.While)
            new_loop = copy.copy(stmt)
            new_loop.body = _returns(stmt.body, in_loop=True)
            out.append(new_loop)
            if in_loop:
                out.append(_located(ast.If(_load(DONE), [ast.Break()], []), stmt))
        if rest:
            guarded = _returns(rest, in_loop)
            test = ast.UnaryOp(ast.Not(), _load(DONE))
            out.append(_located(ast.If(test, guarded, []), rest[0]))
        return out
    return out


def _return(stmt: ast.Return, in_loop: bool) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    if stmt.value is not None:
        out.append(_assign(RET, stmt.value, stmt))
    out.append(_assign(DONE, ast.Constant(True), stmt))
    if in_loop:
        out.append(_located(ast.Break(), stmt))
    return out


def _strip_done(body: Sequence[ast.stmt]) -> list[ast.stmt]:
    """`body` without the assignments to `$done` (when nothing reads it)."""
    out: list[ast.stmt] = []
    for stmt in body:
        if (
            isinstance(stmt, ast.Assign)
            and isinstance(stmt.targets[0], ast.Name)
            and stmt.targets[0].id == DONE
        ):
            continue
        if isinstance(stmt, ast.If | ast.For | ast.While):
            new = copy.copy(stmt)
            new.body = _strip_done(stmt.body)
            new.orelse = _strip_done(stmt.orelse)
            out.append(new)
            continue
        out.append(stmt)
    return out
