"""The D-Bus connection to a host: calls with their errors mapped to :mod:`scenehost.errors`, and
the names of the API (the contract is ``Config/dbus/*.xml`` in the SceneHost repository)."""

from __future__ import annotations

from collections import deque
from typing import Any

import time

from jeepney import DBusAddress, HeaderFields, MatchRule, MessageType, new_method_call
from jeepney.bus_messages import message_bus
from jeepney.io.blocking import DBusConnection, open_dbus_connection

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


class Bus:
    """One connection to the host's bus. Not thread-safe: use it from one thread."""

    def __init__(self, address: str) -> None:
        self.address = address
        try:
            self.connection: DBusConnection = open_dbus_connection(bus=address)
        except (OSError, ValueError) as error:
            raise errors.HostNotFound(f"cannot connect to the bus at {address}: {error}") from error

    def close(self) -> None:
        self.connection.close()

    def call(self, path: str, interface: str, member: str, signature: str = "", body: tuple[Any, ...] = (),
             *, timeout: float = DEFAULT_TIMEOUT, destination: str = BUS_NAME) -> tuple[Any, ...]:
        """Calls a method and returns its reply's arguments; an error reply raises the matching
        :class:`scenehost.Error` subclass."""
        message = new_method_call(DBusAddress(path, bus_name=destination, interface=interface), member, signature, body)
        try:
            reply = self.connection.send_and_get_reply(message, timeout=timeout)
        except TimeoutError as error:
            raise errors.Timeout(f"{interface}.{member} got no reply within {timeout} s", "scenehost.NoReply") from error
        if reply.header.message_type == MessageType.error:
            name = str(reply.header.fields.get(HeaderFields.error_name, "org.freedesktop.DBus.Error.Failed"))
            text = str(reply.body[0]) if reply.body else name
            raise errors.from_dbus(name, text)
        return tuple(reply.body)

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
        handle = self.connection.filter(local, queue=queue)
        self.connection.send_and_get_reply(message_bus.AddMatch(rule), timeout=5)
        return handle

    def unsubscribe(self, rule: MatchRule, handle: Any) -> None:
        try:
            self.connection.send_and_get_reply(message_bus.RemoveMatch(rule), timeout=5)
        finally:
            handle.close()

    def read(self, queue: deque[Any], timeout: float) -> None:
        """Reads messages (routing them) until ``queue`` has one, at most ``timeout`` seconds;
        raises TimeoutError when none came."""
        deadline = time.monotonic() + timeout
        while not queue:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            self.connection.recv_messages(timeout=remaining)
