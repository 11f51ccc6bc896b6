"""Races other tools lose, won 1,000 times in a row: a tap right after a scene is activated, after a
double-tap recognizer's failure delay, and after a previous action moved the target (at once, or
0.3 s later on a timer). Each step: the host is idle (``wait_for_idle``) and ``tap(selector)`` hits
the target, whose action fires — every time.

The sequence of steps comes from a seed; ``SCENEHOST_RACE_SEED`` and ``SCENEHOST_RACE_COUNT`` replay
or lengthen it (defaults 16 and 1,000). On the virtual clock, so timers take no wall time; a short
real-clock run shows ``wait_for_idle`` waiting for the real failure delay.
"""

from __future__ import annotations

import os
import random

import pytest

import scenehost
from scenehost import Host

SEED = int(os.environ.get("SCENEHOST_RACE_SEED", "16"))
COUNT = int(os.environ.get("SCENEHOST_RACE_COUNT", "1000"))
STEPS = ("activate", "double-tap-delay", "moved", "moved-later")


def run(host: Host, rng: random.Random, count: int, virtual: bool) -> dict[str, int]:
    scene = host.scene("toolkit")
    window = host.window("toolkit")
    done = dict.fromkeys(STEPS, 0)
    with host.events() as events:
        for index in range(count):
            step = rng.choice(STEPS)
            if step == "activate":
                scene.deactivate()
                scene.activate()
            elif step == "double-tap-delay":
                assert window.tap(290, 70) == "taps"
                if virtual:
                    # Busy: the single tap waits for the double tap to fail...
                    with pytest.raises(scenehost.Timeout, match="double-tap on taps waits for tap 2 of 2"):
                        host.wait_for_idle(timeout=0)
                    host.advance_clock(0.35)
                    # ...which it did at 0.35 s of virtual time.
                events.expect(kind="Log", line="single tap", timeout=5)
            elif step == "moved":
                assert host.tap("#shuffle") == "shuffle"
            elif step == "moved-later":
                assert host.tap("#later") == "later"
                if virtual:
                    with pytest.raises(scenehost.Timeout, match="a timer of plugin, model or input-script code is armed"):
                        host.wait_for_idle(timeout=0)
                    host.advance_clock(0.3)
            host.wait_for_idle(timeout=5)
            assert host.tap("#target", timeout=0) == "target", f"step {index} ({step}), seed {SEED}"
            events.expect(kind="ActionSent", action="targetTapped", sender="target", timeout=5)
            done[step] += 1
        events.assert_no_gaps()
    return done


@pytest.mark.race
def test_a_thousand_taps_in_a_row_hit_the_target_on_the_virtual_clock(virtual_host: Host) -> None:
    done = run(virtual_host, random.Random(SEED), COUNT, virtual=True)
    assert sum(done.values()) == COUNT
    assert all(done.values()), f"every kind of step ran: {done}"


def test_on_the_real_clock_wait_for_idle_waits_out_the_delays(real_host: Host) -> None:
    done = run(real_host, random.Random(SEED), 8, virtual=False)
    assert sum(done.values()) == 8
