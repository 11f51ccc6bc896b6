"""Snapshot assertions: a window's PNG against a golden file, byte for byte (rendering is
deterministic: the same tree gives the same bytes). A mismatch writes the actual image and a diff
image, and names the views whose frames cover the changed pixels."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import _png
from .window import Window


class SnapshotMismatch(AssertionError):
    """The snapshot differs from its golden (or the golden is missing)."""

    def __init__(self, message: str, *, changed_views: list[str], actual: Path | None, diff: Path | None) -> None:
        super().__init__(message)
        #: View references whose frames cover changed pixels, smallest first.
        self.changed_views = changed_views
        self.actual = actual
        self.diff = diff


@dataclass(frozen=True)
class PixelDiff:
    changed: int
    #: Bounding box of the changed pixels: x, y, width, height, in pixels.
    box: tuple[int, int, int, int]
    image: _png.Image


def diff_images(golden: _png.Image, actual: _png.Image) -> tuple[PixelDiff, list[tuple[int, int]]]:
    """Compares two images of the same size: the diff image (unchanged pixels faded to a light grey
    picture of the actual image, changed ones red), and the changed pixels."""
    width, height = actual.width, actual.height
    changed: list[tuple[int, int]] = []
    out = bytearray(width * height * 4)
    a, g = actual.pixels, golden.pixels
    for y in range(height):
        row = y * width * 4
        # Whole rows that match are the common case: compare them at once.
        if a[row:row + width * 4] == g[row:row + width * 4]:
            for x in range(width):
                offset = row + x * 4
                grey = 170 + (a[offset] * 30 + a[offset + 1] * 59 + a[offset + 2] * 11) // 100 * 85 // 255
                out[offset:offset + 4] = bytes((grey, grey, grey, 255))
            continue
        for x in range(width):
            offset = row + x * 4
            if a[offset:offset + 4] != g[offset:offset + 4]:
                changed.append((x, y))
                out[offset:offset + 4] = b"\xff\x00\x00\xff"
            else:
                grey = 170 + (a[offset] * 30 + a[offset + 1] * 59 + a[offset + 2] * 11) // 100 * 85 // 255
                out[offset:offset + 4] = bytes((grey, grey, grey, 255))
    if changed:
        xs = [x for x, _ in changed]
        ys = [y for _, y in changed]
        box = (min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    else:
        box = (0, 0, 0, 0)
    return PixelDiff(len(changed), box, _png.Image(width, height, out)), changed


def views_covering(tree: dict[str, Any], changed: list[tuple[int, int]], scale: float) -> list[str]:
    """References of the views (from ``Window.tree()``) whose frames hold at least one changed pixel,
    smallest frame first. ``scale`` is pixels per point."""
    pixels = set(changed)
    found: list[tuple[float, str]] = []

    def visit(node: dict[str, Any]) -> None:
        x, y, width, height = node["frame"]
        left, top = int(x * scale), int(y * scale)
        right, bottom = int((x + width) * scale + 0.999), int((y + height) * scale + 0.999)
        area = (right - left) * (bottom - top)
        if area > 0 and (area <= len(pixels) and any((px, py) in pixels for px in range(left, right) for py in range(top, bottom))
                         or area > len(pixels) and any(left <= px < right and top <= py < bottom for px, py in pixels)):
            found.append((width * height, str(node["ref"])))
        for child in node.get("children", []):
            visit(child)

    visit(tree["root"])
    found.sort(key=lambda item: item[0])
    return [reference for _, reference in found]


def compare_snapshot(window: Window, golden: str | os.PathLike[str], *, update: bool = False, scale: float = 1.0,
                     output: str | os.PathLike[str] | None = None) -> Path:
    """Checks ``window.snapshot(scale)`` against the PNG at ``golden``, exactly.

    With ``update`` the golden is (re)written instead. On a mismatch ``<name>.actual.png`` and
    ``<name>.diff.png`` are written to ``output`` (default: beside the golden) and
    :class:`SnapshotMismatch` says how many pixels changed, where, and which views cover them.
    Returns the golden's path."""
    path = Path(golden)
    actual_bytes = window.snapshot(scale)
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(actual_bytes)
        return path
    folder = Path(output) if output is not None else path.parent
    name = path.stem
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        actual_path = folder / f"{name}.actual.png"
        actual_path.write_bytes(actual_bytes)
        raise SnapshotMismatch(f"no golden snapshot {path}; the actual image is {actual_path}; "
                               "run pytest with --snapshot-update to write the golden", changed_views=[], actual=actual_path, diff=None)
    golden_bytes = path.read_bytes()
    if golden_bytes == actual_bytes:
        return path
    golden_image, actual_image = _png.decode(golden_bytes), _png.decode(actual_bytes)
    folder.mkdir(parents=True, exist_ok=True)
    actual_path = folder / f"{name}.actual.png"
    actual_path.write_bytes(actual_bytes)
    if (golden_image.width, golden_image.height) != (actual_image.width, actual_image.height):
        raise SnapshotMismatch(
            f"snapshot {name} is {actual_image.width}×{actual_image.height} pixels, the golden {path} "
            f"{golden_image.width}×{golden_image.height}; actual: {actual_path}; run with --snapshot-update to accept it",
            changed_views=[], actual=actual_path, diff=None)
    pixel_diff, changed = diff_images(golden_image, actual_image)
    diff_path = folder / f"{name}.diff.png"
    diff_path.write_bytes(_png.encode(pixel_diff.image))
    if not changed:
        raise SnapshotMismatch(f"snapshot {name} has the same pixels as {path} but other bytes; actual: {actual_path}",
                               changed_views=[], actual=actual_path, diff=diff_path)
    views = views_covering(window.tree(), changed, scale)
    x, y, width, height = pixel_diff.box
    raise SnapshotMismatch(
        f"snapshot {name} differs from {path} in {pixel_diff.changed} pixels within ({x}, {y}, {width}×{height}) pixels; "
        f"views whose frames cover them: {', '.join(views) or '(none)'}; diff: {diff_path}; actual: {actual_path}; "
        "run with --snapshot-update to accept it",
        changed_views=views, actual=actual_path, diff=diff_path)
