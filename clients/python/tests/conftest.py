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
