"""Words for Mission to Mars 2049's moves: each argument's values and questions.

The facts (names of resources, Mission Cards, costs) come from the rules
package; this module only turns them into button labels.
"""
from __future__ import annotations

from typing import Any

from companion.rules.contract import Action
from companion.rules.mission_to_mars_2049.actions import MISSION_NAMES
from companion.rules.mission_to_mars_2049.model import (DECK_NAMES, DECKS, MISSION_COST, MISSIONS, RESOURCE_NAMES,
                                                        RESOURCES, STATION_COST, STATION_NAMES, price_text)
from companion.rules.words import ordinal

RESOURCE_LABEL = dict(zip(RESOURCES, RESOURCE_NAMES)) | {"road": "Road card"}
STATION_LABEL = dict(zip(RESOURCES, STATION_NAMES))  # "Mineral Station", as the rulebook says
MISSION_NAME = MISSION_NAMES  # the Mission Cards' printed names, by id
DECK_LABEL = dict(zip(DECKS, DECK_NAMES))

#: The rulebook's words for what ``advice.buildable`` lists (3.6 Building Costs).
BUILDABLE = ({f"{r}_station": f"{n} Station" for r, n in STATION_LABEL.items()}
             | {"base": "Base", "lab3": "Laboratory (3)", "lab2": "Laboratory (2)", "road": "Road",
                "h2o": "H2O Station"}
             | {f"{d}_mission": f"{n} Mission Card" for d, n in DECK_LABEL.items()})

#: What each move kind is called on its button, and in which order its choices are asked.
KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "rob": ("Robbery", ("victim", "resource")),
    "take": ("Take a card", ("resource",)),
    "protect": ("Protection", ("use",)),
    "build_h2o": ("H2O Station", ()),
    "build_road": ("Road", ()),
    "build_base": ("Base", ("over",)),
    "build_station": ("Station", ("resource", "base")),
    "build_lab": ("Laboratory", ("base",)),
    "trade": ("Trade", ("get", "give")),
    "buy": ("Buy Mission", ("deck", "immediate")),
    "play": ("Play Mission", ("card", "target", "station", "resource", "base", "take")),
    "to_token": ("Cards \u2192 token", ("resource", "token")),
    "to_cards": ("Token \u2192 cards", ("resource", "token")),
}
QUESTIONS = {
    "victim": "whom does the robber draw from?", "resource": "which resource?", "give": "pay with which cards?",
    "get": "get which?", "token": "which token?", "base": "next to which of your Bases?", "over": "where?",
    "deck": "which pile?",
    "immediate": "draw the top card. Does its footer say \u201cPlay immediately!\u201d?", "card": "which card?",
    "target": "against whom?", "station": "which Station?", "take": "which four cards?",
    "use": "play Protection?",
}

#: The answers to a Protection window (4.1 Peaceful Mission Cards, Protection Mission): play it, or decline
USE_LABEL = {True: "Play Protection", False: "Let it be"}

#: A Robbery's (and a Grand Theft's) card is drawn blind (3.5: "Draw blind without seeing the cards"): the
#: robber says what it turned out to be, not which one to take (a tester read "which resource?" as a choice)
DRAWN_BLIND = "which resource was drawn blind?"


def ask(arg: str) -> str:
    """The question about argument ``arg``."""
    return QUESTIONS.get(arg, f"which {arg}?")


def value_label(summary: dict[str, Any], action: Action, arg: str, value: Any) -> str:
    """The words for ``value`` of argument ``arg`` of ``action`` (a move of that
    kind, for context); ``summary`` is the rules' ``summary(state)`` (names and
    stations)."""
    kind = action.kind
    players = summary["players"]
    if arg in ("resource", "give", "get"):
        if value is None:
            return "nothing (no card of that kind)" if kind == "rob" else "\u2014"
        if arg == "give" and kind == "trade" and action.seat is not None:   # the payment whole: "4 Air" (3.9)
            return f"{players[action.seat]['trade_rate'].split(':')[0]} {RESOURCE_LABEL.get(value, str(value))}"
        return RESOURCE_LABEL.get(value, str(value))
    if arg in ("victim", "target"):
        if value is None:
            return "\u2014"
        empty = kind == "rob" and not sum(players[value]["cards"].values())  # MA-12: warned before it is chosen
        robbed = "from " if kind == "rob" else ""  # "Robbery (Blue, from Red): which resource?": who robs whom
        return robbed + players[value]["name"] + (" (no cards: nothing to draw)" if empty else "")
    if arg == "base":
        if value is None:
            return "the newest Base"
        newest = players[action.seat]["bases"] if action.seat is not None else None
        return f"Base {value}" + (" (newest)" if value == newest else "")
    if arg == "over":
        return "on a free spot" if value is None else f"over your {_station(players[action.seat], value)}"
    if arg == "token":
        return f"({value}) token"
    if arg == "deck":
        return f"{DECK_LABEL[value]}: {price(value)}" if value in DECK_LABEL else str(value)
    if arg == "immediate":
        return "Yes: play it now" if value else "No: keep it in hand"
    if arg == "card":
        return MISSION_NAME.get(value, str(value))
    if arg == "use":
        return USE_LABEL[bool(value)]
    if arg == "take":
        return ", ".join(RESOURCE_LABEL[r] for r in value) if value else "\u2014"
    if arg == "station":
        owner = action.args.get("target", action.seat)
        return _station(players[owner], value) if value is not None else "\u2014"
    return str(value)


def price(deck: str) -> str:
    """"3 Air, 1 Food": what a Mission Card of pile ``deck`` costs (the rules' ``MISSION_COST``)."""
    return price_text(MISSION_COST[DECKS.index(deck)])


def station_price(resource: str) -> str:
    """"2 Food, 2 Minerals": what a Station of ``resource`` costs (the rules' ``STATION_COST``, 3.6 Building
    Costs)."""
    return price_text(STATION_COST[RESOURCES.index(resource)])


def _station(player: dict[str, Any], index: int, split: bool = False, nth: bool = True) -> str:
    """"Air Station at Base 2": a player's station by its index as ``summary``
    lists them; a second one alike (same type, Base and star) is "... (2nd)", a fifth "... (5th)" (none of
    these unless ``nth``: where alike Stations are one choice, a tester read "(4th)" and "(5th)" beside one
    "Air Station at Base 1"),
    one with another player's star says whose ("(red star)"; ``split``: after ": ", which a narrow dialog's
    button puts on a second line, "Food Station at Base 1: red star")."""
    seen: dict[tuple[str, str, str], int] = {}
    for k, b in player["buildings"].items():
        for st in b["stations"]:
            alike = (st["resource"], k, st["colour"])
            seen[alike] = seen.get(alike, 0) + 1
            if st["index"] == index:
                star = "" if st["colour"] == player["colour"] else \
                    f": {st['colour']} star" if split else f" ({st['colour']} star)"
                return (f"{STATION_LABEL[st['resource']]} Station at Base {k}{star}"
                        + (f" ({ordinal(seen[alike])})" if nth and seen[alike] > 1 else ""))
    return f"Station {index + 1}"


def rank(arg: str, value: Any) -> tuple[int, Any]:
    """A fixed order for the options of a question: "nothing" first, then
    resources in the rules' order (Air, Food, Minerals, then the Road card),
    seats in table order, Bases and tokens by number, piles and Mission Cards
    in rulebook order, "no" before "yes"."""
    if value is None:
        return (0, 0)
    if isinstance(value, (bool, int)):
        return (1, int(value))
    for i, known in enumerate((RESOURCES + ("road",), DECKS, MISSIONS)):
        if value in known:
            return (2 + i, known.index(value))
    return (9, str(value))


def action_text(summary: dict[str, Any], action: Action) -> str:
    """One line for ``action``: its kind's name and its choices."""
    title, order = KINDS.get(action.kind, (action.kind, ()))
    parts = [value_label(summary, action, a, action.args.get(a)) for a in order if a in action.args]
    return title + (": " + ", ".join(parts) if parts else "")
