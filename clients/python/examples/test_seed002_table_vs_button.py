"""Seed 002 by selector: a tap on the table's row is taken by the background's tap recognizer (the
table's touches are cancelled), while a tap on the button is the button's own. The strict tap finds
each view by what a person reads, and the host's hit test decides where the finger lands."""

from scenehost import Host


def test_a_tap_on_a_table_row_becomes_the_background_tap(scene_host: Host) -> None:
    with scene_host.events() as events:
        # The row label takes no touches: the finger lands on the table behind it.
        assert scene_host.tap('scene=gesturelab [text="Row 1"]') == "table"
        events.expect(kind="Log", line="touches began")
        events.expect(kind="GestureStateChanged", recognizer="background-tap", state="ended")
        events.expect(kind="Log", line="Background tap")
        events.expect(kind="Log", line="touches cancelled")


def test_a_tap_on_the_button_is_the_button_s_alone(scene_host: Host) -> None:
    with scene_host.events() as events:
        assert scene_host.tap('scene=gesturelab Button[title="Button"]') == "button"
        events.expect(kind="ActionSent", action="buttonTapped", sender="button")
        events.expect(kind="Log", line="Button tapped")
        seq = scene_host.wait_for_idle()
        events.wait(seq)
    assert not [signal for signal in events.signals if signal.kind == "Log" and signal.line == "Background tap"]
