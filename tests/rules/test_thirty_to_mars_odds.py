"""Exact success probability of a check (30-to-mars.txt, Resolving the Problem,
Marsonaut Profiles)."""
from fractions import Fraction
from itertools import product

import pytest

from companion.rules import thirty_to_mars as ttm
from tests.rules.helpers import act, drawn, started, with_crew


def brute(n, need):
    hits = sum(1 for faces in product(range(1, 7), repeat=n) if sum(faces) >= need)
    return hits / 6 ** n


@pytest.mark.parametrize("n,need", [(1, 4), (2, 7), (3, 12), (4, 20), (2, 2), (1, 7)])
def test_plain_odds_match_counting_every_outcome(n, need):
    s = drawn(started(), location=1, difficulty=need)
    for who in range(n):
        s, _ = act(s, "place", who=who, bay=1)
    plain, best = ttm.check_odds(s)
    assert plain == pytest.approx(brute(n, need)) and best == pytest.approx(plain)  # nobody at Sanity 10


def test_nobody_in_the_event_bay_has_no_chance():
    assert ttm.check_odds(drawn(started(), location=1)) == (0.0, 0.0)


def test_unknown_difficulty_has_no_odds():
    assert ttm.check_odds(drawn(started(), location=1, difficulty=None)) is None


def test_john_ready_adds_a_die_when_it_helps():
    s = with_crew(drawn(started(), location=1, difficulty=7), 2, sanity=10)
    s, _ = act(s, "place", who=0, bay=1)
    plain, best = ttm.check_odds(s)
    assert plain == 0.0
    # one die never reaches 7; with John's die added: P(d1 + d2 >= 7) = 21/36
    assert best == pytest.approx(float(Fraction(21, 36)))


def test_odds_during_the_check_count_the_dice_already_rolled():
    s = drawn(started(), location=1, difficulty=8)
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "place", who=1, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=5)
    assert ttm.check_odds(s)[0] == pytest.approx(4 / 6)  # need 3+ on the second die


def test_jean_louis_ready_doubles_the_best_die():
    s = with_crew(drawn(started(crew=["jean-louis", "stan", "john", "maria"]), location=1, difficulty=10), 0,
                  sanity=10)
    s, _ = act(s, "place", who=1, bay=1)
    plain, best = ttm.check_odds(s)
    assert plain == 0.0 and best == pytest.approx(2 / 6)  # a 5 doubled is 10, a 6 is 12


def test_maria_ready_rerolls_a_failed_die_up_to_two_times():
    s = with_crew(drawn(started(), location=1, difficulty=5), 3, sanity=10)
    s, _ = act(s, "place", who=0, bay=1)
    plain, best = ttm.check_odds(s)
    assert plain == pytest.approx(2 / 6) and best == pytest.approx(1 - (4 / 6) ** 3)


def test_larisa_ready_lowers_the_difficulty_by_a_die():
    s = with_crew(drawn(started(), location=1, difficulty=8), 0, sanity=10)
    s, _ = act(s, "place", who=1, bay=1)
    plain, best = ttm.check_odds(s)
    assert plain == 0.0 and best == pytest.approx(brute(2, 8))


def test_a_pending_reroll_counts_as_the_die_it_will_be():
    s = with_crew(drawn(started(), location=1, difficulty=5), 3, sanity=10)
    s, _ = act(s, "place", who=0, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=1)
    s, _ = act(s, "ability", who=3, die=0)  # Maria re-rolls the 1
    plain, best = ttm.check_odds(s)
    assert plain == pytest.approx(2 / 6)                  # the new face must be 5 or 6
    assert best == pytest.approx(1 - (4 / 6) ** 2)        # ... or the second re-roll


def test_a_pending_extra_die_and_a_pending_reduction_count():
    s = with_crew(with_crew(drawn(started(), location=1, difficulty=9), 2, sanity=10), 0, sanity=10)
    s, _ = act(s, "place", who=1, bay=1)
    s, _ = act(s, "next")
    s, _ = act(s, "roll", face=3)
    s, _ = act(s, "ability", who=2)  # John's extra die is pending
    assert ttm.check_odds(s)[0] == pytest.approx(1 / 6)  # 3 + 6 >= 9
    s, _ = act(s, "roll", face=2)
    s, _ = act(s, "ability", who=0)  # Larisa's reduction is pending: 5 against 9 - d6
    assert ttm.check_odds(s)[0] == pytest.approx(3 / 6)  # reductions 4, 5, 6
