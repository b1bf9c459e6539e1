"""Stan's ward protects a friend, not Stan: when Stan is chosen the screen
says so in one line with its section (the rules' decision, no rules change)."""
from __future__ import annotations

import dataclasses

import pytest

from .helpers import start_game
from .test_screens import SIZES, check_frame


def placing_with(d, sanity):
    start_game(d, crew=("Larisa", "Stan", "Maria", "Dieter"))
    d.tap("Broken Pipe")
    s = d.app.session
    s._states[-1] = dataclasses.replace(s.state, crew=tuple(
        dataclasses.replace(m, sanity=sanity.get(m.profile.short, 5)) for m in s.state.crew))
    d.frame()


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", SIZES)
def test_stan_chosen_says_he_wards_a_friend(make_driver, size):
    d = make_driver(size)
    placing_with(d, {"Stan": 10, "Larisa": 10})
    d.tap("Ability")
    assert "Stan: protect a friend's Sanity" in [o for o, _ in d.app.dialog.options]
    d.tap("Stan: protect a friend's Sanity")
    dialog = d.app.dialog
    assert [o for o, _ in dialog.options] == ["Larisa", "Maria", "Dieter"]
    assert len(dialog.lines) == 1 and "Not Stan himself" in dialog.lines[0], dialog.lines
    assert "Marsonaut Profiles: Stan" in dialog.lines[0]
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Not Stan himself" in shown
    check_frame(d, f"Stan's ward {size}")
    d.tap("Maria")
    assert d.app.state.crew[2].warded and d.app.state.crew[1].sanity == 1


@pytest.mark.timeout(30)
def test_stan_alone_goes_straight_to_his_friends(make_driver):
    d = make_driver((800, 480))
    placing_with(d, {"Stan": 10})
    d.tap("Ability")
    assert "Not Stan himself" in d.app.dialog.lines[0]
    assert "Stan" not in [o for o, _ in d.app.dialog.options]


@pytest.mark.timeout(30)
def test_a_ready_marsonaut_whose_ability_waits_is_told_why(make_driver):
    """A tester's finding: with Dieter and Stan at Sanity 10 once a Marsonaut was placed, Ability opened
    Stan's choice with no word on Dieter. The dialog says why Dieter's re-draw waits, with its section
    (Marsonaut Profiles: Dieter: "only usable when ... the Marsonauts are not placed in any Bays")."""
    d = make_driver((800, 480))
    placing_with(d, {"Stan": 10, "Dieter": 10})
    d.tap("Larisa")
    d.tap("bay 1")
    assert d.app.state.placement[0] == 1
    d.tap("Ability")
    lines = d.app.dialog.lines
    assert lines[0] == "Stan: Sanity 10 \u2192 1 afterwards (Special Ability)", lines  # what Stan's use costs
    assert len(lines) == 2 and lines[1].startswith("Dieter can ") and "Marsonaut Profiles: Dieter" in lines[1], lines
    assert [o for o, _ in d.app.dialog.options] == ["Stan: protect a friend's Sanity"]


@pytest.mark.timeout(30)
def test_the_card_dieter_just_sent_away_is_asked_about_before_it_is_drawn_again(make_driver):
    """A tester's finding: after Dieter's re-draw the same card was taken again at once, though Marsonaut
    Profiles, Dieter says "place its card to the bottom of the deck". Tapping it asks first; another card
    is drawn at once."""
    d = make_driver((800, 480))
    placing_with(d, {"Dieter": 10})
    d.tap("Ability")
    if d.app.dialog is not None and any("Dieter" in o for o, _ in d.app.dialog.options):
        d.tap(next(o for o, _ in d.app.dialog.options if "Dieter" in o))
    assert d.app.state.step == "draw", d.app.state.step
    d.tap("\u2713 Broken Pipe" if "\u2713 Broken Pipe" in d.names() else "Broken Pipe")
    assert d.app.dialog is not None and "bottom of the deck" in d.app.dialog.title
    d.tap("No")
    assert d.app.state.event is None
    d.tap("Lost Signal")
    assert d.app.state.event is not None and d.app.state.event.name == "Lost Signal"


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_the_card_dieter_just_sent_away_comes_after_the_others(make_driver, size):
    """A tester's finding: after Dieter's re-draw the card sent to the bottom of the deck (Marsonaut Profiles,
    Dieter) stayed first in the list, where the finger goes for the card drawn instead, and its tap only asked
    "is it really the card drawn now?". It comes after the cards not drawn yet."""
    d = make_driver(size)
    placing_with(d, {"Dieter": 10})
    d.tap("Ability")
    d.tap(next(o for o, _ in d.app.dialog.options if "Dieter" in o))
    assert d.app.state.step == "draw", d.app.state.step
    tiles = [n for n in d.names() if n in ("Broken Pipe", "Lost Signal", "Quiet Day")]
    assert tiles == ["Lost Signal", "Quiet Day", "Broken Pipe"], d.names()
    d.tap("Lost Signal")
    assert d.app.state.event.name == "Lost Signal"


@pytest.mark.timeout(30)
def test_a_failed_check_taking_sanity_waits_for_stans_ward(make_driver):
    """A tester's finding: Maria's check failed at its last die and resolved at once, her Sanity gone,
    though Stan (Sanity 10) may prevent a friend's Sanity loss "Anytime during the game" (Marsonaut
    Profiles: Stan). With his ward allowed for someone the result hits, the check waits (for it, or NEXT): the
    table sees the dice, Stan wards Maria, and the Check Negative's Sanity loss does not reach her."""
    d = make_driver((800, 480))
    placing_with(d, {"Stan": 10})  # Broken Pipe: Cargo Bay, difficulty 7, Check Negative -1 Sanity
    s = d.app.session
    d.tap("Maria")
    d.tap("bay 4")
    d.tap("Dieter")
    d.tap("bay 1")
    d.key("next")  # the check
    d.roll(1)
    assert s.state.step == "check" and not s.state.pending and s.state.dice == (1,), s.state.step
    d.tap("Ability")  # Stan's ward the only Special Ability now: it asks whose Sanity
    d.tap("Maria")  # nothing left for an ability to change: the check resolves on its own
    assert s.state.step != "check" and s.state.crew[2].sanity == 5 and not s.state.crew[2].warded
    assert s.state.crew[1].sanity == 1


@pytest.mark.timeout(30)
def test_a_failed_check_stans_ward_cannot_help_resolves_on_its_own(make_driver):
    """The other side: no Sanity in the results, or Stan not at 10, and the check resolves at its last die."""
    d = make_driver((800, 480))
    placing_with(d, {"Stan": 9})
    s = d.app.session
    d.tap("Maria")
    d.tap("bay 4")
    d.key("next")
    d.roll(1)
    assert s.state.step != "check" and s.state.crew[2].sanity == 4
