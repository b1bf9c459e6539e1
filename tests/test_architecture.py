"""The shape of the code (shared/DESIGN.md, "Layout" and "one game, one place"):

- no module outside a game's own packages (``companion/rules/<package>/`` and
  ``companion/ui/games/<package>/``) imports that game's modules;
- ``import companion.ui`` (and the shell's app) loads no game package until a
  game is opened;
- every rulebook section cited anywhere in a game's packages, its screens
  included, is a heading of that game's rulebook.
"""
import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.rules import ENTRIES

from .rulebooks import RULEBOOKS, cites_a_heading

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {e.package: e for e in ENTRIES}


def _imports(path: Path) -> set[str]:
    """Every module name ``path`` imports (absolute, relative ones resolved)."""
    tree = ast.parse(path.read_text())
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    package = parts if path.name == "__init__.py" else parts[:-1]
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            names.add(module)
            names |= {f"{module}.{a.name}" for a in node.names}
    return names


def _owner(path: Path) -> str | None:
    """The game package ``path`` belongs to, or None for the shared layers."""
    rel = path.relative_to(ROOT).parts
    if rel[:2] == ("companion", "rules") and len(rel) > 3:
        return rel[2]
    if rel[:3] == ("companion", "ui", "games") and len(rel) > 4:
        return rel[3]
    return None


def test_no_module_outside_a_game_imports_that_game():
    offenders = []
    for path in [*ROOT.joinpath("companion").rglob("*.py"), *ROOT.joinpath("hw").rglob("*.py")]:
        owner = _owner(path)
        for name in _imports(path):
            for package in PACKAGES:
                if re.search(rf"(^|\.){package}(\.|$)", name) and owner != package:
                    offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_importing_the_shell_loads_no_game():
    code = ("import sys, companion.ui, companion.ui.app, companion.session, companion.catalogue, companion.cli; "
            "games = [m for m in sys.modules if m.startswith(('companion.rules.', 'companion.ui.games.')) "
            "and m.split('.')[2 if m.startswith('companion.rules.') else 3] in " + repr(sorted(PACKAGES)) + "]; "
            "print(games); sys.exit(1 if games else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def _citations(entry) -> list[str]:
    """Every section cited in ``entry``'s rules and screen packages: the section
    part of each ``"<rulebook>, <section>"`` text, and the last constant
    argument of each ``reject``/``rule_ref`` call."""
    found = set()
    dirs = [ROOT / "companion" / "rules" / entry.package, ROOT / "companion" / "ui" / "games" / entry.package]
    cite = re.compile(re.escape(entry.rulebook) + r", ([A-Za-z0-9][^)\"']+)")
    for d in dirs:
        for path in d.rglob("*.py"):
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found |= {m.group(1).strip().rstrip(".") for m in cite.finditer(node.value)}
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("reject", "rule_ref") \
                        and node.args and isinstance(node.args[-1], ast.Constant) \
                        and isinstance(node.args[-1].value, str):
                    found.add(node.args[-1].value)
    return sorted(found)


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_every_cited_section_is_a_heading_of_the_games_rulebook(package):
    entry = PACKAGES[package]
    book = RULEBOOKS / entry.rulebook
    if not book.exists():
        pytest.fail(f"the rulebook is not at {book}")
    sections = _citations(entry)
    bad = [c for c in sections if not cites_a_heading(book, c)]
    assert bad == []


def _all_citations(entry) -> list[str]:
    """``_citations`` and, for a game that keeps its sections as constants (Mission to Mars 2049's
    ``sections``), those constants."""
    import importlib
    found = set(_citations(entry))
    try:
        sections = importlib.import_module(f"companion.rules.{entry.package}.sections")
    except ModuleNotFoundError:
        return sorted(found)
    return sorted(found | set(getattr(sections, "ALL", ())) | {v for k, v in vars(sections).items()
                                                              if k.isupper() and isinstance(v, str)})


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_the_rulebook_dialog_finds_the_text_of_every_cited_section(package):
    """A refusal's "§ section ›" opens the rulebook's own words (chrome.show_rule): every citation of the
    game's packages resolves to its paragraph, not to "The rulebook file is not on this machine"."""
    from companion.ui.screens.chrome import rule_paragraph
    entry = PACKAGES[package]
    cited = _all_citations(entry)
    assert cited
    assert [c for c in cited if not rule_paragraph(f"{entry.rulebook}, {c}", RULEBOOKS)] == []


@pytest.mark.parametrize("rule, first", [
    ("30-to-mars.txt, Setup 5", "5. Train your Team."),
    ("30-to-mars.txt, Turn Overview 4 NB", "4. The Operator takes one Green Event Card"),
    ("race-to-mars.txt, Phase 2.2: Advance Rocket", "The Player pawns starting on the Earth card"),
    ("mission-to-mars-2049.txt, 3.10 What do I need a Road for?, 3.10.2", "\u2022 3.10.2 Build a Road"),
    ("mission-to-mars-2049.txt, 7. F.A.Q. (Optional), Q.4", "\u2022 Q.4: Is there a limit"),
    # a number printed twice: the point going on with the words cited (the second 4.0.4)
    ("mission-to-mars-2049.txt, 4.0 Mission Cards, 4.0.4 If you run out", "\u2022 4.0.4 If you run out of Mission"),
    ("mission-to-mars-2049.txt, 4.0 Mission Cards, 4.0.4", "\u2022 4.0.4 You don't have to tell"),
    # a Mission Card's own paragraph, not the six of its heading (a Protection refusal opened on the Build Mission)
    ("mission-to-mars-2049.txt, 4.1 Peaceful Mission Cards, Protection Mission", "\u2022 Protection Mission (1 card)"),
    ("mission-to-mars-2049.txt, 4.1 Aggressive Mission Cards, Black Friday accident", "\u2022 Black Friday accident"),
])
def test_the_rulebook_dialog_shows_the_cited_point_first(rule, first):
    from companion.ui.screens.chrome import rule_paragraph
    assert rule_paragraph(rule, RULEBOOKS)[0].startswith(first)


def test_a_section_that_introduces_a_list_shows_the_list():
    """"Game Symbols" is one line ending in ":" and the lists under its sub-headings: they are shown too."""
    from companion.ui.screens.chrome import rule_paragraph
    lines = rule_paragraph("30-to-mars.txt, Game Symbols", RULEBOOKS)
    assert lines[:3] == ["The symbols printed on Event cards and in the Daily Routine Planner:",
                         "Event result symbols", "\u2022 Inevitable Positive"], lines


def test_no_class_or_module_defines_a_function_twice():
    """A tester's finding: the store's ``touch(game)`` (mark the game played last) was silently replaced by a
    second ``touch`` defined further down the class, so "Resume it" no longer marked the game. A name defined
    twice in one class or module (property setters aside) is refused here."""
    twice = []
    for path in sorted((ROOT / "companion").rglob("*.py")) + sorted((ROOT / "hw").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.ClassDef, ast.Module)):
                continue
            seen: dict[str, int] = {}
            for item in node.body:
                if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    continue
                if any(ast.unparse(d).endswith((".setter", ".deleter")) or ast.unparse(d) == "overload"
                       for d in item.decorator_list):
                    continue
                if item.name in seen:
                    twice.append(f"{path.relative_to(ROOT)}:{item.lineno} {item.name} (first at {seen[item.name]})")
                seen[item.name] = item.lineno
    assert not twice, twice
