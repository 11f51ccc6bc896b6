"""Where a call's time goes: CPU time per call of the Python client, the host and the private
dbus-daemon (every thread, from /proc/PID/task/*/schedstat), for a bare ``Peer.Ping``, ``HitTest``
(arguments and a string reply, no delivery) and a confirmed ``Tap`` on the toolkit benchmark's host,
against a release scene-host. The sum is the wall time of a call when the three share one core; on
two free cores the bus daemon's routing of a tap's signals overlaps the client's next call.

    SCENEHOST_BIN=.build/release/scene-host .build/python-venv/bin/python Benchmarks/Python/call_cpu.py [repetitions]

Each repetition runs 2,000 calls of each kind in turn (after 300 of each to warm up); the report
gives the median of the repetitions (5 unless told) and the load average.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

from scenehost import Host

CONFIG = Path(__file__).resolve().parent / "toolkit.yaml"
CALLS = 2000


def cpu_ns(pid: int) -> int:
    """CPU time of every thread of ``pid`` so far, in nanoseconds."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            pass  # a thread that ended meanwhile
    return total


def main() -> int:
    repetitions = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    load = os.getloadavg()[0]
    rows: dict[str, list[tuple[float, float, float, float]]] = {}
    with Host.start(CONFIG, clock="virtual") as host:
        processes = host._processes
        assert processes is not None and processes.host is not None and processes.bus is not None
        host_pid, bus_pid = processes.host.pid, processes.bus.process.pid
        toolkit = host.window("toolkit")
        calls = {
            "Ping": host.ping,
            "HitTest": lambda: toolkit.hit_test(290, 546),
            "Tap": lambda: toolkit.tap(290, 546),
        }
        for call in calls.values():
            for _ in range(300):
                call()
        for _ in range(repetitions):
            for name, call in calls.items():
                start = (time.process_time_ns(), cpu_ns(host_pid), cpu_ns(bus_pid), time.perf_counter_ns())
                for _ in range(CALLS):
                    call()
                end = (time.process_time_ns(), cpu_ns(host_pid), cpu_ns(bus_pid), time.perf_counter_ns())
                rows.setdefault(name, []).append(tuple((b - a) / CALLS / 1000 for a, b in zip(start, end)))  # type: ignore[arg-type]
    print(f"CPU µs per call, median of {repetitions} × {CALLS} calls; load average {load:.1f} at start, "
          f"{os.getloadavg()[0]:.1f} at end\n")
    print("| call | client | host | bus daemon | sum | wall |")
    print("|---|---|---|---|---|---|")
    for name, values in rows.items():
        client, host_cpu, daemon, wall = (statistics.median(column) for column in zip(*values))
        print(f"| {name} | {client:.1f} | {host_cpu:.1f} | {daemon:.1f} | {client + host_cpu + daemon:.1f} | {wall:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
