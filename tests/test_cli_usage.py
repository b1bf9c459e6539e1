"""``companion <command> --unknown``: the command's own usage and the error, exit status 2."""
import pytest

from companion.cli import COMMANDS, main


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_unknown_option_of_a_subcommand_shows_that_subcommands_usage(capsys, command):
    """Found by a review: `companion status --frobnicate` printed the top-level usage
    ("companion [-h] COMMAND ..."), which does not say what status takes."""
    with pytest.raises(SystemExit) as exc:
        main([command, "--frobnicate"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: companion {command} [-h]"), err
    assert f"companion {command}: error: unrecognized arguments: --frobnicate" in err, err


def test_an_unknown_option_alone_is_plays(capsys):
    """`companion --frobnicate` is `companion play --frobnicate` (companion alone starts play)."""
    with pytest.raises(SystemExit) as exc:
        main(["--frobnicate"])
    assert exc.value.code == 2
    assert capsys.readouterr().err.startswith("usage: companion play [-h]")


def test_an_unknown_command_still_shows_the_commands(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: companion [-h] COMMAND") and "invalid choice: 'frobnicate'" in err, err


@pytest.mark.parametrize("size,ok", [("800x480", True), ("480x320", True), ("3840x2160", True), ("2160x3840", True),
                                     ("200x200", False), ("8000x8000", False), ("4000x480", False), ("800x0", False)])
def test_play_takes_a_size_from_a_small_panel_to_a_4k_screen(size, ok, capsys):
    """``--size`` extremes (a tester's finding): 8000x8000 was taken, a 244 MiB surface a frame. A size
    from 320 to 3840 pixels each way is taken; another is refused with the range, exit status 2."""
    from companion.cmd_play import _size
    if ok:
        w, h = (int(x) for x in size.split("x"))
        assert _size(size) == (w, h)
        return
    with pytest.raises(SystemExit) as exc:
        main(["play", "--size", size, "--hw", "mock"])
    assert exc.value.code == 2
    assert "between 320 and 3840 pixels" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["status", "log"])
def test_game_and_id_are_one_or_the_other(capsys, command):
    """A tester's finding: `companion log --game thirty-to-mars --id 1` ignored --id and said "No game in
    progress." with exit status 0, though game 1 was there. Both together are a usage error."""
    with pytest.raises(SystemExit) as exc:
        main([command, "--game", "thirty-to-mars", "--id", "1"])
    assert exc.value.code == 2
    assert "argument --id: not allowed with argument --game" in capsys.readouterr().err


@pytest.mark.parametrize("count", ["-1", "0", "two"])
def test_the_die_count_is_one_or_more(capsys, count):
    """A tester's finding: `companion die --count -1` was taken."""
    with pytest.raises(SystemExit) as exc:
        main(["die", "--count", count])
    assert exc.value.code == 2
    assert "argument --count:" in capsys.readouterr().err


@pytest.mark.parametrize("interval", ["-1", "nan", "inf", "soon", "1e-300", "0.001"])
def test_the_die_simulator_interval_is_zero_or_more_seconds(capsys, interval):
    """A tester's finding: `companion die-sim --interval -1` was taken (as 0: roll on Enter), and 1e-300 rolled
    in a tight loop: 0 or 0.01 seconds or more."""
    with pytest.raises(SystemExit) as exc:
        main(["die-sim", f"--interval={interval}"])
    assert exc.value.code == 2
    assert "argument --interval:" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["status", "log", "games", "play"])
def test_an_empty_db_path_is_refused_by_argparse(capsys, command):
    """A fresh user's finding: `status --db ""` said "The saved games file . is not a regular file (it is a
    folder)": an empty name is no file name, said as such (exit 2)."""
    with pytest.raises(SystemExit) as exc:
        main([command, "--db", ""])
    assert exc.value.code == 2
    assert "argument --db: give the saved games file's name" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["status", "log", "games", "play"])
def test_a_db_in_a_folder_that_does_not_exist_is_refused_by_argparse(tmp_path, capsys, monkeypatch, command):
    """A tester's finding: `companion play --db /nonexistent/dir/x.sqlite3` made the missing folders and started a
    fresh, empty game there, and the table thought its game was lost. An explicit --db whose folder does not exist
    is one line naming the folder, exit 2, and nothing is made."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):  # were it taken, play stops at once: no display
        monkeypatch.delenv(name, raising=False)
    folder = tmp_path / "no" / "such"
    with pytest.raises(SystemExit) as exc:
        main([command, "--db", str(folder / "x.sqlite3")])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"companion {command}: error: argument --db: the folder {folder} does not exist" in err, err
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("command", ["status", "play"])
def test_a_db_under_a_file_is_refused_by_argparse(tmp_path, capsys, monkeypatch, command):
    """A --db whose folder is a file (`--db notes.txt/x.sqlite3`) is said as such, exit 2."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "notes.txt").write_text("")
    with pytest.raises(SystemExit) as exc:
        main([command, "--db", str(tmp_path / "notes.txt" / "x.sqlite3")])
    assert exc.value.code == 2
    assert f"argument --db: {tmp_path / 'notes.txt'} is not a folder" in capsys.readouterr().err


@pytest.mark.parametrize("given", ["no/such", "no/such/cards.json", "notes.txt"])
def test_a_catalogue_folder_that_does_not_exist_is_refused_by_argparse(tmp_path, capsys, monkeypatch, given):
    """A tester's finding: `companion play --catalogue DIR` made a mistyped folder and showed an empty catalogue
    (every card to type in again). A --catalogue that is not an existing folder, or a .json file in one, is one
    line naming it, exit 2, and nothing is made."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    (tmp_path / "notes.txt").write_text("")
    with pytest.raises(SystemExit) as exc:
        main(["play", "--db", str(tmp_path / "x.sqlite3"), "--catalogue", str(tmp_path / given)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    folder = tmp_path / ("notes.txt" if given == "notes.txt" else "no/such")
    says = "is not a folder" if given == "notes.txt" else "does not exist"
    assert f"companion play: error: argument --catalogue: " in err and f"{folder} {says}" in err, err
    assert not (tmp_path / "no").exists() and not (tmp_path / "x.sqlite3").exists()


@pytest.mark.parametrize("option,value,says", [
    ("--samples", "-1", "is from 1 to 10,000, not -1"), ("--samples", "0", "is from 1 to 10,000"),
    ("--idle-s", "nan", "is from 1 to 600, not nan"), ("--idle-s", "-5", "is from 1 to 600"),
    ("--log-size", "1000000000000", "is from 0 to 100,000"), ("--finished", "-3", "is from 0 to 10,000"),
    ("--starts", "0", "is from 1 to 100"), ("--samples", "two", "'two' is not a whole number")])
def test_the_bench_refuses_numbers_out_of_range_before_measuring(capsys, monkeypatch, option, value, says):
    """A tester's finding: `companion bench --samples -1`, `--idle-s nan` or `--log-size 10**12` were taken (the
    last built a database for ever). Each numeric option has a range, said in --help; outside it, exit 2 at once."""
    import companion.ui.bench as bench
    monkeypatch.setattr(bench, "main", lambda **kw: pytest.fail(f"the bench ran with {kw}"))
    with pytest.raises(SystemExit) as exc:
        main(["bench", option, value])
    assert exc.value.code == 2
    assert f"companion bench: error: argument {option}: {says}" in capsys.readouterr().err


def test_an_existing_catalogue_folder_or_a_json_file_in_one_is_taken(tmp_path):
    """The --catalogue check lets through what play uses: an existing folder, or a .json file in one (new or not)."""
    from companion.cli import build_parser
    for given in (tmp_path, tmp_path / "cards.json"):
        args = build_parser().parse_args(["play", "--db", str(tmp_path / "x.sqlite3"), "--catalogue", str(given)])
        assert args.catalogue == given
