#!/usr/bin/python3
"""A stand-in for at-spi2-registryd in a process of its own, so that it answers the host whatever the
test process's main actor is doing.

usage: fake_registry.py ADDRESS [SILENT_EMBEDS]

On the bus at ADDRESS, owns org.a11y.atspi.Registry (queued, as a registry that restarts asks before
the bus has noticed the old one leave) and answers org.a11y.atspi.Socket.Embed on
/org/a11y/atspi/accessible/root as the real one does: it first tells the application its id with
Properties.Set(org.a11y.atspi.Application, Id, 7) (no reply expected), then returns its own desktop
reference. The first SILENT_EMBEDS calls (default 0) get no answer at all: a registry that is there
but slow, whose callers' own timeouts end them.

Standard output, one line each, flushed: `ready UNIQUE_NAME` once the name is owned, then
`embedded BUS PATH` for each Embed answered.
"""
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

ROOT = "/org/a11y/atspi/accessible/root"
APPLICATION_ID = 7


def say(line):
    print(line, flush=True)


class Registry(dbus.service.Object):
    def __init__(self, bus, silent):
        super().__init__(bus, ROOT)
        self.bus = bus
        self.silent = silent
        self.held = []

    @dbus.service.method("org.a11y.atspi.Socket", in_signature="(so)", out_signature="(so)",
                         async_callbacks=("reply", "error"))
    def Embed(self, plug, reply, error):
        if self.silent > 0:
            self.silent -= 1
            self.held.append((reply, error))
            return
        bus_name, path = str(plug[0]), str(plug[1])
        message = dbus.lowlevel.MethodCallMessage(bus_name, path, dbus.PROPERTIES_IFACE, "Set")
        message.append("org.a11y.atspi.Application", "Id", dbus.Int32(APPLICATION_ID, variant_level=1), signature="ssv")
        message.set_no_reply(True)
        self.bus.send_message(message)
        say(f"embedded {bus_name} {path}")
        reply(dbus.Struct((self.bus.get_unique_name(), dbus.ObjectPath(ROOT)), signature="so"))


def main():
    address = sys.argv[1]
    silent = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(address)
    registry = Registry(bus, silent)

    def acquired(name):
        if name == "org.a11y.atspi.Registry":
            say(f"ready {bus.get_unique_name()}")

    bus.add_signal_receiver(acquired, signal_name="NameAcquired", dbus_interface="org.freedesktop.DBus",
                            path="/org/freedesktop/DBus")
    bus.request_name("org.a11y.atspi.Registry", 0)
    GLib.MainLoop().run()
    del registry


if __name__ == "__main__":
    main()
