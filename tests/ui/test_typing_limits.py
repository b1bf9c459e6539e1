"""A key tapped when what is typed is at its longest did nothing and said nothing (a hostile tester's finding: a
touch lost, and the table wonders whether the screen froze). It says the limit, where the name stays in sight."""
from __future__ import annotations

import pygame
import pytest

from companion.ui.games.race_to_mars.editor import MAX_NAME as CARD_NAME_MAX, CardEditor
from companion.ui.games.race_to_mars.newgame import MAX_NAME as PLAYER_NAME_MAX
from companion.ui.games.thirty_to_mars.card import MAX_NAME as EVENT_NAME_MAX
from companion.ui.screens.chrome import message_box

from .helpers import start_game
from .test_race_to_mars_screens import driver  # noqa: F401 (the fixture)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.timeout(30)
def test_a_player_name_at_its_longest_says_so_under_the_keys(driver, size):  # noqa: F811
    d = driver(size)
    d.tap("Race to Mars")
    d.tap("name 1")
    screen = d.app.current_screen()
    while len(screen.names[0]) < PLAYER_NAME_MAX:
        d.tap("key W")
    assert d.app.message is None
    d.tap("key W")
    assert len(screen.names[0]) == PLAYER_NAME_MAX
    assert d.app.message is not None and f"at most {PLAYER_NAME_MAX} letters" in d.app.message.text
    box = message_box(d.app.layout, d.app)[0]
    field = next(r for t, r, _ in d.app.screen.ui.texts if t.startswith("Player 1: "))
    assert not box.colliderect(field), (box, field)  # the name typed stays in sight
    assert f"at most {PLAYER_NAME_MAX} letters" in " ".join(t for t, _, _ in d.app.screen.ui.texts)


@pytest.mark.timeout(30)
def test_an_event_cards_name_at_its_longest_says_so(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    d.tap("New card")
    screen = d.app.ui_for("thirty-to-mars").screens["card"]
    while len(screen.card_name) < EVENT_NAME_MAX:
        d.tap("key E")
    d.tap("key E")
    assert len(screen.card_name) == EVENT_NAME_MAX
    assert d.app.message is not None and f"at most {EVENT_NAME_MAX} letters" in d.app.message.text


def test_a_space_cards_name_at_its_longest_says_so_over_the_field():
    pygame.font.init()
    editor = CardEditor("both", lambda card: None, lambda: None)
    for _ in range(CARD_NAME_MAX):
        editor.type_char("X")
    assert editor.problem == ""
    editor.type_char("X")
    assert len(editor.name) == CARD_NAME_MAX and f"{CARD_NAME_MAX} letters at most" in editor.problem
    editor.delete_char()
    assert editor.problem == ""
