"""Mission to Mars 2049: the Game Bank's stock (rulebook 2.1, 7. F.A.Q. Q.1 and Q.4; decisions MA-05, MA-06)."""
import json
import sqlite3

import pytest

from companion.rules import Action, RuleError, replay
from companion.rules import mission_to_mars_2049 as mm
from companion.rules.mission_to_mars_2049.model import BANK_BOX, replace
from companion.rules.mission_to_mars_2049.wallet import forced_exchange
from companion.session import Session
from tests.rules.test_mission_to_mars_2049_setup import (act, cites, colony, main_state, new, rejection, roll,
                                                          started, texts)

BANK = "2.1 The Game Bank"
Q4 = "7. F.A.Q. (Optional), Q.4"


def in_hands(state, r):
    return sum(c.roads if r == 3 else c.cards[r] for c in state.colonies)


def test_mm013_the_bank_is_laid_out_from_the_box_and_deals_the_starting_hands():
    """MM-013 (2.1 The Game Bank: "The Game Bank consists of Resource cards, Resource Tokens, Road cards and
    Mission Cards"): the rulebook does not count the piles, so the box is a decision (25 of each resource,
    15 Road cards) a table may change; the 2 of each resource of 3.2 are dealt from it."""
    assert BANK_BOX == (25, 25, 25, 15)
    s = new(4)
    assert s.box == BANK_BOX and s.bank == (17, 17, 17, 15) and s.pile == (15, 15)
    box = {"air": 30, "food": 9, "minerals": 40, "road": 0}
    s = new(4, bank=box)
    assert s.box == (30, 9, 40, 0) and s.bank == (22, 1, 32, 0) and mm.invariants(s) == []
    assert mm.summary(s)["bank"] == {"air": 22, "food": 1, "minerals": 32, "road": 0}
    with pytest.raises(ValueError, match="at least 9"):
        new(4, bank={**box, "food": 8})  # less than the starting hands and one more
    with pytest.raises(ValueError):
        new(2, bank={"air": 10, "food": 10})


def test_mm014_everything_is_paid_to_and_received_from_the_bank():
    """MM-014 (2.1: "The Game Bank is where you pay for everything you buy in the game, where resources are
    received after your stations produce them, and where you can trade resources"): production, building,
    buying, trading, Discovery, tokens and the Road move cards between a hand and the bank; a Robbery moves
    them from hand to hand."""
    s, _ = roll(started(3), "food")          # every player's Food Station produces: 3 Food out
    assert s.bank == (19, 16, 19, 15)
    s, _ = act(s, "build_station", resource="minerals")  # 2 Air, 2 Food in
    assert s.bank == (21, 18, 19, 15)
    s, _ = act(s, "done")
    s, _ = roll(s, "robbery")
    before = s.bank
    s, _ = act(s, "rob", victim=0, resource="food")      # hand to hand
    assert s.bank == before and s.colonies[1].cards == (2, 4, 2)
    s = colony(s, 1, cards=(6, 4, 2))
    before = s.bank
    s, _ = act(s, "trade", give="air", get="road")       # 4 Air in, a Road card out
    assert s.bank == (before[0] + 4, before[1], before[2], before[3] - 1)
    s, _ = act(s, "to_token", resource="food", token=3)  # 3 Food cards in, a (3) token out
    assert s.bank[1] == before[1] + 3 and mm.invariants(s) == []
    s = colony(main_state(), 0, roads=3, bases=5)
    bank = s.bank
    s, _ = act(s, "build_road")
    assert s.bank == bank[:3] + (bank[3] + 3,) and mm.invariants(s) == []


def test_mm014_tokens_change_cards_with_the_bank():
    """MM-014, MM-055 (cap.: "change 3 Resource cards for a (3) Resource Token"): the cards go to the bank,
    and a token changed back takes them out again; the bank cannot give what it does not have."""
    s = colony(main_state(), 0, cards=(11, 2, 2))
    bank = s.bank
    s, _ = act(s, "to_token", resource="air", token=8)
    assert s.bank[0] == bank[0] + 8 and s.colonies[0].tok8 == (1, 0, 0)
    s, _ = act(s, "to_cards", resource="air", token=8)
    assert s.bank == bank and s.colonies[0].cards == (11, 2, 2)
    s, _ = act(s, "to_token", resource="air", token=8)
    s = replace(s, bank=(7,) + s.bank[1:], box=(s.box[0] - s.bank[0] + 7,) + s.box[1:])
    cites(rejection(s, "to_cards", resource="air", token=8), BANK)
    assert mm.invariants(s) == []


def test_mm118_mm122_mm156_q4_the_bank_runs_out_during_production():
    """MM-118, MM-122, MM-156 (Q.1: "Resource Tokens significantly increase the maximum amount of resources
    the Game Bank can provide"; Q.4: "if the Game Bank runs out of Resource Cards you are obliged to exchange
    at least half of your Resource Cards to Resource Tokens (immediately)"): the bank pays in turn order
    until it runs out, everyone holding 3 or more cards of that resource changes the smallest sum of 3s and
    8s that is at least half of them (decision MA-06), and the bank pays the rest."""
    assert [3 * a + 8 * b for a, b in map(forced_exchange, [2, 3, 6, 7, 12, 13, 16, 17, 18])] == \
        [0, 3, 3, 6, 6, 8, 8, 9, 9]
    s = colony(started(3), 0, cards=(13, 2, 2), stations=((0, 0, 1), (0, 0, 1), (0, 0, 1), (1, 0, 1)),
               supply=(2, 4, 5))
    s = colony(s, 1, cards=(7, 2, 2))
    assert s.bank[0] == 3                     # 25 - 13 - 7 - 2
    s, ev = roll(s, "air")                    # owed: Anna 3, Ben 1, Cleo 1
    anna, ben, cleo = s.colonies
    assert anna.cards[0] == 8 and anna.tok8 == (1, 0, 0)    # 13 + 3 = 16: an (8) token
    assert ben.cards[0] == 2 and ben.tok3 == (2, 0, 0)      # 7: two (3) tokens, then paid 1
    assert cleo.cards[0] == 3 and cleo.tok3 == (0, 0, 0)    # 2: exempt, then paid 1
    assert s.bank[0] == 12 and mm.invariants(s) == []
    line = texts(ev)
    assert "Air rolled, but the bank has only 3 Air cards for the 5 it must pay: Anna changes 8 Air cards" in line
    assert "Whoever holds 3 or more Air cards changes at least half of them into Resource Tokens (Q.4)." in line
    assert "Anna changes 8 Air cards into an (8) token" in line and "Ben changes 6 Air cards into 2 (3) tokens" in line
    assert "short" not in line
    assert [e.kind for e in ev] == ["bank_out", "production"] and ev[-1].text == "Air rolled: Anna +3, Ben +1, Cleo +1"


def test_mm122_the_bank_still_short_after_the_exchange_pays_in_turn_order():
    """MM-122 (Q.4; decision MA-05): with a small box the exchange may not refill the bank enough: the
    players are paid in turn order from the roller, and the event says who receives how much less."""
    s = new(3, bank={"air": 7, "food": 25, "minerals": 25, "road": 15})
    s, _ = roll(s, "air")
    s = colony(s, 0, stations=((0, 0, 1), (0, 0, 1), (0, 0, 1)), supply=(2, 5, 5))
    assert s.bank[0] == 1
    s, ev = roll(s, "air")                    # owed: Anna 3, Ben 1, Cleo 1; the bank holds 1
    assert [c.cards[0] for c in s.colonies] == [2, 3, 2] and s.colonies[0].tok3 == (1, 0, 0)
    assert s.bank[0] == 0 and mm.invariants(s) == []
    assert "Anna changes 3 Air cards into a (3) token" in texts(ev)
    assert ev[-1].text == "Air rolled: Anna +3, Ben +1, Cleo +0; the bank was short: Cleo 1 less"


def test_q4_the_production_line_says_what_each_player_received_after_the_exchange():
    """A tester's log: "Air rolled: Red +4, Blue +5, Green +3, Yellow +2", then "still short: Green 2 less,
    Yellow 2 less", and "This turn" showed the Q.4 exchange as newer than the roll it happened inside. The
    bank pays in turn order, the exchange (Q.4: "immediately") happens inside that payment, and the roll's
    line comes after it with what each player actually received (cards and tokens together) and who was
    paid less."""
    s = new(4, bank={"air": 16, "food": 25, "minerals": 25, "road": 15})
    s, _ = roll(s, "air")                     # Anna starts
    for seat, n in enumerate((4, 5, 3, 2)):  # Air Stations: owed 14
        s = colony(s, seat, stations=((0, seat, 1),) * n + ((1, seat, 1), (2, seat, 1)), supply=(5 - n, 4, 4))
    s = colony(s, 1, cards=(6, 2, 2))
    assert s.bank[0] == 4
    before = [c.cards[0] + 3 * c.tok3[0] + 8 * c.tok8[0] for c in s.colonies]
    s, ev = roll(s, "air")
    got = [c.cards[0] + 3 * c.tok3[0] + 8 * c.tok8[0] - b for c, b in zip(s.colonies, before)]
    assert got == [4, 5, 1, 0] and mm.invariants(s) == []
    assert [e.kind for e in ev] == ["bank_out", "production"]  # the exchange inside the roll, its line after
    assert ev[0].text.startswith("Air rolled, but the bank has only 4 Air cards for the 14 it must pay: Anna "
                                 "changes 3 Air cards")
    assert "Anna changes 3 Air cards" in ev[0].text and "Ben changes 3 Air cards" in ev[0].text
    assert ev[1].text == "Air rolled: Anna +4, Ben +5, Cleo +1, Dan +0; the bank was short: Cleo 2 less, Dan 2 less"
    assert ev[1].data["short"] == [[2, 2], [3, 2]]


def test_a_mission_card_the_bank_cannot_pay_says_how_short_it_is_and_who_changes_cards():
    """A tester's finding: a Mission Card the bank could not pay said "The bank has run out of Air cards:
    everyone changes at least half of theirs into Resource Tokens (Q.4)." (everyone? how short?), or that and
    "Nobody holds 3 or more Air cards.", then "still short of Air cards: Anna 1 less". The event says how many
    cards the bank has for how many it must pay, that whoever holds 3 or more changes at least half (Q.4), and
    who changed what; a player paid less "receives" so many less."""
    s = new(3, bank={"air": 7, "food": 25, "minerals": 25, "road": 15})
    s, _ = roll(s, "air")                     # Anna starts
    s = replace(colony(colony(colony(s, 0, cards=(0, 2, 2), peaceful=1), 1, cards=(4, 2, 2)), 2, cards=(2, 2, 2)),
                phase="main", face=5, pile=(14, 15))
    assert s.bank[0] == 1 and mm.invariants(s) == []
    s, ev = act(s, "play", card="resource")   # 2 Air owed, 1 in the bank
    assert [e.kind for e in ev] == ["play", "bank_out"], texts(ev)
    assert ev[1].text == ("The bank has only 1 Air card for the 2 it must pay: Ben changes 3 Air cards into a (3) "
                          "token. Whoever holds 3 or more Air cards changes at least half of them into Resource "
                          "Tokens (Q.4).")
    assert s.colonies[0].cards[0] == 2 and s.colonies[1].cards[0] == 1 and s.colonies[1].tok3[0] == 1
    assert mm.invariants(s) == []
    from companion.rules.mission_to_mars_2049.bank import out_text  # nobody to change: said so, not "everyone"
    assert out_text("", "Air", 0, 2, []) == ("The bank has no Air cards left for the 2 it must pay, and nobody "
                                             "holds 3 or more Air cards to change into Resource Tokens (Q.4).")


def test_mm014_a_road_card_the_bank_does_not_have_is_refused():
    """MM-014 (2.1): the bank's Road cards are counted too; when they are all in hands, a Discovery takes
    a resource and a trade for a Road card is refused."""
    s = new(2, bank={"air": 25, "food": 25, "minerals": 25, "road": 1})
    s, _ = roll(s, "air")
    s, _ = roll(s, "discovery")
    s, _ = act(s, "take", resource="road")
    assert s.bank[3] == 0 and s.colonies[0].roads == 1
    s = colony(s, 0, cards=(8, 2, 2))
    cites(rejection(s, "trade", give="air", get="road"), BANK)
    assert all(a.args.get("get") != "road" for a in mm.legal_actions(s))
    s, _ = act(s, "done")
    s, _ = roll(s, "discovery")
    cites(rejection(s, "take", resource="road"), BANK)
    assert [a.args["resource"] for a in mm.legal_actions(s) if a.kind == "take"] == ["air", "food", "minerals"]


def test_mm121_no_limit_on_cards_or_tokens():
    """MM-121 (Q.4): "There's no limit to how many Resource Cards or tokens you can own." (a bigger box)"""
    s = new(3, bank={"air": 200, "food": 200, "minerals": 200, "road": 15})
    s = replace(s, phase="main", current=0, face=5)
    s = colony(s, 0, cards=(100, 100, 100), tok8=(50, 50, 50))
    assert mm.invariants(s) == [] and mm.check(s, mm.legal_actions(s)[0]) is None


def test_the_invariant_catches_cards_from_nowhere():
    """The invariant (bank + hands == the box) fails when a card appears without leaving the bank."""
    s = main_state()
    c = s.colonies[1]
    bad = replace(s, colonies=(s.colonies[0], replace(c, cards=(3, 2, 2)), s.colonies[2]))
    assert any("bank 0" in p for p in mm.invariants(bad))
    assert all(s.bank[r] + in_hands(s, r) == s.box[r] for r in range(4))


def test_bank_out_is_no_move_now_and_an_old_log_holding_one_is_refused_cleanly(tmp_path):
    """Earlier versions took "the bank ran out" by hand (``bank_out``); now it follows from the stock. A
    log holding one is refused as an unknown move (replay raises RuleError; a session resumes nothing and
    says why), never a crash."""
    s = colony(main_state(3), 0, cards=(9, 2, 2))
    cites(rejection(s, "bank_out", resource="air"), "3.4.2 After rolling the Die you can do any of these:")
    assert "bank_out" not in mm.ACTIONS
    options = mm.default_options(2)
    with pytest.raises(RuleError, match="no move called 'bank_out'"):
        replay(mm, options, [Action("roll", {"face": 1}, 0), Action("bank_out", {"resource": "air"}, 0)])
    db = tmp_path / "games.sqlite"
    with Session.open(db) as session:
        session.new_game("mission-to-mars-2049", options)
        assert session.submit(Action("roll", {"face": 1}, 0)).accepted
        assert session.submit(Action("roll", {"face": 1}, 0)).accepted
        out = session.submit(Action("bank_out", {"resource": "air"}, 0))
        assert not out.accepted and out.rejection.code == "unknown_action"
    conn = sqlite3.connect(db)
    conn.execute("UPDATE actions SET action_json = ? WHERE seq = 2",
                 (json.dumps({"kind": "bank_out", "args": {"resource": "air"}, "seat": 0}),))
    conn.commit()
    conn.close()
    with Session.open(db) as again:
        assert not again.has_game and "could not be resumed" in again.notice
