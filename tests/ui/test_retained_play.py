"""Every part of the screen put back as a picture (:class:`companion.ui.retained.Region`) is what
painting it again draws, with the same buttons, through whole random games of every registered game
and Undo in between (issue 13: a part's key that misses something it shows would leave old numbers
on the table's screen); and the first frame after a move is the frame drawn again (Mission to Mars 2049's
message box went where the frame before had shown what happened this turn: over the roll's heading,
until something else drew the screen again, which an idle app does not do)."""
from __future__ import annotations

import random

import pygame
import pytest

from companion.rules import GAMES
from companion.ui import retained


def _frame(d):
    d.app.dirty = True
    surface = d.frame()
    return pygame.image.tobytes(surface, "RGB"), [(tuple(h.rect), h.label) for h in d.app.screen.ui.hits]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_part_put_back_is_the_part_painted_through_a_game(session, catalogues, game_id, size):
    from companion.ui.driver import Driver
    pygame.display.init()
    pygame.display.set_mode(size)
    game = GAMES[game_id]
    session.new_game(game_id, game.default_options(None, 1))
    d = Driver(session, catalogues, size, game_id=game_id)
    rng = random.Random(11)
    reused = retained.STATS["reused"]
    for step in range(120):
        if game.is_over(session.state):
            break
        if step % 5 == 4 and session.can_undo:
            d.app.undo()
        else:
            d.app.submit(game.random_action(session.state, rng), quiet=True)
        first = _frame(d)  # the first frame after the move: parts whose key is the last frame's are put back
        again = _frame(d)
        assert again == first, f"{game_id} step {step}: the frame drawn again differs (it used the frame before)"
        for region in d.app.regions.values():
            region.forget()
        painted = _frame(d)
        assert again[1] == painted[1], f"{game_id} step {step}: other buttons put back"
        assert again[0] == painted[0], f"{game_id} step {step}: a part put back differs from its painting"
    assert retained.STATS["reused"] > reused + 20, "hardly any part was put back: the test checked nothing"
