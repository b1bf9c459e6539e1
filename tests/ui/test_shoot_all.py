"""The screenshot scripts' command line (``driver.shoot_all``): a picture kept in the docs that a run no
longer takes is said, and the run fails, so that a stale picture is not kept unseen (the Race to Mars script
had skipped its play dialog without a word after its random game changed course)."""
from __future__ import annotations

from pathlib import Path

from companion.ui.driver import shoot_all


def test_a_kept_picture_not_taken_again_fails_the_run(tmp_path, capsys, monkeypatch):
    kept = tmp_path / "docs"
    kept.mkdir()
    for name in ("01-a-800x480.png", "02-b-800x480.png"):
        (kept / name).write_bytes(b"png")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")

    def shoot(out: Path, size: tuple[int, int]) -> list[Path]:
        return [out / f"01-a-{size[0]}x{size[1]}.png"]

    assert shoot_all(shoot, ["script", str(tmp_path / "out")], str(kept), [(800, 480)]) == 1
    assert "02-b-800x480.png" in capsys.readouterr().err

    def shoot_both(out: Path, size: tuple[int, int]) -> list[Path]:
        return [out / f"0{i}-{n}-{size[0]}x{size[1]}.png" for i, n in ((1, "a"), (2, "b"))]

    assert shoot_all(shoot_both, ["script", str(tmp_path / "out")], str(kept), [(800, 480)]) == 0
