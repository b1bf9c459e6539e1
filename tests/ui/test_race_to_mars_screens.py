"""Race to Mars through the app, frame by frame: the picker, New game,
Headquarters, Starting cards, every Space card identified in the catalogue
or entered there with only the part used, the Pre-launch rounds, 2.1 for
everyone at once, the advance, to the ranking; at three screen sizes, with
no text overlapping, cut or off screen and finger-sized buttons.

Source: shared/rules/race-to-mars.txt ("Setup", "Playing the Game 1:
Pre-Launch", "Phase 2.1: Play Cards" ... "The Game Ends").
"""
from __future__ import annotations

import random

import pygame
import pytest

from companion.catalogue import Catalogues
from companion.rules.contract import Action
from companion.ui import text
from companion.ui.driver import Driver

from .race_to_mars_taps import GAME, Table, play_to_the_end
from .readable import check_sizes
from .test_screens import check_frame


@pytest.fixture
def driver(session, tmp_path):
    def make(size=(800, 480)):
        pygame.display.init()
        pygame.display.set_mode(size)
        return Driver(session, Catalogues(tmp_path / "cards"), size)
    yield make
    pygame.display.quit()


def new_game(d, players: int, first_game: bool = False) -> None:
    d.tap("Race to Mars")
    assert d.app.current_screen().name == "new_game"
    d.tap(f"{players} players")
    if first_game:
        d.tap("First game")
    d.tap("Start")
    assert d.app.session.game_id == GAME


def enter_cards_in_the_catalogue(d, n: int, rng: random.Random) -> None:
    """From the round screen: Cards, then n new cards (Crew ability and Rocket module), back to the game."""
    d.tap("Cards")
    assert d.app.current_screen().name == "entry"
    table = Table(d, rng, typed=2)
    for _ in range(n):
        d.tap("New card")
        while d.app.current_screen().editor is not None:
            table.fill(d.app.current_screen())
    d.tap("Back to game")
    assert d.app.current_screen().name == "round"


def assert_finished(d, table: Table) -> None:
    s = d.app.session
    assert d.app.current_screen().name == "over"
    result = s.game.result(s.state)
    assert result.winners and result.ranking[0].seat in result.winners
    shown = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    for standing in result.ranking:
        assert s.game.seats(s.state)[standing.seat].name in shown
    assert "New game" in d.names()
    assert table.new_cards > 12  # every trajectory card at least was entered through the editor
    assert {"round", "play", "turn", "entry"} <= table.seen_screens


def check_panels(d, where):
    """:func:`check_frame`, a note over another player's panel allowed: a tap on a panel only shows that player
    (the turn's notes go over the other players' panels, never the mover's nor a move)."""
    check_frame(d, where, read_only={p["name"] for p in d.app.view()["players"]} - {_mover(d)})


def _mover(d):
    turn = d.app.game.to_act(d.app.state)
    return d.app.view()["players"][turn.seats[0]]["name"] if len(turn.seats) == 1 else None


@pytest.mark.timeout(240)
def test_a_whole_two_player_game_by_taps_to_the_ranking(driver):
    d = driver()
    new_game(d, 2)
    assert d.app.current_screen().name == "headquarters"
    last_round = []

    def watch(d):
        if d.app.view()["end_triggered"] and not d.app.view()["over"]:  # a rocket is on Mars: said at once
            d.frame()
            texts = [t.casefold() for t, _, _ in d.app.screen.ui.texts]  # said in full, or "Round 20 · 2.2 · last!"
            last_round.append(any("last round" in t or (t.startswith("round ") and t.endswith("· last!"))
                                  for t in texts))
    table = play_to_the_end(d, seed=2, check=check_panels, every=7, watch=watch)
    assert_finished(d, table)
    assert last_round and all(last_round)
    s = d.app.session
    assert len(s.state.slot_names) == 12
    hqs = [p["headquarters"] for p in s.game.summary(s.state)["players"]]
    assert all(hqs)  # the full game: each kept a Headquarters


@pytest.mark.timeout(240)
def test_a_whole_three_player_first_game_with_cards_from_the_catalogue(driver):
    d = driver((1280, 720))
    new_game(d, 3, first_game=True)
    assert d.app.current_screen().name == "round"  # no Headquarters, no Starting cards
    enter_cards_in_the_catalogue(d, 6, random.Random(5))
    assert len(d.app.catalogue("space")) == 6
    table = play_to_the_end(d, seed=3, check=check_panels)
    assert_finished(d, table)
    assert table.picked_from_catalogue >= 1
    s = d.app.session
    used = set(s.state.space_seen)
    assert used & set(d.app.catalogue("space").names())  # cards entered beforehand were used in play


@pytest.mark.timeout(240)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (720, 1280)])
def test_every_screen_fits_at_every_size(driver, size):
    """Every kind of screen (and dialog) once: no overlap, no text cut or off screen, finger-sized buttons."""
    d = driver(size)
    new_game(d, 4)
    table = Table(d, random.Random(4))
    s = d.app.session
    seen = set()
    steps = 0
    while not s.game.is_over(s.state):
        steps += 1
        assert steps < 20000
        scr = d.app.current_screen()
        key = (scr.name, getattr(getattr(scr, "editor", None), "current", lambda: "")(), d.app.dialog is not None,
               s.state.sub if scr.name == "turn" else 0, bool(s.state.hazards))
        if key not in seen:
            seen.add(key)
            cuts = text.STATS["cut"]
            d.frame()
            check_frame(d, str(key))
            check_sizes(d, str(key), key_texts=None)  # every text at least its class's floor
            assert text.STATS["cut"] == cuts, f"{key}: text cut with an ellipsis: {text.CUTS[-3:]}"
        table.step()
    cuts = text.STATS["cut"]
    d.frame()
    check_frame(d, "the end")
    check_sizes(d, "the end", key_texts=None)
    assert text.STATS["cut"] == cuts, f"the end: text cut with an ellipsis: {text.CUTS[-3:]}"
    assert len(seen) >= 15


@pytest.mark.timeout(60)
def test_the_catalogue_search_edit_and_delete(driver):
    d = driver()
    new_game(d, 2, first_game=True)
    d.tap("Cards")
    cat = d.app.catalogue("space")
    # a new card by its name, typed; Crew ability and Rocket module
    d.tap("New card")
    for _ in range(len(d.app.screen.editor.name)):
        d.tap("key delete")
    for ch in "FUEL7":
        d.tap(f"key {ch}")
    d.tap("Next")
    d.tap("add fuel")
    d.tap("add wild")
    d.tap("Next")
    d.tap("draw +")
    d.tap("Next")
    d.tap("resource hull")
    d.tap("Save")
    assert cat.get("FUEL7") == {"name": "FUEL7", "crew": {"resources": ["fuel", "wild"], "draw": 1},
                                "module": {"resource": "hull"}}
    d.tap("New card")
    d.tap("Next")
    d.tap("add velocity")
    d.tap("Next")
    d.tap("Next")
    d.tap("copy")
    d.tap("Save")
    assert len(cat) == 2
    # search: by name, then by effect
    d.tap("Search")
    for ch in "FUE":
        d.tap(f"key {ch}")
    d.tap("Show cards")
    assert "FUEL7" in d.names() and "S001" not in d.names()
    d.tap("Search")
    for _ in range(3):
        d.tap("key delete")
    for ch in "COPY":
        d.tap(f"key {ch}")
    d.tap("Show cards")
    assert "S001" in d.names() and "FUEL7" not in d.names()
    # edit one part
    d.tap("Search")
    for _ in range(4):
        d.tap("key delete")
    d.tap("Show cards")
    d.tap("FUEL7")
    assert d.app.dialog is not None and any("Fuel" in line for line in d.app.dialog.lines)
    d.tap("Edit Rocket module")
    d.tap("resource hull")       # off
    d.tap("protection red")
    d.tap("Save")
    assert cat.get("FUEL7")["module"] == {"protection": "red"}
    assert cat.get("FUEL7")["crew"]["resources"] == ["fuel", "wild"]  # the other part kept
    # delete
    d.tap("FUEL7")
    d.tap("Delete")
    assert d.app.dialog.title.startswith("Delete FUEL7")
    d.tap("Delete it")
    assert cat.get("FUEL7") is None and "FUEL7" not in d.names()
    assert Catalogues(cat.path.parent).get(GAME, "space").names() == ["S001"]  # saved to the file
    d.tap("Back to game")
    assert d.app.current_screen().name == "round"


def _to_post_launch(s, crew_card: dict, anna: str = "X{n}", lanes: list | None = None) -> None:
    """A first game of two built by moves: 12 rounds of picks (Anna recruits,
    Winston too) and leftovers, then both launch; Anna owns ``crew_card``
    (her cards named ``anna.format(n=n)``)."""
    rng = random.Random(9)
    from companion.rules.race_to_mars import random_space_card
    n = 0
    while s.game.phase(s.state) != "2.1 Play cards":
        expect = s.game.expects(s.state)
        if expect is not None and expect.action == "leftover":
            n += 1
            card = random_space_card(rng, "trajectory", f"L{n}")
            card["trajectory"] = lanes or [["fuel"]] * 4
            assert s.submit(Action("leftover", {"card": card}, expect.seat)).accepted
        elif any(a.kind == "launch" for a in s.game.legal_actions(s.state)):
            seat = s.game.to_act(s.state).seats[0]
            assert s.submit(Action("launch", {}, seat)).accepted
        else:
            n += 1
            seat = expect.seat
            card = (dict(crew_card, name=anna.format(n=n)) if seat == 0
                    else {"name": f"C{n}", "crew": {"resources": ["fuel"]}})
            assert s.submit(Action("pick", {"card": card, "place": "crew"}, seat)).accepted


@pytest.mark.timeout(60)
def test_an_unknown_effect_is_entered_as_its_result_and_next_finishes_a_player(driver):
    d = driver()
    new_game(d, 2, first_game=True)
    s = d.app.session
    _to_post_launch(s, {"crew": {"resources": ["fuel"], "other": "something printed"}})
    d.frame()
    assert d.app.current_screen().name == "play"
    assert "2.1" in " ".join(t for t, _, _ in d.app.screen.ui.texts)
    xp = s.game.summary(s.state)["players"][0]["experience"]
    d.tap("Anna: play")
    d.tap(d.app.dialog.options[0][0])          # the card
    assert "does not know" in d.app.dialog.title
    d.tap("Gained 2 Experience")
    assert s.game.summary(s.state)["players"][0]["experience"] == xp + 2
    assert "players' word" in d.app.message.text
    assert any(e.kind == "trusted" for e in d.app.recent)
    # NEXT: the first player still playing is done; the screen shows who has finished
    d.key("next")
    turn = s.game.to_act(s.state)
    assert turn.done == (0,) and turn.seats == (1,)
    assert "\u2713 done" in [t for t, _, _ in d.app.screen.ui.texts]
    d.key("next")
    assert d.app.current_screen().name == "turn"
    assert "Advance" in d.names()  # Fuel pays the Fuel space ahead
