"""`simt-loop-tree`: prints the method's tree of loops of every kernel.

Source: Bulavintsev and Zhdanov 2021, Sec. 4 (CFG -> tree of loops -> merge
the loops that cannot be parallelized -> map the tree onto grid, block, warp
and lane); the analysis lives in `simt.analysis.loop_tree`, this module only
prints its answers, with trip counts from a simulator profile when given one
(`SimulationStats.to_json()`, matched by site: `@kernel/b0.3` for a `scf`
loop op, `@kernel/b2` for the header block of a `cf` loop).

Text form, one line per loop, indented by nesting, then its carried values,
its memory conflicts and notes:

    loop tree of @k
      L0 threads at k.py:1:1: trip ? (launch), independent, level grid/block/warp
        L1 scf.for @k/b0.3 at k.py:3:5: trip 8 (static), independent, exit uniform, level lane
          carried %acc: reduction (add)

`format=json` prints `{"kernels": [{"kernel", "noalias", "loops": [...]}]}`
instead (fields as in the text, see `tree_to_json`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal, TextIO

from xdsl.context import Context
from xdsl.dialects import builtin
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from simt.analysis.loop_tree import LoopKind, LoopNode, LoopTree, build_loop_trees
from simt.passes.divergence import check_analyzable


@dataclass(frozen=True)
class TripCount:
    """A loop's trip count and where it comes from."""

    value: float | None
    source: str
    """"static", "profile", "launch" (the thread loop without a profile),
    "unknown", or "not in profile" (a loop the profiled run never entered)."""

    def describe(self) -> str:
        if self.value is None:
            return f"? ({self.source})"
        shown = (
            f"{self.value:g}" if self.value != int(self.value) else str(int(self.value))
        )
        return f"{shown} ({self.source})"


@dataclass(frozen=True)
class KernelProfile:
    """The parts of a simulator profile this pass reads."""

    threads: int | None
    warp_size: int | None
    trip_counts: Mapping[str, float | None]


def load_profiles(path: str) -> dict[str, KernelProfile]:
    """Reads a profile file: one `SimulationStats.to_json()` object, or a list
    of them (several kernels). Raises ValueError naming the file."""
    try:
        data = json.loads(Path(path).read_text())
    except OSError as error:
        raise ValueError(f"cannot read profile '{path}': {error.strerror}") from error
    except json.JSONDecodeError as error:
        raise ValueError(f"profile '{path}' is not JSON: {error}") from error
    entries = data if isinstance(data, list) else [data]
    profiles: dict[str, KernelProfile] = {}
    for entry in entries:
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("kernel"), str)
            or not isinstance(entry.get("loops"), dict)
        ):
            raise ValueError(
                f"profile '{path}': expected a SimulationStats.to_json() object "
                "with 'kernel' (a string) and 'loops' (an object), or a list of "
                f"them, found {_shape(entry)}"
            )
        profiles[entry["kernel"]] = _kernel_profile(path, entry)
    return profiles


def _shape(entry: object) -> str:
    """A short description of a malformed profile entry."""
    if isinstance(entry, dict):
        keys = ", ".join(repr(str(k)) for k in list(entry)[:6])
        return f"an object with keys [{keys}]"
    return f"{type(entry).__name__} {json.dumps(entry)[:40]}"


def _kernel_profile(path: str, entry: Mapping[str, Any]) -> KernelProfile:
    where = f"profile '{path}', kernel '{entry['kernel']}'"
    trips: dict[str, float | None] = {}
    for site, stats in entry["loops"].items():
        if not isinstance(stats, dict):
            raise ValueError(
                f"{where}: expected loop '{site}' to be an object with "
                f"'trip_count', found {json.dumps(stats)}"
            )
        value = stats.get("trip_count")
        if value is not None and not _is_number(value):
            raise ValueError(
                f"{where}: expected the trip_count of loop '{site}' to be a "
                f"number or null, found {json.dumps(value)}"
            )
        trips[str(site)] = None if value is None else float(value)
    return KernelProfile(
        _count(where, entry, "threads"), _count(where, entry, "warp_size"), trips
    )


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _count(where: str, entry: Mapping[str, Any], key: str) -> int | None:
    """A positive integer field of the profile, None when absent or null."""
    value = entry.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(
            f"{where}: expected '{key}' to be a positive integer, "
            f"found {json.dumps(value)}"
        )
    return value


def site_of(node: LoopNode) -> str | None:
    """The simulator's name of the loop (None for the thread loop)."""
    from simt.model.sites import block_id, site_id

    if node.op is not None:
        return site_id(node.op)
    if node.header is not None:
        return block_id(node.header)
    return None


def trip_count(node: LoopNode, profile: KernelProfile | None) -> TripCount:
    """Static when known, else from the profile, else unknown."""
    if node.static_trip_count is not None:
        return TripCount(node.static_trip_count, "static")
    if node.kind is LoopKind.THREADS:
        if profile is not None and profile.threads is not None:
            return TripCount(profile.threads, "profile")
        return TripCount(None, "launch")
    if profile is None:
        return TripCount(None, "unknown")
    site = site_of(node)
    if site is None or site not in profile.trip_counts:
        return TripCount(None, "not in profile")
    return TripCount(profile.trip_counts[site], "profile")


def notes(node: LoopNode, trips: TripCount, profile: KernelProfile | None) -> list[str]:
    """Remarks on the mapping: a lane loop with fewer iterations than lanes
    leaves lanes idle (the paper's "Take 2")."""
    lanes = profile.warp_size if profile is not None else None
    if node.level != "lane" or lanes is None or trips.value is None:
        return []
    if trips.value >= lanes:
        return []
    return [
        f"about {trips.value:.3g} iterations for {lanes} lanes: lanes would idle; "
        "merge it with a neighbouring loop (Take 3) before mapping it to lanes"
    ]


def node_to_json(node: LoopNode, profile: KernelProfile | None) -> dict[str, Any]:
    trips = trip_count(node, profile)
    return {
        "id": f"L{node.index}",
        "kind": node.kind.value,
        "site": site_of(node),
        "location": node.location,
        "parent": None if node.parent is None else f"L{node.parent}",
        "children": [f"L{c}" for c in node.children],
        "depth": node.depth,
        "trip_count": trips.value,
        "trip_count_source": trips.source,
        "independent": node.independent,
        "carried": [
            {"name": c.name, "kind": c.kind.value, "detail": c.detail}
            for c in node.independence.carried
        ],
        "memory_conflicts": [c.describe() for c in node.independence.conflicts],
        "obstacles": list(node.independence.obstacles),
        "reasons": list(node.independence.reasons),
        "divergent_exit": node.divergent_exit,
        "level": node.level,
        "notes": notes(node, trips, profile),
    }


def tree_to_json(tree: LoopTree, profile: KernelProfile | None) -> dict[str, Any]:
    """The JSON object of one kernel's tree."""
    return {
        "kernel": tree.name,
        "noalias": tree.noalias,
        "loops": [node_to_json(node, profile) for node in tree.nodes],
    }


def tree_to_text(tree: LoopTree, profile: KernelProfile | None) -> str:
    """The text form of one kernel's tree (see the module docstring)."""
    lines = [f"loop tree of @{tree.name}{' (noalias)' if tree.noalias else ''}"]
    for node in tree.nodes:
        lines.extend(_node_lines(node, profile))
    return "\n".join(lines) + "\n"


def _node_lines(node: LoopNode, profile: KernelProfile | None) -> list[str]:
    indent = "  " * (node.depth + 1)
    trips = trip_count(node, profile)
    site = site_of(node)
    kind = node.kind.value if node.kind is not LoopKind.NATURAL else "cf loop"
    head = f"{indent}L{node.index} {kind}"
    head += f" {site}" if site is not None else ""
    head += f" at {node.location}" if node.location is not None else ""
    facts = [f"trip {trips.describe()}"]
    facts.append("independent" if node.independent else "dependent")
    if node.divergent_exit is not None:
        facts.append(f"exit {'divergent' if node.divergent_exit else 'uniform'}")
    facts.append(f"level {node.level}")
    lines = [f"{head}: {', '.join(facts)}"]
    lines.extend(f"{indent}  carried {c.describe()}" for c in node.independence.carried)
    lines.extend(f"{indent}  {c.describe()}" for c in node.independence.conflicts)
    lines.extend(f"{indent}  {text}" for text in node.independence.obstacles)
    lines.extend(f"{indent}  note: {text}" for text in notes(node, trips, profile))
    return lines


@dataclass(frozen=True)
class LoopTreePass(ModulePass):
    """Prints, for every kernel, the tree of loops of Bulavintsev and Zhdanov's
    method: nesting, trip count, independence of iterations (with the carried
    values and memory conflicts that decide it), divergent exits, and the GPU
    level each loop maps to (grid, block, warp, lane, or merge into parent).

    Input invariant: any module whose functions all have bodies and whose ops
    are all registered (see `simt.passes.divergence.check_analyzable`);
    kernels are `func.func` with `simt.kernel`. A malformed or missing
    profile fails the pass with a message naming the file and the field.
    A profile (option `profile=<path.json>`) must come from a simulation of
    this same module (sites are positions in it).

    Output IR: unchanged. The tree of every kernel as text, or as one JSON
    object with `format=json`, on standard error (so that the IR on standard
    output stays parseable) or in the file `output=<path>`.

    Invariants: the IR is not touched. Options: `format` (text | json),
    `profile` (a `SimulationStats.to_json()` file, or a list of them),
    `noalias` (assume distinct kernel arguments never share memory; off by
    default, so any two arrays may alias), `output` (a file for the report).
    """

    name = "simt-loop-tree"

    format: Literal["text", "json"] = "text"
    profile: str | None = None
    noalias: bool = False
    output: str | None = None

    stream: ClassVar[TextIO | None] = None
    """Where to print without `output`; standard error when None (tests may
    redirect it)."""

    def apply(self, ctx: Context, op: builtin.ModuleOp) -> None:
        if self.format not in ("text", "json"):
            raise PassFailedException(
                "simt-loop-tree: format must be 'text' or 'json', "
                f"found '{self.format}'"
            )
        check_analyzable(self.name, op)
        trees = build_loop_trees(op, noalias=self.noalias)
        profiles = self._profiles(trees)
        if self.output is not None:
            try:
                with open(self.output, "w") as out:
                    self._write(out, trees, profiles)
            except OSError as error:
                raise PassFailedException(
                    f"{self.name}: cannot write '{self.output}': {error.strerror}"
                ) from None
            return
        self._write(
            self.stream if self.stream is not None else sys.stderr, trees, profiles
        )

    def _write(
        self,
        out: TextIO,
        trees: tuple[LoopTree, ...],
        profiles: dict[str, KernelProfile],
    ) -> None:
        if self.format == "json":
            kernels = [tree_to_json(t, profiles.get(t.name)) for t in trees]
            out.write(json.dumps({"kernels": kernels}, indent=2) + "\n")
        else:
            for tree in trees:
                out.write(tree_to_text(tree, profiles.get(tree.name)))
            if not trees:
                out.write(
                    "loop tree: no kernel (func.func with simt.kernel) in the module\n"
                )
        out.flush()

    def _profiles(self, trees: tuple[LoopTree, ...]) -> dict[str, KernelProfile]:
        if self.profile is None:
            return {}
        try:
            profiles = load_profiles(self.profile)
        except ValueError as error:
            raise PassFailedException(f"simt-loop-tree: {error}") from error
        names = {t.name for t in trees}
        unknown = [name for name in profiles if name not in names]
        if unknown:
            raise PassFailedException(
                f"simt-loop-tree: profile '{self.profile}' is for kernel "
                f"'{unknown[0]}', which is not in the module "
                f"(kernels: {', '.join(sorted(names)) or 'none'})"
            )
        return profiles
