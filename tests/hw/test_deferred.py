"""gpiozero imported without the modules our buttons never use, its package's
``__init__`` among them (hw/deferred.py,
issue 13 item 4: peak RSS): real mock pins pressed, the deferred modules not
loaded; anything that asks them later gets the real modules. Each probe runs in
a fresh interpreter (``sys.modules`` is what is measured)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

DEFERRED = ("importlib.metadata", "email", "zipfile", "statistics", "colorzero", "fractions", "decimal", "pprint",
            # what gpiozero's own __init__ imports and our buttons never use (the mock pins'
            # software SPI imports the output devices, so they are not here)
            "gpiozero.boards", "gpiozero.spi_devices", "gpiozero.internal_devices", "subprocess")

PRESS = """
import json, sys
from hw.mock import mock_buttons
events = []
buttons = mock_buttons(events.append)
pin = buttons.pins["next"]
pin.drive_low(); pin.drive_high()
import time; time.sleep(0.3)
buttons.close()
loaded = sorted(m for m in sys.modules if type(sys.modules[m]).__name__ != "DeferredModule")
print(json.dumps({"events": [e.command for e in events if e.command], "loaded": loaded}))
"""

LATER = """
import json, sys
from hw.deferred import import_gpiozero
gpiozero = import_gpiozero()
import importlib.metadata
version = importlib.metadata.version("pyserial")           # any attribute: the real module, loaded now
from statistics import median, stdev                          # a name gpiozero does not take: the real one
import colorzero
from gpiozero.mixins import median as gz_median               # gpiozero's own forwarding function
from gpiozero.output_devices import Color                     # called, as gpiozero calls it
from gpiozero import LED, DigitalInputDevice                  # a name of the package: its __init__ runs now
import gpiozero.input_devices
print(json.dumps({"version": version, "stdev": stdev([1, 2, 3]), "median": gz_median([3, 1, 2]),
                  "color": str(Color("red").html), "real": type(sys.modules["importlib.metadata"]).__name__,
                  "colorzero": type(sys.modules["colorzero"]).__name__, "attr": colorzero.Color.__name__,
                  "has_sub": "importlib.metadata._meta" in sys.modules,
                  "led": LED.__name__, "same": DigitalInputDevice is gpiozero.input_devices.DigitalInputDevice,
                  "boards": "gpiozero.boards" in sys.modules, "pi_info": callable(gpiozero.pi_info)}))
"""


def _run(code: str, **env: str) -> dict:
    environ = {k: v for k, v in os.environ.items() if k != "GPIOZERO_PIN_FACTORY"}
    environ.update(env)
    out = subprocess.run([sys.executable, "-c", code], env=environ, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.timeout(120)
def test_mock_buttons_work_without_loading_what_gpiozero_does_not_need():
    out = _run(PRESS)
    assert out["events"] == ["next"]
    assert "gpiozero" in out["loaded"]
    assert not set(DEFERRED) & set(out["loaded"]), set(DEFERRED) & set(out["loaded"])


@pytest.mark.timeout(120)
def test_whoever_asks_a_deferred_module_later_gets_the_real_one():
    out = _run(LATER)
    assert out["version"] and out["stdev"] == 1.0 and out["median"] == 2
    assert out["color"] == "#ff0000"
    assert out["real"] == "module" and out["colorzero"] == "module" and out["has_sub"] and out["attr"] == "Color"
    assert out["led"] == "LED" and out["same"] and out["boards"] and out["pi_info"]


@pytest.mark.timeout(120)
def test_a_pin_factory_named_the_gpiozero_way_is_still_found():
    """GPIOZERO_PIN_FACTORY=mock and no factory given: gpiozero looks the name up
    with entry_points, which loads the real importlib.metadata then."""
    code = ("import json, sys\nfrom hw.buttons import Buttons\nb = Buttons(lambda e: None).start()\n"
            "print(json.dumps({'factory': type(next(iter(b.pins.values()))).__name__,"
            " 'meta': type(sys.modules['importlib.metadata']).__name__}))\nb.close()")
    out = _run(code, GPIOZERO_PIN_FACTORY="mock", XDG_CONFIG_HOME="/nonexistent")
    assert out["factory"] == "MockPin" and out["meta"] == "module"
