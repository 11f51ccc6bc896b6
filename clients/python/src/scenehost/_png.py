"""Just enough PNG for snapshot diffs: read 8-bit RGB or RGBA images (every filter, no interlace), and
write RGBA ones."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass
class Image:
    width: int
    height: int
    #: RGBA, 4 bytes per pixel, rows top to bottom.
    pixels: bytearray

    def pixel(self, x: int, y: int) -> bytes:
        offset = (y * self.width + x) * 4
        return bytes(self.pixels[offset:offset + 4])


def decode(data: bytes) -> Image:
    """Decodes a PNG; raises ValueError for anything else (or a kind this reader does not know)."""
    if not data.startswith(SIGNATURE):
        raise ValueError("not a PNG (no PNG signature)")
    position = len(SIGNATURE)
    width = height = 0
    color_type = -1
    compressed = bytearray()
    while position < len(data):
        (length,) = struct.unpack(">I", data[position:position + 4])
        kind = data[position + 4:position + 8]
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, color_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or color_type not in (2, 6) or interlace != 0:
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {color_type}, interlace {interlace}")
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    channels = 4 if color_type == 6 else 3
    raw = zlib.decompress(bytes(compressed))
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        row = bytearray(raw[start + 1:start + 1 + stride])
        _unfilter(raw[start], row, previous, channels)
        rows.append(row)
        previous = row
    pixels = bytearray(width * height * 4)
    if channels == 4:
        pixels[:] = b"".join(rows)
    else:
        for y, row in enumerate(rows):
            for x in range(width):
                pixels[(y * width + x) * 4:(y * width + x) * 4 + 4] = row[x * 3:x * 3 + 3] + b"\xff"
    return Image(width, height, pixels)


def _unfilter(kind: int, row: bytearray, previous: bytearray, bpp: int) -> None:
    length = len(row)
    if kind == 0:
        return
    if kind == 1:
        for index in range(bpp, length):
            row[index] = (row[index] + row[index - bpp]) & 0xFF
    elif kind == 2:
        for index in range(length):
            row[index] = (row[index] + previous[index]) & 0xFF
    elif kind == 3:
        for index in range(length):
            left = row[index - bpp] if index >= bpp else 0
            row[index] = (row[index] + ((left + previous[index]) >> 1)) & 0xFF
    elif kind == 4:
        for index in range(length):
            left = row[index - bpp] if index >= bpp else 0
            up = previous[index]
            corner = previous[index - bpp] if index >= bpp else 0
            estimate = left + up - corner
            distance_left, distance_up, distance_corner = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
            if distance_left <= distance_up and distance_left <= distance_corner:
                predictor = left
            elif distance_up <= distance_corner:
                predictor = up
            else:
                predictor = corner
            row[index] = (row[index] + predictor) & 0xFF
    else:
        raise ValueError(f"unknown PNG filter {kind}")


def encode(image: Image) -> bytes:
    """An RGBA PNG of ``image`` (no filtering)."""
    stride = image.width * 4
    raw = b"".join(b"\x00" + bytes(image.pixels[y * stride:(y + 1) * stride]) for y in range(image.height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 6, 0, 0, 0)
    return SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
