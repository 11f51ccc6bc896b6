"""Shared fixtures of the client's own tests (run against the real scene-host: $SCENEHOST_BIN)."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest

from scenehost import Host

pytest_plugins = ["pytester"]

#: The toolkit fixture scene and two demo scenes.
TOOLKIT_CONFIG = Path(__file__).with_name("toolkit.yaml")

#: SCENEHOST_ISOLATION=none runs the fixtures' hosts with every plugin inside the host, =process with
#: every scene in a process of its own (the default); scripts/test runs the suite both ways: the
#: client must not see the difference.
ISOLATION = ["--isolation", os.environ["SCENEHOST_ISOLATION"]] if os.environ.get("SCENEHOST_ISOLATION") else []


@pytest.fixture
def virtual_host() -> Generator[Host, None, None]:
    with Host.start(TOOLKIT_CONFIG, clock="virtual", arguments=ISOLATION) as host:
        yield host


@pytest.fixture
def real_host() -> Generator[Host, None, None]:
    with Host.start(TOOLKIT_CONFIG, clock="real", arguments=ISOLATION) as host:
        yield host


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failing test's report carries the log of the host its fixture started (the last 200 lines):
    a host that ended in the middle of a test (NoReply) says why there, and CI's log keeps it."""
    report = yield
    if report.failed:
        funcargs = getattr(item, "funcargs", {})
        for name in ("virtual_host", "real_host"):
            host = funcargs.get(name)
            if isinstance(host, Host):
                lines = host.log().splitlines()[-200:]
                report.sections.append((f"{name}'s log (last {len(lines)} lines)", "\n".join(lines)))
    return report
