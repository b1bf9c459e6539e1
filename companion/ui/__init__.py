"""The pygame-ce touch screen of the companion.

Modules, one job each: :mod:`.app` (main loop, hardware wiring),
:mod:`.layout` (rectangles and sizes for any screen size), :mod:`.text`
(font and rendered-text caches, fitting text in a box), :mod:`.rotation`
(the pure coordinate map for a rotated display), :mod:`.touch` (one tap is
one press, whatever SDL sends), :mod:`.widgets` (buttons and panels drawn
immediate-mode), :mod:`.screens` (one module per screen).

Nothing in ``companion.rules`` imports this package.
"""
from __future__ import annotations

import os

# pygame's "pygame-ce 2.5.8 (SDL ...)" line on standard output, printed when it is first imported, is no part of
# the companion's output: a script reading the control channel's client (README) got it before its answer
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
