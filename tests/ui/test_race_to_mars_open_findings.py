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
