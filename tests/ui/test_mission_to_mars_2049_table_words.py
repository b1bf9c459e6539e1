"""Mission to Mars 2049 through the screen: what earlier testers found hard to read or to find (how to decline a
Protection window, what "More" holds, the tokens' "t" and Grand Theft's target at 800x480 with 4 players; the "t"
with every count of 2 digits, a word alone at the end of an event, where the next event begins, the Game Bank's
line before a roll, a captured player beside "18/49 pts"). Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pytest

from .test_mission_to_mars_2049_report import colony, driver, put  # noqa: F401 (fixture)


def _busy(state):
    """Red's main phase after an Air roll with 2 to 4 players: Red rich, tokens and Mission Cards held; Blue
    9, 4, 4 and the others 5, 4, 4 in cards."""
    from companion.rules.mission_to_mars_2049.model import replace
    state = colony(state, 0, cards=(20, 20, 20), tok3=(1, 1, 1), roads=3, peaceful=1, aggressive=1, bases=4)
    for seat in range(1, len(state.seats)):
        state = colony(state, seat, cards=(9, 4, 4) if seat == 1 else (5, 4, 4))
    return replace(state, phase="main", current=0, produced=0, face=1, turn=12)


def _inside(d, name):
    """The texts drawn inside the button called ``name``."""
    d.frame()
    rect = next(h.rect for h in d.app.screen.ui.hits if h.label == name)
    return [t for t, r, _ in d.app.screen.ui.texts if rect.contains(r)]


def _play(d, card):
    """Red plays Mission Card ``card`` (its name on the list), behind More where it does not fit."""
    if "Play Mission" not in d.names():
        d.tap("More")
    d.tap("Play Mission")
    while card not in d.names():
        d.tap("More\u2026")
    d.tap(card)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720)])
def test_a_protection_window_shows_how_to_decline_before_any_tap(driver, size, players):
    """A tester's finding: in a Protection window (4.1 Protection Mission) nothing said that declining is
    Protection, then "Let it be"; only the greyed "I'm done!", when tapped, said "play it, or let it be". The
    Protection button says both answers, and the heading asks them in the same words; the way works."""
    d = driver(size, players)
    state = colony(colony(_busy(d.app.state), 0, peaceful=0, aggressive=1), 1, cards=(2, 2, 2), peaceful=1)
    put(d, state)
    _play(d, "Black Friday accident")
    d.tap("Air")
    assert d.app.state.phase == "protect" and d.app.state.react == (1,)
    inside = _inside(d, "Protection")
    assert any("Let it be" in t for t in inside), inside
    texts = " ".join(t for t, _, _ in d.app.screen.ui.texts)
    assert "Play Protection or Let it be?" in texts, texts
    d.tap("Protection")
    if "Blue" in d.names():
        d.tap("Blue")
    d.tap("Let it be")
    assert d.app.state.phase == "main"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480)])
def test_more_names_only_the_moves_behind_it_that_can_be_made(driver, size):
    """A tester's finding: with 4 players in portrait More read "Play, Tokens" while both were greyed (no
    Mission Card held, 4.0; no 3 cards of a kind, 3.8). It names the moves that can be made now; with none, the
    Game Bank's cards, which its tap shows (2.1) with the greyed moves' reasons."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver(size, 4)
    start = replace(d.app.state, phase="main", current=0, produced=0, face=1, turn=5)
    put(d, colony(start, 0, cards=(2, 0, 1), peaceful=0, aggressive=0))
    behind = [n for n in ("Play Mission (why not?)", "Tokens (why not?)") if n not in d.names()]
    inside = [t for t in _inside(d, "More") if t != "More"]
    if behind:   # both greyed, behind More: not named as moves
        assert inside == ["Game Bank"], inside
    d.tap("More")
    assert "Game Bank" in " ".join(d.app.dialog.lines)
    d.app.close_dialog()
    put(d, colony(start, 0, cards=(2, 0, 1), peaceful=1, aggressive=0))   # Play Mission: a Peaceful card held
    inside = [t for t in _inside(d, "More") if t != "More"]
    if "Play Mission" not in d.names():
        assert inside and inside[0].startswith("Play") and "Tokens" not in inside[0], inside


def _worths(d, name):
    """What ``name``'s panel shows after each of its resource letters: the cards, and what their tokens are
    worth when they hold some ("20", "+48t"; or "3+48t" as one)."""
    d.frame()
    panel = max((h.rect for h in d.app.screen.ui.hits if h.label == name), key=lambda r: r.w * r.h)
    texts = [t for t, r, _ in d.app.screen.ui.texts if panel.contains(r)]
    out = {}
    for k, t in enumerate(texts):
        if t in ("A", "F", "M") and k + 1 < len(texts):
            after = texts[k + 1:k + 3]
            apart = len(after) > 1 and after[0].isdigit() and after[1][:1].isdigit()   # "88" "97t"
            out[t] = after[0] + ("+" + after[1] if apart else after[1] if len(after) > 1 and after[1][:1] == "+"
                                 else "")
    return out


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (480, 800), (720, 1280)])
def test_with_4_players_and_every_count_2_digits_each_keeps_its_t(driver, size):
    """A tester's finding: with 4 players at 800x480, panels whose three resources all had 2-digit cards and 2-digit
    tokens (3.8 Resource Tokens) read "A 88+97 F 77+97 M 99+97" (at 1280x720 "A 88+97" beside "F 77+97t"): the
    "t" dropped, tokens read as cards. Every panel says each count with the tokens' "t", nothing cut, in one form
    along the row, at a size read at 1 m (capitals at least 16 px at 800x480)."""
    from companion.rules.mission_to_mars_2049.model import replace
    from companion.ui import text

    from .readable import check_sizes
    d = driver(size, 4)
    cuts = text.STATS["cut"]
    state = replace(d.app.state, phase="main", current=0, produced=0, face=1, turn=12)
    for seat, (cards, tok3, tok8) in enumerate([((88, 77, 99), (11, 11, 11), (8, 8, 8)),
                                                ((25, 10, 19), (30, 4, 7), (0, 8, 9)),
                                                ((10, 10, 10), (4, 4, 4), (0, 0, 0)),
                                                ((99, 98, 97), (33, 33, 33), (0, 0, 0))]):
        state = colony(state, seat, cards=cards, tok3=tok3, tok8=tok8, roads=3)
    put(d, state)
    for i, name in enumerate(s.name for s in d.app.game.seats(state)):
        col = state.colonies[i]
        worths = _worths(d, name)
        want = {letter: f"{n}+{3 * t3 + 8 * t8}t" for letter, n, t3, t8 in zip("AFM", col.cards, col.tok3, col.tok8)}
        assert worths == want, (name, worths)
        panel = max((h.rect for h in d.app.screen.ui.hits if h.label == name), key=lambda r: r.w * r.h)
        row = [t for t, r, _ in d.app.screen.ui.texts if panel.contains(r) and t[:1].isdigit()]
        assert not ({"one", "apart"} <= {"one" if "+" in t else "apart" for t in row if t.endswith("t")}), row
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]
    check_sizes(d, f"4 players, 2-digit counts at {size}", key_texts=None)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 480), (480, 800), (1280, 720)])
@pytest.mark.parametrize("cards, tok3, tok8", [((3, 20, 20), (0, 1, 1), (6, 0, 0)),
                                               ((20, 20, 20), (1, 1, 0), (0, 0, 6)),
                                               ((3, 12, 5), (0, 2, 3), (6, 0, 0))])
def test_every_tokens_worth_keeps_its_t(driver, size, players, cards, tok3, tok8):
    """A tester's finding: with 4 players at 800x480 a panel read "A 3+48", the "t" of the tokens (3.8) left out
    where "3+48t" fitted at the smaller size; beside "F 20+3" it read as 51 cards. Each resource with tokens
    keeps its "t" (smaller, unbolded where it must), and nothing is cut or summed."""
    from companion.rules.mission_to_mars_2049.model import replace
    from companion.ui import text
    d = driver(size, players)
    cuts = text.STATS["cut"]
    put(d, replace(colony(d.app.state, 0, cards=cards, tok3=tok3, tok8=tok8), phase="main", current=0, produced=0,
                   face=1, turn=12))
    worths = _worths(d, "Red")
    for letter, n, t3, t8 in zip("AFM", cards, tok3, tok8):
        assert worths[letter] == f"{n}+{3 * t3 + 8 * t8}t", worths
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(800, 480), (480, 800)])
def test_grand_thefts_event_names_its_victim_on_its_first_line(driver, size, players):
    """A tester's finding: with 4 players at 800x480, "Draw 3 Resource cards blind from" filled the line of what
    happened and the victim ("Blue") was on the next one. The line names the victim first (4.1 Grand Theft
    Mission: "Choose a player ... and draw three Resource cards from him or her")."""
    d = driver(size, players)
    victim = d.app.game.seats(d.app.state)[-1].name   # the longest name of the table's colours with 4: Yellow
    state = colony(_busy(d.app.state), 0, peaceful=0, aggressive=1)
    put(d, colony(state, len(state.seats) - 1, peaceful=0))
    _play(d, "Grand Theft Mission")
    if d.app.dialog is not None:
        d.tap(victim)
    assert d.app.state.phase == "rob"
    d.frame()
    box = next(h.rect for h in d.app.screen.ui.hits if h.label == "This turn")
    lines = [t for t, r, _ in d.app.screen.ui.texts if box.contains(r)]
    assert lines and victim in lines[0] and "3 Resource cards" in " ".join(lines), lines


@pytest.mark.timeout(60)
@pytest.mark.parametrize("players, seat", [(2, 1), (3, 1), (3, 2), (4, 1), (4, 2), (4, 3)])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (480, 800), (720, 1280)])
def test_no_event_line_leaves_one_word_alone(driver, size, players, seat):
    """A tester's finding: Grand Theft's line (4.1 Grand Theft Mission) wrapped "From Yellow: draw 3 Resource cards"
    over "blind" alone; a Robbery's blind draw (3.5) "Yellow draws 1 Minerals card from" over "Red". A line of what
    happened this turn that wraps keeps its last two words together, whoever the victim."""
    d = driver(size, players)
    victim = d.app.game.seats(d.app.state)[seat].name
    put(d, colony(colony(_busy(d.app.state), 0, peaceful=0, aggressive=1), seat, peaceful=0))
    _play(d, "Grand Theft Mission")
    if d.app.dialog is not None:
        d.tap(victim)
    assert d.app.state.phase == "rob"
    d.tap("Grand Theft")
    d.tap("Minerals")   # the first draw: "Red draws 1 Minerals card from Yellow"
    d.frame()
    box = next(h.rect for h in d.app.screen.ui.hits if h.label == "This turn")
    lines = [t for t, r, _ in d.app.screen.ui.texts if box.contains(r)]
    assert any("blind" in t for t in lines) and any(t.endswith(victim) for t in lines), lines
    assert all(len(t.split()) > 1 for t in lines), lines


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (480, 800)])
def test_an_event_that_wraps_shows_where_the_next_begins(driver, size):
    """A table test's finding: in what happened this turn, Grand Theft's line wrapped and its end, "cards blind",
    read as an event of its own above "Red plays the Grand Theft Mission". An event's second row and after are
    drawn in from its first; every event's first row starts at the box's left."""
    d = driver(size, 4)
    put(d, colony(colony(_busy(d.app.state), 0, peaceful=0, aggressive=1), 3, peaceful=0))
    _play(d, "Grand Theft Mission")
    if d.app.dialog is not None:
        d.tap("Yellow")
    d.frame()
    box = next(h.rect for h in d.app.screen.ui.hits if h.label == "This turn")
    rows = [(t, r.x) for t, r, _ in d.app.screen.ui.texts if box.contains(r)]
    starts = [x for t, x in rows if t.startswith(("From Yellow", "Red plays"))]
    more = [x for t, x in rows if not t.startswith(("From Yellow", "Red plays"))]
    assert len(starts) == 2 and len(set(starts)) == 1 and more, rows   # Grand Theft's line wraps at these sizes
    assert all(x >= starts[0] + d.app.layout.px(12) for x in more), rows


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(480, 800), (800, 480), (1280, 720)])
def test_productivity_before_the_roll_leaves_the_game_bank_in_sight(driver, size):
    """Found playing 4 players at 480x800: before Red's roll, with Blue holding a Peaceful Mission Card (4.1
    Productivity Mission: "Play at any time you wish"), the Productivity button was drawn over the Game Bank's line
    (2.1), hiding its end. The button, the bank's line and the die's faces each keep their own room, every one a
    finger's size."""
    from companion.rules.mission_to_mars_2049.model import replace
    d = driver(size, 4)
    put(d, replace(colony(d.app.state, 1, peaceful=1), phase="roll", current=0, produced=-1, face=0, turn=5))
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    bank = next(r for t, r, _ in d.app.screen.ui.texts if t.startswith("Bank:"))
    button = hits["Productivity"]
    faces = [hits[f"face {k}"] for k in range(1, 7)]
    assert not button.colliderect(bank) and not any(button.colliderect(f) for f in faces), (button, bank)
    assert min(button.size) >= 0.85 * d.app.layout.touch and all(f.h >= d.app.layout.touch for f in faces)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (480, 800)])
def test_a_captured_player_is_said_whole_beside_points_to_49(driver, size):
    """A table test's finding: with 4 players, the 49-point victory agreed (5.0) and Yellow captured (4.1 Capture
    Mission), Yellow's panel read "Yellow \u2022 capt\u2026" beside "18/49 pts" at 800x480. The name and "captured"
    are each whole."""
    from companion.rules.mission_to_mars_2049.model import replace
    from companion.ui import text
    d = driver(size, 4, points_49=True)
    state = replace(d.app.state, phase="main", current=0, produced=0, face=1, turn=30)
    for seat in range(4):
        state = colony(state, seat, bases=5, captured=1 if seat == 3 else 0)
    cuts = text.STATS["cut"]
    put(d, state)
    panel = max((h.rect for h in d.app.screen.ui.hits if h.label == "Yellow"), key=lambda r: r.w * r.h)
    shown = [t for t, r, _ in d.app.screen.ui.texts if panel.contains(r)]
    assert "Yellow" in shown and any(t.endswith("captured") for t in shown) and "18/49 pts" in shown, shown
    assert text.STATS["cut"] == cuts, text.CUTS[-2:]
