"""Race to Mars: the end of the game and the result (race-to-mars.txt "The Game Ends")."""
from companion.rules import Action
from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.model import replace
from tests.rules.test_race_to_mars_helpers import act, flight, modules, options, rejection, texts

SRC = {"zone": "module", "index": 0, "slot": 0}


def to_mars(n=3, at=0, xp=(0, 0, 0, 0), start=0, order=None):
    """Everyone one space from Mars (route: one Fuel space, then Mars), each with a Fuel module."""
    s = flight(route=("fuel",), n=n, at=at, start=start,
               players={i: dict(modules=modules({"resource": "fuel"}, {"free_advance": 3}),
                                xp=xp[i], pos=0) for i in range(n)})
    return replace(s, order=order or tuple((start + i) % n for i in range(n)))


def finish_turn(s, seat):
    return act(s, rm.DISCARD, seat, keep=0)


def test_rm115_rm117_rm175_reaching_mars_triggers_the_end_the_round_is_completed():
    """RM-115, RM-117, RM-175 ("play continues until the player to the right of the Start Player has taken a
    final turn"; decision RA-31)."""
    s = to_mars(3)
    s, ev = act(s, rm.FREE_ADVANCE, 0, module=1)
    assert s.end and "final space on Mars" in texts(ev) and not rm.is_over(s)
    assert "A rocket is on Mars: this is the last round" in rm.reminders(s, 1)
    s, _ = finish_turn(s, 0)
    s, _ = finish_turn(s, 1)
    assert not rm.is_over(s)
    s, ev = finish_turn(s, 2)
    assert rm.is_over(s) and "wins" in texts(ev)
    r = rm.result(s)
    assert r.winners == (0,) and r.code == "won" and r.ranking[0].seat == 0 and "Anna" in r.sentence
    assert rm.legal_actions(s) == [] and rm.check(s, Action(rm.DONE, {}, 0)).code == "game_over"


def test_rm116_the_player_right_of_the_start_player_ends_the_game_after_their_turn():
    """RM-116 ("If this player sits directly to the right of the Start Player, the game ends after that player's
    turn")."""
    s = to_mars(3, at=2)
    s, _ = act(s, rm.FREE_ADVANCE, 2, module=1)
    s, _ = finish_turn(s, 2)
    assert rm.is_over(s) and rm.result(s).winners == (2,)


def test_rm118_rm119_rm176_several_on_mars_most_experience_wins_others_do_not_count():
    """RM-118, RM-119, RM-176 ("If multiple players do, the one with the most Experience tokens wins")."""
    s = to_mars(3, xp=(2, 5, 9))
    s, _ = act(s, rm.ADVANCE, 0, source=SRC)
    s, _ = finish_turn(s, 0)
    s, _ = act(s, rm.ADVANCE, 1, source=SRC)
    s, _ = finish_turn(s, 1)
    s, _ = finish_turn(s, 2)
    r = rm.result(s)
    assert r.winners == (1,) and [st.seat for st in r.ranking] == [1, 0, 2]
    assert [st.score for st in r.ranking] == [5, 2, 9] and r.ranking[2].place == 3


def test_rm120_a_tie_on_experience_shares_the_victory():
    """RM-120 ("In case of a tie, the tied players share the victory")."""
    s = to_mars(2, xp=(4, 4))
    for seat in (0, 1):
        s, _ = act(s, rm.ADVANCE, seat, source=SRC)
        s, _ = finish_turn(s, seat)
    r = rm.result(s)
    assert r.winners == (0, 1) and r.code == "shared" and "share the victory" in r.sentence
    assert [st.place for st in r.ranking] == [1, 1]


def test_rm177_players_on_mars_still_finish_their_turn():
    """RM-177 (decision RA-32: Experience counts at the end, so 2.3-2.6 still happen)."""
    s = to_mars(2)
    s, _ = act(s, rm.ADVANCE, 0, source=SRC)
    assert rm.phase(s) == "2.2 Advance rocket" and rm.check(s, rm.legal_actions(s)[0]) is None
    r = rm.check(s, Action(rm.ADVANCE, {"source": SRC}, 0))
    assert r.code in ("on_mars", "spent")


def test_rm071_rm073_rm115_the_final_space_on_mars_costs_a_resource_the_reason_in_words():
    """RM-071, RM-073, RM-115 (Phase 2.2: Advance Rocket: "Each resource symbol along a trajectory represents a
    space"; The Game Ends: "the final space on their trajectory (on the Mars card)"): decision, the final space
    costs one resource, any unless the table entered the Mars card; the screens get the reason in words."""
    from companion.rules.race_to_mars.advice import mars_space_words
    s = flight(route=("fuel",), players={0: dict(modules=modules({"resource": "fuel"}))})
    assert s.routes[0][-1] == "any"
    words = mars_space_words(s, 0)
    assert "costs one resource" in words and "does not print" in words and "Phase 2.2: Advance Rocket" in words
    s, _ = act(s, rm.ADVANCE, 0, source={"zone": "module", "index": 0, "slot": 0})
    assert rejection(s, rm.ADVANCE, 0, source={"zone": "module", "index": 0, "slot": 0}).code == "spent"
    entered = rm.new_game({**options(2), "board": {"mars": [["hull"]] * 4}})
    assert mars_space_words(entered, 1) == "The final space on Mars costs Hull, as entered from the Mars card at setup"


def test_rm177_a_rocket_on_mars_has_reached_it_the_reminder_says_so_not_0_spaces():
    """RM-177 ("The Game Ends": the round is completed after a rocket reaches "the final space on their trajectory
    (on the Mars card)"): in the rest of that turn the reach says the rocket has arrived and the reminder says it
    reached Mars, not "You can advance 0 spaces" (a tester's screen said "0 spaces, to Mars!")."""
    s = to_mars()
    before = rm.reach(s, 0)
    assert before["mars"] and not before["arrived"] and before["spaces"] == 1
    assert "You can advance 1 space with what is in play" in rm.reminders(s, 0)
    s, _ = act(s, rm.ADVANCE, 0, source=SRC)
    r = rm.reach(s, 0)
    assert s.end and s.sub == 2 and r["arrived"] and r["spaces"] == 0, r
    notes = rm.reminders(s, 0)
    assert "The rocket has reached Mars: nothing is left to advance" in notes, notes
    assert not any(n.startswith("You can advance") for n in notes), notes
    assert not rm.reach(s, 1)["arrived"]


def test_a_player_who_never_launched_is_not_on_the_way_in_the_ranking():
    """"The Game Ends": a player still in Pre-launch when a rocket reaches Mars never left: the ranking says
    so ('not launched'), not 'on the way' as for a rocket between Earth and Mars (found at the table: four
    players at 800x480, one never launched, ranked 'on the way, 0 Experience')."""
    s = to_mars(3)
    players = list(s.players)
    players[2] = replace(players[2], launched=False, pos=-1)
    s = replace(s, players=tuple(players))
    s, _ = act(s, rm.FREE_ADVANCE, 0, module=1)
    s, _ = finish_turn(s, 0)
    s, _ = finish_turn(s, 1)
    if not rm.is_over(s):
        s = replace(s, step="over")
    words = {st.seat: st.detail for st in rm.result(s).ranking}
    assert words[0].startswith("on Mars") and words[1].startswith("on the way"), words
    assert words[2].startswith("not launched"), words
