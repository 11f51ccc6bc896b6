"""Recording the host's signals: every ``org.scenehost.Host1`` signal in order, with gap detection
(each carries a host-wide ``seq`` that grows by one), and expectations that wait for a matching one."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from types import TracebackType
from typing import TYPE_CHECKING, Any

from jeepney import HeaderFields, MatchRule

from ._bus import BUS_NAME, HOST1, ROOT

if TYPE_CHECKING:
    from .host import Host


@dataclass(frozen=True)
class Signal:
    """One signal: its kind (``Touch``, ``GestureStateChanged``, …), ``seq`` and arguments by the names
    ``Config/dbus/org.scenehost.Host1.xml`` gives them (``signal.view``, ``signal["phase"]``)."""

    kind: str
    args: dict[str, Any] = field(default_factory=dict)

    @property
    def seq(self) -> int:
        return int(self.args.get("seq", 0))

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["args"][name]
        except KeyError:
            raise AttributeError(f"{self.kind} has no argument {name!r}; it has {', '.join(self.__dict__['args'])}") from None

    def __getitem__(self, name: str) -> Any:
        return self.args[name]

    def matches(self, kind: str | None, criteria: dict[str, Any]) -> bool:
        if kind is not None and self.kind != kind:
            return False
        return all(name in self.args and self.args[name] == value for name, value in criteria.items())

    def __str__(self) -> str:
        details = ", ".join(f"{name}={value!r}" for name, value in self.args.items() if name != "seq")
        return f"#{self.seq} {self.kind}({details})"


@dataclass(frozen=True)
class Gap:
    """Signals lost between two received ones: ``after`` then ``got``, where ``got > after + 1``."""

    after: int
    got: int


class Events:
    """Records the host's signals while its ``with`` block runs (``host.events()``).

    Signals arrive on the host's connection and are recorded whenever the client reads from it: during
    any call, and while :meth:`expect` or :meth:`wait` wait. :attr:`signals` holds them in order;
    :attr:`gaps` lists every place a ``seq`` was skipped (a lost signal).
    """

    def __init__(self, host: Host) -> None:
        self._host = host
        self._queue: deque[Any] = deque()
        self._rule = MatchRule(type="signal", sender=BUS_NAME, interface=HOST1, path=ROOT)
        self._local_rule = MatchRule(type="signal", interface=HOST1, path=ROOT)
        self._handle: Any = None
        self.signals: list[Signal] = []
        self.gaps: list[Gap] = []
        #: Indices of the signals :meth:`expect` returned (each is returned once).
        self._consumed: set[int] = set()

    def __enter__(self) -> Events:
        self._handle = self._host._bus.subscribe(self._rule, self._local_rule, self._queue)
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Stops recording (what was recorded stays)."""
        if self._handle is not None:
            self._drain()
            self._host._bus.unsubscribe(self._rule, self._handle)
            self._handle = None

    def _drain(self) -> None:
        names = self._host._signal_arguments
        while self._queue:
            message = self._queue.popleft()
            kind = str(message.header.fields.get(HeaderFields.member, ""))
            arguments = names.get(kind) or [f"arg{index}" for index in range(len(message.body))]
            signal = Signal(kind, dict(zip(arguments, message.body)))
            if self.signals and signal.seq != self.signals[-1].seq + 1:
                self.gaps.append(Gap(self.signals[-1].seq, signal.seq))
            self.signals.append(signal)

    def poll(self) -> list[Signal]:
        """Records what has arrived, reading nothing more; returns every signal so far."""
        self._drain()
        return self.signals

    def wait(self, until_seq: int, timeout: float = 5) -> list[Signal]:
        """Reads until the signal with ``seq`` ≥ ``until_seq`` arrived (``WaitForIdle`` and
        ``AdvanceClock`` return such a seq); returns every signal so far."""
        deadline = time.monotonic() + timeout
        self._drain()
        while not self.signals or self.signals[-1].seq < until_seq:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"signal #{until_seq} did not arrive within {timeout} s; got:\n{self._listing()}")
            try:
                self._host._bus.read(self._queue, remaining)
            except TimeoutError:
                continue
            self._drain()
        return self.signals

    def expect(self, kind: str | None = None, *, timeout: float = 1, **criteria: Any) -> Signal:
        """The earliest recorded signal that has kind ``kind`` and every argument given
        (``expect(kind="Touch", view="blue", phase="ended")``) and that no earlier expectation returned,
        waiting up to ``timeout`` seconds for it. Each signal is returned once, so expecting the same
        thing twice needs two such signals; compare ``seq`` to check an order. Raises AssertionError
        listing the signals seen (and any gap)."""
        deadline = time.monotonic() + timeout
        while True:
            self._drain()
            for index, signal in enumerate(self.signals):
                if index not in self._consumed and signal.matches(kind, criteria):
                    self._consumed.add(index)
                    return signal
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                wanted = ", ".join([f"kind={kind!r}"] * (kind is not None) + [f"{name}={value!r}" for name, value in criteria.items()])
                raise AssertionError(f"no signal with {wanted} within {timeout} s; recorded (* = returned before):\n{self._listing()}")
            try:
                self._host._bus.read(self._queue, remaining)
            except TimeoutError:
                continue

    def assert_no_gaps(self) -> None:
        """Raises AssertionError when a signal was lost."""
        self._drain()
        if self.gaps:
            raise AssertionError("signals were lost: " + ", ".join(f"after #{gap.after} came #{gap.got}" for gap in self.gaps))

    def _listing(self) -> str:
        lines = [f"{'*' if index in self._consumed else ' '} {signal}" for index, signal in enumerate(self.signals)] or ["  (none)"]
        lines += [f"  (gap: after #{gap.after} came #{gap.got})" for gap in self.gaps]
        return "\n".join(lines)
