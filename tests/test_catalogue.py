"""companion.catalogue: the event card file players can edit."""
from __future__ import annotations

import json

import pytest

from companion.catalogue import Catalogue
from companion.rules.thirty_to_mars.model import Effect, EventCard

pytestmark = pytest.mark.timeout(30)

LEAK = {"name": "Oxygen Leak", "colour": "yellow", "difficulty": 8, "location": 6,
        "success": {"spares": 1}, "failure": {"oxygen": -3}}
COFFEE = {"name": "coffee break", "colour": "green", "difficulty": None, "location": 2,
          "inevitable_positive": {"sanity": 1}}
FIRE = {"name": "Fire!", "colour": "red", "difficulty": 12, "location": None,
        "inevitable_negative": {"workspace_breaks": 2}}


def test_missing_file_is_an_empty_catalogue(tmp_path):
    cat = Catalogue.load(tmp_path / "cards.json")
    assert cat.names() == [] and cat.get("x") is None and cat.notice is None and len(cat) == 0
    assert not (tmp_path / "cards.json").exists()


def test_empty_file_is_an_empty_catalogue(tmp_path):
    (tmp_path / "cards.json").write_text("\n")
    cat = Catalogue.load(tmp_path / "cards.json")
    assert cat.names() == [] and cat.notice is None


def test_add_saves_sorted_pretty_json_and_reloads(tmp_path):
    path = tmp_path / "sub" / "cards.json"
    cat = Catalogue.load(path)
    for card in (LEAK, FIRE, COFFEE):
        assert isinstance(cat.add(card), EventCard)
    text = path.read_text()
    data = json.loads(text)
    assert [c["name"] for c in data] == ["coffee break", "Fire!", "Oxygen Leak"]
    assert "\n  {\n" in text  # pretty-printed, one object per card
    again = Catalogue.load(path)
    assert again.names() == ["coffee break", "Fire!", "Oxygen Leak"]
    assert again.names("yellow") == ["Oxygen Leak"] and again.names("red") == ["Fire!"]
    leak = again.get("oxygen leak ")
    assert leak == EventCard.from_json(LEAK)
    assert leak.failure == (Effect("oxygen", -3),)
    assert "Fire!" in again and "Water" not in again
    assert [p.name for p in path.parent.iterdir()] == ["cards.json"]  # no temp files left


def test_add_replaces_a_card_of_the_same_name(tmp_path):
    cat = Catalogue.load(tmp_path / "cards.json")
    cat.add(LEAK)
    cat.add({**LEAK, "name": "OXYGEN LEAK", "difficulty": 9})
    assert cat.names() == ["OXYGEN LEAK"] and cat.get("Oxygen Leak").difficulty == 9
    assert len(json.loads((tmp_path / "cards.json").read_text())) == 1


def test_bad_card_is_refused_and_nothing_saved(tmp_path):
    cat = Catalogue.load(tmp_path / "cards.json")
    with pytest.raises(ValueError, match="colour"):
        cat.add({**LEAK, "colour": "blue"})
    with pytest.raises(ValueError):
        cat.names("blue")
    assert not (tmp_path / "cards.json").exists()


def test_a_bad_entry_is_skipped_reported_and_kept_in_the_file(tmp_path):
    path = tmp_path / "cards.json"
    bad = {"name": "Typo", "colour": "green", "difficulty": "seven", "location": 1}
    path.write_text(json.dumps([LEAK, bad, "not a card", COFFEE, {**LEAK, "difficulty": 3}]))
    cat = Catalogue.load(path)
    assert cat.names() == ["coffee break", "Oxygen Leak"]
    assert cat.get("Oxygen Leak").difficulty == 8  # the first of two same-named cards wins
    assert len(cat.problems) == 3
    assert "entry 2 ('Typo')" in cat.problems[0] and "difficulty" in cat.problems[0]
    assert "3 card(s)" in cat.notice
    cat.add(FIRE)
    written = json.loads(path.read_text())
    assert bad in written and "not a card" in written and len(written) == 6


def test_file_edited_by_hand_meanwhile_is_not_overwritten(tmp_path):
    path = tmp_path / "cards.json"
    cat = Catalogue.load(path)
    cat.add(LEAK)
    other = Catalogue.load(path)
    other.add(COFFEE)
    cat.add(FIRE)
    assert Catalogue.load(path).names() == ["coffee break", "Fire!", "Oxygen Leak"]


@pytest.mark.parametrize("content", [b"{not json", b"\xff\xfe\x00garbage", b'{"cards": 3}'])
def test_damaged_file_is_moved_aside(tmp_path, content):
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    cat = Catalogue.load(path)
    assert cat.names() == [] and "damaged" in cat.notice and "moved" in cat.notice
    moved = [p for p in tmp_path.iterdir() if p.name.startswith("cards.json.damaged-")]
    assert len(moved) == 1 and moved[0].read_bytes() == content
    assert not path.exists()
    cat.add(LEAK)
    assert Catalogue.load(path).names() == ["Oxygen Leak"]
