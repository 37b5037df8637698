"""The kinds of value a kernel expression has, as the frontend sees them.

* `Scalar` (`simt.frontend.values`): an SSA value with its numba scalar type;
* `ComplexValue`: a complex number, a pair of float scalars;
* `ArrayValue`: a memref SSA value with its numba array type (a kernel
  argument, a view `a[i]` / `a[lo:hi]`, a shared, local or constant array);
* `RecordArrayValue`: an array of records, one `ArrayValue` per field;
* `RecordValue`: one record of such an array (`a[i]`, or a record
  parameter), a reference to its element;
* `TupleValue`: a tuple of values (literals, `cuda.grid(2)`, `a.shape`,
  device-function results); it has no SSA value of its own: each element is
  its own value, and where control flow joins the elements are joined one
  by one;
* `RangeValue`: a `range` object (start, stop, step), as numba has them;
* `EnumValue`: a member of an enum class known at compile time, held as
  its value (a scalar, a tuple or a complex number) at run time;
* `StaticValue`: a Python object known at compile time (a module such as
  `cuda` or `math`, a numba type used as a dtype, a device function, a
  module-level numpy array, a string), named by its canonical dotted path
  when it is one of numba-cuda's intrinsics (`cuda.threadIdx.x`,
  `math.sqrt`, `np.float32`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from xdsl.ir import SSAValue

from simt.frontend.types import ArrayType, ComplexType, EnumType, RecordArrayType
from simt.frontend.values import Scalar


@dataclass(frozen=True)
class ArrayValue:
    """An array: a memref SSA value, its numba type and the name it had."""

    value: SSAValue
    type: ArrayType
    name: str


@dataclass(frozen=True)
class ComplexValue:
    """A complex number: its real and imaginary parts, scalars of `type.part`."""

    real: Scalar
    imag: Scalar
    type: ComplexType


@dataclass(frozen=True)
class RecordArrayValue:
    """An array of records: one array per field (`fields`, in the record's
    field order), all of the same leading shape."""

    fields: tuple[ArrayValue, ...]
    type: RecordArrayType
    name: str

    def field(self, name: str) -> ArrayValue | None:
        for f, array in zip(self.type.record.fields, self.fields, strict=True):
            if f.name == name:
                return array
        return None


@dataclass(frozen=True)
class RecordValue:
    """One record `a[i]`: a reference to element `indices` of a record array
    (numba's records are references: `a[i].x = v` writes the array)."""

    array: RecordArrayValue
    indices: tuple[SSAValue, ...]


@dataclass(frozen=True)
class TupleValue:
    """A tuple of values, element by element (a named tuple has `fields`)."""

    items: tuple[Value, ...]
    fields: tuple[str, ...] | None = None

    def __len__(self) -> int:
        return len(self.items)


@dataclass(frozen=True)
class RangeValue:
    """`range(start, stop, step)` with integer scalars of one type."""

    start: Scalar
    stop: Scalar
    step: Scalar


@dataclass(frozen=True)
class EnumValue:
    """A member of the enum class `type.cls`: which one is `value`, the
    member's value (of type `type.dtype`), as numba represents it."""

    value: Value
    type: EnumType


@dataclass(frozen=True, eq=False)
class StaticValue:
    """A compile-time Python object; `path` is its canonical dotted name
    (`cuda.shared.array`, `math.pi`) when it is an intrinsic, else None."""

    obj: object
    path: str | None = None


@dataclass(frozen=True)
class BoundReduction:
    """`a.sum`, `a.max`, ...: a numpy reduction method of an array, to be
    called (`simt.frontend.reductions`)."""

    array: ArrayValue
    name: str


@dataclass(frozen=True)
class BoundArrayMethod:
    """`a.reshape`: an array method other than a reduction, to be called
    (`ArrayCompiler.array_method`)."""

    array: ArrayValue
    name: str


Value = (
    Scalar
    | ComplexValue
    | ArrayValue
    | RecordArrayValue
    | RecordValue
    | TupleValue
    | RangeValue
    | EnumValue
    | StaticValue
)


def leaves(value: Value) -> Iterator[Value]:
    """The values of `value` that are not tuples, depth first."""
    stack: list[Value] = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, TupleValue):
            stack.extend(reversed(current.items))
        else:
            yield current


def describe_value(value: Value) -> str:
    """A short description for messages: `int32`, `array(float32, 2d, C)`, ..."""
    if isinstance(
        value, Scalar | ComplexValue | ArrayValue | RecordArrayValue | EnumValue
    ):
        return str(value.type)
    if isinstance(value, RecordValue):
        return str(value.array.type.record)
    if isinstance(value, TupleValue):
        return "(" + ", ".join(describe_value(v) for v in value.items) + ")"
    if isinstance(value, RangeValue):
        return f"range({value.start.type})"
    if value.path is not None:
        return value.path
    return type(value.obj).__name__
