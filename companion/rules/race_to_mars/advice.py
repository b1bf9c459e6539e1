"""Race to Mars: help for the screens (pure queries, nothing changes).

- :func:`reach`: how far a player can get this turn with what is in play, the
  hazards on the way and whether they are protected ("Phase 2.2: Advance Rocket").
- :func:`launch_readiness`: who can launch now and what they lack ("Launching the Rocket").
- :func:`reminders`: the right reminder at the right moment ("draw 3: Extra
  draw module", "1 card kept by Storage" or "by an Insight bought this turn", the end-of-round trigger...).
"""
from __future__ import annotations

from typing import Any

from dataclasses import replace

from ..words import count
from .actions import reject
from .checks import advance_problem, launch_need, launch_problem
from .cards import HQ_DISCOUNT, HQ_DRAW
from .model import (ANY, BASE_DRAW, BASIC, HAZARDS, HEADQUARTERS, PLAY_STEP, PLAYER_TOKENS, PRE_STEP, RED,
                    REFERENCE_CARDS, RESOURCE_NAMES, SLOTS, SPACE_CARDS, STARTING_CARDS, SUPPLY, TURN_STEP,
                    UNENTERED, WILD, Player, State)
from .post import needs_choice
from .rocket import draw_count, free_advance, keep_words, next_space, protected, sources
from .table import current


def _rank(space: str, res: str) -> int:
    """Which source to spend first: the exact resource, then a wild basic, then a Boost."""
    if res == space:
        return 0
    if res == WILD and space in BASIC:
        return 1
    if res == ANY:
        return 2
    return -1 if space != ANY else 0


def _plan(state: State, seat: int) -> tuple[list[str], list[dict[str, Any]], int, frozenset]:
    """The greedy plan of :func:`reach`: ``(path, hazards, pos, used)``, ``pos`` the rocket's place at its end
    and ``used`` the player's spent resources then (keys of :func:`.rocket.sources`)."""
    p = state.players[seat]
    route = state.routes[p.pad]
    left = [x for x in sources(p) if x[4] not in p.used]
    used = set(p.used)
    pos, path, hazards = p.pos, [], []
    while True:
        nxt = next_space(route, pos)
        if nxt is None:
            break
        j, passed = nxt
        space = route[j]
        if space == UNENTERED:   # the Trajectory card, not entered yet: the plan stops before it
            break
        ranked = sorted((r for r in (_rank(space, x[3]) for x in left) if r >= 0))
        if not ranked:
            break
        best = ranked[0]
        for k, x in enumerate(left):
            if _rank(space, x[3]) == best:
                used.add(x[4])
                del left[k]
                break
        for h in passed:
            hazards.append({"colour": h, "after": len(path), "protected": protected(p, h)})
        path.append(space)
        pos = j
    return path, hazards, pos, frozenset(used)


#: The reminder for a rocket on the final space ("The Game Ends"), where "You can advance 0 spaces" was.
ARRIVED = "The rocket has reached Mars: nothing is left to advance"


def reach(state: State, seat: int) -> dict[str, Any]:
    """``{"spaces": n, "path": [resource...], "hazards": [{"colour", "after", "protected"}],
    "free_advance": spaces from modules, "mars": bool, "arrived": bool}``: a greedy plan (the
    exact resource first, then a wild basic, then a Boost) over the unused
    resources of the Rocket modules and the play area; free advances are
    listed, not spent. ``mars``: the plan ends on the final space (on Mars);
    ``arrived``: the rocket stands on it already ("The Game Ends": the round
    goes on after a rocket reaches it), so there is nothing left to advance
    (``mars`` is True too, ``spaces`` 0). Empty before the trajectories are complete."""
    p = state.players[seat]
    if not state.routes:
        return {"spaces": 0, "path": [], "hazards": [], "free_advance": 0, "mars": False, "arrived": False}
    path, hazards, pos, _ = _plan(state, seat)
    free = sum(free_advance(p, i) for i in range(len(p.modules)))
    route = state.routes[p.pad]
    return {"spaces": len(path), "path": path, "hazards": hazards, "free_advance": free,
            "mars": next_space(route, pos) is None, "arrived": p.pos >= 0 and next_space(route, p.pos) is None}


def advance_run(state: State, seat: int) -> dict[str, Any]:
    """How far one touch may advance ``seat``'s rocket now, space by space, along :func:`reach`'s plan
    ("Phase 2.2: Advance Rocket": "You may move as many steps as you can or wish to"): ``{"spaces": n,
    "path": [resource...], "passed": [colour...] the hazards passed on the way without a choice (protected,
    green, nothing to jettison), "mars": bool, "hazard": the colour of the hazard it stops before or None,
    "next": the resource of the space after the run (None on Mars or before an unentered Trajectory card),
    "stop": Rejection | None}``.

    The run stops before a hazard that asks the player what to jettison (:func:`.post.needs_choice`:
    "Hazards", "you must immediately deal with it"): passing it is the player's decision, taken with a
    single Advance. ``stop`` says why the run ends where it does, with its rulebook section: that hazard
    ("hazard_ahead"), or why nothing pays the next space then (:func:`.checks.advance_problem`: every
    resource spent, none pays it, an unentered Trajectory card); None when the run reaches Mars. Free
    advances are not spent (their module is jettisoned: a decision)."""
    p = state.players[seat]
    if state.step != TURN_STEP or state.sub != 2 or state.hazards or not state.routes:
        bad = advance_problem(state, seat)
        return {"spaces": 0, "path": [], "passed": [], "mars": False, "hazard": None, "next": None,
                "stop": bad or reject("hazard_first", "Deal with the hazard before advancing further.", "Hazards")}
    path, hazards, pos, used = _plan(state, seat)
    n, passed, stop, hazard = len(path), [], None, None
    for h in hazards:
        if needs_choice(p, h["colour"]):
            n, hazard = h["after"], h["colour"]
            what = "a Rocket module" if h["colour"] == RED else "a Crew card"
            where = "right in front of the rocket" if n == 0 else f"after the next {count(n, 'space')}"
            stop = reject("hazard_ahead", f"A {h['colour']} hazard lies {where}: passing it means jettisoning "
                          f"{what} of your choice, so Advance passes it one space at a time.", "Hazards")
            break
        passed.append(h["colour"])
    route = state.routes[p.pad]
    nxt = next_space(route, pos)
    mars = stop is None and nxt is None
    following = path[n] if n < len(path) else route[nxt[0]] if nxt is not None else None
    if stop is None and not mars:
        after = replace(p, pos=pos, used=used)
        stop = advance_problem(replace(state, players=state.players[:seat] + (after,) + state.players[seat + 1:]),
                               seat)
        if stop is None:   # Headquarters 1 pays it with a pair, which the plan leaves to the players
            stop = reject("pair_left", "The next space may be paid with two of the same basic resource "
                          "(Headquarters 1): Advance or Pay with... chooses them.", "Headquarters")
    return {"spaces": n, "path": path[:n], "passed": passed, "mars": mars, "hazard": hazard,
            "next": None if following == UNENTERED else following, "stop": stop}


def mars_space_words(state: State, lane: int) -> str:
    """Why the final space on Mars of ``lane`` costs what it costs, in words for the screens.

    Decision (RM-071, RM-073, RM-115): the final space is a space like any other ("Phase 2.2: Advance Rocket":
    "Each resource symbol along a trajectory represents a space ... you must spend a resource of the type
    indicated on the space you are moving to"; "The Game Ends": "the final space on their trajectory (on the
    Mars card)"), so reaching it costs one resource. The rulebook does not print the Mars card's symbols:
    unless the table entered them at setup (``board["mars"]``), any resource pays for it."""
    items = [x for x in state.mars[lane] if x not in HAZARDS] if state.mars else []
    final = items[-1] if items else ANY
    if final == ANY:
        return ("The final space on Mars costs one resource, like every space (Phase 2.2: Advance Rocket); "
                "the rulebook does not print the Mars card's symbol, so any resource pays for it")
    return f"The final space on Mars costs {RESOURCE_NAMES[final]}, as entered from the Mars card at setup"


def hazard_words(colour: str, after: int) -> str:
    """A hazard on the way, ``after`` spaces from the rocket (0: before the very next space)."""
    if after == 0:
        return f"A {colour} hazard lies right in front of the rocket, before the next space"
    return f"A {colour} hazard lies after the next {count(after, 'space')}"


def draw_sources(p: Player) -> list[tuple[str, int]]:
    """The cards drawn in 2.6 beyond the Rocket card's two, by source: ``[(words, n)]`` for Extra draw
    modules (copied and doubled ones count), Headquarters 10 and the draws bought as Insights this turn
    (they add up to :func:`.rocket.draw_count` - 2; "The Rocket", "Headquarters", "Phase 2.4: Spend
    Experience")."""
    modules = draw_count(p, False) - BASE_DRAW - (2 if p.hq == HQ_DRAW else 0)
    out = [("Extra draw module" + ("s" if modules > 1 else ""), modules),
           ("Headquarters 10", 2 if p.hq == HQ_DRAW else 0),
           ("Insight" + ("s" if p.bought_draw > 1 else "") + " bought this turn", p.bought_draw)]
    return [(why, n) for why, n in out if n]


def launch_readiness(state: State) -> list[dict[str, Any]]:
    """For each Pre-launch player: ``{"seat", "can_launch", "trajectory": placed/12,
    "crew", "modules", "need": the least Crew deck to launch, "short": Crew cards missing
    (0 when enough), "short_words": what is short in a player's words, "" when nothing is
    ("Crew deck 5 cards, needs 8: twice the 4 Rocket modules", :func:`.checks.launch_need`),
    "headquarters": 6 when Headquarters 6 sets the need (fewer than twice the modules), else 0,
    "rule": "Launching the Rocket", "why", "words"}``;
    ``words``: a line for the screens, "<name> can launch now" for the player whose
    turn it is, "<name> could launch on their turn" for another ("" when not ready)."""
    out = []
    now = current(state) if state.step == PRE_STEP else -1
    for p in state.players:
        if p.launched:
            continue
        n = launch_need(state, p.seat)
        r = launch_problem(state, p.seat)
        out.append({"seat": p.seat, "can_launch": r is None, "trajectory": len(state.slots), "crew": n["crew"],
                    "modules": n["modules"], "need": n["need"], "short": n["short"],
                    "short_words": n["words"] if n["short"] else "", "rule": n["rule"],
                    "headquarters": n["headquarters"],
                    "why": r.message if r else "",
                    "words": "" if r else f"{state.names[p.seat]} " + ("can launch now" if p.seat == now else
                                                                       "could launch on their turn")})
    return out


def supply_short(state: State) -> list[str]:
    """The supplies the table has run out of, as printed in the box (``SUPPLY``):
    "Asteroid cards are not meant to be limited. If you run out of them, use a
    substitute" (also Boost cards and Experience tokens): a reminder, never a refusal."""
    held = {"Asteroid": sum(p.asteroids for p in state.players), "Boost": sum(p.boosts for p in state.players),
            "Experience": sum(p.xp for p in state.players)}
    return [f"Out of {k} {'tokens' if k == 'Experience' else 'cards'} ({SUPPLY[k]} in the box): use a substitute"
            for k, n in held.items() if n > SUPPLY[k]]


def setup_checklist(state: State) -> list[str]:
    """The physical setup ("Setup" 1-10) for this table, one line per step, with
    the counts; the first game leaves out what the rulebook recommends skipping
    (the Trajectory card, Headquarters, Starting cards)."""
    n = len(state.players)
    full = not state.first_game
    out = ["Planet Earth on the left, space for six cards, " + ("the Trajectory card, six more, " if full else
                                                                "six more (no Trajectory card: first game), ")
           + "then Planet Mars",
           "Asteroid and Boost cards face-up within reach of all players (the supply)",
           "The Insight card and the Experience tokens within reach of all players",
           f"Shuffle the {SPACE_CARDS} Space cards into a face-down draw pile",
           "One Player pawn of each colour on a different launch pad of Planet Earth",
           f"Each player: a Rocket card, a Player pawn and {PLAYER_TOKENS} Player tokens in their colour",
           f"Each player: {REFERENCE_CARDS} Reference cards",
           f"{state.names[state.start]}: the Start Player and Active Player cards"]
    if full:
        out += [f"Shuffle the {HEADQUARTERS} Headquarters, deal two to each player, box the rest",
                f"Shuffle the {STARTING_CARDS} Starting cards: one beside the Insight card, reveal {n + 1}, "
                "box the rest"]
    return out


#: Headquarters 3 ("Headquarters": "When you spend experience (phase 2.4), you pay one less (but always a minimum of
#: one). The discount applies to each Insight you gain on a turn"), said in 2.4 beside the costs it changes
HQ_DISCOUNT_WORDS = "Headquarters 3: each Insight costs 1 Experience less than printed (at least 1)"


def reminders(state: State, seat: int) -> list[str]:
    """Short reminders for ``seat`` now, in the rulebook's words."""
    p = state.players[seat]
    out: list[str] = supply_short(state)
    if state.end:
        out.append("A rocket is on Mars: this is the last round")
    if state.step == PRE_STEP and current(state) == seat:
        k = state.revealed - state.picked
        out.append(f"Pick one of the {k} revealed Space cards" + (", or launch" if launch_problem(state, seat) is None
                                                                 else ""))
        if len(state.slots) < SLOTS:
            out.append(f"The leftover card becomes trajectory card {len(state.slots) + 1}")
    if not p.launched:
        return out
    extra = draw_count(p) - 2
    if state.step == PLAY_STEP and not p.done:
        out.append("Play cards, then say done")
    if state.step == TURN_STEP and current(state) == seat:
        if state.hazards:
            h = state.hazards[0]
            out.append(f"Deal with the {h} hazard before advancing further")
        elif state.sub == 2:
            r = reach(state, seat)
            out.append(ARRIVED if r["arrived"] else f"You can advance {count(r['spaces'], 'space')} with what is "
                       "in play")
            for h in r["hazards"]:
                if not h["protected"]:
                    out.append(hazard_words(h["colour"], h["after"]))
        if state.sub == 4 and p.hq == HQ_DISCOUNT:   # why the costs shown are not the printed ones
            out.append(HQ_DISCOUNT_WORDS)
        kept = keep_words(p)   # by Storage, an Insight bought this turn... (a tester's finding); "": none
        if kept and (state.sub < 5 or state.sub == 5 and p.hand):  # an empty hand in 2.5 keeps nothing
            out.append(kept)
        if extra > 0:
            out.append(f"Draw {draw_count(p)}: " + ", ".join(f"+{n} {why}" for why, n in draw_sources(p)))
        if any(c.crew is None and not c.gone for c in p.play):
            out.append("Played Boosts return to the supply")
    if p.draw == 0:
        out.append("Your draw pile is empty: the next draw adds an Asteroid and reshuffles")
    return out


__all__ = ["ARRIVED", "HAZARDS", "RESOURCE_NAMES", "advance_run", "draw_sources", "hazard_words", "launch_readiness",
           "mars_space_words", "reach", "reminders"]
