"""Screenshots through the stock client decode as PNGs of the scene's size (and of an element's)."""

import struct
import zlib

from appium.webdriver.common.appiumby import AppiumBy

from conftest import SceneHost, appium_session


def decode_png(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the raw scanlines of an 8-bit RGBA PNG: every chunk's CRC is checked and the
    image data inflated, so a PNG that does not decode fails here."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", data[:8]
    offset, idat, header = 8, b"", None
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind, body = data[offset + 4:offset + 8], data[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    assert header is not None
    width, height, depth, color, *_ = header
    assert (depth, color) == (8, 6), header
    raw = zlib.decompress(idat)
    assert len(raw) == height * (1 + 4 * width)
    return width, height, raw


def test_the_screenshot_is_a_png_of_the_scene_and_an_element_s_is_its_own_size(host: SceneHost) -> None:
    driver = appium_session(host, "findview")
    try:
        width, height, _ = decode_png(driver.get_screenshot_as_png())
        assert (width, height) == (390, 844)
        assert driver.get_window_rect() == {"x": 0, "y": 0, "width": 390, "height": 844}
        blue = driver.find_element(AppiumBy.ACCESSIBILITY_ID, "blue")
        width, height, raw = decode_png(blue.screenshot_as_png)
        assert (width, height) == (100, 100)
        # The first pixel of the first row (after its filter byte) is opaque.
        assert raw[1 + 3] == 255
    finally:
        driver.quit()
