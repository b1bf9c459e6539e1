"""30 to Mars: ``check(state, action)``: why an action is not allowed now,
naming the rulebook section that forbids it."""
from __future__ import annotations

from typing import Any

from ..contract import Action, Rejection, seat_problem
from .actions import ABILITY, CHOOSE, CORRECT_ROLL, DRAW, NEXT, PLACE, REPAIR, ROLL, reject, rule_ref
from .model import BAY_NAMES, CREW_SIZE, GREEN, MAX_STAT, RED, TUTORIAL_CARDS, EventCard, State
from .table import seats, to_act
from .queries import (capacity, choice_options, green_deck, pending_choice_text, required_colour, roll_purpose,
                      section_of)

# --------------------------------------------------------------------------- check

def check(state: State, action: Action) -> Rejection | None:
    """Why ``action`` is not allowed now, or None if it is."""
    try:
        checker = _CHECKS[action.kind]
    except KeyError:
        return reject("unknown_action", f"There is no move called {action.kind!r} in 30 to Mars.", "Turn Overview")
    if action.seat is not None and action.seat != 0:  # the crew is the one seat (a co-op game)
        return seat_problem(to_act(state), action, seats(state), rule_ref("Number of Players"))
    if state.result and action.kind != CORRECT_ROLL:
        return reject("game_over", "The game is over.", "You Win / You Lose")
    try:
        return checker(state, action.args)
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        return reject("bad_payload", f"That move is incomplete or malformed: {exc}.", "Turn Overview")


def _int_arg(args: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = args[key]
    if type(v) is not int or not lo <= v <= hi:
        raise ValueError(f"{key} must be a whole number {lo}..{hi}")
    return v


def _check_next(state: State, args: dict[str, Any]) -> Rejection | None:
    if state.pending:
        p = state.pending[0]
        if p.kind == "roll":
            return reject("roll_expected", f"Waiting for a die roll: {roll_purpose(state, p)}.", section_of(p))
        return reject("choice_expected", f"Choose first: {pending_choice_text(state, p)}.", section_of(p))
    if state.step == "draw":
        return reject("card_expected", f"Draw a {required_colour(state)} event card first.", "Turn Overview 4")
    return None


def _check_roll(state: State, args: dict[str, Any]) -> Rejection | None:
    _int_arg(args, "face", 1, 6)
    if not state.pending or state.pending[0].kind != "roll":
        return reject("no_roll_expected", "No die roll is expected now.", "Turn Overview 6")
    return None


def _check_correct_roll(state: State, args: dict[str, Any]) -> Rejection | None:
    _int_arg(args, "face", 1, 6)
    if state.before_roll is None:
        return reject("nothing_to_correct", "Only the most recent action can be corrected, and it was not a roll.",
                   "Turn Overview 6")
    if args["face"] == state.last_face:
        return reject("same_face", f"The roll was entered as {state.last_face} already: nothing to fix.",
                      "Turn Overview 6")
    return None


def _check_draw(state: State, args: dict[str, Any]) -> Rejection | None:
    card = EventCard.from_json(args["card"])
    if state.step != "draw":
        return reject("no_draw", "No event card is to be drawn now.", "Turn Overview 4")
    if state.pending:
        p = state.pending[0]
        return reject("choice_expected", f"Before the event card: {pending_choice_text(state, p)}.",
                      section_of(p))
    colour = required_colour(state)
    if card.colour != colour:
        why = ("a result demands it" if state.demand else
               "it is an Accident day" if colour == RED else "it is an ordinary day")
        return reject("wrong_colour", f"A {colour} card must be drawn now: {why}.", "Turn Overview 4 NB")
    if card.tutorial and not state.tutorial:
        return reject("tutorial_card", "Tutorial cards are removed for the normal game.", "Setup 3 NB")
    if card.tutorial and card.colour != GREEN:
        return reject("tutorial_card", "Tutorial cards are green Routine cards.", "Game Components")
    if state.tutorial and card.colour == GREEN:
        return _check_tutorial_deck(state, card)
    return None


def _check_tutorial_deck(state: State, card: EventCard) -> Rejection | None:
    """Setup 3 NB: "Use only 30 Green Routine Cards including 3 tutorial
    ones": the tutorial game's green deck holds exactly 3 tutorial cards, so
    a fourth tutorial card cannot come out of it, and when only tutorial
    cards are left the next green card is one of them."""
    left, tutorial = green_deck(state)
    if card.tutorial and not tutorial:
        return reject("no_tutorial_card_left", f"All {TUTORIAL_CARDS} tutorial cards are out of the green deck: "
                      "this must be a Routine card.", "Setup 3 NB")
    if not card.tutorial and left == tutorial:
        return reject("tutorial_card_expected", f"Only tutorial cards are left in the green deck ({tutorial}): "
                      "this must be one of them.", "Setup 3 NB")
    return None


def _check_place(state: State, args: dict[str, Any]) -> Rejection | None:
    who = _int_arg(args, "who", 0, CREW_SIZE - 1)
    bay = _int_arg(args, "bay", 0, 6)
    if state.step != "place" or state.pending:
        return reject("no_placing", "Marsonauts are placed after the event card is drawn and located.",
                   "Turn Overview 5")
    m = state.crew[who]
    if not m.active:
        return reject("knocked_out", f"{m.profile.short} is Knocked Out and sits this day out in the Sleeping Bay.",
                   "Knocked Out")
    if state.placement[who] == bay:
        return reject("already_there", f"{m.profile.short} is already in the {BAY_NAMES[bay]}.", "Turn Overview 5")
    if bay in state.event_bays and bay != state.location:
        return reject("problem_bay", f"The {BAY_NAMES[bay]} had today's earlier problem and produces nothing.",
                   "Event Location")
    taken = sum(1 for i, b in enumerate(state.placement) if b == bay and i != who and state.crew[i].active)
    cap = capacity(state, bay)
    if taken >= cap:
        at_event = bay == state.location
        if cap == 0 and state.repair_kits:  # "use them any time during the game" (Fixing Workspaces)
            return reject("bay_full", f"Every Workspace of the {BAY_NAMES[bay]} is broken: repair one with a "
                          f"Repair Kit ({state.repair_kits} left), then place there.", "Fixing Workspaces")
        if cap == 0:  # every Workspace broken, no Repair Kit
            return reject("bay_full", f"Every Workspace of the {BAY_NAMES[bay]} is broken: nobody can work there"
                          + (" (no Repair Kit: skip the event)." if at_event else "."),
                          "Event Location" if at_event else "Reminder")
        spaces = f"its {cap} working Workspace{'s are' if cap > 1 else ' is'} taken"
        if at_event:
            return reject("bay_full", f"The {BAY_NAMES[bay]} is full: {spaces}.", "Event Location")
        return reject("bay_full", f"The {BAY_NAMES[bay]} is full: {spaces} (nobody works in a Broken "
                      "Workspace).", "Reminder")
    return None


def _check_choose(state: State, args: dict[str, Any]) -> Rejection | None:
    if not state.pending or state.pending[0].kind != "choose":
        return reject("no_choice", "There is nothing to choose now.", "Turn Overview")
    p = state.pending[0]
    if args["option"] not in choice_options(state, p):
        return reject("bad_choice", f"Not a valid choice for: {pending_choice_text(state, p)}.", section_of(p))
    return None


def _check_repair(state: State, args: dict[str, Any]) -> Rejection | None:
    bay = _int_arg(args, "bay", 1, 6)
    if state.step == "setup":
        return reject("setup", "Finish the setup first.", "Setup")
    if state.repair_kits == 0:
        return reject("no_repair_kit", "The ship has no Repair Kit: an event card's result can give one.",
                      "Fixing Workspaces")
    if not any(state.broken):
        return reject("not_broken", "No Workspace is broken: there is nothing to repair.", "Fixing Workspaces")
    if state.broken[bay - 1] == 0:
        return reject("not_broken", f"No Workspace is broken in the {BAY_NAMES[bay]}.", "Fixing Workspaces")
    return None


def _check_ability(state: State, args: dict[str, Any]) -> Rejection | None:
    who = _int_arg(args, "who", 0, CREW_SIZE - 1)
    m = state.crew[who]
    p = m.profile
    if state.step == "setup":
        return reject("setup", "Finish the setup first.", "Setup")
    waiting = bool(state.pending) and not usable_while_waiting(state, p.ability)
    if waiting:
        # Dieter's own rule first when it, not the wait, stops him: "answer the roll first" promised a
        # re-draw that the check's dice then ruled out (a tester's finding)
        too_late = _check_redraw(state, args) if p.ability == "redraw" else None
        return too_late or reject("pending", "Answer the roll or choice the game is waiting for first.",
                                  "Special Ability")
    if not m.active:
        return reject("knocked_out", f"{p.short} is Knocked Out.", "Knocked Out")
    if p.ability == "reroll" and state.rerolls_left:
        pass  # Maria's second re-roll is part of the same use
    elif m.sanity < MAX_STAT:
        return reject("sanity_below_10", f"{p.short}'s Special Ability needs Sanity 10 (now {m.sanity}).",
                   "Special Ability")
    extra = set(args) - {"who"} - _ABILITY_FIELDS.get(p.ability, set())
    if extra:
        return reject("bad_payload", f"{p.short}'s Special Ability takes no {', '.join(sorted(extra))}.",
                      "Marsonaut Profiles")
    return _ABILITY_CHECKS[p.ability](state, args)


#: The payload fields besides ``who`` each Special Ability takes (a die index, a target).
_ABILITY_FIELDS = {"double_die": {"die"}, "reroll": {"die"}, "prevent_sanity_loss": {"target"}}


def _needs_dice(state: State, args: dict[str, Any], what: str, index: bool) -> Rejection | None:
    """Jean-Louis ("double the result of any 1 dice including yours"), John
    ("Any time after anyone's roll ... add an additional dice roll to the
    result") and Maria ("re-roll any dice up to 2 times") act on the check.

    Decision: "any dice" and "any roll" are the check dice (each Marsonaut's
    die in the event Bay, and John's extra die), not the rolls that locate an
    event or set its difficulty, nor Larisa's reduction roll. The rulebook's
    own example on the Character Sheet says so for Maria: "When Maria's
    Sanity level is at 10 you can Re-roll any Check Dice up to two times";
    Jean-Louis's "including yours" is the die each player rolls for the check
    (Setup 4: "Give each Player 1 dice"), and John adds to "the result", the
    summed check (Resolving the Problem: "The results are summarized").
    """
    if state.step != "check" or not state.dice:
        return reject("no_dice", f"{what} acts on the check dice, after they are rolled (not on the "
                      "location, difficulty or Larisa's roll).", "Marsonaut Profiles")
    if index:
        _int_arg(args, "die", 0, len(state.dice) - 1)
    return None


def _check_reduce(state: State, args: dict[str, Any]) -> Rejection | None:
    if state.step not in ("place", "check") or state.difficulty is None:
        return reject("no_event", "Larisa can only lower the difficulty of an event card being resolved.",
                   "Marsonaut Profiles: Larisa")
    return None


def _check_ward(state: State, args: dict[str, Any]) -> Rejection | None:
    target = _int_arg(args, "target", 0, CREW_SIZE - 1)
    if target == args["who"]:
        return reject("not_a_friend", "Stan's Special Ability protects a friend, not Stan himself "
                      "(\"Prevent sanity loss for a friend\").", "Marsonaut Profiles: Stan")
    if state.crew[target].warded:
        return reject("already_warded", "That Marsonaut is already protected.", "Marsonaut Profiles: Stan")
    return None


def usable_while_waiting(state: State, ability: str) -> bool:
    """Whether the Special Ability ``ability`` may be used while a roll or a choice is awaited: Stan's
    ward ("Anytime during the game you can use this ability", Marsonaut Profiles: Stan), which changes
    nothing that is being rolled or chosen, and Dieter's re-draw while only the card's own rolls wait
    (:func:`_check_redraw`). The others act on what the awaited roll or choice settles, so they wait."""
    return ability == "prevent_sanity_loss" or (ability == "redraw" and _only_card_rolls_pending(state))


def _only_card_rolls_pending(state: State) -> bool:
    """Only the card's own "Roll the dice to determine" rolls are waiting."""
    return all(p.purpose in ("location", "difficulty") for p in state.pending)


def _check_redraw(state: State, args: dict[str, Any]) -> Rejection | None:
    """Marsonaut Profiles, Dieter: "This ability is only usable when the Event
    Card is just drawn and the Marsonauts are not placed in any Bays." and
    "You cannot use this ability if dice are already rolled." Decision: a
    card to "roll to determine" can be re-drawn before its roll (nothing is
    rolled yet); once any die for the event is rolled - its location, its
    difficulty, Larisa's reduction, a check die - it cannot."""
    if state.step != "place" or state.placed:
        return reject("too_late", "Dieter can re-draw only a card just drawn, before any Marsonaut is placed.",
                      "Marsonaut Profiles: Dieter NB")
    card = state.event
    rolled = (state.dice or state.reduction or (card is not None and (
        (card.location is None and state.location is not None) or
        (card.difficulty is None and state.difficulty is not None))))
    if rolled:
        return reject("dice_rolled", "Dieter cannot re-draw once dice are rolled for this event.",
                      "Marsonaut Profiles: Dieter")
    return None


_ABILITY_CHECKS = {
    "reduce_difficulty": _check_reduce,
    "prevent_sanity_loss": _check_ward,
    "double_die": lambda s, a: _needs_dice(s, a, "Jean-Louis's doubling", True),
    "add_die": lambda s, a: _needs_dice(s, a, "John's extra die", False),
    "reroll": lambda s, a: _needs_dice(s, a, "Maria's re-roll", True),
    "redraw": _check_redraw,
}

_CHECKS = {NEXT: _check_next, ROLL: _check_roll, CORRECT_ROLL: _check_correct_roll, DRAW: _check_draw,
           PLACE: _check_place, CHOOSE: _check_choose, REPAIR: _check_repair, ABILITY: _check_ability}

