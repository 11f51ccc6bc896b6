"""The client's own message framing and reply reading (``scenehost._bus``) agree with jeepney's general
serialiser and parser, on random calls and replies (no host needed)."""

from __future__ import annotations

import random
import string
from typing import Any

import pytest
from jeepney import DBusAddress, HeaderFields, MessageType, Parser, new_method_call
from jeepney.low_level import Endianness, Header, Message

from scenehost._bus import _CallShape, _parse_reply

SEED = 20261128
SIGNATURES = ["", "d", "u", "ddu", "ddddd", "dd", "ybnqiuxtd", "s", "su", "ss", "o", "as", "a{sv}", "(ii)", "ud", "yd", "qx"]


def random_value(code: str, rng: random.Random) -> Any:
    ranges = {"y": (0, 255), "n": (-2**15, 2**15 - 1), "q": (0, 2**16 - 1), "i": (-2**31, 2**31 - 1), "u": (0, 2**32 - 1),
              "x": (-2**63, 2**63 - 1), "t": (0, 2**64 - 1)}
    if code in ranges:
        return rng.randint(*ranges[code])
    if code == "b":
        return rng.random() < 0.5
    if code == "d":
        return rng.choice([0.0, -0.0, 1e300, -3.5, rng.uniform(-1e6, 1e6)])
    if code == "s":
        return "".join(rng.choice(string.ascii_letters + "é→ 0") for _ in range(rng.randint(0, 12)))
    if code == "o":
        return "/" + "/".join(rng.choice(["org", "scenehost", "window", "1"]) for _ in range(rng.randint(1, 4)))
    raise AssertionError(code)


def random_body(signature: str, rng: random.Random) -> tuple[Any, ...]:
    if signature == "as":
        return ([random_value("s", rng) for _ in range(rng.randint(0, 3))],)
    if signature == "a{sv}":
        return ({random_value("s", rng): ("u", random_value("u", rng)) for _ in range(rng.randint(0, 3))},)
    if signature == "(ii)":
        return ((random_value("i", rng), random_value("i", rng)),)
    return tuple(random_value(code, rng) for code in signature)


def test_calls_are_framed_as_jeepney_frames_them() -> None:
    rng = random.Random(SEED)
    for _ in range(500):
        signature = rng.choice(SIGNATURES)
        path = rng.choice(["/org/scenehost/SceneHost", "/org/scenehost/SceneHost/window/12", "/a"])
        interface = rng.choice(["org.scenehost.Window1", "org.freedesktop.DBus.Peer", "a.b"])
        member = rng.choice(["Tap", "Ping", "LongPress", "X"])
        destination = rng.choice(["org.scenehost.SceneHost", "org.freedesktop.DBus", ":1.42"])
        body = random_body(signature, rng)
        serial = rng.randint(1, 2**32 - 1)
        reference = new_method_call(DBusAddress(path, bus_name=destination, interface=interface), member, signature, body)
        framed = _CallShape(destination, path, interface, member, signature).frame(body, serial)
        assert framed == reference.serialise(serial), (signature, body)


def reply_bytes(kind: MessageType, signature: str, body: tuple[Any, ...], fields: dict[HeaderFields, Any], serial: int) -> bytes:
    if signature:
        fields = {**fields, HeaderFields.signature: signature}
    return bytes(Message(Header(Endianness.little, kind, 1, 1, 0, serial, fields), body).serialise(serial))


def test_replies_are_read_as_jeepney_reads_them() -> None:
    rng = random.Random(SEED + 1)
    body_types: dict[str, Any] = {}
    for _ in range(500):
        kind = rng.choice([MessageType.method_return, MessageType.error])
        signature = rng.choice([s for s in SIGNATURES if s != "a{sv}"])
        body = random_body(signature, rng)
        fields: dict[HeaderFields, Any] = {HeaderFields.reply_serial: rng.randint(1, 2**32 - 1),
                                           HeaderFields.destination: ":1.7", HeaderFields.sender: ":1.0"}
        if kind == MessageType.error and rng.random() < 0.9:
            fields[HeaderFields.error_name] = rng.choice(["org.scenehost.Error.InvalidValue", "org.freedesktop.DBus.Error.UnknownMethod"])
        data = reply_bytes(kind, signature, body, fields, rng.randint(1, 2**31))
        parser = Parser()
        parser.add_data(data)
        reference = parser.get_next_message()
        header_length = 16 + int.from_bytes(data[12:16], "little")
        parsed = _parse_reply(data, header_length + (-header_length % 8), body_types)
        assert parsed is not None
        serial, reply = parsed
        assert serial == reference.header.fields[HeaderFields.reply_serial]
        assert reply.body == tuple(reference.body)
        expected_name = ""
        if kind == MessageType.error:
            expected_name = reference.header.fields.get(HeaderFields.error_name, "org.freedesktop.DBus.Error.Failed")
        assert reply.error_name == expected_name


def test_a_reply_with_an_unexpected_header_field_type_is_left_to_jeepney() -> None:
    # Header field 5 (reply serial) must be 'u'; a message that breaks that is not read by the fast path.
    data = bytearray(reply_bytes(MessageType.method_return, "", (), {HeaderFields.reply_serial: 9}, 3))
    assert data[17:20] == b"\x01u\x00"
    data[18] = ord("i")
    assert _parse_reply(bytes(data), 24, {}) is None


@pytest.mark.parametrize("signature", ["ddu", "ybnqiuxtd", "qx", "yd"])
def test_fixed_size_bodies_take_the_struct_path(signature: str) -> None:
    assert _CallShape("a.b", "/a", "a.b", "M", signature).fixed_body is not None
