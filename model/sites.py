"""Stable names of ops and blocks: the keys of a dynamic profile.

A site is named by position, stably for a given module: `@kernel/b0.3` is
op 3 of block 0 of `@kernel`'s body, `@kernel/b0.3/r1.b0.2` is op 2 of block
0 of region 1 of that op; a block is named like an op without the op index
(`@kernel/b2`). The simulator writes its per-branch, per-loop and per-block
counts under these names (`simt.sim.stats`), and the cost model and
`simt-optimize` read a profile back through them, so both sides must use
these functions.

`site_id` and `block_id` answer one query by walking up from the op;
`site_ids` names every op under a root in one walk (linear in its size).
"""

from __future__ import annotations

from collections.abc import Iterable

from xdsl.ir import Block, Operation


def _index_of(items: Iterable[object], item: object) -> int:
    for i, candidate in enumerate(items):
        if candidate is item:
            return i
    raise ValueError("item not found in its parent")


def _func_name(op: Operation) -> str:
    sym = op.properties.get("sym_name")
    return str(getattr(sym, "data", op.name))


def block_id(block: Block) -> str:
    """The stable name of a block: `@func/b2`, `@func/b0.3/r1.b0` when nested."""
    parts: list[str] = []
    current: Block | None = block
    while current is not None:
        region = current.parent
        owner = region.parent if region is not None else None
        if region is None or owner is None:
            break
        b_index = _index_of(region.blocks, current)
        if owner.name == "func.func":
            parts.append(f"@{_func_name(owner)}/b{b_index}")
            break
        r_index = _index_of(owner.regions, region)
        parts.append(f"r{r_index}.b{b_index}")
        parent_block = owner.parent
        if parent_block is None:
            break
        parts.append(str(_index_of(parent_block.ops, owner)))
        current = parent_block
    return _join(parts)


def _join(parts: list[str]) -> str:
    """Joins the pieces collected innermost first into `@f/b0.3/r1.b0`."""
    text = ""
    for part in reversed(parts):
        if not text:
            text = part
        elif part[0].isdigit():
            text += f".{part}"
        else:
            text += f"/{part}"
    return text


def site_id(op: Operation) -> str:
    """The stable name of an op: `@func/b0.3`, `@func/b0.3/r1.b0.2` when nested."""
    block = op.parent
    if block is None:
        return op.name
    return f"{block_id(block)}.{_index_of(block.ops, op)}"


def site_ids(root: Operation) -> dict[Operation, str]:
    """`site_id` of every op nested in `root` (root excluded), in one walk."""
    names: dict[Operation, str] = {}
    root_name = site_id(root) if root.parent is not None else None
    pending: list[tuple[Operation, str | None]] = [(root, root_name)]
    while pending:
        op, prefix = pending.pop()
        for r_index, region in enumerate(op.regions):
            for b_index, block in enumerate(region.blocks):
                name = _block_name(op, prefix, r_index, b_index)
                for o_index, child in enumerate(block.ops):
                    child_name = f"{name}.{o_index}"
                    names[child] = child_name
                    pending.append((child, child_name))
    return names


def _block_name(owner: Operation, prefix: str | None, r_index: int, b: int) -> str:
    if owner.name == "func.func":
        return f"@{_func_name(owner)}/b{b}"
    if prefix is None:
        return f"r{r_index}.b{b}"
    return f"{prefix}/r{r_index}.b{b}"
