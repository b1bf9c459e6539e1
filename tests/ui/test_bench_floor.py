"""The bench's floors are the bare programs issue 13 names, not the bench's own imports.

Issue 13, item 4: first frame "at most 2x the bare pygame-ce window", peak RSS "at most
1.35x the window + font floor". A floor run as a module of the bench carried its imports
(statistics, subprocess, tempfile, json: about 1.3 MiB and a seventh of the window's
start), which made every ratio look better than it was.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.ui import bench

pytestmark = pytest.mark.timeout(60)

#: what a bare window does not load: the app's modules and the bench's own imports (pygame itself loads
#: tempfile and pathlib)
NOT_IN_A_BARE_WINDOW = ("json", "statistics", "subprocess", "companion.rules",
                        "companion.ui.bench", "companion.ui.text", "companion.ui.app")


def test_the_floor_program_imports_nothing_of_the_app_or_the_bench(tmp_path):
    code = ("import sys, runpy; sys.argv = ['floor', 'window', sys.argv[1], '0']\n"
            "try:\n    runpy.run_module('companion.ui.floor', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m in %r or m.startswith('companion')))" % (NOT_IN_A_BARE_WINDOW,))
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], env=bench._env(), capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    *_, figures, loaded = out.stdout.strip().splitlines()
    assert eval(loaded) == ["companion", "companion.ui"]  # the packages holding it (run as __main__)
    data = json.loads(figures)
    assert data["maxrss_kb"] > 1000 and data["latency_ms"] == []


def test_the_font_floor_draws_the_apps_fonts_and_says_its_figures_as_json(tmp_path):
    argv = bench._floor_argv("font", tmp_path, 0)
    from companion.ui import text
    assert argv[-2:] == [text._font_path(False) or "-", text._font_path(True) or "-"]
    data = bench._floor("font", tmp_path)
    assert data["first_frame_s"] > 0 and data["maxrss_kb"] > 1000


def test_a_latency_floor_times_each_input(tmp_path):
    data = bench._floor("die", tmp_path, 3)
    assert len(data["latency_ms"]) == 3 and all(0 < ms < 5000 for ms in data["latency_ms"])


def test_a_floor_asked_wrongly_says_its_usage(tmp_path):
    out = subprocess.run([sys.executable, "-m", "companion.ui.floor", "sofa", str(tmp_path), "0"],
                         env=bench._env(), capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "usage: python -m companion.ui.floor window|font|press|die" in out.stderr
