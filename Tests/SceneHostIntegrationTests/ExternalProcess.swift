import Foundation
import Glibc

/// A client process whose standard output and error go to files, read when wanted. (Not pipes: a
/// process that another test starts at the same moment can inherit a pipe's write end and hold it
/// open, so the end of a pipe says nothing about this process.) Waiting polls asynchronously: the
/// main actor, which serves the tests' own D-Bus clients, is never blocked.
final class ExternalProcess: Sendable {
    let process: Process
    private let folder: String

    init(_ arguments: [String], environment: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenehost-client-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        var handles: [FileHandle] = []
        for name in ["stdout", "stderr"] {
            let path = folder + "/" + name
            guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
                throw TimedOut(description: "cannot create \(path)")
            }
            handles.append(handle)
        }
        process.standardOutput = handles[0]
        process.standardError = handles[1]
        defer { handles.forEach { try? $0.close() } }
        try process.run()
    }

    private func read(_ name: String) -> String {
        (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
    }

    var stdout: String { read("stdout") }
    var stderr: String { read("stderr") }

    /// Waits until standard error contains `fragment`; false on timeout or when the process ends first.
    func stderr(contains fragment: String, timeout: Double = 30) async -> Bool {
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
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(timeout))
        while process.isRunning && Date() < deadline {
            usleep(5_000)  // polling another process's exit
        }
        return outcome(afterWaitingFor: timeout)
    }

    /// Waits for the exit; after `timeout` seconds kills the process and reports no status.
    func finish(timeout: Double) async -> Outcome {
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(timeout))
        while process.isRunning && Date() < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return outcome(afterWaitingFor: timeout)
    }

    private func outcome(afterWaitingFor timeout: Double) -> Outcome {
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return Outcome(status: nil, stdout: stdout, stderr: stderr + "\n(killed after \(SanitizedRun.seconds(timeout)) s)")
        }
        return Outcome(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// How a finished client ended.
    struct Outcome: CustomStringConvertible, Sendable {
        var status: Int32?
        var stdout: String
        var stderr: String

        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        var description: String { "status \(status.map(String.init) ?? "none")\nstdout:\n\(stdout.prefix(4000))\nstderr:\n\(stderr.prefix(4000))" }
    }
}
