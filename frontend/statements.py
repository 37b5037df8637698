"""Compiling the statements and control flow of a kernel into a `func.func`.

Structured statements become `scf.if` / `scf.for` / `scf.while`; the
unstructured ones (`simt.frontend.flow.unstructured_statements`: loops with
`break`/`continue`, constructs around a nested `return`, and their ancestors)
become `cf` block graphs in the function body. Local variables are SSA values
kept in an environment (name -> value); where control flow joins they are
threaded through as `scf` results and iter_args or as `cf` block arguments,
only the variables live there (`simt.frontend.flow.liveness`).

Types of loop-carried variables follow numba's SSA typing: the type at the
loop header is the unification of the type on entry and the types on the back
edges. The compiler finds it by iteration: it emits the loop with the entry
types, and when a back edge brings a wider type it removes what it emitted and
emits the loop again with the widened types (types only grow, in a lattice of
height 3, so this ends). A variable assigned in a loop but not defined before
it starts at the bottom type `bool` and holds zero until assigned, which is
also what a variable defined on only some of the paths into a join holds on the
others (numba leaves such a value undefined).

A `for` loop over `range(start, stop, step)` evaluates its arguments once, as
Python does; with a constant positive step it is an `scf.for`, otherwise an
`scf.while` (or a `cf` loop) that tests `iv < stop` or `iv > stop` by the sign
of the step. The loop variable keeps its last value after the loop.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from xdsl.dialects import arith, cf, func, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    ArrayAttr,
    MemRefType,
    StringAttr,
    UnitAttr,
    i1,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue

from simt.frontend.errors import SourceLocator
from simt.frontend.expressions import (
    Array,
    Env,
    ExpressionCompiler,
    describe,
    dotted_name,
)
from simt.frontend.flow import assigned_in, liveness, unstructured_statements
from simt.frontend.intrinsics import run_statement
from simt.frontend.signature import Param
from simt.frontend.typing import (
    is_bool,
    is_integral,
    range_type,
    type_name,
    unify,
    unify_all,
)
from simt.model.kernel import ARG_NAMES_ATTR, KERNEL_ATTR

_STATEMENT_NAMES: dict[type[ast.AST], str] = {
    ast.FunctionDef: "nested function",
    ast.AsyncFunctionDef: "async function",
    ast.ClassDef: "class",
    ast.Try: "try",
    ast.TryStar: "try",
    ast.With: "with",
    ast.AsyncWith: "async with",
    ast.AsyncFor: "async for",
    ast.Raise: "raise",
    ast.Assert: "assert",
    ast.Global: "global",
    ast.Nonlocal: "nonlocal",
    ast.Delete: "del",
    ast.Import: "import",
    ast.ImportFrom: "import",
    ast.Match: "match",
    ast.AnnAssign: "annotated assignment",
}

Edge = tuple[Block, Env]


@dataclass
class _Loop:
    """The pending edges of the innermost `cf` loop being compiled."""

    breaks: list[Edge] = field(default_factory=list[Edge])
    continues: list[Edge] = field(default_factory=list[Edge])


@dataclass(frozen=True)
class _Snapshot:
    block: Block
    last_op: Operation | None
    last_block: Block | None
    """The body's last block then: blocks are only ever appended after it."""
    env: Env


@dataclass(frozen=True)
class _Range:
    """The evaluated arguments of `for target in range(...)`."""

    target: str
    start: SSAValue
    stop: SSAValue
    step: SSAValue
    constant_step: int | None


class KernelCompiler(ExpressionCompiler):
    """Compiles one Python function into a kernel `func.func`."""

    def __init__(
        self,
        fn: ast.FunctionDef,
        params: Sequence[Param],
        locator: SourceLocator,
        constants: dict[str, int | float | bool],
        name: str | None = None,
    ):
        super().__init__(locator, {}, constants)
        self.fn = fn
        self.params = tuple(params)
        self.name = name if name is not None else fn.name
        self.unstructured = unstructured_statements(fn.body)
        self.live = liveness(fn.body)
        self.loops: list[_Loop] = []
        self.region = Region()
        self._hidden = count()

    # -- the function -------------------------------------------------------

    def compile(self) -> func.FuncOp:
        """The kernel: `func.func @name(...) attributes {simt.kernel, simt.arg_names}`."""
        self.at(self.fn)
        names = self._parameter_names()
        inputs = [
            MemRefType(p.element, [DYNAMIC_INDEX]) if p.is_array else p.element
            for p in self.params
        ]
        kernel = func.FuncOp(self.name, (inputs, []))
        self.ops.locate(kernel)
        self.region = kernel.body
        entry = kernel.body.block
        for name, param, arg in zip(names, self.params, entry.args, strict=True):
            arg.name_hint = name
            if param.is_array:
                self.arrays[name] = Array(name, arg, param.element)
            else:
                self.env[name] = arg
        self.block = entry
        self.statements(self.fn.body)
        if self.block is not None:
            self.ops.add(func.ReturnOp())
        kernel.attributes[KERNEL_ATTR] = UnitAttr()
        kernel.attributes[ARG_NAMES_ATTR] = ArrayAttr([StringAttr(n) for n in names])
        return kernel

    def _parameter_names(self) -> list[str]:
        args = self.fn.args
        extra = (
            args.posonlyargs
            or args.kwonlyargs
            or args.vararg
            or args.kwarg
            or args.defaults
        )
        if extra:
            raise self.locator.unsupported(
                self.fn,
                "parameter kind",
                "only plain positional parameters are supported",
            )
        names = [a.arg for a in args.args]
        if len(names) != len(self.params):
            raise self.locator.error(
                self.fn,
                f"the signature gives {len(self.params)} parameter(s), "
                f"function '{self.fn.name}' has {len(names)}",
            )
        return names

    # -- statements ---------------------------------------------------------

    def statements(self, body: Sequence[ast.stmt]) -> None:
        """Compiles `body`; stops after a jump (the rest is unreachable)."""
        for stmt in body:
            if self.block is None:
                return
            previous = self.at(stmt)
            self._statement(stmt)
            self.ops.node = previous

    def _statement(self, stmt: ast.stmt) -> None:
        handler = _STATEMENT_HANDLERS.get(type(stmt))
        if handler is None:
            construct = _STATEMENT_NAMES.get(type(stmt), type(stmt).__name__.lower())
            raise self.locator.unsupported(stmt, construct)
        handler(self, stmt)

    def _assign(self, stmt: ast.Assign) -> None:
        for target in stmt.targets:
            self._check_target(target)
        value = self.expr(stmt.value)
        for target in stmt.targets:
            if isinstance(target, ast.Name):
                self.env[target.id] = value
            else:
                assert isinstance(target, ast.Subscript)
                self._store(target, value)

    def _check_target(self, target: ast.expr) -> None:
        if isinstance(target, ast.Subscript):
            return
        if not isinstance(target, ast.Name):
            raise self.locator.unsupported(
                target,
                f"assignment to {describe(target)}",
                "only variables and a[i] can be assigned",
            )
        if target.id in self.arrays:
            raise self.locator.error(
                target, f"assignment to array parameter '{target.id}'"
            )

    def _store(self, target: ast.Subscript, value: SSAValue) -> None:
        array, index = self.index(target)
        converted = self.ops.convert(value, array.element)
        self.ops.add(memref.StoreOp.get(converted, array.value, [index]))

    def _augassign(self, stmt: ast.AugAssign) -> None:
        kind = type(stmt.op)
        self._check_target(stmt.target)
        if isinstance(stmt.target, ast.Name):
            current = self._name(ast.Name(stmt.target.id, ast.Load()))
            self.env[stmt.target.id] = self._combine(stmt, kind, current)
            return
        assert isinstance(stmt.target, ast.Subscript)
        array, index = self.index(stmt.target)
        current = self.ops.value(memref.LoadOp.get(array.value, [index]))
        updated = self.ops.convert(self._combine(stmt, kind, current), array.element)
        self.ops.add(memref.StoreOp.get(updated, array.value, [index]))

    def _combine(
        self, stmt: ast.AugAssign, kind: type[ast.operator], current: SSAValue
    ) -> SSAValue:
        """`current <op>= value`, typed as `current <op> value`."""
        if kind is ast.Pow:
            return self.power_of(stmt, current, stmt.value)
        if kind is ast.MatMult:
            raise self.locator.unsupported(stmt, "operator @")
        value = self.expr(stmt.value)
        result = self._binop_type(stmt, kind, current.type, value.type)
        return self.ops.binary(
            kind, self.ops.convert(current, result), self.ops.convert(value, result)
        )

    def _expr_statement(self, stmt: ast.Expr) -> None:
        if isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
            return
        call = stmt.value
        if isinstance(call, ast.Call) and dotted_name(call.func) == "cuda.syncthreads":
            self.syncthreads(call)
            return
        if isinstance(call, ast.Call) and run_statement(
            self, call, dotted_name(call.func)
        ):
            return
        self.expr(stmt.value)

    def _pass(self, stmt: ast.Pass) -> None:
        return

    def _return(self, stmt: ast.Return) -> None:
        value = stmt.value
        if value is not None and not (
            isinstance(value, ast.Constant) and value.value is None
        ):
            raise self.locator.unsupported(
                stmt, "return with a value", "kernels return nothing"
            )
        self.ops.add(func.ReturnOp())
        self.block = None

    def _break(self, stmt: ast.Break) -> None:
        self._jump_out(stmt).breaks.append((self._current(), self.env))
        self.block = None

    def _continue(self, stmt: ast.Continue) -> None:
        self._jump_out(stmt).continues.append((self._current(), self.env))
        self.block = None

    def _jump_out(self, stmt: ast.stmt) -> _Loop:
        if not self.loops:
            raise self.locator.error(
                stmt, f"'{type(stmt).__name__.lower()}' outside a loop"
            )
        return self.loops[-1]

    def _current(self) -> Block:
        assert self.block is not None
        return self.block

    # -- helpers for blocks, edges and loops ----------------------------------

    def _start(self, block: Block, env: Env) -> None:
        """Continues compiling at the start of `block` (attached to the body) with `env`."""
        if block.parent is None:
            self.region.add_block(block)
        self.block = block
        self.env = env

    def _within(self, block: Block, env: Env, fn: Callable[[], None]) -> Env:
        """Runs `fn` in a nested scf block with a copy of `env`; returns the env after it."""
        saved_block, saved_env = self.block, self.env
        self.block, self.env = block, dict(env)
        try:
            fn()
            assert self.block is block, "a structured region ended in another block"
            return self.env
        finally:
            self.block, self.env = saved_block, saved_env

    def _values(
        self, env: Env, names: Sequence[str], types: Sequence[Attribute]
    ) -> list[SSAValue]:
        """The values of `names` in `env`, converted; zero for the ones it lacks."""
        return [
            self.ops.convert(env[n], t) if n in env else self.ops.zero(t)
            for n, t in zip(names, types, strict=True)
        ]

    def _jump(
        self,
        edge: Edge,
        target: Block,
        names: Sequence[str],
        types: Sequence[Attribute],
    ) -> None:
        block, env = edge
        if block.parent is None:
            self.region.add_block(block)
        saved = self.block
        self.block = block
        self.ops.add(cf.BranchOp(target, *self._values(env, names, types)))
        self.block = saved

    def _join(self, edges: Sequence[Edge], live: frozenset[str]) -> None:
        """Continues after a `cf` join of `edges`, passing the live variables as block args."""
        if not edges:
            self.block = None
            return
        if len(edges) == 1:
            self._start(*edges[0])
            return
        first = edges[0][1]
        common = {
            n: v for n, v in first.items() if all(e.get(n) is v for _, e in edges[1:])
        }
        names = sorted(
            n for n in live if n not in common and any(n in e for _, e in edges)
        )
        types = [unify_all([e[n].type for _, e in edges if n in e]) for n in names]
        join = self._block(names, types)
        for edge in edges:
            self._jump(edge, join, names, types)
        self._start(join, {**common, **dict(zip(names, join.args, strict=True))})

    @staticmethod
    def _block(names: Sequence[str], types: Sequence[Attribute]) -> Block:
        block = Block(arg_types=types)
        for name, arg in zip(names, block.args, strict=True):
            if not name.startswith("$"):
                arg.name_hint = name
        return block

    def _carried(
        self, stmt: ast.While | ast.For, extra: Sequence[str] = ()
    ) -> list[str]:
        """The variables a loop header passes on: live there and assigned in the loop."""
        assigned = assigned_in(stmt.body) | set(extra)
        return sorted(assigned & self.live.live_header[id(stmt)])

    def _snapshot(self) -> _Snapshot:
        block = self._current()
        last_block = self.region.last_block
        return _Snapshot(block, block.last_op, last_block, dict(self.env))

    def _rollback(self, snapshot: _Snapshot) -> None:
        """Removes every op and block emitted since `snapshot` (walking only
        over those, so that a loop's retries cost what the loop emits)."""
        added: list[Block] = []
        block = self.region.last_block
        while block is not None and block is not snapshot.last_block:
            added.append(block)
            block = block.prev_block
        for block in reversed(added):
            self.region.detach_block(block)
            block.drop_all_references()
        while snapshot.block.last_op is not snapshot.last_op:
            op = snapshot.block.last_op
            assert op is not None, "the snapshot's last op is still in its block"
            op.detach()
            op.drop_all_references()
        self.block, self.env = snapshot.block, snapshot.env

    def _fixpoint(
        self, names: Sequence[str], attempt: Callable[[dict[str, Attribute]], list[Env]]
    ) -> None:
        """Emits a loop with header types widened until the back edges fit them."""
        types = {n: self.env[n].type if n in self.env else i1 for n in names}
        while True:
            snapshot = self._snapshot()
            back_edges = attempt(types)
            widened = dict(types)
            for env in back_edges:
                for n in names:
                    if n in env:
                        widened[n] = unify(widened[n], env[n].type)
            if widened == types:
                return
            self._rollback(snapshot)
            types = widened

    # -- if ---------------------------------------------------------------

    def _if(self, stmt: ast.If) -> None:
        if id(stmt) in self.unstructured:
            self._cf_if(stmt)
        else:
            self._scf_if(stmt)

    def _scf_if(self, stmt: ast.If) -> None:
        cond = self.condition(stmt.test)
        assigned = assigned_in(stmt.body) | assigned_in(stmt.orelse)
        live = self.live.live_out[id(stmt)]
        then_block, else_block = Block(), Block()
        envs = [
            self._within(then_block, self.env, lambda: self.statements(stmt.body)),
            self._within(else_block, self.env, lambda: self.statements(stmt.orelse)),
        ]
        names = sorted(n for n in assigned & live if any(n in e for e in envs))
        types = [unify_all([e[n].type for e in envs if n in e]) for n in names]
        for block, env in zip((then_block, else_block), envs, strict=True):
            self._within(
                block,
                env,
                lambda env=env: self._yield(*self._values(env, names, types)),
            )
        has_else = bool(stmt.orelse) or bool(names)
        op = scf.IfOp(
            cond, types, Region(then_block), Region(else_block) if has_else else None
        )
        self.ops.add(op)
        self._bind_after(assigned, names, op.results)

    def _bind_after(
        self, assigned: set[str], names: Sequence[str], values: Sequence[SSAValue]
    ) -> None:
        """The env after a structured op: its results replace what it assigned."""
        env = {n: v for n, v in self.env.items() if n not in assigned}
        env.update(zip(names, values, strict=True))
        self.env = env

    def _cf_if(self, stmt: ast.If) -> None:
        then_block, else_block = Block(), Block()
        entry = self.env
        self._branch(stmt.test, then_block, else_block)
        edges: list[Edge] = []
        for block, body in ((then_block, stmt.body), (else_block, stmt.orelse)):
            self._start(block, dict(entry))
            self.statements(body)
            if self.block is not None:
                edges.append((self.block, self.env))
        self._join(edges, self.live.live_out[id(stmt)])

    def _branch(self, node: ast.expr, on_true: Block, on_false: Block) -> None:
        """Ends the current block branching on `node`: `and`/`or`/`not` and
        chained comparisons become `cf.cond_br` chains (short-circuit)."""
        previous = self.at(node)
        if isinstance(node, ast.BoolOp):
            self._branch_boolop(node, on_true, on_false)
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self._branch(node.operand, on_false, on_true)
        elif isinstance(node, ast.Compare) and len(node.ops) > 1:
            self._branch_chain(node, on_true, on_false)
        else:
            cond = self.condition(node)
            self.ops.add(cf.ConditionalBranchOp(cond, on_true, [], on_false, []))
        self.block = None
        self.ops.node = previous

    def _branch_boolop(self, node: ast.BoolOp, on_true: Block, on_false: Block) -> None:
        is_and = isinstance(node.op, ast.And)
        for operand in node.values[:-1]:
            rest = Block()
            if is_and:
                self._branch(operand, rest, on_false)
            else:
                self._branch(operand, on_true, rest)
            self._start(rest, self.env)
        self._branch(node.values[-1], on_true, on_false)

    def _branch_chain(self, node: ast.Compare, on_true: Block, on_false: Block) -> None:
        left = self.expr(node.left)
        for index, (op, comparator) in enumerate(
            zip(node.ops, node.comparators, strict=True)
        ):
            right = self.expr(comparator)
            cond = self.compare_pair(node, type(op), left, right)
            if index + 1 == len(node.ops):
                self.ops.add(cf.ConditionalBranchOp(cond, on_true, [], on_false, []))
                return
            rest = Block()
            self.ops.add(cf.ConditionalBranchOp(cond, rest, [], on_false, []))
            self._start(rest, self.env)
            left = right

    # -- while ----------------------------------------------------------------

    def _while(self, stmt: ast.While) -> None:
        if stmt.orelse:
            raise self.locator.unsupported(stmt, "while ... else")
        if id(stmt) in self.unstructured:
            self._cf_while(stmt)
        else:
            self._scf_while(stmt)

    def _scf_while(self, stmt: ast.While) -> None:
        names = self._carried(stmt)
        assigned = assigned_in(stmt.body)

        def attempt(types: dict[str, Attribute]) -> list[Env]:
            tys = [types[n] for n in names]
            inits = self._values(self.env, names, tys)
            base = {n: v for n, v in self.env.items() if n not in assigned}
            before, after = self._block(names, tys), self._block(names, tys)
            before_env = {**base, **dict(zip(names, before.args, strict=True))}
            self._within(
                before, before_env, lambda: self._condition_op(stmt.test, before.args)
            )
            after_env = {**base, **dict(zip(names, after.args, strict=True))}
            body_env = self._within(
                after, after_env, lambda: self.statements(stmt.body)
            )
            self._within(
                after,
                body_env,
                lambda: self._yield(*self._values(body_env, names, tys)),
            )
            op = scf.WhileOp(inits, tys, Region(before), Region(after))
            self.ops.add(op)
            self._bind_after(assigned, names, op.results)
            return [body_env]

        self._fixpoint(names, attempt)

    def _condition_op(self, test: ast.expr, args: Sequence[SSAValue]) -> None:
        cond = self.condition(test)
        self.ops.add(scf.ConditionOp(cond, *args))

    def _cf_while(self, stmt: ast.While) -> None:
        names = self._carried(stmt)
        assigned = assigned_in(stmt.body)

        def attempt(types: dict[str, Attribute]) -> list[Env]:
            tys = [types[n] for n in names]
            header = self._block(names, tys)
            self._jump((self._current(), self.env), header, names, tys)
            base = {n: v for n, v in self.env.items() if n not in assigned}
            base.update(zip(names, header.args, strict=True))
            self._start(header, base)
            body, exit_edge = Block(), Block()
            self._branch(stmt.test, body, exit_edge)
            return self._cf_loop_body(
                stmt, body, dict(base), (exit_edge, base), header, names, tys
            )

        self._fixpoint(names, attempt)

    def _cf_loop_body(
        self,
        stmt: ast.While | ast.For,
        body: Block,
        body_env: Env,
        exit_edge: Edge,
        header: Block,
        names: Sequence[str],
        types: Sequence[Attribute],
        prologue: Callable[[], None] = lambda: None,
    ) -> list[Env]:
        """Compiles a `cf` loop body, its back edges and its exit; returns the back-edge envs."""
        loop = _Loop()
        self.loops.append(loop)
        self._start(body, body_env)
        prologue()
        self.statements(stmt.body)
        self.loops.pop()
        if self.block is not None:
            loop.continues.append((self.block, self.env))
        for edge in loop.continues:
            self._jump(edge, header, names, types)
        self._join([exit_edge, *loop.breaks], self.live.live_out[id(stmt)])
        return [env for _, env in loop.continues]

    # -- for ------------------------------------------------------------------

    def _for(self, stmt: ast.For) -> None:
        if stmt.orelse:
            raise self.locator.unsupported(stmt, "for ... else")
        loop_range = self._range(stmt)
        if id(stmt) in self.unstructured:
            self._cf_for(stmt, loop_range)
        elif loop_range.constant_step is not None and loop_range.constant_step > 0:
            self._scf_for(stmt, loop_range)
        else:
            self._scf_for_while(stmt, loop_range)

    def _range(self, stmt: ast.For) -> _Range:
        """Checks `for name in range(...)` and evaluates the range arguments once."""
        if not isinstance(stmt.target, ast.Name):
            raise self.locator.unsupported(
                stmt.target,
                f"loop target {describe(stmt.target)}",
                "only a variable is supported",
            )
        self._check_target(stmt.target)
        call = stmt.iter
        if not (isinstance(call, ast.Call) and dotted_name(call.func) == "range"):
            raise self.locator.unsupported(
                stmt.iter,
                f"for loop over {describe(stmt.iter)}",
                "only range(...) is supported",
            )
        if call.keywords or not 1 <= len(call.args) <= 3:
            raise self.locator.error(
                call, f"range() expects 1 to 3 arguments, found {len(call.args)}"
            )
        values = [self.expr(arg) for arg in call.args]
        for arg, value in zip(call.args, values, strict=True):
            if not is_integral(value.type) or is_bool(value.type):
                raise self.locator.error(
                    arg,
                    f"range() expects integer arguments, found {type_name(value.type)}",
                )
        t = range_type([v.type for v in values])
        values = [self.ops.convert(v, t) for v in values]
        if len(values) == 1:
            values.insert(0, self.ops.zero(t))
        step = _constant_int(call.args[2]) if len(call.args) == 3 else 1
        if step == 0:
            raise self.locator.error(call, "range() step must not be zero")
        if len(values) == 2:
            values.append(self.ops.const(1, t))
        return _Range(stmt.target.id, values[0], values[1], values[2], step)

    def _range_condition(self, iv: SSAValue, loop_range: _Range) -> SSAValue:
        """Python's range test: `iv < stop` for a positive step, `iv > stop` otherwise."""
        step = loop_range.constant_step
        if step is not None:
            return self.ops.compare(ast.Lt if step > 0 else ast.Gt, iv, loop_range.stop)
        up = self.ops.compare(ast.Gt, loop_range.step, self.ops.zero(iv.type))
        below = self.ops.compare(ast.Lt, iv, loop_range.stop)
        above = self.ops.compare(ast.Gt, iv, loop_range.stop)
        return self.ops.value(arith.SelectOp(up, below, above))

    def _counts_up_from_nonnegative(self, loop_range: _Range) -> bool:
        step = loop_range.constant_step
        return (
            step is not None and step > 0 and loop_range.start in self.ops.nonnegative
        )

    def _scf_for(self, stmt: ast.For, loop_range: _Range) -> None:
        names = self._carried(stmt, [loop_range.target])
        assigned = assigned_in(stmt.body) | {loop_range.target}

        def attempt(types: dict[str, Attribute]) -> list[Env]:
            tys = [types[n] for n in names]
            inits = self._values(self.env, names, tys)
            base = {n: v for n, v in self.env.items() if n not in assigned}
            body = self._block(["$iv", *names], [loop_range.start.type, *tys])
            iv = body.args[0]
            iv.name_hint = loop_range.target
            if self._counts_up_from_nonnegative(loop_range):
                self.ops.nonneg(iv)
            body_env = {
                **base,
                **dict(zip(names, body.args[1:], strict=True)),
                loop_range.target: iv,
            }
            end_env = self._within(body, body_env, lambda: self.statements(stmt.body))
            self._within(
                body, end_env, lambda: self._yield(*self._values(end_env, names, tys))
            )
            op = scf.ForOp(
                loop_range.start, loop_range.stop, loop_range.step, inits, body
            )
            self.ops.add(op)
            self._bind_after(assigned, names, op.results)
            return [end_env]

        self._fixpoint(names, attempt)

    def _scf_for_while(self, stmt: ast.For, loop_range: _Range) -> None:
        """A range loop with a negative or non-constant step, as an scf.while."""
        names = self._carried(stmt, [loop_range.target])
        assigned = assigned_in(stmt.body) | {loop_range.target}
        iv_type = loop_range.start.type

        def attempt(types: dict[str, Attribute]) -> list[Env]:
            tys = [types[n] for n in names]
            inits = [loop_range.start, *self._values(self.env, names, tys)]
            base = {n: v for n, v in self.env.items() if n not in assigned}
            before = self._block(["$iv", *names], [iv_type, *tys])
            after = self._block(["$iv", *names], [iv_type, *tys])
            self._within(
                before, {}, lambda: self._range_condition_op(before.args, loop_range)
            )
            iv = after.args[0]
            iv.name_hint = loop_range.target
            body_env = {
                **base,
                **dict(zip(names, after.args[1:], strict=True)),
                loop_range.target: iv,
            }
            end_env = self._within(after, body_env, lambda: self.statements(stmt.body))
            self._within(
                after,
                end_env,
                lambda: self._range_yield(iv, loop_range, end_env, names, tys),
            )
            op = scf.WhileOp(inits, [iv_type, *tys], Region(before), Region(after))
            self.ops.add(op)
            self._bind_after(assigned, names, op.results[1:])
            return [end_env]

        self._fixpoint(names, attempt)

    def _range_condition_op(self, args: Sequence[SSAValue], loop_range: _Range) -> None:
        cond = self._range_condition(args[0], loop_range)
        self.ops.add(scf.ConditionOp(cond, *args))

    def _range_yield(
        self,
        iv: SSAValue,
        loop_range: _Range,
        env: Env,
        names: Sequence[str],
        types: Sequence[Attribute],
    ) -> None:
        following = self.ops.binary(ast.Add, iv, loop_range.step)
        self._yield(following, *self._values(env, names, types))

    def _cf_for(self, stmt: ast.For, loop_range: _Range) -> None:
        hidden = f"$iv{next(self._hidden)}"
        self.env = {**self.env, hidden: loop_range.start}
        names = [hidden, *self._carried(stmt, [loop_range.target])]
        assigned = assigned_in(stmt.body) | {loop_range.target}

        def attempt(types: dict[str, Attribute]) -> list[Env]:
            tys = [types[n] for n in names]
            header = self._block(names, tys)
            self._jump((self._current(), self.env), header, names, tys)
            base = {n: v for n, v in self.env.items() if n not in assigned}
            base.update(zip(names, header.args, strict=True))
            self._start(header, base)
            iv = header.args[0]
            if self._counts_up_from_nonnegative(loop_range):
                self.ops.nonneg(iv)
            cond = self._range_condition(iv, loop_range)
            body, exit_edge = Block(), Block()
            self.ops.add(cf.ConditionalBranchOp(cond, body, [], exit_edge, []))

            def prologue() -> None:
                self.env[loop_range.target] = iv
                self.env[hidden] = self.ops.binary(ast.Add, iv, loop_range.step)

            return self._cf_loop_body(
                stmt, body, dict(base), (exit_edge, base), header, names, tys, prologue
            )

        self._fixpoint(names, attempt)


def _constant_int(node: ast.expr) -> int | None:
    """The value of an integer literal, possibly negated; None otherwise."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _constant_int(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


_STATEMENT_HANDLERS: dict[type[ast.AST], Callable[[KernelCompiler, Any], None]] = {
    ast.Assign: KernelCompiler._assign,
    ast.AugAssign: KernelCompiler._augassign,
    ast.Expr: KernelCompiler._expr_statement,
    ast.Pass: KernelCompiler._pass,
    ast.Return: KernelCompiler._return,
    ast.Break: KernelCompiler._break,
    ast.Continue: KernelCompiler._continue,
    ast.If: KernelCompiler._if,
    ast.While: KernelCompiler._while,
    ast.For: KernelCompiler._for,
}
