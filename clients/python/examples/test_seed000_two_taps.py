"""Seed 000: two taps in FindView, and the trace each leaves — hit testing from the front, the touch
methods from the hit view up the responder chain. One host (the demo configuration) per test."""

from scenehost import Host

BLUE = [
    "yellowColorView, YellowView.hitTest(_:with:)", "yellowColorView, YellowView.point(inside:with:)",
    "lightGrayColorView, GrayView.hitTest(_:with:)", "lightGrayColorView, GrayView.point(inside:with:)",
    "blueColorView, BlueView.hitTest(_:with:)", "blueColorView, BlueView.point(inside:with:)",
    "blueColorView, BlueView.touchesBegan(_:with:)", "lightGrayColorView, GrayView.touchesBegan(_:with:)",
    "vc, FindViewViewController.touchesBegan(_:with:)",
    "blueColorView, BlueView.touchesEnded(_:with:)", "lightGrayColorView, GrayView.touchesEnded(_:with:)",
    "vc, FindViewViewController.touchesEnded(_:with:)",
]


def test_a_tap_on_blue_is_hit_tested_front_to_back_and_climbs_the_responder_chain(scene_host: Host) -> None:
    window = scene_host.window("findview")
    with scene_host.events() as events:
        assert window.tap(240, 250) == "blue"
        for line in BLUE:
            events.expect(kind="Log", line=line)
        events.expect(kind="Touch", view="blue", phase="ended")


def test_a_tap_on_red_then_reaches_red(scene_host: Host) -> None:
    window = scene_host.window("findview")
    assert window.tap(240, 250) == "blue"
    with scene_host.events() as events:
        assert window.tap(100, 150) == "red"
        began = events.expect(kind="Touch", phase="began")
        assert began.view == "red"
        events.expect(kind="Log", line="redColorView, RedView.touchesBegan(_:with:)")
        events.expect(kind="Touch", view="red", phase="ended")
