"""The control channel's ``stats`` with ``since`` (issue 13, peak memory): the bench asks after every sample
for the frame of that sample only, not for a reply holding the last 500 pairs of every source, whose
building at every sample raised the app's peak memory by about 0.4 MiB over a bench run (the figure it measures)."""
from __future__ import annotations

import time

import pytest

from companion.ui import control


def ask(app, **req):
    out: list = []
    control.handle_request(app, {**req, "_reply": out.append})
    return out[0]


@pytest.mark.timeout(30)
def test_stats_since_answers_only_the_inputs_at_or_after_it(make_driver):
    d = make_driver((800, 480))
    app = d.app
    t = time.monotonic()
    app.latency["button"][:] = [(t - 3.0, t - 2.9), (t - 2.0, t - 1.9), (t, t + 0.01)]
    app.latency["tap"][:] = [(t - 1.0, t - 0.9)]
    every = ask(app, cmd="stats")["latency"]
    assert len(every["button"]) == 3 and len(every["tap"]) == 1
    newest = ask(app, cmd="stats", since=t - 1.5)["latency"]
    assert newest == {"button": [(t, t + 0.01)], "die": [], "tap": [(t - 1.0, t - 0.9)]}
    assert ask(app, cmd="stats", since=t + 1)["latency"] == {"button": [], "die": [], "tap": []}


@pytest.mark.timeout(30)
@pytest.mark.parametrize("since", ["12", True, [1]])
def test_stats_since_that_is_no_time_is_refused_with_its_reason(make_driver, since):
    d = make_driver((800, 480))
    answer = ask(d.app, cmd="stats", since=since)
    assert "since is a time.monotonic()" in answer["error"]
