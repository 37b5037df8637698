"""`python -m simt.bench.fuzz --programs N`: generated programs through every
pass and the lowering; prints the counts and writes them as JSON.

    python -m simt.bench.fuzz --programs 5000 --jobs 2 --out bench/results/fuzz.json

Programs are `cf` block graphs (`cf_program`) and, one in `--structured-every`,
structured kernels from the frontend (`generate_kernel`), seeds from
`--first-seed` on. Exit status 1 when any check failed; each failure is
printed with its program's seed, so `cf_case(seed)` / `structured_case(seed)`
reproduces it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

from simt.bench.fuzz.check import (
    PIPELINES,
    Tally,
    cf_case,
    check_program,
    structured_case,
)
from simt.bench.progress import counter
from simt.bench.provenance import cpu_model, metadata
from simt.lowering.ptxas import find_ptxas


def _check(job: tuple[int, bool, int, bool]) -> Tally:
    seed, structured, inputs, ptxas = job
    program = structured_case(seed, inputs) if structured else cf_case(seed, inputs)
    return check_program(program, PIPELINES, ptxas=find_ptxas() if ptxas else None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simt.bench.fuzz")
    parser.add_argument("--programs", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--structured-every", type=int, default=10,
                        help="one program in this many is a structured kernel (0: none)")  # fmt: skip
    parser.add_argument("--inputs", type=int, default=2,
                        help="launches (random inputs and shapes) per program")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ptxas", action="store_true",
                        help="assemble each program's PTX with ptxas")  # fmt: skip
    parser.add_argument("--time-limit", type=float, default=None,
                        help="stop after this many seconds; counts cover the "
                        "programs checked by then")  # fmt: skip
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="JSON file for the counts (a folder: fuzz.json in it)",
    )
    args = parser.parse_args(argv)
    every = args.structured_every
    jobs = [
        (seed, every > 0 and seed % every == every - 1, args.inputs, args.ptxas)
        for seed in range(args.first_seed, args.first_seed + args.programs)
    ]
    total = Tally()
    start = time.time()
    checked = 0
    step = counter("fuzz")
    with Pool(args.jobs) as pool:
        for checked, tally in enumerate(pool.imap(_check, jobs, chunksize=4), 1):
            total.merge(tally)
            step(f"{checked}/{len(jobs)}")
            for finding in tally.findings:
                print(f"FAIL {finding.program} [{finding.check}] {finding.kind}: "
                      f"{finding.detail.splitlines()[-1][:300]}", flush=True)  # fmt: skip
            if checked % 100 == 0:
                print(f"{checked}/{len(jobs)} programs, {time.time() - start:.0f} s",
                      file=sys.stderr, flush=True)  # fmt: skip
            if args.time_limit is not None and time.time() - start > args.time_limit:
                pool.terminate()
                break
    report = {
        "metadata": metadata(
            "python -m simt.bench.fuzz " + " ".join(argv or sys.argv[1:]),
            f"simt simulator on {cpu_model()}, {args.jobs} processes",
        ),
        "programs": checked,
        "structured_programs": sum(1 for j in jobs[:checked] if j[1]),
        "seconds": round(time.time() - start, 1),
        **total.to_dict(),
    }
    print(json.dumps(report, indent=1))
    if args.out is not None:
        out = args.out / "fuzz.json" if args.out.is_dir() else args.out
        out.write_text(json.dumps(report, indent=1) + "\n")
    return 1 if total.findings else 0


if __name__ == "__main__":
    sys.exit(main())
