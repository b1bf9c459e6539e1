"""A session that is not being saved says so on every screen, in the top bar (a tester's finding: with
``play --db`` a folder or a read-only file, the start-up dialog said "this session will not be saved" once, and
the game screens then looked as if every move were kept)."""
from __future__ import annotations

import os
import random

import pygame
import pytest

from companion.rules import GAMES
from companion.session import Session
from companion.ui.driver import Driver

from .readable import check_sizes

pytestmark = pytest.mark.timeout(60)


def _sign(d: Driver) -> list[pygame.Rect]:
    """Where the top bar's "Not" and "saved" are drawn, each whole (not cut with "…"): two lines, or one "Not
    saved" over "no die used" in a game without a die, landscape (the sign shares the die status's panel)."""
    texts = d.app.screen.ui.texts
    return [r for s, r, _ in texts if s in ("Not", "saved", "Not saved") and r.colliderect(d.app.layout.top)]


def _sign_words(d: Driver) -> str:
    """The sign's words as drawn on the top bar, in order ("Not saved" on one line or two)."""
    top = d.app.layout.top
    return " ".join(s for s, r, _ in d.app.screen.ui.texts if s in ("Not", "saved", "Not saved")
                    and r.colliderect(top))


def _played(session: Session, game_id: str) -> None:
    session.new_game(game_id, GAMES[game_id].default_options(None, 3))
    rng = random.Random(1)
    for _ in range(4):
        session.submit(session.game.random_action(session.state, rng))


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_session_in_memory_says_not_saved_in_the_top_bar_over_no_control(tmp_path, catalogues, game_id, size):
    folder = tmp_path / "a folder"  # `play --db` a folder: the store runs in memory, "will not be saved"
    folder.mkdir()
    with Session.open(folder) as s:
        assert not s.store.persistent and "will not be saved" in s.notice
        _played(s, game_id)
        pygame.display.init()
        pygame.display.set_mode(size)
        d = Driver(s, catalogues, size)
        if d.app.dialog is not None:
            d.tap("Close")
        for where in ("game", "picker"):
            if where == "picker":
                d.tap("New game")
                d.tap("New game")  # the question's "New game": the picker
                assert d.app.on_picker()
            sign = _sign(d)
            assert _sign_words(d) == "Not saved", (where, [t for t, _, _ in d.app.screen.ui.texts])
            for hit in d.app.screen.ui.hits:  # it covers no control
                assert not any(hit.rect.colliderect(r) for r in sign), (where, hit.label)
            check_sizes(d, f"{game_id} {size} {where}")  # read at 1 m


def test_a_read_only_file_says_not_saved_and_a_saved_file_nothing(tmp_path, catalogues, monkeypatch):
    db = tmp_path / "companion.sqlite3"
    with Session.open(db) as s:
        _played(s, "thirty-to-mars")
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    with Session.open(db) as s:
        d = Driver(s, catalogues, (800, 480))
        assert _sign(d) == []  # saved: nothing more in the top bar
    real = os.access
    monkeypatch.setattr(os, "access", lambda p, mode, **kw: False if mode & os.W_OK else real(p, mode, **kw))
    with Session.open(db) as s:  # as the kiosk's user sees a read-only file (root writes through chmod)
        assert not s.writable
        d = Driver(s, catalogues, (800, 480))
        if d.app.dialog is not None:
            d.tap("Close")
        assert _sign_words(d) == "Not saved"
        s.store.read_only_reason = None  # writable again (as after a full disk, once there is space): it goes
        d.frame()
        assert _sign(d) == []
