"""What a fresh player found on the Race to Mars screens in a whole 3-player
game (issue 9's table test), each checked by driving the real app frame by
frame: taps on the buttons the screen shows.

Source: shared/rules/race-to-mars.txt ("Anatomy of a Space Card", "Starting
Cards", "Playing the Game 1: Pre-Launch", "Phase 2.1: Play Cards").
"""
from __future__ import annotations

import random

import pygame
import pytest

from companion.ui.widgets import tappable

from .race_to_mars_taps import Table
from .test_race_to_mars_screens import driver, new_game  # noqa: F401 (driver: the fixture)




def shown(d) -> str:
    """Every text drawn on the last frame, in one string."""
    return " ".join(t for t, _, _ in d.app.screen.ui.texts)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_free_advance_is_a_yes_no_of_exactly_3_spaces(driver, size):
    """"Anatomy of a Space Card": a Free advance module advances exactly 3 spaces."""
    d = driver(size)
    assert d.app.current_screen().name == "picker" and "tap the faces" not in shown(d)   # at start
    new_game(d, 2, first_game=True)
    d.tap("Cards")
    d.tap("New card")
    for _ in range(3):
        d.tap("Next")   # name, Crew resources, Crew effects
    assert d.app.screen.editor.current() == "module"
    assert "free_advance +" not in d.names()
    d.tap("free_advance")
    assert "3 spaces" in shown(d)
    d.tap("Save")
    assert d.app.catalogue("space").get("S001")["module"] == {"free_advance": 3}


def play_until(d, seed: int, cond, limit: int = 400):
    """Tap as :class:`Table` does until ``cond(d)`` (checked with no dialog
    open and no card being entered); returns the table."""
    table = Table(d, random.Random(seed))
    for _ in range(limit):
        screen = d.app.current_screen()
        if d.app.dialog is None and getattr(screen, "editor", None) is None and cond(d):
            return table
        table.step()
    raise AssertionError(f"never reached: on {d.app.current_screen().name}")


def on_leftover(d) -> bool:
    screen = d.app.current_screen()
    return screen.name == "entry" and screen.request().purpose == "leftover"


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_leftover_screen_says_why_its_list_is_empty_and_shows_its_whole_title(driver, size):
    """"Playing the Game 1: Pre-Launch": the leftover card goes to trajectory slot 1 of 12."""
    d = driver(size)
    new_game(d, 2)
    play_until(d, 3, on_leftover)
    assert d.app.current_screen().candidates() == [] and len(d.app.catalogue("space")) == 2
    words = shown(d)
    assert "catalogue yet" not in words and "all on the table already" in words
    assert "trajectory card 1" in words and "(Earth \u2192 Trajectory card)" in words
    assert not any(t.endswith("\u2026") for t, _, _ in d.app.screen.ui.texts)


def step_is(name: str):
    return lambda d: d.app.session.state.step == name and d.app.current_screen().name == name


def test_undo_and_redo_say_in_words_what_they_took_back(driver):
    """Undo of "Next phase" (a move whose events say nothing, "Phase 2.2: Advance
    Your Rocket") names the player and the phase, never an action's repr; so does Redo."""
    d = driver()
    new_game(d, 2, first_game=True)
    play_until(d, 5, lambda d: step_is("turn")(d) and d.app.state.sub == 2 and "Next phase" in d.names(),
               limit=3000)
    who = d.app.state.names[d.app.game.to_act(d.app.state).seats[0]]
    d.tap("Next phase")
    d.tap("Undo")
    assert d.app.message.text == f"Took back: {who}: ends phase 2.2"
    d.tap("Redo")
    assert d.app.message.text.startswith(f"Made again: {who}: ends phase 2.2")


def test_in_portrait_a_message_leaves_the_player_panels_whole(driver):
    """A long message in portrait goes over the lines above NEXT, not over the players' panels."""
    from companion.ui.screens.chrome import message_box
    d = driver((720, 1280))
    new_game(d, 3, first_game=True)
    play_until(d, 5, lambda d: step_is("turn")(d) and "Advance" in d.names(), limit=3000)
    d.tap("Advance")
    d.tap("Undo")
    assert d.app.message is not None and d.app.message.text.startswith("Took back:")
    box = message_box(d.app.layout, d.app)[0]
    names = {p["name"] for p in d.app.view()["players"]}
    panels = [h.rect for h in d.app.screen.ui.hits if h.label in names]
    assert panels and not any(box.colliderect(r) for r in panels), (box, panels)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_picker_has_inert_undo_and_asks_no_die_taps(driver, size):
    """On the game picker no game is on screen: Undo and Redo take nothing back
    and say why; the die status asks no taps on faces the picker does not show."""
    d = driver(size)
    assert d.app.current_screen().name == "picker" and "tap the faces" not in shown(d)   # at start
    new_game(d, 2, first_game=True)
    d.tap("Cards")
    d.tap("Back to game")
    d.tap("Recruit to Crew deck")   # a move: Undo has something to take back in the game
    d.tap(d.app.current_screen().candidates()[0] if d.app.current_screen().candidates() else "New card")
    seq = d.app.session.seq
    d.tap("New game")
    d.tap("New game")
    assert d.app.current_screen().name == "picker"
    assert "tap the faces" not in shown(d)
    d.tap("Undo (why not?)")
    assert d.app.current_screen().name == "picker" and d.app.session.seq == seq
    assert "works in a game" in d.app.message.text
    d.tap("Redo (why not?)")
    assert d.app.current_screen().name == "picker"


def test_the_red_hazard_choice_says_what_each_module_does(driver):
    """"Hazards": a red hazard jettisons a Rocket module of the player's choice;
    each module's button says what the table would lose."""
    from companion.ui.games.race_to_mars import facts
    d = driver()
    new_game(d, 2, first_game=True)
    s = d.app.session
    play_until(d, 2, lambda d: d.app.current_screen().name == "turn" and any(
        a.kind == "jettison_module" for a in s.game.legal_actions(s.state)), limit=4000)
    choices = [a for a in s.game.legal_actions(s.state) if a.kind == "jettison_module"]
    words = shown(d)
    for a in choices:
        what = facts.module_brief(s.state, a.seat, a.args["module"])
        assert what and (what in words or what.replace("free advance", "free adv.") in words), (what, words)


def fill_catalogue(d, n: int = 49) -> list[dict]:
    """``n`` made-up Space cards in the catalogue (the engine's seeded generator), S001 only a trajectory card."""
    from companion.rules.race_to_mars import random_space_card
    cat = d.app.catalogues.get("race-to-mars", "space")
    rng = random.Random(4)
    cards = []
    for k in range(1, n + 1):
        c = random_space_card(rng, "trajectory" if k == 1 else "both")
        c["name"] = f"S{k:03d}"
        cat.add(c)
        cards.append(c)
    return cards


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_catalogue_fills_the_screen_and_shows_a_trajectory_card_by_its_lanes(driver, size):
    """The catalogue ("Anatomy of a Space Card") shows more than 4 cards a page;
    a card known only as a trajectory card shows its lanes; "i" shows a whole card."""
    d = driver(size)
    cards = fill_catalogue(d)
    new_game(d, 2, first_game=True)
    d.tap("Cards")
    on_page = [n for n in d.names() if n in {c["name"] for c in cards}]
    assert len(on_page) >= 6, on_page
    words = shown(d)
    assert "Lanes:" in words
    d.tap("S001 info")
    assert d.app.dialog is not None and d.app.dialog.title == "S001"
    assert any(line.startswith("lane 1:") for line in d.app.dialog.lines), d.app.dialog.lines


def brightest(d, words: str) -> int:
    """The brightest pixel (the mean of its red, green and blue) of the text ``words`` drawn last frame."""
    rects = [r for t, r, _ in d.app.screen.ui.texts if t == words]
    assert rects, f"no text {words!r}"
    surf = d.app.surface
    r = rects[0]
    return max(sum(surf.get_at((x, y))[:3]) // 3 for x in range(r.left, r.right) for y in range(r.top, r.bottom))


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_crew_effect_labels_are_drawn_in_the_reading_colour(driver, size):
    """"Draw", "Look at", "Keep" over the Crew ability's steppers: full contrast, not grey, at 1 m."""
    d = driver(size)
    new_game(d, 2, first_game=True)
    d.tap("Cards")
    d.tap("New card")
    d.tap("Next")
    d.tap("Next")
    assert d.app.screen.editor.current() == "crew_fx"
    d.frame()
    for words in ("Draw", "Look at", "Keep", "Back from discard"):
        assert brightest(d, words) >= 220, words


def test_a_crew_ability_that_returns_cards_says_from_where():
    """"Starting Cards", card 1: "return up to two cards of your choice from your personal discard pile to your
    hand": in a card's brief, "2 back from discard", not a bare "return 2"."""
    from companion.ui.games.race_to_mars.words import brief
    assert brief({"crew": {"resources": ["fuel"], "return": 2}}, "crew") == "Fuel, 2 back from discard"


def test_a_starting_card_tile_shows_the_whole_card_on_its_info_mark(driver):
    """"Starting Cards": a tile's lines may be shortened; its "i" shows the whole card, the tile itself picks."""
    d = driver()
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    assert d.app.session.state.step == "starting"
    d.tap("Starting card 1 info")
    lines = " ".join(d.app.dialog.lines)
    assert "Crew ability: " in lines and "Rocket module: " in lines and "Insight: 2 Experience" in lines, lines
    d.tap("Close")
    seq = d.app.session.seq
    d.tap("Starting card 1")
    assert d.app.session.seq == seq + 1   # the tile picks


def play_to_several_cards(d, n: int, limit: int) -> None:
    """A new 2-player first game on ``d``, played (seed 6) until 2.1 where the player playing has ``n``
    different cards or more to play (``limit`` moves at most)."""
    new_game(d, 2, first_game=True)
    s = d.app.session

    def several(d) -> bool:
        if not step_is("play")(d):
            return False
        cards = {a.args["card"] for a in s.game.legal_actions(s.state) if a.kind == "play"
                 and a.seat == d.app.current_screen().playing()[0]}
        return len(cards) >= n
    play_until(d, 6, several, limit=limit)


def test_play_a_card_keeps_the_others_in_order_and_puts_the_card_played_last(driver):
    """"Phase 2.1: Play Cards": between two plays the cards still playable keep their order; the card played
    goes greyed to the end of the list, after every card still playable (a later tester found page 1 all
    greyed, the playable cards on later pages: what can be played comes first)."""
    from .test_race_to_mars_panels_and_dialogs import every_option
    d = driver()
    s = d.app.session
    play_to_several_cards(d, 3, limit=4000)
    seat = d.app.current_screen().playing()[0]
    who = s.state.names[seat]

    def listed() -> list[tuple[str, bool]]:
        d.tap(f"{who}: play")
        return [(label.split(":")[0], tappable(on_tap) is not None) for label, on_tap in every_option(d)]
    before = listed()
    played = next(name for name, live in before if live)
    seq = s.seq
    d.tap(next(label for label, on_tap in d.app.dialog.options if tappable(on_tap) is not None
                and label.startswith(played)))
    while d.app.dialog is not None:   # what the card's effects ask: the first answer
        d.tap(next(label for label, on_tap in d.app.dialog.options if tappable(on_tap) is not None))
    assert s.seq == seq + 1
    after = listed()
    live = [name for name, on in after if on]
    assert live == [name for name, on in before if on and name != played], (before, after)
    assert after[:len(live)] == [(name, True) for name in live]
    assert (played, False) in after[len(live):]


def test_a_card_played_this_turn_greyed_in_the_play_dialog_says_why_on_a_tap(driver):
    """"Phase 2.1: Play Cards": the card played this turn is greyed at the end of the play dialog; a tap on it
    says the rule's reason (in the play area already) with its section, as the refused cards do: it said a bare
    "not possible now" (found at the table, 1280x720, four players)."""
    from companion.ui.widgets import WHY, Greyed
    from .test_race_to_mars_panels_and_dialogs import every_option
    d = driver()
    s = d.app.session
    play_to_several_cards(d, 3, limit=4000)
    seat = d.app.current_screen().playing()[0]
    who = s.state.names[seat]
    d.tap(f"{who}: play")
    label = next(label for label, on_tap in d.app.dialog.options if tappable(on_tap) is not None)
    played = label.split(":")[0]
    d.tap(label)
    while d.app.dialog is not None:   # what the card's effects ask: the first answer
        d.tap(next(label for label, on_tap in d.app.dialog.options if tappable(on_tap) is not None))
    d.tap(f"{who}: play")
    greyed = [(label, on_tap) for label, on_tap in every_option(d) if label.split(":")[0] == played]
    assert greyed and isinstance(greyed[-1][1], Greyed), greyed
    while not any(label == greyed[-1][0] for label, _ in d.app.dialog.options):
        d.tap("More\u2026")
    d.tap(greyed[-1][0] + WHY)
    assert d.app.dialog is None and d.app.message is not None
    assert f"{played} is in your play area already" in d.app.message.text, d.app.message.text
    assert d.app.message.rule and "Phase 2.1" in d.app.message.rule


def test_an_other_insight_asks_its_words_and_shows_them_in_phase_2_4(driver):
    """"Starting Cards": the Insight of an undescribed Starting card is entered
    as printed; "Other (say it)" asks its words, and 2.4 shows them."""
    d = driver()
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    assert d.app.current_screen().request().place == "insight"
    d.tap("New card")
    d.tap("Next")                 # its name as offered
    d.tap("effect other")
    d.tap("Next")
    assert d.app.screen.editor.current() == "insight_text"
    d.tap("Save")                 # no words yet: refused, said why (over the field, in the title row)
    assert d.app.screen.editor is not None and "Type what the Insight says" in shown(d)
    for ch in "REROUTE":
        d.tap(f"key {ch}")
    d.tap("Save")
    name = d.app.session.state.insights[-1].name
    assert d.app.catalogue("starting").get(name)["insight"] == {"cost": 1, "effect": "other", "text": "REROUTE"}
    play_until(d, 8, lambda d: step_is("turn")(d) and d.app.state.sub == 4, limit=4000)
    assert "REROUTE" in shown(d)


def test_a_new_revealed_starting_card_is_entered_whole_so_the_pick_shows_it(driver):
    """"Starting Cards": the cards revealed are picked by what they give; a new
    one is entered with its Insight, Crew ability and Rocket module, and the
    pick shows them."""
    d = driver()
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    s = d.app.session
    d.tap("Starting card 1")                       # beside the Insight card
    assert s.game.starting_stage(s.state) == "revealed"
    d.tap("New card")
    ed = d.app.screen.editor
    assert {"insight", "crew_res", "crew_fx", "module"} <= set(ed.pages), ed.pages
    d.tap("Next")
    d.tap("effect draw")
    assert ed.pages == ("name", "insight", "crew_res", "crew_fx", "module"), ed.pages
    d.tap("Next")
    d.tap("add fuel")
    d.tap("Next")
    d.tap("Next")
    d.tap("resource hull")
    d.tap("Save")
    name = ed.name
    assert d.app.catalogue("starting").get(name) == {"name": name, "insight": {"cost": 1, "effect": "draw"},
                                                     "crew": {"resources": ["fuel"]}, "module": {"resource": "hull"}}
    while s.game.starting_stage(s.state) == "revealed":
        d.tap(next(n for n in d.app.current_screen().candidates() if n in d.names() and n != name))
    assert s.game.starting_stage(s.state) == "pick"
    words = shown(d)
    assert "Crew: Fuel" in words and "Module: Hull" in words, words


def test_a_new_card_named_as_a_printed_one_is_refused_at_its_name(driver):
    """A tester's finding: a new Starting card named "Starting card 1" was swapped for the printed card of
    that name, the fields typed dropped without a word. The name page says so and keeps the editor."""
    d = driver()
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    d.tap("Starting card 1")                       # beside the Insight card
    d.tap("New card")
    ed = d.app.screen.editor
    ed.name = "starting CARD 1"
    d.tap("Next")
    assert ed.current() == "name" and d.app.screen.editor is ed
    said = (d.app.message.text if d.app.message else "") + " " + (ed.problem or "")
    assert "printed in the rulebook" in said, said


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_in_pre_launch_a_tap_on_a_trajectory_slot_or_a_revealed_card_shows_it(driver, size):
    """"Playing the Game 1: Pre-Launch": the 12 trajectory cards fill as the
    rounds go; a tap on a filled slot shows its lanes, on a revealed card what is known of it."""
    d = driver(size)
    new_game(d, 2)
    s = d.app.session
    play_until(d, 3, lambda d: d.app.current_screen().name == "round" and len(s.state.slots) >= 2, limit=3000)
    d.tap("Trajectory slots")
    d.tap(f"Trajectory card 2: {s.state.slot_names[1]}")
    assert d.app.dialog is not None and d.app.dialog.title == f"Trajectory card 2: {s.state.slot_names[1]}"
    assert d.app.dialog.lines[0].startswith("lane 1:") and any("Crew ability" in x for x in d.app.dialog.lines)
    d.tap("Close")
    d.tap("revealed 1")   # what is known of it: the catalogue's cards to find it in, else "not in the catalogue yet"
    if d.app.dialog is None:
        assert d.app.current_screen().request().purpose == "look"
    else:
        assert d.app.dialog.title.startswith("Revealed Space card 1 of")


def test_in_pre_launch_every_player_shows_their_rocket_modules(driver):
    """"Playing the Game 1: Pre-Launch": a module attached is never moved; every
    player's panel says what their rocket holds, not only the one picking: the top module by its name (with
    what it does where that fits too; a later finding asked for the cards' names)."""
    from companion.ui.games.race_to_mars import facts
    d = driver()
    new_game(d, 3)
    s = d.app.session
    play_until(d, 3, lambda d: d.app.current_screen().name == "round" and sum(
        1 for p in s.state.players if p.modules) >= 2 and len(s.state.slots) >= 4, limit=3000)
    words = shown(d)
    seat = d.app.current_screen().seat()
    others = [i for i, p in enumerate(s.state.players) if p.modules and i != seat]
    assert others
    for i in others:
        brief = facts.module_brief(s.state, i, 0).split(",")[0]
        assert f"Rocket: {s.state.players[i].modules[0].name}" in words or f"Rocket: {brief}" in words, (i, words)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_launch_readiness_says_what_is_short_in_words_from_the_rules(driver, size):
    """"Launching the Rocket": at least twice as many Crew cards as Rocket modules. A player short
    of it reads the Crew deck, what it needs and why ("Crew deck 5 cards, needs 8: twice the 4 Rocket
    modules (Launching the Rocket)"), never a bare "Crew short"; the numbers are the rules' own."""
    import dataclasses
    from companion.rules.race_to_mars import advice
    d = driver(size)
    new_game(d, 2, first_game=True)
    s = d.app.session
    play_until(d, 3, lambda d: d.app.current_screen().name == "round" and len(s.state.slots) == 12, limit=4000)
    seat = d.app.current_screen().seat()
    p = s.state.players[seat]
    filler = p.crew[0] if p.crew else None
    mods = tuple(dataclasses.replace(m, uid=900 + k) for k, m in enumerate((p.modules or (None,))[:1] * 4)) \
        if p.modules else None
    if mods is None:
        from companion.rules.race_to_mars.model import Module
        mods = tuple(Module(900 + k, f"M{k}", draw=1) for k in range(4))
    if filler is None:
        from companion.rules.race_to_mars.model import Crew, CrewCard
        filler = CrewCard("C", Crew(("fuel",)))
    crew = tuple(dataclasses.replace(filler, name=f"{filler.name} {k}") for k in range(5))
    p = dataclasses.replace(p, crew=crew, modules=mods, boosts=0, hq=0, held=())
    s._states[-1] = dataclasses.replace(s.state, players=tuple(p if q.seat == seat else q for q in s.state.players))
    d.frame()
    r = next(x for x in advice.launch_readiness(s.state) if x["seat"] == seat)
    assert r["short_words"] == "Crew deck 5 cards, needs 8: twice the 4 Rocket modules"
    words = shown(d)
    assert "Crew short" not in words
    assert f"Launch: {r['short_words']}" in words, words
    assert "Crew 5, needs 8" in words or "Crew 5/8" in words, words     # the greyed Launch button says it too
    assert "needs" in [t for t, _, _ in d.app.screen.ui.texts]            # the player's panel: Crew 5 needs 8
    from companion.ui.games.race_to_mars.refuse import WHY
    d.tap("Launch" + WHY)                                                # a tap on it: why not, with the section
    assert r["short_words"] in d.app.message.text and "Launching the Rocket" in d.app.message.text, \
        d.app.message.text


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_a_starting_cards_free_advance_is_entered_as_its_own_length(driver, size):
    """"Starting Cards" (RM-149): Starting card 3's module advances "exactly 5 spaces", not a Space card's 3
    ("Anatomy of a Space Card", RM-041). A Starting card the rulebook does not describe is entered with its
    Free advance as a count (\u2212/+), and the rocket it is attached to advances that many spaces; the
    printed Starting card 3 attached as a module says 5 spaces."""
    from companion.ui.games.race_to_mars import facts
    d = driver(size)
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    s = d.app.session
    d.tap("Starting card 1")                         # beside the Insight card
    d.tap("New card")                                # revealed: a card the rulebook does not describe
    ed = d.app.screen.editor
    d.tap("Next")                                    # its name as offered
    d.tap("effect draw")
    while ed.current() != "module":
        d.tap("Next")
    assert "free_advance +" in d.names() and "free_advance" not in d.names()
    for _ in range(4):
        d.tap("free_advance +")
    assert "4" in shown(d)
    d.tap("Save")
    name = ed.name
    assert d.app.catalogue("starting").get(name)["module"] == {"free_advance": 4}
    d.tap("Starting card 3")                         # the printed ones, revealed too (3: one more than 2)
    d.tap("Starting card 2")
    assert s.game.starting_stage(s.state) == "pick"
    seat = s.game.to_act(s.state).seats[0]
    d.tap(name)
    d.tap("Attach as module")
    assert s.state.players[seat].modules[-1].free_advance == 4
    assert "4" in facts.module_brief(s.state, seat, len(s.state.players[seat].modules) - 1)
    other = s.game.to_act(s.state).seats[0]
    d.tap("Starting card 3")
    d.tap("Attach as module")
    m = s.state.players[other].modules[-1]
    assert m.name == "Starting card 3" and m.free_advance == 5
    assert "5" in facts.module_brief(s.state, other, len(s.state.players[other].modules) - 1)


def test_in_portrait_the_catalogue_shows_at_least_7_cards_a_page(driver):
    """The card catalogue in portrait (720x1280, one column): at least 7 rows of cards a page, when browsing
    and when a picked card is looked up (Recruit), each tile finger-sized, its two lines whole inside it."""
    d = driver((720, 1280))
    cards = fill_catalogue(d)
    for k, long in enumerate(("Flight Surgeon", "Radio Operator", "Chief Navigation Officer")):
        card = dict(cards[k + 1], name=long)
        d.app.catalogues.get("race-to-mars", "space").add(card)
        cards.insert(0, card)   # long names first in the list (the catalogue sorts by name)
    names = {c["name"] for c in cards}
    new_game(d, 2, first_game=True)
    for open_it, back in (("Cards", "Back to game"), ("Recruit to Crew deck", "Back to game")):
        d.tap(open_it)
        tiles = [h for h in d.app.screen.ui.hits if h.label in names]
        assert len(tiles) >= 7, [h.label for h in tiles]
        assert all(h.rect.h >= d.app.layout.touch for h in tiles)
        for h in tiles:
            inside = [r for t, r, _ in d.app.screen.ui.texts if h.rect.colliderect(r) and t != h.label]
            assert inside and all(h.rect.contains(r) for r in inside), (h.label, h.rect, inside)
        d.tap(back)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_step_counter_of_a_card_keeps_its_total_from_first_to_last(driver, size):
    """Entering a revealed Starting card ("Starting Cards": its Insight, Crew ability and Rocket module):
    the "n/N" of the title keeps the same N from the first page to the last, and n never jumps back or
    skips, whether the Insight's effect asks for its words ("Other (say it)") or not, and when it changes."""
    import re
    d = driver(size)
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    d.tap("Starting card 1")
    d.tap("New card")
    ed = d.app.screen.editor
    seen = []

    def count() -> tuple[int, int]:
        m = re.match(r"^(\d+)/(\d+): ", ed.title())
        assert m and m.group(0) in shown(d), (ed.title(), shown(d))
        seen.append((int(m.group(1)), int(m.group(2))))
        return seen[-1]
    count()
    d.tap("Next")                                    # the name as offered
    count()
    d.tap("effect draw")                             # no words to type
    count()
    d.tap("effect other")                            # its words, after all
    count()
    d.tap("Next")
    assert ed.current() == "insight_text"
    count()
    for ch in "SWAP":
        d.tap(f"key {ch}")
    while d.app.screen.editor is not None and d.app.screen.editor.current() != "module":
        d.tap("Next")
        count()
    totals = {t for _, t in seen}
    assert len(totals) == 1, seen
    steps = [n for n, _ in seen]
    assert steps == sorted(steps) and steps[-1] == seen[-1][1] and all(b - a <= 1 for a, b in zip(steps, steps[1:]))


def field_rect(d):
    """The typed field of the card editor: the panel under the title, holding the typed text and its caret."""
    return next(r for t, r, _ in d.app.screen.ui.texts if t.endswith("\u258f"))


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_insight_words_being_typed_stay_in_sight_above_the_keyboard(driver, size):
    """"Starting Cards": an undescribed Starting card's Insight is entered as printed, typed on the
    on-screen keyboard. The field being typed stays in sight whatever is said: Save with no words says
    why over the field (not in a box over it), the words typed are shown as they grow, a message of the
    app goes over the keyboard's bottom, not over the field; nothing is drawn over the field."""
    from companion.ui.screens.chrome import message_box
    d = driver(size)
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    d.tap("New card")
    d.tap("Next")
    d.tap("effect other")
    d.tap("Next")
    assert d.app.screen.editor.current() == "insight_text"

    def field_clear() -> pygame.Rect:
        field = field_rect(d)
        keys = [h.rect for h in d.app.screen.ui.hits if h.label.startswith("key ")]
        assert keys and all(k.top >= field.bottom for k in keys), "a key over the field"
        if d.app.message is not None:
            box = message_box(d.app.layout, d.app)[0]
            assert not box.colliderect(field), (box, field)
        others = [(t, r) for t, r, _ in d.app.screen.ui.texts if r.colliderect(field) and not t.endswith("\u258f")]
        assert not others, others
        return field
    field_clear()
    d.tap("Save")                                     # no words: why, in sight, the field too
    assert "Type what the Insight says" in shown(d) and d.app.screen.editor is not None
    field_clear()
    for ch in "SWAP TWO CARDS":
        d.tap("key space" if ch == " " else f"key {ch}")
        assert "SWAP TWO CARDS"[:1] in [t for t, _, _ in d.app.screen.ui.texts if t.endswith("\u258f")][0]
        field_clear()
    assert "Type what the Insight says" not in shown(d)   # typing answers it
    d.app.say("A long note of the app, over two lines at least on the small screen of the table.", "info", 5)
    d.frame()
    field_clear()
    assert "SWAP TWO CARDS\u258f" in shown(d)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_unknown_starting_card_entry_looks_like_an_entry_not_a_card(driver, size):
    """"Starting Cards": 4 of the 8 cards are described; the choice for one that is not is an entry to
    fill in, not a card: drawn unlike the card tiles (outlined, no card face, no "i" mark), saying it is
    not in the rulebook and what a tap does, not counted among the cards; a tap still takes it."""
    from companion.rules.race_to_mars import UNKNOWN_STARTING
    from companion.ui.widgets import STYLES
    d = driver(size)
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    screen = d.app.current_screen()
    card = next(h.rect for h in d.app.screen.ui.hits if h.label.startswith("Starting card ")
                and not h.label.endswith(" info"))
    fill = STYLES["normal"][0]   # a card tile's face
    assert d.app.surface.get_at((card.x + 5, card.centery))[:3] == fill
    while UNKNOWN_STARTING not in d.names() and "Next page" in d.names():
        d.tap("Next page")
    assert UNKNOWN_STARTING in d.names()
    assert f"{UNKNOWN_STARTING} info" not in d.names()              # no "i": there is no card to show
    words = shown(d)
    assert "Not in the rulebook" in words or "Not described in the rulebook" in words, words
    assert "the table says its Insight" in words or "its Insight: the table says what it does" in words
    assert UNKNOWN_STARTING not in words                             # never titled like a card
    entry = next(h.rect for h in d.app.screen.ui.hits if h.label == UNKNOWN_STARTING)
    assert d.app.surface.get_at((entry.x + 5, entry.centery))[:3] not in (fill, STYLES["quiet"][0])
    n = len(screen.candidates()) - 1
    # the entry is not counted as a card, but said (a tester read "4 cards, page 1/2" and found a fifth tile)
    counted = f"{n} card{'' if n == 1 else 's'}"
    assert f"{counted}," not in words, words
    assert f"{counted} + unknown, page" in words or f"{screen.page_no + 1}/{screen.pages}" in words, words
    d.tap(UNKNOWN_STARTING)                                          # beside the Insight card: the table's word
    assert d.app.session.state.insights[-1].name.startswith("Unknown card")


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_a_tap_on_a_revealed_space_card_shows_what_the_catalogue_knows_of_it(driver, size):
    """"Playing the Game 1: Pre-Launch" / "Anatomy of a Space Card": a tap on a revealed Space card finds
    it among the catalogue's cards not yet on the table; the card tapped shows its Crew ability and its
    Rocket module as the catalogue knows them, and the player picking may recruit or attach it at once.
    A card not in the list says it is not in the catalogue yet and what to do; with no card of the
    catalogue left to be it, the tap says so at once."""
    from companion.ui.games.race_to_mars.entry import card_lines
    d = driver(size)
    cards = {c["name"]: c for c in fill_catalogue(d, 12)}
    new_game(d, 2, first_game=True)
    s = d.app.session
    assert d.app.current_screen().name == "round"
    seat = d.app.current_screen().seat()
    d.tap("revealed 2")
    assert d.app.current_screen().request().purpose == "look" and "Revealed" in shown(d)
    assert "S003" in d.names() and "New card" not in d.names()
    d.tap("S003")
    lines = d.app.dialog.lines
    assert d.app.dialog.title == f"Revealed Space card 2 of {s.state.revealed}: S003"
    assert lines == card_lines(cards["S003"])[:2] and lines[0].startswith("Crew ability: ") \
        and lines[1].startswith("Rocket module: ")
    d.tap("Close")
    d.tap("Not in the catalogue")
    assert "not in the catalogue yet" in d.app.dialog.title and any("New card" in x for x in d.app.dialog.lines)
    d.tap("Close")
    d.tap("S003")
    seq = s.seq
    d.tap(f"{s.state.names[seat]} recruits it")
    assert s.seq == seq + 1 and "S003" in s.state.space_seen
    assert any(c.name == "S003" for c in s.state.players[seat].crew)
    for name in list(d.app.catalogue("space").names()):          # a catalogue with no card left to be it
        if name not in s.state.space_seen:
            d.app.catalogue("space").delete(name)
    d.frame()
    d.tap(f"revealed {s.state.revealed}")                          # one not picked yet
    assert d.app.dialog is not None and d.app.dialog.title.endswith("not in the catalogue yet")
    assert any("Recruit or Attach" in x for x in d.app.dialog.lines)


def test_the_jettison_insight_offers_crew_cards_of_the_discard_pile_with_an_empty_hand():
    """"Starting Cards", card 1: "Spend two Experience tokens to jettison any card from your hand or from your
    personal discard pile". With an empty hand and Crew cards in the discard pile, 2.4 offers them (a fresh
    player found the Insight greyed: ``legal_actions`` lists only Asteroids and Boosts, for random playouts)."""
    from types import SimpleNamespace

    from companion.rules import race_to_mars as rm
    from companion.rules.race_to_mars.model import INSIGHT_CARD, Insight, replace
    from companion.ui.games.race_to_mars.turn import TurnScreen
    from tests.rules.test_race_to_mars_helpers import cards, flight

    ins = (INSIGHT_CARD, Insight("Starting card 1", 2, "jettison"))
    s = flight(insights=ins, players={0: dict(xp=2, crew=cards(("P", "fuel"), ("H",)), hand=0, discard=2)})
    s = replace(s, sub=4)
    assert not [a for a in rm.legal_actions(s) if a.kind == rm.INSIGHT and a.args["which"] == 1]
    screen = SimpleNamespace(app=SimpleNamespace(state=s, game=rm))
    got = TurnScreen.jettison_choices(screen, 0, {"which": 1}, "target")
    assert {(a.args["target"]["zone"], a.args["target"]["card"]) for a in got} == {("discard", "P"), ("discard", "H")}
    after, _ = rm.apply(s, got[0])
    assert after.players[0].xp == 0 and len(after.players[0].crew) == 1


@pytest.mark.parametrize("size", [(800, 480)])
def test_a_2_1_panel_keeps_its_later_lines_when_the_hazards_line_is_long(driver, size):
    """"Phase 2.1: Play Cards": a player's panel in 2.1 shows how far the rocket reaches and the hazards ahead
    (the colour of one that costs a jettison, "Hazards"), in short forms when room is short ("Reach 1", "red
    hazard"), never dropping them for a line before them that does not fit."""
    from companion.rules.race_to_mars import advice
    d = driver(size=size)
    new_game(d, 4, first_game=True)

    def hazards_ahead(d) -> bool:
        s = d.app.session
        return step_is("play")(d) and any(advice.reach(s.state, seat)["hazards"]
                                          for seat in d.app.current_screen().playing())
    play_until(d, 3, hazards_ahead, limit=12000)
    d.frame()
    s = d.app.session
    screen = d.app.current_screen()
    ui = screen.ui
    for seat in screen.playing():  # each panel: the texts drawn inside it
        name = s.state.names[seat]
        panel = next(h.rect for h in ui.hits if h.label == name)
        inside = " ".join(t for t, r, _ in ui.texts if panel.colliderect(r))
        reach = advice.reach(s.state, seat)
        assert "Reach" in inside, (name, inside)
        assert ("hazard" in inside.lower()) == bool(reach["hazards"]), (name, inside)
        for h in reach["hazards"]:   # the colour of one that costs a jettison: red a module, yellow a Crew card
            assert h["protected"] or h["colour"] in inside, (name, inside)


def test_the_rocket_button_asks_before_a_storage_jettison_and_which_cards_go_with_it(driver):
    """"The Rocket", Storage: "You may at anytime jettison (remove from the game) this to jettison up to three
    cards from your hand and/or personal discard pile". A fresh player's tap on a greyish "Rocket..." jettisoned
    the module at once, with no card and no way back; now the button looks like a move, says what it holds,
    opens a dialog with Cancel, and the Storage jettison asks for its cards one at a time."""
    from companion.rules import race_to_mars as rm
    d = driver()
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    rng = random.Random(18)  # a seed whose playout gives a Storage module with cards in hand and discard pile
    while not (s.state.step == "turn" and s.state.sub == 2 and not s.state.hazards
               and any(a.kind == rm.JETTISON_STORAGE for a in rm.legal_actions(s.state))):
        assert s.submit(rm.random_action(s.state, rng)).accepted
    seat = rm.to_act(s.state).seats[0]
    before = s.state.players[seat]
    seq = s.seq
    d.frame()
    rocket = next(h for h in d.app.screen.ui.hits if h.label == "Rocket\u2026")
    assert "storage" in shown(d)                                  # its second line says what it holds
    d.tap("Rocket\u2026")
    assert d.app.dialog is not None and "Cancel" in d.names()    # one move, still asked
    d.tap("Cancel")
    assert s.seq == seq and d.app.dialog is None
    d.tap("Rocket\u2026")
    d.tap(next(label for label, _ in d.app.dialog.options if label.startswith("Jettison Storage")))
    assert s.seq == seq                                           # not yet: which cards?
    cards = [label for label, on_tap in d.app.dialog.options if label.startswith("+ ")]
    assert cards, d.app.dialog.options
    d.tap(cards[0])
    assert any("with 1 card" in label for label, _ in d.app.dialog.options)
    d.tap(next(label for label, _ in d.app.dialog.options if "with 1 card" in label))
    assert s.seq == seq + 1 and d.app.dialog is None
    after = s.state.players[seat]
    assert len(after.modules) == len(before.modules) - 1
    assert (after.hand + after.discard + len(after.crew) + after.asteroids
            < before.hand + before.discard + len(before.crew) + before.asteroids)
    assert rocket.rect.w > 0


def to_the_trajectory_card(d):
    """A 2-player game played by random moves (seed 2) until it asks for the Trajectory card; returns ``d``."""
    from companion.rules import race_to_mars as rm
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "seed": 1})
    rng = random.Random(2)
    for _ in range(3000):
        expect = rm.expects(s.state)
        if expect is not None and expect.action == "trajectory_card":
            break
        assert s.submit(rm.random_action(s.state, rng)).accepted
    else:
        raise AssertionError("no rocket reached the Trajectory card")
    d.frame()
    return d


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_trajectory_card_entry_says_why_it_is_asked_now(driver, size):
    """"The Trajectory Card": its spaces are entered once the 12 trajectory cards are placed (or when a rocket
    reaches it). The entry's title says why, in the rules' words, and what to enter, not "1/1: Trajectory,
    Earth -> Mars" (a fresh player's puzzle), nor that a rocket reached it while every rocket was on Earth
    (a tester's finding)."""
    from companion.rules import race_to_mars as rm
    d = to_the_trajectory_card(driver(size))
    expect = rm.expects(d.app.session.state)
    assert d.app.current_screen().name == "entry"
    words = shown(d)
    from companion.ui.games.race_to_mars.entry import short_why
    assert expect.purpose.split(":")[0] in words or short_why(expect.purpose) in words, (expect.purpose, words)
    assert "1/1" not in words and ("reaches" in words) == ("reaches" in expect.purpose), words
    title = d.app.current_screen().editor.title().split("|")
    shown_title = next(t for t in title if t in words)
    assert "enter" in shown_title and "Trajectory card" in shown_title, \
        f"the reason alone, or 'enter it' (testers' findings): {shown_title!r}"


def test_a_copy_module_jettisoned_as_storage_is_named_as_a_copy():
    """RM-166 ("The Rocket", Copy): a Copy module copying a Storage module may be jettisoned for its effect. The
    player holds a Copy card: the move names it "copying Storage", not "Storage module" (a fresh player's puzzle)."""
    from types import SimpleNamespace

    from companion.rules import race_to_mars as rm
    from companion.rules.race_to_mars.model import PLAY_STEP
    from companion.ui.games.race_to_mars.moves import describe
    from tests.rules.test_race_to_mars_helpers import flight, modules

    s = flight(step=PLAY_STEP, players={0: dict(modules=modules({"storage": 1, "name": "S001"},
                                                                {"copy": True, "name": "S034"}))})
    jettisons = [a for a in rm.legal_actions(s) if a.kind == rm.JETTISON_STORAGE and a.seat == 0]
    words = {describe(SimpleNamespace(state=s), a) for a in jettisons}
    assert words == {"Jettison Storage module 1 (S001)", "Jettison module 2 (S034), copying Storage"}, words


def _to_2_2_with_ways_to_pay(d):
    """A 2-player first game (seeded random moves) up to phase 2.2 with more than one way to pay the next
    space, no hazard; returns the session."""
    from companion.rules import race_to_mars as rm
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    rng = random.Random(18)
    while not (s.state.step == "turn" and s.state.sub == 2 and not s.state.hazards
               and sum(a.kind == rm.ADVANCE for a in rm.legal_actions(s.state)) > 1):
        assert s.submit(rm.random_action(s.state, rng)).accepted
    return s


def test_in_2_2_pay_with_keeps_its_place_so_the_buttons_after_it_do_not_move(driver):
    """"Phase 2.2: Advance Rocket": a fresh player's finger found Rocket... where Pay with... had been once only
    one way to pay was left. Pay with... now stays in its place, greyed, so the buttons after it stay."""
    from companion.rules import race_to_mars as rm
    d = driver()
    s = _to_2_2_with_ways_to_pay(d)

    def pay_with():
        d.frame()
        return next(h.rect for h in d.app.screen.ui.hits if h.label.startswith("Pay with\u2026"))
    where = pay_with()
    seen = set()
    while s.state.step == "turn" and s.state.sub == 2 and not s.state.hazards and "Advance" in d.names():
        assert pay_with() == where
        seen.add(next(h.label for h in d.app.screen.ui.hits if h.label.startswith("Pay with\u2026")))
        d.tap("Advance")
    assert "Pay with\u2026" in seen and len(seen) == 2, seen     # live, then greyed in the same place


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_greyed_pay_with_says_why_it_is_greyed_not_1_way(driver, size):
    """Found by a review: greyed (one way to pay the next space, or none), Pay with... still offered "1 way"
    on its second line. Its second line and its tap now say why it is greyed: nothing to choose."""
    from companion.rules import race_to_mars as rm
    from companion.ui.games.race_to_mars.refuse import WHY
    d = driver(size)
    s = _to_2_2_with_ways_to_pay(d)
    seen = []
    while s.state.step == "turn" and s.state.sub == 2 and not s.state.hazards:
        d.frame()
        ways = sum(a.kind == rm.ADVANCE for a in rm.legal_actions(s.state))
        if ways <= 1 and "Pay with\u2026" + WHY in d.names():
            texts = [t for t, _, _ in d.app.screen.ui.texts]
            assert not any("way" in t and "other" not in t for t in texts), texts
            assert ("no other way to pay" in texts or "no choice" in texts) if ways else "nothing pays" in texts
            d.tap("Pay with\u2026" + WHY)
            said = d.app.message.text
            assert "1 way" not in said and "there is one" not in said, said
            assert ("nothing to choose" in said) if ways else ("nothing can pay it now" in said), said
            seen.append(ways)
        if not ways:
            break
        d.tap("Advance")
    assert seen == [1, 0], seen  # one way, then none


def test_a_search_of_the_starting_cards_finds_by_name_the_cards_not_in_the_catalogue(driver):
    """A tester's finding: at the Starting cards, a search for a letter not in "Unknown Starting card" blanked
    the screen with "Something went wrong" at every frame (the unknown card, not in the catalogue, has no
    text to search). A card outside the catalogue is found by its name."""
    d = driver()
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    d.tap("Search")
    for letter in ("X", "Q"):
        d.tap(f"key {letter}")
        assert d.app.message is None or "went wrong" not in d.app.message.text, d.app.message.text
        assert "Undo" in d.names()                      # the screen is drawn, the top bar with it
    assert d.app.current_screen().candidates() == []
    for _ in range(2):
        d.tap("key delete")
    d.tap("key U")                                      # "Unknown Starting card": found by its name
    assert "Unknown Starting card" in d.app.current_screen().candidates()


@pytest.mark.timeout(60)
def test_a_card_the_catalogue_cannot_keep_is_said_in_a_dialog_after_its_move(tmp_path, monkeypatch):
    """A tester's finding: with a catalogue file that cannot be written, Race to Mars's warning was a message
    box over the next card's keyboard for 20 s (a tap on a hidden key only closed it). It is a dialog, shown
    after the move that uses the card, closed by Close or NEXT."""
    import pygame

    from companion.catalogue import Catalogue, Catalogues
    from companion.session import Session
    from companion.ui.driver import Driver

    from .race_to_mars_taps import Table

    def full_disk(self, card, replace=False):
        raise OSError(28, "No space left on device")
    pygame.display.init()
    try:
        pygame.display.set_mode((800, 480))
        with Session.open(tmp_path / "db.sqlite3") as s:
            d = Driver(s, Catalogues(tmp_path / "cards"), (800, 480))
            d.tap("Race to Mars")
            d.tap("2 players")
            d.tap("Start")
            monkeypatch.setattr(Catalogue, "add", full_disk)
            table = Table(d, random.Random(3))
            for _ in range(400):
                seq = s.seq
                table.step()
                dialog = d.app.dialog
                if dialog is not None and dialog.title == "This card is not kept":
                    break
            else:
                raise AssertionError("no card was entered")
            assert s.seq > seq and "could not be written" in dialog.lines[0], (s.seq, seq, dialog.lines)
            assert d.app.message is None or "could not be written" not in d.app.message.text
            d.tap("Close")
            assert d.app.dialog is None
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_a_leftover_from_the_catalogue_asks_for_the_lanes_this_table_uses_that_it_lacks(driver, size):
    """A tester's finding: a trajectory card entered at a 2-player table (lanes 3 and 4 left empty) was used at
    a 4-player table in one tap, and the players on lanes 3 and 4 got no space there ("Anatomy of a Space
    Card": its Trajectory Area forms the trajectories). The editor opens on the first lane missing; the card is
    used and kept with it."""
    d = driver(size)
    new_game(d, 4)
    play_until(d, 3, on_leftover)
    cat = d.app.catalogues.get("race-to-mars", "space")
    cat.add({"name": "Half", "trajectory": [["fuel"], ["hull"], [], []]})  # entered at a table of two
    d.frame()
    seq = d.app.session.seq
    d.tap("Half")
    screen = d.app.current_screen()
    assert screen.editor is not None and d.app.session.seq == seq, "not used with lanes 3 and 4 empty"
    assert screen.editor.lane == 2 and "lane 3" in screen.editor.heading
    screen.editor.lanes[2].append("fuel")
    d.tap("Save")  # lane 4 still empty: a tester's finding, the card was placed so
    assert d.app.session.seq == seq and screen.editor is not None and screen.editor.lane == 3
    assert d.app.message.text.startswith("Lane 4 (") and "has no space yet" in d.app.message.text
    screen.editor.lanes[3].append("velocity")
    d.tap("Save")
    assert d.app.session.state.slots[0][2:] == (("fuel",), ("velocity",)), d.app.session.state.slots[0]
    assert cat.get("Half")["trajectory"][2:] == [["fuel"], ["velocity"]]


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_an_insight_not_entered_asks_the_cost_printed_on_it(driver, size):
    """A tester's finding: an Insight of an undescribed Starting card ("Unknown Starting card") cost 1
    Experience in one tap, its button reading "1 XP: not". Its cost is "?" and a tap asks the printed cost
    ("Starting Cards"), kept once said."""
    import dataclasses

    from companion.rules import race_to_mars as rm
    from companion.rules.race_to_mars.cards import insight_of
    from companion.rules.race_to_mars.model import INSIGHT_CARD
    d = driver(size)
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    rng = random.Random(5)
    while not (s.state.step == "turn" and s.state.sub == 4
               and s.state.players[rm.to_act(s.state).seats[0]].xp >= 2):
        assert not rm.is_over(s.state), "seed 5 reaches phase 2.4 with 2 Experience"
        assert s.submit(rm.random_action(s.state, rng)).accepted
    seat = rm.to_act(s.state).seats[0]
    xp = s.state.players[seat].xp
    s._states[-1] = dataclasses.replace(s.state, insights=(INSIGHT_CARD, insight_of({"name": "Starting card 7"})))
    d.frame()
    assert any(t.startswith(("cost asked", "? XP")) for t, _, _ in d.app.screen.ui.texts), "its cost: asked"
    seq = s.seq
    d.tap("Starting card 7")
    assert s.seq == seq and d.app.dialog is not None and "cost printed" in d.app.dialog.title
    d.tap("Printed 2 XP")
    assert s.state.players[seat].xp == xp - 2 and s.state.insights[1].cost == 2
    d.frame()
    subs = [t for t, _, _ in d.app.screen.ui.texts if t.startswith("2 XP")]
    assert not any(t.endswith(": not") for t in subs), subs  # cut to "2 XP: not" (a tester's finding)


def test_a_copy_card_with_nothing_to_copy_stays_in_the_list_and_says_why(driver):
    """A tester's finding: a Crew card with a copy effect vanished from "... plays which card?" while nothing
    was in the play area, without a word. It keeps its place, and a tap gives the rule ("Phase 2.1: Play Cards":
    "You can't play a card with a copy effect if there is nothing to copy"). It is drawn greyed, as every move the
    rules refuse (a second tester's finding: drawn as playable, its tap was refused)."""
    from companion.rules.race_to_mars.model import PLAY_STEP, Crew, CrewCard
    from tests.rules.test_race_to_mars_helpers import flight
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    crew = (CrewCard("Copier", Crew(copy=True)), CrewCard("Pilot", Crew(("fuel",), draw=1)))
    s._states[-1] = flight(step=PLAY_STEP, players={0: dict(crew=crew, hand=2, draw=3)})
    d.frame()
    d.app.current_screen().play(0)
    d.frame()
    labels = [label for label, _ in d.app.dialog.options]
    assert any(label.startswith("Copier") for label in labels), labels
    copier = next(name for name in d.names() if name.startswith("Copier"))
    assert copier.endswith(" (why not?)"), d.names()                     # greyed
    assert [n for n in d.names() if n.startswith("Pilot")] == ["Pilot: Fuel, draw 1"]   # the others as they were
    d.tap(copier)
    assert d.app.dialog is None and "nothing to copy" in d.app.message.text
    assert d.app.message.rule == "race-to-mars.txt, Phase 2.1: Play Cards"


def test_two_players_of_one_name_are_refused_naming_it_with_the_setup_section_as_a_button(driver):
    """A tester's finding: the New-game refusal of a doubled name was lowercase, cited "(race-to-mars.txt,
    Setup)" in its words with no section button, and did not say which name was doubled."""
    d = driver((800, 480))
    d.tap("Race to Mars")
    d.app.start_new_game({"players": [{"name": "Daniel", "colour": "red"}, {"name": "daniel ", "colour": "blue"}]})
    m = d.app.message
    assert m.text.startswith("Two players are named Daniel: each player needs a name"), m.text
    assert m.rule == "race-to-mars.txt, Setup" and not d.app.session.has_game
    d.frame()
    assert "\u00a7 Setup \u203a" in [t for t, _, _ in d.app.screen.ui.texts]  # its section, a button


def test_the_headquarters_4_pick_is_headed_as_the_extra_one(driver):
    """A tester's finding: Headquarters 4's extra pick, after everyone has picked, was headed "Anna picks a
    Starting card" like the others ("Headquarters": "You get to pick an additional one once everyone has
    picked")."""
    from companion.rules import race_to_mars as rm
    from companion.rules.contract import Action
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": False})
    for seat, keep, back in ((0, 4, 2), (1, 3, 1)):
        assert s.submit(Action(rm.HEADQUARTERS, {"keep": keep, "back": back}, seat)).accepted
    assert s.submit(Action(rm.STARTING, {"card": {"name": "Starting card 1"}, "place": "insight"}, 0)).accepted
    for k in (2, 3, 4, 5):
        seat = rm.to_act(s.state).seats[0]
        name = f"Starting card {k}" if k < 5 else "Unknown Starting card"
        assert s.submit(Action(rm.STARTING, {"card": {"name": name}, "place": "revealed"}, seat)).accepted
    heads = []
    for name in ("Starting card 2", "Starting card 3", "Starting card 4"):
        d.frame()
        heads.append(d.app.current_screen().headline())
        seat = rm.to_act(s.state).seats[0]
        assert s.submit(Action(rm.STARTING, {"card": {"name": name}, "place": "crew"}, seat)).accepted, heads
    assert heads[0].startswith("Winston picks a Starting card") and heads[1].startswith("Anna picks a Starting")
    assert heads[2].startswith("Anna picks one more Starting card (Headquarters 4)"), heads


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_five_revealed_cards_are_numbered_not_blank(driver, size):
    """A tester's finding: with 4 players the 5 revealed Space cards were blank boxes ("Space" did not fit)."""
    d = driver(size)
    d.app.session.new_game("race-to-mars", {"players": [{"name": n, "colour": c} for n, c in zip(
        ("Anna", "Winston", "Carla", "Dev"), ("red", "blue", "green", "yellow"))], "first_game": True, "seed": 1})
    d.frame()
    for k in range(1, 6):
        cell = next(h.rect for h in d.app.screen.ui.hits if h.label == f"revealed {k}")
        inside = [t for t, r, _ in d.app.screen.ui.texts if cell.contains(r) and t]
        assert inside in (["Space"], [str(k)]), (k, inside)


def test_redo_names_the_module_the_move_jettisoned(driver):
    """A tester's finding: after Undo and Redo of a red hazard's jettison, "Made again: Winston: Jettison module 2
    (S034)" named the card that is module 2 after the move, not the one it jettisoned (S002, as the log said)."""
    from companion.rules import race_to_mars as rm
    from companion.rules.contract import Action
    from tests.rules.test_race_to_mars_helpers import flight, modules
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    s._states[-1] = flight(route=("fuel", "red", "fuel", "fuel"), players={0: dict(modules=modules(
        {"name": "Left", "resource": "fuel"}, {"name": "Middle", "resource": "fuel"},
        {"name": "Right", "storage": 1}))})
    src = lambda i: {"zone": "module", "index": i, "slot": 0}  # noqa: E731
    for i in (0, 1):
        assert s.submit(Action(rm.ADVANCE, {"source": src(i)}, 0)).accepted
    assert s.state.hazards == ("red",)
    d.frame()
    assert d.app.submit(Action(rm.JETTISON_MODULE, {"module": 1}, 0))
    d.tap("Undo")
    assert "Jettison module 2 (Middle)" in d.app.message.text, d.app.message.text
    d.tap("Redo")
    assert "Jettison module 2 (Middle)" in d.app.message.text, d.app.message.text


def test_advance_pays_with_the_pair_that_leaves_the_most_spaces(driver):
    """A tester's finding (Headquarters 1, "two of the same basic resource as an advanced resource"): Advance
    paid Engineering with Fuel + Wild, where Hull + Hull left Fuel and Wild for the two Fuel spaces after it.
    And Pay with... listed "Hull + Wild" and "Wild + Hull" as two ways."""
    from companion.rules import race_to_mars as rm
    from tests.rules.test_race_to_mars_helpers import flight, modules
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    s._states[-1] = flight(route=("engineering", "fuel", "fuel"), players={0: dict(hq=1, modules=modules(
        {"resource": "fuel"}, {"resource": "wild"}, {"resource": "hull"}, {"resource": "hull"}))})
    d.frame()
    d.tap("Advance")
    p = s.state.players[0]
    assert p.pos == 0 and rm.advance_run(s.state, 0)["spaces"] == 2, (p.used, rm.advance_run(s.state, 0))
    d.tap("Undo")
    d.tap("Pay with\u2026")
    labels = [label for label, _ in d.app.dialog.options]
    assert len(labels) == len(set(frozenset(x.split(" + ")) for x in labels)), labels


def test_an_unknown_effect_is_confirmed_in_the_words_it_was_chosen_by(driver):
    """A tester's finding: "Taken on the players' word: S062 did xp 2." (code words) after "Gained 2 Experience"."""
    from companion.rules.contract import Action
    from companion.rules.race_to_mars.model import PLAY_STEP, Crew, CrewCard
    from tests.rules.test_race_to_mars_helpers import flight
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    s._states[-1] = flight(step=PLAY_STEP, players={0: dict(crew=(CrewCard("S062", Crew(other="a mystery")),),
                                                            hand=1, draw=3)})
    d.frame()
    d.app.current_screen().complete(Action("play", {"card": "S062"}, 0))
    d.frame()
    d.tap("Gained 2 Experience")
    assert d.app.message.text == "Taken on the players' word: S062: Gained 2 Experience.", d.app.message.text


def test_a_new_cards_suggested_number_is_replaced_by_the_first_letter_typed(driver):
    """A fresh user's finding: the name field held the suggested "S001" and typing added to it ("S001S001").
    The number is kept if nothing is typed; the first letter typed replaces it, and the delete key clears it."""
    from companion.ui.games.race_to_mars.editor import CardEditor
    d = driver((800, 480))
    new_game(d, 2, first_game=True)
    d.tap("Cards")
    d.tap("New card")
    editor = d.app.screen.editor
    assert editor.name == "S001" and editor.suggested and "S001\u258f" in shown(d)
    for ch in "FUEL7":
        d.tap(f"key {ch}")
    assert editor.name == "FUEL7" and "FUEL7\u258f" in shown(d)
    d.tap("key delete")
    assert editor.name == "FUEL"
    kept = CardEditor("both", lambda card: None, lambda: None, suggestion="S002")
    assert kept.card()["name"] == "S002"  # nothing typed: the number is the name
    kept.delete_char()
    assert kept.name == "" and not kept.suggested
    kept.type_char("X")
    assert kept.name == "X"


def test_a_part_not_entered_is_said_once():
    """A fresh user's finding: a card's info read "Rocket module: Rocket module not entered"."""
    from companion.ui.games.race_to_mars.entry import card_lines
    lines = card_lines({"name": "S009", "crew": {"resources": ["fuel"]}, "trajectory": [["green"]] * 4})
    assert lines[:2] == ["Crew ability: Fuel", "Rocket module not entered"], lines
    assert card_lines({"name": "S010", "module": {"resource": "hull"}})[:2] == [
        "Crew ability not entered", "Rocket module: Resource: Hull"]


@pytest.mark.parametrize("short", [True, False])
def test_a_resource_and_its_count_never_wrap_apart(monkeypatch, short):
    """A tester's finding at 800x480: the "Left:" line wrapped between a resource and its count ("... Hull, Eng"
    then "3" alone on the next line), so the 3 read as an item of its own."""
    import types

    from companion.ui import text
    from companion.ui.games.race_to_mars import facts, panels
    monkeypatch.setattr(facts, "resources_left", lambda state, seat: ["hull", "fuel", "engine", "engine", "engine"])
    pygame.font.init()
    line = panels.resources_line(types.SimpleNamespace(state=None), 0, short=short)
    size = 20
    for w in range(text.width("Left: Hull,", size), text.width(line, size) + 1, 7):
        for wrapped in text.wrap(line, w, size):
            assert not wrapped.lstrip()[:1].isdigit() and not wrapped.lstrip().startswith("x3"), (w, wrapped)


def test_a_2_1_panel_counts_one_card_in_play_as_one_card(driver):
    """A tester read "In play: 1 cards" on a narrow 2.1 panel: a card in play whose name does not fit on one line
    is counted instead, in the singular for one."""
    from companion.ui.widgets import Ui
    d = driver(size=(800, 480))
    new_game(d, 4, first_game=True)
    play_until(d, 3, step_is("play"), limit=12000)
    d.frame()
    screen = d.app.current_screen()
    ui = Ui(d.app.surface, d.app.layout)
    seat = screen.playing()[0]
    screen.paint_facts(ui, pygame.Rect(0, 0, 150, 300), seat, {"hand": 2, "play_area": ["Kepler Deep Space " * 3]})
    drawn = " ".join(t for t, _, _ in ui.texts)
    assert "In play: 1 card" in drawn and "1 cards" not in drawn, drawn


def test_a_rocket_standing_in_a_hazard_shows_the_space_after_it_as_paid(driver):
    """"Hazards": "When you pass through a hazard, you must immediately deal with it before you may continue".
    The step to the space after the hazard is already paid (RM-078) while the rocket stands in it: a tester saw
    the resource gone and the rocket not moved, so that space's chip says "paid" (or "free"), not "+1"."""
    d = driver()
    new_game(d, 2, first_game=True)
    s = d.app.session
    play_until(d, 2, lambda d: d.app.current_screen().name == "turn" and s.state.hazards and s.state.onward,
               limit=4000)
    d.frame()
    seat = s.state.order[s.state.at]
    words = shown(d).split()
    assert ("paid" if s.state.onward[0] else "free") in words and "+1" not in words, words
    for _ in range(5):   # back before the step: no space is said paid
        d.key("back")
        if not s.state.onward:
            break
    assert not s.state.onward and not {"paid", "free"} & set(shown(d).split()), (seat, shown(d))


def test_a_crew_ability_of_many_resources_is_cut_at_a_plus_not_dropped_whole(driver):
    """A tester's finding: a card of four Crew resources read "Crew: …" in the catalogue, nothing before the
    dots. The chain of resources is cut at a "+" ("Crew: Fuel+Wild+…"); the rest is in the card's details."""
    from companion.ui import text
    from companion.ui.games.race_to_mars.entry import fitting_words
    driver()   # the fonts
    line, size = "Crew: Fuel+Wild+Nav+Hull, draw 1", 20
    width = text.width("Crew: Fuel+Wild+\u2026", size) + 1
    assert fitting_words(line, width, size) == "Crew: Fuel+Wild+\u2026"
    assert fitting_words(line, text.width(line, size), size) == line
    whole_chain = "Crew: Fuel+Wild+Nav+Hull \u2026"
    assert fitting_words(line, text.width(whole_chain, size), size) == whole_chain


def test_copy_lane_works_on_the_trajectory_cards_lanes(driver):
    """"Hazards": the green hazard is on the Trajectory card, so each of its lanes opens with it. A lane that
    holds only that (untouched) takes the lane before it with Copy lane, as an empty lane of a Space card does
    (a tester's finding: Copy lane was greyed on every lane of the Trajectory card, each lane typed anew)."""
    d = to_the_trajectory_card(driver((800, 480)))
    editor = d.app.current_screen().editor
    assert editor.lanes[1] == ["green"]
    d.tap("add fuel")
    d.tap("add velocity")
    d.tap("lane 2")
    assert "same as before" in d.names(), d.names()
    d.tap("same as before")
    assert editor.lanes[1] == editor.lanes[0] == ["green", "fuel", "velocity"]
    assert "same as before" not in d.names()      # done: not twice
    d.tap("add hull")
    d.tap("lane 3")
    d.tap("same as before")
    assert editor.lanes[2] == ["green", "fuel", "velocity", "hull"] and editor.lanes[0] == ["green", "fuel", "velocity"]


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_revealed_unknown_starting_card_says_what_a_tap_does(driver, size):
    """"Starting Cards": a revealed Starting card the rulebook does not describe is taken at a tap, and its
    parts are asked when it is used. The entry says so, not "tap to enter what the card shows", which a
    tester read as a promise of a form that never opened (the list went on to the next card)."""
    from companion.rules.race_to_mars import UNKNOWN_STARTING
    d = driver(size)
    new_game(d, 2)
    for hq in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep"):
        d.tap(hq)
    d.tap("Starting card 1")                     # beside the Insight card
    assert UNKNOWN_STARTING in d.names()
    words = shown(d)
    assert "tap to enter" not in words, words
    assert "entered when it is used" in words, words
    seq = d.app.session.seq
    d.tap(UNKNOWN_STARTING)
    assert d.app.session.seq == seq + 1 and d.app.current_screen().editor is None   # taken, nothing asked



def test_a_red_hazard_says_which_modules_resource_is_used_this_turn(driver):
    """"Hazards" (red): "Jettison a Rocket module. This can be any of your modules, even one where you have already
    used the resource ... Unused resources on jettisoned modules are immediately lost". Each module offered says
    whether its resource was used this turn (a tester's finding: nothing told the player which one to give up)."""
    from tests.rules.test_race_to_mars_helpers import flight, modules
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    s._states[-1] = flight(route=("fuel", "red", "fuel", "hull"), players={0: dict(modules=modules(
        {"resource": "fuel", "name": "Tank A"}, {"resource": "fuel", "name": "Tank B"},
        {"resource": "hull", "name": "Plate"}, {"draw": 1, "name": "Pod"}))})
    d.frame()
    d.tap("Advance")
    d.tap("Advance")
    assert [n for n in d.names() if n.startswith("Module ")] == ["Module 1", "Module 2", "Module 3", "Module 4"]
    words = shown(d)
    assert "Tank A: Fuel, used" in words and "Tank B: Fuel, used" in words, words
    assert "Plate: Hull, unused" in words, words
    assert "Pod: draw +1" in words and "Pod: draw +1, " not in words, words   # no resource: nothing said


def test_a_copy_module_offered_to_a_red_hazard_keeps_its_used_or_unused_word(driver):
    """"Hazards" (red) with a Copy module ("The Rocket", Copy): at 800x480 "Copy: Comm, unused" does not fit its
    button; the word the player chooses by ("unused": lost with it) is kept, "Comm, unused", not dropped for
    "Copy: Comm" (found in the Race to Mars screenshot of a hazard)."""
    from tests.rules.test_race_to_mars_helpers import flight, modules
    d = driver((800, 480))
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    s._states[-1] = flight(route=("hull", "red", "hull", "fuel"), players={0: dict(modules=modules(
        {"copy": True, "name": "Sim 023"}, {"resource": "communication", "name": "Sim 029"},
        {"resource": "hull", "name": "Plate A"}, {"resource": "hull", "name": "Plate B"}))})
    d.frame()
    d.tap("Advance")
    d.tap("Advance")
    assert "Module 1" in d.names() and d.app.current_screen().name == "turn"
    texts = [t for t, _, _ in d.app.screen.ui.texts]
    assert sum(t.endswith(", unused") for t in texts) == 2, texts    # the Copy module and the one it copies
    assert sum(t.endswith(", used") for t in texts) == 2, texts      # the two Hull modules paid with


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720), (720, 1280)])
def test_a_refused_start_covers_no_player_row(driver, size):
    """A tester's finding: a refused Start (two players named Anna, "Setup") was said in a box over the first
    player rows, the names that fix it. The box goes under the rows, else over the player count and First game
    beside Start: never over a player's colour, name or Start Player, nor over Start; its section shows."""
    from companion.ui.screens.chrome import message_box
    d = driver(size)
    d.tap("Race to Mars")
    for players in (2, 3, 4):
        d.tap(f"{players} players")
        d.app.current_screen().names[1] = "Anna"
        d.tap("Start")
        assert d.app.message is not None and "Two players are named Anna" in d.app.message.text
        box, _, section = message_box(d.app.layout, d.app)
        assert section is not None and box.contains(section)
        needed = [h for h in d.app.screen.ui.hits if h.label.split(" ")[0] in ("colour", "name", "start", "Start")]
        assert len(needed) == 3 * players + 1
        assert not [h.label for h in needed if h.rect.colliderect(box)], (players, box)
        d.tap("name 2")  # the name that fixes it, reachable with the box shown
        d.tap("key clear")
        d.tap("Done")
