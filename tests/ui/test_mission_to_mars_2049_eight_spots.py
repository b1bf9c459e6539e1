"""Mission to Mars 2049 through the screen, a tester's findings around the 8 spots around a Base (3.6.2):
"Station (why not?)" says the reason that blocks the choices (the full Base), not the first resource's; alike
Stations are one choice with no ordinal where a Base goes over one (7. F.A.Q. Q.2); the tip after a Base built
over a Station of a full Base does not offer the free spot just refused.
Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pytest

from companion.ui.widgets import tappable

from .test_mission_to_mars_2049_report import busy, colony, driver, put  # noqa: F401 (fixture)

AROUND = "mission-to-mars-2049.txt, 3.6 How does building work?, 3.6.2"


def full_base(d, first=0, last=2):
    """Red's main phase, rich, Base 1 alone with 5 ``first``, 2 Food and 1 ``last`` Station (its 8 spots taken,
    3.6.2): no ``first`` Station token left (2.2), Food and ``last`` ones left and paid for."""
    stations = ((first, 0, 1),) * 5 + ((1, 0, 1),) * 2 + ((last, 0, 1),)
    supply = tuple(5 - sum(1 for s in stations if s[0] == r) for r in range(3))
    state = colony(busy(d.app.state), 0, bases=1, stations=stations, supply=supply, lab3=0, lab2=0)
    return put(d, state)


@pytest.mark.parametrize("first, last", [(0, 2), (2, 0)])
def test_station_why_not_says_the_full_base_not_the_first_resource_out(driver, first, last):
    """5 Air (or 5 Minerals: both orders of the facts), 2 Food and 1 Mineral (or Air) Station at Base 1:
    the Food and the other Station are refused because Base 1 is full, the 5-of-a-kind because none is left;
    "Station (why not?)" says the full Base, which blocks the most choices (3.6.2), not "All 5 of your Air
    Stations are on the map" (2.2)."""
    d = driver()
    full_base(d, first, last)
    assert "Station (why not?)" in d.names(), d.names()
    d.tap("Station (why not?)")
    m = d.app.message
    assert m is not None and m.rule == AROUND, m
    assert m.text.startswith("No free spot around Base 1: its 8 intersections (straight and diagonally) hold 8 "
                             "Stations."), m.text
    assert d.app.session.refusals()[-1]["action"] == {"kind": "build_station", "seat": 0}


def test_alike_stations_are_one_choice_with_no_ordinal_for_a_base_over_one(driver):
    """Base 2 over which Station: the 5 Air Stations at Base 1 are one option, "Air Station at Base 1" (no "(4th)",
    no "(5th)"), and the confirmation names it with no ordinal (7. F.A.Q. Q.2)."""
    d = driver()
    full_base(d)
    d.tap("Base")
    assert d.app.dialog.title == "Base 2: where?", d.app.dialog.title
    d.tap("Over my own Station\u2026")
    options = [x for x, cb in d.app.dialog.options if tappable(cb) and x != "Cancel"]
    assert options == ["Air Station at Base 1", "Food Station at Base 1", "Mineral Station at Base 1"], options
    d.tap("Air Station at Base 1")
    assert d.app.dialog.title == "This removes your Air Station at Base 1 with no refund: sure?", d.app.dialog.title


def test_the_tip_after_a_base_over_a_station_of_a_full_base_offers_no_free_spot(driver):
    """Base 1's 8 spots taken, Base 2 goes over one of its Stations, the only way (3.6.2, Q.2): the tip after
    it says so, not "Otherwise build it on a free spot next to your newest Base", the spot just refused."""
    d = driver()
    full_base(d)
    d.tap("Base")
    d.tap("Over my own Station\u2026")
    d.tap("Food Station at Base 1")
    d.tap("Yes, Base 2 over it")
    assert d.app.state.colonies[0].bases == 2
    m = d.app.message
    assert m is not None and m.text.startswith("With the 8 spots next to your Base 1 all taken, a Base over your own "
                                               "Station is the only way (3.6 How does building work?, 3.6.2); the "
                                               "Station leaves the map with no refund"), m
    assert "free spot" not in m.text, m.text

