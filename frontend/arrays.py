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
* **Attributes**: `a.shape` (a tuple of `int64`), `a.shape[k]`, `a.size`
  (the product of the extents), `a.ndim`, `len(a)` (`a.shape[0]`).
* **Allocation** (`cuda.shared.array`, `cuda.local.array`,
  `cuda.const.array_like`, module-level numpy arrays): see `allocate_*`
  below and docs/ir-conventions.md.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from xdsl.dialects import memref
from xdsl.dialects.builtin import (
    DYNAMIC_INDEX,
    AnyFloat,
    DenseIntOrFPElementsAttr,
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
from simt.frontend.expressions import ExpressionCompiler
from simt.frontend.objects import (
    ArrayValue,
    RangeValue,
    StaticValue,
    TupleValue,
    Value,
    describe_value,
)
from simt.frontend.types import (
    INT64,
    ArrayType,
    ScalarType,
    scalar_of_dtype,
)
from simt.frontend.values import Scalar


@dataclass
class ModuleBuilder:
    """What a compilation adds to the module besides the kernel: the
    `memref.global`s of shared and constant arrays, with unique names."""

    globals: list[memref.GlobalOp] = field(default_factory=list[memref.GlobalOp])
    _names: set[str] = field(default_factory=set[str])
    _constants: dict[int, memref.GlobalOp] = field(
        default_factory=dict[int, memref.GlobalOp]
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
    ) -> memref.GlobalOp:
        """The global holding a frozen numpy array, one per array object."""
        found = self._constants.get(id(array))
        if found is None:
            found = memref.GlobalOp.get(
                StringAttr(self.unique(name)), type_, init, constant=UnitAttr()
            )
            self.globals.append(found)
            self._constants[id(array)] = found
        return found


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
    kernel_name: str

    # -- subscripts -----------------------------------------------------------

    def subscript(self, node: ast.Subscript) -> Value:
        shape_dim = self._shape_subscript(node)
        if shape_dim is not None:
            return shape_dim
        base = self.expr(node.value)
        if isinstance(base, ArrayValue):
            return self.array_get(node, base, node.slice)
        if isinstance(base, TupleValue):
            return self.tuple_item(node, base, self._tuple_index(node.slice))
        if isinstance(base, RangeValue):
            return self._range_item(node, base, self.scalar(node.slice))
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
            return self.ops.scalar(
                memref.LoadOp.get(array.value, indices), array.type.dtype
            )
        return self.view(node, array, parts)

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
            raise self.unsupported(
                node,
                "assignment to an array slice",
                f"give one integer index per dimension of '{array.name}' "
                f"({array.type.ndim})",
            )
        indices = self.element_indices(array, parts)
        scalar = self.as_scalar(node, value)
        converted = self.ops.convert(scalar, array.type.dtype)
        self.ops.add(memref.StoreOp.get(converted.value, array.value, indices))

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
        result_type = MemRefType(
            array.type.dtype.ir,
            [DYNAMIC_INDEX] * rank,
            StridedLayoutAttr([None] * rank, None),
            _space_attr(array.type.space),
        )
        op = memref.SubviewOp.get(array.value, offsets, sizes, strides, result_type)
        value = self.ops.value(op)
        view_type = ArrayType(array.type.dtype, rank, "A", array.type.space)
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
        raise self.unsupported(
            node,
            f"{array.name}.{attr}",
            "only the array attributes shape, size and ndim are supported",
        )

    def size(self, array: ArrayValue) -> Scalar:
        total = self.extent(array, 0)
        for k in range(1, array.type.ndim):
            total = self.ops.binary(ast.Mult, total, self.extent(array, k))
        return total

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
        self, shape: tuple[int, ...], dtype: ScalarType, name: str
    ) -> ArrayValue:
        """`cuda.local.array(shape, dtype)`: a `memref.alloca` at the start of
        the kernel (numba allocates local arrays once, at function entry)."""
        array_type = ArrayType(dtype, len(shape), "C", MemorySpace.LOCAL, shape)
        op = memref.AllocaOp.get(
            dtype.ir,
            shape=list(shape),
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

    def constant_array(
        self, node: ast.AST, array: np.ndarray[Any, Any], name: str | None
    ) -> ArrayValue:
        """A numpy array frozen into constant memory (numba freezes module
        arrays and `cuda.const.array_like` as constants)."""
        dtype = scalar_of_dtype(array.dtype)
        if dtype is None or array.ndim == 0:
            raise self.unsupported(
                node,
                "constant array",
                f"only arrays of numbers with at least one dimension, found {array.dtype}",
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
