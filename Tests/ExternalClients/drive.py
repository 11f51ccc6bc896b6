"""Drives scene-host through its D-Bus API with python3-dbus, listening to every org.scenehost.Host1
signal meanwhile, on the default demo configuration (findview, gesturelab, gallery).

    drive.py seed      seed 000: screen touches on blue (240, 250) and red (100, 150) in findview
    drive.py touches   TouchDown/Move/Up/Cancel and InjectTouches
    drive.py window    Window1 HitTest, DescribeTree, TapView and a double Tap in findview
    drive.py gestures  the GestureLab button, the background tap, LongPress, Swipe and Pinch
    drive.py player    remote control and shake before and after touching the GestureLab player
    drive.py gallery   the Gallery alert and main windows: first responders and key-window hand-over
    drive.py keyboard  the Gallery field: TypeText, SendKey (editing keys, Tab, Space, a media key), Press signals
    drive.py scenes    Scene1 life-cycle methods, LoadPlugin and Disconnect
    drive.py snapshots Window1, Scene1 and Host1 Snapshot (each reply recorded as its size)
    drive.py device    SendInput: device input lines, as a desktop window delivers them
    drive.py tour      all of the above in one connection
    drive.py clock     WaitForIdle, Now, AdvanceClock, Find, TapMatching and PerformActions (a virtual-clock host)
    drive.py plugins   ListPlugins and ClearQuarantine (a host with a short probe timeout)
    drive.py isolation scenes in processes of their own: a crash, a slow handler, Reload (a host with
                       isolation: process, crashy = FixtureCrashInHandler at x = 0 and slow =
                       FixtureHangInHandler answering after 6 s at x = 400, a response timeout of 2 s,
                       both scaled under the sanitizers)

Prints `{"calls": [...], "signals": [...]}`: each call with its reply and reply signature (or its
error), each signal with its member, signature and arguments, in the order received.
"""
import json
import sys

from scenehost_bus import (FINDVIEW, GALLERY_ALERT, GALLERY_MAIN, GESTURELAB, HOST1, PROPERTIES, ROOT, SCENE1, WINDOW1,
                           Client, emit, scene, window)


def seed(c):
    # Screen points: findview's window is the first scene, at the screen's origin.
    c.host("TouchDown", "udd", (0, 240.0, 250.0))
    c.host("TouchUp", "u", (0,))
    c.host("TouchDown", "udd", (1, 100.0, 150.0))
    c.host("TouchUp", "u", (1,))


def touches(c):
    c.host("TouchDown", "udd", (7, 240.0, 250.0))
    c.host("TouchMove", "udd", (7, 250.0, 250.0))
    c.host("TouchUp", "u", (7,))
    c.host("TouchDown", "udd", (7, 100.0, 150.0))
    c.host("TouchCancel", "u", (7,))
    samples = [(0, "down", 240.0, 250.0, 0.0), (1, "down", 100.0, 150.0, 0.0), (0, "move", 245.0, 250.0, 0.02),
               (0, "up", 245.0, 250.0, 0.02), (1, "up", 100.0, 150.0, 0.0)]
    c.host("InjectTouches", "a(usddd)", (samples,))


def window_methods(c):
    c.window(FINDVIEW, "HitTest", "dd", (240.0, 250.0))
    c.window(FINDVIEW, "HitTest", "dd", (-5.0, -5.0), label="HitTest outside")
    c.window(FINDVIEW, "DescribeTree")
    c.window(FINDVIEW, "TapView", "s", ("red",))
    c.window(FINDVIEW, "Tap", "ddu", (240.0, 250.0, 2), label="Tap twice")
    c.window(FINDVIEW, "Scroll", "dddds", (240.0, 250.0, 0.0, 40.0, "discrete"), label="Scroll where nothing scrolls")


def gestures(c):
    c.window(GESTURELAB, "Tap", "ddu", (60.0, 280.0, 1), label="Tap button")
    c.window(GESTURELAB, "Tap", "ddu", (100.0, 150.0, 1), label="Tap background")
    c.window(GESTURELAB, "LongPress", "ddd", (100.0, 150.0, 1.0))
    c.window(GESTURELAB, "Swipe", "ddddd", (100.0, 600.0, 250.0, 650.0, 0.3))
    c.window(GESTURELAB, "Pinch", "ddddd", (200.0, 670.0, 60.0, 120.0, 0.3))


def player(c):
    # Before: the key window is Gallery's alert, whose first responder is nobody.
    c.host("SendRemoteControl", "s", ("play",), label="SendRemoteControl before")
    # The player at window point (280, 440) is screen point (680, 440): gesturelab is the second scene,
    # 400 points to the right. Touching it focuses its scene (so its window becomes the application's
    # key window) and the player becomes first responder.
    c.host("TouchDown", "udd", (0, 680.0, 440.0))
    c.host("TouchUp", "u", (0,))
    c.call(ROOT, PROPERTIES, "Get", "ss", (HOST1, "KeyWindow"), label="Get KeyWindow")
    c.call(ROOT, PROPERTIES, "Get", "ss", (HOST1, "FirstResponder"), label="Get FirstResponder")
    c.host("SendMotion", "ss", ("shake", "began"))
    c.host("SendMotion", "ss", ("shake", "ended"))
    c.host("SendRemoteControl", "s", ("play",))
    c.host("SendRemoteControl", "s", ("next-track",))
    c.host("SendRemoteControl", "s", ("toggle-play-pause",))


def gallery(c):
    c.window(GALLERY_ALERT, "Tap", "ddu", (150.0, 50.0, 1), label="Tap code")
    c.window(GALLERY_ALERT, "Tap", "ddu", (150.0, 140.0, 1), label="Tap ok")
    c.window(GALLERY_MAIN, "Tap", "ddu", (100.0, 120.0, 1), label="Tap field")
    c.window(GALLERY_MAIN, "MakeFirstResponder", "s", ("",), label="MakeFirstResponder none")
    c.window(GALLERY_MAIN, "Tap", "ddu", (100.0, 190.0, 1), label="Tap show-alert")
    c.window(GALLERY_MAIN, "MakeKey")
    c.window(GALLERY_MAIN, "MakeFirstResponder", "s", ("field",), label="MakeFirstResponder field")
    for number in (GALLERY_MAIN, GALLERY_ALERT):
        c.call(window(number), PROPERTIES, "GetAll", "s", ("org.scenehost.Window1",), label="GetAll window %d" % number)


def keyboard(c):
    # Gallery's main window becomes key; its field becomes first responder (and keyboard focus).
    c.window(GALLERY_MAIN, "MakeKey", label="MakeKey main")
    c.window(GALLERY_MAIN, "Tap", "ddu", (100.0, 120.0, 1), label="Tap field")
    c.window(GALLERY_MAIN, "TypeText", "s", ("hellp",))
    c.host("SendKey", "sss", ("BackSpace", "", "press"), label="SendKey backspace")
    c.host("SendKey", "sss", ("o", "", "press"), label="SendKey o")
    c.host("SendKey", "sss", ("1", "shift", "began"), label="SendKey shift+1 began")
    c.host("SendKey", "sss", ("1", "shift", "ended"), label="SendKey shift+1 ended")
    c.call(window(GALLERY_MAIN), PROPERTIES, "Get", "ss", ("org.scenehost.Window1", "FirstResponder"), label="Get FirstResponder")
    c.window(GALLERY_MAIN, "DescribeTree", label="DescribeTree typed")
    # Tab moves the focus from the field to show-alert (the field stops editing); Space activates it.
    c.host("SendKey", "sss", ("tab", "", "press"), label="SendKey tab")
    c.host("SendKey", "sss", ("space", "", "press"), label="SendKey space")
    c.host("SendKey", "sss", ("media-play-pause", "", "press"), label="SendKey media")


def scenes(c):
    c.scene("findview", "Deactivate")
    c.window(FINDVIEW, "Tap", "ddu", (240.0, 250.0, 1), label="Tap inactive")
    c.scene("findview", "Activate")
    c.scene("findview", "SendToBackground")
    c.scene("findview", "Activate", label="Activate again")
    c.host("LoadPlugin", "ss", ("FindView", "second"))
    c.call(ROOT, PROPERTIES, "Get", "ss", (HOST1, "Scenes"), label="Get Scenes with second")
    c.scene("second", "Disconnect")
    c.call(ROOT, PROPERTIES, "Get", "ss", (HOST1, "Scenes"), label="Get Scenes without second")
    c.scene("second", "Activate", label="Activate disconnected")
    c.call(scene("findview"), SCENE1, "Resize", "dd", (500.0, 900.0), label="Resize findview")
    c.call(scene("findview"), SCENE1, "Resize", "dd", (390.0, 844.0), label="Resize findview back")


def device(c):
    # Device input as a desktop window delivers it (an Input signal each), FindView's blue tapped.
    c.host("SendInput", "s", ("touch findview 0 down 240 250",), label="SendInput down")
    c.host("SendInput", "s", ("touch findview 0 up 240 250",), label="SendInput up")
    c.host("DisplayStatistics")
    c.host("BusStatistics")


def snapshots(c):
    for label, path, interface in (("Snapshot window", window(FINDVIEW), WINDOW1),
                                   ("Snapshot scene", scene("gallery"), SCENE1), ("Snapshot screen", ROOT, HOST1)):
        values = c.call(path, interface, "Snapshot", "d", (1.0,), label=label)
        if values is not None:
            data = bytes(values[0])
            c.calls[-1]["reply"] = ["PNG" if data[:8] == b"\x89PNG\r\n\x1a\n" else "not a PNG", len(data)]


def plugins(c):
    c.host("ListPlugins", "", ())
    c.host("ClearQuarantine", "s", ("",), label="ClearQuarantine all")


def clock(c):
    c.host("WaitForIdle", "d", (5.0,))
    c.host("Now", "", ())
    c.host("AdvanceClock", "d", (0.5,))
    c.host("Now", "", (), label="Now advanced")
    c.host("Find", "s", ("Button",))
    c.host("TapMatching", "sd", ("#blue", 1.0))
    tap = {"actions": [{"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"},
                        "actions": [{"type": "pointerMove", "x": 240, "y": 250}, {"type": "pointerDown"},
                                    {"type": "pause", "duration": 50}, {"type": "pointerUp"}]}]}
    c.window(FINDVIEW, "PerformActions", "s", (json.dumps(tap),))


def isolation(c):
    def started():
        return sum(1 for signal in c.signals if signal["member"] == "SceneStarted")
    c.host("TouchDown", "udd", (0, 100.0, 62.0), label="TouchDown crash button")
    before = started()
    c.host("TouchUp", "u", (0,), label="TouchUp crashes")
    c.wait_for("SceneStarted", count=before + 1)
    c.host("TouchDown", "udd", (1, 500.0, 62.0), label="TouchDown slow button")
    c.host("TouchUp", "u", (1,), label="TouchUp too slow")
    c.wait_for("SceneResponding")
    before = started()
    c.scene("crashy", "Reload")
    c.wait_for("SceneStarted", count=before + 1)


GROUPS = {"clock": [clock], "seed": [seed], "touches": [touches], "window": [window_methods], "gestures": [gestures],
          "player": [player], "gallery": [gallery], "keyboard": [keyboard], "scenes": [scenes], "plugins": [plugins],
          "snapshots": [snapshots], "device": [device], "isolation": [isolation]}
GROUPS["tour"] = [seed, touches, window_methods, gestures, player, gallery, keyboard, snapshots, device, scenes]

if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what not in GROUPS:
        sys.exit("usage: drive.py %s" % "|".join(GROUPS))
    client = Client()
    for group in GROUPS[what]:
        group(client)
    client.settle()
    emit({"calls": client.calls, "signals": client.signals})
