"""Mission to Mars 2049 on the portrait screen (480x800, the 800x480 panel turned on its side) and other narrow
layouts: a tester's open findings (the player panels' key numbers on their info line, the events box beside the
Productivity Mission, two forms of the tokens in one row). Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pytest

from companion.rules.mission_to_mars_2049.model import replace

from .helpers import assert_no_overlaps
from .readable import check_sizes
from .test_mission_to_mars_2049_report import colony, driver, put  # noqa: F401 (fixture)

SIZES = [(480, 800), (800, 480), (1280, 720), (720, 1280)]


def panels(d):
    """The players' panels drawn last frame (each panel is the largest button named after its player)."""
    names = [s.name for s in d.app.game.seats(d.app.state)]
    hits = d.app.screen.ui.hits
    return {n: max((h.rect for h in hits if h.label == n), key=lambda r: r.w * r.h) for n in names}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_text_of_a_player_panel_overlaps_another(driver, size, players):
    """A tester's finding: with 4 players at 480x800 each panel's key numbers (the resources, "20") sat 2-3 px on
    the info line under them ("4 Bases \u00b7 3 St \u00b7 4:1 \u00b7 0 Mis"). At every size, with 2 to 4
    players, the 49-point victory agreed (5.0: "18/49 pts") and a player captured (4.1), no text of a panel
    overlaps another beyond the fonts' room above and below their letters (the tests' overlap check), each is
    inside its panel, the key numbers keep the key size (24 px capitals at 800x480) and the info line the
    reading size."""
    d = driver(size, players, points_49=True)
    lay = d.app.layout
    state = replace(d.app.state, phase="main", current=0, produced=0, face=1, turn=30)
    for seat in range(players):
        state = colony(state, seat, cards=(20, 9, 88), tok3=(1, 2, 3), roads=3, peaceful=2, aggressive=1,
                       bases=5, captured=1 if seat == players - 1 else 0)
    put(d, state)
    where = f"{players} players at {size}"
    assert_no_overlaps(d, where)
    check_sizes(d, where, key_texts=None)
    rects = panels(d)
    for name, panel in rects.items():
        inside = [(t, r) for t, r, _ in d.app.screen.ui.texts if panel.collidepoint(r.center)]
        assert any(t == name for t, _ in inside) and any(t.endswith("Mis") for t, _ in inside), (where, inside)
        assert all(panel.contains(r) for _, r in inside), (where, [(t, r) for t, r in inside
                                                                  if not panel.contains(r)], panel)
    sizes = {t: (sz, cls) for t, sz, _, cls in d.app.screen.ui.text_sizes}
    keys = [(t, sz) for t, sz, _, cls in d.app.screen.ui.text_sizes if cls == "key"]
    assert len(keys) >= players and {sz for _, sz in keys} == {lay.big}, keys   # at least "R 3" in every panel
    info = [t for t in sizes if t.endswith(" Mis")]
    assert info and all(sizes[t] == (lay.small, "read") for t in info), info
