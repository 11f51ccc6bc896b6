import Foundation
import Glibc
import TestProcesses

/// What an external program printed and how it exited.
struct ProcessResult: Sendable {
    var status: Int32
    var output: String
    var errorOutput: String
}

/// Runs a program to completion, its output going to files, so the main actor stays free to serve
/// the program's D-Bus calls: the exit is awaited without holding a thread (``SpawnedProcess``, whose
/// exit does not depend on descriptors that the bus daemons other tests start meanwhile may hold);
/// kills it after `timeout` (times ``TestTimeScale/factor``: a guard against a hang, not a deadline
/// the program must keep) and fails naming the program.
func runProgram(_ executable: String, _ arguments: [String], timeout unscaled: Duration = .seconds(30)) async throws -> ProcessResult {
    let timeout = unscaled * TestTimeScale.factor
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "dbuskit-program-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let process = try SpawnedProcess(
        executable, arguments, environment: ProcessInfo.processInfo.environment, standardOutput: .file(folder + "/stdout"),
        standardError: .file(folder + "/stderr"))
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    let read = { (name: String) in (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "" }
    guard let ended = await process.wait(timeout: seconds) else {
        process.signal(SIGKILL)
        throw ProgramTimedOut(description: "\(executable) \(arguments) did not end within \(timeout): \(read("stderr"))")
    }
    return ProcessResult(status: ended.status, output: read("stdout"), errorOutput: read("stderr"))
}

/// A program ran past its time.
struct ProgramTimedOut: Error, CustomStringConvertible {
    let description: String
}

/// Whether `/usr/bin/python3` can import python3-dbus and GLib (the pyenv `python3` on PATH
/// cannot).
func pythonDBusAvailable() async -> Bool {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return false }
    let result = try? await runProgram(
        "/usr/bin/python3", ["-c", "import dbus, dbus.mainloop.glib; from gi.repository import GLib"])
    return result?.status == 0
}
