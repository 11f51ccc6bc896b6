"""pyatspi against a running scene-host (the default demo configuration), over AT-SPI2.

Finds the application, walks the FindView window and checks every object's name, role, states and
extents against the model itself (Window1.DescribeTree on the host's own D-Bus API, on the same
session bus); gets `blue` from getAccessibleAtPoint at blue's centre; and receives focus events after
grabFocus on the Gallery `field`. Prints what it checks; exits 1 on the first mismatch.

Run by run-in-session.sh inside dbus-run-session (Tests/SceneHostIntegrationTests/Accessibility).
"""
import json
import sys

import dbus
import pyatspi

from atspi_support import collect_events, expect, find, find_application, states

FINDVIEW_WINDOW = "/org/scenehost/SceneHost/window/1"
# SceneCore's AccessibilityRole raw values → the AT-SPI role names libatspi reports.
ROLE_NAMES = {"panel": "panel", "frame": "frame", "push-button": "push button", "toggle-button": "toggle button",
              "check-box": "check box", "slider": "slider", "label": "label", "image": "image", "table": "table",
              "table-cell": "table cell", "entry": "entry", "canvas": "canvas", "password-text": "password text",
              "alert": "alert", "dialog": "dialog", "list": "list", "list-item": "list item"}


def model_tree():
    """The FindView window as the model describes it (frames in window coordinates)."""
    host = dbus.SessionBus().get_object("org.scenehost.SceneHost", FINDVIEW_WINDOW)
    return json.loads(host.DescribeTree(dbus_interface="org.scenehost.Window1"))


def check_node(accessible, model, window_origin, depth):
    """Compares one AT-SPI object with its model node, then the children, pairwise."""
    name = model.get("label") or ""  # an identifier is AccessibleId, never a name
    if depth == 0:
        name = model_window["title"]
    role = ROLE_NAMES[model["role"]]
    x, y, w, h = (round(v) for v in model["frame"])
    extents = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    screen = accessible.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    got = states(accessible)
    print("%s%s %r id=%r window=(%d,%d,%d,%d) screen=(%d,%d,%d,%d) states=%s" % (
        "  " * depth, accessible.getRoleName(), accessible.name, accessible.accessibleId,
        extents.x, extents.y, extents.width, extents.height, screen.x, screen.y, screen.width, screen.height,
        sorted(got)))
    expect(accessible.accessibleId == model["ref"], "accessibleId %r, model ref %r" % (accessible.accessibleId, model["ref"]))
    expect(accessible.name == name, "%s: name %r, model says %r" % (model["ref"], accessible.name, name))
    expect(accessible.getRoleName() == role, "%s: role %r, model says %r" % (model["ref"], accessible.getRoleName(), role))
    if depth > 0:
        expect((extents.x, extents.y, extents.width, extents.height) == (x, y, w, h),
               "%s: window extents %r, model frame %r" % (model["ref"], (extents.x, extents.y, extents.width, extents.height), (x, y, w, h)))
    expect((screen.x, screen.y) == (x + window_origin[0], y + window_origin[1]) or depth == 0,
           "%s: screen position (%d,%d) is not the window origin plus the window frame" % (model["ref"], screen.x, screen.y))
    visible = not model["hidden"] and model["alpha"] > 0.01
    expect(("visible" in got) == visible, "%s: visible=%s, model hidden=%s alpha=%s" % (model["ref"], "visible" in got, model["hidden"], model["alpha"]))
    expect("showing" in got, "%s: not showing in a shown window" % model["ref"])
    expect("enabled" in got and "sensitive" in got, "%s: not enabled and sensitive" % model["ref"])
    # FindView is not the application's key window: nothing in it carries focused.
    expect("focused" not in got, "%s: focused in a window that is not the key window" % model["ref"])
    children = [accessible.getChildAtIndex(i) for i in range(accessible.childCount)]
    expect(len(children) == len(model["children"]), "%s: %d children, model has %d" % (model["ref"], len(children), len(model["children"])))
    for index, (child, child_model) in enumerate(zip(children, model["children"])):
        expect(child.getIndexInParent() == index, "%s: index in parent %d, expected %d" % (child_model["ref"], child.getIndexInParent(), index))
        expect(child.parent == accessible, "%s: parent is not %r" % (child_model["ref"], accessible.name))
        check_node(child, child_model, window_origin, depth + 1)


app = find_application()
print("application: %r role=%s toolkit=%r children=%d" % (app.name, app.getRoleName(), app.get_toolkit_name(), app.childCount))
expect(app.getRoleName() == "application", "the application's role is %r" % app.getRoleName())
expect(app.parent == pyatspi.Registry.getDesktop(0), "the application's parent is not the desktop")
windows = [app.getChildAtIndex(i) for i in range(app.childCount)]
print("windows:", [(w.getRoleName(), w.name) for w in windows])
expect([w.name for w in windows] == ["FindView", "GestureLab", "Gallery", "Settings"], "unexpected windows %r" % [w.name for w in windows])
expect(all(w.getRoleName() == "frame" for w in windows), "the application's children are not all frames: %r" % [w.getRoleName() for w in windows])
# Gallery's alert-level window is its frame's last child (rule WS-12), so Orca counts it in Gallery only.
alert = windows[2].getChildAtIndex(windows[2].childCount - 1)
print("Gallery's last child: %s %r, parent %r, index %d" % (alert.getRoleName(), alert.name, alert.parent.name, alert.getIndexInParent()))
expect(alert.getRoleName() == "alert" and alert.name == "Alert", "Gallery's last child is %s %r, not the alert" % (alert.getRoleName(), alert.name))
expect(alert.parent == windows[2] and alert.getIndexInParent() == windows[2].childCount - 1,
       "the alert's parent %r and index %d do not match Gallery's children" % (alert.parent.name, alert.getIndexInParent()))

# -- the FindView window against the model --
model_document = model_tree()
model_window = model_document["window"]
frame = windows[0]
origin = model_window["frame"][:2]
screen = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
expect((screen.x, screen.y, screen.width, screen.height) == tuple(round(v) for v in model_window["frame"]),
       "FindView frame extents %r, model window frame %r" % ((screen.x, screen.y, screen.width, screen.height), model_window["frame"]))
expect(frame.queryComponent().getLayer() == pyatspi.LAYER_WINDOW, "the frame is not in the window layer")
check_node(frame, model_document["root"], origin, 0)

# -- hit testing: blue's centre, in screen coordinates --
blue = find(frame, lambda a: a.accessibleId == "blue")
expect(blue is not None, "no accessible with id blue")
b = blue.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
cx, cy = b.x + b.width // 2, b.y + b.height // 2
hit = frame.queryComponent().getAccessibleAtPoint(cx, cy, pyatspi.DESKTOP_COORDS)
print("getAccessibleAtPoint(%d, %d, screen) on the frame -> %r" % (cx, cy, hit.accessibleId if hit else None))
expect(hit is not None and hit.accessibleId == "blue", "getAccessibleAtPoint at blue's centre answered %r" % (hit.accessibleId if hit else None))
expect(frame.queryComponent().contains(cx, cy, pyatspi.DESKTOP_COORDS), "the frame does not contain blue's centre")
outside = frame.queryComponent().getAccessibleAtPoint(screen.x + 5, screen.y + 5, pyatspi.DESKTOP_COORDS)
print("getAccessibleAtPoint at the window's corner -> %r" % (outside.accessibleId if outside else None))

# -- focus events after grabFocus on the Gallery field --
gallery = windows[2]
field = find(gallery, lambda a: a.accessibleId == "field")
expect(field is not None, "no accessible with id 'field' in the Gallery window")
expect("focusable" in states(field) and "focused" not in states(field), "field states before: %s" % sorted(states(field)))


def grab():
    print("field.grabFocus() ->", field.queryComponent().grabFocus())


def focused_and_focus(events):
    return any(e[0].startswith("object:state-changed:focused") and e[1] == "field" and e[3] == 1 for e in events) and \
        any(e[0].startswith("focus") and e[1] == "field" for e in events)


events = [(e[0], e[2], e[3]) for e in collect_events(
    ["object:state-changed:focused", "focus:"], grab, focused_and_focus, "focus events from the field")]
expect(any(t.startswith("object:state-changed:focused") and s == "Field" and d == 1 for t, s, d in events),
       "no object:state-changed:focused (1) event from the field: %r" % events)
expect(any(t.startswith("focus") and s == "Field" for t, s, d in events), "no focus: event from the field: %r" % events)
expect("focused" in states(field), "field states after grabFocus: %s" % sorted(states(field)))
print("RESULT: PASS")
