"""The message bar covers no control, lets every tap through, goes with the
screen it was about, and times out."""
from __future__ import annotations

import time

import pygame
import pytest

from companion.ui.app import TAP
from companion.ui.screens.chrome import CUT

from companion.rules.contract import Action

from .helpers import CREW, SETUP_FACES, start_game
from .test_screens import READ_ONLY


@pytest.mark.timeout(30)
def test_new_game_message_goes_with_its_screen_and_faces_take_taps(make_driver):
    d = make_driver((800, 480))
    d.tap(CREW[0])
    d.key("next")  # one chosen, NEXT (Start is greyed): "Choose 3 more Marsonauts", in words
    assert d.app.message.text.startswith("Choose 3 more Marsonauts: the crew is 4 ")
    d.tap(CREW[1])
    d.tap(CREW[2])
    d.key("next")
    assert d.app.message.text.startswith("Choose 1 more Marsonaut: the crew is 4 ")
    d.tap(CREW[0])
    d.tap(CREW[1])
    d.tap(CREW[2])
    for n in CREW + ("John",):  # a fifth Marsonaut: "The crew is 4 Marsonauts..."
        d.tap(n)
    assert "The crew is 4" in d.app.message.text
    assert d.app.message.rule == "30-to-mars.txt, Setup 4"  # its section is a button, as for the rules' refusals
    d.tap("Start")
    assert d.app.current_screen().name == "setup"
    assert d.app.message is None
    for face in (1, 2, 3, 4, 5):
        seq = d.app.session.seq
        d.tap(f"face {face}")
        assert d.app.session.seq == seq + 1, f"face {face} did not enter the roll"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
@pytest.mark.timeout(30)
def test_message_covers_no_button_and_every_button_works_under_it(make_driver, size):
    d = make_driver(size)
    start_game(d)
    d.tap("Broken Pipe")
    d.app.reject(d.app.game.check(d.app.state, Action("ability", {"who": 2})))  # Maria: Sanity 8
    d.frame()
    bar = d.app.layout_message_rect()
    for h in d.app.screen.ui.hits:  # only what is there to read (a tap on the message closes it)
        assert not bar.colliderect(h.rect) or h.label in READ_ONLY, f"the message covers {h.label}"
    assert "Sanity 10" in " ".join(t for t, _, _ in d.app.screen.ui.texts)
    # Larisa is selected (the first to place): a tap on a Bay goes through while the message is up
    d.tap("bay 4")
    assert d.app.state.placement[0] == 4
    d.app.handle(pygame.event.Event(TAP, pos=bar.center))  # a tap on the message closes it
    assert d.app.message is None


@pytest.mark.timeout(30)
def test_messages_time_out(make_driver):
    d = make_driver((800, 480))
    d.app.say("hello", "info", seconds=0.01)
    time.sleep(0.02)
    d.frame()
    assert d.app.message is None


@pytest.mark.timeout(30)
def test_undo_note_survives_the_screen_change_it_caused(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    assert d.app.current_screen().name == "card"
    d.key("back")
    assert d.app.current_screen().name == "setup"
    assert d.app.message is not None and d.app.message.kind == "note"


@pytest.mark.timeout(30)
def test_a_note_about_the_screen_goes_with_the_next_move(make_driver):
    """"A Repair Kit fixes..." is said when the kit is used, and goes with the
    next move (it stayed through the placements and the rolls)."""
    import dataclasses
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Broken Pipe")
    s = d.app.session
    s._states[-1] = dataclasses.replace(s.state, repair_kits=1, broken=(0, 1, 0, 0, 0, 0))
    d.frame()
    d.tap("Repair Kits")
    d.tap([label for label, _ in d.app.dialog.options][0])
    assert d.app.message is not None and "Repair Kit fixes" in d.app.message.text
    d.tap("bay 4")  # the next move
    assert d.app.message is None, d.app.message


@pytest.mark.timeout(30)
def test_the_die_plugged_in_at_start_does_not_hide_a_warning(make_driver):
    """A tester's finding: with the die plugged in, "Electronic die connected" replaced the start-up
    warning (a damaged file moved aside, a read-only store) at once, so nobody ever read it. A die
    note never replaces a warning (the top bar shows the die's state); it shows when nothing else is."""
    from hw.die import CONNECTED, DISCONNECTED, DieEvent
    d = make_driver((800, 480))
    warning = "The saved games file was damaged; it was moved to companion.sqlite3.damaged-1 and a new one started."
    d.app.say(warning, "error", 20, everywhere=True)
    d.app._hw("die", DieEvent(CONNECTED, port="/dev/ttyACM0", t=0.0))
    d.app._hw("die", DieEvent(DISCONNECTED, port="/dev/ttyACM0", t=0.0))
    assert d.app.message.text == warning
    d.app.message = None
    d.app._hw("die", DieEvent(CONNECTED, port="/dev/ttyACM0", t=0.0))
    assert d.app.message is not None and "connected" in d.app.message.text


@pytest.mark.timeout(30)
def test_the_companions_own_refusals_have_no_rulebook_button(make_driver):
    """A tester's finding: a move refused because the file is read-only showed "§ companion ›", whose
    paragraph said the rulebook was missing. Only a rulebook's section gets the § button; the
    companion's own refusals (read-only, not saved) are plain sentences."""
    from companion.rules.contract import Rejection
    from companion.session import SESSION_RULE
    from companion.ui.screens.chrome import message_box
    d = make_driver((800, 480))
    start_game(d)
    d.app.reject(Rejection("read_only", "This game can be looked at but not played on: the disk is full.",
                           SESSION_RULE), action=Action("next"))
    d.frame()
    m = d.app.message
    assert m.rule is None and m.text == "This game can be looked at but not played on: the disk is full."
    assert message_box(d.app.layout, d.app)[2] is None
    d.app.reject(Rejection("not_now", "Not now.", "30-to-mars.txt, Daily Routine"))
    assert d.app.message.rule == "30-to-mars.txt, Daily Routine"


@pytest.mark.timeout(30)
def test_the_rulebook_button_is_a_button_of_the_control_channel(make_driver):
    """A fresh user's finding: the refusal's "§ ... ›" button was not among ``state``'s buttons, so it could
    not be tapped by name. It is listed last, named by its label, at its place on the screen."""
    from companion.rules.contract import Rejection
    from companion.ui import control
    d = make_driver((800, 480))
    start_game(d)
    assert not [h for h in control.hits(d.app) if h["name"].startswith("§")]
    d.app.reject(Rejection("not_now", "Not now.", "30-to-mars.txt, Daily Routine"))
    d.frame()
    button = control.hits(d.app)[-1]
    assert button["name"] == "§ Daily Routine ›"
    assert any(t == button["name"] for t, _, _ in d.app.screen.ui.texts)  # the label drawn, not another form
    d.app.handle(pygame.event.Event(TAP, pos=(button["x"], button["y"])))
    d.frame()
    assert d.app.dialog is not None and "Daily Routine" in str(d.app.dialog.title), d.app.dialog


def whole_message(d, box):
    """Tap the words of a message cut short (in ``box``): the dialog's lines, the whole message."""
    d.app.handle(pygame.event.Event(TAP, pos=(box.x + d.app.layout.px(20), box.centery)))
    d.frame()
    assert d.app.dialog is not None and d.app.message is None, d.app.dialog
    return d.app.dialog.lines


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.timeout(30)
def test_a_long_notice_never_runs_out_of_its_box(make_driver, size):
    """A tester's finding: a damaged-catalogue notice ran out of its box, over a Marsonaut's row, and
    its file's path was cut. A note too long for the screen's place goes under the top bar over the
    body, inside its box; a path is broken after its "/" and ".", never cut."""
    from companion.ui import text
    from companion.ui.screens.chrome import message_box
    d = make_driver(size)
    start_game(d)
    d.tap("Broken Pipe")  # the day: the crew list is the message's place
    assert d.app.current_screen().name == "day"
    d.app.say("The card catalogue was damaged (Expecting ',' delimiter: line 12 column 5 (char 300)). It was "
              "moved to /tmp/tester1/xdg/data/mars-companion/cards.json.damaged-20261202-154501 and a new one "
              "was started. Enter the cards again as they are drawn, or put the file back once it is mended.",
              "error", 20, everywhere=True)
    d.frame()
    box, lines, _ = message_box(d.app.layout, d.app)
    lh = text.font(d.app.layout.small).get_linesize()
    assert len(lines) * lh <= box.h, (len(lines), lh, box)
    drawn = [r for t, r, _ in d.app.screen.ui.texts if t in lines]
    assert drawn and all(box.contains(r) for r in drawn), (box, drawn)
    if lines[-1].endswith(CUT):  # the day screen keeps the crew and the Repair Kits: cut short, whole one tap away
        whole = whole_message(d, box)
        assert any("cards.json." in x for x in whole) and not [x for x in whole if "\u2026" in x], whole
        return
    assert not [x for x in lines if "\u2026" in x] and any("cards.json." in x for x in lines), lines  # the path whole


@pytest.mark.timeout(30)
def test_play_game_id_shows_that_games_new_game_screen_over_another_open_game(session, catalogues):
    """`companion play --game ID` "resumes or starts that game" (README): with 30 to Mars open and no open
    Mission to Mars 2049, it shows Mission to Mars 2049's New-game screen (Back to game returns to 30 to
    Mars), not the 30 to Mars day (a tester's finding)."""
    from companion.rules import GAMES
    from companion.ui.driver import Driver
    session.new_game("thirty-to-mars", GAMES["thirty-to-mars"].default_options(None, 1))
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    d = Driver(session, catalogues, (800, 480), game_id="mission-to-mars-2049")
    assert d.app.current_screen().name == "new_game" and d.app.setup_game_id == "mission-to-mars-2049"
    assert d.app.showing_new_game_over_a_game() and session.game_id == "thirty-to-mars"
    d.tap("Start")
    assert session.game_id == "mission-to-mars-2049"


@pytest.mark.timeout(30)
def test_a_catalogue_notice_is_said_for_its_own_game_only(session, tmp_path):
    """A tester's finding: with 30 to Mars open and its cards.json holding bad cards, the New-game screen of
    Mission to Mars 2049 showed 30 to Mars's notice over its controls. A game's catalogue notice is said
    with that game only."""
    import json

    from companion.catalogue import Catalogues
    from companion.rules import GAMES
    from companion.ui.driver import Driver
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "cards.json").write_text(json.dumps([{"name": "Bad", "colour": "purple"}]))
    session.new_game("thirty-to-mars", GAMES["thirty-to-mars"].default_options(None, 1))
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    d = Driver(session, Catalogues(folder), (800, 480))
    assert d.app.dialog is not None and "cards.json" in " ".join(d.app.dialog.lines)  # its own game: said
    d.tap("Close")
    d.app.choose_game("mission-to-mars-2049")
    d.frame()
    assert d.app.message is None or "cards.json" not in d.app.message.text, d.app.message


@pytest.mark.timeout(30)
def test_every_bad_catalogue_of_a_game_is_said_not_only_the_last(session, tmp_path, caplog):
    """A tester's finding: three bad Race to Mars catalogues at start-up (a bad Headquarters card, 16 bad
    Space cards, a Starting file that is not a list) showed one message; the others went unsaid. One
    message names each file; every problem is logged. A name with a NUL, which pygame cannot draw, is one
    of the problems: it never reaches the screen (it blanked it)."""
    import json
    import logging

    from companion.catalogue import Catalogues
    from companion.rules import GAMES
    from companion.ui.driver import Driver
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "race-to-mars.headquarters.json").write_text(json.dumps([{"name": "HQ?", "number": 99}]))
    (folder / "race-to-mars.space.json").write_text(json.dumps([{"name": f"Bad\u0000{i}"} for i in range(16)]))
    (folder / "race-to-mars.starting.json").write_text(json.dumps({"not": "a list"}))
    session.new_game("race-to-mars", GAMES["race-to-mars"].default_options(4, 1))
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    with caplog.at_level(logging.WARNING):
        d = Driver(session, Catalogues(folder), (800, 480))
    records = [r.getMessage() for r in caplog.records]
    said = " ".join(d.app.dialog.lines)  # at start-up: in a dialog
    for name in ("race-to-mars.headquarters.json", "race-to-mars.space.json", "race-to-mars.starting.json"):
        assert name in said, said
    assert sum("race-to-mars.space.json" in r and "printable" in r for r in records) == 16, records
    d.frame()
    assert " ".join(d.app.dialog.lines) == said and d.app.message is None  # drawn, not "Something went wrong"
    d.tap("Close")
    d.app._say_catalogue_notices()  # later (the game picked again): in the message bar
    assert all(name in d.app.message.text for name in ("headquarters.json", "space.json", "starting.json"))



@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("rule", ["30-to-mars.txt, Reminder", "30-to-mars.txt, Resolving the Problem"])
@pytest.mark.timeout(30)
def test_a_refusal_is_whole_beside_or_above_its_rulebook_button(make_driver, size, rule):
    """A tester's finding, placing on day 4: the last words of "... you cannot place a Marsonaut inside a
    Broken Workspace." were under the "§ Reminder ›" button, and "§ Resolving the Pro…" was cut. Every
    line of a refusal is drawn clear of its button; the button's label is whole (its words cut at a word
    with "…", or "Rule ›", where the words need the room)."""
    from companion.rules.contract import Rejection
    from companion.ui import text
    from companion.ui.screens.chrome import message_box, section_labels
    d = make_driver(size)
    start_game(d)
    d.tap("Broken Pipe")
    cuts = text.STATS["cut"]
    d.app.reject(Rejection("bay_full", "The Ship Cockpit has 2 working Workspace(s) and they are taken; you "
                                       "cannot place a Marsonaut inside a Broken Workspace.", rule))
    d.frame()
    box, lines, section = message_box(d.app.layout, d.app)
    texts = d.app.screen.ui.texts
    drawn = [r for t, r, _ in texts if t in lines]
    cut = lines[-1].endswith(CUT)  # too long beside the crew and the Repair Kits: whole one tap away
    assert len(drawn) == len(lines) and (cut or " ".join(lines).endswith("inside a Broken Workspace.")), lines
    assert all(box.contains(r) and not r.colliderect(section) for r in drawn), (box, section, drawn)
    assert any(t in section_labels(rule) and section.contains(r) for t, r, _ in texts)
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]
    if cut:
        assert " ".join(whole_message(d, box)).endswith("inside a Broken Workspace.")


@pytest.mark.timeout(30)
def test_a_damaged_die_line_asks_for_the_roll_again_only_while_one_is_awaited(make_driver):
    """A tester's finding: a garbled line from the die (noise, a bad checksum, ROLL 9) gave the table no
    sign, though the roll may be lost in it. While a roll is awaited the app says so; otherwise nothing
    was lost and nothing is said."""
    from hw.die import IGNORED, DieEvent
    from hw.die import ROLL as ROLL_EVENT
    d = make_driver((800, 480))
    for n in CREW:
        d.tap(n)
    d.tap("Start")
    assert d.app.expect().kind == "roll"
    d.app._hw("die", DieEvent(IGNORED, reason="out_of_range"))
    d.frame()
    assert d.app.message.text == "The die sent a face that is not 1 to 6, ignored: roll it again, or tap the face."
    assert d.app.message.text in " ".join(t for t, _, _ in d.app.screen.ui.texts)
    d.roll(6)  # the roll asked for: the note goes with it (a second tester's finding: it stayed for 6 s)
    assert d.app.message is None or "roll it again" not in d.app.message.text
    d.app._hw("die", DieEvent(IGNORED, reason="unknown"))  # "ROLL" without its digit
    d.frame()
    assert "not a die message" in d.app.message.text
    d.app._hw("die", DieEvent(ROLL_EVENT, face=1))
    assert d.app.message is None or "roll it again" not in d.app.message.text
    for face in SETUP_FACES[2:]:  # the setup's rolls left: the dawn of day 1 awaits a card
        d.roll(face)
    assert d.app.expect().kind != "roll"
    d.app.message = None
    d.app._hw("die", DieEvent(IGNORED, reason="non_ascii"))
    d.frame()
    assert d.app.message is None


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_at_the_check_a_message_leaves_every_marsonaut_in_sight(make_driver, size):
    """A fresh tester's finding: at the check, an Undo note went over the crew list and hid two
    Marsonauts' Health and Sanity, the numbers a check's result changes. A message that fits goes
    over the resources (only read) first."""
    from .test_check_waits import at_check
    d = make_driver(size)
    at_check(d, CREW, {}, (4,))
    d.app.say("Took back: Jean-Louis rolls 1: total 5 of 7 (and 2 automatic steps)", "note", 30)
    d.frame()
    from companion.ui.screens.chrome import message_box
    box = message_box(d.app.layout, d.app)[0]
    drawn = {t: r for t, r, _ in d.app.screen.ui.texts}
    assert all(name in drawn and not box.colliderect(drawn[name]) for name in CREW), (box, drawn)
    assert box.colliderect(drawn["Oxygen"]), "the message goes over the resources"


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_while_placing_a_roll_awaited_leaves_every_marsonaut_in_sight(make_driver, size):
    """A second tester's finding: while placing, with Larisa's roll to lower the Difficulty awaited,
    "Waiting for a die roll: ..." went over the crew list and hid three Marsonauts. It goes over the
    resources first, as it does at the check."""
    from companion.rules.thirty_to_mars.model import Pending
    from companion.ui.screens.chrome import message_box
    d = make_driver(size)
    start_game(d)
    d.tap("Broken Pipe")
    s = d.app.session
    s._states[-1] = __import__("dataclasses").replace(s.state, pending=(Pending("roll", "reduce", who=0),))
    assert d.app.state.step == "place" and d.app.expect().kind == "roll"
    d.key("next")  # refused: the roll first
    assert d.app.message is not None and "Waiting for a die roll" in d.app.message.text, d.app.message
    box = message_box(d.app.layout, d.app)[0]
    drawn = {t: r for t, r, _ in d.app.screen.ui.texts}
    assert all(name in drawn and not box.colliderect(drawn[name]) for name in CREW), (box, drawn)


@pytest.mark.timeout(30)
def test_a_damaged_file_is_said_beside_the_catalogues_problems(tmp_path, catalogues):
    """A fresh tester's finding: with a junk saved games file and a card catalogue with a bad entry, the
    screen said only the catalogue's problem ("1 card in cards.json is kept out of play..."): the file
    moved aside was said nowhere but on standard error. Both are said, the file first, in a dialog: a
    message box covered the New-game screen's first row of Marsonauts for 30 seconds (the next tester's)."""
    from companion.ui.app import AT_START
    import json

    import pygame

    from companion.session import Session
    from companion.ui.driver import Driver
    cat = catalogues.get("thirty-to-mars", "event")
    cards = json.loads(cat.path.read_text())
    cat.path.write_text(json.dumps(cards + [{"name": "Typo", "colour": "green", "difficulty": "seven"}]))
    from companion.catalogue import Catalogues
    fresh = Catalogues(tmp_path)
    assert fresh.get("thirty-to-mars", "event").notice
    db = tmp_path / "junk.sqlite3"
    db.write_bytes(b"not a database at all" * 100)
    pygame.display.init()
    try:
        pygame.display.set_mode((800, 480))
        with Session.open(db) as s:
            assert s.notice and "damaged" in s.notice
            d = Driver(s, fresh, (800, 480), game_id="thirty-to-mars")
            dialog = d.app.dialog  # read before the first move, covering nothing once closed
            assert dialog is not None and dialog.title == AT_START and d.app.message is None
            assert dialog.lines[0] == s.notice and "1 card in cards.json is kept out of play" in dialog.lines[1]
            assert "Close" in d.names()
            d.frame()
            drawn = " ".join(t for t, _, _ in d.app.screen.ui.texts)
            assert "moved to" in drawn and "kept out of play" in drawn, drawn
            d.key("next")  # NEXT closes it, as Close does
            assert d.app.dialog is None and d.app.message is None
    finally:
        pygame.display.quit()


def test_a_rulebook_button_too_narrow_for_its_section_says_rule_never_a_bare_sign():
    """A tester's finding: a refusal's rulebook button shrank to "§ ›", which a player may not read as the
    rulebook. Where no form of the section's name fits, it says "Rule ›" (README), never "§ ›"."""
    from companion.ui.screens.chrome import section_labels
    for rule in ("30-to-mars.txt, Resolving the Problem", "race-to-mars.txt, Phase 2.2: Advance Rocket"):
        labels = section_labels(rule)
        assert labels[-1] == "Rule \u203a" and "\u00a7 \u203a" not in labels, labels
        assert labels[0].startswith("\u00a7 ") and len(labels) == len(set(labels))


@pytest.mark.timeout(30)
def test_a_game_picked_after_starting_on_the_picker_says_its_catalogue_problems_in_a_dialog(session, tmp_path):
    """A tester's finding: started on the game picker (no game given), a card catalogue's problem was said
    only once 30 to Mars was picked, in a message box over the New-game screen's first row of Marsonauts for
    20 s. The first time a game's catalogue problems are said in a run, they are a "Before you play" dialog;
    after that, the message bar."""
    import json

    from companion.catalogue import Catalogues
    from companion.ui.app import AT_START
    from companion.ui.driver import Driver
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "cards.json").write_text(json.dumps([{"name": "Typo", "colour": "green", "difficulty": "seven"}]))
    pygame.display.init()
    pygame.display.set_mode((480, 800))
    d = Driver(session, Catalogues(folder), (480, 800))
    assert d.app.dialog is None and d.app.on_picker()
    d.tap("30 to Mars")
    assert d.app.dialog is not None and d.app.dialog.title == AT_START, d.app.message
    assert "cards.json" in " ".join(d.app.dialog.lines) and d.app.message is None
    d.tap("Close")
    d.app.choose_game("thirty-to-mars")  # again: said in the message bar
    assert d.app.dialog is None and d.app.message is not None and "cards.json" in d.app.message.text


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_die_connected_note_stays_in_the_top_bar(make_driver, size):
    """A fresh tester's finding: "Electronic die connected (/dev/ttyACM0)." after a restart was too long for the
    top bar's strip and went in a box over the 30 to Mars resource counters. It is said in the strip."""
    from hw.die import CONNECTED, DieEvent

    from companion.ui.screens.chrome import message_box, top_bar_rects
    d = make_driver(size)
    start_game(d)
    d.app._hw("die", DieEvent(CONNECTED, port="/dev/serial/by-id/usb-Mars_Die_0001-if00", t=0.0))
    d.frame()
    assert d.app.message is not None and "connected" in d.app.message.text
    assert message_box(d.app.layout, d.app)[0] == top_bar_rects(d.app.layout, d.app)["status"]


@pytest.mark.timeout(30)
def test_a_screen_that_meets_a_damaged_file_does_not_say_the_game_is_saved(make_driver):
    """A tester's finding: a screen that met SQLite's "malformed" said "the game is saved, carry on", though
    no move could be saved. It says the file is damaged and what to do: a start after a power cut checks the
    whole file, sets it aside and carries the readable games over."""
    import sqlite3
    d = make_driver((800, 480))
    start_game(d)

    def damaged() -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    d.app._guard("drawing the screen", damaged)
    text = d.app.message.text
    assert "saved games file is damaged" in text and "carry on" not in text, text
    d.app._guard("drawing the screen", lambda: 1 / 0)
    assert d.app.message.text.endswith("the game is saved, carry on."), d.app.message.text


@pytest.mark.timeout(60)
def test_a_die_roll_does_not_take_the_start_notice_away_unread(tmp_path):
    """A hostile tester's finding: at start, with a damaged card catalogue said in the "Before you play" dialog, a
    die rolled on the table took the roll and closed the dialog: the notice went unread. The roll is taken and
    the notice stays until Close. A real die on a pty, the running app."""
    from companion.rules import GAMES
    from companion.session import Session
    from hw.mock import DieSimulator

    from .apprun import RunningApp
    with Session.open(tmp_path / "db.sqlite3") as s:
        s.new_game("thirty-to-mars", GAMES["thirty-to-mars"].default_options(None, 1))
    (tmp_path / "cards.json").write_text("{not json")
    with DieSimulator(seed=1) as die, RunningApp(tmp_path, die.path) as app:
        app.start()
        assert app.state()["dialog"] == "Before you play"
        die.roll(4)
        st = app.wait(lambda st: st["seq"] == 1, "the roll to be taken", 10)
        assert st["dialog"] == "Before you play", st["dialog"]
        app.tap("Close")
        assert app.state()["dialog"] is None
        assert app.stop() == 0
