"""A pinch as W3C actions: the body an Appium client sends for a zoom, unchanged, drives GestureLab's
pinch recognizer (on the virtual clock the half second of movement takes no wall time)."""

from pathlib import Path

import pytest

from scenehost import Host

CONFIG = str(Path(__file__).with_name("toolkit.yaml"))


def finger(name: str, start_x: float, end_x: float) -> dict[str, object]:
    return {
        "type": "pointer", "id": name, "parameters": {"pointerType": "touch"},
        "actions": [
            {"type": "pointerMove", "duration": 0, "x": start_x, "y": 670, "origin": "viewport"},
            {"type": "pointerDown", "button": 0},
            {"type": "pause", "duration": 100},
            {"type": "pointerMove", "duration": 500, "x": end_x, "y": 670, "origin": "viewport"},
            {"type": "pointerUp", "button": 0},
        ],
    }


@pytest.mark.scenehost(config=CONFIG, clock="virtual")
def test_two_fingers_moving_apart_zoom_the_canvas(scene_host: Host) -> None:
    canvas = scene_host.window("gesturelab")
    with scene_host.events() as events:
        # 60 points apart, then 200: a scale of 200 / 60.
        hits = canvas.perform_actions({"actions": [finger("finger1", 165, 95), finger("finger2", 225, 295)]})
        assert hits == ["canvas", "canvas"]
        events.expect(kind="GestureStateChanged", recognizer="pinch", state="began")
        events.expect(kind="GestureStateChanged", recognizer="pinch", state="ended")
        events.expect(kind="Log", line="pinch ended scale=3.3333")
