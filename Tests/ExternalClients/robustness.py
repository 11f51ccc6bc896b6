"""Hostile and greedy python3-dbus clients of scene-host (default demo configuration).

    robustness.py bad-input        every kind of bad call, each answered with an error; then one good tap
    robustness.py flood COUNT      COUNT calls sent at once without waiting for any reply; counts the answers
    robustness.py watch STOPFILE   a bystander: taps blue in findview, one tap after the other, and records
                                   every Host1 signal until STOPFILE exists; prints "ready" on stderr once
                                   subscribed

Prints one JSON document on stdout.
"""
import os
import sys
import time

import dbus
from gi.repository import GLib

from scenehost_bus import (BUS_NAME, FINDVIEW, HOST1, ROOT, WINDOW1, Client, emit, plain, scaled, scene, window)

NAN = float("nan")
INF = float("inf")


def bad_input(c):
    """Each call is labelled; the Swift test holds the error name and message each must get."""
    # Wrong signatures: what a client gets when it does not follow the introspection data.
    c.host("TouchDown", "sss", ("zero", "x", "y"), label="TouchDown(sss)")
    c.host("TouchUp", "", (), label="TouchUp()")
    c.window(FINDVIEW, "Tap", "ddus", (240.0, 250.0, 1, "extra"), label="Tap(ddus)")
    c.host("InjectTouches", "a(us)", ([(0, "down")],), label="InjectTouches(a(us))")
    # Not finite, or out of range.
    c.host("TouchDown", "udd", (0, NAN, 10.0), label="TouchDown NaN")
    c.host("TouchMove", "udd", (0, 1.0, -INF), label="TouchMove -inf")
    c.host("TouchDown", "udd", (0, 1e300, 1.0), label="TouchDown 1e300")
    c.window(FINDVIEW, "Tap", "ddu", (INF, 1.0, 1), label="Tap inf")
    c.window(FINDVIEW, "HitTest", "dd", (NAN, NAN), label="HitTest NaN")
    c.window(FINDVIEW, "LongPress", "ddd", (10.0, 10.0, NAN), label="LongPress NaN seconds")
    c.window(FINDVIEW, "Swipe", "ddddd", (10.0, 10.0, -INF, 10.0, 0.1), label="Swipe -inf")
    c.window(FINDVIEW, "Pinch", "ddddd", (100.0, 100.0, 60.0, INF, 0.1), label="Pinch inf distance")
    c.host("InjectTouches", "a(usddd)", ([(0, "down", NAN, 1.0, 0.0)],), label="InjectTouches NaN")
    c.host("InjectTouches", "a(usddd)", ([(0, "down", 1.0, 1.0, -1.0)],), label="InjectTouches negative delay")
    c.window(FINDVIEW, "Tap", "ddu", (240.0, 250.0, 0), label="Tap count 0")
    # Slots.
    c.host("TouchUp", "u", (42,), label="TouchUp unknown slot")
    c.host("TouchMove", "udd", (42, 1.0, 1.0), label="TouchMove unknown slot")
    c.host("TouchCancel", "u", (42,), label="TouchCancel unknown slot")
    c.host("TouchDown", "udd", (3, 240.0, 250.0), label="TouchDown slot 3")
    c.host("TouchDown", "udd", (3, 240.0, 250.0), label="TouchDown slot 3 again")
    c.host("TouchUp", "u", (3,), label="TouchUp slot 3")
    for slot in range(10):
        c.host("TouchDown", "udd", (100 + slot, 1100.0, 520.0), label="finger %d" % slot)
    c.host("TouchDown", "udd", (110, 1100.0, 520.0), label="eleventh finger")
    for slot in range(10):
        c.host("TouchUp", "u", (100 + slot,), label="lift %d" % slot)
    # Unknown views, windows, scenes, members, names.
    c.window(FINDVIEW, "TapView", "s", ("nope",), label="TapView nope")
    c.window(FINDVIEW, "MakeFirstResponder", "s", ("View#9.9",), label="MakeFirstResponder View#9.9")
    c.window(99, "MakeKey", label="MakeKey window 99")
    c.call(scene("nope"), "org.scenehost.Scene1", "Activate", label="Activate scene nope")
    c.host("Explode", label="Host1.Explode")
    c.call(ROOT, "org.scenehost.Host2", "TouchUp", "u", (0,), label="Host2.TouchUp")
    c.host("SendMotion", "ss", ("tilt", "began"), label="SendMotion tilt")
    c.host("SendMotion", "ss", ("shake", "sideways"), label="SendMotion sideways")
    c.host("SendRemoteControl", "s", ("louder",), label="SendRemoteControl louder")
    c.host("InjectTouches", "a(usddd)", ([(0, "hover", 1.0, 1.0, 0.0)],), label="InjectTouches hover")
    c.host("LoadPlugin", "ss", ("NoSuchPlugin", "extra"), label="LoadPlugin NoSuchPlugin")
    c.host("LoadPlugin", "ss", ("FindView", "bad name"), label="LoadPlugin bad name")
    c.host("LoadPlugin", "ss", ("FindView", "findview"), label="LoadPlugin findview again")
    # Too much.
    c.window(FINDVIEW, "LongPress", "ddd", (10.0, 10.0, 1e6), label="LongPress 1e6 s")
    started = time.monotonic()
    huge = dbus.Array([dbus.Struct((dbus.UInt32(0), "move", 1.0, 1.0, 0.0), signature="usddd")] * 100000,
                      signature="(usddd)")
    c.host("InjectTouches", "a(usddd)", (huge,), label="InjectTouches 100000")
    huge_seconds = time.monotonic() - started
    # And the host still answers this client.
    c.window(FINDVIEW, "Tap", "ddu", (240.0, 250.0, 1), label="Tap blue")
    return {"calls": c.calls, "hugeSeconds": huge_seconds}


# The flood: four kinds of call in turn. TouchDown/TouchUp on slot 0 in Gallery's main window (an empty
# spot: only Touch signals), a HitTest, and a TouchUp on a slot that is not down (an error).
# (1100, 520) on the screen: Gallery's main window at (300, 520), its background between the alert
# (down to 500) and the photo (from 540).
FLOOD_KINDS = [
    ("TouchDown", ROOT, HOST1, "udd", (0, 1100.0, 520.0)),
    ("TouchUp", ROOT, HOST1, "u", (0,)),
    ("HitTest", window(FINDVIEW), WINDOW1, "dd", (240.0, 250.0)),
    ("TouchUp 9", ROOT, HOST1, "u", (9,)),
]


def flood(c, count):
    loop = GLib.MainLoop()
    outcome = {"sent": count, "answered": 0, "kinds": {}}

    def record(kind, result):
        outcome["answered"] += 1
        tally = outcome["kinds"].setdefault(kind, {})
        tally[result] = tally.get(result, 0) + 1
        if outcome["answered"] == count:
            loop.quit()

    def reply_handler(kind):
        def handle(*values):
            value = plain(list(values))
            if kind == "TouchDown":
                value = value[1:]  # the touch id differs each time
            record(kind, "reply " + repr(value))
        return handle

    def error_handler(kind):
        return lambda error: record(kind, "error " + error.get_dbus_name())

    started = time.monotonic()
    for index in range(count):
        kind, path, interface, signature, args = FLOOD_KINDS[index % len(FLOOD_KINDS)]
        c.bus.call_async(BUS_NAME, path, interface, kind.split(" ")[0], signature, args,
                         reply_handler(kind), error_handler(kind), timeout=scaled(60))
    outcome["sendSeconds"] = time.monotonic() - started
    GLib.timeout_add_seconds(int(scaled(60)), loop.quit)
    loop.run()
    outcome["seconds"] = time.monotonic() - started
    return outcome


def watch(c, stop_file):
    """Taps blue again and again until `stop_file` exists; every tap must be answered."""
    loop = GLib.MainLoop()
    state = {"taps": 0, "answers": {}, "stopping": False}

    def answered(what):
        state["answers"][what] = state["answers"].get(what, 0) + 1

    def tap():
        if os.path.exists(stop_file):
            loop.quit()
            return

        def up_done(*values):
            answered("TouchUp reply")
            state["taps"] += 1
            GLib.timeout_add(2, tap)

        def down_done(*values):
            answered("TouchDown reply " + repr(plain(list(values))[1:]))
            c.bus.call_async(BUS_NAME, ROOT, HOST1, "TouchUp", "u", (0,), up_done, failed("TouchUp"), timeout=scaled(30))

        def failed(what):
            def handle(error):
                answered("%s error %s: %s" % (what, error.get_dbus_name(), error.get_dbus_message()))
                GLib.timeout_add(2, tap)
            return handle

        c.bus.call_async(BUS_NAME, ROOT, HOST1, "TouchDown", "udd", (0, 240.0, 250.0), down_done, failed("TouchDown"),
                         timeout=scaled(30))

    c.settle()
    sys.stderr.write("ready\n")
    sys.stderr.flush()
    GLib.idle_add(tap)
    GLib.timeout_add_seconds(int(scaled(120)), loop.quit)
    loop.run()
    c.settle()
    # Each signal as [seq, what]: the member, and for Touch signals the window number.
    signals = []
    for signal in c.signals:
        what = signal["member"]
        if what == "Touch":
            what += " " + signal["args"][1].rsplit("/", 1)[-1]
        signals.append([signal["args"][0], what])
    return {"taps": state["taps"], "answers": state["answers"], "signals": signals}


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "bad-input":
        emit(bad_input(Client(listen=False)))
    elif what == "flood" and len(sys.argv) == 3:
        emit(flood(Client(listen=False), int(sys.argv[2])))
    elif what == "watch" and len(sys.argv) == 3:
        emit(watch(Client(), sys.argv[2]))
    else:
        sys.exit("usage: robustness.py bad-input | flood COUNT | watch STOPFILE")
