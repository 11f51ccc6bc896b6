#!/usr/bin/python3
"""A stand-in for at-spi2-core's at-spi-bus-launcher in a process of its own, so that a test can
stop it (SIGSTOP) and make it silent while it owns its name.

usage: status_launcher.py SESSION_ADDRESS ACCESSIBILITY_ADDRESS

Owns org.a11y.Bus on the session bus at SESSION_ADDRESS; /org/a11y/bus answers
org.a11y.Bus.GetAddress with ACCESSIBILITY_ADDRESS and serves org.a11y.Status (IsEnabled,
ScreenReaderEnabled, read-write, both false at first) through org.freedesktop.DBus.Properties,
announcing each change with PropertiesChanged as the real launcher does.

Prints `ready` (flushed) once it owns org.a11y.Bus. Each line `set NAME true|false` on standard
input sets a status property as Properties.Set does, in the order the lines come.
"""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

STATUS = "org.a11y.Status"


class Launcher(dbus.service.Object):
    def __init__(self, bus, accessibility_address):
        super().__init__(bus, "/org/a11y/bus")
        self.accessibility_address = accessibility_address
        self.values = {"IsEnabled": False, "ScreenReaderEnabled": False}

    @dbus.service.method("org.a11y.Bus", out_signature="s")
    def GetAddress(self):
        return self.accessibility_address

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, name):
        if interface != STATUS or name not in self.values:
            raise dbus.exceptions.DBusException(f"no property {interface}.{name}", name="org.freedesktop.DBus.Error.UnknownProperty")
        return dbus.Boolean(self.values[name])

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        if interface != STATUS:
            return dbus.Dictionary({}, signature="sv")
        return dbus.Dictionary({name: dbus.Boolean(value) for name, value in self.values.items()}, signature="sv")

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ssv")
    def Set(self, interface, name, value):
        if interface != STATUS or name not in self.values:
            raise dbus.exceptions.DBusException(f"no property {interface}.{name}", name="org.freedesktop.DBus.Error.UnknownProperty")
        self.values[name] = bool(value)
        self.PropertiesChanged(STATUS, dbus.Dictionary({name: dbus.Boolean(bool(value))}, signature="sv"), dbus.Array([], signature="s"))

    @dbus.service.signal(dbus.PROPERTIES_IFACE, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


def main():
    session_address, accessibility_address = sys.argv[1], sys.argv[2]
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(session_address)
    launcher = Launcher(bus, accessibility_address)
    name = dbus.service.BusName("org.a11y.Bus", bus)
    print("ready", flush=True)
    loop = GLib.MainLoop()

    def command(channel, condition):
        line = channel.readline()
        if not line:
            loop.quit()
            return False
        words = line.split()
        if len(words) == 3 and words[0] == "set" and words[2] in ("true", "false"):
            launcher.Set(STATUS, words[1], words[2] == "true")
        else:
            print(f"status_launcher.py: unknown command {line.strip()!r}", file=sys.stderr, flush=True)
        return True

    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, command)
    loop.run()
    del launcher, name


if __name__ == "__main__":
    main()
