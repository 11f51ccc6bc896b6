"""A scene-host serving WebDriver for each test, and the stock clients connected to it.

The host runs with ``--webdriver 127.0.0.1:0`` (the system picks the port; the host's log says which)
on a private bus of its own, from ``$SCENEHOST_BIN``. Its log (stderr) is read line by line, so a test
can wait for a scene's log line (``host.wait_for_log``): the lines a plugin logs show there as
``[scene] line``. Nothing here is part of the clients: the tests use Appium-Python-Client and Selenium
as any suite would."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from appium import webdriver as appium_webdriver
from appium.options.common.base import AppiumOptions

CONFIG = Path(__file__).resolve().parent.parent / "scenes.yaml"
LISTENING = re.compile(r"webdriver: listening on (http://127\.0\.0\.1:\d+)")


class SceneHost:
    """A running scene-host with a WebDriver endpoint at ``url``."""

    def __init__(self, clock: str) -> None:
        binary = os.environ.get("SCENEHOST_BIN") or shutil.which("scene-host")
        if not binary:
            raise RuntimeError("set SCENEHOST_BIN to a built scene-host (.build/debug/scene-host)")
        self.folder = tempfile.TemporaryDirectory(prefix="scenehost-webdriver-")
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "SCENEHOST_PLUGIN_PATH")}
        for variable, sub in (("XDG_RUNTIME_DIR", "run"), ("XDG_CONFIG_HOME", "config"), ("XDG_CACHE_HOME", "cache"),
                              ("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data")):
            path = Path(self.folder.name) / sub
            path.mkdir(mode=0o700)
            environment[variable] = str(path)
        command = [binary, "--config", str(CONFIG), "--clock", clock, "--bus", "private", "--webdriver", "127.0.0.1:0"]
        # SCENEHOST_ISOLATION=none runs every plugin inside the host, =process every scene in a process
        # of its own (the default); scripts/test runs the suite both ways: the same tests must pass
        # unchanged.
        isolation = os.environ.get("SCENEHOST_ISOLATION")
        if isolation:
            command += ["--isolation", isolation]
        # The kernel ends the host if this process dies (util-linux's setpriv, part of every Debian system).
        setpriv = shutil.which("setpriv")
        if setpriv and threading.current_thread() is threading.main_thread():
            command = [setpriv, "--pdeathsig", "TERM", "--", *command]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, env=environment, text=True)
        self.lines: list[str] = []
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        with self.changed:
            # A hang guard: the host says where it listens once its scenes are in.
            self.changed.wait_for(lambda: self._url() is not None or self.process.poll() is not None, timeout=120)
        url = self._url()
        if url is None:
            self.close()
            raise RuntimeError("scene-host did not start its WebDriver endpoint:\n" + "\n".join(self.lines[-20:]))
        self.url = url

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self.changed:
                self.lines.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    def _url(self) -> str | None:
        for line in self.lines:
            match = LISTENING.search(line)
            if match:
                return match.group(1)
        return None

    def log(self, scene: str) -> list[str]:
        """The lines scene ``scene`` logged so far, in order."""
        tag = f" [{scene}] "
        return [line.split(tag, 1)[1] for line in self.lines if tag in line]

    def wait_for_log(self, scene: str, line: str, timeout: float = 30) -> None:
        """Waits until ``scene`` logged ``line`` (``timeout`` is a hang guard)."""
        with self.changed:
            if not self.changed.wait_for(lambda: line in self.log(scene) or self.process.poll() is not None, timeout=timeout):
                raise AssertionError(f"{scene} never logged {line!r}; it logged {self.log(scene)[-10:]}")
        assert line in self.log(scene), f"the host ended before {scene} logged {line!r}"

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.reader.join(timeout=5)
        self.folder.cleanup()


@pytest.fixture
def host(request: pytest.FixtureRequest) -> Iterator[SceneHost]:
    """A host on the real clock, or on the virtual one for tests marked ``@pytest.mark.clock("virtual")``."""
    marker = request.node.get_closest_marker("clock")
    running = SceneHost(clock=marker.args[0] if marker else "real")
    yield running
    running.close()


def appium_session(host: SceneHost, scene: str) -> appium_webdriver.Remote:
    """The stock Appium client, with the capabilities the README gives for SceneHost."""
    options = AppiumOptions()
    options.set_capability("platformName", "SceneHost")
    options.set_capability("appium:automationName", "SceneHost")
    options.set_capability("appium:scene", scene)
    return appium_webdriver.Remote(command_executor=host.url, options=options)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "clock(mode): run the test's host on this clock (real or virtual)")
