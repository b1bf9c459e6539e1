"""Where the companion keeps its files.

The data directory is ``$STATE_DIRECTORY`` when systemd's ``StateDirectory=``
sets it (the kiosk unit), else the XDG data dir from ``platformdirs``
(``~/.local/share/mars-companion`` on Linux). ``--db PATH`` on the command
line overrides the database path; nothing here creates directories.
"""
from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "mars-companion"
DB_NAME = "companion.sqlite3"
CATALOGUE_NAME = "cards.json"


def data_dir() -> Path:
    """The directory for the database and the card catalogue (not created here).

    systemd may pass several colon-separated directories in
    ``STATE_DIRECTORY``; the first one is used.
    """
    state_dir = os.environ.get("STATE_DIRECTORY", "").split(":")[0].strip()
    if state_dir:
        return Path(state_dir)
    import platformdirs  # imported lazily: only needed off systemd

    return Path(platformdirs.user_data_path(APP_NAME))


def default_db_path() -> Path:
    """``<data dir>/companion.sqlite3``: the game store."""
    return data_dir() / DB_NAME


def db_argument(text: str) -> Path:
    """``--db PATH``'s value: a file name in a folder that exists. argparse says an empty name (it would name the
    folder ".") and a folder that does not exist, or is not a folder, and exits 2: a mistyped ``--db`` made its
    folders and started a fresh, empty game there, and the table thought its game was lost. Only the default
    path (:func:`default_db_path`, the kiosk's) has its folder made. A folder that cannot be looked into
    (permissions) is let through: the store says what it meets. Raises ``argparse.ArgumentTypeError``."""
    import argparse
    if not text.strip():
        raise argparse.ArgumentTypeError("give the saved games file's name (it is empty)")
    path = Path(text)
    _existing_folder(path.parent)
    return path


def catalogue_argument(text: str) -> Path:
    """``--catalogue DIR``'s value: a folder that exists, or a ``.json`` file in one (which names its folder).
    A mistyped folder is refused as :func:`db_argument` refuses one (it was made, and the table saw an empty
    catalogue: every card to type in again). Raises ``argparse.ArgumentTypeError``."""
    import argparse
    if not text.strip():
        raise argparse.ArgumentTypeError("give the catalogues' folder (it is empty)")
    path = Path(text)
    _existing_folder(path.parent if path.suffix == ".json" else path)
    return path


def _existing_folder(folder: Path) -> None:
    """Raise ``argparse.ArgumentTypeError`` when ``folder`` does not exist or is not a folder; one that cannot
    be looked into (permissions) passes: what opens it later says what it meets."""
    import argparse
    import stat
    try:
        is_folder = stat.S_ISDIR(os.stat(folder).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        raise argparse.ArgumentTypeError(
            f"the folder {folder} does not exist (check the path, or create the folder first)") from None
    except OSError:
        return
    if not is_folder:
        raise argparse.ArgumentTypeError(f"{folder} is not a folder (check the path)")


def default_catalogue_path() -> Path:
    """``<data dir>/cards.json``: the event card catalogue players can edit."""
    return data_dir() / CATALOGUE_NAME


def not_regular(path: Path | str) -> str | None:
    """``"<path> is not a regular file (it is a FIFO)"`` when ``path`` exists and is not a regular file (a
    FIFO, a device, a folder, a socket), else None. Looked at with ``stat`` only: opening a FIFO would wait for
    a writer (the saved games file, a card catalogue, a screenshot's path)."""
    import stat
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    kind = ("a FIFO" if stat.S_ISFIFO(mode) else "a character device" if stat.S_ISCHR(mode)
            else "a block device" if stat.S_ISBLK(mode) else "a folder" if stat.S_ISDIR(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a file")
    return f"{path} is not a regular file (it is {kind})"


def move_aside(path: Path, sidecars: tuple[str, ...] = ()) -> Path:
    """Rename a damaged ``path`` to ``<name>.damaged-<UTC timestamp>`` and return the new path.

    Each existing sidecar file ``<path><suffix>`` (SQLite's ``-wal``/``-shm``)
    moves with it to ``<new path><suffix>``, so SQLite still sees them as one
    database when someone opens the moved copy to rescue it. A number is added
    if the name is taken. Raises ``OSError`` if the rename fails.
    """
    from datetime import datetime, timezone

    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while any(Path(f"{target}{s}").exists() for s in ("", *sidecars)):
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, target)
    for suffix in sidecars:
        side = Path(f"{path}{suffix}")
        if side.exists():
            os.replace(side, Path(f"{target}{suffix}"))
    return target
