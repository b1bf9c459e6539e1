"""What the control channel's ``state`` lists, through the running app (a fresh user's findings): every
button drawn, a greyed one too (named "... (why not?)", its tap says why); every choice of a dialog, its
Cancel too, by the names a ``tap`` takes."""
from __future__ import annotations

import pytest

from .apprun import RunningApp, names

CREW = ("Larisa", "Stan", "John", "Maria")


def _card_list(app: RunningApp) -> dict:
    """30 to Mars to its first card (an empty catalogue: one page of none), every setup roll tapped as a 3."""
    for n in CREW:
        app.tap(n)
    app.tap("Start")
    for _ in range(10):  # Sanity and Health of four, two Accident days (30-to-mars.txt, Setup 5)
        app.tap("face 3")
    return app.wait(lambda s: s["screen"] == "card", "the card screen")


@pytest.mark.timeout(120)
def test_a_greyed_start_is_listed_and_its_tap_says_why(tmp_path):
    """30 to Mars's Start, greyed until 4 Marsonauts are chosen, was drawn but left out of ``state``'s
    buttons: a tester could not tell it from a button not drawn at all. It is listed as the other greyed
    buttons are ("Start (why not?)"), and a tap says how many Marsonauts are missing."""
    with RunningApp(tmp_path, "none") as app:
        app.start("--game", "thirty-to-mars", wait_die=False)
        s = app.state()
        assert "Start (why not?)" in names(s) and "Start" not in names(s), names(s)
        app.tap("Start (why not?)")
        s = app.state()
        assert s["screen"] == "new_game" and s["message"].startswith("Choose 4 more Marsonauts"), s["message"]
        for n in CREW:
            app.tap(n)
        assert "Start" in names(app.state()) and "Start (why not?)" not in names(app.state())
        assert app.stop() == 0


@pytest.mark.timeout(120)
def test_the_card_lists_greyed_page_buttons_are_listed_and_their_taps_say_so(tmp_path):
    """The card list's \u25c0 \u25b6, greyed on its only page, were left out of ``state``'s buttons
    (shared: any button drawn greyed without a tap of its own). Listed, in the order drawn; a tap on one
    says which end of the list this is (on the only page: "this is the last page (the only one)"; a tester's
    finding: it said "not possible now"), and nothing else happens."""
    with RunningApp(tmp_path, "none") as app:
        app.start("--game", "thirty-to-mars", wait_die=False)
        s = _card_list(app)
        shown = names(s)
        assert "Previous page (why not?)" in shown and "Next page (why not?)" in shown, shown
        assert shown.index("Previous page (why not?)") < shown.index("Next page (why not?)") < shown.index("Search")
        seq = s["seq"]
        app.tap("Next page (why not?)")
        s = app.state()
        assert s["message"] == "Next page: this is the last page (the only one).", s["message"]
        assert (s["screen"], s["seq"], s["dialog"]) == ("card", seq, None)
        assert app.stop() == 0


@pytest.mark.timeout(120)
def test_dialog_options_are_every_choice_a_dialog_draws_cancel_too(tmp_path):
    """``dialog_options`` listed only the options that could be tapped and never the Cancel: empty for the
    "Before you play" dialog (its one button is Close), and a client that read it could not close a dialog
    without knowing the word. Every choice drawn, by the names ``tap`` takes, its Cancel last (also said
    apart, ``dialog_cancel``)."""
    import json
    (tmp_path / "cards.json").write_text(json.dumps([{"name": "Typo", "colour": "green", "difficulty": "seven"}]))
    with RunningApp(tmp_path, "none") as app:  # a card catalogue with a problem: said before the first move
        app.start("--game", "thirty-to-mars", wait_die=False)
        s = app.state()
        assert s["dialog"] == "Before you play", s["dialog"]
        assert s["dialog_options"] == ["Close"], s["dialog_options"]
        assert s["dialog_cancel"] == "Close"
        assert names(s) == ["Close"], names(s)  # nothing else under a dialog
        app.tap("Close")
        s = app.state()
        assert (s["dialog"], s["dialog_options"], s["dialog_cancel"]) == (None, [], None)
        app.tap("New game")
        s = app.state()
        assert s["dialog_options"] == ["New game", "Cancel"], s["dialog_options"]
        assert s["dialog_cancel"] == "Cancel"
        assert names(s) == s["dialog_options"], names(s)
        app.tap(s["dialog_options"][-1])
        assert app.state()["dialog"] is None
        assert app.stop() == 0


def test_a_dialogs_greyed_option_is_named_as_drawn(make_driver):
    """A greyed option (callback None, as the choosers keep them in their places) is among ``dialog_options``
    under the name its button is drawn by ("... (why not?)"); the \u25b2 \u25bc of a dialog's long text page
    it and choose nothing: they are buttons, not options."""
    from companion.ui import control
    d = make_driver((800, 480))
    d.app.ask("Which one?", [("Blue", lambda: None), ("Red", None)], lines=["A line of text."] * 60)
    d.frame()
    s = control.describe(d.app)
    assert s["dialog_options"] == ["Blue", "Red (why not?)", "Cancel"], s["dialog_options"]
    assert d.names() == ["Dialog up (why not?)", "Dialog down", *s["dialog_options"]], d.names()
    d.tap("Dialog up (why not?)")  # at the top of the lines already: nothing to say, the dialog stays
    assert d.app.dialog is not None and d.app.message is None
    d.tap("Red (why not?)")  # the dialog closes, so that its words are seen (a refusal is drawn under no dialog)
    assert d.app.message.text == "Red: not possible now." and d.app.dialog is None
    assert control.describe(d.app)["message"] == "Red: not possible now."


def test_the_message_state_names_is_the_one_drawn_never_one_under_a_dialog(make_driver):
    """A tester's finding: ``state``'s ``message`` named a refusal that the screen did not show, a dialog being
    over it (a Base refused, then Trade's question; or a greyed option's "not possible now", said under the
    dialog it was tapped in). ``message`` is what is drawn: None while a dialog covers the refusal, which shows
    again when the dialog closes; a greyed option closes its dialog, then says why (its own words, or the
    plain ones), so that the words are seen."""
    from companion.ui import control
    from companion.ui.widgets import Greyed
    d = make_driver((800, 480))
    d.app.say("A Base costs 3 Air, 3 Food, 3 Minerals.", "error", 60)
    d.frame()
    assert control.describe(d.app)["message"] == "A Base costs 3 Air, 3 Food, 3 Minerals."
    d.app.ask("Trade: get which?", [("Air", lambda: None), ("Food", lambda: None)])
    d.frame()
    s = control.describe(d.app)
    assert s["dialog"] == "Trade: get which?" and s["message"] is None, s["message"]
    d.tap("Cancel")
    assert control.describe(d.app)["message"] == "A Base costs 3 Air, 3 Food, 3 Minerals."  # drawn again
    said = []
    d.app.ask("Which card?", [("Blue", lambda: None), ("Red", Greyed(lambda: said.append(d.app.say("Red: no.")))),
                              ("Green", None)])
    d.frame()
    d.tap("Red (why not?)")  # its own words, which leave the dialog to the shell
    s = control.describe(d.app)
    assert said and (s["dialog"], s["message"]) == (None, "Red: no."), s
    d.app.ask("Which card?", [("Blue", lambda: None), ("Green", None)])
    d.frame()
    d.tap("Green (why not?)")
    s = control.describe(d.app)
    assert (s["dialog"], s["message"]) == (None, "Green: not possible now."), s

@pytest.mark.timeout(120)
def test_the_dies_part_counts_the_lines_it_ignored_by_reason(tmp_path):
    """The die counts the lines it ignores (garbled, cut off, not of its protocol: ``hw.die``), but
    ``state``'s die part had only its connection, rolls and last I/O error: a tester could not see that a
    flaky cable was garbling lines. Its part has the lines read, those ignored, and why (every reason)."""
    from hw.die import REASONS
    from hw.mock import DieSimulator
    sent = {b"ROLL 9\n": "out_of_range", b"HELLO\n": "unknown", b"ROLL 4*00\n": "bad_checksum",
            b"ROLL \xc3\x284\n": "non_ascii", b"ROLL " + b"4" * 100 + b"\n": "overlong", b"ROLL 7\n": "out_of_range"}
    with DieSimulator(seed=1) as die, RunningApp(tmp_path, die.path) as app:
        app.start("--game", "thirty-to-mars")
        st = app.state()["die"]
        assert (st["lines"], st["ignored"], st["errors"]) == (0, 0, dict.fromkeys(REASONS, 0)), st
        for line in sent:
            die.send_raw(line)
        st = app.wait(lambda s: s["die"]["ignored"] == len(sent), "the die to read the lines", 20)["die"]
        want = dict.fromkeys(REASONS, 0)
        for reason in sent.values():
            want[reason] += 1
        assert st["errors"] == want and st["lines"] == len(sent) and st["rolls"] == 0, st
        assert app.stop() == 0


@pytest.mark.timeout(60)
def test_without_a_die_its_part_counts_nothing(tmp_path):
    """``--die none``: the same fields, nothing counted (no reasons: the die's module is not loaded)."""
    with RunningApp(tmp_path, "none") as app:
        app.start("--game", "thirty-to-mars", wait_die=False)
        st = app.state()["die"]
        assert st["mode"] == "none" and (st["lines"], st["ignored"], st["errors"]) == (0, 0, {}), st
        assert app.stop() == 0


@pytest.mark.timeout(30)
def test_the_dies_part_counts_the_events_that_could_not_be_posted(make_driver):
    """A reviewer's finding: the die counts the events its callback could not post to the main loop (each a roll
    or a notice lost), but ``state``'s die part left the count out. A real pty; the first post fails."""
    import time

    from companion.ui import control
    from companion.ui.hwlink import HwLink
    from hw.mock import DieSimulator
    d = make_driver((800, 480))
    with DieSimulator(seed=1) as die:
        link = HwLink("none", die.path)
        real, failed = link.post, []

        def post(source, event):
            if not failed:
                failed.append(event)
                raise RuntimeError("the queue is full")
            real(source, event)
        link.post = post
        link.start()
        try:
            d.app.hw = link
            deadline = time.monotonic() + 5
            while not link.die_status()["connected"] and time.monotonic() < deadline:
                time.sleep(0.01)
            die.roll(4)
            while link.die_status()["rolls"] < 1 and time.monotonic() < deadline:
                time.sleep(0.01)
            st = control.describe(d.app)["die"]
            assert failed and failed[0].kind == "connected", failed
            assert st["callback_errors"] == 1 and st["rolls"] == 1 and st["connected"], st
        finally:
            d.app.hw = None
            link.stop()
    assert HwLink("none", "none").die_status()["callback_errors"] == 0


@pytest.mark.timeout(30)
def test_the_top_bar_says_the_die_is_busy_when_another_program_holds_it(make_driver):
    """A hostile tester's finding: a second program holding the die (``companion die`` left running) showed
    "Unplugged" in the top bar. It says "Die busy" (``state``'s die part: ``open_problem``), and "Die ready" once
    the other program lets go. Real ptys."""
    import time

    from companion.ui import control
    from companion.ui.hwlink import HwLink
    from hw.die import DieReader
    from hw.mock import DieSimulator
    d = make_driver((800, 480))
    with DieSimulator(seed=1) as die:
        holder = DieReader(lambda e: None, port=die.path)
        holder.start()
        link = HwLink("none", die.path)
        try:
            deadline = time.monotonic() + 5
            while not holder.status().connected and time.monotonic() < deadline:
                time.sleep(0.01)
            link.start()
            d.app.hw = link
            while link.die_status()["open_failures"] == 0 and time.monotonic() < deadline:
                time.sleep(0.01)
            d.frame()
            drawn = [t for t, _, _ in d.app.screen.ui.texts]
            assert "Die busy" in drawn and "Unplugged" not in drawn, drawn
            assert control.describe(d.app)["die"]["open_problem"] == "busy"
            holder.stop()
            while not link.die_status()["connected"] and time.monotonic() < deadline + 5:
                time.sleep(0.01)
            d.frame()
            drawn = [t for t, _, _ in d.app.screen.ui.texts]
            assert "\u25cf Die ready" in drawn and control.describe(d.app)["die"]["open_problem"] is None, drawn
        finally:
            d.app.hw = None
            holder.stop()
            link.stop()


@pytest.mark.timeout(30)
@pytest.mark.parametrize("picker", [False, True])
def test_the_top_bar_says_not_a_port_for_a_die_path_that_is_no_serial_port(make_driver, picker):
    """A play tester's finding: ``companion play --die /dev/null`` showed "Unplugged" in the top bar, where the
    path is no serial port (ENOTTY). It says "Not a port" (``state``'s die part: ``open_problem``
    "not_a_port"), in a game and over the game picker ("Die" / "not a port")."""
    import time

    from companion.ui import control
    from companion.ui.hwlink import HwLink
    d = make_driver((800, 480))
    if picker:
        d.app.pick_game()
    link = HwLink("none", "/dev/null")
    try:
        link.start()
        d.app.hw = link
        deadline = time.monotonic() + 5
        while link.die_status()["open_failures"] == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        d.frame()
        drawn = [t for t, _, _ in d.app.screen.ui.texts]
        assert ("not a port" if picker else "Not a port") in drawn and "Unplugged" not in drawn, drawn
        assert "unplugged" not in drawn, drawn
        assert control.describe(d.app)["die"]["open_problem"] == "not_a_port"
    finally:
        d.app.hw = None
        link.stop()
