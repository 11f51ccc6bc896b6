import DBusKit
import Foundation
import SceneBusContract
import TestProcesses
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
        // FixtureHangOnCreate would hold a probe for the whole probe timeout: the name is refused
        // first, without a probe.
        do {
            _ = try await client.host("LoadPlugin", [.string("FixtureHangOnCreate"), .string("bad name")])
            Issue.record("a bad scene name was accepted")
        } catch let error as BusError {
            #expect(error.name.rawValue == "org.scenehost.Error.InvalidName")
            #expect(error.message.contains("scene name 'bad name' is invalid"), "\(error.message)")
        }
        #expect(!host.log.contains { $0.contains("FixtureHangOnCreate") && $0.contains("probe") })
        let path = try await client.host("LoadPlugin", [.string("FindView"), .string("extra")])
        #expect(path == [.objectPath(SceneBusContract.scenePath("extra"))])
        let refused = await client.errorName { _ = try await client.host("LoadPlugin", [.string("FixtureNoEntry"), .string("broken")]) }
        #expect(refused == "org.scenehost.Error.PluginRefused")
        #expect(await host.line(containing: "LoadPlugin refused: plugin FixtureNoEntry refused (missingEntryPoint)"))
        #expect(host.log.contains { $0.contains("[extra] LoadPlugin connected a scene") && $0.contains("plugin=FindView") }, "\(host.log.filter { $0.contains("LoadPlugin") })")
        #expect(host.log.contains { $0.contains("LoadPlugin refused") && $0.contains("scene name 'bad name' is invalid") })
    }

    @Test("Loading and disconnecting a scene 1,000 times keeps its screen place and the host's memory flat (plugins inside the host: its own loader's memory; IsolatedSceneLoadingTests loads into scene processes)")
    func loadUnloadCycles() async throws {
        let host = try HostProcess(arguments: ["--isolation", "none"])
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

    @Test("Start-up probes run off the main thread: while a plugin's probe hangs, the host answers Ping")
    func startupProbesDoNotBlock() async throws {
        // The hanging probe holds on for ten minutes: every Ping below is answered while it runs.
        let config = try temporaryFile(
            "hang.yaml", "plugins:\n  probe-timeout: 600\nscenes:\n  - name: findview\n    plugin: FindView\n  - name: hang\n    plugin: FixtureHangOnCreate\n")
        defer { try? FileManager.default.removeItem(atPath: config) }
        let host = try HostProcess(arguments: ["--config", config])
        let addressFile = host.runtimeFolder + "/scenehost/bus-address"
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while !FileManager.default.fileExists(atPath: addressFile) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let address = try String(contentsOfFile: addressFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let connection = try await BusConnection.connect(to: .address(address))
        defer { connection.close() }
        // The name is claimed once the scenes are in; until then the host is reached by its unique name.
        var unique: String?
        while unique == nil && Date() < deadline {
            let names = try await connection.call(
                destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "ListNames", timeout: .seconds(60)
            ).arguments.first?.arrayElements?.compactMap(\.stringValue) ?? []
            for name in names where name.hasPrefix(":") {
                let pid = try? await connection.call(
                    destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "GetConnectionUnixProcessID",
                    arguments: [.string(name)], timeout: .seconds(60)
                ).arguments.first?.uint32Value
                if pid == UInt32(host.process.processIdentifier) { unique = name }
            }
            if unique == nil { try await Task.sleep(for: .milliseconds(20)) }
        }
        let hostName = try BusName(try #require(unique))
        for _ in 0..<5 {
            _ = try await connection.call(
                destination: hostName, path: SceneBusContract.rootPath, interface: .peer, member: "Ping",
                timeout: .seconds(120))
        }
        #expect(!host.log.contains { $0.contains("host ready") }, "the hanging probe was still under way")
        let owner = try await connection.call(
            destination: .bus, path: "/org/freedesktop/DBus", interface: .bus, member: "NameHasOwner",
            arguments: [.string(SceneBusContract.busName.rawValue)], timeout: .seconds(60)).arguments.first?.boolValue
        #expect(owner == false, "the well-known name waits for the configured scenes")
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)
    }

    /// `ListPlugins` as the rows it returns: (name, version, description, core, abi, path, status, reason).
    static func listPlugins(_ client: HostBusClient) async throws -> [[String]] {
        let reply = try await client.host("ListPlugins")
        return (reply.first?.arrayElements ?? []).map { row in
            (row.structFields ?? []).map { $0.stringValue ?? $0.uint32Value.map(String.init) ?? "" }
        }
    }

    @Test("ListPlugins lists the search path in order with each plugin's metadata and status; refused, insecure and shadowed files say why; probes are cached by path, size and modification time, across restarts",
        .disabled(if: SanitizedRun.cannotBacktrace, SanitizedRun.cannotBacktraceReason))
    func listPlugins() async throws {
        let root = scratchPath("list")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = root + "/first", second = root + "/second", cache = root + "/cache"
        for folder in [first, second] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: buildFolder() + "/libGestureLab.so", toPath: first + "/libExtra.so")
        try FileManager.default.copyItem(atPath: buildFolder() + "/libGestureLab.so", toPath: second + "/libExtra.so")
        try FileManager.default.copyItem(atPath: buildFolder() + "/libGallery.so", toPath: second + "/libOpen.so")
        chmod(second + "/libOpen.so", 0o666)
        let environment = ["SCENEHOST_PLUGIN_PATH": "\(first):\(second)", "XDG_CACHE_HOME": cache]
        var host = try HostProcess(arguments: ["--diagnostics", "plugins", "--probe-timeout", "3"], environment: environment)
        var client = try await HostBusClient(host: host, subscribe: false)
        let rows = try await Self.listPlugins(client)
        let byPath = Dictionary(rows.map { ($0[5], $0) }, uniquingKeysWith: { a, _ in a })
        #expect(rows.first?[5] == first + "/libExtra.so", "the search path's order: \(rows.map { $0[5] })")
        #expect(byPath[first + "/libExtra.so"]?[6] == "available")
        #expect(byPath[first + "/libExtra.so"]?[0] == "GestureLab")
        #expect(byPath[second + "/libExtra.so"]?[6] == "shadowed")
        #expect(byPath[second + "/libExtra.so"]?[7].contains("libExtra.so in \(first), earlier on the search path, is the one used") == true)
        #expect(byPath[second + "/libOpen.so"]?[6] == "refused")
        #expect(byPath[second + "/libOpen.so"]?[7].contains("insecure: the plugin file '\(second)/libOpen.so' is writable by other users") == true)
        let findView = try #require(byPath[buildFolder() + "/libFindView.so"])
        #expect(Array(findView.prefix(5)) == ["FindView", "1.0.0", "Seed 000: colored views and hitTest overrides, traced as touches find them", "1.1.0", "1"])
        #expect(findView[6] == "loaded")
        #expect(byPath[buildFolder() + "/libFixtureNoEntry.so"]?[6] == "refused")
        #expect(byPath[buildFolder() + "/libFixtureNoEntry.so"]?[7].hasPrefix("missingEntryPoint: ") == true)
        #expect(byPath[buildFolder() + "/libFixtureNewerCore.so"]?[7].hasPrefix("coreTooOld: it needs SceneCore 99.0.0") == true)
        let probed = host.log.filter { $0.contains("probe finished") }.count
        #expect(probed > 5)
        // A second listing probes nothing.
        #expect(try await Self.listPlugins(client) == rows)
        #expect(host.log.filter { $0.contains("probe finished") }.count == probed)
        client.close()
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)
        #expect(FileManager.default.fileExists(atPath: cache + "/scenehost/plugin-probes.json"))

        // A restarted host answers from the cache on disk; a file that changed is probed again.
        let extra = first + "/libExtra.so"
        let data = try Data(contentsOf: URL(fileURLWithPath: extra))
        try (data + Data([0])).write(to: URL(fileURLWithPath: extra))
        host = try HostProcess(arguments: ["--diagnostics", "plugins", "--probe-timeout", "3"], environment: environment)
        client = try await HostBusClient(host: host, subscribe: false)
        defer { client.close() }
        let again = try await Self.listPlugins(client)
        #expect(again.map { [$0[5], $0[6]] } == rows.map { [$0[5], $0[6]] })
        // (Loading a scene's plugin always probes it, with the scene's options: the demo scenes' three.)
        // The host's log is read from its pipe by another thread: the line can come after the reply
        // (proof P88, under AddressSanitizer beside stress-ng).
        try await eventually("the changed plugin's probe to be logged", timeout: 30) {
            host.log.contains { $0.contains("probe finished") && $0.contains(extra) }
        }
        let reprobed = host.log.filter { $0.contains("probe finished") && !$0.contains(buildFolder()) }
        #expect(reprobed.count == 1 && reprobed.first?.contains(extra) == true, "\(reprobed)")
    }

    @Test("scenectl plugins prints each plugin's name, version, status, description, path and needs, and the reason of refused ones; --json too")
    func scenectlPlugins() async throws {
        let host = try HostProcess(arguments: ["--probe-timeout", "3"])
        #expect(await host.line(containing: "host ready"))
        let text = try await offPool {
            let run = try ScenectlProcess(["plugins", "--timeout", "60"], runtimeFolder: host.runtimeFolder)
            return (run.waitForExit(), run.stdout, run.stderr)
        }
        #expect(text.0 == 0, "\(text)")
        for line in [
            "FindView 1.0.0 — loaded\n    Seed 000: colored views and hitTest overrides, traced as touches find them\n    \(buildFolder())/libFindView.so\n    needs SceneCore 1.1.0 or newer, plugin ABI 1\n",
            "FixtureNoEntry — refused\n    \(buildFolder())/libFixtureNoEntry.so\n    missingEntryPoint: ",
        ] {
            #expect(text.1.contains(line), "missing:\n\(line)\nin:\n\(text.1)")
        }
        #expect(text.1.contains("3 loaded"))
        let json = try await offPool {
            let run = try ScenectlProcess(["plugins", "--json"], runtimeFolder: host.runtimeFolder)
            return (run.waitForExit(), run.stdout)
        }
        let rows = try JSONSerialization.jsonObject(with: Data(json.1.utf8)) as? [[String: Any]] ?? []
        let gallery = rows.first { $0["name"] as? String == "Gallery" }
        #expect(gallery?["status"] as? String == "loaded")
        #expect(gallery?["abiVersion"] as? Int == 1)
        #expect(gallery?["minimumCoreVersion"] as? String == "1.1.0")
    }
}
