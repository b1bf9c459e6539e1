"""Race to Mars: a player's cards as counts (pure helpers on :class:`Player`).

Where each card is: the Crew cards a player owns are known (``crew``, plus
the ``boosts`` and ``asteroids`` counts); the play area is public (``play``);
a jettisoned card leaves ``crew`` ("Glossary": "Remove card from the game");
the personal discard pile is face-up, so the cards that enter it by a move
the app records (exchanged in 2.3, the play area discarded in 2.5, a Boost or
an Asteroid gained) are known to lie there (``seen``) until a reshuffle makes
the discard pile the new draw pile. The rest is counted, never identified:
the draw pile, the hand, and the discard pile's cards that came from the
hand unseen (2.5 step 3, "keep one, discard two"). Headquarters 9 puts a
gained Boost "on the bottom of your personal draw pile" (race-to-mars.txt
"Headquarters"): those Boosts are known to lie under the draw pile's unknown
cards (``under``) until a draw reaches them (then they are in the hand) or
the draw pile is made anew from the discard pile ("Asteroid Cards": "Shuffle
all cards in your personal discard pile"). A card is "free" when it may be
in the hand (or among the unidentified cards of the draw or discard pile):
owned, not in the play area, not known in the discard pile nor under the
draw pile (RM-188: the candidates for a card played, exchanged or jettisoned
from the hand).

Hidden zones are counts: drawing is "draw n" ("Asteroid Cards": with an empty
personal draw pile, add an Asteroid to the discard pile, shuffle the discard
pile into a new draw pile, draw the rest; "You must draw a card when you are
prompted to do so"). Every helper appends the :class:`Event` a player reads.
"""
from __future__ import annotations

from ..contract import fast_event as Event  # the contract's Event, made faster
from ..contract import later_event as later  # text made on first read
from ..words import count
from .cards import HQ_BOOSTS, HQ_DRAW
from .model import ASTEROID, BOOST, CrewCard, Player
from .model import replace as _r


def free(p: Player, name: str) -> int:
    """Copies of ``name`` that may be in the hand (owned, outside the play area, not known in the discard pile,
    nor, for a Boost, known at the bottom of the draw pile: Headquarters 9, ``Player.under``)."""
    if name == BOOST:
        return owned(p, name) - p.seen.count(name) - p.under
    return owned(p, name) - p.seen.count(name)


def crew_surely_in_hand(p: Player) -> bool:
    """True when ``p``'s hand must hold a Crew card: more cards than the Boost and Asteroid cards that could be
    there (race-to-mars.txt "Hazards": a yellow hazard takes a Crew card from the hand or the discard pile first)."""
    return p.hand > free(p, BOOST) + free(p, ASTEROID)


def hand_candidates(p: Player) -> list[str]:
    """The cards that may be in ``p``'s hand: Crew card names in Crew order,
    then "Boost" and "Asteroid" (each once); empty when the hand is empty."""
    if not p.hand:
        return []
    return list(free_crew(p)) + [n for n in (BOOST, ASTEROID) if free(p, n) > 0]


#: free_crew() by the parts of a Player it reads (copies of a Player share them)
_FREE_CREW: dict[tuple[int, int, int], tuple] = {}


def free_crew(p: Player) -> dict[str, CrewCard]:
    """The first Crew card of each name that may be in ``p``'s hand, by name in Crew order
    (:func:`free` for every name at once). It depends on ``crew``, ``play`` and ``seen`` only; the
    dict returned is shared: read it, never change it."""
    crew, play, seen = p.crew, p.play, p.seen
    key = (id(crew), id(play), id(seen))
    got = _FREE_CREW.get(key)
    if got is not None and got[0] is crew and got[1] is play and got[2] is seen:
        return got[3]
    out = _free_crew(p)
    if len(_FREE_CREW) > 256:
        _FREE_CREW.clear()
    _FREE_CREW[key] = (crew, play, seen, out)
    return out


def _free_crew(p: Player) -> dict[str, CrewCard]:
    counts: dict[str, int] = {}
    first: dict[str, CrewCard] = {}
    for c in p.crew:
        name = c.name
        if name in counts:
            counts[name] += 1
        else:
            counts[name] = 1
            first[name] = c
    for c in p.play:
        if c.crew is not None and not c.gone and c.name in counts:
            counts[c.name] -= 1
    for name in p.seen:
        if name in counts:
            counts[name] -= 1
    return {name: c for name, c in first.items() if counts[name] > 0}


def in_discard(p: Player, name: str) -> bool:
    """True if a card ``name`` may be in the discard pile: known there, or
    free while some discarded cards are unidentified."""
    return name in p.seen or (p.discard > len(p.seen) and free(p, name) > 0)


def seen_without(seen: tuple[str, ...], name: str) -> tuple[str, ...]:
    """``seen`` with one ``name`` fewer (unchanged if it has none)."""
    if name not in seen:
        return seen
    i = seen.index(name)
    return seen[:i] + seen[i + 1:]


def owned(p: Player, name: str) -> int:
    """Copies of ``name`` (a Crew card, Boost or Asteroid) the player owns outside the play area."""
    if name == ASTEROID:
        return p.asteroids
    if name == BOOST:
        return p.boosts - sum(1 for c in p.play if c.crew is None and not c.gone)
    n = _names(p.crew).count(name)
    for c in p.play:
        if c.name == name and c.crew is not None and not c.gone:
            n -= 1
    return n


#: The names of a Crew tuple, by the tuple's id (kept with it: copies of a Player share their tuple).
_NAMES: dict[int, tuple[tuple[CrewCard, ...], tuple[str, ...]]] = {}


def _names(crew: tuple[CrewCard, ...]) -> tuple[str, ...]:
    got = _NAMES.get(id(crew))
    if got is not None and got[0] is crew:
        return got[1]
    if len(_NAMES) > 256:
        _NAMES.clear()
    names = tuple(c.name for c in crew)
    _NAMES[id(crew)] = (crew, names)
    return names


def crew_card(p: Player, name: str) -> CrewCard | None:
    for c in p.crew:
        if c.name == name:
            return c
    return None


def remove_crew(p: Player, name: str) -> Player:
    """``p`` without one Crew card called ``name`` (jettisoned: it leaves the game)."""
    crew = list(p.crew)
    for i, c in enumerate(crew):
        if c.name == name:
            del crew[i]
            break
    return _r(p, crew=tuple(crew))


def gain_asteroid(p: Player, who: str, why: str, events: list[Event]) -> Player:
    """One Asteroid into the discard pile; Headquarters 10: one more and one Experience."""
    if p.hq == HQ_DRAW:
        events.append(later("asteroid", "{} gains 2 Asteroids and 1 Experience ({}; Headquarters 10)", (who, why),
                            {"seat": p.seat}))
        return _r(p, asteroids=p.asteroids + 2, discard=p.discard + 2, xp=p.xp + 1,
                  seen=p.seen + (ASTEROID, ASTEROID))
    events.append(later("asteroid", "{} adds an Asteroid to the discard pile ({})", (who, why), {"seat": p.seat}))
    return _r(p, asteroids=p.asteroids + 1, discard=p.discard + 1, seen=p.seen + (ASTEROID,))


def gain_boost(p: Player, who: str, n: int, events: list[Event]) -> Player:
    """``n`` Boosts from the supply into the discard pile (Headquarters 9: "place it on the bottom of your
    personal draw pile", known there, ``under``, until drawn: see :func:`draw`)."""
    if p.hq == HQ_BOOSTS:
        events.append(later("boost", "{} gains {} under the draw pile (Headquarters 9)", (who, count(n, "Boost"))))
        return _r(p, boosts=p.boosts + n, draw=p.draw + n, under=p.under + n)
    events.append(later("boost", "{} gains {} into the discard pile", (who, count(n, "Boost"))))
    return _r(p, boosts=p.boosts + n, discard=p.discard + n, seen=p.seen + (BOOST,) * n)


def draw(p: Player, n: int, who: str, events: list[Event]) -> Player:
    """Draw ``n`` cards into the hand, adding an Asteroid and reshuffling the
    discard pile each time the draw pile is empty (repeating if need be).
    The cards come off the top: the Boosts known at the bottom (``under``,
    Headquarters 9) are drawn only once the unknown cards above them are,
    and the draw pile made anew from the discard pile holds none known."""
    want = n
    while n > 0:
        if p.draw == 0:
            p = gain_asteroid(p, who, "the draw pile is empty", events)
            p = _r(p, draw=p.discard, discard=0, seen=())   # ``under`` is 0 already: the draw pile was empty
        take = n if n < p.draw else p.draw
        left = p.draw - take
        # a draw that reaches the Boosts at the bottom puts them in the hand: those left are under the rest
        p = _r(p, draw=left, hand=p.hand + take, under=min(p.under, left))
        n -= take
    events.append(later("draw", "{} draws {}", (who, count(want, "card")), {"seat": p.seat, "cards": want}))
    return p


def jettison(p: Player, zone: str, name: str) -> Player:
    """Remove one card ``name`` from the hand or discard pile from the game."""
    p = _r(p, hand=p.hand - 1) if zone == "hand" else _r(p, discard=p.discard - 1, seen=seen_without(p.seen, name))
    if name == ASTEROID:
        return _r(p, asteroids=p.asteroids - 1)
    if name == BOOST:
        return _r(p, boosts=p.boosts - 1)
    return remove_crew(p, name)


def targets_problem(p: Player, targets: list[dict], hand_after: int, discard_after: int) -> str | None:
    """Why the cards ``targets`` cannot all be jettisoned from ``p``'s hand and
    discard pile (counts after the move in progress), or None. A card taken
    from the hand must be free (:func:`free`); one from the discard pile known
    there, or free while the discard pile holds unidentified cards. With both
    empty the reason names both (a jettison may take from either: "Starting
    Cards", Phase 2.1's jettison ability, "The Rocket" Storage)."""
    counts: dict[tuple[str, str], int] = {}
    for t in targets:
        key = (t["zone"], t["card"])
        counts[key] = counts.get(key, 0) + 1
    hand = sum(n for (zone, _), n in counts.items() if zone == "hand")
    if hand > hand_after or len(targets) - hand > discard_after:  # how many there are, to check at the table
        if not hand_after and not discard_after:   # both places a jettison takes from: neither is the answer alone
            return "the hand and the discard pile are both empty"
        where, held = ("the hand", hand_after) if hand > hand_after else ("the discard pile", discard_after)
        return f"{where} is empty" if not held else f"{where} holds only {count(held, 'card')}"
    unknown = discard_after - len(p.seen)
    for name in {name for _, name in counts}:
        from_hand = counts.get(("hand", name), 0)
        extra = counts.get(("discard", name), 0) - p.seen.count(name)
        if from_hand > free(p, name):
            return f"{name} cannot be in your hand: every copy you own is in play or in the discard pile"
        if extra > 0:
            unknown -= extra
            if unknown < 0 or extra > free(p, name) - from_hand:
                return f"{name} is not in your discard pile"
    return None


def launch_size(p: Player) -> int:
    """Cards in the Crew deck for the launch test (Headquarters 9's two Boosts count)."""
    return len(p.crew) + p.boosts

