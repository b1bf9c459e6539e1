"""Race to Mars: ``check(state, action)``: why an action is not allowed now,
naming the rulebook section (a heading of race-to-mars.txt) that forbids it.

``check`` trusts the payload's shape (``ACTIONS``, checked at the session
boundary by :func:`companion.rules.contract.validate`).
"""
from __future__ import annotations

from typing import Any

from ..contract import Action, Rejection, seat_problem
from ..words import count
from .actions import (ADVANCE, COPY_MODULE, DISCARD, DONE, DOUBLE_MODULE, EXCHANGE, EXTRA_CARD, FREE_ADVANCE,
                      HEADQUARTERS, INSIGHT, JETTISON_CREW, JETTISON_MODULE, JETTISON_STORAGE, LAUNCH, LEFTOVER,
                      NAME_REVEALED, PICK, PLAY, PLAY_BOOST, STARTING, TRAJECTORY, reject, rule_ref)
from .cards import HQ_DOUBLE, HQ_EXTRA, HQ_FREE, HQ_LAUNCH, HQ_PAIR, HQ_TOP
from .deck import crew_card, crew_surely_in_hand, free, in_discard, targets_problem
from .engine import arrangement
from .model import (ASTEROID, BOOST, HQ_STEP, LEFTOVER_STEP, OVER_STEP, PLAY_STEP, PRE_STEP, RED, RESOURCE_NAMES,
                    SLOTS, STARTING_CARDS, STARTING_STEP, TURN_STEP, UNENTERED, YELLOW, Played, Player, State, replace)
from .post import copy_index, insight_cost
from .rocket import (copy_lost, duplicable, free_advance, keep_allowance, keep_sources, kept_by, next_space, pair_pays,
                     pays, source, sources, storage, unentered_ahead)
from .table import current, seats, starting_choices, starting_stage, to_act



def check(state: State, action: Action) -> Rejection | None:
    """Why ``action`` is not allowed now, or None if it is."""
    checker = _CHECKS.get(action.kind)
    if checker is None:
        return reject("unknown_action", f"There is no move called {action.kind!r} in Race to Mars.",
                      "Playing the Game")
    if state.step == OVER_STEP:
        return reject("game_over", "The game is over.", "The Game Ends")
    seat = action.seat
    if state.step == PLAY_STEP:
        ok = type(seat) is int and 0 <= seat < len(state.players) and state.players[seat].launched \
            and not state.players[seat].done
    else:
        ok = seat == current(state)
    if not ok:
        return _wrong_seat(state, action)
    return checker(state, seat, action.args)


def _wrong_seat(state: State, action: Action) -> Rejection:
    section = "Phase 2.1: Play Cards" if state.step == PLAY_STEP else "Turn Order"
    r = seat_problem(to_act(state), action, seats(state), rule_ref(section))
    return r or reject("not_your_turn", "That player may not act now.", section)


def _no_hazard(state: State) -> Rejection | None:
    if state.hazards:   # first: a free advance stopped by a hazard goes on only once it is dealt with
        h = state.hazards[0]
        what = "a Rocket module" if h == RED else "a Crew card"
        return reject("hazard_first", f"Deal with the {h} hazard first: jettison {what}.", "Hazards")
    if state.free_left:   # a free advance waits before the Trajectory card
        return _unentered()
    return None


def _in_phase(state: State, most: int, what: str, section: str) -> Rejection | None:
    if state.step != TURN_STEP:
        return reject("not_now", f"{what} happens in a Post-launch player's own turn.", section)
    if state.sub > most:
        return reject("phase_over", f"That phase is over: {what} comes earlier in the turn.", section)
    return _no_hazard(state)


def _unentered() -> Rejection:
    return reject("trajectory_card_first", "Your rocket reaches the Trajectory card: enter its spaces and hazards "
                  "first (the rulebook does not print them).", "Setup")


def _check_trajectory(state: State, seat: int, a: dict) -> Rejection | None:
    if not state.trajectory_card or state.trajectory_card[0] != (UNENTERED,):
        return reject("trajectory_card_known", "The Trajectory card's spaces are already entered (or the first game "
                      "leaves it out).", "Setup")
    return None


# --------------------------------------------------------------------------- setup and Pre-launch

def _check_headquarters(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step != HQ_STEP:
        return reject("not_now", "Headquarters are chosen during setup.", "Headquarters")
    if a["keep"] == a["back"] or a["keep"] in state.hq_seen or a["back"] in state.hq_seen:
        return reject("hq_dealt_once", "Each Headquarters card is dealt once: two different cards per player.",
                      "Headquarters")
    return None


def _check_starting(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step != STARTING_STEP:
        return reject("not_now", "Starting cards are placed during setup.", "Starting Cards")
    name, place = a["card"]["name"], a["place"]
    stage = starting_stage(state)
    if stage in ("insight", "revealed"):
        if place != stage:
            return reject("insight_row" if stage == "insight" else "reveal_first",
                          "This Starting card goes beside the Insight card." if stage == "insight" else
                          f"First say which Starting cards were revealed ({state.revealed}: one more than the "
                          "players).", "Starting Cards")
        if name in state.starting_seen:
            return reject("starting_twice", f"{name} is already on the table.", "Starting Cards")
        return None
    if name not in starting_choices(state):
        return reject("not_revealed", f"{name} is not among the revealed Starting cards "
                      f"({', '.join(starting_choices(state))}).", "Starting Cards")
    if stage == "leftover":
        if place != "insight":
            return reject("leftover_insight", "Choose the leftover card that becomes an Insight.", "Headquarters")
        return None
    if place in ("insight", "revealed"):
        return reject("pick_starting", "Pick a Starting card: recruit it or attach it as a module.",
                      "Starting Cards")
    if place == "unplaced" and state.players[seat].hq != HQ_FREE:
        return reject("place_now", "Decide at once: Crew deck or rocket.", "Phase 1.2: Place a Card")
    return None


def _check_pick(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step != PRE_STEP:
        return reject("not_now", "Space cards are picked by Pre-launch players at the start of a round.",
                      "Phase 1.1: Pick a Card")
    card = a["card"]
    if card["name"] in state.space_seen:
        return _twice(card["name"])
    place = a.get("place")
    if place is None and ("crew" in card) == ("module" in card):
        return reject("crew_or_module", "Say whether the card is recruited to the Crew deck or attached as a "
                      "module.", "Phase 1.2: Place a Card")
    if place == "unplaced" and state.players[seat].hq != HQ_FREE:
        return reject("place_now", "Decide at once: Crew deck or rocket (only Headquarters 5 may wait).",
                      "Phase 1.2: Place a Card")
    if state.revealed - state.picked < 1:
        return reject("no_card", "No revealed card is left to pick.", "Phase 1.1: Pick a Card")
    if "slot" in a:   # the revealed place it was taken from
        return _check_name_revealed(state, seat, {"slot": a["slot"], "name": card["name"]})
    return None


def _check_name_revealed(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step != PRE_STEP:
        return reject("not_now", "The revealed Space cards are named while a Pre-launch player picks.",
                      "Phase 1.1: Pick a Card")
    if a["slot"] > state.revealed:
        return reject("no_card", f"Only {count(state.revealed, 'Space card')} lie revealed.", "Phase 1.1: Pick a Card")
    if dict(state.named).get(a["slot"]) in state.space_seen:   # its card was picked: the place lies empty
        return reject("picked", f"Space card {a['slot']} was picked this round: its place is empty.",
                      "Phase 1.1: Pick a Card")
    if a["name"] in state.space_seen:
        return _twice(a["name"])
    return None


def _twice(name: str) -> Rejection:
    return reject("card_twice", f"{name} is already on the table: each Space card is a card of its own.",
                  "Phase 1.1: Pick a Card")


def _check_extra_card(state: State, seat: int, a: dict) -> Rejection | None:
    if state.players[seat].hq != HQ_EXTRA:
        return reject("not_hq8", "Only Headquarters 8 adds a card to the selection.", "Headquarters")
    if state.extra:
        return reject("extra_done", "A card was already added to this selection.", "Headquarters")
    if state.step == STARTING_STEP:
        if starting_stage(state) != "pick" or state.revealed + 2 > STARTING_CARDS:
            return reject("not_now", "Add a Starting card when it is your turn to pick.", "Headquarters")
        return None
    if state.step != PRE_STEP:
        return reject("not_now", "Add a card when it is your turn to pick.", "Headquarters")
    if state.pile + state.space_discard < 1:
        return reject("no_space_card", "No Space card is left to add.", "Playing the Game 1: Pre-Launch")
    return None


def launch_need(state: State, seat: int, modules: list[str] | None = None) -> dict[str, Any]:
    """What launching asks of ``seat``'s Crew deck ("Launching the Rocket": "you have at least twice as many
    cards in your Crew deck as you have Rocket modules (your Rocket card is not a module and does not count)";
    Headquarters 6: "at least two more Crew cards than Rocket modules"): ``{"crew": cards in the Crew deck
    (Boosts included, HQ 9), "modules": Rocket modules, "need": the least Crew deck, "short": cards missing
    (0: enough), "words": the need in a player's words ("Crew deck 5 cards, needs 8: twice the 4 Rocket
    modules"), "headquarters": 6 when Headquarters 6's count is the need (less than twice the modules), else 0,
    "rule": the rulebook section}``. ``modules``: the rocket Headquarters 5 builds at launch."""
    p = state.players[seat]
    if modules is not None or p.held:
        crew, mods = arrangement(p, modules, 0)
        p = replace(p, crew=crew, modules=mods)
    size, mods_n = len(p.crew) + p.boosts, len(p.modules)
    twice = 2 * mods_n
    need = min(twice, mods_n + 2) if p.hq == HQ_LAUNCH else twice
    card = "card" if size == 1 else "cards"
    module = "Rocket module" if mods_n == 1 else "Rocket modules"
    why = (f"the {mods_n} {module} plus 2 (Headquarters 6)" if need < twice else
           f"twice the {mods_n} {module}")
    return {"crew": size, "modules": mods_n, "need": need, "short": max(0, need - size),
            "words": f"Crew deck {size} {card}, needs {need}: {why}", "headquarters": HQ_LAUNCH if need < twice else 0,
            "rule": "Launching the Rocket"}


def _next_space(state: State, seat: int) -> str | Rejection:
    """The resource of ``seat``'s next space, or why there is none to pay now (not phase 2.2, on Mars, an
    unentered Trajectory card)."""
    bad = _in_phase(state, 2, "Advancing the rocket", "Phase 2.2: Advance Rocket")
    if bad:
        return bad
    p = state.players[seat]
    route = state.routes[p.pad]
    nxt = next_space(route, p.pos)
    if nxt is None:
        return reject("on_mars", "Your rocket is on the final space.", "The Game Ends")
    space = route[nxt[0]]
    return _unentered() if space == UNENTERED else space


def advance_problem(state: State, seat: int) -> Rejection | None:
    """Why ``seat`` cannot advance at all now, in one refusal for the whole rocket rather than one resource
    (what a greyed Advance says), or None when some resource pays the next space (race-to-mars.txt "Phase
    2.2: Advance Rocket": "you always move to the next space ... pay the resource", "Resources"). The
    refusals of the phase, the Mars card and an unentered Trajectory card come first, as ``check`` gives
    them; then "no resource at all", "every resource is spent" or "none of the unspent ones pays it",
    naming what is left."""
    space = _next_space(state, seat)
    if isinstance(space, Rejection):
        return space
    p = state.players[seat]
    have = sources(p)
    left = [x[3] for x in have if x[4] not in p.used]
    if any(pays(space, r) for r in left):
        return None
    if p.hq == HQ_PAIR and any(pair_pays(space, a, b) for i, a in enumerate(left) for b in left[i + 1:]):
        return None
    need = RESOURCE_NAMES[space]
    if not have:
        return reject("no_source", f"Nothing pays the next space ({need}): no Resource module on your rocket and "
                      f"no card played this turn.", "Phase 2.2: Advance Rocket")
    if not left:
        return reject("nothing_left", f"Every resource of your Rocket modules and played cards is spent this "
                      f"turn: nothing pays the next space ({need}).", "Phase 2.2: Advance Rocket")
    names = ", ".join(dict.fromkeys(RESOURCE_NAMES[r] for r in left))
    return reject("wrong_resource", f"The next space needs {need}; what is left unspent ({names}) does not pay "
                  f"it.", "Phase 2.2: Advance Rocket")


def launch_problem(state: State, seat: int, modules: list[str] | None = None) -> Rejection | None:
    """Why ``seat`` may not launch now (Launching the Rocket; Headquarters 5 and 6), or None."""
    if len(state.slots) < SLOTS:
        return reject("trajectories_incomplete", f"Launch only once all 12 trajectory cards are placed "
                      f"({len(state.slots)} so far).", "Launching the Rocket")
    n = launch_need(state, seat, modules)
    if not n["short"]:
        return None
    return reject("crew_too_small", f"{n['words']} (short by {n['short']}).", "Launching the Rocket")


def _check_launch(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step != PRE_STEP:
        return reject("not_now", "A rocket launches instead of a Pre-launch player's pick.",
                      "Launching the Rocket")
    modules = a.get("modules")
    if modules is not None:
        p = state.players[seat]
        if p.hq != HQ_FREE:
            return reject("placed", "Once placed, cards cannot be moved between your deck and rocket.",
                          "Phase 1.2: Place a Card")
        names = [c.name for c in p.crew] + [m.name for m in p.modules] + [h[0] for h in p.held]
        for name in modules:
            if name not in names:
                return reject("unknown_card", f"{name} is not one of your cards.", "Headquarters")
            names.remove(name)
    return launch_problem(state, seat, modules)


def _check_leftover(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step != LEFTOVER_STEP:
        return reject("not_now", "The leftover card is dealt with after every Pre-launch player's turn (rounds "
                      "1-12).", "Playing the Game 1: Pre-Launch")
    if a["card"]["name"] in state.space_seen:
        return _twice(a["card"]["name"])
    if "trajectory" not in a["card"]:
        return reject("trajectory_needed", "Enter the leftover card's trajectory spaces and hazards: it joins the "
                      "trajectories to Mars.", "Playing the Game 1: Pre-Launch")
    return None


# --------------------------------------------------------------------------- 2.1

def _check_play(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step != PLAY_STEP:
        return reject("not_now", "Cards are played in phase 2.1, before advancing.", "Phase 2.1: Play Cards")
    p = state.players[seat]
    name = a["card"]
    if p.hand < 1:
        # whose hand: 2.1 is played by everyone at once, on one screen (a tester's finding: "your" named no one)
        return reject("empty_hand", f"{state.names[seat]} has no card left in hand.", "Phase 2.1: Play Cards")
    if name == ASTEROID:
        return reject("asteroid", "Asteroid cards lack Crew abilities.", "Asteroid Cards")
    if name == BOOST:
        return reject("boost", "A Boost is played as a resource (play_boost).", "Boost Cards")
    cc = crew_card(p, name)
    if cc is None or free(p, name) < 1:
        return _not_in_hand(p, name, "Phase 2.1: Play Cards")
    crew, other = cc.crew, cc.crew
    if crew.copy:
        if "copy" not in a:
            if all(copy_index(p, c.name) < 0 for c in p.play):
                return reject("nothing_to_copy", "You can't play a card with a copy effect if there is nothing to "
                              "copy.", "Phase 2.1: Play Cards")
            return reject("copy_which", "Say which card in your play area it copies.", "Phase 2.1: Play Cards")
        i = copy_index(p, a["copy"])
        if i < 0:
            return reject("copy_target", f"{a['copy']} cannot be copied: never a Boost card or another copy "
                          "effect, and it must be in your play area.", "Phase 2.1: Play Cards")
        other = p.play[i].crew
    elif "copy" in a:
        return reject("no_copy", f"{name} has no copy effect.", "Phase 2.1: Play Cards")
    after = replace(p, hand=p.hand - 1, play=p.play + (Played(name, crew),))
    targets = a.get("jettison", ())
    allowed = crew.jettison + (other.jettison if other is not crew else 0)
    if crew.other or (other is not crew and other.other):
        allowed = 9   # an effect the app does not know: the players say what it jettisoned
    if len(targets) > allowed:
        return reject("jettison_limit", f"{name} lets you jettison at most {count(allowed, 'card')}.",
                      "Phase 2.1: Play Cards")
    if targets:
        problem = targets_problem(after, list(targets), after.hand, after.discard)
        if problem:
            return reject("jettison_target", f"Cannot jettison that: {problem}.", "Phase 2.1: Play Cards")
    back = a.get("returned", 0)
    from_discard = sum(1 for t in targets if t["zone"] == "discard")
    if back > crew.returns + (other.returns if other is not crew else 0) or back > p.discard - from_discard:
        return reject("return_limit", "That many cards cannot come back from your discard pile.",
                      "Phase 2.1: Play Cards")
    if "result" in a:
        if not (crew.other or (other is not crew and other.other)):
            return reject("known_effect", f"The app knows what {name} does and carries it out.",
                          "Phase 2.1: Play Cards")
        r = a["result"]
        if r.get("advance"):
            return reject("advance_in_2_2", "A rocket advances in phase 2.2, not while cards are played.",
                          "Phase 2.2: Advance Rocket")
        hand = after.hand - sum(1 for t in targets if t["zone"] == "hand") + back
        if r.get("to_discard", 0) > hand or r.get("to_hand", 0) > p.discard - from_discard - back:
            return reject("result_counts", "There are not that many cards to move.", "Phase 2.1: Play Cards")
    return None


def _not_in_hand(p: Player, name: str, section: str) -> Rejection:
    """``name`` cannot be in the hand: the hand is empty, or it is not owned, in play, jettisoned, or known in
    the discard pile."""
    if p.hand < 1:
        return reject("hand_empty", "Your hand is empty.", section)
    if crew_card(p, name) is None:
        return reject("not_in_hand", f"{name} is not one of your Crew cards (or it was jettisoned).", section)
    if name in p.seen:
        return reject("in_discard", f"{name} is in your discard pile: it comes back only when the discard pile is "
                      "shuffled into a new draw pile.", "Asteroid Cards")
    return reject("not_in_hand", f"{name} is in your play area already.", section)


def _check_play_boost(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step != PLAY_STEP:
        return reject("not_now", "Boosts are played in phase 2.1.", "Boost Cards")
    p = state.players[seat]
    if p.boosts < 1:
        return reject("no_boost", "You have no Boost card: they come from the supply (the Insight card in phase "
                      "2.4, some Crew abilities, Headquarters 9).", "Boost Cards")
    if p.hand >= 1 and free(p, BOOST) < 1 <= free(p, BOOST) + p.under:   # Headquarters 9's, not drawn yet
        bottom = "Your Boost lies" if p.under == 1 else f"{p.under} of your Boosts lie"
        return reject("boost_under", f"{bottom} at the bottom of your draw pile, under the cards not drawn yet: "
                      "a Boost reaches your hand only when a draw takes it.", "Headquarters")
    if p.hand < 1 or free(p, BOOST) < 1:
        return reject("no_boost", "None of your Boost cards can be in your hand: they are in the play area or "
                      "in the discard pile.", "Boost Cards")
    return None


def _check_done(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step == PLAY_STEP:
        return None
    if state.step != TURN_STEP:
        return reject("not_now", "There is no phase to finish now.", "Turn Order")
    if state.sub >= 5:
        return reject("discard_first", "Finish the turn by discarding: say how many cards you keep.",
                      "Phase 2.5: Discard Cards")
    return _no_hazard(state)


def _rocket_timing(state: State, seat: int) -> Rejection | None:
    p = state.players[seat]
    if state.step in (PRE_STEP, PLAY_STEP) or (state.step == TURN_STEP and state.sub == 2 and not p.used
                                               and not state.hazards):
        return None
    return reject("decided", "Decide how your modules work this turn before advancing.", "The Rocket")


def _module(p: Player, i: int) -> Rejection | None:
    if not p.modules:
        return reject("no_module", "Your rocket has no Rocket modules (every one was jettisoned, or none was "
                      "attached).", "The Rocket")
    if i >= len(p.modules):
        return reject("no_module", f"There is no Rocket module {i + 1}: your rocket has {len(p.modules)}.",
                      "The Rocket")
    return None


def _check_copy_module(state: State, seat: int, a: dict) -> Rejection | None:
    p = state.players[seat]
    i = a["module"]
    bad = _module(p, i) or _rocket_timing(state, seat)
    if bad:
        return bad
    if not p.modules[i].copy:
        return reject("not_copy", f"{p.modules[i].name} is not a Copy module.", "The Rocket")
    if copy_lost(p, p.modules[i]):
        return reject("copy_lost", "The module it copied was jettisoned this turn: it can copy a new module from "
                      "your next turn.", "The Rocket")
    j = i - 1 if a["side"] == "above" else i + 1
    if j < 0:
        return reject("rocket_card", "Your Rocket card is not considered a module, so it can't be copied.",
                      "The Rocket")
    if j >= len(p.modules):
        return reject("no_module", "There is no module below this one.", "The Rocket")
    if p.modules[j].copy:
        return reject("copy_copy", "This module can never copy another copy effect.", "The Rocket")
    return None


def _check_double_module(state: State, seat: int, a: dict) -> Rejection | None:
    p = state.players[seat]
    if p.hq != HQ_DOUBLE:
        return reject("not_hq2", "Only Headquarters 2 uses a module twice.", "Headquarters")
    # the first choice is free in 2.2 also once advancing: no time is set for it ("twice each turn"; a tester)
    late = state.step == TURN_STEP and state.sub == 2 and not state.hazards and p.double < 0
    bad = _module(p, a["module"]) or (None if late else _rocket_timing(state, seat))
    if bad:
        return bad
    if not duplicable(p, a["module"]):
        m = p.modules[a["module"]]
        why = ("An effect that jettisons a module when used cannot be duplicated with this effect"
               if free_advance(p, a["module"]) else "It has no effect to use twice this turn")
        return reject("not_duplicable", f"{m.name} cannot be used twice: {why}.", "Headquarters")
    return None


# --------------------------------------------------------------------------- 2.2

def _check_advance(state: State, seat: int, a: dict) -> Rejection | None:
    space = _next_space(state, seat)
    if isinstance(space, Rejection):
        return space
    p = state.players[seat]
    src = a["source"]
    got = source(p, src["zone"], src["index"], src["slot"])
    if got is None:
        return reject("no_source", "There is no such resource on your Rocket modules or in your play area.",
                      "Phase 2.2: Advance Rocket")
    if got[1] in p.used:
        return reject("spent", "That resource is spent and can no longer be used this turn.",
                      "Phase 2.2: Advance Rocket")
    if "pair" in a:
        if p.hq != HQ_PAIR:
            return reject("not_hq1", "Only Headquarters 1 pays with two resources.", "Headquarters")
        pr = a["pair"]
        second = source(p, pr["zone"], pr["index"], pr["slot"])
        if second is None or second[1] in p.used or second[1] == got[1]:
            return reject("spent", "The second resource is missing or spent.", "Phase 2.2: Advance Rocket")
        if not pair_pays(space, got[0], second[0]):
            return reject("pair", "Two of the same basic resource pay for an advanced space only.", "Headquarters")
        return None
    if not pays(space, got[0]):
        why = " (a wild basic stands in for the four basics only)" if got[0] == "wild" else ""
        return reject("wrong_resource", f"The next space needs {RESOURCE_NAMES[space]}, not "
                      f"{RESOURCE_NAMES[got[0]]}{why}.", "Resources" if why else "Phase 2.2: Advance Rocket")
    return None


def _check_free_advance(state: State, seat: int, a: dict) -> Rejection | None:
    bad = _in_phase(state, 2, "A free advance", "The Rocket")
    if bad:
        return bad
    p = state.players[seat]
    bad = _module(p, a["module"])
    if bad:
        return bad
    if not free_advance(p, a["module"]):
        return reject("no_free_advance", f"{p.modules[a['module']].name} gives no free advance.", "The Rocket")
    if next_space(state.routes[p.pad], p.pos) is None:
        return reject("on_mars", "Your rocket is on the final space.", "The Game Ends")
    if unentered_ahead(state, seat):
        return _unentered()
    return None


def _check_jettison_module(state: State, seat: int, a: dict) -> Rejection | None:
    if not state.hazards or state.hazards[0] != RED:
        return reject("no_red_hazard", "Only a red hazard makes you jettison a Rocket module.", "Hazards")
    return _module(state.players[seat], a["module"])


def _check_jettison_crew(state: State, seat: int, a: dict) -> Rejection | None:
    if not state.hazards or state.hazards[0] != YELLOW:
        return reject("no_yellow_hazard", "Only a yellow hazard makes you jettison a Crew card.", "Hazards")
    p = state.players[seat]
    zone = a["zone"]
    in_play = [c.name for c in p.play if c.crew is not None and not c.gone]
    if zone in ("play", "none"):
        known = next((n for n in p.seen if n not in (BOOST, ASTEROID)), None)
        if known:
            return reject("crew_in_discard", f"{known} is in your discard pile: jettison a card from your hand or "
                          "discard pile, not from the play area.", "Hazards")
        if crew_surely_in_hand(p):
            return reject("crew_in_hand", f"Your hand holds a Crew card ({p.hand} cards, at most "
                          f"{free(p, BOOST) + free(p, ASTEROID)} Boost or Asteroid cards): jettison a card from your "
                          "hand or discard pile, not from the play area.", "Hazards")
    if zone == "none":
        if in_play:
            return reject("play_area", "Without a Crew card in hand or discard pile, you must jettison a card "
                          "from your play area.", "Hazards")
        return None
    name = a.get("card")
    if name is None:
        return reject("which_card", "Say which card is jettisoned.", "Hazards")
    if name in (BOOST, ASTEROID):
        return reject("not_crew", "It can't be a Boost or Asteroid card.", "Hazards")
    if zone == "play":
        if name not in in_play:
            return reject("not_in_play", f"{name} is not in your play area.", "Hazards")
        return None
    if zone == "hand" and (p.hand < 1 or free(p, name) < 1) or zone == "discard" and not in_discard(p, name) \
            or crew_card(p, name) is None:
        return reject("not_there", f"{name} is not a Crew card of yours in the {zone}.", "Hazards")
    return None


# --------------------------------------------------------------------------- 2.3-2.6

def _check_exchange(state: State, seat: int, a: dict) -> Rejection | None:
    bad = _in_phase(state, 3, "Exchanging cards for Experience", "Phase 2.3: Exchange Cards for Experience")
    if bad:
        return bad
    p = state.players[seat]
    name = a["card"]
    if name in (BOOST, ASTEROID):
        return reject("not_crew", f"{name} cards cannot be exchanged for Experience.",
                      "Phase 2.3: Exchange Cards for Experience")
    if p.hand < 1 or crew_card(p, name) is None or free(p, name) < 1:
        return _not_in_hand(p, name, "Phase 2.3: Exchange Cards for Experience")
    return None


def _check_insight(state: State, seat: int, a: dict) -> Rejection | None:
    bad = _in_phase(state, 4, "Spending Experience", "Phase 2.4: Spend Experience")
    if bad:
        return bad
    p = state.players[seat]
    if a["which"] >= len(state.insights):
        return reject("no_insight", f"There are {len(state.insights)} Insights in this game.",
                      "Phase 2.4: Spend Experience")
    ins = state.insights[a["which"]]
    if ins.cost and "cost" in a:
        return reject("known_cost", f"{ins.name}'s Insight costs {ins.cost} Experience.", "Starting Cards")
    cost = insight_cost(p, ins, a.get("cost"))  # not entered, not said (a move logged before it was asked): 1
    if p.xp < cost:
        price = (f"costs {cost} Experience" if ins.cost or "cost" in a else   # its printed cost not entered yet:
                 f"costs at least {cost} Experience (the price printed on it)")  # the least any Insight costs
        return reject("too_little_xp", f"Not enough Experience: {ins.name} {price}; you have {p.xp}.",
                      "Phase 2.4: Spend Experience")
    if ins.effect == "jettison":
        if "target" not in a:
            return reject("which_card", "Say which card is jettisoned.", "Starting Cards")
        problem = targets_problem(p, [a["target"]], p.hand, p.discard)
        if problem:
            return reject("jettison_target", f"Cannot jettison that: {problem}.", "Starting Cards")
    elif "target" in a:
        return reject("no_target", f"{ins.name} jettisons nothing.", "Phase 2.4: Spend Experience")
    if ins.effect == "advance" and next_space(state.routes[p.pad], p.pos) is None:
        return reject("on_mars", "Your rocket is on the final space.", "The Game Ends")
    if "result" in a and ins.effect != "other":
        return reject("known_effect", f"The app knows what {ins.name} does.", "Phase 2.4: Spend Experience")
    if "result" in a and a["result"].get("advance") and next_space(state.routes[p.pad], p.pos) is None:
        return reject("on_mars", "Your rocket is on the final space.", "The Game Ends")
    back = "Reference: Insights and Hazards (back page)"
    if (ins.effect == "trajectory") != ("lane" in a):
        return reject("lane", "Say which trajectory the rocket changes to." if "lane" not in a else
                      f"{ins.name} does not change trajectory.", back)
    if "lane" in a and (a["lane"] == p.pad or a["lane"] >= len(state.routes)):
        return reject("same_lane", "Change to another trajectory.", back)
    if "colour" in a and (ins.effect != "protect" or ins.colour):
        return reject("colour", f"{ins.name} sets no hazard colour.", back)
    if ins.effect == "protect" and not ins.colour and "colour" not in a:
        return reject("colour", "Say which hazard colour the protection covers (as printed on the card).", back)
    return None


def _check_jettison_storage(state: State, seat: int, a: dict) -> Rejection | None:
    if state.step not in (PLAY_STEP, TURN_STEP):
        return reject("not_now", "Storage modules are jettisoned after launch.", "The Rocket")
    bad = _no_hazard(state) if state.step == TURN_STEP else None
    p = state.players[seat]
    bad = bad or _module(p, a["module"])
    if bad:
        return bad
    if not storage(p, a["module"]):
        return reject("not_storage", f"{p.modules[a['module']].name} is not a Storage module.", "The Rocket")
    problem = targets_problem(p, list(a["cards"]), p.hand, p.discard)
    if problem:
        return reject("jettison_target", f"Cannot jettison that: {problem}.", "The Rocket")
    return None


def _check_discard(state: State, seat: int, a: dict) -> Rejection | None:
    bad = _in_phase(state, 5, "Discarding", "Phase 2.5: Discard Cards")
    if bad:
        return bad
    p = state.players[seat]
    keep = a["keep"]
    if keep > p.hand:
        return reject("keep_hand", f"You hold {count(p.hand, 'card')}.", "Phase 2.5: Discard Cards")
    allowed = keep_allowance(p)
    if keep > allowed:
        words = kept_by(keep_sources(p)) or "no Storage module, no Insight bought"
        return reject("keep_limit", f"You may keep {count(allowed, 'card')} ({words}).", "Phase 2.5: Discard Cards")
    if "top" in a:
        if p.hq != HQ_TOP:
            return reject("not_hq7", "Only Headquarters 7 returns a played card to the draw pile.", "Headquarters")
        if not any(c.name == a["top"] and c.crew is not None and not c.gone for c in p.play):
            return reject("not_played", f"{a['top']} is not a played card (Boost cards must still be returned to "
                          "the supply).", "Headquarters")
    return None


_CHECKS = {
    HEADQUARTERS: _check_headquarters, STARTING: _check_starting, PICK: _check_pick, EXTRA_CARD: _check_extra_card,
    LAUNCH: _check_launch, LEFTOVER: _check_leftover, PLAY: _check_play, PLAY_BOOST: _check_play_boost,
    DONE: _check_done, COPY_MODULE: _check_copy_module, DOUBLE_MODULE: _check_double_module,
    ADVANCE: _check_advance, FREE_ADVANCE: _check_free_advance, JETTISON_MODULE: _check_jettison_module,
    JETTISON_CREW: _check_jettison_crew, EXCHANGE: _check_exchange, INSIGHT: _check_insight,
    JETTISON_STORAGE: _check_jettison_storage, DISCARD: _check_discard, TRAJECTORY: _check_trajectory,
    NAME_REVEALED: _check_name_revealed,
}
