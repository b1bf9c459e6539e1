"""30 to Mars: the rules contract (check / apply) for one whole game.

Source: ``shared/rules/30-to-mars.txt`` ("Setup", "Turn Overview", "Out of
Resources", "Reference", "Special Ability", "Marsonaut Profiles").

Steps of play (``phase(state)``)::

    setup    10 rolls: Sanity and Health of each Marsonaut (d6+4), 2 Accident rolls
    dawn     NEXT: the ship advances, the daily drain (Turn Overview 1-3)
    draw     DRAW the event card (4); a result may demand another card the same day
    place    PLACE Marsonauts into Bays, NEXT to confirm (5)
    check    one ROLL per Marsonaut in the event Bay, abilities, NEXT to resolve (6)
    resolved consequences shown (7); NEXT: production, or the demanded card
    produced resources generated (8); NEXT ends the day (9-10)
    over     reached Mars (won) or all four knocked out (lost)

Choices the rules leave to the players (a resource of your choice, a
Workspace of your choice, whom a profession bonus helps) and rolls that
decide something are queued in ``state.pending`` and answered with CHOOSE and
ROLL before anything else goes on.
"""
from __future__ import annotations

from typing import Any

from ..contract import Action, Event
from ..contract import later_event as later  # text made on first read
from . import effects as fx
from .actions import ABILITY, CHOOSE, CORRECT_ROLL, DRAW, NEXT, PLACE, REPAIR, ROLL, rule_ref
from .model import (replace, BAY_NAMES, BAY_PRODUCES, COLOURS, CREW_SIZE, DAYS, DECK_SIZES, GREEN, HEALTH,
                    PROFILES, RED, RESOURCE_NAMES, RESOURCES, ROLES, SANITY, SLEEPING_BAY, TUTORIAL_CARDS,
                    TUTORIAL_GREEN_CARDS, EventCard, Marsonaut, Pending, State)
from .queries import choice_options, die_name, effective_difficulty, participants, pending_choice_text

# --------------------------------------------------------------------------- setup

#: The table's choices ``new_game`` takes.
OPTIONS = frozenset({"crew", "roles", "tutorial", "seed", "players"})  # seed, players: unused (no shuffling; one crew)


def new_game(options: dict[str, Any]) -> State:
    """A new game before the setup rolls.

    ``options``: ``crew`` 4 distinct Marsonaut keys of :data:`PROFILES`
    (default larisa, stan, john, maria); ``roles`` the 4 roles in crew order
    (default Navigator, Administrator, Operator, Coordinator); ``tutorial``
    bool: 30 green cards including the 3 tutorial ones (Setup 3 NB).
    Raises ``ValueError`` for an unknown option, and naming the rule for a bad crew or roles
    (Setup 4: "Choose 4 Marsonaut Player Sheets ... assign 1 Role Card to each").
    """
    unknown = set(options) - OPTIONS
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(OPTIONS))}")
    crew = list(options.get("crew") or ["larisa", "stan", "john", "maria"])
    roles = list(options.get("roles") or ROLES)
    if len(crew) != CREW_SIZE or len(set(crew)) != CREW_SIZE or not set(crew) <= set(PROFILES):
        raise ValueError(f"choose 4 different Marsonauts of {', '.join(PROFILES)} ({rule_ref('Setup 4')})")
    if sorted(roles) != sorted(ROLES):
        raise ValueError(f"assign each of the 4 roles {', '.join(ROLES)} once ({rule_ref('Setup 4')})")
    tutorial = bool(options.get("tutorial", False))
    deck = (TUTORIAL_GREEN_CARDS if tutorial else DECK_SIZES[GREEN], DECK_SIZES["yellow"], DECK_SIZES[RED])
    members = tuple(Marsonaut(k, r, health=0, sanity=0) for k, r in zip(crew, roles))
    return State(tutorial=tutorial, crew=members, step="setup", deck_left=deck,
                 tutorial_left=TUTORIAL_CARDS if tutorial else 0,
                 pending=_setup_pending())


def _setup_pending() -> tuple[Pending, ...]:
    rolls = []
    for i in range(CREW_SIZE):
        rolls += [Pending("roll", SANITY, who=i), Pending("roll", HEALTH, who=i)]
    return tuple(rolls) + (Pending("roll", "accident", index=0), Pending("roll", "accident", index=1))



# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a checked action; returns the new state and what happened.

    One copy of the state per action where it can be: the handlers make the
    new state, and the bookkeeping of every action (the answered roll or
    choice leaves ``pending``, the roll CORRECT_ROLL would replace) is written
    into that copy before anyone else sees it (:func:`_fresh`)."""
    events: list[Event] = []
    kind = action.kind
    if kind == ROLL:
        face = action.args["face"]
        pending = state.pending
        p = pending[0]
        new = _ROLLS[p.purpose](state, p, face, events)  # no roll handler reads or sets pending
        return _fresh(new, state, pending=pending[1:], before_roll=state, last_face=face), tuple(events)
    if kind == CORRECT_ROLL:
        base = state.before_roll
        assert base is not None
        new, evs = apply(base, Action(ROLL, {"face": action.args["face"]}))
        return new, (Event("corrected", f"Roll corrected to {action.args['face']}"),) + evs
    new = _HANDLERS[kind](state, action.args, events)
    if new.pending and new.pending[0].kind == "choose":
        new = _lapse_choices(new, events)
    if new.before_roll is not None:
        new = _fresh(new, state, before_roll=None, last_face=0)
    return new, tuple(events)


def _fresh(new: State, old: State, **changes: Any) -> State:
    """``new`` with ``changes``: written into ``new`` itself when it is a copy
    made during this ``apply`` (nobody else holds it yet), else a copy of
    ``old``. Every handler returns either its input or a state it made."""
    if new is old:
        return replace(old, **changes)
    new.__dict__.update(changes)
    return new


def _lapse_choices(state: State, events: list[Event]) -> State:
    """Drop leading choices left with no valid answer (the last tokens went
    to an earlier choice), saying so."""
    while state.pending and state.pending[0].kind == "choose" and not choice_options(state, state.pending[0]):
        events.append(Event("no_choice", f"Nothing left for: {pending_choice_text(state, state.pending[0])}"))
        state = replace(state, pending=state.pending[1:])
    return state


def _roll_stat(state: State, p: Pending, face: int, events: list[Event]) -> State:
    """Setup 5: "Roll 1 dice and add 4 to the result" for Sanity, then Health."""
    m = state.crew[p.who]
    m = replace(m, **{p.purpose: face + 4})
    events.append(later("setup", "{} starts with {} {} (rolled {} + 4)",
                        (m.profile.short, p.purpose.capitalize(), face + 4, face), {"who": p.who, p.purpose: face + 4}))
    crew = list(state.crew)
    crew[p.who] = m
    return replace(state, crew=tuple(crew))


def _roll_accident(state: State, p: Pending, face: int, events: list[Event]) -> State:
    """Setup 6: first Accident token on day d6, second on day 30 - d6, third
    "approximately in the middle". Decision: the middle is rounded down
    ((first + second) // 2); with first 1..6 and second 24..29 it is 12..17,
    never a day already taken."""
    if p.index == 0:
        events.append(later("setup", "First Accident day: day {}", (face,)))
        return replace(state, accident_days=(face,))
    first, second = state.accident_days[0], DAYS - face
    middle = (first + second) // 2
    events.append(later("setup", "Second Accident day: day {} (30 - {}); third in the middle: day {}",
                        (second, face, middle)))
    events.append(later("setup_done", "Accident days {}, {} and {}: put the Accident tokens there (Setup 6). "
                        "The crew is trained and the route checked. Good luck!", (first, middle, second)))
    return replace(state, accident_days=(first, middle, second), step="dawn")


def _roll_location(state: State, p: Pending, face: int, events: list[Event]) -> State:
    """Game Symbols: "Roll the dice to determine" the event's Bay (1..6)."""
    events.append(later("location", "The event is in the {} (rolled {})", (BAY_NAMES[face], face), {"bay": face}))
    return replace(state, location=face, event_bays=state.event_bays + (face,))


def _roll_difficulty(state: State, p: Pending, face: int, events: list[Event]) -> State:
    """Game Symbols: "Roll the dice to determine". Decision: the difficulty is the face rolled."""
    events.append(later("difficulty", "The event's difficulty is {} (rolled)", (face,), {"difficulty": face}))
    return replace(state, difficulty=face)


def _roll_check(state: State, p: Pending, face: int, events: list[Event]) -> State:
    """Resolving the Problem: each Marsonaut in the event Bay rolls one die."""
    who = "John's extra die" if p.purpose == "extra_die" else state.crew[p.who].profile.short
    dice = state.dice + (face,)
    total = sum(dice)
    events.append(later("die", "{} rolls {}: total {} of {}", (who, face, total, effective_difficulty(state)),
                        {"face": face, "total": total}))
    return replace(state, dice=dice)


def _roll_reroll(state: State, p: Pending, face: int, events: list[Event]) -> State:
    """Maria: "re-roll any dice up to 2 times. You must keep the second result"."""
    dice = list(state.dice)
    old, dice[p.index] = dice[p.index], face
    total = sum(dice)
    events.append(later("die", "Maria re-rolls {}: {} becomes {}; total {}",
                        (die_name(state, p.index), old, face, total), {"face": face, "total": total}))
    return replace(state, dice=tuple(dice))


def _roll_reduce(state: State, p: Pending, face: int, events: list[Event]) -> State:
    """Larisa: "Roll the dice and subtract the result from the Card Difficulty"."""
    state = replace(state, reduction=state.reduction + face)
    events.append(Event("difficulty", f"Larisa lowers the difficulty by {face}: now {effective_difficulty(state)}"))
    return state


_ROLLS = {SANITY: _roll_stat, HEALTH: _roll_stat, "accident": _roll_accident, "location": _roll_location,
          "difficulty": _roll_difficulty, "check": _roll_check, "extra_die": _roll_check,
          "reroll": _roll_reroll, "reduce": _roll_reduce}


def _apply_next(state: State, args: dict[str, Any], events: list[Event]) -> State:
    return _STEP_NEXT[state.step](state, events)


def _start_day(state: State, events: list[Event]) -> State:
    """Turn Overview 1-3 and Out of Resources: the ship advances one day, then
    the daily drain of 1 Oxygen, Food, Fuel and Spares. A resource with no
    token left is missing: Oxygen costs every Marsonaut 1 Sanity, Food 1
    Health, Fuel one other resource of your choice, Spares one Workspace of
    your choice."""
    day = state.day + 1
    before = state.resources
    drained = tuple(max(0, have - 1) for have in before)
    state = replace(state, day=day, step="draw", event=None, location=None, difficulty=None, reduction=0,
                    placement=(SLEEPING_BAY,) * CREW_SIZE, placed=False, dice=(), passed=None, demand=(),
                    event_bays=(), rerolls_left=0, resources=drained)
    accident = " - an Accident day: draw a red card" if day in state.accident_days else ""
    events.append(later("day", "Day {} of {}: the Navigator moves the ship one day closer to Mars{}",
                        (day, DAYS, accident), {"day": day}))
    if any(before):
        events.append(later("drain", "Daily drain: the Administrator removes 1 {}",
                            (", ".join([RESOURCE_NAMES[r] for r, have in zip(RESOURCES, before) if have]),),
                            {"resources": dict(zip(RESOURCES, drained))}))
    if all(before):
        return state
    pending: list[Pending] = []
    for r, have in zip(RESOURCES, before):
        if have:
            continue
        events.append(later("missing", "Out of {}: 1 token missing (Out of Resources)", (RESOURCE_NAMES[r],),
                            {"resource": r}))
        if r == "oxygen":
            for i in range(CREW_SIZE):
                state = fx.lose_sanity(state, i, 1, "out of Oxygen", events)
        elif r == "food":
            for i in range(CREW_SIZE):
                state = fx.lose_health(state, i, 1, "out of Food", events)
        elif r == "fuel":
            pending.append(Pending("choose", "discard"))
        else:
            pending.append(Pending("choose", "break"))
        if state.result:
            return state
    return _queue_choices(state, pending, events)


def _queue_choices(state: State, pending: list[Pending], events: list[Event]) -> State:
    """Queue choices that have at least one valid answer; say why others lapse."""
    keep = []
    for p in pending:
        if choice_options(state, p):
            keep.append(p)
        else:
            events.append(Event("no_choice", f"Nothing to do for: {pending_choice_text(state, p)}"))
    if not keep:
        return state
    return replace(state, pending=state.pending + tuple(keep))


def _apply_draw(state: State, args: dict[str, Any], events: list[Event]) -> State:
    """Turn Overview 4: the Operator draws the event card and locates the
    problem. A card drawn while cards are demanded is the first of them."""
    card = EventCard.trusted(args["card"])  # checked once, by check
    ci = COLOURS.index(card.colour)
    deck = list(state.deck_left)
    terminal = state.terminal
    if deck[ci] == 0:
        state = _reshuffle(state, card.colour, events)
        deck, terminal = list(state.deck_left), state.terminal
    deck[ci] -= 1
    tutorial_left = state.tutorial_left - card.tutorial
    events.append(Event("event", lambda: _drawn_text(card), {"card": card.to_json()}))
    pending = _CARD_ROLLS[card.location is None, card.difficulty is None]
    bays = state.event_bays + ((card.location,) if card.location else ())
    return replace(state, event=card, location=card.location, difficulty=card.difficulty, reduction=0,
                   step="place", placement=(SLEEPING_BAY,) * CREW_SIZE, placed=False, dice=(), passed=None,
                   demand=state.demand[1:], pending=pending, deck_left=tuple(deck), event_bays=bays,
                   rerolls_left=0, terminal=terminal, tutorial_left=tutorial_left)


def _drawn_text(card: EventCard) -> str:
    """The line of a drawn card: its colour, name, Bay and difficulty."""
    where = f"in the {BAY_NAMES[card.location]}" if card.location else "location: roll the die"
    how = f"difficulty {card.difficulty}" if card.difficulty is not None else "difficulty: roll the die"
    return f"{card.colour.capitalize()} event: {card.name}, {where}, {how}"


#: The rolls a card to "roll to determine" waits for (Game Symbols), by (no location, no difficulty).
_CARD_ROLLS = {(loc, diff): (((Pending("roll", "location"),) if loc else ()) +
                             ((Pending("roll", "difficulty"),) if diff else ()))
               for loc in (False, True) for diff in (False, True)}


def _reshuffle(state: State, colour: str, events: list[Event]) -> State:
    """An empty deck is renewed from its passed cards.

    Decision (the rulebook has no rule for an empty deck; Event Terminal:
    "a Special Area where you keep all passed events faced up"): the passed
    cards of that colour leave the Event Terminal and are shuffled into a new
    deck, so a card is in the deck, on the Terminal, or being resolved, never
    two of these, and a deck never holds more cards than the game has.
    """
    prefix = colour + ":"
    back = sum(1 for t in state.terminal if t.startswith(prefix))
    events.append(Event("reshuffle", f"The {colour} deck was empty: shuffle its passed cards from the "
                        f"Event Terminal into a new deck ({back} cards)", {"colour": colour, "cards": back}))
    deck = list(state.deck_left)
    deck[COLOURS.index(colour)] = back
    tutorial_left = TUTORIAL_CARDS if colour == GREEN and state.tutorial else state.tutorial_left
    terminal = tuple(t for t in state.terminal if not t.startswith(prefix))
    return replace(state, deck_left=tuple(deck), terminal=terminal, tutorial_left=tutorial_left)


def _apply_place(state: State, args: dict[str, Any], events: list[Event]) -> State:
    """Turn Overview 5: a Marsonaut goes to a Bay (0 = stays in the Sleeping Bay)."""
    who, bay = args["who"], args["bay"]
    placement = list(state.placement)
    placement[who] = bay
    role = "works on the problem" if bay == state.location else "rests" if bay == SLEEPING_BAY else "works"
    events.append(later("place", "{} {} in the {}", (state.crew[who].profile.short, role, BAY_NAMES[bay]),
                        {"who": who, "bay": bay}))
    return replace(state, placement=tuple(placement), placed=True)


def _confirm_placement(state: State, events: list[Event]) -> State:
    """Turn Overview 6, Skipping the Event: those in the event Bay roll one die
    each; with nobody there the event is skipped and resolved as failed."""
    who = participants(state)
    if not who:
        events.append(Event("skip", "Nobody works on the problem: the event is skipped and its negative "
                            "consequences hit all Marsonauts (Skipping the Event)"))
        return _resolve(state, events)  # passes through "check": _resolve's copy sets the step
    events.append(later("check", "Check: {} roll against difficulty {}",
                        (", ".join([state.crew[i].profile.short for i in who]), effective_difficulty(state))))
    return replace(state, step="check", pending=tuple(Pending("roll", "check", who=i) for i in who))


def _resolve(state: State, events: list[Event]) -> State:
    """Resolving the Problem: "If the result of the dice rolled is equal to or
    greater than the Event Card difficulty the roll is considered
    successful." The check result's effects, then both inevitable results,
    happen (card anatomy 4-7)."""
    card = state.event
    assert card is not None
    total, need = sum(state.dice), effective_difficulty(state) or 0
    passed = bool(state.dice) and total >= need
    if state.dice:
        events.append(later("result", "Check {}: {} against {}", ("passed" if passed else "failed", total, need),
                            {"total": total, "difficulty": need, "passed": passed}))
    state = replace(state, passed=passed, step="resolved", rerolls_left=0,
                    terminal=state.terminal + (f"{card.colour}:{card.name}",))
    targets = participants(state) or [i for i, m in enumerate(state.crew) if m.active]
    for result in ("success" if passed else "failure", "inevitable_positive", "inevitable_negative"):
        for effect in getattr(card, result):
            state = _apply_effect(state, effect.symbol, effect.amount, targets, result, events)
            if state.result:
                return state
    return state


_WHY = {"success": "check passed", "inevitable_positive": "inevitable", "inevitable_negative": "inevitable"}


def _apply_effect(state: State, symbol: str, amount: int, targets: list[int], result: str,
                  events: list[Event]) -> State:
    """One printed symbol of a result (Game Symbols).

    Decision: Sanity and Health effects hit the Marsonauts in the event Bay;
    when nobody is there they hit every Active Marsonaut ("If you skip the
    event that has a penalty to Sanity or Health - all 4 Marsonauts must
    suffer those penalties"). A Workspace breaks in the event's Bay.
    """
    why = _WHY[result] if result != "failure" else "check failed" if state.dice else "event skipped"
    if symbol in RESOURCES:
        if amount > 0:
            return fx.gain_resource(state, symbol, amount, why, events)
        return fx.lose_resource(state, symbol, -amount, why, events)
    if symbol == "any_resource":
        p = Pending("choose", "gain" if amount > 0 else "lose", amount=abs(amount))
        return _queue_choices(state, [p], events)
    if symbol in (SANITY, HEALTH):
        for i in targets:
            if amount > 0:
                state = fx.gain_stat(state, i, symbol, amount, why, events)
            elif symbol == SANITY:
                state = fx.lose_sanity(state, i, -amount, why, events)
            else:
                state = fx.lose_health(state, i, -amount, why, events)
            if state.result:
                break
        return state
    if symbol == "workspace_breaks":
        for _ in range(amount):
            state = fx.break_workspace(state, state.location or 1, why, events)
        return state
    if symbol == "repair_kit":
        return fx.gain_repair_kit(state, amount, why, events)
    # Must Draw Yellow / Red Card: every demanded card is drawn, in the order the
    # symbols are resolved; a count on the symbol demands that many cards.
    colour = "yellow" if symbol == "draw_yellow" else RED
    events.append(later("demand", "{} must be drawn this same day ({})",
                        (f"A {colour} card" if amount == 1 else f"{amount} {colour} cards", why),
                        {"colour": colour, "count": amount}))
    return replace(state, demand=state.demand + (colour,) * amount)


def _after_resolved(state: State, events: list[Event]) -> State:
    """Demanded cards are drawn and resolved the same day before production.

    Decision (card anatomy 8: "Must Draw Red Card same turn"): each demanded
    card is resolved like the day's event, the crew placed anew, one after
    the other in the order demanded (cards a demanded card demands come after
    those already waiting); resources are generated once, at the end of the
    day, and no Bay that had a problem that day produces."""
    if state.demand:
        more = len(state.demand) - 1
        then = f" ({more} more demanded card{'s' if more > 1 else ''} after it)" if more else ""
        events.append(Event("draw_again", f"Draw a {state.demand[0]} card now{then}"))
        return replace(state, step="draw")
    return _produce(state, events)


def _produce(state: State, events: list[Event]) -> State:
    """Turn Overview 8, Resource Generation and the profession bonuses: each
    Marsonaut working in a Bay that had no problem today makes one of what
    it produces; a professional in their own Bay makes one more (Physician
    and Psychiatrist: one point for another Marsonaut anywhere)."""
    state = replace(state, step="produced")
    pending: list[Pending] = []
    made = False
    for i, (m, bay) in enumerate(zip(state.crew, state.placement)):
        if not m.active or bay == SLEEPING_BAY or bay in state.event_bays:
            continue
        made = True
        what = BAY_PRODUCES[bay]
        name = m.profile.short
        if what in (SANITY, HEALTH):
            state = fx.gain_stat(state, i, what, 1, f"working in the {BAY_NAMES[bay]}", events)
        else:
            state = fx.gain_resource(state, what, 1, f"{name} in the {BAY_NAMES[bay]}", events)
        if m.profile.bonus_bay == bay:
            if what in (SANITY, HEALTH):
                pending.append(Pending("choose", f"{what}_target", who=i))
            else:
                state = fx.gain_resource(state, what, 1, f"{m.profile.profession} bonus", events)
    if not made:
        events.append(Event("production", "Nobody worked in a producing Bay today: nothing is generated"))
    return _queue_choices(state, pending, events)


def _end_day(state: State, events: list[Event]) -> State:
    """Turn Overview 9-10, Knocked Out, You Win: everyone returns to the
    Sleeping Bay; a Marsonaut who fell before today has skipped a day and
    stands again with 1 Health; after day 30 the ship reaches Mars."""
    crew = list(state.crew)
    for i, m in enumerate(crew):
        if not m.active and m.knocked_out_day < state.day:
            crew[i] = replace(m, health=1, knocked_out_day=0)
            events.append(later("recovered", "{} skipped a day and stands again with 1 Health (Knocked Out)",
                                (m.profile.short,), {"who": i}))
    state = replace(state, crew=tuple(crew), placement=(SLEEPING_BAY,) * CREW_SIZE, step="dawn")
    events.append(later("day_end", "Day {} ends: the Coordinator sends everyone to the Sleeping Bay", (state.day,)))
    if state.day >= DAYS:
        standing = [m.profile.short for m in state.crew if m.active]
        events.append(Event("won", f"The ship reaches Mars with {', '.join(standing)} standing: "
                            "the mission succeeds! (You Win)"))
        state = replace(state, step="over", result="won")
    return state


_STEP_NEXT = {"dawn": _start_day, "place": _confirm_placement, "check": _resolve,
              "resolved": _after_resolved, "produced": _end_day}


def _apply_choose(state: State, args: dict[str, Any], events: list[Event]) -> State:
    """The answer to ``pending[0]``, which then leaves the queue (none of the
    effects a choice has reads or sets ``pending``)."""
    p = state.pending[0]
    return _fresh(_choose(state, p, args["option"], events), state, pending=state.pending[1:])


def _choose(state: State, p: Pending, option: Any, events: list[Event]) -> State:
    if p.purpose == "discard":
        return fx.lose_resource(state, option, 1, "out of Fuel", events)
    if p.purpose == "break":
        return fx.break_workspace(state, option, "out of Spares", events)
    if p.purpose == "gain":
        return fx.gain_resource(state, option, p.amount, "a resource of your choice", events)
    if p.purpose == "lose":
        return fx.lose_resource(state, option, p.amount, "a resource of your choice", events)
    stat = HEALTH if p.purpose == "health_target" else SANITY
    return fx.gain_stat(state, option, stat, 1, f"{state.crew[p.who].profile.profession} bonus", events)


def _apply_repair(state: State, args: dict[str, Any], events: list[Event]) -> State:
    """Fixing Workspaces: one Repair Kit repairs one broken Workspace, any time."""
    bay = args["bay"]
    broken = list(state.broken)
    broken[bay - 1] -= 1
    events.append(later("repair", "A Repair Kit fixes a Workspace in the {}", (BAY_NAMES[bay],), {"bay": bay}))
    return replace(state, broken=tuple(broken), repair_kits=state.repair_kits - 1)


def _apply_ability(state: State, args: dict[str, Any], events: list[Event]) -> State:
    """Special Ability: usable at Sanity 10; afterwards Sanity is 1 ("after
    using place your Sanity token to 1"), a Sanity loss that Stan's ward
    prevents like any other (:func:`effects.exhaust`). The cost is paid
    before the ability acts."""
    who = args["who"]
    m = state.crew[who]
    ability = m.profile.ability
    if not (ability == "reroll" and state.rerolls_left):
        events.append(Event("ability", f"{m.profile.short} uses the Special Ability: {m.profile.ability_text}",
                            {"who": who, "ability": ability}))
        state = fx.exhaust(state, who, events)
    return _ABILITIES[ability](state, who, args, events)


def _ability_reduce(state: State, who: int, args: dict[str, Any], events: list[Event]) -> State:
    return replace(state, pending=(Pending("roll", "reduce", who=who),) + state.pending)


def _ability_ward(state: State, who: int, args: dict[str, Any], events: list[Event]) -> State:
    """Stan: "Prevent sanity loss for a friend. Anytime during the game you
    can use this ability to prevent Sanity loss for any team member. Even when
    he is using his special Ability." (Marsonaut Profiles).

    Decisions: the ward cancels that Marsonaut's next Sanity loss, whole,
    whenever it comes, the reset to 1 after their own Special Ability
    included ("Even when he is using his special Ability": "he" is the
    friend). Stan may not ward himself: the ability is "for a friend", and
    "any team member" is any of the friends it names (see checks._check_ward)."""
    target = args["target"]
    crew = list(state.crew)
    crew[target] = replace(crew[target], warded=True)
    events.append(Event("ward", f"{crew[target].profile.short}'s next Sanity loss will be prevented"))
    return replace(state, crew=tuple(crew))


def _ability_double(state: State, who: int, args: dict[str, Any], events: list[Event]) -> State:
    dice = list(state.dice)
    i = args["die"]
    dice[i] *= 2
    events.append(Event("die", f"Jean-Louis doubles {die_name(state, i)} to {dice[i]}: total {sum(dice)}"))
    return replace(state, dice=tuple(dice))


def _ability_add(state: State, who: int, args: dict[str, Any], events: list[Event]) -> State:
    return replace(state, pending=(Pending("roll", "extra_die", who=who),))


def _ability_reroll(state: State, who: int, args: dict[str, Any], events: list[Event]) -> State:
    left = state.rerolls_left - 1 if state.rerolls_left else 1
    return replace(state, rerolls_left=left, pending=(Pending("roll", "reroll", who=who, index=args["die"]),))


def _ability_redraw(state: State, who: int, args: dict[str, Any], events: list[Event]) -> State:
    """Dieter: "Disregard the previous event and place its card to the bottom of the deck"."""
    card = state.event
    assert card is not None
    deck = list(state.deck_left)
    deck[COLOURS.index(card.colour)] += 1
    bays = state.event_bays[:-1] if state.location is not None else state.event_bays
    events.append(Event("redraw", f"{card.name} goes to the bottom of the {card.colour} deck: draw another "
                        f"{card.colour} card", {"card": card.name}))
    return replace(state, step="draw", event=None, location=None, difficulty=None, pending=(),
                   deck_left=tuple(deck), event_bays=bays, tutorial_left=state.tutorial_left + card.tutorial,
                   demand=state.demand if card.colour == GREEN else (card.colour,) + state.demand)


_ABILITIES = {"reduce_difficulty": _ability_reduce, "prevent_sanity_loss": _ability_ward,
              "double_die": _ability_double, "add_die": _ability_add, "reroll": _ability_reroll,
              "redraw": _ability_redraw}

_HANDLERS = {NEXT: _apply_next, DRAW: _apply_draw, PLACE: _apply_place, CHOOSE: _apply_choose,
             REPAIR: _apply_repair, ABILITY: _apply_ability}

