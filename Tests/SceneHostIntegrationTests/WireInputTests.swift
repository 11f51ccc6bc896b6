import DBusKit
import Foundation
import SceneBusContract
import SceneHostKit
import SceneProcesses
import TestProcesses
import Testing

/// Strings off the wire that are not valid names get an error naming them, on every object the real
/// host serves (host API, MPRIS, AT-SPI), and the host keeps serving. (Before, `Properties.GetAll` with
/// an interface argument that is not an interface name ended the debug host with SIGILL.)
@MainActor
@Suite("No call crashes the host", .serialized)
struct WireInputTests {
    /// Strings that are not interface names: empty, one element, an empty element, a leading digit.
    static let notInterfaceNames = ["", "nodots", "org..scenehost", "1org.scenehost"]

    @Test(
        "busctl call -- org.scenehost.SceneHost /org/scenehost/SceneHost org.freedesktop.DBus.Properties GetAll s nodots fails naming 'nodots'; the host keeps serving",
        .enabled(if: ExternalClientTools.missingCommandLine.isEmpty, "needs busctl"))
    func busctlGetAllNodots() async throws {
        let session = try await ExternalClientHost.start()
        for name in ["nodots", ""] {
            let outcome = try await session.busctl(
                "call", "--", "org.scenehost.SceneHost", "/org/scenehost/SceneHost", "org.freedesktop.DBus.Properties", "GetAll", "s", name)
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("'\(name)' is not a valid interface name"), "\(outcome)")
        }
        let version = try await session.busctl("get-property", "org.scenehost.SceneHost", "/org/scenehost/SceneHost", "org.scenehost.Host1", "Version")
        #expect(version.lines == ["s \"\(HostVersion.busVersion)\""], "\(version)")
        #expect(session.host.process.isRunning)
    }

    @Test("Get, GetAll and Set with a string that is not an interface name answer InvalidArgs naming it on every object: host API, MPRIS and AT-SPI")
    func invalidInterfaceNamesOnEveryObject() async throws {
        let daemon = try await offPool { try BusDaemon() }
        let registry = try await FakeAtspiRegistry(address: daemon.address)
        let host = try HostProcess(
            arguments: [], environment: ["DBUS_SESSION_BUS_ADDRESS": daemon.address, "AT_SPI_BUS_ADDRESS": daemon.address])
        #expect(await host.line(containing: "host ready"))
        try await eventually("scene-host to embed its accessible root") { !registry.plugs.isEmpty }
        let client = try await BusConnection.connect(to: .address(daemon.address))
        defer { client.close() }

        let managed = try await client.call(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: .objectManager,
            member: "GetManagedObjects", timeout: .seconds(60))
        let apiPaths = [SceneBusContract.rootPath] + (managed.arguments.first?.dictionaryEntries ?? []).compactMap(\.key.objectPathValue)
        let probe = try await AtspiProbe(address: daemon.address, application: registry.plugs[0].bus)
        let accessiblePaths = [Atspi.rootPath] + (try await probe.items().keys.sorted())
        var objects: [(BusName, ObjectPath)] = apiPaths.map { (SceneBusContract.busName, $0) }
        objects.append((Mpris.busName, Mpris.path))
        objects += accessiblePaths.prefix(20).map { (registry.plugs[0].bus, $0) }
        #expect(apiPaths.count >= 8 && accessiblePaths.count >= 5, "\(apiPaths) \(accessiblePaths)")

        for (destination, path) in objects {
            for name in Self.notInterfaceNames {
                for (member, arguments) in [
                    ("GetAll", [BusValue.string(name)]), ("Get", [.string(name), .string("Name")]),
                    ("Set", [.string(name), .string("Name"), .variant(.string("x"))]),
                ] as [(MemberName, [BusValue])] {
                    do {
                        let reply = try await client.call(
                            destination: destination, path: path, interface: .properties, member: member, arguments: arguments,
                            timeout: .seconds(60))
                        Issue.record("\(member)('\(name)') on \(path) answered \(reply.arguments)")
                    } catch let error as BusError {
                        #expect(error.name == .invalidArgs, "\(member)('\(name)') on \(destination) \(path): \(error)")
                        #expect(error.message.contains("'\(name)' is not a valid interface name"), "\(error.message)")
                    }
                }
            }
        }
        #expect(host.process.isRunning)
        let version = try await client.call(
            destination: SceneBusContract.busName, path: SceneBusContract.rootPath, interface: .properties, member: "Get",
            arguments: [.string(SceneBusContract.hostInterface.rawValue), .string("Version")], timeout: .seconds(60))
        #expect(version.arguments == [.variant(.string(HostVersion.busVersion))])
        #expect(try await probe.call(Atspi.rootPath, Atspi.accessible, "GetRole").isEmpty == false)
        probe.close()
        registry.leave()
        host.signal(SIGTERM)
        #expect(await host.exitStatus() == 0)
    }

    @Test("Calls without an interface field reach the host: Ping, Get, Set, GetManagedObjects and Host1's own TouchDown")
    func interfacelessCalls() async throws {
        let host = try HostProcess(arguments: [])
        let client = try await HostBusClient(host: host, subscribe: false)
        defer { client.close() }
        func call(_ path: ObjectPath, _ member: MemberName, _ arguments: [BusValue] = []) async throws -> [BusValue] {
            try await client.connection.call(
                destination: SceneBusContract.busName, path: path, interface: nil, member: member, arguments: arguments,
                timeout: .seconds(60)
            ).arguments
        }
        let root = SceneBusContract.rootPath
        #expect(try await call(root, "Ping") == [])
        let version = [BusValue.string(SceneBusContract.hostInterface.rawValue), .string("Version")]
        #expect(try await call(root, "Get", version) == [.variant(.string(HostVersion.busVersion))])
        let window = SceneBusContract.windowPath(DemoWindow.findview)
        let set = await client.errorName {
            _ = try await call(window, "Set", [.string(SceneBusContract.windowInterface.rawValue), .string("Title"), .variant(.string("x"))])
        }
        #expect(set == "org.freedesktop.DBus.Error.PropertyReadOnly")
        #expect((try await call(root, "GetManagedObjects")).first?.dictionaryEntries?.isEmpty == false)
        let down = try await call(root, "TouchDown", [.uint32(0), .double(240), .double(250)])
        #expect(down.count == 3 && down[2] == .string("blue"))
        _ = try await call(root, "TouchUp", [.uint32(0)])
        #expect(host.process.isRunning)
    }
}
