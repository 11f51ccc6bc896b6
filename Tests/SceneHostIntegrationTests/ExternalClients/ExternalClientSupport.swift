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
    static func start(arguments: [String] = []) async throws -> ExternalClientHost {
        let host = try HostProcess(arguments: arguments)
        guard await host.line(containing: "host ready"), let ready = host.log.first(where: { $0.contains("host ready") }) else {
            throw TimedOut(description: "scene-host did not get ready:\n\(host.log.joined(separator: "\n"))")
        }
        if arguments.isEmpty, !["findview", "gesturelab", "gallery"].allSatisfy({ ready.contains("\"\($0)\"") }) {
            throw TimedOut(description: "scene-host started without every demo scene:\n\(host.log.joined(separator: "\n"))")
        }
        let file = host.runtimeFolder + "/scenehost/bus-address"
        let address = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return ExternalClientHost(host: host, address: address)
    }

    /// The environment of a client process: the host's bus as the session bus, nothing else to find.
    var environment: [String: String] {
        var environment = headlessEnvironment
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
