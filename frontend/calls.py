"""Calls: Python builtins, `math`, numba-cuda's intrinsics, casts, device functions.

A callee is resolved at compile time (`scope.py`) to a canonical path
(`cuda.grid`, `math.sqrt`, `min`) looked up in `CALL_HANDLERS`, to a scalar
type (a cast: `np.int32(x)`, `float32(x)`, `numba.uint8(x)`), or to a device
function, which the statement compiler inlines. Argument counts and types
are checked with located errors. The typing of builtins and `math`
functions is numba's (`typing.py`): `math.floor(float32)` is `float32`,
`math.sqrt(int32)` is `float64`, `abs(int8)` is `int8`, `int(float32)` is
`int64`, `float(int32)` is `float64`.

numba-cuda intrinsics:

* `cuda.grid(n)`, `cuda.gridsize(n)` for n = 1, 2, 3: `int64` for n = 1,
  else a tuple of n `int64` (`threadIdx + blockIdx * blockDim` and
  `blockDim * gridDim` per dimension);
* `cuda.syncthreads()` (a statement);
* `cuda.shared.array(shape, dtype)` (static shape, or 0 for dynamic shared
  memory), `cuda.local.array(shape, dtype)`, `cuda.const.array_like(arr)`,
  with positional or keyword (`shape=`, `dtype=`) arguments.

Part 2 of the language (the rest of `math`, every `cuda.atomic`, warp and
block primitives, `libdevice`) is `simt.frontend.intrinsics`, looked up
first by `intrinsic_handler`.
"""

from __future__ import annotations

import ast
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from xdsl.dialects import math
from xdsl.ir import SSAValue

from simt.dialects import simt
from simt.frontend import intrinsics, numba_lowerings, overloads, reductions
from simt.frontend.arrays import ArrayCompiler
from simt.frontend.intrinsics import intrinsic_handler
from simt.frontend.objects import (
    ArrayValue,
    BoundArrayMethod,
    BoundReduction,
    ComplexValue,
    RangeValue,
    RecordArrayValue,
    StaticValue,
    TupleValue,
    Value,
    describe_value,
)
from simt.frontend.scope import as_dtype
from simt.frontend.types import (
    BOOL,
    COMPLEX_NAMES,
    FLOAT32,
    FLOAT64,
    INT32,
    INT64,
    UINT64,
    ComplexType,
    ScalarType,
)
from simt.frontend.typing import resolve
from simt.frontend.values import Scalar

_VOTES = {
    "cuda.any_sync": simt.VoteAnyOp,
    "cuda.all_sync": simt.VoteAllOp,
    "cuda.ballot_sync": simt.BallotOp,
}
_MATH_OPS: dict[str, type[Any]] = {
    "math.sqrt": math.SqrtOp,
    "math.exp": math.ExpOp,
    "math.log": math.LogOp,
    "math.floor": math.FloorOp,
    "math.ceil": math.CeilOp,
}


class CallCompiler(ArrayCompiler):
    """Adds calls to the array compiler (see the module docstring)."""

    def call(self, node: ast.Call, callee: Value) -> Value:
        if not isinstance(callee, StaticValue):
            raise self.unsupported(
                node,
                f"call to {ast.unparse(node.func)}",
                f"a value of type {describe_value(callee)} is not callable",
            )
        intrinsic = intrinsic_handler(callee.path) if callee.path is not None else None
        if intrinsic is not None and callee.path is not None:
            return intrinsic(self, node, callee.path)
        handler = CALL_HANDLERS.get(callee.path) if callee.path is not None else None
        if handler is not None:
            return handler(self, node)
        dtype = as_dtype(callee)
        if dtype is not None:
            return self._cast(node, dtype)
        number = _complex_named(callee)
        if number is not None:
            return self._complex_cast(node, number, callee.obj is complex)
        if isinstance(callee.obj, BoundReduction):
            self.expect_args(node, 0)
            return self.reduction(node, callee.obj.name, callee.obj.array)
        if isinstance(callee.obj, BoundArrayMethod):
            return self.array_method(node, callee.obj)
        if callee.obj is reductions.flat_item:
            return self._flat_item(node)
        if overloads.is_overloaded(callee.obj):
            return self._overloaded_call(node, callee.obj)
        if self.is_device_function(callee.obj):
            return self.inline_call(node, callee.obj)
        shown = callee.path or ast.unparse(node.func)
        if _is_gufunc(callee.obj):
            raise self.unsupported(
                node,
                f"call to {shown}",
                f"Untyped global name '{shown}': numba-cuda types no call of a "
                "generalized ufunc in a kernel; launch it from the host",
            )
        raise self.unsupported(node, f"call to {shown}", "not a supported function")

    def builtin_call(self, node: ast.Call, name: str) -> Value:
        """`node` compiled as a call to the builtin `name` (`abs`, `bool`, ...),
        whatever that name is bound to where it appears."""
        return CALL_HANDLERS[name](self, node)

    @abstractmethod
    def is_device_function(self, obj: object) -> bool:
        """Whether `obj` is a function the compiler inlines (statements.py)."""

    @abstractmethod
    def inline_call(self, node: ast.Call, function: object) -> Value:
        """Inlines a device function call (statements.py)."""

    @abstractmethod
    def inline_with(
        self,
        node: ast.AST,
        function: object,
        positional: Sequence[Value],
        keywords: Mapping[str, Value] | None = None,
    ) -> Value:
        """Inlines `function` on arguments already compiled (statements.py)."""

    @abstractmethod
    def evaluated_arguments(
        self, node: ast.Call
    ) -> tuple[list[Value], dict[str, Value]]:
        """A call's positional and keyword argument values (statements.py)."""

    def popc(self, node: ast.Call, value: Scalar) -> Scalar:
        return intrinsics.popc(self, node, value)

    def complex_power(
        self, node: ast.AST, a: ComplexValue, b: ComplexValue
    ) -> ComplexValue:
        return numba_lowerings.complex_power(self, node, a, b)

    def _overloaded_call(self, node: ast.Call, function: object) -> Value:
        """A call to a function with numba `@overload`s: the implementation
        numba-cuda would pick for the argument types, inlined."""
        positional, keywords = self.evaluated_arguments(node)
        found = overloads.implementation(function, positional, keywords)
        if isinstance(found, str):
            raise self.unsupported(node, f"call to {ast.unparse(node.func)}", found)
        return self.inline_with(node, found, positional, keywords)

    # -- numpy reductions (reductions.py) -------------------------------------

    def _np_reduction(self, node: ast.Call) -> Value:
        """`np.sum(a)`, `np.nanmax(a)`, ...: the whole array, no axis."""
        name = ast.unparse(node.func).rsplit(".", 1)[-1]
        self.expect_args(node, 1)
        array = self.expr(node.args[0])
        if not isinstance(array, ArrayValue):
            raise self.unsupported(
                node,
                f"np.{name} of a value of type {describe_value(array)}",
                "numpy reductions take an array",
            )
        return self.reduction(node, name, array)

    def _np_reshape(self, node: ast.Call) -> Value:
        """`np.reshape(a, shape)`: `a.reshape(shape)`, as numba-cuda's overload."""
        array_node, shape_node = self.arguments(node, ["a", "shape"], 2)
        assert array_node is not None and shape_node is not None
        array = self.expr(array_node)
        if not isinstance(array, ArrayValue):
            raise self.unsupported(
                node,
                f"np.reshape of a value of type {describe_value(array)}",
                "np.reshape takes an array",
            )
        return self.reshape(node, array, [self.expr(shape_node)])

    def reduction(self, node: ast.Call, name: str, array: ArrayValue) -> Value:
        """numba-cuda's implementation of the reduction `name` over every
        element of `array`, inlined with its accumulator's first value."""
        function, accumulator = reductions.REDUCTIONS[name]
        element = array.type.dtype
        if array.type.complex:
            raise self.unsupported(
                node,
                f"{name} of a complex array",
                "numpy reductions are supported on boolean, integer and float arrays",
            )
        args: list[Value] = [array]
        if isinstance(accumulator, str):
            start = 1 if accumulator in ("prod", "nanprod") else 0
            args.append(self.ops.const(start, _accumulator(accumulator, element)))
        elif accumulator is not None:
            args.append(StaticValue(accumulator))
        return self.inline_with(node, function, args)

    def _flat_item(self, node: ast.Call) -> Value:
        """`flat_item(a, k)` (reductions.py): element `k` in C order."""
        self.expect_args(node, 2)
        array = self.expr(node.args[0])
        assert isinstance(array, ArrayValue)
        rest = self.ops.nonneg(self.ops.convert(self.scalar(node.args[1]), INT64))
        indices: list[SSAValue] = []
        for dim in reversed(range(array.type.ndim)):
            if dim == 0:
                indices.append(self.ops.to_index(rest))
                break
            extent = self.extent(array, dim)
            index = self.ops.nonneg(self.ops.binary(ast.Mod, rest, extent))
            indices.append(self.ops.to_index(index))
            rest = self.ops.nonneg(self.ops.binary(ast.FloorDiv, rest, extent))
        return self.load_element(array, indices[::-1])

    # -- argument checks ----------------------------------------------------

    def expect_args(self, node: ast.Call, count: int) -> None:
        if node.keywords:
            raise self.unsupported(node, "keyword arguments")
        if len(node.args) != count:
            name = ast.unparse(node.func)
            raise self.error(
                node, f"{name}() expects {count} argument(s), found {len(node.args)}"
            )

    def arguments(
        self, node: ast.Call, names: Sequence[str], required: int
    ) -> list[ast.expr | None]:
        """Positional or keyword arguments by parameter name."""
        shown = ast.unparse(node.func)
        if len(node.args) > len(names):
            raise self.error(
                node,
                f"{shown}() expects at most {len(names)} arguments, found {len(node.args)}",
            )
        found: list[ast.expr | None] = [
            *node.args,
            *[None] * (len(names) - len(node.args)),
        ]
        for keyword in node.keywords:
            if keyword.arg not in names:
                raise self.error(
                    node, f"{shown}() got an unexpected keyword '{keyword.arg}'"
                )
            found[names.index(keyword.arg)] = keyword.value
        for index in range(required):
            if found[index] is None:
                raise self.error(
                    node, f"{shown}() is missing the argument '{names[index]}'"
                )
        return found

    # -- builtins -------------------------------------------------------------

    def _cast(self, node: ast.Call, dtype: ScalarType) -> Scalar:
        """`np.int32(x)`, `float32(x)`: numba's cast (no argument: zero)."""
        if not node.args and not node.keywords:
            return self.ops.zero(dtype)
        self.expect_args(node, 1)
        return self.ops.convert(self.scalar(node.args[0]), dtype)

    def _builtin(self, node: ast.Call, name: str) -> Scalar:
        """`int(x)`, `float(x)`, `bool(x)`, `abs(x)` with numba's signature."""
        self.expect_args(node, 1)
        value = self.scalar(node.args[0])
        sig = resolve(name, value.type)
        if sig is None:
            raise self.error(node, f"{name}() is not defined for {value.type}")
        converted = self.ops.convert(value, sig.args[0])
        if name == "abs":
            return self.ops.abs(converted, sig.result)
        return self.ops.convert(converted, sig.result)

    def _int(self, node: ast.Call) -> Scalar:
        return self._builtin(node, "int")

    def _float(self, node: ast.Call) -> Scalar:
        return self._builtin(node, "float")

    def _bool(self, node: ast.Call) -> Scalar:
        self.expect_args(node, 1)
        return self.ops.truthy(self.scalar(node.args[0]))

    def _abs(self, node: ast.Call) -> Scalar:
        return self._builtin(node, "abs")

    def _tuple_call(self, node: ast.Call) -> TupleValue:
        """`tuple()` and `tuple(t)` of a tuple (a named one loses its names)."""
        if node.keywords or len(node.args) > 1:
            raise self.error(node, "tuple() expects at most 1 argument")
        if not node.args:
            return TupleValue(())
        value = self.expr(node.args[0])
        if not isinstance(value, TupleValue):
            raise self.unsupported(
                node,
                f"tuple() of {describe_value(value)}",
                "only a tuple can be made a tuple (simt has no iterators)",
            )
        return TupleValue(value.items)

    def _min_max(self, node: ast.Call) -> Scalar:
        name = ast.unparse(node.func).split(".")[-1]
        if node.keywords:
            raise self.unsupported(node, "keyword arguments")
        values: list[Value] = [self.expr(arg) for arg in node.args]
        if len(values) == 1 and isinstance(values[0], TupleValue):
            values = list(values[0].items)
        if len(values) < 2:
            raise self.unsupported(
                node,
                f"{name} of an iterable",
                f"{name}() needs at least 2 scalar arguments",
            )
        scalars = [self.as_scalar(node, v) for v in values]
        common = self.unify_scalars(scalars)
        converted = [self.ops.convert(v, common) for v in scalars]
        return self.ops.min_max(converted, ast.Lt if name == "min" else ast.Gt)

    def _len(self, node: ast.Call) -> Scalar:
        self.expect_args(node, 1)
        value = self.expr(node.args[0])
        if isinstance(value, ArrayValue):
            return self.extent(value, 0)
        if isinstance(value, RecordArrayValue) and value.fields:
            return self.extent(value.fields[0], 0)
        if isinstance(value, TupleValue):
            return self.ops.const(len(value), INT64)
        if isinstance(value, RangeValue):
            return self._range_length(value)
        raise self.error(node, f"len() of a value of type {describe_value(value)}")

    def _iteration_length(self, node: ast.Call) -> Scalar:
        """The trip count of a `for` loop over a sequence (`desugar.py`)."""
        value = self.expr(node.args[0])
        if isinstance(value, ArrayValue) and value.type.ndim == 1:
            return self.extent(value, 0)
        if isinstance(value, TupleValue):
            return self.ops.const(len(value), INT64)
        if isinstance(value, RangeValue):
            return self._range_length(value)
        raise self.unsupported(
            node,
            f"for loop over {describe_value(value)}",
            "only range(), 1-D arrays, tuples, enumerate() and zip() are iterated",
        )

    def _range_length(self, r: RangeValue) -> Scalar:
        """`len(range(start, stop, step))`: max(0, ceil((stop - start) / step))."""
        t = r.start.type
        span = self.ops.binary(ast.Sub, r.stop, r.start)
        zero = self.ops.zero(t)
        positive = self.ops.compare(ast.Gt, r.step, zero)
        one = self.ops.const(1, t)
        bias = self.ops.select(
            positive,
            self.ops.binary(ast.Sub, r.step, one),
            self.ops.binary(ast.Add, r.step, one),
        )
        count = self.ops.binary(
            ast.FloorDiv, self.ops.binary(ast.Add, span, bias), r.step
        )
        count = self.ops.select(self.ops.compare(ast.Lt, count, zero), zero, count)
        return self.ops.nonneg(self.ops.convert(count, INT64))

    def _range(self, node: ast.Call) -> RangeValue:
        if node.keywords or not 1 <= len(node.args) <= 3:
            raise self.error(
                node, f"range() expects 1 to 3 arguments, found {len(node.args)}"
            )
        return self.range_value(node, [self.scalar(a) for a in node.args])

    # -- math -------------------------------------------------------------------

    def _math(self, node: ast.Call) -> Scalar:
        """`math.sqrt/exp/log/floor/ceil(x)` with numba's overloads."""
        self.expect_args(node, 1)
        name = f"math.{ast.unparse(node.func).split('.')[-1]}"
        value = self.scalar(node.args[0])
        sig = resolve(name, value.type)
        if sig is None:
            raise self.error(node, f"{name}() is not defined for {value.type}")
        argument = self.ops.convert(self.ops.convert(value, sig.args[0]), sig.result)
        if not argument.type.is_float:
            return argument
        if argument.type.bits == 16:
            # The lowering has no half-precision math (libdevice has none):
            # compute in float32 and round the result back to float16.
            wide = self.ops.convert(argument, FLOAT32)
            result = self.ops.scalar(_MATH_OPS[name](wide.value), FLOAT32)
            return self.ops.convert(result, argument.type)
        return self.ops.scalar(_MATH_OPS[name](argument.value), argument.type)

    # -- CUDA -------------------------------------------------------------------

    def _dimension(self, node: ast.Call) -> int:
        self.expect_args(node, 1)
        arg = node.args[0]
        if not (isinstance(arg, ast.Constant) and arg.value in (1, 2, 3)):
            raise self.unsupported(
                node,
                f"{ast.unparse(node.func)}({ast.unparse(arg)})",
                "the argument must be the constant 1, 2 or 3",
            )
        return int(arg.value)

    def _widened(self, op_class: type[Any], dim: str) -> Scalar:
        value = self.ops.nonneg(self.ops.scalar(op_class(dim, INT32.ir), INT32))
        return self.ops.convert(value, INT64)

    def _grid(self, node: ast.Call) -> Value:
        """`cuda.grid(n)`: `threadIdx + blockIdx * blockDim` per dimension, int64."""
        count = self._dimension(node)
        items: list[Value] = []
        for dim in "xyz"[:count]:
            tid = self._widened(simt.ThreadIdOp, dim)
            ntid = self._widened(simt.BlockDimOp, dim)
            ctaid = self._widened(simt.BlockIdOp, dim)
            product = self.ops.binary(ast.Mult, ntid, ctaid)
            items.append(self.ops.binary(ast.Add, product, tid))
        return items[0] if count == 1 else TupleValue(tuple(items))

    def _gridsize(self, node: ast.Call) -> Value:
        """`cuda.gridsize(n)`: `blockDim * gridDim` per dimension, int64."""
        count = self._dimension(node)
        items: list[Value] = []
        for dim in "xyz"[:count]:
            ntid = self._widened(simt.BlockDimOp, dim)
            nctaid = self._widened(simt.GridDimOp, dim)
            items.append(self.ops.binary(ast.Mult, ntid, nctaid))
        return items[0] if count == 1 else TupleValue(tuple(items))

    def _syncthreads(self, node: ast.Call) -> Value:
        raise self.error(
            node, "cuda.syncthreads() has no value; call it as a statement"
        )

    def syncthreads(self, node: ast.Call) -> None:
        """`cuda.syncthreads()` as a statement: a block-wide barrier."""
        previous = self.at(node)
        self.expect_args(node, 0)
        self.ops.add(simt.BarrierOp())
        self.ops.node = previous

    def atomic_indices(
        self, node: ast.Call, path: str, array: ArrayValue, index: ast.expr
    ) -> list[SSAValue]:
        """The element indices of `path(array, index, ...)`: an integer or a
        tuple with one integer per dimension, wrapped around as numba does."""
        if array.type.space is simt.MemorySpace.CONSTANT:
            raise self.error(node, f"cannot write to constant array '{array.name}'")
        if isinstance(index, ast.Slice):
            raise self.unsupported(index, "slice", "atomics take integer indices")
        parts = self._indices(index)
        if len(parts) != array.type.ndim or any(
            isinstance(p, ast.Slice) for p in parts
        ):
            raise self.error(
                node,
                f"{path} expects {array.type.ndim} index(es) for "
                f"'{array.name}', found {len(parts)}",
            )
        return self.element_indices(array, parts)

    def array_arg(self, node: ast.expr) -> ArrayValue:
        value = self.expr(node)
        if not isinstance(value, ArrayValue):
            raise self.error(
                node,
                f"expected an array, found {describe_value(value)} '{ast.unparse(node)}'",
            )
        return value

    def full_vote(self, node: ast.Call, path: str) -> Scalar:
        """`cuda.any_sync/all_sync/ballot_sync(0xffffffff, p)`: a vote of the warp."""
        predicate = intrinsics.vote_predicate(self, node.args[1], path)
        op = _VOTES[path](predicate.value)
        return self.ops.scalar(op, INT32 if path == "cuda.ballot_sync" else BOOL)

    # -- arrays the kernel allocates ----------------------------------------------

    def _shared_array(self, node: ast.Call) -> Value:
        shape_node, dtype_node, _ = self.arguments(
            node, ["shape", "dtype", "alignment"], 2
        )
        assert shape_node is not None and dtype_node is not None
        shape = self._static_shape(shape_node)
        name = self.target_name or "shared"
        record = self._record_dtype(dtype_node)
        if record is not None:
            return self.allocate_record_shared(
                node, shape, record, name, self.site_key(node)
            )
        dtype = self._dtype(dtype_node)
        return self.allocate_shared(node, shape, dtype, name, self.site_key(node))

    def _local_array(self, node: ast.Call) -> Value:
        shape_node, dtype_node, _ = self.arguments(
            node, ["shape", "dtype", "alignment"], 2
        )
        assert shape_node is not None and dtype_node is not None
        shape = self._static_shape(shape_node)
        if any(d == 0 for d in shape) or not shape:
            raise self.error(node, "cuda.local.array needs a non-empty shape")
        record = self._record_dtype(dtype_node)
        if record is not None:
            return self.allocate_record_local(
                node, shape, record, self.target_name or "local"
            )
        number = self._complex_dtype(dtype_node)
        if number is not None:
            return self.allocate_local(
                shape, number.part, self.target_name or "local", complex_=True
            )
        return self.allocate_local(
            shape, self._dtype(dtype_node), self.target_name or "local"
        )

    def _const_array_like(self, node: ast.Call) -> Value:
        (arr_node,) = self.arguments(node, ["ary"], 1)
        assert arr_node is not None
        array = self.static_object(arr_node)
        if not isinstance(array, np.ndarray):
            raise self.error(
                node,
                "cuda.const.array_like expects a numpy array known at compile time",
            )
        if array.dtype.names is not None:
            return self.constant_record_array(node, array, self.target_name)
        return self.constant_array(node, array, self.target_name)

    def _static_shape(self, node: ast.expr) -> tuple[int, ...]:
        shape = self.static_object(node)
        if isinstance(shape, int | np.integer):
            return (int(shape),)
        if isinstance(shape, tuple) and all(
            isinstance(d, int | np.integer) for d in shape
        ):
            return tuple(int(d) for d in shape)  # pyright: ignore[reportUnknownArgumentType, reportUnknownVariableType]
        raise self.error(
            node,
            f"expected a constant shape (an int or a tuple of ints), found '{ast.unparse(node)}'",
        )

    def _record_dtype(self, node: ast.expr) -> np.dtype[Any] | None:
        """The numpy dtype of a record dtype argument (a structured numpy
        dtype or numba's `Record` type), else None."""
        value = self.expr(node)
        if not isinstance(value, StaticValue):
            return None
        found = getattr(value.obj, "dtype", value.obj)
        if isinstance(found, np.dtype) and found.names is not None:
            return found
        return None

    def _complex_dtype(self, node: ast.expr) -> ComplexType | None:
        """The complex type of a dtype argument (`complex128`, `np.complex64`)."""
        value = self.expr(node)
        return _complex_named(value) if isinstance(value, StaticValue) else None

    def _complex_cast(
        self, node: ast.Call, number: ComplexType, builtin: bool
    ) -> ComplexValue:
        """`complex(x)`, `complex(re, im)`, `complex(*pair)`, `np.complex64(x)`,
        `numba.complex128(x)`. The builtin's type is numba's: complex64 for
        float32 parts (`complex(x)` of a float32, `complex(re, im)` of two),
        else complex128."""
        args = self._complex_arguments(node)
        if builtin:
            single = [isinstance(a, Scalar) and a.type.name == "float32" for a in args]
            number = COMPLEX_NAMES["complex64" if all(single) else "complex128"]
        if len(args) == 1:
            return self.as_complex(node, args[0], number)
        real, imag = (
            self.ops.convert(self.as_scalar(node, a), number.part) for a in args
        )
        return ComplexValue(real, imag, number)

    def positional_arguments(self, node: ast.Call) -> list[Value]:
        """The values of a call's positional arguments, in order, a starred
        tuple (`f(*t)`) expanded into its items."""
        args: list[Value] = []
        for arg in node.args:
            if not isinstance(arg, ast.Starred):
                args.append(self.expr(arg))
                continue
            value = self.expr(arg.value)
            if not isinstance(value, TupleValue):
                raise self.unsupported(
                    arg,
                    f"*{ast.unparse(arg.value)} of a {describe_value(value)}",
                    "only a tuple can be passed as *args",
                )
            args.extend(value.items)
        return args

    def _complex_arguments(self, node: ast.Call) -> list[Value]:
        """The 1 or 2 arguments of a complex cast, a starred tuple expanded."""
        args = self.positional_arguments(node)
        if node.keywords or not 1 <= len(args) <= 2:
            raise self.error(
                node, f"{ast.unparse(node.func)}() expects 1 or 2 positional arguments"
            )
        return args

    def _dtype(self, node: ast.expr) -> ScalarType:
        value = self.expr(node)
        dtype = as_dtype(value) if isinstance(value, StaticValue) else None
        if dtype is None:
            raise self.error(
                node,
                f"expected a scalar dtype such as float32, found '{ast.unparse(node)}'",
            )
        return dtype

    @abstractmethod
    def static_object(self, node: ast.expr) -> object:
        """The Python value of a compile-time constant expression (defined in
        statements.py, which knows the function's constants)."""

    @property
    @abstractmethod
    def target_name(self) -> str | None:
        """The variable the value being compiled is assigned to, if any."""

    @abstractmethod
    def site_key(self, node: ast.AST) -> tuple[int, int]:
        """Identifies an allocation site across inlined copies (statements.py)."""


def _is_gufunc(obj: object) -> bool:
    """Whether `obj` is a numba-cuda generalized ufunc (`@guvectorize(...,
    target="cuda")`), which numba-cuda's typing does not know in a kernel."""
    return any(
        cls.__name__ == "GeneralizedUFunc" and cls.__module__.startswith("numba")
        for cls in type(obj).__mro__
    )


def _complex_named(value: StaticValue) -> ComplexType | None:
    """The complex type a static value names (`complex`, `np.complex64`,
    numba's `complex128`), or None."""
    obj = value.obj
    if obj is complex:
        return COMPLEX_NAMES["complex128"]
    name = obj.__name__ if isinstance(obj, type) else str(obj)
    return COMPLEX_NAMES.get(name)


CALL_HANDLERS: dict[str, Callable[[CallCompiler, ast.Call], Value]] = {
    "min": CallCompiler._min_max,
    "max": CallCompiler._min_max,
    "abs": CallCompiler._abs,
    "int": CallCompiler._int,
    "float": CallCompiler._float,
    "bool": CallCompiler._bool,
    "len": CallCompiler._len,
    "tuple": CallCompiler._tuple_call,
    "$iterlen": CallCompiler._iteration_length,
    "range": CallCompiler._range,
    **dict.fromkeys(_MATH_OPS, CallCompiler._math),
    "cuda.grid": CallCompiler._grid,
    "cuda.gridsize": CallCompiler._gridsize,
    "cuda.syncthreads": CallCompiler._syncthreads,
    "cuda.shared.array": CallCompiler._shared_array,
    "cuda.local.array": CallCompiler._local_array,
    "cuda.const.array_like": CallCompiler._const_array_like,
    **dict.fromkeys(
        (f"np.{name}" for name in reductions.REDUCTIONS), CallCompiler._np_reduction
    ),
    "np.reshape": CallCompiler._np_reshape,
}


def _accumulator(kind: str, element: ScalarType) -> ScalarType:
    """The type numba-cuda gives the accumulator of a reduction (`kind`, a
    key of `reductions.REDUCTIONS`'s second column) over `element`s."""
    if kind == "mean":
        return FLOAT64 if element.is_integral else element
    if kind == "prod":
        return element
    if kind in ("nansum", "nanprod"):
        return INT64 if element.is_int else element
    if element.is_bool:
        return INT64
    if element.is_int and element.bits < 64:
        return UINT64 if element.is_unsigned else INT64
    return element
