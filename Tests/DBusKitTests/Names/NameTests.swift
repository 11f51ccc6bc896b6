import DBusKit
import Testing

@Suite("Names follow the D-Bus specification")
struct NameTests {
    @Test("Valid object paths are accepted", arguments: ["/", "/a", "/org/example/Object_1", "/a/b/c", "/_/9"])
    func validObjectPaths(_ path: String) throws {
        #expect(try ObjectPath(path).rawValue == path)
    }

    @Test(
        "Invalid object paths are rejected with the value and the broken rule",
        arguments: [
            ("", "empty"), ("a/b", "does not start with '/'"), ("/a/", "ends with '/'"),
            ("//", "two '/' in a row"), ("/a//b", "element 2 is empty"), ("/a-b", "'-'"),
            ("/dé", "byte 0xC3"),
        ])
    func invalidObjectPaths(_ path: String, _ reason: String) {
        #expect {
            try ObjectPath(path)
        } throws: { error in
            let busError = error as! BusError
            return busError.code == .invalidName && busError.message.contains("'\(path)'")
                && busError.message.contains(reason)
        }
    }

    @Test(
        "Valid bus names are accepted",
        arguments: [":1.42", ":1.0", ":a-b.c_d", "org.example.Service1", "org.ex-ample.S_1", "a.b", "org.freedesktop.DBus"])
    func validBusNames(_ name: String) throws {
        let busName = try BusName(name)
        #expect(busName.rawValue == name)
        #expect(busName.isUnique == name.hasPrefix(":"))
    }

    @Test(
        "Invalid bus names are rejected with the value and the broken rule",
        arguments: [
            ("", "empty"), ("org", "only one element"), (".org.x", "starts with '.'"), ("org..x", "element 2 is empty"),
            ("org.1x", "element 2 starts with a digit"), ("org.x.", "ends with '.'"), ("org.ex ample", "' '"),
            (":1", "only one element"), (":", "empty"), ("org.x/y", "'/'"),
        ])
    func invalidBusNames(_ name: String, _ reason: String) {
        #expect {
            try BusName(name)
        } throws: { error in
            let busError = error as! BusError
            return busError.code == .invalidName && busError.message.contains("'\(name)'")
                && busError.message.contains(reason)
        }
    }

    @Test("Bus names longer than 255 bytes are rejected, 255 are accepted")
    func busNameLength() throws {
        let element = String(repeating: "a", count: 127)
        let exactly255 = element + "." + element
        #expect(try BusName(exactly255).rawValue.utf8.count == 255)
        #expect(throws: BusError.self) { try BusName(exactly255 + "b") }
        #expect(throws: BusError.self) { try BusName(":" + exactly255) }
    }

    @Test("Valid interface names are accepted", arguments: ["org.example.Interface1", "a.b", "_a._b", "org.freedesktop.DBus.Properties"])
    func validInterfaceNames(_ name: String) throws {
        #expect(try InterfaceName(name).rawValue == name)
    }

    @Test(
        "Invalid interface names are rejected with the value and the broken rule",
        arguments: [
            ("org", "only one element"), ("org.example-x", "'-'"), ("org.1x", "starts with a digit"),
            ("org..x", "element 2 is empty"), (".a.b", "starts with '.'"), ("a.b.", "ends with '.'"),
            (":1.2", "':'"),
        ])
    func invalidInterfaceNames(_ name: String, _ reason: String) {
        #expect {
            try InterfaceName(name)
        } throws: { error in
            let busError = error as! BusError
            return busError.message.contains("'\(name)'") && busError.message.contains(reason)
        }
        #expect(throws: BusError.self) { try ErrorName(name) }
    }

    @Test("Interface and error names longer than 255 bytes are rejected")
    func interfaceNameLength() {
        let long = "org." + String(repeating: "x", count: 252)
        #expect(throws: BusError.self) { try InterfaceName(long) }
        #expect(throws: BusError.self) { try ErrorName(long) }
        #expect(throws: Never.self) { try InterfaceName(String(long.dropLast())) }
    }

    @Test("Valid member names are accepted", arguments: ["Echo", "_x", "a1", "GetManagedObjects"])
    func validMemberNames(_ name: String) throws {
        #expect(try MemberName(name).rawValue == name)
    }

    @Test(
        "Invalid member names are rejected with the value and the broken rule",
        arguments: [("", "empty"), ("1a", "starts with a digit"), ("a.b", "'.'"), ("a-b", "'-'")])
    func invalidMemberNames(_ name: String, _ reason: String) {
        #expect {
            try MemberName(name)
        } throws: { error in
            let busError = error as! BusError
            return busError.code == .invalidName && busError.message.contains("'\(name)'")
                && busError.message.contains(reason)
        }
    }

    @Test("Member names longer than 255 bytes are rejected")
    func memberNameLength() {
        #expect(throws: BusError.self) { try MemberName(String(repeating: "m", count: 256)) }
        #expect(throws: Never.self) { try MemberName(String(repeating: "m", count: 255)) }
    }

    @Test("Error names use the interface name rules and the standard names are valid")
    func errorNames() throws {
        let custom = "org.example.Error.NotFound"
        #expect(try ErrorName(custom).rawValue == custom)
        for standard in [ErrorName.failed, .invalidArgs, .unknownMethod, .unknownObject, .unknownInterface, .unknownProperty,
                         .propertyReadOnly, .noReply, .timedOut, .serviceUnknown] {
            #expect(throws: Never.self) { try ErrorName(standard.rawValue) }
        }
    }

    @Test("Object paths know their parent, elements and descendants")
    func objectPathNavigation() throws {
        let path: ObjectPath = "/org/scenehost/window/3"
        #expect(path.parent == "/org/scenehost/window")
        #expect(ObjectPath.root.parent == nil)
        #expect(ObjectPath("/a").parent == .root)
        #expect(path.elements == ["org", "scenehost", "window", "3"])
        #expect(try ObjectPath.root.appending("a") == "/a")
        #expect(try path.appending("child") == "/org/scenehost/window/3/child")
        #expect(throws: BusError.self) { try path.appending("not valid") }
        #expect(path.isDescendant(ofOrEqualTo: "/org/scenehost"))
        #expect(path.isDescendant(ofOrEqualTo: .root))
        #expect(!ObjectPath("/org/scenehostX").isDescendant(ofOrEqualTo: "/org/scenehost"))
    }

    @Test("Escaped path elements are always valid and distinct", arguments: ["", "window 3", "a_b", "é", "ab", "1"])
    func escapedElements(_ identifier: String) throws {
        let element = ObjectPath.escapedElement(identifier)
        #expect(throws: Never.self) { try ObjectPath.root.appending(element) }
    }

    @Test("Escaping maps different identifiers to different elements")
    func escapingIsInjective() {
        let identifiers = ["a_b", "a b", "a-b", "a_5fb", "ab"]
        let escaped = Set(identifiers.map(ObjectPath.escapedElement))
        #expect(escaped.count == identifiers.count)
    }
}
