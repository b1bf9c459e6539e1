"""Event text is built only when it is read (issue 13, item 6).

The contract's :class:`Event` takes its line as text, as a zero-argument
callable, or as a ``str.format`` template with its arguments
(:func:`later_event`); the line is made on first read, once, and an event
compares, prints, pickles and goes to JSON the same way however its text was
given. The 30 to Mars engine gives the texts of its frequent events that way,
so a playout that never reads them (a simulation, a replay) never builds them.
"""
import pickle
import random

import pytest

from companion.rules import get_game
from companion.rules.contract import Event, fast_event, later_event


def test_a_callable_text_is_made_on_first_read_only_once():
    calls = []

    def make():
        calls.append(1)
        return "Maria rolls 4"
    e = Event("die", make, {"face": 4})
    assert calls == []
    assert e.text == "Maria rolls 4" and e.text == "Maria rolls 4"
    assert calls == [1]


def test_a_template_is_formatted_on_first_read_with_the_arguments_given():
    e = later_event("die", "{} rolls {}: total {}", ("Maria", 4, 9), {"face": 4})
    assert type(e._text) is tuple  # not formatted yet
    assert e.text == "Maria rolls 4: total 9"
    assert type(e._text) is str
    assert Event.later is later_event


@pytest.mark.parametrize("lazy", [
    lambda: Event("k", lambda: "hello {x}", {"a": 1}),
    lambda: later_event("k", "hel{}o {{x}}", ("l",), {"a": 1}),
    lambda: fast_event("k", "hello {x}", {"a": 1}),
])
def test_however_the_text_is_given_the_event_is_the_same(lazy):
    eager = Event("k", "hello {x}", {"a": 1})
    assert lazy() == eager and eager == lazy()
    assert lazy() != Event("k", "hello", {"a": 1})
    assert repr(lazy()) == repr(eager) == "Event(kind='k', text='hello {x}', data={'a': 1})"
    assert lazy().to_json() == eager.to_json() == {"kind": "k", "text": "hello {x}", "data": {"a": 1}}
    assert pickle.loads(pickle.dumps(lazy())) == eager
    with pytest.raises(AttributeError):
        lazy().kind = "other"
    with pytest.raises(TypeError):  # as the frozen dataclass with a dict field: not hashable
        hash(lazy())


def test_thirty_to_mars_builds_no_text_of_its_frequent_events_while_nobody_reads_them():
    """A seeded playout: the day's events (the dawn, the drain, placing, the check,
    each die, the result, resources and Health and Sanity changes, the end of
    the day) carry their text unbuilt; reading it gives the line."""
    game = get_game("thirty-to-mars")
    rng = random.Random(7)
    state = game.new_game(game.default_options(None, 7))
    events = []
    while not game.is_over(state):
        state, evs = game.apply(state, game.random_action(state, rng))
        events += evs
    frequent = {"day", "drain", "place", "check", "die", "result", "resource", "health", "sanity", "day_end",
                "event", "location", "difficulty"}
    seen = [e for e in events if e.kind in frequent]
    assert len(seen) > 300 and {e.kind for e in seen} >= frequent - {"location", "difficulty"}
    built = [e for e in seen if type(e._text) is str]
    assert built == []
    day = next(e for e in seen if e.kind == "day")
    assert day.text.startswith("Day 1 of 30: the Navigator moves the ship one day closer to Mars")


def test_thirty_to_mars_validates_a_drawn_card_once_at_check_not_again_in_apply(monkeypatch):
    """Issue 13, item 6: ``check`` parses the card (``EventCard.from_json``, which
    names a wrong field); ``apply`` trusts it (``EventCard.trusted``)."""
    from companion.rules.thirty_to_mars import model

    game = get_game("thirty-to-mars")
    rng = random.Random(3)
    state = game.new_game(game.default_options(None, 3))
    while game.expects(state) is None or game.expects(state).kind != "card":
        state, _ = game.apply(state, game.random_action(state, rng))
    draw = game.random_action(state, rng)
    parsed = []
    real = model.EventCard.from_json
    monkeypatch.setattr(model.EventCard, "from_json", staticmethod(lambda data: parsed.append(1) or real(data)))
    assert game.check(state, draw) is None
    assert parsed == [1]
    new, events = game.apply(state, draw)
    assert parsed == [1] and new.event is not None and events[0].kind == "event"


@pytest.mark.parametrize("game_id, frequent", [
    ("race-to-mars", {"round", "recruit", "attach", "trajectory", "play", "done", "turns", "advance", "discard",
                      "draw", "skip", "exchange", "insight", "asteroid", "launch"}),
    ("mission-to-mars-2049", {"done", "production", "take", "build", "discovery", "robbery", "robbed", "skip",
                              "trade", "rolloff", "buy", "play"}),
])
def test_the_race_games_build_no_text_of_their_events_while_nobody_reads_them(game_id, frequent):
    """A seeded playout: every event whose line names something of the game (a player, a card, a count)
    carries its text unbuilt; reading it gives the line (the same line as before: see the replay tests)."""
    game = get_game(game_id)
    rng = random.Random(5)
    state = game.new_game(game.default_options(4, 5))
    events = []
    while not game.is_over(state):
        state, evs = game.apply(state, game.random_action(state, rng))
        events += evs
    seen = [e for e in events if e.kind in frequent]
    assert {e.kind for e in seen} == frequent
    assert [e.kind for e in seen if type(e._text) is str] == []
    names = [seat.name for seat in game.seats(state)]
    play = next(e for e in seen if e.kind == "play")
    assert any(play.text.startswith(f"{name} plays ") for name in names) and type(play._text) is str
