"""Progress bars of the long benchmarks: tqdm on stderr when stderr is a
terminal, nothing under CI (`CI=true`) or when stderr is a file or a pipe, so
that logs and results stay clean.

`progress(items, desc)` wraps a loop whose length is known; `counter(desc)`
counts steps of unknown number (`simt-autotune`'s candidates). Both are used
by `simt-bench`, `simt-autotune` and each `python -m simt.bench.*` module.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


def progress_enabled(disabled: bool = False) -> bool:
    """Whether to show a bar: not `disabled`, stderr a terminal, not in CI."""
    return (
        not disabled
        and sys.stderr.isatty()
        and os.environ.get("CI", "").lower() != "true"
    )


def progress(items: Sequence[T], desc: str, enabled: bool | None = None) -> Iterable[T]:
    """`items`, behind a tqdm bar on stderr when `enabled` (default:
    `progress_enabled()`)."""
    if not (progress_enabled() if enabled is None else enabled):
        return items
    from tqdm import tqdm

    return tqdm(items, desc=desc, file=sys.stderr, leave=False, dynamic_ncols=True)


def counter(desc: str, enabled: bool | None = None) -> Callable[[str], None]:
    """A step counter on stderr (a bar without a total) when `enabled`
    (default: `progress_enabled()`): call it with a short note per step."""
    if not (progress_enabled() if enabled is None else enabled):
        return _ignore
    from tqdm import tqdm

    bar = tqdm(desc=desc, file=sys.stderr, leave=False, dynamic_ncols=True, unit="")

    def step(note: str) -> None:
        bar.set_postfix_str(note[:40], refresh=False)
        bar.update(1)

    return step


def _ignore(note: str) -> None:
    del note
