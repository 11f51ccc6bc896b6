"""SceneHost for Python: a typed client of scene-host's D-Bus API, and a pytest plugin.

    from scenehost import Host

    with Host.start(clock="virtual") as host:
        window = host.window("findview")
        with host.events() as events:
            assert window.tap(240, 250) == "blue"
            events.expect(kind="Touch", view="blue", phase="ended")
"""

from .errors import (AccessDenied, Ambiguous, Error, HostNotFound, HostStartFailed, InvalidArgs, InvalidName,
                     InvalidState, InvalidValue, LimitsExceeded, NoMatch, NotHittable, PluginRefused, SceneCrashed,
                     SceneExists, SceneNotResponding, SlotInUse, Timeout, UnknownObject, UnknownSlot, UnknownView)
from .events import Events, Gap, Signal
from .host import Host, Match, Scene
from .snapshots import SnapshotMismatch, compare_snapshot
from .window import Window

__all__ = [
    "AccessDenied", "Ambiguous", "Error", "Events", "Gap", "Host", "HostNotFound", "HostStartFailed", "InvalidArgs",
    "InvalidName", "InvalidState", "InvalidValue", "LimitsExceeded", "Match", "NoMatch", "NotHittable", "PluginRefused",
    "Scene", "SceneCrashed", "SceneExists", "SceneNotResponding", "Signal", "SlotInUse", "SnapshotMismatch", "Timeout",
    "UnknownObject", "UnknownSlot", "UnknownView", "Window", "compare_snapshot",
]

__version__ = "1.0.0"
