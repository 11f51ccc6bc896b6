import DBusKit
import Foundation
import Glibc
import TestProcesses
import Testing

/// `scripts/install` and D-Bus activation: the installed files, the systemd user unit, and a bus that
/// starts the installed host when `scenectl` first needs it.
@Suite("scripts/install and D-Bus activation", .serialized)
@MainActor
struct ActivationTests {
    nonisolated static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardizedFileURL.path

    /// A command's exit status (-1 when it was killed after the timeout) and its output, standard
    /// output then standard error.
    struct Run {
        let status: Int32
        let output: String
    }

    /// Runs `arguments` (a path to `scripts/` is taken from the repository root) as an ``ExternalProcess``.
    nonisolated static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
        var command = arguments
        if command[0].hasPrefix("scripts/") { command[0] = repository + "/" + command[0] }
        let outcome = try await ExternalProcess(
            command, environment: headlessEnvironment.merging(environment) { $1 }
        ).finish(timeout: 120)
        return Run(status: outcome.status ?? -1, output: outcome.stdout + outcome.stderr)
    }

    /// Installs the tested build under a fresh prefix; the caller removes it.
    static func install() async throws -> String {
        let prefix = scratchPath("install")
        let result = try await run(["scripts/install", "--prefix", prefix, "--bin-path", buildFolder()])
        try #require(result.status == 0, "scripts/install failed: \(result.output)")
        return prefix
    }

    @Test("scripts/install puts the host, scenectl, the core and the demo plugins under the prefix, with an activation file and a systemd unit naming the installed host")
    func installsFiles() async throws {
        let prefix = try await Self.install()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let library = prefix + "/lib/scenehost"
        for file in ["scene-host", "scenectl", "libSceneCore.so", "libFindView.so", "libGestureLab.so", "libGallery.so"] {
            #expect(FileManager.default.fileExists(atPath: "\(library)/\(file)"), "missing \(file)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: prefix + "/bin/scenectl") == "../lib/scenehost/scenectl")
        let activation = try String(contentsOfFile: prefix + "/share/dbus-1/services/org.scenehost.SceneHost.service", encoding: .utf8)
        #expect(activation.contains("Name=org.scenehost.SceneHost\n"))
        #expect(activation.contains("Exec=\(library)/scene-host\n"))
        #expect(activation.contains("SystemdService=scene-host.service\n"))
        let unit = try String(contentsOfFile: prefix + "/share/systemd/user/scene-host.service", encoding: .utf8)
        #expect(unit.contains("Type=notify\n") && unit.contains("ExecStart=\(library)/scene-host\n"))
        #expect(unit.contains("Restart=on-failure\n"), "a crashed host is restarted")
        #expect(!unit.contains("@SCENE_HOST@"), "an unreplaced placeholder: \(unit)")

        // The installed host runs from its new folder: it finds the core and its plugins there.
        let check = try await Self.run([library + "/scene-host", "--check-config"])
        #expect(check.status == 0, "\(check.output)")

        let analyze = "/usr/bin/systemd-analyze"
        if FileManager.default.isExecutableFile(atPath: analyze) {
            let verify = try await Self.run([analyze, "verify", prefix + "/share/systemd/user/scene-host.service"])
            #expect(verify.status == 0, "systemd-analyze rejects the unit: \(verify.output)")
        }
    }

    @Test("scripts/install refuses an unknown argument with status 64, naming it")
    func refusesUnknownArguments() async throws {
        let result = try await Self.run(["scripts/install", "--prefx", "/tmp/x"])
        #expect(result.status == 64)
        #expect(result.output.contains("unknown argument '--prefx'"))
    }

    @Test("A bus with the activation file starts the installed host when scenectl first asks, and the host serves on that bus")
    func activation() async throws {
        let prefix = try await Self.install()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        // The shipped configuration, with the scene processes' timeouts scaled for a sanitized build
        // on a loaded machine: at the shipped 10 s start timeout FindView's process once missed its
        // start, and the host went live without it (proof P84).
        let shipped = try String(contentsOfFile: "Config/scene-host.yaml", encoding: .utf8)
        let configuration = shipped.replacingOccurrences(
            of: "  response-timeout: 5\n  start-timeout: 10\n", with: SanitizedRun.isolationTimeouts + "\n")
        #expect(configuration != shipped, "Config/scene-host.yaml's isolation timeouts are where this test replaces them")
        let bus = try await ActivatingBus(folder: prefix + "/bus", services: prefix + "/share/dbus-1/services", configuration: configuration)
        defer { withExtendedLifetime(bus) {} }  // the daemon lives until the test ends
        let address = bus.address

        // Nothing runs yet; scenectl finds no owner, sees the name is activatable and has it started.
        // The bus waits for the start as long as Debian's session bus does (120 s; dbus-daemon's own
        // default is 25 s), and scenectl as long: a sanitized host probing its plugins on a loaded
        // machine once took longer than 25 s to own its name.
        let environment = ["SCENEHOST_BUS_ADDRESS": address]
        let status = try await Self.run([prefix + "/bin/scenectl", "status", "--timeout", "120"], environment: environment)
        #expect(status.status == 0, "\(status.output)")
        #expect(status.output.contains("scene findview: foreground-active, plugin FindView"), "\(status.output)")
        let tap = try await Self.run([prefix + "/bin/scenectl", "tap", "240", "250", "--window", "findview"], environment: environment)
        #expect(tap.status == 0 && tap.output == "blue\n", "\(tap.output)")

        // The host is the installed one, on this bus: stop it through its PID.
        let connection = try await BusConnection.connect(to: .address(address))
        defer { connection.close() }
        let reply = try connection.callBlocking(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetConnectionUnixProcessID",
            arguments: [.string("org.scenehost.SceneHost")], timeout: .seconds(60))
        let pid = try reply.read { try $0.readUInt32() }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(executable == prefix + "/lib/scenehost/scene-host")
        kill(pid_t(pid), SIGTERM)
        // Polling the host's exit (it is the bus daemon's child, not ours): gone, or a zombie its
        // parent has not reaped yet. The limit only guards against a hang.
        let gone = await offPool { () -> Bool in
            func ended() -> Bool {
                guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                    let close = stat.lastIndex(of: ")")
                else { return true }
                return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
            }
            let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
            while !ended() && Date() < deadline { usleep(25_000) }
            return ended()
        }
        #expect(gone, "the activated host did not stop on SIGTERM")
    }

    @Test("A bus whose activation file names a missing program: scenectl exits 69 and says why the bus could not start the host")
    func failedActivation() async throws {
        let folder = scratchPath("activation")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/services", withIntermediateDirectories: true)
        try Data("[D-BUS Service]\nName=org.scenehost.SceneHost\nExec=\(folder)/missing/scene-host\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/services/org.scenehost.SceneHost.service"))
        let bus = try await ActivatingBus(folder: folder + "/bus", services: folder + "/services")
        defer { withExtendedLifetime(bus) {} }  // the daemon lives until the test ends
        let status = try await Self.run([buildFolder() + "/scenectl", "status"], environment: ["SCENEHOST_BUS_ADDRESS": bus.address])
        #expect(status.status == 69)
        #expect(status.output.contains("the bus could not start org.scenehost.SceneHost"), "\(status.output)")
    }
}

/// A session-type `dbus-daemon` that activates the services in `services`; killed when released (keep
/// it alive with `withExtendedLifetime` while it is needed).
final class ActivatingBus {
    let daemon: SpawnedSession
    let address: String

    /// - Parameter configuration: the user configuration (YAML) the services it starts read, from
    ///   `XDG_CONFIG_HOME` in the daemon's environment, which they inherit; nil for none.
    init(folder: String, services: String, configuration userConfiguration: String? = nil) async throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var environment = headlessEnvironment
        if let userConfiguration {
            try FileManager.default.createDirectory(atPath: folder + "/config/scenehost", withIntermediateDirectories: true)
            try Data(userConfiguration.utf8).write(to: URL(fileURLWithPath: folder + "/config/scenehost/scene-host.yaml"))
            environment["XDG_CONFIG_HOME"] = folder + "/config"
        }
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:dir=\(folder)</listen>
              <servicedir>\(services)</servicedir>
              <limit name="service_start_timeout">120000</limit>
              <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
            </busconfig>
            """
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: folder + "/bus.conf"))
        // Started with no signal blocked (SpawnedSession): a daemon that inherited the test runner's
        // blocked SIGCHLD would not see a failed activation until its 25 s start timeout.
        let addressFile = folder + "/address"
        daemon = try SpawnedSession(
            arguments: ["/usr/bin/dbus-daemon", "--config-file=\(folder)/bus.conf", "--nofork", "--nopidfile", "--print-address=1"],
            environment: environment, outputFile: addressFile)
        address = await offPool { () -> String in
            for _ in 0..<400 {
                // The file also holds the daemon's warnings (standard error); the address is the line
                // that starts with the transport.
                let text = (try? String(contentsOfFile: addressFile, encoding: .utf8)) ?? ""
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("unix:") }), text.contains(line + "\n") {
                    return String(line)
                }
                usleep(25_000)  // polling the daemon's output, on its own thread
            }
            return ""
        }
        guard !address.isEmpty else { throw TimedOut(description: "dbus-daemon printed no address") }
    }

    deinit {
        _ = daemon.wait(timeout: 0)  // kills the daemon's process group and reaps it
    }
}
