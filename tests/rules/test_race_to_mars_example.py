"""Race to Mars: the rulebook's Example of Play, step by step (race-to-mars.txt
"Example of Play"; spec WE-6).

Seats clockwise: Winston (Start Player), Anna (Active Player), Daniel, Loes,
after round 12. Winston and Loes are in Post-launch; Anna and Daniel in Pre-launch.
"""
from companion.rules import Action
from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.model import PRE_STEP, Crew, CrewCard, replace
from companion.rules.race_to_mars.rocket import draw_count
from tests.rules.test_race_to_mars_helpers import act, cards, flight, modules, texts

WINSTON, ANNA, DANIEL, LOES = 0, 1, 2, 3
PLAY = {"zone": "play"}


def before_the_round():
    names = ("Winston", "Anna", "Daniel", "Loes")
    w_crew = (CrewCard("W1", Crew(("fuel", "fuel"))), CrewCard("W2", Crew(("fuel", "fuel"))),
              CrewCard("W3", Crew(("fuel",)))) + cards(*[(f"W{i}",) for i in range(4, 11)])
    s = flight(route=("fuel",) * 10, n=4, step=PRE_STEP, players={
        WINSTON: dict(crew=w_crew, boosts=1, asteroids=1, hand=7, draw=5, xp=2,
                      modules=modules({"storage": 1}, {"draw": 1}, {"draw": 1})),
        ANNA: dict(launched=False, crew=cards(*[(f"A{i}", "hull") for i in range(4)]),
                   modules=modules({"draw": 1}, start=200)),
        DANIEL: dict(launched=False, crew=cards(("D1",), ("D2",))),
        LOES: dict(crew=cards(("L1", "hull"), ("L2", "hull")), hand=2)})
    s = replace(s, names=names, start=WINSTON, active=ANNA, order=(ANNA, DANIEL), at=0, revealed=3, picked=0,
                round=15)
    assert rm.invariants(s) == []
    return s


def test_example_of_play():
    s = before_the_round()
    # "They begin the round by revealing three Space cards." (one more than the two in Pre-launch)
    assert s.revealed == 3 and rm.to_act(s).seats == (ANNA,)
    # "She chooses to launch her rocket, shuffles her Crew deck and draws three cards as per her rocket's indication"
    s, ev = act(s, rm.LAUNCH, ANNA)
    a = s.players[ANNA]
    assert a.launched and a.hand == 3 and a.draw == 1 and a.asteroids == 0 and "without an Asteroid" in texts(ev)
    assert "Anna draws 3 cards" in texts(ev)
    # "Daniel picks a Space card and adds it to his rocket as a module, discarding the remaining two cards."
    s, ev = act(s, rm.PICK, DANIEL, card={"name": "S42", "module": {"draw": 1}})
    assert s.players[DANIEL].modules[0].name == "S42" and s.space_discard == 2
    assert "2 leftover Space cards go to the common discard pile" in texts(ev)
    assert s.active == DANIEL  # the Active Player card passes to the next player still in Pre-launch
    # "Winston, Anna, and Loes simultaneously play cards (phase 2.1)"
    t = rm.to_act(s)
    assert t.mode == "several" and t.seats == (WINSTON, ANNA, LOES)
    for card in ("W1", "W2", "W3"):
        s, _ = act(s, rm.PLAY, WINSTON, card=card)
    s, _ = act(s, rm.PLAY_BOOST, WINSTON)
    s, _ = act(s, rm.PLAY, LOES, card="L1")
    s, _ = act(s, rm.PLAY, ANNA, card="A0")
    for seat in (LOES, ANNA, WINSTON):
        s, _ = act(s, rm.DONE, seat)
    # "Winston, who has the Start Player card, then performs the rest of his turn"
    assert s.order == (WINSTON, ANNA, LOES) and rm.to_act(s).seats == (WINSTON,)
    # "by first advancing his rocket five spaces (phase 2.2), placing Player tokens on used resources."
    for index, slot in ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0)):
        s, _ = act(s, rm.ADVANCE, WINSTON, source=dict(PLAY, index=index, slot=slot))
    w = s.players[WINSTON]
    assert w.pos == 4 and w.steps == 5 and len(w.used) == 5
    # "He still has three cards left in his hand, two Space cards and an Asteroid card."
    assert w.hand == 3
    # "He decides to exchange one of the Space cards for an Experience token (phase 2.3)."
    assert rm.check(s, Action(rm.EXCHANGE, {"card": "Asteroid"}, WINSTON)).code == "not_crew"
    s, _ = act(s, rm.EXCHANGE, WINSTON, card="W4")
    assert (s.players[WINSTON].xp, s.players[WINSTON].hand) == (3, 2)
    # "spend all his three Experience tokens to gain a new Boost card and places it in his personal discard pile"
    s, _ = act(s, rm.INSIGHT, WINSTON, which=0)
    w = s.players[WINSTON]
    assert (w.xp, w.boosts, w.discard) == (0, 2, 2)
    # 2.5: "he discards his Asteroid card along with all the cards in his play area except his Boost card ... The
    # Boost card is returned to the supply, and he decides to keep his remaining card in his hand"
    assert draw_count(w) == 4
    s, ev = act(s, rm.DISCARD, WINSTON, keep=1)
    w = s.players[WINSTON]
    # "Finally, he draws four cards as indicated on his rocket (phase 2.6)."
    assert w.boosts == 1 and w.hand == 1 + 4 and w.discard == 2 + 1 + 3 and w.draw == 1
    assert "returns 1 Boost to the supply" in texts(ev) and rm.invariants(s) == []
    # "Anna is up next and then Loes"
    assert rm.to_act(s).seats == (ANNA,)
    s, _ = act(s, rm.DISCARD, ANNA, keep=0)
    assert rm.to_act(s).seats == (LOES,)
    s, ev = act(s, rm.DISCARD, LOES, keep=0)
    # "after that the round ends and they start a new one by revealing two new Space cards."
    assert s.round == 16 and s.revealed == 2 and rm.to_act(s).seats == (DANIEL,)
    assert "reveal 2 Space cards" in texts(ev)
