"""A Race to Mars game with Headquarters, from New game to round 13, through the app: New game (2 players, not
the first game) and the Headquarters chosen on their screen by taps; the Starting cards and rounds 1-12 as the
players' real moves on the session (each pick's parts chosen by the test). Shared by the Headquarters tests (not
a test module itself).

Source: shared/rules/race-to-mars.txt ("Headquarters", "Starting Cards", "Playing the Game 1: Pre-Launch")."""
from __future__ import annotations

from typing import Any, Callable

from companion.rules import race_to_mars as rm
from companion.rules.contract import Action

GAME = "race-to-mars"


def new_game_with_headquarters(d: Any, anna: tuple[int, int], winston: tuple[int, int]) -> None:
    """New game of Anna and Winston (Anna the Start Player) on the driver ``d``; each keeps the first of the two
    Headquarters given and returns the second, tapped on the Headquarters screen."""
    d.tap("Race to Mars")
    d.tap("2 players")
    d.tap("Start")
    s = d.app.session
    assert s.game_id == GAME and d.app.current_screen().name == "headquarters"
    for keep, back in (anna, winston):
        d.tap(f"HQ {keep}")
        d.tap(f"HQ {back}")
        d.tap("Keep")
    assert s.state.step == "starting", s.state.step


def starting_cards(d: Any, anna: str = "module", winston: str = "crew", anna_card: int = 3) -> None:
    """Starting card 1 beside the Insight card, Starting cards 2, 3 and 4 revealed; Winston (right of the Start
    Player) picks Starting card 2 (or 3 when Anna takes 2: ``anna_card``), Anna Starting card 3, each placed as
    said; Starting card 4 is left over."""
    s = d.app.session

    def do(card: str, place: str, seat: int) -> None:
        out = s.submit(Action(rm.STARTING, {"card": {"name": card}, "place": place}, seat))
        assert out.accepted, out.rejection
    do("Starting card 1", "insight", 0)
    for k in (2, 3, 4):
        do(f"Starting card {k}", "revealed", 0)
    do(f"Starting card {5 - anna_card}", winston, 1)
    do(f"Starting card {anna_card}", anna, 0)
    assert s.state.step == "pre-launch", s.state.step
    d.frame()


def rounds_1_to_12(d: Any, anna: Callable[[int], dict], winston: Callable[[int], dict] | None = None) -> None:
    """Rounds 1-12 by real moves: Anna's k-th pick is ``anna(k)`` (a PICK's args), Winston recruits a Hull card
    (or ``winston(k)``); every leftover a Fuel, Hull trajectory card, and the Trajectory card too. Then Winston
    picks in round 13 when he comes first, so that the screen shows Anna's turn."""
    s = d.app.session
    k = 0
    while True:
        seat = rm.to_act(s.state).seats[0]
        expect = d.app.expect()
        asked = expect is not None and expect.action == rm.TRAJECTORY   # asked once all 12 are placed
        if len(s.state.slots) == 12 and seat == 0 and not asked:
            break
        if asked:
            out = s.submit(Action(rm.TRAJECTORY, {"lanes": [["fuel", "hull"]] * 4}, expect.seat))
        elif s.state.step == "leftover":
            card = {"name": f"T{len(s.state.slots) + 1}", "trajectory": [["fuel", "hull"]] * 4}
            out = s.submit(Action(rm.LEFTOVER, {"card": card}, seat))
        else:
            k += 1
            hull = {"card": {"name": f"W{k}", "crew": {"resources": ["hull"]}}}
            args = anna(k) if seat == 0 else winston(k) if winston else hull
            out = s.submit(Action(rm.PICK, args, seat))
        assert out.accepted, out.rejection
    d.frame()
