"""A snapshot assertion: FindView's window against ``__snapshots__/findview.png``, pixel for pixel
(rendering is deterministic). ``pytest --snapshot-update`` rewrites the golden; a mismatch writes a
diff image and names the views over the changed pixels."""

from collections.abc import Callable
from pathlib import Path

from scenehost import Host, Window


def test_findview_looks_as_it_did(scene_host: Host, assert_snapshot: Callable[[Window, str], Path]) -> None:
    assert_snapshot(scene_host.window("findview"), "findview")


def test_a_tap_changes_no_pixel(scene_host: Host, assert_snapshot: Callable[[Window, str], Path]) -> None:
    window = scene_host.window("findview")
    window.tap(240, 250)
    assert_snapshot(window, "findview")
