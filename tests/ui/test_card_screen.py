"""The card to draw: the list starts in the same place on every draw screen
(strips and messages go below it), the day before's strip is red for losses
or a failed check, its count is the lines the tap shows, Edit says what to tap next."""
from __future__ import annotations

import pytest

from companion.rules.contract import Action
from companion.ui.widgets import BAD, GOOD

from .helpers import start_game
from .test_screens import SIZES, check_frame


def first_card(d):
    hits = [h for h in d.app.screen.ui.hits if h.label in ("Quiet Day", "Broken Pipe", "Lost Signal",
                                                             "Loose Panel", "Hull Breach", "Fire Alarm")]
    return hits[0].rect


def play_day(d, card, bay, faces):
    """Draw ``card`` (by name), the first two Marsonauts to ``bay``, NEXT, the check ``faces``."""
    d.tap(card)
    d.tap("bay %d" % bay)
    d.tap("bay %d" % bay)
    d.key("next")
    for f in faces:
        d.roll(f)
    if d.app.state.step == "check":  # an ability could still change it: the table resolves
        d.key("next")


def border(d, name):
    r = [h.rect for h in d.app.screen.ui.hits if h.label == name][0]
    return tuple(d.app.surface.get_at((r.x + 1, r.centery)))[:3]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES)
def test_the_list_starts_in_the_same_place_on_every_draw_screen(make_driver, size):
    d = make_driver(size)
    start_game(d)
    where = first_card(d)  # day 1: nothing before
    check_frame(d, "day 1")
    play_day(d, "Quiet Day", 2, (6, 6))
    assert d.app.state.day == 2 and "Yesterday" in d.names()
    assert first_card(d).topleft == where.topleft, "the day before's strip moved the list"
    check_frame(d, "day 2")
    card = {"name": "Sensor Glitch", "colour": "green", "difficulty": 12, "location": 1,
            "failure": {"draw_yellow": 1, "oxygen": -2, "sanity": -1}}
    assert d.app.submit(Action("draw", {"card": card}))
    d.frame()
    d.tap("bay 1")
    d.key("next")
    d.roll(1)  # failed: a yellow card the same day, with today's losses to show
    assert d.app.game.required_colour(d.app.state) == "yellow" and "Alerts" in d.names()
    assert first_card(d).topleft == where.topleft, "today's alerts moved the list"
    check_frame(d, "yellow")
    d.app.say("A message long enough to need its box: the list stays where it is, and the box sits "
              "under it, above the row of buttons, so a habitual tap still lands on a card.", "info")
    d.frame()
    assert first_card(d).topleft == where.topleft, "a message moved the list"
    check_frame(d, "yellow with a message")


@pytest.mark.timeout(60)
def test_the_day_before_is_red_only_for_losses(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    play_day(d, "Quiet Day", 2, (6, 6))  # passed: +1 Food, nothing lost
    assert border(d, "Yesterday") == GOOD
    play_day(d, "Broken Pipe", 4, (1, 1))  # failed: -2 Oxygen, -1 Sanity
    assert border(d, "Yesterday") == BAD


@pytest.mark.timeout(60)
@pytest.mark.parametrize("bay", [2, 0], ids=["failed", "skipped"])
def test_a_failed_check_is_red_even_without_losses(make_driver, bay):
    """A tester's finding: a failed check whose Check Negative takes nothing (no losses to list) was drawn
    green, like a passed one. A failed check (or a skipped event, resolved as failed) is red."""
    d = make_driver((800, 480))
    start_game(d)
    card = {"name": "Calm Drift", "colour": "green", "difficulty": 12, "location": 2, "success": {"food": 1}}
    assert d.app.submit(Action("draw", {"card": card}))
    d.frame()
    if bay:
        d.tap("bay 2")
        d.tap("bay 2")
    d.key("next")
    if bay:
        for f in (1, 1):
            d.roll(f)
    else:
        d.tap("Skip event")  # nobody in the event Bay: asked first
    if d.app.state.step == "check":
        d.key("next")
    assert d.app.state.day == 2 and d.app.current_screen().name == "card"
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert ("Check failed" if bay else "Event skipped: nobody on the problem") in shown, shown
    assert border(d, "Yesterday") == BAD


@pytest.mark.timeout(30)
def test_a_strip_too_small_for_a_line_counts_the_lines_its_tap_shows(make_driver):
    from companion.ui.games.thirty_to_mars.alerts import shown_text
    d = make_driver((800, 480))
    ui = d.app.screen.ui
    lines = ["Check failed: 2 against 9 with a long explanation", "Sanity -1: Larisa, Maria", "Out of Food"]
    assert shown_text(ui, 120, "Day 5", lines, 1, total=14) == "Day 5: 14 lines \u203a"
    # a tester's finding: "Day 14: 14 lines ›" where the first line's start fitted: its first words, then "… ›"
    wider = shown_text(ui, 300, "Day 5", lines, 1, total=14)
    assert wider.startswith("Day 5: Check") and wider.endswith("\u2026 \u203a"), wider


@pytest.mark.timeout(30)
def test_edit_says_what_to_tap_next(make_driver):
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Edit cards")
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "tap a green card to change or delete it" in shown, shown
    check_frame(d, "edit")
    d.tap("Edit cards")
    assert "draw a green card" in " ".join(t for t, _, _ in d.app.screen.ui.texts)


def test_a_special_ability_used_is_not_called_a_sanity_loss():
    """A tester's finding: "Sanity -9: Dieter" after Dieter's re-draw. Special Ability: "after using place your
    Sanity token to 1 as your Marsonaut is exhausted": the price of the ability, said as such; a real
    Sanity loss is still a loss."""
    import types

    from companion.rules.contract import Event
    from companion.ui.games.thirty_to_mars.alerts import alerts
    crew = tuple(types.SimpleNamespace(profile=types.SimpleNamespace(short=n)) for n in ("Larisa", "Dieter"))
    state = types.SimpleNamespace(crew=crew)
    events = [Event("sanity", "Dieter's Sanity drops to 1 (Special Ability)", {"who": 1, "change": -9,
                                                                            "ability": True}),
              Event("sanity", "Larisa loses 2 Sanity", {"who": 0, "change": -2})]
    assert alerts(events, state) == ["Sanity -2: Larisa", "Special Ability used, Sanity back to 1: Dieter"]


@pytest.mark.timeout(30)
def test_todays_strip_says_the_result_before_its_losses(make_driver):
    """A tester's finding: a demanded card's screen said "Today: Health -2: Dieter, John, Maria · -3 Fuel"
    without the check that failed; the day before's strip says its result first, and so does today's."""
    from companion.rules.contract import Event
    d = make_driver((800, 480))
    start_game(d)
    d.app.recent = [Event("result", "Check failed: 4 against 6"),
                    Event("health", "Larisa loses 2 Health", {"who": 0, "change": -2})]
    d.frame()
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Check failed: 4 against 6 \u00b7 Health -2: Larisa" in shown, shown


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720), (720, 1280)])
def test_a_long_card_name_takes_two_lines_before_it_is_cut(make_driver, size):
    """A tester's finding: "Malfunctioning Oxygen Recy…" on the card list, where the tile (a finger high) has
    room for two lines at the reading size, as the Bays have. A name too long for one line takes two, whole;
    only a name too long for two is cut, its first words shown."""
    from companion.ui import text
    d = make_driver(size)
    start_game(d)
    long_names = ("Malfunctioning Oxygen Recycler", "Crew Member Homesick Again", "Dust Storm Over The Hab Module")
    for name in long_names:
        d.app.catalogue("event").add({"name": name, "colour": "green", "difficulty": 5, "location": 2,
                                      "failure": {"fuel": -1}})
    cuts = text.STATS["cut"]
    d.frame()
    assert text.STATS["cut"] == cuts, f"cut: {text.CUTS[-3:]}"
    ui = d.app.screen.ui
    for name in long_names:
        tile = [h.rect for h in ui.hits if h.label == name][0]
        inside = [(r.y, s) for s, r, _ in ui.texts if tile.contains(r) and s]
        assert " ".join(s for _, s in sorted(inside)) == name, (name, inside)
        assert all(sz >= d.app.layout.small for s, sz, _, _ in ui.text_sizes if s in name), ui.text_sizes
    check_frame(d, f"long names {size}")
    d.app.catalogue("event").add({"name": "Oxygen Recycler Malfunctioning Throughout Unscheduled Repair",
                                  "colour": "green", "difficulty": 5, "location": 2})
    d.frame()
    assert text.STATS["cut"] > cuts  # too long for two lines: cut, and counted
    check_frame(d, f"a name too long {size}")


def test_a_passed_day_whose_only_line_is_an_ability_used_is_green():
    """A Special Ability's Sanity back to 1 is its price, not a loss (alerts): a passed day whose only alert
    is that line is drawn green; a loss or a failed check is red."""
    from companion.rules.contract import Event
    from companion.ui.games.thirty_to_mars.alerts import ABILITY_USED
    from companion.ui.games.thirty_to_mars.card import _bad_day
    passed = Event("result", "Check passed", {"passed": True})
    failed = Event("result", "Check failed", {"passed": False})
    assert not _bad_day([passed], [ABILITY_USED + "Larisa"])
    assert _bad_day([passed], ["Sanity -1: Maria", ABILITY_USED + "Larisa"])
    assert _bad_day([failed], [ABILITY_USED + "Larisa"]) and _bad_day([failed], [])


@pytest.mark.timeout(30)
def test_a_card_on_the_event_terminal_is_asked_about_before_it_is_drawn_again(make_driver):
    """A fresh tester's finding: a card drawn on day 1 (marked ✓) was drawn again on day 2 with no
    question, though passed events stay face up on the Event Terminal (Turn Overview 4). Tapping it
    asks first; "Yes" draws it; a card not drawn yet is drawn at once."""
    d = make_driver((800, 480))
    start_game(d)
    play_day(d, "Quiet Day", 2, (6, 6))
    assert d.app.state.day == 2 and "\u2713 Quiet Day" in [t for t, _, _ in d.app.screen.ui.texts]
    d.tap("Quiet Day")
    assert d.app.dialog is not None and "Event Terminal" in d.app.dialog.title and d.app.state.event is None
    assert "Turn Overview 4" in d.app.dialog.title
    d.tap("No")
    assert d.app.dialog is None and d.app.state.event is None
    d.tap("Quiet Day")
    d.tap("Yes, Quiet Day again")
    assert d.app.state.event is not None and d.app.state.event.name == "Quiet Day"
    d.key("back")
    d.tap("Broken Pipe")
    assert d.app.dialog is None and d.app.state.event.name == "Broken Pipe"


def skip_then_fail(d):
    """Days 1 and 2 skipped; day 3 (an Accident day) Fire Alarm skipped, which demands a yellow card: Loose
    Panel, Larisa on it, 2 against 6, failed. The driver ends on day 4's card screen."""
    for name in ("Quiet Day", "Broken Pipe", "Fire Alarm"):
        d.tap(name)
        d.key("next")
        d.tap("Skip event")
    assert d.app.state.day == 3 and d.app.game.required_colour(d.app.state) == "yellow"
    d.tap("Loose Panel")
    d.tap("Larisa")
    d.tap("bay 1")
    d.key("next")
    d.roll(2)
    if d.app.state.step == "check":
        d.key("next")
    assert d.app.state.day == 4 and d.app.current_screen().name == "card"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES)
def test_the_day_before_says_every_card_it_resolved(make_driver, size):
    """A tester's finding: the card screen's "Day 3:" line said the day's first card only (its skip, in the
    whole of its long line) and not the check that failed on the card it demanded. Each card of the day is
    said, by name, before the losses (30-to-mars.txt, Skipping the Event; card anatomy 8)."""
    d = make_driver(size)
    start_game(d)
    skip_then_fail(d)
    strip = next(h.rect for h in d.app.screen.ui.hits if h.label == "Yesterday")
    shown = " ".join(t for t, r, _ in d.app.screen.ui.texts if strip.collidepoint(r.center))
    assert shown.startswith("Day 3: Fire Alarm skipped \u00b7 Loose Panel: check failed, 2 against 6"), shown
    assert border(d, "Yesterday") == BAD
    check_frame(d, f"two cards in a day {size}")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", SIZES)
def test_the_greyed_page_arrows_say_first_page_and_last_page(make_driver, size):
    """A tester's finding: the card list's greyed \u25c0 \u25b6 said "not possible now"; they say which end of the
    list this is."""
    d = make_driver(size)
    start_game(d)
    for i in range(30):
        d.app.catalogue("event").add({"name": f"Card {i:02d}", "colour": "green", "difficulty": 5, "location": 2})
    d.frame()
    d.tap("Previous page (why not?)")
    assert d.app.message.text == "Previous page: this is the first page.", d.app.message.text
    while "Next page" in d.names():
        d.tap("Next page")
    d.tap("Next page (why not?)")
    assert d.app.message.text == "Next page: this is the last page.", d.app.message.text
    assert "Next page: this is the last page." in " ".join(t for t, _, _ in d.app.screen.ui.texts)
    check_frame(d, f"last page said {size}")


def _keys_are_a_finger_wide(d, where):
    """Every key of the keyboard shown is at least 48 design units (48 px at 800x480 and 480x800) to the touch each
    way, its label inside its touch target, and a row's targets meet: no dead gap, no overlap."""
    lay = d.app.layout
    keys = [h for h in d.app.screen.ui.hits if h.label.startswith("key ")]
    assert len(keys) >= 30, where
    small = [(h.label, h.rect.size) for h in keys if min(h.rect.size) < lay.px(48)]
    assert not small, f"{where}: keys narrower than a finger's {lay.px(48)} px: {small}"
    for h in keys:
        name = h.label.removeprefix("key ")
        drawn = [box for s, _, box in d.app.screen.ui.texts if s == name and h.rect.contains(box)]
        assert drawn or name in ("space", "delete", "clear"), f"{where}: {h.label}'s label outside its target"
    rows: dict[int, list] = {}
    for h in keys:
        rows.setdefault(h.rect.y, []).append(h.rect)
    for row in rows.values():
        row.sort(key=lambda r: r.x)
        for a, b in zip(row, row[1:]):
            assert a.right <= b.x and (len(row) < 9 or a.right == b.x), f"{where}: {a} and {b}"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720), (720, 1280)])
def test_the_keyboards_keys_are_a_finger_wide(make_driver, size):
    """A tester's finding: at 480x800 the type-to-search keyboard's keys and its row of digits were 41 px wide,
    under a finger's 48 (ten keys and their gaps in 468 px). Each key's touch target is a tenth of the screen's
    width there (48 px), its box drawn inside it; at every size, on the search and on a new card's name."""
    d = make_driver(size)
    start_game(d)
    d.tap("Search")
    _keys_are_a_finger_wide(d, f"search {size}")
    check_frame(d, f"search {size}")
    d.tap("Search")  # the list again
    d.tap("New card")
    _keys_are_a_finger_wide(d, f"new card {size}")
    check_frame(d, f"new card {size}")
    d.tap("key A")
    d.tap("key 1") if "key 1" in d.names() else None
    assert d.app.current_screen().card_name.startswith("A")
