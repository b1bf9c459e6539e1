"""Every refusal a tap causes is the rules' own: shown with its section (a
button that opens the rulebook's paragraph) and kept in ``companion log``."""
from __future__ import annotations

import dataclasses

import pytest

from .helpers import knock_out, start_game


def open_section(d):
    """Tap the message's section button; returns the dialog it opened."""
    from companion.ui.screens.chrome import message_box
    box, _, section = message_box(d.app.layout, d.app)
    assert section is not None, f"no section button: {d.app.message}"
    d.app._tap(section.center)
    d.frame()
    return d.app.dialog


def logged(d, capsys):
    from companion.cli import main
    assert main(["log", "--db", str(d.app.session.store.path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    return [f"{line} {why}" for line, why in zip(lines, lines[1:] + [""]) if "[refused]" in line]


@pytest.mark.timeout(30)
@pytest.mark.parametrize("kits,broken,words", [(0, (0, 2, 0, 0, 0, 0), "no Repair Kit"),
                                               (2, (0, 0, 0, 0, 0, 0), "nothing to repair")])
def test_repair_kits_with_nothing_to_do_is_a_refusal_with_its_section(make_driver, capsys, kits, broken, words):
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Broken Pipe")
    s = d.app.session
    s._states[-1] = dataclasses.replace(s.state, repair_kits=kits, broken=broken)
    d.frame()
    seq = s.seq
    d.tap("Repair Kits")
    m = d.app.message
    assert s.seq == seq and m is not None and m.kind == "error", m
    assert words in m.text and m.rule == "30-to-mars.txt, Fixing Workspaces", m
    assert s.refusals() and s.refusals()[-1]["action"]["kind"] == "repair"
    dialog = open_section(d)
    assert dialog is not None and "Fixing Workspaces" in dialog.title
    assert any("Repair Kit" in line for line in dialog.lines), dialog.lines
    refused = logged(d, capsys)
    assert any("repair" in line and words in line for line in refused), refused


@pytest.mark.timeout(30)
def test_a_knocked_out_marsonaut_tapped_is_logged(make_driver, capsys):
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Broken Pipe")
    knock_out(d, 2)
    s = d.app.session
    d.tap("Maria")
    assert d.app.message is not None and "Knocked Out" in d.app.message.text
    assert s.refusals() and s.refusals()[-1]["code"] == "knocked_out"
    assert open_section(d) is not None
    assert any("Knocked Out" in line for line in logged(d, capsys))


@pytest.mark.timeout(30)
def test_a_bay_tapped_after_a_knocked_out_marsonaut_says_again_why_they_stay(make_driver):
    """A tester's finding: Stan Knocked Out tapped (the message says why), then a Bay tapped, and the
    message said "Tap a Marsonaut first, then the Bay they go to." though he had been tapped. The Bay
    tap is his move: the rules' refusal says again that he sits the day out (Knocked Out), nobody moves."""
    d = make_driver((800, 480))
    start_game(d)
    d.tap("Broken Pipe")
    knock_out(d, 2)
    s = d.app.session
    d.tap("Maria")
    d.tap("bay 5")
    m = d.app.message
    assert m is not None and "Knocked Out" in m.text and "Tap a Marsonaut first" not in m.text, m
    assert m.rule == "30-to-mars.txt, Knocked Out", m
    assert s.state.placement[2] == 0
    assert s.refusals()[-1]["action"] == {"kind": "place", "who": 2, "bay": 5}, s.refusals()[-1]
    d.tap("Larisa")  # a standing Marsonaut tapped after: the Bay tap is hers again
    d.tap("bay 5")
    assert s.state.placement[0] == 5
