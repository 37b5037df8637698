"""Variables where control flow joins: which SSA values carry them, typed how.

Where paths join (after an `if`, at a loop header, at a `cf` block) a
variable becomes block arguments, `scf` results or iter_args. A scalar
variable takes one of them, of the type numba unifies the incoming types to
(`typing.unify`); a complex number one per part (a number joined with
complex numbers is complex, as numba unifies them: its imaginary part
zero); a tuple takes one per scalar element, a range one per
bound, an enum member those of its value (members of one enum class only,
as numba unifies them). Compile-time values are not carried: every path must hold the same
one (the frontend reports a located error otherwise). Neither are arrays,
except views of one array (`x = a.reshape(n, m)` in a loop, `x = a[i]` or
`x = a[j]` by a branch): such a variable is carried as its view's offset,
extents and strides (`int64`, read by `memref.extract_strided_metadata` on
each incoming edge) and rebuilt after the join by a `memref.reinterpret_cast`
of the array, typed as numba unifies the incoming array types (the layout
where they agree, else `A`). A variable missing on some path holds zero
there (numba leaves it undefined).

A `Slot` describes one variable: its structure (a `template` value whose
scalar leaves are placeholders) and the types of its scalar leaves. A
`JoinPlan` is the slots of the variables carried at one join, in name order,
flattened into the list of block argument types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace

from xdsl.dialects import memref
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, StridedLayoutAttr
from xdsl.ir import Block, Operation, OpResult, SSAValue

from simt.frontend.objects import (
    ArrayValue,
    ComplexValue,
    EnumValue,
    RangeValue,
    RecordArrayValue,
    RecordValue,
    StaticValue,
    TupleValue,
    Value,
    describe_value,
)
from simt.frontend.types import BOOL, INT64, ArrayType, ScalarType, complex_of_part
from simt.frontend.typing import unify
from simt.frontend.values import Scalar, ValueBuilder
from simt.model.facts import is_view

_UNDEFINED_BLOCK = Block(arg_types=[BOOL.ir])
_UNDEFINED = Scalar(_UNDEFINED_BLOCK.args[0], BOOL)
"""The template of a variable not defined before a loop: a `bool` scalar."""


class JoinError(Exception):
    """Values of one variable that cannot be joined (the caller locates it)."""


def scalar_leaves(value: Value) -> list[Scalar]:
    """The scalars a value is made of, in order."""
    if isinstance(value, Scalar):
        return [value]
    if isinstance(value, ComplexValue):
        return [value.real, value.imag]
    if isinstance(value, TupleValue):
        return [s for item in value.items for s in scalar_leaves(item)]
    if isinstance(value, RangeValue):
        return [value.start, value.stop, value.step]
    if isinstance(value, EnumValue):
        return scalar_leaves(value.value)
    return []


def rebuild(template: Value, scalars: Iterator[Scalar]) -> Value:
    """`template` with its scalar leaves taken from `scalars`, in order."""
    if isinstance(template, Scalar):
        return next(scalars)
    if isinstance(template, TupleValue):
        return TupleValue(tuple(rebuild(item, scalars) for item in template.items))
    if isinstance(template, RangeValue):
        return RangeValue(next(scalars), next(scalars), next(scalars))
    if isinstance(template, ComplexValue):
        real, imag = next(scalars), next(scalars)
        return ComplexValue(real, imag, complex_of_part(real.type))
    if isinstance(template, EnumValue):
        return EnumValue(rebuild(template.value, scalars), template.type)
    return template


def same_structure(a: Value, b: Value) -> bool:
    """Whether two values of a variable can be joined leaf by leaf."""
    if isinstance(a, Scalar) and isinstance(b, Scalar):
        return True
    if isinstance(a, TupleValue) and isinstance(b, TupleValue):
        return len(a) == len(b) and all(
            same_structure(x, y) for x, y in zip(a.items, b.items, strict=True)
        )
    if isinstance(a, RangeValue) and isinstance(b, RangeValue):
        return True
    if isinstance(a, ComplexValue) and isinstance(b, ComplexValue):
        return True
    if isinstance(a, EnumValue) and isinstance(b, EnumValue):
        return a.type == b.type and same_structure(a.value, b.value)
    if isinstance(a, ArrayValue) and isinstance(b, ArrayValue):
        return a.value is b.value
    if isinstance(a, StaticValue) and isinstance(b, StaticValue):
        return a.obj is b.obj and a.path == b.path
    if isinstance(a, RecordArrayValue | RecordValue):
        return a == b
    return False


def _view_root(value: SSAValue) -> SSAValue:
    """The memref a chain of views (subviews, reinterpret_casts) starts from."""
    while isinstance(value, OpResult) and is_view(value.op):
        value = value.op.operands[0]
    return value


def _views_of_one_array(a: ArrayValue, b: Value) -> bool:
    if not isinstance(b, ArrayValue):
        return False
    ta, tb = a.type, b.type
    same_kind = (ta.dtype, ta.ndim, ta.space, ta.complex) == (
        tb.dtype,
        tb.ndim,
        tb.space,
        tb.complex,
    )
    return same_kind and _view_root(a.value) is _view_root(b.value)


def _unify_arrays(a: ArrayType, b: ArrayType) -> ArrayType:
    """numba's unification of two array types of one dtype and rank: the
    layout where they agree, else `A`."""
    layout = a.layout if a.layout == b.layout else "A"
    return ArrayType(a.dtype, a.ndim, layout, a.space, complex=a.complex)


@dataclass(frozen=True)
class Slot:
    """How one variable is carried: its structure and its leaf types."""

    name: str
    template: Value
    types: tuple[ScalarType, ...]
    undefined: bool = False
    """A loop variable not defined before the loop (a `bool` zero on entry)."""
    view: ArrayType | None = None
    """For views of one array (the module docstring): their unified type;
    `types` are then the offset, extents and strides, and `template` one of
    the views."""

    @staticmethod
    def undefined_slot(name: str) -> Slot:
        return Slot(name, _UNDEFINED, (BOOL,), undefined=True)

    @staticmethod
    def of(name: str, values: Sequence[Value]) -> Slot:
        """The slot joining `values` (at least one) of variable `name`."""
        template = values[0]
        if _number_and_complex(values):
            return Slot.of_complex(name, values)
        if isinstance(template, ArrayValue) and not all(
            same_structure(template, v) for v in values[1:]
        ):
            return Slot.of_views(name, template, values[1:])
        for value in values[1:]:
            if not same_structure(template, value):
                raise JoinError(_mismatch(name, template, value))
        types = [leaf.type for leaf in scalar_leaves(template)]
        for value in values[1:]:
            types = [
                unify(t, leaf.type)
                for t, leaf in zip(types, scalar_leaves(value), strict=True)
            ]
        return Slot(name, template, tuple(types))

    @staticmethod
    def of_complex(name: str, values: Sequence[Value]) -> Slot:
        """The slot joining complex numbers and numbers, complex as numba
        unifies them: its parts of the type every part and number unify to
        (a number is carried as its value and a zero imaginary part)."""
        template = next(v for v in values if isinstance(v, ComplexValue))
        parts = [leaf.type for v in values for leaf in scalar_leaves(v)]
        part = parts[0]
        for t in parts[1:]:
            part = unify(part, t)
        return Slot(name, template, (part, part))

    @staticmethod
    def of_views(name: str, template: ArrayValue, values: Sequence[Value]) -> Slot:
        """The slot joining `template` and `values`, views of one array."""
        joined = _unify_arrays(template.type, template.type)
        for value in values:
            if not _views_of_one_array(template, value):
                raise JoinError(_mismatch(name, template, value))
            assert isinstance(value, ArrayValue)
            joined = _unify_arrays(joined, value.type)
        rank = template.type.ndim + int(template.type.complex)
        return Slot(name, template, (INT64,) * (1 + 2 * rank), view=joined)

    def widened(self, value: Value) -> Slot:
        """This slot after a back edge brings `value`."""
        if self.undefined:
            found = Slot.of(self.name, [value])
            types = tuple(unify(BOOL, t) for t in found.types)
            return Slot(self.name, found.template, types)
        if self.view is not None:
            assert isinstance(self.template, ArrayValue)
            found = Slot.of_views(self.name, self.template, [value])
            assert found.view is not None
            return replace(found, view=_unify_arrays(self.view, found.view))
        joined = Slot.of(self.name, [self.template, value])
        if joined.view is not None:
            return joined
        if len(joined.types) != len(self.types):  # a number, now complex
            part = unify(self.types[0], joined.types[0])
            return Slot(self.name, joined.template, (part, part))
        types = tuple(
            unify(a, b) for a, b in zip(self.types, joined.types, strict=True)
        )
        return Slot(self.name, self.template, types)


def _number_and_complex(values: Sequence[Value]) -> bool:
    """Whether `values` are complex numbers and numbers, some of each."""
    complex_ = [isinstance(v, ComplexValue) for v in values]
    numbers = all(isinstance(v, Scalar | ComplexValue) for v in values)
    return numbers and any(complex_) and not all(complex_)


def _mismatch(name: str, a: Value, b: Value) -> str:
    if isinstance(a, ArrayValue) and isinstance(b, ArrayValue):
        return (
            f"variable '{name}' refers to different arrays on different paths "
            "(only views of one array, of one dtype and rank, can be joined)"
        )
    if isinstance(a, RecordValue | RecordArrayValue):
        return (
            f"variable '{name}' refers to different records or record arrays on "
            "different paths (records are references and cannot be joined)"
        )
    return (
        f"variable '{name}' holds values of incompatible kinds on different paths: "
        f"{describe_value(a)} and {describe_value(b)}"
    )


@dataclass(frozen=True)
class JoinPlan:
    """The variables carried at one join and their flattened argument types."""

    slots: tuple[Slot, ...]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.slots]

    @property
    def types(self) -> list[ScalarType]:
        return [t for s in self.slots for t in s.types]

    def values(self, env: Mapping[str, Value], ops: ValueBuilder) -> list[SSAValue]:
        """The values an edge with `env` passes: converted; zero where missing."""
        out: list[SSAValue] = []
        for slot in self.slots:
            value = env.get(slot.name)
            if slot.view is not None and isinstance(value, ArrayValue):
                out.extend(_view_metadata(value, ops))
                continue
            leaves: list[Scalar | None] = (
                [*scalar_leaves(value)] if value is not None else []
            )
            if isinstance(value, ComplexValue) and isinstance(slot.template, Scalar):
                leaves = leaves[:1]  # a loop's first attempt: widened to complex
            leaves += [None] * (len(slot.types) - len(leaves))  # zeros
            for leaf, t in zip(leaves, slot.types, strict=True):
                out.append(
                    (ops.convert(leaf, t) if leaf is not None else ops.zero(t)).value
                )
        return out

    def bind(self, args: Sequence[SSAValue], ops: ValueBuilder) -> dict[str, Value]:
        """The variables as the join's arguments (or results) hold them; views
        are rebuilt where the arguments are defined (`_insert_at`)."""
        scalars = iter(Scalar(a, t) for a, t in zip(args, self.types, strict=True))
        rebuilt = Block()
        builder = ValueBuilder(ops.locator, rebuilt)
        builder.node = ops.node
        bound: dict[str, Value] = {}
        for slot in self.slots:
            if slot.view is None:
                bound[slot.name] = rebuild(slot.template, scalars)
                continue
            parts = [next(scalars) for _ in slot.types]
            bound[slot.name] = _rebuilt_view(slot, parts, builder)
        if rebuilt.first_op is not None:
            _insert_at(args[0], list(rebuilt.ops))
        return bound

    def key(self) -> tuple[object, ...]:
        """What decides the emitted IR: names, leaf types and structures (two
        plans with equal keys emit the same loop)."""
        return tuple((s.name, s.types, _shape(s.template), s.view) for s in self.slots)

    def arg_names(self) -> list[str]:
        """A name per flattened argument (for SSA name hints)."""
        return [s.name for s in self.slots for _ in s.types]


def _view_metadata(array: ArrayValue, ops: ValueBuilder) -> list[SSAValue]:
    """A view's offset, extents and strides as `int64`s."""
    metadata = memref.ExtractStridedMetaDataOp(array.value)
    ops.add(metadata)
    parts = (metadata.offset, *metadata.sizes, *metadata.strides)
    return [ops.from_index(part).value for part in parts]


def _rebuilt_view(slot: Slot, parts: Sequence[Scalar], ops: ValueBuilder) -> Value:
    """The view of `slot`'s array with the offset, extents and strides `parts`."""
    template, view = slot.template, slot.view
    assert isinstance(template, ArrayValue) and view is not None
    source = _view_root(template.value)
    source_type = source.type
    assert isinstance(source_type, MemRefType)
    indices = [ops.to_index(part) for part in parts]
    rank = len(indices) // 2
    result_type = MemRefType(
        source_type.element_type,
        [DYNAMIC_INDEX] * rank,
        StridedLayoutAttr([None] * rank, None),
        source_type.memory_space,
    )
    cast = memref.ReinterpretCastOp.from_dynamic(
        source, indices[:1], indices[1 : rank + 1], indices[rank + 1 :], result_type
    )
    return ArrayValue(ops.value(cast), view, template.name)


def _insert_at(arg: SSAValue, ops: Sequence[Operation]) -> None:
    """Moves `ops` to where `arg` is defined: the start of its block, or
    right after the op that returns it."""
    for op in ops:
        op.detach()
    if isinstance(arg, OpResult):
        block = arg.op.parent_block()
        assert block is not None
        block.insert_ops_after(ops, arg.op)
        return
    owner = arg.owner
    assert isinstance(owner, Block)
    first = owner.first_op
    if first is None:
        owner.add_ops(ops)
    else:
        owner.insert_ops_before(ops, first)


def _shape(value: Value) -> object:
    if isinstance(value, TupleValue):
        return tuple(_shape(item) for item in value.items)
    if isinstance(value, Scalar | RangeValue | ComplexValue):
        return type(value).__name__
    if isinstance(value, EnumValue):
        return (value.type, _shape(value.value))
    return id(value.value) if isinstance(value, ArrayValue) else id(value)


def _opaque(value: Value) -> bool:
    """Whether a value holds an array or a compile-time value (no zero exists)."""
    if isinstance(value, ArrayValue | StaticValue | RecordArrayValue | RecordValue):
        return True
    if isinstance(value, TupleValue):
        return any(_opaque(item) for item in value.items)
    return False


def plan_join(
    names: Sequence[str],
    envs: Sequence[Mapping[str, Value]],
    fail: Callable[[str], Exception],
    skip_common: bool = False,
) -> JoinPlan:
    """The join of `names` over the `envs` of the incoming edges. Arrays and
    compile-time values must be the same on every edge (then they dominate
    the join); a variable holding one that some edge lacks is left out
    (undefined after the join). With `skip_common`, variables every edge
    holds identically are left out too (the caller keeps them)."""
    slots: list[Slot] = []
    for name in names:
        values = [env[name] for env in envs if name in env]
        if not values:
            continue
        if len(values) < len(envs) and _opaque(values[0]):
            continue
        if (
            skip_common
            and len(values) == len(envs)
            and all(v == values[0] for v in values)
        ):
            continue
        try:
            slots.append(Slot.of(name, values))
        except JoinError as error:
            raise fail(str(error)) from None
    return JoinPlan(tuple(slots))
