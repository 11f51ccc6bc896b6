import BenchSupport
import Foundation
import Glibc

/// A `scene-host` started by the benchmark: spawned with `posix_spawn`, its standard error collected
/// in an unlinked temporary file (a pipe read only now and then fills during a long section, and the
/// host's log writes then wait for a reader: HostBench display's slides once stalled so), its readiness learned through the `sd_notify` protocol (`NOTIFY_SOCKET`, the same
/// path a systemd `Type=notify` unit uses), so "ready" means every configured scene is connected and
/// the API is on the bus.
final class HostProcess {
    let pid: pid_t
    /// Monotonic ns just before `posix_spawn`.
    let spawnedAt: UInt64
    private let notifySocket: Int32
    /// The unlinked file the host writes its standard error to; read from the start by ``stderrText()``.
    private let stderrFile: Int32
    private var exited = false

    /// Spawns `executable` with `arguments`. `NOTIFY_SOCKET` names an abstract socket of this process.
    /// `environment` adds to (or, with "", removes from) the benchmark's own; `DISPLAY` and
    /// `WAYLAND_DISPLAY` are removed unless given, so hosts stay headless unless a section asks.
    init(executable: String, arguments: [String], runtimeDirectory: String, environment extra: [String: String] = [:]) throws {
        let name = "scenehost-bench-\(getpid())-\(Clock.monotonic())"
        let notifySocket = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.notifySocket = notifySocket
        guard notifySocket >= 0 else { throw BenchError("socket(): errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = [UInt8(0)] + Array(name.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + bytes.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(notifySocket, $0, length) }
        }
        guard bound == 0 else { throw BenchError("bind(@\(name)): errno \(errno)") }

        var template = Array((NSTemporaryDirectory() + "/scenehost-bench-stderr-XXXXXX").utf8CString)
        let stderrFile = mkstemp(&template)
        guard stderrFile >= 0 else { throw BenchError("mkstemp(): errno \(errno)") }
        // Single-threaded: no other spawn can inherit the file before the flag is set.
        _ = fcntl(stderrFile, F_SETFD, FD_CLOEXEC)
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        self.stderrFile = stderrFile
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stderrFile, STDERR_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)

        var environment = ProcessInfo.processInfo.environment
        environment["NOTIFY_SOCKET"] = "@" + name
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        for (key, value) in extra { environment[key] = value.isEmpty ? nil : value }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        spawnedAt = Clock.monotonic()
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard status == 0 else {
            close(stderrFile)
            close(notifySocket)
            throw BenchError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(stderrFile)
        close(notifySocket)
    }

    /// Waits for `READY=1` and returns the monotonic ns when it arrived. Throws when the host exits
    /// first or `timeout` passes.
    func waitUntilReady(timeout: Double) throws -> UInt64 {
        let deadline = Clock.monotonic() + UInt64(timeout * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let now = Clock.monotonic()
            guard now < deadline else { throw BenchError("scene-host sent no READY=1 within \(timeout) s:\n\(stderrText())") }
            // At most 100 ms between looks at whether the host exited.
            var descriptors = [pollfd(fd: notifySocket, events: Int16(POLLIN), revents: 0)]
            let waitMs = Int32(min(Double(deadline - now) / 1e6, 100).rounded(.up))
            _ = poll(&descriptors, 1, waitMs)
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                let received = Glibc.recv(notifySocket, &buffer, buffer.count, 0)
                if received > 0 {
                    let text = String(decoding: buffer[0..<received], as: UTF8.self)
                    if text.split(separator: "\n").contains("READY=1") { return Clock.monotonic() }
                }
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                throw BenchError("scene-host exited (status \(status)) before READY=1:\n\(stderrText())")
            }
        }
    }

    /// SIGTERM, then waits for the exit (SIGKILL after 5 s). Returns what the host wrote on stderr.
    @discardableResult
    func stop() -> String {
        if !exited {
            kill(pid, SIGTERM)
            let deadline = Clock.monotonic() + 5_000_000_000
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) != pid {
                if Clock.monotonic() > deadline { kill(pid, SIGKILL) }
                usleep(2000)
            }
            exited = true
        }
        return stderrText()
    }

    /// Everything the host wrote on stderr so far.
    func stderrText() -> String {
        var collected: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let count = pread(stderrFile, &chunk, chunk.count, offset)
            guard count > 0 else { break }
            collected.append(contentsOf: chunk[0..<count])
            offset += off_t(count)
        }
        return String(decoding: collected, as: UTF8.self)
    }
}

/// Runs `executable` to completion (for the process-start floor) and returns the wall ns it took.
func timeToExit(executable: String, arguments: [String]) throws -> UInt64 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child: pid_t = 0
    let start = Clock.monotonic()
    let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
    guard status == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(status)))") }
    var exitStatus: Int32 = 0
    waitpid(child, &exitStatus, 0)
    let end = Clock.monotonic()
    guard exitStatus == 0 else { throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed with status \(exitStatus)") }
    return end - start
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
