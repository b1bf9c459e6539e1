"""30 to Mars through the screen: what testers found playing whole games (a Knocked Out Marsonaut
missing from the Sleeping Bay, messages over the crew, a slow difficulty entry, a shrunk Bay name,
``companion status`` during the setup). Source: shared/rules/30-to-mars.txt."""
from __future__ import annotations

import dataclasses

import pytest

from companion.ui.widgets import BAD

from .helpers import assert_no_overlaps, knock_out, start_game
from .readable import check_sizes

SIZES = [(800, 480), (480, 800)]


def placing(make_driver, size):
    """The day screen of day 1 while placing (Broken Pipe, Cargo Bay, difficulty 7)."""
    d = make_driver(size)
    start_game(d)
    d.key("next")
    d.tap("Broken Pipe")
    return d


def texts_in(d, rect):
    """``[(text, drawn rect)]`` of the last frame whose centre is inside ``rect``."""
    return [(s, r) for s, r, _ in d.app.screen.ui.texts if rect.collidepoint(r.center)]


def hit(d, name):
    return next(h for h in d.app.screen.ui.hits if h.label == name)


def numbers_page(d):
    """``d`` on the New green card screen's numbers page (difficulty, location) of a card named "GAS"."""
    start_game(d)
    d.key("next")
    d.tap("New card")
    for k in "GAS":
        d.tap(f"key {k}")
    d.tap("NEXT")
    return d


def red_pixels(d, rect) -> int:
    """How many pixels of ``rect`` on the last frame are the Knocked Out red (:data:`BAD`)."""
    surf = d.app.surface
    return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if tuple(surf.get_at((x, y)))[:3] == BAD)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_a_knocked_out_marsonaut_lies_in_the_sleeping_bay(make_driver, size):
    """Item 1: "Immediately put your player token in the Sleeping Bay lying down" (Knocked Out): the
    Sleeping Bay tile names the Knocked Out Marsonaut, marked "KO" in red, at the reading size, beside
    those still standing there, and also once everyone standing has gone to work."""
    d = placing(make_driver, size)
    knock_out(d, 2)  # Maria
    tile = hit(d, "bay 0").rect
    shown = texts_in(d, tile)
    ko = [(s, r) for s, r in shown if s.startswith("KO ")]
    assert ko and ko[0][0] in ("KO Maria", "KO Mar", "KO Ma"), shown
    assert red_pixels(d, ko[0][1]) > 20, "the Knocked Out one is not marked in red"
    assert any("La" in s and "Ma" not in s for s, _ in shown), f"the standing ones are gone: {shown}"
    check_sizes(d, f"KO in the Sleeping Bay {size}")
    assert_no_overlaps(d, f"KO in the Sleeping Bay {size}")
    for who, bay in ((0, 1), (1, 6), (3, 5)):  # the others go to work: Maria still lies there
        d.tap(("Larisa", "Jean-Louis", "Maria", "Dieter")[who])
        d.tap(f"bay {bay}")
    shown = [s for s, _ in texts_in(d, hit(d, "bay 0").rect)]
    assert "KO Maria" in shown and not any("rest" in s for s in shown), shown
    assert_no_overlaps(d, f"KO alone in the Sleeping Bay {size}")


def overfill(d, bay: int) -> None:
    """Bay ``bay`` (1-6) left one working Workspace (3 broken), Dieter placed there, then Larisa: refused."""
    s = d.app.session
    broken = [0] * 6
    broken[bay - 1] = 3
    s._states[-1] = dataclasses.replace(s.state, broken=tuple(broken))
    d.frame()
    for name in ("Dieter", "Larisa"):
        d.tap(name)
        d.tap(f"bay {bay}")


def crew_rows_in_sight(d):
    """The Marsonauts whose row on the dashboard (name, and Health and Sanity or "KO day N") is drawn
    and not under the message box, in crew order."""
    from companion.ui.screens.chrome import message_box
    from companion.ui.games.thirty_to_mars.day import split
    box = message_box(d.app.layout, d.app)[0] if d.app.message is not None else None
    dash = split(d.app.layout)[0]
    texts = [t for t in d.app.screen.ui.texts if dash.collidepoint(t[1].center)]
    seen = []
    for m in d.app.state.crew:
        row = [r for s, r, _ in texts if s == m.profile.short]
        stats = [r for s, r, _ in texts if s in (f"H {m.health}", f"S {m.sanity}", f"KO day {m.knocked_out_day}")]
        if row and stats and not any(box is not None and box.colliderect(r) for r in row + stats):
            seen.append(m.profile.short)
    return seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_a_message_leaves_every_marsonaut_in_sight(make_driver, size):
    """Item 2: a refusal with its section (a full Bay; a Knocked Out Marsonaut tapped), too long for
    the resources' place, went over the crew rows at 800x480 and 480x800, the selected Marsonaut alone
    left. Now it takes the resources and the Repair Kits row, and the four Marsonauts stay in sight
    under it (Health and Sanity, or "KO day 1"), still tappable."""
    d = placing(make_driver, size)
    overfill(d, 6)  # full: refused, with its section
    assert d.app.message is not None and d.app.message.rule == "30-to-mars.txt, Reminder", d.app.message
    assert crew_rows_in_sight(d) == ["Larisa", "Jean-Louis", "Maria", "Dieter"], d.app.message.text
    assert_no_overlaps(d, f"a full Bay refused {size}", keep={"Larisa"})
    d.tap("Jean-Louis")  # a crew row beside the message is a tap as before
    assert d.app.screen.selected == 1
    knock_out(d, 2)
    d.tap("Maria")  # Knocked Out: refused, with the section as a button
    assert d.app.message is not None and d.app.message.rule == "30-to-mars.txt, Knocked Out"
    assert crew_rows_in_sight(d) == ["Larisa", "Jean-Louis", "Maria", "Dieter"], d.app.message.text
    assert_no_overlaps(d, f"KO refused {size}")


@pytest.mark.parametrize("size", SIZES + [(1280, 720), (720, 1280)])
@pytest.mark.timeout(60)
def test_every_bay_name_of_a_choice_is_the_same_size(make_driver, size):
    """Item 4: "Out of Spares - destroy one work-space of your choice" (Out of Resources) offers the
    Bays by name; "Recreation Bay" was drawn shrunk to fit its button (22 px where the others had 25 at
    800x480). Every Bay name is now the same size, at least the reading size, on two lines where one is
    too narrow; at 480x800 the last row no longer runs under NEXT."""
    from companion.rules.thirty_to_mars.model import BAY_NAMES, Pending
    d = make_driver(size)
    start_game(d)
    s = d.app.session
    s._states[-1] = dataclasses.replace(s.state, pending=(Pending("choose", "break"),))
    d.frame()
    lay = d.app.layout
    sizes = {}
    for bay in range(1, 7):
        cell = hit(d, f"option {bay}").rect
        drawn = [(t, sz) for (t, r, _), (_, sz, _, _) in zip(d.app.screen.ui.texts, d.app.screen.ui.text_sizes)
                 if t and cell.collidepoint(r.center)]
        assert " ".join(t for t, _ in drawn) == BAY_NAMES[bay], drawn  # whole, never cut
        sizes[BAY_NAMES[bay]] = {sz for _, sz in drawn}
    assert len(set().union(*sizes.values())) == 1, sizes
    assert min(set().union(*sizes.values())) >= lay.small, sizes
    check_sizes(d, f"break choice {size}")
    assert_no_overlaps(d, f"break choice {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_a_typical_difficulty_is_three_touches_from_an_obvious_field(make_driver, size):
    """Item 3: on the New green card screen a tester stepped + seven times to 7: the number between \u2212
    and + was not seen as a field to type in. The difficulty is now first in its row, drawn as a field
    ("type", with the caret the card's name has), its line says to tap it; 7 is the field, 7 and Done,
    and the pad's first digit replaces the number it opened on (a second one, 12, is appended)."""
    d = numbers_page(make_driver(size))
    field, minus = hit(d, "difficulty pad").rect, hit(d, "difficulty -").rect
    assert field.right <= minus.left and field.centery == minus.centery, (field, minus)
    shown = [s for s, _ in texts_in(d, field)]
    assert shown == ["\u258f type"], shown
    assert any("tap" in s and "type" in s for s, _, _ in d.app.screen.ui.texts if s.startswith("Difficulty"))
    check_sizes(d, f"card numbers {size}")
    assert_no_overlaps(d, f"card numbers {size}")
    seq = d.app.session.seq
    for key in ("difficulty pad", "7", "Done"):
        d.tap(key)
    card = d.app.ui_for("thirty-to-mars").screens["card"]
    assert card.difficulty == 7 and [s for s, _ in texts_in(d, field)] == ["7\u258f"]
    for key in ("difficulty pad", "1", "2", "Done"):
        d.tap(key)
    assert card.difficulty == 12 and d.app.session.seq == seq


def kits_in_sight(d):
    """The Repair Kits and Broken buttons, drawn and not under the message box."""
    from companion.ui.screens.chrome import message_box
    box = message_box(d.app.layout, d.app)[0] if d.app.message is not None else None
    return [h.label for h in d.app.screen.ui.hits if h.label in ("Repair Kits", "Broken")
            and not (box is not None and box.colliderect(h.rect))]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_a_tall_message_leaves_the_repair_kits_in_sight(make_driver, size):
    """Testers' findings: a refusal of a Bay whose Workspaces are all broken ("Fixing Workspaces": a
    Repair Kit repairs one any time), or any tall message (a full Bay, "Took back: ..."), took the
    Repair Kits row's place: "Kits" and "Broken" were gone until the message was tapped. They stay in
    sight under any message, with the four Marsonauts; a message too long for the room left is cut
    short ("… ›") and a tap on it shows it whole."""
    d = placing(make_driver, size)
    s = d.app.session
    s._states[-1] = dataclasses.replace(s.state, broken=(0, 0, 0, 4, 0, 0), repair_kits=3)  # the event's Bay
    d.frame()
    d.tap("Maria")
    d.tap("bay 4")
    assert d.app.message is not None and d.app.message.rule == "30-to-mars.txt, Fixing Workspaces", d.app.message
    assert kits_in_sight(d) == ["Repair Kits", "Broken"]
    assert crew_rows_in_sight(d) == ["Larisa", "Jean-Louis", "Maria", "Dieter"]
    check_sizes(d, f"all broken refused {size}")
    assert_no_overlaps(d, f"all broken refused {size}", keep={"Repair Kits", "Broken"})
    d.tap("Repair Kits")  # the way out the refusal names, at once
    assert d.app.dialog is not None and d.app.dialog.title.startswith("Use a Repair Kit"), d.app.dialog
    d.app.close_dialog()
    long = ("Took back: Jean-Louis rolls 3: total 3 of 9, and with it every step that ran on its own "
            "after the roll, the check and its consequences.")
    d.app.say(long, "info", float("inf"))
    d.frame()
    assert kits_in_sight(d) == ["Repair Kits", "Broken"]
    assert crew_rows_in_sight(d) == ["Larisa", "Jean-Louis", "Maria", "Dieter"]
    from companion.ui.screens.chrome import message_box, CUT
    box, lines, _ = message_box(d.app.layout, d.app)
    assert lines[-1].endswith(CUT), lines  # cut short: the whole one tap away
    check_sizes(d, f"a long note {size}")
    assert_no_overlaps(d, f"a long note {size}", keep={"Repair Kits", "Broken"})
    import pygame
    from companion.ui.driver import TAP
    d.app.handle(pygame.event.Event(TAP, pos=(box.x + d.app.layout.px(20), box.centery)))  # on its words
    d.frame()
    assert d.app.message is None and d.app.dialog is not None, d.app.message
    assert d.app.dialog.lines == [long], d.app.dialog.lines


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_the_greyed_start_says_why_with_its_section_as_a_button(make_driver, size):
    """A tester's finding: the greyed Start said "Choose 4 more Marsonauts: the crew is 4 (30-to-mars.txt,
    Setup 4)." with the file written out in the sentence, while a 5th pick's refusal has a "§ Setup 4 ›"
    button. Start's refusal is now the same: its words, and its section as a button that shows it."""
    from companion.ui.screens.chrome import rule_button
    d = make_driver(size)
    d.tap("Larisa")
    d.key("next")  # Start is greyed with one Marsonaut
    m = d.app.message
    assert m is not None and m.rule == "30-to-mars.txt, Setup 4", m
    drawn = " ".join(s for s, _, _ in d.app.screen.ui.texts)
    assert "Choose 3 more Marsonauts: the crew is 4 Marsonauts." in drawn and ".txt" not in drawn, drawn
    button = rule_button(d.app)
    assert button is not None and button[1] == "\u00a7 Setup 4 \u203a", button
    import pygame
    from companion.ui.app import TAP
    d.app.handle(pygame.event.Event(TAP, pos=button[0].center))
    d.frame()
    assert d.app.dialog is not None and "Setup 4" in d.app.dialog.title, d.app.dialog


def names_its_section(label, rule):
    """``label`` ("§ Event Location ›", "§ Daily Routine… ›") names the section ``rule`` cites, or is
    "Rule ›"."""
    from companion.ui.screens.chrome import section_name
    if label == "Rule \u203a":
        return True
    named = label.removeprefix("\u00a7 ").removesuffix(" \u203a").removesuffix("\u2026")
    return bool(named.strip()) and (named == section_name(rule) or len(named.split()) >= 2
                                    and section_name(rule).startswith(named))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_a_rulebook_button_names_its_section_or_says_rule(make_driver, size):
    """Testers' findings: a bare "§ ›" for the Repair Kits refusal (Fixing Workspaces) and for "The Ship
    Cockpit is full" (Event Location) at 800x480, "§ Event… ›" at 480x800. The README promises "§ section ›",
    or "Rule ›" where the name does not fit: every label names its section, or says Rule."""
    from companion.ui.screens.chrome import rule_button
    d = placing(make_driver, size)
    d.tap("Repair Kits")  # nothing broken, no Kit: refused, citing Fixing Workspaces
    seen = []
    for step in ("kits", "full", "all broken"):
        if step == "full":
            overfill(d, 4)
        if step == "all broken":
            s = d.app.session
            s._states[-1] = dataclasses.replace(s.state, broken=(0, 0, 0, 4, 0, 0), repair_kits=0)
            d.frame()
            d.tap("Maria")
            d.tap("bay 4")
        m = d.app.message
        assert m is not None and m.rule, (step, m)
        label = rule_button(d.app)[1]
        seen.append((m.rule, label))
        assert names_its_section(label, m.rule), (step, m.rule, label)
        check_sizes(d, f"{step} {size}")
    assert {r for r, _ in seen} >= {"30-to-mars.txt, Fixing Workspaces", "30-to-mars.txt, Event Location"}, seen
    from companion.ui.screens.chrome import section_labels
    for section in ("Event Location", "Fixing Workspaces", "Knocked Out"):
        rule = f"30-to-mars.txt, {section}"
        assert all(names_its_section(label, rule) for label in section_labels(rule)), section_labels(rule)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_the_difficulty_pad_says_what_it_does_with_0_and_why_no_sign(make_driver, size):
    """A tester's findings on the difficulty pad: a leading 0 was dropped without a word, "0" then Done
    left the difficulty on "roll" without a word, and the greyed \u00b1 said only "\u00b1: not possible now.".
    Each now says what happened, or why: 0 means "roll" (the card's "Roll the dice to determine"), the 0
    before a digit is dropped, a difficulty cannot be negative."""
    from companion.ui.widgets import WHY
    d = numbers_page(make_driver(size))
    card = d.app.ui_for("thirty-to-mars").screens["card"]
    d.tap("difficulty pad")
    d.tap("\u00b1" + WHY)
    assert d.app.dialog is not None and "cannot be negative" in d.app.dialog.title, d.app.dialog.title
    d.tap("0")
    assert d.app.dialog.title == "Difficulty: roll (0 means roll)", d.app.dialog.title
    d.tap("7")
    assert d.app.dialog.title == "Difficulty: 7 (the 0 before it is dropped)", d.app.dialog.title
    d.tap("Done")
    assert card.difficulty == 7
    d.tap("difficulty pad")
    d.tap("0")
    d.tap("Done")
    assert card.difficulty == 0 and d.app.dialog is None
    m = d.app.message
    assert m is not None and m.text.startswith('Difficulty: 0 means "roll"') and "Roll the dice" in m.text, m
    check_sizes(d, f"difficulty 0 said {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.timeout(60)
def test_the_day_before_says_its_gains_as_well_as_its_losses(make_driver, size):
    """A tester's finding: the next day's card screen said "Day 20: Check passed: 6 against 4 · -9 Spares
    (inevitable)" without the +2 Food the card gave: its strip listed losses alone. It lists the gains too,
    in the log's words, the card's first ("+1 Spares (check passed)"), then production, as room allows."""
    d = placing(make_driver, size)
    d.tap("Larisa")
    d.tap("bay 4")
    d.tap("Jean-Louis")
    d.tap("bay 4")
    d.tap("Maria")
    d.tap("bay 5")  # the Green House: +1 Food
    d.key("next")
    d.roll(6)
    d.roll(6)  # 12 against 7: passed, +1 Spares
    while d.app.current_screen().name != "card":
        d.key("next")
    strip = hit(d, "Yesterday").rect
    shown = " ".join(s for s, _ in texts_in(d, strip))
    assert shown.startswith("Day 1: Check passed: 12 against 7") and "+1 Spares (check passed)" in shown, shown
    if d.app.layout.portrait:
        assert "+1 Food (Maria in the Green House)" in shown, shown
    check_sizes(d, f"the day before {size}")
    assert_no_overlaps(d, f"the day before {size}")


@pytest.mark.parametrize("size", SIZES + [(1280, 720), (720, 1280)])
@pytest.mark.timeout(60)
def test_a_knocked_out_marsonauts_row_keeps_their_sanity(make_driver, size):
    """A tester's finding: the row of a Knocked Out Marsonaut said "KO day 1" where Health and Sanity
    are, so their Sanity was gone from the day screen (it still counts: Special Ability, Knocked Out).
    Now "KO" is in Health's place (in portrait's tiles "KO day 1"), Sanity beside it as a key number, and
    the day stays in sight."""
    d = placing(make_driver, size)
    knock_out(d, 2)  # Maria
    m = d.app.state.crew[2]
    row = hit(d, "Maria").rect
    shown = [s for s, _ in texts_in(d, row)]
    assert f"S {m.sanity}" in shown and ("KO" in shown or d.app.layout.portrait), shown
    assert f"KO day {m.knocked_out_day}" in shown, shown
    check_sizes(d, f"KO row {size}")
    assert_no_overlaps(d, f"KO row {size}")
