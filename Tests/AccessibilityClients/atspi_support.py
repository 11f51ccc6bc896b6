"""What the pyatspi scripts share: failing with a message, finding objects, reading states, and
running pyatspi's event loop until the events a step should cause have arrived."""
import sys

import pyatspi
from gi.repository import GLib


def fail(message):
    print("FAIL:", message)
    print("RESULT: FAIL")
    sys.exit(1)


def expect(condition, message):
    if not condition:
        fail(message)


def states(accessible):
    return {pyatspi.stateToString(state) for state in accessible.getState().getStates()}


def find(accessible, predicate):
    """The first object, depth first from `accessible`, for which `predicate` holds; None if none."""
    if predicate(accessible):
        return accessible
    for child in accessible:
        found = find(child, predicate)
        if found is not None:
            return found
    return None


def windows_by_name(app):
    """Every window of the application by name: its children (the scenes' frames) and each frame's
    alert and dialog children (the host attaches a scene's alerts to its frame, rule WS-12)."""
    found = {}
    for frame in app:
        found[frame.name] = frame
        for child in frame:
            if child.getRoleName() in ("alert", "dialog"):
                found[child.name] = child
    return found


def find_application(name="scene-host"):
    desktop = pyatspi.Registry.getDesktop(0)
    names = [app.name for app in desktop if app is not None]
    print("applications on the desktop:", names)
    for app in desktop:
        if app is not None and app.name == name:
            return app
    fail("no application called %s on the desktop (found %r)" % (name, names))


def collect_events(event_types, step, done, what, timeout_ms=10000):
    """Listens for `event_types`, runs `step` from pyatspi's main loop, and runs the loop until
    `done(events)` holds or `timeout_ms` passes. Returns the events received, each as
    (type, source id, source name, detail1, detail2, any_data), and prints each one."""
    events = []

    def on_event(event):
        source = event.source
        record = (event.type, source.accessibleId if source else None, source.name if source else None,
                  event.detail1, event.detail2, event.any_data)
        events.append(record)
        print("EVENT %s source=%r id=%r detail1=%d detail2=%d data=%r" % (record[0], record[2], record[1], record[3], record[4], record[5]))
        if done(events):
            pyatspi.Registry.stop()

    def start():
        step()
        return False

    timed_out = []

    def give_up():
        timed_out.append(True)
        print("gave up after %d ms waiting for %s" % (timeout_ms, what))
        pyatspi.Registry.stop()
        return False

    pyatspi.Registry.registerEventListener(on_event, *event_types)
    GLib.idle_add(start)
    timer = GLib.timeout_add(timeout_ms, give_up)
    pyatspi.Registry.start()
    if not timed_out:
        GLib.source_remove(timer)
    pyatspi.Registry.deregisterEventListener(on_event, *event_types)
    return events
