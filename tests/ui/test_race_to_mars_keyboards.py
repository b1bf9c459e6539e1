"""Race to Mars's on-screen keyboards, typed on as a table would: the players' names on New game, a card's
name and an Insight's words in the card editor, the catalogue's Search. What a key does not take is said,
never cut silently; what a keyboard offers for a name, Search offers too.

Source: shared/rules/race-to-mars.txt ("Setup": each player's name and colour; "Anatomy of a Space Card":
the card entered by its printed name).
"""
from __future__ import annotations

import pygame
import pytest

from companion.ui.games.race_to_mars.editor import MAX_NAME as CARD_NAME, MAX_TEXT, CardEditor
from companion.ui.games.race_to_mars.newgame import MAX_NAME

from .test_race_to_mars_screens import driver  # noqa: F401 (the fixture)


def shown(d) -> str:
    """Every text drawn on the last frame, in one string."""
    return " ".join(t for t, _, _ in d.app.screen.ui.texts)


def type_keys(d, letters: str) -> None:
    for k in letters:
        d.tap("key space" if k == " " else f"key {k}")


def typing_name(d, size=(800, 480)):
    d.tap("Race to Mars")
    d.tap("name 1")
    d.tap("key clear")
    return d.app.current_screen()


@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_a_players_name_at_its_longest_says_so_instead_of_cutting_silently(driver, size):
    """The name's letters stop at MAX_NAME: from then on the letter keys are greyed, the field says
    "16 letters at most", and a tap on a key (or a letter on a real keyboard) says why it is not taken."""
    d = driver(size)
    screen = typing_name(d)
    letters = "ABCDEFGHIJKLMNOPQRSTUV"[:MAX_NAME]
    type_keys(d, letters[:-1])
    assert "key A" in d.names() and f"{MAX_NAME} letters at most" not in shown(d)
    type_keys(d, letters[-1])
    assert len(screen.names[0]) == MAX_NAME
    assert "key A (why not?)" in d.names() and "key space (why not?)" in d.names()
    assert "key delete" in d.names() and "Done" in d.names()
    assert any(f"{MAX_NAME} " in t and "at most" in t for t, _, _ in d.app.screen.ui.texts)
    d.tap("key A (why not?)")
    assert screen.names[0] == letters[0] + letters[1:].lower()
    assert d.app.message is not None and f"{MAX_NAME} letters at most" in d.app.message.text
    d.app.message = None
    d.app.handle(pygame.event.Event(pygame.TEXTINPUT, text="x"))   # a real keyboard's letter
    d.frame()
    assert len(screen.names[0]) == MAX_NAME and d.app.message is not None
    d.app.message = None
    d.tap("key delete")
    assert "key A" in d.names()
    assert "at most" not in shown(d)


def test_a_letter_after_an_apostrophe_or_a_hyphen_starts_a_word_where_names_do(driver):
    """The keyboard has capitals only: a letter is a capital where a word starts, lower case elsewhere.
    After "O'" or "D'" (one capital, an apostrophe) a word starts ("O'Brien"); after "Anna'" it does not
    ("Anna's"); after a hyphen or a full stop it does ("Mc-Donald", "J.R.")."""
    d = driver()
    screen = typing_name(d)
    type_keys(d, "O'BRIEN")
    assert screen.names[0] == "O'Brien"
    d.tap("key clear")
    type_keys(d, "ANNA'S")
    assert screen.names[0] == "Anna's"
    d.tap("key clear")
    type_keys(d, "JEAN-LUC")
    assert screen.names[0] == "Jean-Luc"
    d.tap("key clear")
    type_keys(d, "J.R. D'ARCY")
    assert screen.names[0] == "J.R. D'Arcy"
    assert "J.R. D'Arcy" in shown(d)
    d.tap("Done")
    d.tap("Start")
    assert d.app.session.game.seats(d.app.session.state)[0].name == "J.R. D'Arcy"
    from companion.ui.games.race_to_mars.newgame import cased
    assert cased("", "o") == "o" and cased("Mary O'", "C") == "C" and cased("Ma'", "X") == "x"


def new_card_name(d):
    d.tap("Race to Mars")
    d.tap("First game")
    d.tap("Start")
    d.tap("Cards")
    d.tap("New card")
    return d.app.current_screen()


def test_a_cards_name_at_its_longest_says_so(driver):
    """The card editor takes CARD_NAME letters of a name; the next key is not taken, and the title row
    over the field says so (it was dropped without a word)."""
    d = driver()
    screen = new_card_name(d)
    type_keys(d, ("ABCDEFGHIJ" * 5)[:CARD_NAME])
    assert len(screen.editor.name) == CARD_NAME and not screen.editor.problem
    d.tap("key Z")
    assert len(screen.editor.name) == CARD_NAME
    assert f"{CARD_NAME} letters at most" in screen.editor.problem
    assert f"{CARD_NAME} letters at most" in shown(d)
    d.tap("key delete")
    assert not screen.editor.problem


def test_an_insights_words_at_their_longest_say_so():
    """An Insight's words (an effect the app does not know, typed as printed) stop at MAX_TEXT letters, and
    the editor says so."""
    ed = CardEditor("insight", on_save=lambda card: None, on_cancel=lambda: None, name="Starting card 5")
    ed.next()   # the Insight's cost and effect ("other"): its words next
    assert ed.current() == "insight_text"
    for ch in "W" * MAX_TEXT:
        ed.type_char(ch)
    assert not ed.problem
    ed.type_char("X")
    assert ed.insight["text"] == "W" * MAX_TEXT and f"{MAX_TEXT} letters at most" in ed.problem


def test_search_has_the_apostrophe_and_full_stop_a_card_name_is_typed_with(driver):
    """A card named with an apostrophe and a full stop on the editor's keyboard is found by typing them
    on Search's (it lacked both)."""
    d = driver()
    screen = new_card_name(d)
    type_keys(d, "O'NEIL'S LAB.")
    d.tap("Next")
    d.tap("add fuel")
    d.tap("Next")
    d.tap("Next")
    d.tap("Save")
    d.tap("Search")
    type_keys(d, "'S LAB.")
    assert screen.query.casefold() == "'s lab."
    d.tap("Show cards")
    assert screen.candidates() == ["O'NEIL'S LAB."]


def test_show_cards_counts_its_matches_in_words(driver):
    """Search's Show cards says how many cards match: "0 matches", "1 match", "4 matches" (it said "0 match",
    "4 match")."""
    d = driver()
    new_card_name(d)
    d.tap("Back page")   # Cancel the new card: the catalogue's list
    d.tap("Search")
    d.tap("key Z")
    subs = [t for t, _, _ in d.app.screen.ui.texts if "match" in t]
    assert subs == ["0 matches"], subs
