"""Every screen renders at 800x480, 1280x720 and 720x1280 with its text
inside its boxes (never cut with an ellipsis), inside the screen, and with
finger-sized buttons; an illegal move shows the rule that forbids it."""
from __future__ import annotations

import random

import pygame
import pytest

from companion.ui.app import TAP

from companion.rules.contract import Action
from companion.ui import text

from .helpers import assert_no_overlaps
from .readable import check_sizes

from companion.rules.thirty_to_mars.model import PROFILES  # noqa: E402

#: taps that only show more (the message box may cover them; a tap on it closes it); never the
#: resources, nor the Marsonaut selected to place (see ``selected_name``)
READ_ONLY = {"Alerts", "Resources"} | {p.short for p in PROFILES.values()}  # taps that only show more


def selected_name(d):
    """The label of the Marsonaut selected to place on the day screen, or None."""
    screen = d.app.screen
    who = getattr(screen, "selected", None)
    state = d.app.state
    if screen is None or screen.name != "day" or who is None or who < 0 or state is None:
        return None
    return state.crew[who].profile.short
SIZES = [(800, 480), (1280, 720), (720, 1280)]


def check_frame(d, where, read_only=()):
    """The frame just drawn: texts in their boxes and on screen, buttons finger-sized; a message covers only
    taps that show more (:data:`READ_ONLY`, and ``read_only``: a game's own)."""
    lay = d.app.layout
    screen_rect = d.app.surface.get_rect()
    ui = d.app.screen.ui
    for s, drawn, box in ui.texts:
        assert screen_rect.contains(drawn), f"{where}: {s!r} off screen at {drawn}"
        assert drawn.w <= box.w + 1, f"{where}: {s!r} wider ({drawn.w}) than its box ({box.w})"
        assert box.left - 1 <= drawn.left and drawn.right <= box.right + 1, f"{where}: {s!r} outside its box"
    keep = {selected_name(d)} - {None}
    assert_no_overlaps(d, where, keep=keep)
    check_sizes(d, where)
    if d.app.message is not None and d.app.dialog is None:
        bar = d.app.layout_message_rect()
        for h in ui.hits:  # a long message may cover only what is there to read (a tap shows more)
            assert not bar.colliderect(h.rect) or ((h.label in READ_ONLY or h.label in read_only)
                                                   and h.label not in keep), \
                f"{where}: the message bar covers {h.label!r}"
    for h in ui.hits:
        assert screen_rect.contains(h.rect), f"{where}: button {h.label!r} off screen"
        finger = 0.7 if h.label.startswith("key ") else 0.85  # a QWERTY row is 10 keys, even in portrait
        assert min(h.rect.w, h.rect.h) >= lay.touch * finger, \
            f"{where}: button {h.label!r} {h.rect.size} smaller than a finger ({lay.touch}px)"


def walk(d, size, seen):
    """Play through every kind of screen, checking each frame."""
    def look(name):
        d.frame()
        check_frame(d, f"{name} {size}")
        seen.add(name)

    look("new game")
    for n in ("Larisa", "Jean-Louis", "Maria", "Dieter"):
        d.tap(n)
    d.tap("role Maria")
    look("new game full")
    d.tap("Start")
    d.roll(6)
    look("setup")
    for f in (6, 1, 3, 2, 3, 4, 5, 3, 1):
        d.roll(f)
    assert d.app.state.step == "draw", "the start of the day runs on its own"
    look("card list")
    d.tap("Search")
    d.tap("key B")
    look("search")
    d.tap("Search")
    d.tap("New card")
    for k in "HULL":
        d.tap(f"key {k}")
    look("card name")
    d.tap("NEXT")
    d.tap("difficulty +")
    look("card numbers")
    d.tap("NEXT")
    d.tap("any_resource amount")
    d.tap("3")
    look("number pad")
    d.tap("Done")
    assert d.app.ui_for("thirty-to-mars").screens["card"].effects["success"]["any_resource"] == 3
    look("card result")
    d.tap("Back page"), d.tap("Back page"), d.tap("Back page")
    d.tap("Lost Signal")
    look("place rolling location")
    d.roll(4), d.roll(5)
    d.tap("Jean-Louis")
    d.tap("bay 4")
    d.tap("Maria")
    d.tap("bay 4")
    look("place")
    assert d.app.message is None, d.app.message
    d.tap("Ability")
    look("ability dialog")
    d.tap("Cancel")
    d.key("next")
    d.roll(2)
    look("check rolling")
    d.roll(6)
    look("check rolled")
    d.key("next")
    look("resolved")
    d.key("next")
    while d.app.state.pending:
        look("choice")
        d.tap([n for n in d.names() if n.startswith("option ")][0])
    look("produced")
    d.app.reject(d.app.session.game.check(d.app.state, Action("ability", {"who": 2})))
    look("message bar")
    d.tap("New game")
    look("new game dialog")
    d.tap("Cancel")
    rng = random.Random(7)
    s = d.app.session
    while not s.game.is_over(s.state):
        s.submit(s.game.random_action(s.state, rng))
    d.app.message = None
    look("over")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES + [(480, 800)])
def test_every_screen_fits(make_driver, size):
    """Every screen of :func:`walk`, also on the 7" panel on its side (480x800), where the crew rows and the
    Bays were 44 px, under a finger (a tester's finding)."""
    d = make_driver(size)
    cuts = text.STATS["cut"]
    seen: set[str] = set()
    walk(d, size, seen)
    assert text.STATS["cut"] == cuts, f"text cut with an ellipsis: {sorted(set(text.CUTS))}"
    assert {"setup", "card list", "card name", "place", "check rolled", "resolved", "over"} <= seen


@pytest.mark.timeout(30)
def test_illegal_choice_shows_the_rule(make_driver, tmp_path, capsys, monkeypatch):
    """A tapped placement the rules refuse: the whole sentence and its section
    stay on screen until the next action, the section shows the rulebook's
    paragraph, and ``companion log`` keeps it, marked refused."""
    from companion.cli import main
    from companion.ui.screens.chrome import message_box
    d = make_driver((800, 480))
    for n in ("Larisa", "Stan", "John", "Maria"):
        d.tap(n)
    d.tap("Start")
    d.key("next")  # a roll is expected, not NEXT
    assert "Waiting for a die roll" in d.app.message.text and "(30-to-mars.txt, Setup 5)" in d.app.message.text
    for f in (1, 1, 1, 1, 1, 1, 1, 1, 3, 3):
        d.roll(f)
    d.tap("Hull Breach" if "Hull Breach" in d.names() else "Broken Pipe")
    event_bay = d.app.state.location
    d.tap("Larisa")
    d.tap(f"bay {event_bay}")
    d.tap("Stan")
    d.tap(f"bay {event_bay}")
    assert d.app.state.placement[:2] == (event_bay, event_bay)
    seq = d.app.session.seq
    state = d.app.state
    import dataclasses
    full = dataclasses.replace(state, broken=tuple(2 if b == event_bay else 0 for b in range(1, 7)))
    d.app.session._states[-1] = full  # two of the event Bay's Workspaces break: Larisa and Stan fill it
    d.tap("John")
    d.tap(f"bay {event_bay}")  # refused: the Bay is full
    assert d.app.session.seq == seq
    m = d.app.message
    assert m is not None and m.kind == "error" and m.rule and m.rule.startswith("30-to-mars.txt, "), m
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    section = m.rule.split(", ", 1)[1]
    sentence = m.text[:-len(m.rule) - 3]  # the sentence; its section is the button below it
    assert " ".join(sentence.split()) in " ".join(shown.split()), "the whole refusal is on screen"
    from companion.ui.screens.chrome import section_labels
    assert any(label in shown for label in section_labels(m.rule))  # "§ Event Location ›", or shorter beside it
    check_frame(d, "refusal")
    import time
    later = time.monotonic() + 3600
    monkeypatch.setattr(time, "monotonic", lambda: later)  # an hour later: still there (until the next action)
    d.frame()
    monkeypatch.undo()
    assert d.app.message is m
    d.app.handle(pygame.event.Event(TAP, pos=message_box(d.app.layout, d.app)[2].center))
    d.frame()
    assert d.app.dialog is not None and section in d.app.dialog.title and d.app.dialog.lines
    assert not d.app.dialog.lines[0].startswith("The rulebook file is not"), d.app.dialog.lines
    d.tap("Close")
    d.tap("bay 5")  # the next action: John works in the Green House; the refusal goes
    assert d.app.state.placement[2] == 5 and d.app.message is None
    # an illegal tap: a roll tapped on the face pad when none is expected is ignored with a note
    d.app.roll(4, "die")
    assert "no roll is expected" in d.app.message.text
    db = d.app.session.store.path
    assert main(["log", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    refused = [line for line in out.splitlines() if "[refused]" in line]
    assert refused and "place" in refused[0], out
    assert m.text.split(" (30-to-mars")[0] in out, out


@pytest.mark.timeout(30)
def test_a_screen_that_raises_shows_a_message(make_driver, monkeypatch):
    d = make_driver((800, 480))
    screen = d.app.ui_for("thirty-to-mars").screens["new_game"]
    monkeypatch.setattr(type(screen), "paint", lambda self, ui: 1 / 0)
    d.frame()
    assert "ZeroDivisionError" in d.app.message.text


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("connected", [True, False])
@pytest.mark.parametrize("picker", [False, True])
def test_the_die_status_fits(make_driver, size, connected, picker):
    """Ready or unplugged, the die's status is whole at every size, in a game and on the game picker."""
    import types
    d = make_driver(size)
    d.app.hw = types.SimpleNamespace(die_status=lambda: {"mode": "serial", "connected": connected, "last_roll": 4},
                                     hw_mode=None)
    if picker:
        d.app.pick_game()
    cuts = text.STATS["cut"]
    d.frame()
    check_frame(d, f"die {'ready' if connected else 'unplugged'} {size}")
    assert text.STATS["cut"] == cuts, f"cut: {text.CUTS[-2:]}"
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert ("\u25cf Die ready" if connected else "unplugged" if picker else "Unplugged") in shown, shown
