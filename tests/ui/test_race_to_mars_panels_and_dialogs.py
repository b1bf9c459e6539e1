"""What earlier testers noticed on the Race to Mars screens and left alone: the player panels' numbers and
card names, the 2.1 play dialog's pages, the advance's words on hazards passed with protection, and
Headquarters 5's dialog. Each checked on the real app, frame by frame (states built with the rules' test
helpers, or seeded games tapped through).

Source: shared/rules/race-to-mars.txt ("Phase 2.1: Play Cards", "Phase 2.2: Advance Rocket", "Hazards",
"Headquarters", "Playing the Game 1: Pre-Launch").
"""
from __future__ import annotations

import pytest

from companion.rules.race_to_mars.model import PLAY_STEP, Crew, Played
from tests.rules.test_race_to_mars_helpers import cards, flight, modules

from .test_race_to_mars_screens import driver  # noqa: F401 (driver: the fixture)

NAMES = ("Anna", "Winston", "Daniel", "Loes")
COLOURS = ("red", "blue", "green", "yellow")


def seat_state(d, n: int, state) -> None:
    """A first game of ``n`` players on the driver's session, its state replaced by ``state`` (a test's)."""
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(n)],
                                "first_game": True, "seed": 1})
    s._states[-1] = state
    d.frame()


def column_texts(d, name: str) -> list[str]:
    """The texts drawn inside player ``name``'s tap target (panel or 2.1 column facts) on the last frame."""
    rect = next(h.rect for h in d.app.screen.ui.hits if h.label == name)
    return [t for t, r, _ in d.app.screen.ui.texts if rect.contains(r)]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("played", [False, True])
def test_2_1_four_columns_at_800x480_show_each_players_hand(driver, played):
    """"Phase 2.1: Play Cards": cards are played from the hand. With four players at 800x480 each column keeps
    the reach, the hazards ahead and the hand ("Hand 3") in sight, also with two cards in play that take the
    rocket past a red hazard (a tester found the hand left out: two lines of room, under a line the top bar
    says too)."""
    d = driver((800, 480))
    crew = cards(("Pilot", "fuel"), ("Cook", "fuel"), ("Medic", "hull"))
    play = (Played("Pilot", Crew(("fuel",))), Played("Cook", Crew(("fuel",)))) if played else ()
    players = {i: dict(crew=crew, hand=i + 1, draw=2, play=play) for i in range(4)}
    seat_state(d, 4, flight(route=("fuel", "red") + ("fuel",) * 10, n=4, step=PLAY_STEP, players=players))
    assert d.app.current_screen().name == "play"
    for i, name in enumerate(NAMES):
        words = column_texts(d, name)
        assert any(w.startswith("Reach") for w in words), words
        assert any(w.startswith(f"Hand {i + 1}") for w in words), words
        assert not played or any("red hazard" in w for w in words), words


@pytest.mark.timeout(60)
def test_portrait_the_other_post_launch_panels_show_more_than_to_mars_and_xp(driver):
    """Portrait (480x800), four players in 2.2: a tester saw only "to Mars" and XP on the panels of the players
    not acting, with room for a second row. Their numbers are drawn smaller where that gives them more rows, so
    the Boosts are shown too ("Phase 2.2: Advance Rocket": a Boost is a wild resource); the acting player's panel
    keeps its hand."""
    d = driver((480, 800))
    players = {i: dict(hand=2, boosts=i, draw=2) for i in range(4)}
    seat_state(d, 4, flight(n=4, players=players))
    assert d.app.current_screen().name == "turn"
    for i, name in enumerate(NAMES):
        words = column_texts(d, name)
        assert "to Mars" in words and "XP" in words and "Boosts" in words and str(i) in words, (name, words)
        assert i != 0 or "Hand" in words, words
        assert not any(w.endswith("\u2026") for w in words), words


def every_option(d) -> list[tuple[str, object]]:
    """Every option of the open paged dialog, page after page ("More\u2026" tapped until the last page), the
    dialog left on its first page."""
    from companion.ui.chooser import FIRST_PAGE, MORE
    out = []
    for _ in range(50):
        out += [(label, on_tap) for label, on_tap in d.app.dialog.options if label not in (MORE, FIRST_PAGE)]
        labels = [label for label, _ in d.app.dialog.options]
        if MORE not in labels:
            if FIRST_PAGE in labels:
                d.tap(FIRST_PAGE)
            return out
        d.tap(MORE)
    raise AssertionError("no last page")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_play_dialog_shows_the_playable_cards_first_and_as_many_a_page_as_fit(driver, size):
    """"Phase 2.1: Play Cards": ten Crew cards whose names and abilities make long labels, the first three
    played already. Page 1 offers only cards still playable (the played ones greyed at the end, a tester found
    page 1 all greyed) and more than the 3 a page one column held at 1280x720: two columns, a card's name over
    what it does where one line is too narrow; every label whole."""
    from companion.rules.race_to_mars.model import CrewCard
    from companion.ui.chooser import MORE
    from companion.ui.widgets import tappable
    d = driver(size)
    crew = tuple(CrewCard(f"Flight Engineer {k}", Crew(("fuel", "hull", "wild"), draw=1, xp=1)) for k in range(10))
    play = tuple(Played(c.name, c.crew) for c in crew[:3])
    seat_state(d, 2, flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=7, draw=2, play=play)}))
    d.tap("Anna: play")
    page = [(label, on_tap) for label, on_tap in d.app.dialog.options if label != MORE]
    assert len(page) >= 6, [label for label, _ in page]
    greyed = [tappable(on_tap) is None for _, on_tap in page]
    assert greyed == sorted(greyed) and not any(greyed[:6]), page   # the playable ones first
    assert not [t for t, _, _ in d.app.screen.ui.texts if t.endswith("\u2026") and t != MORE], d.app.screen.ui.texts
    options = every_option(d)
    assert [label.split(":")[0] for label, on_tap in options if tappable(on_tap) is None] == [c.name for c in crew[:3]]
    assert [tappable(on_tap) is None for _, on_tap in options] == [False] * 7 + [True] * 3


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("hazard", ["red", None])
def test_advance_all_says_which_hazards_were_passed_with_protection(driver, size, hazard):
    """"Hazards": "If you have hazard protection of a specific colour, ignore effects of all hazards in that
    colour." Advance all takes the rocket past a red hazard its module shields: the note the table reads says
    so ("past a red hazard with protection"), not only the log; a run past no hazard says nothing of one."""
    d = driver(size)
    shield = modules({"name": "Shield", "protection": "red"})
    fuel = tuple(Played(f"Pilot {k}", Crew(("fuel",))) for k in range(3))
    route = ("fuel",) + ((hazard,) if hazard else ()) + ("fuel", "fuel", "yellow") + ("fuel",) * 7
    seat_state(d, 2, flight(route=route, players={0: dict(modules=shield, play=fuel, hand=1)}))
    assert d.app.current_screen().name == "turn"
    d.tap("Advance all")
    s = d.app.session
    assert s.state.players[0].pos >= 2 and not s.state.hazards
    text = d.app.message.text
    assert text.startswith("Advanced 3 spaces with Fuel x3" + (", past a red hazard with protection." if hazard
                                                               else ".")), text


@pytest.mark.timeout(60)
def test_1280x720_four_pre_launch_panels_name_the_rocket(driver):
    """"Phase 1.2: Place a Card": the modules lie under the Rocket card, face up. At 1280x720 with four players
    the panels of the players not picking had no line left under their numbers and named no card (a tester:
    "despite the room"); the names go beside the key numbers ("Crew 4  Rocket: S007"), in place of the counts
    they say (the Modules count); the player picking keeps every number and the lines under them."""
    import random
    d = driver((1280, 720))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": NAMES[i], "colour": COLOURS[i]} for i in range(4)],
                                "seed": 1})
    rng = random.Random(5)
    while not (s.state.step == "pre-launch" and s.state.round >= 5 and s.state.picked == 0):
        assert s.submit(s.game.random_action(s.state, rng)).accepted
    d.frame()
    acting = d.app.current_screen().seat()
    named = 0
    for i, name in enumerate(NAMES):
        words = " ".join(column_texts(d, name))
        modules = [m.name for m in s.state.players[i].modules]
        assert "Crew" in words, words
        if i != acting and modules:
            assert f"Rocket: {modules[0]}" in words, (name, words)
            named += 1
    assert named >= 2


@pytest.mark.timeout(60)
def test_2_1_four_columns_show_their_facts_in_one_order(driver):
    """Four players at 800x480 in 2.1: a column with more facts than lines (a hazard ahead) shows them in short
    forms, in the order of the other columns (the hand above the reach, as "Hand 2 cards" above "Reach 0
    spaces"), not in the order they give way in: a player reads across the columns."""
    d = driver((800, 480))
    crew = cards(("Pilot", "fuel"), ("Cook", "fuel"), ("Medic", "hull"))
    play = (Played("Pilot", Crew(("fuel",))), Played("Cook", Crew(("fuel",))))
    players = {i: dict(crew=crew, hand=2, draw=2, play=play if i < 2 else ()) for i in range(4)}
    seat_state(d, 4, flight(route=("fuel", "red") + ("fuel",) * 10, n=4, step=PLAY_STEP, players=players))
    for name in NAMES:
        rect = next(h.rect for h in d.app.screen.ui.hits if h.label == name)
        drawn = [(r.y, t) for t, r, _ in d.app.screen.ui.texts if rect.contains(r)]
        hand = next(y for y, t in drawn if t.startswith("Hand"))
        reach = next(y for y, t in drawn if t.startswith("Reach"))
        assert hand < reach, (name, sorted(drawn))


@pytest.mark.timeout(60)
def test_advance_one_space_past_a_shielded_hazard_says_so(driver):
    """"Hazards": one Advance past a red hazard the rocket's module shields says so in a note ("Advanced 1 space,
    past a red hazard with protection."), as Advance all does; a space with no hazard before it says nothing."""
    d = driver((800, 480))
    shield = modules({"name": "Shield", "protection": "red"})
    fuel = tuple(Played(f"Pilot {k}", Crew(("fuel",))) for k in range(3))
    seat_state(d, 2, flight(route=("fuel", "red", "fuel", "fuel") + ("fuel",) * 8,
                            players={0: dict(modules=shield, play=fuel, hand=1)}))
    d.tap("Advance")
    assert d.app.message is None or "hazard" not in d.app.message.text
    d.tap("Advance")
    assert d.app.message.text == "Advanced 1 space, past a red hazard with protection.", d.app.message.text


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("how", ["module", "insight"])
def test_a_free_advance_says_which_hazards_it_passed_with_protection(driver, size, how):
    """"Hazards": "If you have hazard protection of a specific colour, ignore effects of all hazards in that
    colour." A free advance (a Free advance module jettisoned, "The Rocket"; Starting card 4's Insight, "advance
    your rocket one space for free") past a red hazard the rocket's module shields says so in its note, in the
    words of Advance's notes ("past a red hazard with protection"), with the spaces and how they were paid."""
    from companion.rules.race_to_mars.model import Insight, INSIGHT_CARD
    d = driver(size)
    if how == "module":
        rocket = modules({"name": "Shield", "protection": "red"}, {"name": "Jump", "free_advance": 3})
        state = flight(route=("fuel", "red") + ("fuel",) * 10, players={0: dict(modules=rocket, hand=1)})
    else:
        rocket = modules({"name": "Shield", "protection": "red"})
        state = flight(route=("red",) + ("fuel",) * 11, sub=4, players={0: dict(modules=rocket, hand=1, xp=4)},
                       insights=(INSIGHT_CARD, Insight("Starting card 4", 4, "advance", "advance one space")))
    seat_state(d, 2, state)
    d.tap("Free 3" if how == "module" else "Starting card 4")
    p = d.app.session.state.players[0]
    assert p.steps == (3 if how == "module" else 1) and not d.app.session.state.hazards
    said = ("Advanced 3 spaces for free, jettisoning Jump" if how == "module"
            else "Advanced 1 space for free, with Starting card 4's Insight")
    assert d.app.message.text == said + ", past a red hazard with protection.", d.app.message.text


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_free_advance_stopped_by_a_hazard_shows_every_space_it_still_owes(driver, size):
    """"The Rocket", Free advance: "advance exactly 3 spaces for free"; "Hazards": a hazard met is dealt with
    before the rocket goes on. A free advance of 3 meets an unshielded red hazard after one space: its note says
    so and what it still owes, and the spaces ahead read "free", "free", then "+3" (the second read "+2", as if
    it had to be paid)."""
    d = driver(size)
    rocket = modules({"name": "Cargo", "draw": 1}, {"name": "Jump", "free_advance": 3})
    seat_state(d, 2, flight(route=("fuel", "red") + ("fuel",) * 10, players={0: dict(modules=rocket, hand=1)}))
    d.tap("Free 3")
    assert d.app.session.state.hazards == ("red",)
    assert d.app.message.text == ("Advanced 1 space for free, jettisoning Jump. A red hazard is met: deal with it "
                                  "first (2 free spaces after it). (Hazards)"), d.app.message.text
    d.frame()
    unders = [t for t, _, _ in d.app.screen.ui.texts if t == "free" or t.startswith("+")]
    assert unders[:3] == ["free", "free", "+3"], unders
    d.tap("Module 1")
    p = d.app.session.state.players[0]
    assert p.steps == 3 and not p.modules
