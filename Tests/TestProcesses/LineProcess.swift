import Dispatch
import Foundation
import Glibc
import Synchronization

/// A program the tests talk to in lines: what it prints is collected line by line on a thread of its
/// own, and ``send(_:)`` writes a line to its standard input. For fake services in processes of their
/// own (a registry, a launcher), which then answer whatever the test process's main actor is doing.
///
/// Closing its standard input (``closeInput()``, or releasing this object) is the program's signal to
/// end; releasing this object also kills it.
public final class LineProcess: Sendable {
    public let process: SpawnedProcess
    private let collected = Collected()
    private let input = Mutex<Int32>(-1)

    /// The lines read so far, shared with the reading thread.
    private final class Collected: Sendable {
        let lines = Mutex<[String]>([])
        let changed = DispatchSemaphore(value: 0)
    }

    /// Starts `executable`; its standard error goes where its output goes.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        let output = try closeOnExecPipe()
        let stdin: (read: Int32, write: Int32)
        do {
            stdin = try closeOnExecPipe()
        } catch {
            close(output.read)
            close(output.write)
            throw error
        }
        defer {
            close(output.write)
            close(stdin.read)
        }
        do {
            process = try SpawnedProcess(
                executable, arguments, environment: environment, standardInput: .descriptor(stdin.read),
                standardOutput: .descriptor(output.write), standardError: .standardOutput)
        } catch {
            close(output.read)
            close(stdin.write)
            throw error
        }
        input.withLock { $0 = stdin.write }
        let reader = Thread { [collected] in
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(output.read, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending += chunk[0..<count]
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    collected.lines.withLock { $0.append(line) }
                    collected.changed.signal()
                }
            }
            close(output.read)
            collected.changed.signal()
        }
        reader.stackSize = 128 << 10
        reader.start()
    }

    /// The lines printed so far.
    public var output: [String] { collected.lines.withLock { $0 } }

    /// Writes `line` and a newline to the program's standard input (nothing when it was closed).
    public func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        input.withLock { descriptor in
            guard descriptor >= 0 else { return }
            var written = 0
            while written < bytes.count {
                let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { return }
                written += result
            }
        }
    }

    /// Closes the program's standard input.
    public func closeInput() {
        input.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    /// Waits, on a thread of its own, until a printed line satisfies `condition`; returns it, or nil
    /// when the program ended or `timeout` seconds passed first (a hang guard).
    public func line(timeout: Double = 60, where condition: @escaping @Sendable (String) -> Bool) async -> String? {
        await offPool { [self] in
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let found = output.first(where: condition) { return found }
                if !process.isRunning { return output.first(where: condition) }
                _ = collected.changed.wait(timeout: .now() + 0.05)
            }
            return nil
        }
    }

    deinit {
        closeInput()
        process.signal(SIGKILL)
    }
}
