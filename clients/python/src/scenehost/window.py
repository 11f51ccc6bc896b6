"""A window of the host (``org.scenehost.Window1``): scripted input in window points, its tree and its
pixels."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ._bus import WINDOW1

if TYPE_CHECKING:
    from .host import Host

#: Extra seconds a gesture's call may take beyond the gesture itself.
_MARGIN = 30.0


class Window:
    """One window, by its object path (``/org/scenehost/SceneHost/window/N``)."""

    def __init__(self, host: Host, path: str) -> None:
        self.host = host
        self.path = path

    def __repr__(self) -> str:
        return f"Window({self.path!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Window) and other.path == self.path and other.host is self.host

    def __hash__(self) -> int:
        return hash(self.path)

    @property
    def number(self) -> int:
        return int(self.path.rsplit("/", 1)[-1])

    def _call(self, member: str, signature: str = "", body: tuple[Any, ...] = (), *, seconds: float = 0) -> tuple[Any, ...]:
        return self.host._bus.call(self.path, WINDOW1, member, signature, body, timeout=_MARGIN + seconds)

    def _property(self, name: str) -> Any:
        return self.host._bus.get_property(self.path, WINDOW1, name)

    @property
    def title(self) -> str:
        return str(self._property("Title"))

    @property
    def scene(self) -> str:
        """The scene's name."""
        return str(self._property("Scene")).rsplit("/", 1)[-1]

    @property
    def frame(self) -> tuple[float, float, float, float]:
        """x, y, width, height in screen points."""
        x, y, width, height = self._property("Frame")
        return (float(x), float(y), float(width), float(height))

    @property
    def is_key(self) -> bool:
        return bool(self._property("IsKey"))

    def tap(self, x: float, y: float, count: int = 1) -> str:
        """Taps at window point (x, y) (``count`` taps); returns the view the touch hit ("" for none)."""
        (view,) = self._call("Tap", "ddu", (float(x), float(y), count), seconds=count)
        return str(view)

    def tap_view(self, view: str) -> str:
        """Taps the centre of the view with this reference; returns the view hit."""
        (hit,) = self._call("TapView", "s", (view,))
        return str(hit)

    def long_press(self, x: float, y: float, seconds: float = 1.0) -> str:
        (view,) = self._call("LongPress", "ddd", (float(x), float(y), float(seconds)), seconds=seconds)
        return str(view)

    def swipe(self, x0: float, y0: float, x1: float, y1: float, seconds: float = 0.3) -> str:
        (view,) = self._call("Swipe", "ddddd", (float(x0), float(y0), float(x1), float(y1), float(seconds)), seconds=seconds)
        return str(view)

    def pinch(self, cx: float, cy: float, start: float, end: float, seconds: float = 0.3) -> str:
        (view,) = self._call("Pinch", "ddddd", (float(cx), float(cy), float(start), float(end), float(seconds)), seconds=seconds)
        return str(view)

    def scroll(self, x: float, y: float, dx: float, dy: float, kind: str = "discrete") -> str:
        """Scrolls at window point (x, y) by (dx, dy) points (positive dy: towards the end of the
        content). ``kind`` is "discrete" (a mouse-wheel step, clamped to the edges) or "continuous"
        (a trackpad gesture that drags and lifts at rest). Returns the view whose pan recognizer took
        the scroll ("" for none)."""
        (view,) = self._call("Scroll", "dddds", (float(x), float(y), float(dx), float(dy), str(kind)))
        return str(view)

    def hit_test(self, x: float, y: float) -> str:
        """The view a touch at (x, y) would reach; delivers nothing."""
        (view,) = self._call("HitTest", "dd", (float(x), float(y)))
        return str(view)

    def perform_actions(self, actions: dict[str, Any] | list[dict[str, Any]] | str) -> list[str]:
        """Performs a WebDriver Perform Actions body (a dict ``{"actions": [...]}``, its list of input
        sources, or the JSON text); returns the view each ``pointerDown`` hit."""
        if isinstance(actions, list):
            actions = {"actions": actions}
        text = actions if isinstance(actions, str) else json.dumps(actions)
        (hits,) = self._call("PerformActions", "s", (text,), seconds=60)
        return [str(hit) for hit in hits]

    def make_key(self) -> None:
        self._call("MakeKey")

    def type_text(self, text: str) -> str:
        (view,) = self._call("TypeText", "s", (text,))
        return str(view)

    def tree(self) -> dict[str, Any]:
        """The window and its views (``DescribeTree``): ``{"window": {...}, "root": {"ref", "type",
        "frame" (window points), ..., "children": [...]}}``. A scroll view's (a table's) node has
        ``"scroll": {"contentOffset": [x, y], "contentSize": [w, h], "contentInset": [t, l, b, r]}``."""
        (text,) = self._call("DescribeTree")
        tree: dict[str, Any] = json.loads(text)
        return tree

    def snapshot(self, scale: float = 1.0) -> bytes:
        """A PNG of the window as drawn now, ``scale`` pixels per point."""
        (png,) = self._call("Snapshot", "d", (float(scale),))
        return bytes(png)
