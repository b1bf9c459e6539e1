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
