import DBusKit
import Testing

@Suite("Object manager", .tags(.needsBus))
@MainActor
final class ObjectManagerTests: ServerAndClient {
    let root: ObjectPath = "/org/example/Scene1"

    override init() async throws {
        try await super.init()
        try server.addObjectManager(at: root)
    }

    func window(_ index: Int) -> ObjectPath {
        try! root.appending("window").appending(String(index))
    }

    func windowInterface(_ index: Int) -> InterfaceDescription {
        InterfaceDescription(
            "org.example.Window1",
            properties: [
                PropertyDescription("Index", signature: .uint32, changeBehavior: .constant) { .uint32(UInt32(index)) }
            ])
    }

    @Test("GetManagedObjects returns every exported descendant with its interfaces and properties")
    func managedObjects() async throws {
        try server.export([windowInterface(1)], at: window(1))
        try server.export([windowInterface(2)], at: window(2))
        try server.export(service, at: "/org/example/Outside")
        try server.export(service, at: root)
        let reply = try await client.call(
            destination: server.uniqueName, path: root, interface: .objectManager, member: "GetManagedObjects",
            timeout: .seconds(60))
        #expect(reply.signature == "a{oa{sa{sv}}}")
        let objects = try #require(reply.arguments.first?.dictionaryEntries)
        #expect(objects.map(\.key) == [.objectPath(window(1)), .objectPath(window(2))])
        let interfaces = try #require(objects[0].value.dictionaryEntries)
        #expect(
            interfaces.map(\.key) == [
                .string("org.freedesktop.DBus.Peer"), .string("org.freedesktop.DBus.Introspectable"),
                .string("org.freedesktop.DBus.Properties"), .string("org.example.Window1"),
            ])
        #expect(interfaces[3].value["Index"] == .uint32(1))
    }

    @Test("Exporting and unexporting below the manager emits InterfacesAdded and InterfacesRemoved")
    func signals() async throws {
        let added = Recorder<[BusValue]>()
        let removed = Recorder<[BusValue]>()
        _ = try await client.addMatch(.signal(sender: server.uniqueName, interface: .objectManager, member: "InterfacesAdded", path: root)) {
            added.record($0.arguments)
        }
        _ = try await client.addMatch(.signal(sender: server.uniqueName, interface: .objectManager, member: "InterfacesRemoved", path: root)) {
            removed.record($0.arguments)
        }
        let registration = try server.export([windowInterface(7)], at: window(7))
        try server.export(service, at: "/org/example/Outside")
        let addedSignals = try await added.wait(for: 1, "InterfacesAdded signals")
        #expect(addedSignals[0][0] == .objectPath(window(7)))
        let interfaces = try #require(addedSignals[0][1].dictionaryEntries)
        #expect(interfaces.last?.key == .string("org.example.Window1"))
        #expect(interfaces.last?.value["Index"] == .uint32(7))
        registration.unexport()
        let removedSignals = try await removed.wait(for: 1, "InterfacesRemoved signals")
        #expect(removedSignals[0][0] == .objectPath(window(7)))
        #expect(removedSignals[0][1].arrayElements?.contains(.string("org.example.Window1")) == true)
        #expect(added.values.count == 1)
    }

    @Test("GetManagedObjects on a path without a manager is refused")
    func noManager() async throws {
        try server.export(service, at: TestService.path)
        let error = try await bus.expectError(
            from: client, destination: server.uniqueName, path: TestService.path, interface: .objectManager,
            member: "GetManagedObjects")
        #expect(error.name == .unknownInterface)
    }
}
