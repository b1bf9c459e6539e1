"""Race to Mars findings earlier play tests left open (helper h2): what an empty Rocket module reads, the
Crew count with Headquarters 9's Boosts, the top bar with the "Not saved" sign, and every Insight in words.

Source: shared/rules/race-to-mars.txt ("The Rocket", "Launching the Rocket", "Headquarters", "Phase 2.4:
Spend Experience", "Starting Cards", "Reference: Insights and Hazards")."""
from __future__ import annotations

import pygame

from companion.rules import race_to_mars as rm
from companion.ui.games.race_to_mars import facts
from companion.ui.games.race_to_mars.panels import card_lines
from companion.ui.layout import Layout
from tests.rules.test_race_to_mars_helpers import act, options


def test_a_rocket_module_entered_with_nothing_on_it_reads_not_entered_not_no_effect():
    """"The Rocket": every module the rulebook describes gives one of its effects, so a grey part saved with no
    field entered (a tester typed the name "HULL" and saved the page empty) is one not entered, as the editor,
    the catalogue and the player's details say; the panel read "HULL (no effect)". It still counts as a
    module ("Launching the Rocket": twice as many Crew cards as Rocket modules)."""
    s = rm.new_game(options(2))
    s, _ = act(s, rm.PICK, 0, card={"name": "HULL", "module": {}})
    assert [m.name for m in s.players[0].modules] == ["HULL"]
    assert facts.module_brief(s, 0, 0) == "not entered"
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
