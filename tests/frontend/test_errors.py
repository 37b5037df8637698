"""Every rejected construct is named in the error, with its file:line:col."""

from __future__ import annotations

import re
import textwrap

import pytest

from simt.frontend import FrontendError, compile_kernels, compile_python

# (kernel body line, the construct named in the message); the line is line 4.
REJECTED = [
    ("x = [1, 2]", "unsupported construct 'list'"),
    ("x = lambda: 1", "unsupported construct 'lambda'"),
    ("x = {1: 2}", "unsupported construct 'dict'"),
    ("x = [i for i in range(n)]", "unsupported construct 'list comprehension'"),
    ("x = foo(n)", "use of undefined variable 'foo'"),
    (
        "x = cuda.shared.array(4, 1)",
        "expected a scalar dtype such as float32, found '1'",
    ),
    ("x = cuda.local.array(n, int32)", "expected a compile-time constant, found 'n'"),
    ("x = n.real", "unsupported construct 'n.real'"),
    ("x = a[1, 2]", "too many indices for array 'a': 2 for 1 dimension(s)"),
    (
        "a[1:3] = a",
        "unsupported construct 'assignment of array(int32, 1d, A) to an array slice'",
    ),
    ("x = a[1:3:n]", "unsupported construct 'slice step'"),
    ("return n", "unsupported construct 'return with a value'"),
    ("x = y + 1", "use of undefined variable 'y'"),
    ("x = a + 1", "array 'a' used as a value"),
    ("x = a[1.5]", "expected an integer array index, found float64"),
    ("x = round(n, 2)", "round(x, ndigits) is defined for a float32 or float64 x"),
    ("x = n @ n", "unsupported construct 'operator @'"),
    ("x = a is a", "array 'a' used as a value"),
    ("x = n in n", "unsupported construct 'operator in'"),
    ("x = (y := 1)", "unsupported construct 'assignment expression ':=''"),
    ("x = cuda.grid(4)", "unsupported construct 'cuda.grid(4)'"),
    ("x = cuda.any_sync(1.5, n)", "Mask type must be an integer. Got float64"),
    ("x = cuda.syncthreads()", "cuda.syncthreads() has no value"),
    ("x = min(n)", "unsupported construct 'min of an iterable'"),
    ("x = abs(n, n)", "abs() expects 1 argument(s), found 2"),
    ("x: int = 1", "unsupported construct 'annotated assignment'"),
    ("global g", "unsupported construct 'global'"),
    ("del n", "unsupported construct 'del'"),
    ("raise", "unsupported construct 'bare raise'"),
    ("import math", "unsupported construct 'import'"),
    ("class C: pass", "unsupported construct 'class'"),
    ("async def f(): pass", "unsupported construct 'async function'"),
    ("with n: pass", "unsupported construct 'with'"),
    (
        "try:\n        pass\n    except Exception:\n        pass",
        "unsupported construct 'try'",
    ),
    ("for i in n: pass", "unsupported construct 'for loop over int32'"),
    ("for i, j in range(n): pass", "unsupported construct 'loop target tuple'"),
    ("for i in range(0, n, 0): pass", "range() step must not be zero"),
    ("for i in range(1.5): pass", "range() expects integer arguments, found float64"),
    ("x = 1.5 & n", "operator '&' expects integer operands, found float64 and int32"),
    ("x = n(1)", "unsupported construct 'call to n'"),
    ("cuda.cg.this_grid().size()", "unsupported construct 'cuda.cg.grid_group.size'"),
    ("print(n)", "unsupported construct 'call to print'"),
    ("x, y = (1, 2, 3)", "cannot unpack a tuple of 3 into 2 variables"),
    ("x = (1, 2)[5]", "tuple index 5 out of range for a tuple of 2"),
    ("x = cuda.const.array_like(n)", "expected a compile-time constant, found 'n'"),
    ("yield n", "unsupported construct 'yield'"),
]


def _source(line: str) -> str:
    return textwrap.dedent(
        """\
        from numba import cuda, int32

        def kernel(a, n):
            {line}
        """
    ).format(line=line)


@pytest.mark.parametrize(("line", "message"), REJECTED, ids=[r[0] for r in REJECTED])
def test_rejected_construct_is_named_with_its_location(line: str, message: str) -> None:
    with pytest.raises(FrontendError) as info:
        compile_python(_source(line), "void(int32[:], int32)")
    text = str(info.value)
    assert text.startswith("<string>:4:"), text
    assert message in text, text
    assert info.value.line == 4


def test_large_shift_is_accepted_like_numba() -> None:
    compile_python(_source("x = 1 << 70"), "void(int32[:], int32)")


def test_error_location_of_a_function_object_is_in_its_file() -> None:
    def kernel(a, n):
        a[0] = [n]

    with pytest.raises(FrontendError) as info:
        compile_python(kernel, "void(int32[:], int32)")
    assert info.value.filename == __file__
    assert info.value.line == kernel.__code__.co_firstlineno + 1
    assert "unsupported construct 'list'" in str(info.value)
    assert f"{__file__}:{info.value.line}:16:" in str(info.value)


@pytest.mark.parametrize(
    ("signature", "message"),
    [
        (
            "void(int32[:])",
            "the signature gives 1 parameter(s), function 'kernel' has 2",
        ),
        ("int32(int32[:], int32)", "expected return type 'void'"),
        ("void(bfloat16[:], int32)", "bfloat16 is not supported"),
        ("void(text[:], int32)", "expected a scalar type"),
        ("void(int32[:, ::2], int32)", "expected a parameter type like"),
        ("void int32", "expected a signature like"),
    ],
)
def test_bad_signature_is_reported(signature: str, message: str) -> None:
    with pytest.raises(FrontendError, match=re.escape(message)):
        compile_python(_source("pass"), signature)


def test_file_without_kernels_is_reported() -> None:
    with pytest.raises(FrontendError, match="no kernel found"):
        compile_kernels("def f(a):\n    pass\n", "k.py")


def test_syntax_error_has_its_location() -> None:
    with pytest.raises(FrontendError) as info:
        compile_kernels("def f(a:\n", "k.py")
    assert str(info.value).startswith("k.py:1:")
    assert "syntax error" in str(info.value)


def test_keyword_parameters_are_rejected() -> None:
    with pytest.raises(FrontendError, match="unsupported construct 'parameter kind'"):
        compile_python("def kernel(a, *, n):\n    pass\n", "void(int32[:], int32)")
