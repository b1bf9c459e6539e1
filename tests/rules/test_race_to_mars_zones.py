"""Race to Mars: where each card of a Post-launch player is (race-to-mars.txt "Phase 2.3: Exchange Cards for
Experience", "Phase 2.5: Discard Cards", "Asteroid Cards", "Glossary"). The hand and the draw pile are counts;
the play area, the jettisoned cards and the cards seen entering the face-up discard pile are known, so a card
known to be out of the hand is refused until a reshuffle brings it back."""
import random

from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.deck import free
from companion.rules.race_to_mars.model import PLAY_STEP, Crew, CrewCard, replace
from tests.rules.test_race_to_mars_helpers import to_discard, act, cards, flight, modules, rejection, texts


def _five(**more):
    """Seat 0 owns A..E (one Fuel each), holds 2 and has 3 in the draw pile."""
    return dict(crew=cards(*[(n, "fuel") for n in "ABCDE"]), hand=2, draw=3, **more)


def _next_round(s):
    """From seat 0's 2.5 (keep nothing) through seat 1's plain turn to the next round's 2.1."""
    s, _ = act(s, rm.DISCARD, 0, keep=0)
    s = to_discard(s, 1)
    s, _ = act(s, rm.DISCARD, 1, keep=0)
    assert s.step == PLAY_STEP
    return s


def test_rm188_rm087_a_card_exchanged_into_the_discard_pile_is_not_played_again_before_a_reshuffle():
    """RM-087, RM-188 (2.3: exchanged cards go to the personal discard pile; decision RA-44: the candidates for a
    card played from hand exclude the cards seen in the discard pile since the last shuffle)."""
    s = flight(players={0: _five()}, sub=3)
    s, _ = act(s, rm.EXCHANGE, 0, card="A")
    assert s.players[0].seen == ("A",)
    s, _ = act(s, rm.DONE, 0)
    s = _next_round(s)
    p = s.players[0]
    assert (p.hand, p.draw, p.discard) == (2, 1, 2)
    r = rejection(s, rm.PLAY, 0, card="A")
    assert r.code == "in_discard" and r.rule == "race-to-mars.txt, Asteroid Cards"
    assert "A" not in rm.hand_candidates(p) and rm.hand_candidates(p) == ["B", "C", "D", "E"]
    plays = {a.args.get("card") for a in rm.legal_actions(s) if a.kind == rm.PLAY and a.seat == 0}
    assert plays == {"B", "C", "D", "E"}
    assert rejection(replace(s, step="turn", order=(0, 1), sub=3), rm.EXCHANGE, 0, card="A").code == "in_discard"


def test_rm188_rm102_a_reshuffle_brings_the_discarded_cards_back():
    """RM-102, RM-188 (Asteroid Cards: "Shuffle all cards in your personal discard pile to create a new personal
    draw pile"): what was known in the discard pile is in the draw pile again."""
    crew = (CrewCard("D", Crew(draw=1)),) + cards(("A", "fuel"))
    s = flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=1, draw=0, discard=1, seen=("A",))})
    assert rejection(s, rm.PLAY, 0, card="A").code == "in_discard"
    assert rm.hand_candidates(s.players[0]) == ["D"]
    s, ev = act(s, rm.PLAY, 0, card="D")
    p = s.players[0]
    assert p.seen == () and p.hand == 1 and "Asteroid" in " ".join(e.text for e in ev)
    assert rm.hand_candidates(p) == ["A", "Asteroid"]
    assert rejection(s, rm.PLAY, 0, card="A") is None


def test_rm098_rm188_played_cards_are_known_in_the_discard_pile_after_phase_2_5():
    """RM-098, RM-188 (2.5 step 4: "Discard all cards in your play area to your personal discard pile")."""
    s = flight(step=PLAY_STEP, players={0: _five()})
    s, _ = act(s, rm.PLAY, 0, card="A")
    assert rejection(s, rm.PLAY, 0, card="A").code == "not_in_hand"  # in the play area already
    s, _ = act(s, rm.DONE, 0)
    s, _ = act(s, rm.DONE, 1)
    s = to_discard(s, 0)
    s = _next_round(s)
    assert s.players[0].seen == ("A",)
    assert rejection(s, rm.PLAY, 0, card="A").code == "in_discard"


def test_rm109_rm188_a_boost_gained_into_the_discard_pile_cannot_be_played_from_hand():
    """RM-109, RM-188 (Boost Cards: "When you gain a Boost card from the supply, place it in your personal
    discard pile")."""
    s = flight(players={0: dict(crew=cards(("A", "fuel"), ("B", "fuel")), hand=1, draw=1, xp=3)}, sub=4)
    s, _ = act(s, rm.INSIGHT, 0, which=0)
    assert s.players[0].seen == ("Boost",) and s.players[0].boosts == 1
    s = replace(s, step=PLAY_STEP)
    r = rejection(s, rm.PLAY_BOOST, 0)
    assert r.code == "no_boost" and r.rule == "race-to-mars.txt, Boost Cards"
    assert "Boost" not in rm.hand_candidates(s.players[0])


def test_rm155_rm188_a_jettisoned_card_is_gone_for_good():
    """RM-155 (Glossary: "Jettison – Remove card from the game and return to the box"), RM-188."""
    crew = (CrewCard("J", Crew(jettison=2)),) + cards(("A", "fuel"), ("B", "hull"))
    s = flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=2, draw=0, discard=1)})
    s, _ = act(s, rm.PLAY, 0, card="J", jettison=[{"zone": "hand", "card": "A"}, {"zone": "discard", "card": "B"}])
    p = s.players[0]
    assert [c.name for c in p.crew] == ["J"] and (p.hand, p.discard) == (0, 0)
    assert rejection(replace(s, players=(replace(p, hand=1),) + s.players[1:]), rm.PLAY, 0, card="A").code \
        == "not_in_hand"


def test_rm083_rm188_a_hazard_takes_a_card_from_where_it_can_be():
    """RM-083, RM-188 (yellow: "Jettison a card with a Crew ability ... from either your hand or from your
    personal discard pile"): a card known in the discard pile is not in the hand, and a discard pile of known
    cards holds no other."""
    s = flight(route=("yellow", "fuel", "fuel"),
               players={0: dict(crew=cards(("A", "fuel"), ("B", "fuel")), hand=1, discard=1, seen=("A",),
                                modules=modules({"resource": "fuel"}))})
    s, _ = act(s, rm.ADVANCE, 0, source={"zone": "module", "index": 0, "slot": 0})
    assert s.hazards == ("yellow",)
    assert rejection(s, rm.JETTISON_CREW, 0, zone="hand", card="A").code == "not_there"
    assert rejection(s, rm.JETTISON_CREW, 0, zone="discard", card="B").code == "not_there"
    listed = {(a.args["zone"], a.args.get("card")) for a in rm.legal_actions(s)}
    assert listed == {("hand", "B"), ("discard", "A")}
    s2, _ = act(s, rm.JETTISON_CREW, 0, zone="discard", card="A")
    assert s2.players[0].seen == () and s2.players[0].discard == 0


def test_rm109_a_player_without_any_boost_card_is_told_so():
    """Boost Cards: a Boost card comes from the supply. A player who owns none is told that, not that
    their Boost cards are in the play area or the discard pile (a table's finding)."""
    s = flight(players={0: dict(crew=cards(("A", "fuel"), ("B", "fuel")), hand=1, draw=1)}, sub=4)
    s = replace(s, step=PLAY_STEP)
    assert s.players[0].boosts == 0
    r = rejection(s, rm.PLAY_BOOST, 0)
    assert r.code == "no_boost" and r.rule == "race-to-mars.txt, Boost Cards"
    assert "You have no Boost card" in r.message and "discard pile" not in r.message, r.message


def _winston_hq9():
    """Seat 1 (Winston) has Headquarters 9, no Boost yet, 4 cards in hand (G: draw 1 and gain a Boost; D1..D3:
    draw 1 each) and 3 in the draw pile (F1..F3, one Fuel each); 2.1 of round 15, seat 0 done."""
    crew = (CrewCard("G", Crew(draw=1, boost=1)),) + tuple(CrewCard(f"D{k}", Crew(draw=1)) for k in (1, 2, 3))
    crew += cards(*[(f"F{k}", "fuel") for k in (1, 2, 3)])
    return flight(step=PLAY_STEP, round=15, players={0: dict(done=True),
                                                      1: dict(crew=crew, hq=9, hand=4, draw=3)})


def _boost_listed(s, seat):
    return any(a.kind == rm.PLAY_BOOST and a.seat == seat for a in rm.legal_actions(s))


def test_rm134_headquarters_9_a_boost_under_the_draw_pile_is_not_in_hand_until_a_draw_reaches_it():
    """RM-134 (Headquarters 9: "Whenever you gain a Boost card, place it on the bottom of your personal draw
    pile"; Phase 2.6 and the Crew draws take the top cards): a tester's game, round 15. Winston plays "draw 1,
    Boost 1", then two "draw 1": his draw pile held 2 unknown cards above the Boost, so he drew both of them and
    not the Boost, which stays unplayable (refused, not listed, not a hand candidate, never a random move);
    the third "draw 1" reaches it, and then it may be played."""
    s = _winston_hq9()
    s, ev = act(s, rm.PLAY, 1, card="G")
    assert "gains 1 Boost under the draw pile" in texts(ev)
    p = s.players[1]
    assert (p.boosts, p.draw, p.under, p.hand) == (1, 3, 1, 4)
    for name in ("D1", "D2"):
        s, _ = act(s, rm.PLAY, 1, card=name)
    p = s.players[1]
    assert (p.draw, p.under, p.hand) == (1, 1, 4), "two unknown cards drawn, the Boost still under them"
    r = rejection(s, rm.PLAY_BOOST, 1)
    assert r.code == "boost_under" and r.rule == "race-to-mars.txt, Headquarters", r
    assert "bottom of your draw pile" in r.message, r.message
    assert not _boost_listed(s, 1) and "Boost" not in rm.hand_candidates(p) and free(p, "Boost") == 0
    rng = random.Random(7)
    assert all(rm.random_action(s, rng).kind != rm.PLAY_BOOST for _ in range(300))
    assert rm.invariants(s) == []
    s, _ = act(s, rm.PLAY, 1, card="D3")
    p = s.players[1]
    assert (p.draw, p.under, p.hand) == (0, 0, 4), "the last draw took the Boost into the hand"
    assert rejection(s, rm.PLAY_BOOST, 1) is None and _boost_listed(s, 1) and "Boost" in rm.hand_candidates(p)
    s, _ = act(s, rm.PLAY_BOOST, 1)
    assert rm.invariants(s) == []


def test_rm134_rm102_a_reshuffle_makes_the_new_draw_pile_of_unknown_order():
    """RM-134, RM-102 ("Asteroid Cards": "Shuffle all cards in your personal discard pile to create a new personal
    draw pile"): a draw of more cards than the draw pile holds takes the Boost from its bottom, then the discard
    pile becomes the draw pile and nothing is known of its order; a Boost gained then goes under it."""
    s = _winston_hq9()
    p = s.players[1]
    # T (draw 2) joins the hand; the draw pile is the Boost alone, the three F cards lie in the discard pile
    p = replace(p, crew=p.crew + (CrewCard("T", Crew(draw=2)),), boosts=1, hand=5, draw=1, under=1, discard=3)
    s = replace(s, players=(s.players[0], p))
    assert rm.invariants(s) == [] and free(p, "Boost") == 0
    s, ev = act(s, rm.PLAY, 1, card="T")
    p = s.players[1]
    assert "Asteroid" in texts(ev) and (p.under, p.draw, p.discard, p.hand) == (0, 3, 0, 6)
    assert free(p, "Boost") == 1 and rejection(s, rm.PLAY_BOOST, 1) is None
    s, _ = act(s, rm.PLAY, 1, card="G")   # draw 1, then a Boost under the one card left
    p = s.players[1]
    assert (p.boosts, p.draw, p.under) == (2, 3, 1) and free(p, "Boost") == 1 and rm.invariants(s) == []


def test_rm134_a_player_pickled_before_the_boosts_under_the_draw_pile_were_kept_loads_with_none():
    """A snapshot is a pickled state: a Player saved before ``under`` existed (its ``__dict__`` without it) loads,
    with no Boost known under its draw pile (the field's default)."""
    import pickle
    p = _winston_hq9().players[1]
    old = replace(p)
    del old.__dict__["under"]
    back = pickle.loads(pickle.dumps(old))
    assert back.under == 0 and free(back, "Boost") == 0 and rm.invariants(_winston_hq9()) == []
