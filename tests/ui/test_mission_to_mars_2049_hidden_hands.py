"""Mission to Mars 2049 with hands hidden (the game's ``hidden_hands`` option): what earlier testers saw of the
hands the option hides, in the roll-off, in the lines of what happened, on the Tokens button. Open hands (the
default) keep showing everything. Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pytest

from .test_mission_to_mars_2049_report import SIZES, busy, colony, driver, put  # noqa: F401 (fixture)


def _texts(d):
    d.frame()
    return [t for t, _, _ in d.app.screen.ui.texts]


def _cards_shown(texts):
    """True when some panel shows a hand's cards: a resource letter followed by its number."""
    return any(a in ("A", "F", "M") and b[:1].isdigit() for a, b in zip(texts, texts[1:]))


@pytest.mark.timeout(30)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_hands_hidden_the_roll_off_shows_nobodys_cards(driver, size, players):
    """A tester's finding: in the roll-off (3.3 Who starts the game?) the roller's panel showed their cards
    (A 2, F 2, M 2) while everyone else's read "6 resources": nobody's turn has begun, nobody's hand shows.
    Once the first turn begins, its player's hand shows, as before; open hands show every hand in the roll-off."""
    d = driver(size, players, hands_hidden=True)
    assert d.app.state.phase == "rolloff"
    texts = _texts(d)
    assert not _cards_shown(texts), texts
    assert texts.count("6 resources \u00b7 0 Road") == players, texts
    d.tap("Blue")
    assert any("Cards and tokens: hidden" in line for line in d.app.dialog.lines), d.app.dialog.lines
    d.app.close_dialog()
    d.roll(1)   # Air: the roller starts (3.3)
    assert d.app.state.phase != "rolloff"
    texts = _texts(d)
    assert _cards_shown(texts) and texts.count("6 resources \u00b7 0 Road") == players - 1, texts


@pytest.mark.timeout(30)
def test_with_open_hands_the_roll_off_shows_every_hand(driver):
    d = driver((800, 480), 4)
    texts = _texts(d)
    assert "6 resources \u00b7 0 Road" not in texts and _cards_shown(texts), texts


def _robbery(d):
    """Red's Robbery (3.5), drawn from Blue: an Air card."""
    from companion.rules.mission_to_mars_2049.model import replace
    s = colony(colony(busy(d.app.state), 1, cards=(2, 1, 0), tok3=(0, 1, 0)), 2, cards=(0, 0, 0))
    put(d, replace(s, phase="rob", face=4, rob_victim=-1, rob_left=1, produced=-1))
    d.tap("Robbery")
    d.tap("from Blue")
    d.tap("Air")
    assert d.app.state.phase == "main" and d.app.state.colonies[1].cards[0] == 1


def _seen(d):
    """Everything the screen says, joined by spaces (a wrapped line reads whole): its texts, the message bar's
    and the open dialog's lines."""
    d.frame()
    return " ".join([t for t, _, _ in d.app.screen.ui.texts] + [d.app.message.text if d.app.message else ""]
                      + (list(d.app.dialog.lines) if d.app.dialog else []))


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_with_hands_hidden_no_line_names_the_kind_a_robbery_drew_blind(driver, size):
    """A tester's finding: with hands hidden, what happened this turn read "Red draws 1 Air card from Blue":
    the card is drawn blind (3.5 Robbery: "Draw blind without seeing the cards"), the robber and the victim
    know it, the table must not. Neither the lines of this turn, nor their dialog, nor Undo's and Redo's
    "Took back" / "Made again" name the kind; the robber still enters it, and the rules still move it."""
    d = driver(size, hands_hidden=True)
    _robbery(d)
    blind = "Red draws 1 Resource card blind from Blue"
    shown = _seen(d)
    assert blind in shown and "Air card" not in shown, shown
    d.tap("This turn")
    assert blind in d.app.dialog.lines and "Air card" not in _seen(d), d.app.dialog.lines
    d.tap("Close")
    d.tap("Undo")
    assert d.app.state.phase == "rob"
    assert blind in d.app.message.text and "Air card" not in _seen(d), d.app.message.text
    d.tap("Redo")
    assert d.app.state.phase == "main"
    assert blind in d.app.message.text and "Air card" not in _seen(d), d.app.message.text


@pytest.mark.timeout(30)
def test_with_open_hands_a_robberys_line_names_the_kind_drawn(driver):
    """Open hands (the default) keep the line as the rules write it: every hand is on the screen anyway."""
    d = driver()
    _robbery(d)
    assert "Red draws 1 Air card from Blue" in _seen(d)
    d.tap("Undo")
    assert "Red draws 1 Air card from Blue" in d.app.message.text, d.app.message.text
