"""Where :meth:`scenehost.Host.connect` looks for a host: the same places, in the same order, as
``scenectl`` (SceneBusContract's discovery)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from . import errors
from ._bus import BUS_NAME, Bus

ENVIRONMENT_VARIABLE = "SCENEHOST_BUS_ADDRESS"


@dataclass(frozen=True)
class Candidate:
    address: str
    #: Where the address came from, as people read it.
    origin: str


def published_address_file() -> str:
    """``$XDG_RUNTIME_DIR/scenehost/bus-address``, or ``/tmp/scenehost-<uid>/bus-address``: where a
    host that started its own private bus publishes its address."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    folder = f"{runtime}/scenehost" if runtime else f"/tmp/scenehost-{os.getuid()}"
    return f"{folder}/bus-address"


def published_address() -> str | None:
    try:
        with open(published_address_file(), encoding="utf-8") as file:
            text = file.read().strip()
    except OSError:
        return None
    return text or None


def candidates(address: str | None) -> list[Candidate]:
    """``address``, else ``SCENEHOST_BUS_ADDRESS`` (each alone); else the session bus, then the
    published private bus."""
    if address:
        return [Candidate(address, "the address given")]
    environment = os.environ.get(ENVIRONMENT_VARIABLE, "")
    if environment:
        return [Candidate(environment, ENVIRONMENT_VARIABLE)]
    found: list[Candidate] = []
    session = os.environ.get("DBUS_SESSION_BUS_ADDRESS", "")
    if session:
        found.append(Candidate(session, "the session bus"))
    published = published_address()
    if published and published != session:
        found.append(Candidate(published, f"the private bus published in {published_address_file()}"))
    return found


def locate(address: str | None) -> Bus:
    """A connection to the first candidate bus where the host owns ``org.scenehost.SceneHost``; when
    none has it, the first whose bus can start it (D-Bus activation) is asked to.

    Raises :class:`scenehost.HostNotFound` listing every place tried."""
    tried = candidates(address)
    failures: list[str] = []
    for activate in (False, True):
        for candidate in tried:
            try:
                bus = Bus(candidate.address)
            except errors.Error as error:
                if not activate:
                    failures.append(f"{candidate.origin} ({candidate.address}): {error.message}")
                continue
            try:
                if bus.host_is_here():
                    return bus
                if activate:
                    (names,) = bus.bus_call("ListActivatableNames")
                    if BUS_NAME in names:
                        bus.bus_call("StartServiceByName", "su", (BUS_NAME, 0))
                        return bus
                else:
                    failures.append(f"{candidate.origin} ({candidate.address}): nobody owns {BUS_NAME} there")
            except errors.Error as error:
                if not activate:
                    failures.append(f"{candidate.origin} ({candidate.address}): {error.message}")
            bus.close()
    if not tried:
        message = (f"no scene-host found: DBUS_SESSION_BUS_ADDRESS is not set, {ENVIRONMENT_VARIABLE} is not set, "
                   f"and no host published a private bus address in {published_address_file()}")
    else:
        message = f"no scene-host ({BUS_NAME}) found; tried:\n" + "\n".join(f"  - {line}" for line in failures)
    raise errors.HostNotFound(message + "\nStart one with `scene-host`, or use Host.start() for a private one.")
