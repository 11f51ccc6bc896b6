"""dogtail against a running scene-host (the default demo configuration), over AT-SPI2.

Finds the GestureLab `button` by name and role and runs doActionNamed('click'); the tap must fire
the button's action, which the host reports as an ActionSent signal on its own D-Bus API (same
session bus). Exits 1 when it does not.

Run by run-in-session.sh inside dbus-run-session (Tests/SceneHostIntegrationTests/Accessibility).
"""
import atexit
import shutil
import sys
import tempfile

import dbus
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

from dogtail.config import config

config.checkForA11y = False      # dogtail checks a GSettings key that a headless session never sets
config.actionDelay = 0
config.defaultDelay = 0
config.searchBackoffDuration = 0.1
config.logDebugToFile = False
config.logDebugToStdOut = False
config.scratchDir = tempfile.mkdtemp(prefix="dogtail-")
config.logDir = config.scratchDir
atexit.register(shutil.rmtree, config.scratchDir, True)
from dogtail.tree import root  # noqa: E402  (after the configuration)


def fail(message):
    print("FAIL:", message)
    print("RESULT: FAIL")
    sys.exit(1)


DBusGMainLoop(set_as_default=True)
session = dbus.SessionBus()
sent = []


def on_action_sent(seq, window, action, sender, target):
    sent.append((str(action), str(sender), str(target)))
    print("ActionSent seq=%d window=%s action=%s sender=%s target=%s" % (seq, window, action, sender, target))
    loop.quit()


session.add_signal_receiver(on_action_sent, signal_name="ActionSent", dbus_interface="org.scenehost.Host1",
                            bus_name="org.scenehost.SceneHost")

app = root.application("scene-host")
print("application:", app)
button = app.child(name="Button", roleName="push button")
print("button:", button, "actions:", list(button.actions.keys()), "position:", button.position, "size:", button.size,
      "showing:", button.showing, "sensitive:", button.sensitive)
if button.accessibleId != "button":
    fail("the push button named Button is %r, not the GestureLab button" % button.accessibleId)
print("doActionNamed('click') ->", button.doActionNamed("click"))

loop = GLib.MainLoop()
GLib.timeout_add(10000, loop.quit)
if not sent:
    loop.run()
if ("buttonTapped", "button") not in [(a, s) for a, s, _ in sent]:
    fail("no ActionSent for buttonTapped from button within 10 s: %r" % sent)
print("RESULT: PASS")
