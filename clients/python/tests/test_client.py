"""The client against the real host: starting and finding hosts, windows, input, selectors, idle,
virtual time, W3C actions, trees, snapshots and errors."""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import scenehost
from scenehost import Host
from scenehost._process import find_scene_host

from conftest import TOOLKIT_CONFIG


def test_start_gives_a_private_host_with_its_scenes_and_close_stops_it(tmp_path: Path) -> None:
    host = Host.start(TOOLKIT_CONFIG)
    processes = host._processes
    assert processes is not None
    assert [scene.name for scene in host.scenes] == ["toolkit", "findview", "gesturelab"]
    assert host.clock == "real"
    # Host1.Version: the host version with the git commit as build metadata, 1.1.0+cb472416a501.
    assert re.fullmatch(r"\d+\.\d+\.\d+\+([0-9a-f]{12}|unknown)", host.version), host.version
    assert "host ready" in host.log() or host.log() == "" or "scenes connected" in host.log()
    host.close()
    assert processes.host is not None and processes.host.returncode == 0, "stopped cleanly with SIGTERM"
    assert not processes.folder.exists()


def test_a_killed_test_process_leaves_no_bus_or_host_behind(tmp_path: Path) -> None:
    """A test run killed with SIGKILL (a CI job's timeout) takes its private bus and host with it:
    both get SIGTERM from the kernel as the process that started them dies."""
    starter = tmp_path / "starter.py"
    starter.write_text(textwrap.dedent("""
        import sys
        from scenehost import Host
        host = Host.start(sys.argv[1])
        print(host._processes.host.pid, host._processes.bus.process.pid, flush=True)
        sys.stdin.read()  # until killed
    """), encoding="utf-8")
    process = subprocess.Popen([sys.executable, str(starter), str(TOOLKIT_CONFIG)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stderr is not None
    line = process.stdout.readline()
    if not line:
        process.kill()
        pytest.fail(f"the starter printed no pids; it said: {process.stderr.read()}")
    pids = [int(word) for word in line.split()]
    watched = {os.pidfd_open(pid): pid for pid in pids}
    try:
        process.kill()
        process.wait()
        deadline = time.monotonic() + 20
        running = set(watched)
        while running and (left := deadline - time.monotonic()) > 0:
            ended, _, _ = select.select(list(running), [], [], left)
            running -= set(ended)
        assert not running, f"still running 20 s after the test process was killed: pids {[watched[fd] for fd in running]}"
    finally:
        for descriptor, pid in watched.items():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.close(descriptor)


def test_a_host_nobody_closes_is_stopped_and_its_folder_removed(tmp_path: Path) -> None:
    """A test that never closes its host: when the host object is collected, and when the test process
    exits, the host and its bus are stopped and their folder is removed (the folders were left in
    $TMPDIR before)."""
    starter = tmp_path / "starter.py"
    starter.write_text(textwrap.dedent("""
        import gc, os, sys
        from scenehost import Host
        dropped = Host.start(sys.argv[1])
        folder, pids = dropped._processes.folder, [dropped._processes.host.pid, dropped._processes.bus.process.pid]
        del dropped
        gc.collect()
        print("collected:", folder.exists(), [os.path.exists(f"/proc/{pid}") and open(f"/proc/{pid}/stat").read().split()[2] != "Z" for pid in pids], flush=True)
        kept = Host.start(sys.argv[1])
        print(kept._processes.folder, kept._processes.host.pid, kept._processes.bus.process.pid, flush=True)
        # exits without closing it
    """), encoding="utf-8")
    finished = subprocess.run([sys.executable, str(starter), str(TOOLKIT_CONFIG)], capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    collected, at_exit = finished.stdout.splitlines()
    assert collected == "collected: False [False, False]", finished.stdout
    folder, *pids = at_exit.split()
    assert not Path(folder).exists(), f"{folder} left after the test process exited"
    for pid in pids:
        assert not Path(f"/proc/{pid}").exists(), f"process {pid} still running after the test process exited"


def test_a_missing_scene_host_is_named(tmp_path: Path) -> None:
    with pytest.raises(scenehost.HostStartFailed, match=re.escape(f"cannot run {tmp_path / 'nothing'}: it is not an executable file")):
        Host.start(executable=tmp_path / "nothing")


def test_a_bad_configuration_fails_to_start_with_the_host_s_own_message(tmp_path: Path) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text("scenes:\n  - name: bad name\n    plugin: FindView\n", encoding="utf-8")
    with pytest.raises(scenehost.HostStartFailed) as failure:
        Host.start(config)
    assert "exited with status 78" in str(failure.value)
    assert "scenes[0].name" in str(failure.value)


def test_an_unknown_clock_is_refused_before_anything_starts() -> None:
    with pytest.raises(scenehost.InvalidValue, match="clock 'fast' is not a clock"):
        Host.start(clock="fast")


def test_connect_finds_the_host_as_scenectl_does(real_host: Host, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # An explicit address, then SCENEHOST_BUS_ADDRESS, then a published private bus.
    with Host.connect(real_host.address) as found:
        assert found.window(2).tap(240, 250) == "blue"
    monkeypatch.setenv("SCENEHOST_BUS_ADDRESS", real_host.address)
    with Host.connect() as found:
        assert [scene.name for scene in found.scenes] == ["toolkit", "findview", "gesturelab"]
    monkeypatch.delenv("SCENEHOST_BUS_ADDRESS")
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    (tmp_path / "scenehost").mkdir()
    (tmp_path / "scenehost" / "bus-address").write_text(real_host.address + "\n", encoding="utf-8")
    with Host.connect() as found:
        assert found.find("#blue") == [scenehost.Match("/org/scenehost/SceneHost/window/2", "blue")]


def test_connect_with_no_host_anywhere_says_where_it_looked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SCENEHOST_BUS_ADDRESS", raising=False)
    monkeypatch.delenv("DBUS_SESSION_BUS_ADDRESS", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    with pytest.raises(scenehost.HostNotFound, match="no scene-host found: DBUS_SESSION_BUS_ADDRESS is not set"):
        Host.connect()
    with pytest.raises(scenehost.HostNotFound, match="cannot connect to the bus at unix:path=/nonexistent"):
        Host.connect("unix:path=/nonexistent/bus")


def test_windows_by_number_path_scene_and_title(real_host: Host) -> None:
    assert real_host.window("findview").title == "FindView"
    assert real_host.window(2) == real_host.window("window/2") == real_host.window("/org/scenehost/SceneHost/window/2")
    assert real_host.window("toolkit/Toolkit").number == 1
    assert [window.number for window in real_host.windows()] == [1, 2, 3]
    with pytest.raises(scenehost.UnknownObject, match="no scene or window 'nowhere'"):
        real_host.window("nowhere")


def test_tap_events_and_expectations(virtual_host: Host) -> None:
    window = virtual_host.window("findview")
    with virtual_host.events() as events:
        assert window.tap(240, 250) == "blue"
        # In order: the view logs its touchesEnded, then the host signals the touch's end.
        line = events.expect(kind="Log", line="blueColorView, BlueView.touchesEnded(_:with:)")
        ended = events.expect(kind="Touch", view="blue", phase="ended")
        assert ended.timestamp == pytest.approx(0.05) and ended.tapCount == 1
        assert ended["window"] == window.path
        assert line.seq < ended.seq
        with pytest.raises(AssertionError) as missing:
            events.expect(kind="Touch", view="red", timeout=0.1)
        assert "no signal with kind='Touch', view='red' within 0.1 s; recorded (* = returned before):" in str(missing.value)
        assert "* #" in str(missing.value) and "view='blue'" in str(missing.value)
        events.assert_no_gaps()
    kinds = {signal.kind for signal in events.signals}
    assert {"Touch", "Log"} <= kinds
    assert [signal.seq for signal in events.signals] == list(range(events.signals[0].seq, events.signals[-1].seq + 1))


def test_an_unknown_argument_names_what_the_signal_has(virtual_host: Host) -> None:
    with virtual_host.events() as events:
        virtual_host.window(2).tap(240, 250)
        touch = events.expect(kind="Touch")
    with pytest.raises(AttributeError, match="Touch has no argument 'colour'; it has seq, window, touch"):
        touch.colour


def test_gaps_are_detected() -> None:
    events = scenehost.Events.__new__(scenehost.Events)
    events.signals, events.gaps, events._consumed = [], [], set()
    for seq in (4, 5, 7):
        signal = scenehost.Signal("Log", {"seq": seq})
        if events.signals and seq != events.signals[-1].seq + 1:
            events.gaps.append(scenehost.Gap(events.signals[-1].seq, seq))
        events.signals.append(signal)
    assert events.gaps == [scenehost.Gap(5, 7)]


def test_selectors_find_and_strict_taps(virtual_host: Host) -> None:
    assert virtual_host.find("scene=toolkit #list > Label") == [
        scenehost.Match("/org/scenehost/SceneHost/window/1", f"row-{row}") for row in (1, 2, 3)]
    assert virtual_host.tap("#shuffle") == "shuffle"
    assert virtual_host.tap("#target") == "target"
    with pytest.raises(scenehost.Ambiguous) as twins:
        virtual_host.tap('[text="Twin"]', timeout=0)
    assert "twin-1" in twins.value.message and "twin-2" in twins.value.message
    assert twins.value.name == "org.scenehost.Error.Ambiguous"
    with pytest.raises(scenehost.NotHittable, match="would go to cover"):
        virtual_host.tap("#covered", timeout=0)
    with pytest.raises(scenehost.NoMatch):
        virtual_host.tap("#nothing", timeout=0)
    with pytest.raises(scenehost.Timeout, match="not visible"):
        virtual_host.tap("#ghost", timeout=0)
    with pytest.raises(scenehost.InvalidArgs, match="column 5"):
        virtual_host.find("#a >")
    assert isinstance(scenehost.InvalidArgs("x"), scenehost.Error)


def test_idle_and_virtual_time(virtual_host: Host) -> None:
    assert virtual_host.clock == "virtual"
    assert virtual_host.now() == 0
    virtual_host.wait_for_idle()
    window = virtual_host.window("toolkit")
    assert window.tap(290, 70) == "taps"
    with pytest.raises(scenehost.Timeout) as busy:
        virtual_host.wait_for_idle(timeout=0)
    assert "double-tap on taps waits for tap 2 of 2" in busy.value.message
    with virtual_host.events() as events:
        seq = virtual_host.advance_clock(0.35)
        assert events.expect(kind="Log", line="single tap").seq <= seq
    assert virtual_host.wait_for_idle(timeout=0) == seq
    assert virtual_host.now() == pytest.approx(0.4)


def test_advance_clock_on_the_real_clock_names_the_configuration_key(real_host: Host) -> None:
    with pytest.raises(scenehost.InvalidState, match="'clock: virtual'"):
        real_host.advance_clock(1)


def test_bad_numbers_are_invalid_values(virtual_host: Host) -> None:
    with pytest.raises(scenehost.InvalidValue, match="WaitForIdle timeout -1.0 must be a finite number"):
        virtual_host.wait_for_idle(-1)
    with pytest.raises(scenehost.InvalidValue):
        virtual_host.window(2).tap(float("nan"), 3)
    with pytest.raises(scenehost.InvalidValue, match="AdvanceClock seconds inf"):
        virtual_host.advance_clock(float("inf"))


def test_scroll_moves_the_scroll_view_under_the_point_and_names_a_bad_kind(virtual_host: Host) -> None:
    window = virtual_host.window("toolkit")
    with virtual_host.events() as events:
        assert window.scroll(100, 550, 0, 60) == "scroller"
        events.expect(kind="Log", line="scrolled to 0, 60")
        assert window.scroll(100, 550, 0, -60, kind="continuous") == "scroller"
        events.expect(kind="Log", line="scrolled to 0, 0")
    assert window.scroll(290, 70, 0, 60) == ""
    with pytest.raises(scenehost.InvalidValue, match="Scroll kind 'wheel'"):
        window.scroll(100, 550, 0, 60, kind="wheel")


def test_w3c_actions_from_a_dict_a_list_or_text(virtual_host: Host) -> None:
    finger = {"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"},
              "actions": [{"type": "pointerMove", "x": 240, "y": 250}, {"type": "pointerDown"}, {"type": "pause", "duration": 50},
                          {"type": "pointerUp"}]}
    window = virtual_host.window("findview")
    assert window.perform_actions({"actions": [finger]}) == ["blue"]
    assert window.perform_actions([finger]) == ["blue"]
    with pytest.raises(scenehost.InvalidArgs, match=r"actions\[0\].actions\[0\].type: unknown pointer action 'tap'"):
        window.perform_actions('{"actions": [{"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [{"type": "tap"}]}]}')


def test_tree_and_snapshot(virtual_host: Host) -> None:
    tree = virtual_host.window("findview").tree()
    assert tree["window"]["title"] == "FindView"
    references = []

    def walk(node: dict[str, object]) -> None:
        references.append(node["ref"])
        for child in node["children"]:  # type: ignore[attr-defined]
            walk(child)

    walk(tree["root"])
    assert {"blue", "red", "gray", "yellow"} <= set(references)
    png = virtual_host.window("findview").snapshot()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert virtual_host.window("findview").snapshot() == png, "rendering is deterministic"
    assert len(virtual_host.window("findview").snapshot(2.0)) > len(png)


def test_scenes_activate_and_deactivate(virtual_host: Host) -> None:
    scene = virtual_host.scene("toolkit")
    scene.deactivate()
    assert scene.activation_state == "foreground-inactive"
    # A tap activates the scene first, as a click on its window does.
    assert virtual_host.window("toolkit").tap(80, 70) == "press"
    assert scene.activation_state == "foreground-active"
    scene.send_to_background()
    assert scene.activation_state == "background"
    scene.activate()
    assert scene.activation_state == "foreground-active"


def test_a_scene_resizes_within_its_restrictions_and_says_so(virtual_host: Host) -> None:
    scene = virtual_host.scene("toolkit")
    x, y, width, height = scene.frame
    assert scene.minimum_size == (0, 0) and scene.maximum_size == (float("inf"), float("inf"))
    with virtual_host.events() as events:
        scene.resize(width + 100, height - 200)
        changed = events.expect(kind="SceneGeometryChanged", scene=scene.path)
    assert (changed.x, changed.y, changed.width, changed.height) == (x, y, width + 100, height - 200)
    assert scene.frame == (x, y, width + 100, height - 200)
    assert virtual_host.window("toolkit").frame == scene.frame, "the window covering the scene follows it"
    with pytest.raises(scenehost.InvalidValue, match=r"cannot resize scene 'toolkit': the width nan is not a size"):
        scene.resize(float("nan"), 100)
    scene.resize(width, height)
    assert scene.frame == (x, y, width, height)


def test_a_scene_in_its_own_process_crashes_alone_and_is_reloaded(tmp_path: Path) -> None:
    config = tmp_path / "isolated.yaml"
    config.write_text(
        "isolation:\n  mode: process\n  start-timeout: 240\n  response-timeout: 120\n"
        "scenes:\n  - name: findview\n    plugin: FindView\n"
        "  - name: crashy\n    plugin: FixtureCrashInHandler\n", encoding="utf-8")
    with Host.start(config) as host:
        crashy = host.scene("crashy")
        x, y, _, _ = crashy.frame
        with host.events() as events:
            _, window, view = host.touch_down(0, x + 100, y + 62)
            assert view == "crash" and window == host.window("crashy")
            with pytest.raises(scenehost.SceneCrashed, match="scene 'crashy' crashed before answering"):
                host.touch_up(0)
            crashed = events.expect(kind="SceneCrashed", scene=crashy.path, timeout=60)
            assert (crashed.plugin, crashed.next) == ("FixtureCrashInHandler", "restarting")
            # A restart is a new process: an AddressSanitizer one on a busy machine takes seconds.
            events.expect(kind="SceneStarted", scene=crashy.path, timeout=240)
        assert host.touch_down(1, 240, 250)[2] == "blue", "the other scene went on"
        host.touch_up(1)
        with host.events() as events:
            crashy.reload()
            events.expect(kind="SceneStarted", scene=crashy.path, timeout=240)


def test_a_scene_loaded_into_the_host_cannot_be_reloaded() -> None:
    # Its own host, with isolation: none whatever the suite's mode (SCENEHOST_ISOLATION).
    with Host.start(TOOLKIT_CONFIG, clock="virtual", arguments=["--isolation", "none"]) as host:
        with pytest.raises(scenehost.InvalidState, match="runs inside the host"):
            host.scene("toolkit").reload()


def test_scene_host_is_found_through_scenehost_bin() -> None:
    assert Path(find_scene_host()).name == "scene-host"
    assert os.access(find_scene_host(), os.X_OK)
    version = subprocess.run([find_scene_host(), "--help"], capture_output=True, text=True, check=False)
    assert "--clock" in version.stdout
