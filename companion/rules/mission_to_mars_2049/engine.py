"""Mission to Mars 2049: ``new_game`` and ``apply`` for one whole game.

Source: ``shared/rules/mission-to-mars-2049.txt``. Phases (``phase(state)``)::

    rolloff     seats roll in table order until one rolls Air; that seat starts
                and "can roll the Die again to start the game" (3.3 Who starts the game?)
    roll        the current player rolls (3.4.1); the face's symbol takes effect:
                Air/Food/Minerals: every player not Captured receives 1 card per active
                Station of that type, then main; Robbery: rob; Discovery: discovery;
                Skip a turn: the die passes at once, after the bonus of a second Skip in a row
    rob         the blind draw(s) of Robbery or Grand Theft, entered by type
    discovery   the roller takes 1 card of any resource or a Road card, then main
    skip_bonus  the same, then the die passes
    main        trade, change tokens, build, buy and play Mission Cards, "I'm done!" (3.4.2)
    immediate   a bought play-immediately card (Armageddon) must be played now
    protect     the targets of an Aggressive card answer whether they use Protection
    over        someone built the H2O Station (or reached 49 points, when agreed)

``apply`` trusts ``check``: each ``_apply_<verb>`` handler is small and does
not re-validate. The mission effects are in :mod:`.missions`.
"""
from __future__ import annotations

from typing import Any

from ..contract import Action, Seat
from ..contract import fast_event as Event  # the contract's Event, made faster
from ..contract import later_event as later  # text made on first read
from . import actions as A
from .bank import article, settle, settle_all
from .missions import apply_play, apply_protect, draw_mission
from .model import (BANK_BOX, BASE_COST, DISCOVERY, H2O_COST, IMMEDIATE_PLAY, LAB_COST, MAIN, MISSION_COST, DECKS,
                    POINT_VICTORY, OVER, RESOURCE_NAMES, RESOURCES, ROB, ROLL, ROLLOFF, ROAD_CARD, ROAD_COST,
                    SKIP_BONUS, STATION_COST, STATION_NAMES, SYMBOLS, SYMBOL_NAMES, DEFAULT_FACES, DECK_NAMES, Colony,
                    State, points, price_text, rate, refund, replace, road_active, set_colony, with_map)
from .sections import SETUP_POINTS
from .wallet import gain, gain3, pay, pay_one

OPTIONS = frozenset({"players", "die_faces", "victory_49", "productivity_any_time", "bank", "hidden_hands",
                     "seed"})
COLOURS = ("red", "blue", "green", "yellow")
DEFAULT_PLAYERS = 3


def default_options(players: int | None = None, seed: int = 0) -> dict[str, Any]:
    """A valid table of ``players`` (2..4; default 3) named Player 1.. in the
    colours red, blue, green, yellow; default die faces; no 49-point victory."""
    n = DEFAULT_PLAYERS if players is None else players
    return {"players": [{"name": f"Player {i + 1}", "colour": COLOURS[i]} for i in range(n)],
            "die_faces": list(DEFAULT_FACES), "victory_49": False, "seed": seed}


def new_game(options: dict[str, Any]) -> State:
    """A new game at the roll-off for the first player (3.3 Who starts the game?).

    ``options``: ``players`` a list of 2..4 ``{"name": str, "colour": str}`` in
    clockwise order (default: :func:`default_options`); ``die_faces`` the
    symbols of faces 1..6, each of ``"air"``, ``"food"``, ``"minerals"``,
    ``"robbery"``, ``"discovery"``, ``"skip"`` once (default in that order);
    ``victory_49`` bool, the optional 49-point victory (5.0);
    ``productivity_any_time`` bool (default true: "Play at any time you
    wish", 4.1; false: the house option of decision MA-21, only on the
    holder's own turn after the roll); ``bank`` the
    Game Bank's cards in the box, ``{"air": n, "food": n, "minerals": n,
    "road": n}`` (default :data:`.model.BANK_BOX`: the rulebook does not count
    them; at least ``2 * players + 1`` of each resource, see :mod:`.bank`);
    ``hidden_hands`` bool (default false), whether the table keeps the players' cards hidden: the
    rulebook leaves it to the table (everything in a hand came from public play), the rules do not
    depend on it, and the screens show only the acting player's hand when it is true; ``seed``
    unused (the engine shuffles nothing: chance is input).

    Every player starts on a Starting Point with a First Base, an Air, a Food
    and a Mineral Station attached to it (3.3 Your First Base and Resource
    Stations) and 2 cards of each resource (3.2), dealt from the bank (2.1).
    Raises ``ValueError`` for an unknown option, a player count outside 2..4,
    a bad player, die map or bank.
    """
    unknown = set(options) - OPTIONS
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(sorted(OPTIONS))}")
    players = options.get("players") or default_options()["players"]
    if not isinstance(players, (list, tuple)) or not 2 <= len(players) <= 4:
        raise ValueError(f"Mission to Mars 2049 is played by 2, 3 or 4 players ({A.rule_ref(SETUP_POINTS)})")
    seats = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise ValueError(f"player {i + 1} needs a name")
        colour = p.get("colour", COLOURS[i])
        if not isinstance(colour, str) or not colour:
            raise ValueError(f"player {i + 1} needs a colour")
        seats.append(Seat(i, p["name"].strip(), colour, str(i + 1)))
    if len({s.colour for s in seats}) != len(seats):
        raise ValueError("each player plays a different colour (2.2 Building Tokens)")
    faces = tuple(options.get("die_faces") or DEFAULT_FACES)
    if sorted(faces) != sorted(SYMBOLS):
        raise ValueError(f"die_faces must give faces 1..6 the symbols {', '.join(SYMBOLS)}, each once")
    victory = options.get("victory_49", False)
    if type(victory) is not bool:
        raise ValueError("victory_49 must be true or false")
    any_time = options.get("productivity_any_time", True)
    if type(any_time) is not bool:
        raise ValueError("productivity_any_time must be true or false")
    if type(options.get("hidden_hands", False)) is not bool:
        raise ValueError("hidden_hands must be true or false")
    box = _box(options.get("bank"), len(seats))
    colonies = tuple(Colony(stations=((0, i, 1), (1, i, 1), (2, i, 1))) for i in range(len(seats)))
    dealt = [sum(c.cards[r] for c in colonies) for r in (0, 1, 2)]
    bank = (box[0] - dealt[0], box[1] - dealt[1], box[2] - dealt[2], box[3])
    return State(seats=tuple(seats), faces=faces, victory_49=victory, colonies=colonies, box=box, bank=bank,
                 productivity_any_time=any_time)


BANK_KINDS = (*RESOURCES, ROAD_CARD)   # the keys of the ``bank`` option, in the order of ``State.box``


def default_bank() -> dict[str, int]:
    """The ``bank`` option when the table does not count its box: :data:`.model.BANK_BOX` by kind
    (``{"air": 25, "food": 25, "minerals": 25, "road": 15}``; the rulebook shows the piles, 2.1, but does
    not count them, decision MA-05)."""
    return dict(zip(BANK_KINDS, BANK_BOX))


def bank_least(players: int) -> dict[str, int]:
    """The fewest cards of each kind the ``bank`` option may give for ``players`` (2..4): ``2 * players + 1``
    of each resource (2 each dealt at the start, 3.2, and one more: see :mod:`.bank`), 0 Road cards."""
    return {name: 0 if name == ROAD_CARD else 2 * players + 1 for name in BANK_KINDS}


def _box(bank: Any, players: int) -> tuple[int, int, int, int]:
    """The ``bank`` option as (Air, Food, Minerals, Road cards); raises ``ValueError``."""
    if bank is None:
        return BANK_BOX
    names = BANK_KINDS
    if not isinstance(bank, dict) or set(bank) != set(names):
        raise ValueError(f"bank must give the cards in the box for each of {', '.join(names)}")
    least = 2 * players + 1
    fewest = bank_least(players)
    for name in names:
        n = bank[name]
        if type(n) is not int or n < fewest[name]:
            raise ValueError(f"bank: {name} must be a whole number of cards, at least {least} for a resource "
                             f"with {players} players (2 each to start, 3.2, and one more)")
    return bank["air"], bank["food"], bank["minerals"], bank[ROAD_CARD]


# --------------------------------------------------------------------------- apply

def apply(state: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Apply a checked action; returns the new state and what happened."""
    kind = action.kind
    if kind == A.CORRECT_ROLL:
        base = state.before_roll
        assert base is not None
        roller = base.roller if base.phase == ROLLOFF else base.current
        new, events = apply(base, Action(A.ROLL, {"face": action.args["face"]}, roller))
        return new, (later("corrected", "Roll corrected to {}", (_face_name(base, action.args["face"]),)),) + events
    events: list[Event] = []
    new = _HANDLERS[kind](state, action, events)
    if kind != A.ROLL and new.before_roll is not None:
        new = replace(new, before_roll=None)
    if new.victory_49 and new.phase != OVER:
        new = _point_victory(new, events)
    return new, tuple(events)


def _face_name(state: State, face: int) -> str:
    return SYMBOL_NAMES[state.faces[face - 1]]


def _name(state: State, seat: int) -> str:
    return state.seats[seat].name


def _point_victory(state: State, events: list[Event]) -> State:
    """5.0 "Optional point victory: 49 points": checked after every action
    (decision MA-36; only the player whose turn it is can gain points)."""
    seat = state.current
    p = points(state.colonies[seat])
    if p < POINT_VICTORY or state.phase == ROLLOFF:
        return state
    events.append(later("won", "{} reaches {} tournament points and wins (49-point victory)", (_name(state, seat), p),
                        {"seat": seat, "points": p}))
    return replace(state, phase=OVER, winner=seat, win_by="points")


def _apply_roll(state: State, action: Action, events: list[Event]) -> State:
    face = action.args["face"]
    sym = state.faces[face - 1]
    # what correct_roll needs, set with the roll's own changes (one copy of the state)
    mark = {"before_roll": state if state.before_roll is None else replace(state, before_roll=None),
            "rolled": face}
    if state.phase == ROLLOFF:
        return _rolloff(state, sym, events, mark)
    seat = state.current
    c = state.colonies[seat]
    skips = c.skips + 1 if sym == "skip" else 0
    if skips != c.skips:
        state = set_colony(state, seat, replace(c, skips=skips))
    if sym == "air" or sym == "food" or sym == "minerals":
        return _produce(state, RESOURCES.index(sym), face, events, mark)
    if sym == "robbery":
        events.append(later("robbery", "{} rolls Robbery: pick an opponent and draw 1 Resource card blind",
                            (_name(state, seat),)))
        return replace(state, phase=ROB, face=face, rob_victim=-1, rob_left=1, **mark)
    if sym == "discovery":
        events.append(later("discovery", "{} rolls Discovery: take 1 card of any resource or a Road card",
                            (_name(state, seat),)))
        return replace(state, phase=DISCOVERY, face=face, **mark)
    if skips >= 2:
        events.append(later("skip", "{} rolls Skip a turn {} times in a row: take 1 card of any resource or a Road "
                            "card, then pass the die", (_name(state, seat), skips), {"streak": skips}))
        return replace(state, phase=SKIP_BONUS, face=face, **mark)
    events.append(later("skip", "{} rolls Skip a turn: the die passes on", (_name(state, seat),)))
    return next_turn(state, events, **mark)


def _rolloff(state: State, sym: str, events: list[Event], mark: dict[str, Any]) -> State:
    """3.3 Who starts the game?: "Whoever rolls the Air symbol first can roll
    the Die again to start the game." Decision (MA-04): the roll-off starts
    with the first seat and goes clockwise; the starter's next roll is the
    first turn's roll, with its full effect."""
    seat = state.roller
    if sym == "air":
        events.append(later("starter", "{} rolls Air and starts the game: roll again", (_name(state, seat),),
                            {"seat": seat}))
        return replace(state, phase=ROLL, current=seat, turn=1, **mark)
    nxt = (seat + 1) % len(state.seats)
    events.append(later("rolloff", "{} rolls {}; {} rolls next",
                        (_name(state, seat), SYMBOL_NAMES[sym], _name(state, nxt))))
    return replace(state, roller=nxt, **mark)


def _produce(state: State, r: int, face: int, events: list[Event], mark: dict[str, Any]) -> State:
    """3.5 and Q.6: every player receives 1 card of ``r`` per Station of that
    type they control whose Base stands; a Captured player receives nothing.

    Its event says what each received: when the bank cannot pay everybody
    (Q.4: "if the Game Bank runs out of Resource Cards you are obliged to
    exchange at least half of your Resource Cards to Resource Tokens
    (immediately)"), the exchange happens inside the payment (:mod:`.bank`,
    decisions MA-05, MA-06), so its event comes first ("Air rolled and the bank
    has run out ...") and the production line after it, with what each player
    actually received and who was paid less ("Air rolled: Red +4, Green +1, ...;
    the bank was short: Green 2 less")."""
    cols = list(state.colonies)
    owed = 0
    paid: dict[int, int] = {}  # seat -> cards of r its Stations produce
    for i, c in enumerate(cols):
        n = c.active[r]
        if n and not c.captured:
            cards = list(c.cards)
            cards[r] += n
            cols[i] = replace(c, cards=tuple(cards))
            owed += n
            paid[i] = n
    name = RESOURCE_NAMES[r]
    if owed > state.bank[r]:  # the bank cannot pay everybody: Q.4
        short: dict[int, int] = {}
        state = settle_all(state, {i: cols[i] for i in paid}, events, short, f"{name} rolled")
        got = ", ".join(f"{state.seats[i].name} +{n - short.get(i, 0)}" for i, n in paid.items())
        less = ", ".join(f"{state.seats[i].name} {n} less" for i, n in short.items())
        events.append(later("production", "{} rolled: {}{}", (name, got, f"; the bank was short: {less}" if less
                                                                 else ""),
                            {"resource": RESOURCES[r], "short": [[i, n] for i, n in short.items()]}))
        return replace(state, phase=MAIN, face=face, produced=r, **mark)
    text = ", ".join(f"{state.seats[i].name} +{n}" for i, n in paid.items()) or "nobody has an active Station"
    events.append(later("production", "{} rolled: {}", (name, text), {"resource": RESOURCES[r]}))
    bank = list(state.bank)  # the common case, in one copy of the state
    bank[r] -= owed
    return replace(state, colonies=tuple(cols), bank=tuple(bank), phase=MAIN, face=face, produced=r, **mark)


def next_turn(state: State, events: list[Event], **extra: Any) -> State:
    """The die goes to the next player clockwise (3.4.2 When done ...). A
    Captured player's turn is skipped whole (4.1 Aggressive Mission Cards,
    Capture Mission); the block ends when their following turn begins."""
    n = len(state.colonies)
    seat = state.current
    cols = None
    for _ in range(4 * n + 8):
        seat = (seat + 1) % n
        c = state.colonies[seat] if cols is None else cols[seat]
        if not c.captured:
            break
        if cols is None:
            cols = list(state.colonies)
        cols[seat] = replace(c, captured=c.captured - 1)
        if c.captured == 1:
            events.append(later("released", "{} is free again (Capture Mission)", (_name(state, seat),)))
            break
        events.append(later("captured_skip", "{} is Captured and skips this turn", (_name(state, seat),),
                            {"seat": seat}))
    if cols is not None:
        state = replace(state, colonies=tuple(cols))
    if not extra:
        extra = _NO_ROLL
    return replace(state, current=seat, phase=ROLL, face=0, produced=-1, bought=False, played=False,
                   turn=state.turn + 1, rob_victim=-1, rob_left=0, fresh=(), blind=0, **extra)


_NO_ROLL = {"before_roll": None}


def _apply_done(state: State, action: Action, events: list[Event]) -> State:
    events.append(later("done", '{}: "I\'m done!"', (_name(state, state.current),)))
    return next_turn(state, events)


def _apply_rob(state: State, action: Action, events: list[Event]) -> State:
    """Robbery (3.5) or Grand Theft: 1 Resource card of the type drawn blind
    moves from the victim; tokens and Road cards are never drawn."""
    seat, victim = state.current, action.args["victim"]
    res = action.args.get("resource")
    left = state.rob_left - 1
    if res is None:
        events.append(later("robbed", "{} holds no Resource card: nothing to draw", (_name(state, victim),)))
        left = 0
    else:
        r = RESOURCES.index(res)
        v = state.colonies[victim]
        state = set_colony(state, victim, gain(v, r, -1))
        state = set_colony(state, seat, gain(state.colonies[seat], r, 1))
        events.append(later("robbed", ROBBED, (_name(state, seat), RESOURCE_NAMES[r], _name(state, victim)),
                            {"victim": victim, "resource": res}))
        state = replace(state, blind=state.blind + 1)
        if not any(state.colonies[victim].cards):
            left = 0
    if left <= 0:
        return replace(state, phase=MAIN, rob_victim=-1, rob_left=0)
    return replace(state, rob_victim=victim, rob_left=left)


#: a blind draw's line: the robber, the kind drawn (``RESOURCE_NAMES``), the victim (3.5 Robbery)
ROBBED = "{} draws 1 {} card from {}"


def hidden_hands_text(event: Event) -> str:
    """``event``'s line (``Event.text``) as a table that keeps its hands hidden may read it: the blind draw of
    a Robbery or a Grand Theft (kind ``"robbed"``, data ``{"victim": seat, "resource": "air" | "food" |
    "minerals"}``) without the kind drawn, "Yellow draws 1 Resource card blind from Green" (3.5 Robbery: "Draw
    blind without seeing the cards"; 3.8.2: the robber and the victim know what it was, the table does not);
    every other line as it is (production, payments, trades and tokens are made in the open). Works on the
    events of a stored log too (their text and data as they were written)."""
    res = event.data.get("resource") if event.kind == "robbed" else None
    if res not in RESOURCES:
        return event.text
    name = RESOURCE_NAMES[RESOURCES.index(res)]
    return event.text.replace(f" draws 1 {name} card from ", " draws 1 Resource card blind from ", 1)


def drawn_blind(state: State, seat: int) -> int:
    """How many of the Resource cards ``seat`` holds the table did not see the kind of: those the player whose turn
    it is drew blind this turn (``State.blind``: 3.5 Robbery, "Draw blind without seeing the cards"; the Grand Theft
    Mission, "Draw without seeing what cards you are getting"), else 0. A table that keeps its hands hidden reads
    these draws without their kind (:func:`hidden_hands_text`); a hand shown by kind beside the counts it showed
    before the draw would name it."""
    return state.blind if seat == state.current else 0


def _apply_take(state: State, action: Action, events: list[Event]) -> State:
    """Discovery, or the bonus of a second Skip a turn in a row (3.5): 1 card
    of any resource or a Road card from the bank."""
    seat = state.current
    c = state.colonies[seat]
    res = action.args["resource"]
    if res == ROAD_CARD:
        c = replace(c, roads=c.roads + 1)
        what = "a Road card"
    else:
        c = gain(c, RESOURCES.index(res), 1)
        what = f"1 {RESOURCE_NAMES[RESOURCES.index(res)]} card"
    events.append(later("take", "{} takes {}", (_name(state, seat), what), {"resource": res}))
    state = settle(state, seat, c, events)
    if state.phase == SKIP_BONUS:
        return next_turn(state, events)
    return replace(state, phase=MAIN)


def _apply_trade(state: State, action: Action, events: list[Event]) -> State:
    """3.9.1 and 3.9.4: rate x one resource for one of another kind or a Road card."""
    seat = action.seat
    c = state.colonies[seat]
    give, get = RESOURCES.index(action.args["give"]), action.args["get"]
    n = rate(c)
    c = pay_one(c, give, n)
    c = replace(c, roads=c.roads + 1) if get == ROAD_CARD else gain(c, RESOURCES.index(get), 1)
    got = "a Road card" if get == ROAD_CARD else f"1 {RESOURCE_NAMES[RESOURCES.index(get)]}"
    events.append(later("trade", "{} trades {} {} for {}", (_name(state, seat), n, RESOURCE_NAMES[give], got),
                        {"give": RESOURCES[give], "get": get, "rate": n}))
    return settle(state, seat, c, events)


def _apply_to_token(state: State, action: Action, events: list[Event]) -> State:
    seat = action.seat
    c = state.colonies[seat]
    r, size = RESOURCES.index(action.args["resource"]), action.args["token"]
    c = gain(c, r, -size)
    tok = list(c.tok3 if size == 3 else c.tok8)
    tok[r] += 1
    c = replace(c, tok3=tuple(tok)) if size == 3 else replace(c, tok8=tuple(tok))
    events.append(Event("token", f"{_name(state, seat)} changes {size} {RESOURCE_NAMES[r]} cards into "
                        + article(f"({size}) token")))
    return settle(state, seat, c, events)


def _apply_to_cards(state: State, action: Action, events: list[Event]) -> State:
    seat = action.seat
    c = state.colonies[seat]
    r, size = RESOURCES.index(action.args["resource"]), action.args["token"]
    tok = list(c.tok3 if size == 3 else c.tok8)
    tok[r] -= 1
    c = replace(c, tok3=tuple(tok)) if size == 3 else replace(c, tok8=tuple(tok))
    c = gain(c, r, size)
    events.append(later("token", "{} changes {} {} token into {} cards",
                        (_name(state, seat), article(f"({size})"), RESOURCE_NAMES[r], size)))
    return settle(state, seat, c, events)


def _apply_build_station(state: State, action: Action, events: list[Event]) -> State:
    seat = action.seat
    c = state.colonies[seat]
    r = RESOURCES.index(action.args["resource"])
    base = action.args.get("base", c.bases)
    supply = list(c.supply)
    supply[r] -= 1
    c = pay(c, STATION_COST[r])
    c = with_map(c, supply=tuple(supply), stations=c.stations + ((r, seat, base),))
    events.append(later("build", "{} builds {} Station at Base {}",
                        (_name(state, seat), article(STATION_NAMES[r]), base),
                        {"what": "station", "resource": RESOURCES[r], "base": base}))
    return settle(state, seat, c, events, fresh=state.fresh + ((r, base),))  # built this turn (Q.2, model.refund)


def _apply_build_base(state: State, action: Action, events: list[Event]) -> State:
    """3.6 and Q.2: the new Base is one step closer to the North Pole; built
    over an own Station, that Station leaves the map and returns to its
    colour's supply (decision MA-20), with no refund, unless the player built
    it earlier this turn: then its price comes back (Q.2 "if you have done this
    on one of your previous turns ... without getting back the resources",
    spec MM-120; :func:`~.model.refund`)."""
    seat = action.seat
    c = pay(state.colonies[seat], BASE_COST)
    k = c.bases + 1
    over = action.args.get("over")
    back = None if over is None else refund(state, seat, over)
    c = with_map(c, bases=k)
    who = _name(state, seat)
    if over is not None:
        r, colour, at = c.stations[over]
        c = with_map(c, stations=c.stations[:over] + c.stations[over + 1:])
        if back is not None:
            c = gain3(c, back)
        state = settle(state, seat, c, events)
        owner = state.colonies[colour]
        supply = list(owner.supply)
        supply[r] += 1
        state = set_colony(state, colour, replace(owner, supply=tuple(supply)))
        if back is None:
            events.append(later("build", "{} builds Base {} over its {} Station (removed, no refund)",
                                (who, k, STATION_NAMES[r]), {"what": "base", "base": k}))
        else:
            fresh = list(state.fresh)
            fresh.remove((r, at))
            state = replace(state, fresh=tuple(fresh))
            events.append(later("build", "{} builds Base {} over its {} Station built this turn (removed, its {} "
                                "paid back)", (who, k, STATION_NAMES[r], price_text(back)),
                                {"what": "base", "base": k, "refund": list(back)}))
    else:
        state = settle(state, seat, c, events)
        events.append(later("build", "{} builds Base {}", (who, k), {"what": "base", "base": k}))
    if road_active(state.colonies[seat]):  # the fifth Base again, after an Armageddon: its Road works again
        events.append(later("road_active", "{}'s Road works again: the fifth Base stands (3.10.4)", (who,),
                            {"seat": seat}))
    return state


def _apply_build_lab(state: State, action: Action, events: list[Event]) -> State:
    seat = action.seat
    c = state.colonies[seat]
    base = action.args.get("base", c.bases)
    c = pay(c, LAB_COST)
    if c.lab3:
        c, size = replace(c, lab2=base), 2
    else:
        c, size = replace(c, lab3=base), 3
    events.append(later("build", "{} builds the ({}) Laboratory at Base {}: trades at {}:1",
                        (_name(state, seat), size, base, rate(c)), {"what": f"lab{size}", "base": base}))
    return settle(state, seat, c, events)


def _apply_build_road(state: State, action: Action, events: list[Event]) -> State:
    seat = action.seat
    c = state.colonies[seat]
    c = replace(c, roads=c.roads - ROAD_COST, road=True)
    events.append(later("build", "{} builds the Road through the polar ice cap", (_name(state, seat),),
                        {"what": "road"}))
    return settle(state, seat, c, events)


def _apply_build_h2o(state: State, action: Action, events: list[Event]) -> State:
    """3.12.4: "As soon as you build the H2O Station you have won the game"."""
    seat = action.seat
    c = replace(pay(state.colonies[seat], H2O_COST), h2o=True)
    events.append(later("won", "{} builds the H2O Station and wins the game!", (_name(state, seat),),
                        {"what": "h2o", "seat": seat}))
    return replace(settle(state, seat, c, events), phase=OVER, winner=seat, win_by="h2o")


def _apply_buy(state: State, action: Action, events: list[Event]) -> State:
    """4.0.1-4.0.4: pay, draw blind from that pile (the used cards of the type
    are reshuffled first when it is empty); a play-immediately card must be
    played at once."""
    seat = action.seat
    deck = DECKS.index(action.args["deck"])
    c = pay(state.colonies[seat], MISSION_COST[deck])
    c = replace(c, bought=c.bought + 1, **({"peaceful": c.peaceful + 1} if deck == 0 else
                                            {"aggressive": c.aggressive + 1}))
    state = draw_mission(settle(state, seat, c, events), deck, events)
    immediate = action.args["immediate"]
    events.append(later("buy", "{} buys {} Mission Card: it must be played immediately" if immediate else
                        "{} buys {} Mission Card", (_name(state, seat), article(DECK_NAMES[deck])),
                        {"deck": action.args["deck"]}))
    return replace(state, bought=True, phase=IMMEDIATE_PLAY if immediate else state.phase)


_HANDLERS = {
    A.ROLL: _apply_roll, A.ROB: _apply_rob, A.TAKE: _apply_take, A.TRADE: _apply_trade,
    A.TO_TOKEN: _apply_to_token, A.TO_CARDS: _apply_to_cards, A.BUILD_STATION: _apply_build_station,
    A.BUILD_BASE: _apply_build_base, A.BUILD_LAB: _apply_build_lab, A.BUILD_ROAD: _apply_build_road,
    A.BUILD_H2O: _apply_build_h2o, A.BUY: _apply_buy, A.PLAY: apply_play, A.PROTECT: apply_protect,
    A.DONE: _apply_done,
}
