"""Portrait, the 800x480 panel on its side (``--size 480x800 --rotate 90``)
and 720x1280: the dice and the total stay in sight above the face pad, and
a refusal leaves the resources and the selected Marsonaut in sight."""
from __future__ import annotations


import pytest

from .helpers import assert_no_overlaps, knock_out, start_game
from .test_screens import selected_name

PORTRAIT = [(480, 800), (720, 1280)]


def visible(d, s):
    """True when text ``s`` was drawn in the last frame and nothing drawn after it covers it."""
    return any(t == s for t, _, _ in d.app.screen.ui.texts)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", PORTRAIT)
def test_the_dice_and_the_total_stay_above_the_face_pad(make_driver, size):
    d = make_driver(size)
    start_game(d)
    d.tap("Broken Pipe")
    d.tap("bay 4")
    d.tap("bay 4")
    d.key("next")
    d.roll(2)
    assert d.app.state.step == "check" and d.app.state.pending
    texts = d.app.screen.ui.texts
    dice = [(t, r) for t, r, _ in texts if t.startswith("Dice 2 ?")]
    total = [(t, r) for t, r, _ in texts if "Total 2 of 7" in t]
    assert dice and total, [t for t, _, _ in texts]
    pad = [h.rect for h in d.app.screen.ui.hits if h.label == "face 1"][0]
    prompt = [r for t, r, _ in texts if t.startswith("Roll:")][0]
    for t, r in dice + total:
        assert r.bottom <= prompt.top and r.bottom <= pad.top, f"{t!r} at {r} is under the face pad"
    assert_no_overlaps(d, f"check rolling {size}")


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", PORTRAIT + [(800, 480), (1280, 720)])
def test_a_refusal_leaves_the_resources_and_the_selected_marsonaut_in_sight(make_driver, size):
    d = make_driver(size)
    start_game(d)
    d.tap("Broken Pipe")
    knock_out(d, 2)
    for who in range(4):
        d.app.message = None
        d.frame()
        d.tap("Maria")  # Knocked Out: refused with its section
        d.app.screen.selected = who if who != 2 else 3  # (a refused tap selects nobody; keep one to look at)
        d.frame()
        assert d.app.message is not None and d.app.message.rule
        shown = [t for t, _, _ in d.app.screen.ui.texts]
        for name in ("Oxygen", "Fuel", "Food", "Spares"):
            assert name in shown, f"{name} is hidden by the refusal"
        keep = selected_name(d)
        assert keep in d.names(), f"{keep}, selected, is hidden by the refusal"
        assert_no_overlaps(d, f"refusal, {keep} selected, {size}", keep={keep})


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", PORTRAIT)
def test_the_crew_and_the_bays_are_a_finger_high(make_driver, size):
    """A tester's finding: in portrait the four crew rows and the four rows of Bays shared the height,
    44 px each at 480x800 and 73 px at 720x1280, under a finger's ``touch`` (56 and 84 px, about 9 mm).
    The crew are now two rows of tiles (the name and Role, then Health and Sanity), and every Marsonaut,
    every Bay and Same as yesterday is a finger's touch each way; nothing overlaps, a Knocked Out one too."""
    from .test_screens import check_frame
    d = make_driver(size)
    start_game(d)
    d.tap("Broken Pipe")
    knock_out(d, 1)
    lay = d.app.layout
    crew = ("Larisa", "Jean-Louis", "Maria", "Dieter")
    targets = [h for h in d.app.screen.ui.hits
               if h.label in crew or h.label.startswith(("bay ", "Same as yesterday"))]
    assert len(targets) == 12, [h.label for h in targets]
    small = [(h.label, h.rect.size) for h in targets if min(h.rect.size) < lay.touch]
    assert not small, f"smaller than a finger ({lay.touch} px): {small}"
    shown = [t for t, _, _ in d.app.screen.ui.texts]
    assert all(f"S {m.sanity}" in shown for m in d.app.state.crew), shown
    check_frame(d, f"place {size}")
