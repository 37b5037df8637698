"""Arrays: indexing, views, shapes, and the arrays a kernel allocates.

* **Indexing** (`a[i]`, `a[i, j]`, `a[t]` with a tuple `t`): one integer
  index per dimension, each with numba's negative-index wraparound (`i +
  a.shape[k]` when `i < 0`; skipped when the index is known non-negative), as
  `memref.load` / `memref.store` with `index` subscripts. A store converts
  the value to the element type (numba's cast).
* **Views** (numpy's basic slicing, which numba implements: `a[i]` of a 2-D
  array, `a[i, :]`, `a[:, j]`, `a[lo:hi]`, `a[lo:hi:2]`): a
  `memref.subview` whose integer-indexed dimensions are dropped (a
  rank-reducing subview) and whose slices are normalized as Python's
  `slice.indices` does (negative bounds count from the end, bounds are
  clamped to the extent); the result has a strided layout with dynamic
  strides and offset. Views alias their array: stores through a view change
  the array.
  A view's numba layout is numba's (`get_array_index_type`): a view of a
  C-contiguous array is C-contiguous when every index but the last is an
  integer and the last is an integer or a slice without a step (`a[i]`,
  `a[lo:hi]`, `a[i, lo:hi]`), and likewise from the right for F; any other
  view is `A`.
* **Reshape** (`a.reshape(d0, d1, ...)`, `a.reshape((d0, d1, ...))`,
  `a.reshape(n)`, `np.reshape(a, shape)`): numba's, for C-contiguous arrays (and 1-D F ones, which
  are contiguous too); an `A` array is a located error, as numba's typing
  rejects it ("reshape() supports contiguous array only"); an F array of
  more dimensions is unsupported (numba reshapes it in C order where that
  needs no copy and raises otherwise, which simt does not model). The
  extents are integers known at compile time or not; one negative extent is
  inferred from the size. The size checks of numba's
  `normalize_reshape_value` are `cf.assert`s with numba's messages ("total
  size of new array must be unchanged", "multiple negative shape values"):
  the simulator faults there, the lowered code leaves the kernel, as numba's
  kernels without `debug=True` do. The result is a view of the same elements
  in C order, of the same layout and of the new rank:

      %m:6 = memref.extract_strided_metadata %a   // only for a view (offset)
      cf.assert %ok, "a.reshape: ValueError: total size of new array must be unchanged"
      %v = memref.reinterpret_cast %a to offset: [%m#1], sizes: [%d0, 4],
           strides: [4, 1] : ... to memref<?x4xf32, strided<[4, 1], offset: ?>>

* **Attributes**: `a.shape` (a tuple of `int64`), `a.shape[k]`, `a.size`
  (the product of the extents), `a.ndim`, `len(a)` (`a.shape[0]`).
* **Records** (`a[i].x`, `a[i]['x']`, `a.x`, record parameters, record
  arrays in local, shared and constant memory): see "records" below.
* **Allocation** (`cuda.shared.array`, `cuda.local.array`,
  `cuda.const.array_like`, module-level numpy arrays): see `allocate_*`
  below and docs/ir-conventions.md.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects import arith, cf, memref, scf
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    DenseIntOrFPElementsAttr,
    IndexType,
    IntegerType,
    MemRefType,
    NoneAttr,
    StridedLayoutAttr,
    StringAttr,
    TensorType,
    UnitAttr,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue

from simt.dialects import simt
from simt.dialects.simt import MemorySpace, MemorySpaceAttr
from simt.frontend import enums, reductions
from simt.frontend.expressions import ExpressionCompiler
from simt.frontend.objects import (
    ArrayValue,
    BoundArrayMethod,
    BoundReduction,
    ComplexValue,
    RangeValue,
    RecordArrayValue,
    RecordValue,
    StaticValue,
    TupleValue,
    Value,
    describe_value,
)
from simt.frontend.types import (
    INT64,
    ArrayType,
    Layout,
    RecordArrayType,
    RecordType,
    ScalarType,
    complex_of_dtype,
    complex_of_part,
    record_type,
    scalar_of_dtype,
)
from simt.frontend.values import Scalar, constant_of
from simt.model.captures import dtype_and_shape, register
from simt.model.records import RecordError, RecordField, field_views


@dataclass
class ModuleBuilder:
    """What a compilation adds to the module besides the kernel: the
    `memref.global`s of shared and constant arrays, with unique names."""

    globals: list[memref.GlobalOp] = field(default_factory=list[memref.GlobalOp])
    _names: set[str] = field(default_factory=set[str])
    _constants: dict[object, memref.GlobalOp] = field(
        default_factory=dict[object, memref.GlobalOp]
    )
    _shared: dict[tuple[int, int], memref.GlobalOp] = field(
        default_factory=dict[tuple[int, int], memref.GlobalOp]
    )

    def unique(self, name: str) -> str:
        candidate = name
        n = 1
        while candidate in self._names:
            candidate = f"{name}_{n}"
            n += 1
        self._names.add(candidate)
        return candidate

    def shared(
        self, key: tuple[int, int], name: str, type_: MemRefType[Attribute]
    ) -> memref.GlobalOp:
        """The global of a static shared array, one per allocation site."""
        found = self._shared.get(key)
        if found is None:
            found = memref.GlobalOp.get(
                StringAttr(self.unique(name)), type_, UnitAttr()
            )
            self.globals.append(found)
            self._shared[key] = found
        return found

    def constant(
        self,
        array: np.ndarray[Any, Any],
        name: str,
        type_: MemRefType[Attribute],
        init: Attribute,
        key: object = None,
    ) -> memref.GlobalOp:
        """The global holding a frozen numpy array, one per array object (or
        per `key`, given for arrays made for the compilation)."""
        key = id(array) if key is None else key
        found = self._constants.get(key)
        if found is None:
            found = memref.GlobalOp.get(
                StringAttr(self.unique(name)), type_, init, constant=UnitAttr()
            )
            self.globals.append(found)
            self._constants[key] = found
        return found


RECORD_COPY_LIMIT = 4096
"""The most elements a record or nested-array copy unrolls into."""


@dataclass(frozen=True)
class _Slice:
    start: Scalar
    length: Scalar
    step: Scalar


class ArrayCompiler(ExpressionCompiler):
    """Adds arrays to the expression compiler (see the module docstring)."""

    module: ModuleBuilder
    entry: Block
    """The kernel's entry block, where local arrays are allocated."""
    captures: dict[int, tuple[str, ArrayValue]]
    """The device arrays captured from globals, by object id: their registry
    token and the trailing kernel parameter that holds each."""
    kernel_name: str

    # -- subscripts -----------------------------------------------------------

    def subscript(self, node: ast.Subscript) -> Value:
        shape_dim = self._shape_subscript(node)
        if shape_dim is not None:
            return shape_dim
        base = self.expr(node.value)
        if isinstance(base, ArrayValue):
            return self.array_get(node, base, node.slice)
        if isinstance(base, RecordArrayValue):
            return self.record_array_get(node, base, node.slice)
        if isinstance(base, RecordValue):
            return self.record_field(node, base, self._field_key(node.slice))
        if isinstance(base, TupleValue):
            return self.tuple_item(node, base, self._tuple_index(node.slice))
        if isinstance(base, RangeValue):
            return self._range_item(node, base, self.scalar(node.slice))
        enum_class = enums.enum_class(base)
        if enum_class is not None:
            return enums.item(self, node, enum_class, self.expr(node.slice))
        raise self.unsupported(
            node, "subscript", f"cannot index a value of type {describe_value(base)}"
        )

    def _tuple_index(self, node: ast.expr) -> Value:
        if isinstance(node, ast.Slice):
            bounds = [
                self._static_int(b) if b is not None else None
                for b in (node.lower, node.upper, node.step)
            ]
            return StaticValue(slice(*bounds))
        constant = _literal_int(node)
        if constant is not None:
            return StaticValue(constant)
        return self.expr(node)

    def _static_int(self, node: ast.expr) -> int:
        value = _literal_int(node)
        if value is None:
            raise self.unsupported(node, "tuple slice", "only constant bounds")
        return value

    def _shape_subscript(self, node: ast.Subscript) -> Scalar | None:
        """`a.shape[k]` for a constant k: only that extent."""
        target = node.value
        if not (isinstance(target, ast.Attribute) and target.attr == "shape"):
            return None
        base = self.expr(target.value)
        if not isinstance(base, ArrayValue):
            return None
        k = _literal_int(node.slice)
        if k is None:
            return None
        ndim = base.type.ndim
        if not -ndim <= k < ndim:
            raise self.error(node, f"shape index {k} out of range for a {ndim}-D array")
        return self.extent(base, k % ndim)

    def _range_item(self, node: ast.AST, seq: RangeValue, index: Scalar) -> Scalar:
        position = self.ops.convert(index, seq.start.type)
        offset = self.ops.binary(ast.Mult, position, seq.step)
        return self.ops.binary(ast.Add, seq.start, offset)

    def _indices(self, node: ast.expr) -> list[ast.expr | Value]:
        """The per-dimension parts of a subscript: AST nodes, or values of a tuple."""
        if isinstance(node, ast.Tuple):
            return list(node.elts)
        if isinstance(node, ast.Slice):
            return [node]
        value = self.expr(node)
        if isinstance(value, TupleValue):
            return list(value.items)
        return [value]

    def array_get(self, node: ast.AST, array: ArrayValue, index: ast.expr) -> Value:
        """`a[index]`: an element or a view."""
        parts = self._indices(index)
        self._check_rank(node, array, parts)
        if len(parts) == array.type.ndim and not any(
            isinstance(p, ast.Slice) for p in parts
        ):
            indices = self.element_indices(array, parts)
            return self.load_element(array, indices)
        return self.view(node, array, parts)

    def load_element(self, array: ArrayValue, indices: list[SSAValue]) -> Value:
        """The element at `indices` (a complex element is its two parts)."""
        if not array.type.complex:
            return self.ops.scalar(
                memref.LoadOp.get(array.value, indices), array.type.dtype
            )
        real, imag = (
            self.ops.scalar(
                memref.LoadOp.get(array.value, [*indices, self.ops.index_const(k)]),
                array.type.dtype,
            )
            for k in (0, 1)
        )
        return ComplexValue(real, imag, complex_of_part(array.type.dtype))

    def store_element(
        self, node: ast.AST, array: ArrayValue, indices: list[SSAValue], value: Value
    ) -> None:
        """Stores `value` at `indices`, converted as numba converts (a real
        number into a complex array gets a zero imaginary part)."""
        if not array.type.complex:
            scalar = self.ops.convert(self.as_scalar(node, value), array.type.dtype)
            self.ops.add(memref.StoreOp.get(scalar.value, array.value, indices))
            return
        number = self.as_complex(node, value, complex_of_part(array.type.dtype))
        for k, part in enumerate((number.real, number.imag)):
            at = [*indices, self.ops.index_const(k)]
            self.ops.add(memref.StoreOp.get(part.value, array.value, at))

    def array_set(
        self, node: ast.AST, array: ArrayValue, index: ast.expr, value: Value
    ) -> None:
        """`a[index] = value` for one element."""
        if array.type.space is MemorySpace.CONSTANT:
            raise self.error(node, f"cannot write to constant array '{array.name}'")
        parts = self._indices(index)
        self._check_rank(node, array, parts)
        if len(parts) != array.type.ndim or any(
            isinstance(p, ast.Slice) for p in parts
        ):
            self.fill_view(node, self.view(node, array, parts), value)
            return
        indices = self.element_indices(array, parts)
        self.store_element(node, array, indices, value)

    def fill_view(self, node: ast.AST, view: ArrayValue, value: Value) -> None:
        """numba's `a[slices] = x` (and `a[i] = x` of a 2-D `a`) for a number
        `x`: `x`, converted once to the array's type, stored into every
        element of the view by an `scf.for` nest over its extents."""
        if isinstance(value, ArrayValue | RecordArrayValue | RecordValue):
            raise self.unsupported(
                node,
                f"assignment of {describe_value(value)} to an array slice",
                "assign a number (it fills the slice), or copy the elements in a loop",
            )
        if view.type.complex:
            number: Value = self.as_complex(
                node, value, complex_of_part(view.type.dtype)
            )
        else:
            number = self.ops.convert(self.as_scalar(node, value), view.type.dtype)
        self.element_loops(
            view, lambda indices: self.store_element(node, view, indices, number)
        )

    def element_loops(
        self,
        array: ArrayValue,
        body: Callable[[list[SSAValue]], None],
        order: Layout = "C",
    ) -> None:
        """An `scf.for` nest over every element of `array`: `body` builds the
        innermost loop's body from the element's indices (one `index` per
        dimension, in dimension order). The outermost loop runs over the
        first dimension for `order` "C", over the last for "F"."""
        ndim = array.type.ndim
        extents = [
            self.ops.value(memref.DimOp(array.value, self.ops.index_const(dim)))
            for dim in range(ndim)
        ]
        nesting = range(ndim) if order != "F" else range(ndim - 1, -1, -1)
        loops: list[tuple[Block | None, Block, SSAValue]] = []
        indices: dict[int, SSAValue] = {}
        for dim in nesting:
            inner = Block(arg_types=[IndexType()])
            loops.append((self.block, inner, extents[dim]))
            indices[dim] = inner.args[0]
            self.block = inner
        body([indices[dim] for dim in range(ndim)])
        for parent, inner, extent in reversed(loops):
            self.ops.add(scf.YieldOp())
            self.block = parent
            zero, one = self.ops.index_const(0), self.ops.index_const(1)
            self.ops.add(scf.ForOp(zero, extent, one, [], inner))

    def _check_rank(
        self, node: ast.AST, array: ArrayValue, parts: Sequence[object]
    ) -> None:
        if len(parts) > array.type.ndim:
            raise self.error(
                node,
                f"too many indices for array '{array.name}': {len(parts)} for "
                f"{array.type.ndim} dimension(s)",
            )

    def element_indices(
        self, array: ArrayValue, parts: Sequence[ast.expr | Value]
    ) -> list[SSAValue]:
        return [self.index_value(array, dim, part) for dim, part in enumerate(parts)]

    def index_value(
        self, array: ArrayValue, dim: int, part: ast.expr | Value
    ) -> SSAValue:
        """The `index` of one subscript, with numba's wraparound."""
        node = part if isinstance(part, ast.AST) else self.ops.node
        assert node is not None
        raw = (
            self.scalar(part)
            if isinstance(part, ast.expr)
            else self.as_scalar(node, part)
        )
        if not raw.type.is_int:
            raise self.error(node, f"expected an integer array index, found {raw.type}")
        value = self.ops.convert(raw, INT64)
        if not self.ops.is_nonneg(raw):
            value = self._wraparound(array, dim, value)
        return self.ops.to_index(value)

    def _wraparound(self, array: ArrayValue, dim: int, value: Scalar) -> Scalar:
        """numba's negative-index wraparound: `i + a.shape[dim]` when `i < 0`."""
        negative = self.ops.compare(ast.Lt, value, self.ops.zero(INT64))
        length = self.extent(array, dim)
        wrapped = self.ops.binary(ast.Add, value, length)
        return self.ops.select(negative, wrapped, value)

    def extent(self, array: ArrayValue, dim: int) -> Scalar:
        """`a.shape[dim]` as an `int64`."""
        index = self.ops.index_const(dim)
        extent = self.ops.value(memref.DimOp(array.value, index))
        return self.ops.nonneg(self.ops.from_index(extent))

    # -- views ----------------------------------------------------------------

    def view(
        self, node: ast.AST, array: ArrayValue, parts: Sequence[ast.expr | Value]
    ) -> ArrayValue:
        """A rank-reducing `memref.subview` for integer indices and slices."""
        offsets: list[SSAValue | int] = []
        sizes: list[SSAValue | int] = []
        strides: list[SSAValue | int] = []
        kept: list[int | None] = []
        for dim in range(array.type.ndim):
            part = parts[dim] if dim < len(parts) else None
            if part is None or isinstance(part, ast.Slice):
                bounds = self._slice(array, dim, part)
                offsets.append(self.ops.to_index(bounds.start))
                sizes.append(self.ops.to_index(bounds.length))
                step = _constant_step(part)
                strides.append(
                    step if step is not None else self.ops.to_index(bounds.step)
                )
                kept.append(None)
                continue
            offsets.append(self.index_value(array, dim, part))
            sizes.append(1)
            strides.append(1)
        rank = len(kept)
        shape = [DYNAMIC_INDEX] * rank
        if array.type.complex:
            offsets.append(0)
            sizes.append(2)
            strides.append(1)
            shape.append(2)
        result_type = MemRefType(
            array.type.dtype.ir,
            shape,
            StridedLayoutAttr([None] * len(shape), None),
            _space_attr(array.type.space),
        )
        op = memref.SubviewOp.get(array.value, offsets, sizes, strides, result_type)
        value = self.ops.value(op)
        layout = _view_layout(array.type, parts)
        view_type = ArrayType(
            array.type.dtype, rank, layout, array.type.space, complex=array.type.complex
        )
        return ArrayValue(value, view_type, array.name)

    def _slice(self, array: ArrayValue, dim: int, part: ast.Slice | None) -> _Slice:
        """Python's `slice.indices(extent)` for a slice of a constant step sign."""
        extent = self.extent(array, dim)
        one = self.ops.const(1, INT64)
        if part is None:
            return _Slice(self.ops.zero(INT64), extent, one)
        step_value = _constant_step(part)
        if step_value is None:
            raise self.unsupported(part, "slice step", "only a constant step")
        if step_value == 0:
            raise self.error(part, "slice step cannot be zero")
        step = self.ops.const(step_value, INT64)
        if step_value > 0:
            start = self._bound(part.lower, extent, 0, self.ops.zero(INT64), extent)
            stop = self._bound(part.upper, extent, 0, extent, extent)
        else:
            minus_one = self.ops.const(-1, INT64)
            last = self.ops.binary(ast.Sub, extent, one)
            start = self._bound(part.lower, extent, -1, last, last)
            stop = self._bound(part.upper, extent, -1, minus_one, last)
        return _Slice(start, self._length(start, stop, step_value), step)

    def _bound(
        self,
        node: ast.expr | None,
        extent: Scalar,
        low: int,
        default: Scalar,
        high: Scalar,
    ) -> Scalar:
        """A slice bound: `default` if absent, else wrapped and clamped to
        `[low, high]`."""
        if node is None:
            return default
        value = self.ops.convert(self.scalar(node), INT64)
        negative = self.ops.compare(ast.Lt, value, self.ops.zero(INT64))
        value = self.ops.select(
            negative, self.ops.binary(ast.Add, value, extent), value
        )
        floor = self.ops.const(low, INT64)
        value = self.ops.select(self.ops.compare(ast.Lt, value, floor), floor, value)
        return (
            self.ops.nonneg(
                self.ops.select(self.ops.compare(ast.Gt, value, high), high, value)
            )
            if low >= 0
            else self.ops.select(self.ops.compare(ast.Gt, value, high), high, value)
        )

    def _length(self, start: Scalar, stop: Scalar, step: int) -> Scalar:
        """`max(0, ceil((stop - start) / step))` for a constant step."""
        span = (
            self.ops.binary(ast.Sub, stop, start)
            if step > 0
            else self.ops.binary(ast.Sub, start, stop)
        )
        magnitude = abs(step)
        if magnitude != 1:
            bias = self.ops.const(magnitude - 1, INT64)
            span = self.ops.binary(
                ast.FloorDiv,
                self.ops.binary(ast.Add, span, bias),
                self.ops.const(magnitude, INT64),
            )
        zero = self.ops.zero(INT64)
        negative = self.ops.compare(ast.Lt, span, zero)
        return self.ops.nonneg(self.ops.select(negative, zero, span))

    # -- attributes -----------------------------------------------------------

    def array_attribute(self, node: ast.AST, array: ArrayValue, attr: str) -> Value:
        if attr == "shape":
            return TupleValue(
                tuple(self.extent(array, k) for k in range(array.type.ndim))
            )
        if attr == "size":
            return self.size(array)
        if attr == "ndim":
            return self.ops.const(array.type.ndim, INT64)
        if attr == "dtype":
            return StaticValue(array.type.element.dtype)
        if attr in reductions.METHODS:
            return StaticValue(BoundReduction(array, attr))
        if attr in ARRAY_METHODS:
            return StaticValue(BoundArrayMethod(array, attr))
        if attr in ("real", "imag") and array.type.complex:
            return self.part_view(array, attr)
        raise self.unsupported(
            node,
            f"{array.name}.{attr}",
            "only the array attributes shape, size, ndim and dtype and the "
            "methods reshape, copy and the numpy reductions are supported",
        )

    def part_view(self, array: ArrayValue, part: str) -> ArrayValue:
        """`a.real` / `a.imag` of a complex array: a view of one part, a
        strided float array of the same shape (numba's views, writable)."""
        rank = array.type.ndim
        sizes: list[SSAValue | int] = [
            self.ops.value(memref.DimOp(array.value, self.ops.index_const(dim)))
            for dim in range(rank)
        ]
        result_type = MemRefType(
            array.type.dtype.ir,
            [DYNAMIC_INDEX] * rank,
            StridedLayoutAttr([None] * rank, None),
            _space_attr(array.type.space),
        )
        op = memref.SubviewOp.get(
            array.value,
            [0] * rank + [int(part == "imag")],
            [*sizes, 1],
            [1] * (rank + 1),
            result_type,
        )
        view_type = ArrayType(array.type.dtype, rank, "A", array.type.space)
        return ArrayValue(self.ops.value(op), view_type, f"{array.name}.{part}")

    def size(self, array: ArrayValue) -> Scalar:
        if array.type.ndim == 0:
            return self.ops.nonneg(self.ops.const(1, INT64))
        total = self.extent(array, 0)
        for k in range(1, array.type.ndim):
            total = self.ops.binary(ast.Mult, total, self.extent(array, k))
        return total

    # -- reshape ----------------------------------------------------------------

    def array_method(self, node: ast.Call, method: BoundArrayMethod) -> Value:
        """A call of an array method other than a reduction."""
        assert method.name in ARRAY_METHODS
        construct = f"{method.array.name}.{method.name}"
        if node.keywords:
            raise self.unsupported(
                node, f"{construct} with keyword arguments", "pass the shape only"
            )
        if method.name == "copy":
            return self.copy(node, method.array, construct)
        return self.reshape(node, method.array, [self.expr(a) for a in node.args])

    def copy(self, node: ast.Call, array: ArrayValue, construct: str) -> ArrayValue:
        """`a.copy()` of an array whose shape is known at compile time (a
        constant, local or shared array): a new local array of the same
        shape and type, C-contiguous, filled element by element, as numba's
        `array_copy` does where it can allocate. numba-cuda cannot allocate
        an array of run-time shape in a kernel: a located error."""
        if node.args:
            raise self.unsupported(
                node, f"{construct} with arguments", "numba's copy() takes none"
            )
        shape = array.type.shape
        if shape is None:
            raise self.unsupported(
                node,
                f"{construct} of an array of run-time shape",
                "a kernel cannot allocate it (numba-cuda has no allocator on "
                "the device); copy into a cuda.local.array of a constant shape",
            )
        result = self.allocate_local(
            shape, array.type.dtype, construct, complex_=array.type.complex
        )
        self.element_loops(
            array,
            lambda indices: self.store_element(
                node, result, indices, self.load_element(array, indices)
            ),
        )
        return result

    def reshape(
        self, node: ast.AST, array: ArrayValue, args: Sequence[Value]
    ) -> ArrayValue:
        """numba's `a.reshape(...)` (see the module docstring)."""
        construct = f"{array.name}.reshape"
        self._check_reshapable(node, array, construct)
        dims = self._reshape_dims(node, args, construct)
        extents = self._reshaped_extents(array, dims, construct)
        return self._reshaped_view(array, extents)

    def _check_reshapable(
        self, node: ast.AST, array: ArrayValue, construct: str
    ) -> None:
        layout = array.type.layout
        if layout == "A":
            raise self.error(
                node,
                f"{construct}: numba reshapes only contiguous arrays (layout C or "
                f"F), found {array.type} (a non-contiguous view, or a parameter "
                "declared with ':' rather than '::1')",
            )
        if layout == "F" and array.type.ndim > 1:
            raise self.unsupported(
                node,
                construct,
                f"reshape of the F-contiguous {array.type} (numba reshapes it in "
                "C order only where that needs no copy)",
            )

    def _reshape_dims(
        self, node: ast.AST, args: Sequence[Value], construct: str
    ) -> list[Scalar]:
        """The new extents as `int64`: the arguments, or the items of a tuple."""
        if not args:
            raise self.error(node, f"{construct}() expects the new shape, found none")
        items: Sequence[Value] = args
        if len(args) == 1 and isinstance(args[0], TupleValue):
            items = args[0].items
        dims: list[Scalar] = []
        for item in items:
            if isinstance(item, StaticValue) and type(item.obj) is int:
                item = self.ops.const(item.obj, INT64)
            if not isinstance(item, Scalar) or not item.type.is_int:
                raise self.error(
                    node,
                    f"{construct}() expects integer extents, found "
                    f"{describe_value(item)}",
                )
            dims.append(self.ops.convert(item, INT64))
        return dims

    def _reshaped_extents(
        self, array: ArrayValue, dims: Sequence[Scalar], construct: str
    ) -> list[Scalar]:
        """numba's `normalize_reshape_value`: the extents, one negative extent
        inferred from the size; its `ValueError`s are `cf.assert`s."""
        size = self.size(array)
        zero, one = self.ops.zero(INT64), self.ops.const(1, INT64)
        negative = {
            k: self.ops.compare(ast.Lt, d, zero)
            for k, d in enumerate(dims)
            if _may_be_negative(d)
        }
        known = self._product(
            [
                self.ops.select(negative[k], one, d) if k in negative else d
                for k, d in enumerate(dims)
            ]
        )
        unchanged = self.ops.compare(ast.Eq, size, known)
        if not negative:
            self._check(unchanged, construct, _SIZE_CHANGED)
            return [self.ops.nonneg(d) for d in dims]
        some = self._some_negative(list(negative.values()), construct)
        inferred, fits = self._inferred_extent(size, known)
        self._check(self.ops.select(some, fits, unchanged), construct, _SIZE_CHANGED)
        return [
            self.ops.nonneg(self.ops.select(negative[k], inferred, d))
            if k in negative
            else self.ops.nonneg(d)
            for k, d in enumerate(dims)
        ]

    def _some_negative(self, flags: Sequence[Scalar], construct: str) -> Scalar:
        """Whether an extent is negative, checking that at most one is."""
        if len(flags) == 1:
            return flags[0]
        counts = [self.ops.convert(flag, INT64) for flag in flags]
        count = counts[0]
        for flag in counts[1:]:
            count = self.ops.binary(ast.Add, count, flag)
        one = self.ops.const(1, INT64)
        self._check(self.ops.compare(ast.LtE, count, one), construct, _NEGATIVES)
        return self.ops.compare(ast.Gt, count, self.ops.zero(INT64))

    def _inferred_extent(self, size: Scalar, known: Scalar) -> tuple[Scalar, Scalar]:
        """The extent that makes `known * extent == size`, and whether one does
        (numba: 0 when `known` is 0, which fits only an empty array). Both
        are non-negative, so the division is unsigned."""
        zero, one = self.ops.zero(INT64), self.ops.const(1, INT64)
        none_known = self.ops.compare(ast.Eq, known, zero)
        divisor = self.ops.select(none_known, one, known)
        quotient = self.ops.scalar(arith.DivUIOp(size.value, divisor.value), INT64)
        remainder = self.ops.scalar(arith.RemUIOp(size.value, divisor.value), INT64)
        fits = self.ops.select(
            none_known,
            self.ops.compare(ast.Eq, size, zero),
            self.ops.compare(ast.Eq, remainder, zero),
        )
        return self.ops.select(none_known, zero, quotient), fits

    def _product(self, factors: Sequence[Scalar]) -> Scalar:
        """The `int64` product of `factors`, its constant part folded."""
        constant = 1
        dynamic: list[Scalar] = []
        for factor in factors:
            value = constant_of(factor)
            if value is None:
                dynamic.append(factor)
            else:
                constant *= value
        product = (
            self.ops.const(constant, INT64) if constant != 1 or not dynamic else None
        )
        for factor in dynamic:
            product = (
                factor
                if product is None
                else self.ops.binary(ast.Mult, product, factor)
            )
        assert product is not None
        return product

    def _check(self, holds: Scalar, construct: str, message: str) -> None:
        """A runtime check: numba raises `ValueError(message)` where it fails."""
        self.ops.add(cf.AssertOp(holds.value, f"{construct}: ValueError: {message}"))

    def _reshaped_view(
        self, array: ArrayValue, extents: Sequence[Scalar]
    ) -> ArrayValue:
        """The view of `array`'s elements in C order with `extents`: a
        `memref.reinterpret_cast` at the array's offset, row-major strides."""
        sizes = [self._index_or_constant(e) for e in extents]
        if array.type.complex:
            sizes.append(2)
        strides: list[SSAValue | int] = [1] * len(sizes)
        for k in range(len(sizes) - 2, -1, -1):
            strides[k] = self._index_product(strides[k + 1], sizes[k + 1])
        offset = self._offset(array)
        result_type = MemRefType(
            array.type.dtype.ir,
            [s if isinstance(s, int) else DYNAMIC_INDEX for s in sizes],
            StridedLayoutAttr(
                [s if isinstance(s, int) else None for s in strides],
                offset if isinstance(offset, int) else None,
            ),
            _space_attr(array.type.space),
        )
        op = memref.ReinterpretCastOp.from_dynamic(
            array.value, [offset], sizes, strides, result_type
        )
        view_type = ArrayType(
            array.type.dtype,
            len(extents),
            array.type.layout,
            array.type.space,
            complex=array.type.complex,
        )
        return ArrayValue(self.ops.value(op), view_type, array.name)

    def _index_or_constant(self, extent: Scalar) -> SSAValue | int:
        value = constant_of(extent)
        if value is not None and value >= 0:
            return value
        return self.ops.to_index(extent)

    def _index_product(self, a: SSAValue | int, b: SSAValue | int) -> SSAValue | int:
        if isinstance(a, int) and isinstance(b, int):
            return a * b
        lhs = self.ops.index_const(a) if isinstance(a, int) else a
        rhs = self.ops.index_const(b) if isinstance(b, int) else b
        return self.ops.value(arith.MuliOp(lhs, rhs))

    def _offset(self, array: ArrayValue) -> SSAValue | int:
        """The array's offset in its buffer: 0 when its type says so, else
        read by `memref.extract_strided_metadata`."""
        type_ = array.value.type
        assert isinstance(type_, MemRefType)
        layout = type_.layout
        if isinstance(layout, NoneAttr):
            return 0
        if isinstance(layout, StridedLayoutAttr) and layout.get_offset() == 0:
            return 0
        metadata = memref.ExtractStridedMetaDataOp(array.value)
        self.ops.add(metadata)
        return metadata.offset

    # -- allocation -------------------------------------------------------------

    def allocate_shared(
        self,
        node: ast.AST,
        shape: tuple[int, ...],
        dtype: ScalarType,
        name: str,
        key: tuple[int, int],
    ) -> ArrayValue:
        """`cuda.shared.array(shape, dtype)`: static shapes get a shared
        `memref.global` (one per allocation site, as numba emits one global
        per site), shape 0 the block's dynamic shared memory."""
        if shape in ((0,), ()):
            op = simt.DynamicSharedOp(dtype.ir)
            return ArrayValue(
                self.ops.value(op), ArrayType(dtype, 1, "C", MemorySpace.SHARED), name
            )
        array_type = ArrayType(dtype, len(shape), "C", MemorySpace.SHARED, shape)
        memref_type = array_type.memref
        global_op = self.module.shared(key, f"{self.kernel_name}__{name}", memref_type)
        value = self.ops.value(memref.GetGlobalOp(global_op.sym_name.data, memref_type))
        return ArrayValue(value, array_type, name)

    def allocate_local(
        self,
        shape: tuple[int, ...],
        dtype: ScalarType,
        name: str,
        complex_: bool = False,
    ) -> ArrayValue:
        """`cuda.local.array(shape, dtype)`: a `memref.alloca` at the start of
        the kernel (numba allocates local arrays once, at function entry); a
        complex array holds `dtype` parts in a trailing dimension of 2."""
        array_type = ArrayType(
            dtype, len(shape), "C", MemorySpace.LOCAL, shape, complex=complex_
        )
        op = memref.AllocaOp.get(
            dtype.ir,
            shape=list(shape) + ([2] if complex_ else []),
            memory_space=MemorySpaceAttr(MemorySpace.LOCAL),
        )
        self.ops.locate(op)
        self._hoist(op)
        op.memref.name_hint = name if name.isidentifier() else None
        return ArrayValue(op.memref, array_type, name)

    def _hoist(self, op: Operation) -> None:
        first = self.entry.first_op
        if first is None:
            self.entry.add_op(op)
        else:
            self.entry.insert_op_before(op, first)

    def captured_array(
        self, node: ast.AST, obj: object, name: str | None
    ) -> ArrayValue:
        """A device array captured from the globals (by reference, as numba
        captures it): a trailing kernel parameter (`simt.model.captures`)."""
        found = self.captures.get(id(obj))
        if found is not None:
            return found[1]
        described = dtype_and_shape(obj)
        element = None if described is None else scalar_of_dtype(described[0])
        if described is None or element is None:
            raise self.unsupported(
                node,
                "captured device array",
                "a captured device array needs a numeric dtype",
            )
        array_type = ArrayType(element, len(described[1]), "A")
        arg = self.entry.insert_arg(array_type.memref, len(self.entry.args))
        label = name or f"global{len(self.captures)}"
        value = ArrayValue(arg, array_type, label)
        self.captures[id(obj)] = (register(obj), value)
        return value

    def constant_array(
        self, node: ast.AST, array: np.ndarray[Any, Any], name: str | None
    ) -> ArrayValue:
        """A numpy array frozen into constant memory (numba freezes module
        arrays and `cuda.const.array_like` as constants)."""
        number = complex_of_dtype(array.dtype)
        if number is not None and array.ndim > 0:
            return self._constant_complex_array(node, array, name, number.part)
        dtype = scalar_of_dtype(array.dtype)
        if dtype is None:
            raise self.unsupported(
                node, "constant array", f"only arrays of numbers, found {array.dtype}"
            )
        shape = tuple(int(d) for d in array.shape)
        array_type = ArrayType(dtype, array.ndim, "C", MemorySpace.CONSTANT, shape)
        memref_type = array_type.memref
        init = _dense(array, dtype, shape)
        label = name or "const"
        global_op = self.module.constant(
            array, f"{self.kernel_name}__{label}", memref_type, init
        )
        value = self.ops.value(memref.GetGlobalOp(global_op.sym_name.data, memref_type))
        return ArrayValue(value, array_type, label)

    def _constant_complex_array(
        self,
        node: ast.AST,
        array: np.ndarray[Any, Any],
        name: str | None,
        part: ScalarType,
    ) -> ArrayValue:
        """A complex numpy array frozen into constant memory, as its parts."""
        shape = tuple(int(d) for d in array.shape)
        array_type = ArrayType(
            part, array.ndim, "C", MemorySpace.CONSTANT, shape, complex=True
        )
        memref_type = array_type.memref
        parts = np.stack([array.real, array.imag], axis=-1).astype(part.dtype)
        init = _dense(parts, part, (*shape, 2))
        label = name or "const"
        global_op = self.module.constant(
            array, f"{self.kernel_name}__{label}", memref_type, init
        )
        value = self.ops.value(memref.GetGlobalOp(global_op.sym_name.data, memref_type))
        return ArrayValue(value, array_type, label)

    # -- records ----------------------------------------------------------------
    #
    # Records (numba's `Record` types): a record array is one array per field
    # (`simt.model.records`), a record `a[i]` a reference to element `i` of
    # each of them.
    #
    # * `a[i]` (one index per dimension) is a `RecordValue`; fewer indices or
    # slices make a `RecordArrayValue` of views, one view per field;
    # * `r.x` / `r['x']` loads the field (a nested-array field is a view of its
    # dimensions); `r.x = v` stores it, converted as numba converts;
    # `a.x` / `a['x']` of a record array is the field's array;
    # * `a[i] = r` and `d['h'] = src` copy element by element (numba copies
    # records and nested arrays by value), unrolled over static extents;
    # * complex and string fields are storage only: a record copy carries them,
    # reading one is a located error.
    #

    def record_array_get(
        self, node: ast.AST, array: RecordArrayValue, index: ast.expr
    ) -> Value:
        if isinstance(index, ast.Constant) and isinstance(index.value, str):
            return self.record_array_field(node, array, index.value)
        parts = self._indices(index)
        ndim = array.type.ndim
        if len(parts) > ndim:
            raise self.error(
                node,
                f"too many indices for record array '{array.name}': {len(parts)} "
                f"for {ndim} dimension(s)",
            )
        first = self._first_field(node, array)
        if len(parts) == ndim and not any(isinstance(p, ast.Slice) for p in parts):
            return RecordValue(array, tuple(self.element_indices(first, parts)))
        views = tuple(self.view(node, f, parts) for f in array.fields)
        rank = views[0].type.ndim - len(array.type.record.fields[0].shape)
        view_type = RecordArrayType(array.type.record, rank, "A", array.type.space)
        return RecordArrayValue(views, view_type, array.name)

    def _first_field(self, node: ast.AST, array: RecordArrayValue) -> ArrayValue:
        if not array.fields:
            raise self.error(node, f"record array '{array.name}' has no fields")
        return array.fields[0]

    def _field_key(self, node: ast.expr) -> str | int:
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str | int)
            and not isinstance(node.value, bool)
        ):
            return node.value
        value = self.expr(node)
        if isinstance(value, StaticValue) and isinstance(value.obj, str | int):
            return value.obj
        raise self.unsupported(
            node, "record subscript", "a record is indexed by a constant field name"
        )

    def _lookup(
        self, node: ast.AST, record: RecordType, key: str | int, where: str
    ) -> RecordField:
        if isinstance(key, int):
            if not -len(record.fields) <= key < len(record.fields):
                raise self.error(node, f"record index {key} out of range in {where}")
            return record.fields[key]
        found = record.field(key)
        if found is None:
            names = ", ".join(f.name for f in record.fields)
            raise self.error(
                node, f"{where} has no field '{key}' (its fields: {names})"
            )
        return found

    def record_array_field(
        self, node: ast.AST, array: RecordArrayValue, key: str | int
    ) -> ArrayValue:
        """`a.x` / `a['x']`: the field's array."""
        f = self._lookup(node, array.type.record, key, f"record array '{array.name}'")
        self._readable(node, f)
        found = array.field(f.name)
        assert found is not None
        return found

    def record_array_attribute(
        self, node: ast.AST, array: RecordArrayValue, attr: str
    ) -> Value:
        if attr in ("shape", "size", "ndim"):
            first = self._first_field(node, array)
            ndim = array.type.ndim
            if attr == "ndim":
                return self.ops.const(ndim, INT64)
            extents = [self.extent(first, k) for k in range(ndim)]
            if attr == "shape":
                return TupleValue(tuple(extents))
            total = self.ops.const(1, INT64)
            for extent in extents:
                total = self.ops.binary(ast.Mult, total, extent)
            return total
        return self.record_array_field(node, array, attr)

    def _readable(self, node: ast.AST, f: RecordField) -> None:
        if f.kind == "complex" and not f.subshape:
            return
        if f.kind != "value":
            raise self.unsupported(
                node,
                f"record field '{f.name}' of dtype {f.declared}",
                "string fields and arrays of complex numbers can be copied with "
                "their record, not read or written one by one",
            )

    def record_field(self, node: ast.AST, record: RecordValue, key: str | int) -> Value:
        """`r.x` / `r['x']`: the field's value, or a view of a nested array."""
        rtype = record.array.type.record
        f = self._lookup(node, rtype, key, f"record {rtype}")
        self._readable(node, f)
        array = record.array.field(f.name)
        assert array is not None
        if f.kind == "complex":
            return self.load_element(array, list(record.indices))
        if not f.shape:
            return self.ops.scalar(
                memref.LoadOp.get(array.value, list(record.indices)), array.type.dtype
            )
        return self._nested_view(record, f, array)

    def _nested_view(
        self, record: RecordValue, f: RecordField, array: ArrayValue
    ) -> ArrayValue:
        lead = len(record.indices)
        rank = len(f.shape)
        offsets: list[SSAValue | int] = [*record.indices, *([0] * rank)]
        sizes: list[SSAValue | int] = [*([1] * lead), *f.shape]
        strides: list[SSAValue | int] = [1] * (lead + rank)
        result_type = MemRefType(
            array.type.dtype.ir,
            list(f.shape),
            StridedLayoutAttr([None] * rank, None),
            _space_attr(array.type.space),
        )
        op = memref.SubviewOp.get(array.value, offsets, sizes, strides, result_type)
        view_type = ArrayType(array.type.dtype, rank, "A", array.type.space, f.shape)
        return ArrayValue(self.ops.value(op), view_type, f"{array.name}")

    def record_set_field(
        self, node: ast.AST, record: RecordValue, key: str | int, value: Value
    ) -> None:
        """`r.x = v` / `r['x'] = v` (a nested-array field copies an array)."""
        rtype = record.array.type.record
        f = self._lookup(node, rtype, key, f"record {rtype}")
        self._readable(node, f)
        array = record.array.field(f.name)
        assert array is not None
        self._check_writable(node, array)
        if f.kind == "complex" or not f.shape:
            self.store_element(node, array, list(record.indices), value)
            return
        if not isinstance(value, ArrayValue):
            raise self.unsupported(
                node,
                f"assignment of {describe_value(value)} to the nested array '{f.name}'",
                "assign an array of the same shape",
            )
        dest = self._nested_view(record, f, array)
        self._copy_elements(node, dest, value, f.shape)

    def _check_writable(self, node: ast.AST, array: ArrayValue) -> None:
        if array.type.space is MemorySpace.CONSTANT:
            raise self.error(node, f"cannot write to constant array '{array.name}'")

    def _copy_elements(
        self,
        node: ast.AST,
        dest: ArrayValue,
        source: ArrayValue,
        shape: tuple[int, ...],
    ) -> None:
        """Copies `source` into `dest` (both of static `shape`), unrolled."""
        if source.type.ndim != len(shape):
            raise self.error(
                node,
                f"cannot assign a {source.type.ndim}-D array to a nested array of "
                f"shape {shape}",
            )
        count = int(np.prod(shape)) if shape else 1
        if count > RECORD_COPY_LIMIT:
            raise self.unsupported(
                node,
                f"copy of {count} elements",
                f"nested-array copies are unrolled, up to {RECORD_COPY_LIMIT} elements",
            )
        for position in np.ndindex(*shape):
            at = [self.ops.index_const(int(k)) for k in position]
            loaded = self.ops.scalar(
                memref.LoadOp.get(source.value, at), source.type.dtype
            )
            converted = self.ops.convert(loaded, dest.type.dtype)
            self.ops.add(memref.StoreOp.get(converted.value, dest.value, at))

    def record_assign(self, node: ast.AST, dest: RecordValue, source: Value) -> None:
        """`a[i] = r`: copies every field of `r` (numba copies records by value)."""
        if not isinstance(source, RecordValue):
            raise self.error(
                node,
                f"cannot assign {describe_value(source)} to a record of "
                f"{dest.array.type.record}",
            )
        if source.array.type.record.dtype != dest.array.type.record.dtype:
            raise self.error(
                node,
                f"cannot assign a record of {source.array.type.record} to a record "
                f"of {dest.array.type.record}",
            )
        for f, to, frm in zip(
            dest.array.type.record.fields,
            dest.array.fields,
            source.array.fields,
            strict=True,
        ):
            self._check_writable(node, to)
            if not f.shape:
                loaded = self.ops.scalar(
                    memref.LoadOp.get(frm.value, list(source.indices)), frm.type.dtype
                )
                self.ops.add(
                    memref.StoreOp.get(loaded.value, to.value, list(dest.indices))
                )
                continue
            self._copy_elements(
                node,
                self._nested_view(dest, f, to),
                self._nested_view(source, f, frm),
                f.shape,
            )

    def record_array_set(
        self, node: ast.AST, array: RecordArrayValue, index: ast.expr, value: Value
    ) -> None:
        """`a[i] = r` (a whole record) or `a['x'] = ...` (not supported)."""
        target = self.record_array_get(node, array, index)
        if not isinstance(target, RecordValue):
            raise self.unsupported(
                node,
                "assignment to a record array slice",
                f"give one integer index per dimension of '{array.name}'",
            )
        self.record_assign(node, target, value)

    # -- records the kernel allocates -------------------------------------------

    def allocate_record_local(
        self, node: ast.AST, shape: tuple[int, ...], dtype: np.dtype[Any], name: str
    ) -> RecordArrayValue:
        """`cuda.local.array(shape, record_dtype)`: one local array per field."""
        rtype = self._record_type(node, dtype)
        array_type = RecordArrayType(rtype, len(shape), "C", MemorySpace.LOCAL, shape)
        fields = tuple(
            self.allocate_local(shape + f.shape, rtype.element(f), f"{name}.{f.name}")
            for f in rtype.fields
        )
        return RecordArrayValue(fields, array_type, name)

    def allocate_record_shared(
        self,
        node: ast.AST,
        shape: tuple[int, ...],
        dtype: np.dtype[Any],
        name: str,
        key: tuple[int, int],
    ) -> RecordArrayValue:
        """`cuda.shared.array(shape, record_dtype)`: one shared array per field."""
        rtype = self._record_type(node, dtype)
        if shape in ((0,), ()):
            raise self.unsupported(
                node,
                "dynamic shared memory of records",
                "give a record array in shared memory a static shape",
            )
        array_type = RecordArrayType(rtype, len(shape), "C", MemorySpace.SHARED, shape)
        fields: list[ArrayValue] = []
        for number, f in enumerate(rtype.fields):
            field_type = array_type.field_type(f)
            memref_type = field_type.memref
            global_op = self.module.shared(
                (key[0], key[1] * 1000 + number + 1),
                f"{self.kernel_name}__{name}_{f.name}",
                memref_type,
            )
            value = self.ops.value(
                memref.GetGlobalOp(global_op.sym_name.data, memref_type)
            )
            fields.append(ArrayValue(value, field_type, f"{name}.{f.name}"))
        return RecordArrayValue(tuple(fields), array_type, name)

    def _record_type(self, node: ast.AST, dtype: np.dtype[Any]) -> RecordType:
        try:
            return record_type(dtype)
        except RecordError as error:
            raise self.error(node, str(error)) from None

    def constant_record_array(
        self, node: ast.AST, array: np.ndarray[Any, Any], name: str | None
    ) -> RecordArrayValue:
        """A numpy record array frozen into constant memory: one constant
        array per field."""
        rtype = self._record_type(node, array.dtype)
        if array.ndim == 0:
            raise self.unsupported(
                node, "constant record", "only record arrays of at least one dimension"
            )
        shape = tuple(int(d) for d in array.shape)
        label = name or "const"
        array_type = RecordArrayType(
            rtype, array.ndim, "C", MemorySpace.CONSTANT, shape
        )
        fields: list[ArrayValue] = []
        for f, view in zip(rtype.fields, field_views(array), strict=True):
            assert isinstance(view, np.ndarray)
            data: np.ndarray[Any, Any] = np.ascontiguousarray(view)
            field_type = array_type.field_type(f)
            memref_type = field_type.memref
            init = _dense(data, field_type.dtype, field_type.shape or ())
            global_op = self.module.constant(
                view,
                f"{self.kernel_name}__{label}_{f.name}",
                memref_type,
                init,
                key=(id(array), f.name),
            )
            value = self.ops.value(
                memref.GetGlobalOp(global_op.sym_name.data, memref_type)
            )
            fields.append(ArrayValue(value, field_type, f"{label}.{f.name}"))
        return RecordArrayValue(tuple(fields), array_type, label)


ARRAY_METHODS = frozenset({"reshape", "copy"})
"""The array methods besides the numpy reductions (`reductions.METHODS`)."""

_SIZE_CHANGED = "total size of new array must be unchanged"
_NEGATIVES = "multiple negative shape values"


def _may_be_negative(value: Scalar) -> bool:
    constant = constant_of(value)
    return constant is None or constant < 0


def _view_layout(array: ArrayType, parts: Sequence[ast.expr | Value]) -> Layout:
    """numba's layout of the view `a[parts]` (numba-cuda's typing/arraydecl.py,
    `get_array_index_type`): C survives integer indices and, innermost, one
    slice without a step; F the same read from the right, all indices given."""
    if array.layout == "C" and _keeps_contiguity(parts):
        return "C"
    if (
        array.layout == "F"
        and len(parts) == array.ndim
        and _keeps_contiguity(parts[::-1])
    ):
        return "F"
    return "A"


def _keeps_contiguity(parts: Sequence[ast.expr | Value]) -> bool:
    """Whether every part is an integer index but the last, which may also
    be a slice without a step."""
    for k, part in enumerate(parts):
        if not isinstance(part, ast.Slice):
            continue
        if k != len(parts) - 1 or part.step is not None:
            return False
    return True


def _dense(
    array: np.ndarray[Any, Any], dtype: ScalarType, shape: tuple[int, ...]
) -> Attribute:
    flat = np.ascontiguousarray(array).reshape(-1)
    ir = dtype.ir
    if isinstance(ir, AnyFloat):
        return DenseIntOrFPElementsAttr.from_list(
            TensorType(ir, list(shape)), [float(x) for x in flat]
        )
    assert isinstance(ir, IntegerType)
    wide = flat.astype(np.uint64 if dtype.kind == "u" else np.int64)
    return DenseIntOrFPElementsAttr.from_list(
        TensorType(ir, list(shape)), [int(x) for x in wide]
    )


def _space_attr(space: MemorySpace) -> Attribute:
    return NoneAttr() if space is MemorySpace.GLOBAL else MemorySpaceAttr(space)


def _literal_int(node: ast.expr) -> int | None:
    """The value of an integer literal, possibly negated; None otherwise."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _literal_int(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _constant_step(part: ast.expr | Value | None) -> int | None:
    if part is None:
        return 1
    if not isinstance(part, ast.Slice):
        return None
    if part.step is None:
        return 1
    return _literal_int(part.step)
