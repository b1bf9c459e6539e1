"""Mission to Mars 2049 through the screen: what a fresh player found after a
whole 3-player game (long choice lists cut off, a tip after the move it warns
about, cost refusals that do not say what is missing, questions that cannot
matter, buttons that move, ...). Source: shared/rules/mission-to-mars-2049.txt.
"""
from __future__ import annotations

import pygame
import pytest

from companion.ui.chooser import FIRST_PAGE, MORE
from companion.ui.widgets import tappable

from .test_mission_to_mars_2049_report import SIZES, busy, colony, driver, hit, put  # noqa: F401 (fixture)


def dialog_pages(d, limit=10):
    """Every page of the open dialog, reached with More...: a list of (option labels, the button names
    drawn on screen, whole). Each page must show Cancel whole on the screen."""
    size = d.app.layout.w, d.app.layout.h
    screen = pygame.Rect(0, 0, *size)
    pages = []
    for _ in range(limit):
        d.frame()
        labels = [label for label, cb in d.app.dialog.options if tappable(cb) is not None]  # greyed ones: no hit
        drawn = [h.label for h in d.app.screen.ui.hits if screen.contains(h.rect)]
        pages.append((labels, drawn))
        assert "Cancel" in drawn, f"no Cancel on screen at {size}: {labels}"
        assert all(label in drawn for label in labels), f"an option off screen at {size}: {labels} vs {drawn}"
        if MORE not in labels:
            return pages
        d.tap(MORE)
    raise AssertionError("More... never ended")


@pytest.mark.parametrize("size", SIZES)
def test_a_long_choice_list_pages_with_more_and_cancel_on_screen(driver, size):
    """Item 1: Play Mission with both kinds of card offers every kind the player may name (4.1, 4.2):
    at every size each option is reachable through More..., and Cancel is always on screen."""
    d = driver(size)
    put(d, busy(d.app.state))
    if "Play Mission" not in d.names():
        d.tap("More")  # behind More where the buttons do not all fit
    d.tap("Play Mission")
    pages = dialog_pages(d)
    reached = [label for labels, _ in pages for label in labels if label != MORE]
    assert len(reached) >= 7 and len(set(reached)) == len(reached)
    if size == (800, 480):
        assert len(pages) > 1  # 7+ kinds do not fit whole at 800x480 with Cancel
    assert {"Crimean Mission", "Sabotage Mission", "Productivity Mission"} <= set(reached)
    if len(pages) > 1:  # the last page leads back to the first (a fresh player had to Cancel and start again)
        d.tap(FIRST_PAGE)
        assert [label for label, cb in d.app.dialog.options if tappable(cb) is not None] == pages[0][0]


def test_the_base_warning_comes_before_the_station_with_build_anyway(driver):
    """Item 2: a Station at the newest Base is warned about before it is built (3.6.4, a hint, never a
    refusal): Cancel builds nothing; "Build anyway" builds it. A Station at an older Base asks nothing more."""
    d = driver()
    s = put(d, colony(busy(d.app.state), 0, bases=2, peaceful=0, aggressive=0))
    before = s.colonies[0].stations
    d.tap("Station")
    kinds = [x for x, _ in d.app.dialog.options]   # each kind with its price (3.6): a tester found none
    assert "Air (2 Food, 2 Minerals)" in kinds and "Food (2 Air, 2 Minerals)" in kinds, kinds
    while d.app.dialog is not None and "Build anyway" not in [x for x, _ in d.app.dialog.options]:
        labels = [x for x, _ in d.app.dialog.options]
        d.tap(next(x for x in labels if "Base 2" in x or x.startswith("Air (")))  # an Air Station, newest Base
    assert d.app.dialog is not None and "3.6.4" in " ".join(d.app.dialog.lines)
    assert d.app.session.state.colonies[0].stations == before  # not built yet
    d.tap("Cancel")
    assert d.app.session.state.colonies[0].stations == before
    d.tap("Station")
    while "Build anyway" not in [x for x, _ in d.app.dialog.options]:
        labels = [x for x, _ in d.app.dialog.options]
        d.tap(next(x for x in labels if "Base 2" in x or x.startswith("Air (")))
    d.tap("Build anyway")
    assert d.app.dialog is None and d.app.session.state.colonies[0].stations != before
    after = d.app.session.state.colonies[0].stations
    d.tap("Station")
    while d.app.dialog is not None:
        labels = [x for x, _ in d.app.dialog.options]
        assert "Build anyway" not in labels  # Base 1 is not the newest: nothing to warn about
        d.tap(next(x for x in labels if "Base 1" in x or x.startswith("Food (")))
    assert d.app.session.state.colonies[0].stations != after


def test_a_base_asks_where_only_when_a_station_may_block_it(driver):
    """Item 4: with only the First Base's three Stations (3.2) nothing can block the next Base, so Base
    builds on a free spot at once; with a Station more, "over my own Station" (Q.2) is asked."""
    d = driver()
    s = colony(busy(d.app.state), 0, bases=1, peaceful=0, aggressive=0)
    assert len(s.colonies[0].stations) == 3
    put(d, s)
    d.tap("Base")
    assert d.app.dialog is None and d.app.state.colonies[0].bases == 2
    put(d, colony(s, 0, stations=s.colonies[0].stations + ((0, 0, 1),), supply=(3, 4, 4)))
    d.tap("Base")
    assert d.app.dialog is not None and d.app.dialog.title == "Base 2: where?"


def _rects(d):
    d.frame()
    return {h.label: tuple(h.rect) for h in d.app.screen.ui.hits}


def test_the_discovery_dialog_keeps_its_buttons_in_place_with_the_road_card_greyed(driver):
    """Item 5: Discovery (3.5: "any resource or a Road card") shows the Road card in the same place
    whether it can be taken or not (greyed, with why: 3.11.4's 3 Road cards), so Minerals never moves."""
    from companion.rules.mission_to_mars_2049.model import replace

    d = driver()
    start = d.app.state

    def discovery(roads):
        d.app.close_dialog()
        s = colony(start, 0, roads=roads)
        put(d, replace(s, phase="discovery", current=0, roller=0, face=5, produced=-1, turn=3))
        d.tap("Take a card")
        return [x for x, cb in d.app.dialog.options if tappable(cb) is None], _rects(d)

    greyed, a = discovery(0)
    assert greyed == [] and "Road card" in a
    greyed, b = discovery(3)
    assert greyed == ["Road: 3 of 3"]
    assert [a[k] for k in ("Air", "Food", "Minerals", "Cancel")] == [b[k] for k in ("Air", "Food", "Minerals",
                                                                                    "Cancel")]
    d.tap("Minerals")
    assert d.app.dialog is None and d.app.state.colonies[0].cards[2] == 3


def test_spent_mission_kinds_stay_in_their_places_greyed(driver):
    """Item 5: a Mission Card kind whose cards are all in the used pile (4.0) is greyed in its place in
    the Play Mission list, so the kinds after it do not move up."""
    from companion.rules.mission_to_mars_2049.model import MISSION_COUNT, MISSIONS, replace
    d = driver()
    s = busy(d.app.state)
    put(d, colony(s, 0, aggressive=0))
    d.tap("Play Mission")
    before = _placed(d)
    assert "Laboratory Mission" in before and "Productivity Mission" in before, before
    lab = MISSIONS.index("laboratory")
    used = tuple(MISSION_COUNT[i] if i == lab else u for i, u in enumerate(s.used))
    d.app.close_dialog()
    put(d, colony(replace(s, used=used), 0, aggressive=0))
    d.tap("Play Mission")
    after = _placed(d)
    assert tappable(before["Laboratory Mission"][1]) is not None
    assert tappable(after["Laboratory Mission"][1]) is None  # greyed
    assert len(before) == len(after) >= 6
    assert {k: v[0] for k, v in before.items() if k != "Laboratory Mission"} == \
        {k: v[0] for k, v in after.items() if k != "Laboratory Mission"}  # the others keep page and place


def _placed(d):
    """{option: ((page, rect), its callback)} over every page of the open dialog (More... to page)."""
    out = {}
    for page in range(10):
        rects = _rects(d)
        for label, cb in d.app.dialog.options:
            if label != MORE:
                out[label] = ((page, rects.get(label)), cb)  # a greyed option has no hit: None
        if MORE not in rects:
            return out
        d.tap(MORE)
    raise AssertionError("More... never ended")



@pytest.mark.parametrize("size", SIZES)
def test_more_keeps_its_place_when_productivity_is_offered_and_names_only_off_turn_holders(driver, size):
    """Item 6: Blue's Productivity (4.1: "Play at any time you wish") on Red's turn never takes More's
    place; where it does not fit it is behind More, which says so; the button names Blue, never Red, whose
    turn it is (she plays hers with Play Mission)."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver(size)
    s = replace(busy(d.app.state), pile=(13, 15))
    put(d, s)
    more = hit(d, "More").rect
    put(d, colony(s, 1, peaceful=1))
    assert hit(d, "More").rect == more
    if "Productivity" not in d.names():
        d.tap("More")
        assert "Productivity" in [x for x, _ in d.app.dialog.options]
        d.app.close_dialog()
        d.frame()
    # Red, whose turn it is, holds a Peaceful card too, before her roll: only Blue is named, and asked
    put(d, colony(replace(s, phase="roll", produced=-1, face=0), 1, peaceful=1))
    button = hit(d, "Productivity")
    words = [t for t, _, box in d.app.screen.ui.texts if button.rect.contains(box)]
    assert "Blue" in words and not any("Red" in w for w in words), words
    d.tap("Productivity")
    assert d.app.dialog.title == "Productivity (Blue): which resource?"
    # only Red holds one: no Productivity button (she plays it with Play Mission after her roll)
    d.app.close_dialog()
    put(d, replace(s, phase="roll", produced=-1, face=0))
    assert "Productivity" not in d.names()


@pytest.mark.parametrize("size", SIZES)
def test_tips_cover_no_move_nor_the_acting_players_panel_and_token_marks_are_readable(driver, size):
    """Item 7, as a table found it: a tip or refusal (here the 6.0.5 tip after a Station) never covers a
    move (a tap on a move must make it) nor the acting player's name and resources: it goes over what
    happened this turn when it fits there, else over the other players' panels. "+8t" (3.8 Resource
    Tokens) is drawn at least at the body size, like the words beside it; the details say
    "Laboratory (3)", "H2O Station" (3.6 Building Costs), not "Lab3", "H2o"."""
    d = driver(size)
    s = colony(busy(d.app.state), 0, bases=5, road=True, cards=(1, 1, 1), tok3=(0, 0, 0), tok8=(1, 1, 1))
    put(d, s)
    d.app.say("Saving for your second Base first is often better (6. Recommendations and tactics, 6.0.1). "
              "A Station pays back after about 24 rolls, 8 rounds.", "note", 6)
    d.frame()
    from companion.ui.screens.chrome import message_box
    box = message_box(d.app.layout, d.app)[0]
    seats = d.app.game.seats(d.app.state)
    acting = seats[d.app.game.to_act(d.app.state).seats[0]].name
    names = {seat.name for seat in seats}
    covered = [h.label for h in d.app.screen.ui.hits if h.rect.colliderect(box)]
    assert acting not in covered and not [x for x in covered if x not in names and x != "This turn"], (box, covered)
    marks = [(t, sz, bold) for t, sz, bold, _ in d.app.screen.ui.text_sizes if t in ("+8t", "+8")]
    assert marks and all(sz >= d.app.layout.body for _, sz, bold in marks), marks
    d.app.message = None
    d.tap("Red")
    lines = " ".join(d.app.dialog.lines)
    assert "Laboratory (3)" in lines and "H2O Station" in lines and "Air Station" in lines
    assert "Lab3" not in lines and "H2o" not in lines


def test_the_mission_count_drops_in_the_frame_after_the_card_is_played(driver):
    """Item 8: right after a Mission Card is played (4.0), its player's panel counts one card fewer."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver()
    put(d, colony(replace(busy(d.app.state), pile=(13, 15)), 0, peaceful=1, aggressive=0))
    assert any(t.endswith("1 Mis") for t, _, _ in d.app.screen.ui.texts)
    d.tap("Play Mission")
    d.tap("Laboratory Mission")
    while d.app.dialog is not None:
        d.tap(next(x for x, cb in d.app.dialog.options if tappable(cb) is not None))
    d.frame()
    assert d.app.state.colonies[0].peaceful == 0
    red = hit(d, "Red").rect
    lines = [t for t, _, box in d.app.screen.ui.texts if red.contains(box) and "Mis" in t]
    assert lines and all(t.endswith("0 Mis") for t in lines), lines


def test_trade_always_asks_get_first_and_says_the_payment_with_it(driver):
    """Item 9: a trade with the bank (3.9) asks "get which?" first whether one or several kinds can pay;
    with one, the question says the payment, and no kind to pay with comes before what is got."""
    d = driver()
    s = colony(busy(d.app.state), 0, cards=(0, 5, 0), tok3=(0, 0, 0), peaceful=0, aggressive=0)
    put(d, s)
    d.tap("Trade")
    title = d.app.dialog.title
    assert title.startswith("Trade (Red): get which?") and "You pay 4 Food" in title, title
    d.tap("Air")
    assert d.app.dialog is None and d.app.state.colonies[0].cards == (1, 1, 0)
    put(d, colony(s, 0, cards=(5, 5, 0)))
    d.tap("Trade")
    assert d.app.dialog.title == "Trade (Red): get which?"
    d.tap("Minerals")
    assert d.app.dialog.title.endswith("pay with which cards?")
    options = [label for label, _ in d.app.dialog.options]   # the payment whole (a tester read "Air")
    assert "4 Air" in options and "4 Food" in options, options


def test_a_token_exchange_asks_only_the_questions_with_more_than_one_answer(driver):
    """Item 10: on her own turn with nobody able to change off turn (F.A.Q. Q.7: only the type just
    produced), Red is not asked who; the resource and the token size (3.8 Resource Tokens) are one
    question, and a size she cannot afford is not offered: Tokens and one touch."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver()
    s = replace(colony(busy(d.app.state), 0, cards=(9, 4, 0), tok3=(0, 0, 0)), produced=-1, face=5)
    put(d, s)
    d.tap("Tokens")
    assert d.app.dialog.title == "Tokens (Red, Cards \u2192 token): which token?"
    assert [x for x, _ in d.app.dialog.options] == ["(3) Air token", "(8) Air token", "(3) Food token"]
    d.tap("(8) Air token")
    assert d.app.dialog is None and d.app.state.colonies[0].tok8[0] == 1 and d.app.state.colonies[0].cards[0] == 1


@pytest.mark.parametrize("size", SIZES)
def test_the_die_panel_hint_tap_the_faces_is_readable_at_1_m(driver, size):
    """The die panel asks, while a roll is awaited and no die is plugged in, to "tap the faces": it is
    drawn at reading size (16 px capitals at 800x480, scaled), not as fine print, and is whole."""
    from companion.ui import text
    from .readable import CAP_PX, FINE_TEXTS, check_sizes
    d = driver(size)
    assert d.app.uses_die()
    drawn = [(sz, bold, cls) for s, sz, bold, cls in d.app.screen.ui.text_sizes if s == "tap the faces"]
    assert drawn, "no 'tap the faces' on the roll-off screen"
    for sz, bold, cls in drawn:
        assert cls != "fine" and text.cap_height(sz, bold) + 0.5 >= CAP_PX["read"] * d.app.layout.u, (sz, cls)
    assert not FINE_TEXTS.match("tap the faces")   # not allowed as fine print anywhere
    check_sizes(d, f"roll-off at {size}")
    words = [(t, r) for t, r, _ in d.app.screen.ui.texts if t == "tap the faces"]
    assert all(r.right <= d.app.layout.w and r.bottom <= d.app.layout.top.bottom for _, r in words), words


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_new_game_screen_sets_productivity_and_the_banks_box(session, tmp_path, size):
    """The rules' table options (``new_game``): when the Productivity Mission may be played (4.1 "Play at
    any time you wish", default; the house option MA-21: own turn after the roll) and the Game Bank's cards
    in the box (2.1; default 25 of each resource and 15 Road cards, at least 2 x players + 1 of a resource)
    are set on the New game screen in a few taps, readable; untouched, the game starts with the defaults."""
    from companion.catalogue import Catalogues
    from companion.rules.mission_to_mars_2049 import bank_least
    from companion.rules.mission_to_mars_2049.model import BANK_BOX
    from companion.ui.driver import Driver
    from .readable import check_sizes
    pygame.display.init()
    pygame.display.set_mode(size)
    d = Driver(session, Catalogues(tmp_path), size)
    d.tap("Mission to Mars 2049")
    d.tap("4 players")
    untouched = d.app.current_screen().options()
    assert untouched["productivity_any_time"] is True and untouched["bank"] == {
        "air": BANK_BOX[0], "food": BANK_BOX[1], "minerals": BANK_BOX[2], "road": BANK_BOX[3]}
    d.tap("Options")
    check_sizes(d, f"options at {size}")
    assert {"Productivity any time", "Productivity own turn", "bank air +", "bank road -", "Done"} <= set(d.names())
    for _ in range(30):                                   # never under what the rules ask for 4 players
        if "bank food -" not in d.names():
            break
        d.tap("bank food -")
    assert d.app.current_screen().options()["bank"]["food"] == bank_least(4)["food"] == 9
    d.tap("Rulebook values")
    d.tap("Productivity own turn")
    d.tap("bank air +")
    d.tap("bank road -")
    d.tap("Done")
    said = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert ("changed" in said or "Productivity: own turn" in said) and "\u2026" not in said, said
    check_sizes(d, f"new game at {size}")
    d.tap("Start")
    s = d.app.session.state
    assert s.box == (BANK_BOX[0] + 1, BANK_BOX[1], BANK_BOX[2], BANK_BOX[3] - 1) and not s.productivity_any_time
    pygame.display.quit()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_a_refused_base_leaves_every_move_and_the_acting_panel_in_sight(driver, size, players):
    """A table's finding: Red taps the greyed Base ("3.6", 2 Air short); the refusal's box (its § button
    beside the words when that fits) covers no move and not Red's panel, so the next tap on Station
    makes Station rather than opening the rulebook."""
    d = driver(size, players)
    put(d, colony(replace_main(d.app.state), 0, cards=(1, 3, 3)))
    d.tap("Base (why not?)")
    assert d.app.message is not None and d.app.message.rule
    from companion.ui.screens.chrome import message_box
    box = message_box(d.app.layout, d.app)[0]
    names = {seat.name for seat in d.app.game.seats(d.app.state)}
    covered = [h.label for h in d.app.screen.ui.hits if h.rect.colliderect(box)]
    assert "Red" not in covered and not [x for x in covered if x not in names and x != "This turn"], covered
    station = hit(d, "Station")
    d.app._tap(station.rect.center)
    d.frame()
    assert d.app.dialog is None or "rulebook" not in d.app.dialog.title.lower() and "3.6" not in d.app.dialog.title


def replace_main(state):
    """Red's main phase after an Air roll, turn 5."""
    from companion.rules.mission_to_mars_2049.model import replace
    return replace(state, phase="main", current=0, produced=0, face=1, turn=5)


def test_a_greyed_move_under_more_says_why_at_once(driver):
    """A table's finding: in portrait, a greyed Trade behind More said nothing until Cancel (the
    dialog hid the refusal). Its tap closes the list and the refusal shows, with its section."""
    d = driver((480, 800), 4)
    put(d, colony(replace_main(d.app.state), 0, cards=(2, 0, 1)))
    assert "Trade (why not?)" not in d.names(), d.names()
    d.tap("More")
    assert d.app.dialog is not None
    d.tap("Trade (why not?)")
    assert d.app.dialog is None and d.app.message is not None and d.app.message.rule
    from companion.ui.screens.chrome import message_box
    assert message_box(d.app.layout, d.app)[0].h > 0


def test_robbery_names_an_opponent_with_no_cards_before_the_choice(driver):
    """MA-12 (MM-137): "an opponent with no Resource cards yields nothing, and the app warns before
    confirming": a tester robbed Green's empty hand with no word. The victim's option says it."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver()
    s = colony(busy(d.app.state), 2, cards=(0, 0, 0))
    put(d, replace(s, phase="rob", face=4, rob_victim=-1, rob_left=1, produced=-1))
    d.tap("Robbery")
    options = [label for label, _ in d.app.dialog.options]
    assert "from Green (no cards: nothing to draw)" in options and "from Blue" in options, options
    d.tap("from Blue")  # a tester's finding: "Robbery (Blue, Red): which resource?" did not say who robs whom
    title = d.app.dialog.title
    assert "from Blue" in title and title.endswith("which resource was drawn blind?"), title


@pytest.mark.parametrize("hidden", [False, True])
def test_a_robbery_asks_which_resource_was_drawn_blind_not_which_to_take(driver, hidden):
    """A tester's finding: the Robbery asked "Robbery (Red, from Green): which resource?", read at the table
    as a choice of the card to take, where the rulebook has it drawn blind (3.5 Robbery: "Draw blind without
    seeing the cards"; Grand Theft the same: "Draw without seeing what cards you are getting"). The question
    asks what the card drawn blind turned out to be, with hands open or hidden."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver(hands_hidden=hidden)
    s = colony(busy(d.app.state), 1, cards=(2, 1, 0))
    put(d, replace(s, phase="rob", face=4, rob_victim=-1, rob_left=1, produced=-1))
    d.tap("Robbery")
    d.tap("from Blue")
    assert d.app.dialog.title == "Robbery (Red, from Blue): which resource was drawn blind?", d.app.dialog.title
    d.tap("Air")
    assert d.app.state.phase != "rob" and d.app.state.colonies[1].cards[0] == 1


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_with_many_tokens_shows_cards_and_tokens_apart(driver, size):
    """A tester's finding: Blue's panel read "A 28" for 6 Air cards and 22 in tokens, where "+22t" did not
    fit: a robber read the hand wrong (tokens cannot be drawn, 3.8.2). Cards and tokens are shown apart."""
    d = driver(size)
    put(d, colony(colony(busy(d.app.state), 1, cards=(6, 17, 2), tok3=(2, 0, 0), tok8=(2, 0, 0)), 2,
                  cards=(23, 23, 23), tok3=(3, 3, 3), tok8=(1, 1, 1)))
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert "28" not in shown and any(t in shown for t in ("6+22t", "6+22", "+22t", "+22", "22t", "+")), str(shown)
    assert "40" not in shown and any(t in shown for t in ("23+17t", "23+17", "+17t", "+17", "17t", "+")), str(shown)
    assert not [t for t in shown if t.endswith("\u2026")], str(shown)


def test_the_laboratory_question_says_which_laboratory_and_its_price(driver):
    """A tester's finding: "Laboratory: at which Base?" said neither which Laboratory nor what it costs
    (3.9.2: "When you have built a (3) Laboratory, you can pay again to build a (2) Laboratory")."""
    d = driver()
    put(d, busy(d.app.state))
    d.tap("Laboratory")
    assert d.app.dialog.title.startswith("(3) Laboratory: 4 Food, 3 Minerals"), d.app.dialog.title
    d.app.close_dialog()
    put(d, colony(busy(d.app.state), 0, lab3=2))
    d.tap("Laboratory")
    assert d.app.dialog.title.startswith("(2) Laboratory: 4 Food, 3 Minerals"), d.app.dialog.title


def test_more_names_the_moves_behind_it(session, catalogues):
    """A tester's finding: at 480x800 with 4 players Trade, Buy Mission, Play Mission and Tokens were only under
    "More", which named none of them. Its second line names them, as many as fit: those that can be made now
    (a later tester's finding: it named them greyed too, "Trade, Buy" here while neither could be made), else
    the Game Bank, which its tap shows."""
    import random

    import pygame

    from companion.rules import GAMES
    from companion.ui.driver import Driver
    pygame.display.init()
    pygame.display.set_mode((480, 800))
    game = GAMES["mission-to-mars-2049"]
    session.new_game("mission-to-mars-2049", game.default_options(4, 1))
    rng = random.Random(3)
    while not (game.phase(session.state) == "main" and session.seq > 30
               and any(a.kind == "done" for a in game.legal_actions(session.state))):
        session.submit(game.random_action(session.state, rng))
    d = Driver(session, catalogues, (480, 800), game_id="mission-to-mars-2049")
    d.frame()
    more = next(h.rect for h in d.app.screen.ui.hits if h.label == "More")
    inside = [t for t, r, _ in d.app.screen.ui.texts if more.contains(r) and t != "More"]
    d.tap("More")
    behind = [label for label, cb in d.app.dialog.options]
    usable = [label for label, cb in d.app.dialog.options if tappable(cb) is not None]
    assert behind[:2] == ["Trade", "Buy Mission"], behind
    if usable:
        assert inside and inside[0].startswith(usable[0].split()[0]), (inside, usable)
    else:   # this game's turn: all four greyed
        assert inside == ["Game Bank"], (inside, behind)


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])  # a tip too long for what happened this turn
def test_a_tip_leaves_the_panel_of_a_player_who_may_change_tokens_in_sight(driver, size):
    """A tester's finding: a tip went over Blue's panel while Blue's Tokens button (Q.7: off turn, cards of the
    type just produced into tokens) asked Blue to look at their cards. Where the room is, it leaves every panel
    of a player who may act now in sight."""
    from companion.ui.screens.chrome import message_box
    d = driver(size)
    from companion.rules.mission_to_mars_2049.model import replace
    state = colony(colony(busy(d.app.state), 1, cards=(0, 4, 4)), 2, cards=(20, 20, 20), tok3=(1, 1, 1))
    put(d, replace(state, current=2))  # Green's turn; Red only may change Air into a token, off turn
    assert set(d.app.game.to_act(d.app.state).seats) == {0, 2}
    d.app.say("A Station pays back after about 24 rolls, 8 rounds: a Base first is often better (6.0.5).", "note", 6)
    d.frame()
    box = message_box(d.app.layout, d.app)[0]
    covered = [h.label for h in d.app.screen.ui.hits if h.rect.colliderect(box)]
    assert "Red" not in covered and "Green" not in covered, (box, covered)


def test_tokens_worth_stays_in_sight_beside_many_cards(driver):
    """A tester's finding (late game): Blue's row read "A 10+", 25 Air in tokens hidden behind a "+", beside a
    cell with room to spare. The cells share the row by what they show."""
    d = driver((800, 480))
    put(d, colony(busy(d.app.state), 1, cards=(10, 10, 2), tok3=(3, 1, 0), tok8=(2, 0, 0)))
    d.frame()
    blue = next(h.rect for h in d.app.screen.ui.hits if h.label == "Blue")
    shown = [t for t, r, _ in d.app.screen.ui.texts if blue.contains(r)]
    assert any(t in ("+25", "+25t", "10+25", "10+25t") for t in shown), shown


def test_a_greyed_trade_names_the_nearest_trade(driver):
    """A tester's finding: with 2 Air, 3 Food and 2 Minerals the greyed Trade said "costs 4 Air: 2 Air short";
    any kind may be traded (3.9), and Food is the nearest."""
    d = driver((800, 480))
    put(d, colony(busy(d.app.state), 0, cards=(2, 3, 2), tok3=(0, 0, 0), roads=0, peaceful=0, aggressive=0))
    d.tap("Trade (why not?)")
    assert "Food" in d.app.message.text and "Air" not in d.app.message.text.split(":")[0], d.app.message.text


@pytest.mark.parametrize("size", SIZES)
def test_more_is_titled_by_what_it_holds(driver, size):
    """A tester's finding: "More" opened "More moves" holding no move, only the Game Bank's cards; and then
    "Cancel", though there was nothing to cancel: "Close"."""
    d = driver(size)
    put(d, busy(d.app.state))
    d.tap("More")
    moves = [label for label, _ in d.app.dialog.options]
    assert (d.app.dialog.title == "More moves") == bool(moves), (d.app.dialog.title, moves)
    assert d.app.dialog.cancel_label == ("Cancel" if moves else "Close"), (d.app.dialog.cancel_label, moves)


def test_hands_hidden_at_new_game_stay_hidden_after_a_restart(tmp_path):
    """A tester's finding: "Hands: hidden" lived only in the running app, so a restart (systemd after a power
    cut) showed every player's cards. It is now the game's ``hidden_hands`` option, stored with the game; the
    next New game starts with the open game's choice."""
    from companion.catalogue import Catalogues
    from companion.session import Session
    from companion.ui.driver import Driver
    pygame.display.init()
    pygame.display.set_mode((800, 480))
    with Session.open(tmp_path / "db.sqlite3") as s:
        d = Driver(s, Catalogues(tmp_path), (800, 480))
        d.tap("Mission to Mars 2049")
        d.tap("Hands")
        d.tap("Start")
        assert s.record.options["hidden_hands"] is True
    with Session.open(tmp_path / "db.sqlite3") as s:   # the restart
        d = Driver(s, Catalogues(tmp_path), (800, 480))
        shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
        acting = s.game.to_act(s.state).seats
        hidden = [p for i, p in enumerate(s.game.summary(s.state)["players"]) if i not in acting]
        assert hidden and all(f"{p['name']}" in shown for p in hidden)
        assert "resources" in shown, shown   # the others' hands as a count, not their cards
        d.tap("New game")
        d.tap("New game")   # the question's own button: "New game?"
        d.tap("Mission to Mars 2049")
        d.tap("New game")   # not "Resume it"
        assert d.app.current_screen().options()["hidden_hands"] is True
    pygame.display.quit()


def test_grand_thefts_blind_draws_are_called_grand_theft_with_the_cards_left(driver):
    """A tester's finding: the Grand Theft Mission's three blind draws ("draw three Resource cards from him or
    her, without seeing what you take", Aggressive Mission Cards) were asked on a "Robbery" button, with no count.
    A Robbery's draw is still called Robbery."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver()
    put(d, replace(busy(d.app.state), phase="rob", rob_victim=1, rob_left=3, produced=-1))
    assert "Grand Theft" in d.names() and "Robbery" not in d.names()
    assert "3 cards to draw" in [t for t, _, _ in d.app.screen.ui.texts]
    d.tap("Grand Theft")
    assert d.app.dialog.title.startswith("Grand Theft (3 cards to draw)"), d.app.dialog.title
    d.app.close_dialog()
    put(d, replace(busy(d.app.state), phase="rob", face=4, rob_victim=-1, rob_left=1, produced=-1))
    assert "Robbery" in d.names() and "Grand Theft" not in d.names()


def test_with_hands_hidden_a_robbery_offers_every_kind_so_the_screen_tells_nothing(driver):
    """A tester's finding: with hands hidden, the Robbery's "which resource?" offered only the kinds the
    victim holds, and answered by itself when it was one kind: the screen told the table what was hidden.
    Every kind is offered; one the victim does not hold is refused, in words that do not say what they hold either
    (the rules' ``hidden_hands_reason``, 3.8.2: "Blue holds no Food card" told the table the hidden hand)."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver(hands_hidden=True)
    s = colony(colony(busy(d.app.state), 1, cards=(2, 0, 0), tok3=(0, 1, 0)), 2, cards=(0, 0, 0))
    put(d, replace(s, phase="rob", face=4, rob_victim=-1, rob_left=1, produced=-1))
    d.tap("Robbery")
    d.tap("from Blue")
    options = [label for label, _ in d.app.dialog.options]
    assert {"Air", "Food", "Minerals"} <= set(options), options
    d.tap("Food")
    said = d.app.message.text if d.app.message is not None else ""
    assert "drawn blind from Blue" in said and "holds" not in said and d.app.state.phase == "rob", said
    d.tap("Robbery")
    d.tap("from Blue")
    d.tap("Air")
    assert d.app.state.phase != "rob" and d.app.state.colonies[1].cards[0] == 1


@pytest.mark.parametrize("size", SIZES)
def test_with_hands_hidden_a_players_details_keep_their_hand_hidden(driver, size):
    """A tester's finding: with hands hidden, Blue's panel read "17 resources", but a tap on it showed "H2O: ...
    (has 1 Base, no Road, 9/4/4)", "Can afford: Base, ...", "Next Base: affordable now" and Blue's tokens by
    kind: one tap told the table the hand the option hides. Another player's details keep it hidden (their
    Bases, Stations, the chance they produce and the Road cards, which lie open on the table, 3.11.3, stay);
    the acting player's own details show everything, as their panel does."""
    d = driver(size, hands_hidden=True)
    put(d, colony(busy(d.app.state), 1, tok8=(1, 0, 0)))
    d.tap("Blue")
    shown = " | ".join(d.app.dialog.lines)
    assert d.app.dialog.title == "Blue", d.app.dialog.title
    assert "Base 1:" in shown and "Road cards 0" in shown and "Next roll produces" in shown, shown
    for hand in ("9/4/4", "17/4/4", "Can afford", "Can build", "Next Base:", "(8) Air"):
        assert hand not in shown, (hand, shown)
    d.app.close_dialog()
    d.frame()
    d.tap("Red")  # whose turn it is: their own hand, as on their panel
    shown = " | ".join(d.app.dialog.lines)
    assert "Can build now" in shown and "23/23/23" in shown and "(3) Air x1" in shown, shown


@pytest.mark.parametrize("size", SIZES)
def test_the_exchange_of_q4_before_the_rolls_line_starts_in_the_events_box(driver, size):
    """A tester's finding: an Air roll the bank could not pay changed Red's Air cards into a (3) token, but
    "what happened this turn" showed only the roll's line ("Air rolled: Red +1, Blue +1"): the exchange,
    said before it and too long to fit whole, was left out, and "A 0+3t" came with no word. The first event
    that does not fit whole starts in whole clauses where it fits (who changed what first), the rest a tap
    away; nothing is cut, and the moves keep their places."""
    from companion.rules.contract import Event
    from companion.rules.mission_to_mars_2049.bank import out_text
    from companion.ui import text
    d = driver(size)
    state = put(d, busy(d.app.state), [Event("done", "Blue is done.")])
    before = {h.label: tuple(h.rect) for h in d.app.screen.ui.hits}
    cuts = text.STATS["cut"]
    out = out_text("Air rolled", "Air", 1, 2, ["Red changes 3 Air cards into a (3) token"])
    put(d, state, [Event("bank_out", out), Event("production", "Air rolled: Red +1, Blue +1")])
    box = hit(d, "This turn").rect
    shown = " ".join(t for t, r, _ in d.app.screen.ui.texts if box.contains(r))  # the events box, its lines joined
    assert shown.startswith("Air rolled: Red +1, Blue +1 Air rolled, but the bank has only 1 Air card"), shown
    assert shown.endswith(("\u2026", "(tap for the rest)")), shown
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]
    after = {h.label: tuple(h.rect) for h in d.app.screen.ui.hits}
    assert {m: after.get(m) for m in ("Base", "Station", "Trade", "More", "I'm done")} == \
        {m: before[m] for m in ("Base", "Station", "Trade", "More", "I'm done")}
    d.tap("This turn")
    assert d.app.dialog.lines[:2] == ["Air rolled: Red +1, Blue +1", out]


@pytest.mark.parametrize("size", SIZES)
def test_a_greyed_buy_mission_says_what_each_pile_lacks(driver, size):
    """A tester's finding: Buy Mission, greyed for a player who could pay for neither pile, said only "A
    Peaceful Mission costs 3 Air, 1 Food: 1 Air short.": whether the Aggressive pile was in reach was left to
    the Building Costs sheet. Both piles are said, with the section (3.6 Building Costs); a pile refused for
    another reason (one bought this turn, 4.0.2) is said alone, as before."""
    from companion.rules.mission_to_mars_2049.model import replace
    from companion.ui import text
    d = driver(size)
    cuts = text.STATS["cut"]
    put(d, colony(busy(d.app.state), 0, cards=(2, 1, 2), tok3=(0, 0, 0)))
    d.tap("Buy Mission (why not?)")
    m = d.app.message
    assert m.text.startswith("A Peaceful Mission costs 3 Air, 1 Food: 1 Air short. An Aggressive Mission costs 1 "
                             "Air, 3 Minerals: 1 Minerals short. ("), m.text
    assert "Building Costs" in m.rule and d.app.dialog is None
    d.frame()
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]
    put(d, replace(colony(busy(d.app.state), 0, cards=(2, 1, 2), tok3=(0, 0, 0)), bought=True))
    d.tap("Buy Mission (why not?)")
    assert d.app.message.text.startswith("Only one Mission Card may be bought per turn. ("), d.app.message.text
