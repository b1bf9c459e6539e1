"""Event cards as entered by the players (30-to-mars.txt, "Events" card anatomy, "Game Symbols")."""
from hypothesis import given
from hypothesis import strategies as st

import pytest

from companion.rules import thirty_to_mars as ttm
from companion.rules.thirty_to_mars.model import (BAYS, COLOURS, EFFECT_SYMBOLS, RESULTS, SIGNED_SYMBOLS,
                                                  EventCard)
from tests.rules.helpers import act, card, drawn, started, texts

amounts = st.integers(1, 5)
effects = st.dictionaries(st.sampled_from(EFFECT_SYMBOLS), amounts, max_size=4)
cards = st.fixed_dictionaries({
    "name": st.text(st.characters(min_codepoint=33, max_codepoint=0x2FF, blacklist_categories=("Cc",)), min_size=1,
                    max_size=30),  # printable: a control character is refused (see the catalogue tests)
    "colour": st.sampled_from(COLOURS),
    "difficulty": st.none() | st.integers(1, 36),
    "location": st.none() | st.sampled_from(BAYS),
    **{r: effects for r in RESULTS},
})


@given(cards, st.booleans())
def test_every_symbol_of_the_rulebook_round_trips(data, negative):
    for r in RESULTS:  # losses are negative amounts of the signed symbols
        data[r] = {s: (-a if negative and s in SIGNED_SYMBOLS else a) for s, a in data[r].items()}
    card = EventCard.from_json(data)
    assert EventCard.from_json(card.to_json()) == card


def test_the_card_model_covers_every_symbol_in_the_rulebook_lists():
    assert set(EFFECT_SYMBOLS) == {"oxygen", "fuel", "food", "spares", "any_resource", "sanity", "health",
                                   "workspace_breaks", "draw_yellow", "draw_red", "repair_kit"}


@pytest.mark.parametrize("bad,field", [
    ({"colour": "blue"}, "colour"), ({"difficulty": 0}, "difficulty"), ({"location": 7}, "location"),
    ({"name": " "}, "name"), ({"failure": {"lasers": -1}}, "unknown symbol"),
    ({"failure": {"repair_kit": -1}}, "cannot be negative"), ({"success": {"food": 0}}, "from 1 to 30"),
    ({"failure": {"oxygen": -10**12}}, "not -1000000000000"),  # a tester read "needs a non-zero whole amount"
])
def test_a_wrong_field_is_named(bad, field):
    data = {"name": "Dust storm", "colour": "green", "difficulty": 6, "location": 2, **bad}
    with pytest.raises(ValueError, match=field):
        EventCard.from_json(data)


def test_a_deck_reshuffled_twice_keeps_true_counts():
    """Decision (no rule for an empty deck): its passed cards leave the Event
    Terminal for a new deck. 41 yellow cards, each demanding the next, go
    through the 20-card yellow deck twice; the deck never holds more than 20."""
    s = drawn(started(), location=1, failure={"draw_yellow": 1})
    s, _ = act(s, "next")               # skipped: a yellow card is demanded
    reshuffles = []
    for n in range(41):
        s, _ = act(s, "next")           # to the draw
        s, events = act(s, "draw", card=card(name=f"Trouble {n}", colour="yellow", location=2,
                                               failure={"draw_yellow": 1}))
        if "reshuffle" in [e.kind for e in events]:
            reshuffles.append((n, texts(events)))
        out = sum(1 for t in s.terminal if t.startswith("yellow:"))
        assert s.deck_left[1] + out + 1 == 20 and 0 <= s.deck_left[1] < 20
        assert ttm.invariants(s) == []
        s, _ = act(s, "next")           # skipped, resolved: demands the next yellow card
    assert [n for n, _ in reshuffles] == [20, 40]
    assert all("new deck (20 cards)" in t for _, t in reshuffles)
    assert s.deck_left[1] == 19


def test_apply_builds_the_card_check_validated_without_checking_it_again():
    """``apply`` trusts a card ``check`` accepted (EventCard.trusted): the
    same card as ``from_json``, field for field."""
    import random
    from companion.rules.thirty_to_mars import random_card
    from companion.rules.thirty_to_mars.model import EventCard
    rng = random.Random(5)
    cards = [random_card(rng, colour) for colour in COLOURS for _ in range(200)]
    cards.append({"name": "  Spaced  ", "colour": "green", "difficulty": None, "location": None,
                  "success": {}, "failure": None, "tutorial": True})
    for data in cards:
        assert EventCard.trusted(data) == EventCard.from_json(data)
        assert EventCard.trusted(data).to_json() == EventCard.from_json(data).to_json()
