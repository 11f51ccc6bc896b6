"""The WebDriver endpoint's speed targets (issue 27), over HTTP/1.1 keep-alive from one Python client
(http.client, as the stock clients' urllib3 keeps one connection) against a release scene-host, each
also as a ratio to a bare ``GET /status`` measured the same way in the same run:

- ``GET /source`` of the 10,000-view window (FixtureManyViews): at most 20 ms;
- ``find`` by XPath on it (``//*[@identifier='status']``, libxml2 on the page-source document): at most 5 ms;
- element click (the strict tap, a quiet label of the toolkit scene, virtual clock) ÷ ``GET /status``:
  at most 2×, in counterbalanced pairs of short blocks (toolkit_bench.compare);
- Appium Inspector's refresh of a demo scene (``GET /source`` + ``GET /screenshot`` + ``GET /window/rect``):
  at most 50 ms, steady (after the first) and cold (the first, which draws every window).

Each of 5 runs starts a fresh host; the report gives the median and the worst of the 5 for every
figure, the load average at start and end, and exits with status 1 when a median misses its target.

    Benchmarks/Python/run-webdriver-bench                        # builds the release host, then runs this
    Benchmarks/Python/run-webdriver-bench --isolation process    # every scene in a process of its own
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from toolkit_bench import block, compare, report

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "webdriver.yaml"
RUNS = 5
#: Calls per figure that is a plain median (source, XPath, refresh).
CALLS = 20
LISTENING = re.compile(r"webdriver: listening on http://127\.0\.0\.1:(\d+)")


class Endpoint:
    """A release scene-host with WebDriver on a system-chosen port, and one keep-alive connection."""

    def __init__(self, isolation: str | None) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="scenehost-wdbench-")
        environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS")}
        for variable in ("XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
            path = Path(self.folder.name) / variable
            path.mkdir(mode=0o700)
            environment[variable] = str(path)
        binary = os.environ["SCENEHOST_BIN"]
        command = [binary, "--config", str(CONFIG), "--bus", "private", "--webdriver", "127.0.0.1:0"]
        if isolation:
            command += ["--isolation", isolation]
        self.process = subprocess.Popen(command,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                        env=environment)
        self.port = 0
        ready = threading.Event()

        def read() -> None:
            assert self.process.stderr is not None
            for line in self.process.stderr:
                match = LISTENING.search(line)
                if match:
                    self.port = int(match.group(1))
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(120) or not self.port:
            raise RuntimeError("scene-host did not start its WebDriver endpoint")
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port)

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        response = self.connection.getresponse()
        payload = json.loads(response.read())
        if response.status != 200:
            raise RuntimeError(f"{method} {path}: {response.status} {payload}")
        return payload["value"]

    def session(self, scene: str) -> str:
        value = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {"platformName": "SceneHost", "appium:scene": scene}}})
        return str(value["sessionId"])

    def close(self) -> None:
        self.connection.close()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)
        self.folder.cleanup()


def median_ms(function, count: int = CALLS) -> float:
    """The median of ``count`` calls, in milliseconds (after one warm-up call)."""
    function()
    times = []
    for _ in range(count):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def one_run(isolation: str | None) -> dict[str, float]:
    figures: dict[str, float] = {}
    endpoint = Endpoint(isolation)
    try:
        status = lambda: endpoint.call("GET", "/status")
        figures["GET /status µs"] = block(status, 200) * 1e6
        many = endpoint.session("many")
        source = endpoint.call("GET", f"/session/{many}/source")
        assert source.count("<View ") >= 10_000, "the 10,000-view window"
        figures["GET /source, 10,000 views, ms"] = median_ms(lambda: endpoint.call("GET", f"/session/{many}/source"))
        figures["source / status"] = figures["GET /source, 10,000 views, ms"] / (figures["GET /status µs"] / 1000)
        figures["source bytes"] = len(source.encode())
        locator = {"using": "xpath", "value": "//*[@identifier='status']"}
        found = endpoint.call("POST", f"/session/{many}/element", locator)
        assert endpoint.call("GET", f"/session/{many}/element/{found['ELEMENT']}/text") == "ready"
        figures["find by XPath, 10,000 views, ms"] = median_ms(lambda: endpoint.call("POST", f"/session/{many}/element", locator))
        figures["XPath / status"] = figures["find by XPath, 10,000 views, ms"] / (figures["GET /status µs"] / 1000)

        toolkit = endpoint.session("toolkit")
        row = endpoint.call("POST", f"/session/{toolkit}/element", {"using": "accessibility id", "value": "row-2"})["ELEMENT"]
        click = lambda: endpoint.call("POST", f"/session/{toolkit}/element/{row}/click", {})
        clicks = compare(status, click)
        figures["element click µs"] = clicks.candidate * 1e6
        figures["click / status"] = clicks.ratio
        figures["status / status (A/A)"] = compare(status, status).ratio

        for scene in ("findview", "gesturelab", "gallery"):
            session = endpoint.session(scene)

            def refresh() -> None:
                endpoint.call("GET", f"/session/{session}/screenshot")
                endpoint.call("GET", f"/session/{session}/window/rect")
                endpoint.call("GET", f"/session/{session}/source")

            start = time.perf_counter()
            refresh()
            figures[f"Inspector refresh, {scene}, cold ms"] = (time.perf_counter() - start) * 1000
            figures[f"Inspector refresh, {scene}, ms"] = median_ms(refresh)
    finally:
        endpoint.close()
    return figures


TARGETS = {
    "GET /source, 10,000 views, ms": ("≤ 20", lambda value: value <= 20),
    "find by XPath, 10,000 views, ms": ("≤ 5", lambda value: value <= 5),
    "click / status": ("≤ 2×", lambda value: value <= 2),
    "Inspector refresh, findview, ms": ("≤ 50", lambda value: value <= 50),
    "Inspector refresh, gesturelab, ms": ("≤ 50", lambda value: value <= 50),
    "Inspector refresh, gallery, ms": ("≤ 50", lambda value: value <= 50),
    "Inspector refresh, findview, cold ms": ("≤ 50", lambda value: value <= 50),
    "Inspector refresh, gesturelab, cold ms": ("≤ 50", lambda value: value <= 50),
    "Inspector refresh, gallery, cold ms": ("≤ 50", lambda value: value <= 50),
}


def main() -> int:
    arguments = sys.argv[1:]
    isolation = None
    if arguments[:1] == ["--isolation"] and len(arguments) == 2 and arguments[1] in ("none", "process"):
        isolation = arguments[1]
    elif arguments:
        print(f"webdriver_bench.py: unknown arguments {' '.join(arguments)!r}; the only option is --isolation none|process", file=sys.stderr)
        return 64
    print(f"# WebDriver benchmark\n\nscene-host: {os.environ.get('SCENEHOST_BIN')}; isolation: {isolation or 'the configuration'}; "
          f"{RUNS} runs; load average at start {os.getloadavg()[0]:.1f}", flush=True)
    runs = []
    for index in range(RUNS):
        runs.append(one_run(isolation))
        print(f"run {index + 1}: " + ", ".join(f"{name} {value:.4g}" for name, value in runs[-1].items()), file=sys.stderr, flush=True)
    return 1 if report(runs, TARGETS, ("GET /status µs",)) else 0


if __name__ == "__main__":
    sys.exit(main())
