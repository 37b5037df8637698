"""A bounded trace of active lanes per warp over time, and its heat map.

Each warp has its own time axis: its n-th issued instruction. For every
step the simulator reports the active lanes of each issuing warp and how many
instructions the step issued; the trace adds them into at most `columns`
bins per warp. When a warp's time runs past the last bin, every two
neighbouring bins merge (the bin width doubles), so memory stays
`warps x columns` however long the kernel runs. A step is spread over the
bins its instructions fall in.

The picture: one row per warp, one column per bin, the colour the mean
fraction of the warp's lanes active over the instructions in the bin (1 is a
fully converged warp, low values are divergence or idle loop lanes); a warp
that has finished shows the background.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


class ActivityTrace:
    """Per-warp, binned sums of active lanes and of issued instructions.

    Steps are buffered and folded into the bins in batches, so recording a
    step costs a list append.
    """

    def __init__(self, num_warps: int, warp_size: int, columns: int = 512) -> None:
        self.warp_size = warp_size
        self.columns = columns
        self.width = 1
        self.lanes = np.zeros((num_warps, columns), dtype=np.float64)
        self.instructions = np.zeros((num_warps, columns), dtype=np.float64)
        self.position = np.zeros(num_warps, dtype=np.int64)
        self._pending: list[tuple[npt.NDArray[np.int64], int]] = []

    def record(self, warp_counts: npt.NDArray[np.int64], count: int) -> None:
        """`count` instructions issued by the warps with active lanes."""
        if count <= 0:
            return
        self._pending.append((warp_counts, count))
        if len(self._pending) >= 2048:
            self._fold()

    def _fold(self) -> None:
        """Adds the buffered steps into the bins, spreading each step over the
        bins its instructions fall in."""
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
            self.lanes[warp] += np.diff(
                np.interp(edges, at[:, warp], lane_sums[:, warp])
            )
            self.instructions[warp] += np.diff(
                np.interp(edges, at[:, warp], issue_sums[:, warp])
            )
        self.position = ends[-1].astype(np.int64)

    def _coarsen(self) -> None:
        half = self.columns // 2
        for array in (self.lanes, self.instructions):
            merged = array[:, 0::2] + array[:, 1::2]
            array[:, :half] = merged
            array[:, half:] = 0
        self.width *= 2

    def occupancy(self) -> FloatArray:
        """Mean active fraction per warp and bin (NaN where nothing issued)."""
        self._fold()
        used = min(self.columns, -(-int(self.position.max(initial=0)) // self.width))
        lanes = self.lanes[:, :used]
        instructions = self.instructions[:, :used]
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
        ax.set_ylabel("warp")
        ax.set_title(title or "active lanes per warp")
        fig.colorbar(image, ax=ax, label="fraction of lanes active")
        fig.tight_layout()
        out = Path(path)
        fig.savefig(out, dpi=100)
        plt.close(fig)
        return out
