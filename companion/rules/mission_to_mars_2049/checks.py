"""Mission to Mars 2049: ``check(state, action)``: why an action is not allowed
now, naming the rulebook section that forbids it. Trusts the payload's shape
(``ACTIONS``, checked at the session boundary)."""
from __future__ import annotations

from ..contract import Action, Rejection, seat_problem
from ..words import a, count
from . import actions as A
from . import sections as S
from .actions import reject, rule_ref
from .bank import can_give_road
from .missions import may_protect
from .model import (ARMAGEDDON, BANK_ROAD, BASE_COST, BASES, DECKS, DISCOVERY, H2O_COST, IMMEDIATE, IMMEDIATE_PLAY,
                    LAB_COST, MAIN, MAX_ROAD_CARDS, MISSION_COST, MISSION_DECK, MISSION_INDEX, OVER, PROTECT,
                    RESOURCE_NAMES, RESOURCES, ROAD_CARD, ROAD_COST, ROB, ROLL, ROLLOFF, SKIP_BONUS, STATION_COST,
                    SPOTS_AROUND_BASE, STATION_NAMES, Colony, State, affords, base_over_spots, deck_unplayed, has_room,
                    labs_built, price_text, rate, road_active, roomy_bases, value)
from .table import to_act

#: The only kinds each phase accepts (CORRECT_ROLL is checked on its own).
_PHASE_KINDS = {
    ROLLOFF: frozenset({A.ROLL}), ROLL: frozenset({A.ROLL}), ROB: frozenset({A.ROB}),
    DISCOVERY: frozenset({A.TAKE}), SKIP_BONUS: frozenset({A.TAKE}), IMMEDIATE_PLAY: frozenset({A.PLAY}),
    PROTECT: frozenset({A.PROTECT}),
    MAIN: frozenset({A.TRADE, A.TO_TOKEN, A.TO_CARDS, A.BUILD_STATION, A.BUILD_BASE, A.BUILD_LAB, A.BUILD_ROAD,
                     A.BUILD_H2O, A.BUY, A.PLAY, A.DONE}),
}


def check(state: State, action: Action) -> Rejection | None:
    """Why ``action`` is not allowed now, or None if it is."""
    kind = action.kind
    checker = _CHECKS.get(kind)
    if checker is None:
        return reject("unknown_action", f"There is no move called {kind!r} in Mission to Mars 2049.", S.MAY_DO)
    ph = state.phase
    if ph == OVER:
        return reject("game_over", "The game is over.", S.WIN)
    if kind == A.CORRECT_ROLL:
        return _check_correct_roll(state, action)
    seat = action.seat
    productivity = kind == A.PLAY and action.args.get("card") == "productivity" and state.productivity_any_time
    if ph == ROLLOFF:
        if seat != state.roller:
            return seat_problem(to_act(state), action, state.seats, rule_ref(S.WHO_STARTS))
    elif seat != state.current or ph == PROTECT:
        turn = to_act(state)
        problem = seat_problem(turn, action, state.seats, rule_ref(S.FAQ_OFF_TURN))
        if productivity and seat in range(len(state.seats)):  # at any time (4.1 Peaceful Mission Cards; MA-21)
            return _checked_play(state, action)  # refused there for what keeps a seat out of to_act
        if problem and ph == PROTECT and type(seat) is int and 0 <= seat < len(state.seats):
            return _protection_first(state)  # the window of the Mission just played, not an off-turn move (Q.7)
        if problem and ph == MAIN and kind == A.TO_TOKEN and type(seat) is int and 0 <= seat < len(state.seats):
            return _off_turn_tokens(state, seat)  # Q.7's reason, not "it is up to" those who may
        if problem:
            return problem
        if ph != PROTECT and not (ph == MAIN and kind == A.TO_TOKEN):
            return reject("not_your_turn", f"When it is not their turn, {state.seats[seat].name} may only change "
                          "cards of the type just produced into tokens (or play the Productivity Mission, any "
                          "time).", S.FAQ_OFF_TURN)
    elif productivity and ph != MAIN:  # the player whose turn it is, before the roll or amid the die's demands
        return _checked_play(state, action)
    if kind not in _PHASE_KINDS[ph]:
        return _phase_problem(state, kind)
    try:
        return checker(state, action)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        return reject("malformed", f"That move is incomplete or malformed: {exc}.", S.MAY_DO)


def _off_turn_tokens(state: State, seat: int) -> Rejection:
    """Cards into tokens asked off turn by a player who may not (Q.7): nothing produced this turn, or
    fewer cards of that type than the smallest token takes."""
    name, r = state.seats[seat].name, state.produced
    if r < 0:
        return reject("off_turn_type", f"When it is not their turn, {name} may only change cards of the type just "
                      "produced into tokens, and this turn's roll produced none.", S.FAQ_OFF_TURN)
    held = state.colonies[seat].cards[r]
    return reject("off_turn_type", f"When it is not their turn, {name} may only change {RESOURCE_NAMES[r]} cards, "
                  f"the type just produced, into tokens: a (3) token takes 3, {name} holds {held}.", S.FAQ_OFF_TURN)


def hidden_hands_reason(state: State, action: Action, rejection: Rejection) -> Rejection:
    """``rejection`` (of ``action`` in ``state``) in words a table that keeps its hands hidden may read: cards
    into a token refused to a player whose turn it is not, without what they hold ("When it is not their turn,
    Blue may change Air cards, the type just produced, into a token only with 3 of them for a (3) token, 8 for
    an (8) one", F.A.Q. Q.7; 3.8); a blind draw's kind the victim holds none of, without saying so ("Green holds
    no Minerals card" told the table the hidden hand: 3.5 Robbery, "Draw blind without seeing the cards"); the
    player whose turn it is, once they have drawn a card blind this turn (``State.blind``), refused a price or a
    token's cards without what they lack ("A Base costs 3 Air, 3 Food, 3 Minerals: more than Red holds", not
    "3 Food, 3 Minerals short", which beside "1 Air, 3 Food, 3 Minerals short" before the draw would name the kind
    drawn); any other refusal as it is (the player whose turn it is shows their hand)."""
    if action.seat == state.current and state.blind and rejection.code in ("cannot_afford", "too_few_cards"):
        head = rejection.message.rsplit(": ", 1)[0]
        return Rejection(rejection.code, f"{head}: more than {state.seats[action.seat].name} holds.",
                         rejection.rule)
    if action.kind == A.ROB and rejection.code == "no_such_card":
        victim = state.seats[action.args["victim"]].name
        return reject(rejection.code, f"That is not the kind of the card drawn blind from {victim}: look at the card "
                      "again (Resource Tokens and Road cards cannot be stolen).", S.TOKENS_SAFE)
    r = state.produced
    if action.kind != A.TO_TOKEN or action.seat == state.current or r < 0 \
            or rejection.code not in ("off_turn_type", "too_few_cards"):
        return rejection
    name = state.seats[action.seat].name
    return reject(rejection.code, f"When it is not their turn, {name} may change {RESOURCE_NAMES[r]} cards, the type "
                  "just produced, into a token only with 3 of them for a (3) token, 8 for an (8) one.",
                  S.FAQ_OFF_TURN)


def _protection_first(state: State) -> Rejection:
    """A move in a Protection window, of anyone (the target too): the targets answer first (4.1)."""
    targets = " or ".join(state.seats[i].name for i in state.react)
    return reject("protection_first", f"{targets} may answer with the Protection Mission first: play it, or let it "
                  "be.", S.CARDS["protection"])


def _phase_problem(state: State, kind: str) -> Rejection:
    ph = state.phase
    if ph == ROLLOFF:
        return reject("rolloff", "First find who starts: roll the die in turn until someone rolls Air.", S.WHO_STARTS)
    if ph == ROLL:
        return reject("roll_first", "Always start your turn by rolling the die.", S.ROLL_FIRST)
    if ph == ROB and state.rob_victim >= 0:   # a Grand Theft Mission's draws, not the die's (a table test read
        return reject("draw_first", f"Grand Theft first: enter the {count(state.rob_left, 'Resource card')} still "
                      f"to draw blind from {state.seats[state.rob_victim].name}.", S.CARDS["grand_theft"])  # "Robbery")
    if ph == ROB:  # 3.4.1: "Do everything the Die tells you to do and only then you can start trading, ..."
        return reject("draw_first", "Everything the die demands is done first: enter the card drawn blind "
                      "(Robbery).", S.ROLL_FIRST)
    if ph in (DISCOVERY, SKIP_BONUS):
        return reject("take_first", "Everything the die demands is done first: take 1 card of any resource or "
                      "a Road card.", S.ROLL_FIRST)
    if ph == IMMEDIATE_PLAY:
        return reject("play_immediately", "The Mission Card just bought must be played immediately.",
                      S.MISSIONS_IMMEDIATE)
    if ph == PROTECT:
        return _protection_first(state)
    if kind == A.ROLL:
        return reject("rolled", "The die is rolled once, at the start of the turn.", S.ROLL_FIRST)
    if kind == A.PROTECT:
        return reject("no_attack", "Protection answers an Aggressive Mission Card played against you.",
                      S.CARDS["protection"])
    return reject("not_now", "That is not done now.", S.DIE)


def _check_roll(state: State, action: Action) -> Rejection | None:
    return None


def _check_correct_roll(state: State, action: Action) -> Rejection | None:
    base = state.before_roll
    if base is None:
        return reject("nothing_to_correct", "Only the most recent action can be corrected, and it was not a roll.",
                      S.ROLL_FIRST)
    roller = base.roller if base.phase == ROLLOFF else base.current
    if action.seat is not None and action.seat != roller:
        return reject("not_your_roll", f"The roll was {base.seats[roller].name}'s.", S.ROLL_FIRST)
    if action.args["face"] == state.rolled:
        return reject("same_face", "The roll was entered with that face already: nothing to fix.", S.ROLL_FIRST)
    return None


def _check_rob(state: State, action: Action) -> Rejection | None:
    victim = action.args["victim"]
    seat = state.current
    if victim == seat or victim >= len(state.seats):
        return reject("bad_victim", "Draw from an opponent.", S.DIE)
    if state.rob_victim >= 0 and victim != state.rob_victim:
        return reject("bad_victim", f"The cards are drawn from {state.seats[state.rob_victim].name}.",
                      S.CARDS["grand_theft"])
    cards = state.colonies[victim].cards
    res = action.args.get("resource")
    name = state.seats[victim].name
    if res is None:
        if any(cards):
            return reject("which_card", f"{name} holds Resource cards: say which type was drawn.", S.DIE)
        return None
    if not cards[RESOURCES.index(res)]:
        return reject("no_such_card", f"{name} holds no {res.capitalize()} card; Resource Tokens and Road cards "
                      "cannot be stolen.", S.TOKENS_SAFE)
    return None


def _check_take(state: State, action: Action) -> Rejection | None:
    if action.args["resource"] == ROAD_CARD:
        if state.colonies[state.current].roads >= MAX_ROAD_CARDS:
            return reject("road_cards_max", "No player can have more than 3 Road cards: take a resource.",
                          S.ROAD_CARDS_MAX)
        return _bank_road_problem(state)
    return None


def _bank_road_problem(state: State) -> Rejection | None:
    """The bank has no Road card left (2.1: the bank's Road cards are counted, see :mod:`.bank`)."""
    if can_give_road(state):
        return None
    return reject("bank_no_road", f"The bank has none of its {state.box[BANK_ROAD]} Road cards left: they are "
                  "all in the players' hands.", S.BANK)


def _check_trade(state: State, action: Action) -> Rejection | None:
    c = state.colonies[action.seat]
    give, get = action.args["give"], action.args["get"]
    if give == get:
        return reject("same_kind", "Trade for a resource of another kind.", S.TRADE_OTHER_KIND)
    n = rate(c)
    if value(c, RESOURCES.index(give)) < n:
        have = value(c, RESOURCES.index(give))
        return reject("cannot_afford", f"A trade at your rate costs {n} {give.capitalize()}: "
                      f"{n - have} {give.capitalize()} short.", S.TRADE)
    if get == ROAD_CARD:
        if c.roads >= MAX_ROAD_CARDS:
            return reject("road_cards_max", "No player can have more than 3 Road cards.", S.ROAD_CARDS_MAX)
        return _bank_road_problem(state)
    return None


def _check_to_token(state: State, action: Action) -> Rejection | None:
    seat = action.seat
    r = RESOURCES.index(action.args["resource"])
    size = action.args["token"]
    if seat != state.current and state.produced != r:
        return reject("off_turn_type", "When it is not your turn you may only change cards of the type just "
                      "produced.", S.FAQ_OFF_TURN)
    if state.colonies[seat].cards[r] < size:
        return reject("too_few_cards", f"A ({size}) token takes {size} {RESOURCE_NAMES[r]} cards: "
                      f"{size - state.colonies[seat].cards[r]} {RESOURCE_NAMES[r]} short.", S.TOKENS)
    return None


def _check_to_cards(state: State, action: Action) -> Rejection | None:
    c = state.colonies[action.seat]
    r = RESOURCES.index(action.args["resource"])
    size = action.args["token"]
    if not (c.tok3 if size == 3 else c.tok8)[r]:
        return reject("no_token", f"You hold no ({size}) {RESOURCE_NAMES[r]} token.", S.TOKENS)
    if state.bank[r] < size:
        return reject("bank_short", f"The bank has only {state.bank[r]} {RESOURCE_NAMES[r]} cards: not enough to "
                      f"change a ({size}) token back.", S.BANK)
    return None


def _base_problem(state: State, seat: int, base: int | None, section: str) -> Rejection | None:
    c = state.colonies[seat]
    if base is not None and base > c.bases:
        return reject("no_base", f"Base {base} is not standing: build around your Bases 1 to {c.bases}.", section)
    return None


def _room_problem(state: State, seat: int, base: int | None, section: str, what: str) -> Rejection | None:
    """A Station or Laboratory (``what``) attached to ``seat``'s Base ``base`` (None: the newest) when every
    spot around that Base is taken (:func:`~.model.spots_taken`, 3.6.2): "No free spot around Base 1: its 8
    intersections (straight and diagonally) hold 6 Stations and Base 2. A Station can go next to Base 2." """
    c = state.colonies[seat]
    k = c.bases if base is None else base
    if has_room(c, k):
        return None
    others = [j for j in roomy_bases(c) if j != k]
    where = f" {what} can go next to Base {' or '.join(map(str, others))}." if others else \
        " Your other Bases have no free spot either." if c.bases > 1 else ""
    return reject("base_full", f"No free spot around Base {k}: its {SPOTS_AROUND_BASE} intersections (straight "
                  f"and diagonally) hold {_around(c, k)}.{where}", section)


def _around(c: Colony, k: int) -> str:
    """What takes the spots around ``c``'s Base ``k``: "5 Stations, the (3) Laboratory, Base 1 and Base 3"."""
    parts = []
    stations = sum(1 for s in c.stations if s[2] == k)
    if stations:
        parts.append(count(stations, "Station"))
    labs = [size for size, at in ((3, c.lab3), (2, c.lab2)) if at == k]
    if labs:
        parts.append("both Laboratories" if len(labs) == 2 else f"the ({labs[0]}) Laboratory")
    parts += [f"Base {j}" for j in (k - 1, k + 1) if 1 <= j <= c.bases]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def _cost_problem(state: State, seat: int, cost: tuple[int, int, int], what: str,
                  section: str = S.COSTS) -> Rejection | None:
    """"The H2O Station costs 8 Air, 8 Food, 8 Minerals: 1 Minerals short." when
    ``seat`` cannot pay ``cost`` with cards and tokens (3.6, 3.8.1); what is
    missing is named by resource. Cites ``section``: the Building Costs table
    at the end of 3.6 (its dialog shows the prices), or a citation joining it."""
    c = state.colonies[seat]
    if affords(c, cost):
        return None
    short = ", ".join(f"{n - value(c, r)} {RESOURCE_NAMES[r]}" for r, n in enumerate(cost) if value(c, r) < n)
    return reject("cannot_afford", f"{what} costs {price_text(cost)}: {short} short.", section)


def _check_build_station(state: State, action: Action) -> Rejection | None:
    """A Station next to a standing Base of the player (3.6.3 "You can build Resource Stations and
    Laboratories around your bases"), from the 5 tokens of its type (2.2), for its printed cost.

    The spot (3.6.2 "the intersections of the coordinate lines", 3.9.3 "any free spot") is the players'
    check: the app models no board (issue 8, MA-01). What the text alone decides is refused: a Base whose 8
    spots around it are certainly all taken (:func:`~.model.spots_taken`: what is attached to it and the Bases
    next to it in the chain) takes no more, said after the price (a player who cannot pay learns that first).
    Laboratories (:func:`_check_build_lab`) are placed the same way.
    """
    seat = action.seat
    r = RESOURCES.index(action.args["resource"])
    if not state.colonies[seat].supply[r]:
        return reject("no_token_left", f"All 5 of your {STATION_NAMES[r]} Stations are on the map.",
                      S.COMPONENTS_TOKENS)
    return (_base_problem(state, seat, action.args.get("base"), S.BUILDING)
            or _cost_problem(state, seat, STATION_COST[r], a(f"{STATION_NAMES[r]} Station"))
            or _room_problem(state, seat, action.args.get("base"), S.BUILDING_AROUND, "A Station"))


def _check_build_base(state: State, action: Action) -> Rejection | None:
    """A Base on a free spot, or over a Resource Station the player controls (``over``).

    7. F.A.Q., Q.2: "I accidentally built two Resource Stations around my First Base, blocked myself and now I
    have nowhere to build my second Base. A: You are allowed to build a Base over any Resource Station you own."
    3.6.2: "Always build new bases next to each other."

    Q.3: "You have to build a new Base straight or diagonally towards the North Pole."

    Decision (MA-20 kept): Q.2 is the way out when you have blocked yourself, and 3.6.2 says where a Base goes;
    whether a player is blocked is a fact of the board, which the app does not model (MA-01). So the app
    allows the Base over an own Station whenever a Base may be built, and leaves "blocked" to the players; the
    screen offers it as a separate choice, after "a free spot", and asks "This removes your X Station at
    Base k with no refund: sure?" (for a Station built this turn, that its price comes back: Q.2 withholds the
    refund only "if you have done this on one of your previous turns", :func:`~.model.refund`; this replaces
    MA-20's "the player uses undo to get the refund") before doing it. What the chain model does know is
    refused: Base k+1 is one ring further in than Base k, next to it (3.6.2, Q.3), so only a Station attached
    to the newest standing
    Base (or to a Base beyond it that Armageddon destroyed) can be on its spot; one at an older Base is at
    least one ring too far out (:func:`~.model.base_over_spots`). And when the 8 spots around the newest Base
    are all taken (:func:`~.model.spots_taken`, 3.6.2), the next Base goes only over one of the Stations
    attached to it: that is the way out Q.2 gives.
    """
    seat = action.seat
    c = state.colonies[seat]
    if c.bases >= BASES:
        return reject("no_token_left", "All 5 of your Bases are on the map.", S.COMPONENTS_TOKENS)
    over = action.args.get("over")
    if over is not None and over >= len(c.stations):
        return reject("no_station", "A Base may be built over a Resource Station you own; you own no such Station.",
                      S.FAQ_BASE_OVER_STATION)
    if over is not None and over not in base_over_spots(c):
        r, _, k = c.stations[over]
        return reject("not_next_to_newest_base",
                      f"Base {c.bases + 1} goes next to Base {c.bases}, one step towards the North Pole; your "
                      f"{STATION_NAMES[r]} Station at Base {k} is not on such a spot.", S.BUILDING)
    problem = _cost_problem(state, seat, BASE_COST, "A Base")   # the price first, as for a Station
    if problem is None and not has_room(c, c.bases) and (over is None or c.stations[over][2] != c.bases):
        # Base k+1 goes on a spot around Base k (3.6.2), all taken: only over a Station of those (Q.2), whose
        # spot it takes; a Station attached to a destroyed Base beyond would have to be a spot more around it
        return reject("base_full", f"Base {c.bases + 1} goes next to Base {c.bases}, and the "
                      f"{SPOTS_AROUND_BASE} intersections around Base {c.bases} (straight and diagonally) hold "
                      f"{_around(c, c.bases)}: build it over one of your Stations at Base {c.bases}.",
                      S.BASE_BLOCKED)
    return problem



def _check_build_lab(state: State, action: Action) -> Rejection | None:
    seat = action.seat
    if state.colonies[seat].lab2:
        return reject("no_token_left", "Both your Laboratories, (3) and (2), are on the map.", S.COMPONENTS_TOKENS)
    return (_base_problem(state, seat, action.args.get("base"), S.BUILDING)
            or _cost_problem(state, seat, LAB_COST, "A Laboratory",
                             S.LAB2_COSTS if state.colonies[seat].lab3 else S.COSTS)
            or _room_problem(state, seat, action.args.get("base"), S.BUILDING_AROUND, "A Laboratory"))


def _check_build_road(state: State, action: Action) -> Rejection | None:
    c = state.colonies[action.seat]
    if c.road:
        return reject("road_built", "Each player builds the Road only once.", S.ROAD_ONCE)
    if c.bases < BASES:
        # the project's reading (README, issue 8): "last" is the fifth, since the H2O Station at the Road's
        # end needs 5 Bases; said with both rules (3.10.2 alone reads as allowed with 1 Base: a tester)
        return reject("road_needs_fifth_base", "The Road is built from Base 5: 3.10.2 says \"from your last "
                      "Base\", and the H2O Station at the Road's end needs 5 Bases (3.12.2); you have "
                      f"{count(c.bases, 'Base')}.", S.ROAD_FROM_FIFTH_BASE)
    if c.roads < ROAD_COST:
        return reject("road_cards", f"A Road takes {ROAD_COST} Road cards; you have {c.roads}: "
                      f"{ROAD_COST - c.roads} short.", S.ROAD_CARDS_SHORT)
    return None


def _check_build_h2o(state: State, action: Action) -> Rejection | None:
    c = state.colonies[action.seat]
    if c.bases < BASES or not road_active(c):
        road = "no Road" if not c.road else "a Road, not working until Base 5 stands again (3.10.4)" \
            if c.bases < BASES else "a Road"   # after an Armageddon: said, a tester read "a Road" as enough
        return reject("h2o_needs", f"The H2O Station needs 5 Bases and a Road through the polar ice cap; you have "
                      f"{count(c.bases, 'Base')} and {road}.", S.H2O_NEEDS)
    return _cost_problem(state, action.seat, H2O_COST, "The H2O Station")


def _check_buy(state: State, action: Action) -> Rejection | None:
    deck = DECKS.index(action.args["deck"])
    if state.bought:
        return reject("bought", "Only one Mission Card may be bought per turn.", S.MISSIONS_ONE_EACH)
    if state.pile[deck] == 0 and not any(n for n, d in zip(state.used, MISSION_DECK) if d == deck):
        return reject("pile_empty", f"Every {action.args['deck'].capitalize()} Mission Card is in a player's hand.",
                      S.MISSIONS_REUSE)
    if action.args["immediate"]:
        if not any(k in IMMEDIATE and MISSION_DECK[MISSION_INDEX[k]] == deck for k in IMMEDIATE):
            return reject("not_immediate", "No Peaceful Mission Card has to be played immediately.", S.PEACEFUL)
        # an empty pile is the used cards shuffled (4.0.4 "If you run out of Mission Cards you can use the
        # previously used ones again"): both Armageddons are back in it, and the top card may be one
        if not deck_unplayed(state, ARMAGEDDON) and state.pile[deck]:
            return reject("not_immediate", "Both Armageddon cards are in the used pile.", S.CARDS["armageddon"])
    return _cost_problem(state, action.seat, MISSION_COST[deck], a(f"{action.args['deck'].capitalize()} Mission"))


#: The choices each Mission kind takes (required, optional), besides ``card``.
PLAY_FIELDS = {
    "build": ({"resource"}, {"base"}), "assistance": ({"take"}, set()), "resource": (set(), set()),
    "laboratory": (set(), {"base"}), "productivity": ({"resource"}, set()), "protection": (set(), set()),
    "crimean": ({"target", "station"}, {"base"}), "sabotage": ({"target", "station"}, set()),
    "grand_theft": ({"target"}, set()), "capture": ({"target"}, set()), "black_friday": ({"resource"}, set()),
    "armageddon": (set(), set()),
}


def _checked_play(state: State, action: Action) -> Rejection | None:
    """:func:`_check_play` outside the phase table (the Productivity Mission at any time)."""
    try:
        return _check_play(state, action)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        return reject("malformed", f"That move is incomplete or malformed: {exc}.", S.MAY_DO)


def _check_play(state: State, action: Action) -> Rejection | None:
    seat = action.seat
    args = action.args
    card = args["card"]
    kind = MISSION_INDEX[card]
    deck = MISSION_DECK[kind]
    c = state.colonies[seat]
    section = S.CARDS[card]
    if state.phase == IMMEDIATE_PLAY and (card != "productivity" or seat == state.current):
        # only another player's Productivity ("at any time", 4.1) may come before it: the buyer plays it now
        if card not in IMMEDIATE:
            return reject("play_immediately", "The card just bought says to play it immediately: it is the "
                          "Armageddon Mission.", S.MISSIONS_IMMEDIATE)
    elif card in IMMEDIATE:
        return reject("armageddon_immediate", "Armageddon is played the moment it is bought; it is never kept.",
                      S.CARDS["armageddon"])
    swap = card == "laboratory" and labs_built(c)
    # 4.0.2: one per turn, the player's own; a play-immediately card is resolved all the same (MA-23)
    if state.played and seat == state.current and not swap and card not in IMMEDIATE:
        return reject("played", "Only one Mission Card may be played per turn.", S.MISSIONS_ONE_EACH)
    if c.captured:  # only the Productivity Mission can come off turn
        return reject("captured", f"{state.seats[seat].name} is Captured and receives no resources until their "
                      "turn comes round again.", S.CARDS["capture"])
    if not (c.aggressive if deck else c.peaceful):  # of neither kind: said so (not "no Peaceful" alone)
        kind_words = f"{('Peaceful', 'Aggressive')[deck]} " if c.aggressive or c.peaceful else ""
        return reject("no_card", f"You hold no {kind_words}Mission Card.", S.MISSIONS)
    if not deck_unplayed(state, kind):
        return reject("all_used", _all_used(card), S.MISSIONS)
    need, may = PLAY_FIELDS[card]
    given = set(args) - {"card"}
    if not need <= given or not given <= need | may:
        want = ", ".join(sorted(need)) or "no choice"
        return reject("bad_choice", f"The {card.replace('_', ' ')} card takes {want}"
                      + (f" (and optionally {', '.join(sorted(may))})" if may else "") + ".", section)
    return _PLAY_CHECKS.get(card, _no_check)(state, seat, args)


def _no_check(state: State, seat: int, args: dict) -> Rejection | None:
    return None


def _check_build_mission(state: State, seat: int, args: dict) -> Rejection | None:
    r = RESOURCES.index(args["resource"])
    if not state.colonies[seat].supply[r]:
        return reject("no_token_left", f"No free {STATION_NAMES[r]} Station left: save this card for later.",
                      S.CARDS["build"])
    return (_base_problem(state, seat, args.get("base"), S.CARDS["build"])
            or _room_problem(state, seat, args.get("base"), S.FULL_BASE_CARDS["build"], "The Station"))


def _check_laboratory_mission(state: State, seat: int, args: dict) -> Rejection | None:
    if labs_built(state.colonies[seat]):  # exchanged for another Peaceful card (4.1): nothing is placed
        return _base_problem(state, seat, args.get("base"), S.CARDS["laboratory"])
    return (_base_problem(state, seat, args.get("base"), S.CARDS["laboratory"])
            or _room_problem(state, seat, args.get("base"), S.FULL_BASE_CARDS["laboratory"], "The Laboratory"))


def _check_protection(state: State, seat: int, args: dict) -> Rejection | None:
    return reject("protection_reaction", "Protection is used when an opponent plays an Aggressive Mission Card "
                  "against you.", S.CARDS["protection"])


def _target_problem(state: State, seat: int, args: dict) -> Rejection | None:
    t = args["target"]
    section = S.CARDS[args["card"]]
    if t == seat or t >= len(state.seats):
        return reject("bad_target", "Choose an opponent.", section)
    if "station" in args and args["station"] >= len(state.colonies[t].stations):
        return reject("no_station", f"{state.seats[t].name} has no such Resource Station.", section)
    if args["card"] == "crimean":  # the stolen Station goes "next to one of your bases": a free spot there
        return (_base_problem(state, seat, args.get("base"), section)
                or _room_problem(state, seat, args.get("base"), S.FULL_BASE_CARDS["crimean"], "The Station"))
    return _base_problem(state, seat, args.get("base"), section)


_PLAY_CHECKS = {"build": _check_build_mission, "laboratory": _check_laboratory_mission,
                "protection": _check_protection, "crimean": _target_problem, "sabotage": _target_problem,
                "grand_theft": _target_problem, "capture": _target_problem}


def _check_protect(state: State, action: Action) -> Rejection | None:
    if action.args["use"] and not may_protect(state, action.seat):
        return reject("no_protection", "You hold no Peaceful card that could be the Protection Mission.",
                      S.CARDS["protection"])
    return None


def _ok(state: State, action: Action) -> Rejection | None:
    return None


_CHECKS = {
    A.ROLL: _check_roll, A.CORRECT_ROLL: _check_correct_roll, A.ROB: _check_rob, A.TAKE: _check_take,
    A.TRADE: _check_trade, A.TO_TOKEN: _check_to_token, A.TO_CARDS: _check_to_cards,
    A.BUILD_STATION: _check_build_station, A.BUILD_BASE: _check_build_base, A.BUILD_LAB: _check_build_lab,
    A.BUILD_ROAD: _check_build_road, A.BUILD_H2O: _check_build_h2o, A.BUY: _check_buy, A.PLAY: _check_play,
    A.PROTECT: _check_protect, A.DONE: _ok,
}


def _all_used(card: str) -> str:
    """The refusal of a Mission Card whose every copy is in the used pile, by its printed name (4.1; a table test
    read "Every grand theft card is in the used pile."): "The Protection Mission card is ...", "Both Capture
    Mission cards are ...", "Every Build Mission card is ..."."""
    c = next(m for m in A.MISSION_CARDS if m["id"] == card)
    name = c["name"]
    return {1: f"The {name} card is", 2: f"Both {name} cards are"}.get(c["count"], f"Every {name} card is") + \
        " in the used pile."
