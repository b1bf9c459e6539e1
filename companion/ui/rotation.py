"""Rotating the picture in the app: a pure coordinate map (no pygame needed).

The app draws every screen on a *logical* surface of the size the layout is
made for, then shows it rotated on the *physical* display:
``pygame.transform.rotate(logical, degrees)`` (counter-clockwise, degrees in
0, 90, 180, 270). A touch arrives in physical pixels and is mapped back to
logical pixels with :func:`to_logical`. Pixel coordinates are integers
``0 <= x < width``, ``0 <= y < height``.
"""
from __future__ import annotations

ANGLES = (0, 90, 180, 270)


def _check(degrees: int) -> int:
    if degrees not in ANGLES:
        raise ValueError(f"rotation must be one of {ANGLES} degrees, not {degrees!r}")
    return degrees


def logical_size(physical: tuple[int, int], degrees: int) -> tuple[int, int]:
    """The (width, height) in pixels to draw at, for a ``physical`` display
    shown rotated by ``degrees`` counter-clockwise. Raises ``ValueError`` for
    an angle not in :data:`ANGLES`."""
    w, h = physical
    return (h, w) if _check(degrees) in (90, 270) else (w, h)


def to_physical(point: tuple[int, int], logical: tuple[int, int], degrees: int) -> tuple[int, int]:
    """Where logical pixel ``point`` ends up on the display after
    ``pygame.transform.rotate(surface_of_size_logical, degrees)``."""
    x, y = point
    w, h = logical
    d = _check(degrees)
    if d == 0:
        return x, y
    if d == 90:
        return y, w - 1 - x
    if d == 180:
        return w - 1 - x, h - 1 - y
    return h - 1 - y, x


def to_logical(point: tuple[int, int], logical: tuple[int, int], degrees: int) -> tuple[int, int]:
    """Inverse of :func:`to_physical`: the logical pixel under physical pixel
    ``point`` (e.g. a touch); ``logical`` is the logical surface size."""
    px, py = point
    w, h = logical
    d = _check(degrees)
    if d == 0:
        return px, py
    if d == 90:
        return w - 1 - py, px
    if d == 180:
        return w - 1 - px, h - 1 - py
    return py, h - 1 - px
