"""The generated reference pages (docs/passes/*.md, docs/api.md) are up to
date with the code, and every simt pass has a page with its source, options
and an example."""

from __future__ import annotations

from simt.tools import gen_docs
from simt.universe import get_all_passes


def test_committed_pages_are_up_to_date() -> None:
    stale = [
        str(path.relative_to(gen_docs.ROOT))
        for path, text in gen_docs.pages().items()
        if not path.exists() or path.read_text() != text
    ]
    assert not stale, f"run python -m simt.tools.gen_docs: stale {stale}"


def test_every_simt_pass_has_a_full_page() -> None:
    for name in get_all_passes():
        if not name.startswith("simt-"):
            continue
        page = (gen_docs.ROOT / "docs" / "passes" / f"{name}.md").read_text()
        for section in ("## Source", "## What it does", "## Options", "## Example"):
            assert section in page, f"{name}: no {section}"
        assert name in gen_docs.EXAMPLES


def test_api_reference_covers_the_public_names() -> None:
    import simt

    page = (gen_docs.ROOT / "docs" / "api.md").read_text()
    for name in simt.__all__:
        assert f"## `simt.{name}`" in page
