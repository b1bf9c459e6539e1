"""Race to Mars: a Space card picked says the revealed place it was taken from ("Phase 1.1: Pick a Card": the
cards lie revealed; the app learns from the table which is which). Decision: the pick's optional ``slot`` names
that place as NAME_REVEALED does, so that place, not the first one the table did not name, lies empty."""
from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.model import replace
from tests.rules.test_race_to_mars_helpers import act, options, rejection

CARD = {"name": "S050", "crew": {"resources": ["fuel"]}}


def test_a_pick_names_the_place_it_was_taken_from():
    s = rm.new_game(options(3))
    assert s.step == "pre-launch" and s.revealed == 4
    seat = rm.to_act(s).seats[0]
    after, ev = act(s, rm.PICK, seat, card=CARD, place="crew", slot=3)
    assert after.named == ((3, "S050"),) and after.picked == 1
    assert rejection(s, rm.PICK, seat, card=CARD, place="crew", slot=5).code == "no_card"   # 4 lie revealed
    taken = replace(s, named=((3, "S049"),), space_seen=s.space_seen | {"S049"}, picked=1)
    assert rejection(taken, rm.PICK, seat, card=CARD, place="crew", slot=3).code == "picked"
    plain, _ = act(s, rm.PICK, seat, card=CARD, place="crew")   # without it: as before, no place named
    assert plain.named == ()
