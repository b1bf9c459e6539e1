"""Mission to Mars 2049: Mission Card effects (4.0, 4.1), Protection and the piles.

Hands are secret (4.0.4 "You don't have to tell anyone what Mission Card you
have just got"): a bought card is held as an unknown Peaceful or Aggressive
card, and its kind is entered when it is played (decision MA-32). The engine
knows only what is public: the piles' sizes and the used cards by kind.

An Aggressive card's targets may answer with Protection (4.1 Peaceful Mission
Cards: "This card will protect you when an enemy tries to play an Aggressive
Mission Card against you"): decision MA-22, a reaction on the attacker's
turn that cancels only the protected player's share; the attacker's card is
spent all the same.
"""
from __future__ import annotations

from ..contract import Action, Event
from ..contract import later_event as later  # text made on first read
from ..words import count
from .bank import settle
from .model import (AGGRESSIVE, DECK_NAMES, LABORATORY, MAIN, MISSION_DECK, MISSION_INDEX, MISSIONS, OVER, PEACEFUL,
                    PRODUCTIVITY, PROTECT, PROTECTION, RESOURCE_NAMES, RESOURCES, ROB, ROLLOFF, STATION_NAMES, Attack,
                    State, active_stations, deck_unplayed, labs_built, replace, set_colony, with_map)
from .wallet import gain, gain3

_AGGRESSIVE_CARDS = frozenset(m for m, d in zip(MISSIONS, MISSION_DECK) if d == AGGRESSIVE)


def _name(state: State, seat: int) -> str:
    return state.seats[seat].name


def draw_mission(state: State, deck: int, events: list[Event]) -> State:
    """One card leaves pile ``deck``; an empty pile is first refilled with the
    used cards of its type, shuffled (4.0.4 "If you run out of Mission Cards
    you can use the previously used ones again")."""
    pile = list(state.pile)
    used = state.used
    if pile[deck] == 0:
        pile[deck] = sum(n for n, d in zip(used, MISSION_DECK) if d == deck)
        used = tuple(0 if d == deck else n for n, d in zip(used, MISSION_DECK))
        events.append(later("reshuffle", "The used {} Mission Cards are shuffled into a new pile", (DECK_NAMES[deck],)))
    pile[deck] -= 1
    return replace(state, pile=(pile[0], pile[1]), used=used)


def _use(state: State, kind: int) -> tuple[int, ...]:
    used = list(state.used)
    used[kind] += 1
    return tuple(used)


def armageddon_targets(state: State) -> tuple[int, ...]:
    """The seats whose Base closest to the North Pole Armageddon destroys: all
    with the most standing Bases, when that is 2 or more (the First Base is
    protected). 4.1 Aggressive Mission Cards: "If there is more than one Base
    equally close to the North Pole, destroy all of them"; decision MA-42: a
    Base's distance is its chain index."""
    top = max(c.bases for c in state.colonies)
    if top < 2:
        return ()
    return tuple(i for i, c in enumerate(state.colonies) if c.bases == top)


def attack_targets(state: State, attack: Attack) -> tuple[int, ...]:
    """The players an Aggressive card harms, the attacker excluded (Protection
    "does not protect you against your own Aggressive Missions")."""
    if attack.card == "black_friday":
        r = attack.resource
        hit = tuple(i for i, c in enumerate(state.colonies) if any(s[0] == r for s in c.stations))
    elif attack.card == "armageddon":
        hit = armageddon_targets(state)
    else:
        hit = (attack.target,)
    return tuple(i for i in hit if i != attack.by)


def may_protect(state: State, seat: int) -> bool:
    """Whether ``seat`` might hold the Protection Mission: a Peaceful card in
    hand, and the one Protection card not in the used pile."""
    return state.colonies[seat].peaceful > 0 and deck_unplayed(state, PROTECTION) > 0


def productivity_holders(state: State) -> tuple[int, ...]:
    """The seats who may play the Productivity Mission now besides the player
    whose turn it is: "Play at any time you wish" (4.1 Peaceful Mission
    Cards). Decision (MA-21): on any player's turn, before or after the roll,
    by anyone who may hold it (a Peaceful card in hand, the one Productivity
    card not in the used pile) and is not Captured ("will not receive any
    resources", 4.1 Aggressive Mission Cards); never in the roll-off (nobody
    holds a card yet), once the game is over, or with the house option
    (``productivity_any_time`` false)."""
    if state.phase == ROLLOFF or state.phase == OVER or state.used[PRODUCTIVITY] or not state.productivity_any_time:
        return ()
    cur = state.current
    return tuple(i for i, c in enumerate(state.colonies) if i != cur and c.peaceful and not c.captured)


def apply_play(state: State, action: Action, events: list[Event]) -> State:
    """Play a Mission Card of kind ``card`` (checked): it leaves the hand for
    the used pile and takes effect; an Aggressive card first opens a
    Protection window for its targets who might hold Protection."""
    args = action.args
    seat = action.seat
    card = args["card"]
    kind = MISSION_INDEX[card]
    c = state.colonies[seat]
    if kind == LABORATORY and labs_built(c):
        return _swap_laboratory(state, seat, events)
    if kind == PRODUCTIVITY:  # at any time: the phase stays; off turn it is not the turn's one play (MA-21)
        state = replace(set_colony(state, seat, replace(c, peaceful=c.peaceful - 1)), used=_use(state, kind),
                        played=state.played or seat == state.current)
        return _productivity(state, seat, args, events)
    deck = MISSION_DECK[kind]
    c = replace(c, peaceful=c.peaceful - 1) if deck == PEACEFUL else replace(c, aggressive=c.aggressive - 1)
    state = replace(set_colony(state, seat, c), used=_use(state, kind), played=True, phase=MAIN)
    name = _name(state, seat)
    if deck == PEACEFUL:
        return _PEACEFUL[card](state, seat, args, events)
    attack = Attack(card, seat, args.get("target", -1), args.get("station", -1), args.get("base", 0),
                    RESOURCES.index(args["resource"]) if "resource" in args else -1)
    events.append(later("play", "{} plays the {}", (name, _title(card)), {"card": card}))
    react = tuple(i for i in attack_targets(state, attack) if may_protect(state, i))
    if react:
        events.append(Event("protect_window", "Protection? " + ", ".join(_name(state, i) for i in react)
                            + " may use a Protection Mission now", {"seats": list(react)}))
        return replace(state, phase=PROTECT, attack=attack, react=react)
    return resolve(state, attack, events)


def _title(card: str) -> str:
    return {"black_friday": "Black Friday accident", "grand_theft": "Grand Theft Mission"}.get(
        card, card.capitalize() + " Mission")


def _swap_laboratory(state: State, seat: int, events: list[Event]) -> State:
    """4.1 Peaceful Mission Cards, Laboratory Mission: "If you have already
    built two Laboratories then take another Peaceful Mission Card."
    Decision (MA-24): neither a buy nor a play; the card goes to the used pile
    (so a reshuffle includes it) and a Peaceful card is drawn."""
    state = replace(state, used=_use(state, LABORATORY))
    state = draw_mission(state, PEACEFUL, events)
    events.append(later("swap", "{} has both Laboratories: the Laboratory Mission is exchanged for another Peaceful "
                        "Mission Card", (_name(state, seat),)))
    return state


def apply_protect(state: State, action: Action, events: list[Event]) -> State:
    """A target answers the Protection window (decision MA-22): with ``use``,
    one Peaceful card in their hand is the Protection Mission, spent; as the
    game has one, the window then closes. The card resolves when all have
    answered."""
    seat = action.seat
    attack = state.attack
    assert attack is not None
    if action.args["use"]:
        c = state.colonies[seat]
        state = replace(set_colony(state, seat, replace(c, peaceful=c.peaceful - 1)),
                        used=_use(state, PROTECTION))
        attack = replace(attack, protected=attack.protected + (seat,))
        events.append(later("protected", "{} uses the Protection Mission against the {}: it has no effect on them",
                            (_name(state, seat), _title(attack.card))))  # what it stopped (a tester's finding)
        react: tuple[int, ...] = ()
    else:
        react = tuple(i for i in state.react if i != seat)
        events.append(later("no_protection", "{} does not use Protection", (_name(state, seat),)))
    if react:
        return replace(state, attack=attack, react=react)
    return resolve(replace(state, attack=None, react=(), phase=MAIN), attack, events)


# --------------------------------------------------------------------------- Peaceful effects

def _build(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Build Mission: "Build a free Resource Station of any kind next to one of your bases"."""
    c = state.colonies[seat]
    r = RESOURCES.index(args["resource"])
    base = args.get("base", c.bases)
    supply = list(c.supply)
    supply[r] -= 1
    c = with_map(c, supply=tuple(supply), stations=c.stations + ((r, seat, base),))
    events.append(later("play", "{} plays the Build Mission: a free {} Station at Base {}",
                        (_name(state, seat), STATION_NAMES[r], base), {"card": "build"}))
    return set_colony(state, seat, c)


def _assistance(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Assistance Mission: four resources of any kind, all at once, no Road card."""
    take = [0, 0, 0]
    for res in args["take"]:
        take[RESOURCES.index(res)] += 1
    events.append(later("play", "{} plays the Assistance Mission: {}", (
        _name(state, seat), ", ".join(f"{n} {RESOURCE_NAMES[r]}" for r, n in enumerate(take) if n)),
        {"card": "assistance"}))
    return settle(state, seat, gain3(state.colonies[seat], (take[0], take[1], take[2])), events)


def _resource(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Resource Mission: "2 Air, 2 Food and 2 Mineral cards"."""
    events.append(later("play", "{} plays the Resource Mission: 2 Air, 2 Food, 2 Minerals", (_name(state, seat),),
                        {"card": "resource"}))
    return settle(state, seat, gain3(state.colonies[seat], (2, 2, 2)), events)


def _laboratory(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Laboratory Mission: a free (3) Laboratory, or the (2) if the (3) is built."""
    c = state.colonies[seat]
    base = args.get("base", c.bases)
    c, size = (replace(c, lab2=base), 2) if c.lab3 else (replace(c, lab3=base), 3)
    events.append(later("play", "{} plays the Laboratory Mission: a free ({}) Laboratory at Base {}",
                        (_name(state, seat), size, base), {"card": "laboratory"}))
    return set_colony(state, seat, c)


def _productivity(state: State, seat: int, args: dict, events: list[Event]) -> State:
    """Productivity Mission: 1 resource per Station of the chosen type (its
    Base standing: decision MA-16, an inactive Station produces nothing)."""
    c = state.colonies[seat]
    r = RESOURCES.index(args["resource"])
    n = active_stations(c, r)
    off = "" if seat == state.current else " (not their turn: any time)"
    events.append(later("play", "{} plays the Productivity Mission{}: +{} {}",
                        (_name(state, seat), off, n, RESOURCE_NAMES[r]), {"card": "productivity", "seat": seat}))
    return settle(state, seat, gain(c, r, n), events)


_PEACEFUL = {"build": _build, "assistance": _assistance, "resource": _resource, "laboratory": _laboratory,
             "productivity": _productivity}


# --------------------------------------------------------------------------- Aggressive effects

def resolve(state: State, attack: Attack, events: list[Event]) -> State:
    """Apply an Aggressive card to its targets that did not use Protection."""
    return _AGGRESSIVE[attack.card](replace(state, phase=MAIN, attack=None, react=()), attack, events)


def _return_station(state: State, station: tuple[int, int, int]) -> State:
    """A destroyed Station goes back to the supply of its star's colour (caption)."""
    owner = state.colonies[station[1]]
    supply = list(owner.supply)
    supply[station[0]] += 1
    return set_colony(state, station[1], replace(owner, supply=tuple(supply)))


def _crimean(state: State, attack: Attack, events: list[Event]) -> State:
    """Crimean Mission: the Station moves to the attacker, attached to one of
    their Bases; it keeps its star (original owner)."""
    by, t = attack.by, attack.target
    if t in attack.protected:
        return state
    v = state.colonies[t]
    st = v.stations[attack.station]
    state = set_colony(state, t, with_map(v, stations=v.stations[:attack.station] + v.stations[attack.station + 1:]))
    c = state.colonies[by]
    base = attack.base or c.bases
    state = set_colony(state, by, with_map(c, stations=c.stations + ((st[0], st[1], base),)))
    events.append(later("crimean", "{} takes {}'s {} Station to Base {}",
                        (_name(state, by), _name(state, t), STATION_NAMES[st[0]], base)))
    return state


def _sabotage(state: State, attack: Attack, events: list[Event]) -> State:
    """Sabotage Mission: the Station leaves the map for its original owner's
    supply; the attacker receives 3 resources of its type."""
    by, t = attack.by, attack.target
    if t in attack.protected:
        return state
    v = state.colonies[t]
    st = v.stations[attack.station]
    state = set_colony(state, t, with_map(v, stations=v.stations[:attack.station] + v.stations[attack.station + 1:]))
    state = _return_station(state, st)
    state = settle(state, by, gain(state.colonies[by], st[0], 3), events)
    events.append(later("sabotage", "{} destroys {}'s {} Station and receives 3 {}",
                        (_name(state, by), _name(state, t), STATION_NAMES[st[0]], RESOURCE_NAMES[st[0]])))
    return state


def _grand_theft(state: State, attack: Attack, events: list[Event]) -> State:
    """Grand Theft Mission: three Resource cards drawn blind (decision MA-27:
    as many as the victim holds, up to 3), entered one by one as ROB; its event names the victim first ("From
    Blue: draw 3 Resource cards blind")."""
    t = attack.target
    if t in attack.protected:
        return state
    n = min(3, sum(state.colonies[t].cards))
    if not n:
        events.append(later("robbed", "{} holds no Resource card: nothing to draw", (_name(state, t),)))
        return state
    # the victim first: at 800x480 "Draw 3 Resource cards blind from" filled the line and the victim went to
    # the next (a tester's finding)
    events.append(later("grand_theft", "From {}: draw {} blind", (_name(state, t), count(n, "Resource card"))))
    return replace(state, phase=ROB, rob_victim=t, rob_left=n)


def _capture(state: State, attack: Attack, events: list[Event]) -> State:
    """Capture Mission: the target skips their next turn and receives nothing
    until their following turn begins (decision MA-26)."""
    t = attack.target
    if t in attack.protected:
        return state
    c = state.colonies[t]
    events.append(later("capture", "{} is Captured: their next turn is skipped and they receive nothing until their "
                        "turn comes round again", (_name(state, t),)))
    return set_colony(state, t, replace(c, captured=c.captured + 1 if c.captured else 2))


def _black_friday(state: State, attack: Attack, events: list[Event]) -> State:
    """Black Friday accident: every Station of the type is destroyed (the
    protected players' excepted) and goes back to its original owner; the
    attacker receives 1 per Station of the type they controlled (MA-28)."""
    r, by = attack.resource, attack.by
    mine = sum(1 for s in state.colonies[by].stations if s[0] == r)
    lost = 0
    for i in range(len(state.colonies)):
        if i in attack.protected:
            continue
        c = state.colonies[i]
        gone = [s for s in c.stations if s[0] == r]
        if not gone:
            continue
        state = set_colony(state, i, with_map(c, stations=tuple(s for s in c.stations if s[0] != r)))
        for s in gone:
            state = _return_station(state, s)
        lost += len(gone)
    state = settle(state, by, gain(state.colonies[by], r, mine), events)
    events.append(later("black_friday", "Black Friday: {} {} Station{} destroyed; {} receives {} {}",
                        (lost, STATION_NAMES[r], "" if lost == 1 else "s", _name(state, by), mine,
                         RESOURCE_NAMES[r])))
    return state


def _armageddon(state: State, attack: Attack, events: list[Event]) -> State:
    """Armageddon Mission: the Bases closest to the North Pole are destroyed
    (see :func:`armageddon_targets`) and return to their owners; Stations and
    Laboratories attached to them turn inactive until that Base is built again."""
    hit = armageddon_targets(state)
    if not hit:
        events.append(Event("armageddon", "Armageddon: only Starting Bases stand, and they are protected"))
        return state
    for i in hit:
        if i in attack.protected:
            continue
        c = state.colonies[i]
        state = set_colony(state, i, with_map(c, bases=c.bases - 1))
        events.append(later("armageddon", "Armageddon destroys {}'s Base {}", (_name(state, i), c.bases),
                            {"seat": i, "base": c.bases}))
    return state


_AGGRESSIVE = {"crimean": _crimean, "sabotage": _sabotage, "grand_theft": _grand_theft, "capture": _capture,
               "black_friday": _black_friday, "armageddon": _armageddon}
