"""``Host.start``: a private ``dbus-daemon`` and a ``scene-host`` of our own on it, ready when the host
says so (``READY=1`` on ``NOTIFY_SOCKET``, sent once its scenes are connected and it serves D-Bus)."""

from __future__ import annotations

import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import weakref
from pathlib import Path

from . import errors

BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


def find_scene_host(executable: str | os.PathLike[str] | None = None) -> str:
    """``executable``, else ``$SCENEHOST_BIN``, else ``scene-host`` on ``PATH``."""
    if executable:
        return os.fspath(executable)
    from_environment = os.environ.get("SCENEHOST_BIN", "")
    if from_environment:
        return from_environment
    found = shutil.which("scene-host")
    if not found:
        raise errors.HostStartFailed("scene-host is not on PATH and SCENEHOST_BIN is not set; build it (swift build) "
                                     "and point SCENEHOST_BIN at .build/debug/scene-host, or install it (scripts/install)")
    return found


def ending_with_this_process(command: list[str]) -> list[str]:
    """``command``, run so that the kernel sends it SIGTERM when this process ends, however it ends.

    Without this, a test run that is killed (SIGKILL from a CI timeout, say) leaves its bus daemon
    and host running, and the host does not exit when its bus goes away either (its scenes keep
    running by design). util-linux's ``setpriv --pdeathsig TERM`` sets the child's parent-death
    signal and then runs the command; util-linux is part of every Debian system. Without
    ``setpriv``, the command runs as it is.

    This is done only from the main thread. The kernel sends the signal when the *thread* that
    started the child ends, and only the main thread lasts as long as the process.
    """
    if threading.current_thread() is not threading.main_thread():
        return command
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return command
    return [setpriv, "--pdeathsig", "TERM", "--", *command]


class PrivateBus:
    """A ``dbus-daemon`` of our own with session-bus semantics, listening in ``folder``."""

    def __init__(self, folder: Path, timeout: float = 30) -> None:
        config = folder / "bus.conf"
        config.write_text(BUS_CONFIG.format(socket=folder / "bus"), encoding="utf-8")
        binary = shutil.which("dbus-daemon") or "/usr/bin/dbus-daemon"
        try:
            self.process = subprocess.Popen(
                ending_with_this_process(
                    [binary, f"--config-file={config}", "--nofork", "--nopidfile", "--nosyslog", "--print-address=1"]),
                stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError as error:
            raise errors.HostStartFailed(f"cannot start dbus-daemon ({binary}): {error}; "
                                         "install it with `apt-get install dbus-daemon`") from error
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        self.address = self.process.stdout.readline().decode().strip() if ready else ""
        if not self.address:
            self.stop()
            raise errors.HostStartFailed(f"dbus-daemon printed no address within {timeout} s")

    def stop(self, timeout: float = 10) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdout is not None:
            self.process.stdout.close()


def _end_left_behind(folder: Path, started: list[subprocess.Popen[bytes]]) -> None:
    """Ends what a :class:`HostProcesses` nobody stopped started, and removes its folder: run when it is
    collected or when the interpreter exits (``weakref.finalize``), and by :meth:`HostProcesses.stop`
    after its own orderly stop. The host first (SIGTERM, as ``stop`` does), then its bus."""
    for process in reversed(started):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    shutil.rmtree(folder, ignore_errors=True)


class HostProcesses:
    """The two processes behind a started host, and their folder (bus socket, notify socket, the
    host's log). :meth:`stop` ends both (SIGTERM: the host cancels live touches and leaves cleanly).

    One that nobody stops (a test that never closes its host) is stopped the same way, and its folder
    removed, when it is collected or the interpreter exits; a process killed outright (SIGKILL) leaves
    the folder, though its host and bus still end (``ending_with_this_process``)."""

    def __init__(self, *, config: str | os.PathLike[str] | None, clock: str, executable: str | os.PathLike[str] | None,
                 arguments: list[str], timeout: float) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="scenehost-"))
        self.log_path = self.folder / "scene-host.log"
        self.bus: PrivateBus | None = None
        self.host: subprocess.Popen[bytes] | None = None
        # The bus's and the host's processes as they start, for the finalizer (it must not hold self).
        self._started: list[subprocess.Popen[bytes]] = []
        self._end_left_behind = weakref.finalize(self, _end_left_behind, self.folder, self._started)
        try:
            self.bus = PrivateBus(self.folder, timeout)
            self._started.append(self.bus.process)
            self.address = self.bus.address
            self._start_host(find_scene_host(executable), config, clock, arguments, timeout)
        except BaseException:
            self.stop()
            raise

    def _start_host(self, binary: str, config: str | os.PathLike[str] | None, clock: str, arguments: list[str],
                    timeout: float) -> None:
        notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        notify_path = str(self.folder / "notify")
        notify.bind(notify_path)
        environment = dict(os.environ)
        environment.update({
            "NOTIFY_SOCKET": notify_path,
            # Nothing of this host leaks onto the user's buses or runtime folder: MPRIS and the
            # accessibility lookup use this bus, the published address (none with --bus) this folder.
            "DBUS_SESSION_BUS_ADDRESS": self.address,
            "XDG_RUNTIME_DIR": str(self.folder),
        })
        environment.pop("AT_SPI_BUS_ADDRESS", None)
        environment.pop("DBUS_STARTER_ADDRESS", None)
        command = [binary, "--bus", self.address, "--clock", clock]
        if config is not None:
            command += ["--config", os.fspath(config)]
        command += arguments
        if shutil.which(binary) is None:
            notify.close()
            raise errors.HostStartFailed(f"cannot run {binary}: it is not an executable file")
        command = ending_with_this_process(command)
        try:
            with open(self.log_path, "wb") as log:
                self.host = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=environment)
            self._started.append(self.host)
        except OSError as error:
            notify.close()
            raise errors.HostStartFailed(f"cannot run {binary}: {error}") from error
        exited = os.pidfd_open(self.host.pid)
        deadline = time.monotonic() + timeout
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise errors.HostStartFailed(f"scene-host was not ready within {timeout} s; its log:\n{self.log()}")
                ready, _, _ = select.select([notify.fileno(), exited], [], [], remaining)
                if notify.fileno() in ready and b"READY=1" in notify.recv(4096):
                    return
                if exited in ready:
                    status = self.host.wait()
                    raise errors.HostStartFailed(f"scene-host exited with status {status} before it was ready; its log:\n{self.log()}")
        finally:
            os.close(exited)
            notify.close()

    def log(self) -> str:
        """What the host logged so far."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""

    def stop(self, timeout: float = 10) -> int | None:
        """Ends the host (SIGTERM, then SIGKILL after ``timeout``) and its bus; returns the host's exit
        status. Removes the folder."""
        status: int | None = None
        if self.host is not None and self.host.poll() is None:
            self.host.send_signal(signal.SIGTERM)
            try:
                status = self.host.wait(timeout)
            except subprocess.TimeoutExpired:
                self.host.kill()
                status = self.host.wait()
        elif self.host is not None:
            status = self.host.returncode
        if self.bus is not None:
            self.bus.stop(timeout)
        self._end_left_behind()
        return status
