"""Mission to Mars 2049: the resources' cells of a player panel ("A 4+3t"): the forms a resource's cards and
Resource Tokens may take, which a row's cells take in the room they have, and the drawing of one."""
from __future__ import annotations

import pygame

from ... import layout as L
from ... import text
from ...widgets import DIM, FG, INFO, Ui


Form = tuple[str, str, int, bool, int]   # a form of _forms: (how, words, size, bold, width in pixels)


def _forms(ui: Ui, cards: int, tokens: int) -> list[Form]:
    """The ways to draw one resource's ``cards`` and ``tokens`` (what its Resource Tokens are worth), best first,
    each narrower than the ones before it: ``(how, words, size, bold, width in pixels)`` without the letter.
    ``how``: ``"beside"`` the cards as a key number, ``words`` beside them ("20" "+48t"); ``"one"`` one label
    ("20+48t"); ``"apart"`` the cards and ``words`` ("48t", in the tokens' colour) at the small size, a space
    between ("20 48t"); ``"key"`` the cards alone (no tokens, or no room: a tap on the panel says them). Every
    form saying "t" (the tokens' mark, 3.8) comes before those without it, down to "apart" (a tester's finding:
    "A 3+48" at 800x480 with 4 players; a later one: "A 88+97" where every count has 2 digits); never one total,
    which would hide the tokens a Robbery cannot draw (3.8.2)."""
    lay = ui.layout
    big_w = text.width(str(cards), lay.big, True)
    if not tokens:
        return [("key", "", lay.big, True, big_w)]
    forms = _saying(ui, cards, tokens, "t") + _saying(ui, cards, tokens, "")
    forms.append(("beside", "+", lay.body, False, big_w + lay.px(2) + text.width("+", lay.body)))
    forms.append(("key", "", lay.big, True, big_w))
    out: list[Form] = []
    for form in forms:   # a worse form only where it is narrower
        if not out or form[-1] < out[-1][-1]:
            out.append(form)
    return out


def _saying(ui: Ui, cards: int, tokens: int, mark: str) -> list[Form]:
    """The forms of :func:`_forms` whose words end with ``mark`` ("t" or nothing), best first, whatever their width:
    "beside", "one" at the body size (bold), the small size (bold, then not), and with the "t" "apart"."""
    lay = ui.layout
    worth, both = f"+{tokens}{mark}", f"{cards}+{tokens}{mark}"
    forms: list[Form] = [("beside", worth, lay.body, False,
                          text.width(str(cards), lay.big, True) + lay.px(2) + text.width(worth, lay.body))]
    forms += [("one", both, z, bold, text.width(both, z, bold))
              for z, bold in ((lay.body, True), (lay.small, True), (lay.small, False))]
    if mark:
        forms.append(("apart", f"{tokens}t", lay.small, False, _apart_w(ui, cards, tokens)))
    return forms


def _alike(ui: Ui, values: list[tuple[str, int, int]], room: int) -> list[Form] | None:
    """One form saying "t" (:func:`_saying`) for every resource with tokens in ``values`` (``(letter, cards,
    tokens)``), the best whose widths add up to at most ``room`` pixels; the others their cards (``"key"``); None
    when none fits (a tester's finding: "88+97t" beside "99 +97t", two forms of one thing in a row, at 480x800)."""
    said = [_saying(ui, c, t, "t") if t else [] for _, c, t in values]
    keys = [_forms(ui, c, 0)[0] for _, c, _ in values]
    for level in range(len(_saying(ui, 0, 1, "t"))):
        chosen = [forms[level] if forms else key for forms, key in zip(said, keys)]
        if sum(form[-1] for form in chosen) <= room:
            return chosen
    return None


def _apart_w(ui: Ui, cards: int, tokens: int) -> int:
    """The pixels of the ``"apart"`` form of :func:`_forms`: the cards (small, bold), a space, "48t" (small)."""
    small = ui.layout.small
    return text.width(str(cards), small, True) + text.width(" ", small) + text.width(f"{tokens}t", small)


def letter_w(ui: Ui, letter: str) -> int:
    """The pixels a resource's letter ("A", "F", "M", "R") takes before its number: its width and a little."""
    return max(ui.layout.px(22), text.width(letter, ui.layout.small, True) + ui.layout.px(3))


def cells(ui: Ui, rect: pygame.Rect, values: list[tuple[str, int, int]]) -> list[tuple[pygame.Rect, Form]]:
    """The resources' cells across ``rect``, one per ``(letter, cards, tokens)``, each with the form of
    :func:`_forms` it draws: where one form saying "t" fits every cell with tokens, the best such (:func:`_alike`:
    "20+48t" beside "88+97t", not beside "99 +97t"); else each as wide as its best form that leaves the others
    room ("A 10+25t"), the forms given up one step at a time, the widest cell first, a step dropping a "t" only
    once no other cell can keep its own, the room left shared out; else even, each cell's best form that fits (a
    tester's finding: "A 10+" hid 25 Air in tokens beside two half-empty cells). Once a cell must show its tokens
    ``"apart"`` ("88 97t"), every cell with tokens does, so that one row never mixes "88 97t" with "77+97t"."""
    lay = ui.layout
    forms = [_forms(ui, c, t) for _, c, t in values]
    pick = [0] * len(values)
    room = rect.w - (len(values) - 1) * lay.gap - sum(letter_w(ui, letter) for letter, _, _ in values)
    alike = _alike(ui, values, room)
    if alike is not None:
        return _shared(ui, rect, values, alike)
    while sum(f[k][-1] for f, k in zip(forms, pick)) > room:
        worse = [n for n in range(len(values)) if pick[n] + 1 < len(forms[n])]
        if not worse:
            cols = L.cols(rect, len(values), lay.gap)
            return [(c, next((f for f in fs if f[-1] <= c.w - letter_w(ui, v[0])), fs[-1]))
                    for c, fs, v in zip(cols, forms, values)]
        n = max(worse, key=lambda n: (_says_t(forms[n][pick[n] + 1]) or not _says_t(forms[n][pick[n]]),
                                      -pick[n], forms[n][pick[n]][-1]))
        pick[n] += 1
    chosen = [f[k] for f, k in zip(forms, pick)]
    apart = any(form[0] == "apart" for form in chosen)
    if apart:
        chosen = [next((g for g in f if g[0] == "apart"), form) if form[0] == "one" else form
                  for f, form in zip(forms, chosen)]
    return _shared(ui, rect, values, chosen, None if apart else forms)


def _shared(ui: Ui, rect: pygame.Rect, values: list[tuple[str, int, int]], chosen: list[Form],
            better: list[list[Form]] | None = None) -> list[tuple[pygame.Rect, Form]]:
    """The cells of :func:`cells` across ``rect``: each as wide as its letter and its ``chosen`` form, the room
    left shared out; with ``better`` (each cell's :func:`_forms`), a cell draws the best that fits its share."""
    lay = ui.layout
    need = [letter_w(ui, letter) + form[-1] for (letter, _, _), form in zip(values, chosen)]
    spare = rect.w - (len(values) - 1) * lay.gap - sum(need)
    out, x = [], rect.x
    for k, (w, form) in enumerate(zip(need, chosen)):
        w += spare // len(values) + (spare % len(values) if k == len(values) - 1 else 0)
        if better is not None:   # the room shared out may fit a better form
            form = next((f for f in better[k] if f[-1] <= w - letter_w(ui, values[k][0])), form)
        out.append((pygame.Rect(x, rect.y, w, rect.h), form))
        x += w + lay.gap
    return out


def _says_t(form: Form) -> bool:
    """Whether a form of :func:`_forms` says what the tokens are worth with their "t" (3.8)."""
    return form[1].endswith("t")


def resource(ui: Ui, cell: pygame.Rect, letter: str, cards: int, form: Form) -> None:
    """"A 4+3t" in ``cell``: the letter, then ``cards`` in ``form``, one of :func:`_forms` (:func:`cells` chose
    it): the cards in hand (a key number) and, at the body size (read at 1 m beside it), what the Resource Tokens
    are worth; else both at one size ("6+22t", then smaller), else apart ("88 97t", the tokens in their
    colour), the "t" kept as long as anything with it fits; else without it ("10+25"), else the cards and "+" (a
    tap on the panel says the tokens)."""
    lay = ui.layout
    lab_r, val_r = L.take_left(cell, letter_w(ui, letter))
    ui.label(lab_r, letter, lay.small, DIM, bold=True)
    how, words, size, bold, _ = form
    if how == "one":
        ui.label(val_r, words, size, FG, bold=bold)
        return
    if how == "apart":   # the cards bold, the tokens' worth in their colour: two numbers, nothing to add up
        r = ui.label(val_r, str(cards), size, FG, bold=True)
        x = r.right + text.width(" ", size)
        ui.label(pygame.Rect(x, val_r.y, max(1, val_r.right - x), val_r.h), words, size, INFO)
        return
    r = ui.label(val_r, str(cards), lay.big, FG, bold=True, cls="key")
    if how == "beside":
        ui.label(pygame.Rect(r.right + lay.px(2), val_r.y, val_r.right - r.right - lay.px(2), val_r.h), words,
                 size, INFO)
