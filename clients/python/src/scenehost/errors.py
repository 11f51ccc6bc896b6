"""Errors: one exception class per D-Bus error the host answers with, named after it.

``org.scenehost.Error.NoMatch`` raises :class:`NoMatch`, ``org.freedesktop.DBus.Error.InvalidArgs``
raises :class:`InvalidArgs`, and so on; every one is a :class:`Error` carrying the D-Bus name and the
host's message (which names the bad value and the fix).
"""

from __future__ import annotations


class Error(Exception):
    """A D-Bus error reply, or a failure to reach or start the host."""

    #: The full D-Bus error name, e.g. ``org.scenehost.Error.Timeout``.
    name: str
    #: The host's message.
    message: str

    def __init__(self, message: str, name: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.name = name or f"scenehost.{type(self).__name__}"

    def __str__(self) -> str:
        return f"{self.message} ({self.name})" if self.name else self.message


class NoMatch(Error):
    """No view matches the selector (``TapMatching``)."""


class Ambiguous(Error):
    """More than one view matches; the message lists them (``TapMatching``)."""


class NotHittable(Error):
    """A touch at the one match's centre would reach another view; the message names it."""


class Timeout(Error):
    """A wait ended first: the host was still busy (the message names every busy source), or the
    target stayed hidden or disabled."""


class InvalidArgs(Error):
    """A malformed argument: a selector that does not parse (with its column), a W3C actions body
    (with the path into the JSON), a wrong signature."""


class InvalidValue(Error):
    """A number out of range: NaN, infinite or negative coordinates, durations, timeouts, scales."""


class InvalidName(Error):
    """A phase, subtype, key or scene name that does not exist."""


class InvalidState(Error):
    """Not possible now: a hidden window, an inactive scene, AdvanceClock on the real clock."""


class LimitsExceeded(Error):
    """A configured limit (touches, samples, script time, call rate) would be exceeded."""


class UnknownSlot(Error):
    """A touch slot that is not down."""


class SlotInUse(Error):
    """A touch slot that is already down."""


class UnknownView(Error):
    """No view with that reference in the window."""


class UnknownObject(Error):
    """The window or scene is gone."""


class PluginRefused(Error):
    """The plugin was refused (the message says why)."""


class SceneExists(Error):
    """A scene with that name is already connected."""


class SceneCrashed(Error):
    """With ``isolation: process``: the scene's process crashed before answering, or is down until it
    restarts (the message names the scene, its plugin and how it ended)."""


class SceneNotResponding(Error):
    """With ``isolation: process``: the scene's process left this call or one before it unanswered for
    ``isolation.response-timeout`` seconds; :meth:`Scene.reload` restarts it."""


class AccessDenied(Error):
    """The host's input policy refuses this caller or this method."""


class HostNotFound(Error):
    """No scene-host could be found on any bus (``Host.connect``)."""


class HostStartFailed(Error):
    """``Host.start`` could not start a host; the message has its log."""


_BY_SHORT_NAME: dict[str, type[Error]] = {
    cls.__name__: cls
    for cls in (NoMatch, Ambiguous, NotHittable, Timeout, InvalidArgs, InvalidValue, InvalidName, InvalidState,
                LimitsExceeded, UnknownSlot, SlotInUse, UnknownView, UnknownObject, PluginRefused, SceneExists,
                SceneCrashed, SceneNotResponding, AccessDenied)
}


def from_dbus(name: str, message: str) -> Error:
    """The exception for a D-Bus error reply: the class named like the error's last component
    (``org.scenehost.Error.Ambiguous`` → :class:`Ambiguous`), :class:`Error` for other names."""
    cls = _BY_SHORT_NAME.get(name.rsplit(".", 1)[-1], Error)
    return cls(message, name)
