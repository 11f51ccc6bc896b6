import Foundation
import Glibc
import Testing

/// The external D-Bus clients these tests run and the Debian packages that provide them: Debian's
/// `/usr/bin/python3` with python3-dbus and python3-gi (GLib's main loop for signals), systemd's
/// `busctl`, and dbus-bin's `dbus-send`.
enum ExternalClientTools {
    static let python = "/usr/bin/python3"
    static let busctl = "/usr/bin/busctl"
    static let dbusSend = "/usr/bin/dbus-send"

    /// What the python3-dbus clients lack, as Debian package names; empty when nothing.
    static let missingForPython: [String] = {
        guard access(python, X_OK) == 0 else { return ["python3", "python3-dbus", "python3-gi"] }
        var missing: [String] = []
        for (module, package) in [("dbus.mainloop.glib", "python3-dbus"), ("gi.repository.GLib", "python3-gi")] {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: python)
            check.arguments = ["-c", "import \(module)"]
            check.standardOutput = FileHandle.nullDevice
            check.standardError = FileHandle.nullDevice
            check.environment = ["PATH": "/usr/bin:/bin"]
            if (try? check.run()) == nil { return ["python3"] }
            check.waitUntilExit()
            if check.terminationStatus != 0 { missing.append(package) }
        }
        return missing
    }()

    /// What the command-line clients lack, as Debian package names; empty when nothing.
    static let missingCommandLine: [String] = [(busctl, "systemd"), (dbusSend, "dbus-bin")].compactMap { path, package in
        access(path, X_OK) == 0 ? nil : package
    }

    /// Tests/ExternalClients, where the python clients live.
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ExternalClients").standardizedFileURL.path

    /// Config/dbus, the committed introspection XML.
    static let contractFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Config/dbus").standardizedFileURL.path
}

/// A `scene-host` on the private bus it started, for clients that find the bus the way D-Bus tools
/// do: `DBUS_SESSION_BUS_ADDRESS` (python3-dbus) or an explicit address (`busctl --address`,
/// `dbus-send --bus`).
struct ExternalClientHost: Sendable {
    let host: HostProcess
    /// The bus address the host published.
    let address: String

    /// Starts the host on the demo configuration (or `arguments`) and waits until it is ready.
    ///
    /// Waits by polling the log with `Task.sleep`, not with ``HostProcess/line(containing:timeout:)``
    /// (a blocking wait on a thread of the cooperative pool, which has two threads on a two-core
    /// machine and is shared by every suite running in parallel).
    static func start(arguments: [String] = []) async throws -> ExternalClientHost {
        let host = try HostProcess(arguments: arguments)
        let deadline = Date().addingTimeInterval(60)
        var readyLine: String? { host.log.first { $0.contains("host ready") } }
        while readyLine == nil {
            guard host.process.isRunning, Date() < deadline else {
                throw TimedOut(description: "scene-host did not get ready:\n\(host.log.joined(separator: "\n"))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        let ready = readyLine ?? ""
        if arguments.isEmpty, !["findview", "gesturelab", "gallery"].allSatisfy({ ready.contains("\"\($0)\"") }) {
            throw TimedOut(description: "scene-host started without every demo scene:\n\(host.log.joined(separator: "\n"))")
        }
        let file = host.runtimeFolder + "/scenehost/bus-address"
        let address = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return ExternalClientHost(host: host, address: address)
    }

    /// The environment of a client process: the host's bus as the session bus, nothing else to find.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment["XDG_RUNTIME_DIR"] = host.runtimeFolder
        environment["AT_SPI_BUS_ADDRESS"] = nil
        environment["DISPLAY"] = nil
        environment["NO_AT_BRIDGE"] = "1"
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        environment["SYSTEMD_COLORS"] = "0"
        environment["SYSTEMD_PAGER"] = "cat"
        return environment
    }

    /// Starts `Tests/ExternalClients/<script> arguments` with `/usr/bin/python3`.
    func startPython(_ script: String, _ arguments: [String] = []) throws -> ExternalProcess {
        try ExternalProcess([ExternalClientTools.python, ExternalClientTools.scripts + "/" + script] + arguments, environment: environment)
    }

    /// Runs a python client to the end and decodes the JSON document it printed; throws when it
    /// failed, printed no JSON or ran longer than `timeout` seconds.
    func python(_ script: String, _ arguments: [String] = [], timeout: Double = 60) async throws -> JSON {
        let outcome = try await startPython(script, arguments).finish(timeout: timeout)
        guard outcome.status == 0 else { throw TimedOut(description: "\(script) \(arguments) failed: \(outcome)") }
        return try JSON(parsing: outcome.stdout)
    }

    /// Runs `busctl --address=… --no-pager arguments`.
    func busctl(_ arguments: String...) async throws -> ExternalProcess.Outcome { try await busctl(arguments) }

    func busctl(_ arguments: [String]) async throws -> ExternalProcess.Outcome {
        try await ExternalProcess([ExternalClientTools.busctl, "--address=\(address)", "--no-pager"] + arguments, environment: environment)
            .finish(timeout: 30)
    }

    /// Runs `dbus-send --bus=… --print-reply --dest=org.scenehost.SceneHost arguments`.
    func dbusSend(_ arguments: String...) async throws -> ExternalProcess.Outcome { try await dbusSend(arguments) }

    func dbusSend(_ arguments: [String]) async throws -> ExternalProcess.Outcome {
        try await ExternalProcess(
            [ExternalClientTools.dbusSend, "--bus=\(address)", "--print-reply", "--dest=org.scenehost.SceneHost"] + arguments,
            environment: environment
        ).finish(timeout: 30)
    }
}

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
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stderr.contains(fragment) { return true }
            if !process.isRunning { return stderr.contains(fragment) }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Waits for the exit; after `timeout` seconds kills the process and reports no status.
    func finish(timeout: Double) async -> Outcome {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            return Outcome(status: nil, stdout: stdout, stderr: stderr + "\n(killed after \(timeout) s)")
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
