"""A new event card typed with the name of a card already in the catalogue: said at once, with the card, and drawn
from the catalogue in one touch, rather than after its five pages of numbers and results (found playing at
480x800: "Broken Pipe is already in the catalogue. Replace it ...?" came only at the end)."""
from __future__ import annotations

from typing import Any

from companion.rules.thirty_to_mars.model import BAY_NAMES


def summary(card: dict[str, Any]) -> str:
    """"Green card · Cargo Bay · difficulty 7" for a catalogue card (``null`` fields: "Bay: roll", "difficulty:
    roll")."""
    where = BAY_NAMES[card["location"]] if card.get("location") else "Bay: roll"
    diff = f"difficulty {card['difficulty']}" if card.get("difficulty") is not None else "difficulty: roll"
    return f"{str(card.get('colour', '')).capitalize()} card \u00b7 {where} \u00b7 {diff}"


def ask_known(screen: Any, card: dict[str, Any], go_on: Any) -> None:
    """Ask about ``card``, the catalogue's card of the name typed on ``screen`` (the card screen's editor): "Draw
    it" where it is of the colour drawn now (the list's own tap, :meth:`pick`, with its questions), "Enter it
    again" (``go_on()``: the next page; the end asks before replacing it), Cancel (back to the name)."""
    app = screen.app
    name, colour = card["name"], screen.colour()
    same = card.get("colour") == colour
    options = []
    if same:
        def draw() -> None:
            app.close_dialog()
            screen.editing = False
            screen.reset_editor()
            screen.pick(name)
        options.append((f"Draw {name}", draw))

    def again() -> None:
        app.close_dialog()
        go_on()
    options.append(("Enter it again", again))
    title = f"{name} is in the catalogue already" + ("." if same else f", as a {card.get('colour')} card; the "
                                                                      f"card to draw now is {colour}.")
    app.ask(title, options, lines=[summary(card)])
