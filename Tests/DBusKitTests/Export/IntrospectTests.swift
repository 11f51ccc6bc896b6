import DBusKit
import Testing

@Suite("Introspect on the bus", .tags(.needsBus))
@MainActor
final class IntrospectTests: ServerAndClient {
    func introspect(_ path: ObjectPath) async throws -> String {
        let reply = try await client.call(
            destination: server.uniqueName, path: path, interface: .introspectable, member: "Introspect",
            timeout: .seconds(60))
        return try #require(reply.arguments.first?.stringValue)
    }

    @Test("An exported object introspects as its tables plus the standard interfaces")
    func exportedObject() async throws {
        try server.export(service, at: TestService.path)
        let xml = try await introspect(TestService.path)
        #expect(
            xml
                == Introspection.document(
                    interfaces: service.interfaces, includingStandardInterfaces: true))
        #expect(xml.hasPrefix("<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\""))
        #expect(xml.contains(#"<arg name="sum" type="i" direction="out"/>"#))
        #expect(xml.contains(#"<property name="Version" type="s" access="read">"#))
        #expect(xml.contains(#"<annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="invalidates"/>"#))
    }

    @Test("Parents of exported objects list them as child nodes")
    func childNodes() async throws {
        try server.export(service, at: "/org/example/a/b")
        try server.export(service, at: "/org/example/a/c/d")
        let parent = try await introspect("/org/example/a")
        #expect(parent.contains(#"<node name="b"/>"#))
        #expect(parent.contains(#"<node name="c"/>"#))
        #expect(!parent.contains(#"<node name="d"/>"#))
        #expect(!parent.contains(TestService.interfaceName.rawValue))
        let root = try await introspect(.root)
        #expect(root.contains(#"<node name="org"/>"#))
        let intermediate = try await introspect("/org/example/a/c")
        #expect(intermediate.contains(#"<node name="d"/>"#))
    }

    @Test("An object manager path lists the ObjectManager interface")
    func managerInterface() async throws {
        try server.addObjectManager(at: "/org/example")
        let xml = try await introspect("/org/example")
        #expect(xml.contains(#"<interface name="org.freedesktop.DBus.ObjectManager">"#))
    }

    @Test("Introspecting a path with nothing at or below it fails with UnknownObject")
    func unknownPath() async throws {
        let error = try await bus.expectError(
            from: client, destination: server.uniqueName, path: "/org/nothing", interface: .introspectable,
            member: "Introspect")
        #expect(error.name == .unknownObject)
    }
}
