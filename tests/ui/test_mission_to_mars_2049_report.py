"""Mission to Mars 2049 through the screen: a newcomer's report after a whole
3-player game (the move buttons covering "I'm done!", a Station destroyed by
one tap, the newest event hidden, no sign of the Road, no reason for a move
that is not offered, words, option order, cut titles, tokens summed, no reset
of the die faces). Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pygame
import pytest

from companion.catalogue import Catalogues
from companion.rules.contract import Event
from companion.rules.mission_to_mars_2049.model import replace, set_colony, with_map
from companion.ui import text
from companion.ui.driver import Driver

from .helpers import assert_no_overlaps
from .readable import check_sizes

SIZES = [(800, 480), (1280, 720), (720, 1280)]


@pytest.fixture
def driver(session, tmp_path):
    def make(size=(800, 480), players=3, hands_hidden=False, points_49=False):
        pygame.display.init()
        pygame.display.set_mode(size)
        d = Driver(session, Catalogues(tmp_path), size)
        d.tap("Mission to Mars 2049")
        d.tap(f"{players} players")
        if hands_hidden:
            d.tap("Hands")
        if points_49:   # the optional 49-point victory (5.0)
            d.tap("49-point victory")
        d.tap("Start")
        return d
    yield make
    pygame.display.quit()


def put(d, state, events=()):
    """Show ``state`` (built for the test) as the session's current state."""
    d.app.session._states[-1] = state
    if events:
        d.app.recent = list(events)
    d.frame()
    return state


def colony(state, seat, **changes):
    c = state.colonies[seat]
    c = with_map(c, **changes) if {"stations", "bases"} & set(changes) else replace(c, **changes)
    return set_colony(state, seat, c)


def busy(state):
    """Red's main phase with every kind of move: after an Air roll, rich, tokens, Mission Cards held,
    Blue and Green holding Air to change off turn."""
    state = colony(state, 0, cards=(20, 20, 20), tok3=(1, 1, 1), roads=3, peaceful=1, aggressive=1, bases=4)
    state = colony(state, 1, cards=(9, 4, 4))
    state = colony(state, 2, cards=(5, 4, 4))
    return replace(state, phase="main", current=0, produced=0, face=1, turn=12)


def hit(d, name):
    return next(h for h in d.app.screen.ui.hits if h.label == name)


@pytest.mark.parametrize("size", SIZES)
def test_im_done_overlaps_no_button_with_the_most_moves(driver, size):
    """Report 1: with every move offered, no move button reaches under "I'm done!", and every button
    is whole on the screen; the rare moves, and the Game Bank's count in words, are behind More."""
    d = driver(size)
    put(d, busy(d.app.state))
    hits = d.app.screen.ui.hits
    done = hit(d, "I'm done").rect
    others = [h for h in hits if h.label != "I'm done"]
    assert not [h.label for h in others if h.rect.colliderect(done)]
    screen = pygame.Rect(0, 0, *size)
    assert all(screen.contains(h.rect) for h in hits), [h.label for h in hits if not screen.contains(h.rect)]
    names = d.names()
    for title in ("Base", "Station", "Laboratory", "Trade", "Buy Mission", "More"):
        assert title in names
    assert "Bank ran out" not in names and "Cards \u2192 token" not in names  # behind More / in Tokens
    assert_no_overlaps(d, f"the busiest turn at {size}")
    check_sizes(d, f"the busiest turn at {size}", key_texts=None)
    d.tap("More")
    assert d.app.dialog.lines[0].startswith("The Game Bank holds")


def test_the_tokens_button_changes_both_ways_and_names_who_may(driver):
    """Report 1 and 8: one Tokens button for cards -> token and back; its line names everyone who may
    change (Red on her turn, Blue and Green off turn: F.A.Q. Q.7)."""
    d = driver()
    put(d, busy(d.app.state))
    tokens = [t for t, _, _ in d.app.screen.ui.texts]
    assert "everyone" in tokens and "Red & 2 more" not in tokens, tokens  # all three may: said so (a tester)
    d.tap("Tokens")
    assert d.app.dialog.title == "Tokens: who?"
    d.tap("Red")
    assert [label for label, _ in d.app.dialog.options] == ["Cards \u2192 token", "Token \u2192 cards"]


def test_a_base_over_a_station_is_its_own_choice_and_asks_before_removing(driver):
    """Report 2: Q.2 ("blocked myself and now I have nowhere to build my second Base ... You are allowed
    to build a Base over any Resource Station you own") beside 3.6.2 ("Always build new bases next to each
    other"): a free spot is the first choice; over a Station is a separate one, each Station named once,
    and nothing is removed before "This removes your ... with no refund: sure?"."""
    d = driver()
    s = colony(busy(d.app.state), 0, bases=2, stations=((0, 0, 1), (1, 0, 1), (2, 0, 1), (0, 0, 2), (0, 0, 2),
                                                         (2, 0, 2)), supply=(2, 4, 3))
    put(d, s)
    d.tap("Base")
    assert d.app.dialog.title == "Base 3: where?"
    assert [label for label, _ in d.app.dialog.options] == ["Base 3 on a free spot", "Over my own Station\u2026"]
    d.tap("Over my own Station\u2026")
    labels = [label for label, _ in d.app.dialog.options]
    # the two Air Stations at Base 2 are one choice; those at Base 1 are not next to Base 3's spot (3.6.2)
    assert labels == ["Air Station at Base 2", "Mineral Station at Base 2"]
    d.tap("Air Station at Base 2")
    assert d.app.dialog.title == "This removes your Air Station at Base 2 with no refund: sure?"
    assert d.app.state.colonies[0].bases == 2  # not yet
    d.tap("Yes, Base 3 over it")
    c = d.app.state.colonies[0]
    assert c.bases == 3 and c.stations.count((0, 0, 2)) == 1 and len(c.stations) == 5


def test_a_base_over_a_station_built_this_turn_says_its_price_comes_back(driver):
    """Q.2 withholds the refund only "if you have done this on one of your previous turns": a tester built a
    Food Station at Base 3 and then Base 4 over it in the same turn, and the question said "with no refund".
    Now it says the 2 Air, 2 Minerals come back, and they do."""
    d = driver()
    s = colony(busy(d.app.state), 0, bases=3, cards=(3, 3, 3), stations=((0, 0, 1), (1, 0, 1), (2, 0, 1),
                                                                       (1, 0, 3)), supply=(4, 3, 4))
    s = replace(s, fresh=((1, 3),))
    put(d, s)
    d.tap("Base")
    d.tap("Over my own Station\u2026")
    d.tap("Food Station at Base 3")
    assert d.app.dialog.title == ("This removes your Food Station at Base 3, built this turn: its 2 Air, "
                                  "2 Minerals come back. Sure?")
    d.tap("Yes, Base 4 over it")
    c = d.app.state.colonies[0]
    assert c.bases == 4 and c.cards == (2, 0, 2)


def test_a_cost_refusal_opens_the_building_costs_table_whole(driver):
    """A tester: "A Base costs 3 Air, 3 Food, 3 Minerals: 1 Food, 1 Minerals short" → "§ 3.6 ›" showed 3.6's
    first 8 lines and never the "Building Costs (as printed on the player sheet):" table. Its "§" now opens
    that line and the table's 10 rows (header and 9 prices), whole; 3.6 cited alone stays 8 lines."""
    from companion.ui.screens.chrome import rule_paragraph, section_labels
    d = driver()
    put(d, colony(busy(d.app.state), 0, cards=(3, 2, 2), tok3=(0, 0, 0), bases=2))
    d.tap("Base (why not?)")
    m = d.app.message
    assert "1 Food, 1 Minerals short" in m.text
    assert "\u00a7 Building Costs \u203a" in section_labels(m.rule)
    lines = rule_paragraph(m.rule)
    assert lines[0] == "Building Costs (as printed on the player sheet):" and len(lines) == 11, lines
    assert lines[1] == "Item \u2014 Cost" and "Base \u2014 3 Air, 3 Food, 3 Minerals" in lines
    assert lines[-1] == "H2O Station \u2014 8 Air, 8 Food, 8 Minerals"
    assert len(rule_paragraph("mission-to-mars-2049.txt, 3.6 How does building work?")) == 8
    road = rule_paragraph("mission-to-mars-2049.txt, 3.10 What do I need a Road for?, 3.10.3 / 3.6 How does "
                          "building work?, Building Costs")
    assert road[0].startswith("\u2022 3.10.3") and road[-2] == "Road to H2O Station \u2014 3 Road cards"


def test_base_with_a_free_spot_only_builds_at_once(driver):
    d = driver()
    put(d, colony(busy(d.app.state), 0, stations=(), supply=(5, 5, 5)))
    d.tap("Base")
    assert d.app.dialog is None and d.app.state.colonies[0].bases == 5


@pytest.mark.parametrize("size", SIZES)
def test_the_newest_event_is_shown_first_and_whole(driver, size):
    """Report 3: with more events than room, the newest is drawn first, whole where its box holds it
    (at 800x480 with every move offered, it holds two lines: the moves keep their places, see
    test_a_long_event_leaves_every_move_in_its_place, and the line ends in "…"); a tap shows them all."""
    d = driver(size)
    old = [Event("x", f"Older event number {i} with a few words to wrap it over the line") for i in range(12)]
    newest = Event("build", "Red builds the Road through the polar ice cap, and this line is long enough to "
                   "wrap over two lines or three")
    cuts = text.STATS["cut"]
    put(d, busy(d.app.state), old + [newest])
    texts = d.app.screen.ui.texts
    words = [t for t, _, box in texts if t and t.split()[0] in ("Red", "Older", "builds")]
    joined = " ".join(t for t, _, _ in texts)
    assert newest.text.split(" and ")[0].split()[0] == words[0].split()[0]
    if size == (800, 480):
        assert "Red builds the Road through the polar ice cap" in joined and "lines or\u2026" in joined
        assert "Older" not in joined
    else:
        assert all(w in joined for w in newest.text.split())
        assert text.STATS["cut"] == cuts
    d.tap("This turn")
    assert d.app.dialog.lines[0] == newest.text


def test_the_road_shows_on_the_panel_and_the_details_say_all_five_bases(driver):
    """Report 4: the Road is on the panel; the details give the H2O Station's needs (3.12.2) and say
    "all 5 Bases built" instead of "out of reach"."""
    d = driver()
    s = colony(busy(d.app.state), 0, bases=5, road=True, roads=0, cards=(3, 3, 3), tok3=(0, 0, 0))
    put(d, s)
    assert any(t.startswith("5 Bases \u00b7 Road") for t, _, _ in d.app.screen.ui.texts)
    d.tap("Red")
    lines = d.app.dialog.lines
    assert "Next Base: all 5 Bases built" in lines
    assert "Road: built" in lines
    assert "H2O: needs 5 Bases + Road + 8/8/8 (has 5 Bases, the Road, 3/3/3)" in lines


def test_a_disabled_road_button_says_why_with_its_section(driver):
    """Report 5: 3 Road cards and 4 Bases: Road is drawn disabled and its tap gives 3.10.2; with the
    Road built, H2O Station says what it costs; NEXT during a Robbery cites 3.4.1."""
    d = driver()
    put(d, busy(d.app.state))
    assert "Road" not in d.names()
    d.tap("Road (why not?)")
    assert "Base 5" in d.app.message.text and "3.10.2" in d.app.message.rule


def test_the_road_refusal_shows_both_rules_that_make_it_base_5(driver):
    """A tester with 1 Base: "The Road is built from your fifth Base; you have 1 (3.10.2)", and "§" opened
    3.10.2 "Build a Road from your last Base...", which reads as allowed. The refusal cites 3.12.2 too ("you
    need to have already built 5 bases ... and a polar Road"), its button names both, and the dialog shows
    both points."""
    from companion.ui.screens.chrome import rule_paragraph, section_labels
    d = driver()
    put(d, colony(busy(d.app.state), 0, bases=1))
    d.tap("Road (why not?)")
    m = d.app.message
    assert "Base 5" in m.text and "you have 1 Base" in m.text
    lines = rule_paragraph(m.rule)
    assert len(lines) == 2 and lines[0].startswith("\u2022 3.10.2 Build a Road from your last Base"), lines
    assert lines[1].startswith("\u2022 3.12.2 To build an H2O Station you need to have already built 5 bases")
    assert "\u00a7 3.10.2 / 3.12.2 \u203a" in section_labels(m.rule)
    put(d, colony(busy(d.app.state), 0, bases=5, road=True, cards=(2, 2, 2), tok3=(0, 0, 0)))
    d.tap("H2O Station (why not?)")
    assert "8 Air" in d.app.message.text and "3.6" in d.app.message.rule
    put(d, replace(busy(d.app.state), phase="rob", rob_left=1, produced=-1))
    d.tap("I'm done (why not?)")
    assert "Everything the die demands is done first" in d.app.message.text
    assert "3.4.1" in d.app.message.rule
    d.key("next")
    assert "3.4.1" in d.app.message.rule


def test_buy_mission_shows_the_price_and_asks_the_footer_clearly(driver):
    """Report 6: the pile's price (MISSION_COST) and "Does its footer say “Play immediately!”?"."""
    d = driver()
    put(d, colony(busy(d.app.state), 0, cards=(3, 1, 0), tok3=(0, 0, 0)))
    assert "3 Air, 1 Food" in [t for t, _, _ in d.app.screen.ui.texts]  # not "Peaceful, no, keep it"
    put(d, busy(d.app.state))
    d.tap("Buy Mission")
    assert [label for label, _ in d.app.dialog.options] == ["Peaceful: 3 Air, 1 Food",
                                                            "Aggressive: 1 Air, 3 Minerals"]
    d.tap("Aggressive: 1 Air, 3 Minerals")
    assert d.app.dialog.title.endswith("draw the top card. Does its footer say \u201cPlay immediately!\u201d?")
    assert [label for label, _ in d.app.dialog.options] == ["No: keep it in hand", "Yes: play it now"]


def test_trade_options_keep_the_rules_order(driver):
    """Report 7: "get which?" lists Air, Food, Minerals, Road card whatever can be given."""
    d = driver()
    orders = []
    for cards in ((20, 20, 20), (0, 20, 20), (0, 0, 20)):
        put(d, colony(busy(d.app.state), 0, cards=cards, tok3=(0, 0, 0), roads=0))
        d.tap("Trade")
        orders.append([label for label, _ in d.app.dialog.options])
        d.app.close_dialog()
        d.frame()
    assert orders[0] == ["Air", "Food", "Minerals", "Road card"]
    assert orders[1] == ["Air", "Food", "Minerals", "Road card"]
    assert orders[2] == ["Air", "Food", "Road card"]


@pytest.mark.parametrize("size", SIZES)
def test_the_roll_off_and_the_panels_are_never_cut(driver, size):
    """Report 8: "Blue rolls for the fi…"; tokens shown apart from the cards ("5+3t")."""
    d = driver(size, players=3)
    cuts = text.STATS["cut"]
    d.roll(2)  # Red rolls Food: Blue rolls next
    d.frame()
    s = colony(d.app.state, 1, tok3=(1, 0, 0))
    put(d, s)
    assert text.STATS["cut"] == cuts, sorted(set(text.CUTS))
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert "+3t" in shown


def test_the_die_faces_can_be_set_back_to_the_default(driver, session, tmp_path):
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    d = Driver(session, Catalogues(tmp_path), (800, 480))
    d.tap("Mission to Mars 2049")
    d.tap("face 1")
    d.tap("face 3")
    assert d.app.current_screen().faces[0] != "air"
    d.tap("Default faces")
    assert tuple(d.app.current_screen().faces) == ("air", "food", "minerals", "robbery", "discovery", "skip")


@pytest.mark.parametrize("size", SIZES)
def test_the_bank_is_on_the_turn_screen(driver, size):
    """MM-013, MM-014 (2.1 The Game Bank): the bank's cards of each kind, one line on the turn screen,
    whole, as the rules count them."""
    d = driver(size)
    cuts = text.STATS["cut"]
    s = put(d, busy(d.app.state))
    b = s.bank
    line = f"Bank: A {b[0]} \u00b7 F {b[1]} \u00b7 M {b[2]} \u00b7 R {b[3]}"
    assert line in [t for t, _, _ in d.app.screen.ui.texts]
    assert text.STATS["cut"] == cuts
    assert_no_overlaps(d, f"the bank line at {size}")


def test_productivity_is_offered_off_turn_without_a_touch_more_for_the_player_whose_turn_it_is(driver):
    """MM-093, MM-145 (4.1 Productivity Mission: "Play at any time you wish"; MA-21): on Red's turn, Blue,
    who holds a Peaceful card, has a Productivity button naming him; Red's Play Mission asks Red's own
    cards at once (no "who?"); Blue's play leaves Red's turn as it was."""
    d = driver()
    s = busy(d.app.state)
    s = colony(replace(s, pile=(13, 15)), 1, peaceful=1, cards=(2, 2, 2))
    put(d, s)
    button = hit(d, "More")  # at 800x480 it does not fit: behind More, which says so and keeps its place
    assert "Productivity" in [t for t, _, box in d.app.screen.ui.texts if button.rect.contains(box)]
    d.tap("Play Mission")
    assert d.app.dialog.title == "Play Mission (Red): which card?"  # no "who?" first
    d.app.close_dialog()
    d.frame()
    d.tap("More")
    d.tap("Productivity")
    assert d.app.dialog.title == "Productivity (Blue): which resource?"
    d.tap("Minerals (+1)")  # its yield beside it (a second tester)
    after = d.app.state
    assert after.colonies[1].cards == (2, 2, 3) and after.colonies[1].peaceful == 0
    assert after.phase == "main" and after.current == 0 and not after.played


def test_productivity_is_offered_while_a_roll_is_awaited(driver):
    """MM-093, MM-145 (MA-21: "before or after the roll"): the faces stay, and a Productivity button above
    them lets Blue play it before Red rolls (Red, whose roll it is, plays hers with Play Mission after it:
    the button names only the players whose turn it is not)."""
    d = driver()
    s = busy(d.app.state)
    s = colony(replace(s, pile=(13, 15), phase="roll", produced=-1, face=0), 1, peaceful=1)
    put(d, s)
    assert d.app.expect() is not None and "Productivity" in d.names()
    assert_no_overlaps(d, "Productivity above the faces")
    d.tap("Productivity")
    assert d.app.dialog.title == "Productivity (Blue): which resource?"  # not Red, whose turn it is
    d.tap("Air (+1)")  # its yield beside it (a second tester)
    assert d.app.state.phase == "roll" and d.app.state.colonies[1].peaceful == 0


@pytest.mark.parametrize("size", SIZES)
def test_a_long_event_leaves_every_move_in_its_place(driver, size):
    """The moves are "a fixed set of buttons in fixed places" (README): the bank running out (Q.4), said
    in eight lines, takes no move's place and sends none behind More; its start is shown in whole sentences,
    "… (tap for the rest)", and a tap on "This turn" shows it whole."""
    d = driver(size)
    state = put(d, busy(d.app.state), [Event("done", "Blue is done.")])
    before = {h.label: tuple(h.rect) for h in d.app.screen.ui.hits}
    cuts = text.STATS["cut"]
    long = ("The bank has run out of Food cards: everyone changes at least half of theirs into Resource Tokens "
            "(Q.4). " + "; ".join(f"{c} changes 6 Food cards into 2 (3) tokens" for c in ("Red", "Blue", "Green")))
    put(d, state, [Event("bank_out", long)])
    after = {h.label: tuple(h.rect) for h in d.app.screen.ui.hits}
    moves = ("Base", "Station", "Laboratory", "Trade", "Buy Mission", "More", "I'm done")
    assert {m: after.get(m) for m in moves} == {m: before[m] for m in moves}
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert shown.index("Base") > 0
    assert any(t.endswith("(tap for the rest)") for t in shown) or any(t.endswith("tokens") for t in shown), shown
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]  # nothing cut
    d.tap("This turn")
    assert d.app.dialog.lines[0] == long


def test_the_h2o_line_counts_bases_in_words():
    """A fresh tester read "(has 1 Bases, ...)" in a player's dialog (3.12.2 H2O Station)."""
    from companion.ui.games.mission_to_mars_2049.panels import h2o_line
    p = {"value": {"air": 5, "food": 3, "minerals": 9}, "road_active": False, "road": False}
    assert h2o_line({**p, "bases": 1}) == "H2O: needs 5 Bases + Road + 8/8/8 (has 1 Base, no Road, 5/3/9)"
    assert "(has 4 Bases, no Road" in h2o_line({**p, "bases": 4})


def test_the_armageddon_warning_comes_before_the_top_card_is_drawn(driver):
    """6.0.2 for the leader buying an Aggressive Mission: said with the question that has the card drawn (Cancel
    still can), not after the buy, when it could stop nobody (a tester's finding)."""
    d = driver()
    put(d, busy(d.app.state))  # Red's Base 4 is the closest to the North Pole
    d.tap("Buy Mission")
    d.tap("Aggressive: 1 Air, 3 Minerals")
    title = d.app.dialog.title
    assert "An Armageddon drawn now destroys your Base 4 (6.0.2)." in title, title
    assert title.index("destroys") < title.index("draw the top card")
    d.tap("No: keep it in hand")
    assert d.app.message is None or "6.0.2" not in d.app.message.text  # not said again after the buy


@pytest.mark.timeout(30)
def test_a_panel_counts_the_stations_armageddon_left_inactive(driver):
    """A tester's finding: after Armageddon Red's panel read "1 Base · 4 St" beside 11 points, which a
    player counts as 3 + 4 + 3 = 10: the Food Station on the destroyed Base 2 still scores (5.0 "Each built
    Station on the map") but was nowhere on the panel. The panel says it: "4 St +1 inactive"."""
    d = driver()
    s = d.app.state
    stations = tuple(s.colonies[0].stations) + ((1, 0, 2),)  # a Food Station on Base 2, destroyed: bases=1
    s = put(d, colony(replace(s, phase="main", current=0, produced=0, face=1), 0, stations=stations, bases=1))
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    active = sum(s.colonies[0].active)
    assert f"{active} St +1 inactive" in shown, shown
    assert shown.count("inactive") == 1, shown  # the others' Stations all stand


def test_the_move_that_wins_says_no_building_tip_over_the_game_over_screen(driver):
    """A tester's finding: the 49th point came from a Station (5.0, the optional 49-point victory) and the Game
    over screen opened under "A Station pays back after about 24 rolls" (6.0.5), hiding the winner's line.
    A move that ends the game says no tip; the same move earlier in the game still does."""
    from companion.rules.mission_to_mars_2049.actions import BUILD_STATION
    d = driver()
    s = d.app.session
    for bought, over in ((15, True), (5, False)):   # 18 points in busy(): 48 (+1 wins) or 28
        state = put(d, replace(colony(busy(s.state), 0, bought=bought), victory_49=True))
        station = next(a for a in s.game.legal_actions(state) if a.kind == BUILD_STATION and a.seat == 0)
        d.app.message = None
        d.app.current_screen()._make(station)
        d.frame()
        assert s.game.is_over(s.state) is over
        assert (d.app.message is None) is over, d.app.message and d.app.message.text
        d.key("back")


def test_fix_roll_names_the_face_entered_by_its_symbol(driver):
    """A tester's finding: Fix roll said "Red's roll, entered as 2" where the die shows Food."""
    d = driver()
    d.roll(2)  # Red rolls Food in the roll-off
    d.tap("Fix roll")
    label = d.app.face_labels()[1]
    assert label != "2" and f"entered as {label})" in d.app.dialog.title, d.app.dialog.title
