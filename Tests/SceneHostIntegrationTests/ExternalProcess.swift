import Foundation
import Glibc
import TestProcesses

/// A client process whose standard output and error go to files, read when wanted. (Not pipes: a
/// process that another test starts at the same moment can inherit a pipe's write end and hold it
/// open, so the end of a pipe says nothing about this process.) Waiting for the exit holds no thread
/// (``SpawnedProcess``): the main actor, which serves the tests' own D-Bus clients, is never blocked.
final class ExternalProcess: Sendable {
    let process: SpawnedProcess
    private let folder: String

    init(_ arguments: [String], environment: [String: String]) throws {
        folder = scratchPath("client")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process = try SpawnedProcess(
            arguments[0], Array(arguments.dropFirst()), environment: environment,
            standardOutput: .file(folder + "/stdout"), standardError: .file(folder + "/stderr"))
    }

    private func read(_ name: String) -> String {
        (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
    }

    var stdout: String { read("stdout") }
    var stderr: String { read("stderr") }

    /// Waits until standard error contains `fragment`; false on timeout or when the process ends first.
    func stderr(contains fragment: String, timeout: Double = 60) async -> Bool {
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(timeout))
        while Date() < deadline {
            if stderr.contains(fragment) { return true }
            if !process.isRunning { return stderr.contains(fragment) }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// `finish(timeout:)` for code that may block its thread (a sync test, or ``offPool(_:)``).
    func finishBlocking(timeout: Double) -> Outcome {
        outcome(process.waitBlocking(timeout: SanitizedRun.seconds(timeout)), afterWaitingFor: timeout)
    }

    /// Waits for the exit; after `timeout` seconds kills the process and reports no status.
    func finish(timeout: Double) async -> Outcome {
        outcome(await process.wait(timeout: SanitizedRun.seconds(timeout)), afterWaitingFor: timeout)
    }

    private func outcome(_ ended: SpawnedProcess.Termination?, afterWaitingFor timeout: Double) -> Outcome {
        guard let ended else {
            process.signal(SIGKILL)
            return Outcome(status: nil, stdout: stdout, stderr: stderr + "\n(killed after \(SanitizedRun.seconds(timeout)) s)")
        }
        var outcome = Outcome(status: ended.status, stdout: stdout, stderr: stderr)
        if case .signaled(let signal) = ended { outcome.signal = signal }
        return outcome
    }

    deinit {
        process.signal(SIGKILL)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// How a finished client ended.
    struct Outcome: CustomStringConvertible, Sendable {
        var status: Int32?
        var stdout: String
        var stderr: String
        /// The signal that ended the process, nil when it exited (then `status` is its exit status).
        var signal: Int32?

        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        var description: String { "status \(status.map(String.init) ?? "none")\nstdout:\n\(stdout.prefix(4000))\nstderr:\n\(stderr.prefix(4000))" }
    }
}
