import DBusKit
import Foundation
import SceneBusContract
import SceneProcesses
import TestProcesses
import Testing

/// A stand-in for at-spi2-core's `at-spi-bus-launcher` on a session bus, in a process of its own
/// (Tests/AccessibilityClients/status_launcher.py), so that it answers the host whatever this
/// process's main actor is doing: owns `org.a11y.Bus`, answers `GetAddress` with the accessibility
/// bus, and serves `org.a11y.Status` (IsEnabled, ScreenReaderEnabled; both false at first),
/// announcing each change with `PropertiesChanged` as the real launcher does.
final class FakeAccessibilityLauncher: Sendable {
    private let program: LineProcess

    /// Starts the launcher and waits until it owns `org.a11y.Bus`.
    init(sessionAddress: String, accessibilityAddress: String) async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../AccessibilityClients/status_launcher.py").standardizedFileURL.path
        program = try LineProcess(ExternalClientTools.python, [script, sessionAddress, accessibilityAddress], environment: ["PATH": "/usr/bin:/bin"])
        guard await program.line(where: { $0 == "ready" }) != nil else {
            throw TimedOut(description: "status_launcher.py did not own org.a11y.Bus (needs python3-dbus and python3-gi): \(program.output)")
        }
    }

    /// Sets `property` and announces it (`PropertiesChanged`), after every earlier change.
    func set(_ property: String, _ value: Bool) {
        program.send("set \(property) \(value)")
    }

    /// Sends `number` to the launcher (SIGSTOP makes it silent while it owns its name).
    func signal(_ number: Int32) {
        program.process.signal(number)
    }
}

/// `accessibility: auto` follows `org.a11y.Status` (item 6 of the accessibility work): the real
/// scene-host, with a session bus whose launcher the test plays and an accessibility bus whose
/// registry the test plays.
@MainActor
@Suite("accessibility: auto joins the accessibility bus while org.a11y.Status says assistive technology is on", .serialized)
struct AccessibilityStatusTests {
    let session: BusDaemon
    let accessibility: BusDaemon

    init() async throws {
        session = try await offPool { try BusDaemon() }
        accessibility = try await offPool { try BusDaemon() }
    }

    /// Polls the bus until `condition` holds (an `async` condition; see ``eventually(_:timeout:_:)``).
    private func eventuallyOnBus(_ what: String, timeout: Double = 30, _ condition: () async -> Bool) async throws {
        let timeout = SanitizedRun.seconds(timeout)
        let deadline = Date().addingTimeInterval(timeout)
        while await !condition() {
            guard Date() < deadline else { throw TimedOut(description: "waited \(timeout) s for \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Unique names on the accessibility bus other than the bus itself.
    private func uniqueNames(on connection: BusConnection) async throws -> Set<String> {
        let reply = try await connection.call(destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames")
        return Set((reply.arguments.first?.arrayElements ?? []).compactMap(\.stringValue).filter { $0.hasPrefix(":") })
    }

    @Test("Off at start: not registered; each turn-on (IsEnabled, then ScreenReaderEnabled, then IsEnabled) joins and events flow; each turn-off leaves the bus and nothing more is sent; the same process throughout")
    func followsStatus() async throws {
        let launcher = try await FakeAccessibilityLauncher(sessionAddress: session.address, accessibilityAddress: accessibility.address)
        let registry = try await FakeAtspiRegistry(address: accessibility.address)
        let listener = try await BusConnection.connect(to: .address(accessibility.address))
        var events: [(sender: String, member: String)] = []
        let subscription = try await listener.addMatch(.signal(pathNamespace: "/org/a11y/atspi/accessible")) { message in
            events.append((message.sender?.rawValue ?? "", message.member?.rawValue ?? ""))
        }
        defer { subscription.cancel(); listener.close(); registry.leave() }
        let host = try HostProcess(
            arguments: ["--bus", "private"], environment: ["DBUS_SESSION_BUS_ADDRESS": session.address, "AT_SPI_BUS_ADDRESS": ""])
        let client = try await HostBusClient(host: host, subscribe: false)
        defer { client.close() }
        // (Waited for without blocking the main actor, which serves the launcher the host asks.)
        try await eventually("the host to read org.a11y.Status", timeout: 60) {
            host.log.contains { $0.contains("assistive technology is off (org.a11y.Status: IsEnabled false, ScreenReaderEnabled false)") }
        }
        let known = try await uniqueNames(on: listener)
        #expect(registry.plugs.isEmpty, "not registered while assistive technology is off")

        for (round, property) in ["IsEnabled", "ScreenReaderEnabled", "IsEnabled"].enumerated() {
            launcher.set(property, true)
            try await eventually("scene-host to embed (turn-on \(round + 1), \(property))", timeout: 60) { registry.plugs.count == round + 1 }
            let application = registry.plugs[round].bus.rawValue
            #expect(registry.plugs.dropLast().allSatisfy { $0.bus.rawValue != application }, "a new connection each time")
            try await eventually("the registration's log line", timeout: 60) {
                host.log.filter { $0.contains("registered with the AT-SPI registry") }.count == round + 1
            }
            // Events flow: Tab moves the focus in the key window, and the focus event arrives.
            _ = try await client.host("SendKey", [.string("tab"), .string(""), .string("press")])
            try await eventually("the focus event after Tab (turn-on \(round + 1))", timeout: 30) {
                events.contains { $0.sender == application && $0.member == "Focus" }
            }

            launcher.set(property, false)
            try await eventually("scene-host to leave the accessibility bus (turn-off \(round + 1))", timeout: 30) {
                host.log.filter { $0.contains("assistive technology turned off") }.count == round + 1
            }
            try await eventuallyOnBus("its connection to close") {
                let names = (try? await uniqueNames(on: listener)) ?? []
                return !names.contains(application)
            }
            #expect(try await uniqueNames(on: listener) == known, "no connection of the host is left on the accessibility bus")
            // The model keeps working while off, and nothing reaches the accessibility bus.
            let sent = events.count
            _ = try await client.host("SendKey", [.string("tab"), .string(""), .string("press")])
            _ = try await listener.call(destination: .bus, path: "/org/freedesktop/DBus", interface: .peer, member: "Ping")
            #expect(events.count == sent, "no event while assistive technology is off")
        }
        #expect(host.process.isRunning)
        #expect(host.log.filter { $0.contains("assistive technology turned on") }.count == 3, "\(host.log.joined(separator: "\n"))")
    }

    @Test("Status flipped faster than the host can join ends where the status ends: on, with exactly one connection, registered once more")
    func fastFlips() async throws {
        let launcher = try await FakeAccessibilityLauncher(sessionAddress: session.address, accessibilityAddress: accessibility.address)
        let registry = try await FakeAtspiRegistry(address: accessibility.address)
        let listener = try await BusConnection.connect(to: .address(accessibility.address))
        defer { listener.close(); registry.leave() }
        let host = try HostProcess(
            arguments: ["--bus", "private"], environment: ["DBUS_SESSION_BUS_ADDRESS": session.address, "AT_SPI_BUS_ADDRESS": ""])
        try await eventually("the host to read org.a11y.Status", timeout: 60) {
            host.log.contains { $0.contains("assistive technology is off") }
        }
        let known = try await uniqueNames(on: listener)
        for value in [true, false, true, false, true, false, true] { launcher.set("IsEnabled", value) }
        try await eventually("scene-host to register", timeout: 60) { !registry.plugs.isEmpty }
        let last = try #require(registry.plugs.last).bus.rawValue
        try await eventuallyOnBus("exactly one host connection, the last one registered") {
            let names = (try? await uniqueNames(on: listener)) ?? []
            return names.subtracting(known) == [last]
        }
        launcher.set("IsEnabled", false)
        try await eventuallyOnBus("scene-host to leave") {
            let names = (try? await uniqueNames(on: listener)) ?? []
            return names == known
        }
        #expect(host.process.isRunning)
    }

    /// Runs `body` with a stand-in launcher that owns org.a11y.Bus but is stopped (SIGSTOP, so it
    /// answers nothing until continued), a connection to the session bus and a fake registry on the
    /// accessibility bus; afterwards the launcher is continued and ended, and the rest closed.
    private func withStoppedLauncher(_ body: (FakeAccessibilityLauncher, BusConnection, FakeAtspiRegistry) async throws -> Void) async throws {
        let launcher = try await FakeAccessibilityLauncher(sessionAddress: session.address, accessibilityAddress: accessibility.address)
        let watcher = try await BusConnection.connect(to: .address(session.address))
        defer { launcher.signal(SIGCONT); watcher.close() }
        let registry = try await FakeAtspiRegistry(address: accessibility.address)
        defer { registry.leave() }
        launcher.signal(SIGSTOP)
        try await body(launcher, watcher, registry)
    }

    @Test(
        "accessibility: on with a launcher that does not answer GetAddress (stopped): the host says so, asks again, and joins once it answers",
        .enabled(if: ExternalClientTools.missingForPython.isEmpty, "needs /usr/bin/python3 with python3-dbus and python3-gi"))
    func silentLauncherWhenOn() async throws {
        try await withStoppedLauncher { launcher, _, registry in
            let configuration = try temporaryFile("accessibility-on.yaml", "accessibility: on\nscenes: []\n")
            let host = try HostProcess(
                arguments: ["--bus", "private", "--config", configuration],
                environment: ["DBUS_SESSION_BUS_ADDRESS": session.address, "AT_SPI_BUS_ADDRESS": ""])
            #expect(await host.line(containing: "did not answer GetAddress within 3"))
            #expect(registry.plugs.isEmpty)
            launcher.signal(SIGCONT)
            try await eventually("scene-host to embed", timeout: 60) { registry.plugs.count == 1 }
            #expect(!host.log.contains { $0.contains("stays off") }, "\(host.log.joined(separator: "\n"))")
            #expect(host.process.isRunning)
        }
    }

    @Test("A registry that does not answer Embed within 10 s is asked again, and the host registers when it answers")
    func silentRegistry() async throws {
        let registry = try await FakeAtspiRegistry(address: accessibility.address, silentEmbeds: 1)
        defer { registry.leave() }
        let configuration = try temporaryFile("accessibility-on.yaml", "accessibility: on\nscenes: []\n")
        let host = try HostProcess(
            arguments: ["--bus", "private", "--config", configuration],
            environment: ["DBUS_SESSION_BUS_ADDRESS": session.address, "AT_SPI_BUS_ADDRESS": accessibility.address])
        #expect(await host.line(containing: "the AT-SPI registry did not answer Embed within 10"))
        try await eventually("scene-host to embed", timeout: 60) { registry.plugs.count == 1 }
        #expect(await host.line(containing: "registered with the AT-SPI registry"))
        // Registered by the second Embed, the one answered: after the first timed out.
        let silent = host.log.firstIndex { $0.contains("did not answer Embed") }
        let registered = host.log.firstIndex { $0.contains("registered with the AT-SPI registry") }
        #expect(silent != nil && registered != nil && silent! < registered!, "\(host.log)")
        #expect(registry.plugs.count == 1)
        #expect(host.process.isRunning)
    }

    @Test(
        "A launcher that owns its name but does not answer (stopped) leaves AT-SPI2 off and is asked again; once it answers, the host follows it and joins when it is turned on",
        .enabled(if: ExternalClientTools.missingForPython.isEmpty, "needs /usr/bin/python3 with python3-dbus and python3-gi"))
    func silentLauncher() async throws {
        try await withStoppedLauncher { launcher, watcher, registry in
            let host = try HostProcess(
                arguments: ["--bus", "private"], environment: ["DBUS_SESSION_BUS_ADDRESS": session.address, "AT_SPI_BUS_ADDRESS": ""])
            #expect(await host.line(containing: "org.a11y.Status on the session bus at \(session.address) did not answer within 3"))
            #expect(!host.log.contains { $0.contains("no accessibility bus") }, "a silent launcher is not a missing one")
            #expect(registry.plugs.isEmpty)
            launcher.signal(SIGCONT)
            #expect(await host.line(containing: "assistive technology is off (org.a11y.Status: IsEnabled false, ScreenReaderEnabled false)"))
            _ = try await watcher.call(
                destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: .properties, member: "Set",
                arguments: [.string("org.a11y.Status"), .string("IsEnabled"), .variant(.bool(true))])
            try await eventually("scene-host to embed", timeout: 60) { registry.plugs.count == 1 }
            #expect(host.log.filter { $0.contains("assistive technology turned on") }.count == 1, "\(host.log.joined(separator: "\n"))")
            #expect(host.process.isRunning)
        }
    }

    @Test("With a session bus that has no org.a11y.Status and no AT_SPI_BUS_ADDRESS, auto stays off and says why, once")
    func noStatus() async throws {
        let host = try HostProcess(
            arguments: ["--bus", "private"], environment: ["DBUS_SESSION_BUS_ADDRESS": session.address, "AT_SPI_BUS_ADDRESS": ""])
        #expect(await host.line(containing: "host ready"))
        #expect(await host.line(containing: "no accessibility bus: the session bus at \(session.address) has no org.a11y.Status"))
        #expect(host.log.filter { $0.contains("[accessibility]") }.count == 1, "\(host.log)")
    }

    @Test("accessibility: on joins at once and stays, whatever org.a11y.Status says")
    func onIgnoresStatus() async throws {
        let launcher = try await FakeAccessibilityLauncher(sessionAddress: session.address, accessibilityAddress: accessibility.address)
        let registry = try await FakeAtspiRegistry(address: accessibility.address)
        defer { registry.leave() }
        let configuration = try temporaryFile("accessibility-on.yaml", "accessibility: on\nscenes: []\n")
        let host = try HostProcess(
            arguments: ["--bus", "private", "--config", configuration],
            environment: ["DBUS_SESSION_BUS_ADDRESS": session.address, "AT_SPI_BUS_ADDRESS": ""])
        try await eventually("scene-host to embed with IsEnabled false", timeout: 60) { registry.plugs.count == 1 }
        launcher.set("IsEnabled", true)
        launcher.set("IsEnabled", false)
        // `on` does not follow the status: turned on and off, the application is still there and answers.
        let probe = try await AtspiProbe(address: accessibility.address, application: registry.plugs[0].bus)
        defer { probe.close() }
        #expect(try await probe.property(Atspi.rootPath, Atspi.accessible, "ChildCount") == .int32(0))
        #expect(!host.log.contains { $0.contains("assistive technology turned") })
        #expect(registry.plugs.count == 1)
    }
}
