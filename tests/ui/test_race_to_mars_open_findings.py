"""Race to Mars findings earlier play tests left open (helper h2): what an empty Rocket module reads, the
Crew count with Headquarters 9's Boosts, the top bar with the "Not saved" sign, and every Insight in words.

Source: shared/rules/race-to-mars.txt ("The Rocket", "Launching the Rocket", "Headquarters", "Phase 2.4:
Spend Experience", "Starting Cards", "Reference: Insights and Hazards")."""
from __future__ import annotations

import random

import pygame
import pytest

from companion.rules import GAMES
from companion.rules import race_to_mars as rm
from companion.session import Session
from companion.ui.driver import Driver
from companion.ui.games.race_to_mars import facts
from companion.ui.games.race_to_mars.panels import card_lines
from companion.ui.layout import Layout
from tests.rules.test_race_to_mars_helpers import act, options


@pytest.mark.parametrize("card", [{"name": "HULL", "module": {}}, {"name": "HULL"}])
def test_a_rocket_module_entered_with_nothing_on_it_reads_not_entered_not_no_effect(card):
    """"The Rocket": every module the rulebook describes gives one of its effects, so a grey part saved with no
    field entered (a tester typed the name "HULL" and saved the page empty) is one not entered, as the editor,
    the catalogue and the player's details say; the panel read "HULL (no effect)". It still counts as a
    module ("Launching the Rocket": twice as many Crew cards as Rocket modules). A card attached with no module
    part at all read "HULL (other)" and "other: not entered" (the rules' mark of a part not entered)."""
    s = rm.new_game(options(2))
    s, _ = act(s, rm.PICK, 0, card=card, place="module")
    assert [m.name for m in s.players[0].modules] == ["HULL"]
    assert facts.module_brief(s, 0, 0) == "not entered"
    assert facts.module_lines(s, 0) == ["1. HULL: Rocket module not entered"]
    pygame.font.init()
    lay = Layout((1280, 720))
    assert card_lines(s, 0, 2, lay.px(600), lay.small) == ["Rocket: HULL (not entered)"]
    assert next(r for r in rm.launch_readiness(s) if r["seat"] == 0)["need"] == 2


def test_headquarters_9s_boosts_are_in_the_crew_deck_count_and_the_panel_names_them():
    """A tester's finding: the panel's Crew count included a Boost. The rulebook says so for Headquarters 9
    ("Start with two Boost cards in your Crew deck ... Include the two starting Boost cards in your deck count
    when launching your rocket"): the count is the Crew deck's, compared with what launching needs, and stays;
    the card line under it names the Boosts ("Crew: ..., 2 Boosts") so the count reads as cards, not abilities."""
    s = rm.new_game(options(2, first_game=False))
    s, _ = act(s, rm.HEADQUARTERS, 0, keep=9, back=1)
    s, _ = act(s, rm.HEADQUARTERS, 1, keep=2, back=3)
    assert s.players[0].boosts == 2 and s.players[0].crew == ()
    assert rm.summary(s)["players"][0]["crew_deck"] == 2
    assert next(r for r in rm.launch_readiness(s) if r["seat"] == 0)["crew"] == 2
    pygame.font.init()
    lay = Layout((1280, 720))
    assert card_lines(s, 0, 2, lay.px(600), lay.small) == ["Crew: 2 Boosts"]


def _top_words(folder, catalogues, size, game_id: str, moves: int) -> tuple[list[str], bool]:
    """The top bar's words (the sign's left out) after ``moves`` seeded random moves of a 3-player ``game_id``
    (Race to Mars with Headquarters and Starting cards), on a saved file or, with ``folder`` a folder, in memory
    (the "Not saved" sign up); and whether the sign is drawn."""
    with Session.open(folder) as s:
        opts = dict(GAMES[game_id].default_options(None, 3))
        if game_id == rm.GAME_ID:
            opts["first_game"] = False
        s.new_game(game_id, opts)
        rng = random.Random(1)
        for _ in range(moves):
            s.submit(s.game.random_action(s.state, rng))
        pygame.display.init()
        pygame.display.set_mode(size)
        d = Driver(s, catalogues, size)
        if d.app.dialog is not None:
            d.tap("Close")
        top = d.app.layout.top
        words = [t for t, r, _ in d.app.screen.ui.texts if r.colliderect(top)]
        sign = any(w in ("Not", "Not saved") for w in words)
        return [w for w in words if w not in ("Not", "saved", "Not saved", "no die used", "Die not used",
                                              "in this game")], sign


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
@pytest.mark.parametrize("moves", [0, 12, 120])
def test_the_not_saved_sign_costs_race_to_mars_none_of_its_top_bar_words(tmp_path, catalogues, size, moves):
    """A tester's finding: with the top bar's "Not saved" sign up (a read-only file, a full disk), the game's
    words shortened ("Headquarters · Setup" to "Setup", "Hazard! · Round 17" to "Round 17"): the whole
    step is what the table reads there ("Headquarters", "Playing the Game 2: Post-Launch"). Portrait: the sign
    in the first row's room between Redo and New game; landscape: in the die status's panel ("no die used")."""
    folder = tmp_path / "a folder"   # `play --db` a folder: in memory, nothing saved
    folder.mkdir()
    saved, sign = _top_words(tmp_path / "db.sqlite3", catalogues, size, rm.GAME_ID, moves)
    assert not sign
    unsaved, sign = _top_words(folder, catalogues, size, rm.GAME_ID, moves)
    assert sign and len(unsaved) == len(saved)
    for with_sign, without in zip(unsaved, saved):   # each part whole, or longer ("1.1 Pick a card" for "1.1")
        parts = with_sign.split(" \u00b7 ")
        assert all(any(x == w or x.startswith(w + " ") for x in parts) for w in without.split(" \u00b7 ")), (
            with_sign, without)


def test_an_insight_not_entered_says_what_it_may_be_before_the_experience_is_spent(tmp_path, catalogues):
    """A tester's finding: an undescribed Starting card's Insight read "2 XP: not entered" on its 2.4 button
    and a tap spent the Experience at once, the table never told what it does. A tap now shows it whole first
    ("Phase 2.4: Spend Experience"): done at the table as printed, likely one of the back page's Insights that
    no other card carries (the rules' BACK_PAGE_ONLY, "Reference: Insights and Hazards"); the spend is the
    dialog's button."""
    from companion.rules.race_to_mars.cards import BACK_PAGE_ONLY, INSIGHT_NOT_ENTERED
    with Session.open(tmp_path / "db.sqlite3") as s:
        def undescribed(a) -> bool:
            return a.kind == rm.INSIGHT and s.state.insights[a.args["which"]].text == INSIGHT_NOT_ENTERED

        def reached() -> bool:   # seeded random games until one has an undescribed Insight to spend on in 2.4
            for seed in range(40):
                s.new_game(rm.GAME_ID, dict(GAMES[rm.GAME_ID].default_options(None, 3), first_game=False))
                rng = random.Random(seed)
                while not s.game.is_over(s.state):
                    if s.state.step == "turn" and s.state.sub == 4 and any(map(undescribed,
                                                                                s.game.legal_actions(s.state))):
                        return True
                    s.submit(s.game.random_action(s.state, rng))
            return False
        assert reached()
        pygame.display.init()
        pygame.display.set_mode((800, 480))
        d = Driver(s, catalogues, (800, 480))
        if d.app.dialog is not None:
            d.tap("Close")
        a = next(a for a in s.game.legal_actions(s.state) if undescribed(a))
        ins, seat = s.state.insights[a.args["which"]], a.seat
        xp = s.state.players[seat].xp
        d.tap(ins.name)
        assert d.app.dialog is not None and s.state.players[seat].xp == xp   # nothing spent yet
        words = " ".join(t for t, _, _ in d.app.screen.ui.texts)
        assert all(b in words.replace("\n", " ") for b in ("do what the card says", *BACK_PAGE_ONLY[:1])), words
        spend = next(n for n in d.names() if n.startswith(ins.name))
        d.tap(spend)
        assert s.state.players[seat].xp < xp
        assert s.state.players[seat].xp < ins.cost and s.state.sub == 4   # greyed now: a tap still says what it does
        d.tap(ins.name + " (why not?)")
        words = " ".join(t for t, _, _ in d.app.screen.ui.texts)
        assert "do what the card says" in words and "Not now" in words, words


def test_headquarters_9s_boosts_are_shown_before_the_experience_none_has_before_launch(tmp_path, catalogues):
    """Before launch the panel gave its room to "XP 0" (no Experience is gained before launch: it comes from
    phases 2.1-2.4 and Headquarters 10's Asteroids) before the Boosts that make up part of the Crew number
    (Headquarters 9: "Start with two Boost cards in your Crew deck")."""
    from companion.rules.contract import Action
    with Session.open(tmp_path / "db.sqlite3") as s:
        s.new_game(rm.GAME_ID, dict(GAMES[rm.GAME_ID].default_options(None, 3), first_game=False))
        for keep, back in ((9, 1), (2, 3), (4, 5)):
            s.submit(Action(rm.HEADQUARTERS, {"keep": keep, "back": back}, rm.to_act(s.state).seats[0]))
        rng = random.Random(2)
        while s.state.step != "pre-launch":
            s.submit(s.game.random_action(s.state, rng))
        hq9 = next(p.seat for p in s.state.players if p.hq == 9)
        pygame.display.init()
        pygame.display.set_mode((800, 480))
        d = Driver(s, catalogues, (800, 480))
        panel = next(h.rect for h in d.app.screen.ui.hits if h.label == s.state.names[hq9])
        words = [t for t, r, _ in d.app.screen.ui.texts if panel.contains(r)]
        assert "Boosts" in words and ("XP" not in words or words.index("Boosts") < words.index("XP")), words


def test_a_starting_card_list_says_an_other_insight_by_its_words():
    """A Starting card whose Insight the players entered in their own words ("Other (say it)": one the rules do
    not carry out, e.g. the back page's "gain a Crew ability") read "2 XP: Other (say it)" in the card lists
    (the Insight row's pick, the catalogue): its words instead, as its "i" and 2.4 say them."""
    from companion.ui.games.race_to_mars.words import brief
    card = {"name": "Starting card 5", "insight": {"cost": 2, "effect": "other", "text": "gain a Crew ability"}}
    assert brief(card, "insight") == "2 XP: gain a Crew ability"
    assert brief({"name": "Starting card 1", "insight": {"cost": 2, "effect": "jettison"}},
                 "insight") == "2 XP: Jettison a card"
