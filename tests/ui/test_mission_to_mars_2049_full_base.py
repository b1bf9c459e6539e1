"""Mission to Mars 2049 through the screen, a play tester's findings: a Base whose 8 spots are taken (3.6.2)
shown where the table picks the Base, greyed with the reason; Trade's Road card greyed like Take a card's
(3.11.4); a "why not?" refusal logged as what the player tapped, not a pile nobody chose (4.0.2).
Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pytest

from companion.rules.mission_to_mars_2049.model import replace
from companion.ui.widgets import tappable

from .test_mission_to_mars_2049_report import busy, colony, driver, put  # noqa: F401 (fixture)

AROUND = "mission-to-mars-2049.txt, 3.6 How does building work?, 3.6.2"
BLOCKED = "mission-to-mars-2049.txt, 7. F.A.Q. (Optional), Q.2 / 3.6 How does building work?, 3.6.2"


def greyed(d):
    return [x for x, cb in d.app.dialog.options if tappable(cb) is None]


def full_base_1(d, **changes):
    """Red's main phase, rich, Bases 1 and 2: Base 1 holds 7 Stations and Base 2 (its 8 spots taken)."""
    stations = ((0, 0, 1),) * 3 + ((1, 0, 1),) * 3 + ((2, 0, 1),)
    return put(d, colony(busy(d.app.state), 0, bases=2, stations=stations, supply=(2, 2, 4), lab3=0, lab2=0,
                         peaceful=0, aggressive=0, **changes))


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_full_base_is_greyed_in_the_base_choice_and_says_why(driver, size):
    """Station: Base 1 is shown in its place, "Base 1: full", though Base 2 is the one Base left to choose
    (the question is asked all the same, so the table sees why); a tap on it says the rules' reason, naming
    Base 1, citing 3.6.2, and the refusal is logged with the Station and the Base tapped."""
    d = driver(size)
    full_base_1(d)
    d.tap("Station")
    d.tap("Air (2 Food, 2 Minerals)")
    assert "next to which of your Bases?" in d.app.dialog.title, d.app.dialog.title
    assert greyed(d) == ["Base 1: full"]
    assert "Base 2 (newest)" in [x for x, _ in d.app.dialog.options]
    assert "Base 1: full (why not?)" in d.names(), d.names()
    d.tap("Base 1: full (why not?)")
    m = d.app.message
    assert d.app.dialog is None and m is not None and m.rule == AROUND, m
    assert m.text.startswith("No free spot around Base 1: its 8 intersections (straight and diagonally) hold 7 "
                             "Stations and Base 2. A Station can go next to Base 2."), m.text
    refused = d.app.session.refusals()[-1]
    assert refused["action"] == {"kind": "build_station", "resource": "air", "base": 1, "seat": 0}, refused
    stations = d.app.state.colonies[0].stations
    d.tap("Station")
    d.tap("Air (2 Food, 2 Minerals)")
    d.tap("Base 2 (newest)")
    if d.app.dialog is not None:   # the 3.6.4 tip before a Station at the newest Base
        d.tap("Build anyway")
    assert d.app.state.colonies[0].stations == stations + ((0, 0, 2),)


def test_a_base_next_to_a_full_base_shows_the_free_spot_greyed(driver):
    """Base: Base 2's spots all taken, Base 3 goes only over one of its Stations (Q.2): "Free spot: Base 2
    full" stands greyed in the free spot's place, and a tap says why (3.6.2 / Q.2)."""
    d = driver()
    stations = ((0, 0, 1),) * 3 + ((1, 0, 2),) * 4 + ((2, 0, 2),) * 3
    put(d, colony(busy(d.app.state), 0, bases=2, stations=stations, supply=(2, 1, 2), lab3=0, lab2=0))
    d.tap("Base")
    assert d.app.dialog.title == "Base 3: where?"
    assert greyed(d) == ["Free spot: Base 2 full"], d.app.dialog.options
    d.tap("Free spot: Base 2 full (why not?)")
    m = d.app.message
    assert d.app.dialog is None and m.rule == BLOCKED, m
    assert "Base 3 goes next to Base 2" in m.text and "over one of your Stations at Base 2" in m.text, m.text
    d.tap("Base")
    d.tap("Over my own Station\u2026")
    assert all("Base 2" in x for x, cb in d.app.dialog.options if tappable(cb) and x != "Cancel"), \
        d.app.dialog.options


def test_trade_shows_the_road_card_greyed_like_take_a_card(driver):
    """3.11.4: with 3 Road cards, Trade's "get which?" shows the Road card in its place, greyed "Road: 3 of
    3" as Take a card does, and a tap says why; with fewer it is offered."""
    d = driver()
    put(d, colony(busy(d.app.state), 0, roads=3, cards=(20, 0, 0), tok3=(0, 0, 0)))
    d.tap("Trade")
    assert "get which?" in d.app.dialog.title, d.app.dialog.title
    assert greyed(d) == ["Road: 3 of 3"]
    d.tap("Road: 3 of 3 (why not?)")
    m = d.app.message
    assert d.app.dialog is None and m.rule.endswith("3.11 Why are Road cards special?, 3.11.4"), m
    assert m.text.startswith("No player can have more than 3 Road cards."), m.text
    assert d.app.session.refusals()[-1]["action"] == {"kind": "trade", "give": "air", "get": "road", "seat": 0}
    put(d, colony(busy(d.app.state), 0, roads=2, cards=(20, 0, 0), tok3=(0, 0, 0)))
    d.tap("Trade")
    assert greyed(d) == [] and "Road card" in [x for x, _ in d.app.dialog.options]


def test_a_why_not_refusal_is_logged_as_the_move_tapped_not_a_pile_nobody_chose(driver, capsys):
    """A tester's finding: "Buy Mission (why not?)" after a Mission Card bought this turn (4.0.2) was logged
    as ``buy(deck='peaceful', immediate=False) [refused]``. It is logged as the Buy Mission tapped, no pile."""
    from companion.cli import main
    d = driver()
    put(d, replace(colony(busy(d.app.state), 0, cards=(2, 1, 2), tok3=(0, 0, 0)), bought=True))
    d.tap("Buy Mission (why not?)")
    assert d.app.message.text.startswith("Only one Mission Card may be bought per turn."), d.app.message.text
    assert d.app.session.refusals()[-1]["action"] == {"kind": "buy", "seat": 0}
    capsys.readouterr()
    assert main(["log", "--db", str(d.app.session.store.path)]) == 0
    refused = [line for line in capsys.readouterr().out.splitlines() if "[refused]" in line]
    assert refused and "buy()" in refused[-1] and "peaceful" not in refused[-1], refused
