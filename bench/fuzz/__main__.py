"""`python -m simt.bench.fuzz --programs N`: generated programs through every
pass and the lowering; prints the counts and writes them as JSON.

    python -m simt.bench.fuzz --programs 5000 --jobs 2 --out bench/results/fuzz.json

Programs are `cf` block graphs (`cf_program`), one in `--scf-every` a nest
of `scf` loops and ifs (`scf_program`) and one in `--structured-every` a
structured kernel from the frontend (`generate_kernel`), seeds from
`--first-seed` on. One program in `--host-every` also runs on the host
(before and after each pipeline; `--ptxas` assembles those programs' PTX).
Exit status 1 when any check failed; each failure is printed with its
program's name, so `cf_case(seed)` / `scf_case(seed)` / `structured_case(seed)`
reproduces it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from simt.bench.fuzz.check import (
    CI_PIPELINES,
    PIPELINES,
    Tally,
    cf_case,
    check_program,
    scf_case,
    structured_case,
)
from simt.bench.progress import counter
from simt.bench.provenance import cpu_model, metadata
from simt.lowering.ptxas import find_ptxas

Job = tuple[int, str, int, bool, bool, tuple[str, ...]]
"""seed, kind (cf, scf, structured), launches, ptxas, host, pipelines"""


def _check(job: Job) -> Tally:
    seed, kind, inputs, ptxas, host, pipelines = job
    if kind == "structured":
        program = structured_case(seed, inputs)
    elif kind == "scf":
        program = scf_case(seed, inputs)
    else:
        program = cf_case(seed, inputs)
    assembler = find_ptxas() if ptxas else None
    return check_program(program, pipelines, ptxas=assembler, host=host)


def _kind(seed: int, scf_every: int, structured_every: int) -> str:
    if structured_every > 0 and seed % structured_every == structured_every - 1:
        return "structured"
    if scf_every > 0 and seed % scf_every == scf_every - 1:
        return "scf"
    return "cf"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simt.bench.fuzz")
    parser.add_argument("--programs", type=int, default=200)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--structured-every", type=int, default=10,
                        help="one program in this many is a structured kernel (0: none)")  # fmt: skip
    parser.add_argument("--scf-every", type=int, default=3,
                        help="one program in this many is an scf nest (0: none)")  # fmt: skip
    parser.add_argument("--host-every", type=int, default=1,
                        help="one program in this many also runs on the host (0: none)")  # fmt: skip
    parser.add_argument("--pipelines", choices=("all", "ci"), default="all",
                        help="every pipeline of PIPELINES, or CI_PIPELINES (each pass once)")  # fmt: skip
    parser.add_argument("--inputs", type=int, default=2,
                        help="launches (random inputs and shapes) per program")  # fmt: skip
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ptxas", action="store_true",
                        help="assemble the PTX of the programs run on the host with ptxas")  # fmt: skip
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
    pipelines = PIPELINES if args.pipelines == "all" else CI_PIPELINES
    host_every = args.host_every
    jobs: list[Job] = []
    for seed in range(args.first_seed, args.first_seed + args.programs):
        host = host_every > 0 and seed % host_every == 0
        kind = _kind(seed, args.scf_every, args.structured_every)
        jobs.append((seed, kind, args.inputs, args.ptxas and host, host, pipelines))
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
        "scf_programs": sum(1 for j in jobs[:checked] if j[1] == "scf"),
        "structured_programs": sum(1 for j in jobs[:checked] if j[1] == "structured"),
        "host_programs": sum(1 for j in jobs[:checked] if j[4]),
        "seconds": round(time.time() - start, 1),
        **total.to_dict(),
    }
    print(json.dumps(report, indent=1))
    if args.out is not None:
        out = args.out / "fuzz.json" if args.out.is_dir() else args.out
        out.write_text(json.dumps(report, indent=1) + "\n")
        out.with_suffix(".md").write_text(markdown(report))
    return 1 if total.findings else 0


KINDS = ("crash", "refusal", "verifier", "miscompile", "lowering", "ptxas", "host",
         "false-negative")  # fmt: skip
"""The columns of the summary table (`Finding.kind`)."""


def markdown(report: dict[str, Any]) -> str:
    """A summary of a report: programs and failures per check, divergence."""
    meta = report["metadata"]
    lines = [
        "# Generated programs through every pass (simt.bench.fuzz)",
        "",
        f"{meta['device']}; {meta['date']}; commit {(meta['commit'] or '?')[:7]}; "
        f"`{meta['command']}`",
        "",
        f"{report['programs']} programs ({report.get('scf_programs', 0)} scf "
        f"nests, {report['structured_programs']} frontend kernels, the others "
        f"cf block graphs), {report.get('host_programs', 0)} of them also on "
        f"the host and through ptxas; {report['seconds']:.0f} s.",
        "",
        "| check | programs | " + " | ".join(KINDS) + " |",
        "|---|---|" + "---|" * len(KINDS),
    ]
    failures: dict[str, dict[str, int]] = report["failures"]
    for check, runs in report["runs"].items():
        counts = failures.get(check, {})
        cells = " | ".join(str(counts.get(kind, 0)) for kind in KINDS)
        lines.append(f"| `{check}` | {runs} | {cells} |")
    unchanged: dict[str, int] = report.get("unchanged", {})
    if unchanged:
        listed = ", ".join(f"`{p}` {n}" for p, n in unchanged.items())
        lines += [
            "",
            "Programs a pipeline left as they were (the same code, so not "
            f"simulated again): {listed}.",
        ]
    d = report["divergence"]
    lines += [
        "",
        "Divergence analysis against the simulator's profile (branches executed): "
        f"{d['true_positive']} divergent called divergent, {d['true_negative']} "
        f"uniform called uniform, {d['false_positive']} false positives (rate "
        f"{d['false_positive_rate']:.0%}; corpus: 7%), {d['false_negative']} "
        f"false negatives; {d['not_executed']} branches not executed.",
    ]
    if report.get("note"):
        lines += ["", str(report["note"])]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
