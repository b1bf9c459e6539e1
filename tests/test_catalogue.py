"""companion.catalogue: card files players can edit, one per game and card kind.

Exercised with 30 to Mars's event cards (a player-filled kind) and a made-up
kind with built-in cards."""
from __future__ import annotations

import json

import pytest

from companion.catalogue import CardExists, Catalogue, Catalogues
from companion.rules.contract import CardKind
from companion.rules.thirty_to_mars import CARD_KINDS
from companion.rules.thirty_to_mars.model import Effect, EventCard

EVENT = CARD_KINDS["event"]


def load(path):
    return Catalogue.load(path, EVENT)

pytestmark = pytest.mark.timeout(30)

LEAK = {"name": "Oxygen Leak", "colour": "yellow", "difficulty": 8, "location": 6,
        "success": {"spares": 1}, "failure": {"oxygen": -3}}
COFFEE = {"name": "coffee break", "colour": "green", "difficulty": None, "location": 2,
          "inevitable_positive": {"sanity": 1}}
FIRE = {"name": "Fire!", "colour": "red", "difficulty": 12, "location": None,
        "inevitable_negative": {"workspace_breaks": 2}}


def test_missing_file_is_an_empty_catalogue(tmp_path):
    cat = load(tmp_path / "cards.json")
    assert cat.names() == [] and cat.get("x") is None and cat.notice is None and len(cat) == 0
    assert not (tmp_path / "cards.json").exists()


def test_empty_file_is_an_empty_catalogue(tmp_path):
    (tmp_path / "cards.json").write_text("\n")
    cat = load(tmp_path / "cards.json")
    assert cat.names() == [] and cat.notice is None


def test_add_saves_sorted_pretty_json_and_reloads(tmp_path):
    path = tmp_path / "sub" / "cards.json"
    cat = load(path)
    for card in (LEAK, FIRE, COFFEE):
        assert cat.add(card) == EventCard.from_json(card).to_json()
    text = path.read_text()
    data = json.loads(text)
    assert [c["name"] for c in data] == ["coffee break", "Fire!", "Oxygen Leak"]
    assert "\n  {\n" in text  # pretty-printed, one object per card
    again = load(path)
    assert again.names() == ["coffee break", "Fire!", "Oxygen Leak"]
    assert again.names("yellow") == ["Oxygen Leak"] and again.names("red") == ["Fire!"]
    leak = again.get("oxygen leak ")
    assert EventCard.from_json(leak) == EventCard.from_json(LEAK)
    assert EventCard.from_json(leak).failure == (Effect("oxygen", -3),)
    assert "Fire!" in again and "Water" not in again
    assert [p.name for p in path.parent.iterdir()] == ["cards.json"]  # no temp files left


def test_a_card_of_the_same_name_is_replaced_only_when_asked(tmp_path):
    cat = load(tmp_path / "cards.json")
    cat.add(LEAK)
    with pytest.raises(CardExists, match="Oxygen Leak is already in the catalogue"):
        cat.add({**LEAK, "name": "OXYGEN LEAK", "difficulty": 9})
    assert cat.get("Oxygen Leak")["difficulty"] == 8
    cat.add({**LEAK, "name": "OXYGEN LEAK", "difficulty": 9}, replace=True)
    assert cat.names() == ["OXYGEN LEAK"] and cat.get("Oxygen Leak")["difficulty"] == 9
    assert len(json.loads((tmp_path / "cards.json").read_text())) == 1


def test_bad_card_is_refused_and_nothing_saved(tmp_path):
    cat = load(tmp_path / "cards.json")
    with pytest.raises(ValueError, match="colour"):
        cat.add({**LEAK, "colour": "blue"})
    assert cat.names("blue") == []
    assert not (tmp_path / "cards.json").exists()


def test_a_bad_entry_is_skipped_reported_and_kept_in_the_file(tmp_path):
    path = tmp_path / "cards.json"
    bad = {"name": "Typo", "colour": "green", "difficulty": "seven", "location": 1}
    path.write_text(json.dumps([LEAK, bad, "not a card", COFFEE, {**LEAK, "difficulty": 3}]))
    cat = load(path)
    assert cat.names() == ["coffee break", "Oxygen Leak"]
    assert cat.get("Oxygen Leak")["difficulty"] == 8  # the first of two same-named cards wins
    assert len(cat.problems) == 3
    assert "line 1 ('Typo')" in cat.problems[0] and "difficulty" in cat.problems[0]  # all on one line
    assert "3 cards in " in cat.notice and "are kept out of play" in cat.notice
    cat.add(FIRE)
    written = json.loads(path.read_text())
    assert bad in written and "not a card" in written and len(written) == 6
    path.write_text(json.dumps([LEAK, bad]))
    one = load(path)
    assert one.summary == "1 card in cards.json is kept out of play"  # not "1 card(s) ... are"
    assert one.notice.startswith(one.summary + ": line ") and one.notice.endswith("Fix it in the file to use it.")


def test_file_edited_by_hand_meanwhile_is_not_overwritten(tmp_path):
    path = tmp_path / "cards.json"
    cat = load(path)
    cat.add(LEAK)
    other = load(path)
    other.add(COFFEE)
    cat.add(FIRE)
    assert load(path).names() == ["coffee break", "Fire!", "Oxygen Leak"]


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00garbage", b'{"cards": 3}', b"[" * 100_000,
                                     b'[{"name": "Deep", "success": ' + b"[" * 50_000 + b"]" * 50_000 + b"}]"])
def test_damaged_file_is_moved_aside(tmp_path, content):
    """Also a file nested too deep for the JSON decoder (a hostile tester's finding: its RecursionError ended the
    app at start, a crash loop under systemd)."""
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    cat = load(path)
    assert cat.names() == [] and "damaged" in cat.notice and "moved" in cat.notice
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("cards.json.damaged-")]
    assert len(moved) == 1 and moved[0].read_bytes() == content
    assert not path.exists()
    cat.add(LEAK)
    assert load(path).names() == ["Oxygen Leak"]


def test_problems_name_the_line_each_bad_card_starts_on(tmp_path):
    path = tmp_path / "cards.json"
    bad = {"name": "Typo", "colour": "green", "difficulty": "seven", "location": 1}
    path.write_text(json.dumps([LEAK, bad, COFFEE, {"name": "Blue", "colour": "blue"}], indent=2))
    lines = path.read_text().splitlines()
    cat = load(path)
    typo_line = next(i for i, line in enumerate(lines, 1) if '"Typo"' in line) - 1  # its "{" is the line before
    blue_line = next(i for i, line in enumerate(lines, 1) if '"Blue"' in line) - 1
    assert cat.problems[0].startswith(f"line {typo_line} ('Typo')")
    assert cat.problems[1].startswith(f"line {blue_line} ('Blue')")
    assert "Typo" not in cat.names() and "kept out of play" in cat.notice


def test_delete_removes_a_card_and_keeps_the_others(tmp_path):
    cat = load(tmp_path / "cards.json")
    cat.add(LEAK)
    cat.add(COFFEE)
    cat.delete("oxygen leak")
    assert load(tmp_path / "cards.json").names() == ["coffee break"]
    with pytest.raises(KeyError):
        cat.delete("Oxygen Leak")


def _parse_mission(entry):
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) or entry.get("type") not in ("a", "b"):
        raise ValueError("type must be a or b")
    return {"name": entry["name"], "type": entry["type"]}


MISSION = CardKind("mission", "Mission card", _parse_mission, builtin=({"name": "Spy", "type": "a"},),
                   group=lambda card: card["type"])


def test_builtin_cards_are_always_there_and_cannot_be_changed(tmp_path):
    cat = Catalogue.load(tmp_path / "m.json", MISSION)
    assert cat.names() == ["Spy"] and cat.is_builtin("spy") and len(cat) == 1
    with pytest.raises(ValueError, match="printed in the rulebook"):
        cat.add({"name": "Spy", "type": "b"}, replace=True)
    with pytest.raises(KeyError):
        cat.delete("Spy")
    cat.add({"name": "Thief", "type": "b"})
    assert cat.names("b") == ["Thief"] and cat.names("a") == ["Spy"]
    assert json.loads((tmp_path / "m.json").read_text()) == [{"name": "Thief", "type": "b"}]


def test_catalogues_keep_one_file_per_game_and_kind(tmp_path):
    cats = Catalogues(tmp_path)
    events = cats.get("thirty-to-mars", "event")
    assert events.path == tmp_path / "cards.json"  # 30 to Mars keeps its historic file name
    assert cats.get("thirty-to-mars", "event") is events
    with pytest.raises(KeyError):
        cats.get("thirty-to-mars", "space")


def test_a_big_file_names_the_right_lines_and_a_short_notice(tmp_path):
    """A tester's 28 MB file hung the start (each card's line was counted from the top of the file).
    Lines are counted once; the notice names the first problems and counts the rest, so that it fits
    the screen."""
    import json
    cards = [dict(LEAK, name=f"Leak {i}") for i in range(3000)] + [{"name": f"bad {i}"} for i in range(5)]
    text = json.dumps(cards, indent=2)
    (tmp_path / "cards.json").write_text(text)
    cat = load(tmp_path / "cards.json")
    assert len(cat) == 3000 and len(cat.problems) == 5
    first_bad = text[:text.index('"bad 0"')].count("\n")  # the line of its name; the entry starts one above
    assert cat.problems[0].startswith(f"line {first_bad} ('bad 0')"), cat.problems[0]
    assert "('bad 2')" in cat.notice and "('bad 3')" not in cat.notice and "and 2 more" in cat.notice


def test_a_file_saved_with_a_byte_order_mark_is_read_not_moved_aside(tmp_path):
    """Windows' Notepad starts a UTF-8 file with a BOM: it is a good file."""
    path = tmp_path / "cards.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps([LEAK]).encode())
    cat = load(path)
    assert cat.names() == ["Oxygen Leak"] and cat.notice is None and path.exists()


@pytest.mark.parametrize("name", ["Nul\u0000name", "two\nlines", "tab\tbed", "del\u007f"])
def test_a_name_with_a_control_character_is_kept_out_of_play(tmp_path, name):
    """A NUL in a name blanked the screen (pygame cannot draw it): such a card is a problem of the file."""
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([LEAK, {**COFFEE, "name": name}]))
    cat = load(path)
    assert cat.names() == ["Oxygen Leak"] and "printable" in cat.problems[0], cat.problems


def test_text_with_a_nul_is_drawn_not_refused():
    import pygame

    from companion.ui import text
    pygame.font.init()
    assert text.CACHE.render("a\u0000b", 20, (255, 255, 255)).get_width() > 0
    assert text.width("c\u0000d", 20) > 0


@pytest.mark.timeout(10)
def test_a_catalogue_that_is_no_regular_file_is_not_read(tmp_path):
    """A hostile tester's finding: a FIFO in place of cards.json held ``companion play`` at its start for ever,
    waiting in read() for a writer. It is not read: the catalogue starts empty and says why."""
    import os
    path = tmp_path / "cards.json"
    os.mkfifo(path)
    cat = load(path)
    assert cat.names() == [] and "cannot be read" in cat.notice and "not a regular file" in cat.notice, cat.notice
