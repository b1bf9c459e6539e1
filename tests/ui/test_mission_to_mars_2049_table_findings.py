"""Mission to Mars 2049 through the screen: findings of testers who played whole games (the roll-off's
words, the colour of the bank and the older events, who must answer a Protection window, the footer question after
the Aggressive pile ran out). Source: shared/rules/mission-to-mars-2049.txt."""
from __future__ import annotations

import pytest

from companion.rules.contract import Event
from companion.ui.games.mission_to_mars_2049.panels import bank_text

from .readable import check_sizes
from .test_mission_to_mars_2049_report import busy, driver, put  # noqa: F401 (fixture)

PANELS = [(800, 480), (480, 800)]


@pytest.mark.parametrize("size", PANELS)
@pytest.mark.parametrize("players", [2, 4])
def test_the_roll_off_says_who_rolls_for_what_and_what_the_result_means(driver, size, players):
    """A tester's finding: the roll-off's header "Red rolls: Air starts the game" was terse and confusing.
    3.3 Who starts the game?: "Determine which player will start the game by rolling the Die. Whoever rolls
    the Air symbol first can roll the Die again to start the game" (MA-04: clockwise from the first seat).
    For every roller, the screen says whole, at reading size, that they roll for who starts, that Air makes
    them the starter, and who rolls next otherwise; Fix roll names the roll-off's roll in a few words."""
    d = driver(size, players)
    names = [s.name for s in d.app.game.seats(d.app.state)]
    for k, name in enumerate(names):
        nxt = names[(k + 1) % len(names)]
        want = f"{name} rolls for who starts: on Air, {name} starts; else {nxt} rolls"
        assert d.app.expect().purpose == want
        d.frame()
        drawn = " ".join(t for t, _, _ in d.app.screen.ui.texts)
        assert want in drawn, f"not whole at {size}: {drawn!r}"
        check_sizes(d, f"the roll-off at {size}", key_texts=None)
        d.roll(2)  # Food: the die passes on
        assert d.app.fixable_roll()[0] == f"{name}'s roll for who starts"


def brightest(d, words):
    """The brightest pixel (the mean of its red, green and blue) of the text ``words`` drawn last frame."""
    rects = [r for t, r, _ in d.app.screen.ui.texts if t == words]
    assert rects, f"no text {words!r}"
    surf, r = d.app.surface, rects[0]
    return max(sum(surf.get_at((x, y))[:3]) // 3 for x in range(r.left, r.right) for y in range(r.top, r.bottom))


@pytest.mark.parametrize("size", PANELS)
def test_the_bank_and_the_older_events_are_drawn_in_the_reading_colour(driver, size):
    """A tester's finding: the Game Bank's line (2.1) and the older events of the turn were drawn grey (DIM),
    hard to read from a metre. They are drawn in the reading colour, as the newest event and the players'
    names and numbers (widgets.FG, mean 244; DIM's is 176)."""
    d = driver(size)
    put(d, busy(d.app.state), [Event("roll", "Red rolls Air"), Event("trade", "Red trades 4 Food for 1 Minerals"),
                               Event("build", "Red builds Base 5")])
    bank = bank_text(d.app.view())
    assert bank.startswith("Bank: A ")
    drawn = {words: brightest(d, words) for words in (bank, "Red trades 4 Food for 1 Minerals", "Red builds Base 5")}
    assert all(mean >= 220 for mean in drawn.values()), drawn  # the newest two events fit at every size
    check_sizes(d, f"the busiest turn at {size}", key_texts=None)


def protection_windows(game, state, seeds):
    """``(seed, state)`` of every Protection window (phase "protect") met in games played from ``state`` with
    the rules' seeded ``random_action`` (each game's ``random.Random(seed)``, at most 3000 moves)."""
    import random
    out = []
    for seed in seeds:
        rng, s, n = random.Random(seed), state, 0
        while not game.is_over(s) and n < 3000:
            s, _ = game.apply(s, game.random_action(s, rng))
            n += 1
            if game.phase(s) == "protect":
                out.append((seed, s))
    return out


@pytest.mark.parametrize("size", PANELS)
@pytest.mark.parametrize("players", [3, 4])
def test_the_top_bar_names_the_players_who_must_answer_a_protection_window(driver, size, players):
    """A tester's finding, not reproduced as such: the Protection window's top bar once named the wrong player.
    Over every window of seeded games (Crimean, Sabotage, Grand Theft, Capture, Black Friday, Armageddon
    against a player who may hold Protection, 4.1), the top bar names exactly the players in ``state.react``,
    who must answer, and no one else. Found on the way: where another player might play the Productivity
    Mission at any time (MA-21, listed after them by ``to_act``), it said "Several players" for Green alone."""
    from companion.ui.screens.chrome import top_bar_rects
    d = driver(size, players)
    game = d.app.game
    windows = protection_windows(game, d.app.state, range(40))
    assert len(windows) >= 10, "too few Protection windows to pin anything"
    # the finding's case: someone who need not answer is listed by to_act too
    assert any(len(game.to_act(s).seats) > len(s.react) for _, s in windows)
    assert players == 3 or any(len(s.react) > 1 for _, s in windows)  # Black Friday: two targets at once
    names = [seat.name for seat in game.seats(d.app.state)]
    wrong, unsaid = [], []
    for seed, s in windows:
        put(d, s)
        day = top_bar_rects(d.app.layout, d.app)["day"]
        bar = " ".join(t for t, r, _ in d.app.screen.ui.texts if day.colliderect(r))
        answer = {names[i] for i in s.react}
        if {n for n in names if n in bar} != answer:
            wrong.append((seed, s.attack.card, bar, sorted(answer)))
        if "Protection?" not in bar:  # what they answer
            unsaid.append(bar)
    assert not wrong, wrong
    assert not unsaid, unsaid


@pytest.mark.parametrize("size", PANELS)
def test_after_the_aggressive_pile_ran_out_the_buy_asks_about_the_footer_again(driver, size):
    """Found while checking a tester's finding about "Play immediately!" (4.1 Armageddon Mission): once the
    Aggressive pile is empty, a buy shuffles the used cards into a new pile (4.0.4), both Armageddons with them,
    so the footer question is asked again (with 6.0.2's warning for the leader), and a drawn Armageddon is
    played at once. Before, the question was left out and a drawn Armageddon could not be entered."""
    from companion.rules.mission_to_mars_2049.model import replace
    from companion.ui.games.mission_to_mars_2049.labels import price
    d = driver(size)
    s = busy(d.app.state)  # Red holds 1 Aggressive card; the other 14 were played, both Armageddons among them
    put(d, replace(s, pile=(s.pile[0], 0), used=(0,) * 6 + (4, 4, 1, 1, 2, 2)))
    if "Buy Mission" not in d.names():
        d.tap("More")
    d.tap("Buy Mission")
    d.tap(f"Aggressive: {price('aggressive')}")
    assert d.app.dialog is not None, "bought without the footer question"
    title = d.app.dialog.title
    assert title.endswith("Does its footer say \u201cPlay immediately!\u201d?") and "(6.0.2)" in title, title
    d.tap("Yes: play it now")
    assert d.app.state.phase == "immediate"
    d.tap("Play Mission")
    assert d.app.state.phase == "main" and any("Armageddon" in e.text for e in d.app.recent)
