"""Card catalogues: cards the app cannot see, entered once, picked by name after.

One catalogue per game and card kind (30 to Mars event cards, Mission to Mars
Mission Cards, Race to Mars Space cards, Starting cards, Headquarters...); the
kind's schema (:class:`companion.rules.contract.CardKind`: its ``parse``, its
``builtin`` cards as the rulebook prints them) is defined in that game's rules
package. The catalogue knows no game.

Each catalogue is a pretty-printed JSON list in one file that players can
read, edit and share, one object per card, sorted by name::

    [
      {"name": "Broken Pipe", "colour": "green", "difficulty": 7, ...},
      ...
    ]

Loading never raises for a bad file: a file that is not JSON (or not a list)
is moved aside to ``<name>.damaged-<UTC stamp>``; a card that does not
validate is reported with the line it starts on and kept in the file (written
back unchanged on the next save, so a player's typo never costs them the
card), but never offered for play. :attr:`Catalogue.notice` says so in a
sentence for the screen.
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

from companion.paths import data_dir, move_aside, not_regular
from companion.rules.contract import CardKind
from companion.rules.words import count

log = logging.getLogger(__name__)


class CardExists(ValueError):
    """Adding a card whose name is already in the catalogue, without ``replace``."""


def _key(name: str) -> str:
    return name.strip().casefold()


def _sort_key(entry: Any) -> tuple[str, str]:
    name = entry.get("name") if isinstance(entry, dict) else None
    return (_key(name) if isinstance(name, str) else "", json.dumps(entry, sort_keys=True, default=str))


#: the problems named in the notice at most (the rest are counted): the screen shows it whole
NOTICE_PROBLEMS = 3


def _entries_with_lines(text: str) -> list[tuple[int, Any]]:
    """The items of the JSON list in ``text``, each with the line (1..) it starts on.
    Raises ``ValueError`` if ``text`` is not one JSON list (also for one nested too deep for the decoder)."""
    try:
        return _entries(text)
    except RecursionError:  # "[[[[..." thousands deep: the decoder's recursion, not the app's end
        raise ValueError("its lists or objects are nested too deep to be cards") from None


def _entries(text: str) -> list[tuple[int, Any]]:
    decoder = json.JSONDecoder()
    start = len(text) - len(text.lstrip())
    value, end = decoder.raw_decode(text, start)
    if not isinstance(value, list):
        raise ValueError("it is not a list of cards")
    if text[end:].strip():
        raise ValueError("there is more text after the list of cards")
    out, pos = [], start + 1
    line, counted = 1, 0  # the lines before ``counted``: counted once each (a big file loads in linear time)
    for _ in value:
        while text[pos] in " \t\r\n,":
            pos += 1
        line += text.count("\n", counted, pos)
        counted = pos
        item, pos = decoder.raw_decode(text, pos)
        out.append((line, item))
    return out


class Catalogue:
    """The cards of one kind, by name. Build with :meth:`load`; use from one thread.

    Cards are the dicts ``kind.parse`` returns. Attributes: ``path``, ``kind``
    (:class:`CardKind`), ``notice`` (a sentence for the screen, or None),
    ``summary`` (the notice in a clause, to say beside other catalogues' ones, or None),
    ``problems`` (one line per card kept out: ``"line 12 ('Leak'): colour
    must be one of green, yellow, red"``).
    """

    def __init__(self, path: Path, kind: CardKind):
        self.path = path
        self.kind = kind
        self.notice: str | None = None
        self.summary: str | None = None
        self.problems: list[str] = []
        self._cards: dict[str, dict[str, Any]] = {}
        self._skipped: list[Any] = []   # raw entries that did not validate, kept for the file
        self._builtin = {_key(c["name"]): kind.parse(c) for c in kind.builtin}

    @classmethod
    def load(cls, path: Path | str, kind: CardKind) -> "Catalogue":
        """Read the catalogue of ``kind`` at ``path``; a missing file is an empty
        catalogue (plus the kind's built-in cards). Never raises; see the module
        docstring for bad files."""
        catalogue = cls(Path(path), kind)
        catalogue._read()
        return catalogue

    # ---------------------------------------------------------------- looking
    def names(self, group: str | None = None) -> list[str]:
        """Card names sorted alphabetically, only of ``group`` (a colour, a type:
        ``kind.group(card)``) if given."""
        cards = {**self._builtin, **self._cards}.values()
        return sorted((c["name"] for c in cards if group is None or self.kind.group(c) == group), key=_key)

    def get(self, name: str) -> dict[str, Any] | None:
        """The card called ``name`` (case and outer spaces ignored), or None."""
        return self._cards.get(_key(name)) or self._builtin.get(_key(name))

    def is_builtin(self, name: str) -> bool:
        """True for a card the rulebook prints (it cannot be edited or deleted)."""
        return _key(name) in self._builtin

    def __len__(self) -> int:
        return len(set(self._cards) | set(self._builtin))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    # ---------------------------------------------------------------- changing
    def add(self, card: dict[str, Any], replace: bool = False) -> dict[str, Any]:
        """Validate ``card`` (``kind.parse``), keep it and save the file atomically.

        The file is read again first, so edits made by hand meanwhile are kept.
        Raises ``ValueError`` naming the wrong field (nothing saved),
        :class:`CardExists` if a card of that name is there and ``replace`` is
        False (ask the players first), ``ValueError`` for a built-in card,
        ``OSError`` if the file cannot be written (the
        card is still kept in memory).
        """
        parsed = self.kind.parse(card)
        self._read()
        key = _key(parsed["name"])
        if key in self._builtin:
            raise ValueError(f"{parsed['name']} is printed in the rulebook and cannot be changed")
        if key in self._cards and not replace:
            raise CardExists(f"{self._cards[key]['name']} is already in the catalogue")
        self._cards[key] = parsed
        self.save()
        return parsed

    def delete(self, name: str) -> None:
        """Remove the card called ``name`` and save. Raises ``KeyError`` if it is
        not there (or is built in), ``OSError`` if the file cannot be written."""
        self._read()
        if self._cards.pop(_key(name), None) is None:
            raise KeyError(f"{name} is not in the catalogue")
        self.save()

    def save(self) -> None:
        """Write the file: a temporary file beside it, fsync, ``os.replace``.
        Raises ``OSError``."""
        entries = list(self._cards.values()) + list(self._skipped)
        entries.sort(key=_sort_key)
        text = json.dumps(entries, indent=2, ensure_ascii=False) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # lazily: tempfile brings shutil, random... before the first frame

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
        self._cards, self._skipped, self.problems, self.notice, self.summary = {}, [], [], None, None
        try:
            odd = not_regular(self.path)  # a FIFO would hold the app in read() at its start
            if odd is not None:
                raise OSError(odd)
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as exc:
            self.notice = f"The card catalogue {self.path} cannot be read ({exc}); it starts empty."
            self.summary = f"{self.path.name} cannot be read"
            return
        if not raw.strip():
            return  # an empty file is an empty catalogue
        try:
            entries = _entries_with_lines(raw.decode("utf-8-sig"))  # a BOM (Windows' Notepad) is not damage
        except (UnicodeDecodeError, ValueError) as exc:
            self._move_aside(exc)
            return
        for line, entry in entries:
            try:
                card = self.kind.parse(entry)
                if _key(card["name"]) in self._cards:
                    raise ValueError("another card has the same name")
            except (ValueError, TypeError, KeyError, AttributeError) as exc:
                name = entry.get("name") if isinstance(entry, dict) else None
                label = f"line {line}" + (f" ({name!r})" if isinstance(name, str) else "")
                self.problems.append(f"{label}: {exc}")
                self._skipped.append(entry)
                continue
            self._cards[_key(card["name"])] = card
        if self.problems:
            shown = "; ".join(self.problems[:NOTICE_PROBLEMS]) + (
                f"; and {len(self.problems) - NOTICE_PROBLEMS} more" if len(self.problems) > NOTICE_PROBLEMS else "")
            n = len(self.problems)
            self.summary = f"{count(n, 'card')} in {self.path.name} {'is' if n == 1 else 'are'} kept out of play"
            it = "it" if n == 1 else "them"
            self.notice = f"{self.summary}: {shown}. Fix {it} in the file to use {it}."
            for problem in self.problems:  # every one, where the notice names only the first
                log.warning("card catalogue %s: %s", self.path, problem)

    def _move_aside(self, exc: Exception) -> None:
        try:
            moved = move_aside(self.path)
        except OSError as move_exc:
            self.notice = (f"The card catalogue {self.path} is damaged ({exc}) and could not be "
                           f"moved aside ({move_exc}); it starts empty.")
            self.summary = f"{self.path.name} is damaged"
            return
        self.notice = (f"The card catalogue was damaged ({exc}). It was moved to {moved} "
                       "and a new one was started.")
        self.summary = f"{self.path.name} was damaged and moved to {moved.name}"
        log.warning("%s", self.notice)


class Catalogues:
    """Every game's catalogues in one folder, loaded on first use.

    ``folder`` (default: the data directory). The file of a game's kind is
    ``kind.file`` when the game names one (30 to Mars's event cards keep their
    historic ``cards.json``), else ``<game id>.<kind>.json``.
    """

    def __init__(self, folder: Path | str | None = None):
        self.folder = Path(folder) if folder is not None else data_dir()
        self._loaded: dict[tuple[str, str], Catalogue] = {}

    def path(self, game_id: str, kind: CardKind) -> Path:
        """Where the catalogue of ``kind`` of ``game_id`` lives."""
        return self.folder / (kind.file or f"{game_id}.{kind.kind}.json")

    def get(self, game_id: str, kind: str) -> Catalogue:
        """The catalogue of card ``kind`` of ``game_id``; raises ``KeyError`` for a
        kind the game does not declare in ``CARD_KINDS``."""
        loaded = self._loaded.get((game_id, kind))
        if loaded is None:
            from companion.rules import get_game
            card_kind = get_game(game_id).CARD_KINDS[kind]
            loaded = self._loaded[(game_id, kind)] = Catalogue.load(self.path(game_id, card_kind), card_kind)
        return loaded


__all__ = ["CardExists", "Catalogue", "Catalogues"]
