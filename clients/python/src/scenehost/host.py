"""A scene-host, found on a bus or started privately: host-wide input, selectors, idle, virtual
time, windows and signals (``org.scenehost.Host1``)."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ElementTree
from types import TracebackType
from typing import Any, NamedTuple

from . import errors
from ._bus import HOST1, ROOT, SCENE1, Bus, scene_path, window_path
from ._discovery import locate
from ._process import HostProcesses
from .events import Events
from .window import Window


class Match(NamedTuple):
    """One view a selector matched: its window's object path and the view's reference."""

    window: str
    view: str


class Scene:
    """One scene (``org.scenehost.Scene1``) by name."""

    def __init__(self, host: Host, name: str) -> None:
        self.host = host
        self.name = name
        self.path = scene_path(name)

    def __repr__(self) -> str:
        return f"Scene({self.name!r})"

    def _call(self, member: str) -> None:
        self.host._bus.call(self.path, SCENE1, member)

    def activate(self) -> None:
        self._call("Activate")

    def deactivate(self) -> None:
        self._call("Deactivate")

    def send_to_background(self) -> None:
        self._call("SendToBackground")

    def disconnect(self) -> None:
        self._call("Disconnect")

    def reload(self) -> None:
        """With ``isolation: process``: ends the scene's process (a hung one is killed) and starts it
        again, quarantined or not; ``SceneStarted`` is signalled once it is up. Raises
        :class:`scenehost.InvalidState` for a scene loaded into the host (``isolation: none``)."""
        self._call("Reload")

    def resize(self, width: float, height: float) -> None:
        """Resizes the scene as dragging its desktop window's edge does: its covering windows take the
        size, its views lay out again, ``SceneGeometryChanged`` is signalled. Raises
        :class:`scenehost.InvalidValue` naming the size when it is not a finite number above 0 or is
        outside :attr:`minimum_size` … :attr:`maximum_size`."""
        self.host._bus.call(self.path, SCENE1, "Resize", "dd", (float(width), float(height)))

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """The scene's area of the screen: x, y, width, height in points."""
        x, y, width, height = self.host._bus.get_property(self.path, SCENE1, "Frame")
        return (float(x), float(y), float(width), float(height))

    @property
    def minimum_size(self) -> tuple[float, float]:
        width, height = self.host._bus.get_property(self.path, SCENE1, "MinimumSize")
        return (float(width), float(height))

    @property
    def maximum_size(self) -> tuple[float, float]:
        """The largest size; ``math.inf`` where unbounded."""
        width, height = self.host._bus.get_property(self.path, SCENE1, "MaximumSize")
        return (float(width), float(height))

    @property
    def activation_state(self) -> str:
        return str(self.host._bus.get_property(self.path, SCENE1, "ActivationState"))

    @property
    def windows(self) -> list[Window]:
        return [Window(self.host, str(path)) for path in self.host._bus.get_property(self.path, SCENE1, "Windows")]

    @property
    def key_window(self) -> Window | None:
        path = str(self.host._bus.get_property(self.path, SCENE1, "KeyWindow"))
        return None if path == "/" else Window(self.host, path)


class Host:
    """A connection to a running scene-host (:meth:`connect`), or a private one this object started
    and stops (:meth:`start`; use it in a ``with`` block or call :meth:`close`).

    Methods block until the host answered; scripted input returns once delivered, with the view hit.
    """

    def __init__(self, bus: Bus, processes: HostProcesses | None = None) -> None:
        self._bus = bus
        self._processes = processes
        self._signal_arguments = self._read_signal_arguments()
        self._final_log: str | None = None

    # Life cycle

    @classmethod
    def connect(cls, address: str | None = None) -> Host:
        """The running host, found as ``scenectl`` finds it: ``address``; else ``$SCENEHOST_BUS_ADDRESS``;
        else the session bus when a host owns ``org.scenehost.SceneHost`` there; else the private bus a
        host published in ``$XDG_RUNTIME_DIR/scenehost/bus-address``; else a bus that can start one.
        Raises :class:`scenehost.HostNotFound` listing where it looked."""
        return cls(locate(address))

    @classmethod
    def start(cls, config: str | os.PathLike[str] | None = None, clock: str = "real", *,
              executable: str | os.PathLike[str] | None = None, arguments: list[str] | None = None,
              timeout: float = 60) -> Host:
        """Starts a private ``dbus-daemon`` and a ``scene-host`` on it (``executable``, else
        ``$SCENEHOST_BIN``, else ``scene-host`` on ``PATH``) with ``config`` (a YAML file; the embedded
        demo configuration when None) and ``clock`` (``"real"`` or ``"virtual"``), and returns once
        its scenes are connected. :meth:`close` (or leaving a ``with`` block) stops both.
        Raises :class:`scenehost.HostStartFailed` with the host's log when it does not get ready."""
        if clock not in ("real", "virtual"):
            raise errors.InvalidValue(f"clock {clock!r} is not a clock: use 'real' or 'virtual'")
        processes = HostProcesses(config=config, clock=clock, executable=executable, arguments=arguments or [], timeout=timeout)
        try:
            return cls(Bus(processes.address), processes)
        except BaseException:
            processes.stop()
            raise

    def close(self) -> None:
        """Closes the connection; a host this object started is stopped (SIGTERM) with its bus."""
        if self._processes is not None and self._final_log is None:
            self._final_log = self._processes.log()
        self._bus.close()
        if self._processes is not None:
            self._processes.stop()
            self._processes = None

    def __enter__(self) -> Host:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None) -> None:
        self.close()

    @property
    def address(self) -> str:
        """The D-Bus address of the host's bus."""
        return self._bus.address

    def log(self) -> str:
        """What a host this object started has logged (its stderr); "" for a host found by connect."""
        if self._processes is not None:
            return self._processes.log()
        return self._final_log or ""

    # Signals

    def _read_signal_arguments(self) -> dict[str, list[str]]:
        """Each Host1 signal's argument names, from the host's own introspection."""
        (xml,) = self._bus.call(ROOT, "org.freedesktop.DBus.Introspectable", "Introspect")
        names: dict[str, list[str]] = {}
        for interface in ElementTree.fromstring(str(xml)).iter("interface"):
            if interface.get("name") != HOST1:
                continue
            for signal in interface.iter("signal"):
                names[str(signal.get("name"))] = [str(arg.get("name")) for arg in signal.iter("arg")]
        return names

    def events(self) -> Events:
        """A context manager that records every signal while it is open (see :class:`Events`)."""
        return Events(self)

    # Host-wide

    @property
    def version(self) -> str:
        """``Host1.Version``: the host version and the git commit it was built from, as
        semantic-versioning build metadata (``1.1.0+cb472416a501``; ``+unknown`` outside a checkout)."""
        return str(self._bus.get_property(ROOT, HOST1, "Version"))

    @property
    def clock(self) -> str:
        """``real`` or ``virtual``."""
        return str(self._bus.get_property(ROOT, HOST1, "Clock"))

    def ping(self) -> None:
        """``org.freedesktop.DBus.Peer.Ping``: the bare round trip."""
        self._bus.call(ROOT, "org.freedesktop.DBus.Peer", "Ping")

    def now(self) -> float:
        """The host clock's time in seconds (virtual: starts at 0)."""
        (seconds,) = self._bus.host("Now")
        return float(seconds)

    def wait_for_idle(self, timeout: float = 5) -> int:
        """Returns once nothing is pending in the host (no finger down, no recognizer waiting, no
        scripted input left, …), with the ``seq`` of the last signal. Raises :class:`scenehost.Timeout`
        naming every busy source."""
        (seq,) = self._bus.host("WaitForIdle", "d", (float(timeout),), timeout=timeout + 30)
        return int(seq)

    def advance_clock(self, seconds: float) -> int:
        """Moves a virtual clock forward, firing every timer due on the way; returns the last ``seq``."""
        (seq,) = self._bus.host("AdvanceClock", "d", (float(seconds),))
        return int(seq)

    def find(self, selector: str) -> list[Match]:
        """The views ``selector`` matches, in tree order."""
        (matches,) = self._bus.host("Find", "s", (selector,))
        return [Match(str(window), str(view)) for window, view in matches]

    def tap(self, selector: str, timeout: float = 5) -> str:
        """Waits until exactly one view matches ``selector`` and is visible, enabled and hittable,
        then taps it; returns the view hit. Raises :class:`scenehost.NoMatch`,
        :class:`scenehost.Ambiguous`, :class:`scenehost.NotHittable` or :class:`scenehost.Timeout`."""
        _, view = self._bus.host("TapMatching", "sd", (selector, float(timeout)), timeout=timeout + 30)
        return str(view)

    def touch_down(self, slot: int, x: float, y: float) -> tuple[int, Window | None, str]:
        """Finger ``slot`` down at a screen point: (touch id, window or None, view)."""
        touch, window, view = self._bus.host("TouchDown", "udd", (slot, float(x), float(y)))
        return int(touch), (None if window == "/" else Window(self, str(window))), str(view)

    def touch_move(self, slot: int, x: float, y: float) -> None:
        self._bus.host("TouchMove", "udd", (slot, float(x), float(y)))

    def touch_up(self, slot: int) -> None:
        self._bus.host("TouchUp", "u", (slot,))

    def touch_cancel(self, slot: int) -> None:
        self._bus.host("TouchCancel", "u", (slot,))

    def send_key(self, key: str, modifiers: str = "", phase: str = "press") -> str:
        (handler,) = self._bus.host("SendKey", "sss", (key, modifiers, phase))
        return str(handler)

    def send_remote_control(self, subtype: str) -> str:
        (handler,) = self._bus.host("SendRemoteControl", "s", (subtype,))
        return str(handler)

    def snapshot(self, scale: float = 1.0) -> bytes:
        """A PNG of every scene as laid out on the screen."""
        (png,) = self._bus.host("Snapshot", "d", (float(scale),))
        return bytes(png)

    # Scenes and windows

    @property
    def scenes(self) -> list[Scene]:
        return [Scene(self, str(path).rsplit("/", 1)[-1]) for path in self._bus.get_property(ROOT, HOST1, "Scenes")]

    def scene(self, name: str) -> Scene:
        return Scene(self, name)

    def windows(self) -> list[Window]:
        """Every window of every scene, in scene order."""
        return [window for scene in self.scenes for window in scene.windows]

    def window(self, name: str | int) -> Window:
        """A window, named as ``scenectl`` names them: a number (``3``, ``"window/3"``), an object path,
        a scene name (its key window) or ``"SCENE/TITLE"``. Raises :class:`scenehost.UnknownObject`."""
        if isinstance(name, int) or name.isdigit():
            return Window(self, window_path(int(name)))
        if name.startswith("window/") and name[7:].isdigit():
            return Window(self, window_path(int(name[7:])))
        if name.startswith("/"):
            return Window(self, name)
        scene_name, _, title = name.partition("/")
        known = [scene.name for scene in self.scenes]
        if scene_name not in known:
            raise errors.UnknownObject(f"no scene or window {name!r}; scenes: {', '.join(known)}")
        scene = self.scene(scene_name)
        if title:
            for window in scene.windows:
                if window.title == title:
                    return window
            raise errors.UnknownObject(f"scene {scene_name!r} has no window titled {title!r}")
        key = scene.key_window
        if key is not None:
            return key
        windows = scene.windows
        if not windows:
            raise errors.UnknownObject(f"scene {scene_name!r} has no window")
        return windows[0]

    def call(self, member: str, signature: str = "", body: tuple[Any, ...] = ()) -> tuple[Any, ...]:
        """Any ``Host1`` method by name (the API is the contract in ``Config/dbus``)."""
        return self._bus.host(member, signature, body)
