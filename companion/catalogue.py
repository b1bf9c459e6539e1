"""The 30 to Mars event card catalogue: a JSON file players can read and edit.

Entering a drawn card's printed fields once is enough: the catalogue keeps
them by name, so the next time the same card comes up a tap fills them in.
The file (default :func:`companion.paths.default_catalogue_path`) is a
pretty-printed JSON list, one object per card, sorted by name::

    [
      {"name": "Broken Pipe", "colour": "green", "difficulty": 7, "location": 4,
       "success": {"spares": 1}, "failure": {"oxygen": -2}},
      ...
    ]

(card fields: :meth:`companion.rules.thirty_to_mars.model.EventCard.from_json`).
Loading never raises for a bad file: a file that is not JSON (or not a list)
is moved aside to ``cards.json.damaged-<UTC stamp>``, a card entry that does
not validate is skipped and reported; :attr:`Catalogue.notice` says so in a
sentence for the screen. Skipped entries are written back unchanged on the
next save, so a player's typo never costs them the card.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from companion.paths import default_catalogue_path, move_aside
from companion.rules.thirty_to_mars.model import COLOURS, EventCard


def _key(name: str) -> str:
    return name.strip().casefold()


def _sort_key(entry: Any) -> tuple[str, str]:
    name = entry.get("name") if isinstance(entry, dict) else None
    return (_key(name) if isinstance(name, str) else "", json.dumps(entry, sort_keys=True, default=str))


class Catalogue:
    """Event cards by name. Build with :meth:`load`; use from one thread.

    Attributes: ``path``; ``notice`` (a sentence for the screen, or None);
    ``problems`` (one line per skipped entry: ``"entry 3 ('Leak'): colour must
    be one of green, yellow, red"``).
    """

    def __init__(self, path: Path):
        self.path = path
        self.notice: str | None = None
        self.problems: list[str] = []
        self._cards: dict[str, EventCard] = {}
        self._skipped: list[Any] = []   # raw entries that did not validate, kept for the file

    @classmethod
    def load(cls, path: Path | str | None = None) -> "Catalogue":
        """Read the catalogue at ``path`` (default: the data dir); a missing file is an
        empty catalogue. Never raises; see the module docstring for bad files."""
        catalogue = cls(Path(path) if path is not None else default_catalogue_path())
        catalogue._read()
        return catalogue

    # ---------------------------------------------------------------- looking
    def names(self, colour: str | None = None) -> list[str]:
        """Card names sorted alphabetically, only of ``colour`` (green | yellow | red)
        if given. Raises ``ValueError`` for an unknown colour."""
        if colour is not None and colour not in COLOURS:
            raise ValueError(f"colour must be one of {', '.join(COLOURS)}")
        return sorted((c.name for c in self._cards.values() if colour is None or c.colour == colour),
                      key=_key)

    def get(self, name: str) -> EventCard | None:
        """The card called ``name`` (case and outer spaces ignored), or None."""
        return self._cards.get(_key(name))

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _key(name) in self._cards

    # ---------------------------------------------------------------- changing
    def add(self, card: dict[str, Any]) -> EventCard:
        """Validate ``card`` (printed fields, as above), keep it (replacing a card of
        the same name: a correction) and save the file atomically.

        The file is read again first, so edits made by hand meanwhile are kept.
        Raises ``ValueError`` naming the wrong field (nothing saved), ``OSError``
        if the file cannot be written (the card is still kept in memory).
        """
        parsed = EventCard.from_json(card)
        self._read()
        self._cards[_key(parsed.name)] = parsed
        self.save()
        return parsed

    def save(self) -> None:
        """Write the file: write a temporary file beside it, fsync, ``os.replace``.
        Raises ``OSError``."""
        entries = [c.to_json() for c in self._cards.values()] + list(self._skipped)
        entries.sort(key=_sort_key)
        text = json.dumps(entries, indent=2, ensure_ascii=False) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        try:
            dir_fd = os.open(self.path.parent, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(dir_fd)
        except OSError:
            pass
        finally:
            os.close(dir_fd)

    # ---------------------------------------------------------------- reading
    def _read(self) -> None:
        self._cards, self._skipped, self.problems, self.notice = {}, [], [], None
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as exc:
            self.notice = f"The card catalogue {self.path} cannot be read ({exc}); it starts empty."
            return
        if not raw.strip():
            return  # an empty file is an empty catalogue
        try:
            entries = json.loads(raw.decode("utf-8"))
            if not isinstance(entries, list):
                raise ValueError("it is not a list of cards")
        except (UnicodeDecodeError, ValueError) as exc:
            self._move_aside(exc)
            return
        for number, entry in enumerate(entries, 1):
            try:
                card = EventCard.from_json(entry)
                if _key(card.name) in self._cards:
                    raise ValueError("another card has the same name")
            except ValueError as exc:
                name = entry.get("name") if isinstance(entry, dict) else None
                label = f"entry {number}" + (f" ({name!r})" if isinstance(name, str) else "")
                self.problems.append(f"{label}: {exc}")
                self._skipped.append(entry)
                continue
            self._cards[_key(card.name)] = card
        if self.problems:
            self.notice = (f"{len(self.problems)} card(s) in {self.path.name} were skipped: "
                           + "; ".join(self.problems) + ". Fix them in the file to use them.")

    def _move_aside(self, exc: Exception) -> None:
        try:
            moved = move_aside(self.path)
        except OSError as move_exc:
            self.notice = (f"The card catalogue {self.path} is damaged ({exc}) and could not be "
                           f"moved aside ({move_exc}); it starts empty.")
            return
        self.notice = (f"The card catalogue was damaged ({exc}). It was moved to {moved} "
                       "and a new one was started.")
