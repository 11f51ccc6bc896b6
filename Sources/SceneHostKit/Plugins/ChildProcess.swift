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

/// Runs a short-lived child with a timeout, collecting stdout and stderr as they arrive so it can never
/// block on a full pipe, with the Swift backtracer off (only the "Fatal error" line is kept).
///
/// Output is not read "to end of file": when other children are started at the same time, one may
/// inherit this child's pipe and keep it open long after this child exited. Instead, once the child
/// has exited, whatever is left in the pipes is read without blocking.
enum ChildProcess {
    /// Accumulates one pipe's bytes.
    private final class Collector: Sendable {
        private let buffer = Mutex<Data>(Data())
        let handle: FileHandle

        init(_ handle: FileHandle) {
            self.handle = handle
            handle.readabilityHandler = { [self] readable in
                let data = readable.availableData
                if data.isEmpty {
                    readable.readabilityHandler = nil
                } else {
                    buffer.withLock { $0.append(data) }
                }
            }
        }

        /// Stops the handler and adds what is still in the pipe, without waiting for end of file.
        func finish() -> String {
            handle.readabilityHandler = nil
            let descriptor = handle.fileDescriptor
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                buffer.withLock { $0.append(contentsOf: chunk[0..<count]) }
            }
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
        let stdoutCollector = Collector(out.fileHandleForReading)
        let stderrCollector = Collector(err.fileHandleForReading)
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + 2)
        }
        let stdout = stdoutCollector.finish()
        let stderr = stderrCollector.finish()
        if timedOut { return ChildOutcome(termination: .timedOut, stdout: stdout, stderr: stderr) }
        switch process.terminationReason {
        case .uncaughtSignal: return ChildOutcome(termination: .signaled(process.terminationStatus), stdout: stdout, stderr: stderr)
        case .exit: return ChildOutcome(termination: .exited(process.terminationStatus), stdout: stdout, stderr: stderr)
        @unknown default: return ChildOutcome(termination: .exited(process.terminationStatus), stdout: stdout, stderr: stderr)
        }
    }
}
