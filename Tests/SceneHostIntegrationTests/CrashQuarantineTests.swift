import DBusKit
import Foundation
import Glibc
import SceneBusContract
import SceneProcesses
import TestProcesses
import Testing

/// A plugin whose action handler crashes the host, run after run as a service manager restarts it.
@MainActor
@Suite("Crash-loop quarantine: restarts, quarantine, clearing, and scenectl watch following the host", .serialized)
struct CrashQuarantineTests {
    @Test("A plugin that crashed the host twice in a row is quarantined at the next start with the reason, the other scenes run, --clear-quarantine lifts it, and watch says each time the host left and came back")
    func crashLoop() async throws {
        let daemon = try await offPool { try BusDaemon() }
        defer { daemon.stop() }
        let root = scratchPath("crash")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/plugins", withIntermediateDirectories: true)
        let plugin = root + "/plugins/libFixtureCrashInHandler.so"
        try FileManager.default.copyItem(atPath: buildFolder() + "/libFixtureCrashInHandler.so", toPath: plugin)
        let config = root + "/host.yaml"
        try Data("""
            plugins:
              folders: [plugins]
              probe-timeout: 5
            scenes:
              - name: crashy
                plugin: FixtureCrashInHandler
              - name: findview
                plugin: FindView

            """.utf8).write(to: URL(fileURLWithPath: config))
        let environment = ["XDG_STATE_HOME": root + "/state", "XDG_CACHE_HOME": root + "/cache"]
        func startHost() throws -> HostProcess {
            // Plugins loaded into the host: a crash ends the host (a scene process's crash and
            // quarantine: IsolatedSceneCrashTests).
            try HostProcess(arguments: ["--config", config, "--bus", daemon.address, "--isolation", "none"], environment: environment)
        }
        let connection = try await BusConnection.connect(to: .address(daemon.address))
        defer { connection.close() }
        func call(_ path: ObjectPath, _ interface: InterfaceName, _ member: MemberName, _ arguments: [BusValue] = []) async throws -> [BusValue] {
            try await connection.call(
                destination: SceneBusContract.busName, path: path, interface: interface, member: member, arguments: arguments,
                timeout: .seconds(60)
            ).arguments
        }
        var watch: ScenectlProcess?
        defer { watch?.process.terminate() }

        for run in 1...2 {
            let host = try startHost()
            #expect(await host.line(containing: "host ready"), "run \(run)")
            if run == 1 {
                let started = try ScenectlProcess(["watch", "--ready"], runtimeFolder: root, environment: ["SCENEHOST_BUS_ADDRESS": daemon.address])
                #expect(await offPool { started.waitForStderr(containing: "scenectl: watching") })
                watch = started
            }
            if run == 2 {
                #expect(host.log.contains { $0.contains("the previous run crashed in libFixtureCrashInHandler.so (SIGILL") && $0.contains("1 time in a row") },
                    "\(host.log)")
            }
            let scenes = try await call(SceneBusContract.rootPath, .properties, "Get", [.string(SceneBusContract.hostInterface.rawValue), .string("Scenes")])
            #expect(scenes.first?.variantValue?.arrayElements?.count == 2, "both scenes run in run \(run)")
            // Tap the crash button: the action handler ends the process, before any reply.
            _ = try? await call(SceneBusContract.windowPath(1), SceneBusContract.windowInterface, "TapView", [.string("crash")])
            #expect(await host.exitStatus() == SIGILL, "run \(run) ended by the plugin's trap")
            #expect(host.process.ended == .signaled(SIGILL))
        }

        // The third start, as the service manager would: the plugin is quarantined, findview runs.
        let host = try startHost()
        #expect(await host.line(containing: "host ready"))
        #expect(host.log.contains { $0.contains("the previous run crashed in libFixtureCrashInHandler.so") && $0.contains("quarantined") })
        #expect(host.messages(tagged: "crashy").contains { $0.contains("(quarantined): it crashed the host 2 times in a row (last with SIGILL") }, "\(host.log)")
        let scenes = try await call(SceneBusContract.rootPath, .properties, "Get", [.string(SceneBusContract.hostInterface.rawValue), .string("Scenes")])
        #expect(scenes.first?.variantValue?.arrayElements == [.objectPath(SceneBusContract.scenePath("findview"))])
        let listing = try await offPool {
            let run = try ScenectlProcess(["plugins", "--json", "--timeout", "60"], runtimeFolder: root, environment: ["SCENEHOST_BUS_ADDRESS": daemon.address])
            return (run.waitForExit(), run.stdout)
        }
        let rows = try JSONSerialization.jsonObject(with: Data(listing.1.utf8)) as? [[String: Any]] ?? []
        let quarantined = rows.first { $0["path"] as? String == plugin }
        #expect(quarantined?["status"] as? String == "quarantined", "\(listing)")
        #expect((quarantined?["reason"] as? String)?.contains("scenectl plugins --clear-quarantine FixtureCrashInHandler") == true)

        // The user clears it: it is available again (and loads on request).
        let cleared = try await offPool {
            let run = try ScenectlProcess(
                ["plugins", "--clear-quarantine", "FixtureCrashInHandler", "--timeout", "60"], runtimeFolder: root, environment: ["SCENEHOST_BUS_ADDRESS": daemon.address])
            return (run.waitForExit(), run.stdout, run.stderr)
        }
        #expect(cleared.0 == 0, "\(cleared)")
        #expect(cleared.2.contains("quarantine lifted: \(plugin)"))
        #expect(cleared.1.contains("FixtureCrashInHandler 1.0.0 — available"), "\(cleared.1)")
        do {
            _ = try await call(SceneBusContract.rootPath, SceneBusContract.hostInterface, "ClearQuarantine", [.string("Nope")])
            Issue.record("clearing an unknown plugin succeeded")
        } catch let error as BusError {
            #expect(error.name.rawValue == "org.scenehost.Error.InvalidName")
            #expect(error.message.contains("no quarantined plugin is called 'Nope'"), "\(error.message)")
        }
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)

        // watch followed every restart on the bus and said so. It learns of the last exit from the
        // bus after the host has gone, so the test waits for that line rather than reading at once.
        let watching = watch
        #expect(await offPool {
            watching?.waitForStderr { $0.components(separatedBy: "the host left the bus").count - 1 >= 3 } ?? false
        })
        let said = watch?.stderr ?? ""
        #expect(said.components(separatedBy: "the host left the bus").count - 1 == 3, "\(said)")
        #expect(said.components(separatedBy: "the host restarted").count - 1 == 2, "\(said)")
        #expect(watch?.process.isRunning == true, "watch keeps going")
    }

    @Test("When the host's private bus goes away with it, watch waits and reconnects to the next host, and says so")
    func watchReconnects() async throws {
        let first = try HostProcess(arguments: [])
        #expect(await first.line(containing: "host ready"))
        let watch = try ScenectlProcess(["watch", "--ready"], runtimeFolder: first.runtimeFolder)
        defer { watch.process.terminate() }
        #expect(await offPool { watch.waitForStderr(containing: "scenectl: watching") })
        first.signal(SIGTERM)
        #expect(await first.exitStatus() == 0)
        #expect(await offPool { watch.waitForStderr(containing: "the host's bus went away") }, "\(watch.stderr)")
        let second = try HostProcess(arguments: [], sharing: first)
        #expect(await second.line(containing: "host ready"))
        #expect(await offPool { watch.waitForStderr(containing: "scenectl: reconnected: watching org.scenehost.SceneHost") }, "\(watch.stderr)")
        // Signals of the new host arrive.
        let tap = try await offPool {
            let run = try ScenectlProcess(["remote", "pause"], runtimeFolder: first.runtimeFolder)
            return run.waitForExit()
        }
        #expect(tap == 0)
        let deadline = Date().addingTimeInterval(SanitizedRun.seconds(60))
        while !watch.stdout.contains("RemoteControlDelivered pause") && Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(watch.stdout.contains("RemoteControlDelivered pause"), "\(watch.stdout)")
        second.signal(SIGTERM)
        #expect(await second.exitStatus() == 0)
    }
}
