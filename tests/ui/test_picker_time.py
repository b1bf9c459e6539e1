"""The game picker says when the open game started in the table's own time (a tester's finding: it showed the
store's UTC time as if it were local: an hour off in Berlin, a game started at 20:15 read "19:15")."""
from __future__ import annotations

import pytest

from companion.rules import GAMES
from companion.ui.screens.picker import local_time


def test_local_time_reads_the_stores_utc_stamp_in_the_local_zone(berlin):
    assert local_time("2026-12-07T19:15:02+00:00") == "2026-12-07 20:15"
    assert local_time("2026-07-07T19:15:02+00:00") == "2026-07-07 21:15"  # summer time
    assert local_time("not a time") == "not a time"


@pytest.mark.timeout(30)
def test_the_pickers_question_names_the_local_time(berlin, session, catalogues):
    import pygame

    from companion.ui.driver import Driver
    session.new_game("thirty-to-mars", GAMES["thirty-to-mars"].default_options(None, 1))
    record = session.record
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    d = Driver(session, catalogues, (800, 480))
    d.tap("New game")
    d.tap("New game")
    d.tap("30 to Mars")
    assert d.app.dialog is not None and f"a game started {local_time(record.created_at)} is open" \
        in d.app.dialog.title, d.app.dialog.title
    assert record.created_at[11:16] not in d.app.dialog.title  # Berlin is never on UTC
    pygame.display.quit()
