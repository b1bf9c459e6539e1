"""A key tapped when what is typed is at its longest did nothing and said nothing (a hostile tester's finding: a
touch lost, and the table wonders whether the screen froze). It says the limit, where the name stays in sight."""
from __future__ import annotations

import pytest

from companion.ui.games.thirty_to_mars.card import MAX_NAME as EVENT_NAME_MAX

from .helpers import start_game


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
