"""What the external-client scripts share: a python3-dbus connection to scene-host's bus, calls that
record their reply (or error) and reply signature, a recorder for every org.scenehost.Host1 signal,
and JSON output the Swift tests read.

The bus is the one in DBUS_SESSION_BUS_ADDRESS (the tests point it at the private bus the host
started). Every call gives its signature explicitly, so a deliberately wrong one reaches the host as
written instead of being "fixed" by dbus-python from the introspection data.

Run by the integration tests in Tests/SceneHostIntegrationTests/ExternalClients with /usr/bin/python3
(Debian's python3-dbus and python3-gi).
"""
import json
import math
import os
import sys

import dbus
import dbus.lowlevel
import dbus.mainloop.glib
from gi.repository import GLib

BUS_NAME = "org.scenehost.SceneHost"
ROOT = "/org/scenehost/SceneHost"
HOST1 = "org.scenehost.Host1"
SCENE1 = "org.scenehost.Scene1"
WINDOW1 = "org.scenehost.Window1"
PROPERTIES = "org.freedesktop.DBus.Properties"
INTROSPECTABLE = "org.freedesktop.DBus.Introspectable"
OBJECT_MANAGER = "org.freedesktop.DBus.ObjectManager"
PEER = "org.freedesktop.DBus.Peer"

# Hang guards (call timeouts, main-loop limits) are multiplied by this: under a sanitizer the host
# runs several times slower (scripts/lib/sanitizers.sh sets it; 1 in a plain run).
TIME_SCALE = max(1.0, float(os.environ.get("SCENEHOST_TEST_TIME_SCALE", "1") or "1"))


def scaled(seconds):
    """`seconds` times TIME_SCALE: a hang guard's limit."""
    return seconds * TIME_SCALE


# Window numbers of the default configuration (windows are numbered in the order they appear).
FINDVIEW, GESTURELAB, GALLERY_MAIN, GALLERY_ALERT = 1, 2, 3, 4

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)


def window(number):
    return "%s/window/%d" % (ROOT, number)


def scene(name):
    return "%s/scene/%s" % (ROOT, name)


def plain(value):
    """A dbus-python value as JSON: structs and arrays as lists, non-finite doubles as strings."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else repr(float(value))
    if isinstance(value, int):
        return int(value)
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return str(value)


_BASIC = [(dbus.Boolean, "b"), (dbus.Byte, "y"), (dbus.Int16, "n"), (dbus.UInt16, "q"), (dbus.Int32, "i"),
          (dbus.UInt32, "u"), (dbus.Int64, "x"), (dbus.UInt64, "t"), (dbus.Double, "d"), (dbus.ObjectPath, "o"),
          (dbus.Signature, "g"), (dbus.String, "s")]


def signature_of(value):
    """The D-Bus signature of a value as dbus-python received it (e.g. the variant of Properties.Get)."""
    for kind, code in _BASIC:
        if isinstance(value, kind):
            return code
    if isinstance(value, dbus.Dictionary):
        return "a{%s}" % value.signature
    if isinstance(value, dbus.Array):
        return "a" + value.signature
    if isinstance(value, dbus.Struct):
        return "(%s)" % "".join(signature_of(item) for item in value)
    return "?" + type(value).__name__


def connect():
    return dbus.bus.BusConnection(os.environ["DBUS_SESSION_BUS_ADDRESS"])


class Client:
    """One connection to the bus: records every call and, when listening, every Host1 signal."""

    def __init__(self, listen=True):
        self.bus = connect()
        self.calls = []
        self.signals = []
        if listen:
            # Matched on interface and path only: the signals come from the host's unique name.
            self.bus.add_signal_receiver(self._record, dbus_interface=HOST1, path=ROOT, message_keyword="message")

    def _record(self, *args, message=None):
        self.signals.append({"member": message.get_member(), "signature": message.get_signature(),
                             "args": plain(list(args))})

    def call(self, path, interface, member, signature="", args=(), label=None, timeout=30):
        """Calls and records `{call, path, interface, member, reply, replySignature}` (or `error` and
        `message` instead of the reply); returns the reply arguments as a list, or None after an error."""
        entry = {"call": label or member, "path": path, "interface": interface, "member": member}
        self.calls.append(entry)
        message = dbus.lowlevel.MethodCallMessage(BUS_NAME, path, interface, member)
        if signature:
            message.append(*args, signature=signature)
        try:
            reply = self.bus.send_message_with_reply_and_block(message, scaled(timeout))
        except dbus.exceptions.DBusException as error:
            entry["error"] = error.get_dbus_name()
            entry["message"] = error.get_dbus_message()
            return None
        values = reply.get_args_list()
        entry["reply"] = plain(values)
        entry["replySignature"] = reply.get_signature()
        return values

    def host(self, member, signature="", args=(), label=None):
        return self.call(ROOT, HOST1, member, signature, args, label)

    def window(self, number, member, signature="", args=(), label=None):
        return self.call(window(number), WINDOW1, member, signature, args, label)

    def scene(self, name, member, label=None):
        return self.call(scene(name), SCENE1, member, label=label)

    def wait_for(self, member, count=1, timeout=30):
        """Dispatches signals until `count` signals named `member` have arrived in all, or `timeout`
        seconds (scaled) have passed; returns whether they arrived."""
        context = GLib.MainContext.default()
        expired = []
        source = GLib.timeout_add(int(scaled(timeout) * 1000), lambda: expired.append(True) or False)
        while sum(1 for signal in self.signals if signal["member"] == member) < count and not expired:
            context.iteration(True)
        if not expired:
            GLib.source_remove(source)
        return not expired

    def settle(self):
        """Delivers every signal the host emitted before now: a Ping to the host is answered after the
        signals of every earlier call (the host emits them right after each reply, and the bus keeps the
        order), so once its reply is in, the main loop only has to dispatch what is queued."""
        self.call(ROOT, PEER, "Ping", label="settle")
        self.calls.pop()
        context = GLib.MainContext.default()
        while context.iteration(False):
            pass


def emit(result):
    """Prints the outcome as one JSON document on stdout (the Swift test decodes it)."""
    json.dump(result, sys.stdout, allow_nan=False)
    sys.stdout.write("\n")
    sys.stdout.flush()
