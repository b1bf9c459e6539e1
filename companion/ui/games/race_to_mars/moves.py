"""Race to Mars: words for a legal move, and asking which one (paged dialogs).

Every option offered is a legal action (from ``legal_actions``) or checked
with the rules' ``check`` before it is offered, so a tap never meets a
refusal it could have avoided.
"""
from __future__ import annotations

import re

from collections.abc import Callable, Sequence
from typing import Any

from companion.rules.contract import Action

from ...chooser import FIRST_PAGE, MORE
from ...widgets import Greyed
from . import facts
from .words import count, res

PAGE = 8  # at most this many moves a page of a dialog (fewer when the screen has no room)


def page_size(app: Any, title: str, labels: Sequence[str], lines: Sequence[str] | None = None,
              dense: bool = False, most: int = PAGE) -> int:
    """How many of ``labels`` one page of the shell's dialog shows whole on
    this screen, leaving room for "More\u2026" and Cancel
    (:func:`companion.ui.screens.chrome.dialog_room`; ``dense``: labels shrunk or on two lines where that
    gives more columns); at most ``most`` (:data:`PAGE`)."""
    from companion.ui.screens.chrome import dialog_room
    return max(1, min(most, dialog_room(app.layout, title, list(labels), list(lines or ()), dense=dense)))


def pages_of(app: Any, title: str, labels: Sequence[str], lines: Sequence[str] | None = None,
             dense: bool = False, most: int = PAGE) -> tuple[int, int]:
    """``(per page, pages)`` of a paged dialog of ``labels`` (:func:`page_size`, room kept for the title's
    page number, :func:`paged_title`)."""
    per = page_size(app, paged_title(title, 8, 9), labels, lines, dense, most)
    return per, max(1, -(-len(labels) // per))


def paged_title(title: str, page: int, pages: int) -> str:
    """``title`` with which page of how many it shows ("Anna plays which card? (2 of 4)", never broken over
    two lines); as it is on one page."""
    return f"{title} ({page + 1}\u00a0of\u00a0{pages})" if pages > 1 else title


def page_turns(page: int, pages: int, turn: Callable[[int], object]) -> list[tuple[str, Callable[[], object]]]:
    """The last button of a page: "More\u2026" to the next (``turn(page + 1)``), on the last page "First page"
    back to the first (a move passed by was a Cancel and every page again away), none on a single page."""
    if page < pages - 1:
        return [(MORE, lambda: turn(page + 1))]
    return [(FIRST_PAGE, lambda: turn(0))] if pages > 1 else []


def describe(app: Any, a: Action, short: bool = False, state: Any = None) -> str:
    """One line for a legal action of a Post-launch player (``short``: fewer
    words, for a narrow button: modules by number only, sources in brief), in ``state`` (default: the state
    shown; Undo and Redo give the state the move was made in: a module's number names another card after it)."""
    state = app.state if state is None else state
    p = facts.player(state, a.seat) if a.seat is not None else None
    args = a.args
    k = a.kind
    mods = p.modules if p is not None else ()

    def mod(i: int) -> str:
        return f"module {i + 1} ({mods[i].name})" if i < len(mods) and not short else f"module {i + 1}"

    if k == "copy_module":
        return f"Module {args['module'] + 1} copies the one {args['side']}"
    if k == "double_module":
        return f"Use {mod(args['module'])} twice this turn"
    if k == "jettison_storage":  # a Copy module copying a Storage module may be jettisoned as one (RM-166)
        i = args["module"]
        copy = i < len(mods) and mods[i].copy
        return f"Jettison {mod(i)}, copying Storage" if copy else f"Jettison Storage {mod(i)}"
    if k == "free_advance":
        from companion.rules.race_to_mars.rocket import free_advance
        return f"Jettison {mod(args['module'])}: {free_advance(p, args['module'])} free spaces"
    if k == "jettison_module":
        return f"Jettison {mod(args['module'])}"
    if k == "jettison_crew":
        if args["zone"] == "none":
            return "Nothing to jettison"
        return f"{args['card']} ({args['zone'].replace('play', 'play area')})"
    if k == "exchange":
        return f"{args['card']} \u2192 1 Experience"
    if k == "insight":
        ins = state.insights[args["which"]]
        from companion.rules.race_to_mars.post import insight_cost
        t = args.get("target")
        from .words import INSIGHT_LABEL
        if t:  # the dialog's title names the Insight
            return f"{t['card']} ({t['zone']})"
        if "lane" in args:   # the dialog's title names the Insight and asks which trajectory
            who = [state.names[q.seat] for q in state.players if q.pad == args["lane"]]   # on it now
            return f"Trajectory {args['lane'] + 1}" + (f" ({', '.join(who)}'s)" if who and not short else "")
        if "colour" in args:   # ... and which colour its protection covers
            return f"{args['colour'].capitalize()} hazards"
        if "cost" in args:  # not entered: the cost printed on the card, asked (Headquarters 3 spends one less)
            spent = insight_cost(p, ins, args["cost"])
            return f"Printed {args['cost']} XP" + ("" if spent == args["cost"] else f", spends {spent}")
        if short:
            return f"{ins.name} ({insight_cost(p, ins)} XP)"
        what = ins.text if ins.effect == "other" and ins.text else INSIGHT_LABEL.get(ins.effect, ins.effect)
        return f"{ins.name}: {what} ({insight_cost(p, ins)} XP)"
    if k == "advance" and short:
        return source_short(app, a.seat, args["source"], state) + (
            " + " + source_short(app, a.seat, args["pair"], state) if "pair" in args else "")
    if k == "advance":
        return source_text(app, a.seat, args["source"], state) + (
            " + " + source_text(app, a.seat, args["pair"], state) if "pair" in args else "")
    if k == "discard":
        keep = args["keep"]
        s = "Discard all" if keep == 0 else f"Keep {count(keep, 'card')}"
        return s + (f", {args['top']} on top" if "top" in args else "")
    if k == "play":
        what = args["card"] + (f" copying {args['copy']}" if "copy" in args else "")
        crew = facts.crew_ability(state, a.seat, args["card"])
        if crew is None or short or "copy" in args:
            return what
        from companion.rules.race_to_mars.cards import card_from

        from .words import brief
        return f"{what}: {brief({'crew': card_from(crew)}, 'crew')}"  # what it gives, to choose by
    if k == "play_boost":
        return "Play a Boost"
    if k == "done":
        return "Done"
    return k


def source_short(app: Any, seat: int, src: dict[str, Any], state: Any = None) -> str:
    """"Hull, module 1" / "Wild, played card" / "Boost": a source in a button's second line (in ``state``,
    default the state shown)."""
    from companion.rules.race_to_mars.rocket import source
    p = facts.player(app.state if state is None else state, seat)
    found = source(p, src["zone"], src["index"], src["slot"])
    from .words import SHORT
    r = SHORT.get(found[0], found[0]) if found else "?"
    if src["zone"] == "module":
        return f"{r}, module {src['index'] + 1}"
    return "a Boost" if p.play[src["index"]].crew is None else f"{r}, played card"


def source_text(app: Any, seat: int, src: dict[str, Any], state: Any = None) -> str:
    """"Fuel from module 2 (S004)" / "wild basic from S017" / "Boost" (in ``state``, default the state shown)."""
    from companion.rules.race_to_mars.rocket import source
    p = facts.player(app.state if state is None else state, seat)
    found = source(p, src["zone"], src["index"], src["slot"])
    r = res(found[0]) if found else "?"
    if src["zone"] == "module":
        return f"{r} from module {src['index'] + 1} ({p.modules[src['index']].name})"
    card = p.play[src["index"]]
    return "a Boost" if card.crew is None else f"{r} from {card.name}"


def pick_action(app: Any, title: str, actions: Sequence[Action], submit: Callable[[Action], object] | None = None,
                page: int = 0, lines: list[str] | None = None) -> None:
    """A dialog with one button per action (``describe``), paged; the tapped one is submitted."""
    actions = list(actions)
    if not actions:
        return
    if len(actions) == 1 and submit is None:
        app.submit(actions[0])
        return
    go = submit or app.submit

    def chosen(a: Action) -> None:
        app.close_dialog()
        go(a)
    per, pages = pages_of(app, title, [option_label(app, a) for a in actions], lines)
    shown = actions[page * per:(page + 1) * per]
    options = [(option_label(app, a), (lambda a=a: chosen(a))) for a in shown]
    options += page_turns(page, pages, lambda k: pick_action(app, title, actions, submit, k, lines))
    app.ask(paged_title(title, page, pages), options, lines=lines)


def option_label(app: Any, a: Action, dense: bool = False) -> str:
    """``describe(a)``, or its short form when it would not fit a dialog's
    button in one column (the widest a dialog gives), else that with modules by number alone
    ("Jettison 2, copying Storage": a portrait dialog cut "Jettison module 2, copying St…"). A card played
    keeps what it does ("C28: Fuel+Eng+Wild, draw 2"), on two lines, in fewer letters, where one is too
    narrow (a tester saw bare "C28", "C48" in portrait): its bare name only when nothing else fits.
    ``dense`` (a dialog with lines of text, in two columns where its labels fit them,
    :func:`ask_options`): the words whole in half the width where they fit, in fewer letters if need be."""
    from companion.ui.screens.chrome import option_fits
    short = describe(app, a, short=True)
    full = describe(app, a)
    forms = card_forms(full) if a.kind == "play" else [full]
    half = next((f for f in forms[:2] if option_fits(app.layout, f, 2, True)), None) if dense else None
    return half or dialog_label(app, forms + [short, re.sub(r"\bmodule (\d+)", r"\1", short)])


def card_forms(label: str) -> list[str]:
    """A card played and what it does ("C60: Vel+Hull+Wild+Comm, jettison 1, XP 1"), then in fewer letters
    ("C60: Vel+Hull+Wild+Comm,jett. 1,XP 1"), then with its last effects left to its "i" ("C60: Vel+Hull,
    ...,\u2026"), longest first: the dialog takes the first it shows whole, on one line or two."""
    name, _, what = label.partition(": ")
    if not what:
        return [label]
    tight = what.replace("jettison", "jett.").replace(" back from discard", " back").replace(", ", ",")
    parts = tight.split(",")
    return [label, f"{name}: {tight}"] + [f"{name}: {','.join(parts[:k])},\u2026" for k in range(len(parts) - 1, 0, -1)]


def dialog_label(app: Any, forms: Sequence[str]) -> str:
    """The first of ``forms`` (longest first) that a dialog's button shows whole in one column, on one line or
    on two (:func:`companion.ui.screens.chrome.option_fits`), else the last."""
    from companion.ui.screens.chrome import option_fits
    return next((f for f in forms if option_fits(app.layout, f)), forms[-1])


def ask_options(app: Any, title: str, options: list[tuple[str, Callable[[], object]]],
                lines: list[str] | None = None, page: int = 0, dense: bool = False, most: int = PAGE) -> None:
    """A dialog whose buttons close it before doing their thing (paged like :func:`pick_action`: the title says
    the page, "(2 of 4)", and the last page goes back to the first). ``dense``: as many a page as fit with
    their labels shrunk to the reading size or on two lines (a card's name over what it does), in more
    columns (:func:`companion.ui.screens.chrome.dialog_columns`); ``most``: at most this many a page."""
    per, pages = pages_of(app, title, [x for x, _ in options], lines, dense, most)
    shown = [(label, f if f is None or isinstance(f, Greyed) else (lambda f=f: (app.close_dialog(), f())))
             for label, f in options[page * per:(page + 1) * per]]   # None, Greyed: greyed, in place
    shown += page_turns(page, pages, lambda k: ask_options(app, title, options, lines, k, dense, most))
    app.ask(paged_title(title, page, pages), shown, lines=lines, dense=dense)


def card_choices(app: Any, seat: int, make: Callable[[dict[str, str]], Action]) -> list[Action]:
    """Every ``make(target)`` the rules' ``check`` admits, for each single card ``seat`` might jettison
    (``target``: ``{"zone": "hand" | "discard", "card": name}``; Asteroids, Boosts, then ``seat``'s Crew
    cards). ``legal_actions`` lists only the Asteroids for random playouts; a player may name any card
    (race-to-mars.txt "The Rocket", Storage; "Starting Cards", card 1)."""
    cards = ["Asteroid", "Boost", *facts.crew_names(app.state, seat)]
    trials = [make({"zone": z, "card": c}) for z in ("hand", "discard") for c in cards]
    return [a for a in trials if app.game.check(app.state, a) is None]


def storage_jettison(app: Any, action: Action) -> None:
    """Jettison a Storage module and up to three cards with it (race-to-mars.txt "The Rocket", Storage:
    "jettison ... this to jettison up to three cards from your hand and/or personal discard pile"): a
    dialog asks for the cards one at a time, each offered only when the rules admit it with those chosen
    before; "Jettison" submits, Cancel leaves everything as it was."""
    chosen = list(action.args["cards"])
    name = describe(app, action, short=True)   # the module by its number: the title keeps to two lines
    with_cards = Action(action.kind, {**action.args, "cards": chosen}, action.seat)
    options = [(f"Jettison with {count(len(chosen), 'card')}" if chosen else "Jettison, no cards",
                lambda: app.submit(with_cards))]
    if len(chosen) < 3:
        more = card_choices(app, action.seat, lambda t: Action(action.kind, {**action.args, "cards": chosen + [t]},
                                                                action.seat))
        options += [(f"+ {a.args['cards'][-1]['card']} ({a.args['cards'][-1]['zone']})",
                     lambda a=a: storage_jettison(app, a)) for a in more]
    lines = [f"Chosen: {', '.join(t['card'] + ' (' + t['zone'] + ')' for t in chosen) or 'none yet'}"]
    ask_options(app, f"{name}: up to 3 cards of your hand or discard pile go with it", options, lines=lines)


def rocket_moves(app: Any, title: str, actions: Sequence[Action]) -> None:
    """The dialog of a player's Rocket module moves (Copy modules, Headquarters 2's double use, Storage
    jettisons): always a dialog with Cancel, even for one move, since a jettison cannot be undone at the
    table; a Storage jettison then asks for its cards (:func:`storage_jettison`)."""
    def go(a: Action) -> None:
        if a.kind == "jettison_storage":
            storage_jettison(app, a)
        else:
            app.submit(a)
    pick_action(app, title, actions, submit=go)


def rocket_summary(actions: Sequence[Action]) -> str:
    """The kinds of Rocket module moves in ``actions``, for a button's second line ("copy, storage")."""
    words = {"copy_module": "copy", "double_module": "use twice", "jettison_storage": "storage"}
    return ", ".join(dict.fromkeys(words[a.kind] for a in actions if a.kind in words))


__all__ = ["ask_options", "card_choices", "card_forms", "describe", "dialog_label", "pick_action", "rocket_moves",
           "rocket_summary", "source_text", "storage_jettison"]
