"""Host CPU per call of the two WebDriver figures that miss their targets (issue 27): ``GET /source``
of the 10,000-view window and the find by XPath ``//*[@identifier='status']`` on it, read from the
host's ``/proc/PID/stat`` (user + system time) over 80 sources and 400 finds on one keep-alive
connection, after 5 of each to warm up. Less sensitive to other tenants of the machine than wall
time (though not immune: a busy machine still inflates it); prints the wall time and load too.

    SCENEHOST_BIN=.build/release/scene-host .build/python-venv/bin/python Benchmarks/Python/webdriver_cpu.py
"""

from __future__ import annotations

import os
import time

from webdriver_bench import Endpoint


def cpu_seconds(pid: int) -> float:
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    endpoint = Endpoint()
    try:
        session = endpoint.session("many")
        locator = {"using": "xpath", "value": "//*[@identifier='status']"}
        calls = {
            "GET /source": (80, lambda: endpoint.call("GET", f"/session/{session}/source")),
            "find by XPath": (400, lambda: endpoint.call("POST", f"/session/{session}/element", locator)),
        }
        for _, call in calls.values():
            for _ in range(5):
                call()
        for name, (count, call) in calls.items():
            cpu, wall = cpu_seconds(endpoint.process.pid), time.perf_counter()
            for _ in range(count):
                call()
            cpu, wall = cpu_seconds(endpoint.process.pid) - cpu, time.perf_counter() - wall
            print(f"{name}: host CPU {1000 * cpu / count:.2f} ms per call, wall {1000 * wall / count:.2f} ms per call, load {os.getloadavg()[0]:.1f}")
    finally:
        endpoint.close()


if __name__ == "__main__":
    main()
