"""Mission to Mars 2049: Mission Cards (rulebook 4.0, 4.1; decisions MA-21..MA-32)."""
import pytest

from companion.rules.mission_to_mars_2049.model import replace
from companion.rules import Action
from tests.rules.test_mission_to_mars_2049_setup import (act, cites, colony, main_state, new, rejection, rich, roll,
                                                          started, texts)
from companion.rules import mission_to_mars_2049 as mm

PEACEFUL = "4.1 Peaceful Mission Cards"
AGGRESSIVE = "4.1 Aggressive Mission Cards"
# each Mission Card's own paragraph under its heading (4.1)
BUILD, PROTECTION = f"{PEACEFUL}, Build Mission", f"{PEACEFUL}, Protection Mission"
CRIMEAN, GRAND_THEFT = f"{AGGRESSIVE}, Crimean Mission", f"{AGGRESSIVE}, Grand Theft Mission"
CAPTURE, ARMAGEDDON = f"{AGGRESSIVE}, Capture Mission", f"{AGGRESSIVE}, Armageddon Mission"


def holding(n=3, seat=0, peaceful=0, aggressive=0, **changes):
    """Seat's main phase holding Mission Cards (taken from the piles, so the decks add up)."""
    s = main_state(n, seat)
    s = replace(s, pile=(15 - peaceful, 15 - aggressive))
    return colony(s, seat, peaceful=peaceful, aggressive=aggressive, **changes)


# --------------------------------------------------------------------------- the catalogue (4.1)

def test_mm084_mm085_the_twelve_kinds_with_counts_and_types():
    """MM-084, MM-085 (4.1): Build 4, Assistance 4, Resource 3, Laboratory 2, Productivity 1,
    Protection 1 (Peaceful, 15); Crimean 5, Sabotage 4, Grand Theft 1, Capture 1, Black Friday 2,
    Armageddon 2 (Aggressive, 15)."""
    kind = mm.CARD_KINDS["mission"]
    cards = kind.builtin
    assert [(c["name"], c["count"]) for c in cards] == [
        ("Build Mission", 4), ("Assistance Mission", 4), ("Resource Mission", 3), ("Laboratory Mission", 2),
        ("Productivity Mission", 1), ("Protection Mission", 1), ("Crimean Mission", 5), ("Sabotage Mission", 4),
        ("Grand Theft Mission", 1), ("Capture Mission", 1), ("Black Friday accident", 2), ("Armageddon Mission", 2)]
    assert sum(c["count"] for c in cards if kind.group(c) == "Peaceful") == 15
    assert sum(c["count"] for c in cards if kind.group(c) == "Aggressive") == 15
    assert [c["name"] for c in cards if c["immediate"]] == ["Armageddon Mission"]
    assert all(c["effect"] and c["section"] in (PEACEFUL, AGGRESSIVE) for c in cards)
    assert kind.parse({"name": "armageddon mission"})["id"] == "armageddon"
    with pytest.raises(ValueError):
        kind.parse({"name": "Teleport Mission"})


# --------------------------------------------------------------------------- buying (4.0)

def test_mm011_mm078_mm081_mm152_buy_blind_kept_secret():
    """MM-011, MM-078, MM-081, MM-082, MM-152 (4.0.3, 4.0.4): a bought card is an unknown Peaceful
    or Aggressive card; its kind is entered when played."""
    s = rich(main_state(), 0)
    s, ev = act(s, "buy", deck="peaceful", immediate=False)
    c = s.colonies[0]
    assert c.peaceful == 1 and c.bought == 1 and s.pile == (14, 15) and c.cards == (17, 19, 20)
    held = mm.summary(s)["players"][0]["missions_held"]
    assert held == {"peaceful": 1, "aggressive": 0, "kinds": "unknown until played"}


def test_mm079_mm123_one_buy_per_turn():
    """MM-079, MM-123 (4.0.2, Q.5): "you can only buy one Mission Card in one turn"."""
    s, _ = act(rich(main_state(), 0), "buy", deck="peaceful", immediate=False)
    cites(rejection(s, "buy", deck="aggressive", immediate=False), "4.0 Mission Cards, 4.0.2")
    s, _ = act(s, "done")
    assert rejection(rich(replace(s, phase="main"), 1), "buy", deck="aggressive", immediate=False) is None


def test_mm080_one_play_per_turn():
    """MM-080 (4.0.2, caption: "If you have already played a mission card on your turn you are not
    allowed to play another one")."""
    s = holding(peaceful=2)
    s, _ = act(s, "play", card="resource")
    assert s.colonies[0].cards == (4, 4, 4) and s.used[2] == 1
    cites(rejection(s, "play", card="resource"), "4.0 Mission Cards, 4.0.2")


def test_mm083_mm151_used_cards_reshuffled_per_type_and_empty_piles():
    """MM-083, MM-151 (4.0.4 "Collect all the used Mission Cards of one type and mix them"; MA-31)."""
    s = rich(holding(peaceful=13), 0)
    s = replace(s, pile=(0, 15), used=(1, 1, 0, 0, 0, 0) + (0,) * 6)
    s, ev = act(s, "buy", deck="peaceful", immediate=False)
    assert s.pile == (1, 15) and s.used[:6] == (0,) * 6 and "shuffled" in texts(ev)
    s = rich(holding(peaceful=15), 0)
    s = replace(s, pile=(0, 15))
    cites(rejection(s, "buy", deck="peaceful", immediate=False), "4.0 Mission Cards, 4.0.4 If you run out")


def test_mm103_mm144_armageddon_is_played_immediately_even_after_a_play():
    """MM-103, MM-144 (4.1 "Armageddon Mission (Powerful! Play immediately!)", decision MA-23)."""
    s = holding(peaceful=1, cards=(5, 5, 5))
    s, _ = act(s, "play", card="resource")
    s, ev = act(s, "buy", deck="aggressive", immediate=True)
    assert s.phase == "immediate" and "played immediately" in texts(ev)
    cites(rejection(s, "done"), "4.0 Mission Cards, 4.0.4")
    cites(rejection(s, "play", card="capture", target=1), "4.0 Mission Cards, 4.0.4")
    s, _ = act(s, "play", card="armageddon")
    assert s.phase == "main" and s.played
    cites(rejection(rich(main_state(), 0), "buy", deck="peaceful", immediate=True), PEACEFUL)
    # never held: it cannot be played later from a hand
    cites(rejection(holding(aggressive=1), "play", card="armageddon"), ARMAGEDDON)


def test_an_armageddon_reshuffled_into_an_empty_pile_can_be_drawn_and_is_played_immediately():
    """4.0.4 "If you run out of Mission Cards you can use the previously used ones again" with 4.1 "Armageddon
    Mission (Powerful! Play immediately!)": with the Aggressive pile empty and both Armageddons in the used
    pile, the buy shuffles them back, so the top card may be one and the buy may say so (it was refused,
    "Both Armageddon cards are in the used pile": a drawn Armageddon could be neither kept nor played)."""
    s = holding(aggressive=1, cards=(5, 5, 5))
    s = replace(s, pile=(15, 0), used=(0,) * 6 + (4, 4, 1, 1, 2, 2))  # the 14 others played, both Armageddons too
    assert rejection(s, "buy", deck="aggressive", immediate=True) is None
    assert Action("buy", {"deck": "aggressive", "immediate": True}, 0) in mm.legal_actions(s)
    s, ev = act(s, "buy", deck="aggressive", immediate=True)
    assert s.phase == "immediate" and "shuffled" in texts(ev) and s.pile[1] == 13
    s, _ = act(s, "play", card="armageddon")
    assert s.phase == "main" and s.used[-1] == 1
    still = replace(holding(aggressive=1, cards=(5, 5, 5)), pile=(15, 1), used=(0,) * 6 + (4, 4, 1, 1, 1, 2))
    cites(rejection(still, "buy", deck="aggressive", immediate=True), ARMAGEDDON)  # a card left: not reshuffled


def test_the_buyer_of_armageddon_plays_it_before_anything_else_even_productivity():
    """A tester's finding: Blue bought Armageddon ("Play immediately!", 4.1) and played Productivity before
    it, two Mission Cards in one turn (4.0.2, FAQ: "If you have already played a mission card on your turn
    you are not allowed to play another one"). The buyer plays Armageddon now; another player's Productivity
    ("Play at any time you wish") may still come before it."""
    s = holding(peaceful=1, cards=(5, 5, 5))
    s = colony(s, 1, peaceful=1)
    s = replace(s, pile=(s.pile[0] - 1, s.pile[1]))
    s, ev = act(s, "buy", deck="aggressive", immediate=True)
    assert s.phase == "immediate"
    cites(rejection(s, "play", card="productivity", resource="air"), "4.0 Mission Cards, 4.0.4")
    assert rejection(s, "play", seat=1, card="productivity", resource="air") is None
    s, _ = act(s, "play", card="armageddon")
    assert s.phase == "main" and s.played


def test_played_kind_must_still_exist_and_be_held():
    s = holding(peaceful=1)
    cites(rejection(s, "play", card="crimean", target=1, station=0), "4.0 Mission Cards")
    s = replace(s, used=(0, 0, 0, 0, 1, 0) + (0,) * 6, pile=(13, 15))
    cites(rejection(s, "play", card="productivity", resource="air"), "4.0 Mission Cards")
    cites(rejection(holding(peaceful=1), "play", card="build"), BUILD)  # the Build Mission needs a resource
    assert rejection(holding(peaceful=1), "play", card="crimean", target=1, station=0).message == \
        "You hold no Aggressive Mission Card."
    assert rejection(holding(), "play", card="build", resource="air").message == "You hold no Mission Card.", \
        "a tester's finding: 'no Peaceful Mission Card' was said to a player holding none of either kind"


def test_a_kind_all_in_the_used_pile_is_refused_by_its_printed_name():
    """A table test's finding: "Every grand theft card is in the used pile." (and "every resource card", "every
    capture card"): the card's id, not the name printed on it (4.1); said with how many copies there are."""
    used = {"productivity": (0, 0, 0, 0, 1, 0) + (0,) * 6, "laboratory": (0, 0, 0, 2, 0, 0) + (0,) * 6,
            "resource": (0, 0, 3, 0, 0, 0) + (0,) * 6}
    want = {"productivity": "The Productivity Mission card is in the used pile.",
            "laboratory": "Both Laboratory Mission cards are in the used pile.",
            "resource": "Every Resource Mission card is in the used pile."}
    for card, args in (("productivity", {"resource": "air"}), ("laboratory", {"base": 1}), ("resource", {})):
        s = replace(holding(peaceful=1), used=used[card], pile=(15 - 1 - sum(used[card]), 15))
        r = cites(rejection(s, "play", card=card, **args), "4.0 Mission Cards")
        assert r.message == want[card], r.message
    s = replace(holding(aggressive=1), used=(0,) * 8 + (1, 0, 0, 0), pile=(15, 13))
    assert rejection(s, "play", card="grand_theft", target=1).message == \
        "The Grand Theft Mission card is in the used pile."


# --------------------------------------------------------------------------- Peaceful (4.1)

def test_mm086_mm087_build_mission_free_station_or_kept():
    """MM-086, MM-087 (4.1 Build Mission): "Build a free Resource Station of any kind next to one of
    your bases. If you don't have ... any free Resource Stations to build) save this card for later." """
    s = holding(peaceful=1, cards=(0, 0, 0))
    s2, _ = act(s, "play", card="build", resource="minerals")
    assert (2, 0, 1) in s2.colonies[0].stations and s2.colonies[0].supply == (4, 4, 3)
    s = colony(s, 0, supply=(4, 4, 0), stations=s.colonies[0].stations + ((2, 0, 1),) * 4)
    cites(rejection(s, "play", card="build", resource="minerals"), BUILD)


def test_mm088_assistance_four_resources_no_road_card():
    """MM-088 (4.1 Assistance Mission): four resources of any kind, not Road cards, at once."""
    s, _ = act(holding(peaceful=1), "play", card="assistance", take=["air", "air", "food", "minerals"])
    assert s.colonies[0].cards == (4, 3, 3)
    assert mm.ACTIONS["play"].problem({"card": "assistance", "take": ["road"] * 4})


def test_mm089_resource_mission_two_of_each():
    """MM-089 (4.1 Resource Mission): "2 Air, 2 Food and 2 Mineral cards"."""
    s, _ = act(holding(peaceful=1), "play", card="resource")
    assert s.colonies[0].cards == (4, 4, 4)


def test_mm090_mm091_mm146_laboratory_mission_and_the_swap():
    """MM-090, MM-091, MM-146 (4.1 Laboratory Mission, MA-24): a free (3), else a free (2); with both
    built, the card is exchanged for another Peaceful card (not a play, not a buy)."""
    s, _ = act(holding(peaceful=2), "play", card="laboratory")
    assert s.colonies[0].lab3 == 1 and mm.rate(s.colonies[0]) == 3
    s = replace(s, played=False)
    s, _ = act(s, "play", card="laboratory")
    assert s.colonies[0].lab2 == 1
    s = colony(holding(peaceful=1, lab3=1, lab2=1), 0)
    s = replace(s, played=True)
    s, ev = act(s, "play", card="laboratory")
    assert s.colonies[0].peaceful == 1 and s.pile == (13, 15) and s.used[3] == 1 and "exchanged" in texts(ev)
    assert mm.invariants(s) == []


def test_mm092_we4_productivity_one_per_active_station():
    """MM-092, WE-4 (4.1 Productivity Mission): "if you have built 5 Mineral Stations you can play
    this card to receive 5 Mineral cards"; with one inactive after Armageddon, 4."""
    stations = ((2, 0, 1),) * 4 + ((2, 0, 2),)
    s = holding(peaceful=1, bases=2, stations=stations, supply=(5, 5, 0), cards=(0, 0, 0))
    s2, _ = act(s, "play", card="productivity", resource="minerals")
    assert s2.colonies[0].cards == (0, 0, 5)
    s3, _ = act(colony(s, 0, bases=1), "play", card="productivity", resource="minerals")
    assert s3.colonies[0].cards == (0, 0, 4)


def test_mm093_mm145_productivity_off_turn_by_its_holder():
    """MM-093, MM-145 (4.1 Productivity Mission: "receive resources from one type of your Resource
    Stations at any time you choose ... Play at any time you wish"; decision MA-21): Ben, who holds a
    Peaceful card, plays it on Anna's turn, before her roll and in her main phase; the phase stays, it is not
    Anna's one play, and Ben receives 1 per active Station of the type (an inactive one gives nothing)."""
    stations = ((2, 1, 1), (2, 1, 1), (2, 1, 2), (0, 1, 1))
    s = colony(replace(started(3), pile=(14, 15)), 1, peaceful=1, stations=stations, supply=(4, 5, 2), bases=1)
    assert s.phase == "roll" and 1 in mm.to_act(s).seats and mm.expects(s).seat == 0
    assert Action("play", {"card": "productivity", "resource": "minerals"}, 1) in mm.legal_actions(s)
    s2, ev = act(s, "play", seat=1, card="productivity", resource="minerals")
    assert s2.phase == "roll" and s2.current == 0 and not s2.played
    assert s2.colonies[1].cards == (2, 2, 4) and s2.colonies[1].peaceful == 0 and s2.used[4] == 1
    assert "Ben plays the Productivity Mission (not their turn: any time): +2 Minerals" in texts(ev)
    assert s2.bank[2] == s.bank[2] - 2 and mm.invariants(s2) == []
    assert mm.to_act(s2).seats == (0,)  # used: nobody else may act before Anna's roll
    # in Anna's main phase: Anna may still play her own card afterwards
    s = colony(colony(replace(s, phase="main", face=5), 0, peaceful=1), 1, bases=2)
    s = replace(s, pile=(13, 15))
    s2, _ = act(s, "play", seat=1, card="productivity", resource="minerals")
    assert s2.phase == "main" and not s2.played and s2.colonies[1].cards == (2, 2, 5)
    assert rejection(s2, "play", card="resource") is None


def test_mm093_mm145_productivity_refused_without_a_card_when_captured_or_used():
    """MM-093, MM-145 (4.1 Productivity Mission; MA-21): off turn only a player who may hold it (a Peaceful
    card in hand, the card not yet used) and is not Captured ("will not receive any resources", 4.1
    Capture Mission); on one's own turn, before the roll, it is the turn's one play (4.0.2)."""
    s = colony(replace(main_state(3), pile=(14, 15)), 1, peaceful=1)
    cites(rejection(s, "play", seat=2, card="productivity", resource="air"), "4.0 Mission Cards")
    assert all(a.seat != 2 for a in mm.legal_actions(s))
    cites(rejection(colony(s, 1, captured=2), "play", seat=1, card="productivity", resource="air"), CAPTURE)
    used = replace(s, used=(0, 0, 0, 0, 1, 0) + (0,) * 6, pile=(13, 15))
    cites(rejection(used, "play", seat=1, card="productivity", resource="air"), "4.0 Mission Cards")
    # only the Productivity Mission comes off turn
    cites(rejection(s, "play", seat=1, card="resource"), "7. F.A.Q. (Optional), Q.7")
    # Anna's own, before her roll: it counts as her play
    s = colony(replace(started(3), pile=(14, 15)), 0, peaceful=2)
    s = replace(s, pile=(13, 15))
    s, _ = act(s, "play", card="productivity", resource="air")
    assert s.phase == "roll" and s.played and s.colonies[0].cards == (3, 2, 2)
    s, _ = roll(s, "discovery")
    s, _ = act(s, "take", resource="air")
    cites(rejection(s, "play", card="resource"), "4.0 Mission Cards, 4.0.2")


def test_mm145_the_house_option_keeps_productivity_to_the_holders_own_turn_after_the_roll():
    """MM-145 (decision MA-21: "The house option productivity_any_time=false restricts it to the holder's own
    turn, after the roll"): off turn it is refused (Q.7), before the roll too (3.4.1); after the roll on
    one's own turn it is an ordinary play."""
    s = replace(new(3, productivity_any_time=False), pile=(13, 15))
    s, _ = roll(s, "air")
    s = colony(colony(s, 1, peaceful=1), 0, peaceful=1)
    assert not s.productivity_any_time and mm.to_act(s).seats == (0,)
    assert {a.kind for a in mm.legal_actions(s)} <= {"roll", "correct_roll"}
    cites(rejection(s, "play", card="productivity", resource="air"), "3.4.1 Always start your game turn with "
          "rolling the Die.")
    s, _ = roll(s, "food")
    cites(rejection(s, "play", seat=1, card="productivity", resource="air"), "7. F.A.Q. (Optional), Q.7")
    assert all(a.seat == 0 for a in mm.legal_actions(s) if a.kind == "play")
    s, _ = act(s, "play", card="productivity", resource="air")
    assert s.played and s.colonies[0].cards == (3, 3, 2)
    with pytest.raises(ValueError):
        new(3, productivity_any_time="yes")


def test_mm094_mm142_mm143_protection_is_a_reaction_that_cancels_your_share():
    """MM-094, MM-142, MM-143 (4.1 Protection Mission, MA-22): "This card will protect you when an enemy
    tries to play an Aggressive Mission Card against you"; the attacker's card is spent."""
    s = holding(aggressive=1)
    s = colony(replace(s, pile=(14, 14)), 1, peaceful=1)
    s, ev = act(s, "play", card="sabotage", target=1, station=0)
    assert s.phase == "protect" and "Ben may use a Protection" in texts(ev)
    turn = mm.to_act(s)
    assert turn.mode == "several" and turn.seats == (1,)
    r = rejection(s, "done")  # the window of the card played (a tester's finding: it cited Q.7, off-turn moves)
    cites(r, PROTECTION)
    assert r.message == "Ben may answer with the Protection Mission first: play it, or let it be."
    assert rejection(s, "done", seat=1).code == "protection_first"  # the target's own other move: the same words
    assert mm.check(s, Action("done", {}, 7)).code == "not_your_turn"  # a seat of no player: not those words
    protected, ev = act(s, "protect", seat=1, use=True)
    assert protected.phase == "main" and len(protected.colonies[1].stations) == 3
    # what it stopped, said (a tester's finding: "Ben uses the Protection Mission" left the Sabotage's fate open)
    assert texts(ev) == "Ben uses the Protection Mission against the Sabotage Mission: it has no effect on them", \
        texts(ev)
    assert protected.colonies[0].cards == (2, 2, 2) and protected.used[7] == 1 and protected.used[5] == 1
    assert protected.colonies[1].peaceful == 0 and mm.invariants(protected) == []
    hit, _ = act(s, "protect", seat=1, use=False)
    assert len(hit.colonies[1].stations) == 2 and hit.colonies[0].cards == (5, 2, 2)


def test_mm095_protection_not_against_your_own_card_nor_played_on_your_turn():
    """MM-095 (4.1: "It does not protect you against your own Aggressive Missions")."""
    s = holding(peaceful=1, aggressive=1)
    s = colony(s, 0, stations=s.colonies[0].stations)
    after, _ = act(s, "play", card="black_friday", resource="air")
    assert after.phase == "main"  # nobody else may protect; the player herself is not asked
    cites(rejection(s, "play", card="protection"), PROTECTION)


def test_protection_answer_needs_a_peaceful_card_and_the_card_unused():
    s = colony(replace(holding(aggressive=1), pile=(14, 14)), 1, peaceful=1)
    s = colony(s, 2, peaceful=0)
    s, _ = act(s, "play", card="capture", target=1)
    cites(rejection(s, "protect", seat=2, use=False), PROTECTION)  # only its target answers
    s = replace(s, used=s.used[:5] + (1,) + s.used[6:], pile=(13, 14))
    cites(rejection(s, "protect", seat=1, use=True), PROTECTION)


# --------------------------------------------------------------------------- Aggressive (4.1)

def test_mm096_mm148_crimean_steals_a_station_which_keeps_its_star():
    """MM-096, MM-126, MM-127, MM-148 (4.1 Crimean Mission; captions): the Station produces for the
    thief from now on; its star shows the original owner."""
    s = holding(aggressive=1, bases=2)
    s, ev = act(s, "play", card="crimean", target=1, station=1, base=1)
    assert s.colonies[0].stations[-1] == (1, 1, 1) and len(s.colonies[1].stations) == 2
    assert s.colonies[1].supply == (4, 4, 4) and mm.invariants(s) == []
    s, _ = act(s, "done")
    s = replace(s, current=0, phase="roll")
    s, _ = roll(s, "food")
    assert s.colonies[0].cards[1] == 4 and s.colonies[1].cards[1] == 2
    cites(rejection(holding(aggressive=1), "play", card="crimean", target=0, station=0), CRIMEAN)
    cites(rejection(holding(aggressive=1), "play", card="crimean", target=1, station=7), CRIMEAN)


def test_mm097_mm098_sabotage_destroys_and_pays_three():
    """MM-097, MM-098 (4.1 Sabotage Mission): the Station goes back to its original owner, the
    attacker receives 3 of its type."""
    s, _ = act(holding(aggressive=1), "play", card="sabotage", target=2, station=2)
    assert s.colonies[2].supply == (4, 4, 5) and s.colonies[0].cards == (2, 2, 5) and mm.invariants(s) == []


def test_mm099_mm149_grand_theft_three_blind_draws():
    """MM-099, MM-149 (4.1 Grand Theft Mission, MA-27): three cards drawn blind, or fewer if the
    victim holds fewer."""
    s = colony(holding(aggressive=1), 1, cards=(1, 0, 1))
    s, ev = act(s, "play", card="grand_theft", target=1)
    assert s.phase == "rob" and s.rob_left == 2
    # not "card(s)"; the victim first (a tester's finding: at 800x480 the victim was on the next line)
    assert any(e.text == f"From {s.seats[1].name}: draw 2 Resource cards blind" for e in ev), [e.text for e in ev]
    cites(rejection(s, "rob", victim=2, resource="air"), GRAND_THEFT)
    s, _ = act(s, "rob", victim=1, resource="air")
    s, _ = act(s, "rob", victim=1, resource="minerals")
    assert s.phase == "main" and s.colonies[0].cards == (3, 2, 3) and s.colonies[1].cards == (0, 0, 0)


def test_a_move_before_grand_thefts_draws_are_entered_names_grand_theft_not_the_die():
    """A table test's finding: with a Grand Theft Mission's draws still to enter, a tap on "I'm done!" (or any move)
    said "Everything the die demands is done first: enter the card drawn blind (Robbery)" citing 3.4.1, while
    no die had asked for anything. It names the Grand Theft, the draws left and the victim, and cites its card."""
    s = colony(holding(aggressive=1), 1, cards=(1, 0, 1))
    s, _ = act(s, "play", card="grand_theft", target=1)
    for kind, args in (("done", {}), ("trade", {"give": "air", "get": "food"}), ("build_base", {})):
        r = cites(rejection(s, kind, **args), GRAND_THEFT)
        assert r.message == f"Grand Theft first: enter the 2 Resource cards still to draw blind from " \
            f"{s.seats[1].name}.", r.message
    s, _ = act(s, "rob", victim=1, resource="air")
    assert "the 1 Resource card still" in rejection(s, "done").message


def test_mm100_mm124_mm141_capture_skips_a_full_turn_without_production():
    """MM-100, MM-124, MM-141 (4.1 Capture Mission, Q.6, MA-26): "This player will not throw the Die
    and will not receive any resources until a full round has passed and it's the captured player's
    turn to go again." In a 2-player game the capturer plays twice in a row."""
    s = holding(2, aggressive=1)
    s, _ = act(s, "play", card="capture", target=1)
    s, ev = act(s, "done")
    assert s.current == 0 and "Captured" in texts(ev)          # Ben's turn is skipped
    s, _ = roll(s, "air")
    assert s.colonies[1].cards == (2, 2, 2)                    # no production while captured
    s, ev = act(s, "done")
    assert s.current == 1 and "free again" in texts(ev)        # his following turn comes
    s, _ = roll(s, "air")
    assert s.colonies[1].cards == (3, 2, 2)


def test_mm101_mm102_mm150_black_friday_destroys_every_station_of_a_type():
    """MM-101, MM-102, MM-150 (4.1 Black Friday accident, MA-28): every Station of the type, your own
    too; 1 of that resource per own Station (active or not); Stations return to their owners."""
    s = holding(aggressive=1)
    s = colony(s, 0, stations=s.colonies[0].stations + ((0, 1, 1),))  # a stolen Air Station
    s = colony(s, 1, supply=(3, 4, 4), stations=((0, 1, 1), (1, 1, 1), (2, 1, 1)))
    s = colony(s, 1, supply=(3, 4, 4))
    s, ev = act(s, "play", card="black_friday", resource="air")
    assert all(st[0] != 0 for c in s.colonies for st in c.stations)
    assert s.colonies[0].cards == (4, 2, 2) and [c.supply[0] for c in s.colonies] == [5, 5, 5]
    assert mm.invariants(s) == []


def test_we5_mm104_mm108_armageddon_ties_and_starting_bases():
    """WE-5, MM-104..108 (4.1 Armageddon Mission): "If there is more than one Base equally close to the
    North Pole, destroy all of them ... Only the Starting Bases are protected." Stations around a
    destroyed Base turn inactive; the Bases return to their owners."""
    s = rich(main_state(3, seat=2), 2)
    s = colony(colony(s, 0, bases=4, stations=((0, 0, 4), (1, 0, 1))), 1, bases=4)
    s = colony(colony(s, 0, supply=(4, 4, 5)), 2, bases=3)
    s, _ = act(s, "buy", deck="aggressive", immediate=True)
    s, ev = act(s, "play", card="armageddon")
    assert [c.bases for c in s.colonies] == [3, 3, 3]
    assert s.colonies[0].active == (0, 1, 0) and len(s.colonies[0].stations) == 2
    assert "Anna's Base 4" in texts(ev) and "Ben's Base 4" in texts(ev)
    # the leader who buys it hurts herself (6.0.2)
    s = rich(colony(main_state(3), 0, bases=4), 0)
    s, _ = act(s, "buy", deck="aggressive", immediate=True)
    s, _ = act(s, "play", card="armageddon")
    assert s.colonies[0].bases == 3
    # only First Bases: nothing happens
    s = rich(main_state(3), 0)
    s, _ = act(s, "buy", deck="aggressive", immediate=True)
    s, ev = act(s, "play", card="armageddon")
    assert [c.bases for c in s.colonies] == [1, 1, 1] and "protected" in texts(ev)


def test_armageddon_protection_spares_one_target():
    s = rich(main_state(3, seat=2), 2)
    s = colony(colony(s, 0, bases=2), 1, bases=2)
    s = colony(replace(s, pile=(14, 15)), 1, peaceful=1)
    s, _ = act(s, "buy", deck="aggressive", immediate=True)
    s, _ = act(s, "play", card="armageddon")
    assert s.phase == "protect" and s.react == (1,)
    s, _ = act(s, "protect", seat=1, use=True)
    assert [c.bases for c in s.colonies] == [1, 2, 1]
