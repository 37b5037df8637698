"""simt on numba-cuda's own test suite and documentation examples.

    python -m simt.bench.numba_suite --out bench/results        # everything
    python -m simt.bench.numba_suite -k test_sm --out /tmp/r    # some modules

numba-cuda installs its tests with the package
(`numba/cuda/tests/cudapy/test_*.py` and `tests/doc_examples/test_*.py` in
site-packages); nothing of them is copied here. Each test module runs in its
own worker process under numba's CUDA simulator (`_numba_suite_worker.py`),
where every kernel launch is compiled by `simt.compile_python`, run by
`simt.simulate` on the test's own inputs, compared with numba's simulator on
a copy of the same inputs and with the test's own assertions, and lowered to
PTX that ptxas assembles for sm_70, sm_80 and sm_90.

Each kernel (a function launched by the suite, whatever its specializations
and launches) gets one outcome:

* `equal`: every launch compiled, simulated and gave the reference's
  outputs (numba's simulator's, or, where the simulator cannot run the
  kernel or differs from numba's GPU typing, the test's own assertions
  passed), and the PTX assembled;
* `wrong`: outputs differed and the test failed;
* `unverified`: simt ran it, but neither the simulator nor the test could
  judge the outputs (the test failed for another reason);
* `needs part 2`: rejected for an operation of the language's part 2
  (math beyond sqrt/exp/log/floor/ceil, atomics other than add, warp
  shuffles and votes with masks, `cuda.random`, ...);
* `rejected`: the frontend rejected a part-1 construct (the message names it);
* `rejected, as numba`: simt rejected the kernel where the test expects
  numba to reject it (`with self.assertRaises(TypingError)` around the
  launch, or around `cuda.jit(signature)(f)`, which numba compiles at once),
  the worker raised simt's rejection as numba's `TypingError`, and the test
  passed: simt refuses what numba refuses, with a message the test accepts.
  Not counted as `equal`: nothing ran. A kernel that has other launches
  too (valid signatures of the same function) takes their outcome: `equal`
  where they are;
* `simulator error`, `lowering error`, `crash`: simt failed after compiling.

The report (`numba_suite.json`, `numba_suite.md`) lists every kernel with its
outcome and, per construct of the language, how many kernels use it and how
many of those are `equal`.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from simt.bench.provenance import git_commit, git_dirty, metadata

WORKER = "simt.bench._numba_suite_worker"
MODULE_TIMEOUT = 600

PART2_CALLS = (
    "cuda.atomic.",
    "cuda.shfl",
    "cuda.syncwarp",
    "cuda.activemask",
    "cuda.lanemask_lt",
    "cuda.threadfence",
    "cuda.syncthreads_",
    "cuda.fma",
    "cuda.selp",
    "cuda.cbrt",
    "cuda.popc",
    "cuda.clz",
    "cuda.brev",
    "cuda.ffs",
    "cuda.match_",
    "cuda.eq_sync",
    "cuda.vote",
    "cuda.cg",
    "cuda.random",
    "cuda.libdevice",
    "cuda.fp16",
    "cuda.nanosleep",
    "libdevice.",
    "math.",
    "cmath.",
    "round",
    "divmod",
    "pow",
)
"""Calls of part 2 of the language (issue 15): math library, atomics other
than add, warp primitives, cuda.random."""

PART2_CONSTRUCT = "part 2 operations"
"""The construct the worker records for a kernel that uses part 2 of the
language (`_numba_suite_worker._is_part2`)."""

REJECTED_AS_NUMBA = "rejected, as numba"
"""The outcome of a kernel that simt rejects where the test expects numba's
`TypingError` (module docstring)."""

PART1_MATH = ("math.sqrt", "math.exp", "math.log", "math.floor", "math.ceil")


def tests_root() -> Path:
    """numba-cuda's installed test package."""
    import numba.cuda

    return Path(numba.cuda.__file__).parent / "tests"


def test_modules(root: Path, selection: Sequence[str] = ()) -> list[str]:
    """The dotted names of the test modules of cudapy/ and doc_examples/."""
    names: list[str] = []
    for folder in ("cudapy", "doc_examples"):
        for path in sorted((root / folder).glob("test_*.py")):
            name = f"numba.cuda.tests.{folder}.{path.stem}"
            if not selection or any(s in name for s in selection):
                names.append(name)
    return names


def static_kernels(root: Path) -> int:
    """Functions of the test files decorated as kernels (`@cuda.jit` without
    `device=True`): the kernels found without running anything."""
    count = 0
    for folder in ("cudapy", "doc_examples"):
        for path in sorted((root / folder).glob("*.py")):
            tree = ast.parse(path.read_text())
            count += sum(1 for node in ast.walk(tree) if _is_kernel_def(node))
    return count


def _is_kernel_def(node: ast.AST) -> bool:
    if not isinstance(node, ast.FunctionDef):
        return False
    for decorator in node.decorator_list:
        text = ast.unparse(decorator)
        if "jit" in text and "device=True" not in text:
            return True
    return False


# ---------------------------------------------------------------------------
# Running the workers
# ---------------------------------------------------------------------------


def run_module(name: str, directory: Path) -> tuple[str, float, str]:
    """Runs one test module in a worker; returns (jsonl path, seconds, error)."""
    out = directory / f"{name}.jsonl"
    env = {**os.environ, "NUMBA_ENABLE_CUDASIM": "1"}
    started = time.perf_counter()
    try:
        result = subprocess.run(
            [sys.executable, "-m", WORKER, name, str(out)],
            env=env,
            capture_output=True,
            text=True,
            timeout=MODULE_TIMEOUT,
            check=False,
        )
        error = "" if result.returncode == 0 else result.stderr[-1500:]
    except subprocess.TimeoutExpired:
        error = f"timed out after {MODULE_TIMEOUT} s"
    return str(out), time.perf_counter() - started, error


def collect(
    modules: Sequence[str], jobs: int
) -> tuple[list[dict[str, Any]], dict[str, str]]:
    records: list[dict[str, Any]] = []
    errors: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(jobs) as pool:
        results = pool.map(lambda m: (m, *run_module(m, Path(tmp))), modules)
        for module, path, seconds, error in results:
            print(
                f"{module}: {seconds:.1f} s{' (' + error.splitlines()[-1] + ')' if error else ''}",
                file=sys.stderr,
            )
            if error:
                errors[module] = error
            if Path(path).exists():
                records.extend(
                    json.loads(line)
                    for line in Path(path).read_text().splitlines()
                    if line
                )
    return records, errors


# ---------------------------------------------------------------------------
# Classification
# ---------------------------------------------------------------------------


_CONSTRUCT = re.compile(r"unsupported construct '((?:[^']|'(?!:|$| ))*)'")


def rejection_construct(message: str) -> str:
    """The construct a rejection names (`call to math.sin`), or the message."""
    found = _CONSTRUCT.search(message)
    if found is not None:
        return found.group(1)
    text = message.split(": ", 2)[-1] if message.startswith("rejected: ") else message
    return re.sub(r"^[^ ]*:\d+:\d+: ", "", text.removeprefix("rejected: "))[:120]


def uses_part2(row: dict[str, Any]) -> bool:
    """Whether a kernel of the report uses part 2 of the language: rejected
    for it, or an operation of it found in its source."""
    return row["outcome"] == "needs part 2" or PART2_CONSTRUCT in row["constructs"]


def needs_part2(construct: str) -> bool:
    call = construct.removeprefix("call to ")
    if construct.startswith("call to ") and call in PART1_MATH:
        return False
    if construct.startswith("call to ") and call.startswith(PART2_CALLS):
        return True
    return construct == "operator **" or construct.startswith(
        ("cuda.any_sync with", "cuda.all_sync with", "cuda.ballot_sync with")
    )


@dataclass
class Kernel:
    """Everything the suite did with one kernel."""

    key: str
    launches: list[dict[str, Any]] = field(default_factory=list[dict[str, Any]])
    tests: dict[str, dict[str, Any]] = field(default_factory=dict[str, dict[str, Any]])

    @property
    def ident(self) -> dict[str, Any]:
        return json.loads(self.key)

    def constructs(self) -> set[str]:
        return {c for launch in self.launches for c in launch.get("constructs", ())}

    def outcome(self) -> tuple[str, str]:
        """(outcome, detail) per the module docstring."""
        as_numba = [launch for launch in self.launches if self._as_numba(launch)]
        launches = [launch for launch in self.launches if not self._as_numba(launch)]
        if as_numba and not launches:
            return REJECTED_AS_NUMBA, rejection_construct(as_numba[0]["compile"])
        return self._outcome_of(launches)

    def _as_numba(self, launch: dict[str, Any]) -> bool:
        """Whether simt's rejection of this launch reached the test as numba's
        `TypingError` and the test, expecting it, passed."""
        test = self.tests.get(launch["test"], {})
        return bool(launch.get("typing_error")) and test.get("outcome") == "pass"

    def _outcome_of(self, launches: list[dict[str, Any]]) -> tuple[str, str]:
        for launch in launches:
            compile_result = launch.get("compile", "")
            if compile_result.startswith("crash"):
                return "crash", compile_result
            if compile_result.startswith("rejected"):
                construct = rejection_construct(compile_result)
                kind = "needs part 2" if needs_part2(construct) else "rejected"
                return kind, construct
        for launch in launches:
            if launch.get("simulate", "ok") != "ok":
                return "simulator error", launch["simulate"]
        for launch in launches:
            verdict = self._verdict(launch)
            if verdict is not None:
                return verdict
        for launch in launches:
            if launch.get("ptx", "ok") != "ok":
                return "lowering error", launch["ptx"]
        return "equal", ""

    def _verdict(self, launch: dict[str, Any]) -> tuple[str, str] | None:
        test = self.tests.get(launch["test"], {})
        passed = test.get("outcome") == "pass"
        compare = launch.get("compare")
        if compare is not None and compare["equal"]:
            return None
        if passed:
            return None
        if compare is not None:
            return "wrong", "; ".join(compare["mismatches"])[:300]
        detail = test.get("detail", "").strip().splitlines()
        return "unverified", (detail[-1] if detail else launch.get("reference", ""))[
            :300
        ]


def kernels_of(records: Iterable[dict[str, Any]]) -> dict[str, Kernel]:
    kernels: dict[str, Kernel] = {}
    tests: dict[tuple[str, str], dict[str, Any]] = {}
    launches = []
    for record in records:
        if record["kind"] == "test":
            tests[(record["module"], record["test"])] = record
        elif record["kind"] == "launch":
            launches.append(record)
    for launch in launches:
        key = json.dumps(launch["kernel"], sort_keys=True)
        kernel = kernels.setdefault(key, Kernel(key))
        kernel.launches.append(launch)
        test = tests.get((launch["module"], launch["test"]))
        if test is not None:
            kernel.tests[launch["test"]] = test
    return kernels


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------


def summarize(
    kernels: dict[str, Kernel],
    found_statically: int,
    errors: dict[str, str],
    commit: str = "unknown",
) -> dict[str, Any]:
    rows = []
    for kernel in sorted(
        kernels.values(), key=lambda k: (k.ident["file"], k.ident["line"])
    ):
        outcome, detail = kernel.outcome()
        rows.append(
            {
                **kernel.ident,
                "outcome": outcome,
                "detail": detail,
                "launches": len(kernel.launches),
                "signatures": sorted(
                    {launch.get("signature", "?") for launch in kernel.launches}
                ),
                "constructs": sorted(kernel.constructs()),
                "verified_by": _verified_by(kernel),
            }
        )
    outcomes = Counter(r["outcome"] for r in rows)
    part2 = [r for r in rows if uses_part2(r)]
    part1 = [r for r in rows if not uses_part2(r)]
    equal = sum(1 for r in part1 if r["outcome"] == "equal")
    equal2 = sum(1 for r in part2 if r["outcome"] == "equal")
    constructs: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        for construct in row["constructs"]:
            constructs[construct]["kernels"] += 1
            constructs[construct][row["outcome"]] += 1
    rejections = Counter(
        r["detail"] for r in rows if r["outcome"] in ("rejected", "needs part 2")
    )
    compiled = [k for k in kernels.values() if _all_launches(k, "compile")]
    return {
        "date": date.today().isoformat(),
        "command": "python -m simt.bench.numba_suite " + " ".join(sys.argv[1:]),
        "simt_commit": commit,
        "machine": f"{platform.node()}, {platform.machine()}, {os.cpu_count()} CPUs, "
        f"{platform.python_implementation()} {platform.python_version()}; no GPU "
        "(simt's simulator; ptxas for sm_70/80/90)",
        "numba_cuda": _version("numba-cuda"),
        "accepted": len(compiled),
        "assembled": sum(1 for k in compiled if _all_launches(k, "ptx")),
        "kernels_found_statically": found_statically,
        "kernels_launched": len(rows),
        "outcomes": dict(outcomes),
        "part1_kernels": len(part1),
        "part1_equal": equal,
        "part1_equal_fraction": round(equal / len(part1), 4) if part1 else 0.0,
        "part2_kernels": len(part2),
        "part2_equal": equal2,
        "part2_equal_fraction": round(equal2 / len(part2), 4) if part2 else 0.0,
        "part2_outcomes": dict(Counter(r["outcome"] for r in part2)),
        "constructs": {k: dict(v) for k, v in sorted(constructs.items())},
        "rejections": dict(rejections.most_common()),
        "module_errors": {
            k: v.strip().splitlines()[-1] if v.strip() else v for k, v in errors.items()
        },
        "kernels": rows,
    }


def _all_launches(kernel: Kernel, step: str) -> bool:
    """Whether every launch of the kernel got past `step` (`compile`, `ptx`)."""
    return all(launch.get(step) == "ok" for launch in kernel.launches)


def _commit() -> str:
    """The simt commit the suite ran (with `+dirty` for uncommitted changes)."""
    head = git_commit(short=True)
    if head is None:
        return "unknown"
    return head + ("+dirty" if git_dirty() else "")


def _verified_by(kernel: Kernel) -> str:
    compared = [
        launch for launch in kernel.launches if launch.get("compare") is not None
    ]
    if compared and len(compared) == len(kernel.launches):
        return "simulator"
    if compared:
        return "simulator and test"
    return "test"


def _version(package: str) -> str:
    from importlib.metadata import version

    return version(package)


def markdown(summary: dict[str, Any]) -> str:
    lines = [
        "# simt on numba-cuda's test suite and documentation examples",
        "",
        f"numba-cuda {summary['numba_cuda']}, {summary['date']}, simt "
        f"{summary['simt_commit']}; {summary['machine']}. Written by "
        f"`{summary['command'].strip()}` (see its docstring for the method).",
        "",
        f"- kernels launched: {summary['kernels_launched']}; compiled by simt "
        f"(every launch): {summary['accepted']}; PTX assembled by ptxas for "
        f"sm_70/80/90: {summary['assembled']}; simulated equal to the reference: "
        f"{summary['outcomes'].get('equal', 0)}; wrong outputs: "
        f"{summary['outcomes'].get('wrong', 0)}",
        f"- kernels rejected as numba rejects them (the test expects numba's "
        f"TypingError, got simt's rejection as one, and passed; not counted as "
        f"equal): {summary['outcomes'].get(REJECTED_AS_NUMBA, 0)}",
        f"- kernels found (functions decorated as kernels in the test files): "
        f"{summary['kernels_found_statically']}",
        f"- kernels launched by the suite (each specialization and launch run by simt): "
        f"{summary['kernels_launched']}",
        f"- kernels that need only part 1 of the language: {summary['part1_kernels']}, "
        f"of which **{summary['part1_equal']} ({summary['part1_equal_fraction']:.1%}) "
        "compile, simulate equal to the reference and assemble for sm_70/80/90**",
        f"- kernels that use part 2 (math library, atomics, warp and block "
        f"primitives, `**`, libdevice, cuda.random, ...): {summary['part2_kernels']}, "
        f"of which **{summary['part2_equal']} ({summary['part2_equal_fraction']:.1%}) "
        f"equal**; their outcomes: {summary['part2_outcomes']}",
        "",
        "| outcome | kernels |",
        "|---|---|",
        *(
            f"| {k} | {v} |"
            for k, v in sorted(summary["outcomes"].items(), key=lambda kv: -kv[1])
        ),
        "",
        "## Per construct",
        "",
        "How many kernels use each construct, and their outcomes.",
        "",
        "| construct | kernels | equal | needs part 2 | other |",
        "|---|---|---|---|---|",
    ]
    for name, counts in summary["constructs"].items():
        other = (
            counts["kernels"] - counts.get("equal", 0) - counts.get("needs part 2", 0)
        )
        lines.append(
            f"| {name} | {counts['kernels']} | {counts.get('equal', 0)} | "
            f"{counts.get('needs part 2', 0)} | {other} |"
        )
    lines += [
        "",
        "## Rejections, by construct",
        "",
        "| construct | kernels |",
        "|---|---|",
    ]
    lines += [f"| `{k}` | {v} |" for k, v in summary["rejections"].items()]
    lines += [
        "",
        "## Every kernel",
        "",
        "| kernel | file:line | outcome | detail |",
        "|---|---|---|---|",
    ]
    for row in summary["kernels"]:
        detail = str(row["detail"]).replace("|", "\\|").replace("\n", " ")[:160]
        lines.append(
            f"| `{row['qualname']}` | {row['file'].split('numba/cuda/tests/')[-1]}:{row['line']} "
            f"| {row['outcome']} | {detail} |"
        )
    if summary["module_errors"]:
        lines += ["", "## Test modules that did not run to the end", ""]
        lines += [f"- `{k}`: {v}" for k, v in summary["module_errors"].items()]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("bench/results"))
    parser.add_argument(
        "-k",
        action="append",
        default=[],
        help="run the modules whose name contains this",
    )
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    options = parser.parse_args(argv)
    root = tests_root()
    modules = test_modules(root, options.k)
    commit = _commit()
    records, errors = collect(modules, options.jobs)
    summary = summarize(kernels_of(records), static_kernels(root), errors, commit)
    summary = {"metadata": metadata(summary["command"].strip()), **summary}
    options.out.mkdir(parents=True, exist_ok=True)
    (options.out / "numba_suite.json").write_text(json.dumps(summary, indent=1) + "\n")
    (options.out / "numba_suite.md").write_text(markdown(summary))
    print(
        f"{summary['part1_equal']}/{summary['part1_kernels']} part-1 kernels equal "
        f"({summary['part1_equal_fraction']:.1%}); "
        f"{summary['part2_equal']}/{summary['part2_kernels']} part-2 kernels equal; "
        f"outcomes {summary['outcomes']}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
