"""Every rule of a game's checklist has a test that cites its number.

The specs beside the repository (``../shared/specs/<game>.md``, or ``$COMPANION_SPECS``) number every
rule of a rulebook (``MM-001``, ``RM-042``, ...). Issues 8 and 9 ask that each
one has a test citing it; a test cites a rule by its number, by a range
(``MM-104..108``) or by a list (``RM-154/159``)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from .rulebooks import SPECS

TESTS = Path(__file__).resolve().parent

CHECKLISTS = {"MM": "mission-to-mars-2049.md", "RM": "race-to-mars.md"}


def checklist(prefix: str, text: str) -> set[int]:
    """The rule numbers a spec defines: its checklist lines start with ``PREFIX-NNN``."""
    return {int(n) for n in re.findall(rf"(?m)^\W*{prefix}-(\d{{3}})\b", text)} or \
        {int(n) for n in re.findall(rf"{prefix}-(\d{{3}})", text)}


def cited(prefix: str, text: str) -> set[int]:
    """The rule numbers ``text`` cites, ranges and lists expanded."""
    out: set[int] = set()
    pattern = rf"{prefix}-(\d{{3}})((?:\s*(?:\.\.|–)\s*(?:{prefix}-)?\d{{3}})|(?:/(?:{prefix}-)?\d{{3}})+)?"
    for m in re.finditer(pattern, text):
        first = int(m.group(1))
        out.add(first)
        rest = m.group(2) or ""
        numbers = [int(n) for n in re.findall(r"\d{3}", rest)]
        if ".." in rest or "–" in rest:
            out.update(range(first, numbers[0] + 1))
        else:
            out.update(numbers)
    return out


def test_cited_reads_ranges_and_lists() -> None:
    assert cited("MM", "MM-104..106 and RM-001, MM-007/009") == {104, 105, 106, 7, 9}
    assert cited("RM", "RM-010–012") == {10, 11, 12}


@pytest.mark.parametrize("prefix", sorted(CHECKLISTS))
def test_every_checklist_rule_has_a_test(prefix: str) -> None:
    spec = SPECS / CHECKLISTS[prefix]
    assert spec.exists(), f"{spec} is not beside the repository (the specs are the definition of done)"
    rules = checklist(prefix, spec.read_text())
    assert len(rules) > 100, f"the checklist of {spec.name} was not read"
    tests = set()
    for path in TESTS.rglob("*.py"):
        if path.name != Path(__file__).name:
            tests |= cited(prefix, path.read_text())
    missing = sorted(rules - tests)
    assert not missing, f"{spec.name}: no test cites " + ", ".join(f"{prefix}-{n:03d}" for n in missing)
