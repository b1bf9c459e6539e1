"""What a tester found playing whole games of Race to Mars on the screens, each checked by driving the
real app frame by frame (taps on the buttons the screen shows).

Source: shared/rules/race-to-mars.txt ("Anatomy of a Space Card", "Starting Cards", "Hazards",
"Phase 2.1: Play Cards", "The Game Ends").
"""
from __future__ import annotations

import pytest

from .test_race_to_mars_screens import driver, new_game  # noqa: F401 (driver: the fixture)

C89 = {"name": "C89", "crew": {"resources": ["velocity", "hull"], "draw": 1}, "module": {"resource": "navigation"},
       "trajectory": [["fuel", "red"], ["hull"], ["velocity"], ["engineering"]]}


def shown(d) -> str:
    """Every text drawn on the last frame, in one string."""
    d.frame()
    return " ".join(t for t, _, _ in d.app.screen.ui.texts)


def recruit_a_new_card_named(d, name: str) -> None:
    """Round 1 of a new 2-player first game, C89 in the catalogue: Recruit, New card, ``name`` typed, Next."""
    new_game(d, 2, first_game=True)
    d.app.catalogue("space").add(C89)
    d.tap("Recruit to Crew deck")
    d.tap("New card")
    d.tap("key delete")   # the number offered goes with the first key
    for ch in name:
        d.tap(f"key {ch}")
    d.tap("Next")


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_new_card_named_as_one_in_the_catalogue_offers_that_card_whole(driver, size):
    """A tester typed "C89" (in the catalogue with its Crew ability, Rocket module and trajectory) as a New
    card, entered Fuel, and "Replace it" left C89 with that Fuel alone. The name page now shows C89 as the
    catalogue holds it and asks first: Use C89 recruits it as a tap in the list would, nothing lost."""
    d = driver(size)
    recruit_a_new_card_named(d, "C89")
    assert d.app.dialog is not None and "C89 is already in the catalogue" in d.app.dialog.title
    words = shown(d)
    assert "Resource: Navigation" in words and "lane 1: Fuel" in words, words   # its parts, before any choice
    assert {"Use C89", "Edit C89", "Replace it", "Another name"} <= set(d.names())
    s = d.app.session
    d.tap("Use C89")
    d.tap("Card 1 of 3")   # which of the revealed places it was taken from ("Phase 1.1: Pick a Card")
    assert d.app.catalogue("space").get("C89") == C89
    assert [c.name for c in s.state.players[0].crew][-1] == "C89"
    assert s.state.players[0].crew[-1].crew.resources == ("velocity", "hull")


def test_edit_loads_the_catalogue_card_and_keeps_the_parts_not_shown(driver):
    """Edit C89: the editor opens on C89's Crew ability as the catalogue has it; Save keeps its Rocket module
    and trajectory."""
    d = driver()
    recruit_a_new_card_named(d, "C89")
    d.tap("Edit C89")
    ed = d.app.screen.editor
    assert ed.crew["resources"] == ["velocity", "hull"] and "Vel, Hull" in shown(d)
    d.tap("add fuel")
    d.tap("Next")
    d.tap("Save")
    kept = d.app.catalogue("space").get("C89")
    assert kept["crew"] == {"resources": ["velocity", "hull", "fuel"], "draw": 1}
    assert kept["module"] == C89["module"] and kept["trajectory"] == C89["trajectory"]


@pytest.mark.parametrize("answer", ["Keep its other parts", "Replace it, losing them"])
def test_replacing_a_catalogue_card_says_which_parts_it_loses_first(driver, answer):
    """Replace it, then Save: the question names each part lost (its Rocket module, its trajectory) in words
    before anything is replaced; keeping them replaces only the Crew ability entered."""
    d = driver()
    recruit_a_new_card_named(d, "C89")
    d.tap("Replace it")
    ed = d.app.screen.editor
    assert ed.current() == "crew_res"
    d.tap("add fuel")
    d.tap("Next")
    d.tap("Save")
    assert d.app.catalogue("space").get("C89") == C89   # nothing replaced before the answer
    lines = " ".join(d.app.dialog.lines)
    assert "loses its Rocket module: Resource: Navigation" in lines, lines
    assert "loses its trajectory spaces: lane 1: Fuel" in lines, lines
    d.tap(answer)
    d.tap("Card 1 of 3")   # which of the revealed places it was taken from ("Phase 1.1: Pick a Card")
    after = d.app.catalogue("space").get("C89")
    assert after["crew"] == {"resources": ["fuel"]}
    if answer.startswith("Keep"):
        assert after["module"] == C89["module"] and after["trajectory"] == C89["trajectory"]
    else:
        assert "module" not in after and "trajectory" not in after
    assert d.app.current_screen().name == "round" and d.app.session.state.players[0].crew[-1].name == "C89"


def enter_the_insight_starting_card(d) -> None:
    """A new 2-player game to the Starting card beside the Insight card: New card, its name as offered, Next:
    the Insight page."""
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    assert d.app.current_screen().request().place == "insight"
    d.tap("New card")
    d.tap("Next")
    assert d.app.screen.editor.current() == "insight"


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_insight_page_offers_every_effect_the_rules_carry_out(driver, size):
    """The back page's Insights ("Reference: Insights and Hazards") include change trajectory and hazard
    protection on your next turn, which the rules carry out (Starting cards 5-8); a tester found only Boost,
    Jettison, Keep, Draw, Advance and Other offered. Every effect of the rules' list is a button, its words
    whole; hazard protection asks its colour."""
    from companion.rules.race_to_mars.cards import INSIGHT_EFFECTS
    from companion.ui import text
    d = driver(size)
    enter_the_insight_starting_card(d)
    assert [n for n in d.names() if n.startswith("effect ")] == [f"effect {k}" for k in INSIGHT_EFFECTS]
    cuts = text.STATS["cut"]
    d.tap("effect protect")
    assert [n for n in d.names() if n.startswith("colour ")] == ["colour red", "colour yellow", "colour green"]
    assert text.STATS["cut"] == cuts, "a label is cut"
    d.tap("colour yellow")
    d.tap("Save")
    name = d.app.session.state.insights[-1].name
    assert d.app.catalogue("starting").get(name)["insight"] == {"cost": 1, "effect": "protect", "colour": "yellow"}
    assert d.app.session.state.insights[-1].effect == "protect"
    assert d.app.session.state.insights[-1].colour == "yellow"


@pytest.mark.parametrize("effect", ["protect", "trajectory"])
def test_an_insight_asks_what_its_effect_needs_in_2_4_and_carries_it_out(driver, effect):
    """Hazard protection entered without its colour, change trajectory: in phase 2.4 the Insight's button asks
    which colour, which trajectory (the rules need it), rather than taking the first the rules list without a
    question; the player is protected from that colour on the next turn, or on that trajectory."""
    from .test_race_to_mars_fixes import play_until
    d = driver()
    enter_the_insight_starting_card(d)
    d.tap(f"effect {effect}")
    d.tap("Save")
    s = d.app.session
    ins = s.state.insights[-1]
    assert (ins.effect, ins.colour) == (effect, "")

    def can_spend(d) -> bool:
        st = s.state
        if not (st.step == "turn" and d.app.current_screen().name == "turn" and st.sub == 4):
            return False
        seat = s.game.to_act(st).seats[0]
        return st.players[seat].xp >= ins.cost
    play_until(d, 8, can_spend, limit=6000)
    seat = s.game.to_act(s.state).seats[0]
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    said = " ".join(t for t, r, _ in d.app.screen.ui.texts if hits[ins.name].contains(r))
    assert ("protection" if effect == "protect" else "trajectory") in said, said   # not "1 XP: hazard"
    d.tap(ins.name)
    assert d.app.dialog is not None
    if effect == "protect":
        assert "which hazard colour" in d.app.dialog.title
        assert {"Red hazards", "Yellow hazards", "Green hazards"} <= set(d.names())
        d.tap("Green hazards")
        assert "green" in s.state.players[seat].shield_next
    else:
        assert "which trajectory" in d.app.dialog.title
        pad = s.state.players[seat].pad
        lanes = [n for n in d.names() if n.startswith("Trajectory ")]
        assert len(lanes) == 3 and f"Trajectory {pad + 1}" not in " ".join(lanes), lanes
        d.tap(lanes[-1])
        assert s.state.players[seat].pad == int(lanes[-1].split()[1]) - 1


def test_in_portrait_every_card_of_the_play_dialog_says_what_it_does(driver):
    """"Phase 2.1: Play Cards" in portrait 480x800: a tester saw "C28", "C48", "C60" bare beside "C36:
    Vel+Fuel+Wild, draw 1", their words a little too long for one line. A card too long for one line shows
    its name over what it does (two lines), whole; nothing is cut."""
    from companion.ui import text
    from companion.ui.games.race_to_mars import facts
    from companion.ui.screens.chrome import dialog_width

    from .test_race_to_mars_fixes import play_to_several_cards
    d = driver((480, 800))
    s = d.app.session
    play_to_several_cards(d, 4, limit=6000)
    seat = d.app.current_screen().playing()[0]
    cuts = text.STATS["cut"]
    d.tap(f"{s.state.names[seat]}: play")
    lay = d.app.layout
    one_line = dialog_width(lay, False) - lay.px(24) - 2 * lay.px(8)
    options = [label for label, _ in d.app.dialog.options if label != "More\u2026"]
    known = [o for o in options if facts.crew_ability(s.state, seat, o.split(":")[0]) is not None]
    assert known and all(": " in o for o in known), options   # never a bare name
    long = [o for o in known if text.width(o, lay.body, True) > one_line]
    assert long, "seed 6 deals a card whose words need two lines"
    drawn = [t for t, _, _ in d.app.screen.ui.texts]
    for o in long:   # whole: on one line at the reading size, or its name over what it does
        assert o in drawn or o.split(": ", 1)[0] in drawn and o.split(": ", 1)[1] in drawn, (o, drawn)
    assert text.STATS["cut"] == cuts, "a label is cut"
    d.tap(long[0])   # named whole for the control channel, as before
    assert d.app.dialog is None or d.app.dialog.title != f"{s.state.names[seat]} plays which card?"


def test_a_card_too_long_for_one_line_of_a_dialog_shows_its_name_over_what_it_does(driver):
    """Portrait 480x800: a choice too long for one line even at the reading size (a card with many resources
    and effects) is drawn on two lines, its name over the rest, both whole, never its name alone nor cut; it
    is tapped by its whole label."""
    from companion.ui import text
    from companion.ui.games.race_to_mars.moves import card_forms, dialog_label
    d = driver((480, 800))
    new_game(d, 2, first_game=True)
    label = dialog_label(d.app, card_forms("C60: Vel+Hull+Wild+Comm, jettison 1, XP 1") + ["C60"])
    assert label == "C60: Vel+Hull+Wild+Comm,jett. 1,XP 1"   # in fewer letters, every effect kept
    tapped = []
    cuts = text.STATS["cut"]
    d.app.ask("Anna plays which card?", [(label, lambda: tapped.append(label)), ("C04: Fuel+Vel, draw 1", None)])
    d.frame()
    drawn = [t for t, _, _ in d.app.screen.ui.texts]
    assert "C60" in drawn and "Vel+Hull+Wild+Comm,jett. 1,XP 1" in drawn, drawn
    assert text.STATS["cut"] == cuts, "a label is cut"
    d.tap(label)
    assert tapped == [label]


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (480, 800)])
def test_the_trajectory_editor_names_whose_lane_it_is_also_for_a_long_name(driver, size):
    """A tester named a player "Winston O 'brien" (16 characters): in landscape lane 2 read "0 spaces" alone
    beside "Player 1 · 0 spaces". Every lane a player starts on names that player (a long name by its first
    word), whatever the screen."""
    d = driver(size)
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Player 1", "colour": "red"},
                                            {"name": "Winston O 'brien", "colour": "blue"}], "first_game": True})
    d.frame()
    d.app.catalogue("space").add({"name": "S002", "crew": {"resources": ["fuel"]}})
    d.tap("Cards")
    d.tap("S002")
    d.tap("Edit trajectory spaces")
    assert d.app.screen.editor.current() == "trajectory"
    lanes = {p.pad: s.state.names[p.seat] for p in s.state.players}
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    texts = d.app.screen.ui.texts
    for pad, who in lanes.items():
        tab = hits[f"lane {pad + 1}"]
        inside = " ".join(t for t, r, _ in texts if tab.contains(r))
        assert who.split()[0] in inside, (who, inside)


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_end_screen_has_one_new_game_its_own(driver, size):
    """"The Game Ends": the ranking showed New game twice (the top bar's, which asks first, and the screen's,
    which opens the game picker); a tester found both named "New game" for the control channel, a later one
    two New game buttons side by side confusing. Over an end screen the top bar has none: the one New game
    is the screen's, and opens the game picker at once."""
    import random

    from companion.rules import race_to_mars as rm
    d = driver(size)
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    rng = random.Random(5)
    while not rm.is_over(s.state):
        assert s.submit(rm.random_action(s.state, rng)).accepted
    d.frame()
    assert d.app.current_screen().name == "over"
    names = d.names()
    assert names.count("New game") == 1, names
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    drawn = [t for t, r, _ in d.app.screen.ui.texts if hits["New game"].contains(r)]
    assert drawn == ["New game"], drawn
    assert [t for t, _, _ in d.app.screen.ui.texts].count("New game") == 1
    d.tap("New game")
    assert d.app.current_screen().name == "picker" and d.app.dialog is None


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_card_with_a_jettison_is_one_option_that_asks_before_any_jettison(driver, size, tmp_path):
    """A tester's finding ("Phase 2.1: Play Cards"; "Starting Cards", card 2: "You may jettison ..."): "Anna plays
    which card?" listed "Starting card 2: draw 1, jettison 1" twice; the second played it and at once
    jettisoned an Asteroid from the hand, no question asked (the rules list a play with each Asteroid
    jettison for random playouts). Each card is one option, and a tap on it asks "jettison a card? (you
    may)": the table never makes a jettison it did not choose."""
    from companion.rules.race_to_mars.model import PLAY_STEP, Crew, CrewCard
    from tests.rules.test_race_to_mars_helpers import flight
    d = driver(size)
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    crew = (CrewCard("Starting card 2", Crew(draw=1, jettison=1)), CrewCard("Pilot", Crew(("fuel",), draw=1)))
    s._states[-1] = flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=3, draw=3, asteroids=1, discard=1,
                                                            seen=("Asteroid",))})
    assert sum(a.args.get("card") == "Starting card 2" for a in s.game.legal_actions(s.state)) >= 2  # the rules: 2+
    d.frame()
    d.tap("Anna: play")
    d.shot(tmp_path / "play.png")
    labels = [label for label, _ in d.app.dialog.options]
    assert len(labels) == len(set(labels)), labels                        # one option a label
    cards = [label for label in labels if label.startswith("Starting card 2")]
    assert len(cards) == 1, labels                                        # one option a card
    for index in (0, -1):   # whichever button of that label is tapped (the tester's was the right one)
        d.tap(cards[0], index)
        assert d.app.dialog is not None and d.app.dialog.title == "Starting card 2: jettison a card? (you may)"
        assert not s.state.players[0].play                               # nothing played yet
        d.tap("Cancel")
        d.tap("Anna: play")
    d.tap(cards[0])
    d.tap("No jettison")
    p = s.state.players[0]
    assert [c.name for c in p.play] == ["Starting card 2"] and p.asteroids == 1   # no Asteroid jettisoned


def test_pay_with_lists_each_payment_once(driver):
    """Checked beside the finding above ("Phase 2.2: Advance"): "Pay with..." listed one label for each slot
    of a played card's two wild basics ("wild basic from C28" twice) and for each Boost in play ("a Boost"
    twice), and said "4 ways" for two. Each payment is one option."""
    from companion.rules.race_to_mars.model import Crew, CrewCard, Played
    from tests.rules.test_race_to_mars_helpers import flight
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    c28 = CrewCard("C28", Crew(("wild", "wild")))
    s._states[-1] = flight(players={0: dict(crew=(c28,), hand=1, draw=3, boosts=2, play=(
        Played("C28", c28.crew), Played("Boost", None), Played("Boost", None)))})
    assert sum(a.kind == "advance" for a in s.game.legal_actions(s.state)) == 4   # the rules' 4 sources
    assert "2 ways" in shown(d)
    d.tap("Pay with\u2026")
    labels = [label for label, _ in d.app.dialog.options if label != "Cancel"]
    assert labels == ["wild basic from C28", "a Boost"], labels


def test_a_note_in_2_1_goes_over_a_finished_players_column_not_the_last_players_facts(driver):
    """Found with the finding above (the seeded whole game took another path, "Phase 2.1: Play Cards"): at
    800x480 Anna done, Winston's "Taken on the players' word: S013: Gained 1 Experience." went over both
    columns' facts, hiding Winston's hand, the cards he still plays from. It goes over Anna's column."""
    from companion.rules.race_to_mars.model import PLAY_STEP, Crew, CrewCard
    from tests.rules.test_race_to_mars_helpers import flight
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    s013 = CrewCard("S013", Crew(other="something the app does not know"))
    s._states[-1] = flight(step=PLAY_STEP, players={0: dict(done=True), 1: dict(crew=(s013,), hand=1, draw=3)})
    d.frame()
    d.tap("Winston: play")
    d.tap(next(label for label, _ in d.app.dialog.options if label.startswith("S013")))
    d.tap("Gained 1 Experience")
    assert d.app.message.text.startswith("Taken on the players' word: S013")
    d.frame()
    bar = d.app.layout_message_rect()
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    assert not bar.colliderect(hits["Winston"]) and bar.colliderect(hits["Anna"]), (bar, hits)
