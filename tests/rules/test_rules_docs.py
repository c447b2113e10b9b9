"""Every game's rules document lists its readings in one table: the rulebook's words
(quoted, with the section they come from), the reading, the option that switches it
and the test that pins it. Each test the table names must exist, so a reading cannot
claim a test that was renamed or never written.

The checker is proven able to fail on planted rows."""

import re

import pytest
from interpreters import ROOT

HEADER = "| # | the rulebook's words"
TEST = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))


def problems(text: str) -> list[str]:
    """What is wrong with a document's table of readings ([] if nothing)."""
    lines = text.splitlines()
    starts = [i for i in range(len(lines)) if lines[i].startswith(HEADER)]
    if len(starts) != 1:
        return ["%d tables of readings, not one" % len(starts)]
    out = []
    rows = 0
    for line in lines[starts[0] + 2 :]:
        if not line.startswith("|"):
            break
        rows += 1
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5:
            out.append("%s: %d columns, not 5" % (line[:40], len(cells)))
            continue
        number, words, reading, option, tests = cells
        if '"' not in words or not re.search(r"\(.+\)", words):
            out.append("%s: the rulebook's words are not quoted with their section" % number)
        if not reading or not option:
            out.append("%s: no reading, or no option (write (none))" % number)
        named = TEST.findall(tests)
        if not named:
            out.append("%s: no test named" % number)
        for path, name in named:
            source = ROOT / path
            if not source.exists() or ("def %s(" % name) not in source.read_text():
                out.append("%s: no test %s::%s" % (number, path, name))
    if not rows:
        out.append("the table of readings is empty")
    return out


@pytest.mark.parametrize("doc", DOCS, ids=[d.name for d in DOCS])
def test_readings_table(doc):
    assert problems(doc.read_text()) == []


def test_the_check_fails_on_planted_rows():
    good = (ROOT / "docs" / "rules" / "new-rule.md").read_text()
    assert problems(good) == []
    planted = {
        "a test that does not exist": good.replace(
            "test_the_ace_costs_one_or_eleven`", "test_the_ace_costs_twelve`", 1
        ),
        "words without a quote": re.sub(r"\| 1 \| [^|]*\|", "| 1 | the Ace (The God Card) |", good),
        "words without a section": re.sub(r"\| 1 \| [^|]*\|", '| 1 | "its value" |', good),
        "a second table": good + "\n" + HEADER + " | x |\n|---|\n",
        "no test at all": re.sub(
            r"\| `tests/portable/test_new_rule.py::test_the_ace[^|]*\|", "| |", good
        ),
    }
    for what, text in planted.items():
        assert problems(text), what
