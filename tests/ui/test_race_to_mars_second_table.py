"""What a tester found playing whole Race to Mars games (2 and 4 players) through the running app, each
checked by driving the real app frame by frame: taps on the buttons the screen shows.

Source: shared/rules/race-to-mars.txt ("Starting Cards", "Headquarters", "Phase 2.1: Play Cards").
"""
from __future__ import annotations

import dataclasses

import pytest

from companion.rules import race_to_mars as rm
from companion.rules.contract import Action
from companion.rules.race_to_mars import UNKNOWN_CARD
from companion.rules.race_to_mars.cards import HQ_FREE

from .test_race_to_mars_headquarters_5 import card_option
from .test_race_to_mars_screens import _to_post_launch, driver, new_game  # noqa: F401 (driver: the fixture)


def reveal_with_an_undescribed_card(d, again: bool = False) -> None:
    """A 2-player game (``again``: a new one over the open one) to its Starting card pick: Headquarters 1/2 and
    3/4 kept/returned, Starting card 2 beside the Insight card, then Starting cards 1 and 3 and one the rulebook
    does not describe revealed."""
    if again:
        d.tap("New game")
        d.tap("New game")   # the dialog's: a new game, the open one kept
        if d.app.current_screen().name == "picker":
            d.tap("Race to Mars")
            d.tap("New game")   # not "Resume it"
        d.tap("Start")
    else:
        new_game(d, 2)
    for tap in ("HQ 1", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep", "Starting card 2", "Starting card 1",
                "Starting card 3", "Unknown Starting card"):
        d.tap(tap)


def test_an_undescribed_starting_card_is_asked_again_in_the_next_game(driver):
    """"Unknown card 1" is the name a game gives the first undescribed Starting card revealed: the next
    game's first one is another physical card (there are four, "Starting Cards"). The module entered for it
    in one game is not the next game's: it is asked again, not taken from the catalogue without a word."""
    d = driver()
    reveal_with_an_undescribed_card(d)
    name = f"{UNKNOWN_CARD} 1"
    assert name in d.names()
    d.tap(name)
    d.tap("Attach as module")
    screen = d.app.current_screen()
    assert screen.editor is not None and screen.editor.part == "module"
    d.tap("storage +")
    d.tap("resource fuel")
    d.tap("Save")
    s = d.app.session
    first = s.state.players[1].modules   # the Start Player's right-hand neighbour picks first
    assert [(m.name, m.storage, m.resource) for m in first] == [(name, 1, "fuel")]
    assert name not in d.app.catalogue("starting").names()

    d.app.catalogue("starting").add({"name": name, "module": {"storage": 1, "resource": "fuel"}}, replace=True)
    # a catalogue kept by the app before this fix holds the first game's entry under the name
    reveal_with_an_undescribed_card(d, again=True)
    assert name in d.names()
    d.tap(name)
    d.tap("Attach as module")
    screen = d.app.current_screen()
    assert screen.editor is not None and screen.editor.part == "module"   # asked, not the first game's
    d.tap("protection red")
    d.tap("Save")
    assert [(m.name, m.storage, m.protection) for m in d.app.session.state.players[1].modules] == [
        (name, 0, "red")]


def test_new_card_is_greyed_where_the_leftover_starting_card_is_one_of_the_two_revealed(driver):
    """Headquarters 8 added a Starting card: the last to pick chooses which of the two leftovers joins the
    Insight row ("Headquarters"). New card is greyed there, as at a pick: it opened the card editor, and the
    card entered was refused at Save ("not among the revealed Starting cards") after it was typed, and kept in
    the catalogue all the same. Its tap says why, with the section."""
    d = driver()
    new_game(d, 2)
    for tap in ("HQ 8", "HQ 1", "Keep", "HQ 2", "HQ 3", "Keep", "Starting card 2", "Starting card 1",
                "Starting card 3", "Starting card 4", "Starting card 1", "Recruit to Crew deck", "Add a card",
                "Unknown Starting card", "Starting card 3", "Recruit to Crew deck"):
        d.tap(tap)
    screen = d.app.current_screen()
    assert screen.stage() == "leftover"
    assert "New card" not in d.names() and "New card (why not?)" in d.names()
    d.tap("New card (why not?)")
    assert screen.editor is None
    m = d.app.message
    assert m is not None and "not among the revealed Starting cards" in m.text and m.rule.endswith("Starting Cards")
    assert d.app.catalogue("starting").names() == ["Starting card 1", "Starting card 2", "Starting card 3",
                                                   "Starting card 4"]
    d.tap("Starting card 4")
    assert d.app.session.state.step == "pre-launch"


def _round_13_headquarters_5_recruits(d) -> None:
    """Rounds 1-12 by real moves: Anna (Headquarters 5) recruits cards A1... (only their Crew ability entered in
    the game, as a pick asks) and attaches B1, the catalogue holding every part of them; Winston recruits."""
    s = d.app.session
    s.new_game("race-to-mars", {"players": [{"name": "Anna", "colour": "red"}, {"name": "Winston", "colour": "blue"}],
                                "first_game": True, "seed": 1})
    p = s.state.players[0]
    s._states[-1] = dataclasses.replace(s.state, players=(dataclasses.replace(p, hq=HQ_FREE),) + s.state.players[1:])
    cat = d.app.catalogue("space")
    k = 0
    while len(s.state.slots) < 12:
        seat = rm.to_act(s.state).seats[0]
        if s.state.step == "leftover":
            card = {"name": f"T{len(s.state.slots) + 1}", "trajectory": [["fuel", "hull"]] * 4}
            assert s.submit(Action(rm.LEFTOVER, {"card": card}, seat)).accepted
            continue
        k += 1
        if seat == 0:
            name, place = ("B1", "module") if k == 1 else (f"A{k}", "crew")
            whole = {"name": name, "crew": {"resources": ["fuel"], "draw": 1}, "module": {"resource": "velocity"}}
            cat.add(whole, replace=True)
            action = Action(rm.PICK, {"card": {"name": name, place: whole[place]}, "place": place}, seat)
        else:
            action = Action(rm.PICK, {"card": {"name": f"W{k}", "crew": {"resources": ["hull"]}}}, seat)
        assert s.submit(action).accepted
    while rm.to_act(s.state).seats[0] != 0:
        seat = rm.to_act(s.state).seats[0]
        assert s.submit(Action(rm.PICK, {"card": {"name": f"W{k}x", "crew": {"resources": ["hull"]}}}, seat)).accepted
    d.frame()


@pytest.mark.timeout(60)
def test_headquarters_5_moves_a_card_into_the_rocket_with_its_rocket_module(driver):
    """Headquarters 5 ("you may move cards freely between your Crew deck and your rocket ... until you launch"):
    a recruited card put in the rocket at launch is a Rocket module with the module printed on it (the
    catalogue's), and an attached card put in the Crew deck has its Crew ability: both became "not entered"
    (a Velocity module gave no Velocity in 2.2). A launch too heavy is greyed, its tap gives the rule, and the
    rocket chosen so far stays."""
    d = driver((800, 480))
    _round_13_headquarters_5_recruits(d)
    s = d.app.session
    anna = s.state.players[0]
    recruited = [c.name for c in anna.crew]
    assert [m.name for m in anna.modules] == ["B1"] and len(recruited) >= 6
    d.tap("Launch!")
    assert d.app.dialog.lines[0].startswith("Rocket, top first: B1")
    d.tap("Start over")
    for name in recruited[:5]:
        d.tap(card_option(d, name))   # its name and what it is (Headquarters 5's dialog)
    assert "Launch (why not?)" in d.names()
    d.tap("Launch (why not?)")
    assert d.app.message is not None and d.app.message.rule.endswith("Launching the Rocket")
    assert not s.state.players[0].launched
    d.tap("Launch!")   # the rocket chosen so far, not chosen again from the start
    assert d.app.dialog.lines[0].startswith(f"Rocket, top first: {', '.join(recruited[:5])} \u00b7")
    d.tap("Start over")
    d.tap(card_option(d, recruited[0]))
    d.tap("Launch")
    anna = s.state.players[0]
    assert anna.launched
    assert [(m.name, m.resource, m.other) for m in anna.modules] == [(recruited[0], "velocity", "")]
    b1 = next(c for c in anna.crew if c.name == "B1")
    assert b1.crew.resources == ("fuel",) and b1.crew.draw == 1 and not b1.crew.other


@pytest.mark.timeout(60)
def test_headquarters_5_start_over_is_on_the_launch_dialogs_first_page(driver):
    """The Headquarters 5 rocket opens with the modules attached before (Anna's B1): taking them out of it
    (Headquarters 5: "move cards freely") is Start over, beside Launch on the first page; it was after every
    card, a More… away."""
    d = driver((800, 480))
    _round_13_headquarters_5_recruits(d)
    s = d.app.session
    anna = s.state.players[0]
    more = tuple(rm.model.CrewCard(f"C{k}", rm.model.Crew(("hull",))) for k in range(6))   # 13 cards in all
    s._states[-1] = dataclasses.replace(s.state, players=(dataclasses.replace(anna, crew=anna.crew + more),)
                                        + s.state.players[1:])
    d.frame()
    d.tap("Launch!")
    assert d.app.dialog.lines[0].startswith("Rocket, top first: B1")
    assert "More\u2026" in d.names() and "Start over" in d.names()
    d.tap("Start over")
    assert d.app.dialog.lines[0].startswith("Rocket: no module yet")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_play_a_card_dialog_says_its_page_and_goes_back_to_the_first(driver, size):
    """2.1's "plays which card?" lists every Crew card the player may hold, a dozen at launch: 3 a page at
    800x480. The title says which page of how many ("(2 of 4)"), and the last page goes back to the first
    ("First page"): a card passed by was a Cancel, Play a card and every More… again away."""
    d = driver(size)
    new_game(d, 2, first_game=True)
    _to_post_launch(d.app.session, {"crew": {"resources": ["fuel", "hull"], "draw": 1}}, anna="Crew member {n}")
    d.frame()
    d.tap("Anna: play")
    first = d.app.dialog
    assert first.title.startswith("Anna plays which card?")
    pages = int(first.title.rsplit("\u00a0of\u00a0", 1)[1].rstrip(")"))   # one line: no space to break at
    assert first.title.endswith(f"(1\u00a0of\u00a0{pages})") and pages >= 2
    first_cards = [label for label, _ in first.options if label not in ("More\u2026", "First page")]
    for k in range(2, pages + 1):
        d.tap("More\u2026")
        assert d.app.dialog.title.endswith(f"({k}\u00a0of\u00a0{pages})")
    assert "More\u2026" not in d.names() and "First page" in d.names() and "Cancel" in d.names()
    d.tap("First page")
    assert d.app.dialog.title.endswith(f"(1\u00a0of\u00a0{pages})")
    assert [label for label, _ in d.app.dialog.options if label != "More\u2026"] == first_cards
    d.tap(first_cards[0])
    assert d.app.dialog is None and d.app.session.state.players[0].play


def test_portrait_pre_launch_panels_keep_the_crew_deck_and_the_launch_in_sight(driver):
    """Portrait, four players: the panels are a 2x2 grid, short on the 2.1 and 2.2 screens. A Pre-launch
    player's launch ("needs 14": "Launching the Rocket"; "Launch ready") was left out beside "Crew 7" (a
    cell too wide for the row left, its second row taken by the rocket's line). They are shown, smaller and
    closer where the big size has no room."""
    from companion.rules.race_to_mars.model import Crew, CrewCard, Module
    from companion.ui.games.race_to_mars.panels import player_panels
    from companion.ui.widgets import Ui
    import pygame
    d = driver((480, 800))
    new_game(d, 4, first_game=True)
    s = d.app.session
    st = s.state
    anna, daniel = st.players[0], st.players[2]
    crew = tuple(CrewCard(f"C{k}", Crew(("fuel",))) for k in range(7))
    anna = dataclasses.replace(anna, crew=crew, modules=tuple(Module(k, f"M{k}", resource="hull") for k in range(7)))
    daniel = dataclasses.replace(daniel, crew=crew[:6], modules=(Module(9, "M9", resource="hull"),))
    slots = tuple(((("fuel",),) * 4) for _ in range(12))   # every trajectory card placed: launching may be ready
    s._states[-1] = dataclasses.replace(st, players=(anna, st.players[1], daniel, st.players[3]), slots=slots,
                                        slot_names=tuple(f"T{k}" for k in range(12)))
    d.frame()
    ui = Ui(d.app.surface, d.app.layout)
    grid = pygame.Rect(6, 130, 468, 258)   # the 2.1 and 2.2 screens' panels at 480x800
    player_panels(ui, grid, d.app, s.state)
    cells = {}
    for t, drawn, box in ui.texts:
        for k, r in enumerate((pygame.Rect(6, 130, 231, 125), pygame.Rect(243, 130, 231, 125),
                               pygame.Rect(6, 263, 231, 125), pygame.Rect(243, 263, 231, 125))):
            if r.contains(drawn):
                cells.setdefault(k, []).append(t)
    assert "needs" in cells[0] and "14" in cells[0] and "7" in cells[0], cells[0]
    assert "Launch" in cells[2] and "ready" in cells[2], cells[2]


def test_an_undescribed_leftover_starting_card_says_so_whole(driver):
    """The leftover Starting cards for the Insight row (Headquarters 8): an undescribed one's tile said "not
    described: the table's …", cut at 800x480. Its words are whole, in fewer where the tile is narrow."""
    d = driver()
    new_game(d, 2)
    for tap in ("HQ 8", "HQ 1", "Keep", "HQ 2", "HQ 3", "Keep", "Starting card 2", "Starting card 1",
                "Starting card 3", "Unknown Starting card", "Starting card 1", "Recruit to Crew deck", "Add a card",
                "Starting card 4", "Starting card 3", "Recruit to Crew deck"):
        d.tap(tap)
    assert d.app.current_screen().stage() == "leftover"
    said = [t for t, _, _ in d.app.screen.ui.texts if "rulebook" in t or "described" in t]
    assert said and not any("\u2026" in t for t in said), said


def test_the_headquarters_4_pick_is_said_whole_with_a_long_name(driver):
    """Headquarters 4's second pick ("You get to pick an additional one once everyone has picked"): with a
    16-letter name the heading was cut, "O'Brien Mc-Donal picks one more Starting card (Headquarter…"; a
    shorter wording is whole."""
    d = driver()
    d.tap("Race to Mars")
    d.tap("name 1")
    d.tap("key clear")
    for k in "O'BRIEN MC-DONAL":
        d.tap("key space" if k == " " else f"key {k}")
    d.tap("Done")
    d.tap("start 2")
    d.tap("Start")
    for tap in ("HQ 5", "HQ 8", "Keep", "HQ 4", "HQ 2", "Keep", "Starting card 3", "Starting card 1",
                "Starting card 2", "Starting card 4", "Unknown Starting card", "Starting card 1",
                "Recruit to Crew deck", "Starting card 2", "Recruit to Crew deck"):
        d.tap(tap)
    head = d.app.current_screen().headline()
    assert "one more Starting card" in head
    drawn = [t for t, _, _ in d.app.screen.ui.texts if "one more" in t.casefold()]
    assert drawn and not any("\u2026" in t for t in drawn), drawn


def test_headquarters_5_asks_a_picked_card_whole(driver):
    """Headquarters 5 ("you may move cards freely between your Crew deck and your rocket"): a card Recruited
    may go into the rocket at launch, an Attached one into the Crew deck, so a pick asks both its Crew ability
    and its Rocket module (a catalogue card lacking one is asked it); the launch takes the part from there.
    Only the part used was asked, so a card moved across at launch was "not entered"."""
    d = driver()
    new_game(d, 2)
    for tap in ("HQ 5", "HQ 2", "Keep", "HQ 3", "HQ 4", "Keep", "Starting card 2", "Starting card 1",
                "Starting card 3", "Starting card 4", "Starting card 1", "Recruit to Crew deck", "Starting card 3",
                "Recruit to Crew deck"):
        d.tap(tap)
    s = d.app.session
    assert s.state.step == "pre-launch" and s.game.to_act(s.state).seats == (0,)   # Anna, Headquarters 5
    cat = d.app.catalogue("space")
    cat.add({"name": "HALF", "crew": {"resources": ["fuel"]}}, replace=True)   # entered for a recruit, once
    d.tap("Recruit to Crew deck")
    screen = d.app.current_screen()
    assert "Anna recruits to the Crew deck" in screen.headline()
    d.tap("HALF")
    assert screen.editor is not None and screen.editor.current() == "crew_res" and "module" in screen.editor.pages
    d.tap("Next")
    d.tap("Next")
    d.tap("resource velocity")
    d.tap("Save")
    d.tap("Card 1 of 3")   # which of the revealed places it was taken from ("Phase 1.1: Pick a Card")
    assert cat.get("HALF") == {"name": "HALF", "crew": {"resources": ["fuel"]}, "module": {"resource": "velocity"}}
    assert [c.name for c in s.state.players[0].crew][-1] == "HALF"
    # Winston (no Headquarters 5) is asked only the part he uses
    d.tap("Recruit to Crew deck")
    d.tap("New card")
    assert d.app.current_screen().editor.pages == ("name", "crew_res", "crew_fx")


def test_portrait_the_acting_players_panel_keeps_the_hand_in_sight(driver):
    """Portrait, four players: the acting Post-launch player's panel showed "to Mars" and "XP" only, not the
    hand that 2.3's exchange and 2.5's keep are about. Its first four numbers (to Mars, XP, Hand, Boosts) are
    always shown, smaller where the panel is short."""
    from companion.rules.race_to_mars.rocket import build_routes
    from companion.ui.games.race_to_mars.panels import player_panels
    from companion.ui.widgets import Ui
    import pygame
    d = driver((480, 800))
    new_game(d, 4, first_game=True)
    s = d.app.session
    st = s.state
    slots = tuple(((("fuel",),) * 4) for _ in range(12))
    st = dataclasses.replace(st, slots=slots, slot_names=tuple(f"T{k}" for k in range(12)))
    st = dataclasses.replace(st, routes=build_routes(st))
    winston = dataclasses.replace(st.players[1], launched=True, hand=3, boosts=2, pos=0)
    s._states[-1] = dataclasses.replace(st, players=(st.players[0], winston) + st.players[2:])
    d.frame()
    ui = Ui(d.app.surface, d.app.layout)
    grid = pygame.Rect(6, 130, 468, 258)   # the 2.2 to 2.5 screens' panels at 480x800
    player_panels(ui, grid, d.app, s.state, (1,))
    mine = [t for t, drawn, _ in ui.texts if pygame.Rect(243, 130, 231, 125).contains(drawn)]
    assert "Post-launch" in mine and "Hand" in mine and "3" in mine and "Boosts" in mine, mine
