"""Builders for 30 to Mars scenario tests: real actions, or a built state."""
from __future__ import annotations

from dataclasses import replace as dc_replace

from companion.rules import Action, apply_checked
from companion.rules import thirty_to_mars as ttm
from companion.rules.thirty_to_mars.model import replace

CREW = ["larisa", "stan", "john", "maria"]


def act(state, kind, **args):
    """Check and apply one action; returns (state, events). Fails on a rejection."""
    return apply_checked(ttm, state, Action(kind, args))


def rejection(state, kind, **args):
    return ttm.check(state, Action(kind, args))


def started(crew=CREW, faces=(3,) * 8, accident=(2, 3), tutorial=False, resources=None):
    """A game after the 10 setup rolls, at dawn of day 1 (``resources``: 4 ints to start from instead)."""
    s = ttm.new_game({"crew": list(crew), "tutorial": tutorial})
    for f in (*faces, *accident):
        s, _ = act(s, "roll", face=f)
    assert s.step == "dawn"
    return replace(s, resources=tuple(resources)) if resources else s


def card(name="Test event", colour="green", difficulty=7, location=1, **results):
    return {"name": name, "colour": colour, "difficulty": difficulty, "location": location, **results}


def with_crew(state, i, **changes):
    crew = list(state.crew)
    crew[i] = dc_replace(crew[i], **changes)
    return replace(state, crew=tuple(crew))


def drawn(state, **card_fields):
    """From dawn: NEXT (day starts), DRAW the card. Returns the state at 'place'."""
    state, _ = act(state, "next")
    colour = ttm.required_colour(state)
    state, _ = act(state, "draw", card=card(colour=colour, **card_fields))
    return state


def texts(events):
    return " | ".join(e.text for e in events)
