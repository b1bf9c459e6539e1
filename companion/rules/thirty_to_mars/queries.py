"""30 to Mars: questions about a state (pure, no changes): the step, who is in
the event Bay, a Bay's capacity, what the game waits for, what a choice offers."""
from __future__ import annotations

from typing import Any

from ..contract import Expect
from ..words import count, ordinal
from . import effects as fx
from .actions import GAME_ID
from .model import (BAY_NAMES, BAYS, CREW_SIZE, DAYS, GREEN, HEALTH, MIN_STAT, RED, RESOURCES, RESULT_NAMES,
                    SANITY, SLEEPING_BAY, TUTORIAL_CARDS, WORKSPACES_PER_BAY, Pending, State)

# --------------------------------------------------------------------------- queries

def phase(state: State) -> str:
    """The step of play (see the module docstring)."""
    return state.step


def is_over(state: State) -> bool:
    return state.result is not None


def outcome(state: State) -> str | None:
    """``"won"`` (reached Mars with a Marsonaut standing), ``"lost"`` or None."""
    return state.result


def participants(state: State) -> list[int]:
    """Crew indices of the Active Marsonauts placed in the event Bay."""
    if state.location is None:
        return []
    return [i for i, (m, b) in enumerate(zip(state.crew, state.placement)) if m.active and b == state.location]


def dice_rolled_by(state: State) -> list[tuple[int, str]]:
    """Who rolled each of the check's ``state.dice``, in their order: ``(crew index, "check" | "extra_die")``,
    while the check is rolled (step ``"check"``); ``[]`` otherwise.

    Resolving the Problem: "Each Marsonaut who decided to go to that Bay rolls one dice": one check roll
    per Marsonaut in the event Bay, asked in crew order (:func:`participants`, which no move changes during
    the check), then John's extra dice ("add an additional dice roll", Marsonaut Profiles: John), asked only
    once the check's dice are in. A re-roll (Maria) or a doubling (Jean-Louis) keeps the die whose it was.
    A die beyond those (a state built by hand) is an extra die of nobody known: ``(-1, "extra_die")``."""
    if state.step != "check":
        return []
    there = participants(state)
    john = next((i for i, m in enumerate(state.crew) if m.profile.ability == "add_die"), -1)
    return [(there[k], "check") if k < len(there) else (john, "extra_die") for k in range(len(state.dice))]


def die_name(state: State, index: int) -> str:
    """The check die ``index`` (0-based, into ``state.dice``) named by who rolled it (:func:`dice_rolled_by`):
    ``"Larisa's die"``, ``"John's extra die"`` (``"John's 2nd extra die"`` for a second one); ``"die 2"``
    (1-based) outside the check or for a die of nobody known."""
    owners = dice_rolled_by(state)
    if not 0 <= index < len(owners) or owners[index][0] < 0:
        return f"die {index + 1}"
    who, kind = owners[index]
    name = state.crew[who].profile.short
    if kind == "check":
        return f"{name}'s die"
    nth = sum(1 for o in owners[:index + 1] if o == owners[index])
    return f"{name}'s extra die" if nth == 1 else f"{name}'s {ordinal(nth)} extra die"


def sanity_losers(state: State) -> list[int]:
    """Crew indices the check now to resolve (step "check", every die in) takes Sanity from, [] if none:
    the results it will apply (Check Positive or Negative as the dice stand, both inevitable ones; card
    anatomy 4-7) hit the Marsonauts in the event Bay (with nobody there every Active one, Skipping the
    Event NB). Stan's ward may still spare them before it resolves ("Anytime during the game", Marsonaut
    Profiles: Stan)."""
    card = state.event
    need = effective_difficulty(state)
    if state.step != "check" or state.pending or card is None or need is None or not state.dice:
        return []
    passed = sum(state.dice) >= need
    applied = ("success" if passed else "failure", "inevitable_positive", "inevitable_negative")
    if not any(e.symbol == SANITY and e.amount < 0 for r in applied for e in getattr(card, r)):
        return []
    return participants(state) or [i for i, m in enumerate(state.crew) if m.active]


def ability_cost(state: State, who: int) -> str:
    """What using crew member ``who``'s Special Ability now costs, one short line ending with its section.

    30-to-mars.txt, Special Ability: "after using place your Sanity token to 1 as your Marsonaut is
    exhausted" (paid once per use, :func:`effects.exhaust`); Marsonaut Profiles, Maria: "re-roll any
    dice up to 2 times": her second re-roll is the same use and costs nothing more; Marsonaut Profiles,
    Stan: his ward prevents any Sanity loss, "Even when he is using his special Ability", so a warded
    Marsonaut keeps their Sanity and the ward is spent. E.g. ``"Larisa: Sanity 10 \u2192 1 afterwards
    (Special Ability)"``, ``"Maria's 2nd re-roll: no further cost (Marsonaut Profiles: Maria)"``."""
    m = state.crew[who]
    name = m.profile.short
    maria = m.profile.ability == "reroll"
    if maria and state.rerolls_left:
        return f"{name}'s 2nd re-roll: no further cost, the same use (Marsonaut Profiles: Maria)"
    if m.warded and m.sanity > MIN_STAT:
        cost = f"{name}: Sanity stays {m.sanity}, Stan's ward is spent"
        section = "Marsonaut Profiles: Stan"
    else:
        cost = f"{name}: Sanity {m.sanity} \u2192 {MIN_STAT} afterwards"
        section = "Special Ability"
    if maria:  # the section of the drop is the one the Special Ability dialog names for all of them
        return f"{cost}; her 2nd re-roll then free (Marsonaut Profiles: Maria)"
    return f"{cost} ({section})"


def ability_costs(state: State, users: list[int]) -> list[str]:
    """:func:`ability_cost` of each of crew members ``users``, in their order, those who would pay the same on one
    line: ``"Larisa, Jean-Louis, John: Sanity 10 \u2192 1 afterwards (Special Ability)"`` (a table's finding at
    480x800: four lines saying the same pushed Maria's own cost out of sight of the Special Ability dialog)."""
    same: dict[str, list[str]] = {}
    for who in users:
        name = state.crew[who].profile.short
        line = ability_cost(state, who)
        rest = line[len(name) + 2:] if line.startswith(f"{name}: ") else None
        if rest is None:
            same[line] = []
        else:
            same.setdefault(rest, []).append(name)
    return [f"{', '.join(names)}: {rest}" if names else rest for rest, names in same.items()]


def capacity(state: State, bay: int) -> int:
    """How many Marsonauts ``bay`` can take: its working Workspaces (Event
    Location; Reminder: "You cannot place a Marsonaut inside a Broken
    Workspace"). The Sleeping Bay takes all four."""
    if bay == SLEEPING_BAY:
        return CREW_SIZE
    return WORKSPACES_PER_BAY - state.broken[bay - 1]


def required_colour(state: State) -> str:
    """The colour of the next card: the first demanded one still to draw, red
    on an Accident day, else green (Turn Overview 4 NB)."""
    if state.demand:
        return state.demand[0]
    return RED if state.day in state.accident_days else GREEN


def green_deck(state: State) -> tuple[int, int]:
    """``(cards, tutorial cards)`` of the green deck the next green card comes
    from: the deck, or when it is empty the passed green cards that will be
    shuffled into a new one (all three tutorial cards among them in the
    tutorial game)."""
    left = state.deck_left[0]
    if left:
        return left, state.tutorial_left
    back = sum(1 for t in state.terminal if t.startswith(GREEN + ":"))
    return back, TUTORIAL_CARDS if state.tutorial else 0


def effective_difficulty(state: State) -> int | None:
    """The difficulty after Larisa's reduction, at least 0."""
    if state.difficulty is None:
        return None
    return max(0, state.difficulty - state.reduction)


def skip_consequences(state: State) -> list[str]:
    """What skipping the event in play costs, one line each: its Check Negative's symbols, then who takes
    its Sanity and Health losses (30-to-mars.txt, Skipping the Event: "you will suffer the event's
    negative consequences"; NB: "all 4 Marsonauts must suffer those penalties", every Active one here, as
    the skip resolves the event as failed with nobody in its Bay). ``[]`` with no event in play. E.g.
    ``["Check Negative: -2 Oxygen, -1 Sanity", "Sanity and Health losses hit every Active Marsonaut:
    Larisa, Stan, Maria, John (Skipping the Event)"]``."""
    card = state.event
    if card is None:
        return []
    effects = card.failure
    out = [f"{RESULT_NAMES['failure']}: " + (", ".join(e.text() for e in effects) if effects else "nothing")]
    if any(e.symbol in (SANITY, HEALTH) and e.amount < 0 for e in effects):
        names = ", ".join(m.profile.short for m in state.crew if m.active)
        out.append(f"Sanity and Health losses hit every Active Marsonaut: {names} (Skipping the Event)")
    return out


def expects(state: State) -> Expect | None:
    """The die roll or card the game waits for, if any. A pending choice
    comes first: no card is expected until it is answered."""
    if state.result:
        return None
    if state.pending:
        p = state.pending[0]
        return Expect("roll", roll_purpose(state, p)) if p.kind == "roll" else None
    if state.step == "draw":
        colour = required_colour(state)
        return Expect("card", f"Draw a {colour} event card", colour, card_kind="event", action="draw")
    return None


def last_roll(state: State) -> tuple[str, int] | None:
    """``(purpose, face)`` of the roll CORRECT_ROLL would replace: what it was
    for (the words of ``expects`` before it) and the face 1..6 entered; None
    when the last action was not a roll."""
    base = state.before_roll
    if base is None:
        return None
    expect = expects(base)
    return (expect.purpose if expect is not None else "the last roll"), state.last_face


def repairable_bays(state: State) -> list[int]:
    """Bays 1..6 where a Repair Kit can fix a broken Workspace now ("You can
    use them any time during the game to repair any Broken Workspace",
    Fixing Workspaces): none without a kit, during the setup or after the end."""
    if not state.repair_kits or state.step == "setup" or state.result:
        return []
    return [b for b in BAYS if state.broken[b - 1]]


def roll_purpose(state: State, p: Pending) -> str:
    who = state.crew[p.who].profile.short if p.who >= 0 else ""
    return {
        SANITY: f"Starting Sanity of {who} (die + 4)",
        HEALTH: f"Starting Health of {who} (die + 4)",
        "accident": "First Accident day (die)" if p.index == 0 else "Second Accident day (30 - die)",
        "location": "Event location (die = Bay)",
        "difficulty": "Event difficulty (die)",
        "check": f"Check die of {who}",
        "extra_die": "John's extra die",
        "reroll": f"Maria's re-roll of {die_name(state, p.index)}",
        "reduce": "Larisa's difficulty reduction",
    }[p.purpose]


#: the setup's rolls: each Marsonaut's Sanity and Health (Setup 5), then the two Accident rolls (Setup 6)
SETUP_ROLLS = 2 * CREW_SIZE + 2


def summary(state: State) -> dict[str, Any]:
    """A JSON-compatible overview for status screens and ``companion status``; during the setup, what
    the setup has set so far (:func:`setup_summary`)."""
    if state.step == "setup":
        return setup_summary(state)
    return {
        "game": GAME_ID, "step": state.step, "day": state.day, "days": DAYS, "result": state.result,
        "tutorial": state.tutorial,
        "resources": dict(zip(RESOURCES, state.resources)),
        "repair_kits": state.repair_kits,
        "broken_workspaces": {BAY_NAMES[b]: n for b, n in zip(BAYS, state.broken) if n},
        "accident_days": list(state.accident_days),
        "crew": [{"name": m.profile.short, "role": m.role, "health": m.health, "sanity": m.sanity,
                  "status": "active" if m.active else f"knocked out on day {m.knocked_out_day}",
                  "bay": BAY_NAMES[b]} for m, b in zip(state.crew, state.placement)],
        "event": state.event.to_json() if state.event else None,
        "location": state.location, "difficulty": effective_difficulty(state),
        "dice": list(state.dice), "passed": state.passed,
        "pending": pending_words(state),  # every roll, choice and demanded card still to come today, in words
        "choice": choice_text(state),  # what the table must choose now, in words ("lose 2 of any resource ...")
        "event_terminal": list(state.terminal),
    }



def pending_words(state: State) -> list[str]:
    """What the game still waits for today, in order, in words (``companion status``'s "pending"): each pending
    roll ("roll: Event location (die = Bay)") and choice ("choose: lose 2 of any resource of your choice"), then the
    cards results demanded, still to draw this same day, by colour in the order they come ("draw 1 yellow card now
    (demanded: Must Draw Yellow Card)", "then 8 red cards (demanded: Must Draw Red Card)"; Event Cards 8: "Must
    Draw Red Card same turn", Other symbols: Must Draw Yellow Card). A play tester's finding: "pending: none" while
    a red card's failure demanded nine red cards. ``[]`` when nothing is waiting."""
    words = [f"roll: {roll_purpose(state, p)}" if p.kind == "roll" else f"choose: {pending_choice_text(state, p)}"
             for p in state.pending]
    runs: list[list[Any]] = []
    for colour in state.demand:
        if runs and runs[-1][0] == colour:
            runs[-1][1] += 1
        else:
            runs.append([colour, 1])
    for i, (colour, n) in enumerate(runs):
        now = "draw" if i == 0 and not words and state.step == "draw" else "then"
        when = " now" if now == "draw" else ""
        words.append(f"{now} {count(n, colour + ' card')}{when} (demanded: Must Draw {colour.title()} Card)")
    return words


def setup_summary(state: State) -> dict[str, Any]:
    """The overview before Day 1, while the setup's rolls come in (a tester's finding: ``companion status``
    said day 0 and every Marsonaut at Health 0 and Sanity 0)::

        {"game", "step": "setup", "setup": "before Day 1: 3 of 10 rolls made (...)", "tutorial": bool,
         "crew": [{"name", "role", "sanity": 5..10 | "not rolled yet", "health": ...}],
         "accident_days": [1..6, "not rolled yet"] | "not rolled yet (Setup 6)",
         "resources": {"oxygen": 30, ...}, "repair_kits": 0}

    Setup 5: "Roll 1 dice and add 4 to the result ... Do the same for Health"; Setup 6: the Accident
    days; Setup 7: 30 of each resource; Reminder: "You Start your game without any Repair Kits"."""
    todo = "not rolled yet"
    made = SETUP_ROLLS - len(state.pending)
    days: Any = list(state.accident_days) + [todo] if state.accident_days else f"{todo} (Setup 6)"
    return {
        "game": GAME_ID, "step": "setup",
        "setup": f"before Day 1: {made} of {SETUP_ROLLS} rolls made (Setup 5: Sanity and Health, a die + 4 each; "
                 "Setup 6: Accident days)",
        "tutorial": state.tutorial,
        "crew": [{"name": m.profile.short, "role": m.role, "sanity": m.sanity or todo, "health": m.health or todo}
                 for m in state.crew],
        "accident_days": days,
        "resources": dict(zip(RESOURCES, state.resources)),
        "repair_kits": state.repair_kits,
    }


def section_of(p: Pending) -> str:
    return {SANITY: "Setup 5", HEALTH: "Setup 5", "accident": "Setup 6", "location": "Game Symbols",
            "difficulty": "Game Symbols", "check": "Resolving the Problem", "extra_die": "Marsonaut Profiles: John",
            "reroll": "Marsonaut Profiles: Maria", "reduce": "Marsonaut Profiles: Larisa",
            "discard": "Out of Resources", "break": "Out of Resources", "gain": "Game Symbols",
            "lose": "Game Symbols", "health_target": "Marsonaut Profiles: Larisa",
            "sanity_target": "Marsonaut Profiles: Stan"}[p.purpose]


def choice_options(state: State, p: Pending) -> list[Any]:
    """The valid answers to a pending choice (resource names, Bays or crew indices)."""
    if p.purpose == "discard":
        return fx.resources_with_tokens(state, exclude="fuel")
    if p.purpose == "lose":
        return fx.resources_with_tokens(state)
    if p.purpose == "gain":
        return list(RESOURCES)
    if p.purpose == "break":
        return [b for b in BAYS if state.broken[b - 1] < WORKSPACES_PER_BAY]
    # health_target / sanity_target: "another team member located anywhere on the
    # ship". Decision: a Knocked Out Marsonaut cannot be that member: they "must
    # skip the next day to regain 1 Health" (Knocked Out), and points given to
    # them would undo that rule; with nobody else standing the bonus lapses.
    return [i for i, m in enumerate(state.crew) if m.active and i != p.who]


def pending_choice_text(state: State, p: Pending) -> str:
    who = state.crew[p.who].profile.short if p.who >= 0 else ""
    return {"discard": "Out of Fuel: discard one other resource",
            "break": "Out of Spares: destroy one Workspace of your choice",
            "gain": f"gain {p.amount} of any resource of your choice",
            "lose": f"lose {p.amount} of any resource of your choice",
            "health_target": f"{who} gives 1 Health to another Marsonaut",
            "sanity_target": f"{who} gives 1 Sanity to another Marsonaut"}[p.purpose]


def choice_text(state: State) -> str | None:
    """What the first pending choice asks, in words, or None."""
    if state.pending and state.pending[0].kind == "choose":
        return pending_choice_text(state, state.pending[0])
    return None

