import Foundation
import Glibc
import TestProcesses

/// A process started in a process group of its own, with every signal unblocked and at its default
/// action (``SpawnedProcess``; a shell script must be able to stop its own children), its output
/// (standard output and error) going to a file.
struct SpawnedSession {
    let process: SpawnedProcess

    init(arguments: [String], environment: [String: String], outputFile: String) throws {
        process = try SpawnedProcess(
            arguments[0], Array(arguments.dropFirst()), environment: environment, standardOutput: .file(outputFile),
            standardError: .standardOutput)
    }

    /// Waits for the exit status (-1 after `timeout` seconds or on a signal), then kills whatever is
    /// left of the process group. Blocks its thread.
    func wait(timeout: Double) -> Int32 {
        let ended = process.waitBlocking(timeout: timeout)
        process.signalGroup(SIGKILL)
        guard case .exited(let status) = ended else { return -1 }
        return status
    }

    /// Runs `command` under `dbus-run-session` in a private runtime folder (`XDG_RUNTIME_DIR`, so the
    /// session's sockets, an accessibility bus among them, stay there) with no session, accessibility
    /// or X display inherited; its output goes to a file (processes it leaves behind cannot hold the
    /// caller waiting for the end of a pipe). After `timeout` seconds, or once it exits, whatever is
    /// left of its process group is killed. Blocks: call it through ``offPool(_:)``.
    ///
    /// - Parameter wrapper: a command that runs the session (e.g. `with-xvfb.sh`, which gives it its own
    ///   X display); none by default.
    static func runInPrivateSession(_ command: [String], wrapper: [String] = [], environment extra: [String: String] = [:], timeout: Double) throws
        -> (status: Int32, output: String)
    {
        let runtime = URL(fileURLWithPath: scratchPath("session"))
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let outputFile = runtime.appendingPathComponent("output.txt").path
        var environment = headlessEnvironment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["AT_SPI_BUS_ADDRESS"] = nil
        environment["DISPLAY"] = nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { _, new in new }
        let session = try SpawnedSession(
            arguments: wrapper + ["/usr/bin/dbus-run-session", "--"] + command, environment: environment, outputFile: outputFile)
        let status = session.wait(timeout: timeout)
        let output = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        return (status, status == -1 ? output + "\n(timed out after \(timeout) s, or killed by a signal)" : output)
    }
}
