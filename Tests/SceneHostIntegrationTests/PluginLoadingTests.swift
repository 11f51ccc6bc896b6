import DBusKit
import Foundation
import SceneBusContract
import Testing

/// Resident memory of process `pid` in KiB (`VmRSS` of /proc/PID/status).
func residentKiB(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

@MainActor
@Suite("LoadPlugin over D-Bus: errors name what was wrong, loading is logged, loads do not drift or grow", .serialized)
struct PluginLoadingTests {
    @Test("LoadPlugin('') quotes the empty value; a bad scene name is InvalidName before any probe starts; refusals and successes are logged")
    func errorsNameTheValue() async throws {
        let host = try HostProcess(arguments: ["--diagnostics", "plugins"])
        let client = try await HostBusClient(host: host)
        defer { client.close() }
        do {
            _ = try await client.host("LoadPlugin", [.string(""), .string("empty")])
            Issue.record("LoadPlugin('') succeeded")
        } catch let error as BusError {
            #expect(error.name.rawValue == "org.scenehost.Error.InvalidName")
            #expect(error.message.contains("the plugin name '' is empty"), "\(error.message)")
        }
        // FixtureHangOnCreate would hold a probe for the whole probe timeout (60 s here): the name is
        // refused first, at once.
        let started = Date()
        do {
            _ = try await client.host("LoadPlugin", [.string("FixtureHangOnCreate"), .string("bad name")])
            Issue.record("a bad scene name was accepted")
        } catch let error as BusError {
            #expect(error.name.rawValue == "org.scenehost.Error.InvalidName")
            #expect(error.message.contains("scene name 'bad name' is invalid"), "\(error.message)")
        }
        // Well under the 60 s a probe of it would hold (sanitized, any call can take many seconds).
        #expect(Date().timeIntervalSince(started) < (SanitizedRun.sanitizer == nil ? 5 : 45))
        #expect(!host.log.contains { $0.contains("FixtureHangOnCreate") && $0.contains("probe") })
        let path = try await client.host("LoadPlugin", [.string("FindView"), .string("extra")])
        #expect(path == [.objectPath(SceneBusContract.scenePath("extra"))])
        let refused = await client.errorName { _ = try await client.host("LoadPlugin", [.string("FixtureNoEntry"), .string("broken")]) }
        #expect(refused == "org.scenehost.Error.PluginRefused")
        #expect(await host.line(containing: "LoadPlugin refused: plugin FixtureNoEntry refused (missingEntryPoint)"))
        #expect(host.log.contains { $0.contains("[extra] LoadPlugin connected a scene") && $0.contains("plugin=FindView") }, "\(host.log.filter { $0.contains("LoadPlugin") })")
        #expect(host.log.contains { $0.contains("LoadPlugin refused") && $0.contains("scene name 'bad name' is invalid") })
    }

    @Test("Loading and disconnecting a scene 1,000 times keeps its screen place and the host's memory flat")
    func loadUnloadCycles() async throws {
        let host = try HostProcess(arguments: [])
        let client = try await HostBusClient(host: host, subscribe: false)
        defer { client.close() }
        func cycle() async throws -> [Double] {
            _ = try await client.host("LoadPlugin", [.string("FindView"), .string("cycle")])
            let windows = try await client.property(SceneBusContract.scenePath("cycle"), SceneBusContract.sceneInterface, "Windows")
            let window = try #require(windows.arrayElements?.first?.objectPathValue)
            let frame = try await client.property(window, SceneBusContract.windowInterface, "Frame").structFields?.compactMap(\.doubleValue)
            _ = try await client.scene("cycle", "Disconnect")
            return frame ?? []
        }
        let first = try await cycle()
        #expect(first == [1200, 0, 390, 844], "the fourth place on the row, after the three demo scenes")
        for _ in 1..<100 { _ = try await cycle() }
        let warm = residentKiB(host.process.processIdentifier)
        var last: [Double] = []
        for _ in 100..<1000 { last = try await cycle() }
        let after = residentKiB(host.process.processIdentifier)
        #expect(last == first, "a disconnected scene's place is reused")
        // Under AddressSanitizer freed memory waits in its quarantine, so resident memory is no measure
        // there; LeakSanitizer checks the host at its exit instead (a leak makes it exit 1).
        if SanitizedRun.sanitizer != "address" {
            #expect(after - warm < 2048, "resident memory grew from \(warm) KiB to \(after) KiB over 900 load/unload cycles")
        }
        let scenes = try await client.property(SceneBusContract.rootPath, SceneBusContract.hostInterface, "Scenes").arrayElements
        #expect(scenes?.count == 3)
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)
    }

    @Test("Start-up probes run off the main thread: while a plugin's probe hangs, the host answers Ping at once")
    func startupProbesDoNotBlock() async throws {
        let config = try temporaryFile(
            "hang.yaml", "plugins:\n  probe-timeout: 4\nscenes:\n  - name: findview\n    plugin: FindView\n  - name: hang\n    plugin: FixtureHangOnCreate\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let host = try HostProcess(arguments: ["--config", config])
        let addressFile = host.runtimeFolder + "/scenehost/bus-address"
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: addressFile) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let address = try String(contentsOfFile: addressFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let connection = try BusConnection.connect(to: .address(address))
        defer { connection.close() }
        // The name is claimed once the scenes are in; until then the host is reached by its unique name.
        var unique: String?
        while unique == nil && Date() < deadline {
            let names = try await connection.call(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames", timeout: .seconds(5)
            ).arguments.first?.arrayElements?.compactMap(\.stringValue) ?? []
            for name in names where name.hasPrefix(":") {
                let pid = try? await connection.call(
                    destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetConnectionUnixProcessID",
                    arguments: [.string(name)], timeout: .seconds(5)
                ).arguments.first?.uint32Value
                if pid == UInt32(host.process.processIdentifier) { unique = name }
            }
            if unique == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let hostName = try BusName(try #require(unique))
        var slowest = 0.0
        for _ in 0..<5 {
            let sent = Date()
            _ = try await connection.call(
                destination: hostName, path: SceneBusContract.rootPath, interface: .peer, member: "Ping",
                timeout: .seconds(20))
            slowest = max(slowest, Date().timeIntervalSince(sent))
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(!host.log.contains { $0.contains("host ready") }, "the hanging probe was still under way")
        let owner = try await connection.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "NameHasOwner",
            arguments: [.string(SceneBusContract.busName.rawValue)], timeout: .seconds(5)).arguments.first?.boolValue
        #expect(owner == false, "the well-known name waits for the configured scenes")
        #expect(slowest < 1, "a Ping took \(slowest) s while a probe was under way")
        #expect(await host.line(containing: "host ready"))
        #expect(host.messages(tagged: "hang").contains { $0.contains("(probeTimedOut)") })
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)
    }
}
