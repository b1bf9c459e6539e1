"""A new move made after an Undo throws away the moves taken back (the redo tail): the message bar says so once
("The 6 moves taken back can no longer be redone."), for every game, from the shell (no game named in the app).
A play tester's finding: a die bumped after six Undos erased them without a word. The move's own words come first:
a confirmation or a tip is said with them, a refusal alone."""
from __future__ import annotations

import random

import pygame
import pytest

from companion.rules import GAMES
from companion.ui.driver import Driver

from .helpers import SETUP_FACES, start_game

WORDS = "taken back can no longer be redone"


def _driver(session, catalogues, game_id, size=(800, 480)):
    pygame.display.init()
    pygame.display.set_mode(size)
    return Driver(session, catalogues, size, game_id=game_id)


def _doing(game, state, rng, avoid=None):
    """A legal move that changes the state (and is not ``avoid``: the move Redo would make again)."""
    legal = [a for a in game.legal_actions(state) if a != avoid and game.apply(state, a)[0] != state]
    if legal:
        return rng.choice(legal)
    for _ in range(50):
        a = game.random_action(state, rng)
        if a != avoid and game.check(state, a) is None and game.apply(state, a)[0] != state:
            return a
    return None


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_new_move_after_undo_says_once_that_the_moves_taken_back_are_gone(session, catalogues, game_id):
    game = GAMES[game_id]
    session.new_game(game_id, game.default_options(None, 11))
    d = _driver(session, catalogues, game_id)
    rng = random.Random(5)
    made = []
    while len(made) < 12 and not game.is_over(session.state):
        action = _doing(game, session.state, rng)
        assert action is not None and d.app.submit(action), (action, d.app.message and d.app.message.text)
        made.append(action)
        d.frame()
    top = session.seq
    for _ in range(3):  # Undo three times (each may walk back over steps that ran on their own: one move to the table)
        d.key("back")
    assert top - session.seq >= 3 and session.can_redo
    redo_next = session.store.action(session.record.id, session.seq + 1).action
    action = None
    while action is None or action.to_json() == redo_next:
        action = _doing(game, session.state, rng, avoid=None if action is None else action)
    assert d.app.submit(action)
    d.frame()
    assert not session.can_redo
    said = d.app.message.text if d.app.message is not None else ""
    assert f"The 3 moves {WORDS}." in said, said
    nxt = _doing(game, session.state, rng)
    if nxt is not None and not game.is_over(session.state):  # said once: the next move says nothing of it
        assert d.app.submit(nxt)
        d.frame()
        assert d.app.message is None or WORDS not in d.app.message.text, d.app.message.text


@pytest.mark.timeout(60)
def test_a_stray_die_roll_after_undo_says_the_moves_taken_back_are_gone(make_driver):
    """30 to Mars at the table: the setup rolled, the dawn of day 1; BACK twice takes back the two Accident-day
    rolls (and the steps that ran on their own after them: the table counts two moves), a face equal to the roll
    taken back first is a Redo (nothing lost, nothing said), then a die bumped on the table rolls a face of its
    own: the message bar says the move still taken back can no longer be redone, after the setup's own words."""
    d = make_driver((800, 480))
    start_game(d)
    s = d.app.session
    d.key("back")
    d.key("back")
    assert s.can_redo and d.app.expect().kind == "roll"
    again = s.store.action(s.record.id, s.seq + 1).action["face"]
    d.roll(again)  # the very roll taken back first: a Redo, the rest kept
    assert s.can_redo and (d.app.message is None or WORDS not in d.app.message.text)
    d.roll(1 if s.store.action(s.record.id, s.seq + 1).action["face"] != 1 else 2)
    m = d.app.message
    assert m is not None and m.text.startswith("Accident days ") and m.text.endswith(f"Good luck! The move {WORDS}."), \
        m and m.text
    assert not s.can_redo


@pytest.mark.timeout(60)
@pytest.mark.parametrize("then", ["tip", "refusal"])
def test_the_moves_own_words_come_first_a_refusal_alone(make_driver, then):
    """A tip the screen says after the move, in the same handling, keeps the words after its own ("Roll the next
    Accident day. The 2 moves ..."); a refusal is said alone, with its rule."""
    from companion.rules.contract import Rejection
    d = make_driver((800, 480))
    start_game(d)
    s = d.app.session
    d.key("back")
    d.key("back")
    face = 1 if s.store.action(s.record.id, s.seq + 1).action["face"] != 1 else 2
    d.app.roll(face, "tap")  # no frame between: the screen's words come in the same handling
    assert not s.can_redo
    if then == "tip":
        d.app.say("Roll the next Accident day.", "info")
        assert d.app.message.text == f"Roll the next Accident day. The 2 moves {WORDS}.", d.app.message.text
    else:
        d.app.reject(Rejection("test", "Not now.", "30-to-mars.txt, Setup 5"))
        assert WORDS not in d.app.message.text, d.app.message.text
    d.frame()
    d.app.say("Later words.", "info")  # once drawn, the words are not said again with the next ones
    assert d.app.message.text == "Later words."
