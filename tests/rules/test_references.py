"""The repository stands alone: no file names a path outside it, and every game's
rules cite the published rulebook (title, publisher, year) and docs/rules/<game>.md.

The scanner is proven able to fail on a planted line, so a passing run means
something."""

from pathlib import Path

import pytest
from interpreters import ROOT

from shared_rules import games

# Built by concatenation so this file does not trip its own check.
OUTSIDE = (
    "/" + "work/",
    ".." + "/shared/",
    "shared/" + "rulebooks",
    "shared/" + "research",
    "DEVICE_" + "INTERFACE",
)
# What a run leaves behind (caches, the venv, bench results) is not the repository.
SKIP_DIRS = {
    ".git",
    ".venv",
    ".hypothesis",
    ".pytest_cache",
    ".ruff_cache",
    "__pycache__",
    "bench-results",
    "build",
}
TEXT = {".py", ".md", ".txt", ".json", ".toml", ".cfg", ".svg", ".sh", ""}


def text_files(root: Path):
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in rel.parts):
            continue
        if path.is_file() and path.suffix in TEXT:
            yield path


def outside_paths(root: Path) -> list[str]:
    """'file:line: text' for every line naming a path outside the repository."""
    found = []
    for path in text_files(root):
        try:
            lines = path.read_text().splitlines()
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(lines, 1):
            if any(bad in line for bad in OUTSIDE):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()[:80]}")
    return found


def test_no_path_outside_the_repository():
    assert outside_paths(ROOT) == []


def test_the_scanner_finds_a_planted_path(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "x.md").write_text("fine\nsee " + OUTSIDE[0] + "shared/x.txt\n")
    (tmp_path / "a.py").write_text("# " + OUTSIDE[4] + ".md\n")
    assert [f.split(":")[:2] for f in outside_paths(tmp_path)] == [
        ["a.py", "1"],
        ["docs/x.md", "2"],
    ]


GAMES = [n for n in games.catalogue() if games.entry_module_name(n)]


@pytest.mark.parametrize("name", GAMES)
def test_rules_cite_the_published_rulebook(name):
    """A game whose rules were never published (New Rule: a web page) cites what the
    document is instead of a publisher, with no year, and its rules document says
    that no published title is known."""
    entry = games.entry(name)
    title, publisher, year = entry.RULEBOOK
    assert title and publisher
    doc = ROOT / "docs" / "rules" / f"{name}.md"
    text = doc.read_text()
    if year is None:
        assert "no published title" in " ".join(text.split()), doc.name
        cites = (title, publisher)
    else:
        assert isinstance(year, int) and 1900 < year < 2100
        cites = (title, publisher, str(year))
    for word in cites:
        assert word in text, f"{doc.name} does not name {word!r} of its rulebook"
    engine = (ROOT / (entry.ENGINE[0].replace(".", "/") + ".py")).read_text()
    # the game's token ("new_rule", "mea_culpa_keeper"), as its tests are named
    module = entry.ENGINE[0].split(".", 1)[1].replace(".rules", "").replace(".", "_")
    head = " ".join(engine.split('"""')[1].split())
    for word in cites + (f"docs/rules/{name}.md",):
        assert word in head, f"{entry.ENGINE[0]}'s docstring does not name {word!r}"
    tests = sorted((ROOT / "tests" / "portable").glob(f"test_{module}*.py"))
    for path in tests:
        head = " ".join(path.read_text().split('"""')[1].split())
        for word in cites + ("docs/rules/",):
            assert word in head, f"{path.name}'s docstring does not cite {word!r}"
