"""Shared fixtures of the client's own tests (run against the real scene-host: $SCENEHOST_BIN)."""

from __future__ import annotations

from collections.abc import Generator
from pathlib import Path

import pytest

from scenehost import Host

pytest_plugins = ["pytester"]

#: The toolkit fixture scene and two demo scenes.
TOOLKIT_CONFIG = Path(__file__).with_name("toolkit.yaml")


@pytest.fixture
def virtual_host() -> Generator[Host, None, None]:
    with Host.start(TOOLKIT_CONFIG, clock="virtual") as host:
        yield host


@pytest.fixture
def real_host() -> Generator[Host, None, None]:
    with Host.start(TOOLKIT_CONFIG, clock="real") as host:
        yield host
