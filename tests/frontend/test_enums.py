"""Enum members in kernels, as numba-cuda has them (`frontend/enums.py`):
kernel arguments passed as their values, `Cls.member`, `Cls["member"]`,
`==` / `!=` / `is` / `in`, `.value`, joins across branches and device
function results, `IntEnum` members as integers; and the located errors for
what numba does not type (members of two plain enum classes compared, a
plain member used as a number, `.name`, members of two classes joined).

Each kernel is simulated and its outputs compared with the Python
function's on the same arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, IntEnum
from typing import Any

import numpy as np
import pytest

import simt
from simt.frontend import FrontendError
from simt.frontend.signature import SignatureError, signature_of_args, typeof


class Color(Enum):
    red = 1
    green = 2
    blue = 3


class Flavor(Enum):
    vanilla = 7
    mint = 3


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)
    MARS = (6.421e23, 3.3972e6)


class Shape(IntEnum):
    circle = 2
    square = 500


class Level(IntEnum):
    low = 2
    high = 9


class Mixed(Enum):
    one = 1
    half = 0.5


def run(kernel: Callable[..., None], *args: Any) -> None:
    module = simt.compile_python(kernel, signature_of_args(args))
    simt.simulate(module, grid=(1,), block=(1,), args=list(args))


def expect_same(kernel: Callable[..., None], *args: Any) -> np.ndarray[Any, Any]:
    """Simulates `kernel` and runs it in Python on copies of the arguments;
    the last argument is the output array, which must agree."""
    out = args[-1]
    expected = out.copy()
    kernel(*args[:-1], expected)
    run(kernel, *args)
    np.testing.assert_array_equal(out, expected)
    return out


def compare(a, b, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = a is not b


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (Color.red, Color.red),
        (Color.red, Color.green),
        (Planet.EARTH, Planet.EARTH),
        (Planet.MERCURY, Planet.MARS),
        (Shape.circle, Level.low),
        (Shape.square, Shape.square),
    ],
)
def test_compare_arguments(a: Enum, b: Enum) -> None:
    out = expect_same(compare, a, b, np.zeros(4, np.bool_))
    assert out[0] == (a == b)


def test_argument_type_is_numbas() -> None:
    assert str(typeof(Color.red)) == "Enum<int64>(Color)"
    assert str(typeof(Shape.square)) == "IntEnum<int64>(Shape)"
    planet = typeof(Planet.EARTH)
    assert str(planet) == "Enum<UniTuple(float64, 2)>(Planet)"
    with pytest.raises(SignatureError, match="enum Mixed cannot be typed"):
        typeof(Mixed.one)


def test_classes_of_one_name_get_their_own_specializations() -> None:
    """numba tells enum types apart by class, not by name: two classes both
    named `Color` are two signatures of one `simt.jit` kernel."""

    def make(red: int) -> Any:
        class Color(Enum):
            red_ = red

        return Color

    first, second = make(1), make(2)

    @simt.jit
    def value(out, c):
        out[0] = c.value

    out = np.zeros(1, np.int64)
    for cls in (first, second, first):
        value[1, 1](out, cls.red_)
        assert out[0] == cls.red_.value
    assert value.signatures == ["void(int64[::1], Enum<int64>(Color))"] * 2


def lookups(out):
    out[0] = Color.red == Color.green
    out[1] = Color["red"] == Color["green"]
    out[2] = Color["blue"] == Color.blue
    out[3] = Color.green.value
    out[4] = Planet["EARTH"].value[1] > 6e6


def test_attribute_and_constant_subscript() -> None:
    out = expect_same(lookups, np.zeros(5, np.int64))
    assert list(out) == [0, 0, 1, 2, 1]


def pick(pred):
    return Color.red if pred else Color.green


def from_device_function(pred, out):
    out[0] = pick(pred) == Color.red
    out[1] = pick(not pred) == Color.green
    c = pick(pred)
    if pred:
        c = Color.blue
    out[2] = c.value
    out[3] = c in (Color.blue, Color.green)
    out[4] = c is Color.blue


@pytest.mark.parametrize("pred", [True, False])
def test_joins_and_device_function_results(pred: bool) -> None:
    expect_same(from_device_function, pred, np.zeros(5, np.int64))


def planets(p, out):
    q = Planet.MARS if out[0] > 0 else p
    out[1] = q.value[0]
    out[2] = q == Planet.EARTH
    out[3] = p.value[1]


def test_tuple_values() -> None:
    out = np.array([0.0, 0, 0, 0])
    expect_same(planets, Planet.EARTH, out)
    assert out[2] == 1.0


def int_enums(x, s, out):
    if x > Shape.square:
        out[0] = x - Level.high
    else:
        out[0] = x + Shape.circle
    out[1] = s < Level.high
    out[2] = s == 2
    out[3] = s is Level.low
    out[4] = s * 3


@pytest.mark.parametrize("x", [300, 600])
def test_int_enums_are_integers(x: int) -> None:
    out = expect_same(int_enums, x, Shape.circle, np.zeros(5, np.int64))
    assert out[3] == 0  # members of different classes are never identical


def none_compare(c, out):
    out[0] = c == None  # noqa: E711
    out[1] = c != None  # noqa: E711
    out[2] = c is None


def test_compare_with_none() -> None:
    out = expect_same(none_compare, Color.red, np.zeros(3, np.bool_))
    assert list(out) == [False, True, False]


# -- errors ------------------------------------------------------------------


def two_classes(out):
    out[0] = Color.blue == Flavor.mint


def plain_as_number(c, out):
    out[0] = c + 1


def name_attribute(c, out):
    out[0] = c.name == "red"


def missing_member(out):
    out[0] = Color["purple"] == Color.red


def runtime_key(k, out):
    out[0] = Color[k] == Color.red


def mixed_join(p, out):
    c = Color.red if p else Flavor.mint
    out[0] = c.value


def ordered(out):
    out[0] = Color.red < Color.blue  # pyright: ignore[reportOperatorIssue]


@pytest.mark.parametrize(
    ("kernel", "args", "message"),
    [
        (two_classes, (), "cannot compare Enum<int64>(Color) and Enum<int64>(Flavor)"),
        (plain_as_number, (Color.red,), "expected a number, found the enum member"),
        (name_attribute, (Color.red,), "enum member attribute .name"),
        (missing_member, (), "enum Color has no member 'purple'"),
        (runtime_key, (1,), "expected a constant string naming a member of Color"),
        (mixed_join, (True,), "incompatible values"),
        (ordered, (), "with '<'"),
    ],
)
def test_errors_are_located(
    kernel: Callable[..., None], args: tuple[Any, ...], message: str
) -> None:
    out = np.zeros(1, np.int64)
    with pytest.raises(FrontendError) as error:
        simt.compile_python(kernel, signature_of_args([*args, out]))
    assert message in str(error.value)
    line = kernel.__code__.co_firstlineno + 1
    assert f"test_enums.py:{line}:" in str(error.value)
