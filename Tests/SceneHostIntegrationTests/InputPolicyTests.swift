import DBusKit
import Foundation
import SceneBusContract
import SceneMedia
import SceneProcesses
import TestProcesses
import Testing

/// The input policy of the real scene-host: `--input-policy read-only` and `input-allowed-executables`,
/// on the host API, MPRIS and AT-SPI.
@MainActor
@Suite("Input policy of the real scene-host")
struct InputPolicyTests {
    static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"

    /// Zero values for each complete type of `signature` (`udd` → 0, 0.0, 0.0; `a(usddd)` → an empty array).
    static func zeroArguments(_ signature: String) -> [BusValue] {
        var values: [BusValue] = []
        var index = signature.startIndex
        while index < signature.endIndex {
            let end = completeTypeEnd(signature, from: index)
            let type = String(signature[index..<end])
            switch type.first {
            case "u": values.append(.uint32(0))
            case "i": values.append(.int32(0))
            case "t": values.append(.uint64(0))
            case "x": values.append(.int64(0))
            case "d": values.append(.double(0))
            case "b": values.append(.bool(false))
            case "s": values.append(.string(""))
            case "o": values.append(.objectPath(.root))
            case "a": values.append(.array(element: Signature(unchecked: String(type.dropFirst())), []))
            default: Issue.record("no zero value for the type '\(type)' in '\(signature)'")
            }
            index = end
        }
        return values
    }

    private static func completeTypeEnd(_ signature: String, from start: String.Index) -> String.Index {
        var index = start
        while signature[index] == "a" { index = signature.index(after: index) }
        guard signature[index] == "(" || signature[index] == "{" else { return signature.index(after: index) }
        var depth = 0
        repeat {
            if "({".contains(signature[index]) { depth += 1 }
            if ")}".contains(signature[index]) { depth -= 1 }
            index = signature.index(after: index)
        } while depth > 0
        return index
    }

    @Test("Every method of the committed contract says whether it reads or changes the host")
    func contractClassifiesEveryMethod() throws {
        for interface in try ContractInterface.all() {
            for method in interface.members where method.kind == "method" {
                #expect(["reads", "changes"].contains(method.inputAccess), "\(interface.name).\(method.name) has no org.scenehost.Access annotation")
            }
        }
    }

    @Test("read-only: every changing method of Host1, Scene1 and Window1 and MPRIS is refused with AccessDenied naming the policy; reading ones, properties and signals are served")
    func readOnlyHost() async throws {
        let script = try temporaryFile("read-only.txt", "wait 1\ntap findview 240 250\n")
        defer { try? FileManager.default.removeItem(atPath: script) }
        // Subscribed before the host starts, so the scripted tap's signals cannot be missed.
        let daemon = try await offPool { try BusDaemon() }
        let watcher = try await BusConnection.connect(to: .address(daemon.address))
        defer { watcher.close() }
        var touches: [HostSignal] = []
        let subscription = try await watcher.addMatch(
            .signal(sender: SceneBusContract.busName, interface: SceneBusContract.hostInterface, member: "Touch")
        ) { message in
            touches.append(HostSignal(member: "Touch", arguments: message.arguments))
        }
        defer { subscription.cancel() }
        let session = try await MprisSession(arguments: ["--input-policy", "read-only", "--input", script], daemon: daemon)
        defer { session.close() }
        let objects: [String: ObjectPath] = [
            SceneBusContract.hostInterface.rawValue: SceneBusContract.rootPath,
            SceneBusContract.sceneInterface.rawValue: SceneBusContract.scenePath("findview"),
            SceneBusContract.windowInterface.rawValue: SceneBusContract.windowPath(1),
        ]
        var refused: [String] = []
        for interface in try ContractInterface.all() {
            let path = try #require(objects[interface.name])
            for method in interface.members where method.kind == "method" {
                let error = await busFailure {
                    _ = try await session.call(
                        SceneBusContract.busName, path, InterfaceName(interface.name), MemberName(method.name),
                        Self.zeroArguments(method.inputSignature))
                }
                let member = "\(interface.name).\(method.name)"
                if method.inputAccess == "changes" {
                    #expect(error?.name.rawValue == Self.accessDenied, "\(member): \(error.map { "\($0)" } ?? "served")")
                    #expect(error?.message.hasPrefix("\(member) changes the host, and its input policy is read-only") == true)
                    refused.append(method.name)
                } else {
                    #expect(error?.name.rawValue != Self.accessDenied, "\(member) only reads but was refused: \(error.map { "\($0)" } ?? "")")
                }
            }
        }
        #expect(refused.contains("TouchDown") && refused.contains("Tap") && refused.contains("Activate") && refused.contains("LoadPlugin"))
        #expect(try await session.call(SceneBusContract.busName, SceneBusContract.windowPath(1), SceneBusContract.windowInterface, "HitTest", [.double(240), .double(250)]) == [.string("blue")])
        let version = try await session.call(
            SceneBusContract.busName, SceneBusContract.rootPath, .properties, "Get", [.string(SceneBusContract.hostInterface.rawValue), .string("Version")])
        #expect(version.first?.variantValue?.stringValue?.isEmpty == false)

        // MPRIS: commands and writes are refused, properties read.
        #expect(await session.errorName(Mpris.player, "Play") == Self.accessDenied)
        #expect(await session.errorName(Mpris.root, "Raise") == Self.accessDenied)
        #expect(await session.errorName(.properties, "Set", [.string(Mpris.player.rawValue), .string("Volume"), .variant(.double(0.5))]) == Self.accessDenied)
        #expect(try await session.property("PlaybackStatus").stringValue == "Stopped")

        // The host's own input script still drives the model, and its events reach a read-only client.
        try await eventually("the scripted tap's Touch signals") {
            touches.contains { $0.string(3) == "ended" && $0.string(6) == "blue" }
        }
        #expect(session.host.process.isRunning)
    }

    @Test("read-only: AT-SPI actions and value changes are refused with AccessDenied, while the registry still numbers the application and reading is served")
    func readOnlyAccessibility() async throws {
        let daemon = try await offPool { try BusDaemon() }
        defer { daemon.stop() }
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        defer { registry.leave() }
        let config = try temporaryFile(
            "controls.yaml",
            """
            plugins:
              folders: ["\(buildFolder())"]
              probe-timeout: 60
            \(SanitizedRun.isolationSection)
            scenes:
              - name: many
                plugin: FixtureManyViews
                options: {views: "4", controls: "yes"}
            """)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let host = try HostProcess(
            arguments: ["--config", config, "--input-policy", "read-only"], environment: ["AT_SPI_BUS_ADDRESS": daemon.address])
        do {
            try await eventually("scene-host to register with the AT-SPI registry") {
                host.log.contains { $0.contains("registered with the AT-SPI registry") }
            }
        } catch {
            Issue.record("\(error); the host's log:\n\(host.log.joined(separator: "\n"))")
            throw error
        }
        // The registry's own line, read from its output by another thread, can come after the host's.
        try await eventually("the registry to say it embedded the host") { !registry.plugs.isEmpty }
        let probe = try await AtspiProbe(address: daemon.address, application: try #require(registry.plugs.first).bus)
        defer { probe.close() }
        #expect(try await probe.property(Atspi.rootPath, Atspi.application, "Id") == .int32(FakeAtspiRegistry.applicationID))
        let button = try await probe.path(ofID: "grow")
        #expect(try await probe.call(button, Atspi.action, "GetName", [.int32(0)]) == [.string("click")])
        #expect(await probe.errorName(button, Atspi.action, "DoAction", [.int32(0)]) == Self.accessDenied)
        #expect(await probe.errorName(button, Atspi.component, "GrabFocus") == Self.accessDenied)
        let slider = try await probe.path(ofID: "slider")
        let before = try await probe.property(slider, Atspi.value, "CurrentValue")
        #expect(
            await probe.errorName(slider, .properties, "Set", [.string(Atspi.value.rawValue), .string("CurrentValue"), .variant(.double(60))])
                == Self.accessDenied)
        #expect(try await probe.property(slider, Atspi.value, "CurrentValue") == before)
        #expect(host.process.isRunning)
    }

    @Test("input-allowed-executables: scenectl (listed) drives the host; the test process (not listed) is refused naming its executable, and still reads")
    func allowedExecutables() async throws {
        let scenectl = buildFolder() + "/scenectl"
        let config = try temporaryFile(
            "allowed.yaml",
            """
            plugins:
              folders: ["\(buildFolder())"]
              probe-timeout: 60
            \(SanitizedRun.isolationSection)
            scenes:
              - name: findview
                plugin: FindView
            input-allowed-executables: ["\(scenectl)"]
            """)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let host = try HostProcess(arguments: ["--config", config, "--bus", "private"])
        let client = try await HostBusClient(host: host)
        defer { client.close() }

        let tap = try ScenectlProcess(["tap", "--window", "findview", "240", "250"], runtimeFolder: host.runtimeFolder)
        let status = await tap.exitStatus()
        #expect(status == 0, "scenectl tap: \(tap.stderr)")
        #expect(tap.stdout.contains("blue"), "\(tap.stdout)")
        try await client.waitForSignals("Touch signals of scenectl's tap") { signals in
            signals.contains { $0.member == "Touch" && $0.string(3) == "ended" && $0.string(6) == "blue" }
        }

        let error = await busFailure { _ = try await client.host("TouchDown", [.uint32(0), .double(240), .double(250)]) }
        let ownExecutable = try #require(try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        #expect(error?.name.rawValue == Self.accessDenied)
        #expect(
            error?.message.hasPrefix(
                "org.scenehost.Host1.TouchDown changes the host, and the caller \(client.connection.uniqueName?.rawValue ?? "?") runs \(ownExecutable) (pid \(getpid()))"
            ) == true, "\(error.map { "\($0)" } ?? "served")")
        #expect(error?.message.contains("not in input-allowed-executables (\(scenectl))") == true)
        // A second refusal is answered from the remembered process, in order with the first.
        #expect(await busFailure { _ = try await client.window(1, "Tap", [.double(240), .double(250), .uint32(1)]) }?.name.rawValue == Self.accessDenied)
        #expect(try await client.window(1, "HitTest", [.double(240), .double(250)]) == [.string("blue")])
        #expect(host.process.isRunning)
    }
}
