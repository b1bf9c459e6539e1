"""Drive an :class:`~companion.ui.app.App` in-process, frame by frame, without
its loop (for screenshots and fast screen tests). Uses the display the
caller opened (SDL dummy driver in tests)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pygame

from .app import TAP, App
from .touch import TapFilter


class Driver:
    """An app of logical ``size`` pixels on ``session``/``catalogues``, showing
    ``game_id`` (None: the open game or the picker); ``tap(name)`` taps the
    button labelled ``name`` (as drawn last frame)."""

    def __init__(self, session: Any, catalogues: Any, size: tuple[int, int], hw: Any = None,
                 game_id: str | None = None) -> None:
        if not pygame.display.get_init():
            pygame.display.init()
        pygame.font.init()
        self.app = App(session, catalogues, game_id, size=size, hw=hw)
        self.app.display = None
        self.app.taps = TapFilter(size)
        self.frame()

    def frame(self) -> pygame.Surface:
        """Draw the current screen; returns the logical surface."""
        self.app.update(0.0)
        self.app.present()
        return self.app.surface

    def names(self) -> list[str]:
        return [h.label for h in self.app.screen.ui.hits]

    def tap(self, name: str, index: int = -1) -> None:
        """Tap the button called ``name``; raises ``LookupError`` listing the buttons if missing."""
        hits = [h for h in self.app.screen.ui.hits if h.label == name]
        if not hits:
            raise LookupError(f"no button {name!r} in {self.names()}")
        self.app.handle(pygame.event.Event(TAP, pos=hits[index].rect.center))
        self.frame()

    def key(self, command: str) -> None:
        self.app._command(command)
        self.frame()

    def roll(self, face: int) -> None:
        self.app.roll(face, "die")
        self.frame()

    def shot(self, path: str | Path) -> None:
        self.frame()
        pygame.image.save(self.app.surface, str(path))


class Shots:
    """``shot(name)``: the driver's screen saved as ``out/{name}-{w}x{h}.png``
    (``size`` = (w, h)); ``saved`` lists the files written, in order."""

    def __init__(self, driver: Driver, out: Path, size: tuple[int, int]) -> None:
        self.driver, self.out, self.size = driver, out, size
        self.saved: list[Path] = []

    def __call__(self, name: str) -> None:
        w, h = self.size
        path = self.out / f"{name}-{w}x{h}.png"
        self.driver.shot(path)
        self.saved.append(path)


def shoot_all(shoot: Any, argv: list[str], default_out: str, sizes: Any) -> int:
    """The screenshot scripts' command line: ``shoot(out_dir, (w, h)) -> [paths]``
    for each of ``sizes``, into ``argv[1]`` (default ``default_out``, created);
    prints each file written. Returns the exit status: 0, or 1 when a picture kept in
    ``default_out`` was not taken this time (a script whose game no longer reaches that
    screen; said on standard error), so that a stale picture is not kept unseen."""
    out = Path(argv[1] if len(argv) > 1 else default_out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    taken: set[str] = set()
    for size in sizes:
        for p in shoot(out, size):
            print(p)
            taken.add(Path(p).name)
    kept = {p.name for p in Path(default_out).glob("*.png")} if Path(default_out).is_dir() else set()
    missing = sorted(kept - taken)
    for name in missing:
        print(f"not taken this time (kept in {default_out}): {name}", file=sys.stderr)
    return 1 if missing else 0


__all__ = ["Driver", "Shots", "shoot_all"]
