import Dispatch
import Foundation
import Synchronization

/// Bytes read on one thread and collected on another.
private final class CollectedData: Sendable {
    let data = Mutex(Data())
}

/// What an external program printed and how it exited.
struct ProcessResult: Sendable {
    var status: Int32
    var output: String
    var errorOutput: String
}

/// Runs a program to completion on a background thread, so the main actor stays free to serve
/// the program's D-Bus calls; kills it after `timeout`.
func runProgram(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(30)) async throws -> ProcessResult {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ProcessResult, any Error>) in
        DispatchQueue.global().async {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            let output = Pipe()
            let errorOutput = Pipe()
            process.standardOutput = output
            process.standardError = errorOutput
            process.standardInput = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
                return
            }
            let seconds = Double(timeout.components.seconds)
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                if process.isRunning {
                    process.terminate()
                }
            }
            let group = DispatchGroup()
            let errorData = CollectedData()
            group.enter()
            DispatchQueue.global().async {
                let bytes = errorOutput.fileHandleForReading.readDataToEndOfFile()
                errorData.data.withLock { $0 = bytes }
                group.leave()
            }
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            group.wait()
            process.waitUntilExit()
            continuation.resume(
                returning: ProcessResult(
                    status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                    errorOutput: String(decoding: errorData.data.withLock { $0 }, as: UTF8.self)))
        }
    }
}

/// Whether `/usr/bin/python3` can import python3-dbus and GLib (the pyenv `python3` on PATH
/// cannot).
func pythonDBusAvailable() async -> Bool {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return false }
    let result = try? await runProgram(
        "/usr/bin/python3", ["-c", "import dbus, dbus.mainloop.glib; from gi.repository import GLib"])
    return result?.status == 0
}
