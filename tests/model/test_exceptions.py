"""The launch's exception word, numba's message and exception classes by name."""

from __future__ import annotations

import os

import pytest

from simt.model.errors import SimtError
from simt.model.exceptions import (
    MAX_CODE,
    NO_RAISE,
    RAISED_ATTR,
    ExceptionSite,
    RaisedException,
    class_name,
    decode_key,
    exception_class,
    raise_key,
    raised_from_key,
    thread_position,
)


def test_the_word_orders_by_thread_then_code() -> None:
    words = [raise_key(7, 2), raise_key(7, 1), raise_key(3, MAX_CODE)]
    assert decode_key(min(words)) == (3, MAX_CODE)
    assert decode_key(min(words[:2])) == (7, 1)
    assert decode_key(NO_RAISE) is None
    assert decode_key(-1) is None  # the word read as a signed integer


def test_thread_position_is_cudas_linear_order() -> None:
    grid, block = (3, 2, 2), (4, 2, 1)
    thread = (1 + 1 * 3 + 1 * 6) * 8 + (2 + 1 * 4)
    assert thread_position(thread, grid, block) == ((2, 1, 0), (1, 1, 1))


SITE = ExceptionSite("builtins.ValueError", ("bad", 3), "k", "k.py", 12)


def test_numbas_message_lists_ids_z_y_x_after_the_location() -> None:
    raised = RaisedException(SITE, 1, (5, 1, 0), (2, 0, 3))
    error = raised.exception()
    where = f"In function 'k', file {os.path.abspath('k.py')}, line 12"
    assert type(error) is ValueError
    assert error.args == (f"{where}, tid=[0, 1, 5] ctaid=[3, 0, 2]: bad", 3)
    assert getattr(error, RAISED_ATTR) is raised
    bare = RaisedException(
        ExceptionSite("builtins.KeyError", (), "k", "k.py", 2), 1, (0, 0, 0), (0, 0, 0)
    )
    assert bare.exception().args == (bare.message_prefix,)


def test_a_word_decodes_to_its_site_and_thread() -> None:
    raised = raised_from_key(raise_key(70, 1), (SITE,), (2, 1, 1), (64, 1, 1))
    assert raised == RaisedException(SITE, 1, (6, 0, 0), (1, 0, 0))
    assert raised_from_key(NO_RAISE, (SITE,), (1, 1, 1), (1, 1, 1)) is None
    with pytest.raises(SimtError, match="code 2, but the kernel lists 1"):
        raised_from_key(raise_key(0, 2), (SITE,), (1, 1, 1), (1, 1, 1))


def test_classes_are_found_by_name() -> None:
    assert exception_class("builtins.ZeroDivisionError") is ZeroDivisionError

    def local_class() -> type[Exception]:
        class Local(Exception):
            pass

        return Local

    first, second = local_class(), local_class()
    assert class_name(first) != class_name(second)
    assert exception_class(class_name(second)) is second
    assert class_name(first) == class_name(first)
    with pytest.raises(SimtError, match="not an exception class"):
        exception_class("nowhere.Missing")
