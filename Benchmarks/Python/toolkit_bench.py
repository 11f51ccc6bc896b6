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
from typing import NamedTuple

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


#: Pairs of blocks per comparison (see ``compare``).
PAIRS = 20


class Comparison(NamedTuple):
    """What ``compare`` measured: seconds per call (medians of the blocks) and the ratio."""

    baseline: float
    candidate: float
    #: The median of the pairs' ratios (each candidate block over the baseline block next to it):
    #: the figure the targets are checked on.
    ratio: float
    #: The ratio of the two medians, for comparison (the method before 2026-11-28).
    ratio_of_medians: float
    #: Every pair's seconds per call, (baseline, candidate), in the order run.
    pairs: list[tuple[float, float]]


def compare(baseline, candidate, count: int = CALLS, pairs: int = PAIRS) -> Comparison:
    """``baseline`` against ``candidate`` in ``pairs`` pairs of adjacent blocks of ``count // 4``
    calls each (after a warm-up block of each), counterbalanced (A B, B A, A B, …: a load that
    rises or falls through the run favours neither), as the median of the pairs' ratios.

    Why pairs of short blocks: a burst of other work on the machine (another process's time slice
    lasts 3-4 ms, a block of 25 taps about 2.5 ms) slows the blocks it lands on. Compared pair by
    pair, it spoils the pairs it touches, and the median over 20 pairs ignores them as long as
    they are fewer than half; with 5 blocks of 100 a side and the ratio of their medians, one burst
    over three candidate blocks and fewer baseline blocks moved the whole run (3 runs in 150 over
    1.5x on the quiet machine). Both blocks of a pair run in the same few milliseconds, so a load
    that holds through a pair weighs on both."""
    size = max(1, count // 4)
    block(baseline, size)
    block(candidate, size)
    measured: list[tuple[float, float]] = []
    for pair in range(pairs):
        if pair % 2 == 0:
            a = block(baseline, size)
            b = block(candidate, size)
        else:
            b = block(candidate, size)
            a = block(baseline, size)
        measured.append((a, b))
    first = statistics.median(a for a, _ in measured)
    second = statistics.median(b for _, b in measured)
    return Comparison(first, second, statistics.median(b / a for a, b in measured), second / first, measured)


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
        # Confirmed taps against Pings; the 0.5 s target is for 100 taps at the blocks' median pace.
        taps = compare(host.ping, lambda: toolkit.tap(290, 546))
        figures["Ping µs"] = taps.baseline * 1e6
        figures["100 taps s"] = taps.candidate * 100
        figures["tap / Ping"] = taps.ratio
        figures["tap / Ping, ratio of medians"] = taps.ratio_of_medians
        if taps.ratio > TAP_RATIO:
            # A run over the target says when: a burst of other work on the machine shows as a few
            # slow blocks on one side, a slower tap as every tap block.
            print(f"  tap / Ping {taps.ratio:.3g}: µs per call in the pairs, in the order run (Ping tap; odd pairs ran tap first): "
                  + ", ".join(f"{a * 1e6:.0f} {b * 1e6:.0f}" for a, b in taps.pairs)
                  + f"; load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
        # The method's own noise: the Ping against itself (A/A) should come out at 1.
        figures["Ping / Ping (A/A)"] = compare(host.ping, host.ping).ratio
        assert host.find("scene=many #status") == [("/org/scenehost/SceneHost/window/2", "status")]
        finds = compare(host.ping, lambda: host.find("scene=many #status"))
        figures["Find (10,000 views) ms"] = finds.candidate * 1000
        figures["Find / Ping"] = finds.ratio
        assert toolkit.long_press(100, 70, 0.6) == "press"
        presses = compare(host.ping, lambda: toolkit.long_press(100, 70, 0.6), count=40)
        figures["long press 0.6 s ms"] = presses.candidate * 1000
        figures["long press / Ping"] = presses.ratio
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


def report(runs: list[dict[str, float]], targets: dict, baselines: tuple[str, ...], skip: tuple[str, ...] = ()) -> bool:
    """Prints the table of the runs' medians and worsts against ``targets`` (name: (text, check));
    returns whether a median missed its target."""
    print(f"load average at end {os.getloadavg()[0]:.1f}\n")
    print("| figure | median of 5 | worst of 5 | target | result |")
    print("|---|---|---|---|---|")
    missed = False
    for name in runs[0]:
        if name in skip:
            continue
        values = [run[name] for run in runs]
        # Worst: the largest for every figure here (times and ratios to a baseline).
        median, worst = statistics.median(values), max(values)
        target, check = targets.get(name, ("(baseline)" if name in baselines else "", None))
        result = ""
        if check is not None:
            result = "pass" if check(worst) else ("pass (median)" if check(median) else "MISS")
            missed = missed or not check(median)
        print(f"| {name} | {median:.4g} | {worst:.4g} | {target} | {result} |")
    print("\n'pass' holds for the worst run, 'pass (median)' for the median only; a MISS fails the command.")
    return missed


def main() -> int:
    binary = os.environ.get("SCENEHOST_BIN", "")
    print(f"# Test toolkit benchmark\n\nscene-host: {binary or 'from PATH'}; {RUNS} runs; load average at start "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    runs = []
    for index in range(RUNS):
        runs.append(one_run())
        print(f"run {index + 1}: " + ", ".join(f"{name} {value:.4g}" for name, value in runs[-1].items() if "virtual" not in name),
              file=sys.stderr, flush=True)
    missed = report(runs, TARGETS, ("Ping µs", "bus start+stop ms"), skip=("long press virtual s",))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
