"""Shared steps for the UI tests: start a game, play it with random legal moves."""
from __future__ import annotations

import dataclasses
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


def knock_out(d, index: int) -> None:
    """Marsonaut ``index`` of the shown state Knocked Out since day 1 (a state built by hand,
    for the screen: no move makes it)."""
    s = d.app.session
    crew = list(s.state.crew)
    crew[index] = dataclasses.replace(crew[index], health=0, knocked_out_day=1)
    s._states[-1] = dataclasses.replace(s.state, crew=tuple(crew))
    d.frame()


def play_to_end(d, seed=7):
    """Random legal moves (the rules' own) until the game is over; returns the final state."""
    rng = random.Random(seed)
    s = d.app.session
    while not s.game.is_over(s.state):
        s.submit(s.game.random_action(s.state, rng))
    d.frame()
    return s.state


def assert_no_overlaps(d, where, keep=(), strict=None):
    """Nothing of the last frame hides another thing:

    - no two texts overlap by more than their font's spare room (30% of the
      smaller line's height), and no text spills out of its box's height by
      more than that (a line pushed under what is drawn below it);
    - no two buttons overlap, and no text outside a button runs into it (a
      label sitting on a key);
    - the message box covers no key number (resources, Health, Sanity, the
      day) and none of ``keep``: the labels of buttons that must stay in
      sight (the selected Marsonaut).

    ``strict`` (default: when the game shown is 30 to Mars) adds all but the
    first check; the other games' screens are checked by their own owners.
    """
    if strict is None:
        game = d.app.setup_game_id if d.app.wants_new_game else d.app.session.game_id
        strict = game in (None, "thirty-to-mars")
    from .readable import KEY_TEXTS
    ui = d.app.screen.ui
    texts = ui.texts
    faults = []
    if d.app.message is not None and d.app.dialog is None:  # the message box covers what is under it
        from companion.ui.screens.chrome import message_box
        box, lines, section = message_box(d.app.layout, d.app)
        n = len(lines) + (1 if section is not None else 0)
        if strict:
            under = [t for t in texts[:len(texts) - n] if box.colliderect(t[1])]
            faults += [f"the message covers {t[0]!r}" for t in under if KEY_TEXTS.match(t[0])]
            faults += [f"the message covers {h.label!r}" for h in ui.hits
                       if h.label in keep and box.colliderect(h.rect)]
        texts = [t for t in texts[:len(texts) - n] if not box.colliderect(t[1])] + texts[len(texts) - n:]
    faults += [f"texts overlap: {a[0]!r} and {b[0]!r}" for i, a in enumerate(texts) for b in texts[i + 1:]
               if a[1].clip(b[1]).w > 2 and a[1].clip(b[1]).h > 0.3 * min(a[1].h, b[1].h)]
    if not strict:
        assert not faults, f"{where}: {faults[:4]}"
        return
    for s, drawn, box in texts:
        spill = max(0, box.top - drawn.top) + max(0, drawn.bottom - box.bottom)
        if spill > 0.3 * drawn.h + 1:
            faults.append(f"{s!r} spills {spill}px out of its box {tuple(box)}")
    hits = ui.hits
    faults += [f"buttons overlap: {a.label!r} and {b.label!r}" for i, a in enumerate(hits) for b in hits[i + 1:]
               if a.rect.clip(b.rect).w > 1 and a.rect.clip(b.rect).h > 1
               and not a.rect.contains(b.rect) and not b.rect.contains(a.rect)]
    for s, drawn, _ in texts:
        for h in hits:
            if not h.rect.collidepoint(drawn.center) and h.rect.clip(drawn).w > 2 and \
                    h.rect.clip(drawn).h > 0.3 * drawn.h:  # (its own label may spill as much as its box allows)
                faults.append(f"{s!r} runs into the button {h.label!r}")
    assert not faults, f"{where}: {faults[:4]}"


def editor_with_zero_difficulty(d) -> None:
    """30 to Mars, from a new game: a new card "LEAK" whose difficulty is entered as 0, which the editor says
    means "roll" in a message box over Bays 4 to 6 (800x480)."""
    start_game(d)
    d.tap("New card")
    for k in "LEAK":
        d.tap(f"key {k}")
    d.tap("NEXT")
    d.tap("difficulty pad")
    d.tap("0")
    d.tap("Done")
    assert d.app.message.text.startswith("Difficulty: 0 means")
