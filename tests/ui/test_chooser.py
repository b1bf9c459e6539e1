"""The generic chooser (companion/ui/chooser.py): options in a fixed order
whatever the order of the legal actions, and a list-valued choice (four cards
of any kinds) asked one element at a time instead of a paged list of
combinations."""
from __future__ import annotations

from itertools import combinations_with_replacement

from companion.rules.contract import Action
from companion.ui.chooser import choose

KINDS = ("air", "food", "minerals")


class FakeApp:
    """Records the dialogs asked and the action submitted."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, list[str]]] = []
        self.options: list = []
        self.submitted: list[Action] = []

    def ask(self, title, options, lines=None):
        self.asked.append((title, [label for label, _ in options]))
        self.options = options

    def close_dialog(self):
        self.options = []

    def submit(self, action):
        self.submitted.append(action)

    def tap(self, label):
        dict(self.options)[label]()


def label(arg, value, action):
    return ", ".join(v.capitalize() for v in value) if isinstance(value, list) else str(value).capitalize()


def test_options_come_in_the_order_of_rank_whatever_the_order_of_the_actions():
    rank = {k: i for i, k in enumerate(KINDS)}
    first = [Action("trade", {"give": g, "get": k}, 0) for g in ("air", "food") for k in KINDS if k != g]
    orders = []
    for actions in (first, first[::-1], [a for a in first if a.args["give"] == "food"] + first):
        app = FakeApp()
        choose(app, "Trade", actions, label, lambda arg: f"which {arg}?", ("get", "give"),
               rank=lambda arg, value: rank.get(value, 9))
        orders.append(app.asked[0][1])
    assert orders == [["Air", "Food", "Minerals"]] * 3


def test_without_rank_the_options_keep_the_order_of_the_actions():
    app = FakeApp()
    choose(app, "Take", [Action("take", {"resource": k}, 0) for k in ("minerals", "air")], label,
           lambda arg: "which?")
    assert app.asked[0][1] == ["Minerals", "Air"]


def test_a_multiset_of_four_cards_is_asked_card_by_card():
    actions = [Action("play", {"card": "assistance", "take": list(t)}, 0)
               for t in combinations_with_replacement(KINDS, 4)]
    assert len(actions) == 15
    app = FakeApp()
    choose(app, "Play Mission", actions, label, lambda arg: "which four cards?", ("card", "take"),
           unordered={"take"})
    for pick in ("Minerals", "Food", "Minerals", "Air"):
        title, options = app.asked[-1]
        assert options == ["Air", "Food", "Minerals"], (title, options)  # every kind, every time, no "More"
        app.tap(pick)
    assert [t for t, _ in app.asked][1] == "Play Mission (Assistance, Minerals so far): which four cards? (2 of 4)"
    assert len(app.asked) == 4
    assert sorted(app.submitted[0].args["take"]) == ["air", "food", "minerals", "minerals"]


def test_a_question_opens_on_the_first_page_with_an_option_to_tap(make_driver):
    """A tester's finding: the one Mission Card that could be played was on page 3, behind greyed ones kept
    in their places (More..., More...). The question opens on its page; "First page" still shows page 1,
    where the greyed ones keep their places."""
    from companion.ui.chooser import FIRST_PAGE, MORE, ask_paged
    d = make_driver((800, 480))
    chosen = []
    options = [(f"Greyed card {i}", None) for i in range(30)] + [("Armageddon", lambda: chosen.append(1))]
    ask_paged(d.app, "Play which Mission Card?", options)
    d.frame()
    labels = [x for x, _ in d.app.dialog.options]
    assert "Armageddon" in labels and "Greyed card 0" not in labels, labels
    assert labels[-1] == FIRST_PAGE
    d.tap(FIRST_PAGE)
    labels = [x for x, _ in d.app.dialog.options]
    assert labels[0] == "Greyed card 0" and labels[-1] == MORE, labels
    d.tap(MORE)
    while "Armageddon" not in [x for x, _ in d.app.dialog.options]:
        d.tap(MORE)
    d.tap("Armageddon")
    assert chosen == [1]


def test_a_dialog_with_more_options_than_room_pages_them_and_keeps_cancel_on_screen(make_driver):
    """A tester's finding: Ability with four choices and a reason line ran its Cancel off the 480-px screen.
    Any dialog whose options do not fit comes a page at a time."""
    from companion.ui.chooser import MORE
    d = make_driver((800, 480))
    d.app.ask("Use a Special Ability (Sanity drops to 1 afterwards)",
              [(f"Maria: re-roll die {i} of the check ({i})", lambda: None) for i in range(6)],
              lines=["Dieter: Dieter can re-draw only a card just drawn, before any Marsonaut is placed. "
                     "(30-to-mars.txt, Marsonaut Profiles: Dieter NB)"])
    d.frame()
    screen = d.app.surface.get_rect()
    hits = {h.label: h.rect for h in d.app.screen.ui.hits}
    assert "Cancel" in hits and screen.contains(hits["Cancel"]), hits.get("Cancel")
    assert MORE in hits and all(screen.contains(r) for r in hits.values())


def test_a_kept_question_is_asked_once_when_its_other_values_are_greyed():
    """``keep``: one Base left beside a full one is still asked, with the full one greyed (the table sees why,
    a Mission to Mars 2049 play tester's finding), once: the tap on the one left submits; nothing greyed, the
    question is not asked."""
    actions = [Action("build_station", {"resource": "air", "base": 2}, 0)]
    full = {"base": {1: "Base 1: full"}}
    app = FakeApp()
    choose(app, "Station", actions, label, lambda arg: f"which {arg}?", ("resource", "base"),
           rank=lambda arg, value: value, greyed=lambda arg, acts: full.get(arg, {}), keep=("base",))
    assert app.asked == [("Station (Air): which base?", ["Base 1: full", "2"])] and not app.submitted
    app.tap("2")
    assert app.submitted == actions and len(app.asked) == 1
    app = FakeApp()
    choose(app, "Station", actions, label, lambda arg: f"which {arg}?", ("resource", "base"),
           greyed=lambda arg, acts: {}, keep=("base",))
    assert app.asked == [] and app.submitted == actions
