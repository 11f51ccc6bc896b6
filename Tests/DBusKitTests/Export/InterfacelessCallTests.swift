import DBusKit
import Testing

/// Method calls without an interface field, dispatched as the D-Bus specification says: to the one
/// interface of the object that has the member, standard interfaces included.
@Suite("Method calls without an interface field", .tags(.needsBus))
@MainActor
final class InterfacelessCallTests: ServerAndClient {
    let manager: ObjectPath = "/org/example/Managed"

    override init() async throws {
        try await super.init()
        try server.export(service, at: TestService.path)
        try server.addObjectManager(at: manager)
    }

    func call(_ member: MemberName, _ arguments: [BusValue] = [], path: ObjectPath = TestService.path) async throws -> [BusValue] {
        try await client.call(
            destination: server.uniqueName, path: path, interface: nil, member: member, arguments: arguments, timeout: .seconds(60)
        ).arguments
    }

    func error(_ member: MemberName, _ arguments: [BusValue] = [], path: ObjectPath = TestService.path) async throws -> BusError {
        try await bus.expectError(
            from: client, destination: server.uniqueName, path: path, interface: nil, member: member, arguments: arguments)
    }

    @Test("Ping and GetMachineId are answered as Peer on any path, exported or not")
    func peer() async throws {
        #expect(try await call("Ping") == [])
        #expect(try await call("Ping", path: "/nothing/here") == [])
        let machine = try await call("GetMachineId")
        let expected = try await client.call(
            destination: server.uniqueName, path: TestService.path, interface: .peer, member: "GetMachineId", timeout: .seconds(60))
        #expect(machine == expected.arguments)
        #expect(machine.first?.stringValue?.utf8.count == 32)
        #expect(try await error("Ping", [.uint32(1)]).name == .invalidArgs)
    }

    @Test("Get, GetAll and Set are answered as Properties")
    func properties() async throws {
        let interface = BusValue.string(TestService.interfaceName.rawValue)
        #expect(try await call("Get", [interface, .string("Name")]) == [.variant(.string("scene"))])
        #expect(try await call("GetAll", [interface]).first?["Version"] == .string("1.0"))
        _ = try await call("Set", [interface, .string("Count"), .variant(.uint32(9))])
        #expect(service.count == 9)
        let invalid = try await error("GetAll", [.string("nodots")])
        #expect(invalid.name == .invalidArgs)
        #expect(invalid.message.contains("'nodots'"))
    }

    @Test("Introspect and GetManagedObjects are answered by the standard interfaces")
    func introspectAndManagedObjects() async throws {
        #expect(try await call("Introspect").first?.stringValue?.contains("org.example.Test1") == true)
        #expect(try await call("GetManagedObjects", path: manager) == [.dictionary(key: .objectPath, value: "a{sa{sv}}", [])])
        // Properties is not answered where no object is exported, ObjectManager not where no manager is.
        #expect(try await error("GetManagedObjects").name == .unknownMethod)
        #expect(try await error("GetAll", [.string("org.example.Test1")], path: "/nothing/here").name == .unknownObject)
    }

    @Test("A member of one exported interface reaches it; an unknown member is UnknownMethod")
    func exported() async throws {
        #expect(try await call("Add", [.int32(40), .int32(2)]) == [.int32(42)])
        let unknown = try await error("Subtract", [.int32(1)])
        #expect(unknown.name == .unknownMethod)
        #expect(unknown.message.contains("Subtract"))
    }

    @Test("A member that several interfaces of the object have is refused with an error naming each of them")
    func ambiguous() async throws {
        let path: ObjectPath = "/org/example/Twice"
        let first = InterfaceDescription("org.example.First1", methods: [.method("Reset") { _ in [] }, .method("Get") { _ in [] }])
        let second = InterfaceDescription("org.example.Second1", methods: [.method("Reset") { _ in [] }])
        try server.export([first, second], at: path)
        let reset = try await error("Reset", path: path)
        #expect(reset.name == .unknownMethod)
        #expect(reset.message.contains("org.example.First1, org.example.Second1"))
        #expect(reset.message.contains("interface field"))
        // A member shared with a standard interface is just as ambiguous.
        let get = try await error("Get", [.string("org.example.First1"), .string("X")], path: path)
        #expect(get.message.contains("org.freedesktop.DBus.Properties, org.example.First1"))
        // Naming the interface picks one.
        _ = try await client.call(
            destination: server.uniqueName, path: path, interface: "org.example.Second1", member: "Reset", timeout: .seconds(60))
    }
}
