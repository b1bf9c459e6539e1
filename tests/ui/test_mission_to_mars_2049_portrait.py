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


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("events", [(), ('Green: "I\'m done!"',)])
def test_what_happened_this_turn_is_read_whole_beside_productivity_before_the_roll(driver, players, events):
    """A tester's finding: with 4 players at 480x800, before Red's roll with Blue holding a Peaceful Mission Card
    (4.1 Productivity Mission: "Play at any time you wish"), the narrow box beside the Productivity button cut
    even "Nothing yet this turn." ("Nothing yet this\u2026"). Its sentence, or the last player's "I'm done!", is
    drawn whole, in the box, clear of the button, the Game Bank's line and the die's faces."""
    from companion.rules.contract import Event
    from companion.ui import text
    d = driver((480, 800), players)
    cuts = text.STATS["cut"]
    put(d, replace(colony(d.app.state, 1, peaceful=1), phase="roll", current=0, produced=-1, face=0, turn=5),
        [Event("done", e) for e in events])
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    texts = d.app.screen.ui.texts
    bank = next(r for t, r, _ in texts if t.startswith("Bank:"))
    said = [(t, r, box) for t, r, box in texts if t in (*events, "Nothing yet this turn.", "Nothing yet.")]
    assert len(said) == 1 and text.STATS["cut"] == cuts, ([t for t, _, _ in texts], text.CUTS[-2:])
    _, drawn, box = said[0]
    button = hits["Productivity"]
    faces = [hits[f"face {k}"] for k in range(1, 7)]
    assert box.contains(drawn) and not drawn.colliderect(button) and not drawn.colliderect(bank), (drawn, box)
    assert not button.colliderect(bank) and not any(button.colliderect(f) or drawn.colliderect(f) for f in faces)
    assert min(button.size) >= 0.85 * d.app.layout.touch
    assert_no_overlaps(d, f"before the roll, {players} players")


def token_rows(d):
    """Per player panel, ``(kind, size, bold)`` of each text saying what Resource Tokens are worth ("88+97t": one,
    "+97t": beside the cards, "97t": apart), and those texts."""
    import re
    kinds = ((re.compile(r"^\d+\+\d+t$"), "one"), (re.compile(r"^\+\d+t$"), "beside"), (re.compile(r"^\d+t$"), "apart"))
    ui = d.app.screen.ui
    rows = {}
    for name, panel in panels(d).items():
        said = [(next(k for p, k in kinds if p.match(t)), sz, bold, t)
                for (t, r, _), (_, sz, bold, _) in zip(ui.texts, ui.text_sizes)
                if panel.collidepoint(r.center) and any(p.match(t) for p, _ in kinds)]
        rows[name] = said
    return rows


#: (cards, what the tokens are worth) of Air, Food, Minerals, a row per player: 2 digits, 1 and 2, 1
TOKEN_ROWS = [((88, 99, 20), (97, 97, 48)), ((5, 20, 9), (3, 3, 97)), ((88, 99, 2), (0, 97, 3)),
              ((1, 2, 3), (3, 0, 8))]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("size", [(480, 800), (800, 480), (720, 1280)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_row_says_the_tokens_in_one_form(driver, size, players):
    """A tester's finding: at 480x800 a row showed "88+97t" beside "99 +97t", two forms of one thing. With 1- and
    2-digit counts, every resource with tokens says their worth with its "t" (3.8), and all in one row in one form
    at one size: "A 88+97t F 99+97t M 20+48t", "A 88 F 99 +97t M 2 +3t"."""
    d = driver(size, players)
    state = replace(d.app.state, phase="main", current=0, produced=0, face=1, turn=12)
    for seat in range(players):
        cards, worth = TOKEN_ROWS[seat]
        parts = [next((a, (w - 3 * a) // 8) for a in range(40) if w >= 3 * a and (w - 3 * a) % 8 == 0) for w in worth]
        state = colony(state, seat, cards=cards, tok3=tuple(a for a, _ in parts), tok8=tuple(b for _, b in parts))
    put(d, state)
    for seat, (name, said) in enumerate(token_rows(d).items()):
        worth = [w for w in TOKEN_ROWS[seat][1] if w]
        assert [t.split("+")[-1] for *_, t in said] == [f"{w}t" for w in worth], (size, name, said)
        assert len({(kind, sz, bold) for kind, sz, bold, _ in said}) == 1, (size, name, said)
    assert_no_overlaps(d, f"{players} players at {size}")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
def test_a_station_with_another_players_star_is_named_whole_in_the_dialog(driver, size):
    """Found playing at 480x800: in the Sabotage Mission's "which Station?" (4.1) an option read "Food Station at
    Base 1 (red st\u2026)": the star that says the Station's original owner (the picture under 7. F.A.Q.: "The
    small colored star on the Resource stations shows that station's original owner") was cut. Every option is
    whole, the star said: on a second line where the button is too narrow for one, "Food Station at Base 1" over
    "red star"."""
    from companion.ui import text
    from .test_mission_to_mars_2049_table_words import _busy, _play
    d = driver(size, 3)
    # Blue's Stations: the First Base's three, and a Food Station with Red's star (taken by a Crimean Mission)
    put(d, colony(_busy(d.app.state), 1, stations=((0, 1, 1), (1, 1, 1), (2, 1, 1), (1, 0, 1))))
    cuts = text.STATS["cut"]
    _play(d, "Sabotage Mission")
    d.tap("Blue")
    assert d.app.dialog is not None and d.app.dialog.title.endswith("which Station?"), d.app.dialog
    d.frame()
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]
    assert "Food Station at Base 1 (red star)" in shown or \
        ("Food Station at Base 1" in shown and "red star" in shown), shown
    assert_no_overlaps(d, f"which Station? at {size}")
