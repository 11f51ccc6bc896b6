import DBusKit
import Testing

@Suite("Properties", .tags(.needsBus))
@MainActor
final class PropertiesTests: ServerAndClient {
    override init() async throws {
        try await super.init()
        try server.export(service, at: TestService.path)
    }

    func properties(_ member: MemberName, _ arguments: [BusValue]) async throws -> [BusValue] {
        try await client.call(
            destination: server.uniqueName, path: TestService.path, interface: .properties, member: member,
            arguments: arguments, timeout: .seconds(60)
        ).arguments
    }

    func propertiesError(_ member: MemberName, _ arguments: [BusValue]) async throws -> BusError {
        try await bus.expectError(
            from: client, destination: server.uniqueName, path: TestService.path, interface: .properties,
            member: member, arguments: arguments)
    }

    var interface: BusValue { .string(TestService.interfaceName.rawValue) }

    @Test("Get returns the getter's value in a variant")
    func get() async throws {
        #expect(try await properties("Get", [interface, .string("Name")]) == [.variant(.string("scene"))])
        #expect(try await properties("Get", [interface, .string("Count")]) == [.variant(.uint32(3))])
    }

    @Test("GetAll returns every readable property; standard interfaces have none")
    func getAll() async throws {
        let all = try await properties("GetAll", [interface])
        #expect(all.count == 1)
        #expect(all[0]["Name"] == .string("scene"))
        #expect(all[0]["Count"] == .uint32(3))
        #expect(all[0]["Version"] == .string("1.0"))
        #expect(all[0]["Secret"] == nil)
        let peer = try await properties("GetAll", [.string(InterfaceName.peer.rawValue)])
        #expect(peer == [.dictionary(key: .string, value: .variant, [])])
    }

    @Test("A getter that throws answers Get with its error and is left out of GetAll")
    func getterError() async throws {
        let all = try await properties("GetAll", [interface])
        #expect(all[0]["Broken"] == nil)
        #expect(all[0]["Name"] == .string("scene"))
        let error = try await propertiesError("Get", [interface, .string("Broken")])
        #expect(error.name == "org.example.Test1.Error.Unavailable")
        #expect(error.message == "not now")
    }

    @Test("Set stores the value and PropertiesChanged reaches a match rule")
    func setEmitsChange() async throws {
        let changes = Recorder<[BusValue]>()
        _ = try await client.addMatch(
            .signal(sender: server.uniqueName, interface: .properties, member: "PropertiesChanged", path: TestService.path)
        ) { changes.record($0.arguments) }
        _ = try await properties("Set", [interface, .string("Name"), .variant(.string("lobby"))])
        #expect(service.name == "lobby")
        _ = try await properties("Set", [interface, .string("Count"), .variant(.uint32(8))])
        #expect(service.count == 8)
        let received = try await changes.wait(for: 2, "PropertiesChanged signals")
        #expect(received[0] == [interface, .variantDictionary([("Name", .string("lobby"))]), .stringArray([])])
        #expect(received[1] == [interface, .variantDictionary([]), .stringArray(["Count"])])
    }

    @Test("emitPropertiesChanged reads current values and honours invalidates")
    func explicitEmission() async throws {
        let changes = Recorder<[BusValue]>()
        _ = try await client.addMatch(.signal(interface: .properties, member: "PropertiesChanged")) {
            changes.record($0.arguments)
        }
        service.name = "garden"
        service.count = 12
        try server.emitPropertiesChanged(path: TestService.path, interface: TestService.interfaceName, properties: ["Name", "Count"])
        let received = try await changes.wait(for: 1, "PropertiesChanged signals")
        #expect(received[0] == [interface, .variantDictionary([("Name", .string("garden"))]), .stringArray(["Count"])])
        #expect {
            try server.emitPropertiesChanged(path: TestService.path, interface: TestService.interfaceName, properties: ["Version"])
        } throws: { error in
            (error as! BusError).message.contains("EmitsChangedSignal=const")
        }
    }

    @Test("Setting a read-only property is refused with PropertyReadOnly")
    func readOnly() async throws {
        let error = try await propertiesError("Set", [interface, .string("Version"), .variant(.string("2"))])
        #expect(error.name == .propertyReadOnly)
        #expect(error.message.contains("Version"))
    }

    @Test("Setting a value of the wrong type is refused with InvalidArgs naming both types")
    func wrongType() async throws {
        let error = try await propertiesError("Set", [interface, .string("Count"), .variant(.string("eight"))])
        #expect(error.name == .invalidArgs)
        #expect(error.message.contains("'u'") && error.message.contains("'s'"))
        #expect(service.count == 3)
    }

    @Test("A setter's error is the caller's error")
    func setterError() async throws {
        let error = try await propertiesError("Set", [interface, .string("Name"), .variant(.string(""))])
        #expect(error.name == .invalidArgs)
        #expect(error.message == "Name must not be empty")
    }

    @Test("Write-only properties can be set but not read")
    func writeOnly() async throws {
        _ = try await properties("Set", [interface, .string("Secret"), .variant(.string("hush"))])
        #expect(service.secret == "hush")
        #expect(try await propertiesError("Get", [interface, .string("Secret")]).name == .invalidArgs)
    }

    @Test("Unknown properties and interfaces get UnknownProperty and UnknownInterface")
    func unknown() async throws {
        let property = try await propertiesError("Get", [interface, .string("Colour")])
        #expect(property.name == .unknownProperty)
        #expect(property.message.contains("Colour"))
        let other = try await propertiesError("Get", [.string("org.example.Other1"), .string("Name")])
        #expect(other.name == .unknownInterface)
        let badArguments = try await propertiesError("Get", [interface])
        #expect(badArguments.name == .invalidArgs)
    }

    @Test(
        "Get, GetAll and Set with a string that is not an interface name answer InvalidArgs quoting it, and the server keeps serving",
        arguments: ["", "nodots", "org..example", "1org.example", "org.example.Test1."])
    func invalidInterfaceName(name: String) async throws {
        for (member, arguments) in [
            ("GetAll", [BusValue.string(name)]), ("Get", [.string(name), .string("Name")]),
            ("Set", [.string(name), .string("Name"), .variant(.string("x"))]),
        ] as [(MemberName, [BusValue])] {
            let error = try await propertiesError(member, arguments)
            #expect(error.name == .invalidArgs, "\(member)")
            #expect(error.message.contains("'\(name)' is not a valid interface name"), "\(member): \(error.message)")
        }
        #expect(try await properties("Get", [interface, .string("Name")]) == [.variant(.string("scene"))])
        #expect(service.name == "scene")
    }

    @Test("Get and Set of a standard interface answer UnknownProperty: the standard interfaces have no properties")
    func standardInterfaceHasNoProperties() async throws {
        let get = try await propertiesError("Get", [.string(InterfaceName.peer.rawValue), .string("Name")])
        #expect(get.name == .unknownProperty)
        #expect(get.message.contains("org.freedesktop.DBus.Peer has no properties"))
        let set = try await propertiesError("Set", [.string(InterfaceName.properties.rawValue), .string("Name"), .variant(.string("x"))])
        #expect(set.name == .unknownProperty)
    }
}
