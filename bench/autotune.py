"""`simt.autotune` on both corpora: the chosen pipeline, its speedup and the
search's cost per kernel.

Run: `python -m simt.bench.autotune --out bench/results` (writes
`autotune.json` and `autotune.md`). Each kernel of the tuning corpus
(`CORPUS`) and of the held-out corpus (`simt.bench.kernels.heldout`) is
autotuned on one launch (small inputs, seed 1); the table lists the chosen
`-p` pipeline, the speedup over the original, the candidates simulated and
pruned by the cost models, and the seconds the search took. The chosen
pipeline's outputs are checked against the kernel's reference too.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import simt
from simt.bench.heldout import SEED, geomean, metadata
from simt.bench.kernels import CORPUS, KernelSpec
from simt.bench.kernels.heldout import HELDOUT
from simt.bench.progress import progress


def row(spec: KernelSpec, corpus: str) -> dict[str, Any]:
    case = spec.make_inputs(np.random.default_rng(SEED))
    started = time.perf_counter()
    result = simt.autotune(
        spec.func, case.grid, case.block, case.args, signature=spec.signature
    )
    seconds = time.perf_counter() - started
    module = simt.compile_python(spec.func, spec.signature)
    if result.pipeline:
        simt.apply_passes(module, result.pipeline)
    args = case.copy_args()
    simt.simulate(module, case.grid, case.block, args, trace=False)
    return {
        "kernel": spec.name,
        "corpus": corpus,
        "pipeline": result.pipeline,
        "original_cycles": result.original.cycles,
        "best_cycles": result.best.cycles,
        "speedup": result.speedup,
        "simulated": sum(1 for c in result.candidates if c.cycles is not None),
        "pruned": sum(1 for c in result.candidates if c.note.startswith("pruned")),
        "seconds": seconds,
        "reference_equal": not spec.mismatches(spec.expected(case), args),
        "candidates": result.to_json()["candidates"],
    }


def markdown(record: dict[str, Any]) -> str:
    meta = record["metadata"]
    lines = [
        "# simt.autotune on the tuning and held-out corpora",
        "",
        f"{meta['device']}; {meta['date']}; commit {meta['commit']}; `{meta['command']}`",
        "",
        "| corpus | kernel | speedup | simulated | pruned | seconds | pipeline |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in record["rows"]:
        shown = r["pipeline"].replace(" remarks=false", "") or "(original)"
        lines.append(
            f"| {r['corpus']} | {r['kernel']} | {r['speedup']:.3f} | {r['simulated']} "
            f"| {r['pruned']} | {r['seconds']:.1f} | `{shown}` |"
        )
    lines += ["", f"Summary: {json.dumps(record['summary'])}", ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--kernels", nargs="*", default=None)
    options = parser.parse_args(argv)
    specs = [("tuning", s) for s in CORPUS.values()]
    specs += [("heldout", s) for s in HELDOUT.values()]
    if options.kernels:
        specs = [(c, s) for c, s in specs if s.name in options.kernels]
    rows = []
    for corpus, spec in progress(specs, "autotune"):
        rows.append(row(spec, corpus))
        print(f"  {spec.name}: {rows[-1]['speedup']:.3f}x", file=sys.stderr, flush=True)
    seconds = [r["seconds"] for r in rows]
    summary = {
        "kernels": len(rows),
        "geomean_speedup": geomean([r["speedup"] for r in rows]),
        "seconds_median": float(np.median(seconds)) if seconds else None,
        "seconds_max": max(seconds, default=None),
        "all_reference_equal": all(r["reference_equal"] for r in rows),
    }
    command = "python -m simt.bench.autotune " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    record = {"metadata": metadata(command.strip()), "rows": rows, "summary": summary}
    print(markdown(record))
    if options.out is not None:
        options.out.mkdir(parents=True, exist_ok=True)
        (options.out / "autotune.json").write_text(json.dumps(record, indent=1) + "\n")
        (options.out / "autotune.md").write_text(markdown(record))
    return 0


if __name__ == "__main__":
    sys.exit(main())
