"""The README's and docs/'s Python examples run as doctests, and their links lead somewhere, so the documentation
cannot drift from the code.  The examples read ``../shared/phh``: run from the project's folder, as ``make test``
does."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

EXAMPLES = {"README.md": 5, "docs/python-api.md": 60}
"""Each file with Python examples and the fewest it must run: a file that lost its examples fails."""


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


@pytest.mark.parametrize(("name", "floor"), sorted(EXAMPLES.items()))
def test_examples_run(name: str, floor: int) -> None:
    failures, tried = doctest.testfile(str(ROOT / name), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried >= floor
    assert failures == 0


def test_every_page_with_examples_is_run() -> None:
    with_examples = {p.relative_to(ROOT).as_posix() for p in _pages() if re.search(r"^>>> ", p.read_text(), re.M)}
    assert with_examples == set(EXAMPLES)


def _anchor(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(), flags=re.M | re.S)  # no headings inside code blocks
    return {_anchor(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, re.M)}


def test_anchor_is_githubs() -> None:
    assert _anchor("The online room: `pokerroom serve`") == "the-online-room-pokerroom-serve"
    assert _anchor("`pokerroom compare` and `pokerroom rank`") == "pokerroom-compare-and-pokerroom-rank"


def test_links_lead_to_a_page_and_a_heading() -> None:
    broken = []
    for page in _pages():
        text = re.sub(r"^```.*?^```", "", page.read_text(), flags=re.M | re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # https: and other schemes: not checked here
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.is_file():
                broken.append(f"{page.name}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
                broken.append(f"{page.name}: {target} (no such heading)")
    assert broken == []


def test_readme_is_a_start_page() -> None:
    """The README says what pokerroom is and how to start; the reference is in docs/, each page linked."""
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 180
    for heading in ("Install", "Play in the browser", "Play in the terminal", "Run the tests", "Documentation"):
        assert f"\n## {heading}\n" in text
    for page in sorted(DOCS.glob("*.md")):
        assert f"](docs/{page.name})" in text, page.name
