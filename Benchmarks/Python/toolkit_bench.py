"""The test toolkit's speed targets (issue: "For test engineers"), through the Python client against
a release scene-host, each as a ratio to a baseline run the same way in the same run:

- 100 taps, each confirmed (the reply names the view hit): at most 0.5 s wall, and per tap at most
  1.5x a bare ``Peer.Ping`` from the same client;
- the ``scene_host`` fixture's start and stop (``Host.start()`` on the demo configuration, then
  ``close()``): at most 300 ms, against starting and stopping a bare private bus and connecting;
- ``Find`` on the 10,000-view window: at most 1 ms a call (round trip), against ``Ping``;
- a 600 ms long press on the virtual clock: at most 5 ms wall a call, against ``Ping``.

Each of 5 runs starts fresh hosts; the report gives the median and the worst of the 5 for every
figure, the load average at start and end, and exits with status 1 when a target is missed.

    Benchmarks/Python/run-toolkit-bench            # builds the release host, then runs this
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from scenehost import Host
from scenehost._bus import Bus
from scenehost._process import PrivateBus

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "toolkit.yaml"
RUNS = 5
CALLS = 100
#: The target for a confirmed tap against a bare Ping (issue 16).
TAP_RATIO = 1.5


def block(function, count: int) -> float:
    """Seconds per call over one block of ``count`` calls."""
    start = time.perf_counter()
    for _ in range(count):
        function()
    return (time.perf_counter() - start) / count


def compare(baseline, candidate, count: int = CALLS, blocks: dict[str, list[float]] | None = None) -> tuple[float, float]:
    """Seconds per call of ``baseline`` and ``candidate``: blocks of ``count`` calls interleaved
    and counterbalanced (A B, B A, A B, B A, A B: 5 each, after a warm-up of both), so that a noisy
    moment hits both and a load that rises or falls during the run favours neither (with A B A B …
    the candidate's blocks always came later); the medians. ``blocks`` receives every block's
    seconds per call (keys ``baseline``, ``candidate``)."""
    block(baseline, count // 4)
    block(candidate, count // 4)
    first, second = [], []
    for pair in range(5):
        if pair % 2 == 0:
            first.append(block(baseline, count))
            second.append(block(candidate, count))
        else:
            second.append(block(candidate, count))
            first.append(block(baseline, count))
    if blocks is not None:
        blocks.update(baseline=first, candidate=second)
    return statistics.median(first), statistics.median(second)


def bare_bus_start_stop() -> float:
    """A private dbus-daemon started, connected to, and stopped: what any D-Bus fixture pays."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="scenehost-bench-") as folder:
        daemon = PrivateBus(Path(folder))
        bus = Bus(daemon.address)
        bus.bus_call("GetId")
        bus.close()
        daemon.stop()
    return time.perf_counter() - start


def host_start_stop() -> float:
    start = time.perf_counter()
    host = Host.start()
    host.close()
    return time.perf_counter() - start


def one_run() -> dict[str, float]:
    figures: dict[str, float] = {}
    figures["bus start+stop ms"] = statistics.median(bare_bus_start_stop() for _ in range(3)) * 1000
    figures["fixture start+stop ms"] = statistics.median(host_start_stop() for _ in range(3)) * 1000
    with Host.start(CONFIG, clock="virtual") as host:
        toolkit = host.window("toolkit")
        assert toolkit.tap(290, 546) == "list", "the quiet list behind the row labels"
        # 100 confirmed taps, timed as blocks of 100 (the target is for the block).
        blocks: dict[str, list[float]] = {}
        ping, tap = compare(host.ping, lambda: toolkit.tap(290, 546), blocks=blocks)
        figures["Ping µs"] = ping * 1e6
        figures["100 taps s"] = tap * 100
        figures["tap / Ping"] = tap / ping
        if tap / ping > TAP_RATIO:
            # A run over the target says when: a burst of other work on the machine shows as a few
            # slow blocks on one side, a slower tap as every tap block.
            print(f"  tap / Ping {tap / ping:.3g}: µs per call in the blocks, in pairs (Ping tap; the second and fourth pairs ran tap first): "
                  + ", ".join(f"{a * 1e6:.0f} {b * 1e6:.0f}" for a, b in zip(blocks["baseline"], blocks["candidate"]))
                  + f"; load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
        assert host.find("scene=many #status") == [("/org/scenehost/SceneHost/window/2", "status")]
        ping, find = compare(host.ping, lambda: host.find("scene=many #status"))
        figures["Find (10,000 views) ms"] = find * 1000
        figures["Find / Ping"] = find / ping
        assert toolkit.long_press(100, 70, 0.6) == "press"
        ping, press = compare(host.ping, lambda: toolkit.long_press(100, 70, 0.6), count=40)
        figures["long press 0.6 s ms"] = press * 1000
        figures["long press / Ping"] = press / ping
        figures["long press virtual s"] = host.now()
    figures["fixture / bus"] = figures["fixture start+stop ms"] / figures["bus start+stop ms"]
    return figures


TARGETS = {
    "100 taps s": ("≤ 0.5", lambda value: value <= 0.5),
    "tap / Ping": ("≤ 1.5×", lambda value: value <= TAP_RATIO),
    "fixture start+stop ms": ("≤ 300", lambda value: value <= 300),
    "Find (10,000 views) ms": ("≤ 1", lambda value: value <= 1),
    "long press 0.6 s ms": ("≤ 5", lambda value: value <= 5),
}


def main() -> int:
    binary = os.environ.get("SCENEHOST_BIN", "")
    print(f"# Test toolkit benchmark\n\nscene-host: {binary or 'from PATH'}; {RUNS} runs; load average at start "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    runs = []
    for index in range(RUNS):
        runs.append(one_run())
        print(f"run {index + 1}: " + ", ".join(f"{name} {value:.4g}" for name, value in runs[-1].items() if "virtual" not in name),
              file=sys.stderr, flush=True)
    print(f"load average at end {os.getloadavg()[0]:.1f}\n")
    print("| figure | median of 5 | worst of 5 | target | result |")
    print("|---|---|---|---|---|")
    missed = False
    for name in runs[0]:
        if name == "long press virtual s":
            continue
        values = [run[name] for run in runs]
        # Worst: the largest for every figure here (times and ratios to a baseline).
        median, worst = statistics.median(values), max(values)
        target, check = TARGETS.get(name, ("(baseline)" if name in ("Ping µs", "bus start+stop ms") else "", None))
        result = ""
        if check is not None:
            result = "pass" if check(worst) else ("pass (median)" if check(median) else "MISS")
            missed = missed or not check(median)
        print(f"| {name} | {median:.4g} | {worst:.4g} | {target} | {result} |")
    print("\n'pass' holds for the worst run, 'pass (median)' for the median only; a MISS fails the command.")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
