"""A bounded trace of active lanes per warp over time, and its heat map.

Each warp has its own time axis: its n-th issued instruction. For every
step the simulator reports the active lanes of each issuing warp and how many
instructions the step issued; the trace adds them into at most `columns`
bins per row. When a warp's time runs past the last bin, every two
neighbouring bins merge (the bin width doubles), so memory stays
`rows x columns` however long the kernel runs. A step is spread over the
bins its instructions fall in; the sums are exact integers (a bin holds
active lanes times instructions, and instructions).

Rows: one per warp, up to `max_rows`; a launch with more warps groups
consecutive warps into a row (row `r` holds warps `w` with
`w * rows // warps == r`), which then shows their mean. Warps are simulated
wave by wave (`begin_wave`); a warp lives in one wave, so its time axis
starts when its wave does.

The picture: one row per warp (or group), one column per bin, the colour the
mean fraction of lanes active over the instructions in the bin (1 is a fully
converged warp, low values are divergence or idle loop lanes); a warp that
has finished shows the background.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

MAX_ROWS = 2048
"""Rows of the trace at most (about 16 MiB of bins)."""


class ActivityTrace:
    """Per-row, binned sums of active lanes and of issued instructions.

    The reference engine buffers its steps (`record`) and folds them into the
    bins in batches; the native engine adds into `lanes`, `instructions`,
    `position` and `width_cell` directly. Both give the same integers.
    """

    def __init__(
        self,
        num_warps: int,
        warp_size: int,
        columns: int = 512,
        max_rows: int = MAX_ROWS,
    ) -> None:
        self.warp_size = warp_size
        self.columns = columns
        self.num_warps = num_warps
        self.rows = max(1, min(num_warps, max_rows))
        self.width_cell = np.array([1, 0, 0], dtype=np.int64)
        """The bin width in instructions, its base-2 log, and how many leading
        bins hold sums (cells the native engine updates; in the rows of the
        waves simulated so far): the bins after them are not zeroed until
        they are needed or read (`lanes`), so that a short launch does not
        pay for zeroing megabytes of bins."""
        # stored bin by bin (Fortran order): a short kernel touches the first
        # bins of every row, a few pages instead of every row's page; one
        # allocation for both
        bins = np.empty((2, columns, self.rows), dtype=np.int64)
        self._lanes: IntArray = bins[0].T
        self._instructions: IntArray = bins[1].T
        self.position: IntArray = np.zeros(0, dtype=np.int64)
        """Instructions issued so far by each warp of the current wave."""
        self.row_of: IntArray = np.zeros(0, dtype=np.int64)
        self.first_warp = 0
        self.longest = 0
        """The longest time axis of a finished wave."""
        self._pending: list[tuple[npt.NDArray[np.int64], int]] = []

    @property
    def width(self) -> int:
        return int(self.width_cell[0])

    @property
    def lanes(self) -> IntArray:
        """Active lanes times instructions, per row and bin."""
        self._zero_unused()
        return self._lanes

    @property
    def instructions(self) -> IntArray:
        """Instructions issued, per row and bin."""
        self._zero_unused()
        return self._instructions

    def bins(self) -> tuple[IntArray, IntArray]:
        """`lanes` and `instructions` for the native engine, which zeroes
        bins as it reaches them (`width_cell[2]`)."""
        return self._lanes, self._instructions

    def _zero_unused(self) -> None:
        used = int(self.width_cell[2])
        if used < self.columns:
            self._lanes[:, used:] = 0
            self._instructions[:, used:] = 0
            self.width_cell[2] = self.columns

    def begin_wave(self, first_warp: int, num_warps: int) -> None:
        """Starts the time axes of the warps `first_warp ...` of a new wave."""
        self.fold()
        if len(self.position):
            self.longest = max(self.longest, int(self.position.max()))
        self.first_warp = first_warp
        self.position = np.zeros(num_warps, dtype=np.int64)
        warps = np.arange(first_warp, first_warp + num_warps, dtype=np.int64)
        if self.rows != self.num_warps:
            warps *= self.rows
            warps //= self.num_warps
        self.row_of = warps
        """The row of each warp of the wave."""

    def record(self, warp_counts: npt.NDArray[np.int64], count: int) -> None:
        """`count` instructions issued by the warps with active lanes."""
        if count <= 0:
            return
        self._pending.append((warp_counts, count))
        if len(self._pending) >= 2048:
            self.fold()

    def fold(self) -> None:
        """Adds the buffered steps into the bins, spreading each step over the
        bins its instructions fall in (piecewise-linear interpolation of the
        integer running sums at the bin edges, which is exact). The reference
        engine calls it at the end of a launch, so that `lanes` and
        `instructions` are whole when the result is returned."""
        if not self._pending:
            return
        counts = np.stack([c for c, _ in self._pending]).astype(np.float64)
        steps = np.array([n for _, n in self._pending], dtype=np.float64)
        self._pending.clear()
        issued = (counts > 0) * steps[:, None]
        ends = np.cumsum(issued, axis=0) + self.position
        while float(ends[-1].max(initial=0)) > self.columns * self.width:
            self._coarsen()
        edges = np.arange(self.columns + 1, dtype=np.float64) * self.width
        lane_sums = np.zeros((len(steps) + 1, counts.shape[1]))
        np.cumsum(counts * issued, axis=0, out=lane_sums[1:])
        issue_sums = np.zeros_like(lane_sums)
        issue_sums[1:] = ends - self.position
        at = np.empty_like(lane_sums)
        at[0] = self.position
        at[1:] = ends
        for warp in np.flatnonzero(issued.sum(axis=0)):
            row = self._row(int(warp))
            lanes = np.diff(np.interp(edges, at[:, warp], lane_sums[:, warp]))
            instructions = np.diff(np.interp(edges, at[:, warp], issue_sums[:, warp]))
            self.lanes[row] += np.rint(lanes).astype(np.int64)
            self.instructions[row] += np.rint(instructions).astype(np.int64)
        self.position = ends[-1].astype(np.int64)

    def _row(self, warp: int) -> int:
        return int(self.row_of[warp])

    def _coarsen(self) -> None:
        half = self.columns // 2
        for array in (self.lanes, self.instructions):
            merged = array[:, 0::2] + array[:, 1::2]
            array[:, :half] = merged
            array[:, half:] = 0
        self.width_cell[0] *= 2
        self.width_cell[1] += 1

    def occupancy(self) -> FloatArray:
        """Mean active fraction per warp and bin (NaN where nothing issued)."""
        self.fold()
        longest = max(self.longest, int(self.position.max(initial=0)))
        used = min(self.columns, -(-longest // self.width))
        lanes = self.lanes[:, :used].astype(np.float64)
        instructions = self.instructions[:, :used].astype(np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):
            fraction = lanes / (instructions * self.warp_size)
        return np.where(instructions > 0, fraction, np.nan)

    def plot(self, path: str | Path, title: str = "") -> Path:
        """Writes the heat map as a PNG and returns its path."""
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        data = self.occupancy()
        fig, ax = plt.subplots(figsize=(10, max(2.5, min(12, 0.12 * len(data) + 1.5))))
        image = ax.imshow(
            np.ma.masked_invalid(data),
            aspect="auto",
            interpolation="nearest",
            cmap="viridis",
            vmin=0.0,
            vmax=1.0,
            extent=(0, data.shape[1] * self.width, len(data) - 0.5, -0.5),
        )
        ax.set_facecolor("#dddddd")
        ax.set_xlabel("instructions issued by the warp")
        ax.set_ylabel("warp" if self.rows == self.num_warps else "warps (grouped)")
        ax.set_title(title or "active lanes per warp")
        fig.colorbar(image, ax=ax, label="fraction of lanes active")
        fig.tight_layout()
        out = Path(path)
        fig.savefig(out, dpi=100)
        plt.close(fig)
        return out
