import Foundation
import Glibc

/// A process started in a process group of its own, with every signal unblocked and at its default
/// action, its output (standard output and error) going to a file. (Foundation's `Process` passes on
/// the test runner's blocked signals, so a shell script it starts cannot stop its own children.)
struct SpawnedSession {
    let pid: pid_t

    init(arguments: [String], environment: [String], outputFile: String) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw TimedOut(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        pid = child
    }

    /// Waits for the exit status (-1 after `timeout` seconds or on a signal), then kills whatever is
    /// left of the process group.
    func wait(timeout: Double) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        var exitStatus: Int32 = -1
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
                break
            }
            if result == -1 && errno != EINTR { break }
            if Date() >= deadline {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        kill(-pid, SIGKILL)
        return exitStatus
    }

    /// Runs `command` under `dbus-run-session` in a private runtime folder (`XDG_RUNTIME_DIR`, so the
    /// session's sockets, an accessibility bus among them, stay there) with no session, accessibility
    /// or X display inherited; its output goes to a file (processes it leaves behind cannot hold the
    /// caller waiting for the end of a pipe). After `timeout` seconds, or once it exits, whatever is
    /// left of its process group is killed. Blocks: call it through ``offPool(_:)``.
    ///
    /// - Parameter wrapper: a command that runs the session (e.g. `with-xvfb.sh`, which gives it its own
    ///   X display); none by default.
    static func runInPrivateSession(_ command: [String], wrapper: [String] = [], timeout: Double) throws -> (status: Int32, output: String) {
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("scenehost-session-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let outputFile = runtime.appendingPathComponent("output.txt").path
        var environment = headlessEnvironment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["AT_SPI_BUS_ADDRESS"] = nil
        environment["DISPLAY"] = nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let session = try SpawnedSession(
            arguments: wrapper + ["/usr/bin/dbus-run-session", "--"] + command, environment: environment.map { "\($0.key)=\($0.value)" },
            outputFile: outputFile)
        let status = session.wait(timeout: timeout)
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        return (status, status == -1 ? output + "\n(timed out after \(timeout) s, or killed by a signal)" : output)
    }
}
