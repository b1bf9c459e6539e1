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
    after = d.app.catalogue("space").get("C89")
    assert after["crew"] == {"resources": ["fuel"]}
    if answer.startswith("Keep"):
        assert after["module"] == C89["module"] and after["trajectory"] == C89["trajectory"]
    else:
        assert "module" not in after and "trajectory" not in after
    assert d.app.current_screen().name == "round" and d.app.session.state.players[0].crew[-1].name == "C89"
