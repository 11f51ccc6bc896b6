"""A scripted Orca session against scene-host (run by orca-session.sh): each step drives the host the
way a user would (the host's own D-Bus API for keys, taps and typing; AT-SPI for a click, as an
assistive tool does) and then reads what Orca said: every utterance its speech server was handed
(scenehost_silent_speech.py writes them down as they come).

Checks:
- when Orca starts (and so turns assistive technology on), the host joins and Orca reads the active
  window, the Gallery alert;
- while that alert is up, another scene's frame is announced without "1 unfocused dialog" (the alert
  belongs to Gallery's frame), and Gallery's frame with it;
- a key-window switch names the window and the control that has the focus in it;
- Tab moves the focus and Orca names the control it reached;
- a row of GestureLab's 1,000-row table out of view, focused through AT-SPI, is scrolled into view
  and read with its position ("40 of 1000"), as Orca reads a GTK list's rows;
- the Gallery field, tapped, is announced as an editable entry (not "read only"), with its text;
- typed characters are echoed (Orca's "echo by character": each key typed into the field inserts one
  character, which Orca speaks; key echo proper would need key events from the AT-SPI device event
  controller, which the host does not send);
- a button clicked through AT-SPI (Show alert) brings up the alert, and Orca reads its contents.
Prints every utterance of each step; exits 1 on the first mismatch.
"""
import os
import sys
import time

import dbus
import pyatspi

from atspi_support import expect, fail, find, find_application, states, windows_by_name

ORCA_SPEECH = os.environ["ORCA_SPEECH"]
HOST = "org.scenehost.SceneHost"
ROOT = "/org/scenehost/SceneHost"
WINDOW = ROOT + "/window/%d"
GESTURELAB, GALLERY_MAIN, GALLERY_ALERT = 2, 3, 4

bus = dbus.SessionBus()


def host(member, *arguments, path=ROOT, interface="org.scenehost.Host1"):
    return getattr(bus.get_object(HOST, path), member)(*arguments, dbus_interface=interface)


def window(number, member, *arguments):
    return host(member, *arguments, path=WINDOW % number, interface="org.scenehost.Window1")


def utterances():
    """What Orca has said so far, in order: its speech server's record (scenehost_silent_speech.py)."""
    try:
        with open(ORCA_SPEECH, errors="replace") as record:
            return [line.rstrip("\n").split(": ", 1)[1] for line in record if ": " in line]
    except FileNotFoundError:
        return []


class Step:
    """One step: what Orca said after `start`, waited for until `done(spoken)` holds."""

    def __init__(self, name):
        self.name = name
        self.mark = len(utterances())

    def spoken(self):
        return utterances()[self.mark:]

    def wait(self, done, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            spoken = self.spoken()
            if done(spoken):
                break
            time.sleep(0.1)
        time.sleep(0.5)  # let Orca finish the utterance it is in
        spoken = self.spoken()
        print("== %s: Orca said %r" % (self.name, spoken))
        return spoken


def said(spoken, text):
    return any(text in utterance for utterance in spoken)


def make_key(name, number, until):
    """Step `name`: makes window `number` key; returns what Orca said once `until(spoken)` held."""
    step = Step(name)
    window(number, "MakeKey")
    return step.wait(until)


# 0. Orca finds the application when it joins (mid-session: Orca's start turned assistive technology
#    on) and its active window, the Gallery alert, whose contents it reads.
step = Step("Orca starts")
step.mark = 0
spoken = step.wait(lambda s: said(s, "Enter the code"), timeout=30)
expect(said(spoken, "alert Alert") and said(spoken, "Enter the code, then press OK."), "the alert was not read at start: %r" % spoken)

def click(window_name, view_id):
    """The click action of the view `view_id` in the window `window_name`, through AT-SPI."""
    windows = windows_by_name(find_application())
    view = find(windows[window_name], lambda a: a.accessibleId == view_id)
    expect(view.queryAction().doAction(0), "click on %s answered false" % view_id)


# 1. While the Gallery alert is up, GestureLab made key: Orca names its frame and counts no unfocused
#    dialog, since the alert is a child of Gallery's frame (rule WS-12; as a child of the application it
#    made Orca say "GestureLab frame, 1 unfocused dialog"). Gallery's own frame, made key under its
#    alert, counts it. The alert, made key again, is read again.
spoken = make_key("GestureLab made key under the Gallery alert", GESTURELAB, lambda s: said(s, "GestureLab frame") and len(s) >= 2)
expect(said(spoken, "GestureLab frame") and not said(spoken, "unfocused"),
       "GestureLab's frame was not named, or Gallery's alert was counted in it: %r" % spoken)
spoken = make_key("Gallery made key under its alert", GALLERY_MAIN, lambda s: said(s, "unfocused dialog"))
expect(said(spoken, "Gallery frame") and said(spoken, "1 unfocused dialog"),
       "Gallery's frame was not named with its one unfocused dialog: %r" % spoken)
spoken = make_key("the Gallery alert made key again", GALLERY_ALERT, lambda s: said(s, "Enter the code") or said(s, "OK push button"))
expect(said(spoken, "Alert") or said(spoken, "OK push button"), "the alert was not announced when made key again: %r" % spoken)

# 2. The alert is dismissed with a click through AT-SPI (OK): the Gallery window becomes key.
step = Step("click OK in the alert through AT-SPI")
click("Alert", "ok")
spoken = step.wait(lambda s: said(s, "Gallery frame"))
expect(said(spoken, "Gallery frame"), "the Gallery window was not named when it became key: %r" % spoken)

# 3. GestureLab made key: Orca names the window and the control focused in it (its player). Tab then
#    moves the focus; after each Tab Orca names the view the host says is focused, until the button.
def focused_in(window_name):
    windows = windows_by_name(find_application())
    return find(windows[window_name], lambda a: "focused" in states(a))


spoken = make_key("GestureLab made key", GESTURELAB, lambda s: said(s, "GestureLab") and len(s) >= 2)
focused = focused_in("GestureLab")
expect(focused is not None, "nothing is focused in GestureLab")
expect(said(spoken, "GestureLab frame") and said(spoken, "%s %s" % (focused.name, focused.getRoleName())),
       "the switch to GestureLab did not name the window and its focused %s %r: %r" % (focused.getRoleName(), focused.name, spoken))
for tab in range(8):
    step = Step("Tab %d in GestureLab" % (tab + 1))
    host("SendKey", "tab", "", "press")
    time.sleep(0.2)
    focused = focused_in("GestureLab")
    # Orca reads a table's row as a GTK list's: the list, its size, then the row's name (TV-12).
    if focused.getRoleName() == "list item":
        expected = focused.name
    else:
        expected = "%s %s" % (focused.name, focused.getRoleName())
    spoken = step.wait(lambda s: said(s, expected))
    expect(said(spoken, expected), "Tab to %r was not announced as %r: %r" % (focused.accessibleId, expected, spoken))
    if focused.accessibleId == "button":
        break
expect(focused.accessibleId == "button", "Tab never reached the GestureLab button")

# 4. Key-window switches name the focused control: Gallery, then back to GestureLab (its button).
spoken = make_key("Gallery made key", GALLERY_MAIN, lambda s: said(s, "Gallery frame"))
expect(said(spoken, "Gallery frame"), "the Gallery window was not named: %r" % spoken)
spoken = make_key("GestureLab made key again", GESTURELAB, lambda s: said(s, "Button push button"))
expect(said(spoken, "GestureLab frame") and said(spoken, "Button push button"),
       "switching back to GestureLab did not name the window and its focused button: %r" % spoken)

# 4b. A row out of view (TV-12): GrabFocus through AT-SPI scrolls Row 40 into view and focuses its
#     cell; Orca reads it with its position among the 1,000 rows, as it reads a GTK list's rows.
table = find(windows_by_name(find_application())["GestureLab"], lambda a: a.accessibleId == "table")
row40 = table.getChildAtIndex(39)
expect(row40.name == "Row 40" and "showing" not in states(row40), "child 39 of the table: %r %s" % (row40.name, sorted(states(row40))))
step = Step("GrabFocus on Row 40")
expect(row40.queryComponent().grabFocus(), "GrabFocus on Row 40 answered false")
spoken = step.wait(lambda s: said(s, "40 of 1000"))
expect(said(spoken, "Row 40") and said(spoken, "40 of 1000"), "Row 40 was not read with its position: %r" % spoken)

# 5. The Gallery field: tapped, it is an editable entry with its text; typed characters are echoed.
make_key("Gallery made key for the tap", GALLERY_MAIN, lambda s: said(s, "Gallery frame"))
step = Step("tap the Gallery field")
window(GALLERY_MAIN, "TapView", "field")
spoken = step.wait(lambda s: said(s, "entry"))
expect(said(spoken, "Field entry"), "the field was not announced as an entry: %r" % spoken)
expect(not said(spoken, "read only"), "the field was announced as read only: %r" % spoken)
expect(said(spoken, "Type here") and len([u for u in spoken if "Type here" in u]) == 1,
       "the empty field's placeholder was not read once: %r" % spoken)
# (Key by key at a typist's pace: Orca drops a text event when a newer one of the same object is
# already waiting, as it does for a fast typist.)
for key in "hi":
    step = Step("type '%s' into the field" % key)
    host("SendKey", key, "", "press")
    spoken = step.wait(lambda s: key in s)
    expect(key in spoken, "the typed %r was not echoed: %r" % (key, spoken))
step = Step("Shift-Tab away from the field")
host("SendKey", "tab", "shift", "press")
spoken = step.wait(lambda s: said(s, "push button"))
expect(said(spoken, "Show alert push button"), "Shift-Tab to Show alert was not announced: %r" % spoken)
step = Step("Tab back to the field")
host("SendKey", "tab", "", "press")
spoken = step.wait(lambda s: said(s, "Field entry"))
expect(said(spoken, "Field entry hi"), "the field was not read with its text: %r" % spoken)

# 6. A button clicked through AT-SPI: Show alert brings up the alert, and Orca reads its contents.
step = Step("click Show alert through AT-SPI")
click("Gallery", "show-alert")
spoken = step.wait(lambda s: said(s, "Enter the code"))
expect(said(spoken, "Alert"), "the alert was not named: %r" % spoken)
expect(said(spoken, "Enter the code, then press OK."), "the alert's message was not read: %r" % spoken)
print("RESULT: PASS")
