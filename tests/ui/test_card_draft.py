"""A new event card half typed survives a restart (a power cut, a kill, a systemd restart: README, "a power cut
loses nothing that was on the screen"): the editor comes back on its page with what was typed, kept as a draft
in the saved games file (companion/ui/games/thirty_to_mars/card.py, ``Session.keep_draft``). It goes when the
card is saved and drawn, the editor cancelled, the draw undone, or a new game started; a draft that cannot be
written or read costs nothing but itself. Each restart is a new Session and Driver on the same file, the first
never closed (as after a kill)."""
from __future__ import annotations

import sqlite3

import pygame
import pytest

from companion.session import Session
from companion.ui.driver import Driver

from .helpers import start_game
from .test_new_game_over_a_game import new_game_over_the_game

pytestmark = pytest.mark.timeout(60)
SIZES = [(800, 480), (480, 800)]


def editor(d):
    return d.app.ui_for("thirty-to-mars").screens["card"]


def typed(d) -> None:
    """New card "Leak", difficulty 2, Bay 3, then Check Positive's page with 2 Oxygen."""
    d.tap("New card")
    for k in "LEAK":
        d.tap(f"key {k}")
    d.tap("NEXT")
    d.tap("difficulty +")
    d.tap("difficulty +")
    d.tap("location 3")
    d.tap("NEXT")
    d.tap("oxygen amount")
    d.tap("2")
    d.tap("Done")


def restart(tmp_path, catalogues, size):
    """The companion started again on the same saved games file: (its driver, its session)."""
    pygame.display.set_mode(size)
    s = Session.open(tmp_path / "db.sqlite3")
    return Driver(s, catalogues, size, game_id="thirty-to-mars"), s


def texts(d) -> list[str]:
    return [t for t, _, _ in d.app.screen.ui.texts]


@pytest.mark.parametrize("size", SIZES)
def test_a_restart_brings_back_the_card_being_typed_on_its_page(make_driver, tmp_path, catalogues, size):
    d = make_driver(size)
    start_game(d)
    typed(d)
    seq = d.app.session.seq
    d2, s2 = restart(tmp_path, catalogues, size)
    e = editor(d2)
    assert d2.app.current_screen().name == "card" and s2.seq == seq
    assert e.editing and e.page_title() == "Check Positive" and e.card_name == "Leak"
    assert (e.difficulty, e.location, e.effects["success"]) == (2, 3, {"oxygen": 2})
    shown = " ".join(texts(d2))  # (the lines as wrapped)
    assert "3/6: Check Positive" in shown and "Leak \u00b7 diff 2 \u00b7 Bay 3" in shown, shown
    assert "Oxygen +2" in texts(d2)
    d2.tap("NEXT")  # it goes on from there: one more result, then restarted again on the name's page
    d2.tap("Back page")
    d2.tap("Back page")
    d2.tap("Back page")
    d2.tap("key S")
    d3, _ = restart(tmp_path, catalogues, size)
    assert editor(d3).editing and editor(d3).page_title() == "its name" and editor(d3).card_name == "Leaks"
    d3.tap("NEXT")
    for _ in range(5):
        d3.tap("NEXT")
    assert d3.app.current_screen().name != "card" and d3.app.session.seq > seq  # saved and drawn, typed once
    card = catalogues.get("thirty-to-mars", "event").get("Leaks")
    assert (card["difficulty"], card["location"], card["success"]) == (2, 3, {"oxygen": 2})


@pytest.mark.parametrize("how", ["save and draw", "cancel", "undo past the draw", "new game"])
def test_the_draft_goes_with_the_editor(make_driver, tmp_path, catalogues, how):
    d = make_driver((800, 480))
    start_game(d)
    typed(d)
    if how == "save and draw":
        while d.app.current_screen().name == "card":
            d.tap("NEXT")
        d.tap("Undo")  # back to the draw: the card is in the list now, nothing is being typed
    elif how == "cancel":
        for _ in range(3):
            d.tap("Back page")
    elif how == "undo past the draw":
        d.tap("Undo")
        assert d.app.current_screen().name != "card"
        d.tap("Redo")
    else:
        new_game_over_the_game(d)
        start_game(d)
    d2, s2 = restart(tmp_path, catalogues, (800, 480))
    assert d2.app.current_screen().name == "card" and not editor(d2).editing, (how, d2.names())
    assert "New card" in d2.names()
    rows = sqlite3.connect(tmp_path / "db.sqlite3").execute(  # (an abandoned game's goes at the next draft)
        "SELECT count(*) FROM drafts WHERE game IN (SELECT id FROM games WHERE status = 'open')").fetchone()
    assert rows == (0,), how


def test_back_to_the_game_from_the_new_game_screen_keeps_the_draft(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    typed(d)
    new_game_over_the_game(d)
    d.tap("Back to game")
    e = editor(d)
    assert d.app.current_screen().name == "card" and e.editing and e.card_name == "Leak"
    assert e.page_title() == "Check Positive" and e.effects["success"] == {"oxygen": 2}


def test_a_draft_that_cannot_be_written_costs_no_move(make_driver, tmp_path, catalogues, caplog):
    d = make_driver((800, 480))
    start_game(d)
    conn = sqlite3.connect(tmp_path / "db.sqlite3")  # every draft write fails in SQLite
    conn.execute("CREATE VIEW drafts AS SELECT 1 AS game, 'x' AS name, 1 AS seq, '{}' AS body, '' AS created_at")
    conn.commit()
    conn.close()
    seq = d.app.session.seq
    typed(d)
    assert "not kept" in caplog.text and d.app.message is None
    while d.app.current_screen().name == "card":
        d.tap("NEXT")
    assert d.app.session.seq > seq and d.app.session.writable


@pytest.mark.parametrize("spoil", [{"page": "nowhere"}, {"colour": "red"}, {"difficulty": 99}, {"name": 5},
                                   {"location": True}, {"effects": {"success": {"nosuch": 1}}},
                                   {"effects": {"success": {"oxygen": "2"}}}, {"effects": [1]}, None, "{not json"])
def test_a_damaged_draft_is_ignored(make_driver, tmp_path, catalogues, spoil):
    """A draft that does not read as a card being typed for the colour to draw now (a damaged row, a draft of
    another version) is ignored: the list of cards, as without one."""
    import json
    d = make_driver((800, 480))
    start_game(d)
    typed(d)
    conn = sqlite3.connect(tmp_path / "db.sqlite3")
    body = json.loads(conn.execute("SELECT body FROM drafts").fetchone()[0])
    assert not editor(d).restore_draft() or editor(d).editing  # (the real one reads)
    body = spoil if isinstance(spoil, str) else json.dumps(None if spoil is None else {**body, **spoil})
    conn.execute("UPDATE drafts SET body = ?", (body,))
    conn.commit()
    conn.close()
    d2, _ = restart(tmp_path, catalogues, (800, 480))
    assert d2.app.current_screen().name == "card" and not editor(d2).editing
    assert d2.app.message is None or d2.app.message.kind != "error"
