"""Readable at 1 m: the height of a capital letter of every text drawn, by class.

On the 7" 800x480 panel (about 0.19 mm a pixel): at least 16 px (3 mm) for
everything read during play, 24 px for the key numbers (resources, Health,
Sanity, the day), 12 px for anything at all. Other sizes scale with the
layout (``u``)."""
from __future__ import annotations

import re

from companion.ui import text

CAP_PX = {"fine": 12, "read": 16, "key": 24}
#: texts that are key numbers wherever they are drawn
KEY_TEXTS = re.compile(r"^(Day \d+ / 30|H \d+|S \d+\u2605?)$")
#: the only texts allowed in the "fine" class (nobody reads them during play)
FINE_TEXTS = re.compile(r"^(page \d+/\d+|rolled [\w ]+|no roll yet|waiting for a roll|not used in this game)$")


def smallest_cap(d) -> int:
    """The smallest capital height (pixels) among the texts of the last frame."""
    return min((text.cap_height(sz, bold) for _, sz, bold, _ in d.app.screen.ui.text_sizes), default=99)


def check_sizes(d, where, key_texts=KEY_TEXTS) -> None:
    """Every text of the last frame is at least as tall as its class allows,
    the key numbers are in the key class, and fine print is only what may be fine."""
    u = d.app.layout.u
    faults = []
    for s, sz, bold, cls in d.app.screen.ui.text_sizes:
        cap = text.cap_height(sz, bold)
        need = CAP_PX[cls] * u
        if cls == "fine" and not FINE_TEXTS.match(s):
            need = CAP_PX["read"] * u
        if key_texts is not None and key_texts.match(s) and cls != "key":
            faults.append(f"{s!r} is a key number drawn as {cls}")
        if cap + 0.5 < need:
            faults.append(f"{s!r} capitals {cap}px < {need:.0f}px ({cls})")
    assert not faults, f"{where}: {faults[:6]}"
