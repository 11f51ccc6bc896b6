"""Seed 002 by selector: a quick tap on a table row is taken by the background's tap recognizer, and
the row never sees the touch (its touchesBegan was still held back by the table's 150 ms content-touch
delay); a slower press reaches the row, which the tap then cancels; a tap on the button is the
button's own. The strict tap finds each view by what a person reads, and the host's hit test decides
where the finger lands."""

from scenehost import Host


def test_a_tap_on_a_table_row_becomes_the_background_tap(scene_host: Host) -> None:
    with scene_host.events() as events:
        # The row's label takes no touches: the finger lands on the row's cell behind it.
        assert scene_host.tap('scene=gesturelab [text="Row 1"]') == "row-1"
        events.expect(kind="GestureStateChanged", recognizer="background-tap", state="ended")
        events.expect(kind="Log", line="Background tap")
        seq = scene_host.wait_for_idle()
        events.wait(seq)
    rows = [signal.line for signal in events.signals if signal.kind == "Log" and signal.line.startswith(("Row ", "Selected"))]
    assert rows == [], "a quick tap never reaches the row, and selects nothing"


def test_a_slower_press_on_a_row_reaches_it_and_is_cancelled_by_the_background_tap(scene_host: Host) -> None:
    with scene_host.events() as events:
        # Row 1 spans window y 60…104; held 0.3 s, past the 150 ms delay and within the tap's 0.75 s.
        assert scene_host.window("gesturelab").long_press(100, 82, seconds=0.3) == "row-1"
        events.expect(kind="Log", line="Row 1 touches began")
        events.expect(kind="Log", line="Background tap")
        events.expect(kind="Log", line="Row 1 touches cancelled")
        seq = scene_host.wait_for_idle()
        events.wait(seq)
    assert not [signal for signal in events.signals if signal.kind == "Log" and signal.line.startswith("Selected")]


def test_a_tap_on_the_button_is_the_button_s_alone(scene_host: Host) -> None:
    with scene_host.events() as events:
        assert scene_host.tap('scene=gesturelab Button[title="Button"]') == "button"
        events.expect(kind="Log", line="Button touches began")
        events.expect(kind="ActionSent", action="buttonTapped", sender="button")
        events.expect(kind="Log", line="Button tapped")
        seq = scene_host.wait_for_idle()
        events.wait(seq)
    assert not [signal for signal in events.signals if signal.kind == "Log" and signal.line == "Background tap"]
