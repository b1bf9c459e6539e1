"""Without the rulebook files, a refusal's § button says where the app looked for them and where to copy them
(a first-time tester's finding: "The rulebook file is not on this machine" said neither), readable at 1 m."""
from __future__ import annotations

import pygame
import pytest

from companion.ui.app import TAP
from companion.ui.screens import chrome

from .readable import check_sizes


@pytest.fixture
def no_rulebooks(tmp_path, monkeypatch):
    """No rulebook anywhere the app looks: an empty $COMPANION_RULES, a project without rules/ and no
    ../shared/rules/ beside it. Returns the folders in the order looked in."""
    project = tmp_path / "pi" / "mars-companion"
    project.mkdir(parents=True)
    empty = tmp_path / "rulebooks"
    empty.mkdir()
    monkeypatch.setattr(chrome, "PROJECT", project)
    monkeypatch.setenv("COMPANION_RULES", str(empty))
    return [empty, project / "rules", tmp_path / "pi" / "shared" / "rules"]


def open_rule(d) -> None:
    """Start refused on 30 to Mars's New game, then its "§ Setup 4 ›" tapped."""
    d.tap("Start (why not?)")
    rect, label = chrome.rule_button(d.app)
    assert label.startswith("\u00a7")
    d.app.handle(pygame.event.Event(TAP, pos=rect.center))
    d.frame()


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_missing_rulebook_says_where_it_was_looked_for_and_where_to_copy_it(make_driver, no_rulebooks, size):
    d = make_driver(size)
    open_rule(d)
    dialog = d.app.dialog
    assert dialog is not None and dialog.title == "Rulebook: 30-to-mars.txt, Setup 4"
    said = " ".join(dialog.lines)
    assert "30-to-mars.txt is not on this machine" in said and "Setup 4" in said
    assert "$COMPANION_RULES" in said
    for folder in no_rulebooks:
        assert str(folder) in said, (folder, dialog.lines)
    assert "Copy the three rulebook .txt files into one of these folders" in said
    shown = "".join(t for t, _, _ in d.app.screen.ui.texts).replace(" ", "")  # a long path wraps at its "/"
    for folder in no_rulebooks:  # on the screen whole, not paged away below the first lines
        assert str(folder) in shown, shown
    check_sizes(d, f"the rule dialog without rulebooks at {size}")


@pytest.mark.timeout(30)
def test_companion_rules_not_set_is_said(make_driver, no_rulebooks, monkeypatch):
    monkeypatch.delenv("COMPANION_RULES")
    d = make_driver((800, 480))
    open_rule(d)
    said = " ".join(d.app.dialog.lines)
    assert "$COMPANION_RULES (not set)" in said and str(no_rulebooks[1]) in said and str(no_rulebooks[2]) in said


@pytest.mark.timeout(30)
def test_a_rulebook_without_the_section_is_not_said_to_be_missing(make_driver, no_rulebooks):
    """A rulebook file that is there but has no such section (another printing): said so, with the file."""
    book = no_rulebooks[0] / "30-to-mars.txt"
    book.write_text("30 to Mars\nContents\nGame Symbols\nThe symbols.\n", encoding="utf-8")
    d = make_driver((800, 480))
    open_rule(d)
    said = " ".join(d.app.dialog.lines)
    assert "not on this machine" not in said
    assert f'30-to-mars.txt has no section "Setup 4" ({book})' in said, said
