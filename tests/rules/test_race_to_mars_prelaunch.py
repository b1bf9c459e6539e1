"""Race to Mars: Pre-launch and launching (race-to-mars.txt "Playing the Game 1:
Pre-Launch", "Phase 1.1: Pick a Card", "Phase 1.2: Place a Card", "Launching the Rocket")."""
from companion.rules import race_to_mars as rm
from companion.rules.race_to_mars.model import replace
from tests.rules.test_race_to_mars_helpers import (act, crew_card, module_card, options, rejection, texts,
                                                   through_round_12, traj_card)


def test_rm020_rm021_everyone_starts_in_pre_launch_and_reveals_one_more_than_the_pre_launch_players():
    """RM-020, RM-021 ("reveal one more Space card from the draw pile than there are players in Pre-launch")."""
    s = rm.new_game(options(3))
    assert not any(p.launched for p in s.players)
    assert s.revealed == 4 and s.pile == 96 and s.round == 1


def test_rm022_rm031_rm032_pick_and_place_at_once_modules_slide_in_newest_last():
    """RM-022, RM-031, RM-032 (Phase 1.2: "with the latest addition closest to you")."""
    s = rm.new_game(options(2))
    e = rm.expects(s)
    assert (e.kind, e.card_kind, e.action, e.seat) == ("card", "space", rm.PICK, 0)
    s, ev = act(s, rm.PICK, 0, card=module_card("M1", draw=1))
    assert "attaches M1" in texts(ev) and rm.to_act(s).seats == (1,)
    s, _ = act(s, rm.PICK, 1, card=crew_card("C1", resources=["fuel"]))
    s, _ = act(s, rm.LEFTOVER, 1, card=traj_card("T1"))
    s, _ = act(s, rm.PICK, 1, card=crew_card("C2"))
    s, _ = act(s, rm.PICK, 0, card=module_card("M2", storage=1))
    assert [m.name for m in s.players[0].modules] == ["M1", "M2"]
    assert s.players[1].crew[0].crew.resources == ("fuel",)


def test_rm032_a_card_with_both_parts_needs_to_say_crew_or_module():
    """RM-032 (Phase 1.2: "immediately decide to either recruit it ... or attach it")."""
    s = rm.new_game(options(2))
    both = {"name": "X", "crew": {"draw": 1}, "module": {"draw": 1}}
    r = rejection(s, rm.PICK, 0, card=both)
    assert r.code == "crew_or_module" and r.rule == "race-to-mars.txt, Phase 1.2: Place a Card"
    s, _ = act(s, rm.PICK, 0, card=both, place="module")
    assert s.players[0].modules[0].draw == 1
    assert rejection(s, rm.PICK, 1, card=dict(both, name="Y"), place="unplaced").code == "place_now"
    r = rejection(s, rm.PICK, 1, card=both, place="crew")
    assert r.code == "card_twice" and r.rule == "race-to-mars.txt, Phase 1.1: Pick a Card"


def test_rm023_rm024_rm025_rm157_round_r_leftover_fills_slot_r_as_it_lies():
    """RM-023..025, RM-157 (the first six cards from Earth, the next six to Mars; "can't be rotated")."""
    s = rm.new_game(options(2))
    s, _ = act(s, rm.PICK, 0, card=crew_card("A"))
    s, _ = act(s, rm.PICK, 1, card=crew_card("B"))
    e = rm.expects(s)
    assert e.action == rm.LEFTOVER and e.seat == 1 and "trajectory card 1" in e.purpose
    assert rejection(s, rm.LEFTOVER, 1, card=crew_card("T1")).code == "trajectory_needed"
    s, _ = act(s, rm.LEFTOVER, 1, card=traj_card("T1", lanes=[["fuel", "red"], ["hull"], [], ["navigation"]]))
    assert s.slots[0] == (("fuel", "red"), ("hull",), (), ("navigation",)) and s.slot_names == ("T1",)
    assert s.round == 2


def test_rm026_rm027_rm028_after_round_12_leftovers_are_discarded_active_passes_start_stays():
    """RM-026..028 ("After round 12, discard leftover cards"; the Active Player card passes clockwise; "The
    Start Player card remains with the same player")."""
    s = through_round_12(rm.new_game(options(3)))
    assert s.round == 13 and s.active == 0 and s.start == 0  # 12 passes among 3 players
    for seat in (0, 1, 2):
        s, _ = act(s, rm.PICK, seat, card=crew_card(f"X{seat}"))
    assert s.space_discard == 1 and len(s.slots) == 12 and s.active == 1 and s.start == 0


def test_rm029_rm013_the_common_discard_is_reshuffled_when_the_pile_runs_short():
    """RM-029 ("If the draw pile is empty, shuffle all discarded Space cards for a new draw pile")."""
    s = through_round_12(rm.new_game(options(2)))
    s = replace(s, pile=1, space_discard=7, revealed=3, picked=0)
    s, _ = act(s, rm.PICK, 0, card=crew_card("X"))
    s, ev = act(s, rm.PICK, 1, card=crew_card("Y"))
    assert "shuffled into a new draw pile" in texts(ev)
    assert s.pile == 1 + 8 - 3 and s.space_discard == 0


def test_rm030_rm173_rm174_too_few_space_cards_everyone_in_pre_launch_launches():
    """RM-030, RM-173, RM-174 ("all remaining players in Pre-launch mode launch their rockets, regardless of
    cards in their Crew decks and number of Rocket modules")."""
    s = through_round_12(rm.new_game(options(2)), pick=lambda s, seat, k: module_card(f"M{k}", draw=1))
    s = replace(s, pile=1, space_discard=0)
    s, _ = act(s, rm.PICK, 0, card=module_card("Mx"))
    s, ev = act(s, rm.PICK, 1, card=module_card("My"))
    assert all(p.launched for p in s.players) and "Active Player card returns to the box" in texts(ev)
    assert s.active == -1 and rm.phase(s) == "2.1 Play cards"


def test_rm045_rm158_no_launch_before_all_12_trajectory_cards_are_placed():
    """RM-045, RM-158 ("All the 12 cards have been placed"; the earliest launch is in round 13)."""
    s = rm.new_game(options(2))
    r = rejection(s, rm.LAUNCH, 0)
    assert r.code == "trajectories_incomplete" and r.rule == "race-to-mars.txt, Launching the Rocket"
    s = through_round_12(s)
    assert rejection(s, rm.LAUNCH, 0) is None


def test_rm046_rm130_rm168_crew_deck_at_least_twice_the_modules_or_two_more_with_headquarters_6():
    """RM-046, RM-130, RM-168 ("at least twice as many cards in your Crew deck as you have Rocket modules";
    Headquarters 6: "at least two more"; decision RA-09: either test)."""
    s = through_round_12(rm.new_game(options(2)), pick=lambda s, seat, k: (
        module_card(f"M{k}", draw=1) if seat == 0 and k % 4 in (0, 2) else crew_card(f"C{k}")))
    p = s.players[0]
    assert (len(p.crew), len(p.modules)) == (6, 6)
    r = rejection(s, rm.LAUNCH, 0)
    assert r.code == "crew_too_small" and "Crew deck 6 cards, needs 12: twice the 6 Rocket modules" in r.message
    s6 = replace(s, players=(replace(p, hq=6, modules=p.modules[:4]),) + s.players[1:])
    assert rejection(s6, rm.LAUNCH, 0) is None  # 6 >= 4 + 2 though 6 < 2 x 4


def test_rm046_rm130_launch_readiness_says_what_is_short_in_words_with_the_numbers():
    """RM-046, RM-130 ("Launching the Rocket": "at least twice as many cards in your Crew deck as you have
    Rocket modules (your Rocket card is not a module and does not count)"; Headquarters 6: "at least two
    more Crew cards than Rocket modules"): the readiness gives the Crew deck, what it needs and why, in words."""
    s = through_round_12(rm.new_game(options(2)), pick=lambda s, seat, k: (
        module_card(f"M{k}", draw=1) if seat == 0 and k % 4 in (0, 2) else crew_card(f"C{k}")))
    p = s.players[0]
    s = replace(s, players=(replace(p, crew=p.crew[:5], modules=p.modules[:4]),) + s.players[1:])
    r = next(x for x in rm.launch_readiness(s) if x["seat"] == 0)
    assert (r["crew"], r["modules"], r["need"], r["short"]) == (5, 4, 8, 3) and not r["can_launch"]
    assert r["short_words"] == "Crew deck 5 cards, needs 8: twice the 4 Rocket modules"
    assert r["rule"] == "Launching the Rocket"
    p = s.players[0]
    s6 = replace(s, players=(replace(p, hq=6, crew=p.crew[:3]),) + s.players[1:])
    r6 = next(x for x in rm.launch_readiness(s6) if x["seat"] == 0)
    assert (r6["need"], r6["short"]) == (6, 3)
    assert r6["short_words"] == "Crew deck 3 cards, needs 6: the 4 Rocket modules plus 2 (Headquarters 6)"
    ready = next(x for x in rm.launch_readiness(through_round_12(rm.new_game(options(2)))) if x["seat"] == 0)
    assert ready["can_launch"] and ready["short"] == 0 and ready["short_words"] == ""


def test_rm047_rm048_rm049_launch_shuffles_the_crew_deck_without_an_asteroid_and_draws():
    """RM-047..049 ("Do not add an Asteroid card"; "draw cards matching the number indicated on your rocket";
    the launching player also plays Post-launch this round)."""
    s = through_round_12(rm.new_game(options(2)))
    s, ev = act(s, rm.LAUNCH, 0)
    p = s.players[0]
    assert p.launched and p.asteroids == 0 and p.hand == 2 and p.draw == len(p.crew) - 2
    assert "without an Asteroid" in texts(ev)
    s, _ = act(s, rm.PICK, 1, card=crew_card("Z"))
    assert rm.phase(s) == "2.1 Play cards" and rm.to_act(s).seats == (0,)


def test_rm050_we4_launch_turn_draws_twice_and_copies_count_in_both():
    """RM-050, WE-4 ("If you use effects that copy or duplicate card-drawing Rocket modules, they'll apply to
    both draws")."""
    def pick(s, seat, k):
        if seat == 0 and k in (0, 4):
            return module_card(f"M{k}", draw=1) if k == 0 else module_card("Copy", copy=True)
        return crew_card(f"C{k}", resources=["fuel"])
    s = through_round_12(rm.new_game(options(2)), pick=pick)
    s, _ = act(s, rm.LAUNCH, 0)
    assert s.players[0].hand == 4  # 2 + Extra draw + its copy
    from companion.rules.race_to_mars.rocket import draw_count
    assert draw_count(s.players[0]) == 4  # the 2.6 draw of the same turn


def test_rm052_active_player_card_boxed_once_everyone_launched():
    """RM-052 ("Once all players are in Post-launch mode, return the Active Player card to the box")."""
    s = through_round_12(rm.new_game(options(2)))
    s, _ = act(s, rm.LAUNCH, 0)
    s, ev = act(s, rm.LAUNCH, 1)
    assert s.active == -1 and "returns to the box" in texts(ev)


def test_rm033_cards_never_move_after_placing_except_with_headquarters_5():
    """RM-033 ("Once placed, cards cannot be moved"), RM-129, RM-169 (Headquarters 5; decision RA-10)."""
    s = through_round_12(rm.new_game(options(2)))
    r = rejection(s, rm.LAUNCH, 0, modules=["C0-0"])
    assert r.code == "placed" and r.rule == "race-to-mars.txt, Phase 1.2: Place a Card"
    p = s.players[0]
    s5 = replace(s, players=(replace(p, hq=5, held=(("H", None, None),)),) + s.players[1:])
    assert rejection(s5, rm.LAUNCH, 0, modules=["Nope"]).code == "unknown_card"
    s5, _ = act(s5, rm.LAUNCH, 0, modules=["C0-0", "H"])
    p = s5.players[0]
    assert [m.name for m in p.modules] == ["C0-0", "H"] and len(p.crew) == 11 and p.held == ()


def test_rm132_headquarters_8_adds_a_card_and_the_last_picker_chooses_the_leftover():
    """RM-132 (Headquarters 8: "the last player to take a turn decides which of the two leftover cards ... add
    to the trajectories ... and discards the other one")."""
    s = rm.new_game(options(2))
    s = replace(s, players=(replace(s.players[0], hq=8),) + s.players[1:])
    assert rejection(s, rm.EXTRA_CARD, 1).code == "not_your_turn"
    s, _ = act(s, rm.EXTRA_CARD, 0)
    assert s.revealed == 4 and s.pile == 96
    assert rejection(s, rm.EXTRA_CARD, 0).code == "extra_done"
    s, _ = act(s, rm.PICK, 0, card=crew_card("A"))
    s, _ = act(s, rm.PICK, 1, card=crew_card("B"))
    e = rm.expects(s)
    assert e.seat == 1 and rm.to_act(s).seats == (1,)
    assert "Winston, the last to pick, chooses which of the two leftover cards becomes trajectory card 1 of 12 " \
        "(Earth \u2192 Mars); the other goes to the common discard pile" in e.purpose
    assert rejection(s, rm.LEFTOVER, 0, card=traj_card("T1")).code == "not_your_turn"
    s, ev = act(s, rm.LEFTOVER, 1, card=traj_card("T1"))
    assert s.space_discard == 1 and "other leftover card goes to the common discard pile" in texts(ev)
    assert s.slot_names == ("T1",) and s.routes == ()


def test_rm024_rm132_with_the_trajectory_card_slot_7_starts_on_its_mars_side_also_for_two_leftovers():
    """RM-024, RM-132 ("The first six cards are placed from the Planet Earth card to the Trajectory card, and the
    next six from the Trajectory card to the Planet Mars card"): the slot the chosen leftover fills."""
    s = rm.new_game(options(2, first_game=False))
    s = replace(s, step="pre-launch", order=(0, 1), round=7, revealed=4, picked=0, extra=True,
                slots=(((),) * 4,) * 6, slot_names=tuple(f"T{i}" for i in range(1, 7)),
                players=(replace(s.players[0], hq=8),) + s.players[1:])
    s, _ = act(s, rm.PICK, 0, card=crew_card("A"))
    s, _ = act(s, rm.PICK, 1, card=crew_card("B"))
    assert "trajectory card 7 of 12 (Trajectory card \u2192 Mars)" in rm.expects(s).purpose
    s = replace(s, slots=s.slots[:5], slot_names=s.slot_names[:5])
    assert "trajectory card 6 of 12 (Earth \u2192 Trajectory card)" in rm.expects(s).purpose
