import DBusKit
import Foundation
import Glibc
import SceneProcesses
import Synchronization
import TestProcesses
import Testing

@Suite("External clients talk to exported objects", .tags(.needsBus, .externalClient))
@MainActor
struct ExternalClientTests {
    let bus: BusFixture
    let server: BusConnection
    let service = TestService()

    init() async throws {
        bus = try await BusFixture()
        server = try await bus.connect()
        try server.export(service, at: TestService.path)
        try server.export(
            [
                InterfaceDescription(
                    "org.example.Signals1",
                    methods: [
                        .method("EmitTick", inputs: [.init("sequence", .uint64)]) { call in
                            let sequence = try call.read { try $0.readUInt64() }
                            try call.connection?.emitSignal(
                                path: TestService.path, interface: TestService.interfaceName, member: "Tick",
                                arguments: [.uint64(sequence)])
                            return []
                        }
                    ])
            ], at: TestService.path)
    }

    static let pythonClient = #"""
        import json, sys
        import dbus
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        DBusGMainLoop(set_as_default=True)
        address, destination = sys.argv[1], sys.argv[2]
        bus = dbus.bus.BusConnection(address)
        obj = bus.get_object(destination, "/org/example/Test")
        test = dbus.Interface(obj, "org.example.Test1")
        result = {"sum": int(test.Add(dbus.Int32(40), dbus.Int32(2)))}
        result["name"] = str(dbus.Interface(obj, "org.freedesktop.DBus.Properties").Get("org.example.Test1", "Name"))
        result["echo"] = [str(v) for v in test.Echo(dbus.UInt32(5), 1.0, 2.0)]
        xml = dbus.Interface(obj, "org.freedesktop.DBus.Introspectable").Introspect()
        result["introspected"] = '<method name="Add">' in xml and '<property name="Name" type="s" access="readwrite"/>' in xml
        try:
            test.Fail("python says no")
        except dbus.DBusException as error:
            result["error"] = [error.get_dbus_name(), error.get_dbus_message()]
        loop = GLib.MainLoop()
        def on_tick(sequence):
            result["tick"] = int(sequence)
            loop.quit()
        bus.add_signal_receiver(on_tick, signal_name="Tick", dbus_interface="org.example.Test1", path="/org/example/Test")
        dbus.Interface(obj, "org.example.Signals1").EmitTick(dbus.UInt64(99))
        GLib.timeout_add_seconds(10, loop.quit)
        loop.run()
        print(json.dumps(result))
        """#

    @Test(
        "python3-dbus calls a method, reads a property, introspects, gets an error and receives a signal",
        .enabled("/usr/bin/python3 cannot import dbus (apt-get install python3-dbus python3-gi)") {
            await pythonDBusAvailable()
        })
    func python() async throws {
        let result = try await runProgram(
            "/usr/bin/python3", ["-c", Self.pythonClient, bus.daemon.address, server.uniqueName!.rawValue])
        #expect(result.status == 0, "python failed: \(result.errorOutput)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let json = try #require(parsed, "python printed \(result.output)")
        #expect(json["sum"] as? Int == 42)
        #expect(json["name"] as? String == "scene")
        #expect(json["echo"] as? [String] == ["5", "/org/example/Test/window/1", "moved"])
        #expect(json["introspected"] as? Bool == true)
        #expect(json["error"] as? [String] == ["org.example.Test1.Error.Refused", "python says no"])
        #expect(json["tick"] as? Int == 99)
    }

    @Test(
        "busctl calls a method, reads a property and introspects the object",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/busctl"), "busctl is not installed"))
    func busctl() async throws {
        let address = "--address=\(bus.daemon.address)"
        let destination = server.uniqueName!.rawValue
        let call = try await runProgram(
            "/usr/bin/busctl", [address, "call", destination, "/org/example/Test", "org.example.Test1", "Add", "ii", "40", "2"])
        #expect(call.status == 0, "\(call.errorOutput)")
        #expect(call.output.trimmingCharacters(in: .whitespacesAndNewlines) == "i 42")
        let property = try await runProgram(
            "/usr/bin/busctl", [address, "get-property", destination, "/org/example/Test", "org.example.Test1", "Name"])
        #expect(property.output.trimmingCharacters(in: .whitespacesAndNewlines) == #"s "scene""#)
        let introspection = try await runProgram(
            "/usr/bin/busctl", [address, "introspect", "--no-pager", destination, "/org/example/Test"])
        #expect(introspection.status == 0, "\(introspection.errorOutput)")
        #expect(introspection.output.contains(".Add"))
        #expect(introspection.output.contains(#""scene""#))
        #expect(introspection.output.contains("org.freedesktop.DBus.Properties"))
        let tree = try await runProgram("/usr/bin/busctl", [address, "tree", "--no-pager", destination])
        #expect(tree.output.contains("/org/example/Test"))
    }

    @Test(
        "dbus-send calls a method and receives an error reply",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-send"), "dbus-send is not installed"))
    func dbusSend() async throws {
        let address = "--bus=\(bus.daemon.address)"
        let destination = "--dest=\(server.uniqueName!.rawValue)"
        let call = try await runProgram(
            "/usr/bin/dbus-send",
            [address, "--print-reply", destination, "/org/example/Test", "org.example.Test1.Add", "int32:40", "int32:2"])
        #expect(call.status == 0, "\(call.errorOutput)")
        #expect(call.output.contains("int32 42"))
        let failure = try await runProgram(
            "/usr/bin/dbus-send",
            [address, "--print-reply", destination, "/org/example/Test", "org.example.Test1.Fail", "string:shell says no"])
        #expect(failure.status != 0)
        #expect(failure.errorOutput.contains("org.example.Test1.Error.Refused: shell says no"))
    }

    @Test(
        "dbus-monitor sees a handler's signals leave right after its reply",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-monitor"), "dbus-monitor is not installed"))
    func signalsFollowTheReply() async throws {
        let server = server.uniqueName!.rawValue
        let output = try closeOnExecPipe()
        let reader = FileHandle(fileDescriptor: output.read, closeOnDealloc: true)
        // The daemon's own signals tell us the monitor is active; the server's messages are the subject.
        let monitor = try SpawnedProcess(
            "/usr/bin/dbus-monitor", ["--address", bus.daemon.address, "sender='org.freedesktop.DBus'", "sender='\(server)'"],
            environment: ProcessInfo.processInfo.environment, standardOutput: .descriptor(output.write))
        close(output.write)
        let lines = Mutex<[String]>([])
        reader.readabilityHandler = { handle in
            let text = String(decoding: handle.availableData, as: UTF8.self)
            lines.withLock { $0 += text.split(separator: "\n").map(String.init) }
        }
        defer {
            reader.readabilityHandler = nil
            monitor.terminate()
        }
        func waitFor(_ what: String, _ condition: @escaping ([String]) -> Bool) async throws {
            for _ in 0..<Int(400 * TestTimeScale.factor) where !lines.withLock({ condition($0) }) {
                try await Task.sleep(for: .milliseconds(25))  // polling another process's output, not a timer
            }
            #expect(lines.withLock { condition($0) }, "dbus-monitor never showed \(what): \(lines.withLock { $0 })")
        }
        try await waitFor("that it is monitoring") { $0.contains { $0.hasPrefix("signal") } }
        let client = try await bus.connect()
        _ = try await client.call(
            destination: server.isEmpty ? nil : BusName(server), path: TestService.path, interface: "org.example.Signals1",
            member: "EmitTick", arguments: [.uint64(7)], timeout: .seconds(60))
        try await waitFor("the Tick signal") { $0.contains { $0.contains("member=Tick") } }
        let fromServer = lines.withLock { $0 }.filter { $0.contains("sender=\(server) ") }
        let reply = fromServer.firstIndex { $0.hasPrefix("method return") }
        let tick = fromServer.firstIndex { $0.contains("member=Tick") }
        #expect(reply != nil && tick != nil && reply! < tick!, "\(fromServer)")
    }
}
