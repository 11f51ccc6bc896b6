"""The pytest plugin, run on inner test files with pytester: the scene_host fixture, its marker and
option, failure artifacts, and assert_snapshot with --snapshot-update and diffs."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import TOOLKIT_CONFIG


def test_scene_host_starts_a_host_per_test_from_the_marker_or_the_option(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(f"""
        import pytest

        @pytest.mark.scenehost(config={str(TOOLKIT_CONFIG)!r}, clock="virtual")
        def test_marker(scene_host):
            assert scene_host.clock == "virtual"
            assert [scene.name for scene in scene_host.scenes] == ["toolkit", "findview", "gesturelab"]
            scene_host.window("toolkit").tap(290, 70)
            scene_host.advance_clock(1)

        def test_option(scene_host):
            assert scene_host.clock == "real"
            assert [scene.name for scene in scene_host.scenes] == ["toolkit", "findview", "gesturelab"]

        def test_each_test_has_its_own(scene_host):
            assert scene_host.now() < 1e9
            assert scene_host.window("toolkit").tap(80, 70) == "press"
        """)
    result = pytester.runpytest("--scenehost-config", str(TOOLKIT_CONFIG))
    result.assert_outcomes(passed=3)


def test_a_failing_test_leaves_snapshots_signals_and_the_log_and_names_them(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        def test_fails(scene_host):
            scene_host.window("findview").tap(240, 250)
            assert scene_host.window("findview").hit_test(240, 250) == "red"
        """)
    artifacts = pytester.path / "out"
    result = pytester.runpytest("--scenehost-artifacts", str(artifacts))
    result.assert_outcomes(failed=1)
    folder = artifacts / "test_a_failing_test_leaves_snapshots_signals_and_the_log_and_names_them.py_test_fails"
    result.stdout.fnmatch_lines(["*scenehost artifacts*", f"{folder}/signals.jsonl", f"{folder}/window-1-findview.png",
                                 f"{folder}/scene-host.log"])
    names = sorted(path.name for path in folder.iterdir())
    assert names == ["scene-host.log", "signals.jsonl", "window-1-findview.png", "window-2-gesturelab.png", "window-3-gallery.png",
                     "window-4-gallery.png", "window-5-settings.png"]
    signals = (folder / "signals.jsonl").read_text().splitlines()
    assert any('"kind": "Touch"' in line and '"view": "blue"' in line and '"phase": "ended"' in line for line in signals)
    assert (folder / "window-1-findview.png").read_bytes().startswith(b"\x89PNG")


def test_a_passing_test_leaves_nothing(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        def test_passes(scene_host):
            assert scene_host.window("findview").tap(240, 250) == "blue"
        """)
    artifacts = pytester.path / "out"
    pytester.runpytest("--scenehost-artifacts", str(artifacts)).assert_outcomes(passed=1)
    assert not artifacts.exists()


def test_a_bad_marker_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest

        @pytest.mark.scenehost(clocks="virtual")
        def test_typo(scene_host):
            pass
        """)
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*@pytest.mark.scenehost takes config and clock, not clocks*"])


def test_assert_snapshot_writes_goldens_with_snapshot_update_then_compares_exactly(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(f"""
        import pytest

        @pytest.mark.scenehost(config={str(TOOLKIT_CONFIG)!r}, clock="virtual")
        def test_look(scene_host, assert_snapshot):
            assert_snapshot(scene_host.window("findview"), "findview")
        """)
    missing = pytester.runpytest("--scenehost-artifacts", str(pytester.path / "out"))
    missing.assert_outcomes(failed=1)
    missing.stdout.fnmatch_lines(["*no golden snapshot*__snapshots__/findview.png*run pytest with --snapshot-update*"])
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=1)
    golden = pytester.path / "__snapshots__" / "findview.png"
    assert golden.read_bytes().startswith(b"\x89PNG")
    pytester.runpytest().assert_outcomes(passed=1)


def test_a_mismatch_writes_a_diff_and_names_the_views_over_the_changed_pixels(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(f"""
        import pytest

        @pytest.mark.scenehost(config={str(TOOLKIT_CONFIG)!r}, clock="virtual")
        def test_look(scene_host, assert_snapshot):
            window = scene_host.window("toolkit")
            if pytest.shuffled:
                assert scene_host.tap("#shuffle") == "shuffle"
            assert_snapshot(window, "toolkit")
        """)
    pytester.makeconftest("import pytest\npytest.shuffled = False\n")
    pytester.runpytest("--snapshot-update").assert_outcomes(passed=1)
    pytester.makeconftest("import pytest\npytest.shuffled = True\n")
    artifacts = pytester.path / "out"
    result = pytester.runpytest("--scenehost-artifacts", str(artifacts))
    result.assert_outcomes(failed=1)
    output = result.stdout.str()
    assert "snapshot toolkit differs from" in output
    # The target moved from its first place to its second: the pixels changed there, and the shuffle
    # button is drawn highlighted no more (it was tapped) — each view over them is named.
    assert "views whose frames cover them: target" in output, output
    folder = artifacts / "test_a_mismatch_writes_a_diff_and_names_the_views_over_the_changed_pixels.py_test_look"
    diff = folder / "toolkit.diff.png"
    actual = folder / "toolkit.actual.png"
    assert diff.read_bytes().startswith(b"\x89PNG") and actual.read_bytes().startswith(b"\x89PNG")
    assert f"diff: {diff}" in output
