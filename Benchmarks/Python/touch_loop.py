"""Touches a running scene-host over D-Bus: COUNT TouchDown + TouchUp pairs at (X, Y), one after the
other, and prints the median TouchDown round trip. Run by run-touch-cpu with Debian's python3-dbus."""
import statistics
import sys
import time

import dbus


def main() -> int:
    if len(sys.argv) != 4:
        print("usage: touch_loop.py COUNT X Y", file=sys.stderr)
        return 64
    count, x, y = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    host = dbus.Interface(dbus.SessionBus().get_object("org.scenehost.SceneHost", "/org/scenehost/SceneHost"), "org.scenehost.Host1")
    downs = []
    for _ in range(count):
        start = time.perf_counter()
        host.TouchDown(dbus.UInt32(1), x, y)
        downs.append(time.perf_counter() - start)
        host.TouchUp(dbus.UInt32(1))
    print(f"TouchDown median {statistics.median(downs) * 1e6:.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
