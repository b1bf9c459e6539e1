"""Every rulebook section the 30 to Mars engine cites exists in the rulebook.

A rejection names "30-to-mars.txt, <section>"; a player who looks it up must
find that heading (shared/rules/30-to-mars.txt, beside this repository).
"""
import ast
import re
from pathlib import Path

import pytest

from companion.rules.thirty_to_mars import actions
from tests.rulebooks import RULEBOOKS

RULEBOOK = RULEBOOKS / actions.RULEBOOK
SOURCES = Path(actions.__file__).parent


def cited_sections():
    """Every constant section passed to ``reject``/``rule_ref``, and the values of ``section_of``."""
    found = set()
    for path in SOURCES.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("reject", "rule_ref"):
                last = node.args[-1]
                if isinstance(last, ast.Constant) and isinstance(last.value, str):
                    found.add(last.value)
            if isinstance(node, ast.FunctionDef) and node.name == "section_of":
                found |= {v.value for d in ast.walk(node) if isinstance(d, ast.Dict) for v in d.values}
    return sorted(found)


def heading(section):
    """ "Turn Overview 4 NB" -> "Turn Overview"; "Marsonaut Profiles: Dieter NB" -> ("Marsonaut Profiles", "Dieter")."""
    main, _, who = section.partition(":")
    main = re.sub(r"(\s+\d+)?(\s+NB)?$", "", main.strip())
    return main, who.replace("NB", "").strip()


@pytest.mark.skipif(not RULEBOOK.exists(), reason=f"the rulebook is not at {RULEBOOK}")
def test_every_cited_section_is_a_heading_of_the_rulebook():
    lines = {line.strip() for line in RULEBOOK.read_text().splitlines()}
    text = RULEBOOK.read_text()
    sections = cited_sections()
    assert len(sections) > 15
    for citation in sections:
        for section in citation.split(" / "):
            main, who = heading(section)
            assert main in lines or any(line.startswith(main) for line in lines), citation
            if who:
                assert who in text, citation
