"""Race to Mars: the table names a revealed Space card ("Phase 1.1: Pick a Card": the cards are revealed face
up; the app learns which is which from the table). A logged move, so that a restart keeps it and Undo takes it
back; nothing else changes; the next round's cards are others.

Source: shared/rules/race-to-mars.txt ("Playing the Game 1: Pre-Launch", "Phase 1.1: Pick a Card").
"""
from __future__ import annotations

from dataclasses import replace

from companion.rules import race_to_mars as rm
from companion.rules.contract import Action

from .test_race_to_mars_helpers import crew_card, options, rejection


def _first_pre_launch_turn():
    s = rm.new_game(options(3))
    assert s.step == "pre-launch" and s.revealed == 4
    return s, rm.to_act(s).seats[0]


def test_naming_a_revealed_card_changes_nothing_else_and_a_name_names_one_card():
    s, seat = _first_pre_launch_turn()
    t, events = rm.apply(s, Action(rm.NAME_REVEALED, {"slot": 2, "name": "S005"}, seat))
    assert t.named == ((2, "S005"),) and replace(t, named=()) == s and "S005" in events[0].text
    t, _ = rm.apply(t, Action(rm.NAME_REVEALED, {"slot": 3, "name": "S005"}, seat))   # moved: card 3, not 2
    t, _ = rm.apply(t, Action(rm.NAME_REVEALED, {"slot": 1, "name": "S009"}, seat))
    assert dict(t.named) == {3: "S005", 1: "S009"}
    t, _ = rm.apply(t, Action(rm.NAME_REVEALED, {"slot": 1, "name": "S010"}, seat))   # named again: the last word
    assert dict(t.named) == {3: "S005", 1: "S010"}


def test_naming_is_the_picking_players_move_of_a_card_revealed_and_not_on_the_table():
    s, seat = _first_pre_launch_turn()
    other = (seat + 1) % 3
    assert rm.check(s, Action(rm.NAME_REVEALED, {"slot": 1, "name": "S005"}, other)).code == "not_your_turn"
    assert rejection(s, rm.NAME_REVEALED, seat, slot=5, name="S005").code == "no_card"
    s = replace(s, space_seen=frozenset({"S005"}))
    assert rejection(s, rm.NAME_REVEALED, seat, slot=1, name="S005").code == "card_twice"


def test_the_next_round_forgets_the_names():
    s, seat = _first_pre_launch_turn()
    s, _ = rm.apply(s, Action(rm.NAME_REVEALED, {"slot": 1, "name": "S005"}, seat))
    rnd = s.round
    while s.round == rnd:
        s, _ = rm.apply(s, rm.random_action(s, __import__("random").Random(1)))
    assert s.named == ()


def test_a_named_card_once_picked_leaves_its_place_empty_and_the_place_is_not_named_again():
    """A named card picked is on the table: its place lies empty for the round ("Phase 1.1: Pick a Card"), so
    naming that place again (another card, or the same) is refused; naming it elsewhere was refused already.
    Accepted, the new name took the pick away from that place: the app showed an empty place as a card to pick
    and took one of the untold cards off the table in its stead."""
    s, seat = _first_pre_launch_turn()
    s, _ = rm.apply(s, Action(rm.NAME_REVEALED, {"slot": 2, "name": "S005"}, seat))
    s, _ = rm.apply(s, Action(rm.PICK, {"card": crew_card("S005", resources=["fuel"]), "place": "crew"}, seat))
    nxt = rm.to_act(s).seats[0]
    refused = rejection(s, rm.NAME_REVEALED, nxt, slot=2, name="S006")
    assert refused is not None and refused.code == "picked" and "2" in refused.message
    assert rejection(s, rm.NAME_REVEALED, nxt, slot=1, name="S006") is None
