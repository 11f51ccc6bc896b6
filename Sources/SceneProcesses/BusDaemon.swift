import DBusKit
import Glibc
import SceneSync

/// A private `dbus-daemon` with session-bus semantics, listening on a socket in its own
/// temporary directory.
///
/// Tests start one per suite so they never touch the user's bus; a host can start one when no
/// session bus exists. The daemon runs with a generated configuration equivalent to
/// `/usr/share/dbus-1/session.conf` (EXTERNAL authentication, everything allowed, the same
/// generous limits) but without service directories, so nothing is ever auto-started.
///
/// ```swift
/// let daemon = try BusDaemon()
/// let connection = try BusConnection.connect(to: .address(daemon.address))
/// ```
///
/// The daemon lives until ``stop()`` is called or the `BusDaemon` is released, whichever comes
/// first: it is sent `SIGTERM`, waited for on a thread of its own (then `SIGKILL`ed after 5 s), and
/// its directory is removed; nothing waits for that unless it asks (``waitUntilStopped()``). It cannot outlive this process either: it runs under a small `/bin/sh` watchdog
/// that holds the read end of a pipe whose only writer is this process, and stops the daemon
/// and removes the directory as soon as that pipe closes, which the kernel does when this
/// process exits or crashes, even without deinitializers running.
public final class BusDaemon: Sendable {
    /// The D-Bus address clients connect to, e.g. `unix:path=/tmp/dbuskit-bus-x1Yz/bus,guid=…`.
    public let address: String
    /// The temporary directory holding the socket, configuration and log.
    public let directory: String
    /// The daemon's process ID.
    public let processID: Int32
    /// The watchdog shell's process ID (the daemon's parent).
    private let watchdogID: Int32
    /// Our end of the lifeline pipe; closing it makes the watchdog stop the daemon.
    private let lifeline: Int32
    /// Where stopping is, shared with the thread that reaps the daemon.
    private let state = StopState()

    /// Waiters of ``waitUntilStopped()`` park in `.stopping`.
    private final class StopState: Sendable {
        enum Phase {
            case running
            case stopping([CheckedContinuation<Void, Never>])
            case stopped
        }

        let phase = CheckedMutex(Phase.running)
    }

    /// Starts a daemon and waits (up to 10 s) until it has printed its address.
    ///
    /// Blocks the calling thread meanwhile: call it off the main actor once the process serves
    /// anything (tests use a thread of their own).
    ///
    /// - Parameter executable: The `dbus-daemon` binary; `nil` searches `PATH`, then
    ///   `/usr/bin` and `/bin`.
    /// - Throws: ``BusError`` with code ``BusError/Code-swift.struct/daemonUnavailable`` naming
    ///   the binary and the fix (`apt-get install dbus-daemon`) when it is missing; with code
    ///   ``BusError/Code-swift.struct/daemonFailed`` and the daemon's own output when it does
    ///   not start.
    public init(executable: String? = nil) throws {
        let binary = try BusDaemon.locate(executable)
        let directory = try BusDaemon.makeDirectory()
        do {
            let socket = directory + "/bus"
            try BusDaemon.writeFile(directory + "/bus.conf", BusDaemon.configuration(socket: socket))
            let spawned = try BusDaemon.spawn(binary, directory: directory)
            let started: (address: String, pid: Int32)
            do {
                started = try BusDaemon.readAddress(from: spawned.output, directory: directory)
            } catch {
                close(spawned.output)
                BusDaemon.terminate(watchdog: spawned.watchdog, lifeline: spawned.lifeline, daemon: nil)
                throw error
            }
            close(spawned.output)
            self.address = started.address
            self.directory = directory
            self.processID = started.pid
            self.watchdogID = spawned.watchdog
            self.lifeline = spawned.lifeline
        } catch {
            BusDaemon.removeDirectory(directory)
            throw error
        }
    }

    deinit {
        stop()
    }

    /// Stops the daemon and removes its directory, without waiting: returns at once, while a thread
    /// of its own reaps the daemon (killing it after 5 s) and removes the directory. Connections to it
    /// see the bus go away. Calling it again does nothing; ``waitUntilStopped()`` waits for the end.
    public func stop() {
        let starts = state.phase.withLock { state -> Bool in
            guard case .running = state else { return false }
            state = .stopping([])
            return true
        }
        guard starts else {
            return
        }
        let watchdog = watchdogID, lifeline = lifeline, daemon = processID, directory = directory
        BlockingThread.detach { [state] in
            BusDaemon.terminate(watchdog: watchdog, lifeline: lifeline, daemon: daemon)
            BusDaemon.removeDirectory(directory)
            let waiters = state.phase.withLock { state -> [CheckedContinuation<Void, Never>] in
                defer { state = .stopped }
                guard case .stopping(let waiters) = state else { return [] }
                return waiters
            }
            waiters.forEach { $0.resume() }
        }
    }

    /// Returns once the daemon has exited and its directory is gone (after ``stop()`` was called,
    /// or at once if it had ended already). Suspends without holding a thread.
    public func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let parked = state.phase.withLock { state -> Bool in
                guard case .stopping(let waiters) = state else { return false }
                state = .stopping(waiters + [continuation])
                return true
            }
            if !parked {
                continuation.resume()
            }
        }
    }

    // MARK: Steps

    private static func locate(_ executable: String?) throws -> String {
        if let executable {
            guard access(executable, X_OK) == 0 else {
                throw BusError(
                    code: .daemonUnavailable, name: .failed,
                    message: "the dbus-daemon binary '\(executable)' does not exist or is not executable; "
                        + "install it with `apt-get install dbus-daemon` or pass the right path")
            }
            return executable
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/dbus-daemon" } + ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"]
        guard let found = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw BusError(
                code: .daemonUnavailable, name: .failed,
                message: "dbus-daemon was not found on PATH or in /usr/bin; install it with `apt-get install dbus-daemon`")
        }
        return found
    }

    private static func makeDirectory() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((base + "/dbuskit-bus-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw BusError(
                code: .daemonFailed, name: .failed,
                message: "cannot create a directory for the bus socket in \(base): \(String(cString: strerror(errno))); "
                    + "set TMPDIR to a writable directory")
        }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func configuration(socket: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <keep_umask/>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
          <limit name="max_incoming_bytes">1000000000</limit>
          <limit name="max_incoming_unix_fds">250000000</limit>
          <limit name="max_outgoing_bytes">1000000000</limit>
          <limit name="max_outgoing_unix_fds">250000000</limit>
          <limit name="max_message_size">1000000000</limit>
          <limit name="auth_timeout">240000</limit>
          <limit name="pending_fd_timeout">150000</limit>
          <limit name="max_completed_connections">100000</limit>
          <limit name="max_incomplete_connections">10000</limit>
          <limit name="max_connections_per_user">100000</limit>
          <limit name="max_names_per_connection">50000</limit>
          <limit name="max_match_rules_per_connection">50000</limit>
          <limit name="max_replies_per_connection">50000</limit>
        </busconfig>

        """
    }

    private static func writeFile(_ path: String, _ contents: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw BusError(
                code: .daemonFailed, name: .failed,
                message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 && errno == EINTR {
                continue
            }
            guard result > 0 else {
                throw BusError(
                    code: .daemonFailed, name: .failed,
                    message: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            written += result
        }
    }

    /// The watchdog: starts the daemon in the background, blocks reading its standard input
    /// (the lifeline), and when that reaches end-of-file stops the daemon, waits for it and
    /// removes the directory. `$1` is the directory, the rest is the daemon's command line.
    private static let watchdogScript = """
        directory=$1
        shift
        "$@" 0</dev/null &
        daemon=$!
        exec 3>&- 4>&-
        read -r _ignored
        kill -TERM "$daemon" 2>/dev/null
        wait "$daemon"
        rm -f -- "$directory/bus" "$directory/bus.conf" "$directory/daemon.log"
        rmdir -- "$directory" 2>/dev/null
        exit 0
        """

    private struct Spawned {
        var watchdog: Int32
        var lifeline: Int32
        var output: Int32
    }

    /// Spawns the watchdog and, through it, the daemon. The daemon prints its address on
    /// descriptor 3 and its PID on descriptor 4 (both our `output`), logs to `daemon.log`, and
    /// the watchdog reads the lifeline on its standard input.
    private static func spawn(_ binary: String, directory: String) throws -> Spawned {
        let outputPair = try socketPair()
        let lifelinePair: (Int32, Int32)
        do {
            lifelinePair = try socketPair()
        } catch {
            close(outputPair.0)
            close(outputPair.1)
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, lifelinePair.1, 0)
        posix_spawn_file_actions_addopen(&actions, 1, directory + "/daemon.log", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Address and PID on separate descriptors of the same socket: dbus-daemon closes the
        // address descriptor after writing to it.
        posix_spawn_file_actions_adddup2(&actions, outputPair.1, 3)
        posix_spawn_file_actions_adddup2(&actions, outputPair.1, 4)
        SpawnDescriptors.closeAll(from: 5, in: &actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        let signalFlags = SpawnSignals.apply(to: &attributes)
        // Its own process group, so a terminal's Ctrl-C reaches the watchdog only through us.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(signalFlags | POSIX_SPAWN_SETPGROUP))

        let arguments = [
            "/bin/sh", "-c", watchdogScript, "dbuskit-bus-watchdog", directory,
            binary, "--config-file=\(directory)/bus.conf", "--nofork", "--nopidfile", "--nosyslog",
            "--print-address=3", "--print-pid=4",
        ]
        let environment = ["PATH=/usr/bin:/bin", "LC_ALL=C"]
        var pid: pid_t = 0
        let result = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
            }
        }
        close(outputPair.1)
        close(lifelinePair.1)
        guard result == 0 else {
            close(outputPair.0)
            close(lifelinePair.0)
            throw BusError(
                code: .daemonFailed, name: .failed,
                message: "cannot start /bin/sh to supervise \(binary): \(String(cString: strerror(result)))")
        }
        return Spawned(watchdog: pid, lifeline: lifelinePair.0, output: outputPair.0)
    }

    /// A connected pair of Unix sockets, both close-on-exec from the start so no other child
    /// process inherits them, and numbered above the descriptors the child's file actions
    /// target (0–4): `dup2` onto the same number would keep close-on-exec set.
    private static func socketPair() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw BusError(
                code: .daemonFailed, name: .failed,
                message: "cannot create a socket pair for dbus-daemon: \(String(cString: strerror(errno)))")
        }
        for index in ends.indices where ends[index] <= 4 {
            let moved = fcntl(ends[index], F_DUPFD_CLOEXEC, 10)
            close(ends[index])
            ends[index] = moved
        }
        guard ends[0] >= 0, ends[1] >= 0 else {
            ends.filter { $0 >= 0 }.forEach { close($0) }
            throw BusError(
                code: .daemonFailed, name: .failed,
                message: "cannot renumber a socket for dbus-daemon: \(String(cString: strerror(errno)))")
        }
        return (ends[0], ends[1])
    }

    /// Reads the daemon's address line and PID line.
    private static func readAddress(from descriptor: Int32, directory: String) throws -> (address: String, pid: Int32) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 512)
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let limit = start.tv_sec + 10
        while bytes.filter({ $0 == UInt8(ascii: "\n") }).count < 2 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            guard now.tv_sec < limit else {
                throw failure("did not print its address within 10 seconds", directory: directory)
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 250)
            if ready < 0 && errno != EINTR {
                throw failure("could not be read from: \(String(cString: strerror(errno)))", directory: directory)
            }
            guard ready > 0 else {
                continue
            }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR {
                continue
            }
            guard count > 0 else {
                throw failure("exited before printing its address", directory: directory)
            }
            bytes += chunk[..<count]
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        guard let address = lines.first(where: { $0.contains(":") }),
            let pid = lines.lazy.compactMap({ Int32($0) }).first
        else {
            throw failure("printed an unexpected start-up message: \(lines)", directory: directory)
        }
        return (address, pid)
    }

    private static func failure(_ what: String, directory: String) -> BusError {
        let log = readLog(directory + "/daemon.log")
        return BusError(
            code: .daemonFailed, name: .failed,
            message: "dbus-daemon \(what)" + (log.isEmpty ? "" : "; its output was: \(log)"))
    }

    private static func readLog(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return ""
        }
        defer { close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else {
            return ""
        }
        return String(decoding: chunk[..<count], as: UTF8.self).trimmingTrailingNewlines()
    }

    /// Closes the lifeline so the watchdog stops the daemon, waits up to 5 s for the watchdog,
    /// then kills both; always reaps the watchdog.
    private static func terminate(watchdog: Int32, lifeline: Int32, daemon: Int32?) {
        close(lifeline)
        var status: Int32 = 0
        for _ in 0..<2500 {
            let reaped = waitpid(watchdog, &status, WNOHANG)
            if reaped == watchdog || (reaped < 0 && errno == ECHILD) {
                return
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
        if let daemon {
            kill(daemon, SIGKILL)
        }
        kill(watchdog, SIGKILL)
        while waitpid(watchdog, &status, 0) < 0 && errno == EINTR {}
    }

    private static func removeDirectory(_ directory: String) {
        for name in ["bus", "bus.conf", "daemon.log"] {
            unlink(directory + "/" + name)
        }
        rmdir(directory)
    }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer {
        for pointer in pointers {
            free(pointer)
        }
    }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var result = self
        while result.last == "\n" || result.last == "\r" {
            result.removeLast()
        }
        return result
    }
}
