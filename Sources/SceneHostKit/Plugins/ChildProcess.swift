import Foundation
import Glibc
import Synchronization

/// How a child process ended.
struct ChildOutcome: Sendable {
    enum Termination: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)
        case timedOut
    }

    let termination: Termination
    let stdout: String
    let stderr: String
}

/// Runs a short-lived child with a timeout, draining stdout and stderr concurrently so it can never
/// block on a full pipe, with the Swift backtracer off (only the "Fatal error" line is kept).
enum ChildProcess {
    /// Collects a pipe's bytes on a background thread.
    private final class Drain: Sendable {
        private let buffer = Mutex<Data>(Data())
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async { [self] in
                let data = handle.readDataToEndOfFile()
                buffer.withLock { $0.append(data) }
                done.signal()
            }
        }

        func text(waitingUpTo seconds: Double) -> String {
            _ = done.wait(timeout: .now() + seconds)
            return buffer.withLock { String(decoding: $0, as: UTF8.self) }
        }
    }

    static func run(executable: String, arguments: [String], timeout: Double) throws -> ChildOutcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let outDrain = Drain(out.fileHandleForReading)
        let errDrain = Drain(err.fileHandleForReading)
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + 2)
        }
        let stdout = outDrain.text(waitingUpTo: 1)
        let stderr = errDrain.text(waitingUpTo: 1)
        if timedOut { return ChildOutcome(termination: .timedOut, stdout: stdout, stderr: stderr) }
        switch process.terminationReason {
        case .uncaughtSignal: return ChildOutcome(termination: .signaled(process.terminationStatus), stdout: stdout, stderr: stderr)
        case .exit: return ChildOutcome(termination: .exited(process.terminationStatus), stdout: stdout, stderr: stderr)
        @unknown default: return ChildOutcome(termination: .exited(process.terminationStatus), stdout: stdout, stderr: stderr)
        }
    }
}
