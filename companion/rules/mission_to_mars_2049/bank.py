"""Mission to Mars 2049: the Game Bank's stock of Resource cards and Road cards.

2.1 The Game Bank: "The Game Bank is where you pay for everything you buy in
the game, where resources are received after your stations produce them, and
where you can trade resources." So every card a player gains or pays moves
between their hand and the bank (``State.bank``), except the blind draws of a
Robbery or a Grand Theft, which move from hand to hand; bank + every hand ==
the box (``State.box``, see :data:`.model.BANK_BOX`), which ``invariants``
checks. Resource Tokens are not counted by the rulebook: they are not tracked.

When the bank cannot pay everybody, 7. F.A.Q. Q.4 applies: "if the Game Bank
runs out of Resource Cards you are obliged to exchange at least half of your
Resource Cards to Resource Tokens (immediately)". Decisions (MA-05, MA-06):

- The bank pays in turn order, starting with the player whose turn it is,
  while it has cards. When it runs out, every player holding 3 or more cards
  of that resource changes the smallest sum of 3s and 8s that is at least
  half of them (:func:`.wallet.forced_exchange`; only the resource the bank
  ran out of: changing other cards would not refill it), which puts those
  cards back in the bank; then it pays the rest in the same order.
- If it is still short, the players not paid in full receive what is left,
  and the events say who receives how much less. For a roll, its production
  line comes after the exchange (which happens inside the roll's payment) and
  says what each player received and who was paid less.

:func:`new_game` takes a box of at least ``2 * players + 1`` cards of each
resource (MA-05's counts), so whenever the bank has none of a resource the
hands hold more than 2 each on average: someone must change 3 or more, and
a single card (a Discovery, a trade) can always be paid.
"""
from __future__ import annotations

from typing import Any

from ..contract import fast_event as Event
from .model import BANK_ROAD, RESOURCE_NAMES, RESOURCES, Colony, State, replace
from .wallet import forced_exchange


def article(word: str) -> str:
    """``"an Air"``, ``"a Food"``: the indefinite article a word takes (by its first letter)."""
    first = word.lstrip("(")[:1].lower()
    return ("an " if first in "aeiou8" else "a ") + word


def tokens_text(threes: int, eights: int) -> str:
    """``"a (3) token"``, ``"2 (3) tokens and an (8) token"``: only the sizes there are."""
    parts = [(article(f"({size}) token") if n == 1 else f"{n} ({size}) tokens")
             for n, size in ((threes, 3), (eights, 8)) if n]
    return " and ".join(parts) or "no token"


def settle(state: State, seat: int, new: Colony, events: list[Event], **extra: Any) -> State:
    """``state`` with seat ``seat``'s colony become ``new``: the Resource cards
    and Road cards it gained came from the bank, those it paid went to it
    (see :func:`settle_all`, which this is, made fast for one seat); ``extra``:
    other fields of the state changed in the same copy."""
    o = state.colonies[seat]
    a, oa = new.cards, o.cards
    b0, b1, b2, b3 = state.bank
    b0 -= a[0] - oa[0]
    b1 -= a[1] - oa[1]
    b2 -= a[2] - oa[2]
    if b0 < 0 or b1 < 0 or b2 < 0:
        done = settle_all(state, {seat: new}, events)
        return replace(done, **extra) if extra else done
    cols = list(state.colonies)
    cols[seat] = new
    return replace(state, colonies=tuple(cols), bank=(b0, b1, b2, b3 - (new.roads - o.roads)), **extra)


def settle_all(state: State, news: dict[int, Colony], events: list[Event], short: dict[int, int] | None = None,
               cause: str = "") -> State:
    """``state`` with each seat ``i`` of ``news`` holding ``news[i]`` (what it
    would hold once paid), the difference in cards moved to and from the bank.
    A bank short of a resource pays as the module docstring says (Q.4), with an
    event for each forced exchange and each shortfall. Road cards are never
    short: ``check`` refuses a Road card the bank does not have.

    ``short``: when given, it receives ``{seat: cards not paid}`` of the seats paid
    less, and no shortfall event is made (the caller says it, in its own event:
    a roll's production line, :func:`.engine._produce`); ``cause``: the words
    the bank-out event starts with ("Air rolled": "Air rolled and the bank has
    run out of Air cards: ...")."""
    old = state.colonies
    b0, b1, b2, b3 = state.bank
    cols = list(old)
    for i, c in news.items():
        o = old[i]
        a, oa = c.cards, o.cards
        b0 -= a[0] - oa[0]
        b1 -= a[1] - oa[1]
        b2 -= a[2] - oa[2]
        b3 -= c.roads - o.roads
        cols[i] = c
    bank = [b0, b1, b2, b3]
    for r in (0, 1, 2):
        if bank[r] < 0:
            bank[r] = _short(state, cols, r, bank[r], events, short, cause)
    return replace(state, colonies=tuple(cols), bank=tuple(bank))


def _short(state: State, cols: list[Colony], r: int, balance: int, events: list[Event],
           unpaid: dict[int, int] | None = None, cause: str = "") -> int:
    """The bank owes more of resource ``r`` than it holds (``balance`` < 0 once
    everything owed is counted out): pay in turn order from the current player,
    Q.4's forced exchange when it runs out, then the rest; ``cols`` is changed
    in place. Returns the cards of ``r`` left in the bank. The seats paid less
    go into ``unpaid`` when it is given (then the caller says it), else into a
    "bank_short" event; ``cause`` starts the "bank_out" event's sentence."""
    old = state.colonies
    n = len(cols)
    order = [(state.current + k) % n for k in range(n)]
    owed = {i: cols[i].cards[r] - old[i].cards[r] for i in order if cols[i].cards[r] > old[i].cards[r]}
    to_pay = sum(owed.values())
    left = held = balance + to_pay  # what the bank holds once the payments to it are in
    for i in owed:  # the bank takes back what it cannot pay yet
        cols[i] = _with_cards(cols[i], r, old[i].cards[r])
    left = _pay(cols, owed, r, left)
    name = RESOURCE_NAMES[r]
    changes = []
    for i in order:
        a, b = forced_exchange(cols[i].cards[r])
        if a or b:
            c = cols[i]
            t3, t8 = list(c.tok3), list(c.tok8)
            t3[r] += a
            t8[r] += b
            cols[i] = replace(_with_cards(c, r, c.cards[r] - 3 * a - 8 * b), tok3=tuple(t3), tok8=tuple(t8))
            left += 3 * a + 8 * b
            changes.append(f"{state.seats[i].name} changes {3 * a + 8 * b} {name} cards into {tokens_text(a, b)}")
    events.append(Event("bank_out", out_text(cause, name, held, to_pay, changes), {"resource": RESOURCES[r]}))
    left = _pay(cols, owed, r, left)
    short = [f"{state.seats[i].name} receives {n} less" for i, n in owed.items() if n]
    if unpaid is not None:
        unpaid.update((i, n) for i, n in owed.items() if n)
    elif short:
        events.append(Event("bank_short", f"The bank is still short of {name} cards: " + ", ".join(short),
                            {"resource": RESOURCES[r], "short": [[i, n] for i, n in owed.items() if n]}))
    return left


def out_text(cause: str, name: str, held: int, to_pay: int, changes: list[str]) -> str:
    """The bank-out event's words (7. F.A.Q. Q.4): how many cards of resource ``name`` the bank has for how
    many it must pay, who changed what (``changes``: "Red changes 3 Air cards into a (3) token"), then the
    rule; or that nobody holds enough to change. ``cause``: what is paid ("Air rolled"), or "". A
    tester's finding: "The bank has run out of Air cards: everyone changes at least half of theirs ...
    Nobody holds 3 or more Air cards." said neither how short the bank was nor who must change."""
    has = f"has no {name} cards left" if held == 0 else f"has only {held} {name} card{'s' if held != 1 else ''}"
    lead = f"{cause}, but the bank {has}" if cause else f"The bank {has}"
    lead += f" for the {to_pay} it must pay"
    if not changes:
        return f"{lead}, and nobody holds 3 or more {name} cards to change into Resource Tokens (Q.4)."
    return (f"{lead}: " + "; ".join(changes)  # who changed what first: the start a screen has room for
            + f". Whoever holds 3 or more {name} cards changes at least half of them into Resource Tokens (Q.4).")


def _pay(cols: list[Colony], owed: dict[int, int], r: int, left: int) -> int:
    """Pay ``owed`` cards of ``r`` in its order while ``left`` lasts; ``owed``
    and ``cols`` are changed in place. Returns what is left."""
    for i, n in owed.items():
        paid = min(n, left)
        if paid:
            cols[i] = _with_cards(cols[i], r, cols[i].cards[r] + paid)
            owed[i] = n - paid
            left -= paid
    return left


def _with_cards(c: Colony, r: int, n: int) -> Colony:
    cards = list(c.cards)
    cards[r] = n
    return replace(c, cards=tuple(cards))


def can_give_road(state: State) -> bool:
    """The bank has a Road card to give (2.1)."""
    return state.bank[BANK_ROAD] > 0
