"""Race to Mars at the table: what a fresh player stumbled on (issue 9's
screens). A greyed-out move says why with the rules' own refusal and its
section and is logged; long lists are paged with Cancel always on screen;
2.4 shows every Insight; pickers show what a card does; the top bar always
shows the round; no die hint in a game without a die; what no paper game
gives. Source: shared/rules/race-to-mars.txt (sections cited per test)."""
from __future__ import annotations

import pytest

from .test_race_to_mars_screens import _to_post_launch, driver, new_game  # noqa: F401  (the fixture)
from .test_refusals import logged, open_section

RULEBOOK = "race-to-mars.txt"


def assert_refused(d, capsys, kind: str, section: str, words: str) -> None:
    """The last tap was refused by the rules: the message names the rule and
    ``section`` (its § button opens the paragraph) and the log keeps it."""
    s = d.app.session
    m = d.app.message
    assert m is not None and m.kind == "error", m
    assert words in m.text, m.text
    assert m.rule == f"{RULEBOOK}, {section}", m.rule
    assert s.refusals() and s.refusals()[-1]["action"]["kind"] == kind, s.refusals()[-1:]
    dialog = open_section(d)
    assert dialog is not None and section in dialog.title, dialog
    d.app.close_dialog()
    assert any(kind in line and words in line for line in logged(d, capsys))


def to_turn(d, sub: int) -> None:
    """From 2.1 (both players may play): both done, then Anna's turn on to phase 2.``sub``."""
    s = d.app.session
    d.key("next")
    d.key("next")
    while s.state.sub < sub:
        d.tap("Next phase")
    assert d.app.current_screen().name == "turn" and s.state.sub == sub


@pytest.mark.timeout(60)
def test_a_greyed_out_launch_says_why_with_its_section_and_is_logged(driver, capsys):
    d = driver()
    new_game(d, 2, first_game=True)
    seq = d.app.session.seq
    d.tap("Launch (why not?)")
    assert d.app.session.seq == seq
    assert_refused(d, capsys, "launch", "Launching the Rocket", "all 12 trajectory cards")


@pytest.mark.timeout(60)
def test_a_greyed_out_headquarters_says_it_was_dealt(driver, capsys):
    d = driver()
    new_game(d, 2)
    d.tap("HQ 4")
    d.tap("HQ 7")
    d.tap("Keep")
    assert "HQ 4 (why not?)" in d.names() and "HQ 4" not in d.names()
    d.tap("HQ 4 (why not?)")
    assert_refused(d, capsys, "headquarters", "Headquarters", "dealt once")


@pytest.mark.timeout(60)
def test_greyed_out_moves_in_2_1_and_2_2_say_why(driver, capsys):
    d = driver()
    new_game(d, 2, first_game=True)
    _to_post_launch(d.app.session, {"crew": {"resources": ["fuel"]}})
    d.frame()
    d.tap("Anna: Boost (why not?)")
    assert_refused(d, capsys, "play_boost", "Boost Cards", "Boost card")
    to_turn(d, 2)  # nothing played: nothing pays the first space
    d.tap("Advance (why not?)")
    assert_refused(d, capsys, "advance", "Phase 2.2: Advance Rocket", "no card played this turn")


@pytest.mark.timeout(60)
def test_2_4_shows_every_insight_the_unaffordable_ones_greyed_with_what_is_lacking(driver, capsys):
    d = driver()
    new_game(d, 2, first_game=True)
    s = d.app.session
    _to_post_launch(s, {"crew": {"resources": ["fuel"], "xp": 3}})
    play = next(a for a in s.game.legal_actions(s.state) if a.kind == "play" and a.seat == 0)
    assert s.submit(play).accepted   # 3 Experience: 2.4 is not passed over (RM-090)
    to_turn(d, 4)
    d.tap("Insight card")   # spends the 3: the Insight card is now out of reach
    names = d.names()
    assert "Insight card (why not?)" in names, names  # 3 Experience for a Boost; Anna has none
    d.tap("Insight card (why not?)")
    assert_refused(d, capsys, "insight", "Phase 2.4: Spend Experience", "costs 3 Experience; you have 0")


@pytest.mark.timeout(90)
@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("names", ["Pilot{n}", "Chief Flight Engineer {n}"])
def test_the_2_3_exchange_list_is_paged_with_cancel_always_on_screen(driver, size, names):
    """Phase 2.3: a dozen Crew cards, short and long names; every page's
    buttons are whole on the screen, Cancel on each, More\u2026 to the rest."""
    d = driver(size)
    new_game(d, 2, first_game=True)
    s = d.app.session
    _to_post_launch(s, {"crew": {"resources": ["fuel"]}}, anna=names)
    to_turn(d, 3)
    want = {a.args["card"] for a in s.game.legal_actions(s.state) if a.kind == "exchange"}
    assert len(want) >= 6
    d.tap("Exchange a card")
    seen: set[str] = set()
    screen = d.app.surface.get_rect()
    for _ in range(len(want)):
        hits = d.app.screen.ui.hits
        assert all(screen.contains(h.rect) for h in hits), [(h.label, tuple(h.rect)) for h in hits]
        labels = [h.label for h in hits]
        assert "Cancel" in labels, labels
        seen |= {x.split(" \u2192 ")[0] for x in labels if "\u2192" in x}
        if "More\u2026" not in labels:
            break
        d.tap("More\u2026")
    assert seen == want
    d.tap("Cancel")
    assert d.app.dialog is None


@pytest.mark.timeout(240)
@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
def test_the_top_bar_always_shows_the_round_and_the_step(driver, size):
    """Every frame of a 3-player game after setup ("Turn Order"): the top bar
    names the round, and in a player's turn the phase (2.2 ... 2.5); the
    step's words may be cut down to its number, the round never."""
    import random

    from .race_to_mars_taps import Table
    d = driver(size)
    new_game(d, 3)
    s = d.app.session
    table = Table(d, random.Random(6))
    checked = 0
    while not s.game.is_over(s.state):
        if d.app.dialog is None and d.app.message is None and s.state.round:
            d.frame()
            top = d.app.layout.top
            bar = " ".join(t for t, r, _ in d.app.screen.ui.texts if top.contains(r))
            assert f"Round {s.state.round}" in bar, (s.game.phase(s.state), bar)
            if s.state.step == "turn":
                assert f"2.{s.state.sub}" in bar or "Hazard" in bar, (s.game.phase(s.state), bar)
            checked += 1
        table.step()
    assert checked > 100


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_no_die_hint_anywhere_in_a_game_without_a_die(driver, size):
    """Race to Mars has no die ("Components"): from its New-game screen on,
    also over an open game of a game with a die, the die status says "not
    used in this game", whole, and never "tap the faces"."""
    from companion.ui import text

    d = driver(size)
    d.tap("30 to Mars")
    for n in ("Larisa", "Jean-Louis", "Maria", "Dieter"):
        d.tap(n)
    d.tap("Start")  # a game with a die is open
    d.tap("New game")
    d.tap("New game")
    cuts = text.STATS["cut"]

    def die_words() -> str:
        d.frame()
        return " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "tap the faces" not in die_words()  # the picker: no faces to tap on it
    d.tap("Race to Mars")
    assert d.app.current_screen().name == "new_game"
    shown = die_words()
    assert "not used in this game" in shown and "tap the faces" not in shown, shown
    d.tap("Start")
    shown = die_words()
    assert "not used in this game" in shown and "tap the faces" not in shown, shown
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_the_pickers_show_what_a_player_chooses_by(driver, size):
    """Headquarters show what each does; the Starting cards ("Starting
    Cards": printed in the rulebook) and the Space cards of the catalogue
    show their Crew ability and Rocket module (the part used first),
    readable at 1 m, nothing cut."""
    from companion.ui import text

    from .readable import check_sizes
    d = driver(size)
    d.app.ui_for("race-to-mars")
    cat = d.app.catalogues.get("race-to-mars", "space")
    cat.add({"name": "Navigator", "crew": {"resources": ["fuel", "wild"], "draw": 1}, "module": {"resource": "hull"}})
    new_game(d, 2)
    cuts = text.STATS["cut"]

    def shown() -> str:
        check_sizes(d, d.app.current_screen().name, key_texts=None)
        return " | ".join(t for t, _, _ in d.app.screen.ui.texts)
    words = shown()
    assert "2 basics = advanced" in words or "Basic pair = adv." in words, words  # HQ 1
    d.tap("HQ 1")
    d.tap("HQ 2")
    d.tap("Keep")
    d.tap("HQ 3")
    d.tap("HQ 4")
    d.tap("Keep")
    s = d.app.session
    while s.state.step == "starting":
        words = shown()
        cards = [n for n in d.names() if n.startswith("Starting card") and not n.endswith(" info")]
        assert cards and "No Starting card" not in words, words  # the four printed ones are built in
        stage = s.game.starting_stage(s.state)
        if stage in ("insight", "leftover"):  # to the Insight row: its Insight first
            assert words.count("Insight: ") == len(cards), words
        elif stage == "revealed":  # all of it
            assert words.count("Crew: ") == words.count("Insight: ") == len(cards), words
        else:  # a pick: its Crew ability and Rocket module
            assert words.count("Crew: ") >= len(cards) and words.count("Module: ") >= len(cards), words
        if "Starting card 1" in cards:
            assert "Crew: Wild, draw 1" in words, words
        d.tap(next(n for n in d.names() if n.startswith("Starting card")))
        if d.app.dialog is not None:
            d.tap("Recruit to Crew deck")
    d.tap("Recruit to Crew deck")
    words = shown()
    assert "Crew: Fuel+Wild, draw 1" in words and "Module: Hull" in words, words
    d.app.ui_for("race-to-mars").cancel()
    d.frame()
    d.tap("Attach as module")
    words = shown()
    assert words.index("Module: Hull") < words.index("Crew: Fuel+Wild, draw 1"), words  # the part used first
    assert text.STATS["cut"] == cuts, text.CUTS[-3:]


@pytest.mark.timeout(300)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_long_names_cut_no_text_on_any_screen(driver, size):
    """Four players with the longest names New game takes (16 letters):
    every kind of screen and dialog once, no text cut with an ellipsis
    (a prompt such as "Jean-Louis Marie: pick a card or launch" gives way
    to fewer words, never to "laun\u2026")."""
    import random

    from companion.ui import text

    from .race_to_mars_taps import Table
    d = driver(size)
    d.tap("Race to Mars")
    d.tap("4 players")
    d.app.current_screen().names = ["Jean-Louis Marie", "Anna-Katharina W", "Maximilian Ernst", "Wilhelmina Rose"]
    d.tap("Start")
    s = d.app.session
    table = Table(d, random.Random(8))
    seen = set()
    while not s.game.is_over(s.state):
        scr = d.app.current_screen()
        key = (scr.name, getattr(getattr(scr, "editor", None), "current", lambda: "")(), d.app.dialog is not None,
               s.state.sub if scr.name == "turn" else 0, bool(s.state.hazards), s.game.to_act(s.state).seats[:1])
        if key not in seen:
            seen.add(key)
            cuts = text.STATS["cut"]
            d.frame()
            assert text.STATS["cut"] == cuts, f"{key}: text cut: {text.CUTS[-3:]}"
        table.step()
    cuts = text.STATS["cut"]
    d.frame()
    assert text.STATS["cut"] == cuts, f"the end: text cut: {text.CUTS[-3:]}"


@pytest.mark.timeout(60)
def test_what_no_paper_game_gives_reach_hazards_and_launch_readiness(driver):
    """Spec section 6: in 2.1 each player's panel says how far what is in
    play takes them and the hazards on the way ("Hazards": a red one
    before the first space), shielded or not."""
    d = driver()
    new_game(d, 2, first_game=True)
    s = d.app.session
    _to_post_launch(s, {"crew": {"resources": ["fuel"]}}, lanes=[["red", "fuel", "fuel"]] * 4)
    d.frame()
    d.tap("Anna: play")
    d.tap(d.app.dialog.options[0][0])
    shown = " | ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Reach 1 space |" in shown and "Hand 2 cards" in shown and "Hazards: red before space 1" in shown, shown


@pytest.mark.timeout(60)
def test_a_greyed_keep_on_the_headquarters_says_what_is_missing(driver):
    """"Headquarters": each player keeps one of the two dealt and returns the other to the box. Keep is greyed
    until both are tapped, and its tap (or NEXT) says which tap is missing rather than doing nothing."""
    d = driver()
    new_game(d, 2)
    d.tap("Keep (why not?)")
    assert "First tap the Headquarters you keep" in d.app.message.text
    d.tap("HQ 4")
    d.tap("Keep (why not?)")
    assert d.app.message.text == "You keep HQ 4: now tap the one returned to the box."
    d.tap("HQ 7")
    assert "Keep" in d.names() and "Keep (why not?)" not in d.names()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_a_note_or_refusal_on_the_headquarters_covers_no_card_to_tap(driver, size):
    """"Headquarters": a tap on Keep too early, or on a card already dealt, says why in a box over the text
    beside Keep (under the cards in portrait), not over the cards the player taps next. In landscape a refusal's
    rulebook button may take the room beside HQ 10 (the box is as tall as it needs, from the bottom)."""
    from companion.ui.screens.chrome import message_box
    d = driver(size)
    new_game(d, 2)

    def covered() -> set[str]:
        d.frame()
        box = message_box(d.app.layout, d.app)[0]
        return {h.label for h in d.app.screen.ui.hits if h.label.startswith("HQ ") and h.rect.colliderect(box)}

    d.tap("Keep (why not?)")
    assert d.app.message is not None and covered() == set()
    d.tap("HQ 4")
    d.tap("HQ 7")
    d.tap("Keep")
    d.tap("HQ 4 (why not?)")
    assert d.app.message is not None and d.app.message.rule
    assert covered() <= ({"HQ 10"} if size[0] > size[1] else set()), covered()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_a_refusal_leaves_the_moves_in_sight(driver, size):
    """A greyed-out Launch (Pre-launch, "Launching the Rocket"), Boost (2.1, "Boost Cards") and Advance (2.2,
    "Phase 2.2: Advance Rocket") say why in a box that covers none of the moves: over the players' panels (at
    the left in landscape, at the top in portrait), in 2.1 over the heads of the columns (landscape) or the
    facts at the left of the rows (portrait). The rulebook button's label is shortened, never cut, in the narrow box."""
    from companion.ui import text
    from companion.ui.screens.chrome import message_box

    def assert_moves_in_sight(why: str) -> None:
        cuts = text.STATS["cut"]
        d.tap(why)
        d.frame()
        assert d.app.message is not None and d.app.message.rule, d.app.message
        box = message_box(d.app.layout, d.app)[0]
        panels = {s.name for s in d.app.game.seats(d.app.state)}
        hidden = [h.label for h in d.app.screen.ui.hits if h.rect.colliderect(box) and h.label not in panels]
        assert hidden == [], hidden
        assert text.STATS["cut"] == cuts, text.CUTS[-3:]
        d.app.message = None

    d = driver(size)
    new_game(d, 2, first_game=True)
    assert_moves_in_sight("Launch (why not?)")
    _to_post_launch(d.app.session, {"crew": {"resources": ["fuel"]}})
    d.frame()
    assert_moves_in_sight("Anna: Boost (why not?)")  # 2.1, "Boost Cards"
    to_turn(d, 2)
    assert_moves_in_sight("Advance (why not?)")


@pytest.mark.timeout(60)
def test_headquarters_8_adds_a_card_at_the_starting_card_pick(driver):
    """"Headquarters" 8: "You may add an additional card to the selection (Starting cards and phase 1.1),
    when it is your turn to pick a card." At the Starting card pick its holder has "Add a card" (HQ 8),
    and its tap reveals one more Starting card. New card is greyed there ("Starting Cards": the card picked
    is one of those revealed) and its tap says so at once."""
    from companion.rules.race_to_mars import EXTRA_CARD
    d = driver()
    s, game = _hq8_holder_may_add_a_card(d, 2, lambda state: True)
    assert d.app.screen.name == "entry" and "Add a card" in d.names(), d.names()  # the Starting card pick
    known = d.app.catalogue("starting").names()
    d.tap("New card (why not?)")  # a card not revealed cannot be picked: said at once, not after entering it
    m = d.app.message
    assert m is not None and m.rule == f"{RULEBOOK}, Starting Cards" and d.app.screen.name == "entry", m
    assert d.app.catalogue("starting").names() == known, "nothing entered, nothing kept"
    d.app.message = None
    refused = len(s.refusals())
    d.tap("Add a card")
    expect = game.expects(s.state)
    assert len(s.refusals()) == refused and s.log_tail(1, s.seq)[-1].action.kind == EXTRA_CARD
    assert expect.action == "starting" and expect.detail == "revealed", expect  # the added card, revealed


@pytest.mark.timeout(60)
def test_the_two_leftovers_after_headquarters_8_are_offered_for_the_insight_row(driver):
    """A tester's blocker: after Headquarters 8 added a Starting card, the last player to pick was asked
    "which leftover Starting card joins the Insight row?" over an empty list ("Headquarters" 8: "the last
    player to take a turn decides which of the two leftover cards to ... make available as Insight"). The
    two leftovers are offered, and a tap on one goes on."""
    import random

    from companion.rules.race_to_mars import EXTRA_CARD
    d = driver()
    s, game = _hq8_holder_may_add_a_card(d, 2, lambda state: True)
    d.tap("Add a card")
    rng = random.Random(3)
    for _ in range(200):
        if game.starting_stage(s.state) == "leftover":
            break
        s.submit(next(a for a in [game.random_action(s.state, rng) for _ in range(50)] if a.kind != EXTRA_CARD))
    assert game.starting_stage(s.state) == "leftover"
    d.frame()
    leftovers = list(game.starting_choices(s.state))
    assert len(leftovers) == 2 and set(leftovers) <= set(d.names()), (leftovers, d.names())
    d.tap(leftovers[0])
    for _ in range(3):  # a card whose Insight is not entered yet asks for it first
        if game.starting_stage(s.state) != "leftover" or d.app.dialog is None:
            break
        d.tap(d.app.dialog.options[0][0])
    assert game.starting_stage(s.state) != "leftover", d.names()  # the leftover joined the Insight row


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_headquarters_8_add_a_card_keeps_its_place_in_pre_launch(driver, size):
    """"Headquarters" 8 in phase 1.1: once used, "Add a card" stays where it was, greyed (its tap says
    why), so "Cards" does not move under the finger (a table's finding); every button is whole on the
    screen, also on a small portrait one."""
    from companion.rules.race_to_mars import EXTRA_CARD
    d = driver(size)
    s, _ = _hq8_holder_may_add_a_card(d, 3, lambda state: state.step == "pre-launch")
    assert d.app.screen.name == "round", d.app.screen.name
    before = {n: hit_rect(d, n) for n in ("Add a card", "Cards")}
    d.tap("Add a card")
    d.frame()
    assert d.app.screen.name == "round" and s.log_tail(1, s.seq)[-1].action.kind == EXTRA_CARD
    assert hit_rect(d, "Add a card (why not?)") == before["Add a card"] and hit_rect(d, "Cards") == before["Cards"]
    screen = d.app.surface.get_rect()
    assert all(screen.contains(h.rect) for h in d.app.screen.ui.hits), [h.label for h in d.app.screen.ui.hits
                                                                      if not screen.contains(h.rect)]
    d.tap("Add a card (why not?)")
    assert d.app.message is not None and d.app.message.rule.startswith(RULEBOOK), d.app.message


def hit_rect(d, name):
    return next(h.rect for h in d.app.screen.ui.hits if h.label == name)


def _hq8_holder_may_add_a_card(d, seed: int, where):
    """A 2-player game where Anna keeps Headquarters 8, played on by random moves (never her extra card)
    until she may add one in a state ``where(state)`` accepts; returns ``(session, game)``."""
    import random

    from companion.rules.race_to_mars import EXTRA_CARD
    new_game(d, 2)
    for keep, back in ((8, 3), (1, 2)):
        d.tap(f"HQ {keep}")
        d.tap(f"HQ {back}")
        d.tap("Keep")
    s, rng = d.app.session, random.Random(seed)
    game = s.game
    for _ in range(400):
        if where(s.state) and any(a.kind == EXTRA_CARD for a in game.legal_actions(s.state)):
            break
        s.submit(next(a for a in [game.random_action(s.state, rng) for _ in range(50)] if a.kind != EXTRA_CARD))
    d.frame()
    return s, game


@pytest.mark.timeout(60)
def test_a_refusal_on_the_card_list_leaves_search_in_sight(driver):
    """A tester's finding: a refusal on the Starting card list was drawn over "Search by name or effect", and a
    tap on Search opened the rulebook. The message goes at the bottom of the list; Search stays clear."""
    from companion.ui.screens.chrome import message_box
    d = driver()
    _hq8_holder_may_add_a_card(d, 2, lambda state: True)
    d.tap("New card (why not?)")
    d.frame()
    box = message_box(d.app.layout, d.app)[0]
    assert d.app.message is not None and not box.colliderect(hit_rect(d, "Search")), (box, hit_rect(d, "Search"))


def test_a_starting_card_move_says_what_it_did(driver):
    """A tester's finding: Undo said "Took back: Daniel: Starting card Starting card 5" for a reveal and a pick
    alike. The words say what the move did with the card."""
    from companion.rules.contract import Action
    d = driver()
    new_game(d, 2)
    ui, state = d.app.game_ui, d.app.state
    card = {"name": "Starting card 5"}
    said = {place: ui.describe_action(state, Action("starting", {"card": card, "place": place}, 0))
            for place in ("insight", "revealed", "crew", "module")}
    assert said == {"insight": "Anna: Starting card 5 joins the Insight row",
                    "revealed": "Anna: Starting card 5 revealed", "crew": "Anna: recruits Starting card 5",
                    "module": "Anna: attaches Starting card 5"}, said


@pytest.mark.timeout(60)
def test_a_rocket_on_mars_is_said_to_have_reached_it_not_to_go_there(driver):
    """"The Game Ends": a player reaching "the final space on their trajectory (on the Mars card)" ends the
    game once the round is complete, so the turn goes on after it. A tester's screen (128-w-atmars) then said
    "With what is in play: 0 spaces, to Mars!" in 2.2: it says the rocket has reached Mars."""
    d = driver()
    new_game(d, 2, first_game=True)
    s = d.app.session
    _to_post_launch(s, {"crew": {"resources": ["fuel"]}}, lanes=[[]] * 4)   # Earth, then the Mars card
    d.frame()
    d.tap("Anna: play")
    d.tap(d.app.dialog.options[0][0])
    to_turn(d, 2)
    advance = next(a for a in s.game.legal_actions(s.state) if a.kind == "advance")
    assert s.submit(advance).accepted and s.state.end and s.state.sub == 2
    d.frame()
    shown = " | ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "to Mars!" not in shown and "The rocket has reached Mars" in shown, shown
