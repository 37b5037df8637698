"""Plot helpers shared by the benchmarks."""

from __future__ import annotations

from typing import Any


def ratio_log_axis(axis: Any, minor_labelsize: float | None = None) -> None:
    """Puts the y axis of `axis` on a log scale whose ticks read as plain
    ratios ("0.6x", "100x"), not powers of ten; the minor ticks are labelled
    too when `minor_labelsize` is given (axes that span a decade or two)."""
    from matplotlib.ticker import FuncFormatter

    axis.set_yscale("log")
    plain = FuncFormatter(lambda value, _: f"{value:g}x")
    axis.yaxis.set_major_formatter(plain)
    if minor_labelsize is not None:
        axis.yaxis.set_minor_formatter(plain)
        axis.tick_params(axis="y", which="minor", labelsize=minor_labelsize)
