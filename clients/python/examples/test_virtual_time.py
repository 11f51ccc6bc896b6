"""A long press and a double tap on the virtual clock: no waiting in real time, the same signals every
run. Time moves only with the input's own delays and ``advance_clock``."""

from pathlib import Path

import pytest

import scenehost
from scenehost import Host

CONFIG = str(Path(__file__).with_name("toolkit.yaml"))


@pytest.mark.scenehost(config=CONFIG, clock="virtual")
def test_a_long_press_begins_at_half_a_second_of_virtual_time(scene_host: Host) -> None:
    with scene_host.events() as events:
        assert scene_host.window("toolkit").long_press(100, 70, seconds=0.6) == "press"
        began = events.expect(kind="GestureStateChanged", recognizer="long-press", state="began")
        events.expect(kind="Log", line="long press began")
        events.expect(kind="Log", line="long press ended")
        ended = events.expect(kind="Touch", view="press", phase="ended")
    assert ended.timestamp == pytest.approx(0.6)
    assert began.seq < ended.seq
    assert scene_host.now() == pytest.approx(0.6)


@pytest.mark.scenehost(config=CONFIG, clock="virtual")
def test_a_single_tap_waits_for_the_double_tap_until_the_clock_passes_its_deadline(scene_host: Host) -> None:
    window = scene_host.window("gesturelab")
    with scene_host.events() as events:
        assert window.tap(100, 440) == "taps"
        with pytest.raises(scenehost.Timeout, match="double-tap on taps waits for tap 2 of 2"):
            scene_host.wait_for_idle(timeout=0)
        scene_host.advance_clock(0.35)
        events.expect(kind="Log", line="Single tap")
        scene_host.wait_for_idle(timeout=0)

        assert window.tap(100, 440, count=2) == "taps"
        events.expect(kind="Log", line="Double tap")
        seq = scene_host.wait_for_idle(timeout=0)
        events.wait(seq)
    assert [signal.line for signal in events.signals if signal.kind == "Log"] == ["Single tap", "Double tap"]
