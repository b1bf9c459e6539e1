"""Race to Mars at the table: seats, who acts, what the game waits for, the
result, the summary and the invariants.

Who acts: one seat at a time, except phase 2.1 ("All players in Post-launch
mode play cards simultaneously"), when every Post-launch player who has not
said DONE may act, in any order.
"""
from __future__ import annotations

from typing import Any

from ..contract import Expect, Result, Seat, Standing, Turn
from .actions import LEFTOVER, PICK, STARTING, TRAJECTORY
from .model import (BOOST, HAZARDS, HQ_STEP, LEFTOVER_STEP, OVER_STEP, PLAY_STEP, PRE_STEP, SLOTS, STARTING_STEP,
                    TURN_STEP, UNENTERED, UNKNOWN_STARTING, State)
from .deck import free
from .rocket import final_space, unentered_ahead

NOT_SPACES = HAZARDS + (UNENTERED,)   # route items that are no space
PHASE_NAMES = {2: "2.2 Advance rocket", 3: "2.3 Exchange cards for Experience", 4: "2.4 Spend Experience",
               5: "2.5 Discard cards"}


def seats(state: State) -> tuple[Seat, ...]:
    """The players in clockwise order, marked 1..4."""
    return tuple(Seat(i, n, c, str(i + 1)) for i, (n, c) in enumerate(zip(state.names, state.colours)))


def starting_stage(state: State) -> str:
    """Where the Starting cards are ("Starting Cards"; "" outside that step):

    - ``"insight"``: the table enters the card drawn and placed beside the Insight card;
    - ``"revealed"``: the table enters the next of the cards revealed (players + 1, + 1 with
      Headquarters 4, + 1 when Headquarters 8 adds one), each picked from the catalogue (the four
      described ones are built in) or entered as :data:`~.model.UNKNOWN_STARTING`;
    - ``"pick"``: the next player, counterclockwise from the right of the Start Player (the
      Headquarters 4 player again last), picks one of :func:`starting_choices`;
    - ``"leftover"``: two cards are left (Headquarters 8 added one): the last player to pick decides
      which joins the Insight row; the other returns to the box. A single leftover joins it at once.
    """
    if state.step != STARTING_STEP:
        return ""
    if state.at == 0:
        return "insight"
    if state.picked + len(state.starting_row) < state.revealed:
        return "revealed"
    return "pick" if state.at < len(state.order) else "leftover"


def starting_choices(state: State) -> tuple[str, ...]:
    """The names of the revealed Starting cards not yet picked (what a pick or the leftover names)."""
    return tuple(c["name"] for c in state.starting_row)


def current(state: State) -> int:
    """The seat whose turn it is (-1 in 2.1 and at the end)."""
    step = state.step
    if step == LEFTOVER_STEP:
        return state.last_picker if state.last_picker >= 0 else state.order[-1]
    if step == STARTING_STEP:
        stage = starting_stage(state)
        if stage in ("insight", "revealed"):
            return state.start
        if stage == "leftover":
            return state.last_picker
    if step in (HQ_STEP, STARTING_STEP, PRE_STEP, TURN_STEP):
        return state.order[state.at]
    return -1


def to_act(state: State) -> Turn:
    """Who may act now: one seat, or (2.1) every Post-launch player not done."""
    if state.step == PLAY_STEP:
        players = state.players
        return Turn(tuple(p.seat for p in players if p.launched and not p.done), "several",
                    tuple(p.seat for p in players if p.launched and p.done), "2.1 Play cards")
    s = current(state)
    if s < 0:
        return Turn((), "one", label="Game over")
    return Turn((s,), "one", label=f"{state.names[s]}: {phase(state)}")


def phase(state: State) -> str:
    """The step in words: "Headquarters", "Starting cards", "1.1 Pick a card",
    "Leftover to slot r", "2.1 Play cards", "2.2 Advance rocket"..., "Game over"."""
    step = state.step
    if step == TURN_STEP:
        return PHASE_NAMES[state.sub] + (" (hazard)" if state.hazards else "")
    return {HQ_STEP: "Headquarters", STARTING_STEP: "Starting cards", PRE_STEP: "1.1 Pick a card",
            LEFTOVER_STEP: f"Leftover to trajectory slot {len(state.slots) + 1}", PLAY_STEP: "2.1 Play cards",
            OVER_STEP: "Game over"}[step]


def is_over(state: State) -> bool:
    return state.step == OVER_STEP


def expects(state: State) -> Expect | None:
    """A card the game waits for: the Space card a Pre-launch player picks,
    the leftover that becomes a trajectory card, a Starting card, or the
    Trajectory card's spaces and hazards (``card_kind`` "trajectory", action
    ``trajectory_card``, seat: whoever acts now).

    The Trajectory card (RM-003, "Setup"; the rulebook does not print it) is
    asked as soon as the 12 trajectory cards are placed, before the first
    launch: the earliest moment a route exists, so that no rocket's distance
    to Mars or reach is ever shown without its spaces (entering it later
    changed every player's distance at once)."""
    step = state.step
    if trajectory_card_due(state):
        s = current(state) if step != PLAY_STEP else next(p.seat for p in state.players if p.launched
                                                          and not p.done)
        return Expect("card", "All 12 trajectory cards are placed: enter the Trajectory card's spaces and hazards on "
                      "each lane, Earth \u2192 Mars", "trajectory", card_kind="trajectory", seat=s, action=TRAJECTORY)
    if step == TURN_STEP:
        s = current(state)
        if not state.hazards and (state.free_left or state.sub == 2) and unentered_ahead(state, s):
            return Expect("card", f"{state.names[s]}'s rocket reaches the Trajectory card: enter its spaces and "
                          "hazards on each lane, Earth \u2192 Mars", "trajectory", card_kind="trajectory", seat=s,
                          action=TRAJECTORY)
        return None
    if step == PRE_STEP:
        s = state.order[state.at]
        return Expect("card", f"{state.names[s]} picks a Space card (or launches)", "crew or module",
                      card_kind="space", seat=s, action=PICK)
    if step == LEFTOVER_STEP:
        s = current(state)
        slot = f"trajectory card {len(state.slots) + 1} of {SLOTS} ({slot_side(state, len(state.slots) + 1)})"
        if state.revealed - state.picked > 1:   # Headquarters 8 added a card: two leftovers
            what = (f"{state.names[s]}, the last to pick, chooses which of the two leftover cards becomes {slot}; "
                    "the other goes to the common discard pile (Headquarters 8)")
        else:
            what = f"The leftover card becomes {slot}"
        return Expect("card", what, "trajectory", card_kind="space", seat=s, action=LEFTOVER)
    if step == STARTING_STEP:
        s = current(state)
        stage = starting_stage(state)
        entered = state.picked + len(state.starting_row)
        what = {"insight": "The Starting card drawn and placed beside the Insight card",
                "revealed": f"Revealed Starting card {entered + 1} of {state.revealed} (or "
                            f"\u201c{UNKNOWN_STARTING}\u201d)",
                "pick": f"{state.names[s]} picks one of the revealed Starting cards",
                "leftover": f"{state.names[s]}, the last to pick, chooses which of the two leftover Starting cards "
                            "joins the Insight row; the other returns to the box"}[stage]
        return Expect("card", what, {"pick": "crew or module"}.get(stage, stage), card_kind="starting", seat=s,
                      action=STARTING)
    return None


def trajectory_card_due(state: State) -> bool:
    """True when the routes are complete and the Trajectory card's spaces are not entered yet (outside 2.2,
    where a rocket waiting before it asks for it as before)."""
    return (bool(state.routes) and bool(state.trajectory_card) and state.trajectory_card[0] == (UNENTERED,)
            and state.step in (PRE_STEP, PLAY_STEP) and not state.free_left)


def slot_side(state: State, slot: int) -> str:
    """Where trajectory slot 1..12 lies ("Playing the Game 1: Pre-Launch": the first six from the Planet
    Earth card to the Trajectory card, the next six from the Trajectory card to Mars; first game: Earth to
    Mars)."""
    if not state.trajectory_card:
        return "Earth \u2192 Mars"
    return "Earth \u2192 Trajectory card" if slot <= SLOTS // 2 else "Trajectory card \u2192 Mars"


def last_roll(state: State) -> tuple[str, int] | None:
    """None: Race to Mars uses no die."""
    return None


def die_faces(state: State) -> tuple[str, ...]:
    """No die: Race to Mars is played with cards only (Components list no die)."""
    return ()


def on_mars(state: State) -> tuple[int, ...]:
    """Seats whose rocket is on the final space."""
    if not state.routes:
        return ()
    return tuple(p.seat for p in state.players
                 if p.launched and p.pos >= 0 and p.pos == final_space(state.routes[p.pad]))


def result(state: State) -> Result | None:
    """The Game Ends: one player on Mars wins; several are ranked by
    Experience and a tie shares the victory. The ranking lists the players on
    Mars by Experience, then the others by Experience (score: Experience), each where it is: on Mars, on the
    way, or not launched (still in Pre-launch: never "on the way")."""
    if state.step != OVER_STEP:
        return None
    mars = on_mars(state)
    best = max(state.players[s].xp for s in mars)
    winners = tuple(s for s in mars if state.players[s].xp == best)
    order = sorted(state.players, key=lambda p: (p.seat not in mars, -p.xp, p.seat))
    ranking, place, prev = [], 0, None
    for k, p in enumerate(order):
        key = (p.seat in mars, p.xp)
        if key != prev:
            place, prev = k + 1, key
        where = "on Mars" if p.seat in mars else "on the way" if p.launched else "not launched"  # still on Earth
        ranking.append(Standing(p.seat, place, p.xp, f"{where}, {p.xp} Experience"))
    names = [state.names[s] for s in winners]
    if len(mars) == 1:
        sentence, code = f"{names[0]} reached Mars and wins.", "won"
    elif len(winners) == 1:
        sentence, code = f"{len(mars)} rockets reached Mars; {names[0]} wins with the most Experience ({best}).", \
            "won"
    else:
        sentence, code = (f"{' and '.join(names)} reached Mars with {best} Experience each and share the "
                          "victory."), "shared"
    return Result(winners, tuple(ranking), sentence, code)


def outcome(state: State) -> str | None:
    """``result(state).code`` ("won", "shared") or None while the game goes on."""
    r = result(state)
    return r.code if r else None


def summary(state: State) -> dict[str, Any]:
    """JSON-able overview: round, phase, who acts, each player's mode, position,
    modules, Crew deck, zones, Experience, Boosts, Asteroids, and the 12 trajectory slots."""
    players = []
    for p, name in zip(state.players, state.names):
        route = state.routes[p.pad] if state.routes else ()
        players.append({
            "name": name, "mode": "Post-launch" if p.launched else "Pre-launch", "headquarters": p.hq or None,
            "launch_pad": p.pad + 1,  # 1..4, as the table counts them
            "position": sum(1 for j in range(p.pos + 1) if route and route[j] not in NOT_SPACES),
            "spaces_to_mars": (sum(1 for x in route[p.pos + 1:] if x not in NOT_SPACES) if route else None),
            "rocket_modules": [m.name for m in p.modules], "crew_deck": len(p.crew) + p.boosts + p.asteroids,
            "unplaced": [h[0] for h in p.held],  # Headquarters 5: placed at launch
            "draw_pile": p.draw, "hand": p.hand, "discard_pile": p.discard,
            "play_area": [c.name for c in p.play if not c.gone],
            "experience": p.xp, "boosts": p.boosts, "asteroids": p.asteroids,
            "start_player": p.seat == state.start, "active_player": p.seat == state.active})
    slots = [{"slot": k + 1, "card": state.slot_names[k] if k < len(state.slot_names) else None}
             for k in range(SLOTS)]
    turn = to_act(state)
    return {"game": "race-to-mars", "round": state.round, "phase": phase(state), "to_act": list(turn.seats),
            "players": players, "trajectory": slots, "trajectory_card": bool(state.trajectory_card),
            "space_pile": state.pile, "space_discard": state.space_discard,
            "insights": [{"name": i.name, "cost": i.cost or None, "effect": i.text or i.effect}  # None: not entered
                         for i in state.insights],
            "end_triggered": state.end, "over": is_over(state)}


def invariants(state: State) -> list[str]:
    """What is wrong with ``state`` (empty when all is well)."""
    bad: list[str] = []
    for p in state.players:
        if min(p.draw, p.hand, p.discard, p.xp, p.boosts, p.asteroids) < 0:
            bad.append(f"seat {p.seat}: a negative count")
        if p.launched:
            owned = len(p.crew) + p.boosts + p.asteroids
            in_play = sum(1 for c in p.play if not c.gone)
            if p.draw + p.hand + p.discard + in_play != owned:
                bad.append(f"seat {p.seat}: zones hold {p.draw + p.hand + p.discard + in_play} cards, owns {owned}")
            if len(p.seen) > p.discard or any(free(p, name) < 0 for name in set(p.seen)):
                bad.append(f"seat {p.seat}: more cards known in the discard pile than it holds or owned")
            if not 0 <= p.under <= p.draw or free(p, BOOST) < 0:
                bad.append(f"seat {p.seat}: more Boosts known under the draw pile than it holds or owned")
        elif p.draw or p.hand or p.discard or p.play:
            bad.append(f"seat {p.seat}: cards in Post-launch zones before launch")
        if state.routes and p.pos > final_space(state.routes[p.pad]):
            bad.append(f"seat {p.seat}: beyond Mars")
        if state.routes and UNENTERED in state.routes[p.pad][:p.pos + 1]:
            bad.append(f"seat {p.seat}: past the Trajectory card before it was entered")
        if len({m.uid for m in p.modules}) != len(p.modules):
            bad.append(f"seat {p.seat}: two modules share an id")
    if len(state.slots) > SLOTS or (len(state.slots) == SLOTS) != bool(state.routes):
        bad.append("trajectory slots and routes disagree")
    if state.pile < 0 or state.space_discard < 0 or state.revealed < 0:
        bad.append("negative Space card count")
    if len(set(state.starting_seen)) != len(state.starting_seen):
        bad.append("a Starting card was used twice")
    if state.step == OVER_STEP and not on_mars(state):
        bad.append("game over with nobody on Mars")
    if state.end != bool(on_mars(state)):
        bad.append("end triggered without a rocket on Mars (or the reverse)")
    if any(p.launched for p in state.players) and len(state.slots) < SLOTS:
        bad.append("a rocket launched before the 12 trajectory cards were placed")
    return bad
