"""Race to Mars: ``new_game`` and ``apply`` (setup and Pre-launch handlers;
the Post-launch ones are in :mod:`.post`).

Steps of play (``state.step``)::

    headquarters  each player keeps one of the two Headquarters dealt, clockwise from the Start Player
    starting      the Starting card beside the Insight card, the picks (counterclockwise from the
                  player to the right of the Start Player), the leftover to the Insight row
    pre-launch    a Pre-launch player picks and places a revealed Space card, or launches
    leftover      the round's leftover card joins trajectory slot r (rounds 1-12)
    play          2.1: every Post-launch player plays cards, then says DONE
    turn          2.2-2.6 of one Post-launch player (``state.sub``: 2 advance, 3 exchange, 4 Insights, 5 discard)
    over          a rocket reached Mars and the round is complete

``apply`` trusts ``check``: every handler assumes its action was accepted.
"""
from __future__ import annotations

from random import Random
from typing import Any

from ..contract import Action
from ..contract import fast_event as Event  # the contract's Event, made faster
from ..contract import later_event as later  # text made on first read
from . import post
from .actions import (ADVANCE, COPY_MODULE, DISCARD, DONE, DOUBLE_MODULE, EXCHANGE, EXTRA_CARD, FREE_ADVANCE,
                      HEADQUARTERS, INSIGHT, JETTISON_CREW, JETTISON_MODULE, JETTISON_STORAGE, LAUNCH, LEFTOVER,
                      NAME_REVEALED, PICK, PLAY, PLAY_BOOST, STARTING, TRAJECTORY, rule_ref)
from .cards import HQ_BOOSTS, HQ_STARTING, STARTING_CARDS, STARTING_NAMES, crew_of, insight_of, lanes_of, module_of
from .flow import after_leftover, clockwise, launch, next_pre, put, start_round
from .model import (HQ_STEP, ITEMS, LANES, SLOTS, STARTING_STEP, UNENTERED, UNKNOWN_CARD, UNKNOWN_STARTING, Crew,
                    CrewCard, Module, Player, State, replace)
from .rocket import build_routes, trajectory_lanes
from .table import starting_stage

#: The table's choices ``new_game`` takes.
OPTIONS = frozenset({"players", "first_game", "seed", "start", "pads", "board"})
COLOURS = ("red", "blue", "green", "yellow")


def default_options(players: int | None = None, seed: int = 0) -> dict[str, Any]:
    """A valid table of ``players`` (default 2) named Player 1.. in the four
    colours, the full game (Headquarters, Starting cards, Trajectory card)."""
    n = 2 if players is None else players
    return {"players": [{"name": f"Player {i + 1}", "colour": COLOURS[i]} for i in range(n)],
            "first_game": False, "seed": seed}


def new_game(options: dict[str, Any]) -> State:
    """A new game after the physical setup ("Setup").

    ``options``: ``players`` 2..4 ``{"name", "colour"}`` in clockwise order
    (default two players); ``first_game`` bool: the rulebook's first-game
    recommendations (no Trajectory card, no Headquarters, no Starting cards);
    ``start``: the seat given the Start Player and Active Player cards (default
    0; "random": drawn with ``seed``); ``pads``: each player's launch pad 0..3, all different (default the
    seat order); ``board``: ``{"trajectory_card": [lane items x4], "mars":
    [lane items x4]}`` as printed (default: the Trajectory card is asked for
    when a rocket reaches it, action ``trajectory_card``, and the Mars card
    holds one final space that takes any resource: the rulebook prints
    neither; a decision, see :func:`.advice.mars_space_words`); ``seed``:
    kept, unused (nothing is shuffled by the app). Raises ``ValueError`` naming the option and the rule.
    """
    unknown = set(options) - OPTIONS
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(OPTIONS))}")
    opts = {**default_options(), **options}
    players = opts["players"]
    if type(players) is not list or not 2 <= len(players) <= 4:
        raise ValueError(f"2 to 4 players, one per colour ({rule_ref('Table of Contents')})")
    names = tuple(str(p["name"]) for p in players)
    colours = tuple(str(p["colour"]) for p in players)
    folded = [n.strip().casefold() for n in names]   # "Daniel" twice named two lanes and two panels alike
    twice = next((names[folded.index(n)].strip() for i, n in enumerate(folded) if n and folded.index(n) != i), None)
    if twice is not None:
        raise ValueError(f"Two players are named {twice}: each player needs a name and a colour of their own "
                         f"({rule_ref('Setup')})")
    if len(set(colours)) != len(colours) or not all(folded):
        raise ValueError(f"Each player needs a name and a colour of their own ({rule_ref('Setup')})")
    n = len(players)
    start = opts.get("start", 0)
    if start == "random":   # decision RA-04: the table chooses, or the app draws (seeded: replays the same)
        start = Random(int(opts.get("seed", 0))).randrange(n)
    pads = opts.get("pads") or list(range(n))
    if type(start) is not int or not 0 <= start < n:
        raise ValueError("start must be a seat number")
    if len(pads) != n or len(set(pads)) != n or not all(type(x) is int and 0 <= x < LANES for x in pads):
        raise ValueError(f"each pawn starts on a different launch pad 0..{LANES - 1} ({rule_ref('Setup')})")
    first = bool(opts.get("first_game", False))
    board = opts.get("board") or {}
    traj, green = trajectory_lanes(_lanes(board.get("trajectory_card"), (UNENTERED,)))
    mars = _lanes(board.get("mars"), ("any",))
    state = State(names=names, colours=colours, players=tuple(Player(i, pads[i]) for i in range(n)),
                  first_game=first, trajectory_card=() if first else traj, trajectory_green=green and not first,
                  mars=mars, start=start, active=start, seed=int(opts.get("seed", 0)))
    if first:
        return start_round(state, [])
    return replace(state, step=HQ_STEP, order=clockwise(start, n), at=0)


def _lanes(given: Any, default: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    if given is None:
        return (default,) * LANES
    if len(given) != LANES or not all(all(i in ITEMS for i in lane) for lane in given):
        raise ValueError(f"a board card lists {LANES} lanes of spaces and hazards ({rule_ref('Setup')})")
    return tuple(tuple(lane) for lane in given)


def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a checked action; returns the new state and what happened."""
    events: list[Event] = []
    new = _HANDLERS[action.kind](state, action.seat, action.args, events)
    return new, tuple(events)


# --------------------------------------------------------------------------- setup

def _apply_headquarters(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Headquarters: keep one of the two dealt, return the other; Headquarters
    9 starts with two Boost cards in the Crew deck."""
    keep = args["keep"]
    p = state.players[seat]
    p = replace(p, hq=keep, boosts=2 if keep == HQ_BOOSTS else 0)
    events.append(later("headquarters", "{} keeps Headquarters {} and returns Headquarters {} to the box",
                        (state.names[seat], keep, args["back"]), {"seat": seat, "hq": keep}))
    state = put(state, p, hq_seen=state.hq_seen + (keep, args["back"]))
    if state.at + 1 < len(state.order):
        return replace(state, at=state.at + 1)
    n = len(state.players)
    pickers = tuple((state.start - i) % n for i in range(1, n + 1))
    extra = tuple(p.seat for p in state.players if p.hq == HQ_STARTING)
    events.append(later("starting", "Starting cards: one beside the Insight card, {} revealed", (n + 1 + len(extra),)))
    return replace(state, step=STARTING_STEP, order=(state.start,) + pickers + extra, at=0,
                   revealed=n + 1 + len(extra), picked=0, extra=False, starting_row=())


def _apply_starting(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Starting Cards, by :func:`.table.starting_stage`: the card beside the
    Insight card, a revealed card, a pick (recruited or attached as in 1.2),
    or (two leftovers, Headquarters 8) the leftover chosen for the Insight row.
    A single leftover joins the Insight row as soon as the last pick is made."""
    card = args["card"]
    name = card["name"]
    stage = starting_stage(state)
    if stage in ("insight", "revealed"):
        if name in STARTING_NAMES:   # a described card: its printed parts, whatever the entry carries
            card = printed(card)
        if name == UNKNOWN_STARTING:
            name = f"{UNKNOWN_CARD} {sum(1 for n in state.starting_seen if n.startswith(UNKNOWN_CARD)) + 1}"
            card = dict(card, name=name)
        state = replace(state, starting_seen=state.starting_seen + (name,))
        if stage == "insight":
            return replace(_to_insights(state, card, events), at=1)
        events.append(later("revealed", "Starting card revealed: {}", (name,), {"card": name}))
        return replace(state, starting_row=state.starting_row + (card,))
    row = state.starting_row
    i = next(k for k, c in enumerate(row) if c["name"] == name)
    card = printed({**row[i], **card})
    state = replace(state, starting_row=row[:i] + row[i + 1:])
    if stage == "leftover":
        for other in state.starting_row:
            events.append(later("boxed", "{} returns to the box (Headquarters 8)", (other["name"],)))
        return _starting_done(_to_insights(state, card, events), events)
    state = _place(state, seat, card, args["place"], events)
    state = replace(state, at=state.at + 1, picked=state.picked + 1, last_picker=seat)
    if state.at < len(state.order) or len(state.starting_row) > 1:
        return state
    return _starting_done(_to_insights(state, state.starting_row[0], events), events)


def printed(card: dict) -> dict:
    """A Starting card entry with the parts the rulebook prints for it ("Starting Cards": cards 1-4, e.g. card
    3's Rocket module "advance exactly 5 spaces for free", RM-149) over whatever the entry carries; an
    undescribed card (5-8) as entered."""
    name = card["name"]
    if name not in STARTING_NAMES:
        return card
    return {**card, **STARTING_CARDS[STARTING_NAMES.index(name)]}


def _to_insights(state: State, card: dict, events: list[Event]) -> State:
    events.append(later("insight", "{} joins the Insight row", (card["name"],), {"card": card["name"]}))
    return replace(state, insights=state.insights + (insight_of(card),))


def _starting_done(state: State, events: list[Event]) -> State:
    events.append(later("starting_done", "{} Insights are available for the whole game", (len(state.insights),)))
    return start_round(replace(state, revealed=0, picked=0, extra=False, starting_row=()), events)


def _place(state: State, seat: int, card: dict, place: str, events: list[Event]) -> State:
    """Phase 1.2: recruit to the Crew deck, attach as the lowest Rocket module,
    or (Headquarters 5) keep unplaced until launch."""
    p = state.players[seat]
    name = card["name"]
    who = state.names[seat]
    if place == "crew":
        p = replace(p, crew=p.crew + (CrewCard(name, crew_of(card)),))
        events.append(later("recruit", "{} recruits {} to the Crew deck", (who, name), {"seat": seat, "card": name}))
    elif place == "module":
        p = replace(p, modules=p.modules + (module_of(card, state.uid),))
        events.append(later("attach", "{} attaches {} to the rocket as a module",
                            (who, name), {"seat": seat, "card": name}))
        state = replace(state, uid=state.uid + 1)
    else:
        held = (name, crew_of(card) if "crew" in card else None, module_of(card, 0) if "module" in card else None)
        p = replace(p, held=p.held + (held,))
        events.append(later("unplaced", "{} keeps {} unplaced until launch (Headquarters 5)", (who, name)))
    return put(state, p)


# --------------------------------------------------------------------------- Pre-launch

def place_of(card: dict, place: str | None) -> str:
    """Where a picked card goes: ``place``, or the only part the card carries."""
    if place:
        return place
    return "crew" if "crew" in card else "module"


def _apply_pick(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Phases 1.1-1.2: pick one revealed Space card and place it at once; with ``slot``, the revealed place it
    was taken from, named so (as :func:`_apply_name_revealed`: that place lies empty now, not the first untold)."""
    if "slot" in args:
        slot, name = args["slot"], args["card"]["name"]
        state = replace(state, named=tuple((k, n) for k, n in state.named if k != slot and n != name)
                        + ((slot, name),))
    state = _place(state, seat, args["card"], place_of(args["card"], args.get("place")), events)
    return next_pre(replace(state, picked=state.picked + 1, last_picker=seat,
                            space_seen=state.space_seen | {args["card"]["name"]}), events)


def _apply_extra_card(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Headquarters 8: one more card in the selection."""
    events.append(later("extra_card", "{} adds a card to the selection (Headquarters 8)", (state.names[seat],)))
    if state.step == STARTING_STEP:
        return replace(state, revealed=state.revealed + 1, extra=True)
    pile, dis = state.pile, state.space_discard
    if pile == 0:
        pile, dis = dis, 0
    return replace(state, revealed=state.revealed + 1, extra=True, pile=pile - 1, space_discard=dis)


def arrangement(p: Player, modules: list[str] | None, uid: int, parts: list[dict] | None = None
                ) -> tuple[tuple[CrewCard, ...], tuple[Module, ...]]:
    """Headquarters 5 at launch: the rocket is the cards named in ``modules``
    (top to bottom), every other card joins the Crew deck. Without
    ``modules`` the cards stay where they are and unplaced ones are recruited. A card moved across takes
    the part it lacks from ``parts`` (card entries: a recruited card's Rocket module, an attached one's Crew
    ability), or the rulebook's (Starting cards 1-4); else that part is "not entered" (the players say it)."""
    given = {e["name"]: printed(e) for e in parts or ()}
    cards = [(c.name, c.crew, None) for c in p.crew] + [(m.name, None, m) for m in p.modules] + list(p.held)

    def entry(name: str) -> dict:
        return given.get(name) or printed({"name": name})
    if modules is None:
        crew = p.crew + tuple(CrewCard(n, c or crew_of(entry(n))) for n, c, _ in p.held)
        return crew, p.modules
    mods = []
    for k, name in enumerate(modules):
        for i, (n, _, m) in enumerate(cards):
            if n == name:
                mods.append(replace(m, uid=uid + k) if m else module_of(entry(n), uid + k))
                del cards[i]
                break
    crew = tuple(CrewCard(n, c or crew_of(entry(n))) for n, c, _ in cards)
    return crew, tuple(mods)


def _apply_launch(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Launching the Rocket (instead of picking a card)."""
    if "modules" in args or state.players[seat].held:
        p = state.players[seat]
        crew, mods = arrangement(p, args.get("modules"), state.uid, args.get("cards"))
        state = put(state, replace(p, crew=crew, modules=mods, held=()), uid=state.uid + len(mods))
    state = launch(state, seat, events)
    return next_pre(state, events)


def _apply_leftover(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Rounds 1-12: the leftover card joins the trajectories (slots 1-6 Earth
    to the Trajectory card, 7-12 the Trajectory card to Mars); a second
    leftover (Headquarters 8) goes to the common discard."""
    card = args["card"]
    slot = len(state.slots) + 1
    state = replace(state, slots=state.slots + (lanes_of(card),), slot_names=state.slot_names + (card["name"],),
                    space_seen=state.space_seen | {card["name"]})
    events.append(later("trajectory", "{} becomes trajectory card {} of {}", (card["name"], slot, SLOTS),
                        {"slot": slot, "card": card["name"]}))
    left = state.revealed - state.picked - 1
    if left:
        events.append(later("leftover", "{} chose {} for the trajectories; the other leftover card goes to the common "
                            "discard pile (Headquarters 8)", (state.names[seat], card["name"])))
    state = replace(state, revealed=0, space_discard=state.space_discard + left)
    if slot == SLOTS:
        state = replace(state, routes=build_routes(state))
        events.append(Event("trajectories_complete", "All 12 trajectory cards are placed: rockets may launch"))
    return after_leftover(state, events)


def _apply_trajectory(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """The Trajectory card's spaces and hazards as printed: the routes are
    rebuilt (no rocket is past it), and a free advance that stopped before it goes on."""
    lanes, green = trajectory_lanes(args["lanes"])
    state = replace(state, trajectory_card=lanes, trajectory_green=green)
    if state.routes:
        state = replace(state, routes=build_routes(state))
    events.append(Event("trajectory_card", "The Trajectory card's spaces and hazards are entered: "
                        + ("the Green hazard across the card; " if green else "")
                        + "; ".join(f"lane {i + 1}: {', '.join(lane) or 'nothing'}" for i, lane in enumerate(lanes))))
    return post.settle(state, seat, events) if state.free_left else state


def _apply_name_revealed(state: State, seat: int, a: dict, events: list[Event]) -> State:
    """The table names revealed Space card ``slot`` (1-based, as laid out): the name it had before, and the
    slot the name had, are forgotten ("Phase 1.1: Pick a Card": the cards are revealed face up; the app
    learns which is which from the table). Nothing else changes."""
    slot, name = a["slot"], a["name"]
    named = tuple((k, n) for k, n in state.named if k != slot and n != name) + ((slot, name),)
    events.append(later("name_revealed", "{} names revealed Space card {}: {}", (state.names[seat], slot, name),
                        {"slot": slot, "name": name}))
    return replace(state, named=named)


_HANDLERS = {
    HEADQUARTERS: _apply_headquarters, STARTING: _apply_starting, PICK: _apply_pick, EXTRA_CARD: _apply_extra_card,
    LAUNCH: _apply_launch, LEFTOVER: _apply_leftover,
    PLAY: post.apply_play, PLAY_BOOST: post.apply_play_boost, DONE: post.apply_done,
    COPY_MODULE: post.apply_copy_module, DOUBLE_MODULE: post.apply_double_module, ADVANCE: post.apply_advance,
    FREE_ADVANCE: post.apply_free_advance, JETTISON_MODULE: post.apply_jettison_module,
    JETTISON_CREW: post.apply_jettison_crew, EXCHANGE: post.apply_exchange, INSIGHT: post.apply_insight,
    JETTISON_STORAGE: post.apply_jettison_storage, DISCARD: post.apply_discard, TRAJECTORY: _apply_trajectory,
    NAME_REVEALED: _apply_name_revealed,
}
