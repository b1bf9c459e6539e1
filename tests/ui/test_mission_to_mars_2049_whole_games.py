"""Mission to Mars 2049 through the screen: findings of a tester who played whole games at 800x480 and 480x800
(messages over other players' panels, a greyed option in a dialog, the die status, the More dialog's greyed
moves, "Can build now" off turn). Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pygame
import pytest

from companion.rules.mission_to_mars_2049.model import replace
from companion.ui.app import TAP
from companion.ui.screens.chrome import message_box, rule_button

from .test_mission_to_mars_2049_report import colony, driver, put  # noqa: F401 (fixture)

PANELS = [(800, 480), (480, 800)]


def players_and_faces(d):
    """The rectangles of every player's panel and of every die face drawn last frame, by name."""
    names = {s.name for s in d.app.game.seats(d.app.state)}
    return {h.label: h.rect for h in d.app.screen.ui.hits if h.label in names or h.label.startswith("face ")}


@pytest.mark.parametrize("size", PANELS)
@pytest.mark.parametrize("players", [2, 4])
def test_a_tip_after_a_move_covers_no_players_panel(driver, size, players):
    """A tester's finding (800x480, 2 players): after Blue built a Station at their First Base, the tip "Saving
    for your second Base first is often better (6. Recommendations and tactics (Optional), 6.0.1)." covered Red's
    name, points and cards. It goes over what happened this turn, its section a button (as a refusal's), so its
    words fit there; no player's panel is under it, and the button opens 6.0.1's paragraph."""
    d = driver(size, players)
    s = colony(d.app.state, 1, cards=(3, 3, 3))
    put(d, replace(s, phase="main", current=1, produced=0, face=1, turn=3))
    d.tap("Station")
    d.tap("Air (2 Food, 2 Minerals)")
    d.tap("Build anyway")  # 3.6.4's question first: a Station at the newest Base
    m = d.app.message
    assert m is not None and m.text.startswith("Saving for your second Base first is often better"), m and m.text
    box = message_box(d.app.layout, d.app)[0]
    under = [name for name, r in players_and_faces(d).items() if r.colliderect(box)]
    assert not under, f"the tip covers {under} at {size}"
    assert m.text == "Saving for your second Base first is often better.", m.text
    assert m.rule.endswith("6. Recommendations and tactics (Optional), 6.0.1")
    section = rule_button(d.app)
    assert section is not None
    d.app.handle(pygame.event.Event(TAP, pos=section[0].center))
    d.frame()
    assert d.app.dialog is not None and any("6.0.1" in line for line in d.app.dialog.lines), d.app.dialog


@pytest.mark.parametrize("size", PANELS)
@pytest.mark.parametrize("players", [2, 4])
def test_the_die_notes_while_a_roll_is_awaited_cover_no_panel_nor_face(driver, size, players):
    """A tester's finding (480x800, 4 players): "The die sent a line that is not a die message, ignored: roll it
    again, or tap the face." and "Electronic die disconnected: tap the faces on the screen meanwhile." covered
    Yellow's whole panel while Red's roll was awaited. They go over what happened this turn and the face pad's
    prompt (they say what the prompt says), never over a player's panel or a face."""
    d = driver(size, players)
    assert d.app.expect().kind == "roll"
    notes = []
    d.app._damaged_die_line("unknown")
    notes.append(d.app.message)
    d.app.say("Electronic die disconnected: tap the faces on the screen meanwhile.", "note", 8, everywhere=True)
    notes.append(d.app.message)
    for note in notes:
        d.app.message = note
        d.frame()
        box = message_box(d.app.layout, d.app)[0]
        under = [name for name, r in players_and_faces(d).items() if r.colliderect(box)]
        assert not under, f"{note.text!r} covers {under} at {size}"


def yellows_turn_protection_used(d):
    """Yellow's main phase (4 players, turn 53) holding 2 Peaceful Mission Cards, the one Productivity and the
    one Protection Mission in the used pile (4.0: MISSION_COUNT 1 each)."""
    s = colony(d.app.state, 3, cards=(3, 3, 3), peaceful=2)
    return put(d, replace(s, phase="main", current=3, produced=0, face=1, turn=53, used=(0, 0, 0, 0, 1, 1) + (0,) * 6))


@pytest.mark.parametrize("size", [(480, 800), (720, 1280)])  # at 800x480 a page of greyed options is left out
def test_a_greyed_mission_card_in_the_play_dialog_says_why_when_tapped(driver, size):
    """A tester's finding (480x800): Play Mission's "which card?" shows the Protection Mission greyed (the one
    copy is in the used pile) and a tap on it said nothing (its words were said under the dialog). As a greyed
    move elsewhere, the tap says why: the rules' refusal ("The Protection Mission card is in the used pile.") with its
    section (4.0 Mission Cards) as a button, seen at once (the dialog closes), and kept in the refusals' log."""
    from companion.rules.contract import Action
    d = driver(size, 4)
    yellows_turn_protection_used(d)
    if "Play Mission" not in d.names():
        d.tap("More")
    d.tap("Play Mission")
    assert "Protection Mission (why not?)" in d.names(), d.names()
    d.tap("Protection Mission (why not?)")
    want = d.app.game.check(d.app.state, Action("play", {"card": "protection"}, 3))
    assert want is not None and want.rule.endswith("4.0 Mission Cards")
    assert d.app.dialog is None, "its reason is under the dialog"
    m = d.app.message
    assert m is not None and m.text.startswith(want.message) and m.rule == want.rule, m and m.text
    assert rule_button(d.app) is not None


def fill_at(d, words):
    """The colour of the button under the text ``words`` drawn last frame (a pixel inside it, left of the text)."""
    rects = [r for t, r, _ in d.app.screen.ui.texts if t == words]
    assert rects, f"no text {words!r}: {[t for t, _, _ in d.app.screen.ui.texts]}"
    button = next(h.rect for h in d.app.screen.ui.hits if h.rect.contains(rects[-1]))
    return tuple(d.app.surface.get_at((button.x + 6, button.centery))[:3])


@pytest.mark.parametrize("size", [(480, 800), (720, 1280)])
def test_the_more_dialog_draws_a_move_not_allowed_greyed_with_its_plain_label(driver, size):
    """A tester's finding (480x800): More listed "Play Mission (why not?)" drawn as a normal button with those
    words. It is drawn greyed (as the disabled moves on the screen), labelled "Play Mission"; its name for the
    control channel still ends in "(why not?)", and its tap says the rules' reason (4.0 Mission Cards)."""
    from companion.ui.widgets import STYLES
    d = driver(size, 4)
    s = colony(d.app.state, 0, cards=(6, 6, 6), peaceful=0)
    put(d, replace(s, phase="main", current=0, produced=0, face=3, turn=3))
    d.tap("More")
    assert d.app.dialog.title == "More moves" and "Play Mission (why not?)" in d.names(), d.names()
    drawn = [t for t, _, _ in d.app.screen.ui.texts]
    assert not [t for t in drawn if "why not" in t], drawn
    assert fill_at(d, "Play Mission") == STYLES["disabled"][0]
    assert fill_at(d, "Tokens") == STYLES["normal"][0]
    d.tap("Play Mission (why not?)")
    assert d.app.dialog is None and d.app.message.rule.endswith("4.0 Mission Cards"), d.app.message


def die_line(d):
    """The die status's second line drawn last frame (the fine text under "● Die ready")."""
    d.frame()
    return [t for t, _, _ in d.app.screen.ui.texts if t.startswith(("rolled", "no roll", "waiting", "last roll"))]


def connected_die(d):
    """A connected die that has read nothing yet (as after a restart); returns its status dict to update."""
    import types
    die = {"mode": "die", "connected": True, "last_roll": None, "rolls": 0}
    d.app.hw = types.SimpleNamespace(die_status=lambda: dict(die), hw_mode=None)
    return die


@pytest.mark.parametrize("size", PANELS)
def test_the_die_status_is_true_while_the_next_roll_is_awaited_and_after_a_restart(driver, session, tmp_path, size):
    """Two findings of a tester: while Blue's roll was awaited the die status still said "rolled Air", Red's roll
    (it says "waiting for a roll"); after a restart in the middle of Red's turn it said "no roll yet" although
    the turn's roll was made (it says that roll, from the game's log: "rolled Minerals"). 3.3 Who starts the
    game?: Air in the roll-off, then the starter rolls again to start the game (3.4)."""
    from companion.catalogue import Catalogues
    from companion.session import Session
    from companion.ui.driver import Driver
    d = driver(size, 2)
    die = connected_die(d)
    for face, rolls in ((1, 1), (3, 2)):  # Red's roll-off Air: Red starts; Red's first roll, Minerals
        die.update(last_roll=face, rolls=rolls)
        d.app.roll(face, "die")
    assert d.app.state.phase == "main" and d.app.state.current == 0
    assert die_line(d) == ["rolled Minerals"]
    d.key("next")  # Red: "I'm done!"
    assert d.app.expect().kind == "roll" and d.app.state.current == 1
    assert die_line(d) == ["waiting for a roll"], "Red's roll shown as Blue's"
    die.update(last_roll=2, rolls=3)
    d.app.roll(2, "die")
    assert die_line(d) == ["rolled Food"]
    d.app.submit(next(a for a in d.app.legal() if a.kind == "to_token"))  # Blue's move after the roll (Q.7)
    assert d.app.fixable_roll() is None and die_line(d) == ["rolled Food"]
    # a restart: a new app on the same file, in Blue's turn; the die has read nothing yet
    again = Driver(Session.open(tmp_path / "db.sqlite3"), Catalogues(tmp_path), size)
    connected_die(again)
    assert again.app.state.phase == "main" and again.app.state.current == 1 and again.app.fixable_roll() is None
    assert die_line(again) == ["rolled Food"], "the turn's roll is in the game's log"
    again.app.session.close()


@pytest.mark.parametrize("size", PANELS)
def test_a_players_details_say_can_build_now_only_in_their_own_turn(driver, size):
    """A tester's finding: in Blue's turn, Red's details said "Can build now: Air Station"; a player builds only in
    their own turn, after the roll (3.4.2 After rolling the Die you can do any of these). Off turn the line says
    what they can afford; in their turn's main phase, what they can build now."""
    d = driver(size, 2)
    s = colony(d.app.state, 0, cards=(0, 3, 3))   # Red can pay for an Air Station (2 Food, 2 Minerals)
    put(d, replace(s, phase="main", current=1, produced=0, face=1, turn=4))
    for name, seat, words in (("Red", 0, "Can afford: Air Station"), ("Blue", 1, "Can build now: ")):
        d.tap(name)
        assert d.app.dialog is not None and d.app.dialog.title == name
        lines = d.app.dialog.lines
        assert any(line.startswith(words) for line in lines), lines
        assert seat == 1 or not any("Can build now" in line for line in lines), lines
        d.app.close_dialog()
        d.frame()
