"""The pytest plugin (entry point ``pytest11``: ``scenehost``).

- ``scene_host``: a private host per test, started from the ``@pytest.mark.scenehost(config=…,
  clock="virtual")`` marker, else ``--scenehost-config``, else the demo configuration, and stopped
  after the test. It records every signal from the start.
- On a failing test, the snapshot of every window, the recorded signals and the host's log are
  written to ``--scenehost-artifacts`` (default ``scenehost-artifacts/`` beside the JUnit report, or
  in the rootdir) under the test's name, and the failure output names them.
- ``assert_snapshot(window, name)``: compares the window with ``__snapshots__/<name>.png`` beside the
  test file, exactly; ``--snapshot-update`` writes the goldens instead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from .events import Events
from .host import Host
from .snapshots import compare_snapshot
from .window import Window

_HOST_KEY = pytest.StashKey[Host]()
_EVENTS_KEY = pytest.StashKey[Events]()
_ARTIFACTS_KEY = pytest.StashKey[Path]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("scenehost")
    group.addoption("--scenehost-config", default=None, metavar="FILE",
                    help="scene-host configuration for the scene_host fixture (a marker's config wins)")
    group.addoption("--scenehost-artifacts", default=None, metavar="DIR",
                    help="where failing tests' snapshots, signals and host logs go (default: scenehost-artifacts/ "
                         "beside the JUnit report, or in the rootdir)")
    group.addoption("--snapshot-update", action="store_true", default=False,
                    help="write the golden snapshots of assert_snapshot instead of comparing")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "scenehost(config=None, clock='real'): configuration and clock of the scene_host fixture")
    explicit = config.getoption("--scenehost-artifacts")
    if explicit:
        folder = Path(explicit)
    else:
        junit = config.getoption("xmlpath", default=None)
        folder = (Path(junit).resolve().parent if junit else config.rootpath) / "scenehost-artifacts"
    config.stash[_ARTIFACTS_KEY] = folder


@pytest.fixture
def scene_host(request: pytest.FixtureRequest) -> Generator[Host, None, None]:
    """A private scene-host for this test (see the module's description)."""
    marker = request.node.get_closest_marker("scenehost")
    options: dict[str, Any] = dict(marker.kwargs) if marker else {}
    config = options.pop("config", None) or request.config.getoption("--scenehost-config")
    clock = options.pop("clock", "real")
    if options:
        raise pytest.UsageError(f"@pytest.mark.scenehost takes config and clock, not {', '.join(options)}")
    host = Host.start(config=config, clock=clock)
    events = host.events().__enter__()
    request.node.stash[_HOST_KEY] = host
    request.node.stash[_EVENTS_KEY] = events
    try:
        yield host
    finally:
        try:
            events.close()
        finally:
            host.close()


@pytest.fixture
def assert_snapshot(request: pytest.FixtureRequest) -> Callable[..., Path]:
    """``assert_snapshot(window, name, scale=1.0)``: the window's pixels against
    ``__snapshots__/<name>.png`` beside the test file (see :func:`scenehost.compare_snapshot`)."""
    update = bool(request.config.getoption("--snapshot-update"))
    folder = Path(request.node.path).parent / "__snapshots__"
    output = request.config.stash[_ARTIFACTS_KEY] / _safe_name(request.node.nodeid)

    def check(window: Window, name: str, scale: float = 1.0) -> Path:
        return compare_snapshot(window, folder / f"{name}.png", update=update, scale=scale, output=output)

    return check


def _safe_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid).strip("_")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.when == "call" and report.failed and _HOST_KEY in item.stash:
        folder = item.config.stash[_ARTIFACTS_KEY] / _safe_name(item.nodeid)
        try:
            written = _write_artifacts(item.stash[_HOST_KEY], item.stash[_EVENTS_KEY], folder)
            report.sections.append(("scenehost artifacts", "\n".join(str(path) for path in written)))
        except Exception as error:  # the host may be the reason the test failed
            report.sections.append(("scenehost artifacts", f"could not write them to {folder}: {error}"))
    return report


def _write_artifacts(host: Host, events: Events, folder: Path) -> list[Path]:
    """Every window's snapshot, the recorded signals (one JSON object per line) and the host's log."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    signals = folder / "signals.jsonl"
    with signals.open("w", encoding="utf-8") as file:
        for signal in events.poll():
            file.write(json.dumps({"kind": signal.kind, **{name: _plain(value) for name, value in signal.args.items()}}) + "\n")
    written.append(signals)
    for window in host.windows():
        path = folder / f"window-{window.number}-{_safe_name(window.scene)}.png"
        path.write_bytes(window.snapshot())
        written.append(path)
    log = folder / "scene-host.log"
    log.write_text(host.log(), encoding="utf-8")
    written.append(log)
    return written


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value if isinstance(value, (int, float, str, bool)) or value is None else str(value)
