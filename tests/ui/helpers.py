"""Shared steps for the UI tests: start a game, play it with random legal moves."""
from __future__ import annotations

import random

CREW = ("Larisa", "Jean-Louis", "Maria", "Dieter")
SETUP_FACES = (6, 1, 3, 2, 3, 4, 5, 3, 3, 3)  # 8 stats, then the Accident days 3 and 30 - 3


def start_game(d, crew=CREW, faces=SETUP_FACES):
    """New game with ``crew``, setup rolls ``faces``: the driver ends on the dawn of day 1."""
    for n in crew:
        d.tap(n)
    d.tap("Start")
    for f in faces:
        d.roll(f)


def play_to_end(d, seed=7):
    """Random legal moves (the rules' own) until the game is over; returns the final state."""
    rng = random.Random(seed)
    s = d.app.session
    while not s.game.is_over(s.state):
        s.submit(s.game.random_action(s.state, rng))
    d.frame()
    return s.state


def assert_no_overlaps(d, where):
    """No two texts of the last frame overlap by more than their font's spare
    room (30% of the smaller line's height)."""
    texts = d.app.screen.ui.texts
    if d.app.message is not None and d.app.dialog is None:  # the message box covers what is under it
        from companion.ui.screens.chrome import message_box
        box, lines, section = message_box(d.app.layout, d.app)
        n = len(lines) + (1 if section is not None else 0)
        texts = [t for t in texts[:len(texts) - n] if not box.colliderect(t[1])] + texts[len(texts) - n:]
    overlaps = [(a[0], b[0]) for i, a in enumerate(texts) for b in texts[i + 1:]
                if a[1].clip(b[1]).w > 2 and a[1].clip(b[1]).h > 0.3 * min(a[1].h, b[1].h)]
    assert not overlaps, f"{where}: texts overlap: {overlaps[:4]}"
