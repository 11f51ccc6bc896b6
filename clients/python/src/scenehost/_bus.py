"""The D-Bus connection to a host: calls with their errors mapped to :mod:`scenehost.errors`, and
the names of the API (the contract is ``Config/dbus/*.xml`` in the SceneHost repository)."""

from __future__ import annotations

import math
import select
import socket
import struct
import time
from collections import deque
from itertools import count
from typing import Any, NamedTuple

from jeepney import DBusAddress, HeaderFields, MatchRule, MessageType, Parser, new_method_call
from jeepney.bus import get_bus
from jeepney.io.blocking import prep_socket
from jeepney.low_level import Endianness, Message, parse_signature

from . import errors

BUS_NAME = "org.scenehost.SceneHost"
ROOT = "/org/scenehost/SceneHost"
HOST1 = "org.scenehost.Host1"
SCENE1 = "org.scenehost.Scene1"
WINDOW1 = "org.scenehost.Window1"
PROPERTIES = "org.freedesktop.DBus.Properties"

#: Seconds a call waits for its reply unless told otherwise.
DEFAULT_TIMEOUT = 30.0


def window_path(number: int) -> str:
    return f"{ROOT}/window/{number}"


def scene_path(name: str) -> str:
    return f"{ROOT}/scene/{name}"


#: The fixed start of a little-endian D-Bus header: endianness, type, flags, version, body length, serial.
_FIXED = struct.Struct("<cBBBII")
#: Body length, serial and length of the header fields array (after the first 4 bytes).
_LENGTHS = {ord("l"): struct.Struct("<III"), ord("B"): struct.Struct(">III")}
_UINT32 = struct.Struct("<I")
_METHOD_CALL, _METHOD_RETURN, _ERROR = 1, 2, 3
_REPLY_SERIAL, _ERROR_NAME, _SIGNATURE = 5, 4, 8


class _Reply(NamedTuple):
    """A method return or error: its error name ("" for a return) and its arguments."""

    error_name: str
    body: tuple[Any, ...]


#: The fixed-size basic types: their struct code and size (= alignment).
_FIXED_SIZE = {"y": ("B", 1), "b": ("I", 4), "n": ("h", 2), "q": ("H", 2), "i": ("i", 4), "u": ("I", 4),
               "x": ("q", 8), "t": ("Q", 8), "d": ("d", 8)}


def _fixed_body(signature: str) -> struct.Struct | None:
    """A little-endian struct for a body of fixed-size basic types (``ddu``), with D-Bus's padding;
    None when the signature has another type."""
    layout, position = "<", 0
    for code in signature:
        if code not in _FIXED_SIZE:
            return None
        kind, size = _FIXED_SIZE[code]
        layout += "x" * (-position % size) + kind
        position += -position % size + size
    return struct.Struct(layout)


class _CallShape:
    """A method call's header without its serial and body length, serialised once per destination,
    path, interface, member and signature (by jeepney), with the parsed signature of its body (a
    struct when its types are all of fixed size)."""

    __slots__ = ("fields", "body_type", "fixed_body")

    def __init__(self, destination: str, path: str, interface: str, member: str, signature: str) -> None:
        message = new_method_call(DBusAddress(path, bus_name=destination, interface=interface), member, signature, ())
        message.header.body_length = 0
        header = message.header.serialise(serial=1)
        # Bytes 12… are the header fields array; the body starts at the next multiple of 8.
        self.fields: bytes = header[12:] + b"\0" * (-len(header) % 8)
        self.body_type = parse_signature(list(f"({signature})")) if signature else None
        self.fixed_body = _fixed_body(signature) if signature else None

    def frame(self, body: tuple[Any, ...], serial: int) -> bytes:
        """The whole message with these arguments and serial."""
        data: bytes
        if self.fixed_body is not None:
            data = self.fixed_body.pack(*body)
        elif self.body_type is not None:
            data = self.body_type.serialise(body, 0, Endianness.little)
        else:
            data = b""
        return _FIXED.pack(b"l", _METHOD_CALL, 0, 1, len(data), serial) + self.fields + data


def _parse_reply(message: bytes, body_start: int, body_types: dict[str, Any]) -> tuple[int, _Reply] | None:
    """The reply serial and contents of a little-endian method return or error (``body_types``
    caches parsed signatures); None when a header field is not of the type the specification gives
    it (jeepney's parser then reads the message)."""
    position, reply_serial, error_name, signature = 16, 0, "", ""
    end = 16 + _UINT32.unpack_from(message, 12)[0]
    while position < end:
        position += -position % 8
        code, kind = message[position], message[position + 1:position + 4]
        position += 4
        if kind == b"\x01u\x00":
            if code == _REPLY_SERIAL:
                reply_serial = _UINT32.unpack_from(message, position)[0]
            position += 4
        elif kind in (b"\x01s\x00", b"\x01o\x00"):
            length = _UINT32.unpack_from(message, position)[0]
            if code == _ERROR_NAME:
                error_name = message[position + 4:position + 4 + length].decode()
            position += 5 + length
        elif kind == b"\x01g\x00":
            length = message[position]
            if code == _SIGNATURE:
                signature = message[position + 1:position + 1 + length].decode()
            position += 2 + length
        else:
            return None
    body: tuple[Any, ...] = ()
    if signature in ("s", "o"):
        length = _UINT32.unpack_from(message, body_start)[0]
        body = (message[body_start + 4:body_start + 4 + length].decode(),)
    elif signature:
        body_type = body_types.get(signature)
        if body_type is None:
            body_type = body_types[signature] = parse_signature(list(f"({signature})"))
        body = tuple(body_type.parse_data(message, body_start, Endianness.little)[0])
    if message[1] == _ERROR and not error_name:
        error_name = "org.freedesktop.DBus.Error.Failed"
    return reply_serial, _Reply(error_name, body)


class Bus:
    """One connection to the host's bus. Not thread-safe: use it from one thread.

    Method calls are framed from a cache of header shapes and parsed signatures, and replies are read
    without a general message parser (signals still go through jeepney's, for their match rules):
    the client's own per-call work was most of a bare round trip's time."""

    def __init__(self, address: str) -> None:
        self.address = address
        try:
            self._socket: socket.socket = prep_socket(get_bus(address))
        except (OSError, ValueError) as error:
            raise errors.HostNotFound(f"cannot connect to the bus at {address}: {error}") from error
        self._socket.setblocking(False)
        self._poll = select.poll()
        self._poll.register(self._socket, select.POLLIN)
        self._serials = count(1)
        #: Bytes read and not yet a whole message.
        self._buffer = bytearray()
        self._shapes: dict[tuple[str, str, str, str, str], _CallShape] = {}
        self._body_types: dict[str, Any] = {}
        #: Serials of the calls waiting for their reply, and the replies read for them.
        self._waiting: set[int] = set()
        self._replies: dict[int, _Reply] = {}
        self._filters: list[tuple[MatchRule, deque[Any]]] = []
        self._parser = Parser()
        try:
            (self.unique_name,) = self.bus_call("Hello")
        except BaseException:
            self._socket.close()
            raise

    def close(self) -> None:
        self._socket.close()

    def call(self, path: str, interface: str, member: str, signature: str = "", body: tuple[Any, ...] = (),
             *, timeout: float = DEFAULT_TIMEOUT, destination: str = BUS_NAME) -> tuple[Any, ...]:
        """Calls a method and returns its reply's arguments; an error reply raises the matching
        :class:`scenehost.Error` subclass."""
        key = (destination, path, interface, member, signature)
        shape = self._shapes.get(key)
        if shape is None:
            shape = self._shapes[key] = _CallShape(*key)
        serial = next(self._serials)
        self._send(shape.frame(body, serial))
        self._waiting.add(serial)
        deadline = time.monotonic() + timeout
        try:
            while serial not in self._replies:
                if not self._receive(deadline):
                    raise errors.Timeout(f"{interface}.{member} got no reply within {timeout} s", "scenehost.NoReply")
        finally:
            self._waiting.discard(serial)
        reply = self._replies.pop(serial)
        if reply.error_name:
            raise errors.from_dbus(reply.error_name, str(reply.body[0]) if reply.body else reply.error_name)
        return reply.body

    def host(self, member: str, signature: str = "", body: tuple[Any, ...] = (), *, timeout: float = DEFAULT_TIMEOUT) -> tuple[Any, ...]:
        return self.call(ROOT, HOST1, member, signature, body, timeout=timeout)

    def get_property(self, path: str, interface: str, name: str) -> Any:
        (variant,) = self.call(path, PROPERTIES, "Get", "ss", (interface, name))
        return variant[1]

    def bus_call(self, member: str, signature: str = "", body: tuple[Any, ...] = ()) -> tuple[Any, ...]:
        """A call to the bus daemon itself."""
        return self.call("/org/freedesktop/DBus", "org.freedesktop.DBus", member, signature, body,
                         destination="org.freedesktop.DBus", timeout=5)

    def host_is_here(self) -> bool:
        (owned,) = self.bus_call("NameHasOwner", "s", (BUS_NAME,))
        return bool(owned)

    # Signals

    def subscribe(self, rule: MatchRule, local: MatchRule, queue: deque[Any]) -> Any:
        """Asks the bus to send the messages matching ``rule`` and routes those matching ``local`` into
        ``queue`` as they are read (during any call too). Returns the handle :meth:`unsubscribe` takes.

        The bus resolves a well-known ``sender`` in ``rule``; messages carry the owner's unique name,
        so ``local`` leaves the sender out."""
        handle = (local, queue)
        self._filters.append(handle)
        try:
            self.bus_call("AddMatch", "s", (rule.serialise(),))
        except BaseException:
            self._filters.remove(handle)
            raise
        return handle

    def unsubscribe(self, rule: MatchRule, handle: Any) -> None:
        try:
            self.bus_call("RemoveMatch", "s", (rule.serialise(),))
        finally:
            if handle in self._filters:
                self._filters.remove(handle)

    def read(self, queue: deque[Any], timeout: float) -> None:
        """Reads messages (routing them) until ``queue`` has one, at most ``timeout`` seconds;
        raises TimeoutError when none came."""
        deadline = time.monotonic() + timeout
        while not queue:
            if not self._receive(deadline):
                raise TimeoutError

    # Reading and writing

    def _send(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            try:
                view = view[self._socket.send(view):]
            except BlockingIOError:
                select.select([], [self._socket], [])

    def _receive(self, deadline: float) -> bool:
        """Waits until the socket has data (False when ``deadline`` passes first), reads it and handles
        every whole message read."""
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not self._poll.poll(math.ceil(remaining * 1000)):
            return False
        try:
            data = self._socket.recv(65536)
        except BlockingIOError:
            return True
        if not data:
            raise ConnectionResetError(f"the bus at {self.address} closed the connection")
        buffer = self._buffer
        buffer += data
        while len(buffer) >= 16:
            lengths = _LENGTHS.get(buffer[0])
            if lengths is None:
                raise ConnectionResetError(f"the bus at {self.address} sent a message with endianness byte {buffer[0]!r}")
            body_length, _, fields_length = lengths.unpack_from(buffer, 4)
            body_start = 16 + fields_length + (-fields_length % 8)
            end = body_start + body_length
            if len(buffer) < end:
                break
            message = bytes(buffer[:end])
            del buffer[:end]
            if message[1] not in (_METHOD_RETURN, _ERROR) or not self._reply(message, body_start):
                self._other(message)
        return True

    def _reply(self, message: bytes, body_start: int) -> bool:
        """Files a little-endian method return or error under its reply serial (dropped when no call
        waits for it). False when it is not one this reader takes."""
        if message[0] != ord("l"):
            return False
        parsed = _parse_reply(message, body_start, self._body_types)
        if parsed is None:
            return False
        if parsed[0] in self._waiting:
            self._replies[parsed[0]] = parsed[1]
        return True

    def _other(self, data: bytes) -> None:
        """Any other message, parsed by jeepney: a reply in big-endian order is filed; a signal goes to
        the queues whose rule it matches."""
        self._parser.add_data(data)
        message: Message = self._parser.get_next_message()
        fields = message.header.fields
        if message.header.message_type in (MessageType.method_return, MessageType.error):
            serial = fields.get(HeaderFields.reply_serial, 0)
            if serial in self._waiting:
                error_name = ""
                if message.header.message_type == MessageType.error:
                    error_name = str(fields.get(HeaderFields.error_name, "org.freedesktop.DBus.Error.Failed"))
                self._replies[serial] = _Reply(error_name, tuple(message.body))
            return
        for rule, queue in self._filters:
            if rule.matches(message):
                queue.append(message)
