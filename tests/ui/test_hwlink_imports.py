"""`--hw auto` on a machine without GPIO does not load gpiozero (3-4 MiB of
resident memory, issue 13 item 4); with a GPIO chip, or a pin factory named
the gpiozero way, it tries the buttons as before."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

PROBE = """
import sys
import companion.ui.hwlink as hwlink
hwlink.GPIO_CHIPS = sys.argv[1]
link = hwlink.HwLink("auto", "none")
link.start()
link.stop()
print("gpiozero" in sys.modules)
"""


def _gpiozero_loaded(chips: str, **env: str) -> bool:
    environ = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    environ.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **env)
    out = subprocess.run([sys.executable, "-c", PROBE, chips], env=environ, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1] == "True"


@pytest.mark.timeout(120)
def test_auto_without_a_gpio_chip_does_not_import_gpiozero(tmp_path):
    assert not _gpiozero_loaded(str(tmp_path / "gpiochip*"))


@pytest.mark.timeout(120)
def test_auto_with_a_gpio_chip_or_a_named_factory_tries_the_buttons(tmp_path):
    (tmp_path / "gpiochip0").write_text("")
    assert _gpiozero_loaded(str(tmp_path / "gpiochip*"))
    assert _gpiozero_loaded(str(tmp_path / "none*"), GPIOZERO_PIN_FACTORY="mock")


NOTICES = """
import companion.ui.hwlink as hwlink
link = hwlink.HwLink("auto", "none")
link.start()
link.stop()
print(link.notices)
"""


@pytest.mark.timeout(120)
@pytest.mark.parametrize("config", ["[pins\nnext = 5", "[pins]\nnext = -5\nback = 99999", 'hold_time = "long"'])
def test_auto_with_a_broken_buttons_file_says_the_buttons_do_not_work(tmp_path, config):
    """A tester's finding: a buttons.toml that cannot be read, or names no pins, left the buttons off with
    only a log line; the table is told (as with --hw pi), naming the problem."""
    (tmp_path / "mars-companion").mkdir()
    (tmp_path / "mars-companion" / "buttons.toml").write_text(config)
    environ = {k: v for k, v in os.environ.items()}
    environ.update(SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", GPIOZERO_PIN_FACTORY="mock",
                   XDG_CONFIG_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", NOTICES], env=environ, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    notices = out.stdout.strip().splitlines()[-1]
    assert "The GPIO buttons are not working" in notices, notices
