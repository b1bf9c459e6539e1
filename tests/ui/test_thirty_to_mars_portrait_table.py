"""30 to Mars played as a table would, in portrait (the 800x480 panel on its side, 480x800): what was found
playing a whole game through the control channel. Source: shared/rules/30-to-mars.txt."""
from __future__ import annotations

import dataclasses

import pytest

from companion.ui import text

from .helpers import play_to_end, start_game


def _split(lines, rows):
    """Of ``rows`` [(text, x)] drawn, the xs of those that begin one of ``lines``, and of the others (a line's rest)."""
    first = [any(line.startswith(t) for line in lines) for t, _ in rows]
    return [x for (_, x), f in zip(rows, first) if f], [x for (_, x), f in zip(rows, first) if not f]


def _day_one(d):
    """Day 1 played (Broken Pipe, Larisa on it, a 1 rolled), the driver on day 2's card screen."""
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")
    d.tap("bay 4")
    d.key("next")
    d.roll(1)
    for _ in range(10):
        if d.app.state.day == 2 and d.app.state.step == "draw":
            break
        d.key("next")
    assert d.app.state.day == 2 and d.app.state.step == "draw"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
def test_what_happened_yesterday_shows_where_each_line_begins(make_driver, size):
    """Found playing at 480x800: in "Day 1: what happened" (a tap on the day before's strip) the lines wrap,
    and a line's end ("Cockpit", "(Special Ability)", "loss; check failed)") read as a line of its own. A line's
    second row and after are drawn in from its first; every line's first row starts at the dialog's left."""
    d = make_driver(size)
    _day_one(d)
    d.tap("Yesterday")
    dialog = d.app.dialog
    assert dialog is not None and dialog.title.endswith("what happened"), dialog
    d.frame()
    box = next(h.rect for h in d.app.screen.ui.hits if h.label == "Close")
    rows = [(t, r.x) for t, r, _ in d.app.screen.ui.texts
            if r.top > d.app.layout.px(40) and r.bottom < box.top and t not in ("\u25b2", "\u25bc")
            and not dialog.title.startswith(t)]
    firsts, rest = _split(dialog.lines, rows)
    assert firsts and rest, rows   # some lines wrap at these sizes
    assert len(set(firsts)) == 1, rows
    assert all(x >= firsts[0] + d.app.layout.px(12) for x in rest), rows


@pytest.mark.timeout(120)
def test_the_log_at_the_end_shows_where_each_line_begins(make_driver):
    """The same on the end screen's log (480x800): a line's rows after its first are drawn in."""
    d = make_driver((480, 800))
    start_game(d)
    play_to_end(d)
    lines = [e.text for e in d.app.recent]
    rows = [(t, r.x) for t, r, _ in d.app.screen.ui.texts if any(line.startswith(t) for line in lines)
            or any(t.lstrip("\u2026 ") in line for line in lines)]
    firsts, rest = _split(lines, rows)
    assert firsts and rest, rows
    assert len(set(firsts)) == 1, rows
    assert all(x >= firsts[0] + d.app.layout.px(12) for x in rest), rows


def test_hang_keeps_every_word():
    """:func:`companion.ui.text.hang` loses no word and keeps its rows within their widths."""
    import pygame
    pygame.font.init()
    line = "Maria -2 Health (Sanity at 1, so Sanity loss becomes Health loss; check failed)"
    rows = text.hang(line, 300, 16, 18)
    assert " ".join(rows) == line and len(rows) > 1
    assert text.width(rows[0], 18) <= 300 and all(text.width(r, 18) <= 284 for r in rows[1:])



def _drawn(d, catalogue, card):
    """``d`` with a new game started and ``card`` (added to the catalogue) drawn as day 1's green card."""
    catalogue.add(card)
    start_game(d)
    d.key("next")
    d.tap(card["name"])
    return d

def _weak_crew(d, health):
    """The state shown with each Marsonaut's Health ``health`` (0: Knocked Out since day 1), built by hand."""
    s = d.app.session
    crew = [dataclasses.replace(m, health=h, knocked_out_day=1 if h == 0 else m.knocked_out_day)
            for m, h in zip(s.state.crew, health)]
    s._states[-1] = dataclasses.replace(s.state, crew=tuple(crew))
    d.frame()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
def test_a_skip_that_fails_the_mission_says_so_first(make_driver, catalogue, size):
    """Found playing at 480x800: with two Marsonauts Knocked Out, skipping Dust Storm (-6 Health, every Active
    Marsonaut takes it: Skipping the Event) knocked the other two out and failed the mission (Losing the Game)
    with one touch, the question saying only "-6 Health" and who takes it. It now says who it knocks out and that
    the mission fails; a skip that knocks nobody out says neither."""
    d = _drawn(make_driver(size), catalogue, {"name": "Dust Storm", "colour": "green", "difficulty": 6,
                                              "location": 5, "failure": {"health": -6}})
    _weak_crew(d, (9, 3, 0, 0))   # Larisa stands it, Jean-Louis does not: Maria and Dieter lie already
    d.key("next")
    lines = d.app.dialog.lines
    assert "Knocked Out by it: Jean-Louis (Knocked Out)" in lines, lines
    assert not any("mission fails" in line for line in lines), lines
    d.tap("Cancel")
    _weak_crew(d, (4, 3, 0, 0))
    d.key("next")
    lines = d.app.dialog.lines
    assert "Knocked Out by it: Larisa, Jean-Louis (Knocked Out)" in lines, lines
    assert "With nobody else standing, the mission fails (Losing the Game)" in lines, lines
    d.frame()
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "mission fails" in shown and "Skip event" in shown, shown
    d.tap("Skip event")
    assert d.app.state.result == "lost"


@pytest.mark.timeout(60)
def test_a_ward_used_up_by_the_check_it_waited_for_is_said_used(make_driver):
    """Found playing at 480x800: Stan warded Larisa while the failed check waited for him (Marsonaut Profiles:
    Stan); the check then resolved on its own and the ward was used up at once, but the next day's card screen
    said only "Larisa's next Sanity loss will be prevented", as if it still held. The message now says what the
    steps it set off made of it: "Stan's Special Ability prevents Larisa's Sanity loss of 1"."""
    d = make_driver((480, 800))
    start_game(d, crew=("Larisa", "Stan", "Maria", "Dieter"), faces=(2, 3, 6, 3, 2, 3, 2, 3, 3, 3))
    d.key("next")
    d.tap("Broken Pipe")          # Check Negative: -2 Oxygen, -1 Sanity
    d.tap("bay 4")                # Larisa works on it
    d.key("next")
    d.roll(1)                     # 1 against 7: failed, and Stan's ward may spare her the Sanity loss
    assert d.app.state.step == "check"
    d.tap("Ability")
    if d.app.dialog is not None and d.app.dialog.title.startswith("Use a Special Ability"):
        d.tap("Stan: protect a friend's Sanity")
    d.tap("Larisa")
    assert d.app.state.day == 2 and d.app.state.crew[0].sanity == 6, d.app.state   # her Sanity kept
    said = d.app.message.text
    assert "Larisa's next Sanity loss will be prevented" in said, said
    assert "Stan's Special Ability prevents Larisa's Sanity loss" in said, said


@pytest.mark.timeout(60)
def test_the_special_ability_dialog_says_each_cost_once_and_all_in_sight(make_driver):
    """Found playing at 480x800 with four Marsonauts at Sanity 10 and three on the problem: the Special Ability
    dialog said "Sanity 10 -> 1 afterwards (Special Ability)" once for each of Larisa, Jean-Louis and John, and
    its lines, paged by \u25b2\u25bc in the room its eight choices left, hid Maria's own cost ("her 2nd re-roll then
    free", Marsonaut Profiles: Maria) below the fold. Those who pay the same are named on one line, and every
    line is in sight without paging."""
    d = make_driver((480, 800))
    start_game(d, crew=("Larisa", "Jean-Louis", "John", "Maria"), faces=(6, 3, 6, 3, 6, 3, 6, 3, 3, 3))
    d.key("next")
    d.tap("Broken Pipe")
    for who in ("Jean-Louis", "John", "Maria"):
        d.tap(who)
        d.tap("bay 4")
    d.key("next")
    for face in (1, 2, 1):
        d.roll(face)
    d.tap("Ability")
    lines = d.app.dialog.lines
    assert lines[0] == "Larisa, Jean-Louis, John: Sanity 10 \u2192 1 afterwards (Special Ability)", lines
    assert len(lines) == 2 and "her 2nd re-roll then free" in lines[1], lines
    d.frame()
    names = {h.label for h in d.app.screen.ui.hits}
    assert "Dialog down" not in names, names
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "re-roll then free" in shown, shown


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
def test_a_damaged_die_line_during_the_setup_hides_no_marsonaut(make_driver, size):
    """Found playing at 480x800: while Larisa's Health roll was awaited, the die sent a garbled line and its
    message ("The die sent a garbled line, ignored: roll it again, or tap the face.") was drawn over the top of
    the crew's first row, hiding "Larisa". While the crew's values are rolled the message goes over the Accident
    days' row, empty until then; it hides no Marsonaut's name nor value."""
    from companion.ui.screens.chrome import message_box
    d = make_driver(size)
    for who in ("Larisa", "Jean-Louis", "Maria", "Dieter"):
        d.tap(who)
    d.tap("Start")
    d.roll(6)                                  # Larisa's Sanity; her Health is awaited
    d.app._damaged_die_line("unknown")         # what the die's ignored line sets off (App._on_hw)
    d.frame()
    assert d.app.message is not None and d.app.message.text.startswith("The die sent"), d.app.message
    box, _, _ = message_box(d.app.layout, d.app)
    crew = [r for t, r, _ in d.app.screen.ui.texts
            if t.split(" ")[0] in ("Larisa", "Jean-Louis", "Maria", "Dieter", "Sanity", "Health")]
    assert len(crew) >= 12, crew
    assert not any(box.colliderect(r) for r in crew), (box, crew)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size, right", [((480, 800), "need 12"), ((800, 480), "need 12"),
                                         ((1280, 720), "Bay 1 \u00b7 need 12")])
def test_the_card_of_the_day_is_named_whole(make_driver, catalogue, size, right):
    """Found playing at 480x800 (and so at 800x480): the day screen's card line read "Meteor Sho…" beside "Bay 1 ·
    need 12". Where the name and both do not fit, the name is whole beside "need 12" alone (the Bay is the EVENT
    tile under it); where they fit, both are said."""
    d = _drawn(make_driver(size), catalogue, {"name": "Meteor Shower", "colour": "green", "difficulty": 12,
                                              "location": 1, "failure": {"health": -4}})
    chip = next(h.rect for h in d.app.screen.ui.hits if h.label == "Card")
    shown = [t for t, r, _ in d.app.screen.ui.texts if chip.contains(r)]
    assert "Meteor Shower" in shown and right in shown, shown


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
def test_a_message_beside_a_choice_about_resources_hides_no_marsonaut(make_driver, size):
    """Found playing at 480x800: on a choice about the resources ("gain 2 of any resource of your choice"), Redo's
    "Made again: ..." (two lines) was drawn over the crew list and the dashboard left two of the four Marsonauts
    out (README: on the day screen a message never hides the Marsonauts). It now goes under the options, which
    keep a finger's height each; the resources, the four Marsonauts, the Repair Kits and the choice stay in
    sight."""
    from companion.ui.screens.chrome import message_box
    d = make_driver(size)
    start_game(d)
    d.key("next")
    d.tap("Lost Signal")          # roll the Bay and the difficulty; Check Positive: 2 of any resource
    d.roll(4)
    d.roll(1)
    d.tap("bay 4")
    d.key("next")
    d.roll(6)
    assert d.app.state.pending and d.app.state.pending[0].purpose == "gain", d.app.state.pending
    d.key("back")
    d.key("redo")
    assert d.app.state.pending and d.app.state.pending[0].purpose == "gain"
    assert d.app.message is not None and d.app.message.text.startswith("Made again"), d.app.message
    d.frame()
    box, lines, _ = message_box(d.app.layout, d.app)
    assert len(lines) >= 2, lines
    names = {t for t, _, _ in d.app.screen.ui.texts}
    assert {"Larisa", "Jean-Louis", "Maria", "Dieter"} <= names, names
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    for kept in ("Larisa", "Jean-Louis", "Maria", "Dieter", "Resources", "Repair Kits"):
        assert not box.colliderect(hits[kept]), (kept, box, hits[kept])
    options = [r for n, r in hits.items() if n.startswith("option ")]
    assert len(options) == 4 and all(r.h >= d.app.layout.touch for r in options), options
    assert not any(box.colliderect(r) for r in options), box


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
def test_a_new_card_named_as_one_in_the_catalogue_is_said_at_once(make_driver, size):
    """Found playing at 480x800: a new card typed with the name of a card in the catalogue ("Broken Pipe") went
    through its five pages of numbers and results before "Broken Pipe is already in the catalogue. Replace it
    with the card entered?". It is said after the name, with the card: "Draw Broken Pipe" draws it from the
    catalogue in one touch, "Enter it again" goes on as before, Cancel goes back to the name."""
    d = make_driver(size)
    start_game(d)
    d.key("next")
    d.tap("New card")
    for k in "BROKEN PIPE":
        d.tap("key space" if k == " " else f"key {k}")
    d.tap("NEXT")
    dialog = d.app.dialog
    assert dialog is not None and dialog.title == "Broken Pipe is in the catalogue already.", dialog
    assert dialog.lines == ["Green card \u00b7 Cargo Bay \u00b7 difficulty 7"], dialog.lines
    seq = d.app.session.seq
    d.tap("Cancel")
    assert d.app.dialog is None and d.app.session.seq == seq
    d.tap("NEXT")
    d.tap("Enter it again")
    assert d.app.dialog is None and d.app.session.seq == seq and d.app.screen.page == 1
    d.tap("Back page")
    d.tap("NEXT")
    d.tap("Draw Broken Pipe")
    assert d.app.session.seq == seq + 1 and d.app.state.event.name == "Broken Pipe", d.app.state.event


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
def test_the_card_after_dieters_re_draw_says_why(make_driver, size):
    """Found playing at 480x800: on an Accident day (day 1 here), Dieter re-drew the red card (Marsonaut Profiles:
    Dieter, "Even red"), and the card screen asked "Day 1: draw a red card (a result demands it)": no result had
    demanded anything. It says "(Dieter's re-draw)"; the card of a result's demand still says so."""
    d = make_driver(size)
    start_game(d, faces=(6, 1, 3, 2, 3, 4, 6, 3, 1, 3))   # Dieter at Sanity 10; Accident days 1, 27 and 14
    d.key("next")
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Accident day" in shown, shown
    d.tap("Hull Breach")
    d.tap("Ability")
    if d.app.dialog is not None:
        d.tap("Dieter: re-draw the event card")
    assert d.app.state.step == "draw" and d.app.state.event is None
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "re-draw" in shown and "a result demands it" not in shown, shown
