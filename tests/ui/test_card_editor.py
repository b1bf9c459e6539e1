"""The card editor's number pads: on a Negative result an amount typed is a
loss, and every pad has its keys (Done, Cancel, 0, the digits) in the same places."""
from __future__ import annotations

import pytest

from .helpers import start_game

SIZES = [(800, 480), (720, 1280)]


def editor(d):
    return d.app.ui_for("thirty-to-mars").screens["card"]


def open_editor_on(d, page_title: str) -> None:
    """New card named "Leak", then NEXT until the editor's page is ``page_title``."""
    start_game(d)
    d.tap("New card")
    for k in "LEAK":
        d.tap(f"key {k}")
    while editor(d).page_title() != page_title:
        d.tap("NEXT")


def pad(d, key: str, shows: str) -> None:
    """Tap ``key`` (a pad key, or the field that opens the pad) and check the pad's title ends with ``shows``."""
    d.tap(key)
    assert d.app.dialog.title.endswith(shows), d.app.dialog.title


@pytest.mark.timeout(30)
@pytest.mark.parametrize("result,title", [("failure", "Check Negative"),
                                          ("inevitable_negative", "Inevitable Negative")])
def test_a_number_typed_on_a_negative_result_is_a_loss(make_driver, result, title):
    d = make_driver((800, 480))
    open_editor_on(d, title)
    pad(d, "oxygen amount", ": -")  # a loss before a digit is typed
    pad(d, "2", ": -2")
    d.tap("Done")
    assert editor(d).effects[result]["oxygen"] == -2
    assert "Oxygen -2" in [t for t, _, _ in d.app.screen.ui.texts]
    d.tap("oxygen amount")  # \u00b1 after a digit flips it: a gain on a Negative result
    pad(d, "2", ": -2")
    pad(d, "\u00b1", ": +2")
    d.tap("Done")
    assert editor(d).effects[result]["oxygen"] == 2
    d.tap("fuel amount")
    d.tap("3")
    pad(d, "\u00b1", ": +3")
    d.tap("Done")
    assert editor(d).effects[result]["fuel"] == 3
    assert editor(d).card_dict()[result] == {"oxygen": 2, "fuel": 3}


@pytest.mark.timeout(30)
def test_plus_minus_at_zero_shows_the_sign_the_next_digit_takes(make_driver):
    """A tester's finding: on Check Negative the pad opens on "-" (a loss); ± there showed "0", as if
    it did nothing, and the next digit then came out as "+1". At 0 the title shows the sign pending ("+" or
    "-"), which the next digit takes; back to 0 with ⌫, the sign stays shown."""
    d = make_driver((800, 480))
    open_editor_on(d, "Check Negative")
    pad(d, "oxygen amount", ": -")
    pad(d, "±", ": -")  # the first ± is the card's minus, there already
    pad(d, "±", ": +")  # a gain pending
    pad(d, "1", ": +1")
    pad(d, "⌫", ": +")
    d.tap("2")
    d.tap("Done")
    assert editor(d).effects["failure"]["oxygen"] == 2
    d.tap("NEXT")  # Inevitable Positive: a plain 0, ± makes the next digit a loss
    pad(d, "fuel amount", ": 0")
    pad(d, "±", ": -")
    d.tap("3")
    d.tap("Done")
    assert editor(d).effects["inevitable_positive"]["fuel"] == -3


@pytest.mark.timeout(30)
@pytest.mark.parametrize("page,result", [("Check Negative", "failure"), ("Inevitable Negative", "inevitable_negative"),
                                         ("Check Positive", "success")])
def test_a_printed_minus_copied_as_plus_minus_first_is_a_loss(make_driver, page, result):
    """Found by a review: on Check Negative, ± pressed first showed "+", so a player copying the card's
    printed "-2" (Event Card anatomy 10., Negative consequences) as ± then 2 saved +2. ± typed before
    a digit is the printed minus in every field, also on a pad opened on a loss; the title says each sign."""
    d = make_driver((800, 480))
    open_editor_on(d, page)
    pad(d, "oxygen amount", ": -" if result != "success" else ": 0")
    pad(d, "±", ": -")
    pad(d, "2", ": -2")
    d.tap("Done")
    assert editor(d).effects[result]["oxygen"] == -2
    pad(d, "oxygen amount", ": -2")  # opened on the loss: "-3" copied
    pad(d, "±", ": -2")
    pad(d, "3", ": -3")
    d.tap("Done")
    assert editor(d).effects[result]["oxygen"] == -3
    d.tap("fuel amount")  # a number typed, emptied, then "-4" copied
    pad(d, "5", ": -5" if result != "success" else ": +5")
    d.tap("⌫")
    pad(d, "±", ": -")
    pad(d, "4", ": -4")
    d.tap("Done")
    assert editor(d).card_dict()[result] == {"oxygen": -3, "fuel": -4}


@pytest.mark.timeout(30)
def test_the_amount_shown_is_the_amount_saved(make_driver):
    """A tester's finding: 35 typed on the pad showed "-35" and saved -30 (the card's most). The pad takes no
    more than the card keeps, so what it shows is what Done saves."""
    d = make_driver((800, 480))
    open_editor_on(d, "Check Negative")
    for symbol, typed in (("fuel", "35"), ("fuel", "99"), ("fuel", "30"), ("food", "7"),
                          ("workspace_breaks", "35"), ("repair_kit", "12")):
        d.tap(f"{symbol} amount")
        for k in typed:
            d.tap(k)
        shown = d.app.dialog.title.rsplit(": ", 1)[1].split(" (at most")[0]
        d.tap("Done")
        assert editor(d).effects["failure"][symbol] == int(shown), (symbol, typed, shown)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("page,field,opens,then", [
    ("Check Negative", "fuel amount", "-", "-"), ("difficulty and location", "difficulty pad", "roll", "")])
def test_a_digit_past_the_most_is_refused_and_the_most_said(make_driver, page, field, opens, then):
    """Noticed at stop 22: 3 then 5 typed where the card keeps at most 30 started the number again
    ("5"), silently. The 5 is refused, the 3 stays, and the title says the most (the rules model's)."""
    from companion.rules.thirty_to_mars.model import MAX_DIFFICULTY, MAX_EFFECT
    most = MAX_EFFECT if field == "fuel amount" else MAX_DIFFICULTY
    d = make_driver((800, 480))
    open_editor_on(d, page)
    pad(d, field, f": {opens}")
    tens, units = divmod(most, 10)
    pad(d, str(tens), f": {then}{tens}")
    pad(d, "9", f": {then}{tens} (at most {most})")
    pad(d, str(units), f": {then}{most}")
    pad(d, "1", f": {then}{most} (at most {most})")
    d.tap("Done")
    saved = editor(d).effects["failure"]["fuel"] if field == "fuel amount" else editor(d).difficulty
    assert saved == int(f"{then}{most}")


@pytest.mark.timeout(30)
def test_a_difficulty_of_0_is_said_as_roll(make_driver):
    """A second tester's finding: ⌫ to 0 on the difficulty pad showed "Difficulty: 0", and Done saved
    "roll" (to determine, Event Card anatomy 2.). The pad says "roll" at 0, as the field does."""
    d = make_driver((800, 480))
    open_editor_on(d, "difficulty and location")
    pad(d, "difficulty pad", ": roll")
    pad(d, "7", ": 7")
    pad(d, "\u232b", ": roll")
    d.tap("Done")
    assert editor(d).difficulty == 0 and editor(d).card_dict()["difficulty"] is None


@pytest.mark.timeout(30)
def test_a_number_typed_on_a_positive_result_is_a_gain(make_driver):
    d = make_driver((800, 480))
    open_editor_on(d, "Check Positive")
    d.tap("oxygen amount")
    d.tap("2")
    d.tap("Done")
    assert editor(d).effects["success"]["oxygen"] == 2


@pytest.mark.timeout(30)
@pytest.mark.parametrize("size", SIZES)
def test_both_number_pads_have_the_same_layout(make_driver, size):
    """The amount pad and the difficulty pad: Done, Cancel, 0, \u232b and the digits in the same places."""
    d = make_driver(size)
    open_editor_on(d, "difficulty and location")
    d.tap("difficulty pad")

    def places():
        return {h.label: tuple(h.rect) for h in d.app.screen.ui.hits}
    difficulty = places()
    d.tap("Cancel")
    d.tap("NEXT")
    d.tap("oxygen amount")
    amount = places()
    for key in ("Done", "Cancel", "0", "\u232b", "1", "9"):
        assert difficulty[key] == amount[key], f"{key}: {difficulty[key]} on the difficulty pad, {amount[key]} " \
                                               "on the amount pad"
    assert "\u00b1" in amount and "\u00b1" not in difficulty  # there only shown, not tappable


@pytest.mark.timeout(30)
def test_the_first_digit_replaces_the_number_the_pad_opened_on(make_driver):
    """A tester's finding: difficulty 1 (from "+"), pad, 7 gave 17 (appended), but 7, pad, 1 gave 1 (replaced).
    As on a calculator, the first digit typed replaces the number shown; the next ones are appended."""
    d = make_driver((800, 480))
    open_editor_on(d, "difficulty and location")
    for opened_on, typed, got in ((None, "7", 7), (7, "1", 1), (1, "12", 12)):
        d.tap("difficulty pad")
        for k in typed:
            d.tap(k)
        d.tap("Done")
        assert editor(d).difficulty == got, (opened_on, typed, editor(d).difficulty)


@pytest.mark.timeout(30)
def test_a_card_changed_from_edit_cards_is_kept_not_drawn(make_driver):
    """A tester's finding: Edit cards -> Change it showed "New green card · k/6" and ended in "Save & draw",
    which drew the card as today's event. Changing a card says so and only keeps it."""
    from .helpers import start_game
    d = make_driver((800, 480))
    start_game(d)
    d.app.catalogue("event").add({"name": "Solar Wind", "colour": "green", "difficulty": 5, "location": 2,
                                  "failure": {"fuel": -1}})
    d.frame()
    d.tap("Edit cards")
    d.tap("Solar Wind")
    d.tap("Change it")
    heads = set()
    for _ in range(10):
        heads |= {t for t, _, _ in d.app.screen.ui.texts if "\u00b7" in t and "/" in t}
        if "Save" in [t for t, _, _ in d.app.screen.ui.texts]:
            break
        d.tap("NEXT")
    assert heads and all(h.startswith("Change Solar Wind") for h in heads), heads
    d.tap("NEXT")  # Save
    assert d.app.state.event is None and d.app.current_screen().name == "card"
    assert d.app.catalogue("event").get("Solar Wind")["difficulty"] == 5
    # the list is back to drawing: the next tap on a card draws it (a tester's tap asked "change it or delete
    # it?" again, the list still in Edit mode after the save)
    d.tap("Solar Wind")
    assert d.app.dialog is None and d.app.state.event is not None and d.app.state.event.name == "Solar Wind"


@pytest.mark.timeout(30)
def test_a_card_the_catalogue_cannot_keep_is_said_after_the_move(make_driver, monkeypatch):
    """A fresh tester's finding: with a catalogue folder that cannot be written, "The catalogue file could
    not be written" was said, then wiped by the draw made at once with the card: the table never knew that
    the card it entered would be gone at the next start. It is a dialog, seen after the move (as a message
    box it covered the resources, a tester's second finding)."""
    from companion.catalogue import Catalogue
    d = make_driver((800, 480))
    open_editor_on(d, "Check Negative")

    def full_disk(self, card, replace=False):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(Catalogue, "add", full_disk)
    seq = d.app.session.seq
    while editor(d).editing:
        d.tap("NEXT")
    assert d.app.session.seq > seq  # the card is drawn (used in this game) ...
    d.frame()  # ... and the warning is on the screen after the move, in a dialog: nothing covers it, it covers no key
    assert d.app.dialog is not None and d.app.dialog.title == "This card is not kept", d.app.dialog
    assert "could not be written" in d.app.dialog.lines[0] and "next start" in d.app.dialog.lines[1]
    d.key("next")  # NEXT (or Close) closes it
    assert d.app.dialog is None


@pytest.mark.timeout(30)
def test_the_name_first_tip_goes_once_the_page_is_turned(make_driver):
    """A tester's finding: NEXT with no name said "Type the card's name first"; with the name typed, NEXT went
    to page 2 with that tip still over its location buttons 4 to 6."""
    d = make_driver((800, 480))
    start_game(d)
    d.tap("New card")
    d.tap("NEXT")
    assert d.app.message is not None and d.app.message.text.startswith("Type the card's name first")
    for k in "LEAK":
        d.tap(f"key {k}")
    d.tap("NEXT")
    assert editor(d).page == 1 and d.app.message is None


def test_redo_of_a_draw_says_when_the_catalogue_card_was_changed_since(make_driver):
    """A tester's finding: a card drawn, Undo, the card corrected in Edit cards, then Redo: the old card came
    back with nothing said. Redo makes the move as it was made (the card as entered then) and now says so."""
    from companion.rules.contract import Action
    from .helpers import start_game
    d = make_driver((800, 480))
    start_game(d)
    cards = d.app.catalogue("event")
    card = cards.add({"name": "Meteor", "colour": "green", "difficulty": 5, "location": 3, "failure": {"health": 8}})
    assert d.app.submit(Action("draw", {"card": card}))
    d.key("back")
    d.key("redo")   # the card unchanged: the draw's own words
    assert "Made again: Green event: Meteor" in d.app.message.text and "as entered then" not in d.app.message.text
    d.key("back")
    cards.add({**card, "failure": {"health": -8}}, replace=True)
    d.key("redo")
    said = d.app.message.text
    assert "Meteor, as entered then" in said and "changed since" in said, said
    assert [(e.symbol, e.amount) for e in d.app.state.event.failure] == [("health", 8)]   # the move as it was made


@pytest.mark.timeout(60)
def test_a_gain_among_negative_results_is_shown_to_be_checked_before_the_card_is_kept(make_driver):
    """A tester typed 8 then \u00b1 on Check Negative (the pad opens on "-"), saved +8 Health as the failure and
    nothing was said. "Check passes with the positive card consequences ... fails with a negative set of
    consequences" (Resolving the Problem): such a sign is shown to be checked; Cancel goes back to the card,
    "Save as entered" keeps it (a card as printed is never refused)."""
    from companion.rules.thirty_to_mars.model import EventCard
    d = make_driver((800, 480))
    open_editor_on(d, "Check Negative")
    d.tap("health amount")
    d.tap("8")
    pad(d, "\u00b1", ": +8")
    d.tap("Done")
    while "Save" not in d.names() and "Save & draw" not in [t for t, _, _ in d.app.screen.ui.texts]:
        d.tap("NEXT")
    d.tap("NEXT")   # Save & draw
    assert d.app.dialog is not None and "Check Negative: Health +8" in d.app.dialog.title, d.app.dialog
    d.tap("Cancel")
    assert d.app.state.event is None and d.app.catalogue("event").get("Leak") is None
    d.tap("NEXT")
    d.tap("Save as entered")
    assert d.app.state.event is not None and d.app.state.event.name == "Leak"
    assert EventCard.from_json({"name": "X", "colour": "green", "difficulty": 3, "location": 1,
                                "success": {"food": -1}, "failure": {"health": -2}}).contrary_signs() == [
        "Check Positive: Food -1"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (480, 800), (720, 1280)])
def test_a_cards_name_takes_digits_from_the_on_screen_keyboard(make_driver, size):
    """A tester's finding: the New card keyboard had no digits, so "Day 2" could not be typed without
    a physical keyboard. The digits are a row of their own where the keyboard has the room, else "123"
    left of Z turns the top row into them (and back); the search keyboard has them the same way."""
    from .test_screens import check_frame
    d = make_driver(size)
    start_game(d)
    d.tap("New card")
    for k in "DAY":
        d.tap(f"key {k}")
    d.tap("key space")
    names = [h.label for h in d.app.screen.ui.hits]
    toggled = "key 2" not in names
    if toggled:
        d.tap("key 123")
    d.tap("key 2")
    check_frame(d, f"digits {size}")
    if toggled:
        d.tap("key 123")  # the letters again
        assert "key Q" in [h.label for h in d.app.screen.ui.hits]
    assert editor(d).card_name == "Day 2"
    d.tap("Back page")  # the list: its search keyboard types digits too
    d.tap("Search")
    if "key 7" not in [h.label for h in d.app.screen.ui.hits]:
        d.tap("key 123")
    d.tap("key 7")
    assert editor(d).query == "7"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_tutorial_card_is_entered_as_one_and_stays_one_when_changed(make_driver, size):
    """A tester's finding: the editor had no way to say a green card is one of the 3 'Tutorial' cards (Game
    Components), so in the tutorial game (Setup 3 NB: "30 Green Routine Cards including 3 tutorial ones")
    a tutorial card drawn went in as a Routine card, and once the app counted only tutorial cards left it
    refused every card the table could enter; changing a tutorial card kept by hand also lost the mark."""
    from .helpers import CREW, SETUP_FACES
    d = make_driver(size)
    for n in CREW:
        d.tap(n)
    d.tap("Tutorial")
    d.tap("Start")
    for f in SETUP_FACES:
        d.roll(f)
    assert d.app.state.tutorial and d.app.state.tutorial_left == 3
    d.tap("New card")
    for k in "TUT":
        d.tap(f"key {k}")
    d.tap("NEXT")
    mark = next(h for h in d.app.screen.ui.hits if h.label == "tutorial")
    assert d.app.surface.get_rect().contains(mark.rect)
    d.tap("tutorial")
    while d.app.current_screen().name == "card" and d.app.state.event is None:
        d.tap("NEXT")  # to Save & draw
    assert d.app.catalogue("event").get("Tut")["tutorial"] is True
    assert d.app.state.event is not None and d.app.state.event.tutorial and d.app.state.tutorial_left == 2
    d.app.catalogue("event").add({"name": "Hand Made", "colour": "green", "difficulty": 4, "location": 1,
                                  "tutorial": True})
    d.app.session.undo()
    d.frame()
    d.tap("Edit cards")
    d.tap("Hand Made")
    d.tap("Change it")
    for _ in range(8):  # to Save
        d.tap("NEXT")
        if d.app.message is not None and "changed in the catalogue" in d.app.message.text:
            break
    assert "changed in the catalogue" in d.app.message.text, d.app.message
    assert d.app.catalogue("event").get("Hand Made")["tutorial"] is True
