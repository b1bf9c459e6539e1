"""Mission to Mars 2049 while a roll is awaited: what happened this turn is read whole beside the die's faces and the
Productivity button (4.1 Productivity Mission: "Play at any time you wish"), at 800x480 and 480x800 (play tests'
open findings). Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pytest

from companion.rules.contract import Event
from companion.rules.mission_to_mars_2049.model import replace

from .helpers import assert_no_overlaps
from .readable import check_sizes
from .test_mission_to_mars_2049_report import colony, driver, put  # noqa: F401 (fixture)

DONE = 'Green: "I\'m done!"'
#: the newest lines a roll may wait under: the next turn's first events (3.4.2, 3.5, 4.1 Capture Mission)
NEWEST = ("Yellow is Captured and skips this turn", "Red rolls Air and starts the game: roll again",
          "Green rolls Skip a turn: the die passes on", "Yellow is free again (Capture Mission)")
#: played off turn before the roll, the Productivity Mission (4.1): the one card, its button gone with it
PLAYED = "Blue plays the Productivity Mission (not their turn: any time): +3 Air"


def _before_the_roll(d, lines, productivity=True):
    """Red's roll awaited, with ``lines`` this turn (oldest first) and, with ``productivity``, Blue holding a
    Peaceful Mission Card (the Productivity button shown)."""
    state = colony(d.app.state, 1, peaceful=1 if productivity else 0)
    put(d, replace(state, phase="roll", current=0, produced=-1, face=0, turn=5), [Event("x", t) for t in lines])


def _read(d):
    """The words of the box of what happened this turn, its rows joined by spaces (a wrapped line reads whole)."""
    box = next(h.rect for h in d.app.screen.ui.hits if h.label == "This turn")
    return " ".join(t for t, r, _ in d.app.screen.ui.texts if box.contains(r)), box


def _in_reach(d, productivity=True):
    """The die's faces and the Productivity button each at least 0.85 of a finger's size (about 9 mm), whole on
    the screen, clear of each other, of the events and of the Game Bank's line; nothing overlaps."""
    lay = d.app.layout
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    _, box = _read(d)
    bank = next(r for t, r, _ in d.app.screen.ui.texts if t.startswith("Bank:"))
    keys = [hits[f"face {k}"] for k in range(1, 7)] + ([hits["Productivity"]] if productivity else [])
    screen = d.app.surface.get_rect()
    for k, key in enumerate(keys):
        assert min(key.size) >= 0.85 * lay.touch and screen.contains(key), key
        assert not key.colliderect(box) and not key.colliderect(bank), (key, box, bank)
        assert not any(key.colliderect(other) for other in keys[k + 1:]), keys
    assert_no_overlaps(d, "before the roll")
    check_sizes(d, "before the roll", key_texts=None)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size,players", [((800, 480), 3), ((800, 480), 4), ((480, 800), 3), ((480, 800), 4)])
@pytest.mark.parametrize("newest", NEWEST)
def test_beside_productivity_what_happened_this_turn_is_read_whole(driver, size, players, newest):
    """A play test's finding: with 3 players at 800x480, while a roll was awaited beside the Productivity button,
    an event was cut ('Green \u2026'); with 4 at 480x800 the box was about 38 px, hardly a line. The last player's
    "I'm done!" and the newest event, one clause or two, are read whole at the reading size, and the faces and
    the Productivity button stay in reach."""
    d = driver(size, players)
    _before_the_roll(d, [DONE, newest])
    words, _ = _read(d)
    assert newest in words and "\u2026" not in words, words
    if size == (800, 480):   # room for both: the player's "I'm done!" is not cut to "Green \u2026"
        assert DONE in words, words
    _in_reach(d)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size,players", [((800, 480), 3), ((800, 480), 4), ((480, 800), 3), ((480, 800), 4)])
def test_the_productivity_mission_played_before_the_roll_is_read_whole(driver, size, players):
    """Blue's Productivity Mission played off turn before Red's roll (4.1: "Play at any time you wish"): its line,
    two rows at 480x800, is read whole (with 4 players at 480x800 it was cut to 'Blue plays the Productivity
    Mission (not\u2026' in a box a line high); the faces stay in reach."""
    d = driver(size, players)
    _before_the_roll(d, [DONE, PLAYED], productivity=False)
    words, _ = _read(d)
    assert PLAYED in words and "\u2026" not in words, words
    _in_reach(d, productivity=False)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players", [3, 4])
def test_a_long_newest_line_beside_productivity_is_read_whole(driver, players):
    """A newest line of two clauses, 70 characters, beside the Productivity button at 800x480: whole, not "Blue
    plays the Productivity Mission \u2026 (tap for the rest)" (the heading "Red's roll" goes into the pad)."""
    d = driver((800, 480), players)
    _before_the_roll(d, ["Blue plays the Productivity Mission: Blue's Stations produce 1 Air card each"])
    words, _ = _read(d)
    assert "Blue plays the Productivity Mission: Blue's Stations produce 1 Air card each" in words, words
    _in_reach(d)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size,players", [((800, 480), 3), ((800, 480), 4), ((480, 800), 3), ((480, 800), 4)])
def test_in_the_roll_off_whose_roll_it_is_is_said_whole_over_four_rolls(driver, size, players):
    """The roll-off (3.3 Who starts the game?) after four rolls that were not Air: what the roll is for ("Blue
    rolls for who starts: on Air, Blue starts; else Green rolls") is said whole, in the heading or in the face
    pad's prompt, not cut to make room for the rolls said above the pad; the newest roll is read whole."""
    from companion.ui import text
    d = driver(size, players)
    for face in (2, 3, 2, 4):
        d.roll(face)
    cuts = text.STATS["cut"]
    d.frame()
    purpose = d.app.expect().purpose
    seen = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    words, _ = _read(d)
    assert text.STATS["cut"] == cuts and purpose in seen, (purpose, text.CUTS[-2:])
    assert d.app.recent[-1].text in words, words
    _in_reach(d, productivity=False)
