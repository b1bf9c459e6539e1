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
